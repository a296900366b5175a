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
/// D, a draw, and partizan games with cycles may be a draw for one starter only (LD, DL, RD,
/// DR: the winner when Left starts, then the winner when Right starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[allow(clippy::upper_case_acronyms)]
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
    /// Left wins moving first; Right moving first draws.
    LD,
    /// Left moving first draws; Left wins when Right moves first.
    DL,
    /// Right wins when Left moves first; Right moving first draws.
    RD,
    /// Left moving first draws; Right wins moving first.
    DR,
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
            Outcome::L | Outcome::LD => left,
            Outcome::R | Outcome::DR => !left,
            Outcome::P | Outcome::D | Outcome::DL | Outcome::RD => false,
        }
    }

    /// Whether the player who moves first, Left (`left`) or Right, can keep the game going
    /// for ever but not win.
    pub fn starter_draws(self, left: bool) -> bool {
        match self {
            Outcome::D => true,
            Outcome::DL | Outcome::DR => left,
            Outcome::LD | Outcome::RD => !left,
            _ => false,
        }
    }

    /// The class as the texts write it: `L`, `R`, `P`, `N`, `D`, or for a draw for one
    /// starter only the winner when Left starts then when Right starts (`LD`).
    pub fn letters(self) -> &'static str {
        match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
            Outcome::LD => "LD",
            Outcome::DL => "DL",
            Outcome::RD => "RD",
            Outcome::DR => "DR",
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
            Outcome::LD => "Left wins moving first; Right moving first can only draw",
            Outcome::DL => "Left moving first can only draw; Left wins when Right moves first",
            Outcome::RD => "Right wins when Left moves first; Right moving first can only draw",
            Outcome::DR => "Left moving first can only draw; Right wins moving first",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letters())
    }
}
