//! What an analysis finds, typed: the outcome, the value of the kind the game has, and the
//! best moves of each player with the positions they lead to. Text is made at the edge (the
//! command line, a server, a notebook), from these types.

use super::{Kind, Position, RuleError};
use crate::engine::{Outcome, Play};
use crate::graph::Gamma;
use crate::loopy::Sided;
use crate::number::Dyadic;
use crate::ordinal::Ordinal;
use crate::partizan::Player;
use crate::short::{GameId, Store, StoreResult};
use num_traits::ToPrimitive;
use std::fmt;

/// The analysis of a position or a sum of positions.
#[derive(Debug)]
#[non_exhaustive]
pub struct Analysis {
    /// The kind of the whole: partizan if any component is, else loopy if any component
    /// may loop, else impartial.
    pub kind: Kind,
    /// The play convention it was analysed under.
    pub play: Play,
    /// Who wins: P, N or D for impartial games, L, R, P or N for partizan ones.
    pub outcome: Outcome,
    /// The value; none under misère play (it has no values that add), or where
    /// [`Analysis::value_unknown`] says why.
    pub value: Option<Value>,
    /// Why the value is missing under normal play: its search was past the limits, though a
    /// closed form gave the outcome and the moves, or a loopy game's sides were not found
    /// though its graph gave them.
    pub value_unknown: Option<RuleError>,
    /// The first best moves of each player (as many as were asked for, for each): the moves
    /// that win for the player who makes them moving first, or where nothing wins and the
    /// game may loop, the moves that keep a draw.
    pub moves: Vec<Move>,
    /// How many best moves each player has in all; none where [`Analysis::moves_unknown`]
    /// says why.
    pub move_counts: Option<MoveCounts>,
    /// Why the moves are unknown though the outcome is known: finding them needs a search
    /// past the limits, or a component of a sum has too many moves to list.
    pub moves_unknown: Option<RuleError>,
}

impl Analysis {
    /// An analysis of `outcome` with no moves found yet.
    pub(crate) fn new(kind: Kind, play: Play, outcome: Outcome, value: Option<Value>) -> Self {
        Analysis {
            kind,
            play,
            outcome,
            value,
            value_unknown: None,
            moves: Vec::new(),
            move_counts: None,
            moves_unknown: None,
        }
    }

    /// What the best moves achieve: a draw where nobody can force a win, else a win.
    pub fn move_result(&self) -> MoveResult {
        match self.outcome {
            Outcome::D => MoveResult::Draws,
            _ => MoveResult::Wins,
        }
    }
}

/// The value of a position, of the kind its game has.
#[derive(Debug)]
#[non_exhaustive]
pub enum Value {
    /// The nimber `*n`: the Sprague–Grundy value of an impartial position.
    Nimber(u64),
    /// A canonical short game (a partizan position, or a sum with a partizan component).
    Game(Box<ShortGame>),
    /// The generalised Sprague–Grundy value of a position from which play may go round a
    /// cycle: a number, or infinity with the finite values of its options.
    Gamma(Gamma),
    /// The Sprague–Grundy value of a position with infinitely many options (ordinal Nim):
    /// the nimber `*α` of an ordinal `α`.
    Transfinite(Ordinal),
    /// The value of a partizan game that may go round a cycle and is not equal to a short
    /// game: a stopper, or its onside and offside.
    Loopy(Box<Sided>),
}

impl Value {
    /// The nim value, where the value is a nimber (a finite γ is one).
    pub fn nim_value(&self) -> Option<u64> {
        match self {
            Value::Nimber(n) => Some(*n),
            Value::Game(game) => game.nim_value(),
            Value::Gamma(gamma) => gamma.finite(),
            Value::Transfinite(ordinal) => ordinal.to_finite().and_then(|n| n.to_u64()),
            Value::Loopy(_) => None,
        }
    }

    /// The value as the texts write it (`*3`, `{2|-1/2}`, `inf(0,2)`); none for a canonical
    /// form longer than [`MAX_SHOWN_VALUE`] characters, which shares options in the store
    /// and may be exponentially longer written out.
    pub fn show(&self) -> Option<String> {
        match self {
            Value::Nimber(n) => Some(nimber_text(*n)),
            Value::Game(game) => game.show(),
            Value::Gamma(gamma) => Some(gamma.to_string()),
            Value::Transfinite(ordinal) => Some(ordinal.nimber().to_string()),
            Value::Loopy(sided) => sided.show_within(MAX_SHOWN_VALUE),
        }
    }

    /// The stops, mean and temperature, where the value is a short game (a nimber is one).
    pub fn stops(&self) -> Option<Stops> {
        match self {
            Value::Game(game) => Some(game.stops.clone()),
            other => other.nim_value().map(Stops::of_nimber),
        }
    }
}

/// The longest canonical form written out: a form shares options, so its text can be
/// exponentially longer than the store that holds it.
pub const MAX_SHOWN_VALUE: usize = 1 << 20;

/// The longest position a report writes out: a move from a longer position is described by
/// what it changes alone, so that a report grows linearly with the position.
pub const MAX_SHOWN_POSITION: usize = 1000;

/// A nimber as the texts write it: `0`, `*`, `*2`.
fn nimber_text(n: u64) -> String {
    match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}

/// A canonical short game with the store that holds it, and the invariants read off it.
pub struct ShortGame {
    store: Store,
    id: GameId,
    stops: Stops,
}

impl ShortGame {
    /// The game `id` of `store`, with its stops read.
    pub(crate) fn new(mut store: Store, id: GameId) -> StoreResult<ShortGame> {
        let stops = Stops {
            is_number: store.is_number(id),
            left_stop: store.left_stop(id)?,
            right_stop: store.right_stop(id)?,
            mean: store.mean(id)?,
            temperature: store.temperature(id)?,
        };
        Ok(ShortGame { store, id, stops })
    }

    /// The game's id in [`ShortGame::store`].
    pub fn id(&self) -> GameId {
        self.id
    }

    /// The store that holds the game, to compute more of it (its thermograph, say).
    pub fn store(&mut self) -> &mut Store {
        &mut self.store
    }

    /// The nim value, where the game is a nimber (`*` is 1) that fits in 64 bits.
    pub fn nim_value(&self) -> Option<u64> {
        let nus = self.store.as_nus(self.id)?;
        let nimber = nus.number.is_zero() && nus.ups == 0;
        nimber.then(|| u64::try_from(nus.nim).ok()).flatten()
    }

    /// The canonical form as the texts write it, if it is at most [`MAX_SHOWN_VALUE`]
    /// characters long.
    pub fn show(&self) -> Option<String> {
        self.store.show_within(self.id, MAX_SHOWN_VALUE)
    }
}

impl fmt::Debug for ShortGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.show() {
            Some(text) => f.write_str(&text),
            None => write!(f, "{:?}", self.id),
        }
    }
}

/// Where a short game stops when each player starts, its mean and its temperature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stops {
    /// Whether the game is a number.
    pub is_number: bool,
    /// Where play stops when Left starts.
    pub left_stop: Dyadic,
    /// Where play stops when Right starts.
    pub right_stop: Dyadic,
    /// The mean value: the mast of the thermograph.
    pub mean: Dyadic,
    /// The temperature: where the thermograph's walls meet the mast.
    pub temperature: Dyadic,
}

impl Stops {
    /// The stops of `*n`: every stop and the mean are 0, and the temperature is 0, but −1 for
    /// the number 0 itself.
    fn of_nimber(n: u64) -> Stops {
        let zero = Dyadic::from(0i64);
        Stops {
            is_number: n == 0,
            left_stop: zero.clone(),
            right_stop: zero.clone(),
            mean: zero.clone(),
            temperature: if n == 0 { Dyadic::from(-1i64) } else { zero },
        }
    }
}

/// Who may make a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mover {
    /// Either player: in an impartial game both have the same moves, and a move that wins
    /// wins for whoever makes it.
    Either,
    /// Left.
    Left,
    /// Right.
    Right,
}

impl From<Player> for Mover {
    fn from(player: Player) -> Mover {
        match player {
            Player::Left => Mover::Left,
            Player::Right => Mover::Right,
        }
    }
}

impl fmt::Display for Mover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mover::Either => "either",
            Mover::Left => "left",
            Mover::Right => "right",
        })
    }
}

/// What a best move achieves for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveResult {
    /// It wins against every reply.
    Wins,
    /// Nothing wins; it keeps the draw.
    Draws,
}

/// One best move: who makes it, what it achieves, and where it leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Who may make it.
    pub mover: Mover,
    /// What it achieves.
    pub result: MoveResult,
    /// The component it is made in (0 for a single position).
    pub component: usize,
    /// The component's position after it.
    pub to: Position,
}

/// How many best moves each player has.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveCounts(Vec<(Mover, u64)>);

impl MoveCounts {
    /// The count of moves that either player may make.
    pub(crate) fn either(count: u64) -> MoveCounts {
        MoveCounts(vec![(Mover::Either, count)])
    }

    /// The count of `mover`'s moves, where it was counted.
    pub fn get(&self, mover: Mover) -> Option<u64> {
        self.0.iter().find(|(m, _)| *m == mover).map(|(_, n)| *n)
    }

    /// Each mover counted, with the count, in the order they were counted.
    pub fn iter(&self) -> impl Iterator<Item = (Mover, u64)> + '_ {
        self.0.iter().copied()
    }

    /// Sets the count of `mover`'s moves.
    pub(crate) fn set(&mut self, mover: Mover, count: u64) {
        match self.0.iter_mut().find(|(m, _)| *m == mover) {
            Some(slot) => slot.1 = count,
            None => self.0.push((mover, count)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nimbers_print_as_in_the_texts() {
        assert_eq!(Value::Nimber(0).show().as_deref(), Some("0"));
        assert_eq!(Value::Nimber(1).show().as_deref(), Some("*"));
        assert_eq!(Value::Nimber(13).show().as_deref(), Some("*13"));
        let largest = Value::Nimber(u64::MAX).show();
        assert_eq!(largest, Some(format!("*{}", u64::MAX)));
    }

    #[test]
    fn a_nimber_stops_at_0_and_is_hot_only_as_zero_is_not() {
        let star = Value::Nimber(5).stops().unwrap();
        assert_eq!(
            (star.is_number, star.temperature),
            (false, Dyadic::from(0i64))
        );
        let zero = Value::Nimber(0).stops().unwrap();
        assert_eq!(
            (zero.is_number, zero.temperature),
            (true, Dyadic::from(-1i64))
        );
    }
}
