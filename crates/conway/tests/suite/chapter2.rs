//! Chapter 2 of the textbook: Nim, misère Nim, the Nim-like games and Moore's Nim_k.

use crate::common::{self, check_table, moves, numbers, positions, TakeAway};
use conway::analysis::Notation;
use conway::engine::{Outcome, Play};
use conway::games::impartial::Square;
use conway::games::impartial::{
    is_wythoff_p, misere_nim_outcome, odd_stair_sum, wythoff_p_position, MooreNim, Nim,
    SilverDollar, Staircase, TurningTurtles, Welter, Wythoff,
};
use conway::heap::Heaps;
use conway::impartial::{Impartial, Solver};

fn report(spec: &str, position: &str, play: Play) -> common::Solved {
    common::solve(spec, position, play, usize::MAX)
}

fn moves_to(spec: &str, position: &str, play: Play) -> Vec<String> {
    report(spec, position, play)
        .winning_moves
        .into_iter()
        .map(|m| m.to)
        .collect()
}

/// Every tuple of `len` values below `bound`.
fn tuples(len: usize, bound: u64) -> Vec<Vec<u64>> {
    (0..len).fold(vec![vec![]], |acc, _| {
        acc.into_iter()
            .flat_map(|t| (0..bound).map(move |x| [t.clone(), vec![x]].concat()))
            .collect()
    })
}

#[test]
fn bouton_against_search() {
    let nim = Heaps(Nim);
    let mut search = Solver::new(&nim).by_search_only();
    let mut fast = Solver::new(&nim);
    for heaps in tuples(3, 8).into_iter().chain(tuples(4, 4)) {
        let sum = heaps.iter().fold(0, |s, &h| s ^ h);
        assert_eq!(search.nim_value(&heaps).unwrap(), sum);
        let expected = search.winning_moves(&heaps, Play::Normal).unwrap();
        assert_eq!(
            fast.winning_moves(&heaps, Play::Normal).unwrap(),
            expected,
            "{heaps:?}"
        );
        // The number of winning moves is the number of heaps with the nim-sum's top bit.
        let top = if sum == 0 {
            0
        } else {
            63 - sum.leading_zeros()
        };
        let count = heaps
            .iter()
            .filter(|&&h| sum != 0 && h >> top & 1 == 1)
            .count();
        assert_eq!(expected.len(), count);
        assert!(sum == 0 || count % 2 == 1);
    }
}

#[test]
fn misere_nim_against_search() {
    let nim = Heaps(Nim);
    let mut search = Solver::new(&nim).by_search_only();
    let mut fast = Solver::new(&nim);
    for heaps in tuples(3, 6).into_iter().chain(tuples(4, 4)) {
        let outcome = search.outcome(&heaps, Play::Misere).unwrap();
        assert_eq!(misere_nim_outcome(&heaps), outcome, "{heaps:?}");
        let expected = search.winning_moves(&heaps, Play::Misere).unwrap();
        assert_eq!(
            fast.winning_moves(&heaps, Play::Misere).unwrap(),
            expected,
            "{heaps:?}"
        );
    }
}

#[test]
fn nim_positions_of_the_texts() {
    for item in [
        "ch2 preliminary analysis",
        "ch2 §2.1 worked example",
        "short texts (four-heap Nim)",
    ] {
        check_positions(item);
        check_moves(item);
    }
    // The Hebrew text's (1, 2, 3): every first move has a winning answer back to a P-position.
    check_positions("fraenkel 1");
    let nim = Heaps(Nim);
    for known in positions("fraenkel 1") {
        for first in nim.options(&numbers(&known.position)) {
            assert_eq!(
                Solver::new(&nim)
                    .winning_moves(&first, Play::Normal)
                    .unwrap()
                    .len(),
                1
            );
        }
    }
    // Exercise 2.5-1(c): piles 7, 9, x lose for the mover only for the x of the text.
    let losing: Vec<u64> = (0..64)
        .filter(|x| report("nim", &format!("7 9 {x}"), Play::Normal).outcome == Outcome::P)
        .collect();
    let only: Vec<u64> = positions("ch2 ex 2.5-1(c)")
        .iter()
        .map(|known| numbers(&known.position)[2])
        .collect();
    assert_eq!(losing, only);
}

/// The outcome and the value of every position of the text item `item`, as rulesets find them.
fn check_positions(item: &str) {
    for known in positions(item) {
        let r = report(&known.game, &known.position, known.play);
        assert_eq!(r.outcome, known.outcome, "{}", known.at);
        if known.value.is_some() {
            assert_eq!(r.nim_value, known.value, "{}", known.at);
        }
    }
}

/// Every winning move of the positions of the text item `item`, as rulesets find them.
fn check_moves(item: &str) {
    for known in moves(item) {
        let found = moves_to(&known.game, &known.position, known.play);
        assert_eq!(found, known.moves, "{}", known.at);
    }
}

#[test]
fn exercise_2_5_2_every_winning_move() {
    check_moves("ch2 ex 2.5-2");
}

#[test]
fn huge_nim_heaps_are_instant() {
    let r = report("nim", "18446744073709551615 1000000000000 5", Play::Normal);
    assert_eq!(r.nim_value, Some(u64::MAX ^ 1_000_000_000_000 ^ 5));
    assert_eq!(r.winning_moves.len(), 1);
    let r = report("nim", "1000000000000 1", Play::Misere);
    assert_eq!(
        r.winning_moves
            .iter()
            .map(|m| m.to.as_str())
            .collect::<Vec<_>>(),
        ["0 1"]
    );
}

#[test]
fn poker_nim_and_northcott() {
    let r = report("poker-nim", "1 2 4 / 3 9", Play::Normal);
    assert_eq!((r.outcome, r.nim_value), (Outcome::N, Some(7)));
    let moves: Vec<&str> = r
        .winning_moves
        .iter()
        .map(|m| m.description.as_str())
        .collect();
    // Adding 5 to the first heap needs more chips than the mover has. Shrinking comes first:
    // it makes the game end.
    assert_eq!(moves, ["heap 3: take 1 (4 → 3)", "heap 2: add 3 (2 → 5)"]);
    assert_eq!(r.winning_moves[0].to, "1 2 3 / 9 4");
    assert_eq!(r.winning_moves[1].to, "1 5 4 / 9 0");
    assert_eq!(
        report("poker-nim", "1 2 3", Play::Normal).outcome,
        Outcome::P
    );
    // The gaps 2, 6, 3, 5, 3, 2, 4, 1 with room for W to retreat six squares in each row.
    check_positions("ch2 example 2.2");
    let [example] = &positions("ch2 example 2.2")[..] else {
        panic!("one position")
    };
    let r = report("northcott", &example.position, Play::Normal);
    let changes: Vec<&str> = r
        .winning_moves
        .iter()
        .map(|m| m.description.split(", ").nth(1).unwrap())
        .collect();
    // Advances first, then retreats: advancing only makes the game end.
    assert_eq!(
        changes,
        [
            "gap 6 → 0",
            "gap 5 → 3",
            "gap 4 → 2",
            "gap 2 → 4",
            "gap 3 → 5",
            "gap 3 → 5",
            "gap 2 → 4",
            "gap 1 → 7"
        ]
    );
    assert!(r.winning_moves[0]
        .to
        .starts_with("B:......W..B......|............WB..|"));
    // Black to move, and a row with no room to retreat.
    let r = report("northcott", "B:W..B|W.B", Play::Normal);
    assert_eq!(
        r.winning_moves
            .iter()
            .map(|m| m.to.as_str())
            .collect::<Vec<_>>(),
        ["W:W.B.|W.B"]
    );
}

#[test]
fn staircase_nim_against_search() {
    let mut search = Solver::new(&Staircase).by_search_only();
    let mut fast = Solver::new(&Staircase);
    for stairs in tuples(4, 4) {
        assert_eq!(
            search.nim_value(&stairs).unwrap(),
            odd_stair_sum(&stairs),
            "{stairs:?}"
        );
        let expected = search.winning_moves(&stairs, Play::Normal).unwrap();
        assert_eq!(
            fast.winning_moves(&stairs, Play::Normal).unwrap(),
            expected,
            "{stairs:?}"
        );
    }
}

#[test]
fn wythoff_p_positions() {
    // Table 2.1 and its continuation: the P-position (a, a + k) for k = 0, 1, 2, ...
    let table: Vec<_> = ["ch2 table 2.1", "ch2 example 2.4"]
        .into_iter()
        .flat_map(positions)
        .collect();
    for (k, known) in table.iter().enumerate() {
        assert_eq!(known.outcome, Outcome::P, "{}", known.at);
        let pair = known.position.split_once(',').unwrap();
        let pair = (pair.0.parse().unwrap(), pair.1.parse().unwrap());
        assert_eq!(wythoff_p_position(k as u64), Some(pair), "{}", known.at);
    }
    // Proposition 2.1: a_k is the mex of the earlier a_i, b_i and b_k = a_k + k.
    let mut used = std::collections::HashSet::new();
    for k in 0..2000u64 {
        let a = (0..).find(|x| !used.contains(x)).unwrap();
        assert_eq!(wythoff_p_position(k), Some((a, a + k)));
        used.extend([a, a + k]);
    }
    let mut solver = Solver::new(&Wythoff).by_search_only();
    for x in 0..40 {
        for y in 0..40 {
            let p = solver.outcome(&vec![(x, y)], Play::Normal).unwrap() == Outcome::P;
            assert_eq!(p, is_wythoff_p(x, y), "({x}, {y})");
        }
    }
}

#[test]
fn wythoffs_queens_table() {
    // Exercise 3.7-13: the values of one queen on an 8×8 board.
    let mut solver = Solver::new(&Wythoff);
    check_table("wythoff-queen", |y, x| {
        solver.nim_value(&vec![(x, y)]).unwrap()
    });
    assert_eq!(
        moves_to("wythoff", "4,7 3,5", Play::Normal),
        Vec::<String>::new()
    );
    assert_eq!(
        report("wythoff", "4,7 1,1", Play::Normal).nim_value,
        Some(2)
    );
}

#[test]
fn moore_nim_k_against_search() {
    for k in [2u64, 3] {
        let game = MooreNim::new(k).unwrap();
        let mut search = Solver::new(&game).by_search_only();
        for heaps in tuples(3, 5).into_iter().chain(tuples(4, 3)) {
            let p = search.outcome(&heaps, Play::Normal).unwrap() == Outcome::P;
            assert_eq!(p, game.is_p_position(&heaps), "k = {k}, {heaps:?}");
            let misere = search.outcome(&heaps, Play::Misere).unwrap();
            assert_eq!(
                Some(misere),
                game.known_misere_outcome(&heaps),
                "k = {k}, {heaps:?} misère"
            );
        }
    }
    let game = MooreNim::new(2).unwrap();
    for known in positions("ch2 §2.4") {
        assert_eq!(known.game, "moore:2", "{}", known.at);
        let heaps = numbers(&known.position);
        assert_eq!(
            game.is_p_position(&heaps),
            known.outcome == Outcome::P,
            "{}",
            known.at
        );
        let mut solver = Solver::new(&game);
        for option in solver.winning_moves(&heaps, Play::Normal).unwrap() {
            assert!(game.is_p_position(&option));
            assert!(option.iter().zip(&heaps).filter(|(a, b)| a != b).count() <= 2);
        }
    }
    // Moore with k = 1 is Nim.
    let one = MooreNim::new(1).unwrap();
    for heaps in tuples(3, 6) {
        let sum = heaps.iter().fold(0, |s, &h| s ^ h);
        assert_eq!(Solver::new(&one).nim_value(&heaps).unwrap(), sum);
    }
}

#[test]
fn exercise_2_5_4_odd_nim() {
    let odd = Heaps(TakeAway(|n: u64| {
        (1..=n).step_by(2).map(|t| n - t).collect()
    }));
    let mut solver = Solver::new(&odd);
    for heaps in tuples(3, 7) {
        let odd_heaps = heaps.iter().filter(|&&h| h % 2 == 1).count();
        let p = solver.outcome(&heaps, Play::Normal).unwrap() == Outcome::P;
        assert_eq!(p, odd_heaps % 2 == 0, "{heaps:?}");
    }
}

#[test]
fn nimble_is_nim() {
    let r = report("nimble", "1 3 3 7", Play::Normal);
    assert_eq!(r.nim_value, Some(1 ^ 3 ^ 3 ^ 7));
    assert_eq!(r.winning_moves.len(), 1);
    assert_eq!(r.winning_moves[0].description, "coin 4: square 7 → 1");
}

#[test]
fn welter_closed_forms_for_two_three_and_four_coins() {
    let mut solver = Solver::new(&Welter);
    let distinct = |coins: usize, bound: u64| -> Vec<Vec<u64>> {
        tuples(coins, bound)
            .into_iter()
            .filter(|t| t.windows(2).all(|w| w[0] < w[1]))
            .collect()
    };
    for squares in distinct(2, 16) {
        let p = solver.outcome(&squares, Play::Normal).unwrap() == Outcome::P;
        assert_eq!(p, squares[0] ^ squares[1] == 1, "{squares:?}");
    }
    for squares in distinct(3, 11) {
        let p = solver.outcome(&squares, Play::Normal).unwrap() == Outcome::P;
        assert_eq!(
            p,
            squares.iter().fold(0, |s, &x| s ^ (x + 1)) == 0,
            "{squares:?}"
        );
    }
    for squares in distinct(4, 9) {
        let p = solver.outcome(&squares, Play::Normal).unwrap() == Outcome::P;
        assert_eq!(p, squares.iter().fold(0, |s, &x| s ^ x) == 0, "{squares:?}");
    }
    check_positions("ch2 ex 2.5-9(b)");
}

#[test]
fn turning_turtles_example() {
    check_positions("ch2 ex 2.5-10(b)");
    let [example] = &positions("ch2 ex 2.5-10(b)")[..] else {
        panic!("one position")
    };
    let r = report("turning-turtles", &example.position, Play::Normal);
    let moves: Vec<&str> = r
        .winning_moves
        .iter()
        .map(|m| m.description.as_str())
        .collect();
    assert_eq!(
        moves,
        [
            "turn coin 9 (H→T) and coin 1 (T→H)",
            "turn coin 10 (H→T) and coin 2 (H→T)",
            "turn coin 12 (H→T) and coin 4 (T→H)",
        ]
    );
    // The text's sample move: turn coin 9 (H→T) and coin 4 (T→H).
    let start = TurningTurtles.parse(&example.position).unwrap();
    let sample = TurningTurtles.parse("THTHHTTTTHTHT").unwrap();
    assert!(TurningTurtles.options(&start).contains(&sample));
    // A lone head on coin n is a heap of n, by search as well.
    let mut search = Solver::new(&TurningTurtles).by_search_only();
    for text in ["TTTTTTH", "HTHHT", "THTTHTTTHH"] {
        let coins = TurningTurtles.parse(text).unwrap();
        let heads = text
            .char_indices()
            .filter(|&(_, c)| c == 'H')
            .fold(0, |s, (i, _)| s ^ (i as u64 + 1));
        assert_eq!(search.nim_value(&coins).unwrap(), heads, "{text}");
    }
}

#[test]
fn silver_dollar_with_the_dollar_first_is_staircase_nim() {
    // With the dollar leftmost no coin can be bagged: it is the coin-sliding game of
    // Exercise 2.5-7, Staircase Nim on the gaps counted from the right.
    let mut solver = Solver::new(&SilverDollar {
        bagging_the_dollar: false,
    });
    for layout in tuples(4, 3) {
        let mut strip = vec![Square::Empty; layout[0] as usize];
        strip.push(Square::Dollar);
        for &gap in &layout[1..] {
            strip.extend(std::iter::repeat_n(Square::Empty, gap as usize));
            strip.push(Square::Coin);
        }
        let stairs: Vec<u64> = layout.iter().rev().copied().collect();
        assert_eq!(
            solver.nim_value(&strip).unwrap(),
            odd_stair_sum(&stairs),
            "{layout:?}"
        );
    }
    assert_eq!(
        report("silver-dollar", "S", Play::Normal).outcome,
        Outcome::P
    );
    // Bagging the coin frees the square the dollar needs.
    assert_eq!(
        report("silver-dollar", "cS", Play::Normal).outcome,
        Outcome::P
    );
    assert_eq!(moves_to("silver-dollar", ".S", Play::Normal), ["S."]);
    assert_eq!(moves_to("silver-dollar", "c..S", Play::Normal), ["cS.."]);
}

#[test]
fn silver_dollar_is_staircase_nim_with_the_bag_as_a_square() {
    // The bag counts as one more empty square, except when the dollar is the coin nearest
    // to it: then nothing may enter it.
    let mut solver = Solver::new(&SilverDollar {
        bagging_the_dollar: false,
    });
    let mut checked = 0;
    for code in 0..3u32.pow(8) {
        let strip: Vec<Square> = (0..8)
            .map(|i| match code / 3u32.pow(i) % 3 {
                0 => Square::Empty,
                1 => Square::Coin,
                _ => Square::Dollar,
            })
            .collect();
        if strip.iter().filter(|&&s| s == Square::Dollar).count() != 1 {
            continue;
        }
        let coins: Vec<usize> = (0..strip.len())
            .filter(|&i| strip[i] != Square::Empty)
            .collect();
        let bag_is_free = strip[coins[0]] == Square::Coin;
        let mut gaps = vec![coins[0] as u64 + u64::from(bag_is_free)];
        gaps.extend(coins.windows(2).map(|w| (w[1] - w[0] - 1) as u64));
        let stairs: Vec<u64> = gaps.into_iter().rev().collect();
        let p = solver.outcome(&strip, Play::Normal).unwrap() == Outcome::P;
        assert_eq!(
            p,
            odd_stair_sum(&stairs) == 0,
            "{}",
            SilverDollar::default().show(&strip)
        );
        checked += 1;
    }
    assert_eq!(checked, 8 << 7, "every strip of 8 squares with one dollar");
}

/// A P-position of Wythoff's game too large to search had its value unknown, though a
/// P-position's value is 0 by the Sprague–Grundy theorem.
#[test]
fn a_p_position_has_value_0_without_a_search() {
    let analysis = conway::analyse("wythoff", "100000 161804").unwrap();
    assert_eq!(analysis.outcome, conway::engine::Outcome::P);
    assert_eq!(analysis.value.and_then(|v| v.nim_value()), Some(0));
    assert!(analysis.value_unknown.is_none());
}
