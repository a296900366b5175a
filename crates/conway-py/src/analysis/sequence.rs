//! The nim-sequences of heap games: `Sequence` and `seq()`.

use super::run;
use crate::errors::{rule_error, LimitError};
use crate::limits::Count;
use crate::{interrupt, limits};
use conway::analysis::RuleError;
use conway::engine::{show_bytes, Limits, SearchError};
use conway::games::ruleset;
use conway::heap::{sequence_work_limit, Detected};
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice};
use std::mem::size_of;

/// The nim values of single heaps of sizes 0..n of a heap game, and the period they show.
///
/// `values` is an `array.array('Q')` (so `numpy.asarray(seq.values)` views it), `seq[k]` the
/// value of heap k; `period`, `preperiod` and `saltus` describe the period found (None where
/// none is), and `proved` says whether the rule's periodicity theorem proves it for every
/// heap.
#[pyclass(module = "conway", name = "Sequence", frozen)]
struct SequenceObject {
    game: String,
    to: u64,
    /// The values of the heaps computed: heaps 0..computed.
    computed: Vec<u64>,
    detected: Option<Detected>,
    max_value: u64,
}

impl SequenceObject {
    /// The value of heap `n`; none past the last heap or past 2^64.
    fn value(&self, n: u64) -> Option<u64> {
        if n > self.to {
            return None;
        }
        if let Some(&value) = self.computed.get(n as usize) {
            return Some(value);
        }
        let period = self.detected?.period;
        if n < period.preperiod.saturating_add(period.period) {
            return None;
        }
        period.value_at(n, |m| self.computed[m as usize])
    }

    fn value_or_error(&self, n: u64) -> PyResult<u64> {
        self.value(n).ok_or_else(|| past_u64(n))
    }

    fn length(&self) -> PyResult<isize> {
        isize::try_from(self.to)
            .ok()
            .and_then(|to| to.checked_add(1))
            .ok_or_else(|| PyOverflowError::new_err("the sequence is longer than Python counts"))
    }
}

#[pymethods]
impl SequenceObject {
    /// The game, with its parameters.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The last heap: the sequence holds heaps 0..to.
    #[getter]
    fn to(&self) -> u64 {
        self.to
    }

    /// The values, heap 0 first, as an `array.array('Q')`. A sequence whose values would take
    /// more bytes than the session's memory limit raises `LimitError`.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let count = self.to.saturating_add(1);
        let limit = limits::of_call(None, None).max_memory;
        if count.saturating_mul(8) > limit {
            let error = LimitError::new_err(format!(
                "the values of heaps 0..{} take {} bytes, more than the memory limit of {}; index or slice the sequence instead, or raise the limit max_memory",
                self.to,
                count.saturating_mul(8),
                show_bytes(limit)
            ));
            error.value(py).setattr("limit", "max_memory")?;
            return Err(error);
        }
        let bytes = py.allow_threads(|| {
            let mut bytes = Vec::with_capacity(count as usize * 8);
            for n in 0..count {
                match self.value(n) {
                    Some(value) => bytes.extend_from_slice(&value.to_ne_bytes()),
                    None => return Err(n),
                }
            }
            Ok(bytes)
        });
        let bytes = bytes.map_err(past_u64)?;
        let array = py.import("array")?.getattr("array")?.call1(("Q",))?;
        array.call_method1("frombytes", (pyo3::types::PyBytes::new(py, &bytes),))?;
        Ok(array)
    }

    /// The period (the values repeat, or grow by `saltus`, every `period` heaps from heap
    /// `preperiod` on); None where none was found.
    #[getter]
    fn period(&self) -> Option<u64> {
        self.detected.map(|d| d.period.period)
    }

    /// The first heap from which the period holds; None where none was found.
    #[getter]
    fn preperiod(&self) -> Option<u64> {
        self.detected.map(|d| d.period.preperiod)
    }

    /// What the values gain over one period: 0 for a pure period, 4 for Lasker's Nim.
    #[getter]
    fn saltus(&self) -> Option<u64> {
        self.detected.map(|d| d.period.saltus)
    }

    /// Whether the period is proved for every heap (by the rule's periodicity theorem, or a
    /// closed form), not only seen in the values.
    #[getter]
    fn proved(&self) -> bool {
        self.detected.is_some_and(|d| d.proved)
    }

    /// How many heaps were computed; the others follow from the proved period.
    #[getter]
    fn computed(&self) -> usize {
        self.computed.len()
    }

    /// The largest value.
    #[getter]
    fn max_value(&self) -> u64 {
        self.max_value
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.length()? as usize)
    }

    /// The value of heap `index` (negative counts from the end), or a list for a slice.
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let len = self.length()?;
        if let Ok(slice) = index.downcast::<PySlice>() {
            let at = slice.indices(len)?;
            let mut values = Vec::with_capacity(at.slicelength);
            let mut i = at.start;
            for _ in 0..at.slicelength {
                values.push(self.value_or_error(i as u64)?);
                i += at.step;
            }
            return Ok(PyList::new(py, values)?.into_any().unbind());
        }
        let i: isize = index.extract().map_err(|_| {
            PyTypeError::new_err("a sequence is indexed by heap size (an int) or a slice")
        })?;
        let at = if i < 0 { i + len } else { i };
        if !(0..len).contains(&at) {
            return Err(PyIndexError::new_err(format!(
                "heap {i} is not in the sequence of heaps 0..{}",
                self.to
            )));
        }
        Ok(self
            .value_or_error(at as u64)?
            .into_pyobject(py)?
            .into_any()
            .unbind())
    }

    /// The picture: the value of each heap against its size, the preperiod and one period
    /// marked (the first `max_points` heaps).
    #[pyo3(signature = (max_points=2000))]
    fn svg(slf: &Bound<'_, Self>, max_points: usize) -> PyResult<String> {
        let py = slf.py();
        py.import("conway.pictures")?
            .getattr("sequence_svg")?
            .call1((slf, max_points))?
            .extract()
    }

    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        SequenceObject::svg(slf, 2000)
    }

    fn __repr__(&self) -> String {
        let period = match self.detected {
            Some(d) => format!(
                ", period {}{} from heap {} ({})",
                d.period.period,
                match d.period.saltus {
                    0 => String::new(),
                    s => format!(" with saltus {s}"),
                },
                d.period.preperiod,
                if d.proved { "proved" } else { "not proved" }
            ),
            None => ", no period found".to_string(),
        };
        format!(
            "<conway.Sequence {} heaps 0..{}{period}>",
            self.game, self.to
        )
    }
}

/// The error of a heap whose value is past 2^64.
fn past_u64(n: u64) -> PyErr {
    PyOverflowError::new_err(format!("the value of heap {n} is past 2^64"))
}

/// The nim values of single heaps of sizes 0..n of a heap game (`"kayles"`,
/// `"subtraction:1,3,4"`, `"octal:0.137"`), and the period they show. By default the work
/// limit grows with the heaps asked for (64 for each where that is more than the session's),
/// as for `conway seq`.
#[pyfunction]
#[pyo3(signature = (game, n, *, max_positions=None, max_memory=None))]
fn seq(
    py: Python<'_>,
    game: &str,
    n: &Bound<'_, PyAny>,
    max_positions: Option<Count>,
    max_memory: Option<Count>,
) -> PyResult<SequenceObject> {
    let n = heap_size(n)?;
    let mut limits = limits::of_call(max_positions, max_memory);
    let asked = sequence_work_limit(n);
    if max_positions.is_none() && asked > Limits::default().max_positions {
        limits.max_positions = limits.max_positions.max(asked);
    }
    let rules = ruleset(game).map_err(rule_error)?;
    let name = rules.name();
    let rules = &rules;
    run(py, false, move || {
        let sequence = rules.sequence(n, interrupt::budget(limits))?;
        // The values kept for Python count against the memory limit too.
        let kept = sequence.computed().saturating_mul(size_of::<u64>() as u64);
        if kept > limits.max_memory {
            let limit = limits.max_memory;
            return Err(RuleError::Search {
                game: rules.name(),
                source: SearchError::OutOfMemory { limit },
            });
        }
        let computed: Vec<u64> = (0..sequence.computed())
            .map_while(|k| sequence.value(k))
            .collect();
        Ok(SequenceObject {
            game: name,
            to: n,
            computed,
            detected: sequence.period(),
            max_value: sequence.max_value(),
        })
    })?
    .map_err(rule_error)
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SequenceObject>()?;
    m.add_function(wrap_pyfunction!(seq, m)?)?;
    Ok(())
}

/// The largest heap of a sequence, as asked: an `int` from 0 to 2^64 - 1.
fn heap_size(n: &Bound<'_, PyAny>) -> PyResult<u64> {
    let Count(size) = n.extract()?;
    if size == u64::MAX && n.gt(u64::MAX)? {
        return Err(past_u64_heap(n));
    }
    Ok(size)
}

fn past_u64_heap(n: &Bound<'_, PyAny>) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(format!("heaps go up to 2^64 - 1, and {n} is past it"))
}
