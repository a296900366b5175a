//! Who wins from every vertex, and how fast: win/loss/draw labelling by retrograde analysis.
//!
//! The labels are the least fixed point of three rules: a terminal vertex is P under normal
//! play and N under misère play; a vertex with a P successor is N; a vertex all of whose
//! successors are N is P. What the rules never reach is D: from there neither player can force
//! the game to end in a win. The rules run backwards from the terminal vertices along the
//! predecessor lists, each edge looked at once, with a count per vertex of the successors not
//! yet known to be N.

use super::Graph;
use crate::engine::{Outcome, Play};

/// Bytes per vertex while the labels are found: the labels (an outcome and a depth), a count
/// of undecided successors and a slot in the queue.
pub(super) const SOLVE_BYTES: u64 = 5 + 8;

/// The outcome of every vertex, and the depth at which it is decided: how many moves the game
/// lasts from there when the winner hurries and the loser delays.
///
/// Depth is what makes a win real on a graph with cycles: a move to any P successor keeps the
/// win in hand but may let the game go round a cycle for ever, while a move to a P successor of
/// depth one less brings the end one move closer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    outcome: Vec<Outcome>,
    /// Meaningless (0) where the outcome is D.
    depth: Vec<u32>,
}

impl Labels {
    /// P, N or D.
    pub fn outcome(&self, v: u32) -> Outcome {
        self.outcome[v as usize]
    }

    /// The number of moves to the end under best play: 0 at a terminal vertex; at an N vertex,
    /// 1 + the least depth of its P successors; at a P vertex, 1 + the greatest depth of its
    /// successors. `None` at a draw, which never ends.
    pub fn depth(&self, v: u32) -> Option<u32> {
        (self.outcome(v) != Outcome::D).then(|| self.depth[v as usize])
    }

    /// Every vertex's outcome, in vertex order.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcome
    }

    /// Every vertex's outcome, without the depths.
    pub fn into_outcomes(self) -> Vec<Outcome> {
        self.outcome
    }

    /// The moves from `v` that best play chooses from, best first (spec §1):
    /// - from an N vertex, every move to a P vertex, by increasing depth: the first ends the
    ///   game soonest, and always playing one of least depth wins, where a move to just any P
    ///   vertex may let the game go round a cycle for ever;
    /// - from a P vertex, every move (all lose), by decreasing depth: the first delays the
    ///   loss longest;
    /// - from a D vertex, every move to a D vertex: each keeps the draw, and one always exists.
    ///
    /// Ties keep the order of the successors.
    pub fn best_moves<P>(&self, graph: &Graph<P>, v: u32) -> Vec<u32> {
        self.best_among(v, graph.successors(v))
    }

    /// [`Labels::best_moves`] from `v` among `successors`, the vertices one move from `v`,
    /// for callers that hold the moves elsewhere (the partizan state graph).
    pub(super) fn best_among(&self, v: u32, successors: &[u32]) -> Vec<u32> {
        let mut moves: Vec<u32> = match self.outcome(v) {
            Outcome::N => successors
                .iter()
                .copied()
                .filter(|&w| self.outcome(w) == Outcome::P)
                .collect(),
            Outcome::D => successors
                .iter()
                .copied()
                .filter(|&w| self.outcome(w) == Outcome::D)
                .collect(),
            _ => successors.to_vec(),
        };
        match self.outcome(v) {
            Outcome::N => moves.sort_by_key(|&w| self.depth[w as usize]),
            Outcome::P => moves.sort_by_key(|&w| std::cmp::Reverse(self.depth[w as usize])),
            _ => {}
        }
        moves
    }
}

impl<P> Graph<P> {
    /// Labels every vertex P, N or D under `play`, with its depth, in time linear in the size of
    /// the graph.
    ///
    /// Misère play is normal play on the graph with one more vertex, a sink that every terminal
    /// vertex moves to (Remark 1.1); the sink is not built: the terminal vertices simply start
    /// out N instead of P. A terminal vertex has depth 0 under both plays: there the game is over.
    pub fn solve(&self, play: Play) -> Labels {
        let n = self.len();
        let mut outcome = vec![Outcome::D; n];
        let mut depth = vec![0u32; n];
        // The successors of each vertex not yet known to be N.
        let mut undecided: Vec<u32> = (0..n)
            .map(|v| self.successors.offsets[v + 1] - self.successors.offsets[v])
            .collect();
        // Every vertex enters once, when it is labelled, so a vector read from the front is
        // the queue. First in, first out labels vertices in order of depth, which is what
        // makes the first P successor to label a vertex N one of least depth, and the last N
        // successor to label a vertex P one of greatest depth.
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        let terminal = match play {
            Play::Normal => Outcome::P,
            Play::Misere => Outcome::N,
        };
        for v in 0..n as u32 {
            if self.is_terminal(v) {
                outcome[v as usize] = terminal;
                queue.push(v);
            }
        }
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            let next_depth = depth[v as usize] + 1;
            let won = outcome[v as usize] == Outcome::P;
            for &u in self.predecessors(v) {
                let u = u as usize;
                if outcome[u] != Outcome::D {
                    continue;
                }
                if won {
                    outcome[u] = Outcome::N;
                } else {
                    undecided[u] -= 1;
                    if undecided[u] > 0 {
                        continue;
                    }
                    outcome[u] = Outcome::P;
                }
                depth[u] = next_depth;
                queue.push(u as u32);
            }
        }
        Labels { outcome, depth }
    }

    /// The outcome of every vertex under `play`: [`Graph::solve`] without the depths.
    pub fn outcomes(&self, play: Play) -> Vec<Outcome> {
        self.solve(play).into_outcomes()
    }
}
