//! The notebook table of an analysis's moves: which moves it lists, the value of the whole
//! after each and what each achieves.

use super::{code, cut, html_escape, mover_name, player_of, result_name, MAX_CELL};
use crate::interrupt;
use conway::analysis::{Kind, MoveResult, Mover, Position, Request, Sum, Value};
use conway::engine::{Limits, Outcome, Play};
use conway::partizan::Player;
use conway::short::{GameId, Store};
use std::collections::{HashMap, HashSet};

/// A move listed for the notebook's table: a best move of the analysis (with what it
/// achieves) or another.
#[derive(Clone)]
pub(super) struct Listed {
    pub(super) mover: Mover,
    pub(super) component: usize,
    pub(super) to: Position,
    pub(super) best: Option<MoveResult>,
}

/// A row of the notebook's table of moves, as text.
pub(super) struct Row {
    player: &'static str,
    description: String,
    after: String,
    value: String,
    result: &'static str,
}

/// What the table of moves of an analysis is made from.
pub(super) struct Table<'a> {
    pub(super) sum: &'a Sum,
    pub(super) kind: Kind,
    pub(super) play: Play,
    pub(super) keep: usize,
    pub(super) limits: Limits,
}

impl Table<'_> {
    /// Each player's moves, the winning ones first, at most `keep` of each, valued; and notes
    /// on the moves left out. Under normal play every move of every component is valued by
    /// the component's own solver, which keeps what it solves between the options; where that
    /// cannot be done (misère play, a component that loops, a limit), the best moves come
    /// first as the analysis found them, then the others, each valued on its own.
    pub(super) fn rows(&self, best: Vec<Listed>) -> (Vec<Row>, Vec<String>) {
        let loops = self
            .sum
            .components()
            .iter()
            .any(|c| c.kind() == Kind::Loopy);
        if self.play == Play::Normal && !loops {
            if let Some(table) = self.valued() {
                return table;
            }
        }
        if interrupt::stopped() {
            return (Vec::new(), Vec::new());
        }
        self.each_valued(best)
    }

    fn store(&self) -> Store {
        let mut store = Store::with_limits(self.limits);
        if let Some(flag) = interrupt::budget(self.limits).interrupt {
            store.interrupt_on(flag);
        }
        store
    }

    /// Every move valued in one store under normal play, by the components' own solvers:
    /// the whole after a move in component i is the rest of the sum plus the option's value.
    /// None where a component cannot be valued so.
    fn valued(&self) -> Option<(Vec<Row>, Vec<String>)> {
        let mut store = self.store();
        let players: &[Player] = match self.kind {
            Kind::Partizan => &[Player::Left, Player::Right],
            _ => &[Player::Left],
        };
        let components = self.sum.components();
        let mut values = Vec::with_capacity(components.len());
        let mut options: Vec<(Player, usize, Position, GameId)> = Vec::new();
        for (i, component) in components.iter().enumerate() {
            let budget = interrupt::budget(self.limits);
            let value = component
                .value_with_moves(players, &mut store, budget, &mut |player, to, v| {
                    options.push((player, i, to, v));
                    true
                })
                .ok()?;
            values.push(value);
        }
        let mut total = store.zero();
        for &value in &values {
            total = store.add(total, value).ok()?;
        }
        let rests = values
            .iter()
            .map(|&value| store.sub(total, value))
            .collect::<Result<Vec<_>, _>>()
            .ok()?;
        let (mut rows, mut notes) = (Vec::new(), Vec::new());
        for &player in players {
            let mover = match self.kind {
                Kind::Partizan => Mover::from(player),
                _ => Mover::Either,
            };
            let mut found = Vec::new();
            for (p, i, to, option) in &options {
                if *p != player {
                    continue;
                }
                let after = store.add(rests[*i], *option).ok()?;
                let result = verdict(mover, store.outcome(after).ok(), None);
                found.push((rank(result), *i, to, after, result));
            }
            // The winning moves first, each player's moves otherwise in the order listed.
            found.sort_by_key(|&(rank, ..)| rank);
            if found.len() > self.keep {
                notes.push(format!(
                    "{}: {} of {} shown (keep= shows more)",
                    mover_title(mover),
                    self.keep,
                    found.len()
                ));
                found.truncate(self.keep);
            }
            for (_, i, to, after, result) in found {
                rows.push(Row {
                    player: mover_name(mover),
                    description: self.describe(mover, i, to),
                    after: cut(&self.after(i, to).written(), MAX_CELL),
                    value: shown(&store, after),
                    result,
                });
            }
        }
        Some((rows, notes))
    }

    /// The move of `mover` in component `i` to `to`, described; in a sum, named after its
    /// component.
    fn describe(&self, mover: Mover, i: usize, to: &Position) -> String {
        let components = self.sum.components();
        let description = components[i].describe_move(player_of(mover), to);
        match components {
            [_] => description,
            _ => format!(
                "{} {}: {description}",
                components[i].game(),
                cut(&components[i].show(), 40)
            ),
        }
    }

    /// The whole after a move in component `i` to `to`.
    fn after(&self, i: usize, to: &Position) -> Sum {
        match self.sum.components() {
            [_] => Sum::of(to.clone()),
            _ => self.sum.after(i, to.clone()),
        }
    }

    /// The best moves as the analysis found them, then the other moves, at most `keep` of
    /// each player, each valued on its own.
    fn each_valued(&self, best: Vec<Listed>) -> (Vec<Row>, Vec<String>) {
        let (listed, notes) = self.list(best);
        let mut valuer = AfterValuer {
            store: self.store(),
            values: HashMap::new(),
            limits: self.limits,
            play: self.play,
        };
        let mut rows = Vec::with_capacity(listed.len());
        for m in listed {
            if interrupt::stopped() {
                break;
            }
            let after = self.after(m.component, &m.to);
            let (value, outcome) = valuer.value(&after);
            rows.push(Row {
                player: mover_name(m.mover),
                description: self.describe(m.mover, m.component, &m.to),
                after: cut(&after.written(), MAX_CELL),
                value,
                result: verdict(m.mover, outcome, m.best),
            });
        }
        (rows, notes)
    }

    /// The moves of the table: for each player, the best moves, then the others, at most
    /// `keep` of each player.
    fn list(&self, best: Vec<Listed>) -> (Vec<Listed>, Vec<String>) {
        let movers = match self.kind {
            Kind::Partizan => vec![Mover::Left, Mover::Right],
            _ => vec![Mover::Either],
        };
        let (mut rows, mut notes) = (Vec::new(), Vec::new());
        for mover in movers {
            let mut group: Vec<Listed> = best
                .iter()
                .filter(|m| m.mover == mover)
                .take(self.keep)
                .cloned()
                .collect();
            let mut seen: HashSet<(usize, Position)> =
                group.iter().map(|m| (m.component, m.to.clone())).collect();
            let mut total = Some(group.len() as u64);
            for (i, component) in self.sum.components().iter().enumerate() {
                match component.moves(player_of(mover), self.play) {
                    Ok(moves) => {
                        for to in moves {
                            if seen.insert((i, to.clone())) {
                                total = total.map(|t| t + 1);
                                if group.len() < self.keep {
                                    group.push(Listed {
                                        mover,
                                        component: i,
                                        to,
                                        best: None,
                                    });
                                }
                            }
                        }
                    }
                    Err(why) => {
                        notes.push(format!(
                            "{}: only the best are shown: {why}",
                            mover_title(mover)
                        ));
                        total = None;
                        break;
                    }
                }
            }
            if let Some(total) = total.filter(|&t| t > group.len() as u64) {
                notes.push(format!(
                    "{}: {} of {total} shown (keep= shows more)",
                    mover_title(mover),
                    group.len()
                ));
            }
            rows.extend(group);
        }
        (rows, notes)
    }
}

/// The rows of the table of moves and the notes on what it leaves out, in HTML.
pub(super) fn html(rows: &[Row], notes: &[String]) -> String {
    let mut html = String::new();
    if !rows.is_empty() {
        html.push_str(
            "<table><thead><tr><th>player</th><th>move</th><th>position after</th>\
             <th>value after</th><th>result</th></tr></thead><tbody>",
        );
        for row in rows {
            let result = match row.result {
                "wins" => "<b>wins ✓</b>".to_string(),
                "draws" => "<i>draws</i>".to_string(),
                other => other.to_string(),
            };
            html.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{result}</td></tr>",
                row.player,
                html_escape(&cut(&row.description, MAX_CELL)),
                code(&row.after),
                code(&row.value),
            ));
        }
        html.push_str("</tbody></table>");
    }
    for note in notes {
        html.push_str(&format!("<p>{}</p>", html_escape(note)));
    }
    html
}

/// How a note of the table names a player's moves.
fn mover_title(mover: Mover) -> &'static str {
    match mover {
        Mover::Either => "the moves",
        Mover::Left => "Left's moves",
        Mover::Right => "Right's moves",
    }
}

/// A value of the store as a table cell writes it.
fn shown(store: &Store, value: GameId) -> String {
    store
        .show_within(value, MAX_CELL)
        .unwrap_or_else(|| "(a long canonical form)".to_string())
}

/// Where a move of this result goes in the table: the winning moves first.
fn rank(result: &str) -> u8 {
    match result {
        "wins" => 0,
        "draws" => 1,
        "loses" => 2,
        _ => 3,
    }
}

/// What a move of `mover` achieves, from the outcome of the whole after it (where the other
/// player moves first), or as the analysis said where that is unknown.
fn verdict(mover: Mover, after: Option<Outcome>, best: Option<MoveResult>) -> &'static str {
    match (mover, after) {
        (_, Some(Outcome::D)) => "draws",
        (Mover::Either, Some(Outcome::P))
        | (Mover::Left, Some(Outcome::L | Outcome::P))
        | (Mover::Right, Some(Outcome::R | Outcome::P)) => "wins",
        (_, Some(_)) => "loses",
        (_, None) => best.map_or("?", result_name),
    }
}

/// Values the positions that moves lead to, in one store, each component once.
struct AfterValuer {
    store: Store,
    values: HashMap<Position, Option<GameId>>,
    limits: Limits,
    play: Play,
}

impl AfterValuer {
    /// The value of a component under normal play, where its own valuer finds one.
    fn component(&mut self, position: &Position) -> Option<GameId> {
        if let Some(&value) = self.values.get(position) {
            return value;
        }
        let value = position
            .value_in(&mut self.store, interrupt::budget(self.limits))
            .ok();
        self.values.insert(position.clone(), value);
        value
    }

    /// The value of the whole `after` a move, as text, and its outcome: under normal play by
    /// adding the components' values, else (misère play, or a component that loops) by an
    /// analysis of its own.
    fn value(&mut self, after: &Sum) -> (String, Option<Outcome>) {
        if self.play == Play::Normal {
            let mut total = Some(self.store.zero());
            for c in after.components() {
                total = match (total, self.component(c)) {
                    (Some(t), Some(v)) => self.store.add(t, v).ok(),
                    _ => None,
                };
            }
            if let Some(total) = total {
                return (shown(&self.store, total), self.store.outcome(total).ok());
            }
        }
        let limits = self.limits;
        let budget = || interrupt::budget(limits);
        match after.analyse(&Request::new(self.play, &budget).keep(0)) {
            Ok(found) => {
                let shown = match found.value.as_ref().and_then(Value::show) {
                    Some(value) => value,
                    None => format!("(outcome {})", found.outcome),
                };
                (shown, Some(found.outcome))
            }
            Err(why) => (format!("unknown: {why}"), None),
        }
    }
}
