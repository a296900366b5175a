//! Misère quotients: their answers against the definition of misère play on every small
//! position, the published figures, and `solve --misere` answering from them.

use conway::analysis::{Budget, Request};
use conway::engine::{Limits, Meter, Outcome, Play};
use conway::games::ruleset;
use conway::heap::{genus, HeapRule, Presentation, Quotient, TakeBreak};
use std::collections::{BTreeSet, HashMap};

/// Misère play by its definition: a position is a P-position when it has a move and every
/// move leads to an N-position (so a position without moves is an N-position).
struct Definition<'r> {
    rule: &'r dyn HeapRule,
    known: HashMap<Vec<u64>, bool>,
}

impl<'r> Definition<'r> {
    fn new(rule: &'r dyn HeapRule) -> Self {
        Definition {
            rule,
            known: HashMap::new(),
        }
    }

    /// The rows a move leads to, each heap replaced in place by what it leaves (0 if none).
    fn moves(&self, heaps: &[u64]) -> Vec<Vec<u64>> {
        let mut rows = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            self.rule.heap_options(h, &mut |parts| {
                let left: &[u64] = if parts.is_empty() { &[0] } else { parts };
                rows.push([&heaps[..i], left, &heaps[i + 1..]].concat());
            });
        }
        rows
    }

    fn is_p(&mut self, heaps: &[u64]) -> bool {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&p) = self.known.get(&key) {
            return p;
        }
        let moves = self.moves(&key);
        let p = !moves.is_empty() && moves.iter().all(|row| !self.is_p(row));
        self.known.insert(key, p);
        p
    }
}

/// Every row of one to four heaps of sizes 1 to 15, in order.
fn small_rows() -> Vec<Vec<u64>> {
    let mut rows: Vec<Vec<u64>> = (1..=15).map(|h| vec![h]).collect();
    let mut last = rows.clone();
    for _ in 1..4 {
        last = last
            .iter()
            .flat_map(|row| (row[row.len() - 1]..=15).map(move |h| [row.as_slice(), &[h]].concat()))
            .collect();
        rows.extend(last.iter().cloned());
    }
    rows
}

#[test]
fn solve_misere_answers_every_small_row_as_the_definition_does() {
    for (game, code) in [
        ("kayles", &[0u8, 7, 7][..]),
        ("dawson", &[0, 1, 3, 7]),
        ("octal:0.07", &[0, 0, 7]),
        ("octal:0.75", &[0, 7, 5]),
    ] {
        let rules = ruleset(game).unwrap();
        let rule = TakeBreak::new(code.to_vec(), 0).unwrap();
        let mut definition = Definition::new(&rule);
        for row in small_rows().iter().step_by(7) {
            let text = row.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
            let position = rules.parse_under(&text, Play::Misere).unwrap();
            let analysis = position
                .analyse(&Request::new(Play::Misere, &Budget::default).keep(usize::MAX))
                .unwrap();
            let p = definition.is_p(row);
            assert_eq!(
                analysis.outcome,
                if p { Outcome::P } else { Outcome::N },
                "{game} {text}"
            );
            let found: BTreeSet<String> = analysis.moves.iter().map(|m| m.to.show()).collect();
            let expected: BTreeSet<String> = definition
                .moves(row)
                .into_iter()
                .filter(|to| definition.is_p(to))
                .map(|to| to.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
                .collect();
            assert_eq!(found, expected, "{game} {text}");
        }
    }
}

fn quotient(code: &[u8], largest: u64) -> Quotient {
    let rule = TakeBreak::new(code.to_vec(), 0).unwrap();
    let mut meter = Meter::new(Limits::default());
    Quotient::compute(&rule, largest, &mut meter, |_, _| {}).unwrap()
}

#[test]
fn the_classes_of_small_rows_are_the_quotients_elements() {
    // Two rows are equivalent when every row added to both gives one outcome. Tested here
    // by every row of up to three heaps up to `largest`, by the definition alone: the classes
    // must be the quotient's elements, one for one.
    for (code, largest) in [(&[0u8, 7, 7][..], 9), (&[0, 0, 7], 10), (&[0, 7, 5], 8)] {
        let rule = TakeBreak::new(code.to_vec(), 0).unwrap();
        let q = quotient(code, largest);
        let mut rows: Vec<Vec<u64>> = vec![vec![]];
        for _ in 0..3 {
            let longer: Vec<Vec<u64>> = rows
                .iter()
                .flat_map(|r| {
                    (r.last().copied().unwrap_or(1)..=largest)
                        .map(move |h| [r.as_slice(), &[h]].concat())
                })
                .collect();
            rows.extend(longer);
            rows.sort();
            rows.dedup();
        }
        let mut definition = Definition::new(&rule);
        let mut classes: HashMap<Vec<bool>, usize> = HashMap::new();
        for row in &rows {
            let signature: Vec<bool> = rows
                .iter()
                .map(|test| definition.is_p(&[row.as_slice(), test].concat()))
                .collect();
            let element = q.element(row).unwrap();
            assert_eq!(
                *classes.entry(signature).or_insert(element),
                element,
                "{code:?} {row:?}"
            );
        }
        assert_eq!(classes.len(), q.order(), "{code:?} up to {largest}");
    }
}

#[test]
fn quotient_orders_as_published() {
    // Misère quotients but the trivial one (every row is the empty row, an N-position) are
    // of even order (Plambeck and Siegel 2008); the quotient of Nim's
    // heaps 1 and 2 is T2 = <a, b | a^2 = 1, b^3 = b> of order 6 with P = {a, b^2}.
    let nim = quotient(&[0, 3, 3], 2);
    assert_eq!(nim.growth(), &[1, 2, 6]);
    let p: Vec<Vec<u64>> = nim.p_portion().map(|e| nim.representative(e)).collect();
    assert_eq!(p, vec![vec![1], vec![2, 2]]);
    assert_eq!(
        Presentation::of(&nim).to_string(),
        "<a, b | a^2 = 1, b^3 = b>"
    );
    for code in [&[0u8, 7, 7][..], &[0, 0, 7], &[0, 7, 5], &[0, 1, 3, 7]] {
        let q = quotient(code, 20);
        let orders = q.growth().iter().filter(|&&order| order > 1);
        assert!(orders.clone().all(|order| order % 2 == 0), "{code:?}");
        assert!(orders.count() > 10, "{code:?}");
    }
}

#[test]
fn genera_of_nim_heaps_and_of_kayles() {
    // Winning Ways, ch. 13: the nim-heaps *0, *1, *2, *3 have genera 0^120, 1^031, 2^20, 3^31.
    let nim = TakeBreak::new(vec![0], 3).unwrap();
    let mut meter = Meter::new(Limits::default());
    let genera: Vec<String> = (0..4)
        .map(|h| genus(&nim, &[h], &mut meter).unwrap().to_string())
        .collect();
    assert_eq!(genera, ["0^120", "1^031", "2^20", "3^31"]);
    // A sum of two equal nim-heaps of size 2 or more is like 0 in normal play but not 0^120.
    assert_eq!(
        genus(&nim, &[2, 2], &mut meter).unwrap().to_string(),
        "0^02"
    );
    // Every genus's normal value is the nim value of the row.
    let kayles = TakeBreak::new(vec![0, 7, 7], 0).unwrap();
    let nim_values = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
    for (heap, &value) in nim_values.iter().enumerate() {
        let genus = genus(&kayles, &[heap as u64], &mut meter).unwrap();
        assert_eq!(genus.normal, value, "Kayles heap {heap}");
    }
}
