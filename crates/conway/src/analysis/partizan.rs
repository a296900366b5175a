//! Partizan rulesets behind the face: a [`PartizanNotation`] reads and writes positions, and
//! the partizan solver values them as short games in a store; a ruleset whose play may go
//! round a cycle is analysed on its game graph instead (`loopy.rs`).

use super::loopy;
use super::position::{hash_of, Face, PartizanFace, Valuer};
use super::{
    refuse_long_listing, Analysis, Budget, Kind, Move, MoveCounts, MoveResult, Mover,
    OutcomeSequence, Position, Request, RuleError, RuleInfo, Ruleset, MAX_LISTED_MOVES,
};
use crate::engine::{Footprint, Meter, Play, SearchError};
use crate::heap::Sequence;
use crate::loopy::Sided;
use crate::partizan::{MisereSearch, OutcomeSearch, Partizan, Player, Solver, WinSearch};
use crate::short::{GameId, Store};
use crate::text::ParseError;
use std::any::Any;
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
    /// The outcome of one pile of each size `0..=n` under `play`, for a game of piles, within
    /// the limits of `meter`; `None` for other games.
    fn outcome_sequence(
        &self,
        _n: u64,
        _play: Play,
        _meter: &mut Meter,
    ) -> Option<Result<OutcomeSequence, SearchError>> {
        None
    }
}

/// A partizan ruleset made from its declaration.
pub(super) struct Rules<G> {
    info: &'static RuleInfo,
    pub(super) name: String,
    pub(super) rules: G,
    /// Whether play may go round a cycle: the declaration's kind is loopy-partizan.
    loops: bool,
}

impl<G> Rules<G> {
    /// The ruleset `rules` named `name`, as `info` declares it.
    fn new(info: &'static RuleInfo, name: String, rules: G) -> Self {
        debug_assert!(
            matches!(info.kind, Kind::Partizan | Kind::LoopyPartizan),
            "{} is not declared partizan",
            info.name
        );
        let loops = info.kind == Kind::LoopyPartizan;
        Rules {
            info,
            name,
            rules,
            loops,
        }
    }
}

/// What a partizan game needs to stand behind the face: its notation, and positions that
/// may cross threads.
pub trait PartizanTypeable:
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
    Box::new(Arc::new(Rules::new(info, name, rules)))
}

/// A partizan ruleset of your own, not in the catalogue (a game written in Python, say): its
/// positions are made from typed positions, not read from text, and then stand behind the
/// face like those of any ruleset: analysed, summed with other games' and played.
pub struct PartizanRules<G: PartizanNotation>(Arc<Rules<G>>);

impl<G: PartizanTypeable> PartizanRules<G> {
    /// The rules of `rules`, declared by `info` (its name; its kind is partizan, or
    /// loopy-partizan where play may go round a cycle).
    pub fn new(info: &'static RuleInfo, rules: G) -> Self {
        let name = info.name.to_string();
        PartizanRules(Arc::new(Rules::new(info, name, rules)))
    }

    /// A position of these rules.
    pub fn position(&self, position: G::Position) -> Position {
        Position(Face::Partizan(Arc::new(Typed {
            game: Arc::clone(&self.0),
            position,
        })))
    }
}

impl<G: PartizanTypeable> Rules<G> {
    pub(super) fn search_error(&self, source: SearchError) -> RuleError {
        RuleError::Search {
            game: self.name.clone(),
            source,
        }
    }
}

impl<G: PartizanTypeable> Ruleset for Arc<Rules<G>> {
    fn info(&self) -> &'static RuleInfo {
        self.info
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn play(&self, asked: Play) -> Play {
        asked
    }

    fn parse_under(&self, text: &str, _play: Play) -> Result<Position, RuleError> {
        let position = self
            .rules
            .parse(text)
            .map_err(|reason| RuleError::BadPosition {
                game: self.name.clone(),
                position: text.to_string(),
                reason,
            })?;
        Ok(Position(Face::Partizan(Arc::new(Typed {
            game: Arc::clone(self),
            position,
        }))))
    }

    fn sequence(&self, _n: u64, _budget: Budget) -> Result<Sequence<'_>, RuleError> {
        Err(RuleError::NotAHeapGame(self.name.clone()))
    }

    fn outcome_sequence(
        &self,
        n: u64,
        play: Play,
        budget: Budget,
    ) -> Result<OutcomeSequence, RuleError> {
        let mut meter = Meter::new(budget.limits)
            .with_progress(budget.progress)
            .with_interrupt(budget.interrupt);
        match self.rules.outcome_sequence(n, play, &mut meter) {
            Some(sequence) => sequence.map_err(|e| self.search_error(e)),
            None => Err(RuleError::Unsupported {
                game: self.name.clone(),
                what: "outcome sequences are of one-pile partizan games such as partizan-subtraction:1,3/2,4",
            }),
        }
    }
}

/// A position of a typed partizan game.
pub(super) struct Typed<G: PartizanNotation> {
    pub(super) game: Arc<Rules<G>>,
    pub(super) position: G::Position,
}

impl<G: PartizanTypeable> Typed<G> {
    pub(super) fn wrap(&self, position: G::Position) -> Position {
        Position(Face::Partizan(Arc::new(Typed {
            game: Arc::clone(&self.game),
            position,
        })))
    }

    /// The outcome by `search`, then the winning moves of each player asked for.
    fn searched<S: WinSearch<G::Position>>(
        &self,
        mut search: S,
        request: &Request<'_>,
        each: &mut dyn FnMut(&Analysis, Move) -> bool,
    ) -> Result<Analysis, RuleError> {
        let max_memory = (request.budget)().limits.max_memory;
        let error = |e| self.game.search_error(e);
        let outcome = search.outcome(&self.position).map_err(error)?;
        let mut analysis = Analysis::new(Kind::Partizan, request.play, outcome, None);
        let mut counts = MoveCounts::default();
        for player in [Player::Left, Player::Right] {
            if request.player.is_some_and(|p| p != player) {
                continue;
            }
            let mut count = 0u64;
            for option in self.options_of(player, max_memory)? {
                if !search.move_wins(&option, player).map_err(error)? {
                    continue;
                }
                count += 1;
                if count as usize <= request.keep {
                    let to = self.wrap(option);
                    let mover = Mover::from(player);
                    let result = MoveResult::Wins;
                    if !each(
                        &analysis,
                        Move {
                            mover,
                            result,
                            component: 0,
                            to,
                        },
                    ) {
                        break;
                    }
                }
            }
            counts.set(Mover::from(player), count);
        }
        analysis.move_counts = Some(counts);
        Ok(analysis)
    }

    /// `player`'s options, refused where there are too many to list, or too many to hold
    /// in `max_memory`.
    pub(super) fn options_of(
        &self,
        player: Player,
        max_memory: u64,
    ) -> Result<Vec<G::Position>, RuleError> {
        if let Some(bound) = self.game.rules.option_bound(&self.position) {
            let each = self.position.footprint() + 2 * size_of::<G::Position>();
            refuse_long_listing(&self.game.name, bound, each, max_memory)?;
        }
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

impl<G: PartizanTypeable> PartizanFace for Typed<G> {
    fn game(&self) -> &str {
        &self.game.name
    }

    fn show(&self) -> String {
        self.game.rules.show(&self.position)
    }

    fn parse_another(&self, text: &str, play: Play) -> Result<Position, RuleError> {
        self.game.parse_under(text, play)
    }

    fn options(&self, player: Player) -> Result<Vec<Position>, RuleError> {
        Ok(self
            .options_of(player, u64::MAX)?
            .into_iter()
            .map(|p| self.wrap(p))
            .collect())
    }

    fn describe_move(&self, player: Player, to: &dyn PartizanFace) -> String {
        match to.as_any().downcast_ref::<Typed<G>>() {
            Some(to) => self
                .game
                .rules
                .describe_move(player, &self.position, &to.position),
            None => format!("to a position of {}", to.game()),
        }
    }

    fn loops(&self) -> bool {
        self.game.loops
    }

    /// A game that may loop, on its graph; else a search of the whole position (under
    /// misère play, or where only the outcome is asked for): each player's outcome moving
    /// first, then each wanted player's moves, each searched with the other to move after
    /// it; one search's table serves them all.
    fn analyse_whole(
        &self,
        request: &Request<'_>,
        each: &mut dyn FnMut(&Analysis, Move) -> bool,
    ) -> Result<Analysis, RuleError> {
        if self.game.loops {
            return loopy::analyse(self, request, each);
        }
        let budget = (request.budget)();
        let meter = Meter::new(budget.limits)
            .with_progress(budget.progress)
            .with_interrupt(budget.interrupt);
        let rules = &self.game.rules;
        match request.play {
            Play::Misere => self.searched(MisereSearch::new(rules, meter), request, each),
            Play::Normal => {
                let mut analysis =
                    self.searched(OutcomeSearch::new(rules, meter), request, each)?;
                analysis.value_unknown = Some(RuleError::ValueNotAsked {
                    game: self.game.name.clone(),
                });
                Ok(analysis)
            }
        }
    }

    fn valuer(&self, budget: Budget) -> Result<Box<dyn Valuer + '_>, RuleError> {
        if self.game.loops {
            return Err(RuleError::Unsupported {
                game: self.game.name.clone(),
                what: "play may go round a cycle, so the value is a loopy game, not a short one: `conway solve` gives it, and sums with it",
            });
        }
        let solver = Solver::with_limits(&self.game.rules, budget.limits)
            .watched(budget.progress, budget.interrupt);
        Ok(Box::new(Games {
            position: self,
            solver,
            max_memory: budget.limits.max_memory,
        }))
    }

    fn sided(&self, budget: Budget) -> Result<Sided, RuleError> {
        match self.game.loops {
            true => loopy::sided(self, budget),
            false => {
                let limits = budget.limits;
                loopy::sided_of_short(self.valuer(budget)?, limits, &self.game.name)
            }
        }
    }

    fn same(&self, other: &dyn PartizanFace) -> bool {
        other
            .as_any()
            .downcast_ref::<Typed<G>>()
            .is_some_and(|other| {
                self.game.name == other.game.name && self.position == other.position
            })
    }

    fn footprint(&self) -> usize {
        size_of::<Self>() + self.position.footprint()
    }

    fn hash_position(&self) -> u64 {
        hash_of(&self.position)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn typed_position(&self) -> &dyn Any {
        &self.position
    }
}

/// Values a partizan position and its options, with one solver for both.
struct Games<'p, G: PartizanTypeable> {
    position: &'p Typed<G>,
    solver: Solver<'p, G>,
    /// What the list of options may take.
    max_memory: u64,
}

impl<G: PartizanTypeable> Valuer for Games<'_, G> {
    fn value(&mut self, store: &mut Store) -> Result<GameId, RuleError> {
        let game = &self.position.game;
        self.solver
            .value(store, &self.position.position)
            .map_err(|e| game.search_error(e))
    }

    fn options(
        &mut self,
        player: Player,
        store: &mut Store,
        each: &mut dyn FnMut(&mut Store, Position, GameId) -> Result<bool, RuleError>,
    ) -> Result<(), RuleError> {
        let game = &self.position.game;
        for option in self.position.options_of(player, self.max_memory)? {
            let value = self
                .solver
                .value(store, &option)
                .map_err(|e| game.search_error(e))?;
            if !each(store, self.position.wrap(option), value)? {
                break;
            }
        }
        Ok(())
    }
}
