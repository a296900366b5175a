//! Chomp (§1.5): eat a square together with every square to its right and below it; the
//! top-left square is poisoned, so the player left with only it loses.

use crate::analysis::typed;
use crate::analysis::{Kind, Misere, Notation, Params, RuleInfo};
use crate::engine::Outcome;
use crate::impartial::Impartial;
use crate::text::{parse_bounded, show_numbers, trim_end, ParseError, Separator, MAX_SIZE};

/// Chomp; a position is its row lengths from the top, non-increasing, without empty rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chomp;

pub(crate) const CHOMP: RuleInfo = RuleInfo {
    name: "chomp",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Eat a square and every square right of and below it; the top-left square is poisoned.",
    notation: "row lengths from the top, non-increasing, e.g. `4 4 3` (rows of 4, 4 and 3 squares). The position `1` (the poison alone) is lost for the player to move.",
    misere: CHOMP_MISERE,
    example: "conway solve chomp \"5 5 5\"",
    build: |info, _| Ok(typed(info, Chomp)),
};

/// Chomp's own rule says who loses (the player left with the poison), so misère play would
/// only turn that rule around.
const CHOMP_MISERE: &str = "not supported: Chomp's own rule already decides who loses (whoever must eat the poison), so there is no separate misère game";

/// The position left after eating the square in `row`, `column` (both from 0).
fn eat(rows: &[u64], row: usize, column: u64) -> Vec<u64> {
    let mut left: Vec<u64> = rows
        .iter()
        .enumerate()
        .map(|(r, &len)| if r >= row { len.min(column) } else { len })
        .collect();
    trim_end(&mut left, &0);
    left
}

impl Impartial for Chomp {
    type Position = Vec<u64>;

    fn options(&self, rows: &Vec<u64>) -> Vec<Vec<u64>> {
        rows.iter()
            .enumerate()
            .flat_map(|(row, &len)| {
                let first = if row == 0 { 1 } else { 0 };
                (first..len).map(move |column| eat(rows, row, column))
            })
            .collect()
    }

    /// One option per square but the poison.
    fn option_bound(&self, rows: &Vec<u64>) -> Option<u64> {
        Some(
            rows.iter()
                .fold(0u64, |total, &len| total.saturating_add(len)),
        )
    }

    /// Proposition 1.1: a board of at most two rows is P iff the top row has exactly one
    /// square more than the bottom row (the poison alone is `[1, 0]`).
    fn known_outcome(&self, rows: &Vec<u64>) -> Option<Outcome> {
        match *rows.as_slice() {
            [a] => Some(Outcome::p_if(a == 1)),
            [a, b] => Some(Outcome::p_if(b + 1 == a)),
            _ => None,
        }
    }
}

impl Notation for Chomp {
    fn parse(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        let mut rows = parse_bounded(text, Separator::Spaces, MAX_SIZE, "row length")?;
        trim_end(&mut rows, &0);
        if rows.is_empty() {
            return Err(ParseError::whole(
                "the board is empty; the poisoned square is always there",
            ));
        }
        if let Some(i) = rows.windows(2).position(|w| w[0] < w[1]) {
            return Err(ParseError::whole(format!(
                "row {} is longer than the row above it; row lengths must not increase",
                i + 2
            )));
        }
        Ok(rows)
    }

    fn misere(&self) -> Misere<Self> {
        Misere::Unsupported(CHOMP_MISERE)
    }

    fn show(&self, rows: &Vec<u64>) -> String {
        show_numbers(rows)
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let row = (0..from.len())
            .find(|&r| to.get(r).copied().unwrap_or(0) != from[r])
            .unwrap_or(0);
        let column = to.get(row).copied().unwrap_or(0);
        format!("eat row {}, column {}", row + 1, column + 1)
    }
}
