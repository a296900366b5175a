//! Misère quotients of heap games (Plambeck 2005; Plambeck and Siegel 2008).
//!
//! Under misère play a sum of heaps is not a nim-sum, but the positions made of heaps up to
//! `n` fall into finitely many classes for most octal games: two positions are equivalent
//! when adding the same position to each never gives them different outcomes. The classes
//! form a commutative monoid, the misère quotient `Q_n`, with the classes of the P-positions
//! marked; a position's outcome is read off the product of its heaps' elements.
//!
//! # How it is computed, and why the answer is proved
//!
//! The quotient is the minimal automaton of the language "the heaps, added one at a time,
//! make a P-position", and it is learnt heap size by heap size as an automaton is learnt
//! from questions and counterexamples ([`learner`]; Angluin 1987, with every suffix of a
//! counterexample kept as a test, as Maler and Pnueli do). Each candidate is then checked by
//! the theorem behind Plambeck and Siegel's own program: a commutative monoid `Q` with a
//! set `P`, onto which the positions map by a homomorphism `Φ`, is the misère quotient if
//!
//! 1. `Q` is reduced: two elements differ on some `z` (`xz ∈ P` but `yz ∉ P`, or back); and
//! 2. for every position `G`, `Φ(G) ∈ P` exactly when `G` has a move and no move of `G`
//!    goes to an element of `P` (so `Φ` tells the P-positions, by induction on `G`).
//!
//! Condition 2 is about infinitely many positions, but it depends on `G` only through
//! `Φ(G)` and the set of elements its moves reach, and that pair follows from the pair of
//! `G` minus one heap ([`closure`]); there are finitely many pairs. The check explores them
//! in the multiset order of their smallest positions, so the first failure it meets is the
//! least failing position `G`. Every option of `G` is smaller and so answered correctly,
//! which makes the local rule at `G` the truth: a counterexample, found without a search.
//! The same fact lets the search ([`oracle`]) take every position below the failure from
//! the candidate. When no pair fails, the candidate is the quotient: a proof, not a guess.
//!
//! A new heap that splits elements of the smaller heaps' quotient makes the learner search
//! positions with several copies of it, which costs most. There the quotient is put together
//! from the outcomes of `j` copies beside smaller heaps, one `j` at a time, each a quotient of
//! the smaller heaps under a rule of its own ([`split`]).

mod closure;
mod learner;
mod oracle;
mod presentation;
mod split;
mod tame;

pub use presentation::{generator_name, Presentation, Product};
pub use tame::NimPosition;

use super::HeapRule;
use crate::engine::{Meter, Outcome, SearchError};
use learner::Learner;
use oracle::Oracle;
use std::fmt;

/// A heap size in a quotient.
type Heap = u32;

/// The options of each heap size: the heaps left in its place, largest first.
type Options = Vec<Vec<Vec<Heap>>>;

/// The work a quotient of the heaps up to `largest` takes where its order stays in the
/// hundreds: each heap size explores the pairs of the smaller ones with every heap added.
/// A limit that fits what was asked for.
pub fn quotient_work_limit(largest: u64) -> u64 {
    largest
        .saturating_mul(largest)
        .saturating_mul(10_000)
        .max(10_000_000)
}

/// The largest heap a quotient may reach: the options of every heap are held at once.
pub const MAX_QUOTIENT_HEAP: u64 = 1 << 10;

/// Why a quotient could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QuotientError {
    /// The search or the check passed a limit.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// The largest heap asked for is past [`MAX_QUOTIENT_HEAP`].
    #[error(
        "heaps up to {0} were asked for; a quotient here reaches heaps up to {MAX_QUOTIENT_HEAP}"
    )]
    TooLarge(u64),
    /// A move leaves a heap as large as the one it was made in, so the positions are not
    /// ordered by their moves as the proof needs.
    #[error("a move from a heap of {heap} leaves a heap of {part}: quotients here are of games whose moves leave only smaller heaps")]
    NotDecreasing {
        /// The heap moved in.
        heap: u64,
        /// The heap it leaves.
        part: u64,
    },
}

/// A deterministic automaton over heap sizes: from each state, adding a heap leads to a
/// state. State 0 is the empty position.
#[derive(Clone, Debug)]
struct Machine {
    /// The largest heap plus one: the row length of `step`.
    stride: usize,
    step: Vec<u32>,
    /// Whether each state is a P-position.
    p: Vec<bool>,
}

impl Machine {
    fn order(&self) -> usize {
        self.p.len()
    }

    fn next(&self, state: u32, heap: Heap) -> u32 {
        if heap == 0 {
            state
        } else {
            self.step[state as usize * self.stride + heap as usize]
        }
    }

    fn run(&self, from: u32, heaps: &[Heap]) -> u32 {
        heaps
            .iter()
            .fold(from, |state, &heap| self.next(state, heap))
    }

    fn is_p(&self, heaps: &[Heap]) -> bool {
        self.p[self.run(0, heaps) as usize]
    }

    /// The misère condition: whether a position has a move, in state 1 if it has.
    fn misere_condition(options: &Options) -> Condition {
        let stride = options.len();
        let mut step = vec![1; 2 * stride];
        for (heap, moves) in options.iter().enumerate() {
            step[heap] = u32::from(!moves.is_empty());
        }
        Machine {
            stride,
            step,
            p: vec![false, true],
        }
    }
}

/// When a position whose moves all lead to N-positions is a P-position: when its state in
/// this machine over heap sizes is marked P. In misère play the machine says whether the
/// position has a move ([`Machine::misere_condition`]); the positions with copies of a new
/// heap follow a rule of the same form over the smaller heaps ([`split`]).
type Condition = Machine;

/// The misère quotient of a heap game restricted to heaps up to some size, proved.
#[derive(Clone, Debug)]
pub struct Quotient {
    machine: Machine,
    /// The least position (multiset order, largest heap first) of each element.
    elements: Vec<Vec<Heap>>,
    /// The order of the quotient of the heaps up to `k`, for each `k` from 0.
    growth: Vec<usize>,
    /// How each heap plays as a heap of Nim, from heap 0 up to the largest heap up to which
    /// the game is tame.
    tame: Vec<NimPosition>,
}

/// An element of a quotient, by its index (0 is the identity, the empty position).
pub type Element = usize;

impl Quotient {
    /// The quotient of the positions of `rule` made of heaps up to `largest`, computed and
    /// proved within the limits of `meter`; `level` hears of each heap size as its quotient
    /// is proved, with the quotient's order.
    pub fn compute(
        rule: &dyn HeapRule,
        largest: u64,
        meter: &mut Meter,
        mut level: impl FnMut(u64, usize),
    ) -> Result<Quotient, QuotientError> {
        if largest > MAX_QUOTIENT_HEAP {
            return Err(QuotientError::TooLarge(largest));
        }
        let largest = largest as Heap;
        let options = heap_options(rule, largest, meter)?;
        let values = tame::nim_values(&options);
        let mut build = Build::new(&options, Machine::misere_condition(&options), meter)?;
        let mut growth = vec![1];
        let mut tame = vec![NimPosition::EMPTY];
        for heap in 1..=largest {
            let order = build.level(heap)?;
            growth.push(order);
            if tame.len() == heap as usize {
                let (machine, elements) =
                    (build.learner.machine(), build.learner.representatives());
                if let Some(heaps) = tame::nim_heaps(&machine, &elements, &values, heap) {
                    tame = heaps;
                }
            }
            level(u64::from(heap), order);
        }
        Ok(Quotient {
            machine: build.learner.machine(),
            elements: build.learner.representatives(),
            growth,
            tame,
        })
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.machine.order()
    }

    /// The largest heap the quotient covers.
    pub fn largest_heap(&self) -> u64 {
        self.growth.len() as u64 - 1
    }

    /// The order of the quotient of the heaps up to `k`, for each `k` from 0 to the largest.
    pub fn growth(&self) -> &[usize] {
        &self.growth
    }

    /// The largest heap up to which the game is tame: every position of heaps up to it plays
    /// under misère play as a position of Nim ([`NimPosition`]). A game wild at one heap is
    /// wild at every larger one, as its positions include the smaller heaps'.
    pub fn tame_through(&self) -> u64 {
        self.tame.len() as u64 - 1
    }

    /// How a heap plays as a heap of Nim, if the game is tame up to it.
    pub fn nim_heap(&self, size: u64) -> Option<NimPosition> {
        usize::try_from(size)
            .ok()
            .and_then(|size| self.tame.get(size))
            .copied()
    }

    /// Whether the element is the class of the misère P-positions.
    pub fn is_p(&self, element: Element) -> bool {
        self.machine.p[element]
    }

    /// The elements of the P-portion.
    pub fn p_portion(&self) -> impl Iterator<Item = Element> + '_ {
        (0..self.order()).filter(|&e| self.is_p(e))
    }

    /// The element of a single heap.
    pub fn heap(&self, size: u64) -> Option<Element> {
        (size <= self.largest_heap()).then(|| self.machine.next(0, size as Heap) as Element)
    }

    /// The product of two elements.
    pub fn product(&self, a: Element, b: Element) -> Element {
        self.machine.run(a as u32, &self.elements[b]) as Element
    }

    /// The least position of an element (in the multiset order): its heaps, largest first.
    pub fn representative(&self, element: Element) -> Vec<u64> {
        self.elements[element]
            .iter()
            .map(|&h| u64::from(h))
            .collect()
    }

    /// The element of a row of heaps, or none if a heap is past the largest.
    pub fn element(&self, heaps: &[u64]) -> Option<Element> {
        heaps
            .iter()
            .try_fold(0, |state, &heap| {
                (heap <= self.largest_heap()).then(|| self.machine.next(state, heap as Heap))
            })
            .map(|state| state as Element)
    }

    /// The misère outcome of a row of heaps (P or N), or none if a heap is past the largest.
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let element = self.element(heaps)?;
        Some(if self.is_p(element) {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Each winning move of a row of heaps under misère play, in the order of the heaps and
    /// of their options, as the index of the heap moved in and the heaps left in its place.
    /// None if a heap is past the largest. The element of the row without one heap is found
    /// once for each size of heap, so a row of `n` heaps of `d` sizes takes `n·d` steps and
    /// one step for each option.
    pub fn winning_moves(
        &self,
        rule: &dyn HeapRule,
        heaps: &[u64],
        mut found: impl FnMut(usize, &[u64]),
    ) -> Option<()> {
        self.element(heaps)?;
        let mut without: Vec<(u64, u32)> = Vec::new();
        for (index, &size) in heaps.iter().enumerate() {
            let rest = match without.iter().find(|(s, _)| *s == size) {
                Some(&(_, rest)) => rest,
                None => {
                    let rest = self.element_without(heaps, index);
                    without.push((size, rest));
                    rest
                }
            };
            rule.heap_options(size, &mut |parts| {
                let after = parts
                    .iter()
                    .fold(rest, |state, &h| self.machine.next(state, h as Heap));
                if self.machine.p[after as usize] {
                    found(index, parts);
                }
            });
        }
        Some(())
    }

    /// The element of the row without the heap at `index`.
    fn element_without(&self, heaps: &[u64], index: usize) -> u32 {
        heaps
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .fold(0, |state, (_, &h)| self.machine.next(state, h as Heap))
    }
}

impl fmt::Display for Quotient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "misère quotient of order {} (heaps up to {}), P-portion of {}",
            self.order(),
            self.largest_heap(),
            self.p_portion().count()
        )
    }
}

/// The state of a computation of a quotient, heap size by heap size.
struct Build<'a> {
    options: &'a Options,
    condition: Condition,
    oracle: Oracle,
    learner: Learner,
    /// The pairs of the quotient proved so far ([`closure`]), where a level kept them.
    pairs: Option<Vec<closure::Pair>>,
    meter: &'a mut Meter,
}

impl<'a> Build<'a> {
    /// The quotient of the empty position alone, under the rule with `condition`.
    fn new(
        options: &'a Options,
        condition: Condition,
        meter: &'a mut Meter,
    ) -> Result<Build<'a>, SearchError> {
        let mut oracle = Oracle::new(condition.clone());
        let learner = Learner::new(options.len(), &mut oracle, options, meter)?;
        Ok(Build {
            options,
            condition,
            oracle,
            learner,
            pairs: None,
            meter,
        })
    }

    /// Proves the quotient of the heaps up to `heap`, given that of the smaller heaps, and
    /// returns its order.
    fn level(&mut self, heap: Heap) -> Result<usize, SearchError> {
        let known = self.learner.machine();
        let elements = self.learner.representatives();
        let (options, condition, meter) = (self.options, &self.condition, &mut *self.meter);
        let proved = match self.pairs.take() {
            Some(pairs) => pairs,
            None => closure::pairs(&known, condition, &elements, options, heap - 1, meter)?,
        };
        self.oracle
            .open_level(known.clone(), heap, &proved, options);
        let machine = match self.guess(&known, &elements, heap, &proved)? {
            Some((machine, found)) => {
                self.learner.take_heap(heap, &machine);
                self.pairs = Some([proved, found].concat());
                machine
            }
            None if self.oracle.level_may_split() => match self.split(&known, heap)? {
                Some(machine) => machine,
                None => self.learn(heap)?,
            },
            None => self.learn(heap)?,
        };
        let order = machine.order();
        self.oracle.prove_up_to(machine, heap);
        Ok(order)
    }

    /// The quotient of the heaps up to `heap` put together from the outcomes of its copies
    /// beside the smaller heaps ([`split`]), whose quotient is `known`; checked whole as
    /// every quotient is, and none if the check fails (which the proof of each part rules
    /// out).
    fn split(&mut self, known: &Machine, heap: Heap) -> Result<Option<Machine>, SearchError> {
        let (options, condition, meter) = (self.options, &self.condition, &mut *self.meter);
        let machine = split::quotient(known, condition, heap, options, meter)?;
        let elements = split::least_positions(&machine, heap);
        let failure = closure::least_failure(&machine, condition, &elements, options, heap, meter)?;
        debug_assert!(failure.is_none(), "{failure:?} breaks a split quotient");
        if failure.is_some() {
            return Ok(None);
        }
        self.learner = Learner::from_machine(&machine, elements, heap);
        Ok(Some(machine))
    }

    /// The quotient of the heaps up to `heap`, if a heap of `heap` acts as an element of the
    /// quotient `known` of the smaller heaps (as most heaps do): each element is tried, and
    /// the first that the check proves is taken. Otherwise the candidate whose least failure
    /// is the largest is trusted below it, which spares the search that follows. The machine
    /// proved comes with the pairs its check found.
    fn guess(
        &mut self,
        known: &Machine,
        elements: &[Vec<Heap>],
        heap: Heap,
        proved: &[closure::Pair],
    ) -> Result<Option<(Machine, Vec<closure::Pair>)>, SearchError> {
        let (options, condition, meter) = (self.options, &self.condition, &mut *self.meter);
        let mut best: Option<(Machine, Vec<Heap>)> = None;
        for element in 0..known.order() as u32 {
            let mut machine = known.clone();
            for state in 0..known.order() as u32 {
                machine.step[state as usize * machine.stride + heap as usize] =
                    known.run(state, &elements[element as usize]);
            }
            if !self.oracle.level_admits(&machine) {
                continue;
            }
            let checked =
                closure::check_above(&machine, condition, elements, options, heap, proved, meter)?;
            match checked {
                closure::Checked::Proved(found) => return Ok(Some((machine, found))),
                closure::Checked::Fails(failure) => {
                    if best.as_ref().is_none_or(|(_, least)| *least < failure) {
                        best = Some((machine, failure));
                    }
                }
            }
        }
        if let Some((machine, failure)) = best {
            self.oracle.trust_below(machine, failure);
        }
        Ok(None)
    }

    /// Learns the quotient of the heaps up to `heap` from counterexamples until one is
    /// proved.
    fn learn(&mut self, heap: Heap) -> Result<Machine, SearchError> {
        let (options, oracle, learner) = (self.options, &mut self.oracle, &mut self.learner);
        let meter = &mut *self.meter;
        learner.add_heap(heap, oracle, options, meter)?;
        loop {
            let machine = learner.machine();
            if let Some(word) = learner.noncommuting_word(&machine, oracle, options, meter)? {
                learner.learn_from(&word, oracle, options, meter)?;
                continue;
            }
            let elements = learner.representatives();
            let failure =
                closure::least_failure(&machine, &self.condition, &elements, options, heap, meter)?;
            let Some(failure) = failure else {
                return Ok(machine);
            };
            oracle.trust_below(machine, failure.clone());
            learner.learn_from(&failure, oracle, options, meter)?;
        }
    }
}

/// The options of every heap up to `largest`, each as the heaps it leaves, largest first.
fn heap_options(
    rule: &dyn HeapRule,
    largest: Heap,
    meter: &mut Meter,
) -> Result<Options, QuotientError> {
    let mut all = Vec::with_capacity(largest as usize + 1);
    for size in 0..=u64::from(largest) {
        let mut options: Vec<Vec<Heap>> = Vec::new();
        let mut bad = None;
        let bound = rule.heap_option_bound(size).unwrap_or(super::FEW_OPTIONS);
        meter.hold_more(bound.saturating_mul(48))?;
        rule.heap_options(size, &mut |parts| {
            if let Some(&part) = parts.iter().find(|&&part| part >= size) {
                bad.get_or_insert(part);
            }
            let mut parts: Vec<Heap> = parts.iter().map(|&h| h as Heap).collect();
            parts.sort_unstable_by(|a, b| b.cmp(a));
            options.push(parts);
        });
        if let Some(part) = bad {
            return Err(QuotientError::NotDecreasing { heap: size, part });
        }
        options.sort_unstable();
        options.dedup();
        all.push(options);
    }
    Ok(all)
}

#[cfg(test)]
mod tests;
