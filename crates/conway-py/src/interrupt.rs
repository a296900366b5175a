//! Ctrl-C stops a computation cleanly and raises `KeyboardInterrupt`.
//!
//! While Rust computes without the GIL, Python's own handler only notes the signal. So a flag
//! is set beside it (a handler chained before Python's, installed at import) and, as a second
//! way that survives a host replacing the handlers (Jupyter), a computation's progress report
//! asks Python now and then whether a signal is pending. The engine's meters and stores stop
//! at the flag with `SearchError::Interrupted`, which becomes the pending exception.

use conway::analysis::Budget;
use conway::engine::Limits;
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// Set by SIGINT, cleared when a computation starts.
fn flag() -> &'static Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicBool::new(false)))
}

thread_local! {
    /// The exception a progress report found pending, raised when the computation stops.
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// Chains the flag before Python's SIGINT handler. Without it (a platform without signals),
/// progress reports still notice Ctrl-C.
pub fn install() {
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(flag()));
}

/// The flag for one computation, cleared: a Ctrl-C from before it started does not stop it.
pub fn fresh() -> Arc<AtomicBool> {
    flag().store(false, Ordering::Relaxed);
    PENDING.with(|pending| pending.borrow_mut().take());
    Arc::clone(flag())
}

/// Stops the computation from inside: a Python callback raised `error`, which the
/// computation raises in its turn when it stops.
pub fn stop_with(error: PyErr) {
    PENDING.with(|pending| *pending.borrow_mut() = Some(error));
    flag().store(true, Ordering::Relaxed);
}

/// Whether the computation was told to stop.
pub fn stopped() -> bool {
    flag().load(Ordering::Relaxed)
}

/// The answer of a computation, unless it was stopped (by Ctrl-C, or by a Python callback
/// that raised) after its last check: then the answer may be wrong, and the exception is
/// raised instead.
pub fn checked<T>(answer: T) -> PyResult<T> {
    if stopped() {
        return Err(raised());
    }
    Ok(answer)
}

/// Asks Python whether a signal is pending; if its handler raised, keeps the exception and
/// sets the flag so that the computation stops. Needs the GIL.
pub fn check(py: Python<'_>) {
    if let Err(error) = py.check_signals() {
        stop_with(error);
    }
}

/// A budget of `limits` that stops at Ctrl-C.
pub fn budget(limits: Limits) -> Budget {
    Budget {
        limits,
        progress: Some(Box::new(|_| Python::with_gil(check))),
        // Not cleared: an analysis makes a budget for each part of its work.
        interrupt: Some(Arc::clone(flag())),
    }
}

/// The exception of a computation stopped by Ctrl-C: the one Python's handler raised, or
/// `KeyboardInterrupt`.
pub fn raised() -> PyErr {
    if let Some(error) = PENDING.with(|pending| pending.borrow_mut().take()) {
        return error;
    }
    Python::with_gil(|py| match py.check_signals() {
        Err(error) => error,
        Ok(()) => PyKeyboardInterrupt::new_err("interrupted"),
    })
}
