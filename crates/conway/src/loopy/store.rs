//! A store of stopper values built layer by layer: see [`StopperStore`].

use super::simplify::{self, Compare};
use super::survival::Memo;
use super::{LoopyError, LoopyGame, Stopper};
use crate::engine::{Meter, SearchError};
use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};

/// Rounds of refinement in a value's signature: equal values have equal signatures, so a new
/// position is compared only with the values that share its signature. (Once reduced, no
/// position has two equal options for one player, so its options match one to one those of
/// the equal value in simplest form, round after round.)
const ROUNDS: usize = 12;

/// Bytes a value holds in the store beside its options: its signatures and its entry in the
/// table of signatures.
const VALUE_BYTES: u64 = 8 * (ROUNDS as u64 + 1) + 64;

/// Stoppers in their simplest forms, each value once, in one graph, built layer by layer: the
/// way to value a census whose positions are too many to compare pair by pair.
///
/// The store is one graph in simplest form, each value at one vertex. A layer of new
/// positions may move to each other and to the store (as the positions of Fox and Geese with
/// the geese standing still move to each other by the fox, and to positions already valued by
/// a goose). Its options are simplified against the order of the values (reversible options
/// bypassed, dominated ones deleted), and each position is then fused with an equal value of
/// the store, or of its layer, or added as a new value. Only the pairs of positions that the
/// simplification asks about are compared, and what was found is kept for later layers.
pub struct StopperStore {
    game: LoopyGame,
    memo: Memo,
    /// Each value's signature after each round of refinement.
    signatures: Vec<[u64; ROUNDS + 1]>,
    /// The values of each final signature.
    by_signature: FxHashMap<u64, Vec<u32>>,
}

impl Default for StopperStore {
    fn default() -> Self {
        StopperStore::new()
    }
}

/// The order of a layer being added, the store's values before it: a [`Memo`] on the graph
/// of both.
struct LayerOrder<'a> {
    memo: &'a mut Memo,
    game: &'a LoopyGame,
}

impl Compare for LayerOrder<'_> {
    fn geq(&mut self, a: u32, b: u32, meter: &mut Meter) -> Result<bool, SearchError> {
        self.memo.geq(self.game, a, b, meter)
    }
}

impl StopperStore {
    /// An empty store.
    pub fn new() -> StopperStore {
        StopperStore {
            game: LoopyGame {
                left: Vec::new(),
                right: Vec::new(),
            },
            memo: Memo::default(),
            signatures: Vec::new(),
            by_signature: FxHashMap::default(),
        }
    }

    /// How many distinct values the store holds.
    pub fn len(&self) -> usize {
        self.game.len()
    }

    /// Whether the store holds no value.
    pub fn is_empty(&self) -> bool {
        self.game.is_empty()
    }

    /// The value at `vertex`.
    pub fn value(&self, vertex: u32) -> Stopper {
        Stopper {
            game: self.game.restricted(&[vertex]).0,
        }
    }

    /// Adds a layer of positions, position `i` with Left options `left[i]` and Right options
    /// `right[i]`: an option below [`len`](Self::len) is the store's value there, and option
    /// `len + j` is the layer's position `j`. Returns the vertex of each position's value.
    /// The layer's own moves must not let play alternate for ever.
    pub fn add_layer(
        &mut self,
        left: Vec<Vec<u32>>,
        right: Vec<Vec<u32>>,
        meter: &mut Meter,
    ) -> Result<Vec<u32>, LoopyError> {
        let base = self.len() as u32;
        let count = left.len().max(right.len());
        let given = self.with_layer(left, right, count)?;
        let layer = base..base + count as u32;
        let mut order = LayerOrder {
            memo: &mut self.memo,
            game: &given,
        };
        let reduced = simplify::reduced_options(&given, layer.clone(), &mut order, None, meter)?
            .expect("the options of a stopper settle");
        let signatures = layer_signatures(&self.signatures, &reduced, base);
        // Each position's value: an equal value of the store or of an earlier position of the
        // layer, or a new value.
        let mut representative = Vec::with_capacity(count);
        let mut new_values: FxHashMap<u64, Vec<u32>> = FxHashMap::default();
        for v in layer.clone() {
            let signature = signatures[(v - base) as usize][ROUNDS];
            let stored = self.by_signature.get(&signature).into_iter().flatten();
            let earlier = new_values.get(&signature).into_iter().flatten();
            let mut equal = None;
            for &w in stored.chain(earlier) {
                if order.geq(v, w, meter)? && order.geq(w, v, meter)? {
                    equal = Some(w);
                    break;
                }
            }
            representative.push(equal.unwrap_or(v));
            if equal.is_none() {
                new_values.entry(signature).or_default().push(v);
            }
        }
        let rename = self.keep_new_values(&reduced, base, &representative, &signatures, meter)?;
        self.memo.settle(&rename, self.len() as u32);
        Ok(rename)
    }

    /// The store's graph with the layer's positions after its values, their options checked
    /// and the layer's own moves checked to be those of a stopper.
    fn with_layer(
        &self,
        left: Vec<Vec<u32>>,
        right: Vec<Vec<u32>>,
        count: usize,
    ) -> Result<LoopyGame, LoopyError> {
        let base = self.len() as u32;
        let total = base as usize + count;
        let tidy = |mut lists: Vec<Vec<u32>>| {
            lists.resize(count, Vec::new());
            for list in &mut lists {
                list.sort_unstable();
                list.dedup();
            }
            lists
        };
        let (left, right) = (tidy(left), tidy(right));
        for &to in left.iter().chain(&right).flatten() {
            if to as usize >= total {
                return Err(LoopyError::NoSuchVertex { to, count: total });
            }
        }
        let own = |lists: &[Vec<u32>]| -> Vec<Vec<u32>> {
            lists
                .iter()
                .map(|list| {
                    list.iter()
                        .filter(|&&w| w >= base)
                        .map(|&w| w - base)
                        .collect()
                })
                .collect()
        };
        let alone = LoopyGame {
            left: own(&left),
            right: own(&right),
        };
        if !alone.is_stopper() {
            return Err(LoopyError::NotStopper("the layer".into()));
        }
        let mut game = self.game.clone();
        game.left.extend(left);
        game.right.extend(right);
        Ok(game)
    }

    /// Adds the positions of the layer that are their own representatives as new values, their
    /// options renamed; returns the vertex of each position's value.
    fn keep_new_values(
        &mut self,
        reduced: &LoopyGame,
        base: u32,
        representative: &[u32],
        signatures: &[[u64; ROUNDS + 1]],
        meter: &mut Meter,
    ) -> Result<Vec<u32>, LoopyError> {
        let mut vertex = Vec::with_capacity(representative.len());
        let mut next = base;
        for (i, &r) in representative.iter().enumerate() {
            if r == base + i as u32 {
                vertex.push(next);
                next += 1;
            } else {
                vertex.push(u32::MAX);
            }
        }
        let rename: Vec<u32> = representative
            .iter()
            .map(|&r| match r.checked_sub(base) {
                Some(i) => vertex[i as usize],
                None => r,
            })
            .collect();
        let name = |w: u32| match w.checked_sub(base) {
            Some(i) => rename[i as usize],
            None => w,
        };
        for (i, &r) in representative.iter().enumerate() {
            let v = base as usize + i;
            if r != v as u32 {
                continue;
            }
            let options = |list: &[u32]| list.iter().map(|&w| name(w)).collect::<Vec<u32>>();
            let (left, right) = (options(&reduced.left[v]), options(&reduced.right[v]));
            let moves = (left.len() + right.len()) as u64;
            meter.hold_more(VALUE_BYTES + 4 * moves + 48)?;
            self.game.left.push(left);
            self.game.right.push(right);
            self.signatures.push(signatures[i]);
            let id = self.game.len() as u32 - 1;
            self.by_signature
                .entry(signatures[i][ROUNDS])
                .or_default()
                .push(id);
        }
        Ok(rename)
    }
}

/// The signatures, round by round, of the layer's positions (from `base` on) in `game`, those
/// of the store's values being `stored`: each round hashes a position's signature with the
/// sorted signatures of its options.
fn layer_signatures(
    stored: &[[u64; ROUNDS + 1]],
    game: &LoopyGame,
    base: u32,
) -> Vec<[u64; ROUNDS + 1]> {
    let hash = |value: &dyn Fn(&mut rustc_hash::FxHasher)| {
        let mut hasher = rustc_hash::FxHasher::default();
        value(&mut hasher);
        hasher.finish()
    };
    let count = game.len() - base as usize;
    let mut signatures = vec![[0u64; ROUNDS + 1]; count];
    for (i, signature) in signatures.iter_mut().enumerate() {
        let v = base as usize + i;
        signature[0] = hash(&|h| (game.left[v].len(), game.right[v].len()).hash(h));
    }
    for round in 1..=ROUNDS {
        let of = |w: u32, signatures: &[[u64; ROUNDS + 1]]| match w.checked_sub(base) {
            Some(i) => signatures[i as usize][round - 1],
            None => stored[w as usize][round - 1],
        };
        for i in 0..count {
            let v = base as usize + i;
            let sorted = |options: &[u32]| {
                let mut list: Vec<u64> = options.iter().map(|&w| of(w, &signatures)).collect();
                list.sort_unstable();
                list
            };
            let (left, right) = (sorted(&game.left[v]), sorted(&game.right[v]));
            let before = signatures[i][round - 1];
            signatures[i][round] = hash(&|h| (before, &left, &right).hash(h));
        }
    }
    signatures
}
