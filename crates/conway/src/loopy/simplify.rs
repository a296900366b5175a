//! The simplest form of a stopper (Conway, *ONAG* ch. 11; Siegel, *CGT* VI): bypass reversible
//! options, delete dominated ones, then fuse equal positions.
//!
//! Each step keeps the value of every position, so the order of the positions, found once
//! by [`survival::order`], stays true while the options change. A Left option `A` of `G` is
//! reversible when some Right option `A^R` of `A` is at most `G`; it is replaced by the Left
//! options of `A^R`. Each replacement follows a play Left, Right, Left from `G`, and a stopper
//! has no such play that goes on for ever, so replacing ends. Fusing comes last: two equal
//! positions become one, which before the bypassing could close a cycle of alternating play.

use super::survival::{self, Order};
use super::LoopyGame;
use crate::engine::{Meter, SearchError};
use std::collections::BTreeSet;

/// The simplest form of the stopper `game`.
pub(super) fn simplest_form(game: &LoopyGame, meter: &mut Meter) -> Result<LoopyGame, SearchError> {
    let order = survival::order(game, game, meter)?;
    let (mut left, mut right) = (game.left.clone(), game.right.clone());
    loop {
        let mut changed = false;
        for v in 0..game.len() as u32 {
            let lefts = reduced(v, &left, &right, &order, Side::Left, meter)?;
            changed |= lefts != left[v as usize];
            left[v as usize] = lefts;
            let rights = reduced(v, &right, &left, &order, Side::Right, meter)?;
            changed |= rights != right[v as usize];
            right[v as usize] = rights;
        }
        if !changed {
            break;
        }
    }
    Ok(fused(LoopyGame { left, right }, &order))
}

/// Whose options are being reduced.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

impl Side {
    /// Whether `a` is at least as good as `b` for this player.
    fn prefers(self, order: &Order, a: u32, b: u32) -> bool {
        match self {
            Side::Left => order.geq(a, b),
            Side::Right => order.geq(b, a),
        }
    }
}

/// The options of `v` for `side` (whose lists are `own`, the opponent's `other`) with the
/// reversible ones bypassed and the dominated ones deleted; of equal options the least vertex
/// stays.
fn reduced(
    v: u32,
    own: &[Vec<u32>],
    other: &[Vec<u32>],
    order: &Order,
    side: Side,
    meter: &mut Meter,
) -> Result<Vec<u32>, SearchError> {
    let mut options: BTreeSet<u32> = own[v as usize].iter().copied().collect();
    // A reversing reply leaves the opponent's position no better for them than `v`.
    let reversing = |a: u32| {
        other[a as usize]
            .iter()
            .copied()
            .find(|&reply| side.prefers(order, v, reply))
    };
    while let Some((a, reply)) = options
        .iter()
        .find_map(|&a| reversing(a).map(|reply| (a, reply)))
    {
        meter.count(1)?;
        options.remove(&a);
        options.extend(own[reply as usize].iter().copied());
    }
    let dominated = |a: u32| {
        options
            .iter()
            .any(|&b| b != a && side.prefers(order, b, a) && (!side.prefers(order, a, b) || b < a))
    };
    Ok(options.iter().copied().filter(|&a| !dominated(a)).collect())
}

/// The game with each set of equal positions made one, the least of them.
fn fused(game: LoopyGame, order: &Order) -> LoopyGame {
    let count = game.len() as u32;
    let representative: Vec<u32> = (0..count)
        .map(|v| {
            (0..count)
                .find(|&w| order.geq(v, w) && order.geq(w, v))
                .unwrap_or(v)
        })
        .collect();
    let map = |lists: Vec<Vec<u32>>| -> Vec<Vec<u32>> {
        lists
            .into_iter()
            .map(|list| list.iter().map(|&w| representative[w as usize]).collect())
            .collect()
    };
    let mut fused = LoopyGame {
        left: map(game.left),
        right: map(game.right),
    };
    fused.tidy();
    fused
}

/// Whether no position of `game` can be reached again from itself, whoever moves.
pub(super) fn is_acyclic(game: &LoopyGame) -> bool {
    let count = game.len();
    let mut incoming = vec![0u32; count];
    for &w in game.left.iter().chain(&game.right).flatten() {
        incoming[w as usize] += 1;
    }
    let mut ready: Vec<usize> = (0..count).filter(|&v| incoming[v] == 0).collect();
    let mut seen = 0;
    while let Some(v) = ready.pop() {
        seen += 1;
        for &w in game.left[v].iter().chain(&game.right[v]) {
            incoming[w as usize] -= 1;
            if incoming[w as usize] == 0 {
                ready.push(w as usize);
            }
        }
    }
    seen == count
}
