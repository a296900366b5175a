//! The evaluator: a syntax tree to a value, with the games made in a [`Store`].
//!
//! The walk keeps its own stack of tasks rather than recursing, so no tree, however deep, can
//! exhaust the thread's stack here (the parser bounds the depth of the trees it builds anyway;
//! see [`MAX_DEPTH`](super::MAX_DEPTH)); the store's operations grow their stack on the heap.
//! Every error names the column of the construct it is about.

use super::builtins::{self, CallError, Function, Method, NimError};
use super::loopy::{self, Builder};
use super::syntax::{parse, Expr, ExprKind, Op, Statement};
use super::token::{abbreviate, Comparison};
use super::transfinite;
use super::{LangError, MAX_SHOWN};
use crate::engine::SearchError;
use crate::nimber::nim_pow_u128;
use crate::number::Dyadic;
use crate::ordinal::Ordinal;
use crate::short::{GameId, Store};
use num_bigint::BigUint;
use std::collections::HashMap;
use std::fmt;

/// The value of an expression. A game is an id in the store of the [`Env`] (or the store given
/// to [`eval_game`]) that computed it, and means nothing without that store:
/// [`Env::show`] prints it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Value {
    /// A short game in canonical form; nimbers are games too (`*3 + *5` is the game `*6`).
    Game(GameId),
    /// The answer to a comparison.
    Bool(bool),
    /// An ordinal, `ordinal(w + 1)`.
    Ordinal(Ordinal),
    /// The nimber `*α` of an infinite ordinal `α` (a finite one is a [`Value::Game`]).
    Transfinite(Ordinal),
    /// A loopy game that is not short: a stopper such as `over`, or a pair of sides (`dud`).
    Loopy(crate::loopy::Sided),
}

/// A session: the store its games live in and the names bound by `let`, kept from line to line
/// (what a read–eval–print loop holds).
pub struct Env {
    store: Store,
    names: HashMap<String, Value>,
}

impl Default for Env {
    fn default() -> Self {
        Env::new()
    }
}

impl fmt::Debug for Env {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Env")
            .field("games", &self.store.len())
            .field("names", &self.names.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Env {
    /// A session without names, with a store of the default memory limit.
    pub fn new() -> Env {
        Env::with_store(Store::default())
    }

    /// A session whose games live in `store` (which sets the memory limit).
    pub fn with_store(store: Store) -> Env {
        Env {
            store,
            names: HashMap::new(),
        }
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
                self.names.insert(name, value.clone());
                Ok(Some(value))
            }
            Statement::Expr(expr) => self.eval(&expr).map(Some),
        }
    }

    /// The value bound to a name.
    pub fn get(&self, name: &str) -> Option<Value> {
        self.names.get(name).cloned()
    }

    /// Evaluates a parsed expression with these bindings, in this store.
    pub fn eval(&mut self, expr: &Expr) -> Result<Value, LangError> {
        Walk {
            store: &mut self.store,
            names: &self.names,
        }
        .eval(expr)
    }

    /// A value as text: a game's canonical form as the texts write it (`*6`, `^*`, `+-1`,
    /// `{2|-1/2}`), `true` / `false`, an ordinal's Cantor normal form (`w^2 + 1`) or a
    /// transfinite nimber (`*(w + 1)`). A text longer than [`MAX_SHOWN`] characters is an
    /// error rather than a string that would not fit in memory.
    pub fn show(&self, value: &Value) -> Result<String, LangError> {
        let text = match value {
            Value::Game(game) => self.store.show_within(*game, MAX_SHOWN),
            Value::Bool(truth) => Some(truth.to_string()),
            Value::Ordinal(ordinal) => Some(ordinal.to_string()),
            Value::Transfinite(ordinal) => Some(ordinal.nimber().to_string()),
            Value::Loopy(sided) => sided.show_within(MAX_SHOWN),
        };
        text.filter(|text| text.len() <= MAX_SHOWN)
            .ok_or(LangError::TooLong { limit: MAX_SHOWN })
    }

    /// The store the session's games live in.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The store, to compute with the session's games.
    pub fn store_mut(&mut self) -> &mut Store {
        &mut self.store
    }

    /// The store, once the session is over: its games outlive their names.
    pub fn into_store(self) -> Store {
        self.store
    }
}

/// Evaluates one line in a fresh session and prints its value (see [`Env::show`]): an
/// expression, or a `let` whose bound value is printed.
pub fn eval(text: &str) -> Result<String, LangError> {
    let mut env = Env::new();
    let value = env.run(text)?.ok_or_else(empty)?;
    env.show(&value)
}

/// Evaluates an expression that must be a game, making it in `store`: the entry point for
/// commands that take a game as text.
pub fn eval_game(text: &str, store: &mut Store) -> Result<GameId, LangError> {
    let expr = match parse(text)? {
        Statement::Let { value, .. } => value,
        Statement::Expr(expr) => expr,
    };
    let names = HashMap::new();
    match (Walk {
        store,
        names: &names,
    })
    .eval(&expr)?
    {
        Value::Game(game) => Ok(game),
        other => Err(LangError::Type {
            column: expr.column,
            message: format!(
                "the expression is {}, not a short game",
                transfinite::describe(store, &other)
            ),
        }),
    }
}

/// Evaluates an expression that must be a nimber (an element of the nim field).
pub fn eval_nimber(text: &str) -> Result<u128, LangError> {
    let mut env = Env::new();
    let value = env.run(text)?.ok_or_else(empty)?;
    let not_a_nimber = |what: String| LangError::Type {
        column: 1,
        message: format!("the expression is {what}, not a nimber"),
    };
    match value {
        Value::Game(game) => builtins::nimber_of(&env.store, game)
            .ok_or_else(|| not_a_nimber(shown(&env.store, game))),
        other => Err(not_a_nimber(transfinite::describe(&env.store, &other))),
    }
}

#[cold]
fn empty() -> LangError {
    LangError::Syntax {
        column: 1,
        message: "the expression is empty".to_string(),
    }
}

/// One evaluation: the store it makes games in and the names it reads.
struct Walk<'a> {
    store: &'a mut Store,
    names: &'a HashMap<String, Value>,
}

/// A step of the evaluator's walk.
enum Task<'a> {
    /// Evaluate this expression; the flag says whether bare integers are field elements
    /// (inside the arguments of a nim-field function).
    Visit(&'a Expr, bool),
    /// Combine the values of this expression's children, which are on top of the stack.
    Finish(&'a Expr),
}

/// What needs a game, for the message when it gets a truth value.
#[derive(Clone, Copy)]
enum Need<'a> {
    Sum,
    Negation,
    Option,
    Operator(Op),
    Compare(Comparison),
    Call(&'a str),
}

impl Walk<'_> {
    fn eval(&mut self, expr: &Expr) -> Result<Value, LangError> {
        let mut tasks = vec![Task::Visit(expr, false)];
        let mut values: Vec<Value> = Vec::new();
        while let Some(task) = tasks.pop() {
            match task {
                Task::Visit(expr, field) => self.visit(expr, field, &mut tasks, &mut values)?,
                Task::Finish(expr) => {
                    let value = self.finish(expr, &mut values)?;
                    values.push(value);
                }
            }
        }
        Ok(values.pop().expect("the walk leaves one value"))
    }

    /// Evaluates a leaf, or schedules the children of a node and then the node itself.
    fn visit<'a>(
        &mut self,
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
            ExprKind::PlusMinus(inner) => match &inner.kind {
                ExprKind::Options(options) => schedule(&mut options.iter(), false),
                _ => schedule(&mut std::iter::once(&**inner), field),
            },
            ExprKind::Negate(inner) => schedule(&mut std::iter::once(&**inner), field),
            ExprKind::Options(_) => return Err(options_without_bar(expr.column)),
            ExprKind::Chain { first, rest } => {
                let mut operands = std::iter::once(&**first).chain(rest.iter().map(|r| &r.2));
                schedule(&mut operands, field)
            }
            ExprKind::Compare { left, right, .. } => {
                schedule(&mut [&**left, &**right].into_iter(), field)
            }
            ExprKind::Game { .. } | ExprKind::Labelled { .. } if loopy::mentions_loops(expr) => {
                values.push(self.loopy_literal(expr)?)
            }
            ExprKind::Game { left, right } => schedule(&mut left.iter().chain(right), false),
            ExprKind::Labelled { .. } => unreachable!("a named position mentions loops"),
            ExprKind::Pass => {
                return Err(LangError::Syntax {
                    column: expr.column,
                    message:
                        "pass is a move of a loopy game: it stands among the options in braces, \
                              as in {0 | pass}"
                            .into(),
                })
            }
            ExprKind::Sides { onside, offside } => {
                schedule(&mut [&**onside, &**offside].into_iter(), field)
            }
            ExprKind::Call { name, args } => match find_function(name, expr.column)? {
                ("nimpow", _) if args.len() != 2 => {
                    return Err(arity("nimpow", expr.column, "2", args.len()))
                }
                // The exponent is an integer, read when the base is known.
                ("nimpow", _) => schedule(&mut args[..1].iter(), true),
                // Inside a nim-field call bare integers are field elements.
                (_, Function::Nim) => schedule(&mut args.iter(), true),
                (known, Function::Game { arity: count, .. }) => {
                    if args.len() != *count {
                        return Err(arity(known, expr.column, arity_words(*count), args.len()));
                    }
                    schedule(&mut args.iter(), false)
                }
            },
            ExprKind::Method {
                receiver,
                name,
                args,
            } => {
                let method = find_method(name, expr.column)?;
                let args = args.as_deref().unwrap_or_default();
                if args.len() != method.arity() {
                    let called = format!(".{}", method.name);
                    return Err(arity(
                        &called,
                        expr.column,
                        arity_words(method.arity()),
                        args.len(),
                    ));
                }
                schedule(&mut std::iter::once(&**receiver).chain(args), false)
            }
            ExprKind::Name(name) => values.push(self.name(name, expr.column)?),
            ExprKind::Ordinal { text, at, nimber } => {
                values.push(transfinite::literal(self.store, text, *at, *nimber)?)
            }
            ExprKind::Integer(_)
            | ExprKind::Fraction { .. }
            | ExprKind::Nimber(_)
            | ExprKind::Ups { .. }
            | ExprKind::Uptimal { .. } => values.push(self.leaf(expr, field)?),
        }
        Ok(())
    }

    /// The value bound to `name`, or the loopy value it names.
    fn name(&self, name: &str, column: usize) -> Result<Value, LangError> {
        self.names
            .get(name)
            .cloned()
            .or_else(|| loopy::named(name))
            .ok_or_else(|| LangError::UnknownName {
                column,
                name: name.to_string(),
            })
    }

    /// The value of an expression without subexpressions.
    fn leaf(&mut self, expr: &Expr, field: bool) -> Result<Value, LangError> {
        let column = expr.column;
        let game = match &expr.kind {
            ExprKind::Nimber(None) => self.store.nimber(1),
            ExprKind::Nimber(Some(digits)) => {
                let nim = parse_digits(digits, column, &format!("*{digits}"), "nimbers", U128)?;
                self.store.nimber(nim)
            }
            ExprKind::Integer(digits) if field => {
                let nim = parse_digits(digits, column, digits, "field elements", U128)?;
                self.store.nimber(nim)
            }
            ExprKind::Integer(digits) => {
                let number: Dyadic = digits.parse().expect("digits are an integer");
                self.store.number(number)
            }
            ExprKind::Fraction {
                numerator,
                denominator,
            } => {
                let number = fraction(numerator, denominator, column)?;
                self.store.number(number)
            }
            ExprKind::Ups { down, count } => {
                let count: i64 = parse_digits(count, column, count, "counts of ups", I64)?;
                self.store.ups(if *down { -count } else { count })
            }
            ExprKind::Uptimal { down, sum, count } => {
                let n: u64 = parse_digits(count, column, count, "orders of uptimals", U64)?;
                if n == 0 {
                    return Err(LangError::Syntax {
                        column,
                        message: "the uptimals start at ^<1> = ^[1] = ^".to_string(),
                    });
                }
                let up = if *sum {
                    self.store.up_sum(n)
                } else {
                    self.store.up_nth(n)
                };
                up.and_then(|up| if *down { self.store.neg(up) } else { Ok(up) })
            }
            _ => unreachable!("{} has subexpressions", expr.describe()),
        };
        game.map(Value::Game).map_err(|e| limit(column, e))
    }

    /// The value of a node whose children's values are on top of the stack.
    fn finish(&mut self, expr: &Expr, values: &mut Vec<Value>) -> Result<Value, LangError> {
        let column = expr.column;
        let game = match &expr.kind {
            ExprKind::Literal(parts) => {
                let parts = games(values, parts.iter(), Need::Sum)?;
                self.sum(&parts, column)?
            }
            ExprKind::Negate(_) if values.last().is_some_and(loopy::is_loopy) => {
                let value = values.pop().expect("the operand's value");
                return loopy::negate(self.store, &value, column);
            }
            ExprKind::Sides { onside, offside } => {
                let [s, t]: [Value; 2] = take(values, 2).try_into().expect("two sides");
                return loopy::sides(self.store, (s, onside), (t, offside), column);
            }
            ExprKind::Negate(_) if values.last().is_some_and(transfinite::is_beyond) => {
                let value = values.pop().expect("the operand's value");
                return transfinite::negate(self.store, value, column);
            }
            ExprKind::Negate(inner) => {
                let inner = games(values, std::iter::once(&**inner), Need::Negation)?;
                self.store.neg(inner[0]).map_err(|e| limit(column, e))?
            }
            ExprKind::PlusMinus(inner) => match &inner.kind {
                ExprKind::Options(options) => {
                    let options = games(values, options.iter(), Need::Option)?;
                    self.switch(&options, column)?
                }
                _ => {
                    let inner = games(values, std::iter::once(&**inner), Need::Negation)?;
                    self.plus_minus(inner[0], column)?
                }
            },
            ExprKind::Chain { first, rest } => {
                let operands = take(values, rest.len() + 1);
                if operands.iter().any(loopy::is_loopy) {
                    return loopy::chain(self.store, first, rest, operands);
                }
                if operands.iter().any(transfinite::is_beyond) {
                    return transfinite::chain(self.store, first, rest, operands);
                }
                self.chain(first, rest, &operands)?
            }
            ExprKind::Compare { op, left, right }
                if values[values.len() - 2..].iter().any(loopy::is_loopy) =>
            {
                let [a, b]: [Value; 2] = take(values, 2).try_into().expect("two sides");
                let sides = [(a, &**left), (b, &**right)];
                return loopy::compare(self.store, *op, sides).map(Value::Bool);
            }
            ExprKind::Compare { op, left, right } => {
                if values[values.len() - 2..]
                    .iter()
                    .any(transfinite::is_beyond)
                {
                    let [a, b]: [Value; 2] = take(values, 2).try_into().expect("two sides");
                    let sides = [(a, &**left), (b, &**right)];
                    return transfinite::compare(self.store, *op, sides).map(Value::Bool);
                }
                let sides = games(values, [&**left, &**right], Need::Compare(*op))?;
                let truth = compare(self.store, *op, sides[0], sides[1]);
                return truth.map(Value::Bool).map_err(|e| limit(column, e));
            }
            ExprKind::Game { left, right }
                if values[values.len() - left.len() - right.len()..]
                    .iter()
                    .any(loopy::is_loopy) =>
            {
                let rights = take(values, right.len());
                let lefts = take(values, left.len());
                return Builder::from_options(self.store, &lefts, &rights, column);
            }
            ExprKind::Game { left, right } => {
                let options = games(values, left.iter().chain(right), Need::Option)?;
                let (lefts, rights) = options.split_at(left.len());
                self.store
                    .from_options(lefts, rights)
                    .map_err(|e| limit(column, e))?
            }
            ExprKind::Call { name, args } => return self.call(name, args, column, values),
            ExprKind::Method {
                receiver,
                name,
                args,
            } => {
                let args = args.as_deref().unwrap_or_default();
                let method = find_method(name, column)?;
                let user = format!(".{}", method.name);
                let operands = std::iter::once(&**receiver).chain(args);
                let operands = games(values, operands, Need::Call(&user))?;
                return self.method(method, &operands, args, column);
            }
            _ => unreachable!("only nodes with children are finished"),
        };
        Ok(Value::Game(game))
    }

    /// A game literal with `pass` or named positions, through the loopy path.
    fn loopy_literal(&mut self, expr: &Expr) -> Result<Value, LangError> {
        let names = self.names;
        let mut evaluate = |option: &Expr, store: &mut Store| Walk { store, names }.eval(option);
        Builder::literal(self.store, expr, &mut evaluate)
    }

    fn sum(&mut self, parts: &[GameId], column: usize) -> Result<GameId, LangError> {
        let mut total = self.store.zero();
        for &part in parts {
            total = self.store.add(total, part).map_err(|e| limit(column, e))?;
        }
        Ok(total)
    }

    /// ±x = {x | −x}.
    fn plus_minus(&mut self, x: GameId, column: usize) -> Result<GameId, LangError> {
        self.switch(&[x], column)
    }

    /// ±{a, b, ...} = {a, b, ... | −a, −b, ...}.
    fn switch(&mut self, options: &[GameId], column: usize) -> Result<GameId, LangError> {
        let store = &mut *self.store;
        let negatives = options
            .iter()
            .map(|&option| store.neg(option))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| limit(column, e))?;
        store
            .from_options(options, &negatives)
            .map_err(|e| limit(column, e))
    }

    /// `first op x op y ...`, left to right; each error names its operator's column.
    fn chain(
        &mut self,
        first: &Expr,
        rest: &[(Op, usize, Expr)],
        operands: &[Value],
    ) -> Result<GameId, LangError> {
        let first_op = rest.first().map_or(Op::Add, |r| r.0);
        let mut total = need_game(&operands[0], first, Need::Operator(first_op))?;
        for ((op, column, operand), value) in rest.iter().zip(&operands[1..]) {
            let game = need_game(value, operand, Need::Operator(*op))?;
            total = self.operate(*op, total, game, *column)?;
        }
        Ok(total)
    }

    /// `g op h`, for the operator at `column`.
    fn operate(
        &mut self,
        op: Op,
        g: GameId,
        h: GameId,
        column: usize,
    ) -> Result<GameId, LangError> {
        let store = &mut *self.store;
        match op {
            Op::Add => store.add(g, h),
            Op::Subtract => store.sub(g, h),
            Op::PlusMinus => {
                let switch = self.plus_minus(h, column)?;
                self.store.add(g, switch)
            }
            Op::Multiply => return self.product(g, h, column),
            Op::OrdinalSum => store.ordinal_sum(g, h),
        }
        .map_err(|e| limit(column, e))
    }

    /// `g * h`: the exact product of two numbers, or a game times an integer (that many copies
    /// of it); nothing else.
    fn product(&mut self, g: GameId, h: GameId, column: usize) -> Result<GameId, LangError> {
        let store = &mut *self.store;
        if let (Some(x), Some(y)) = (store.as_number(g), store.as_number(h)) {
            let product = x.checked_mul(y).ok_or_else(|| LangError::Limit {
                column,
                source: SearchError::TooLarge {
                    what: "a denominator past 2^4294967295".to_string(),
                },
            })?;
            return store.number(product).map_err(|e| limit(column, e));
        }
        for (factor, other) in [(g, h), (h, g)] {
            let Some(n) = store.as_number(factor).filter(|x| x.is_integer()) else {
                continue;
            };
            let n = n.to_i64().ok_or_else(|| LangError::TooLarge {
                column,
                number: abbreviate(&n.to_string()),
                what: "integers multiplying a game that is not a number",
                limit: "2^63 − 1",
            })?;
            return store.multiple(n, other).map_err(|e| limit(column, e));
        }
        Err(LangError::Unsupported {
            column,
            message: format!(
                "'*' multiplies a game by an integer, or two numbers; neither {} nor {} is one \
                 (for the nim-product of two nimbers write nimprod(a, b))",
                shown(store, g),
                shown(store, h)
            ),
        })
    }

    /// A call, whose arguments' values are on top of the stack.
    fn call(
        &mut self,
        name: &str,
        args: &[Expr],
        column: usize,
        values: &mut Vec<Value>,
    ) -> Result<Value, LangError> {
        let (known, function) = find_function(name, column)?;
        if matches!(function, Function::Nim) {
            let count = if known == "nimpow" { 1 } else { args.len() };
            if values[values.len() - count..]
                .iter()
                .any(transfinite::is_beyond)
            {
                let exponent = (known == "nimpow")
                    .then(|| exponent(&args[1]))
                    .transpose()?;
                let values = take(values, count);
                return transfinite::nim_call(self.store, known, values, args, exponent, column);
            }
        }
        let game = match function {
            Function::Game { run, .. } => {
                let args = games(values, args.iter(), Need::Call(known))?;
                run(self.store, &args).map_err(|e| limit(column, e))?
            }
            Function::Nim if known == "nimpow" => {
                let base = self.nimbers(values, &args[..1], known)?;
                self.nimber(nim_pow_u128(base[0], exponent(&args[1])?), column)?
            }
            Function::Nim => {
                let nims = self.nimbers(values, args, known)?;
                let nim = builtins::nim_function(known, &nims).map_err(|error| match error {
                    NimError::Arity(expected) => arity(known, column, expected, args.len()),
                    NimError::ZeroDivisor(index) => LangError::DivisionByZero {
                        column: args[index].column,
                        function: known.to_string(),
                    },
                })?;
                self.nimber(nim, column)?
            }
        };
        Ok(Value::Game(game))
    }

    /// A method on the receiver `operands[0]` with the arguments after it.
    fn method(
        &mut self,
        method: &Method,
        operands: &[GameId],
        args: &[Expr],
        column: usize,
    ) -> Result<Value, LangError> {
        (method.run)(self.store, operands[0], &operands[1..]).map_err(|error| match error {
            CallError::Store(source) => LangError::Limit { column, source },
            CallError::Argument(index, message) => LangError::Type {
                column: args.get(index).map_or(column, |arg| arg.column),
                message: format!(".{}: {message}", method.name),
            },
            CallError::Receiver(message) => LangError::Type {
                column,
                message: format!(".{}: {message}", method.name),
            },
        })
    }

    fn nimber(&mut self, nim: u128, column: usize) -> Result<GameId, LangError> {
        self.store.nimber(nim).map_err(|e| limit(column, e))
    }

    /// Takes the values of `args` off the stack as nimbers, for the function `name`.
    fn nimbers(
        &self,
        values: &mut Vec<Value>,
        args: &[Expr],
        name: &str,
    ) -> Result<Vec<u128>, LangError> {
        let games = games(values, args.iter(), Need::Call(name))?;
        games
            .iter()
            .zip(args)
            .map(|(&game, arg)| {
                builtins::nimber_of(self.store, game).ok_or_else(|| LangError::Type {
                    column: arg.column,
                    message: format!(
                        "{name} needs nimbers, but this is {}",
                        shown(self.store, game)
                    ),
                })
            })
            .collect()
    }
}

/// The function called `name`, or the error for an unknown one.
fn find_function(
    name: &str,
    column: usize,
) -> Result<(&'static str, &'static Function), LangError> {
    builtins::function(name).ok_or_else(|| LangError::UnknownFunction {
        column,
        name: name.to_string(),
    })
}

/// The method called `name`, or the error for an unknown one.
fn find_method(name: &str, column: usize) -> Result<&'static Method, LangError> {
    builtins::method(name).ok_or_else(|| LangError::UnknownMethod {
        column,
        name: name.to_string(),
    })
}

/// The top `count` values of the stack, in order.
fn take(values: &mut Vec<Value>, count: usize) -> Vec<Value> {
    values.split_off(values.len() - count)
}

/// Takes the values of `children` (in order) off the top of the stack, as games.
fn games<'a>(
    values: &mut Vec<Value>,
    children: impl IntoIterator<Item = &'a Expr>,
    user: Need,
) -> Result<Vec<GameId>, LangError> {
    let children: Vec<&Expr> = children.into_iter().collect();
    let taken = take(values, children.len());
    taken
        .into_iter()
        .zip(children)
        .map(|(value, child)| need_game(&value, child, user))
        .collect()
}

/// The game a value is, or an error saying who needed one.
fn need_game(value: &Value, expr: &Expr, user: Need) -> Result<GameId, LangError> {
    match value {
        Value::Game(game) => Ok(*game),
        other => Err(not_a_game(expr, user, other)),
    }
}

#[cold]
fn not_a_game(expr: &Expr, user: Need, value: &Value) -> LangError {
    let user = match user {
        Need::Sum => "a sum".to_string(),
        Need::Negation => "negation".to_string(),
        Need::Option => "a game's option".to_string(),
        Need::Operator(Op::Add | Op::Subtract | Op::PlusMinus) => "a sum".to_string(),
        Need::Operator(Op::Multiply) => "a product".to_string(),
        Need::Operator(Op::OrdinalSum) => "an ordinal sum".to_string(),
        Need::Compare(op) => format!("'{}'", op.symbol()),
        Need::Call(name) => name.to_string(),
    };
    LangError::Type {
        column: expr.column,
        message: format!(
            "{user} needs short games, but this is {}",
            transfinite::describe_other(value)
        ),
    }
}

/// A comparison between two games, every operator from `<=` (equal games have equal ids).
fn compare(store: &mut Store, op: Comparison, g: GameId, h: GameId) -> Result<bool, SearchError> {
    let leq = store.leq(g, h)?;
    let geq = store.leq(h, g)?;
    Ok(op.holds(leq, geq))
}

/// A game for a message: its canonical form if short, else a description.
fn shown(store: &Store, game: GameId) -> String {
    builtins::short_text(store, game)
}

#[cold]
fn options_without_bar(column: usize) -> LangError {
    LangError::Syntax {
        column,
        message: "options in braces without a bar stand only after +-, as in +-{1, *}".to_string(),
    }
}

#[cold]
pub(super) fn limit(column: usize, source: SearchError) -> LangError {
    LangError::Limit { column, source }
}

fn arity(function: &str, column: usize, expected: &'static str, found: usize) -> LangError {
    LangError::Arity {
        column,
        function: function.to_string(),
        expected,
        found,
    }
}

fn arity_words(count: usize) -> &'static str {
    match count {
        0 => "no",
        1 => "1",
        2 => "2",
        _ => "several",
    }
}

/// The largest value of a kind of number, as messages write it.
struct Bound(&'static str);
const U128: Bound = Bound("2^128 − 1");
const I64: Bound = Bound("2^63 − 1");
const U64: Bound = Bound("2^64 − 1");

/// Digits as a machine number, or an error naming the number (as `shown`) and the limit.
fn parse_digits<T: std::str::FromStr>(
    digits: &str,
    column: usize,
    shown: &str,
    what: &'static str,
    bound: Bound,
) -> Result<T, LangError> {
    digits.parse().map_err(|_| LangError::TooLarge {
        column,
        number: abbreviate(shown),
        what,
        limit: bound.0,
    })
}

/// The exponent of `nimpow`: an integer, written as digits.
fn exponent(expr: &Expr) -> Result<u128, LangError> {
    match &expr.kind {
        ExprKind::Integer(digits) => parse_digits(digits, expr.column, digits, "exponents", U128),
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
            message:
                "the exponent of nimpow is a non-negative integer written in digits, such as 3"
                    .to_string(),
        }),
    }
}

/// The number `numerator/denominator`, whose denominator must be a power of 2 (so that the
/// text names a dyadic rational as written, not by luck of cancellation: `3/6` is refused).
fn fraction(numerator: &str, denominator: &str, column: usize) -> Result<Dyadic, LangError> {
    let shown = format!("{}/{}", abbreviate(numerator), abbreviate(denominator));
    let bottom: BigUint = denominator.parse().expect("digits");
    if bottom.bits() == 0 {
        return Err(LangError::Syntax {
            column,
            message: format!("{shown} has 0 below the line"),
        });
    }
    if bottom.count_ones() != 1 {
        return Err(LangError::NotDyadic {
            column,
            fraction: shown,
        });
    }
    format!("{numerator}/{denominator}")
        .parse()
        .map_err(|_| LangError::TooLarge {
            column,
            number: shown,
            what: "denominators",
            limit: "2^4294967295",
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(text: &str) -> String {
        eval(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn literals_print_as_in_the_texts() {
        for (text, shown) in [
            ("0", "0"),
            ("1/2", "1/2"),
            ("-3/8", "-3/8"),
            ("*2", "*2"),
            ("^*", "^*"),
            ("+-1", "+-1"),
            ("±1", "+-1"),
            ("{2|-1/2}", "{2|-1/2}"),
            ("3^*", "3^*"),
            ("{0||0|-2}", "Tiny(2)"),
            ("v3*", "v3*"),
            ("^^", "^^"),
            ("1/2^*3", "1/2^*3"),
            ("3*2", "3*2"),
            ("2/4", "1/2"),
        ] {
            assert_eq!(show(text), shown, "{text}");
        }
    }

    #[test]
    fn bare_integers_are_field_elements_only_in_nim_calls() {
        assert_eq!(show("nimprod(2, 3)"), "*");
        assert_eq!(show("2 + 3"), "5");
        assert_eq!(show("nimsum(2 + 3)"), "*");
        // A game's options are games: {0, 1 | 0, 1} is {1 | 0}, not {0, * | 0, *} = *2.
        assert!(matches!(
            eval("nimsum({0, 1 | 0, 1})"),
            Err(LangError::Type { column: 8, ref message }) if message.contains("{1|0}")
        ));
        assert_eq!(eval_nimber("nimprod(8, 8)"), Ok(13));
        assert!(eval_nimber("1/2").is_err());
        assert!(matches!(
            eval("nimprod(^, 2)"),
            Err(LangError::Type { column: 9, ref message }) if message.contains("this is ^")
        ));
    }

    #[test]
    fn products() {
        assert_eq!(show("3 * ^"), "^3");
        assert_eq!(show("^ * -2"), "vv");
        assert_eq!(show("1/2 * 3/4"), "3/8");
        assert_eq!(show("2 * 3 * *"), "0");
        assert_eq!(show("3 * *"), "*");
        assert_eq!(show("0 * {1 | 0}"), "0");
        assert!(matches!(
            eval("^ * *2"),
            Err(LangError::Unsupported { column: 3, .. })
        ));
        assert!(matches!(
            eval("100000000000000000000 * ^"),
            Err(LangError::TooLarge { column: 23, .. })
        ));
        assert_eq!(show("100000000000000000000 * 1/4"), "25000000000000000000");
    }

    #[test]
    fn fractions_must_be_dyadic() {
        assert_eq!(
            eval("1 + 1/3").unwrap_err().to_string(),
            "column 5: 1/3 is not a dyadic rational: the numbers of short games have a power \
             of 2 below the line"
        );
        assert!(matches!(
            eval("3/6"),
            Err(LangError::NotDyadic { column: 1, .. })
        ));
        assert!(matches!(eval("3/0"), Err(LangError::Syntax { .. })));
    }
}
