//! Impartial rulesets under which play may go round a cycle: a position is analysed on its
//! explicit game graph (win, loss or draw), unless a closed form answers.

pub(crate) mod northcott;

pub use northcott::{Board, Northcott, PokerNim, PokerPosition, Row};
