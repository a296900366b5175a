//! Compound games (spec §4 and §5): the oracles of §7, Arakelyan's printed theorems against the
//! truth, the D-product theorem against the full game form, and the closed rules of §5
//! against retrograde analysis of the explicit compound graph.

use conway::engine::{Limits, Meter, Outcome, Play, SearchError};
use conway::graph::{
    analyse, Compound, CompoundAnalysis, CompoundError, Graph, GraphError, Kernel, Method,
    ProductGraph,
};
use proptest::prelude::*;

fn unlimited() -> Meter {
    Meter::new(Limits::default())
}

/// The subtraction game S = {1, 2} on one heap, every heap from 12 down.
fn subtraction_1_2() -> Graph<u64> {
    let take = |&n: &u64| [1, 2].iter().filter(|&&s| s <= n).map(|&s| n - s).collect();
    Graph::explore(12, &mut unlimited(), take, |_| Some(2)).unwrap()
}

fn vertex_of(graph: &Graph<u64>, heap: u64) -> u32 {
    graph.positions().iter().position(|&n| n == heap).unwrap() as u32
}

fn heaps_to_vertices(graph: &Graph<u64>, heaps: &[u64]) -> Vec<u32> {
    heaps.iter().map(|&n| vertex_of(graph, n)).collect()
}

fn vertices_to_heaps(graph: &Graph<u64>, vertices: &[u32]) -> Vec<u64> {
    vertices.iter().map(|&v| *graph.position(v)).collect()
}

/// The analysis of `heaps` in the compound of three (or more) subtraction {1, 2} heaps, with
/// its moves as heaps.
fn on_heaps(compound: &Compound, heaps: &[u64]) -> (Outcome, Method, Vec<Vec<u64>>) {
    let graph = subtraction_1_2();
    let components = vec![&graph; heaps.len()];
    let position = heaps_to_vertices(&graph, heaps);
    let CompoundAnalysis {
        outcome,
        method,
        moves,
    } = analyse(compound, &components, &position, &mut unlimited()).unwrap();
    let moves = moves.iter().map(|m| vertices_to_heaps(&graph, m)).collect();
    (outcome, method, moves)
}

/// The outcome of `heaps` by retrograde analysis of the product graph, never a closed rule.
fn by_product(compound: &Compound, heaps: &[u64]) -> Outcome {
    let graph = subtraction_1_2();
    let components = vec![&graph; heaps.len()];
    let product = ProductGraph::build(compound, &components, &mut unlimited()).unwrap();
    let v = product.vertex(&heaps_to_vertices(&graph, heaps)).unwrap();
    product.graph().solve(Play::Normal).outcome(v)
}

fn outcome_both_ways(compound: &Compound, heaps: &[u64]) -> Outcome {
    let (outcome, method, _) = on_heaps(compound, heaps);
    assert_eq!(method, Method::ClosedRule);
    assert_eq!(
        outcome,
        by_product(compound, heaps),
        "{compound:?} {heaps:?}"
    );
    outcome
}

#[test]
fn oracle_28_remoteness_and_suspense_of_subtraction_1_2() {
    let graph = subtraction_1_2();
    let expected = [0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8];
    let by_heap = |values: Vec<u32>| -> Vec<u32> {
        (0..=12)
            .map(|n| values[vertex_of(&graph, n) as usize])
            .collect()
    };
    assert_eq!(by_heap(graph.remoteness().unwrap()), expected);
    assert_eq!(by_heap(graph.suspense().unwrap()), expected);
}

#[test]
fn remoteness_and_suspense_differ_where_the_loser_has_a_choice() {
    // 0 → 1 → 2 → 3 and 0 → 3: remoteness hurries to the win, suspense delays it.
    let graph = Graph::from_edges(vec![(); 4], &[(0, 1), (1, 2), (2, 3), (0, 3)]).unwrap();
    assert_eq!(graph.remoteness().unwrap(), [1, 2, 1, 0]);
    assert_eq!(graph.suspense().unwrap(), [3, 2, 1, 0]);
}

#[test]
fn a_cycle_is_named() {
    // 0 → 1 → 2 → 3 → 1, and 0 → 4, 4 terminal.
    let edges = [(0, 1), (1, 2), (2, 3), (3, 1), (0, 4)];
    let graph = Graph::from_edges(vec![(); 5], &edges).unwrap();
    let Err(GraphError::Cycle { cycle }) = graph.remoteness() else {
        panic!("a cyclic graph has no remoteness");
    };
    let mut rotated = cycle.clone();
    let start = rotated.iter().position(|&v| v == 1).unwrap();
    rotated.rotate_left(start);
    assert_eq!(rotated, [1, 2, 3]);
    let message = graph.suspense().unwrap_err().to_string();
    assert!(message.contains("→"), "{message}");
}

#[test]
fn oracle_25_d_product_with_core_0_depends_on_coordinate_0_only() {
    let core = Compound::DProduct { core: vec![0] };
    assert_eq!(outcome_both_ways(&core, &[3, 5, 7]), Outcome::P);
    assert_eq!(outcome_both_ways(&core, &[4, 3, 3]), Outcome::N);
}

#[test]
fn oracle_26_d_product_with_core_0_1_is_conjunctive_on_them() {
    let core = Compound::DProduct { core: vec![1, 0] };
    assert_eq!(outcome_both_ways(&core, &[3, 4, 7]), Outcome::P);
    assert_eq!(outcome_both_ways(&core, &[4, 4, 0]), Outcome::N);
    assert_eq!(outcome_both_ways(&core, &[1, 6, 7]), Outcome::N);
    assert_eq!(
        outcome_both_ways(&Compound::Conjunctive, &[1, 6]),
        Outcome::N
    );
}

#[test]
fn oracle_27_d_product_with_core_i_is_the_conjunctive_compound() {
    let all = Compound::DProduct {
        core: vec![0, 1, 2],
    };
    assert_eq!(outcome_both_ways(&all, &[1, 6, 7]), Outcome::N);
    assert_eq!(outcome_both_ways(&all, &[3, 4, 6]), Outcome::P);
    assert_eq!(
        outcome_both_ways(&Compound::Conjunctive, &[3, 4]),
        Outcome::P
    );
}

#[test]
fn conjunctive_1_6_10_wins_by_taking_the_last_chip_of_the_first_heap() {
    let (outcome, _, moves) = on_heaps(&Compound::Conjunctive, &[1, 6, 10]);
    assert_eq!(outcome, Outcome::N);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0][0], 0);
    assert_eq!(by_product(&Compound::Conjunctive, &moves[0]), Outcome::P);
}

#[test]
fn oracle_29_selective() {
    let selective = Compound::Selective;
    assert_eq!(outcome_both_ways(&selective, &[1, 6, 10]), Outcome::N);
    assert_eq!(outcome_both_ways(&selective, &[0, 6, 9]), Outcome::P);
    assert_eq!(outcome_both_ways(&selective, &[3, 6, 9]), Outcome::P);
    assert_eq!(on_heaps(&selective, &[1, 6, 10]).2, [[0, 6, 9]]);
}

#[test]
fn oracle_30_continued_conjunctive() {
    let graph = subtraction_1_2();
    let suspense = graph.suspense().unwrap();
    let s = |n| suspense[vertex_of(&graph, n) as usize];
    assert_eq!((s(1), s(6), s(10)), (1, 4, 7));
    let continued = Compound::ContinuedConjunctive;
    assert_eq!(outcome_both_ways(&continued, &[1, 6, 10]), Outcome::N);
    let (_, _, moves) = on_heaps(&continued, &[1, 6, 10]);
    assert_eq!(by_product(&continued, &moves[0]), Outcome::P);
}

/// t = 0 terminal, z = 1 → t, y = 2 → z, x = 3 → t and x → y: suspense 0, 1, 2, 3, and
/// remoteness 0, 1, 2, 1.
fn two_ways_down() -> Graph<()> {
    Graph::from_edges(vec![(); 4], &[(1, 0), (2, 1), (3, 0), (3, 2)]).unwrap()
}

#[test]
fn continued_conjunctive_wins_only_by_the_longest_even_suspense() {
    let graph = two_ways_down();
    assert_eq!(graph.suspense().unwrap(), [0, 1, 2, 3]);
    assert_eq!(graph.remoteness().unwrap(), [0, 1, 2, 1]);
    // (x, y): S = max(3, 2) is odd. x → t would leave (t, z), S = 1, a win for the other
    // player; x → y leaves (y, z), S = 2.
    let continued = Compound::ContinuedConjunctive;
    let analysis = analyse(&continued, &[&graph, &graph], &[3, 2], &mut unlimited()).unwrap();
    assert_eq!(analysis.outcome, Outcome::N);
    assert_eq!(analysis.moves, [[2, 1]]);
    let product = ProductGraph::build(&continued, &[&graph, &graph], &mut unlimited()).unwrap();
    let labels = product.graph().solve(Play::Normal);
    let outcome = |t: &[u32]| labels.outcome(product.vertex(t).unwrap());
    assert_eq!(
        (outcome(&[2, 1]), outcome(&[0, 1])),
        (Outcome::P, Outcome::N)
    );
}

#[test]
fn disjunctive_1_6_10_is_p_and_1_6_8_has_one_winning_reply() {
    let sum = Compound::Disjunctive;
    let (outcome, method, moves) = on_heaps(&sum, &[1, 6, 10]);
    assert_eq!(
        (outcome, method, moves.len()),
        (Outcome::P, Method::ProductGraph, 0)
    );
    let (outcome, _, moves) = on_heaps(&sum, &[1, 6, 8]);
    assert_eq!(outcome, Outcome::N);
    assert_eq!(moves, [[1, 6, 7]]);
}

/// Nim heaps 0..3 as a graph: heap n moves to every smaller heap.
fn nim_heaps() -> Graph<u32> {
    let edges: Vec<(u32, u32)> = (0..4).flat_map(|n| (0..n).map(move |m| (n, m))).collect();
    Graph::from_edges((0..4).collect(), &edges).unwrap()
}

/// Every tuple of `m` heaps 0..3, in the product graph's vertex order.
fn tuples(m: usize) -> Vec<Vec<u32>> {
    (0..4u32.pow(m as u32))
        .map(|code| {
            (0..m)
                .rev()
                .map(|i| code / 4u32.pow(i as u32) % 4)
                .collect()
        })
        .collect()
}

/// The P-positions of the sum (composition) of `m` Nim heaps 0..3, from its product graph.
fn sum_p_positions(m: usize) -> Vec<Vec<u32>> {
    let nim = nim_heaps();
    let components = vec![&nim; m];
    let product =
        ProductGraph::build(&Compound::Disjunctive, &components, &mut unlimited()).unwrap();
    let labels = product.graph().solve(Play::Normal);
    tuples(m)
        .into_iter()
        .filter(|t| labels.outcome(product.vertex(t).unwrap()) == Outcome::P)
        .collect()
}

#[test]
fn oracle_24_arakelyan_theorem_1_as_printed_is_not_independent() {
    let nim = nim_heaps();
    // V_i, the kernel of one heap: its P-positions, {0}.
    let kernel: Vec<bool> = kernel_flags(&nim);
    let m = 2;
    // The union of W_L over L ⊆ I with |I − L| ≤ ⌊m/2⌋: coordinates in L in the kernel, the
    // others out of it.
    let printed: Vec<Vec<u32>> = tuples(m)
        .into_iter()
        .filter(|t| {
            let outside = t.iter().filter(|&&h| !kernel[h as usize]).count();
            outside <= m / 2
        })
        .collect();
    assert_eq!(printed.len(), 7);
    assert!(printed.contains(&vec![0, 1]) && printed.contains(&vec![0, 0]));
    let components = vec![&nim; m];
    let product =
        ProductGraph::build(&Compound::Disjunctive, &components, &mut unlimited()).unwrap();
    let moves_within = printed.iter().any(|a| {
        let v = product.vertex(a).unwrap();
        printed.iter().any(|b| {
            product
                .graph()
                .successors(v)
                .contains(&product.vertex(b).unwrap())
        })
    });
    assert!(moves_within, "the printed set is independent after all");
    let p_positions = sum_p_positions(m);
    assert_eq!(p_positions.len(), 4);
    assert!(p_positions.iter().all(|t| t[0] == t[1]));
}

/// Arakelyan's layers U^α: the kernel of what is left after the earlier layers are removed,
/// each found as the P-positions of the graph induced on what is left.
fn layers<P>(graph: &Graph<P>) -> Vec<u32> {
    let n = graph.len();
    let mut layer = vec![u32::MAX; n];
    for alpha in 0.. {
        let left: Vec<u32> = (0..n as u32)
            .filter(|&v| layer[v as usize] == u32::MAX)
            .collect();
        if left.is_empty() {
            break;
        }
        let index = |v: u32| left.iter().position(|&w| w == v);
        let edges: Vec<(u32, u32)> = left
            .iter()
            .flat_map(|&v| graph.successors(v).iter().map(move |&w| (v, w)))
            .filter_map(|(v, w)| Some((index(v)? as u32, index(w)? as u32)))
            .collect();
        let induced = Graph::from_edges(vec![(); left.len()], &edges).unwrap();
        for (i, kernel) in kernel_flags(&induced).into_iter().enumerate() {
            if kernel {
                layer[left[i] as usize] = alpha;
            }
        }
    }
    layer
}

/// Arakelyan's Thm 2 as printed: some α with L = the components at layer α, every other
/// component above α, and |L| even; `at_least_two` reads "even" as "even and at least 2".
fn printed_theorem_2(levels: &[u32], at_least_two: bool) -> bool {
    (0..=*levels.iter().max().unwrap()).any(|alpha| {
        let at = levels.iter().filter(|&&l| l == alpha).count();
        let others_above = levels.iter().all(|&l| l >= alpha);
        others_above && at % 2 == 0 && (!at_least_two || at >= 2)
    })
}

#[test]
fn arakelyan_theorem_2_as_printed_fails_and_its_corrected_form_holds() {
    let nim = nim_heaps();
    let layer = layers(&nim);
    assert_eq!(layer, [0, 1, 2, 3]);
    let levels = |t: &[u32]| -> Vec<u32> { t.iter().map(|&h| layer[h as usize]).collect() };
    // L = ∅ puts (1, 2) in the set, though it is N.
    let p2 = sum_p_positions(2);
    assert!(printed_theorem_2(&levels(&[1, 2]), false));
    assert!(!p2.contains(&vec![1, 2]));
    // Read as |L| ≥ 2: right for m = 2, wrong for m = 3.
    let in_set = |t: &Vec<u32>| printed_theorem_2(&levels(t), true);
    assert_eq!(tuples(2).into_iter().filter(in_set).collect::<Vec<_>>(), p2);
    let p3 = sum_p_positions(3);
    assert!(p3.contains(&vec![1, 2, 3]) && !in_set(&vec![1, 2, 3]));
    assert!(!p3.contains(&vec![1, 1, 2]) && in_set(&vec![1, 1, 2]));
    // The corrected statement: the union of ∏ U_i^{α_i} over ⊕ α_i = 0.
    for (m, p_positions) in [(2, p2), (3, p3)] {
        let corrected: Vec<Vec<u32>> = tuples(m)
            .into_iter()
            .filter(|t| levels(t).iter().fold(0, |x, &l| x ^ l) == 0)
            .collect();
        assert_eq!(corrected, p_positions, "m = {m}");
    }
}

#[test]
fn loopy_components_are_solved_on_the_product_graph() {
    // A 2-cycle a ⇄ b with an exit a → t, and a terminal heap.
    let loopy = Graph::from_edges(vec![(); 3], &[(0, 1), (1, 0), (0, 2)]).unwrap();
    let analysis = analyse(
        &Compound::Conjunctive,
        &[&loopy, &loopy],
        &[1, 1],
        &mut unlimited(),
    )
    .unwrap();
    assert_eq!(analysis.method, Method::ProductGraph);
    // From (b, b) both tokens must go to a; from (a, a) the mover ends the game by moving a
    // token to t. Moving both to b also keeps the win, but only by going round the cycle
    // once more, so it comes last.
    assert_eq!(analysis.outcome, Outcome::P);
    let from_a = analyse(
        &Compound::Conjunctive,
        &[&loopy, &loopy],
        &[0, 0],
        &mut unlimited(),
    )
    .unwrap();
    assert_eq!(from_a.outcome, Outcome::N);
    let mut quick = from_a.moves[..3].to_vec();
    quick.sort();
    assert_eq!(quick, [[1, 2], [2, 1], [2, 2]]);
    assert_eq!(from_a.moves[3..], [[1, 1]]);
    // A cycle outside a D-product's core does not stop the closed rule.
    let path = Graph::from_edges(vec![(); 2], &[(0, 1)]).unwrap();
    let core = Compound::DProduct { core: vec![1] };
    let analysis = analyse(&core, &[&path, &path], &[0, 0], &mut unlimited()).unwrap();
    assert_eq!(
        (analysis.method, analysis.outcome),
        (Method::ClosedRule, Outcome::N)
    );
    assert_eq!(analysis.moves, [[0, 1]]);
}

#[test]
fn a_huge_product_is_refused_before_it_is_built() {
    let chain: Vec<(u32, u32)> = (1..3000).map(|v| (v, v - 1)).collect();
    let graph = Graph::from_edges(vec![(); 3000], &chain).unwrap();
    let three = [&graph, &graph, &graph];
    let too_large = ProductGraph::build(&Compound::Selective, &three, &mut unlimited());
    assert_eq!(
        too_large,
        Err(CompoundError::TooLarge {
            // Selective moves: ∏ (a + e) − ∏ a, with a = 3000 vertices and e = 2999 moves.
            size: Some((3000u64.pow(3), 5999u64.pow(3) - 3000u64.pow(3)))
        })
    );
    let message = too_large.unwrap_err().to_string();
    assert!(message.contains("whatever the limits"), "{message}");
    let small = Meter::new(Limits {
        max_positions: 1000,
        max_memory: 1 << 30,
    });
    assert_eq!(
        ProductGraph::build(&Compound::Conjunctive, &three[..2], &mut { small }),
        Err(CompoundError::Search(SearchError::TooBig { limit: 1000 }))
    );
}

#[test]
fn bad_compounds_and_positions_are_errors() {
    let graph = subtraction_1_2();
    let none: [&Graph<u64>; 0] = [];
    assert_eq!(
        analyse(&Compound::Selective, &none, &[], &mut unlimited()),
        Err(CompoundError::NoComponents)
    );
    assert!(matches!(
        analyse(
            &Compound::DProduct { core: vec![2] },
            &[&graph, &graph],
            &[0, 0],
            &mut unlimited()
        ),
        Err(CompoundError::BadCore { .. })
    ));
    assert!(matches!(
        analyse(
            &Compound::DProduct { core: vec![] },
            &[&graph],
            &[0],
            &mut unlimited()
        ),
        Err(CompoundError::BadCore { .. })
    ));
    assert!(matches!(
        analyse(
            &Compound::Conjunctive,
            &[&graph, &graph],
            &[0, 13],
            &mut unlimited()
        ),
        Err(CompoundError::BadPosition { .. })
    ));
}

/// A random digraph on 1..=max vertices; loops and cycles allowed unless `acyclic`, where
/// every move goes to a smaller vertex.
fn component(max: usize, acyclic: bool) -> impl Strategy<Value = Graph<()>> {
    (1..=max).prop_flat_map(move |n| {
        prop::collection::vec((0..n as u32, 0..n as u32), 0..=3 * n).prop_map(move |pairs| {
            let edges: Vec<(u32, u32)> = pairs
                .into_iter()
                .filter(|&(v, w)| !acyclic || v != w)
                .map(|(v, w)| {
                    if acyclic {
                        (v.max(w), v.min(w))
                    } else {
                        (v, w)
                    }
                })
                .collect();
            Graph::from_edges(vec![(); n], &edges).unwrap()
        })
    })
}

/// The D-product's full game form, built as the definition says: from a, every T ⊇ core, and
/// every choice of one follower in each component of T, the others unchanged.
fn full_game_form(components: &[Graph<()>; 3], core: &[usize]) -> (Graph<()>, Vec<[u32; 3]>) {
    let sizes = components.each_ref().map(|c| c.len() as u32);
    let mut tuples = Vec::new();
    for a in 0..sizes[0] {
        for b in 0..sizes[1] {
            for c in 0..sizes[2] {
                tuples.push([a, b, c]);
            }
        }
    }
    let id = |t: &[u32; 3]| (t[0] * sizes[1] + t[1]) * sizes[2] + t[2];
    let mut edges = Vec::new();
    for t in &tuples {
        for set in 1u32..8 {
            if core.iter().any(|&i| set >> i & 1 == 0) {
                continue;
            }
            // Every choice of followers of the components in the set.
            let mut partial = vec![*t];
            for i in (0..3).filter(|&i| set >> i & 1 == 1) {
                partial = partial
                    .iter()
                    .flat_map(|p| {
                        components[i].successors(t[i]).iter().map(move |&w| {
                            let mut next = *p;
                            next[i] = w;
                            next
                        })
                    })
                    .collect();
            }
            edges.extend(partial.iter().map(|next| (id(t), id(next))));
        }
    }
    let graph = Graph::from_edges(vec![(); tuples.len()], &edges).unwrap();
    (graph, tuples)
}

/// A random tuple of 2 or 3 acyclic components, and one of the compounds with a closed rule.
fn dag_compound() -> impl Strategy<Value = (Vec<Graph<()>>, Compound)> {
    let compound = prop_oneof![
        Just(Compound::Conjunctive),
        Just(Compound::ContinuedConjunctive),
        Just(Compound::Selective),
        Just(Compound::DProduct { core: vec![0] }),
        Just(Compound::DProduct { core: vec![0, 1] }),
    ];
    (prop::collection::vec(component(7, true), 2..=3), compound)
}

/// Whether a move of `compound` may move exactly the components in `set` from `position`, as
/// §4.3 and §5 define the compounds.
fn may_move(compound: &Compound, set: u32, terminal: &[bool]) -> bool {
    let all = (1u32 << terminal.len()) - 1;
    let live = (0..terminal.len())
        .filter(|&i| !terminal[i])
        .fold(0u32, |m, i| m | 1 << i);
    match compound {
        Compound::Disjunctive => set.count_ones() == 1,
        Compound::Conjunctive => set == all,
        Compound::ContinuedConjunctive => set == live,
        Compound::Selective => true,
        Compound::ShortenedSelective => live == all,
        Compound::DProduct { core } => core.iter().all(|&i| set >> i & 1 == 1),
    }
}

/// The positions one move away from `position`, from the definition: every allowed non-empty
/// set of components, and every choice of one follower in each.
fn moves_by_definition(
    compound: &Compound,
    components: &[Graph<()>],
    position: &[u32],
) -> Vec<Vec<u32>> {
    let terminal: Vec<bool> = position
        .iter()
        .zip(components)
        .map(|(&v, c)| c.is_terminal(v))
        .collect();
    let mut moves = Vec::new();
    for set in 1u32..1 << components.len() {
        if !may_move(compound, set, &terminal) {
            continue;
        }
        let mut partial = vec![position.to_vec()];
        for i in (0..components.len()).filter(|&i| set >> i & 1 == 1) {
            partial = partial
                .iter()
                .flat_map(|p| {
                    components[i].successors(position[i]).iter().map(move |&w| {
                        let mut next = p.clone();
                        next[i] = w;
                        next
                    })
                })
                .collect();
        }
        moves.extend(partial);
    }
    moves.sort();
    moves.dedup();
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn product_graph_moves_are_the_compound_moves(
        components in prop::collection::vec(component(3, false), 1..=3),
        which in 0usize..6,
    ) {
        let compound = [
            Compound::Disjunctive,
            Compound::Conjunctive,
            Compound::ContinuedConjunctive,
            Compound::Selective,
            Compound::ShortenedSelective,
            Compound::DProduct { core: vec![0] },
        ][which].clone();
        let refs: Vec<&Graph<()>> = components.iter().collect();
        let product = ProductGraph::build(&compound, &refs, &mut unlimited()).unwrap();
        let sizes: Vec<u32> = refs.iter().map(|c| c.len() as u32).collect();
        for code in 0..sizes.iter().product::<u32>() {
            let mut rest = code;
            let mut position = vec![0; sizes.len()];
            for i in (0..sizes.len()).rev() {
                position[i] = rest % sizes[i];
                rest /= sizes[i];
            }
            let v = product.vertex(&position).unwrap();
            let successors = product.graph().successors(v);
            let mut moves: Vec<Vec<u32>> = successors
                .iter()
                .flat_map(|&w| product.lifts(w, &position, &refs))
                .collect();
            let lift_count = product.lift_count(&position, &refs);
            prop_assert_eq!(moves.len() as u64, successors.len() as u64 * lift_count);
            moves.sort();
            let expected = moves_by_definition(&compound, &components, &position);
            prop_assert_eq!(moves, expected, "{:?} at {:?}", &compound, &position);
        }
    }

    #[test]
    fn d_product_label_is_the_core_conjunctive_label(
        components in [component(3, false), component(3, false), component(3, false)],
        which in 0usize..4,
    ) {
        let core = [vec![0], vec![1], vec![0, 2], vec![0, 1, 2]][which].clone();
        let (full, tuples) = full_game_form(&components, &core);
        let truth = full.solve(Play::Normal);
        let refs: Vec<&Graph<()>> = components.iter().collect();
        let compound = Compound::DProduct { core };
        for (v, t) in tuples.iter().enumerate() {
            let analysis = analyse(&compound, &refs, t, &mut unlimited()).unwrap();
            prop_assert_eq!(analysis.outcome, truth.outcome(v as u32), "at {:?}", t);
        }
    }

    #[test]
    fn d_product_lists_exactly_the_winning_or_drawing_moves_of_the_full_game(
        components in [component(3, false), component(3, false), component(3, false)],
        which in 0usize..4,
    ) {
        let core = [vec![0], vec![1], vec![0, 2], vec![0, 1, 2]][which].clone();
        let (full, tuples) = full_game_form(&components, &core);
        let truth = full.solve(Play::Normal);
        let refs: Vec<&Graph<()>> = components.iter().collect();
        let compound = Compound::DProduct { core };
        let id = |m: &[u32]| tuples.iter().position(|t| t[..] == *m).unwrap() as u32;
        for (v, t) in tuples.iter().enumerate() {
            let analysis = analyse(&compound, &refs, t, &mut unlimited()).unwrap();
            // From N the moves to P, from D the moves to D, from P none.
            let target = match analysis.outcome {
                Outcome::N => Some(Outcome::P),
                Outcome::D => Some(Outcome::D),
                _ => None,
            };
            let mut expected: Vec<Vec<u32>> = full
                .successors(v as u32)
                .iter()
                .filter(|&&w| Some(truth.outcome(w)) == target)
                .map(|&w| tuples[w as usize].to_vec())
                .collect();
            expected.sort();
            let mut listed = analysis.moves.clone();
            listed.sort();
            if analysis.method == Method::ProductGraph {
                prop_assert_eq!(&listed, &expected, "at {:?}", t);
                // The quickest win comes first.
                if let (Outcome::N, Some(first)) = (analysis.outcome, analysis.moves.first()) {
                    let least = expected.iter().filter_map(|m| truth.depth(id(m))).min();
                    prop_assert_eq!(truth.depth(id(first)), least);
                }
            } else {
                prop_assert!(listed.iter().all(|m| expected.contains(m)), "at {:?}", t);
                prop_assert_eq!(listed.is_empty(), target.is_none());
            }
        }
    }

    #[test]
    fn closed_rules_agree_with_the_product_graph((components, compound) in dag_compound()) {
        let refs: Vec<&Graph<()>> = components.iter().collect();
        let product = ProductGraph::build(&compound, &refs, &mut unlimited()).unwrap();
        let labels = product.graph().solve(Play::Normal);
        let product_remoteness = product.graph().remoteness().unwrap();
        let product_suspense = product.graph().suspense().unwrap();
        let remoteness: Vec<Vec<u32>> = refs.iter().map(|c| c.remoteness().unwrap()).collect();
        let suspense: Vec<Vec<u32>> = refs.iter().map(|c| c.suspense().unwrap()).collect();
        let sizes: Vec<u32> = refs.iter().map(|c| c.len() as u32).collect();
        let count = sizes.iter().product::<u32>();
        for code in 0..count {
            let mut rest = code;
            let mut position = vec![0; sizes.len()];
            for i in (0..sizes.len()).rev() {
                position[i] = rest % sizes[i];
                rest /= sizes[i];
            }
            let v = product.vertex(&position).unwrap();
            let analysis = analyse(&compound, &refs, &position, &mut unlimited()).unwrap();
            prop_assert_eq!(analysis.method, Method::ClosedRule);
            prop_assert_eq!(analysis.outcome, labels.outcome(v), "at {:?}", &position);
            // The strategy's move is a move, and it wins.
            for next in &analysis.moves {
                let w = product.vertex(next).unwrap();
                prop_assert!(product.graph().successors(v).contains(&w));
                prop_assert_eq!(labels.outcome(w), Outcome::P);
            }
            let at = |values: &[Vec<u32>], i: usize| values[i][position[i] as usize];
            let core = product.coordinates();
            match compound {
                Compound::ContinuedConjunctive => {
                    let max = (0..refs.len()).map(|i| at(&suspense, i)).max();
                    prop_assert_eq!(Some(product_suspense[v as usize]), max);
                }
                Compound::Selective => {}
                _ => {
                    let min = core.iter().map(|&i| at(&remoteness, i)).min();
                    prop_assert_eq!(Some(product_remoteness[v as usize]), min);
                }
            }
        }
    }
}

/// The unique kernel of an acyclic graph, as a flag per vertex.
fn kernel_flags<P>(graph: &Graph<P>) -> Vec<bool> {
    let Kernel::Found {
        vertices,
        unique: Some(true),
    } = graph.kernel(0)
    else {
        panic!("an acyclic graph has one kernel");
    };
    let mut flags = vec![false; graph.len()];
    for v in vertices {
        flags[v as usize] = true;
    }
    flags
}

#[test]
fn compounds_read_back_as_they_are_written() {
    for text in [
        "sum",
        "conjunctive",
        "continued",
        "selective",
        "shortened-selective",
        "d-product:1",
        "d-product:1,3",
    ] {
        let compound: Compound = text.parse().unwrap();
        assert_eq!(compound.to_string(), text);
    }
    assert_eq!(
        "d-product:2".parse::<Compound>(),
        Ok(Compound::DProduct { core: vec![1] })
    );
    assert!("d-product:0".parse::<Compound>().is_err());
    assert!("disjointed".parse::<Compound>().is_err());
    // A bad token of the core is pointed at: `x` is the 13th character.
    assert_eq!(
        "d-product:1,x".parse::<Compound>().unwrap_err().offset,
        Some(12)
    );
}
