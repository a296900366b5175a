//! `conway solve`: the analysis of a position or a sum of positions, in one schema for every
//! kind of game, as text or JSON.
//!
//! The library hands over a typed analysis and its best moves one by one; this module writes
//! them. The first moves are held, so that a short answer reads whole (each group of moves
//! under its count); past [`HELD_MOVES`] the answer is written up to its moves and every move
//! goes out as it comes, so that memory stays flat however many there are, and a reader that
//! has gone (`| head`) stops the search at once.

use crate::{write_json, Failure};
use conway::analysis::{
    Analysis, Kind, Move, MoveResult, Mover, RuleError, Sum, MAX_SHOWN_POSITION,
};
use conway::engine::{Outcome, Play};
use conway::number::Dyadic;
use conway::partizan::Player;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// How many moves are held before the moves are written as they come.
const HELD_MOVES: usize = 1000;

/// What `solve --json` prints: the same fields for every kind of game and every sum.
#[derive(Serialize)]
struct Report<'a> {
    /// The game's name with its parameters, or `sum`.
    game: &'a str,
    /// The position in the game's notation, or the sum as `GAME POSITION + ...`.
    position: &'a str,
    kind: Kind,
    play: Play,
    outcome: Outcome,
    /// The value as the texts write it (`*3`, `{2|-1/2}`, `inf(0,2)`): null under misère
    /// play, where `value_unknown` says why, or for a canonical form too long to write.
    value: Option<String>,
    /// The value as a number, where it is a nimber.
    nim_value: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value_unknown: Option<String>,
    /// Where the value is a short game (a nimber is one): its stops, mean and temperature.
    is_number: Option<bool>,
    left_stop: Option<Dyadic>,
    right_stop: Option<Dyadic>,
    mean: Option<Dyadic>,
    temperature: Option<Dyadic>,
    /// The best moves: those the library handed over, held or written as they came.
    moves: Vec<Written>,
    /// How many best moves each player has (`either` in a game where both have the same
    /// moves), null where they are unknown.
    move_counts: Option<BTreeMap<String, u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves_unknown: Option<String>,
    /// Why play has ended, where the rules say more than that nobody can move (in Hex, who
    /// has joined).
    #[serde(skip_serializing_if = "Option::is_none")]
    game_over: Option<String>,
}

/// A move as `solve` writes it.
#[derive(Serialize)]
struct Written {
    /// Who makes it: `either`, `left` or `right`.
    player: String,
    /// What it does.
    #[serde(rename = "move")]
    description: String,
    /// Where it leads, in the game's notation; null where the position is too long to
    /// write in every move.
    to: Option<String>,
    /// Whether it keeps a draw rather than wins: the analysis says so once, by its outcome.
    #[serde(skip)]
    draws: bool,
}

/// The key of the moves in the JSON report: the report is written up to its moves, then the
/// moves one by one, then the rest of the report.
const MOVES_KEY: &str = "\"moves\":[]";

/// How a sum's moves are written: the sum's text, and each component's name as a move names
/// it.
struct Writer<'s> {
    sum: &'s Sum,
    game: String,
    position: String,
    /// Whether the position is too long to write out in every move.
    long: bool,
    /// How a move names its component, in a sum of several.
    names: Vec<String>,
}

impl<'s> Writer<'s> {
    fn new(sum: &'s Sum) -> Self {
        let position = sum.written();
        let game = sum.game();
        let names = sum.component_names();
        Writer {
            long: position.chars().count() > MAX_SHOWN_POSITION,
            sum,
            game,
            position,
            names,
        }
    }

    fn report(&self, analysis: &Analysis) -> Report<'_> {
        let value = analysis.value.as_ref();
        let stops = value.and_then(|v| v.stops());
        let part = |f: fn(&conway::analysis::Stops) -> Dyadic| stops.as_ref().map(f);
        Report {
            game: &self.game,
            position: &self.position,
            kind: analysis.kind,
            play: analysis.play,
            outcome: analysis.outcome,
            value: value.and_then(|v| v.show()),
            nim_value: value.and_then(|v| v.nim_value()),
            value_unknown: analysis.value_unknown.clone().map(crate::explain),
            is_number: stops.as_ref().map(|s| s.is_number),
            left_stop: part(|s| s.left_stop.clone()),
            right_stop: part(|s| s.right_stop.clone()),
            mean: part(|s| s.mean.clone()),
            temperature: part(|s| s.temperature.clone()),
            moves: Vec::new(),
            move_counts: analysis.move_counts.as_ref().map(|counts| {
                counts
                    .iter()
                    .map(|(mover, n)| (mover.to_string(), n))
                    .collect()
            }),
            moves_unknown: analysis.moves_unknown.clone().map(crate::explain),
            game_over: match self.sum.components() {
                [one] => one.game_over(),
                _ => None,
            },
        }
    }

    fn written(&self, m: &Move) -> Written {
        let component = &self.sum.components()[m.component];
        let player = match m.mover {
            Mover::Right => Player::Right,
            _ => Player::Left,
        };
        let description = component.describe_move(player, &m.to);
        let (description, to) = match self.names.get(m.component) {
            None => (description, (!self.long).then(|| m.to.show())),
            Some(name) => (
                format!("{name}: {description}"),
                (!self.long).then(|| self.sum.after(m.component, m.to.clone()).show()),
            ),
        };
        Written {
            player: m.mover.to_string(),
            description,
            to: to.filter(|to| to.chars().count() <= MAX_SHOWN_POSITION),
            draws: m.result == MoveResult::Draws,
        }
    }
}

/// Writes the analysis of `sum` that `analyse` makes, handing each move to the writer.
pub fn write(
    out: &mut dyn Write,
    json: bool,
    sum: &Sum,
    analyse: impl FnOnce(&mut dyn FnMut(&Analysis, Move) -> bool) -> Result<Analysis, RuleError>,
) -> Result<(), Failure> {
    let writer = Writer::new(sum);
    let mut stream = Stream {
        out,
        json,
        writer: &writer,
        held: Vec::new(),
        streaming: None,
        written: 0,
        written_by: BTreeMap::new(),
        error: None,
    };
    let analysis = analyse(&mut |head, m| stream.push(head, m));
    stream.finish(analysis)
}

/// The moves on their way out.
struct Stream<'o, 'w> {
    out: &'o mut dyn Write,
    json: bool,
    writer: &'w Writer<'w>,
    held: Vec<Written>,
    /// Once the moves go straight out: the width their descriptions are padded to (text),
    /// and the player of the group being written.
    streaming: Option<(usize, Option<String>)>,
    /// The moves written so far, in all and by player.
    written: u64,
    written_by: BTreeMap<String, u64>,
    /// Why the output can no longer be written.
    error: Option<io::Error>,
}

impl Stream<'_, '_> {
    /// One more move of the analysis `head` (whole but for its moves); returns whether more
    /// are wanted: not once the output cannot be written.
    fn push(&mut self, head: &Analysis, m: Move) -> bool {
        let written = self.writer.written(&m);
        let result = match self.streaming {
            Some(_) => self.write_move(&written),
            None if self.held.len() < HELD_MOVES => {
                self.held.push(written);
                return true;
            }
            None => self.start(head).and_then(|()| self.write_move(&written)),
        };
        match result {
            Ok(()) => true,
            Err(error) => {
                self.error = Some(error);
                false
            }
        }
    }

    /// Writes the report up to its moves, then the moves held.
    fn start(&mut self, head: &Analysis) -> io::Result<()> {
        self.streaming = Some((description_width(&self.held), None));
        if self.json {
            let text = serde_json::to_string(&self.writer.report(head))?;
            let (before, _) = split_at_moves(&text);
            write!(self.out, "{before}")?;
        } else {
            for line in head_lines(&self.writer.report(head)) {
                writeln!(self.out, "{line}")?;
            }
        }
        for m in std::mem::take(&mut self.held) {
            self.write_move(&m)?;
        }
        Ok(())
    }

    fn write_move(&mut self, m: &Written) -> io::Result<()> {
        if self.json {
            if self.written > 0 {
                write!(self.out, ",")?;
            }
            serde_json::to_writer(&mut *self.out, m)?;
        } else if let Some((width, group)) = &mut self.streaming {
            if group.as_deref() != Some(m.player.as_str()) {
                writeln!(self.out, "{} (their number follows them):", moves_title(m))?;
                *group = Some(m.player.clone());
            }
            writeln!(self.out, "{}", move_line(m, *width))?;
        }
        self.written += 1;
        *self.written_by.entry(m.player.clone()).or_default() += 1;
        Ok(())
    }

    /// Writes what is left of the report once its moves are found: the whole of it if they
    /// were few, else what follows them. A reader that has gone ends the command quietly.
    fn finish(mut self, analysis: Result<Analysis, RuleError>) -> Result<(), Failure> {
        if let Some(error) = self.error {
            return Err(Failure::Output(error));
        }
        let analysis = analysis?;
        let mut report = self.writer.report(&analysis);
        if self.streaming.is_none() {
            if analysis.moves_unknown.is_none() {
                report.moves = std::mem::take(&mut self.held);
            }
            return match self.json {
                true => write_json(self.out, &report),
                false => Ok(writeln!(self.out, "{}", text(&report))?),
            };
        }
        if self.json {
            let text = serde_json::to_string(&report).map_err(io::Error::from)?;
            let (_, after) = split_at_moves(&text);
            writeln!(self.out, "{after}")?;
        } else {
            for (player, &count) in report.move_counts.iter().flatten() {
                let draws = match player.as_str() {
                    "either" => analysis.outcome == Outcome::D,
                    player => analysis.outcome.starter_draws(player == "left"),
                };
                let title = group_name(player, draws);
                let shown = self.written_by.get(player).copied().unwrap_or(0);
                match shown == count {
                    true => writeln!(self.out, "{title}: {count}")?,
                    false => writeln!(
                        self.out,
                        "{title}: {shown} of {count} listed; --all-moves lists every one"
                    )?,
                }
            }
        }
        Ok(())
    }
}

/// A JSON report without moves, split where its moves go: up to the opening bracket, and from
/// the closing one. The key is found only where it is a key: in a string its quotes would be
/// escaped.
fn split_at_moves(text: &str) -> (&str, &str) {
    let at = text.find(MOVES_KEY).expect("a report has moves") + MOVES_KEY.len() - 1;
    text.split_at(at)
}

/// The report as text: its head, then each player's moves under their count.
fn text(report: &Report<'_>) -> String {
    let mut lines = head_lines(report);
    let width = description_width(&report.moves);
    let Some(counts) = &report.move_counts else {
        let why = report.moves_unknown.as_deref().unwrap_or("");
        lines.push(format!("winning moves: unknown: {why}"));
        return lines.join("\n");
    };
    for (player, &count) in counts {
        let moves: Vec<&Written> = report
            .moves
            .iter()
            .filter(|m| &m.player == player)
            .collect();
        lines.push(group_title(report, player, moves.first().copied(), count));
        lines.extend(moves.iter().map(|m| move_line(m, width)));
    }
    lines.join("\n")
}

/// What a report says before its moves: the position, its outcome and its value.
fn head_lines(report: &Report<'_>) -> Vec<String> {
    let mut lines = vec![
        format!("{} {} ({})", report.game, report.position, report.play),
        format!("outcome: {} ({})", report.outcome, report.outcome.meaning()),
    ];
    match (&report.value, &report.value_unknown) {
        (Some(value), _) => lines.push(format!("value:   {value}")),
        (None, Some(why)) => lines.push(format!("value:   unknown: {why}")),
        (None, None) if report.play == Play::Normal && report.left_stop.is_some() => {
            lines.push("value:   (its canonical form is too long to write out)".to_string())
        }
        (None, None) => {}
    }
    if let (Kind::Partizan, Some(left), Some(right), Some(mean), Some(temperature)) = (
        report.kind,
        &report.left_stop,
        &report.right_stop,
        &report.mean,
        &report.temperature,
    ) {
        lines.push(format!(
            "stops:   {left} (Left first), {right} (Right first); mean {mean}, temperature {temperature}"
        ));
    }
    lines
}

/// The line over one player's moves, with their count.
fn group_title(report: &Report<'_>, player: &str, first: Option<&Written>, count: u64) -> String {
    let shown = report.moves.iter().filter(|m| m.player == player).count() as u64;
    let title = match first {
        Some(m) => moves_title(m),
        None => group_name(player, false),
    };
    match count {
        0 if player == "either" && report.outcome == Outcome::N => match &report.game_over {
            Some(why) => format!(
                "winning moves: none needed ({why}: the game is over, and under misère play the player to move wins)"
            ),
            None => "winning moves: none needed (the player to move cannot move, and under misère play that wins)"
                .to_string(),
        },
        0 if player == "either" => match &report.game_over {
            Some(why) => format!("winning moves: none ({why}: the game is over)"),
            None => "winning moves: none".to_string(),
        },
        // A player who wins moving first with no winning move has no move at all, and
        // wins by it under misère play.
        0 if report.outcome.starter_wins(player == "left") => format!(
            "{}: none needed (no move at all, and under misère play that wins)",
            mover_title(player)
        ),
        0 => format!("{}: no winning move", mover_title(player)),
        n if n == shown => format!("{title} ({n}){}:", draw_note(first)),
        n => format!(
            "{title} ({shown} of {n}; --all-moves lists every one){}:",
            draw_note(first)
        ),
    }
}

/// What a group of drawing moves adds to its title.
fn draw_note(first: Option<&Written>) -> &'static str {
    match first.is_some_and(|m| m.draws) {
        true => ", each keeping the draw",
        false => "",
    }
}

/// What a group of moves like `m` is called.
fn moves_title(m: &Written) -> String {
    group_name(&m.player, m.draws)
}

/// What the moves of `player` are called: winning moves, or where nothing wins, moves that
/// keep the draw.
fn group_name(player: &str, draws: bool) -> String {
    let kind = match draws {
        true => "drawing moves",
        false => "winning moves",
    };
    match player {
        "either" => kind.to_string(),
        player => format!("{}: {kind}", mover_title(player)),
    }
}

/// `Left moving first` or `Right moving first`.
fn mover_title(player: &str) -> &'static str {
    match player {
        "left" => "Left moving first",
        _ => "Right moving first",
    }
}

/// The width of the longest description of `moves`, to pad them to.
fn description_width<'m>(moves: impl IntoIterator<Item = &'m Written>) -> usize {
    moves
        .into_iter()
        .map(|m| m.description.chars().count())
        .max()
        .unwrap_or(0)
}

/// A move as one line: its description padded to `width`, and where it leads.
fn move_line(m: &Written, width: usize) -> String {
    match &m.to {
        Some(to) => format!("  {:<width$}  → {to}", m.description),
        None => format!("  {}", m.description),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_splits_where_its_moves_go() {
        let text = r#"{"position":"\"moves\":[]","moves":[],"move_counts":{"either":3}}"#;
        let (before, after) = split_at_moves(text);
        assert_eq!(before, r#"{"position":"\"moves\":[]","moves":["#);
        assert_eq!(after, r#"],"move_counts":{"either":3}}"#);
    }
}
