//! Loopy games in the expression language: CGSuite's notation (`pass`, named positions
//! `a{0|a}`, `s & t`), the named values, the identities of Siegel's presentation, printed values
//! that read back as the same value, and the errors of what has no value.

use crate::common::{message, show};
use conway::engine::{Limits, Meter};
use conway::lang::{Env, Report, Value, MAX_SHOWN};
use conway::loopy::{LoopyGame, Sided, Stopper};
use proptest::prelude::*;

fn holds(text: &str) {
    assert_eq!(show(text), "true", "{text}");
}

#[test]
fn the_named_values_are_their_definitions() {
    for (name, definition) in [
        ("on", "{pass|}"),
        ("off", "{|pass}"),
        ("over", "{0|pass}"),
        ("under", "{pass|0}"),
        ("upon", "{pass|*}"),
        ("dud", "{pass|pass}"),
        ("tis", "a{{|a}|}"),
        ("tisn", "a{|{a|}}"),
    ] {
        assert_eq!(show(definition), name, "{definition}");
        assert_eq!(show(name), name);
    }
    // A position named where it stands is the same as pass when it is the position itself.
    assert_eq!(show("a{0|a}"), "over");
    assert_eq!(show("-upon"), "-upon");
    assert_eq!(show("-on"), "off");
    assert_eq!(show("-over"), "under");
    // A named position inside a value is written by its name.
    assert_eq!(show("{3|{|pass}}"), "{3|off}");
    // A game without repetition is the short game.
    assert_eq!(show("a{1|{0|-1}}"), "{1||0|-1}");
}

#[test]
fn siegels_identities() {
    // on and off bound every game; on + off = dud, which absorbs everything.
    holds("on + off == dud");
    for x in ["0", "*", "100", "-100", "{100|-100}", "^", "over", "upon"] {
        holds(&format!("on > {x}"));
        holds(&format!("off < {x}"));
        holds(&format!("dud + {x} == dud"));
    }
    holds("dud + tis == dud");
    // over is positive, below every positive number, and above every infinitesimal ↑-multiple.
    holds("over > 0");
    for k in 0..12 {
        holds(&format!("over < 1/{}", 1u64 << k));
    }
    // tis = 1 & 0 and tisn = 0 & -1 are each other's negatives.
    holds("tis == 1 & 0");
    holds("tisn == 0 & -1");
    holds("-tis == tisn");
    assert_eq!(show("tis + tis"), "2 & 0");
    // A stopper is its own two sides.
    holds("over & over == over");
}

#[test]
fn sums_with_short_games_stay_stoppers() {
    assert_eq!(show("over + 1"), "{1|pass}");
    holds("over + 1 > 1");
    holds("over + 1 < 1 + 1/1024");
    assert_eq!(show("{0 | over}"), "over");
}

#[test]
fn printed_values_read_back() {
    for text in [
        "over - over",
        "b{0|{b|-1}}",
        "upon + *",
        "tis + over",
        "a{0|{{{0|a,0}|0}|0}}",
        "on + 1/2",
        "dud",
    ] {
        let printed = show(text);
        holds(&format!("{printed} == {text}"));
    }
}

#[test]
fn what_has_no_value_says_why() {
    assert!(message("pass").contains("among the options in braces"));
    assert!(message("0 & 1").contains("onside s must be at least the offside t"));
    assert!(message("{tis|}").contains("an option with two sides"));
    assert!(message("on * 2").contains("loopy games add and subtract"));
    assert!(message("+-on").contains("a loopy game"));
    assert!(message("a{0|b}").contains("'b' has no value"));
    assert!(message("a{0}").contains("bar"));
    assert!(message("dud & 0").contains("two sides"));
}

#[test]
fn reports_name_the_sides_and_the_outcome() {
    let mut env = Env::new();
    let value = env.run("over - over").unwrap().unwrap();
    let json = serde_json::to_value(env.report(value).unwrap()).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "value": "over & under",
            "onside": "over",
            "offside": "under",
            "stopper": false,
            "outcome": json["outcome"],
        })
    );
    let value = env.run("dud").unwrap().unwrap();
    let Report::Loopy { outcome, .. } = env.report(value).unwrap() else {
        panic!("a loopy report")
    };
    assert_eq!(outcome, "D");
    let value = env.run("on").unwrap().unwrap();
    let Report::Loopy {
        outcome, stopper, ..
    } = env.report(value).unwrap()
    else {
        panic!("a loopy report")
    };
    assert_eq!((outcome.as_str(), stopper), ("L", true));
}

/// A graph of up to five vertices with a few moves each.
fn small_graph() -> impl Strategy<Value = LoopyGame> {
    (1usize..6).prop_flat_map(|n| {
        let lists = prop::collection::vec(prop::collection::vec(0..n as u32, 0..3), n);
        (lists.clone(), lists).prop_map(|(left, right)| LoopyGame::new(left, right).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_text_of_any_value_reads_back_as_it(game in small_graph()) {
        let mut meter = Meter::new(Limits::default());
        let Ok(sides) = Sided::of(&game, &mut meter) else { return Ok(()) };
        let text = sides.show_within(MAX_SHOWN).unwrap();
        let mut env = Env::new();
        let read = match env.run(&text).unwrap().unwrap() {
            Value::Loopy(read) => read,
            Value::Game(id) => {
                let stopper = Stopper::from_short(env.store_mut(), id, &mut meter).unwrap();
                Sided::stopper(stopper)
            }
            other => panic!("{text} reads as {other:?}"),
        };
        let relation = read.relation(&sides, &mut meter).unwrap();
        prop_assert!(relation.leq && relation.geq, "{} reads back as another value", text);
    }
}

#[test]
fn a_huge_integer_beside_a_loopy_game_is_refused_at_once() {
    // The integer n is a chain of n + 1 positions: 10^24 of them were walked before.
    let error = message("1000000000000000000000000 + over");
    assert!(error.contains("a short part of more than"), "{error}");
    assert!(message("on >= 10000000").contains("a short part of more than"));
}

#[test]
fn loopy_operations_keep_to_the_sessions_memory_limit() {
    use conway::short::Store;
    let limits = Limits {
        max_positions: 10_000_000,
        max_memory: 64 << 20,
    };
    let mut env = Env::with_store(Store::with_limits(limits));
    let error = env
        .run("(10000 + over) + (10000 + upon)")
        .unwrap_err()
        .to_string();
    assert!(error.contains("64 MiB"), "{error}");
}

/// `k + over` looks like `j + over` to twelve moves, so the store compared each with every
/// one before it, and `2000 + over` needed more than 64 MiB. Equal values so reduced have
/// their stored options in common, which rules those comparisons out.
#[test]
fn a_long_chain_of_values_alike_to_a_depth_is_valued_without_comparing_them_all() {
    use conway::short::Store;
    let limits = Limits {
        max_positions: 1_000_000,
        max_memory: 64 << 20,
    };
    let mut env = Env::with_store(Store::with_limits(limits));
    let value = env.run("2000 + over").unwrap().unwrap();
    assert_eq!(env.show(&value).unwrap(), "{2000|pass}");
}
