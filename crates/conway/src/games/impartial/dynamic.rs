//! Dynamic subtraction games (Exercise 1.6-7): one heap; the first move takes any number but
//! not all, and each later move takes at most m times what the previous move took. m = 1 is
//! the game of part (a), m = 2 is Fibonacci Nim.

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, RuleInfo};
use crate::engine::{Footprint, Outcome};
use crate::impartial::Impartial;
use crate::text::{parse_number, parse_size, ParseError};

/// A dynamic subtraction game with multiplier m.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DynamicSubtraction {
    /// m: each move after the first may take at most m times what the previous move took.
    pub multiplier: u64,
}

pub(crate) const DYNAMIC: RuleInfo = RuleInfo {
    name: "dynamic",
    kind: Kind::Impartial,
    params: Params::Required {
        name: "m",
        example: "1",
    },
    summary: "One heap; the first move takes any number but not all, each later move at most m times the previous one.",
    notation: "`n` for a fresh heap of n, or `n/t` for a heap of n from which at most t may be taken now.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve dynamic:1 44",
    build: |info, params| Ok(typed(info, DynamicSubtraction::parse_params(params.unwrap_or(""))?)),
};

pub(crate) const FIBONACCI: RuleInfo = RuleInfo {
    name: "fibonacci",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Fibonacci Nim: dynamic:2, each move at most twice the previous one.",
    notation: "as dynamic:m: `n` or `n/t`.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve fibonacci 43",
    build: |info, _| Ok(typed(info, DynamicSubtraction::fibonacci())),
};

/// A heap and the most that may be taken from it now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DynamicHeap {
    /// The chips in the heap.
    pub chips: u64,
    /// The most chips the player to move may take.
    pub limit: u64,
}

impl Footprint for DynamicHeap {
    fn footprint(&self) -> usize {
        std::mem::size_of::<DynamicHeap>()
    }
}

impl DynamicSubtraction {
    /// The game with multiplier `multiplier ≥ 1`.
    pub fn new(multiplier: u64) -> Result<Self, ParseError> {
        if multiplier == 0 {
            return Err(ParseError::whole("the multiplier must be at least 1"));
        }
        Ok(DynamicSubtraction { multiplier })
    }

    /// Fibonacci Nim: multiplier 2.
    pub fn fibonacci() -> Self {
        DynamicSubtraction { multiplier: 2 }
    }

    /// Reads the multiplier, as in `dynamic:1`.
    fn parse_params(params: &str) -> Result<Self, ParseError> {
        Self::new(parse_number(params)?)
    }

    /// A fresh heap: the first move may take anything but the whole heap.
    pub fn start(chips: u64) -> DynamicHeap {
        DynamicHeap {
            chips,
            limit: chips.saturating_sub(1),
        }
    }
}

/// The smallest term of the Zeckendorf representation of `n ≥ 1`: its greedy sum of
/// non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ...
pub fn smallest_zeckendorf_term(mut n: u64) -> u64 {
    let mut fibonacci = vec![1u64, 2];
    while let Some(next) =
        fibonacci[fibonacci.len() - 1].checked_add(fibonacci[fibonacci.len() - 2])
    {
        if next > n {
            break;
        }
        fibonacci.push(next);
    }
    let mut smallest = n;
    for &f in fibonacci.iter().rev() {
        if f <= n {
            n -= f;
            smallest = f;
        }
    }
    smallest
}

impl Impartial for DynamicSubtraction {
    type Position = DynamicHeap;

    fn options(&self, heap: &DynamicHeap) -> Vec<DynamicHeap> {
        (1..=heap.limit.min(heap.chips))
            .map(|taken| DynamicHeap {
                chips: heap.chips - taken,
                limit: taken.saturating_mul(self.multiplier),
            })
            .collect()
    }

    /// The player to move wins iff he may take the smallest part of the heap's
    /// representation: its lowest binary digit for m = 1, its smallest Zeckendorf term for
    /// Fibonacci Nim (Exercise 1.6-7). Other multipliers are searched.
    fn known_outcome(&self, heap: &DynamicHeap) -> Option<Outcome> {
        let smallest_part = match self.multiplier {
            _ if heap.chips == 0 => return Some(Outcome::P),
            1 => 1 << heap.chips.trailing_zeros(),
            2 => smallest_zeckendorf_term(heap.chips),
            _ => return None,
        };
        Some(Outcome::p_if(smallest_part > heap.limit))
    }

    fn representative(&self, heap: DynamicHeap) -> DynamicHeap {
        DynamicHeap {
            chips: heap.chips,
            limit: heap.limit.min(heap.chips),
        }
    }
}

impl Notation for DynamicSubtraction {
    fn parse(&self, text: &str) -> Result<DynamicHeap, ParseError> {
        match text.split_once('/') {
            None => Ok(Self::start(parse_size(text, "heap")?)),
            Some((chips, limit)) => Ok(DynamicHeap {
                chips: parse_size(chips, "heap")?,
                limit: parse_number(limit).map_err(|e| e.shifted(chips.chars().count() + 1))?,
            }),
        }
    }

    fn show(&self, heap: &DynamicHeap) -> String {
        format!("{}/{}", heap.chips, heap.limit)
    }

    fn describe_move(&self, from: &DynamicHeap, to: &DynamicHeap) -> String {
        format!("take {}", from.chips - to.chips)
    }

    fn params(&self) -> Option<String> {
        Some(self.multiplier.to_string())
    }
}
