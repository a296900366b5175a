//! The rulesets, filed by the theory that values them: [`impartial`] games (nim values),
//! [`partizan`] games (short-game values), [`loopy`] games (play may go round a cycle) and
//! [`connection`] games (Hex and Squex, answered by searches of their own), one file or
//! folder each, and the [`registry`](catalogue) that finds one by name.

pub mod connection;
pub mod impartial;
pub mod loopy;
pub mod partizan;
mod registry;

pub use registry::{catalogue, find, parse_sum, ruleset};
