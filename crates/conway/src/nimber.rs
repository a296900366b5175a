//! The nim field: the non-negative integers under nim-addition and nim-multiplication
//! (Appendix B of the textbook), which form a field of characteristic 2 in which every
//! `[2^(2^k)]` is a subfield.
//!
//! Addition is XOR. Multiplication is computed by a Karatsuba-style recursion over the
//! Fermat 2-powers `F = 2^(2^k)`, using the two rules of Corollary B.6:
//! `F ⊗ y = F·y` for `y < F`, and `F ⊗ F = F ⊕ F/2`. The recursion bottoms out in the
//! 16-bit subfield `[65536]`, where discrete logarithm tables make a product three
//! lookups. [`nim_mul_by_mex`] keeps the literal mex definition as the reference that the
//! fast path is tested against.

use num_bigint::BigUint;
use std::sync::OnceLock;

/// Nim-sum: binary addition without carry (Definition 2.1).
pub fn nim_sum(a: u128, b: u128) -> u128 {
    a ^ b
}

/// Discrete logarithm tables of the multiplicative group of the subfield `[65536]`.
struct LogTables {
    /// `log[x]` for `x ≥ 1`, the exponent of the generator that gives `x`.
    log: Vec<u32>,
    /// `exp[i]` for `0 ≤ i < 2·65535`, doubled so that a sum of two logs needs no reduction.
    exp: Vec<u16>,
}

/// The order of the multiplicative group of `[65536]`.
const GROUP_ORDER: usize = 65535;

fn tables() -> &'static LogTables {
    static TABLES: OnceLock<LogTables> = OnceLock::new();
    TABLES.get_or_init(build_tables)
}

/// Builds the log tables from a generator found among the small elements. The multiplication
/// used while building is the recursive one restricted to 16 bits, which needs no tables.
fn build_tables() -> LogTables {
    let generator = (2..)
        .find(|&g| multiplicative_order_16(g) == GROUP_ORDER)
        .expect("a finite field has a primitive element");
    let mut log = vec![0u32; 1 << 16];
    let mut exp = vec![0u16; 2 * GROUP_ORDER];
    let mut x: u16 = 1;
    for (i, slot) in exp.iter_mut().enumerate() {
        *slot = x;
        if i < GROUP_ORDER {
            log[x as usize] = i as u32;
        }
        x = mul_16_recursive(x, generator);
    }
    LogTables { log, exp }
}

fn multiplicative_order_16(g: u16) -> usize {
    let mut x = g;
    let mut order = 1;
    while x != 1 {
        x = mul_16_recursive(x, g);
        order += 1;
    }
    order
}

/// Nim-product below 2^16 by the Fermat-power recursion alone (used to build the tables).
fn mul_16_recursive(a: u16, b: u16) -> u16 {
    fn go(a: u32, b: u32, half_bits: u32) -> u32 {
        if a < 2 || b < 2 {
            return a * b;
        }
        let mask = (1 << half_bits) - 1;
        let (a1, a0, b1, b0) = (a >> half_bits, a & mask, b >> half_bits, b & mask);
        let high = go(a1, b1, half_bits / 2);
        let low = go(a0, b0, half_bits / 2);
        let cross = go(a1 ^ a0, b1 ^ b0, half_bits / 2) ^ low;
        // (a1·F ⊕ a0)(b1·F ⊕ b0) = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ a1b1 ⊗ F/2 ⊕ a0b0
        (cross << half_bits) ^ go(high, 1 << (half_bits - 1), half_bits / 2) ^ low
    }
    go(a as u32, b as u32, 8) as u16
}

/// Nim-product in the subfield `[65536]` by logarithms.
#[inline]
fn mul_16(a: u16, b: u16) -> u16 {
    if a == 0 || b == 0 {
        return 0;
    }
    let t = tables();
    t.exp[(t.log[a as usize] + t.log[b as usize]) as usize]
}

/// Nim-product in the subfield `[2^32]`.
#[inline]
fn mul_32(a: u32, b: u32) -> u32 {
    let (a1, a0) = ((a >> 16) as u16, a as u16);
    let (b1, b0) = ((b >> 16) as u16, b as u16);
    let high = mul_16(a1, b1);
    let low = mul_16(a0, b0);
    let cross = mul_16(a1 ^ a0, b1 ^ b0) ^ low;
    (((cross as u32) << 16) | low as u32) ^ mul_16(high, 1 << 15) as u32
}

/// Nim-product of a 32-bit element with `2^31`, the half of the Fermat power `2^32`.
#[inline]
fn mul_32_by_half_f32(h: u32) -> u32 {
    // h = h1·2^16 ⊕ h0; h ⊗ 2^16 ⊗ 2^15 = ((h1 ⊕ h0) ⊗ 2^15)·2^16 ⊕ h1 ⊗ 2^15 ⊗ 2^15.
    let (h1, h0) = ((h >> 16) as u16, h as u16);
    let half = 1u16 << 15;
    ((mul_16(h1 ^ h0, half) as u32) << 16) ^ mul_16(mul_16(h1, half), half) as u32
}

/// Nim-product of two 64-bit numbers (the subfield `[2^64]`).
pub fn nim_mul(a: u64, b: u64) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let (a1, a0) = ((a >> 32) as u32, a as u32);
    let (b1, b0) = ((b >> 32) as u32, b as u32);
    let high = mul_32(a1, b1);
    let low = mul_32(a0, b0);
    let cross = mul_32(a1 ^ a0, b1 ^ b0) ^ low;
    (((cross as u64) << 32) | low as u64) ^ mul_32_by_half_f32(high) as u64
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
pub fn nim_square(a: u128) -> u128 {
    nim_mul_u128(a, a)
}

/// Nim-power `a^n` (the book's `a^{n̄}`), by repeated squaring.
pub fn nim_pow(a: u128, mut n: u128) -> u128 {
    let mut base = a;
    let mut result = 1;
    while n > 0 {
        if n & 1 == 1 {
            result = nim_mul_u128(result, base);
        }
        base = nim_square(base);
        n >>= 1;
    }
    result
}

/// Nim-inverse: the `x` with `a ⊗ x = 1`; `None` for `a = 0`.
///
/// In the subfield `[q]`, `q = 2^(2^k)`, that contains `a`, the multiplicative group has order
/// `q − 1`, so `a^(q−2)` is the inverse; `q − 2 = 2 + 4 + … + q/2` gives it as a product of the
/// successive squares of `a`.
pub fn nim_inv(a: u128) -> Option<u128> {
    if a == 0 {
        return None;
    }
    let bits = subfield_bits(a);
    let mut square = a;
    let mut result = 1;
    for _ in 1..bits {
        square = nim_square(square);
        result = nim_mul_u128(result, square);
    }
    Some(result)
}

/// Nim-division `a ⊘ b = a ⊗ b⁻¹`; `None` when `b = 0`.
pub fn nim_div(a: u128, b: u128) -> Option<u128> {
    nim_inv(b).map(|inverse| nim_mul_u128(a, inverse))
}

/// Nim-square root: the unique `x` with `x ⊗ x = a`. In a field of `2^m` elements squaring is a
/// bijection whose inverse is `a^(2^(m−1))`, i.e. `m − 1` further squarings.
pub fn nim_sqrt(a: u128) -> u128 {
    let bits = subfield_bits(a);
    (1..bits).fold(a, |x, _| nim_square(x))
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
    fn recursive_16_bit_product_matches_the_mex_definition() {
        let reference = nim_mul_by_mex(64);
        for a in 0..64u16 {
            for b in 0..64u16 {
                assert_eq!(
                    mul_16_recursive(a, b) as u64,
                    reference[a as usize][b as usize]
                );
            }
        }
    }

    #[test]
    fn table_product_matches_the_recursive_one_on_the_16_bit_field() {
        for a in (0..=u16::MAX).step_by(97) {
            for b in (0..=u16::MAX).step_by(89) {
                assert_eq!(mul_16(a, b), mul_16_recursive(a, b), "{a} ⊗ {b}");
            }
        }
    }

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
