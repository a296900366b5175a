//! Nim-sequences of take-and-break codes that never split a heap (digits 0–3): subtraction
//! games, finite or with an all-but set, in linear time.
//!
//! A finite code looks back at most σ heaps. A code that goes on forever (its last digit
//! repeated) lets a heap of n become any heap of `1..=n − k − 1` (k the last written take),
//! plus the few the written digits allow: the values of that growing prefix are kept as links
//! to the next value it lacks, so each heap costs the written digits, not n.

use super::code::TakeBreak;
use super::sequence::{Extend, BLOCK};
use super::Values;
use crate::engine::{Meter, SearchError};

/// Heaps computed per unit of work counted against the meter: a heap costs a few steps here,
/// against the hundreds a searched position costs.
const HEAPS_PER_COUNT: u64 = 16;

/// The values of a code without splits, computed in order.
pub struct NoSplit {
    code: TakeBreak,
    values: Values,
    max_value: u64,
    /// For a code that goes on forever: the values of the prefix `1..=n − k − 1`, as "the
    /// next value not in it": `next_absent[v]` leads (with path halving) to the smallest value
    /// at least v that no heap of the prefix has.
    next_absent: Vec<u32>,
}

impl NoSplit {
    /// The engine for `code`, if it never splits a heap.
    pub fn new(code: &TakeBreak) -> Option<NoSplit> {
        (code.max_parts() <= 1).then(|| NoSplit {
            code: code.clone(),
            values: Values::new(),
            max_value: 0,
            next_absent: Vec::new(),
        })
    }

    /// The smallest value at least `v` that no heap of the prefix has.
    fn absent_from(&mut self, v: u64) -> u64 {
        let mut v = v as usize;
        while let Some(&next) = self.next_absent.get(v) {
            let next = next as usize;
            if next == v {
                break;
            }
            // Path halving: point v two steps on.
            let after = self.next_absent.get(next).copied().unwrap_or(next as u32);
            self.next_absent[v] = after;
            v = next;
        }
        v as u64
    }

    /// Adds a value of the prefix. Values are at most the heap's size, and heaps stop short
    /// of 2^32 (see `extend`), so links are 32 bits.
    fn add_to_prefix(&mut self, value: u64) {
        let slot = value as usize;
        let len = self.next_absent.len();
        if slot + 1 >= len {
            self.next_absent.extend(len as u32..=value as u32 + 1);
        }
        if self.next_absent[slot] as usize == slot {
            self.next_absent[slot] = value as u32 + 1;
        }
    }

    /// The value of heap `n`, the heaps below it known.
    fn next_value(&mut self, n: u64) -> u64 {
        let written = self.code.digits().len() as u64 - 1;
        let repeats = self.code.tail() & 2 != 0 && n > written + 1;
        if repeats {
            self.add_to_prefix(self.values.get((n - written - 1) as usize));
        }
        // The values the written takes reach (at most a handful), and 0 for emptying the heap.
        let mut reached: Vec<u64> = (1..=written.min(n.saturating_sub(1)))
            .filter(|&s| self.code.digit(s) & 2 != 0)
            .map(|s| self.values.get((n - s) as usize))
            .collect();
        if self.code.digit(n) & 1 != 0 {
            reached.push(0);
        }
        let mut candidate = 0;
        loop {
            if repeats {
                candidate = self.absent_from(candidate);
            }
            if !reached.contains(&candidate) {
                return candidate;
            }
            candidate += 1;
        }
    }
}

impl Extend for NoSplit {
    fn extend(&mut self, to: u64, meter: &mut Meter) -> Result<(), SearchError> {
        let mut n = self.len();
        while n <= to {
            let block_end = to.min(n.saturating_add(BLOCK - 1));
            meter.count((block_end - n + 1).div_ceil(HEAPS_PER_COUNT))?;
            if block_end >= u64::from(u32::MAX) {
                return Err(SearchError::TooLarge {
                    what: "more than 2^32 heaps to compute one by one".to_string(),
                });
            }
            // The values, and for a repeating code the links of the prefix (a value is at most
            // the heap's size); a vector that grows may double what it holds.
            let width = Values::width_of(self.max_value.max(block_end)) as u64;
            meter.hold((block_end + 1).saturating_mul(width + 4).saturating_mul(2))?;
            for m in n..=block_end {
                let value = self.next_value(m);
                self.max_value = self.max_value.max(value);
                self.values.push(value);
            }
            n = block_end + 1;
        }
        Ok(())
    }

    fn len(&self) -> u64 {
        self.values.len() as u64
    }

    fn value(&self, n: u64) -> u64 {
        self.values.get(n as usize)
    }

    fn max_value(&self) -> u64 {
        self.max_value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;
    use crate::heap::mex_sequence;

    fn by_definition(code: &TakeBreak, n: u64) -> Vec<u64> {
        mex_sequence(code, n + 1)
    }

    fn fast(code: &TakeBreak, n: u64) -> Vec<u64> {
        let mut engine = NoSplit::new(code).unwrap();
        engine
            .extend(n, &mut Meter::new(Limits::default()))
            .unwrap();
        (0..=n).map(|m| engine.value(m)).collect()
    }

    #[test]
    fn agrees_with_the_definition_on_every_short_code() {
        // Every code of up to four digits 0–3 after the point, finite or repeating its last.
        for digits in 0..4u32.pow(4) {
            let mut code: Vec<u8> = vec![0];
            code.extend((0..4).map(|i| (digits >> (2 * i) & 3) as u8));
            for tail in [0, code[4]] {
                let code = TakeBreak::new(code.clone(), tail).unwrap();
                assert_eq!(fast(&code, 60), by_definition(&code, 60), "code {code}");
            }
        }
    }

    #[test]
    fn nim_and_an_all_but_subtraction_game() {
        let nim = TakeBreak::new(vec![0], 3).unwrap();
        assert_eq!(fast(&nim, 10), (0..=10).collect::<Vec<_>>());
        // All but {2}: take any number but 2.
        let all_but_two = TakeBreak::new(vec![0, 3, 0], 3).unwrap();
        assert_eq!(fast(&all_but_two, 200), by_definition(&all_but_two, 200));
    }
}
