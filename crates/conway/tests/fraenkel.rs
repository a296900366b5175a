//! Fraenkel's article "Combinatorial games" (seed 004): oracles 1–8 of the spec on loopy
//! games and compounds, his 2-D Nim checked against the mex definition, and his split Nim.
//! (Four-heap Nim (13, 42, 30, 43) and the six replies to (1, 2, 3) are in chapter2.rs.)

mod common;

use common::Solved;
use conway::analysis::{Budget, Request};
use conway::engine::{Outcome, Play};
use conway::games::{find, ruleset};
use std::collections::HashMap;

fn report(spec: &str, position: &str, play: Play) -> Solved {
    common::solve(spec, position, play, usize::MAX)
}

fn outcome(spec: &str, position: &str, play: Play) -> Outcome {
    report(spec, position, play).outcome
}

fn nim_value(spec: &str, position: &str) -> u64 {
    report(spec, position, Play::Normal).nim_value.unwrap()
}

fn moves_to(spec: &str, position: &str, play: Play) -> Vec<String> {
    report(spec, position, play)
        .winning_moves
        .into_iter()
        .map(|m| m.to)
        .collect()
}

/// The least number not in `values`.
fn mex(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).unwrap()
}

#[test]
fn oracle_1_nim_1_2_3_is_p_normal_and_misere() {
    assert_eq!(outcome("nim", "1 2 3", Play::Normal), Outcome::P);
    assert_eq!(outcome("nim", "1 2 3", Play::Misere), Outcome::P);
}

#[test]
fn oracle_2_misere_nim() {
    let cases = [
        ("1 1 0", Outcome::N),
        ("1 1 1", Outcome::P),
        ("2 2 0", Outcome::P),
        ("0 0 0", Outcome::N),
    ];
    for (heaps, expected) in cases {
        assert_eq!(outcome("nim", heaps, Play::Misere), expected, "{heaps}");
        assert_eq!(
            outcome("misere-nim", heaps, Play::Normal),
            expected,
            "{heaps}"
        );
    }
}

#[test]
fn oracle_3_subtract_one_or_two_with_three_heaps() {
    let game = "subtraction:1,2";
    assert_eq!(outcome(game, "1 6 10", Play::Normal), Outcome::P);
    assert_eq!(outcome(game, "1 6 8", Play::Normal), Outcome::N);
    assert_eq!(moves_to(game, "1 6 8", Play::Normal), ["1 6 7"]);
    assert_eq!(outcome(game, "1 6 7", Play::Normal), Outcome::P);
}

#[test]
fn oracle_4_subtract_up_to_three_beyond_the_pairing_rule() {
    // 1, 2, 3 pair up in no way (no two differ by a multiple of 4, none is), yet
    // 1 ⊕ 2 ⊕ 3 = 0 on the values n mod 4.
    assert_eq!(
        outcome("subtraction:1,2,3", "1 2 3", Play::Normal),
        Outcome::P
    );
}

#[test]
fn oracle_5_misere_subtract_up_to_three() {
    let losing: Vec<u64> = (0..=20)
        .filter(|n| outcome("subtraction:1,2,3", &n.to_string(), Play::Misere) == Outcome::P)
        .collect();
    assert_eq!(losing, [1, 5, 9, 13, 17]);
}

/// The matrix with these rows, in the notation of nim-2d.
fn written(rows: &[Vec<u64>]) -> String {
    rows.iter()
        .map(|row| row.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("|")
}

/// Every matrix of `rows` × `columns` with entries at most `max`.
fn matrices(rows: usize, columns: usize, max: u64) -> Vec<Vec<Vec<u64>>> {
    let mut cells = vec![Vec::new()];
    for _ in 0..rows * columns {
        cells = cells
            .into_iter()
            .flat_map(|c: Vec<u64>| (0..=max).map(move |h| [c.clone(), vec![h]].concat()))
            .collect();
    }
    cells
        .into_iter()
        .map(|c| c.chunks(columns).map(<[u64]>::to_vec).collect())
        .collect()
}

#[test]
fn oracle_6_two_rowed_zero_one_matrices() {
    for n in 1..=5 {
        for m in matrices(2, n, 1) {
            let column = |top, bottom| {
                (0..n)
                    .filter(|&j| m[0][j] == top && m[1][j] == bottom)
                    .count()
            };
            let (a, b, c) = (column(1, 0), column(0, 1), column(1, 1));
            let expected = Outcome::p_if(a == b && c % 2 == 0);
            assert_eq!(
                outcome("nim-2d", &written(&m), Play::Normal),
                expected,
                "{m:?}"
            );
        }
    }
}

#[test]
fn oracle_7_two_d_nim_instances() {
    let cases = [
        ("1 1|1 1", Outcome::P),
        ("1 0|0 1", Outcome::P),
        ("1 1|0 1", Outcome::N),
        ("1 0|1 0", Outcome::N),
    ];
    for (m, expected) in cases {
        assert_eq!(outcome("nim-2d", m, Play::Normal), expected, "{m}");
    }
    // From (1 1|0 1) one move wins, listed once though it is a move of a row and of a column.
    let r = report("nim-2d", "1 1|0 1", Play::Normal);
    assert_eq!(r.winning_move_count, Some(1));
    assert_eq!(r.winning_moves[0].to, "1 0|0 1");
    assert_eq!(r.winning_moves[0].description, "row 1, column 2: 1 → 0");
}

/// The matrix turned half a turn.
fn half_turn(m: &[Vec<u64>]) -> Vec<Vec<u64>> {
    m.iter()
        .rev()
        .map(|row| row.iter().rev().copied().collect())
        .collect()
}

#[test]
fn oracle_8_point_symmetric_matrices_are_p() {
    let symmetric: Vec<_> = matrices(2, 2, 2)
        .into_iter()
        .chain(matrices(2, 4, 1))
        .filter(|m| half_turn(m) == *m)
        .collect();
    assert_eq!(symmetric.len(), 9 + 16);
    for m in symmetric {
        assert_eq!(
            outcome("nim-2d", &written(&m), Play::Normal),
            Outcome::P,
            "{m:?}"
        );
    }
}

/// The options of a matrix by Fraenkel's rule: in one row or one column, lower one or more
/// heaps, each to any smaller size.
fn two_d_options(m: &[Vec<u64>]) -> Vec<Vec<Vec<u64>>> {
    let (rows, columns) = (m.len(), m[0].len());
    let lines = (0..rows)
        .map(|i| (0..columns).map(|j| (i, j)).collect::<Vec<_>>())
        .chain((0..columns).map(|j| (0..rows).map(|i| (i, j)).collect()));
    let mut options = Vec::new();
    for line in lines {
        let mut reached = vec![m.to_vec()];
        for &(i, j) in &line {
            reached = reached
                .into_iter()
                .flat_map(|p| {
                    (0..=m[i][j]).map(move |h| {
                        let mut q = p.clone();
                        q[i][j] = h;
                        q
                    })
                })
                .collect();
        }
        options.extend(reached.into_iter().filter(|p| p != m));
    }
    options
}

fn two_d_value(m: &[Vec<u64>], memo: &mut HashMap<Vec<Vec<u64>>, u64>) -> u64 {
    if let Some(&v) = memo.get(m) {
        return v;
    }
    let values: Vec<u64> = two_d_options(m)
        .iter()
        .map(|o| two_d_value(o, memo))
        .collect();
    let v = mex(&values);
    memo.insert(m.to_vec(), v);
    v
}

#[test]
fn two_d_nim_values_are_the_mex_definition() {
    let (mut memo, mut misere_memo) = (HashMap::new(), HashMap::new());
    for m in matrices(2, 2, 3).into_iter().chain(matrices(2, 3, 2)) {
        let expected = two_d_value(&m, &mut memo);
        assert_eq!(nim_value("nim-2d", &written(&m)), expected, "{m:?}");
        let misere = outcome("nim-2d", &written(&m), Play::Misere);
        assert_eq!(misere, misere_outcome(&m, &mut misere_memo), "{m:?}");
    }
    // Its transpose is the same game.
    assert_eq!(
        nim_value("nim-2d", "3 1 2|0 2 1"),
        nim_value("nim-2d", "3 0|1 2|2 1")
    );
}

/// The misère outcome by its definition: the player with no move wins.
fn misere_outcome(m: &[Vec<u64>], memo: &mut HashMap<Vec<Vec<u64>>, Outcome>) -> Outcome {
    if let Some(&known) = memo.get(m) {
        return known;
    }
    let options = two_d_options(m);
    let losing = !options.is_empty()
        && options
            .iter()
            .all(|o| misere_outcome(o, memo) == Outcome::N);
    memo.insert(m.to_vec(), Outcome::p_if(losing));
    Outcome::p_if(losing)
}

#[test]
fn two_d_nim_is_documented_and_refuses_bad_matrices() {
    let info = find("nim-2d").unwrap();
    assert!(info.notation.contains('|'), "{}", info.notation);
    let rules = ruleset("nim-2d").unwrap();
    for bad in ["", "1 2|3", "1 2||3 4", "1 -2", "1,2|3,4", "|"] {
        assert!(rules.parse(bad).is_err(), "{bad:?}");
    }
    // A matrix whose moves could never be listed is refused, not attempted.
    let huge = "1000000000 1000000000|1000000000 1000000000";
    assert!(rules
        .parse(huge)
        .unwrap()
        .analyse(&Request::new(Play::Normal, &Budget::default).keep(1))
        .is_err());
}

/// The nim values of split Nim by the definition: leave any smaller heap (maybe none), or
/// split what is left into two non-empty heaps.
fn split_nim_values(through: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=through {
        let mut values: Vec<u64> = (0..n).map(|left| g[left]).collect();
        for left in 2..n {
            values.extend((1..left).map(|a| g[a] ^ g[left - a]));
        }
        g.push(mex(&values));
    }
    g
}

#[test]
fn split_nim_heap_values_are_the_heap_sizes() {
    let values = split_nim_values(200);
    for (n, &value) in values.iter().enumerate() {
        assert_eq!(value, n as u64);
        assert_eq!(nim_value("split-nim", &n.to_string()), value, "heap {n}");
    }
    // It is the code 0.7... written out.
    for n in [5, 17, 64] {
        assert_eq!(nim_value("octal:0.7...", &n.to_string()), n as u64);
    }
    assert!(find("split-nim")
        .unwrap()
        .summary
        .contains("P-positions are Nim's"));
}

#[test]
fn split_nim_p_positions_are_nims() {
    for a in 0..=7u64 {
        for b in 0..=7u64 {
            for c in 0..=7u64 {
                let heaps = format!("{a} {b} {c}");
                let expected = Outcome::p_if(a ^ b ^ c == 0);
                assert_eq!(
                    outcome("split-nim", &heaps, Play::Normal),
                    expected,
                    "{heaps}"
                );
            }
        }
    }
}
