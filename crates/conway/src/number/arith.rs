//! Order and arithmetic. Each operation tries machine words first (an `i128` holds any sum or
//! product of two `i64` numerators, aligned by up to 63 bits) and takes big integers only when
//! the words would not hold the exact answer.

use super::{Dyadic, Repr, EXPONENT_OVERFLOW};
use num_bigint::BigInt;
use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

impl Dyadic {
    /// The exact product, or `None` if its denominator would pass 2^u32::MAX. The exponents of
    /// two normalised factors simply add (odd times odd is odd), so `None` is exact.
    pub fn checked_mul(&self, other: &Dyadic) -> Option<Dyadic> {
        let exponent = self.exponent().checked_add(other.exponent())?;
        Some(match (&self.0, &other.0) {
            (Repr::Small { numerator: a, .. }, Repr::Small { numerator: b, .. }) => {
                Dyadic::from_word(i128::from(*a) * i128::from(*b), exponent)
            }
            _ => Dyadic::from_big(&*self.numerator_ref() * &*other.numerator_ref(), exponent),
        })
    }
}

/// `x + y`, or `x - y` when `subtract`.
fn add_or_subtract(x: &Dyadic, y: &Dyadic, subtract: bool) -> Dyadic {
    if let (
        Repr::Small {
            numerator: a,
            exponent: ka,
        },
        Repr::Small {
            numerator: b,
            exponent: kb,
        },
    ) = (&x.0, &y.0)
    {
        let b = if subtract {
            -i128::from(*b)
        } else {
            i128::from(*b)
        };
        if let Some(sum) = add_words(i128::from(*a), *ka, b, *kb) {
            return sum;
        }
    }
    let k = x.exponent().max(y.exponent());
    let a = &*x.numerator_ref() << (k - x.exponent());
    let b = &*y.numerator_ref() << (k - y.exponent());
    Dyadic::from_big(if subtract { a - b } else { a + b }, k)
}

/// `a / 2^ka + b / 2^kb` for `|a|, |b| ≤ 2^63`, unless aligning the two needs a shift past 63
/// bits. Only one of the two is shifted, so the sum stays below 2^126 + 2^63.
fn add_words(a: i128, ka: u32, b: i128, kb: u32) -> Option<Dyadic> {
    let k = ka.max(kb);
    let (shift_a, shift_b) = (k - ka, k - kb);
    if shift_a.max(shift_b) > 63 {
        return None;
    }
    Some(Dyadic::from_word((a << shift_a) + (b << shift_b), k))
}

fn multiply(x: &Dyadic, y: &Dyadic) -> Dyadic {
    x.checked_mul(y).expect(EXPONENT_OVERFLOW)
}

fn negate(x: &Dyadic) -> Dyadic {
    match &x.0 {
        Repr::Small {
            numerator,
            exponent,
        } => Dyadic::from_word(-i128::from(*numerator), *exponent),
        Repr::Big(big) => Dyadic::from_big(-&big.0, big.1),
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if let (
            Repr::Small {
                numerator: a,
                exponent: ka,
            },
            Repr::Small {
                numerator: b,
                exponent: kb,
            },
        ) = (&self.0, &other.0)
        {
            let k = (*ka).max(*kb);
            let (shift_a, shift_b) = (k - ka, k - kb);
            if shift_a.max(shift_b) <= 63 {
                return (i128::from(*a) << shift_a).cmp(&(i128::from(*b) << shift_b));
            }
        }
        compare_big(self, other)
    }
}

/// The order of two values of which one is big or whose denominators are far apart. A
/// nonzero `n / 2^k` has `|x|` in `[2^(m-1), 2^m)` for `m = bits(n) - k`, so a different `m`
/// decides by size alone, without aligning numerators that may be far apart.
fn compare_big(x: &Dyadic, y: &Dyadic) -> Ordering {
    let sign = x.signum();
    if sign != y.signum() || sign == 0 {
        return sign.cmp(&y.signum());
    }
    let (a, b) = (x.numerator_ref(), y.numerator_ref());
    let magnitude = |n: &BigInt, k: u32| i128::from(n.bits()) - i128::from(k);
    let by_size = magnitude(&a, x.exponent()).cmp(&magnitude(&b, y.exponent()));
    if by_size != Ordering::Equal {
        return if sign > 0 { by_size } else { by_size.reverse() };
    }
    let k = x.exponent().max(y.exponent());
    (&*a << (k - x.exponent())).cmp(&(&*b << (k - y.exponent())))
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;

    fn neg(self) -> Dyadic {
        negate(self)
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;

    fn neg(self) -> Dyadic {
        negate(&self)
    }
}

/// An operator for every mix of owned and borrowed operands, all through one function on
/// borrows.
macro_rules! binary_operator {
    ($trait:ident, $method:ident, |$x:ident, $y:ident| $body:expr) => {
        impl $trait<&Dyadic> for &Dyadic {
            type Output = Dyadic;

            fn $method(self, other: &Dyadic) -> Dyadic {
                let ($x, $y) = (self, other);
                $body
            }
        }

        impl $trait<Dyadic> for &Dyadic {
            type Output = Dyadic;

            fn $method(self, other: Dyadic) -> Dyadic {
                self.$method(&other)
            }
        }

        impl $trait<&Dyadic> for Dyadic {
            type Output = Dyadic;

            fn $method(self, other: &Dyadic) -> Dyadic {
                (&self).$method(other)
            }
        }

        impl $trait<Dyadic> for Dyadic {
            type Output = Dyadic;

            fn $method(self, other: Dyadic) -> Dyadic {
                (&self).$method(&other)
            }
        }
    };
}

binary_operator!(Add, add, |x, y| add_or_subtract(x, y, false));
binary_operator!(Sub, sub, |x, y| add_or_subtract(x, y, true));
binary_operator!(Mul, mul, |x, y| multiply(x, y));

impl AddAssign<&Dyadic> for Dyadic {
    fn add_assign(&mut self, other: &Dyadic) {
        *self = add_or_subtract(self, other, false);
    }
}

impl AddAssign<Dyadic> for Dyadic {
    fn add_assign(&mut self, other: Dyadic) {
        *self += &other;
    }
}

impl SubAssign<&Dyadic> for Dyadic {
    fn sub_assign(&mut self, other: &Dyadic) {
        *self = add_or_subtract(self, other, true);
    }
}

impl SubAssign<Dyadic> for Dyadic {
    fn sub_assign(&mut self, other: Dyadic) {
        *self -= &other;
    }
}
