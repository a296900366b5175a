//! Partizan rulesets: Left and Right have different moves, and a position's value is a short
//! game in a [`Store`] (chapters 5–9).
//!
//! A ruleset says what the moves are; the [`Solver`] does the rest: it splits positions into
//! independent components, finds each component's canonical value once (keyed by its
//! [`Partizan::representative`]) and adds the values in the store.

mod misere;
mod outcome;
mod solver;

pub use misere::MisereSearch;
pub use outcome::{MoveBounds, OutcomeSearch};
pub use solver::Solver;

use crate::engine::{Footprint, Outcome, SearchError};
use crate::short::{GameId, Store, StoreResult};
use std::hash::Hash;

/// A partizan ruleset: the moves of each player from a position. Like
/// [`Impartial`](crate::impartial::Impartial), the ruleset is a value (it carries any
/// parameters) and positions are plain data.
pub trait Partizan {
    /// A position. Small, cheap to clone and hash; its [`Footprint`] counts against the
    /// memory limit of a search.
    type Position: Clone + Eq + Hash + Footprint;

    /// The positions Left can move to.
    fn left_options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// The positions Right can move to.
    fn right_options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// An upper bound on the number of either player's options, for positions whose list
    /// of options could be too long to hold (ten thousand piles, each option a copy of them
    /// all): whoever lists options checks it against the memory limit first. `None` means
    /// the list is always small enough.
    fn option_bound(&self, _position: &Self::Position) -> Option<u64> {
        None
    }

    /// Splits `position` into independent components (their sum is the position), pushing
    /// them on `parts`. The default is the position itself. A component with no moves at all
    /// may be left out: its value is 0.
    fn components(&self, position: Self::Position, parts: &mut Vec<Self::Position>) {
        parts.push(position);
    }

    /// A representative of the positions equal to `position` by a symmetry of the rules
    /// (a reflection of a board, say), so that they are solved once. It is not the canonical
    /// form of the theory (a value in the [`Store`]), which equal positions share whatever
    /// their symmetries: positions with the same representative must be the same game, but
    /// equal games may have different representatives.
    fn representative(&self, position: Self::Position) -> Self::Position {
        position
    }

    /// A position whose value is the negative of this one's: the same position with the
    /// players' roles swapped (a Domineering board turned a quarter, a Hackenbush picture with
    /// blue and red exchanged), if the rules have such a symmetry. The solver then finds a
    /// component's value from its mirror image's when it has solved that one. `None` is
    /// always correct.
    fn negation(&self, _position: &Self::Position) -> Option<Self::Position> {
        None
    }

    /// Whether an [`OutcomeSearch`] should find `component`'s canonical value rather than
    /// search its moves: true where the value is cheap (a region of a few squares), so that
    /// sums of such components are decided by adding values. `false` is always correct.
    fn worth_valuing(&self, _component: &Self::Position) -> bool {
        false
    }

    /// Bounds on how many moves each player can make in `position` whatever the other does,
    /// if the ruleset knows some ([`MoveBounds`] says what they must mean): an
    /// [`OutcomeSearch`] decides a position where one player has more moves in hand than the
    /// other can make, and tries moves best first by them. `None` is always correct.
    fn move_bounds(&self, _position: &Self::Position) -> Option<MoveBounds> {
        None
    }

    /// The value of a component by a closed form, when the ruleset knows one. It must never
    /// be wrong; `None` is always correct. Every such hook is checked against search in a
    /// test.
    fn known_value(
        &self,
        _component: &Self::Position,
        _store: &mut Store,
    ) -> Option<StoreResult<GameId>> {
        None
    }
}

/// A search of whole positions for who wins moving first (under misère play, or for the
/// outcome alone), and so the outcome class and each winning move.
pub trait WinSearch<P> {
    /// Whether `mover`, to move first in `position`, wins.
    fn wins_moving_first(&mut self, position: &P, mover: Player) -> Result<bool, SearchError>;

    /// Who wins `position`: whether Left wins moving first, and whether Right does.
    fn outcome(&mut self, position: &P) -> Result<Outcome, SearchError> {
        let left_first = self.wins_moving_first(position, Player::Left)?;
        let right_first = self.wins_moving_first(position, Player::Right)?;
        Ok(Outcome::from_starts(left_first, right_first))
    }

    /// Whether `player`'s move to `option` wins: the other player, to move there, loses.
    fn move_wins(&mut self, option: &P, player: Player) -> Result<bool, SearchError> {
        Ok(!self.wins_moving_first(option, player.opponent())?)
    }
}

/// A player of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Player {
    /// Left: a game greater than 0 is a win for Left.
    Left,
    /// Right: a game less than 0 is a win for Right.
    Right,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Player::Left => "Left",
            Player::Right => "Right",
        })
    }
}
