//! Positions, sums and their analyses, for the rulesets of the catalogue and for games
//! written in Python alike; the nim-sequences of heap games; game graphs given by their edges.
//!
//! A `Position` wraps the crate's typed position (and, for a game written in Python, the game
//! object it was made with, for `repr`); a `Sum` is a list of them. `solve` runs the crate's
//! one analysis for every kind of game without the GIL, unless a component is written in
//! Python, whose callbacks need it. An `Analysis` keeps what was found as Python values (a
//! partizan value is imported into the session's store of games) and, for its notebook
//! table, the sum itself: each move's resulting position is valued when the table is drawn.
//!
//! One file per concern: [`catalogue`] (`RuleInfo`, `rulesets`), [`position`] (`Position`,
//! `Sum`, and how a game and a position are read from Python), [`report`] (`Move`,
//! `Analysis`, `solve`), [`table`] (an analysis's notebook table of moves and the valuing
//! behind it), [`sequence`] (`Sequence`, `seq`) and [`graph`] (`GraphAnalysis`, `graph`).
//! This file holds what they share.

mod catalogue;
mod graph;
mod position;
mod report;
mod sequence;
mod table;

use crate::{custom, interrupt};
use conway::analysis::{MoveResult, Mover, Position, Sum};
use conway::engine::Play;
use conway::partizan::Player;
use pyo3::prelude::*;
use std::sync::Arc;

/// The longest value or position written in a notebook's table cell.
const MAX_CELL: usize = 300;

/// A position, with the Python game object it was made from where the game is written in
/// Python (for `repr` and pickling).
#[derive(Clone)]
pub(super) struct Part {
    pub(super) position: Position,
    pub(super) game: Option<Arc<Py<PyAny>>>,
}

impl Part {
    /// A position of the catalogue.
    pub(super) fn catalogue(position: Position) -> Part {
        Part {
            position,
            game: None,
        }
    }

    /// A position reached from this one: of the same game.
    pub(super) fn reached(&self, position: Position) -> Part {
        Part {
            position,
            game: self.game.clone(),
        }
    }

    pub(super) fn is_python(&self) -> bool {
        custom::is_python(&self.position)
    }
}

/// The sum of the positions of `parts`.
pub(super) fn sum_of(parts: &[Part]) -> Sum {
    Sum::new(parts.iter().map(|p| p.position.clone()).collect())
}

/// Runs `work`, which stops at Ctrl-C: without the GIL, unless `python` says that a game
/// written in Python is involved (its callbacks need the GIL). A computation stopped by
/// Ctrl-C, or by a Python callback that raised, raises that exception.
pub(super) fn run<T: Send>(
    py: Python<'_>,
    python: bool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    interrupt::fresh();
    let answer = match python {
        true => work(),
        false => py.allow_threads(work),
    };
    interrupt::checked(answer)
}

pub(super) fn play_of(misere: bool) -> Play {
    match misere {
        true => Play::Misere,
        false => Play::Normal,
    }
}

pub(super) fn play_name(play: Play) -> &'static str {
    match play {
        Play::Normal => "normal",
        Play::Misere => "misere",
    }
}

pub(super) fn mover_name(mover: Mover) -> &'static str {
    match mover {
        Mover::Either => "either",
        Mover::Left => "left",
        Mover::Right => "right",
    }
}

/// The player whose moves a mover's are: Left's for either, both players having them.
pub(super) fn player_of(mover: Mover) -> Player {
    match mover {
        Mover::Right => Player::Right,
        _ => Player::Left,
    }
}

pub(super) fn result_name(result: MoveResult) -> &'static str {
    match result {
        MoveResult::Wins => "wins",
        MoveResult::Draws => "draws",
    }
}

pub(super) fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "this".to_string())
}

pub(super) fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A text cut to `limit` characters, with an ellipsis where it was cut.
pub(super) fn cut(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// A text in a notebook's table cell: cut, escaped, as code.
pub(super) fn code(text: &str) -> String {
    format!("<code>{}</code>", html_escape(&cut(text, MAX_CELL)))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    catalogue::register(m)?;
    position::register(m)?;
    report::register(m)?;
    sequence::register(m)?;
    graph::register(m)
}
