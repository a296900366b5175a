//! The nim field: the non-negative integers under nim-addition and nim-multiplication
//! (Appendix B of the textbook), which form a field of characteristic 2 in which every
//! `[2^(2^k)]` is a subfield.
//!
//! Addition is XOR. Multiplication rests on the two rules of Corollary B.6 for the Fermat
//! 2-powers `F = 2^(2^k)`: `F ⊗ y = F·y` for `y < F`, and `F ⊗ F = F ⊕ F/2`. The fast 64-bit
//! product is [`nim_mul`]; 128-bit products take one Karatsuba step over `F = 2^64` on
//! top of it. [`nim_mul_by_mex`] keeps the literal mex definition as the reference that the
//! fast paths are tested against.

mod product;

pub use product::{nim_mul, nim_mul_recursive};

use num_bigint::BigUint;

/// Nim-sum: binary addition without carry (Definition 2.1).
pub fn nim_sum(a: u128, b: u128) -> u128 {
    a ^ b
}

/// Nim-product of two 128-bit numbers (the subfield `[2^128]`).
pub fn nim_mul_u128(a: u128, b: u128) -> u128 {
    let (a1, a0) = ((a >> 64) as u64, a as u64);
    let (b1, b0) = ((b >> 64) as u64, b as u64);
    let high = nim_mul(a1, b1);
    let low = nim_mul(a0, b0);
    let cross = nim_mul(a1 ^ a0, b1 ^ b0) ^ low;
    (((cross as u128) << 64) | low as u128) ^ nim_mul(high, 1 << 63) as u128
}

/// The number of bits of the smallest subfield `[2^(2^k)]` that contains `a`.
fn subfield_bits(a: u128) -> u32 {
    let mut bits = 1;
    while bits < 128 && a >> bits != 0 {
        bits *= 2;
    }
    bits
}

/// Nim-square, the Frobenius map of the field (linear over nim-addition).
pub fn nim_square_u128(a: u128) -> u128 {
    nim_mul_u128(a, a)
}

/// Nim-power `a^n` (the book's `a^{n̄}`), by repeated squaring.
pub fn nim_pow_u128(a: u128, mut n: u128) -> u128 {
    let mut base = a;
    let mut result = 1;
    while n > 0 {
        if n & 1 == 1 {
            result = nim_mul_u128(result, base);
        }
        base = nim_square_u128(base);
        n >>= 1;
    }
    result
}

/// Nim-inverse: the `x` with `a ⊗ x = 1`; `None` for `a = 0`.
///
/// In the subfield `[q]`, `q = 2^(2^k)`, that contains `a`, the multiplicative group has order
/// `q − 1`, so `a^(q−2)` is the inverse; `q − 2 = 2 + 4 + … + q/2` gives it as a product of the
/// successive squares of `a`.
pub fn nim_inv_u128(a: u128) -> Option<u128> {
    if a == 0 {
        return None;
    }
    let bits = subfield_bits(a);
    let mut square = a;
    let mut result = 1;
    for _ in 1..bits {
        square = nim_square_u128(square);
        result = nim_mul_u128(result, square);
    }
    Some(result)
}

/// Nim-division `a ⊘ b = a ⊗ b⁻¹`; `None` when `b = 0`.
pub fn nim_div_u128(a: u128, b: u128) -> Option<u128> {
    nim_inv_u128(b).map(|inverse| nim_mul_u128(a, inverse))
}

/// Nim-square root: the unique `x` with `x ⊗ x = a`. In a field of `2^m` elements squaring is a
/// bijection whose inverse is `a^(2^(m−1))`, i.e. `m − 1` further squarings.
pub fn nim_sqrt_u128(a: u128) -> u128 {
    let bits = subfield_bits(a);
    (1..bits).fold(a, |x, _| nim_square_u128(x))
}

/// Nim-square of a 64-bit number.
pub fn nim_square(a: u64) -> u64 {
    nim_mul(a, a)
}

/// Nim-power `a^n` of a 64-bit number.
pub fn nim_pow(a: u64, n: u64) -> u64 {
    within_64(nim_pow_u128(a.into(), n.into()))
}

/// Nim-inverse of a 64-bit number; `None` for 0.
pub fn nim_inv(a: u64) -> Option<u64> {
    nim_inv_u128(a.into()).map(within_64)
}

/// Nim-division of 64-bit numbers; `None` when `b = 0`.
pub fn nim_div(a: u64, b: u64) -> Option<u64> {
    nim_div_u128(a.into(), b.into()).map(within_64)
}

/// Nim-square root of a 64-bit number.
pub fn nim_sqrt(a: u64) -> u64 {
    within_64(nim_sqrt_u128(a.into()))
}

/// A result computed in `[2^128]` from elements of its subfield `[2^64]`, which it never leaves.
fn within_64(x: u128) -> u64 {
    u64::try_from(x).expect("[2^64] is a subfield, closed under the field operations")
}

/// The least non-negative integer not in `values` (minimum excluded value).
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

/// The nim-multiplication table of `[0, n)` computed from the mex definition
/// `a ⊗ b = mex{ a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }` (Definition B.1).
/// Quartic in `n`: it is the reference for testing, not a way to multiply.
pub fn nim_mul_by_mex(n: usize) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let table_ref = &table;
            let excluded = (0..a).flat_map(|a2| {
                (0..b).map(move |b2| table_ref[a2][b] ^ table_ref[a][b2] ^ table_ref[a2][b2])
            });
            table[a][b] = mex(excluded);
        }
    }
    table
}

/// The binary columns of `values` summed digit-wise modulo `k + 1`, lowest bit first
/// (the digits of Moore's k-nim-sum, Definition 2.2).
pub fn moore_digits(k: u64, values: &[u64]) -> Vec<u64> {
    let modulus = k.saturating_add(1);
    let mut digits: Vec<u64> = (0..64)
        .map(|bit| values.iter().filter(|&&v| v >> bit & 1 == 1).count() as u64 % modulus)
        .collect();
    while digits.last() == Some(&0) {
        digits.pop();
    }
    digits
}

/// Moore's k-nim-sum: the binary columns added modulo `k + 1` and read in base `k + 1`.
/// The 1-nim-sum is the nim-sum. Big integers, since `(k+1)^64` leaves every machine word.
pub fn moore_sum(k: u64, values: &[u64]) -> BigUint {
    let base = BigUint::from(k) + 1u32;
    moore_digits(k, values)
        .iter()
        .rev()
        .fold(BigUint::ZERO, |acc, &digit| acc * &base + digit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_sets() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 1, 3]), 2);
        assert_eq!(mex([2, 0, 1]), 3);
    }

    #[test]
    fn subfield_sizes() {
        assert_eq!(subfield_bits(0), 1);
        assert_eq!(subfield_bits(1), 1);
        assert_eq!(subfield_bits(2), 2);
        assert_eq!(subfield_bits(15), 4);
        assert_eq!(subfield_bits(16), 8);
        assert_eq!(subfield_bits(1 << 64), 128);
    }
}
