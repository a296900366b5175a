//! The ordinal sum G : H = {G^L, G:H^L | G^R, G:H^R}: a move in G ends the play of H, a move
//! in H leaves G as it is. It depends on the forms of its terms, not only on their values
//! (by the definition, the form {−1 | 1} of 0 would give {−1, 0 | 1} = 1/2 for `{-1 | 1} : 1`,
//! where `0 : 1` = 1), so it is taken on canonical forms, as CGSuite does: every game the
//! language makes is canonical, and `{-1 | 1} : 1` is `0 : 1` = 1.
//!
//! The store does not have this operation yet (the thermography work adds `Store::ordinal_sum`);
//! until then the language computes it here, and this file goes once the store has it.

use crate::short::{GameId, Store, StoreResult};
use rustc_hash::FxHashMap;
use std::mem::size_of;

/// `g : h`, over the subgames of `h` with a stack of its own (no recursion), each subgame
/// `h'` once: `g : h'` is remembered until the end. The remembered pairs count against the
/// store's memory limit with the store itself, so a huge `h` (an integer with a thousand
/// digits has as many subgames as its value) stops with the store's error.
pub(super) fn ordinal_sum(store: &mut Store, g: GameId, h: GameId) -> StoreResult<GameId> {
    let base_left = store.left_options(g)?;
    let base_right = store.right_options(g)?;
    let mut done: FxHashMap<GameId, GameId> = FxHashMap::default();
    let mut stack = vec![h];
    while let Some(&top) = stack.last() {
        if done.contains_key(&top) {
            stack.pop();
            continue;
        }
        let left = store.left_options(top)?;
        let right = store.right_options(top)?;
        let pending = stack.len();
        stack.extend(
            left.iter()
                .chain(&right)
                .filter(|option| !done.contains_key(option)),
        );
        if stack.len() > pending {
            check_memory(store, done.len(), stack.len())?;
            continue;
        }
        let mut lefts = base_left.clone();
        lefts.extend(left.iter().map(|option| done[option]));
        let mut rights = base_right.clone();
        rights.extend(right.iter().map(|option| done[option]));
        let sum = store.from_options(&lefts, &rights)?;
        done.insert(top, sum);
        stack.pop();
        check_memory(store, done.len(), stack.len())?;
    }
    Ok(done[&h])
}

/// Refuses to hold more than the store's limit in the store and this walk together.
fn check_memory(store: &Store, remembered: usize, pending: usize) -> StoreResult<()> {
    let walk = remembered * 3 * size_of::<(GameId, GameId)>() + pending * size_of::<GameId>();
    if store.bytes().saturating_add(walk as u64) > store.max_bytes() {
        return Err(crate::engine::SearchError::OutOfMemory {
            limit: store.max_bytes(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Dyadic;

    /// The definition, recursively, as the reference.
    fn by_definition(store: &mut Store, g: GameId, h: GameId) -> GameId {
        let mut left = store.left_options(g).unwrap();
        let mut right = store.right_options(g).unwrap();
        for option in store.left_options(h).unwrap() {
            left.push(by_definition(store, g, option));
        }
        for option in store.right_options(h).unwrap() {
            right.push(by_definition(store, g, option));
        }
        store.from_options(&left, &right).unwrap()
    }

    #[test]
    fn known_ordinal_sums() {
        let mut store = Store::default();
        let zero = store.zero();
        let one = store.integer(1).unwrap();
        let star = store.nimber(1).unwrap();
        let half = store.number(Dyadic::from_int(1).half()).unwrap();
        // 0 : H = H, G : 0 = G.
        assert_eq!(ordinal_sum(&mut store, zero, half), Ok(half));
        assert_eq!(ordinal_sum(&mut store, star, zero), Ok(star));
        // 1 : 1 = 2, 1 : -1 = 1/2, * : * = *2 ({0, * | 0, *}).
        let minus_one = store.integer(-1).unwrap();
        let two = store.integer(2).unwrap();
        assert_eq!(ordinal_sum(&mut store, one, one), Ok(two));
        assert_eq!(ordinal_sum(&mut store, one, minus_one), Ok(half));
        let star2 = store.nimber(2).unwrap();
        assert_eq!(ordinal_sum(&mut store, star, star), Ok(star2));
    }

    #[test]
    fn agrees_with_the_definition() {
        let mut store = Store::default();
        let games: Vec<GameId> = [
            "0",
            "1",
            "-1",
            "*",
            "*2",
            "^",
            "v*",
            "1/2",
            "{1|0}",
            "{2|-1}",
            "+-1",
            "{0||0|-1}",
        ]
        .iter()
        .map(|text| crate::lang::eval_game(text, &mut store).unwrap())
        .collect();
        for &g in &games {
            for &h in &games {
                let expected = by_definition(&mut store, g, h);
                assert_eq!(
                    ordinal_sum(&mut store, g, h),
                    Ok(expected),
                    "{} : {}",
                    store.show(g),
                    store.show(h)
                );
            }
        }
    }

    #[test]
    fn a_huge_second_term_runs_out_of_memory() {
        let mut store = Store::new(4 << 20);
        let one = store.integer(1).unwrap();
        let huge = store.integer(i64::MAX).unwrap();
        assert!(matches!(
            ordinal_sum(&mut store, one, huge),
            Err(crate::engine::SearchError::OutOfMemory { .. })
        ));
    }
}
