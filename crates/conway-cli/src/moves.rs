//! `conway moves`: every move of one player from a position, each with the value and the
//! outcome of the position it leads to and what it achieves, and the move perfect play
//! makes. It is what a board on a web page (or a student) needs to see every choice, not
//! only the winning ones; `conway play` and the server's play page choose by it.

use crate::{write_json, Failure};
use conway::analysis::{
    Analysis, Budget, Kind, MoveResult, Mover, Position, Request, RuleError, MAX_LISTED_MOVES,
};
use conway::analysis::{MAX_SHOWN_POSITION, MAX_SHOWN_VALUE};
use conway::engine::{Outcome, Play};
use conway::partizan::Player;
use conway::short::{GameId, Store};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::ops::Range;

/// What `conway moves --json` prints.
#[derive(Serialize)]
pub struct Report {
    pub game: String,
    pub position: String,
    pub kind: Kind,
    pub play: Play,
    /// Whose moves: `left` or `right`, or `either` in an impartial game.
    pub player: String,
    /// The position's outcome and value, as `solve` gives them.
    pub outcome: String,
    pub value: Option<String>,
    /// How many moves the player has in all.
    pub total: usize,
    /// The index (from 0, in the order of every move) of the first move listed.
    pub from: usize,
    pub moves: Vec<Entry>,
    /// The index of the move perfect play makes here (the quickest win, else a move that
    /// keeps a draw, else the first move, since every move loses); none without moves.
    pub perfect_play: Option<usize>,
    /// Why play has ended, where the rules say more than that nobody can move ("Black has
    /// joined left and right").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_over: Option<String>,
}

/// One move, with what it leads to.
#[derive(Serialize)]
pub struct Entry {
    pub index: usize,
    #[serde(rename = "move")]
    pub description: String,
    pub to: String,
    /// The value of the position after the move under normal play (a short game, a
    /// nimber, γ, or a loopy value); none under misère play, or past the limits.
    pub value: Option<String>,
    /// The outcome of the position after the move, the other player to move; none where a
    /// partizan position could not be valued.
    pub outcome: Option<String>,
    /// What the move achieves for the player who makes it: `wins`, `draws` or `loses`.
    pub result: &'static str,
}

/// The moves of `player` from `position` under `play`, the ones at the indices in `page`
/// listed, within `budget` (asked anew for each computation).
pub fn report(
    position: &Position,
    player: Player,
    play: Play,
    page: Range<usize>,
    budget: &dyn Fn() -> Budget,
) -> Result<Report, RuleError> {
    let kind = position.kind();
    let impartial = kind.is_impartial();
    let mover = if impartial {
        Mover::Either
    } else {
        Mover::from(player)
    };
    let analysis = every_best_move(
        position.analyse(
            &Request::new(play, budget)
                .keep(MAX_LISTED_MOVES as usize)
                .only(player),
        )?,
    )?;
    let best: HashMap<&Position, (usize, MoveResult)> = analysis
        .moves
        .iter()
        .filter(|m| m.mover == mover)
        .enumerate()
        .map(|(rank, m)| (&m.to, (rank, m.result)))
        .collect();
    let options = position.moves(player, play)?;
    let perfect_play = perfect_choice(options.iter().map(|to| best.get(to).map(|b| b.0)));
    let from = page.start;
    let page = page.start.min(options.len())..page.end.min(options.len());
    let mut values = Valued::new(position, player, play, &options[page.clone()], budget());
    let moves = page
        .clone()
        .map(|index| {
            let to = &options[index];
            let result = best.get(to).map(|b| b.1);
            let (mut value, mut outcome) = values.of(to, result);
            // Where neither the best moves nor a value say it, the option's own analysis
            // does: a move of a loopy game that does not win may keep a draw, a partizan
            // position under misère play has no value, and one that may loop has a loopy
            // value, not a short one.
            let may_draw =
                kind == Kind::Loopy && result.is_none() && analysis.outcome == Outcome::N;
            if may_draw || outcome.is_none() {
                let request = Request::new(play, budget).keep(0);
                if let Ok(own) = to.analyse(&request) {
                    outcome = Some(own.outcome);
                    value = value.or_else(|| own.value.and_then(|v| v.show()));
                }
            }
            Entry {
                index,
                description: position.describe_move(player, to),
                to: shown(to),
                value,
                outcome: outcome.map(|o| o.to_string()),
                result: match result {
                    Some(MoveResult::Wins) => "wins",
                    Some(MoveResult::Draws) => "draws",
                    // The other player moves next; where that player can only draw, the
                    // move draws (a D position, or LD, DL, RD, DR for that player).
                    None if outcome.is_some_and(|o| o.starter_draws(player == Player::Right)) => {
                        "draws"
                    }
                    None => "loses",
                },
            }
        })
        .collect();
    Ok(Report {
        game: position.game().to_string(),
        position: shown(position),
        kind: analysis.kind,
        play: analysis.play,
        player: mover.to_string(),
        outcome: analysis.outcome.to_string(),
        value: analysis.value.as_ref().and_then(|v| v.show()),
        total: options.len(),
        from,
        moves,
        perfect_play,
        game_over: position.game_over(),
    })
}

impl Report {
    /// Whether the page asked for starts past the last move (a position without moves has
    /// one page, empty).
    pub fn past_the_end(&self) -> bool {
        self.from > 0 && self.from >= self.total
    }
}

/// The analysis, where it found every best move: only then does a move missing from them
/// lose (past the limits, it may win).
pub fn every_best_move(analysis: Analysis) -> Result<Analysis, RuleError> {
    match analysis.moves_unknown {
        Some(why) => Err(why),
        None => Ok(analysis),
    }
}

/// The move perfect play makes among moves ranked by how good they are (the best move
/// first; `None` for a move that loses): the best, or where none wins or draws, the first.
pub fn perfect_choice(ranks: impl Iterator<Item = Option<usize>>) -> Option<usize> {
    let mut any = false;
    let best = ranks
        .enumerate()
        .inspect(|_| any = true)
        .filter_map(|(i, rank)| Some((rank?, i)))
        .min();
    best.map(|(_, i)| i).or(any.then_some(0))
}

/// A position as a report writes it: cut short past [`MAX_SHOWN_POSITION`] characters.
fn shown(position: &Position) -> String {
    let text = position.show();
    match text.char_indices().nth(MAX_SHOWN_POSITION) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    }
}

/// The values of the positions a page of moves leads to, found by the position's own
/// solver under normal play (which keeps what it solves between the options); none under
/// misère play, in a game that may loop, or past the limits.
struct Valued {
    store: Store,
    values: Option<HashMap<Position, GameId>>,
    impartial: bool,
}

impl Valued {
    fn new(
        position: &Position,
        player: Player,
        play: Play,
        page: &[Position],
        budget: Budget,
    ) -> Valued {
        let mut store = Store::with_limits(budget.limits);
        if let Some(flag) = &budget.interrupt {
            store.interrupt_on(flag.clone());
        }
        let wanted: HashSet<&Position> = page.iter().collect();
        let mut values = HashMap::new();
        let valued = play == Play::Normal
            && position.kind() != Kind::Loopy
            && position
                .value_with_moves(&[player], &mut store, budget, &mut |_, to, value| {
                    if wanted.contains(&to) {
                        values.insert(to, value);
                    }
                    values.len() < wanted.len()
                })
                .is_ok();
        Valued {
            store,
            values: valued.then_some(values),
            impartial: position.kind().is_impartial(),
        }
    }

    /// The value and outcome of the position `to`, where the move there achieves `result`.
    fn of(
        &mut self,
        to: &Position,
        result: Option<MoveResult>,
    ) -> (Option<String>, Option<Outcome>) {
        let id = self
            .values
            .as_ref()
            .and_then(|values| values.get(to))
            .copied();
        let value = id.and_then(|id| self.store.show_within(id, MAX_SHOWN_VALUE));
        let outcome = if self.impartial {
            // The player to move after a winning move loses, and a drawing move leads to a draw.
            Some(match result {
                Some(MoveResult::Wins) => Outcome::P,
                Some(MoveResult::Draws) => Outcome::D,
                None => Outcome::N,
            })
        } else {
            id.and_then(|id| self.store.outcome(id).ok())
        };
        (value, outcome)
    }
}

/// Writes the report as JSON, or as a table of moves.
pub fn write(out: &mut dyn Write, json: bool, report: &Report) -> Result<(), Failure> {
    if json {
        return write_json(out, report);
    }
    // A position without a value (misère play, Hex) is written without values at all; one
    // with a value marks the options that could not be valued.
    let value = |value: &Option<String>, end: &str| match (&report.value, value) {
        (None, _) => String::new(),
        (Some(_), value) => format!("value {}{end}", value.as_deref().unwrap_or("?")),
    };
    let whose = match report.player.as_str() {
        "left" => " of Left",
        "right" => " of Right",
        _ => "",
    };
    let over = match &report.game_over {
        Some(why) => format!(" ({why}: the game is over)"),
        None => String::new(),
    };
    writeln!(
        out,
        "{}: outcome {}, {}{} move{}{whose}{over}",
        report.position,
        report.outcome,
        value(&report.value, "; "),
        report.total,
        if report.total == 1 { "" } else { "s" },
    )?;
    for entry in &report.moves {
        let mark = if Some(entry.index) == report.perfect_play {
            "  ← perfect play"
        } else {
            ""
        };
        writeln!(
            out,
            "  {:>3}. {} → {}  {}outcome {}, {}{mark}",
            entry.index + 1,
            entry.description,
            entry.to,
            value(&entry.value, ", "),
            entry.outcome.as_deref().unwrap_or("?"),
            entry.result,
        )?;
    }
    let shown = report.from + report.moves.len();
    if report.from > 0 || shown < report.total {
        writeln!(
            out,
            "  (moves {} to {} of {} shown: --from and --count show others)",
            report.from + 1,
            shown,
            report.total
        )?;
    }
    Ok(())
}
