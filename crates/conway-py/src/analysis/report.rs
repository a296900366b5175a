//! Analyses: `Move`, `Analysis` and `solve()`; the crate's analysis of a sum, run and kept
//! as Python values.

use super::position::{parts_of, positions, PositionObject};
use super::table::{self, Listed, Table};
use super::{
    code, cut, html_escape, mover_name, play_name, play_of, player_of, result_name, run, sum_of,
    Part,
};
use crate::errors::rule_error;
use crate::limits::Count;
use crate::value::{self, fraction};
use crate::{interrupt, limits};
use conway::analysis::{
    Analysis, Kind, MoveResult, Mover, Request, RuleError, Stops, Sum, Value, MAX_SHOWN_POSITION,
};
use conway::engine::{Limits, Outcome, Play};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

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
pub(super) struct AnalysisObject {
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
    moves_unknown: Option<RuleError>,
}

/// The analysis of the sum of `parts` (a position alone where there is one).
pub(super) fn analyse(
    py: Python<'_>,
    parts: Vec<Part>,
    play: Play,
    keep: usize,
    limits: Limits,
) -> PyResult<AnalysisObject> {
    let sum = sum_of(&parts);
    let python = parts.iter().any(Part::is_python);
    let found = run(py, python, || {
        let budget = || interrupt::budget(limits);
        sum.analyse(&Request::new(play, &budget).keep(keep))
    })?
    .map_err(rule_error)?;
    AnalysisObject::new(py, parts, sum, keep, limits, found)
}

/// The value of an analysis as a Python value: a `Nimber`, a `Game` in the session's store,
/// γ as a `Nimber` where finite and as its text ("inf(0,2)") where infinite, a transfinite
/// nimber (ordinal Nim) as its text ("*(w + 3)"), a loopy value that is not short as its
/// text ("over", "{3|off}"); None where there is none.
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
        Some(value @ Value::Loopy(_)) => value
            .show()
            .map(|text| PyString::new(py, &text).into_any().unbind()),
        Some(value @ Value::Transfinite(_)) => Some(match value.nim_value() {
            Some(n) => nimber(py, n)?,
            None => PyString::new(py, &value.show().unwrap_or_default())
                .into_any()
                .unbind(),
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
        let position = sum.written();
        let game = sum.game();
        let long = position.chars().count() > MAX_SHOWN_POSITION;
        let names = sum.component_names();
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
            moves_unknown: found.moves_unknown.clone(),
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

    /// The notebook's table of moves, in HTML, with notes on what it leaves out.
    fn table(&self, py: Python<'_>) -> PyResult<String> {
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
        let (rows, notes) = run(py, python, || table.rows(best))?;
        Ok(table::html(&rows, &notes))
    }
}

#[pymethods]
impl AnalysisObject {
    /// "impartial", "loopy", "partizan" or "loopy-partizan": loopy-partizan if any component
    /// is, else partizan if any component is, else loopy if any component may loop.
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
        self.outcome.letters()
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
    fn moves_unknown(&self) -> Option<String> {
        self.moves_unknown.as_ref().map(ToString::to_string)
    }

    /// Raises the error that left the moves unknown, if any: perfect play must not take a
    /// move missing from the best ones for a losing one.
    fn _raise_if_moves_unknown(&self) -> PyResult<()> {
        match &self.moves_unknown {
            Some(why) => Err(rule_error(why.clone())),
            None => Ok(()),
        }
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
        positions(&self.parts)
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
        dict.set_item("outcome", self.outcome.letters())?;
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
            dict.set_item("moves_unknown", why.to_string())?;
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
            self.outcome.letters()
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
                self.outcome.letters(),
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
                    html_escape(&self.moves_unknown().unwrap_or_default())
                ),
            ),
        }
        html.push_str("</table>");
        html.push_str(&self.table(py)?);
        html.push_str("</div>");
        Ok(html)
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
#[pyo3(signature = (game, position=None, *, misere=false, keep=Count(1000), max_positions=None, max_memory=None))]
fn solve(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    position: Option<&Bound<'_, PyAny>>,
    misere: bool,
    keep: Count,
    max_positions: Option<Count>,
    max_memory: Option<Count>,
) -> PyResult<AnalysisObject> {
    let play = play_of(misere);
    let parts = parts_of(game, position, play)?;
    let limits = limits::of_call(max_positions, max_memory);
    analyse(py, parts, play, keep.len(), limits)
}

/// A nimber as a `conway.Nimber`.
fn nimber(py: Python<'_>, n: u64) -> PyResult<PyObject> {
    Ok(py.get_type::<value::Nimber>().call1((n,))?.unbind())
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<MoveObject>()?;
    m.add_class::<AnalysisObject>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    Ok(())
}
