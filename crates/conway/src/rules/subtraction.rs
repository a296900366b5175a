//! Subtraction games (§1.4): take s chips from one heap, for some s in a finite set S.

use super::position::typed;
use super::{parse_numbers, HeapNotation, Params, ParseError, RuleInfo, Separator};
use crate::heap::{HeapRule, Heaps, Period};

/// A subtraction game with a finite subtraction set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    /// The subtraction set, sorted, without repeats.
    set: Vec<u64>,
}

pub(super) const SUBTRACTION: RuleInfo = RuleInfo {
    name: "subtraction",
    params: Params::Required {
        name: "S",
        example: "1,3,4",
    },
    summary: "Take s chips from one heap, for some s in the finite set S.",
    notation: "S is a comma-separated list of positive whole numbers (`subtraction:1,3,4`); a position is heap sizes separated by spaces.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve subtraction:1,3,4 110",
    build: |info, params| {
        Ok(typed(
            info,
            Heaps(Subtraction::parse_params(params.unwrap_or(""))?),
        ))
    },
};

impl Subtraction {
    /// A subtraction game; the set must be non-empty and hold positive numbers only.
    pub fn new(mut set: Vec<u64>) -> Result<Self, String> {
        if set.is_empty() {
            return Err("the subtraction set is empty".to_string());
        }
        if set.contains(&0) {
            return Err(
                "taking 0 chips is not a move; the set must hold positive numbers".to_string(),
            );
        }
        set.sort_unstable();
        set.dedup();
        Ok(Subtraction { set })
    }

    /// Reads a set such as `1,3,4`.
    pub fn parse_params(params: &str) -> Result<Self, ParseError> {
        Self::new(parse_numbers(params, Separator::Commas)?).map_err(ParseError::whole)
    }

    pub fn set(&self) -> &[u64] {
        &self.set
    }
}

impl HeapRule for Subtraction {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        for &s in self.set.iter().take_while(|&&s| s <= size) {
            if s == size {
                option(&[]);
            } else {
                option(&[size - s]);
            }
        }
    }

    /// At most one option per element of S.
    fn heap_option_bound(&self, _size: u64) -> Option<u64> {
        Some(self.set.len() as u64)
    }

    /// For heaps of at least max S chips, g(n) = mex{g(n − s) : s ∈ S} depends only on the
    /// max S values below n, so a period that holds on max S consecutive heaps from the
    /// preperiod holds forever (the argument of Exercise 3.7-11).
    fn period_checked_through(&self, period: Period) -> Option<u64> {
        let window = *self.set.last()?;
        period.preperiod.checked_add(window - 1)
    }
}

impl HeapNotation for Subtraction {
    /// The set as it is read: `1,3,4`.
    fn params(&self) -> Option<String> {
        let set: Vec<String> = self.set.iter().map(u64::to_string).collect();
        Some(set.join(","))
    }
}
