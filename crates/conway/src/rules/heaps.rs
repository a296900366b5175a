//! The notation shared by heap games: heap sizes separated by spaces.

use super::{parse_bounded, show_numbers, Notation, ParseError, Separator};
use crate::heap::{describe_heap_move, ClosedForm, Extend, HeapRule, Heaps, Period};

/// What a heap rule adds to be read and written: its parameters, the largest heap it takes
/// and how its moves read.
pub trait HeapNotation: HeapRule {
    /// The parameters after the name's colon.
    fn params(&self) -> Option<String> {
        None
    }

    /// The largest heap a position may hold: past it, the moves of one heap would not fit in
    /// memory (rules with closed forms or few moves take any size).
    fn max_heap(&self) -> u64 {
        u64::MAX
    }

    /// Describes the move from `from` to `to` for a person.
    fn describe_move(&self, from: &[u64], to: &[u64]) -> String {
        describe_heap_move(from, to)
    }
}

/// Reads heap sizes separated by spaces, each at most `max`; at least one.
pub(super) fn parse_heaps(text: &str, max: u64) -> Result<Vec<u64>, ParseError> {
    let heaps = parse_bounded(text, Separator::Spaces, max, "heap")?;
    if heaps.is_empty() {
        return Err(ParseError::whole(
            "there are no heaps: write heap sizes separated by spaces, e.g. `3 5 7`",
        ));
    }
    Ok(heaps)
}

impl<R: HeapNotation> Notation for Heaps<R> {
    fn parse(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        parse_heaps(text, self.0.max_heap())
    }

    fn show(&self, heaps: &Vec<u64>) -> String {
        show_numbers(heaps)
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        self.0.describe_move(from, to)
    }

    fn params(&self) -> Option<String> {
        self.0.params()
    }

    fn one_heap(&self, size: u64) -> Option<Vec<u64>> {
        Some(vec![size])
    }

    fn period_checked_through(&self, period: Period) -> Option<u64> {
        self.0.period_checked_through(period)
    }

    fn sequence_engine(&self) -> Option<Box<dyn Extend + '_>> {
        let rule = &self.0;
        rule.sequence_engine().or_else(|| {
            rule.every_heap_known().then(|| {
                Box::new(ClosedForm::new(|size| rule.known_heap_value(size))) as Box<dyn Extend>
            })
        })
    }
}
