//! Chomp (§1.5): eat a square together with every square to its right and below it; the
//! top-left square is poisoned, so the player left with only it loses.

use super::{parse_sizes, ruleset_via_notation, show_numbers, Notation};
use crate::impartial::{Impartial, Outcome};

/// Chomp; a position is its row lengths from the top, non-increasing, without empty rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chomp;

/// The position left after eating the square in `row`, `column` (both from 0).
fn eat(rows: &[u64], row: usize, column: u64) -> Vec<u64> {
    let mut left: Vec<u64> = rows
        .iter()
        .enumerate()
        .map(|(r, &len)| if r >= row { len.min(column) } else { len })
        .collect();
    while left.last() == Some(&0) {
        left.pop();
    }
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
    fn parse(&self, text: &str) -> Result<Vec<u64>, String> {
        let mut rows = parse_sizes(text, "row length")?;
        while rows.last() == Some(&0) {
            rows.pop();
        }
        if rows.is_empty() {
            return Err("the board is empty; the poisoned square is always there".to_string());
        }
        if let Some(i) = rows.windows(2).position(|w| w[0] < w[1]) {
            return Err(format!(
                "row {} is longer than the row above it; row lengths must not increase",
                i + 2
            ));
        }
        Ok(rows)
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

ruleset_via_notation!(Chomp, |_: &Chomp| "chomp".to_string());
