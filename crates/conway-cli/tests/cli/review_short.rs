//! Defects found by the review of short games, the expression language, `eval` and `repl`:
//! one test each, named after the defect.

use super::{fails_with, within_memory};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// `conway eval EXPR`'s one line of answer.
fn eval(expression: &str) -> String {
    super::stdout_of(&["eval", expression])
}

const HUGE: &str = "10000000000000000000000000000000000000000";

/// `1 : 10^40` ran for 53 s and peaked at 8.5 GB: the ordinal sum recursed once per unit of
/// the integer, and the stack of that recursion counted against no limit.
#[test]
fn d_ordinal_sum_with_a_huge_integer_is_bounded() {
    let started = Instant::now();
    let output = within_memory(&["eval", &format!("1 : {HUGE}")], 64);
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "10000000000000000000000000000000000000001\n"
    );
    assert!(started.elapsed() < Duration::from_secs(5), "a closed form");
    for expression in [
        format!("{{1|0}} : {HUGE}"),
        "{1|0} : 10^40".to_string(),
        format!("1/2 : {HUGE}"),
        "1 : ^100000000".to_string(),
        "{1|0} + ^100000000".to_string(),
    ] {
        let output = within_memory(&["eval", &expression], 64);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{expression}: {stderr}");
        if !output.status.success() {
            assert_eq!(stderr.lines().count(), 1, "{expression}: {stderr}");
            assert!(
                stderr.contains("memory") || stderr.contains("too large"),
                "{expression}: {stderr}"
            );
        }
    }
}

/// Atomic weights were refused for every game that is not all-small, with a message that
/// said they are defined for all-small games only.
#[test]
fn d_atomic_weight_of_infinitesimals_that_are_not_all_small() {
    // The values CGSuite gives, and all-small ones.
    for (game, weight) in [
        ("{0||0|-3/2}", "0"),
        ("{5||3|1|||0||||0}", "0"),
        ("{1|^^||^}", "2"),
        ("{0|||0||-1|-3}", "0"),
        ("{0||0|vvv}", "0"),
        ("{^^^|vv}", "{1|0}"),
        ("^*6", "1"),
        ("{0 | ^}", "2"),
        ("*5", "0"),
    ] {
        assert_eq!(eval(&format!("({game}).AtomicWeight")), weight, "{game}");
    }
    fails_with(
        &["eval", "{1|^^^||^}.AtomicWeight"],
        "this infinitesimal has no atomic weight",
    );
    fails_with(
        &["eval", "{3|-1}.AtomicWeight"],
        "defined for infinitesimals (both stops 0), and this game's stops are 3 and -1",
    );
}

/// `*.Cool(-2)` gave `+-2`: cooling is defined for temperatures above -1 only.
#[test]
fn d_cooling_by_minus_one_or_less_is_refused() {
    fails_with(&["eval", "*.Cool(-2)"], "above -1");
    fails_with(&["eval", "{1|0}.Cool(-1)"], "above -1");
    assert_eq!(eval("*.Cool(-1/2)"), "+-1/2");
}

/// Tiny and Miny, switches of games that are not numbers and the uptimals were printed as
/// braces; everything printed must read back as the same value.
#[test]
fn d_printing_uses_tiny_switches_and_uptimals() {
    for (expression, shown) in [
        ("Tiny(3/2)", "Tiny(3/2)"),
        ("{0||0|-3/2}", "Tiny(3/2)"),
        ("Miny(1)", "Miny(1)"),
        ("{0|||0||-1|-3}", "Tiny({3|1})"),
        ("{5||3|1|||0||||0}", "Miny({5||3|1})"),
        ("2 + Tiny(1)", "2Tiny(1)"),
        ("+-(1*)", "+-(1*)"),
        ("+-{3|2}", "+-{3|2}"),
        ("+-1", "+-1"),
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("^<3> + 1/2 + *2", "1/2^<3>*2"),
        ("-^[5]", "v[5]"),
        ("{0||0|vvv}", "{0||0|v3}"),
    ] {
        assert_eq!(eval(expression), shown, "{expression}");
        let same = format!("({expression}) == ({shown})");
        assert_eq!(eval(&same), "true", "{shown} reads back as {expression}");
    }
}

/// `NortonMultiply` is CGSuite's `NortonProduct`, `ConwayProduct` was missing, and `:help`
/// listed 3 of the methods.
#[test]
fn d_method_names_follow_cgsuite_and_help_lists_them_all() {
    assert_eq!(
        eval("(1/2).NortonProduct(^)"),
        eval("(1/2).NortonMultiply(^)")
    );
    assert_eq!(eval("(1/2).ConwayProduct(-3/4)"), "-3/8");
    assert_eq!(eval("*2.ConwayProduct(*3)"), "*");
    assert_eq!(eval("*8.ConwayProduct(*8)"), "*13");
    let mut child = Command::new(env!("CARGO_BIN_EXE_conway"))
        .arg("repl")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b":help\n").unwrap();
    let help = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    for method in [
        "G.IsNumber",
        "G.AtomicWeight",
        "G.Cool(t)",
        "G.Overheat(s, t)",
        "G.OrdinalSum(H)",
        "G.NortonProduct(U)",
        "G.ConwayProduct(H)",
        "G.ReducedCanonicalForm",
    ] {
        assert!(help.contains(method), "{method} in {help}");
    }
    for usage in conway::lang::method_usages() {
        assert!(help.contains(&usage), "{usage} in {help}");
    }
}

/// Ctrl-C during a long computation ended the REPL (exit 130) and lost the bindings.
#[test]
fn d_ctrl_c_in_the_repl_stops_the_computation_and_keeps_the_bindings() {
    interrupt_in_the_repl("*3000 + {1|0}");
}

/// The hostile review of loopy values: Ctrl-C in the REPL did not stop a loopy value's
/// computation (`3000 + upon` ran on for 50 s), whose meter did not hear the interrupt.
#[test]
fn ctrl_c_in_the_repl_stops_a_loopy_computation() {
    interrupt_in_the_repl("3000 + upon");
}

/// Starts the REPL, binds a game, sends Ctrl-C while `work` (minutes of work with the limit
/// of work given) runs, and checks that the line is answered as interrupted and the binding
/// kept.
fn interrupt_in_the_repl(work: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_conway"))
        .args(["repl", "--max-positions", "1000000000000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (lines, answers) = mpsc::channel();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    std::thread::spawn(move || {
        for line in stdout.lines() {
            if lines.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let next = |within: Duration| answers.recv_timeout(within);
    writeln!(stdin, "let g = {{1 | 0}}").unwrap();
    assert_eq!(next(Duration::from_secs(30)).as_deref(), Ok("{1|0}"));
    // Minutes of work with this limit, in little memory.
    writeln!(stdin, "{work}").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let mut answer = Err(mpsc::RecvTimeoutError::Timeout);
    for _ in 0..30 {
        // SAFETY: kill sends a signal to our own child, which has not been reaped.
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
        answer = next(Duration::from_secs(1));
        if answer != Err(mpsc::RecvTimeoutError::Timeout) {
            break;
        }
    }
    let answer = answer.expect("the REPL answers the interrupted line and goes on");
    assert!(answer.starts_with("interrupted"), "{answer}");
    writeln!(stdin, "g + g").unwrap();
    assert_eq!(next(Duration::from_secs(30)).as_deref(), Ok("1"));
    drop(stdin);
    assert!(
        child.wait().unwrap().success(),
        "Ctrl-D (the end of the input) leaves"
    );
}
