//! Rulesets under which play may go round a cycle. The impartial ones (Poker Nim, Northcott)
//! are analysed on their explicit game graph (win, loss or draw, and γ), unless a closed form
//! answers; the partizan ones (Backsliding Toads and Frogs, Fox and Geese) on theirs too, with
//! loopy values (stoppers and sides) that add to other games'.

pub(crate) mod backsliding;
pub(crate) mod fox_geese;
pub(crate) mod northcott;

pub use backsliding::BackslidingToads;
pub use fox_geese::FoxAndGeese;
pub use northcott::{Board, Northcott, PokerNim, PokerPosition, Row};
