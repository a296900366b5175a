//! The rulesets, each in its own file, and the catalogue that finds one by name.
//!
//! A ruleset is an [`Impartial`] game plus a [`Notation`] for its positions. The catalogue
//! turns a name such as `subtraction:1,3,4` into a [`Ruleset`], the object-safe face that the
//! command line drives: parse a position, analyse it, report in the ruleset's own notation.

mod chomp;
mod dynamic;
mod nim;
mod northcott;
mod staircase;
mod subtraction;
mod turtles;
mod welter;
mod wythoff;

pub use chomp::Chomp;
pub use dynamic::{smallest_zeckendorf_term, DynamicSubtraction, Heap};
pub use nim::{misere_nim_outcome, Lasker, MooreNim, Nim, Nimble};
pub use northcott::{Board, Northcott, PokerNim, PokerPosition, Row};
pub use staircase::{odd_stair_sum, SilverDollar, Square, Staircase};
pub use subtraction::Subtraction;
pub use turtles::{Coins, TurningTurtles};
pub use welter::Welter;
pub use wythoff::{is_wythoff_p, wythoff_p_position, Wythoff};

use crate::heap::{heap_sequence, HeapRule, Heaps, Sequence};
use crate::impartial::{GameGraph, Impartial, Limits, Outcome, Play, SolveError, Solver};
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
        winning_moves: analysis
            .winning_moves
            .iter()
            .map(|to| Move {
                to: game.show(to),
                description: game.describe_move(&position, to),
            })
            .collect(),
    })
}

/// Parses a position and lists its moves.
pub fn list_moves<G: Notation>(game: &G, name: &str, text: &str) -> Result<Vec<Move>, RuleError> {
    let position = parse_position(game, name, text)?;
    Ok(game
        .options(&position)
        .iter()
        .map(|to| Move {
            to: game.show(to),
            description: game.describe_move(&position, to),
        })
        .collect())
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

/// A ruleset's entry in the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RuleInfo {
    /// The name, with its parameter syntax if it takes one, e.g. `subtraction:S`.
    pub name: &'static str,
    pub summary: &'static str,
    /// How positions are written.
    pub notation: &'static str,
    /// A position to try, as a full command-line example.
    pub example: &'static str,
}

/// Every ruleset, in the order of the texts.
pub fn catalogue() -> &'static [RuleInfo] {
    CATALOGUE
}

/// Finds a ruleset by name, with its parameters after a colon.
pub fn ruleset(spec: &str) -> Result<Box<dyn Ruleset>, RuleError> {
    let (name, params) = match spec.split_once(':') {
        Some((name, params)) => (name.trim(), Some(params.trim())),
        None => (spec.trim(), None),
    };
    let takes_params = ["subtraction", "moore", "dynamic"];
    if !takes_params.contains(&name) {
        if let Some(params) = params {
            return Err(RuleError::BadParameters {
                game: name.to_string(),
                reason: format!("this game takes no parameters, but ':{params}' was given"),
            });
        }
    }
    let bad = |reason: String| RuleError::BadParameters {
        game: name.to_string(),
        reason,
    };
    let need = |params: Option<&str>, what: &str| {
        params
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .ok_or_else(|| {
                bad(format!(
                    "give {what} after a colon, e.g. `{name}:{}`",
                    example_params(name)
                ))
            })
    };
    Ok(match name {
        "nim" => Box::new(Heaps(Nim)),
        "misere-nim" => Box::new(MisereNim),
        "subtraction" => Box::new(Heaps(
            Subtraction::parse_params(&need(params, "the subtraction set")?).map_err(bad)?,
        )),
        "moore" => Box::new(
            MooreNim::parse_params(&need(params, "k, the most heaps a move may touch")?)
                .map_err(bad)?,
        ),
        "wythoff" => Box::new(Wythoff),
        "chomp" => Box::new(Chomp),
        "poker-nim" => Box::new(PokerNim),
        "northcott" => Box::new(Northcott),
        "staircase" => Box::new(Staircase),
        "nimble" => Box::new(Heaps(Nimble)),
        "welter" => Box::new(Welter),
        "turning-turtles" => Box::new(TurningTurtles),
        "silver-dollar" => Box::new(SilverDollar),
        "lasker" => Box::new(Heaps(Lasker)),
        "dynamic" => Box::new(
            DynamicSubtraction::parse_params(&need(params, "the multiplier m")?).map_err(bad)?,
        ),
        "fibonacci" => Box::new(DynamicSubtraction::fibonacci()),
        _ => return Err(RuleError::UnknownGame(spec.to_string())),
    })
}

fn example_params(name: &str) -> &'static str {
    match name {
        "subtraction" => "1,3,4",
        "moore" => "2",
        _ => "1",
    }
}

/// Nim under misère play, whatever the caller asks.
struct MisereNim;

impl Ruleset for MisereNim {
    fn name(&self) -> String {
        "misere-nim".to_string()
    }

    fn analyse(&self, position: &str, _play: Play, budget: Budget) -> Result<Report, RuleError> {
        analyse_position(&Heaps(Nim), &self.name(), position, Play::Misere, budget)
    }

    fn graph(
        &self,
        position: &str,
        _play: Play,
        max_positions: usize,
    ) -> Result<GraphReport, RuleError> {
        explore_position(
            &Heaps(Nim),
            &self.name(),
            position,
            Play::Misere,
            max_positions,
        )
    }

    fn moves(&self, position: &str) -> Result<Vec<Move>, RuleError> {
        list_moves(&Heaps(Nim), &self.name(), position)
    }
}

/// Reads numbers separated by spaces or commas, naming the first that is not a number or
/// does not fit in 64 bits.
pub fn parse_numbers(text: &str) -> Result<Vec<u64>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|token| !token.is_empty())
        .map(parse_number)
        .collect()
}

/// Reads one non-negative integer that fits in 64 bits.
pub fn parse_number(token: &str) -> Result<u64, String> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{token}' is not a non-negative whole number"));
    }
    token
        .parse()
        .map_err(|_| format!("{token} is too large (the limit is {})", u64::MAX))
}

/// The largest number a position may hold where the number of moves grows with it: past it,
/// the list of moves alone would not fit in memory.
pub const MAX_SIZE: u64 = 1 << 20;

/// Refuses a number past [`MAX_SIZE`], naming what it counts.
pub fn check_size(value: u64, what: &str) -> Result<u64, String> {
    if value > MAX_SIZE {
        return Err(format!(
            "{what} {value} is too large for this game (at most {MAX_SIZE}): its moves would not fit in memory"
        ));
    }
    Ok(value)
}

/// Reads numbers as [`parse_numbers`] does, each at most [`MAX_SIZE`].
pub fn parse_sizes(text: &str, what: &str) -> Result<Vec<u64>, String> {
    parse_numbers(text)?
        .into_iter()
        .map(|value| check_size(value, what))
        .collect()
}

/// Writes numbers separated by single spaces.
pub fn show_numbers(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

const CATALOGUE: &[RuleInfo] = &[
    RuleInfo {
        name: "nim",
        summary: "Take any number of chips from one heap; the last to move wins.",
        notation: "heap sizes separated by spaces, e.g. `3 5 7`. An emptied heap stays in the row as 0.",
        example: "conway solve nim \"13 42 30 43\"",
    },
    RuleInfo {
        name: "misere-nim",
        summary: "Nim in which the last to move loses (the same as `nim --misere`).",
        notation: "as nim: heap sizes separated by spaces.",
        example: "conway solve misere-nim \"1 1 3\"",
    },
    RuleInfo {
        name: "subtraction:S",
        summary: "Take s chips from one heap, for some s in the finite set S.",
        notation: "S is a comma-separated list of positive whole numbers (`subtraction:1,3,4`); a position is heap sizes separated by spaces.",
        example: "conway solve subtraction:1,3,4 110",
    },
    RuleInfo {
        name: "moore:k",
        summary: "Moore's Nim_k: take chips from at least one and at most k heaps at once.",
        notation: "k ≥ 1 after the colon (`moore:2`); a position is heap sizes separated by spaces.",
        example: "conway solve moore:2 \"13 12 8\"",
    },
    RuleInfo {
        name: "wythoff",
        summary: "Take chips from one of two heaps, or the same number from both.",
        notation: "a pair `x,y` (or just `x y`); several pairs separated by spaces are a sum, e.g. Wythoff's Queens with several queens: `3,5 4,7`.",
        example: "conway solve wythoff \"4 7\"",
    },
    RuleInfo {
        name: "chomp",
        summary: "Eat a square and every square right of and below it; the top-left square is poisoned.",
        notation: "row lengths from the top, non-increasing, e.g. `4 4 3` (rows of 4, 4 and 3 squares). The position `1` (the poison alone) is lost for the player to move.",
        example: "conway solve chomp \"5 5 5\"",
    },
    RuleInfo {
        name: "poker-nim",
        summary: "Nim in which a player may instead add to a heap chips he took earlier; the P-positions are Nim's.",
        notation: "heap sizes, then optionally `/ c` for the c chips the player to move has taken so far, e.g. `3 5 7 / 4`.",
        example: "conway solve poker-nim \"3 5 7 / 4\"",
    },
    RuleInfo {
        name: "northcott",
        summary: "One white and one black piece per row; a player slides one of his pieces along its row without jumping. The player to move owns W.",
        notation: "rows separated by `|`, each with one `W`, one `B` and `.` for empty squares, e.g. `W..B....|.W....B.`.",
        example: "conway solve northcott \"W..B....|W......B\"",
    },
    RuleInfo {
        name: "staircase",
        summary: "Move any number of chips from a stair to the stair below; chips leave from stair 1.",
        notation: "chip counts on stairs 1, 2, 3, ... separated by spaces, e.g. `3 0 5 2`.",
        example: "conway solve staircase \"3 0 5 2\"",
    },
    RuleInfo {
        name: "nimble",
        summary: "Coins on a numbered strip; move one coin to any lower square (jumping allowed, squares may hold several coins).",
        notation: "the square of each coin, separated by spaces, e.g. `1 3 3 7`; square 0 is the end.",
        example: "conway solve nimble \"1 3 3 7\"",
    },
    RuleInfo {
        name: "welter",
        summary: "Nimble with at most one coin per square: move a coin to any lower empty square.",
        notation: "the distinct squares of the coins, e.g. `[0|3|4]` or `0 3 4`.",
        example: "conway solve welter \"[2|3|7]\"",
    },
    RuleInfo {
        name: "turning-turtles",
        summary: "Turn one coin from heads to tails and, if you like, one coin to its left either way.",
        notation: "a row of `H` and `T`, coin 1 first, e.g. `THTTHTTTHHTHT` (at most 128 coins).",
        example: "conway solve turning-turtles THTTHTTTHHTHT",
    },
    RuleInfo {
        name: "silver-dollar",
        summary: "Slide a coin left without passing another; the leftmost coin may drop into the bag, but whoever bags the silver dollar loses.",
        notation: "the strip right of the bag, square 1 first: `c` a coin, `S` the silver dollar, `.` empty, e.g. `.c..S.c`.",
        example: "conway solve silver-dollar \".c..S.c\"",
    },
    RuleInfo {
        name: "lasker",
        summary: "Lasker's Nim: take any number of chips from one heap, or split a heap into two.",
        notation: "heap sizes separated by spaces.",
        example: "conway solve lasker \"2 5 7\"",
    },
    RuleInfo {
        name: "dynamic:m",
        summary: "One heap; the first move takes any number but not all, each later move at most m times the previous one.",
        notation: "`n` for a fresh heap of n, or `n/t` for a heap of n from which at most t may be taken now.",
        example: "conway solve dynamic:1 44",
    },
    RuleInfo {
        name: "fibonacci",
        summary: "Fibonacci Nim: dynamic:2, each move at most twice the previous one.",
        notation: "as dynamic:m: `n` or `n/t`.",
        example: "conway solve fibonacci 43",
    },
];

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

            $($extra)*
        }
    };
}
pub(crate) use ruleset_via_notation;

/// The notation shared by heap games: heap sizes separated by spaces, each at most `$max`.
macro_rules! heap_notation {
    ($rule:ty, $max:expr) => {
        impl $crate::rules::Notation for $crate::heap::Heaps<$rule> {
            fn parse(&self, text: &str) -> Result<Vec<u64>, String> {
                let heaps = $crate::rules::parse_numbers(text)?;
                match heaps.iter().find(|&&h| h > $max) {
                    Some(h) => Err(format!(
                        "heap {h} is too large for this game (at most {})",
                        $max
                    )),
                    None => Ok(heaps),
                }
            }

            fn show(&self, heaps: &Vec<u64>) -> String {
                $crate::rules::show_numbers(heaps)
            }

            fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
                $crate::heap::describe_heap_move(from, to)
            }
        }
    };
}
pub(crate) use heap_notation;
