//! What `conway graph` tells of a game graph, whether it came from a ruleset's position or a
//! file: every vertex's outcome and depth, its γ value, and a kernel; and for a sum of tokens,
//! its outcome and its best moves.

use super::gamma::gamma_bytes;
use super::kernel::kernel_bytes;
use super::label::SOLVE_BYTES;
use super::{
    Gamma, GammaLabels, Graph, Kernel, Labels, PartizanGraph, PartizanLabels, SumAnalysis, Winner,
};
use crate::engine::{Meter, Outcome, Play, SearchError};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

/// A game graph with names for its vertices, analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphReport {
    /// The game whose positions the vertices are, or none for a graph read from a file.
    pub game: Option<String>,
    /// The file the graph was read from, if it was.
    pub file: Option<String>,
    /// Normal or misère play, which the labels and the kernel are under.
    pub play: Play,
    /// Vertex `v` is named `graph.position(v)`; for a ruleset, vertex 0 is the position asked
    /// about.
    pub graph: Graph<String>,
    /// The outcome and depth of each vertex under `play`.
    pub labels: Labels,
    /// γ of each vertex: a normal-play function, so none under misère play.
    pub gamma: Option<GammaLabels>,
    /// The kernel of the graph under `play`: under misère play, of the graph with a sink
    /// after every terminal vertex (book Corollary 1.2), so that where nothing is drawn it is
    /// the set of P-positions in either play.
    pub kernel: Kernel,
}

impl GraphReport {
    /// Analyses `graph` under `play`, counting against the meter's memory limit, before each
    /// step, what the step holds: the labels, γ and the search for a kernel (the graph itself
    /// was counted by whoever built it). The search for a kernel among draws may do about
    /// `work` vertex visits: a step of the search may visit every vertex, so it takes at most
    /// `work` / (number of vertices) steps.
    pub fn new(
        game: Option<String>,
        file: Option<String>,
        graph: Graph<String>,
        play: Play,
        work: u64,
        meter: &mut Meter,
    ) -> Result<GraphReport, SearchError> {
        let (n, m) = (graph.len(), graph.edge_count());
        meter.hold_more(SOLVE_BYTES * n as u64)?;
        let labels = graph.solve(play);
        let gamma = match play {
            Play::Normal => {
                meter.hold_more(gamma_bytes(n, m))?;
                Some(graph.gamma())
            }
            Play::Misere => None,
        };
        meter.hold_more(kernel_bytes(&graph, labels.outcomes()))?;
        let kernel_steps = work / (n as u64 + 1);
        let kernel = graph.kernel_of(labels.outcomes(), kernel_steps);
        Ok(GraphReport {
            game,
            file,
            play,
            graph,
            labels,
            gamma,
            kernel,
        })
    }

    /// The value of vertex `v`, under normal play.
    pub fn gamma(&self, v: u32) -> Option<Gamma> {
        self.gamma.as_ref().map(|gamma| gamma.value(v))
    }

    /// Where the vertices lie, for a title: the game and its position, or the file.
    pub fn title(&self) -> String {
        match (&self.game, &self.file) {
            (Some(game), _) if !self.graph.is_empty() => {
                format!("{game} {}", self.graph.position(0))
            }
            (_, Some(file)) => file.clone(),
            (game, None) => game.clone().unwrap_or_default(),
        }
    }
}

/// Written as `{game, file, play, positions: [{position, outcome, depth, gamma, options}],
/// kernel, kernel_unique | kernel_reason}`, one vertex at a time; `kernel` is a list of names
/// with `kernel_unique` true, false, or null where the search for a second kernel stopped at
/// its bound; or `kernel` is null with the reason.
impl Serialize for GraphReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// One vertex as JSON shows it.
        #[derive(Serialize)]
        struct Node<'a> {
            position: &'a str,
            outcome: Outcome,
            /// Moves to the end under best play; none at a draw.
            depth: Option<u32>,
            gamma: Option<Gamma>,
            /// Indices of the positions one move away.
            options: &'a [u32],
        }
        struct Nodes<'a>(&'a GraphReport);
        impl Serialize for Nodes<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let report = self.0;
                let graph = &report.graph;
                serializer.collect_seq((0..graph.len() as u32).map(|v| Node {
                    position: graph.position(v),
                    outcome: report.labels.outcome(v),
                    depth: report.labels.depth(v),
                    gamma: report.gamma(v),
                    options: graph.successors(v),
                }))
            }
        }
        struct Names<'a>(&'a Graph<String>, &'a [u32]);
        impl Serialize for Names<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_seq(self.1.iter().map(|&v| self.0.position(v)))
            }
        }
        let mut report = serializer.serialize_struct("GraphReport", 6)?;
        report.serialize_field("game", &self.game)?;
        report.serialize_field("file", &self.file)?;
        report.serialize_field("play", &self.play)?;
        report.serialize_field("positions", &Nodes(self))?;
        match &self.kernel {
            Kernel::Found { vertices, unique } => {
                report.serialize_field("kernel", &Names(&self.graph, vertices))?;
                report.serialize_field("kernel_unique", unique)?;
            }
            other => {
                report.serialize_field("kernel", &None::<()>)?;
                report.serialize_field("kernel_reason", &other.reason())?;
            }
        }
        report.end()
    }
}

/// A sum of tokens on the vertices of a graph, analysed by γ (normal play).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumReport<'g> {
    /// The graph the tokens are on, its vertices named.
    pub graph: &'g Graph<String>,
    /// The vertex of each token.
    pub tokens: Vec<u32>,
    /// The sum's value, outcome and best moves, by γ.
    pub analysis: SumAnalysis,
}

/// A move in a sum, as people read it: which token, from where, to where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TokenMove<'g> {
    /// Counted from 1.
    pub token: usize,
    /// The name of the vertex the token leaves.
    pub from: &'g str,
    /// The name of the vertex it moves to.
    pub to: &'g str,
}

impl<'g> SumReport<'g> {
    /// The sum of tokens on `tokens`, analysed by the γ values of `graph`, which are refused
    /// where they would pass the meter's memory limit.
    pub fn new(
        graph: &'g Graph<String>,
        tokens: Vec<u32>,
        meter: &mut Meter,
    ) -> Result<Self, SearchError> {
        meter.hold_more(gamma_bytes(graph.len(), graph.edge_count()))?;
        let analysis = graph.gamma().sum(graph, &tokens);
        Ok(SumReport {
            graph,
            tokens,
            analysis,
        })
    }

    /// The names of the tokens' vertices.
    fn names(&self) -> Vec<&'g str> {
        let graph = self.graph;
        self.tokens
            .iter()
            .map(|&v| graph.position(v).as_str())
            .collect()
    }

    /// The tokens' vertices, as `a + b + c`.
    pub fn show(&self) -> String {
        self.names().join(" + ")
    }

    /// The best moves: winning ones where the sum is N (the one that provably ends the game
    /// first), those that keep the draw where it is D.
    pub fn moves(&self) -> impl Iterator<Item = TokenMove<'g>> + '_ {
        self.analysis.moves.iter().map(|m| TokenMove {
            token: m.component + 1,
            from: self.graph.position(self.tokens[m.component]),
            to: self.graph.position(m.to),
        })
    }
}

/// Written as `{tokens, play, outcome, gamma, winning_moves, drawing_moves}`.
impl Serialize for SumReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let moves: Vec<TokenMove> = self.moves().collect();
        let (winning, drawing) = match self.analysis.outcome {
            Outcome::D => (&[][..], &moves[..]),
            _ => (&moves[..], &[][..]),
        };
        let mut report = serializer.serialize_struct("SumReport", 6)?;
        report.serialize_field("tokens", &self.names())?;
        report.serialize_field("play", &Play::Normal)?;
        report.serialize_field("outcome", &self.analysis.outcome)?;
        report.serialize_field("gamma", &self.analysis.value)?;
        report.serialize_field("winning_moves", winning)?;
        report.serialize_field("drawing_moves", drawing)?;
        report.end()
    }
}

/// A partizan game graph with names for its vertices, analysed: who wins from each vertex
/// when Left starts and when Right starts.
pub struct PartizanReport<'g> {
    /// The file the graph was read from.
    pub file: &'g str,
    /// Normal or misère play, which the labels are under.
    pub play: Play,
    /// The graph, its vertices named.
    pub graph: &'g PartizanGraph<String>,
    /// Who wins from each vertex, for each player to start.
    pub labels: &'g PartizanLabels,
    /// Each vertex's value as a loopy game, as text (normal play only): `None` where no sides
    /// were found ([`crate::loopy::values`] finds them).
    pub values: Option<&'g [Option<String>]>,
}

/// Written as `{file, play, positions: [{position, outcome, left_starts, right_starts,
/// value, left_options, right_options}]}`; `outcome` is the class (`L`, `R`, `N`, `P`, `D`, or
/// two letters such as `LD` for who wins when Left starts, then when Right starts), `value`
/// the loopy value as `conway eval` writes it (null under misère play, or where no sides were
/// found).
impl Serialize for PartizanReport<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Node<'a> {
            position: &'a str,
            outcome: String,
            left_starts: Winner,
            right_starts: Winner,
            value: Option<String>,
            left_options: &'a [u32],
            right_options: &'a [u32],
        }
        struct Nodes<'a>(&'a PartizanReport<'a>);
        impl Serialize for Nodes<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let PartizanReport {
                    graph,
                    labels,
                    values,
                    ..
                } = self.0;
                serializer.collect_seq((0..graph.len() as u32).map(|v| {
                    let outcome = labels.outcome(v);
                    Node {
                        value: values.and_then(|values| values[v as usize].clone()),
                        position: graph.position(v),
                        outcome: outcome.to_string(),
                        left_starts: outcome.left_starts,
                        right_starts: outcome.right_starts,
                        left_options: graph.left_options(v),
                        right_options: graph.right_options(v),
                    }
                }))
            }
        }
        let mut report = serializer.serialize_struct("PartizanReport", 3)?;
        report.serialize_field("file", self.file)?;
        report.serialize_field("play", &self.play)?;
        report.serialize_field("positions", &Nodes(self))?;
        report.end()
    }
}
