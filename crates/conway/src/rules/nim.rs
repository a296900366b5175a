//! Nim and its closest relatives: Nimble (Nim with coins), Lasker's Nim (heaps may split) and
//! Moore's Nim_k (several heaps at once).

use super::{
    heap_notation, parse_number, parse_numbers, parse_sizes, ruleset_via_notation, show_numbers,
    Notation,
};
use crate::heap::{HeapRule, Heaps};
use crate::impartial::{Impartial, Outcome, Target};
use crate::nimber::moore_digits;

/// Nim: take any number of chips from one heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

/// The rule of Nim, for Nim itself and for Nimble (a coin on square n is a heap of n).
macro_rules! nim_rule {
    ($rule:ty) => {
        impl HeapRule for $rule {
            fn heap_options(&self, size: u64) -> Vec<Vec<u64>> {
                (0..size)
                    .map(|left| if left == 0 { vec![] } else { vec![left] })
                    .collect()
            }

            fn heap_option_bound(&self, size: u64) -> Option<u64> {
                Some(size)
            }

            fn known_heap_value(&self, size: u64) -> Option<u64> {
                Some(size)
            }

            fn known_misere_outcome(&self, heaps: &[u64]) -> Option<Outcome> {
                Some(misere_nim_outcome(heaps))
            }

            fn known_moves_to(&self, heaps: &[u64], target: Target) -> Option<Vec<Vec<u64>>> {
                Some(nim_moves_to(heaps, target))
            }
        }
    };
}

nim_rule!(Nim);

/// Bouton's rule for misère Nim (Theorem 2.2): P iff either every heap has at most one chip
/// and an odd number of heaps have one, or some heap has more and the nim-sum is 0.
pub fn misere_nim_outcome(heaps: &[u64]) -> Outcome {
    let losing = if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        nim_sum(heaps) == 0
    };
    Outcome::p_if(losing)
}

fn nim_sum(heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |sum, &h| sum ^ h)
}

/// Every Nim move that reaches `target`, heap by heap and in increasing order of what is left.
///
/// Nim value v: replace heap `h` by `h ⊕ s ⊕ v` (s the nim-sum) where that is smaller; v = 0
/// is Theorem 2.1. Misère P: a move to a misère P-position either zeroes the nim-sum with a
/// big heap left, or leaves only heaps of 0 and 1, so it leaves 0 or 1 in the heap it
/// touches; those few candidates are tested by Theorem 2.2.
fn nim_moves_to(heaps: &[u64], target: Target) -> Vec<Vec<u64>> {
    let sum = nim_sum(heaps);
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let mut lefts = match target {
            Target::Value(value) => vec![h ^ sum ^ value],
            Target::MisereP => vec![0, 1, h ^ sum],
        };
        lefts.sort_unstable();
        lefts.dedup();
        for left in lefts.into_iter().filter(|&left| left < h) {
            let mut option = heaps.to_vec();
            option[i] = left;
            let reached = match target {
                Target::Value(_) => true,
                Target::MisereP => misere_nim_outcome(&option) == Outcome::P,
            };
            if reached {
                moves.push(option);
            }
        }
    }
    moves
}

heap_notation!(Nim, u64::MAX);
ruleset_via_notation!(Heaps<Nim>, |_: &Heaps<Nim>| "nim".to_string(), heap);

/// Nimble: coins on a numbered strip, each moving to any lower square; a coin on square n is
/// a Nim heap of n (Exercise 2.5-5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nimble;

nim_rule!(Nimble);

impl Notation for Heaps<Nimble> {
    fn parse(&self, text: &str) -> Result<Vec<u64>, String> {
        parse_numbers(text)
    }

    fn show(&self, squares: &Vec<u64>) -> String {
        show_numbers(squares)
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let coin = from.iter().zip(to).position(|(a, b)| a != b).unwrap_or(0);
        format!("coin {}: square {} → {}", coin + 1, from[coin], to[coin])
    }
}

ruleset_via_notation!(
    Heaps<Nimble>,
    |_: &Heaps<Nimble>| "nimble".to_string(),
    heap
);

/// Lasker's Nim (Example 3.8): take any number of chips from a heap, or split a heap into two
/// non-empty heaps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lasker;

impl HeapRule for Lasker {
    fn heap_options(&self, size: u64) -> Vec<Vec<u64>> {
        let mut options = Nim.heap_options(size);
        options.extend((1..=size / 2).map(|a| vec![a, size - a]));
        options
    }

    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(size.saturating_add(size / 2))
    }

    /// g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
    fn known_heap_value(&self, size: u64) -> Option<u64> {
        Some(match size % 4 {
            0 if size > 0 => size - 1,
            3 => size.checked_add(1)?,
            _ => size,
        })
    }
}

heap_notation!(Lasker, super::MAX_SIZE);
ruleset_via_notation!(
    Heaps<Lasker>,
    |_: &Heaps<Lasker>| "lasker".to_string(),
    heap
);

/// Moore's Nim_k (§2.4): reduce at least one and at most k heaps in one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MooreNim {
    /// The most heaps one move may touch.
    pub k: u64,
}

impl MooreNim {
    pub fn new(k: u64) -> Result<Self, String> {
        if k == 0 {
            return Err("k must be at least 1 (moore:1 is Nim)".to_string());
        }
        Ok(MooreNim { k })
    }

    pub fn parse_params(params: &str) -> Result<Self, String> {
        Self::new(parse_number(params.trim())?)
    }

    /// Moore's theorem (Theorem 2.3): P iff in every binary column the number of heaps with
    /// a 1 is divisible by k + 1.
    pub fn is_p_position(&self, heaps: &[u64]) -> bool {
        moore_digits(self.k, heaps).is_empty()
    }

    /// Adds every way to lower some of `heaps[start..]` (at most `left` of them) to `options`.
    fn lower_from(
        &self,
        heaps: &[u64],
        start: usize,
        left: u64,
        current: &mut Vec<u64>,
        options: &mut Vec<Vec<u64>>,
    ) {
        if left == 0 {
            return;
        }
        for i in start..heaps.len() {
            for lower in 0..heaps[i] {
                current[i] = lower;
                options.push(current.clone());
                self.lower_from(heaps, i + 1, left - 1, current, options);
            }
            current[i] = heaps[i];
        }
    }
}

impl Impartial for MooreNim {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        self.lower_from(heaps, 0, self.k, &mut heaps.clone(), &mut options);
        options
    }

    /// Each of at most k lowered heaps takes one of at most Σ h values: (Σ h)^k bounds it.
    fn option_bound(&self, heaps: &Vec<u64>) -> Option<u64> {
        let total = heaps.iter().fold(0u64, |t, &h| t.saturating_add(h));
        let touched = self.k.min(heaps.len() as u64);
        Some((0..touched).fold(1u64, |bound, _| bound.saturating_mul(total)))
    }

    fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        sorted.sort_unstable();
        sorted
    }

    /// The misère rule of Exercise 2.5-3: P iff either every heap has at most one chip and
    /// the number of 1-heaps is ≡ 1 (mod k+1), or some heap is bigger and the k-nim-sum is 0.
    fn known_misere_outcome(&self, heaps: &Vec<u64>) -> Option<Outcome> {
        let losing = if heaps.iter().all(|&h| h <= 1) {
            let ones = heaps.iter().filter(|&&h| h == 1).count() as u64;
            ones % (self.k.saturating_add(1)) == 1
        } else {
            self.is_p_position(heaps)
        };
        Some(Outcome::p_if(losing))
    }

    fn known_outcome(&self, heaps: &Vec<u64>) -> Option<Outcome> {
        Some(Outcome::p_if(self.is_p_position(heaps)))
    }
}

impl Notation for MooreNim {
    fn parse(&self, text: &str) -> Result<Vec<u64>, String> {
        parse_sizes(text, "heap")
    }

    fn show(&self, heaps: &Vec<u64>) -> String {
        show_numbers(heaps)
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        from.iter()
            .zip(to)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| format!("heap {}: {a} → {b}", i + 1))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

ruleset_via_notation!(MooreNim, |m: &MooreNim| format!("moore:{}", m.k));
