//! Subtraction games (§1.4): take s chips from one heap, for some s in a finite set S.

use super::{heap_notation, parse_numbers, ruleset_via_notation};
use crate::heap::{HeapRule, Heaps, Period};

/// A subtraction game with a finite subtraction set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    /// The subtraction set, sorted, without repeats.
    set: Vec<u64>,
}

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
    pub fn parse_params(params: &str) -> Result<Self, String> {
        Self::new(parse_numbers(params)?)
    }

    pub fn set(&self) -> &[u64] {
        &self.set
    }
}

impl HeapRule for Subtraction {
    fn heap_options(&self, size: u64) -> Vec<Vec<u64>> {
        self.set
            .iter()
            .take_while(|&&s| s <= size)
            .map(|&s| if s == size { vec![] } else { vec![size - s] })
            .collect()
    }

    /// For heaps of at least max S chips, g(n) = mex{g(n − s) : s ∈ S} depends only on the
    /// max S values below n, so a period that holds on max S consecutive heaps from the
    /// preperiod holds forever (the argument of Exercise 3.7-11).
    fn period_checked_through(&self, period: Period) -> Option<u64> {
        let window = *self.set.last()?;
        (period.preperiod as u64).checked_add(window - 1)
    }
}

heap_notation!(Subtraction, u64::MAX);
/// Writes the set as it is read: `subtraction:1,3,4`.
fn name(game: &Heaps<Subtraction>) -> String {
    let set: Vec<String> = game.0.set.iter().map(u64::to_string).collect();
    format!("subtraction:{}", set.join(","))
}

ruleset_via_notation!(Heaps<Subtraction>, name, heap);
