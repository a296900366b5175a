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
use super::text::named_stopper;
use super::{LoopyError, LoopyGame, Stopper, StopperStore};
use crate::engine::{Meter, Play};
use crate::graph::{PartizanOutcome, Winner};
use crate::partizan::Player;
use rustc_hash::FxHashMap;

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
        if self.onside == self.offside {
            return Some(&self.onside);
        }
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
    for name in NAMED_ONSIDES {
        let stopper = named_stopper(name).expect("a named stopper");
        if proved(game, &stopper, meter)? {
            return Ok(stopper);
        }
    }
    if let Some(stopper) = sidled(game, meter)? {
        return Ok(stopper);
    }
    match by_simplifying(game, meter)? {
        Some(stopper) if proved(game, &stopper, meter)? => Ok(stopper),
        _ => Err(LoopyError::NoSides),
    }
}

/// The named stoppers tried first as onsides: many games' sides are among them, and each
/// is proved or refuted in time linear in the game's positions, where sidling may need many
/// rounds to come near `off` or `over`.
const NAMED_ONSIDES: [&str; 5] = ["on", "off", "over", "under", "upon"];

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

/// The fewest rounds of sidling tried before giving up; a game of more positions is given
/// as many rounds as it has positions, since a value may take that long to travel through
/// it.
const SIDLING_ROUNDS: usize = 64;

/// Whether sidling ties knots after `round` (see [`knotted`]): after rounds 4, 12, 28, 60,
/// ..., so that the work of tying stays a share of the work of the rounds, and after the
/// last.
fn knot_round(round: usize, last: usize) -> bool {
    (round + 4).is_power_of_two() && round >= 4 || round == last
}

/// Bytes a position holds while sidling: its values in the last two rounds and the next, and its entry in the
/// table of a round's distinct games.
const SIDLING_POSITION_BYTES: u64 = 3 * 4 + 2 * 48 + 64;

/// Bytes a move holds while sidling: the option's value in the two copies of a round's lists.
const SIDLING_MOVE_BYTES: u64 = 2 * 4;

/// Bytes a value of the store holds while a knot is tied: its class, its chosen value, and
/// its two lists of options tied.
const KNOT_VALUE_BYTES: u64 = 4 + 8 + 2 * 24 + 16;

/// The depths of refinement at which a knot ties values that look alike (see
/// [`StopperStore::signature`]).
const KNOT_DEPTHS: [usize; 5] = [1, 2, 4, 8, 12];

/// Conway's sidling: every position starts as `on`, and each round gives each position the
/// value `{f(G^L) | f(G^R)}` of the last round's values, which only go down. Where a round
/// changes no value, the values are the largest fixed point, the onsides; the positions'
/// values are kept in one store ([`StopperStore`]), where equal values share a vertex and
/// comparisons found in one round serve the next. Where values still move after some rounds,
/// knots are tied (values that only converge, to `over` or down the integers to `off`, are
/// found so). Every candidate is proved before it is the answer.
fn sidled(game: &LoopyGame, meter: &mut Meter) -> Result<Option<Stopper>, LoopyError> {
    let count = game.len();
    let moves: usize = game.left.iter().chain(&game.right).map(Vec::len).sum();
    meter.hold_more(count as u64 * SIDLING_POSITION_BYTES + moves as u64 * SIDLING_MOVE_BYTES)?;
    let mut values = StopperStore::new();
    // `on`, the value every position starts from: a layer of one position moving to itself.
    let on = values.add_layer(vec![vec![0]], vec![vec![]], meter)?[0];
    let mut before = vec![on; count];
    let last_round = SIDLING_ROUNDS.max(count) - 1;
    for round in 0..=last_round {
        let after = next_round(game, &before, &mut values, meter)?;
        if before == after {
            let stopper = values.value(after[0]);
            return Ok(proved(game, &stopper, meter)?.then_some(stopper));
        }
        if knot_round(round, last_round) {
            if let Some(stopper) = knot_proved(game, &values, [&after, &before], meter)? {
                return Ok(Some(stopper));
            }
        }
        before = after;
    }
    Ok(None)
}

/// One round of sidling: the value `{f(G^L) | f(G^R)}` of each position of `game`, from the
/// values `last` of the round before. Positions whose options have the same values are one
/// game, added to the store once.
fn next_round(
    game: &LoopyGame,
    last: &[u32],
    values: &mut StopperStore,
    meter: &mut Meter,
) -> Result<Vec<u32>, LoopyError> {
    let sorted = |list: &Vec<u32>| {
        let mut values: Vec<u32> = list.iter().map(|&w| last[w as usize]).collect();
        values.sort_unstable();
        values.dedup();
        values
    };
    let mut games: FxHashMap<(Vec<u32>, Vec<u32>), u32> = FxHashMap::default();
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let game_of: Vec<u32> = (0..game.len())
        .map(|v| {
            let options = (sorted(&game.left[v]), sorted(&game.right[v]));
            *games.entry(options).or_insert_with_key(|(l, r)| {
                left.push(l.clone());
                right.push(r.clone());
                left.len() as u32 - 1
            })
        })
        .collect();
    let value_of = values.add_layer(left, right, meter)?;
    Ok(game_of.iter().map(|&g| value_of[g as usize]).collect())
}

/// The first knot of the last two rounds of sidling (`[after, before]`) that is proved the
/// onside of `game`: each position's value tied to its value the round before; else each
/// value tied to the values that look like it to a depth of [`KNOT_DEPTHS`] (so `-1, -2,
/// ...` tie into `off` even where no position's value steps down them one by one).
fn knot_proved(
    game: &LoopyGame,
    values: &StopperStore,
    [after, before]: [&Vec<u32>; 2],
    meter: &mut Meter,
) -> Result<Option<Stopper>, LoopyError> {
    let graph = values.graph();
    let moves: usize = graph.left.iter().chain(&graph.right).map(Vec::len).sum();
    let knot_bytes = graph.len() as u64 * KNOT_VALUE_BYTES + moves as u64 * 4;
    meter.hold(meter.held().saturating_add(knot_bytes))?;
    let mut classes = UnionFind::new(graph.len());
    for (&a, &b) in after.iter().zip(before) {
        classes.union(a, b);
    }
    let knot = knotted(graph, [after], |x| classes.find(x), meter)?;
    if let Some(stopper) = proved_candidate(game, knot, meter)? {
        return Ok(Some(stopper));
    }
    for depth in KNOT_DEPTHS {
        let mut first_alike = FxHashMap::default();
        let class = |x: u32| *first_alike.entry(values.signature(x, depth)).or_insert(x);
        let knot = knotted(graph, [after, before], class, meter)?;
        if let Some(stopper) = proved_candidate(game, knot, meter)? {
            return Ok(Some(stopper));
        }
    }
    Ok(None)
}

/// A knot of the store's `values`: each vertex is taken to equal the others of its `class`,
/// so that where values went on moving round after round, `f(G) = {f(G^L) | f(G^R)}` holds
/// exactly, with cycles: `{0 | on}`, `{0 | {0 | on}}`, ... tie into `a{0 | a}`, which is
/// `over`, and `-1`, `-2`, ... into `a{ | a}`, which is `off`. Each class takes the options
/// of its first value in the `latest` rounds (the latest first); the knot is rooted at the
/// start's latest value, and is a candidate, simplified as an onside where it is not a
/// stopper.
fn knotted<const N: usize>(
    values: &LoopyGame,
    latest: [&Vec<u32>; N],
    mut class: impl FnMut(u32) -> u32,
    meter: &mut Meter,
) -> Result<Option<Stopper>, LoopyError> {
    let mut chosen: Vec<Option<u32>> = vec![None; values.len()];
    let root = latest[0][0];
    for &a in latest.into_iter().flatten() {
        chosen[class(a) as usize].get_or_insert(a);
    }
    let mut tied = |x: u32| chosen[class(x) as usize].unwrap_or(x);
    let mut lists = |lists: &[Vec<u32>]| -> Vec<Vec<u32>> {
        (0..values.len() as u32)
            .map(|x| lists[tied(x) as usize].iter().map(|&y| tied(y)).collect())
            .collect()
    };
    let (left, right) = (lists(&values.left), lists(&values.right));
    let knot = LoopyGame { left, right }.rooted_at(tied(root));
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

/// The `candidate`, if it is proved the onside of `game`.
fn proved_candidate(
    game: &LoopyGame,
    candidate: Option<Stopper>,
    meter: &mut Meter,
) -> Result<Option<Stopper>, LoopyError> {
    match candidate {
        Some(stopper) if proved(game, &stopper, meter)? => Ok(Some(stopper)),
        _ => Ok(None),
    }
}

/// Whether `stopper` is proved the onside of `game`: Left survives `G − S` moving second,
/// and `S − G` with moves in `S` made infinitely often.
fn proved(game: &LoopyGame, stopper: &Stopper, meter: &mut Meter) -> Result<bool, LoopyError> {
    let at_most = survival::order(game, stopper.graph(), meter)?.geq(0, 0);
    let at_least = survival::onside_order(stopper.graph(), game, meter)?.geq(0, 0);
    Ok(at_most && at_least)
}
