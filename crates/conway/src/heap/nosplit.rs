//! Nim-sequences of take-and-break codes that never split a heap (digits 0–3): subtraction
//! games, finite or with an all-but set, in linear time.
//!
//! A finite code looks back at most σ heaps. A code that goes on forever (its last digit
//! repeated) lets a heap of n become any heap of `1..=n − k − 1` (k the last written take),
//! plus the few the written digits allow: the values of that growing prefix are kept as counts,
//! so each heap costs the written digits plus the steps of the mex, not n.

use super::code::TakeBreak;
use super::sequence::{Extend, BLOCK};
use crate::engine::{Meter, SearchError};

/// The values of a code without splits, computed in order.
pub struct NoSplit {
    code: TakeBreak,
    values: Vec<u64>,
    max_value: u64,
    /// For a code that goes on forever: how many heaps of the prefix `1..=n − k − 1` have each
    /// value, and the mex of that prefix.
    prefix_counts: Vec<u64>,
    prefix_mex: u64,
}

impl NoSplit {
    /// The engine for `code`, if it never splits a heap.
    pub fn new(code: &TakeBreak) -> Option<NoSplit> {
        (code.max_parts() <= 1).then(|| NoSplit {
            code: code.clone(),
            values: Vec::new(),
            max_value: 0,
            prefix_counts: Vec::new(),
            prefix_mex: 0,
        })
    }

    /// The value of heap `n`, the heaps below it known.
    fn next_value(&mut self, n: u64) -> u64 {
        let written = self.code.digits().len() as u64 - 1;
        let repeats = self.code.tail() & 2 != 0;
        if repeats && n > written + 1 {
            self.add_to_prefix(self.values[(n - written - 1) as usize]);
        }
        // The values the written takes reach (at most a handful), and 0 for emptying the heap.
        let mut reached: Vec<u64> = (1..=written.min(n.saturating_sub(1)))
            .filter(|&s| self.code.digit(s) & 2 != 0)
            .map(|s| self.values[(n - s) as usize])
            .collect();
        if self.code.digit(n) & 1 != 0 {
            reached.push(0);
        }
        let in_prefix =
            |v: u64| repeats && self.prefix_counts.get(v as usize).is_some_and(|&c| c > 0);
        let mut candidate = if repeats && n > written + 1 {
            self.prefix_mex
        } else {
            0
        };
        while in_prefix(candidate) || reached.contains(&candidate) {
            candidate += 1;
        }
        candidate
    }

    fn add_to_prefix(&mut self, value: u64) {
        let slot = value as usize;
        if slot >= self.prefix_counts.len() {
            self.prefix_counts.resize(slot + 1, 0);
        }
        self.prefix_counts[slot] += 1;
        while self
            .prefix_counts
            .get(self.prefix_mex as usize)
            .is_some_and(|&c| c > 0)
        {
            self.prefix_mex += 1;
        }
    }
}

impl Extend for NoSplit {
    fn extend(&mut self, to: u64, meter: &mut Meter) -> Result<(), SearchError> {
        let mut n = self.len();
        while n <= to {
            let block_end = to.min(n.saturating_add(BLOCK - 1));
            meter.count(block_end - n + 1)?;
            // The values (eight bytes) and, for a repeating code, the counts of the prefix.
            let heaps = block_end + 1;
            meter.hold(heaps.saturating_mul(16))?;
            self.values.reserve((heaps - n) as usize);
            for m in n..=block_end {
                let value = self.next_value(m);
                self.max_value = self.max_value.max(value);
                self.values.push(value);
            }
            n = heaps;
        }
        Ok(())
    }

    fn len(&self) -> u64 {
        self.values.len() as u64
    }

    fn value(&self, n: u64) -> u64 {
        self.values[n as usize]
    }

    fn max_value(&self) -> u64 {
        self.max_value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;
    use crate::heap::HeapRule;
    use crate::nimber::mex;

    /// The values by the definition: the mex of every option of every heap.
    fn by_definition(code: &TakeBreak, n: u64) -> Vec<u64> {
        let mut values: Vec<u64> = Vec::new();
        for size in 0..=n {
            let mut reached = Vec::new();
            code.heap_options(size, &mut |parts| {
                reached.push(parts.iter().fold(0, |x, &p| x ^ values[p as usize]));
            });
            values.push(mex(reached));
        }
        values
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
