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
use crate::engine::{Outcome, Play};
use crate::impartial::{Impartial, MoveSink, Target};
use crate::text::ParseError;
use board::{Board, Geometry, Grid, Joined};
use exhaustive::{Exhaustive, Verdict};
use rayon::prelude::*;
use std::sync::Mutex;

/// The entries of each solver's table (128 bytes each: 64 MB); a ruleset keeps one solver
/// per thread that asks at once (two on this machine's two cores).
const SOLVER_SLOTS: usize = 1 << 19;

/// The most solvers a ruleset keeps between questions: one per core.
const KEPT_SOLVERS: usize = 2;

/// The most positions the solver expands for one question before it gives up (and the
/// engine's own search, under the user's limits, takes over).
const SOLVER_MAX_NODES: u64 = 200_000;

pub(crate) const HEX: RuleInfo = RuleInfo {
    name: "hex",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Hex on an n×n rhombus: White places stones to join the top and bottom rows, Black to join the left and right columns; whoever joins their edges wins. White moves first unless the position says `B:`.",
    notation: "optionally `W:` or `B:` (the player to move; without it White if both have as many stones, Black if White has one more), then rows from the top separated by `|`: `.` empty, `W` a White stone, `B` a Black stone; at most 11×11. Cell (r, c) touches (r, c±1), (r±1, c), (r−1, c+1) and (r+1, c−1). The outcome is N where the player to move wins, P where the other does. (Hexadecimal take-and-break codes are `hexcode:CODE`.)",
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
    exhaustive: Exhaustive,
    /// Solvers not in use, each keeping its table for the next question.
    solvers: Mutex<Vec<solver::Solver>>,
}

impl Connection {
    /// Hex (`Grid::Hex`) or Squex (`Grid::Square`).
    pub fn new(grid: Grid) -> Connection {
        Connection {
            grid,
            exhaustive: Exhaustive::new(grid),
            solvers: Mutex::new(Vec::new()),
        }
    }

    fn geometry(&self, board: &Board) -> Geometry {
        Geometry::new(board.side(), self.grid)
    }

    /// What the player to move can force on `board` under `play`; `None` where the search
    /// would take more positions than it is allowed.
    pub fn verdict(&self, board: &Board, play: Play) -> Option<Verdict> {
        let geometry = self.geometry(board);
        let misere = play == Play::Misere;
        if let Some(verdict) = exhaustive::finished(board, &geometry, misere) {
            return Some(verdict);
        }
        match (self.grid, play) {
            (Grid::Hex, Play::Normal) => {
                let wins = self.with_solver(board.side(), |solver| solver.mover_wins(board))?;
                Some(if wins { Verdict::Wins } else { Verdict::Loses })
            }
            _ => self.exhaustive.verdict(board, misere),
        }
    }

    /// Runs `question` with a solver of side `n` taken from those not in use (or a new
    /// one), and puts it back; at most [`KEPT_SOLVERS`] are kept, the latest used.
    fn with_solver<T>(&self, n: usize, question: impl FnOnce(&mut solver::Solver) -> T) -> T {
        let pool = || self.solvers.lock().unwrap_or_else(|e| e.into_inner());
        let kept = {
            let mut pool = pool();
            let k = pool.iter().position(|s| s.side() == n);
            k.map(|k| pool.remove(k))
        };
        let mut solver =
            kept.unwrap_or_else(|| solver::Solver::new(n, SOLVER_SLOTS, SOLVER_MAX_NODES));
        let answer = question(&mut solver);
        let mut pool = pool();
        if pool.len() >= KEPT_SOLVERS {
            pool.remove(0);
        }
        pool.push(solver);
        answer
    }

    fn outcome(&self, board: &Board, play: Play) -> Option<Outcome> {
        self.verdict(board, play).map(Verdict::outcome)
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

    /// The nimber of a position that records the player to move means nothing to a player,
    /// and the searches here answer outcomes.
    fn engine_search(&self) -> bool {
        false
    }

    fn known_outcome(&self, board: &Board) -> Option<Outcome> {
        self.outcome(board, Play::Normal)
    }

    fn known_misere_outcome(&self, board: &Board) -> Option<Outcome> {
        self.outcome(board, Play::Misere)
    }

    /// The winning moves (to positions lost for the player then to move) or, at a draw, the
    /// moves that keep it, by each option's own search; the options are searched on both
    /// cores.
    fn known_moves_to(
        &self,
        board: &Board,
        target: Target,
        sink: &mut MoveSink<'_, Board>,
    ) -> bool {
        let (play, wanted) = match target {
            Target::Value(0) => (Play::Normal, Outcome::P),
            Target::MisereP => (Play::Misere, Outcome::P),
            Target::Draw(play) => (play, Outcome::D),
            Target::Value(_) => return false,
        };
        let options = self.options(board);
        let outcomes: Option<Vec<Outcome>> = options
            .par_iter()
            .map(|option| match option == board {
                true => Some(Outcome::D),
                false => self.outcome(option, play),
            })
            .collect();
        let Some(outcomes) = outcomes else {
            return false;
        };
        for (option, outcome) in options.into_iter().zip(outcomes) {
            if outcome == wanted {
                sink.push(option);
            }
            if sink.stopped() {
                break;
            }
        }
        true
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
}

#[cfg(test)]
mod tests;
