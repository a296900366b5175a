//! A census of Fox and Geese: every position with the fox and `k` geese on the dark squares
//! of a board, valued layer by layer. `cargo run --release --example fox_and_geese_census --
//! 8 8 4` takes the 8×8 board with four geese (Winning Ways' game).
//!
//! Geese step diagonally up and the fox diagonally either way: with the geese standing still
//! the fox's moves make a layer, and every goose move leads to a layer with the geese further
//! up. So the layers are valued from the geese furthest up, each against the values found
//! before (`FoxAndGeese::census`); equal values share a vertex of the store, so the distinct
//! values are counted by vertices.

use conway::engine::{Limits, Meter};
use conway::games::loopy::FoxAndGeese;
use conway::short::Store;
use std::collections::HashMap;
use std::time::Instant;

fn main() {
    let args: Result<Vec<u8>, _> = std::env::args().skip(1).map(|a| a.parse()).collect();
    let (width, height, geese) = match args.as_deref() {
        Ok(&[width, height, geese]) => (width, height, geese),
        _ => {
            eprintln!("usage: fox_and_geese_census WIDTH HEIGHT GEESE (numbers up to 255: 8 8 4)");
            std::process::exit(2);
        }
    };
    let started = Instant::now();
    // The census is asked for whole: no limit on the work, 16 GiB of memory.
    let mut meter = Meter::new(Limits {
        max_positions: u64::MAX,
        max_memory: 16 << 30,
    });
    let census = match FoxAndGeese.census(width, height, geese as usize, &mut meter) {
        Ok(census) => census,
        Err(error) => {
            eprintln!("conway: {error}");
            std::process::exit(1);
        }
    };
    let mut counts: HashMap<u32, usize> = HashMap::new();
    for &(_, vertex) in &census.values {
        *counts.entry(vertex).or_default() += 1;
    }
    let mut common: Vec<(u32, usize)> = counts.iter().map(|(&v, &n)| (v, n)).collect();
    common.sort_by_key(|&(v, n)| (std::cmp::Reverse(n), v));
    println!(
        "{width}x{height}, {geese} geese: {} positions, {} distinct values, {:.2} s",
        census.values.len(),
        census.store.len(),
        started.elapsed().as_secs_f64()
    );
    let mut store = Store::default();
    for (vertex, n) in common.iter().take(12) {
        let value = census.store.value(*vertex);
        let shown = value.show_within(&mut store, 200).ok().flatten();
        println!("{n:>8}  {}", shown.unwrap_or("(long)".to_string()));
    }
}
