//! Periods of nim-sequences: pure (`g(n + p) = g(n)`) and arithmetic (`g(n + p) = g(n) + s`)
//! from a preperiod on, found in the data and proved where a theorem allows.

use serde::Serialize;

/// An eventual period of a sequence: `g(n + period) = g(n) + saltus` for all
/// `n ≥ preperiod`. A pure period has saltus 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Period {
    /// The first heap from which the period holds.
    pub preperiod: u64,
    /// The length of the period.
    pub period: u64,
    /// What the values gain over one period: 0 for a pure period.
    pub saltus: u64,
}

impl Period {
    /// A pure period.
    pub fn pure(preperiod: u64, period: u64) -> Period {
        Period {
            preperiod,
            period,
            saltus: 0,
        }
    }

    /// The value of heap `n` from the values of heaps below `preperiod + period`; `None` if it
    /// would not fit in 64 bits.
    pub fn value_at(&self, n: u64, known: impl Fn(u64) -> u64) -> Option<u64> {
        if n < self.preperiod + self.period {
            return Some(known(n));
        }
        let offset = n - self.preperiod;
        let base = known(self.preperiod + offset % self.period);
        base.checked_add(self.saltus.checked_mul(offset / self.period)?)
    }
}

/// A period found in data, and whether the data prove it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Detected {
    /// The period the values show.
    #[serde(flatten)]
    pub period: Period,
    /// Whether the rule's periodicity theorem proves it from the values computed, so that it
    /// holds for every heap.
    pub proved: bool,
}

/// The period the first `len` values show best. `proof` is the rule's periodicity theorem:
/// the last heap through which a pure period must be checked for it to hold forever (see
/// [`HeapRule::period_checked_through`](super::HeapRule::period_checked_through)).
///
/// A period the data prove wins over one they only suggest, so `subtraction:29` to heap 101
/// reports its proved period 58, not the "period 1" of its last fifteen values. A period not
/// proved must have been seen at least twice after its preperiod and over at least as many
/// values as the preperiod. Among the rest, the one with the shortest preperiod plus period
/// wins (then the shortest period): a short "period" that only the last few values happen to
/// show has a long preperiod and loses to a real one.
///
/// Multiples of a period that holds over a long tail are skipped, and the search stops once
/// the period alone is longer than the best preperiod plus period, so the cost is about linear
/// in the data, and checking at each power of two costs linear time overall.
pub fn detect_period(
    len: u64,
    value: impl Fn(u64) -> u64,
    proof: impl Fn(Period) -> Option<u64>,
) -> Option<Detected> {
    let mut best: Option<Detected> = None;
    let score = |p: &Period| (p.preperiod + p.period, p.period);
    let provable = |p: Period| {
        proof(p)
            .and_then(|last| last.checked_add(p.period))
            .is_some_and(|needed| needed < len)
    };
    // Periods that hold over a long tail: their multiples there are no better (see below).
    let mut covered = Bits::new(len / 2 + 1);
    for period in 1..len {
        // Past half the data a period can only be proved, never seen twice.
        if period > len / 2 && !provable(Period::pure(0, period)) {
            break;
        }
        if best.is_some_and(|b| period >= b.period.preperiod + b.period.period) {
            break;
        }
        if covered.get(period) {
            continue;
        }
        let Some(candidate) = tail_period(len, period, &value) else {
            continue;
        };
        let held = len - candidate.preperiod;
        // If p holds on the last `held` values and kp ≤ held − p, then kp cannot hold from
        // further back than p does (what kp carries back, p repeats), so kp has the longer
        // preperiod plus period, and needs a larger bound to be proved.
        let mut multiple = 2 * period;
        while multiple + period <= held && multiple < covered.len {
            covered.set(multiple);
            multiple += period;
        }
        let proved = candidate.saltus == 0 && provable(candidate);
        if !proved && (held < 2 * period || held < candidate.preperiod) {
            continue;
        }
        let better = match best {
            None => true,
            Some(b) if proved != b.proved => proved,
            Some(b) => score(&candidate) < score(&b.period),
        };
        if better {
            best = Some(Detected {
                period: candidate,
                proved,
            });
        }
    }
    best
}

/// A set of numbers below `len`, a bit each.
struct Bits {
    words: Vec<u64>,
    len: u64,
}

impl Bits {
    fn new(len: u64) -> Bits {
        Bits {
            words: vec![0; len.div_ceil(64) as usize],
            len,
        }
    }

    fn get(&self, i: u64) -> bool {
        i < self.len && self.words[(i / 64) as usize] >> (i % 64) & 1 == 1
    }

    fn set(&mut self, i: u64) {
        self.words[(i / 64) as usize] |= 1 << (i % 64);
    }
}

/// The period `period` as the end of the data shows it: its saltus from the last two values
/// it relates, its preperiod just past the last index that breaks it. `None` when the values
/// fall over a period (no eventual period of a nim-sequence has a negative saltus).
fn tail_period(len: u64, period: u64, value: &impl Fn(u64) -> u64) -> Option<Period> {
    let last = len - 1;
    let saltus = value(last).checked_sub(value(last - period))?;
    let preperiod = (0..len - period)
        .rev()
        .find(|&i| value(i).checked_add(saltus) != Some(value(i + period)))
        .map_or(0, |i| i + 1);
    Some(Period {
        preperiod,
        period,
        saltus,
    })
}

/// The pure or arithmetic period a list of values shows, without a theorem to prove it.
pub fn find_period(values: &[u64]) -> Option<Period> {
    detect_period(values.len() as u64, |i| values[i as usize], |_| None).map(|d| d.period)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_of_simple_sequences() {
        assert_eq!(find_period(&[0, 1, 0, 1, 0, 1]), Some(Period::pure(0, 2)));
        assert_eq!(
            find_period(&[5, 0, 1, 2, 0, 1, 2, 0, 1, 2]),
            Some(Period::pure(1, 3))
        );
        assert_eq!(find_period(&[]), None);
        // The last values repeat, but the real period is 14.
        let blocks: Vec<u64> = (0..60).map(|i| (i / 7) % 2).collect();
        assert_eq!(find_period(&blocks), Some(Period::pure(0, 14)));
        // Two equal values at the end of a long irregular run are no period.
        let mut irregular: Vec<u64> = (0..49).map(|i| i * i % 1000).collect();
        irregular.extend([7, 7]);
        assert_eq!(find_period(&irregular), None);
    }

    #[test]
    fn arithmetic_periods_have_a_saltus() {
        let nim: Vec<u64> = (0..20).collect();
        assert_eq!(
            find_period(&nim),
            Some(Period {
                preperiod: 0,
                period: 1,
                saltus: 1
            })
        );
        // 0, 0, 1, 1, 2, 2, … after a preperiod of 3.
        let mut pairs = vec![9, 9, 9];
        pairs.extend((0..30).map(|i| i / 2));
        let found = find_period(&pairs).unwrap();
        assert_eq!(
            found,
            Period {
                preperiod: 3,
                period: 2,
                saltus: 1
            }
        );
        assert_eq!(found.value_at(1000, |i| pairs[i as usize]), Some(498));
    }

    #[test]
    fn a_proved_period_beats_a_suggested_one() {
        // Subtraction {29}: g(n) = ⌊n/29⌋ mod 2, to heap 101. The last fifteen values are all
        // 1, which suggests period 1 after 87; the theorem proves 58 from the data.
        let values: Vec<u64> = (0..=101).map(|n| (n / 29) % 2).collect();
        assert_eq!(find_period(&values), None);
        let theorem = |p: Period| Some(p.preperiod + 28);
        let detected = detect_period(102, |i| values[i as usize], theorem).unwrap();
        assert_eq!(
            detected,
            Detected {
                period: Period::pure(0, 58),
                proved: true
            }
        );
    }

    #[test]
    fn a_long_preperiod_before_a_short_period_is_found_in_linear_time() {
        // Irregular values for 2 million heaps, then period 4: every multiple of 4 would
        // match the whole tail, so they must be skipped.
        let len = 4_500_000u64;
        let value = |i: u64| {
            if i < 2_000_000 {
                (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) % 97 + 10
            } else {
                i % 4
            }
        };
        let detected = detect_period(len, value, |_| None).unwrap();
        assert_eq!(detected.period, Period::pure(2_000_000, 4));
        assert!(!detected.proved);
    }
}
