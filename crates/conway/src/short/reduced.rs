//! The reduced canonical form: the simplest game that differs from `G` by an infinitesimal
//! (Grossman and Siegel), so that infinitesimals are ignored.
//!
//! Up to infinitesimals, `H` lies below `G` (`H ≤_Inf G`: `H ≤ G + ε` for some infinitesimal
//! `ε`) exactly when the Right stop of `G − H` is at least 0. The reduced form of a game
//! infinitesimally close to a number `x` (equal stops) is `x`; of any other game, the form
//! of the reduced options with options dominated up to infinitesimals deleted (`G^L1 ≤_Inf
//! G^L2`) and options reversible up to infinitesimals bypassed (`G^LR ≤_Inf G`), as the
//! canonical form does with the exact order.

use super::id::{sort_unique, GameId};
use super::remembered::entry_bytes;
use super::store::{Store, StoreResult};

impl Store {
    /// The reduced canonical form of `g`. Two games have the same reduced canonical form
    /// exactly when their difference is infinitesimal.
    pub fn reduced_canonical(&mut self, g: GameId) -> StoreResult<GameId> {
        let (left_stop, right_stop) = self.stops(g)?;
        if left_stop == right_stop {
            return self.number(left_stop);
        }
        if let Some(&known) = self.remembered().reduced.get(&g) {
            return Ok(known);
        }
        let (left, right) = self.hot_options(g)?;
        let mut reduced_left = Vec::with_capacity(left.len());
        for option in left {
            reduced_left.push(self.descend(|store| store.reduced_canonical(option))?);
        }
        let mut reduced_right = Vec::with_capacity(right.len());
        for option in right {
            reduced_right.push(self.descend(|store| store.reduced_canonical(option))?);
        }
        loop {
            sort_unique(&mut reduced_left);
            sort_unique(&mut reduced_right);
            self.delete_nearly_dominated(&mut reduced_left, &mut reduced_right)?;
            if !self.bypass_nearly_reversible(&mut reduced_left, &mut reduced_right)? {
                break;
            }
        }
        let reduced = self.from_options(&reduced_left, &reduced_right)?;
        self.remember(entry_bytes::<GameId, GameId>(), |known| {
            known.reduced.insert(g, reduced);
        })?;
        Ok(reduced)
    }

    /// `h ≤_Inf g`: `h ≤ g + ε` for some infinitesimal `ε`, that is `R(g − h) ≥ 0`.
    fn nearly_leq(&mut self, h: GameId, g: GameId) -> StoreResult<bool> {
        let difference = self.sub(g, h)?;
        Ok(self.right_stop(difference)?.signum() >= 0)
    }

    /// Deletes each Left option nearly below another and each Right option nearly above
    /// another, one at a time, so that of two options equal up to infinitesimals one stays.
    fn delete_nearly_dominated(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
    ) -> StoreResult<()> {
        for (side, is_left) in [(left, true), (right, false)] {
            let mut index = 0;
            while index < side.len() {
                let option = side[index];
                let mut dominated = false;
                for (other_index, &other) in side.iter().enumerate() {
                    if other_index == index {
                        continue;
                    }
                    let below = if is_left {
                        self.nearly_leq(option, other)?
                    } else {
                        self.nearly_leq(other, option)?
                    };
                    if below {
                        dominated = true;
                        break;
                    }
                }
                if dominated {
                    side.remove(index);
                } else {
                    index += 1;
                }
            }
        }
        Ok(())
    }

    /// Replaces a Left option with a Right option nearly below the whole game by that Right
    /// option's Left options, and symmetrically. Whether anything changed.
    fn bypass_nearly_reversible(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
    ) -> StoreResult<bool> {
        for index in 0..left.len() {
            let whole = self.from_options(left, right)?;
            for reply in self.right_options(left[index])? {
                if self.nearly_leq(reply, whole)? {
                    left.swap_remove(index);
                    left.extend(self.left_options(reply)?);
                    return Ok(true);
                }
            }
        }
        for index in 0..right.len() {
            let whole = self.from_options(left, right)?;
            for reply in self.left_options(right[index])? {
                if self.nearly_leq(whole, reply)? {
                    right.swap_remove(index);
                    right.extend(self.right_options(reply)?);
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }
}
