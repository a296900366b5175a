//! Tame games: where every position plays under misère play as a position of Nim.
//!
//! Misère Nim's rule (Bouton 1902) is normal play's with one switch: with no heap of two or
//! more, the player to move loses exactly when an odd number of heaps of one are left;
//! otherwise, exactly when the nim-sum is 0. Conway calls a game tame when its positions play
//! so, each heap as a heap of Nim: one of value 0 or 1 that stays on the small side of the
//! switch (genus `0^120` or `1^031`), or one of value `v` that counts as a heap of two or more
//! (genus `v^v(v+2)`, as `*2 + *2` has genus `0^02`). In Plambeck and Siegel's terms the
//! quotient is then a tame quotient, Nim's own.
//!
//! Each heap's value is its normal-play nim value, and its side is read off the quotient: a
//! small heap's element squares to the identity, as two heaps of one cancel. The game is tame
//! exactly when this map of the heaps, extended to the quotient's elements through their
//! least positions, is a homomorphism that gives each element's outcome by misère Nim's rule:
//! then by induction on the number of heaps every position's map is its element's, and its
//! outcome is Nim's. The check is one step for each element and heap.

use super::{Heap, Machine, Options};
use crate::heap::Genus;
use crate::nimber::mex;

/// How a position of a tame game plays: as a position of Nim with this nim-sum, with or
/// without a heap of two or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NimPosition {
    /// The nim-sum of the heaps' normal-play values.
    pub value: u64,
    /// Whether a heap counts as two or more, which switches misère Nim to normal play's rule.
    pub large: bool,
}

impl NimPosition {
    /// The empty position.
    pub const EMPTY: NimPosition = NimPosition {
        value: 0,
        large: false,
    };

    /// The position of both together.
    pub fn plus(self, other: NimPosition) -> NimPosition {
        NimPosition {
            value: self.value ^ other.value,
            large: self.large || other.large,
        }
    }

    /// Misère Nim's rule: whether the player to move loses.
    pub fn is_p(self) -> bool {
        if self.large {
            self.value == 0
        } else {
            self.value == 1
        }
    }

    /// Conway's genus of the position: `0^120`, `1^031`, or `v^v(v+2)` (nim-addition).
    pub fn genus(self) -> Genus {
        let misere = match (self.large, self.value) {
            (false, 0) => vec![1, 2, 0],
            (false, _) => vec![0, 3, 1],
            (true, v) => vec![v, v ^ 2],
        };
        Genus {
            normal: self.value,
            misere,
        }
    }
}

/// The normal-play nim value of each heap, by the mex of its options' nim-sums.
pub(super) fn nim_values(options: &Options) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(options.len());
    for heap_options in options {
        let reached = heap_options
            .iter()
            .map(|parts| parts.iter().fold(0, |sum, &h| sum ^ values[h as usize]));
        let value = mex(reached);
        values.push(value);
    }
    values
}

/// How each heap up to `largest` plays, from heap 0, if every position of the quotient
/// `machine` (the heaps up to `largest`, with `elements` the least position of each element)
/// plays as misère Nim; none if the game is wild there.
pub(super) fn nim_heaps(
    machine: &Machine,
    elements: &[Vec<Heap>],
    values: &[u64],
    largest: Heap,
) -> Option<Vec<NimPosition>> {
    let heaps: Vec<NimPosition> = (0..=largest)
        .map(|heap| {
            let element = machine.next(0, heap);
            NimPosition {
                value: values[heap as usize],
                large: machine.next(element, heap) != 0,
            }
        })
        .collect();
    if heaps.iter().any(|heap| !heap.large && heap.value > 1) {
        return None;
    }
    let of_row = |row: &[Heap]| {
        row.iter()
            .fold(NimPosition::EMPTY, |sum, &h| sum.plus(heaps[h as usize]))
    };
    let images: Vec<NimPosition> = elements.iter().map(|row| of_row(row)).collect();
    let homomorphic = (0..machine.order() as u32).all(|element| {
        let image = images[element as usize];
        machine.p[element as usize] == image.is_p()
            && (1..=largest).all(|heap| {
                images[machine.next(element, heap) as usize] == image.plus(heaps[heap as usize])
            })
    });
    homomorphic.then_some(heaps)
}
