//! Speed of the explicit game graph: exploring and labelling the subtraction game {1, 2} from a
//! heap of a million, the size `conway graph` must handle in well under a second, against the
//! old `GameGraph` (adjacency lists, `Vec::contains` dedup, a kernel that rescans every vertex
//! per layer) on a graph small enough for it, in the same run.

use conway::engine::{Limits, Meter, Outcome, Play};
use conway::games::impartial::Subtraction;
use conway::graph::Graph;
use conway::heap::Heaps;
use conway::impartial::Impartial;
use criterion::{criterion_group, criterion_main, Criterion};
use std::collections::HashMap;

/// The allocator the `conway` binary uses, so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Explores and labels heap `n` of the ruleset, checking the known answer: under normal play
/// the P-positions are the multiples of 3.
fn new_graph(game: &Heaps<Subtraction>, n: u64) {
    let mut meter = Meter::new(Limits::default());
    let graph = Graph::explore(
        vec![n],
        &mut meter,
        |p| game.options(p),
        |p| game.option_bound(p),
    )
    .unwrap();
    assert_eq!(graph.len() as u64, n + 1);
    let labels = graph.solve(Play::Normal);
    assert_eq!(labels.outcome(0), Outcome::p_if(n.is_multiple_of(3)));
}

/// The same with plain numbers for positions: what the graph itself costs, without a `Vec`
/// per position.
fn new_graph_of_numbers(n: u64) {
    let take = |&k: &u64| [1, 2].iter().filter(|&&t| t <= k).map(|t| k - t).collect();
    let mut meter = Meter::new(Limits::default());
    let graph = Graph::explore(n, &mut meter, take, |_| None).unwrap();
    assert_eq!(graph.len() as u64, n + 1);
    assert_eq!(
        graph.solve(Play::Normal).outcome(0),
        Outcome::p_if(n.is_multiple_of(3))
    );
}

/// The baseline: the game graph as it was before the `graph` module, kept here to be measured
/// in the same run. Adjacency lists deduplicated by `Vec::contains`, and the kernel of the
/// proof of Theorem 1.1, which rescans every vertex for every layer.
fn old_graph(game: &Heaps<Subtraction>, n: u64) {
    let root = vec![n];
    let mut index = HashMap::from([(root.clone(), 0)]);
    let mut positions = vec![root];
    let mut followers: Vec<Vec<usize>> = Vec::new();
    while followers.len() < positions.len() {
        let mut these = Vec::new();
        for option in game.options(&positions[followers.len()]) {
            let next = positions.len();
            let id = *index.entry(option.clone()).or_insert(next);
            if id == next {
                positions.push(option);
            }
            if !these.contains(&id) {
                these.push(id);
            }
        }
        followers.push(these);
    }
    let count = positions.len();
    let mut in_kernel = vec![false; count];
    let mut covered = vec![false; count];
    let mut remaining = count;
    while remaining > 0 {
        let layer: Vec<usize> = (0..count)
            .filter(|&v| !covered[v] && followers[v].iter().all(|&w| covered[w]))
            .collect();
        for &v in &layer {
            in_kernel[v] = true;
        }
        for v in 0..count {
            if !covered[v] && (in_kernel[v] || followers[v].iter().any(|&w| in_kernel[w])) {
                covered[v] = true;
                remaining -= 1;
            }
        }
    }
    assert_eq!(in_kernel[0], n.is_multiple_of(3));
}

fn subtraction_graph(c: &mut Criterion) {
    let game = Heaps(Subtraction::new(vec![1, 2]).unwrap());
    let mut group = c.benchmark_group("graph_subtraction_1_2");
    group.sample_size(10);
    group.bench_function("explore + solve, heap 1,000,000", |bench| {
        bench.iter(|| new_graph(&game, 1_000_000))
    });
    group.bench_function("explore + solve, heap 1,000,000, u64 positions", |bench| {
        bench.iter(|| new_graph_of_numbers(1_000_000))
    });
    group.bench_function("explore + solve, heap 5,000", |bench| {
        bench.iter(|| new_graph(&game, 5_000))
    });
    group.bench_function(
        "baseline: old GameGraph build + kernel, heap 5,000",
        |bench| bench.iter(|| old_graph(&game, 5_000)),
    );
    group.finish();
}

criterion_group!(benches, subtraction_graph);
criterion_main!(benches);
