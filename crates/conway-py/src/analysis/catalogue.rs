//! The catalogue of rulesets as Python sees it: `RuleInfo` and `rulesets()`.

use conway::analysis::{Params, RuleInfo};
use conway::games::catalogue;
use pyo3::prelude::*;

/// What a ruleset of the catalogue says about itself: its name, how it takes parameters, its
/// kind, its rules in brief, how its positions are written, what misère play means for it and
/// an example.
#[pyclass(module = "conway", name = "RuleInfo", frozen)]
struct RuleInfoObject {
    info: &'static RuleInfo,
}

#[pymethods]
impl RuleInfoObject {
    /// The name, without parameters: "subtraction".
    #[getter]
    fn name(&self) -> &'static str {
        self.info.name
    }

    /// How the name is written with its parameters: "subtraction:S", "growing[:own]".
    #[getter]
    fn usage(&self) -> String {
        self.info.usage()
    }

    /// The name of the parameters after the colon ("S"), or None for a game that takes none.
    #[getter]
    fn params(&self) -> Option<&'static str> {
        match self.info.params {
            Params::None => None,
            Params::Required { name, .. } | Params::Optional { name } => Some(name),
        }
    }

    /// "impartial", "loopy" (impartial, but play may go round a cycle), "partizan" or
    /// "loopy-partizan" (partizan, and play may go round a cycle).
    #[getter]
    fn kind(&self) -> String {
        self.info.kind.to_string()
    }

    /// The rules in a sentence or two.
    #[getter]
    fn summary(&self) -> &'static str {
        self.info.summary
    }

    /// How positions are written.
    #[getter]
    fn notation(&self) -> &'static str {
        self.info.notation
    }

    /// What misère play means for this game, or why it is not supported.
    #[getter]
    fn misere(&self) -> &'static str {
        self.info.misere
    }

    /// A position to try, as a command line: "conway solve nim \"13 42 30 43\"".
    #[getter]
    fn example(&self) -> &'static str {
        self.info.example
    }

    fn __repr__(&self) -> String {
        format!(
            "<conway.RuleInfo {} ({})>",
            self.info.usage(),
            self.info.kind
        )
    }
}

/// Every ruleset of the catalogue, in the order of the texts.
#[pyfunction]
fn rulesets() -> Vec<RuleInfoObject> {
    catalogue().map(|info| RuleInfoObject { info }).collect()
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RuleInfoObject>()?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    Ok(())
}
