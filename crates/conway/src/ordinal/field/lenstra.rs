//! `α_p = κ_p^p` for each odd prime `p`, computed by Lenstra's theorem rather than typed in.
//!
//! Lenstra ("On the algebraic closure of two", 1977) shows that `α_p` is the least ordinal
//! below `κ_p` that is not a `p`-th power there, that every ordinal below `κ_{f(p)}` is one
//! (`f(p)` the order of 2 modulo `p`), and so `α_p = κ_{f(p)} + m_p` (an ordinary sum) for a
//! small whole `m_p`, the *excess*. Here `κ_h` for any `h`: with `q` the highest power of
//! the least prime of `h` and `g = h/q`, `κ_h = κ_g` if `q` divides the degree of `κ_g`,
//! and `κ_g + κ_q` otherwise; `κ_{2^n}` is the finite `2^(2^(n-1))`.
//!
//! The test that an element `x` of a field of `2^e` elements is a `p`-th power, with
//! `p | 2^e - 1` and `p ∤ e` (every degree here has only primes below `p`): `x` is one in
//! every larger such field exactly when it is one here, which is when
//! `x^((2^e-1)/p) = 1`, that is when its norm `N(x) = Π x^(2^(f·i))` (`i < e/f`) to the
//! field of `2^f` elements has `N(x)^((2^f-1)/p) = 1`. The norm takes `O(log e)` products
//! and a few Frobenius maps, which are cheap in a tower (see `tower.rs`).

use super::{tower_for, FieldError, Generator, Sparse};
use crate::ordinal::Ordinal;
use num_bigint::BigUint;
use num_traits::One;
use std::sync::Mutex;
use std::time::Instant;

/// The most odd primes the nim field here has generators for (the 10,000th is 104,743).
pub const MAX_PRIME_INDEX: usize = 10_000;

/// What Lenstra's computation found for one odd prime.
#[derive(Clone, Debug, PartialEq)]
pub struct Alpha {
    /// The odd prime `p`.
    pub prime: u64,
    /// `f(p)`, the order of 2 modulo `p`.
    pub order: u64,
    /// `κ_{f(p)}`.
    pub kappa: Ordinal,
    /// `α_p = κ_p^p`.
    pub alpha: Ordinal,
    /// `m_p`, with `α_p = κ_{f(p)} + m_p`.
    pub excess: u64,
    /// `e_p`, the degree of `α_p` over `[2]`: the field it spans has `2^e_p` elements.
    pub degree: u64,
    /// The seconds the computation took.
    pub seconds: f64,
    element: Sparse,
}

/// The `α_p` computed so far, in the order of the primes; every one is needed to compute
/// the next, and there are at most [`MAX_PRIME_INDEX`].
static TABLE: Mutex<Vec<Alpha>> = Mutex::new(Vec::new());

/// `α_p` for the `index`-th odd prime as an element, computing it (and those before it)
/// if no field larger than `max_dimension` coefficients is needed.
pub(super) fn alpha(index: usize, max_dimension: usize) -> Result<Sparse, FieldError> {
    Ok(entry(index, max_dimension, &mut |_| {})?.element)
}

/// Lenstra's computation for the odd primes up to `largest`, reporting each as it is found.
pub fn excesses(
    largest: u64,
    max_dimension: usize,
    report: &mut dyn FnMut(&Alpha),
) -> Result<Vec<Alpha>, FieldError> {
    let count = (1..=MAX_PRIME_INDEX)
        .take_while(|&k| odd_prime(k) <= largest)
        .count();
    for index in 1..=count {
        entry(index, max_dimension, report)?;
    }
    Ok(table()[..count].to_vec())
}

fn table() -> std::sync::MutexGuard<'static, Vec<Alpha>> {
    TABLE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The table's entry for the `index`-th odd prime, computing the missing ones in order.
fn entry(
    index: usize,
    max_dimension: usize,
    report: &mut dyn FnMut(&Alpha),
) -> Result<Alpha, FieldError> {
    loop {
        let known = {
            let table = table();
            if let Some(found) = table.get(index - 1) {
                return Ok(found.clone());
            }
            table.len()
        };
        let next = compute(known + 1, max_dimension)?;
        report(&next);
        let mut table = table();
        if table.len() == known {
            table.push(next);
        }
    }
}

/// Lenstra's search for `α_p`: the first of `κ_{f(p)}, κ_{f(p)} + 1, …` that is not a
/// `p`-th power.
fn compute(index: usize, max_dimension: usize) -> Result<Alpha, FieldError> {
    let start = Instant::now();
    let prime = odd_prime(index);
    let order = order_of_two(prime);
    let kappa = kappa(order, max_dimension)?.0.to_ordinal();
    for excess in 0..=u64::from(u16::MAX) {
        let candidate = kappa.add(&Ordinal::from(excess));
        let element = Sparse::from_ordinal(&candidate)?;
        let tower = tower_for(&[&element], max_dimension)?;
        let x = tower.dense(&element);
        if !is_power(&tower, &x, prime, order) {
            return Ok(Alpha {
                prime,
                order,
                kappa,
                alpha: candidate,
                excess,
                degree: tower.degree_of(&x),
                seconds: start.elapsed().as_secs_f64(),
                element,
            });
        }
    }
    unreachable!("Lenstra's theorem bounds the excess")
}

/// Whether `x` is a `prime`-th power, by the norm to the field of `2^order` elements.
fn is_power(tower: &super::Tower, x: &[u64], prime: u64, order: u64) -> bool {
    let degree = tower.degree();
    debug_assert!(degree.is_multiple_of(order) && !degree.is_multiple_of(prime));
    let norm = tower.frobenius_product(x, order, degree / order);
    let exponent = ((BigUint::one() << order) - 1u32) / prime;
    tower.pow(&norm, &exponent) == tower.one()
}

/// `κ_h` as an element, with its degree.
fn kappa(h: u64, max_dimension: usize) -> Result<(Sparse, u64), FieldError> {
    let (prime, power) = least_prime_power(h);
    let q = prime.pow(power);
    let kappa_q = if prime == 2 {
        let exponent = 1u32 << (power - 1);
        let value = 1u64.checked_shl(exponent).filter(|_| exponent < 64);
        let value = value
            .ok_or_else(|| FieldError::TooLarge(format!("the finite κ_{q} = 2^{exponent}")))?;
        (Sparse::finite(value), q)
    } else {
        let index = index_of(prime);
        let alpha_degree = entry(index, max_dimension, &mut |_| {})?.degree;
        let generator = Generator {
            prime_index: index,
            level: power,
        };
        (Sparse::generator(generator), q * alpha_degree)
    };
    if q == h {
        return Ok(kappa_q);
    }
    let (kappa_g, degree_g) = kappa(h / q, max_dimension)?;
    if degree_g % q == 0 {
        return Ok((kappa_g, degree_g));
    }
    let sum = kappa_g.plus(&kappa_q.0);
    let tower = tower_for(&[&sum], max_dimension)?;
    let degree = tower.degree_of(&tower.dense(&sum));
    Ok((sum, degree))
}

/// The least prime of `h ≥ 2` and its exponent.
fn least_prime_power(h: u64) -> (u64, u32) {
    let prime = (2..=h).find(|d| h.is_multiple_of(*d)).expect("h ≥ 2");
    let mut power = 0;
    let mut rest = h;
    while rest.is_multiple_of(prime) {
        rest /= prime;
        power += 1;
    }
    (prime, power)
}

/// The order of 2 modulo the odd prime `p`: the least `f` with `p | 2^f - 1`.
pub fn order_of_two(p: u64) -> u64 {
    let mut power = 2 % p;
    let mut order = 1;
    while power != 1 {
        power = power * 2 % p;
        order += 1;
    }
    order
}

/// The `index`-th odd prime (3 is the first), `index ≤ MAX_PRIME_INDEX`.
pub fn odd_prime(index: usize) -> u64 {
    odd_primes()[index - 1]
}

/// Which odd prime `p` is: 1 for 3.
fn index_of(p: u64) -> usize {
    odd_primes().partition_point(|&q| q < p) + 1
}

/// The first [`MAX_PRIME_INDEX`] odd primes, sieved once.
fn odd_primes() -> &'static [u64] {
    static PRIMES: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    PRIMES.get_or_init(|| {
        let limit = 105_000;
        let mut composite = vec![false; limit];
        let mut primes = Vec::new();
        for n in 2..limit {
            if !composite[n] {
                if n > 2 {
                    primes.push(n as u64);
                }
                for multiple in (n * n..limit).step_by(n) {
                    composite[multiple] = true;
                }
            }
        }
        primes.truncate(MAX_PRIME_INDEX);
        primes
    })
}
