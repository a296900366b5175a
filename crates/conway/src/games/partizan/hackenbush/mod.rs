//! Blue-Red-Green Hackenbush (chapter 9): Left cuts a blue or a green edge, Right a red or a
//! green one, and every edge no longer joined to the ground disappears. Blue-red pictures are
//! numbers, green ones nimbers, and pictures of all three colours (Hackenbush Hotchpotch) any
//! short game.
//!
//! A position is a [`Picture`] as its writer wrote it (see the `picture` module), which the
//! solver splits into independent parts, the pieces that hang from the ground separately, each
//! in a normal form that finds transpositions. The rules of chapter 9 give most parts'
//! values without search (the `values` module): the fusion and colon principles for green pictures,
//! Berlekamp's rule for blue-red stalks, Theorem 9.5 for blue-red trees and ordinal sums for
//! trees of any colours; search does the rest.

mod notation;
mod picture;
mod values;

pub use picture::{Colour, Edge, Forest, Picture, Vertex};
pub use values::{berlekamp, blue_over, green_value, red_over};

use crate::analysis::typed_partizan;
use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::partizan::{Partizan, Player};
use crate::short::{GameId, Store, StoreResult};
use crate::text::ParseError;

/// The most edges a picture may have: enough for any drawing, and few enough that listing
/// every move (each a copy of the picture) stays within a few hundred megabytes.
pub const MAX_EDGES: usize = 4096;

/// Blue-Red-Green Hackenbush.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hackenbush;

pub(crate) const HACKENBUSH: RuleInfo = RuleInfo {
    name: "hackenbush",
    kind: Kind::Partizan,
    params: Params::None,
    summary: "Partizan. Blue-Red-Green Hackenbush: Left cuts a blue or green edge, Right a red or green one; every edge no longer connected to the ground disappears; whoever cannot cut loses.",
    notation: "words separated by spaces, each a stalk or an edge. A stalk is its colours from the ground up, B (blue), R (red), G (green): `BRB GG R`. An edge is `A-B:C` between vertices numbered from 0, the ground, which is one vertex however many edges touch it: `0-1:B 1-2:R 1-3:G 2-3:B`; loops (`2-2:G`) and parallel edges are allowed. A stalk's vertices are its own, so both may be mixed. Every edge must be connected to the ground; at most 4096 edges; `0` alone is the bare ground. Pictures are written back as written: the same words in the same order, vertices with their writer's numbers (an edge's smaller number first).",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve hackenbush \"BRB GG 0-1:B 1-2:R 2-0:G\"",
    build: |info, _| Ok(typed_partizan(info, Hackenbush)),
};

impl Partizan for Hackenbush {
    type Position = Picture;

    fn left_options(&self, picture: &Picture) -> Vec<Picture> {
        picture.options(Player::Left)
    }

    fn right_options(&self, picture: &Picture) -> Vec<Picture> {
        picture.options(Player::Right)
    }

    fn components(&self, picture: Picture, parts: &mut Vec<Picture>) {
        parts.extend(picture.components());
    }

    /// The normal form finds transpositions (the parts are in it already).
    fn representative(&self, picture: Picture) -> Picture {
        picture.normal()
    }

    fn known_value(&self, part: &Picture, store: &mut Store) -> Option<StoreResult<GameId>> {
        values::known_value(part, store)
    }
}

impl PartizanNotation for Hackenbush {
    fn parse(&self, text: &str) -> Result<Picture, ParseError> {
        notation::parse(text)
    }

    fn show(&self, picture: &Picture) -> String {
        notation::show(picture)
    }

    fn describe_move(&self, _player: Player, from: &Picture, to: &Picture) -> String {
        notation::describe_move(from, to)
    }
}

#[cfg(test)]
mod tests;
