//! Defects of `conway graph` found in review: each test fails on the code as it was.

use super::{conway, fails_with, graph_file, json, within_memory};
use serde_json::Value;

/// The moves of a compound report under `field`, each as its tokens' vertices, sorted.
fn sorted_moves(report: &Value, field: &str) -> Vec<Vec<String>> {
    let mut moves: Vec<Vec<String>> = report[field]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            m.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    moves.sort();
    moves
}

fn pairs(list: &[[&str; 2]]) -> Vec<Vec<String>> {
    list.iter()
        .map(|p| p.iter().map(|s| s.to_string()).collect())
        .collect()
}

/// The one line a failing command writes, checked to be one line with a non-zero exit.
fn failure(args: &[&str]) -> String {
    let output = conway(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!output.status.success(), "{args:?} should fail");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    stderr
}

#[test]
fn d_product_lists_moves_where_other_tokens_move_too() {
    // Core b wins by moving to c or a; the other token, on x, may stay or move to y.
    let file = graph_file("review-dprod-win", "a -> b\nb -> a c\nx -> y\n");
    let args = ["graph", &file, "--sum", "b,x", "--compound", "d-product:1"];
    let report = json(&[&args[..], &["--json"]].concat());
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["method"], "product_graph");
    assert_eq!(
        sorted_moves(&report, "winning_moves"),
        pairs(&[["a", "x"], ["a", "y"], ["c", "x"], ["c", "y"]])
    );
    // The quickest win comes first: to c, which ends the game.
    assert_eq!(report["winning_moves"][0][0], "c");
    // The draw on a ⇄ b keeps with a move to b, and x may stay or move.
    let file = graph_file("review-dprod-draw", "a -> b\nb -> a\nx -> y\n");
    let args = ["graph", &file, "--sum", "a,x", "--compound", "d-product:1"];
    let report = json(&[&args[..], &["--json"]].concat());
    assert_eq!(report["outcome"], "D");
    assert_eq!(
        sorted_moves(&report, "drawing_moves"),
        pairs(&[["b", "x"], ["b", "y"]])
    );
    let text = String::from_utf8(conway(&args).stdout).unwrap();
    assert!(text.contains("drawing moves (2)"), "{text}");
}

#[test]
fn kernel_unique_is_decided_where_the_graph_has_draws() {
    // a → b c, b → c, c → a: all draws, an odd cycle, and the only kernel is {c}.
    let chord = graph_file("review-chord", "a -> b c\nb -> c\nc -> a\n");
    let report = json(&["graph", &chord, "--json"]);
    assert_eq!(report["kernel"], serde_json::json!(["c"]));
    assert_eq!(report["kernel_unique"], true);
    let text = String::from_utf8(conway(&["graph", &chord]).stdout).unwrap();
    assert!(text.contains("the kernel (1): c"), "{text}");
    // a ⇄ b: {a} and {b} are both kernels.
    let two = graph_file("review-two-cycle", "a -> b\nb -> a\n");
    assert_eq!(json(&["graph", &two, "--json"])["kernel_unique"], false);
    // With too little work to look for a second kernel, uniqueness is unknown.
    let report = json(&["graph", &chord, "--json", "--max-positions", "4"]);
    assert_eq!(report["kernel"], serde_json::json!(["c"]));
    assert_eq!(report["kernel_unique"], Value::Null);
}

#[test]
fn a_hash_inside_a_name_is_an_error_not_a_comment() {
    let file = graph_file("review-hash", "a# -> b\n");
    let message = failure(&["graph", &file]);
    assert!(message.contains("line 1, column 2"), "{message}");
    assert!(message.contains('#'), "{message}");
    // A comment after a space still works.
    let file = graph_file("review-comment", "a -> b # b is terminal\n#c -> d\n");
    let report = json(&["graph", &file, "--json"]);
    assert_eq!(report["positions"].as_array().unwrap().len(), 2);
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_first_name() {
    let file = graph_file("review-bom", "\u{feff}a -> b\n");
    let report = json(&["graph", &file, "--json"]);
    assert_eq!(report["positions"][0]["position"], "a");
    assert_eq!(
        json(&["graph", &file, "--sum", "a", "--json"])["outcome"],
        "N"
    );
}

#[test]
fn control_characters_in_names_are_refused_with_line_and_column() {
    let file = graph_file("review-nul", "x -> y\na\0b -> c\n");
    let message = failure(&["graph", &file]);
    assert!(message.contains("line 2, column 2"), "{message}");
    let file = graph_file("review-bell", "a -> b\u{7}\n");
    fails_with(&["graph", &file], "line 1, column 7");
}

/// A 2-cycle with an exit: no closed rule, so compounds of it need the product graph.
fn loopy_file() -> String {
    graph_file("review-loopy", "a -> b\nb -> a\nb -> t\n")
}

#[test]
fn compound_past_a_limit_names_the_option_that_raises_it() {
    let file = loopy_file();
    let compound = [
        "graph",
        &file,
        "--sum",
        "a,a,a",
        "--compound",
        "conjunctive",
    ];
    fails_with(
        &[&compound[..], &["--max-positions", "10"]].concat(),
        "--max-positions",
    );
    // Two tokens on a cycle of 3000 vertices: 9 * 10^6 positions, more than 50 MiB.
    let cycle: String = (0..3000)
        .map(|v| format!("v{v} -> v{}\n", (v + 1) % 3000))
        .collect();
    let file = graph_file("review-cycle-pair", &cycle);
    fails_with(
        &[
            "graph",
            &file,
            "--sum",
            "v1,v2",
            "--compound",
            "conjunctive",
            "--max-positions",
            "1000000000",
            "--max-memory",
            "50M",
        ],
        "--max-memory",
    );
}

#[test]
fn compound_past_what_a_graph_can_number_says_what_to_do() {
    // A cycle of 3000 vertices: three tokens make 2.7 * 10^10 positions.
    let cycle: String = (0..3000)
        .map(|v| format!("v{v} -> v{}\n", (v + 1) % 3000))
        .collect();
    let file = graph_file("review-long-cycle", &cycle);
    let message = failure(&[
        "graph",
        &file,
        "--sum",
        "v1,v2,v3",
        "--compound",
        "selective",
    ]);
    assert!(message.contains("fewer tokens"), "{message}");
    assert!(!message.contains("raise the limit"), "{message}");
}

#[test]
fn d_product_core_message_counts_tokens_from_1() {
    let file = loopy_file();
    let message = failure(&["graph", &file, "--sum", "a,b", "--compound", "d-product:3"]);
    assert!(message.contains("token 3"), "{message}");
    assert!(!message.contains("[2]"), "{message}");
}

#[test]
fn misere_compound_is_refused_with_a_message_about_compounds() {
    let file = loopy_file();
    let message = failure(&[
        "graph",
        &file,
        "--sum",
        "a,b",
        "--compound",
        "conjunctive",
        "--misere",
    ]);
    assert!(message.contains("--compound"), "{message}");
    assert!(!message.contains("parts' values"), "{message}");
}

/// Runs `graph FILE` (text and JSON) within `limit_mib` of memory: it must either answer or
/// refuse with the memory message.
fn graph_within(file: &str, limit_mib: u64) -> Vec<bool> {
    [&[][..], &["--json"][..]]
        .iter()
        .map(|extra| {
            let args = [&["graph", file][..], extra].concat();
            let output = within_memory(&args, limit_mib);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                output.status.success() || stderr.contains("--max-memory"),
                "{args:?}: {stderr}"
            );
            output.status.success()
        })
        .collect()
}

#[test]
fn max_memory_bounds_the_graph_of_a_long_chain() {
    let chain: String = (0..200_000)
        .map(|v| format!("v{v} -> v{}\n", v + 1))
        .collect();
    let file = graph_file("review-chain", &chain);
    assert_eq!(graph_within(&file, 20), [false, false]);
    assert_eq!(graph_within(&file, 64), [true, true]);
}

#[test]
fn max_memory_bounds_the_graph_of_a_dense_file() {
    let n = 1000;
    let complete: String = (0..n)
        .map(|v| {
            let others: Vec<String> = (0..n).filter(|&w| w != v).map(|w| w.to_string()).collect();
            format!("{v} -> {}\n", others.join(" "))
        })
        .collect();
    let file = graph_file("review-complete", &complete);
    assert_eq!(graph_within(&file, 20), [false, false]);
    assert_eq!(graph_within(&file, 80), [true, true]);
}
