//! A store of stopper values built layer by layer: see [`StopperStore`].

use super::simplify::{self, Compare, Lists};
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

/// Bytes a value holds in the store beside its options: its signatures, its two lists and
/// its entries in the tables of signatures and of options.
const VALUE_BYTES: u64 = 8 * (ROUNDS as u64 + 1) + 48 + 2 * 32;

/// Bytes a position of a game holds while its strongly connected components are found and
/// named: Tarjan's four numbers, its place in a component and in the lists of moves, and its
/// value's vertex.
const COMPONENT_VERTEX_BYTES: u64 = 64;

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
    /// The values of each hash of their (sorted) options.
    by_options: FxHashMap<u64, Vec<u32>>,
}

impl Default for StopperStore {
    fn default() -> Self {
        StopperStore::new()
    }
}

/// A hash of a value's options, Left's and Right's, each list sorted.
fn options_key(left: &[u32], right: &[u32]) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    (left, right).hash(&mut hasher);
    hasher.finish()
}

/// A layer valued: its reduced options, the position standing for each, their signatures.
type Valued = (Lists, Vec<u32>, Vec<[u64; ROUNDS + 1]>);

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
            by_options: FxHashMap::default(),
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

    /// The store of the values of every position of `game`, a stopper, and the vertex of
    /// each position's value: its strongly connected components are the layers, those that
    /// others reach first.
    pub(super) fn of_graph(
        game: &LoopyGame,
        meter: &mut Meter,
    ) -> Result<(StopperStore, Vec<u32>), LoopyError> {
        let edges = (0..game.len() as u32).flat_map(|v| {
            let options = game.left[v as usize].iter().chain(&game.right[v as usize]);
            options.map(move |&w| (v, w))
        });
        let moves = edges.clone().count() as u64;
        meter.hold_more(game.len() as u64 * COMPONENT_VERTEX_BYTES + moves * 8)?;
        let mut store = StopperStore::new();
        let mut vertex_of = vec![u32::MAX; game.len()];
        for component in crate::graph::sinks_first(game.len(), edges) {
            let base = store.len() as u32;
            // A position of this layer stands as `base` + its place in it.
            for (j, &v) in component.iter().enumerate() {
                vertex_of[v as usize] = base + j as u32;
            }
            let lists = |lists: &[Vec<u32>]| -> Vec<Vec<u32>> {
                let each = |&v: &u32| {
                    lists[v as usize]
                        .iter()
                        .map(|&w| vertex_of[w as usize])
                        .collect()
                };
                component.iter().map(each).collect()
            };
            let (left, right) = (lists(&game.left), lists(&game.right));
            let vertices = store.add_layer(left, right, meter)?;
            for (&v, vertex) in component.iter().zip(vertices) {
                vertex_of[v as usize] = vertex;
            }
        }
        Ok((store, vertex_of))
    }

    /// The graph of the values.
    pub(super) fn graph(&self) -> &LoopyGame {
        &self.game
    }

    /// A hash of what the value at `vertex` looks like to `depth` moves, up to [`ROUNDS`]:
    /// equal values look alike to every depth.
    pub(super) fn signature(&self, vertex: u32, depth: usize) -> u64 {
        self.signatures[vertex as usize][depth.min(ROUNDS)]
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
        self.push_layer(left, right)?;
        let valued = self.value_layer(base, meter);
        // The layer's positions leave the graph; its new values come back in simplest form.
        self.game.left.truncate(base as usize);
        self.game.right.truncate(base as usize);
        let valued = valued.and_then(|valued| {
            self.memo.room_to_settle(meter)?;
            Ok(valued)
        });
        let (reduced, representative, signatures) = match valued {
            Ok(valued) => valued,
            Err(error) => {
                self.memo.forget_fresh();
                return Err(error.into());
            }
        };
        let rename = self.keep_new_values(&reduced, base, &representative, &signatures, meter);
        let rename = rename.inspect_err(|_| self.memo.forget_fresh())?;
        self.memo.settle(&rename, self.len() as u32);
        Ok(rename)
    }

    /// Puts the layer's positions after the store's values, their options checked and the
    /// layer's own moves checked to be those of a stopper.
    fn push_layer(&mut self, left: Vec<Vec<u32>>, right: Vec<Vec<u32>>) -> Result<(), LoopyError> {
        let base = self.len() as u32;
        let count = left.len().max(right.len());
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
            let inside =
                |list: &Vec<u32>| list.iter().filter_map(|&w| w.checked_sub(base)).collect();
            lists.iter().map(inside).collect()
        };
        let alone = LoopyGame {
            left: own(&left),
            right: own(&right),
        };
        if !alone.is_stopper() {
            return Err(LoopyError::NotStopper("the layer".into()));
        }
        self.game.left.extend(left);
        self.game.right.extend(right);
        Ok(())
    }

    /// The layer's positions (from `base` on) with their options reduced, the position that
    /// stands for each (an equal value of the store, or of an earlier position of the layer,
    /// or itself, a new value), and their signatures.
    fn value_layer(&mut self, base: u32, meter: &mut Meter) -> Result<Valued, SearchError> {
        let mut order = LayerOrder {
            memo: &mut self.memo,
            game: &self.game,
        };
        let reduced = simplify::reduced_options(&self.game, base, &mut order, None, meter)?
            .expect("the options of a stopper settle");
        let signatures = layer_signatures(&self.signatures, &reduced, base);
        let mut representative = Vec::with_capacity(signatures.len());
        // The layer's new values so far: by signature, each with whether its options are all in
        // the store; and those that are, by their options.
        let mut new_values: FxHashMap<u64, Vec<(u32, bool)>> = FxHashMap::default();
        let mut new_by_options: FxHashMap<u64, Vec<u32>> = FxHashMap::default();
        for (i, (v, signature)) in (base..).zip(&signatures).enumerate() {
            let signature = signature[ROUNDS];
            let (left, right) = (&reduced.0[i], &reduced.1[i]);
            // A position all of whose options are values of the store is in simplest form:
            // an equal value has just these options. Any other is compared with the values of
            // its signature.
            let in_store = left.iter().chain(right).all(|&w| w < base);
            let stored = match in_store {
                true => &[] as &[u32],
                false => self
                    .by_signature
                    .get(&signature)
                    .map_or(&[] as &[u32], Vec::as_slice),
            };
            // Two positions in simplest form are equal only with the same options: those
            // of the layer so are compared with the others of the layer only.
            let earlier = new_values
                .get(&signature)
                .map_or(&[] as &[(u32, bool)], Vec::as_slice)
                .iter()
                .filter(|&&(_, simplest)| !(in_store && simplest))
                .map(|&(w, _)| w);
            let key = options_key(left, right);
            let mut equal = None;
            if in_store {
                let (game, (layer_left, layer_right)) = (&self.game, &reduced);
                let stored = self.by_options.get(&key).into_iter().flatten().copied();
                let layer = new_by_options.get(&key).into_iter().flatten().copied();
                equal = stored
                    .filter(|&w| game.left[w as usize] == *left && game.right[w as usize] == *right)
                    .chain(layer.filter(|&w| {
                        let i = (w - base) as usize;
                        layer_left[i] == *left && layer_right[i] == *right
                    }))
                    .next();
            }
            for w in stored.iter().copied().chain(earlier) {
                if equal.is_some() {
                    break;
                }
                let game = &order.game;
                let (w_left, w_right) = (&game.left[w as usize], &game.right[w as usize]);
                let stored = w < base;
                if stored && !(may_equal(base, left, w_left) && may_equal(base, right, w_right)) {
                    continue;
                }
                if order.geq(v, w, meter)? && order.geq(w, v, meter)? {
                    equal = Some(w);
                }
            }
            representative.push(equal.unwrap_or(v));
            if equal.is_none() {
                new_values.entry(signature).or_default().push((v, in_store));
                if in_store {
                    new_by_options.entry(key).or_default().push(v);
                }
            }
        }
        Ok((reduced, representative, signatures))
    }

    /// Adds the positions of the layer that are their own representatives as new values, their
    /// options renamed; returns the vertex of each position's value.
    fn keep_new_values(
        &mut self,
        (left, right): &Lists,
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
        let new: Vec<usize> = (0..representative.len())
            .filter(|&i| representative[i] == base + i as u32)
            .collect();
        let moves: usize = new.iter().map(|&i| left[i].len() + right[i].len()).sum();
        meter.hold_more(new.len() as u64 * VALUE_BYTES + 4 * moves as u64)?;
        for i in new {
            let options = |list: &[u32]| {
                let mut renamed: Vec<u32> = list.iter().map(|&w| name(w)).collect();
                renamed.sort_unstable();
                renamed
            };
            let (left, right) = (options(&left[i]), options(&right[i]));
            let id = self.game.len() as u32;
            let key = options_key(&left, &right);
            self.by_options.entry(key).or_default().push(id);
            let signature = signatures[i][ROUNDS];
            self.by_signature.entry(signature).or_default().push(id);
            self.signatures.push(signatures[i]);
            self.game.left.push(left);
            self.game.right.push(right);
        }
        Ok(rename)
    }
}

/// Whether a reduced list of options (`ours`) may belong to a value equal to the one with
/// `theirs`: equal values so reduced have options equal one to one, and each value of the
/// store (below `base`) is at one vertex, so the lists are as long and each of our options in
/// the store is one of theirs.
fn may_equal(base: u32, ours: &[u32], theirs: &[u32]) -> bool {
    let mut stored = ours.iter().filter(|&&w| w < base);
    ours.len() == theirs.len() && stored.all(|w| theirs.contains(w))
}

/// The signatures, round by round, of the layer's positions (from `base` on, their options
/// `layer`), those of the store's values being `stored`: each round hashes a position's
/// signature with the sorted signatures of its options.
fn layer_signatures(
    stored: &[[u64; ROUNDS + 1]],
    (left, right): &Lists,
    base: u32,
) -> Vec<[u64; ROUNDS + 1]> {
    let hash = |value: &dyn Fn(&mut rustc_hash::FxHasher)| {
        let mut hasher = rustc_hash::FxHasher::default();
        value(&mut hasher);
        hasher.finish()
    };
    let mut signatures: Vec<[u64; ROUNDS + 1]> = (0..left.len())
        .map(|i| {
            let mut signature = [0; ROUNDS + 1];
            signature[0] = hash(&|h| (left[i].len(), right[i].len()).hash(h));
            signature
        })
        .collect();
    for round in 1..=ROUNDS {
        for i in 0..left.len() {
            let sorted = |options: &[u32]| {
                let mut list: Vec<u64> = options
                    .iter()
                    .map(|&w| match w.checked_sub(base) {
                        Some(j) => signatures[j as usize][round - 1],
                        None => stored[w as usize][round - 1],
                    })
                    .collect();
                list.sort_unstable();
                list
            };
            let (lefts, rights) = (sorted(&left[i]), sorted(&right[i]));
            let before = signatures[i][round - 1];
            signatures[i][round] = hash(&|h| (before, &lefts, &rights).hash(h));
        }
    }
    signatures
}
