//! Dense arithmetic in one finite subfield of the ordinals below ω^(ω^ω): the finite nim
//! field `[2^(2^J)]` with generators adjoined one at a time, each by `y^p = β` with `β`
//! below it. An element is the vector of its finite coefficients, indexed by the digits of
//! its monomials in mixed radix, the last generator most significant; so an element of a
//! level is `p` blocks, one per power of that level's generator, each an element of the
//! level below.
//!
//! Products are schoolbook over the blocks; `y^p` folds back as `β`, which is always
//! sparse (one generator, or `κ_f + m`), so squaring, the Frobenius map that Lenstra's
//! test leans on, costs about one pass over the vector rather than a full product.

use super::{Generator, Sparse};
use crate::nimber::{nim_inv, nim_mul};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive};
use std::sync::OnceLock;

/// One finite field of ordinals, as a tower of extensions over a finite nim field.
pub(crate) struct Tower {
    /// The degree of the finite base field `[2^(2^J)]`: `2^J`.
    base_degree: u64,
    levels: Vec<Level>,
    /// `sizes[l]`: the length of an element of level `l` (level 0 is the base field).
    sizes: Vec<usize>,
}

/// One extension `K[y] / (y^p - β)`.
struct Level {
    generator: Generator,
    prime: usize,
    /// `β` over the level below, as (index, coefficient) pairs.
    beta: Vec<(usize, u64)>,
}

/// A dense element of a tower's top level.
pub(crate) type Dense = Vec<u64>;

impl Tower {
    /// The tower of `generators` (closed: each one's relation uses only those before it and
    /// coefficients below `2^base_degree`), with `relation(g)` the `β` of `g^p = β`.
    pub(crate) fn new(
        generators: &[Generator],
        base_degree: u64,
        relation: impl Fn(Generator) -> Sparse,
    ) -> Tower {
        let mut tower = Tower {
            base_degree,
            levels: Vec::new(),
            sizes: vec![1],
        };
        for &generator in generators {
            let beta = tower.indexed(&relation(generator));
            let prime = generator.prime() as usize;
            let size = tower.dimension() * prime;
            tower.levels.push(Level {
                generator,
                prime,
                beta,
            });
            tower.sizes.push(size);
        }
        tower
    }

    /// The number of finite coefficients of an element.
    pub(crate) fn dimension(&self) -> usize {
        *self.sizes.last().expect("the base level is always there")
    }

    /// The degree of the field over `[2]`: its size is `2^degree`.
    pub(crate) fn degree(&self) -> u64 {
        self.base_degree * self.levels.iter().map(|l| l.prime as u64).product::<u64>()
    }

    fn top(&self) -> usize {
        self.levels.len()
    }

    /// A sparse element as (index, coefficient) pairs of this tower's top level.
    fn indexed(&self, element: &Sparse) -> Vec<(usize, u64)> {
        element
            .terms()
            .map(|(monomial, &coefficient)| {
                let index = monomial
                    .iter()
                    .map(|&(generator, digit)| {
                        let level = self
                            .levels
                            .iter()
                            .position(|l| l.generator == generator)
                            .expect("a tower holds every generator of its elements");
                        digit as usize * self.sizes[level]
                    })
                    .sum();
                (index, coefficient)
            })
            .collect()
    }

    /// A sparse element written densely.
    pub(crate) fn dense(&self, element: &Sparse) -> Dense {
        let mut dense = vec![0; self.dimension()];
        for (index, coefficient) in self.indexed(element) {
            dense[index] ^= coefficient;
        }
        dense
    }

    /// A dense element written as a sum of monomials.
    pub(crate) fn sparse(&self, dense: &[u64]) -> Sparse {
        let mut element = Sparse::default();
        for (mut index, &coefficient) in dense.iter().enumerate() {
            if coefficient == 0 {
                continue;
            }
            let mut monomial = Vec::new();
            for (level, l) in self.levels.iter().enumerate() {
                let digit = index % l.prime;
                index /= l.prime;
                if digit != 0 {
                    monomial.push((self.levels[level].generator, digit as u32));
                }
            }
            element.add_term(monomial, coefficient);
        }
        element
    }

    /// 1.
    pub(crate) fn one(&self) -> Dense {
        let mut one = vec![0; self.dimension()];
        one[0] = 1;
        one
    }

    /// The product `a·b`.
    pub(crate) fn mul(&self, a: &[u64], b: &[u64]) -> Dense {
        self.mul_at(self.top(), a, b)
    }

    /// The square `a²`: the Frobenius map.
    pub(crate) fn square(&self, a: &[u64]) -> Dense {
        self.square_at(self.top(), a)
    }

    /// `a^(2^times)`: by squaring when `times` is small, else by where the Frobenius map
    /// sends each generator.
    pub(crate) fn frobenius(&self, a: &[u64], times: u64) -> Dense {
        let times = times % self.degree();
        if times <= FROBENIUS_BY_SQUARING {
            let mut power = a.to_vec();
            for _ in 0..times {
                power = self.square(&power);
            }
            return power;
        }
        let map = self.frobenius_map(times);
        self.frobenius_at(self.top(), a, times, &map)
    }

    /// For `σ = x ↦ x^(2^times)` and each level with generator `y`, `y^p = β`: where `σ`
    /// sends `y^j`, as the power `y^((j·2^times) mod p)` times a multiplier below. With
    /// `2^times = q·p + s`, `σ(y) = β^q·y^s`, and `β^q` needs `q` only modulo the order of
    /// the field below.
    fn frobenius_map(&self, times: u64) -> Vec<Vec<(usize, Dense)>> {
        let mut map = Vec::new();
        for (level, l) in self.levels.iter().enumerate() {
            let prime = l.prime as u64;
            let order_below = (BigUint::one() << self.degree_at(level)) - 1u32;
            let shift = BigUint::from(2u32)
                .modpow(&BigUint::from(times), &BigUint::from(prime))
                .to_u64()
                .expect("below p");
            let wide = BigUint::from(2u32).modpow(&BigUint::from(times), &(&order_below * prime));
            let q = (wide - shift) / prime % &order_below;
            let beta = self.dense_at(level, &l.beta);
            let gamma = self.pow_at(level, &beta, &q);
            let mut images = Vec::with_capacity(l.prime);
            let (mut multiplier, mut power) = (self.one_at(level), 0usize);
            for _ in 0..l.prime {
                images.push((power, multiplier.clone()));
                multiplier = self.mul_at(level, &multiplier, &gamma);
                power += shift as usize;
                if power >= l.prime {
                    power -= l.prime;
                    multiplier = self.mul_sparse_at(level, &multiplier, &l.beta);
                }
            }
            map.push(images);
        }
        map
    }

    fn frobenius_at(
        &self,
        level: usize,
        a: &[u64],
        times: u64,
        map: &[Vec<(usize, Dense)>],
    ) -> Dense {
        if level == 0 {
            let mut c = a[0];
            for _ in 0..times % self.base_degree {
                c = base_mul(c, c);
            }
            return vec![c];
        }
        let size = self.sizes[level - 1];
        let mut result = vec![0; self.sizes[level]];
        for (block, (power, multiplier)) in a.chunks(size).zip(&map[level - 1]) {
            if is_zero(block) {
                continue;
            }
            let image = self.frobenius_at(level - 1, block, times, map);
            let image = self.mul_at(level - 1, &image, multiplier);
            add_into(&mut result[power * size..], &image);
        }
        result
    }

    /// The degree over `[2]` of the field of level `level`.
    fn degree_at(&self, level: usize) -> u64 {
        self.base_degree
            * self.levels[..level]
                .iter()
                .map(|l| l.prime as u64)
                .product::<u64>()
    }

    fn dense_at(&self, level: usize, sparse: &[(usize, u64)]) -> Dense {
        let mut dense = vec![0; self.sizes[level]];
        for &(index, c) in sparse {
            dense[index] ^= c;
        }
        dense
    }

    fn one_at(&self, level: usize) -> Dense {
        let mut one = vec![0; self.sizes[level]];
        one[0] = 1;
        one
    }

    /// `a^exponent`, by squaring and multiplying.
    pub(crate) fn pow(&self, a: &[u64], exponent: &BigUint) -> Dense {
        self.pow_at(self.top(), a, exponent)
    }

    /// `a^exponent` at a level, four bits of the exponent at a time.
    fn pow_at(&self, level: usize, a: &[u64], exponent: &BigUint) -> Dense {
        let mut powers = vec![self.one_at(level)];
        for k in 1..16 {
            powers.push(self.mul_at(level, &powers[k - 1], a));
        }
        let mut result = self.one_at(level);
        for window in (0..exponent.bits().div_ceil(4)).rev() {
            for _ in 0..4 {
                result = self.square_at(level, &result);
            }
            let digit = (0..4).fold(0, |d, b| d | (exponent.bit(window * 4 + b) as usize) << b);
            if digit != 0 {
                result = self.mul_at(level, &result, &powers[digit]);
            }
        }
        result
    }

    /// The inverse of a non-zero `a`, level by level: at each level `a` is a polynomial in
    /// the generator `y` over the level below, and Euclid's algorithm against `y^p - β` finds
    /// `s` with `s·a = 1` there, dividing by leading coefficients inverted one level down.
    pub(crate) fn inverse(&self, a: &[u64]) -> Dense {
        self.inverse_at(self.top(), a)
    }

    fn inverse_at(&self, level: usize, a: &[u64]) -> Dense {
        if level == 0 {
            return vec![nim_inv(a[0]).expect("only non-zero elements are inverted")];
        }
        let below = level - 1;
        let (size, prime) = (self.sizes[below], self.levels[below].prime);
        let mut modulus = vec![self.dense_at(below, &self.levels[below].beta)];
        modulus.resize(prime, vec![0; size]);
        modulus.push(self.one_at(below));
        let (mut r0, mut r1) = (
            modulus,
            trimmed(a.chunks(size).map(<[u64]>::to_vec).collect()),
        );
        let (mut s0, mut s1): (Vec<Dense>, Vec<Dense>) = (Vec::new(), vec![self.one_at(below)]);
        while r1.len() > 1 {
            let lead = self.inverse_at(below, r1.last().expect("not empty"));
            let mut quotient = vec![vec![0; size]; r0.len() - r1.len() + 1];
            while r0.len() >= r1.len() {
                let shift = r0.len() - r1.len();
                let factor = self.mul_at(below, r0.last().expect("not empty"), &lead);
                for (k, c) in r1.iter().enumerate() {
                    add_into(&mut r0[k + shift], &self.mul_at(below, c, &factor));
                }
                quotient[shift] = factor;
                r0 = trimmed(r0);
            }
            let mut s = s0;
            for (i, q) in quotient.iter().enumerate() {
                for (j, c) in s1.iter().enumerate() {
                    if s.len() <= i + j {
                        s.resize(i + j + 1, vec![0; size]);
                    }
                    add_into(&mut s[i + j], &self.mul_at(below, q, c));
                }
            }
            (r0, r1, s0, s1) = (r1, r0, s1, trimmed(s));
        }
        let unit = self.inverse_at(below, &r1[0]);
        let mut inverse = vec![0; self.sizes[level]];
        for (j, c) in s1.iter().enumerate() {
            add_into(&mut inverse[j * size..], &self.mul_at(below, c, &unit));
        }
        inverse
    }

    /// The product of `a^(2^(step·i))` for `i < count`, by doubling: the norm-like products
    /// that Lenstra's test and the inverse need, in `O(log count)` products and about
    /// `2·step·count` squarings.
    pub(crate) fn frobenius_product(&self, a: &[u64], step: u64, count: u64) -> Dense {
        if count == 0 {
            return self.one();
        }
        let mut product = a.to_vec();
        let mut length = 1u64;
        for bit in (0..63 - count.leading_zeros()).rev() {
            let shifted = self.frobenius(&product, step * length);
            product = self.mul(&product, &shifted);
            length *= 2;
            if count >> bit & 1 == 1 {
                product = self.mul(a, &self.frobenius(&product, step));
                length += 1;
            }
        }
        debug_assert_eq!(length, count);
        product
    }

    /// The degree of `a` over `[2]`: the least divisor `d` of the field's degree with
    /// `a^(2^d) = a`.
    pub(crate) fn degree_of(&self, a: &[u64]) -> u64 {
        let degree = self.degree();
        let mut power = a.to_vec();
        let mut done = 0;
        for d in (1..=degree).filter(|d| degree.is_multiple_of(*d)) {
            power = self.frobenius(&power, d - done);
            done = d;
            if power == a {
                return d;
            }
        }
        unreachable!("a^(2^e) = a for every element of a field of 2^e elements")
    }

    /// The `β` of the first level, a finite coefficient.
    fn scalar_beta(&self) -> u64 {
        self.levels[0].beta.iter().fold(0, |sum, &(_, c)| sum ^ c)
    }

    fn mul_at(&self, level: usize, a: &[u64], b: &[u64]) -> Dense {
        if level == 0 {
            return vec![base_mul(a[0], b[0])];
        }
        let (size, prime) = (self.sizes[level - 1], self.levels[level - 1].prime);
        let mut wide = self.poly_mul(level - 1, a, b);
        for k in (prime..2 * prime - 1).rev() {
            let (low, high) = wide.split_at_mut(k * size);
            let block = &high[..size];
            if !is_zero(block) {
                let folded = self.mul_sparse_at(level - 1, block, &self.levels[level - 1].beta);
                add_into(&mut low[(k - prime) * size..], &folded);
            }
        }
        wide.truncate(prime * size);
        wide
    }

    /// The product of two polynomials of as many blocks of level `below`, unreduced: by
    /// Karatsuba's three half products down to [`KARATSUBA_BLOCKS`] blocks, then schoolbook.
    fn poly_mul(&self, below: usize, a: &[u64], b: &[u64]) -> Dense {
        let size = self.sizes[below];
        let blocks = a.len() / size;
        let mut product = vec![0; (2 * blocks - 1) * size];
        if blocks < KARATSUBA_BLOCKS {
            for (i, a_block) in a.chunks(size).enumerate() {
                if is_zero(a_block) {
                    continue;
                }
                for (j, b_block) in b.chunks(size).enumerate() {
                    if below == 0 {
                        product[i + j] ^= base_mul(a_block[0], b_block[0]);
                    } else if !is_zero(b_block) {
                        let term = self.mul_at(below, a_block, b_block);
                        add_into(&mut product[(i + j) * size..], &term);
                    }
                }
            }
            return product;
        }
        let half = blocks / 2;
        let (a0, a1) = a.split_at(half * size);
        let (b0, b1) = b.split_at(half * size);
        let low = self.poly_mul(below, a0, b0);
        let high = self.poly_mul(below, a1, b1);
        let (mut a_sum, mut b_sum) = (a1.to_vec(), b1.to_vec());
        add_into(&mut a_sum, a0);
        add_into(&mut b_sum, b0);
        let mut middle = self.poly_mul(below, &a_sum, &b_sum);
        add_into(&mut middle, &low);
        add_into(&mut middle, &high);
        add_into(&mut product, &low);
        add_into(&mut product[half * size..], &middle);
        add_into(&mut product[2 * half * size..], &high);
        product
    }

    fn square_at(&self, level: usize, a: &[u64]) -> Dense {
        if level == 0 {
            return vec![base_mul(a[0], a[0])];
        }
        if level == 1 {
            let (prime, beta) = (self.levels[0].prime, self.scalar_beta());
            let mut result = vec![0; prime];
            for (j, &c) in a.iter().enumerate() {
                let square = base_mul(c, c);
                match 2 * j < prime {
                    true => result[2 * j] ^= square,
                    false => result[2 * j - prime] ^= base_mul(square, beta),
                }
            }
            return result;
        }
        let (size, prime) = (self.sizes[level - 1], self.levels[level - 1].prime);
        let mut result = vec![0; prime * size];
        for (j, block) in a.chunks(size).enumerate() {
            if is_zero(block) {
                continue;
            }
            let mut square = self.square_at(level - 1, block);
            let mut at = 2 * j;
            if at >= prime {
                square = self.mul_sparse_at(level - 1, &square, &self.levels[level - 1].beta);
                at -= prime;
            }
            add_into(&mut result[at * size..], &square);
        }
        result
    }

    /// `a·s` for a sparse `s` of the same level.
    fn mul_sparse_at(&self, level: usize, a: &[u64], sparse: &[(usize, u64)]) -> Dense {
        let mut result = vec![0; self.sizes[level]];
        for &(index, coefficient) in sparse {
            add_into(&mut result, &self.mul_term_at(level, a, index, coefficient));
        }
        result
    }

    /// `a` times the monomial at `index` times the finite `coefficient`.
    fn mul_term_at(&self, level: usize, a: &[u64], index: usize, coefficient: u64) -> Dense {
        if level == 0 {
            return vec![base_mul(a[0], coefficient)];
        }
        if level == 1 {
            let prime = self.levels[0].prime;
            let wrapped = base_mul(coefficient, self.scalar_beta());
            let mut result = vec![0; prime];
            for (j, &c) in a.iter().enumerate() {
                match j + index < prime {
                    true => result[j + index] ^= base_mul(c, coefficient),
                    false => result[j + index - prime] ^= base_mul(c, wrapped),
                }
            }
            return result;
        }
        let (size, prime) = (self.sizes[level - 1], self.levels[level - 1].prime);
        let (shift, low) = (index / size, index % size);
        let mut result = vec![0; prime * size];
        for (j, block) in a.chunks(size).enumerate() {
            if is_zero(block) {
                continue;
            }
            let mut term = self.mul_term_at(level - 1, block, low, coefficient);
            let mut at = j + shift;
            if at >= prime {
                term = self.mul_sparse_at(level - 1, &term, &self.levels[level - 1].beta);
                at -= prime;
            }
            add_into(&mut result[at * size..], &term);
        }
        result
    }
}

/// A polynomial without its zero leading coefficients.
fn trimmed(mut polynomial: Vec<Dense>) -> Vec<Dense> {
    while polynomial.last().is_some_and(|c| is_zero(c)) {
        polynomial.pop();
    }
    polynomial
}

fn is_zero(block: &[u64]) -> bool {
    block.iter().all(|&c| c == 0)
}

/// `target[..source.len()] ^= source`: nim-addition.
fn add_into(target: &mut [u64], source: &[u64]) {
    for (t, s) in target.iter_mut().zip(source) {
        *t ^= s;
    }
}

/// Up to this many squarings, the Frobenius map is applied by squaring.
const FROBENIUS_BY_SQUARING: u64 = 16;

/// Below this many blocks a polynomial product is schoolbook.
const KARATSUBA_BLOCKS: usize = 16;

/// The nim-product of two finite coefficients, from a table when both are below 256 (the
/// usual case: the base fields Lenstra's computation meets are `[4]` and `[16]`).
fn base_mul(a: u64, b: u64) -> u64 {
    static SMALL: OnceLock<Vec<u8>> = OnceLock::new();
    if (a | b) < 256 {
        let table = SMALL.get_or_init(|| {
            (0..1u64 << 16)
                .map(|ab| nim_mul(ab >> 8, ab & 255) as u8)
                .collect()
        });
        return u64::from(table[(a << 8 | b) as usize]);
    }
    nim_mul(a, b)
}
