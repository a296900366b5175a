//! The appendix's examples, the recursive definitions checked at successors and limits, and
//! the laws of the arithmetic on random ordinals.

use super::*;
use proptest::prelude::*;

fn ord(text: &str) -> Ordinal {
    Ordinal::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn n(k: u64) -> Ordinal {
    Ordinal::from(k)
}

#[test]
fn appendix_a5_sums_are_not_commutative_and_right_cancellation_fails() {
    assert_eq!(n(1).add(&ord("w")), ord("w"));
    assert_eq!(n(2).add(&ord("w")), ord("w"));
    assert_ne!(ord("w").add(&n(1)), ord("w"));
    assert_eq!(ord("w + 1").to_string(), "w + 1");
    // 1 + ω = 2 + ω with 1 ≠ 2.
    assert_eq!(ord("1 + w"), ord("2 + w"));
    assert_eq!(ord("w + w"), ord("w*2"));
    assert!(ord("w + 5") < ord("w*2"));
}

#[test]
fn appendix_a5_products_are_not_commutative() {
    assert_eq!(ord("w*2").to_string(), "w*2");
    assert_eq!(ord("2*w"), ord("w"));
    assert_eq!(ord("w*w"), ord("w^2"));
    assert_eq!(ord("(w + 1)*2").to_string(), "w*2 + 1");
    assert_eq!(ord("(w + 1)*w").to_string(), "w^2");
    assert_eq!(ord("(w + 1)*(w + 1)").to_string(), "w^2 + w + 1");
}

#[test]
fn appendix_a6_exercise_4_powers() {
    // (a) α^(β+γ) = α^β·α^γ holds; (b) (αβ)^γ = α^γ·β^γ fails: (ω·2)² = ω²·2, not ω²·4.
    assert_eq!(ord("(w*2)^2").to_string(), "w^2*2");
    assert_eq!(ord("w^2 * 2^2").to_string(), "w^2*4");
    assert_eq!(ord("2^w"), ord("w"));
    assert_eq!(ord("2^(w + 3)").to_string(), "w*8");
    assert_eq!(ord("2^(w*2)").to_string(), "w^2");
    assert_eq!(ord("3^(w^2 + w*2 + 1)").to_string(), "w^(w + 2)*3");
    assert_eq!(ord("w^w^w").to_string(), "w^w^w");
    assert_eq!(ord("(w^w)^w"), ord("w^w^2"));
    assert_eq!(ord("(w + 1)^w"), ord("w^w"));
    assert_eq!(ord("(w + 1)^(w + 1)").to_string(), "w^(w + 1) + w^w");
    assert_eq!(ord("0^0"), n(1));
    assert_eq!(ord("0^w"), n(0));
    assert_eq!(ord("1^w^w"), n(1));
}

#[test]
fn natural_operations_commute() {
    assert_eq!(ord("1").natural_sum(&ord("w")), ord("w + 1"));
    assert_eq!(
        ord("w + 1").natural_sum(&ord("w^2 + w")).to_string(),
        "w^2 + w*2 + 1"
    );
    let product = ord("w + 1").natural_product(&ord("w + 1")).unwrap();
    assert_eq!(product.to_string(), "w^2 + w*2 + 1");
    let product = ord("2").natural_product(&ord("w")).unwrap();
    assert_eq!(product.to_string(), "w*2");
}

#[test]
fn nim_sum_of_ordinals_is_the_xor_of_coefficients() {
    assert_eq!(ord("w + 3").nim_sum(&ord("w + 5")), n(6));
    assert_eq!(ord("w*3").nim_sum(&ord("w + 1")).to_string(), "w*2 + 1");
    assert_eq!(ord("w^w").nim_sum(&ord("w^w")), n(0));
    for a in 0..40u64 {
        for b in 0..40u64 {
            assert_eq!(n(a).nim_sum(&n(b)), n(a ^ b));
        }
    }
}

#[test]
fn functions_give_the_natural_operations_and_the_nim_sum() {
    assert_eq!(ord("natsum(1, w)").to_string(), "w + 1");
    assert_eq!(
        ord("NatProd(w + 1, w + 1, 2)").to_string(),
        "w^2*2 + w*4 + 2"
    );
    assert_eq!(ord("nimsum(w + 3, w + 5, omega)").to_string(), "w + 6");
    assert_eq!(ord("nimsum(w)"), ord("w"));
}

#[test]
fn reading_refuses_bad_text_with_its_column() {
    let column = |text: &str| Ordinal::parse(text).unwrap_err().offset;
    assert_eq!(column("w + "), Some(4));
    assert_eq!(column("w + x"), Some(4));
    assert_eq!(column("(w + 1"), Some(6));
    assert_eq!(column("w 2"), Some(2));
    assert_eq!(column("ω^ω + ?"), Some(6));
    assert_eq!(column("w + foo(1)"), Some(4));
    assert_eq!(column("natsum 1"), Some(7));
    assert_eq!(column("nimsum(1, 2"), Some(11));
    assert_eq!(ord("ω^ω"), ord("w^w"));
    assert_eq!(ord(" 007 "), n(7));
}

#[test]
fn results_too_large_are_refused_not_computed() {
    let refused = |text: &str| {
        let error = Ordinal::parse(text).unwrap_err();
        let shown = &text[..text.len().min(80)];
        assert!(error.reason.contains("too large"), "{shown}: {error}");
    };
    // (ω + 1)^n has n + 1 terms.
    refused("(w + 1)^1000000");
    refused("2^100000000");
    refused("2^18446744073709551615");
    refused(&"9".repeat(400_000));
    let tower = format!("{}w", "w^".repeat(MAX_DEPTH + 1));
    let error = Ordinal::parse(&tower).unwrap_err();
    assert!(error.reason.contains("nest"), "{error}");
    // Sums are bounded too (the review: natsum of natprods held 3,000,000 terms in 808 MB),
    // and so is the work of a whole expression.
    let big = "natprod((w+1)^49999, w^50000)";
    refused(&format!("natsum({big}, {big}, (w+1)^49999)"));
    refused(&format!("nimsum({big}, w^100001, (w+1)^49999)"));
    refused(&["2^524288*2^524286"; 4].join(" + "));
    let many = ["(w+1)^49999"; 400].join(", ");
    let error = Ordinal::parse(&format!("nimsum({many})")).unwrap_err();
    assert!(error.reason.contains("too much work"), "{error}");
    // A limit raised to a huge finite power is one step, not a squaring per bit.
    let huge = format!("(w^2 + w)^{}", "9".repeat(300_000));
    assert_eq!(ord(&huge).terms().count(), 2);
    refused(&format!("(w + 1)^{}", "9".repeat(300_000)));
    // Large but within reach.
    assert_eq!(ord("(w + 1)^100").terms().count(), 101);
    assert_eq!(
        ord("w^18446744073709551615").to_string(),
        "w^18446744073709551615"
    );
}

/// Small random ordinals: sums of up to three terms whose exponents are smaller ones.
fn ordinals() -> impl Strategy<Value = Ordinal> {
    let leaf = (0u64..6).prop_map(n);
    leaf.prop_recursive(3, 24, 3, |inner| {
        prop::collection::vec((inner, 1u64..4), 0..4).prop_map(|terms| {
            terms.into_iter().fold(Ordinal::zero(), |sum, (e, c)| {
                sum.natural_sum(&Ordinal::term(e, BigUint::from(c)))
            })
        })
    })
}

/// The fundamental sequence of a limit ordinal λ: λ[k] < λ, increasing, with supremum λ.
/// For λ = μ + ω^β: μ + ω^β'·k where β = β' + 1, and μ + ω^(β[k]) where β is a limit.
fn fundamental(limit: &Ordinal, k: u64) -> Ordinal {
    let (last, rest) = limit.terms.split_last().expect("a limit is not 0");
    let mu = Ordinal {
        terms: rest.to_vec(),
    }
    .add(&Ordinal::term(
        last.exponent.clone(),
        &last.coefficient - 1u32,
    ));
    let step = match last.exponent.is_limit() {
        true => Ordinal::omega_power(fundamental(&last.exponent, k)),
        false => {
            let (below, finite) = last.exponent.split_finite();
            let exponent = below.add(&Ordinal::finite(finite - 1u32));
            Ordinal::term(exponent, BigUint::from(k))
        }
    };
    mu.add(&step)
}

/// Checks that `f(λ)` is the supremum of the `f(λ[k])`, for an `f` increasing in its
/// argument: each `f(λ[k])` is below it, and each of `others` below it is passed by one.
fn continuous(f: impl Fn(&Ordinal) -> Ordinal, limit: &Ordinal, others: &[Ordinal]) {
    let at_limit = f(limit);
    let values: Vec<Ordinal> = (1..40).map(|k| f(&fundamental(limit, k))).collect();
    for (k, value) in values.iter().enumerate() {
        assert!(
            value < &at_limit,
            "f({limit}[{}]) = {value} is not below {at_limit}",
            k + 1
        );
    }
    for below in others.iter().filter(|&o| o < &at_limit) {
        assert!(
            values.iter().any(|v| below < v),
            "{below} < f({limit}) = {at_limit} is below no f({limit}[k])"
        );
    }
}

proptest! {
    // Finite bases of powers at limits are a small share of the cases: enough of them are
    // drawn that a wrong k^ω is caught.
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn sums_products_and_powers_are_continuous_at_limits(
        a in ordinals(),
        limit in ordinals().prop_filter("a limit", Ordinal::is_limit),
        k in 0u64..30,
        others in prop::collection::vec(ordinals(), 4),
    ) {
        let below = |f: &dyn Fn(&Ordinal) -> Ordinal| {
            let mut below = others.clone();
            below.push(f(&fundamental(&limit, k)));
            below.extend(others.iter().map(f));
            below
        };
        let plus = |x: &Ordinal| a.add(x);
        continuous(plus, &limit, &below(&plus));
        if !a.is_zero() {
            let times = |x: &Ordinal| a.mul(x).unwrap();
            continuous(times, &limit, &below(&times));
        }
        if a > n(1) {
            if let Ok(power) = a.pow(&limit) {
                let raise = |x: &Ordinal| a.pow(x).unwrap();
                continuous(raise, &limit, &below(&raise));
                prop_assert!(power.is_limit());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_form_reads_back(a in ordinals()) {
        prop_assert_eq!(ord(&a.to_string()), a);
    }

    #[test]
    fn sums_and_products_follow_their_definitions_at_successors(a in ordinals(), b in ordinals()) {
        let one = n(1);
        let b1 = b.add(&one);
        // β + (α + 1) = (β + α) + 1, β·(α + 1) = β·α + β, β^(α + 1) = β^α·β.
        prop_assert_eq!(a.add(&b1), a.add(&b).add(&one));
        prop_assert_eq!(a.mul(&b1).unwrap(), a.mul(&b).unwrap().add(&a));
        if let (Ok(power), Ok(next)) = (a.pow(&b), a.pow(&b1)) {
            prop_assert_eq!(next, power.mul(&a).unwrap());
        }
    }

    #[test]
    fn ordinal_laws(a in ordinals(), b in ordinals(), c in ordinals()) {
        prop_assert_eq!(a.add(&b).add(&c), a.add(&b.add(&c)));
        prop_assert_eq!(
            a.mul(&b).unwrap().mul(&c).unwrap(),
            a.mul(&b.mul(&c).unwrap()).unwrap()
        );
        // Left distributivity only.
        prop_assert_eq!(
            a.mul(&b.add(&c)).unwrap(),
            a.mul(&b).unwrap().add(&a.mul(&c).unwrap())
        );
        // Left cancellation, and the sum increasing in its right argument.
        prop_assert_eq!(a.add(&b) == a.add(&c), b == c);
        prop_assert_eq!(a.add(&b).cmp(&a.add(&c)), b.cmp(&c));
        if let (Ok(ab), Ok(ac), Ok(abc)) = (a.pow(&b), a.pow(&c), a.pow(&b.add(&c))) {
            prop_assert_eq!(abc, ab.mul(&ac).unwrap());
        }
        if let (Ok(ab), Ok(bc)) = (a.pow(&b), b.mul(&c)) {
            if let (Ok(left), Ok(right)) = (ab.pow(&c), a.pow(&bc)) {
                prop_assert_eq!(left, right);
            }
        }
    }

    #[test]
    fn natural_and_nim_operations_are_commutative_rings_laws(
        a in ordinals(), b in ordinals(), c in ordinals()
    ) {
        prop_assert_eq!(a.natural_sum(&b), b.natural_sum(&a));
        prop_assert_eq!(a.natural_sum(&b).natural_sum(&c), a.natural_sum(&b.natural_sum(&c)));
        let ab = a.natural_product(&b).unwrap();
        prop_assert_eq!(&ab, &b.natural_product(&a).unwrap());
        prop_assert_eq!(
            a.natural_product(&b.natural_sum(&c)).unwrap(),
            ab.natural_sum(&a.natural_product(&c).unwrap())
        );
        // The natural sum is at least the ordinal sum either way.
        prop_assert!(a.natural_sum(&b) >= a.add(&b) && a.natural_sum(&b) >= b.add(&a));
        prop_assert_eq!(a.nim_sum(&b), b.nim_sum(&a));
        prop_assert_eq!(a.nim_sum(&b).nim_sum(&c), a.nim_sum(&b.nim_sum(&c)));
        prop_assert!(a.nim_sum(&a).is_zero());
        prop_assert!(a.nim_sum(&b) <= a.natural_sum(&b));
    }
}
