//! conway: exact combinatorial game theory.
//!
//! Name a game and a position, and get who wins, the value, and every winning move:
//!
//! ```
//! use conway::engine::Outcome;
//!
//! let analysis = conway::analyse("domineering", "...|...")?;
//! assert_eq!(analysis.outcome, Outcome::N);
//! assert_eq!(analysis.value.unwrap().show().as_deref(), Some("{2|-1/2}"));
//! # Ok::<(), conway::Error>(())
//! ```
//!
//! Impartial games answer the same way, their values nimbers, and their winning moves the
//! positions they lead to (here the only one takes heap 3 from 30 to 12):
//!
//! ```
//! let analysis = conway::analyse("nim", "13 42 30 43")?;
//! assert_eq!(analysis.value.unwrap().nim_value(), Some(18));
//! assert_eq!(analysis.moves[0].to.show(), "13 42 12 43");
//! # Ok::<(), conway::Error>(())
//! ```
//!
//! Short games are written as the texts and CGSuite write them:
//!
//! ```
//! let value = conway::eval("{2||1|0} + ^")?;
//! assert_eq!(value.show().as_deref(), Some("{2^||1^|^}"));
//! assert_eq!(conway::eval("{^ | v} == *")?.show().as_deref(), Some("true"));
//! # Ok::<(), conway::Error>(())
//! ```
//!
//! Behind these three lines the crate follows the layers of the theory. Under everything,
//! [`engine`] holds what every engine shares (outcome classes, limits, bounded tables),
//! [`nimber`] the nim field, [`number`] the exact dyadic numbers, [`ordinal`] the ordinals
//! below ε₀ and [`text`] the reading of numbers in positions. On them stand the engines: impartial games ([`impartial`]), short
//! partizan games in a store of canonical forms ([`short`], [`partizan`]) and games on
//! explicit graphs, cycles allowed ([`graph`]); heap games ([`heap`]) and coin-turning games
//! ([`coin`]) are families of impartial games with engines of their own. The rulesets of the
//! texts are in [`games`], filed by theory, and [`analysis`] is the one face they share: a
//! [`Position`] of any kind, sums of them, and one [`Analysis`]. The expression language
//! ([`lang`]) and the command line sit on top.
//!
//! The typed ways are beside the facade: [`games::ruleset`] reads a game's name,
//! [`analysis::Ruleset::parse`] a position, [`Sum`] adds positions of different games, and a
//! [`Request`] says what to analyse:
//!
//! ```
//! use conway::analysis::{Budget, Mover, Request, Sum};
//! use conway::engine::{Outcome, Play};
//! use conway::games::ruleset;
//!
//! let board = ruleset("domineering")?.parse("..|..")?;
//! let heap = ruleset("nim")?.parse("3")?;
//! let sum = Sum::new(vec![board, heap]);
//! let analysis = sum.analyse(&Request::new(Play::Normal, &Budget::default))?;
//! assert_eq!(analysis.outcome, Outcome::N);
//! // Left's winning moves are in the board, as are Right's.
//! assert!(analysis.moves.iter().all(|m| m.component == 0));
//! assert_eq!(analysis.move_counts.unwrap().get(Mover::Left), Some(2));
//! # Ok::<(), conway::Error>(())
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod coin;
pub mod engine;
pub mod games;
pub mod graph;
pub mod heap;
pub mod impartial;
pub mod lang;
pub mod loopy;
pub mod nimber;
pub mod number;
pub mod ordinal;
pub mod partizan;
pub mod short;
pub mod text;

pub use analysis::{Analysis, Position, Request, Sum, Value};

use analysis::{Budget, RuleError, ShortGame};
use engine::{Limit, Play};
use lang::LangError;
use std::fmt;

/// The analysis of `position` in the game named `game` (with its parameters after a colon,
/// as `subtraction:1,3,4`), under normal play and the default limits: the outcome, the value,
/// and the winning moves of each player (the first [`Request::DEFAULT_KEEP`] of each, with
/// their counts).
pub fn analyse(game: &str, position: &str) -> Result<Analysis, Error> {
    let position = games::ruleset(game)?.parse(position)?;
    Ok(position.analyse(&Request::new(Play::Normal, &Budget::default))?)
}

/// The value of an expression on short games (`{2||1|0} + ^`, `*3 + *5`, `Tiny(2) < ^`):
/// a game in canonical form, or the truth of a comparison.
pub fn eval(expression: &str) -> Result<Evaluated, Error> {
    let mut env = lang::Env::new();
    let value = env.run(expression)?.ok_or_else(|| {
        Error::from(LangError::Syntax {
            column: 1,
            message: "the expression is empty".to_string(),
        })
    })?;
    Ok(match value {
        lang::Value::Bool(truth) => Evaluated::Truth(truth),
        lang::Value::Game(game) => {
            let game = ShortGame::new(env.into_store(), game)
                .map_err(|source| Error::from(LangError::Limit { column: 1, source }))?;
            Evaluated::Game(Box::new(game))
        }
        lang::Value::Ordinal(ordinal) => Evaluated::Ordinal(ordinal),
        lang::Value::Transfinite(ordinal) => Evaluated::Transfinite(ordinal),
        lang::Value::Loopy(sided) => Evaluated::Loopy(sided),
    })
}

/// What an expression evaluates to.
#[derive(Debug)]
#[non_exhaustive]
pub enum Evaluated {
    /// A game, in canonical form, with its store.
    Game(Box<ShortGame>),
    /// The truth of a comparison.
    Truth(bool),
    /// An ordinal, from `ordinal(...)`.
    Ordinal(ordinal::Ordinal),
    /// The nimber `*α` of an infinite ordinal `α`, as `*w`.
    Transfinite(ordinal::Ordinal),
    /// A loopy game that is not short: a stopper (`over`) or a pair of sides (`dud`).
    Loopy(loopy::Sided),
}

impl Evaluated {
    /// As the texts write it: the canonical form (none where it is too long to write out),
    /// or `true` or `false`.
    pub fn show(&self) -> Option<String> {
        match self {
            Evaluated::Game(game) => game.show(),
            Evaluated::Truth(truth) => Some(truth.to_string()),
            Evaluated::Ordinal(ordinal) => Some(ordinal.to_string()),
            Evaluated::Transfinite(ordinal) => Some(ordinal.nimber().to_string()),
            Evaluated::Loopy(sided) => sided.show_within(lang::MAX_SHOWN),
        }
    }
}

/// Why the facade could not answer: a game or position that does not read, an expression
/// that does not evaluate, or a computation past its limits. It answers questions rather than
/// being matched: where ([`Error::column`]) and which limit to raise ([`Error::limit_hint`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(ErrorKind);

#[derive(Clone, Debug, PartialEq, Eq)]
enum ErrorKind {
    Rule(RuleError),
    Lang(LangError),
}

impl Error {
    /// The limit that stopped the computation, if one did: raising it may let it finish.
    pub fn limit_hint(&self) -> Option<Limit> {
        match &self.0 {
            ErrorKind::Rule(error) => error.limit_hint(),
            ErrorKind::Lang(error) => error.limit_hint(),
        }
    }

    /// The column where the problem is, counted from 1, in the text that has it (a position,
    /// a game's parameters, an expression); none for a problem of the whole.
    pub fn column(&self) -> Option<usize> {
        match &self.0 {
            ErrorKind::Rule(error) => error.column(),
            ErrorKind::Lang(error) => error.column(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            ErrorKind::Rule(error) => error.fmt(f),
            ErrorKind::Lang(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

impl From<RuleError> for Error {
    fn from(error: RuleError) -> Self {
        Error(ErrorKind::Rule(error))
    }
}

impl From<LangError> for Error {
    fn from(error: LangError) -> Self {
        Error(ErrorKind::Lang(error))
    }
}

/// The README's Rust examples, run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;
