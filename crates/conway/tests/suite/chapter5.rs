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
        // Under misère play too: a search of the whole position, where normal play adds
        // values.
        {
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

/// Misère partizan play (Exercise 5.4) by the analysis of a position, against a plain
/// recursion written here from the definition: the player to move with no move wins, and
/// otherwise wins by a move after which the other, to move, does not. Positions of two
/// piles, so that the search meets sums the outcome sequence does not cover; the outcome and
/// each player's number of winning moves must agree.
#[test]
fn misere_partizan_subtraction_agrees_with_plain_recursion() {
    use conway::analysis::Mover;
    use std::collections::HashMap;
    fn wins(
        piles: (u64, u64),
        left: bool,
        sets: &(Vec<u64>, Vec<u64>),
        memo: &mut HashMap<((u64, u64), bool), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&(piles, left)) {
            return known;
        }
        let set = if left { &sets.0 } else { &sets.1 };
        let options = options(piles, set);
        let answer = options.is_empty() || options.iter().any(|&o| !wins(o, !left, sets, memo));
        memo.insert((piles, left), answer);
        answer
    }
    fn options((a, b): (u64, u64), set: &[u64]) -> Vec<(u64, u64)> {
        let mut found = Vec::new();
        for &s in set {
            if s <= a {
                found.push((a - s, b));
            }
        }
        for &s in set {
            if s <= b {
                found.push((a, b - s));
            }
        }
        found
    }
    let mut checked = 0;
    for (params, sets) in [
        ("1,2/1,3", (vec![1, 2], vec![1, 3])),
        ("1,3/2", (vec![1, 3], vec![2])),
        ("2,3/1,4", (vec![2, 3], vec![1, 4])),
    ] {
        let rules = ruleset(&format!("partizan-subtraction:{params}")).unwrap();
        let mut memo = HashMap::new();
        for a in 0..9 {
            for b in 0..9 {
                let text = format!("{a} {b}");
                let budget = Budget::default;
                let analysis = rules
                    .parse_under(&text, Play::Misere)
                    .and_then(|p| p.analyse(&Request::new(Play::Misere, &budget)))
                    .unwrap();
                let left_first = wins((a, b), true, &sets, &mut memo);
                let right_first = wins((a, b), false, &sets, &mut memo);
                let expected = match (left_first, right_first) {
                    (true, true) => "N",
                    (true, false) => "L",
                    (false, true) => "R",
                    (false, false) => "P",
                };
                assert_eq!(analysis.outcome.to_string(), expected, "{params} {text}");
                for (mover, left, set) in
                    [(Mover::Left, true, &sets.0), (Mover::Right, false, &sets.1)]
                {
                    let winning = options((a, b), set)
                        .into_iter()
                        .filter(|&o| !wins(o, !left, &sets, &mut memo))
                        .count();
                    let listed = analysis.moves.iter().filter(|m| m.mover == mover).count();
                    assert_eq!(listed, winning, "{params} {text} {mover:?}");
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 3 * 81);
}
