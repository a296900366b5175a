//! Partizan rulesets behind the same face as the impartial ones: a [`PartizanNotation`] reads
//! and writes positions, and a parsed position is a [`Position`] whose value is a short game.

use super::position::{Dynamic, MAX_LISTED_MOVES};
use super::{BestMoves, Budget, Move, Position, Report, RuleError, RuleInfo, Ruleset};
use crate::engine::{Play, SearchError};
use crate::graph::GraphReport;
use crate::heap::Sequence;
use crate::partizan::{Partizan, Player, Solver};
use crate::short::{GameId, Store};
use crate::text::ParseError;
use std::any::Any;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// How a partizan ruleset's positions are written and read, and how a move is described.
pub trait PartizanNotation: Partizan + Sized {
    /// Reads a position.
    fn parse(&self, text: &str) -> Result<Self::Position, ParseError>;
    /// Writes a position so that [`PartizanNotation::parse`] reads it back.
    fn show(&self, position: &Self::Position) -> String;
    /// A short description of `player`'s move from `from` to its option `to`: the same
    /// option may be a move of either player (colouring the last vertex of Col), so the
    /// player is given, not guessed.
    fn describe_move(&self, player: Player, from: &Self::Position, to: &Self::Position) -> String;
    /// The parameters, written as `conway` reads them after the name's colon.
    fn params(&self) -> Option<String> {
        None
    }
}

/// The value of a position in a store, and (when asked for) the value of each move.
#[derive(Clone, Debug)]
pub struct ShortAnalysis {
    pub value: GameId,
    /// Left's moves and their values.
    pub left: Vec<(Position, GameId)>,
    /// Right's moves and their values.
    pub right: Vec<(Position, GameId)>,
}

/// A partizan ruleset made from its declaration.
struct PartizanGame<G> {
    info: &'static RuleInfo,
    name: String,
    rules: G,
}

/// What a partizan game needs to stand behind the dynamic face.
pub(crate) trait PartizanTypeable:
    PartizanNotation<Position: Send + Sync + 'static> + Send + Sync + 'static
{
}

impl<G: PartizanNotation<Position: Send + Sync + 'static> + Send + Sync + 'static> PartizanTypeable
    for G
{
}

/// The [`Ruleset`] of a typed partizan game, named by `info` and the game's parameters.
pub(crate) fn typed_partizan<G: PartizanTypeable>(
    info: &'static RuleInfo,
    rules: G,
) -> Box<dyn Ruleset> {
    let name = match rules.params() {
        Some(params) => format!("{}:{params}", info.name),
        None => info.name.to_string(),
    };
    Box::new(Arc::new(PartizanGame { info, name, rules }))
}

impl<G: PartizanTypeable> PartizanGame<G> {
    fn unsupported(&self, what: &'static str) -> RuleError {
        RuleError::Unsupported {
            game: self.name.clone(),
            what,
        }
    }

    fn search_error(&self, source: SearchError) -> RuleError {
        RuleError::Search {
            game: self.name.clone(),
            source,
        }
    }
}

/// Why a partizan position cannot do what impartial ones do.
const NO_NIM_VALUE: &str = "a partizan game has a short-game value, not a nim value";
const NO_MISERE: &str = "misère play of partizan games is not supported";

impl<G: PartizanTypeable> Ruleset for Arc<PartizanGame<G>> {
    fn info(&self) -> &'static RuleInfo {
        self.info
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn play(&self, _asked: Play) -> Play {
        Play::Normal
    }

    fn parse_under(&self, text: &str, play: Play) -> Result<Position, RuleError> {
        if play == Play::Misere {
            return Err(self.unsupported(NO_MISERE));
        }
        let position = self
            .rules
            .parse(text)
            .map_err(|reason| RuleError::BadPosition {
                game: self.name.clone(),
                position: text.to_string(),
                reason,
            })?;
        Ok(Position(Box::new(TypedPartizan {
            game: Arc::clone(self),
            position,
            mover: None,
        })))
    }

    fn sequence(&self, _n: u64, _budget: Budget) -> Result<Sequence<'_>, RuleError> {
        Err(RuleError::NotAHeapGame(self.name.clone()))
    }
}

/// A position of a typed partizan game.
struct TypedPartizan<G: PartizanNotation> {
    game: Arc<PartizanGame<G>>,
    position: G::Position,
    /// The player who moved here, for a position listed as a player's move, so that the
    /// move is described as that player's; not part of the position (equality and hash
    /// ignore it).
    mover: Option<Player>,
}

impl<G: PartizanTypeable> TypedPartizan<G> {
    fn wrap(&self, position: G::Position, mover: Option<Player>) -> Position {
        Position(Box::new(TypedPartizan {
            game: Arc::clone(&self.game),
            position,
            mover,
        }))
    }

    /// Who moves from here to `to`: its mover, or for a position read from text, Left if it
    /// is one of Left's options.
    fn mover_to(&self, to: &TypedPartizan<G>) -> Player {
        to.mover.unwrap_or_else(|| {
            match self
                .game
                .rules
                .left_options(&self.position)
                .contains(&to.position)
            {
                true => Player::Left,
                false => Player::Right,
            }
        })
    }

    fn options_of(&self, player: Player) -> Result<Vec<G::Position>, RuleError> {
        let options = match player {
            Player::Left => self.game.rules.left_options(&self.position),
            Player::Right => self.game.rules.right_options(&self.position),
        };
        if options.len() as u64 > MAX_LISTED_MOVES {
            return Err(RuleError::TooManyMoves {
                game: self.game.name.clone(),
                limit: MAX_LISTED_MOVES,
            });
        }
        Ok(options)
    }
}

impl<G: PartizanTypeable> Dynamic for TypedPartizan<G> {
    fn game(&self) -> &str {
        &self.game.name
    }

    fn is_partizan(&self) -> bool {
        true
    }

    fn moves(&self, player: Player) -> Result<Vec<Position>, RuleError> {
        Ok(self
            .options_of(player)?
            .into_iter()
            .map(|p| self.wrap(p, Some(player)))
            .collect())
    }

    fn short_analysis(
        &self,
        store: &mut Store,
        with_options: bool,
        budget: Budget,
    ) -> Result<ShortAnalysis, RuleError> {
        let rules = &self.game.rules;
        let mut solver = Solver::with_limits(rules, budget.limits).on_progress(budget.progress);
        let error = |e| self.game.search_error(e);
        let value = solver.value(store, &self.position).map_err(error)?;
        let mut sides = [Vec::new(), Vec::new()];
        if with_options {
            for (side, player) in sides.iter_mut().zip([Player::Left, Player::Right]) {
                for option in self.options_of(player)? {
                    let option_value = solver.value(store, &option).map_err(error)?;
                    side.push((self.wrap(option, Some(player)), option_value));
                }
            }
        }
        let [left, right] = sides;
        Ok(ShortAnalysis { value, left, right })
    }

    fn show(&self) -> String {
        self.game.rules.show(&self.position)
    }

    fn parse_another(&self, text: &str, play: Play) -> Result<Position, RuleError> {
        self.game.parse_under(text, play)
    }

    fn clone_box(&self) -> Position {
        self.wrap(self.position.clone(), self.mover)
    }

    fn analyse(
        &self,
        _play: Play,
        _keep: usize,
        _budget: Budget,
        _each: &mut dyn FnMut(&Report, Move) -> bool,
    ) -> Result<Report, RuleError> {
        Err(self.game.unsupported(NO_NIM_VALUE))
    }

    fn options(&self, _play: Play) -> Result<Vec<Position>, RuleError> {
        Err(self
            .game
            .unsupported("a partizan game has different moves for Left and Right: say whose moves"))
    }

    fn describe_move(&self, to: &dyn Dynamic) -> String {
        match to.as_any().downcast_ref::<TypedPartizan<G>>() {
            Some(to) => {
                let player = self.mover_to(to);
                self.game
                    .rules
                    .describe_move(player, &self.position, &to.position)
            }
            None => format!("to a position of {}", to.game()),
        }
    }

    fn best_moves(&self, _play: Play, _budget: Budget) -> Result<BestMoves, RuleError> {
        Err(self.game.unsupported(NO_NIM_VALUE))
    }

    fn nim_value(&self, _budget: Budget) -> Result<u64, RuleError> {
        Err(self.game.unsupported(NO_NIM_VALUE))
    }

    fn moves_to_value(
        &self,
        _value: u64,
        _keep: usize,
        _budget: Budget,
        _each: &mut dyn FnMut(Position) -> bool,
    ) -> Result<u64, RuleError> {
        Err(self.game.unsupported(NO_NIM_VALUE))
    }

    fn graph(&self, _play: Play, _budget: Budget) -> Result<GraphReport, RuleError> {
        Err(self.game.unsupported(
            "the game graph of a partizan game is not drawn yet: it needs Left's and Right's moves apart",
        ))
    }

    fn same(&self, other: &dyn Dynamic) -> bool {
        other
            .as_any()
            .downcast_ref::<TypedPartizan<G>>()
            .is_some_and(|other| {
                Arc::ptr_eq(&self.game, &other.game) && self.position == other.position
            })
    }

    fn hash_position(&self) -> u64 {
        let mut hasher = rustc_hash::FxHasher::default();
        self.position.hash(&mut hasher);
        hasher.finish()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
