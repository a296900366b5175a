//! `conway outcomes GAME --to N`: the outcome class of one pile of each size, for a game of
//! partizan piles, and the period the classes show (proved where the rule allows).

use crate::{write_json, Failure};
use conway::analysis::OutcomeSequence;
use conway::engine::{Outcome, Play};
use serde::Serialize;
use std::io::Write;

/// The most outcomes a report writes out: past it, only the period and the counts.
pub const MAX_SHOWN_OUTCOMES: u64 = 100_000;

/// What `conway outcomes --json` prints.
#[derive(Serialize)]
pub struct Report {
    pub game: String,
    pub to: u64,
    pub play: Play,
    /// The outcome of piles 0, 1, 2, … as one letter each (P, N, L, R); none past
    /// [`MAX_SHOWN_OUTCOMES`] piles.
    pub outcomes: Option<String>,
    pub preperiod: Option<u64>,
    pub period: Option<u64>,
    pub proved: bool,
    /// How many piles have each outcome.
    pub counts: Counts,
}

/// How many piles have each outcome.
#[derive(Serialize)]
#[allow(non_snake_case)]
pub struct Counts {
    P: u128,
    N: u128,
    L: u128,
    R: u128,
}

impl Report {
    pub fn new(game: String, to: u64, play: Play, sequence: &OutcomeSequence) -> Self {
        let count = |outcome| sequence.count(outcome);
        let letters = || {
            (0..=to)
                .filter_map(|pile| sequence.outcome(pile))
                .map(|o| o.to_string())
                .collect()
        };
        Report {
            game,
            to,
            play,
            outcomes: (to < MAX_SHOWN_OUTCOMES).then(letters),
            preperiod: sequence.period.map(|p| p.preperiod),
            period: sequence.period.map(|p| p.period),
            proved: sequence.period.is_some_and(|p| p.proved),
            counts: Counts {
                P: count(Outcome::P),
                N: count(Outcome::N),
                L: count(Outcome::L),
                R: count(Outcome::R),
            },
        }
    }
}

/// Writes the report as JSON or as text.
pub fn write(out: &mut dyn Write, json: bool, report: &Report) -> Result<(), Failure> {
    if json {
        return write_json(out, report);
    }
    writeln!(
        out,
        "{}, piles 0..={} ({}):",
        report.game, report.to, report.play
    )?;
    match &report.outcomes {
        Some(letters) => writeln!(out, "{letters}")?,
        None => writeln!(
            out,
            "({} outcomes are too many to show; their counts follow)",
            report.to.saturating_add(1)
        )?,
    }
    match (report.preperiod, report.period) {
        (Some(preperiod), Some(period)) => {
            let status = if report.proved {
                "proved: each pile's outcome follows from the piles below it by one rule, and a whole window of them repeats"
            } else {
                "seen in the piles computed, not proved"
            };
            writeln!(out, "period {period} from pile {preperiod} ({status})")?;
        }
        _ => writeln!(out, "no period seen up to pile {}", report.to)?,
    }
    let c = &report.counts;
    writeln!(out, "P {}, N {}, L {}, R {}", c.P, c.N, c.L, c.R)?;
    Ok(())
}
