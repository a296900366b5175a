//! Chapter 4 of the textbook: coin-turning games, 2-D games, nim-multiplication, Tartan
//! games and the method of §4.5, with the corrections of `book-ch4-5.md`. Every closed form
//! and every winning-move finder is held to the mex definition or to a search over all
//! moves.

use crate::common::{
    self, check_table, check_values, moves, numbers, positions, products, value_of,
};
use conway::analysis::{Budget, Request};
use conway::coin::{values_by_mex, CoinGame, CoinRule, Lengths, MovingTwins, Rule, Square, Tartan};
use conway::engine::{Limits, Outcome, Play};
use conway::games::impartial::Subtraction;
use conway::games::ruleset;
use conway::heap::{find_period, nim_sequence, Heaps};
use conway::impartial::{Impartial, Solver};
use conway::nimber::{nim_mul, nim_sqrt};
use conway::partizan::Player;
use std::collections::BTreeSet;

fn coins(name: &str) -> CoinGame<Rule> {
    CoinGame::new(Rule::parse(name).unwrap())
}

fn tartan(rows: &str, columns: &str) -> Tartan<Rule, Rule> {
    Tartan::new(Rule::parse(rows).unwrap(), Rule::parse(columns).unwrap())
}

/// `g([x])` for `x` in `range`.
fn values(game: &CoinGame<Rule>, range: std::ops::RangeInclusive<u64>) -> Vec<u64> {
    range.map(|x| game.value(x).unwrap()).collect()
}

/// A game searched as a whole: the same moves, but no components and no closed forms, so
/// that the coin-turning theorem is tested rather than used.
struct Whole<'a, G>(&'a G);

impl<G: Impartial> Impartial for Whole<'_, G> {
    type Position = G::Position;

    fn options(&self, position: &G::Position) -> Vec<G::Position> {
        self.0.options(position)
    }
}

/// The winning moves the closed forms find, as a set.
fn winning<G: Impartial>(game: &G, position: &G::Position) -> BTreeSet<G::Position>
where
    G::Position: Ord,
{
    let moves = Solver::new(game)
        .winning_moves(position, Play::Normal)
        .unwrap();
    let set: BTreeSet<_> = moves.iter().cloned().collect();
    assert_eq!(set.len(), moves.len(), "no move twice");
    set
}

/// The winning moves found by searching every option, closed forms ignored.
fn winning_by_search<G: Impartial>(game: &G, position: &G::Position) -> BTreeSet<G::Position>
where
    G::Position: Ord,
{
    Solver::new(game)
        .by_search_only()
        .winning_moves(position, Play::Normal)
        .unwrap()
        .into_iter()
        .collect()
}

/// The product move `rows × columns` from the single head at their south-east corner.
fn product_move(rows: &[u64], columns: &[u64]) -> Vec<Square> {
    let mut squares: Vec<Square> = rows
        .iter()
        .flat_map(|&r| columns.iter().map(move |&c| (r, c)))
        .collect();
    squares.sort_unstable();
    squares
}

/// The heads after turning `turned` from `heads`.
fn after(heads: &[Square], turned: &[Square]) -> Vec<Square> {
    let set: BTreeSet<Square> = heads.iter().copied().collect();
    let turned: BTreeSet<Square> = turned.iter().copied().collect();
    set.symmetric_difference(&turned).copied().collect()
}

/// The squares `(x,y) (x,y) ...` of a two-dimensional position of the data.
fn squares(text: &str) -> Vec<Square> {
    text.split(' ')
        .map(|square| {
            let (x, y) = square
                .strip_prefix('(')
                .and_then(|s| s.strip_suffix(')'))
                .and_then(|s| s.split_once(','))
                .unwrap_or_else(|| panic!("{square} is not (x,y)"));
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// The block `ROWSxCOLUMNS` a move of the data turns (`1,2x3,4`: rows 1 and 2 by columns 3
/// and 4).
fn block(text: &str) -> Vec<Square> {
    let (rows, columns) = text.split_once('x').unwrap();
    let list = |text: &str| numbers(&text.replace(',', " "));
    product_move(&list(rows), &list(columns))
}

/// The value of every two-dimensional position of the text item `item` by `game`, and the
/// positions its winning moves leave, each move a block of the data.
fn check_squares<G: Impartial<Position = Vec<Square>>>(
    game: &G,
    value: impl Fn(&[Square]) -> u64,
    item: &str,
) {
    for known in positions(item) {
        let heads = squares(&known.position);
        assert_eq!(Some(value(&heads)), known.value, "{}", known.at);
    }
    for known in moves(item) {
        let heads = squares(&known.position);
        let expected: BTreeSet<_> = known
            .moves
            .iter()
            .map(|turned| after(&heads, &block(turned)))
            .collect();
        assert_eq!(winning(game, &heads), expected, "{}", known.at);
        assert_eq!(winning_by_search(game, &heads), expected, "{}", known.at);
    }
}

/// The value of every one-dimensional position of the text item `item` in the coin game of the
/// record (other games' records are left to the caller).
fn check_coin_values(item: &str) {
    for known in positions(item)
        .into_iter()
        .filter(|k| k.game.starts_with("coins:"))
    {
        let game = coins(&known.game["coins:".len()..]);
        let heads = numbers(&known.position);
        assert_eq!(
            game.position_value(&heads).ok(),
            known.value,
            "{}",
            known.at
        );
    }
}

/// The winning moves of every one-dimensional position of the text item `item`, in the coin
/// game of the record, by the closed forms and by search.
fn check_coin_moves(item: &str) {
    for known in moves(item) {
        let game = coins(&known.game["coins:".len()..]);
        let heads = numbers(&known.position);
        let expected: BTreeSet<_> = known.moves.iter().map(|m| numbers(m)).collect();
        assert_eq!(winning(&game, &heads), expected, "{}", known.at);
        assert_eq!(winning_by_search(&game, &heads), expected, "{}", known.at);
    }
}

#[test]
fn theorem_4_1_a_position_is_worth_the_nim_sum_of_its_heads() {
    for (name, coins_from, through) in [
        ("mock-turtles", 0, 7),
        ("ruler", 1, 8),
        ("grunt", 0, 8),
        ("turning-turtles", 1, 8),
        ("triplets", 0, 7),
    ] {
        let game = coins(name);
        let whole = Whole(&game);
        let mut solver = Solver::new(&whole);
        let n = through - coins_from + 1;
        for mask in 0u64..1 << n {
            let heads: Vec<u64> = (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| coins_from + i)
                .collect();
            assert_eq!(
                solver.nim_value(&heads).unwrap(),
                game.position_value(&heads).unwrap(),
                "{name} {heads:?}"
            );
        }
    }
}

#[test]
fn example_4_1_subtraction_games_as_coin_games() {
    let game = coins("subtraction:1,2,3");
    check_values("coins:subtraction:1,2,3", |x| game.value(x).unwrap());
    // THHTTH: heads on coins 2, 3 and 6, the sum of piles of 2, 3 and 6.
    check_coin_values("ch4 §4.1");
    // Any subtraction set: a head on coin x is a pile of x.
    for set in [
        vec![1, 3, 4],
        vec![2, 5],
        vec![1, 2, 3],
        vec![3, 7, 8],
        vec![4],
    ] {
        let piles = nim_sequence(
            &mut Solver::new(&Heaps(Subtraction::new(set.clone()).unwrap())).by_search_only(),
            80,
        )
        .unwrap();
        let name = |kind: &str| format!("{kind}:{}", set_name(&set));
        assert_eq!(values(&coins(&name("subtraction")), 1..=80), piles[1..]);
        // Exactly two coins: coin 1 is dead, and coin x plays like a pile of x − 1.
        assert_eq!(values(&coins(&name("subtraction-two")), 1..=81), piles);
        // Exercise 4.7: one or two coins, g_coin = 1 + g_S.
        let plus_one: Vec<u64> = piles.iter().map(|g| g + 1).collect();
        assert_eq!(values(&coins(&name("one-or-two")), 1..=81), plus_one);
    }
}

fn set_name(set: &[u64]) -> String {
    set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

#[test]
fn exercise_4_7_for_twelve_sets() {
    let sets: [&[u64]; 12] = [
        &[1],
        &[2],
        &[1, 2],
        &[1, 3],
        &[2, 3],
        &[1, 4],
        &[1, 3, 4],
        &[2, 4, 7],
        &[1, 2, 5],
        &[3, 5, 6],
        &[1, 5, 9],
        &[2, 3, 11],
    ];
    for set in sets {
        let piles = nim_sequence(
            &mut Solver::new(&Heaps(Subtraction::new(set.to_vec()).unwrap())),
            60,
        )
        .unwrap();
        let rule = Rule::parse(&format!("one-or-two:{}", set_name(set))).unwrap();
        let by_mex = values_by_mex(&rule, 61).unwrap();
        let plus_one: Vec<u64> = piles.iter().map(|g| g + 1).collect();
        assert_eq!(by_mex, plus_one, "{set:?}");
    }
}

#[test]
fn subtraction_coins_are_periodic_far_out() {
    for name in [
        "subtraction:1,3,4",
        "subtraction-two:2,5,7",
        "one-or-two:3,4,9",
        "subtraction:29",
    ] {
        let rule = Rule::parse(name).unwrap();
        let by_mex = values_by_mex(&rule, 3000).unwrap();
        let game = CoinGame::new(rule);
        // Ask far first, so that the period the table finds answers the rest.
        let far = 1_000_000_000_000u64;
        let value = game.value(far).unwrap();
        assert_eq!(values(&game, 1..=3000), by_mex, "{name}");
        let period = find_period(&by_mex).unwrap();
        let (start, length) = (period.preperiod as u64, period.period as u64);
        let index = start + (far - 1 - start) % length;
        assert_eq!(value, by_mex[index as usize], "{name}");
    }
    // S = {1, 3, 4}: period 7 from the start, and 10^12 ≡ 1 (mod 7).
    assert_eq!(coins("subtraction:1,3,4").value(1_000_000_000_000), Ok(1));
}

#[test]
fn example_4_2_twins_is_nim() {
    let rule = Rule::Twins;
    let by_mex = values_by_mex(&rule, 40).unwrap();
    assert_eq!(by_mex, (0..=40).collect::<Vec<_>>());
    let turtles = values_by_mex(&Rule::TurningTurtles, 40).unwrap();
    assert_eq!(turtles, (1..=40).collect::<Vec<_>>());
    assert_eq!(values(&coins("turning-turtles"), 1..=40), turtles);
}

#[test]
fn example_4_3_mock_turtles() {
    let game = coins("mock-turtles");
    check_values("coins:mock-turtles", |x| game.value(x).unwrap());
    // Theorem 4.2 against the mex definition.
    let by_mex = values_by_mex(game.rule(), 150).unwrap();
    assert_eq!(values(&game, 0..=150), by_mex);
    // The odious numbers in order.
    let odious: Vec<u64> = (0..)
        .filter(|n: &u64| n.count_ones() % 2 == 1)
        .take(151)
        .collect();
    assert_eq!(by_mex, odious);
    // Proposition 4.1: P iff the number of heads is even and their nim-sum is 0.
    for mask in 0u64..1 << 12 {
        let heads: Vec<u64> = (0..12).filter(|i| mask >> i & 1 == 1).collect();
        let xor = heads.iter().fold(0, |s, &x| s ^ x);
        let p = heads.len().is_multiple_of(2) && xor == 0;
        assert_eq!(game.position_value(&heads).unwrap() == 0, p, "{heads:?}");
    }
    check_coin_values("ch4 example 4.3");
    // Past 2^63 the value 2x + 1 overflows: a clear refusal, not a wrong answer.
    assert!(game.value(1 << 63).is_err());
    assert_eq!(game.value(1_000_000_000_000), Ok(2_000_000_000_000));
}

#[test]
fn example_4_4_ruler() {
    let game = coins("ruler");
    check_values("coins:ruler", |x| game.value(x).unwrap());
    assert_eq!(
        values(&game, 1..=300),
        values_by_mex(game.rule(), 300).unwrap()
    );
    assert_eq!(game.value(1_000_000_000_000), Ok(4096));
}

#[test]
fn example_4_5_grunt_is_grundys_game() {
    let game = coins("grunt");
    check_values("grundy", |x| game.value(x).unwrap());
    // Far coins need the mex recurrence: past its budget, a clear refusal.
    let error = game.value(10_000_000).unwrap_err().to_string();
    assert!(error.contains("too far"), "{error}");
}

#[test]
fn exercise_4_5_triplets_and_4_6_rulerette() {
    let triplets = coins("triplets");
    check_values("coins:triplets", |x| triplets.value(x).unwrap());
    assert_eq!(
        values(&triplets, 0..=90),
        values_by_mex(triplets.rule(), 90).unwrap()
    );
    let rulerette = coins("rulerette");
    check_values("coins:rulerette", |x| rulerette.value(x).unwrap());
    assert_eq!(
        values(&rulerette, 1..=300),
        values_by_mex(rulerette.rule(), 300).unwrap()
    );
    let ruler = coins("ruler");
    for x in 1..200 {
        assert_eq!(rulerette.value(2 * x), ruler.value(x));
    }
}

/// Every 1-D finder against a pass over all moves, for every target, every head of a row.
#[test]
fn one_dimensional_winning_moves_match_search() {
    for name in [
        "twins",
        "turning-turtles",
        "mock-turtles",
        "ruler",
        "grunt",
        "triplets",
        "rulerette",
        "subtraction:1,3,4",
        "subtraction-two:1,2,3,4",
        "one-or-two:2,3",
    ] {
        let game = coins(name);
        let origin = game.rule().origin();
        for heads in [
            vec![origin + 3, origin + 5, origin + 8],
            vec![origin, origin + 1, origin + 2, origin + 4, origin + 6],
            vec![origin + 11],
            vec![origin + 2, origin + 9, origin + 13],
        ] {
            assert_eq!(
                winning(&game, &heads),
                winning_by_search(&game, &heads),
                "{name} {heads:?}"
            );
            let mut solver = Solver::new(&game);
            let mut searcher = Solver::new(&game).by_search_only();
            for value in 0..20 {
                let target = conway::impartial::Target::Value(value);
                // All of them, and the first two with the others counted.
                for keep in [usize::MAX, 2] {
                    let fast = solver.moves_to(&heads, target, keep).unwrap();
                    let slow = searcher.moves_to(&heads, target, keep).unwrap();
                    assert_eq!(fast, slow, "{name} {heads:?} to {value}: in the same order");
                }
            }
        }
    }
}

#[test]
fn exercise_4_2_one_row_four_games() {
    // TTHTHHTTH in (a) Turning Turtles, (b) Twins, (c) S = {1, 3, 4}, exactly two coins,
    // numbered from 1, and the same with the single-coin move of Example 4.1, (d) Mock Turtles.
    check_coin_values("ch4 ex 4.2");
    check_coin_moves("ch4 ex 4.2");
    // (a) as the ruleset reads the row.
    for known in positions("ch4 ex 4.2(a)") {
        if known.game.starts_with("coins:") {
            continue;
        }
        let report = common::solve(&known.game, &known.position, known.play, 10);
        assert_eq!(report.outcome, known.outcome, "{}", known.at);
        assert_eq!(report.nim_value, known.value, "{}", known.at);
    }
}

#[test]
fn exercise_4_3_three_winning_moves() {
    check_coin_values("ch4 ex 4.3");
    check_coin_moves("ch4 ex 4.3");
    let [example] = &positions("ch4 ex 4.3")[..] else {
        panic!("one position")
    };
    let position = ruleset(&example.game)
        .unwrap()
        .parse(&example.position)
        .unwrap();
    let described: BTreeSet<String> = position
        .analyse(&Request::new(Play::Normal, &Budget::default))
        .unwrap()
        .moves
        .iter()
        .map(|m| position.describe_move(Player::Left, &m.to))
        .collect();
    assert_eq!(
        described,
        BTreeSet::from([
            "turn coin 1".to_string(),
            "turn coins 6, 5 and 2".to_string(),
            "turn coins 6, 4 and 3".to_string(),
        ])
    );
}

#[test]
fn example_4_6_moving_twins() {
    // Table 4.1, the nim-sum table.
    let mut search = Solver::new(&MovingTwins).by_search_only();
    check_table("nim-sum", |x, y| {
        let by_mex = search.nim_value(&vec![(x, y)]).unwrap();
        assert_eq!(MovingTwins.value((x, y)), by_mex);
        by_mex
    });
    // Fig 2.4: value 3 and exactly three winning moves.
    let value = |heads: &[Square]| {
        Solver::new(&MovingTwins)
            .nim_value(&heads.to_vec())
            .unwrap()
    };
    check_squares(&MovingTwins, value, "ch4 example 4.6");
}

/// The Tartan theorem against direct mex (the solver's search, closed forms ignored) on
/// the board `rows × columns`.
fn tartan_by_mex(
    game: &Tartan<Rule, Rule>,
    rows: std::ops::Range<u64>,
    columns: std::ops::Range<u64>,
) {
    let mut search = Solver::new(game).by_search_only();
    for x in rows {
        for y in columns.clone() {
            assert_eq!(
                search.nim_value(&vec![(x, y)]).unwrap(),
                game.value((x, y)).unwrap(),
                "({x},{y})"
            );
        }
    }
}

#[test]
fn example_4_7_turning_corners() {
    // Table 4.2 as corrected, the nim-multiplication table of GF(16).
    let corners = tartan("twins", "twins");
    check_table("nim-product", |x, y| corners.value((x, y)).unwrap());
    tartan_by_mex(&corners, 0..9, 0..9);
    let g = |x, y| corners.value((x, y)).unwrap();
    assert_eq!(g(4, 4), 6);
    // g[(4,4)] by its ten options up to symmetry.
    let options: Vec<u64> = [
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 2),
        (2, 3),
        (3, 3),
    ]
    .iter()
    .map(|&(a, b)| g(a, b) ^ g(a, 4) ^ g(4, b))
    .collect();
    assert_eq!(options, [0, 4, 8, 12, 1, 14, 11, 3, 5, 2]);
    // Fig 2.4: value 4, and the one winning move turns the corners of (3,3)–(4,4).
    let value = |heads: &[Square]| corners.position_value(heads).unwrap();
    check_squares(&corners, value, "ch4 example 4.7");
    let [example] = &positions("ch4 example 4.7")[..] else {
        panic!("one position")
    };
    let report = common::solve(&example.game, &example.position, example.play, 10);
    assert_eq!(report.outcome, example.outcome);
    assert_eq!(report.nim_value, example.value);
    assert_eq!(
        report.winning_moves[0].description,
        "turn coins (4,4), (4,3), (3,4) and (3,3)"
    );
}

#[test]
fn exercise_4_8_nim_products() {
    for item in ["ch4 ex 4.8(a)", "ch4 §4.3 worked example"] {
        for (a, b, product) in products(item) {
            assert_eq!(nim_mul(a, b), product, "{a} ⊗ {b}");
        }
    }
    // (b) the square root of 8.
    for (a, b, square) in products("ch4 ex 4.8(b)") {
        assert_eq!((nim_mul(a, b), nim_sqrt(square)), (square, a));
    }
    // (c) the two roots of x ⊗ x ⊕ x ⊕ c = 0: their sum 1, their product c.
    for (a, b, c) in products("ch4 ex 4.8(c)") {
        let roots: Vec<u64> = (0..256).filter(|&x| nim_mul(x, x) ^ x ^ c == 0).collect();
        assert_eq!(roots, [a, b]);
        assert_eq!((a ^ b, nim_mul(a, b)), (1, c));
    }
}

#[test]
fn example_4_8_turtles_squared() {
    let turtles = tartan("turning-turtles", "turning-turtles");
    tartan_by_mex(&turtles, 1..8, 1..8);
    for x in 1..12 {
        for y in 1..12 {
            assert_eq!(turtles.value((x, y)), Ok(nim_mul(x, y)));
        }
    }
    let value = |heads: &[Square]| turtles.position_value(heads).unwrap();
    check_squares(&turtles, value, "ch4 example 4.8");
}

#[test]
fn example_4_9_rugs() {
    // Table 4.3, the nim-products of the Ruler values that head its rows and columns.
    let rugs = tartan("ruler", "ruler");
    let ruler = |x| value_of("coins:ruler", x);
    check_table("rugs", |x, y| {
        let cell = rugs.value((x, y)).unwrap();
        assert_eq!(cell, nim_mul(ruler(x), ruler(y)));
        cell
    });
    tartan_by_mex(&rugs, 1..10, 1..10);
    // Fig 2.4 and its four winning moves; the book's leaves rows 1–2 and 4 and 5 holding
    // HHHHT, HHHTT, (4,3) and (5,5).
    let value = |heads: &[Square]| rugs.position_value(heads).unwrap();
    check_squares(&rugs, value, "ch4 example 4.9");
    check_books_move(&rugs, "ch4 example 4.9");
}

/// The position the book's move leaves (a P-position of the text item `item`) is what one of
/// the winning moves from the item's N-position leaves.
fn check_books_move<G: Impartial<Position = Vec<Square>>>(game: &G, item: &str) {
    let known = positions(item);
    let [start] = &known
        .iter()
        .filter(|k| k.outcome == Outcome::N)
        .collect::<Vec<_>>()[..]
    else {
        panic!("{item}: one N-position")
    };
    let after_the_move = known.iter().filter(|k| k.outcome == Outcome::P);
    let winners = winning(game, &squares(&start.position));
    for book in after_the_move {
        assert!(winners.contains(&squares(&book.position)), "{}", book.at);
    }
}

#[test]
fn section_4_5_mock_turtles_squared() {
    // Table 4.4, the nim-products of the Mock Turtles values that head its rows and columns.
    let mock = tartan("mock-turtles", "mock-turtles");
    let g = |x| value_of("coins:mock-turtles", x);
    check_table("mock-turtles-squared", |x, y| {
        let cell = mock.value((x, y)).unwrap();
        assert_eq!(cell, nim_mul(g(x), g(y)));
        cell
    });
    tartan_by_mex(&mock, 0..7, 0..7);
    // Fig 3.4: heads (0,1) and (4,5), worth 2 and 9.
    assert_eq!(mock.option_bound(&vec![(4, 5)]), Some(176));
    // Step 1: the corners (u1, u2) below (8, 11) that take 9 to 2.
    let corners: Vec<(u64, u64)> = (0..8)
        .flat_map(|u1| (0..11).map(move |u2| (u1, u2)))
        .filter(|&(u1, u2)| nim_mul(u1, u2) ^ nim_mul(u1, 11) ^ nim_mul(8, u2) == 2)
        .collect();
    assert_eq!(corners, [(1, 1), (2, 2), (3, 10), (4, 7), (5, 8)]);
    // All nine winning moves; the book's leaves rows 0, 1 and 4 worth 3, 2 and 1.
    let value = |heads: &[Square]| mock.position_value(heads).unwrap();
    check_squares(&mock, value, "ch4 §4.5");
    check_books_move(&mock, "ch4 §4.5");
}

#[test]
fn exercise_4_10_mock_turtles_times_ruler() {
    let game = tartan("mock-turtles", "ruler");
    check_table("mock-turtles-by-ruler", |x, y| game.value((x, y)).unwrap());
    tartan_by_mex(&game, 0..6, 1..9);
    let value = |heads: &[Square]| game.position_value(heads).unwrap();
    check_squares(&game, value, "ch4 ex 4.10");
}

#[test]
fn exercise_4_11_rugs_on_a_square() {
    let rugs = tartan("ruler", "ruler");
    let squares = |n: u64, parity: u64| -> Vec<Square> {
        (1..=n)
            .flat_map(|i| (1..=n).map(move |j| (i, j)))
            .filter(|&(i, j)| (i + j) % 2 == parity)
            .collect()
    };
    for n in 1..=20u64 {
        assert_eq!(rugs.position_value(&squares(n, 1)), Ok(0), "odd, n = {n}");
    }
    check_values("rugs-even", |n| {
        rugs.position_value(&squares(n, 0)).unwrap()
    });
    // The second player's replies on a small board, by search.
    let mut solver = Solver::new(&rugs);
    let odd: Vec<Square> = vec![(1, 2), (2, 1), (2, 3), (3, 2)];
    assert_eq!(solver.outcome(&odd, Play::Normal), Ok(Outcome::P));
}

#[test]
fn exercise_4_12_a_hundred_by_a_hundred() {
    let game = tartan("subtraction-two:1,2,3,4", "ruler");
    for x in 1..=100 {
        assert_eq!(game.rows().value(x), Ok((x - 1) % 5));
    }
    for known in positions("ch4 ex 4.12") {
        let heads = squares(&known.position);
        assert_eq!(
            game.position_value(&heads).ok(),
            known.value,
            "{}",
            known.at
        );
    }
    for known in moves("ch4 ex 4.12") {
        let heads = squares(&known.position);
        let only: BTreeSet<_> = known
            .moves
            .iter()
            .map(|turned| after(&heads, &block(turned)))
            .collect();
        assert_eq!(winning(&game, &heads), only, "{}", known.at);
        // Against every option, valued by the closed forms (checked by mex above).
        let by_options: BTreeSet<Vec<Square>> = game
            .options(&heads)
            .into_iter()
            .filter(|o| game.position_value(o) == Ok(0))
            .collect();
        assert_eq!(by_options, only, "{}", known.at);
    }
    tartan_by_mex(&game, 1..8, 1..8);
}

/// Every Tartan finder against a pass over all moves, for many targets.
#[test]
fn tartan_moves_to_every_value_match_search() {
    for (rows, columns) in [
        ("mock-turtles", "ruler"),
        ("twins", "twins"),
        ("triplets", "rulerette"),
        ("grunt", "subtraction:1,3"),
        ("one-or-two:2", "turning-turtles"),
    ] {
        let game = tartan(rows, columns);
        let (r, c) = (game.rows().rule().origin(), game.columns().rule().origin());
        let heads = vec![(r + 1, c + 4), (r + 5, c + 3), (r + 6, c + 6)];
        let mut solver = Solver::new(&game);
        let mut searcher = Solver::new(&game).by_search_only();
        for value in 0..16 {
            let target = conway::impartial::Target::Value(value);
            let fast = solver.moves_to(&heads, target, usize::MAX).unwrap();
            let slow = searcher.moves_to(&heads, target, usize::MAX).unwrap();
            assert_eq!(fast, slow, "{rows}*{columns} to {value}");
        }
    }
}

#[test]
fn exercise_4_3_the_fastest_win() {
    let mock = coins("mock-turtles");
    let heads = vec![0, 1, 2, 4, 6];
    let lengths = Lengths::of(&mock, heads.clone(), Limits::default()).unwrap();
    // After each winning move, the loser delays and the winner hurries: 7, 5 and 3 moves in
    // all, the move made included.
    let total = |after: Vec<u64>| lengths.remoteness(&after).map(|r| r + 1);
    assert_eq!(total(vec![0, 2, 4, 6]), Some(7));
    assert_eq!(total(vec![0, 1, 4, 5]), Some(5));
    assert_eq!(total(vec![0, 1, 2, 3]), Some(3));
    assert_eq!(lengths.remoteness(&heads), Some(3));
}

#[test]
fn exercise_4_4_the_longest_play() {
    let longest = |name: &str, head: u64| {
        let game = coins(name);
        Lengths::of(&game, vec![head], Limits::default())
            .unwrap()
            .longest(&vec![head])
            .unwrap()
    };
    // Seven coins, only the rightmost heads.
    assert_eq!(longest("turning-turtles", 7), 7);
    assert_eq!(longest("mock-turtles", 6), 33);
    assert_eq!(longest("ruler", 7), 64);
    // n coins: n, F(n+2) − 1 and 2^(n−1).
    for n in 1..=9u64 {
        assert_eq!(longest("turning-turtles", n), n);
        assert_eq!(longest("ruler", n), 1 << (n - 1));
    }
    let fibonacci_less_one = [1, 2, 4, 7, 12, 20, 33, 54, 88];
    for n in 1..=9u64 {
        assert_eq!(
            longest("mock-turtles", n - 1),
            fibonacci_less_one[n as usize - 1]
        );
    }
    // A single head is won at once.
    let game = coins("ruler");
    let lengths = Lengths::of(&game, vec![7], Limits::default()).unwrap();
    assert_eq!(lengths.remoteness(&vec![7]), Some(1));
}

/// The winning moves of `heads`: the first `keep` and their number.
fn winning_count<G: Impartial>(
    game: &G,
    heads: &G::Position,
    keep: usize,
) -> (Vec<G::Position>, u64) {
    let moves = Solver::new(game)
        .moves_to(heads, conway::impartial::Target::Value(0), keep)
        .unwrap();
    (moves.first, moves.total)
}

/// Far heads of Tartan products: the moves counted through the classes of the factor with
/// fewer, never listed (a block-class count by hand gives the same numbers).
#[test]
fn tartan_moves_far_out_are_counted_by_classes() {
    let rugs = tartan("ruler", "ruler");
    for (square, value, count) in [
        ((3000, 3000), 13, 135),
        ((1_000_000, 10), 128, 2),
        ((100_000, 10), 48, 7),
    ] {
        assert_eq!(rugs.value(square), Ok(value));
        assert_eq!(
            winning_count(&rugs, &vec![square], 0).1,
            count,
            "{square:?}"
        );
    }
    // A nim-product far out: among the moves, one that turns coin (0, 93143).
    let game = tartan("twins", "turning-turtles");
    let heads = vec![(3328, 93143)];
    let (moves, count) = winning_count(&game, &heads, usize::MAX);
    assert_eq!(moves.len() as u64, count);
    assert!(moves.iter().all(|m| game.position_value(m) == Ok(0)));
    assert!(moves.iter().any(|m| m.contains(&(0, 93143))));
    let corners = tartan("twins", "twins");
    let (moves, count) = winning_count(&corners, &vec![(4000, 4000)], 5);
    assert!(count >= 5);
    assert!(moves.iter().all(|m| corners.position_value(m) == Ok(0)));
}

/// Mock Turtles' pairs worth `w` are counted by bits, and only the first few listed.
#[test]
fn mock_turtles_far_out_count_their_pairs() {
    let mock = coins("mock-turtles");
    for (far, count) in [(1_000_000, 500_000), (10_000_000, 5_000_000)] {
        let (first, total) = winning_count(&mock, &vec![5, 7, far], 3);
        assert_eq!(total, count);
        assert_eq!(
            first,
            [vec![0, 2, 5, 7], vec![1, 3, 5, 7], vec![4, 5, 6, 7]]
        );
    }
}

/// Where no finder knows the moves and listing them is past the limits, the outcome and the
/// value still come, the moves marked unknown; a P-position needs no moves at all.
#[test]
fn unknown_moves_do_not_hide_the_value() {
    let report = common::solve(
        "tartan:ruler*ruler",
        "(1000000000,1000000000)",
        Play::Normal,
        20,
    );
    assert_eq!(report.outcome, Outcome::N);
    assert_eq!(report.nim_value, Some(nim_mul(1 << 9, 1 << 9)));
    assert_eq!(report.winning_move_count, None);
    assert!(report.moves_unknown.unwrap().contains("positions"));
    assert!(report.winning_moves.is_empty());
    let report = common::solve(
        "tartan:ruler*ruler",
        "(1073741824,1073741824) (3221225472,1073741824)",
        Play::Normal,
        20,
    );
    assert_eq!(report.outcome, Outcome::P);
    assert_eq!(report.winning_move_count, Some(0));
}

/// Mock Turtles' coin 2^63 is worth 2^64 or more by Theorem 4.2: too large, not unknown.
#[test]
fn mock_turtles_past_64_bits_say_so() {
    let error = ruleset("coins:mock-turtles")
        .unwrap()
        .parse("9223372036854775808")
        .unwrap_err()
        .to_string();
    assert!(error.contains("64 bits"), "{error}");
    assert!(!error.contains("no closed form"), "{error}");
    assert!(ruleset("coins:mock-turtles")
        .unwrap()
        .parse("9223372036854775807")
        .is_ok());
}

/// Options far larger than their position (Ruler blocks of a million coins) are refused
/// before they are built, counted for their size.
#[test]
fn huge_options_are_refused_before_they_are_built() {
    let rugs = tartan("ruler", "ruler");
    let mut solver = Solver::new(&rugs);
    assert!(solver.outcome(&vec![(3000, 3000)], Play::Misere).is_err());
    let ruler = coins("ruler");
    let mut solver = Solver::new(&ruler);
    assert!(solver.outcome(&vec![1_000_000], Play::Misere).is_err());
}
