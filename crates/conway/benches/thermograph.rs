//! Thermography at scale, each run in a fresh store so that nothing is remembered between
//! runs, with the known answers asserted inside.
//!
//! - The switches `{k | −k}` for k = 1..n together with a copy of each cooled by 1 (issue 7's
//!   target: n = 24 in under 10 s). A switch cooled by 1 is `{k−1 | −(k−1)}` (and `±1` cools
//!   to `*`), and `±j + ±j = 0`, so the sum is `±n + *`: mean 0, temperature n. Added switch
//!   by switch, each followed by its cooled copy, the partial sums stay `±k ± (k−1) + *` at
//!   most; added all switches first and then all copies, the partial sums are the large games
//!   `±1 ± 2 … ± n` plus copies, which measures the store's sums more than thermography.
//! - The switches alone, `±1 ± 2 … ± n`, whose canonical form has a long tail of
//!   subpositions: stops ±⌈n/2⌉ by the cheque-cashing rule, mean 0, temperature n.
//! - `*14` heated by 1, which undoes cooling by 1.

use conway::number::Dyadic;
use conway::short::{GameId, Store, Thermograph};
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

/// The allocator the `conway` binary uses, so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn switch(store: &mut Store, k: i64) -> GameId {
    let plus = store.integer(k).unwrap();
    let minus = store.integer(-k).unwrap();
    store.from_options(&[plus], &[minus]).unwrap()
}

/// Σ ({k | −k} + {k | −k} cooled by 1) for k = 1..n, and its thermograph: each switch
/// followed by its copy (`paired`), or all switches before all copies.
fn switches_with_cooled_copies(n: i64, paired: bool) -> (Store, GameId, Thermograph) {
    let mut store = Store::default();
    let mut switches = Vec::new();
    let mut copies = Vec::new();
    for k in 1..=n {
        let g = switch(&mut store, k);
        switches.push(g);
        copies.push(store.cool(g, &Dyadic::one()).unwrap());
    }
    let order: Vec<GameId> = if paired {
        switches
            .iter()
            .zip(&copies)
            .flat_map(|(&g, &c)| [g, c])
            .collect()
    } else {
        switches.iter().chain(&copies).copied().collect()
    };
    let mut total = store.zero();
    for g in order {
        total = store.add(total, g).unwrap();
    }
    let thermograph = store.thermograph(total).unwrap();
    (store, total, thermograph)
}

fn check_switches_with_cooled_copies(n: i64, paired: bool) {
    let (mut store, total, thermograph) = switches_with_cooled_copies(n, paired);
    let star = store.nimber(1).unwrap();
    let top = switch(&mut store, n);
    assert_eq!(total, store.add(top, star).unwrap(), "the sum is ±{n} + *");
    assert_eq!(thermograph.mean(), &Dyadic::zero());
    assert_eq!(thermograph.temperature(), &Dyadic::from_int(n));
}

/// ±1 ± 2 … ± n and its thermograph.
fn switches(n: i64) -> (Store, GameId, Thermograph) {
    let mut store = Store::default();
    let mut total = store.zero();
    for k in 1..=n {
        let g = switch(&mut store, k);
        total = store.add(total, g).unwrap();
    }
    let thermograph = store.thermograph(total).unwrap();
    (store, total, thermograph)
}

fn check_switches(n: i64) {
    let (mut store, total, thermograph) = switches(n);
    let half = Dyadic::from_int((n + 1) / 2);
    assert_eq!(store.left_stop(total).unwrap(), half);
    assert_eq!(store.right_stop(total).unwrap(), -half);
    assert_eq!(thermograph.mean(), &Dyadic::zero());
    assert_eq!(thermograph.temperature(), &Dyadic::from_int(n));
}

fn heat_star_fourteen() -> (Store, GameId) {
    let mut store = Store::default();
    let star = store.nimber(14).unwrap();
    let one = store.integer(1).unwrap();
    let heated = store.heat(star, one).unwrap();
    (store, heated)
}

fn check_heat_star_fourteen() {
    let (mut store, heated) = heat_star_fourteen();
    let star = store.nimber(14).unwrap();
    assert_eq!(
        store.neg(heated).unwrap(),
        heated,
        "∫*14 is its own negative"
    );
    assert_eq!(store.cool(heated, &Dyadic::one()).unwrap(), star);
    assert_eq!(store.mean(heated).unwrap(), Dyadic::zero());
    assert_eq!(store.temperature(heated).unwrap(), Dyadic::one());
}

fn thermographs(c: &mut Criterion) {
    let mut group = c.benchmark_group("thermograph");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for n in [12, 24] {
        check_switches_with_cooled_copies(n, true);
        group.bench_function(format!("switches_and_cooled_copies_paired_{n}"), |b| {
            b.iter(|| switches_with_cooled_copies(n, true))
        });
    }
    for n in [12, 24] {
        check_switches(n);
        group.bench_function(format!("switches_{n}"), |b| b.iter(|| switches(n)));
    }
    for n in [12, 16, 24] {
        check_switches_with_cooled_copies(n, false);
        group.bench_function(format!("switches_then_cooled_copies_{n}"), |b| {
            b.iter(|| switches_with_cooled_copies(n, false))
        });
    }
    check_heat_star_fourteen();
    group.bench_function("heat_star_14_by_1", |b| b.iter(heat_star_fourteen));
    group.finish();
}

criterion_group!(benches, thermographs);
criterion_main!(benches);
