//! Sums of positions of different games (§3.3–3.4). By the Sprague–Grundy theorem the value
//! of a sum is the nim-sum of its components' values, and a winning move takes one component
//! to the value that makes the nim-sum 0. Each component is solved by its own ruleset.

use super::{Budget, Move, Position, Report, RuleError, MAX_SHOWN_POSITION};
use crate::engine::{Outcome, Play, Value};

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
        let mut winning_moves = Vec::new();
        let mut winning_move_count = 0;
        if total != 0 {
            for (i, (component, &value)) in self.components.iter().zip(&values).enumerate() {
                let named = component_name(i, component);
                let left = keep.saturating_sub(winning_moves.len());
                winning_move_count +=
                    component.moves_to_value(total ^ value, left, budget(), &mut |to| {
                        let to_sum = (!long).then(|| self.show_with(Some((i, &to))));
                        winning_moves.push(Move {
                            to: to_sum.filter(|s| s.chars().count() <= MAX_SHOWN_POSITION),
                            description: format!("{named}: {}", component.describe_move(&to)),
                        });
                    })?;
            }
        }
        Ok(Report {
            game: "sum".to_string(),
            position: shown,
            play,
            outcome: Outcome::p_if(total == 0),
            value: Some(Value::Nimber(total)),
            nim_value: Some(total),
            value_unknown: None,
            winning_moves,
            winning_move_count,
        })
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
