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
//!
//! Two cores share one sequence block by block: for the heaps of a block, the pairs whose
//! heaps all lie before the block (nearly every rare pair, and most witness pairs) are swept
//! in parallel, heap by heap; then the pairs inside the block, the candidate and what is still
//! needed are done in order.

use super::values::{with_store, Cell, Store, Values};
use super::TakeBreak;
use crate::engine::{Meter, SearchError};
use rayon::prelude::*;
use std::ops::Range;

/// Pairs looked at that count as one position against the meter.
const PAIRS_PER_COUNT: u64 = 4096;

/// Pairs swept for witnesses between two looks at the values still needed: few at first
/// (most heaps need few), more as the search goes on.
const WITNESS_BLOCK: u64 = 64;
const FIRST_WITNESS_BLOCK: u64 = 16;
const LAST_WITNESS_BLOCK: u64 = 256;

/// How many of the heaps that often gave the last witness are tried first, and the heaps
/// below which such a heap is remembered.
const FAMOUS: usize = 1024;
const FAME_LIMIT: u64 = 1 << 16;

/// Heaps computed between two reports to the meter.
const BLOCK: u64 = 4096;

/// Heaps computed together by the parallel sweep. Larger blocks leave more pairs (those inside
/// the block) to the part done in order; smaller ones pay more for starting the threads.
const PARALLEL_BLOCK: u64 = 256;

/// Pairs per heap (on average over the last few thousand heaps) from which the threads share
/// the work: below, a block is done sooner than the threads are started.
const PARALLEL_PAIRS: u64 = 512;

/// Heaps given to one thread at a time within a block.
const PARALLEL_CHUNK: usize = 8;

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

/// The state the sweeps read: the moves, the classes and the rare heaps.
#[derive(Clone, Debug)]
struct Method {
    moves: Moves,
    classes: Classes,
    /// The rare heaps (all `≥ 1`), ascending, and their values; kept only for codes that split.
    rare: Vec<u64>,
    rare_values: Vec<u64>,
    /// How many heaps `≥ 1` are rare.
    rare_heaps: u64,
    /// A power of two above every value so far (at least 64).
    bound: u64,
    /// `class_values[c]`: the values below `2 · bound` of class `c`, ascending.
    class_values: [Vec<u64>; 2],
    /// `class_bits[c]`: the same as a bitset.
    class_bits: [Vec<u64>; 2],
    /// The heaps `a` whose pairs `(a, n − a)` most often gave the last witness a heap needed,
    /// most often first: tried before the sweep from `a = 1`. In Grundy's game they cut the
    /// pairs looked at by about two thirds.
    famous: Vec<u64>,
}

/// One thread's marks: `seen[x] == stamp` says `x` is the value of an option of the heap at
/// hand. Stamps instead of a cleared bitset: a mark is a plain store, with no read to wait for.
#[derive(Clone, Debug)]
struct Scratch {
    /// A power of two long, above twice every value.
    seen: Vec<u32>,
    stamp: u32,
    /// The other class's values below the candidate not yet shown to be options.
    needed: Vec<u64>,
    /// Those of them still needed before the last block of witness pairs.
    before: Vec<u64>,
}

/// What the sweeps over the heaps before `known` found for one heap.
#[derive(Clone, Copy, Debug, Default)]
struct Explored {
    /// The least common value not marked.
    candidate: u64,
    /// The witness sweep covered `a` from its start through `start + reached − 1`, per take.
    reached: u64,
    /// The witness sweep ran to the end: every pair of known heaps is marked.
    complete: bool,
    /// Pairs looked at.
    pairs: u64,
    /// The heap `a` whose pair gave the last witness needed.
    finisher: Option<u64>,
}

/// Everything but the values, so that the inner loops borrow the typed values apart.
#[derive(Clone, Debug)]
struct Engine {
    method: Method,
    /// The marks of the heap-by-heap path.
    scratch: Scratch,
    /// The marks of the in-order part of a block, as a bitset below `2 · bound`.
    bits: Vec<u64>,
    /// The parallel sweep's results for a block: the marks of each heap (`bound / 64` words
    /// each) and how far its sweep went.
    block_bits: Vec<u64>,
    block_explored: Vec<Explored>,
    /// How many heaps `n ≥ 1` have each value, and the same counted `+1` for even `n` and `−1`
    /// for odd `n`: the histograms the mask is chosen from.
    counts: Vec<i64>,
    signed_counts: Vec<i64>,
    max_value: u64,
    /// The heap at which the mask is next reconsidered.
    next_choice: u64,
    /// Pairs looked at, and those of them counted against the meter.
    pairs: u64,
    metered_pairs: u64,
    /// The heap and the pairs looked at when the threads were last considered.
    window: (u64, u64),
    /// Threads to use: 1 computes heap by heap.
    threads: usize,
    /// Whether the heaps of late took long enough to share among the threads: at least
    /// `parallel_pairs` pairs each.
    parallel: bool,
    parallel_pairs: u64,
    /// `fame[a]`: how often heap `a` gave the last witness (halved now and then), and the heap
    /// at which the famous heaps are next chosen.
    fame: Vec<u32>,
    next_famous: u64,
}

impl SparseSpace {
    /// The computation for `code`, with heap 0 done; `None` for codes outside the method: a
    /// code that goes on forever or splits into more than two heaps. It uses the threads of
    /// the rayon pool it runs in.
    pub fn new(code: &TakeBreak) -> Option<SparseSpace> {
        let moves = Moves::of(code)?;
        let bound = 64;
        let method = Method {
            moves,
            classes: Classes {
                mask: bound - 1,
                heap_parity: 0,
                common: 1,
            },
            rare: Vec::new(),
            rare_values: Vec::new(),
            rare_heaps: 0,
            bound,
            class_values: [Vec::new(), Vec::new()],
            class_bits: [Vec::new(), Vec::new()],
            famous: Vec::new(),
        };
        let mut engine = Engine {
            scratch: Scratch::new(bound),
            method,
            bits: Vec::new(),
            block_bits: Vec::new(),
            block_explored: Vec::new(),
            counts: Vec::new(),
            signed_counts: Vec::new(),
            max_value: 0,
            next_choice: 0,
            pairs: 0,
            metered_pairs: 0,
            window: (0, 0),
            threads: rayon::current_num_threads(),
            parallel: false,
            parallel_pairs: PARALLEL_PAIRS,
            fame: Vec::new(),
            next_famous: 0,
        };
        engine.resize(bound);
        let mut values = Values::new();
        values.push(0);
        Some(SparseSpace { values, engine })
    }

    /// Uses `threads` threads (of the rayon pool it runs in); 1 computes heap by heap.
    pub fn set_threads(&mut self, threads: usize) {
        self.engine.threads = threads.max(1);
    }

    /// Computes the values of heaps up to `to` (nothing when they are known already). Each heap
    /// counts as one position against the meter, and every 4096 pairs of heaps looked at as
    /// one more. Refuses, before it starts, more heaps than the meter allows, and, before it
    /// grows, to hold more than its memory limit.
    pub fn extend(&mut self, to: u64, meter: &mut Meter) -> Result<(), SearchError> {
        let have = self.values.len() as u64;
        if to < have {
            return Ok(());
        }
        let total = to.saturating_add(1);
        // Each heap counts once against the meter (and its pairs a little more).
        meter.room_for(total - have)?;
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
        let method = &self.engine.method;
        method.rare_heaps + u64::from(method.classes.is_rare(0, 0))
    }

    /// The largest value so far.
    pub fn max_value(&self) -> u64 {
        self.engine.max_value
    }

    /// The mask that splits values into rare and common, and whether a heap's own parity
    /// joins its class.
    pub fn mask(&self) -> (u64, bool) {
        let classes = self.engine.method.classes;
        (classes.mask, classes.heap_parity == 1)
    }

    /// Bytes held: the values and the method's tables.
    pub fn bytes(&self) -> u64 {
        self.values.bytes() + self.engine.bytes()
    }
}

impl Scratch {
    fn new(bound: u64) -> Scratch {
        Scratch {
            // Twice the values: the candidate may lie at or past `bound`.
            seen: vec![0; 2 * bound as usize],
            stamp: 0,
            needed: Vec::new(),
            before: Vec::new(),
        }
    }

    /// A stamp no entry holds yet.
    fn next_stamp(&mut self) -> u32 {
        self.stamp = match self.stamp.checked_add(1) {
            Some(stamp) => stamp,
            None => {
                self.seen.fill(0);
                1
            }
        };
        self.stamp
    }

    /// The least value not marked.
    fn mex(&self) -> u64 {
        self.seen
            .iter()
            .position(|&s| s != self.stamp)
            .unwrap_or_default() as u64
    }

    /// The marks below `64 · bits.len()` as a bitset.
    fn pack(&self, bits: &mut [u64]) {
        for (word, seen) in bits.iter_mut().zip(self.seen.chunks_exact(64)) {
            *word = seen
                .iter()
                .enumerate()
                .fold(0, |w, (i, &s)| w | (u64::from(s == self.stamp) << i));
        }
    }
}

/// Marks, with `stamp`, the values of the pairs `(r, rest − r)` of the rare heaps `r < rest`
/// (their values `values`).
#[inline(never)]
fn sweep_rare<T: Cell>(
    seen: &mut [u32],
    stamp: u32,
    v: &[T],
    rest: u64,
    rare: &[u64],
    values: &[u64],
) {
    // A power-of-two length: the masked index needs no bounds check.
    let wrap = seen.len() - 1;
    let seen = &mut seen[..=wrap];
    for (&r, &g) in rare.iter().zip(values) {
        // r < rest: the difference cannot wrap.
        let x = g ^ v[rest.wrapping_sub(r) as usize].get();
        seen[x as usize & wrap] = stamp;
    }
}

/// Marks `x` in a bitset.
#[inline(always)]
fn mark(bits: &mut [u64], x: u64) {
    bits[(x >> 6) as usize] |= 1 << (x & 63);
}

impl Method {
    fn note_rare(&mut self, n: u64, g: u64) {
        self.rare_heaps += 1;
        if !self.moves.split.is_empty() {
            self.rare.push(n);
            self.rare_values.push(g);
        }
    }

    /// The last `a` of a split of `n − t` into `a ≤ n − t − a`; the equal split is no move in
    /// Grundy's game.
    fn last(&self, n: u64, t: u64) -> u64 {
        let rest = n.saturating_sub(t);
        if self.moves.distinct && rest.is_multiple_of(2) {
            (rest / 2).saturating_sub(1)
        } else {
            rest / 2
        }
    }

    /// The first `a` of a split of `n − t` whose other heap lies before `known`.
    fn first_known(n: u64, t: u64, known: u64) -> u64 {
        (n.saturating_sub(t) + 1).saturating_sub(known).max(1)
    }

    /// The indices `from..to` of rare heaps to pair with `rest − r`, as two ranges that leave
    /// out the equal split of Grundy's game.
    fn rare_ranges(&self, rest: u64, from: usize, to: usize) -> [Range<usize>; 2] {
        let to = to.max(from);
        let equal = match self.moves.distinct && rest.is_multiple_of(2) {
            true => self.rare[from..to].binary_search(&(rest / 2)).ok(),
            false => None,
        };
        match equal {
            Some(i) => [from..from + i, from + i + 1..to],
            None => [from..to, to..to],
        }
    }

    /// Sweeps, for heap `n`, the options made only of heaps before `known` (all of them when
    /// `known == n`): the rare pairs, then witness pairs until every value of the other class
    /// below the candidate is marked, or to the end. The marks are left in `scratch`.
    fn explore<T: Cell>(&self, scratch: &mut Scratch, v: &[T], n: u64, known: u64) -> Explored {
        let stamp = scratch.next_stamp();
        // `seen` has a power-of-two length above every value; masking the index lets the
        // compiler drop the bounds check.
        let wrap = scratch.seen.len() - 1;
        let seen = &mut scratch.seen[..=wrap];
        let moves = &self.moves;
        let mut pairs = 0;
        for &t in &moves.empty {
            if n == t {
                seen[0] = stamp;
            }
        }
        for &t in &moves.single {
            if n > t && n - t < known {
                seen[v[(n - t) as usize].get() as usize & wrap] = stamp;
            }
        }
        // Every pair holding a rare heap: all the options of the common class.
        for &t in &moves.split {
            let Some(rest) = n.checked_sub(t) else {
                continue;
            };
            let from = self.rare.partition_point(|&r| r + known <= rest);
            let to = self.rare.partition_point(|&r| r < rest.min(known));
            for range in self.rare_ranges(rest, from, to) {
                let rare = &self.rare[range.clone()];
                sweep_rare(seen, stamp, v, rest, rare, &self.rare_values[range]);
            }
            pairs += to.saturating_sub(from) as u64;
        }
        let common_class = self.classes.common_values(n) as usize;
        // The candidate: the least common value not an option (there is one below 2·bound).
        let candidate = *self.class_values[common_class]
            .iter()
            .find(|&&x| seen[x as usize] != stamp)
            .expect("both classes have values in [bound, 2·bound)");
        // The other class's values below the candidate must each be shown to be an option.
        let Scratch { needed, before, .. } = scratch;
        needed.clear();
        needed.extend(
            self.class_values[1 - common_class]
                .iter()
                .take_while(|&&x| x < candidate)
                .filter(|&&x| seen[x as usize] != stamp),
        );
        // The pair of heap `a` for take `t`, if its other heap lies before `known`.
        let pair = |a: u64, t: u64| {
            (a >= Method::first_known(n, t, known) && a <= self.last(n, t))
                .then(|| (v[a as usize] ^ v[(n - t - a) as usize]).get())
        };
        // The famous heaps first, a chunk at a time.
        let mut finisher = None;
        for famous in self.famous.chunks(FIRST_WITNESS_BLOCK as usize) {
            if needed.is_empty() {
                break;
            }
            before.clone_from(needed);
            for &t in &moves.split {
                let (first, last) = (Method::first_known(n, t, known), self.last(n, t));
                let rest = n - t;
                let mut looked = 0;
                for &a in famous {
                    if a >= first && a <= last {
                        // a ≤ last ≤ rest / 2.
                        let x = v[a as usize] ^ v[rest.wrapping_sub(a) as usize];
                        seen[x.get() as usize & wrap] = stamp;
                        looked += 1;
                    }
                }
                pairs += looked;
            }
            needed.retain(|&x| seen[x as usize] != stamp);
            if needed.is_empty() {
                finisher = self.finisher(famous.iter().copied(), before, &pair);
            }
        }
        // Then pairs (a, rest − a) from the first `a` on, for every split's take at once (a
        // needed value may come from one take only), block by block.
        let mut reached = 0;
        let mut block = FIRST_WITNESS_BLOCK;
        while !needed.is_empty() {
            let mut swept = false;
            for &t in &moves.split {
                let rest = n.saturating_sub(t);
                let a = Method::first_known(n, t, known) + reached;
                let end = (a + block).min(self.last(n, t) + 1);
                if end > a {
                    let low = &v[a as usize..end as usize];
                    let high = &v[(rest + 1 - end) as usize..=(rest - a) as usize];
                    // XOR in the stored width first, where it runs as vector code.
                    let mut xs = [T::default(); LAST_WITNESS_BLOCK as usize];
                    let xs = &mut xs[..low.len()];
                    for ((x, &a), &b) in xs.iter_mut().zip(low).zip(high.iter().rev()) {
                        *x = a ^ b;
                    }
                    for &x in xs.iter() {
                        seen[x.get() as usize & wrap] = stamp;
                    }
                    pairs += end - a;
                    swept = true;
                }
            }
            if !swept {
                return Explored {
                    candidate,
                    reached,
                    complete: true,
                    pairs,
                    finisher,
                };
            }
            before.clone_from(needed);
            needed.retain(|&x| seen[x as usize] != stamp);
            if needed.is_empty() {
                // The block's pairs one by one: offset `i` from each take's start.
                finisher = (0..block)
                    .find_map(|i| {
                        moves.split.iter().find_map(|&t| {
                            let a = Method::first_known(n, t, known) + reached + i;
                            let x = pair(a, t)?;
                            before.retain(|&y| y != x);
                            before.is_empty().then_some(a)
                        })
                    })
                    .or(finisher);
            }
            reached += block;
            block = (2 * block).min(LAST_WITNESS_BLOCK);
        }
        Explored {
            candidate,
            reached,
            complete: false,
            pairs,
            finisher,
        }
    }

    /// Of the heaps `a` in order, the one whose pair (for some take) shows the last of the
    /// values `missing`.
    fn finisher(
        &self,
        heaps: impl Iterator<Item = u64>,
        missing: &mut Vec<u64>,
        pair: &impl Fn(u64, u64) -> Option<u64>,
    ) -> Option<u64> {
        for a in heaps {
            for &t in &self.moves.split {
                if let Some(x) = pair(a, t) {
                    missing.retain(|&y| y != x);
                    if missing.is_empty() {
                        return Some(a);
                    }
                }
            }
        }
        None
    }
}

impl Engine {
    fn bytes(&self) -> u64 {
        let m = &self.method;
        let words = m.class_values[0].capacity()
            + m.class_values[1].capacity()
            + m.class_bits[0].capacity()
            + m.class_bits[1].capacity()
            + self.bits.capacity()
            + self.block_bits.capacity();
        let lists = m.rare.capacity() + m.rare_values.capacity();
        let counts = self.counts.capacity() + self.signed_counts.capacity();
        let explored = self.block_explored.capacity() * std::mem::size_of::<Explored>()
            + 4 * self.fame.capacity()
            + 8 * m.famous.capacity();
        let scratch = 4 * self.threads.max(1) * self.scratch.seen.capacity();
        (8 * (words + lists + counts) + explored + scratch) as u64
    }

    /// Sizes the tables for values below `bound`.
    fn resize(&mut self, bound: u64) {
        self.method.bound = bound;
        self.scratch = Scratch::new(bound);
        self.bits = vec![0; (2 * bound / 64) as usize];
        self.counts.resize(bound as usize, 0);
        self.signed_counts.resize(bound as usize, 0);
        self.fill_classes();
    }

    fn fill_classes(&mut self) {
        let m = &mut self.method;
        let classes = m.classes;
        for c in 0..2 {
            m.class_values[c] = (0..2 * m.bound)
                .filter(|&x| classes.of_value(x) == c as u64)
                .collect();
            m.class_bits[c] = vec![0; (2 * m.bound / 64) as usize];
            for &x in &m.class_values[c] {
                mark(&mut m.class_bits[c], x);
            }
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
            if n >= self.next_famous {
                self.choose_famous(n);
            }
            if self.parallel && n >= 4 * PARALLEL_BLOCK {
                let end = (n + PARALLEL_BLOCK).min(to + 1);
                if let Some(g) = self.block(v, n, end) {
                    return Ok(Some(g));
                }
            } else {
                let explored = self.method.explore(&mut self.scratch, v, n, n);
                self.pairs += explored.pairs;
                self.credit(explored.finisher);
                // A sweep that ran to the end marked every option.
                let g = match explored.complete {
                    true => self.scratch.mex(),
                    false => explored.candidate,
                };
                if g > T::MAX {
                    return Ok(Some(g));
                }
                v.push(T::of(g));
                self.record(n, g);
            }
            let done = v.len() as u64;
            if done >= self.window.0 + BLOCK {
                // Threads pay only where heaps take long: many pairs each.
                let pairs_each = (self.pairs - self.window.1) / (done - self.window.0);
                self.parallel = self.threads > 1 && pairs_each >= self.parallel_pairs;
                self.window = (done, self.pairs);
            }
            if done - counted >= BLOCK {
                meter.hold(self.bytes() + (v.capacity() * std::mem::size_of::<T>()) as u64)?;
                self.count(done - counted, meter)?;
                counted = done;
            }
        }
        self.count(v.len() as u64 - counted, meter)?;
        Ok(None)
    }

    /// Counts `heaps` heaps and the pairs looked at since the last count against the meter.
    fn count(&mut self, heaps: u64, meter: &mut Meter) -> Result<(), SearchError> {
        let pairs = (self.pairs - self.metered_pairs) / PAIRS_PER_COUNT;
        self.metered_pairs += pairs * PAIRS_PER_COUNT;
        meter.count(heaps + pairs)
    }

    /// Computes heaps `n0..end` as a block: the sweeps over heaps before `n0` in parallel,
    /// then the rest in order. Stops early with a value that does not fit `T`.
    fn block<T: Cell>(&mut self, v: &mut Vec<T>, n0: u64, end: u64) -> Option<u64> {
        let heaps = (end - n0) as usize;
        let stride = (self.method.bound / 64) as usize;
        self.block_bits.resize(heaps * stride, 0);
        self.block_explored.resize(heaps, Explored::default());
        let method = &self.method;
        let known: &[T] = v;
        self.block_bits[..heaps * stride]
            .par_chunks_mut(stride * PARALLEL_CHUNK)
            .zip(self.block_explored[..heaps].par_chunks_mut(PARALLEL_CHUNK))
            .enumerate()
            .for_each(|(chunk, (bits, explored))| {
                let mut scratch = Scratch::new(method.bound);
                for (i, (bits, explored)) in
                    bits.chunks_mut(stride).zip(explored.iter_mut()).enumerate()
                {
                    let n = n0 + (chunk * PARALLEL_CHUNK + i) as u64;
                    *explored = method.explore(&mut scratch, known, n, n0);
                    scratch.pack(bits);
                }
            });
        for i in 0..heaps {
            let n = n0 + i as u64;
            let explored = self.block_explored[i];
            self.pairs += explored.pairs;
            self.credit(explored.finisher);
            let g = self.finish(v, n, n0, i * stride, stride, &explored);
            if g > T::MAX {
                return Some(g);
            }
            v.push(T::of(g));
            self.record(n, g);
        }
        None
    }

    /// The value of heap `n` of a block from `n0`, given the parallel sweep's marks (at
    /// `from` in the block's bitsets, `stride` words): adds the options that involve heaps of
    /// the block, then confirms the candidate.
    fn finish<T: Cell>(
        &mut self,
        v: &[T],
        n: u64,
        n0: u64,
        from: usize,
        stride: usize,
        explored: &Explored,
    ) -> u64 {
        let method = &self.method;
        let bits = &mut self.bits[..];
        bits.fill(0);
        // The bound may have grown within the block: the parallel marks are all below the
        // bound they were made with.
        bits[..stride].copy_from_slice(&self.block_bits[from..from + stride]);
        let moves = &method.moves;
        for &t in &moves.single {
            if n > t && n - t >= n0 {
                mark(bits, v[(n - t) as usize].get());
            }
        }
        for &t in &moves.split {
            let Some(rest) = n.checked_sub(t) else {
                continue;
            };
            // Rare heaps whose partner lies in the block, and rare heaps of the block.
            let partner_in_block = method.rare.partition_point(|&r| r + n0 <= rest);
            let old = method.rare.partition_point(|&r| r < n0);
            let below = method.rare.partition_point(|&r| r < rest);
            let [first, second] = method.rare_ranges(rest, 0, partner_in_block.min(below));
            let [third, fourth] = method.rare_ranges(rest, old, below);
            for range in [first, second, third, fourth] {
                let rare = method.rare[range.clone()].iter();
                for (&r, &g) in rare.zip(&method.rare_values[range]) {
                    mark(bits, g ^ v[(rest - r) as usize].get());
                }
            }
            self.pairs += (partner_in_block.min(below) + below.saturating_sub(old)) as u64;
        }
        let common_class = method.classes.common_values(n) as usize;
        let common = &method.class_bits[common_class];
        let other = &method.class_bits[1 - common_class];
        let (word, bit) = common
            .iter()
            .zip(bits.iter())
            .enumerate()
            .find_map(|(w, (&c, &b))| {
                let free = c & !b;
                (free != 0).then(|| (w, free.trailing_zeros()))
            })
            .expect("both classes have values in [bound, 2·bound)");
        let candidate = (word as u64) * 64 + u64::from(bit);
        let below = |w: usize| {
            if w == word {
                (1u64 << bit) - 1
            } else {
                u64::MAX
            }
        };
        let missing = |bits: &[u64]| (0..=word).any(|w| other[w] & below(w) & !bits[w] != 0);
        if !missing(bits) {
            return candidate;
        }
        // Witness pairs with a heap in the block (the first ones of each take), then past
        // where the parallel sweep stopped.
        let mut pairs = 0;
        for &t in &moves.split {
            let rest = n.saturating_sub(t);
            let first = Method::first_known(n, t, n0);
            for a in 1..first.min(method.last(n, t) + 1) {
                mark(bits, v[a as usize].get() ^ v[(rest - a) as usize].get());
                pairs += 1;
            }
        }
        let mut reached = explored.reached;
        while missing(bits) && !explored.complete {
            let mut swept = false;
            for &t in &moves.split {
                let rest = n.saturating_sub(t);
                let a = Method::first_known(n, t, n0) + reached;
                let end = (a + WITNESS_BLOCK).min(method.last(n, t) + 1);
                for b in a..end {
                    mark(bits, v[b as usize].get() ^ v[(rest - b) as usize].get());
                    swept = true;
                }
                pairs += end.saturating_sub(a);
            }
            if !swept {
                break;
            }
            reached += WITNESS_BLOCK;
        }
        self.pairs += pairs;
        if !missing(bits) {
            return candidate;
        }
        // Every option is marked: the mex is exact, and below the candidate.
        let (w, b) = bits
            .iter()
            .enumerate()
            .find(|(_, &b)| b != u64::MAX)
            .expect("the candidate is not marked");
        (w as u64) * 64 + u64::from(b.trailing_ones())
    }

    /// Notes that heap `a` gave the last witness a heap needed.
    fn credit(&mut self, finisher: Option<u64>) {
        if let Some(a) = finisher.filter(|&a| a < FAME_LIMIT) {
            if a as usize >= self.fame.len() {
                self.fame.resize((a as usize + 1).next_power_of_two(), 0);
            }
            self.fame[a as usize] += 1;
        }
    }

    /// Chooses the famous heaps again, from the counts so far; halves the counts now and
    /// then, so that the choice follows the sequence as it grows.
    fn choose_famous(&mut self, n: u64) {
        self.next_famous = n + (n / 16).clamp(256, BLOCK);
        let mut ranked: Vec<(u32, u64)> = (0..)
            .zip(&self.fame)
            .filter(|&(_, &count)| count > 0)
            .map(|(a, &count)| (count, a))
            .collect();
        if ranked.len() > FAMOUS {
            ranked.select_nth_unstable_by(FAMOUS, |x, y| y.cmp(x));
            ranked.truncate(FAMOUS);
        }
        ranked.sort_unstable_by(|x, y| y.cmp(x));
        self.method.famous = ranked.into_iter().map(|(_, a)| a).collect();
        if n.is_multiple_of(1 << 16) || self.next_famous / (1 << 16) != n / (1 << 16) {
            self.fame.iter_mut().for_each(|count| *count /= 2);
        }
    }

    /// Notes the value `g` of heap `n`.
    fn record(&mut self, n: u64, g: u64) {
        if g >= self.method.bound {
            self.resize((g + 1).next_power_of_two());
        }
        self.max_value = self.max_value.max(g);
        self.counts[g as usize] += 1;
        self.signed_counts[g as usize] += if n.is_multiple_of(2) { 1 } else { -1 };
        if self.method.classes.is_rare(n, g) {
            self.method.note_rare(n, g);
        }
    }

    /// Reconsiders the mask: the one with the fewest rare heaps among the heaps so far, by a
    /// Walsh–Hadamard transform of the value counts. Switches only for a clear gain, and
    /// rebuilds the rare list then.
    fn choose_mask<T: Cell>(&mut self, v: &[T]) {
        let heaps = v.len() as i64 - 1;
        let bound = self.method.bound as usize;
        self.next_choice = (v.len() as u64)
            .saturating_add((v.len() as u64 / 16).max(256).max(16 * self.method.bound));
        let mut best = (self.method.rare_heaps as i64, self.method.classes);
        let current = best.0;
        let mut options = vec![(0, 1, &self.counts)];
        if let Some(parity) = self.method.moves.split_parity {
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
        if best.1 != self.method.classes && best.0 * 8 < current * 7 {
            self.method.classes = best.1;
            self.fill_classes();
            let method = &mut self.method;
            method.rare.clear();
            method.rare_values.clear();
            method.rare_heaps = 0;
            for (n, x) in v.iter().enumerate().skip(1) {
                let g = x.get();
                if method.classes.is_rare(n as u64, g) {
                    method.note_rare(n as u64, g);
                }
            }
            debug_assert_eq!(method.rare_heaps as i64, best.0);
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

    /// The blocks shared among threads, taken from the first heaps on: the same values.
    #[test]
    fn blocks_agree_with_the_definition() {
        for code in [
            TakeBreak::new(vec![0, 7, 7], 0).unwrap(),
            TakeBreak::new(vec![0, 1, 3, 7], 0).unwrap(),
            TakeBreak::new(vec![0, 1, 6], 0).unwrap(),
            TakeBreak::new(vec![0, 5, 6, 7], 0).unwrap(),
            TakeBreak::new(vec![0, 7, 6, 7], 0).unwrap(),
            TakeBreak::new(vec![4, 7], 0).unwrap(),
            TakeBreak::grundy(),
        ] {
            let bound = |space: &SparseSpace| space.engine.method.bound;
            let mut space = SparseSpace::new(&code).unwrap();
            space.set_threads(2);
            space.engine.parallel_pairs = 0;
            let mut meter = Meter::new(Limits::default());
            space.extend(4999, &mut meter).unwrap();
            let before = bound(&space);
            space.extend(9999, &mut meter).unwrap();
            assert!(space.engine.parallel, "{code}");
            assert_eq!(
                space.values().to_vec(),
                mex_sequence(&code, 10_000),
                "{code}"
            );
            // 0.767: values past 1024 appear within the blocks, and the tables grow there.
            if code.to_string() == "0.767" {
                assert!(bound(&space) > before);
            }
        }
    }

    #[test]
    fn limits_stop_it_with_the_meters_error() {
        let grundy = TakeBreak::grundy();
        let mut space = SparseSpace::new(&grundy).unwrap();
        let mut meter = Meter::new(Limits::default());
        assert_eq!(
            space.extend(1_000_000_000, &mut meter),
            Err(SearchError::TooBig {
                limit: Limits::default().max_positions
            })
        );
        let mut meter = Meter::new(Limits {
            max_positions: u64::MAX,
            max_memory: 1 << 20,
        });
        assert_eq!(
            space.extend(1_000_000_000, &mut meter),
            Err(SearchError::OutOfMemory { limit: 1 << 20 })
        );
        assert_eq!(space.values().len(), 1);
        // What fits is computed, and the computation goes on from there.
        space.extend(5000, &mut meter).unwrap();
        space.extend(9999, &mut meter).unwrap();
        assert_eq!(space.values().len(), 10_000);
        assert!(meter.listed() >= 10_000);
    }

    #[test]
    fn progress_is_reported() {
        let heard = std::rc::Rc::new(std::cell::Cell::new(0));
        let hear = heard.clone();
        let mut meter = Meter::new(Limits::default())
            .with_progress(Some(Box::new(move |listed| hear.set(listed))));
        let mut space = SparseSpace::new(&TakeBreak::grundy()).unwrap();
        space.extend(200_000, &mut meter).unwrap();
        assert!(heard.get() >= 1 << 16);
    }

    #[test]
    fn walsh_hadamard_counts_parities() {
        let mut w = vec![1, 2, 0, 5];
        walsh_hadamard(&mut w);
        // m = 2: 0 and 1 even, 2 and 3 odd; m = 3: 0 and 3 even, 1 and 2 odd.
        assert_eq!(w, [8, -6, -2, 4]);
    }
}
