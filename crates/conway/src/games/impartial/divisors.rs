//! Dim± and Prim± (Exercises 3.7-8 and 3.7-9): what a move may take depends on how it divides
//! the heap. Dim takes a divisor of the heap, Prim a number prime to it.

use crate::analysis::typed;
use crate::analysis::{Kind, Params, RuleInfo};
use crate::games::impartial::exercise_heaps::leave;
use crate::games::impartial::heaps::HeapNotation;
use crate::heap::{HeapRule, Heaps};
use crate::text::MAX_SIZE;
use std::sync::OnceLock;

/// Dim±: take c chips from a heap of n where c divides n. Dim⁺ may take the whole heap, Dim⁻
/// (also called Aliquot) only a proper divisor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    /// Dim⁺: any divisor, the whole heap included.
    Plus,
    /// Dim⁻ (Aliquot): a proper divisor only.
    Minus,
}

pub(crate) const DIM_PLUS: RuleInfo = RuleInfo {
    name: "dim-plus",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Dim⁺ (Exercise 3.7-8): take c chips from a heap of n where c divides n, the whole heap included; g(n) = 1 + (the exponent of 2 in n).",
    notation: "heap sizes separated by spaces.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve dim-plus \"12 20 7\"",
    build: |info, _| Ok(typed(info, Heaps(Dim::Plus))),
};

pub(crate) const DIM_MINUS: RuleInfo = RuleInfo {
    name: "dim-minus",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Dim⁻, also called Aliquot (Exercise 3.7-8): take a proper divisor c < n of a heap of n; g(n) = the exponent of 2 in n.",
    notation: "heap sizes separated by spaces; a heap of 1 is over.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve dim-minus \"12 20 7\"",
    build: |info, _| Ok(typed(info, Heaps(Dim::Minus))),
};

impl HeapRule for Dim {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        let mut divisors = Vec::new();
        for d in (1..=size.isqrt()).filter(|d| size.is_multiple_of(*d)) {
            divisors.push(d);
            if d != size / d {
                divisors.push(size / d);
            }
        }
        // The largest divisor first: the options in increasing order of what is left.
        divisors.sort_unstable_by(|a, b| b.cmp(a));
        for c in divisors {
            if c < size || *self == Dim::Plus {
                leave(size - c, option);
            }
        }
    }

    /// The divisors pair up as d and n/d with d ≤ √n.
    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(2 * size.isqrt())
    }

    fn every_heap_known(&self) -> bool {
        true
    }

    fn known_heap_value(&self, size: u64) -> Option<u64> {
        let twos = u64::from(size.trailing_zeros());
        Some(match (size, self) {
            (0, _) => 0,
            (_, Dim::Plus) => twos + 1,
            (_, Dim::Minus) => twos,
        })
    }
}

impl HeapNotation for Dim {
    /// Listing the options of a heap of n takes √n divisions: 2^20 at most.
    fn max_heap(&self) -> u64 {
        1 << 40
    }
}

/// Prim±: take m chips from a heap of n where m is prime to n. Prim⁺ may also empty a heap of
/// one (m = n = 1), Prim⁻ may not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prim {
    /// Prim⁺: a heap of one may be emptied.
    Plus,
    /// Prim⁻: a heap of one may not.
    Minus,
}

pub(crate) const PRIM_PLUS: RuleInfo = RuleInfo {
    name: "prim-plus",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Prim⁺ (Exercise 3.7-9): take m ≤ n chips from a heap of n where gcd(m, n) = 1; g is 0 on even heaps and the index of the smallest prime factor on odd ones (g(1) = 1).",
    notation: "heap sizes separated by spaces.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve prim-plus \"9 25 4\"",
    build: |info, _| Ok(typed(info, Heaps(Prim::Plus))),
};

pub(crate) const PRIM_MINUS: RuleInfo = RuleInfo {
    name: "prim-minus",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Prim⁻ (Exercise 3.7-9): take m < n chips from a heap of n where gcd(m, n) = 1; g is 1 on even heaps and the index of the smallest prime factor on odd ones (g(1) = 0).",
    notation: "heap sizes separated by spaces; a heap of 1 is over.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve prim-minus \"9 25 4\"",
    build: |info, _| Ok(typed(info, Heaps(Prim::Minus))),
};

impl HeapRule for Prim {
    /// gcd(n − ℓ, n) = gcd(ℓ, n): leave ℓ chips, ℓ prime to n (ℓ = 0 only for n = 1).
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        let smallest = match self {
            Prim::Plus => 0,
            Prim::Minus => 1,
        };
        for left in (smallest..size).filter(|&left| gcd(left, size) == 1) {
            leave(left, option);
        }
    }

    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(size)
    }

    /// The index of the smallest prime factor on odd heaps from 3; on the others, 0 and 1
    /// (swapped between Prim⁺ and Prim⁻). Unknown where that factor is out of the table.
    fn known_heap_value(&self, size: u64) -> Option<u64> {
        let plus = *self == Prim::Plus;
        match size {
            0 => Some(0),
            1 => Some(u64::from(plus)),
            _ if size.is_multiple_of(2) => Some(u64::from(!plus)),
            _ => smallest_prime_index(size),
        }
    }
}

impl HeapNotation for Prim {
    fn max_heap(&self) -> u64 {
        MAX_SIZE
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The primes up to [`MAX_SIZE`] (82,025 of them), sieved once when first needed.
fn primes() -> &'static [u32] {
    static PRIMES: OnceLock<Vec<u32>> = OnceLock::new();
    PRIMES.get_or_init(|| {
        let n = MAX_SIZE as usize;
        let mut composite = vec![false; n + 1];
        let mut primes = Vec::new();
        for p in 2..=n {
            if !composite[p] {
                primes.push(p as u32);
                for multiple in (p * p..=n).step_by(p) {
                    composite[multiple] = true;
                }
            }
        }
        primes
    })
}

/// The index (2 is the first prime) of the smallest prime factor of `n` ≥ 2, where the
/// table of primes decides it: trial division finds a factor, or shows `n` prime and the table
/// holds it.
fn smallest_prime_index(n: u64) -> Option<u64> {
    let primes = primes();
    for (i, &p) in primes.iter().enumerate() {
        let p = u64::from(p);
        if p * p > n {
            break;
        }
        if n.is_multiple_of(p) {
            return Some(i as u64 + 1);
        }
    }
    let prime = u32::try_from(n).ok()?;
    primes.binary_search(&prime).ok().map(|i| i as u64 + 1)
}
