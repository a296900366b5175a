//! The growing-take game of Exercise 1.6-7(c): one heap, and the k-th move may take 1 to k
//! chips. The text leaves open whether k counts every move of the game or each player's own
//! moves, so both readings are here.

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, RuleInfo};
use crate::engine::Footprint;
use crate::impartial::Impartial;
use crate::text::{parse_numbers, parse_size, ParseError, Separator};

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
    /// Which moves k counts.
    pub counting: Counting,
}

pub(crate) const GROWING: RuleInfo = RuleInfo {
    name: "growing",
    kind: Kind::Impartial,
    params: Params::Optional { name: "own" },
    summary: "One heap; the k-th move may take 1 to k chips, k counting every move (growing) or each player's own (growing:own).",
    notation: "`n` for a fresh heap; `n/k` (the mover may take up to k) for growing, `n/a,b` (the mover up to a, the other player next up to b) for growing:own.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve growing 20",
    build: |info, params| Ok(typed(info, GrowingTake::parse_params(params)?)),
};

/// A heap, the most the player to move may take, and the most the other player may take on
/// his next move (which, when every move counts, is one more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GrowingHeap {
    /// The chips in the heap.
    pub chips: u64,
    /// The most chips the player to move may take.
    pub mine: u64,
    /// The most chips the other player may take on his next move.
    pub theirs: u64,
}

impl Footprint for GrowingHeap {
    fn footprint(&self) -> usize {
        std::mem::size_of::<GrowingHeap>()
    }
}

impl GrowingTake {
    /// Reads the reading: none or `all` for every move, `own` for each player's own.
    fn parse_params(params: Option<&str>) -> Result<Self, ParseError> {
        let counting = match params.map(str::trim) {
            None | Some("all") => Counting::AllMoves,
            Some("own") => Counting::OwnMoves,
            Some(other) => {
                return Err(ParseError::whole(format!(
                    "'{other}' should be `all` or `own`"
                )))
            }
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
        // A limit past the heap is as good as the heap itself, so it saturates.
        let after = match self.counting {
            Counting::AllMoves => heap.theirs.saturating_add(1),
            Counting::OwnMoves => heap.mine.saturating_add(1),
        };
        (1..=heap.mine.min(heap.chips))
            .map(|taken| GrowingHeap {
                chips: heap.chips - taken,
                mine: heap.theirs,
                theirs: after,
            })
            .collect()
    }

    /// Limits past the heap mean the same as the heap: the mover may take it all, and so may
    /// either player later, since the heap only shrinks.
    fn representative(&self, heap: GrowingHeap) -> GrowingHeap {
        GrowingHeap {
            chips: heap.chips,
            mine: heap.mine.min(heap.chips),
            theirs: heap.theirs.min(heap.chips),
        }
    }
}

impl Notation for GrowingTake {
    /// `n` for a fresh heap; `n/k` (every move counts: the mover may take up to k), or
    /// `n/a,b` (own moves count: the mover up to a, the other player next up to b).
    fn parse(&self, text: &str) -> Result<GrowingHeap, ParseError> {
        let Some((chips, limits)) = text.split_once('/') else {
            return Ok(self.start(parse_size(text, "heap")?));
        };
        let limits_at = chips.chars().count() + 1;
        let chips = parse_size(chips, "heap")?;
        let limits = parse_numbers(limits, Separator::Commas).map_err(|e| e.shifted(limits_at))?;
        let heap = match (self.counting, limits.as_slice()) {
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
                return Err(ParseError::at(
                    limits_at,
                    "write `n/k`: k is the most the next move may take",
                ))
            }
            (Counting::OwnMoves, _) => {
                return Err(ParseError::at(
                    limits_at,
                    "write `n/a,b`: the most the mover may take, then the other player",
                ))
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

    fn params(&self) -> Option<String> {
        match self.counting {
            Counting::AllMoves => None,
            Counting::OwnMoves => Some("own".to_string()),
        }
    }
}
