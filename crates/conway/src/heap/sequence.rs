//! Nim-sequences: the values of single heaps of size 0, 1, 2, …, computed by an engine that
//! can be extended, checked for a period at every power of two, and cut short once the rule's
//! periodicity theorem proves one: then every later value follows from the period.

use super::period::{detect_period, Detected, Period};
use super::{mex_sequence, SparseSpace, TakeBreak};
use crate::engine::{Meter, SearchError};
use crate::impartial::{Impartial, Solver};

/// Computes the values of single heaps in order, and can be asked for more.
pub trait Extend {
    /// Computes the values of heaps `0..=to`, counting the work against `meter`.
    fn extend(&mut self, to: u64, meter: &mut Meter) -> Result<(), SearchError>;

    /// How many heaps have their values: heaps `0..len`.
    fn len(&self) -> u64;

    /// Whether no heap has its value yet.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of heap `n < len`.
    fn value(&self, n: u64) -> u64;

    /// The largest value computed.
    fn max_value(&self) -> u64;

    /// How many heaps have a rare value, for the engines that split values into rare and
    /// common (the sparse-space method).
    fn rare_count(&self) -> Option<u64> {
        None
    }
}

/// The values of heaps `0..=to` and the period they show.
pub struct Sequence<'a> {
    engine: Box<dyn Extend + 'a>,
    to: u64,
    detected: Option<Detected>,
}

/// The first length at which a period is looked for; then at every doubling.
const FIRST_CHECK: u64 = 256;

impl<'a> Sequence<'a> {
    /// The values of heaps `0..=to` by `engine`, with a period checked at every power of two
    /// and proved by `proof` (the rule's theorem, see
    /// [`HeapRule::period_checked_through`](super::HeapRule::period_checked_through)). Once a
    /// period is proved the engine stops: later values follow from it.
    pub fn compute(
        mut engine: Box<dyn Extend + 'a>,
        to: u64,
        proof: impl Fn(Period) -> Option<u64>,
        meter: &mut Meter,
    ) -> Result<Sequence<'a>, SearchError> {
        let mut check = FIRST_CHECK;
        loop {
            let last = to.min(check - 1);
            engine.extend(last, meter)?;
            let detected = detect_period(engine.len(), |n| engine.value(n), &proof);
            if last == to || detected.is_some_and(|d| d.proved) {
                return Ok(Sequence {
                    engine,
                    to,
                    detected,
                });
            }
            check = check.saturating_mul(2);
        }
    }

    /// The last heap of the sequence.
    pub fn to(&self) -> u64 {
        self.to
    }

    /// The value of heap `n ≤ to`: computed, or from the proved period. `None` past `to`, or
    /// for a value past 2^64.
    pub fn value(&self, n: u64) -> Option<u64> {
        if n > self.to {
            return None;
        }
        if n < self.engine.len() {
            return Some(self.engine.value(n));
        }
        let period = self.detected?.period;
        period.value_at(n, |m| self.engine.value(m))
    }

    /// The values of heaps `0..=to`, in order.
    pub fn values(&self) -> impl Iterator<Item = u64> + '_ {
        (0..=self.to).map_while(|n| self.value(n))
    }

    /// The period the values show, and whether it is proved.
    pub fn period(&self) -> Option<Detected> {
        self.detected
    }

    /// How many heaps were computed; the others follow from the proved period.
    pub fn computed(&self) -> u64 {
        self.engine.len()
    }

    /// The largest value of heaps `0..=to`: a proved period is pure, so later values repeat
    /// computed ones.
    pub fn max_value(&self) -> u64 {
        self.engine.max_value()
    }

    /// How many heaps have a rare value, where the engine counts them.
    pub fn rare_count(&self) -> Option<u64> {
        self.engine.rare_count()
    }
}

/// The values of single heaps by searching each heap with the generic solver, for rules
/// without an engine of their own.
pub struct Searched<'g, G: Impartial, H> {
    solver: Solver<'g, G>,
    one_heap: H,
    values: Vec<u64>,
    max_value: u64,
}

impl<'g, G: Impartial, H: Fn(u64) -> G::Position> Searched<'g, G, H> {
    /// Values by `solver`, each heap made by `one_heap`.
    pub fn new(solver: Solver<'g, G>, one_heap: H) -> Self {
        Searched {
            solver,
            one_heap,
            values: Vec::new(),
            max_value: 0,
        }
    }
}

impl<G: Impartial, H: Fn(u64) -> G::Position> Extend for Searched<'_, G, H> {
    /// The solver keeps its own meter; the values themselves (eight bytes each) are checked
    /// against this one.
    fn extend(&mut self, to: u64, meter: &mut Meter) -> Result<(), SearchError> {
        meter.hold(to.saturating_add(1).saturating_mul(8))?;
        // Ascending order keeps the search shallow: every smaller heap is already known.
        for size in self.len()..=to {
            let value = self.solver.nim_value(&(self.one_heap)(size))?;
            self.max_value = self.max_value.max(value);
            self.values.push(value);
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

/// The values of single heaps by the rule's closed form: nothing is held, each value is
/// computed when asked for, and the work of a long sequence still counts against the meter.
pub struct ClosedForm<F> {
    value: F,
    len: u64,
    max_value: u64,
}

impl<F: Fn(u64) -> Option<u64>> ClosedForm<F> {
    /// The sequence of `value`, which must answer every heap (`None` for a value past 2^64).
    pub fn new(value: F) -> Self {
        ClosedForm {
            value,
            len: 0,
            max_value: 0,
        }
    }
}

/// How many heaps are computed between two checks of the meter.
pub(super) const BLOCK: u64 = 1 << 14;

impl<F: Fn(u64) -> Option<u64>> Extend for ClosedForm<F> {
    fn extend(&mut self, to: u64, meter: &mut Meter) -> Result<(), SearchError> {
        while self.len <= to {
            let end = to.min(self.len.saturating_add(BLOCK - 1));
            // A closed form costs a few steps a heap: 64 heaps count as one searched position.
            meter.count((end - self.len + 1).div_ceil(64))?;
            for n in self.len..=end {
                let value = (self.value)(n).ok_or_else(|| SearchError::TooLarge {
                    what: format!("the value of heap {n} is past 2^64"),
                })?;
                self.max_value = self.max_value.max(value);
            }
            self.len = end + 1;
        }
        Ok(())
    }

    fn len(&self) -> u64 {
        self.len
    }

    fn value(&self, n: u64) -> u64 {
        (self.value)(n).expect("a value computed once is computed again")
    }

    fn max_value(&self) -> u64 {
        self.max_value
    }
}

impl Extend for SparseSpace {
    fn extend(&mut self, to: u64, meter: &mut Meter) -> Result<(), SearchError> {
        SparseSpace::extend(self, to, meter)
    }

    fn len(&self) -> u64 {
        self.values().len() as u64
    }

    fn value(&self, n: u64) -> u64 {
        self.values().get(n as usize)
    }

    fn max_value(&self) -> u64 {
        SparseSpace::max_value(self)
    }

    fn rare_count(&self) -> Option<u64> {
        Some(SparseSpace::rare_count(self))
    }
}

/// The values of a code by the definition ([`mex_sequence`]), for the codes no faster engine
/// takes (splits into three heaps, splits that go on forever). Each extension recomputes from
/// heap 0; its work, counted before it starts, is the options it will look at.
pub struct Reference {
    code: TakeBreak,
    values: Vec<u64>,
}

impl Reference {
    pub fn new(code: &TakeBreak) -> Reference {
        Reference {
            code: code.clone(),
            values: Vec::new(),
        }
    }

    /// About how many options the definition looks at for heaps `0..=to`, in units of 64.
    fn work(&self, to: u64) -> u64 {
        let n = to.saturating_add(1);
        let takes = self.code.max_take().map_or(n, |max| max.min(n)) + 1;
        let per_take = match self.code.max_parts() {
            0 | 1 => 1,
            2 => n / 2,
            _ => n.saturating_mul(n) / 4,
        };
        n.saturating_mul(takes).saturating_mul(per_take.max(1)) / 64
    }
}

impl Extend for Reference {
    fn extend(&mut self, to: u64, meter: &mut Meter) -> Result<(), SearchError> {
        if to < self.len() {
            return Ok(());
        }
        meter.count(self.work(to))?;
        meter.hold(to.saturating_add(1).saturating_mul(16))?;
        self.values = mex_sequence(&self.code, to + 1);
        Ok(())
    }

    fn len(&self) -> u64 {
        self.values.len() as u64
    }

    fn value(&self, n: u64) -> u64 {
        self.values[n as usize]
    }

    fn max_value(&self) -> u64 {
        self.values.iter().copied().max().unwrap_or(0)
    }
}
