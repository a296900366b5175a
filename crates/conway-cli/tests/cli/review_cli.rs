//! Defects found by the review of the command line on typed positions: one test each, named
//! after the defect.

use super::{conway, fails_with, json, play};

/// Runs a command and returns its exit status.
fn status(args: &[&str]) -> Option<i32> {
    conway(args).status.code()
}

/// A Growing Take counter past 2^64 wrapped; it saturates: the limit means "take any".
#[test]
fn d_growing_counters_past_2_64_saturate_instead_of_wrapping() {
    let value =
        |game: &str, position: &str| json(&["solve", game, position, "--json"])["value"].clone();
    assert_eq!(
        value("growing", "5/18446744073709551615"),
        value("growing", "5/1000")
    );
    assert_eq!(value("growing", "5/1000"), "*5");
    assert_eq!(
        value("growing:own", "5/18446744073709551615,18446744073709551615"),
        value("growing:own", "5/1000,1000")
    );
}

/// Misère play is modelled honestly or refused, and `conway rules` says which: Silver
/// Dollar's misère play bags the dollar.
#[test]
fn d_misere_silver_dollar_is_played_by_its_own_rules() {
    let report = json(&["solve", "silver-dollar", "S", "--misere", "--json"]);
    assert_eq!(report["outcome"], "P");
    let dollar = String::from_utf8(conway(&["rules", "silver-dollar"]).stdout).unwrap();
    assert!(dollar.contains("bagging the dollar"), "{dollar}");
}

/// The move that bags the dollar can be typed in play, as the position it shows.
#[test]
fn d_misere_silver_dollar_bagging_move_can_be_typed_in_play() {
    let transcript = play(&["play", "silver-dollar", "S", "--misere"], ".\n");
    assert!(
        transcript.contains("I cannot move, so I win (misère play)"),
        "{transcript}"
    );
}

/// Misère Chomp, which the engine does not model, is refused, and `conway rules` says so.
#[test]
fn d_misere_chomp_is_refused_and_its_rules_say_so() {
    fails_with(&["solve", "chomp", "1", "--misere"], "not supported");
    let chomp = String::from_utf8(conway(&["rules", "chomp"]).stdout).unwrap();
    assert!(chomp.contains("misère:   not supported"), "{chomp}");
}

/// Under misère play White's only move leaves Black without one, and Black wins.
#[test]
fn d_misere_northcott_is_won_by_the_player_left_without_a_move() {
    let northcott = json(&["solve", "northcott", "W.B", "--misere", "--json"]);
    assert_eq!(northcott["outcome"], "P");
}

/// Every listed game documents itself, Growing Take's variant too.
#[test]
fn d_every_listed_game_documents_itself() {
    assert!(conway(&["rules", "growing"]).status.success());
    assert!(conway(&["rules", "growing:own"]).status.success());
}

/// Errors name the game asked for, with its parameters.
#[test]
fn d_errors_name_the_game_asked_for() {
    fails_with(
        &["seq", "dynamic:2", "--to", "5"],
        "dynamic:2 is not a game on rows",
    );
}

/// Subtraction sets were read leniently: empty items and spaces are refused with their column.
#[test]
fn d_subtraction_sets_are_read_strictly() {
    fails_with(&["solve", "subtraction:1,,2", "5"], "column 3");
    fails_with(&["solve", "subtraction:,1", "5"], "column 1");
    fails_with(
        &["solve", "subtraction:1 2", "5"],
        "separate the numbers by commas",
    );
}

/// Welter's brackets nested twice are refused with their column.
#[test]
fn d_welter_brackets_are_read_strictly() {
    fails_with(&["solve", "welter", "[[0|3]]"], "column 2");
}

/// An empty Nim position is refused, not read as no heaps.
#[test]
fn d_an_empty_nim_position_is_refused() {
    fails_with(&["solve", "nim", ""], "no heaps");
}

/// Deep nesting is refused with a message, not a stack overflow.
#[test]
fn d_deep_nesting_is_refused_not_a_stack_overflow() {
    let deep = format!("{}*1{}", "(".repeat(60_000), ")".repeat(60_000));
    fails_with(&["eval", &deep], "nested more than");
}

/// A game played under misère play only has no nim values to sum or list.
#[test]
fn d_misere_only_games_have_no_nim_values_to_sum_or_list() {
    fails_with(
        &["solve", "nim", "3", "+", "misere-nim", "3"],
        "misère play",
    );
    fails_with(&["seq", "misere-nim", "--to", "5"], "no nim values");
}

/// The same bad position gets the same status (1, bad input; not 2, usage), first in a sum
/// or not.
#[test]
fn d_a_bad_position_gets_status_1_first_in_a_sum_or_not() {
    assert_eq!(status(&["solve", "nim", "-4"]), Some(1));
    assert_eq!(status(&["solve", "nim", "3", "+", "nim", "-4"]), Some(1));
}

/// The hostile review: a bad position of 100,000 characters was quoted whole, and when
/// standard error was a pipe closed early the process panicked (exit 101).
#[test]
fn a_long_bad_position_is_quoted_short_and_a_closed_stderr_is_no_panic() {
    use std::process::{Command, Stdio};
    let position = ".".repeat(100_000);
    let output = super::conway(&["solve", "hex", &position]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("(100000 characters)"), "{stderr}");
    assert!(stderr.len() < 400, "{} bytes of error", stderr.len());
    let mut child = Command::new(env!("CARGO_BIN_EXE_conway"))
        .args(["solve", "nim", "x"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{status:?}");
}
