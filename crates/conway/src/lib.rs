//! conway: exact combinatorial game theory.
//!
//! The crate follows the layers of the theory: the nim field ([`nimber`]) under the generic
//! impartial engine ([`impartial`]), heap games on top of it ([`heap`]), the rulesets of the
//! texts ([`rules`]), and the small expression language of the command line ([`lang`]).
//!
//! ```
//! use conway::heap::Heaps;
//! use conway::impartial::{Play, Solver};
//! use conway::rules::Nim;
//!
//! let nim = Heaps(Nim);
//! let mut solver = Solver::new(&nim);
//! let position = vec![13, 42, 30, 43];
//! assert_eq!(solver.nim_value(&position), Ok(18));
//! // Every winning move, not one: here the only one takes heap 3 from 30 to 12.
//! assert_eq!(solver.winning_moves(&position, Play::Normal), Ok(vec![vec![13, 42, 12, 43]]));
//! ```

pub mod engine;
pub mod graph;
pub mod heap;
pub mod impartial;
pub mod lang;
pub mod nimber;
pub mod rules;
