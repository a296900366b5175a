//! Invariants of a game's value, each computed once per game and remembered: the stops (the
//! numbers play settles on when Left or Right starts and nobody moves in a number), the
//! birthday, and whether the game is infinitesimal or all-small.
//!
//! The remembered results live in the store, one entry per game asked about (so they are
//! bounded by the store's own size), and count against the store's byte limit.

use super::id::GameId;
use super::nus::Nus;
use super::remembered::entry_bytes;
use super::store::{Store, StoreResult};
use crate::engine::{Footprint, SearchError};
use crate::number::Dyadic;
use std::mem::size_of;

impl Store {
    /// Left's stop: the number reached when Left moves first and both players stop as soon as
    /// the game is a number. For a number it is the number; otherwise the greatest Right stop
    /// of Left's options.
    pub fn left_stop(&mut self, g: GameId) -> StoreResult<Dyadic> {
        Ok(self.stops(g)?.0)
    }

    /// Right's stop: the least Left stop of Right's options, or the number itself.
    pub fn right_stop(&mut self, g: GameId) -> StoreResult<Dyadic> {
        Ok(self.stops(g)?.1)
    }

    /// Both stops, `(left, right)`. A number-up-star value `x + n·↑ + *m` stops at `x` on both
    /// sides: its infinitesimal part never changes a number reached.
    pub(super) fn stops(&mut self, g: GameId) -> StoreResult<(Dyadic, Dyadic)> {
        if let Some(nus) = self.as_nus(g) {
            return Ok((nus.number.clone(), nus.number.clone()));
        }
        if let Some(known) = self.remembered().stops.get(&g) {
            return Ok(known.clone());
        }
        let (left, right) = self.hot_options(g)?;
        let mut best_left: Option<Dyadic> = None;
        for option in left {
            let stop = self.descend(|store| store.stops(option))?.1;
            best_left = Some(best_left.map_or(stop.clone(), |best| best.max(stop)));
        }
        let mut best_right: Option<Dyadic> = None;
        for option in right {
            let stop = self.descend(|store| store.stops(option))?.0;
            best_right = Some(best_right.map_or(stop.clone(), |best| best.min(stop)));
        }
        let stops = (
            best_left.expect("a game that is not a number has Left options"),
            best_right.expect("a game that is not a number has Right options"),
        );
        let heap = stops.0.footprint() + stops.1.footprint() - 2 * size_of::<Dyadic>();
        let bytes = entry_bytes::<GameId, (Dyadic, Dyadic)>() + heap as u64;
        self.remember(bytes, |known| {
            known.stops.insert(g, stops.clone());
        })?;
        Ok(stops)
    }

    /// Whether `g` is infinitesimal: smaller than every positive number and larger than every
    /// negative one, which is to say both its stops are 0. (0 itself counts.)
    pub fn is_infinitesimal(&mut self, g: GameId) -> StoreResult<bool> {
        let (left, right) = self.stops(g)?;
        Ok(left.is_zero() && right.is_zero())
    }

    /// Whether `g` is all-small: in every position of its canonical form either both players
    /// have a move or neither has. (The canonical form of an all-small game is all-small, so
    /// this is a property of the value.) Of the numbers only 0 is all-small.
    pub fn is_all_small(&mut self, g: GameId) -> StoreResult<bool> {
        if let Some(nus) = self.as_nus(g) {
            return Ok(nus.number.is_zero());
        }
        if let Some(&known) = self.remembered().all_small.get(&g) {
            return Ok(known);
        }
        let (left, right) = self.hot_options(g)?;
        let mut answer = true;
        for option in left.into_iter().chain(right) {
            if !self.descend(|store| store.is_all_small(option))? {
                answer = false;
                break;
            }
        }
        self.remember(entry_bytes::<GameId, bool>(), |known| {
            known.all_small.insert(g, answer);
        })?;
        Ok(answer)
    }

    /// The birthday of `g`: 0 for 0, and otherwise one more than the greatest birthday of the
    /// options of its canonical form. An error if it passes 2^64 (a number or a nimber that
    /// large).
    pub fn birthday(&mut self, g: GameId) -> StoreResult<u64> {
        if let Some(nus) = self.as_nus(g) {
            return nus_birthday(nus);
        }
        if let Some(&known) = self.remembered().birthdays.get(&g) {
            return Ok(known);
        }
        let (left, right) = self.hot_options(g)?;
        let mut oldest = 0;
        for option in left.into_iter().chain(right) {
            oldest = oldest.max(self.descend(|store| store.birthday(option))?);
        }
        let birthday = oldest.checked_add(1).ok_or_else(|| too_old("a game"))?;
        self.remember(entry_bytes::<GameId, u64>(), |known| {
            known.birthdays.insert(g, birthday);
        })?;
        Ok(birthday)
    }
}

/// The birthday of `x + n·↑ + *m`, from the canonical options of [`Nus`]: the number part's
/// birthday plus the infinitesimal part's, because every option keeps `x` and changes only
/// the infinitesimal part until it is 0. The infinitesimal part: `*m` is born on day `m`;
/// `n·↑ + *m` for `n ≥ 2` is one day older than its Right option `(n−1)·↑ + *(m ⊕ 1)`; and
/// `↑ + *m` is `{0 | *(m ⊕ 1)}`, born on day `1 + (m ⊕ 1)`, except `↑* = {0, * | 0}` on day 2.
fn nus_birthday(nus: &Nus) -> StoreResult<u64> {
    let number = u128::try_from(nus.number.birthday()).map_err(|_| too_old("a number"))?;
    let ups = u128::from(nus.ups.unsigned_abs());
    let infinitesimal = if ups == 0 {
        nus.nim
    } else {
        let last_nim = nus.nim ^ ((ups - 1) & 1);
        let last = if last_nim == 1 { 2 } else { 1 + (last_nim ^ 1) };
        (ups - 1)
            .checked_add(last)
            .ok_or_else(|| too_old("a nimber"))?
    };
    number
        .checked_add(infinitesimal)
        .and_then(|total| u64::try_from(total).ok())
        .ok_or_else(|| too_old("a game"))
}

fn too_old(what: &str) -> SearchError {
    SearchError::TooLarge {
        what: format!("{what} whose birthday passes 2^64"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The birthday by the definition: one more than the options' greatest.
    fn birthday_by_options(store: &mut Store, g: GameId) -> u64 {
        let left = store.left_options(g).unwrap();
        let right = store.right_options(g).unwrap();
        left.into_iter()
            .chain(right)
            .map(|option| 1 + birthday_by_options(store, option))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn closed_form_birthdays_are_the_definition() {
        let mut store = Store::default();
        for number in ["0", "1", "-3", "1/2", "-5/4", "11/8"] {
            for ups in -4..=4 {
                for nim in 0..6 {
                    let nus = Nus {
                        number: number.parse().unwrap(),
                        ups,
                        nim,
                    };
                    let g = store.nus(nus.clone()).unwrap();
                    let expected = birthday_by_options(&mut store, g);
                    assert_eq!(store.birthday(g).unwrap(), expected, "{nus:?}");
                }
            }
        }
    }

    #[test]
    fn birthdays_of_forms_and_giants() {
        let mut store = Store::default();
        let one = store.integer(1).unwrap();
        let minus_one = store.integer(-1).unwrap();
        let switch = store.from_options(&[one], &[minus_one]).unwrap();
        assert_eq!(store.birthday(switch).unwrap(), 2);
        let big = store.nimber(1 << 70).unwrap();
        assert!(store.birthday(big).is_err(), "*2^70 is born after day 2^64");
        let many_ups = store.ups(i64::MAX).unwrap();
        assert_eq!(store.birthday(many_ups).unwrap(), i64::MAX as u64 + 1);
    }

    #[test]
    fn stops_and_smallness() {
        let mut store = Store::default();
        let zero = store.zero();
        let two = store.integer(2).unwrap();
        let half = store.number("-1/2".parse().unwrap()).unwrap();
        let hot = store.from_options(&[two], &[half]).unwrap();
        assert_eq!(store.left_stop(hot).unwrap(), Dyadic::from_int(2));
        assert_eq!(store.right_stop(hot).unwrap(), "-1/2".parse().unwrap());
        assert!(!store.is_infinitesimal(hot).unwrap());
        assert!(!store.is_all_small(hot).unwrap());
        let star = store.nimber(1).unwrap();
        let up = store.ups(1).unwrap();
        // {↑ | *} + ... : tiny-2 = {0 || 0 | −2} is infinitesimal but not all-small.
        let minus_two = store.integer(-2).unwrap();
        let inner = store.from_options(&[zero], &[minus_two]).unwrap();
        let tiny = store.from_options(&[zero], &[inner]).unwrap();
        assert!(store.is_infinitesimal(tiny).unwrap());
        assert!(!store.is_all_small(tiny).unwrap());
        let all_small = store.from_options(&[up], &[star]).unwrap();
        assert!(store.is_all_small(all_small).unwrap());
        assert!(store.is_infinitesimal(all_small).unwrap());
        assert!(store.is_all_small(zero).unwrap());
        assert!(!store.is_all_small(two).unwrap());
        let bytes = store.bytes();
        let remembered = store.remembered().bytes();
        assert!(remembered > 0 && bytes > remembered);
    }
}
