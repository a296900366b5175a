//! The face every analysis goes through: a ruleset declares itself once ([`RuleInfo`]) and
//! says how its positions are written ([`Notation`] for impartial games, [`PartizanNotation`]
//! for partizan ones); a [`Ruleset`] found by name parses a position once into a typed
//! [`Position`] that the command line analyses, plays and sums without going back to text.

mod partizan;
mod position;
mod ruleset;
mod sum;

pub(crate) use partizan::typed_partizan;
pub use partizan::{PartizanNotation, ShortAnalysis};
pub(crate) use position::{typed, typed_under};
pub use position::{
    BestMoves, Budget, Move, Position, Report, Ruleset, MAX_LISTED_MOVES, MAX_SHOWN_POSITION,
};
pub use ruleset::{Build, Params, RuleInfo};
pub use sum::{ShortReport, Sum, MAX_SHOWN_VALUE};

use crate::engine::SearchError;
use crate::heap::{Extend, Period};
use crate::impartial::Impartial;
use crate::text::ParseError;
use thiserror::Error;

/// What went wrong with a game name, a position or its analysis.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RuleError {
    #[error("unknown game '{0}'; `conway rules` lists the games")]
    UnknownGame(String),
    #[error("{game}: bad parameters: {reason}")]
    BadParameters { game: String, reason: ParseError },
    #[error("{game}: bad position '{position}': {reason}")]
    BadPosition {
        game: String,
        position: String,
        reason: ParseError,
    },
    #[error("{0} is not a game on rows of independent heaps, so it has no sequence of one-heap nim values")]
    NotAHeapGame(String),
    #[error("{game}: {what}")]
    Unsupported { game: String, what: &'static str },
    #[error("{game}: the position has too many moves to list (more than {limit}, or more than a gigabyte of positions)")]
    TooManyMoves { game: String, limit: u64 },
    #[error("{game}: {source}")]
    Search { game: String, source: SearchError },
}

/// How a ruleset's positions are written and read, how a move is described to a person, and
/// what the command line needs of a ruleset beyond its moves.
pub trait Notation: Impartial + Sized {
    /// Reads a position.
    fn parse(&self, text: &str) -> Result<Self::Position, ParseError>;
    /// Writes a position so that [`Notation::parse`] reads it back.
    fn show(&self, position: &Self::Position) -> String;
    /// A short description of the move from `from` to its option `to`.
    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> String;

    /// The rules under misère play.
    fn misere(&self) -> Misere<Self> {
        Misere::SameMoves
    }

    /// The parameters, written as `conway` reads them after the name's colon.
    fn params(&self) -> Option<String> {
        None
    }

    /// A single heap of `size`, for the games whose positions are rows of heaps: their
    /// sequence of one-heap values is what `conway seq` shows.
    fn one_heap(&self, _size: u64) -> Option<Self::Position> {
        None
    }

    /// How far the one-heap values must be checked to prove a period (see
    /// [`crate::heap::HeapRule::period_checked_through`]).
    fn period_checked_through(&self, _period: Period) -> Option<u64> {
        None
    }

    /// The rule's own engine for one-heap values (see
    /// [`crate::heap::HeapRule::sequence_engine`]).
    fn sequence_engine(&self) -> Option<Box<dyn Extend + '_>> {
        None
    }
}

/// What misère play means for a ruleset.
///
/// (Partizan rulesets are read and written by [`PartizanNotation`].)
pub enum Misere<G> {
    /// Misère play of the same moves.
    SameMoves,
    /// Misère play of these rules: they list a move that the normal-play rules leave out
    /// because under normal play it always loses (bagging the silver dollar).
    Rules(G),
    /// Misère play is not supported, for this reason.
    Unsupported(&'static str),
}
