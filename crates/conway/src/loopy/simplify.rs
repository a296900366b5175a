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
use std::ops::Range;

/// The order of the positions being simplified, as the simplification asks for it: a table
/// of every pair ([`Order`]), or one that finds each pair when first asked.
pub(super) trait Compare {
    /// Whether position `a` is at least position `b`.
    fn geq(&mut self, a: u32, b: u32, meter: &mut Meter) -> Result<bool, SearchError>;
}

impl Compare for &Order {
    fn geq(&mut self, a: u32, b: u32, _: &mut Meter) -> Result<bool, SearchError> {
        Ok(Order::geq(self, a, b))
    }
}

/// The simplest form of the stopper `game`.
pub(super) fn simplest_form(game: &LoopyGame, meter: &mut Meter) -> Result<LoopyGame, SearchError> {
    let order = survival::order(game, game, meter)?;
    Ok(simplified(game, &order, None, meter)?.unwrap_or_else(|| game.clone()))
}

/// The simplest forms of the positions `roots` of the stopper graph `game` (which vertex 0
/// need not reach), drawn in one graph: the graph, and the vertex of each root in it. Equal
/// roots share a vertex.
pub(super) fn simplest_forms(
    game: &LoopyGame,
    roots: &[u32],
    meter: &mut Meter,
) -> Result<(LoopyGame, Vec<u32>), SearchError> {
    let order = survival::order(game, game, meter)?;
    let everything = 0..game.len() as u32;
    let reduced = reduced_options(game, everything, &mut &order, None, meter)?
        .unwrap_or_else(|| game.clone());
    let (merged, representative) = merged(reduced, &order);
    let roots: Vec<u32> = roots.iter().map(|&r| representative[r as usize]).collect();
    Ok(merged.restricted(&roots))
}

/// `game` with reversible options bypassed, dominated ones deleted and equal positions
/// fused, all by `order`; `None` if the options did not settle.
///
/// Where a player is `favoured` (plays that never end are theirs, as Left's in an onside), an
/// opponent's option from which the favoured player can move straight back goes: repeating it
/// gains the opponent nothing. A bypass that would bring back the option,
/// the position itself or an option bypassed before is not made there: in a game that is not
/// a stopper it could hand a player a cycle that the other never had to allow.
pub(super) fn simplified(
    game: &LoopyGame,
    order: &Order,
    favoured: Option<Side>,
    meter: &mut Meter,
) -> Result<Option<LoopyGame>, SearchError> {
    let everything = 0..game.len() as u32;
    let reduced = reduced_options(game, everything, &mut &*order, favoured, meter)?;
    Ok(reduced.map(|reduced| {
        let (mut fused, _) = merged(reduced, order);
        fused.tidy();
        fused
    }))
}

/// `game` with the reversible options of the positions `vertices` bypassed and the dominated
/// ones deleted, as [`simplified`] says; `None` if the options did not settle.
pub(super) fn reduced_options(
    game: &LoopyGame,
    vertices: Range<u32>,
    order: &mut impl Compare,
    favoured: Option<Side>,
    meter: &mut Meter,
) -> Result<Option<LoopyGame>, SearchError> {
    let (mut left, mut right) = (game.left.clone(), game.right.clone());
    let mut rounds = 0;
    loop {
        let mut changed = false;
        for v in vertices.clone() {
            let lefts = reduced(
                v,
                (&left, &right),
                &game.right,
                order,
                Side::Left,
                favoured,
                meter,
            )?;
            changed |= lefts != left[v as usize];
            left[v as usize] = lefts;
            let rights = reduced(
                v,
                (&right, &left),
                &game.left,
                order,
                Side::Right,
                favoured,
                meter,
            )?;
            changed |= rights != right[v as usize];
            right[v as usize] = rights;
        }
        if !changed {
            break;
        }
        rounds += 1;
        if favoured.is_some() && rounds > 2 * game.len() + 8 {
            return Ok(None);
        }
    }
    Ok(Some(LoopyGame { left, right }))
}

/// A player, whose options are being reduced or who is favoured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    Left,
    Right,
}

impl Side {
    /// Whether `a` is at least as good as `b` for this player.
    fn prefers(
        self,
        order: &mut impl Compare,
        a: u32,
        b: u32,
        meter: &mut Meter,
    ) -> Result<bool, SearchError> {
        match self {
            Side::Left => order.geq(a, b, meter),
            Side::Right => order.geq(b, a, meter),
        }
    }
}

/// The options of `v` for `side` (whose lists are `own`, the opponent's `other`; the
/// opponent's moves in the game as given are `given`) with the reversible ones bypassed and the
/// dominated ones deleted; of equal options the least vertex stays.
fn reduced(
    v: u32,
    (own, other): (&[Vec<u32>], &[Vec<u32>]),
    given: &[Vec<u32>],
    order: &mut impl Compare,
    side: Side,
    favoured: Option<Side>,
    meter: &mut Meter,
) -> Result<Vec<u32>, SearchError> {
    let mut options: BTreeSet<u32> = own[v as usize].iter().copied().collect();
    if favoured.is_some_and(|favoured| favoured != side) {
        // The favoured player answers by moving straight back to `v`: the move gains nothing.
        // (Only a move of the game as given will do: a bypass stands for several moves, and
        // between them the opponent may play elsewhere.)
        options.retain(|&a| !given[a as usize].contains(&v));
    }
    let mut kept = BTreeSet::new();
    let mut bypassed = BTreeSet::new();
    // A reversing reply leaves the opponent's position no better for them than `v`.
    while let Some((a, reply)) = reversible(v, &options, &kept, other, order, side, meter)? {
        meter.count(1)?;
        let replacement = &own[reply as usize];
        let returns = replacement
            .iter()
            .any(|w| *w == a || *w == v || bypassed.contains(w));
        if returns && favoured.is_some() {
            kept.insert(a);
            continue;
        }
        options.remove(&a);
        bypassed.insert(a);
        options.extend(replacement.iter().filter(|w| !bypassed.contains(*w)));
    }
    let mut undominated = Vec::with_capacity(options.len());
    for &a in &options {
        if !dominated(a, &options, order, side, meter)? {
            undominated.push(a);
        }
    }
    Ok(undominated)
}

/// An option of `options` (not `kept`) for `side` at `v` and the opponent's reply to it
/// (among `other`) that leaves the opponent no better off than at `v`, if there is one.
fn reversible(
    v: u32,
    options: &BTreeSet<u32>,
    kept: &BTreeSet<u32>,
    other: &[Vec<u32>],
    order: &mut impl Compare,
    side: Side,
    meter: &mut Meter,
) -> Result<Option<(u32, u32)>, SearchError> {
    for &a in options.iter().filter(|a| !kept.contains(*a)) {
        for &reply in &other[a as usize] {
            if side.prefers(order, v, reply, meter)? {
                return Ok(Some((a, reply)));
            }
        }
    }
    Ok(None)
}

/// Whether another of `options` is at least as good as `a` for `side` (of equal options, the
/// least vertex stays).
fn dominated(
    a: u32,
    options: &BTreeSet<u32>,
    order: &mut impl Compare,
    side: Side,
    meter: &mut Meter,
) -> Result<bool, SearchError> {
    for &b in options.iter().filter(|&&b| b != a) {
        if side.prefers(order, b, a, meter)? && (b < a || !side.prefers(order, a, b, meter)?) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The game with each set of equal positions made one, the least of them (the others stay,
/// unreached), and the one that stands for each position.
fn merged(game: LoopyGame, order: &Order) -> (LoopyGame, Vec<u32>) {
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
    let merged = LoopyGame {
        left: map(game.left),
        right: map(game.right),
    };
    (merged, representative)
}
