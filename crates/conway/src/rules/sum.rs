//! Sums of positions of different games (§3.3–3.4). By the Sprague–Grundy theorem the value
//! of a sum is the nim-sum of its components' values, and a winning move takes one component
//! to the value that makes the nim-sum 0. Each component is solved by its own ruleset.

use super::{Budget, Move, Report, RuleError, Ruleset};
use crate::impartial::{Outcome, Play};

/// One component of a sum: a ruleset and a position in its notation.
pub struct Component {
    pub rules: Box<dyn Ruleset>,
    pub position: String,
}

impl Component {
    fn show(&self, position: &str) -> String {
        format!("{} {}", self.rules.name(), position.trim())
    }
}

/// The sum written as its components joined by `+`, with component `changed` replaced.
fn show_sum(components: &[Component], changed: Option<(usize, &str)>) -> String {
    components
        .iter()
        .enumerate()
        .map(|(i, c)| match changed {
            Some((j, to)) if i == j => c.show(to),
            _ => c.show(&c.position),
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Outcome, value and every winning move of a sum of positions under normal play.
/// `budget` gives each component's computation its own limits.
pub fn analyse_sum(
    components: &[Component],
    play: Play,
    budget: &dyn Fn() -> Budget,
) -> Result<Report, RuleError> {
    if play == Play::Misere {
        return Err(RuleError::Unsupported {
            game: "sum".to_string(),
            what: "misère play does not split into components, so sums of different games are solved under normal play only",
        });
    }
    let values = components
        .iter()
        .map(|c| c.rules.value(&c.position, budget()))
        .collect::<Result<Vec<u64>, _>>()?;
    let total = values.iter().fold(0, |sum, &v| sum ^ v);
    let mut winning_moves = Vec::new();
    if total != 0 {
        for (i, (component, &value)) in components.iter().zip(&values).enumerate() {
            let moves =
                component
                    .rules
                    .moves_to_value(&component.position, total ^ value, budget())?;
            winning_moves.extend(moves.into_iter().map(|m| Move {
                to: show_sum(components, Some((i, &m.to))),
                description: format!("{}: {}", component.show(&component.position), m.description),
            }));
        }
    }
    Ok(Report {
        game: "sum".to_string(),
        position: show_sum(components, None),
        play,
        outcome: Outcome::p_if(total == 0),
        value: Some(total),
        value_unknown: None,
        winning_moves,
    })
}
