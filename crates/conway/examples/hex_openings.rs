//! Solves every opening of n×n Hex with the Hex solver, spread over `--threads` workers
//! that share one table of `--slots` entries, or with `--empty` the empty board alone.
//!
//! ```text
//! cargo run --release --example hex_openings -- 7
//! cargo run --release --example hex_openings -- 8 --empty --slots 4194304
//! ```
//!
//! For each opening (White's first stone): whether it wins for White, the positions the
//! solver expanded, and its wall-clock time; then the totals. On an empty board the first
//! player wins (Nash's strategy stealing), and the winning openings of 1×1 to 4×4 are those
//! of Exercise 5.5: the example checks both.

use conway::engine::{Limits, Meter, SharedWork};
use conway::games::connection::board::{Board, Grid};
use conway::games::connection::solver::{Solver, Table};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Entries of the table unless `--slots` says: a little over 128 bytes each (a lock for
/// every two), about 280 MB.
const SLOTS: usize = 1 << 21;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = match args.first().and_then(|a| a.parse().ok()) {
        Some(n) if (1..=11).contains(&n) => n,
        _ => {
            eprintln!("usage: hex_openings N [--empty] [--threads K]   (N from 1 to 11)");
            return ExitCode::FAILURE;
        }
    };
    let threads = args
        .iter()
        .position(|a| a == "--threads")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |k| k.get()));
    let slots = args
        .iter()
        .position(|a| a == "--slots")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(SLOTS);
    let empty = Board {
        n: n as u8,
        white_to_move: true,
        ..Board::default()
    };
    let start = Instant::now();
    let position = args
        .iter()
        .position(|a| a == "--position")
        .and_then(|i| Board::parse(args.get(i + 1)?, Grid::Hex).ok());
    if args.iter().any(|a| a == "--empty") || position.is_some() {
        let board = position.unwrap_or(empty);
        let mut solver = Solver::new(n, slots);
        let wins = solver
            .mover_wins(&board, &unlimited())
            .expect("no node limit");
        println!(
            "{}: the player to move {} ({} positions, {:.2} s)",
            board.show(),
            if wins { "wins" } else { "loses" },
            solver.nodes(),
            start.elapsed().as_secs_f64()
        );
        return if wins {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    let openings = solve_openings(&empty, threads, slots);
    let mut map = String::new();
    for r in 0..n {
        map.push_str(&" ".repeat(r));
        for c in 0..n {
            let (_, wins, _, _) = openings[r * n + c];
            map.push_str(if wins { "W " } else { ". " });
        }
        map.push('\n');
    }
    println!("winning openings for White (W) on {n}x{n}:\n{map}");
    for &(cell, wins, nodes, seconds) in &openings {
        println!(
            "  ({}, {}): {:5}  {nodes:>10} positions  {seconds:8.2} s",
            cell / n,
            cell % n,
            if wins { "wins" } else { "loses" }
        );
    }
    let nodes: u64 = openings.iter().map(|o| o.2).sum();
    let winning: Vec<(usize, usize)> = openings
        .iter()
        .filter(|o| o.1)
        .map(|o| (o.0 / n, o.0 % n))
        .collect();
    println!(
        "{} of {} openings win; {nodes} positions; {:.2} s on {threads} threads",
        winning.len(),
        n * n,
        start.elapsed().as_secs_f64()
    );
    let expected: &[(usize, usize)] = match n {
        1 => &[(0, 0)],
        2 => &[(0, 1), (1, 0)],
        3 => &[(0, 2), (1, 0), (1, 1), (1, 2), (2, 0)],
        4 => &[(0, 3), (1, 2), (2, 1), (3, 0)],
        _ => &[],
    };
    let right = !winning.is_empty() && (expected.is_empty() || winning == expected);
    if right {
        ExitCode::SUCCESS
    } else {
        eprintln!("wrong: the winning openings differ from the known ones");
        ExitCode::FAILURE
    }
}

/// Each opening of the board: the cell, whether it wins for White, the positions expanded
/// and the seconds taken. Each worker takes the next opening not yet taken, with its own
/// solver; all of them work in one table, so what one settles the others find.
fn solve_openings(empty: &Board, threads: usize, slots: usize) -> Vec<(usize, bool, u64, f64)> {
    let n = empty.side();
    let next = AtomicUsize::new(0);
    let solved = Mutex::new(Vec::new());
    let table = Arc::new(Table::new(slots));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut solver = Solver::sharing(n, table.clone());
                let work = unlimited();
                loop {
                    let cell = next.fetch_add(1, Ordering::Relaxed);
                    if cell >= n * n {
                        break;
                    }
                    let started = Instant::now();
                    let before = solver.nodes();
                    let black_wins = solver
                        .mover_wins(&empty.after(cell), &work)
                        .expect("no node limit");
                    let seconds = started.elapsed().as_secs_f64();
                    let found = (cell, !black_wins, solver.nodes() - before, seconds);
                    eprintln!(
                        "  opening ({}, {}): {} positions, {seconds:.2} s",
                        cell / n,
                        cell % n,
                        found.2
                    );
                    solved.lock().expect("no worker panics").push(found);
                }
            });
        }
    });
    let mut solved = solved.into_inner().expect("no worker panics");
    solved.sort_by_key(|o| o.0);
    solved
}

/// A count of work without limits (the table's size is set by `--slots`).
fn unlimited() -> SharedWork {
    Meter::new(Limits {
        max_positions: u64::MAX,
        max_memory: u64::MAX,
    })
    .share()
}
