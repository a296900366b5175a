//! Misère positions of heap games answered from their misère quotient.
//!
//! A ruleset keeps the quotient it proved last, for the heaps up to the largest asked about
//! so far, and answers a misère position whose heaps it covers by multiplying their elements:
//! a row of thousands of heaps takes milliseconds, where a search would never end. Where the
//! quotient cannot be proved within the work of [`quotient_work_limit`] and a quarter of the
//! memory (its computation grows with the heaps, and some games' quotients are infinite), the
//! search answers as before.

use crate::engine::{Limits, Meter, SearchError};
use crate::heap::{quotient_work_limit, HeapRule, Quotient, QuotientError};
use std::sync::{Arc, Mutex};

/// The largest heap whose quotient a position asks for: beyond it the search answers.
pub(super) const QUOTIENT_LARGEST_HEAP: u64 = 128;

/// The quotient a ruleset proved last, and the least largest heap it failed at.
#[derive(Default)]
pub(super) struct QuotientCache(Mutex<Cached>);

#[derive(Default)]
struct Cached {
    proved: Option<Arc<Quotient>>,
    failed_at: Option<u64>,
}

impl QuotientCache {
    /// The quotient of the heaps up to at least `largest`, proved now or before; none where
    /// it is past the limits here (or failed before). An interruption is an error.
    pub(super) fn up_to(
        &self,
        rule: &dyn HeapRule,
        largest: u64,
        limits: Limits,
        interrupt: Option<Arc<std::sync::atomic::AtomicBool>>,
    ) -> Result<Option<Arc<Quotient>>, SearchError> {
        let mut cached = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(proved) = cached
            .proved
            .as_ref()
            .filter(|q| q.largest_heap() >= largest)
        {
            return Ok(Some(Arc::clone(proved)));
        }
        if largest > QUOTIENT_LARGEST_HEAP || cached.failed_at.is_some_and(|at| at <= largest) {
            return Ok(None);
        }
        // An attempt that fails leaves room for the search: it may hold a quarter of the
        // memory, which the allocator may keep after it.
        let limits = Limits {
            max_positions: limits.max_positions.min(quotient_work_limit(largest)),
            max_memory: limits.max_memory / 4,
        };
        let mut meter = Meter::new(limits).with_interrupt(interrupt);
        match Quotient::compute(rule, largest, &mut meter, |_, _| {}) {
            Ok(quotient) => {
                let quotient = Arc::new(quotient);
                cached.proved = Some(Arc::clone(&quotient));
                Ok(Some(quotient))
            }
            Err(QuotientError::Search(SearchError::Interrupted)) => Err(SearchError::Interrupted),
            Err(_) => {
                cached.failed_at = Some(largest);
                Ok(None)
            }
        }
    }
}

/// Each winning move of `heaps` under misère play, as the row it leaves, from `quotient`,
/// which covers them.
pub(super) fn winning_moves(
    quotient: &Quotient,
    rule: &dyn HeapRule,
    heaps: &[u64],
    mut each: impl FnMut(Vec<u64>),
) {
    quotient.winning_moves(rule, heaps, |index, parts| {
        let mut to = Vec::with_capacity(heaps.len() + parts.len());
        to.extend_from_slice(&heaps[..index]);
        match parts {
            [] => to.push(0),
            _ => to.extend_from_slice(parts),
        }
        to.extend_from_slice(&heaps[index + 1..]);
        each(to);
    });
}
