//! Loopy games in the language, in CGSuite's notation: `pass` (a move to the position whose
//! option it is), positions named where they stand and returned to by name (`a{0|{*|a}}`), the
//! named values (`on`, `off`, `over`, `under`, `upon`, `dud`, `tis`, `tisn`), `s & t` (the
//! value with onside `s` and offside `t`), and sums, negatives and comparisons of them with
//! each other and with short games. A value whose sides are one short game is that game.

use super::eval::limit;
use super::syntax::{Expr, ExprKind, Op};
use super::token::Comparison;
use super::{LangError, Value};
use crate::engine::Meter;
use crate::loopy::{self, LoopyError, LoopyGame, Sided, Stopper};
use crate::short::Store;

/// The value of a name that `let` has not bound, if it names a loopy value.
pub(super) fn named(name: &str) -> Option<Value> {
    loopy::named(name).map(Value::Loopy)
}

/// A meter for one operation, held to the limits of the session's store and stopped by its
/// interrupt (Ctrl-C in `repl`).
fn meter(store: &Store) -> Meter {
    Meter::new(store.limits()).with_interrupt(store.interrupt())
}

/// Whether a game literal needs the loopy path: `pass` or a named position in it.
pub(super) fn mentions_loops(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Pass | ExprKind::Labelled { .. } => true,
        ExprKind::Game { left, right } => left.iter().chain(right).any(mentions_loops),
        _ => false,
    }
}

/// Whether a value is a loopy one.
pub(super) fn is_loopy(value: &Value) -> bool {
    matches!(value, Value::Loopy(_))
}

/// Builds the graph of a loopy game literal: one vertex per pair of braces, `pass` and names
/// of enclosing positions as moves back, and other options (any expression) evaluated and
/// copied in.
pub(super) struct Builder<'s> {
    store: &'s mut Store,
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    labels: Vec<(String, u32)>,
}

/// Evaluates an option that is neither braces, `pass` nor a name of a position.
pub(super) type Evaluate<'e> = dyn FnMut(&Expr, &mut Store) -> Result<Value, LangError> + 'e;

impl<'s> Builder<'s> {
    /// The value of the game literal `expr` (braces or a named position).
    pub(super) fn literal(
        store: &'s mut Store,
        expr: &Expr,
        evaluate: &mut Evaluate,
    ) -> Result<Value, LangError> {
        let mut builder = Builder::new(store);
        builder.position(expr, evaluate)?;
        builder.finish(expr.column)
    }

    /// The game `{lefts | rights}` whose options are values, some loopy.
    pub(super) fn from_options(
        store: &'s mut Store,
        lefts: &[Value],
        rights: &[Value],
        column: usize,
    ) -> Result<Value, LangError> {
        let mut builder = Builder::new(store);
        builder.vertex();
        for (values, left) in [(lefts, true), (rights, false)] {
            for value in values {
                let w = builder.embed(value, column)?;
                builder.add(0, left, w);
            }
        }
        builder.finish(column)
    }

    fn new(store: &'s mut Store) -> Self {
        Builder {
            store,
            left: Vec::new(),
            right: Vec::new(),
            labels: Vec::new(),
        }
    }

    fn vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.left.len() as u32 - 1
    }

    fn add(&mut self, v: u32, left: bool, w: u32) {
        let lists = if left {
            &mut self.left
        } else {
            &mut self.right
        };
        lists[v as usize].push(w);
    }

    fn position(&mut self, expr: &Expr, evaluate: &mut Evaluate) -> Result<u32, LangError> {
        let (label, game) = match &expr.kind {
            ExprKind::Labelled { label, game } => (Some(label), &**game),
            _ => (None, expr),
        };
        let ExprKind::Game { left, right } = &game.kind else {
            return Err(LangError::Syntax {
                column: game.column,
                message: "a named position is a game in braces with a bar: a{0 | a}".into(),
            });
        };
        let v = self.vertex();
        if let Some(label) = label {
            self.labels.push((label.clone(), v));
        }
        for (options, is_left) in [(left, true), (right, false)] {
            for option in options {
                let w = self.option(option, v, evaluate)?;
                self.add(v, is_left, w);
            }
        }
        if label.is_some() {
            self.labels.pop();
        }
        Ok(v)
    }

    fn option(&mut self, expr: &Expr, v: u32, evaluate: &mut Evaluate) -> Result<u32, LangError> {
        match &expr.kind {
            ExprKind::Pass => Ok(v),
            ExprKind::Name(name) => match self.labels.iter().rev().find(|(l, _)| l == name) {
                Some(&(_, w)) => Ok(w),
                None => {
                    let value = evaluate(expr, self.store)?;
                    self.embed(&value, expr.column)
                }
            },
            // Braces inside a named position may name it deeper down.
            ExprKind::Game { .. } | ExprKind::Labelled { .. }
                if mentions_loops(expr) || !self.labels.is_empty() =>
            {
                self.position(expr, evaluate)
            }
            _ => {
                let value = evaluate(expr, self.store)?;
                self.embed(&value, expr.column)
            }
        }
    }

    /// Copies the graph of a value in; its root's vertex.
    fn embed(&mut self, value: &Value, column: usize) -> Result<u32, LangError> {
        let graph = match value {
            Value::Game(game) => {
                let mut meter = meter(self.store);
                LoopyGame::from_short(self.store, *game, &mut meter)
                    .map_err(|e| limit(column, e))?
            }
            Value::Loopy(sided) => match sided.as_stopper(&mut meter(self.store)) {
                Some(stopper) => stopper.graph().clone(),
                None => return Err(two_sides_as_option(column)),
            },
            other => {
                return Err(LangError::Type {
                    column,
                    message: format!(
                        "a game's option needs a game, but this is {}",
                        super::transfinite::describe_other(other)
                    ),
                })
            }
        };
        let offset = self.left.len() as u32;
        for v in 0..graph.len() as u32 {
            let shift = |list: &[u32]| list.iter().map(|w| w + offset).collect::<Vec<_>>();
            self.left.push(shift(graph.left_options(v)));
            self.right.push(shift(graph.right_options(v)));
        }
        Ok(offset)
    }

    fn finish(self, column: usize) -> Result<Value, LangError> {
        let game = LoopyGame::new(self.left, self.right).map_err(|e| error(column, e))?;
        let sided = Sided::of(&game, &mut meter(self.store)).map_err(|e| error(column, e))?;
        value_of(self.store, sided, column)
    }
}

/// The value `sided`: a short game where it is one.
pub(super) fn value_of(store: &mut Store, sided: Sided, column: usize) -> Result<Value, LangError> {
    let short = match sided.as_stopper(&mut meter(store)) {
        Some(stopper) => stopper.to_short(store).map_err(|e| limit(column, e))?,
        None => None,
    };
    Ok(short.map_or(Value::Loopy(sided), Value::Game))
}

/// A value as a loopy value: a short game is a stopper.
fn sided(store: &mut Store, value: &Value, expr: &Expr) -> Result<Sided, LangError> {
    match value {
        Value::Game(game) => Stopper::from_short(store, *game, &mut meter(store))
            .map(Sided::stopper)
            .map_err(|e| limit(expr.column, e)),
        Value::Loopy(sided) => Ok(sided.clone()),
        other => Err(LangError::Type {
            column: expr.column,
            message: format!(
                "loopy games add and compare with games, but this is {}",
                super::transfinite::describe_other(other)
            ),
        }),
    }
}

/// `-G`.
pub(super) fn negate(store: &mut Store, value: &Value, column: usize) -> Result<Value, LangError> {
    match value {
        Value::Loopy(sided) => value_of(store, sided.neg(), column),
        _ => unreachable!("only loopy values are negated here"),
    }
}

/// `first op x op y ...` where an operand is loopy: sums and differences only.
pub(super) fn chain(
    store: &mut Store,
    first: &Expr,
    rest: &[(Op, usize, Expr)],
    operands: Vec<Value>,
) -> Result<Value, LangError> {
    let mut operands = operands.into_iter();
    let mut total = sided(store, &operands.next().expect("a first operand"), first)?;
    for ((op, column, expr), value) in rest.iter().zip(operands) {
        let term = sided(store, &value, expr)?;
        let term = match op {
            Op::Add => term,
            Op::Subtract => term.neg(),
            _ => {
                return Err(LangError::Type {
                    column: *column,
                    message: "loopy games add and subtract; products, ordinal sums and ± of \
                              them are not defined"
                        .into(),
                })
            }
        };
        total = total
            .add(&term, &mut meter(store))
            .map_err(|e| error(*column, e))?;
    }
    value_of(store, total, first.column)
}

/// A comparison where a side is loopy.
pub(super) fn compare(
    store: &mut Store,
    op: Comparison,
    [(a, left), (b, right)]: [(Value, &Expr); 2],
) -> Result<bool, LangError> {
    let (a, b) = (sided(store, &a, left)?, sided(store, &b, right)?);
    let relation = a
        .relation(&b, &mut meter(store))
        .map_err(|e| error(left.column, e))?;
    Ok(op.holds(relation.leq, relation.geq))
}

/// `s & t`.
pub(super) fn sides(
    store: &mut Store,
    (onside, on_expr): (Value, &Expr),
    (offside, off_expr): (Value, &Expr),
    column: usize,
) -> Result<Value, LangError> {
    let mut stopper = |value: &Value, expr: &Expr| -> Result<Stopper, LangError> {
        let sided = sided(store, value, expr)?;
        sided
            .as_stopper(&mut meter(store))
            .cloned()
            .ok_or_else(|| LangError::Type {
                column: expr.column,
                message: "each side of s & t is a stopper, but this value has two sides".into(),
            })
    };
    let (s, t) = (stopper(&onside, on_expr)?, stopper(&offside, off_expr)?);
    let sided = Sided::new(s, t, &mut meter(store)).map_err(|e| error(column, e))?;
    value_of(store, sided, column)
}

#[cold]
fn two_sides_as_option(column: usize) -> LangError {
    LangError::Unsupported {
        column,
        message: "an option with two sides (s & t, dud, tis) has no graph here; write the game \
                  it comes from in braces instead"
            .into(),
    }
}

fn error(column: usize, error: LoopyError) -> LangError {
    match error {
        LoopyError::Search(source) => limit(column, source),
        LoopyError::NoSides => LangError::Unsupported {
            column,
            message: error.to_string(),
        },
        other => LangError::Type {
            column,
            message: other.to_string(),
        },
    }
}
