//! Take-and-break games (§3.5–3.6): the tables of the notes, periods found and proved by the
//! octal periodicity theorem, and the moves that closed forms find checked against search.

use crate::common;
use conway::analysis::Budget;
use conway::engine::Play;
use conway::games::impartial::{Subtraction, TakeAndBreak};
use conway::games::ruleset;
use conway::heap::{Heaps, Period};
use conway::impartial::{Solver, Target};

fn budget() -> Budget {
    Budget {
        limits: Default::default(),
        ..Budget::default()
    }
}

/// The values of heaps `0..=to` and the period, as `conway seq` computes them.
fn sequence(game: &str, to: u64) -> (Vec<u64>, Option<(Period, bool)>) {
    let rules = ruleset(game).unwrap();
    let sequence = rules.sequence(to, budget()).unwrap();
    let period = sequence.period().map(|d| (d.period, d.proved));
    (sequence.values().collect(), period)
}

#[test]
fn kayles_table_and_its_proved_period() {
    // The corrected table of §3.5, heaps 0..=95.
    for name in ["kayles", "octal:0.77"] {
        let (values, _) = sequence(name, 95);
        assert_eq!(values, common::sequence("kayles"), "{name}");
    }
    // Period 12, last exception at 70; the theorem asks for heaps through 154 + 12.
    let (values, period) = sequence("kayles", 1000);
    assert_eq!(period, Some((Period::pure(71, 12), true)));
    assert_ne!(values[70], values[82]);
    let exceptions: Vec<usize> = (0..72)
        .filter(|&x| values[x] != values[84 + x % 12])
        .collect();
    assert_eq!(
        exceptions,
        [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]
    );
}

#[test]
fn dawsons_kayles_table_and_its_proved_period() {
    // Heaps 0..=101, from the notes.
    for name in ["dawson", "octal:0.137"] {
        let (values, _) = sequence(name, 101);
        assert_eq!(values, common::sequence("dawson"), "{name}");
    }
    let (values, period) = sequence("dawson", 1000);
    assert_eq!(period, Some((Period::pure(52, 34), true)));
    let exceptions: Vec<usize> = (0..52)
        .filter(|&n| values[n] != values[n + 34 * 3])
        .collect();
    assert_eq!(exceptions, [0, 14, 16, 17, 31, 34, 51]);
}

#[test]
fn data_that_prove_a_period_report_it() {
    // The last fifteen values of subtraction {29} to 101 are all 1; the data prove 58.
    let (_, period) = sequence("subtraction:29", 101);
    assert_eq!(period, Some((Period::pure(0, 58), true)));
}

#[test]
fn lasker_and_all_but_games_are_arithmetic_periodic() {
    let (values, period) = sequence("lasker", 40);
    let table = common::sequence("lasker");
    assert_eq!(values[..table.len()], table);
    let lasker = Period {
        preperiod: 1,
        period: 4,
        saltus: 4,
    };
    // The closed form proves it.
    assert_eq!(period, Some((lasker, true)));
    // 4.3... is Lasker's Nim by its code.
    assert_eq!(sequence("octal:4.3...", 40).0, values);
    // Taking any number but 2: pairs 2k, 2k + 1 … with saltus 2.
    let (_, period) = sequence("subtraction:all-but:2", 200);
    let (values, _) = sequence("subtraction:all-but:2", 20);
    assert_eq!(
        values,
        [0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10]
    );
    assert_eq!(period.map(|(p, _)| (p.period, p.saltus)), Some((4, 2)));
}

#[test]
fn laskers_nim_by_its_code_is_the_closed_form() {
    let (by_code, _) = sequence("octal:4.3...", 300);
    let (closed, _) = sequence("lasker", 300);
    assert_eq!(by_code, closed);
}

/// Every winning move and every move to each value, found by the closed form, equals what a
/// search of every option finds, in the same order.
fn moves_agree_with_search<R: conway::heap::HeapRule>(rule: R, rows: &[Vec<u64>]) {
    let game = Heaps(rule);
    for row in rows {
        let mut fast = Solver::new(&game);
        let mut slow = Solver::new(&game).by_search_only();
        let value = slow.nim_value(row).unwrap();
        for target in [0, 1, 2, value ^ 3] {
            let target = Target::Value(target);
            let quick = fast.moves_to(row, target, 5).unwrap();
            let searched = slow.moves_to(row, target, usize::MAX).unwrap();
            assert_eq!(quick.total, searched.total, "{row:?} {target:?}");
            assert_eq!(
                quick.first[..],
                searched.first[..quick.first.len()],
                "{row:?}"
            );
        }
    }
}

fn rows() -> Vec<Vec<u64>> {
    vec![
        vec![10, 7, 3],
        vec![40],
        vec![57, 13],
        vec![1, 2, 3, 4, 5],
        vec![90, 0, 33],
        // Past the preperiod and a period, splits are counted class by class.
        vec![400, 251],
    ]
}

#[test]
fn moves_of_codes_agree_with_search() {
    for code in [
        "0.77", "0.137", "0.6", "4.7", "0.16", "0.07", "4.3...", "0.3...",
    ] {
        let rules = TakeAndBreak::new(conway::games::impartial::parse_code(code, 8).unwrap());
        moves_agree_with_search(rules, &rows());
    }
    for set in [vec![1, 3, 4], vec![29], vec![2, 5, 7]] {
        moves_agree_with_search(Subtraction::new(set).unwrap(), &rows());
    }
    moves_agree_with_search(Subtraction::all_but(vec![2, 5]).unwrap(), &rows());
}

#[test]
fn a_huge_heap_counts_its_winning_splits_by_the_period() {
    // Kayles' values from its proved period, and the winning moves of one big heap counted
    // one by one, against the count the closed form makes class by class.
    let (values, period) = sequence("kayles", 400);
    let (period, proved) = period.unwrap();
    assert!(proved);
    let g = |n: u64| period.value_at(n, |m| values[m as usize]).unwrap();
    for heap in [2_000_003u64, 1_234_567] {
        let target = g(heap);
        let mut expected = 0u64;
        for take in [1, 2] {
            let rest = heap - take;
            expected += u64::from(g(rest) == 0);
            expected += (1..=rest / 2).filter(|&a| g(a) ^ g(rest - a) == 0).count() as u64;
        }
        assert_ne!(target, 0);
        let report = common::solve("kayles", &heap.to_string(), Play::Normal, 3);
        assert_eq!(report.nim_value, Some(target));
        assert_eq!(report.winning_move_count, Some(expected), "heap {heap}");
        assert_eq!(report.winning_moves.len(), 3);
    }
    // A heap of a trillion is answered from the period at once.
    let report = common::solve("kayles", "1000000000000", Play::Normal, 1);
    assert_eq!(report.nim_value, Some(g(1_000_000_000_000)));
}

#[test]
fn octal_0_16_has_its_long_period_proved() {
    // Gangolli and Plambeck: preperiod 105351, period 149459.
    let rules = ruleset("octal:0.16").unwrap();
    let sequence = rules.sequence(1_000_000, budget()).unwrap();
    let detected = sequence.period().unwrap();
    assert_eq!(detected.period, Period::pure(105_351, 149_459));
    assert!(detected.proved);
    assert!(sequence.computed() < 1_000_000);
    assert_eq!(sequence.value(999_999), sequence.value(999_999 - 149_459));
}
