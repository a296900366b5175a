//! The Sprague–Grundy solver: depth-first search with a transposition table.
//!
//! Normal play decomposes a position into components and nim-sums their values, so the table
//! holds components. Misère play does not decompose, so misère search keys whole positions.
//! The search keeps its own stack (deep games such as a subtraction heap of a million do not
//! overflow the thread's stack), counts the positions it lists against a budget, and notices
//! a position that repeats along the current line of play.

use super::table::BoundedTable;
use super::{Analysis, Impartial, Outcome, Play, Target};
use crate::nimber::mex;
use rustc_hash::FxHashSet;
use thiserror::Error;

/// Bounds on one computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions the search may list before it gives up: each position it expands and each
    /// option of it counts, so the budget bounds both time and the memory of the search.
    pub max_positions: u64,
    /// Entries each transposition table may hold; the oldest go first.
    pub max_cached: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_positions: 10_000_000,
            max_cached: 4_000_000,
        }
    }
}

/// Why a computation stopped without an answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SolveError {
    #[error("the search needs more than {limit} positions; ask for a smaller position or raise the limit")]
    TooBig { limit: u64 },
    #[error(
        "the game does not end: a position repeats along a line of play, so it has no nim value"
    )]
    Loops,
}

/// Solves positions of one ruleset, remembering what it has learnt between calls.
pub struct Solver<'g, G: Impartial> {
    game: &'g G,
    limits: Limits,
    closed_forms: bool,
    listed: u64,
    /// Normal play: nim values of canonical components.
    values: BoundedTable<G::Position, u64>,
    /// Misère play: canonical whole positions, `0` for P and `1` for N.
    misere: BoundedTable<G::Position, u64>,
    progress: Option<Box<dyn FnMut(u64)>>,
}

/// How often the progress callback hears from a long search.
const PROGRESS_EVERY: u64 = 1 << 16;

impl<'g, G: Impartial> Solver<'g, G> {
    pub fn new(game: &'g G) -> Self {
        let limits = Limits::default();
        Solver {
            game,
            limits,
            closed_forms: true,
            listed: 0,
            values: BoundedTable::new(limits.max_cached),
            misere: BoundedTable::new(limits.max_cached),
            progress: None,
        }
    }

    /// Other limits; the tables start afresh with the new cap.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self.values = BoundedTable::new(limits.max_cached);
        self.misere = BoundedTable::new(limits.max_cached);
        self
    }

    /// Ignore the ruleset's closed forms and search everything: the reference that tests
    /// compare closed forms against.
    pub fn by_search_only(mut self) -> Self {
        self.closed_forms = false;
        self
    }

    /// Calls `report` with the number of positions listed so far, now and then.
    pub fn on_progress(mut self, report: Box<dyn FnMut(u64)>) -> Self {
        self.progress = Some(report);
        self
    }

    /// The game this solver solves.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// Positions listed so far: each position expanded and each option it listed.
    pub fn positions_listed(&self) -> u64 {
        self.listed
    }

    /// Positions held in the transposition tables now.
    pub fn positions_cached(&self) -> usize {
        self.values.len() + self.misere.len()
    }

    /// The Sprague–Grundy value (nim value) of a position under normal play.
    pub fn nim_value(&mut self, position: &G::Position) -> Result<u64, SolveError> {
        let mut total = 0;
        for component in self.game.components(position) {
            total ^= self.evaluate(self.game.canonical(&component), Play::Normal)?;
        }
        Ok(total)
    }

    /// Whether the player to move wins.
    pub fn outcome(&mut self, position: &G::Position, play: Play) -> Result<Outcome, SolveError> {
        if self.closed_forms && play == Play::Normal {
            if let Some(outcome) = self.game.known_outcome(position) {
                return Ok(outcome);
            }
        }
        let value = match play {
            Play::Normal => self.nim_value(position)?,
            Play::Misere => self.evaluate(self.game.canonical(position), Play::Misere)?,
        };
        Ok(Outcome::p_if(value == 0))
    }

    /// Every option from which the player who moved there wins: all of them, not one.
    pub fn winning_moves(
        &mut self,
        position: &G::Position,
        play: Play,
    ) -> Result<Vec<G::Position>, SolveError> {
        self.moves_to(position, Target::winning(play))
    }

    /// Every option that reaches `target`.
    pub fn moves_to(
        &mut self,
        position: &G::Position,
        target: Target,
    ) -> Result<Vec<G::Position>, SolveError> {
        if self.closed_forms {
            if let Some(moves) = self.game.known_moves_to(position, target) {
                return Ok(moves);
            }
        }
        self.check_room(position)?;
        let options = self.game.options(position);
        self.count(options.len() as u64)?;
        let mut found = Vec::new();
        for option in options {
            // A P-position needs only the outcome, which a closed form may give.
            let hit = match target {
                Target::Value(0) => self.outcome(&option, Play::Normal)? == Outcome::P,
                Target::Value(value) => self.nim_value(&option)? == value,
                Target::MisereP => self.outcome(&option, Play::Misere)? == Outcome::P,
            };
            if hit {
                found.push(option);
            }
        }
        Ok(found)
    }

    /// Outcome, every winning move and the nim value (normal play). Where a closed form gives
    /// the outcome and the moves but the value's search is too big, the analysis says so
    /// rather than fail.
    pub fn analyse(
        &mut self,
        position: &G::Position,
        play: Play,
    ) -> Result<Analysis<G::Position>, SolveError> {
        let outcome = self.outcome(position, play)?;
        let winning_moves = self.winning_moves(position, play)?;
        let (value, value_unknown) = match play {
            Play::Misere => (None, None),
            Play::Normal => match self.nim_value(position) {
                Ok(value) => (Some(value), None),
                Err(too_big @ SolveError::TooBig { .. }) => (None, Some(too_big)),
                Err(other) => return Err(other),
            },
        };
        Ok(Analysis {
            outcome,
            value,
            value_unknown,
            winning_moves,
        })
    }

    /// What is known of a position without searching: a closed form or a table entry.
    fn known(&self, position: &G::Position, play: Play) -> Option<u64> {
        match play {
            Play::Normal => self
                .closed_forms
                .then(|| self.game.known_value(position))
                .flatten()
                .or_else(|| self.values.get(position)),
            Play::Misere => self
                .closed_forms
                .then(|| self.game.known_misere_outcome(position))
                .flatten()
                .map(|outcome| (outcome == Outcome::N) as u64)
                .or_else(|| self.misere.get(position)),
        }
    }

    /// The value of a canonical position: its nim value (normal play) or 0/1 for P/N (misère).
    fn evaluate(&mut self, root: G::Position, play: Play) -> Result<u64, SolveError> {
        if let Some(value) = self.known(&root, play) {
            return Ok(value);
        }
        let mut on_path = FxHashSet::from_iter([root.clone()]);
        let mut stack = vec![self.open(root, play)?];
        loop {
            let top = stack
                .last_mut()
                .expect("the stack holds the root until it returns");
            match top.next_part().cloned() {
                Some(part) => match self.known(&part, play) {
                    Some(value) => top.accept(value),
                    None => {
                        if !on_path.insert(part.clone()) {
                            return Err(SolveError::Loops);
                        }
                        stack.push(self.open(part, play)?);
                    }
                },
                None => {
                    let done = stack.pop().expect("the top frame exists");
                    let value = done.value(play);
                    on_path.remove(&done.position);
                    self.remember(done.position, value, play);
                    match stack.last_mut() {
                        Some(parent) => parent.accept(value),
                        None => return Ok(value),
                    }
                }
            }
        }
    }

    /// Expands a position: lists its options, each split into the parts whose values it needs.
    fn open(
        &mut self,
        position: G::Position,
        play: Play,
    ) -> Result<Frame<G::Position>, SolveError> {
        let game = self.game;
        self.check_room(&position)?;
        let options = game.options(&position);
        self.count(1 + options.len() as u64)?;
        let pending = options
            .iter()
            .map(|option| match play {
                Play::Normal => game
                    .components(option)
                    .iter()
                    .map(|c| game.canonical(c))
                    .collect(),
                Play::Misere => vec![game.canonical(option)],
            })
            .collect();
        let mut frame = Frame {
            position,
            pending,
            option: 0,
            part: 0,
            sum: 0,
            values: Vec::new(),
            stop_at_p: play == Play::Misere,
        };
        frame.settle();
        Ok(frame)
    }

    /// Refuses, before listing them, options that the budget could not hold.
    fn check_room(&self, position: &G::Position) -> Result<(), SolveError> {
        let bound = self.game.option_bound(position).unwrap_or(0);
        if self.listed.saturating_add(bound) > self.limits.max_positions {
            return Err(SolveError::TooBig {
                limit: self.limits.max_positions,
            });
        }
        Ok(())
    }

    /// Counts positions listed against the budget, and reports progress now and then.
    fn count(&mut self, positions: u64) -> Result<(), SolveError> {
        let before = self.listed;
        self.listed = self.listed.saturating_add(positions);
        if self.listed > self.limits.max_positions {
            return Err(SolveError::TooBig {
                limit: self.limits.max_positions,
            });
        }
        if before / PROGRESS_EVERY != self.listed / PROGRESS_EVERY {
            if let Some(report) = self.progress.as_mut() {
                report(self.listed);
            }
        }
        Ok(())
    }

    fn remember(&mut self, position: G::Position, value: u64, play: Play) {
        match play {
            Play::Normal => self.values.insert(position, value),
            Play::Misere => self.misere.insert(position, value),
        }
    }
}

/// A position being expanded: its options, and how far their values are known.
struct Frame<P> {
    position: P,
    /// For each option, the parts whose values nim-sum to the option's value.
    pending: Vec<Vec<P>>,
    option: usize,
    part: usize,
    /// The nim-sum of the known parts of the current option.
    sum: u64,
    /// The values of the options seen so far.
    values: Vec<u64>,
    /// Misère search stops at the first option that is a P-position.
    stop_at_p: bool,
}

impl<P> Frame<P> {
    fn next_part(&self) -> Option<&P> {
        self.pending.get(self.option).map(|parts| &parts[self.part])
    }

    fn accept(&mut self, value: u64) {
        self.sum ^= value;
        self.part += 1;
        self.settle();
    }

    /// Moves past every option whose parts are all known.
    fn settle(&mut self) {
        while self.option < self.pending.len() && self.part == self.pending[self.option].len() {
            self.values.push(self.sum);
            self.sum = 0;
            self.part = 0;
            self.option += 1;
            if self.stop_at_p && self.sum_is_p() {
                self.option = self.pending.len();
            }
        }
    }

    fn sum_is_p(&self) -> bool {
        self.values.last() == Some(&0)
    }

    /// Normal play: the mex of the options' values. Misère play: N (1) at a terminal position
    /// or when some option is P, else P (0).
    fn value(&self, play: Play) -> u64 {
        match play {
            Play::Normal => mex(self.values.iter().copied()),
            Play::Misere => (self.values.is_empty() || self.values.contains(&0)) as u64,
        }
    }
}
