//! The `conway` command as a user meets it: answers, JSON, and one clear line for bad input.

mod misere;
mod review_cli;
mod review_graph;
mod review_heap;
mod review_memory;
mod review_rules;
mod review_short;
mod schema;
mod serve;

use serde_json::Value;
use std::process::{Command, Output};

fn conway(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_conway"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A `conway` process started with its output piped, which writes the most memory it held
/// (its own `VmHWM`) to a file of its own as it ends: the kernel's count for a child (`wait4`,
/// `getrusage`) starts from the memory of this harness, which holds the outputs of the tests
/// running beside it.
struct Measured {
    child: std::process::Child,
    peak_file: std::path::PathBuf,
}

impl Measured {
    fn start(args: &[&str]) -> Measured {
        use std::process::Stdio;
        use std::sync::atomic::{AtomicUsize, Ordering};
        static RUNS: AtomicUsize = AtomicUsize::new(0);
        let run = RUNS.fetch_add(1, Ordering::Relaxed);
        let name = format!("conway-peak-{}-{run}", std::process::id());
        let peak_file = std::env::temp_dir().join(name);
        let child = Command::new(env!("CARGO_BIN_EXE_conway"))
            .args(args)
            .env("CONWAY_PEAK_FILE", &peak_file)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        Measured { child, peak_file }
    }

    /// Waits for the process to end, calling `meanwhile` every few milliseconds (to stop one
    /// that runs away, say), and returns its status and its peak memory in bytes: none where
    /// it was stopped before it could say.
    fn wait(
        mut self,
        meanwhile: &mut dyn FnMut(&mut std::process::Child),
    ) -> (std::process::ExitStatus, Option<u64>) {
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("the child can be waited for") {
                break status;
            }
            meanwhile(&mut self.child);
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        (status, read_peak(&self.peak_file))
    }
}

/// The peak a measured process wrote to `file`, which is then removed.
fn read_peak(file: &std::path::Path) -> Option<u64> {
    let peak = std::fs::read_to_string(file).ok()?;
    std::fs::remove_file(file).ok();
    Some(peak.parse().expect("a number of bytes"))
}

/// Runs `conway` and returns its output with the most memory it held, in bytes.
fn conway_peak(args: &[&str]) -> (Output, u64) {
    let Measured { child, peak_file } = Measured::start(args);
    let output = child.wait_with_output().expect("the binary runs");
    let peak = read_peak(&peak_file).unwrap_or_else(|| panic!("{args:?} reported no peak"));
    (output, peak)
}

/// Runs `conway` with `--max-memory limit` (in MiB) appended and checks that the process
/// never held more than the limit and a small constant for the binary itself; returns the
/// output.
fn within_memory(args: &[&str], limit_mib: u64) -> Output {
    let limit = format!("{limit_mib}M");
    let mut all = args.to_vec();
    all.extend(["--max-memory", &limit]);
    let (output, peak) = conway_peak(&all);
    let allowed = (limit_mib + PROCESS_OVERHEAD_MIB) << 20;
    assert!(
        peak <= allowed,
        "{all:?} peaked at {} MiB, more than the limit of {limit_mib} MiB and {PROCESS_OVERHEAD_MIB} MiB for the process",
        peak >> 20
    );
    output
}

/// What the process holds beyond anything a limit counts: the binary, the allocator's
/// arenas, the standard streams.
const PROCESS_OVERHEAD_MIB: u64 = 16;

/// What a successful `conway` run printed, without the final newline.
fn stdout_of(args: &[&str]) -> String {
    let output = conway(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

fn json(args: &[&str]) -> Value {
    let output = conway(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

/// Runs a command that must fail: non-zero exit, one line on stderr naming `needle`.
fn fails_with(args: &[&str], needle: &str) {
    let output = conway(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{args:?} should fail");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    assert!(
        stderr.contains(needle),
        "{args:?}: '{stderr}' should mention '{needle}'"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn solve_prints_every_winning_move_as_json() {
    let report = json(&["solve", "nim", "13 42 30 43", "--json"]);
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["value"], "*18");
    assert_eq!(report["nim_value"], 18);
    assert_eq!(report["move_counts"]["either"], 1);
    let moves = report["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], "13 42 12 43");
    assert!(moves[0]["move"].as_str().unwrap().contains("30 → 12"));
}

#[test]
fn solve_misere_has_no_value() {
    let report = json(&["solve", "nim", "1 1 3", "--misere", "--json"]);
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["value"], Value::Null);
    assert_eq!(report["play"], "misere");
    assert_eq!(report["moves"][0]["to"], "1 1 1");
    let report = json(&["solve", "misere-nim", "1 1 1", "--json"]);
    assert_eq!(report["outcome"], "P");
}

#[test]
fn solve_reads_as_text() {
    let output = conway(&["solve", "subtraction:1,3,4", "110"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("outcome: N"), "{text}");
    assert!(text.contains("value:   *3"), "{text}");
    assert!(text.contains("110 → 107"), "{text}");
}

#[test]
fn every_catalogued_example_runs() {
    let list = json(&["rules", "--json"]);
    for info in list.as_array().unwrap() {
        let example = info["example"].as_str().unwrap();
        let words: Vec<String> = example
            .trim_start_matches("conway ")
            .split('"')
            .enumerate()
            .flat_map(|(i, part)| {
                if i % 2 == 1 {
                    vec![part.to_string()]
                } else {
                    part.split_whitespace().map(str::to_string).collect()
                }
            })
            .collect();
        let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
        args.push("--json");
        let report = json(&args);
        let outcomes = ["P", "N", "L", "R", "D"];
        assert!(
            outcomes.iter().any(|o| report["outcome"] == *o),
            "{example}"
        );
    }
}

#[test]
fn seq_finds_the_period() {
    let seq = json(&["seq", "subtraction:1,3,4", "--to", "30", "--json"]);
    let values: Vec<u64> = seq["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values.len(), 31);
    assert_eq!(values[..7], [0, 1, 0, 1, 2, 3, 2]);
    assert_eq!(
        (seq["preperiod"].as_u64(), seq["period"].as_u64()),
        (Some(0), Some(7))
    );
    // Lasker's Nim: g(n + 4) = g(n) + 4 from heap 1 on.
    let lasker = json(&["seq", "lasker", "--to", "20", "--json"]);
    assert_eq!(
        (&lasker["preperiod"], &lasker["period"], &lasker["saltus"]),
        (&Value::from(1), &Value::from(4), &Value::from(4))
    );
    let text =
        String::from_utf8(conway(&["seq", "subtraction:1,3,6", "--to", "20"]).stdout).unwrap();
    assert!(
        text.contains("period 9 after a preperiod of 0 (proved"),
        "{text}"
    );
}

#[test]
fn the_exercise_games_list_their_values_and_say_where_they_come_from() {
    // The value of heap 100 under each rule: by the closed form, or g(99) + 1 under
    // subtraction:1,3,4 (period 7: g(99) = g(1) = 1).
    let games = [
        ("at-most-half", 50),
        ("at-least-half", 7),
        ("even-or-one", 50),
        ("threes-or-all", 33),
        ("dim-plus", 3),
        ("dim-minus", 2),
        ("prim-plus", 0),
        ("prim-minus", 1),
        ("impatient:1,3,4", 2),
        ("rims", 100),
    ];
    for (game, last) in games {
        let seq = json(&["seq", game, "--to", "100", "--json"]);
        let values = seq["values"].as_array().unwrap();
        assert_eq!(values.len(), 101, "{game}");
        assert_eq!(values[100].as_u64(), Some(last), "{game}");
        let rules = String::from_utf8(conway(&["rules", game]).stdout).unwrap();
        assert!(
            rules.contains("Exercise 3.7-") || rules.contains("Example 3.9"),
            "{rules}"
        );
    }
    fails_with(&["solve", "prim-plus", "3000000"], "too large");
    fails_with(&["solve", "rims", "3 4 5000"], "too large");
}

#[test]
fn eval_does_nim_field_arithmetic() {
    assert_eq!(json(&["eval", "*3 + *5", "--json"])["value"], "*6");
    assert_eq!(json(&["eval", "nimprod(8, 8)", "--json"])["value"], "*13");
    assert_eq!(json(&["eval", "niminv(2)", "--json"])["value"], "*3");
    assert_eq!(
        json(&["eval", "nimsqrt(nimprod(9, 9))", "--json"])["value"],
        "*9"
    );
    // Past 2^64 the value is still printed, not a JSON number out of range.
    assert_eq!(
        json(&["eval", "*18446744073709551616", "--json"])["value"],
        "*18446744073709551616"
    );
    assert_eq!(json(&["eval", "*3 + *5 == *6", "--json"])["value"], true);
    let output = conway(&["eval", "nimprod(16, 16)"]);
    assert_eq!(String::from_utf8(output.stdout).unwrap().trim(), "*24");
}

#[test]
fn ordinal_prints_the_cantor_normal_form() {
    let text = |expression: &str| stdout_of(&["ordinal", expression]);
    assert_eq!(text("1 + w"), "w");
    assert_eq!(text("(w + 1)^2"), "w^2 + w + 1");
    assert_eq!(text("ω^ω^ω * 2"), "w^w^w*2");
    assert_eq!(text("nimsum(w + 3, w + 5)"), "6");
    let report = json(&["ordinal", "w^(w+1)*2 + 5", "--json"]);
    assert_eq!(report["ordinal"], "w^(w + 1)*2 + 5");
    assert_eq!(report["finite"], serde_json::Value::Null);
    assert_eq!(report["limit"], false);
    assert_eq!(report["terms"][0]["exponent"], "w + 1");
    assert_eq!(report["terms"][0]["coefficient"], "2");
    assert_eq!(report["terms"][1]["exponent"], "0");
    assert_eq!(
        json(&["ordinal", "2^64", "--json"])["finite"],
        "18446744073709551616"
    );
    fails_with(&["ordinal", "w + x"], "column 5");
    fails_with(&["ordinal", "(w + 1)^1000000"], "too large");
    fails_with(&["ordinal", "-1"], "column 1");
}

#[test]
fn ordinal_nim_field_functions_and_the_excess_table() {
    assert_eq!(stdout_of(&["ordinal", "nimprod(w, w)"]), "w^2");
    assert_eq!(stdout_of(&["ordinal", "nimpow(w, 3)"]), "2");
    assert_eq!(
        stdout_of(&["ordinal", "nimprod(niminv(w + 1), w + 1)"]),
        "1"
    );
    assert_eq!(
        stdout_of(&["ordinal", "nimpow(nimsqrt(w^w + 3), 2)"]),
        "w^w + 3"
    );
    fails_with(&["ordinal", "nimsum()"], "at least one argument");
    fails_with(&["ordinal", "niminv(0)"], "no nim-inverse");
    fails_with(&["ordinal", "nimprod(w^w^w, 2)"], "not below w^(w^w)");
    fails_with(&["ordinal", "nimpow(w, w)"], "whole number");
    fails_with(&["ordinal", "Ω"], "'Ω' is not known");
    let report = json(&["excess", "--to", "23", "--json"]);
    let table = &report["primes"];
    let excesses: Vec<u64> = (0..8)
        .map(|k| table[k]["excess"].as_u64().unwrap())
        .collect();
    assert_eq!(excesses, [0, 0, 1, 1, 0, 0, 4, 1]);
    assert_eq!(table[6]["prime"], 19);
    assert_eq!(table[6]["alpha"], "w^3 + 4");
    assert_eq!(table[6]["degree"], 36);
    let text = stdout_of(&["excess", "--to", "7"]);
    assert_eq!(
        text.lines().nth(3).unwrap().split('\t').nth(3),
        Some("w + 1")
    );
    // The primes found before the limit stopped the computation stay printed.
    let stopped = conway(&["excess", "--to", "50", "--max-dimension", "100"]);
    assert!(!stopped.status.success());
    assert!(String::from_utf8_lossy(&stopped.stderr).contains("more than the 100 allowed"));
    assert_eq!(String::from_utf8_lossy(&stopped.stdout).lines().count(), 14);
}

/// `eval` on short games: the printed canonical form, and with `--json` its outcome.
#[test]
fn eval_prints_canonical_forms() {
    let text = |expression: &str| stdout_of(&["eval", expression]);
    for (expression, printed) in [
        ("1/2", "1/2"),
        ("*2", "*2"),
        ("^*", "^*"),
        ("+-1", "+-1"),
        ("{2|-1/2}", "{2|-1/2}"),
        ("3^*", "3^*"),
        ("{0||0|-2}", "Tiny(2)"),
        ("{^^ | ^^}", "^3*"),
        ("{1|0}", "{1|0}"),
        ("-3/8 + 1", "5/8"),
        ("{^ | v} == *", "true"),
    ] {
        assert_eq!(text(expression), printed, "{expression}");
    }
    let report = json(&["eval", "{^ | v} == *", "--json"]);
    assert_eq!(report["value"], true);
    assert_eq!(report["expression"], "{^ | v} == *");
    let report = json(&["eval", "{1|0}", "--json"]);
    assert_eq!(report["value"], "{1|0}");
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["is_number"], false);
    let report = json(&["eval", "-3/8", "--json"]);
    assert_eq!(
        (&report["value"], &report["outcome"], &report["is_number"]),
        (&"-3/8".into(), &"R".into(), &true.into())
    );
    assert_eq!(json(&["eval", "^", "--json"])["outcome"], "L");
    assert_eq!(json(&["eval", "0", "--json"])["outcome"], "P");
    assert_eq!(json(&["eval", "*3 + *5", "--json"])["outcome"], "N");
}

#[test]
fn eval_stops_at_the_memory_limit() {
    fails_with(
        &["eval", "{*100000000 | 0}", "--max-memory", "4M"],
        "column 1: the computation needs more than 4 MiB of memory; ask for less or raise the \
         limit (--max-memory SIZE)",
    );
}

/// Games that keep growing (the canonical form of n·Tiny(1) grows with n) and wide forms (a
/// form of k options costs O(k²) comparisons) stop at the work limit rather than running for
/// hours.
#[test]
fn eval_stops_at_the_work_limit() {
    for (expression, column) in [
        ("1000000000000 * Tiny(1)", 15),
        ("*100000 + {1|0}", 9),
        ("*50000 + ^ + {1|0}", 12),
    ] {
        fails_with(
            &["eval", expression, "--max-positions", "100000"],
            &format!("column {column}: the search needs more than 100000 positions; ask for a smaller position or raise the limit (--max-positions N)"),
        );
    }
}

/// `repl` fed by a pipe: one answer per line, bindings kept, errors printed and the session
/// going on, `:quit` leaving.
#[test]
fn repl_reads_a_pipe() {
    let transcript = play(
        &["repl"],
        "let g = {2 | -1/2}\ng + g\n\nlet h = 1/3\ng <> 1/2\nh\n:quit\n*2\n",
    );
    assert_eq!(
        transcript,
        "{2|-1/2}\n3/2\nerror: column 9: 1/3 is not a dyadic rational: the numbers of short \
         games have a power of 2 below the line\ntrue\nerror: column 1: 'h' has no value; bind it \
         first with let h = ...\n"
    );
    // The end of the input ends the session too.
    assert_eq!(play(&["repl"], "^ + ^"), "^^\n");
}

#[test]
fn rules_document_the_notation() {
    let output = conway(&["rules", "subtraction:1,3,4"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("comma-separated"), "{text}");
    let output = conway(&["rules"]);
    let text = String::from_utf8(output.stdout).unwrap();
    for name in [
        "nim",
        "wythoff",
        "chomp",
        "welter",
        "fibonacci",
        "northcott",
    ] {
        assert!(text.contains(name), "{name} is listed");
    }
}

#[test]
fn bad_input_gets_one_clear_line() {
    fails_with(&["solve", "nimm", "3"], "unknown game 'nimm'");
    fails_with(&["solve", "nim", "3 x 5"], "column 3: 'x' is not a digit");
    fails_with(&["solve", "nim", "-3"], "'-3'");
    fails_with(&["solve", "nim", "99999999999999999999999"], "too large");
    fails_with(&["solve", "chomp", "3 5"], "row 2 is longer");
    fails_with(&["solve", "subtraction:0,2", "5"], "positive");
    fails_with(&["solve", "subtraction", "5"], "give S after a colon");
    fails_with(&["solve", "nim:3", "5"], "takes no parameters");
    fails_with(&["solve", "moore:0", "5"], "at least 1");
    fails_with(&["solve", "welter", "[1|1]"], "two coins on square 1");
    fails_with(&["solve", "silver-dollar", "c.c"], "no silver dollar");
    fails_with(&["solve", "turning-turtles", "HTX"], "'X' is not a coin");
    fails_with(&["solve", "northcott", "W..|.B"], "needs exactly one");
    fails_with(
        &[
            "solve",
            "chomp",
            "30 30 30 30 30 30 30",
            "--max-positions",
            "1000",
        ],
        "more than 1000 positions",
    );
    fails_with(
        &["solve", "lasker", "1000000000"],
        "too large for this game",
    );
    fails_with(
        &["solve", "wythoff", "5,1000000000"],
        "too large for this game",
    );
    fails_with(
        &["solve", "poker-nim", "18446744073709551615 1 / 0 0"],
        "64 bits",
    );
    fails_with(
        &["graph", "nim", "1000000000"],
        "more than 10000000 positions",
    );
    fails_with(&["play", "nim", "1000000000 3"], "too many moves to list");
    fails_with(
        &["seq", "chomp", "--to", "5"],
        "not a game on rows of independent heaps",
    );
    fails_with(
        &["seq", "hexcode:0.8...", "--to", "1000"],
        "ask for fewer heaps (--to) or raise the limit (--max-positions N)",
    );
    fails_with(
        &["eval", "3 + 1/3"],
        "column 5: 1/3 is not a dyadic rational",
    );
    fails_with(
        &["eval", "^ * *2"],
        "column 3: '*' multiplies a game by an integer",
    );
    fails_with(&["eval", "niminv(0)"], "division by zero");
    fails_with(&["eval", "nimprod(1,"], "column");
    fails_with(&["rules", "go"], "unknown game 'go'");
}

#[test]
fn graph_lists_positions_labelled_by_the_kernel() {
    let kernel = |args: &[&str]| -> Vec<String> {
        let graph = json(args);
        graph["positions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|node| node["outcome"] == "P")
            .map(|node| node["position"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(kernel(&["graph", "nim", "1 2", "--json"]), ["1 1", "0 0"]);
    assert_eq!(
        kernel(&["graph", "nim", "1 2", "--misere", "--json"]),
        ["1 0", "0 1"]
    );
    let graph = json(&["graph", "subtraction:1,3,4", "9", "--json"]);
    assert_eq!(graph["positions"].as_array().unwrap().len(), 10);
    let dot = String::from_utf8(conway(&["graph", "nim", "1 1", "--dot"]).stdout).unwrap();
    assert!(dot.starts_with("digraph \"nim 1 1\" {"), "{dot}");
    assert!(dot.contains("[label=\"1 1\", shape=doublecircle]"), "{dot}");
    // Poker Nim's graph has cycles, and its kernel is still Nim's P-positions.
    let poker = kernel(&["graph", "poker-nim", "1 2", "--json"]);
    assert!(poker.contains(&"1 1 / 0 1".to_string()), "{poker:?}");
    assert!(poker.contains(&"0 0 / 1 2".to_string()), "{poker:?}");
    fails_with(
        &[
            "graph",
            "chomp",
            "12 12 12 12 12 12 12",
            "--max-positions",
            "10000",
        ],
        "more than 10000 positions",
    );
}

#[test]
fn closed_forms_answer_where_the_value_is_out_of_reach() {
    let report = json(&[
        "solve",
        "wythoff",
        "600 800",
        "--json",
        "--max-positions",
        "5000",
    ]);
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["value"], Value::Null);
    assert_eq!(report["nim_value"], Value::Null);
    assert!(report["value_unknown"]
        .as_str()
        .unwrap()
        .contains("more than 5000 positions"));
    assert_eq!(report["moves"][0]["to"], "323,523");
    let report = json(&[
        "solve",
        "fibonacci",
        "1000000",
        "--json",
        "--max-positions",
        "2000000",
    ]);
    assert_eq!(report["value"], Value::Null);
    let moves: Vec<&str> = report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["take 55", "take 199", "take 46567", "take 167960"]);
}

/// The transcript of a game of `conway play` that ends well, with `input` typed.
fn play(args: &[&str], input: &str) -> String {
    let output = playing(args, input);
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// Runs `conway play` with `input` typed.
fn playing(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_conway"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A game that ends at once may close its input before all of it is written.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// Bytes that are not UTF-8 on `play`'s standard input were reported as a failure to write
/// the output.
#[test]
fn play_blames_unreadable_input_on_the_input() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_conway"))
        .args(["play", "nim", "3 5 7"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"\xff\n").unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("cannot read your move"), "{error}");
}

#[test]
fn play_against_perfect_play() {
    // The engine takes the winning move from 1 2, and wins whatever we answer.
    let transcript = play(&["play", "nim", "1 2", "--engine-first"], "1\n");
    assert!(
        transcript.contains("I play heap 2: 2 → 1 (take 1) → 1 1"),
        "{transcript}"
    );
    assert!(
        transcript.contains("You cannot move, so I win"),
        "{transcript}"
    );
    // From a lost position the engine says so; moves may be typed as positions.
    let transcript = play(&["play", "nim", "1 2", "--hints"], "1 1\n1\n");
    assert!(transcript.contains("→ 1 1 (wins)"), "{transcript}");
    assert!(
        transcript.contains("(every move loses here)"),
        "{transcript}"
    );
    assert!(
        transcript.contains("I cannot move, so you win"),
        "{transcript}"
    );
    // Bad answers are asked again; the end of the input ends the game.
    let transcript = play(&["play", "subtraction:1,2", "5"], "7\nnonsense\n");
    assert!(
        transcript.contains("'7' is neither a move number (1 to 2)"),
        "{transcript}"
    );
    assert!(transcript.ends_with("Goodbye.\n"), "{transcript}");
    // Games that need not end are played too: Poker Nim's moves include adding chips.
    let transcript = play(&["play", "poker-nim", "1 2 / 1 0"], "1\n");
    assert!(transcript.contains("add 1"), "{transcript}");
    // Northcott's retreats reach P-positions too, but the engine advances, so however the
    // player answers the game ends (it used to go round a cycle for ever).
    let replies = "1\n2\n".repeat(50);
    let transcript = play(
        &["play", "northcott", "W.B|.WB.", "--engine-first"],
        &replies,
    );
    assert!(
        transcript.contains("You cannot move, so I win"),
        "{transcript}"
    );
    // Under misère play Poker Nim can be a draw, and then the engine keeps it.
    let transcript = play(
        &["play", "poker-nim", "2", "--misere", "--engine-first"],
        "",
    );
    assert!(
        transcript.starts_with(
            "2 / 0 0: I play heap 1: take 1 (2 → 1) → 1 / 0 1 (no move wins; this keeps the draw)"
        ),
        "{transcript}"
    );
    // Misère Nim is misère whatever is asked: the one who takes the last chip loses.
    let transcript = play(&["play", "misere-nim", "1"], "1\n");
    assert!(
        transcript.contains("I cannot move, so I win (misère play)"),
        "{transcript}"
    );
    // A limit met inside play names the option that raises it.
    fails_with(
        &[
            "play",
            "chomp",
            "20 20 20 20 20 20 20 20",
            "--engine-first",
            "--max-positions",
            "1000",
        ],
        "--max-positions",
    );
}

#[test]
fn sums_of_different_games() {
    // Example 3.5: G(3) + G(5) + G(7) from (9, 10, 14) has value 3 and two winning moves.
    let report = json(&[
        "solve",
        "subtraction:1,2,3",
        "9",
        "+",
        "subtraction:1,2,3,4,5",
        "10",
        "+",
        "subtraction:1,2,3,4,5,6,7",
        "14",
        "--json",
    ]);
    assert_eq!(
        (report["outcome"].as_str(), report["nim_value"].as_u64()),
        (Some("N"), Some(3))
    );
    assert_eq!(report["value"], "*3");
    let moves: Vec<&str> = report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        [
            "subtraction:1,2,3 6 + subtraction:1,2,3,4,5 10 + subtraction:1,2,3,4,5,6,7 14",
            "subtraction:1,2,3 9 + subtraction:1,2,3,4,5 10 + subtraction:1,2,3,4,5,6,7 13",
        ]
    );
    // Example 3.8's Lasker heaps beside a Nim heap: 2 ⊕ 5 ⊕ 8 ⊕ 15 = 0.
    let report = json(&["solve", "lasker", "2 5 7", "+", "nim", "15", "--json"]);
    assert_eq!(report["outcome"], "P");
    // Poker Nim joins sums by its closed form: 3 ⊕ 3 = 0.
    let report = json(&["solve", "nim", "3", "+", "poker-nim", "3", "--json"]);
    assert_eq!(report["outcome"], "P");
    fails_with(&["solve", "nim", "3", "+"], "write a sum as");
    fails_with(
        &["solve", "nim", "3", "+", "nim", "4", "--misere"],
        "normal play only",
    );
    fails_with(
        &["solve", "nim", "3", "+", "nim", "x"],
        "'x' is not a digit",
    );
    // A negative number in a later component is a bad position, as in the first.
    fails_with(&["solve", "nim", "3", "+", "nim", "-4"], "'-4'");
}

#[test]
fn output_grows_linearly_with_the_position() {
    // 20,000 heaps of 3 and a heap of 1: every heap is a winning move.
    let position = format!("{} 1", vec!["3"; 20_000].join(" "));
    let output = conway(&["solve", "nim", &position, "--json"]);
    assert!(output.status.success());
    assert!(
        output.stdout.len() < 200_000,
        "{} bytes",
        output.stdout.len()
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["move_counts"]["either"], 20_001);
    assert_eq!(report["moves"].as_array().unwrap().len(), 20);
    // A move from so long a position says what it changes, not the whole position.
    assert_eq!(report["moves"][0]["to"], Value::Null);
    assert_eq!(report["moves"][0]["move"], "heap 1: 3 → 2 (take 1)");
    let all = conway(&["solve", "nim", &position, "--json", "--all-moves"]);
    assert!(all.stdout.len() < 2_000_000, "{} bytes", all.stdout.len());
    // The same row as a component of a sum: each move names the component, not all of it.
    let threes = vec!["3"; 20_000].join(" ");
    let sum = conway(&[
        "solve",
        "nim",
        &threes,
        "+",
        "nim",
        "1",
        "--json",
        "--all-moves",
    ]);
    assert!(sum.status.success());
    assert!(sum.stdout.len() < 2_000_000, "{} bytes", sum.stdout.len());
    let report: Value = serde_json::from_slice(&sum.stdout).unwrap();
    assert_eq!(report["move_counts"]["either"], 20_001);
    assert_eq!(
        report["moves"][0]["move"],
        "component 1 (nim): heap 1: 3 → 2 (take 1)"
    );
    // Playing it would mean holding 120,000 positions of 40,000 heaps: refused, not tried.
    let position40 = format!("{} 1", vec!["3"; 40_000].join(" "));
    fails_with(&["play", "nim", &position40], "too many moves to list");
    // Sixty thousand heaps are no harder, even listing every move: each position is written
    // out and dropped as it is found (holding them all would take 29 GB).
    let position = format!("{} 1", vec!["3"; 60_000].join(" "));
    assert!(conway(&["solve", "nim", &position, "--all-moves"])
        .status
        .success());
}

#[test]
fn limits_bound_memory_for_large_positions() {
    // Wide positions: their options would be built whole before any other check, so the
    // limits are checked against what listing them would take, before they are built.
    let pairs: Vec<String> = (0..3000)
        .map(|i| format!("{},{}", i % 50, i % 37))
        .collect();
    // Their value is known, so the report gives it and marks the moves unknown.
    let report = json(&[
        "solve",
        "wythoff",
        &pairs.join(" "),
        "--max-memory",
        "100M",
        "--json",
    ]);
    assert_eq!(report["nim_value"], 61);
    assert!(report["move_counts"].is_null());
    assert!(report["moves_unknown"]
        .as_str()
        .is_some_and(|why| why.contains("more than")));
    // A P-position has no winning moves to look for; an N-position's are past the limit.
    let heaps = vec!["50"; 20_000].join(" ");
    let report = json(&["solve", "lasker", &heaps, "--json"]);
    assert_eq!(report["move_counts"]["either"], 0);
    let heaps = vec!["50"; 20_001].join(" ");
    let report = json(&["solve", "lasker", &heaps, "--json"]);
    assert_eq!(report["nim_value"], 50);
    assert!(report["moves_unknown"]
        .as_str()
        .is_some_and(|why| why.contains("more than")));
    fails_with(
        &["graph", "wythoff", "1048576 1048576", "--max-memory", "10M"],
        "more than 10 MiB of memory",
    );
    // A 4 KB strip: every position counts for its size, so the limit stops it soon.
    let strip = format!("{}S", ".c".repeat(2000));
    fails_with(&["solve", "silver-dollar", &strip], "more than");
    // Long Chomp boards count for their size as well.
    let rows = vec!["1"; 20_000].join(" ");
    fails_with(
        &["solve", "chomp", &rows, "--max-positions", "100000"],
        "more than 100000 positions",
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Read;
    // Every one of 40,001 heaps is a winning move: a megabyte of text.
    let position = format!("{} 1", vec!["3"; 40_000].join(" "));
    let mut child = Command::new(env!("CARGO_BIN_EXE_conway"))
        .args(["solve", "nim", &position, "--all-moves"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The reader has gone; the rest of the output meets a closed pipe.
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.status.success(), "{stderr}");
}

#[test]
fn thermograph_prints_walls_mean_and_temperature() {
    let output = conway(&["thermograph", "{2 | -1/2}"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.starts_with("{2|-1/2}\n"), "{text}");
    assert!(text.contains("left wall:   (-1, 3) (5/4, 3/4)"), "{text}");
    assert!(
        text.contains("right wall:  (-1, -1) (-1/2, -1) (5/4, 3/4)"),
        "{text}"
    );
    assert!(text.contains("mean:        3/4"), "{text}");
    assert!(text.contains("temperature: 5/4"), "{text}");
    let report = json(&["thermograph", "+-1", "--json"]);
    assert_eq!(report["value"], "+-1");
    assert_eq!(report["mean"], "0");
    assert_eq!(report["temperature"], "1");
    assert_eq!(report["left_stop"], "1");
    assert_eq!(report["right_stop"], "-1");
    assert_eq!(
        report["left_wall"],
        serde_json::json!([["-1", "2"], ["1", "0"]])
    );
    assert_eq!(
        report["right_wall"],
        serde_json::json!([["-1", "-2"], ["1", "0"]])
    );
    // The expression language: slashes, Tiny, sums. {3 || 2 | 0} has walls 3 − t and 2 that
    // meet at temperature 1; Tiny(2) is infinitesimal and changes neither mean nor temperature.
    let report = json(&["thermograph", "Tiny(2) + {3 || 2 | 0}", "--json"]);
    assert_eq!(report["mean"], "2");
    assert_eq!(report["temperature"], "1");
    assert_eq!(
        report["left_wall"],
        serde_json::json!([["-1", "4"], ["1", "2"]])
    );
}

/// The canonical form of a sum of many switches is exponentially longer than the store that
/// holds it: the report leaves it out (it once printed it whole, past the memory limit).
#[test]
fn thermograph_leaves_out_a_form_too_long_to_print() {
    let switches: Vec<String> = (1..=20).map(|k| format!("+-{k}")).collect();
    let report = json(&["thermograph", &switches.join(" + "), "--json"]);
    assert_eq!(report["value"], serde_json::Value::Null);
    assert_eq!(report["temperature"], "20");
}

#[test]
fn thermograph_draws_svg() {
    let path = std::env::temp_dir().join(format!("conway-thermograph-{}.svg", std::process::id()));
    let output = conway(&["thermograph", "{1 | *}", "--svg", path.to_str().unwrap()]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let picture = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox="));
    assert_eq!(picture.matches("<polyline").count(), 2, "two walls");
    assert!(picture.contains(">mean 1/2<") && picture.contains(">temperature 1/2<"));
    fails_with(&["thermograph", "{1 | "], "column");
    fails_with(
        &["thermograph", "1", "--svg", "/nonexistent-dir/picture.svg"],
        "cannot write",
    );
    fails_with(
        &[
            "thermograph",
            "+-1 + +-2 + +-3 + +-4",
            "--max-positions",
            "10",
        ],
        "--max-positions",
    );
}

#[test]
fn coin_turning_games_are_rulesets() {
    // Exercise 4.3 in the coins' notation: three winning moves, each the coins it turns.
    let report = json(&["solve", "coins:mock-turtles", "0 1 2 4 6", "--json"]);
    assert_eq!(report["nim_value"], 2);
    let moves: Vec<&str> = report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        [
            "turn coin 1",
            "turn coins 6, 5 and 2",
            "turn coins 6, 4 and 3"
        ]
    );
    let report = json(&["solve", "coins:ruler", "12", "--json"]);
    assert_eq!(report["nim_value"], 4);
    // A closed form answers at once for a far head.
    let report = json(&["solve", "coins:ruler", "1000000000000", "--json"]);
    assert_eq!(
        (
            report["nim_value"].as_u64(),
            report["move_counts"]["either"].as_u64()
        ),
        (Some(4096), Some(1))
    );
    // Exercise 4.10: Mock Turtles × Ruler, value 15 and five winning moves.
    let report = json(&[
        "solve",
        "tartan:mock-turtles*ruler",
        "(0,2) (4,8)",
        "--json",
    ]);
    assert_eq!(
        (
            report["nim_value"].as_u64(),
            report["move_counts"]["either"].as_u64()
        ),
        (Some(15), Some(5))
    );
    let report = json(&["solve", "turning-corners", "(1,3) (3,2) (4,4)", "--json"]);
    assert_eq!(
        report["moves"][0]["move"],
        "turn coins (4,4), (4,3), (3,4) and (3,3)"
    );
    let report = json(&["solve", "moving-twins", "(1,3) (3,2) (4,4)", "--json"]);
    assert_eq!(report["move_counts"]["either"], 3);
    // In a sum, and under misère play by search.
    let report = json(&[
        "solve",
        "coins:twins",
        "2 4 5 8",
        "+",
        "nim",
        "11",
        "--json",
    ]);
    assert_eq!(report["outcome"], "P");
    let report = json(&["solve", "coins:mock-turtles", "0 1", "--misere", "--json"]);
    assert_eq!(report["outcome"], "N");
    fails_with(&["solve", "coins:ruler", "0"], "numbered from 1");
    fails_with(&["solve", "coins:twins", "3 3"], "written twice");
    fails_with(&["solve", "coins:grunt", "1000000"], "too far");
    fails_with(
        &["solve", "coins:rulers", "3"],
        "unknown coin game 'rulers'",
    );
    fails_with(
        &["solve", "tartan:mock*ruler", "(1,2)"],
        "unknown coin game 'mock'",
    );
    fails_with(&["solve", "tartan:ruler", "(1,2)"], "G1*G2");
    fails_with(&["solve", "tartan:ruler*ruler", "(1,2"], "no ')'");
    fails_with(&["solve", "tartan:ruler*ruler", "(1 2)"], "with a comma");
    fails_with(&["solve", "turning-corners", "1,2"], "(row,column)");
}

#[test]
fn solve_finds_draws_in_games_that_need_not_end() {
    // Misère Poker Nim from one heap of 2: taking both loses at once, so the mover takes one,
    // the other must take the last, adds it back, and so on for ever.
    let report = json(&["solve", "poker-nim", "2", "--misere", "--json"]);
    assert_eq!(report["outcome"], "D");
    // Nothing wins: the one best move keeps the draw.
    assert_eq!(report["move_counts"]["either"], 1);
    assert_eq!(report["moves"][0]["to"], "1 / 0 1");
    assert_eq!(report["moves"].as_array().unwrap().len(), 1);
    // From one heap of 1 the mover must take the last chip, and loses.
    assert_eq!(
        json(&["solve", "poker-nim", "1", "--misere", "--json"])["outcome"],
        "P"
    );
    let text = conway(&["solve", "poker-nim", "2", "--misere"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("outcome: D"), "{text}");
    assert!(text.contains("drawing moves (1)"), "{text}");
}

/// Writes `text` to a file of its own in the temporary directory and returns its path.
fn graph_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("conway-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn graph_reads_a_file_and_gives_outcomes_gamma_and_a_kernel() {
    // Ferguson's cycle (spec §1 example 2 and §3 example 2).
    let file = graph_file("ferguson", "a -> b\nb -> c  # on round\nc -> a d\nd -> e\n");
    let report = json(&["graph", &file, "--json"]);
    let column = |field: &str| -> Vec<String> {
        report["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|node| node[field].to_string().trim_matches('"').to_string())
            .collect()
    };
    assert_eq!(column("position"), ["a", "b", "c", "d", "e"]);
    assert_eq!(column("outcome"), ["D", "D", "D", "N", "P"]);
    assert_eq!(column("gamma"), ["inf", "inf", "inf(1)", "1", "0"]);
    assert_eq!(column("depth"), ["null", "null", "null", "1", "0"]);
    // The draws form a 3-cycle with no way out: there is no kernel.
    assert_eq!(report["kernel"], Value::Null);
    assert!(report["kernel_reason"]
        .as_str()
        .unwrap()
        .contains("no kernel"));
    let misere = json(&["graph", &file, "--misere", "--json"]);
    let outcomes: Vec<&str> = misere["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| node["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["N", "P", "N", "P", "N"]);
    assert_eq!(misere["positions"][0]["depth"], 4);
    assert_eq!(misere["kernel"], serde_json::json!(["b", "d"]));
    // A sum: c + d is ∞({0}), won only by c → d; c + c is a draw.
    let sum = json(&["graph", &file, "--sum", "c,d", "--json"]);
    assert_eq!(
        (sum["outcome"].as_str(), sum["gamma"].as_str()),
        (Some("N"), Some("inf(0)"))
    );
    assert_eq!(
        sum["winning_moves"],
        serde_json::json!([{"token": 1, "from": "c", "to": "d"}])
    );
    let sum = json(&["graph", &file, "--sum", "c,c", "--json"]);
    assert_eq!(sum["outcome"], "D");
    assert_eq!(sum["drawing_moves"].as_array().unwrap().len(), 2);
    let text = String::from_utf8(conway(&["graph", &file]).stdout).unwrap();
    assert!(text.contains("  D  inf(1)  c  → a · d"), "{text}");
    assert!(text.contains("kernel: none"), "{text}");
    // Mistakes name what is wrong.
    fails_with(&["graph", &file, "--sum", "c,x"], "no vertex named `x`");
    fails_with(&["graph", &file, "--sum", "c", "--misere"], "normal play");
    fails_with(&["graph", "nim"], "give a position too");
    fails_with(&["graph", "nim", "3", "--sum", "a"], "graph file");
    let bad = graph_file("bad", "a -> b\nb c\n");
    fails_with(&["graph", &bad], "line 2");
}

#[test]
fn graph_of_a_file_agrees_with_the_graph_of_a_ruleset() {
    // The game graph of a position, written out as a file, gives the same answers.
    let report = json(&["graph", "subtraction:1,3,4", "12", "--json"]);
    let nodes = report["positions"].as_array().unwrap();
    let name = |i: &Value| {
        nodes[i.as_u64().unwrap() as usize]["position"]
            .as_str()
            .unwrap()
    };
    let text: String = nodes
        .iter()
        .map(|node| {
            let options: Vec<&str> = node["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(name)
                .collect();
            format!(
                "{} -> {}\n",
                node["position"].as_str().unwrap(),
                options.join(" ")
            )
        })
        .collect();
    let from_file = json(&["graph", &graph_file("subtraction", &text), "--json"]);
    assert_eq!(from_file["positions"], report["positions"]);
    assert_eq!(from_file["kernel"], report["kernel"]);
    // Heap 12 of the period 0 1 0 1 2 3 2 (Example 1.5).
    assert_eq!(report["positions"][0]["gamma"], "3");
}

#[test]
fn graph_reads_partizan_files() {
    // Spec §6 example 2: a = P, b = (Left, Draw), c = (Draw, Draw).
    let file = graph_file("partizan", "a ->|\nb -> a | c\nc -> b | c\n");
    let report = json(&["graph", &file, "--json"]);
    let outcomes: Vec<&str> = report["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| node["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["P", "LD", "D"]);
    assert_eq!(report["positions"][1]["right_starts"], "Draw");
    fails_with(&["graph", &file, "--sum", "a"], "partizan");
}

#[test]
fn graph_gives_partizan_vertices_their_loopy_values() {
    // over = {0 | pass}, dud = {pass | pass}, tis = {tisn |}, tisn = {| tis}.
    let file = graph_file(
        "loopy-values",
        "o -> z | o\nz ->|\nd -> d | d\nt -> n |\nn -> | t\n",
    );
    let report = json(&["graph", &file, "--json"]);
    let values: Vec<&str> = report["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| node["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["over", "0", "dud", "tis", "tisn"]);
    let text = stdout_of(&["graph", &file]);
    assert!(text.contains("o  { z | o }  = over"), "{text}");
    // Under misère play a loopy game has no value that adds.
    let misere = json(&["graph", &file, "--json", "--misere"]);
    assert!(misere["positions"][0]["value"].is_null());
}

#[test]
fn loopy_partizan_rulesets_are_solved_moved_and_played() {
    // TT.F is on and T.FF is off: their sum is dud, where every move keeps the draw.
    let report = json(&[
        "solve",
        "backsliding-toads",
        "TT.F",
        "+",
        "backsliding-toads",
        "T.FF",
        "--json",
    ]);
    assert_eq!(report["kind"], "loopy-partizan");
    assert_eq!(
        (&report["outcome"], &report["value"]),
        (&serde_json::json!("D"), &serde_json::json!("dud"))
    );
    assert_eq!(
        report["move_counts"],
        serde_json::json!({"left": 2, "right": 2})
    );
    let text = stdout_of(&["solve", "backsliding-toads", "TT.F T.FF"]);
    assert!(text.contains("Left moving first: drawing moves (2), each keeping the draw"));
    // A loopy value beside a short game, and a value with a named position inside.
    let sum = json(&[
        "solve",
        "backsliding-toads",
        "T..F",
        "+",
        "toads",
        "T.F",
        "--json",
    ]);
    assert_eq!(
        (&sum["outcome"], &sum["value"]),
        (&serde_json::json!("P"), &serde_json::json!("0"))
    );
    let fox = json(&["solve", "fox-and-geese", "F...|....|..G.|...G", "--json"]);
    assert_eq!(fox["value"], "{3|off}");
    // Each move with the loopy value it leads to.
    let moves = json(&[
        "moves",
        "fox-and-geese",
        "F...|....|..G.|...G",
        "--as",
        "right",
        "--json",
    ]);
    assert_eq!(moves["moves"][0]["value"], "off");
    // Perfect play traps the fox.
    let transcript = play(
        &[
            "play",
            "fox-and-geese",
            "F...|....|..G.|...G",
            "--as",
            "right",
            "--engine-first",
        ],
        "",
    );
    assert!(
        transcript.contains("You (Right) cannot move, so I win"),
        "{transcript}"
    );
    // Misère play on the game graph, without a value.
    let misere = json(&["solve", "backsliding-toads", "..TFT", "--misere", "--json"]);
    assert_eq!(
        (&misere["outcome"], &misere["value"]),
        (&serde_json::json!("D"), &Value::Null)
    );
    fails_with(&["solve", "fox-and-geese", "..|..."], "row 2 has 3 squares");
}

#[test]
fn graph_plays_tokens_as_compounds() {
    // Subtraction {1, 2} on heaps 0..12 (spec §5's worked examples, oracles 25-30).
    let text: String = (0..=12u32)
        .map(|n| {
            let moves: Vec<String> = [1, 2]
                .iter()
                .filter(|&&t| t <= n)
                .map(|t| (n - t).to_string())
                .collect();
            format!("{n} -> {}\n", moves.join(" "))
        })
        .collect();
    let file = graph_file("subtraction-12", &text);
    let compound = |tokens: &str, kind: &str| {
        json(&[
            "graph",
            &file,
            "--sum",
            tokens,
            "--compound",
            kind,
            "--json",
        ])
    };
    assert_eq!(compound("3,4", "conjunctive")["outcome"], "P");
    assert_eq!(compound("1,6,10", "conjunctive")["outcome"], "N");
    assert_eq!(compound("1,6,10", "continued")["outcome"], "N");
    let selective = compound("1,6,10", "selective");
    assert_eq!(
        selective["winning_moves"],
        serde_json::json!([["0", "6", "9"]])
    );
    assert_eq!(selective["method"], "closed_rule");
    assert_eq!(compound("3,6,9", "selective")["outcome"], "P");
    assert_eq!(compound("3,5,7", "d-product:1")["outcome"], "P");
    assert_eq!(compound("4,3,3", "d-product:1")["outcome"], "N");
    assert_eq!(compound("3,4,7", "d-product:1,2")["outcome"], "P");
    assert_eq!(compound("3,4,6", "d-product:1,2,3")["outcome"], "P");
    // The disjunctive sum by γ: Fraenkel's (1, 6, 10) is P.
    assert_eq!(
        json(&["graph", &file, "--sum", "1,6,10", "--json"])["outcome"],
        "P"
    );
    // On a cycle no closed rule applies: the compound's own graph decides.
    let cycle = graph_file("cycle", "a -> b\nb -> a\nb -> t\n");
    let report = json(&[
        "graph",
        &cycle,
        "--sum",
        "a,a",
        "--compound",
        "conjunctive",
        "--json",
    ]);
    assert_eq!(report["method"], "product_graph");
    fails_with(
        &["graph", &file, "--sum", "1,2", "--compound", "d-product:3"],
        "core",
    );
    // A mistyped command line gets clap's usage help.
    let output = conway(&["graph", &file, "--sum", "1,2", "--compound", "sideways"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("'sideways' is not a compound"));
}

#[test]
fn peak_memory_is_measured_for_the_child_alone() {
    let (output, peak) = conway_peak(&["solve", "nim", "3 5"]);
    assert!(output.status.success());
    assert!(peak > 1 << 20, "a process holds at least a MiB: {peak}");
    assert!(
        peak < PROCESS_OVERHEAD_MIB << 20,
        "a small answer fits the overhead allowed: {} MiB",
        peak >> 20
    );
    assert!(within_memory(&["solve", "nim", "3 5"], 1).status.success());
}

#[test]
fn ordinal_nim_is_solved_and_played_without_listing_its_moves() {
    let report = json(&["solve", "ordinal-nim", "w + 3, 5", "--json"]);
    assert_eq!(report["value"], "*(w + 6)");
    assert_eq!(report["moves"][0]["to"], "5, 5");
    assert_eq!(report["move_counts"]["either"], 1);
    assert_eq!(
        json(&["solve", "ordinal-nim", "w, w", "--json"])["outcome"],
        "P"
    );
    // Finite heaps have finitely many moves, each valued.
    let moves = json(&["moves", "ordinal-nim", "2, 3", "--json"]);
    assert_eq!(moves["total"], 5);
    assert_eq!(moves["moves"][4]["value"], "0");
    fails_with(&["moves", "ordinal-nim", "w, 3"], "infinitely many");
    fails_with(
        &["solve", "ordinal-nim", "w", "+", "nim", "3"],
        "nim value is infinite",
    );
    fails_with(&["solve", "ordinal-nim", "w", "--misere"], "not supported");
    fails_with(&["solve", "ordinal-nim", "w, x"], "column 4");
    // The engine finds the winning move from a heap of ω·2; the player's typed move is
    // checked, and a move that is not one is refused.
    let transcript = play(
        &["play", "ordinal-nim", "w*2, w + 3", "--engine-first"],
        "w, 3\n3, 3\n2, 3\n",
    );
    assert!(
        transcript.contains("I play heap 1: w*2 → w + 3"),
        "{transcript}"
    );
    assert!(
        transcript.contains("'w, 3' is not a position one move away"),
        "{transcript}"
    );
    assert!(
        transcript.contains("w + 3, w + 3: your move (the moves are too many to list"),
        "{transcript}"
    );
    let lost = play(&["play", "ordinal-nim", "w, w"], "w, 7\n");
    assert!(lost.contains("I play heap 1: w → 7"), "{lost}");
}

/// The review: `nimprod(w^(w^26), 1)` needed a field of 221,169 coefficients and was
/// refused (and `nimprod(w^(w^100), 1)` ran for minutes), though neither needs any
/// reduction; a heap written as `nimsum(1, 2)` was split at its comma; a finite heap past
/// 2^64 was said to have infinitely many moves.
#[test]
fn products_that_need_no_field_are_made_term_by_term() {
    assert_eq!(stdout_of(&["ordinal", "nimprod(w^(w^26), 1)"]), "w^w^26");
    assert_eq!(stdout_of(&["ordinal", "nimprod(w^(w^100), 1)"]), "w^w^100");
    assert_eq!(
        stdout_of(&["ordinal", "nimprod(w^(w^13), w)"]),
        "w^(w^13 + 1)"
    );
    assert_eq!(
        stdout_of(&["ordinal", "nimprod(w^(w^13) + w, w^(w^13) + w)"]),
        "w^(w^13*2) + w^2"
    );
    assert_eq!(
        stdout_of(&["ordinal", "nimpow(w^(w^26), 107)"]),
        "w^w^14 + 1"
    );
    let report = json(&["solve", "ordinal-nim", "nimsum(1, 2), 3", "--json"]);
    assert_eq!(report["outcome"], "P");
    fails_with(
        &["moves", "ordinal-nim", "18446744073709551616"],
        "too many moves",
    );
    let huge = json(&["solve", "ordinal-nim", "18446744073709551616, 3", "--json"]);
    assert_eq!(huge["value"], "*18446744073709551619");
}
