//! Algebraic laws of impartial games, as properties over random games, each checked against a
//! brute force that never decomposes a position and never puts it in a canonical form: the
//! mex of the options' values, position by position, straight from the definition.

use conway::analysis::Budget;
use conway::engine::{Limits, Meter};
use conway::engine::{Outcome, Play};
use conway::games::impartial::{Staircase, Subtraction, Wythoff};
use conway::games::ruleset;
use conway::graph::Graph;
use conway::heap::{nim_sequence, Heaps};
use conway::impartial::{Impartial, Solver};
use proptest::collection::vec;
use proptest::prelude::*;
use std::collections::HashMap;
use std::hash::Hash;

/// Values from the definition alone: no components, no canonical forms, no closed forms.
struct Brute<'g, G: Impartial> {
    game: &'g G,
    nim: HashMap<G::Position, u64>,
    misere_p: HashMap<G::Position, bool>,
}

impl<'g, G: Impartial> Brute<'g, G>
where
    G::Position: Hash,
{
    fn new(game: &'g G) -> Self {
        Brute {
            game,
            nim: HashMap::new(),
            misere_p: HashMap::new(),
        }
    }

    fn nim_value(&mut self, position: &G::Position) -> u64 {
        if let Some(&value) = self.nim.get(position) {
            return value;
        }
        let values: Vec<u64> = self
            .game
            .options(position)
            .iter()
            .map(|option| self.nim_value(option))
            .collect();
        let value = (0..).find(|v| !values.contains(v)).unwrap();
        self.nim.insert(position.clone(), value);
        value
    }

    /// Whether the player to move loses under misère play: he has a move, and every move
    /// leads to a position where the other player wins.
    fn misere_p(&mut self, position: &G::Position) -> bool {
        if let Some(&p) = self.misere_p.get(position) {
            return p;
        }
        let options = self.game.options(position);
        let p = !options.is_empty() && options.iter().all(|o| !self.misere_p(o));
        self.misere_p.insert(position.clone(), p);
        p
    }

    fn outcome(&mut self, position: &G::Position, play: Play) -> Outcome {
        Outcome::p_if(match play {
            Play::Normal => self.nim_value(position) == 0,
            Play::Misere => self.misere_p(position),
        })
    }
}

fn subtraction_game() -> impl Strategy<Value = Heaps<Subtraction>> {
    vec(1u64..8, 1..4).prop_map(|set| Heaps(Subtraction::new(set).unwrap()))
}

fn play() -> impl Strategy<Value = Play> {
    prop_oneof![Just(Play::Normal), Just(Play::Misere)]
}

proptest! {
    #[test]
    fn a_sum_has_the_nim_sum_of_its_parts(game in subtraction_game(), a in 0u64..30, b in 0u64..30, c in 0u64..30) {
        let mut brute = Brute::new(&game);
        let whole = brute.nim_value(&vec![a, b, c]);
        let parts = brute.nim_value(&vec![a]) ^ brute.nim_value(&vec![b]) ^ brute.nim_value(&vec![c]);
        prop_assert_eq!(whole, parts, "the Sprague–Grundy theorem, by brute force");
        let mut solver = Solver::new(&game).by_search_only();
        prop_assert_eq!(solver.nim_value(&vec![a, b, c]), Ok(whole));
        prop_assert_eq!(solver.nim_value(&vec![c, a, b]), Ok(whole), "sums commute");
        prop_assert_eq!(solver.nim_value(&vec![a, a]), Ok(0), "G + G = 0");
        prop_assert_eq!(brute.nim_value(&vec![a, a]), 0);
    }

    #[test]
    fn outcomes_and_winning_moves_agree_with_brute_force(
        game in subtraction_game(),
        heaps in vec(0u64..14, 1..4),
        play in play(),
    ) {
        let mut brute = Brute::new(&game);
        let mut solver = Solver::new(&game);
        prop_assert_eq!(solver.outcome(&heaps, play).unwrap(), brute.outcome(&heaps, play));
        let to_p: Vec<Vec<u64>> = game
            .options(&heaps)
            .into_iter()
            .filter(|option| brute.outcome(option, play) == Outcome::P)
            .collect();
        prop_assert_eq!(solver.winning_moves(&heaps, play).unwrap(), to_p);
    }

    #[test]
    fn search_agrees_with_retrograde_analysis_of_the_graph(
        game in subtraction_game(),
        heaps in vec(0u64..12, 1..3),
        play in play(),
    ) {
        let mut meter = Meter::new(Limits::default());
        let graph = Graph::explore(heaps, &mut meter, |p| game.options(p), |_| None).unwrap();
        let outcomes = graph.outcomes(play);
        let mut solver = Solver::new(&game);
        for (position, &outcome) in graph.positions().iter().zip(&outcomes) {
            prop_assert_eq!(solver.outcome(position, play).unwrap(), outcome);
        }
    }

    #[test]
    fn representatives_keep_the_value_and_are_idempotent(
        heaps in vec(0u64..20, 0..4),
        pairs in vec((0u64..8, 0u64..8), 0..3),
        stairs in vec(0u64..3, 0..5),
    ) {
        let nim_like = Heaps(Subtraction::new(vec![1, 2, 5]).unwrap());
        let once = nim_like.representative(heaps.clone());
        prop_assert_eq!(nim_like.representative(once.clone()), once.clone());
        let mut brute = Brute::new(&nim_like);
        prop_assert_eq!(brute.nim_value(&once), brute.nim_value(&heaps));

        let once = Wythoff.representative(pairs.clone());
        prop_assert_eq!(Wythoff.representative(once.clone()), once.clone());
        let mut brute = Brute::new(&Wythoff);
        prop_assert_eq!(brute.nim_value(&once), brute.nim_value(&pairs));

        let once = Staircase.representative(stairs.clone());
        prop_assert_eq!(Staircase.representative(once.clone()), once.clone());
        let mut brute = Brute::new(&Staircase);
        prop_assert_eq!(brute.nim_value(&once), brute.nim_value(&stairs));
    }

    #[test]
    fn positions_with_one_representative_have_one_value(
        a in vec((0u64..6, 0u64..6), 0..3),
        b in vec((0u64..6, 0u64..6), 0..3),
    ) {
        // Unique: whenever the representatives agree, so do the values (by brute force).
        if Wythoff.representative(a.clone()) == Wythoff.representative(b.clone()) {
            let mut brute = Brute::new(&Wythoff);
            prop_assert_eq!(brute.nim_value(&a), brute.nim_value(&b));
        }
        let mut solver = Solver::new(&Wythoff).by_search_only();
        let mut brute = Brute::new(&Wythoff);
        prop_assert_eq!(solver.nim_value(&a).unwrap(), brute.nim_value(&a));
    }

    #[test]
    fn a_proved_period_holds_far_beyond_the_data(set in vec(1u64..10, 1..4), n in 10u64..60) {
        let game = Heaps(Subtraction::new(set.clone()).unwrap());
        let searched = nim_sequence(&mut Solver::new(&game).by_search_only(), 1500).unwrap();
        let name: Vec<String> = set.iter().map(u64::to_string).collect();
        let rules = ruleset(&format!("subtraction:{}", name.join(","))).unwrap();
        let budget = || Budget { limits: Limits::default(), ..Budget::default() };
        let short = rules.sequence(n, budget()).unwrap();
        let engine_values: Vec<u64> = short.values().collect();
        prop_assert_eq!(&engine_values[..], &searched[..=n as usize]);
        if let Some(detected) = short.period().filter(|d| d.proved) {
            let known = |m: u64| searched[m as usize];
            for (heap, &value) in searched.iter().enumerate() {
                prop_assert_eq!(detected.period.value_at(heap as u64, known), Some(value), "heap {}", heap);
            }
        }
        // With enough data every finite subtraction game's period is found and proved.
        let long = rules.sequence(1500, budget()).unwrap();
        prop_assert!(long.period().is_some_and(|d| d.proved));
        let long_values: Vec<u64> = long.values().collect();
        prop_assert_eq!(long_values, searched);
    }
}
