use super::lenstra::{excesses, order_of_two};
use super::*;
use crate::nimber::nim_mul_u128;
use proptest::prelude::*;

fn ordinal(text: &str) -> Ordinal {
    Ordinal::parse(text).unwrap()
}

fn product(a: &str, b: &str) -> Ordinal {
    nim_product(&ordinal(a), &ordinal(b)).unwrap()
}

fn power(a: &str, n: u64) -> Ordinal {
    nim_power(&ordinal(a), &BigUint::from(n)).unwrap()
}

#[test]
fn omega_squared_is_omega_times_omega_and_its_cube_is_two() {
    assert_eq!(product("w", "w"), ordinal("w^2"));
    assert_eq!(power("w", 3), ordinal("2"));
    assert_eq!(product("w", "2"), ordinal("w*2"));
}

#[test]
fn the_generators_raised_to_their_prime_are_conways_alphas() {
    // Conway's first three and Lenstra's α_11 (ONAG ch. 6; Lenstra 1977).
    assert_eq!(power("w^w", 5), ordinal("4"));
    assert_eq!(power("w^w^2", 7), ordinal("w + 1"));
    assert_eq!(power("w^w^3", 11), ordinal("w^w + 1"));
    // κ_9 = ω^3 is a cube root of κ_3 = ω.
    assert_eq!(power("w^3", 3), ordinal("w"));
}

/// The excesses m_p published as OEIS A380496 (Conway, Lenstra, Le Bruyn and others), for
/// the odd primes 3, 5, 7, … in order (the first 105, through the prime 577).
pub(super) const PUBLISHED_EXCESSES: [u64; 105] = [
    0, 0, 1, 1, 0, 0, 4, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1,
    0, 1, 0, 1, 4, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 1, 1,
    1, 0, 1, 1, 1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0,
    0, 0, 0, 0, 1, 1, 1, 1, 0,
];

#[test]
fn computed_excesses_agree_with_the_published_ones_for_the_primes_below_110() {
    let table = excesses(110, MAX_DIMENSION, &mut |_| {}).unwrap();
    assert_eq!(table.len(), 28);
    for (alpha, published) in table.iter().zip(PUBLISHED_EXCESSES) {
        assert_eq!(alpha.excess, published, "m_{}", alpha.prime);
        assert_eq!(alpha.order, order_of_two(alpha.prime));
    }
    // α_p is κ_f(p) + m_p, an ordinary sum (so ω + 4 + 1 is ω + 5, not ω + (4 ⊕ 1)).
    for alpha in &table {
        let sum = alpha.kappa.add(&Ordinal::from(alpha.excess));
        assert_eq!(alpha.alpha, sum, "α_{}", alpha.prime);
    }
    let degrees: Vec<u64> = table.iter().map(|a| a.degree).take(14).collect();
    assert_eq!(
        degrees,
        [2, 4, 6, 20, 12, 8, 36, 220, 84, 20, 36, 20, 42, 5060]
    );
}

#[test]
fn finite_ordinals_multiply_as_the_nim_field_of_the_integers() {
    for (a, b) in [
        (2u64, 3u64),
        (7, 7),
        (17, 24),
        (1 << 40, 12345),
        (u64::MAX, 3),
    ] {
        let expected = nim_mul_u128(a as u128, b as u128);
        assert_eq!(
            nim_product(&Ordinal::from(a), &Ordinal::from(b)).unwrap(),
            Ordinal::finite(expected)
        );
    }
}

#[test]
fn ordinals_at_or_past_the_closure_are_refused() {
    assert!(matches!(
        nim_product(&ordinal("w^w^w"), &ordinal("2")),
        Err(FieldError::NotBelow(_))
    ));
    assert!(matches!(
        nim_inverse(&ordinal("0")),
        Err(FieldError::DivisionByZero)
    ));
    assert!(matches!(
        nim_product(&ordinal("w*18446744073709551616"), &ordinal("2")),
        Err(FieldError::TooLarge(_))
    ));
}

/// The nim-sum of `ω^exponent·coefficient` over the terms, each exponent an ordinal expression.
fn sum_of_terms(terms: impl IntoIterator<Item = (String, u64)>) -> Ordinal {
    terms
        .into_iter()
        .fold(Ordinal::zero(), |sum, (exponent, c)| {
            sum.nim_sum(&Ordinal::term(ordinal(&exponent), BigUint::from(c)))
        })
}

/// Ordinals below ω^(ω^2) with small generators: sums of `ω^(ω·a + b)·c`.
fn small_ordinals() -> impl Strategy<Value = Ordinal> {
    prop::collection::vec((0u32..3, 0u32..4, 1u64..20), 0..4).prop_map(|terms| {
        sum_of_terms(
            terms
                .into_iter()
                .map(|(a, b, c)| (format!("w*{a} + {b}"), c)),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_nim_product_is_a_field_product(a in small_ordinals(), b in small_ordinals(), c in small_ordinals()) {
        let ab = nim_product(&a, &b).unwrap();
        prop_assert_eq!(&ab, &nim_product(&b, &a).unwrap());
        prop_assert_eq!(nim_product(&ab, &c).unwrap(), nim_product(&a, &nim_product(&b, &c).unwrap()).unwrap());
        let distributed = nim_product(&a, &b).unwrap().nim_sum(&nim_product(&a, &c).unwrap());
        prop_assert_eq!(nim_product(&a, &b.nim_sum(&c)).unwrap(), distributed);
        if !a.is_zero() {
            let inverse = nim_inverse(&a).unwrap();
            prop_assert_eq!(nim_product(&a, &inverse).unwrap(), Ordinal::from(1));
        }
        let root = nim_sqrt(&a).unwrap();
        prop_assert_eq!(nim_product(&root, &root).unwrap(), a);
    }
}

/// The product by the relations alone, term by term, with no tower (and no budget): the
/// reference the tower's products are checked against.
fn product_by_relations(a: &Sparse, b: &Sparse) -> Sparse {
    let mut unbounded = u64::MAX;
    sparse_product(a, b, &mut unbounded).unwrap().unwrap()
}

/// The product in the tower that holds both factors.
fn tower_product(a: &Ordinal, b: &Ordinal) -> Ordinal {
    let (a, b) = (
        Sparse::from_ordinal(a).unwrap(),
        Sparse::from_ordinal(b).unwrap(),
    );
    let tower = tower_for(&[&a, &b], MAX_DIMENSION).unwrap();
    tower
        .sparse(&tower.mul(&tower.dense(&a), &tower.dense(&b)))
        .to_ordinal()
}

/// Ordinals below ω^(ω^3) whose generators are κ_3, κ_9, κ_5 and κ_7: sums of
/// `ω^(ω^2·a + ω·b + c)·d`.
fn wider_ordinals() -> impl Strategy<Value = Ordinal> {
    prop::collection::vec((0u32..2, 0u32..5, 0u32..9, 1u64..300), 1..5).prop_map(|terms| {
        sum_of_terms(
            terms
                .into_iter()
                .map(|(a, b, c, d)| (format!("w^2*{a} + w*{b} + {c}"), d)),
        )
    })
}

/// Ordinals with the generators κ_17 and κ_3, whose 17 blocks are multiplied by Karatsuba:
/// sums of `ω^(ω^5·a + c)·d`.
fn karatsuba_ordinals() -> impl Strategy<Value = Ordinal> {
    prop::collection::vec((0u32..17, 0u32..3, 1u64..300), 1..12).prop_map(|terms| {
        sum_of_terms(
            terms
                .into_iter()
                .map(|(a, c, d)| (format!("w^5*{a} + {c}"), d)),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn karatsuba_products_agree_with_the_relations_term_by_term(a in karatsuba_ordinals(), b in karatsuba_ordinals()) {
        let expected = product_by_relations(
            &Sparse::from_ordinal(&a).unwrap(),
            &Sparse::from_ordinal(&b).unwrap(),
        );
        prop_assert_eq!(tower_product(&a, &b), expected.to_ordinal());
    }

    #[test]
    fn tower_products_agree_with_the_relations_term_by_term(a in wider_ordinals(), b in wider_ordinals()) {
        let expected = product_by_relations(
            &Sparse::from_ordinal(&a).unwrap(),
            &Sparse::from_ordinal(&b).unwrap(),
        );
        prop_assert_eq!(tower_product(&a, &b), expected.to_ordinal());
    }

    #[test]
    fn wider_ordinals_have_inverses_and_square_roots(a in wider_ordinals()) {
        let inverse = nim_inverse(&a).unwrap();
        prop_assert_eq!(nim_product(&a, &inverse).unwrap(), Ordinal::from(1));
        let root = nim_sqrt(&a).unwrap();
        prop_assert_eq!(nim_product(&root, &root).unwrap(), a.clone());
        let cube = nim_power(&a, &BigUint::from(3u32)).unwrap();
        prop_assert_eq!(cube, nim_product(&a, &nim_product(&a, &a).unwrap()).unwrap());
    }
}
