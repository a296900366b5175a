//! The engine's errors as Python exceptions, each with the engine's one-line message:
//! `ParseError` (a `ValueError`) for text that does not read, with its column; `LimitError`
//! for a computation past a limit, naming the limit to raise; `KeyboardInterrupt` for Ctrl-C;
//! `ConwayError` for the rest.

use crate::interrupt;
use conway::analysis::RuleError;
use conway::engine::{Limit, SearchError};
use conway::lang::LangError;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

create_exception!(
    conway,
    ConwayError,
    PyException,
    "A question conway cannot answer as asked: the message says why."
);
create_exception!(
    conway,
    ParseError,
    PyValueError,
    "Text that does not read (a game's name, a position, an expression); `column` is where, counted from 1, or None."
);
create_exception!(
    conway,
    LimitError,
    ConwayError,
    "A computation past its limits; `limit` names the one to raise: 'max_positions' or 'max_memory'."
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ConwayError", py.get_type::<ConwayError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    Ok(())
}

/// A `ParseError` with its column.
pub fn parse_error(message: String, column: Option<usize>) -> PyErr {
    let error = ParseError::new_err(message);
    Python::with_gil(|py| {
        // Setting an attribute of a fresh exception object cannot fail.
        let _ = error.value(py).setattr("column", column);
    });
    error
}

/// A `LimitError` naming the limit that stopped the computation.
fn limit_error(message: String, limit: Limit) -> PyErr {
    let name = match limit {
        Limit::Work => "max_positions",
        Limit::Memory => "max_memory",
    };
    let error = LimitError::new_err(message);
    Python::with_gil(|py| {
        let _ = error.value(py).setattr("limit", name);
    });
    error
}

/// A computation that stopped, as the exception it is.
pub fn search_error(error: SearchError) -> PyErr {
    match (&error, error.limit_hint()) {
        (SearchError::Interrupted, _) => interrupt::raised(),
        (_, Some(limit)) => limit_error(error.to_string(), limit),
        (_, None) => ConwayError::new_err(error.to_string()),
    }
}

/// A ruleset's error as the exception it is.
pub fn rule_error(error: RuleError) -> PyErr {
    match &error {
        RuleError::Search {
            source: SearchError::Interrupted,
            ..
        } => interrupt::raised(),
        RuleError::UnknownGame(_)
        | RuleError::BadParameters { .. }
        | RuleError::BadPosition { .. }
        | RuleError::MalformedSum => parse_error(error.to_string(), error.column()),
        _ => match error.limit_hint() {
            Some(limit) => limit_error(error.to_string(), limit),
            None => ConwayError::new_err(error.to_string()),
        },
    }
}

/// An expression's error as the exception it is: text that does not read is a `ParseError`,
/// a well-formed expression that has no value (a division by `*0`, a form too long to print)
/// a `ConwayError`.
pub fn lang_error(error: LangError) -> PyErr {
    match &error {
        LangError::Limit { source, .. } => match source.limit_hint() {
            Some(limit) => limit_error(error.to_string(), limit),
            None if *source == SearchError::Interrupted => interrupt::raised(),
            None => ConwayError::new_err(error.to_string()),
        },
        LangError::Syntax { .. }
        | LangError::TooDeep { .. }
        | LangError::TooLarge { .. }
        | LangError::NotDyadic { .. }
        | LangError::UnknownName { .. }
        | LangError::UnknownFunction { .. }
        | LangError::UnknownMethod { .. }
        | LangError::Arity { .. } => parse_error(error.to_string(), error.column()),
        _ => ConwayError::new_err(error.to_string()),
    }
}
