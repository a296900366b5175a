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
