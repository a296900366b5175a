//! Dynamic subtraction games (Exercise 1.6-7): one heap; the first move takes any number but
//! not all, and each later move takes at most m times what the previous move took. m = 1 is
//! the game of part (a), m = 2 is Fibonacci Nim.

use super::{check_size, parse_number, ruleset_via_notation, Notation};
use crate::impartial::Impartial;

/// A dynamic subtraction game with multiplier m.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DynamicSubtraction {
    pub multiplier: u64,
}

/// A heap and the most that may be taken from it now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Heap {
    pub chips: u64,
    pub limit: u64,
}

impl DynamicSubtraction {
    pub fn new(multiplier: u64) -> Result<Self, String> {
        if multiplier == 0 {
            return Err("the multiplier must be at least 1".to_string());
        }
        Ok(DynamicSubtraction { multiplier })
    }

    pub fn fibonacci() -> Self {
        DynamicSubtraction { multiplier: 2 }
    }

    pub fn parse_params(params: &str) -> Result<Self, String> {
        Self::new(parse_number(params.trim())?)
    }

    /// A fresh heap: the first move may take anything but the whole heap.
    pub fn start(chips: u64) -> Heap {
        Heap {
            chips,
            limit: chips.saturating_sub(1),
        }
    }
}

impl Impartial for DynamicSubtraction {
    type Position = Heap;

    fn options(&self, heap: &Heap) -> Vec<Heap> {
        (1..=heap.limit.min(heap.chips))
            .map(|taken| Heap {
                chips: heap.chips - taken,
                limit: taken.saturating_mul(self.multiplier),
            })
            .collect()
    }

    fn canonical(&self, heap: &Heap) -> Heap {
        Heap {
            chips: heap.chips,
            limit: heap.limit.min(heap.chips),
        }
    }
}

impl Notation for DynamicSubtraction {
    fn parse(&self, text: &str) -> Result<Heap, String> {
        match text.split_once('/') {
            None => Ok(Self::start(check_size(parse_number(text.trim())?, "heap")?)),
            Some((chips, limit)) => Ok(Heap {
                chips: check_size(parse_number(chips.trim())?, "heap")?,
                limit: parse_number(limit.trim())?,
            }),
        }
    }

    fn show(&self, heap: &Heap) -> String {
        format!("{}/{}", heap.chips, heap.limit)
    }

    fn describe_move(&self, from: &Heap, to: &Heap) -> String {
        format!("take {}", from.chips - to.chips)
    }
}

ruleset_via_notation!(
    DynamicSubtraction,
    |d: &DynamicSubtraction| match d.multiplier {
        2 => "fibonacci".to_string(),
        m => format!("dynamic:{m}"),
    }
);
