//! No input makes a ruleset panic: any text is either a position it analyses or an error that
//! names the problem, and the positions it reports read back.

use conway::impartial::{Limits, Play};
use conway::rules::{ruleset, Budget};
use proptest::prelude::*;
use proptest::sample::select;

const GAMES: &[&str] = &[
    "nim",
    "misere-nim",
    "subtraction:1,3,4",
    "moore:2",
    "wythoff",
    "chomp",
    "poker-nim",
    "northcott",
    "staircase",
    "nimble",
    "welter",
    "turning-turtles",
    "silver-dollar",
    "lasker",
    "dynamic:1",
    "fibonacci",
    "growing",
    "growing:own",
];

fn small_budget() -> Budget {
    Budget {
        limits: Limits {
            max_positions: 20_000,
            max_cached: 10_000,
        },
        progress: None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn any_text_is_analysed_or_refused(
        game in select(GAMES),
        text in prop_oneof!["[0-9 ,./|\\[\\]HTcSWB:+-]{0,14}", "[0-9 ]{0,9}", "[.cSHTWB|]{0,9}"],
        misere: bool,
    ) {
        let rules = ruleset(game).unwrap();
        let play = if misere { Play::Misere } else { Play::Normal };
        match rules.analyse(&text, play, small_budget()) {
            Ok(report) => {
                // Every reported position is one the ruleset reads back.
                for m in &report.winning_moves {
                    prop_assert!(rules.analyse(&m.to, play, small_budget()).is_ok(), "{} → {}", text, m.to);
                }
            }
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
        let _ = rules.graph(&text, play, 500);
        let _ = rules.moves(&text);
        let _ = rules.value(&text, small_budget());
    }
}
