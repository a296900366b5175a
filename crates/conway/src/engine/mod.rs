//! What every engine shares: the outcome classes, the limits of a computation and its meter,
//! and the bounded transposition table.
//!
//! The impartial solver and the game-graph analysis count their work and their memory with
//! one [`Meter`], and the store of short games counts its own in the same units, so that one
//! pair of [`Limits`] bounds both the time and the memory of any computation; all of them
//! report the same [`SearchError`].

mod cores;
mod footprint;
mod meter;
mod outcome;
mod table;

pub use cores::map_on_cores;
pub use footprint::{buffer_bytes, grown_capacity, map_bytes, map_growth_bytes, Footprint};
pub use meter::{
    show_bytes, Limit, Limits, Meter, Progress, SearchError, SharedWork, BYTES_PER_COUNT,
};
pub use outcome::{Outcome, Play};
pub use table::BoundedTable;
