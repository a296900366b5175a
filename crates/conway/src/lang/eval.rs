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

use super::syntax::{parse, Expr, ExprKind, Op, Statement};
use super::token::{abbreviate, Comparison};
use super::{show_nimber, LangError};
use crate::nimber::{nim_div_u128, nim_inv_u128, nim_mul_u128, nim_pow_u128, nim_sqrt_u128};
use num_bigint::BigUint;
use std::collections::HashMap;
use std::fmt;

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
    ///
    /// The walk keeps its own stack of tasks rather than recursing, so no tree, however deep,
    /// can exhaust the thread's stack here (the parser bounds the depth of the trees it builds
    /// anyway; see [`MAX_DEPTH`](super::MAX_DEPTH)).
    pub fn eval(&self, expr: &Expr) -> Result<Value, LangError> {
        let mut tasks = vec![Task::Visit(expr, false)];
        let mut values: Vec<Value> = Vec::new();
        while let Some(task) = tasks.pop() {
            match task {
                Task::Visit(expr, field) => self.visit(expr, field, &mut tasks, &mut values)?,
                Task::Finish(expr) => {
                    let value = finish(expr, &mut values)?;
                    values.push(value);
                }
            }
        }
        Ok(values.pop().expect("the walk leaves one value"))
    }

    /// Evaluates a leaf, or schedules the children of a node and then the node itself.
    fn visit<'a>(
        &self,
        expr: &'a Expr,
        field: bool,
        tasks: &mut Vec<Task<'a>>,
        values: &mut Vec<Value>,
    ) -> Result<(), LangError> {
        let mut schedule = |children: &mut dyn DoubleEndedIterator<Item = &'a Expr>, field| {
            tasks.push(Task::Finish(expr));
            tasks.extend(children.rev().map(|child| Task::Visit(child, field)));
        };
        match &expr.kind {
            ExprKind::Literal(parts) => schedule(&mut parts.iter(), field),
            ExprKind::Negate(inner) => schedule(&mut std::iter::once(&**inner), field),
            ExprKind::Chain { first, rest } => {
                if let Some((op, column, _)) = rest
                    .iter()
                    .find(|(op, _, _)| !matches!(op, Op::Add | Op::Subtract))
                {
                    return Err(unsupported_operator(*op, *column));
                }
                let mut operands = std::iter::once(&**first).chain(rest.iter().map(|r| &r.2));
                schedule(&mut operands, field)
            }
            ExprKind::Compare { left, right, .. } => {
                schedule(&mut [&**left, &**right].into_iter(), field)
            }
            ExprKind::Call { name, args } => {
                check_function(name, expr.column)?;
                if name == "nimpow" {
                    // The exponent is an integer, read when the base is known.
                    if args.len() != 2 {
                        return Err(arity(name, expr.column, "2", args.len()));
                    }
                    schedule(&mut args[..1].iter(), true)
                } else {
                    // Inside a call bare numbers are field elements.
                    schedule(&mut args.iter(), true)
                }
            }
            ExprKind::Name(name) => values.push(self.get(name).ok_or_else(|| unknown_name(expr))?),
            _ => values.push(leaf(expr, field)?),
        }
        Ok(())
    }
}

/// A step of the evaluator's walk.
enum Task<'a> {
    /// Evaluate this expression; the flag says whether bare numbers are field elements.
    Visit(&'a Expr, bool),
    /// Combine the values of this expression's children, which are on top of the stack.
    Finish(&'a Expr),
}

/// Takes the values of `children` (in order) off the top of the stack, as nimbers.
fn nimbers<'a>(
    values: &mut Vec<Value>,
    children: impl ExactSizeIterator<Item = &'a Expr>,
    user: Need,
) -> Result<Vec<(u128, &'a Expr)>, LangError> {
    let taken = values.split_off(values.len() - children.len());
    taken
        .into_iter()
        .zip(children)
        .map(|(value, child)| Ok((need_nimber(value, child, user)?, child)))
        .collect()
}

/// The value of a node whose children's values are on top of the stack.
fn finish(expr: &Expr, values: &mut Vec<Value>) -> Result<Value, LangError> {
    let xor = |parts: Vec<(u128, &Expr)>| parts.iter().fold(0, |sum, &(n, _)| sum ^ n);
    Ok(Value::Nimber(match &expr.kind {
        ExprKind::Literal(parts) => xor(nimbers(values, parts.iter(), Need::Sum)?),
        // -*n = *n.
        ExprKind::Negate(inner) => xor(nimbers(values, std::iter::once(&**inner), Need::Negation)?),
        ExprKind::Chain { first, rest } => {
            let mut operands = vec![&**first];
            operands.extend(rest.iter().map(|r| &r.2));
            xor(nimbers(values, operands.into_iter(), Need::Sum)?)
        }
        ExprKind::Compare { op, left, right } => {
            let sides = nimbers(values, [&**left, &**right].into_iter(), Need::Compare(*op))?;
            return Ok(Value::Bool(compare(*op, sides[0].0, sides[1].0)));
        }
        ExprKind::Call { name, args } if name == "nimpow" => {
            let base = nimbers(values, args[..1].iter(), Need::Call(name))?;
            nim_pow_u128(base[0].0, exponent(&args[1])?)
        }
        ExprKind::Call { name, args } => {
            let args = nimbers(values, args.iter(), Need::Call(name))?;
            apply(name, expr.column, &args)?
        }
        _ => unreachable!("only nodes with children are finished"),
    }))
}

/// What needs a nimber, for the message when it gets a truth value.
#[derive(Clone, Copy)]
enum Need<'a> {
    Sum,
    Negation,
    Compare(Comparison),
    Call(&'a str),
}

/// The nimber a value is, or an error saying who needed one.
fn need_nimber(value: Value, expr: &Expr, user: Need) -> Result<u128, LangError> {
    match value {
        Value::Nimber(n) => Ok(n),
        Value::Bool(b) => Err(not_a_nimber(expr, user, b)),
    }
}

#[cold]
fn not_a_nimber(expr: &Expr, user: Need, b: bool) -> LangError {
    let user = match user {
        Need::Sum => "a sum".to_string(),
        Need::Negation => "negation".to_string(),
        Need::Compare(op) => format!("'{}'", op.symbol()),
        Need::Call(name) => name.to_string(),
    };
    LangError::Type {
        column: expr.column,
        message: format!("{user} needs nimbers, but this is the truth value {b}"),
    }
}

#[cold]
fn unknown_name(expr: &Expr) -> LangError {
    let name = match &expr.kind {
        ExprKind::Name(name) => name.clone(),
        _ => String::new(),
    };
    LangError::UnknownName {
        column: expr.column,
        name,
    }
}

#[cold]
fn unsupported_operator(op: Op, column: usize) -> LangError {
    unsupported(
        column,
        match op {
            Op::PlusMinus => "a ± b is a + ±b, a partizan value, which is not supported yet",
            Op::Multiply => {
                "multiplication of games (G * H) is not supported yet; for the nim-product \
                 write nimprod(a, b)"
            }
            _ => "the ordinal sum G : H is not supported yet",
        }
        .to_string(),
    )
}

fn check_function(name: &str, column: usize) -> Result<(), LangError> {
    if FUNCTIONS.contains(&name) {
        Ok(())
    } else {
        Err(LangError::UnknownFunction {
            column,
            name: name.to_string(),
        })
    }
}

/// The value of an expression without subexpressions to evaluate (or one refused outright).
fn leaf(expr: &Expr, field: bool) -> Result<Value, LangError> {
    let column = expr.column;
    match &expr.kind {
        ExprKind::Nimber(None) => Ok(Value::Nimber(1)),
        ExprKind::Nimber(Some(digits)) => {
            parse_u128(digits, column, &format!("*{digits}"), "nimbers").map(Value::Nimber)
        }
        ExprKind::Integer(digits) if field => {
            parse_u128(digits, column, digits, "field elements").map(Value::Nimber)
        }
        ExprKind::Integer(digits) if digits.bytes().all(|b| b == b'0') => Ok(Value::Nimber(0)),
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
        ExprKind::Method { name, .. } => Err(unsupported(
            column,
            format!("methods such as .{name} are not supported yet"),
        )),
        _ => Err(unsupported(
            column,
            format!(
                "{} is a partizan value, which is not supported yet: integers, numbers, ups and \
                 game literals {{L | R}} will come with partizan games",
                expr.describe()
            ),
        )),
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
