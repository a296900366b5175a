//! Wythoff's game (Example 2.4): two heaps; take any number of chips from one heap, or the
//! same number from both. A row of several pairs is a sum, as in Wythoff's Queens with
//! several queens (Exercise 3.7-13).

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, RuleInfo};
use crate::engine::Outcome;
use crate::impartial::Impartial;
use crate::text::{parse_bounded, ParseError, Separator, MAX_SIZE};

/// Wythoff's game; a position is a row of heap pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wythoff;

pub(crate) const WYTHOFF: RuleInfo = RuleInfo {
    name: "wythoff",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Take chips from one of two heaps, or the same number from both.",
    notation: "a pair `x,y` (or just `x y`); several pairs separated by spaces are a sum, e.g. Wythoff's Queens with several queens: `3,5 4,7`.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve wythoff \"4 7\"",
    build: |info, _| Ok(typed(info, Wythoff)),
};

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

    fn components(&self, pairs: Self::Position, parts: &mut Vec<Self::Position>) {
        if pairs.len() <= 1 {
            parts.push(pairs);
        } else {
            parts.extend(pairs.iter().map(|&pair| vec![pair]));
        }
    }

    /// One pair (or none) is P exactly at the P-positions of Table 2.1.
    fn known_outcome(&self, pairs: &Self::Position) -> Option<Outcome> {
        match self.representative(pairs.clone()).as_slice() {
            [] => Some(Outcome::P),
            &[(x, y)] => Some(Outcome::p_if(is_wythoff_p(x, y))),
            _ => None,
        }
    }

    fn representative(&self, mut pairs: Self::Position) -> Self::Position {
        for pair in &mut pairs {
            *pair = (pair.0.min(pair.1), pair.0.max(pair.1));
        }
        pairs.retain(|&pair| pair != (0, 0));
        pairs.sort_unstable();
        pairs
    }
}

impl Notation for Wythoff {
    fn parse(&self, text: &str) -> Result<Self::Position, ParseError> {
        if !text.contains(',') {
            return match parse_bounded(text, Separator::Spaces, MAX_SIZE, "heap")?.as_slice() {
                &[x, y] => Ok(vec![(x, y)]),
                _ => Err(ParseError::whole(
                    "write one pair as `x y`, or pairs as `x,y x,y ...`",
                )),
            };
        }
        let mut pairs = Vec::new();
        let mut at = 0;
        for token in text.split(' ') {
            if !token.is_empty() {
                match parse_bounded(token, Separator::Commas, MAX_SIZE, "heap")
                    .map_err(|e| e.shifted(at))?
                    .as_slice()
                {
                    &[x, y] => pairs.push((x, y)),
                    _ => return Err(ParseError::at(at, format!("'{token}' is not a pair `x,y`"))),
                }
            }
            at += token.chars().count() + 1;
        }
        Ok(pairs)
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
