//! The limits every computation runs under: the engine's defaults, changed for the session by
//! `conway.set_limits` or for one call by its `max_positions` and `max_memory` arguments.

use conway::engine::Limits;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Mutex;

static SESSION: Mutex<Option<Limits>> = Mutex::new(None);

/// The session's limits.
fn session() -> Limits {
    SESSION
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .unwrap_or_default()
}

/// The limits of one call: the session's, with the call's own where it gives them.
pub fn of_call(max_positions: Option<u64>, max_memory: Option<u64>) -> Limits {
    let limits = session();
    Limits {
        max_positions: max_positions.unwrap_or(limits.max_positions),
        max_memory: max_memory.unwrap_or(limits.max_memory),
    }
}

/// Sets the limits of every later computation: `max_positions` (positions a search may list)
/// and `max_memory` (bytes it may hold). An argument left out keeps its value.
#[pyfunction]
#[pyo3(signature = (*, max_positions=None, max_memory=None))]
fn set_limits(max_positions: Option<u64>, max_memory: Option<u64>) {
    let limits = of_call(max_positions, max_memory);
    *SESSION
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(limits);
}

/// The limits of later computations, as a dict: `max_positions` and `max_memory`.
#[pyfunction]
fn limits(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let limits = session();
    let dict = PyDict::new(py);
    dict.set_item("max_positions", limits.max_positions)?;
    dict.set_item("max_memory", limits.max_memory)?;
    Ok(dict)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(set_limits, m)?)?;
    m.add_function(wrap_pyfunction!(limits, m)?)?;
    Ok(())
}
