//! The sides of a loopy game that is not a stopper (Conway, *ONAG* ch. 11; Siegel, *CGT* VI.5):
//! `G = S & T`, where the onside `S` is the stopper that Left survives beside any `X` exactly
//! when she survives `G + X`, and the offside `T` the one that Right does. So Left wins `G + X`
//! when she wins `T + X`, draws when she survives `S + X` but cannot win, and loses otherwise;
//! `G ≥ H` when `S_G ≥ S_H` and `T_G ≥ T_H`, and `(G + H)^+ = (S_G + S_H)^+`.
//!
//! Conway finds the onside by sidling down from `on`. Here it is found on the game's own
//! graph: its positions are ordered for Left's survival ([`survival::onside_order`]), and
//! simplified by that order with plays that never end counted for Left, again on the result
//! while it changes (fusing equal positions can make moves that go straight back); the result
//! must be a stopper, and is then checked both ways against the game: Left survives `G − S` moving
//! second, and `S − G` with moves in `S` made infinitely often. Each check shows one half of
//! the equivalence for every `X`, so an onside returned is proved. Where that finds none,
//! Conway's sidling from `on` is tried, its result checked the same way. Where neither
//! simplify to a checked stopper the game has no sides here (some games have none at all: Bach's
//! carousel), and the error says so.

use super::simplify::{self, Side};
use super::survival;
use super::{LoopyError, LoopyGame, Stopper, StopperStore};
use crate::engine::{Meter, Play};
use crate::graph::{PartizanOutcome, Winner};
use crate::partizan::Player;

/// The value of a loopy game: its onside and offside, stoppers with `onside ≥ offside`. A
/// stopper is its own two sides.
/// Equal values have equal sides drawn alike, so `==` is equality of values, unless two
/// positions of a side tie in their signatures (see [`Sided::relation`] for the sure test).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sided {
    onside: Stopper,
    offside: Stopper,
}

impl Sided {
    /// The sides of `game`.
    pub fn of(game: &LoopyGame, meter: &mut Meter) -> Result<Sided, LoopyError> {
        if game.is_stopper() {
            let stopper = Stopper::new(game, meter)?;
            return Ok(Sided::stopper(stopper));
        }
        let onside = onside_of(game, meter)?;
        let offside = onside_of(&game.neg(), meter)?.neg();
        Ok(Sided { onside, offside })
    }

    /// The stopper `s`, as `s & s`.
    pub fn stopper(s: Stopper) -> Sided {
        Sided {
            onside: s.clone(),
            offside: s,
        }
    }

    /// `s & t`, when `s ≥ t`.
    pub fn new(onside: Stopper, offside: Stopper, meter: &mut Meter) -> Result<Sided, LoopyError> {
        if !onside.relation(&offside, meter)?.geq {
            return Err(LoopyError::SidesOutOfOrder);
        }
        Ok(Sided { onside, offside })
    }

    /// The onside.
    pub fn onside(&self) -> &Stopper {
        &self.onside
    }

    /// The offside.
    pub fn offside(&self) -> &Stopper {
        &self.offside
    }

    /// The value as one stopper, where its sides are equal.
    pub fn as_stopper(&self, meter: &mut Meter) -> Option<&Stopper> {
        let equal = self.onside.relation(&self.offside, meter);
        equal.is_ok_and(|r| r.leq).then_some(&self.onside)
    }

    /// Who wins the game alone, whoever starts: Left where she wins the offside (she forces an
    /// end that favours her), a draw where she survives the onside, Right otherwise.
    pub fn outcome(&self) -> PartizanOutcome {
        let winner = |side: &Stopper, mover: Player| {
            let graph = side.graph().partizan_graph();
            graph.solve(Play::Normal).winner(0, mover)
        };
        let result = |mover: Player| {
            if winner(&self.offside, mover) == Winner::Left {
                Winner::Left
            } else if winner(&self.onside, mover) != Winner::Right {
                Winner::Draw
            } else {
                Winner::Right
            }
        };
        PartizanOutcome {
            left_starts: result(Player::Left),
            right_starts: result(Player::Right),
        }
    }

    /// `-G`: the negated offside is the onside.
    pub fn neg(&self) -> Sided {
        Sided {
            onside: self.offside.neg(),
            offside: self.onside.neg(),
        }
    }

    /// `G + H`: the onside of the sum of the onsides, and the offside of the offsides.
    pub fn add(&self, other: &Sided, meter: &mut Meter) -> Result<Sided, LoopyError> {
        let up = self.onside.graph().sum(other.onside.graph(), meter)?;
        let down = self.offside.graph().sum(other.offside.graph(), meter)?;
        Ok(Sided {
            onside: onside_of(&up, meter)?,
            offside: onside_of(&down.neg(), meter)?.neg(),
        })
    }

    /// How `self` compares with `other`: side by side.
    pub fn relation(
        &self,
        other: &Sided,
        meter: &mut Meter,
    ) -> Result<survival::Relation, LoopyError> {
        let on = self.onside.relation(&other.onside, meter)?;
        let off = self.offside.relation(&other.offside, meter)?;
        Ok(survival::Relation {
            leq: on.leq && off.leq,
            geq: on.geq && off.geq,
        })
    }
}

/// The onside of `game`, proved, or an error that says there is none to be found here: a
/// stopper is its own; otherwise first by simplifying the game's own graph, then by sidling.
fn onside_of(game: &LoopyGame, meter: &mut Meter) -> Result<Stopper, LoopyError> {
    meter.hold_more(game.stopper_check_bytes())?;
    if game.is_stopper() {
        return Stopper::new(game, meter);
    }
    if let Some(stopper) = by_simplifying(game, meter)? {
        if proved(game, &stopper, meter)? {
            return Ok(stopper);
        }
    }
    sidled(game, meter)?.ok_or(LoopyError::NoSides)
}

/// The game's own graph simplified, with endless play counted for Left, again while that
/// changes it, if the result is a stopper.
fn by_simplifying(game: &LoopyGame, meter: &mut Meter) -> Result<Option<Stopper>, LoopyError> {
    let mut candidate = game.clone();
    while !candidate.is_stopper() {
        let order = survival::onside_order(&candidate, &candidate, meter)?;
        match simplify::simplified(&candidate, &order, Some(Side::Left), meter)? {
            Some(simpler) if simpler != candidate => candidate = simpler,
            _ => return Ok(None),
        }
    }
    Ok(Some(Stopper::new(&candidate, meter)?))
}

/// The most rounds of sidling tried.
const SIDLING_ROUNDS: usize = 64;

/// The rounds after which sidling ties the knot (see [`knotted`]).
const KNOT_ROUNDS: [usize; 4] = [4, 12, 28, 63];

/// Conway's sidling: every position starts as `on`, and each round gives each position the
/// value `{f(G^L) | f(G^R)}` of the last round's values, which only go down. Where a round
/// changes no value, the values are the largest fixed point, the onsides; the positions'
/// values are kept in one store ([`StopperStore`]), where equal values share a vertex and
/// comparisons found in one round serve the next. Where
/// values still move after some rounds, the knot is tied (values that only converge, to
/// `over` or down the integers to `off`, are found so). Every candidate is proved before it
/// is the answer.
fn sidled(game: &LoopyGame, meter: &mut Meter) -> Result<Option<Stopper>, LoopyError> {
    let count = game.len();
    let mut values = StopperStore::new();
    // `on`, the value every position starts from: a layer of one position moving to itself.
    let on = values.add_layer(vec![vec![0]], vec![vec![]], meter)?[0];
    let mut value_of = vec![on; count];
    for round in 0..SIDLING_ROUNDS {
        let map = |list: &Vec<u32>| list.iter().map(|&w| value_of[w as usize]).collect();
        let left = game.left.iter().map(map).collect();
        let right = game.right.iter().map(map).collect();
        let after = values.add_layer(left, right, meter)?;
        let settled = value_of == after;
        let candidate = if settled {
            Some(values.value(after[0]))
        } else if KNOT_ROUNDS.contains(&round) {
            knotted(values.graph(), &value_of, &after, meter)?
        } else {
            None
        };
        if let Some(stopper) = candidate {
            if proved(game, &stopper, meter)? {
                return Ok(Some(stopper));
            }
        }
        if settled {
            return Ok(None);
        }
        value_of = after;
    }
    Ok(None)
}

/// The knot tied: each position's value of the last round (`before`) is taken to be its
/// value of this round (`after`), so that `f(G) = {f(G^L) | f(G^R)}` holds exactly, with
/// cycles where the values went on moving: `{0 | on}`, `{0 | {0 | on}}`, ... ties into
/// `a{0 | a}`, which is `over`, and `-1`, `-2`, ... into `a{ | a}`, which is `off`. Each
/// class of values so tied takes the options of one of this round's values in it; the
/// result is a candidate, simplified as an onside where it is not a stopper.
fn knotted(
    values: &LoopyGame,
    before: &[u32],
    after: &[u32],
    meter: &mut Meter,
) -> Result<Option<Stopper>, LoopyError> {
    let mut classes = UnionFind::new(values.len());
    for (&b, &a) in before.iter().zip(after) {
        classes.union(b, a);
    }
    let mut chosen: Vec<Option<u32>> = vec![None; values.len()];
    for &a in after {
        let class = classes.find(a) as usize;
        chosen[class].get_or_insert(a);
    }
    let mut tied = |x: u32| {
        let class = classes.find(x);
        chosen[class as usize].unwrap_or(x)
    };
    let mut lists = |lists: &[Vec<u32>]| -> Vec<Vec<u32>> {
        (0..values.len() as u32)
            .map(|x| lists[tied(x) as usize].iter().map(|&y| tied(y)).collect())
            .collect()
    };
    let (left, right) = (lists(&values.left), lists(&values.right));
    let knot = LoopyGame { left, right }.rooted_at(tied(after[0]));
    match knot.is_stopper() {
        true => Ok(Some(Stopper::new(&knot, meter)?)),
        false => by_simplifying(&knot, meter),
    }
}

/// Classes of vertices, joined two at a time.
struct UnionFind(Vec<u32>);

impl UnionFind {
    fn new(n: usize) -> Self {
        UnionFind((0..n as u32).collect())
    }

    fn find(&mut self, x: u32) -> u32 {
        let mut root = x;
        while self.0[root as usize] != root {
            root = self.0[root as usize];
        }
        let mut at = x;
        while self.0[at as usize] != root {
            at = std::mem::replace(&mut self.0[at as usize], root);
        }
        root
    }

    fn union(&mut self, a: u32, b: u32) {
        let (a, b) = (self.find(a), self.find(b));
        self.0[a as usize] = b;
    }
}

/// Whether `stopper` is proved the onside of `game`: Left survives `G − S` moving second,
/// and `S − G` with moves in `S` made infinitely often.
fn proved(game: &LoopyGame, stopper: &Stopper, meter: &mut Meter) -> Result<bool, LoopyError> {
    let at_most = survival::order(game, stopper.graph(), meter)?.geq(0, 0);
    let at_least = survival::onside_order(stopper.graph(), game, meter)?.geq(0, 0);
    Ok(at_most && at_least)
}
