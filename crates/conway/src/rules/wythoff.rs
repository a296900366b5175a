//! Wythoff's game (Example 2.4): two heaps; take any number of chips from one heap, or the
//! same number from both. A row of several pairs is a sum, as in Wythoff's Queens with
//! several queens (Exercise 3.7-13).

use super::{parse_sizes, ruleset_via_notation, Notation};
use crate::impartial::{Impartial, Outcome};

/// Wythoff's game; a position is a row of heap pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wythoff;

/// The k-th P-position `(⌊kτ⌋, ⌊kτ⌋ + k)`, τ the golden ratio, in exact integer arithmetic:
/// `⌊kτ⌋ = ⌊(k + ⌊k√5⌋) / 2⌋` because k√5 is irrational for k > 0. `None` past `u64`.
pub fn wythoff_p_position(k: u64) -> Option<(u64, u64)> {
    let five_k_squared = (k as u128).checked_mul(k as u128)?.checked_mul(5)?;
    let root = five_k_squared.isqrt();
    let a = u64::try_from((k as u128 + root) / 2).ok()?;
    Some((a, a.checked_add(k)?))
}

/// Whether `(x, y)` is a P-position, by the closed form of Table 2.1.
pub fn is_wythoff_p(x: u64, y: u64) -> bool {
    let (a, b) = (x.min(y), x.max(y));
    wythoff_p_position(b - a).is_some_and(|(pa, _)| pa == a)
}

impl Impartial for Wythoff {
    type Position = Vec<(u64, u64)>;

    fn options(&self, pairs: &Self::Position) -> Vec<Self::Position> {
        let mut options = Vec::new();
        for (i, &(x, y)) in pairs.iter().enumerate() {
            let moves = (1..=x)
                .map(|t| (x - t, y))
                .chain((1..=y).map(|t| (x, y - t)))
                .chain((1..=x.min(y)).map(|t| (x - t, y - t)));
            for pair in moves {
                let mut option = pairs.clone();
                option[i] = pair;
                options.push(option);
            }
        }
        options
    }

    fn option_bound(&self, pairs: &Self::Position) -> Option<u64> {
        Some(pairs.iter().fold(0u64, |total, &(x, y)| {
            total.saturating_add(x.saturating_add(y).saturating_add(x.min(y)))
        }))
    }

    fn components(&self, pairs: &Self::Position) -> Vec<Self::Position> {
        pairs.iter().map(|&pair| vec![pair]).collect()
    }

    /// One pair (or none) is P exactly at the P-positions of Table 2.1.
    fn known_outcome(&self, pairs: &Self::Position) -> Option<Outcome> {
        match self.canonical(pairs).as_slice() {
            [] => Some(Outcome::P),
            &[(x, y)] => Some(Outcome::p_if(is_wythoff_p(x, y))),
            _ => None,
        }
    }

    fn canonical(&self, pairs: &Self::Position) -> Self::Position {
        let mut sorted: Vec<(u64, u64)> = pairs
            .iter()
            .map(|&(x, y)| (x.min(y), x.max(y)))
            .filter(|&pair| pair != (0, 0))
            .collect();
        sorted.sort_unstable();
        sorted
    }
}

impl Notation for Wythoff {
    fn parse(&self, text: &str) -> Result<Self::Position, String> {
        if !text.contains(',') {
            return match parse_sizes(text, "heap")?.as_slice() {
                &[x, y] => Ok(vec![(x, y)]),
                _ => Err("write one pair as `x y`, or pairs as `x,y x,y ...`".to_string()),
            };
        }
        text.split_whitespace()
            .map(|token| match parse_sizes(token, "heap")?.as_slice() {
                &[x, y] => Ok((x, y)),
                _ => Err(format!("'{token}' is not a pair `x,y`")),
            })
            .collect()
    }

    fn show(&self, pairs: &Self::Position) -> String {
        pairs
            .iter()
            .map(|(x, y)| format!("{x},{y}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> String {
        let i = from.iter().zip(to).position(|(a, b)| a != b).unwrap_or(0);
        let ((x, y), (x2, y2)) = (from[i], to[i]);
        let what = match (x - x2, y - y2) {
            (t, 0) => format!("take {t} from the first heap"),
            (0, t) => format!("take {t} from the second heap"),
            (t, _) => format!("take {t} from both heaps"),
        };
        let pair = if from.len() > 1 {
            format!("pair {}: ", i + 1)
        } else {
            String::new()
        };
        format!("{pair}{x},{y} → {x2},{y2} ({what})")
    }
}

ruleset_via_notation!(Wythoff, |_: &Wythoff| "wythoff".to_string());
