//! Impartial rulesets: both players have the same moves, and a position's value is a nimber.

pub(crate) mod chomp;
pub(crate) mod coins;
pub(crate) mod cram;
pub(crate) mod divisors;
pub(crate) mod dynamic;
pub(crate) mod exercise_heaps;
pub(crate) mod growing;
pub(crate) mod heaps;
pub(crate) mod nim;
pub(crate) mod nim2d;
pub(crate) mod ordinal_nim;
pub(crate) mod staircase;
pub(crate) mod subtraction;
pub(crate) mod take_break;
pub(crate) mod turtles;
pub(crate) mod welter;
pub(crate) mod wythoff;

pub use chomp::Chomp;
pub use cram::Cram;
pub use divisors::{Dim, Prim};
pub use dynamic::{smallest_zeckendorf_term, DynamicHeap, DynamicSubtraction};
pub use exercise_heaps::{AtLeastHalf, AtMostHalf, EvenOrOne, ThreesOrAll};
pub use growing::{Counting, GrowingHeap, GrowingTake};
pub use heaps::HeapNotation;
pub use nim::{misere_nim_outcome, Lasker, MooreNim, Nim, Nimble, Rims};
pub use nim2d::{Matrix, Nim2d};
pub use staircase::{odd_stair_sum, SilverDollar, Square, Staircase};
pub use subtraction::{Impatient, Subtraction};
pub use take_break::{parse_code, TakeAndBreak};
pub use turtles::{Coins, TurningTurtles};
pub use welter::Welter;
pub use wythoff::{is_wythoff_p, wythoff_p_position, Wythoff};
