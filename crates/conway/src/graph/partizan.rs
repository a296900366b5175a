//! Partizan games on graphs, cycles allowed (book Def. 5.1): Left and Right have moves of their
//! own, and a play that never ends is a draw.
//!
//! Who wins depends on who moves, so the analysis runs on the state graph: a state is a vertex
//! and the player to move, (x, Left) moves to (y, Right) for each Left option y of x, and
//! (x, Right) to (y, Left) for each Right option. Retrograde analysis ([`Graph::solve`]) on
//! that graph of 2n states labels every state won, lost or drawn for its mover, in time linear
//! in the vertices and the moves of both players.

use super::adjacency::Adjacency;
use super::intern::Interner;
use super::label::SOLVE_BYTES;
use super::{lists_of_edges, Graph, GraphError, Labels, ENTRY_BYTES};
use crate::engine::{Footprint, Meter, Outcome, Play, SearchError};
use crate::partizan::Player;
use serde::Serialize;
use std::fmt;
use std::hash::Hash;
use std::mem::size_of;

/// A finite game graph where Left and Right have their own moves. Vertex 0 is the root, where
/// there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartizanGraph<P> {
    positions: Vec<P>,
    left: Adjacency,
    right: Adjacency,
}

/// The most vertices a partizan graph may have: its state graph numbers two states per vertex
/// with `u32` ids, and keeps `u32::MAX` free to mean "no vertex".
const MAX_VERTICES: usize = (u32::MAX / 2) as usize;

/// Bytes a vertex holds besides its position: its entry in the map and its chain link while
/// exploring, its two offsets and two stamps, and in the state graph that `solve` builds, two
/// states with offsets both ways, an outcome, a depth and a counter each.
const VERTEX_BYTES: u64 = ENTRY_BYTES + 5 * size_of::<u32>() as u64 + 2 * 17;

/// Bytes a move holds: its target here, and its target and source in the state graph.
const EDGE_BYTES: u64 = 3 * size_of::<u32>() as u64;

/// The bytes that building a partizan graph of `vertices` vertices from `moves` moves of both
/// players, and solving it, hold at most beside its positions and the moves: each player's
/// lists, built as [`Adjacency::build_bytes`] says; then the state graph, two states per
/// vertex with the moves both ways and the labels of each state while they are found.
pub(super) fn build_and_solve_bytes(vertices: usize, moves: usize) -> u64 {
    let states = 2 * vertices as u64 + 1;
    let lists = 2 * Adjacency::build_bytes(vertices, 0) + 8 * moves as u64;
    let state_graph = 8 * states + Adjacency::build_bytes(2 * vertices, moves);
    lists + state_graph + SOLVE_BYTES * states
}

impl<P: Footprint> PartizanGraph<P> {
    /// Bytes the graph holds with its positions, and solving it holds beside them, as
    /// [`PartizanGraph::explore`] counts them.
    pub fn held_bytes(&self) -> u64 {
        let positions: u64 = self.positions.iter().map(|p| p.footprint() as u64).sum();
        let moves = (0..self.len() as u32)
            .map(|v| self.left_options(v).len() + self.right_options(v).len())
            .sum();
        positions + build_and_solve_bytes(self.len(), moves)
    }
}

impl<P> PartizanGraph<P> {
    /// The graph on `positions` (vertex `i` is `positions[i]`) with Left's moves `left` and
    /// Right's moves `right`, each a pair (from, to) of vertex numbers. A repeated move is one
    /// move; loops are allowed.
    pub fn from_edges(
        positions: Vec<P>,
        left: &[(u32, u32)],
        right: &[(u32, u32)],
    ) -> Result<Self, GraphError> {
        let vertex_count = positions.len();
        let edge_count = left.len().checked_add(right.len());
        if vertex_count > MAX_VERTICES || edge_count.is_none_or(|e| e > u32::MAX as usize) {
            return Err(GraphError::TooLarge);
        }
        Ok(PartizanGraph {
            left: lists_of_edges(vertex_count, left)?,
            right: lists_of_edges(vertex_count, right)?,
            positions,
        })
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the graph has no vertex at all.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The position of vertex `v`.
    pub fn position(&self, v: u32) -> &P {
        &self.positions[v as usize]
    }

    /// Every position, in vertex order.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// Where Left can move from `v`, each vertex once.
    pub fn left_options(&self, v: u32) -> &[u32] {
        self.left.of(v)
    }

    /// Where Right can move from `v`, each vertex once.
    pub fn right_options(&self, v: u32) -> &[u32] {
        self.right.of(v)
    }

    /// Where `mover` can move from `v`.
    pub fn options(&self, v: u32, mover: Player) -> &[u32] {
        match mover {
            Player::Left => self.left_options(v),
            Player::Right => self.right_options(v),
        }
    }

    /// Labels every vertex, for each player to move, won, lost or drawn, with the number of
    /// moves to the end under best play, in time linear in the size of the graph. Under misère
    /// play a player who cannot move wins.
    pub fn solve(&self, play: Play) -> PartizanLabels {
        PartizanLabels {
            states: self.state_graph().solve(play),
        }
    }

    /// The state graph of §6: state `2x` is x with Left to move, `2x + 1` with Right to move.
    /// `from_edges` and `explore` keep 2n and the moves within `u32`.
    fn state_graph(&self) -> Graph<()> {
        let n = self.len();
        let mut offsets = Vec::with_capacity(2 * n + 1);
        offsets.push(0);
        let moves = self.left.targets.len() + self.right.targets.len();
        let mut targets = Vec::with_capacity(moves);
        for v in 0..n as u32 {
            targets.extend(
                self.left_options(v)
                    .iter()
                    .map(|&w| state(w, Player::Right)),
            );
            offsets.push(targets.len() as u32);
            targets.extend(
                self.right_options(v)
                    .iter()
                    .map(|&w| state(w, Player::Left)),
            );
            offsets.push(targets.len() as u32);
        }
        Graph::numbered(Adjacency { offsets, targets })
    }
}

/// The id of vertex `v` with `mover` to move in the state graph.
fn state(v: u32, mover: Player) -> u32 {
    2 * v + u32::from(mover == Player::Right)
}

/// The moves of one player from the vertex being explored, as they are listed.
struct Side {
    offsets: Vec<u32>,
    targets: Vec<u32>,
    /// `stamp[w]` is the last vertex from which this player moved to `w`, so that a repeated
    /// option is found in constant time.
    stamp: Vec<u32>,
}

impl Side {
    fn new() -> Self {
        Side {
            offsets: vec![0],
            targets: Vec::new(),
            stamp: vec![u32::MAX],
        }
    }

    /// Interns every option of `source` and records each move once; returns the bytes that
    /// the new vertices and moves hold.
    fn list<P: Eq + Hash + Footprint>(
        &mut self,
        source: u32,
        options: Vec<P>,
        vertices: &mut Interner<P>,
        other: &mut Side,
        meter: &mut Meter,
    ) -> Result<u64, SearchError> {
        let mut held = 0;
        for option in options {
            let bytes = option.footprint();
            meter.list(bytes)?;
            let (w, new) = vertices.intern(option).map_err(|_| too_large())?;
            if new {
                if w as usize >= MAX_VERTICES {
                    return Err(too_large());
                }
                self.stamp.push(u32::MAX);
                other.stamp.push(u32::MAX);
                held += bytes as u64 + VERTEX_BYTES;
            }
            if self.stamp[w as usize] != source {
                self.stamp[w as usize] = source;
                self.targets.push(w);
                held += EDGE_BYTES;
            }
        }
        Ok(held)
    }

    fn close(&mut self) -> Result<(), SearchError> {
        self.offsets
            .push(u32::try_from(self.targets.len()).map_err(|_| too_large())?);
        Ok(())
    }

    fn into_adjacency(self) -> Adjacency {
        Adjacency {
            offsets: self.offsets,
            targets: self.targets,
        }
    }
}

/// More vertices or moves than `u32` ids number.
fn too_large() -> SearchError {
    SearchError::TooBig {
        limit: MAX_VERTICES as u64,
    }
}

impl<P: Clone + Eq + Hash + Footprint> PartizanGraph<P> {
    /// Explores, breadth first, every position reachable from `root` by either player's moves;
    /// `root` becomes vertex 0.
    ///
    /// Listing the same option twice makes one move. Every option listed counts against the
    /// meter, and the positions and arrays are checked against its memory limit as they grow,
    /// counting the state graph that [`PartizanGraph::solve`] will build.
    pub fn explore(
        root: P,
        meter: &mut Meter,
        mut left: impl FnMut(&P) -> Vec<P>,
        mut right: impl FnMut(&P) -> Vec<P>,
    ) -> Result<Self, SearchError> {
        meter.list(root.footprint())?;
        // What the computation holds already stays counted beside the graph.
        let mut held = meter.held() + root.footprint() as u64 + VERTEX_BYTES;
        meter.hold(held)?;
        let mut vertices = Interner::new();
        // The first position always gets id 0.
        let _ = vertices.intern(root);
        let (mut lefts, mut rights) = (Side::new(), Side::new());
        let mut v = 0;
        while v < vertices.positions().len() {
            let source = v as u32;
            let options = left(&vertices.positions()[v]);
            held += lefts.list(source, options, &mut vertices, &mut rights, meter)?;
            let options = right(&vertices.positions()[v]);
            held += rights.list(source, options, &mut vertices, &mut lefts, meter)?;
            meter.hold(held)?;
            lefts.close()?;
            rights.close()?;
            v += 1;
        }
        if lefts.targets.len().saturating_add(rights.targets.len()) > u32::MAX as usize {
            return Err(too_large());
        }
        Ok(PartizanGraph {
            positions: vertices.into_positions(),
            left: lefts.into_adjacency(),
            right: rights.into_adjacency(),
        })
    }
}

/// Who wins when a given player starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Winner {
    /// Left wins.
    Left,
    /// Right wins.
    Right,
    /// Neither player can force a win: with best play the game goes on for ever.
    Draw,
}

/// The outcome of a partizan position with draws: who wins when Left starts and who wins when
/// Right starts, nine classes in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct PartizanOutcome {
    /// Who wins when Left moves first.
    pub left_starts: Winner,
    /// Who wins when Right moves first.
    pub right_starts: Winner,
}

/// The class: L, R, N, P or D where both starters have the same kind of result, else the
/// winner when Left starts then the winner when Right starts (LD, DL, RD, DR).
impl From<PartizanOutcome> for Outcome {
    fn from(outcome: PartizanOutcome) -> Outcome {
        match (outcome.left_starts, outcome.right_starts) {
            (Winner::Left, Winner::Left) => Outcome::L,
            (Winner::Right, Winner::Right) => Outcome::R,
            (Winner::Left, Winner::Right) => Outcome::N,
            (Winner::Right, Winner::Left) => Outcome::P,
            (Winner::Draw, Winner::Draw) => Outcome::D,
            (Winner::Left, Winner::Draw) => Outcome::LD,
            (Winner::Draw, Winner::Left) => Outcome::DL,
            (Winner::Right, Winner::Draw) => Outcome::RD,
            (Winner::Draw, Winner::Right) => Outcome::DR,
        }
    }
}

impl fmt::Display for PartizanOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Outcome::from(*self))
    }
}

/// Every vertex's result for each player to move, and how fast it comes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartizanLabels {
    /// The labels of the state graph: N where the mover wins, P where the mover loses.
    states: Labels,
}

impl PartizanLabels {
    /// Who wins from `v` when `mover` starts.
    pub fn winner(&self, v: u32, mover: Player) -> Winner {
        match (self.states.outcome(state(v, mover)), mover) {
            (Outcome::N, Player::Left) | (Outcome::P, Player::Right) => Winner::Left,
            (Outcome::N, Player::Right) | (Outcome::P, Player::Left) => Winner::Right,
            _ => Winner::Draw,
        }
    }

    /// Who wins from `v` when Left starts, and when Right starts.
    pub fn outcome(&self, v: u32) -> PartizanOutcome {
        PartizanOutcome {
            left_starts: self.winner(v, Player::Left),
            right_starts: self.winner(v, Player::Right),
        }
    }

    /// The number of moves to the end from `v` with `mover` to move, when the winner hurries
    /// and the loser delays; `None` at a draw.
    pub fn depth(&self, v: u32, mover: Player) -> Option<u32> {
        self.states.depth(state(v, mover))
    }

    /// The moves of `mover` from `v` that best serve `mover`, best first. From a won state, the
    /// winning moves, least depth first: only a move of the least depth is sure to bring the
    /// end closer, any other may let the game circle for ever. From a lost state, every move,
    /// the longest delays first. From a drawn state, the moves that keep the draw (there is
    /// always one).
    pub fn best_moves<P>(&self, graph: &PartizanGraph<P>, v: u32, mover: Player) -> Vec<u32> {
        let next = mover.opponent();
        let states: Vec<u32> = graph
            .options(v, mover)
            .iter()
            .map(|&w| state(w, next))
            .collect();
        let best = self.states.best_among(state(v, mover), &states);
        // State 2w or 2w + 1 is vertex w.
        best.into_iter().map(|s| s / 2).collect()
    }

    /// The double kernel (K_L, K_R) of book Def. 5.5 as a flag per vertex: K_L holds the
    /// vertices where Left, moving first, loses, and K_R those where Right does. On a graph
    /// without draws it is the unique double kernel; draws belong to neither set.
    pub fn double_kernel(&self) -> (Vec<bool>, Vec<bool>) {
        let loses = |mover| {
            let n = self.states.outcomes().len() / 2;
            (0..n as u32)
                .map(|v| self.states.outcome(state(v, mover)) == Outcome::P)
                .collect()
        };
        (loses(Player::Left), loses(Player::Right))
    }
}

#[cfg(test)]
mod tests;
