//! The limits every computation runs under: the engine's defaults, changed for the session by
//! `conway.set_limits` or for one call by its `max_positions` and `max_memory` arguments.

use conway::engine::Limits;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt};
use std::sync::Mutex;

static SESSION: Mutex<Option<Limits>> = Mutex::new(None);

/// The session's limits.
fn session() -> Limits {
    SESSION
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .unwrap_or_default()
}

/// A limit or a count given from Python: an `int` that is not negative. One past 2^64 - 1
/// counts as 2^64 - 1 (a limit of 10**30 is no limit).
#[derive(Clone, Copy, Debug)]
pub struct Count(pub u64);

impl<'py> FromPyObject<'py> for Count {
    fn extract_bound(value: &Bound<'py, PyAny>) -> PyResult<Count> {
        if !value.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "a count or a limit is an int, not {}",
                value.get_type().name()?
            )));
        }
        if value.lt(0)? {
            return Err(PyValueError::new_err(format!(
                "a count or a limit is not negative, and {value} is"
            )));
        }
        Ok(Count(value.extract().unwrap_or(u64::MAX)))
    }
}

impl Count {
    /// The count as a length, saturated.
    pub fn len(self) -> usize {
        usize::try_from(self.0).unwrap_or(usize::MAX)
    }
}

/// The limits of one call: the session's, with the call's own where it gives them.
pub fn of_call(max_positions: Option<Count>, max_memory: Option<Count>) -> Limits {
    let limits = session();
    Limits {
        max_positions: max_positions.map_or(limits.max_positions, |c| c.0),
        max_memory: max_memory.map_or(limits.max_memory, |c| c.0),
    }
}

/// Sets the limits of every later computation: `max_positions` (positions a search may list)
/// and `max_memory` (bytes it may hold). An argument left out keeps its value.
#[pyfunction]
#[pyo3(signature = (*, max_positions=None, max_memory=None))]
fn set_limits(max_positions: Option<Count>, max_memory: Option<Count>) {
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
