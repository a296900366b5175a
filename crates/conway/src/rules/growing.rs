//! The growing-take game of Exercise 1.6-7(c): one heap, and the k-th move may take 1 to k
//! chips. The text leaves open whether k counts every move of the game or each player's own
//! moves, so both readings are here.

use super::{parse_numbers, parse_size, ruleset_via_notation, Notation};
use crate::impartial::Impartial;

/// Which moves the k of "the k-th move" counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Every move of the game: the k-th move of the game may take 1 to k.
    AllMoves,
    /// Each player's own moves: a player's k-th move may take 1 to k.
    OwnMoves,
}

/// The growing-take game under one reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GrowingTake {
    pub counting: Counting,
}

/// A heap, the most the player to move may take, and the most the other player may take on
/// his next move (which, when every move counts, is one more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GrowingHeap {
    pub chips: u64,
    pub mine: u64,
    pub theirs: u64,
}

impl GrowingTake {
    pub fn parse_params(params: Option<&str>) -> Result<Self, String> {
        let counting = match params {
            None | Some("all") => Counting::AllMoves,
            Some("own") => Counting::OwnMoves,
            Some(other) => return Err(format!("'{other}' should be `all` or `own`")),
        };
        Ok(GrowingTake { counting })
    }

    /// A fresh heap: the first move takes one chip, as does each player's first move.
    pub fn start(&self, chips: u64) -> GrowingHeap {
        let theirs = match self.counting {
            Counting::AllMoves => 2,
            Counting::OwnMoves => 1,
        };
        GrowingHeap {
            chips,
            mine: 1,
            theirs,
        }
    }
}

impl Impartial for GrowingTake {
    type Position = GrowingHeap;

    fn options(&self, heap: &GrowingHeap) -> Vec<GrowingHeap> {
        let after = match self.counting {
            Counting::AllMoves => heap.theirs + 1,
            Counting::OwnMoves => heap.mine + 1,
        };
        (1..=heap.mine.min(heap.chips))
            .map(|taken| GrowingHeap {
                chips: heap.chips - taken,
                mine: heap.theirs,
                theirs: after,
            })
            .collect()
    }
}

impl Notation for GrowingTake {
    /// `n` for a fresh heap; `n/k` (every move counts: the mover may take up to k), or
    /// `n/a,b` (own moves count: the mover up to a, the other player next up to b).
    fn parse(&self, text: &str) -> Result<GrowingHeap, String> {
        let Some((chips, limits)) = text.split_once('/') else {
            return Ok(self.start(parse_size(text, "heap")?));
        };
        let chips = parse_size(chips, "heap")?;
        let heap = match (self.counting, parse_numbers(limits)?.as_slice()) {
            (Counting::AllMoves, &[k]) => GrowingHeap {
                chips,
                mine: k,
                theirs: k.saturating_add(1),
            },
            (Counting::OwnMoves, &[mine, theirs]) => GrowingHeap {
                chips,
                mine,
                theirs,
            },
            (Counting::AllMoves, _) => {
                return Err("write `n/k`: k is the most the next move may take".into())
            }
            (Counting::OwnMoves, _) => {
                return Err(
                    "write `n/a,b`: the most the mover may take, then the other player".into(),
                )
            }
        };
        Ok(heap)
    }

    fn show(&self, heap: &GrowingHeap) -> String {
        match self.counting {
            Counting::AllMoves => format!("{}/{}", heap.chips, heap.mine),
            Counting::OwnMoves => format!("{}/{},{}", heap.chips, heap.mine, heap.theirs),
        }
    }

    fn describe_move(&self, from: &GrowingHeap, to: &GrowingHeap) -> String {
        format!("take {}", from.chips - to.chips)
    }
}

ruleset_via_notation!(GrowingTake, |g: &GrowingTake| match g.counting {
    Counting::AllMoves => "growing".to_string(),
    Counting::OwnMoves => "growing:own".to_string(),
});
