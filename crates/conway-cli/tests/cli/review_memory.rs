//! `--max-memory` bounds the peak memory of the process, whatever the input: the defects of
//! the review of memory, each measured by the child's own peak.

use super::{within_memory, Measured};
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::process::{ChildStdout, ExitStatus};
use std::time::{Duration, Instant};

#[test]
fn d_all_moves_are_written_as_they_are_found_not_held() {
    // 166,667 winning moves: held whole they took far more than the limit.
    let heap = "2000000";
    let output = within_memory(&["solve", "kayles", heap, "--all-moves", "--json"], 8);
    assert!(output.status.success());
    let report: Counted = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(report.move_counts["either"], report.moves.len());
    assert!(report.moves.len() > 100_000);
    let output = within_memory(&["solve", "kayles", heap, "--all-moves"], 8);
    let text = String::from_utf8(output.stdout).unwrap();
    let count = report.moves.len();
    assert!(text.contains("\nwinning moves (their number follows them):\n"));
    assert!(
        text.ends_with(&format!("\nwinning moves: {count}\n")),
        "the count last"
    );
    assert_eq!(text.lines().filter(|l| l.contains(" → ")).count(), count);
}

/// A report's moves, counted without being held.
#[derive(Deserialize)]
struct Counted {
    moves: Vec<IgnoredAny>,
    move_counts: std::collections::BTreeMap<String, usize>,
}

/// A reader that reads the start of the output of `conway args` by `read` and closes the pipe,
/// as `| head` does. The process is stopped and the test fails if it runs past `deadline` or
/// holds more than `max_mib` MiB. Returns its status, its standard error and its peak memory
/// in bytes.
fn read_then_close(
    args: &[&str],
    read: fn(ChildStdout),
    deadline: Duration,
    max_mib: u64,
) -> (ExitStatus, String, u64) {
    let mut measured = Measured::start(args);
    let stdout = measured.child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || read(stdout));
    let mut stderr = measured.child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).map(|_| text)
    });
    let start = Instant::now();
    let mut ran_away = None;
    let (status, peak) = measured.wait(&mut |child| {
        let resident = resident_bytes(child.id());
        if ran_away.is_none() && (start.elapsed() > deadline || resident > max_mib << 20) {
            ran_away = Some((resident >> 20, start.elapsed()));
            child.kill().unwrap();
        }
    });
    if let Some((mib, after)) = ran_away {
        panic!("{args:?} ran on after its reader left: {mib} MiB after {after:?}");
    }
    reader.join().unwrap();
    let peak = peak.expect("the process reports its peak as it ends");
    (status, errors.join().unwrap().unwrap(), peak)
}

/// `| head -2`.
fn two_lines(stdout: ChildStdout) {
    let mut stdout = BufReader::new(stdout);
    for _ in 0..2 {
        stdout.read_line(&mut String::new()).unwrap();
    }
}

/// `| head -c 4096`: a JSON report is one line.
fn four_kilobytes(mut stdout: ChildStdout) {
    stdout.read_exact(&mut [0; 4096]).unwrap();
}

/// The resident memory of a running process, in bytes.
fn resident_bytes(pid: u32) -> u64 {
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|pages| pages.parse().ok())
        .unwrap_or(0);
    pages * 4096
}

#[test]
fn d_a_reader_that_leaves_stops_the_search_for_every_move() {
    // 202,172,502,127 winning moves: their first lines, then the reader goes.
    let args = ["solve", "octal:0.16", "1000000000000", "--all-moves"];
    let json = [&args[..], &["--json"]].concat();
    for (args, read) in [(&args[..], two_lines as fn(_)), (&json[..], four_kilobytes)] {
        let (status, stderr, peak) = read_then_close(args, read, Duration::from_secs(60), 256);
        assert!(status.success(), "{args:?}: {status:?} {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
        assert!(peak < 48 << 20, "{args:?} peaked at {} MiB", peak >> 20);
    }
}

#[test]
fn d_wythoff_searches_keep_within_the_memory_limit() {
    // The review's `wythoff "5000 7000" --max-memory 30M` peaked at 78 MB.
    let output = within_memory(&["solve", "wythoff", "2500 3500", "--json"], 10);
    assert!(output.status.success());
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["outcome"], "N");
    assert!(report["value_unknown"]
        .as_str()
        .is_some_and(|why| why.contains("more than 10 MiB of memory")));
    assert_eq!(report["move_counts"]["either"], 3);
}

#[test]
fn d_wythoff_options_too_many_to_list_are_refused_within_the_limit() {
    // The review's `wythoff "1048576 1048575" --max-memory 200M` peaked at 357 MB listing
    // three million options.
    let output = within_memory(&["solve", "wythoff", "262144 262143", "--json"], 50);
    assert!(output.status.success());
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["outcome"], "N");
    for why in ["value_unknown", "moves_unknown"] {
        assert!(report[why]
            .as_str()
            .is_some_and(|why| why.contains("more than 50 MiB of memory")));
    }
}

#[test]
fn d_misere_kayles_keeps_within_the_memory_limit() {
    // The review's seven heaps of 30 under --max-memory 40M peaked at 60 MB. Rows of heaps
    // up to 128 are answered from the misère quotient now; a heap of 200 is searched.
    let args = ["solve", "kayles", "200 20 20 20 20 20", "--misere"];
    let output = within_memory(&args, 16);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("more than 16 MiB of memory"), "{stderr}");
    assert!(stderr.contains("--max-memory"), "{stderr}");
}

#[test]
fn d_moves_that_cannot_be_written_as_found_are_refused_within_the_limit() {
    // A partizan sum values every option of every component before it knows which win: a
    // heap of a million lists a million options, past the limit.
    let args = [
        "solve",
        "nim",
        "1000000",
        "+",
        "domineering",
        "..|..",
        "--all-moves",
    ];
    let output = within_memory(&args, 10);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("more than 10 MiB of memory"), "{stderr}");
    assert!(stderr.contains("--max-memory"), "{stderr}");
}

#[test]
fn d_hex_tables_keep_within_the_memory_limit() {
    // The Hex solver's tables took 64 MB a core whatever the limit.
    let output = within_memory(
        &["solve", "hex", ".....|.....|.....|.....|.....", "--json"],
        16,
    );
    assert!(output.status.success());
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["move_counts"]["either"], 13);
}

#[test]
fn d_misere_partizan_search_keeps_within_the_memory_limit() {
    // A pile of 2^20 chips searched a million positions deep.
    let args = ["solve", "partizan-subtraction:1/1", "1048576", "--misere"];
    let output = within_memory(&args, 16);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("more than 16 MiB of memory"), "{stderr}");
    let output = within_memory(
        &[
            "solve",
            "partizan-subtraction:1/1",
            "4000",
            "--misere",
            "--json",
        ],
        16,
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["move_counts"]["left"], 1);
}

#[test]
fn d_many_partizan_piles_keep_within_the_memory_limit() {
    // The hostile review: 10,000 piles (each option a copy of them all) peaked at 810 MB
    // under a limit of 16 MB, under either play.
    let piles = vec!["1"; 10_000].join(" ");
    let misere = ["solve", "partizan-subtraction:1/2", &piles, "--misere"];
    let output = within_memory(&misere, 16);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("more than 16 MiB of memory"), "{stderr}");
    let normal = ["solve", "partizan-subtraction:1/2", &piles, "--json"];
    let output = within_memory(&normal, 16);
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["value"], "10000");
    assert!(report["moves_unknown"].is_string(), "{report}");
}

#[test]
fn d_backsliding_toads_of_many_rows_keep_within_the_memory_limit() {
    // The review's 1365 rows of `T.F` under `--max-memory 10M` peaked at 127 MB: each
    // position's moves, each a copy of every row, were listed before any was counted.
    let rows = vec!["T.F"; 1365].join(" ");
    // The graph of the whole is refused at once, and the rows' values answer.
    let output = within_memory(&["solve", "backsliding-toads", &rows], 10);
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("outcome: P") && text.contains("value:   0"),
        "{text}"
    );
}

#[test]
fn d_a_loopy_positions_value_counts_the_graph_its_outcome_holds() {
    // The hostile pass: the 8×8 start under `--max-memory 256M` peaked at 449 MB. The graph
    // explored for the outcome stayed while the value was found, and was not counted there.
    // This board under 48M peaked at 92 MB.
    let board = ".F......|........|........|........|........|G.G.G.G.";
    let args = [
        "solve",
        "--max-positions",
        "1000000000",
        "fox-and-geese",
        board,
    ];
    let output = within_memory(&args, 48);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("value:   unknown") && text.contains("48 MiB"),
        "{text}"
    );
}

/// The hostile review of loopy values: the sum of two loopy games, each with a long integer
/// in it, held 3 to 4 times `--max-memory` while it was built (98 MB under 32M, 171 MB
/// under 64M): each pair of the sum was counted at 48 bytes and holds about four times that.
#[test]
fn d_a_loopy_sum_keeps_within_the_memory_limit() {
    for limit in [32, 64] {
        let args = ["eval", "{16000|off} + {off|-16000}"];
        let output = within_memory(&args, limit);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("more than {limit} MiB of memory")),
            "{stderr}"
        );
    }
}
