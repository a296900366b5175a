//! `conway play`: a game against perfect play, on standard input and output.
//!
//! The engine answers with a winning move whenever it has one (in a game that need not end, the
//! quickest, so that the win comes), else with a move that keeps a draw; from a lost position
//! it plays the first move listed, since against perfect play every move loses there. A move typed by
//! the player is read as a number from the list or as a position in the game's notation, and
//! compared with the options as a position. Where the moves are too many to list (a heap of
//! ordinal Nim has infinitely many), the player types the position a move leads to, the game
//! checks it is one move away, and from a lost position the engine plays whatever move the
//! game offers. In a partizan game the player chooses a side (Left or Right) and the engine
//! plays the other.

use crate::Failure;
use conway::analysis::{Budget, Mover, Position, Request, RuleError, MAX_LISTED_MOVES};
use conway::engine::Play;
use conway::partizan::Player;
use std::collections::HashMap;
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
    /// The side the player takes in a partizan game.
    pub side: Player,
    /// The limits of each analysis.
    pub budget: &'a dyn Fn() -> Budget,
}

impl Game<'_> {
    /// Plays until the game ends or the input does.
    pub fn run(self, input: &mut impl BufRead, output: &mut dyn Write) -> Result<(), Failure> {
        let mut position = self.start.clone();
        let mut your_turn = self.first == First::You;
        loop {
            let mover = if your_turn {
                self.side
            } else {
                self.side.opponent()
            };
            let listed = position.moves(mover, self.play);
            if let Err(RuleError::TooManyMoves { .. } | RuleError::Unsupported { .. }) = listed {
                match self.unlisted_turn(&position, mover, your_turn, input, output)? {
                    Some(next) => {
                        position = next;
                        your_turn = !your_turn;
                        continue;
                    }
                    None => return Ok(()),
                }
            }
            let choices = self.choices(&position, listed?, mover, your_turn && !self.hints)?;
            if choices.moves == [position.clone()] {
                writeln!(
                    output,
                    "{}: the only move leaves the position as it is, so play would go on for ever: a draw.",
                    position.show()
                )?;
                return Ok(());
            }
            if choices.moves.is_empty() {
                return self.ended(&position, mover, your_turn, output);
            }
            let chosen = if your_turn {
                match self.ask(&position, choices, input, output)? {
                    Some(chosen) => chosen,
                    None => {
                        writeln!(output, "Goodbye.")?;
                        return Ok(());
                    }
                }
            } else {
                self.reply(&position, choices, output)?
            };
            position = chosen;
            your_turn = !your_turn;
        }
    }

    /// Says who won, where `mover` has no move.
    fn ended(
        &self,
        position: &Position,
        mover: Player,
        your_turn: bool,
        output: &mut dyn Write,
    ) -> Result<(), Failure> {
        let mover_wins = self.play == Play::Misere;
        let verdict = match (your_turn, mover_wins) {
            (true, false) | (false, true) => "I win",
            _ => "you win",
        };
        let sides = !position.kind().is_impartial();
        let why = position
            .game_over()
            .unwrap_or_else(|| match (your_turn, sides) {
                (true, false) => "You cannot move".to_string(),
                (false, false) => "I cannot move".to_string(),
                (true, true) => format!("You ({mover}) cannot move"),
                (false, true) => format!("I ({mover}) cannot move"),
            });
        writeln!(
            output,
            "{}: {why}, so {verdict} ({}).",
            position.show(),
            self.play
        )?;
        Ok(())
    }

    /// One turn where the moves are too many to list: the engine plays its best move (or
    /// any, where every move loses), and the player types the position a move leads to.
    /// `None` where the game or the input has ended.
    fn unlisted_turn(
        &self,
        position: &Position,
        mover: Player,
        your_turn: bool,
        input: &mut impl BufRead,
        output: &mut dyn Write,
    ) -> Result<Option<Position>, Failure> {
        if position.any_move(mover, self.play)?.is_none() {
            self.ended(position, mover, your_turn, output)?;
            return Ok(None);
        }
        let best = if your_turn && !self.hints {
            Vec::new()
        } else {
            let request = Request::new(self.play, self.budget)
                .keep(UNLISTED_HINTS)
                .only(mover);
            let analysis = crate::moves::every_best_move(position.analyse(&request)?)?;
            analysis.moves.into_iter().map(|m| m.to).collect()
        };
        if !your_turn {
            let (chosen, remark) = match best.into_iter().next() {
                Some(best) => (best, ""),
                None => (
                    position
                        .any_move(mover, self.play)?
                        .expect("a move was found above"),
                    " (every move loses here)",
                ),
            };
            writeln!(
                output,
                "{}: I play {} → {}{remark}",
                position.show(),
                position.describe_move(mover, &chosen),
                chosen.show()
            )?;
            return Ok(Some(chosen));
        }
        writeln!(
            output,
            "{}: your move (the moves are too many to list: type the position yours leads to)",
            position.show()
        )?;
        for to in &best {
            writeln!(
                output,
                "  {}  → {} (wins)",
                position.describe_move(mover, to),
                to.show()
            )?;
        }
        loop {
            let Some(line) = read_move(input, output)? else {
                writeln!(output, "Goodbye.")?;
                return Ok(None);
            };
            let answer = line.trim();
            match position.parse_another(answer, self.play) {
                Ok(typed) if position.is_move(mover, &typed, self.play)? => return Ok(Some(typed)),
                Ok(_) => writeln!(output, "'{answer}' is not a position one move away")?,
                Err(error) => writeln!(output, "{error}")?,
            }
        }
    }

    /// The moves of `mover` and which of them best play chooses (left unmarked when
    /// `quiet`, for the player without hints).
    fn choices(
        &self,
        position: &Position,
        moves: Vec<Position>,
        mover: Player,
        quiet: bool,
    ) -> Result<Choices, Failure> {
        let mut choices = Choices {
            rank: vec![None; moves.len()],
            moves,
            draws: false,
            mover,
        };
        if quiet {
            return Ok(choices);
        }
        let request = Request::new(self.play, self.budget)
            .keep(MAX_LISTED_MOVES as usize)
            .only(mover);
        let best = crate::moves::every_best_move(position.analyse(&request)?)?;
        choices.draws = best.outcome.starter_draws(mover == Player::Left);
        let rank: HashMap<&Position, usize> = best
            .moves
            .iter()
            .filter(|m| m.mover == Mover::Either || m.mover == mover.into())
            .enumerate()
            .map(|(i, m)| (&m.to, i))
            .collect();
        for (m, slot) in choices.moves.iter().zip(&mut choices.rank) {
            *slot = rank.get(m).copied();
        }
        Ok(choices)
    }

    /// Lists the moves and reads one, by number or by the position it leads to. `None` at
    /// the end of the input.
    fn ask(
        &self,
        position: &Position,
        choices: Choices,
        input: &mut impl BufRead,
        output: &mut dyn Write,
    ) -> Result<Option<Position>, Failure> {
        let side = if !position.kind().is_impartial() {
            format!(" as {}", self.side)
        } else {
            String::new()
        };
        writeln!(output, "{}: your move{side}", position.show())?;
        let mark = if choices.draws { " (draws)" } else { " (wins)" };
        let mut moves = choices.moves;
        for (i, m) in moves.iter().enumerate() {
            let mark = if choices.rank[i].is_some() { mark } else { "" };
            writeln!(
                output,
                "  {:>3}. {}  → {}{mark}",
                i + 1,
                position.describe_move(choices.mover, m),
                m.show()
            )?;
        }
        loop {
            let Some(line) = read_move(input, output)? else {
                return Ok(None);
            };
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

    /// The engine's move: the best one (the quickest win, or a move that keeps a draw) if
    /// there is one.
    fn reply(
        &self,
        position: &Position,
        choices: Choices,
        output: &mut dyn Write,
    ) -> Result<Position, Failure> {
        let chosen = crate::moves::perfect_choice(choices.rank.iter().copied()).unwrap_or(0);
        let remark = match (choices.rank[chosen], choices.draws) {
            (None, _) => " (every move loses here)",
            (Some(_), true) => " (no move wins; this keeps the draw)",
            (Some(_), false) => "",
        };
        let mut moves = choices.moves;
        let chosen = moves.swap_remove(chosen);
        writeln!(
            output,
            "{}: I play {} → {}{remark}",
            position.show(),
            position.describe_move(choices.mover, &chosen),
            chosen.show()
        )?;
        Ok(chosen)
    }
}

/// Asks for a move and reads the line typed; `None` at the end of the input.
fn read_move(input: &mut impl BufRead, output: &mut dyn Write) -> Result<Option<String>, Failure> {
    write!(output, "move? ")?;
    output.flush()?;
    let mut line = String::new();
    let read = input
        .read_line(&mut line)
        .map_err(|e| format!("cannot read your move: {e}"))?;
    Ok((read > 0).then_some(line))
}

/// The most winning moves shown as hints where the moves are too many to list.
const UNLISTED_HINTS: usize = 20;

/// The moves of a position, with what best play makes of them.
struct Choices {
    moves: Vec<Position>,
    /// The place of each move among the best moves (best first), if it is one.
    rank: Vec<Option<usize>>,
    /// Whether the best moves only keep a draw (no move wins).
    draws: bool,
    /// Whose moves they are.
    mover: Player,
}
