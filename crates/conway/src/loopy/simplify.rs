//! The simplest form of a stopper (Conway, *ONAG* ch. 11; Siegel, *CGT* VI): bypass reversible
//! options, delete dominated ones, then fuse equal positions.
//!
//! Each step keeps the value of every position, so the order of the positions, found once
//! by [`survival::order`], stays true while the options change. A Left option `A` of `G` is
//! reversible when some Right option `A^R` of `A` is at most `G`; it is replaced by the Left
//! options of `A^R`. Each replacement follows a play Left, Right, Left from `G`, and a stopper
//! has no such play that goes on for ever, so replacing ends. Fusing comes last: two equal
//! positions become one, which before the bypassing could close a cycle of alternating play.

use super::survival::Order;
use super::LoopyGame;
use crate::engine::{Meter, SearchError};
use std::collections::BTreeSet;

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

/// The simplest forms of the positions `roots` of the stopper graph `game` (which vertex 0
/// need not reach), drawn in one graph: the graph, and the vertex of each root in it. Equal
/// roots share a vertex. By the order of every pair of positions at once: the definition
/// that the store, which compares only the pairs it needs, is checked against.
#[cfg(test)]
pub(super) fn simplest_forms(
    game: &LoopyGame,
    roots: &[u32],
    meter: &mut Meter,
) -> Result<(LoopyGame, Vec<u32>), SearchError> {
    let order = super::survival::order(game, game, meter)?;
    let reduced = match reduced_options(game, 0, &mut &order, None, meter)? {
        Some((left, right)) => LoopyGame { left, right },
        None => game.clone(),
    };
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
    let reduced = reduced_options(game, 0, &mut &*order, favoured, meter)?;
    Ok(reduced.map(|(left, right)| {
        let (mut fused, _) = merged(LoopyGame { left, right }, order);
        fused.tidy();
        fused
    }))
}

/// The options of the positions of `game` from `first` on, with the reversible ones bypassed
/// and the dominated ones deleted, as [`simplified`] says (Left's lists, then Right's); `None`
/// if the options did not settle. The positions before `first` are taken as they are.
pub(super) fn reduced_options(
    game: &LoopyGame,
    first: u32,
    order: &mut impl Compare,
    favoured: Option<Side>,
    meter: &mut Meter,
) -> Result<Option<Lists>, SearchError> {
    let mut working = Working {
        game,
        first: first as usize,
        left: game.left[first as usize..].to_vec(),
        right: game.right[first as usize..].to_vec(),
    };
    let mut rounds = 0;
    loop {
        let mut changed = false;
        for v in first..game.len() as u32 {
            let i = (v - first) as usize;
            let lefts = reduced(v, &working, order, Side::Left, favoured, meter)?;
            changed |= lefts != working.left[i];
            working.left[i] = lefts;
            let rights = reduced(v, &working, order, Side::Right, favoured, meter)?;
            changed |= rights != working.right[i];
            working.right[i] = rights;
        }
        if !changed {
            break;
        }
        rounds += 1;
        if favoured.is_some() && rounds > 2 * game.len() + 8 {
            return Ok(None);
        }
    }
    Ok(Some((working.left, working.right)))
}

/// Left's and Right's options of some positions.
pub(super) type Lists = (Vec<Vec<u32>>, Vec<Vec<u32>>);

/// The options of every position of `game` while those from `first` on change.
struct Working<'a> {
    game: &'a LoopyGame,
    first: usize,
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Working<'_> {
    /// The options of `v` for `side` as they stand.
    fn options(&self, side: Side, v: u32) -> &[u32] {
        let v = v as usize;
        match (side, v.checked_sub(self.first)) {
            (Side::Left, Some(i)) => &self.left[i],
            (Side::Right, Some(i)) => &self.right[i],
            (Side::Left, None) => &self.game.left[v],
            (Side::Right, None) => &self.game.right[v],
        }
    }
}

/// A player, whose options are being reduced or who is favoured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    Left,
    Right,
}

impl Side {
    /// The other player.
    fn opponent(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

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

/// The options of `v` for `side` as they stand in `working`, with the reversible ones
/// bypassed and the dominated ones deleted; of equal options the least vertex stays.
fn reduced(
    v: u32,
    working: &Working,
    order: &mut impl Compare,
    side: Side,
    favoured: Option<Side>,
    meter: &mut Meter,
) -> Result<Vec<u32>, SearchError> {
    let mut options: BTreeSet<u32> = working.options(side, v).iter().copied().collect();
    if favoured.is_some_and(|favoured| favoured != side) {
        // The favoured player answers by moving straight back to `v`: the move gains nothing.
        // (Only a move of the game as given will do: a bypass stands for several moves, and
        // between them the opponent may play elsewhere.)
        let given = |a: u32| match side.opponent() {
            Side::Left => working.game.left_options(a),
            Side::Right => working.game.right_options(a),
        };
        options.retain(|&a| !given(a).contains(&v));
    }
    let mut kept = BTreeSet::new();
    let mut bypassed = BTreeSet::new();
    // A reversing reply leaves the opponent's position no better for them than `v`.
    while let Some((a, reply)) = reversible(v, &options, &kept, working, order, side, meter)? {
        meter.count(1)?;
        let replacement = working.options(side, reply);
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
/// that leaves the opponent no better off than at `v`, if there is one.
fn reversible(
    v: u32,
    options: &BTreeSet<u32>,
    kept: &BTreeSet<u32>,
    working: &Working,
    order: &mut impl Compare,
    side: Side,
    meter: &mut Meter,
) -> Result<Option<(u32, u32)>, SearchError> {
    for &a in options.iter().filter(|a| !kept.contains(*a)) {
        for &reply in working.options(side.opponent(), a) {
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
