//! The uptimals `↑^n` (up-nth) and `↑^[n] = ↑ + ↑^2 + … + ↑^n` (Winning Ways, ch. 9; Siegel,
//! *Combinatorial Game Theory*, II.4), which CGSuite writes `^<n>` and `^[n]`.
//!
//! By definition `↑^1 = ↑` and `↑^n = {0 | ↓^[n−1]*}`. Their canonical forms follow a pattern
//! that the tests check against the definition: `↑^[n] = {↑^[n−1] | *}`, `↑^[n]* = {0,
//! ↑^[n−1]* | 0}`, and for `n ≥ 2`, `↑^[n] + *m = {↑^[n−1] + *m | *(m ⊕ 1)}` (m ≠ 1) and `↑^n +
//! *m = {0, *, …, *m | ↓^[n−1] + *(m ⊕ 1)}`; a number `x` shifts every option. The printer reads
//! these shapes back ([`Store::show`]), and the constructors below build the chains one level
//! at a time, so an uptimal of any order costs one form per level and no recursion.

use super::id::GameId;
use super::nus::Nus;
use super::store::{Store, StoreResult};
use crate::number::Dyadic;

impl Store {
    /// `↑^n`, up-nth (n ≥ 1): `↑` for n = 1, else `{0 | ↓^[n−1]*}`.
    pub fn up_nth(&mut self, n: u64) -> StoreResult<GameId> {
        assert!(n >= 1, "the uptimals start at ^<1> = ^");
        if n == 1 {
            return self.ups(1);
        }
        let zero = self.zero();
        // ↓^[k]* = {0 | 0, ↓^[k−1]*}, the negative of ↑^[k]* = {0, ↑^[k−1]* | 0}.
        let mut down_star = self.nus(Nus {
            number: Dyadic::zero(),
            ups: -1,
            nim: 1,
        })?;
        for _ in 2..n {
            down_star = self.from_options(&[zero], &[zero, down_star])?;
        }
        self.from_options(&[zero], &[down_star])
    }

    /// `↑^[n] = ↑ + ↑^2 + … + ↑^n` (n ≥ 1), built as `{↑^[n−1] | *}`.
    pub fn up_sum(&mut self, n: u64) -> StoreResult<GameId> {
        assert!(n >= 1, "the uptimals start at ^[1] = ^");
        let star = self.nimber(1)?;
        let mut sum = self.ups(1)?;
        for _ in 1..n {
            sum = self.from_options(&[sum], &[star])?;
        }
        Ok(sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uptimals_are_the_definition() {
        let mut store = Store::default();
        let star = store.nimber(1).unwrap();
        let zero = store.zero();
        // By the definition alone: ↑^n = {0 | * − (↑ + … + ↑^(n−1))}, ↑^[n] their sum.
        let mut sum = store.zero();
        for n in 1..=10 {
            let down = store.neg(sum).unwrap();
            let down_star = store.add(down, star).unwrap();
            let unit = store.from_options(&[zero], &[down_star]).unwrap();
            assert_eq!(store.up_nth(n).unwrap(), unit, "^<{n}>");
            sum = store.add(sum, unit).unwrap();
            assert_eq!(store.up_sum(n).unwrap(), sum, "^[{n}]");
        }
        assert_eq!(store.up_nth(1).unwrap(), store.ups(1).unwrap());
    }
}
