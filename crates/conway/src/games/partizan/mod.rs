//! Partizan rulesets: Left and Right have different moves, and a position's value is a short
//! game (chapters 5–9).

pub(crate) mod clobber;
pub(crate) mod col;
pub(crate) mod cut_cake;
pub(crate) mod domineering;
pub(crate) mod eatcake;
pub mod hackenbush;
pub(crate) mod maundy;
pub(crate) mod seating;
pub(crate) mod subtraction;
pub(crate) mod toads;

pub use clobber::{Clobber, ClobberBoard, MAX_CLOBBER_SQUARES};
pub use col::{Col, ColGraph, Snort, Tint};
pub use cut_cake::{CutCake, Piece};
pub use domineering::{Domineering, DomineeringBoard, MAX_SQUARES};
pub use eatcake::Eatcake;
pub use hackenbush::Hackenbush;
pub use maundy::{Cake, MaundyCake};
pub use seating::{Couple, SeatingCouples, Section};
pub use subtraction::{PartizanSubtraction, Removals};
pub use toads::{Cell, ToadsAndFrogs};
