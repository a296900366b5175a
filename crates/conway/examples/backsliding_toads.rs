//! The values of Backsliding Toads and Frogs start positions `T^a .^k F^b`, as far as the
//! loopy engine reaches: `cargo run --release --example backsliding_toads -- 9` takes every
//! start position of at most 9 squares.
//!
//! Toads (Left) step right into an empty square or jump one frog into the empty square behind
//! it; frogs (Right) the same leftwards; either may also step back one square into an empty
//! one (Winning Ways; Albert and Nowakowski, "Backsliding Toads and Frogs", 2009). Nearly every
//! position repeats, so values are stoppers or pairs of sides. Each graph is built by walking
//! every position the start reaches; the value comes from `conway::loopy::Sided`. Finding and
//! proving the sides of a graph that is not a stopper is what bounds the squares.

use conway::engine::{Limits, Meter};
use conway::lang::MAX_SHOWN;
use conway::loopy::{LoopyGame, Sided};
use std::collections::HashMap;
use std::time::Instant;

fn main() {
    let squares: usize = std::env::args()
        .nth(1)
        .map(|arg| arg.parse().expect("the most squares, a number"))
        .unwrap_or(8);
    let started = Instant::now();
    for n in 1..=squares {
        for toads in 1..n {
            for frogs in 1..=n - toads {
                let start = format!(
                    "{}{}{}",
                    "T".repeat(toads),
                    ".".repeat(n - toads - frogs),
                    "F".repeat(frogs)
                );
                let clock = Instant::now();
                let graph = graph_of(&start);
                let mut meter = Meter::new(Limits::default());
                let value = match Sided::of(&graph, &mut meter) {
                    Ok(sided) => sided.show_within(MAX_SHOWN).unwrap_or("(too long)".into()),
                    Err(error) => format!("({error})"),
                };
                println!(
                    "{start:<16} {:>7} positions  {:>8.3} s  {value}",
                    graph.len(),
                    clock.elapsed().as_secs_f64()
                );
            }
        }
    }
    println!("all: {:.2} s", started.elapsed().as_secs_f64());
}

/// The graph of every position `start` reaches, vertex 0 the start.
fn graph_of(start: &str) -> LoopyGame {
    let mut index: HashMap<Vec<u8>, u32> = HashMap::from([(start.as_bytes().to_vec(), 0)]);
    let mut order = vec![start.as_bytes().to_vec()];
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut next = 0;
    while next < order.len() {
        let position = order[next].clone();
        next += 1;
        for (lists, creature, ahead) in [(&mut left, b'T', 1isize), (&mut right, b'F', -1)] {
            let mut options = Vec::new();
            for to in moves(&position, creature, ahead) {
                let fresh = order.len() as u32;
                let id = *index.entry(to.clone()).or_insert(fresh);
                if id == fresh {
                    order.push(to);
                }
                options.push(id);
            }
            lists.push(options);
        }
    }
    LoopyGame::new(left, right).expect("the moves name positions of the walk")
}

/// The positions one `creature` (moving forward by `ahead`) can reach: a step forward or
/// back into an empty square, or a jump forward over one of the other creatures.
fn moves(position: &[u8], creature: u8, ahead: isize) -> Vec<Vec<u8>> {
    let at = |i: isize| {
        (0..position.len() as isize)
            .contains(&i)
            .then(|| position[i as usize])
    };
    let mut options = Vec::new();
    for i in 0..position.len() as isize {
        if position[i as usize] != creature {
            continue;
        }
        let mut to = |j: isize| {
            let mut after = position.to_vec();
            after.swap(i as usize, j as usize);
            options.push(after);
        };
        for step in [ahead, -ahead] {
            if at(i + step) == Some(b'.') {
                to(i + step);
            }
        }
        let other = at(i + ahead).is_some_and(|c| c != b'.' && c != creature);
        if other && at(i + 2 * ahead) == Some(b'.') {
            to(i + 2 * ahead);
        }
    }
    options
}
