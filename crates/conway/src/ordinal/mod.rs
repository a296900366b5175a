//! Ordinals below ε₀ (Appendix A of the textbook), exactly, in Cantor normal form:
//! `ω^β₁·c₁ + … + ω^βₖ·cₖ` with exponents `β₁ > … > βₖ` (ordinals themselves, in the same
//! form) and positive whole coefficients of any size.
//!
//! The arithmetic is the appendix's (Definitions A.2 to A.4), which is not commutative:
//! `1 + ω = ω`, `2·ω = ω`, `ω·2 = ω + ω`. It follows from those recursive definitions term by
//! term:
//!
//! - **sum** `α + β`: the terms of `α` below `β`'s leading exponent are absorbed
//!   (`ω^a + ω^b = ω^b` for `a < b`), one of equal exponent adds its coefficient;
//! - **product** `α·β`: each infinite term `ω^b·c` of `β` gives `ω^(a₁+b)·c` (with `ω^a₁` the
//!   leading power of `α`), and a finite last term `n` gives `α` with its leading coefficient
//!   times `n`;
//! - **power** `α^β`, with `β = λ + n` (`λ` a limit or 0, `n` finite): for finite `α = k ≥ 2`,
//!   `k^(ω·γ) = ω^γ`, so `k^β = ω^γ·kⁿ`; for infinite `α`, `α^λ = ω^(a₁·λ)` and `αⁿ` is a
//!   product.
//!
//! Beside them are the natural (Hessenberg) sum and product, which add and multiply the forms
//! as polynomials in ω and do commute, and the ordinal nim-sum, the bitwise XOR of the
//! coefficients of equal powers, which is the Sprague–Grundy value of a sum of ordinal Nim
//! heaps.
//!
//! Every operation that can grow its result past what memory should hold (a power, a
//! product) checks the result against [`MAX_TERMS`], [`MAX_COEFFICIENT_BITS`] and
//! [`MAX_DEPTH`] and says so rather than running out of memory.

pub mod field;
pub mod grundy;
mod text;

#[cfg(test)]
mod tests;

use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::cmp::Ordering;
use std::fmt;

/// The most terms an ordinal may have, counted in its exponents too.
pub const MAX_TERMS: usize = 100_000;
/// The most bits of one coefficient.
pub const MAX_COEFFICIENT_BITS: u64 = 1 << 20;
/// The deepest nesting of exponents (`ω^ω^ω` nests 3 deep).
pub const MAX_DEPTH: usize = 200;

/// An ordinal below ε₀.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ordinal {
    /// Exponents strictly decreasing, coefficients positive; none for 0.
    terms: Vec<Term>,
}

/// One term `ω^exponent·coefficient` of a Cantor normal form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Term {
    exponent: Ordinal,
    coefficient: BigUint,
}

/// Why an ordinal could not be computed: its result would be too large to hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is too large to compute: ordinals here hold at most {MAX_TERMS} terms (counting those of the exponents), coefficients of {MAX_COEFFICIENT_BITS} bits and exponents nested {MAX_DEPTH} deep")]
pub struct TooLarge(pub String);

impl Ordinal {
    /// 0.
    pub fn zero() -> Ordinal {
        Ordinal::default()
    }

    /// The finite ordinal `n`.
    pub fn finite(n: impl Into<BigUint>) -> Ordinal {
        Ordinal::term(Ordinal::zero(), n.into())
    }

    /// ω.
    pub fn omega() -> Ordinal {
        Ordinal::omega_power(Ordinal::finite(1u32))
    }

    /// `ω^exponent`.
    pub fn omega_power(exponent: Ordinal) -> Ordinal {
        Ordinal::term(exponent, BigUint::one())
    }

    /// `ω^exponent·coefficient`.
    pub fn term(exponent: Ordinal, coefficient: BigUint) -> Ordinal {
        let terms = match coefficient.is_zero() {
            true => Vec::new(),
            false => vec![Term {
                exponent,
                coefficient,
            }],
        };
        Ordinal { terms }
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The ordinal as a whole number, if it is finite.
    pub fn to_finite(&self) -> Option<BigUint> {
        match self.terms.as_slice() {
            [] => Some(BigUint::zero()),
            [only] if only.exponent.is_zero() => Some(only.coefficient.clone()),
            _ => None,
        }
    }

    /// Whether this is a limit ordinal: not 0 and not a successor.
    pub fn is_limit(&self) -> bool {
        self.terms.last().is_some_and(|t| !t.exponent.is_zero())
    }

    /// The terms, highest first: each exponent and coefficient.
    pub fn terms(&self) -> impl Iterator<Item = (&Ordinal, &BigUint)> {
        self.terms.iter().map(|t| (&t.exponent, &t.coefficient))
    }

    /// A smaller ordinal close below a non-zero one: the last term's coefficient less one,
    /// which is the predecessor of a successor and, for a limit `… + ω^b·c`, `… + ω^b·(c-1)`.
    pub fn less_its_last_power(&self) -> Ordinal {
        let mut less = self.clone();
        if let Some(last) = less.terms.last_mut() {
            last.coefficient -= 1u32;
            if last.coefficient.is_zero() {
                less.terms.pop();
            }
        }
        less
    }

    /// The ordinal sum `self + other` (Definition A.2).
    pub fn add(&self, other: &Ordinal) -> Ordinal {
        let Some(lead) = other.terms.first() else {
            return self.clone();
        };
        let kept = self
            .terms
            .iter()
            .take_while(|t| t.exponent > lead.exponent)
            .count();
        let mut terms = self.terms[..kept].to_vec();
        let mut rest = other.terms.clone();
        if let Some(equal) = self.terms.get(kept).filter(|t| t.exponent == lead.exponent) {
            rest[0].coefficient += &equal.coefficient;
        }
        terms.extend(rest);
        Ordinal { terms }
    }

    /// The ordinal product `self·other` (Definition A.3).
    pub fn mul(&self, other: &Ordinal) -> Result<Ordinal, TooLarge> {
        let (Some(lead), false) = (self.terms.first(), other.is_zero()) else {
            return Ok(Ordinal::zero());
        };
        let mut terms = Vec::with_capacity(other.terms.len() + self.terms.len());
        for t in &other.terms {
            if t.exponent.is_zero() {
                terms.push(Term {
                    exponent: lead.exponent.clone(),
                    coefficient: coefficient_product(&lead.coefficient, &t.coefficient)?,
                });
                terms.extend_from_slice(&self.terms[1..]);
            } else {
                terms.push(Term {
                    exponent: lead.exponent.add(&t.exponent),
                    coefficient: t.coefficient.clone(),
                });
            }
        }
        Ordinal { terms }.bounded("the product")
    }

    /// The ordinal power `self^exponent` (Definition A.4).
    pub fn pow(&self, exponent: &Ordinal) -> Result<Ordinal, TooLarge> {
        self.power(exponent)
            .map_err(|_| TooLarge("the power".to_string()))
    }

    fn power(&self, exponent: &Ordinal) -> Result<Ordinal, TooLarge> {
        let one = Ordinal::finite(1u32);
        if exponent.is_zero() || *self == one {
            return Ok(one);
        }
        if self.is_zero() {
            return Ok(Ordinal::zero());
        }
        let (limit, n) = exponent.split_finite();
        match self.to_finite() {
            Some(k) => {
                // k^(ω·γ) = (k^ω)^γ = ω^γ, and ω·γ = λ takes each exponent e of λ to −1 + e.
                let gamma = Ordinal {
                    terms: limit
                        .terms
                        .into_iter()
                        .map(|t| Term {
                            exponent: t.exponent.one_less_on_the_left(),
                            coefficient: t.coefficient,
                        })
                        .collect(),
                };
                let n = u32::try_from(&n)
                    .ok()
                    .filter(|&n| u64::from(n) * k.bits() <= MAX_COEFFICIENT_BITS)
                    .ok_or_else(|| TooLarge("the power's coefficient".to_string()))?;
                Ordinal::term(gamma, k.pow(n)).bounded("the power")
            }
            None => {
                let lead = &self.terms[0].exponent;
                let head = match limit.is_zero() {
                    true => one,
                    false => Ordinal::omega_power(lead.mul(&limit)?).bounded("the power")?,
                };
                head.mul(&self.finite_power(&n)?)
            }
        }
    }

    /// `self^n` for an infinite `self` and a finite `n ≥ 1`. A limit `α = ω^a₁·c₁ + …` has
    /// `α·α = ω^a₁·α`, so `αⁿ = ω^(a₁·(n−1))·α` at once; a successor grows a term with each
    /// factor, so `n` is small or the power too large, and repeated squaring is quick.
    fn finite_power(&self, n: &BigUint) -> Result<Ordinal, TooLarge> {
        let too_large = || TooLarge("the power".to_string());
        if n.is_zero() {
            return Ok(Ordinal::finite(1u32));
        }
        if self.is_limit() {
            let lead = &self.terms[0].exponent;
            let shift = lead.mul(&Ordinal::finite(n - 1u32))?;
            return Ordinal::omega_power(shift).mul(self);
        }
        if *n > BigUint::from(MAX_TERMS) {
            return Err(too_large());
        }
        let mut result = Ordinal::finite(1u32);
        for bit in (0..n.bits()).rev() {
            result = result.mul(&result)?;
            if n.bit(bit) {
                result = result.mul(self)?;
            }
        }
        Ok(result)
    }

    /// The natural (Hessenberg) sum: the forms added as polynomials in ω. Commutative.
    pub fn natural_sum(&self, other: &Ordinal) -> Ordinal {
        merged(
            self.terms.iter().chain(&other.terms).cloned().collect(),
            |sum, c| *sum += c,
        )
    }

    /// The natural (Hessenberg) product: the forms multiplied as polynomials in ω, exponents
    /// added by the natural sum. Commutative.
    pub fn natural_product(&self, other: &Ordinal) -> Result<Ordinal, TooLarge> {
        if self.terms.len().saturating_mul(other.terms.len()) > MAX_TERMS {
            return Err(TooLarge("the natural product".to_string()));
        }
        let mut terms = Vec::new();
        for a in &self.terms {
            for b in &other.terms {
                terms.push(Term {
                    exponent: a.exponent.natural_sum(&b.exponent),
                    coefficient: coefficient_product(&a.coefficient, &b.coefficient)?,
                });
            }
        }
        merged(terms, |sum, c| *sum += c).bounded("the natural product")
    }

    /// The ordinal nim-sum: the coefficients of equal powers of ω added without carry (an
    /// ordinal's binary expansion is its form with each coefficient written in base 2, since
    /// `2^(ω·a + n) = ω^a·2ⁿ`).
    pub fn nim_sum(&self, other: &Ordinal) -> Ordinal {
        let terms = self.terms.iter().chain(&other.terms).cloned().collect();
        merged(terms, |sum, c| *sum ^= c)
    }

    /// `self = λ + n`: the limit part (or 0) and the finite part.
    fn split_finite(&self) -> (Ordinal, BigUint) {
        match self.terms.split_last() {
            Some((last, rest)) if last.exponent.is_zero() => (
                Ordinal {
                    terms: rest.to_vec(),
                },
                last.coefficient.clone(),
            ),
            _ => (self.clone(), BigUint::zero()),
        }
    }

    /// The `ε` with `1 + ε = self` (for `self ≥ 1`): one less if finite, itself if infinite.
    fn one_less_on_the_left(&self) -> Ordinal {
        match self.to_finite() {
            Some(n) => Ordinal::finite(n - 1u32),
            None => self.clone(),
        }
    }

    /// The terms counted in the exponents too, the nesting depth of exponents, and the bits
    /// of the largest coefficient.
    fn size(&self) -> (usize, usize, u64) {
        self.terms
            .iter()
            .fold((0, 0, 0), |(count, depth, bits), t| {
                let (inner_count, inner_depth, inner_bits) = t.exponent.size();
                (
                    count + 1 + inner_count,
                    depth.max(inner_depth + 1),
                    bits.max(inner_bits).max(t.coefficient.bits()),
                )
            })
    }

    /// This ordinal, if it is not past the limits of the module.
    pub(crate) fn bounded(self, what: &str) -> Result<Ordinal, TooLarge> {
        let (count, depth, bits) = self.size();
        match count <= MAX_TERMS && depth <= MAX_DEPTH && bits <= MAX_COEFFICIENT_BITS {
            true => Ok(self),
            false => Err(TooLarge(what.to_string())),
        }
    }

    /// The terms, counted in the exponents too: the work an operation on it takes.
    pub(crate) fn weight(&self) -> usize {
        self.size().0
    }
}

/// The product of two coefficients, if it fits [`MAX_COEFFICIENT_BITS`].
fn coefficient_product(a: &BigUint, b: &BigUint) -> Result<BigUint, TooLarge> {
    match a.bits() + b.bits() <= MAX_COEFFICIENT_BITS {
        true => Ok(a * b),
        false => Err(TooLarge("a coefficient".to_string())),
    }
}

/// The terms sorted by exponent, highest first, the coefficients of equal exponents
/// combined by `combine` (added, or added without carry), and those that come to 0 dropped.
fn merged(mut terms: Vec<Term>, combine: fn(&mut BigUint, BigUint)) -> Ordinal {
    terms.sort_by(|a, b| b.exponent.cmp(&a.exponent));
    let mut merged: Vec<Term> = Vec::with_capacity(terms.len());
    for t in terms {
        match merged.last_mut() {
            Some(last) if last.exponent == t.exponent => {
                combine(&mut last.coefficient, t.coefficient)
            }
            _ => merged.push(t),
        }
    }
    merged.retain(|t| !t.coefficient.is_zero());
    Ordinal { terms: merged }
}

impl Ord for Ordinal {
    /// Term by term from the highest: the larger exponent, then the larger coefficient,
    /// wins; a form that runs out first is smaller.
    fn cmp(&self, other: &Ordinal) -> Ordering {
        for (a, b) in self.terms.iter().zip(&other.terms) {
            let order = a
                .exponent
                .cmp(&b.exponent)
                .then_with(|| a.coefficient.cmp(&b.coefficient));
            if order != Ordering::Equal {
                return order;
            }
        }
        self.terms.len().cmp(&other.terms.len())
    }
}

impl PartialOrd for Ordinal {
    fn partial_cmp(&self, other: &Ordinal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl From<u64> for Ordinal {
    fn from(n: u64) -> Ordinal {
        Ordinal::finite(n)
    }
}

impl fmt::Display for Ordinal {
    /// The Cantor normal form as it reads back: `w^(w+1)*2 + w^2 + w*3 + 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        text::write(self, f)
    }
}
