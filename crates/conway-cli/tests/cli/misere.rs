//! `conway misere` and `solve --misere` from misère quotients, as a user meets them.

use super::{conway, stdout_of, within_memory};
use serde_json::Value;

#[test]
fn misere_prints_the_quotient_in_one_schema() {
    let report: Value =
        serde_json::from_str(&stdout_of(&["misere", "kayles", "--heaps", "12", "--json"])).unwrap();
    assert_eq!(report["order"], 24);
    assert_eq!(
        report["growth"],
        serde_json::json!([1, 2, 6, 6, 6, 12, 12, 12, 12, 18, 18, 18, 24])
    );
    assert_eq!(report["heap_elements"].as_array().unwrap().len(), 13);
    assert_eq!(
        report["generators"][0],
        serde_json::json!({"name": "a", "heap": 1})
    );
    assert!(report["heap_genera"].is_null());
    let text = stdout_of(&["misere", "nim", "--heaps", "3", "--genus"]);
    assert!(text.contains("relations: a^2 = 1, b^3 = b"), "{text}");
    assert!(text.contains("\n3\tab\t3^31"), "{text}");
}

#[test]
fn misere_of_a_game_without_heaps_says_so() {
    let output = conway(&["misere", "domineering", "--heaps", "3"]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("misère quotients are of games on rows of heaps"),
        "{error}"
    );
    assert!(output.stdout.is_empty());
    let output = conway(&["misere", "kayles", "--heaps", "5000"]);
    assert!(!output.status.success());
}

#[test]
fn misere_quotients_keep_to_the_memory_limit() {
    // 0.26's quotient keeps growing: it stops at the limit rather than pass it.
    let args = [
        "misere",
        "octal:0.26",
        "--heaps",
        "300",
        "--max-positions",
        "1000000000",
    ];
    let output = within_memory(&args, 16);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("memory"));
}

#[test]
fn solve_misere_answers_ten_thousand_heaps_from_the_quotient() {
    let heaps: Vec<String> = (0..10_000).map(|i| (i % 30 + 1).to_string()).collect();
    let row = heaps.join(" ");
    let output = within_memory(&["solve", "kayles", &row, "--misere", "--json"], 32);
    assert!(output.status.success());
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["play"], "misere");
    let count = report["move_counts"]["either"].as_u64().unwrap();
    assert_eq!(report["outcome"], if count > 0 { "N" } else { "P" });
    // Six heaps of 20, past a search within 16 MiB, are answered at once.
    let output = within_memory(&["solve", "kayles", "20 20 20 20 20 20", "--misere"], 16);
    assert!(output.status.success());
}

#[test]
fn misere_says_up_to_which_heap_a_game_is_tame() {
    let report: Value =
        serde_json::from_str(&stdout_of(&["misere", "kayles", "--heaps", "6", "--json"])).unwrap();
    assert_eq!(report["tame_through"], 4);
    assert_eq!(
        report["tame_genera"],
        serde_json::json!(["0^120", "1^031", "2^20", "3^31", "1^031"])
    );
    let text = stdout_of(&["misere", "kayles", "--heaps", "6"]);
    assert!(
        text.contains("wild from heap 5: positions of heaps up to 4"),
        "{text}"
    );
    assert!(text.contains("\n4\ta\t1^031\n5\tc\t-\n"), "{text}");
    let text = stdout_of(&["misere", "nim", "--heaps", "5"]);
    assert!(
        text.contains("tame: every position plays as misère Nim"),
        "{text}"
    );
}

/// A reader that has gone stops the quotient: `misere nim --heaps 1024` would otherwise work
/// on for many minutes after `| head -1`.
#[test]
fn a_closed_pipe_stops_a_misere_quotient() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_conway"))
        .args(["misere", "nim", "--heaps", "1024"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("still computing two minutes after its reader went");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn a_command_line_refused_under_json_is_json() {
    let output = conway(&["misere", "kayles", "--heaps", "abc", "--json"]);
    assert_eq!(output.status.code(), Some(2));
    let body: Value = serde_json::from_slice(&output.stdout).unwrap();
    let error = body["error"].as_str().unwrap();
    assert!(error.contains("invalid value 'abc'"), "{error}");
    assert_eq!(
        (body["column"].clone(), body["limit"].clone()),
        (Value::Null, Value::Null)
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("invalid value"));
    let help = conway(&["misere", "--help", "--json"]);
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("Usage"));
}
