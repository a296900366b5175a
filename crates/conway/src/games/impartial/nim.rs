//! Nim and its closest relatives: Nimble (Nim with coins), Lasker's Nim (heaps may split),
//! Rims (Nim in disguise) and Moore's Nim_k (several heaps at once).

use crate::analysis::{typed, typed_under, Kind};
use crate::analysis::{Notation, Params, RuleInfo};
use crate::engine::{Outcome, Play};
use crate::games::impartial::exercise_heaps::leave;
use crate::games::impartial::heaps::parse_heaps;
use crate::games::impartial::heaps::HeapNotation;
use crate::heap::{lasker_value, sorted_heaps, ClosedCode, HeapRule, Heaps, Period};
use crate::impartial::{Impartial, MoveSink, Target};
use crate::nimber::moore_digits;
use crate::text::{parse_number, show_numbers, ParseError, MAX_SIZE};

/// Nim: take any number of chips from one heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

pub(crate) const NIM: RuleInfo = RuleInfo {
    name: "nim",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Take any number of chips from one heap; the last to move wins.",
    notation:
        "heap sizes separated by spaces, e.g. `3 5 7`. An emptied heap stays in the row as 0.",
    misere: "the last to move loses; solved by Bouton's rule (Theorem 2.2).",
    example: "conway solve nim \"13 42 30 43\"",
    build: |info, _| Ok(typed(info, Heaps(Nim))),
};

pub(crate) const MISERE_NIM: RuleInfo = RuleInfo {
    name: "misere-nim",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Nim in which the last to move loses (the same as `nim --misere`).",
    notation: "as nim: heap sizes separated by spaces.",
    misere: "always: this game is Nim under misère play.",
    example: "conway solve misere-nim \"1 1 3\"",
    build: |info, _| Ok(typed_under(info, Heaps(Nim), Play::Misere)),
};

/// The rule of Nim, for Nim itself and for Nimble (a coin on square n is a heap of n).
macro_rules! nim_rule {
    ($rule:ty) => {
        impl HeapRule for $rule {
            fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
                if size > 0 {
                    option(&[]);
                }
                for left in 1..size {
                    option(&[left]);
                }
            }

            fn heap_option_bound(&self, size: u64) -> Option<u64> {
                Some(size)
            }

            fn known_heap_value(&self, size: u64) -> Option<u64> {
                Some(size)
            }

            fn every_heap_known(&self) -> bool {
                true
            }

            fn closed_form_period(&self) -> Option<Period> {
                Some(ClosedCode::Nim.period())
            }

            fn known_misere_outcome(&self, heaps: &[u64]) -> Option<Outcome> {
                Some(misere_nim_outcome(heaps))
            }

            fn known_moves_to(
                &self,
                heaps: &[u64],
                target: Target,
                sink: &mut MoveSink<'_, Vec<u64>>,
            ) -> bool {
                // Nim always ends: no move keeps a draw.
                if !matches!(target, Target::Draw(_)) {
                    nim_moves_to(heaps, target, sink);
                }
                true
            }
        }
    };
}

nim_rule!(Nim);

impl HeapNotation for Nim {}

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

/// The nim-sum of a row of numbers.
pub(crate) fn nim_sum(values: &[u64]) -> u64 {
    values.iter().fold(0, |sum, &v| sum ^ v)
}

/// The Nim moves that reach `target`, heap by heap and in increasing order of what is left.
/// A move is built only if the sink keeps it, so counting the moves of a row of many heaps
/// costs linear time.
///
/// Nim value v: replace heap `h` by `h ⊕ s ⊕ v` (s the nim-sum) where that is smaller; v = 0
/// is Theorem 2.1. Misère P: a move to a misère P-position either zeroes the nim-sum with a
/// big heap left, or leaves only heaps of 0 and 1, so it leaves 0 or 1 in the heap it
/// touches; those few candidates are tested by Theorem 2.2, which needs only the number of
/// heaps above 1 and of heaps of 1 besides the touched one.
fn nim_moves_to(heaps: &[u64], target: Target, sink: &mut MoveSink<'_, Vec<u64>>) {
    let sum = nim_sum(heaps);
    let big = heaps.iter().filter(|&&h| h > 1).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    for (i, &h) in heaps.iter().enumerate() {
        let mut lefts = match target {
            Target::Value(value) => vec![h ^ sum ^ value],
            Target::MisereP => vec![0, 1, h ^ sum],
            Target::Draw(_) => return,
        };
        lefts.sort_unstable();
        lefts.dedup();
        for left in lefts.into_iter().filter(|&left| left < h) {
            let reached = match target {
                Target::Value(_) | Target::Draw(_) => true,
                Target::MisereP => {
                    let big = big - usize::from(h > 1) + usize::from(left > 1);
                    let ones = ones - usize::from(h == 1) + usize::from(left == 1);
                    let sum = sum ^ h ^ left;
                    if big == 0 {
                        ones % 2 == 1
                    } else {
                        sum == 0
                    }
                }
            };
            if reached {
                sink.push_with(|| {
                    let mut option = heaps.to_vec();
                    option[i] = left;
                    option
                });
            }
        }
    }
}

/// Nimble: coins on a numbered strip, each moving to any lower square; a coin on square n is
/// a Nim heap of n (Exercise 2.5-5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nimble;

pub(crate) const NIMBLE: RuleInfo = RuleInfo {
    name: "nimble",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Coins on a numbered strip; move one coin to any lower square (jumping allowed, squares may hold several coins).",
    notation: "the square of each coin, separated by spaces, e.g. `1 3 3 7`; square 0 is the end.",
    misere: "the last to move loses; solved as misère Nim.",
    example: "conway solve nimble \"1 3 3 7\"",
    build: |info, _| Ok(typed(info, Heaps(Nimble))),
};

nim_rule!(Nimble);

impl HeapNotation for Nimble {
    fn describe_move(&self, from: &[u64], to: &[u64]) -> String {
        let coin = from.iter().zip(to).position(|(a, b)| a != b).unwrap_or(0);
        format!("coin {}: square {} → {}", coin + 1, from[coin], to[coin])
    }
}

/// Lasker's Nim (Example 3.8): take any number of chips from a heap, or split a heap into two
/// non-empty heaps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lasker;

pub(crate) const LASKER: RuleInfo = RuleInfo {
    name: "lasker",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Lasker's Nim: take any number of chips from one heap, or split a heap into two.",
    notation: "heap sizes separated by spaces.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve lasker \"2 5 7\"",
    build: |info, _| Ok(typed(info, Heaps(Lasker))),
};

impl HeapRule for Lasker {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        Nim.heap_options(size, option);
        for a in 1..=size / 2 {
            option(&[a, size - a]);
        }
    }

    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(size.saturating_add(size / 2))
    }

    fn every_heap_known(&self) -> bool {
        true
    }

    /// g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
    fn known_heap_value(&self, size: u64) -> Option<u64> {
        lasker_value(size)
    }

    fn closed_form_period(&self) -> Option<Period> {
        Some(ClosedCode::Lasker.period())
    }
}

impl HeapNotation for Lasker {
    fn max_heap(&self) -> u64 {
        MAX_SIZE
    }
}

/// Rims (Example 3.9): take at least one chip from a heap and split what is left into at most
/// two heaps. Every value is the heap's size: Nim in disguise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rims;

pub(crate) const RIMS: RuleInfo = RuleInfo {
    name: "rims",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Rims (Example 3.9): take at least one chip from a heap and optionally split the rest into two heaps; g(n) = n.",
    notation: "the number of points in each region, separated by spaces (at most 2048 each).",
    misere: "the last to move loses; solved by search.",
    example: "conway solve rims \"3 4 5\"",
    build: |info, _| Ok(typed(info, Heaps(Rims))),
};

impl HeapRule for Rims {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        for left in 0..size {
            leave(left, option);
            for a in 1..=left / 2 {
                option(&[a, left - a]);
            }
        }
    }

    /// One option per heap left and about left/2 splits of it: at most n + n²/4.
    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some((size.saturating_mul(size) / 4).saturating_add(size))
    }

    fn every_heap_known(&self) -> bool {
        true
    }

    fn known_heap_value(&self, size: u64) -> Option<u64> {
        Some(size)
    }

    fn closed_form_period(&self) -> Option<Period> {
        Some(ClosedCode::Nim.period())
    }
}

impl HeapNotation for Rims {
    /// A heap of n has about n²/4 options: a million at 2048.
    fn max_heap(&self) -> u64 {
        1 << 11
    }
}

/// Moore's Nim_k (§2.4): reduce at least one and at most k heaps in one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MooreNim {
    /// The most heaps one move may touch.
    pub k: u64,
}

pub(crate) const MOORE: RuleInfo = RuleInfo {
    name: "moore",
    kind: Kind::Impartial,
    params: Params::Required {
        name: "k",
        example: "2",
    },
    summary: "Moore's Nim_k: take chips from at least one and at most k heaps at once.",
    notation: "k ≥ 1 after the colon (`moore:2`); a position is heap sizes separated by spaces.",
    misere: "the last to move loses; solved by the rule of Exercise 2.5-3.",
    example: "conway solve moore:2 \"13 12 8\"",
    build: |info, params| Ok(typed(info, MooreNim::parse_params(params.unwrap_or(""))?)),
};

impl MooreNim {
    /// Nim_k, where `k ≥ 1` (Nim_1 is Nim).
    pub fn new(k: u64) -> Result<Self, ParseError> {
        if k == 0 {
            return Err(ParseError::whole("k must be at least 1 (moore:1 is Nim)"));
        }
        Ok(MooreNim { k })
    }

    /// Reads `k`, as in `moore:2`.
    fn parse_params(params: &str) -> Result<Self, ParseError> {
        Self::new(parse_number(params)?)
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

    fn representative(&self, heaps: Vec<u64>) -> Vec<u64> {
        sorted_heaps(heaps)
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
    fn parse(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        parse_heaps(text, MAX_SIZE)
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

    fn params(&self) -> Option<String> {
        Some(self.k.to_string())
    }
}
