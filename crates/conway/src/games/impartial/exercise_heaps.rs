//! The one-heap games of Exercises 3.7-3 to 3.7-6: take at most or at least half the heap,
//! take an even number, take a multiple of three. Each has a closed form for its values, and a
//! heap of n has O(n) options, so heaps are held to [`MAX_SIZE`] as for Lasker's Nim.

use crate::analysis::typed;
use crate::analysis::{Kind, Params, RuleInfo};
use crate::games::impartial::heaps::HeapNotation;
use crate::heap::{HeapRule, Heaps};
use crate::text::MAX_SIZE;

/// Leaves `left` chips in place of the heap: nothing when `left` is 0.
pub(crate) fn leave(left: u64, option: &mut dyn FnMut(&[u64])) {
    match left {
        0 => option(&[]),
        _ => option(&[left]),
    }
}

/// Take at least one chip and at most half the heap (Exercise 3.7-3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AtMostHalf;

pub(crate) const AT_MOST_HALF: RuleInfo = RuleInfo {
    name: "at-most-half",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Take at least one chip and at most half of one heap (Exercise 3.7-3); g(2k) = k, g(2k+1) = g(k).",
    notation: "heap sizes separated by spaces; heaps of 0 and 1 are over.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve at-most-half \"9 14 20\"",
    build: |info, _| Ok(typed(info, Heaps(AtMostHalf))),
};

impl HeapRule for AtMostHalf {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        for left in size - size / 2..size {
            option(&[left]);
        }
    }

    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(size / 2)
    }

    fn every_heap_known(&self) -> bool {
        true
    }

    /// g(2k) = k and g(2k+1) = g(k): drop the trailing ones, then halve.
    fn known_heap_value(&self, size: u64) -> Option<u64> {
        Some(size.checked_shr(size.trailing_ones() + 1).unwrap_or(0))
    }
}

impl HeapNotation for AtMostHalf {
    fn max_heap(&self) -> u64 {
        MAX_SIZE
    }
}

/// Take at least half the heap (Example 3.3, Exercise 3.7-4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AtLeastHalf;

pub(crate) const AT_LEAST_HALF: RuleInfo = RuleInfo {
    name: "at-least-half",
    kind: Kind::Impartial,
    params: Params::None,
    summary:
        "Take at least half of one heap (Example 3.3, Exercise 3.7-4); g(x) = min{k : 2^k > x}.",
    notation: "heap sizes separated by spaces.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve at-least-half \"17 5\"",
    build: |info, _| Ok(typed(info, Heaps(AtLeastHalf))),
};

impl HeapRule for AtLeastHalf {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        if size > 0 {
            for left in 0..=size / 2 {
                leave(left, option);
            }
        }
    }

    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(size / 2 + 1)
    }

    fn every_heap_known(&self) -> bool {
        true
    }

    /// The number of binary digits of the heap.
    fn known_heap_value(&self, size: u64) -> Option<u64> {
        Some(u64::from(u64::BITS - size.leading_zeros()))
    }
}

impl HeapNotation for AtLeastHalf {
    fn max_heap(&self) -> u64 {
        MAX_SIZE
    }
}

/// Take an even number of chips (the whole heap too), or the one chip of a heap of one
/// (Exercise 3.7-5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvenOrOne;

pub(crate) const EVEN_OR_ONE: RuleInfo = RuleInfo {
    name: "even-or-one",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Take any even number of chips from one heap, or empty a heap of exactly one chip (Exercise 3.7-5); g(n) = ⌊n/2⌋ for n ≥ 4.",
    notation: "heap sizes separated by spaces.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve even-or-one 18 + threes-or-all 17 + nim 7",
    build: |info, _| Ok(typed(info, Heaps(EvenOrOne))),
};

impl HeapRule for EvenOrOne {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        if size == 1 {
            option(&[]);
        }
        for left in (size % 2..size.saturating_sub(1)).step_by(2) {
            leave(left, option);
        }
    }

    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(size / 2 + 1)
    }

    fn every_heap_known(&self) -> bool {
        true
    }

    /// g(1..=3) = 1, 1, 0 and g(n) = ⌊n/2⌋ from 4 on.
    fn known_heap_value(&self, size: u64) -> Option<u64> {
        Some(match size {
            1 | 2 => 1,
            3 => 0,
            _ => size / 2,
        })
    }
}

impl HeapNotation for EvenOrOne {
    fn max_heap(&self) -> u64 {
        MAX_SIZE
    }
}

/// Take a positive multiple of three but not the whole heap, or the whole heap if its size is
/// ≡ 2 (mod 3) (Exercise 3.7-6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreesOrAll;

pub(crate) const THREES_OR_ALL: RuleInfo = RuleInfo {
    name: "threes-or-all",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Take a positive multiple of 3 chips from one heap but not all of it, or all of it if its size is ≡ 2 (mod 3) (Exercise 3.7-6); g(3k) = k−1, g(3k+1) = k, g(3k+2) = k+1.",
    notation: "heap sizes separated by spaces; heaps of 0, 1 and 3 are over.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve threes-or-all \"17 12\"",
    build: |info, _| Ok(typed(info, Heaps(ThreesOrAll))),
};

impl HeapRule for ThreesOrAll {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        if size % 3 == 2 {
            option(&[]);
        }
        let smallest = match size % 3 {
            0 => 3,
            rest => rest,
        };
        for left in (smallest..size.saturating_sub(2)).step_by(3) {
            option(&[left]);
        }
    }

    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(size / 3 + 1)
    }

    fn every_heap_known(&self) -> bool {
        true
    }

    fn known_heap_value(&self, size: u64) -> Option<u64> {
        let k = size / 3;
        Some(match size % 3 {
            0 => k.saturating_sub(1),
            1 => k,
            _ => k + 1,
        })
    }
}

impl HeapNotation for ThreesOrAll {
    fn max_heap(&self) -> u64 {
        MAX_SIZE
    }
}
