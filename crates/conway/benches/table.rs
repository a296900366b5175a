//! What a transposition table a little too small for a search costs: Kayles' nim-sequence to
//! 1,100 heaps needs about 1,100 table entries; the same computation with room for 1,000
//! (10% too few), 550 (half) and plenty, in the same run. A table that dropped entries still
//! in use would make the small caps cost minutes instead of milliseconds.

use conway::engine::{Footprint, Limits};
use conway::heap::{HeapRule, Heaps};
use conway::impartial::Solver;
use criterion::{criterion_group, criterion_main, Criterion};

/// The allocator the `conway` binary uses, so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Kayles: knock down one pin or two adjacent pins, which may split the row in two.
struct Kayles;

impl HeapRule for Kayles {
    fn heap_options(&self, n: u64, option: &mut dyn FnMut(&[u64])) {
        for taken in 1..=n.min(2) {
            let rest = n - taken;
            for a in 0..=rest / 2 {
                match (a, rest - a) {
                    (0, 0) => option(&[]),
                    (0, b) => option(&[b]),
                    (a, b) => option(&[a, b]),
                }
            }
        }
    }
}

const HEAPS: u64 = 1100;

/// The bytes one table entry holds: a one-heap key, its value and the map's overhead.
fn entry_bytes() -> u64 {
    vec![0u64].footprint() as u64 + 8 + 16
}

/// Kayles' values of heaps 0..=HEAPS with a table of room for `entries` entries (the normal
/// play table gets half of the tables' bytes).
fn kayles(entries: u64) -> Vec<u64> {
    let game = Heaps(Kayles);
    let limits = Limits {
        max_positions: u64::MAX,
        ..Limits::default()
    };
    let mut solver = Solver::new(&game)
        .with_limits(limits)
        .with_table_bytes(2 * entries * entry_bytes());
    (0..=HEAPS)
        .map(|n| solver.nim_value(&vec![n]).expect("within the limits"))
        .collect()
}

fn table_too_small(c: &mut Criterion) {
    let expected = kayles(1 << 20);
    // Kayles' values are periodic with period 12 from heap 71 on, the last exception being heap 70 (the texts' oracle).
    assert!((83..=HEAPS as usize).all(|n| expected[n] == expected[n - 12]));
    assert_ne!(expected[70], expected[82], "the last exception");
    assert_eq!(kayles(1000), expected);
    let mut group = c.benchmark_group("table_cap");
    group.sample_size(10);
    group.bench_function("kayles to 1100, room for every entry (baseline)", |bench| {
        bench.iter(|| kayles(1 << 20))
    });
    group.bench_function(
        "kayles to 1100, room for 1000 entries (10% short)",
        |bench| bench.iter(|| kayles(1000)),
    );
    group.bench_function("kayles to 1100, room for 550 entries (half)", |bench| {
        bench.iter(|| kayles(550))
    });
    group.finish();
}

criterion_group!(benches, table_too_small);
criterion_main!(benches);
