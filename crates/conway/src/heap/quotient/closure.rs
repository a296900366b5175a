//! The proof that a candidate is the quotient, or its least failure.
//!
//! For a position `G` let `Φ(G)` be its element, `S(G)` the set of elements its moves reach
//! and `C(G)` its state in the condition machine ([`super::Condition`]). The candidate tells
//! P-positions rightly on every position exactly when, for every `G`, `Φ(G) ∈ P` if and only
//! if `C(G)` allows it and `S(G)` misses `P` (in misère play, `C(G)` says whether `G` has a
//! move). The triple of `G` plus a heap `h` follows from the triple of `G`:
//!
//! `Φ(G + h) = Φ(G)·Φ(h)`, `S(G + h) = S(G)·Φ(h) ∪ Φ(G)·O(h)` and `C(G + h) = C(G)·h`,
//!
//! where `O(h)` is the set of elements of the options of `h`. The code calls the triple a
//! pair, of the element and what it knows of the moves. So the pairs reachable from the
//! empty position are finitely many, and they are explored here in the multiset order of the
//! least position reaching each (a priority queue, as Dijkstra's algorithm does: adding a heap
//! makes a position larger). The first pair that breaks the rule gives the least failing
//! position, whose options are all smaller and so told rightly.

use super::{Condition, Heap, Machine, Options};
use crate::engine::{Meter, SearchError};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A set of elements, one bit each.
pub(super) type Set = Vec<u64>;

/// A pair `(Φ(G), S(G))` with `C(G)`, keyed as the element, the condition's state and the
/// words of the set, and the least position `G` that reaches it.
#[derive(Clone, Debug)]
pub(super) struct Pair {
    pub(super) key: Vec<u64>,
    pub(super) least: Vec<Heap>,
}

impl Pair {
    pub(super) fn element(&self) -> u32 {
        self.key[0] as u32
    }

    /// The state of the condition machine.
    pub(super) fn condition(&self) -> u32 {
        self.key[1] as u32
    }

    pub(super) fn reached(&self) -> &[u64] {
        &self.key[2..]
    }
}

/// The least position (largest heap first) on which the candidate breaks the rule, or none
/// if it breaks it nowhere: then it is the quotient of the heaps up to `largest`.
pub(super) fn least_failure(
    machine: &Machine,
    condition: &Condition,
    elements: &[Vec<Heap>],
    options: &Options,
    largest: Heap,
    meter: &mut Meter,
) -> Result<Option<Vec<Heap>>, SearchError> {
    let explorer = Explorer::new(machine, condition, elements, options, largest, meter)?;
    explorer.run(
        &[],
        explorer.empty(),
        meter,
        breaks_rule(machine, condition),
    )
}

/// What the check of a candidate found.
pub(super) enum Checked {
    /// No pair breaks the rule; these are the pairs the check explored, in the order of their
    /// least positions.
    Proved(Vec<Pair>),
    /// The least position on which the candidate breaks the rule.
    Fails(Vec<Heap>),
}

/// As [`least_failure`], for a candidate that is proved on the positions without a heap of
/// `largest`, whose pairs are `proved`: only the positions with such a heap are explored. The
/// pairs it finds all come after those of `proved`, as a position with a larger heap is
/// larger.
pub(super) fn check_above(
    machine: &Machine,
    condition: &Condition,
    elements: &[Vec<Heap>],
    options: &Options,
    largest: Heap,
    proved: &[Pair],
    meter: &mut Meter,
) -> Result<Checked, SearchError> {
    let explorer = Explorer::new(machine, condition, elements, options, largest, meter)?;
    let mut key = Vec::new();
    let seeds = proved
        .iter()
        .map(|pair| {
            explorer.added(&pair.key, largest, &mut key);
            Pair {
                key: key.clone(),
                least: with_heap(&pair.least, largest),
            }
        })
        .collect();
    let mut found = Vec::new();
    let mut breaks = breaks_rule(machine, condition);
    let failure = explorer.run(proved, seeds, meter, |pair| {
        found.push(pair.clone());
        breaks(pair)
    })?;
    Ok(match failure {
        None => Checked::Proved(found),
        Some(position) => Checked::Fails(position),
    })
}

/// Whether a pair breaks the rule: its element is in `P` unless its condition does not allow
/// it or its moves reach something in `P`.
fn breaks_rule<'a>(
    machine: &'a Machine,
    condition: &'a Condition,
) -> impl FnMut(&Pair) -> bool + 'a {
    let p_set = set_of(
        (0..machine.order() as u32).filter(|&e| machine.p[e as usize]),
        machine.order().div_ceil(64),
    );
    move |pair| {
        let reaches_p = pair.reached().iter().zip(&p_set).any(|(&r, &p)| r & p != 0);
        let allowed = condition.p[pair.condition() as usize];
        machine.p[pair.element() as usize] != (allowed && !reaches_p)
    }
}

/// Every pair of the positions of heaps up to `largest`, in the multiset order of their
/// least positions.
pub(super) fn pairs(
    machine: &Machine,
    condition: &Condition,
    elements: &[Vec<Heap>],
    options: &Options,
    largest: Heap,
    meter: &mut Meter,
) -> Result<Vec<Pair>, SearchError> {
    let explorer = Explorer::new(machine, condition, elements, options, largest, meter)?;
    let mut all = Vec::new();
    explorer.run(&[], explorer.empty(), meter, |pair| {
        all.push(pair.clone());
        false
    })?;
    Ok(all)
}

/// What the exploration of a candidate's pairs needs at hand.
struct Explorer<'a> {
    machine: &'a Machine,
    condition: &'a Condition,
    largest: Heap,
    order: usize,
    words: usize,
    /// `product[a * order + b]`: the product of the elements `a` and `b`.
    product: Vec<u32>,
    /// The elements of the options of each heap.
    option_elements: Vec<Vec<u32>>,
}

impl<'a> Explorer<'a> {
    fn new(
        machine: &'a Machine,
        condition: &'a Condition,
        elements: &[Vec<Heap>],
        options: &Options,
        largest: Heap,
        meter: &mut Meter,
    ) -> Result<Explorer<'a>, SearchError> {
        let order = machine.order();
        meter.hold(meter.held() + (order * order * 4) as u64)?;
        let product = (0..order)
            .flat_map(|a| elements.iter().map(move |b| machine.run(a as u32, b)))
            .collect();
        let option_elements = (0..=largest as usize)
            .map(|heap| {
                let mut reached: Vec<u32> = options[heap]
                    .iter()
                    .map(|parts| machine.run(0, parts))
                    .collect();
                reached.sort_unstable();
                reached.dedup();
                reached
            })
            .collect();
        Ok(Explorer {
            machine,
            condition,
            largest,
            order,
            words: order.div_ceil(64),
            product,
            option_elements,
        })
    }

    /// The pair of the empty position: its element is the identity and it has no move.
    fn empty(&self) -> Vec<Pair> {
        vec![Pair {
            key: vec![0; self.words + 2],
            least: Vec::new(),
        }]
    }

    /// The key of the pair of a position of the pair `key` plus a heap of `heap`.
    fn added(&self, key: &[u64], heap: Heap, out: &mut Vec<u64>) {
        out.clear();
        out.resize(self.words + 2, 0);
        let element = key[0] as u32;
        out[0] = u64::from(self.machine.next(element, heap));
        out[1] = u64::from(self.condition.next(key[1] as u32, heap));
        let set = &mut out[2..];
        for member in members(&key[2..]) {
            insert(set, self.machine.next(member, heap));
        }
        for &option in &self.option_elements[heap as usize] {
            insert(
                set,
                self.product[element as usize * self.order + option as usize],
            );
        }
    }

    /// Visits the pairs reached from `seeds` that are not `done`, in the multiset order of
    /// their least positions (a priority queue, as Dijkstra's algorithm does), until `stop`
    /// says so; returns the least position of the pair it stopped at.
    fn run(
        &self,
        done: &[Pair],
        seeds: Vec<Pair>,
        meter: &mut Meter,
        mut stop: impl FnMut(&Pair) -> bool,
    ) -> Result<Option<Vec<Heap>>, SearchError> {
        let mut frontier = Frontier::default();
        for pair in done {
            frontier
                .index
                .insert(pair.key.clone(), frontier.pairs.len());
            frontier.pairs.push(pair.clone());
            frontier.popped.push(true);
        }
        for seed in seeds {
            frontier.offer(seed.key, seed.least, meter)?;
        }
        let mut key = Vec::new();
        // What this exploration holds, freed when it ends: counted against the memory beside
        // what the computation keeps, not kept in the count.
        let mut holding = (self.order * self.order * 4) as u64;
        while let Some((position, id)) = frontier.pop() {
            // Each heap added to the pair is a step of work.
            meter.count(u64::from(self.largest))?;
            if stop(&frontier.pairs[id]) {
                return Ok(Some(position));
            }
            for heap in 1..=self.largest {
                self.added(&frontier.pairs[id].key, heap, &mut key);
                if frontier.is_popped(&key) {
                    // Popped already, so with a smaller least position than this one.
                    continue;
                }
                let larger = with_heap(&position, heap);
                // Twice: the caller may keep a copy of each pair ([`check_above`]).
                holding += 2 * (16 * key.len() + 8 * larger.len() + 64) as u64;
                meter.hold(meter.held() + holding)?;
                frontier.offer(key.clone(), larger, meter)?;
            }
        }
        Ok(None)
    }
}

/// The pairs found so far, and those waiting in the order of their least positions.
#[derive(Default)]
struct Frontier {
    index: FxHashMap<Vec<u64>, usize>,
    pairs: Vec<Pair>,
    popped: Vec<bool>,
    queue: BinaryHeap<Reverse<(Vec<Heap>, usize)>>,
}

impl Frontier {
    /// The pair of the least position waiting, marked as popped.
    fn pop(&mut self) -> Option<(Vec<Heap>, usize)> {
        while let Some(Reverse((position, id))) = self.queue.pop() {
            if !self.popped[id] {
                self.popped[id] = true;
                return Some((position, id));
            }
        }
        None
    }

    fn is_popped(&self, key: &[u64]) -> bool {
        self.index.get(key).is_some_and(|&known| self.popped[known])
    }

    /// Records that `least` reaches the pair `key`, and queues it if it is the least yet.
    fn offer(
        &mut self,
        key: Vec<u64>,
        least: Vec<Heap>,
        meter: &mut Meter,
    ) -> Result<(), SearchError> {
        match self.index.get(&key) {
            Some(&known) if self.popped[known] || self.pairs[known].least <= least => {}
            Some(&known) => {
                self.pairs[known].least = least.clone();
                self.queue.push(Reverse((least, known)));
            }
            None => {
                meter.list(16 * key.len() + 8 * least.len() + 64)?;
                let id = self.pairs.len();
                self.index.insert(key.clone(), id);
                self.pairs.push(Pair {
                    key,
                    least: least.clone(),
                });
                self.popped.push(false);
                self.queue.push(Reverse((least, id)));
            }
        }
        Ok(())
    }
}

/// `position` with one more heap, still largest first.
pub(super) fn with_heap(position: &[Heap], heap: Heap) -> Vec<Heap> {
    let mut larger = Vec::with_capacity(position.len() + 1);
    let at = position.partition_point(|&h| h >= heap);
    larger.extend_from_slice(&position[..at]);
    larger.push(heap);
    larger.extend_from_slice(&position[at..]);
    larger
}

fn set_of(members: impl Iterator<Item = u32>, words: usize) -> Set {
    let mut set = vec![0u64; words];
    for member in members {
        insert(&mut set, member);
    }
    set
}

fn insert(set: &mut [u64], member: u32) {
    set[member as usize / 64] |= 1 << (member % 64);
}

pub(super) fn members(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(w, &bits)| {
        let mut rest = bits;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                (w * 64) as u32 + bit
            })
        })
    })
}
