//! The explicit game graph of a position (Definition 1.4) and its kernel (Theorem 1.1).
//!
//! For teaching and for checking: the kernel of the game graph is exactly the set of
//! P-positions, and misère play is normal play on the graph with one extra sink that every
//! terminal position moves to (Remark 1.1).

use super::Impartial;
use crate::engine::SearchError;
use std::collections::HashMap;
use std::hash::Hash;

/// Every position reachable from a root, with the moves between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameGraph<P> {
    /// The positions; the root is the first.
    pub positions: Vec<P>,
    /// `followers[i]` holds the indices of the options of `positions[i]`.
    pub followers: Vec<Vec<usize>>,
}

impl<P: Clone + Eq + Hash> GameGraph<P> {
    /// Explores every position reachable from `root`, giving up past `max_positions`.
    pub fn build<G: Impartial<Position = P>>(
        game: &G,
        root: P,
        max_positions: usize,
    ) -> Result<Self, SearchError> {
        let mut index = HashMap::from([(root.clone(), 0)]);
        let mut graph = GameGraph {
            positions: vec![root],
            followers: Vec::new(),
        };
        while graph.followers.len() < graph.positions.len() {
            let here = &graph.positions[graph.followers.len()];
            let bound = game.option_bound(here).unwrap_or(0);
            if (graph.positions.len() as u64).saturating_add(bound) > max_positions as u64 {
                return Err(SearchError::TooBig {
                    limit: max_positions as u64,
                });
            }
            let mut followers = Vec::new();
            for option in game.options(here) {
                let next = graph.positions.len();
                let id = *index.entry(option.clone()).or_insert(next);
                if id == next {
                    if next >= max_positions {
                        return Err(SearchError::TooBig {
                            limit: max_positions as u64,
                        });
                    }
                    graph.positions.push(option);
                }
                if !followers.contains(&id) {
                    followers.push(id);
                }
            }
            graph.followers.push(followers);
        }
        Ok(graph)
    }

    /// The number of moves (edges).
    pub fn edge_count(&self) -> usize {
        self.followers.iter().map(Vec::len).sum()
    }

    /// The graph of misère play as normal play: a new sink (`None`) that every terminal
    /// position moves to.
    pub fn with_misere_sink(&self) -> GameGraph<Option<P>> {
        let sink = self.positions.len();
        let mut positions: Vec<Option<P>> = self.positions.iter().cloned().map(Some).collect();
        positions.push(None);
        let mut followers: Vec<Vec<usize>> = self
            .followers
            .iter()
            .map(|f| if f.is_empty() { vec![sink] } else { f.clone() })
            .collect();
        followers.push(Vec::new());
        GameGraph {
            positions,
            followers,
        }
    }
}

impl<P> GameGraph<P> {
    /// The kernel (Definition 1.7) by the algorithm in the proof of Theorem 1.1: start from the
    /// terminal vertices, then repeatedly add the terminal vertices of what is neither in the
    /// kernel nor moves into it. `kernel[i]` says whether position `i` is in it, i.e. is a
    /// P-position. A graph with a cycle has no such layering, and gets [`SearchError::Loops`].
    pub fn kernel(&self) -> Result<Vec<bool>, SearchError> {
        let n = self.positions.len();
        let mut in_kernel = vec![false; n];
        let mut covered = vec![false; n];
        let mut remaining = n;
        while remaining > 0 {
            let layer: Vec<usize> = (0..n)
                .filter(|&v| !covered[v] && self.followers[v].iter().all(|&w| covered[w]))
                .collect();
            if layer.is_empty() {
                return Err(SearchError::Loops);
            }
            for &v in &layer {
                in_kernel[v] = true;
            }
            for v in 0..n {
                if !covered[v] && (in_kernel[v] || self.followers[v].iter().any(|&w| in_kernel[w]))
                {
                    covered[v] = true;
                    remaining -= 1;
                }
            }
        }
        Ok(in_kernel)
    }
}
