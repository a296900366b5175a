//! Every closed form the solver trusts (nim values, outcomes, misère outcomes, winning
//! moves) gives the same analysis as plain search, ruleset by ruleset.

use conway::engine::Play;
use conway::games::impartial::{
    AtLeastHalf, AtMostHalf, Chomp, Coins, Dim, DynamicHeap, DynamicSubtraction, EvenOrOne, Lasker,
    MooreNim, Nim, Nimble, Prim, Rims, Staircase, ThreesOrAll, TurningTurtles, Wythoff,
};
use conway::heap::{nim_sequence, HeapRule, Heaps};
use conway::impartial::{Impartial, Solver, Target};
use std::fmt::Debug;

/// Compares the analysis with closed forms against the analysis by search alone.
fn agrees<G: Impartial>(game: &G, positions: impl IntoIterator<Item = G::Position>, plays: &[Play])
where
    G::Position: Debug,
{
    let mut fast = Solver::new(game);
    let mut search = Solver::new(game).by_search_only();
    let mut checked = 0;
    for position in positions {
        for &play in plays {
            let (mut by_search, mut by_closed_forms) = (Vec::new(), Vec::new());
            let expected = search
                .analyse(&position, play, usize::MAX, &mut |_, m| {
                    by_search.push(m);
                    true
                })
                .unwrap();
            let found = fast
                .analyse(&position, play, usize::MAX, &mut |_, m| {
                    by_closed_forms.push(m);
                    true
                })
                .unwrap();
            assert_eq!(found, expected, "{position:?} under {play}");
            assert_eq!(by_closed_forms, by_search, "{position:?} under {play}");
            checked += 1;
        }
    }
    assert!(checked > 0);
}

/// Compares the moves to each nim value below `values` with and without closed forms.
fn moves_agree<G: Impartial>(
    game: &G,
    positions: impl IntoIterator<Item = G::Position>,
    values: u64,
) where
    G::Position: Debug,
{
    let mut fast = Solver::new(game);
    let mut search = Solver::new(game).by_search_only();
    for position in positions {
        for value in 0..values {
            let target = Target::Value(value);
            let expected = search.moves_to(&position, target, usize::MAX).unwrap();
            assert_eq!(
                fast.moves_to(&position, target, usize::MAX).unwrap(),
                expected,
                "{position:?} to *{value}"
            );
        }
    }
}

fn tuples(len: usize, bound: u64) -> Vec<Vec<u64>> {
    (0..len).fold(vec![vec![]], |acc, _| {
        acc.into_iter()
            .flat_map(|t| (0..bound).map(move |x| [t.clone(), vec![x]].concat()))
            .collect()
    })
}

const BOTH: &[Play] = &[Play::Normal, Play::Misere];

#[test]
fn nim_nimble_and_lasker() {
    agrees(&Heaps(Nim), tuples(3, 7), BOTH);
    agrees(&Heaps(Nimble), tuples(3, 6), BOTH);
    agrees(&Heaps(Lasker), tuples(2, 14), BOTH);
    moves_agree(&Heaps(Nim), tuples(3, 6), 8);
    moves_agree(&Heaps(Nimble), tuples(2, 6), 8);
}

#[test]
fn moore() {
    for k in 1..=3 {
        agrees(&MooreNim::new(k).unwrap(), tuples(3, 5), BOTH);
    }
}

#[test]
fn wythoff() {
    let pairs = (0..20u64).flat_map(|x| (0..20u64).map(move |y| vec![(x, y)]));
    agrees(&Wythoff, pairs, &[Play::Normal]);
    let sums = tuples(4, 5)
        .into_iter()
        .map(|t| vec![(t[0], t[1]), (t[2], t[3])]);
    agrees(&Wythoff, sums, &[Play::Normal]);
}

#[test]
fn chomp_with_two_rows() {
    let boards =
        (1..=10u64).flat_map(|a| (0..=a).map(move |b| if b == 0 { vec![a] } else { vec![a, b] }));
    agrees(&Chomp, boards, BOTH);
}

#[test]
fn dynamic_subtraction() {
    for multiplier in 1..=3 {
        let heaps =
            (0..30u64).flat_map(|chips| (0..30u64).map(move |limit| DynamicHeap { chips, limit }));
        agrees(&DynamicSubtraction::new(multiplier).unwrap(), heaps, BOTH);
    }
}

#[test]
fn staircase_and_turtles() {
    agrees(&Staircase, tuples(4, 4), BOTH);
    moves_agree(&Staircase, tuples(4, 4), 6);
    let rows = (0..1u128 << 8).map(|heads| Coins { len: 8, heads });
    agrees(&TurningTurtles, rows, BOTH);
}

/// The closed form of one heap against search, for every heap up to `n`, and the analyses of
/// rows of two heaps under both plays.
fn heap_values_agree<R: HeapRule + Copy + Debug>(rule: R, n: u64) {
    let searched = nim_sequence(&mut Solver::new(&Heaps(rule)).by_search_only(), n).unwrap();
    for (size, &value) in (0..).zip(&searched) {
        assert_eq!(rule.known_heap_value(size), Some(value), "{rule:?} {size}");
    }
    agrees(&Heaps(rule), tuples(2, 12), BOTH);
}

#[test]
fn the_exercise_heap_games() {
    heap_values_agree(AtMostHalf, 200);
    heap_values_agree(AtLeastHalf, 200);
    heap_values_agree(EvenOrOne, 200);
    heap_values_agree(ThreesOrAll, 200);
    heap_values_agree(Dim::Plus, 200);
    heap_values_agree(Dim::Minus, 200);
    heap_values_agree(Prim::Plus, 200);
    heap_values_agree(Prim::Minus, 200);
    heap_values_agree(Rims, 60);
}

#[test]
fn prim_knows_the_values_its_prime_table_decides() {
    // 2^20 + 7 is prime and out of the table; 3 times it, or a power of two above it, is not.
    let big_prime = (1 << 20) + 7;
    assert_eq!(Prim::Plus.known_heap_value(big_prime), None);
    assert_eq!(Prim::Plus.known_heap_value(3 * big_prime), Some(2));
    assert_eq!(Prim::Minus.known_heap_value(1 << 40), Some(1));
    // 1048573 is the largest prime below 2^20, the 82025th.
    assert_eq!(Prim::Minus.known_heap_value(1_048_573), Some(82_025));
    assert_eq!(Prim::Plus.known_heap_value(u64::MAX), Some(2));
}
