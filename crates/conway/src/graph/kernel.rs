//! Kernels (Berge's "solutions"): a set K of vertices with no edge inside it and a move into it
//! from every vertex outside it. Moving into K whenever one can never loses.
//!
//! Every kernel is the P-positions plus a kernel of the draw part G[D], the subgraph induced by
//! the draws (no edge joins the draws to the P-positions, and no draw moves to one). So the
//! labels of retrograde analysis settle everything but the draw part, and where there are no
//! draws the P-positions are the one kernel. On the draw part:
//! * if it has no directed odd cycle, Richardson's construction finds a kernel, strongly
//!   connected components sinks first, each bipartite, so one colour class absorbs the other;
//! * otherwise a kernel may not exist, deciding whether one does is NP-complete, and a bounded
//!   backtracking search with unit propagation answers, or says where it stopped.

use super::adjacency::Adjacency;
use super::components::Components;
use super::Graph;
use crate::engine::{Outcome, Play};

#[cfg(test)]
#[path = "kernel_tests.rs"]
mod tests;

/// The answer to "which kernel does this graph have?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// A kernel, as sorted vertex ids, and whether it is the graph's only kernel: `Some(true)`
    /// or `Some(false)` where that is settled, `None` where the search for a second kernel
    /// stopped at its bound.
    Found {
        /// The kernel's vertices, sorted.
        vertices: Vec<u32>,
        /// Whether it is the only kernel, where that is settled.
        unique: Option<bool>,
    },
    /// The exhaustive search over the draw part proved there is none.
    None,
    /// The search stopped after `steps` steps without an answer.
    BoundReached {
        /// The steps the search took.
        steps: u64,
    },
}

impl Kernel {
    /// Why there is no kernel to show, in a sentence; `None` where one was found.
    pub fn reason(&self) -> Option<String> {
        match self {
            Kernel::Found { .. } => None,
            Kernel::None => Some(
                "the graph has no kernel: the draws have directed odd cycles, and a complete \
                 search found no set of them that is independent and absorbing"
                    .to_string(),
            ),
            Kernel::BoundReached { steps } => Some(format!(
                "the search for a kernel among the draws stopped after {steps} steps without \
                 an answer (whether a kernel exists is NP-complete in general); a larger limit \
                 of positions searches further"
            )),
        }
    }
}

impl<P> Graph<P> {
    /// A kernel: the P-positions under normal play, with a kernel of the draw part where
    /// there are draws. The draw part is solved by Richardson's construction where it has no
    /// directed odd cycle, which is quick, and otherwise by a search of at most `search_steps`
    /// decisions, which may take time exponential in the number of draws.
    pub fn kernel(&self, search_steps: u64) -> Kernel {
        self.kernel_of(&self.outcomes(Play::Normal), search_steps)
    }

    /// [`Graph::kernel`] from the graph's `outcomes` under normal play; from its outcomes under
    /// misère play, the kernel of the graph with a sink after every terminal vertex, the sink
    /// left out (the sink is P, and the other labels are the misère ones: Remark 1.1).
    pub(super) fn kernel_of(&self, outcomes: &[Outcome], search_steps: u64) -> Kernel {
        let mut vertices: Vec<u32> = (0..self.len() as u32)
            .filter(|&v| outcomes[v as usize] == Outcome::P)
            .collect();
        let draws = DrawPart::new(self, outcomes);
        if draws.vertices.is_empty() {
            return Kernel::Found {
                vertices,
                unique: Some(true),
            };
        }
        let (found, unique) = match draws.colouring() {
            // Every draw has a move to a draw, so a sink component of the draw part is a
            // strongly connected bipartite graph of two vertices or more. Each of its colour
            // classes absorbs the other, and Richardson's construction finishes either one to
            // a kernel: there are two kernels at least.
            Some(colour) => (draws.richardson(&colour), Some(false)),
            None => match draws.search(search_steps) {
                Ok(Some(found)) => found,
                Ok(None) => return Kernel::None,
                Err(steps) => return Kernel::BoundReached { steps },
            },
        };
        vertices.extend(
            (0..draws.len())
                .filter(|&v| found[v])
                .map(|v| draws.vertices[v]),
        );
        vertices.sort_unstable();
        Kernel::Found { vertices, unique }
    }
}

/// The bytes [`Graph::kernel_of`] holds at most on `graph` with these `outcomes`: a local id
/// per vertex and the kernel's list (twice over, as it grows); and where there are draws, the
/// draw part's moves both ways and, per draw, what Tarjan's algorithm, Richardson's
/// construction or the search keeps (stacks, components and decisions, each list twice over
/// as it grows).
pub(super) fn kernel_bytes<P>(graph: &Graph<P>, outcomes: &[Outcome]) -> u64 {
    let is_draw = |v: u32| outcomes[v as usize] == Outcome::D;
    let draws = (0..graph.len() as u32).filter(|&v| is_draw(v));
    let draw_count = draws.clone().count() as u64;
    let draw_edges: u64 = draws
        .map(|v| graph.successors(v).iter().filter(|&&w| is_draw(w)).count() as u64)
        .sum();
    let draw_part = match draw_count {
        0 => 0,
        d => 8 * draw_edges + 200 * (d + 1),
    };
    12 * graph.len() as u64 + draw_part
}

/// The subgraph induced by the draws, renumbered 0..m, with its moves both ways.
struct DrawPart {
    /// The vertex of the graph behind each local vertex.
    vertices: Vec<u32>,
    successors: Adjacency,
    predecessors: Adjacency,
}

const NONE: u32 = u32::MAX;

impl DrawPart {
    fn new<P>(graph: &Graph<P>, outcomes: &[Outcome]) -> DrawPart {
        let vertices: Vec<u32> = (0..graph.len() as u32)
            .filter(|&v| outcomes[v as usize] == Outcome::D)
            .collect();
        let mut local = vec![NONE; graph.len()];
        for (i, &v) in vertices.iter().enumerate() {
            local[v as usize] = i as u32;
        }
        let local = &local;
        let pairs = vertices.iter().enumerate().flat_map(move |(i, &v)| {
            graph
                .successors(v)
                .iter()
                .filter(move |&&w| local[w as usize] != NONE)
                .map(move |&w| (i as u32, local[w as usize]))
        });
        let successors = Adjacency::group(vertices.len(), pairs);
        let predecessors = successors.reversed();
        DrawPart {
            vertices,
            successors,
            predecessors,
        }
    }

    fn len(&self) -> usize {
        self.vertices.len()
    }

    fn has_loop(&self, v: u32) -> bool {
        self.successors.of(v).contains(&v)
    }

    /// A colour (0 or 1) per vertex such that every edge inside a strongly connected
    /// component joins two colours, or `None` where some component has a directed odd cycle:
    /// a loop, or an edge inside it joining one colour (a strongly connected digraph has an
    /// odd cycle exactly when it is not bipartite, its edges taken undirected).
    fn colouring(&self) -> Option<Vec<u8>> {
        let mut scc = Components::new(self.len());
        let all: Vec<u32> = (0..self.len() as u32).collect();
        let components = scc.of(&self.successors, &all);
        let mut colour = vec![u8::MAX; self.len()];
        let mut queue = Vec::new();
        for (id, component) in components.iter().enumerate() {
            let root = component[0];
            colour[root as usize] = 0;
            queue.clear();
            queue.push(root);
            while let Some(v) = queue.pop() {
                let here = colour[v as usize];
                let neighbours = self.successors.of(v).iter().chain(self.predecessors.of(v));
                for &w in neighbours {
                    if scc.component[w as usize] != id as u32 {
                        continue;
                    }
                    if colour[w as usize] == u8::MAX {
                        colour[w as usize] = 1 - here;
                        queue.push(w);
                    } else if colour[w as usize] == here {
                        return None;
                    }
                }
            }
        }
        Some(colour)
    }

    /// Richardson's construction on a draw part without odd cycles, given its colouring.
    /// Components are taken sinks first. In each, the vertices already moving into the kernel
    /// stay out; if that leaves the whole component, it joins as a single vertex or by one
    /// colour class (which absorbs the other, every vertex having a move inside it); if it
    /// leaves part of it, that part is split into its own components and solved the same way
    /// before going on. The parts wait on an explicit stack, not the call stack.
    fn richardson(&self, colour: &[u8]) -> Vec<bool> {
        let mut in_kernel = vec![false; self.len()];
        let mut scc = Components::new(self.len());
        let all: Vec<u32> = (0..self.len() as u32).collect();
        // Each frame: components sinks first, and the next to take.
        let mut frames = vec![(scc.of(&self.successors, &all), 0)];
        while let Some((components, next)) = frames.last_mut() {
            let Some(component) = components.get_mut(*next) else {
                frames.pop();
                continue;
            };
            *next += 1;
            let component = std::mem::take(component);
            let free: Vec<u32> = component
                .iter()
                .copied()
                .filter(|&v| !self.successors.of(v).iter().any(|&w| in_kernel[w as usize]))
                .collect();
            if free.is_empty() {
                continue;
            }
            if free.len() < component.len() {
                let parts = scc.of(&self.successors, &free);
                frames.push((parts, 0));
                continue;
            }
            // A single vertex has no loop here: a loop is an odd cycle.
            let class = colour[component[0] as usize];
            for &v in &component {
                if component.len() == 1 || colour[v as usize] == class {
                    in_kernel[v as usize] = true;
                }
            }
        }
        in_kernel
    }

    /// A kernel of the draw part by backtracking, with whether it is the only one (`None` where
    /// the bound stopped the search for a second); `Ok(None)` where there is none, or
    /// `Err(steps)` where `max_steps` decisions did not find one.
    fn search(&self, max_steps: u64) -> SearchOutcome {
        let mut scc = Components::new(self.len());
        let all: Vec<u32> = (0..self.len() as u32).collect();
        // Sinks first: a choice there decides, through absorption, what lies above it.
        let order: Vec<u32> = scc.of(&self.successors, &all).concat();
        Search::new(self).run(&order, max_steps)
    }
}

const UNSET: u8 = 0;
const IN: u8 = 1;
const OUT: u8 = 2;

/// Backtracking over "in" and "out" per vertex. Each vertex v owns the clause "v or one of its
/// successors is in" (absorption, and v's own membership); each edge forbids both ends in.
/// Counts per clause of the members in and of those not out make unit propagation cheap: a
/// vertex set in puts its neighbours out; a clause with nothing in and one member not out
/// puts that member in; a clause with every member out is a conflict.
struct Search<'a> {
    part: &'a DrawPart,
    state: Vec<u8>,
    /// Per clause (per vertex): members in.
    members_in: Vec<u32>,
    /// Per clause: members not out.
    members_open: Vec<u32>,
    trail: Vec<u32>,
    /// Set but not yet propagated.
    queue: Vec<u32>,
}

/// A decision: the trail before it, the vertex, where it sits in the order, and whether "out"
/// has been tried after "in".
struct Decision {
    trail: usize,
    vertex: u32,
    position: usize,
    second: bool,
}

impl<'a> Search<'a> {
    fn new(part: &'a DrawPart) -> Search<'a> {
        let n = part.len();
        let members_open = (0..n as u32)
            .map(|v| part.successors.of(v).len() as u32 + u32::from(!part.has_loop(v)))
            .collect();
        Search {
            part,
            state: vec![UNSET; n],
            members_in: vec![0; n],
            members_open,
            trail: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// The clauses holding v: its own and those of its predecessors.
    fn clauses_of(&self, v: u32) -> impl Iterator<Item = u32> + 'a {
        let part = self.part;
        std::iter::once(v).chain(
            part.predecessors
                .of(v)
                .iter()
                .copied()
                .filter(move |&p| p != v),
        )
    }

    fn set(&mut self, v: u32, value: u8) {
        self.state[v as usize] = value;
        self.trail.push(v);
        self.queue.push(v);
        for c in self.clauses_of(v) {
            if value == IN {
                self.members_in[c as usize] += 1;
            } else {
                self.members_open[c as usize] -= 1;
            }
        }
    }

    /// Undoes the assignments after the first `length` of the trail.
    fn undo(&mut self, length: usize) {
        self.queue.clear();
        while self.trail.len() > length {
            let Some(v) = self.trail.pop() else { break };
            let value = self.state[v as usize];
            for c in self.clauses_of(v) {
                if value == IN {
                    self.members_in[c as usize] -= 1;
                } else {
                    self.members_open[c as usize] += 1;
                }
            }
            self.state[v as usize] = UNSET;
        }
    }

    /// Unit propagation until nothing more follows; false on a conflict.
    fn propagate(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            let settled = if self.state[v as usize] == IN {
                self.neighbours_out(v)
            } else {
                self.clauses_after_out(v)
            };
            if !settled {
                return false;
            }
        }
        true
    }

    /// v is in: every neighbour must be out.
    fn neighbours_out(&mut self, v: u32) -> bool {
        let part = self.part;
        for &w in part.successors.of(v).iter().chain(part.predecessors.of(v)) {
            match self.state[w as usize] {
                IN => return false,
                UNSET => self.set(w, OUT),
                _ => {}
            }
        }
        true
    }

    /// v is out: each clause holding it and nothing in needs one of its other members.
    fn clauses_after_out(&mut self, v: u32) -> bool {
        let part = self.part;
        for c in self.clauses_of(v) {
            if self.members_in[c as usize] > 0 {
                continue;
            }
            match self.members_open[c as usize] {
                0 => return false,
                1 => {
                    let members = std::iter::once(&c).chain(part.successors.of(c));
                    if let Some(&last) = members
                        .into_iter()
                        .find(|&&w| self.state[w as usize] == UNSET)
                    {
                        self.set(last, IN);
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// Decides the vertices in `order`, "in" first, backtracking on conflicts, until it has
    /// found two kernels or tried everything: each kernel is one leaf of the tree of decisions,
    /// so a second leaf is a second kernel.
    fn run(mut self, order: &[u32], max_steps: u64) -> SearchOutcome {
        for v in 0..self.part.len() as u32 {
            if self.part.has_loop(v) {
                self.set(v, OUT);
            }
        }
        let mut ok = self.propagate();
        let mut decisions: Vec<Decision> = Vec::new();
        let mut first: Option<Vec<bool>> = None;
        let mut position = 0;
        let mut steps = 0u64;
        // Where the bound stops the search: a kernel of unknown uniqueness, or no answer.
        let stopped = |first: Option<Vec<bool>>, steps| first.map(|k| Some((k, None))).ok_or(steps);
        loop {
            while !ok {
                let Some(decision) = decisions.last_mut() else {
                    return Ok(first.map(|k| (k, Some(true))));
                };
                self.undo(decision.trail);
                if decision.second {
                    decisions.pop();
                    continue;
                }
                if steps >= max_steps {
                    return stopped(first, steps);
                }
                steps += 1;
                decision.second = true;
                position = decision.position;
                self.set(decision.vertex, OUT);
                ok = self.propagate();
            }
            while position < order.len() && self.state[order[position] as usize] != UNSET {
                position += 1;
            }
            let Some(&vertex) = order.get(position) else {
                let kernel: Vec<bool> = self.state.iter().map(|&s| s == IN).collect();
                if let Some(first) = first {
                    return Ok(Some((first, Some(false))));
                }
                first = Some(kernel);
                // Look for another leaf.
                ok = false;
                continue;
            };
            if steps >= max_steps {
                return stopped(first, steps);
            }
            steps += 1;
            decisions.push(Decision {
                trail: self.trail.len(),
                vertex,
                position,
                second: false,
            });
            self.set(vertex, IN);
            ok = self.propagate();
        }
    }
}

/// What the search found: a kernel and whether it is the only one (`None`: the bound stopped
/// the search for a second), no kernel, or (`Err`) the steps after which it stopped without
/// one.
type SearchOutcome = Result<Option<(Vec<bool>, Option<bool>)>, u64>;
