//! What `conway eval --json` says about a value: one structure, built in one place, so that a
//! new property of games (stops, mean, temperature, ...) is one field and one line here.

use super::eval::{Env, Value};
use super::{LangError, MAX_SHOWN};
use crate::engine::Outcome;
use crate::engine::{Limits, Meter};
use crate::loopy::{Sided, Stopper};
use crate::number::Dyadic;
use crate::ordinal::Ordinal;
use crate::short::{GameId, Store};
use serde::Serialize;

/// A game's canonical form and its properties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct GameReport {
    /// The canonical form as the texts write it: `*6`, `1/2`, `{1|0}`.
    pub value: String,
    /// Who wins: `L`, `R`, `P` or `N`.
    pub outcome: Outcome,
    /// Whether the game is a number.
    pub is_number: bool,
    /// Where the game stops when Left moves first: an exact number, printed like `19/4`.
    pub left_stop: Dyadic,
    /// Where the game stops when Right moves first.
    pub right_stop: Dyadic,
    /// The mean value: where the mast of the thermograph stands.
    pub mean: Dyadic,
    /// The temperature: the height from which the thermograph is a mast.
    pub temperature: Dyadic,
}

impl GameReport {
    /// The report on the nimber `*α` of an infinite ordinal: like every nimber but 0, a first
    /// player's win whose stops, mean and temperature are 0.
    fn transfinite(ordinal: &Ordinal) -> GameReport {
        GameReport {
            value: ordinal.nimber().to_string(),
            outcome: Outcome::N,
            is_number: false,
            left_stop: Dyadic::zero(),
            right_stop: Dyadic::zero(),
            mean: Dyadic::zero(),
            temperature: Dyadic::zero(),
        }
    }

    /// The report on `game`.
    ///
    /// Fails if the canonical form is longer than [`MAX_SHOWN`] characters or a property
    /// needs more than the store's memory; the column of such an error is 1 (the whole
    /// expression).
    pub fn new(store: &mut Store, game: GameId) -> Result<GameReport, LangError> {
        let value = store
            .show_within(game, MAX_SHOWN)
            .ok_or(LangError::TooLong { limit: MAX_SHOWN })?;
        let limit = |source| LangError::Limit { column: 1, source };
        Ok(GameReport {
            value,
            outcome: store.outcome(game).map_err(limit)?,
            is_number: store.is_number(game),
            left_stop: store.left_stop(game).map_err(limit)?,
            right_stop: store.right_stop(game).map_err(limit)?,
            mean: store.mean(game).map_err(limit)?,
            temperature: store.temperature(game).map_err(limit)?,
        })
    }
}

/// The report on a value: a game's, or the truth value of a comparison as `value`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Report {
    /// A game.
    Game(GameReport),
    /// A truth value.
    Truth {
        /// The answer to the comparison.
        value: bool,
    },
    /// An ordinal.
    Ordinal {
        /// The Cantor normal form: `w^2*3 + w + 5`.
        value: String,
        /// The ordinal as a whole number, if it is finite (as text: it may be large).
        finite: Option<String>,
        /// Whether it is a limit ordinal (not 0 and not a successor).
        limit: bool,
    },
    /// A loopy game that is not short.
    Loopy {
        /// The value: a name, a stopper in CGSuite's notation, or `s & t`.
        value: String,
        /// The onside, the stopper that decides where Left can avoid losing.
        onside: String,
        /// The offside, the stopper that decides where Right can avoid losing.
        offside: String,
        /// Whether the value is a stopper (its sides are equal).
        stopper: bool,
        /// Who wins the game alone when Left starts and when Right starts (L, R or D, a
        /// draw): one letter where both agree, as `L`, else two, as `LD`.
        outcome: String,
    },
}

impl Env {
    /// The report on `value`, which this environment computed.
    pub fn report(&mut self, value: Value) -> Result<Report, LangError> {
        Ok(match value {
            Value::Game(game) => Report::Game(GameReport::new(self.store_mut(), game)?),
            Value::Bool(value) => Report::Truth { value },
            Value::Ordinal(ordinal) => Report::Ordinal {
                value: self.show(&Value::Ordinal(ordinal.clone()))?,
                finite: ordinal.to_finite().map(|n| n.to_string()),
                limit: ordinal.is_limit(),
            },
            Value::Transfinite(ordinal) => Report::Game(GameReport::transfinite(&ordinal)),
            Value::Loopy(sided) => {
                let mut meter = Meter::new(Limits::default());
                let text = |stopper: &Stopper| {
                    let side = Sided::stopper(stopper.clone());
                    self.show(&Value::Loopy(side))
                };
                Report::Loopy {
                    onside: text(sided.onside())?,
                    offside: text(sided.offside())?,
                    stopper: sided.as_stopper(&mut meter).is_some(),
                    outcome: sided.outcome().to_string(),
                    value: self.show(&Value::Loopy(sided))?,
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_as_json() {
        let mut env = Env::new();
        let value = env.run("{1 | 0} + 1/2").unwrap().unwrap();
        let report = env.report(value).unwrap();
        assert_eq!(
            serde_json::to_value(&report).unwrap(),
            serde_json::json!({
                "value": "{3/2|1/2}",
                "outcome": "L",
                "is_number": false,
                "left_stop": "3/2",
                "right_stop": "1/2",
                "mean": "1",
                "temperature": "1/2"
            })
        );
        let value = env.run("{^ | v} == *").unwrap().unwrap();
        assert_eq!(
            serde_json::to_value(env.report(value).unwrap()).unwrap(),
            serde_json::json!({"value": true})
        );
        let value = env.run("-3/8").unwrap().unwrap();
        let Report::Game(report) = env.report(value).unwrap() else {
            panic!("a game")
        };
        assert_eq!((report.outcome, report.is_number), (Outcome::R, true));
    }
}
