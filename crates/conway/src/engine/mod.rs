//! What every engine shares: the outcome classes, the value of a position, the limits of a
//! computation and its meter, and the bounded transposition table.
//!
//! The impartial solver, the game-graph analysis and (later) the short-game store all count
//! their work and their memory with one [`Meter`], so that one pair of limits bounds both the
//! time and the memory of any computation, and report the same [`SearchError`].

mod footprint;
mod meter;
mod outcome;
mod table;
mod value;

pub use footprint::{buffer_bytes, grown_capacity, map_bytes, map_growth_bytes, Footprint};
pub use meter::{show_bytes, Limit, Limits, Meter, Progress, SearchError, BYTES_PER_COUNT};
pub use outcome::{Outcome, Play};
pub use table::BoundedTable;
pub use value::Value;
