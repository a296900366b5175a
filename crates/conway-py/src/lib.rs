//! conway for Python: the extension module `conway._conway`, a thin layer over the crate's
//! face. Values are Python objects (`value`), positions of the catalogue's rulesets and
//! their analyses come from `analysis`, and games written in Python stand behind the same
//! face (`custom`). Errors become Python exceptions (`errors`) and Ctrl-C stops a
//! computation (`interrupt`). The package's Python half (`python/conway`) adds what is
//! better written in Python: the base classes of games of one's own, claims checked for
//! counterexamples, pictures for notebooks.

mod analysis;
mod custom;
mod errors;
mod interrupt;
mod limits;
mod value;

use pyo3::prelude::*;

#[pymodule]
fn _conway(m: &Bound<'_, PyModule>) -> PyResult<()> {
    interrupt::install();
    errors::register(m)?;
    limits::register(m)?;
    value::register(m)?;
    analysis::register(m)?;
    custom::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    Ok(())
}

/// Panics in Rust: the test that a panic reaches Python as an exception, never an abort.
#[pyfunction]
fn _panic_for_tests() {
    panic!("a deliberate panic, to test that it becomes an exception");
}
