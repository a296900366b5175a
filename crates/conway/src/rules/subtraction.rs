//! Subtraction games (§1.4): take s chips from one heap, for some s in a finite set S; and
//! their impatient form (Exercise 3.7-12), which may also take the whole heap.

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
        (period.preperiod as u64).checked_add(window - 1)
    }
}

impl HeapNotation for Subtraction {
    /// The set as it is read: `1,3,4`.
    fn params(&self) -> Option<String> {
        let set: Vec<String> = self.set.iter().map(u64::to_string).collect();
        Some(set.join(","))
    }
}

/// An impatient subtraction game (Exercise 3.7-12): take s ∈ S chips, or the whole heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impatient(pub Subtraction);

pub(super) const IMPATIENT: RuleInfo = RuleInfo {
    name: "impatient",
    params: Params::Required {
        name: "S",
        example: "1,3,4",
    },
    summary: "Impatient subtraction (Exercise 3.7-12): take s chips from one heap for some s in S, or the whole heap; g⁺(x) = g(x−1) + 1, g the value under subtraction:S.",
    notation: "S as for subtraction:S (`impatient:1,3,4`); a position is heap sizes separated by spaces.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve impatient:2,5 \"7 9\"",
    build: |info, params| {
        Ok(typed(
            info,
            Heaps(Impatient(Subtraction::parse_params(params.unwrap_or(""))?)),
        ))
    },
};

impl HeapRule for Impatient {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        if size > 0 {
            option(&[]);
        }
        for &s in self.0.set.iter().take_while(|&&s| s < size) {
            option(&[size - s]);
        }
    }

    fn heap_option_bound(&self, _size: u64) -> Option<u64> {
        Some(self.0.set.len() as u64 + 1)
    }

    /// From max S on, g(n) = mex({g(n − s) : s ∈ S} ∪ {0}) depends only on the max S values
    /// below n, as in [`Subtraction`].
    fn period_checked_through(&self, period: Period) -> Option<u64> {
        self.0.period_checked_through(period)
    }
}

impl HeapNotation for Impatient {
    fn params(&self) -> Option<String> {
        self.0.params()
    }
}
