//! conway: exact combinatorial game theory.
//!
//! The crate follows the layers of the theory: the nim field ([`nimber`]) under the generic
//! impartial engine ([`impartial`]), heap games on top of it ([`heap`]), the rulesets of the
//! texts ([`rules`]), and the small expression language of the command line ([`lang`]).

pub mod heap;
pub mod impartial;
pub mod lang;
pub mod nimber;
pub mod rules;
