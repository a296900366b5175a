//! The face that the command line drives. A [`Ruleset`] found by name parses a position once
//! into a [`Position`]: typed inside (it holds its ruleset and a `G::Position`), opaque
//! outside, so that analysing it, listing its moves, playing it and summing it with positions
//! of other games never goes back to text, and a move typed by a player is compared with the
//! options as a position, not as a string.

use super::ShortAnalysis;
use super::{Misere, Notation, Params, RuleError, RuleInfo};
use crate::engine::{Footprint, Limits, Meter, Outcome, Play, Progress, SearchError, Value};
use crate::graph::{Graph, GraphReport};
use crate::heap::{Searched, Sequence};
use crate::impartial::{Analysis, Solver, Target};
use crate::partizan::Player;
use crate::short::Store;
use serde::Serialize;
use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::mem::size_of;
use std::sync::Arc;

/// How much a computation may do, and whom to tell how it goes.
#[derive(Default)]
pub struct Budget {
    pub limits: Limits,
    /// Hears the amount of work done so far, now and then.
    pub progress: Option<Progress>,
}

/// A ruleset as the command line sees it.
pub trait Ruleset: Send + Sync {
    /// The declaration it was made from.
    fn info(&self) -> &'static RuleInfo;

    /// The full name with parameters, e.g. `subtraction:1,3,4`.
    fn name(&self) -> String;

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
}

/// The most moves a position lists for a player or a graph: past it, a position has too many
/// moves to show.
pub const MAX_LISTED_MOVES: u64 = 1 << 20;

/// The most bytes the moves of one position may take when they are listed together.
const MAX_LISTED_BYTES: u64 = 1 << 30;

/// The longest position written out in a move's `to`: a move from a longer position is
/// described by what it changes alone, so that output grows linearly with the position.
pub const MAX_SHOWN_POSITION: usize = 1000;

/// A position of some ruleset, parsed once.
pub struct Position(pub(super) Box<dyn Dynamic>);

/// One winning move, in the ruleset's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The position the move leads to; none where it or the position moved from is longer
    /// than [`MAX_SHOWN_POSITION`] characters, and the description says what changes.
    pub to: Option<String>,
    /// What the move does.
    #[serde(rename = "move")]
    pub description: String,
}

/// The analysis of a position, ready to print.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    pub game: String,
    pub position: String,
    pub play: Play,
    pub outcome: Outcome,
    /// The value as the texts write it (`*3`); none under misère play.
    pub value: Option<Value>,
    /// The nim value as a number, for impartial games under normal play.
    pub nim_value: Option<u64>,
    /// Why a normal-play value is missing (its search was too big for the limits).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_unknown: Option<String>,
    /// The first winning moves, as many as were asked for.
    pub winning_moves: Vec<Move>,
    /// How many winning moves there are in all; none where they are unknown.
    pub winning_move_count: Option<u64>,
    /// Why the winning moves are unknown (finding them needs a search past the limits,
    /// though a closed form gave the outcome).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves_unknown: Option<String>,
    /// At a draw (a game that need not end), the moves that keep the draw.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub drawing_moves: Vec<Move>,
}

/// What best play does from a position: see [`Position::best_moves`].
pub struct BestMoves {
    pub outcome: Outcome,
    pub moves: Vec<Position>,
}

impl Position {
    /// The name of its game, with parameters.
    pub fn game(&self) -> &str {
        self.0.game()
    }

    /// The position in its game's notation.
    pub fn show(&self) -> String {
        self.0.show()
    }

    /// Whether the game is partizan: Left and Right have different moves, and the value is a
    /// short game rather than a nimber.
    pub fn is_partizan(&self) -> bool {
        self.0.is_partizan()
    }

    /// The moves of `player` (in an impartial game both players have the same moves).
    pub fn moves(&self, player: Player) -> Result<Vec<Position>, RuleError> {
        self.0.moves(player)
    }

    /// The canonical value in `store` (an impartial position's is its nimber) and, with
    /// `with_options`, the value of each move of each player.
    pub fn short_analysis(
        &self,
        store: &mut Store,
        with_options: bool,
        budget: Budget,
    ) -> Result<ShortAnalysis, RuleError> {
        self.0.short_analysis(store, with_options, budget)
    }

    /// Reads another position of the same ruleset, under the rules of `play`.
    pub fn parse_another(&self, text: &str, play: Play) -> Result<Position, RuleError> {
        self.0.parse_another(text, play)
    }

    /// Outcome, value and winning moves (the first `keep` and their number).
    pub fn analyse(&self, play: Play, keep: usize, budget: Budget) -> Result<Report, RuleError> {
        let mut moves = Vec::new();
        let mut report = self.0.analyse(play, keep, budget, &mut |_, m| {
            moves.push(m);
            true
        })?;
        report.winning_moves = moves;
        Ok(report)
    }

    /// Outcome, value and winning moves, the first `keep` of which go to `each` as they are
    /// found, with the report so far (all but the moves: it is whole before the first move);
    /// `each` says whether it wants more, and where it stops, the search ends soon. The
    /// report returned lists no moves, but counts them.
    pub fn analyse_each(
        &self,
        play: Play,
        keep: usize,
        budget: Budget,
        each: &mut dyn FnMut(&Report, Move) -> bool,
    ) -> Result<Report, RuleError> {
        self.0.analyse(play, keep, budget, each)
    }

    /// Every move, under the rules of `play` (misère rules may list a move that normal play
    /// leaves out).
    pub fn options(&self, play: Play) -> Result<Vec<Position>, RuleError> {
        self.0.options(play)
    }

    /// What the move from here to `to`, one of [`Position::options`], does.
    pub fn describe_move(&self, to: &Position) -> String {
        self.0.describe_move(to.0.as_ref())
    }

    /// The outcome, and the moves best play chooses from: at an N-position the winning
    /// moves (in a game that need not end, the quickest win first), at a draw the moves that
    /// keep it, and at a P-position none (every move loses).
    pub fn best_moves(&self, play: Play, budget: Budget) -> Result<BestMoves, RuleError> {
        self.0.best_moves(play, budget)
    }

    /// The nim value under normal play, for sums of different games.
    pub fn nim_value(&self, budget: Budget) -> Result<u64, RuleError> {
        self.0.nim_value(budget)
    }

    /// The moves to positions of nim value `value` (normal play): in a sum, the winning
    /// moves of this component. The first `keep` go to `each` as they are found, and `each`
    /// says whether it wants more; the number of them all is returned.
    pub fn moves_to_value(
        &self,
        value: u64,
        keep: usize,
        budget: Budget,
        each: &mut dyn FnMut(Position) -> bool,
    ) -> Result<u64, RuleError> {
        self.0.moves_to_value(value, keep, budget, each)
    }

    /// Every position reachable from this one, with its moves and outcome: the game graph
    /// of Definition 1.4, labelled by retrograde analysis (its P-positions are the kernel of
    /// Theorem 1.1 where no position is a draw).
    pub fn graph(&self, play: Play, budget: Budget) -> Result<GraphReport, RuleError> {
        self.0.graph(play, budget)
    }
}

/// Positions are equal when they are the same position of the same ruleset.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash_position());
    }
}

impl Clone for Position {
    fn clone(&self) -> Self {
        self.0.clone_box()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.game(), self.show())
    }
}

/// A typed ruleset and its position, behind [`Position`].
pub(super) trait Dynamic: Send + Sync {
    fn game(&self) -> &str;
    fn is_partizan(&self) -> bool;
    fn moves(&self, player: Player) -> Result<Vec<Position>, RuleError>;
    fn short_analysis(
        &self,
        store: &mut Store,
        with_options: bool,
        budget: Budget,
    ) -> Result<ShortAnalysis, RuleError>;
    fn show(&self) -> String;
    fn parse_another(&self, text: &str, play: Play) -> Result<Position, RuleError>;
    fn clone_box(&self) -> Position;
    fn analyse(
        &self,
        play: Play,
        keep: usize,
        budget: Budget,
        each: &mut dyn FnMut(&Report, Move) -> bool,
    ) -> Result<Report, RuleError>;
    fn options(&self, play: Play) -> Result<Vec<Position>, RuleError>;
    fn describe_move(&self, to: &dyn Dynamic) -> String;
    fn best_moves(&self, play: Play, budget: Budget) -> Result<BestMoves, RuleError>;
    fn nim_value(&self, budget: Budget) -> Result<u64, RuleError>;
    fn moves_to_value(
        &self,
        value: u64,
        keep: usize,
        budget: Budget,
        each: &mut dyn FnMut(Position) -> bool,
    ) -> Result<u64, RuleError>;
    fn graph(&self, play: Play, budget: Budget) -> Result<GraphReport, RuleError>;
    fn same(&self, other: &dyn Dynamic) -> bool;
    /// A hash of the position alone, consistent with [`Dynamic::same`].
    fn hash_position(&self) -> u64;
    fn as_any(&self) -> &dyn Any;
}

/// A ruleset made from its declaration: the rules of both play conventions.
struct Game<G> {
    info: &'static RuleInfo,
    name: String,
    normal: G,
    misere: Misere<G>,
    /// The one play convention this ruleset is played under, if it has one (misère Nim).
    forced: Option<Play>,
}

/// The [`Ruleset`] of a typed game, named by `info` and the game's parameters.
pub(crate) fn typed<G: Typeable>(info: &'static RuleInfo, game: G) -> Box<dyn Ruleset> {
    Box::new(Arc::new(game_of(info, game, None)))
}

/// The [`Ruleset`] of a typed game played under `play` only.
pub(crate) fn typed_under<G: Typeable>(
    info: &'static RuleInfo,
    game: G,
    play: Play,
) -> Box<dyn Ruleset> {
    Box::new(Arc::new(game_of(info, game, Some(play))))
}

fn game_of<G: Notation>(info: &'static RuleInfo, game: G, forced: Option<Play>) -> Game<G> {
    let name = match (info.params, game.params()) {
        (Params::None, _) | (_, None) => info.name.to_string(),
        (_, Some(params)) => format!("{}:{params}", info.name),
    };
    Game {
        info,
        name,
        misere: game.misere(),
        normal: game,
        forced,
    }
}

/// What a game needs to stand behind the dynamic face.
pub(crate) trait Typeable:
    Notation<Position: Send + Sync + 'static> + Send + Sync + 'static
{
}

impl<G: Notation<Position: Send + Sync + 'static> + Send + Sync + 'static> Typeable for G {}

impl<G: Typeable> Game<G> {
    /// The play convention used when `asked` is asked for.
    fn play_for(&self, asked: Play) -> Play {
        self.forced.unwrap_or(asked)
    }

    /// The rules and the play convention to use when `asked` is asked for.
    fn rules(&self, asked: Play) -> Result<(&G, Play), RuleError> {
        let play = self.play_for(asked);
        match (play, &self.misere) {
            (Play::Normal, _) | (Play::Misere, Misere::SameMoves) => Ok((&self.normal, play)),
            (Play::Misere, Misere::Rules(rules)) => Ok((rules, play)),
            (Play::Misere, Misere::Unsupported(what)) => Err(RuleError::Unsupported {
                game: self.name.clone(),
                what,
            }),
        }
    }

    /// The rules of normal play, for nim values: a game played under misère play only has
    /// none.
    fn normal_rules(&self) -> Result<&G, RuleError> {
        match self.forced {
            Some(Play::Misere) => Err(RuleError::Unsupported {
                game: self.name.clone(),
                what: "this game is played under misère play, which has no nim values: it cannot be part of a sum or give a sequence of values",
            }),
            _ => Ok(&self.normal),
        }
    }

    fn search_error(&self, source: SearchError) -> RuleError {
        RuleError::Search {
            game: self.name.clone(),
            source,
        }
    }

    fn solver<'g>(&self, rules: &'g G, budget: Budget) -> Solver<'g, G> {
        Solver::new(rules)
            .with_limits(budget.limits)
            .on_progress(budget.progress)
    }
}

impl<G: Typeable> Ruleset for Arc<Game<G>> {
    fn info(&self) -> &'static RuleInfo {
        self.info
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn play(&self, asked: Play) -> Play {
        self.play_for(asked)
    }

    fn parse_under(&self, text: &str, play: Play) -> Result<Position, RuleError> {
        let (rules, _) = self.rules(play)?;
        let position = rules.parse(text).map_err(|reason| RuleError::BadPosition {
            game: self.name.clone(),
            position: text.to_string(),
            reason,
        })?;
        Ok(Position(Box::new(Typed {
            game: Arc::clone(self),
            position,
        })))
    }

    fn sequence(&self, n: u64, budget: Budget) -> Result<Sequence<'_>, RuleError> {
        let game = self.normal_rules()?;
        if game.one_heap(0).is_none() {
            return Err(RuleError::NotAHeapGame(self.name.clone()));
        }
        let mut meter = Meter::new(budget.limits);
        let engine = match game.sequence_engine() {
            Some(engine) => {
                meter = meter.with_progress(budget.progress);
                engine
            }
            None => {
                let heap = |size| {
                    game.one_heap(size)
                        .expect("a heap game has heaps of every size")
                };
                Box::new(Searched::new(self.solver(game, budget), heap))
            }
        };
        Sequence::compute(engine, n, |p| game.period_checked_through(p), &mut meter)
            .map_err(|e| self.search_error(e))
    }
}

/// A position of a typed game.
struct Typed<G: Notation> {
    game: Arc<Game<G>>,
    position: G::Position,
}

impl<G: Typeable> Typed<G> {
    fn wrap(&self, position: G::Position) -> Position {
        Position(Box::new(Typed {
            game: Arc::clone(&self.game),
            position,
        }))
    }

    /// The move to `to`, written for a person; `long` says that this position is too long
    /// to write its options out (a move from it changes only a little of it).
    fn written_move(&self, rules: &G, to: &G::Position, long: bool) -> Move {
        let shown = (!long).then(|| rules.show(to));
        Move {
            to: shown.filter(|shown| shown.chars().count() <= MAX_SHOWN_POSITION),
            description: rules.describe_move(&self.position, to),
        }
    }

    /// Refuses to list the moves of a position that has too many, or whose moves would
    /// take too much memory to hold at once: more than any list may, or than `max_memory`.
    /// Each is taken to hold about the bytes of the position, and the list up to twice its
    /// length while it grows.
    fn too_many_moves(&self, rules: &G, max_memory: u64) -> Result<(), RuleError> {
        let bound = rules.option_bound(&self.position).unwrap_or(0);
        let each = self.position.footprint() + 2 * size_of::<G::Position>();
        let bytes = bound.saturating_mul(each as u64);
        if bound > MAX_LISTED_MOVES || bytes > MAX_LISTED_BYTES {
            return Err(RuleError::TooManyMoves {
                game: self.game.name.clone(),
                limit: MAX_LISTED_MOVES,
            });
        }
        if bytes > max_memory {
            let limit = max_memory;
            return Err(self.game.search_error(SearchError::OutOfMemory { limit }));
        }
        Ok(())
    }
}

impl<G: Typeable> Typed<G> {
    /// Every position reachable from this one, as a graph whose vertex 0 is this one.
    fn explore(&self, rules: &G, meter: &mut Meter) -> Result<Graph<G::Position>, RuleError> {
        Graph::explore(
            self.position.clone(),
            meter,
            |p| rules.options(p),
            |p| rules.option_bound(p),
        )
        .map_err(|e| self.game.search_error(e))
    }

    /// The outcome of a position from which play may go round a cycle, and the moves best
    /// play chooses from (spec §1): at N the winning moves, least depth first, so that the
    /// first ends the game; at a draw the moves that keep it; at P none. Found by retrograde
    /// analysis of the explicit game graph.
    fn loopy_best_moves(
        &self,
        rules: &G,
        play: Play,
        limits: Limits,
    ) -> Result<(Outcome, Vec<G::Position>), RuleError> {
        let graph = self.explore(rules, &mut Meter::new(limits))?;
        let labels = graph.solve(play);
        let outcome = labels.outcome(0);
        let moves = match outcome {
            Outcome::P => Vec::new(),
            _ => labels.best_moves(&graph, 0),
        };
        let positions = moves.iter().map(|&w| graph.position(w).clone());
        Ok((outcome, positions.collect()))
    }

    /// The analysis of a position from which play may go round a cycle: its outcome, with
    /// the winning moves (the first `keep` go to `each`) or, at a draw, the moves that keep
    /// it.
    fn analyse_loopy(
        &self,
        rules: &G,
        play: Play,
        keep: usize,
        limits: Limits,
        each: &mut dyn FnMut(&Report, Move) -> bool,
    ) -> Result<Report, RuleError> {
        let (outcome, best) = self.loopy_best_moves(rules, play, limits)?;
        let shown = self.show();
        let long = shown.chars().count() > MAX_SHOWN_POSITION;
        let (winning, drawing) = match outcome {
            Outcome::D => (&[][..], &best[..]),
            _ => (&best[..], &[][..]),
        };
        let mut report = Report {
            game: self.game.name.clone(),
            position: shown,
            play,
            outcome,
            value: None,
            nim_value: None,
            value_unknown: None,
            winning_moves: Vec::new(),
            winning_move_count: None,
            moves_unknown: None,
            drawing_moves: drawing
                .iter()
                .take(keep)
                .map(|to| self.written_move(rules, to, long))
                .collect(),
        };
        for to in winning.iter().take(keep) {
            if !each(&report, self.written_move(rules, to, long)) {
                break;
            }
        }
        report.winning_move_count = Some(winning.len() as u64);
        Ok(report)
    }

    /// The report of `analysis`, its moves not listed.
    fn report(&self, analysis: &Analysis, play: Play, shown: String) -> Report {
        Report {
            game: self.game.name.clone(),
            position: shown,
            play,
            outcome: analysis.outcome,
            value: analysis.value.map(Value::Nimber),
            nim_value: analysis.value,
            value_unknown: analysis.value_unknown.as_ref().map(|e| e.to_string()),
            winning_moves: Vec::new(),
            winning_move_count: analysis.winning_move_count,
            moves_unknown: analysis.moves_unknown.as_ref().map(|e| e.to_string()),
            drawing_moves: Vec::new(),
        }
    }
}

impl<G: Typeable> Dynamic for Typed<G> {
    fn game(&self) -> &str {
        &self.game.name
    }

    fn is_partizan(&self) -> bool {
        false
    }

    fn moves(&self, _player: Player) -> Result<Vec<Position>, RuleError> {
        self.options(Play::Normal)
    }

    fn short_analysis(
        &self,
        store: &mut Store,
        with_options: bool,
        budget: Budget,
    ) -> Result<ShortAnalysis, RuleError> {
        let rules = self.game.normal_rules()?;
        let max_memory = budget.limits.max_memory;
        let mut solver = self.game.solver(rules, budget);
        let mut nimber = |solver: &mut Solver<'_, G>, position: &G::Position| {
            let value = solver
                .nim_value(position)
                .map_err(|e| self.game.search_error(e))?;
            store
                .nimber(value as u128)
                .map_err(|e| self.game.search_error(e))
        };
        let value = nimber(&mut solver, &self.position)?;
        let mut options = Vec::new();
        if with_options {
            self.too_many_moves(rules, max_memory)?;
            for option in rules.options(&self.position) {
                let option_value = nimber(&mut solver, &option)?;
                options.push((self.wrap(option), option_value));
            }
        }
        Ok(ShortAnalysis {
            value,
            right: options.clone(),
            left: options,
        })
    }

    fn show(&self) -> String {
        self.game.normal.show(&self.position)
    }

    fn parse_another(&self, text: &str, play: Play) -> Result<Position, RuleError> {
        self.game.parse_under(text, play)
    }

    fn clone_box(&self) -> Position {
        self.wrap(self.position.clone())
    }

    fn analyse(
        &self,
        play: Play,
        keep: usize,
        budget: Budget,
        each: &mut dyn FnMut(&Report, Move) -> bool,
    ) -> Result<Report, RuleError> {
        let (rules, play) = self.game.rules(play)?;
        // Each winning move is written out as it is found and its position dropped, so that
        // memory grows with the output, not with the moves times the position.
        let shown = self.show();
        let long = shown.chars().count() > MAX_SHOWN_POSITION;
        let limits = budget.limits;
        let mut so_far = None;
        let analysis = self.game.solver(rules, budget).analyse(
            &self.position,
            play,
            keep,
            &mut |analysis, to| {
                let report =
                    so_far.get_or_insert_with(|| self.report(analysis, play, shown.clone()));
                each(report, self.written_move(rules, &to, long))
            },
        );
        match analysis {
            Err(SearchError::Loops) => self.analyse_loopy(rules, play, keep, limits, each),
            analysis => {
                let analysis = analysis.map_err(|e| self.game.search_error(e))?;
                Ok(self.report(&analysis, play, shown))
            }
        }
    }

    fn options(&self, play: Play) -> Result<Vec<Position>, RuleError> {
        let (rules, _) = self.game.rules(play)?;
        self.too_many_moves(rules, u64::MAX)?;
        Ok(rules
            .options(&self.position)
            .into_iter()
            .map(|p| self.wrap(p))
            .collect())
    }

    fn describe_move(&self, to: &dyn Dynamic) -> String {
        match to.as_any().downcast_ref::<Typed<G>>() {
            Some(to) => self.game.normal.describe_move(&self.position, &to.position),
            None => format!("to a position of {}", to.game()),
        }
    }

    fn best_moves(&self, play: Play, budget: Budget) -> Result<BestMoves, RuleError> {
        let (rules, play) = self.game.rules(play)?;
        self.too_many_moves(rules, budget.limits.max_memory)?;
        let limits = budget.limits;
        let mut solver = self.game.solver(rules, budget);
        let winning = solver.outcome(&self.position, play).and_then(|outcome| {
            let keep = MAX_LISTED_MOVES as usize;
            let moves = match outcome {
                Outcome::P => Vec::new(),
                _ => {
                    solver
                        .moves_to(&self.position, Target::winning(play), keep)?
                        .first
                }
            };
            Ok((outcome, moves))
        });
        match winning {
            Ok((outcome, moves)) => Ok(BestMoves {
                outcome,
                moves: moves.into_iter().map(|p| self.wrap(p)).collect(),
            }),
            Err(SearchError::Loops) => {
                let (outcome, moves) = self.loopy_best_moves(rules, play, limits)?;
                Ok(BestMoves {
                    outcome,
                    moves: moves.into_iter().map(|p| self.wrap(p)).collect(),
                })
            }
            Err(other) => Err(self.game.search_error(other)),
        }
    }

    fn nim_value(&self, budget: Budget) -> Result<u64, RuleError> {
        let rules = self.game.normal_rules()?;
        self.game
            .solver(rules, budget)
            .nim_value(&self.position)
            .map_err(|e| self.game.search_error(e))
    }

    fn moves_to_value(
        &self,
        value: u64,
        keep: usize,
        budget: Budget,
        each: &mut dyn FnMut(Position) -> bool,
    ) -> Result<u64, RuleError> {
        let rules = self.game.normal_rules()?;
        self.game
            .solver(rules, budget)
            .moves_to_each(&self.position, Target::Value(value), keep, &mut |p| {
                each(self.wrap(p))
            })
            .map_err(|e| self.game.search_error(e))
    }

    fn graph(&self, play: Play, budget: Budget) -> Result<GraphReport, RuleError> {
        let (rules, play) = self.game.rules(play)?;
        let mut meter = Meter::new(budget.limits).with_progress(budget.progress);
        let graph = self.explore(rules, &mut meter)?;
        GraphReport::new(
            Some(self.game.name.clone()),
            None,
            graph.map(|p| rules.show(&p)),
            play,
            budget.limits.max_positions,
            &mut meter,
        )
        .map_err(|e| self.game.search_error(e))
    }

    fn same(&self, other: &dyn Dynamic) -> bool {
        other
            .as_any()
            .downcast_ref::<Typed<G>>()
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
