//! The graph against references written from the definitions: the labelling rules applied
//! round by round, plain recursion on acyclic graphs, and the layered kernel algorithm of the
//! proof of Theorem 1.1 that the old `GameGraph` used.

use super::{Graph, GraphError, Kernel};
use crate::engine::{Limits, Meter, Outcome, Play, SearchError};
use proptest::prelude::*;
use std::cell::Cell;

fn numbered(n: usize, edges: &[(u32, u32)]) -> Graph<u32> {
    Graph::from_edges((0..n as u32).collect(), edges).unwrap()
}

/// Followers as plain lists, repeats kept: the references must not depend on deduplication.
fn followers(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<usize>> {
    let mut followers = vec![Vec::new(); n];
    for &(from, to) in edges {
        followers[from as usize].push(to as usize);
    }
    followers
}

fn terminal_outcome(play: Play) -> Outcome {
    match play {
        Play::Normal => Outcome::P,
        Play::Misere => Outcome::N,
    }
}

/// The rules applied to every vertex at once, round after round, each round reading only the
/// labels of earlier rounds, until nothing changes. A vertex first labelled in round k is won
/// or lost in exactly k moves, so the round is the depth; what is never labelled is a draw.
fn by_rounds(n: usize, edges: &[(u32, u32)], play: Play) -> Vec<(Outcome, Option<u32>)> {
    let followers = followers(n, edges);
    let mut label: Vec<Option<Outcome>> = vec![None; n];
    let mut depth = vec![None; n];
    for round in 0.. {
        let before = label.clone();
        for u in 0..n {
            if before[u].is_some() {
                continue;
            }
            let new = if followers[u].is_empty() {
                Some(terminal_outcome(play))
            } else if followers[u].iter().any(|&w| before[w] == Some(Outcome::P)) {
                Some(Outcome::N)
            } else if followers[u].iter().all(|&w| before[w] == Some(Outcome::N)) {
                Some(Outcome::P)
            } else {
                None
            };
            if new.is_some() {
                label[u] = new;
                depth[u] = Some(round);
            }
        }
        if label == before {
            break;
        }
    }
    (0..n)
        .map(|v| (label[v].unwrap_or(Outcome::D), depth[v]))
        .collect()
}

/// On an acyclic graph, outcome and depth straight from their definitions, by recursion.
fn by_recursion(followers: &[Vec<usize>], play: Play) -> Vec<(Outcome, u32)> {
    fn label(
        v: usize,
        followers: &[Vec<usize>],
        play: Play,
        memo: &mut Vec<Option<(Outcome, u32)>>,
    ) -> (Outcome, u32) {
        if let Some(known) = memo[v] {
            return known;
        }
        let options: Vec<(Outcome, u32)> = followers[v]
            .iter()
            .map(|&w| label(w, followers, play, memo))
            .collect();
        let result = if options.is_empty() {
            (terminal_outcome(play), 0)
        } else if let Some(fastest) = options
            .iter()
            .filter(|o| o.0 == Outcome::P)
            .map(|o| o.1)
            .min()
        {
            (Outcome::N, fastest + 1)
        } else {
            (Outcome::P, options.iter().map(|o| o.1).max().unwrap() + 1)
        };
        memo[v] = Some(result);
        result
    }
    let mut memo = vec![None; followers.len()];
    (0..followers.len())
        .map(|v| label(v, followers, play, &mut memo))
        .collect()
}

/// The old `GameGraph::kernel`, as it was: start from the terminal vertices, then repeatedly
/// add the terminal vertices of what is neither in the kernel nor moves into it.
fn layered_kernel(followers: &[Vec<usize>]) -> Option<Vec<bool>> {
    let n = followers.len();
    let mut in_kernel = vec![false; n];
    let mut covered = vec![false; n];
    let mut remaining = n;
    while remaining > 0 {
        let layer: Vec<usize> = (0..n)
            .filter(|&v| !covered[v] && followers[v].iter().all(|&w| covered[w]))
            .collect();
        if layer.is_empty() {
            return None;
        }
        for &v in &layer {
            in_kernel[v] = true;
        }
        for v in 0..n {
            if !covered[v] && (in_kernel[v] || followers[v].iter().any(|&w| in_kernel[w])) {
                covered[v] = true;
                remaining -= 1;
            }
        }
    }
    Some(in_kernel)
}

/// The old `GameGraph::with_misere_sink`: a new last vertex that every terminal vertex moves to.
fn with_misere_sink(followers: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let sink = followers.len();
    let mut with_sink: Vec<Vec<usize>> = followers
        .iter()
        .map(|f| if f.is_empty() { vec![sink] } else { f.clone() })
        .collect();
    with_sink.push(Vec::new());
    with_sink
}

/// Steps enough for the search on every small graph here.
const STEPS: u64 = 1 << 20;

/// The kernel as a flag per vertex, where the graph has a unique one.
fn unique_kernel<P>(graph: &Graph<P>) -> Option<Vec<bool>> {
    match graph.kernel(STEPS) {
        Kernel::Found {
            vertices,
            unique: Some(true),
        } => {
            let mut flags = vec![false; graph.len()];
            for v in vertices {
                flags[v as usize] = true;
            }
            Some(flags)
        }
        _ => None,
    }
}

fn labels(graph: &Graph<u32>, play: Play) -> Vec<(Outcome, Option<u32>)> {
    let labels = graph.solve(play);
    (0..graph.len() as u32)
        .map(|v| (labels.outcome(v), labels.depth(v)))
        .collect()
}

/// Small digraphs of any shape: loops, cycles and repeated edges included.
fn digraph() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..12).prop_flat_map(|n| {
        let vertex = 0..n as u32;
        (
            Just(n),
            prop::collection::vec((vertex.clone(), vertex), 0..3 * n),
        )
    })
}

/// Small acyclic digraphs: every edge goes to a smaller vertex.
fn dag() -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    digraph().prop_map(|(n, edges)| {
        let downwards = edges
            .into_iter()
            .filter(|&(a, b)| a != b)
            .map(|(a, b)| (a.max(b), a.min(b)))
            .collect();
        (n, downwards)
    })
}

fn play() -> impl Strategy<Value = Play> {
    prop_oneof![Just(Play::Normal), Just(Play::Misere)]
}

proptest! {
    #[test]
    fn labels_are_the_fixed_point_of_the_rules((n, edges) in digraph(), play in play()) {
        prop_assert_eq!(labels(&numbered(n, &edges), play), by_rounds(n, &edges, play));
    }

    #[test]
    fn labels_of_acyclic_graphs_follow_the_definition((n, edges) in dag(), play in play()) {
        let expected: Vec<(Outcome, Option<u32>)> = by_recursion(&followers(n, &edges), play)
            .into_iter()
            .map(|(outcome, depth)| (outcome, Some(depth)))
            .collect();
        prop_assert_eq!(labels(&numbered(n, &edges), play), expected);
    }

    /// The first best move of a winner brings the end one move closer, and every move of a
    /// loser does too, so the winner who follows it wins in exactly `depth` moves however the
    /// loser plays; a drawing move keeps the draw.
    #[test]
    fn best_moves_win_in_the_depth_or_keep_the_draw((n, edges) in digraph(), play in play()) {
        let graph = numbered(n, &edges);
        let labels = graph.solve(play);
        for v in 0..n as u32 {
            let best = labels.best_moves(&graph, v);
            match (labels.outcome(v), labels.depth(v)) {
                // A terminal vertex won under misère play: the win is having no move.
                (Outcome::N, Some(0)) => prop_assert!(best.is_empty()),
                (Outcome::N, Some(depth)) => {
                    prop_assert_eq!(labels.depth(best[0]), Some(depth - 1));
                    prop_assert!(best.iter().all(|&w| labels.outcome(w) == Outcome::P));
                }
                (Outcome::P, Some(depth)) => {
                    prop_assert_eq!(best.len(), graph.successors(v).len());
                    for &w in &best {
                        prop_assert_eq!(labels.outcome(w), Outcome::N);
                        prop_assert!(labels.depth(w).unwrap() < depth);
                    }
                    if let Some(&longest) = best.first() {
                        prop_assert_eq!(labels.depth(longest), Some(depth - 1));
                    }
                }
                (Outcome::D, None) => {
                    prop_assert!(!best.is_empty());
                    prop_assert!(best.iter().all(|&w| labels.outcome(w) == Outcome::D));
                }
                other => prop_assert!(false, "vertex {} labelled {:?}", v, other),
            }
        }
    }

    #[test]
    fn kernel_is_the_old_layered_kernel((n, edges) in dag()) {
        let graph = numbered(n, &edges);
        let followers = followers(n, &edges);
        prop_assert_eq!(unique_kernel(&graph), layered_kernel(&followers));
        let misere_p: Vec<bool> = graph
            .outcomes(Play::Misere)
            .into_iter()
            .map(|o| o == Outcome::P)
            .collect();
        let mut with_sink = layered_kernel(&with_misere_sink(&followers)).unwrap();
        prop_assert_eq!(with_sink.pop(), Some(true));
        prop_assert_eq!(misere_p, with_sink);
    }

    #[test]
    fn kernel_is_unique_without_draws((n, edges) in digraph()) {
        let graph = numbered(n, &edges);
        let draws = graph.outcomes(Play::Normal).iter().filter(|&&o| o == Outcome::D).count();
        match graph.kernel(STEPS) {
            Kernel::Found { vertices, unique } => {
                if draws == 0 {
                    prop_assert_eq!(unique, Some(true));
                }
                // Definition 1.7: independent, and everything outside moves into it.
                for v in 0..n as u32 {
                    let into = graph.successors(v).iter().any(|w| vertices.contains(w));
                    prop_assert_eq!(into, !vertices.contains(&v));
                }
            }
            Kernel::None => prop_assert!(draws > 0),
            Kernel::BoundReached { .. } => prop_assert!(false, "{} steps were not enough", STEPS),
        }
    }

    #[test]
    fn adjacency_holds_each_edge_once_both_ways((n, edges) in digraph()) {
        let graph = numbered(n, &edges);
        let mut distinct = Vec::new();
        for &edge in &edges {
            if !distinct.contains(&edge) {
                distinct.push(edge);
            }
        }
        prop_assert_eq!(graph.edge_count(), distinct.len());
        for v in 0..n as u32 {
            let out: Vec<u32> = distinct.iter().filter(|e| e.0 == v).map(|e| e.1).collect();
            let mut into: Vec<u32> = distinct.iter().filter(|e| e.1 == v).map(|e| e.0).collect();
            into.sort_unstable();
            prop_assert_eq!(graph.successors(v), &out[..]);
            prop_assert_eq!(graph.predecessors(v), &into[..]);
            prop_assert_eq!(graph.is_terminal(v), out.is_empty());
        }
    }
}

fn take(set: &'static [u64]) -> impl Fn(&u64) -> Vec<u64> {
    move |&n| set.iter().filter(|&&t| t <= n).map(|t| n - t).collect()
}

fn unlimited() -> Meter {
    Meter::new(Limits::default())
}

#[test]
fn example_1_1_take_one_two_or_three_from_21() {
    let graph = Graph::explore(21u64, &mut unlimited(), take(&[1, 2, 3]), |_| None).unwrap();
    assert_eq!(graph.len(), 22);
    // The graph as the book draws it: F(0) = ∅, F(1) = {0}, F(2) = {0, 1}, F(k) = {k-3, k-2, k-1}.
    assert_eq!(graph.edge_count(), 1 + 2 + 3 * 19);
    for v in 0..22u32 {
        let k = *graph.position(v);
        let mut followers: Vec<u64> = graph
            .successors(v)
            .iter()
            .map(|&w| *graph.position(w))
            .collect();
        followers.sort_unstable();
        assert_eq!(followers, (k.saturating_sub(3)..k).collect::<Vec<_>>());
    }
    let normal = graph.solve(Play::Normal);
    let misere = graph.solve(Play::Misere);
    let kernel = unique_kernel(&graph).unwrap();
    for v in 0..22u32 {
        let k = *graph.position(v);
        // The P-positions are the multiples of 4 (and, misère, the heaps ≡ 1 mod 4); each
        // round of the winner's play takes 4 chips in 2 moves.
        assert_eq!(normal.outcome(v), Outcome::p_if(k % 4 == 0), "heap {k}");
        assert_eq!(
            normal.depth(v),
            Some(2 * (k / 4) as u32 + u32::from(k % 4 != 0))
        );
        assert_eq!(misere.outcome(v), Outcome::p_if(k % 4 == 1), "heap {k}");
        assert_eq!(kernel[v as usize], k % 4 == 0);
    }
    // With 21 chips the only winning move is to take 1, leaving 20; the game then lasts 11 moves.
    let wins: Vec<u64> = graph
        .successors(0)
        .iter()
        .filter(|&&w| normal.outcome(w) == Outcome::P)
        .map(|&w| *graph.position(w))
        .collect();
    assert_eq!(wins, [20]);
    assert_eq!(normal.depth(0), Some(11));
}

#[test]
fn equal_options_make_one_edge() {
    let twice = |&n: &u64| {
        if n > 0 {
            vec![n - 1, 0, n - 1, 0]
        } else {
            vec![]
        }
    };
    let graph = Graph::explore(3u64, &mut unlimited(), twice, |_| None).unwrap();
    assert_eq!(graph.positions(), [3, 2, 0, 1]);
    assert_eq!(graph.successors(0), [1, 2]);
    assert_eq!(graph.successors(3), [2]);
    assert_eq!(graph.predecessors(2), [0, 1, 3]);
    assert_eq!(graph.edge_count(), 5);
    let graph = numbered(2, &[(0, 1), (0, 1), (1, 1), (1, 1)]);
    assert_eq!(graph.edge_count(), 2);
    assert_eq!(graph.predecessors(1), [0, 1]);
}

/// A heap whose hash says nothing, so that every position collides with every other.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Clashing(u64);

impl std::hash::Hash for Clashing {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl crate::engine::Footprint for Clashing {
    fn footprint(&self) -> usize {
        8
    }
}

#[test]
fn positions_whose_hashes_collide_stay_apart() {
    let plain = Graph::explore(30u64, &mut unlimited(), take(&[1, 3, 4]), |_| None).unwrap();
    let options = |c: &Clashing| take(&[1, 3, 4])(&c.0).into_iter().map(Clashing).collect();
    let clashing = Graph::explore(Clashing(30), &mut unlimited(), options, |_| None).unwrap();
    let heaps: Vec<u64> = clashing.positions().iter().map(|c| c.0).collect();
    assert_eq!(heaps, plain.positions());
    for v in 0..plain.len() as u32 {
        assert_eq!(clashing.successors(v), plain.successors(v));
    }
}

#[test]
fn a_big_graph_meets_the_limits_instead_of_hanging() {
    let limits = Limits {
        max_positions: 1000,
        max_memory: 1 << 30,
    };
    let big = Graph::explore(u64::MAX, &mut Meter::new(limits), take(&[1, 2]), |_| None);
    assert_eq!(big, Err(SearchError::TooBig { limit: 1000 }));
    let limits = Limits {
        max_positions: u64::MAX,
        max_memory: 1 << 16,
    };
    let big = Graph::explore(u64::MAX, &mut Meter::new(limits), take(&[1, 2]), |_| None);
    assert_eq!(big, Err(SearchError::OutOfMemory { limit: 1 << 16 }));
}

#[test]
fn an_option_bound_is_checked_before_the_options_are_listed() {
    let listed = Cell::new(0);
    let options = |&n: &u64| {
        listed.set(listed.get() + 1);
        (0..n).collect()
    };
    let mut meter = Meter::new(Limits {
        max_positions: 1000,
        max_memory: 1 << 30,
    });
    let nim_heap = Graph::explore(1 << 40, &mut meter, options, |&n| Some(n));
    assert_eq!(nim_heap, Err(SearchError::TooBig { limit: 1000 }));
    assert_eq!(listed.get(), 0);
}

#[test]
fn a_cycle_without_exits_is_a_draw_everywhere() {
    let square = numbered(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
    for play in [Play::Normal, Play::Misere] {
        assert_eq!(square.outcomes(play), [Outcome::D; 4]);
        assert_eq!(square.solve(play).depth(2), None);
    }
    // Its kernels are the two pairs of opposite corners, and there is no P-position.
    let Kernel::Found { vertices, unique } = square.kernel(STEPS) else {
        panic!("a square has a kernel")
    };
    assert!(vertices == [0, 2] || vertices == [1, 3]);
    assert_eq!(unique, Some(false));
}

#[test]
fn fergusons_cycle_a_three_cycle_with_a_tail() {
    // a→b, b→c, c→a, c→d, d→e (a = 0, ..., e = 4).
    let graph = numbered(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]);
    let normal = labels(&graph, Play::Normal);
    use Outcome::{D, N, P};
    assert_eq!(
        normal,
        [(D, None), (D, None), (D, None), (N, Some(1)), (P, Some(0))]
    );
    // The draws a, b, c make a 3-cycle, which has no kernel.
    assert_eq!(graph.kernel(STEPS), Kernel::None);
    let misere = labels(&graph, Play::Misere);
    assert_eq!(
        misere,
        [
            (N, Some(4)),
            (P, Some(3)),
            (N, Some(2)),
            (P, Some(1)),
            (N, Some(0))
        ]
    );
}

#[test]
fn the_trap_wins_only_by_the_shortest_move() {
    // a→t, a→b, b→a (a = 0, b = 1, t = 2): from a, both moves reach a P vertex, but only the
    // move to the P vertex of depth one less ends the game.
    let graph = numbered(3, &[(0, 2), (0, 1), (1, 0)]);
    use Outcome::{D, N, P};
    assert_eq!(
        labels(&graph, Play::Normal),
        [(N, Some(1)), (P, Some(2)), (P, Some(0))]
    );
    assert_eq!(
        labels(&graph, Play::Misere),
        [(D, None), (D, None), (N, Some(0))]
    );
    let normal = graph.solve(Play::Normal);
    assert_eq!(normal.best_moves(&graph, 0), [2, 1]);
    // From b every move loses; under misère play a and b keep the draw between them.
    assert_eq!(normal.best_moves(&graph, 1), [0]);
    let misere = graph.solve(Play::Misere);
    assert_eq!(misere.best_moves(&graph, 0), [1]);
    assert_eq!(misere.best_moves(&graph, 1), [0]);
}

#[test]
fn a_three_cycle_with_exits_has_a_kernel() {
    // a→b→c→a, and each of a, b, c moves to the terminal t = 3: the kernel is {t}.
    let graph = numbered(4, &[(0, 1), (1, 2), (2, 0), (0, 3), (1, 3), (2, 3)]);
    assert_eq!(
        graph.kernel(STEPS),
        Kernel::Found {
            vertices: vec![3],
            unique: Some(true)
        }
    );
}

#[test]
fn edges_must_name_vertices() {
    assert_eq!(
        Graph::from_edges(vec!['a', 'b'], &[(0, 1), (1, 2)]),
        Err(GraphError::NoSuchVertex {
            from: 1,
            to: 2,
            vertex_count: 2
        })
    );
    let empty = Graph::<char>::from_edges(Vec::new(), &[]).unwrap();
    assert!(empty.is_empty());
    assert_eq!(
        empty.kernel(0),
        Kernel::Found {
            vertices: vec![],
            unique: Some(true)
        }
    );
}
