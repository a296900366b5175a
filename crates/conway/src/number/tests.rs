use super::*;
use proptest::collection::vec;
use proptest::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

fn d(text: &str) -> Dyadic {
    text.parse().unwrap()
}

fn big(n: impl Into<BigInt>, exponent: u32) -> Dyadic {
    Dyadic::new(n.into(), exponent)
}

fn hash_of(x: &Dyadic) -> u64 {
    let mut hasher = DefaultHasher::new();
    x.hash(&mut hasher);
    hasher.finish()
}

/// The invariant behind `Eq` and `Hash`: lowest terms, and the small form whenever the
/// numerator fits an `i64`.
fn assert_normalised(x: &Dyadic) {
    match &x.0 {
        Repr::Small {
            numerator,
            exponent,
        } => assert!(
            *exponent == 0 || numerator % 2 != 0,
            "{numerator}/2^{exponent} is not in lowest terms"
        ),
        Repr::Big(parts) => {
            assert!(
                i64::try_from(&parts.0).is_err(),
                "{x:?} fits the small form"
            );
            assert!(parts.1 == 0 || parts.0.trailing_zeros() == Some(0));
        }
    }
}

fn is_small(x: &Dyadic) -> bool {
    matches!(x.0, Repr::Small { .. })
}

/// Equal, equally hashed and in the same form.
fn assert_same(x: &Dyadic, y: &Dyadic) {
    assert_eq!(x, y);
    assert_eq!(hash_of(x), hash_of(y), "{x:?} and {y:?} hash apart");
    assert_eq!(is_small(x), is_small(y));
    assert_normalised(x);
    assert_normalised(y);
}

#[test]
fn the_type_is_sixteen_bytes_and_an_option_of_it_too() {
    assert_eq!(size_of::<Dyadic>(), 16);
    assert_eq!(size_of::<Option<Dyadic>>(), 16);
}

#[test]
fn constructors_normalise() {
    assert_same(&Dyadic::zero(), &big(0, 7));
    assert_same(&Dyadic::default(), &Dyadic::zero());
    assert_same(&Dyadic::one(), &big(8, 3));
    assert_same(&Dyadic::from_int(-12), &Dyadic::from(BigInt::from(-12)));
    assert_same(&Dyadic::from(5i64), &big(40, 3));
    let three_halves = big(12, 3);
    assert_eq!(three_halves.numerator(), BigInt::from(3));
    assert_eq!(three_halves.exponent(), 1);
    assert_eq!(big(0, 9).exponent(), 0);
    let huge: BigInt = BigInt::from(3) << 200;
    assert_same(&big(huge.clone(), 200), &Dyadic::from_int(3));
    assert_same(&big(huge, 201), &d("3/2"));
}

#[test]
fn queries() {
    for (text, zero, integer, sign, word) in [
        ("0", true, true, 0, Some(0)),
        ("5", false, true, 1, Some(5)),
        ("-7", false, true, -1, Some(-7)),
        ("3/8", false, false, 1, None),
        ("-1/2", false, false, -1, None),
        ("9223372036854775808", false, true, 1, None),
        ("-9223372036854775808", false, true, -1, Some(i64::MIN)),
        ("-9223372036854775809", false, true, -1, None),
        ("-1/79228162514264337593543950336", false, false, -1, None),
    ] {
        let x = d(text);
        assert_eq!(x.is_zero(), zero, "{text}");
        assert_eq!(x.is_integer(), integer, "{text}");
        assert_eq!(x.signum(), sign, "{text}");
        assert_eq!(x.to_i64(), word, "{text}");
    }
}

#[test]
fn results_past_i64_are_exact_and_come_back_to_words() {
    let max = Dyadic::from_int(i64::MAX);
    let min = Dyadic::from_int(i64::MIN);
    let one = Dyadic::one();

    let past_max = &max + &one;
    assert_same(&past_max, &Dyadic::from(BigInt::from(i64::MAX) + 1));
    assert!(!is_small(&past_max));
    assert_same(&(&past_max - &one), &max);
    assert_eq!((&past_max - &one).to_i64(), Some(i64::MAX));

    let below_min = &min - &one;
    assert_same(&below_min, &Dyadic::from(BigInt::from(i64::MIN) - 1));
    assert_same(&(below_min + &one), &min);

    let negated_min = -&min;
    assert_same(&negated_min, &past_max);
    assert_same(&-negated_min, &min);
    assert_same(&(&min * &Dyadic::from_int(-1)), &past_max);

    let square = &max * &max;
    assert_same(
        &square,
        &Dyadic::from(BigInt::from(i64::MAX) * BigInt::from(i64::MAX)),
    );
    assert_eq!(square.to_string(), "85070591730234615847396907784232501249");
    assert_same(&(&square - &square), &Dyadic::zero());

    // The same at a fraction: the exponent stays and the numerator grows past 64 bits.
    let odd_max = big(i64::MAX, 5);
    let doubled = &odd_max + &odd_max;
    assert_same(&doubled, &big(BigInt::from(i64::MAX) * 2, 5));
    assert_eq!(doubled.exponent(), 4);
    assert_same(&doubled.half(), &odd_max);
    let product = &odd_max * &big(i64::MIN + 1, 3);
    assert_same(
        &product,
        &big(BigInt::from(i64::MAX) * BigInt::from(i64::MIN + 1), 8),
    );
    assert_eq!(product.exponent(), 8);
}

#[test]
fn words_whose_denominators_are_far_apart_add_exactly() {
    let fine = big(1, 100);
    let sum = &Dyadic::from_int(1) + &fine;
    assert_same(&sum, &big((BigInt::from(1) << 100) + 1, 100));
    assert_same(&(&sum - &fine), &Dyadic::one());
    assert!(fine < d("1/8"));
    assert!(-&fine > d("-1/8"));
    assert!(fine > Dyadic::zero());
    assert!(big(3, 70) < big(1, 68));
    assert!(big(5, 70) > big(1, 68));
}

#[test]
fn floor_and_ceil() {
    for (text, floor, ceil) in [
        ("0", "0", "0"),
        ("5", "5", "5"),
        ("-5", "-5", "-5"),
        ("1/2", "0", "1"),
        ("-1/2", "-1", "0"),
        ("7/4", "1", "2"),
        ("-7/4", "-2", "-1"),
        (
            "-9223372036854775809/2",
            "-4611686018427387905",
            "-4611686018427387904",
        ),
        (
            "9223372036854775809",
            "9223372036854775809",
            "9223372036854775809",
        ),
    ] {
        assert_eq!(d(text).floor(), d(floor), "floor {text}");
        assert_eq!(d(text).ceil(), d(ceil), "ceil {text}");
    }
    for exponent in [62, 63, 64, 100] {
        let tiny = big(i64::MAX, exponent);
        assert_eq!(tiny.floor(), Dyadic::from_int(i64::MAX >> exponent.min(63)));
        assert_eq!(
            (-&tiny).floor(),
            Dyadic::from_int(-(i64::MAX >> exponent.min(63)) - 1)
        );
        assert_eq!(big(1, exponent).ceil(), Dyadic::one());
        assert_eq!(big(-1, exponent).ceil(), Dyadic::zero());
    }
}

#[test]
fn halves_and_powers_of_two() {
    assert_eq!(d("3").half(), d("3/2"));
    assert_eq!(d("-4").half(), d("-2"));
    assert_eq!(d("3/8").half(), d("3/16"));
    assert_eq!(Dyadic::zero().half(), Dyadic::zero());
    assert_eq!(d("3/8").mul_pow2(3), d("3"));
    assert_eq!(d("3/8").mul_pow2(5), d("12"));
    assert_eq!(d("3/8").mul_pow2(-2), d("3/32"));
    assert_eq!(d("3/8").mul_pow2(0), d("3/8"));
    assert_eq!(d("12").mul_pow2(-2), d("3"));
    assert_eq!(d("12").mul_pow2(-3), d("3/2"));
    assert_same(
        &Dyadic::from_int(i64::MIN).mul_pow2(1),
        &Dyadic::from(BigInt::from(i64::MIN) * 2),
    );
    assert_same(
        &Dyadic::from_int(-3).mul_pow2(64),
        &Dyadic::from(BigInt::from(-3) << 64),
    );
    assert_same(
        &Dyadic::from_int(1).mul_pow2(62),
        &Dyadic::from_int(1 << 62),
    );
    let two_to_63 = Dyadic::from(BigInt::from(1) << 70).mul_pow2(-7);
    assert_same(&two_to_63, &Dyadic::from(BigInt::from(1) << 63));
    assert!(!is_small(&two_to_63));
    assert_same(
        &Dyadic::from(BigInt::from(1) << 70).mul_pow2(-8),
        &Dyadic::from_int(1 << 62),
    );
}

#[test]
fn the_finest_denominator_is_a_checked_limit() {
    let finest = Dyadic::one()
        .checked_mul_pow2(i32::MIN)
        .and_then(|x| x.checked_mul_pow2(i32::MIN + 1))
        .unwrap();
    assert_eq!(finest.exponent(), u32::MAX);
    assert_eq!(finest.checked_mul_pow2(-1), None);
    assert_eq!(finest.checked_mul(&d("1/2")), None);
    assert_eq!(finest.checked_mul(&d("3")).unwrap().exponent(), u32::MAX);
    assert_eq!(finest.checked_mul_pow2(1).unwrap().exponent(), u32::MAX - 1);
    let coarse = d("1/2").checked_mul_pow2(i32::MIN).unwrap();
    assert_eq!(coarse.checked_mul(&coarse), None);
    // Sums never refine the denominator, so they stay inside the limit.
    assert_eq!((&finest + &finest).exponent(), u32::MAX - 1);
    assert!(finest > Dyadic::zero() && finest < big(1, 1000));
}

#[test]
#[should_panic(expected = "denominator would pass 2^4294967295")]
fn halving_past_the_finest_denominator_panics_with_a_message() {
    let finest = Dyadic::one().mul_pow2(i32::MIN).mul_pow2(i32::MIN + 1);
    finest.half();
}

#[test]
fn absolute_values() {
    assert_eq!(d("-3/8").abs(), d("3/8"));
    assert_eq!(d("3/8").abs(), d("3/8"));
    assert_eq!(Dyadic::zero().abs(), Dyadic::zero());
    assert_same(
        &Dyadic::from_int(i64::MIN).abs(),
        &Dyadic::from(-BigInt::from(i64::MIN)),
    );
}

#[test]
fn text_round_trips_and_forms() {
    for (text, shown) in [
        ("0", "0"),
        ("-0", "0"),
        ("5", "5"),
        ("+5", "5"),
        ("-7", "-7"),
        ("3/8", "3/8"),
        ("-3/8", "-3/8"),
        ("+3/8", "3/8"),
        ("2/4", "1/2"),
        ("-12/8", "-3/2"),
        ("8/2", "4"),
        ("0/16", "0"),
        ("007/008", "7/8"),
        ("5/1", "5"),
        (
            "123456789012345678901234567890",
            "123456789012345678901234567890",
        ),
        ("-1/18446744073709551616", "-1/18446744073709551616"),
        ("3/9223372036854775808", "3/9223372036854775808"),
    ] {
        assert_eq!(d(text).to_string(), shown, "{text}");
    }
    assert_eq!(
        d("123456789012345678901234567890").numerator(),
        "123456789012345678901234567890".parse::<BigInt>().unwrap()
    );
    assert_eq!(format!("{:?}", d("-3/8")), "Dyadic(-3/8)");
}

#[test]
fn bad_text_says_what_is_wrong() {
    for (text, message) in [
        ("3/6", "3/6: the denominator must be a power of two"),
        ("1/3", "1/3: the denominator must be a power of two"),
        ("3/0", "3/0: the denominator is zero"),
        ("0/0", "0/0: the denominator is zero"),
        ("", "the empty text: not a number"),
        ("x", "x: not a number"),
        (" 3", " 3: not a number"),
        ("3 ", "3 : not a number"),
        ("3/", "3/: not a number"),
        ("/8", "/8: not a number"),
        ("1/2/4", "1/2/4: not a number"),
        ("3/-8", "3/-8: not a number"),
        ("3/+8", "3/+8: not a number"),
        ("--3", "--3: not a number"),
        ("+-3", "+-3: not a number"),
        ("-", "-: not a number"),
        ("1_000", "1_000: not a number"),
        ("1.5", "1.5: not a number"),
        ("٣", "٣: not a number"),
    ] {
        let error = text.parse::<Dyadic>().unwrap_err();
        assert!(error.to_string().starts_with(message), "{text}: {error}");
    }
    let long = "9".repeat(500) + "/3";
    let message = long.parse::<Dyadic>().unwrap_err().to_string();
    assert!(message.len() < 150, "{message}");
    assert!(message.ends_with("the denominator must be a power of two"));
}

#[test]
fn a_denominator_finer_than_the_exponent_holds_is_an_error_unless_it_cancels() {
    // 2^(2^32) has 1,292,913,987 digits, too many to write here; the check is the exponent
    // the parser derives, so test it below the parser.
    let too_fine = u64::from(u32::MAX) + 1;
    assert_eq!(Dyadic::from_wide(BigInt::from(1), too_fine), None);
    assert_eq!(
        Dyadic::from_wide(BigInt::from(2), too_fine).map(|x| x.exponent()),
        Some(u32::MAX)
    );
    assert_eq!(
        Dyadic::from_wide(BigInt::from(0), too_fine),
        Some(Dyadic::zero())
    );
}

#[test]
fn serialises_as_its_text() {
    assert_eq!(serde_json::to_string(&d("-3/8")).unwrap(), "\"-3/8\"");
    assert_eq!(
        serde_json::to_string(&vec![d("5"), d("1/2")]).unwrap(),
        "[\"5\",\"1/2\"]"
    );
}

#[test]
fn footprint_counts_the_digits() {
    assert_eq!(d("-3/8").footprint(), 16);
    assert_eq!(Dyadic::from_int(i64::MIN).footprint(), 16);
    let big_value = Dyadic::from(BigInt::from(1) << 1000);
    let bigger_value = Dyadic::from(BigInt::from(1) << 2000);
    assert!(big_value.footprint() >= 16 + 1000 / 8);
    assert!(bigger_value.footprint() >= big_value.footprint() + 1000 / 8);
}

#[test]
fn floats_for_pictures() {
    assert_eq!(d("3/8").to_f64(), 0.375);
    assert_eq!(d("-7").to_f64(), -7.0);
    assert_eq!(Dyadic::zero().to_f64(), 0.0);
    assert_eq!(
        Dyadic::from(BigInt::from(1) << 100).to_f64(),
        2f64.powi(100)
    );
    assert_eq!(big(-3, 1074).to_f64(), -3.0 * f64::from_bits(1));
    assert_eq!(big(1, 2000).to_f64(), 0.0);
    assert_eq!(
        Dyadic::from(BigInt::from(1) << 2000).to_f64(),
        f64::INFINITY
    );
    let near = big((BigInt::from(1) << 200) + 1, 199).to_f64();
    assert!((near - 2.0).abs() < 1e-12, "{near}");
}

#[test]
fn simplest_between_by_hand() {
    let simplest = |low: Option<&str>, high: Option<&str>| {
        let (low, high) = (low.map(d), high.map(d));
        Dyadic::simplest_between(low.as_ref(), high.as_ref()).map(|x| x.to_string())
    };
    let some = |text: &str| Some(text.to_string());
    assert_eq!(simplest(None, None), some("0"));
    assert_eq!(simplest(Some("0"), None), some("1"));
    assert_eq!(simplest(None, Some("0")), some("-1"));
    assert_eq!(simplest(Some("0"), Some("1")), some("1/2"));
    assert_eq!(simplest(Some("3"), Some("9")), some("4"));
    assert_eq!(simplest(Some("-9"), Some("-3")), some("-4"));
    assert_eq!(simplest(Some("-9/2"), Some("7")), some("0"));
    assert_eq!(simplest(Some("1/2"), Some("1")), some("3/4"));
    assert_eq!(simplest(Some("1/4"), Some("7/8")), some("1/2"));
    assert_eq!(simplest(Some("5/4"), Some("11/8")), some("21/16"));
    assert_eq!(simplest(Some("2"), Some("5/2")), some("9/4"));
    assert_eq!(simplest(Some("-5/2"), Some("-2")), some("-9/4"));
    assert_eq!(simplest(Some("1"), Some("1")), None);
    assert_eq!(simplest(Some("2"), Some("1")), None);
}

#[test]
fn simplest_between_at_the_word_edges() {
    let max = Dyadic::from_int(i64::MAX);
    let past = &max + Dyadic::one();
    let between = Dyadic::simplest_between(Some(&max), Some(&past)).unwrap();
    assert_same(&between, &big(BigInt::from(i64::MAX) * 2 + 1, 1));
    let between = Dyadic::simplest_between(Some(&-&past), Some(&-&max)).unwrap();
    assert_same(&between, &big(-(BigInt::from(i64::MAX) * 2i32 + 1i32), 1));
    assert_same(&Dyadic::simplest_between(Some(&max), None).unwrap(), &past);
    let low = big(1, 80);
    let high = big(1, 79);
    assert_same(
        &Dyadic::simplest_between(Some(&low), Some(&high)).unwrap(),
        &big(3, 81),
    );
}

/// The numbers born on each day, from the construction alone: day `n + 1` adds one past
/// each end of day `n`'s numbers and the midpoint of each pair of neighbours.
fn born_on_days(last_day: usize) -> Vec<Vec<Dyadic>> {
    let mut born = vec![vec![Dyadic::zero()]];
    let mut so_far = vec![Dyadic::zero()];
    for _ in 0..last_day {
        let mut new = vec![
            so_far.first().unwrap() - Dyadic::one(),
            so_far.last().unwrap() + Dyadic::one(),
        ];
        new.extend(so_far.windows(2).map(|pair| (&pair[0] + &pair[1]).half()));
        so_far.extend(new.iter().cloned());
        so_far.sort();
        born.push(new);
    }
    born
}

/// The number of least birthday strictly between the bounds, which must be unique.
fn simplest_by_search(
    days: &[Vec<Dyadic>],
    low: Option<&Dyadic>,
    high: Option<&Dyadic>,
) -> Option<Dyadic> {
    let inside = |x: &&Dyadic| low.is_none_or(|low| low < *x) && high.is_none_or(|high| *x < high);
    for born in days {
        let found: Vec<&Dyadic> = born.iter().filter(inside).collect();
        assert!(
            found.len() <= 1,
            "{found:?} are born on the same day in ({low:?}, {high:?})"
        );
        if let Some(x) = found.first() {
            return Some((*x).clone());
        }
    }
    None
}

#[test]
fn simplest_between_agrees_with_the_order_of_birth() {
    let days = born_on_days(8);
    let mut bounds: Vec<Option<&Dyadic>> = days[..=5].iter().flatten().map(Some).collect();
    bounds.push(None);
    let mut checked = 0;
    for low in &bounds {
        for high in &bounds {
            let expected = match (low, high) {
                (Some(low), Some(high)) if low >= high => None,
                _ => Some(simplest_by_search(&days, *low, *high).expect("born by day 8")),
            };
            assert_eq!(
                Dyadic::simplest_between(*low, *high),
                expected,
                "({low:?}, {high:?})"
            );
            checked += usize::from(expected.is_some());
        }
    }
    assert!(checked > 2000, "{checked}");
}

#[test]
fn birthdays_and_options_agree_with_the_construction() {
    let days = born_on_days(8);
    let mut birthdays = HashMap::new();
    for (day, born) in days.iter().enumerate() {
        for x in born {
            assert_eq!(x.birthday(), BigInt::from(day), "{x:?}");
            birthdays.insert(x.clone(), day);
        }
    }
    assert_eq!(birthdays.len(), (1 << 9) - 1);
    for (x, day) in &birthdays {
        let options = [x.left_option(), x.right_option()];
        let parent_day = options
            .iter()
            .flatten()
            .map(|option| birthdays[option])
            .max();
        assert_eq!(parent_day.map_or(0, |parent| parent + 1), *day, "{x:?}");
    }
}

#[test]
fn options_by_hand() {
    let options = |text: &str| {
        let x = d(text);
        (
            x.left_option().map(|x| x.to_string()),
            x.right_option().map(|x| x.to_string()),
        )
    };
    let some = |text: &str| Some(text.to_string());
    assert_eq!(options("0"), (None, None));
    assert_eq!(options("3"), (some("2"), None));
    assert_eq!(options("-3"), (None, some("-2")));
    assert_eq!(options("1/2"), (some("0"), some("1")));
    assert_eq!(options("-3/8"), (some("-1/2"), some("-1/4")));
    assert_eq!(options("11/8"), (some("5/4"), some("3/2")));
    assert_eq!(
        options("-9223372036854775808"),
        (None, some("-9223372036854775807"))
    );
    assert_eq!(
        d("-9223372036854775809").birthday(),
        BigInt::from(i64::MIN) * -1 + 1
    );
    assert_eq!(d("-11/8").birthday(), BigInt::from(5));
}

/// Reference arithmetic on plain big integers: both values at one common exponent.
fn aligned(x: &Dyadic, y: &Dyadic) -> (BigInt, BigInt, u32) {
    let k = x.exponent().max(y.exponent());
    (
        x.numerator() << (k - x.exponent()),
        y.numerator() << (k - y.exponent()),
        k,
    )
}

fn dyadic() -> impl Strategy<Value = Dyadic> {
    let tiny = (-40i64..40, 0u32..5).prop_map(|(n, k)| big(n, k));
    let word = (any::<i64>(), 0u32..80).prop_map(|(n, k)| big(n, k));
    let edge = (-4i64..4, any::<bool>(), 0u32..3).prop_map(|(offset, top, k)| {
        let end = if top { i64::MAX } else { i64::MIN };
        big(BigInt::from(end) + offset, k)
    });
    let huge =
        (vec(any::<u32>(), 0..5), any::<bool>(), 0u32..200).prop_map(|(digits, minus, k)| {
            let sign = if minus { Sign::Minus } else { Sign::Plus };
            big(BigInt::from_slice(sign, &digits), k)
        });
    prop_oneof![tiny, word, edge, huge]
}

/// The simplicity rule read literally: the least denominator first, and among integers the
/// least absolute value.
fn simplest_by_denominator(low: &Dyadic, high: &Dyadic) -> Dyadic {
    for k in 0..=low.exponent().max(high.exponent()) + 1 {
        let first = low.mul_pow2(k as i32).floor() + Dyadic::one();
        let last = high.mul_pow2(k as i32).ceil() - Dyadic::one();
        if first > last {
            continue;
        }
        if k == 0 {
            return Dyadic::zero().clamp(first, last);
        }
        assert_eq!(first, last, "two numbers over 2^{k} in ({low:?}, {high:?})");
        return first.mul_pow2(-(k as i32));
    }
    panic!("nothing over 2^(k+1) in ({low:?}, {high:?})")
}

proptest! {
    #[test]
    fn arithmetic_is_exact(x in dyadic(), y in dyadic()) {
        let (a, b, k) = aligned(&x, &y);
        for (result, expected) in [(&x + &y, &a + &b), (&x - &y, &a - &b)] {
            assert_normalised(&result);
            prop_assert_eq!(result.numerator() << (k - result.exponent()), expected);
        }
        let product = &x * &y;
        assert_normalised(&product);
        let k = x.exponent() + y.exponent();
        prop_assert_eq!(product.numerator() << (k - product.exponent()), x.numerator() * y.numerator());
        prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        assert_normalised(&-&x);
    }

    #[test]
    fn field_laws(x in dyadic(), y in dyadic(), z in dyadic()) {
        prop_assert_eq!(&(&x + &y) + &z, &x + &(&y + &z));
        prop_assert_eq!(&(&x * &y) * &z, &x * &(&y * &z));
        prop_assert_eq!(&x + &y, &y + &x);
        prop_assert_eq!(&x * &y, &y * &x);
        prop_assert_eq!(&x * &(&y + &z), &(&x * &y) + &(&x * &z));
        prop_assert_eq!(&x - &x, Dyadic::zero());
        prop_assert_eq!(&x + &Dyadic::zero(), x.clone());
        prop_assert_eq!(&x * &Dyadic::one(), x.clone());
        prop_assert_eq!(-(-x.clone()), x.clone());
        let mut sum = x.clone();
        sum += &y;
        sum -= y.clone();
        prop_assert_eq!(sum, x.clone());
    }

    #[test]
    fn order_agrees_with_subtraction(x in dyadic(), y in dyadic()) {
        prop_assert_eq!(x.cmp(&y), (&x - &y).signum().cmp(&0));
        prop_assert_eq!(x.cmp(&y), (-&y).cmp(&-&x));
        prop_assert_eq!(x == y, x.cmp(&y).is_eq());
    }

    #[test]
    fn text_round_trips(x in dyadic()) {
        let text = x.to_string();
        let back: Dyadic = text.parse().unwrap();
        prop_assert_eq!(&back, &x);
        prop_assert_eq!(hash_of(&back), hash_of(&x));
    }

    #[test]
    fn floor_and_ceil_bracket(x in dyadic()) {
        let (floor, ceil) = (x.floor(), x.ceil());
        prop_assert!(floor.is_integer() && ceil.is_integer());
        prop_assert!(floor <= x && x <= ceil);
        prop_assert_eq!(&ceil - &floor, if x.is_integer() { Dyadic::zero() } else { Dyadic::one() });
        prop_assert_eq!(x.is_integer(), x.to_i64().is_some() || !is_small(&x) && x.exponent() == 0);
    }

    #[test]
    fn scaling_by_powers_of_two(x in dyadic(), k in -100i32..100) {
        let scaled = x.mul_pow2(k);
        assert_normalised(&scaled);
        prop_assert_eq!(scaled.mul_pow2(-k), x.clone());
        prop_assert_eq!(&x.half() + &x.half(), x.clone());
        let power = if k >= 0 { Dyadic::from(BigInt::from(1) << k) } else { big(1, k.unsigned_abs()) };
        prop_assert_eq!(scaled, &x * &power);
    }

    #[test]
    fn both_forms_of_a_value_are_one(x in dyadic(), far in 64u32..300) {
        let shift = Dyadic::from(BigInt::from(1) << far);
        let round_trip = &(&x + &shift) - &shift;
        assert_same(&round_trip, &x);
        assert_same(&Dyadic::new(x.numerator(), x.exponent()), &x);
        let scaled = big(x.numerator() << far, x.exponent() + far);
        assert_same(&scaled, &x);
        prop_assert_eq!(x.footprint(), round_trip.footprint());
    }

    #[test]
    fn a_number_is_the_simplest_between_its_options(x in dyadic()) {
        let (left, right) = (x.left_option(), x.right_option());
        if !x.is_integer() {
            prop_assert!(left.as_ref().unwrap() < &x && &x < right.as_ref().unwrap());
        }
        prop_assert_eq!(Dyadic::simplest_between(left.as_ref(), right.as_ref()), Some(x.clone()));
        let days = [&left, &right].into_iter().flatten().map(Dyadic::birthday).max();
        prop_assert_eq!(x.birthday(), days.map_or(BigInt::from(0), |day| day + 1));
    }

    #[test]
    fn simplest_between_follows_the_rule(x in dyadic(), y in dyadic()) {
        let (low, high) = (x.clone().min(y.clone()), x.max(y));
        if low == high {
            prop_assert_eq!(Dyadic::simplest_between(Some(&low), Some(&high)), None);
        } else {
            let found = Dyadic::simplest_between(Some(&low), Some(&high)).unwrap();
            prop_assert_eq!(found, simplest_by_denominator(&low, &high));
            prop_assert_eq!(Dyadic::simplest_between(Some(&high), Some(&low)), None);
        }
    }
}
