//! Heap games: a position is a row of heaps, a move acts on one heap and leaves zero or more
//! heaps in its place (Nim, subtraction games, Lasker's Nim, the octal and hexadecimal
//! take-and-break games).
//!
//! A [`HeapRule`] says what one heap can become; [`Heaps`] makes any such rule an
//! [`Impartial`] game whose positions are rows of heaps, each heap an independent component.
//! Take-and-break games are given by their codes ([`TakeBreak`]). A [`Sequence`] holds the
//! values of single heaps, computed by the rule's own engine where it has one ([`NoSplit`] for
//! the codes that never split), checked for a period ([`detect_period`]) and proved by the
//! rule's periodicity theorem, or given at once by a closed form ([`ClosedCode`] for the codes
//! with Nim's values and Lasker's Nim).

mod closed;
mod code;
mod genus;
mod learnt;
mod mex;
mod nosplit;
mod period;
mod quotient;
mod sequence;
mod sparse;
mod values;

pub use closed::{lasker_value, ClosedCode};
pub use code::{TakeBreak, MAX_PARTS};
pub use genus::{genus, Genus};
pub use learnt::{Learnt, MAX_LEARNT};
pub use mex::mex_sequence;
pub use nosplit::NoSplit;
pub use period::{detect_period, find_period, Detected, Period};
pub use quotient::{
    generator_name, quotient_work_limit, Element, NimPosition, Presentation, Product, Quotient,
    QuotientError, MAX_QUOTIENT_HEAP,
};
pub use sequence::{sequence_work_limit, ClosedForm, Extend, Reference, Searched, Sequence};
pub use sparse::SparseSpace;
pub use values::Values;

use crate::engine::{Outcome, SearchError};
use crate::impartial::{Impartial, MoveSink, Solver, Target};

/// The move rule of a heap game.
pub trait HeapRule {
    /// Calls `option` with each thing a heap of `size` can become: the heaps left in its
    /// place (none when the heap is gone, several when it is split). No part is 0.
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64]));

    /// An upper bound on the number of options of one heap; `None` for "a handful" (at most
    /// [`FEW_OPTIONS`]).
    fn heap_option_bound(&self, _size: u64) -> Option<u64> {
        None
    }

    /// The nim value of one heap, where the rule knows it in closed form.
    fn known_heap_value(&self, _size: u64) -> Option<u64> {
        None
    }

    /// Whether [`known_heap_value`](Self::known_heap_value) answers every heap (but those whose
    /// value is past 2^64), so a sequence needs no search and holds nothing.
    fn every_heap_known(&self) -> bool {
        false
    }

    /// The arithmetic period that the closed form of a rule whose every heap is known follows
    /// (`g(n + p) = g(n) + s` from the preperiod on), where it has one: a sequence then
    /// follows from its first values at once, however long.
    fn closed_form_period(&self) -> Option<Period> {
        None
    }

    /// The misère outcome of a row of heaps, where the rule knows it in closed form.
    fn known_misere_outcome(&self, _heaps: &[u64]) -> Option<Outcome> {
        None
    }

    /// How far a period must be checked to be proved: if `g(n + p) = g(n)` for every `n`
    /// from the preperiod through the returned heap size, it holds for every larger `n`.
    /// `None` where the rule has no such theorem.
    fn period_checked_through(&self, _period: Period) -> Option<u64> {
        None
    }

    /// An engine that computes the values of single heaps in order faster than a search of
    /// each heap, where the rule has one.
    fn sequence_engine(&self) -> Option<Box<dyn Extend + '_>> {
        None
    }

    /// The moves from a row of heaps that reach `target`, where the rule finds them without
    /// listing every option: each goes to `sink`, in the order of [`Impartial::options`]
    /// (heap by heap). Returns whether the rule has such a closed form.
    fn known_moves_to(
        &self,
        _heaps: &[u64],
        _target: Target,
        _sink: &mut MoveSink<'_, Vec<u64>>,
    ) -> bool {
        false
    }
}

/// What a heap rule without a bound on its options is taken to list at most, per heap.
pub const FEW_OPTIONS: u64 = 16;

/// A row of heaps played under a [`HeapRule`]. The row keeps the order the user wrote and
/// shows an emptied heap as 0, so that a move's result reads like its source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Heaps<R>(pub R);

impl<R: HeapRule> Impartial for Heaps<R> {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (i, &size) in heaps.iter().enumerate() {
            self.0.heap_options(size, &mut |parts| {
                let mut option = Vec::with_capacity(heaps.len() + parts.len());
                option.extend_from_slice(&heaps[..i]);
                match parts {
                    [] => option.push(0),
                    _ => option.extend_from_slice(parts),
                }
                option.extend_from_slice(&heaps[i + 1..]);
                options.push(option);
            });
        }
        options
    }

    fn option_bound(&self, heaps: &Vec<u64>) -> Option<u64> {
        let bound = |&h: &u64| self.0.heap_option_bound(h).unwrap_or(FEW_OPTIONS);
        Some(heaps.iter().map(bound).fold(0, u64::saturating_add))
    }

    /// Each non-empty heap; a row with at most one is its own component, as it is.
    fn components(&self, mut heaps: Vec<u64>, parts: &mut Vec<Vec<u64>>) {
        if heaps.iter().filter(|&&h| h > 0).count() <= 1 {
            heaps.retain(|&h| h > 0);
            parts.push(heaps);
        } else {
            parts.extend(heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]));
        }
    }

    fn representative(&self, heaps: Vec<u64>) -> Vec<u64> {
        sorted_heaps(heaps)
    }

    fn known_value(&self, component: &Vec<u64>) -> Option<u64> {
        match component.as_slice() {
            [] => Some(0),
            [size] => self.0.known_heap_value(*size),
            _ => None,
        }
    }

    fn known_misere_outcome(&self, heaps: &Vec<u64>) -> Option<Outcome> {
        self.0.known_misere_outcome(heaps)
    }

    fn known_moves_to(
        &self,
        heaps: &Vec<u64>,
        target: Target,
        sink: &mut MoveSink<'_, Vec<u64>>,
    ) -> bool {
        self.0.known_moves_to(heaps, target, sink)
    }
}

/// A row of heaps in the form under which transpositions are recognised: the empty heaps
/// gone, the others sorted. For any game in which heaps are interchangeable.
pub fn sorted_heaps(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// Describes the move from `from` to `to` in a row of heaps, e.g. `heap 3: 30 → 12` or
/// `heap 2: 7 → 1 + 6`, heaps counted from 1.
pub fn describe_heap_move(from: &[u64], to: &[u64]) -> String {
    let i = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    let parts_len = to.len() + 1 - from.len();
    let parts = to[i..i + parts_len]
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" + ");
    let from_size = from[i];
    let to_size: u64 = to[i..i + parts_len].iter().sum();
    let removed = from_size - to_size;
    let taking = match removed {
        0 => "split".to_string(),
        1 => "take 1".to_string(),
        n => format!("take {n}"),
    };
    format!("heap {}: {from_size} → {parts} ({taking})", i + 1)
}

/// The nim values of single heaps of size `0..=n`.
pub fn nim_sequence<R: HeapRule>(
    solver: &mut Solver<'_, Heaps<R>>,
    n: u64,
) -> Result<Vec<u64>, SearchError> {
    // Ascending order keeps the search shallow: every smaller heap is already known.
    (0..=n).map(|size| solver.nim_value(&vec![size])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heap_moves_read_naturally() {
        assert_eq!(
            describe_heap_move(&[13, 42, 30, 43], &[13, 42, 12, 43]),
            "heap 3: 30 → 12 (take 18)"
        );
        assert_eq!(
            describe_heap_move(&[2, 5, 7], &[2, 5, 1, 6]),
            "heap 3: 7 → 1 + 6 (split)"
        );
        assert_eq!(describe_heap_move(&[4], &[0]), "heap 1: 4 → 0 (take 4)");
    }
}
