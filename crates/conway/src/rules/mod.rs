//! The rulesets, each in its own file, and the catalogue that finds one by name.
//!
//! A ruleset is an [`Impartial`] game plus a [`Notation`] for its positions. The catalogue
//! turns a name such as `subtraction:1,3,4` into a [`Ruleset`], the object-safe face that the
//! command line drives: parse a position, analyse it, report in the ruleset's own notation.

mod catalogue;
mod chomp;
mod dynamic;
mod growing;
mod nim;
mod northcott;
mod notation;
mod staircase;
mod subtraction;
mod sum;
mod turtles;
mod welter;
mod wythoff;

pub use catalogue::{catalogue, ruleset, RuleInfo};
pub use chomp::Chomp;
pub use dynamic::{smallest_zeckendorf_term, DynamicSubtraction, Heap};
pub use growing::{Counting, GrowingHeap, GrowingTake};
pub use nim::{misere_nim_outcome, Lasker, MooreNim, Nim, Nimble};
pub use northcott::{Board, Northcott, PokerNim, PokerPosition, Row};
pub use notation::{
    check_size, parse_number, parse_numbers, parse_size, parse_sizes, show_numbers, MAX_SIZE,
};
pub use staircase::{odd_stair_sum, SilverDollar, Square, Staircase};
pub use subtraction::Subtraction;
pub use sum::{analyse_sum, Component};
pub use turtles::{Coins, TurningTurtles};
pub use welter::Welter;
pub use wythoff::{is_wythoff_p, wythoff_p_position, Wythoff};

use crate::heap::{heap_sequence, HeapRule, Heaps, Sequence};
use crate::impartial::{GameGraph, Impartial, Limits, Outcome, Play, SolveError, Solver, Target};
use serde::Serialize;
use thiserror::Error;

/// What went wrong with a game name, a position or its analysis.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RuleError {
    #[error("unknown game '{0}'; `conway rules` lists the games")]
    UnknownGame(String),
    #[error("{game}: bad parameters: {reason}")]
    BadParameters { game: String, reason: String },
    #[error("{game}: bad position '{position}': {reason}")]
    BadPosition {
        game: String,
        position: String,
        reason: String,
    },
    #[error("{0} is not a one-heap game, so it has no sequence of heap values")]
    NotAHeapGame(String),
    #[error("{game}: {what}")]
    Unsupported { game: String, what: &'static str },
    #[error("{game}: the position has more than {limit} moves, too many to list")]
    TooManyMoves { game: String, limit: u64 },
    #[error("{game}: {source}")]
    Solve { game: String, source: SolveError },
}

/// How a position is written and read, and how a move is described to a person.
pub trait Notation: Impartial {
    /// Reads a position; the error is the reason, for a message that names the position.
    fn parse(&self, text: &str) -> Result<Self::Position, String>;
    /// Writes a position so that [`Notation::parse`] reads it back.
    fn show(&self, position: &Self::Position) -> String;
    /// A short description of the move from `from` to its option `to`.
    fn describe_move(&self, from: &Self::Position, to: &Self::Position) -> String;
}

/// One winning move, in the ruleset's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The position the move leads to.
    pub to: String,
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
    /// "P" or "N".
    pub outcome: Outcome,
    /// The nim value under normal play; none under misère play.
    pub value: Option<u64>,
    /// Why a normal-play value is missing (its search was too big for the limits).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_unknown: Option<String>,
    pub winning_moves: Vec<Move>,
}

/// How much a computation may do, and whom to tell how it goes.
#[derive(Default)]
pub struct Budget {
    pub limits: Limits,
    /// Hears the number of positions searched so far, now and then.
    pub progress: Option<Box<dyn FnMut(u64)>>,
}

/// A ruleset as the command line sees it.
pub trait Ruleset {
    /// The full name with parameters, e.g. `subtraction:1,3,4`.
    fn name(&self) -> String;

    /// Outcome, value and every winning move of a position written in the ruleset's notation.
    fn analyse(&self, position: &str, play: Play, budget: Budget) -> Result<Report, RuleError>;

    /// The nim values of one heap of each size `0..=n`, for one-heap games, with their period.
    fn sequence(&self, _n: u64, _budget: Budget) -> Result<Sequence, RuleError> {
        Err(RuleError::NotAHeapGame(self.name()))
    }

    /// The nim value of a position under normal play, for sums of different games.
    fn value(&self, _position: &str, _budget: Budget) -> Result<u64, RuleError> {
        Err(self.not_in_sums())
    }

    /// Every move of a position to a position of nim value `value` (normal play): in a sum,
    /// the winning moves of this component.
    fn moves_to_value(
        &self,
        _position: &str,
        _value: u64,
        _budget: Budget,
    ) -> Result<Vec<Move>, RuleError> {
        Err(self.not_in_sums())
    }

    /// The error for a game that cannot be a component of a sum.
    fn not_in_sums(&self) -> RuleError {
        RuleError::Unsupported {
            game: self.name(),
            what: "this game cannot be part of a sum of different games",
        }
    }

    /// Every move from a position, in the ruleset's notation. Finite games only.
    fn moves(&self, _position: &str) -> Result<Vec<Move>, RuleError> {
        Err(RuleError::Unsupported {
            game: self.name(),
            what: "listing the moves of a game that need not end is not supported yet",
        })
    }

    /// Every position reachable from a position, with its moves and outcome: the game graph
    /// of Definition 1.4, labelled by its kernel (Theorem 1.1). Finite games only.
    fn graph(
        &self,
        _position: &str,
        _play: Play,
        _max_positions: usize,
    ) -> Result<GraphReport, RuleError> {
        Err(RuleError::Unsupported {
            game: self.name(),
            what: "the game need not end, so its game graph has cycles; graphs with cycles are not supported yet",
        })
    }
}

/// A game graph, ready to print.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GraphReport {
    pub game: String,
    pub play: Play,
    /// The positions; the first is the one asked about.
    pub positions: Vec<GraphNode>,
}

/// A position of a game graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GraphNode {
    pub position: String,
    /// P for the positions of the kernel.
    pub outcome: Outcome,
    /// Indices of the positions one move away.
    pub options: Vec<usize>,
}

/// Reads a position, with an error that names the game and the position.
fn parse_position<G: Notation>(game: &G, name: &str, text: &str) -> Result<G::Position, RuleError> {
    game.parse(text).map_err(|reason| RuleError::BadPosition {
        game: name.to_string(),
        position: text.to_string(),
        reason,
    })
}

/// Parses and analyses a position of any ruleset with a notation.
pub fn analyse_position<G: Notation>(
    game: &G,
    name: &str,
    text: &str,
    play: Play,
    budget: Budget,
) -> Result<Report, RuleError> {
    let position = parse_position(game, name, text)?;
    let mut solver = solver(game, budget);
    let analysis = solver
        .analyse(&position, play)
        .map_err(|source| solve_error(name, source))?;
    Ok(Report {
        game: name.to_string(),
        position: game.show(&position),
        play,
        outcome: analysis.outcome,
        value: analysis.value,
        value_unknown: analysis.value_unknown.map(|e| e.to_string()),
        winning_moves: moves_in_notation(game, &position, &analysis.winning_moves),
    })
}

/// Parses a position and finds its nim value.
pub fn position_value<G: Notation>(
    game: &G,
    name: &str,
    text: &str,
    budget: Budget,
) -> Result<u64, RuleError> {
    let position = parse_position(game, name, text)?;
    solver(game, budget)
        .nim_value(&position)
        .map_err(|source| solve_error(name, source))
}

/// Parses a position and lists its moves to positions of nim value `value`.
pub fn position_moves_to_value<G: Notation>(
    game: &G,
    name: &str,
    text: &str,
    value: u64,
    budget: Budget,
) -> Result<Vec<Move>, RuleError> {
    let position = parse_position(game, name, text)?;
    let options = solver(game, budget)
        .moves_to(&position, Target::Value(value))
        .map_err(|source| solve_error(name, source))?;
    Ok(moves_in_notation(game, &position, &options))
}

/// Moves from `from` to each of `options`, written in the game's notation.
fn moves_in_notation<G: Notation>(
    game: &G,
    from: &G::Position,
    options: &[G::Position],
) -> Vec<Move> {
    options
        .iter()
        .map(|to| Move {
            to: game.show(to),
            description: game.describe_move(from, to),
        })
        .collect()
}

/// The most moves [`list_moves`] writes out.
pub const MAX_LISTED_MOVES: u64 = 1 << 20;

/// Parses a position and lists its moves.
pub fn list_moves<G: Notation>(game: &G, name: &str, text: &str) -> Result<Vec<Move>, RuleError> {
    let position = parse_position(game, name, text)?;
    if game.option_bound(&position).unwrap_or(0) > MAX_LISTED_MOVES {
        return Err(RuleError::TooManyMoves {
            game: name.to_string(),
            limit: MAX_LISTED_MOVES,
        });
    }
    Ok(moves_in_notation(game, &position, &game.options(&position)))
}

/// Parses a position and builds its game graph, labelled by the kernel: of the graph itself
/// under normal play, of the graph with a sink after every terminal position under misère
/// play (Remark 1.1).
pub fn explore_position<G: Notation>(
    game: &G,
    name: &str,
    text: &str,
    play: Play,
    max_positions: usize,
) -> Result<GraphReport, RuleError> {
    let position = parse_position(game, name, text)?;
    let graph =
        GameGraph::build(game, position, max_positions).map_err(|e| solve_error(name, e))?;
    let kernel = match play {
        Play::Normal => graph.kernel(),
        Play::Misere => graph.with_misere_sink().kernel(),
    }
    .map_err(|e| solve_error(name, e))?;
    let positions = graph
        .positions
        .iter()
        .zip(&graph.followers)
        .zip(kernel)
        .map(|((position, followers), in_kernel)| GraphNode {
            position: game.show(position),
            outcome: Outcome::p_if(in_kernel),
            options: followers.clone(),
        })
        .collect();
    Ok(GraphReport {
        game: name.to_string(),
        play,
        positions,
    })
}

/// The one-heap values of a heap game, with their period.
pub fn analyse_sequence<R: HeapRule>(
    rule: &Heaps<R>,
    name: &str,
    n: u64,
    budget: Budget,
) -> Result<Sequence, RuleError> {
    heap_sequence(&mut solver(rule, budget), n).map_err(|source| solve_error(name, source))
}

fn solver<G: Impartial>(game: &G, budget: Budget) -> Solver<'_, G> {
    let solver = Solver::new(game).with_limits(budget.limits);
    match budget.progress {
        Some(report) => solver.on_progress(report),
        None => solver,
    }
}

fn solve_error(name: &str, source: SolveError) -> RuleError {
    RuleError::Solve {
        game: name.to_string(),
        source,
    }
}

/// Implements [`Ruleset`] for a game with a notation; `heap` adds the one-heap sequence.
macro_rules! ruleset_via_notation {
    ($game:ty, $name:expr) => {
        $crate::rules::ruleset_via_notation!(@impl $game, $name, {});
    };
    ($game:ty, $name:expr, heap) => {
        $crate::rules::ruleset_via_notation!(@impl $game, $name, {
            fn sequence(
                &self,
                n: u64,
                budget: $crate::rules::Budget,
            ) -> Result<$crate::heap::Sequence, $crate::rules::RuleError> {
                $crate::rules::analyse_sequence(self, &self.name(), n, budget)
            }
        });
    };
    (@impl $game:ty, $name:expr, { $($extra:tt)* }) => {
        impl $crate::rules::Ruleset for $game {
            fn name(&self) -> String {
                #[allow(clippy::redundant_closure_call)]
                ($name)(self)
            }

            fn analyse(
                &self,
                position: &str,
                play: $crate::impartial::Play,
                budget: $crate::rules::Budget,
            ) -> Result<$crate::rules::Report, $crate::rules::RuleError> {
                $crate::rules::analyse_position(self, &self.name(), position, play, budget)
            }

            fn graph(
                &self,
                position: &str,
                play: $crate::impartial::Play,
                max_positions: usize,
            ) -> Result<$crate::rules::GraphReport, $crate::rules::RuleError> {
                $crate::rules::explore_position(self, &self.name(), position, play, max_positions)
            }

            fn moves(
                &self,
                position: &str,
            ) -> Result<Vec<$crate::rules::Move>, $crate::rules::RuleError> {
                $crate::rules::list_moves(self, &self.name(), position)
            }

            fn value(
                &self,
                position: &str,
                budget: $crate::rules::Budget,
            ) -> Result<u64, $crate::rules::RuleError> {
                $crate::rules::position_value(self, &self.name(), position, budget)
            }

            fn moves_to_value(
                &self,
                position: &str,
                value: u64,
                budget: $crate::rules::Budget,
            ) -> Result<Vec<$crate::rules::Move>, $crate::rules::RuleError> {
                $crate::rules::position_moves_to_value(self, &self.name(), position, value, budget)
            }

            $($extra)*
        }
    };
}
pub(crate) use notation::heap_notation;
pub(crate) use ruleset_via_notation;
