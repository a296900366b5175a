//! Chapter 1 of the textbook: P- and N-positions, subtraction games, Chomp, kernels, and the
//! exercises of §1.6.

mod common;

use common::game_graph;
use common::{game, TakeAway};
use conway::engine::{Outcome, Play, SearchError};
use conway::games::impartial::{
    smallest_zeckendorf_term, Chomp, Counting, DynamicHeap, DynamicSubtraction, GrowingTake,
    Subtraction,
};
use conway::graph::Kernel;
use conway::heap::{find_period, nim_sequence, Heaps, Period};
use conway::impartial::Solver;

fn subtraction(set: &[u64]) -> Heaps<Subtraction> {
    Heaps(Subtraction::new(set.to_vec()).unwrap())
}

fn outcomes<G: conway::impartial::Impartial>(
    game: &G,
    positions: impl IntoIterator<Item = G::Position>,
    play: Play,
) -> Vec<Outcome> {
    let mut solver = Solver::new(game);
    positions
        .into_iter()
        .map(|p| solver.outcome(&p, play).unwrap())
        .collect()
}

fn winning_moves(spec: &str, position: &str) -> Vec<String> {
    common::solve(spec, position, Play::Normal, usize::MAX)
        .winning_moves
        .into_iter()
        .map(|m| m.to)
        .collect()
}

#[test]
fn example_1_1_the_game_graph() {
    // F(0) = ∅, F(1) = {0}, F(2) = {0, 1}, F(k) = {k−3, k−2, k−1}: the graph for n = 10.
    let game = subtraction(&[1, 2, 3]);
    let graph = game_graph(&game, vec![10]).unwrap();
    assert_eq!(graph.len(), 11);
    assert_eq!(graph.edge_count(), 1 + 2 + 3 * 8);
    for v in 0..graph.len() as u32 {
        let k = graph.position(v)[0];
        let mut heaps: Vec<u64> = graph
            .successors(v)
            .iter()
            .map(|&w| graph.position(w)[0])
            .collect();
        heaps.sort_unstable();
        assert_eq!(
            heaps,
            (k.saturating_sub(3)..k).collect::<Vec<_>>(),
            "F({k})"
        );
    }
}

#[test]
fn example_1_1_take_1_2_or_3_from_21() {
    let game = subtraction(&[1, 2, 3]);
    let p: Vec<u64> = (0..40)
        .filter(|&n| Solver::new(&game).outcome(&vec![n], Play::Normal).unwrap() == Outcome::P)
        .collect();
    assert_eq!(p, (0..40).step_by(4).collect::<Vec<_>>());
    assert_eq!(winning_moves("subtraction:1,2,3", "21"), ["20"]);
}

#[test]
fn subtraction_1_3_4_table_and_period() {
    let game = subtraction(&[1, 3, 4]);
    use Outcome::{N, P};
    let table = [P, N, P, N, N, N, N, P, N, P, N, N, N, N, P];
    assert_eq!(
        outcomes(&game, (0..15).map(|n| vec![n]), Play::Normal),
        table
    );
    for n in 0..300u64 {
        let p = n % 7 == 0 || n % 7 == 2;
        assert_eq!(
            Solver::new(&game).outcome(&vec![n], Play::Normal).unwrap() == P,
            p
        );
    }
    assert_eq!(winning_moves("subtraction:1,3,4", "110"), ["107"]);
    let values = nim_sequence(&mut Solver::new(&game), 100).unwrap();
    assert_eq!(values[..7], [0, 1, 0, 1, 2, 3, 2]);
    assert_eq!(find_period(&values), Some(Period::pure(0, 7)));
}

#[test]
fn exercise_1_subtraction_sets() {
    let a = nim_sequence(&mut Solver::new(&subtraction(&[1, 3, 5, 7])), 60).unwrap();
    assert!(a.iter().enumerate().all(|(n, &g)| g == n as u64 % 2));
    let b = nim_sequence(&mut Solver::new(&subtraction(&[1, 3, 6])), 90).unwrap();
    let pattern = [0, 1, 0, 1, 0, 1, 2, 3, 2];
    assert!(b.iter().enumerate().all(|(n, &g)| g == pattern[n % 9]));
    assert_eq!(find_period(&b), Some(Period::pure(0, 9)));
    // (c) the infinite set of powers of 2.
    let powers = Heaps(TakeAway(|n: u64| {
        (0..64)
            .map(|i| 1u64 << i)
            .take_while(|&s| s <= n)
            .map(|s| n - s)
            .collect()
    }));
    let c = nim_sequence(&mut Solver::new(&powers), 100).unwrap();
    assert!(c.iter().enumerate().all(|(n, &g)| g == n as u64 % 3));
    // Exercise 2: who wins from 100, and with which moves.
    assert!(winning_moves("subtraction:1,3,5,7", "100").is_empty());
    assert_eq!(winning_moves("subtraction:1,3,6", "100"), ["99", "94"]);
    let mut sorted = Solver::new(&powers)
        .winning_moves(&vec![100], Play::Normal)
        .unwrap();
    sorted.sort();
    assert_eq!(sorted, [vec![36], vec![84], vec![96], vec![99]]);
}

#[test]
fn exercise_3_misere_take_1_2_or_3() {
    let game = subtraction(&[1, 2, 3]);
    for n in 0..80u64 {
        let outcome = Solver::new(&game).outcome(&vec![n], Play::Misere).unwrap();
        assert_eq!(outcome == Outcome::P, n % 4 == 1, "heap {n}");
    }
}

#[test]
fn exercise_4_take_1_to_6() {
    let game = subtraction(&[1, 2, 3, 4, 5, 6]);
    for n in 0..100u64 {
        let outcome = Solver::new(&game).outcome(&vec![n], Play::Normal).unwrap();
        assert_eq!(outcome == Outcome::P, n % 7 == 0);
    }
    assert_eq!(winning_moves("subtraction:1,2,3,4,5,6", "31"), ["28"]);
}

/// Thirty-one: the running total and how many cards of each value 1..=6 are used.
type ThirtyOne = (u32, [u8; 6]);

fn thirty_one_options(&(total, used): &ThirtyOne) -> Vec<ThirtyOne> {
    // A card that takes the total past 31 loses at once, so it is never a winning move;
    // leaving it out keeps normal play's verdict.
    (1..=6u32)
        .filter(|&card| used[card as usize - 1] < 4 && total + card <= 31)
        .map(|card| {
            let mut next = used;
            next[card as usize - 1] += 1;
            (total + card, next)
        })
        .collect()
}

#[test]
fn exercise_5_thirty_one() {
    let game = game(thirty_one_options);
    let start: ThirtyOne = (0, [0; 6]);
    let mut solver = Solver::new(&game);
    assert_eq!(solver.outcome(&start, Play::Normal).unwrap(), Outcome::N);
    let firsts: Vec<u32> = solver
        .winning_moves(&start, Play::Normal)
        .unwrap()
        .iter()
        .map(|(total, _)| *total)
        .collect();
    assert_eq!(firsts, [1, 2, 5]);
    // (a) After 3,4,3,4,3,4,3,4 the total is 28, the 3s are gone, and the mover loses.
    let after: ThirtyOne = (28, [0, 0, 4, 4, 0, 0]);
    assert_eq!(solver.outcome(&after, Play::Normal).unwrap(), Outcome::P);
}

#[test]
fn exercise_5_empty_and_divide() {
    let game = game(|&(m, n): &(u32, u32)| {
        let split = |total: u32| (1..total).map(move |a| (a, total - a));
        split(m).chain(split(n)).collect()
    });
    let mut solver = Solver::new(&game);
    for m in 1..25 {
        for n in 1..25 {
            let p = solver.outcome(&(m, n), Play::Normal).unwrap() == Outcome::P;
            assert_eq!(p, m % 2 == 1 && n % 2 == 1, "({m}, {n})");
        }
    }
}

#[test]
fn exercise_6_euclid() {
    // A move takes a positive multiple of one pile from the other; emptying a pile wins, so
    // a position with an empty pile is over.
    let game = game(|&(m, n): &(u64, u64)| {
        if m == 0 || n == 0 {
            return vec![];
        }
        let from_m = (1..=m / n).map(|k| (m - k * n, n));
        let from_n = (1..=n / m).map(|k| (m, n - k * m));
        from_m.chain(from_n).collect()
    });
    let mut solver = Solver::new(&game);
    for n in 1..50u64 {
        for m in n..120 {
            let p = solver.outcome(&(m, n), Play::Normal).unwrap() == Outcome::P;
            // n < m < φn, i.e. m > n and m² − mn − n² < 0.
            let below_phi = m > n && (m * m) < m * n + n * n;
            assert_eq!(p, below_phi, "({m}, {n})");
            if m > 2 * n {
                assert!(!p);
            }
        }
    }
}

#[test]
fn exercise_7a_take_at_most_the_last_move() {
    let game = DynamicSubtraction::new(1).unwrap();
    let mut solver = Solver::new(&game).by_search_only();
    for n in 1..70u64 {
        let p = solver
            .outcome(&DynamicSubtraction::start(n), Play::Normal)
            .unwrap()
            == Outcome::P;
        assert_eq!(p, n.is_power_of_two(), "heap {n}");
    }
    assert_eq!(winning_moves("dynamic:1", "44"), ["40/4", "32/12"]);
    // The closed form: the mover wins iff the lowest set bit of the heap may be taken.
    for chips in 1..40u64 {
        for limit in 1..40u64 {
            let heap = DynamicHeap { chips, limit };
            let n = solver.outcome(&heap, Play::Normal).unwrap() == Outcome::N;
            assert_eq!(n, 1 << chips.trailing_zeros() <= limit, "{chips}/{limit}");
        }
    }
}

#[test]
fn exercise_7b_fibonacci_nim() {
    let game = DynamicSubtraction::fibonacci();
    let mut solver = Solver::new(&game).by_search_only();
    let fibonacci = [1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89];
    for n in 1..90u64 {
        let p = solver
            .outcome(&DynamicSubtraction::start(n), Play::Normal)
            .unwrap()
            == Outcome::P;
        assert_eq!(p, fibonacci.contains(&n), "heap {n}");
    }
    assert_eq!(smallest_zeckendorf_term(43), 1); // 43 = 34 + 8 + 1
    assert_eq!(winning_moves("fibonacci", "43"), ["42/2", "34/18"]);
    for chips in 1..45u64 {
        for limit in 1..45u64 {
            let n = solver
                .outcome(&DynamicHeap { chips, limit }, Play::Normal)
                .unwrap()
                == Outcome::N;
            assert_eq!(
                n,
                smallest_zeckendorf_term(chips) <= limit,
                "{chips}/{limit}"
            );
        }
    }
}

#[test]
fn exercise_7c_growing_takes() {
    // Every move counts: the k-th move of the game may take 1..=k.
    let all_moves = GrowingTake {
        counting: Counting::AllMoves,
    };
    let mut solver = Solver::new(&all_moves);
    for n in 1..80u64 {
        let first_wins = solver.outcome(&all_moves.start(n), Play::Normal).unwrap() == Outcome::N;
        let expected = (1..10).any(|m| m * m <= n && n < m * m + m);
        assert_eq!(first_wins, expected, "heap {n}");
    }
    // Each player's own k-th move may take 1..=k.
    let own_moves = GrowingTake {
        counting: Counting::OwnMoves,
    };
    let mut solver = Solver::new(&own_moves);
    let second_wins: Vec<u64> = (1..40)
        .filter(|&n| solver.outcome(&own_moves.start(n), Play::Normal).unwrap() == Outcome::P)
        .collect();
    assert_eq!(second_wins, [2, 5, 9, 14, 20, 27, 35]);
}

#[test]
fn chomp_oracles() {
    let mut solver = Solver::new(&Chomp).by_search_only();
    // Theorem 1.2: every rectangle but the poison alone is N.
    for rows in 1..=5usize {
        for columns in 1..=5u64 {
            if rows as u64 * columns > 1 {
                assert_eq!(
                    solver.outcome(&vec![columns; rows], Play::Normal).unwrap(),
                    Outcome::N
                );
            }
        }
    }
    assert_eq!(solver.outcome(&vec![1], Play::Normal).unwrap(), Outcome::P);
    // Square boards: eating (2,2) leaves two equal arms, a P-position.
    for n in 2..=6u64 {
        let mut arms = vec![n];
        arms.extend(std::iter::repeat_n(1, n as usize - 1));
        let winners = solver
            .winning_moves(&vec![n; n as usize], Play::Normal)
            .unwrap();
        assert!(winners.contains(&arms), "{n}×{n}");
    }
    // Proposition 1.1: [a, b] is P iff b = a − 1, with the winning moves of the text.
    for a in 1..=12u64 {
        for b in 0..=a {
            let position: Vec<u64> = [a, b].into_iter().filter(|&x| x > 0).collect();
            let p = solver.outcome(&position, Play::Normal).unwrap() == Outcome::P;
            assert_eq!(p, b + 1 == a, "[{a}, {b}]");
            if !p {
                let target = if a - b >= 2 {
                    vec![b + 1, b]
                } else {
                    vec![b, b - 1]
                };
                let target: Vec<u64> = target.into_iter().filter(|&x| x > 0).collect();
                let winners = solver.winning_moves(&position, Play::Normal).unwrap();
                assert!(winners.contains(&target), "[{a}, {b}] → {target:?}");
            }
        }
    }
}

#[test]
fn exercise_8b_chomp_with_a_tail_of_ones() {
    // [a, b, 1, …, 1] with k rows in all is P iff k = a + ⌊b/2⌋ (a + b even) or
    // k = min(⌈(2a − b)/2⌉, ⌈3(a − b)/2⌉) (a + b odd).
    let mut solver = Solver::new(&Chomp).by_search_only();
    let formula = |a: u64, b: u64| {
        if (a + b).is_multiple_of(2) {
            a + b / 2
        } else {
            (2 * a - b).div_ceil(2).min((3 * (a - b)).div_ceil(2))
        }
    };
    for a in 1..=8u64 {
        for b in 1..=a {
            for k in 2..=14u64 {
                let mut position = vec![a, b];
                position.extend(std::iter::repeat_n(1, k as usize - 2));
                let p = solver.outcome(&position, Play::Normal).unwrap() == Outcome::P;
                assert_eq!(p, k == formula(a, b), "[{a}, {b}] with {k} rows");
            }
        }
    }
    let samples = [
        (2, 1, 2),
        (2, 2, 3),
        (3, 2, 2),
        (4, 2, 5),
        (5, 2, 4),
        (6, 3, 5),
        (7, 4, 5),
        (8, 5, 5),
    ];
    // The texts' samples, past the range above too, by the engine: [a, b, 1, …, 1] with k
    // rows is P, with one row more or fewer it is not.
    let samples = samples
        .into_iter()
        .chain([(10, 5, 8), (12, 7, 8), (12, 9, 5)]);
    for (a, b, k) in samples {
        let mut board = |rows: u64| {
            let mut position = vec![a, b];
            position.extend(std::iter::repeat_n(1, rows as usize - 2));
            solver.outcome(&position, Play::Normal).unwrap()
        };
        assert_eq!(board(k), Outcome::P, "[{a}, {b}] with {k} rows");
        assert_eq!(board(k + 1), Outcome::N);
        if k > 2 {
            assert_eq!(board(k - 1), Outcome::N);
        }
        assert_eq!(formula(a, b), k);
    }
}

#[test]
fn kernel_is_the_set_of_p_positions() {
    let game = subtraction(&[1, 3, 4]);
    let graph = game_graph(&game, vec![40]).unwrap();
    assert_eq!(graph.len(), 41);
    let Kernel::Found {
        vertices: kernel,
        unique: Some(true),
    } = graph.kernel(0)
    else {
        panic!("an acyclic graph has a unique kernel")
    };
    let mut solver = Solver::new(&game);
    for (v, position) in graph.positions().iter().enumerate() {
        assert_eq!(
            kernel.contains(&(v as u32)),
            solver.outcome(position, Play::Normal).unwrap() == Outcome::P
        );
    }
    // Remark 1.1: misère play is normal play with a sink after every terminal position.
    let misere = graph.outcomes(Play::Misere);
    for (position, &outcome) in graph.positions().iter().zip(&misere) {
        assert_eq!(outcome, solver.outcome(position, Play::Misere).unwrap());
    }
}

#[test]
fn games_that_loop_are_refused() {
    let cycle = game(|&n: &u8| vec![(n + 1) % 3]);
    assert_eq!(Solver::new(&cycle).nim_value(&0), Err(SearchError::Loops));
    assert_eq!(
        Solver::new(&cycle).outcome(&0, Play::Misere),
        Err(SearchError::Loops)
    );
    // Its graph is a 3-cycle of draws, with no kernel.
    let graph = game_graph(&cycle, 0).unwrap();
    assert_eq!(graph.edge_count(), 3);
    assert_eq!(graph.outcomes(Play::Normal), [Outcome::D; 3]);
    assert_eq!(graph.kernel(1000), Kernel::None);
}

#[test]
fn searches_stop_at_their_budget() {
    let game = subtraction(&[1, 2]);
    let limits = conway::engine::Limits {
        max_positions: 100,
        ..Default::default()
    };
    let result = Solver::new(&game)
        .by_search_only()
        .with_limits(limits)
        .nim_value(&vec![1000]);
    assert_eq!(result, Err(SearchError::TooBig { limit: 100 }));
    // The search stack of a deep game counts against the memory limit (searched: the
    // proved period would answer at once).
    let limits = conway::engine::Limits {
        max_memory: 10_000,
        ..Default::default()
    };
    let result = Solver::new(&game)
        .by_search_only()
        .with_limits(limits)
        .nim_value(&vec![100_000]);
    assert_eq!(result, Err(SearchError::OutOfMemory { limit: 10_000 }));
    // A table of a few dozen entries drops old ones, and the answers stay right.
    let limits = conway::engine::Limits {
        max_memory: 20_000,
        ..Default::default()
    };
    let mut solver = Solver::new(&game).with_limits(limits);
    for n in 0..3000 {
        assert_eq!(solver.nim_value(&vec![n, 7]).unwrap(), (n % 3) ^ (7 % 3));
    }
}

#[test]
fn exercise_2_5_6_twenty_five_squares() {
    // Place a chip on an empty square or move a chip one square right onto an empty one;
    // the game ends when the row is full. The first player wins iff n is odd.
    for n in 1..=12u32 {
        let full = (1u32 << n) - 1;
        let squares = game(move |&occupied: &u32| {
            if occupied == full {
                return vec![];
            }
            let mut options: Vec<u32> = (0..n)
                .filter(|i| occupied >> i & 1 == 0)
                .map(|i| occupied | 1 << i)
                .collect();
            options.extend(
                (0..n - 1)
                    .filter(|i| occupied >> i & 1 == 1 && occupied >> (i + 1) & 1 == 0)
                    .map(|i| occupied ^ (0b11 << i)),
            );
            options
        });
        let first_wins = Solver::new(&squares).outcome(&0, Play::Normal).unwrap() == Outcome::N;
        assert_eq!(first_wins, n % 2 == 1, "{n} squares");
    }
}
