//! Misère quotients: proving them, and answering a row of many heaps from one. The baseline
//! in the same run is the plain misère search of a row of three Kayles heaps, cold.

use conway::engine::{Limits, Meter, Play};
use conway::heap::{Heaps, Quotient, TakeBreak};
use conway::impartial::Solver;
use criterion::{black_box, criterion_group, criterion_main, Criterion};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn kayles() -> TakeBreak {
    TakeBreak::new(vec![0, 7, 7], 0).expect("Kayles")
}

fn proved(rule: &TakeBreak, largest: u64) -> Quotient {
    let mut meter = Meter::new(Limits::default());
    Quotient::compute(rule, largest, &mut meter, |_, _| {}).expect("within the limits")
}

fn quotients(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere");
    group.sample_size(10);
    let rule = kayles();
    group.bench_function("baseline: search of kayles 7 9 12", |b| {
        b.iter(|| {
            let game = Heaps(kayles());
            let mut solver = Solver::new(&game);
            black_box(
                solver
                    .outcome(&vec![7, 9, 12], Play::Misere)
                    .expect("small"),
            )
        })
    });
    for (name, code, largest) in [
        ("kayles", vec![0, 7, 7], 30),
        ("kayles", vec![0, 7, 7], 80),
        ("0.75", vec![0, 7, 5], 80),
        ("0.07", vec![0, 0, 7], 24),
    ] {
        let rule = TakeBreak::new(code, 0).expect("a code");
        group.bench_function(format!("quotient of {name} up to {largest}"), |b| {
            b.iter(|| black_box(proved(&rule, largest).order()))
        });
    }
    let quotient = proved(&rule, 30);
    let heaps: Vec<u64> = (0..10_000).map(|i| i % 30 + 1).collect();
    group.bench_function(
        "kayles row of 10000 heaps: outcome and every winning move",
        |b| {
            b.iter(|| {
                let outcome = quotient.outcome(&heaps);
                let mut moves = 0u64;
                quotient.winning_moves(&rule, &heaps, |_, _| moves += 1);
                black_box((outcome, moves))
            })
        },
    );
    group.finish();
}

criterion_group!(benches, quotients);
criterion_main!(benches);
