//! Numbers as text: `5`, `-7`, `3/8`, `-1/2`. A fraction need not be in lowest terms (`2/4`
//! reads as `1/2`), but its denominator must be a power of two, so that every text names a
//! dyadic as written rather than by luck of cancellation.

use super::{Dyadic, Repr};
use num_bigint::{BigInt, BigUint};
use serde::{Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a text is not a number, with the text it was given.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{text}: {problem}")]
pub struct ParseDyadicError {
    text: String,
    problem: Problem,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
enum Problem {
    #[error("not a number: write an integer such as -3 or a fraction such as 3/8")]
    Malformed,
    #[error("the denominator is zero")]
    ZeroDenominator,
    #[error("the denominator must be a power of two")]
    NotPowerOfTwo,
    #[error("the denominator is above 2^4294967295, the finest this number type holds")]
    TooFine,
}

/// Texts longer than this are cut in messages, which stay on one line.
const SHOWN_CHARS: usize = 60;

impl ParseDyadicError {
    fn new(text: &str, problem: Problem) -> ParseDyadicError {
        let text = if text.is_empty() {
            "the empty text".to_string()
        } else if text.chars().count() > SHOWN_CHARS {
            format!("{}…", text.chars().take(SHOWN_CHARS).collect::<String>())
        } else {
            text.to_string()
        };
        ParseDyadicError { text, problem }
    }
}

impl FromStr for Dyadic {
    type Err = ParseDyadicError;

    fn from_str(text: &str) -> Result<Dyadic, ParseDyadicError> {
        let fail = |problem| ParseDyadicError::new(text, problem);
        let (numerator, denominator) = match text.split_once('/') {
            Some((numerator, denominator)) => (numerator, Some(denominator)),
            None => (text, None),
        };
        let numerator = parse_integer(numerator).ok_or_else(|| fail(Problem::Malformed))?;
        let Some(denominator) = denominator else {
            return Ok(Dyadic::from(numerator));
        };
        if !is_digits(denominator) {
            return Err(fail(Problem::Malformed));
        }
        let denominator = BigUint::parse_bytes(denominator.as_bytes(), 10)
            .ok_or_else(|| fail(Problem::Malformed))?;
        if denominator.count_ones() != 1 {
            let problem = if denominator.bits() == 0 {
                Problem::ZeroDenominator
            } else {
                Problem::NotPowerOfTwo
            };
            return Err(fail(problem));
        }
        Dyadic::from_wide(numerator, denominator.bits() - 1).ok_or_else(|| fail(Problem::TooFine))
    }
}

/// An optional sign and then decimal digits, nothing else (num-bigint alone would also take
/// `1_000`).
fn parse_integer(text: &str) -> Option<BigInt> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if !is_digits(digits) {
        return None;
    }
    match text.parse::<i64>() {
        Ok(n) => Some(BigInt::from(n)),
        Err(_) => BigInt::parse_bytes(text.as_bytes(), 10),
    }
}

fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small { numerator, .. } => write!(f, "{numerator}")?,
            Repr::Big(big) => write!(f, "{}", big.0)?,
        }
        match self.exponent() {
            0 => Ok(()),
            exponent @ 1..64 => write!(f, "/{}", 1u64 << exponent),
            exponent => write!(f, "/{}", BigUint::from(1u32) << exponent),
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dyadic({self})")
    }
}

/// A number is written as its text, which every JSON reader keeps exact.
impl Serialize for Dyadic {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
