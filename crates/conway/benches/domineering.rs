//! Canonical forms of Domineering rectangles, each from a fresh store and solver (nothing
//! carried over between iterations), with the value checked in every iteration. The whole
//! table of rectangles of up to 25 squares, 4x7, 5x6, 3x11 and 6x6 are timed by
//! `cargo run --release --example domineering_table`, as they take too long to repeat here.

use conway::games::partizan::{Domineering, DomineeringBoard};
use conway::partizan::Solver;
use conway::short::Store;
use criterion::{criterion_group, criterion_main, Criterion};

/// The allocator the `conway` binary uses, so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The canonical form of the `rows` × `columns` board, as the store writes it.
fn canonical_form(rows: usize, columns: usize) -> String {
    let board = DomineeringBoard::rectangle(rows, columns).expect("a board of at most 256 squares");
    let mut store = Store::default();
    let value = Solver::new(&Domineering)
        .value(&mut store, &board)
        .expect("within the default limits");
    store.show_within(value, 1 << 16).unwrap_or_default()
}

fn rectangles(c: &mut Criterion) {
    let mut group = c.benchmark_group("domineering");
    group.sample_size(10);
    // (rows, columns, value): 2x4 and 3x4 from the notes on chapter 7; the others are this
    // engine's values (2x10, 3x7 and 4x5 also found by a plain search of the whole board,
    // without regions or symmetries), checked so that a faster wrong answer cannot pass.
    let cases = [
        (2, 4, "{2|0||0}"),
        (3, 4, "-3/2"),
        (2, 10, "{5|3||3|||1||||1/2|-1|||||-3/2}"),
        (3, 7, "{-3/4|-3}"),
        (4, 5, "1"),
        (3, 8, "{-1/2|-3||-13/4|-11/2}"),
        (5, 5, "0"),
    ];
    for (rows, columns, value) in cases {
        group.bench_function(format!("{rows}x{columns}"), |bench| {
            bench.iter(|| assert_eq!(canonical_form(rows, columns), value))
        });
    }
    group.finish();
}

criterion_group!(benches, rectangles);
criterion_main!(benches);
