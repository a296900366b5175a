//! The expression language as a user meets it: the printed forms of the texts, errors that
//! point at a column, no input that panics or exhausts the stack, the nim field as the
//! `nimber` module computes it and numbers as `Dyadic` computes them.

use crate::common::{message, show};
use conway::engine::SearchError;
use conway::lang::{
    eval, eval_game, eval_nimber, parse, Env, Expr, ExprKind, LangError, Statement, Value,
    MAX_DEPTH,
};
use conway::nimber::nim_mul_u128;
use conway::number::Dyadic;
use conway::short::Store;
use proptest::prelude::*;

fn nimber(text: &str) -> u128 {
    eval_nimber(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn truth(text: &str) -> bool {
    match show(text).as_str() {
        "true" => true,
        "false" => false,
        other => panic!("{text} is {other}, not a truth value"),
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
    assert_eq!(show("*3 + *5"), "*6");
    assert_eq!(show("nimprod(8, 8)"), "*13");
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
    assert_eq!(show("*1 == *1"), "true");
}

#[test]
fn a_session_keeps_its_bindings() {
    let mut env = Env::new();
    let mut run = |line: &str| {
        env.run(line)
            .map(|value| value.map(|v| env.show(&v).expect("short")))
    };
    assert_eq!(run("let a = *3"), Ok(Some("*3".into())));
    assert_eq!(run("a + *5"), Ok(Some("*6".into())));
    assert_eq!(run("let a = a + a"), Ok(Some("0".into())));
    assert_eq!(run("a == 0"), Ok(Some("true".into())));
    assert_eq!(run("let g = {1 | 0}"), Ok(Some("{1|0}".into())));
    assert_eq!(run("let h = g + 1/2"), Ok(Some("{3/2|1/2}".into())));
    assert_eq!(run("h - g"), Ok(Some("1/2".into())));
    assert_eq!(run(""), Ok(None));
    assert!(matches!(
        run("b"),
        Err(LangError::UnknownName { column: 1, .. })
    ));
    // Names are case-sensitive; functions and methods are not.
    assert!(run("G").is_err());
    assert_eq!(run("tiny(1) == TINY(1)"), Ok(Some("true".into())));
    // A one-off evaluation forgets.
    assert!(eval("a").is_err());
}

/// The forms the texts print (chapters 6–8), as the language prints them.
#[test]
fn values_print_as_the_texts_write_them() {
    for (text, printed) in [
        ("1/2", "1/2"),
        ("*2", "*2"),
        ("^*", "^*"),
        ("+-1", "+-1"),
        ("±1", "+-1"),
        ("{2|-1/2}", "{2|-1/2}"),
        ("{2 | -1/2}", "{2|-1/2}"),
        ("3^*", "3^*"),
        ("3 + ^ + *", "3^*"),
        ("{0||0|-2}", "Tiny(2)"),
        ("Tiny(2)", "Tiny(2)"),
        ("Miny(2)", "Miny(2)"),
        ("*3 + *5", "*6"),
        ("{1|0}", "{1|0}"),
        ("{^ | v}", "*"),
        ("{^^ | ^^}", "^3*"),
        ("{0 | *}", "^"),
        ("{0, * | 0}", "^*"),
        ("{0 | ^*}", "^^"),
        ("{|}", "0"),
        ("{0|}", "1"),
        ("{|0}", "-1"),
        ("{0|1}", "1/2"),
        ("{0, * | 0, *}", "*2"),
        ("{* |}", "0"),
        ("-(3/8)", "-3/8"),
        ("-{2 | -1/2}", "{1/2|-2}"),
        // {{1|0} | {0|-1}}: whoever moves first hands the other a winning move.
        ("+-{1|0}", "0"),
        ("+-{2|1}", "+-{2|1}"),
        ("1 +- 1", "{2|0}"),
        ("v3*", "v3*"),
        ("^3 - ^", "^^"),
        ("2 * ^ + -2 * ^", "0"),
        ("1 : 1", "2"),
        ("1 : -1", "1/2"),
        ("* : *", "*2"),
        ("1/2 * 1/2", "1/4"),
        ("1000000000000 * ^", "^1000000000000"),
        ("1000000000000 * {1|0}", "500000000000"),
        (
            "123456789012345678901234567890 + 1",
            "123456789012345678901234567891",
        ),
        (
            "1/340282366920938463463374607431768211456 * 2",
            "1/170141183460469231731687303715884105728",
        ),
    ] {
        assert_eq!(show(text), printed, "{text}");
    }
}

/// The identities of chapter 8 and the order of the infinitesimals.
#[test]
fn identities_of_the_infinitesimals() {
    for text in [
        "{^ | v} == *",
        "{0 | ^*} == ^^",
        "^ + ^ + * == {0 | ^}",
        "{^^ | ^^} == ^3 + *",
        "^* <> 0",
        "{0 | {0 | -2}} == Tiny(2)",
    ] {
        assert!(truth(text), "{text}");
    }
    assert!(truth("0 < Tiny(1)") && truth("Tiny(1) < ^") && truth("Tiny(2) < Tiny(1)"));
    assert!(truth("v < 0") && truth("Miny(1) < 0") && truth("v < Miny(1)"));
    assert!(truth("* <> 0") && truth("* <| 0") && truth("* |> 0") && !truth("* < 0"));
    assert!(truth("{1|0} <> 1/2") && truth("{1|0} |> 0") && !truth("{1|0} >= 0"));
    assert!(truth("^ < 1/1024") && truth("-1/1024 < v"));
    assert!(truth("{^ | v} != ^") && !truth("* != *"));
}

/// `eval_game` makes a game in the caller's store, for other commands to use.
#[test]
fn eval_game_fills_the_callers_store() {
    let mut store = Store::default();
    let g = eval_game("{2 || 1 | 0}", &mut store).unwrap();
    assert_eq!(store.show(g), "{2||1|0}");
    let same = eval_game("{2 | {1 | 0}}", &mut store).unwrap();
    assert_eq!(g, same, "equal games have equal ids in one store");
    let up = store.ups(1).unwrap();
    assert_eq!(eval_game("{0 | *}", &mut store), Ok(up));
    assert!(matches!(
        eval_game("^ < 1", &mut store),
        Err(LangError::Type { column: 3, .. })
    ));
    assert!(matches!(
        eval_game("", &mut store),
        Err(LangError::Syntax { column: 1, .. })
    ));
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
    assert_eq!(message("*3 % *1"), "column 4: unexpected character '%'");
    assert_eq!(
        message("*1 = *1"),
        "column 4: '=' binds a name after 'let'; to compare, write '=='"
    );
    assert_eq!(
        message("{1 | 2/3}"),
        "column 6: 2/3 is not a dyadic rational: the numbers of short games have a power of 2 \
         below the line"
    );
    assert!(message("1 + 3/6").starts_with("column 5: 3/6 is not a dyadic rational"));
    assert!(message("{0 | 1/0}").starts_with("column 6: 1/0 has 0 below the line"));
    assert!(message("G.cool(1)").starts_with("column 1: 'G' has no value"));
    assert!(message("^.Cool(^)").starts_with("column 8: .Cool: must be a number"));
    assert!(message("^.Foo").starts_with("column 2: unknown method '.Foo'"));
    assert!(message("*2 * *3").starts_with("column 4: '*' multiplies a game by an integer"));
    assert!(message("*2 * *3").contains("nimprod(a, b)"));
    assert!(message("^ * {1|0}").contains("neither ^ nor {1|0} is one"));
    assert!(message("nimpow(2, *3)").starts_with("column 11: the exponent of nimpow"));
    assert!(message("nimprod(2, ^)").starts_with("column 12: nimprod needs nimbers, but this is ^"));
    assert!(message("Tiny(1 == 1)").starts_with("column 8: Tiny needs short games"));
    assert!(message("^ : (1 < 2)").starts_with("column 8: an ordinal sum needs short games"));
    assert_eq!(
        message("nimprod(2, 3) + sqrt(2)"),
        "column 17: unknown function 'sqrt'; the functions are nimsum, nimprod, nimdiv, nimpow, \
         niminv, nimsqrt, Tiny and Miny"
    );
    assert_eq!(
        message("*1 + nimdiv(*3, *2 + *2)"),
        "column 17: nimdiv: *0 has no inverse (division by zero)"
    );
}

/// Every construct of the grammar has a value now.
#[test]
fn every_construct_evaluates() {
    for text in [
        "3",
        "-3/8",
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
        "{1|0||-1}.IsNumber",
        "3 <| 2",
        "let g = {0 | v}",
    ] {
        assert!(eval(text).is_ok(), "{text}: {:?}", eval(text));
    }
}

/// A computation past the store's memory stops with the store's error, and the session
/// goes on.
#[test]
fn a_computation_too_big_is_an_error() {
    let mut env = Env::with_store(Store::new(4 << 20));
    let error = env.run("*2 + {*100000000 | 0}").unwrap_err();
    assert!(
        matches!(
            error,
            LangError::Limit {
                column: 6,
                source: SearchError::OutOfMemory { limit: 4194304 },
            }
        ),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "column 6: the computation needs more than 4 MiB of memory; ask for less or raise the \
         limit"
    );
    assert!(matches!(
        env.run("9223372036854775807 * ^ + ^"),
        Err(LangError::Limit {
            column: 25,
            source: SearchError::TooLarge { .. }
        })
    ));
    // An ordinal sum of numbers has a closed form; of another game, the recursion stops at
    // the limit.
    assert!(matches!(
        env.run("1 : 9223372036854775807"),
        Ok(Some(Value::Game(_)))
    ));
    assert!(matches!(
        env.run("{1|0} : 9223372036854775807"),
        Err(LangError::Limit { column: 7, .. })
    ));
    assert_eq!(env.run("^ == ^"), Ok(Some(Value::Bool(true))));
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
    // An integer game of 5000 digits is fine: numbers have no size limit.
    assert_eq!(
        show(&format!("{huge} + 1")),
        format!("1{}", "0".repeat(5000))
    );
    let big_up = "9223372036854775808";
    assert_eq!(
        message(&format!("^{big_up}")),
        format!("column 1: {big_up} is too large; counts of ups go up to 2^63 − 1")
    );
    assert!(message(&format!("{big_up}0 * {{1|0||-1}}"))
        .starts_with("column 22: 92233720368547758080 is too large; integers multiplying"));
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
        assert_eq!(eval(&sum).as_deref(), Ok("0"));
        let sum = vec!["^"; N].join(" - ");
        assert_eq!(eval(&sum), Ok(format!("v{}", N - 2)));
        let sum = format!("nimsum({})", vec!["3"; N + 1].join(", "));
        assert_eq!(eval(&sum).as_deref(), Ok("*3"));
        let ordinal = vec!["1"; N].join(" : ");
        assert_eq!(eval(&ordinal), Ok(N.to_string()));
        let product = vec!["1"; N].join(" * ");
        assert_eq!(eval(&product).as_deref(), Ok("1"));
        let options = format!("{{{} | }}", vec!["*"; N].join(", "));
        assert_eq!(eval(&options).as_deref(), Ok("0"));
    });
}

/// At the limit itself everything still evaluates, on a default stack, with the deepest trees
/// the parser builds per level.
#[test]
fn nesting_at_the_limit_evaluates() {
    on_default_stack(|| {
        let parens = format!("{}*5{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert_eq!(eval(&parens).as_deref(), Ok("*5"));
        // Each level: a sum, a negation and parentheses.
        let levels = MAX_DEPTH / 2;
        let mixed = format!("{}*1{}", "*1 + -(".repeat(levels), ")".repeat(levels));
        assert_eq!(eval_nimber(&mixed), Ok(((levels + 1) % 2) as u128));
        let calls = format!(
            "{}*1{}",
            "nimsum(1, ".repeat(MAX_DEPTH),
            ")".repeat(MAX_DEPTH)
        );
        assert_eq!(eval_nimber(&calls), Ok(((MAX_DEPTH + 1) % 2) as u128));
        // Games nested to the limit: 0, {0|}, {{0|}|}, ... is 0, 1, 2, ...
        let games = format!("{}0{}", "{".repeat(MAX_DEPTH), "|}".repeat(MAX_DEPTH));
        assert_eq!(eval(&games), Ok(MAX_DEPTH.to_string()));
        let switches = format!("{}1{}", "+-".repeat(MAX_DEPTH), "");
        assert!(eval(&switches).is_ok());
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
        let mut env = Env::new();
        let value = env.eval(&expr).unwrap();
        assert_eq!(env.show(&value).as_deref(), Ok("*"));
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
    assert_eq!(eval("let a = *3 + *5").as_deref(), Ok("*6"));
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
        prop_assert_eq!(eval_nimber(&format!("*{a} + *{b}")), Ok(a ^ b));
        prop_assert_eq!(eval_nimber(&format!("*{a} - *{b}")), Ok(a ^ b));
        prop_assert_eq!(eval_nimber(&format!("nimsum({a}, {b})")), Ok(a ^ b));
        let equal = format!("*{a} + *{b} == *{}", a ^ b);
        prop_assert!(truth(&equal));
    }

    /// Nim-product in the language is the `nimber` module's.
    #[test]
    fn nim_product_is_the_fields(a: u128, b: u128) {
        let expected = Ok(nim_mul_u128(a, b));
        prop_assert_eq!(eval_nimber(&format!("nimprod({a}, {b})")), expected.clone());
        prop_assert_eq!(eval_nimber(&format!("nimprod(*{a}, *{b})")), expected);
        if a != 0 {
            prop_assert_eq!(eval_nimber(&format!("nimdiv(nimprod({a}, {b}), {a})")), Ok(b));
        }
    }

    /// Numbers in the language are `Dyadic`'s: sums, differences, products and order.
    #[test]
    fn numbers_are_dyadic_arithmetic(
        a in any::<i64>(), j in 0u32..70, b in any::<i64>(), k in 0u32..70,
    ) {
        let x = Dyadic::new(a.into(), j);
        let y = Dyadic::new(b.into(), k);
        let text = |d: &Dyadic| format!("({d})");
        let (tx, ty) = (text(&x), text(&y));
        prop_assert_eq!(show(&format!("{tx} + {ty}")), (&x + &y).to_string());
        prop_assert_eq!(show(&format!("{tx} - {ty}")), (&x - &y).to_string());
        prop_assert_eq!(show(&format!("{tx} * {ty}")), (&x * &y).to_string());
        prop_assert_eq!(truth(&format!("{tx} <= {ty}")), x <= y);
        prop_assert_eq!(truth(&format!("{tx} < {ty}")), x < y);
        let confused = format!("{tx} <> {ty}");
        prop_assert!(!truth(&confused), "numbers are never confused");
    }

    /// A multiple is the repeated sum, and `n * G` is `G * n`.
    #[test]
    fn multiples_are_repeated_sums(n in -6i64..=6, pick in 0usize..6) {
        let game = ["^*", "{1|0}", "{2|-1/2}", "Tiny(1)", "*3", "1/2^"][pick];
        let mut env = Env::new();
        let product = env.run(&format!("{n} * {game}")).unwrap().unwrap();
        let other = env.run(&format!("({game}) * {n}")).unwrap().unwrap();
        let term = if n < 0 { format!("-({game})") } else { format!("({game})") };
        let repeated = if n == 0 {
            "0".to_string()
        } else {
            vec![term; n.unsigned_abs() as usize].join(" + ")
        };
        let sum = env.run(&repeated).unwrap().unwrap();
        prop_assert_eq!(product, sum.clone());
        prop_assert_eq!(other, sum);
    }
}
