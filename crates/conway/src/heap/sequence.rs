//! Nim-sequences: the values of single heaps of size 0, 1, 2, …, computed by an engine that
//! can be extended, checked for a period at every power of two, and cut short once the rule's
//! periodicity theorem proves one: then every later value follows from the period.

use super::period::{detect_period, Detected, Period};
use super::{mex_sequence, SparseSpace, TakeBreak};
use crate::engine::{Limits, Meter, SearchError};
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

    /// The period the values follow by the rule's closed form, proved without data.
    fn known_period(&self) -> Option<Period> {
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

/// The work each heap asked for may cost by default, counted as the engines count it: a
/// heap of the sparse-space method counts once and once more per 4096 pairs it looks at, a
/// searched position once.
pub const WORK_PER_HEAP: u64 = 64;

/// The default work limit of a sequence of heaps `0..=to`: the generic default, or
/// `WORK_PER_HEAP` for each heap where that is more, since whoever asks for the heaps asks
/// for their work. Memory still bounds it, and an engine whose work grows faster than the heaps
/// (the definition, a search) is still stopped.
pub fn sequence_work_limit(to: u64) -> u64 {
    let asked = to.saturating_add(1).saturating_mul(WORK_PER_HEAP);
    Limits::default().max_positions.max(asked)
}

impl<'a> Sequence<'a> {
    /// The values of heaps `0..=to` by `engine`, with a period checked at every power of two
    /// and proved by `proof` (the rule's theorem, see
    /// [`HeapRule::period_checked_through`](super::HeapRule::period_checked_through)). Once a
    /// period is proved the engine stops: later values follow from it. An engine whose values
    /// follow a closed form ([`Extend::known_period`]) computes only the first few.
    pub fn compute(
        mut engine: Box<dyn Extend + 'a>,
        to: u64,
        proof: impl Fn(Period) -> Option<u64>,
        meter: &mut Meter,
    ) -> Result<Sequence<'a>, SearchError> {
        if let Some(period) = engine.known_period() {
            return Sequence::follow(engine, to, period, meter);
        }
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

    /// The values of heaps `0..=to` from the first ones and a period known to hold; refused if
    /// a value would be past 2^64.
    fn follow(
        mut engine: Box<dyn Extend + 'a>,
        to: u64,
        period: Period,
        meter: &mut Meter,
    ) -> Result<Sequence<'a>, SearchError> {
        let first = period.preperiod.saturating_add(period.period);
        engine.extend(to.min(first.max(FIRST_CHECK) - 1), meter)?;
        let sequence = Sequence {
            engine,
            to,
            detected: Some(Detected {
                period,
                proved: true,
            }),
        };
        // Each class of the period grows with it: its largest value is its last.
        if let Some(n) = sequence
            .last_period()
            .find(|&n| sequence.value(n).is_none())
        {
            return Err(past_64_bits(n));
        }
        Ok(sequence)
    }

    /// The heaps of the last period through `to` past those computed: where an arithmetic
    /// period puts the largest values.
    fn last_period(&self) -> std::ops::RangeInclusive<u64> {
        let period = self.detected.map_or(0, |d| d.period.period);
        let start = self
            .to
            .saturating_sub(period.saturating_sub(1))
            .max(self.engine.len());
        start..=self.to
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

    /// The largest value of heaps `0..=to`: a proved period repeats computed values, or adds
    /// its saltus to them, so the largest is computed or in the last period.
    pub fn max_value(&self) -> u64 {
        self.last_period()
            .filter_map(|n| self.value(n))
            .fold(self.engine.max_value(), u64::max)
    }

    /// How many heaps have a rare value, where the engine counts them.
    pub fn rare_count(&self) -> Option<u64> {
        self.engine.rare_count()
    }
}

/// The error of a heap whose value does not fit in 64 bits.
fn past_64_bits(n: u64) -> SearchError {
    SearchError::TooLarge {
        what: format!("more than 64 bits at heap {n}"),
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
/// computed when asked for, and the work of a long sequence still counts against the meter,
/// unless the closed form states its period.
pub struct ClosedForm<F> {
    value: F,
    len: u64,
    max_value: u64,
    period: Option<Period>,
}

impl<F: Fn(u64) -> Option<u64>> ClosedForm<F> {
    /// The sequence of `value`, which must answer every heap (`None` for a value past 2^64).
    pub fn new(value: F) -> Self {
        ClosedForm {
            value,
            len: 0,
            max_value: 0,
            period: None,
        }
    }

    /// The same, with the period the closed form follows (none: the values are computed).
    pub fn with_period(self, period: Option<Period>) -> Self {
        ClosedForm { period, ..self }
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
                let value = (self.value)(n).ok_or_else(|| past_64_bits(n))?;
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

    fn known_period(&self) -> Option<Period> {
        self.period
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
    /// The values of `code` by the definition, none computed yet.
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
