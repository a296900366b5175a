//! The functions `name(args)` and the methods `G.Name(args)` of the language, each one line in
//! a table, matched without regard to case.
//!
//! Thermographs are pictures, not values: `conway thermograph EXPR` draws them.

use super::eval::Value;
use crate::engine::SearchError;
use crate::nimber::{nim_div_u128, nim_inv_u128, nim_mul_u128, nim_sqrt_u128};
use crate::short::{GameId, Store, StoreResult};

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

/// A method: its name as CGSuite spells it, how many arguments it takes, and how it is
/// computed.
pub(super) struct Method {
    pub(super) name: &'static str,
    pub(super) arity: usize,
    pub(super) run: MethodFn,
}

const fn ready(name: &'static str, arity: usize, run: MethodFn) -> Method {
    Method { name, arity, run }
}

/// The methods.
pub(super) const METHODS: &[Method] = &[
    ready("IsNumber", 0, |s, g, _| Ok(Value::Bool(s.is_number(g)))),
    ready("IsInteger", 0, |s, g, _| {
        Ok(Value::Bool(s.as_number(g).is_some_and(|x| x.is_integer())))
    }),
    ready("IsNimber", 0, |s, g, _| {
        Ok(Value::Bool(nimber_of(s, g).is_some()))
    }),
    ready("IsNumberUpStar", 0, |s, g, _| {
        Ok(Value::Bool(s.as_nus(g).is_some()))
    }),
    ready("OrdinalSum", 1, |s, g, a| {
        Ok(Value::Game(s.ordinal_sum(g, a[0])?))
    }),
    ready("LeftStop", 0, |s, g, _| number(s, Store::left_stop, g)),
    ready("RightStop", 0, |s, g, _| number(s, Store::right_stop, g)),
    ready("Mean", 0, |s, g, _| number(s, Store::mean, g)),
    ready("Temperature", 0, |s, g, _| number(s, Store::temperature, g)),
    ready("Cool", 1, |s, g, a| {
        let t = number_argument(s, a, 0)?;
        Ok(Value::Game(s.cool(g, &t)?))
    }),
    ready("Heat", 1, |s, g, a| Ok(Value::Game(s.heat(g, a[0])?))),
    ready("Overheat", 2, |s, g, a| {
        Ok(Value::Game(s.overheat(g, a[0], a[1])?))
    }),
    ready("Birthday", 0, |s, g, _| {
        let birthday = i64::try_from(s.birthday(g)?).unwrap_or(i64::MAX);
        Ok(Value::Game(s.integer(birthday)?))
    }),
    ready("AtomicWeight", 0, |s, g, _| match s.atomic_weight(g)? {
        Some(weight) => Ok(Value::Game(weight)),
        None => Err(CallError::Receiver(
            "the atomic weight is defined for all-small games only".to_string(),
        )),
    }),
    ready("ReducedCanonicalForm", 0, |s, g, _| {
        Ok(Value::Game(s.reduced_canonical(g)?))
    }),
    ready("IsInfinitesimal", 0, |s, g, _| {
        Ok(Value::Bool(s.is_infinitesimal(g)?))
    }),
    ready("IsAllSmall", 0, |s, g, _| {
        Ok(Value::Bool(s.is_all_small(g)?))
    }),
    ready("NortonMultiply", 1, |s, g, a| {
        Ok(Value::Game(s.norton_multiply(g, a[0])?))
    }),
];

/// A number-valued property of `game`, as a game.
fn number(
    store: &mut Store,
    property: fn(&mut Store, GameId) -> StoreResult<crate::number::Dyadic>,
    game: GameId,
) -> Result<Value, CallError> {
    let x = property(store, game)?;
    Ok(Value::Game(store.number(x)?))
}

/// Argument `index`, which must be a number.
fn number_argument(
    store: &Store,
    args: &[GameId],
    index: usize,
) -> Result<crate::number::Dyadic, CallError> {
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

/// The method called `name`, whatever its case.
pub(super) fn method(name: &str) -> Option<&'static Method> {
    METHODS
        .iter()
        .find(|method| method.name.eq_ignore_ascii_case(name))
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
    let check = |expected: &'static str, ok: bool| {
        if ok {
            Ok(())
        } else {
            Err(NimError::Arity(expected))
        }
    };
    match name {
        "nimsum" => {
            check("at least 1", !args.is_empty())?;
            Ok(args.iter().fold(0, |sum, &a| sum ^ a))
        }
        "nimprod" => {
            check("at least 1", !args.is_empty())?;
            Ok(args.iter().fold(1, |product, &a| nim_mul_u128(product, a)))
        }
        "nimdiv" => {
            check("2", args.len() == 2)?;
            nim_div_u128(args[0], args[1]).ok_or(NimError::ZeroDivisor(1))
        }
        "niminv" => {
            check("1", args.len() == 1)?;
            nim_inv_u128(args[0]).ok_or(NimError::ZeroDivisor(0))
        }
        "nimsqrt" => {
            check("1", args.len() == 1)?;
            Ok(nim_sqrt_u128(args[0]))
        }
        _ => unreachable!("{name} is not a nim-field function with nimber arguments"),
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
        assert_eq!(method("cool").map(|m| m.arity), Some(1));
        assert!(method("cooled").is_none());
    }

    #[test]
    fn every_name_is_listed_once() {
        let mut names: Vec<String> = FUNCTIONS
            .iter()
            .map(|(name, _)| name.to_ascii_lowercase())
            .chain(METHODS.iter().map(|m| m.name.to_ascii_lowercase()))
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
        assert_eq!(store.show(tiny_two), "{0||0|-2}");
        let zero = store.zero();
        let up = store.ups(1).unwrap();
        assert!(store.less(zero, tiny_two).unwrap());
        assert!(store.less(tiny_two, up).unwrap());
    }
}
