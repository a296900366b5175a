//! Every value of chapters 5–9 of the texts, kept as data in `tests/data/short/` (see each
//! file's header for its format and sources), checked against the engine: one suite for every
//! ruleset, as regex checks every engine against one set of data files.

use conway::analysis::{Budget, Ruleset};
use conway::games::ruleset;
use conway::short::{GameId, Store};
use std::collections::BTreeSet;

/// The records of a data file: its lines that are neither blank nor comments, split at tabs,
/// with their line numbers.
fn records(name: &str) -> Vec<(usize, Vec<String>)> {
    let path = format!("{}/tests/data/short/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| (i + 1, line.split('\t').map(str::to_string).collect()))
        .collect()
}

/// The value of a position, or of the sum of the space-separated positions where the game's
/// notation does not read the whole text as one position.
fn value_of(rules: &dyn Ruleset, text: &str, store: &mut Store) -> Result<GameId, String> {
    let parts: Vec<String> = match rules.parse(text) {
        Ok(_) => vec![text.to_string()],
        Err(_) => text.split(' ').map(str::to_string).collect(),
    };
    let mut total = store.zero();
    for part in parts {
        let position = rules.parse(&part).map_err(|e| e.to_string())?;
        let value = position
            .value_in(store, Budget::default())
            .map_err(|e| e.to_string())?;
        total = store.add(total, value).map_err(|e| e.to_string())?;
    }
    Ok(total)
}

/// Games of the data not yet played by the engine; each must be named here, so that a
/// ruleset dropped by mistake fails the test.
const NOT_YET: &[&str] = &["eatcake", "toads", "seating", "col", "maundy", "hackenbush"];

#[test]
fn ruleset_values() {
    let mut failures = Vec::new();
    let mut skipped = BTreeSet::new();
    let mut checked = 0;
    for (line, fields) in records("rulesets.tsv") {
        let [game, position, expected, source] = &fields[..] else {
            panic!(
                "rulesets.tsv:{line}: expected 4 fields, found {}",
                fields.len()
            );
        };
        let Ok(rules) = ruleset(game) else {
            skipped.insert(game.clone());
            continue;
        };
        let mut store = Store::default();
        match value_of(rules.as_ref(), position, &mut store) {
            Ok(value) if store.show(value) == *expected => checked += 1,
            Ok(value) => failures.push(format!(
                "rulesets.tsv:{line}: {game} {position}: {} instead of {expected} ({source})",
                store.show(value)
            )),
            Err(e) => failures.push(format!("rulesets.tsv:{line}: {game} {position}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let unexpected: Vec<_> = skipped
        .iter()
        .filter(|game| !NOT_YET.contains(&game.as_str()))
        .collect();
    assert!(unexpected.is_empty(), "no ruleset for {unexpected:?}");
    assert!(checked > 200, "only {checked} records checked");
}

/// Records of `values.tsv` whose value the engine agrees with but prints otherwise, listed by
/// expression with the engine's text; none today. A record listed here that comes to print as
/// expected fails the test, so the list cannot go stale.
const PRINTED_OTHERWISE: &[(&str, &str)] = &[];

/// Every expression of `values.tsv` evaluated by the expression language: its printed value,
/// or `true` / `false` for a comparison, is the record's `expected`. Where the texts differ,
/// `expression == expected` tells a different value (a failure) from a different way of
/// printing the same value (which must be listed in [`PRINTED_OTHERWISE`]).
#[test]
fn expression_values() {
    let mut env = conway::lang::Env::new();
    let mut failures = Vec::new();
    let mut printed_otherwise = Vec::new();
    let mut checked = 0;
    for (line, fields) in records("values.tsv") {
        let [expression, expected, source] = &fields[..] else {
            panic!(
                "values.tsv:{line}: expected 3 fields, found {}",
                fields.len()
            );
        };
        let shown = env
            .run(expression)
            .and_then(|value| env.show(&value.expect("not blank")));
        let shown = match shown {
            Ok(shown) if shown == *expected => {
                checked += 1;
                continue;
            }
            Ok(shown) => shown,
            Err(e) => {
                failures.push(format!("values.tsv:{line}: {expression}: {e} ({source})"));
                continue;
            }
        };
        let same = env.run(&format!("({expression}) == ({expected})"));
        if same == Ok(Some(conway::lang::Value::Bool(true))) {
            printed_otherwise.push((expression.clone(), shown));
        } else {
            failures.push(format!(
                "values.tsv:{line}: {expression} is {shown}, not {expected} ({source})"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let listed: Vec<(String, String)> = PRINTED_OTHERWISE
        .iter()
        .map(|&(expression, shown)| (expression.to_string(), shown.to_string()))
        .collect();
    assert_eq!(printed_otherwise, listed, "equal values printed otherwise");
    assert!(checked > 600, "only {checked} records checked");
}
