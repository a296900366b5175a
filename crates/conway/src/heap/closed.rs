//! Take-and-break codes whose values have a closed form, so that a heap of any size is answered
//! at once and a sequence of any length follows from its first values.
//!
//! * **Nim's values**, `g(n) = n`: every code `0.d1d2…` whose every digit after the point
//!   allows leaving no heap and one heap (bits 1 and 2: digits 3, 7, B, F), and that goes on
//!   forever. Nim `0.3…`, Fraenkel's split Nim `0.7…`, `0.F…` are of this kind. Proof, by
//!   induction on `n`: a heap of `n` can become a single heap of every size `0..n` (take
//!   `n − r`, leave `r`), whose values are `0..n`; a split leaves heaps of sizes summing to at
//!   most `n − 1`, worth their nim-sum, which is at most their sum. So the options' values are
//!   exactly `0..n`, with nothing worth `n`: the mex is `n`.
//! * **Lasker's Nim** `4.3…` (Example 3.8): `g(4k+1) = 4k+1`, `g(4k+2) = 4k+2`,
//!   `g(4k+3) = 4k+4`, `g(4k+4) = 4k+3`.

use super::code::HeapMoves;
use super::{Period, TakeBreak};
use crate::impartial::MoveSink;

/// A take-and-break code whose values have a closed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClosedCode {
    /// `g(n) = n`.
    Nim,
    /// Lasker's Nim.
    Lasker,
}

impl ClosedCode {
    /// The closed form of `code`'s values, if it is one of the kinds above.
    pub fn of(code: &TakeBreak) -> Option<ClosedCode> {
        if code.distinct() {
            return None;
        }
        let (first, later) = code.digits().split_first()?;
        let leaves_none_or_one = |d: &u8| d & 3 == 3;
        match first {
            0 if later.iter().chain([&code.tail()]).all(leaves_none_or_one) => {
                Some(ClosedCode::Nim)
            }
            4 if later.is_empty() && code.tail() == 3 => Some(ClosedCode::Lasker),
            _ => None,
        }
    }

    /// The value of a heap of `n`; `None` where it is past 2^64.
    pub fn value(self, n: u64) -> Option<u64> {
        match self {
            ClosedCode::Nim => Some(n),
            ClosedCode::Lasker => lasker_value(n),
        }
    }

    /// The arithmetic period the closed form follows from heap 0 or 1 on: `g(n + 1) = g(n) + 1`
    /// for Nim's values, `g(n + 4) = g(n) + 4` from heap 1 for Lasker's Nim.
    pub fn period(self) -> Period {
        match self {
            ClosedCode::Nim => Period {
                preperiod: 0,
                period: 1,
                saltus: 1,
            },
            ClosedCode::Lasker => Period {
                preperiod: 1,
                period: 4,
                saltus: 4,
            },
        }
    }

    /// The moves from a row of heaps to a position of nim value `target`, in the order of
    /// [`HeapRule::heap_options`](super::HeapRule::heap_options), found and counted without
    /// listing the options: for Nim's values where no move leaves three heaps. `false` (and
    /// nothing handed on) otherwise.
    pub fn moves_to(
        self,
        code: &TakeBreak,
        heaps: &[u64],
        target: u64,
        sink: &mut MoveSink<'_, Vec<u64>>,
    ) -> bool {
        if self != ClosedCode::Nim || code.max_parts() > 2 {
            return false;
        }
        let total = heaps.iter().fold(target, |x, &h| x ^ h);
        for (i, &h) in heaps.iter().enumerate() {
            let want = total ^ h;
            let count = nim_move_count(code, h, want);
            let mut built = 0u64;
            if sink.wants_more() {
                let mut moves = HeapMoves {
                    heaps,
                    i,
                    sink: &mut *sink,
                };
                nim_moves(code, h, want, &mut |parts| {
                    moves.push(parts);
                    built += 1;
                    moves.sink.wants_more()
                });
            }
            let rest = count.saturating_sub(u128::from(built));
            sink.skip(u64::try_from(rest).unwrap_or(u64::MAX));
        }
        true
    }
}

/// Lasker's Nim: `4k+1` and `4k+2` keep their value, `4k+3` and `4k+4` swap. `None` for the
/// heap of 2^64 − 1, worth 2^64.
pub fn lasker_value(n: u64) -> Option<u64> {
    match n % 4 {
        0 if n > 0 => Some(n - 1),
        3 => n.checked_add(1),
        _ => Some(n),
    }
}

/// The class `c` of the splits of `r` chips into two heaps worth `w` together: a split
/// `a + b = r` has `a ⊕ b = w` exactly when `a ∧ b = c = (r − w)/2` and `c` shares no bit with
/// `w` (since `a + b = (a ⊕ b) + 2(a ∧ b)`). `None` where no split of `r` is worth `w`.
fn split_class(r: u64, w: u64) -> Option<u64> {
    let twice = r.checked_sub(w).filter(|d| d % 2 == 0)?;
    Some(twice / 2).filter(|c| c & w == 0)
}

/// How many splits `{a, b}` of class `c` are worth `w`: `a = c | x`, `b = c | (w ⊕ x)` for the
/// subsets `x` of `w` without its top bit (so that `a < b`), or `a = b = c` for `w = 0`; a part
/// must not be empty.
fn split_count(c: u64, w: u64) -> u128 {
    match w {
        0 => u128::from(c > 0),
        _ => (1u128 << (w.count_ones() - 1)) - u128::from(c == 0),
    }
}

/// The splits of class `c` worth `w`, the smaller heap first and in increasing order of it,
/// until `each` returns `false` (then returns `false`).
fn splits(c: u64, w: u64, each: &mut dyn FnMut(&[u64]) -> bool) -> bool {
    let low = match w {
        0 => 0,
        _ => w & !(1 << (63 - w.leading_zeros())),
    };
    let mut x = 0u64;
    loop {
        let (a, b) = (c | x, c | (w ^ x));
        if a > 0 && !each(&[a, b]) {
            return false;
        }
        if x == low {
            return true;
        }
        // The next subset of `low`, in increasing order.
        x = (x | !low).wrapping_add(1) & low;
    }
}

/// The largest number at most `at_most` that shares no bit with `w`.
fn largest_disjoint(at_most: u64, w: u64) -> u64 {
    let clash = at_most & w;
    if clash == 0 {
        return at_most;
    }
    // Clear the highest clashing bit and set every allowed bit below it.
    let top = 63 - clash.leading_zeros();
    let below = (1u64 << top) - 1;
    (at_most & !(below | 1 << top)) | (below & !w)
}

/// How many numbers from 0 through `at_most` share no bit with `w`.
fn count_disjoint(at_most: u64, w: u64) -> u128 {
    let mut count = 0u128;
    for bit in (0..64).rev() {
        if at_most >> bit & 1 == 1 {
            // Those that agree with `at_most` above this bit and have 0 here.
            let free_below = (!w & ((1u64 << bit) - 1)).count_ones();
            count += 1u128 << free_below;
            if w >> bit & 1 == 1 {
                return count;
            }
        }
    }
    count + 1
}

/// The number of the written takes: takes `1..written` have their own digit, later ones the
/// tail's.
fn written(code: &TakeBreak) -> u64 {
    code.digits().len() as u64
}

/// How many moves of a heap of `h` leave heaps worth `w`, under a code with Nim's values.
fn nim_move_count(code: &TakeBreak, h: u64, w: u64) -> u128 {
    let mut count = u128::from(w == 0 && h > 0) + u128::from(w > 0 && w < h);
    let written = written(code);
    for s in (1..written).take_while(|&s| s <= h) {
        if code.digit(s) & 4 != 0 {
            count += split_class(h - s, w).map_or(0, |c| split_count(c, w));
        }
    }
    // The tail's takes leave at most `top` chips; the classes of their splits are the `c` from
    // 0 to (top − w)/2 that share no bit with `w`.
    if let Some(top) = h.checked_sub(written) {
        if code.tail() & 4 != 0 && top >= w {
            let classes = count_disjoint((top - w) / 2, w);
            count += match w {
                0 => classes - 1,
                _ => (classes << (w.count_ones() - 1)) - 1,
            };
        }
    }
    count
}

/// The moves of a heap of `h` that leave heaps worth `w`, under a code with Nim's values, in
/// the order of the takes (the heap left, then the splits), until `each` returns `false`.
fn nim_moves(code: &TakeBreak, h: u64, w: u64, each: &mut dyn FnMut(&[u64]) -> bool) {
    let written = written(code);
    for s in (1..written).take_while(|&s| s <= h) {
        let r = h - s;
        let go_on = match r {
            0 => w != 0 || each(&[]),
            r => {
                (r != w || each(&[r]))
                    && (code.digit(s) & 4 == 0
                        || split_class(r, w).is_none_or(|c| splits(c, w, each)))
            }
        };
        if !go_on {
            return;
        }
    }
    let Some(top) = h.checked_sub(written) else {
        return;
    };
    if code.tail() & 4 != 0 && top >= w {
        // The classes from the largest down: the heaps left grow smaller as the take grows.
        let mut class = Some(largest_disjoint((top - w) / 2, w));
        while let Some(c) = class {
            if c == 0 && w > 0 && !each(&[w]) {
                return;
            }
            if !splits(c, w, each) {
                return;
            }
            class = c.checked_sub(1).map(|c| largest_disjoint(c, w));
        }
    } else if w > 0 && w <= top && !each(&[w]) {
        return;
    }
    if w == 0 && h >= written {
        each(&[]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{mex_sequence, Heaps};
    use crate::impartial::{Solver, Target};

    fn code(digits: &[u8], tail: u8) -> TakeBreak {
        TakeBreak::new(digits.to_vec(), tail).unwrap()
    }

    #[test]
    fn the_named_codes_are_recognised() {
        assert_eq!(ClosedCode::of(&code(&[0], 3)), Some(ClosedCode::Nim));
        assert_eq!(ClosedCode::of(&code(&[0], 7)), Some(ClosedCode::Nim));
        assert_eq!(ClosedCode::of(&code(&[0], 15)), Some(ClosedCode::Nim));
        assert_eq!(ClosedCode::of(&code(&[0, 3, 7], 3)), Some(ClosedCode::Nim));
        assert_eq!(ClosedCode::of(&code(&[4], 3)), Some(ClosedCode::Lasker));
        assert_eq!(ClosedCode::of(&code(&[0, 7, 7], 0)), None);
        assert_eq!(ClosedCode::of(&code(&[0, 1], 3)), None);
        assert_eq!(ClosedCode::of(&code(&[4], 7)), None);
        assert_eq!(ClosedCode::of(&TakeBreak::grundy()), None);
    }

    /// Every code with one digit after the point, finite or repeating a digit: where a closed
    /// form is claimed, it gives the values of the mex definition. 0.7… among them: Nim's.
    #[test]
    fn closed_forms_agree_with_the_definition() {
        let mut claimed = 0;
        for first in [0, 4, 8, 12] {
            for digit in 0..16 {
                for tail in 0..16 {
                    let code = code(&[first, digit], tail);
                    let Some(closed) = ClosedCode::of(&code) else {
                        continue;
                    };
                    claimed += 1;
                    let values: Vec<u64> = (0..41).map(|n| closed.value(n).unwrap()).collect();
                    assert_eq!(values, mex_sequence(&code, 41), "{code}");
                }
            }
        }
        // 0.d t… for d and t in 3, 7, B, F, and 4.3….
        assert_eq!(claimed, 17);
        assert_eq!(ClosedCode::of(&code(&[0], 7)), Some(ClosedCode::Nim));
        assert_eq!(lasker_value(u64::MAX), None);
    }

    /// The moves the closed form finds and counts, against a search of every option of rows
    /// of up to three heaps, for every target and several numbers of moves kept.
    #[test]
    fn closed_moves_agree_with_a_search_of_every_option() {
        for (digits, tail) in [
            (&[0][..], 3),
            (&[0], 7),
            (&[0, 3], 7),
            (&[0, 7, 3], 7),
            (&[0, 7], 3),
        ] {
            let code = code(digits, tail);
            let closed = ClosedCode::of(&code).unwrap();
            let game = Heaps(code.clone());
            let mut search = Solver::new(&game).by_search_only();
            let mut rows: Vec<Vec<u64>> = (0..14).map(|a| vec![a]).collect();
            rows.extend((0..9).flat_map(|a| (0..9).map(move |b| vec![a, b])));
            rows.extend([vec![5, 0, 7], vec![3, 6, 9], vec![1, 2, 3], vec![8, 8, 8]]);
            for row in &rows {
                for target in 0..16 {
                    for keep in [0, 1, 3, usize::MAX] {
                        let expected = search.moves_to(row, Target::Value(target), keep).unwrap();
                        let mut first = Vec::new();
                        let mut push = |m| {
                            first.push(m);
                            true
                        };
                        let mut sink = MoveSink::new(keep, &mut push);
                        assert!(closed.moves_to(&code, row, target, &mut sink));
                        let total = sink.total();
                        assert_eq!(
                            (first, total),
                            (expected.first, expected.total),
                            "{code} {row:?} to {target}"
                        );
                    }
                }
            }
        }
        // Splits into three heaps are left to the search.
        let hex = code(&[0], 15);
        let mut push = |_| true;
        let mut sink = MoveSink::new(1, &mut push);
        assert!(!ClosedCode::Nim.moves_to(&hex, &[5], 0, &mut sink));
    }

    #[test]
    fn bit_counts_agree_with_counting_one_by_one() {
        for w in 0..70u64 {
            for at_most in 0..140u64 {
                let disjoint = (0..=at_most).filter(|c| c & w == 0);
                assert_eq!(count_disjoint(at_most, w), disjoint.clone().count() as u128);
                assert_eq!(largest_disjoint(at_most, w), disjoint.max().unwrap());
            }
        }
        assert_eq!(count_disjoint(u64::MAX, 0), 1 << 64);
        assert_eq!(largest_disjoint(u64::MAX, 1 << 63), (1 << 63) - 1);
    }
}
