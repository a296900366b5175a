//! The evaluator. For now its values are the nim field and the truth values of comparisons;
//! every partizan construct parses and is then refused with a message naming it.
//!
//! - `*n` is the nimber `n`, for `n` up to 2^128 − 1. A bare number outside a call is an
//!   integer game, which is partizan, with one exception: `0` is the game 0, which is `*0`.
//! - Inside a call a bare number is a field element (`nimprod(8, 8)`), as are the numbers of
//!   sums and parentheses inside it; the exponent of `nimpow` is an integer.
//! - `+` and `-` are both nim-sum, and `-G = G` for a nimber.
//! - Comparisons follow the game order: `G <= H` iff `H - G >= 0`. Between nimbers `H - G` is
//!   the nimber `*(g ⊕ h)`, and a nonzero nimber is confused with 0, so `<=`, `>=` and `==`
//!   hold exactly for equal nimbers, `<` and `>` never, and `!=`, `<>`, `<|` and `|>` exactly
//!   for unequal ones. Every operator is derived from `<=` below, not listed by hand.

use super::syntax::{parse, Expr, ExprKind, Op, Statement, MAX_DEPTH};
use super::token::{abbreviate, Comparison};
use super::{show_nimber, LangError};
use crate::nimber::{nim_div_u128, nim_inv_u128, nim_mul_u128, nim_pow_u128, nim_sqrt_u128};
use num_bigint::BigUint;
use std::collections::HashMap;
use std::fmt;

/// How deep a tree the evaluator walks. The parser nests at most [`MAX_DEPTH`] levels and a
/// level holds at most five nodes, so every parsed tree fits; a deeper tree built by hand is
/// refused rather than allowed to exhaust the stack.
pub const MAX_EVAL_DEPTH: usize = 8 * MAX_DEPTH;

/// The value of an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Value {
    /// An element of the nim field: the nimber `*n`.
    Nimber(u128),
    /// The answer to a comparison.
    Bool(bool),
}

impl fmt::Display for Value {
    /// `0`, `*`, `*6`, `true`, `false`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nimber(n) => f.write_str(&show_nimber(*n)),
            Value::Bool(b) => write!(f, "{b}"),
        }
    }
}

/// The names bound by `let`, kept from line to line (what a read–eval–print loop holds).
#[derive(Clone, Debug, Default)]
pub struct Env {
    names: HashMap<String, Value>,
}

impl Env {
    /// An environment without names.
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs one line: `let name = expr` binds the name and returns the bound value (so a loop
    /// can echo it); an expression returns its value. A blank line returns `None`.
    pub fn run(&mut self, line: &str) -> Result<Option<Value>, LangError> {
        if line.trim().is_empty() {
            return Ok(None);
        }
        match parse(line)? {
            Statement::Let { name, value, .. } => {
                let value = self.eval(&value)?;
                self.names.insert(name, value);
                Ok(Some(value))
            }
            Statement::Expr(expr) => self.eval(&expr).map(Some),
        }
    }

    /// The value bound to a name.
    pub fn get(&self, name: &str) -> Option<Value> {
        self.names.get(name).copied()
    }

    /// Evaluates a parsed expression with these bindings.
    pub fn eval(&self, expr: &Expr) -> Result<Value, LangError> {
        self.value(expr, false, 0)
    }

    /// The value of `expr`; `field` says whether bare numbers are field elements here (inside
    /// a call), `depth` how many nodes enclose it.
    fn value(&self, expr: &Expr, field: bool, depth: usize) -> Result<Value, LangError> {
        if depth > MAX_EVAL_DEPTH {
            return Err(LangError::TooDeep {
                column: expr.column,
                limit: MAX_EVAL_DEPTH,
            });
        }
        let column = expr.column;
        let nimber = |n| Ok(Value::Nimber(n));
        match &expr.kind {
            ExprKind::Nimber(None) => nimber(1),
            ExprKind::Nimber(Some(digits)) => nimber(parse_u128(
                digits,
                column,
                &format!("*{digits}"),
                "nimbers",
            )?),
            ExprKind::Integer(digits) if field => {
                nimber(parse_u128(digits, column, digits, "field elements")?)
            }
            ExprKind::Integer(digits) if digits.bytes().all(|b| b == b'0') => nimber(0),
            ExprKind::Integer(digits) => Err(unsupported(
                column,
                format!(
                    "the integer {0} is a partizan value, which is not supported yet; write *{0} \
                     for the nimber",
                    abbreviate(digits)
                ),
            )),
            ExprKind::Fraction {
                numerator,
                denominator,
            } => Err(fraction(numerator, denominator, column)),
            ExprKind::Ups { .. } | ExprKind::Game { .. } | ExprKind::PlusMinus(_) => {
                Err(unsupported(
                    column,
                    format!(
                        "{} is a partizan value, which is not supported yet: integers, numbers, \
                         ups and game literals {{L | R}} will come with partizan games",
                        expr.describe()
                    ),
                ))
            }
            ExprKind::Method { name, .. } => Err(unsupported(
                column,
                format!("methods such as .{name} are not supported yet"),
            )),
            ExprKind::Literal(parts) => {
                let mut sum = 0;
                for part in parts {
                    sum ^= self.nimber(part, field, depth + 1, "a sum")?;
                }
                nimber(sum)
            }
            ExprKind::Name(name) => self.get(name).ok_or_else(|| LangError::UnknownName {
                column,
                name: name.clone(),
            }),
            ExprKind::Call { name, args } => {
                if !FUNCTIONS.contains(&name.as_str()) {
                    return Err(LangError::UnknownFunction {
                        column,
                        name: name.clone(),
                    });
                }
                let args: Vec<(u128, &Expr)> = match name.as_str() {
                    "nimpow" => {
                        // The exponent is an integer, not a field element.
                        let Some(base) = args.first() else {
                            return Err(arity(name, column, "2", 0));
                        };
                        let base = self.nimber(base, true, depth + 1, "nimpow")?;
                        if args.len() != 2 {
                            return Err(arity(name, column, "2", args.len()));
                        }
                        let exponent = exponent(&args[1])?;
                        return nimber(nim_pow_u128(base, exponent));
                    }
                    _ => args
                        .iter()
                        .map(|a| Ok((self.nimber(a, true, depth + 1, name)?, a)))
                        .collect::<Result<_, LangError>>()?,
                };
                apply(name, column, &args).map(Value::Nimber)
            }
            ExprKind::Negate(inner) => {
                // -*n = *n.
                nimber(self.nimber(inner, field, depth + 1, "negation")?)
            }
            ExprKind::Chain { first, rest } => {
                let mut sum = self.nimber(first, field, depth + 1, "a sum")?;
                for (op, op_column, operand) in rest {
                    match op {
                        Op::Add | Op::Subtract => {
                            sum ^= self.nimber(operand, field, depth + 1, "a sum")?;
                        }
                        Op::PlusMinus => {
                            return Err(unsupported(
                                *op_column,
                                "a ± b is a + ±b, a partizan value, which is not supported yet"
                                    .to_string(),
                            ))
                        }
                        Op::Multiply => {
                            return Err(unsupported(
                                *op_column,
                                "multiplication of games (G * H) is not supported yet; for the \
                                 nim-product write nimprod(a, b)"
                                    .to_string(),
                            ))
                        }
                        Op::OrdinalSum => {
                            return Err(unsupported(
                                *op_column,
                                "the ordinal sum G : H is not supported yet".to_string(),
                            ))
                        }
                    }
                }
                nimber(sum)
            }
            ExprKind::Compare { op, left, right } => {
                let what = format!("'{}'", op.symbol());
                let g = self.nimber(left, field, depth + 1, &what)?;
                let h = self.nimber(right, field, depth + 1, &what)?;
                Ok(Value::Bool(compare(*op, g, h)))
            }
        }
    }

    /// The value of `expr`, which `user` needs to be a nimber.
    fn nimber(
        &self,
        expr: &Expr,
        field: bool,
        depth: usize,
        user: &str,
    ) -> Result<u128, LangError> {
        match self.value(expr, field, depth)? {
            Value::Nimber(n) => Ok(n),
            Value::Bool(b) => Err(LangError::Type {
                column: expr.column,
                message: format!("{user} needs nimbers, but this is the truth value {b}"),
            }),
        }
    }
}

/// Evaluates one line without keeping bindings: an expression, or a `let` whose bound value is
/// returned.
pub fn eval(text: &str) -> Result<Value, LangError> {
    Env::new().run(text)?.ok_or_else(|| LangError::Syntax {
        column: 1,
        message: "the expression is empty".to_string(),
    })
}

/// Evaluates an expression that must be a nimber (an element of the nim field).
pub fn eval_nimber(text: &str) -> Result<u128, LangError> {
    match eval(text)? {
        Value::Nimber(n) => Ok(n),
        Value::Bool(b) => Err(LangError::Type {
            column: 1,
            message: format!("the expression is the truth value {b}, not a nimber"),
        }),
    }
}

/// Whether `*g <= *h`: `*h - *g = *(g ⊕ h) >= 0`, and the only nimber `>= 0` is 0.
fn nimber_leq(g: u128, h: u128) -> bool {
    g ^ h == 0
}

/// A comparison between two nimbers, every operator from `<=`.
fn compare(op: Comparison, g: u128, h: u128) -> bool {
    let leq = nimber_leq(g, h);
    let geq = nimber_leq(h, g);
    match op {
        Comparison::LessOrEqual => leq,
        Comparison::GreaterOrEqual => geq,
        Comparison::Less => leq && !geq,
        Comparison::Greater => geq && !leq,
        Comparison::Equal => leq && geq,
        Comparison::NotEqual => !(leq && geq),
        Comparison::Confused => !leq && !geq,
        Comparison::LessOrConfused => !geq,
        Comparison::GreaterOrConfused => !leq,
    }
}

fn unsupported(column: usize, message: String) -> LangError {
    LangError::Unsupported { column, message }
}

fn arity(function: &str, column: usize, expected: &'static str, found: usize) -> LangError {
    LangError::Arity {
        column,
        function: function.to_string(),
        expected,
        found,
    }
}

/// Digits as a `u128`, or an error naming the number (as `shown`) and the limit.
fn parse_u128(
    digits: &str,
    column: usize,
    shown: &str,
    what: &'static str,
) -> Result<u128, LangError> {
    digits.parse().map_err(|_| LangError::TooLarge {
        column,
        number: abbreviate(shown),
        what,
    })
}

/// The exponent of `nimpow`: an integer, written as digits (possibly in parentheses).
fn exponent(expr: &Expr) -> Result<u128, LangError> {
    match &expr.kind {
        ExprKind::Integer(digits) => parse_u128(digits, expr.column, digits, "exponents"),
        ExprKind::Nimber(Some(digits)) => Err(LangError::Type {
            column: expr.column,
            message: format!(
                "the exponent of nimpow is an integer: write {}, not *{}",
                abbreviate(digits),
                abbreviate(digits)
            ),
        }),
        _ => Err(LangError::Type {
            column: expr.column,
            message: "the exponent of nimpow is an integer written in digits, such as 3"
                .to_string(),
        }),
    }
}

/// Why a fraction has no value yet: it is not dyadic, or it is a number (partizan).
fn fraction(numerator: &str, denominator: &str, column: usize) -> LangError {
    let shown = format!("{}/{}", abbreviate(numerator), abbreviate(denominator));
    let top: BigUint = numerator.parse().expect("digits");
    let bottom: BigUint = denominator.parse().expect("digits");
    if bottom.bits() == 0 {
        return LangError::Syntax {
            column,
            message: format!("{shown} has 0 below the line"),
        };
    }
    // a/b is dyadic iff the odd part of b divides a.
    let odd = &bottom >> bottom.trailing_zeros().unwrap_or(0);
    if top % odd != BigUint::from(0u8) {
        return LangError::Unsupported {
            column,
            message: format!(
                "{shown} is not a dyadic rational: the numbers of short games have a power of 2 \
                 below the line"
            ),
        };
    }
    LangError::Unsupported {
        column,
        message: format!(
            "the number {shown} is a partizan value, which is not supported yet: integers, \
             numbers, ups and game literals {{L | R}} will come with partizan games"
        ),
    }
}

/// The functions of the nim field.
const FUNCTIONS: [&str; 6] = ["nimsum", "nimprod", "nimdiv", "nimpow", "niminv", "nimsqrt"];

/// Applies a function of the nim field to its arguments (each with its expression, for
/// columns).
fn apply(name: &str, column: usize, args: &[(u128, &Expr)]) -> Result<u128, LangError> {
    let check = |expected: &'static str, ok: bool| {
        if ok {
            Ok(())
        } else {
            Err(arity(name, column, expected, args.len()))
        }
    };
    let zero_divisor = |at: &Expr| LangError::DivisionByZero {
        column: at.column,
        function: name.to_string(),
    };
    match name {
        "nimsum" => {
            check("at least 1", !args.is_empty())?;
            Ok(args.iter().fold(0, |sum, &(a, _)| sum ^ a))
        }
        "nimprod" => {
            check("at least 1", !args.is_empty())?;
            Ok(args
                .iter()
                .fold(1, |product, &(a, _)| nim_mul_u128(product, a)))
        }
        "nimdiv" => {
            check("2", args.len() == 2)?;
            nim_div_u128(args[0].0, args[1].0).ok_or_else(|| zero_divisor(args[1].1))
        }
        "niminv" => {
            check("1", args.len() == 1)?;
            nim_inv_u128(args[0].0).ok_or_else(|| zero_divisor(args[0].1))
        }
        "nimsqrt" => {
            check("1", args.len() == 1)?;
            Ok(nim_sqrt_u128(args[0].0))
        }
        _ => Err(LangError::UnknownFunction {
            column,
            name: name.to_string(),
        }),
    }
}
