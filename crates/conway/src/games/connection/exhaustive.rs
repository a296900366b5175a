//! An exhaustive search of small connection-game boards: alpha-beta over the three verdicts,
//! with a transposition table of bounds, for the games the Hex solver's rules do not cover: misère Hex (where
//! joining loses) and Squex (where a full board with no join is a draw). Its answers are
//! exact; its reach is small boards.

use super::board::{Board, Geometry, Grid, Joined};
use crate::engine::{Outcome, SearchError, SharedWork};

/// The most slots of the table, 48 bytes each (24 MB in all): a table whose slot a
/// position's hash picks, a new entry replacing an old one, so that its memory is fixed. A
/// replaced entry costs time, never correctness.
pub const MAX_SLOTS: usize = 1 << 19;

/// What the player to move can force.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// The other player wins, whatever the player to move does.
    Loses,
    /// Neither can force a win.
    Draws,
    /// The player to move wins.
    Wins,
}

impl Verdict {
    /// The verdict for the other player.
    fn flip(self) -> Verdict {
        match self {
            Verdict::Loses => Verdict::Wins,
            Verdict::Draws => Verdict::Draws,
            Verdict::Wins => Verdict::Loses,
        }
    }

    /// The outcome class: N where the player to move wins, P where the other does, D.
    pub fn outcome(self) -> Outcome {
        match self {
            Verdict::Loses => Outcome::P,
            Verdict::Draws => Outcome::D,
            Verdict::Wins => Outcome::N,
        }
    }
}

/// The search of one game, with its table kept between questions (a position and then each
/// of its options share most of their subtrees).
#[derive(Debug)]
pub struct Exhaustive {
    grid: Grid,
    table: Vec<Slot>,
}

/// A searched position: its stones, side, flags, and the bounds on its verdict found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    white: u128,
    black: u128,
    n: u8,
    /// Bit 0: filled; bit 1: White to move; bit 2: misère.
    flags: u8,
    lowest: Verdict,
    highest: Verdict,
}

impl Default for Slot {
    fn default() -> Slot {
        Slot {
            white: 0,
            black: 0,
            n: 0,
            flags: 0,
            lowest: Verdict::Loses,
            highest: Verdict::Wins,
        }
    }
}

impl Slot {
    fn flags(board: &Board, misere: bool) -> u8 {
        1 | u8::from(board.white_to_move) << 1 | u8::from(misere) << 2
    }
}

impl Exhaustive {
    /// The bytes of one slot of the table.
    pub const SLOT_BYTES: usize = size_of::<Slot>();

    /// The search of the game played on `grid`, with a table of `slots` slots (at most
    /// [`MAX_SLOTS`]).
    pub fn new(grid: Grid, slots: usize) -> Exhaustive {
        Exhaustive {
            grid,
            table: vec![Slot::default(); slots.clamp(1, MAX_SLOTS)],
        }
    }

    /// The slots of its table.
    pub fn slots(&self) -> usize {
        self.table.len()
    }

    /// What the player to move can force on `board`, joining one's edges winning (normal
    /// play) or losing (misère play). Each position searched counts once in `work`.
    pub fn verdict(
        &mut self,
        board: &Board,
        misere: bool,
        work: &SharedWork,
    ) -> Result<Verdict, SearchError> {
        let geometry = Geometry::new(board.side(), self.grid);
        Search {
            geometry,
            order: centre_first(&geometry),
            table: &mut self.table,
            work,
            misere,
        }
        .verdict(board, Verdict::Loses, Verdict::Wins)
    }
}

/// The cells, the centre first: central stones decide most games, so a search finds a
/// winning move sooner.
pub fn centre_first(geometry: &Geometry) -> Vec<usize> {
    let n = geometry.n as isize;
    let mut cells: Vec<usize> = (0..geometry.n * geometry.n).collect();
    let distance = |i: usize| {
        let (r, c) = ((i as isize) / n, (i as isize) % n);
        (2 * r - (n - 1)).abs() + (2 * c - (n - 1)).abs()
    };
    cells.sort_by_key(|&i| (distance(i), i));
    cells
}

/// The verdict of a board on which the game is over: someone has joined (always the player
/// who just moved, since a game ends at the first join), or the board is full.
pub fn finished(board: &Board, geometry: &Geometry, misere: bool) -> Option<Verdict> {
    match board.joined(geometry) {
        // The joiner wins under normal play and loses under misère play.
        Joined::White | Joined::Black if misere => Some(Verdict::Wins),
        Joined::White | Joined::Black => Some(Verdict::Loses),
        Joined::Nobody if board.empty(geometry) == 0 => Some(Verdict::Draws),
        Joined::Nobody => None,
    }
}

/// One question's search.
struct Search<'a> {
    geometry: Geometry,
    order: Vec<usize>,
    table: &'a mut [Slot],
    work: &'a SharedWork,
    misere: bool,
}

impl Search<'_> {
    /// The worst and the best the player to move can get, from who can still join at all:
    /// a player who could not join even with every empty cell never joins. Under normal
    /// play the mover wins only by joining and loses only to the other's join; under misère
    /// play the other way round.
    fn bounds(&self, board: &Board) -> (Verdict, Verdict) {
        let empty = board.empty(&self.geometry);
        let (mover, other) = board.mover_and_other();
        let could_join = |stones: u128, white: bool| self.geometry.joins(stones | empty, white);
        let mover_could = could_join(mover, board.white_to_move);
        let other_could = could_join(other, !board.white_to_move);
        let (may_win, may_lose) = match self.misere {
            false => (mover_could, other_could),
            true => (other_could, mover_could),
        };
        (
            if may_lose {
                Verdict::Loses
            } else {
                Verdict::Draws
            },
            if may_win {
                Verdict::Wins
            } else {
                Verdict::Draws
            },
        )
    }

    /// The verdict of `board` if it lies between `alpha` and `beta`; otherwise a bound
    /// beyond the one it passes (alpha-beta, failing hard).
    fn verdict(
        &mut self,
        board: &Board,
        alpha: Verdict,
        beta: Verdict,
    ) -> Result<Verdict, SearchError> {
        if let Some(verdict) = finished(board, &self.geometry, self.misere) {
            return Ok(verdict);
        }
        let flags = Slot::flags(board, self.misere);
        let index = board.slot(flags, self.table.len());
        let slot = self.table[index];
        let (mut lowest, mut highest) = self.bounds(board);
        if (slot.white, slot.black, slot.n, slot.flags)
            == (board.white, board.black, board.n, flags)
        {
            lowest = lowest.max(slot.lowest);
            highest = highest.min(slot.highest);
        }
        if lowest == highest || lowest >= beta || highest <= alpha {
            return Ok(if highest <= alpha { highest } else { lowest });
        }
        self.work.count(1)?;
        let (alpha, beta) = (alpha.max(lowest), beta.min(highest));
        let empty = board.empty(&self.geometry);
        let (mut best, mut raised) = (lowest, alpha);
        for k in 0..self.order.len() {
            if raised >= beta {
                break;
            }
            let cell = self.order[k];
            if empty >> cell & 1 == 0 {
                continue;
            }
            let child = self.verdict(&board.after(cell), beta.flip(), raised.flip())?;
            best = best.max(child.flip());
            raised = raised.max(best);
        }
        // Above the window the verdict is at least `best`; below it, at most; within it,
        // exactly.
        let (found_lowest, found_highest) = if best >= beta {
            (best, highest)
        } else if best <= alpha {
            (lowest, best)
        } else {
            (best, best)
        };
        self.table[index] = Slot {
            white: board.white,
            black: board.black,
            n: board.n,
            flags,
            lowest: found_lowest,
            highest: found_highest,
        };
        Ok(best)
    }
}
