//! Nim-sequences of octal games by the sparse-space method (Berlekamp, *Winning Ways* ch. 4).
//!
//! Fix a mask `m` and call the *class* of a value `v` the parity of the bits of `v & m`. XOR
//! adds classes mod 2. In most octal games one class of heaps is rare: few heaps `n` have
//! `class(G(n))` equal to the rare bit (in some games only after adding the heap's own parity,
//! `n mod 2`, which also adds up under a split when every split takes chips of one parity).
//! A split of `n − t` chips into `a + b` then has a value in the *common* class of heap `n`
//! exactly when one of `a`, `b` is rare. So for heap `n`:
//! 1. sweeping the pairs that hold a rare heap (and the few one-heap options) marks every
//!    option value of the common class; the least common value left unmarked is the
//!    candidate `c`;
//! 2. each value of the other class below `c` must be shown to be an option: a witness pair is
//!    usually found after a few steps of the sweep over all pairs. Only when one is missing
//!    (a new rare heap) does the sweep run to the end, and then the mex is exact.
//!
//! The method is right for every mask; the mask only decides the speed. It is chosen from the
//! histogram of values by a Walsh–Hadamard transform (the mask with the fewest rare heaps)
//! and chosen again as the counts shift, rebuilding the list of rare heaps.

use super::values::{with_store, Cell, Store, Values};
use super::TakeBreak;
use crate::engine::{Meter, SearchError};

/// Pairs looked at that count as one position against the meter.
const PAIRS_PER_COUNT: u64 = 4096;

/// Pairs swept for witnesses between two looks at the values still needed.
const WITNESS_BLOCK: u64 = 64;

/// Heaps computed between two reports to the meter.
const BLOCK: u64 = 4096;

/// The moves of a code, sorted by kind.
#[derive(Clone, Debug)]
struct Moves {
    /// Takes `t ≥ 1` that may empty a heap of exactly `t`.
    empty: Vec<u64>,
    /// Takes `t ≥ 1` that may leave one heap of `n − t`.
    single: Vec<u64>,
    /// Takes `t ≥ 0` that may split the rest in two.
    split: Vec<u64>,
    /// Grundy's game: the two heaps of a split must differ.
    distinct: bool,
    /// The parity of every split's take, when they all share one: then a heap's own parity
    /// may join its class.
    split_parity: Option<u64>,
}

impl Moves {
    fn of(code: &TakeBreak) -> Option<Moves> {
        let max_take = code.max_take()?;
        if !code.is_octal() {
            return None;
        }
        let takes = |bit: u8, from: u64| -> Vec<u64> {
            (from..=max_take)
                .filter(|&t| code.digit(t) & bit != 0)
                .collect()
        };
        let split = takes(4, 0);
        let split_parity = match split.first() {
            Some(&t) if split.iter().all(|s| s % 2 == t % 2) => Some(t % 2),
            Some(_) => None,
            None => Some(0),
        };
        Some(Moves {
            empty: takes(1, 1),
            single: takes(2, 1),
            split,
            distinct: code.distinct(),
            split_parity,
        })
    }
}

/// How heaps are split into rare and common: heap `n` is rare when
/// `parity(G(n) & mask) ⊕ (heap_parity · n mod 2)` differs from `common`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Classes {
    mask: u64,
    heap_parity: u64,
    common: u64,
}

impl Classes {
    /// The parity of the masked bits of `x`.
    #[inline(always)]
    fn of_value(&self, x: u64) -> u64 {
        u64::from((x & self.mask).count_ones() & 1)
    }

    fn of_heap(&self, n: u64, g: u64) -> u64 {
        self.of_value(g) ^ (self.heap_parity & n & 1)
    }

    fn is_rare(&self, n: u64, g: u64) -> bool {
        self.of_heap(n, g) != self.common
    }

    /// The value class (parity of `v & mask`) that a common heap `n` has.
    fn common_values(&self, n: u64) -> u64 {
        self.common ^ (self.heap_parity & n & 1)
    }
}

/// A nim-sequence computed by the sparse-space method, which can be extended.
#[derive(Clone, Debug)]
pub struct SparseSpace {
    values: Values,
    engine: Engine,
}

/// Everything but the values, so that the inner loops borrow the typed values apart.
#[derive(Clone, Debug)]
struct Engine {
    moves: Moves,
    classes: Classes,
    /// The rare heaps (all `≥ 1`), ascending, and their values.
    rare: Vec<u64>,
    rare_values: Vec<u64>,
    /// A power of two above every value so far (at least 64).
    bound: u64,
    /// `class_values[c]`: the values below `2 · bound` of class `c`, ascending.
    class_values: [Vec<u64>; 2],
    /// `seen[x] == stamp`: `x` is the value of an option of the current heap. Stamps instead
    /// of a cleared bitset: a mark is a plain store, with no read to wait for.
    seen: Vec<u32>,
    stamp: u32,
    /// The other class's values below the candidate not yet shown to be options.
    needed: Vec<u64>,
    /// How many heaps `n ≥ 1` have each value, and the same counted `+1` for even `n` and `−1`
    /// for odd `n`: the histograms the mask is chosen from.
    counts: Vec<i64>,
    signed_counts: Vec<i64>,
    max_value: u64,
    /// The heap at which the mask is next reconsidered.
    next_choice: u64,
    /// Pairs looked at and not yet counted against the meter.
    pairs: u64,
}

impl SparseSpace {
    /// The computation for `code`, with heap 0 done; `None` for codes outside the method: a
    /// code that goes on forever or splits into more than two heaps.
    pub fn new(code: &TakeBreak) -> Option<SparseSpace> {
        let moves = Moves::of(code)?;
        let bound = 64;
        let mut engine = Engine {
            moves,
            classes: Classes {
                mask: bound - 1,
                heap_parity: 0,
                common: 1,
            },
            rare: Vec::new(),
            rare_values: Vec::new(),
            bound,
            class_values: [Vec::new(), Vec::new()],
            seen: Vec::new(),
            stamp: 0,
            needed: Vec::new(),
            counts: Vec::new(),
            signed_counts: Vec::new(),
            max_value: 0,
            next_choice: 0,
            pairs: 0,
        };
        engine.resize(bound);
        let mut values = Values::new();
        values.push(0);
        Some(SparseSpace { values, engine })
    }

    /// Computes the values of heaps up to `to` (nothing when they are known already). Refuses,
    /// before it grows, to hold more than the meter's memory limit.
    pub fn extend(&mut self, to: u64, meter: &mut Meter) -> Result<(), SearchError> {
        let have = self.values.len() as u64;
        if to < have {
            return Ok(());
        }
        let total = to.saturating_add(1);
        let width = self.values.width() as u64;
        meter.hold(
            total
                .saturating_mul(width)
                .saturating_add(self.engine.bytes()),
        )?;
        self.values.reserve_exact((total - have) as usize);
        loop {
            let engine = &mut self.engine;
            let wide = with_store!(&mut self.values.store, v => engine.run(v, to, meter)?);
            let Some(g) = wide else { return Ok(()) };
            // `g` does not fit the current width: re-store everything wider, then go on.
            let width = Values::width_of(g);
            meter.hold(
                self.values
                    .bytes()
                    .saturating_add(total.saturating_mul(width as u64))
                    .saturating_add(self.engine.bytes()),
            )?;
            let n = self.values.len() as u64;
            self.values.widen(width, (total - n) as usize);
            self.values.push(g);
            self.engine.record(n, g);
        }
    }

    /// The values of heaps `0..=to` for the largest `to` extended to.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The heaps whose value is rare under the mask in use (heap 0 included).
    pub fn rare_count(&self) -> u64 {
        self.engine.rare.len() as u64 + u64::from(self.engine.classes.is_rare(0, 0))
    }

    /// The largest value so far.
    pub fn max_value(&self) -> u64 {
        self.engine.max_value
    }

    /// The mask that splits values into rare and common, and whether a heap's own parity
    /// joins its class.
    pub fn mask(&self) -> (u64, bool) {
        (
            self.engine.classes.mask,
            self.engine.classes.heap_parity == 1,
        )
    }

    /// Bytes held: the values and the method's tables.
    pub fn bytes(&self) -> u64 {
        self.values.bytes() + self.engine.bytes()
    }
}

impl Engine {
    fn bytes(&self) -> u64 {
        let classes = self.class_values[0].capacity() + self.class_values[1].capacity();
        let lists = self.rare.capacity() + self.rare_values.capacity();
        let counts = self.counts.capacity() + self.signed_counts.capacity();
        8 * (classes + lists + counts) as u64 + 4 * self.seen.capacity() as u64
    }

    /// Sizes the tables for values below `bound`.
    fn resize(&mut self, bound: u64) {
        self.bound = bound;
        // Twice the values: the candidate may lie at or past `bound`.
        self.seen = vec![0; 2 * bound as usize];
        self.stamp = 0;
        self.counts.resize(bound as usize, 0);
        self.signed_counts.resize(bound as usize, 0);
        self.fill_class_values();
    }

    fn fill_class_values(&mut self) {
        let classes = self.classes;
        for (c, values) in self.class_values.iter_mut().enumerate() {
            *values = (0..2 * self.bound)
                .filter(|&x| classes.of_value(x) == c as u64)
                .collect();
        }
    }

    /// Computes heaps up to `to`; stops early with a value that does not fit `T`.
    fn run<T: Cell>(
        &mut self,
        v: &mut Vec<T>,
        to: u64,
        meter: &mut Meter,
    ) -> Result<Option<u64>, SearchError> {
        let mut counted = v.len() as u64;
        while (v.len() as u64) <= to {
            let n = v.len() as u64;
            if n >= self.next_choice {
                self.choose_mask(v);
            }
            let g = self.value_of(v, n);
            if g > T::MAX {
                return Ok(Some(g));
            }
            v.push(T::of(g));
            self.record(n, g);
            if n + 1 - counted >= BLOCK {
                meter.count(n + 1 - counted + self.pairs / PAIRS_PER_COUNT)?;
                self.pairs %= PAIRS_PER_COUNT;
                counted = n + 1;
            }
        }
        meter.count(v.len() as u64 - counted + self.pairs / PAIRS_PER_COUNT)?;
        self.pairs %= PAIRS_PER_COUNT;
        Ok(None)
    }

    /// Notes the value `g` of heap `n`.
    fn record(&mut self, n: u64, g: u64) {
        if g >= self.bound {
            self.resize((g + 1).next_power_of_two());
        }
        self.max_value = self.max_value.max(g);
        self.counts[g as usize] += 1;
        self.signed_counts[g as usize] += if n.is_multiple_of(2) { 1 } else { -1 };
        if self.classes.is_rare(n, g) {
            self.rare.push(n);
            self.rare_values.push(g);
        }
    }

    /// The value of heap `n`, every smaller heap known.
    fn value_of<T: Cell>(&mut self, v: &[T], n: u64) -> u64 {
        // A fresh stamp marks this heap's options; stale stamps are all smaller.
        self.stamp = match self.stamp.checked_add(1) {
            Some(stamp) => stamp,
            None => {
                self.seen.fill(0);
                1
            }
        };
        let stamp = self.stamp;
        // `seen` has a power-of-two length above every value; masking the index lets the
        // compiler drop the bounds check.
        let seen = &mut self.seen[..];
        let wrap = seen.len() - 1;
        let moves = &self.moves;
        for &t in &moves.empty {
            if n == t {
                seen[0] = stamp;
            }
        }
        for &t in &moves.single {
            if n > t {
                seen[v[(n - t) as usize].get() as usize & wrap] = stamp;
            }
        }
        // Every pair holding a rare heap: all the options of the common class.
        for &t in &moves.split {
            let Some(rest) = n.checked_sub(t) else {
                continue;
            };
            let count = self.rare.partition_point(|&r| r < rest);
            // Grundy's game: not the equal split.
            let equal = match moves.distinct && rest.is_multiple_of(2) {
                true => self.rare[..count].binary_search(&(rest / 2)).ok(),
                false => None,
            };
            let mut sweep = |from: usize, to: usize| {
                for (&r, &g) in self.rare[from..to].iter().zip(&self.rare_values[from..to]) {
                    seen[(g ^ v[(rest - r) as usize].get()) as usize & wrap] = stamp;
                }
            };
            match equal {
                Some(i) => {
                    sweep(0, i);
                    sweep(i + 1, count);
                }
                None => sweep(0, count),
            }
            self.pairs += count as u64;
        }
        let common_class = self.classes.common_values(n) as usize;
        // The candidate: the least common value not an option (there is one below 2·bound).
        let candidate = *self.class_values[common_class]
            .iter()
            .find(|&&x| seen[x as usize] != stamp)
            .expect("both classes have values in [bound, 2·bound)");
        // The other class's values below the candidate must each be shown to be an option.
        let other = &self.class_values[1 - common_class];
        let needed = &mut self.needed;
        needed.clear();
        needed.extend(
            other
                .iter()
                .take_while(|&&x| x < candidate)
                .filter(|&&x| seen[x as usize] != stamp),
        );
        if needed.is_empty() {
            return candidate;
        }
        // Pairs (a, rest − a) with a ≤ rest − a, for every split's take at once (a needed value
        // may come from one take only), block by block; the equal split is no move in Grundy's
        // game.
        let last = |t: u64| {
            let rest = n.saturating_sub(t);
            if moves.distinct && rest.is_multiple_of(2) {
                (rest / 2).saturating_sub(1)
            } else {
                rest / 2
            }
        };
        let longest = moves.split.iter().map(|&t| last(t)).max().unwrap_or(0);
        let mut looked = 0;
        let mut a = 1;
        while a <= longest {
            for &t in &moves.split {
                let rest = n.saturating_sub(t);
                let end = (a + WITNESS_BLOCK).min(last(t) + 1);
                if end > a {
                    let low = &v[a as usize..end as usize];
                    let high = &v[(rest + 1 - end) as usize..=(rest - a) as usize];
                    // XOR in the stored width first, where it runs as vector code.
                    let mut xs = [T::default(); WITNESS_BLOCK as usize];
                    let xs = &mut xs[..low.len()];
                    for ((x, &a), &b) in xs.iter_mut().zip(low).zip(high.iter().rev()) {
                        *x = a ^ b;
                    }
                    for &x in xs.iter() {
                        seen[x.get() as usize & wrap] = stamp;
                    }
                    looked += end - a;
                }
            }
            a += WITNESS_BLOCK;
            needed.retain(|&x| seen[x as usize] != stamp);
            if needed.is_empty() {
                self.pairs += looked;
                return candidate;
            }
        }
        self.pairs += looked;
        // Every option is marked: the mex is exact, and below the candidate.
        (0..candidate)
            .find(|&x| seen[x as usize] != stamp)
            .unwrap_or(candidate)
    }

    /// Reconsiders the mask: the one with the fewest rare heaps among the heaps so far, by a
    /// Walsh–Hadamard transform of the value counts. Switches only for a clear gain, and
    /// rebuilds the rare list then.
    fn choose_mask<T: Cell>(&mut self, v: &[T]) {
        let heaps = v.len() as i64 - 1;
        let bound = self.bound as usize;
        self.next_choice =
            (v.len() as u64).saturating_add((v.len() as u64 / 16).max(256).max(16 * self.bound));
        let mut best = (self.rare.len() as i64, self.classes);
        let current = best.0;
        let mut options = vec![(0, 1, &self.counts)];
        if let Some(parity) = self.moves.split_parity {
            options.push((1, 1 ^ parity, &self.signed_counts));
        }
        for (heap_parity, common, counts) in options {
            let mut w: Vec<i64> = counts[..bound].to_vec();
            walsh_hadamard(&mut w);
            // Heaps whose class is `common` under mask m: (heaps ± w[m]) / 2; the rest are rare.
            let sign = if heap_parity == 0 || common == 1 {
                1
            } else {
                -1
            };
            for (mask, &w) in w.iter().enumerate().skip(1) {
                let rare = (heaps + sign * w) / 2;
                if rare < best.0 {
                    best = (
                        rare,
                        Classes {
                            mask: mask as u64,
                            heap_parity,
                            common,
                        },
                    );
                }
            }
        }
        if best.1 != self.classes && best.0 * 8 < current * 7 {
            self.classes = best.1;
            self.fill_class_values();
            self.rare.clear();
            self.rare_values.clear();
            for (n, x) in v.iter().enumerate().skip(1) {
                let g = x.get();
                if self.classes.is_rare(n as u64, g) {
                    self.rare.push(n as u64);
                    self.rare_values.push(g);
                }
            }
            debug_assert_eq!(self.rare.len() as i64, best.0);
        }
    }
}

/// The Walsh–Hadamard transform in place: `w[m] = Σ_x h(x) · (−1)^popcount(x & m)`.
fn walsh_hadamard(w: &mut [i64]) {
    let mut half = 1;
    while half < w.len() {
        for block in w.chunks_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (a, b) in low.iter_mut().zip(high) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;
    use crate::heap::mex_sequence;

    fn sparse(code: &TakeBreak, n: u64) -> SparseSpace {
        let mut space = SparseSpace::new(code).unwrap();
        space
            .extend(n - 1, &mut Meter::new(Limits::default()))
            .unwrap();
        space
    }

    #[test]
    fn agrees_with_the_definition() {
        for code in [
            TakeBreak::new(vec![0, 7, 7], 0).unwrap(),
            TakeBreak::new(vec![0, 1, 3, 7], 0).unwrap(),
            TakeBreak::new(vec![0, 1, 6], 0).unwrap(),
            TakeBreak::new(vec![4, 7], 0).unwrap(),
            TakeBreak::grundy(),
        ] {
            let space = sparse(&code, 3000);
            assert_eq!(space.values().to_vec(), mex_sequence(&code, 3000), "{code}");
        }
    }

    #[test]
    fn walsh_hadamard_counts_parities() {
        let mut w = vec![1, 2, 0, 5];
        walsh_hadamard(&mut w);
        // m = 2: 0 and 1 even, 2 and 3 odd; m = 3: 0 and 3 even, 1 and 2 odd.
        assert_eq!(w, [8, -6, -2, 4]);
    }
}
