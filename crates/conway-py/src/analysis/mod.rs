//! Positions, sums and their analyses, for the rulesets of the catalogue and for games
//! written in Python alike; the nim-sequences of heap games; game graphs given by their edges.
//!
//! A `Position` wraps the crate's typed position (and, for a game written in Python, the game
//! object it was made with, for `repr`); a `Sum` is a list of them. `solve` runs the crate's
//! one analysis for every kind of game without the GIL, unless a component is written in
//! Python, whose callbacks need it. An `Analysis` keeps what was found as Python values (a
//! partizan value is imported into the session's store of games) and, for its notebook
//! table, the sum itself: each move's resulting position is valued when the table is drawn.

use crate::errors::{parse_error, rule_error, search_error, ConwayError, LimitError};
use crate::value::{self, fraction, outcome_letter};
use crate::{custom, interrupt, limits};
use conway::analysis::{
    Analysis, Kind, MoveResult, Mover, Params, Position, Request, RuleInfo, Stops, Sum, Value,
};
use conway::engine::{show_bytes, Limits, Meter, Outcome, Play, SearchError};
use conway::games::{catalogue, ruleset};
use conway::graph::{Graph, GraphReport, GraphText, Kernel, ReadError};
use conway::heap::{sequence_work_limit, Detected};
use conway::partizan::Player;
use conway::short::{GameId, Store};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyKeyError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PySlice, PyString, PyTuple};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The longest position written out in a move's `to` by `to_dict`, as `conway solve --json`
/// writes it (the command line's `MAX_SHOWN_POSITION`).
const MAX_SHOWN_POSITION: usize = 1000;

/// The longest value or position written in a notebook's table cell.
const MAX_CELL: usize = 300;

/// The most vertices a graph's notebook table lists.
const MAX_TABLE_VERTICES: usize = 1000;

/// A position, with the Python game object it was made from where the game is written in
/// Python (for `repr` and pickling).
#[derive(Clone)]
struct Part {
    position: Position,
    game: Option<Arc<Py<PyAny>>>,
}

impl Part {
    /// A position of the catalogue.
    fn catalogue(position: Position) -> Part {
        Part {
            position,
            game: None,
        }
    }

    /// A position reached from this one: of the same game.
    fn reached(&self, position: Position) -> Part {
        Part {
            position,
            game: self.game.clone(),
        }
    }

    fn is_python(&self) -> bool {
        custom::is_python(&self.position)
    }
}

/// Runs `work`, which stops at Ctrl-C: without the GIL, unless `python` says that a game
/// written in Python is involved (its callbacks need the GIL). A computation stopped by
/// Ctrl-C, or by a Python callback that raised, raises that exception.
fn run<T: Send>(py: Python<'_>, python: bool, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    interrupt::fresh();
    let answer = match python {
        true => work(),
        false => py.allow_threads(work),
    };
    interrupt::checked(answer)
}

fn play_of(misere: bool) -> Play {
    match misere {
        true => Play::Misere,
        false => Play::Normal,
    }
}

fn play_name(play: Play) -> &'static str {
    match play {
        Play::Normal => "normal",
        Play::Misere => "misere",
    }
}

fn mover_name(mover: Mover) -> &'static str {
    match mover {
        Mover::Either => "either",
        Mover::Left => "left",
        Mover::Right => "right",
    }
}

/// The player whose moves a mover's are: Left's for either, both players having them.
fn player_of(mover: Mover) -> Player {
    match mover {
        Mover::Right => Player::Right,
        _ => Player::Left,
    }
}

fn result_name(result: MoveResult) -> &'static str {
    match result {
        MoveResult::Wins => "wins",
        MoveResult::Draws => "draws",
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

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "this".to_string())
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A text cut to `limit` characters, with an ellipsis where it was cut.
fn cut(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// Python's `repr` of a string.
fn py_repr(py: Python<'_>, text: &str) -> PyResult<String> {
    Ok(PyString::new(py, text).repr()?.to_string())
}

/// A nimber as a `conway.Nimber`.
fn nimber(py: Python<'_>, n: u64) -> PyResult<PyObject> {
    Ok(py.get_type::<value::Nimber>().call1((n,))?.unbind())
}

// ---------------------------------------------------------------------------------------
// The catalogue

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

    /// "impartial", "loopy" (impartial, but play may go round a cycle) or "partizan".
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

// ---------------------------------------------------------------------------------------
// Positions and sums

/// A position of some game: of a ruleset of the catalogue (`conway.position("nim", "3 4")`)
/// or of a game written in Python (`conway.position(MyGame(), (3, 4))`). Positions are
/// immutable, hashable and equal when they are the same position of the same game.
#[pyclass(module = "conway", name = "Position", frozen)]
struct PositionObject {
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
    if let Ok(position) = item.downcast::<PositionObject>() {
        return Ok(vec![position.get().part.clone()]);
    }
    if let Ok(sum) = item.downcast::<SumObject>() {
        return Ok(sum.get().parts.clone());
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
fn parts_of(
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
    Err(PyTypeError::new_err(format!(
        "solve takes a game and a position, a conway.Position, a conway.Sum or a list of (game, position) pairs, not {} alone",
        type_name(game)
    )))
}

impl PositionObject {
    fn new(part: Part) -> PositionObject {
        PositionObject { part }
    }

    fn position(&self) -> &Position {
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

    /// "impartial", "loopy" or "partizan".
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
    #[pyo3(signature = (*, misere=false, keep=1000, max_positions=None, max_memory=None))]
    fn solve(
        &self,
        py: Python<'_>,
        misere: bool,
        keep: usize,
        max_positions: Option<u64>,
        max_memory: Option<u64>,
    ) -> PyResult<AnalysisObject> {
        let limits = limits::of_call(max_positions, max_memory);
        analyse(py, vec![self.part.clone()], play_of(misere), keep, limits)
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
        let answer = match op {
            CompareOp::Eq => same,
            CompareOp::Ne => !same,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.position().hash(&mut hasher);
        hasher.finish()
    }

    /// The sum of this position and another position or sum.
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = other.py();
        let mut parts = vec![self.part.clone()];
        match added(other)? {
            Some(more) => parts.extend(more),
            None => return Ok(py.NotImplemented()),
        }
        Ok(Py::new(py, SumObject { parts })?.into_any())
    }

    /// `0 + position`, so that the built-in `sum` adds positions.
    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = other.py();
        if other.is_instance_of::<PyInt>() && other.extract::<i64>().ok() == Some(0) {
            let parts = vec![self.part.clone()];
            return Ok(Py::new(py, SumObject { parts })?.into_any());
        }
        Ok(py.NotImplemented())
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
        Sum::new(self.parts.iter().map(|p| p.position.clone()).collect())
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
        self.parts
            .iter()
            .cloned()
            .map(PositionObject::new)
            .collect()
    }

    /// The analysis of the sum: see `conway.solve`.
    #[pyo3(signature = (*, misere=false, keep=1000, max_positions=None, max_memory=None))]
    fn solve(
        &self,
        py: Python<'_>,
        misere: bool,
        keep: usize,
        max_positions: Option<u64>,
        max_memory: Option<u64>,
    ) -> PyResult<AnalysisObject> {
        let limits = limits::of_call(max_positions, max_memory);
        analyse(py, self.parts.clone(), play_of(misere), keep, limits)
    }

    fn __len__(&self) -> usize {
        self.parts.len()
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = other.py();
        let mut parts = self.parts.clone();
        match added(other)? {
            Some(more) => parts.extend(more),
            None => return Ok(py.NotImplemented()),
        }
        Ok(Py::new(py, SumObject { parts })?.into_any())
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let py = other.py();
        if other.is_instance_of::<PyInt>() && other.extract::<i64>().ok() == Some(0) {
            let parts = self.parts.clone();
            return Ok(Py::new(py, SumObject { parts })?.into_any());
        }
        Ok(py.NotImplemented())
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<PyObject> {
        let py = other.py();
        let Ok(other) = other.downcast::<SumObject>() else {
            return Ok(py.NotImplemented());
        };
        let (a, b) = (self.sum(), other.get().sum());
        let python = self.parts.iter().any(Part::is_python);
        let same = run(py, python, || a == b)?;
        let answer = match op {
            CompareOp::Eq => same,
            CompareOp::Ne => !same,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.sum().hash(&mut hasher);
        hasher.finish()
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

// ---------------------------------------------------------------------------------------
// Analyses

/// One best move of an analysis: who makes it, in which component of a sum, where it leads
/// and what it achieves.
#[pyclass(module = "conway", name = "Move", frozen)]
struct MoveObject {
    mover: Mover,
    component: usize,
    to: Py<PositionObject>,
    description: String,
    result: MoveResult,
    /// The move as `conway solve --json` writes it: in a sum, named after its component.
    written: String,
    /// The whole position after the move as `solve --json` writes it; none where too long.
    after: Option<String>,
}

#[pymethods]
impl MoveObject {
    /// Who makes it: "either" (an impartial game: both players have it), "left" or "right".
    #[getter]
    fn player(&self) -> &'static str {
        mover_name(self.mover)
    }

    /// The component of the sum it is made in, from 0 (0 for a position alone).
    #[getter]
    fn component(&self) -> usize {
        self.component
    }

    /// The component's position after the move.
    #[getter]
    fn to(&self, py: Python<'_>) -> Py<PositionObject> {
        self.to.clone_ref(py)
    }

    /// What the move does, in the game's words.
    #[getter]
    fn description(&self) -> &str {
        &self.description
    }

    /// "wins" (it wins against every reply) or "draws" (nothing wins, and it keeps the draw).
    #[getter]
    fn result(&self) -> &'static str {
        result_name(self.result)
    }

    fn __repr__(&self) -> String {
        let to = self.to.get().position().show();
        format!(
            "<conway.Move {}: {} → {} ({})>",
            mover_name(self.mover),
            cut(&self.written, 80),
            cut(&to, 80),
            result_name(self.result)
        )
    }
}

/// What `conway.solve` finds: the outcome, the value, and the best moves of each player.
#[pyclass(module = "conway", name = "Analysis", frozen)]
struct AnalysisObject {
    parts: Vec<Part>,
    sum: Sum,
    keep: usize,
    limits: Limits,
    /// "sum", or the game of a position alone.
    game: String,
    /// The position as written, or the sum as `GAME POSITION + ...`.
    position: String,
    kind: Kind,
    play: Play,
    outcome: Outcome,
    value: Option<PyObject>,
    value_text: Option<String>,
    nim_value: Option<u64>,
    value_unknown: Option<String>,
    stops: Option<Stops>,
    moves: Vec<Py<MoveObject>>,
    move_counts: Option<Vec<(&'static str, u64)>>,
    moves_unknown: Option<String>,
}

/// The analysis of the sum of `parts` (a position alone where there is one).
fn analyse(
    py: Python<'_>,
    parts: Vec<Part>,
    play: Play,
    keep: usize,
    limits: Limits,
) -> PyResult<AnalysisObject> {
    let sum = Sum::new(parts.iter().map(|p| p.position.clone()).collect());
    let python = parts.iter().any(Part::is_python);
    let found = run(py, python, || {
        let budget = || interrupt::budget(limits);
        sum.analyse(&Request::new(play, &budget).keep(keep))
    })?
    .map_err(rule_error)?;
    AnalysisObject::new(py, parts, sum, keep, limits, found)
}

/// The value of an analysis as a Python value: a `Nimber`, a `Game` in the session's store,
/// γ as a `Nimber` where finite and as its text ("inf(0,2)") where infinite; None where
/// there is none.
fn value_object(py: Python<'_>, value: Option<Value>) -> PyResult<Option<PyObject>> {
    Ok(match value {
        Some(Value::Nimber(n)) => Some(nimber(py, n)?),
        Some(Value::Game(mut game)) => {
            let id = game.id();
            let game = value::import(py, game.store(), id)?;
            Some(Py::new(py, game)?.into_any())
        }
        Some(Value::Gamma(gamma)) => Some(match gamma.finite() {
            Some(n) => nimber(py, n)?,
            None => PyString::new(py, &gamma.to_string()).into_any().unbind(),
        }),
        _ => None,
    })
}

impl AnalysisObject {
    fn new(
        py: Python<'_>,
        parts: Vec<Part>,
        sum: Sum,
        keep: usize,
        limits: Limits,
        mut found: Analysis,
    ) -> PyResult<AnalysisObject> {
        let components = sum.components();
        let position = written(&sum);
        let game = match components {
            [only] => only.game().to_string(),
            _ => "sum".to_string(),
        };
        let long = position.chars().count() > MAX_SHOWN_POSITION;
        // How a move of a sum of several names its component, as `solve` writes it.
        let names: Vec<String> = match components {
            [_] => Vec::new(),
            _ => components
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let shown = c.show();
                    match shown.chars().count() <= MAX_SHOWN_POSITION {
                        true => format!("{} {shown}", c.game()),
                        false => format!("component {} ({})", i + 1, c.game()),
                    }
                })
                .collect(),
        };
        let mut moves = Vec::with_capacity(found.moves.len());
        for m in &found.moves {
            let component = &components[m.component];
            let description = component.describe_move(player_of(m.mover), &m.to);
            let (written, after) = match names.get(m.component) {
                None => (description.clone(), (!long).then(|| m.to.show())),
                Some(name) => (
                    format!("{name}: {description}"),
                    (!long).then(|| sum.after(m.component, m.to.clone()).show()),
                ),
            };
            let to = PositionObject::new(parts[m.component].reached(m.to.clone()));
            moves.push(Py::new(
                py,
                MoveObject {
                    mover: m.mover,
                    component: m.component,
                    to: Py::new(py, to)?,
                    description,
                    result: m.result,
                    written,
                    after: after.filter(|to| to.chars().count() <= MAX_SHOWN_POSITION),
                },
            )?);
        }
        // Describing a move of a game written in Python asks Python, which may raise.
        interrupt::checked(())?;
        let value_text = found.value.as_ref().and_then(Value::show);
        let nim_value = found.value.as_ref().and_then(Value::nim_value);
        let stops = found.value.as_ref().and_then(Value::stops);
        let value = value_object(py, found.value.take())?;
        Ok(AnalysisObject {
            parts,
            keep,
            limits,
            game,
            position,
            kind: found.kind,
            play: found.play,
            outcome: found.outcome,
            value,
            value_text,
            nim_value,
            value_unknown: found.value_unknown.as_ref().map(ToString::to_string),
            stops,
            moves,
            move_counts: found
                .move_counts
                .as_ref()
                .map(|counts| counts.iter().map(|(m, n)| (mover_name(m), n)).collect()),
            moves_unknown: found.moves_unknown.as_ref().map(ToString::to_string),
            sum,
        })
    }

    fn stop<'py>(
        &self,
        py: Python<'py>,
        part: fn(&Stops) -> &conway::number::Dyadic,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.stops
            .as_ref()
            .map(|stops| fraction(py, part(stops)))
            .transpose()
    }

    /// The rows of the notebook's table of moves, with notes on what it leaves out.
    fn table(&self, py: Python<'_>) -> PyResult<(Vec<Row>, Vec<String>)> {
        let best: Vec<Listed> = self
            .moves
            .iter()
            .map(|m| {
                let m = m.get();
                Listed {
                    mover: m.mover,
                    component: m.component,
                    to: m.to.get().position().clone(),
                    best: Some(m.result),
                }
            })
            .collect();
        let python = self.parts.iter().any(Part::is_python);
        let table = Table {
            sum: &self.sum,
            kind: self.kind,
            play: self.play,
            keep: self.keep,
            limits: self.limits,
        };
        run(py, python, || table.rows(best))
    }
}

#[pymethods]
impl AnalysisObject {
    /// "impartial", "loopy" or "partizan": partizan if any component is, else loopy if any
    /// component may loop.
    #[getter]
    fn kind(&self) -> String {
        self.kind.to_string()
    }

    /// "normal" or "misere".
    #[getter]
    fn play(&self) -> &'static str {
        play_name(self.play)
    }

    /// Who wins: "P" (the previous player), "N" (the next player), "L" or "R" (Left or Right,
    /// whoever starts) or "D" (a draw: neither can force a win).
    #[getter]
    fn outcome(&self) -> &'static str {
        outcome_letter(self.outcome)
    }

    /// The value: a `conway.Nimber` for an impartial position or sum, a `conway.Game` for a
    /// partizan one, and for a game that may loop γ, a `Nimber` where finite and a str such
    /// as "inf(0,2)" where infinite. None under misère play, or where `value_unknown` says
    /// why.
    #[getter]
    fn value(&self, py: Python<'_>) -> Option<PyObject> {
        self.value.as_ref().map(|v| v.clone_ref(py))
    }

    /// The value as a number where it is a nimber (`*3` is 3); else None.
    #[getter]
    fn nim_value(&self) -> Option<u64> {
        self.nim_value
    }

    /// Why the value is missing under normal play (a search past the limits, while a closed
    /// form gave the outcome and the moves); None where it is known.
    #[getter]
    fn value_unknown(&self) -> Option<&str> {
        self.value_unknown.as_deref()
    }

    /// The best moves of each player (the first `keep` of each): the winning moves, or where
    /// nothing wins and play may loop, the moves that keep the draw.
    #[getter]
    fn moves(&self, py: Python<'_>) -> Vec<Py<MoveObject>> {
        self.moves.iter().map(|m| m.clone_ref(py)).collect()
    }

    /// How many best moves each player has in all, as a dict ("either", or "left" and
    /// "right"); None where `moves_unknown` says why.
    #[getter]
    fn move_counts<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.move_counts
            .as_ref()
            .map(|counts| {
                let dict = PyDict::new(py);
                for (mover, n) in counts {
                    dict.set_item(*mover, n)?;
                }
                Ok(dict)
            })
            .transpose()
    }

    /// Why the moves are unknown though the outcome is known; None where they are known.
    #[getter]
    fn moves_unknown(&self) -> Option<&str> {
        self.moves_unknown.as_deref()
    }

    /// Whether the value is a number (where it is a short game, a nimber included).
    #[getter]
    fn is_number(&self) -> Option<bool> {
        self.stops.as_ref().map(|s| s.is_number)
    }

    /// Where play stops when Left starts, as a `Fraction` (where the value is a short game).
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.stop(py, |s| &s.left_stop)
    }

    /// Where play stops when Right starts, as a `Fraction`.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.stop(py, |s| &s.right_stop)
    }

    /// The mean value, as a `Fraction`.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.stop(py, |s| &s.mean)
    }

    /// The temperature, as a `Fraction` (-1 for an integer).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.stop(py, |s| &s.temperature)
    }

    /// The game of a position alone, or "sum".
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The position as written, or a sum as "GAME POSITION + GAME POSITION".
    #[getter]
    fn position(&self) -> &str {
        &self.position
    }

    /// The positions analysed (one, or the components of the sum).
    #[getter]
    fn components(&self) -> Vec<PositionObject> {
        self.parts
            .iter()
            .cloned()
            .map(PositionObject::new)
            .collect()
    }

    /// The analysis as `conway solve --json` writes it: game, position, kind, play, outcome,
    /// value, nim_value, value_unknown (only where set), is_number, left_stop, right_stop,
    /// mean, temperature (exact numbers as strings, "19/4"), moves (each with player, move
    /// and to), move_counts and moves_unknown (only where set).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("game", &self.game)?;
        dict.set_item("position", &self.position)?;
        dict.set_item("kind", self.kind.to_string())?;
        dict.set_item("play", play_name(self.play))?;
        dict.set_item("outcome", outcome_letter(self.outcome))?;
        dict.set_item("value", &self.value_text)?;
        dict.set_item("nim_value", self.nim_value)?;
        if let Some(why) = &self.value_unknown {
            dict.set_item("value_unknown", why)?;
        }
        let stop = |part: fn(&Stops) -> &conway::number::Dyadic| {
            self.stops.as_ref().map(|s| part(s).to_string())
        };
        dict.set_item("is_number", self.stops.as_ref().map(|s| s.is_number))?;
        dict.set_item("left_stop", stop(|s| &s.left_stop))?;
        dict.set_item("right_stop", stop(|s| &s.right_stop))?;
        dict.set_item("mean", stop(|s| &s.mean))?;
        dict.set_item("temperature", stop(|s| &s.temperature))?;
        let moves = PyList::empty(py);
        if self.moves_unknown.is_none() {
            for m in &self.moves {
                let m = m.get();
                let written = PyDict::new(py);
                written.set_item("player", mover_name(m.mover))?;
                written.set_item("move", &m.written)?;
                written.set_item("to", &m.after)?;
                moves.append(written)?;
            }
        }
        dict.set_item("moves", moves)?;
        dict.set_item("move_counts", self.move_counts(py)?)?;
        if let Some(why) = &self.moves_unknown {
            dict.set_item("moves_unknown", why)?;
        }
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        let value = match (&self.value_text, &self.value_unknown) {
            (Some(value), _) => format!(", value {}", cut(value, 60)),
            (None, Some(_)) => ", value unknown".to_string(),
            (None, None) => String::new(),
        };
        let moves = match &self.move_counts {
            Some(counts) => {
                let total: u64 = counts.iter().map(|(_, n)| n).sum();
                let kind = match self.outcome {
                    Outcome::D => "drawing",
                    _ => "winning",
                };
                format!(", {total} {kind} move{}", if total == 1 { "" } else { "s" })
            }
            None => String::new(),
        };
        format!(
            "<conway.Analysis {} {} ({}): outcome {}{value}{moves}>",
            self.game,
            cut(&self.position, 60),
            play_name(self.play),
            outcome_letter(self.outcome)
        )
    }

    /// A table of the outcome and the value, and one of the moves: each player's moves, the
    /// best first (at most `keep` of each player), with the position each leads to, the value
    /// of the whole after it, and whether it wins, draws or loses.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let mut html = String::from("<div class=\"conway-analysis\"><table>");
        let mut head = |name: &str, value: String| {
            html.push_str(&format!(
                "<tr><th style=\"text-align:left\">{name}</th><td style=\"text-align:left\">{value}</td></tr>"
            ));
        };
        let code = |text: &str| format!("<code>{}</code>", html_escape(&cut(text, MAX_CELL)));
        let title = match self.game.as_str() {
            "sum" => self.position.clone(),
            game => format!("{game} {}", self.position),
        };
        head("position", code(&title));
        head(
            "kind",
            format!("{}, {} play", self.kind, play_name(self.play)),
        );
        head(
            "outcome",
            format!(
                "<b>{}</b> ({})",
                outcome_letter(self.outcome),
                self.outcome.meaning()
            ),
        );
        match (&self.value_text, &self.value_unknown) {
            (Some(value), _) => head("value", code(value)),
            (None, Some(why)) => head("value", format!("unknown: {}", html_escape(why))),
            (None, None) if self.play == Play::Normal && self.stops.is_some() => {
                head("value", "(a canonical form too long to write)".to_string())
            }
            (None, None) => {}
        }
        if let (Kind::Partizan, Some(s)) = (self.kind, &self.stops) {
            head(
                "stops",
                format!(
                    "{} (Left first), {} (Right first); mean {}, temperature {}",
                    s.left_stop, s.right_stop, s.mean, s.temperature
                ),
            );
        }
        match &self.move_counts {
            Some(counts) => {
                let kind = match self.outcome {
                    Outcome::D => "drawing moves",
                    _ => "winning moves",
                };
                let counted: Vec<String> = counts
                    .iter()
                    .map(|(mover, n)| format!("{mover}: {n}"))
                    .collect();
                head(kind, counted.join(", "));
            }
            None => head(
                "winning moves",
                format!(
                    "unknown: {}",
                    html_escape(self.moves_unknown.as_deref().unwrap_or(""))
                ),
            ),
        }
        html.push_str("</table>");
        let (rows, notes) = self.table(py)?;
        if !rows.is_empty() {
            html.push_str(
                "<table><thead><tr><th>player</th><th>move</th><th>position after</th>\
                 <th>value after</th><th>result</th></tr></thead><tbody>",
            );
            for row in &rows {
                let result = match row.result {
                    "wins" => "<b>wins ✓</b>".to_string(),
                    "draws" => "<i>draws</i>".to_string(),
                    other => other.to_string(),
                };
                html.push_str(&format!(
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{result}</td></tr>",
                    row.player,
                    html_escape(&cut(&row.description, MAX_CELL)),
                    code(&row.after),
                    code(&row.value),
                ));
            }
            html.push_str("</tbody></table>");
        }
        for note in notes {
            html.push_str(&format!("<p>{}</p>", html_escape(&note)));
        }
        html.push_str("</div>");
        Ok(html)
    }
}

/// A move listed for the notebook's table: a best move of the analysis (with what it
/// achieves) or another.
#[derive(Clone)]
struct Listed {
    mover: Mover,
    component: usize,
    to: Position,
    best: Option<MoveResult>,
}

/// A row of the notebook's table of moves, as text.
struct Row {
    player: &'static str,
    description: String,
    after: String,
    value: String,
    result: &'static str,
}

/// What the table of moves of an analysis is made from.
struct Table<'a> {
    sum: &'a Sum,
    kind: Kind,
    play: Play,
    keep: usize,
    limits: Limits,
}

impl Table<'_> {
    /// Each player's moves, the winning ones first, at most `keep` of each, valued; and notes
    /// on the moves left out. Under normal play every move of every component is valued by
    /// the component's own solver, which keeps what it solves between the options; where that
    /// cannot be done (misère play, a component that loops, a limit), the best moves come
    /// first as the analysis found them, then the others, each valued on its own.
    fn rows(&self, best: Vec<Listed>) -> (Vec<Row>, Vec<String>) {
        let loops = self
            .sum
            .components()
            .iter()
            .any(|c| c.kind() == Kind::Loopy);
        if self.play == Play::Normal && !loops {
            if let Some(table) = self.valued() {
                return table;
            }
        }
        if interrupt::stopped() {
            return (Vec::new(), Vec::new());
        }
        self.each_valued(best)
    }

    fn store(&self) -> Store {
        let mut store = Store::with_limits(self.limits);
        if let Some(flag) = interrupt::budget(self.limits).interrupt {
            store.interrupt_on(flag);
        }
        store
    }

    /// Every move valued in one store under normal play, by the components' own solvers:
    /// the whole after a move in component i is the rest of the sum plus the option's value.
    /// None where a component cannot be valued so.
    fn valued(&self) -> Option<(Vec<Row>, Vec<String>)> {
        let mut store = self.store();
        let players: &[Player] = match self.kind {
            Kind::Partizan => &[Player::Left, Player::Right],
            _ => &[Player::Left],
        };
        let components = self.sum.components();
        let mut values = Vec::with_capacity(components.len());
        let mut options: Vec<(Player, usize, Position, GameId)> = Vec::new();
        for (i, component) in components.iter().enumerate() {
            let budget = interrupt::budget(self.limits);
            let value = component
                .value_with_moves(players, &mut store, budget, &mut |player, to, v| {
                    options.push((player, i, to, v));
                    true
                })
                .ok()?;
            values.push(value);
        }
        let mut total = store.zero();
        for &value in &values {
            total = store.add(total, value).ok()?;
        }
        let rests = values
            .iter()
            .map(|&value| store.sub(total, value))
            .collect::<Result<Vec<_>, _>>()
            .ok()?;
        let (mut rows, mut notes) = (Vec::new(), Vec::new());
        for &player in players {
            let mover = match self.kind {
                Kind::Partizan => Mover::from(player),
                _ => Mover::Either,
            };
            let mut found = Vec::new();
            for (p, i, to, option) in &options {
                if *p != player {
                    continue;
                }
                let after = store.add(rests[*i], *option).ok()?;
                let result = verdict(mover, store.outcome(after).ok(), None);
                found.push((rank(result), *i, to, after, result));
            }
            // The winning moves first, each player's moves otherwise in the order listed.
            found.sort_by_key(|&(rank, ..)| rank);
            if found.len() > self.keep {
                notes.push(format!(
                    "{}: {} of {} shown (keep= shows more)",
                    mover_title(mover),
                    self.keep,
                    found.len()
                ));
                found.truncate(self.keep);
            }
            for (_, i, to, after, result) in found {
                rows.push(Row {
                    player: mover_name(mover),
                    description: self.describe(mover, i, to),
                    after: cut(&written(&self.after(i, to)), MAX_CELL),
                    value: store
                        .show_within(after, MAX_CELL)
                        .unwrap_or_else(|| "(a long canonical form)".to_string()),
                    result,
                });
            }
        }
        Some((rows, notes))
    }

    /// The move of `mover` in component `i` to `to`, described; in a sum, named after its
    /// component.
    fn describe(&self, mover: Mover, i: usize, to: &Position) -> String {
        let components = self.sum.components();
        let description = components[i].describe_move(player_of(mover), to);
        match components {
            [_] => description,
            _ => format!(
                "{} {}: {description}",
                components[i].game(),
                cut(&components[i].show(), 40)
            ),
        }
    }

    /// The whole after a move in component `i` to `to`.
    fn after(&self, i: usize, to: &Position) -> Sum {
        match self.sum.components() {
            [_] => Sum::of(to.clone()),
            _ => self.sum.after(i, to.clone()),
        }
    }

    /// The best moves as the analysis found them, then the other moves, at most `keep` of
    /// each player, each valued on its own.
    fn each_valued(&self, best: Vec<Listed>) -> (Vec<Row>, Vec<String>) {
        let (listed, notes) = self.list(best);
        let mut valuer = AfterValuer {
            store: self.store(),
            values: HashMap::new(),
            limits: self.limits,
            play: self.play,
        };
        let mut rows = Vec::with_capacity(listed.len());
        for m in listed {
            if interrupt::stopped() {
                break;
            }
            let after = self.after(m.component, &m.to);
            let (value, outcome) = valuer.value(&after);
            rows.push(Row {
                player: mover_name(m.mover),
                description: self.describe(m.mover, m.component, &m.to),
                after: cut(&written(&after), MAX_CELL),
                value,
                result: verdict(m.mover, outcome, m.best),
            });
        }
        (rows, notes)
    }

    /// The moves of the table: for each player, the best moves, then the others, at most
    /// `keep` of each player.
    fn list(&self, best: Vec<Listed>) -> (Vec<Listed>, Vec<String>) {
        let movers = match self.kind {
            Kind::Partizan => vec![Mover::Left, Mover::Right],
            _ => vec![Mover::Either],
        };
        let (mut rows, mut notes) = (Vec::new(), Vec::new());
        for mover in movers {
            let mut group: Vec<Listed> = best
                .iter()
                .filter(|m| m.mover == mover)
                .take(self.keep)
                .cloned()
                .collect();
            let mut seen: HashSet<(usize, Position)> =
                group.iter().map(|m| (m.component, m.to.clone())).collect();
            let mut total = Some(group.len() as u64);
            for (i, component) in self.sum.components().iter().enumerate() {
                match component.moves(player_of(mover), self.play) {
                    Ok(moves) => {
                        for to in moves {
                            if seen.insert((i, to.clone())) {
                                total = total.map(|t| t + 1);
                                if group.len() < self.keep {
                                    group.push(Listed {
                                        mover,
                                        component: i,
                                        to,
                                        best: None,
                                    });
                                }
                            }
                        }
                    }
                    Err(why) => {
                        notes.push(format!(
                            "{}: only the best are shown: {why}",
                            mover_title(mover)
                        ));
                        total = None;
                        break;
                    }
                }
            }
            if let Some(total) = total.filter(|&t| t > group.len() as u64) {
                notes.push(format!(
                    "{}: {} of {total} shown (keep= shows more)",
                    mover_title(mover),
                    group.len()
                ));
            }
            rows.extend(group);
        }
        (rows, notes)
    }
}

/// How a note of the table names a player's moves.
fn mover_title(mover: Mover) -> &'static str {
    match mover {
        Mover::Either => "the moves",
        Mover::Left => "Left's moves",
        Mover::Right => "Right's moves",
    }
}

/// A sum as `solve` writes it: a sum of one as its position alone, else each component's
/// game and position, joined by " + ".
fn written(sum: &Sum) -> String {
    match sum.components() {
        [only] => only.show(),
        _ => sum.show(),
    }
}

/// Where a move of this result goes in the table: the winning moves first.
fn rank(result: &str) -> u8 {
    match result {
        "wins" => 0,
        "draws" => 1,
        "loses" => 2,
        _ => 3,
    }
}

/// What a move of `mover` achieves, from the outcome of the whole after it (where the other
/// player moves first), or as the analysis said where that is unknown.
fn verdict(mover: Mover, after: Option<Outcome>, best: Option<MoveResult>) -> &'static str {
    match (mover, after) {
        (_, Some(Outcome::D)) => "draws",
        (Mover::Either, Some(Outcome::P))
        | (Mover::Left, Some(Outcome::L | Outcome::P))
        | (Mover::Right, Some(Outcome::R | Outcome::P)) => "wins",
        (_, Some(_)) => "loses",
        (_, None) => best.map_or("?", result_name),
    }
}

/// Values the positions that moves lead to, in one store, each component once.
struct AfterValuer {
    store: Store,
    values: HashMap<Position, Option<GameId>>,
    limits: Limits,
    play: Play,
}

impl AfterValuer {
    /// The value of a component under normal play, where its own valuer finds one.
    fn component(&mut self, position: &Position) -> Option<GameId> {
        if let Some(&value) = self.values.get(position) {
            return value;
        }
        let value = position
            .value_in(&mut self.store, interrupt::budget(self.limits))
            .ok();
        self.values.insert(position.clone(), value);
        value
    }

    /// The value of the whole `after` a move, as text, and its outcome: under normal play by
    /// adding the components' values, else (misère play, or a component that loops) by an
    /// analysis of its own.
    fn value(&mut self, after: &Sum) -> (String, Option<Outcome>) {
        if self.play == Play::Normal {
            let mut total = Some(self.store.zero());
            for c in after.components() {
                total = match (total, self.component(c)) {
                    (Some(t), Some(v)) => self.store.add(t, v).ok(),
                    _ => None,
                };
            }
            if let Some(total) = total {
                let shown = self
                    .store
                    .show_within(total, MAX_CELL)
                    .unwrap_or_else(|| "(a long canonical form)".to_string());
                return (shown, self.store.outcome(total).ok());
            }
        }
        let limits = self.limits;
        let budget = || interrupt::budget(limits);
        match after.analyse(&Request::new(self.play, &budget).keep(0)) {
            Ok(found) => {
                let shown = match found.value.as_ref().and_then(Value::show) {
                    Some(value) => value,
                    None => format!("(outcome {})", found.outcome),
                };
                (shown, Some(found.outcome))
            }
            Err(why) => (format!("unknown: {why}"), None),
        }
    }
}

/// The analysis of a position or a sum: the outcome, the value and every best move.
///
/// `game` and `position` are a ruleset's name and a position in its notation
/// (`solve("nim", "13 42 30 43")`), or a game written in Python and a Python value; or
/// `game` alone is a `Position`, a `Sum`, or a list of positions and `(game, position)`
/// pairs, added. Under `misere=True` the player who cannot move wins. At most `keep` best
/// moves of each player are held (the others are counted); `max_positions` and `max_memory`
/// bound the work and the memory of this call (the session's limits otherwise).
#[pyfunction]
#[pyo3(signature = (game, position=None, *, misere=false, keep=1000, max_positions=None, max_memory=None))]
fn solve(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: Option<&Bound<'_, PyAny>>,
    misere: bool,
    keep: usize,
    max_positions: Option<u64>,
    max_memory: Option<u64>,
) -> PyResult<AnalysisObject> {
    let play = play_of(misere);
    let parts = parts_of(game, position, play)?;
    let limits = limits::of_call(max_positions, max_memory);
    analyse(py, parts, play, keep, limits)
}

// ---------------------------------------------------------------------------------------
// Sequences

/// The nim values of single heaps of sizes 0..n of a heap game, and the period they show.
///
/// `values` is an `array.array('Q')` (so `numpy.asarray(seq.values)` views it), `seq[k]` the
/// value of heap k; `period`, `preperiod` and `saltus` describe the period found (None where
/// none is), and `proved` says whether the rule's periodicity theorem proves it for every
/// heap.
#[pyclass(module = "conway", name = "Sequence", frozen)]
struct SequenceObject {
    game: String,
    to: u64,
    /// The values of the heaps computed: heaps 0..computed.
    computed: Vec<u64>,
    detected: Option<Detected>,
    max_value: u64,
}

impl SequenceObject {
    /// The value of heap `n`; none past the last heap or past 2^64.
    fn value(&self, n: u64) -> Option<u64> {
        if n > self.to {
            return None;
        }
        if let Some(&value) = self.computed.get(n as usize) {
            return Some(value);
        }
        let period = self.detected?.period;
        if n < period.preperiod.saturating_add(period.period) {
            return None;
        }
        period.value_at(n, |m| self.computed[m as usize])
    }

    fn value_or_error(&self, n: u64) -> PyResult<u64> {
        self.value(n)
            .ok_or_else(|| PyOverflowError::new_err(format!("the value of heap {n} is past 2^64")))
    }

    fn length(&self) -> PyResult<isize> {
        isize::try_from(self.to)
            .ok()
            .and_then(|to| to.checked_add(1))
            .ok_or_else(|| PyOverflowError::new_err("the sequence is longer than Python counts"))
    }
}

#[pymethods]
impl SequenceObject {
    /// The game, with its parameters.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The last heap: the sequence holds heaps 0..to.
    #[getter]
    fn to(&self) -> u64 {
        self.to
    }

    /// The values, heap 0 first, as an `array.array('Q')`. A sequence whose values would take
    /// more bytes than the session's memory limit raises `LimitError`.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let count = self.to.saturating_add(1);
        let limit = limits::of_call(None, None).max_memory;
        if count.saturating_mul(8) > limit {
            let error = LimitError::new_err(format!(
                "the values of heaps 0..{} take {} bytes, more than the memory limit of {}; index or slice the sequence instead, or raise the limit max_memory",
                self.to,
                count.saturating_mul(8),
                show_bytes(limit)
            ));
            error.value(py).setattr("limit", "max_memory")?;
            return Err(error);
        }
        let bytes = py.allow_threads(|| {
            let mut bytes = Vec::with_capacity(count as usize * 8);
            for n in 0..count {
                match self.value(n) {
                    Some(value) => bytes.extend_from_slice(&value.to_ne_bytes()),
                    None => return Err(n),
                }
            }
            Ok(bytes)
        });
        let bytes = bytes
            .map_err(|n| PyOverflowError::new_err(format!("the value of heap {n} is past 2^64")))?;
        let array = py.import("array")?.getattr("array")?.call1(("Q",))?;
        array.call_method1("frombytes", (pyo3::types::PyBytes::new(py, &bytes),))?;
        Ok(array)
    }

    /// The period (the values repeat, or grow by `saltus`, every `period` heaps from heap
    /// `preperiod` on); None where none was found.
    #[getter]
    fn period(&self) -> Option<u64> {
        self.detected.map(|d| d.period.period)
    }

    /// The first heap from which the period holds; None where none was found.
    #[getter]
    fn preperiod(&self) -> Option<u64> {
        self.detected.map(|d| d.period.preperiod)
    }

    /// What the values gain over one period: 0 for a pure period, 4 for Lasker's Nim.
    #[getter]
    fn saltus(&self) -> Option<u64> {
        self.detected.map(|d| d.period.saltus)
    }

    /// Whether the period is proved for every heap (by the rule's periodicity theorem, or a
    /// closed form), not only seen in the values.
    #[getter]
    fn proved(&self) -> bool {
        self.detected.is_some_and(|d| d.proved)
    }

    /// How many heaps were computed; the others follow from the proved period.
    #[getter]
    fn computed(&self) -> usize {
        self.computed.len()
    }

    /// The largest value.
    #[getter]
    fn max_value(&self) -> u64 {
        self.max_value
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.length()? as usize)
    }

    /// The value of heap `index` (negative counts from the end), or a list for a slice.
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let len = self.length()?;
        if let Ok(slice) = index.downcast::<PySlice>() {
            let at = slice.indices(len)?;
            let mut values = Vec::with_capacity(at.slicelength);
            let mut i = at.start;
            for _ in 0..at.slicelength {
                values.push(self.value_or_error(i as u64)?);
                i += at.step;
            }
            return Ok(PyList::new(py, values)?.into_any().unbind());
        }
        let i: isize = index.extract().map_err(|_| {
            PyTypeError::new_err("a sequence is indexed by heap size (an int) or a slice")
        })?;
        let at = if i < 0 { i + len } else { i };
        if !(0..len).contains(&at) {
            return Err(PyIndexError::new_err(format!(
                "heap {i} is not in the sequence of heaps 0..{}",
                self.to
            )));
        }
        Ok(self
            .value_or_error(at as u64)?
            .into_pyobject(py)?
            .into_any()
            .unbind())
    }

    /// The picture: the value of each heap against its size, the preperiod and one period
    /// marked (the first `max_points` heaps).
    #[pyo3(signature = (max_points=2000))]
    fn svg(slf: &Bound<'_, Self>, max_points: usize) -> PyResult<String> {
        let py = slf.py();
        py.import("conway.pictures")?
            .getattr("sequence_svg")?
            .call1((slf, max_points))?
            .extract()
    }

    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        SequenceObject::svg(slf, 2000)
    }

    fn __repr__(&self) -> String {
        let period = match self.detected {
            Some(d) => format!(
                ", period {}{} from heap {} ({})",
                d.period.period,
                match d.period.saltus {
                    0 => String::new(),
                    s => format!(" with saltus {s}"),
                },
                d.period.preperiod,
                if d.proved { "proved" } else { "not proved" }
            ),
            None => ", no period found".to_string(),
        };
        format!(
            "<conway.Sequence {} heaps 0..{}{period}>",
            self.game, self.to
        )
    }
}

/// The nim values of single heaps of sizes 0..n of a heap game (`"kayles"`,
/// `"subtraction:1,3,4"`, `"octal:0.137"`), and the period they show. By default the work
/// limit grows with the heaps asked for (64 for each where that is more than the session's),
/// as for `conway seq`.
#[pyfunction]
#[pyo3(signature = (game, n, *, max_positions=None, max_memory=None))]
fn seq(
    py: Python<'_>,
    game: &str,
    n: u64,
    max_positions: Option<u64>,
    max_memory: Option<u64>,
) -> PyResult<SequenceObject> {
    let mut limits = limits::of_call(max_positions, max_memory);
    let asked = sequence_work_limit(n);
    if max_positions.is_none() && asked > Limits::default().max_positions {
        limits.max_positions = limits.max_positions.max(asked);
    }
    let rules = ruleset(game).map_err(rule_error)?;
    let name = rules.name();
    let rules = &rules;
    run(py, false, move || {
        let sequence = rules.sequence(n, interrupt::budget(limits))?;
        let computed: Vec<u64> = (0..sequence.computed())
            .map_while(|k| sequence.value(k))
            .collect();
        Ok(SequenceObject {
            game: name,
            to: n,
            computed,
            detected: sequence.period(),
            max_value: sequence.max_value(),
        })
    })?
    .map_err(rule_error)
}

// ---------------------------------------------------------------------------------------
// Graphs

/// A game graph analysed: each vertex's outcome (P, N, or D for a draw), its depth (the
/// moves to the end under best play) and its generalised Sprague–Grundy value γ, and a kernel.
#[pyclass(module = "conway", name = "GraphAnalysis", frozen)]
struct GraphObject {
    report: GraphReport,
    index: HashMap<String, u32>,
}

impl GraphObject {
    fn vertex(&self, v: &Bound<'_, PyAny>) -> PyResult<u32> {
        let name = match v.downcast::<PyString>() {
            Ok(name) => name.extract::<String>()?,
            Err(_) => v.str()?.to_string(),
        };
        self.index
            .get(&name)
            .copied()
            .ok_or_else(|| PyKeyError::new_err(format!("the graph has no vertex named {name:?}")))
    }

    fn name(&self, v: u32) -> &str {
        self.report.graph.position(v)
    }

    fn names(&self, vertices: &[u32]) -> Vec<String> {
        vertices.iter().map(|&v| self.name(v).to_string()).collect()
    }

    fn gamma_object(&self, py: Python<'_>, v: u32) -> PyResult<Option<PyObject>> {
        self.report
            .gamma(v)
            .map(|gamma| match gamma.finite() {
                Some(n) => Ok(n.into_pyobject(py)?.into_any().unbind()),
                None => Ok(PyString::new(py, &gamma.to_string()).into_any().unbind()),
            })
            .transpose()
    }

    fn in_kernel(&self) -> HashSet<u32> {
        match &self.report.kernel {
            Kernel::Found { vertices, .. } => vertices.iter().copied().collect(),
            _ => HashSet::new(),
        }
    }
}

#[pymethods]
impl GraphObject {
    /// The names of the vertices, in the order they were first named.
    #[getter]
    fn vertices(&self) -> Vec<String> {
        self.report.graph.positions().to_vec()
    }

    /// "normal" or "misere".
    #[getter]
    fn play(&self) -> &'static str {
        play_name(self.report.play)
    }

    /// Who wins a token on `v`: "P" (the player to move loses), "N" or "D" (a draw).
    fn outcome(&self, v: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        Ok(outcome_letter(self.report.labels.outcome(self.vertex(v)?)))
    }

    /// The moves to the end from `v` under best play (the winner hurries, the loser delays):
    /// 0 at a vertex without moves; None at a draw.
    fn depth(&self, v: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        Ok(self.report.labels.depth(self.vertex(v)?))
    }

    /// γ of `v`: an int, or a str "inf(K)" for an infinite value whose finite options are
    /// K ("inf" where there are none). None under misère play (γ is a normal-play function).
    fn gamma(&self, py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<Option<PyObject>> {
        self.gamma_object(py, self.vertex(v)?)
    }

    /// The vertices one move from `v`.
    fn options(&self, v: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        Ok(self.names(self.report.graph.successors(self.vertex(v)?)))
    }

    /// The moves from `v` that best play chooses from, best first: from N the moves to P,
    /// quickest first; from P every move, the longest delay first; from D the moves that
    /// keep the draw.
    fn best_moves(&self, v: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let v = self.vertex(v)?;
        Ok(self.names(&self.report.labels.best_moves(&self.report.graph, v)))
    }

    /// A kernel: the P-positions, with a kernel of the draws where there are draws; None
    /// where there is none or the search for one stopped (`kernel_reason` says which).
    #[getter]
    fn kernel(&self) -> Option<Vec<String>> {
        match &self.report.kernel {
            Kernel::Found { vertices, .. } => Some(self.names(vertices)),
            _ => None,
        }
    }

    /// Whether the kernel is the graph's only one: None where the search for a second one
    /// stopped at its bound, or no kernel was found.
    #[getter]
    fn kernel_unique(&self) -> Option<bool> {
        match &self.report.kernel {
            Kernel::Found { unique, .. } => *unique,
            _ => None,
        }
    }

    /// Why there is no kernel to show; None where one was found.
    #[getter]
    fn kernel_reason(&self) -> Option<String> {
        self.report.kernel.reason()
    }

    fn __len__(&self) -> usize {
        self.report.graph.len()
    }

    fn __contains__(&self, v: &Bound<'_, PyAny>) -> bool {
        self.vertex(v).is_ok()
    }

    /// The analysis as `conway graph FILE --json` writes it: game, file, play, positions
    /// (each with position, outcome, depth, gamma as a str, options as indices), then kernel
    /// with kernel_unique, or kernel None with kernel_reason.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let report = &self.report;
        let dict = PyDict::new(py);
        dict.set_item("game", &report.game)?;
        dict.set_item("file", &report.file)?;
        dict.set_item("play", play_name(report.play))?;
        let positions = PyList::empty(py);
        for v in 0..report.graph.len() as u32 {
            let node = PyDict::new(py);
            node.set_item("position", self.name(v))?;
            node.set_item("outcome", outcome_letter(report.labels.outcome(v)))?;
            node.set_item("depth", report.labels.depth(v))?;
            node.set_item("gamma", report.gamma(v).map(|g| g.to_string()))?;
            node.set_item("options", report.graph.successors(v).to_vec())?;
            positions.append(node)?;
        }
        dict.set_item("positions", positions)?;
        match &report.kernel {
            Kernel::Found { vertices, unique } => {
                dict.set_item("kernel", self.names(vertices))?;
                dict.set_item("kernel_unique", *unique)?;
            }
            other => {
                dict.set_item("kernel", py.None())?;
                dict.set_item("kernel_reason", other.reason())?;
            }
        }
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        let count = |outcome| {
            let outcomes = self.report.labels.outcomes();
            outcomes.iter().filter(|&&o| o == outcome).count()
        };
        format!(
            "<conway.GraphAnalysis {} vertices, {} moves ({} play): {} P, {} N, {} D>",
            self.report.graph.len(),
            self.report.graph.edge_count(),
            play_name(self.report.play),
            count(Outcome::P),
            count(Outcome::N),
            count(Outcome::D)
        )
    }

    /// A table of the vertices (the first thousand): outcome, depth, γ, options and whether
    /// the vertex is in the kernel.
    fn _repr_html_(&self) -> String {
        let report = &self.report;
        let kernel = self.in_kernel();
        let mut html = format!(
            "<div class=\"conway-graph\"><p>{} vertices, {} moves, {} play; kernel: {}</p>",
            report.graph.len(),
            report.graph.edge_count(),
            play_name(report.play),
            match &report.kernel {
                Kernel::Found { unique, .. } => match unique {
                    Some(true) => "marked K (the only one)".to_string(),
                    Some(false) => "marked K (one of several)".to_string(),
                    None => "marked K (whether it is the only one is unknown)".to_string(),
                },
                other => html_escape(&other.reason().unwrap_or_default()),
            }
        );
        html.push_str(
            "<table><thead><tr><th>vertex</th><th>outcome</th><th>depth</th><th>γ</th>\
             <th>options</th><th>kernel</th></tr></thead><tbody>",
        );
        for v in 0..report.graph.len().min(MAX_TABLE_VERTICES) as u32 {
            let options = self.names(report.graph.successors(v)).join(" ");
            html.push_str(&format!(
                "<tr><td><code>{}</code></td><td><b>{}</b></td><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td></tr>",
                html_escape(&cut(self.name(v), MAX_CELL)),
                outcome_letter(report.labels.outcome(v)),
                report.labels.depth(v).map_or("–".to_string(), |d| d.to_string()),
                report.gamma(v).map_or("–".to_string(), |g| g.to_string()),
                html_escape(&cut(&options, MAX_CELL)),
                if kernel.contains(&v) { "K" } else { "" },
            ));
        }
        html.push_str("</tbody></table>");
        if report.graph.len() > MAX_TABLE_VERTICES {
            html.push_str(&format!(
                "<p>the first {MAX_TABLE_VERTICES} of {} vertices shown</p>",
                report.graph.len()
            ));
        }
        html.push_str("</div>");
        html
    }
}

/// A graph given in Python: its vertices' names and its moves.
#[derive(Default)]
struct Edges {
    names: Vec<String>,
    index: HashMap<String, u32>,
    edges: Vec<(u32, u32)>,
}

impl Edges {
    fn vertex(&mut self, v: &Bound<'_, PyAny>) -> PyResult<u32> {
        let name = match v.downcast::<PyString>() {
            Ok(name) => name.extract::<String>()?,
            Err(_) => v.str()?.to_string(),
        };
        if let Some(&i) = self.index.get(&name) {
            return Ok(i);
        }
        let i = u32::try_from(self.names.len())
            .map_err(|_| ConwayError::new_err("a graph may have at most 2^32 - 1 vertices"))?;
        self.index.insert(name.clone(), i);
        self.names.push(name);
        Ok(i)
    }

    fn edge(&mut self, from: &Bound<'_, PyAny>, to: &Bound<'_, PyAny>) -> PyResult<()> {
        let (from, to) = (self.vertex(from)?, self.vertex(to)?);
        self.edges.push((from, to));
        Ok(())
    }

    /// The bytes the graph's names, moves and lists take, roughly: what the meter holds
    /// before the graph is built.
    fn bytes(&self) -> u64 {
        let names: usize = self.names.iter().map(|n| n.len() + 96).sum();
        (names + self.edges.len() * 24 + self.names.len() * 16) as u64
    }

    /// The edges of a networkx graph (or anything with `nodes()` and `edges()`): every node,
    /// isolated ones too, and each edge, both ways where the graph says it is undirected.
    fn networkx(graph: &Bound<'_, PyAny>) -> PyResult<Edges> {
        let mut edges = Edges::default();
        for node in graph.call_method0("nodes")?.try_iter()? {
            edges.vertex(&node?)?;
        }
        let directed = match graph.hasattr("is_directed")? {
            true => graph.call_method0("is_directed")?.is_truthy()?,
            false => true,
        };
        for edge in graph.call_method0("edges")?.try_iter()? {
            let edge = edge?;
            let (from, to) = (edge.get_item(0)?, edge.get_item(1)?);
            edges.edge(&from, &to)?;
            if !directed {
                edges.edge(&to, &from)?;
            }
        }
        Ok(edges)
    }

    /// The edges of a dict `{vertex: [options]}`: every key is a vertex.
    fn mapping(graph: &Bound<'_, PyDict>) -> PyResult<Edges> {
        let mut edges = Edges::default();
        for (from, options) in graph.iter() {
            edges.vertex(&from)?;
            for to in options.try_iter()? {
                edges.edge(&from, &to?)?;
            }
        }
        Ok(edges)
    }

    /// The edges of a list of pairs `(u, v)`.
    fn pairs(graph: &Bound<'_, PyAny>) -> PyResult<Edges> {
        let mut edges = Edges::default();
        for pair in graph.try_iter()? {
            let pair = pair?;
            let (from, to): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
                pair.extract().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "a graph's edges are pairs (u, v), not {}",
                        type_name(&pair)
                    ))
                })?;
            edges.edge(&from, &to)?;
        }
        Ok(edges)
    }
}

/// A graph file's error as the exception it is: text that does not read is a `ParseError`
/// with its `line` and `column`.
fn read_error(error: ReadError) -> PyErr {
    match error {
        ReadError::Text(error) => {
            let line = error.line;
            let raised = parse_error(error.to_string(), error.column);
            Python::with_gil(|py| {
                let _ = raised.value(py).setattr("line", line);
            });
            raised
        }
        ReadError::Graph(error) => ConwayError::new_err(error.to_string()),
        ReadError::Limit(error) => search_error(error),
    }
}

/// The analysis of a game graph, cycles allowed: each vertex's outcome, depth and γ, and a
/// kernel.
///
/// `edges` is the text of a graph file (`"a -> b c"` lines, `#` comments: see the README's
/// "Game graphs in files"), a list of pairs `(u, v)` (any values, named by `str`), a dict
/// `{u: [v, ...]}`, or a networkx graph (its nodes, isolated ones included, and edges).
#[pyfunction]
#[pyo3(signature = (edges, *, misere=false, max_positions=None, max_memory=None))]
fn graph(
    py: Python<'_>,
    edges: &Bound<'_, PyAny>,
    misere: bool,
    max_positions: Option<u64>,
    max_memory: Option<u64>,
) -> PyResult<GraphObject> {
    let limits = limits::of_call(max_positions, max_memory);
    let play = play_of(misere);
    let input = if let Ok(text) = edges.downcast::<PyString>() {
        Err(text.extract::<String>()?)
    } else if edges.hasattr("nodes")? && edges.hasattr("edges")? {
        Ok(Edges::networkx(edges)?)
    } else if let Ok(mapping) = edges.downcast::<PyDict>() {
        Ok(Edges::mapping(mapping)?)
    } else {
        Ok(Edges::pairs(edges)?)
    };
    let report = run(py, false, move || -> Result<GraphReport, PyErrLater> {
        let budget = interrupt::budget(limits);
        let mut meter = Meter::new(limits)
            .with_progress(budget.progress)
            .with_interrupt(budget.interrupt);
        let graph = match input {
            Err(text) => {
                let text = GraphText::parse(&text, &mut meter).map_err(PyErrLater::Read)?;
                if text.right_moves.is_some() {
                    return Err(PyErrLater::Partizan);
                }
                text.into_graph(&mut meter).map_err(PyErrLater::Read)?
            }
            Ok(edges) => {
                meter.hold_more(edges.bytes()).map_err(PyErrLater::Search)?;
                Graph::from_edges(edges.names, &edges.edges)
                    .map_err(|e| PyErrLater::Read(e.into()))?
            }
        };
        GraphReport::new(None, None, graph, play, limits.max_positions, &mut meter)
            .map_err(PyErrLater::Search)
    })?
    .map_err(PyErrLater::raise)?;
    let index = report
        .graph
        .positions()
        .iter()
        .enumerate()
        .map(|(i, name)| (name.clone(), i as u32))
        .collect();
    Ok(GraphObject { report, index })
}

/// An error found without the GIL, raised once it is held again.
enum PyErrLater {
    Read(ReadError),
    Search(SearchError),
    Partizan,
}

impl PyErrLater {
    fn raise(self) -> PyErr {
        match self {
            PyErrLater::Read(error) => read_error(error),
            PyErrLater::Search(error) => search_error(error),
            PyErrLater::Partizan => ConwayError::new_err(
                "the graph is partizan (a line has `|`): conway.graph analyses impartial graphs, whose vertices have the same moves for both players",
            ),
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RuleInfoObject>()?;
    m.add_class::<PositionObject>()?;
    m.add_class::<SumObject>()?;
    m.add_class::<MoveObject>()?;
    m.add_class::<AnalysisObject>()?;
    m.add_class::<SequenceObject>()?;
    m.add_class::<GraphObject>()?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(position, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(seq, m)?)?;
    m.add_function(wrap_pyfunction!(graph, m)?)?;
    Ok(())
}
