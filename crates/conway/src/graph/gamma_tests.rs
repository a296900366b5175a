//! γ against its definition and against product graphs: the properties (A), (B), (C) checked
//! vertex by vertex from the followers; the value and outcome of sums against γ and retrograde
//! analysis on the explicit product graph; the safe strategy played out against every reply.

use super::{Gamma, GammaLabels, SumAnalysis, SumMove};
use crate::engine::{Outcome, Play};
use crate::graph::Graph;
use proptest::prelude::*;

fn numbered(n: usize, edges: &[(u32, u32)]) -> Graph<u32> {
    Graph::from_edges((0..n as u32).collect(), edges).unwrap()
}

fn fin(labels: &GammaLabels, v: u32) -> Option<u64> {
    match labels.value(v) {
        Gamma::Finite(g) => Some(g),
        Gamma::Infinite(_) => None,
    }
}

fn mex(values: &[u64]) -> u64 {
    (0..).find(|x| !values.contains(x)).unwrap()
}

/// The finite values among the followers of `u`, sorted, each once.
fn finite_followers(graph: &Graph<u32>, labels: &GammaLabels, u: u32) -> Vec<u64> {
    let mut values: Vec<u64> = graph
        .successors(u)
        .iter()
        .filter_map(|&w| fin(labels, w))
        .collect();
    values.sort_unstable();
    values.dedup();
    values
}

/// Properties (A), (B), (C) of the definition, with the counters the labels give; γ is the
/// unique function that has them, so passing this is being right.
fn check_definition(graph: &Graph<u32>, labels: &GammaLabels) -> Result<(), String> {
    for u in 0..graph.len() as u32 {
        let fin_u = finite_followers(graph, labels, u);
        match labels.value(u) {
            Gamma::Finite(g) => {
                if g != mex(&fin_u) {
                    return Err(format!("(A) fails at {u}: γ = {g}, followers {fin_u:?}"));
                }
                let c = labels.counter(u).ok_or("no counter at a finite vertex")?;
                for &v in graph.successors(u) {
                    if fin(labels, v).is_some_and(|x| x < g) {
                        continue;
                    }
                    let reversed = graph.successors(v).iter().any(|&w| {
                        fin(labels, w) == Some(g) && labels.counter(w).is_some_and(|cw| cw < c)
                    });
                    if !reversed {
                        return Err(format!("(B) fails at {u} → {v}"));
                    }
                }
            }
            Gamma::Infinite(k) => {
                if k != fin_u {
                    return Err(format!("K at {u} is {k:?}, followers have {fin_u:?}"));
                }
                if labels.counter(u).is_some() {
                    return Err(format!("∞ vertex {u} has a counter"));
                }
                let m = mex(&fin_u);
                let escape = graph.successors(u).iter().any(|&v| {
                    fin(labels, v).is_none()
                        && !graph
                            .successors(v)
                            .iter()
                            .any(|&w| fin(labels, w) == Some(m))
                });
                if !escape {
                    return Err(format!("(C) fails at {u}"));
                }
            }
        }
    }
    Ok(())
}

/// Small digraphs with loops and cycles.
fn digraph(max: usize) -> impl Strategy<Value = (usize, Vec<(u32, u32)>)> {
    (1usize..=max).prop_flat_map(|n| {
        let vertex = 0..n as u32;
        (
            Just(n),
            prop::collection::vec((vertex.clone(), vertex), 0..=2 * n),
        )
    })
}

/// The explicit sum of components: one vertex per tuple (mixed radix, component 0 slowest),
/// and a move changes exactly one coordinate along its component's edges.
struct Product {
    sizes: Vec<usize>,
    graph: Graph<u32>,
}

impl Product {
    fn new(components: &[(usize, Vec<(u32, u32)>)]) -> Product {
        let sizes: Vec<usize> = components.iter().map(|c| c.0).collect();
        let total: usize = sizes.iter().product();
        let followers: Vec<Vec<Vec<u32>>> = components
            .iter()
            .map(|(n, edges)| {
                (0..*n as u32)
                    .map(|v| edges.iter().filter(|e| e.0 == v).map(|e| e.1).collect())
                    .collect()
            })
            .collect();
        let mut product = Product {
            sizes,
            graph: numbered(0, &[]),
        };
        let mut edges = Vec::new();
        for x in 0..total as u32 {
            let tuple = product.tuple(x);
            for (i, &u) in tuple.iter().enumerate() {
                for &w in &followers[i][u as usize] {
                    edges.push((x, product.moved(x, i, w)));
                }
            }
        }
        product.graph = numbered(total, &edges);
        product
    }

    fn tuple(&self, mut x: u32) -> Vec<u32> {
        let mut tuple = vec![0; self.sizes.len()];
        for i in (0..self.sizes.len()).rev() {
            tuple[i] = x % self.sizes[i] as u32;
            x /= self.sizes[i] as u32;
        }
        tuple
    }

    fn index(&self, tuple: &[u32]) -> u32 {
        tuple
            .iter()
            .zip(&self.sizes)
            .fold(0, |x, (&t, &size)| x * size as u32 + t)
    }

    /// The tuple `x` with coordinate `i` moved to `w`.
    fn moved(&self, x: u32, i: usize, w: u32) -> u32 {
        let mut tuple = self.tuple(x);
        tuple[i] = w;
        self.index(&tuple)
    }
}

/// The components side by side in one graph, so that tokens on them are a sum on one graph;
/// component `i`'s vertex `v` is `offsets[i] + v`.
fn union(components: &[(usize, Vec<(u32, u32)>)]) -> (Graph<u32>, Vec<u32>) {
    let mut offsets = Vec::new();
    let mut edges = Vec::new();
    let mut n = 0u32;
    for (size, component) in components {
        offsets.push(n);
        edges.extend(component.iter().map(|&(a, b)| (a + n, b + n)));
        n += *size as u32;
    }
    (numbered(n as usize, &edges), offsets)
}

fn analyse(labels: &GammaLabels, graph: &Graph<u32>, tokens: &[u32]) -> SumAnalysis {
    labels.sum(graph, tokens)
}

/// The positions the moves of a sum reach, as product vertices, sorted, each once: loops in
/// two components make two moves to the same position.
fn targets(product: &Product, offsets: &[u32], x: u32, moves: &[SumMove]) -> Vec<u32> {
    let mut targets: Vec<u32> = moves
        .iter()
        .map(|m| product.moved(x, m.component, m.to - offsets[m.component]))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    targets
}

/// Plays the first move of the analysis for the winner from `start` against every reply of
/// the opponent, and checks that the winner never comes back to a position (the strategy graph
/// is acyclic) and that every line ends with the opponent stuck. Depth-first with an explicit
/// stack and three colours.
fn safe_strategy_ends(
    product: &Product,
    union: &Graph<u32>,
    offsets: &[u32],
    labels: &GammaLabels,
    start: u32,
) -> Result<(), String> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let tokens = |x: u32| -> Vec<u32> {
        product
            .tuple(x)
            .iter()
            .zip(offsets)
            .map(|(&t, &o)| t + o)
            .collect()
    };
    let mut colour = vec![NEW; product.graph.len()];
    // (winner's position, the opponent's replies to the winner's move, next reply to try)
    let mut stack: Vec<(u32, Vec<u32>, usize)> = Vec::new();
    let enter = |x: u32, colour: &mut Vec<u8>| -> Result<(u32, Vec<u32>, usize), String> {
        colour[x as usize] = OPEN;
        let analysis = analyse(labels, union, &tokens(x));
        let first = analysis.moves.first().ok_or(format!("no move from {x}"))?;
        let y = product.moved(x, first.component, first.to - offsets[first.component]);
        Ok((x, product.graph.successors(y).to_vec(), 0))
    };
    stack.push(enter(start, &mut colour)?);
    while let Some(top) = stack.last_mut() {
        let Some(&z) = top.1.get(top.2) else {
            colour[top.0 as usize] = DONE;
            stack.pop();
            continue;
        };
        top.2 += 1;
        match colour[z as usize] {
            OPEN => return Err(format!("the winner comes back to {z} from {start}")),
            DONE => {}
            _ => {
                let frame = enter(z, &mut colour)?;
                stack.push(frame);
            }
        }
    }
    Ok(())
}

/// Every tuple of vertices of the product, checked against γ and the labels of the product.
fn check_sum(components: &[(usize, Vec<(u32, u32)>)]) -> Result<(), TestCaseError> {
    let product = Product::new(components);
    let (union, offsets) = union(components);
    let labels = union.gamma();
    let product_gamma = product.graph.gamma();
    let product_labels = product.graph.solve(Play::Normal);
    for x in 0..product.graph.len() as u32 {
        let tokens: Vec<u32> = product
            .tuple(x)
            .iter()
            .zip(&offsets)
            .map(|(&t, &o)| t + o)
            .collect();
        let values: Vec<Gamma> = tokens.iter().map(|&t| labels.value(t)).collect();
        let value = Gamma::sum(&values);
        prop_assert_eq!(&product_gamma.value(x), &value, "tuple {:?}", tokens);
        let outcome = product_labels.outcome(x);
        prop_assert_eq!(value.outcome(), outcome);
        let analysis = analyse(&labels, &union, &tokens);
        prop_assert_eq!(&analysis.value, &value);
        prop_assert_eq!(analysis.outcome, outcome);
        // N: every move to a P-position; D: every move to a draw; P: none.
        let wanted = match outcome {
            Outcome::N => Some(Outcome::P),
            Outcome::D => Some(Outcome::D),
            _ => None,
        };
        let mut expected: Vec<u32> = product
            .graph
            .successors(x)
            .iter()
            .copied()
            .filter(|&y| Some(product_labels.outcome(y)) == wanted)
            .collect();
        expected.sort_unstable();
        prop_assert_eq!(targets(&product, &offsets, x, &analysis.moves), expected);
        if outcome == Outcome::N {
            let result = safe_strategy_ends(&product, &union, &offsets, &labels, x);
            prop_assert!(result.is_ok(), "{}", result.unwrap_err());
        }
    }
    Ok(())
}

proptest! {
    #[test]
    fn gamma_has_the_defining_properties((n, edges) in digraph(7)) {
        let graph = numbered(n, &edges);
        let labels = graph.gamma();
        let checked = check_definition(&graph, &labels);
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }

    #[test]
    fn gamma_gives_the_retrograde_outcome((n, edges) in digraph(9)) {
        let graph = numbered(n, &edges);
        let labels = graph.gamma();
        let retrograde = graph.solve(Play::Normal);
        for v in 0..n as u32 {
            prop_assert_eq!(labels.outcome(v), retrograde.outcome(v));
            prop_assert_eq!(labels.value(v).outcome(), retrograde.outcome(v));
        }
    }

    #[test]
    fn sums_of_two_match_their_product(a in digraph(5), b in digraph(5)) {
        check_sum(&[a, b])?;
    }

    #[test]
    fn sums_of_three_match_their_product(a in digraph(4), b in digraph(4), c in digraph(4)) {
        check_sum(&[a, b, c])?;
    }

    #[test]
    fn tokens_on_one_vertex_set_match_the_square(a in digraph(6)) {
        // Two tokens on the same graph: the union holds it twice, but the analysis must also
        // accept both tokens on the same vertices.
        let graph = numbered(a.0, &a.1);
        let labels = graph.gamma();
        let product = Product::new(&[a.clone(), a.clone()]);
        let product_labels = product.graph.solve(Play::Normal);
        for x in 0..product.graph.len() as u32 {
            let tokens = product.tuple(x);
            let analysis = labels.sum(&graph, &tokens);
            prop_assert_eq!(analysis.outcome, product_labels.outcome(x));
        }
    }
}

// The graphs of the spec's worked examples, vertices named in order.
const TRAP: &[(u32, u32)] = &[(0, 2), (0, 1), (1, 0)]; // a→t, a→b, b→a: a, b, t
const FERGUSON: &[(u32, u32)] = &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]; // a..e
const LOOP: &[(u32, u32)] = &[(0, 0), (0, 1)]; // a→a, a→t
const CYCLE_X: &[(u32, u32)] = &[(0, 1), (0, 2), (2, 3), (3, 0)]; // x→t, x→q, q→p, p→x

/// `edges` on `n` vertices followed by Nim heaps 0..=max as vertices n..=n+max: heap k moves
/// to every smaller heap.
fn with_heaps(n: u32, edges: &[(u32, u32)], max: u32) -> Graph<u32> {
    let mut all = edges.to_vec();
    for k in 0..=max {
        all.extend((0..k).map(|j| (n + k, n + j)));
    }
    numbered((n + max + 1) as usize, &all)
}

fn finite(g: u64) -> Gamma {
    Gamma::Finite(g)
}

fn infinite(k: &[u64]) -> Gamma {
    Gamma::Infinite(k.to_vec())
}

#[test]
fn the_trap_has_counters_in_labelling_order() {
    // Example 1 and oracle 19.
    let graph = numbered(3, TRAP);
    let labels = graph.gamma();
    let (a, b, t) = (0, 1, 2);
    assert_eq!(
        [a, b, t].map(|v| labels.value(v)),
        [finite(1), finite(0), finite(0)]
    );
    assert_eq!(
        [t, b, a].map(|v| labels.counter(v)),
        [Some(0), Some(1), Some(2)]
    );
    let analysis = labels.sum(&graph, &[a, a]);
    assert_eq!((analysis.value, analysis.outcome), (finite(0), Outcome::P));
    assert!(analysis.moves.is_empty());
    // Alone, a wins only by a→t: a→b also reaches value 0 but its counter is larger.
    let alone = labels.sum(&graph, &[a]);
    let to = |to| SumMove { component: 0, to };
    assert_eq!(alone.moves, [to(t), to(b)]);
}

#[test]
fn fergusons_cycle_is_infinite() {
    // Example 2, oracles 15 and 16.
    let graph = with_heaps(5, FERGUSON, 1);
    let labels = graph.gamma();
    let expected = [
        infinite(&[]),
        infinite(&[]),
        infinite(&[1]),
        finite(1),
        finite(0),
    ];
    assert_eq!(
        (0..5).map(|v| labels.value(v)).collect::<Vec<_>>(),
        expected
    );
    let (c, d, star1) = (2, 3, 6);
    let analysis = labels.sum(&graph, &[c, star1]);
    assert_eq!(
        (analysis.value, analysis.outcome),
        (infinite(&[0]), Outcome::N)
    );
    assert_eq!(
        analysis.moves,
        [SumMove {
            component: 0,
            to: d
        }]
    );
}

#[test]
fn two_wins_on_a_loop_sum_to_a_draw() {
    // Example 3, oracles 17 and 18.
    let graph = with_heaps(2, LOOP, 1);
    let labels = graph.gamma();
    let (a, star1) = (0, 3);
    assert_eq!(labels.value(a), infinite(&[0]));
    assert_eq!(labels.outcome(a), Outcome::N);
    let twice = labels.sum(&graph, &[a, a]);
    assert_eq!((twice.value, twice.outcome), (infinite(&[]), Outcome::D));
    // From a + a, the draw is kept by a→a in either token, and lost by a→t.
    let keep = |component| SumMove { component, to: a };
    assert_eq!(twice.moves, [keep(0), keep(1)]);
    let with_star = labels.sum(&graph, &[a, star1]);
    assert_eq!(
        (with_star.value, with_star.outcome),
        (infinite(&[1]), Outcome::D)
    );
    // u⇄v with u→t, v→t.
    let graph = with_heaps(3, &[(0, 1), (1, 0), (0, 2), (1, 2)], 1);
    let labels = graph.gamma();
    assert_eq!(
        [0, 1].map(|v| labels.value(v)),
        [infinite(&[0]), infinite(&[0])]
    );
    assert_eq!(labels.sum(&graph, &[0, 4]).outcome, Outcome::D);
}

#[test]
fn a_cycle_can_have_finite_values() {
    // Example 4 and oracle 14.
    let graph = with_heaps(4, CYCLE_X, 2);
    let labels = graph.gamma();
    let (x, t, q, p, star2) = (0, 1, 2, 3, 6);
    assert_eq!(
        [t, p, q, x].map(|v| labels.value(v)),
        [finite(0), finite(0), finite(1), finite(2)]
    );
    assert_eq!(labels.sum(&graph, &[x, star2]).outcome, Outcome::P);
    let analysis = labels.sum(&graph, &[x, q]);
    assert_eq!((analysis.value, analysis.outcome), (finite(3), Outcome::N));
}

#[test]
fn the_safe_rule_prefers_the_smaller_counter() {
    // 4→2, 4→3, 2→1, 1→0: c(2) = 1 < c(3) = 2, so the safe move is 4→2, not the faster 4→3.
    let graph = numbered(5, &[(4, 2), (4, 3), (2, 1), (1, 0)]);
    let labels = graph.gamma();
    assert_eq!([2, 3].map(|v| labels.counter(v)), [Some(1), Some(2)]);
    let to = |to| SumMove { component: 0, to };
    assert_eq!(labels.sum(&graph, &[4]).moves, [to(2), to(3)]);
}

#[test]
fn values_print_and_serialise_as_text() {
    assert_eq!(finite(3).to_string(), "3");
    assert_eq!(infinite(&[]).to_string(), "inf");
    assert_eq!(infinite(&[0, 2]).to_string(), "inf(0,2)");
    assert_eq!(
        serde_json::to_string(&infinite(&[0, 2])).unwrap(),
        "\"inf(0,2)\""
    );
    assert_eq!(serde_json::to_string(&finite(7)).unwrap(), "\"7\"");
}

#[test]
fn values_add_by_the_rules_of_sums() {
    assert_eq!(Gamma::sum(&[]), finite(0));
    assert_eq!(Gamma::sum(&[finite(5), finite(3)]), finite(6));
    // K ⊕ a, sorted again.
    assert_eq!(
        Gamma::sum(&[infinite(&[0, 1, 4]), finite(1)]),
        infinite(&[0, 1, 5])
    );
    assert_eq!(
        Gamma::sum(&[infinite(&[0]), finite(2), infinite(&[1])]),
        infinite(&[])
    );
    assert_eq!(infinite(&[1, 2]).outcome(), Outcome::D);
    assert_eq!(infinite(&[0, 2]).outcome(), Outcome::N);
    assert_eq!(finite(0).outcome(), Outcome::P);
}

#[test]
fn an_empty_graph_has_no_values() {
    let graph = numbered(0, &[]);
    let labels = graph.gamma();
    assert!(labels.is_empty());
    let analysis = labels.sum(&graph, &[]);
    assert_eq!((analysis.value, analysis.outcome), (finite(0), Outcome::P));
}

#[test]
fn a_long_chain_is_no_problem() {
    // A path of a million vertices, each moving to the next, and a cycle back at the end:
    // nothing may recurse along it.
    let n = 1_000_000u32;
    let mut edges: Vec<(u32, u32)> = (0..n - 1).map(|v| (v, v + 1)).collect();
    edges.push((n - 1, n - 2));
    let graph = numbered(n as usize, &edges);
    let labels = graph.gamma();
    assert_eq!(labels.value(0), infinite(&[]));
    let graph = numbered(n as usize, &edges[..edges.len() - 1]);
    let labels = graph.gamma();
    assert_eq!(labels.value(0), finite(u64::from((n - 1) % 2)));
}
