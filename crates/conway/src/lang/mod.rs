//! The expression language of `conway eval`: a tokenizer ([`token`]), a parser to a syntax
//! tree with columns ([`syntax`]) and an evaluator.
//!
//! The grammar is the one partizan games will need (CGSuite's notation: `{2 || 1 | 0}`, `^*`,
//! `±1`, `G.cool(1)`, `a <| b`, `let a = ...`); [`syntax`] documents it with its precedence
//! table. For now the evaluator computes in the nim field only:
//!
//! ```
//! use conway::lang::{eval, Env, Value};
//!
//! assert_eq!(eval("*3 + *5"), Ok(Value::Nimber(6)));
//! assert_eq!(eval("nimprod(8, 8)"), Ok(Value::Nimber(13)));
//! assert_eq!(eval("*3 + *5 == *6"), Ok(Value::Bool(true)));
//! assert_eq!(eval("*1 <> *2").map(|v| v.to_string()), Ok("true".to_string()));
//!
//! let mut env = Env::new();
//! env.run("let a = *3").unwrap();
//! assert_eq!(env.run("a + *5"), Ok(Some(Value::Nimber(6))));
//! ```
//!
//! A bare number outside a call is refused rather than read as a nimber (apart from `0`, which
//! is both): in the language of games `3` is the integer 3, not `*3`, and guessing would give a
//! silent wrong answer. Every construct of partizan games parses and is then refused with a
//! message naming it; nothing the user types makes the parser or the evaluator panic or exhaust
//! the stack (see [`MAX_DEPTH`]).

mod eval;
pub mod syntax;
pub mod token;

pub use eval::{eval, eval_nimber, Env, Value};
pub use syntax::{parse, Expr, ExprKind, Op, Statement, MAX_DEPTH};
pub use token::{tokenize, Comparison, Tok, Token};

use thiserror::Error;

/// Why a line could not be parsed or evaluated. Columns count characters from 1.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum LangError {
    /// The text does not follow the grammar.
    #[error("column {column}: {message}")]
    Syntax {
        /// Where the problem is.
        column: usize,
        /// What is wrong, as a sentence.
        message: String,
    },
    /// Parentheses, braces, arguments or prefix operators nest too deeply.
    #[error("column {column}: nested more than {limit} deep")]
    TooDeep {
        /// Where the nesting passes the limit.
        column: usize,
        /// The limit.
        limit: usize,
    },
    /// A number is larger than the place where it stands allows.
    #[error("column {column}: {number} is too large; {what} go up to 2^128 − 1")]
    TooLarge {
        /// Where the number is.
        column: usize,
        /// The number as written (shortened if long).
        number: String,
        /// What is limited: nimbers, field elements, exponents.
        what: &'static str,
    },
    /// The expression is well formed but needs what the evaluator does not have yet.
    #[error("column {column}: {message}")]
    Unsupported {
        /// Where the construct is.
        column: usize,
        /// What it is and why it has no value yet.
        message: String,
    },
    /// A value of the wrong kind, such as a truth value where a nimber is needed.
    #[error("column {column}: {message}")]
    Type {
        /// Where the value is.
        column: usize,
        /// What was expected and what was found.
        message: String,
    },
    /// A name that `let` has not bound.
    #[error("column {column}: '{name}' has no value; bind it first with let {name} = ...")]
    UnknownName {
        /// Where the name is.
        column: usize,
        /// The name.
        name: String,
    },
    /// A call of a function that does not exist.
    #[error(
        "column {column}: unknown function '{name}'; the functions are nimsum, nimprod, nimdiv, \
         nimpow, niminv and nimsqrt"
    )]
    UnknownFunction {
        /// Where the call is.
        column: usize,
        /// The name called.
        name: String,
    },
    /// A call with the wrong number of arguments.
    #[error("column {column}: {function} takes {expected} argument(s), but {found} were given")]
    Arity {
        /// Where the call is.
        column: usize,
        /// The function.
        function: String,
        /// How many it takes.
        expected: &'static str,
        /// How many it was given.
        found: usize,
    },
    /// Division by `*0`.
    #[error("column {column}: {function}: *0 has no inverse (division by zero)")]
    DivisionByZero {
        /// Where the zero divisor is.
        column: usize,
        /// The function.
        function: String,
    },
}

/// Writes a nimber as CGT does: `0`, `*`, `*2`, ...
pub fn show_nimber(value: u128) -> String {
    match value {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
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
        assert_eq!(eval_nimber("*3 - *5"), Ok(6));
        assert_eq!(eval_nimber("-*7"), Ok(7));
        assert_eq!(eval_nimber("0"), Ok(0));
    }

    #[test]
    fn comparisons_follow_the_game_order() {
        let truth = |text: &str| match eval(text) {
            Ok(Value::Bool(b)) => b,
            other => panic!("{text}: {other:?}"),
        };
        assert!(truth("*3 + *5 == *6"));
        assert!(truth("*1 <> *2"));
        assert!(!truth("*1 <= *2"));
        assert!(truth("0 <= 0"));
        assert!(truth("*2 >= *2"));
        assert!(!truth("*2 < *2"));
        assert!(!truth("*1 < *2") && !truth("*1 > *2"));
        assert!(truth("*1 <| *2") && truth("*1 |> *2"));
        assert!(!truth("*2 <| *2") && !truth("*2 |> *2"));
        assert!(truth("*1 != *2") && !truth("*1 != *1"));
        assert!(!truth("* <> *"));
    }

    #[test]
    fn errors_name_the_problem() {
        let message = |text: &str| eval(text).unwrap_err().to_string();
        assert_eq!(
            message("3 + *5"),
            "column 1: the integer 3 is a partizan value, which is not supported yet; write *3 \
             for the nimber"
        );
        assert_eq!(
            message("*3 +"),
            "column 5: expected a value but the expression ended"
        );
        assert_eq!(message("*3 )"), "column 4: ')' without a matching '('");
        assert!(matches!(
            eval("foo(1)"),
            Err(LangError::UnknownFunction { column: 1, ref name }) if name == "foo"
        ));
        assert_eq!(
            eval("niminv(0)"),
            Err(LangError::DivisionByZero {
                column: 8,
                function: "niminv".into()
            })
        );
        assert_eq!(
            message("nimdiv(1, 0)"),
            "column 11: nimdiv: *0 has no inverse (division by zero)"
        );
        assert!(matches!(
            eval("niminv(1, 2)"),
            Err(LangError::Arity { found: 2, .. })
        ));
        assert_eq!(
            message("*340282366920938463463374607431768211456"),
            "column 1: *340282366920938463463374607431768211456 is too large; nimbers go up to \
             2^128 − 1"
        );
        assert!(eval("*340282366920938463463374607431768211455").is_ok());
        assert_eq!(
            message("nimsum(1, 340282366920938463463374607431768211456)"),
            "column 11: 340282366920938463463374607431768211456 is too large; field elements \
             go up to 2^128 − 1"
        );
        assert_eq!(
            message("a + *1"),
            "column 1: 'a' has no value; bind it first with let a = ..."
        );
        assert_eq!(
            message("(*1 == *1) + *1"),
            "column 5: a sum needs nimbers, but this is the truth value true"
        );
    }

    #[test]
    fn partizan_constructs_parse_and_are_refused() {
        for (text, column) in [
            ("{|}", 1),
            ("{2 || 1 | 0}", 1),
            ("^", 1),
            ("vv*", 1),
            ("^*", 1),
            ("3/8", 1),
            ("1/3", 1),
            ("±1", 1),
            ("+-*", 1),
            ("*2 +- *1", 4),
            ("*2 * *3", 4),
            ("*2 : *3", 4),
            ("*2.cool(1)", 3),
            ("*5 + 3", 6),
        ] {
            match eval(text) {
                Err(LangError::Unsupported { column: c, message }) => {
                    assert_eq!(c, column, "{text}: {message}")
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(eval("1/3")
            .unwrap_err()
            .to_string()
            .contains("not a dyadic"));
        assert!(eval("3/6").unwrap_err().to_string().contains("partizan"));
        assert!(eval("3/0")
            .unwrap_err()
            .to_string()
            .contains("0 below the line"));
    }

    #[test]
    fn bindings_last_across_lines() {
        let mut env = Env::new();
        assert_eq!(env.run("let a = *3"), Ok(Some(Value::Nimber(3))));
        assert_eq!(env.run("a + *5"), Ok(Some(Value::Nimber(6))));
        assert_eq!(env.run("let b = nimprod(a, a)"), Ok(Some(Value::Nimber(2))));
        assert_eq!(env.run("   "), Ok(None));
        assert_eq!(env.run("a == b"), Ok(Some(Value::Bool(false))));
        assert_eq!(env.get("b"), Some(Value::Nimber(2)));
    }

    #[test]
    fn nimpow_takes_an_integer_exponent() {
        assert_eq!(eval_nimber("nimpow(*4, 3)"), Ok(14));
        assert_eq!(eval_nimber("nimpow(2, 0)"), Ok(1));
        assert!(matches!(
            eval("nimpow(4, *3)"),
            Err(LangError::Type { column: 11, .. })
        ));
        assert!(matches!(eval("nimpow(4)"), Err(LangError::Arity { .. })));
    }

    #[test]
    fn values_print_as_in_the_literature() {
        assert_eq!(show_nimber(0), "0");
        assert_eq!(show_nimber(1), "*");
        assert_eq!(show_nimber(13), "*13");
        assert_eq!(Value::Nimber(6).to_string(), "*6");
        assert_eq!(Value::Bool(true).to_string(), "true");
    }
}
