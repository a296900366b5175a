//! Game graphs given by their edges: `GraphAnalysis` and `graph()`, and how the edges are
//! read from text, pairs, a dict or a networkx graph.

use super::{code, html_escape, play_name, play_of, run, type_name};
use crate::errors::{parse_error, search_error, ConwayError};
use crate::interrupt;
use crate::limits::{self, Count};
use conway::engine::{Meter, Outcome, SearchError};
use conway::graph::{Graph, GraphReport, GraphText, Kernel, ReadError};
use pyo3::exceptions::{PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::collections::{HashMap, HashSet};

/// The most vertices a graph's notebook table lists.
const MAX_TABLE_VERTICES: usize = 1000;

/// A game graph analysed: each vertex's outcome (P, N, or D for a draw), its depth (the
/// moves to the end under best play) and its generalised Sprague–Grundy value γ, and a kernel.
#[pyclass(module = "conway", name = "GraphAnalysis", frozen)]
struct GraphObject {
    report: GraphReport,
    index: HashMap<String, u32>,
}

impl GraphObject {
    fn vertex(&self, v: &Bound<'_, PyAny>) -> PyResult<u32> {
        let name = vertex_name(v)?;
        self.index
            .get(&name)
            .copied()
            .ok_or_else(|| PyKeyError::new_err(format!("the graph has no vertex named {name:?}")))
    }

    fn name(&self, v: u32) -> &str {
        self.report.graph.position(v)
    }

    fn names(&self, vertices: &[u32]) -> Vec<String> {
        vertices.iter().map(|&v| self.name(v).to_string()).collect()
    }

    fn gamma_object(&self, py: Python<'_>, v: u32) -> PyResult<Option<PyObject>> {
        self.report
            .gamma(v)
            .map(|gamma| match gamma.finite() {
                Some(n) => Ok(n.into_pyobject(py)?.into_any().unbind()),
                None => Ok(PyString::new(py, &gamma.to_string()).into_any().unbind()),
            })
            .transpose()
    }

    fn in_kernel(&self) -> HashSet<u32> {
        match &self.report.kernel {
            Kernel::Found { vertices, .. } => vertices.iter().copied().collect(),
            _ => HashSet::new(),
        }
    }
}

#[pymethods]
impl GraphObject {
    /// The names of the vertices, in the order they were first named.
    #[getter]
    fn vertices(&self) -> Vec<String> {
        self.report.graph.positions().to_vec()
    }

    /// "normal" or "misere".
    #[getter]
    fn play(&self) -> &'static str {
        play_name(self.report.play)
    }

    /// Who wins a token on `v`: "P" (the player to move loses), "N" or "D" (a draw).
    fn outcome(&self, v: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        Ok(self.report.labels.outcome(self.vertex(v)?).letters())
    }

    /// The moves to the end from `v` under best play (the winner hurries, the loser delays):
    /// 0 at a vertex without moves; None at a draw.
    fn depth(&self, v: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        Ok(self.report.labels.depth(self.vertex(v)?))
    }

    /// γ of `v`: an int, or a str "inf(K)" for an infinite value whose finite options are
    /// K ("inf" where there are none). None under misère play (γ is a normal-play function).
    fn gamma(&self, py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<Option<PyObject>> {
        self.gamma_object(py, self.vertex(v)?)
    }

    /// The vertices one move from `v`.
    fn options(&self, v: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        Ok(self.names(self.report.graph.successors(self.vertex(v)?)))
    }

    /// The moves from `v` that best play chooses from, best first: from N the moves to P,
    /// quickest first; from P every move, the longest delay first; from D the moves that
    /// keep the draw.
    fn best_moves(&self, v: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let v = self.vertex(v)?;
        Ok(self.names(&self.report.labels.best_moves(&self.report.graph, v)))
    }

    /// A kernel: the P-positions, with a kernel of the draws where there are draws; None
    /// where there is none or the search for one stopped (`kernel_reason` says which).
    #[getter]
    fn kernel(&self) -> Option<Vec<String>> {
        match &self.report.kernel {
            Kernel::Found { vertices, .. } => Some(self.names(vertices)),
            _ => None,
        }
    }

    /// Whether the kernel is the graph's only one: None where the search for a second one
    /// stopped at its bound, or no kernel was found.
    #[getter]
    fn kernel_unique(&self) -> Option<bool> {
        match &self.report.kernel {
            Kernel::Found { unique, .. } => *unique,
            _ => None,
        }
    }

    /// Why there is no kernel to show; None where one was found.
    #[getter]
    fn kernel_reason(&self) -> Option<String> {
        self.report.kernel.reason()
    }

    fn __len__(&self) -> usize {
        self.report.graph.len()
    }

    fn __contains__(&self, v: &Bound<'_, PyAny>) -> bool {
        self.vertex(v).is_ok()
    }

    /// The analysis as `conway graph FILE --json` writes it: game, file, play, positions
    /// (each with position, outcome, depth, gamma as a str, options as indices), then kernel
    /// with kernel_unique, or kernel None with kernel_reason.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let report = &self.report;
        let dict = PyDict::new(py);
        dict.set_item("game", &report.game)?;
        dict.set_item("file", &report.file)?;
        dict.set_item("play", play_name(report.play))?;
        let positions = PyList::empty(py);
        for v in 0..report.graph.len() as u32 {
            let node = PyDict::new(py);
            node.set_item("position", self.name(v))?;
            node.set_item("outcome", report.labels.outcome(v).letters())?;
            node.set_item("depth", report.labels.depth(v))?;
            node.set_item("gamma", report.gamma(v).map(|g| g.to_string()))?;
            node.set_item("options", report.graph.successors(v).to_vec())?;
            positions.append(node)?;
        }
        dict.set_item("positions", positions)?;
        match &report.kernel {
            Kernel::Found { vertices, unique } => {
                dict.set_item("kernel", self.names(vertices))?;
                dict.set_item("kernel_unique", *unique)?;
            }
            other => {
                dict.set_item("kernel", py.None())?;
                dict.set_item("kernel_reason", other.reason())?;
            }
        }
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        let count = |outcome| {
            let outcomes = self.report.labels.outcomes();
            outcomes.iter().filter(|&&o| o == outcome).count()
        };
        format!(
            "<conway.GraphAnalysis {} vertices, {} moves ({} play): {} P, {} N, {} D>",
            self.report.graph.len(),
            self.report.graph.edge_count(),
            play_name(self.report.play),
            count(Outcome::P),
            count(Outcome::N),
            count(Outcome::D)
        )
    }

    /// A table of the vertices (the first thousand): outcome, depth, γ, options and whether
    /// the vertex is in the kernel.
    fn _repr_html_(&self) -> String {
        let report = &self.report;
        let kernel = self.in_kernel();
        let mut html = format!(
            "<div class=\"conway-graph\"><p>{} vertices, {} moves, {} play; kernel: {}</p>",
            report.graph.len(),
            report.graph.edge_count(),
            play_name(report.play),
            match &report.kernel {
                Kernel::Found { unique, .. } => match unique {
                    Some(true) => "marked K (the only one)".to_string(),
                    Some(false) => "marked K (one of several)".to_string(),
                    None => "marked K (whether it is the only one is unknown)".to_string(),
                },
                other => html_escape(&other.reason().unwrap_or_default()),
            }
        );
        html.push_str(
            "<table><thead><tr><th>vertex</th><th>outcome</th><th>depth</th><th>γ</th>\
             <th>options</th><th>kernel</th></tr></thead><tbody>",
        );
        for v in 0..report.graph.len().min(MAX_TABLE_VERTICES) as u32 {
            let options = self.names(report.graph.successors(v)).join(" ");
            html.push_str(&format!(
                "<tr><td>{}</td><td><b>{}</b></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                code(self.name(v)),
                report.labels.outcome(v).letters(),
                report.labels.depth(v).map_or("–".to_string(), |d| d.to_string()),
                report.gamma(v).map_or("–".to_string(), |g| g.to_string()),
                code(&options),
                if kernel.contains(&v) { "K" } else { "" },
            ));
        }
        html.push_str("</tbody></table>");
        if report.graph.len() > MAX_TABLE_VERTICES {
            html.push_str(&format!(
                "<p>the first {MAX_TABLE_VERTICES} of {} vertices shown</p>",
                report.graph.len()
            ));
        }
        html.push_str("</div>");
        html
    }
}

/// A graph given in Python: its vertices' names and its moves.
#[derive(Default)]
struct Edges {
    names: Vec<String>,
    /// The Python value first named by each name: two different values with one name
    /// (`1` and `"1"`) are an error, not one vertex.
    values: Vec<PyObject>,
    index: HashMap<String, u32>,
    edges: Vec<(u32, u32)>,
}

impl Edges {
    fn vertex(&mut self, v: &Bound<'_, PyAny>) -> PyResult<u32> {
        let name = vertex_name(v)?;
        if let Some(&i) = self.index.get(&name) {
            let first = self.values[i as usize].bind(v.py());
            if !first.is(v) && !first.eq(v)? {
                return Err(parse_error(
                    format!(
                        "two different vertices, {} and {}, are both named '{name}': a graph's vertices are named by their str",
                        first.repr()?,
                        v.repr()?
                    ),
                    None,
                ));
            }
            return Ok(i);
        }
        let i = u32::try_from(self.names.len())
            .map_err(|_| ConwayError::new_err("a graph may have at most 2^32 - 1 vertices"))?;
        self.index.insert(name.clone(), i);
        self.names.push(name);
        self.values.push(v.clone().unbind());
        Ok(i)
    }

    fn edge(&mut self, from: &Bound<'_, PyAny>, to: &Bound<'_, PyAny>) -> PyResult<()> {
        let (from, to) = (self.vertex(from)?, self.vertex(to)?);
        self.edges.push((from, to));
        Ok(())
    }

    /// The bytes the graph's names, moves and lists take, roughly: what the meter holds
    /// before the graph is built.
    fn bytes(&self) -> u64 {
        let names: usize = self.names.iter().map(|n| n.len() + 96).sum();
        (names + self.edges.len() * 24 + self.names.len() * 16) as u64
    }

    /// The edges of a networkx graph (or anything with `nodes()` and `edges()`): every node,
    /// isolated ones too, and each edge, both ways where the graph says it is undirected.
    fn networkx(graph: &Bound<'_, PyAny>) -> PyResult<Edges> {
        let mut edges = Edges::default();
        for node in graph.call_method0("nodes")?.try_iter()? {
            edges.vertex(&node?)?;
        }
        let directed = match graph.hasattr("is_directed")? {
            true => graph.call_method0("is_directed")?.is_truthy()?,
            false => true,
        };
        for edge in graph.call_method0("edges")?.try_iter()? {
            let edge = edge?;
            let (from, to) = (edge.get_item(0)?, edge.get_item(1)?);
            edges.edge(&from, &to)?;
            if !directed {
                edges.edge(&to, &from)?;
            }
        }
        Ok(edges)
    }

    /// The edges of a dict `{vertex: [options]}`: every key is a vertex.
    fn mapping(graph: &Bound<'_, PyDict>) -> PyResult<Edges> {
        let mut edges = Edges::default();
        for (from, options) in graph.iter() {
            edges.vertex(&from)?;
            for to in options.try_iter()? {
                edges.edge(&from, &to?)?;
            }
        }
        Ok(edges)
    }

    /// The edges of a list of pairs `(u, v)`.
    fn pairs(graph: &Bound<'_, PyAny>) -> PyResult<Edges> {
        let mut edges = Edges::default();
        for pair in graph.try_iter()? {
            let pair = pair?;
            let (from, to): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
                pair.extract().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "a graph's edges are pairs (u, v), not {}",
                        type_name(&pair)
                    ))
                })?;
            edges.edge(&from, &to)?;
        }
        Ok(edges)
    }
}

/// The name of a vertex given in Python: a str as it is, anything else as its `str`.
fn vertex_name(v: &Bound<'_, PyAny>) -> PyResult<String> {
    match v.downcast::<PyString>() {
        Ok(name) => name.extract::<String>(),
        Err(_) => Ok(v.str()?.to_string()),
    }
}

/// A graph file's error as the exception it is: text that does not read is a `ParseError`
/// with its `line` and `column`.
fn read_error(error: ReadError) -> PyErr {
    match error {
        ReadError::Text(error) => {
            let line = error.line;
            let raised = parse_error(error.to_string(), error.column);
            Python::with_gil(|py| {
                let _ = raised.value(py).setattr("line", line);
            });
            raised
        }
        ReadError::Graph(error) => ConwayError::new_err(error.to_string()),
        ReadError::Limit(error) => search_error(error),
    }
}

/// The analysis of a game graph, cycles allowed: each vertex's outcome, depth and γ, and a
/// kernel.
///
/// `edges` is the text of a graph file (`"a -> b c"` lines, `#` comments: see the README's
/// "Game graphs in files"), a list of pairs `(u, v)` (any values, named by `str`), a dict
/// `{u: [v, ...]}`, or a networkx graph (its nodes, isolated ones included, and edges).
#[pyfunction]
#[pyo3(signature = (edges, *, misere=false, max_positions=None, max_memory=None))]
fn graph(
    py: Python<'_>,
    edges: &Bound<'_, PyAny>,
    misere: bool,
    max_positions: Option<Count>,
    max_memory: Option<Count>,
) -> PyResult<GraphObject> {
    let limits = limits::of_call(max_positions, max_memory);
    let play = play_of(misere);
    let input = if let Ok(text) = edges.downcast::<PyString>() {
        Err(text.extract::<String>()?)
    } else if edges.hasattr("nodes")? && edges.hasattr("edges")? {
        Ok(Edges::networkx(edges)?)
    } else if let Ok(mapping) = edges.downcast::<PyDict>() {
        Ok(Edges::mapping(mapping)?)
    } else {
        Ok(Edges::pairs(edges)?)
    };
    let report = run(py, false, move || -> Result<GraphReport, PyErrLater> {
        let budget = interrupt::budget(limits);
        let mut meter = Meter::new(limits)
            .with_progress(budget.progress)
            .with_interrupt(budget.interrupt);
        let graph = match input {
            Err(text) => {
                let text = GraphText::parse(&text, &mut meter).map_err(PyErrLater::Read)?;
                if text.right_moves.is_some() {
                    return Err(PyErrLater::Partizan);
                }
                text.into_graph(&mut meter).map_err(PyErrLater::Read)?
            }
            Ok(edges) => {
                meter.hold_more(edges.bytes()).map_err(PyErrLater::Search)?;
                Graph::from_edges(edges.names, &edges.edges)
                    .map_err(|e| PyErrLater::Read(e.into()))?
            }
        };
        GraphReport::new(None, None, graph, play, limits.max_positions, &mut meter)
            .map_err(PyErrLater::Search)
    })?
    .map_err(PyErrLater::raise)?;
    let index = report
        .graph
        .positions()
        .iter()
        .enumerate()
        .map(|(i, name)| (name.clone(), i as u32))
        .collect();
    Ok(GraphObject { report, index })
}

/// An error found without the GIL, raised once it is held again.
enum PyErrLater {
    Read(ReadError),
    Search(SearchError),
    Partizan,
}

impl PyErrLater {
    fn raise(self) -> PyErr {
        match self {
            PyErrLater::Read(error) => read_error(error),
            PyErrLater::Search(error) => search_error(error),
            PyErrLater::Partizan => ConwayError::new_err(
                "the graph is partizan (a line has `|`): conway.graph analyses impartial graphs, whose vertices have the same moves for both players",
            ),
        }
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GraphObject>()?;
    m.add_function(wrap_pyfunction!(graph, m)?)?;
    Ok(())
}
