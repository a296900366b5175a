//! Kernels against every subset: on small graphs all kernels are enumerated from the
//! definition (independent and absorbing), and the answer must be one of them, or "none"
//! exactly where there is none.

use super::{DrawPart, Kernel};
use crate::engine::{Outcome, Play};
use crate::graph::Graph;
use proptest::prelude::*;

/// Steps enough for every small graph here.
const STEPS: u64 = 1 << 20;

fn numbered(n: usize, edges: &[(u32, u32)]) -> Graph<u32> {
    Graph::from_edges((0..n as u32).collect(), edges).unwrap()
}

/// The definition: no edge inside `set` (a loop is an edge), and an edge into it from every
/// vertex outside it. Sets are bit masks.
fn is_kernel(n: usize, edges: &[(u32, u32)], set: u32) -> bool {
    let inside = |v: u32| set >> v & 1 == 1;
    let independent = edges.iter().all(|&(a, b)| !(inside(a) && inside(b)));
    let absorbing =
        (0..n as u32).all(|v| inside(v) || edges.iter().any(|&(a, b)| a == v && inside(b)));
    independent && absorbing
}

/// Every kernel, by trying every subset.
fn all_kernels(n: usize, edges: &[(u32, u32)]) -> Vec<u32> {
    (0..1u32 << n)
        .filter(|&set| is_kernel(n, edges, set))
        .collect()
}

fn mask(vertices: &[u32]) -> u32 {
    vertices.iter().map(|&v| 1 << v).sum()
}

/// Whether `vertices` is a kernel of `graph`, for graphs too big to enumerate.
fn valid<P>(graph: &Graph<P>, vertices: &[u32]) -> bool {
    let mut inside = vec![false; graph.len()];
    for &v in vertices {
        inside[v as usize] = true;
    }
    (0..graph.len() as u32).all(|v| {
        let into = graph.successors(v).iter().any(|&w| inside[w as usize]);
        into != inside[v as usize]
    })
}

fn digraph(max: usize) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..=max).prop_flat_map(|n| {
        let vertex = 0..n as u32;
        (
            Just(n),
            prop::collection::vec((vertex.clone(), vertex), 0..=2 * n),
        )
    })
}

/// Digraphs where every vertex has a move: no terminal, so every vertex is a draw and the
/// whole graph goes to the search or to Richardson's construction.
fn endless(max: usize) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    digraph(max).prop_flat_map(|(n, edges)| {
        prop::collection::vec(0..n as u32, n).prop_map(move |picks| {
            let mut all = edges.clone();
            all.extend((0..n as u32).zip(picks));
            (n, all)
        })
    })
}

/// Graphs without an odd cycle: two colours, and every edge joins them, so every cycle
/// alternates and is even. Where `endless`, every vertex also gets a move (if the other colour
/// has a vertex), so that nothing ends and everything is a draw.
fn bipartite(max: usize) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..=max).prop_flat_map(|n| {
        let vertex = 0..n as u32;
        (
            Just(n),
            prop::collection::vec(any::<bool>(), n),
            prop::collection::vec((vertex.clone(), vertex.clone()), 0..=2 * n),
            prop::collection::vec(vertex, n),
            any::<bool>(),
        )
            .prop_map(|(n, colour, edges, picks, endless)| {
                let other = |a: u32| -> Vec<u32> {
                    (0..n as u32)
                        .filter(|&b| colour[b as usize] != colour[a as usize])
                        .collect()
                };
                let mut across: Vec<(u32, u32)> = edges
                    .into_iter()
                    .filter(|&(a, b)| colour[a as usize] != colour[b as usize])
                    .collect();
                for (a, pick) in (0..n as u32).zip(picks) {
                    let targets = other(a);
                    if endless && !targets.is_empty() {
                        across.push((a, targets[pick as usize % targets.len()]));
                    }
                }
                (n, across)
            })
    })
}

/// The subgraph induced by the vertices with `outcome`, renumbered in order.
fn induced(n: usize, edges: &[(u32, u32)], keep: &[bool]) -> (usize, Vec<(u32, u32)>, Vec<u32>) {
    let vertices: Vec<u32> = (0..n as u32).filter(|&v| keep[v as usize]).collect();
    let local = |v: u32| vertices.iter().position(|&w| w == v).map(|i| i as u32);
    let inner = edges
        .iter()
        .filter_map(|&(a, b)| Some((local(a)?, local(b)?)))
        .collect();
    (vertices.len(), inner, vertices)
}

proptest! {
    #[test]
    fn kernel_is_one_of_all_kernels_or_none_exactly_when_there_is_none(
        (n, edges) in prop_oneof![digraph(10), endless(10)]
    ) {
        let brute = all_kernels(n, &edges);
        match numbered(n, &edges).kernel(STEPS) {
            Kernel::Found { vertices, unique } => {
                prop_assert!(brute.contains(&mask(&vertices)), "{:?} is no kernel", vertices);
                prop_assert_eq!(unique, Some(brute.len() == 1), "{:?}", brute);
            }
            Kernel::None => prop_assert!(brute.is_empty(), "missed {:?}", brute),
            Kernel::BoundReached { steps } => prop_assert!(false, "stopped at {}", steps),
        }
    }

    #[test]
    fn kernels_are_the_p_positions_with_a_kernel_of_the_draws((n, edges) in digraph(9)) {
        // Oracle 22: L ⊆ K, K ∩ N = ∅, and kernels(G) = {L ∪ k : k a kernel of G[D]}.
        let outcomes = numbered(n, &edges).outcomes(Play::Normal);
        let of = |o: Outcome| -> Vec<bool> { outcomes.iter().map(|&x| x == o).collect() };
        let p_set: u32 = (0..n as u32).filter(|&v| of(Outcome::P)[v as usize]).map(|v| 1 << v).sum();
        let n_set: u32 = (0..n as u32).filter(|&v| of(Outcome::N)[v as usize]).map(|v| 1 << v).sum();
        let kernels = all_kernels(n, &edges);
        for &k in &kernels {
            prop_assert_eq!(k & p_set, p_set);
            prop_assert_eq!(k & n_set, 0);
        }
        let (m, inner, draws) = induced(n, &edges, &of(Outcome::D));
        let mut lifted: Vec<u32> = all_kernels(m, &inner)
            .into_iter()
            .map(|k| {
                let chosen: Vec<u32> = (0..m).filter(|&i| k >> i & 1 == 1).map(|i| draws[i]).collect();
                p_set | mask(&chosen)
            })
            .collect();
        lifted.sort_unstable();
        prop_assert_eq!(lifted, kernels);
    }

    #[test]
    fn richardson_finds_a_kernel_without_odd_cycles((n, edges) in bipartite(40)) {
        // Oracle 23: no search step is allowed, so the kernel comes from Richardson's
        // construction alone.
        let graph = numbered(n, &edges);
        let Kernel::Found { vertices, .. } = graph.kernel(0) else {
            return Err(TestCaseError::fail("no kernel without odd cycles"));
        };
        prop_assert!(valid(&graph, &vertices));
        let outcomes = graph.outcomes(Play::Normal);
        prop_assert!(DrawPart::new(&graph, &outcomes).colouring().is_some());
    }

    #[test]
    fn odd_cycles_are_found((n, edges) in digraph(8)) {
        // A graph has an odd cycle iff some closed walk of odd length ≤ n exists: odd powers
        // of the adjacency matrix with a nonzero diagonal.
        let every: Vec<Outcome> = vec![Outcome::D; n];
        let graph = numbered(n, &edges);
        let mut reach = vec![vec![false; n]; n];
        for &(a, b) in &edges {
            reach[a as usize][b as usize] = true;
        }
        let step = reach.clone();
        let mut odd = false;
        for length in 1..=n {
            if length % 2 == 1 && (0..n).any(|v| reach[v][v]) {
                odd = true;
            }
            reach = (0..n)
                .map(|a| (0..n).map(|c| (0..n).any(|b| reach[a][b] && step[b][c])).collect())
                .collect();
        }
        prop_assert_eq!(DrawPart::new(&graph, &every).colouring().is_none(), odd);
    }
}

fn found(vertices: &[u32], unique: bool) -> Kernel {
    Kernel::Found {
        vertices: vertices.to_vec(),
        unique: Some(unique),
    }
}

#[test]
fn cycles_of_two_three_and_four() {
    // Oracle 20.
    let three = numbered(3, &[(0, 1), (1, 2), (2, 0)]);
    assert_eq!(three.kernel(STEPS), Kernel::None);
    assert!(Kernel::None.reason().unwrap().contains("no kernel"));
    let two = numbered(2, &[(0, 1), (1, 0)]).kernel(STEPS);
    assert!(two == found(&[0], false) || two == found(&[1], false));
    let four = numbered(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]).kernel(STEPS);
    assert!(four == found(&[0, 2], false) || four == found(&[1, 3], false));
    assert_eq!(four.reason(), None);
}

#[test]
fn a_three_cycle_with_exits_or_a_chord() {
    // Oracle 21: with exits the kernel is the terminal alone, and the graph has no draws.
    let exits = numbered(4, &[(0, 1), (1, 2), (2, 0), (0, 3), (1, 3), (2, 3)]);
    assert_eq!(exits.kernel(0), found(&[3], true));
    // With the chord a→c there is an odd cycle, all are draws, and the kernel is {c}.
    let chord = numbered(3, &[(0, 1), (0, 2), (1, 2), (2, 0)]);
    assert_eq!(chord.outcomes(Play::Normal), [Outcome::D; 3]);
    assert_eq!(chord.kernel(STEPS), found(&[2], true));
}

#[test]
fn the_search_stops_at_its_bound() {
    let three = numbered(3, &[(0, 1), (1, 2), (2, 0)]);
    let stopped = three.kernel(0);
    assert_eq!(stopped, Kernel::BoundReached { steps: 0 });
    assert!(stopped.reason().unwrap().contains("after 0 steps"));
    assert_eq!(three.kernel(1), Kernel::BoundReached { steps: 1 });
    // "in" for a fails, "out" for a fails: two steps decide.
    assert_eq!(three.kernel(2), Kernel::None);
}

#[test]
fn uniqueness_is_unknown_where_the_bound_stops_the_search_for_a_second_kernel() {
    // The chord graph has one kernel, {c}: with more and more steps the search first finds
    // nothing, then {c} without having ruled out another, then proves it the only one.
    let chord = numbered(3, &[(0, 1), (0, 2), (1, 2), (2, 0)]);
    let answers: Vec<Kernel> = (0..16).map(|steps| chord.kernel(steps)).collect();
    let unknown = Kernel::Found {
        vertices: vec![2],
        unique: None,
    };
    assert!(answers.contains(&unknown), "{answers:?}");
    assert_eq!(answers.last(), Some(&found(&[2], true)));
}

#[test]
fn long_chains_of_draws_need_no_recursion() {
    let n = 200_000u32;
    // A path into a 2-cycle: no odd cycle, so Richardson's construction, through a component
    // per vertex.
    let mut edges: Vec<(u32, u32)> = (0..n - 1).map(|v| (v, v + 1)).collect();
    edges.push((n - 1, n - 2));
    let graph = numbered(n as usize, &edges);
    let Kernel::Found { vertices, unique } = graph.kernel(0) else {
        panic!("no kernel")
    };
    assert!(valid(&graph, &vertices));
    assert_eq!(unique, Some(false));
    // A long even cycle: one component, half of it in the kernel.
    let mut cycle: Vec<(u32, u32)> = (0..n - 1).map(|v| (v, v + 1)).collect();
    cycle.push((n - 1, 0));
    let graph = numbered(n as usize, &cycle);
    let Kernel::Found { vertices, .. } = graph.kernel(0) else {
        panic!("no kernel")
    };
    assert_eq!(vertices.len(), n as usize / 2);
    assert!(valid(&graph, &vertices));
    // A path into a 3-cycle: the search starts at the sink and fails at once.
    let mut tailed = edges;
    tailed.pop();
    tailed.extend([(n - 1, n - 3)]);
    let graph = numbered(n as usize, &tailed);
    assert_eq!(graph.kernel(2), Kernel::None);
}
