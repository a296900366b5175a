//! Connection games (§5.4, Exercises 5.5–5.7): Hex, misère Hex and Squex. Each is partizan:
//! White (Left) joins the top and bottom rows, Black (Right) the left and right columns. They
//! are played here as Northcott's game is, with the player to move written in the position:
//! a position's moves are the mover's stones on its empty cells, so its outcome is that of an
//! impartial game, N where the player to move wins, P where the other does, and in Squex D
//! where neither can force a win. A game ends at the first join: the joiner wins (normal
//! play) or loses (misère play). A full Squex board that nobody has joined is a draw; a full
//! Hex board always has a join.
//!
//! Outcomes come from searches of their own, not from the engine's: Hex under normal play
//! from the [`solver`] (proof-number search with fill-in and virtual connections), misère
//! Hex and Squex from an [`exhaustive`] search of small boards.

pub mod board;
pub mod exhaustive;
pub mod solver;

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, RuleInfo};
use crate::engine::{map_on_cores, Meter, Outcome, Play, SearchError, SharedWork};
use crate::impartial::{Impartial, MoveSink, OwnSearch};
use crate::text::ParseError;
use board::{Board, Geometry, Grid, Joined};
use exhaustive::{Exhaustive, Verdict};
use std::sync::{Arc, Mutex};

/// The most entries of the solvers' table, each of [`solver::Solver::ENTRY_BYTES`] (a
/// little over 128 bytes, with a lock for every two): about 140 MB. A ruleset keeps a
/// solver per thread that asks at once, all working in one table, within half the memory
/// limit in all.
const SOLVER_SLOTS: usize = 1 << 20;

pub(crate) const HEX: RuleInfo = RuleInfo {
    name: "hex",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Hex on an n×n rhombus: White places stones to join the top and bottom rows, Black to join the left and right columns; whoever joins their edges wins. White moves first unless the position says `B:`.",
    notation: "optionally `W:` or `B:` (the player to move; without it White if both have as many stones, Black if White has one more; with it any stones are accepted, for problems set with extra stones), then rows from the top separated by `|`: `.` empty, `W` a White stone, `B` a Black stone; at most 11×11. Cell (r, c) touches (r, c±1), (r±1, c), (r−1, c+1) and (r+1, c−1). The outcome is N where the player to move wins, P where the other does. (Hexadecimal take-and-break codes are `hexcode:CODE`.)",
    misere: "misère Hex (reverse Hex): whoever joins their own edges loses.",
    example: "conway solve hex \"...|...|...\"",
    build: |info, _| Ok(typed(info, Connection::new(Grid::Hex))),
};

pub(crate) const SQUEX: RuleInfo = RuleInfo {
    name: "squex",
    kind: Kind::Loopy,
    params: Params::None,
    summary: "Squex: Hex on an n×n board of squares, each touching only the squares beside it, above and below. A full board that nobody has joined is a draw.",
    notation: "as Hex's: optionally `W:` or `B:`, then rows from the top separated by `|` of `.`, `W` and `B`; at most 11×11. Cell (r, c) touches (r, c±1) and (r±1, c). The outcome is N where the player to move wins, P where the other does, D for a draw; a full board that nobody has joined has itself as its one option, so that play goes on for ever there.",
    misere: "whoever joins their own edges loses; a full board is still a draw.",
    example: "conway solve squex \"...|...|...\"",
    build: |info, _| Ok(typed(info, Connection::new(Grid::Square))),
};

/// A connection game on one grid, with the searches that answer it.
#[derive(Debug)]
pub struct Connection {
    grid: Grid,
    /// Solvers of Hex under normal play not in use, and the table they all work in.
    solvers: Kept<solver::Solver>,
    table: Mutex<Option<Arc<solver::Table>>>,
    /// Exhaustive searches not in use, each keeping its table.
    exhaustive: Kept<Exhaustive>,
}

impl Connection {
    /// Hex (`Grid::Hex`) or Squex (`Grid::Square`).
    pub fn new(grid: Grid) -> Connection {
        Connection {
            grid,
            solvers: Kept::default(),
            table: Mutex::default(),
            exhaustive: Kept::default(),
        }
    }

    fn geometry(&self, board: &Board) -> Geometry {
        Geometry::new(board.side(), self.grid)
    }

    /// What the player to move can force on `board` under `play`, each position searched
    /// counted in `work`, whose memory limit bounds the tables of the searches running at
    /// once.
    pub fn verdict(
        &self,
        board: &Board,
        play: Play,
        work: &SharedWork,
    ) -> Result<Verdict, SearchError> {
        let geometry = self.geometry(board);
        let misere = play == Play::Misere;
        if let Some(verdict) = exhaustive::finished(board, &geometry, misere) {
            return Ok(verdict);
        }
        let threads = rayon::current_num_threads().max(1);
        let table_bytes = work.limits().table_bytes() as usize;
        if let (Grid::Hex, Play::Normal) = (self.grid, play) {
            let n = board.side();
            let table = table_bytes
                .checked_sub(threads * solver::Solver::bytes_besides_table(n))
                .ok_or(SearchError::OutOfMemory {
                    limit: work.limits().max_memory,
                })?;
            // Whole buckets of two, as the table is made, so that a kept table fits again.
            let slots = (table / solver::Solver::ENTRY_BYTES).clamp(2, SOLVER_SLOTS) & !1;
            let table = self.table_of(slots);
            let fits = |s: &solver::Solver| s.side() == n && s.works_in(&table);
            let make = || solver::Solver::sharing(n, table.clone());
            let wins = self
                .solvers
                .with(fits, make, |s| s.mover_wins(board, work))?;
            return Ok(if wins { Verdict::Wins } else { Verdict::Loses });
        }
        // Each thread that asks at once has its own table.
        let bytes = table_bytes / threads;
        let slots = (bytes / Exhaustive::SLOT_BYTES).clamp(1, exhaustive::MAX_SLOTS);
        let fits = |e: &Exhaustive| e.slots() == slots;
        let make = || Exhaustive::new(self.grid, slots);
        self.exhaustive
            .with(fits, make, |e| e.verdict(board, misere, work))
    }

    /// The table of `slots` entries the solvers share: the one kept, or a new one if the
    /// limits now allow another size.
    fn table_of(&self, slots: usize) -> Arc<solver::Table> {
        let mut kept = self.table.lock().unwrap_or_else(|e| e.into_inner());
        match kept.as_ref().filter(|table| table.slots() == slots) {
            Some(table) => table.clone(),
            None => kept.insert(Arc::new(solver::Table::new(slots))).clone(),
        }
    }

    fn outcome(
        &self,
        board: &Board,
        play: Play,
        work: &SharedWork,
    ) -> Result<Outcome, SearchError> {
        self.verdict(board, play, work).map(Verdict::outcome)
    }
}

/// Searches kept between questions with their tables: at most one per thread that asks at
/// once, the latest used.
#[derive(Debug)]
struct Kept<T>(Mutex<Vec<T>>);

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept(Mutex::new(Vec::new()))
    }
}

impl<T> Kept<T> {
    /// Runs `question` with a kept search that `fits` (or one that `make` makes) and keeps
    /// it; those that do not fit are dropped, so that only tables of the size the limits
    /// now allow stay.
    fn with<R>(
        &self,
        fits: impl Fn(&T) -> bool,
        make: impl FnOnce() -> T,
        question: impl FnOnce(&mut T) -> R,
    ) -> R {
        let pool = || self.0.lock().unwrap_or_else(|e| e.into_inner());
        let kept = {
            let mut pool = pool();
            pool.retain(&fits);
            pool.pop()
        };
        let mut search = kept.unwrap_or_else(make);
        let answer = question(&mut search);
        let mut pool = pool();
        pool.retain(&fits);
        if pool.len() >= rayon::current_num_threads().max(1) {
            pool.remove(0);
        }
        pool.push(search);
        answer
    }
}

impl Clone for Connection {
    fn clone(&self) -> Self {
        Connection::new(self.grid)
    }
}

impl PartialEq for Connection {
    fn eq(&self, other: &Connection) -> bool {
        self.grid == other.grid
    }
}

impl Impartial for Connection {
    type Position = Board;

    /// The mover's stone on each empty cell; none once someone has joined. A full Squex
    /// board nobody has joined has itself as its option: the draw, as a game graph says it.
    fn options(&self, board: &Board) -> Vec<Board> {
        let geometry = self.geometry(board);
        if board.joined(&geometry) != Joined::Nobody {
            return Vec::new();
        }
        let empty = board.empty(&geometry);
        if empty == 0 {
            return vec![*board];
        }
        Geometry::bits(empty).map(|i| board.after(i)).collect()
    }

    /// The nimber of a position that records the player to move means nothing to a player;
    /// the searches here answer outcomes.
    fn own_search(&self) -> Option<&dyn OwnSearch<Board>> {
        Some(self)
    }
}

impl OwnSearch<Board> for Connection {
    fn outcome(
        &self,
        board: &Board,
        play: Play,
        meter: &mut Meter,
    ) -> Result<Outcome, SearchError> {
        let found = map_on_cores(&[board], meter, |board, work| {
            self.outcome(board, play, work)
        })?;
        Ok(found[0])
    }

    /// The moves to options of the outcome wanted, by each option's own search; the
    /// options are searched on every core.
    fn moves_to(
        &self,
        board: &Board,
        play: Play,
        wanted: Outcome,
        sink: &mut MoveSink<'_, Board>,
        meter: &mut Meter,
    ) -> Result<(), SearchError> {
        let options = self.options(board);
        let outcomes = map_on_cores(&options, meter, |option, work| match option == board {
            true => Ok(Outcome::D),
            false => self.outcome(option, play, work),
        })?;
        for (option, outcome) in options.into_iter().zip(outcomes) {
            if outcome == wanted {
                sink.push(option);
            }
            if sink.stopped() {
                break;
            }
        }
        Ok(())
    }
}

impl Notation for Connection {
    fn parse(&self, text: &str) -> Result<Board, ParseError> {
        Board::parse(text, self.grid)
    }

    fn show(&self, board: &Board) -> String {
        board.show()
    }

    fn describe_move(&self, from: &Board, to: &Board) -> String {
        from.describe_move(to)
    }

    fn passed(&self, board: &Board) -> Option<Board> {
        Some(board.passed())
    }

    fn game_over(&self, board: &Board) -> Option<String> {
        match board.joined(&self.geometry(board)) {
            Joined::White => Some("White has joined top and bottom".to_string()),
            Joined::Black => Some("Black has joined left and right".to_string()),
            Joined::Nobody => None,
        }
    }
}

#[cfg(test)]
mod tests;
