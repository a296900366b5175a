//! `conway play`: a game against perfect play, on standard input and output.
//!
//! The engine answers with a winning move whenever it has one; from a lost position it plays
//! the first move listed, since against perfect play every move loses there.

use conway::impartial::Play;
use conway::rules::{Budget, Move, Ruleset};
use std::io::{BufRead, Write};

/// Who moves first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum First {
    You,
    Engine,
}

/// One game: the rules, the start, the play convention, and whether to show hints.
pub struct Game<'a> {
    pub rules: &'a dyn Ruleset,
    pub start: String,
    pub play: Play,
    pub first: First,
    pub hints: bool,
    /// The limits of each analysis.
    pub budget: &'a dyn Fn() -> Budget,
}

impl Game<'_> {
    /// Plays until the game ends or the input does.
    pub fn run(&self, input: &mut impl BufRead, output: &mut impl Write) -> Result<(), String> {
        let mut position = self.start.clone();
        let mut your_turn = self.first == First::You;
        loop {
            let moves = self.rules.moves(&position).map_err(|e| e.to_string())?;
            if moves.is_empty() {
                let mover_wins = self.play == Play::Misere;
                let verdict = match (your_turn, mover_wins) {
                    (true, false) | (false, true) => "I win",
                    _ => "you win",
                };
                let who = if your_turn { "You cannot" } else { "I cannot" };
                say(
                    output,
                    &format!("{position}: {who} move, so {verdict} ({}).", self.play),
                )?;
                return Ok(());
            }
            let chosen = if your_turn {
                match self.ask(&position, &moves, input, output)? {
                    Some(chosen) => chosen,
                    None => return say(output, "Goodbye."),
                }
            } else {
                self.reply(&position, &moves, output)?
            };
            position = chosen.to;
            your_turn = !your_turn;
        }
    }

    /// Lists the moves and reads one, by number or by the position it leads to. `None` at
    /// the end of the input.
    fn ask(
        &self,
        position: &str,
        moves: &[Move],
        input: &mut impl BufRead,
        output: &mut impl Write,
    ) -> Result<Option<Move>, String> {
        let winning = if self.hints {
            self.winning(position)?
        } else {
            Vec::new()
        };
        say(output, &format!("{position}: your move"))?;
        for (i, m) in moves.iter().enumerate() {
            let mark = if winning.contains(&m.to) {
                " (wins)"
            } else {
                ""
            };
            say(
                output,
                &format!("  {:>3}. {}  → {}{mark}", i + 1, m.description, m.to),
            )?;
        }
        loop {
            write!(output, "move? ").map_err(|e| e.to_string())?;
            output.flush().map_err(|e| e.to_string())?;
            let mut line = String::new();
            if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Ok(None);
            }
            let answer = line.trim();
            let by_number = answer
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| moves.get(i));
            match by_number.or_else(|| moves.iter().find(|m| m.to == answer)) {
                Some(chosen) => return Ok(Some(chosen.clone())),
                None => say(
                    output,
                    &format!(
                        "'{answer}' is neither a move number (1 to {}) nor a position listed",
                        moves.len()
                    ),
                )?,
            }
        }
    }

    /// The engine's move: a winning one if there is one.
    fn reply(
        &self,
        position: &str,
        moves: &[Move],
        output: &mut impl Write,
    ) -> Result<Move, String> {
        let winning = self.winning(position)?;
        let chosen = moves
            .iter()
            .find(|m| winning.contains(&m.to))
            .unwrap_or(&moves[0])
            .clone();
        let remark = if winning.is_empty() {
            " (every move loses here)"
        } else {
            ""
        };
        say(
            output,
            &format!(
                "{position}: I play {} → {}{remark}",
                chosen.description, chosen.to
            ),
        )?;
        Ok(chosen)
    }

    /// The positions the winning moves lead to.
    fn winning(&self, position: &str) -> Result<Vec<String>, String> {
        let report = self
            .rules
            .analyse(position, self.play, (self.budget)())
            .map_err(|e| e.to_string())?;
        Ok(report.winning_moves.into_iter().map(|m| m.to).collect())
    }
}

fn say(output: &mut impl Write, line: &str) -> Result<(), String> {
    writeln!(output, "{line}").map_err(|e| e.to_string())
}
