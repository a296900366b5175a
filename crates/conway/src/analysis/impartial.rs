//! Impartial rulesets behind the face: a [`Notation`] reads and writes positions, and the
//! Sprague–Grundy solver values them. A ruleset declared [`Kind::Loopy`] is one whose play may
//! go round a cycle: its positions are answered by its closed forms where they apply, and
//! otherwise on the explicit game graph (win, loss or draw, and the generalised
//! Sprague–Grundy value γ); the solver is never asked to search them.

use super::misere::{self, QuotientCache};
use super::position::{hash_of, Face, ImpartialFace, Valuer};
use super::{
    refuse_long_listing, Analysis, Budget, Kind, Misere, MoveCounts, Notation, Params, Position,
    RuleError, RuleInfo, Ruleset, Value, NOT_HEAPS,
};
use crate::engine::{Footprint, Limits, Meter, Outcome, Play, SearchError};
use crate::graph::{Graph, GraphReport};
use crate::heap::{genus, Genus, Quotient, QuotientError, Searched, Sequence};
use crate::impartial::{Solver, Target};
use crate::partizan::Player;
use crate::short::{GameId, Store};
use std::any::Any;
use std::mem::size_of;
use std::sync::Arc;

/// An impartial ruleset made from its declaration: the rules of both play conventions.
struct Rules<G> {
    info: &'static RuleInfo,
    name: String,
    normal: G,
    misere: Misere<G>,
    /// The one play convention this ruleset is played under, if it has one (misère Nim).
    forced: Option<Play>,
    /// The misère quotient proved last, for a heap game.
    quotients: QuotientCache,
}

/// What an impartial game needs to stand behind the face: its notation, and positions that
/// may cross threads.
pub trait Typeable: Notation<Position: Send + Sync + 'static> + Send + Sync + 'static {}

impl<G: Notation<Position: Send + Sync + 'static> + Send + Sync + 'static> Typeable for G {}

/// The [`Ruleset`] of a typed impartial or loopy game, named by `info` and the game's
/// parameters.
pub(crate) fn typed<G: Typeable>(info: &'static RuleInfo, game: G) -> Box<dyn Ruleset> {
    Box::new(Arc::new(rules_of(info, game, None)))
}

/// The [`Ruleset`] of a typed game played under `play` only.
pub(crate) fn typed_under<G: Typeable>(
    info: &'static RuleInfo,
    game: G,
    play: Play,
) -> Box<dyn Ruleset> {
    Box::new(Arc::new(rules_of(info, game, Some(play))))
}

/// An impartial ruleset of your own, not in the catalogue (a game written in Python, say):
/// its positions are made from typed positions, not read from text, and then stand behind the
/// face like those of any ruleset: analysed, summed with other games' and played.
pub struct ImpartialRules<G: Notation>(Arc<Rules<G>>);

impl<G: Typeable> ImpartialRules<G> {
    /// The rules of `game`, declared by `info` (its name and kind, impartial or loopy).
    pub fn new(info: &'static RuleInfo, game: G) -> Self {
        ImpartialRules(Arc::new(rules_of(info, game, None)))
    }

    /// A position of these rules.
    pub fn position(&self, position: G::Position) -> Position {
        Position(Face::Impartial(Arc::new(Typed {
            game: Arc::clone(&self.0),
            position,
        })))
    }

    /// The rules as a [`Ruleset`], for what rulesets answer: the sequence of one-heap values.
    pub fn ruleset(&self) -> &dyn Ruleset {
        &self.0
    }
}

fn rules_of<G: Notation>(info: &'static RuleInfo, game: G, forced: Option<Play>) -> Rules<G> {
    debug_assert!(
        info.kind.is_impartial(),
        "{} is declared partizan",
        info.name
    );
    let name = match (info.params, game.params()) {
        (Params::None, _) | (_, None) => info.name.to_string(),
        (_, Some(params)) => format!("{}:{params}", info.name),
    };
    Rules {
        info,
        name,
        misere: game.misere(),
        normal: game,
        forced,
        quotients: QuotientCache::default(),
    }
}

impl<G: Typeable> Rules<G> {
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
            (Play::Misere, Misere::Unsupported(what)) => Err(self.unsupported(what)),
        }
    }

    /// The rules of normal play, for nim values: a game played under misère play only has
    /// none.
    fn normal_rules(&self) -> Result<&G, RuleError> {
        match self.forced {
            Some(Play::Misere) => Err(self.unsupported("this game is played under misère play, which has no nim values: it cannot be part of a sum or give a sequence of values")),
            _ if self.normal.own_search().is_some() => Err(self.unsupported("its positions say whose turn it is, so they have no nim value: it cannot be part of a sum")),
            _ => Ok(&self.normal),
        }
    }

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

    /// A solver of `rules` within `budget`. A loopy ruleset's solver keeps to closed forms
    /// (a search would meet a cycle) and its own search, if it has one.
    fn solver<'g>(&self, rules: &'g G, budget: Budget) -> Solver<'g, G> {
        let solver = Solver::new(rules)
            .with_limits(budget.limits)
            .watched(budget.progress, budget.interrupt);
        match self.info.kind == Kind::Loopy {
            true => solver.closed_forms_only(),
            false => solver,
        }
    }
}

impl<G: Typeable> Ruleset for Arc<Rules<G>> {
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
        Ok(Position(Face::Impartial(Arc::new(Typed {
            game: Arc::clone(self),
            position,
        }))))
    }

    fn misere_quotient(
        &self,
        largest: u64,
        budget: Budget,
        level: &mut dyn FnMut(u64, usize),
    ) -> Result<Quotient, RuleError> {
        let (rules, _) = self.rules(Play::Misere)?;
        let rule = rules
            .heap_rule()
            .ok_or_else(|| self.unsupported(NOT_HEAPS))?;
        let mut meter = Meter::new(budget.limits)
            .with_progress(budget.progress)
            .with_interrupt(budget.interrupt);
        Quotient::compute(rule, largest, &mut meter, level).map_err(|error| match error {
            QuotientError::Search(source) => self.search_error(source),
            QuotientError::NotDecreasing { .. } => self.unsupported(
                "a move may leave a heap as large as the one moved in, and quotients here are of games whose moves leave smaller heaps",
            ),
            QuotientError::TooLarge(_) => self.unsupported(
                "quotients here are of heaps up to 1024: ask for fewer heaps",
            ),
        })
    }

    fn genus(&self, heaps: &[u64], budget: Budget) -> Result<Genus, RuleError> {
        let (rules, _) = self.rules(Play::Misere)?;
        let rule = rules
            .heap_rule()
            .ok_or_else(|| self.unsupported(NOT_HEAPS))?;
        let mut meter = Meter::new(budget.limits).with_interrupt(budget.interrupt);
        genus(rule, heaps, &mut meter).map_err(|e| self.search_error(e))
    }

    fn sequence(&self, n: u64, budget: Budget) -> Result<Sequence<'_>, RuleError> {
        let game = self.normal_rules()?;
        if game.one_heap(0).is_none() {
            return Err(RuleError::NotAHeapGame(self.name.clone()));
        }
        let mut meter = Meter::new(budget.limits).with_interrupt(budget.interrupt.clone());
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

/// A position of a typed impartial game.
struct Typed<G: Notation> {
    game: Arc<Rules<G>>,
    position: G::Position,
}

/// Whether a solver kept to closed forms found that only a search answers: a loopy position
/// then goes to its game graph.
fn needs_graph<T>(result: &Result<T, SearchError>) -> bool {
    matches!(result, Err(SearchError::NeedsSearch))
}

impl<G: Typeable> Typed<G> {
    /// The analysis of the solver's `found`, without its moves.
    fn head(&self, kind: Kind, play: Play, found: &crate::impartial::Analysis) -> Analysis {
        let value = found.value.map(Value::Nimber);
        let mut analysis = Analysis::new(kind, play, found.outcome, value);
        analysis.value_unknown = found
            .value_unknown
            .clone()
            .map(|e| self.game.search_error(e));
        analysis
    }

    /// The misère analysis of a row of heaps from the misère quotient of its heaps, where
    /// the game is a heap game and the quotient is proved within the limits of
    /// [`QuotientCache::up_to`]; none where the search must answer.
    fn analyse_by_quotient(
        &self,
        rules: &G,
        keep: usize,
        budget: &Budget,
        each: &mut dyn FnMut(&Analysis, Position) -> bool,
    ) -> Result<Option<Analysis>, RuleError> {
        let (Some(rule), Some(heaps)) = (rules.heap_rule(), rules.heaps_of(&self.position)) else {
            return Ok(None);
        };
        if rules.known_misere_outcome(&self.position).is_some() {
            return Ok(None);
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let quotients = &self.game.quotients;
        let interrupt = budget.interrupt.clone();
        let Some(quotient) = quotients
            .up_to(rule, largest, budget.limits, interrupt)
            .map_err(|e| self.game.search_error(e))?
        else {
            return Ok(None);
        };
        let outcome = quotient
            .outcome(&heaps)
            .expect("the quotient covers the heaps");
        let mut analysis = Analysis::new(self.kind(), Play::Misere, outcome, None);
        let (mut count, mut wanted) = (0u64, true);
        misere::winning_moves(&quotient, rule, &heaps, |to| {
            count += 1;
            if wanted && count <= keep as u64 {
                let to = rules.of_heaps(to).expect("a heap game makes rows of heaps");
                wanted = each(&analysis, self.wrap(to));
            }
        });
        analysis.move_counts = Some(MoveCounts::either(count));
        Ok(Some(analysis))
    }

    fn wrap(&self, position: G::Position) -> Position {
        Position(Face::Impartial(Arc::new(Typed {
            game: Arc::clone(&self.game),
            position,
        })))
    }

    /// Refuses to list the moves of a position that has too many, or whose moves would
    /// take too much memory to hold at once: more than any list may, or than `max_memory`.
    /// Each is taken to hold about the bytes of the position, and the list up to twice its
    /// length while it grows.
    fn too_many_moves(&self, rules: &G, max_memory: u64) -> Result<(), RuleError> {
        let bound = rules.option_bound(&self.position).unwrap_or(0);
        let each = self.position.footprint() + 2 * size_of::<G::Position>();
        refuse_long_listing(&self.game.name, bound, each, max_memory)
    }

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

    /// The analysis of a loopy position on its explicit game graph (spec §1): the outcome by
    /// retrograde analysis; under normal play the value γ; the best moves, least depth first
    /// so that following the first ends the game: at N the winning moves, at a draw the
    /// moves that keep it, at P none.
    fn analyse_on_graph(
        &self,
        rules: &G,
        play: Play,
        keep: usize,
        limits: Limits,
        each: &mut dyn FnMut(&Analysis, Position) -> bool,
    ) -> Result<Analysis, RuleError> {
        let graph = self.explore(rules, &mut Meter::new(limits))?;
        let labels = graph.solve(play);
        let outcome = labels.outcome(0);
        let value = (play == Play::Normal).then(|| Value::Gamma(graph.gamma().value(0)));
        let mut analysis = Analysis::new(Kind::Loopy, play, outcome, value);
        let best = match outcome {
            Outcome::P => Vec::new(),
            _ => labels.best_moves(&graph, 0),
        };
        for &w in best.iter().take(keep) {
            if !each(&analysis, self.wrap(graph.position(w).clone())) {
                break;
            }
        }
        analysis.move_counts = Some(MoveCounts::either(best.len() as u64));
        Ok(analysis)
    }

    /// The option of vertex 0 of a loopy position's graph whose γ is the nim value `value`:
    /// in a sum, the winning moves of this component.
    fn moves_to_value_on_graph(
        &self,
        rules: &G,
        value: u64,
        keep: usize,
        limits: Limits,
        each: &mut dyn FnMut(Position) -> bool,
    ) -> Result<u64, RuleError> {
        let graph = self.explore(rules, &mut Meter::new(limits))?;
        let gamma = graph.gamma();
        let mut count = 0;
        let mut wanted = true;
        for &w in graph.successors(0) {
            if gamma.value(w).finite() == Some(value) {
                if wanted && (count as usize) < keep {
                    wanted = each(self.wrap(graph.position(w).clone()));
                }
                count += 1;
            }
        }
        Ok(count)
    }

    /// The nim value of a loopy position without a closed form: its γ, if finite.
    fn nim_value_on_graph(&self, rules: &G, limits: Limits) -> Result<u64, RuleError> {
        let graph = self.explore(rules, &mut Meter::new(limits))?;
        graph.gamma().value(0).finite().ok_or_else(|| {
            self.game.unsupported("its generalised Sprague–Grundy value is infinite, so it has no nim value to add in a sum")
        })
    }
}

impl<G: Typeable> ImpartialFace for Typed<G> {
    fn game(&self) -> &str {
        &self.game.name
    }

    fn kind(&self) -> Kind {
        self.game.info.kind
    }

    fn show(&self) -> String {
        self.game.normal.show(&self.position)
    }

    fn parse_another(&self, text: &str, play: Play) -> Result<Position, RuleError> {
        self.game.parse_under(text, play)
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

    fn passed(&self) -> Option<Position> {
        self.game
            .normal
            .passed(&self.position)
            .map(|p| self.wrap(p))
    }

    fn game_over(&self) -> Option<String> {
        self.game.normal.game_over(&self.position)
    }

    fn describe_move(&self, to: &dyn ImpartialFace) -> String {
        match to.as_any().downcast_ref::<Typed<G>>() {
            Some(to) => self.game.normal.describe_move(&self.position, &to.position),
            None => format!("to a position of {}", to.game()),
        }
    }

    fn analyse(
        &self,
        play: Play,
        keep: usize,
        budget: Budget,
        each: &mut dyn FnMut(&Analysis, Position) -> bool,
    ) -> Result<Analysis, RuleError> {
        let (rules, play) = self.game.rules(play)?;
        if play == Play::Misere {
            if let Some(analysis) = self.analyse_by_quotient(rules, keep, &budget, each)? {
                return Ok(analysis);
            }
        }
        let kind = self.kind();
        let limits = budget.limits;
        let found = self.game.solver(rules, budget).analyse(
            &self.position,
            play,
            keep,
            &mut |so_far, to| {
                let head = self.head(kind, play, so_far);
                each(&head, self.wrap(to))
            },
        );
        if needs_graph(&found) {
            return self.analyse_on_graph(rules, play, keep, limits, each);
        }
        let found = found.map_err(|e| self.game.search_error(e))?;
        let mut analysis = self.head(kind, play, &found);
        analysis.move_counts = found.winning_move_count.map(MoveCounts::either);
        analysis.moves_unknown = found.moves_unknown.map(|e| self.game.search_error(e));
        Ok(analysis)
    }

    fn nim_value(&self, budget: Budget) -> Result<u64, RuleError> {
        let rules = self.game.normal_rules()?;
        let limits = budget.limits;
        let value = self.game.solver(rules, budget).nim_value(&self.position);
        if needs_graph(&value) {
            return self.nim_value_on_graph(rules, limits);
        }
        value.map_err(|e| self.game.search_error(e))
    }

    fn moves_to_value(
        &self,
        value: u64,
        keep: usize,
        budget: Budget,
        each: &mut dyn FnMut(Position) -> bool,
    ) -> Result<u64, RuleError> {
        let rules = self.game.normal_rules()?;
        let limits = budget.limits;
        let target = Target::Value(value);
        let count =
            self.game
                .solver(rules, budget)
                .moves_to_each(&self.position, target, keep, &mut |p| each(self.wrap(p)));
        if needs_graph(&count) {
            return self.moves_to_value_on_graph(rules, value, keep, limits, each);
        }
        count.map_err(|e| self.game.search_error(e))
    }

    fn valuer(&self, budget: Budget) -> Result<Box<dyn Valuer + '_>, RuleError> {
        let rules = self.game.normal_rules()?;
        let max_memory = budget.limits.max_memory;
        Ok(Box::new(Nimbers {
            position: self,
            solver: self.game.solver(rules, budget),
            max_memory,
        }))
    }

    fn graph(&self, play: Play, budget: Budget) -> Result<GraphReport, RuleError> {
        let (rules, play) = self.game.rules(play)?;
        let mut meter = Meter::new(budget.limits)
            .with_progress(budget.progress)
            .with_interrupt(budget.interrupt);
        let graph = self.explore(rules, &mut meter)?;
        let mut report = GraphReport::new(
            Some(self.game.name.clone()),
            None,
            graph.map(|p| rules.show(&p)),
            play,
            budget.limits.max_positions,
            &mut meter,
        )
        .map_err(|e| self.game.search_error(e))?;
        if rules.own_search().is_some() {
            // Its positions say whose turn it is: their γ would be a nim value, which they
            // do not have (`solve` says so too).
            report.gamma = None;
        }
        Ok(report)
    }

    fn same(&self, other: &dyn ImpartialFace) -> bool {
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

/// Values an impartial position and its options as nimbers, with one solver for both.
struct Nimbers<'p, G: Typeable> {
    position: &'p Typed<G>,
    solver: Solver<'p, G>,
    /// What the list of options may take.
    max_memory: u64,
}

impl<G: Typeable> Nimbers<'_, G> {
    fn nimber(&mut self, store: &mut Store, position: &G::Position) -> Result<GameId, RuleError> {
        let game = &self.position.game;
        let value = self
            .solver
            .nim_value(position)
            .map_err(|e| game.search_error(e))?;
        store
            .nimber(value as u128)
            .map_err(|e| game.search_error(e))
    }
}

impl<G: Typeable> Valuer for Nimbers<'_, G> {
    fn value(&mut self, store: &mut Store) -> Result<GameId, RuleError> {
        let position = &self.position.position;
        self.nimber(store, position)
    }

    /// Both players have the same moves, so `player` does not matter.
    fn options(
        &mut self,
        _player: Player,
        store: &mut Store,
        each: &mut dyn FnMut(&mut Store, Position, GameId) -> Result<bool, RuleError>,
    ) -> Result<(), RuleError> {
        let rules = self.solver.game();
        self.position.too_many_moves(rules, self.max_memory)?;
        for option in rules.options(&self.position.position) {
            let value = self.nimber(store, &option)?;
            if !each(store, self.position.wrap(option), value)? {
                break;
            }
        }
        Ok(())
    }
}
