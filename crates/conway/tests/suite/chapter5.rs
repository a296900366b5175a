//! Chapter 5's outcome classes (`tests/data/short/outcomes.tsv`): partizan subtraction games
//! under normal and misère play, each record checked two ways where it can be (the outcome of
//! the position's analysis, and the outcome sequence of the game), Hex, misère Hex and
//! Squex (whose draws are outcome D).

use crate::common::records;
use conway::analysis::{Budget, Request};
use conway::engine::Play;
use conway::games::ruleset;

#[test]
fn chapter_5_outcomes() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (line, fields) in records("short/outcomes.tsv") {
        let [game, position, play, expected, source] = &fields[..] else {
            panic!(
                "outcomes.tsv:{line}: expected 5 fields, found {}",
                fields.len()
            );
        };
        let name = game.split(':').next().unwrap_or(game);
        let rules = ruleset(game).unwrap_or_else(|e| panic!("outcomes.tsv:{line}: {e}"));
        let play = match play.as_str() {
            "normal" => Play::Normal,
            "misere" => Play::Misere,
            other => panic!("outcomes.tsv:{line}: play {other}"),
        };
        if name == "partizan-subtraction" {
            let pile: u64 = position.parse().expect("a pile");
            let sequence = rules
                .outcome_sequence(pile, play, Budget::default())
                .unwrap_or_else(|e| panic!("outcomes.tsv:{line}: {e}"));
            let by_sequence = sequence.outcomes[pile as usize].to_string();
            if &by_sequence != expected {
                failures.push(format!(
                    "outcomes.tsv:{line}: {game} {position} {play}: the sequence says {by_sequence}, not {expected} ({source})"
                ));
            }
        }
        // Partizan positions have values under normal play only; a Hex or Squex position
        // says who moves, and is analysed under either play.
        if play == Play::Normal || name != "partizan-subtraction" {
            let budget = Budget::default;
            let analysis = rules
                .parse_under(position, play)
                .and_then(|p| p.analyse(&Request::new(play, &budget).keep(0)))
                .unwrap_or_else(|e| panic!("outcomes.tsv:{line}: {e}"));
            if &analysis.outcome.to_string() != expected {
                failures.push(format!(
                    "outcomes.tsv:{line}: {game} {position}: the value's outcome is {}, not {expected} ({source})",
                    analysis.outcome
                ));
            }
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        checked,
        209 + 8 + 4,
        "every partizan subtraction, Hex and Squex record"
    );
}
