//! Times the canonical forms of Domineering rectangles: every rectangle of up to
//! `--max-cells` squares (each on a fresh store, spread over `--threads` workers, each with its
//! own store), then the rectangles named by `--named`, each alone on a fresh store.
//!
//! ```text
//! cargo run --release --example domineering_table -- --max-cells 25
//! cargo run --release --example domineering_table -- --max-cells 0 --named 6x6
//! ```
//!
//! For each rectangle: the wall-clock time, the CPU time of its thread (the fairer figure on a
//! busy machine), the positions expanded (regions up to symmetry), the outcome, the size of its
//! canonical form (distinct games in it, and the length of its text or "too long"), and the
//! store's bytes at the end (a store only grows, so that is its peak). Values the texts give
//! are checked.

use conway::engine::{Limits, Outcome};
use conway::games::partizan::{Domineering, DomineeringBoard};
use conway::partizan::{Partizan, Solver};
use conway::short::{GameId, Store, StoreResult};
use std::cell::Cell;
use std::collections::HashSet;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The longest text of a canonical form written out.
const MAX_TEXT: usize = 1 << 20;

/// Values of the notes on chapter 7 (rows × columns, Left vertical), as the store writes them.
const KNOWN: &[(usize, usize, &str)] = &[
    (1, 1, "0"),
    (1, 2, "-1"),
    (2, 1, "1"),
    (2, 2, "+-1"),
    (2, 3, "{2|-1/2}"),
    (3, 2, "{1/2|-2}"),
    (2, 4, "Miny(2)"),
    (4, 2, "Tiny(2)"),
    (3, 3, "+-1"),
    (2, 5, "1/2"),
    (3, 4, "-3/2"),
];

struct Options {
    max_cells: usize,
    named: Vec<(usize, usize)>,
    threads: usize,
}

/// What solving one rectangle took and gave.
struct Row {
    rows: usize,
    columns: usize,
    wall: Duration,
    cpu: Option<Duration>,
    expanded: u64,
    outcome: Outcome,
    games: usize,
    text: Option<String>,
    store_bytes: u64,
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("domineering_table: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let options = parse_args(std::env::args().skip(1))?;
    let all: Vec<(usize, usize)> = (1..=options.max_cells)
        .flat_map(|rows| (1..=options.max_cells / rows).map(move |columns| (rows, columns)))
        .collect();
    if !all.is_empty() {
        println!(
            "All {} rectangles of up to {} squares, {} worker(s), a fresh store each:",
            all.len(),
            options.max_cells,
            options.threads
        );
        let start = Instant::now();
        let rows = solve_all(&all, options.threads)?;
        let total = start.elapsed();
        print_table(&rows);
        let cpu: Option<Duration> = rows.iter().map(|row| row.cpu).sum();
        println!(
            "total: {:.3} s wall, {} CPU",
            total.as_secs_f64(),
            show_cpu(cpu)
        );
    }
    if !options.named.is_empty() {
        println!("\nEach alone, on a fresh store:");
        let rows = options
            .named
            .iter()
            .map(|&(rows, columns)| solve(rows, columns))
            .collect::<Result<Vec<_>, _>>()?;
        print_table(&rows);
    }
    Ok(())
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        max_cells: 25,
        named: vec![(5, 5), (4, 7), (3, 10), (5, 6), (3, 11)],
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--max-cells" => {
                options.max_cells = value()?.parse().map_err(|e| format!("--max-cells: {e}"))?
            }
            "--threads" => {
                options.threads = value()?
                    .parse::<usize>()
                    .map_err(|e| format!("--threads: {e}"))?
                    .max(1)
            }
            "--named" => {
                let list = value()?;
                options.named = list
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(parse_rectangle)
                    .collect::<Result<_, _>>()?
            }
            other => {
                return Err(format!(
                    "unknown flag {other}; use --max-cells N, --threads N, --named 5x5,4x7"
                ))
            }
        }
    }
    Ok(options)
}

fn parse_rectangle(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{text}' is not a rectangle: write ROWSxCOLUMNS, e.g. 5x6");
    let (rows, columns) = text.split_once('x').ok_or_else(bad)?;
    Ok((
        rows.trim().parse().map_err(|_| bad())?,
        columns.trim().parse().map_err(|_| bad())?,
    ))
}

/// Solves every rectangle of `all`, `threads` at a time; in the order given.
fn solve_all(all: &[(usize, usize)], threads: usize) -> Result<Vec<Row>, String> {
    // Largest first, so that no worker is left with a large one at the end.
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(all[i].0 * all[i].1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<Option<Result<Row, String>>> = (0..all.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&i) = order.get(k) else {
                            return done;
                        };
                        let (rows, columns) = all[i];
                        done.push((i, solve(rows, columns)));
                    }
                })
            })
            .collect();
        for worker in workers {
            for (i, row) in worker.join().expect("a worker does not panic") {
                results[i] = Some(row);
            }
        }
    });
    results
        .into_iter()
        .map(|row| row.expect("every rectangle is solved"))
        .collect()
}

/// Domineering, counting the positions expanded (each lists Left's options once).
struct Counting {
    expanded: Cell<u64>,
}

impl Partizan for Counting {
    type Position = DomineeringBoard;

    fn left_options(&self, board: &DomineeringBoard) -> Vec<DomineeringBoard> {
        self.expanded.set(self.expanded.get() + 1);
        Domineering.left_options(board)
    }

    fn right_options(&self, board: &DomineeringBoard) -> Vec<DomineeringBoard> {
        Domineering.right_options(board)
    }

    fn components(&self, board: DomineeringBoard, parts: &mut Vec<DomineeringBoard>) {
        Domineering.components(board, parts)
    }

    fn representative(&self, board: DomineeringBoard) -> DomineeringBoard {
        Domineering.representative(board)
    }

    fn negation(&self, board: &DomineeringBoard) -> Option<DomineeringBoard> {
        Domineering.negation(board)
    }

    fn known_value(
        &self,
        board: &DomineeringBoard,
        store: &mut Store,
    ) -> Option<StoreResult<GameId>> {
        Domineering.known_value(board, store)
    }
}

/// Solves the rectangle on a fresh store and checks it against the texts.
fn solve(rows: usize, columns: usize) -> Result<Row, String> {
    let board = DomineeringBoard::rectangle(rows, columns)
        .ok_or_else(|| format!("{rows}x{columns} is not a board of 1 to 256 squares"))?;
    let limits = Limits {
        max_positions: u64::MAX,
        max_memory: 16 << 30,
    };
    let mut store = Store::new(limits.max_memory);
    let counting = Counting {
        expanded: Cell::new(0),
    };
    let mut solver = Solver::with_limits(&counting, limits);
    let cpu_start = thread_cpu();
    let start = Instant::now();
    let value = solver
        .value(&mut store, &board)
        .map_err(|e| format!("{rows}x{columns}: {e}"))?;
    let wall = start.elapsed();
    let cpu = thread_cpu().zip(cpu_start).map(|(end, start)| end - start);
    let text = store.show_within(value, MAX_TEXT);
    if let Some(&(_, _, known)) = KNOWN.iter().find(|&&(r, c, _)| (r, c) == (rows, columns)) {
        if text.as_deref() != Some(known) {
            return Err(format!(
                "{rows}x{columns} is {} but the texts give {known}",
                text.as_deref().unwrap_or("a long form")
            ));
        }
    }
    Ok(Row {
        rows,
        columns,
        wall,
        cpu,
        expanded: counting.expanded.get(),
        outcome: store.outcome(value).map_err(|e| e.to_string())?,
        games: games_in(&mut store, value).map_err(|e| e.to_string())?,
        text,
        store_bytes: store.bytes(),
    })
}

/// How many distinct games the canonical form of `game` is made of (itself included),
/// counting a number-up-star value as one.
fn games_in(store: &mut Store, game: GameId) -> Result<usize, conway::engine::SearchError> {
    let mut seen = HashSet::from([game]);
    let mut todo = vec![game];
    while let Some(g) = todo.pop() {
        if store.as_nus(g).is_some() {
            continue;
        }
        let mut options = store.left_options(g)?;
        options.extend(store.right_options(g)?);
        for option in options {
            if seen.insert(option) {
                todo.push(option);
            }
        }
    }
    Ok(seen.len())
}

/// The CPU time of this thread so far, where the system keeps it.
fn thread_cpu() -> Option<Duration> {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `time` is a valid timespec for the call to write.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    if status != 0 {
        return None;
    }
    Some(Duration::new(
        u64::try_from(time.tv_sec).ok()?,
        u32::try_from(time.tv_nsec).ok()?,
    ))
}

fn show_cpu(cpu: Option<Duration>) -> String {
    cpu.map_or("-".to_string(), |cpu| format!("{:.3} s", cpu.as_secs_f64()))
}

fn print_table(rows: &[Row]) {
    println!(
        "{:>6} {:>9} {:>9} {:>10} {:>7} {:>7} {:>10} {:>12}  value",
        "board", "wall s", "CPU s", "expanded", "outcome", "games", "text", "store bytes"
    );
    for row in rows {
        let length = row
            .text
            .as_ref()
            .map_or("too long".to_string(), |t| t.len().to_string());
        let value = match &row.text {
            Some(text) if text.len() <= 40 => text.as_str(),
            _ => "",
        };
        println!(
            "{:>6} {:>9.4} {:>9} {:>10} {:>7} {:>7} {:>10} {:>12}  {}",
            format!("{}x{}", row.rows, row.columns),
            row.wall.as_secs_f64(),
            row.cpu
                .map_or("-".to_string(), |c| format!("{:.4}", c.as_secs_f64())),
            row.expanded,
            format!("{:?}", row.outcome),
            row.games,
            length,
            row.store_bytes,
            value
        );
    }
}
