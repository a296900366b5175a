//! Ordinals and transfinite nimbers in the expression language: the examples, the
//! language against the `ordinal` module's own reader on random ordinals, printed values that
//! read back, and the errors of everything that has no value.

use crate::common::{message, show};
use conway::lang::{Env, Report, Value};
use conway::ordinal::Ordinal;
use proptest::prelude::*;

#[test]
fn transfinite_nimbers_are_the_nim_field_past_the_integers() {
    // The examples: *w * *w = *w^2 and (*w)^3 = *2.
    assert_eq!(show("nimprod(*w, *w)"), "*(w^2)");
    assert_eq!(show("nimpow(*w, 3)"), "*2");
    assert_eq!(show("nimprod(*w, *w, *w) == *2"), "true");
    // A nimber is its own negative, and nim-sums with finite nimbers are ordinal nim-sums.
    assert_eq!(show("*w + *w"), "0");
    assert_eq!(show("*w - *(w + 1)"), "*");
    assert_eq!(show("-*w"), "*w");
    assert_eq!(show("*(w + 5) + *3"), "*(w + 6)");
    assert_eq!(show("nimsum(*w, 5, *(w^2))"), "*(w^2 + w + 5)");
    // *w has order 9, since its cube *2 has order 3; so its inverse is its eighth power.
    assert_eq!(show("nimpow(*w, 9)"), "*");
    assert_eq!(show("nimpow(*w, 3) == *w"), "false");
    assert_eq!(show("nimpow(*w, 10) == *w"), "true");
    assert_eq!(show("niminv(*w) == nimpow(*w, 8)"), "true");
    assert_eq!(show("nimprod(niminv(*w), *w)"), "*");
    assert_eq!(show("nimdiv(*(w^2), *w)"), "*w");
    assert_eq!(show("nimprod(nimsqrt(*w), nimsqrt(*w))"), "*w");
    // ω^ω is κ_5, whose fifth power is α_5 = 4; bare integers in the calls are field elements.
    assert_eq!(show("nimpow(*(w^w), 5)"), "*4");
    assert_eq!(show("nimprod(*w, 2)"), "*(w*2)");
}

#[test]
fn finite_results_are_short_games_again() {
    assert_eq!(show("*(3)"), "*3");
    assert_eq!(show("*(3) == *3"), "true");
    assert_eq!(show("nimpow(*w, 3) + *2"), "0");
    assert_eq!(show("(nimpow(*w, 3)).IsNimber"), "true");
    assert_eq!(show("nimpow(*w, 3) + ^"), "^*2");
}

#[test]
fn a_star_before_parentheses_is_a_nimber_only_where_an_operand_starts() {
    assert_eq!(show("3*(2)"), "6");
    assert_eq!(show("(1/2)*(4)"), "2");
    assert_eq!(show("1 + *(2)"), "1*2");
    assert_eq!(show("*(w) == *w"), "true");
    let mut env = Env::new();
    env.run("let w = 3").unwrap();
    assert_eq!(env.run("w * 2"), env.run("6"));
}

#[test]
fn ordinals_add_and_multiply_as_ordinals() {
    assert_eq!(show("1 + ordinal(w)"), "w");
    assert_eq!(show("2 * ordinal(w)"), "w");
    assert_eq!(show("ordinal(w) * 2"), "w*2");
    assert_eq!(show("ordinal(w) + 1"), "w + 1");
    assert_eq!(show("ordinal(w + 1) * ordinal(w + 1)"), "w^2 + w + 1");
    assert_eq!(show("ordinal(ω^ω) + ordinal (w^3*2)"), "w^w + w^3*2");
    assert_eq!(show("ordinal(w) < ordinal(w + 1)"), "true");
    assert_eq!(show("ordinal(w^2) > ordinal(w * 1000)"), "true");
    assert_eq!(show("ordinal(5) == 5"), "true");
    assert_eq!(show("ordinal(w) <> ordinal(w^2)"), "false");
    assert_eq!(show("ORDINAL(natsum(w + 1, w^2))"), "w^2 + w + 1");
}

#[test]
fn two_nimbers_are_equal_or_confused() {
    for (text, truth) in [
        ("*w == *w", true),
        ("*w != *(w + 1)", true),
        ("*w <> *3", true),
        ("*w < *3", false),
        ("*w <= *w", true),
        ("*w <| *(w^2)", true),
        ("*w |> *w", false),
        ("*3 > *w", false),
    ] {
        assert_eq!(show(text), truth.to_string(), "{text}");
    }
}

#[test]
fn a_session_binds_ordinals_and_nimbers() {
    let mut env = Env::new();
    env.run("let a = *w").unwrap();
    env.run("let o = ordinal(w^2)").unwrap();
    let sum = env.run("a + nimprod(a, a)").unwrap().unwrap();
    assert_eq!(env.show(&sum).unwrap(), "*(w^2 + w)");
    assert_eq!(
        env.run("o + o == ordinal(w^2 * 2)"),
        Ok(Some(Value::Bool(true)))
    );
    assert!(matches!(env.get("o"), Some(Value::Ordinal(_))));
}

#[test]
fn reports_keep_one_schema() {
    let mut env = Env::new();
    let value = env.run("*(w + 1)").unwrap().unwrap();
    let Report::Game(report) = env.report(value).unwrap() else {
        panic!("a nimber reports as a game")
    };
    assert_eq!(report.value, "*(w + 1)");
    assert_eq!(report.outcome, conway::engine::Outcome::N);
    let value = env.run("ordinal(w*2 + 3)").unwrap().unwrap();
    assert_eq!(
        serde_json::to_value(env.report(value).unwrap()).unwrap(),
        serde_json::json!({"value": "w*2 + 3", "finite": null, "limit": false})
    );
}

#[test]
fn what_has_no_value_says_why() {
    for (text, start) in [
        ("*w + 1", "column 6: '+' here takes nimbers"),
        ("*w * *w", "column 4: '*' does not multiply nimbers"),
        ("*w^2", "column 3: '^' after *w would be up"),
        (
            "w",
            "column 1: 'w' has no value; the ordinal ω is written ordinal(w)",
        ),
        ("ω + 1", "column 1: 'ω' has no value; the ordinal ω"),
        ("ordinal(w", "column 8: '(' without a matching ')'"),
        ("*(w + )", "column 7:"),
        (
            "{*w | 0}",
            "column 2: a game's option needs short games, but this is the transfinite nimber *w",
        ),
        ("*w : *", "column 4:"),
        ("+-*w", "column 3: negation needs short games"),
        ("*w.IsNimber", "column 1: .IsNimber needs short games"),
        (
            "nimprod(ordinal(w), *w)",
            "column 9: nimprod here takes nimbers",
        ),
        (
            "nimprod(*(w^(w^w)), *w)",
            "column 9: w^(w^w) is not below w^(w^w)",
        ),
        (
            "niminv(*w + *w + *w + *w)",
            "column 8: niminv: *0 has no inverse",
        ),
        (
            "nimdiv(*w, *w - *w)",
            "column 12: nimdiv: *0 has no inverse",
        ),
        ("nimsqrt(*w, *w)", "column 1: nimsqrt takes 1 argument"),
        ("*(2^200)", "column 3: 16069380442589902755"),
        ("ordinal(w) - 1", "column 12: ordinals have no subtraction"),
        ("-ordinal(w)", "column 1: the ordinal w has no negative"),
        ("ordinal(w) + *w", "column 14: '+' here takes ordinals"),
        ("ordinal(w) + ^", "column 14: '+' here takes ordinals"),
        ("*w < 1", "column 6: '<' here takes nimbers"),
    ] {
        let found = message(text);
        assert!(found.starts_with(start), "{text}: {found}");
    }
}

/// Ordinals below ω^(ω^2) whose generators are κ_3 and κ_5, written as `conway ordinal`
/// reads them: sums of `w^(w*a + b)*c`.
fn ordinal_text() -> impl Strategy<Value = String> {
    prop::collection::vec((0u8..2, 0u8..4, 1u8..6), 1..4).prop_map(|terms| {
        terms
            .iter()
            .map(|(a, b, c)| format!("w^(w*{a} + {b})*{c}"))
            .collect::<Vec<_>>()
            .join(" + ")
    })
}

/// `text` read by the `ordinal` module, as the language prints the nimber of it.
fn nimber_by_the_module(text: &str) -> String {
    Ordinal::parse(text).unwrap().nimber().to_string()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_language_computes_as_the_ordinal_module(a in ordinal_text(), b in ordinal_text()) {
        for function in ["nimsum", "nimprod"] {
            prop_assert_eq!(
                show(&format!("{function}(*({a}), *({b}))")),
                nimber_by_the_module(&format!("{function}({a}, {b})"))
            );
        }
        prop_assert_eq!(show(&format!("*({a}) + *({b})")), nimber_by_the_module(&format!("nimsum({a}, {b})")));
        prop_assert_eq!(
            show(&format!("ordinal({a}) * ordinal({b}) + ordinal({b})")),
            Ordinal::parse(&format!("({a}) * ({b}) + ({b})")).unwrap().to_string()
        );
    }

    #[test]
    fn printed_nimbers_read_back(a in ordinal_text()) {
        let shown = show(&format!("*({a})"));
        prop_assert_eq!(show(&format!("{shown} == *({a})")), "true");
        prop_assert_eq!(show(&shown), shown);
    }

    #[test]
    fn every_nonzero_nimber_has_an_inverse(a in ordinal_text()) {
        prop_assert_eq!(show(&format!("nimprod(*({a}), niminv(*({a})))")), "*");
    }
}
