//! Loopy partizan games: games whose positions may repeat (Conway, Bach and Norton; Siegel,
//! *Combinatorial Game Theory*, ch. VI, and "Coping with cycles", 2009).
//!
//! A loopy game is a finite graph: each vertex has Left options and Right options, and vertex
//! 0 is the game. Play that never ends is a draw. A *stopper* is a loopy game from none of
//! whose positions play can alternate for ever (Left, Right, Left, ...): `on = {on|}` is one
//! (only Left can go round), `dud = {dud|dud}` is not. Stoppers have values like short games:
//!
//! - `G ≥ H` exactly when Left, moving second, survives `G − H` (never meets a turn with no
//!   move; a play that never ends is survival), which the `survival` module decides on the product
//!   graph of the two games;
//! - every stopper has a simplest form ([`Stopper::new`]): reversible options bypassed,
//!   dominated ones deleted and equal positions fused, as for short games.
//!
//! Sums of stoppers need not be stoppers (`on + off = dud`): the value of any loopy game is a
//! pair of stoppers, its sides ([`Sided`]), where they can be found.

mod sides;
mod simplify;
mod store;
mod survival;
#[cfg(test)]
mod tests;
mod text;

pub use sides::Sided;
pub use store::StopperStore;
pub use survival::Relation;
pub use text::{named, NAMES};

use crate::engine::{Meter, SearchError};
use crate::graph::PartizanGraph;
use crate::short::{GameId, Store};
use std::collections::HashMap;
use std::collections::VecDeque;
use thiserror::Error;

/// A finite game graph with Left and Right moves; vertex 0 is the game, and every vertex can
/// be reached from it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoopyGame {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

/// Why a loopy game has no value here.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LoopyError {
    /// A move names a vertex the graph does not have.
    #[error("a move goes to vertex {to}, but the graph has {count} vertices")]
    NoSuchVertex {
        /// The vertex named.
        to: u32,
        /// How many vertices there are.
        count: usize,
    },
    /// Play can alternate for ever, so the game is not a stopper.
    #[error(
        "{0} is not a stopper: from one of its positions the players can move in turn for ever"
    )]
    NotStopper(String),
    /// The game's graph did not simplify to sides that could be proved.
    #[error("conway found no stoppers for the sides of this game: it may have none (as Bach's carousel has none), or need a simplification that conway does not make")]
    NoSides,
    /// An onside below its offside.
    #[error("in s & t the onside s must be at least the offside t")]
    SidesOutOfOrder,
    /// The computation passed a limit.
    #[error(transparent)]
    Search(#[from] SearchError),
}

impl LoopyGame {
    /// The game at vertex 0 of the graph whose vertex `v` has Left options `left[v]` and Right
    /// options `right[v]`. Repeated options count once; vertices that cannot be reached from
    /// vertex 0 are dropped.
    pub fn new(left: Vec<Vec<u32>>, right: Vec<Vec<u32>>) -> Result<LoopyGame, LoopyError> {
        let count = left.len().max(right.len()).max(1);
        let mut game = LoopyGame {
            left: (0..count)
                .map(|v| left.get(v).cloned().unwrap_or_default())
                .collect(),
            right: (0..count)
                .map(|v| right.get(v).cloned().unwrap_or_default())
                .collect(),
        };
        if count > u32::MAX as usize / 2 {
            return Err(SearchError::TooLarge {
                what: format!("{count} positions"),
            }
            .into());
        }
        for &to in game.left.iter().chain(&game.right).flatten() {
            if to as usize >= count {
                return Err(LoopyError::NoSuchVertex { to, count });
            }
        }
        game.tidy();
        Ok(game)
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Never true: a game has at least its own position.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// Left's options of vertex `v`.
    pub fn left_options(&self, v: u32) -> &[u32] {
        &self.left[v as usize]
    }

    /// Right's options of vertex `v`.
    pub fn right_options(&self, v: u32) -> &[u32] {
        &self.right[v as usize]
    }

    /// The game at vertex `v` of the same graph.
    pub fn rooted_at(&self, v: u32) -> LoopyGame {
        let swap = |w: u32| match w {
            0 => v,
            w if w == v => 0,
            w => w,
        };
        let lists = |lists: &[Vec<u32>]| -> Vec<Vec<u32>> {
            (0..self.len() as u32)
                .map(|w| lists[swap(w) as usize].iter().map(|&x| swap(x)).collect())
                .collect()
        };
        let mut game = LoopyGame {
            left: lists(&self.left),
            right: lists(&self.right),
        };
        game.tidy();
        game
    }

    /// The positions reached from `roots`, numbered in the order a breadth-first walk from
    /// them meets them, and the new number of each root. Each position's options are taken in
    /// the order of their [`signatures`](Self::signatures), so two drawings of one simplest
    /// form (whose positions are all unequal) are numbered alike, unless the signatures tie.
    fn restricted(&self, roots: &[u32]) -> (LoopyGame, Vec<u32>) {
        let (reached, roots) = self.reached(roots);
        reached.numbered(&roots)
    }

    /// The positions reached from `roots`, in any order, and the new number of each root.
    fn reached(&self, roots: &[u32]) -> (LoopyGame, Vec<u32>) {
        let mut number = vec![u32::MAX; self.len()];
        let mut order = Vec::new();
        let mut reach = |w: u32, order: &mut Vec<u32>| {
            if number[w as usize] == u32::MAX {
                number[w as usize] = order.len() as u32;
                order.push(w);
            }
        };
        for &root in roots {
            reach(root, &mut order);
        }
        let mut next = 0;
        while next < order.len() {
            let v = order[next] as usize;
            next += 1;
            for &w in self.left[v].iter().chain(&self.right[v]) {
                reach(w, &mut order);
            }
        }
        let renumber = |lists: &[Vec<u32>]| -> Vec<Vec<u32>> {
            let list = |&v: &u32| {
                lists[v as usize]
                    .iter()
                    .map(|&w| number[w as usize])
                    .collect()
            };
            order.iter().map(list).collect()
        };
        let game = LoopyGame {
            left: renumber(&self.left),
            right: renumber(&self.right),
        };
        (game, roots.iter().map(|&r| number[r as usize]).collect())
    }

    /// The graph, every position reached from `roots`, numbered as
    /// [`restricted`](Self::restricted) says.
    fn numbered(&self, roots: &[u32]) -> (LoopyGame, Vec<u32>) {
        let signatures = self.signatures();
        let mut number = vec![u32::MAX; self.len()];
        let mut order = Vec::new();
        let mut reach = |w: u32, order: &mut Vec<u32>| {
            if number[w as usize] == u32::MAX {
                number[w as usize] = order.len() as u32;
                order.push(w);
            }
        };
        for &root in roots {
            reach(root, &mut order);
        }
        let mut next = 0;
        while next < order.len() {
            let v = order[next] as usize;
            next += 1;
            let mut options: Vec<u32> =
                self.left[v].iter().chain(&self.right[v]).copied().collect();
            options.sort_by_key(|&w| signatures[w as usize]);
            for w in options {
                reach(w, &mut order);
            }
        }
        let renumber = |options: &[u32]| {
            let mut list: Vec<u32> = options.iter().map(|&w| number[w as usize]).collect();
            list.sort_unstable();
            list.dedup();
            list
        };
        let game = LoopyGame {
            left: order
                .iter()
                .map(|&v| renumber(&self.left[v as usize]))
                .collect(),
            right: order
                .iter()
                .map(|&v| renumber(&self.right[v as usize]))
                .collect(),
        };
        let roots = roots.iter().map(|&r| number[r as usize]).collect();
        (game, roots)
    }

    /// The graph as the graph module's partizan graph, whose retrograde labels give who wins
    /// with draws.
    fn partizan_graph(&self) -> PartizanGraph<()> {
        let edges = |lists: &[Vec<u32>]| -> Vec<(u32, u32)> {
            let lists = lists.iter().enumerate();
            lists
                .flat_map(|(v, list)| list.iter().map(move |&w| (v as u32, w)))
                .collect()
        };
        PartizanGraph::from_edges(
            vec![(); self.len()],
            &edges(&self.left),
            &edges(&self.right),
        )
        .expect("a loopy game's graph has fewer vertices and moves than a partizan graph may")
    }

    /// The game with Left and Right exchanged.
    pub fn neg(&self) -> LoopyGame {
        LoopyGame {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The short game `game` as a graph: one vertex per position of its canonical form, each
    /// counted against `meter` (the integer `n` has `n + 1`).
    pub fn from_short(
        store: &mut Store,
        game: GameId,
        meter: &mut Meter,
    ) -> Result<LoopyGame, SearchError> {
        let mut index = HashMap::from([(game, 0u32)]);
        let mut order = vec![game];
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut next = 0;
        while next < order.len() {
            let g = order[next];
            next += 1;
            meter.count(1)?;
            meter.hold_more(SHORT_POSITION_BYTES)?;
            if order.len() > MAX_SHORT_POSITIONS {
                return Err(SearchError::TooLarge {
                    what: format!(
                        "a short part of more than {MAX_SHORT_POSITIONS} positions (the integer n \
                         has n + 1), and a loopy game's order compares every pair of positions"
                    ),
                });
            }
            let lefts = store.left_options(g)?.to_vec();
            let rights = store.right_options(g)?.to_vec();
            let mut number = |h: GameId| {
                *index.entry(h).or_insert_with(|| {
                    order.push(h);
                    order.len() as u32 - 1
                })
            };
            left.push(lefts.into_iter().map(&mut number).collect());
            right.push(rights.into_iter().map(&mut number).collect());
        }
        Ok(LoopyGame { left, right })
    }

    /// The disjunctive sum: a position is a pair, and a move is a move in either part.
    pub fn sum(&self, other: &LoopyGame, meter: &mut Meter) -> Result<LoopyGame, SearchError> {
        let mut index = HashMap::from([((0u32, 0u32), 0u32)]);
        let mut pairs = vec![(0u32, 0u32)];
        let (mut left, mut right) = (Vec::new(), Vec::new());
        let mut next = 0;
        while next < pairs.len() {
            let (a, b) = pairs[next];
            next += 1;
            let mut options = |mine: &[u32], theirs: &[u32]| -> Result<Vec<u32>, SearchError> {
                let moves = mine.iter().map(|&x| (x, b));
                let moves = moves.chain(theirs.iter().map(|&y| (a, y)));
                let mut list = Vec::new();
                for pair in moves.collect::<Vec<_>>() {
                    let fresh = pairs.len() as u32;
                    let id = *index.entry(pair).or_insert(fresh);
                    if id == fresh {
                        meter.count(1)?;
                        meter.hold_more(PAIR_BYTES)?;
                        pairs.push(pair);
                    }
                    list.push(id);
                }
                Ok(list)
            };
            left.push(options(self.left_options(a), other.left_options(b))?);
            right.push(options(self.right_options(a), other.right_options(b))?);
        }
        let mut game = LoopyGame { left, right };
        game.tidy();
        Ok(game)
    }

    /// Whether the game is a stopper: no position starts a play that alternates for ever.
    /// That is, the graph of states (vertex, player to move) has no cycle: states `2v` (Left
    /// to move at `v`) and `2v + 1` (Right to move) whose moves all lead to removed states are
    /// removed until none is, and a cycle is what would remain.
    pub fn is_stopper(&self) -> bool {
        let states = 2 * self.len();
        let successors = |s: usize| -> &[u32] {
            let v = s / 2;
            if s.is_multiple_of(2) {
                &self.left[v]
            } else {
                &self.right[v]
            }
        };
        // A move from state `s` leads to the opponent's turn at the option.
        let edges = (0..states).flat_map(|s| {
            let next = move |&w: &u32| (s as u32, 2 * w + (1 - s as u32 % 2));
            successors(s).iter().map(next)
        });
        let predecessors = Reversed::of(states, edges);
        let mut unremoved: Vec<u32> = (0..states).map(|s| successors(s).len() as u32).collect();
        let mut queue: VecDeque<usize> = (0..states).filter(|&s| unremoved[s] == 0).collect();
        let mut removed = queue.len();
        while let Some(t) = queue.pop_front() {
            for &s in &predecessors[t] {
                unremoved[s as usize] -= 1;
                if unremoved[s as usize] == 0 {
                    removed += 1;
                    queue.push_back(s as usize);
                }
            }
        }
        removed == states
    }

    /// Bytes [`is_stopper`](Self::is_stopper) holds: for each state (a position and the
    /// player to move), a list of predecessors and a count, and each move once back.
    pub(crate) fn stopper_check_bytes(&self) -> u64 {
        let moves: usize = self.left.iter().chain(&self.right).map(Vec::len).sum();
        2 * self.len() as u64 * 32 + 8 * moves as u64
    }

    /// The positions from which no position repeats, each after all of its options: peeled
    /// from the ends, a position once all its options are.
    fn finite_order(&self) -> Vec<u32> {
        let mut predecessors = vec![Vec::new(); self.len()];
        let mut unpeeled: Vec<u32> = (0..self.len())
            .map(|v| (self.left[v].len() + self.right[v].len()) as u32)
            .collect();
        for v in 0..self.len() {
            for &w in self.left[v].iter().chain(&self.right[v]) {
                predecessors[w as usize].push(v as u32);
            }
        }
        let mut order: Vec<u32> = (0..self.len() as u32)
            .filter(|&v| unpeeled[v as usize] == 0)
            .collect();
        let mut next = 0;
        while next < order.len() {
            let w = order[next];
            next += 1;
            for &v in &predecessors[w as usize] {
                unpeeled[v as usize] -= 1;
                if unpeeled[v as usize] == 0 {
                    order.push(v);
                }
            }
        }
        order
    }

    /// Drops repeated options and the vertices that cannot be reached from vertex 0, and
    /// numbers the rest as [`restricted`](Self::restricted) does.
    fn tidy(&mut self) {
        *self = self.restricted(&[0]).0;
    }

    /// A hash of what each position's play looks like to some depth, the same whatever the
    /// numbering: rounds of refinement from the numbers of options, each option's signature
    /// mixed and summed, so that their order does not count.
    fn signatures(&self) -> Vec<u64> {
        let mut signatures: Vec<u64> = (0..self.len())
            .map(|v| mix(self.left[v].len() as u64 ^ mix(self.right[v].len() as u64)))
            .collect();
        let mut next = vec![0; self.len()];
        for _ in 0..self.len().min(SIGNATURE_ROUNDS) {
            let sum = |options: &[u32], salt: u64| {
                let each = options.iter().map(|&w| mix(signatures[w as usize] ^ salt));
                each.fold(0u64, u64::wrapping_add)
            };
            for (v, next) in next.iter_mut().enumerate() {
                let (left, right) = (sum(&self.left[v], 1), sum(&self.right[v], 2));
                *next = mix(signatures[v] ^ mix(left ^ mix(right)));
            }
            std::mem::swap(&mut signatures, &mut next);
        }
        signatures
    }
}

/// A 64-bit mixing function (the finaliser of SplitMix64): every bit of the input reaches
/// every bit of the output.
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Every move of `lists` (vertex `v` has moves to `lists[v]`), as `(v, w)`.
fn moves(lists: &[Vec<u32>]) -> impl Iterator<Item = (u32, u32)> + Clone + '_ {
    lists
        .iter()
        .enumerate()
        .flat_map(|(v, list)| list.iter().map(move |&w| (v as u32, w)))
}

/// Moves reversed, kept in one buffer: the vertices with a move to `w` are
/// `from[start[w]..start[w + 1]]`.
struct Reversed {
    start: Vec<u32>,
    from: Vec<u32>,
}

impl Reversed {
    /// The moves `(v, w)` of a graph of `count` vertices, reversed.
    fn of(count: usize, moves: impl Iterator<Item = (u32, u32)> + Clone) -> Reversed {
        let mut start = vec![0u32; count + 1];
        for (_, w) in moves.clone() {
            start[w as usize + 1] += 1;
        }
        for w in 0..count {
            start[w + 1] += start[w];
        }
        let mut fill = start.clone();
        let mut from = vec![0; start[count] as usize];
        for (v, w) in moves {
            from[fill[w as usize] as usize] = v;
            fill[w as usize] += 1;
        }
        Reversed { start, from }
    }
}

impl std::ops::Index<usize> for Reversed {
    type Output = [u32];

    fn index(&self, w: usize) -> &[u32] {
        &self.from[self.start[w] as usize..self.start[w + 1] as usize]
    }
}

/// Rounds of refinement in [`LoopyGame::signatures`].
const SIGNATURE_ROUNDS: usize = 24;

/// The value of every vertex of the graph whose vertex `v` has Left options `left[v]` and
/// Right options `right[v]`: `None` where no sides were found. Vertex 0 need not reach the
/// others. Each vertex's search is held to the limits of `meter` on its own.
pub fn values(
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    meter: &mut Meter,
) -> Result<Vec<Option<Sided>>, LoopyError> {
    let whole = whole_graph(left, right)?;
    // Each vertex's search holds its memory only while it runs.
    let limits = meter.limits();
    (0..whole.len() as u32)
        .map(
            |v| match Sided::of(&whole.rooted_at(v), &mut Meter::new(limits)) {
                Ok(sided) => Ok(Some(sided)),
                Err(LoopyError::NoSides) => Ok(None),
                Err(error) => Err(error),
            },
        )
        .collect()
}

/// The simplest forms of every vertex of a graph that is a stopper from each vertex, all at
/// once: one graph in which equal values share a vertex, and the vertex of each (so the
/// distinct values of a census are the distinct vertices). The graph's strongly connected
/// components, sinks first, are added to one [`StopperStore`] as its layers.
pub fn stopper_values(
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    meter: &mut Meter,
) -> Result<(LoopyGame, Vec<u32>), LoopyError> {
    let whole = whole_graph(left, right)?;
    if !whole.is_stopper() {
        return Err(LoopyError::NotStopper("the graph".to_string()));
    }
    let (store, vertex_of) = StopperStore::of_graph(&whole, meter)?;
    Ok(store.graph().restricted(&vertex_of))
}

/// The graph of `left` and `right` as given, every vertex kept, its moves checked.
fn whole_graph(left: Vec<Vec<u32>>, right: Vec<Vec<u32>>) -> Result<LoopyGame, LoopyError> {
    let count = left.len().max(right.len());
    let pad = |mut lists: Vec<Vec<u32>>| {
        lists.resize(count, Vec::new());
        lists
    };
    let whole = LoopyGame {
        left: pad(left),
        right: pad(right),
    };
    for &to in whole.left.iter().chain(&whole.right).flatten() {
        if to as usize >= count {
            return Err(LoopyError::NoSuchVertex { to, count });
        }
    }
    Ok(whole)
}

/// The most positions of a short game taken into a loopy game: comparing such a game looks at
/// every pair of its positions.
const MAX_SHORT_POSITIONS: usize = 1 << 14;

/// Bytes a position of a short game holds in its graph, as [`PAIR_BYTES`] counts them.
const SHORT_POSITION_BYTES: u64 = 192;

/// Bytes a pair of a sum holds while the sum is built: its entry in the map (12 bytes and a
/// control byte, in a table at most half full: up to 30), in the list of pairs (8, in a list
/// up to twice as long: 16), the two headers of its lists of options (48, up to 96) and the
/// lists themselves (16 bytes each at least), about 174 bytes, with room for the old buffers
/// beside the new while one grows. Counting 48 let `{16000|off} + {off|-16000}` hold 3 to 4
/// times `--max-memory`.
const PAIR_BYTES: u64 = 192;

/// A stopper in its simplest form, and so a value: equal stoppers print alike, and compare
/// equal by [`Stopper::relation`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stopper {
    game: LoopyGame,
}

impl Stopper {
    /// The value of `game`, which must be a stopper: its simplest form.
    pub fn new(game: &LoopyGame, meter: &mut Meter) -> Result<Stopper, LoopyError> {
        if !game.is_stopper() {
            return Err(LoopyError::NotStopper("the game".into()));
        }
        Stopper::simplest(game, meter)
    }

    /// The short game `game` as a stopper, its positions counted against `meter`.
    pub fn from_short(
        store: &mut Store,
        game: GameId,
        meter: &mut Meter,
    ) -> Result<Stopper, SearchError> {
        Ok(Stopper {
            game: LoopyGame::from_short(store, game, meter)?,
        })
    }

    /// Its simplest form as a graph.
    pub fn graph(&self) -> &LoopyGame {
        &self.game
    }

    /// `-G`.
    pub fn neg(&self) -> Stopper {
        Stopper {
            game: self.game.neg(),
        }
    }

    /// `G + H`, where that is a stopper (a sum with a short game always is).
    pub fn add(&self, other: &Stopper, meter: &mut Meter) -> Result<Stopper, LoopyError> {
        let sum = self.game.sum(&other.game, meter)?;
        if !sum.is_stopper() {
            return Err(LoopyError::NotStopper("the sum".into()));
        }
        Stopper::simplest(&sum, meter)
    }

    /// The simplest form of `game`, a stopper.
    fn simplest(game: &LoopyGame, meter: &mut Meter) -> Result<Stopper, LoopyError> {
        let (store, vertex_of) = StopperStore::of_graph(game, meter)?;
        Ok(store.value(vertex_of[0]))
    }

    /// How `self` compares with `other`.
    pub fn relation(&self, other: &Stopper, meter: &mut Meter) -> Result<Relation, SearchError> {
        survival::relation(&self.game, &other.game, meter)
    }
}
