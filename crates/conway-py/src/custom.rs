//! Games written in Python: a subclass of `conway.ImpartialGame` or `conway.PartizanGame`
//! stands behind the crate's face like a ruleset of the catalogue.

use conway::analysis::Position;
use pyo3::prelude::*;

/// A position of a game written in Python, if `game` is one (an `ImpartialGame` or a
/// `PartizanGame`); `None` for anything else.
pub fn position_of(
    _game: &Bound<'_, PyAny>,
    _position: &Bound<'_, PyAny>,
) -> PyResult<Option<Position>> {
    Ok(None)
}

/// The Python value of a position of a game written in Python; `None` for a position of a
/// ruleset of the catalogue.
pub fn python_value(_py: Python<'_>, _position: &Position) -> Option<PyObject> {
    None
}

/// Whether the position is of a game written in Python: its analysis calls back into Python,
/// so it runs holding the GIL.
pub fn is_python(position: &Position) -> bool {
    Python::with_gil(|py| python_value(py, position).is_some())
}

pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
