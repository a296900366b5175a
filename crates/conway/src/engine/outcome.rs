//! Who wins: the outcome classes of every kind of game, and the two play conventions.

use serde::Serialize;
use std::fmt;

/// How the game ends: under normal play the player who cannot move loses, under misère play
/// that player wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins.
    Misere,
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Play::Normal => "normal play",
            Play::Misere => "misère play",
        })
    }
}

/// The outcome class of a position: who wins with perfect play.
///
/// Impartial games are P or N; partizan games are L, R, P or N; games with cycles may also be
/// D, a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// Left wins, whoever moves first.
    L,
    /// Right wins, whoever moves first.
    R,
    /// The previous player (the one who just moved) wins.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither player can force a win: with best play the game goes on for ever.
    D,
}

impl Outcome {
    /// P where `previous_player_wins`, else N.
    pub fn p_if(previous_player_wins: bool) -> Outcome {
        if previous_player_wins {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The outcome class of a short game from whether Left wins moving first and whether
    /// Right does.
    pub fn from_starts(left_first_wins: bool, right_first_wins: bool) -> Outcome {
        match (left_first_wins, right_first_wins) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    /// Whether the player who moves first, Left (`left`) or Right, wins a position of this
    /// outcome; nobody wins a draw.
    pub fn starter_wins(self, left: bool) -> bool {
        match self {
            Outcome::N => true,
            Outcome::L => left,
            Outcome::R => !left,
            Outcome::P | Outcome::D => false,
        }
    }

    /// A one-line explanation for people who do not know the letters.
    pub fn meaning(self) -> &'static str {
        match self {
            Outcome::L => "Left wins, whoever moves first",
            Outcome::R => "Right wins, whoever moves first",
            Outcome::P => "the previous player wins: every move loses",
            Outcome::N => "the next player wins",
            Outcome::D => "a draw: neither player can force a win",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}
