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
use rustc_hash::FxHashMap;
use std::time::Instant;

fn main() {
    let squares = match std::env::args().nth(1).map(|arg| arg.parse::<usize>()) {
        None => 8,
        Some(Ok(n)) if n <= MAX_SQUARES => n,
        _ => {
            eprintln!(
                "usage: backsliding_toads [SQUARES], the most squares from 0 to {MAX_SQUARES}"
            );
            std::process::exit(2);
        }
    };
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

/// The longest row a [`Row`] holds.
const MAX_SQUARES: usize = 16;

/// The graph of every position `start` reaches, vertex 0 the start.
fn graph_of(start: &str) -> LoopyGame {
    let start = Row::of(start);
    let mut index: FxHashMap<u32, u32> = FxHashMap::default();
    index.insert(start.squares, 0);
    let mut order = vec![start.squares];
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut next = 0;
    while next < order.len() {
        let position = Row {
            squares: order[next],
            length: start.length,
        };
        next += 1;
        for (lists, creature, ahead) in [(&mut left, TOAD, 1isize), (&mut right, FROG, -1)] {
            let mut options = Vec::new();
            position.moves(creature, ahead, |to| {
                let fresh = order.len() as u32;
                let id = *index.entry(to).or_insert(fresh);
                if id == fresh {
                    order.push(to);
                }
                options.push(id);
            });
            lists.push(options);
        }
    }
    LoopyGame::new(left, right).expect("the moves name positions of the walk")
}

/// What a square holds, two bits each.
const EMPTY: u32 = 0;
const TOAD: u32 = 1;
const FROG: u32 = 2;

/// A row of at most 16 squares, square `i` in bits `2i` and `2i + 1`.
#[derive(Clone, Copy)]
struct Row {
    squares: u32,
    length: isize,
}

impl Row {
    fn of(text: &str) -> Row {
        let square = |c: char| match c {
            'T' => TOAD,
            'F' => FROG,
            _ => EMPTY,
        };
        let squares = text
            .chars()
            .enumerate()
            .fold(0, |row, (i, c)| row | square(c) << (2 * i));
        Row {
            squares,
            length: text.len() as isize,
        }
    }

    /// What square `i` holds; `None` off the row.
    fn at(self, i: isize) -> Option<u32> {
        (0..self.length)
            .contains(&i)
            .then(|| self.squares >> (2 * i) & 3)
    }

    /// Each position one `creature` (moving forward by `ahead`) can reach: a step forward or
    /// back into an empty square, or a jump forward over one of the other creatures.
    fn moves(self, creature: u32, ahead: isize, mut reach: impl FnMut(u32)) {
        for i in 0..self.length {
            if self.at(i) != Some(creature) {
                continue;
            }
            let mut to = |j: isize| {
                let moved = self.squares & !(3 << (2 * i)) | creature << (2 * j);
                reach(moved);
            };
            for step in [ahead, -ahead] {
                if self.at(i + step) == Some(EMPTY) {
                    to(i + step);
                }
            }
            let other = self
                .at(i + ahead)
                .is_some_and(|c| c != EMPTY && c != creature);
            if other && self.at(i + 2 * ahead) == Some(EMPTY) {
                to(i + 2 * ahead);
            }
        }
    }
}
