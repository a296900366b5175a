//! Number-up-star values, `x + n·↑ + *m`: the short games with a closed form.
//!
//! Numbers, nimbers, ups and their sums never need option lists: their sums, negatives and
//! comparisons are arithmetic, and their canonical options follow from a few identities
//! (chapter 8, exercise 3): n·↑ = {0 | (n−1)·↑ + \*} and, for n ≥ 2 or m ≠ 1,
//! n·↑ + \*m = {0 | (n−1)·↑ + \*(m ⊕ 1)}, with the one exception ↑\* = {0, \* | 0}; a number
//! added to a game that is not a number shifts every option (the translation principle).

use crate::engine::SearchError;
use crate::number::Dyadic;
use std::cmp::Ordering;

/// `number + ups·↑ + *nim`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// How many ups (negative for downs).
    pub ups: i64,
    /// The nimber part.
    pub nim: u128,
}

impl Nus {
    /// The number `x`.
    pub fn number(number: Dyadic) -> Nus {
        Nus {
            number,
            ups: 0,
            nim: 0,
        }
    }

    /// The nimber `*m`.
    pub fn nimber(nim: u128) -> Nus {
        Nus {
            number: Dyadic::zero(),
            ups: 0,
            nim,
        }
    }

    /// Whether the value is a number (no ups, no star).
    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    /// The sum, or `None` if the count of ups does not fit in 64 bits.
    pub fn checked_add(&self, other: &Nus) -> Option<Nus> {
        Some(Nus {
            number: &self.number + &other.number,
            ups: self.ups.checked_add(other.ups)?,
            nim: self.nim ^ other.nim,
        })
    }

    /// The negative, or `None` for the one count of downs whose negative does not fit.
    pub fn checked_neg(&self) -> Option<Nus> {
        Some(Nus {
            number: -&self.number,
            ups: self.ups.checked_neg()?,
            nim: self.nim,
        })
    }

    /// Whether the value is at least 0: Left wins it when Right moves first.
    ///
    /// A positive number part decides; with none, n·↑ + \*m is positive for n ≥ 2, and for
    /// n = 1 unless m = 1 (↑\* is confused with 0); \*m alone is 0 or confused with 0.
    pub fn is_nonnegative(&self) -> bool {
        match self.number.signum() {
            1 => true,
            -1 => false,
            _ => match self.ups {
                2.. => true,
                1 => self.nim != 1,
                0 => self.nim == 0,
                _ => false,
            },
        }
    }

    /// `self ≤ other`, or `None` if the difference of the counts of ups does not fit.
    /// Different number parts decide by themselves: infinitesimals never outweigh a number.
    pub fn leq(&self, other: &Nus) -> Option<bool> {
        match self.number.cmp(&other.number) {
            Ordering::Less => Some(true),
            Ordering::Greater => Some(false),
            Ordering::Equal => {
                let difference = Nus {
                    number: Dyadic::zero(),
                    ups: other.ups.checked_sub(self.ups)?,
                    nim: self.nim ^ other.nim,
                };
                Some(difference.is_nonnegative())
            }
        }
    }

    /// The canonical options of a value that is not a number, by the identities above.
    /// `(left, right)`; a nimber `*m` has m options on each side.
    pub fn infinitesimal_options(&self) -> (Vec<Nus>, Vec<Nus>) {
        let shifted = |ups: i64, nim: u128| Nus {
            number: self.number.clone(),
            ups,
            nim,
        };
        match self.ups.cmp(&0) {
            Ordering::Equal => {
                let options: Vec<Nus> = (0..self.nim).map(|m| shifted(0, m)).collect();
                (options.clone(), options)
            }
            Ordering::Greater if self.ups == 1 && self.nim == 1 => {
                (vec![shifted(0, 0), shifted(0, 1)], vec![shifted(0, 0)])
            }
            Ordering::Greater => (
                vec![shifted(0, 0)],
                vec![shifted(self.ups - 1, self.nim ^ 1)],
            ),
            Ordering::Less if self.ups == -1 && self.nim == 1 => {
                (vec![shifted(0, 0)], vec![shifted(0, 0), shifted(0, 1)])
            }
            Ordering::Less => (
                vec![shifted(self.ups + 1, self.nim ^ 1)],
                vec![shifted(0, 0)],
            ),
        }
    }

    /// How many options [`Nus::infinitesimal_options`] lists on each side.
    pub fn option_count(&self) -> u128 {
        if self.ups == 0 {
            self.nim
        } else {
            2
        }
    }
}

/// Why a sum or a negative of number-up-star values has no closed form here: its count of
/// ups passes what an `i64` holds.
pub(super) fn too_many_ups() -> SearchError {
    SearchError::TooLarge {
        what: "a count of ups past 2^63".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nus(number: i64, ups: i64, nim: u128) -> Nus {
        Nus {
            number: Dyadic::from_int(number),
            ups,
            nim,
        }
    }

    #[test]
    fn signs_of_the_infinitesimals() {
        assert!(nus(0, 1, 0).is_nonnegative(), "↑ > 0");
        assert!(!nus(0, 1, 1).is_nonnegative(), "↑* is confused with 0");
        assert!(nus(0, 1, 2).is_nonnegative(), "↑ + *2 > 0");
        assert!(nus(0, 2, 1).is_nonnegative(), "⇑* > 0");
        assert!(!nus(0, 0, 1).is_nonnegative(), "* is confused with 0");
        assert!(nus(0, 0, 0).is_nonnegative());
        assert!(!nus(0, -1, 0).is_nonnegative());
        assert!(
            nus(1, -5, 3).is_nonnegative(),
            "a positive number outweighs infinitesimals"
        );
    }

    #[test]
    fn options_follow_the_identities() {
        let (left, right) = nus(0, 1, 0).infinitesimal_options();
        assert_eq!((left, right), (vec![nus(0, 0, 0)], vec![nus(0, 0, 1)]));
        let (left, right) = nus(0, 2, 1).infinitesimal_options();
        assert_eq!((left, right), (vec![nus(0, 0, 0)], vec![nus(0, 1, 0)]));
        let (left, right) = nus(3, 1, 1).infinitesimal_options();
        assert_eq!(
            (left, right),
            (vec![nus(3, 0, 0), nus(3, 0, 1)], vec![nus(3, 0, 0)])
        );
        let (left, right) = nus(0, -1, 0).infinitesimal_options();
        assert_eq!((left, right), (vec![nus(0, 0, 1)], vec![nus(0, 0, 0)]));
    }
}
