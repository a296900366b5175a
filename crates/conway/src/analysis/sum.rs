//! Sums of positions of different games (§3.3–3.4). By the Sprague–Grundy theorem the value
//! of a sum is the nim-sum of its components' values, and a winning move takes one component
//! to the value that makes the nim-sum 0. Each component is solved by its own ruleset.

use super::{Budget, Move, Position, Report, RuleError, ShortAnalysis, MAX_SHOWN_POSITION};
use crate::engine::{Outcome, Play, SearchError, Value};
use crate::number::Dyadic;
use crate::partizan::Player;
use crate::short::{GameId, Store};
use serde::Serialize;

/// The analysis of a position or sum with partizan components, ready to print.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShortReport {
    /// The game's name, or `sum`.
    pub game: String,
    pub position: String,
    pub outcome: Outcome,
    /// The canonical form as the texts write it (`{2|-1/2}`), or none where it is longer than
    /// [`MAX_SHOWN_VALUE`] characters.
    pub value: Option<String>,
    pub is_number: bool,
    /// The stops, mean and temperature: exact numbers, printed like `19/4`.
    pub left_stop: Dyadic,
    pub right_stop: Dyadic,
    pub mean: Dyadic,
    pub temperature: Dyadic,
    /// Left's first winning moves (moves to a position of value ≥ 0), as many as asked for.
    pub left_winning_moves: Vec<Move>,
    pub left_winning_move_count: u64,
    /// Right's first winning moves (to a position of value ≤ 0).
    pub right_winning_moves: Vec<Move>,
    pub right_winning_move_count: u64,
}

/// The longest canonical form written out: a form shares options, so its text can be
/// exponentially longer than the store that holds it.
pub const MAX_SHOWN_VALUE: usize = 1 << 20;

/// A sum of positions, each of its own game.
pub struct Sum {
    pub components: Vec<Position>,
}

impl Sum {
    /// The sum written as its components joined by `+`, with component `changed` replaced.
    fn show_with(&self, changed: Option<(usize, &Position)>) -> String {
        self.components
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let shown = match changed {
                    Some((j, to)) if i == j => to,
                    _ => c,
                };
                format!("{} {}", shown.game(), shown.show())
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// The sum as it is written on the command line.
    pub fn show(&self) -> String {
        self.show_with(None)
    }

    /// Outcome, value and winning moves (the first `keep` and their number) under normal
    /// play. `budget` gives each component's computation its own limits.
    pub fn analyse(
        &self,
        play: Play,
        keep: usize,
        budget: &dyn Fn() -> Budget,
    ) -> Result<Report, RuleError> {
        let mut moves = Vec::new();
        let mut report = self.analyse_each(play, keep, budget, &mut |_, m| {
            moves.push(m);
            true
        })?;
        report.winning_moves = moves;
        Ok(report)
    }

    /// The same, the first `keep` winning moves going to `each` as they are found, with the
    /// report so far (all but the moves); `each` says whether it wants more. The report
    /// returned lists no moves, but counts them.
    pub fn analyse_each(
        &self,
        play: Play,
        keep: usize,
        budget: &dyn Fn() -> Budget,
        each: &mut dyn FnMut(&Report, Move) -> bool,
    ) -> Result<Report, RuleError> {
        if play == Play::Misere {
            return Err(RuleError::Unsupported {
                game: "sum".to_string(),
                what: "misère play does not split into components, so sums of different games are solved under normal play only",
            });
        }
        let values = self
            .components
            .iter()
            .map(|c| c.nim_value(budget()))
            .collect::<Result<Vec<u64>, _>>()?;
        let total = values.iter().fold(0, |sum, &v| sum ^ v);
        // As for one position: moves are written out as they are found, and a long sum's
        // options are not written out at all, so output and memory grow linearly.
        let shown = self.show();
        let long = shown.chars().count() > MAX_SHOWN_POSITION;
        let mut report = Report {
            game: "sum".to_string(),
            position: shown,
            play,
            outcome: Outcome::p_if(total == 0),
            value: Some(Value::Nimber(total)),
            nim_value: Some(total),
            value_unknown: None,
            winning_moves: Vec::new(),
            winning_move_count: None,
            moves_unknown: None,
            drawing_moves: Vec::new(),
        };
        let mut count = 0u64;
        let mut wanted = true;
        if total != 0 {
            for (i, (component, &value)) in self.components.iter().zip(&values).enumerate() {
                let named = component_name(i, component);
                let left = (keep as u64).saturating_sub(count) as usize;
                count += component.moves_to_value(total ^ value, left, budget(), &mut |to| {
                    let to_sum = (!long).then(|| self.show_with(Some((i, &to))));
                    let m = Move {
                        to: to_sum.filter(|s| s.chars().count() <= MAX_SHOWN_POSITION),
                        description: format!("{named}: {}", component.describe_move(&to)),
                    };
                    wanted = each(&report, m);
                    wanted
                })?;
                if !wanted {
                    break;
                }
            }
        }
        report.winning_move_count = Some(count);
        Ok(report)
    }
}

impl Sum {
    /// Value, outcome and the winning moves of each player, for sums with partizan
    /// components (an impartial component counts as its nimber).
    pub fn analyse_short(
        &self,
        keep: usize,
        budget: &dyn Fn() -> Budget,
    ) -> Result<ShortReport, RuleError> {
        let mut store = Store::with_limits(budget().limits);
        let analyses = self
            .components
            .iter()
            .map(|c| c.short_analysis(&mut store, true, budget()))
            .collect::<Result<Vec<ShortAnalysis>, _>>()?;
        let (game, shown) = match self.components.as_slice() {
            [only] => (only.game().to_string(), only.show()),
            _ => ("sum".to_string(), self.show()),
        };
        let error = |source: SearchError| RuleError::Search {
            game: game.clone(),
            source,
        };
        let mut total = store.zero();
        for analysis in &analyses {
            total = store.add(total, analysis.value).map_err(error)?;
        }
        let long = shown.chars().count() > MAX_SHOWN_POSITION;
        let mut sides = [(Vec::new(), 0), (Vec::new(), 0)];
        for (player, (moves, count)) in [Player::Left, Player::Right].into_iter().zip(&mut sides) {
            for (i, (component, analysis)) in self.components.iter().zip(&analyses).enumerate() {
                let rest = store.sub(total, analysis.value).map_err(error)?;
                let options = match player {
                    Player::Left => &analysis.left,
                    Player::Right => &analysis.right,
                };
                for (to, value) in options {
                    if !wins(&mut store, player, rest, *value).map_err(error)? {
                        continue;
                    }
                    *count += 1;
                    if moves.len() < keep {
                        moves.push(self.written_move(i, component, to, long));
                    }
                }
            }
        }
        let [(left_winning_moves, left_winning_move_count), (right_winning_moves, right_winning_move_count)] =
            sides;
        Ok(ShortReport {
            outcome: store.outcome(total).map_err(error)?,
            value: store.show_within(total, MAX_SHOWN_VALUE),
            is_number: store.is_number(total),
            left_stop: store.left_stop(total).map_err(error)?,
            right_stop: store.right_stop(total).map_err(error)?,
            mean: store.mean(total).map_err(error)?,
            temperature: store.temperature(total).map_err(error)?,
            game,
            position: shown,
            left_winning_moves,
            left_winning_move_count,
            right_winning_moves,
            right_winning_move_count,
        })
    }

    /// The move of component `i` to `to`, as a line of the report.
    fn written_move(&self, i: usize, component: &Position, to: &Position, long: bool) -> Move {
        let description = component.describe_move(to);
        if self.components.len() == 1 {
            let shown = (!long).then(|| to.show());
            return Move {
                to: shown.filter(|s| s.chars().count() <= MAX_SHOWN_POSITION),
                description,
            };
        }
        let to_sum = (!long).then(|| self.show_with(Some((i, to))));
        Move {
            to: to_sum.filter(|s| s.chars().count() <= MAX_SHOWN_POSITION),
            description: format!("{}: {description}", component_name(i, component)),
        }
    }
}

/// Whether `player`, moving a component to a position of value `option` while the others
/// add up to `rest`, wins: the sum is then ≥ 0 for Left, ≤ 0 for Right (Theorem 7.3).
fn wins(
    store: &mut Store,
    player: Player,
    rest: GameId,
    option: GameId,
) -> Result<bool, SearchError> {
    let sum = store.add(rest, option)?;
    let zero = store.zero();
    match player {
        Player::Left => store.leq(zero, sum),
        Player::Right => store.leq(sum, zero),
    }
}

/// How a move names the component it is made in: the component itself, or its number where
/// it is too long to repeat in every move.
fn component_name(i: usize, component: &Position) -> String {
    let shown = component.show();
    if shown.chars().count() <= MAX_SHOWN_POSITION {
        format!("{} {shown}", component.game())
    } else {
        format!("component {} ({})", i + 1, component.game())
    }
}
