//! Games written in Python: a subclass of `conway.ImpartialGame` or `conway.PartizanGame`
//! stands behind the crate's face like a ruleset of the catalogue. Its positions are any
//! hashable Python values; the engine calls the game's methods for the moves and does the
//! rest in Rust (the memoised search, canonical forms, sums with other games).
//!
//! A callback that raises stops the computation: the exception is kept, the engine is told to
//! stop (the interrupt flag), and the exception is raised when it has. Until then the failed
//! callback answers "no moves", an answer nobody sees.

use crate::errors::ConwayError;
use crate::interrupt;
use conway::analysis::{
    ImpartialRules, Kind, Notation, Params, PartizanNotation, PartizanRules, Position, RuleInfo,
};
use conway::engine::Footprint;
use conway::impartial::Impartial;
use conway::partizan::{Partizan, Player};
use conway::text::ParseError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

/// The bytes a Python position is taken to hold, against the memory limit: a small tuple or
/// frozenset with its reference, as the engine cannot see inside it.
const POSITION_BYTES: usize = 128;

/// A position of a game written in Python: the Python value, hashed once.
#[derive(Clone)]
pub struct PyPosition {
    value: Arc<Py<PyAny>>,
    hash: isize,
}

impl PyPosition {
    /// `value` as a position, or the `TypeError` of a value that cannot be hashed.
    fn new(value: Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let hash = value.hash()?;
        Ok(PyPosition {
            value: Arc::new(value.unbind()),
            hash,
        })
    }

    fn bind<'py>(&self, py: Python<'py>) -> &Bound<'py, PyAny> {
        self.value.bind(py)
    }
}

/// Positions are equal as Python says (`==`), after their hashes.
impl PartialEq for PyPosition {
    fn eq(&self, other: &PyPosition) -> bool {
        if Arc::ptr_eq(&self.value, &other.value) {
            return true;
        }
        self.hash == other.hash
            && Python::with_gil(|py| {
                self.bind(py).eq(other.bind(py)).unwrap_or_else(|error| {
                    interrupt::stop_with(error);
                    false
                })
            })
    }
}

impl Eq for PyPosition {}

impl Hash for PyPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_isize(self.hash);
    }
}

impl Footprint for PyPosition {
    fn footprint(&self) -> usize {
        POSITION_BYTES
    }
}

/// A game object of the user's, with what the engine asks of it.
struct PyRules {
    game: Py<PyAny>,
    /// Whether it splits its positions into independent parts (it has `components`).
    splits: bool,
}

/// The methods the engine calls, by name.
#[derive(Clone, Copy)]
enum Method {
    Options,
    LeftOptions,
    RightOptions,
    Components,
}

impl Method {
    /// The method's name, interned once: a callback costs a lookup, not a new string.
    fn name<'py>(self, py: Python<'py>) -> &'py Bound<'py, PyString> {
        match self {
            Method::Options => intern!(py, "options"),
            Method::LeftOptions => intern!(py, "left_options"),
            Method::RightOptions => intern!(py, "right_options"),
            Method::Components => intern!(py, "components"),
        }
    }
}

impl PyRules {
    fn new(game: &Bound<'_, PyAny>) -> PyResult<PyRules> {
        Ok(PyRules {
            game: game.clone().unbind(),
            splits: game.hasattr("components")?,
        })
    }

    /// The positions `method` lists from `position`. After a callback raised, or at Ctrl-C,
    /// it answers none without asking Python.
    fn positions(&self, method: Method, position: &PyPosition) -> Vec<PyPosition> {
        Python::with_gil(|py| {
            interrupt::check(py);
            if interrupt::stopped() {
                return Vec::new();
            }
            self.call_positions(py, method, position)
                .unwrap_or_else(|error| {
                    interrupt::stop_with(error);
                    Vec::new()
                })
        })
    }

    fn call_positions(
        &self,
        py: Python<'_>,
        method: Method,
        position: &PyPosition,
    ) -> PyResult<Vec<PyPosition>> {
        let listed = self
            .game
            .bind(py)
            .call_method1(method.name(py), (position.bind(py),))?;
        listed
            .try_iter()?
            .map(|option| PyPosition::new(option?))
            .collect()
    }

    /// The game's `show(position)` if it has one, else the position's `repr`.
    fn show(&self, position: &PyPosition) -> String {
        Python::with_gil(|py| {
            let game = self.game.bind(py);
            let shown = match game.hasattr("show") {
                Ok(true) => game
                    .call_method1("show", (position.bind(py),))
                    .and_then(|text| text.str()),
                _ => position.bind(py).repr(),
            };
            shown
                .map(|text| text.to_string())
                .unwrap_or_else(|_| "<a position that does not show>".to_string())
        })
    }

    fn parse_error() -> ParseError {
        ParseError::whole(
            "a position of a game written in Python is a Python value: make it with conway.position(game, value)",
        )
    }
}

/// An impartial game written in Python.
struct PyImpartial(PyRules);

impl Impartial for PyImpartial {
    type Position = PyPosition;

    fn options(&self, position: &PyPosition) -> Vec<PyPosition> {
        self.0.positions(Method::Options, position)
    }

    fn components(&self, position: PyPosition, parts: &mut Vec<PyPosition>) {
        match self.0.splits {
            true => parts.extend(self.0.positions(Method::Components, &position)),
            false => parts.push(position),
        }
    }
}

impl Notation for PyImpartial {
    fn parse(&self, _text: &str) -> Result<PyPosition, ParseError> {
        Err(PyRules::parse_error())
    }

    fn show(&self, position: &PyPosition) -> String {
        self.0.show(position)
    }

    fn describe_move(&self, _from: &PyPosition, to: &PyPosition) -> String {
        format!("to {}", self.0.show(to))
    }
}

/// A partizan game written in Python.
struct PyPartizan(PyRules);

impl Partizan for PyPartizan {
    type Position = PyPosition;

    fn left_options(&self, position: &PyPosition) -> Vec<PyPosition> {
        self.0.positions(Method::LeftOptions, position)
    }

    fn right_options(&self, position: &PyPosition) -> Vec<PyPosition> {
        self.0.positions(Method::RightOptions, position)
    }

    fn components(&self, position: PyPosition, parts: &mut Vec<PyPosition>) {
        match self.0.splits {
            true => parts.extend(self.0.positions(Method::Components, &position)),
            false => parts.push(position),
        }
    }
}

impl PartizanNotation for PyPartizan {
    fn parse(&self, _text: &str) -> Result<PyPosition, ParseError> {
        Err(PyRules::parse_error())
    }

    fn show(&self, position: &PyPosition) -> String {
        self.0.show(position)
    }

    fn describe_move(&self, player: Player, _from: &PyPosition, to: &PyPosition) -> String {
        format!("{player} to {}", self.0.show(to))
    }
}

/// The declaration of a game class: its name, kind and docstring, made once per class and
/// kept for the session (the face names rulesets by static declarations).
fn declaration(game: &Bound<'_, PyAny>, kind: Kind) -> PyResult<&'static RuleInfo> {
    static DECLARED: Mutex<Vec<((String, Kind), &'static RuleInfo)>> = Mutex::new(Vec::new());
    let name = game_name(game)?;
    let mut declared = DECLARED.lock().unwrap_or_else(|p| p.into_inner());
    let key = (name, kind);
    if let Some((_, info)) = declared.iter().find(|(k, _)| *k == key) {
        return Ok(info);
    }
    let summary: String = match game.getattr("__doc__")?.extract::<Option<String>>()? {
        Some(doc) => doc.trim().to_string(),
        None => String::new(),
    };
    let info: &'static RuleInfo = Box::leak(Box::new(RuleInfo {
        name: leak(key.0.clone()),
        kind,
        params: Params::None,
        summary: leak(summary),
        notation: "positions are Python values",
        misere: "misère play of the same moves",
        example: "",
        build: |_, _| {
            Err(ParseError::whole(
                "a game written in Python is made in Python",
            ))
        },
    }));
    declared.push((key, info));
    Ok(info)
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// The game's `name` attribute, else its class's name.
fn game_name(game: &Bound<'_, PyAny>) -> PyResult<String> {
    match game.getattr("name") {
        Ok(name) if !name.is_none() => Ok(name.str()?.to_string()),
        _ => Ok(game.get_type().name()?.to_string()),
    }
}

/// The Python base classes, from the package's Python half.
fn base_class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("conway.games")?.getattr(name)
}

/// A position of a game written in Python, if `game` is one (an `ImpartialGame` or a
/// `PartizanGame`); `None` for anything else.
pub fn position_of(
    game: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
) -> PyResult<Option<Position>> {
    let py = game.py();
    let value = || PyPosition::new(position.clone());
    if game.is_instance(&base_class(py, "ImpartialGame")?)? {
        let kind = match game.getattr("may_loop")?.is_truthy()? {
            true => Kind::Loopy,
            false => Kind::Impartial,
        };
        let rules = ImpartialRules::new(declaration(game, kind)?, PyImpartial(PyRules::new(game)?));
        return Ok(Some(rules.position(value()?)));
    }
    if game.is_instance(&base_class(py, "PartizanGame")?)? {
        if game
            .getattr("may_loop")
            .is_ok_and(|flag| flag.is_truthy().unwrap_or(true))
        {
            return Err(ConwayError::new_err(
                "a partizan game that may loop has no short-game value, and loopy partizan values are not supported yet: a PartizanGame's play must end",
            ));
        }
        let rules = PartizanRules::new(
            declaration(game, Kind::Partizan)?,
            PyPartizan(PyRules::new(game)?),
        );
        return Ok(Some(rules.position(value()?)));
    }
    Ok(None)
}

/// The Python value of a position of a game written in Python; `None` for a position of a
/// ruleset of the catalogue.
pub fn python_value(py: Python<'_>, position: &Position) -> Option<PyObject> {
    position
        .typed::<PyPosition>()
        .map(|p| p.value.clone_ref(py))
}

/// Whether the position is of a game written in Python: its analysis calls back into Python,
/// so it runs holding the GIL.
pub fn is_python(position: &Position) -> bool {
    position.typed::<PyPosition>().is_some()
}

pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
