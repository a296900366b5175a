//! Chapter 3 of the textbook, §3.1–3.5: the Sprague–Grundy function, sums of games, the
//! Sprague–Grundy theorem and Lasker's Nim; the exercises of §3.7 that the engine answers as
//! it stands; and the facts of the short texts.

mod common;

use common::game;
use conway::analysis::{Analysis, Budget, Request, Sum};
use conway::engine::{Footprint, Outcome, Play};
use conway::games::impartial::{
    AtLeastHalf, AtMostHalf, Dim, EvenOrOne, Impatient, Lasker, Prim, Rims, Subtraction,
    ThreesOrAll,
};
use conway::games::ruleset;
use conway::heap::{nim_sequence, HeapRule, Heaps};
use conway::impartial::{Impartial, Solver};

fn values<R: HeapRule>(rule: R, n: u64) -> Vec<u64> {
    nim_sequence(&mut Solver::new(&Heaps(rule)).by_search_only(), n).unwrap()
}

#[test]
fn example_3_1_a_small_graph() {
    // u1, u2 terminal; u3 → u1; u4 → u2, u3; u5 → u3, u4.
    let graph = game(|&u: &u8| match u {
        3 => vec![1],
        4 => vec![2, 3],
        5 => vec![3, 4],
        _ => vec![],
    });
    let mut solver = Solver::new(&graph);
    let g: Vec<u64> = (1..=5).map(|u| solver.nim_value(&u).unwrap()).collect();
    assert_eq!(g, [0, 0, 1, 2, 0]);
}

#[test]
fn example_3_2_take_at_most_m() {
    let g = values(Subtraction::new(vec![1, 2, 3]).unwrap(), 14);
    assert_eq!(g, [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]);
    for m in 1..=7u64 {
        let g = values(Subtraction::new((1..=m).collect()).unwrap(), 80);
        assert!(
            g.iter().enumerate().all(|(x, &v)| v == x as u64 % (m + 1)),
            "m = {m}"
        );
    }
}

#[test]
fn example_3_3_at_least_half() {
    let g = values(AtLeastHalf, 300);
    // The corrected table: the print drops a 3 at x = 7.
    assert_eq!(g[..13], [0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4]);
    assert_eq!((g[16], g[17]), (5, 5));
    // g(x) = min{k : 2^k > x}, the bit length of x.
    assert!(g
        .iter()
        .enumerate()
        .all(|(x, &v)| v == u64::from(u64::BITS - (x as u64).leading_zeros())));
}

/// The White Knight of Example 3.4 at (column, row), both 1..=8: two squares left or down,
/// one square across.
fn knight_moves(&(x, y): &(i8, i8)) -> Vec<(i8, i8)> {
    [
        (x - 2, y + 1),
        (x - 2, y - 1),
        (x + 1, y - 2),
        (x - 1, y - 2),
    ]
    .into_iter()
    .filter(|&(x, y)| (1..=8).contains(&x) && (1..=8).contains(&y))
    .collect()
}

#[test]
fn example_3_4_white_knight() {
    // The corrected table, top row (y = 8) first.
    let table = [
        [1, 1, 2, 3, 1, 1, 2, 0],
        [1, 1, 2, 2, 1, 2, 2, 2],
        [0, 0, 2, 3, 0, 0, 2, 1],
        [0, 0, 3, 4, 0, 0, 1, 1],
        [1, 1, 2, 1, 4, 3, 2, 3],
        [1, 2, 2, 2, 3, 2, 2, 2],
        [0, 0, 2, 1, 0, 0, 1, 1],
        [0, 0, 1, 1, 0, 0, 1, 1],
    ];
    let knight = game(knight_moves);
    let mut solver = Solver::new(&knight);
    for (i, row) in table.iter().enumerate() {
        for (j, &value) in row.iter().enumerate() {
            let square = (j as i8 + 1, 8 - i as i8);
            assert_eq!(solver.nim_value(&square).unwrap(), value, "{square:?}");
        }
    }
    for terminal in [(1, 1), (1, 2), (2, 1), (2, 2)] {
        assert!(knight_moves(&terminal).is_empty());
    }
    // Fig 3.2(a): value 3, and the only winning move is two down and one left.
    assert_eq!(solver.nim_value(&(6, 4)).unwrap(), 3);
    assert_eq!(
        solver.winning_moves(&(6, 4), Play::Normal).unwrap(),
        [(5, 2)]
    );
}

/// The one-heap games that Examples 3.5–3.7 add together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    /// Take 1..=m.
    AtMost(u64),
    /// Even if not all, all if odd (Example 3.6).
    EvenIfNotAll,
    AtLeastHalf,
    Nim,
}

impl Footprint for Kind {
    fn footprint(&self) -> usize {
        std::mem::size_of::<Kind>()
    }
}

fn heap_options(kind: Kind, x: u64) -> Vec<u64> {
    match kind {
        Kind::AtMost(m) => (1..=m.min(x)).map(|t| x - t).collect(),
        Kind::EvenIfNotAll => {
            let mut left: Vec<u64> = (2..x).step_by(2).map(|e| x - e).collect();
            if x % 2 == 1 {
                left.push(0);
            }
            left
        }
        Kind::AtLeastHalf if x == 0 => vec![],
        Kind::AtLeastHalf => (0..=x / 2).collect(),
        Kind::Nim => (0..x).collect(),
    }
}

/// A sum of heaps, each under its own rule.
struct Mixed;

impl Impartial for Mixed {
    type Position = Vec<(Kind, u64)>;

    fn options(&self, heaps: &Self::Position) -> Vec<Self::Position> {
        let mut options = Vec::new();
        for (i, &(kind, x)) in heaps.iter().enumerate() {
            for left in heap_options(kind, x) {
                let mut option = heaps.clone();
                option[i].1 = left;
                options.push(option);
            }
        }
        options
    }

    fn components(&self, heaps: Self::Position, parts: &mut Vec<Self::Position>) {
        parts.extend(heaps.iter().map(|&heap| vec![heap]));
    }
}

fn value(kind: Kind, x: u64) -> u64 {
    Solver::new(&Mixed).nim_value(&vec![(kind, x)]).unwrap()
}

#[test]
fn example_3_5_a_sum_of_subtraction_games() {
    let position = vec![
        (Kind::AtMost(3), 9),
        (Kind::AtMost(5), 10),
        (Kind::AtMost(7), 14),
    ];
    let parts: Vec<u64> = position.iter().map(|&(k, x)| value(k, x)).collect();
    assert_eq!(parts, [1, 4, 6]);
    let mut solver = Solver::new(&Mixed);
    assert_eq!(solver.nim_value(&position).unwrap(), 3);
    let moves = solver.winning_moves(&position, Play::Normal).unwrap();
    let expected = [
        vec![
            (Kind::AtMost(3), 6),
            (Kind::AtMost(5), 10),
            (Kind::AtMost(7), 14),
        ],
        vec![
            (Kind::AtMost(3), 9),
            (Kind::AtMost(5), 10),
            (Kind::AtMost(7), 13),
        ],
    ];
    assert_eq!(moves, expected);
}

#[test]
fn example_3_6_even_if_not_all_all_if_odd() {
    let g: Vec<u64> = (0..=10).map(|x| value(Kind::EvenIfNotAll, x)).collect();
    assert_eq!(g, [0, 1, 0, 2, 1, 3, 2, 4, 3, 5, 4]);
    for k in 1..60 {
        assert_eq!(value(Kind::EvenIfNotAll, 2 * k), k - 1);
        assert_eq!(value(Kind::EvenIfNotAll, 2 * k - 1), k);
    }
    let position = vec![
        (Kind::EvenIfNotAll, 10),
        (Kind::EvenIfNotAll, 15),
        (Kind::EvenIfNotAll, 20),
    ];
    let parts: Vec<u64> = position.iter().map(|&(k, x)| value(k, x)).collect();
    assert_eq!(parts, [4, 8, 9]);
    let mut solver = Solver::new(&Mixed);
    assert_eq!(solver.nim_value(&position).unwrap(), 5);
    let moves = solver.winning_moves(&position, Play::Normal).unwrap();
    assert_eq!(
        moves,
        [vec![
            (Kind::EvenIfNotAll, 4),
            (Kind::EvenIfNotAll, 15),
            (Kind::EvenIfNotAll, 20)
        ]]
    );
}

#[test]
fn example_3_7_a_sum_of_three_different_games() {
    let position = vec![
        (Kind::EvenIfNotAll, 18),
        (Kind::AtLeastHalf, 17),
        (Kind::Nim, 7),
    ];
    let parts: Vec<u64> = position.iter().map(|&(k, x)| value(k, x)).collect();
    assert_eq!(parts, [8, 5, 7]);
    let mut solver = Solver::new(&Mixed);
    assert_eq!(solver.nim_value(&position).unwrap(), 10);
    let moves = solver.winning_moves(&position, Play::Normal).unwrap();
    assert_eq!(
        moves,
        [vec![
            (Kind::EvenIfNotAll, 6),
            (Kind::AtLeastHalf, 17),
            (Kind::Nim, 7)
        ]]
    );
}

#[test]
fn example_3_8_laskers_nim() {
    let g = values(Lasker, 200);
    assert_eq!(g[..12], [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12]);
    for (x, &v) in g.iter().enumerate() {
        assert_eq!(Lasker.known_heap_value(x as u64), Some(v), "heap {x}");
    }
    let game = Heaps(Lasker);
    let mut solver = Solver::new(&game);
    assert_eq!(solver.nim_value(&vec![2, 5, 7]).unwrap(), 15);
    let moves = solver.winning_moves(&vec![2, 5, 7], Play::Normal).unwrap();
    assert_eq!(
        moves,
        [vec![2, 5, 1, 6], vec![2, 5, 2, 5], vec![2, 5, 3, 4]]
    );
    assert_eq!(solver.nim_value(&vec![1, 2, 5, 6]).unwrap(), 0);
}

#[test]
fn example_3_9_rims_is_nim() {
    let g = values(Rims, 40);
    assert!(g.iter().enumerate().all(|(n, &v)| v == n as u64));
    let moves = Solver::new(&Heaps(Rims))
        .winning_moves(&vec![3, 4, 5], Play::Normal)
        .unwrap();
    assert_eq!(moves, [vec![1, 4, 5]]);
}

#[test]
fn sprague_grundy_theorem_on_sums() {
    // The value of a sum is the nim-sum of the values, by search on the whole sum.
    let subtraction = Heaps(Subtraction::new(vec![1, 3, 4]).unwrap());
    let mut whole = Solver::new(&subtraction).by_search_only();
    for a in 0..12u64 {
        for b in 0..12u64 {
            let parts = whole.nim_value(&vec![a]).unwrap() ^ whole.nim_value(&vec![b]).unwrap();
            // A two-heap position as one game: a graph search that never decomposes.
            let joined = game(|&(x, y): &(u64, u64)| {
                let moves = |h: u64| {
                    [1, 3, 4]
                        .into_iter()
                        .filter(move |&s| s <= h)
                        .map(move |s| h - s)
                };
                moves(x)
                    .map(|x2| (x2, y))
                    .chain(moves(y).map(|y2| (x, y2)))
                    .collect()
            });
            assert_eq!(
                Solver::new(&joined).nim_value(&(a, b)).unwrap(),
                parts,
                "({a}, {b})"
            );
        }
    }
}

/// A game as a nested set of options (the encyclopedia article).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Set(Vec<Set>);

impl Footprint for Set {
    fn footprint(&self) -> usize {
        self.0.footprint()
    }
}

fn star(n: usize) -> Set {
    Set((0..n).map(star).collect())
}

fn set<const N: usize>(options: [Set; N]) -> Set {
    Set(options.to_vec())
}

/// A sum of nested sets.
struct Sets;

impl Impartial for Sets {
    type Position = Vec<Set>;

    fn options(&self, sum: &Vec<Set>) -> Vec<Vec<Set>> {
        (0..sum.len())
            .flat_map(|i| {
                sum[i].0.iter().map(move |option| {
                    let mut next = sum.clone();
                    next[i] = option.clone();
                    next
                })
            })
            .collect()
    }

    fn components(&self, sum: Vec<Set>, parts: &mut Vec<Vec<Set>>) {
        parts.extend(sum.into_iter().map(|s| vec![s]));
    }
}

#[test]
fn the_encyclopedia_nested_sets() {
    let one = set([star(1)]); // {*1}
    let three = set([star(1), one.clone(), star(2)]); // {*1, {*1}, *2}
    let zero = set([star(2), three.clone()]);
    let s = set([
        three.clone(),
        zero.clone(),
        set([one.clone(), set([one.clone()]), three.clone()]),
    ]);
    let s_prime = set([one.clone()]);
    let mut solver = Solver::new(&Sets);
    assert_eq!(solver.nim_value(&vec![three]).unwrap(), 3);
    assert_eq!(solver.nim_value(&vec![zero]).unwrap(), 0);
    assert_eq!(solver.nim_value(&vec![s.clone()]).unwrap(), 1);
    assert_eq!(solver.nim_value(&vec![s_prime.clone()]).unwrap(), 1);
    assert_eq!(
        solver.outcome(&vec![s.clone()], Play::Normal).unwrap(),
        Outcome::N
    );
    assert_eq!(
        solver.outcome(&vec![s, s_prime], Play::Normal).unwrap(),
        Outcome::P
    );
    for n in 0..7 {
        assert_eq!(solver.nim_value(&vec![star(n)]).unwrap(), n as u64);
    }
}

#[test]
fn fraenkels_subtract_at_most_s() {
    let one_or_two = Heaps(Subtraction::new(vec![1, 2]).unwrap());
    let mut solver = Solver::new(&one_or_two);
    assert_eq!(
        solver.outcome(&vec![1, 6, 10], Play::Normal).unwrap(),
        Outcome::P
    );
    assert_eq!(
        solver.winning_moves(&vec![1, 6, 8], Play::Normal).unwrap(),
        [vec![1, 6, 7]]
    );
    for heaps in
        (0..9u64).flat_map(|a| (0..9u64).flat_map(move |b| (0..9u64).map(move |c| vec![a, b, c])))
    {
        // The pairing rule: heaps pair up with differences divisible by 3, the odd one out a
        // multiple of 3. It finds P-positions; the SG values find them all.
        let p = solver.outcome(&heaps, Play::Normal).unwrap() == Outcome::P;
        assert_eq!(p, heaps.iter().fold(0, |s, &h| s ^ (h % 3)) == 0);
        let pairs = [(0, 1, 2), (0, 2, 1), (1, 2, 0)];
        if pairs
            .iter()
            .any(|&(i, j, k)| heaps[i] % 3 == heaps[j] % 3 && heaps[k] % 3 == 0)
        {
            assert!(p, "{heaps:?}");
        }
    }
    let at_most_3 = Heaps(Subtraction::new(vec![1, 2, 3]).unwrap());
    assert_eq!(
        Solver::new(&at_most_3)
            .outcome(&vec![1, 2, 3], Play::Normal)
            .unwrap(),
        Outcome::P
    );
    let misere_p: Vec<u64> = (0..=20)
        .filter(|&n| {
            Solver::new(&at_most_3)
                .outcome(&vec![n], Play::Misere)
                .unwrap()
                == Outcome::P
        })
        .collect();
    assert_eq!(misere_p, [1, 5, 9, 13, 17]);
}

#[test]
fn nim_with_splitting_has_the_p_positions_of_nim() {
    // Fraenkel's Nim, in which the mover may split the heap he just reduced, is Rims.
    let game = Heaps(Rims);
    let mut solver = Solver::new(&game);
    for a in 0..8u64 {
        for b in 0..8u64 {
            for c in 0..8u64 {
                let p = solver.outcome(&vec![a, b, c], Play::Normal).unwrap() == Outcome::P;
                assert_eq!(p, a ^ b ^ c == 0, "({a}, {b}, {c})");
            }
        }
    }
}

/// A one-heap rule from a closure listing what a heap can become (parts of a split).
struct Rule<F>(F);

impl<F: Fn(u64) -> Vec<Vec<u64>>> HeapRule for Rule<F> {
    fn heap_options(&self, n: u64, option: &mut dyn FnMut(&[u64])) {
        for parts in (self.0)(n) {
            option(&parts);
        }
    }
}

/// Leaves `left` chips as one heap (or none).
fn single(left: u64) -> Vec<u64> {
    if left == 0 {
        vec![]
    } else {
        vec![left]
    }
}

#[test]
fn exercise_3_at_most_half() {
    let g = values(AtMostHalf, 200);
    let printed = [
        0, 0, 1, 0, 2, 1, 3, 0, 4, 2, 5, 1, 6, 3, 7, 0, 8, 4, 9, 2, 10, 5, 11, 1, 12, 6, 13, 3, 14,
        7, 15, 0, 16,
    ];
    assert_eq!(g[..33], printed);
    for k in 1..100usize {
        assert_eq!(g[2 * k], k as u64);
        assert_eq!(g[2 * k + 1], g[k]);
    }
}

/// The value and winning moves of a sum of rulesets, parsed as the command line parses it,
/// with each move written as the sum after it.
fn solve_sum(components: &[(&str, &str)]) -> (Analysis, Vec<String>) {
    let components = components
        .iter()
        .map(|(game, position)| ruleset(game).unwrap().parse(position).unwrap())
        .collect();
    let sum = Sum::new(components);
    let analysis = sum
        .analyse(&Request::new(Play::Normal, &Budget::default))
        .unwrap();
    let written = |after: Sum| {
        let parts: Vec<String> = after
            .components()
            .iter()
            .map(|c| format!("{} {}", c.game(), c.show()))
            .collect();
        parts.join(" + ")
    };
    let moves = analysis
        .moves
        .iter()
        .map(|m| written(sum.after(m.component, m.to.clone())))
        .collect();
    (analysis, moves)
}

#[test]
fn exercises_5_to_7_even_takes_and_multiples_of_three() {
    // Ex 5: take an even number > 0, or empty a heap of exactly one chip.
    let g5 = values(EvenOrOne, 60);
    assert_eq!(g5[..10], [0, 1, 1, 0, 2, 2, 3, 3, 4, 4]);
    assert!((4..=60).all(|n| g5[n] == n as u64 / 2));
    // Ex 6: take a positive multiple of 3 but not all, or all if the heap is ≡ 2 (mod 3).
    let g6 = values(ThreesOrAll, 60);
    assert_eq!(g6[..15], [0, 0, 1, 0, 1, 2, 1, 2, 3, 2, 3, 4, 3, 4, 5]);
    for k in 1..20usize {
        assert_eq!(
            (g6[3 * k], g6[3 * k + 1], g6[3 * k + 2]),
            (k as u64 - 1, k as u64, k as u64 + 1)
        );
    }
    // Ex 7: 18 under Ex 5, 17 under Ex 6, 7 under Nim: 9 ⊕ 6 ⊕ 7 = 8; the only winning move
    // takes the Ex 5 heap from 18 to 2 (value 1).
    assert_eq!((g5[18], g6[17]), (9, 6));
    let (report, moves) =
        solve_sum(&[("even-or-one", "18"), ("threes-or-all", "17"), ("nim", "7")]);
    assert_eq!(report.value.and_then(|v| v.nim_value()), Some(8));
    assert_eq!(moves, ["even-or-one 2 + threes-or-all 17 + nim 7"]);
}

#[test]
fn exercises_8_and_9_dim_and_prim() {
    let (dim_plus, dim_minus) = (values(Dim::Plus, 64), values(Dim::Minus, 64));
    assert_eq!(
        dim_plus[1..=16],
        [1, 2, 1, 3, 1, 2, 1, 4, 1, 2, 1, 3, 1, 2, 1, 5]
    );
    assert_eq!(dim_minus[1..=8], [0, 1, 0, 2, 0, 1, 0, 3]);
    for n in 1..=64u64 {
        let twos = u64::from(n.trailing_zeros());
        assert_eq!(dim_plus[n as usize], 1 + twos, "Dim+ {n}");
        assert_eq!(dim_minus[n as usize], twos, "Dim- {n}");
    }
    let prim_plus = values(Prim::Plus, 30);
    assert_eq!(
        prim_plus,
        [
            0, 1, 0, 2, 0, 3, 0, 4, 0, 2, 0, 5, 0, 6, 0, 2, 0, 7, 0, 8, 0, 2, 0, 9, 0, 3, 0, 2, 0,
            10, 0
        ]
    );
    let prim_minus = values(Prim::Minus, 30);
    for n in 2..=30usize {
        // Prim⁻ is Prim⁺ with 0 and 1 swapped on the even heaps.
        let expected = if n % 2 == 0 { 1 } else { prim_plus[n] };
        assert_eq!(prim_minus[n], expected, "Prim- {n}");
    }
    assert_eq!(prim_minus[1], 0);
}

#[test]
fn exercise_12_impatient_subtraction_games() {
    // Allowing the whole heap to be taken as well shifts the values: g⁺(x) = g(x − 1) + 1.
    for set in [
        vec![1, 3, 4],
        vec![2, 5, 7],
        vec![1, 2],
        vec![3, 4, 9],
        vec![6],
    ] {
        let plain = values(Subtraction::new(set.clone()).unwrap(), 200);
        let impatient = values(Impatient(Subtraction::new(set).unwrap()), 200);
        assert!((1..=200).all(|x| impatient[x] == plain[x - 1] + 1));
    }
}

#[test]
fn exercise_15_take_one_or_two_or_one_and_split() {
    // Remove one or two chips, or remove one and split the rest into two heaps: g(n) = n mod 4.
    let rule = |n: u64| {
        let mut options: Vec<Vec<u64>> = (1..=2.min(n)).map(|t| single(n - t)).collect();
        if n >= 3 {
            options.extend((1..=(n - 1) / 2).map(|a| vec![a, n - 1 - a]));
        }
        options
    };
    let g = values(Rule(rule), 100);
    assert!(g.iter().enumerate().all(|(n, &v)| v == n as u64 % 4));
    let game = Heaps(Rule(rule));
    let moves = Solver::new(&game)
        .winning_moves(&vec![15], Play::Normal)
        .unwrap();
    assert_eq!(moves, [vec![1, 13], vec![3, 11], vec![5, 9], vec![7, 7]]);
}

#[test]
fn exercise_20_grundys_game() {
    // Split a heap into two unequal non-empty heaps.
    let grundy = |n: u64| {
        (1..n.div_ceil(2))
            .map(|a| vec![a, n - a])
            .collect::<Vec<_>>()
    };
    let g = values(Rule(grundy), 30);
    assert_eq!(g[1..=13], [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
    assert_eq!(
        g[14..=30],
        [2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3]
    );
    let game = Heaps(Rule(grundy));
    let moves = Solver::new(&game)
        .winning_moves(&vec![5, 8, 13], Play::Normal)
        .unwrap();
    assert_eq!(
        moves,
        [vec![2, 3, 8, 13], vec![5, 2, 6, 13], vec![5, 8, 5, 8]]
    );
}

#[test]
fn exercise_19_split_any_heap_of_two_or_more() {
    let g = values(
        Rule(|n: u64| (1..=n / 2).map(|a| vec![a, n - a]).collect()),
        60,
    );
    assert!((1..=60).all(|n| g[n] == u64::from(n % 2 == 0)));
}
