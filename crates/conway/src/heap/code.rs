//! Take-and-break games given by a code `d0.d1d2d3…` (Definition 3.4, *Winning Ways* ch. 4).
//!
//! Digit `d_s` says what taking `s` chips from a heap may leave: bit `k` set allows leaving
//! exactly `k` non-empty heaps. So `3` = take `s` from a heap (leaving none or one), `7` = take
//! `s` and split the rest in two if you like, `4` = take `s` and split in two. Octal codes leave
//! at most two heaps; hexadecimal digits above 7 allow three. `d0` may only split (taking
//! nothing and leaving one heap would be a pass). A code may go on forever with its last digit
//! repeated: Nim is `0.3…`, Lasker's Nim `4.3…`.

use super::{ClosedCode, ClosedForm, Extend, HeapRule, NoSplit, Period, Reference, SparseSpace};
use crate::impartial::MoveSink;
use crate::text::ParseError;
use std::fmt;

/// The most heaps a move may leave: a hexadecimal digit has four bits, for 0, 1, 2 or 3 heaps.
pub const MAX_PARTS: u32 = 3;

/// A take-and-break game: for each number of chips taken, how many heaps may be left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreak {
    /// `digits[s]` for `s` below `digits.len()`; never ends in a 0 digit past `d0`.
    digits: Vec<u8>,
    /// The digit of every `s ≥ digits.len()`: 0 for a finite code.
    tail: u8,
    /// Grundy's game: a split must leave heaps of different sizes.
    distinct: bool,
}

impl TakeBreak {
    /// The game whose digits are `digits` (`d0` first), then `tail` for every larger take.
    pub fn new(mut digits: Vec<u8>, tail: u8) -> Result<TakeBreak, ParseError> {
        if digits.is_empty() {
            digits.push(0);
        }
        if let Some(&digit) = digits
            .iter()
            .chain([&tail])
            .find(|&&d| d >= 1 << (MAX_PARTS + 1))
        {
            return Err(ParseError::whole(format!(
                "digit {digit} allows more than {MAX_PARTS} heaps: a digit is at most F"
            )));
        }
        if digits[0] & 0b11 != 0 {
            return Err(ParseError::whole(format!(
                "the first digit {:X} lets a move take no chips and leave the heap as it was; \
                 before the point only splits are allowed (0, 4, 8 or C)",
                digits[0]
            )));
        }
        if tail == 0 {
            while digits.len() > 1 && digits.last() == Some(&0) {
                digits.pop();
            }
        } else {
            while digits.len() > 1 && digits.last() == Some(&tail) {
                digits.pop();
            }
        }
        Ok(TakeBreak {
            digits,
            tail,
            distinct: false,
        })
    }

    /// Grundy's game: split a heap into two heaps of different sizes.
    pub fn grundy() -> TakeBreak {
        TakeBreak {
            digits: vec![4],
            tail: 0,
            distinct: true,
        }
    }

    /// What taking `s` chips may leave: bit `k` allows `k` heaps.
    pub fn digit(&self, s: u64) -> u8 {
        usize::try_from(s)
            .ok()
            .and_then(|s| self.digits.get(s))
            .copied()
            .unwrap_or(self.tail)
    }

    /// The digits `d0, d1, …` up to the last one that differs from the tail.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The digit repeated forever after [`digits`](Self::digits); 0 for a finite code.
    pub fn tail(&self) -> u8 {
        self.tail
    }

    /// Whether splits must leave heaps of different sizes (Grundy's game).
    pub fn distinct(&self) -> bool {
        self.distinct
    }

    /// The most chips a move takes (σ of the periodicity theorem); `None` for a code that goes
    /// on forever.
    pub fn max_take(&self) -> Option<u64> {
        (self.tail == 0).then(|| self.digits.len() as u64 - 1)
    }

    /// The most heaps a move leaves (τ of the periodicity theorem).
    pub fn max_parts(&self) -> u32 {
        let bits = self.digits.iter().fold(self.tail, |all, &d| all | d);
        (u8::BITS - bits.leading_zeros()).saturating_sub(1)
    }

    /// Whether every digit is octal: no move leaves more than two heaps.
    pub fn is_octal(&self) -> bool {
        self.max_parts() <= 2
    }

    /// The moves from a row of heaps to a position of nim value `target`, heap by heap in the
    /// order of [`HeapRule::heap_options`], given the value of any single heap (`value`) and
    /// the proved period, if any. The first moves the sink keeps are built; the others are
    /// counted, class by class of the period where a heap is huge, so `kayles 1000000000000`
    /// counts its billions of winning splits at once. Returns `false` (and hands on nothing)
    /// where a value is unknown or listing the options would take too long.
    pub fn moves_to(
        &self,
        heaps: &[u64],
        target: u64,
        value: &dyn Fn(u64) -> Option<u64>,
        period: Option<Period>,
        sink: &mut MoveSink<'_, Vec<u64>>,
    ) -> bool {
        let Some(values) = heaps
            .iter()
            .map(|&h| value(h))
            .collect::<Option<Vec<u64>>>()
        else {
            return false;
        };
        let periodic = period.filter(|_| self.max_take().is_some() && !self.distinct);
        let work = heaps
            .iter()
            .map(|&n| self.listing_work(n, periodic))
            .fold(0, u64::saturating_add);
        if work > MAX_LISTING_WORK {
            return false;
        }
        let total = values.iter().fold(target, |x, &v| x ^ v);
        let value = |n: u64| value(n).expect("every heap below a known one is known");
        for (i, &n) in heaps.iter().enumerate() {
            let want = total ^ values[i];
            let mut moves = HeapMoves {
                heaps,
                i,
                sink: &mut *sink,
            };
            let last_take = self.max_take().map_or(n, |max| max.min(n));
            for s in 0..=last_take {
                let digit = self.digit(s);
                let rest = n - s;
                if digit & 1 != 0 && rest == 0 && want == 0 {
                    moves.push(&[]);
                }
                if digit & 2 != 0 && rest >= 1 && s > 0 && value(rest) == want {
                    moves.push(&[rest]);
                }
                if digit & 4 != 0 {
                    self.pairs_to(rest, want, &value, periodic, &mut moves);
                }
                if digit & 8 != 0 {
                    for a in 1..=rest / 3 {
                        for b in a..=(rest - a) / 2 {
                            let c = rest - a - b;
                            if value(a) ^ value(b) ^ value(c) == want {
                                moves.push(&[a, b, c]);
                            }
                        }
                    }
                }
            }
        }
        true
    }

    /// About how many options [`moves_to`](Self::moves_to) looks at in a heap of `n`.
    fn listing_work(&self, n: u64, periodic: Option<Period>) -> u64 {
        let direct = |p: Period| p.preperiod.saturating_add(p.period.saturating_mul(2));
        self.options_of(n, &|rest| match periodic {
            Some(p) => (rest / 2).min(direct(p)),
            None => rest / 2,
        })
    }

    /// About how many options a heap of `n` has (saturating): one for each take that may leave
    /// no heap or one, `pairs(r)` for each that splits the `r` chips left in two, about `r²/12`
    /// for each that splits them in three. The takes of the tail are bounded by the largest
    /// `r` they leave.
    fn options_of(&self, n: u64, pairs: &dyn Fn(u64) -> u64) -> u64 {
        let per_take = |digit: u8, rest: u64| {
            let mut count = u64::from(digit & 3 != 0);
            if digit & 4 != 0 {
                count = count.saturating_add(pairs(rest));
            }
            if digit & 8 != 0 {
                count = count.saturating_add(rest.saturating_mul(rest) / 12 + 1);
            }
            count
        };
        let written = self.digits.len() as u64;
        let mut total = (0..written)
            .take_while(|&s| s <= n)
            .map(|s| per_take(self.digit(s), n - s))
            .fold(0, u64::saturating_add);
        if let Some(top) = n.checked_sub(written).filter(|_| self.tail != 0) {
            let takes = top.saturating_add(1);
            total = total.saturating_add(takes.saturating_mul(per_take(self.tail, top)));
        }
        total
    }

    /// The splits of `rest` chips into two heaps of value `want`, smaller heap first. Past the
    /// preperiod and one period, a split's value depends only on the smaller heap modulo the
    /// period (both heaps are periodic there), so once the sink keeps no more moves, each
    /// class of splits that reaches `want` is counted at once.
    fn pairs_to(
        &self,
        rest: u64,
        want: u64,
        value: &dyn Fn(u64) -> u64,
        periodic: Option<Period>,
        moves: &mut HeapMoves<'_, '_, '_>,
    ) {
        let half = rest / 2;
        let matches =
            |a: u64| !(self.distinct && 2 * a == rest) && value(a) ^ value(rest - a) == want;
        let direct = periodic.map_or(half, |p| half.min(p.preperiod + p.period));
        for a in (1..=direct).filter(|&a| matches(a)) {
            moves.push(&[a, rest - a]);
        }
        let Some(p) = periodic.filter(|_| direct < half) else {
            return;
        };
        // Past the preperiod and a period, the splits that reach `want` repeat with the period:
        // the first few are built in order, the rest counted offset by offset.
        let start = direct + 1;
        let offsets: Vec<u64> = (0..p.period)
            .filter(|&j| start + j <= half && matches(start + j))
            .collect();
        let total: u64 = offsets
            .iter()
            .map(|&j| (half - start - j) / p.period + 1)
            .sum();
        let mut built = 0;
        let mut base = start;
        'periods: while !offsets.is_empty() && moves.sink.wants_more() {
            for &j in &offsets {
                let a = base + j;
                if a > half || !moves.sink.wants_more() {
                    break 'periods;
                }
                moves.push(&[a, rest - a]);
                built += 1;
            }
            base += p.period;
        }
        moves.sink.skip(total - built);
    }

    /// The code as it is written: `0.77`, `4.3…`, hexadecimal digits in capitals.
    fn write_digits(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d:X}")?;
        }
        match self.tail {
            0 if self.digits.len() == 1 => f.write_str("0"),
            0 => Ok(()),
            tail => write!(f, "{tail:X}..."),
        }
    }
}

/// The most options [`TakeBreak::moves_to`] looks at before it leaves the moves to the
/// solver (which refuses a position with too many options clearly).
const MAX_LISTING_WORK: u64 = 1 << 26;

/// The moves of one heap of a row (heap `i`), each built as the whole row it leaves.
pub(super) struct HeapMoves<'h, 's, 'f> {
    pub(super) heaps: &'h [u64],
    pub(super) i: usize,
    pub(super) sink: &'s mut MoveSink<'f, Vec<u64>>,
}

impl HeapMoves<'_, '_, '_> {
    /// The heap replaced by `parts` (an emptied heap shows as 0, as in [`Heaps`](super::Heaps)).
    pub(super) fn push(&mut self, parts: &[u64]) {
        let (heaps, i) = (self.heaps, self.i);
        self.sink.push_with(|| {
            let mut row = Vec::with_capacity(heaps.len() + parts.len());
            row.extend_from_slice(&heaps[..i]);
            match parts {
                [] => row.push(0),
                _ => row.extend_from_slice(parts),
            }
            row.extend_from_slice(&heaps[i + 1..]);
            row
        });
    }
}

impl fmt::Display for TakeBreak {
    /// `0.77`; `4.3...` for a code whose last digit repeats; `grundy` for Grundy's game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.distinct {
            return f.write_str("grundy");
        }
        self.write_digits(f)
    }
}

impl HeapRule for TakeBreak {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        for s in 0..=size {
            let digit = self.digit(s);
            let rest = size - s;
            if digit & 1 != 0 && rest == 0 {
                option(&[]);
            }
            if digit & 2 != 0 && rest >= 1 && s > 0 {
                option(&[rest]);
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    if !(self.distinct && 2 * a == rest) {
                        option(&[a, rest - a]);
                    }
                }
            }
            if digit & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        option(&[a, b, rest - a - b]);
                    }
                }
            }
            if self.max_take().is_some_and(|max| s >= max) {
                break;
            }
        }
    }

    /// Nim's values and Lasker's Nim in closed form ([`ClosedCode`]).
    fn known_heap_value(&self, size: u64) -> Option<u64> {
        ClosedCode::of(self)?.value(size)
    }

    fn every_heap_known(&self) -> bool {
        ClosedCode::of(self).is_some()
    }

    /// The closed form where there is one, else the sparse-space method where it applies
    /// (octal codes that end), linear time for codes that never split, the definition
    /// otherwise.
    fn sequence_engine(&self) -> Option<Box<dyn Extend + '_>> {
        if let Some(closed) = ClosedCode::of(self) {
            let values = ClosedForm::new(move |size| closed.value(size));
            return Some(Box::new(values.with_period(Some(closed.period()))));
        }
        if let Some(engine) = SparseSpace::new(self) {
            return Some(Box::new(engine));
        }
        if let Some(engine) = NoSplit::new(self) {
            return Some(Box::new(engine));
        }
        Some(Box::new(Reference::new(self)))
    }

    /// One option per take that leaves no heap or one, plus the splits: r/2 pairs and r²/12
    /// triples of the r chips left.
    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(self.options_of(size, &|rest| rest / 2))
    }

    /// The octal periodicity theorem (Theorem 3.3, Guy and Smith): with σ the most chips taken
    /// and τ the most heaps left, a period p that holds from the preperiod e + 1 through
    /// τe + (τ − 1)p + σ holds forever. Only for finite codes; Grundy's game has no such
    /// theorem (its splits must differ).
    fn period_checked_through(&self, period: Period) -> Option<u64> {
        let sigma = self.max_take()?;
        if self.distinct {
            return None;
        }
        let tau = u64::from(self.max_parts().max(1));
        let p = period.period;
        // e = preperiod − 1, kept non-negative by adding τ and taking it off again.
        let bound = tau
            .checked_mul(period.preperiod)?
            .checked_add((tau - 1).checked_mul(p)?)?
            .checked_add(sigma)?;
        Some(bound.saturating_sub(tau))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(digits: &[u8], tail: u8) -> TakeBreak {
        TakeBreak::new(digits.to_vec(), tail).unwrap()
    }

    #[test]
    fn codes_read_back_as_written() {
        assert_eq!(code(&[0, 7, 7], 0).to_string(), "0.77");
        assert_eq!(code(&[4, 7, 0, 0], 0).to_string(), "4.7");
        assert_eq!(code(&[0], 3).to_string(), "0.3...");
        assert_eq!(code(&[4, 3, 3], 3).to_string(), "4.3...");
        assert_eq!(code(&[4], 0).to_string(), "4.0");
        assert_eq!(code(&[0, 0, 0, 15], 0).to_string(), "0.00F");
        assert_eq!(TakeBreak::grundy().to_string(), "grundy");
    }

    #[test]
    fn bad_digits_are_refused() {
        assert!(TakeBreak::new(vec![1, 3], 0)
            .unwrap_err()
            .reason
            .contains("before the point"));
        assert!(TakeBreak::new(vec![0, 16], 0)
            .unwrap_err()
            .reason
            .contains("at most F"));
    }

    #[test]
    fn the_theorem_bound_of_the_notes() {
        let kayles = code(&[0, 7, 7], 0);
        assert_eq!((kayles.max_take(), kayles.max_parts()), (Some(2), 2));
        // Kayles: last exception 70, period 12: check through 2·70 + 12 + 2 = 154.
        let period = Period::pure(71, 12);
        assert_eq!(kayles.period_checked_through(period), Some(154));
        // Dawson's Kayles 0.137: 2·51 + 34 + 3 = 139.
        let dawson = code(&[0, 1, 3, 7], 0);
        let period = Period::pure(52, 34);
        assert_eq!(dawson.period_checked_through(period), Some(139));
        // A subtraction game (τ = 1): preperiod + max S − 1, as Exercise 3.7-11 argues.
        let subtraction = code(&[0, 3, 0, 3, 3], 0);
        let period = Period::pure(0, 7);
        assert_eq!(subtraction.period_checked_through(period), Some(3));
        assert_eq!(code(&[0], 3).period_checked_through(period), None);
        assert_eq!(TakeBreak::grundy().period_checked_through(period), None);
    }

    #[test]
    fn options_of_kayles_and_grundy() {
        let mut kayles = Vec::new();
        code(&[0, 7, 7], 0).heap_options(4, &mut |o| kayles.push(o.to_vec()));
        let expected: Vec<Vec<u64>> = vec![vec![3], vec![1, 2], vec![2], vec![1, 1]];
        assert_eq!(kayles, expected);
        let mut grundy = Vec::new();
        TakeBreak::grundy().heap_options(6, &mut |o| grundy.push(o.to_vec()));
        assert_eq!(grundy, vec![vec![1, 5], vec![2, 4]]);
    }
}
