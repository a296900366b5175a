use super::*;
use crate::engine::Limits;
use crate::heap::TakeBreak;
use std::collections::HashMap;

fn octal(digits: &[u8]) -> TakeBreak {
    TakeBreak::new(digits.to_vec(), 0).unwrap()
}

fn quotient(rule: &dyn HeapRule, largest: u64) -> Quotient {
    let mut meter = Meter::new(Limits::default());
    Quotient::compute(rule, largest, &mut meter, |_, _| {}).unwrap()
}

/// Misère P-positions by the definition alone: a position is P when it has a move and every
/// move leads to an N-position.
struct Brute<'r> {
    rule: &'r dyn HeapRule,
    known: HashMap<Vec<u64>, bool>,
}

impl Brute<'_> {
    fn is_p(&mut self, position: &[u64]) -> bool {
        let mut key: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&p) = self.known.get(&key) {
            return p;
        }
        let mut options = Vec::new();
        for (i, &h) in key.iter().enumerate() {
            self.rule.heap_options(h, &mut |parts| {
                let mut option = key.clone();
                option.remove(i);
                option.extend_from_slice(parts);
                options.push(option);
            });
        }
        let p = !options.is_empty() && options.iter().all(|option| !self.is_p(option));
        self.known.insert(key, p);
        p
    }
}

/// Every position of up to four heaps of size 1 to 15.
fn small_positions() -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    for _ in 0..4 {
        let longer: Vec<Vec<u64>> = all
            .iter()
            .filter(|p| p.len() == all.iter().map(Vec::len).max().unwrap())
            .flat_map(|p| {
                let from = p.last().copied().unwrap_or(1);
                (from..=15).map(move |h| [p.as_slice(), &[h]].concat())
            })
            .collect();
        all.extend(longer);
    }
    all
}

#[test]
fn quotients_tell_every_small_position_as_the_definition_does() {
    let positions = small_positions();
    assert_eq!(positions.len(), 3876);
    for digits in [
        &[0, 7, 7][..],
        &[0, 0, 7],
        &[0, 1, 3, 7],
        &[0, 7, 5],
        &[0, 3, 1, 2],
    ] {
        let rule = octal(digits);
        let q = quotient(&rule, 15);
        let mut brute = Brute {
            rule: &rule,
            known: HashMap::new(),
        };
        for position in &positions {
            let expected = if brute.is_p(position) {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(
                q.outcome(position),
                Some(expected),
                "{digits:?} {position:?}"
            );
        }
    }
}

/// Kayles's quotient grows at heaps 1, 2, 5, 9, 12, 25 and 27 and then stays of order 40
/// (proved to heap 150 in 0.7 s); the orders across 25 and 27 are checked against the
/// definition on every single heap to 40 and every pair to 26.
#[test]
fn kayles_larger_positions_by_the_definition() {
    let rule = octal(&[0, 7, 7]);
    let q = quotient(&rule, 40);
    let mut orders: Vec<usize> = q.growth().to_vec();
    orders.dedup();
    assert_eq!(orders, [1, 2, 6, 12, 18, 24, 32, 40]);
    let mut brute = Brute {
        rule: &rule,
        known: HashMap::new(),
    };
    for a in 1..=40u64 {
        let expected = if brute.is_p(&[a]) {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(q.outcome(&[a]), Some(expected), "{a}");
    }
    for a in 1..=26u64 {
        for b in a..=26 {
            let expected = if brute.is_p(&[a, b]) {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(q.outcome(&[a, b]), Some(expected), "{a} {b}");
        }
    }
}

/// In 0.07 a heap of 25 tells apart positions of smaller heaps that are one element of their
/// quotient, so no table of one copy holds for every element. The level keeps the elements
/// where the outcome is still a function of the element; each of its answers for a heap of
/// 25 beside smaller heaps is checked against the definition.
#[test]
fn a_heap_that_splits_classes_keeps_the_tables_of_the_elements_it_does_not_split() {
    let rule = octal(&[0, 0, 7]);
    let mut meter = Meter::new(Limits::default());
    let q = Quotient::compute(&rule, 24, &mut meter, |_, _| {}).unwrap();
    let options = heap_options(&rule, 25, &mut meter).unwrap();
    let misere = Machine::misere_condition(&options);
    let pairs = closure::pairs(&q.machine, &misere, &q.elements, &options, 24, &mut meter).unwrap();
    let level = oracle::Level::new(q.machine.clone(), &misere, 25, &pairs, &options);
    let mut brute = Brute {
        rule: &rule,
        known: HashMap::new(),
    };
    let (mut answered, mut left) = (0, 0);
    for rest in rows_up_to(18, 24) {
        let position: Vec<Heap> = [25]
            .into_iter()
            .chain(rest.iter().map(|&h| h as Heap))
            .collect();
        let with_25: Vec<u64> = [25].into_iter().chain(rest.iter().copied()).collect();
        match level.answer(&position) {
            Some(p) => {
                assert_eq!(p, brute.is_p(&with_25), "{with_25:?}");
                answered += 1;
            }
            None => left += 1,
        }
    }
    assert!(
        answered > 100 && left > 100,
        "{answered} answered, {left} left"
    );
}

/// Siegel's figure for Dawson's Kayles, 0.07: the quotient of the heaps up to 30 has 360
/// elements (quoted by Plambeck on the miseregames blog, 2007). Heaps 25, 27 and 30 each split
/// elements of the smaller heaps' quotient, so each is put together from the outcomes of its
/// copies ([`split`]); the debug check that each such quotient passes the proof is on here.
#[test]
fn dawsons_kayles_heaps_up_to_30_have_siegels_quotient_of_order_360() {
    let q = dawsons_kayles_to_30();
    let orders: Vec<(u64, usize)> = (24..=30).map(|h| (h, q.growth()[h as usize])).collect();
    assert_eq!(
        orders,
        [
            (24, 24),
            (25, 144),
            (26, 144),
            (27, 176),
            (28, 176),
            (29, 176),
            (30, 360)
        ]
    );
}

/// Every row of heaps up to 30 with a heap of 25 or more and at most 44 pins in all, its
/// outcome by the quotient of 0.07 against the definition: the split levels' answers.
#[test]
fn a_split_quotient_tells_positions_with_the_splitting_heaps_as_the_definition_does() {
    let q = dawsons_kayles_to_30();
    let rule = octal(&[0, 0, 7]);
    let mut brute = Brute {
        rule: &rule,
        known: HashMap::new(),
    };
    let rows: Vec<Vec<u64>> = rows_up_to(44, 30)
        .into_iter()
        .filter(|row| row.first().is_some_and(|&h| h >= 25))
        .collect();
    assert!(rows.len() > 5_000, "{}", rows.len());
    for row in &rows {
        let expected = if brute.is_p(row) {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(q.outcome(row), Some(expected), "{row:?}");
    }
}

/// The quotient of 0.07 for the heaps up to 30, computed once for the tests that read it.
fn dawsons_kayles_to_30() -> &'static Quotient {
    static QUOTIENT: std::sync::OnceLock<Quotient> = std::sync::OnceLock::new();
    QUOTIENT.get_or_init(|| quotient(&octal(&[0, 0, 7]), 30))
}

/// Every row of heaps up to `largest`, largest first, whose heaps add up to at most `total`.
fn rows_up_to(total: u64, largest: u64) -> Vec<Vec<u64>> {
    let mut rows = vec![vec![]];
    let mut at = 0;
    while at < rows.len() {
        let row: Vec<u64> = rows[at].clone();
        let used: u64 = row.iter().sum();
        let top = row.last().copied().unwrap_or(largest);
        for heap in 1..=top.min(total - used) {
            rows.push([row.as_slice(), &[heap]].concat());
        }
        at += 1;
    }
    rows
}

#[test]
fn nim_is_tame_each_heap_playing_as_itself() {
    let nim = TakeBreak::new(vec![0, 3], 3).unwrap();
    let q = quotient(&nim, 12);
    assert_eq!(q.tame_through(), 12);
    for heap in 0..=12 {
        let expected = NimPosition {
            value: heap,
            large: heap >= 2,
        };
        assert_eq!(q.nim_heap(heap), Some(expected), "heap {heap}");
    }
    assert_eq!(q.nim_heap(13), None);
}

/// Each game is tame up to the heap before its first heap of a wild genus (Winning Ways,
/// ch. 13: Kayles's heap 5 is `4^146`), and each tame heap plays as the heap of Nim whose
/// genus the definition gives it.
#[test]
fn a_game_is_tame_up_to_its_first_wild_heap_and_each_tame_heap_has_its_nim_genus() {
    let mut meter = Meter::new(Limits::default());
    for (digits, first_wild) in [
        (&[0, 7, 7][..], 5),
        (&[0, 0, 7], 10),
        (&[0, 7, 5], 5),
        (&[0, 3, 3], 13),
        (&[0, 7], 13),
    ] {
        let rule = octal(digits);
        let q = quotient(&rule, 12);
        assert_eq!(q.tame_through(), first_wild - 1, "{digits:?}");
        for heap in 0..first_wild.min(13) {
            let nim = q.nim_heap(heap).unwrap().genus();
            let genus = crate::heap::genus(&rule, &[heap], &mut meter).unwrap();
            assert_eq!(genus, nim, "{digits:?} heap {heap}");
        }
        if first_wild <= 12 {
            let genus = crate::heap::genus(&rule, &[first_wild], &mut meter).unwrap();
            let tame = [false, true].map(|large| {
                NimPosition {
                    value: genus.normal,
                    large,
                }
                .genus()
            });
            assert!(!tame.contains(&genus), "{digits:?}: {genus}");
        }
    }
}

/// Misère Nim's rule on the heaps' nim values answers every small position of a tame game
/// as the definition does.
#[test]
fn a_tame_game_plays_every_small_position_by_misere_nims_rule() {
    for digits in [&[0, 3, 3][..], &[0, 7], &[0, 3, 1]] {
        let rule = octal(digits);
        let q = quotient(&rule, 15);
        assert_eq!(q.tame_through(), 15, "{digits:?}");
        let mut brute = Brute {
            rule: &rule,
            known: HashMap::new(),
        };
        for position in small_positions() {
            let nim = position.iter().fold(NimPosition::EMPTY, |sum, &h| {
                sum.plus(q.nim_heap(h).unwrap())
            });
            assert_eq!(nim.is_p(), brute.is_p(&position), "{digits:?} {position:?}");
        }
    }
}

/// Plambeck's solution of the quaternary game 0.312 (plambeck.org, "The Game .312", solved
/// 4 February 2003): the heaps' genera `1^031, 2^20, 0^02, 2^1420, 0^02, 1^13` then period
/// two; the heap of 4 (`A`, the one heap that is not an adder) is wild, and `A + A` plays as
/// 0 (genus `0^1202`).
#[test]
fn quaternary_0_312_has_plambecks_genera_and_a_plus_a_is_zero() {
    let rule = octal(&[0, 3, 1, 2]);
    let mut meter = Meter::new(Limits::default());
    let genera: Vec<String> = (1..=10)
        .map(|heap| {
            crate::heap::genus(&rule, &[heap], &mut meter)
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(
        genera,
        ["1^031", "2^20", "0^02", "2^1420", "0^02", "1^13", "0^02", "1^13", "0^02", "1^13"]
    );
    let a_plus_a = crate::heap::genus(&rule, &[4, 4], &mut meter).unwrap();
    assert_eq!(a_plus_a.to_string(), "0^120");
    let q = quotient(&rule, 20);
    assert_eq!(q.element(&[4, 4]), Some(0));
    assert_eq!(q.tame_through(), 3);
    assert_eq!(q.order(), 12);
}
