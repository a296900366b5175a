//! The limits of a computation and the meter that holds it to them.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use thiserror::Error;

/// Bounds on one computation: how much work it may do and how much memory it may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions the computation may list before it gives up. A position counts once, plus
    /// once more for every [`BYTES_PER_COUNT`] bytes it holds, so a large position counts for
    /// its size.
    pub max_positions: u64,
    /// Bytes the computation may hold at once: its tables and its search stack. Between
    /// searches, tables keep to about half of it; a search keeps every value it uses (dropping
    /// them would make it recompute without end) and stops with an error past the limit.
    pub max_memory: u64,
}

/// How many bytes of a position count as one more position against [`Limits::max_positions`].
pub const BYTES_PER_COUNT: u64 = 256;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_positions: 10_000_000,
            max_memory: 2 << 30,
        }
    }
}

impl Limits {
    /// The bytes a table may hold under these limits.
    pub fn table_bytes(&self) -> u64 {
        self.max_memory / 2
    }
}

/// Why a computation stopped without an answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SearchError {
    /// The work passed its limit: the search would list more positions than it may.
    #[error("the search needs more than {limit} positions; ask for a smaller position or raise the limit")]
    TooBig {
        /// The most positions the search may list.
        limit: u64,
    },
    /// The memory passed its limit: the search would hold more bytes than it may.
    #[error("the search needs more than {} of memory; ask for a smaller position or raise the limit", show_bytes(*limit))]
    OutOfMemory {
        /// The most bytes the search may hold.
        limit: u64,
    },
    /// A position repeats along a line of play: the game does not end, so a search for its
    /// nim value cannot finish.
    #[error(
        "the game does not end: a position repeats along a line of play, so it has no nim value"
    )]
    Loops,
    /// A value does not fit the numbers that hold it.
    #[error("the value is too large: it has {what}")]
    TooLarge {
        /// What makes it too large, in words that follow "it has".
        what: String,
    },
    /// A solver held to closed forms met a position that only a search answers: the caller
    /// answers it another way (a game that may loop, on its explicit graph).
    #[error("no closed form answers this position, and a search was not wanted")]
    NeedsSearch,
    /// Stopped from outside (Ctrl-C in `conway repl` or in Python) before it finished.
    #[error("interrupted")]
    Interrupted,
}

/// A limit of a computation, as [`SearchError::limit_hint`] names it: the one to raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The work: [`Limits::max_positions`].
    Work,
    /// The memory: [`Limits::max_memory`].
    Memory,
}

impl SearchError {
    /// The limit that stopped the computation, if one did: raising it may let it finish.
    pub fn limit_hint(&self) -> Option<Limit> {
        match self {
            SearchError::TooBig { .. } => Some(Limit::Work),
            SearchError::OutOfMemory { .. } => Some(Limit::Memory),
            _ => None,
        }
    }
}

/// Bytes as a person reads them: `512 B`, `3 MiB`, `2 GiB`.
pub fn show_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut unit = 0;
    let mut size = bytes;
    while size >= 1024 && size.is_multiple_of(1024) && unit + 1 < UNITS.len() {
        size /= 1024;
        unit += 1;
    }
    format!("{size} {}", UNITS[unit])
}

/// Hears the number of positions listed so far, now and then.
pub type Progress = Box<dyn FnMut(u64)>;

/// How often a [`Progress`] hears from a long computation: often enough that a search of a
/// few thousand positions a second (Hex) shows its progress within a second.
const PROGRESS_EVERY: u64 = 1 << 12;

/// Counts the work and checks the memory of one computation against its [`Limits`].
pub struct Meter {
    limits: Limits,
    listed: u64,
    /// Bytes counted by [`Meter::hold_more`].
    held: u64,
    progress: Option<Progress>,
    /// Set from outside (Ctrl-C, a closed connection) to stop the computation.
    interrupt: Option<Arc<AtomicBool>>,
}

impl Meter {
    /// A meter that has counted nothing yet, holding a computation to `limits`.
    pub fn new(limits: Limits) -> Self {
        Meter {
            limits,
            listed: 0,
            held: 0,
            progress: None,
            interrupt: None,
        }
    }

    /// Reports progress to `progress` now and then.
    pub fn with_progress(mut self, progress: Option<Progress>) -> Self {
        self.progress = progress;
        self
    }

    /// Stops with [`SearchError::Interrupted`] at the next position counted once `flag` is
    /// set.
    pub fn with_interrupt(mut self, flag: Option<Arc<AtomicBool>>) -> Self {
        self.interrupt = flag;
        self
    }

    /// The flag that stops the computation from outside, if it has one.
    pub fn interrupt(&self) -> Option<Arc<AtomicBool>> {
        self.interrupt.clone()
    }

    /// The limits this meter holds the computation to.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Work counted so far.
    pub fn listed(&self) -> u64 {
        self.listed
    }

    /// Bytes counted as held so far by [`Meter::hold_more`].
    pub fn held(&self) -> u64 {
        self.held
    }

    /// Counts the work afresh: the next part of an analysis may do as much as the first.
    pub fn count_afresh(&mut self) {
        self.listed = 0;
    }

    /// Counts one position of `bytes` bytes, listed.
    pub fn list(&mut self, bytes: usize) -> Result<(), SearchError> {
        self.count(1 + bytes as u64 / BYTES_PER_COUNT)
    }

    /// Counts `count` positions listed.
    pub fn count(&mut self, count: u64) -> Result<(), SearchError> {
        if is_set(&self.interrupt) {
            return Err(SearchError::Interrupted);
        }
        self.room_for(count)?;
        self.advance_to(self.listed + count);
        Ok(())
    }

    /// Sets the work counted so far, reporting progress where it passes a step.
    fn advance_to(&mut self, listed: u64) {
        let before = self.listed;
        self.listed = listed;
        if before / PROGRESS_EVERY != listed / PROGRESS_EVERY {
            if let Some(report) = self.progress.as_mut() {
                report(listed);
            }
        }
    }

    /// A count of work that searches on other threads share, held to this meter's limits
    /// from the work counted so far. Progress is reported on this thread alone (Python
    /// hears of Ctrl-C there), by [`Meter::catch_up`].
    pub fn share(&self) -> SharedWork {
        SharedWork {
            listed: AtomicU64::new(self.listed),
            limits: self.limits,
            interrupt: self.interrupt.clone(),
            stopped: AtomicBool::new(false),
        }
    }

    /// Takes in the work that `shared` has counted so far, and reports progress.
    pub fn catch_up(&mut self, shared: &SharedWork) {
        let listed = shared.listed.load(Ordering::Relaxed).max(self.listed);
        self.advance_to(listed.min(self.limits.max_positions));
    }

    /// Refuses, before they are listed, `count` more positions than the limit allows.
    pub fn room_for(&self, count: u64) -> Result<(), SearchError> {
        if self.listed.saturating_add(count) > self.limits.max_positions {
            return Err(SearchError::TooBig {
                limit: self.limits.max_positions,
            });
        }
        Ok(())
    }

    /// Refuses, before they are listed, `count` positions of about `bytes_each` bytes: more
    /// work than the limit allows, or more memory than is left beside the `held` bytes. So a
    /// position with many large options is refused before they are built.
    pub fn room_for_positions(
        &self,
        count: u64,
        bytes_each: usize,
        held: u64,
    ) -> Result<(), SearchError> {
        let bytes_each = bytes_each as u64;
        self.room_for(count.saturating_mul(1 + bytes_each / BYTES_PER_COUNT))?;
        self.hold(held.saturating_add(count.saturating_mul(bytes_each)))
    }

    /// Counts `bytes` more as held for the rest of the computation, refusing, before they are
    /// allocated, to pass the memory limit with what was counted before. What a step frees
    /// stays counted: the allocator may not give it back at once, nor reuse it for a larger
    /// block, so the sum bounds what the process holds.
    pub fn hold_more(&mut self, bytes: u64) -> Result<(), SearchError> {
        let total = self.held.saturating_add(bytes);
        self.hold(total)?;
        self.held = total;
        Ok(())
    }

    /// Refuses to hold more than `bytes` bytes.
    pub fn hold(&self, bytes: u64) -> Result<(), SearchError> {
        if bytes > self.limits.max_memory {
            return Err(SearchError::OutOfMemory {
                limit: self.limits.max_memory,
            });
        }
        Ok(())
    }
}

fn is_set(flag: &Option<Arc<AtomicBool>>) -> bool {
    flag.as_ref()
        .is_some_and(|flag| flag.load(Ordering::Relaxed))
}

/// The work of searches running on several threads at once, counted against one meter's
/// limits: see [`Meter::share`].
#[derive(Debug)]
pub struct SharedWork {
    listed: AtomicU64,
    limits: Limits,
    interrupt: Option<Arc<AtomicBool>>,
    /// Set when one of the searches has failed: the others stop too.
    stopped: AtomicBool,
}

impl SharedWork {
    /// Counts `count` positions listed by one of the searches.
    pub fn count(&self, count: u64) -> Result<(), SearchError> {
        if is_set(&self.interrupt) || self.stopped.load(Ordering::Acquire) {
            return Err(SearchError::Interrupted);
        }
        let listed = self.listed.fetch_add(count, Ordering::Relaxed);
        if listed.saturating_add(count) > self.limits.max_positions {
            return Err(SearchError::TooBig {
                limit: self.limits.max_positions,
            });
        }
        Ok(())
    }

    /// The limits the searches are held to (the memory one sizes their tables).
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Stops every search at its next count: one has failed, and its error is the answer.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_positions_count_for_their_size() {
        let mut meter = Meter::new(Limits {
            max_positions: 100,
            max_memory: 1000,
        });
        meter.list(8).unwrap();
        assert_eq!(meter.listed(), 1);
        meter.list(10 * BYTES_PER_COUNT as usize).unwrap();
        assert_eq!(meter.listed(), 12);
        assert_eq!(
            meter.list(100 * BYTES_PER_COUNT as usize),
            Err(SearchError::TooBig { limit: 100 })
        );
        assert_eq!(meter.hold(1000), Ok(()));
        assert_eq!(
            meter.hold(1001),
            Err(SearchError::OutOfMemory { limit: 1000 })
        );
    }

    #[test]
    fn held_bytes_add_up_until_the_limit() {
        let mut meter = Meter::new(Limits {
            max_positions: 100,
            max_memory: 1000,
        });
        meter.hold_more(600).unwrap();
        assert_eq!(
            meter.hold_more(401),
            Err(SearchError::OutOfMemory { limit: 1000 })
        );
        meter.hold_more(400).unwrap();
        assert_eq!(meter.held(), 1000);
    }

    #[test]
    fn bytes_read_naturally() {
        assert_eq!(show_bytes(512), "512 B");
        assert_eq!(show_bytes(2 << 30), "2 GiB");
        assert_eq!(show_bytes(1500), "1500 B");
    }
}
