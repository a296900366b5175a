//! One-heap values a rule learns once and keeps: the prefix its engine computed and, once the
//! rule's theorem proves a period, the period that gives every other heap at once. So
//! `solve kayles 1000000000000` costs the 256 heaps that prove Kayles' period.

use super::{HeapRule, Period, Sequence, TakeBreak};
use crate::engine::{Limits, Meter};
use crate::impartial::{MoveSink, Target};
use std::fmt;
use std::sync::Mutex;

/// The most heaps learnt by computing them: eight megabytes of values.
pub const MAX_LEARNT: u64 = 1 << 20;

/// The limits of one computation of learnt values.
const LEARNING: Limits = Limits {
    max_positions: 1 << 28,
    max_memory: 1 << 28,
};

/// The values a rule has learnt about its single heaps. A cache inside a rule: clones start
/// empty and every two compare equal, so a rule keeps its derived traits.
#[derive(Default)]
pub struct Learnt {
    known: Mutex<Known>,
}

#[derive(Default)]
struct Known {
    /// The values of heaps `0..values.len()`.
    values: Vec<u64>,
    /// The proved period, if any: it gives every heap from the values.
    period: Option<Period>,
    /// The smallest heap whose computation failed (too much work for the learning limits).
    failed_at: Option<u64>,
}

impl Known {
    fn lookup(&self, n: u64) -> Option<u64> {
        if let Some(&value) = self.values.get(usize::try_from(n).ok()?) {
            return Some(value);
        }
        self.period?.value_at(n, |m| self.values[m as usize])
    }
}

impl Learnt {
    /// The value of a heap of `n` under `rule`: known, following from a proved period, or
    /// computed now by the rule's engine (in doubling steps up to [`MAX_LEARNT`]). `None` if
    /// the rule has no engine, the heap is too large to compute and no period is proved, or
    /// the computation needs more than its limits.
    pub fn value<R: HeapRule + ?Sized>(&self, rule: &R, n: u64) -> Option<u64> {
        let mut known = self.known.lock().ok()?;
        if let Some(value) = known.lookup(n) {
            return Some(value);
        }
        let learnt = known.values.len() as u64;
        let failed = known.failed_at.is_some_and(|f| n >= f);
        if known.period.is_some() || learnt >= MAX_LEARNT || failed {
            return None;
        }
        // Doubling steps keep the total work within twice the last; a heap too large to
        // compute may still follow from a period proved on the way.
        let to = n.max(2 * learnt).clamp(255, MAX_LEARNT - 1);
        let engine = rule.sequence_engine()?;
        let proof = |p| rule.period_checked_through(p);
        match Sequence::compute(engine, to, proof, &mut Meter::new(LEARNING)) {
            Ok(sequence) => {
                known.values = (0..sequence.computed())
                    .map(|m| sequence.value(m).expect("a computed heap has its value"))
                    .collect();
                known.period = sequence.period().filter(|d| d.proved).map(|d| d.period);
                known.lookup(n)
            }
            Err(_) => {
                known.failed_at = Some(n.min(to));
                None
            }
        }
    }

    /// The proved period, once a value has been asked for and the computation proved one.
    pub fn proved_period(&self) -> Option<Period> {
        self.known.lock().ok()?.period
    }

    /// The moves from `heaps` to a position of nim value `target` under `rule`, whose moves
    /// are those of `code` ([`TakeBreak::moves_to`]). The heaps' values are learnt first, so
    /// that a period is proved before it is looked up. `false` (nothing handed on) where a
    /// value is unknown or the target is misère.
    pub fn moves_to<R: HeapRule + ?Sized>(
        &self,
        rule: &R,
        code: &TakeBreak,
        heaps: &[u64],
        target: Target,
        sink: &mut MoveSink<'_, Vec<u64>>,
    ) -> bool {
        let Target::Value(target) = target else {
            return false;
        };
        let value = |n| self.value(rule, n);
        if heaps.iter().any(|&n| value(n).is_none()) {
            return false;
        }
        code.moves_to(heaps, target, &value, self.proved_period(), sink)
    }
}

impl Clone for Learnt {
    fn clone(&self) -> Self {
        Learnt::default()
    }
}

impl PartialEq for Learnt {
    fn eq(&self, _: &Learnt) -> bool {
        true
    }
}

impl Eq for Learnt {}

impl fmt::Debug for Learnt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Learnt")
    }
}
