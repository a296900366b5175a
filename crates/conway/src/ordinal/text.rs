//! Ordinals written as people write them: `w^2*3 + w + 5`, with `ω` or `omega` for `w`,
//! parentheses, and `+`, `*`, `^` as the ordinal operations (so `1 + w` reads as `w`, and
//! `w^w^2` as `w^(w^2)`). The natural operations and the nim field's are functions:
//! `natsum(a, b, …)`, `natprod(a, b, …)`, `nimsum(a, b, …)`, `nimprod(a, b, …)`,
//! `nimpow(a, n)`, `niminv(a)` and `nimsqrt(a)`. The Cantor normal form is written back in
//! the same syntax.

use super::{field, Ordinal, TooLarge, MAX_COEFFICIENT_BITS, MAX_DEPTH, MAX_TERMS};
use crate::text::ParseError;
use num_bigint::BigUint;
use num_traits::One;
use std::fmt;

impl Ordinal {
    /// Reads an ordinal expression and computes it.
    pub fn parse(text: &str) -> Result<Ordinal, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let mut parser = Parser {
            chars: &chars,
            at: 0,
            depth: 0,
            work: 0,
        };
        let ordinal = parser.sum()?;
        parser.skip_spaces();
        match parser.peek() {
            None => Ok(ordinal),
            Some(c) => Err(ParseError::at(
                parser.at,
                format!("'{}' is not expected here: an ordinal is made of whole numbers, w (or ω, omega), +, *, ^, parentheses and the functions {}", c.escape_debug(), FUNCTIONS.join(", ")),
            )),
        }
    }
}

/// A recursive-descent reader over the characters of the text.
struct Parser<'a> {
    chars: &'a [char],
    at: usize,
    depth: usize,
    /// The terms of every result computed so far, bounded by [`MAX_WORK`].
    work: usize,
}

/// The most terms an expression's results may hold in all: each operation takes time in
/// proportion to its terms, so this bounds the time an expression takes.
const MAX_WORK: usize = 100 * MAX_TERMS;

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    /// Takes `symbol` if it comes next, with the column it was at.
    fn take(&mut self, symbol: char) -> Option<usize> {
        self.skip_spaces();
        (self.peek() == Some(symbol)).then(|| {
            self.at += 1;
            self.at - 1
        })
    }

    /// A result computed at column `at`, if it is within the limits of one ordinal and,
    /// with the results before it, of the work of one expression.
    fn computed(
        &mut self,
        at: usize,
        result: Result<Ordinal, TooLarge>,
    ) -> Result<Ordinal, ParseError> {
        let ordinal = result.map_err(|e| ParseError::at(at, e.to_string()))?;
        self.work = self.work.saturating_add(ordinal.weight());
        if self.work > MAX_WORK {
            return Err(ParseError::at(
                at,
                format!("the expression is too much work: its results would hold more than {MAX_WORK} terms in all"),
            ));
        }
        Ok(ordinal)
    }

    /// `product + product + …`
    fn sum(&mut self) -> Result<Ordinal, ParseError> {
        let mut sum = self.product()?;
        while let Some(at) = self.take('+') {
            let term = self.product()?;
            sum = self.computed(at, sum.add(&term).bounded("the sum"))?;
        }
        Ok(sum)
    }

    /// `power * power * …`
    fn product(&mut self) -> Result<Ordinal, ParseError> {
        let mut product = self.power()?;
        while let Some(at) = self.take('*') {
            let factor = self.power()?;
            product = self.computed(at, product.mul(&factor))?;
        }
        Ok(product)
    }

    /// `atom ^ power`, grouping to the right.
    fn power(&mut self) -> Result<Ordinal, ParseError> {
        let base = self.atom()?;
        let Some(at) = self.take('^') else {
            return Ok(base);
        };
        let exponent = self.nested(at, Parser::power)?;
        self.computed(at, base.pow(&exponent))
    }

    /// A whole number, `w` or `ω`, or a parenthesised sum.
    fn atom(&mut self) -> Result<Ordinal, ParseError> {
        self.skip_spaces();
        let start = self.at;
        match self.peek() {
            Some(c) if c.is_alphabetic() => {
                while self.peek().is_some_and(char::is_alphanumeric) {
                    self.at += 1;
                }
                let word: String = self.chars[start..self.at].iter().collect();
                match word.to_ascii_lowercase().as_str() {
                    "w" | "ω" | "omega" => Ok(Ordinal::omega()),
                    name => self.call(start, name),
                }
            }
            Some('(') => {
                self.at += 1;
                let inner = self.nested(start, Parser::sum)?;
                self.take(')').ok_or_else(|| {
                    ParseError::at(self.at, format!("the '(' at column {} is not closed", start + 1))
                })?;
                Ok(inner)
            }
            Some(c) if c.is_ascii_digit() => {
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.at += 1;
                }
                let digits: String = self.chars[start..self.at].iter().collect();
                // A decimal digit is less than 3.33 bits.
                if digits.len() as u64 * 10 / 3 > MAX_COEFFICIENT_BITS {
                    return Err(ParseError::at(
                        start,
                        format!("a number of {} digits is too large: at most {MAX_COEFFICIENT_BITS} bits", digits.len()),
                    ));
                }
                let n: BigUint = digits.parse().expect("only digits");
                Ok(Ordinal::finite(n))
            }
            Some(c) => Err(ParseError::at(
                start,
                format!("'{}' is not an ordinal: write a whole number, w (or ω), a function call or a sum in parentheses", c.escape_debug()),
            )),
            None => Err(ParseError::at(
                start,
                "an ordinal is missing here: write a whole number, w (or ω), a function call or a sum in parentheses",
            )),
        }
    }

    /// The function `name`, called on the arguments in parentheses that follow.
    fn call(&mut self, start: usize, name: &str) -> Result<Ordinal, ParseError> {
        if !FUNCTIONS.contains(&name) {
            return Err(ParseError::at(
                start,
                format!("'{}' is not known: an ordinal is made of whole numbers, w (or ω, omega), +, *, ^, parentheses and the functions {}", name.escape_debug(), FUNCTIONS.join(", ")),
            ));
        }
        let open = self.take('(').ok_or_else(|| {
            ParseError::at(
                self.at,
                format!("{name} takes its arguments in parentheses: {name}(a, b)"),
            )
        })?;
        let mut arguments = Vec::new();
        if self.take(')').is_none() {
            loop {
                arguments.push(self.nested(open, Parser::sum)?);
                if self.take(',').is_none() {
                    break;
                }
            }
            self.take(')').ok_or_else(|| {
                ParseError::at(
                    self.at,
                    format!("the '(' at column {} is not closed", open + 1),
                )
            })?;
        }
        let result = apply(name, &arguments).map_err(|e| ParseError::at(start, e))?;
        self.computed(start, result.bounded(name))
    }

    /// `read` one level deeper, refused past [`MAX_DEPTH`] levels.
    fn nested(
        &mut self,
        at: usize,
        read: fn(&mut Self) -> Result<Ordinal, ParseError>,
    ) -> Result<Ordinal, ParseError> {
        if self.depth >= MAX_DEPTH {
            return Err(ParseError::at(
                at,
                format!("parentheses and exponents nest more than {MAX_DEPTH} deep"),
            ));
        }
        self.depth += 1;
        let read = read(self);
        self.depth -= 1;
        read
    }
}

impl Ordinal {
    /// The nimber of this ordinal as the texts write it: `0`, `*`, `*5`, `*w`, `*(w + 3)`
    /// (the form the expression language reads back).
    pub fn nimber(&self) -> impl fmt::Display + '_ {
        NimberText(self)
    }
}

struct NimberText<'a>(&'a Ordinal);

impl fmt::Display for NimberText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ordinal = self.0;
        match ordinal.to_finite() {
            Some(n) if n.bits() == 0 => f.write_str("0"),
            Some(n) if n.is_one() => f.write_str("*"),
            Some(n) => write!(f, "*{n}"),
            None if *ordinal == Ordinal::omega() => f.write_str("*w"),
            None => write!(f, "*({ordinal})"),
        }
    }
}

/// The Cantor normal form, terms highest first: `w^(w+1)*2 + w^2 + w*3 + 5`. An exponent is
/// bracketed unless it is a whole number or a single power of ω, which `^` reads whole.
pub(super) fn write(ordinal: &Ordinal, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if ordinal.is_zero() {
        return f.write_str("0");
    }
    for (k, (exponent, coefficient)) in ordinal.terms().enumerate() {
        if k > 0 {
            f.write_str(" + ")?;
        }
        if exponent.is_zero() {
            write!(f, "{coefficient}")?;
            continue;
        }
        f.write_str("w")?;
        let single_power = matches!(exponent.terms.as_slice(), [t] if t.coefficient.is_one());
        match exponent.to_finite() {
            Some(one) if one.is_one() => {}
            Some(n) => write!(f, "^{n}")?,
            None if single_power => write!(f, "^{exponent}")?,
            None => write!(f, "^({exponent})")?,
        }
        if !coefficient.is_one() {
            write!(f, "*{coefficient}")?;
        }
    }
    Ok(())
}

/// The functions an ordinal expression may call.
const FUNCTIONS: [&str; 7] = [
    "natsum", "natprod", "nimsum", "nimprod", "nimpow", "niminv", "nimsqrt",
];

/// The function `name` of [`FUNCTIONS`] on its arguments, or why it cannot be applied.
fn apply(name: &str, arguments: &[Ordinal]) -> Result<Ordinal, String> {
    let fold = |f: fn(&Ordinal, &Ordinal) -> Result<Ordinal, String>| {
        let (first, rest) = arguments
            .split_first()
            .ok_or_else(|| format!("{name} needs at least one argument: {name}(a, b)"))?;
        rest.iter().try_fold(first.clone(), |a, b| f(&a, b))
    };
    let one = || match arguments {
        [a] => Ok(a),
        _ => Err(format!("{name} takes one argument: {name}(a)")),
    };
    let text = |e: field::FieldError| e.to_string();
    match name {
        "natsum" => fold(|a, b| Ok(a.natural_sum(b))),
        "natprod" => fold(|a, b| a.natural_product(b).map_err(|e| e.to_string())),
        "nimsum" => fold(|a, b| Ok(a.nim_sum(b))),
        "nimprod" => fold(|a, b| field::nim_product(a, b).map_err(|e| e.to_string())),
        "niminv" => field::nim_inverse(one()?).map_err(text),
        "nimsqrt" => field::nim_sqrt(one()?).map_err(text),
        "nimpow" => match arguments {
            [a, n] => {
                let n = n
                    .to_finite()
                    .ok_or_else(|| format!("nimpow's exponent must be a whole number, not {n}"))?;
                field::nim_power(a, &n).map_err(text)
            }
            _ => Err(
                "nimpow takes two arguments: nimpow(a, n), a nim-multiplied by itself n times"
                    .to_string(),
            ),
        },
        _ => unreachable!("only the functions listed are applied"),
    }
}
