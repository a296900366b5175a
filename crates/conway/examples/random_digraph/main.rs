//! Times the loopy analyses on a big random digraph: building it, labelling it by retrograde
//! analysis, and its generalised Sprague–Grundy function γ, with the bytes each holds.
//!
//! ```text
//! cargo run --release --example random_digraph -- 1000000 10000000 1
//! /usr/bin/time -v target/release/examples/random_digraph 1000000 10000000 1 99
//! ```
//!
//! Arguments: vertices, edges, seed, and optionally the percentage of edges turned downward
//! (see `edges.rs`). Uniform edges, ten per vertex, leave almost everything a draw; with 99%
//! downward the graph is nearly acyclic and γ runs through many stages. Times are wall
//! clock and the process's CPU time (the fairer figure on a busy machine). The γ outcomes are
//! checked against the labels on every vertex.

mod edges;

use conway::engine::{Outcome, Play};
use conway::graph::{Gamma, Graph};
use std::mem::size_of;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// CPU time of the whole process so far.
fn cpu_time() -> Duration {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given.
    let usage = unsafe {
        libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr());
        usage.assume_init()
    };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// Runs `f`, printing its wall and CPU time under `what`.
fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let (wall, cpu) = (Instant::now(), cpu_time());
    let result = f();
    println!(
        "{what:<10} {:>8.3} s wall {:>8.3} s cpu",
        wall.elapsed().as_secs_f64(),
        (cpu_time() - cpu).as_secs_f64()
    );
    result
}

fn mib(bytes: usize) -> String {
    format!("{:.1} MiB", bytes as f64 / (1 << 20) as f64)
}

fn argument<T: std::str::FromStr>(args: &[String], i: usize, name: &str) -> Result<T, String> {
    args.get(i)
        .ok_or(format!(
            "usage: random_digraph VERTICES EDGES SEED [DOWNWARD%] (missing {name})"
        ))?
        .parse()
        .map_err(|_| format!("{name}: not a number"))
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let vertices: u32 = argument(&args, 0, "VERTICES")?;
    let edges: usize = argument(&args, 1, "EDGES")?;
    let seed: u64 = argument(&args, 2, "SEED")?;
    let downward: u32 = match args.get(3) {
        Some(_) => argument(&args, 3, "DOWNWARD")?,
        None => 0,
    };
    if vertices == 0 {
        return Err("VERTICES: at least 1".into());
    }
    let graph = timed("build", || {
        let list = edges::random_edges(vertices, edges, seed, downward);
        Graph::from_edges(vec![(); vertices as usize], &list).map_err(|e| e.to_string())
    })?;
    // Two compressed-row arrays (successors and predecessors): offsets and targets in u32;
    // the positions are `()` and take nothing.
    let graph_bytes = 2 * size_of::<u32>() * (graph.len() + 1 + graph.edge_count());
    println!(
        "graph      {} vertices, {} edges, {}",
        graph.len(),
        graph.edge_count(),
        mib(graph_bytes)
    );
    let labels = timed("labels", || graph.solve(Play::Normal));
    // An outcome byte and a u32 depth per vertex.
    let label_bytes = graph.len() * (size_of::<Outcome>() + size_of::<u32>());
    let count = |o: Outcome| labels.outcomes().iter().filter(|&&x| x == o).count();
    println!(
        "labels     P {}, N {}, D {}, {}",
        count(Outcome::P),
        count(Outcome::N),
        count(Outcome::D),
        mib(label_bytes)
    );
    let gamma = timed("gamma", || graph.gamma());
    let mut finite = 0usize;
    let mut largest = 0u64;
    for v in 0..graph.len() as u32 {
        if gamma.outcome(v) != labels.outcome(v) {
            return Err(format!("vertex {v}: γ and the labels disagree"));
        }
        if let Gamma::Finite(g) = gamma.value(v) {
            finite += 1;
            largest = largest.max(g);
        }
    }
    println!(
        "gamma      {finite} finite (largest {largest}), {} infinite, {}",
        graph.len() - finite,
        mib(gamma.heap_bytes())
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("random_digraph: {message}");
            ExitCode::FAILURE
        }
    }
}
