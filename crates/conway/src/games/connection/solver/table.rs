//! The solver's transposition table: a fixed array of buckets of two entries, so that its
//! memory is set when it is made. A position's hash picks its bucket; a new position
//! replaces the entry that cost less work to find. Entries keep the whole position, so a
//! collision of hashes is never mistaken for the same position. A position and its half turn
//! are the same game, so they share one entry, kept for the one whose stones compare lower.
//!
//! Solvers on several threads may share one table: each bucket has its own lock, held for
//! one read or one write, so two threads wait for each other only on the same bucket. What
//! one thread settles, the others find (the openings of a board share most positions).

use crate::games::connection::board::Board;
use std::sync::{Mutex, MutexGuard};

/// A proof or disproof number that means proved (its partner is 0).
pub const INFINITE: u32 = u32::MAX / 2;

/// What the search knows of a position: its reduced board and the moves worth trying there,
/// its proof and disproof numbers (for the player to move winning), and the positions its
/// search has expanded. `proof` is the proof of a settled position; while it is open, the
/// cells that leaving out the moves not in `moves` depends on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Node {
    pub reduced: Board,
    pub moves: u128,
    pub proof: u128,
    pub phi: u32,
    pub delta: u32,
    pub work: u32,
}

impl Node {
    /// The node of the position turned half round.
    fn turned(&self) -> Node {
        Node {
            reduced: self.reduced.turned(),
            moves: self.reduced.turn_cells(self.moves),
            proof: self.reduced.turn_cells(self.proof),
            ..*self
        }
    }

    /// Takes in a move that loses, with the proof of the position it reaches: every move
    /// outside that proof loses too. With no move left the position is lost, and its proof
    /// is every reason gathered.
    pub fn refuted(&mut self, proof: u128) {
        self.moves &= proof;
        self.proof |= proof;
        if self.moves == 0 {
            (self.phi, self.delta) = (INFINITE, 0);
        }
    }
}

/// The position an entry is kept for, and whether it is `board` turned half round.
fn key(board: &Board) -> (Board, bool) {
    let turned = board.turned();
    match (turned.white, turned.black) < (board.white, board.black) {
        true => (turned, true),
        false => (*board, false),
    }
}

/// An entry: the position it is for (its stones and mover) and its node.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    white: u128,
    black: u128,
    /// Bit 0: in use; bit 1: White to move.
    flags: u8,
    node: Node,
}

/// The table.
#[derive(Debug)]
pub struct Table {
    buckets: Vec<Mutex<[Entry; 2]>>,
}

impl Table {
    /// The bytes of one entry (half a bucket with its lock).
    pub const ENTRY_BYTES: usize = size_of::<Mutex<[Entry; 2]>>() / 2;

    /// A table of `slots` entries (at least two).
    pub fn new(slots: usize) -> Table {
        let buckets = (slots / 2).max(1);
        Table {
            buckets: (0..buckets).map(|_| Mutex::default()).collect(),
        }
    }

    /// The entries of the table.
    pub fn slots(&self) -> usize {
        2 * self.buckets.len()
    }

    fn flags(board: &Board) -> u8 {
        1 | u8::from(board.white_to_move) << 1
    }

    /// A position's bucket, locked. (A thread that panicked while holding it left whole
    /// entries, so its lock's poison is ignored.)
    fn bucket(&self, board: &Board, flags: u8) -> MutexGuard<'_, [Entry; 2]> {
        let bucket = &self.buckets[board.slot(flags, self.buckets.len())];
        bucket
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn holds(entry: &Entry, board: &Board, flags: u8) -> bool {
        (entry.white, entry.black, entry.flags) == (board.white, board.black, flags)
    }

    /// What is known of a position.
    pub fn get(&self, board: &Board) -> Option<Node> {
        let (board, turned) = key(board);
        let flags = Table::flags(&board);
        let node = self
            .bucket(&board, flags)
            .iter()
            .find(|entry| Table::holds(entry, &board, flags))?
            .node;
        Some(if turned { node.turned() } else { node })
    }

    /// Records a position's node, over its old entry or over the entry of its bucket that
    /// cost less work.
    pub fn put(&self, board: &Board, node: &Node) {
        let (board, turned) = key(board);
        let node = if turned { node.turned() } else { *node };
        let board = &board;
        let flags = Table::flags(board);
        let mut bucket = self.bucket(board, flags);
        let slot = match bucket
            .iter()
            .position(|entry| Table::holds(entry, board, flags))
        {
            Some(k) => k,
            None => usize::from(bucket[1].node.work < bucket[0].node.work),
        };
        bucket[slot] = Entry {
            white: board.white,
            black: board.black,
            flags,
            node,
        };
    }
}
