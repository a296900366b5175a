//! The functions `name(args)` and the methods `G.Name(args)` of the language, each one line in
//! a table, matched without regard to case.
//!
//! Thermographs are pictures, not values: `conway thermograph EXPR` draws them.

use super::eval::Value;
use crate::engine::SearchError;
use crate::nimber::{nim_div_u128, nim_inv_u128, nim_mul_u128, nim_sqrt_u128};
use crate::number::Dyadic;
use crate::short::{GameId, NoAtomicWeight, Store, StoreResult};

/// Why a built-in could not give a value: the store stopped, or an argument (by its index) is
/// not what the built-in takes.
pub(super) enum CallError {
    Store(SearchError),
    Argument(usize, String),
    /// The receiver is not a game the method applies to.
    Receiver(String),
}

impl From<SearchError> for CallError {
    fn from(error: SearchError) -> Self {
        CallError::Store(error)
    }
}

/// A function whose arguments and value are games.
pub(super) type GameFn = fn(&mut Store, &[GameId]) -> StoreResult<GameId>;

/// A method: the receiver and the arguments in, a value out.
pub(super) type MethodFn = fn(&mut Store, GameId, &[GameId]) -> Result<Value, CallError>;

/// What a function is.
pub(super) enum Function {
    /// A function of the nim field, computed on `u128` by [`nim_function`]; its arguments are
    /// nimbers, and a bare integer among them is a field element.
    Nim,
    /// Games in, a game out.
    Game { arity: usize, run: GameFn },
}

/// The functions, as their documentation spells them.
pub(super) const FUNCTIONS: &[(&str, Function)] = &[
    ("nimsum", Function::Nim),
    ("nimprod", Function::Nim),
    ("nimdiv", Function::Nim),
    ("nimpow", Function::Nim),
    ("niminv", Function::Nim),
    ("nimsqrt", Function::Nim),
    (
        "Tiny",
        Function::Game {
            arity: 1,
            run: |store, args| tiny(store, args[0]),
        },
    ),
    (
        "Miny",
        Function::Game {
            arity: 1,
            run: |store, args| {
                let tiny = tiny(store, args[0])?;
                store.neg(tiny)
            },
        },
    ),
];

/// A method: its name as CGSuite spells it (and an older name conway gave it, if any), the
/// names of its arguments (for `:help`; their count is its arity), and how it is computed.
pub(super) struct Method {
    pub(super) name: &'static str,
    pub(super) alias: Option<&'static str>,
    pub(super) args: &'static [&'static str],
    pub(super) run: MethodFn,
}

impl Method {
    pub(super) fn arity(&self) -> usize {
        self.args.len()
    }

    /// How a call is written: `G.Cool(t)`, `G.IsNumber`.
    pub(super) fn usage(&self) -> String {
        if self.args.is_empty() {
            format!("G.{}", self.name)
        } else {
            format!("G.{}({})", self.name, self.args.join(", "))
        }
    }
}

const fn ready(name: &'static str, args: &'static [&'static str], run: MethodFn) -> Method {
    Method {
        name,
        alias: None,
        args,
        run,
    }
}

/// The methods: the one list that the evaluator, its messages and `:help` read.
pub(super) const METHODS: &[Method] = &[
    ready("IsNumber", &[], |s, g, _| Ok(Value::Bool(s.is_number(g)))),
    ready("IsInteger", &[], |s, g, _| {
        Ok(Value::Bool(s.as_number(g).is_some_and(|x| x.is_integer())))
    }),
    ready("IsNimber", &[], |s, g, _| {
        Ok(Value::Bool(nimber_of(s, g).is_some()))
    }),
    ready("IsNumberUpStar", &[], |s, g, _| {
        Ok(Value::Bool(s.as_nus(g).is_some()))
    }),
    ready("IsInfinitesimal", &[], |s, g, _| {
        Ok(Value::Bool(s.is_infinitesimal(g)?))
    }),
    ready("IsAllSmall", &[], |s, g, _| {
        Ok(Value::Bool(s.is_all_small(g)?))
    }),
    ready("LeftStop", &[], |s, g, _| number(s, Store::left_stop, g)),
    ready("RightStop", &[], |s, g, _| number(s, Store::right_stop, g)),
    ready("Mean", &[], |s, g, _| number(s, Store::mean, g)),
    ready("Temperature", &[], |s, g, _| {
        number(s, Store::temperature, g)
    }),
    ready("Cool", &["t"], |s, g, a| {
        let t = number_argument(s, a, 0)?;
        if t <= -Dyadic::one() {
            return Err(CallError::Argument(
                0,
                format!(
                    "cooling is defined for temperatures above -1 (where thermographs start), \
                     not for {t}"
                ),
            ));
        }
        Ok(Value::Game(s.cool(g, &t)?))
    }),
    ready("Heat", &["t"], |s, g, a| Ok(Value::Game(s.heat(g, a[0])?))),
    ready("Overheat", &["s", "t"], |s, g, a| {
        Ok(Value::Game(s.overheat(g, a[0], a[1])?))
    }),
    ready("Birthday", &[], |s, g, _| {
        let birthday = i64::try_from(s.birthday(g)?).unwrap_or(i64::MAX);
        Ok(Value::Game(s.integer(birthday)?))
    }),
    ready("AtomicWeight", &[], |s, g, _| match s.atomic_weight(g)? {
        Ok(weight) => Ok(Value::Game(weight)),
        Err(NoAtomicWeight::NotInfinitesimal) => Err(CallError::Receiver(format!(
            "the atomic weight is defined for infinitesimals (both stops 0), and this game's \
             stops are {} and {}",
            s.left_stop(g)?,
            s.right_stop(g)?
        ))),
        Err(NoAtomicWeight::NotAtomic { weight }) => Err(CallError::Receiver(format!(
            "this infinitesimal has no atomic weight: the atomic weight calculus gives {}, but \
             G - {}.^ is not atomically small (between -(^* + R:-1) and ^* + R:-1, R a remote \
             star)",
            short_text(s, weight),
            short_text(s, weight)
        ))),
    }),
    ready("ReducedCanonicalForm", &[], |s, g, _| {
        Ok(Value::Game(s.reduced_canonical(g)?))
    }),
    ready("OrdinalSum", &["H"], |s, g, a| {
        Ok(Value::Game(s.ordinal_sum(g, a[0])?))
    }),
    Method {
        name: "NortonProduct",
        alias: Some("NortonMultiply"),
        args: &["U"],
        run: |s, g, a| Ok(Value::Game(s.norton_multiply(g, a[0])?)),
    },
    ready("ConwayProduct", &["H"], |s, g, a| {
        Ok(Value::Game(s.conway_product(g, a[0])?))
    }),
];

/// A game for a message: its canonical form if short, else a description.
pub(super) fn short_text(store: &Store, game: GameId) -> String {
    store
        .show_within(game, 60)
        .unwrap_or_else(|| "a game with a long canonical form".to_string())
}

/// A number-valued property of `game`, as a game.
fn number(
    store: &mut Store,
    property: fn(&mut Store, GameId) -> StoreResult<Dyadic>,
    game: GameId,
) -> Result<Value, CallError> {
    let x = property(store, game)?;
    Ok(Value::Game(store.number(x)?))
}

/// Argument `index`, which must be a number.
fn number_argument(store: &Store, args: &[GameId], index: usize) -> Result<Dyadic, CallError> {
    store
        .as_number(args[index])
        .cloned()
        .ok_or_else(|| CallError::Argument(index, "must be a number".to_string()))
}

/// The function called `name`, whatever its case, with its documented spelling.
pub(super) fn function(name: &str) -> Option<(&'static str, &'static Function)> {
    FUNCTIONS
        .iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(name))
        .map(|(known, function)| (*known, function))
}

/// The method called `name` (or by its alias), whatever its case.
pub(super) fn method(name: &str) -> Option<&'static Method> {
    METHODS.iter().find(|method| {
        method.name.eq_ignore_ascii_case(name)
            || method
                .alias
                .is_some_and(|alias| alias.eq_ignore_ascii_case(name))
    })
}

/// "a, b and c", for messages.
fn list(names: impl Iterator<Item = &'static str>) -> String {
    let names: Vec<&str> = names.collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The functions' names, for the message about an unknown one.
pub(super) fn function_names() -> String {
    list(FUNCTIONS.iter().map(|(name, _)| *name))
}

/// The methods' names, for the message about an unknown one.
pub(super) fn method_names() -> String {
    list(METHODS.iter().map(|method| method.name))
}

/// How each method is called (`G.Cool(t)`), in the order of the table.
pub fn method_usages() -> impl Iterator<Item = String> {
    METHODS.iter().map(Method::usage)
}

/// How each function is called (`Tiny(x)`, `nimsum`), in the order of the table.
pub fn function_usages() -> impl Iterator<Item = String> {
    FUNCTIONS.iter().map(|(name, function)| match function {
        Function::Game { arity: 1, .. } => format!("{name}(x)"),
        Function::Game { .. } | Function::Nim => name.to_string(),
    })
}

/// Tiny(x) = {0 || 0 | −x}: positive, but smaller than every positive number-up-star value
/// for x > 0.
fn tiny(store: &mut Store, x: GameId) -> StoreResult<GameId> {
    let zero = store.zero();
    let minus_x = store.neg(x)?;
    let inner = store.from_options(&[zero], &[minus_x])?;
    store.from_options(&[zero], &[inner])
}

/// `m` if `game` is the nimber `*m`.
pub(super) fn nimber_of(store: &Store, game: GameId) -> Option<u128> {
    store
        .as_nus(game)
        .filter(|nus| nus.number.is_zero() && nus.ups == 0)
        .map(|nus| nus.nim)
}

/// Why a nim-field function has no value: the wrong number of arguments (what it takes), or
/// the argument at this index is `*0` where an inverse is needed.
pub(super) enum NimError {
    Arity(&'static str),
    ZeroDivisor(usize),
}

/// Applies the nim-field function `name` (one of [`FUNCTIONS`] of kind [`Function::Nim`],
/// other than `nimpow`, whose exponent is read apart) to its arguments.
pub(super) fn nim_function(name: &str, args: &[u128]) -> Result<u128, NimError> {
    nim_arity(name, args.len())?;
    match name {
        "nimsum" => Ok(args.iter().fold(0, |sum, &a| sum ^ a)),
        "nimprod" => Ok(args.iter().fold(1, |product, &a| nim_mul_u128(product, a))),
        "nimdiv" => nim_div_u128(args[0], args[1]).ok_or(NimError::ZeroDivisor(1)),
        "niminv" => nim_inv_u128(args[0]).ok_or(NimError::ZeroDivisor(0)),
        "nimsqrt" => Ok(nim_sqrt_u128(args[0])),
        _ => unreachable!("{name} is not a nim-field function with nimber arguments"),
    }
}

/// Whether the nim-field function `name` takes `count` arguments.
pub(super) fn nim_arity(name: &str, count: usize) -> Result<(), NimError> {
    let (expected, ok) = match name {
        "nimsum" | "nimprod" => ("at least 1", count >= 1),
        "nimdiv" => ("2", count == 2),
        _ => ("1", count == 1),
    };
    if ok {
        Ok(())
    } else {
        Err(NimError::Arity(expected))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_in_any_case() {
        assert_eq!(function("TINY").map(|f| f.0), Some("Tiny"));
        assert_eq!(function("NimProd").map(|f| f.0), Some("nimprod"));
        assert!(function("tinyy").is_none());
        assert_eq!(method("isnumber").map(|m| m.name), Some("IsNumber"));
        assert_eq!(method("cool").map(Method::arity), Some(1));
        assert_eq!(
            method("nortonmultiply").map(|m| m.name),
            Some("NortonProduct")
        );
        assert!(method("cooled").is_none());
    }

    #[test]
    fn every_name_is_listed_once() {
        let mut names: Vec<String> = FUNCTIONS
            .iter()
            .map(|(name, _)| name.to_ascii_lowercase())
            .chain(METHODS.iter().map(|m| m.name.to_ascii_lowercase()))
            .chain(
                METHODS
                    .iter()
                    .filter_map(|m| m.alias.map(str::to_ascii_lowercase)),
            )
            .collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count);
        assert!(function_names().ends_with("nimsqrt, Tiny and Miny"));
    }

    #[test]
    fn tiny_is_positive_and_below_up() {
        let mut store = Store::default();
        let two = store.integer(2).unwrap();
        let tiny_two = tiny(&mut store, two).unwrap();
        assert_eq!(store.show(tiny_two), "Tiny(2)");
        let zero = store.zero();
        let up = store.ups(1).unwrap();
        assert!(store.less(zero, tiny_two).unwrap());
        assert!(store.less(tiny_two, up).unwrap());
    }
}
