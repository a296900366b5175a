//! The expression language of `conway eval` and `conway repl`: a tokenizer ([`token`]), a
//! parser to a syntax tree with columns ([`syntax`]) and an evaluator whose values are short
//! games in a [`Store`] and the truth values of comparisons.
//!
//! The notation is CGSuite's, so that its users feel at home; [`syntax`] documents the grammar
//! with its precedence table.
//!
//! ```
//! use conway::lang::{eval, Env, Value};
//!
//! assert_eq!(eval("*3 + *5").as_deref(), Ok("*6"));
//! assert_eq!(eval("{2 || 1 | 0}").as_deref(), Ok("{2||1|0}"));
//! assert_eq!(eval("{^ | v} == *").as_deref(), Ok("true"));
//! assert_eq!(eval("3 * ^ + 1/2").as_deref(), Ok("1/2^3"));
//! assert_eq!(eval("{0 || 0 | -2}").as_deref(), Ok("Tiny(2)"));
//! assert_eq!(eval("nimprod(8, 8)").as_deref(), Ok("*13"));
//!
//! let mut env = Env::new();
//! env.run("let g = {1 | 0}").unwrap();
//! let value = env.run("g + {1/2 | 0}").unwrap().unwrap();
//! assert_eq!(env.show(&value).unwrap(), "{3/2|1||1/2|0}");
//! // Two copies of the switch {1 | 0} make 1.
//! assert_eq!(env.run("g + g == 1"), Ok(Some(Value::Bool(true))));
//! assert_eq!(env.run("g <> 0"), Ok(Some(Value::Bool(true))));
//! ```
//!
//! # Values
//!
//! - Numbers: integers and dyadic rationals of any size (`3`, `-3/8`, `1/1024`); a fraction
//!   whose denominator is not a power of 2 is refused, since the numbers of short games are
//!   dyadic.
//! - Nimbers `*`, `*n` (n below 2^128), ups and downs `^`, `^^`, `^n`, `v`, `vv`, `vn`, and
//!   number-up-star literals written without spaces: `1/2^*3`, `v3*`, `3^*`.
//! - Games `{L1, L2 | R1, R2}`, with higher bars for nested games: `{2 || 1 | 0}`. Options
//!   may be any expressions; the result is the canonical form ([`Store::from_options`]).
//! - The uptimals as CGSuite writes them: `^<n>` is ↑^n (up-nth), `^[n]` is `↑^[n]` = ↑ + ↑^2 +
//!   … + ↑^n, `v<n>` and `v[n]` their negatives, with a number before and a star after:
//!   `1/2^<3>*`. A number written directly before `Tiny(x)` or `Miny(x)` is added: `2Tiny(1)`.
//! - `±x` (or `+-x`) is `{x | −x}`, `±{a, b}` is `{a, b | −a, −b}`, and `a ± b` is `a + ±b`.
//! - `G + H`, `G - H`, `-G`.
//! - `n * G` and `G * n` for an integer `n` (`n` copies of `G`, negated for negative `n`); the
//!   product of two numbers is their exact product (Conway's product, on numbers). Other
//!   products are refused: for the nim-product of two nimbers write `nimprod(a, b)`.
//! - `G : H`, the ordinal sum {G^L, G:H^L | G^R, G:H^R}, taken on the canonical forms of G and
//!   H (as in CGSuite; the ordinal sum depends on the forms, not only the values).
//! - Ordinals and their nimbers: `ordinal(w^2*3 + 1)` is an ordinal, and `*w`, `*ω` and
//!   `*(w + 3)` are the nimbers of ordinals; the text in the parentheses is read as
//!   [`Ordinal::parse`](crate::ordinal::Ordinal::parse) reads it. Ordinals add, multiply and
//!   compare as ordinals; nimbers nim-add and take the nim-field functions below ω^(ω^ω);
//!   a finite result is a short game again. The rules are in the `transfinite` module.
//! - Loopy games, in CGSuite's notation: `pass` among a game's options is a move to the
//!   position itself (`{0|pass}` is `over`), and a name written before braces names the
//!   position so that options inside may return to it (`a{0|{*|a}}`). The values `on`, `off`,
//!   `over`, `under`, `upon`, `dud`, `tis` and `tisn` are named (a `let` of the same name hides
//!   one), and `s & t` is the value with onside `s` and offside `t`. Loopy values add, subtract,
//!   negate and compare with each other and with short games; a stopper prints in the
//!   notation, any other value as its sides `s & t` or its name. The rules are in the `loopy`
//!   module of the language, the theory in [`crate::loopy`].
//! - Comparisons `==`, `!=`, `<=`, `>=`, `<`, `>`, `<>` (confused: neither `<=` nor `>=`),
//!   `<|` (less than or confused: not `>=`) and `|>` (greater than or confused: not `<=`) give
//!   `true` or `false`.
//!
//! # Functions and methods
//!
//! A function is called `name(args)`: `Tiny(x)` = {0 || 0 | −x}, `Miny(x)` = −Tiny(x), and
//! the nim field's `nimsum`, `nimprod`, `nimdiv`, `nimpow`, `niminv`, `nimsqrt`, which take
//! nimbers (finite or transfinite) and give nimbers. Inside the parentheses of a nim-field function a bare integer is
//! a field element, so `nimprod(8, 8)` is `nimprod(*8, *8)`; elsewhere `8` is the integer 8.
//!
//! A method is called as in CGSuite, `G.Name(args)`, with the parentheses optional when there
//! are no arguments: `G.IsNumber`, `G.OrdinalSum(H)`. Function and method names are matched
//! without regard to case (`tiny(1)`, `g.isnumber`), since CGSuite writes them capitalised and
//! people type them either way; names bound by `let` are case-sensitive. The methods are
//! listed in one table in `builtins.rs`, which the evaluator, its messages and the REPL's
//! `:help` all read ([`method_usages`]). `NortonProduct` is also called by its former name
//! `NortonMultiply`; `ConwayProduct` is Conway's product of the canonical forms.
//!
//! # Limits
//!
//! Nothing the user types makes the parser or the evaluator panic or exhaust the stack (see
//! [`MAX_DEPTH`]): the evaluator keeps its own stack, and the store grows its stack on the
//! heap. A computation that would pass the store's memory limit stops with
//! [`LangError::Limit`], and a canonical form longer than [`MAX_SHOWN`] characters is not
//! printed ([`LangError::TooLong`]).

mod builtins;
mod eval;
mod loopy;
mod report;
pub mod syntax;
pub mod token;
mod transfinite;

pub use builtins::{function_usages, method_usages};
pub use eval::{eval, eval_game, eval_nimber, Env, Value};
pub use report::{GameReport, Report};
pub use syntax::{parse, Expr, ExprKind, Op, Statement, MAX_DEPTH};
pub use token::{tokenize, Comparison, Tok, Token};

use crate::engine::{show_bytes, SearchError};
#[cfg(doc)]
use crate::short::Store;
use thiserror::Error;

/// The longest canonical form, in characters, that [`Env::show`] prints. A game with many
/// shared options can have a text exponentially longer than the store that holds it.
pub const MAX_SHOWN: usize = 1 << 24;

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
    #[error("column {column}: {number} is too large; {what} go up to {limit}")]
    TooLarge {
        /// Where the number is.
        column: usize,
        /// The number as written (shortened if long).
        number: String,
        /// What is limited: nimbers, field elements, exponents, counts of ups, multipliers.
        what: &'static str,
        /// The largest allowed, as a power of 2: `2^128 − 1`.
        limit: &'static str,
    },
    /// A fraction whose denominator is not a power of 2: not the number of a short game.
    #[error(
        "column {column}: {fraction} is not a dyadic rational: the numbers of short games have \
         a power of 2 below the line"
    )]
    NotDyadic {
        /// Where the fraction is.
        column: usize,
        /// The fraction as written (shortened if long).
        fraction: String,
    },
    /// The computation needs more than the store allows (its memory limit, or a count of ups
    /// past 2^63).
    #[error("column {column}: {}", limit_words(source))]
    Limit {
        /// Where the operation that stopped is.
        column: usize,
        /// The store's error.
        source: SearchError,
    },
    /// A canonical form too long to print.
    #[error(
        "the canonical form is longer than {limit} characters, too long to print; ask for \
         less, or for a property such as .IsNumber"
    )]
    TooLong {
        /// The limit, [`MAX_SHOWN`].
        limit: usize,
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
    #[error("column {column}: '{name}' has no value; {}", unbound_hint(name))]
    UnknownName {
        /// Where the name is.
        column: usize,
        /// The name.
        name: String,
    },
    /// A call of a function that does not exist.
    #[error(
        "column {column}: unknown function '{name}'; the functions are {}",
        builtins::function_names()
    )]
    UnknownFunction {
        /// Where the call is.
        column: usize,
        /// The name called.
        name: String,
    },
    /// A call of a method that does not exist.
    #[error(
        "column {column}: unknown method '.{name}'; the methods are {}",
        builtins::method_names()
    )]
    UnknownMethod {
        /// Where the call is (its '.').
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

impl LangError {
    /// The column of the expression where the problem is, counted from 1; none for a
    /// problem of the whole (a form too long to print).
    pub fn column(&self) -> Option<usize> {
        match self {
            LangError::Syntax { column, .. }
            | LangError::TooDeep { column, .. }
            | LangError::TooLarge { column, .. }
            | LangError::NotDyadic { column, .. }
            | LangError::Limit { column, .. }
            | LangError::Unsupported { column, .. }
            | LangError::Type { column, .. }
            | LangError::UnknownName { column, .. }
            | LangError::UnknownFunction { column, .. }
            | LangError::UnknownMethod { column, .. }
            | LangError::Arity { column, .. }
            | LangError::DivisionByZero { column, .. } => Some(*column),
            LangError::TooLong { .. } => None,
        }
    }

    /// The limit that stopped the computation, if one did: raising it may let it finish.
    pub fn limit_hint(&self) -> Option<crate::engine::Limit> {
        match self {
            LangError::Limit { source, .. } => source.limit_hint(),
            _ => None,
        }
    }
}

/// A store's error in the words of an evaluation (the store's own speak of a search).
/// What to do about a name without a value: bind it, or, for ω, write it as the language does.
fn unbound_hint(name: &str) -> String {
    if syntax::OMEGA.contains(&name) {
        "the ordinal ω is written ordinal(w), and its nimber *w".to_string()
    } else {
        format!("bind it first with let {name} = ...")
    }
}

fn limit_words(error: &SearchError) -> String {
    match error {
        SearchError::OutOfMemory { limit } => format!(
            "the computation needs more than {} of memory; ask for less or raise the limit",
            show_bytes(*limit)
        ),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_and_calls_in_the_nim_field() {
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
        assert_eq!(
            eval_nimber("^").unwrap_err().to_string(),
            "column 1: the expression is ^, not a nimber"
        );
    }

    #[test]
    fn comparisons_follow_the_game_order() {
        let truth = |text: &str| match eval(text).as_deref() {
            Ok("true") => true,
            Ok("false") => false,
            other => panic!("{text}: {other:?}"),
        };
        assert!(truth("*3 + *5 == *6"));
        assert!(truth("*1 <> *2"));
        assert!(!truth("*1 <= *2"));
        assert!(truth("0 <= 0"));
        assert!(!truth("*2 < *2"));
        assert!(truth("*1 <| *2") && truth("*1 |> *2"));
        assert!(!truth("*2 <| *2") && !truth("*2 |> *2"));
        assert!(truth("*1 != *2") && !truth("*1 != *1"));
        // Partizan order: ^ > 0, ^* <> 0, 1/2 < 1, {1 | 0} <> 1/2, -1 < {1|0} < 2.
        assert!(truth("^ > 0") && truth("^ >= 0") && !truth("^ <= 0"));
        assert!(truth("^* <> 0") && truth("^* <| 0") && truth("^* |> 0"));
        assert!(truth("1/2 < 1") && truth("1/2 <| 1") && !truth("1/2 |> 1"));
        assert!(truth("{1 | 0} <> 1/2") && truth("-1 < {1|0}") && truth("{1|0} < 2"));
        assert!(truth("{^ | v} == *") && truth("{0 | *} == ^"));
    }

    #[test]
    fn errors_name_the_problem() {
        let message = |text: &str| eval(text).unwrap_err().to_string();
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
            message("foo(1)"),
            "column 1: unknown function 'foo'; the functions are nimsum, nimprod, nimdiv, \
             nimpow, niminv, nimsqrt, Tiny and Miny"
        );
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
        assert!(matches!(
            eval("Tiny()"),
            Err(LangError::Arity { found: 0, .. })
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
            message("^9223372036854775808"),
            "column 1: 9223372036854775808 is too large; counts of ups go up to 2^63 − 1"
        );
        assert_eq!(
            message("a + *1"),
            "column 1: 'a' has no value; bind it first with let a = ..."
        );
        assert_eq!(
            message("(*1 == *1) + *1"),
            "column 5: a sum needs short games, but this is the truth value true"
        );
        assert_eq!(
            message("{0 | 1 == 1}"),
            "column 8: a game's option needs short games, but this is the truth value true"
        );
    }

    #[test]
    fn methods_are_called_in_any_case() {
        assert_eq!(eval("(1/2).IsNumber").as_deref(), Ok("true"));
        assert_eq!(eval("{1|0}.isnumber()").as_deref(), Ok("false"));
        assert_eq!(eval("*7.IsNimber").as_deref(), Ok("true"));
        assert_eq!(eval("(3 + 0).isInteger").as_deref(), Ok("true"));
        assert_eq!(eval("(1/2^*).IsNumberUpStar").as_deref(), Ok("true"));
        assert_eq!(eval("1.OrdinalSum(-1)").as_deref(), Ok("1/2"));
        assert_eq!(eval("{3|-1}.cool(1)").as_deref(), Ok("{2|0}"));
        assert_eq!(eval("{3|-1}.temperature").as_deref(), Ok("2"));
        assert_eq!(eval("{2|-1/2}.LeftStop").as_deref(), Ok("2"));
        assert_eq!(eval("(^ + {2|0}).Mean").as_deref(), Ok("1"));
        assert_eq!(
            eval("{3|-1}.AtomicWeight").unwrap_err().to_string(),
            "column 7: .AtomicWeight: the atomic weight is defined for infinitesimals (both \
             stops 0), and this game's stops are 3 and -1"
        );
        assert_eq!(
            eval("{1|0}.Cool(*)").unwrap_err().to_string(),
            "column 12: .Cool: must be a number"
        );
        assert!(eval("^.frobnicate")
            .unwrap_err()
            .to_string()
            .starts_with("column 2: unknown method '.frobnicate'; the methods are IsNumber, "));
        assert!(matches!(
            eval("^.OrdinalSum"),
            Err(LangError::Arity { found: 0, .. })
        ));
        assert!(matches!(
            eval("(1 == 1).IsNumber"),
            Err(LangError::Type { column: 4, .. })
        ));
    }

    #[test]
    fn bindings_last_across_lines() {
        let mut env = Env::new();
        let a = env.run("let a = *3").unwrap().unwrap();
        assert_eq!(env.show(&a).unwrap(), "*3");
        let sum = env.run("a + *5").unwrap().unwrap();
        assert_eq!(env.show(&sum).unwrap(), "*6");
        let b = env.run("let b = nimprod(a, a)").unwrap().unwrap();
        assert_eq!(env.show(&b).unwrap(), "*2");
        assert_eq!(env.run("   "), Ok(None));
        assert_eq!(env.run("a == b"), Ok(Some(Value::Bool(false))));
        assert_eq!(env.get("b"), Some(b));
        assert_eq!(env.show(&Value::Bool(true)).unwrap(), "true");
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
    fn the_store_limit_is_an_error() {
        let mut env = Env::with_store(crate::short::Store::new(1 << 20));
        let error = env.run("*1000000 + {*1000000 | 0}").unwrap_err();
        assert!(matches!(
            error,
            LangError::Limit {
                source: SearchError::OutOfMemory { .. },
                ..
            }
        ));
        assert!(error
            .to_string()
            .contains("needs more than 1 MiB of memory"));
        // The session goes on.
        assert_eq!(env.run("0"), Ok(Some(Value::Game(env.store().zero()))));
    }
}
