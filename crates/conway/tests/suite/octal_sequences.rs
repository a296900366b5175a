//! The sparse-space method against the mex recurrence (the definition) on every octal code
//! with up to three digits after the point, and both against the tables of the notes
//! (§3.5 Kayles and Dawson's chess, Example 4.5 Grunt = Grundy's game).

use crate::common::sequence;
use conway::engine::{Limits, Meter};
use conway::heap::{mex_sequence, SparseSpace, TakeBreak};

/// The values of heaps `0..heaps`, heap by heap on one thread.
fn sparse(code: &TakeBreak, heaps: u64) -> SparseSpace {
    sparse_on(code, heaps, 1)
}

fn sparse_on(code: &TakeBreak, heaps: u64, threads: usize) -> SparseSpace {
    let mut space = SparseSpace::new(code).expect("an octal code");
    space.set_threads(threads);
    let mut meter = Meter::new(Limits {
        max_positions: u64::MAX,
        ..Limits::default()
    });
    // Doubling, as the period search calls it.
    let mut to = 15;
    while to < heaps - 1 {
        space.extend(to, &mut meter).unwrap();
        to = 2 * to + 1;
    }
    space.extend(heaps - 1, &mut meter).unwrap();
    space
}

fn code(digits: &[u8]) -> TakeBreak {
    TakeBreak::new(digits.to_vec(), 0).unwrap()
}

#[test]
fn every_short_octal_code_agrees_with_the_definition() {
    let mut codes = 0;
    for d0 in [0, 4] {
        for digits in 0..512u32 {
            let d = [
                d0,
                (digits >> 6) as u8,
                (digits >> 3 & 7) as u8,
                (digits & 7) as u8,
            ];
            let game = code(&d);
            let heaps = 1500;
            let reference = mex_sequence(&game, heaps);
            let space = sparse(&game, heaps);
            assert_eq!(space.values().to_vec(), reference, "{game}");
            let space = sparse_on(&game, heaps, 2);
            assert_eq!(space.values().to_vec(), reference, "{game} on two threads");
            assert_eq!(
                space.max_value(),
                *reference.iter().max().unwrap(),
                "{game}"
            );
            codes += 1;
        }
    }
    assert_eq!(codes, 1024);
}

#[test]
fn grundys_game_agrees_with_the_definition() {
    let grundy = TakeBreak::grundy();
    let reference = mex_sequence(&grundy, 6000);
    assert_eq!(sparse(&grundy, 6000).values().to_vec(), reference);
    assert_eq!(sparse_on(&grundy, 6000, 2).values().to_vec(), reference);
}

#[test]
fn kayles_table_of_section_3_5() {
    // The computed table of the notes (with g(30) = g(42) = 7, the misprints corrected).
    let expected = sequence("kayles");
    let kayles = code(&[0, 7, 7]);
    assert_eq!(sparse(&kayles, 96).values().to_vec(), expected);
    assert_eq!(mex_sequence(&kayles, 96), expected);
}

#[test]
fn dawsons_chess_of_section_3_5() {
    let expected = sequence("dawson");
    let dawson = code(&[0, 1, 3, 7]);
    assert_eq!(sparse(&dawson, 102).values().to_vec(), expected);
    assert_eq!(mex_sequence(&dawson, 102), expected);
}

#[test]
fn grunt_is_grundys_game() {
    let expected = sequence("grundy");
    let grundy = TakeBreak::grundy();
    assert_eq!(sparse(&grundy, 31).values().to_vec(), expected);
    assert_eq!(mex_sequence(&grundy, 31), expected);
}

/// The peers' figure: to 2^21 heaps, 1274 rare heaps and largest value 231. Heaps `0..2^21`,
/// heap 0 counted (its value 0 is rare).
#[test]
fn grundys_game_to_two_to_the_21() {
    let space = sparse_on(&TakeBreak::grundy(), 1 << 21, 2);
    assert_eq!(space.max_value(), 231);
    assert_eq!(space.rare_count(), 1274);
    assert_eq!(space.mask(), (0b1111_1110, false));
    assert_eq!(space.values().width(), 1);
}

#[test]
fn the_method_applies_to_finite_octal_codes_and_grundys_game() {
    assert!(SparseSpace::new(&TakeBreak::new(vec![0], 3).unwrap()).is_none());
    assert!(SparseSpace::new(&TakeBreak::new(vec![0, 0xF], 0).unwrap()).is_none());
    assert!(SparseSpace::new(&code(&[0, 3, 3])).is_some());
}

/// 0.567 reaches values past 255 within 3000 heaps: the store widens and keeps the others.
#[test]
fn values_past_a_byte_widen_the_store() {
    let game = code(&[0, 5, 6, 7]);
    let space = sparse_on(&game, 3000, 2);
    assert!(space.max_value() >= 256);
    assert_eq!(space.values().width(), 2);
    assert_eq!(space.values().to_vec(), mex_sequence(&game, 3000));
}
