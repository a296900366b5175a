//! The rulesets, each in its own file, and the registry that finds one by name.
//!
//! A ruleset is an [`Impartial`] game plus a [`Notation`] for its positions, and declares
//! itself once in a [`RuleInfo`]: name, parameters, notation, summary, example. The registry
//! lists those declarations; [`ruleset`] turns a name such as `subtraction:1,3,4` into a
//! [`Ruleset`], which parses a position once into a typed [`Position`] that the command line
//! analyses, plays and sums without ever going back to text.

mod chomp;
mod coins;
mod col;
mod cut_cake;
mod divisors;
mod domineering;
mod dynamic;
mod eatcake;
mod exercise_heaps;
mod growing;
pub mod hackenbush;
mod heaps;
mod maundy;
mod nim;
mod nim2d;
mod northcott;
mod notation;
mod position;
mod registry;
mod seating;
mod short_position;
mod staircase;
mod subtraction;
mod sum;
mod take_break;
mod toads;
mod turtles;
mod welter;
mod wythoff;

pub use chomp::Chomp;
pub use col::{Col, Graph, Tint};
pub use cut_cake::{CutCake, Piece};
pub use divisors::{Dim, Prim};
pub use domineering::{Domineering, DomineeringBoard, MAX_SQUARES};
pub use dynamic::{smallest_zeckendorf_term, DynamicSubtraction, Heap};
pub use eatcake::Eatcake;
pub use exercise_heaps::{AtLeastHalf, AtMostHalf, EvenOrOne, ThreesOrAll};
pub use growing::{Counting, GrowingHeap, GrowingTake};
pub use hackenbush::Hackenbush;
pub use heaps::HeapNotation;
pub use maundy::{Cake, MaundyCake};
pub use nim::{misere_nim_outcome, Lasker, MooreNim, Nim, Nimble, Rims};
pub use nim2d::{Matrix, Nim2d};
pub use northcott::{Board, Northcott, PokerNim, PokerPosition, Row};
pub use notation::{
    check_size, parse_bounded, parse_in_range, parse_number, parse_numbers, parse_rectangle,
    parse_size, show_numbers, sorted_changes, trim_end, ParseError, Separator, MAX_SIZE,
};
pub use position::{
    BestMoves, Budget, Move, Position, Report, Ruleset, MAX_LISTED_MOVES, MAX_SHOWN_POSITION,
};
pub use registry::{catalogue, find, ruleset, Params, RuleInfo};
pub use seating::{Couple, SeatingCouples, Section};
pub use short_position::{PartizanNotation, ShortAnalysis};
pub use staircase::{odd_stair_sum, SilverDollar, Square, Staircase};
pub use subtraction::{Impatient, Subtraction};
pub use sum::{ShortReport, Sum, MAX_SHOWN_VALUE};
pub use take_break::{parse_code, TakeAndBreak};
pub use toads::{Cell, ToadsAndFrogs};
pub use turtles::{Coins, TurningTurtles};
pub use welter::Welter;
pub use wythoff::{is_wythoff_p, wythoff_p_position, Wythoff};

use crate::engine::SearchError;
use crate::heap::{Extend, Period};
use crate::impartial::Impartial;
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
