//! Welter's game (Exercise 2.5-9): Nimble with at most one coin per square.

use super::{parse_sizes, ruleset_via_notation, Notation};
use crate::impartial::Impartial;

/// Welter's game; a position is the squares of the coins, distinct and sorted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Welter;

impl Impartial for Welter {
    type Position = Vec<u64>;

    /// At most one option per coin and lower square.
    fn option_bound(&self, squares: &Vec<u64>) -> Option<u64> {
        Some(
            squares
                .iter()
                .fold(0u64, |total, &s| total.saturating_add(s)),
        )
    }

    fn options(&self, squares: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (i, &square) in squares.iter().enumerate() {
            for target in (0..square).filter(|t| squares.binary_search(t).is_err()) {
                let mut option = squares.clone();
                option[i] = target;
                option.sort_unstable();
                options.push(option);
            }
        }
        options
    }
}

impl Notation for Welter {
    fn parse(&self, text: &str) -> Result<Vec<u64>, String> {
        let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
        let mut squares = parse_sizes(&inner.replace('|', " "), "square")?;
        squares.sort_unstable();
        if let Some(w) = squares.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!(
                "two coins on square {}; squares hold one coin each",
                w[0]
            ));
        }
        Ok(squares)
    }

    fn show(&self, squares: &Vec<u64>) -> String {
        let inner: Vec<String> = squares.iter().map(u64::to_string).collect();
        format!("[{}]", inner.join("|"))
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let source = from.iter().find(|s| !to.contains(s)).copied().unwrap_or(0);
        let target = to.iter().find(|t| !from.contains(t)).copied().unwrap_or(0);
        format!("coin on square {source} → square {target}")
    }
}

ruleset_via_notation!(Welter, |_: &Welter| "welter".to_string());
