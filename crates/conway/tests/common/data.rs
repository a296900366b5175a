//! The numbers of the texts, kept as data in `tests/data/` (each file's header gives its format
//! and its sources): the reader every test shares, and the lookups of the impartial files. A
//! lookup that finds nothing fails, so that a misspelt name cannot leave a test without its
//! oracle.

use conway::engine::{Outcome, Play};

/// The records of the data file `tests/data/{path}`: its lines that are neither blank nor
/// comments, split at tabs, with their line numbers.
pub fn records(path: &str) -> Vec<(usize, Vec<String>)> {
    let path = format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(i, line)| (i + 1, line.split('\t').map(str::to_string).collect()))
        .collect()
}

/// The numbers of a space-separated list.
pub fn numbers(text: &str) -> Vec<u64> {
    text.split(' ')
        .map(|n| n.parse().unwrap_or_else(|e| panic!("{text}: {n}: {e}")))
        .collect()
}

/// The records of `impartial/{file}` (each of `fields` fields) that `wanted` keeps, with where
/// each comes from (`file:line`); at least one, else `what` is missing.
fn impartial(
    file: &str,
    fields: usize,
    wanted: impl Fn(&[String]) -> bool,
    what: &str,
) -> Vec<(String, Vec<String>)> {
    let found: Vec<_> = records(&format!("impartial/{file}"))
        .into_iter()
        .map(|(line, record)| {
            assert_eq!(record.len(), fields, "{file}:{line}: {record:?}");
            (format!("{file}:{line}"), record)
        })
        .filter(|(_, record)| wanted(record))
        .collect();
    assert!(!found.is_empty(), "{file}: nothing for {what}");
    found
}

/// Whether a source names `item`: it is `item`, or `item` followed by a finer item or a remark
/// (`ch1 ex 2` names `ch1 ex 2(b)` and `ch1 ex 2 [computed]`, not `ch1 ex 20`).
fn names(source: &str, item: &str) -> bool {
    source
        .strip_prefix(item)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '.'))
}

/// The stretches `(first, values)` of the nim values of `game` that the texts give
/// (`values.tsv`): the value of `n` is `values[n - first]`.
pub fn value_stretches(game: &str) -> Vec<(u64, Vec<u64>)> {
    impartial("values.tsv", 4, |record| record[0] == game, game)
        .into_iter()
        .map(|(_, record)| (record[1].parse().unwrap(), numbers(&record[2])))
        .collect()
}

/// The values of `game` from 0, where the texts give them as one stretch from 0.
pub fn sequence(game: &str) -> Vec<u64> {
    match &value_stretches(game)[..] {
        [(0, values)] => values.clone(),
        _ => panic!("values.tsv: {game} is not one stretch from 0"),
    }
}

/// The value of `n` in `game` that the texts give (`values.tsv`).
pub fn value_of(game: &str, n: u64) -> u64 {
    value_stretches(game)
        .into_iter()
        .find_map(|(first, values)| values.get(n.checked_sub(first)? as usize).copied())
        .unwrap_or_else(|| panic!("values.tsv: no g({n}) for {game}"))
}

/// Checks `value(n)` against every value the texts give for `game` (`values.tsv`).
pub fn check_values(game: &str, mut value: impl FnMut(u64) -> u64) {
    for (first, values) in value_stretches(game) {
        for (n, &expected) in (first..).zip(&values) {
            assert_eq!(value(n), expected, "{game}: g({n})");
        }
    }
}

/// The rows `(row, first column, values)` of `table` (`tables.tsv`).
pub fn table(name: &str) -> Vec<(u64, u64, Vec<u64>)> {
    impartial("tables.tsv", 5, |record| record[0] == name, name)
        .into_iter()
        .map(|(_, record)| {
            let [_, row, first, values, _] = &record[..] else {
                unreachable!()
            };
            (
                row.parse().unwrap(),
                first.parse().unwrap(),
                numbers(values),
            )
        })
        .collect()
}

/// Checks `cell(row, column)` against every cell of `table` (`tables.tsv`).
pub fn check_table(name: &str, mut cell: impl FnMut(u64, u64) -> u64) {
    for (row, first, values) in table(name) {
        for (column, &expected) in (first..).zip(&values) {
            assert_eq!(cell(row, column), expected, "{name} ({row},{column})");
        }
    }
}

/// A position of the texts and what they say of it (`positions.tsv`).
pub struct Known {
    pub game: String,
    pub position: String,
    pub play: Play,
    pub outcome: Outcome,
    /// Its nim value where the text gives it.
    pub value: Option<u64>,
    /// Where the record is, for messages.
    pub at: String,
}

/// The positions of the text item `item` (a source, such as `ch3 example 3.5`).
pub fn positions(item: &str) -> Vec<Known> {
    impartial("positions.tsv", 6, |record| names(&record[5], item), item)
        .into_iter()
        .map(|(at, record)| {
            let [game, position, play, outcome, value, _] = &record[..] else {
                unreachable!()
            };
            Known {
                game: game.clone(),
                position: position.clone(),
                play: play_of(play),
                outcome: outcome_of(outcome),
                value: (value != "-").then(|| value.parse().unwrap()),
                at,
            }
        })
        .collect()
}

/// A position of the texts and its winning moves (`moves.tsv`).
pub struct KnownMoves {
    pub game: String,
    pub position: String,
    pub play: Play,
    /// Every winning move, as the position it leaves, in the order the engine lists them.
    pub moves: Vec<String>,
    /// Where the record is, for messages.
    pub at: String,
}

/// The winning moves of the text item `item` (a source, such as `ch2 ex 2.5-2`).
pub fn moves(item: &str) -> Vec<KnownMoves> {
    impartial("moves.tsv", 5, |record| names(&record[4], item), item)
        .into_iter()
        .map(|(at, record)| {
            let [game, position, play, moves, _] = &record[..] else {
                unreachable!()
            };
            let moves = match moves.as_str() {
                "none" => vec![],
                moves => moves.split("; ").map(str::to_string).collect(),
            };
            KnownMoves {
                game: game.clone(),
                position: position.clone(),
                play: play_of(play),
                moves,
                at,
            }
        })
        .collect()
}

/// The nim-sums `(a, b, a ⊕ b)` of the text item `item` (`nim_arithmetic.tsv`).
pub fn sums(item: &str) -> Vec<(u64, u64, u64)> {
    nim_arithmetic("⊕", item)
}

/// The nim-products `(a, b, a ⊗ b)` of the text item `item` (`nim_arithmetic.tsv`).
pub fn products(item: &str) -> Vec<(u64, u64, u64)> {
    nim_arithmetic("⊗", item)
}

fn nim_arithmetic(operation: &str, item: &str) -> Vec<(u64, u64, u64)> {
    let wanted = |record: &[String]| record[1] == operation && names(&record[4], item);
    impartial("nim_arithmetic.tsv", 5, wanted, item)
        .into_iter()
        .map(|(_, record)| {
            let [a, b, result] = [0, 2, 3].map(|i| record[i].parse().unwrap());
            (a, b, result)
        })
        .collect()
}

fn play_of(text: &str) -> Play {
    match text {
        "normal" => Play::Normal,
        "misere" => Play::Misere,
        other => panic!("unknown play {other}"),
    }
}

fn outcome_of(text: &str) -> Outcome {
    match text {
        "P" => Outcome::P,
        "N" => Outcome::N,
        other => panic!("unknown outcome {other}"),
    }
}
