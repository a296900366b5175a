//! The expression language of `conway eval`. For now it is arithmetic in the nim field:
//!
//! ```text
//! expr   := term ('+' term)*                 nim-sum
//! term   := '*' number? | call | '(' expr ')'   *n is the nimber n, * alone is *1
//! call   := name '(' arg (',' arg)* ')'      nimprod, nimdiv, nimpow, niminv, nimsqrt, nimsum
//! arg    := expr | number                    inside a call a bare number is a field element
//! ```
//!
//! A bare number outside a call is refused rather than read as a nimber: in the language of
//! games `3` is the integer 3, not `*3`, and guessing would give a silent wrong answer.

use crate::nimber::{nim_div_u128, nim_inv_u128, nim_mul_u128, nim_pow_u128, nim_sqrt_u128};
use thiserror::Error;

/// Why an expression could not be evaluated. Columns count characters from 1.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LangError {
    #[error("column {column}: {message}")]
    Syntax { column: usize, message: String },
    #[error("unknown function '{0}'; the functions are nimsum, nimprod, nimdiv, nimpow, niminv and nimsqrt")]
    UnknownFunction(String),
    #[error("{function} takes {expected} argument(s), but {found} were given")]
    Arity {
        function: String,
        expected: &'static str,
        found: usize,
    },
    #[error("{0}: *0 has no inverse (division by zero)")]
    DivisionByZero(&'static str),
}

/// Evaluates an expression to an element of the nim field (a nimber).
pub fn eval_nimber(text: &str) -> Result<u128, LangError> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        at: 0,
    };
    let value = parser.sum(false)?;
    parser.skip_spaces();
    match parser.peek() {
        None => Ok(value),
        Some(c) => Err(parser.error(format!("unexpected '{c}'"))),
    }
}

/// Writes a nimber as CGT does: `0`, `*`, `*2`, ...
pub fn show_nimber(value: u128) -> String {
    match value {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn error(&self, message: String) -> LangError {
        LangError::Syntax {
            column: self.at + 1,
            message,
        }
    }

    fn expect(&mut self, wanted: char) -> Result<(), LangError> {
        self.skip_spaces();
        match self.peek() {
            Some(c) if c == wanted => {
                self.at += 1;
                Ok(())
            }
            Some(c) => Err(self.error(format!("expected '{wanted}' but found '{c}'"))),
            None => Err(self.error(format!("expected '{wanted}' but the expression ended"))),
        }
    }

    /// A nim-sum of terms; `bare_numbers` says whether a plain number is a term here.
    fn sum(&mut self, bare_numbers: bool) -> Result<u128, LangError> {
        let mut value = self.term(bare_numbers)?;
        loop {
            self.skip_spaces();
            if self.peek() != Some('+') {
                return Ok(value);
            }
            self.at += 1;
            value ^= self.term(bare_numbers)?;
        }
    }

    fn term(&mut self, bare_numbers: bool) -> Result<u128, LangError> {
        self.skip_spaces();
        match self.peek() {
            Some('*') => {
                self.at += 1;
                Ok(self.number()?.unwrap_or(1))
            }
            Some('(') => {
                self.at += 1;
                let value = self.sum(bare_numbers)?;
                self.expect(')')?;
                Ok(value)
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.at;
                let value = self.number()?.expect("a digit starts a number");
                if bare_numbers {
                    Ok(value)
                } else {
                    self.at = start;
                    Err(self.error(format!(
                        "a bare number means an integer game, which is not supported yet; write *{value} for the nimber"
                    )))
                }
            }
            Some(c) if c.is_ascii_alphabetic() => self.call(),
            Some(c) => Err(self.error(format!("unexpected '{c}'"))),
            None => Err(self.error("the expression ended where a term was expected".to_string())),
        }
    }

    /// Digits, if there are any here.
    fn number(&mut self) -> Result<Option<u128>, LangError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if start == self.at {
            return Ok(None);
        }
        let digits: String = self.chars[start..self.at].iter().collect();
        digits.parse().map(Some).map_err(|_| LangError::Syntax {
            column: start + 1,
            message: format!("{digits} is too large (the limit is 2^128 − 1)"),
        })
    }

    fn call(&mut self) -> Result<u128, LangError> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.at += 1;
        }
        let name: String = self.chars[start..self.at].iter().collect();
        self.expect('(')?;
        let mut args = vec![self.sum(true)?];
        loop {
            self.skip_spaces();
            match self.peek() {
                Some(',') => {
                    self.at += 1;
                    args.push(self.sum(true)?);
                }
                _ => break,
            }
        }
        self.expect(')')?;
        apply(&name, &args)
    }
}

fn apply(name: &str, args: &[u128]) -> Result<u128, LangError> {
    let arity = |expected: &'static str, ok: bool| {
        if ok {
            Ok(())
        } else {
            Err(LangError::Arity {
                function: name.to_string(),
                expected,
                found: args.len(),
            })
        }
    };
    match name {
        "nimsum" => Ok(args.iter().fold(0, |sum, &a| sum ^ a)),
        "nimprod" => Ok(args.iter().fold(1, |product, &a| nim_mul_u128(product, a))),
        "nimdiv" => {
            arity("2", args.len() == 2)?;
            nim_div_u128(args[0], args[1]).ok_or(LangError::DivisionByZero("nimdiv"))
        }
        "nimpow" => {
            arity("2", args.len() == 2)?;
            Ok(nim_pow_u128(args[0], args[1]))
        }
        "niminv" => {
            arity("1", args.len() == 1)?;
            nim_inv_u128(args[0]).ok_or(LangError::DivisionByZero("niminv"))
        }
        "nimsqrt" => {
            arity("1", args.len() == 1)?;
            Ok(nim_sqrt_u128(args[0]))
        }
        _ => Err(LangError::UnknownFunction(name.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_and_calls() {
        assert_eq!(eval_nimber("*3 + *5"), Ok(6));
        assert_eq!(eval_nimber("* + *"), Ok(0));
        assert_eq!(eval_nimber("nimprod(8, 8)"), Ok(13));
        assert_eq!(eval_nimber("nimprod(*2, 3)"), Ok(1));
        assert_eq!(eval_nimber("niminv(4)"), Ok(15));
        assert_eq!(eval_nimber("nimdiv(1, 4)"), Ok(15));
        assert_eq!(eval_nimber("nimsqrt(nimprod(7, 7))"), Ok(7));
        assert_eq!(eval_nimber("nimpow(4, 3)"), Ok(14));
        assert_eq!(eval_nimber("(*1 + *2) + nimsum(1, 2, 3)"), Ok(3));
    }

    #[test]
    fn errors_name_the_problem() {
        assert!(matches!(
            eval_nimber("3 + *5"),
            Err(LangError::Syntax { column: 1, .. })
        ));
        assert!(matches!(eval_nimber("*3 +"), Err(LangError::Syntax { .. })));
        assert!(matches!(
            eval_nimber("*3 )"),
            Err(LangError::Syntax { column: 4, .. })
        ));
        assert_eq!(
            eval_nimber("foo(1)"),
            Err(LangError::UnknownFunction("foo".into()))
        );
        assert_eq!(
            eval_nimber("niminv(0)"),
            Err(LangError::DivisionByZero("niminv"))
        );
        assert!(matches!(
            eval_nimber("niminv(1, 2)"),
            Err(LangError::Arity { found: 2, .. })
        ));
        assert!(matches!(
            eval_nimber("*999999999999999999999999999999999999999999"),
            Err(LangError::Syntax { .. })
        ));
    }

    #[test]
    fn nimbers_print_as_in_the_literature() {
        assert_eq!(show_nimber(0), "0");
        assert_eq!(show_nimber(1), "*");
        assert_eq!(show_nimber(13), "*13");
    }
}
