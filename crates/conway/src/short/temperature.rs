//! Temperature theory: thermographs, mean and temperature.
//!
//! The thermograph draws the stops of the cooled game `G_t` (see `cooling`) against `t`; where
//! its walls meet is the temperature, and the mast above stands at the mean. Taking stops of
//! the definition of cooling gives the recursive construction: the Left stop of
//! `{G^L_t − t | …}` is the greatest Right stop of a `G^L_t`, less `t`, so the raw left wall
//! is the greatest of the Left options' right walls shifted by `−t`, and the raw right wall
//! the least of the Right options' left walls shifted by `+t`; the game freezes where the raw
//! left wall first comes down to the raw right wall (their gap never grows), and from there
//! both walls are the mast.

use super::id::GameId;
use super::nus::Nus;
use super::remembered::entry_bytes;
use super::store::{Store, StoreResult};
use super::thermograph::{Thermograph, Wall};
use crate::engine::SearchError;
use crate::number::Dyadic;
use num_bigint::BigInt;
use std::sync::Arc;

impl Store {
    /// The thermograph of `g`, with exact walls.
    pub fn thermograph(&mut self, g: GameId) -> StoreResult<Thermograph> {
        Ok((*self.thermograph_shared(g)?).clone())
    }

    /// The mean value: the number the game is worth on average, where its thermograph's mast
    /// stands. The mean of a sum is the sum of the means.
    pub fn mean(&mut self, g: GameId) -> StoreResult<Dyadic> {
        if let Some(nus) = self.as_nus(g) {
            return Ok(nus.number.clone());
        }
        Ok(self.thermograph_shared(g)?.mean().clone())
    }

    /// The temperature: how much a move in the game is worth, where its thermograph's walls
    /// meet. By the standard convention a number `m/2^k` in lowest terms (k ≥ 1) has
    /// temperature `−1/2^k` and an integer −1; an infinitesimal that is not a number, such as
    /// `*` or `↑`, has temperature 0.
    pub fn temperature(&mut self, g: GameId) -> StoreResult<Dyadic> {
        if let Some(nus) = self.as_nus(g) {
            return Ok(if nus.is_number() {
                number_temperature(&nus.number)
            } else {
                Dyadic::zero()
            });
        }
        Ok(self.thermograph_shared(g)?.temperature().clone())
    }

    /// The thermograph of `g`, computed once and shared.
    pub(super) fn thermograph_shared(&mut self, g: GameId) -> StoreResult<Arc<Thermograph>> {
        if let Some(known) = self.remembered().thermographs.get(&g) {
            return Ok(Arc::clone(known));
        }
        let thermograph = match self.as_number(g) {
            Some(n) if n.is_integer() => Thermograph::of_integer(n.clone()),
            _ => {
                let same_thermograph = self.thermal_representative(g)?;
                self.descend(|store| store.thermograph_by_options(same_thermograph))?
            }
        };
        let bytes = entry_bytes::<GameId, Arc<Thermograph>>()
            + (std::mem::size_of::<Thermograph>() + thermograph.heap_bytes()) as u64;
        let shared = Arc::new(thermograph);
        self.remember(bytes, |known| {
            known.thermographs.insert(g, Arc::clone(&shared));
        })?;
        Ok(shared)
    }

    /// The thermograph by the recursive construction from the options' thermographs.
    fn thermograph_by_options(&mut self, g: GameId) -> StoreResult<Thermograph> {
        let (left, right) = self.hot_options(g)?;
        let mut raw_left: Option<Wall> = None;
        for option in left {
            let wall = self.thermograph_shared(option)?.right_wall().sheared(-1);
            raw_left = Some(match raw_left {
                None => wall,
                Some(best) => best.max(&wall).ok_or_else(no_thermograph)?,
            });
        }
        let mut raw_right: Option<Wall> = None;
        for option in right {
            let wall = self.thermograph_shared(option)?.left_wall().sheared(1);
            raw_right = Some(match raw_right {
                None => wall,
                Some(best) => best.min(&wall).ok_or_else(no_thermograph)?,
            });
        }
        let (Some(raw_left), Some(raw_right)) = (raw_left, raw_right) else {
            unreachable!("a canonical game that is not an integer has options on both sides")
        };
        Thermograph::from_scaffolds(&raw_left, &raw_right).map_err(|_| no_thermograph())
    }

    /// A game with the same thermograph as `g` and few options. A number-up-star value that
    /// is not a number has the thermograph of `x + *` (nimbers, `↑*`, `↓*`), of `x + ↑` (other
    /// positive counts of ups) or of `x + ↓`: its options have the thermographs of `x` and of
    /// those, whatever the size of the nimber or of the count of ups.
    fn thermal_representative(&mut self, g: GameId) -> StoreResult<GameId> {
        let Some(nus) = self.as_nus(g).filter(|nus| !nus.is_number()) else {
            return Ok(g);
        };
        let (ups, nim) = match (nus.ups, nus.nim) {
            (0, _) | (1, 1) | (-1, 1) => (0, 1),
            (ups, _) => (ups.signum(), 0),
        };
        let representative = Nus {
            number: nus.number.clone(),
            ups,
            nim,
        };
        self.nus(representative)
    }
}

/// `−1/2^k` for `m/2^k` in lowest terms with k ≥ 1, and −1 for an integer.
fn number_temperature(x: &Dyadic) -> Dyadic {
    Dyadic::new(BigInt::from(-1), x.exponent())
}

/// The walls of a game's options always give a thermograph; this error would be a bug.
fn no_thermograph() -> SearchError {
    SearchError::TooLarge {
        what: "a thermograph whose walls do not meet at a dyadic temperature (a bug in conway)"
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_form_classes_have_the_thermographs_of_their_options() {
        let mut store = Store::default();
        for number in ["0", "3", "1/2", "-3/4", "5/8"] {
            for ups in -4..=4 {
                for nim in 0..6 {
                    let nus = Nus {
                        number: number.parse().unwrap(),
                        ups,
                        nim,
                    };
                    if nus.is_number() {
                        continue;
                    }
                    let g = store.nus(nus.clone()).unwrap();
                    let by_options = store.thermograph_by_options(g).unwrap();
                    assert_eq!(store.thermograph(g).unwrap(), by_options, "{nus:?}");
                    assert_eq!(store.temperature(g).unwrap(), Dyadic::zero());
                    assert_eq!(store.mean(g).unwrap(), nus.number);
                }
            }
        }
    }

    #[test]
    fn numbers_are_coldest_by_the_convention() {
        let mut store = Store::default();
        for (x, temperature) in [
            ("5", "-1"),
            ("-2", "-1"),
            ("1/2", "-1/2"),
            ("3/4", "-1/4"),
            ("-7/8", "-1/8"),
            ("13/16", "-1/16"),
        ] {
            let g = store.number(x.parse().unwrap()).unwrap();
            let thermograph = store.thermograph(g).unwrap();
            let expected: Dyadic = temperature.parse().unwrap();
            assert_eq!(thermograph.temperature(), &expected, "{x}");
            assert_eq!(store.temperature(g).unwrap(), expected, "{x}");
            assert_eq!(thermograph.mean(), &x.parse::<Dyadic>().unwrap());
        }
    }

    #[test]
    fn huge_closed_forms_have_cheap_thermographs() {
        let mut store = Store::new(1 << 24);
        let big = store
            .nus(Nus {
                number: "1/2".parse().unwrap(),
                ups: i64::MAX,
                nim: u128::MAX,
            })
            .unwrap();
        let thermograph = store.thermograph(big).unwrap();
        assert_eq!(thermograph.temperature(), &Dyadic::zero());
        let nimber = store.nimber(1 << 100).unwrap();
        assert_eq!(store.cool(nimber, &Dyadic::one()).unwrap(), store.zero());
    }
}
