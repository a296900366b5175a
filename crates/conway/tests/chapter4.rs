//! Chapter 4 of the textbook: coin-turning games, 2-D games, nim-multiplication, Tartan
//! games and the method of §4.5, with the corrections of `book-ch4-5.md`. Every closed form
//! and every winning-move finder is held to the mex definition or to a search over all
//! moves.

mod common;

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
    assert_eq!(values(&game, 1..=11), [1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    // THHTTH: heads on coins 2, 3 and 6, the sum of piles of 2, 3 and 6.
    assert_eq!(game.position_value(&[2, 3, 6]).unwrap(), 2 ^ 3 ^ 2);
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
    assert_eq!(
        values(&game, 0..=13),
        [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26]
    );
    assert_eq!(
        values(&game, 14..=40),
        [
            28, 31, 32, 35, 37, 38, 41, 42, 44, 47, 49, 50, 52, 55, 56, 59, 61, 62, 64, 67, 69, 70,
            73, 74, 76, 79, 81
        ]
    );
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
    assert_eq!(game.position_value(&[1, 2, 3]), Ok(1));
    assert_eq!(game.position_value(&[0, 1, 2, 3]), Ok(0));
    // Past 2^63 the value 2x + 1 overflows: a clear refusal, not a wrong answer.
    assert!(game.value(1 << 63).is_err());
    assert_eq!(game.value(1_000_000_000_000), Ok(2_000_000_000_000));
}

#[test]
fn example_4_4_ruler() {
    let game = coins("ruler");
    assert_eq!(
        values(&game, 1..=14),
        [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2]
    );
    assert_eq!((game.value(16), game.value(32)), (Ok(16), Ok(32)));
    assert_eq!(
        values(&game, 1..=300),
        values_by_mex(game.rule(), 300).unwrap()
    );
    assert_eq!(game.value(1_000_000_000_000), Ok(4096));
}

#[test]
fn example_4_5_grunt_is_grundys_game() {
    let game = coins("grunt");
    assert_eq!(
        values(&game, 0..=30),
        [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2, 3
        ]
    );
    // Far coins need the mex recurrence: past its budget, a clear refusal.
    let error = game.value(10_000_000).unwrap_err().to_string();
    assert!(error.contains("too far"), "{error}");
}

#[test]
fn exercise_4_5_triplets_and_4_6_rulerette() {
    let triplets = coins("triplets");
    assert_eq!(
        values(&triplets, 0..=10),
        [0, 0, 1, 2, 4, 7, 8, 11, 13, 14, 16]
    );
    assert_eq!(
        values(&triplets, 0..=90),
        values_by_mex(triplets.rule(), 90).unwrap()
    );
    let rulerette = coins("rulerette");
    assert_eq!(
        values(&rulerette, 1..=16),
        [0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 8]
    );
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
    // TTHTHHTTH.
    let turtles = coins("turning-turtles");
    let heads = vec![3, 5, 6, 9];
    assert_eq!(turtles.position_value(&heads), Ok(9));
    assert_eq!(winning(&turtles, &heads), BTreeSet::from([vec![3, 5, 6]]));
    let report = common::solve("turning-turtles", "TTHTHHTTH", Play::Normal, 10);
    assert_eq!(report.nim_value, Some(9));

    let twins = coins("twins");
    let heads = vec![2, 4, 5, 8];
    assert_eq!(twins.position_value(&heads), Ok(11));
    assert_eq!(winning(&twins, &heads), BTreeSet::from([vec![2, 3, 4, 5]]));

    // (c) S = {1, 3, 4}, exactly two coins, numbered from 1: heads 3, 5, 6, 9 are P; and the
    // same with the single-coin move of Example 4.1.
    for name in ["subtraction-two:1,3,4", "subtraction:1,3,4"] {
        let game = coins(name);
        assert_eq!(game.position_value(&[3, 5, 6, 9]), Ok(0), "{name}");
        assert!(winning(&game, &vec![3, 5, 6, 9]).is_empty());
    }

    let mock = coins("mock-turtles");
    assert_eq!(mock.position_value(&heads), Ok(23));
    assert_eq!(winning(&mock, &heads), BTreeSet::from([vec![2, 3, 4, 5]]));
}

#[test]
fn exercise_4_3_three_winning_moves() {
    let mock = coins("mock-turtles");
    let heads = vec![0, 1, 2, 4, 6];
    assert_eq!(mock.position_value(&heads), Ok(2));
    let moves = winning(&mock, &heads);
    assert_eq!(
        moves,
        BTreeSet::from([vec![0, 2, 4, 6], vec![0, 1, 4, 5], vec![0, 1, 2, 3]])
    );
    assert_eq!(moves, winning_by_search(&mock, &heads));
    let position = ruleset("coins:mock-turtles")
        .unwrap()
        .parse("0 1 2 4 6")
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
    let table: [[u64; 10]; 10] = [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        [1, 0, 3, 2, 5, 4, 7, 6, 9, 8],
        [2, 3, 0, 1, 6, 7, 4, 5, 10, 11],
        [3, 2, 1, 0, 7, 6, 5, 4, 11, 10],
        [4, 5, 6, 7, 0, 1, 2, 3, 12, 13],
        [5, 4, 7, 6, 1, 0, 3, 2, 13, 12],
        [6, 7, 4, 5, 2, 3, 0, 1, 14, 15],
        [7, 6, 5, 4, 3, 2, 1, 0, 15, 14],
        [8, 9, 10, 11, 12, 13, 14, 15, 0, 1],
        [9, 8, 11, 10, 13, 12, 15, 14, 1, 0],
    ];
    let mut search = Solver::new(&MovingTwins).by_search_only();
    for x in 0..10 {
        for y in 0..10 {
            let by_mex = search.nim_value(&vec![(x, y)]).unwrap();
            assert_eq!(
                (by_mex, MovingTwins.value((x, y))),
                (table[x as usize][y as usize], by_mex)
            );
        }
    }
    // Fig 2.4: value 3 and exactly three winning moves.
    let heads = vec![(1, 3), (3, 2), (4, 4)];
    assert_eq!(Solver::new(&MovingTwins).nim_value(&heads), Ok(3));
    let expected = BTreeSet::from([
        after(&heads, &[(3, 2), (3, 1)]),
        after(&heads, &[(3, 2), (0, 2)]),
        after(&heads, &[(1, 3), (1, 0)]),
    ]);
    assert_eq!(winning(&MovingTwins, &heads), expected);
    assert_eq!(winning_by_search(&MovingTwins, &heads), expected);
}

/// Table 4.2 as corrected: the nim-multiplication table of GF(16).
const TABLE_4_2: [[u64; 16]; 16] = [
    [0; 16],
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5],
    [0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10],
    [0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1],
    [0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14],
    [0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4],
    [0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11],
    [0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2],
    [0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13],
    [0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7],
    [0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8],
    [0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3],
    [0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12],
    [0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6],
    [0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9],
];

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
    let corners = tartan("twins", "twins");
    for x in 0..16 {
        for y in 0..16 {
            assert_eq!(corners.value((x, y)), Ok(TABLE_4_2[x as usize][y as usize]));
        }
    }
    tartan_by_mex(&corners, 0..9, 0..9);
    assert_eq!(corners.value((4, 4)), Ok(6));
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
    .map(|&(a, b)| TABLE_4_2[a][b] ^ TABLE_4_2[a][4] ^ TABLE_4_2[4][b])
    .collect();
    assert_eq!(options, [0, 4, 8, 12, 1, 14, 11, 3, 5, 2]);
    // Fig 2.4: value 4, and the one winning move turns the corners of (3,3)–(4,4).
    let heads = vec![(1, 3), (3, 2), (4, 4)];
    assert_eq!(corners.position_value(&heads), Ok(4));
    let only = BTreeSet::from([vec![(1, 3), (3, 2), (3, 3), (3, 4), (4, 3)]]);
    assert_eq!(winning(&corners, &heads), only);
    assert_eq!(winning_by_search(&corners, &heads), only);
    let report = common::solve("turning-corners", "(1,3) (3,2) (4,4)", Play::Normal, 10);
    assert_eq!(report.nim_value, Some(4));
    assert_eq!(
        report.winning_moves[0].description,
        "turn coins (4,4), (4,3), (3,4) and (3,3)"
    );
}

#[test]
fn exercise_4_8_nim_products() {
    assert_eq!(
        (nim_mul(21, 6), nim_mul(40, 25), nim_mul(14, 15)),
        (104, 73, 6)
    );
    assert_eq!(nim_sqrt(8), 14);
    let roots: Vec<u64> = (0..256).filter(|&x| nim_mul(x, x) ^ x ^ 6 == 0).collect();
    assert_eq!(roots, [14, 15]);
    assert_eq!((nim_mul(24, 17), nim_mul(8, 8)), (128, 13));
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
    let heads = vec![(2, 4), (4, 3), (5, 5)];
    assert_eq!(turtles.position_value(&heads), Ok(3));
    let expected = BTreeSet::from([
        after(&heads, &product_move(&[2, 5], &[3, 5])),
        after(&heads, &product_move(&[3, 5], &[2, 5])),
    ]);
    assert_eq!(winning(&turtles, &heads), expected);
    assert_eq!(winning_by_search(&turtles, &heads), expected);
}

#[test]
fn example_4_9_rugs() {
    let rugs = tartan("ruler", "ruler");
    let ruler = [1u64, 2, 1, 4, 1, 2, 1, 8];
    let table_4_3: [[u64; 8]; 8] = [
        [1, 2, 1, 4, 1, 2, 1, 8],
        [2, 3, 2, 8, 2, 3, 2, 12],
        [1, 2, 1, 4, 1, 2, 1, 8],
        [4, 8, 4, 6, 4, 8, 4, 11],
        [1, 2, 1, 4, 1, 2, 1, 8],
        [2, 3, 2, 8, 2, 3, 2, 12],
        [1, 2, 1, 4, 1, 2, 1, 8],
        [8, 12, 8, 11, 8, 12, 8, 13],
    ];
    for x in 1..=8 {
        for y in 1..=8 {
            let cell = table_4_3[x as usize - 1][y as usize - 1];
            assert_eq!(rugs.value((x, y)), Ok(cell));
            assert_eq!(cell, nim_mul(ruler[x as usize - 1], ruler[y as usize - 1]));
        }
    }
    tartan_by_mex(&rugs, 1..10, 1..10);
    let heads = vec![(2, 4), (4, 3), (5, 5)];
    let values: Vec<u64> = heads.iter().map(|&s| rugs.value(s).unwrap()).collect();
    assert_eq!(values, [8, 4, 1]);
    assert_eq!(rugs.position_value(&heads), Ok(13));
    let block = |rows: std::ops::RangeInclusive<u64>, columns: std::ops::RangeInclusive<u64>| {
        let rows: Vec<u64> = rows.collect();
        let columns: Vec<u64> = columns.collect();
        after(&heads, &product_move(&rows, &columns))
    };
    let expected = BTreeSet::from([
        block(1..=2, 1..=4),
        block(1..=4, 2..=3),
        block(1..=5, 4..=5),
        block(4..=5, 1..=5),
    ]);
    assert_eq!(winning(&rugs, &heads), expected);
    assert_eq!(winning_by_search(&rugs, &heads), expected);
    // The book's move: rows 1–2 and 4 and 5 then hold HHHHT, HHHTT, (4,3) and (5,5).
    assert_eq!(
        block(1..=2, 1..=4),
        vec![
            (1, 1),
            (1, 2),
            (1, 3),
            (1, 4),
            (2, 1),
            (2, 2),
            (2, 3),
            (4, 3),
            (5, 5)
        ]
    );
}

#[test]
fn section_4_5_mock_turtles_squared() {
    let mock = tartan("mock-turtles", "mock-turtles");
    let g = [1u64, 2, 4, 7, 8, 11];
    let table_4_4: [[u64; 6]; 5] = [
        [1, 2, 4, 7, 8, 11],
        [2, 3, 8, 9, 12, 13],
        [4, 8, 6, 10, 11, 7],
        [7, 9, 10, 4, 15, 1],
        [8, 12, 11, 15, 13, 9],
    ];
    for x in 0..5 {
        for y in 0..6 {
            assert_eq!(mock.value((x, y)), Ok(table_4_4[x as usize][y as usize]));
            assert_eq!(
                table_4_4[x as usize][y as usize],
                nim_mul(g[x as usize], g[y as usize])
            );
        }
    }
    tartan_by_mex(&mock, 0..7, 0..7);
    // Fig 3.4: heads (0,1) and (4,5), worth 2 and 9.
    let heads = vec![(0, 1), (4, 5)];
    assert_eq!(mock.position_value(&heads), Ok(11));
    assert_eq!(mock.option_bound(&vec![(4, 5)]), Some(176));
    // Step 1: the corners (u1, u2) below (8, 11) that take 9 to 2.
    let corners: Vec<(u64, u64)> = (0..8)
        .flat_map(|u1| (0..11).map(move |u2| (u1, u2)))
        .filter(|&(u1, u2)| nim_mul(u1, u2) ^ nim_mul(u1, 11) ^ nim_mul(8, u2) == 2)
        .collect();
    assert_eq!(corners, [(1, 1), (2, 2), (3, 10), (4, 7), (5, 8)]);
    // All nine winning moves.
    let moves = [
        (vec![4], vec![3, 4, 5]),
        (vec![0, 4], vec![0, 5]),
        (vec![1, 4], vec![1, 5]),
        (vec![2, 4], vec![3, 5]),
        (vec![3, 4], vec![2, 4, 5]),
        (vec![0, 1, 4], vec![1, 4, 5]),
        (vec![0, 2, 4], vec![4, 5]),
        (vec![1, 3, 4], vec![4, 5]),
        (vec![2, 3, 4], vec![1, 4, 5]),
    ];
    let expected: BTreeSet<Vec<Square>> = moves
        .iter()
        .map(|(rows, columns)| after(&heads, &product_move(rows, columns)))
        .collect();
    assert_eq!(winning(&mock, &heads), expected);
    assert_eq!(winning_by_search(&mock, &heads), expected);
    // The book's move leaves rows 0, 1 and 4 worth 3, 2 and 1.
    let book = after(&heads, &product_move(&[0, 1, 4], &[1, 4, 5]));
    assert_eq!(
        book,
        vec![(0, 4), (0, 5), (1, 1), (1, 4), (1, 5), (4, 1), (4, 4)]
    );
    assert_eq!(mock.position_value(&book), Ok(0));
}

#[test]
fn exercise_4_10_mock_turtles_times_ruler() {
    let game = tartan("mock-turtles", "ruler");
    let table: [[u64; 8]; 5] = [
        [1, 2, 1, 4, 1, 2, 1, 8],
        [2, 3, 2, 8, 2, 3, 2, 12],
        [4, 8, 4, 6, 4, 8, 4, 11],
        [7, 9, 7, 10, 7, 9, 7, 15],
        [8, 12, 8, 11, 8, 12, 8, 13],
    ];
    for x in 0..5 {
        for y in 1..=8 {
            assert_eq!(game.value((x, y)), Ok(table[x as usize][y as usize - 1]));
        }
    }
    tartan_by_mex(&game, 0..6, 1..9);
    let heads = vec![(0, 2), (4, 8)];
    assert_eq!(game.position_value(&heads), Ok(15));
    let moves = [
        (vec![0, 1, 4], vec![6, 7, 8]),
        (vec![2, 3, 4], vec![6, 7, 8]),
        (vec![2, 4], vec![4, 5, 6, 7, 8]),
        (vec![0, 3, 4], (1..=8).collect()),
        (vec![1, 2, 4], (1..=8).collect()),
    ];
    let expected: BTreeSet<Vec<Square>> = moves
        .iter()
        .map(|(rows, columns)| after(&heads, &product_move(rows, columns)))
        .collect();
    assert_eq!(winning(&game, &heads), expected);
    assert_eq!(winning_by_search(&game, &heads), expected);
}

#[test]
fn exercise_4_11_rugs_on_a_square() {
    let rugs = tartan("ruler", "ruler");
    let even = [
        1, 2, 3, 5, 4, 7, 6, 11, 10, 9, 8, 14, 15, 12, 13, 21, 20, 23, 22, 16,
    ];
    for n in 1..=20u64 {
        let squares = |parity: u64| -> Vec<Square> {
            (1..=n)
                .flat_map(|i| (1..=n).map(move |j| (i, j)))
                .filter(|&(i, j)| (i + j) % 2 == parity)
                .collect()
        };
        assert_eq!(rugs.position_value(&squares(1)), Ok(0), "odd, n = {n}");
        assert_eq!(
            rugs.position_value(&squares(0)),
            Ok(even[n as usize - 1]),
            "even, n = {n}"
        );
    }
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
    let heads = vec![(1, 4), (4, 1), (100, 100)];
    let values: Vec<u64> = heads.iter().map(|&s| game.value(s).unwrap()).collect();
    assert_eq!(values, [0, 3, 6]);
    let only = BTreeSet::from([after(&heads, &product_move(&[98, 100], &[97, 98, 99, 100]))]);
    assert_eq!(winning(&game, &heads), only);
    // Against every option, valued by the closed forms (checked by mex above).
    let by_options: BTreeSet<Vec<Square>> = game
        .options(&heads)
        .into_iter()
        .filter(|o| game.position_value(o) == Ok(0))
        .collect();
    assert_eq!(by_options, only);
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
