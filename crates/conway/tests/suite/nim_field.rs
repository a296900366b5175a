//! The nim field: every value of Appendix B and §2.4, the fast product against the mex
//! definition, and the field laws as properties.

use crate::common::{check_table, products, sums, table};
use conway::nimber::*;
use num_bigint::BigUint;
use proptest::prelude::*;

#[test]
fn multiplication_table_of_appendix_b() {
    // The nim-multiplication table 0..15 of Appendix B.4 (Table 4.2).
    check_table("nim-product", nim_mul);
    let by_mex = nim_mul_by_mex(16);
    assert_eq!(by_mex.len(), 16);
    assert!(by_mex.iter().all(|row| row.len() == 16));
    check_table("nim-product", |a, b| by_mex[a as usize][b as usize]);
}

#[test]
fn products_listed_in_appendix_b() {
    let cases = products("app B.4");
    for (a, b, product) in cases {
        assert_eq!(nim_mul(a, b), product, "{a} ⊗ {b}");
        assert_eq!(
            nim_mul_u128(a.into(), b.into()),
            product.into(),
            "{a} ⊗ {b} in u128"
        );
    }
}

#[test]
fn fast_product_matches_the_mex_definition() {
    let n = 128;
    let reference = nim_mul_by_mex(n);
    for (a, row) in reference.iter().enumerate() {
        for (b, &product) in row.iter().enumerate() {
            assert_eq!(nim_mul(a as u64, b as u64), product, "{a} ⊗ {b}");
        }
    }
}

#[test]
fn nim_sum_matches_its_mex_definition() {
    // x ⊕ y = mex{ x' ⊕ y, x ⊕ y' } (Definition B.1), built up as a table.
    let n = 64;
    let mut table = vec![vec![0u64; n]; n];
    for x in 0..n {
        for y in 0..n {
            let excluded: Vec<u64> = (0..x)
                .map(|x2| table[x2][y])
                .chain((0..y).map(|y2| table[x][y2]))
                .collect();
            table[x][y] = mex(excluded);
            assert_eq!(nim_sum(x as u128, y as u128), table[x][y] as u128);
        }
    }
}

#[test]
fn nim_sums_of_the_texts() {
    for item in ["ch2", "short texts", "slides"] {
        for (a, b, sum) in sums(item) {
            assert_eq!(nim_sum(a.into(), b.into()), sum.into(), "{a} ⊕ {b}");
        }
    }
    // The nim-sum table of the slides (rows and columns 0..7) and of Table 4.1 (0..9): row a,
    // column b.
    check_table("nim-sum", |a, b| nim_sum(a.into(), b.into()) as u64);
}

#[test]
fn inverses_1_to_15() {
    let inverses = products("ch4 §4.3 inverses");
    let numbers: Vec<u64> = inverses.iter().map(|&(a, _, _)| a).collect();
    assert_eq!(numbers, (1..16).collect::<Vec<_>>());
    for (a, inverse, one) in inverses {
        assert_eq!(one, 1);
        assert_eq!(nim_inv_u128(a.into()), Some(inverse.into()), "{a}⁻¹");
    }
    assert_eq!(nim_inv_u128(0), None);
    assert_eq!(nim_div_u128(5, 0), None);
    // Each row of the 16-table but the first has exactly one 1.
    for (a, _, row) in table("nim-product").into_iter().filter(|&(a, _, _)| a > 0) {
        assert_eq!(row.iter().filter(|&&x| x == 1).count(), 1, "row {a}");
    }
}

#[test]
fn powers_of_2_and_4() {
    let powers_of_2: Vec<u128> = (1..=6).map(|k| nim_pow_u128(2, k)).collect();
    assert_eq!(powers_of_2, [2, 3, 1, 2, 3, 1]);
    let powers_of_4: Vec<u128> = (1..=5).map(|k| nim_pow_u128(4, k)).collect();
    assert_eq!(powers_of_4, [4, 6, 14, 5, 2]);
}

#[test]
fn fermat_two_powers() {
    // Corollary B.6: F ⊗ y = F·y for y < F, and F ⊗ F = 3F/2.
    for f in [2u64, 4, 16, 256, 65536, 1 << 32] {
        assert_eq!(nim_mul(f, f), f + f / 2);
        for y in (0..f).step_by((f as usize / 64).max(1)) {
            assert_eq!(nim_mul(f, y), f * y);
        }
    }
    assert_eq!(nim_mul_u128(1 << 64, 1 << 64), (1 << 64) + (1 << 63));
}

#[test]
fn the_fields_are_the_fermat_powers() {
    // Theorem B.6: [2], [4], [16], [256] are closed under ⊗; [8] and [32] are not.
    let closed = |n: u64| (0..n).all(|a| (0..n).all(|b| nim_mul(a, b) < n));
    for n in [2, 4, 16, 256] {
        assert!(closed(n), "[{n}] is a field");
    }
    for n in [8, 32] {
        assert!(!closed(n), "[{n}] is not closed");
    }
    // (*) in the proof: x ⊗ x ⊕ x takes exactly the values 0 .. m/2 − 1 on [m].
    for m in [2u64, 4, 16, 256] {
        let mut values: Vec<u64> = (0..m).map(|x| nim_mul(x, x) ^ x).collect();
        values.sort_unstable();
        values.dedup();
        assert_eq!(values, (0..m / 2).collect::<Vec<_>>());
    }
}

#[test]
fn nim_powers_by_the_mex_rule_of_exercise_b2() {
    // n^k = mex{ (n ⊕ n₁) ⊗ … ⊗ (n ⊕ n_k) ⊕ n^k : n_i < n }, checked for k = 2.
    for n in 0..12u64 {
        let square = nim_mul(n, n);
        let excluded = (0..n).flat_map(|a| (0..n).map(move |b| nim_mul(n ^ a, n ^ b) ^ square));
        assert_eq!(mex(excluded), square, "{n}²");
    }
}

#[test]
fn moores_k_nim_sum() {
    // 13 ⊕₂ 12 ⊕₂ 8: binary columns 3,2,0,1 mod 3 = 0,2,0,1, read (0201)₃ = 19.
    assert_eq!(moore_sum(2, &[13, 12, 8]), BigUint::from(19u32));
    assert_eq!(moore_sum(1, &[22, 51]), BigUint::from(37u32));
    assert_eq!(moore_sum(2, &[5, 5, 5]), BigUint::ZERO);
    let huge = moore_sum(u64::MAX, &[u64::MAX]);
    assert!(
        huge.bits() > 64 * 63,
        "read in base 2^64 it needs big integers"
    );
}

#[test]
fn square_roots_and_inverses_in_the_128_bit_field() {
    for a in [
        3u128,
        1 << 64,
        u128::MAX,
        0x1234_5678_9abc_def0_1122_3344_5566_7788,
    ] {
        let root = nim_sqrt_u128(a);
        assert_eq!(nim_mul_u128(root, root), a);
        assert_eq!(nim_mul_u128(a, nim_inv_u128(a).unwrap()), 1);
    }
}

proptest! {
    #[test]
    fn the_64_bit_operations_agree_with_the_128_bit_ones(a: u64, b: u64, n in 0u64..1000) {
        prop_assert_eq!(u128::from(nim_square(a)), nim_square_u128(a.into()));
        prop_assert_eq!(u128::from(nim_pow(a, n)), nim_pow_u128(a.into(), n.into()));
        prop_assert_eq!(nim_inv(a).map(u128::from), nim_inv_u128(a.into()));
        prop_assert_eq!(nim_div(a, b).map(u128::from), nim_div_u128(a.into(), b.into()));
        prop_assert_eq!(u128::from(nim_sqrt(a)), nim_sqrt_u128(a.into()));
    }

    #[test]
    fn product_is_commutative_and_associative(a: u64, b: u64, c: u64) {
        prop_assert_eq!(nim_mul(a, b), nim_mul(b, a));
        prop_assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
    }

    #[test]
    fn product_distributes_over_nim_sum(a: u64, b: u64, c: u64) {
        prop_assert_eq!(nim_mul(a ^ b, c), nim_mul(a, c) ^ nim_mul(b, c));
    }

    #[test]
    fn u128_product_extends_the_u64_product(a: u64, b: u64, c: u128, d: u128, e: u128) {
        prop_assert_eq!(nim_mul_u128(a.into(), b.into()), nim_mul(a, b).into());
        prop_assert_eq!(nim_mul_u128(c, d), nim_mul_u128(d, c));
        prop_assert_eq!(nim_mul_u128(c ^ d, e), nim_mul_u128(c, e) ^ nim_mul_u128(d, e));
        prop_assert_eq!(nim_mul_u128(nim_mul_u128(c, d), e), nim_mul_u128(c, nim_mul_u128(d, e)));
    }

    #[test]
    fn every_nonzero_element_has_an_inverse(a in 1u128..) {
        let inverse = nim_inv_u128(a).unwrap();
        prop_assert_eq!(nim_mul_u128(a, inverse), 1);
        prop_assert_eq!(nim_div_u128(a, a), Some(1));
    }

    #[test]
    fn small_elements_keep_to_their_subfield(a in 1u128..65536) {
        prop_assert!(nim_inv_u128(a).unwrap() < 65536);
        prop_assert!(nim_sqrt_u128(a) < 65536);
    }

    #[test]
    fn square_root_inverts_squaring(a: u128) {
        prop_assert_eq!(nim_sqrt_u128(nim_square_u128(a)), a);
        prop_assert_eq!(nim_square_u128(nim_sqrt_u128(a)), a);
    }

    #[test]
    fn division_undoes_multiplication(a: u128, b in 1u128..) {
        prop_assert_eq!(nim_div_u128(nim_mul_u128(a, b), b), Some(a));
    }

    #[test]
    fn k_nim_sum_zero_means_columns_divisible(k in 1u64..5, values in proptest::collection::vec(0u64..64, 0..6)) {
        let zero = moore_sum(k, &values) == BigUint::ZERO;
        let divisible = (0..6).all(|bit| (values.iter().filter(|&&v| v >> bit & 1 == 1).count() as u64).is_multiple_of(k + 1));
        prop_assert_eq!(zero, divisible);
    }
}

#[test]
fn the_groups_of_theorem_b5_and_corollary_b3() {
    // [n] is a group under ⊕ exactly when n is a power of 2.
    for n in 1u128..=70 {
        let closed = (0..n).all(|a| (0..n).all(|b| nim_sum(a, b) < n));
        assert_eq!(closed, n.is_power_of_two(), "[{n}]");
    }
    // 2^n ⊕ x = 2^n + x for x < 2^n, and Exercise B.1: nk ⊕ m = nk + m for m < n.
    for bits in 0..10 {
        let n = 1u128 << bits;
        for x in 0..n {
            assert_eq!(nim_sum(n, x), n + x);
            for k in 0..5 {
                assert_eq!(nim_sum(n * k, x), n * k + x);
            }
        }
    }
}

#[test]
fn nim_cubes_by_the_mex_rule_of_exercise_b2() {
    // n³ = mex{ (n ⊕ n₁)(n ⊕ n₂)(n ⊕ n₃) ⊕ n³ : n_i < n }.
    for n in 0..10u64 {
        let cube = nim_mul(nim_mul(n, n), n);
        let excluded = (0..n).flat_map(|a| {
            (0..n).flat_map(move |b| {
                (0..n).map(move |c| nim_mul(nim_mul(n ^ a, n ^ b), n ^ c) ^ cube)
            })
        });
        assert_eq!(mex(excluded), cube, "{n}³");
        assert_eq!(nim_pow_u128(n.into(), 3), cube.into());
    }
}
