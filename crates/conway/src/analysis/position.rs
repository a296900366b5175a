//! A position of some ruleset, parsed once: typed inside (it holds its ruleset and a
//! `G::Position`), opaque outside, so that analysing it, listing its moves, playing it and
//! summing it with positions of other games never goes back to text, and a move typed by a
//! player is compared with the options as a position, not as a string.
//!
//! A position is of the kind its ruleset declares: an impartial position (which may loop, for
//! a loopy ruleset) or a partizan one. Each kind has its own face, with only the questions that
//! make sense for it.

use super::{Analysis, Budget, Kind, Move, Request, RuleError, Sum};
use crate::engine::{Footprint, Play};
use crate::graph::GraphReport;
use crate::loopy::Sided;
use crate::partizan::Player;
use crate::short::{GameId, Store};
use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A position of some ruleset, parsed once.
#[derive(Clone)]
pub struct Position(pub(super) Face);

/// The two faces a position can have.
#[derive(Clone)]
pub(super) enum Face {
    /// Both players have the same moves (impartial and loopy rulesets).
    Impartial(Arc<dyn ImpartialFace>),
    /// Left and Right have their own moves.
    Partizan(Arc<dyn PartizanFace>),
}

impl Position {
    /// The name of its game, with parameters.
    pub fn game(&self) -> &str {
        match &self.0 {
            Face::Impartial(p) => p.game(),
            Face::Partizan(p) => p.game(),
        }
    }

    /// The kind of its game.
    pub fn kind(&self) -> Kind {
        match &self.0 {
            Face::Impartial(p) => p.kind(),
            Face::Partizan(p) if p.loops() => Kind::LoopyPartizan,
            Face::Partizan(_) => Kind::Partizan,
        }
    }

    /// The position in its game's notation.
    pub fn show(&self) -> String {
        match &self.0 {
            Face::Impartial(p) => p.show(),
            Face::Partizan(p) => p.show(),
        }
    }

    /// The typed position inside, if it is a `P`: what a ruleset of one's own
    /// ([`ImpartialRules`](super::ImpartialRules), [`PartizanRules`](super::PartizanRules))
    /// made it from.
    pub fn typed<P: 'static>(&self) -> Option<&P> {
        match &self.0 {
            Face::Impartial(p) => p.typed_position().downcast_ref(),
            Face::Partizan(p) => p.typed_position().downcast_ref(),
        }
    }

    /// Reads another position of the same ruleset, under the rules of `play`.
    pub fn parse_another(&self, text: &str, play: Play) -> Result<Position, RuleError> {
        match &self.0 {
            Face::Impartial(p) => p.parse_another(text, play),
            Face::Partizan(p) => p.parse_another(text, play),
        }
    }

    /// Every move of `player` under the rules of `play` (in an impartial game both players
    /// have the same moves; misère rules may list a move that normal play leaves out).
    pub fn moves(&self, player: Player, play: Play) -> Result<Vec<Position>, RuleError> {
        match &self.0 {
            Face::Impartial(p) => p.options(play),
            Face::Partizan(p) => p.options(player),
        }
    }

    /// Whether `to` is one move of `player` away, without listing the moves where the game
    /// can tell otherwise (a heap of ordinal Nim has infinitely many).
    pub fn is_move(&self, player: Player, to: &Position, play: Play) -> Result<bool, RuleError> {
        match (&self.0, &to.0) {
            (Face::Impartial(p), Face::Impartial(to)) => p.is_option(to.as_ref(), play),
            _ => Ok(self.moves(player, play)?.contains(to)),
        }
    }

    /// One move of `player`, without listing the moves where the game can tell otherwise;
    /// none where there is no move.
    pub fn any_move(&self, player: Player, play: Play) -> Result<Option<Position>, RuleError> {
        match &self.0 {
            Face::Impartial(p) => p.any_option(play),
            Face::Partizan(_) => Ok(self.moves(player, play)?.into_iter().next()),
        }
    }

    /// The same position after a move elsewhere in a sum: with the other player to move,
    /// where the notation records whose turn it is, else the same.
    pub(super) fn passed(&self) -> Position {
        match &self.0 {
            Face::Impartial(p) => p.passed().unwrap_or_else(|| self.clone()),
            Face::Partizan(_) => self.clone(),
        }
    }

    /// Why play has ended here, where the rules say more than that the player to move has
    /// no move: "White has joined top and bottom".
    pub fn game_over(&self) -> Option<String> {
        match &self.0 {
            Face::Impartial(p) => p.game_over(),
            Face::Partizan(_) => None,
        }
    }

    /// What `player`'s move from here to `to`, one of [`Position::moves`], does.
    pub fn describe_move(&self, player: Player, to: &Position) -> String {
        match (&self.0, &to.0) {
            (Face::Impartial(p), Face::Impartial(to)) => p.describe_move(to.as_ref()),
            (Face::Partizan(p), Face::Partizan(to)) => p.describe_move(player, to.as_ref()),
            _ => format!("to a position of {}", to.game()),
        }
    }

    /// Outcome, value and the best moves of each player asked for: the analysis of the
    /// position as a sum of one.
    pub fn analyse(&self, request: &Request<'_>) -> Result<Analysis, RuleError> {
        Sum::of(self.clone()).analyse(request)
    }

    /// The value under normal play as a short game in `store` (an impartial position's is its
    /// nimber), so that it can join other values of that store.
    pub fn value_in(&self, store: &mut Store, budget: Budget) -> Result<GameId, RuleError> {
        self.0.valuer(budget)?.value(store)
    }

    /// The value under normal play as a short game in `store`, and each move of each of
    /// `players` with the value of the position it leads to, all found by one solver, which
    /// keeps what it solves between them (the options share most of their parts with the
    /// position): what a table of every move and its value needs, without solving each
    /// option afresh. `each` hears the player, the move's position and its value (in
    /// `store`), and says whether it wants more of that player's moves.
    pub fn value_with_moves(
        &self,
        players: &[Player],
        store: &mut Store,
        budget: Budget,
        each: &mut dyn FnMut(Player, Position, GameId) -> bool,
    ) -> Result<GameId, RuleError> {
        let mut valuer = self.0.valuer(budget)?;
        let value = valuer.value(store)?;
        for &player in players {
            valuer.options(player, store, &mut |_, to, option| {
                Ok(each(player, to, option))
            })?;
        }
        Ok(value)
    }

    /// Every position reachable from this one, with its moves and outcome: the game graph
    /// of Definition 1.4, labelled by retrograde analysis (its P-positions are the kernel of
    /// Theorem 1.1 where no position is a draw).
    pub fn graph(&self, play: Play, budget: Budget) -> Result<GraphReport, RuleError> {
        match &self.0 {
            Face::Impartial(p) => p.graph(play, budget),
            Face::Partizan(_) => Err(RuleError::Unsupported {
                game: self.game().to_string(),
                what: "the game graph of a partizan game is not drawn yet: it needs Left's and Right's moves apart",
            }),
        }
    }
}

/// Positions are equal when they are the same position of the same ruleset (the same name
/// and parameters), whichever call made the ruleset.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        match (&self.0, &other.0) {
            (Face::Impartial(a), Face::Impartial(b)) => a.same(b.as_ref()),
            (Face::Partizan(a), Face::Partizan(b)) => a.same(b.as_ref()),
            _ => false,
        }
    }
}

impl Eq for Position {}

/// A position holds its typed position and its ruleset's handle, behind a shared pointer.
impl Footprint for Position {
    fn footprint(&self) -> usize {
        let inside = match &self.0 {
            Face::Impartial(p) => p.footprint(),
            Face::Partizan(p) => p.footprint(),
        };
        size_of::<Position>() + 2 * size_of::<usize>() + inside
    }
}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write(self.game().as_bytes());
        state.write_u64(match &self.0 {
            Face::Impartial(p) => p.hash_position(),
            Face::Partizan(p) => p.hash_position(),
        });
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.game(), self.show())
    }
}

/// The hash of a typed position, by which [`Position`]s of one game are hashed.
pub(super) fn hash_of(position: &impl Hash) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    position.hash(&mut hasher);
    hasher.finish()
}

/// A typed impartial position, behind [`Position`]. Normal-play values are nimbers (or, for
/// a loopy ruleset, generalised Sprague–Grundy values).
pub(super) trait ImpartialFace: Send + Sync {
    fn game(&self) -> &str;
    fn kind(&self) -> Kind;
    fn show(&self) -> String;
    fn parse_another(&self, text: &str, play: Play) -> Result<Position, RuleError>;
    fn options(&self, play: Play) -> Result<Vec<Position>, RuleError>;
    /// Whether `to` is one move away: for play where the moves are too many to list.
    fn is_option(&self, to: &dyn ImpartialFace, play: Play) -> Result<bool, RuleError> {
        Ok(self.options(play)?.iter().any(|option| match &option.0 {
            Face::Impartial(option) => option.same(to),
            Face::Partizan(_) => false,
        }))
    }
    /// One move, the engine's where every move loses and they are too many to list; none
    /// where there is no move.
    fn any_option(&self, play: Play) -> Result<Option<Position>, RuleError> {
        Ok(self.options(play)?.into_iter().next())
    }
    fn describe_move(&self, to: &dyn ImpartialFace) -> String;
    /// The same position with the other player to move, where its notation records the
    /// mover.
    fn passed(&self) -> Option<Position>;
    /// Why play has ended here, where the rules say more than that nobody can move.
    fn game_over(&self) -> Option<String>;
    /// The analysis of this position alone: the first `keep` best moves go to `each` as
    /// they are found, with the analysis so far (whole but for its moves).
    fn analyse(
        &self,
        play: Play,
        keep: usize,
        budget: Budget,
        each: &mut dyn FnMut(&Analysis, Position) -> bool,
    ) -> Result<Analysis, RuleError>;
    /// The nim value under normal play, for sums.
    fn nim_value(&self, budget: Budget) -> Result<u64, RuleError>;
    /// The moves to positions of nim value `value` (normal play): the first `keep` go to
    /// `each` as they are found, and `each` says whether it wants more; returns how many
    /// there are.
    fn moves_to_value(
        &self,
        value: u64,
        keep: usize,
        budget: Budget,
        each: &mut dyn FnMut(Position) -> bool,
    ) -> Result<u64, RuleError>;
    /// Values this position and its options as nimbers in a store, for sums with partizan
    /// components.
    fn valuer(&self, budget: Budget) -> Result<Box<dyn Valuer + '_>, RuleError>;
    fn graph(&self, play: Play, budget: Budget) -> Result<GraphReport, RuleError>;
    fn same(&self, other: &dyn ImpartialFace) -> bool;
    /// The bytes the position holds, for the limits of a search that keeps many.
    fn footprint(&self) -> usize;
    /// A hash of the position alone, consistent with [`ImpartialFace::same`].
    fn hash_position(&self) -> u64;
    fn as_any(&self) -> &dyn Any;
    /// The typed position, for [`Position::typed`].
    fn typed_position(&self) -> &dyn Any;
}

/// A typed partizan position, behind [`Position`]. Values are short games.
pub(super) trait PartizanFace: Send + Sync {
    fn game(&self) -> &str;
    fn show(&self) -> String;
    fn parse_another(&self, text: &str, play: Play) -> Result<Position, RuleError>;
    fn options(&self, player: Player) -> Result<Vec<Position>, RuleError>;
    fn describe_move(&self, player: Player, to: &dyn PartizanFace) -> String;
    /// Whether play may go round a cycle: the value is then a loopy game, not a short one,
    /// and the position alone is analysed on its game graph under either play.
    fn loops(&self) -> bool;
    /// The analysis of this position alone by a search of the whole, under misère play, and
    /// under either play where [`PartizanFace::loops`]: the outcome and the best moves of
    /// each player asked for, the first `keep` of each to `each` (with the analysis but for
    /// its moves); the value only for a loopy game under normal play.
    fn analyse_whole(
        &self,
        request: &Request<'_>,
        each: &mut dyn FnMut(&Analysis, Move) -> bool,
    ) -> Result<Analysis, RuleError>;
    /// Values this position and its options in a store.
    fn valuer(&self, budget: Budget) -> Result<Box<dyn Valuer + '_>, RuleError>;
    /// The value as a loopy game (a short game is a stopper), for sums with loopy games.
    fn sided(&self, budget: Budget) -> Result<Sided, RuleError>;
    fn same(&self, other: &dyn PartizanFace) -> bool;
    /// The bytes the position holds, for the limits of a search that keeps many.
    fn footprint(&self) -> usize;
    /// A hash of the position alone, consistent with [`PartizanFace::same`].
    fn hash_position(&self) -> u64;
    fn as_any(&self) -> &dyn Any;
    /// The typed position, for [`Position::typed`].
    fn typed_position(&self) -> &dyn Any;
}

/// Values a position and its options as short games in a store, remembering what it has
/// solved between the two (the options share most of their parts with the position).
pub(super) trait Valuer {
    /// The value of the position.
    fn value(&mut self, store: &mut Store) -> Result<GameId, RuleError>;
    /// Each move of `player` with its value, to `each`, which says whether it wants more.
    fn options(
        &mut self,
        player: Player,
        store: &mut Store,
        each: &mut dyn FnMut(&mut Store, Position, GameId) -> Result<bool, RuleError>,
    ) -> Result<(), RuleError>;
}

impl Face {
    /// The face's valuer, for sums valued as short games.
    pub(super) fn valuer(&self, budget: Budget) -> Result<Box<dyn Valuer + '_>, RuleError> {
        match self {
            Face::Impartial(p) => p.valuer(budget),
            Face::Partizan(p) => p.valuer(budget),
        }
    }

    /// The value as a loopy game, for sums with loopy games.
    pub(super) fn sided(&self, budget: Budget) -> Result<Sided, RuleError> {
        match self {
            Face::Impartial(p) => {
                let limits = budget.limits;
                super::loopy::sided_of_short(p.valuer(budget)?, limits, p.game())
            }
            Face::Partizan(p) => p.sided(budget),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ruleset;

    /// Every move of each player, with the value `value_with_moves` gives it, and the value of
    /// the position.
    fn valued(game: &str, text: &str) -> (Store, GameId, Vec<(Player, Position, GameId)>) {
        let position = ruleset(game).unwrap().parse(text).unwrap();
        let mut store = Store::with_limits(Default::default());
        let mut moves = Vec::new();
        let value = position
            .value_with_moves(
                &[Player::Left, Player::Right],
                &mut store,
                Budget::default(),
                &mut |player, to, value| {
                    moves.push((player, to, value));
                    true
                },
            )
            .unwrap();
        assert_eq!(
            value,
            position.value_in(&mut store, Budget::default()).unwrap()
        );
        (store, value, moves)
    }

    #[test]
    fn value_with_moves_values_every_move_as_a_solve_of_its_own_does() {
        for (game, text) in [
            ("domineering", "...|..."),
            ("nim", "1 2 3"),
            ("toads", "TT..FF"),
        ] {
            let position = ruleset(game).unwrap().parse(text).unwrap();
            let (mut store, _, moves) = valued(game, text);
            for player in [Player::Left, Player::Right] {
                let listed: Vec<Position> = moves
                    .iter()
                    .filter(|(p, _, _)| *p == player)
                    .map(|(_, to, _)| to.clone())
                    .collect();
                assert_eq!(listed, position.moves(player, Play::Normal).unwrap());
            }
            for (_, to, value) in moves {
                let alone = to.value_in(&mut store, Budget::default()).unwrap();
                assert_eq!(value, alone, "{game} {text} -> {to:?}");
            }
        }
    }

    #[test]
    fn value_with_moves_of_domineering_3_by_2() {
        let (store, value, moves) = valued("domineering", "...|...");
        assert_eq!(store.show_within(value, 100).as_deref(), Some("{2|-1/2}"));
        let shown: Vec<(Player, String)> = moves
            .iter()
            .map(|(player, _, v)| (*player, store.show_within(*v, 100).unwrap()))
            .collect();
        let left = |v: &str| (Player::Left, v.to_string());
        let right = |v: &str| (Player::Right, v.to_string());
        assert_eq!(
            shown,
            [
                left("+-1"),
                left("2"),
                left("+-1"),
                right("-1/2"),
                right("-1/2"),
                right("-1/2"),
                right("-1/2")
            ]
        );
    }

    #[test]
    fn value_with_moves_stops_a_players_moves_when_asked() {
        let position = ruleset("nim").unwrap().parse("5 5").unwrap();
        let mut store = Store::with_limits(Default::default());
        let mut heard = 0;
        position
            .value_with_moves(
                &[Player::Left],
                &mut store,
                Budget::default(),
                &mut |_, _, _| {
                    heard += 1;
                    heard < 3
                },
            )
            .unwrap();
        assert_eq!(heard, 3);
    }
}
