//! The Hex solver: depth-first proof-number search (Nagai's df-pn) over positions reduced by
//! fill-in and pruned by virtual connections, with a transposition table of fixed size.
//!
//! Each position is first *reduced*: its dead cells and captured pairs are filled
//! ([`inferior`]). Then H-search ([`hsearch`]) may settle it: the player to move wins with a
//! connection or semi-connection between their edges, and loses to a connection of the
//! other's. Otherwise the other's semi-connections say where the player must play: a move
//! outside the carrier of one of them lets the other complete it, so only the cells common
//! to all of their carriers are tried (the *must-play* region; none at all is a loss), less
//! the moves dominated by another or vulnerable to a killing answer ([`prune`]).
//!
//! Proof numbers then pick the next position to expand: the least number of positions still
//! to settle to prove a win, and to disprove one. Hex has no repetitions, so the table's
//! numbers never mislead the search through a cycle.
//!
//! Every settled position has a *proof*: a set of its empty cells such that the winner
//! still wins with every other empty cell given to the loser. (Hex is monotone: a stone
//! never hurts its owner, so the winner then wins every position with the loser's stones
//! anywhere outside the proof.) A move outside the proof of a position the loser reached is
//! as bad as that move, so once one move is refuted only the moves in its proof are left to
//! try (Henderson, Arneson and Hayward's proof-set narrowing of the must-play region).

pub mod hsearch;
pub mod inferior;
mod table;

pub use table::Table;

use super::board::{Board, Geometry, Grid, Joined};
use super::exhaustive::centre_first;
use crate::engine::{SearchError, SharedWork};
use hsearch::HSearch;
use inferior::{fill_in, prune, Side};
use std::sync::Arc;
use table::{Node, INFINITE};

/// What a position is before any search: won or lost for the player to move, with the
/// proof, or the cells worth trying.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// The player to move wins.
    Wins {
        /// The cells the win needs (see the module's doc).
        proof: u128,
    },
    /// The other player wins.
    Loses {
        /// The cells the win needs.
        proof: u128,
    },
    /// Not settled: the moves worth trying, on the reduced board.
    Open {
        /// The board after fill-in.
        reduced: Board,
        /// The empty cells of the reduced board in the must-play region, less the moves
        /// [`prune`] leaves out.
        moves: u128,
        /// The cells that leaving the other moves out depends on: those filled in, the
        /// carriers of the other's semi-connections and the killers of vulnerable moves.
        reasons: u128,
    },
}

/// A solver of Hex positions of one side, under normal play.
#[derive(Debug)]
pub struct Solver {
    geometry: Geometry,
    order: Vec<usize>,
    table: Arc<Table>,
    hsearch: HSearch,
    nodes: u64,
}

impl Solver {
    /// The bytes of one entry of the table.
    pub const ENTRY_BYTES: usize = Table::ENTRY_BYTES;

    /// The bytes a solver of n×n boards holds besides its table.
    pub fn bytes_besides_table(n: usize) -> usize {
        HSearch::bytes(n)
    }

    /// A solver of n×n boards whose table has `slots` entries of [`Solver::ENTRY_BYTES`].
    pub fn new(n: usize, slots: usize) -> Solver {
        Solver::sharing(n, Arc::new(Table::new(slots)))
    }

    /// A solver of n×n boards that works in `table`, which solvers on other threads may
    /// share.
    pub fn sharing(n: usize, table: Arc<Table>) -> Solver {
        let geometry = Geometry::new(n, Grid::Hex);
        Solver {
            geometry,
            order: centre_first(&geometry),
            table,
            hsearch: HSearch::new(n),
            nodes: 0,
        }
    }

    /// Whether this solver works in `table`.
    pub fn works_in(&self, table: &Arc<Table>) -> bool {
        Arc::ptr_eq(&self.table, table)
    }

    /// The side of the boards this solver takes.
    pub fn side(&self) -> usize {
        self.geometry.n
    }

    /// The entries of its table.
    pub fn slots(&self) -> usize {
        self.table.slots()
    }

    /// The positions expanded so far, over every question.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the player to move wins `board` (a game in progress: nobody has joined). Each
    /// position expanded counts once in `work`, which may stop the search.
    pub fn mover_wins(&mut self, board: &Board, work: &SharedWork) -> Result<bool, SearchError> {
        self.solve(board, work).map(|(wins, _)| wins)
    }

    /// Whether the player to move wins `board`, and the proof of the win (see the module's
    /// doc).
    pub fn solve(&mut self, board: &Board, work: &SharedWork) -> Result<(bool, u128), SearchError> {
        debug_assert_eq!(board.side(), self.geometry.n);
        let node = self.prove(board, INFINITE, INFINITE, work)?;
        Ok((node.phi == 0, node.proof))
    }

    /// Reduces a position and settles it by H-search where it can.
    pub fn evaluate(&mut self, board: &Board) -> Evaluation {
        let geometry = &self.geometry;
        let (white, black) = fill_in(geometry, board.white, board.black);
        let reduced = Board {
            white,
            black,
            ..*board
        };
        let filled = (white | black) & !(board.white | board.black);
        match reduced.joined(geometry) {
            Joined::Nobody => {}
            joined => {
                let proof = filled;
                return match (joined == Joined::White) == board.white_to_move {
                    true => Evaluation::Wins { proof },
                    false => Evaluation::Loses { proof },
                };
            }
        }
        let mine = Side::of(geometry, white, black, board.white_to_move);
        let found = self.hsearch.edges(geometry, &mine, true);
        if let Some(carrier) = found.full.or(found.semi.first().map(|&(_, c)| c)) {
            return Evaluation::Wins {
                proof: filled | carrier,
            };
        }
        let theirs = Side::of(geometry, white, black, !board.white_to_move);
        let threats = self.hsearch.edges(geometry, &theirs, false);
        if let Some(carrier) = threats.full {
            return Evaluation::Loses {
                proof: filled | carrier,
            };
        }
        let empty = reduced.empty(geometry);
        let must_play = threats.must_play().unwrap_or(!0) & empty;
        let (moves, killers) = prune(geometry, white, black, board.white_to_move, must_play);
        let reasons = filled | killers | carriers_narrowing_to(&threats.semi, must_play, empty);
        match moves {
            0 => Evaluation::Loses { proof: reasons },
            moves => Evaluation::Open {
                reduced,
                moves,
                reasons,
            },
        }
    }

    /// A position's numbers, searched until its proof number reaches `max_phi` or its
    /// disproof number `max_delta` (df-pn's multiple iterative deepening).
    ///
    /// The position keeps its children's numbers on its own frame, taken from the table once
    /// and then from each child's search as it returns. Were they read from the table each
    /// time, two children whose entries push each other out of one bucket would each look
    /// new (numbers 1 and 1) whenever the other had been searched, and the search would go
    /// from one to the other for ever.
    fn prove(
        &mut self,
        board: &Board,
        max_phi: u32,
        max_delta: u32,
        work: &SharedWork,
    ) -> Result<Node, SearchError> {
        let mut node = match self.table.get(board) {
            Some(node) => node,
            None => self.expand(board, work)?,
        };
        let mut children = self.children(&node);
        while node.phi != 0 && node.delta != 0 {
            let numbers = numbers(&mut node, &mut children);
            node.phi = numbers.phi;
            node.delta = numbers.delta;
            if node.phi == 0 {
                let best = &children[numbers.best];
                node.proof = filled(board, &node.reduced) | 1u128 << best.cell | best.proof;
            }
            if node.phi >= max_phi || node.delta >= max_delta {
                break;
            }
            let best = &children[numbers.best];
            // The best child's disproof is this position's proof, and its proof one term of
            // this position's disproof: each threshold leaves room for the rest.
            let child_max_phi = max_delta - node.delta + best.phi;
            let second = numbers.second_delta;
            let child_max_delta = max_phi.min(second.saturating_add(second / 4 + 1));
            let before = self.nodes;
            let child = node.reduced.after(best.cell as usize);
            let searched = self.prove(&child, child_max_phi, child_max_delta, work)?;
            node.work = node.work.saturating_add((self.nodes - before) as u32);
            let best = &mut children[numbers.best];
            (best.phi, best.delta, best.proof) = (searched.phi, searched.delta, searched.proof);
        }
        self.table.put(board, &node);
        Ok(node)
    }

    /// The children of an open position, centre first, with what the table knows of them (a
    /// child not in it counts 1 and 1); none for a settled one.
    fn children(&self, node: &Node) -> Vec<Child> {
        if node.phi == 0 || node.delta == 0 {
            return Vec::new();
        }
        self.order
            .iter()
            .filter(|&&cell| node.moves >> cell & 1 == 1)
            .map(|&cell| {
                let known = self.table.get(&node.reduced.after(cell));
                let (phi, delta, proof) =
                    known.map_or((1, 1, 0), |child| (child.phi, child.delta, child.proof));
                Child {
                    cell: cell as u8,
                    phi,
                    delta,
                    proof,
                }
            })
            .collect()
    }

    /// A new position's node: settled, or open with its moves.
    fn expand(&mut self, board: &Board, work: &SharedWork) -> Result<Node, SearchError> {
        work.count(1)?;
        self.nodes += 1;
        let (phi, delta, reduced, moves, proof) = match self.evaluate(board) {
            Evaluation::Wins { proof } => (0, INFINITE, *board, 0, proof),
            Evaluation::Loses { proof } => (INFINITE, 0, *board, 0, proof),
            Evaluation::Open {
                reduced,
                moves,
                reasons,
            } => (1, moves.count_ones(), reduced, moves, reasons),
        };
        Ok(Node {
            reduced,
            moves,
            proof,
            phi,
            delta,
            work: 1,
        })
    }
}

/// A child of an open position: its move and its numbers, and its proof once settled.
struct Child {
    cell: u8,
    phi: u32,
    delta: u32,
    proof: u128,
}

/// The numbers of a position from its children's: the proof number is the least disproof
/// number of a child (a win needs one move to a lost position), the disproof number the sum
/// of the children's proof numbers (a loss needs every move to lose). A child lost for this
/// position's player first narrows the moves left to its proof (none left is a loss).
fn numbers(node: &mut Node, children: &mut Vec<Child>) -> Numbers {
    for child in children.iter().filter(|child| child.phi == 0) {
        node.refuted(child.proof);
    }
    children.retain(|child| node.moves >> child.cell & 1 == 1 && child.phi != 0);
    let mut numbers = Numbers {
        phi: INFINITE,
        delta: 0,
        best: 0,
        second_delta: INFINITE,
    };
    for (k, child) in children.iter().enumerate() {
        numbers.delta = numbers.delta.saturating_add(child.phi);
        if child.delta < numbers.phi {
            numbers.second_delta = numbers.phi;
            numbers.phi = child.delta;
            numbers.best = k;
        } else if child.delta < numbers.second_delta {
            numbers.second_delta = child.delta;
        }
    }
    // A sum reaches infinity only through a child that is lost for its mover, which makes
    // this position won; otherwise it stays finite.
    if numbers.delta >= INFINITE && numbers.phi != 0 {
        numbers.delta = INFINITE - 1;
    }
    numbers
}

/// The numbers of a position: its proof and disproof numbers, the child with the least
/// disproof number (the next to search) and the second least disproof number.
struct Numbers {
    phi: u32,
    delta: u32,
    best: usize,
    second_delta: u32,
}

/// The union of a few of the carriers of `semi` whose common cells among `empty` are `moves`
/// (all of them have those in common): each taken in turn is the one that leaves out the most
/// cells not yet left out, so that a proof that rests on them stays small.
fn carriers_narrowing_to(semi: &[(usize, u128)], moves: u128, empty: u128) -> u128 {
    let (mut common, mut union) = (empty, 0);
    while common != moves {
        let narrowest = semi
            .iter()
            .map(|&(_, carrier)| carrier)
            .max_by_key(|&carrier| (common & !carrier).count_ones())
            .expect("the carriers have `moves` in common");
        common &= narrowest;
        union |= narrowest;
    }
    union
}

/// The cells fill-in filled on `board` to make `reduced`.
fn filled(board: &Board, reduced: &Board) -> u128 {
    (reduced.white | reduced.black) & !(board.white | board.black)
}
