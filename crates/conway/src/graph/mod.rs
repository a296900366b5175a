//! Games on explicit directed graphs, cycles allowed: the game graph of a position
//! (Definition 1.4), its win/loss/draw labelling by retrograde analysis, and its kernel
//! (Theorem 1.1).
//!
//! A [`Graph`] is built once, by exploring every position reachable from a root
//! ([`Graph::explore`]) or from an explicit list of edges ([`Graph::from_edges`]), and then
//! answers every question in time linear in its size. Vertices are `u32` ids into compact
//! adjacency arrays (compressed sparse rows) in both directions, because retrograde analysis
//! walks the moves backwards; a position is stored once, in the vertex order.
//!
//! ```
//! use conway::engine::{Limits, Meter, Outcome, Play};
//! use conway::graph::Graph;
//!
//! // A heap from which a move takes 1, 2 or 3 chips (Example 1.1).
//! let take = |&n: &u64| (1..=3).filter(|&t| t <= n).map(|t| n - t).collect();
//! let mut meter = Meter::new(Limits::default());
//! let graph = Graph::explore(21, &mut meter, take, |_| None).unwrap();
//! let labels = graph.solve(Play::Normal);
//! // 21 chips: the mover wins in 11 moves, and the only winning move leaves 20.
//! assert_eq!((labels.outcome(0), labels.depth(0)), (Outcome::N, Some(11)));
//! let wins: Vec<u64> = graph
//!     .successors(0)
//!     .iter()
//!     .filter(|&&v| labels.outcome(v) == Outcome::P)
//!     .map(|&v| *graph.position(v))
//!     .collect();
//! assert_eq!(wins, [20]);
//! ```

mod adjacency;
mod components;
mod compound;
mod gamma;
mod intern;
mod kernel;
mod label;
mod partizan;
mod report;
#[cfg(test)]
mod tests;
mod text;

pub use compound::{analyse, Compound, CompoundAnalysis, CompoundError, Method, ProductGraph};
pub use gamma::{Gamma, GammaLabels, SumAnalysis, SumMove};
pub use kernel::Kernel;
pub use label::Labels;
pub use partizan::{PartizanGraph, PartizanLabels, PartizanOutcome, Winner};
pub use report::{GraphReport, PartizanReport, SumReport, TokenMove};
pub use text::{GraphText, ReadError, TextError};

use crate::engine::{Footprint, Meter, SearchError};
use adjacency::Adjacency;
pub(crate) use components::sinks_first;
use intern::Interner;
use std::hash::Hash;
use std::mem::size_of;
use thiserror::Error;

/// Why a graph cannot be built or cannot answer.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum GraphError {
    /// An edge names a vertex past the last.
    #[error("the edge {from} → {to} names a vertex that does not exist: the graph has {vertex_count} vertices, numbered from 0")]
    NoSuchVertex {
        /// The vertex the edge leaves.
        from: u32,
        /// The vertex the edge enters.
        to: u32,
        /// How many vertices the graph has.
        vertex_count: usize,
    },
    /// More vertices or edges than `u32` ids number.
    #[error("a graph may have at most {} vertices and as many edges", u32::MAX)]
    TooLarge,
    /// A partizan graph given where an impartial one is needed.
    #[error("the graph is partizan (Left and Right have different moves), and this needs an impartial one")]
    Partizan,
    /// A cycle in a graph whose question (remoteness, suspense) needs a game that ends.
    #[error("the graph has a cycle, {}: remoteness and suspense are defined only for games that end", show_cycle(.cycle))]
    Cycle {
        /// The vertices of one cycle in order, the first not repeated at the end.
        cycle: Vec<u32>,
    },
}

/// A cycle as `0 → 3 → 0`.
fn show_cycle(cycle: &[u32]) -> String {
    let mut shown: Vec<String> = cycle.iter().map(u32::to_string).collect();
    shown.extend(cycle.first().map(u32::to_string));
    shown.join(" → ")
}

/// A finite directed game graph: the positions and the moves between them. Vertex 0 is the
/// root, where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph<P> {
    positions: Vec<P>,
    successors: Adjacency,
    predecessors: Adjacency,
}

/// What the hash map that finds positions spends per vertex: its entry (a hash and an id), a
/// control byte and room for the free slots it keeps.
const ENTRY_BYTES: u64 = 32;

/// Bytes a vertex holds besides its position: its entry in the map, its chain link, its two
/// offsets and its stamp during exploration.
const VERTEX_BYTES: u64 = ENTRY_BYTES + 4 * size_of::<u32>() as u64;

/// Bytes an edge holds: its target among the successors and its source among the predecessors.
const EDGE_BYTES: u64 = 2 * size_of::<u32>() as u64;

impl<P: Clone + Eq + Hash + Footprint> Graph<P> {
    /// Explores, breadth first, every position reachable from `root`, which becomes vertex 0.
    ///
    /// `options` lists the moves of a position; listing the same option twice makes one edge.
    /// Every option listed counts against the meter, and where `option_bound` knows how many
    /// options a position has, that many must fit the meter before they are listed, so that a
    /// position with a billion options is refused rather than listed. The positions and the
    /// arrays are checked against the meter's memory limit as they grow. Cycles are fine: a
    /// position seen again is the same vertex.
    pub fn explore(
        root: P,
        meter: &mut Meter,
        mut options: impl FnMut(&P) -> Vec<P>,
        option_bound: impl Fn(&P) -> Option<u64>,
    ) -> Result<Graph<P>, SearchError> {
        let too_large = SearchError::TooBig {
            limit: u64::from(u32::MAX),
        };
        meter.list(root.footprint())?;
        let mut held = root.footprint() as u64 + VERTEX_BYTES;
        meter.hold(held)?;
        let mut vertices = Interner::new();
        // The first position always gets id 0.
        let _ = vertices.intern(root);
        let mut offsets = vec![0];
        let mut targets = Vec::new();
        // `stamp[w]` is the last vertex that moved to `w`: a repeated option of the vertex
        // being explored finds its own id there, so edges are deduplicated in constant time.
        let mut stamp = vec![u32::MAX];
        let mut v = 0;
        while v < vertices.positions().len() {
            let source = v as u32;
            let here = &vertices.positions()[v];
            if let Some(bound) = option_bound(here) {
                meter.room_for_positions(bound, here.footprint(), held)?;
            }
            for option in options(here) {
                let bytes = option.footprint();
                meter.list(bytes)?;
                let (w, new) = vertices.intern(option).map_err(|_| too_large.clone())?;
                if new {
                    stamp.push(u32::MAX);
                    held += bytes as u64 + VERTEX_BYTES;
                }
                if stamp[w as usize] != source {
                    stamp[w as usize] = source;
                    targets.push(w);
                    held += EDGE_BYTES;
                }
            }
            meter.hold(held)?;
            offsets.push(u32::try_from(targets.len()).map_err(|_| too_large.clone())?);
            v += 1;
        }
        // The graph stays held while it is analysed.
        meter.hold_more(held)?;
        let positions = vertices.into_positions();
        let successors = Adjacency { offsets, targets };
        let predecessors = successors.reversed();
        Ok(Graph {
            positions,
            successors,
            predecessors,
        })
    }
}

/// The lists of neighbours of `vertex_count` vertices holding each edge (from, to) once, or
/// the first edge that names a vertex that does not exist. The caller keeps the counts within
/// `u32`.
fn lists_of_edges(vertex_count: usize, edges: &[(u32, u32)]) -> Result<Adjacency, GraphError> {
    if let Some(&(from, to)) = edges
        .iter()
        .find(|&&(from, to)| from as usize >= vertex_count || to as usize >= vertex_count)
    {
        return Err(GraphError::NoSuchVertex {
            from,
            to,
            vertex_count,
        });
    }
    Ok(Adjacency::group(vertex_count, edges.iter().copied()).deduplicated())
}

impl Graph<()> {
    /// The graph of numbered vertices with these successor lists (a state graph, a product
    /// graph), with its predecessor lists.
    fn numbered(successors: Adjacency) -> Graph<()> {
        Graph {
            positions: vec![(); successors.offsets.len() - 1],
            predecessors: successors.reversed(),
            successors,
        }
    }
}

impl<P> Graph<P> {
    /// The same graph on other positions: vertex `v` becomes `f(position(v))`.
    pub fn map<Q>(self, f: impl FnMut(P) -> Q) -> Graph<Q> {
        Graph {
            positions: self.positions.into_iter().map(f).collect(),
            successors: self.successors,
            predecessors: self.predecessors,
        }
    }

    /// The graph on `positions` (vertex `i` is `positions[i]`) with the moves `edges`, each a
    /// pair (from, to) of vertex numbers. A repeated edge is one edge; loops are allowed.
    pub fn from_edges(positions: Vec<P>, edges: &[(u32, u32)]) -> Result<Graph<P>, GraphError> {
        let vertex_count = positions.len();
        if vertex_count > u32::MAX as usize || edges.len() > u32::MAX as usize {
            return Err(GraphError::TooLarge);
        }
        let successors = lists_of_edges(vertex_count, edges)?;
        let predecessors = successors.reversed();
        Ok(Graph {
            positions,
            successors,
            predecessors,
        })
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the graph has no vertex at all (only an empty list of edges can make one).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The number of moves (edges).
    pub fn edge_count(&self) -> usize {
        self.successors.targets.len()
    }

    /// The position of vertex `v`.
    pub fn position(&self, v: u32) -> &P {
        &self.positions[v as usize]
    }

    /// Every position, in vertex order.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The vertices one move from `v` (its followers), each once.
    pub fn successors(&self, v: u32) -> &[u32] {
        self.successors.of(v)
    }

    /// The vertices one move before `v`, each once, in increasing order.
    pub fn predecessors(&self, v: u32) -> &[u32] {
        self.predecessors.of(v)
    }

    /// Whether `v` has no move.
    pub fn is_terminal(&self, v: u32) -> bool {
        self.successors.of(v).is_empty()
    }
}
