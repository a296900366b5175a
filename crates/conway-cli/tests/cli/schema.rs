//! `solve` prints one schema, whatever the kind of game: the same fields for an impartial
//! position, a partizan one, one that may loop, and a sum of different kinds.

use super::json;
use serde_json::Value;

/// The fields of a report, sorted.
fn fields(report: &Value) -> Vec<String> {
    let mut keys: Vec<String> = report.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    keys
}

#[test]
fn solve_prints_one_schema_for_every_kind() {
    let reports = [
        ("impartial", json(&["solve", "nim", "3 5", "--json"])),
        (
            "partizan",
            json(&["solve", "domineering", "..|..", "--json"]),
        ),
        (
            "loopy",
            json(&["solve", "poker-nim", "2", "--misere", "--json"]),
        ),
        (
            "partizan",
            json(&["solve", "nim", "3", "+", "domineering", "...|...", "--json"]),
        ),
    ];
    let expected = fields(&reports[0].1);
    for (kind, report) in &reports {
        assert_eq!(fields(report), expected, "{report}");
        assert_eq!(report["kind"], *kind, "{report}");
        for m in report["moves"].as_array().unwrap() {
            let mut keys = fields(m);
            keys.retain(|k| k != "to" || !m[k].is_null());
            assert_eq!(keys, ["move", "player", "to"], "{m}");
        }
        let counts = report["move_counts"].as_object().unwrap();
        assert!(counts
            .keys()
            .all(|k| ["either", "left", "right"].contains(&k.as_str())));
    }
    // The moves of both players of a partizan game, of either player in an impartial one.
    assert_eq!(reports[0].1["moves"][0]["player"], "either");
    assert_eq!(reports[0].1["move_counts"]["either"], 1);
    assert_eq!(reports[1].1["move_counts"]["left"], 2);
    assert_eq!(reports[1].1["move_counts"]["right"], 2);
    // Values of every kind in one field: a nimber, a short game, none under misère play.
    assert_eq!(reports[0].1["value"], "*6");
    assert_eq!(reports[1].1["value"], "+-1");
    assert_eq!(reports[2].1["value"], Value::Null);
    assert_eq!(reports[3].1["left_stop"], "2");
    assert_eq!(reports[3].1["right_stop"], "-1/2");
}

#[test]
fn what_is_unknown_names_the_option_to_raise() {
    let report = json(&[
        "solve",
        "wythoff",
        "1000000 1000001",
        "--max-positions",
        "1000",
        "--json",
    ]);
    assert_eq!(report["outcome"], "N", "{report}");
    for field in ["value_unknown", "moves_unknown"] {
        let why = report[field].as_str().unwrap();
        assert!(why.contains("--max-positions"), "{field}: {why}");
    }
}

/// `conway moves` lists every move, not only the winning ones, each with the value and
/// outcome it leads to; perfect play's move is a winning one where one exists.
#[test]
fn moves_lists_every_move_with_its_value() {
    let report = json(&[
        "moves",
        "domineering",
        "..|..|..",
        "--as",
        "right",
        "--json",
    ]);
    assert_eq!(report["total"], 3);
    let moves = report["moves"].as_array().unwrap();
    let values: Vec<&str> = moves.iter().map(|m| m["value"].as_str().unwrap()).collect();
    assert_eq!(values, ["+-1", "-2", "+-1"]);
    let results: Vec<&str> = moves
        .iter()
        .map(|m| m["result"].as_str().unwrap())
        .collect();
    assert_eq!(results, ["loses", "wins", "loses"]);
    assert_eq!(report["perfect_play"], 1);
    // Impartial: the winning move of Nim 3 5 goes to 3 3, a P-position of value 0.
    let report = json(&["moves", "nim", "3 5", "--json"]);
    let perfect = report["perfect_play"].as_u64().unwrap() as usize;
    assert_eq!(report["moves"][perfect]["to"], "3 3");
    assert_eq!(report["moves"][perfect]["value"], "0");
    assert_eq!(report["moves"][perfect]["outcome"], "P");
    // A page of moves from a long list, the total still counted.
    let report = json(&[
        "moves", "nim", "40", "--from", "11", "--count", "2", "--json",
    ]);
    assert_eq!(
        (report["total"].as_u64(), report["from"].as_u64()),
        (Some(40), Some(10))
    );
    assert_eq!(report["moves"].as_array().unwrap().len(), 2);
    // Where every move loses, perfect play still moves; without moves, it has none.
    assert_eq!(json(&["moves", "nim", "1 1", "--json"])["perfect_play"], 0);
    assert_eq!(
        json(&["moves", "nim", "0", "--json"])["perfect_play"],
        Value::Null
    );
}

/// `moves` refuses a page past the last move and a count of none (the review saw "moves 9 to
/// 8 of 8 shown" and "moves 1 to 0"), and reads a negative count as a bad value.
#[test]
fn moves_refuses_a_page_past_the_end_and_a_count_of_none() {
    let failed = |args: &[&str], needle: &str| {
        let output = super::conway(args);
        assert!(!output.status.success());
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(needle), "{message}");
    };
    failed(&["moves", "nim", "3 5", "--from", "9"], "there are 8 moves");
    failed(&["moves", "nim", "1", "--from", "2"], "there is 1 move (");
    failed(&["moves", "nim", "3 5", "--count", "0"], "0 is not in 1..");
    failed(
        &["moves", "nim", "3 5", "--count", "-1"],
        "invalid value '-1'",
    );
    // The last page, and a position without moves, are fine.
    assert_eq!(
        json(&["moves", "nim", "3 5", "--from", "8", "--json"])["moves"][0]["index"],
        7
    );
    assert_eq!(json(&["moves", "nim", "0", "--json"])["total"], 0);
}

/// `conway outcomes`: the outcome of every pile of a partizan subtraction game, its period
/// proved (Example 5.3 and Exercise 5.4: period 5 both ways), and a clear error for a game
/// without partizan piles.
#[test]
fn outcomes_prints_the_classes_and_their_period() {
    let report = json(&[
        "outcomes",
        "partizan-subtraction:1,3/2,4",
        "--to",
        "27",
        "--json",
    ]);
    assert_eq!(report["outcomes"], "PLNLNPLNLNPLNLNPLNLNPLNLNPLN");
    assert_eq!(
        (report["preperiod"].as_u64(), report["period"].as_u64()),
        (Some(0), Some(5))
    );
    assert_eq!(report["proved"], true);
    assert_eq!(report["counts"]["R"], 0);
    let misere = json(&[
        "outcomes",
        "partizan-subtraction:1,3/2,4",
        "--to",
        "27",
        "--misere",
        "--json",
    ]);
    assert_eq!(misere["play"], "misere");
    assert_eq!(&misere["outcomes"].as_str().unwrap()[25..], "NRP");
    // Past every limit, the message does not ask to raise one (the review's 2^64 − 1 piles,
    // of a game whose period cannot be proved).
    let output = super::conway(&[
        "outcomes",
        "partizan-subtraction:odd/even",
        "--to",
        "18446744073709551615",
    ]);
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("more work than any limit allows"),
        "{message}"
    );
    assert!(!message.contains("--max-positions"), "{message}");
    // Where a period is proved, every pile to 2^64 − 1 is read from it.
    let all = json(&[
        "outcomes",
        "partizan-subtraction:1/2",
        "--to",
        "18446744073709551615",
        "--json",
    ]);
    assert_eq!(all["proved"], true);
    let counts = all["counts"].as_object().unwrap();
    let total: u128 = counts.values().map(|c| c.as_u64().unwrap() as u128).sum();
    assert_eq!(total, 1 << 64);
    let output = super::conway(&["outcomes", "nim", "--to", "5"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("conway seq"));
}

/// With `--json`, an error is JSON on standard output too, in the shape the server's API
/// answers with (`error`, `column`, `limit`), and still a line on standard error. Before, a
/// reader of `--json` got nothing on standard output.
#[test]
fn errors_under_json_are_json_with_the_column_and_the_limit() {
    let error = |args: &[&str]| -> Value {
        let output = super::conway(args);
        assert!(!output.status.success(), "{args:?} should fail");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(stdout.lines().count(), 1, "{args:?}: {stdout}");
        let body: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(fields(&body), ["column", "error", "limit"], "{body}");
        assert!(stderr.contains(body["error"].as_str().unwrap()), "{stderr}");
        body
    };
    let bad = error(&["solve", "kayles", "3 x", "--json"]);
    assert_eq!(
        (bad["column"].clone(), bad["limit"].clone()),
        (3.into(), Value::Null)
    );
    let bad = error(&["eval", "1 +", "--json"]);
    assert_eq!(bad["column"], 4);
    let big = error(&[
        "misere",
        "octal:0.07",
        "--heaps",
        "30",
        "--max-positions",
        "1000",
        "--json",
    ]);
    assert_eq!(big["limit"], "max_positions");
    let big = error(&[
        "solve",
        "kayles",
        "40 40 40",
        "--misere",
        "--max-memory",
        "1K",
        "--json",
    ]);
    assert_eq!(big["limit"], "max_memory");
    let page = error(&["moves", "nim", "3 5", "--from", "9", "--json"]);
    assert_eq!(page["column"], Value::Null);
    // Without --json, standard output stays empty.
    assert!(super::conway(&["solve", "kayles", "3 x"]).stdout.is_empty());
}
