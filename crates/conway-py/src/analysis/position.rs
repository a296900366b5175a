//! Positions and sums: `Position`, `Sum`, `position()`, and how a game and a position given
//! in Python are read into the parts of a sum.

use super::report::{analyse, AnalysisObject};
use super::{play_of, run, sum_of, type_name, Part};
use crate::errors::rule_error;
use crate::limits::Count;
use crate::{custom, limits};
use conway::analysis::{Kind, Position, Sum};
use conway::engine::Play;
use conway::games::ruleset;
use conway::partizan::Player;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A position of some game: of a ruleset of the catalogue (`conway.position("nim", "3 4")`)
/// or of a game written in Python (`conway.position(MyGame(), (3, 4))`). Positions are
/// immutable, hashable and equal when they are the same position of the same game.
#[pyclass(module = "conway", name = "Position", frozen)]
pub(super) struct PositionObject {
    part: Part,
}

/// The text of a position of the catalogue's `game`: a str, or an int for a heap.
fn position_text(game: &str, position: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = position.downcast::<PyString>() {
        return text.extract::<String>();
    }
    if position.is_instance_of::<PyInt>() && !position.is_instance_of::<pyo3::types::PyBool>() {
        return Ok(position.str()?.to_string());
    }
    Err(PyTypeError::new_err(format!(
        "a position of {game} is written in its notation, as a str (conway.rulesets() describes it), not as {}",
        type_name(position)
    )))
}

/// The position `position` of `game`: a ruleset's name and a position in its notation, read
/// under the rules of `play`; or a game written in Python and a Python value.
fn read_part(game: &Bound<'_, PyAny>, position: &Bound<'_, PyAny>, play: Play) -> PyResult<Part> {
    if let Ok(name) = game.downcast::<PyString>() {
        let name: &str = &name.extract::<String>()?;
        let rules = ruleset(name).map_err(rule_error)?;
        let text = position_text(name, position)?;
        let position = rules.parse_under(&text, play).map_err(rule_error)?;
        return Ok(Part::catalogue(position));
    }
    match custom::position_of(game, position)? {
        Some(found) => Ok(Part {
            position: found,
            game: Some(Arc::new(game.clone().unbind())),
        }),
        None => Err(PyTypeError::new_err(format!(
            "a game is the name of a ruleset (conway.rulesets() lists them) or a conway.ImpartialGame or conway.PartizanGame, not {}",
            type_name(game)
        ))),
    }
}

/// The positions an item of a list of components stands for: a `Position`, the components
/// of a `Sum`, or a pair `(game, position)`.
fn item_parts(item: &Bound<'_, PyAny>, play: Play) -> PyResult<Vec<Part>> {
    if let Some(parts) = added(item)? {
        return Ok(parts);
    }
    if item.is_instance_of::<PyTuple>() || item.is_instance_of::<PyList>() {
        if let Ok((game, position)) = item.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>() {
            return Ok(vec![read_part(&game, &position, play)?]);
        }
    }
    Err(PyTypeError::new_err(format!(
        "a component of a sum is a conway.Position or a pair (game, position), not {}",
        type_name(item)
    )))
}

/// The components of a list: one position is read under the rules of `play` (misère rules
/// may reach positions normal play does not), several under normal play, as the command line
/// reads a sum.
fn list_parts(items: &Bound<'_, PyAny>, play: Play) -> PyResult<Vec<Part>> {
    let items: Vec<Bound<'_, PyAny>> = items.try_iter()?.collect::<PyResult<_>>()?;
    let play = match items.len() {
        1 => play,
        _ => Play::Normal,
    };
    let mut parts = Vec::new();
    for item in &items {
        parts.extend(item_parts(item, play)?);
    }
    Ok(parts)
}

/// What `solve` (or `Position.solve`) is asked to analyse.
pub(super) fn parts_of(
    game: &Bound<'_, PyAny>,
    position: Option<&Bound<'_, PyAny>>,
    play: Play,
) -> PyResult<Vec<Part>> {
    let alone = |what: &str| match position {
        Some(_) => Err(PyTypeError::new_err(format!(
            "a {what} is analysed alone: give no position with it"
        ))),
        None => Ok(()),
    };
    if let Ok(found) = game.downcast::<PositionObject>() {
        alone("conway.Position")?;
        return Ok(vec![found.get().part.clone()]);
    }
    if let Ok(sum) = game.downcast::<SumObject>() {
        alone("conway.Sum")?;
        return Ok(sum.get().parts.clone());
    }
    if let Some(position) = position {
        return Ok(vec![read_part(game, position, play)?]);
    }
    if game.is_instance_of::<PyList>() || game.is_instance_of::<PyTuple>() {
        return list_parts(game, play);
    }
    if game.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "give the position too: conway.solve('nim', '3 4')",
        ));
    }
    // A game written in Python whose position is None, which the signature cannot tell
    // from no position.
    let none = game.py().None().into_bound(game.py());
    if custom::position_of(game, &none)?.is_some() {
        return Ok(vec![read_part(game, &none, play)?]);
    }
    Err(PyTypeError::new_err(format!(
        "solve takes a game and a position, a conway.Position, a conway.Sum or a list of (game, position) pairs, not {} alone",
        type_name(game)
    )))
}

impl PositionObject {
    pub(super) fn new(part: Part) -> PositionObject {
        PositionObject { part }
    }

    pub(super) fn position(&self) -> &Position {
        &self.part.position
    }
}

#[pymethods]
impl PositionObject {
    /// The name of its game, with parameters ("subtraction:1,3,4"), or the name of a game
    /// written in Python.
    #[getter]
    fn game(&self) -> &str {
        self.position().game()
    }

    /// "impartial", "loopy", "partizan" or "loopy-partizan".
    #[getter]
    fn kind(&self) -> String {
        self.position().kind().to_string()
    }

    /// The Python value of a position of a game written in Python; the position's text for a
    /// ruleset of the catalogue.
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<PyObject> {
        match custom::python_value(py, self.position()) {
            Some(value) => Ok(value),
            None => Ok(PyString::new(py, &self.position().show())
                .into_any()
                .unbind()),
        }
    }

    /// The positions one move away: `player` is "left" or "right" for a partizan game, and
    /// may be left out for an impartial one (both players have the same moves). Under
    /// `misere=True` the misère rules' moves (they may list a move normal play leaves out).
    #[pyo3(signature = (player=None, *, misere=false))]
    fn moves(
        &self,
        py: Python<'_>,
        player: Option<&str>,
        misere: bool,
    ) -> PyResult<Vec<PositionObject>> {
        let player = match (player_arg(player)?, self.position().kind()) {
            (Some(player), _) => player,
            (None, Kind::Partizan) => {
                return Err(PyValueError::new_err(format!(
                    "{} is partizan: say whose moves, player='left' or player='right'",
                    self.position().game()
                )))
            }
            (None, _) => Player::Left,
        };
        let position = self.position();
        let moves = run(py, self.part.is_python(), || {
            position.moves(player, play_of(misere))
        })?
        .map_err(rule_error)?;
        Ok(moves
            .into_iter()
            .map(|to| PositionObject::new(self.part.reached(to)))
            .collect())
    }

    /// The analysis of this position: see `conway.solve`.
    #[pyo3(signature = (*, misere=false, keep=Count(1000), max_positions=None, max_memory=None))]
    fn solve(
        &self,
        py: Python<'_>,
        misere: bool,
        keep: Count,
        max_positions: Option<Count>,
        max_memory: Option<Count>,
    ) -> PyResult<AnalysisObject> {
        let limits = limits::of_call(max_positions, max_memory);
        analyse(
            py,
            vec![self.part.clone()],
            play_of(misere),
            keep.len(),
            limits,
        )
    }

    fn __str__(&self) -> String {
        self.position().show()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let position = self.position();
        match custom::python_value(py, position) {
            None => Ok(format!(
                "conway.position({}, {})",
                py_repr(py, position.game())?,
                py_repr(py, &position.show())?
            )),
            Some(value) => {
                let game = match &self.part.game {
                    Some(game) => game.bind(py).repr()?.to_string(),
                    None => format!("<{}>", position.game()),
                };
                Ok(format!(
                    "conway.position({game}, {})",
                    value.bind(py).repr()?
                ))
            }
        }
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<PyObject> {
        let py = other.py();
        let Ok(other) = other.downcast::<PositionObject>() else {
            return Ok(py.NotImplemented());
        };
        let (a, b) = (self.position(), other.get().position());
        let python = custom::is_python(a) && custom::is_python(b);
        let same = run(py, python, || a == b)?;
        equality(py, same, op)
    }

    fn __hash__(&self) -> u64 {
        hash_of(self.position())
    }

    /// The sum of this position and another position or sum.
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        sum_with(vec![self.part.clone()], other)
    }

    /// `0 + position`, so that the built-in `sum` adds positions.
    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        zero_plus(vec![self.part.clone()], other)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (PyObject, PyObject))> {
        let make = py.import("conway")?.getattr("position")?.unbind();
        let position = self.position();
        match (custom::python_value(py, position), &self.part.game) {
            (None, _) => Ok((
                make,
                (
                    PyString::new(py, position.game()).into_any().unbind(),
                    PyString::new(py, &position.show()).into_any().unbind(),
                ),
            )),
            (Some(value), Some(game)) => Ok((make, (game.clone_ref(py), value))),
            (Some(_), None) => Err(PyTypeError::new_err(
                "this position of a game written in Python does not know its game object",
            )),
        }
    }
}

/// The positions `other` adds to a sum: a position's or a sum's; `None` for anything else.
fn added(other: &Bound<'_, PyAny>) -> PyResult<Option<Vec<Part>>> {
    if let Ok(position) = other.downcast::<PositionObject>() {
        return Ok(Some(vec![position.get().part.clone()]));
    }
    if let Ok(sum) = other.downcast::<SumObject>() {
        return Ok(Some(sum.get().parts.clone()));
    }
    Ok(None)
}

/// `parts` plus what `other` adds, as a `Sum`; `NotImplemented` where `other` adds nothing.
fn sum_with(mut parts: Vec<Part>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let py = other.py();
    match added(other)? {
        Some(more) => parts.extend(more),
        None => return Ok(py.NotImplemented()),
    }
    Ok(Py::new(py, SumObject { parts })?.into_any())
}

/// `0 + parts`, so that the built-in `sum` adds positions and sums: `parts` as a `Sum` where
/// `other` is the int 0, else `NotImplemented`.
fn zero_plus(parts: Vec<Part>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let py = other.py();
    if other.is_instance_of::<PyInt>() && other.extract::<i64>().ok() == Some(0) {
        return Ok(Py::new(py, SumObject { parts })?.into_any());
    }
    Ok(py.NotImplemented())
}

/// The answer to `==` or `!=` where the two are `same`; `NotImplemented` to an ordering.
fn equality(py: Python<'_>, same: bool, op: CompareOp) -> PyResult<PyObject> {
    let answer = match op {
        CompareOp::Eq => same,
        CompareOp::Ne => !same,
        _ => return Ok(py.NotImplemented()),
    };
    Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
}

/// The hash of a position or a sum, as Python's `hash` gives it.
fn hash_of(value: &impl Hash) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// Each part as a `Position`.
pub(super) fn positions(parts: &[Part]) -> Vec<PositionObject> {
    parts.iter().cloned().map(PositionObject::new).collect()
}

/// The position `position` of `game`: `game` is the name of a ruleset of the catalogue, with
/// its parameters after a colon ("subtraction:1,3,4"), and `position` is written in its
/// notation; or `game` is a game written in Python (`conway.ImpartialGame`,
/// `conway.PartizanGame`) and `position` a Python value.
#[pyfunction]
fn position(game: &Bound<'_, PyAny>, position: &Bound<'_, PyAny>) -> PyResult<PositionObject> {
    Ok(PositionObject::new(read_part(
        game,
        position,
        Play::Normal,
    )?))
}

/// A sum of positions of any games: `p + q`, or `conway.Sum([p, q])` (a component may also
/// be a pair `(game, position)`). A move is a move in one component.
#[pyclass(module = "conway", name = "Sum", frozen)]
struct SumObject {
    parts: Vec<Part>,
}

impl SumObject {
    fn sum(&self) -> Sum {
        sum_of(&self.parts)
    }
}

#[pymethods]
impl SumObject {
    #[new]
    fn new(components: &Bound<'_, PyAny>) -> PyResult<SumObject> {
        let mut parts = Vec::new();
        for item in components.try_iter()? {
            parts.extend(item_parts(&item?, Play::Normal)?);
        }
        Ok(SumObject { parts })
    }

    /// The positions added, in order.
    #[getter]
    fn components(&self) -> Vec<PositionObject> {
        positions(&self.parts)
    }

    /// The analysis of the sum: see `conway.solve`.
    #[pyo3(signature = (*, misere=false, keep=Count(1000), max_positions=None, max_memory=None))]
    fn solve(
        &self,
        py: Python<'_>,
        misere: bool,
        keep: Count,
        max_positions: Option<Count>,
        max_memory: Option<Count>,
    ) -> PyResult<AnalysisObject> {
        let limits = limits::of_call(max_positions, max_memory);
        analyse(py, self.parts.clone(), play_of(misere), keep.len(), limits)
    }

    fn __len__(&self) -> usize {
        self.parts.len()
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        sum_with(self.parts.clone(), other)
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        zero_plus(self.parts.clone(), other)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<PyObject> {
        let py = other.py();
        let Ok(other) = other.downcast::<SumObject>() else {
            return Ok(py.NotImplemented());
        };
        let (a, b) = (self.sum(), other.get().sum());
        let python = self.parts.iter().any(Part::is_python);
        let same = run(py, python, || a == b)?;
        equality(py, same, op)
    }

    fn __hash__(&self) -> u64 {
        hash_of(&self.sum())
    }

    /// Each component's game and position, joined by " + ".
    fn __str__(&self) -> String {
        self.sum().show()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let parts = self
            .parts
            .iter()
            .map(|part| PositionObject::new(part.clone()).__repr__(py))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(format!("conway.Sum([{}])", parts.join(", ")))
    }
}

/// A player as a `player=` argument names one: `None` (or "either") for both.
fn player_arg(player: Option<&str>) -> PyResult<Option<Player>> {
    match player.map(|p| p.trim().to_ascii_lowercase()).as_deref() {
        None | Some("either") => Ok(None),
        Some("left" | "l") => Ok(Some(Player::Left)),
        Some("right" | "r") => Ok(Some(Player::Right)),
        Some(other) => Err(PyValueError::new_err(format!(
            "'{other}' is not a player: write 'left' or 'right'"
        ))),
    }
}

/// Python's `repr` of a string.
fn py_repr(py: Python<'_>, text: &str) -> PyResult<String> {
    Ok(PyString::new(py, text).repr()?.to_string())
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PositionObject>()?;
    m.add_class::<SumObject>()?;
    m.add_function(wrap_pyfunction!(position, m)?)?;
    Ok(())
}
