//! The partizan rulesets of chapter 7 (Maundy Cake, Toads and Frogs, seating couples, Col,
//! and Snort and Clobber beside them) against the values the texts print or derive, through the public face of the rulesets;
//! and the exercises of chapter 8 on Toads and Frogs and Bynum's game.

use conway::analysis::{Budget, PartizanNotation, Position};
use conway::engine::{Outcome, Play};
use conway::games::partizan::{
    Cake, Cell, Clobber, ClobberBoard, Col, ColGraph, MaundyCake, SeatingCouples, Snort, Tint,
    ToadsAndFrogs,
};
use conway::games::ruleset;
use conway::partizan::{Partizan, Player, Solver};
use conway::short::{GameId, Store};
use proptest::prelude::*;
use std::collections::HashMap;

/// The value of `position` in the game `game`.
fn value(store: &mut Store, game: &str, position: &str) -> GameId {
    parse(game, position)
        .value_in(store, Budget::default())
        .unwrap_or_else(|e| panic!("{game} {position}: {e}"))
}

/// The value of `position`, printed.
fn shown(store: &mut Store, game: &str, position: &str) -> String {
    let value = value(store, game, position);
    store.show(value)
}

fn parse(game: &str, position: &str) -> Position {
    ruleset(game)
        .unwrap()
        .parse(position)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The positions `player` wins by moving to, shown.
fn winning_moves(store: &mut Store, game: &str, position: &str, player: Player) -> Vec<String> {
    let zero = store.zero();
    option_values_of(store, &parse(game, position), player)
        .into_iter()
        .filter(|&(_, v)| match player {
            Player::Left => store.leq(zero, v).unwrap(),
            Player::Right => store.leq(v, zero).unwrap(),
        })
        .map(|(to, _)| to.show())
        .collect()
}

/// The printed values of a position's options, `(left, right)`, each sorted and deduplicated.
fn option_values(store: &mut Store, game: &str, position: &str) -> (Vec<String>, Vec<String>) {
    let position = parse(game, position);
    let mut side = |player| {
        let options = option_values_of(store, &position, player);
        let mut shown: Vec<String> = options.into_iter().map(|(_, v)| store.show(v)).collect();
        shown.sort();
        shown.dedup();
        shown
    };
    (side(Player::Left), side(Player::Right))
}

/// `player`'s moves from `position`, each with its value in `store`.
fn option_values_of(
    store: &mut Store,
    position: &Position,
    player: Player,
) -> Vec<(Position, GameId)> {
    let moves = position.moves(player, Play::Normal).unwrap();
    moves
        .into_iter()
        .map(|to| {
            let value = to.value_in(store, Budget::default()).unwrap();
            (to, value)
        })
        .collect()
}

fn half_powers(store: &mut Store, exponent: u32) -> GameId {
    let number = conway::number::Dyadic::one().mul_pow2(-(exponent as i32));
    store.number(number).unwrap()
}

// ---- Example 7.3: Maundy Cake ----

/// Maundy Cake with every piece's copies written out, so that a sum of k equal pieces is
/// added up by the solver rather than taken as k times one: a search independent of the
/// ruleset's multiplicities and closed form.
struct MaundyUnrolled;

impl Partizan for MaundyUnrolled {
    type Position = Vec<(Cake, u64)>;

    fn left_options(&self, pieces: &Self::Position) -> Vec<Self::Position> {
        MaundyCake.left_options(pieces)
    }

    fn right_options(&self, pieces: &Self::Position) -> Vec<Self::Position> {
        MaundyCake.right_options(pieces)
    }

    fn components(&self, pieces: Self::Position, parts: &mut Vec<Self::Position>) {
        for (piece, copies) in pieces {
            if piece != (1, 1) {
                parts.extend((0..copies).map(|_| vec![(piece, 1)]));
            }
        }
    }
}

/// M(a, b) with a Left's side (the columns) and b Right's (the rows), by search.
fn maundy_by_search(store: &mut Store, left_side: u64, right_side: u64) -> GameId {
    Solver::new(&MaundyUnrolled)
        .value(store, &vec![((right_side, left_side), 1)])
        .unwrap()
}

#[test]
fn example_7_3_maundy_strips() {
    let mut store = Store::default();
    let strips = [
        0, 1, 1, 3, 1, 4, 1, 7, 4, 6, 1, 10, 1, 8, 6, 15, 1, 13, 1, 16, 8, 12, 1, 22, 6, 14, 13,
        22, 1, 21,
    ];
    for (n, &expected) in (1..=30).zip(&strips) {
        let expected = store.integer(expected).unwrap();
        assert_eq!(
            value(&mut store, "maundy", &format!("1x{n}")),
            expected,
            "1x{n}"
        );
        assert_eq!(
            maundy_by_search(&mut store, n, 1),
            expected,
            "1x{n} by search"
        );
    }
    // A prime strip is 1; the length-12 strip's options are 12×0, 6×1, 4×1, 3×3 and 2×4.
    assert_eq!(shown(&mut store, "maundy", "1x997"), "1");
    let (left, right) = option_values(&mut store, "maundy", "1x12");
    assert_eq!(left, ["0", "4", "6", "8", "9"]);
    assert!(right.is_empty());
    assert_eq!(shown(&mut store, "maundy", "1x12"), "10");
}

#[test]
fn example_7_3_maundy_table() {
    // Rows: Left's side a; columns: Right's side b = 1..8.
    let table: [(u64, [i64; 8]); 7] = [
        (1, [0, -1, -1, -3, -1, -4, -1, -7]),
        (2, [1, 0, 0, -1, 0, -1, 0, -3]),
        (4, [3, 1, 1, 0, 1, 0, 1, -1]),
        (6, [4, 1, 1, 0, 1, 0, 1, -1]),
        (8, [7, 3, 3, 1, 3, 1, 3, 0]),
        (12, [10, 4, 4, 1, 4, 1, 4, 0]),
        (16, [15, 7, 7, 3, 7, 3, 7, 1]),
    ];
    let mut store = Store::default();
    for (a, row) in table {
        for (b, expected) in (1..=8).zip(row) {
            let expected = store.integer(expected).unwrap();
            assert_eq!(
                value(&mut store, "maundy", &format!("{b}x{a}")),
                expected,
                "M({a}, {b})"
            );
            assert_eq!(
                maundy_by_search(&mut store, a, b),
                expected,
                "M({a}, {b}) by search"
            );
        }
    }
}

#[test]
fn example_7_3_maundy_worked_example_and_the_printed_formula_corrected() {
    let mut store = Store::default();
    // 1000 = 2·2·2·5·5·5 against 999 = 3·3·3·37: 5 + 1.
    let six = store.integer(6).unwrap();
    assert_eq!(value(&mut store, "maundy", "999x1000"), six);
    assert_eq!(maundy_by_search(&mut store, 1000, 999), six);
    assert_eq!(shown(&mut store, "maundy", "1000x999"), "-6");
    // The printed sum formula gives 5 for 8 = 2·2·2 against 1; the value is 1 + 2 + 4.
    let seven = store.integer(7).unwrap();
    assert_eq!(value(&mut store, "maundy", "1x8"), seven);
    assert_eq!(maundy_by_search(&mut store, 8, 1), seven);
    // Equal pieces add: three 1x12 strips and a 999x1000 cake.
    assert_eq!(shown(&mut store, "maundy", "3*1x12 999x1000"), "36");
}

#[test]
fn maundy_equal_numbers_of_primes_is_zero() {
    let mut store = Store::default();
    for (rows, columns) in [(6u64, 35u64), (1024, 59049), (30, 30), (97, 89)] {
        assert_eq!(
            shown(&mut store, "maundy", &format!("{rows}x{columns}")),
            "0"
        );
    }
}

// ---- Example 7.5: Toads and Frogs ----

/// `.^m T .^c F .^n`.
fn toad_and_frog(m: usize, c: usize, n: usize) -> String {
    format!("{}T{}F{}", ".".repeat(m), ".".repeat(c), ".".repeat(n))
}

/// Table 2.7, with [c, d] = [c + 2, d].
fn table_2_7(c: usize, d: i64) -> String {
    match (c % 2, d) {
        (_, 2..) => (d - 1).to_string(),
        (_, ..=-2) => (d + 1).to_string(),
        (0, _) => "0".to_string(),
        (_, 1) => "1/2".to_string(),
        (_, -1) => "-1/2".to_string(),
        _ => "*".to_string(),
    }
}

#[test]
fn table_2_7_one_toad_one_frog() {
    let mut store = Store::default();
    let mut by_search = Solver::new(&ToadsAndFrogs).by_search_only();
    for c in 0..=4 {
        for d in -4i64..=4 {
            for m in 0..=3usize {
                let Some(n) = usize::try_from(m as i64 + d).ok() else {
                    continue;
                };
                let row = toad_and_frog(m, c, n);
                assert_eq!(shown(&mut store, "toads", &row), table_2_7(c, d), "{row}");
                let position = ToadsAndFrogs.parse_row(&row);
                let searched = by_search.value(&mut store, &position).unwrap();
                assert_eq!(store.show(searched), table_2_7(c, d), "{row} by search");
            }
        }
    }
}

/// The text's examples of the gap case: [1, 0] = *, [2, −1] = 0, [1, d] for d = 1, −1.
#[test]
fn example_7_5_gap_examples() {
    let mut store = Store::default();
    assert_eq!(shown(&mut store, "toads", "T.F"), "*");
    assert_eq!(shown(&mut store, "toads", ".T..F"), "0");
    assert_eq!(shown(&mut store, "toads", "T.F."), "1/2");
    assert_eq!(shown(&mut store, "toads", ".T.F"), "-1/2");
}

/// (1.7): .^m T F .^n = {.^(m+1) F T .^(n−1) | .^(m−1) F T .^(n+1)} = {d − 2 | d + 2}, and
/// once passed, .^m F T .^n = n − m.
#[test]
fn face_to_face_formula() {
    let mut store = Store::default();
    let mut by_search = Solver::new(&ToadsAndFrogs).by_search_only();
    for m in 0..=6usize {
        for n in 0..=6usize {
            let d = n as i64 - m as i64;
            let facing = by_search
                .value(
                    &mut store,
                    &ToadsAndFrogs.parse_row(&toad_and_frog(m, 0, n)),
                )
                .unwrap();
            let (low, high) = (store.integer(d - 2).unwrap(), store.integer(d + 2).unwrap());
            let formula = store.from_options(&[low], &[high]).unwrap();
            assert_eq!(facing, formula, "m = {m}, n = {n}");
            let passed = format!("{}FT{}", ".".repeat(m), ".".repeat(n));
            let passed = by_search
                .value(&mut store, &ToadsAndFrogs.parse_row(&passed))
                .unwrap();
            assert_eq!(passed, store.integer(d).unwrap(), "m = {m}, n = {n}");
        }
    }
}

#[test]
fn example_7_5_single_rows() {
    let mut store = Store::default();
    for (row, expected) in [
        ("T.F", "*"),
        ("TF.", "0"),
        (".TF", "0"),
        ("..TF.", "0"),
        ("T.TFF", "^"),
        ("TTF.F", "v"),
        ("TT.FF", "*"),
        ("TFT.F", "*"),
        (".TTFF", "0"),
    ] {
        assert_eq!(shown(&mut store, "toads", row), expected, "{row}");
    }
}

/// Example 8.2: T.TFF = {.TTFF | TFT.F} = {0 | *} = ↑, and TT.FF = {↑ | ↓} = *.
#[test]
fn example_8_2_one_empty_square() {
    let mut store = Store::default();
    let (left, right) = option_values(&mut store, "toads", "T.TFF");
    assert_eq!((left, right), (vec!["0".into()], vec!["*".into()]));
    let (left, right) = option_values(&mut store, "toads", "TT.FF");
    assert_eq!((left, right), (vec!["^".into()], vec!["v".into()]));
}

/// Fig. 1.7: rows [1,1], [1,−1], [0,2], [0,0], [1,−1] are 1/2, −1/2, 1, 0, −1/2; the sum is
/// 1/2, and Left wins by sliding the toad of the first row, to [0, 0] and a sum of 0.
#[test]
fn figure_1_7_analysis() {
    let mut store = Store::default();
    let rows = ["T.F.", ".T.F", "TF..", ".TF.", ".T.F"];
    let values: Vec<String> = rows.iter().map(|r| shown(&mut store, "toads", r)).collect();
    assert_eq!(values, ["1/2", "-1/2", "1", "0", "-1/2"]);
    let position = rows.join(" ");
    assert_eq!(shown(&mut store, "toads", &position), "1/2");
    let winning = winning_moves(&mut store, "toads", &position, Player::Left);
    let text_move = ".TF. .T.F TF.. .TF. .T.F";
    assert!(winning.iter().any(|m| m == text_move), "{winning:?}");
    assert_eq!(shown(&mut store, "toads", text_move), "0");
    // The text names one winning move; sliding the toad of a [1, −1] row to [0, −2] = −1
    // also leaves 0.
    assert_eq!(
        winning,
        [
            text_move,
            "T.F. ..TF TF.. .TF. .T.F",
            "T.F. .T.F TF.. .TF. ..TF"
        ]
    );
    assert!(winning_moves(&mut store, "toads", &position, Player::Right).is_empty());
}

/// Exercise 7.9(c), read left to right as printed: *, 0, 1/4, 0, a sum of 1/4* that Left wins.
#[test]
fn exercise_7_9_four_rows() {
    let mut store = Store::default();
    let rows = ["TTFT.F", ".TFTF.", "T.TFTF", ".FFT.."];
    let values: Vec<String> = rows.iter().map(|r| shown(&mut store, "toads", r)).collect();
    assert_eq!(values, ["*", "0", "1/4", "0"]);
    let position = rows.join(" ");
    assert_eq!(shown(&mut store, "toads", &position), "1/4*");
    let total = value(&mut store, "toads", &position);
    assert_eq!(store.outcome(total).unwrap(), Outcome::L);
}

/// Exercise 7.9(a), the death-leap principle: a row where every legal move of both players is
/// a jump into an isolated empty square (both neighbours occupied, or an end square with its
/// neighbour occupied) is 0. Checked on every row of up to 9 squares.
#[test]
fn exercise_7_9_death_leap_principle() {
    let mut store = Store::default();
    let mut by_search = Solver::new(&ToadsAndFrogs).by_search_only();
    let mut qualifying = 0;
    for length in 1..=9u32 {
        for code in 0..3u32.pow(length) {
            let row: String = (0..length)
                .map(|k| ['.', 'T', 'F'][(code / 3u32.pow(k) % 3) as usize])
                .collect();
            if !only_death_leaps(row.as_bytes()) {
                continue;
            }
            qualifying += 1;
            let searched = by_search
                .value(&mut store, &ToadsAndFrogs.parse_row(&row))
                .unwrap();
            assert_eq!(searched, store.zero(), "{row}");
        }
    }
    assert!(qualifying > 1000, "{qualifying}");
}

/// Whether every legal move in `row` is a jump into an isolated empty square.
fn only_death_leaps(row: &[u8]) -> bool {
    let isolated = |j: usize| {
        let occupied = |k: Option<usize>| k.and_then(|k| row.get(k)).is_none_or(|&s| s != b'.');
        occupied(j.checked_sub(1)) && occupied(Some(j + 1))
    };
    (0..row.len()).all(|i| {
        let (ahead, beyond, other) = match row[i] {
            b'T' => (Some(i + 1), Some(i + 2), b'F'),
            b'F' => (i.checked_sub(1), i.checked_sub(2), b'T'),
            _ => return true,
        };
        let at = |k: Option<usize>| k.and_then(|k| row.get(k)).copied();
        match (at(ahead), at(beyond)) {
            (Some(b'.'), _) => false,
            (Some(o), Some(b'.')) if o == other => isolated(beyond.unwrap_or(0)),
            _ => true,
        }
    })
}

/// Exercise 8.8, read left to right as printed: the rows are {0 | −1*}, −1* and {2 | 1}; the
/// sum is fuzzy; Left wins only by FT.FFF → F.TFFF and Right only by TTT.TF → TTTFT..
#[test]
fn exercise_8_8_best_opening_moves() {
    let mut store = Store::default();
    let rows = ["FT.FFF", "T.F.FT", "TTT.TF"];
    let values: Vec<String> = rows.iter().map(|r| shown(&mut store, "toads", r)).collect();
    assert_eq!(values, ["{0|-1*}", "-1*", "{2|1}"]);
    let position = rows.join(" ");
    let total = value(&mut store, "toads", &position);
    assert_eq!(store.outcome(total).unwrap(), Outcome::N);
    assert_eq!(
        winning_moves(&mut store, "toads", &position, Player::Left),
        ["F.TFFF T.F.FT TTT.TF"]
    );
    assert_eq!(
        winning_moves(&mut store, "toads", &position, Player::Right),
        ["FT.FFF T.F.FT TTTFT."]
    );
}

/// Exercise 8.9: T^l . F^r for l, r ≤ 5, with the forms the notes derive: l . = l,
/// T^l.F = {{l−2 | 1} | 0} for l ≥ 2, and * for l, r ≥ 2.
#[test]
fn exercise_8_9_toads_gap_frogs() {
    let table: [[&str; 6]; 6] = [
        ["0", "-1", "-2", "-3", "-4", "-5"],
        ["1", "*", "{0|-1/2}", "{0|-1*}", "{0||-1|-2}", "{0||-1|-3}"],
        ["2", "{1/2|0}", "*", "*", "*", "*"],
        ["3", "{1*|0}", "*", "*", "*", "*"],
        ["4", "{2|1||0}", "*", "*", "*", "*"],
        ["5", "{3|1||0}", "*", "*", "*", "*"],
    ];
    let mut store = Store::default();
    for (l, row) in table.iter().enumerate() {
        for (r, expected) in row.iter().enumerate() {
            let position = format!("{}.{}", "T".repeat(l), "F".repeat(r));
            assert_eq!(
                shown(&mut store, "toads", &position),
                *expected,
                "{position}"
            );
        }
    }
}

// ---- Example 7.6: seating couples ----

/// Table 3.7 and its continuation to n = 24.
#[test]
fn table_3_7_seating_couples() {
    let l_l = [
        "-", "0", "-1", "-1", "*", "-1/2", "-1/2", "0", "-1/4", "-1/4", "*", "-1/8",
    ];
    let l_r = ["0", "0", "0", "*", "*", "*", "0", "0", "0", "*", "*", "*"];
    let r_r = [
        "-", "0", "1", "1", "*", "1/2", "1/2", "0", "1/4", "1/4", "*", "1/8",
    ];
    let mut store = Store::default();
    for n in 0..12 {
        for (ends, row) in [
            (("L", "L"), &l_l),
            (("L", "R"), &l_r),
            (("R", "L"), &l_r),
            (("R", "R"), &r_r),
        ] {
            let section = format!("{}{n}{}", ends.0, ends.1);
            if row[n] == "-" {
                let error = ruleset("seating").unwrap().parse(&section).unwrap_err();
                assert!(error.to_string().contains("cannot happen"), "{error}");
            } else {
                assert_eq!(shown(&mut store, "seating", &section), row[n], "{section}");
            }
        }
    }
    let r_r = [
        "1/8", "0", "1/16", "1/16", "*", "1/32", "1/32", "0", "1/64", "1/64", "*", "1/128", "1/128",
    ];
    let r_l = [
        "0", "0", "0", "*", "*", "*", "0", "0", "0", "*", "*", "*", "0",
    ];
    for n in 12..=24 {
        assert_eq!(
            shown(&mut store, "seating", &format!("R{n}R")),
            r_r[n - 12],
            "R{n}R"
        );
        assert_eq!(
            shown(&mut store, "seating", &format!("R{n}L")),
            r_l[n - 12],
            "R{n}L"
        );
    }
}

/// The period-6 laws (corrected), for n ≤ 40: R(6k+1)R = 0, R(6k+2)R = R(6k+3)R = 1/2^(2k),
/// R(6k+4)R = *, R(6k+5)R = R(6k+6)R = 1/2^(2k+1); RnL = LnR = 0 for n ≡ 0, 1, 2 and * for
/// n ≡ 3, 4, 5 (mod 6); LnL = −RnR.
#[test]
fn seating_period_six_laws() {
    let mut store = Store::default();
    let mut by_search = Solver::new(&SeatingCouples).by_search_only();
    let mut searched = |store: &mut Store, section: &str| {
        let position = PartizanNotation::parse(&SeatingCouples, section).unwrap();
        by_search.value(store, &position).unwrap()
    };
    let star = store.nimber(1).unwrap();
    for n in 1..=40u32 {
        let k = (n - 1) / 6;
        let r_r = match (n - 1) % 6 {
            0 => store.zero(),
            1 | 2 => half_powers(&mut store, 2 * k),
            3 => star,
            _ => half_powers(&mut store, 2 * k + 1),
        };
        assert_eq!(
            value(&mut store, "seating", &format!("R{n}R")),
            r_r,
            "R{n}R"
        );
        let l_l = store.neg(r_r).unwrap();
        assert_eq!(
            value(&mut store, "seating", &format!("L{n}L")),
            l_l,
            "L{n}L"
        );
    }
    for n in 0..=40u32 {
        let r_l = if n % 6 < 3 { store.zero() } else { star };
        for section in [format!("R{n}L"), format!("L{n}R")] {
            assert_eq!(value(&mut store, "seating", &section), r_l, "{section}");
            assert_eq!(searched(&mut store, &section), r_l, "{section} by search");
        }
    }
}

/// R5R = {R3L + L0R, R2L + L1R, R1L + L2R, R0L + L3R | R2R + R1R, R1R + R2R}
/// = {*, 0 | 1} = 1/2, whose canonical form is {0 | 1}.
#[test]
fn example_7_6_r5r() {
    let mut store = Store::default();
    let (left, right) = option_values(&mut store, "seating", "R5R");
    assert_eq!(
        (left, right),
        (
            vec!["*".to_string(), "0".to_string()],
            vec!["1".to_string()]
        )
    );
    let half = value(&mut store, "seating", "R5R");
    assert_eq!(store.show(half), "1/2");
    let (zero, one) = (store.zero(), store.integer(1).unwrap());
    assert_eq!(store.left_options(half).unwrap().as_slice(), [zero]);
    assert_eq!(store.right_options(half).unwrap().as_slice(), [one]);
    // L4L: Left's only move is to L1L + L1L; Right has three.
    let moves = |player| -> Vec<String> {
        parse("seating", "L4L")
            .moves(player, Play::Normal)
            .unwrap()
            .iter()
            .map(Position::show)
            .collect()
    };
    assert_eq!(moves(Player::Left), ["L1L L1L"]);
    assert_eq!(moves(Player::Right), ["L0R R2L", "L1R R1L", "L2R R0L"]);
}

/// Fig. 3.7: R3L + L1R + R4R = * + 0 + * = 0, so Left, to move, loses. Fig. 2.7: at a round
/// table of 14 chairs Right seats a couple, leaving R12R = 1/8 > 0: Left wins.
#[test]
fn figures_3_7_and_2_7() {
    let mut store = Store::default();
    assert_eq!(shown(&mut store, "seating", "R3L L1R R4R"), "0");
    assert_eq!(shown(&mut store, "seating", "R12R"), "1/8");
    let table = parse("seating", "O14");
    let after: Vec<String> = table
        .moves(Player::Right, Play::Normal)
        .unwrap()
        .iter()
        .map(Position::show)
        .collect();
    assert_eq!(after, ["R12R"]);
    let r12r = value(&mut store, "seating", "R12R");
    assert_eq!(store.outcome(r12r).unwrap(), Outcome::L);
    // Whoever seats the first couple loses at a round table of 14: {−1/8 | 1/8} = 0.
    assert_eq!(shown(&mut store, "seating", "O14"), "0");
}

// ---- §7.4: Col ----

/// A path of vertices with the given tints: `.L.` is •—●—•.
fn path(tints: &str) -> String {
    let edges: Vec<String> = (1..tints.len()).map(|i| i.to_string()).collect();
    match edges.len() {
        0 => tints.to_string(),
        _ => format!("{tints};0-{}", edges.join("-")),
    }
}

fn cycle(tints: &str) -> String {
    format!("{},{}-0", path(tints), tints.len() - 1)
}

#[test]
fn example_7_7_col() {
    let mut store = Store::default();
    for (vertex, expected) in [("x", "0"), ("R", "-1"), (".", "*"), ("L", "1")] {
        assert_eq!(shown(&mut store, "col", vertex), expected, "{vertex}");
    }
    // G1 = •—●: Left colours • (the ● dies, 0) or ● (the • turns white, −1); Right colours •.
    let (left, right) = option_values(&mut store, "col", ".L;0-1");
    assert_eq!(
        (left, right),
        (
            vec!["-1".to_string(), "0".to_string()],
            vec!["1".to_string()]
        )
    );
    assert_eq!(shown(&mut store, "col", ".L;0-1"), "1/2");
    // G2 = •—●—●: {*, −1, 1 | 1} = {1 | 1} = 1*.
    let (left, right) = option_values(&mut store, "col", ".LL;0-1-2");
    assert_eq!(left, ["*", "-1", "1"].map(String::from));
    assert_eq!(right, ["1"]);
    assert_eq!(shown(&mut store, "col", ".LL;0-1-2"), "1*");
}

/// Exercise 7.4, as computed: ●•ᵏ● = 1, •ᵏ● = 1/2, ●•ᵏ○ = 0, ○•ᵏ○ = −1, unmarked paths of
/// two or more vertices 0, unmarked cycles 0.
#[test]
fn exercise_7_4_col_paths() {
    let mut store = Store::default();
    assert_eq!(shown(&mut store, "col", "L"), "1");
    for k in 0..=6 {
        let dots = ".".repeat(k);
        assert_eq!(
            shown(&mut store, "col", &path(&format!("L{dots}L"))),
            "1",
            "L{dots}L"
        );
        assert_eq!(
            shown(&mut store, "col", &path(&format!("L{dots}R"))),
            "0",
            "L{dots}R"
        );
        assert_eq!(
            shown(&mut store, "col", &path(&format!("R{dots}R"))),
            "-1",
            "R{dots}R"
        );
        if k >= 1 {
            assert_eq!(
                shown(&mut store, "col", &path(&format!("{dots}L"))),
                "1/2",
                "{dots}L"
            );
            assert_eq!(
                shown(&mut store, "col", &path(&format!("R{dots}"))),
                "-1/2",
                "R{dots}"
            );
        }
    }
    assert_eq!(shown(&mut store, "col", "."), "*");
    for n in 2..=9 {
        assert_eq!(
            shown(&mut store, "col", &path(&".".repeat(n))),
            "0",
            "path of {n}"
        );
    }
    for n in 3..=8 {
        assert_eq!(
            shown(&mut store, "col", &cycle(&".".repeat(n))),
            "0",
            "cycle of {n}"
        );
    }
}

/// The values of `graph` (unmarked) with vertex `x` tinted white and tinted black.
fn marked_both_ways(store: &mut Store, tints: &str, edges: &str, x: usize) -> (GameId, GameId) {
    let mut marked = |tint: char| {
        let tints: String = tints
            .chars()
            .enumerate()
            .map(|(i, c)| if i == x { tint } else { c })
            .collect();
        value(store, "col", &format!("{tints};{edges}"))
    };
    (marked('R'), marked('L'))
}

/// Example 7.8: the middle vertex of an unmarked path of 2k + 1 vertices is explosive, both
/// markings giving 0; Exercise 7.6(b): x between unmarked paths of a and b vertices is
/// explosive exactly when a = b ≥ 1 or a, b ≥ 3; Exercise 7.7(a): every vertex of an unmarked
/// cycle is explosive, both markings giving 0.
#[test]
fn explosive_vertices() {
    let mut store = Store::default();
    let zero = store.zero();
    for a in 0..=5usize {
        for b in 0..=5usize {
            let n = a + b + 1;
            let edges = path(&".".repeat(n))
                .split_once(';')
                .map_or(String::new(), |(_, e)| e.to_string());
            let (white, black) = marked_both_ways(&mut store, &".".repeat(n), &edges, a);
            let explosive = (a == b && a >= 1) || (a >= 3 && b >= 3);
            assert_eq!(white == black, explosive, "a = {a}, b = {b}");
            assert_eq!(store.neg(black).unwrap(), white, "a = {a}, b = {b}");
            if a == b && a >= 1 {
                assert_eq!(white, zero, "k = {a}");
            }
        }
    }
    for n in 3..=8 {
        let edges = cycle(&".".repeat(n)).split_once(';').unwrap().1.to_string();
        assert_eq!(
            marked_both_ways(&mut store, &".".repeat(n), &edges, 0),
            (zero, zero),
            "cycle of {n}"
        );
    }
}

/// A random Col graph of up to 7 vertices.
fn col_graphs() -> impl Strategy<Value = ColGraph> {
    (1usize..=7)
        .prop_flat_map(|n| {
            let tints = proptest::collection::vec(
                prop_oneof![4 => Just(Tint::Free), 2 => Just(Tint::Black), 2 => Just(Tint::White), 1 => Just(Tint::Dead)],
                n,
            );
            let pairs: Vec<(u32, u32)> = (0..n as u32)
                .flat_map(|a| (a + 1..n as u32).map(move |b| (a, b)))
                .collect();
            let edges = proptest::sample::subsequence(pairs.clone(), 0..=pairs.len());
            (tints, edges)
        })
        .prop_map(|(tints, edges)| ColGraph { tints, edges })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Theorem 7.4: g^L + * ≤ g ≤ g^R + * for every option, and every Col value is a number
    /// x or x + *. Theorem 7.5: tinting a vertex black never lowers the value, white never
    /// raises it.
    #[test]
    fn theorem_7_4_col_values_are_numbers_or_number_star(graph in col_graphs(), v in 0usize..7) {
        let mut store = Store::default();
        let mut solver = Solver::new(&Col);
        let g = solver.value(&mut store, &graph).unwrap();
        let nus = store.as_nus(g).cloned();
        prop_assert!(nus.as_ref().is_some_and(|n| n.ups == 0 && n.nim <= 1), "{}", store.show(g));
        let star = store.nimber(1).unwrap();
        for option in Col.left_options(&graph) {
            let gl = solver.value(&mut store, &option).unwrap();
            let gl_star = store.add(gl, star).unwrap();
            prop_assert!(store.leq(gl_star, g).unwrap());
        }
        for option in Col.right_options(&graph) {
            let gr = solver.value(&mut store, &option).unwrap();
            let gr_star = store.add(gr, star).unwrap();
            prop_assert!(store.leq(g, gr_star).unwrap());
        }
        let v = v % graph.tints.len();
        if graph.tints[v] == Tint::Free {
            let mut tinted = graph.clone();
            tinted.tints[v] = Tint::Black;
            let black = solver.value(&mut store, &tinted).unwrap();
            tinted.tints[v] = Tint::White;
            let white = solver.value(&mut store, &tinted).unwrap();
            prop_assert!(store.leq(g, black).unwrap() && store.leq(white, g).unwrap());
        }
    }
}

/// The value of `position` by the definition alone, {Left's options | Right's options}, on
/// the whole position: no components, no deleted vertices or edges, no symmetries.
fn by_definition<G: Partizan>(
    game: &G,
    store: &mut Store,
    position: &G::Position,
    known: &mut HashMap<G::Position, GameId>,
) -> GameId {
    if let Some(&value) = known.get(position) {
        return value;
    }
    let mut values = |options: Vec<G::Position>| -> Vec<GameId> {
        options
            .iter()
            .map(|option| by_definition(game, store, option, known))
            .collect()
    };
    let left = values(game.left_options(position));
    let right = values(game.right_options(position));
    let value = store.from_options(&left, &right).unwrap();
    known.insert(position.clone(), value);
    value
}

/// Snort's first values: a lone vertex is *, an edge ±1 (whoever colours one end keeps the
/// other), a vertex tinted for one player a move for that player, and an edge between
/// vertices tinted for each player * (whoever colours first kills the other).
#[test]
fn snort_on_small_graphs() {
    let mut store = Store::default();
    for (graph, expected) in [
        (".", "*"),
        ("L", "1"),
        ("R", "-1"),
        ("..;0-1", "+-1"),
        ("L.;0-1", "{1|0}"),
        ("LR;0-1", "*"),
    ] {
        assert_eq!(shown(&mut store, "snort", graph), expected, "{graph}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The solver's components, deleted vertices and deleted edges keep Col's and Snort's
    /// values: they equal the definition's on the whole graph.
    #[test]
    fn col_and_snort_values_are_those_of_the_definition(graph in col_graphs()) {
        let mut store = Store::default();
        let col = Solver::new(&Col).value(&mut store, &graph).unwrap();
        let defined = by_definition(&Col, &mut store, &graph, &mut HashMap::new());
        prop_assert_eq!(col, defined, "Col {}", Col.show(&graph));
        let snort = Solver::new(&Snort).value(&mut store, &graph).unwrap();
        let defined = by_definition(&Snort, &mut store, &graph, &mut HashMap::new());
        prop_assert_eq!(snort, defined, "Snort {}", Snort.show(&graph));
    }
}

// ---- Clobber ----

/// Clobber's first values: two stones that touch are *; `xxo` is {0 | *} = ↑ (Left's move
/// leaves two stones apart, Right's leaves `xo`), `oox` its negative ↓.
#[test]
fn clobber_on_small_boards() {
    let mut store = Store::default();
    for (board, expected) in [
        ("xo", "*"),
        ("x.o", "0"),
        ("xxo", "^"),
        ("oox", "v"),
        ("x|o", "*"),
        ("xx|.o", "^"),
    ] {
        assert_eq!(shown(&mut store, "clobber", board), expected, "{board}");
    }
}

/// Every board of `rows` × `columns` squares, each empty or holding either player's stone.
fn every_clobber_board(rows: usize, columns: usize) -> impl Iterator<Item = ClobberBoard> {
    let squares = rows * columns;
    (0..3u32.pow(squares as u32)).map(move |mut code| {
        let mut text = String::new();
        for square in 0..squares {
            if square > 0 && square % columns == 0 {
                text.push('|');
            }
            text.push(['.', 'x', 'o'][(code % 3) as usize]);
            code /= 3;
        }
        Clobber.parse(&text).unwrap()
    })
}

/// The solver's groups and symmetries against the definition on every board of 1 × 6,
/// 2 × 3 and 3 × 3 squares; every value is infinitesimal (a player can move exactly where the
/// other can), and exchanging the colours negates it.
#[test]
fn every_small_clobber_board_has_the_value_of_the_definition() {
    let mut store = Store::default();
    let mut known = HashMap::new();
    let mut solver = Solver::new(&Clobber);
    for (rows, columns) in [(1, 6), (2, 3), (3, 3)] {
        for board in every_clobber_board(rows, columns) {
            let value = solver.value(&mut store, &board).unwrap();
            let text = Clobber.show(&board);
            assert_eq!(
                value,
                by_definition(&Clobber, &mut store, &board, &mut known),
                "{text}"
            );
            assert!(store.is_infinitesimal(value).unwrap(), "{text}");
            let swapped = Clobber.negation(&board).unwrap();
            let negative = solver.value(&mut store, &swapped).unwrap();
            assert_eq!(store.neg(value).unwrap(), negative, "{text}");
        }
    }
}

/// The review: a group of stones inside another group's bounding box was cut out with it,
/// and so counted twice (`x.o|o.x|o..|oxo` was N, {0|v3}; it is R, the pair in column 3
/// adding * to {0|v3}).
#[test]
fn a_clobber_group_inside_another_groups_bounds_is_counted_once() {
    let mut store = Store::default();
    let mut solver = Solver::new(&Clobber);
    for (text, outcome) in [
        ("x.o|o.x|o..|oxo", Outcome::R),
        ("x.xo|o...|o...|oxox", Outcome::N),
        ("oox|o.x|oo.|oox|xxo", Outcome::N),
        ("ox.x|..xo|ooxx", Outcome::P),
    ] {
        let board = Clobber.parse(text).unwrap();
        let value = solver.value(&mut store, &board).unwrap();
        let defined = by_definition(&Clobber, &mut store, &board, &mut HashMap::new());
        assert_eq!(value, defined, "{text}");
        assert_eq!(store.outcome(value).unwrap(), outcome, "{text}");
    }
}

/// The review: a board of one row 64 squares wide panicked (a shift by 64 to find the rows
/// above and below).
#[test]
fn a_clobber_row_of_64_squares_is_solved() {
    let mut store = Store::default();
    for (text, expected) in [
        (".".repeat(64), "0"),
        (format!("x{}o", ".".repeat(62)), "0"),
        (format!("{}xo", ".".repeat(62)), "*"),
        (format!("xo{}xo", ".".repeat(60)), "0"),
    ] {
        assert_eq!(shown(&mut store, "clobber", &text), expected, "{text}");
    }
}

/// A random Clobber board of up to 5 × 4 squares, half of them empty.
fn clobber_boards() -> impl Strategy<Value = ClobberBoard> {
    (1usize..=5, 1usize..=4)
        .prop_flat_map(|(rows, columns)| {
            let square = prop_oneof![2 => Just('.'), 1 => Just('x'), 1 => Just('o')];
            (
                Just(columns),
                proptest::collection::vec(square, rows * columns),
            )
        })
        .prop_map(|(columns, squares)| {
            let rows: Vec<String> = squares
                .chunks(columns)
                .map(|row| row.iter().collect())
                .collect();
            Clobber.parse(&rows.join("|")).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Groups, their bounding boxes and the symmetries keep Clobber's values on boards
    /// where groups nest (which boards of 3 × 3 squares cannot show).
    #[test]
    fn clobber_values_are_those_of_the_definition(board in clobber_boards()) {
        let mut store = Store::default();
        let value = Solver::new(&Clobber).value(&mut store, &board).unwrap();
        let defined = by_definition(&Clobber, &mut store, &board, &mut HashMap::new());
        prop_assert_eq!(value, defined, "{}", Clobber.show(&board));
    }
}

// ---- Exercise 8.11: Bynum's game (Eatcake) ----

/// ↑n⁺ of Exercise 8.10: ↑1⁺ = ↑ and ↑n⁺ = {↑a⁺ + ↑b⁺ (a + b = n) | *}.
fn up_plus(store: &mut Store, n: usize) -> GameId {
    let mut ups = vec![store.ups(1).unwrap()];
    let star = store.nimber(1).unwrap();
    for m in 2..=n {
        let splits: Vec<GameId> = (1..m)
            .map(|a| store.add(ups[a - 1], ups[m - a - 1]).unwrap())
            .collect();
        ups.push(store.from_options(&splits, &[star]).unwrap());
    }
    ups[n - 1]
}

/// The notes' table (r rows, c columns, Left eats columns): odd × odd = *, even × (2n − 1) =
/// ↑n⁺, (2m − 1) × even = −↑m⁺, 2m × 2n = ↑n⁺ − ↑m⁺ + *; and the examples.
#[test]
fn exercise_8_11_eatcake() {
    let mut store = Store::default();
    let star = store.nimber(1).unwrap();
    for r in 1..=8usize {
        for c in 1..=8usize {
            let expected = match (r % 2, c % 2) {
                (1, 1) => star,
                (0, 1) => up_plus(&mut store, c.div_ceil(2)),
                (1, 0) => {
                    let up = up_plus(&mut store, r.div_ceil(2));
                    store.neg(up).unwrap()
                }
                _ => {
                    let (n, m) = (up_plus(&mut store, c / 2), up_plus(&mut store, r / 2));
                    let difference = store.sub(n, m).unwrap();
                    store.add(difference, star).unwrap()
                }
            };
            let found = value(&mut store, "eatcake", &format!("{r}x{c}"));
            assert_eq!(found, expected, "{r}x{c}: {}", store.show(found));
            // (a): even × odd is positive, odd × even negative, even × even fuzzy.
            let outcome = store.outcome(found).unwrap();
            let sign = match (r % 2, c % 2) {
                (0, 1) => Outcome::L,
                (1, 0) => Outcome::R,
                _ => Outcome::N,
            };
            assert_eq!(outcome, sign, "{r}x{c}");
        }
    }
    for (cake, expected) in [
        ("2x1", "^"),
        ("1x2", "v"),
        ("2x3", "{^^|*}"),
        ("3x2", "{*|vv}"),
        ("2x2", "*"),
        ("4x4", "*"),
    ] {
        assert_eq!(shown(&mut store, "eatcake", cake), expected, "{cake}");
    }
}

/// Reading a row for a typed solver.
trait ParseRow {
    fn parse_row(&self, row: &str) -> Vec<Vec<Cell>>;
}

impl ParseRow for ToadsAndFrogs {
    fn parse_row(&self, row: &str) -> Vec<Vec<Cell>> {
        PartizanNotation::parse(self, row).unwrap()
    }
}
