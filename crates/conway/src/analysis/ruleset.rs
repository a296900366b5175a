//! What a ruleset says about itself, once (its name, kind, parameters, notation, misère play
//! and an example), and the [`Ruleset`] made from that declaration, which reads positions.

use super::{OutcomeSequence, Position, RuleError};
use crate::engine::{Limits, Play, Progress};
use crate::heap::{Genus, Quotient, Sequence};
use crate::text::ParseError;
use serde::{Serialize, Serializer};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The kind of game a ruleset declares itself to be: it says how its positions are valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Both players have the same moves and play always ends: a position's value is a nimber
    /// (the Sprague–Grundy theory).
    Impartial,
    /// Left and Right have different moves and play always ends: a position's value is a
    /// short game in canonical form.
    Partizan,
    /// Both players have the same moves, but play may go round a cycle: a position is
    /// analysed on its explicit game graph (win, loss or draw, and the generalised
    /// Sprague–Grundy value γ), unless a closed form answers.
    Loopy,
    /// Left and Right have different moves and play may go round a cycle: a position's
    /// value is a loopy game (a stopper, or its onside and offside), and its outcome and
    /// best moves come from its explicit game graph.
    #[serde(rename = "loopy-partizan")]
    LoopyPartizan,
}

impl Kind {
    /// Whether both players have the same moves.
    pub fn is_impartial(self) -> bool {
        matches!(self, Kind::Impartial | Kind::Loopy)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Impartial => "impartial",
            Kind::Partizan => "partizan",
            Kind::Loopy => "loopy",
            Kind::LoopyPartizan => "loopy-partizan",
        })
    }
}

/// How much a computation may do, and whom to tell how it goes.
#[derive(Default)]
pub struct Budget {
    /// The work and memory it may take.
    pub limits: Limits,
    /// Hears the amount of work done so far, now and then.
    pub progress: Option<Progress>,
    /// Set from outside (Ctrl-C) to stop the computation with
    /// [`SearchError::Interrupted`](crate::engine::SearchError::Interrupted).
    pub interrupt: Option<Arc<AtomicBool>>,
}

/// Why a game has no misère quotient here.
pub(crate) const NOT_HEAPS: &str = "misère quotients are of games on rows of heaps, each moved in alone (octal and hexadecimal codes, subtraction games, Kayles, ...)";

/// A ruleset made from its declaration, with its parameters: it reads positions.
pub trait Ruleset: Send + Sync {
    /// The declaration it was made from.
    fn info(&self) -> &'static RuleInfo;

    /// The full name with parameters, e.g. `subtraction:1,3,4`.
    fn name(&self) -> String;

    /// The kind of game, as the declaration says.
    fn kind(&self) -> Kind {
        self.info().kind
    }

    /// The play convention used when `asked` is asked for: misère Nim is always misère.
    fn play(&self, asked: Play) -> Play;

    /// Reads a position in the ruleset's notation.
    fn parse(&self, text: &str) -> Result<Position, RuleError> {
        self.parse_under(text, Play::Normal)
    }

    /// Reads a position of the rules of `play`: misère rules may reach positions that
    /// normal play never does (the silver dollar in the bag).
    fn parse_under(&self, text: &str, play: Play) -> Result<Position, RuleError>;

    /// The nim values of one heap of each size `0..=n`, for one-heap games, with their period.
    fn sequence(&self, n: u64, budget: Budget) -> Result<Sequence<'_>, RuleError>;

    /// The misère quotient of the positions made of heaps up to `largest`, proved, for the
    /// games whose positions are rows of heaps; `level` hears of each heap size as its
    /// quotient is proved, with the quotient's order.
    fn misere_quotient(
        &self,
        _largest: u64,
        _budget: Budget,
        _level: &mut dyn FnMut(u64, usize),
    ) -> Result<Quotient, RuleError> {
        Err(RuleError::Unsupported {
            game: self.name(),
            what: NOT_HEAPS,
        })
    }

    /// Conway's misère genus of a row of heaps, for the games whose positions are rows of
    /// heaps.
    fn genus(&self, _heaps: &[u64], _budget: Budget) -> Result<Genus, RuleError> {
        Err(RuleError::Unsupported {
            game: self.name(),
            what: NOT_HEAPS,
        })
    }

    /// The outcome classes of one pile of each size `0..=n` under `play`, with their period,
    /// for games whose piles are partizan (partizan subtraction games).
    fn outcome_sequence(
        &self,
        _n: u64,
        _play: Play,
        _budget: Budget,
    ) -> Result<OutcomeSequence, RuleError> {
        Err(RuleError::Unsupported {
            game: self.name(),
            what: "outcome sequences are of one-pile partizan games such as partizan-subtraction:1,3/2,4; for the nim values of a heap game use `conway seq`",
        })
    }
}

/// What a ruleset says about itself.
#[derive(Clone, Copy, Serialize)]
pub struct RuleInfo {
    /// The name, without parameters: `subtraction`.
    pub name: &'static str,
    /// How its positions are valued.
    pub kind: Kind,
    /// The parameters it takes after a colon.
    pub params: Params,
    /// The rules in a sentence or two.
    pub summary: &'static str,
    /// How positions are written.
    pub notation: &'static str,
    /// What misère play (`--misere`) means for this game, or why it is not supported.
    pub misere: &'static str,
    /// A position to try, as a full command-line example.
    pub example: &'static str,
    /// Makes the ruleset from the text after the name's colon.
    #[serde(skip)]
    pub build: Build,
}

/// Makes a ruleset from its declaration and the text after the name's colon, if any.
pub type Build = fn(&'static RuleInfo, Option<&str>) -> Result<Box<dyn Ruleset>, ParseError>;

/// The parameters a ruleset takes after a colon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Params {
    /// None: the name alone.
    None,
    /// Required: their name in the documentation (`S`) and an example (`1,3,4`).
    Required {
        /// Their name in the documentation.
        name: &'static str,
        /// An example.
        example: &'static str,
    },
    /// Optional: the one word that may follow (`own`).
    Optional {
        /// The word.
        name: &'static str,
    },
}

impl Serialize for Params {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Params::None => serializer.serialize_none(),
            Params::Required { name, .. } | Params::Optional { name } => {
                serializer.serialize_some(name)
            }
        }
    }
}

impl RuleInfo {
    /// How the name is written with its parameters: `subtraction:S`, `growing[:own]`.
    pub fn usage(&self) -> String {
        match self.params {
            Params::None => self.name.to_string(),
            Params::Required { name, .. } => format!("{}:{name}", self.name),
            Params::Optional { name } => format!("{}[:{name}]", self.name),
        }
    }
}

impl fmt::Debug for RuleInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.usage())
    }
}
