//! Virtual connections by H-search (Anshelevich, "A hierarchical approach to computer Hex",
//! 2002), re-derived from its two rules.
//!
//! The *ends* are one player's two edges (with the chains of stones touching them), the
//! other chains of the player's stones, and the empty cells. A *virtual connection* between
//! two ends, with a *carrier* of empty cells, says that the player joins the two ends even
//! moving second, playing only in the carrier (an empty end counts as the player's). A
//! *semi-connection* says the same for the player moving first, by a move at its *key*
//! (the key is in its carrier). Starting from touching ends (a connection with an empty
//! carrier):
//!
//! - **and**: connections x–z and z–y with disjoint carriers, neither holding x or y, give
//!   x–y: a connection if z is a chain of stones, a semi-connection with key z if z is an
//!   empty cell (the player must take it);
//! - **or**: semi-connections x–y whose carriers have no cell in common give a connection
//!   whose carrier is their union (whatever the other player takes, one of them is left to
//!   answer it).
//!
//! Both rules are sound, so every connection found is real; H-search is not complete, and
//! the lists are capped, so some are missed (a miss costs the solver time, never a wrong
//! answer).

use super::inferior::Side;
use crate::games::connection::board::Geometry;
use smallvec::SmallVec;
use std::collections::VecDeque;

/// The most connections kept between two ends (the smallest carriers are found first).
const MAX_FULL: usize = 8;
/// The most semi-connections kept between two ends.
const MAX_SEMI: usize = 16;
/// How many semi-connections the or rule may join at once.
const OR_DEPTH: usize = 4;

/// What H-search found between one player's edges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeConnections {
    /// The carrier of a connection between the edges (empty if the edges are already
    /// joined), if one was found.
    pub full: Option<u128>,
    /// The semi-connections between the edges: each key and carrier (key included).
    pub semi: Vec<(usize, u128)>,
}

impl EdgeConnections {
    /// The cells in which the other player, to move, must play to stop these connections:
    /// a move outside the carrier of a semi-connection leaves it to be completed. `None`
    /// where no move is forced.
    pub fn must_play(&self) -> Option<u128> {
        (!self.semi.is_empty()).then(|| self.semi.iter().fold(!0, |cells, &(_, c)| cells & c))
    }
}

/// An end: the stones of a chain (an edge's stones may be none) or one empty cell.
#[derive(Clone, Copy, Debug)]
struct End {
    /// The empty cell this end is (0 for a chain or an edge).
    cell: u128,
    /// Whether a connection may pass through this end (chains and empty cells; not edges).
    middle: bool,
    /// Whether this end is a chain of stones rather than an empty cell.
    chain: bool,
}

/// The reusable tables of H-search: the connections and semi-connections between each pair
/// of ends (made once, and cleared where the last search wrote), and for each end the ends
/// it has a connection with.
#[derive(Debug)]
pub struct HSearch {
    /// The most ends of a board: its two edges and one end per cell at most.
    max_ends: usize,
    ends: Vec<End>,
    full: Vec<SmallVec<[u128; MAX_FULL]>>,
    semi: Vec<SmallVec<[(u8, u128); MAX_SEMI]>>,
    /// The pairs whose semi-connections the last search wrote.
    semi_written: Vec<u16>,
    partners: Vec<u128>,
    queue: VecDeque<(u8, u8, u128)>,
}

impl HSearch {
    /// The search of boards of side n at most, its tables made at once.
    pub fn new(n: usize) -> HSearch {
        let max_ends = n * n + 2;
        let pairs = max_ends * (max_ends + 1) / 2;
        HSearch {
            max_ends,
            ends: Vec::with_capacity(max_ends),
            full: vec![SmallVec::new(); pairs],
            semi: vec![SmallVec::new(); pairs],
            semi_written: Vec::new(),
            partners: vec![0; max_ends],
            queue: VecDeque::new(),
        }
    }

    /// The bytes of the tables of the search of n×n boards.
    pub fn bytes(n: usize) -> usize {
        let max_ends = n * n + 2;
        let pair =
            size_of::<SmallVec<[u128; MAX_FULL]>>() + size_of::<SmallVec<[(u8, u128); MAX_SEMI]>>();
        max_ends * (max_ends + 1) / 2 * pair + max_ends * size_of::<u128>()
    }

    /// The connections between `side`'s edges. With `any` true the search stops at the
    /// first connection or semi-connection found between them (enough for a player to move
    /// to know that they win).
    pub fn edges(&mut self, geometry: &Geometry, side: &Side, any: bool) -> EdgeConnections {
        self.start(geometry, side);
        if self.ends.is_empty() {
            return EdgeConnections {
                full: Some(0),
                semi: Vec::new(),
            };
        }
        while let Some((x, z, carrier)) = self.queue.pop_front() {
            if any
                && (!self.full[self.pair(0, 1)].is_empty()
                    || !self.semi[self.pair(0, 1)].is_empty())
            {
                break;
            }
            let (x, z) = (x as usize, z as usize);
            if self.ends[z].middle {
                self.and_through(x, z, carrier);
            }
            if self.ends[x].middle {
                self.and_through(z, x, carrier);
            }
        }
        let edge_pair = self.pair(0, 1);
        EdgeConnections {
            full: self.full[edge_pair].first().copied(),
            semi: self.semi[edge_pair]
                .iter()
                .map(|&(key, carrier)| (self.cell_of(key as usize), carrier))
                .collect(),
        }
    }

    fn cell_of(&self, end: usize) -> usize {
        self.ends[end].cell.trailing_zeros() as usize
    }

    /// The ends of the board and the connections of touching ends. No ends at all means the
    /// edges are joined already.
    fn start(&mut self, geometry: &Geometry, side: &Side) {
        self.ends.clear();
        self.queue.clear();
        let empty = geometry.cells & !(side.own | side.other);
        let edge_chains = [
            geometry.reach(side.edges.0, side.own),
            geometry.reach(side.edges.1, side.own),
        ];
        if edge_chains[0] & edge_chains[1] != 0 {
            return;
        }
        let mut chains: Vec<u128> = edge_chains.to_vec();
        let mut stones = side.own & !(edge_chains[0] | edge_chains[1]);
        while stones != 0 {
            let chain = geometry.reach(stones & stones.wrapping_neg(), side.own);
            stones &= !chain;
            chains.push(chain);
        }
        // The empty cells each chain or edge touches.
        let mut touching: Vec<u128> = chains
            .iter()
            .map(|&chain| geometry.spread(chain) & empty)
            .collect();
        touching[0] |= side.edges.0 & empty;
        touching[1] |= side.edges.1 & empty;
        for (i, _) in chains.iter().enumerate() {
            self.ends.push(End {
                cell: 0,
                middle: i >= 2,
                chain: true,
            });
        }
        debug_assert!(chains.len() + empty.count_ones() as usize <= self.max_ends);
        let first_cell = self.ends.len();
        let mut end_of_cell = [0u8; 128];
        for (k, cell) in Geometry::bits(empty).enumerate() {
            end_of_cell[cell] = (first_cell + k) as u8;
            self.ends.push(End {
                cell: 1 << cell,
                middle: true,
                chain: false,
            });
            touching.push(geometry.neighbours(cell) & empty);
        }
        self.clear();
        for (x, &touched) in touching.iter().enumerate() {
            for cell in Geometry::bits(touched) {
                self.add_full(x, end_of_cell[cell] as usize, 0);
            }
        }
    }

    /// Empties the tables where the last search wrote.
    fn clear(&mut self) {
        for x in 0..self.max_ends {
            for y in Geometry::bits(std::mem::take(&mut self.partners[x])) {
                let pair = self.pair(x, y);
                self.full[pair].clear();
            }
        }
        for pair in self.semi_written.drain(..) {
            self.semi[pair as usize].clear();
        }
    }

    /// The index of the pair of ends x and y in the tables (a triangle: x–y is y–x).
    fn pair(&self, x: usize, y: usize) -> usize {
        let (low, high) = (x.min(y), x.max(y));
        high * (high + 1) / 2 + low
    }

    /// The and rule with the new connection x–z (`carrier`) and each connection z–y.
    fn and_through(&mut self, x: usize, z: usize, carrier: u128) {
        let x_cell = self.ends[x].cell;
        let mut partners = self.partners[z] & !(1 << x);
        while partners != 0 {
            let y = partners.trailing_zeros() as usize;
            partners &= partners - 1;
            let y_cell = self.ends[y].cell;
            if carrier & y_cell != 0 {
                continue;
            }
            let pair = self.pair(z, y);
            for k in 0..self.full[pair].len() {
                let other = self.full[pair][k];
                if other & carrier != 0 || other & x_cell != 0 {
                    continue;
                }
                match self.ends[z].chain {
                    true => self.add_full(x, y, carrier | other),
                    false => self.add_semi(x, y, z, carrier | other | self.ends[z].cell),
                }
            }
        }
    }

    /// Keeps a connection x–y unless one with a smaller carrier is known (or the list is
    /// full), and queues it for the and rule.
    fn add_full(&mut self, x: usize, y: usize, carrier: u128) {
        let pair = self.pair(x, y);
        let list = &mut self.full[pair];
        if list.len() >= MAX_FULL || list.iter().any(|&c| subset(c, carrier)) {
            return;
        }
        list.retain(|c| !subset(carrier, *c));
        list.push(carrier);
        self.partners[x] |= 1 << y;
        self.partners[y] |= 1 << x;
        self.queue.push_back((x as u8, y as u8, carrier));
    }

    /// Keeps a semi-connection x–y with key z unless a smaller one (or a connection within
    /// its carrier) is known, then tries the or rule with it.
    fn add_semi(&mut self, x: usize, y: usize, z: usize, carrier: u128) {
        let pair = self.pair(x, y);
        if self.full[pair].iter().any(|&c| subset(c, carrier)) {
            return;
        }
        let list = &mut self.semi[pair];
        if list.len() >= MAX_SEMI || list.iter().any(|&(_, c)| subset(c, carrier)) {
            return;
        }
        list.retain(|(_, c)| !subset(carrier, *c));
        list.push((z as u8, carrier));
        if list.len() == 1 {
            self.semi_written.push(pair as u16);
        }
        let carriers: SmallVec<[u128; MAX_SEMI]> = list.iter().map(|&(_, c)| c).collect();
        if let Some(union) =
            disjoint_union(&carriers[..carriers.len() - 1], carrier, carrier, OR_DEPTH)
        {
            self.add_full(x, y, union);
        }
    }
}

/// The or rule: semi-connections among `carriers`, with one whose carrier meets all of them
/// in `common` (and whose carriers' union is `union`), whose carriers have no common cell:
/// the union of their carriers, the carrier of a connection. At most `depth` more are
/// joined.
fn disjoint_union(carriers: &[u128], union: u128, common: u128, depth: usize) -> Option<u128> {
    for (j, &carrier) in carriers.iter().enumerate() {
        let narrower = common & carrier;
        if narrower == common {
            continue;
        }
        if narrower == 0 {
            return Some(union | carrier);
        }
        if depth > 1 {
            if let Some(found) =
                disjoint_union(&carriers[j + 1..], union | carrier, narrower, depth - 1)
            {
                return Some(found);
            }
        }
    }
    None
}

/// Whether every cell of `inner` is in `outer`.
fn subset(inner: u128, outer: u128) -> bool {
    inner & outer == inner
}
