//! Partizan subtraction games (§5.3): one pile, or several side by side; Left removes s chips
//! for some s in S_L, Right t chips for some t in S_R. Each pile is a short game, so a position
//! has a value; the outcome classes of piles 0, 1, 2, … form a sequence that is eventually
//! periodic, and for finite sets a repeated window of outcomes proves its period.

use crate::analysis::typed_partizan;
use crate::analysis::{Kind, OutcomeSequence, Params, PartizanNotation, RuleInfo};
use crate::engine::{Meter, Outcome, Play, SearchError};
use crate::games::impartial::heaps::parse_heaps;
use crate::heap::describe_heap_move;
use crate::partizan::{Partizan, Player};
use crate::text::{parse_numbers, ParseError, Separator};
use std::fmt;

/// The largest pile: a pile of n chips may have n options under a rule such as `odd`.
pub const MAX_PILE: u64 = 1 << 20;

pub(crate) const PARTIZAN_SUBTRACTION: RuleInfo = RuleInfo {
    name: "partizan-subtraction",
    kind: Kind::Partizan,
    params: Params::Required {
        name: "SL/SR",
        example: "1,3/2,4",
    },
    summary: "Partizan. Left removes s chips from one pile for some s in S_L, Right t chips for some t in S_R; whoever cannot move loses (§5.3).",
    notation: "S_L and S_R separated by `/`, each a comma-separated list of positive whole numbers (`1,3/2,4`), `odd`, `even`, `all`, `powers-of-2`, or `all-but:` and a set (`powers-of-2/all-but:powers-of-2`); a position is pile sizes separated by spaces, each a summand. `conway outcomes` gives the outcome of every pile up to N, and its period.",
    misere: "the player who cannot move wins (Exercise 5.4): the outcome and every winning move of a position by a search of it, and outcomes with their period by `conway outcomes --misere`; values are of normal play.",
    example: "conway solve partizan-subtraction:1,3/2,4 27",
    build: |info, params| {
        Ok(typed_partizan(
            info,
            PartizanSubtraction::parse_params(params.unwrap_or(""))?,
        ))
    },
};

/// A set of positive whole numbers: the removals one player may make.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Removals {
    /// These numbers, sorted, without repeats.
    Finite(Vec<u64>),
    /// 1, 3, 5, …
    Odd,
    /// 2, 4, 6, …
    Even,
    /// Every positive number.
    All,
    /// 1, 2, 4, 8, …
    PowersOfTwo,
    /// Every positive number not in the set.
    AllBut(Box<Removals>),
}

impl Removals {
    /// Reads a set as the notation writes it.
    pub fn parse(text: &str) -> Result<Removals, ParseError> {
        let set = match text.trim() {
            "odd" => Removals::Odd,
            "even" => Removals::Even,
            "all" => Removals::All,
            "powers-of-2" => Removals::PowersOfTwo,
            other => match other.strip_prefix("all-but:") {
                Some(rest) => {
                    let start = text.len() - rest.len();
                    Removals::AllBut(Box::new(
                        Removals::parse(rest).map_err(|e| e.shifted(start))?,
                    ))
                }
                None => {
                    let mut numbers = parse_numbers(text, Separator::Commas)?;
                    if numbers.is_empty() {
                        return Err(ParseError::whole(
                            "an empty set: write numbers such as 1,3, or odd, even, all, powers-of-2",
                        ));
                    }
                    if numbers.contains(&0) {
                        return Err(ParseError::whole("0 is not a removal: a move takes chips"));
                    }
                    numbers.sort_unstable();
                    numbers.dedup();
                    Removals::Finite(numbers)
                }
            },
        };
        Ok(set)
    }

    /// Whether a move may remove `s` chips.
    pub fn contains(&self, s: u64) -> bool {
        match self {
            Removals::Finite(numbers) => numbers.binary_search(&s).is_ok(),
            Removals::Odd => s % 2 == 1,
            Removals::Even => s > 0 && s.is_multiple_of(2),
            Removals::All => s > 0,
            Removals::PowersOfTwo => s.is_power_of_two(),
            Removals::AllBut(set) => s > 0 && !set.contains(s),
        }
    }

    /// Each removal from a pile of `pile` chips, smallest first.
    pub fn each_up_to(&self, pile: u64, mut take: impl FnMut(u64)) {
        match self {
            Removals::Finite(numbers) => {
                numbers
                    .iter()
                    .take_while(|&&s| s <= pile)
                    .for_each(|&s| take(s));
            }
            Removals::PowersOfTwo => {
                let mut s = 1u64;
                while s <= pile {
                    take(s);
                    s = match s.checked_mul(2) {
                        Some(next) => next,
                        None => break,
                    };
                }
            }
            other => (1..=pile).filter(|&s| other.contains(s)).for_each(take),
        }
    }

    /// The largest removal, for a finite set.
    pub fn largest(&self) -> Option<u64> {
        match self {
            Removals::Finite(numbers) => numbers.last().copied(),
            _ => None,
        }
    }
}

impl fmt::Display for Removals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Removals::Finite(numbers) => {
                let words: Vec<String> = numbers.iter().map(u64::to_string).collect();
                f.write_str(&words.join(","))
            }
            Removals::Odd => f.write_str("odd"),
            Removals::Even => f.write_str("even"),
            Removals::All => f.write_str("all"),
            Removals::PowersOfTwo => f.write_str("powers-of-2"),
            Removals::AllBut(set) => write!(f, "all-but:{set}"),
        }
    }
}

/// A partizan subtraction game. A position is its piles, in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartizanSubtraction {
    left: Removals,
    right: Removals,
}

impl PartizanSubtraction {
    /// The game where Left removes a number in `left` and Right one in `right`.
    pub fn new(left: Removals, right: Removals) -> Self {
        PartizanSubtraction { left, right }
    }

    /// Reads `SL/SR`.
    pub fn parse_params(params: &str) -> Result<Self, ParseError> {
        let Some((left, right)) = params.split_once('/') else {
            return Err(ParseError::whole(
                "give Left's set and Right's separated by `/`, e.g. `1,3/2,4`",
            ));
        };
        let start = left.len() + 1;
        Ok(PartizanSubtraction {
            left: Removals::parse(left)?,
            right: Removals::parse(right).map_err(|e| e.shifted(start))?,
        })
    }

    /// The removals of `player`.
    pub fn removals(&self, player: Player) -> &Removals {
        match player {
            Player::Left => &self.left,
            Player::Right => &self.right,
        }
    }

    fn options(&self, player: Player, piles: &[u64]) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (index, &pile) in piles.iter().enumerate() {
            self.removals(player).each_up_to(pile, |s| {
                let mut option = piles.to_vec();
                option[index] = pile - s;
                options.push(option);
            });
        }
        options
    }

    /// The outcome of each pile 0..=`to` under `play`, and the period they show, within the
    /// limits of `meter` (each removal tried counts once, each pile holds a byte).
    pub fn outcomes(
        &self,
        to: u64,
        play: Play,
        meter: &mut Meter,
    ) -> Result<OutcomeSequence, SearchError> {
        // With removals of at most k chips, a pile's outcome follows from the k piles below
        // it, by the same rule once every removal fits: the window that proves a period.
        let window = match (self.left.largest(), self.right.largest()) {
            (Some(l), Some(r)) => Some(l.max(r)),
            _ => None,
        };
        // The period is looked for each time the piles computed double, from 16 windows
        // on; once proved, it gives every pile left, however many were asked for.
        let mut look_at = window.map_or(u64::MAX, |w| w.saturating_mul(16).max(4096));
        if window.is_none() {
            // No period can be proved, so every pile is computed and held: refused at once
            // where they do not fit.
            let count = to.checked_add(1).ok_or(SearchError::TooBig {
                limit: meter.limits().max_positions,
            })?;
            meter.hold(meter.held().saturating_add(count))?;
        }
        let mut outcomes: Vec<Outcome> = Vec::new();
        for pile in 0..=to {
            if outcomes.len() == outcomes.capacity() {
                let more = outcomes.capacity().max(1024);
                meter.hold_more(more as u64)?;
                outcomes
                    .try_reserve_exact(more)
                    .map_err(|_| SearchError::OutOfMemory {
                        limit: meter.limits().max_memory,
                    })?;
            }
            let wins = |player: Player, meter: &mut Meter| -> Result<bool, SearchError> {
                let mut moved = false;
                let mut wins = false;
                let mut tried = 0u64;
                self.removals(player).each_up_to(pile, |s| {
                    moved = true;
                    tried += 1;
                    let after = outcomes[(pile - s) as usize];
                    // After the move the other player starts: the mover wins if they lose.
                    wins |= !after.starter_wins(player.opponent() == Player::Left);
                });
                meter.count(tried.max(1))?;
                Ok(wins || (!moved && play == Play::Misere))
            };
            let left = wins(Player::Left, meter)?;
            let right = wins(Player::Right, meter)?;
            outcomes.push(Outcome::from_starts(left, right));
            if pile + 1 == look_at && pile < to {
                look_at = look_at.saturating_mul(2);
                let window = window.expect("looked for with a window only");
                let proved = OutcomeSequence::proved(outcomes, to, window);
                match proved {
                    Ok(sequence) => return Ok(sequence),
                    Err(back) => outcomes = back,
                }
            }
        }
        Ok(OutcomeSequence::new(outcomes, window))
    }
}

impl Partizan for PartizanSubtraction {
    type Position = Vec<u64>;

    fn left_options(&self, piles: &Vec<u64>) -> Vec<Vec<u64>> {
        self.options(Player::Left, piles)
    }

    fn right_options(&self, piles: &Vec<u64>) -> Vec<Vec<u64>> {
        self.options(Player::Right, piles)
    }

    /// Each pile has at most as many options as the larger set has removals that fit.
    fn option_bound(&self, piles: &Vec<u64>) -> Option<u64> {
        let fits = |pile: u64| {
            let count = |set: &Removals| match set {
                Removals::Finite(removals) => removals.len() as u64,
                _ => pile,
            };
            pile.min(count(&self.left).max(count(&self.right)))
        };
        Some(
            piles
                .iter()
                .fold(0u64, |sum, &pile| sum.saturating_add(fits(pile))),
        )
    }

    fn components(&self, piles: Vec<u64>, parts: &mut Vec<Vec<u64>>) {
        parts.extend(piles.into_iter().filter(|&p| p > 0).map(|p| vec![p]));
    }
}

impl PartizanNotation for PartizanSubtraction {
    fn parse(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        parse_heaps(text, MAX_PILE)
    }

    fn outcome_sequence(
        &self,
        to: u64,
        play: Play,
        meter: &mut Meter,
    ) -> Option<Result<OutcomeSequence, SearchError>> {
        Some(self.outcomes(to, play, meter))
    }

    fn show(&self, piles: &Vec<u64>) -> String {
        let words: Vec<String> = piles.iter().map(u64::to_string).collect();
        words.join(" ")
    }

    fn describe_move(&self, _player: Player, from: &Vec<u64>, to: &Vec<u64>) -> String {
        describe_heap_move(from, to)
    }

    fn params(&self) -> Option<String> {
        Some(format!("{}/{}", self.left, self.right))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;
    use crate::partizan::Solver;
    use crate::short::Store;

    fn game(params: &str) -> PartizanSubtraction {
        PartizanSubtraction::parse_params(params).unwrap()
    }

    fn outcomes(params: &str, to: u64, play: Play) -> OutcomeSequence {
        game(params)
            .outcomes(to, play, &mut Meter::new(Limits::default()))
            .unwrap()
    }

    fn letters(sequence: &OutcomeSequence) -> String {
        sequence.outcomes.iter().map(|o| o.to_string()).collect()
    }

    #[test]
    fn example_5_3_has_period_5_proved() {
        let sequence = outcomes("1,3/2,4", 100, Play::Normal);
        assert_eq!(&letters(&sequence)[..10], "PLNLNPLNLN");
        let period = sequence.period.unwrap();
        assert_eq!(
            (period.preperiod, period.period, period.proved),
            (0, 5, true)
        );
    }

    #[test]
    fn exercise_5_4_misere_has_period_5() {
        let sequence = outcomes("1,3/2,4", 100, Play::Misere);
        assert_eq!(&letters(&sequence)[..10], "NRPNRNRPNR");
        assert_eq!(sequence.outcomes[27], Outcome::P);
        let period = sequence.period.unwrap();
        assert_eq!(
            (period.preperiod, period.period, period.proved),
            (0, 5, true)
        );
    }

    #[test]
    fn exercise_5_1a_is_right_from_7_on() {
        let sequence = outcomes("1,3,6/1,2,4", 300, Play::Normal);
        assert_eq!(&letters(&sequence)[..8], "PNRNRRNR");
        assert!(sequence.outcomes[7..].iter().all(|&o| o == Outcome::R));
        let period = sequence.period.unwrap();
        assert_eq!(
            (period.preperiod, period.period, period.proved),
            (7, 1, true)
        );
    }

    #[test]
    fn exercise_5_1b_odd_against_even_is_seen_not_proved() {
        let sequence = outcomes("odd/even", 200, Play::Normal);
        assert_eq!(sequence.outcomes[0], Outcome::P);
        for pile in 1..=200usize {
            let expected = if pile % 2 == 1 {
                Outcome::L
            } else {
                Outcome::N
            };
            assert_eq!(sequence.outcomes[pile], expected, "{pile}");
        }
        let period = sequence.period.unwrap();
        assert_eq!(
            (period.preperiod, period.period, period.proved),
            (1, 2, false)
        );
    }

    #[test]
    fn exercise_5_1c_powers_of_two_against_the_rest() {
        let sequence = outcomes("powers-of-2/all-but:powers-of-2", 300, Play::Normal);
        for pile in 0..=300u64 {
            let n_piles = [3, 5, 6, 9, 10, 12];
            let expected = if pile == 0 {
                Outcome::P
            } else if [1, 2, 4, 8].contains(&pile) {
                Outcome::L
            } else if n_piles.contains(&pile)
                || (pile >= 16
                    && [0, 1, 2, 4, 8].contains(&(pile - (1 << (63 - pile.leading_zeros())))))
            {
                Outcome::N
            } else {
                Outcome::R
            };
            assert_eq!(sequence.outcomes[pile as usize], expected, "{pile}");
        }
    }

    /// The outcomes by the recurrence are the outcomes of the values the solver finds.
    #[test]
    fn outcomes_are_the_values_outcomes() {
        for params in [
            "1,3/2,4",
            "1,3,6/1,2,4",
            "2,5/1,3",
            "odd/even",
            "1/powers-of-2",
        ] {
            let rules = game(params);
            let sequence = outcomes(params, 40, Play::Normal);
            let mut store = Store::default();
            let mut solver = Solver::new(&rules);
            for pile in 0..=40u64 {
                let value = solver.value(&mut store, &vec![pile]).unwrap();
                assert_eq!(
                    store.outcome(value).unwrap(),
                    sequence.outcomes[pile as usize],
                    "{params} pile {pile}"
                );
            }
        }
    }

    #[test]
    fn a_period_is_exact_against_plain_comparison() {
        // The proved period holds far past the window where it was found.
        for params in ["1,3/2,4", "1,3,6/1,2,4", "2,5/1,3", "1,4/2,7,9", "3/1,2"] {
            let sequence = outcomes(params, 3000, Play::Normal);
            let period = sequence.period.unwrap_or_else(|| panic!("{params}"));
            let (start, p) = (period.preperiod as usize, period.period as usize);
            for pile in start..sequence.outcomes.len() - p {
                assert_eq!(
                    sequence.outcomes[pile],
                    sequence.outcomes[pile + p],
                    "{params} {pile}"
                );
            }
            if start > 0 {
                assert!(
                    (start - 1..sequence.outcomes.len() - p)
                        .any(|pile| sequence.outcomes[pile] != sequence.outcomes[pile + p]),
                    "{params}: the preperiod is the least"
                );
            }
        }
    }

    /// Plain recursion over the piles, every one computed: the outcome of a pile from the
    /// outcomes of the piles each player's removals reach.
    fn every_outcome(params: &str, to: u64) -> Vec<Outcome> {
        let rules = game(params);
        let mut outcomes: Vec<Outcome> = Vec::new();
        for pile in 0..=to {
            let wins = |player: Player| {
                let mut wins = false;
                rules.removals(player).each_up_to(pile, |s| {
                    let after = outcomes[(pile - s) as usize];
                    wins |= !after.starter_wins(player == Player::Right);
                });
                wins
            };
            outcomes.push(Outcome::from_starts(
                wins(Player::Left),
                wins(Player::Right),
            ));
        }
        outcomes
    }

    /// `outcomes --to N` stops once the period is proved and counts the rest by it: the
    /// outcomes it gives and its counts are those of every pile computed.
    #[test]
    fn outcomes_past_a_proved_period_are_read_from_it() {
        for (params, to) in [("1,3/2,4", 20_000), ("1,4/2,7,9", 9_999), ("3/1,2", 70_001)] {
            let sequence = outcomes(params, to, Play::Normal);
            assert!(
                (sequence.outcomes.len() as u64) < to,
                "{params}: every pile was computed"
            );
            let every = every_outcome(params, to);
            for (pile, &expected) in every.iter().enumerate() {
                assert_eq!(
                    sequence.outcome(pile as u64),
                    Some(expected),
                    "{params} {pile}"
                );
            }
            assert_eq!(sequence.outcome(to + 1), None);
            for outcome in [Outcome::P, Outcome::N, Outcome::L, Outcome::R] {
                let counted = every.iter().filter(|&&o| o == outcome).count() as u128;
                assert_eq!(sequence.count(outcome), counted, "{params} {outcome}");
            }
        }
        // All 2^64 piles to 2^64 − 1, at once: the counts add up to 2^64.
        let sequence = outcomes("1,3/2,4", u64::MAX, Play::Normal);
        let total: u128 = [Outcome::P, Outcome::N, Outcome::L, Outcome::R]
            .iter()
            .map(|&o| sequence.count(o))
            .sum();
        assert_eq!(total, 1 << 64);
        assert_eq!(sequence.outcome(u64::MAX), Some(Outcome::P));
    }

    #[test]
    fn bad_parameters_are_refused_at_their_column() {
        let refused = |params: &str| PartizanSubtraction::parse_params(params).unwrap_err();
        assert!(refused("1,3").to_string().contains("separated by `/`"));
        assert_eq!(refused("1,3/2,x").offset, Some(6));
        assert!(refused("0/1").to_string().contains("0 is not a removal"));
        assert!(refused("/1").to_string().contains("empty set"));
        assert_eq!(
            game("all-but:powers-of-2/odd").params(),
            Some("all-but:powers-of-2/odd".to_string())
        );
    }

    #[test]
    fn the_limit_stops_a_long_sequence() {
        let mut meter = Meter::new(Limits {
            max_positions: 1000,
            ..Limits::default()
        });
        let stopped = game("1,3/2,4").outcomes(1_000_000, Play::Normal, &mut meter);
        assert_eq!(stopped.unwrap_err(), SearchError::TooBig { limit: 1000 });
        // Without a window no period is proved, so every pile is computed: too many here.
        let mut meter = Meter::new(Limits::default());
        assert!(game("odd/even")
            .outcomes(u64::MAX, Play::Normal, &mut meter)
            .is_err());
        // With one, all 2^64 piles are read from the period.
        let mut meter = Meter::new(Limits::default());
        assert!(game("1/2")
            .outcomes(u64::MAX, Play::Normal, &mut meter)
            .is_ok());
    }
}
