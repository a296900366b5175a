//! Short games and nimbers as Python values.
//!
//! Every `Game` lives in one store of canonical forms for the whole session, so a game is its
//! id there: equal games have equal ids, and `==` and `hash` cost nothing. The store keeps to
//! the session's memory limit when it is first used; past it, operations raise `LimitError`.
//! Games found by an analysis, in a store of their own, are imported into this one.

use crate::errors::{lang_error, parse_error, search_error, ConwayError};
use crate::{interrupt, limits};
use conway::engine::{Outcome, SearchError};
use conway::nimber::{nim_inv_u128, nim_mul_u128, nim_sqrt_u128, nim_sum};
use conway::number::Dyadic;
use conway::short::{GameId, NoAtomicWeight, Store, Thermograph as Walls};
use num_bigint::BigInt;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The longest canonical form `str` writes out; longer ones raise `ConwayError`.
const MAX_SHOWN: usize = conway::analysis::MAX_SHOWN_VALUE;

/// The session's store of canonical forms.
fn store() -> MutexGuard<'static, Store> {
    static STORE: OnceLock<Mutex<Store>> = OnceLock::new();
    STORE
        .get_or_init(|| {
            let mut store = Store::new(limits::of_call(None, None).max_memory);
            store.interrupt_on(interrupt::fresh());
            Mutex::new(store)
        })
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs `work` on the session's store without the GIL, stopping at Ctrl-C.
fn with_store<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut Store) -> Result<T, SearchError> + Send,
) -> PyResult<T> {
    interrupt::fresh();
    py.allow_threads(|| work(&mut store()))
        .map_err(search_error)
}

/// A game found in another store (an analysis's), as a session `Game`.
pub fn import(py: Python<'_>, from: &mut Store, id: GameId) -> PyResult<Game> {
    with_store(py, |store| store.import(from, id)).map(|id| Game { id })
}

/// A short game in canonical form: `conway.game("{2||1|0}")`, `Game(left=[1], right=[0])`,
/// or a number: `Game(3)`, `Game(Fraction(3, 4))`.
///
/// Arithmetic and comparison are those of the theory: `g <= h` means Left, moving second in
/// `g - h`, never loses; `g == h` that they are equal as games; two games may be neither
/// (`g.confused_with(h)`). `str` is the canonical form as the texts print it.
#[pyclass(module = "conway", frozen)]
#[derive(Clone, Copy)]
pub struct Game {
    pub(crate) id: GameId,
}

/// What can stand for a game: a `Game`, a `Nimber`, an `int` or a dyadic `Fraction`.
fn to_game(value: &Bound<'_, PyAny>) -> PyResult<Option<Game>> {
    let py = value.py();
    if let Ok(game) = value.downcast::<Game>() {
        return Ok(Some(*game.get()));
    }
    if let Ok(nimber) = value.downcast::<Nimber>() {
        let n = nimber.get().value;
        return with_store(py, |store| store.nimber(n)).map(|id| Some(Game { id }));
    }
    match to_dyadic(value)? {
        Some(x) => with_store(py, |store| store.number(x)).map(|id| Some(Game { id })),
        None => Ok(None),
    }
}

/// A game from what stands for one, or a `TypeError` saying what does.
fn game_of(value: &Bound<'_, PyAny>) -> PyResult<Game> {
    to_game(value)?.ok_or_else(|| {
        PyTypeError::new_err(format!(
            "a game is a conway.Game, a conway.Nimber, an int or a dyadic Fraction, not {}",
            value
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })
}

/// An `int` or a `fractions.Fraction` with a power of 2 below the line, as a dyadic number;
/// `None` for other types; a `ValueError` for a fraction that is not dyadic.
fn to_dyadic(value: &Bound<'_, PyAny>) -> PyResult<Option<Dyadic>> {
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Ok(None);
    }
    let (numerator, denominator) = if value.is_instance_of::<pyo3::types::PyInt>() {
        (value.clone(), 1u64.into_pyobject(value.py())?.into_any())
    } else if is_fraction(value)? {
        (value.getattr("numerator")?, value.getattr("denominator")?)
    } else {
        return Ok(None);
    };
    let denominator: BigInt = big(&denominator)?;
    let exponent = denominator.trailing_zeros().unwrap_or(0);
    if denominator != BigInt::from(1) << exponent {
        return Err(parse_error(
            format!("{} is not a dyadic rational: the numbers of short games have a power of 2 below the line", value.str()?),
            None,
        ));
    }
    let exponent = u32::try_from(exponent)
        .map_err(|_| parse_error("the denominator is too large".to_string(), None))?;
    Ok(Some(Dyadic::new(big(&numerator)?, exponent)))
}

fn is_fraction(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    let fraction = value.py().import("fractions")?.getattr("Fraction")?;
    value.is_instance(&fraction)
}

/// A Python `int` as a big integer, by its decimal digits (exact whatever its size).
fn big(value: &Bound<'_, PyAny>) -> PyResult<BigInt> {
    value
        .str()?
        .to_string()
        .parse()
        .map_err(|_| PyTypeError::new_err("an integer was expected"))
}

/// A dyadic number as a `fractions.Fraction`.
pub fn fraction<'py>(py: Python<'py>, x: &Dyadic) -> PyResult<Bound<'py, PyAny>> {
    let int = py.import("builtins")?.getattr("int")?;
    let numerator = int.call1((x.numerator().to_string(),))?;
    let denominator = int
        .call1((1,))?
        .call_method1("__lshift__", (x.exponent(),))?;
    py.import("fractions")?
        .getattr("Fraction")?
        .call1((numerator, denominator))
}

#[pymethods]
impl Game {
    /// A number (`Game(3)`, `Game(Fraction(-3, 8))`), a nimber (`Game(Nimber(2))`), or the
    /// game of the given options: `Game(left=[...], right=[...])`, whose canonical form is
    /// found at once.
    #[new]
    #[pyo3(signature = (value=None, *, left=None, right=None))]
    fn new(
        py: Python<'_>,
        value: Option<&Bound<'_, PyAny>>,
        left: Option<&Bound<'_, PyAny>>,
        right: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        match (value, left.is_some() || right.is_some()) {
            (Some(_), true) => Err(PyTypeError::new_err(
                "give a value or options (left=, right=), not both",
            )),
            (Some(value), false) => game_of(value),
            (None, _) => {
                let left = options_of(left)?;
                let right = options_of(right)?;
                with_store(py, |store| store.from_options(&left, &right)).map(|id| Game { id })
            }
        }
    }

    /// The outcome class: "L" (Left wins), "R", "P" (the player to move loses) or "N".
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<&'static str> {
        let id = self.id;
        with_store(py, |store| store.outcome(id)).map(Outcome::letters)
    }

    /// Whether the game is a number.
    #[getter]
    fn is_number(&self) -> bool {
        store().is_number(self.id)
    }

    /// The left stop, as a `Fraction`.
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let id = self.id;
        fraction(py, &with_store(py, |store| store.left_stop(id))?)
    }

    /// The right stop, as a `Fraction`.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let id = self.id;
        fraction(py, &with_store(py, |store| store.right_stop(id))?)
    }

    /// The mean value, as a `Fraction`.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let id = self.id;
        fraction(py, &with_store(py, |store| store.mean(id))?)
    }

    /// The temperature, as a `Fraction` (-1 for an integer).
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let id = self.id;
        fraction(py, &with_store(py, |store| store.temperature(id))?)
    }

    /// The birthday: the day the game is born on, the depth of its canonical form.
    #[getter]
    fn birthday(&self, py: Python<'_>) -> PyResult<u64> {
        let id = self.id;
        with_store(py, |store| store.birthday(id))
    }

    /// Left's options of the canonical form.
    #[getter]
    fn left_options(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        let id = self.id;
        let options = with_store(py, |store| store.left_options(id))?;
        Ok(options.into_iter().map(|id| Game { id }).collect())
    }

    /// Right's options of the canonical form.
    #[getter]
    fn right_options(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        let id = self.id;
        let options = with_store(py, |store| store.right_options(id))?;
        Ok(options.into_iter().map(|id| Game { id }).collect())
    }

    /// The game cooled by `t` (a number greater than -1): Conway's G_t.
    fn cool(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = to_dyadic(t)?.ok_or_else(|| PyTypeError::new_err("cool by a number"))?;
        if t <= -Dyadic::one() {
            return Err(ConwayError::new_err(
                "a game is cooled by a temperature greater than -1",
            ));
        }
        let id = self.id;
        with_store(py, |store| store.cool(id, &t)).map(|id| Game { id })
    }

    /// The game heated by `t` (a game, usually a number): the inverse of cooling on games
    /// that are not numbers.
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = game_of(t)?.id;
        let id = self.id;
        with_store(py, |store| store.heat(id, t)).map(|id| Game { id })
    }

    /// The ordinal sum `self : h`: `h` played on top of `self`, where a move in `self`
    /// removes `h`.
    fn ordinal_sum(&self, py: Python<'_>, h: &Bound<'_, PyAny>) -> PyResult<Game> {
        let (g, h) = (self.id, game_of(h)?.id);
        with_store(py, |store| store.ordinal_sum(g, h)).map(|id| Game { id })
    }

    /// The atomic weight of an all-small game, as a `Game`; `ConwayError` where it has none.
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Game> {
        let id = self.id;
        match with_store(py, |store| store.atomic_weight(id))? {
            Ok(id) => Ok(Game { id }),
            Err(NoAtomicWeight::NotInfinitesimal) => Err(ConwayError::new_err(
                "the atomic weight is defined for infinitesimals (both stops 0), and this game is not one",
            )),
            Err(NoAtomicWeight::NotAtomic { weight }) => Err(ConwayError::new_err(format!(
                "this infinitesimal has no atomic weight: the calculus gives {}, but G - {0}.^ is not atomically small",
                store().show_within(weight, 200).unwrap_or_else(|| "a long form".to_string())
            ))),
        }
    }

    /// Whether `self` and `h` are confused (incomparable): neither is ≤ the other.
    fn confused_with(&self, py: Python<'_>, h: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (g, h) = (self.id, game_of(h)?.id);
        with_store(py, |store| store.compare(g, h)).map(|order| order.is_none())
    }

    /// The thermograph: its walls, mean and temperature, drawn in a notebook.
    fn thermograph(&self, py: Python<'_>) -> PyResult<Thermograph> {
        let id = self.id;
        with_store(py, |store| store.thermograph(id)).map(|walls| Thermograph { walls })
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |store, g, h| store.add(g, h))
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |store, g, h| store.add(h, g))
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |store, g, h| store.sub(g, h))
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binary(py, other, |store, g, h| store.sub(h, g))
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Game> {
        let id = self.id;
        with_store(py, |store| store.neg(id)).map(|id| Game { id })
    }

    fn __pos__(&self) -> Game {
        *self
    }

    /// The order of games. A value that is not a short game (a fraction such as 1/3) is
    /// unequal to every game and not ordered with them.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<PyObject> {
        let other = match (to_game(other), op) {
            (Ok(Some(other)), _) => other,
            (Err(_), CompareOp::Eq) => return truth(py, false),
            (Err(_), CompareOp::Ne) => return truth(py, true),
            _ => return Ok(py.NotImplemented()),
        };
        let (g, h) = (self.id, other.id);
        truth(
            py,
            match op {
                CompareOp::Eq => g == h,
                CompareOp::Ne => g != h,
                CompareOp::Le => with_store(py, |store| store.leq(g, h))?,
                CompareOp::Ge => with_store(py, |store| store.leq(h, g))?,
                CompareOp::Lt => with_store(py, |store| store.less(g, h))?,
                CompareOp::Gt => with_store(py, |store| store.less(h, g))?,
            },
        )
    }

    /// Equal values hash alike: a number hashes as its `int` or `Fraction`, a nimber as its
    /// `Nimber`, so that either finds the other in a `dict`.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        let nus = store().as_nus(self.id).cloned();
        match nus {
            Some(nus) if nus.ups == 0 && nus.nim == 0 => fraction(py, &nus.number)?.hash(),
            Some(nus) if nus.ups == 0 && nus.number.is_zero() => Ok(int_hash(nus.nim)),
            _ => {
                let mut hasher = std::collections::hash_map::DefaultHasher::new();
                self.id.hash(&mut hasher);
                Ok(hasher.finish() as isize)
            }
        }
    }

    fn __bool__(&self) -> bool {
        self.id != store().zero()
    }

    /// The canonical form as the texts print it.
    fn __str__(&self) -> PyResult<String> {
        store().show_within(self.id, MAX_SHOWN).ok_or_else(|| {
            ConwayError::new_err(format!(
                "the canonical form is longer than {MAX_SHOWN} characters, too long to print"
            ))
        })
    }

    fn __repr__(&self) -> String {
        match store().show_within(self.id, 200) {
            Some(form) => format!("conway.game({form:?})"),
            None => format!("<conway.Game born on day {}>", self.birthday_now()),
        }
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let game = py.import("conway")?.getattr("game")?;
        (game, (self.__str__()?,)).into_pyobject(py)
    }

    /// A table of the canonical form, the outcome, the stops, the mean and the temperature.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let form = match store().show_within(self.id, 2000) {
            Some(form) => html_escape(&form),
            None => "(too long to show)".to_string(),
        };
        let rows = [
            ("canonical form", form),
            ("outcome", self.outcome(py)?.to_string()),
            ("left stop", self.left_stop(py)?.str()?.to_string()),
            ("right stop", self.right_stop(py)?.str()?.to_string()),
            ("mean", self.mean(py)?.str()?.to_string()),
            ("temperature", self.temperature(py)?.str()?.to_string()),
        ];
        let body: String = rows
            .iter()
            .map(|(name, value)| format!("<tr><th>{name}</th><td><code>{value}</code></td></tr>"))
            .collect();
        Ok(format!("<table class=\"conway-game\">{body}</table>"))
    }
}

impl Game {
    /// `f(store, self, other)` as a game, or `NotImplemented` where `other` is not a game.
    fn binary(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        f: impl FnOnce(&mut Store, GameId, GameId) -> Result<GameId, SearchError> + Send,
    ) -> PyResult<PyObject> {
        let Some(other) = to_game(other)? else {
            return Ok(py.NotImplemented());
        };
        let (g, h) = (self.id, other.id);
        let id = with_store(py, |store| f(store, g, h))?;
        Ok(Game { id }.into_pyobject(py)?.into_any().unbind())
    }

    fn birthday_now(&self) -> String {
        store()
            .birthday(self.id)
            .map(|day| day.to_string())
            .unwrap_or_else(|_| "?".to_string())
    }
}

/// The games of a `left=` or `right=` argument.
fn options_of(options: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<GameId>> {
    let Some(options) = options else {
        return Ok(Vec::new());
    };
    options
        .try_iter()?
        .map(|option| Ok(game_of(&option?)?.id))
        .collect()
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The value of an expression in the language of the texts and CGSuite: `{2||1|0} + ^`,
/// `*3 + *5`, `Tiny(2)`, `^.Pow(3)`. A syntax error raises `ParseError` with its column.
#[pyfunction]
fn game(py: Python<'_>, expression: &str) -> PyResult<Game> {
    interrupt::fresh();
    py.allow_threads(|| conway::lang::eval_game(expression, &mut store()))
        .map(|id| Game { id })
        .map_err(lang_error)
}

/// A nimber `*n`, an element of the nim field: `+` is the nim-sum, `*` the nim-product, and
/// `int`s mix in as nimbers (`Nimber(3) + 5 == Nimber(6)`).
#[pyclass(module = "conway", frozen)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Nimber {
    value: u128,
}

/// An `int` or a `Nimber` as a nimber's value; `None` for other types.
fn nimber_value(value: &Bound<'_, PyAny>) -> PyResult<Option<u128>> {
    if let Ok(nimber) = value.downcast::<Nimber>() {
        return Ok(Some(nimber.get().value));
    }
    if value.is_instance_of::<pyo3::types::PyInt>()
        && !value.is_instance_of::<pyo3::types::PyBool>()
    {
        return value.extract::<u128>().map(Some).map_err(|_| {
            parse_error(
                format!(
                    "{} is not a nimber: nimbers go from 0 to 2^128 - 1",
                    value.str().map(|s| s.to_string()).unwrap_or_default()
                ),
                None,
            )
        });
    }
    Ok(None)
}

#[pymethods]
impl Nimber {
    /// The nimber `*n`, for `0 <= n < 2^128`.
    #[new]
    fn new(n: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        match nimber_value(n)? {
            Some(value) => Ok(Nimber { value }),
            None => Err(PyTypeError::new_err("a nimber is made from an int")),
        }
    }

    /// Its multiplicative inverse in the nim field; `ZeroDivisionError` for `*0`.
    fn inverse(&self) -> PyResult<Nimber> {
        nim_inv_u128(self.value)
            .map(|value| Nimber { value })
            .ok_or_else(|| PyZeroDivisionError::new_err("*0 has no inverse"))
    }

    /// Its square root in the nim field (every nimber has exactly one).
    fn sqrt(&self) -> Nimber {
        Nimber {
            value: nim_sqrt_u128(self.value),
        }
    }

    /// The nimber as a short game.
    fn game(&self, py: Python<'_>) -> PyResult<Game> {
        let n = self.value;
        with_store(py, |store| store.nimber(n)).map(|id| Game { id })
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        match nimber_value(other)? {
            Some(b) => nimber_object(py, nim_sum(self.value, b)),
            None => Ok(py.NotImplemented()),
        }
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.__add__(py, other)
    }

    /// In the nim field, subtraction is addition.
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.__add__(py, other)
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.__add__(py, other)
    }

    fn __neg__(&self) -> Nimber {
        *self
    }

    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        match nimber_value(other)? {
            Some(b) => nimber_object(py, nim_mul_u128(self.value, b)),
            None => Ok(py.NotImplemented()),
        }
    }

    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.__mul__(py, other)
    }

    fn __truediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        match nimber_value(other)? {
            Some(b) => {
                let inverse = Nimber { value: b }.inverse()?;
                nimber_object(py, nim_mul_u128(self.value, inverse.value))
            }
            None => Ok(py.NotImplemented()),
        }
    }

    /// `self` to an `int` power in the nim field (negative powers of nonzero nimbers too):
    /// the nonzero nimbers below 2^128 are a group of order 2^128 - 1.
    fn __pow__(
        &self,
        exponent: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Nimber> {
        if modulo.is_some() {
            return Err(PyTypeError::new_err("a nimber's power takes no modulus"));
        }
        if !exponent.is_instance_of::<pyo3::types::PyInt>() {
            return Err(PyTypeError::new_err(
                "a nimber's power takes an int exponent",
            ));
        }
        let negative = exponent.lt(0)?;
        if self.value == 0 {
            return match (negative, exponent.eq(0)?) {
                (true, _) => Err(PyZeroDivisionError::new_err("*0 has no inverse")),
                (false, zero) => Ok(Nimber {
                    value: u128::from(zero),
                }),
            };
        }
        let reduced: u128 = exponent.call_method1("__mod__", (u128::MAX,))?.extract()?;
        Ok(Nimber {
            value: conway::nimber::nim_pow_u128(self.value, reduced),
        })
    }

    fn __rtruediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        match nimber_value(other)? {
            Some(a) => nimber_object(py, nim_mul_u128(a, self.inverse()?.value)),
            None => Ok(py.NotImplemented()),
        }
    }

    /// Equal to the nimbers and `int`s of the same value. Ordered as games: two different
    /// nimbers are confused, so `<` and `>` never hold and `<=` only between equal ones.
    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<PyObject> {
        let Ok(Some(other)) = nimber_value(other) else {
            return Ok(py.NotImplemented());
        };
        let equal = self.value == other;
        truth(
            py,
            match op {
                CompareOp::Eq | CompareOp::Le | CompareOp::Ge => equal,
                CompareOp::Ne => !equal,
                CompareOp::Lt | CompareOp::Gt => false,
            },
        )
    }

    /// The hash of the `int` of the same value, so that a nimber and its `int` key a `dict`
    /// alike.
    fn __hash__(&self) -> isize {
        int_hash(self.value)
    }

    fn __int__(&self) -> u128 {
        self.value
    }

    fn __index__(&self) -> u128 {
        self.value
    }

    fn __bool__(&self) -> bool {
        self.value != 0
    }

    fn __str__(&self) -> String {
        match self.value {
            0 => "0".to_string(),
            1 => "*".to_string(),
            n => format!("*{n}"),
        }
    }

    fn __repr__(&self) -> String {
        format!("conway.Nimber({})", self.value)
    }
}

/// A truth value as a Python object.
fn truth(py: Python<'_>, truth: bool) -> PyResult<PyObject> {
    Ok(truth.into_pyobject(py)?.to_owned().into_any().unbind())
}

/// Python's hash of the `int` `n`: `n` modulo the Mersenne prime 2^61 - 1.
fn int_hash(n: u128) -> isize {
    const MODULUS: u128 = (1 << 61) - 1;
    (n % MODULUS) as isize
}

fn nimber_object(py: Python<'_>, value: u128) -> PyResult<PyObject> {
    Ok(Nimber { value }.into_pyobject(py)?.into_any().unbind())
}

/// The thermograph of a game: two walls of `(temperature, value)` breakpoints from
/// temperature -1 up, meeting at the temperature in the mast at the mean. In a notebook it
/// draws itself as the texts do (value growing to the left).
#[pyclass(module = "conway", frozen)]
pub struct Thermograph {
    walls: Walls,
}

#[pymethods]
impl Thermograph {
    /// The left wall's breakpoints, `(temperature, value)` as `Fraction`s.
    #[getter]
    fn left_wall<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        wall_points(py, self.walls.left_wall())
    }

    /// The right wall's breakpoints, `(temperature, value)` as `Fraction`s.
    #[getter]
    fn right_wall<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        wall_points(py, self.walls.right_wall())
    }

    /// Where the walls meet: the mean, as a `Fraction`.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.walls.mean())
    }

    /// The temperature at which the walls meet, as a `Fraction`.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, self.walls.temperature())
    }

    /// The picture, as SVG.
    fn svg(&self) -> String {
        self.walls.to_svg()
    }

    fn _repr_svg_(&self) -> String {
        self.walls.to_svg()
    }

    fn __repr__(&self) -> String {
        format!(
            "<conway.Thermograph mean {} temperature {}>",
            self.walls.mean(),
            self.walls.temperature()
        )
    }
}

fn wall_points<'py>(py: Python<'py>, wall: &conway::short::Wall) -> PyResult<Bound<'py, PyList>> {
    let points = wall
        .points()
        .map(|(t, v)| Ok((fraction(py, t)?, fraction(py, v)?)))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, points)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Nimber>()?;
    m.add_class::<Thermograph>()?;
    m.add_function(wrap_pyfunction!(game, m)?)?;
    Ok(())
}
