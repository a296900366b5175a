//! Algebraic laws of impartial games, as properties over random subtraction games.

use conway::heap::{heap_sequence, Heaps};
use conway::impartial::{GameGraph, Impartial, Outcome, Play, Solver};
use conway::rules::{Staircase, Subtraction, Wythoff};
use proptest::collection::vec;
use proptest::prelude::*;

fn subtraction_game() -> impl Strategy<Value = Heaps<Subtraction>> {
    vec(1u64..8, 1..4).prop_map(|set| Heaps(Subtraction::new(set).unwrap()))
}

fn play() -> impl Strategy<Value = Play> {
    prop_oneof![Just(Play::Normal), Just(Play::Misere)]
}

proptest! {
    #[test]
    fn sums_commute_and_every_game_cancels_itself(game in subtraction_game(), a in 0u64..80, b in 0u64..80) {
        let mut solver = Solver::new(&game);
        prop_assert_eq!(solver.nim_value(&vec![a, b]), solver.nim_value(&vec![b, a]));
        prop_assert_eq!(solver.nim_value(&vec![a, a]), Ok(0));
        let sum = solver.nim_value(&vec![a]).unwrap() ^ solver.nim_value(&vec![b]).unwrap();
        prop_assert_eq!(solver.nim_value(&vec![a, b]), Ok(sum));
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_p_positions(
        game in subtraction_game(),
        heaps in vec(0u64..25, 1..4),
        play in play(),
    ) {
        let mut solver = Solver::new(&game);
        let winners = solver.winning_moves(&heaps, play).unwrap();
        let mut to_p = Vec::new();
        for option in game.options(&heaps) {
            if solver.outcome(&option, play).unwrap() == Outcome::P {
                to_p.push(option);
            }
        }
        prop_assert_eq!(&winners, &to_p);
        // N means a winning move exists, except at the end of a misère game, where the
        // player who cannot move has won.
        let outcome = solver.outcome(&heaps, play).unwrap();
        let over = game.options(&heaps).is_empty();
        prop_assert_eq!(outcome == Outcome::N, !winners.is_empty() || (over && play == Play::Misere));
    }

    #[test]
    fn misere_search_is_normal_play_with_a_sink(game in subtraction_game(), heaps in vec(0u64..12, 1..3)) {
        let graph = GameGraph::build(&game, heaps, 100_000).unwrap().with_misere_sink();
        let kernel = graph.kernel().unwrap();
        let mut solver = Solver::new(&game);
        for (position, in_kernel) in graph.positions.iter().zip(kernel) {
            if let Some(position) = position {
                prop_assert_eq!(solver.outcome(position, Play::Misere).unwrap() == Outcome::P, in_kernel);
            }
        }
    }

    #[test]
    fn canonical_forms_are_idempotent_and_keep_the_value(
        heaps in vec(0u64..30, 0..5),
        pairs in vec((0u64..12, 0u64..12), 0..3),
    ) {
        let nim_like = Heaps(Subtraction::new(vec![1, 2, 5]).unwrap());
        let once = nim_like.canonical(&heaps);
        prop_assert_eq!(nim_like.canonical(&once), once.clone());
        let mut solver = Solver::new(&nim_like);
        prop_assert_eq!(solver.nim_value(&once), solver.nim_value(&heaps));

        let once = Wythoff.canonical(&pairs);
        prop_assert_eq!(Wythoff.canonical(&once), once.clone());
        let mut solver = Solver::new(&Wythoff);
        prop_assert_eq!(solver.nim_value(&once), solver.nim_value(&pairs));

        let stairs: Vec<u64> = heaps.iter().map(|h| h % 4).collect();
        let once = Staircase.canonical(&stairs);
        prop_assert_eq!(Staircase.canonical(&once), once.clone());
        let mut search = Solver::new(&Staircase).by_search_only();
        prop_assert_eq!(search.nim_value(&once), search.nim_value(&stairs));
    }
}

proptest! {
    #[test]
    fn a_proved_period_holds_far_beyond_the_data(set in vec(1u64..10, 1..4), n in 10u64..60) {
        let game = Heaps(Subtraction::new(set).unwrap());
        let short = heap_sequence(&mut Solver::new(&game), n).unwrap();
        let long = heap_sequence(&mut Solver::new(&game), 1500).unwrap();
        prop_assert_eq!(&long.values[..short.values.len()], &short.values[..]);
        if short.proved {
            let period = short.period.unwrap();
            for i in period.preperiod..long.values.len() - period.period {
                prop_assert_eq!(long.values[i], long.values[i + period.period], "heap {}", i);
            }
        }
        // With enough data every finite subtraction game's period is found and proved.
        prop_assert!(long.proved);
    }
}
