//! Speed of the loopy analyses on a random digraph of a million vertices and ten million
//! edges: retrograde labelling and the generalised Sprague–Grundy function γ, on uniform
//! edges (nearly all draws, one γ stage) and on edges 99% turned downward (nearly acyclic,
//! a dozen stages). Targets on the development machine: labelling under 1 s, γ under 10 s.
//! The same graphs, with their times and bytes, come from the `random_digraph` example.

#[path = "../examples/random_digraph/edges.rs"]
mod edges;

use conway::engine::Play;
use conway::graph::Graph;
use criterion::{criterion_group, criterion_main, Criterion};

/// The allocator the `conway` binary uses, so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const VERTICES: u32 = 1_000_000;
const EDGES: usize = 10_000_000;

fn random_digraphs(c: &mut Criterion) {
    let mut group = c.benchmark_group("random digraph, 10^6 vertices, 10^7 edges");
    group.sample_size(10);
    for (name, downward) in [("uniform", 0), ("99% downward", 99)] {
        let list = edges::random_edges(VERTICES, EDGES, 1, downward);
        let graph = Graph::from_edges(vec![(); VERTICES as usize], &list).unwrap();
        drop(list);
        let labels = graph.solve(Play::Normal);
        group.bench_function(format!("{name}: solve"), |b| {
            b.iter(|| {
                let again = graph.solve(Play::Normal);
                assert_eq!(again.outcomes(), labels.outcomes());
            })
        });
        group.bench_function(format!("{name}: gamma"), |b| {
            b.iter(|| {
                let gamma = graph.gamma();
                // γ must agree with the labels: checked on a spread of vertices.
                for v in (0..VERTICES).step_by(997) {
                    assert_eq!(gamma.outcome(v), labels.outcome(v));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, random_digraphs);
criterion_main!(benches);
