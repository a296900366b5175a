//! The nim field of the ordinals below ω^(ω^ω), which is the algebraic closure of `[2]`
//! (Appendix B holds verbatim for ordinals: Conway's On₂, *On Numbers and Games* ch. 6,
//! and Lenstra, "On the algebraic closure of two", 1977).
//!
//! Its structure, re-derived from those texts:
//!
//! - the finite ordinals are the nim field of the integers ([`crate::nimber`]);
//! - for the `k`-th odd prime `p` (3 is the first) and `n ≥ 1` the ordinal
//!   `κ_{p^n} = ω^(ω^(k-1)·p^(n-1))` is a **generator**, with `κ_{p^(n+1)}^p = κ_{p^n}` and
//!   `κ_p^p = α_p`, an ordinal below `κ_p` ([`lenstra`] computes it);
//! - `ω^β`, with `β = Σ ω^(k-1)·a_k` and each `a_k` written in base `p_k`, is the
//!   nim-product of the generators raised to those digits, `ω^β·c` is that times the finite
//!   `c`, and a Cantor normal form is the nim-sum of its terms.
//!
//! So an ordinal is a [`Sparse`] sum of monomials with finite coefficients, and arithmetic
//! happens in the finite field its generators span (a tower of extensions, in `tower.rs`).

pub mod lenstra;
mod tower;

#[cfg(test)]
mod tests;

use super::Ordinal;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::collections::{BTreeMap, BTreeSet};
use tower::Tower;

/// Why a nim-field computation could not be done.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    /// The ordinal is not below ω^(ω^ω), where the nim field here ends.
    #[error("{0} is not below w^(w^w): the nim field here is the ordinals below w^(w^w), the algebraic closure of 2")]
    NotBelow(String),
    /// A coefficient or digit does not fit the arithmetic here.
    #[error("{0} is too large for nim arithmetic here: coefficients must be below 2^64, and the exponents' coefficients below 2^32")]
    TooLarge(String),
    /// 0 has no inverse.
    #[error("0 has no nim-inverse")]
    DivisionByZero,
    /// The finite field the computation needs is beyond the limit.
    #[error("{0}")]
    TooMuchWork(String),
}

/// The generator `κ_{p^level}`, `p` the `prime_index`-th odd prime (1 for 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Generator {
    /// `k`: the generator's prime is the `k`-th odd prime.
    pub prime_index: usize,
    /// `n ≥ 1`: the generator is `κ_{p^n}`.
    pub level: u32,
}

impl Generator {
    /// The odd prime `p` of `κ_{p^n}`.
    pub fn prime(self) -> u64 {
        lenstra::odd_prime(self.prime_index)
    }

    /// The generator as an ordinal: `ω^(ω^(k-1)·p^(n-1))`.
    pub fn ordinal(self) -> Ordinal {
        let place = BigUint::from(self.prime()).pow(self.level - 1);
        Ordinal::omega_power(Ordinal::term(
            Ordinal::finite(self.prime_index as u64 - 1),
            place,
        ))
    }
}

/// A product of generators: each with a digit below its prime, sorted by generator.
pub type Monomial = Vec<(Generator, u32)>;

/// An element as a nim-sum of monomials with finite (nim) coefficients.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sparse(BTreeMap<Monomial, u64>);

impl Sparse {
    /// The finite element `c`.
    pub fn finite(c: u64) -> Sparse {
        let mut element = Sparse::default();
        element.add_term(Vec::new(), c);
        element
    }

    /// One generator.
    pub fn generator(generator: Generator) -> Sparse {
        let mut element = Sparse::default();
        element.add_term(vec![(generator, 1)], 1);
        element
    }

    /// Nim-adds `c·monomial`.
    pub fn add_term(&mut self, monomial: Monomial, c: u64) {
        let entry = self.0.entry(monomial).or_insert(0);
        *entry ^= c;
        if *entry == 0 {
            self.0.retain(|_, c| *c != 0);
        }
    }

    /// The nim-sum.
    pub fn plus(&self, other: &Sparse) -> Sparse {
        let mut sum = self.clone();
        for (monomial, &c) in &other.0 {
            sum.add_term(monomial.clone(), c);
        }
        sum
    }

    /// The monomials with their coefficients.
    pub fn terms(&self) -> impl Iterator<Item = (&Monomial, &u64)> {
        self.0.iter()
    }

    /// The generators that appear.
    fn generators(&self) -> impl Iterator<Item = Generator> + '_ {
        self.0.keys().flatten().map(|&(g, _)| g)
    }

    /// The degree `2^J` of the least finite field `[2^(2^J)]` holding every coefficient.
    fn base_degree(&self) -> u64 {
        self.0
            .values()
            .map(|&c| subfield_degree(c))
            .max()
            .unwrap_or(1)
    }

    /// The element from an ordinal below ω^(ω^ω).
    pub fn from_ordinal(ordinal: &Ordinal) -> Result<Sparse, FieldError> {
        let mut element = Sparse::default();
        for (exponent, coefficient) in ordinal.terms() {
            let c = coefficient
                .to_u64()
                .ok_or_else(|| FieldError::TooLarge(format!("the coefficient {coefficient}")))?;
            element.add_term(monomial_of(exponent)?, c);
        }
        Ok(element)
    }

    /// The ordinal: the nim-sum of `ω^β·c` over the terms, which is their ordinary sum in
    /// decreasing order of `β`.
    pub fn to_ordinal(&self) -> Ordinal {
        let mut terms: Vec<(Ordinal, u64)> = self
            .0
            .iter()
            .map(|(monomial, &c)| (exponent_of(monomial), c))
            .collect();
        terms.sort_by(|a, b| b.0.cmp(&a.0));
        terms
            .into_iter()
            .fold(Ordinal::zero(), |sum, (exponent, c)| {
                sum.add(&Ordinal::term(exponent, BigUint::from(c)))
            })
    }
}

/// The monomial of `ω^exponent`: each term `ω^j·a` of the exponent gives the digits of `a`
/// in base `p_(j+1)`.
fn monomial_of(exponent: &Ordinal) -> Result<Monomial, FieldError> {
    let mut monomial = Vec::new();
    for (power, a) in exponent.terms() {
        let j = power
            .to_finite()
            .and_then(|j| j.to_usize())
            .ok_or_else(|| FieldError::NotBelow(format!("w^({exponent})")))?;
        let mut a = a
            .to_u32()
            .ok_or_else(|| FieldError::TooLarge(format!("the exponent {exponent}")))?;
        let prime_index = j + 1;
        if prime_index > lenstra::MAX_PRIME_INDEX {
            return Err(FieldError::TooMuchWork(format!(
                "w^({exponent}) needs the {prime_index}th odd prime; the nim field here goes to the {}th",
                lenstra::MAX_PRIME_INDEX
            )));
        }
        let prime = lenstra::odd_prime(prime_index) as u32;
        let mut level = 1;
        while a > 0 {
            if a % prime != 0 {
                monomial.push((Generator { prime_index, level }, a % prime));
            }
            a /= prime;
            level += 1;
        }
    }
    monomial.sort();
    Ok(monomial)
}

/// The exponent `β` with `ω^β` the monomial.
fn exponent_of(monomial: &Monomial) -> Ordinal {
    let mut places: BTreeMap<usize, BigUint> = BTreeMap::new();
    for &(generator, digit) in monomial {
        let place = BigUint::from(generator.prime()).pow(generator.level - 1);
        *places.entry(generator.prime_index).or_default() += place * digit;
    }
    places
        .into_iter()
        .rev()
        .fold(Ordinal::zero(), |sum, (k, a)| {
            sum.add(&Ordinal::term(Ordinal::finite(k as u64 - 1), a))
        })
}

/// The degree of the least finite nim field `[2^(2^J)]` holding `c`: `2^J`.
fn subfield_degree(c: u64) -> u64 {
    let mut degree = 1;
    while degree < 64 && c >> degree != 0 {
        degree *= 2;
    }
    degree
}

/// The most finite coefficients of an element of a field that a user's computation may
/// build, which bounds its memory to a few megabytes and a product to well under a second:
/// `ω^(ω^20) = κ_79` with its relations (`α_79 = κ_13 + 1`, `α_13 = ω + 4`) needs
/// 79·13·3 = 3,081. `conway excess` may go further.
pub const MAX_DIMENSION: usize = 1 << 13;

/// The finite field that holds `elements`: their generators, those of the relations of
/// those, and so on, with the base field for every coefficient met.
fn tower_for(elements: &[&Sparse], max_dimension: usize) -> Result<Tower, FieldError> {
    let mut generators = BTreeSet::new();
    let mut base_degree = elements.iter().map(|e| e.base_degree()).max().unwrap_or(1);
    let mut pending: Vec<Generator> = elements.iter().flat_map(|e| e.generators()).collect();
    while let Some(g) = pending.pop() {
        if !generators.insert(g) {
            continue;
        }
        if g.level > 1 {
            pending.push(Generator {
                level: g.level - 1,
                ..g
            });
        } else {
            let alpha = lenstra::alpha(g.prime_index, max_dimension)?;
            base_degree = base_degree.max(alpha.base_degree());
            pending.extend(alpha.generators());
        }
    }
    let generators: Vec<Generator> = generators.into_iter().collect();
    let mut dimension = 1usize;
    for g in &generators {
        dimension = dimension.saturating_mul(g.prime() as usize);
    }
    if dimension > max_dimension {
        return Err(FieldError::TooMuchWork(format!(
            "the finite field this needs has {dimension} coefficients per element, more than the {max_dimension} allowed"
        )));
    }
    Ok(Tower::new(&generators, base_degree, relation))
}

/// The `β` of `g^p = β`: the generator below it, or `α_p`.
fn relation(g: Generator) -> Sparse {
    match g.level {
        1 => lenstra::alpha(g.prime_index, usize::MAX).expect("computed when the tower was"),
        _ => Sparse::generator(Generator {
            level: g.level - 1,
            ..g
        }),
    }
}

/// The nim-product of two ordinals below ω^(ω^ω): term by term where that is little work
/// (`κ·1` needs no field at all), else in the finite field that holds both.
pub fn nim_product(a: &Ordinal, b: &Ordinal) -> Result<Ordinal, FieldError> {
    let (a, b) = (Sparse::from_ordinal(a)?, Sparse::from_ordinal(b)?);
    let mut work = SPARSE_WORK;
    if let Some(product) = sparse_product(&a, &b, &mut work)? {
        return Ok(product.to_ordinal());
    }
    let tower = tower_for(&[&a, &b], MAX_DIMENSION)?;
    Ok(tower
        .sparse(&tower.mul(&tower.dense(&a), &tower.dense(&b)))
        .to_ordinal())
}

/// The nim-power `a^n` (`a` nim-multiplied by itself `n` times): by squaring term by term
/// where that is little work, else in the finite field that holds `a`.
pub fn nim_power(a: &Ordinal, n: &BigUint) -> Result<Ordinal, FieldError> {
    let a = Sparse::from_ordinal(a)?;
    let mut work = SPARSE_WORK;
    let mut power = Some(Sparse::finite(1));
    for bit in (0..n.bits()).rev() {
        if let Some(p) = power {
            power = sparse_product(&p, &p, &mut work)?;
        }
        if let (Some(p), true) = (&power, n.bit(bit)) {
            power = sparse_product(p, &a, &mut work)?;
        }
    }
    if let Some(power) = power {
        return Ok(power.to_ordinal());
    }
    let tower = tower_for(&[&a], MAX_DIMENSION)?;
    Ok(tower.sparse(&tower.pow(&tower.dense(&a), n)).to_ordinal())
}

/// How many products of monomials a computation term by term may make before it leaves the
/// rest to a tower.
const SPARSE_WORK: u64 = 200_000;

/// The product by the relations alone: each pair of monomials multiplied digit by digit,
/// and every digit that reaches its prime `p` replaced, `κ^p` by the generator below or by
/// `α_p`. `None` once `work` monomial products have been made.
pub(crate) fn sparse_product(
    a: &Sparse,
    b: &Sparse,
    work: &mut u64,
) -> Result<Option<Sparse>, FieldError> {
    let mut product = Sparse::default();
    for (m, &c) in a.terms() {
        for (n, &d) in b.terms() {
            if *work == 0 {
                return Ok(None);
            }
            *work -= 1;
            let mut digits: BTreeMap<Generator, u32> = m.iter().copied().collect();
            for &(g, digit) in n {
                *digits.entry(g).or_default() += digit;
            }
            let coefficient = crate::nimber::nim_mul(c, d);
            match reduced(digits, coefficient, work)? {
                Some(term) => product = product.plus(&term),
                None => return Ok(None),
            }
        }
    }
    Ok(Some(product))
}

/// `coefficient·Π g^digit` with every digit brought below its prime.
fn reduced(
    mut digits: BTreeMap<Generator, u32>,
    coefficient: u64,
    work: &mut u64,
) -> Result<Option<Sparse>, FieldError> {
    let over = digits
        .iter()
        .find(|(g, &digit)| u64::from(digit) >= g.prime())
        .map(|(&g, _)| g);
    let monomial = |digits: BTreeMap<Generator, u32>| {
        let mut element = Sparse::default();
        let monomial = digits.into_iter().filter(|&(_, d)| d > 0).collect();
        element.add_term(monomial, coefficient);
        element
    };
    let Some(g) = over else {
        return Ok(Some(monomial(digits)));
    };
    *digits.get_mut(&g).expect("found above") -= g.prime() as u32;
    let below = match g.level {
        1 => lenstra::alpha(g.prime_index, MAX_DIMENSION)?,
        level => Sparse::generator(Generator {
            level: level - 1,
            ..g
        }),
    };
    sparse_product(&monomial(digits), &below, work)
}

/// The nim-inverse: the `x` with `a ⊗ x = 1`.
pub fn nim_inverse(a: &Ordinal) -> Result<Ordinal, FieldError> {
    if a.is_zero() {
        return Err(FieldError::DivisionByZero);
    }
    let a = Sparse::from_ordinal(a)?;
    let tower = tower_for(&[&a], MAX_DIMENSION)?;
    Ok(tower.sparse(&tower.inverse(&tower.dense(&a))).to_ordinal())
}

/// The nim-square root: the one `x` with `x ⊗ x = a` (squaring is one-to-one in
/// characteristic 2), `a^(2^(e-1))` in a field of `2^e` elements.
pub fn nim_sqrt(a: &Ordinal) -> Result<Ordinal, FieldError> {
    let a = Sparse::from_ordinal(a)?;
    let tower = tower_for(&[&a], MAX_DIMENSION)?;
    let root = tower.frobenius(&tower.dense(&a), tower.degree() - 1);
    Ok(tower.sparse(&root).to_ordinal())
}

/// The degree of `a` over `[2]`: the size of the least field holding it is `2^degree`.
pub fn nim_degree(a: &Ordinal) -> Result<u64, FieldError> {
    let a = Sparse::from_ordinal(a)?;
    let tower = tower_for(&[&a], MAX_DIMENSION)?;
    Ok(tower.degree_of(&tower.dense(&a)))
}
