//! Independent searches on every core, counted by one meter.

use super::meter::{Meter, SearchError, SharedWork};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// How often the meter's owner hears of the work done while the searches run.
const REPORT_EVERY: Duration = Duration::from_millis(100);

/// `work` applied to each item, on as many threads as rayon is allowed (one per core unless
/// `RAYON_NUM_THREADS` says otherwise), the work of all counted against `meter`'s limits.
/// This thread only waits, reporting progress and so hearing of interrupts; the first
/// error stops every search and is the answer.
pub fn map_on_cores<T: Sync, R: Send>(
    items: &[T],
    meter: &mut Meter,
    work: impl Fn(&T, &SharedWork) -> Result<R, SearchError> + Sync,
) -> Result<Vec<R>, SearchError> {
    let shared = meter.share();
    let next = AtomicUsize::new(0);
    let threads = rayon::current_num_threads().clamp(1, items.len().max(1));
    let mut answers: Vec<Option<R>> = items.iter().map(|_| None).collect();
    let mut failure = None;
    thread::scope(|scope| {
        let (sender, results) = channel();
        let (shared, next, work) = (&shared, &next, &work);
        for _ in 0..threads {
            let sender = sender.clone();
            scope.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(k) else { break };
                let result = work(item, shared);
                let failed = result.is_err();
                // Sent before the others are stopped, so that their errors come after it.
                let _ = sender.send((k, result));
                if failed {
                    shared.stop();
                    break;
                }
            });
        }
        drop(sender);
        loop {
            match results.recv_timeout(REPORT_EVERY) {
                Ok((_, Err(error))) => {
                    failure.get_or_insert(error);
                }
                Ok((k, Ok(answer))) => answers[k] = Some(answer),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            meter.catch_up(shared);
        }
    });
    match failure {
        Some(error) => Err(error),
        None => Ok(answers
            .into_iter()
            .map(|answer| answer.expect("every item was searched"))
            .collect()),
    }
}
