//! The outcome classes of one pile of each size, of a game whose piles are partizan: a
//! sequence of P, N, L and R that is eventually periodic, and its period.

use crate::engine::Outcome;
use std::collections::HashMap;

/// The outcomes of piles 0, 1, 2, … up to a last pile, and their period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeSequence {
    /// The outcomes computed, of piles 0, 1, 2, …: of every pile asked for, or of fewer
    /// where a proved period gives the rest ([`OutcomeSequence::outcome`] reads them all).
    pub outcomes: Vec<Outcome>,
    /// The last pile asked for.
    pub to: u64,
    /// Where the outcomes repeat, if they were seen to.
    pub period: Option<OutcomePeriod>,
}

/// Where the outcomes repeat: from pile `preperiod` on, with `period`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutcomePeriod {
    /// The first pile of the periodic part.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// Proved: a pile's outcome follows from the `window` piles below it by one rule once
    /// the pile is at least `window`, so two equal windows of outcomes, the first starting at
    /// pile i, repeat for ever from i. Otherwise only seen in the piles computed.
    pub proved: bool,
}

impl OutcomeSequence {
    /// The sequence of `outcomes` with its period: proved where each outcome follows from the
    /// `window` outcomes below it by one rule (from pile `window` on), else seen.
    pub fn new(outcomes: Vec<Outcome>, window: Option<u64>) -> Self {
        let period = match window {
            Some(window) => proved_period(&outcomes, window),
            None => seen_period(&outcomes),
        };
        let to = (outcomes.len() as u64).saturating_sub(1);
        OutcomeSequence {
            outcomes,
            to,
            period,
        }
    }

    /// The sequence of piles `0..=to` from the first `outcomes`, if a period proved in them
    /// (as for [`OutcomeSequence::new`]) gives the rest; else the outcomes back.
    pub fn proved(outcomes: Vec<Outcome>, to: u64, window: u64) -> Result<Self, Vec<Outcome>> {
        let Some(period) = proved_period(&outcomes, window) else {
            return Err(outcomes);
        };
        Ok(OutcomeSequence {
            outcomes,
            to,
            period: Some(period),
        })
    }

    /// The outcome of `pile`, if it is at most the last pile asked for.
    pub fn outcome(&self, pile: u64) -> Option<Outcome> {
        if pile > self.to {
            return None;
        }
        let computed = |pile: u64| self.outcomes.get(usize::try_from(pile).ok()?).copied();
        computed(pile).or_else(|| {
            let period = self.period.filter(|p| p.proved)?;
            computed(period.preperiod + (pile - period.preperiod) % period.period)
        })
    }

    /// How many piles of `0..=to` have `outcome`: counted, and past the piles computed,
    /// multiplied out by the period (a u128, since all 2^64 piles to 2^64 − 1 may have it).
    pub fn count(&self, outcome: Outcome) -> u128 {
        let in_piles = |piles: &[Outcome]| piles.iter().filter(|&&o| o == outcome).count() as u128;
        let computed = self.outcomes.len() as u64;
        match self.period {
            Some(period) if period.proved && computed <= self.to => {
                let (start, length) = (period.preperiod as usize, period.period as usize);
                let repeating = u128::from(self.to - period.preperiod) + 1;
                let whole = repeating / u128::from(period.period);
                let rest = (repeating % u128::from(period.period)) as usize;
                in_piles(&self.outcomes[..start])
                    + whole * in_piles(&self.outcomes[start..start + length])
                    + in_piles(&self.outcomes[start..start + rest])
            }
            _ => in_piles(&self.outcomes),
        }
    }
}

/// The first window of `k` outcomes that comes again. The windows form the orbit of a
/// deterministic rule, so from the first window's start the outcomes are periodic with the
/// distance between the two, and neither preperiod nor period can be smaller: a shorter
/// period or an earlier start would have repeated a window sooner.
fn proved_period(outcomes: &[Outcome], k: u64) -> Option<OutcomePeriod> {
    let k = usize::try_from(k).ok()?;
    if k >= outcomes.len() {
        return None;
    }
    let mut seen: HashMap<&[Outcome], usize> = HashMap::new();
    for start in 0..=outcomes.len() - k {
        let window = &outcomes[start..start + k];
        if let Some(&first) = seen.get(window) {
            return Some(OutcomePeriod {
                preperiod: first as u64,
                period: (start - first) as u64,
                proved: true,
            });
        }
        seen.insert(window, start);
    }
    None
}

/// The shortest period that the computed outcomes repeat with over at least their last third
/// (and three whole periods), from the earliest pile it holds: seen, not proved.
fn seen_period(outcomes: &[Outcome]) -> Option<OutcomePeriod> {
    let n = outcomes.len();
    (1..=n / 3).find_map(|period| {
        let mut start = n - period;
        while start > 0 && outcomes[start - 1] == outcomes[start - 1 + period] {
            start -= 1;
        }
        let covered = n - start;
        (covered >= 3 * period && covered >= n / 3).then_some(OutcomePeriod {
            preperiod: start as u64,
            period: period as u64,
            proved: false,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A window as long as the largest number (2^64 − 1, the review's set) is longer than
    /// any sequence: no period, and no overflow.
    #[test]
    fn a_window_past_the_sequence_proves_nothing() {
        let outcomes = vec![Outcome::P; 10];
        assert_eq!(
            OutcomeSequence::new(outcomes.clone(), Some(u64::MAX)).period,
            None
        );
        assert_eq!(
            OutcomeSequence::new(outcomes.clone(), Some(10)).period,
            None
        );
        let period = OutcomeSequence::new(outcomes, Some(9)).period.unwrap();
        assert_eq!(
            (period.preperiod, period.period, period.proved),
            (0, 1, true)
        );
    }
}
