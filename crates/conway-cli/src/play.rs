//! `conway play`: a game against perfect play, on standard input and output.
//!
//! The engine answers with a winning move whenever it has one; from a lost position it plays
//! the first move listed, since against perfect play every move loses there. A move typed by
//! the player is read as a number from the list or as a position in the game's notation, and
//! compared with the options as a position.

use crate::Failure;
use conway::engine::Play;
use conway::rules::{Budget, Position};
use std::io::{BufRead, Write};

/// Who moves first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum First {
    You,
    Engine,
}

/// One game: the start, the play convention, and whether to show hints.
pub struct Game<'a> {
    pub start: Position,
    pub play: Play,
    pub first: First,
    pub hints: bool,
    /// The limits of each analysis.
    pub budget: &'a dyn Fn() -> Budget,
}

impl Game<'_> {
    /// Plays until the game ends or the input does.
    pub fn run(self, input: &mut impl BufRead, output: &mut dyn Write) -> Result<(), Failure> {
        let mut position = self.start.clone();
        let mut your_turn = self.first == First::You;
        loop {
            let moves = position.options(self.play)?;
            if moves.is_empty() {
                let mover_wins = self.play == Play::Misere;
                let verdict = match (your_turn, mover_wins) {
                    (true, false) | (false, true) => "I win",
                    _ => "you win",
                };
                let who = if your_turn { "You cannot" } else { "I cannot" };
                writeln!(
                    output,
                    "{}: {who} move, so {verdict} ({}).",
                    position.show(),
                    self.play
                )?;
                return Ok(());
            }
            let chosen = if your_turn {
                match self.ask(&position, moves, input, output)? {
                    Some(chosen) => chosen,
                    None => {
                        writeln!(output, "Goodbye.")?;
                        return Ok(());
                    }
                }
            } else {
                self.reply(&position, moves, output)?
            };
            position = chosen;
            your_turn = !your_turn;
        }
    }

    /// Lists the moves and reads one, by number or by the position it leads to. `None` at
    /// the end of the input.
    fn ask(
        &self,
        position: &Position,
        mut moves: Vec<Position>,
        input: &mut impl BufRead,
        output: &mut dyn Write,
    ) -> Result<Option<Position>, Failure> {
        let winning = if self.hints {
            position.winning_moves(self.play, (self.budget)())?
        } else {
            Vec::new()
        };
        writeln!(output, "{}: your move", position.show())?;
        for (i, m) in moves.iter().enumerate() {
            let mark = if winning.contains(m) { " (wins)" } else { "" };
            writeln!(
                output,
                "  {:>3}. {}  → {}{mark}",
                i + 1,
                position.describe_move(m),
                m.show()
            )?;
        }
        loop {
            write!(output, "move? ")?;
            output.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                return Ok(None);
            }
            let answer = line.trim();
            let by_number = answer
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .filter(|&i| i < moves.len());
            let by_position = || {
                let typed = position.parse_another(answer, self.play).ok()?;
                moves.iter().position(|m| *m == typed)
            };
            match by_number.or_else(by_position) {
                Some(i) => return Ok(Some(moves.swap_remove(i))),
                None => writeln!(
                    output,
                    "'{answer}' is neither a move number (1 to {}) nor a position one move away",
                    moves.len()
                )?,
            }
        }
    }

    /// The engine's move: a winning one if there is one.
    fn reply(
        &self,
        position: &Position,
        mut moves: Vec<Position>,
        output: &mut dyn Write,
    ) -> Result<Position, Failure> {
        let winning = position.winning_moves(self.play, (self.budget)())?;
        let chosen = moves.iter().position(|m| winning.contains(m)).unwrap_or(0);
        let remark = if winning.is_empty() {
            " (every move loses here)"
        } else {
            ""
        };
        let chosen = moves.swap_remove(chosen);
        writeln!(
            output,
            "{}: I play {} → {}{remark}",
            position.show(),
            position.describe_move(&chosen),
            chosen.show()
        )?;
        Ok(chosen)
    }
}
