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
