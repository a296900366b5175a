//! Exact numbers: the dyadic rationals `n / 2^k`, the values of every number-valued short game
//! and every coordinate of a thermograph.
//!
//! A [`Dyadic`] keeps a value in machine words (an `i64` numerator) while it fits and moves to
//! a big integer only when a result would overflow, coming back as soon as a result fits
//! again. Every value is normalised (odd numerator, or exponent 0), so equal values have equal
//! representations and `Eq` and `Hash` can compare representations.
//!
//! The numbers a game is built from follow the simplicity rule: [`Dyadic::simplest_between`]
//! is the value of `{ a | b }` when both sides are numbers, and [`Dyadic::left_option`] and
//! [`Dyadic::right_option`] give the canonical form back.

mod arith;
mod text;

#[cfg(test)]
mod tests;

pub use text::ParseDyadicError;

use crate::engine::Footprint;
use num_bigint::{BigInt, Sign};
use std::borrow::Cow;
use std::mem::size_of;

/// What a panic says when a denominator would need more than 32 bits of exponent.
const EXPONENT_OVERFLOW: &str =
    "a Dyadic's denominator would pass 2^4294967295 (the exponent is a u32)";

/// An exact dyadic rational `numerator / 2^exponent`, normalised.
///
/// Small values cost no allocation: the type is 16 bytes and only a numerator beyond `i64`
/// is boxed.
///
/// # Limits
///
/// The exponent is a `u32`, so the finest denominator is `2^u32::MAX`. Sums never pass it,
/// and halving passes it only after 2^32 halvings, so [`Dyadic::half`] and
/// [`Dyadic::simplest_between`] treat it as unreachable and panic there. Products and
/// [`Dyadic::mul_pow2`] can reach it in a few steps (`2^-(2^31)` squared), so like the
/// integer operators they panic, and [`Dyadic::checked_mul`] and
/// [`Dyadic::checked_mul_pow2`] say `None` instead: use those on values a user controls.
/// Parsing reports a too-fine denominator as an error.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dyadic(Repr);

/// The two forms of a value. Which one holds a value is fixed by the value (a numerator that
/// fits `i64` is always `Small`), which is what makes the derived `Eq` and `Hash` sound.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small {
        numerator: i64,
        exponent: u32,
    },
    /// A numerator outside `i64`; boxed so that the small form sets the size of the type.
    Big(Box<(BigInt, u32)>),
}

impl Dyadic {
    /// The number 0.
    pub fn zero() -> Dyadic {
        Dyadic::from_int(0)
    }

    /// The number 1.
    pub fn one() -> Dyadic {
        Dyadic::from_int(1)
    }

    /// The integer `n`.
    pub fn from_int(n: i64) -> Dyadic {
        Dyadic(Repr::Small {
            numerator: n,
            exponent: 0,
        })
    }

    /// `numerator / 2^exponent`, in lowest terms.
    pub fn new(numerator: BigInt, exponent: u32) -> Dyadic {
        Dyadic::from_big(numerator, exponent)
    }

    /// The numerator in lowest terms (odd unless the value is an integer).
    pub fn numerator(&self) -> BigInt {
        self.numerator_ref().into_owned()
    }

    /// The `k` of the denominator `2^k` in lowest terms; 0 for integers.
    pub fn exponent(&self) -> u32 {
        match &self.0 {
            Repr::Small { exponent, .. } => *exponent,
            Repr::Big(big) => big.1,
        }
    }

    /// Whether the number is 0.
    pub fn is_zero(&self) -> bool {
        self.signum() == 0
    }

    /// Whether the number is an integer: its denominator is 1.
    pub fn is_integer(&self) -> bool {
        self.exponent() == 0
    }

    /// -1, 0 or 1 as the value is negative, zero or positive.
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Small { numerator, .. } => numerator.signum() as i32,
            Repr::Big(big) => match big.0.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            },
        }
    }

    /// The value as an `i64` if it is an integer that fits one.
    pub fn to_i64(&self) -> Option<i64> {
        match self.0 {
            Repr::Small {
                numerator,
                exponent: 0,
            } => Some(numerator),
            _ => None,
        }
    }

    /// The nearest `f64`, roughly (the last bit may be off): for drawing, never for deciding.
    pub fn to_f64(&self) -> f64 {
        let (top, dropped) = match &self.0 {
            Repr::Small { numerator, .. } => (*numerator, 0),
            Repr::Big(big) => {
                // Keep the top 63 bits, which an f64's 53-bit mantissa cannot tell from all.
                let dropped = big.0.bits() - 63;
                let top = i64::try_from(&big.0 >> dropped).expect("63 bits fit an i64");
                (top, dropped)
            }
        };
        let scale = i128::from(dropped) - i128::from(self.exponent());
        times_power_of_two(top as f64, scale)
    }

    /// The greatest integer at most `self`.
    pub fn floor(&self) -> Dyadic {
        match &self.0 {
            Repr::Small { exponent: 0, .. } => self.clone(),
            // A normalised numerator has |n| < 2^63 ≤ 2^k, so the value lies in (-1, 1).
            Repr::Small {
                numerator,
                exponent: 63..,
            } => Dyadic::from_int(if *numerator < 0 { -1 } else { 0 }),
            // An arithmetic shift rounds towards negative infinity, as floor does.
            Repr::Small {
                numerator,
                exponent,
            } => Dyadic::from_int(numerator >> exponent),
            Repr::Big(big) => Dyadic::from_big(&big.0 >> big.1, 0),
        }
    }

    /// The least integer at least `self`.
    pub fn ceil(&self) -> Dyadic {
        -(-self).floor()
    }

    /// `self / 2`.
    ///
    /// # Panics
    ///
    /// Only past the finest denominator, 2^u32::MAX, which takes 2^32 halvings to reach from an
    /// integer (see [`Dyadic`]'s limits).
    pub fn half(&self) -> Dyadic {
        self.mul_pow2(-1)
    }

    /// `self · 2^k`; `k` may be negative.
    ///
    /// # Panics
    ///
    /// If the denominator would pass 2^u32::MAX; [`Dyadic::checked_mul_pow2`] says `None`.
    pub fn mul_pow2(&self, k: i32) -> Dyadic {
        self.checked_mul_pow2(k).expect(EXPONENT_OVERFLOW)
    }

    /// `self · 2^k`, or `None` if the denominator would pass 2^u32::MAX.
    pub fn checked_mul_pow2(&self, k: i32) -> Option<Dyadic> {
        let shift = k.unsigned_abs();
        let exponent = self.exponent();
        if k < 0 {
            let exponent = exponent.checked_add(shift)?;
            return Some(match &self.0 {
                Repr::Small { numerator, .. } => {
                    Dyadic::from_word(i128::from(*numerator), exponent)
                }
                Repr::Big(big) => Dyadic::from_big(big.0.clone(), exponent),
            });
        }
        if shift <= exponent {
            return Some(self.with_exponent(exponent - shift));
        }
        let shift = shift - exponent;
        Some(match &self.0 {
            // |numerator| ≤ 2^63, so a shift below 64 stays inside an i128.
            Repr::Small { numerator, .. } if shift < 64 => {
                Dyadic::from_word(i128::from(*numerator) << shift, 0)
            }
            _ => Dyadic::from_big(&*self.numerator_ref() << shift, 0),
        })
    }

    /// The same numerator over `2^exponent`: in lowest terms when the numerator is odd or the
    /// new exponent is 0, as when the exponent only shrinks.
    fn with_exponent(&self, exponent: u32) -> Dyadic {
        match &self.0 {
            Repr::Small { numerator, .. } => Dyadic(Repr::Small {
                numerator: *numerator,
                exponent,
            }),
            Repr::Big(big) => Dyadic(Repr::Big(Box::new((big.0.clone(), exponent)))),
        }
    }

    /// `|self|`.
    pub fn abs(&self) -> Dyadic {
        if self.signum() < 0 {
            -self
        } else {
            self.clone()
        }
    }

    /// The simplest number strictly between `low` and `high`, where `None` is no bound: the
    /// value of the game `{ low | high }` (the simplicity rule). If integers lie strictly
    /// between, it is the one of least absolute value; otherwise it is the dyadic of smallest
    /// denominator in the interval, which is unique. `None` if `low ≥ high`.
    ///
    /// # Panics
    ///
    /// Only if the answer's denominator passes 2^u32::MAX, which needs an endpoint at the
    /// finest denominator (see [`Dyadic`]'s limits).
    pub fn simplest_between(low: Option<&Dyadic>, high: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(low), Some(high)) = (low, high) {
            if low >= high {
                return None;
            }
        }
        if let Some(low) = low.filter(|low| low.signum() >= 0) {
            return Some(simplest_above_nonnegative(low, high));
        }
        if let Some(high) = high.filter(|high| high.signum() <= 0) {
            let low = low.map(|low| -low);
            return Some(-simplest_above_nonnegative(&-high, low.as_ref()));
        }
        Some(Dyadic::zero())
    }

    /// The Left option of the number's canonical form: `n - 1` for an integer `n > 0`, none for
    /// an integer `n ≤ 0`, and `(p - 1) / 2^k` for `p / 2^k` with `k ≥ 1`.
    pub fn left_option(&self) -> Option<Dyadic> {
        if self.is_integer() {
            return (self.signum() > 0).then(|| self - Dyadic::one());
        }
        Some(self.numerator_step(-1))
    }

    /// The Right option of the number's canonical form: `n + 1` for an integer `n < 0`, none for
    /// an integer `n ≥ 0`, and `(p + 1) / 2^k` for `p / 2^k` with `k ≥ 1`.
    pub fn right_option(&self) -> Option<Dyadic> {
        if self.is_integer() {
            return (self.signum() < 0).then(|| self + Dyadic::one());
        }
        Some(self.numerator_step(1))
    }

    /// The day the number is born: `|n|` for an integer `n`, and `⌊|x|⌋ + 1 + k` for
    /// `x = p / 2^k` with `k ≥ 1`. The integer part takes `⌊|x|⌋ + 1` days to reach the unit
    /// interval `x` lies in, and each of the `k` binary digits after the point takes one more
    /// halving step, so that 1 + (the options' birthday) holds at every step.
    pub fn birthday(&self) -> BigInt {
        let whole = self.abs().floor().numerator();
        if self.is_integer() {
            whole
        } else {
            whole + 1 + self.exponent()
        }
    }

    /// `(numerator + step) / 2^exponent`, normalised.
    fn numerator_step(&self, step: i64) -> Dyadic {
        match &self.0 {
            Repr::Small {
                numerator,
                exponent,
            } => Dyadic::from_word(i128::from(*numerator) + i128::from(step), *exponent),
            Repr::Big(big) => Dyadic::from_big(&big.0 + step, big.1),
        }
    }

    /// The numerator, borrowed when it is already a big integer.
    fn numerator_ref(&self) -> Cow<'_, BigInt> {
        match &self.0 {
            Repr::Small { numerator, .. } => Cow::Owned(BigInt::from(*numerator)),
            Repr::Big(big) => Cow::Borrowed(&big.0),
        }
    }

    /// `numerator / 2^exponent` in lowest terms, from a word-sized numerator.
    fn from_word(numerator: i128, exponent: u32) -> Dyadic {
        if numerator == 0 {
            return Dyadic::zero();
        }
        let shift = numerator.trailing_zeros().min(exponent);
        let (numerator, exponent) = (numerator >> shift, exponent - shift);
        match i64::try_from(numerator) {
            Ok(numerator) => Dyadic(Repr::Small {
                numerator,
                exponent,
            }),
            Err(_) => Dyadic(Repr::Big(Box::new((BigInt::from(numerator), exponent)))),
        }
    }

    /// `numerator / 2^exponent` in lowest terms.
    fn from_big(numerator: BigInt, exponent: u32) -> Dyadic {
        Dyadic::from_wide(numerator, exponent.into())
            .expect("lowest terms never raise the exponent")
    }

    /// `numerator / 2^exponent` in lowest terms, or `None` if even lowest terms need an
    /// exponent beyond `u32`.
    fn from_wide(numerator: BigInt, exponent: u64) -> Option<Dyadic> {
        // Zero has no lowest bit; all of its exponent goes.
        let shift = numerator
            .trailing_zeros()
            .map_or(exponent, |zeros| zeros.min(exponent));
        let exponent = u32::try_from(exponent - shift).ok()?;
        let numerator = numerator >> shift;
        Some(match i64::try_from(&numerator) {
            Ok(numerator) => Dyadic(Repr::Small {
                numerator,
                exponent,
            }),
            Err(_) => Dyadic(Repr::Big(Box::new((numerator, exponent)))),
        })
    }
}

/// The simplest number strictly between `low ≥ 0` and `high > low` (`None`: no bound).
fn simplest_above_nonnegative(low: &Dyadic, high: Option<&Dyadic>) -> Dyadic {
    let next = low.floor() + Dyadic::one();
    match high {
        Some(high) if next >= *high => simplest_fraction(low, high),
        _ => next,
    }
}

/// The dyadic of smallest denominator strictly between `0 ≤ low < high` when no integer lies
/// strictly between them.
///
/// At the scale `2^k` with `k` one more than either exponent, `low` and `high` become even
/// integers `L < H`, and the answer is the integer in `[L + 1, H - 1]` with the most factors of
/// two, over `2^k`.
fn simplest_fraction(low: &Dyadic, high: &Dyadic) -> Dyadic {
    let scale = u64::from(low.exponent().max(high.exponent())) + 1;
    if let (
        Repr::Small {
            numerator: l,
            exponent: low_exponent,
        },
        Repr::Small {
            numerator: h,
            exponent: high_exponent,
        },
    ) = (&low.0, &high.0)
    {
        let (low_shift, high_shift) = (
            scale - u64::from(*low_exponent),
            scale - u64::from(*high_exponent),
        );
        // Numerators below 2^63 shifted by at most 63 stay below 2^126.
        if low_shift.max(high_shift) <= 63 {
            let first = ((*l as u128) << low_shift) + 1;
            let last = ((*h as u128) << high_shift) - 1;
            let most_even = most_even_word(first, last);
            let shift = u64::from(most_even.trailing_zeros());
            let exponent = u32::try_from(scale - shift).expect(EXPONENT_OVERFLOW);
            return Dyadic::from_word((most_even >> shift) as i128, exponent);
        }
    }
    let first = (&*low.numerator_ref() << (scale - u64::from(low.exponent()))) + 1;
    let last = (&*high.numerator_ref() << (scale - u64::from(high.exponent()))) - 1;
    Dyadic::from_wide(most_even_big(first, last), scale).expect(EXPONENT_OVERFLOW)
}

/// The integer with the most factors of two in `first..=last`, for odd `first ≤ last`: the
/// common binary prefix of the two, then a one where they first differ (`last` has it), then
/// zeros. Every other number in the range has its lowest one bit lower.
fn most_even_word(first: u128, last: u128) -> u128 {
    if first == last {
        return first;
    }
    let differ = 127 - (first ^ last).leading_zeros();
    (last >> differ) << differ
}

/// [`most_even_word`] for big integers, `0 < first ≤ last`, `first` odd.
fn most_even_big(first: BigInt, last: BigInt) -> BigInt {
    if first == last {
        return first;
    }
    let differ = (&first ^ &last).bits() - 1;
    (last >> differ) << differ
}

/// `x · 2^scale`, in steps small enough that no step overflows or underflows on its own.
fn times_power_of_two(mut x: f64, scale: i128) -> f64 {
    // |x| < 2^63, so past these bounds the answer is 0 or infinite whatever the exact scale.
    let mut scale = scale.clamp(-1200, 1100) as i32;
    while scale != 0 {
        let step = scale.clamp(-1000, 1000);
        x *= 2f64.powi(step);
        scale -= step;
    }
    x
}

impl Default for Dyadic {
    fn default() -> Dyadic {
        Dyadic::zero()
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::from_int(n)
    }
}

impl From<BigInt> for Dyadic {
    fn from(n: BigInt) -> Dyadic {
        Dyadic::from_big(n, 0)
    }
}

impl Footprint for Dyadic {
    /// The value itself, and for a big numerator the box and the digits in use (num-bigint
    /// does not show spare capacity).
    fn footprint(&self) -> usize {
        size_of::<Dyadic>()
            + match &self.0 {
                Repr::Small { .. } => 0,
                Repr::Big(big) => {
                    size_of::<(BigInt, u32)>() + big.0.iter_u64_digits().len() * size_of::<u64>()
                }
            }
    }
}
