//! The review of heap games, take-and-break codes, coin-turning games and `seq`: each test
//! is named after the defect it keeps fixed.

use super::{conway, fails_with, json};
use serde_json::Value;

const MAX: &str = "18446744073709551615";

#[test]
fn d1_codes_answer_a_heap_of_2_64_minus_1_without_overflow() {
    // Nim's values: every heap is worth its size, 2^64 − 1 included.
    for game in [
        "split-nim",
        "octal:0.3...",
        "octal:0.7...",
        "hexcode:0.F...",
    ] {
        let report = json(&["solve", game, MAX, "--json"]);
        assert_eq!(report["outcome"], "N", "{game}");
        assert_eq!(report["nim_value"], Value::from(u64::MAX), "{game}");
    }
    // Split Nim moves to 0 by taking all or leaving two equal heaps: 1 + (2^64 − 2)/2.
    let report = json(&["solve", "split-nim", MAX, "--json"]);
    assert_eq!(report["move_counts"]["either"], Value::from(1u64 << 63));
    // Lasker's Nim: 2^64 − 2 keeps its value, 2^64 − 1 is worth 2^64, which no value holds.
    let report = json(&["solve", "octal:4.3...", "18446744073709551614", "--json"]);
    assert_eq!(report["nim_value"], Value::from(u64::MAX - 1));
    fails_with(
        &["solve", "octal:4.3...", &format!("3 {MAX}")],
        "column 3: heap 18446744073709551615 is too large for this game: its value, by the \
         closed form, needs more than the 64 bits",
    );
}

#[test]
fn d2_coin_sets_and_coins_at_2_64_minus_1_answer_without_overflow() {
    let subtraction = format!("coins:subtraction:{MAX}");
    let one_or_two = format!("coins:one-or-two:{MAX}");
    let subtraction_two = format!("coins:subtraction-two:{MAX}");
    for (game, value) in [(&subtraction, 0), (&one_or_two, 1), (&subtraction_two, 0)] {
        let report = json(&["solve", game, "3", "--json"]);
        assert_eq!(report["nim_value"], value, "{game}");
        fails_with(
            &["solve", game, MAX],
            "coin 18446744073709551615 is too far",
        );
    }
    let tartan = format!("tartan:subtraction:{MAX}*ruler");
    let report = json(&["solve", &tartan, "(3,1) (2,5)", "--json"]);
    assert_eq!(report["outcome"], "P");
    let tartan = format!("tartan:ruler*one-or-two:{MAX}");
    fails_with(
        &["solve", &tartan, &format!("(1,{MAX})")],
        "coin 18446744073709551615 is too far",
    );
    // Heads at 2^64 − 1 of games with closed forms: a winning Ruler block may hold 2^64
    // coins, so the moves are unknown, but the value is known.
    let far = format!("({MAX},3) (2,{MAX})");
    for game in ["tartan:twins*ruler", "tartan:rulerette*twins"] {
        let report = json(&["solve", game, &far, "--json"]);
        assert_eq!(report["outcome"], "N", "{game}");
        assert!(report["nim_value"].is_u64(), "{game}");
    }
}

#[test]
fn d3_a_code_needs_a_digit_after_the_point() {
    let needs = "a code needs at least one digit after the point";
    for (game, column) in [
        ("octal:0.", 3),
        ("octal:.", 2),
        ("octal:4....", 3),
        ("hexcode:0.", 3),
        ("hexcode:.", 2),
    ] {
        fails_with(&["solve", game, "3"], &format!("column {column}: {needs}"));
    }
}

#[test]
fn d4_seq_work_limit_grows_with_the_heaps_asked_for() {
    // The definition of 0.8… is refused at once; the limit it is refused by is the default
    // for few heaps, 64 per heap for many, and always what the user gives.
    let refused = |to: &str, more: &[&str], limit: &str| {
        let mut args = vec!["seq", "hexcode:0.8...", "--to", to];
        args.extend(more);
        fails_with(
            &args,
            &format!("need more work than the limit of {limit} allows"),
        );
    };
    refused("1000", &[], "10000000");
    refused("200000", &[], "12800064");
    refused("200000", &["--max-positions", "10000000"], "10000000");
}

#[test]
fn d5_closed_forms_answer_nim_and_laskers_codes_at_once() {
    let lasker = json(&["seq", "octal:4.3...", "--to", "1500", "--json"]);
    assert_eq!(
        (&lasker["period"], &lasker["saltus"], &lasker["proved"]),
        (&Value::from(4), &Value::from(4), &Value::from(true))
    );
    assert_eq!(lasker["values"][1500], 1499);
    assert_eq!(lasker["values"][1499], 1500);
    let split = json(&["seq", "octal:0.7...", "--to", "2000", "--json"]);
    let values: Vec<u64> = split["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values, (0..=2000).collect::<Vec<u64>>());
    // A sequence of a trillion heaps follows from the closed form.
    let long = json(&["seq", "split-nim", "--to", "1000000000000", "--json"]);
    assert_eq!(long["proved"], true);
    assert_eq!(long["max_value"], 1_000_000_000_000u64);
    // A heap of a million: its value, and its 500,000 winning moves counted, the first built.
    let report = json(&["solve", "split-nim", "1000000", "--json"]);
    assert_eq!(report["nim_value"], 1_000_000);
    assert_eq!(report["move_counts"]["either"], 500_000);
    assert_eq!(report["moves"][0]["to"], "499999 499999");
    let text = String::from_utf8(conway(&["solve", "octal:4.3...", "2 5 7"]).stdout).unwrap();
    let lasker = String::from_utf8(conway(&["solve", "lasker", "2 5 7"]).stdout).unwrap();
    assert_eq!(text.replace("octal:4.3...", "lasker"), lasker);
}
