//! Strongly connected components of a directed graph, sinks first.

use super::adjacency::Adjacency;

/// A vertex not numbered yet.
const NONE: u32 = u32::MAX;

/// The strongly connected components of the graph of `count` vertices whose edges are
/// `edges`, sinks first: a component comes after every component it reaches.
pub(crate) fn sinks_first(
    count: usize,
    edges: impl Iterator<Item = (u32, u32)> + Clone,
) -> Vec<Vec<u32>> {
    let successors = Adjacency::group(count, edges);
    let all: Vec<u32> = (0..count as u32).collect();
    Components::new(count).of(&successors, &all)
}

/// Strongly connected components by Tarjan's algorithm, iterative, with scratch arrays kept
/// between calls so that splitting a component again costs only its own size.
pub(super) struct Components {
    index: Vec<u32>,
    low: Vec<u32>,
    /// The component a vertex was put in by the last call, numbered in the order returned,
    /// or NONE for a vertex outside the set of that call.
    pub(super) component: Vec<u32>,
    /// `member[v] == call`: v is in the set of this call.
    member: Vec<u32>,
    call: u32,
}

impl Components {
    pub(super) fn new(n: usize) -> Components {
        Components {
            index: vec![NONE; n],
            low: vec![0; n],
            component: vec![NONE; n],
            member: vec![0; n],
            call: 0,
        }
    }

    /// The strongly connected components of the subgraph induced by `set`, sinks first (a
    /// component comes after every component it reaches): the order Tarjan's algorithm finds
    /// them in.
    pub(super) fn of(&mut self, successors: &Adjacency, set: &[u32]) -> Vec<Vec<u32>> {
        // Calls are at most one per vertex plus one, so the stamp never wraps.
        self.call += 1;
        for &v in set {
            self.member[v as usize] = self.call;
            self.index[v as usize] = NONE;
            self.component[v as usize] = NONE;
        }
        let mut found = Vec::new();
        let mut counter = 0u32;
        let mut stack: Vec<u32> = Vec::new();
        // (vertex, how many of its successors are done)
        let mut path: Vec<(u32, usize)> = Vec::new();
        for &root in set {
            if self.index[root as usize] != NONE {
                continue;
            }
            self.enter(root, &mut counter, &mut stack, &mut path);
            while let Some(&mut (v, ref mut done)) = path.last_mut() {
                let out = successors.of(v);
                if let Some(&w) = out.get(*done) {
                    *done += 1;
                    self.visit_edge(v, w, &mut counter, &mut stack, &mut path);
                    continue;
                }
                path.pop();
                if let Some(&(parent, _)) = path.last() {
                    self.low[parent as usize] = self.low[parent as usize].min(self.low[v as usize]);
                }
                if self.low[v as usize] == self.index[v as usize] {
                    found.push(self.close(v, found.len() as u32, &mut stack));
                }
            }
        }
        found
    }

    fn enter(
        &mut self,
        v: u32,
        counter: &mut u32,
        stack: &mut Vec<u32>,
        path: &mut Vec<(u32, usize)>,
    ) {
        self.index[v as usize] = *counter;
        self.low[v as usize] = *counter;
        *counter += 1;
        stack.push(v);
        path.push((v, 0));
    }

    /// The edge v → w: descend into a new w, or lower v's link to a w still on the stack.
    fn visit_edge(
        &mut self,
        v: u32,
        w: u32,
        counter: &mut u32,
        stack: &mut Vec<u32>,
        path: &mut Vec<(u32, usize)>,
    ) {
        if self.member[w as usize] != self.call {
            return;
        }
        if self.index[w as usize] == NONE {
            self.enter(w, counter, stack, path);
        } else if self.component[w as usize] == NONE {
            // Visited and not yet in a component: still on the stack.
            self.low[v as usize] = self.low[v as usize].min(self.index[w as usize]);
        }
    }

    /// Pops the component whose root is `v` off the stack.
    fn close(&mut self, v: u32, id: u32, stack: &mut Vec<u32>) -> Vec<u32> {
        let mut component = Vec::new();
        while let Some(w) = stack.pop() {
            self.component[w as usize] = id;
            component.push(w);
            if w == v {
                break;
            }
        }
        component
    }
}
