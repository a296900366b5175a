//! A census of Fox and Geese: every position with the fox and `k` geese on the dark squares
//! of a board, valued all at once. `cargo run --release --example fox_and_geese_census -- 6 6 2`
//! takes the 6×6 board with two geese.
//!
//! Geese step diagonally up and the fox diagonally either way, so the positions with `k` geese
//! are closed under moves, and every alternating play moves a goose: each position is a
//! stopper. The whole census is one graph, simplified once (`conway::loopy::stopper_values`),
//! and equal values share a vertex of the result, so the distinct values are counted by
//! vertices. The comparison behind it looks at every pair of positions: that quadratic step is
//! what bounds the board.

use conway::analysis::PartizanNotation;
use conway::engine::{Limits, Meter};
use conway::games::loopy::FoxAndGeese;
use conway::loopy::{stopper_values, Stopper};
use conway::partizan::Partizan;
use conway::short::Store;
use std::collections::HashMap;
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("width, height and the number of geese"))
        .collect();
    let [width, height, geese] = args[..] else {
        panic!("give the width, the height and the number of geese: 6 6 2");
    };
    let started = Instant::now();
    let dark: Vec<usize> = (0..width * height)
        .filter(|s| (s / width + s % width) % 2 == 1)
        .collect();
    let mut boards = Vec::new();
    for &fox in &dark {
        let others: Vec<usize> = dark.iter().copied().filter(|&s| s != fox).collect();
        for chosen in subsets(&others, geese) {
            let cell = |s: usize| match (s == fox, chosen.contains(&s)) {
                (true, _) => 'F',
                (_, true) => 'G',
                _ => '.',
            };
            let rows: Vec<String> = (0..height)
                .map(|r| (0..width).map(|c| cell(r * width + c)).collect())
                .collect();
            boards.push(FoxAndGeese.parse(&rows.join("|")).expect("a board"));
        }
    }
    let index: HashMap<_, u32> = boards
        .iter()
        .enumerate()
        .map(|(i, b)| (*b, i as u32))
        .collect();
    let lists = |options: &dyn Fn(&_) -> Vec<_>| -> Vec<Vec<u32>> {
        boards
            .iter()
            .map(|b| options(b).iter().map(|o| index[o]).collect())
            .collect()
    };
    let left = lists(&|b| FoxAndGeese.left_options(b));
    let right = lists(&|b| FoxAndGeese.right_options(b));
    let built = started.elapsed().as_secs_f64();
    // The census is asked for whole: no limit on the work, 16 GiB of memory.
    let mut meter = Meter::new(Limits {
        max_positions: u64::MAX,
        max_memory: 16 << 30,
    });
    let (values, place) = stopper_values(left, right, &mut meter).expect("a census in reach");
    let mut counts: HashMap<u32, usize> = HashMap::new();
    for &p in &place {
        *counts.entry(p).or_default() += 1;
    }
    let mut common: Vec<(u32, usize)> = counts.iter().map(|(&p, &n)| (p, n)).collect();
    common.sort_by_key(|&(p, n)| (std::cmp::Reverse(n), p));
    println!(
        "{width}x{height}, {geese} geese: {} positions, {} distinct values, {:.2} s ({built:.2} s to build the graph)",
        boards.len(),
        counts.len(),
        started.elapsed().as_secs_f64()
    );
    let mut store = Store::default();
    for (p, n) in common.iter().take(12) {
        let stopper = Stopper::new(&values.rooted_at(*p), &mut meter).expect("a stopper");
        let shown = stopper.show_within(&mut store, 200).ok().flatten();
        println!("{n:>8}  {}", shown.unwrap_or("(long)".to_string()));
    }
}

/// The subsets of `items` of `k` elements.
fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    match (k, items) {
        (0, _) => vec![Vec::new()],
        (_, []) => Vec::new(),
        (_, [first, rest @ ..]) => {
            let mut with: Vec<Vec<usize>> = subsets(rest, k - 1);
            with.iter_mut().for_each(|s| s.push(*first));
            with.extend(subsets(rest, k));
            with
        }
    }
}
