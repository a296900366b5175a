//! The face every analysis goes through: a ruleset declares itself once ([`RuleInfo`]) and
//! says how its positions are written ([`Notation`] for impartial games, [`PartizanNotation`]
//! for partizan ones); a [`Ruleset`] found by name parses a position once into a typed
//! [`Position`] that the command line analyses, plays and sums without going back to text.

mod impartial;
mod loopy;
mod misere;
mod outcomes;
mod partizan;
mod position;
mod report;
mod ruleset;
mod sum;
mod transfinite;

pub(crate) use impartial::{typed, typed_under};
pub use impartial::{ImpartialRules, Typeable};
pub use outcomes::{OutcomePeriod, OutcomeSequence};
pub(crate) use partizan::typed_partizan;
pub use partizan::{PartizanNotation, PartizanRules, PartizanTypeable};
pub use position::Position;
pub use report::{
    Analysis, Move, MoveCounts, MoveResult, Mover, ShortGame, Stops, Value, MAX_SHOWN_POSITION,
    MAX_SHOWN_VALUE,
};
use ruleset::NOT_HEAPS;
pub use ruleset::{Budget, Build, Kind, Params, RuleInfo, Ruleset};
pub use sum::{Request, Sum};
pub(crate) use transfinite::OrdinalNim;

/// The most moves a position lists for a player or a graph: past it, a position has too many
/// moves to show.
pub const MAX_LISTED_MOVES: u64 = 1 << 20;

use crate::engine::{Limit, SearchError};
use crate::heap::{Extend, HeapRule, Period};
use crate::impartial::Impartial;
use crate::loopy::LoopyError;
use crate::text::ParseError;
use thiserror::Error;

/// What went wrong with a game name, a position or its analysis: each a sentence a user
/// understands, naming the game.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuleError {
    /// No ruleset has this name.
    #[error("unknown game '{0}'; `conway rules` lists the games")]
    UnknownGame(String),
    /// The text after the name's colon does not read.
    #[error("{game}: bad parameters: {reason}")]
    BadParameters {
        /// The game's name.
        game: String,
        /// What is wrong, and where.
        reason: ParseError,
    },
    /// The position does not read, or is not a position of the game.
    #[error("{game}: bad position {}: {reason}", quoted(position))]
    BadPosition {
        /// The game's name.
        game: String,
        /// The position as written.
        position: String,
        /// What is wrong, and where.
        reason: ParseError,
    },
    /// The words of a sum do not read as `GAME POSITION + GAME POSITION ...`.
    #[error("write a sum as `GAME POSITION + GAME POSITION ...`")]
    MalformedSum,
    /// `seq` of a game whose positions are not rows of heaps.
    #[error("{0} is not a game on rows of independent heaps, so it has no sequence of one-heap nim values")]
    NotAHeapGame(String),
    /// The game cannot do what was asked, for this reason.
    #[error("{game}: {what}")]
    Unsupported {
        /// The game's name.
        game: String,
        /// Why not.
        what: &'static str,
    },
    /// Only the outcome was asked for ([`Request::outcome_only`]), so the value was not
    /// found.
    #[error("{game}: only the outcome was asked for, so the value was not found")]
    ValueNotAsked {
        /// The game.
        game: String,
    },
    /// Listing the moves would hold too many positions at once.
    #[error("{game}: the position has too many moves to list (more than {limit}, or more than a gigabyte of positions)")]
    TooManyMoves {
        /// The game's name.
        game: String,
        /// The most moves listed.
        limit: u64,
    },
    /// The computation stopped: a limit, a game that loops, a value too large.
    #[error("{game}: {source}")]
    Search {
        /// The game's name.
        game: String,
        /// Why it stopped.
        source: SearchError,
    },
    /// A loopy game's value was not found (no limit stopped it: that is a
    /// [`RuleError::Search`]).
    #[error("{game}: {source}")]
    Loopy {
        /// The game's name.
        game: String,
        /// Why not.
        source: LoopyError,
    },
}

impl RuleError {
    /// The error of a loopy computation of `game`: a limit stays a search error.
    pub(crate) fn loopy(game: &str, source: LoopyError) -> RuleError {
        let game = game.to_string();
        match source {
            LoopyError::Search(source) => RuleError::Search { game, source },
            source => RuleError::Loopy { game, source },
        }
    }
}

/// The most characters of a bad position an error quotes.
const MAX_QUOTED: usize = 80;

/// A position as an error quotes it: whole in quotes, or its start and its length.
fn quoted(position: &str) -> String {
    match position.char_indices().nth(MAX_QUOTED) {
        None => format!("'{position}'"),
        Some((end, _)) => format!(
            "'{}…' ({} characters)",
            &position[..end],
            position.chars().count()
        ),
    }
}

/// The most bytes the moves of one position may take when they are listed together.
const MAX_LISTED_BYTES: u64 = 1 << 30;

/// Refuses to list the moves of a position of `game` that has up to `bound` of them, each
/// taking about `each` bytes, where there could be too many: more than any list may hold,
/// or more bytes than `max_memory`.
pub(crate) fn refuse_long_listing(
    game: &str,
    bound: u64,
    each: usize,
    max_memory: u64,
) -> Result<(), RuleError> {
    let bytes = bound.saturating_mul(each as u64);
    if bound > MAX_LISTED_MOVES || bytes > MAX_LISTED_BYTES {
        return Err(RuleError::TooManyMoves {
            game: game.to_string(),
            limit: MAX_LISTED_MOVES,
        });
    }
    if bytes > max_memory {
        return Err(RuleError::Search {
            game: game.to_string(),
            source: SearchError::OutOfMemory { limit: max_memory },
        });
    }
    Ok(())
}

impl RuleError {
    /// The column of the position or parameters where the problem is, counted from 1; none
    /// for a problem of the whole.
    pub fn column(&self) -> Option<usize> {
        match self {
            RuleError::BadParameters { reason, .. } | RuleError::BadPosition { reason, .. } => {
                reason.offset.map(|offset| offset + 1)
            }
            _ => None,
        }
    }

    /// The limit that stopped the computation, if one did: raising it may let it finish.
    pub fn limit_hint(&self) -> Option<Limit> {
        match self {
            RuleError::Search { source, .. } => source.limit_hint(),
            _ => None,
        }
    }
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

    /// The same position with the other player to move, for a notation that records whose
    /// turn it is (Poker Nim's chips in hand, Northcott's colour): a move in another
    /// component of a sum passes the turn here too. `None` where the notation does not say.
    fn passed(&self, _position: &Self::Position) -> Option<Self::Position> {
        None
    }

    /// Why play has ended at a position without moves, where the rules say more than that
    /// the player to move has none (in Hex, who has joined their edges).
    fn game_over(&self, _position: &Self::Position) -> Option<String> {
        None
    }

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

    /// What one heap may become, for the games whose positions are rows of heaps each moved
    /// in alone: the rule a misère quotient is made from.
    fn heap_rule(&self) -> Option<&dyn HeapRule> {
        None
    }

    /// The heaps of a position, for a game with a [`heap_rule`](Self::heap_rule).
    fn heaps_of(&self, _position: &Self::Position) -> Option<Vec<u64>> {
        None
    }

    /// The position of a row of heaps, for a game with a [`heap_rule`](Self::heap_rule).
    fn of_heaps(&self, _heaps: Vec<u64>) -> Option<Self::Position> {
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
