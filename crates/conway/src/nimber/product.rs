//! The 64-bit nim-product.
//!
//! `[2^64]` is a field with 2^64 elements, so it is also `GF(2)[x] / p(x)` for the minimal
//! polynomial `p` of any element α of degree 64; every α ≥ 2^32 has degree 64, since the
//! proper subfields are the `[2^(2^k)]` below it. Writing elements in the basis
//! `1, α, α², …, α^63` turns the nim-product into a carry-less polynomial product, which
//! processors do in one instruction, and changing basis is GF(2)-linear, so it is a few
//! table lookups. So
//!
//! ```text
//! a ⊗ b = from_poly(clmul(to_poly(a), to_poly(b)) mod p)
//! ```
//!
//! where `to_poly` writes a nimber in the α-basis and `from_poly` maps `x^i` back to `α^i`.
//! The reduction modulo `p` is Barrett's, two more carry-less products. The basis tables are
//! built once with [`nim_mul_recursive`], the Fermat-power recursion, which is in turn
//! tested against the mex definition.

use std::sync::OnceLock;

/// Nim-product by the Fermat-power recursion alone, with F = 2^(2^k) the largest Fermat
/// power below both factors' bound: (a1·F ⊕ a0)(b1·F ⊕ b0) = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕
/// a1b1 ⊗ F/2 ⊕ a0b0, with the middle term from one Karatsuba product. Slow and simple:
/// the reference for the fast path.
pub fn nim_mul_recursive(a: u64, b: u64) -> u64 {
    fn go(a: u64, b: u64, half_bits: u32) -> u64 {
        if a < 2 || b < 2 {
            return a * b;
        }
        let mask = (1u64 << half_bits) - 1;
        let (a1, a0, b1, b0) = (a >> half_bits, a & mask, b >> half_bits, b & mask);
        let high = go(a1, b1, half_bits / 2);
        let low = go(a0, b0, half_bits / 2);
        let cross = go(a1 ^ a0, b1 ^ b0, half_bits / 2) ^ low;
        (cross << half_bits) ^ go(high, 1 << (half_bits - 1), half_bits / 2) ^ low
    }
    go(a, b, 32)
}

/// A GF(2)-linear map on 64-bit vectors, as the images of each byte value in each byte
/// position: applying it is eight lookups.
struct LinearMap(Box<[[u64; 256]; 8]>);

impl LinearMap {
    /// The map sending bit `i` to `columns[i]`.
    fn from_columns(columns: &[u64; 64]) -> Self {
        let mut table = Box::new([[0u64; 256]; 8]);
        for (position, images) in table.iter_mut().enumerate() {
            for byte in 1..256usize {
                let low_bit = byte.trailing_zeros() as usize;
                images[byte] = images[byte & (byte - 1)] ^ columns[8 * position + low_bit];
            }
        }
        LinearMap(table)
    }

    #[inline(always)]
    fn apply(&self, x: u64) -> u64 {
        self.0
            .iter()
            .enumerate()
            .fold(0, |acc, (position, images)| {
                acc ^ images[(x >> (8 * position)) as u8 as usize]
            })
    }
}

/// The α-basis of `[2^64]`, the maps into and out of it, and the modulus.
struct PolynomialBasis {
    to_poly: LinearMap,
    from_poly: LinearMap,
    /// The minimal polynomial of α is `x^64 + tail`.
    tail: u64,
    /// Barrett's constant: `⌊x^128 / p⌋ = x^64 + barrett`.
    barrett: u64,
}

/// The element whose powers make the basis: any element of degree 64 will do.
const ALPHA: u64 = 1 << 32;

fn basis() -> &'static PolynomialBasis {
    static BASIS: OnceLock<PolynomialBasis> = OnceLock::new();
    BASIS.get_or_init(|| {
        let mut powers = [0u64; 65];
        powers[0] = 1;
        for i in 1..65 {
            powers[i] = nim_mul_recursive(powers[i - 1], ALPHA);
        }
        let columns: [u64; 64] = powers[..64].try_into().expect("64 powers");
        let to_poly = LinearMap::from_columns(&invert(&columns));
        // α^64 = Σ tail_i α^i, so p(x) = x^64 + tail(x).
        let tail = to_poly.apply(powers[64]);
        PolynomialBasis {
            to_poly,
            from_poly: LinearMap::from_columns(&columns),
            tail,
            barrett: barrett_constant(tail),
        }
    })
}

/// The low 64 coefficients of `⌊x^128 / (x^64 + tail)⌋` (its top coefficient is `x^64`).
fn barrett_constant(tail: u64) -> u64 {
    let modulus = 1u128 << 64 | tail as u128;
    // x^128 − x^64·p = x^64·tail; then divide on, one degree at a time.
    let mut remainder = (tail as u128) << 64;
    let mut quotient = 0u64;
    for degree in (64..128).rev() {
        if remainder >> degree & 1 == 1 {
            remainder ^= modulus << (degree - 64);
            quotient |= 1 << (degree - 64);
        }
    }
    quotient
}

/// The inverse of an invertible 64×64 matrix over GF(2) given by its columns, by
/// Gauss–Jordan elimination on the augmented columns.
fn invert(columns: &[u64; 64]) -> [u64; 64] {
    // Row-reduce [M | I] written as rows: row r holds bit r of every column, plus I's row.
    let mut rows: Vec<(u64, u64)> = (0..64)
        .map(|r| {
            let m_row = (0..64).fold(0u64, |acc, c| acc | ((columns[c] >> r & 1) << c));
            (m_row, 1u64 << r)
        })
        .collect();
    for pivot in 0..64 {
        let found = (pivot..64)
            .find(|&r| rows[r].0 >> pivot & 1 == 1)
            .expect("the powers of an element of degree 64 are independent");
        rows.swap(pivot, found);
        let (m, i) = rows[pivot];
        for (r, row) in rows.iter_mut().enumerate() {
            if r != pivot && row.0 >> pivot & 1 == 1 {
                *row = (row.0 ^ m, row.1 ^ i);
            }
        }
    }
    // Now rows hold [I | M⁻¹]: column c of M⁻¹ is bit c of each row's right half.
    std::array::from_fn(|c| (0..64).fold(0u64, |acc, r| acc | ((rows[r].1 >> c & 1) << r)))
}

/// Nim-product of two 64-bit numbers (the subfield `[2^64]`).
pub fn nim_mul(a: u64, b: u64) -> u64 {
    let basis = basis();
    let product = carryless_mul(basis.to_poly.apply(a), basis.to_poly.apply(b));
    let (high, low) = ((product >> 64) as u64, product as u64);
    // Barrett: the quotient is ⌊high · (x^64 + barrett) / x^64⌋, and the remainder's low
    // coefficients are all that is left of product − quotient · p.
    let quotient = high ^ (carryless_mul(high, basis.barrett) >> 64) as u64;
    let remainder = low ^ carryless_mul(quotient, basis.tail) as u64;
    basis.from_poly.apply(remainder)
}

/// The product of two polynomials over GF(2) of degree below 64.
#[inline]
fn carryless_mul(a: u64, b: u64) -> u128 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("pclmulqdq") {
            // SAFETY: the processor has just been checked for the instruction.
            return unsafe { carryless_mul_x86(a, b) };
        }
    }
    carryless_mul_portable(a, b)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "pclmulqdq")]
fn carryless_mul_x86(a: u64, b: u64) -> u128 {
    use std::arch::x86_64::{
        _mm_clmulepi64_si128, _mm_cvtsi128_si64, _mm_cvtsi64_si128, _mm_unpackhi_epi64,
    };
    let product = _mm_clmulepi64_si128(_mm_cvtsi64_si128(a as i64), _mm_cvtsi64_si128(b as i64), 0);
    let low = _mm_cvtsi128_si64(product) as u64;
    let high = _mm_cvtsi128_si64(_mm_unpackhi_epi64(product, product)) as u64;
    (high as u128) << 64 | low as u128
}

/// Carry-less product four bits at a time, for processors without the instruction.
fn carryless_mul_portable(a: u64, b: u64) -> u128 {
    let mut multiples = [0u128; 16];
    for i in 1..16 {
        multiples[i] = if i % 2 == 0 {
            multiples[i / 2] << 1
        } else {
            multiples[i - 1] ^ a as u128
        };
    }
    (0..16).rev().fold(0u128, |acc, nibble| {
        (acc << 4) ^ multiples[(b >> (4 * nibble) & 15) as usize]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> impl Iterator<Item = (u64, u64)> {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let edge = [0, 1, 2, 3, 1 << 31, 1 << 32, 1 << 63, u64::MAX];
        let pairs: Vec<(u64, u64)> = (0..2000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x, x.rotate_left(29) >> (x % 64))
            })
            .chain(edge.iter().flat_map(|&a| edge.iter().map(move |&b| (a, b))))
            .collect();
        pairs.into_iter()
    }

    #[test]
    fn fast_product_matches_the_recursion() {
        for (a, b) in sample() {
            assert_eq!(nim_mul(a, b), nim_mul_recursive(a, b), "{a} ⊗ {b}");
        }
    }

    #[test]
    fn portable_carryless_product_matches_the_schoolbook_one() {
        for (a, b) in sample() {
            let schoolbook = (0..64)
                .filter(|i| b >> i & 1 == 1)
                .fold(0u128, |acc, i| acc ^ (a as u128) << i);
            assert_eq!(carryless_mul_portable(a, b), schoolbook);
            assert_eq!(carryless_mul(a, b), schoolbook);
        }
    }

    #[test]
    fn basis_change_round_trips() {
        let basis = basis();
        for (a, _) in sample() {
            assert_eq!(basis.from_poly.apply(basis.to_poly.apply(a)), a);
        }
    }
}
