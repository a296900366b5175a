//! `solve`'s report with its winning moves written as they are found. The first moves are
//! held, so that a short answer reads as it always has (their number before them); past
//! [`HELD_MOVES`] the report is written up to its moves and every move goes out as it comes,
//! so that memory stays flat however many there are, and a reader that has gone (`| head`)
//! stops the search at once.

use crate::{show, write_json, Failure};
use conway::analysis::{Move, Report, RuleError};
use std::io::{self, Write};

/// How many moves are held before the moves are written as they come.
const HELD_MOVES: usize = 1000;

/// The key of the moves in the JSON report: the report is written up to its value, then the
/// moves one by one, then the rest of the report.
const MOVES_KEY: &str = "\"winning_moves\":[]";

pub struct MoveStream<'o> {
    out: &'o mut dyn Write,
    json: bool,
    held: Vec<Move>,
    /// Once the moves go straight out: the width their descriptions are padded to (text).
    streaming: Option<usize>,
    /// The moves written so far.
    written: u64,
    /// Why the output can no longer be written.
    error: Option<io::Error>,
}

impl<'o> MoveStream<'o> {
    pub fn new(out: &'o mut dyn Write, json: bool) -> Self {
        MoveStream {
            out,
            json,
            held: Vec::new(),
            streaming: None,
            written: 0,
            error: None,
        }
    }

    /// One more winning move of the report `head` (whole but for its moves); returns whether
    /// more are wanted: not once the output cannot be written.
    pub fn push(&mut self, head: &Report, m: Move) -> bool {
        let written = match self.streaming {
            Some(width) => self.write_move(&m, width),
            None if self.held.len() < HELD_MOVES => {
                self.held.push(m);
                return true;
            }
            None => self
                .start(head)
                .and_then(|width| self.write_move(&m, width)),
        };
        match written {
            Ok(()) => true,
            Err(error) => {
                self.error = Some(error);
                false
            }
        }
    }

    /// Writes the report up to its moves, then the moves held.
    fn start(&mut self, head: &Report) -> io::Result<usize> {
        let width = show::description_width(&self.held);
        self.streaming = Some(width);
        if self.json {
            let text = serde_json::to_string(head)?;
            let (before, _) = split_at_moves(&text);
            write!(self.out, "{before}")?;
        } else {
            for line in show::report_head(head) {
                writeln!(self.out, "{line}")?;
            }
            writeln!(self.out, "{}", show::STREAMED_MOVES)?;
        }
        for m in std::mem::take(&mut self.held) {
            self.write_move(&m, width)?;
        }
        Ok(width)
    }

    fn write_move(&mut self, m: &Move, width: usize) -> io::Result<()> {
        if self.json {
            if self.written > 0 {
                write!(self.out, ",")?;
            }
            serde_json::to_writer(&mut *self.out, m)?;
        } else {
            writeln!(self.out, "{}", show::move_line(m, width))?;
        }
        self.written += 1;
        Ok(())
    }

    /// Writes what is left of `report` once its moves are found: the whole of it if they were
    /// few, else what follows them. A reader that has gone ends the command quietly.
    pub fn finish(mut self, report: Result<Report, RuleError>) -> Result<(), Failure> {
        if let Some(error) = self.error {
            return Err(Failure::Output(error));
        }
        let mut report = report?;
        if self.streaming.is_none() {
            if report.moves_unknown.is_none() {
                report.winning_moves = std::mem::take(&mut self.held);
            }
            return match self.json {
                true => write_json(self.out, &report),
                false => Ok(writeln!(self.out, "{}", show::report(&report))?),
            };
        }
        let count = report.winning_move_count.unwrap_or(self.written);
        if self.json {
            let text = serde_json::to_string(&report).map_err(io::Error::from)?;
            let (_, after) = split_at_moves(&text);
            writeln!(self.out, "{after}")?;
        } else {
            writeln!(self.out, "{}", show::streamed_count(self.written, count))?;
        }
        Ok(())
    }
}

/// A JSON report without moves, split where its moves go: up to the opening bracket, and from
/// the closing one. The key is found only where it is a key: in a string its quotes would be
/// escaped.
fn split_at_moves(text: &str) -> (&str, &str) {
    let at = text.find(MOVES_KEY).expect("a report has winning moves") + MOVES_KEY.len() - 1;
    text.split_at(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_splits_where_its_moves_go() {
        let text =
            r#"{"position":"\"winning_moves\":[]","winning_moves":[],"winning_move_count":3}"#;
        let (before, after) = split_at_moves(text);
        assert_eq!(
            before,
            r#"{"position":"\"winning_moves\":[]","winning_moves":["#
        );
        assert_eq!(after, r#"],"winning_move_count":3}"#);
    }
}
