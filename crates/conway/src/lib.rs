//! conway: exact combinatorial game theory.
//!
//! The crate follows the layers of the theory. Under everything, [`engine`] holds what every
//! engine shares (outcome classes, values, limits, bounded tables), [`nimber`] the nim field
//! and [`number`] the exact dyadic numbers and the simplest number between two. On them
//! stand the engines: impartial games ([`impartial`]) and games on explicit graphs, cycles
//! allowed ([`graph`]). Heap games ([`heap`]), coin-turning games ([`coin`]) and the rulesets of the texts
//! ([`games`]) build on the engines, and the expression language ([`lang`]) and the command
//! line sit on top.
//!
//! ```
//! use conway::engine::Play;
//! use conway::heap::Heaps;
//! use conway::impartial::Solver;
//! use conway::games::impartial::Nim;
//!
//! let nim = Heaps(Nim);
//! let mut solver = Solver::new(&nim);
//! let position = vec![13, 42, 30, 43];
//! assert_eq!(solver.nim_value(&position), Ok(18));
//! // Every winning move, not one: here the only one takes heap 3 from 30 to 12.
//! assert_eq!(solver.winning_moves(&position, Play::Normal), Ok(vec![vec![13, 42, 12, 43]]));
//! ```
//!
//! The command line's face is [`games::ruleset`]: a game found by name parses a position once
//! into a typed [`analysis::Position`].
//!
//! ```
//! use conway::engine::{Outcome, Play};
//! use conway::analysis::Budget;
//! use conway::games::ruleset;
//!
//! let chomp = ruleset("chomp").unwrap();
//! let board = chomp.parse("5 5 5").unwrap();
//! let report = board.analyse(Play::Normal, 10, Budget::default()).unwrap();
//! assert_eq!(report.outcome, Outcome::N);
//! assert!(chomp.parse("3 5").is_err(), "rows must not grow");
//! ```

pub mod analysis;
pub mod coin;
pub mod engine;
pub mod games;
pub mod graph;
pub mod heap;
pub mod impartial;
pub mod lang;
pub mod nimber;
pub mod number;
pub mod partizan;
pub mod short;
pub mod text;
