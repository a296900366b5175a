//! The expression language as a user meets it: the examples of its documentation, errors that
//! point at a column, no input that panics or exhausts the stack, and the nim field as the
//! `nimber` module computes it.

use conway::lang::{
    eval, eval_nimber, parse, Env, Expr, ExprKind, LangError, Statement, Value, MAX_DEPTH,
};
use conway::nimber::nim_mul_u128;
use proptest::prelude::*;

fn nimber(text: &str) -> u128 {
    match eval(text) {
        Ok(Value::Nimber(n)) => n,
        other => panic!("{text}: {other:?}"),
    }
}

fn truth(text: &str) -> bool {
    match eval(text) {
        Ok(Value::Bool(b)) => b,
        other => panic!("{text}: {other:?}"),
    }
}

fn message(text: &str) -> String {
    match eval(text) {
        Err(e) => e.to_string(),
        Ok(v) => panic!("{text} should fail but is {v}"),
    }
}

/// Runs `f` on a thread with the default stack size, as a caller of the library would.
fn on_default_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::spawn(f)
        .join()
        .expect("no panic and no stack overflow")
}

#[test]
fn the_nim_field() {
    assert_eq!(nimber("*3 + *5"), 6);
    assert_eq!(nimber("*3 - *5"), 6);
    assert_eq!(nimber("-*3"), 3);
    assert_eq!(nimber("*"), 1);
    assert_eq!(nimber("* + *"), 0);
    assert_eq!(nimber("0"), 0);
    assert_eq!(nimber("nimprod(8, 8)"), 13);
    assert_eq!(nimber("nimprod(16, 16)"), 24);
    assert_eq!(nimber("niminv(4)"), 15);
    assert_eq!(nimber("nimdiv(1, 4)"), 15);
    assert_eq!(nimber("nimpow(4, 3)"), 14);
    assert_eq!(nimber("nimsqrt(nimprod(9, 9))"), 9);
    assert_eq!(nimber("nimsum(1, 2, 3) + (*1 + *2)"), 3);
    // Inside a call the numbers of sums and parentheses are field elements too.
    assert_eq!(nimber("nimprod((2 + 1), -2)"), nim_mul_u128(3, 2));
    assert_eq!(
        eval_nimber("*340282366920938463463374607431768211455"),
        Ok(u128::MAX)
    );
    assert_eq!(eval("*3 + *5").unwrap().to_string(), "*6");
}

#[test]
fn comparisons_between_nimbers() {
    assert!(truth("*3 + *5 == *6"));
    assert!(truth("*1 <> *2"));
    assert!(!truth("*1 <= *2"));
    assert!(truth("0 <= 0"));
    assert!(truth("*1 <| *2") && truth("*1 |> *2"));
    assert!(!truth("*1 < *2") && !truth("*1 > *2"));
    assert!(truth("*7 >= *7") && !truth("*7 <> *7") && !truth("*7 <| *7"));
    assert!(truth("*1 != *2"));
    assert_eq!(eval("*1 == *1").unwrap().to_string(), "true");
}

#[test]
fn a_session_keeps_its_bindings() {
    let mut env = Env::new();
    assert_eq!(env.run("let a = *3"), Ok(Some(Value::Nimber(3))));
    assert_eq!(env.run("a + *5"), Ok(Some(Value::Nimber(6))));
    assert_eq!(env.run("let a = a + a"), Ok(Some(Value::Nimber(0))));
    assert_eq!(env.run("a == 0"), Ok(Some(Value::Bool(true))));
    assert_eq!(env.run(""), Ok(None));
    assert!(matches!(
        env.run("b"),
        Err(LangError::UnknownName { column: 1, .. })
    ));
    // A one-off evaluation forgets.
    assert!(eval("a").is_err());
}

#[test]
fn errors_point_at_their_column() {
    assert_eq!(
        message("{2 || 1 | 0"),
        "column 12: expected '}' but the expression ended"
    );
    assert_eq!(
        message("*3 + (*5"),
        "column 9: expected ')' but the expression ended"
    );
    assert_eq!(
        message("nimprod(1,"),
        "column 11: expected a value but the expression ended"
    );
    assert_eq!(message("*3 & *1"), "column 4: unexpected character '&'");
    assert_eq!(
        message("*1 = *1"),
        "column 4: '=' binds a name after 'let'; to compare, write '=='"
    );
    assert!(message("3 + *5").starts_with("column 1: the integer 3 is a partizan value"));
    assert!(message("3 + *5").contains("write *3"));
    assert!(message("*1 + ^").starts_with("column 6: up (^) is a partizan value"));
    assert!(message("*1 + {0 | 1}").starts_with("column 6: a game literal {L | R}"));
    assert!(message("G.cool(1)").starts_with("column 2: methods such as .cool"));
    assert!(message("*2 * *3").starts_with("column 4: multiplication of games"));
    assert!(message("*2 : *3").starts_with("column 4: the ordinal sum"));
    assert!(message("nimpow(2, *3)").starts_with("column 11: the exponent of nimpow"));
    assert_eq!(
        message("nimprod(2, 3) + sqrt(2)"),
        "column 17: unknown function 'sqrt'; the functions are nimsum, nimprod, nimdiv, nimpow, \
         niminv and nimsqrt"
    );
    assert_eq!(
        message("*1 + nimdiv(*3, *2 + *2)"),
        "column 17: nimdiv: *0 has no inverse (division by zero)"
    );
}

#[test]
fn every_partizan_construct_parses_then_is_refused() {
    for text in [
        "3",
        "-3/8",
        "1/3",
        "^",
        "^^",
        "^3",
        "^*",
        "v",
        "vv*",
        "v*2",
        "1/2^*3",
        "3*",
        "±1",
        "+-*",
        "{|}",
        "{0 | 1}",
        "{2 || 1 | 0}",
        "{1, * | -1, ^}",
        "3 * *2",
        "3**2",
        "*1 : *2",
        "G.cool(1)",
        "G.Temperature",
        "{1|0||-1}.mean",
        "3 <| 2",
        "let g = {0 | v}",
    ] {
        assert!(parse(text).is_ok(), "{text} should parse");
        let error = eval(text).expect_err(text);
        let message = error.to_string();
        assert!(message.starts_with("column "), "{text}: {message}");
        assert!(!message.contains("panic"), "{text}: {message}");
    }
}

#[test]
fn numbers_past_2_to_the_128() {
    let past = "340282366920938463463374607431768211456";
    assert_eq!(
        message(&format!("*{past}")),
        format!("column 1: *{past} is too large; nimbers go up to 2^128 − 1")
    );
    assert_eq!(
        message(&format!("nimprod(3, {past})")),
        format!("column 12: {past} is too large; field elements go up to 2^128 − 1")
    );
    assert!(message(&format!("nimpow(3, {past})")).contains("exponents go up to"));
    // Thousands of digits: the message stays one short line.
    let huge = "9".repeat(5000);
    let long = message(&format!("*{huge}"));
    assert!(long.len() < 200, "{long}");
    assert!(long.contains("5001 characters"), "{long}");
}

/// 60,000 levels of each kind of nesting: an error naming the column past the limit, never a
/// stack overflow.
#[test]
fn deep_nesting_is_refused_not_a_crash() {
    const N: usize = 60_000;
    let cases: Vec<(String, usize)> = vec![
        (
            format!("{}*{}", "(".repeat(N), ")".repeat(N)),
            MAX_DEPTH + 1,
        ),
        (format!("{}*{}", "(".repeat(N), ""), MAX_DEPTH + 1),
        (
            format!("{}|{}", "{".repeat(N), "}".repeat(N)),
            MAX_DEPTH + 1,
        ),
        (format!("{}*", "- ".repeat(N)), 2 * MAX_DEPTH + 1),
        (format!("{}*", "-".repeat(N)), MAX_DEPTH + 1),
        (format!("{}*", "±".repeat(N)), MAX_DEPTH + 1),
        (
            format!("{}*{}", "nimsum(".repeat(N), ")".repeat(N)),
            7 * (MAX_DEPTH + 1),
        ),
        (
            format!("*{}", ".f(1)".repeat(N)),
            2 + 5 * (MAX_DEPTH - 1) + 2,
        ),
        (format!("*{}", ".f".repeat(N)), 2 + 2 * MAX_DEPTH),
        (
            format!("{}*{}", "(-".repeat(N), ")".repeat(N)),
            MAX_DEPTH + 1,
        ),
    ];
    on_default_stack(move || {
        for (text, column) in cases {
            let error = parse(&text).expect_err("too deep");
            assert_eq!(
                error,
                LangError::TooDeep {
                    column,
                    limit: MAX_DEPTH
                },
                "{}...",
                &text[..20]
            );
            assert_eq!(
                error.to_string(),
                format!("column {column}: nested more than {MAX_DEPTH} deep")
            );
            assert!(eval(&text).is_err());
        }
    });
}

/// Bars nest games too: `{0 | 0 || 0 ||| 0 ...}` with ever higher bars.
#[test]
fn deeply_nested_bars_are_refused() {
    let mut text = "{0".to_string();
    for height in 1..=300 {
        text.push_str(&format!(" {} 0", "|".repeat(height)));
    }
    text.push('}');
    let error = on_default_stack(move || parse(&text).expect_err("too deep"));
    assert!(matches!(error, LangError::TooDeep { .. }), "{error}");
}

/// Long chains at one level are flat: no depth limit, no stack.
#[test]
fn long_chains_are_fine() {
    const N: usize = 60_000;
    on_default_stack(|| {
        let sum = vec!["*1"; N].join(" + ");
        assert_eq!(eval(&sum), Ok(Value::Nimber(0)));
        let sum = format!("nimsum({})", vec!["3"; N + 1].join(", "));
        assert_eq!(eval(&sum), Ok(Value::Nimber(3)));
        let ordinal = vec!["*1"; N].join(" : ");
        assert!(parse(&ordinal).is_ok());
        let product = vec!["*2"; N].join(" * ");
        assert!(parse(&product).is_ok());
        let options = format!("{{{} | }}", vec!["*"; N].join(", "));
        assert!(parse(&options).is_ok());
    });
}

/// At the limit itself everything still evaluates, on a default stack, with the deepest trees
/// the parser builds per level.
#[test]
fn nesting_at_the_limit_evaluates() {
    on_default_stack(|| {
        let parens = format!("{}*5{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert_eq!(eval(&parens), Ok(Value::Nimber(5)));
        // Each level: a sum, a negation and parentheses.
        let levels = MAX_DEPTH / 2;
        let mixed = format!("{}*1{}", "*1 + -(".repeat(levels), ")".repeat(levels));
        assert_eq!(eval(&mixed), Ok(Value::Nimber(((levels + 1) % 2) as u128)));
        let calls = format!(
            "{}*1{}",
            "nimsum(1, ".repeat(MAX_DEPTH),
            ")".repeat(MAX_DEPTH)
        );
        assert_eq!(
            eval(&calls),
            Ok(Value::Nimber(((MAX_DEPTH + 1) % 2) as u128))
        );
        let compare = format!(
            "{}*1{} == *1",
            "*1 + (".repeat(MAX_DEPTH),
            ")".repeat(MAX_DEPTH)
        );
        assert!(eval(&compare).is_ok());
    });
}

/// The evaluator keeps its own stack: a tree built by hand, far deeper than any parse,
/// evaluates on a default stack.
#[test]
fn the_evaluator_does_not_recurse() {
    on_default_stack(|| {
        let mut expr = Expr {
            column: 1,
            kind: ExprKind::Nimber(None),
        };
        for _ in 0..100_000 {
            expr = Expr {
                column: 1,
                kind: ExprKind::Negate(Box::new(expr)),
            };
        }
        assert_eq!(Env::new().eval(&expr), Ok(Value::Nimber(1)));
        // Take the tree apart by hand: dropping it would recurse.
        while let ExprKind::Negate(inner) = expr.kind {
            expr = *inner;
        }
    });
}

#[test]
fn let_parses_to_a_statement() {
    assert!(matches!(
        parse("let a = *3 + *5"),
        Ok(Statement::Let { ref name, column: 5, .. }) if name == "a"
    ));
    assert!(matches!(parse("*3"), Ok(Statement::Expr(_))));
    assert_eq!(eval("let a = *3 + *5"), Ok(Value::Nimber(6)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any text from the language's characters parses or is refused; nothing panics.
    #[test]
    fn any_text_evaluates_or_is_refused(
        text in prop_oneof![
            "[0-9*^v{}|,()+\\-:.<>=! a-z]{0,40}",
            "[0-9*^v{}|,()+\\-:.<>=!±]{0,24}",
            "(let [a-c] = )?[*0-9 +(){}|,-]{0,30}",
        ],
    ) {
        if let Err(error) = eval(&text) {
            prop_assert!(!error.to_string().is_empty());
        }
        let mut env = Env::new();
        let _ = env.run(&text);
        let _ = env.run(&text);
    }

    /// Nim-sum in the language is XOR, whichever way it is written.
    #[test]
    fn nim_sum_is_xor(a: u128, b: u128) {
        let expected: Result<Value, LangError> = Ok(Value::Nimber(a ^ b));
        prop_assert_eq!(eval(&format!("*{a} + *{b}")), expected.clone());
        prop_assert_eq!(eval(&format!("*{a} - *{b}")), expected.clone());
        prop_assert_eq!(eval(&format!("nimsum({a}, {b})")), expected.clone());
        prop_assert_eq!(eval(&format!("*{a} + *{b} == *{}", a ^ b)), Ok(Value::Bool(true)));
    }

    /// Nim-product in the language is the `nimber` module's.
    #[test]
    fn nim_product_is_the_fields(a: u128, b: u128) {
        let expected: Result<Value, LangError> = Ok(Value::Nimber(nim_mul_u128(a, b)));
        prop_assert_eq!(eval(&format!("nimprod({a}, {b})")), expected.clone());
        prop_assert_eq!(eval(&format!("nimprod(*{a}, *{b})")), expected.clone());
        if a != 0 {
            prop_assert_eq!(
                eval(&format!("nimdiv(nimprod({a}, {b}), {a})")),
                Ok(Value::Nimber(b))
            );
        }
    }
}
