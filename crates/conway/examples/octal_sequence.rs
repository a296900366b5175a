//! Times the nim-sequence of a take-and-break code by the sparse-space method, beside the mex
//! recurrence (the definition) over the range the recurrence can run.
//!
//! ```text
//! cargo run --release --example octal_sequence -- grundy 100000000
//! cargo run --release --example octal_sequence -- 0.16 600000 --mex 30000
//! ```
//!
//! A code is written `d0.d1d2…` in hexadecimal digits (`0.77`, `4.7`, `0.137`) or `grundy`.
//! Prints heaps per second of both methods (by the process's CPU time, the fairer figure on a
//! busy machine, and for the sparse method by the wall clock too, as it uses `--threads`
//! threads, 2 unless told), the bytes the sparse method holds at the end (its peak: it only grows), the
//! rare heaps under the final mask, the mask and the largest value.

use conway::engine::{Limits, Meter};
use conway::heap::{mex_sequence, SparseSpace, TakeBreak};
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn parse(code: &str) -> Result<TakeBreak, String> {
    if code == "grundy" {
        return Ok(TakeBreak::grundy());
    }
    let (d0, rest) = code
        .split_once('.')
        .ok_or_else(|| format!("{code}: a code is d0.d1d2…"))?;
    let digits = d0
        .chars()
        .chain(rest.chars())
        .map(|c| {
            c.to_digit(16)
                .map(|d| d as u8)
                .ok_or_else(|| format!("{code}: {c} is no digit"))
        })
        .collect::<Result<Vec<u8>, String>>()?;
    TakeBreak::new(digits, 0).map_err(|e| e.to_string())
}

/// CPU time of the whole process so far (every thread).
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

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: octal_sequence CODE HEAPS [--mex HEAPS] [--threads N]";
    let code = parse(args.first().ok_or(usage)?)?;
    let heaps: u64 = args
        .get(1)
        .ok_or(usage)?
        .parse()
        .map_err(|e| format!("HEAPS: {e}"))?;
    let mex_heaps: u64 = match args.iter().position(|a| a == "--mex") {
        Some(i) => args
            .get(i + 1)
            .ok_or(usage)?
            .parse()
            .map_err(|e| format!("--mex: {e}"))?,
        None => heaps.min(20_000),
    };
    let threads: usize = match args.iter().position(|a| a == "--threads") {
        Some(i) => args
            .get(i + 1)
            .ok_or(usage)?
            .parse()
            .map_err(|e| format!("--threads: {e}"))?,
        None => 2,
    };
    let mut space =
        SparseSpace::new(&code).ok_or(format!("{code}: the sparse-space method does not apply"))?;
    space.set_threads(threads);
    let mut meter = Meter::new(Limits {
        max_positions: u64::MAX,
        ..Limits::default()
    });
    let start = cpu_time();
    let wall = Instant::now();
    // Doubling, as a caller that looks for a period at powers of two does.
    let mut to = 1023;
    loop {
        space
            .extend(to.min(heaps - 1), &mut meter)
            .map_err(|e| e.to_string())?;
        if to >= heaps - 1 {
            break;
        }
        to = 2 * to + 1;
    }
    let sparse = cpu_time() - start;
    let wall = wall.elapsed();
    let rate = |n: u64, t: Duration| n as f64 / t.as_secs_f64().max(1e-9);
    println!(
        "{code}: {heaps} heaps, sparse space on {threads} thread(s): {:.3} s CPU ({:.0} heaps/s \
         per core), {:.3} s wall ({:.0} heaps/s)",
        sparse.as_secs_f64(),
        rate(heaps, sparse),
        wall.as_secs_f64(),
        rate(heaps, wall)
    );
    let (mask, heap_parity) = space.mask();
    // The meter counts a heap once and 4096 pairs of heaps looked at once more.
    let pairs = (meter.listed() - heaps) * 4096;
    println!(
        "  about {:.0} pairs of heaps looked at per heap",
        pairs as f64 / heaps as f64
    );
    println!(
        "  held {} bytes ({:.2} per heap), rare heaps {}, mask {mask:#b}{}, largest value {}",
        space.bytes(),
        space.bytes() as f64 / heaps as f64,
        space.rare_count(),
        if heap_parity { " + heap parity" } else { "" },
        space.max_value()
    );
    if mex_heaps > 0 {
        let start = cpu_time();
        let reference = mex_sequence(&code, mex_heaps);
        let mex = cpu_time() - start;
        let agree = reference
            .iter()
            .zip(space.values().iter())
            .all(|(a, b)| *a == b);
        println!(
            "  mex recurrence: {mex_heaps} heaps, {:.3} s CPU, {:.0} heaps/s; {}",
            mex.as_secs_f64(),
            rate(mex_heaps, mex),
            if agree {
                "same values"
            } else {
                "VALUES DIFFER"
            }
        );
        if !agree {
            return Err("the two methods disagree".into());
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
