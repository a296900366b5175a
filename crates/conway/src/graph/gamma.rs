//! The generalised Sprague–Grundy function γ of a graph with cycles (Smith; Fraenkel–Perl;
//! Fraenkel–Yesha), and what it says about sums of tokens on the graph.
//!
//! γ(u) is a nim value, or ∞(K) where K is the set of finite values among the followers of u.
//! Unlike the retrograde labels, γ adds up: the value of a sum of tokens is the ⊕ of the tokens'
//! values ([`Gamma::sum`]), so the outcome of any sum and its good moves come from the values
//! and counters of the components alone, without building the product graph.
//!
//! The values are computed in stages i = 0, 1, 2, …: in stage i every vertex that can take the
//! value i does (no follower has value i, and every follower not yet finite can move back to
//! value i), and what is left without a follower of value i becomes ∞. The stage is
//! incremental: each vertex keeps a count of the followers that block it, and a vertex that gets
//! the value i updates only its predecessors and theirs. A stage costs O(|V| + |E|), and at
//! most Δ + 1 stages run (Δ the greatest out-degree), since at the start of stage i every
//! vertex left has followers of every value below i.

use super::Graph;
use crate::engine::Outcome;
use serde::{Serialize, Serializer};
use std::fmt;
use std::mem::size_of;

#[cfg(test)]
#[path = "gamma_tests.rs"]
mod tests;

/// A generalised Sprague–Grundy value: a nim value, or ∞(K) with K the finite values among
/// the followers (sorted ascending, no repeats).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gamma {
    /// A nim value.
    Finite(u64),
    /// ∞(K): K the finite values among the followers.
    Infinite(Vec<u64>),
}

impl fmt::Display for Gamma {
    /// "3", "inf" where K is empty, "inf(0,2)": short enough for tables, plain ASCII for files.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Finite(n) => write!(f, "{n}"),
            Gamma::Infinite(k) if k.is_empty() => f.write_str("inf"),
            Gamma::Infinite(k) => {
                f.write_str("inf(")?;
                for (i, x) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl Serialize for Gamma {
    /// The same string as `Display`, so that JSON and text agree.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl Gamma {
    /// The nim value, where the value is finite.
    pub fn finite(&self) -> Option<u64> {
        match self {
            Gamma::Finite(n) => Some(*n),
            Gamma::Infinite(_) => None,
        }
    }

    /// Who wins a token on a vertex of this value: 0 is P, another nim value N; ∞(K) is N
    /// where the mover can reach 0 (0 ∈ K), and a draw otherwise.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::P,
            Gamma::Finite(_) => Outcome::N,
            Gamma::Infinite(k) if k.first() == Some(&0) => Outcome::N,
            Gamma::Infinite(_) => Outcome::D,
        }
    }

    /// The value of a sum: nim values add by XOR; a nim value a and ∞(K) make ∞(K ⊕ a); two
    /// infinite values make ∞(∅). The empty sum is 0.
    pub fn sum<'a>(values: impl IntoIterator<Item = &'a Gamma>) -> Gamma {
        let mut nim = 0u64;
        let mut infinite: Option<&'a [u64]> = None;
        for value in values {
            match value {
                Gamma::Finite(n) => nim ^= n,
                Gamma::Infinite(_) if infinite.is_some() => return Gamma::Infinite(Vec::new()),
                Gamma::Infinite(k) => infinite = Some(k),
            }
        }
        match infinite {
            None => Gamma::Finite(nim),
            Some(k) => {
                let mut shifted: Vec<u64> = k.iter().map(|x| x ^ nim).collect();
                shifted.sort_unstable();
                Gamma::Infinite(shifted)
            }
        }
    }
}

/// A vertex still without a value during the stages.
const UNLABELLED: u32 = u32::MAX;
/// A vertex whose value is ∞.
const INFINITE: u32 = u32::MAX - 1;

/// γ and the counter of every vertex of a graph.
///
/// Two `u32` per vertex: the value (or a mark for ∞), and the counter for a finite vertex or,
/// for an ∞ vertex, the index of its set K, all the sets held in one array of compressed rows.
/// Finite values fit: a vertex of value k has followers of values 0..k, each of which has as
/// many followers again, so k(k+1)/2 edges, and a graph has fewer than 2³² edges.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GammaLabels {
    value: Vec<u32>,
    /// c(v) for a finite v; for an ∞ v, the row of its set K in `k_offsets`.
    counter: Vec<u32>,
    k_offsets: Vec<u32>,
    k_values: Vec<u32>,
}

/// The analysis of a sum of tokens on one graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumAnalysis {
    /// The generalised Sprague–Grundy value of the sum: the ⊕ of the tokens' values
    /// ([`Gamma::sum`]).
    pub value: Gamma,
    /// Who wins the sum: P, N or D.
    pub outcome: Outcome,
    /// Where the sum is N, every move to a position of value 0, the safe one first; where it
    /// is D, every move that keeps the draw; where it is P, none.
    pub moves: Vec<SumMove>,
}

/// A move in a sum: the token `tokens[component]` moves to vertex `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SumMove {
    /// Which token moves, by its index in `tokens`.
    pub component: usize,
    /// The vertex it moves to.
    pub to: u32,
}

impl GammaLabels {
    /// The number of vertices labelled.
    pub fn len(&self) -> usize {
        self.value.len()
    }

    /// Whether the graph had no vertex.
    pub fn is_empty(&self) -> bool {
        self.value.is_empty()
    }

    /// γ(v).
    pub fn value(&self, v: u32) -> Gamma {
        match self.k_set(v) {
            None => Gamma::Finite(u64::from(self.value[v as usize])),
            Some(k) => Gamma::Infinite(k.iter().map(|&x| u64::from(x)).collect()),
        }
    }

    /// c(v), the order in which the finite values were found: a move that raises a value can
    /// be reversed to a vertex of the old value and a smaller counter, which is what makes the
    /// safe strategy in sums end. `None` for an ∞ vertex.
    pub fn counter(&self, v: u32) -> Option<u32> {
        self.finite(v).map(|_| self.counter[v as usize])
    }

    /// The outcome of a single token on `v`.
    pub fn outcome(&self, v: u32) -> Outcome {
        match (self.finite(v), self.k_set(v)) {
            (Some(0), _) => Outcome::P,
            (Some(_), _) => Outcome::N,
            (None, Some([0, ..])) => Outcome::N,
            (None, _) => Outcome::D,
        }
    }

    /// The bytes the labels hold on the heap, for the memory reports of big graphs.
    pub fn heap_bytes(&self) -> usize {
        4 * (self.value.capacity()
            + self.counter.capacity()
            + self.k_offsets.capacity()
            + self.k_values.capacity())
    }

    fn finite(&self, v: u32) -> Option<u32> {
        let value = self.value[v as usize];
        (value != INFINITE).then_some(value)
    }

    /// K for an ∞ vertex, `None` for a finite one.
    fn k_set(&self, v: u32) -> Option<&[u32]> {
        if self.value[v as usize] != INFINITE {
            return None;
        }
        let row = self.counter[v as usize] as usize;
        let (start, end) = (self.k_offsets[row], self.k_offsets[row + 1]);
        Some(&self.k_values[start as usize..end as usize])
    }

    /// The analysis of the sum of tokens on `tokens` (repeats allowed): its γ, outcome and
    /// moves. Where the sum is N: every move to a γ-sum-0 position, ordered by the safe key
    /// (Σγ, Σc) of the position reached, so that the first provably ends the game: against any
    /// reply the next safe move lowers the key again. Where it is D: every move that keeps the
    /// draw (to ∞(K') with 0 ∉ K'). Where it is P: no move.
    ///
    /// `graph` must be the graph these labels were computed on, and every token one of its
    /// vertices (as for [`GammaLabels::value`], a vertex out of range panics).
    pub fn sum<P>(&self, graph: &Graph<P>, tokens: &[u32]) -> SumAnalysis {
        let values: Vec<Gamma> = tokens.iter().map(|&v| self.value(v)).collect();
        let value = Gamma::sum(&values);
        let outcome = value.outcome();
        let moves = match outcome {
            Outcome::N => self.winning_moves(graph, tokens),
            Outcome::D => self.drawing_moves(graph, tokens),
            _ => Vec::new(),
        };
        SumAnalysis {
            value,
            outcome,
            moves,
        }
    }

    /// The XOR of the finite tokens and the positions in `tokens` of the infinite ones.
    fn split(&self, tokens: &[u32]) -> (u32, Vec<usize>) {
        let mut nim = 0;
        let mut infinite = Vec::new();
        for (i, &v) in tokens.iter().enumerate() {
            match self.finite(v) {
                Some(g) => nim ^= g,
                None => infinite.push(i),
            }
        }
        (nim, infinite)
    }

    /// Every move of an N sum to a sum of value 0, safest first. Only a sum with at most one
    /// infinite token can be N, and a move reaches 0 exactly when it leaves every token finite
    /// with XOR 0: to value γ(u_i) ⊕ s in a finite token i, or to value s in the infinite one.
    fn winning_moves<P>(&self, graph: &Graph<P>, tokens: &[u32]) -> Vec<SumMove> {
        let (nim, infinite) = self.split(tokens);
        let components: Vec<usize> = match infinite[..] {
            [] => (0..tokens.len()).collect(),
            [i] => vec![i],
            _ => return Vec::new(),
        };
        // Σγ and Σc over the finite tokens; u128 holds any number of u32 terms.
        let (total_value, total_counter) = tokens
            .iter()
            .filter_map(|&v| self.finite(v).map(|g| (g, self.counter[v as usize])))
            .fold((0u128, 0u128), |(a, b), (g, c)| {
                (a + u128::from(g), b + u128::from(c))
            });
        let mut keyed = Vec::new();
        for i in components {
            let u = tokens[i];
            let (g, c) = match self.finite(u) {
                Some(g) => (g, self.counter[u as usize]),
                None => (0, 0),
            };
            let target = nim ^ g;
            for &w in graph.successors(u) {
                if self.finite(w) == Some(target) {
                    let key = (
                        total_value - u128::from(g) + u128::from(target),
                        total_counter - u128::from(c) + u128::from(self.counter[w as usize]),
                    );
                    keyed.push((
                        key,
                        SumMove {
                            component: i,
                            to: w,
                        },
                    ));
                }
            }
        }
        // Stable: equal keys keep the order of the tokens and of their moves.
        keyed.sort_by_key(|&(key, _)| key);
        keyed.into_iter().map(|(_, m)| m).collect()
    }

    /// Every move of a D sum that keeps it a draw: to a sum ∞(K') with 0 ∉ K'.
    fn drawing_moves<P>(&self, graph: &Graph<P>, tokens: &[u32]) -> Vec<SumMove> {
        let (nim, infinite) = self.split(tokens);
        let mut moves = Vec::new();
        for (i, &u) in tokens.iter().enumerate() {
            for &w in graph.successors(u) {
                if self.keeps_draw(tokens, nim, &infinite, i, w) {
                    moves.push(SumMove {
                        component: i,
                        to: w,
                    });
                }
            }
        }
        moves
    }

    /// Whether moving token `i` to `w` leaves a sum of value ∞(K') with 0 ∉ K', given the XOR
    /// `nim` of the finite tokens and the infinite ones `infinite` before the move.
    fn keeps_draw(&self, tokens: &[u32], nim: u32, infinite: &[usize], i: usize, w: u32) -> bool {
        let u = tokens[i];
        // The XOR of the finite tokens and the infinite tokens, after the move.
        let nim_after = nim ^ self.finite(u).unwrap_or(0) ^ self.finite(w).unwrap_or(0);
        let others = infinite.iter().filter(|&&j| j != i).map(|&j| tokens[j]);
        let mut infinite_after = others.chain(self.finite(w).is_none().then_some(w));
        match (infinite_after.next(), infinite_after.next()) {
            (Some(_), Some(_)) => true,
            // One infinite token ∞(K): the sum is ∞(K ⊕ s), a draw iff s ∉ K.
            (Some(v), None) => self
                .k_set(v)
                .is_some_and(|k| k.binary_search(&nim_after).is_err()),
            _ => false,
        }
    }
}

impl<P> Graph<P> {
    /// γ and the counters of every vertex, by Fraenkel's staged algorithm made incremental:
    /// O((Δ + 1)(|V| + |E|)) time, four `u32` per vertex while it runs.
    pub fn gamma(&self) -> GammaLabels {
        let mut stages = Stages::new(self);
        while !stages.open.is_empty() {
            stages.run_stage();
        }
        let value = stages.cells.iter().map(|c| c.value).collect();
        let counter = stages.cells.iter().map(|c| c.counter).collect();
        drop(stages);
        finish(self, value, counter)
    }
}

/// The bytes [`Graph::gamma`] holds at most on a graph of `vertices` vertices and `edges`
/// moves: while the stages run, a cell, an open slot and a ready slot (twice over, as the
/// list grows) per vertex and the values and counters collected; then the values, the
/// counters and the sets K, at most one value per edge, twice over as they grow.
pub(super) fn gamma_bytes(vertices: usize, edges: usize) -> u64 {
    let (n, m) = (vertices as u64 + 1, edges as u64);
    let running = (size_of::<Cell>() as u64 + 4 + 8 + 8) * n;
    let finishing = 8 * n + 8 * n + 8 * m;
    running.max(finishing)
}

/// What the stages keep of a vertex, together: the work is walking edges to random vertices,
/// and one cache line then serves every field.
#[derive(Clone, Copy)]
struct Cell {
    /// The value found, UNLABELLED, or INFINITE.
    value: u32,
    counter: u32,
    /// `hit == mark`: the vertex has a follower of value `stage`, so it cannot take that
    /// value, and if it is unlabelled or ∞ its predecessors may move to it and back to `stage`.
    hit: u32,
    /// For an unlabelled vertex, its followers unlabelled or ∞ and not yet hit: it takes the
    /// value `stage` when this is 0 and it is not hit. DONE once it has a value, so that
    /// releases need not read `value`.
    waiting: u32,
}

/// `waiting` of a vertex with a value: never counted down.
const DONE: u32 = u32::MAX;

/// The state of the staged algorithm.
struct Stages<'g, P> {
    graph: &'g Graph<P>,
    cells: Vec<Cell>,
    /// The vertices unlabelled at the start of the stage.
    open: Vec<u32>,
    /// Vertices whose `waiting` count reached 0.
    ready: Vec<u32>,
    stage: u32,
    next_counter: u32,
}

impl<'g, P> Stages<'g, P> {
    fn new(graph: &'g Graph<P>) -> Self {
        let n = graph.len();
        let cell = Cell {
            value: UNLABELLED,
            counter: 0,
            hit: 0,
            waiting: 0,
        };
        Stages {
            graph,
            cells: vec![cell; n],
            open: (0..n as u32).collect(),
            ready: Vec::new(),
            stage: 0,
            next_counter: 0,
        }
    }

    /// Stamps of this stage. Stages stay below 2¹⁷ (see [`GammaLabels`]), so this never wraps.
    fn mark(&self) -> u32 {
        self.stage + 1
    }

    /// One stage: give the value `stage` to every vertex that can take it, then ∞ to every
    /// open vertex left without a follower of value `stage`.
    fn run_stage(&mut self) {
        self.count_waiting();
        let mark = self.mark();
        while let Some(u) = self.ready.pop() {
            let cell = self.cells[u as usize];
            if cell.value == UNLABELLED && cell.hit != mark {
                self.label(u);
            }
        }
        let cells = &mut self.cells;
        self.open.retain(|&u| {
            let cell = &mut cells[u as usize];
            if cell.value != UNLABELLED {
                return false;
            }
            if cell.hit != mark {
                cell.value = INFINITE;
                cell.waiting = DONE;
                return false;
            }
            true
        });
        self.stage += 1;
    }

    /// Sets `waiting` of every open vertex, and makes ready those with nothing to wait for,
    /// the lowest first: the ready list is a stack, so counters follow the vertex order and
    /// then go depth first, as in the spec's examples.
    fn count_waiting(&mut self) {
        self.ready.clear();
        for i in (0..self.open.len()).rev() {
            let u = self.open[i];
            let waiting = self
                .graph
                .successors(u)
                .iter()
                .filter(|&&w| matches!(self.cells[w as usize].value, UNLABELLED | INFINITE))
                .count() as u32;
            self.cells[u as usize].waiting = waiting;
            if waiting == 0 {
                self.ready.push(u);
            }
        }
    }

    /// Gives `u` the value `stage`: its predecessors are hit, and those not finite, now able
    /// to move back to the value, release their own predecessors.
    fn label(&mut self, u: u32) {
        let mark = self.mark();
        let cell = &mut self.cells[u as usize];
        cell.value = self.stage;
        cell.counter = self.next_counter;
        cell.waiting = DONE;
        self.next_counter += 1;
        let graph = self.graph;
        for &p in graph.predecessors(u) {
            let cell = &mut self.cells[p as usize];
            if cell.hit == mark {
                continue;
            }
            cell.hit = mark;
            if matches!(cell.value, UNLABELLED | INFINITE) {
                self.release(p);
            }
        }
    }

    /// `p` now reaches the stage's value: one fewer follower for its predecessors to wait on.
    fn release(&mut self, p: u32) {
        for &r in self.graph.predecessors(p) {
            let waiting = &mut self.cells[r as usize].waiting;
            if *waiting == DONE {
                continue;
            }
            *waiting -= 1;
            if *waiting == 0 {
                self.ready.push(r);
            }
        }
    }
}

/// Packs the values with the sets K of the ∞ vertices: for each, the finite values among its
/// followers, sorted, each once.
fn finish<P>(graph: &Graph<P>, value: Vec<u32>, mut counter: Vec<u32>) -> GammaLabels {
    let mut k_offsets = vec![0u32];
    let mut k_values = Vec::new();
    let mut k = Vec::new();
    for v in 0..value.len() as u32 {
        if value[v as usize] != INFINITE {
            continue;
        }
        k.clear();
        k.extend(
            graph
                .successors(v)
                .iter()
                .map(|&w| value[w as usize])
                .filter(|&x| x != INFINITE),
        );
        k.sort_unstable();
        k.dedup();
        k_values.extend_from_slice(&k);
        counter[v as usize] = (k_offsets.len() - 1) as u32;
        // At most one entry per edge, and edges fit in u32.
        k_offsets.push(k_values.len() as u32);
    }
    GammaLabels {
        value,
        counter,
        k_offsets,
        k_values,
    }
}
