//! How long a game lasts (Exercises 4.3 and 4.4): the longest play from a position, and its
//! remoteness, the length of play when the winner hurries and the loser delays. Both need
//! whole positions (lengths do not add up over the heads the way values do), so they are
//! read off the explicit game graph, from the terminal positions back.

use crate::engine::{Limits, Meter, SearchError};
use crate::graph::Graph;
use crate::impartial::Impartial;

/// The lengths of play from every position reachable from a root.
pub struct Lengths<P> {
    graph: Graph<P>,
    longest: Vec<u64>,
    remoteness: Vec<u64>,
}

impl<P: Clone + Eq + std::hash::Hash + crate::engine::Footprint> Lengths<P> {
    /// Explores every position reachable from `root` under `limits`.
    pub fn of<G: Impartial<Position = P>>(
        game: &G,
        root: P,
        limits: Limits,
    ) -> Result<Self, SearchError> {
        let mut meter = Meter::new(limits);
        let graph = Graph::explore(
            root,
            &mut meter,
            |p| game.options(p),
            |p| game.option_bound(p),
        )?;
        let n = graph.len();
        let mut longest = vec![0; n];
        let mut remoteness = vec![0; n];
        // Each position once all its options are done: a count of options left per vertex.
        let mut left: Vec<usize> = (0..n as u32).map(|v| graph.successors(v).len()).collect();
        let mut ready: Vec<u32> = (0..n as u32).filter(|&v| left[v as usize] == 0).collect();
        let mut done = 0;
        while let Some(v) = ready.pop() {
            done += 1;
            let options = graph.successors(v);
            if !options.is_empty() {
                let of = |table: &[u64], w: &u32| table[*w as usize];
                longest[v as usize] =
                    1 + options.iter().map(|w| of(&longest, w)).max().unwrap_or(0);
                // A move to a P-position (even remoteness) wins: take the quickest. With none,
                // the loser takes the slowest.
                let quickest_win = options
                    .iter()
                    .map(|w| of(&remoteness, w))
                    .filter(|r| r % 2 == 0)
                    .min();
                let slowest = options.iter().map(|w| of(&remoteness, w)).max();
                remoteness[v as usize] = 1 + quickest_win.or(slowest).unwrap_or(0);
            }
            for &u in graph.predecessors(v) {
                left[u as usize] -= 1;
                if left[u as usize] == 0 {
                    ready.push(u);
                }
            }
        }
        if done < n {
            return Err(SearchError::Loops);
        }
        Ok(Lengths {
            graph,
            longest,
            remoteness,
        })
    }

    /// The vertex of a position, if it is reachable from the root (a scan: the graphs are
    /// small).
    fn vertex(&self, position: &P) -> Option<usize> {
        self.graph.positions().iter().position(|p| p == position)
    }

    /// The most moves a play from `position` can last.
    pub fn longest(&self, position: &P) -> Option<u64> {
        Some(self.longest[self.vertex(position)?])
    }

    /// The moves a play from `position` lasts when the winner ends it as soon as they can
    /// and the loser as late as they can; even exactly for P-positions.
    pub fn remoteness(&self, position: &P) -> Option<u64> {
        Some(self.remoteness[self.vertex(position)?])
    }
}
