//! Impartial games under normal and misère play.
//!
//! A ruleset implements [`Impartial`]: it lists the options of a position and, where it can,
//! splits a position into independent summands. Everything else is generic and written once
//! here: Sprague–Grundy values ([`Solver`]), P/N outcomes under both play conventions, every
//! winning move. The explicit game graph and its kernel are in [`crate::graph`].
//!
//! The ruleset is a value of its own (it carries parameters such as a subtraction set), and
//! positions are plain data, so that a transposition table keys on positions alone.
//!
//! A game of your own needs only its moves. Here, one heap from which a move takes 1, 3 or 4
//! chips (§1.4), whose P-positions are the heaps ≡ 0 or 2 (mod 7):
//!
//! ```
//! use conway::engine::{Outcome, Play};
//! use conway::impartial::{Impartial, Solver};
//!
//! struct TakeOneThreeOrFour;
//!
//! impl Impartial for TakeOneThreeOrFour {
//!     type Position = u64;
//!
//!     fn options(&self, heap: &u64) -> Vec<u64> {
//!         [1, 3, 4].iter().filter(|&&t| t <= *heap).map(|t| heap - t).collect()
//!     }
//! }
//!
//! let mut solver = Solver::new(&TakeOneThreeOrFour);
//! assert_eq!(solver.outcome(&110, Play::Normal), Ok(Outcome::N));
//! assert_eq!(solver.winning_moves(&110, Play::Normal), Ok(vec![107]));
//! assert_eq!(solver.outcome(&9, Play::Normal), Ok(Outcome::P));
//! ```

mod solver;

pub use solver::{MoveSink, Moves, Solver};

use crate::engine::{Footprint, Meter, Outcome, Play, SearchError};
use std::hash::Hash;

/// The rules of an impartial game: both players have the same moves in every position.
///
/// Positions must be finite games: every line of play ends. The solver reports an error
/// rather than loop when a ruleset breaks this.
pub trait Impartial {
    /// A position. Small, cheap to clone and hash; its [`Footprint`] counts against the
    /// memory limit of a search.
    type Position: Clone + Eq + Hash + Footprint;

    /// Every position reachable in one move.
    fn options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// Appends the independent summands of a position to `parts`: a move is a move in
    /// exactly one of them, and the position's nim value is the nim-sum of theirs (Theorem
    /// 3.2). The default is the position itself.
    fn components(&self, position: Self::Position, parts: &mut Vec<Self::Position>) {
        parts.push(position);
    }

    /// A representative of the positions that are the same game as `position` by a symmetry
    /// of the rules (heaps in another order, say), under which transpositions are recognised:
    /// positions with the same representative must be the same game. It is not the canonical
    /// form of the theory (a value), which equal positions share whatever their symmetries.
    fn representative(&self, position: Self::Position) -> Self::Position {
        position
    }

    /// An upper bound on the number of options, for positions whose list of options could be
    /// too long to hold (a Nim heap of a billion chips): whoever lists options checks it
    /// against its budget first. Options much larger than the position count as the meter
    /// counts them, once more per [`crate::engine::BYTES_PER_COUNT`] bytes. `None` means the
    /// list is always small enough.
    fn option_bound(&self, _position: &Self::Position) -> Option<u64> {
        None
    }

    /// A search of the ruleset's own that answers its positions' outcomes and moves in place
    /// of the engine's. For games whose positions record the player to move only so that an
    /// alternating game has impartial options (Hex, Squex): a nimber means nothing to their
    /// players, so such positions have no nim value and join no sum, and their own searches
    /// reach further than the engine's could.
    fn own_search(&self) -> Option<&dyn OwnSearch<Self::Position>> {
        None
    }

    /// The nim value of a single component, where the ruleset knows it in closed form.
    /// The solver trusts it, and tests check it against search.
    fn known_value(&self, _component: &Self::Position) -> Option<u64> {
        None
    }

    /// The normal-play outcome of a whole position, where the ruleset knows it in closed form
    /// but not the nim value (Wythoff's P-positions, Moore's theorem). Outcomes and winning
    /// moves then need no search, even where the value would.
    fn known_outcome(&self, _position: &Self::Position) -> Option<Outcome> {
        None
    }

    /// The misère outcome of a whole position, where the ruleset knows it in closed form.
    fn known_misere_outcome(&self, _position: &Self::Position) -> Option<Outcome> {
        None
    }

    /// The moves of a position that reach `target`, where the ruleset finds them without
    /// listing every option (Bouton's rule finds Nim's among a heap of a billion chips): each
    /// goes to `sink`, in the order in which [`Impartial::options`] lists them. Returns
    /// whether the closed form applies; where it does not, nothing goes to the sink.
    fn known_moves_to(
        &self,
        _position: &Self::Position,
        _target: Target,
        _sink: &mut MoveSink<'_, Self::Position>,
    ) -> bool {
        false
    }
}

/// A ruleset's own search of outcomes and moves: see [`Impartial::own_search`]. Its work and
/// memory are held to the meter's limits, and it stops when the meter is interrupted.
pub trait OwnSearch<P> {
    /// The outcome of `position` under `play`: N, P, or D where neither player can force a
    /// win.
    fn outcome(&self, position: &P, play: Play, meter: &mut Meter) -> Result<Outcome, SearchError>;

    /// The moves to options whose outcome under `play` is `wanted` (P for winning moves, D
    /// for those that keep a draw), to `sink` in the order of [`Impartial::options`].
    fn moves_to(
        &self,
        position: &P,
        play: Play,
        wanted: Outcome,
        sink: &mut MoveSink<'_, P>,
        meter: &mut Meter,
    ) -> Result<(), SearchError>;
}

/// What a move should reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Under normal play, a position of this nim value: 0 for a winning move, another value
    /// for a winning move of a sum that this position is part of.
    Value(u64),
    /// Under misère play, a P-position.
    MisereP,
    /// A draw under the play given: at a draw, the moves that keep it.
    Draw(Play),
}

impl Target {
    /// The target of a winning move.
    pub fn winning(play: Play) -> Target {
        match play {
            Play::Normal => Target::Value(0),
            Play::Misere => Target::MisereP,
        }
    }

    /// The play and the outcome of the options wanted, where an outcome says it (not for a
    /// nim value other than 0).
    pub fn outcome_wanted(self) -> Option<(Play, Outcome)> {
        match self {
            Target::Value(0) => Some((Play::Normal, Outcome::P)),
            Target::MisereP => Some((Play::Misere, Outcome::P)),
            Target::Draw(play) => Some((play, Outcome::D)),
            Target::Value(_) => None,
        }
    }
}

/// A complete analysis of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Who wins under the play asked for: P or N, or D where a ruleset's closed form says
    /// that neither can force a win.
    pub outcome: Outcome,
    /// The nim value (normal play only; misère play has no nim values).
    pub value: Option<u64>,
    /// Why the nim value is missing under normal play: its search was too big, though a
    /// closed form gave the outcome and the winning moves.
    pub value_unknown: Option<SearchError>,
    /// The number of winning moves, i.e. of moves to P-positions (at a draw, of the moves
    /// that keep it); the first of them went to the caller, in the order of `options`. None
    /// where they are unknown.
    pub winning_move_count: Option<u64>,
    /// Why the winning moves are unknown: a closed form gave the outcome (and the value),
    /// but no finder knows the moves and listing every option is past the limits. No move
    /// went to the caller then.
    pub moves_unknown: Option<SearchError>,
}
