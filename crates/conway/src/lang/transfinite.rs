//! Ordinals and transfinite nimbers in the language.
//!
//! `ordinal(w^2*3 + 1)` is an ordinal and `*w`, `*(w + 3)` are the nimbers of ordinals, the
//! values of Nim heaps of those sizes; inside the parentheses the text is read as
//! `conway ordinal` reads it ([`Ordinal::parse`]), since there `^` is a power and not up.
//!
//! - Ordinals add and multiply as ordinals (`1 + ordinal(w)` is `w`, `2 * ordinal(w)` is `w`)
//!   and compare in their order; a non-negative integer beside an ordinal is an ordinal.
//! - Nimbers, finite or not, nim-add with `+` and `-`; the nim-field functions take them
//!   (`nimprod(*w, *w)` is `*(w^2)`, `nimpow(*w, 3)` is `*2`), computed by
//!   [`crate::ordinal::field`] below ω^(ω^ω). Two nimbers are equal or confused.
//! - A transfinite nimber is not a short game, so it does not join a game's options, a sum or
//!   a comparison with a game that is not a nimber: those are refused with the reason.
//!
//! A nimber whose ordinal is finite is the short game `*n`, so `*(3)` and `*3` are the same
//! value and every finite result goes back to the store.

use super::builtins::{self, NimError};
use super::eval::Value;
use super::syntax::{Expr, Op};
use super::token::{abbreviate, Comparison};
use super::LangError;
use crate::ordinal::field::{self, FieldError};
use crate::ordinal::Ordinal;
use crate::short::{GameId, Store};
use num_bigint::BigUint;

/// A value on the ordinal path: an ordinal, or the nimber of one.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Beyond {
    Ordinal(Ordinal),
    Nimber(Ordinal),
}

/// Whether a value is an ordinal or a transfinite nimber, whose operations are here.
pub(super) fn is_beyond(value: &Value) -> bool {
    matches!(value, Value::Ordinal(_) | Value::Transfinite(_))
}

/// `ordinal(text)` or, for `nimber`, `*(text)`; `at` is the column of the text.
pub(super) fn literal(
    store: &mut Store,
    text: &str,
    at: usize,
    nimber: bool,
) -> Result<Value, LangError> {
    let ordinal = Ordinal::parse(text).map_err(|error| LangError::Syntax {
        column: at + error.offset.unwrap_or(0),
        message: error.reason,
    })?;
    if nimber {
        nimber_value(store, ordinal, at)
    } else {
        Ok(Value::Ordinal(ordinal))
    }
}

/// The nimber `*α`: a game of the store if `α` is finite, else transfinite.
fn nimber_value(store: &mut Store, ordinal: Ordinal, column: usize) -> Result<Value, LangError> {
    let Some(n) = ordinal.to_finite() else {
        return Ok(Value::Transfinite(ordinal));
    };
    let n = u128::try_from(&n).map_err(|_| LangError::TooLarge {
        column,
        number: abbreviate(&n.to_string()),
        what: "finite nimbers",
        limit: "2^128 − 1",
    })?;
    let game = store
        .nimber(n)
        .map_err(|source| LangError::Limit { column, source })?;
    Ok(Value::Game(game))
}

/// A value back from the ordinal path.
fn value(store: &mut Store, beyond: Beyond, column: usize) -> Result<Value, LangError> {
    match beyond {
        Beyond::Ordinal(ordinal) => Ok(Value::Ordinal(ordinal)),
        Beyond::Nimber(ordinal) => nimber_value(store, ordinal, column),
    }
}

/// Which of the two kinds a chain or comparison works in: the kind of its first ordinal or
/// transfinite nimber. Games beside them are read as that kind, or refused.
fn kind_of<'a>(values: impl IntoIterator<Item = &'a Value>) -> Option<bool> {
    values.into_iter().find_map(|value| match value {
        Value::Ordinal(_) => Some(false),
        Value::Transfinite(_) => Some(true),
        _ => None,
    })
}

/// `value` as an operand of the kind `nimber` (see [`kind_of`]), for the error's words.
fn operand(
    store: &Store,
    value: Value,
    expr: &Expr,
    nimber: bool,
    user: &str,
) -> Result<Beyond, LangError> {
    let refuse = |found: String| {
        let wanted = if nimber {
            "nimbers (a transfinite nimber is not a short game, so it combines only with \
             nimbers)"
        } else {
            "ordinals and the non-negative integers (write *(...) for the nimber of an ordinal)"
        };
        LangError::Type {
            column: expr.column,
            message: format!("{user} here takes {wanted}, but this is {found}"),
        }
    };
    match (value, nimber) {
        (Value::Ordinal(ordinal), false) => Ok(Beyond::Ordinal(ordinal)),
        (Value::Transfinite(ordinal), true) => Ok(Beyond::Nimber(ordinal)),
        (Value::Game(game), true) => builtins::nimber_of(store, game)
            .map(|n| Beyond::Nimber(Ordinal::finite(n)))
            .ok_or_else(|| refuse(builtins::short_text(store, game))),
        (Value::Game(game), false) => natural(store, game)
            .map(|n| Beyond::Ordinal(Ordinal::finite(n)))
            .ok_or_else(|| refuse(builtins::short_text(store, game))),
        (other, _) => Err(refuse(describe(store, &other))),
    }
}

/// The game as a natural number, if it is one.
fn natural(store: &Store, game: GameId) -> Option<BigUint> {
    let number = store.as_number(game).filter(|x| x.is_integer())?;
    number.to_string().parse().ok()
}

/// A value as messages name it.
pub(super) fn describe(store: &Store, value: &Value) -> String {
    match value {
        Value::Game(game) => builtins::short_text(store, *game),
        other => describe_other(other),
    }
}

/// A value that is not a short game, as messages name it.
pub(super) fn describe_other(value: &Value) -> String {
    match value {
        Value::Bool(truth) => format!("the truth value {truth}"),
        Value::Ordinal(ordinal) => format!("the ordinal {}", abbreviate(&ordinal.to_string())),
        Value::Transfinite(ordinal) => format!(
            "the transfinite nimber {}",
            abbreviate(&ordinal.nimber().to_string())
        ),
        Value::Game(_) => "a short game".to_string(),
        Value::Loopy(_) => "a loopy game".to_string(),
    }
}

/// `first op x op y ...` where an operand is an ordinal or a transfinite nimber.
pub(super) fn chain(
    store: &mut Store,
    first: &Expr,
    rest: &[(Op, usize, Expr)],
    operands: Vec<Value>,
) -> Result<Value, LangError> {
    let nimber = kind_of(&operands).expect("a chain on the ordinal path has an ordinal");
    let mut operands = operands.into_iter();
    let first_value = operands.next().expect("a chain has a first operand");
    let first_op = rest.first().map_or("+", |r| symbol(r.0));
    let mut total = operand(store, first_value, first, nimber, &format!("'{first_op}'"))?;
    let mut column = first.column;
    for ((op, at, expr), next) in rest.iter().zip(operands) {
        let next = operand(store, next, expr, nimber, &format!("'{}'", symbol(*op)))?;
        total = operate(*op, total, next, *at)?;
        column = *at;
    }
    value(store, total, column)
}

fn symbol(op: Op) -> &'static str {
    match op {
        Op::Add => "+",
        Op::Subtract => "-",
        Op::PlusMinus => "+-",
        Op::Multiply => "*",
        Op::OrdinalSum => ":",
    }
}

/// `a op b` on two operands of one kind.
fn operate(op: Op, a: Beyond, b: Beyond, column: usize) -> Result<Beyond, LangError> {
    let refuse = |message: &str| LangError::Unsupported {
        column,
        message: message.to_string(),
    };
    match (op, a, b) {
        (Op::Add, Beyond::Ordinal(a), Beyond::Ordinal(b)) => Ok(Beyond::Ordinal(a.add(&b))),
        (Op::Multiply, Beyond::Ordinal(a), Beyond::Ordinal(b)) => a
            .mul(&b)
            .map(Beyond::Ordinal)
            .map_err(|e| refuse(&e.to_string())),
        (Op::Add | Op::Subtract, Beyond::Nimber(a), Beyond::Nimber(b)) => {
            Ok(Beyond::Nimber(a.nim_sum(&b)))
        }
        (Op::Multiply, Beyond::Nimber(_), _) => Err(refuse(
            "'*' does not multiply nimbers: for the nim-product write nimprod(a, b)",
        )),
        (Op::Subtract | Op::PlusMinus, Beyond::Ordinal(_), _) => Err(refuse(
            "ordinals have no subtraction or negatives: only '+' and '*' (as ordinals)",
        )),
        (Op::OrdinalSum, Beyond::Ordinal(_), _) => Err(refuse(
            "':' is the ordinal sum of short games; the sum of ordinals is '+'",
        )),
        _ => Err(refuse(
            "the transfinite nimbers nim-add with '+' and '-'; '+-' and ':' make games that \
             are not short",
        )),
    }
}

/// `-x`: a nimber is its own negative; an ordinal has none.
pub(super) fn negate(store: &mut Store, value: Value, column: usize) -> Result<Value, LangError> {
    match value {
        Value::Transfinite(ordinal) => Ok(Value::Transfinite(ordinal)),
        other => Err(LangError::Unsupported {
            column,
            message: format!("{} has no negative", describe(store, &other)),
        }),
    }
}

/// A comparison where a side is an ordinal or a transfinite nimber.
pub(super) fn compare(
    store: &Store,
    op: Comparison,
    sides: [(Value, &Expr); 2],
) -> Result<bool, LangError> {
    let nimber = kind_of(sides.iter().map(|side| &side.0)).expect("a side is beyond");
    let user = format!("'{}'", op.symbol());
    let [(a, left), (b, right)] = sides;
    let (a, b) = (
        operand(store, a, left, nimber, &user)?,
        operand(store, b, right, nimber, &user)?,
    );
    let order = match (a, b) {
        (Beyond::Ordinal(a), Beyond::Ordinal(b)) => Some(a.cmp(&b)),
        // Two nimbers are equal, or their difference *(a ⊕ b) is a first player's win.
        (Beyond::Nimber(a), Beyond::Nimber(b)) => (a == b).then_some(std::cmp::Ordering::Equal),
        _ => unreachable!("operands of one kind"),
    };
    let (leq, geq) = match order {
        Some(order) => (order.is_le(), order.is_ge()),
        None => (false, false),
    };
    Ok(op.holds(leq, geq))
}

/// A nim-field function (`known`, as the table spells it) where an argument is a transfinite
/// nimber; `exponent` is `nimpow`'s, read from the text.
pub(super) fn nim_call(
    store: &mut Store,
    known: &str,
    values: Vec<Value>,
    args: &[Expr],
    exponent: Option<u128>,
    column: usize,
) -> Result<Value, LangError> {
    let mut nimbers = Vec::with_capacity(values.len());
    for (value, arg) in values.into_iter().zip(args) {
        match operand(store, value, arg, true, known)? {
            Beyond::Nimber(ordinal) => nimbers.push(ordinal),
            Beyond::Ordinal(_) => unreachable!("operands are nimbers"),
        }
    }
    let failed = |index: usize| {
        let column = args.get(index).map_or(column, |arg| arg.column);
        move |error: FieldError| match error {
            FieldError::DivisionByZero => LangError::DivisionByZero {
                column,
                function: known.to_string(),
            },
            other => LangError::Unsupported {
                column,
                message: other.to_string(),
            },
        }
    };
    if let Some(exponent) = exponent {
        let power = field::nim_power(&nimbers[0], &BigUint::from(exponent)).map_err(failed(0))?;
        return nimber_value(store, power, column);
    }
    builtins::nim_arity(known, nimbers.len()).map_err(|error| match error {
        NimError::Arity(expected) => LangError::Arity {
            column,
            function: known.to_string(),
            expected,
            found: nimbers.len(),
        },
        NimError::ZeroDivisor(_) => unreachable!("arity only"),
    })?;
    let result = match known {
        "nimsum" => Ok(nimbers
            .iter()
            .fold(Ordinal::zero(), |sum, a| sum.nim_sum(a))),
        "nimprod" => nimbers
            .iter()
            .enumerate()
            .try_fold(Ordinal::finite(1u8), |product, (index, a)| {
                field::nim_product(&product, a).map_err(failed(index))
            }),
        "nimdiv" => field::nim_inverse(&nimbers[1])
            .map_err(failed(1))
            .and_then(|inverse| field::nim_product(&nimbers[0], &inverse).map_err(failed(0))),
        "niminv" => field::nim_inverse(&nimbers[0]).map_err(failed(0)),
        "nimsqrt" => field::nim_sqrt(&nimbers[0]).map_err(failed(0)),
        _ => unreachable!("{known} is not a nim-field function"),
    }?;
    nimber_value(store, result, column)
}
