//! Short partizan games (chapters 6–9): canonical forms in a hash-consed [`Store`], where a
//! game is a [`GameId`] and equal games have equal ids.
//!
//! ```
//! use conway::engine::Outcome;
//! use conway::short::Store;
//!
//! let mut store = Store::default();
//! let zero = store.zero();
//! let star = store.from_options(&[zero], &[zero]).unwrap(); // * = {0 | 0}
//! let up = store.from_options(&[zero], &[star]).unwrap(); // ↑ = {0 | *}
//! let down = store.neg(up).unwrap();
//! // {↑ | ↓} = *
//! assert_eq!(store.from_options(&[up], &[down]).unwrap(), star);
//! assert_eq!(store.show(up), "^");
//! assert_eq!(store.outcome(up).unwrap(), Outcome::L);
//! let up_star = store.add(up, star).unwrap();
//! assert_eq!(store.outcome(up_star).unwrap(), Outcome::N);
//! ```

mod atomic;
mod cache;
mod canonical;
mod compare;
mod cooling;
mod form_cache;
mod id;
mod invariants;
mod memo;
mod multiply;
mod nus;
mod reduced;
mod remembered;
mod show;
mod stack;
mod store;
mod sum;
mod temperature;
#[cfg(test)]
mod tests;
pub mod thermograph;
mod uptimal;

pub use atomic::NoAtomicWeight;
pub use id::{GameId, Options};
pub use nus::Nus;
pub use store::{Store, StoreResult, STEPS_PER_POSITION};
pub use thermograph::{Thermograph, Wall};
