//! Welter's game (Exercise 2.5-9): Nimble with at most one coin per square.

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, RuleInfo};
use crate::impartial::Impartial;
use crate::text::{parse_bounded, ParseError, Separator, MAX_SIZE};

/// Welter's game; a position is the squares of the coins, distinct and sorted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Welter;

pub(crate) const WELTER: RuleInfo = RuleInfo {
    name: "welter",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Nimble with at most one coin per square: move a coin to any lower empty square.",
    notation: "the distinct squares of the coins, e.g. `[0|3|4]` or `0 3 4`.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve welter \"[2|3|7]\"",
    build: |info, _| Ok(typed(info, Welter)),
};

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
    /// `[a|b|c]`, or the squares separated by spaces.
    fn parse(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let text = text.trim();
        let mut squares = match text.strip_prefix('[') {
            Some(inner) => {
                let inner = inner.strip_suffix(']').ok_or_else(|| {
                    ParseError::at(
                        lead + text.chars().count(),
                        "the `[` is never closed by `]`",
                    )
                })?;
                let mut squares = Vec::new();
                let mut at = lead + 1;
                for item in inner.split('|').filter(|_| !inner.trim().is_empty()) {
                    let square = parse_bounded(item, Separator::Spaces, MAX_SIZE, "square")
                        .map_err(|e| e.shifted(at))?;
                    match square.as_slice() {
                        &[square] => squares.push(square),
                        _ => {
                            return Err(ParseError::at(
                                at,
                                "write one square between bars, as in `[0|3|4]`",
                            ))
                        }
                    }
                    at += item.chars().count() + 1;
                }
                squares
            }
            None => parse_bounded(text, Separator::Spaces, MAX_SIZE, "square")
                .map_err(|e| e.shifted(lead))?,
        };
        squares.sort_unstable();
        if let Some(w) = squares.windows(2).find(|w| w[0] == w[1]) {
            return Err(ParseError::whole(format!(
                "two coins on square {}; squares hold one coin each",
                w[0]
            )));
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
