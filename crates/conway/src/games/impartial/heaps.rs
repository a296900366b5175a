//! The notation shared by heap games: heap sizes separated by spaces.

use crate::analysis::Notation;
use crate::heap::{describe_heap_move, ClosedForm, Extend, HeapRule, Heaps, Period};
use crate::text::{parse_bounded, show_numbers, ParseError, Separator};

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
pub(crate) fn parse_heaps(text: &str, max: u64) -> Result<Vec<u64>, ParseError> {
    let heaps = parse_bounded(text, Separator::Spaces, max, "heap")?;
    if heaps.is_empty() {
        return Err(ParseError::whole(
            "there are no heaps: write heap sizes separated by spaces, e.g. `3 5 7`",
        ));
    }
    Ok(heaps)
}

/// Refuses a heap whose value the rule's closed form puts past 2^64 (Lasker's Nim's heap of
/// 2^64 − 1), at the column of its word: no search could find it either.
fn check_values<R: HeapRule>(rule: &R, text: &str, heaps: &[u64]) -> Result<(), ParseError> {
    if !rule.every_heap_known() {
        return Ok(());
    }
    let Some(i) = heaps
        .iter()
        .position(|&h| rule.known_heap_value(h).is_none())
    else {
        return Ok(());
    };
    Err(ParseError::at(
        word_start(text, i),
        format!(
            "heap {} is too large for this game: its value, by the closed form, needs more \
             than the 64 bits that values are held in",
            heaps[i]
        ),
    ))
}

/// The column (in characters) where word `i` of `text` (words separated by spaces) starts.
fn word_start(text: &str, i: usize) -> usize {
    let mut words = 0;
    let mut after_space = true;
    for (column, c) in text.chars().enumerate() {
        if !c.is_whitespace() && after_space {
            if words == i {
                return column;
            }
            words += 1;
        }
        after_space = c.is_whitespace();
    }
    0
}

impl<R: HeapNotation> Notation for Heaps<R> {
    fn parse(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        let heaps = parse_heaps(text, self.0.max_heap())?;
        check_values(&self.0, text, &heaps)?;
        Ok(heaps)
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

    fn heap_rule(&self) -> Option<&dyn HeapRule> {
        Some(&self.0)
    }

    fn heaps_of(&self, heaps: &Vec<u64>) -> Option<Vec<u64>> {
        Some(heaps.clone())
    }

    fn of_heaps(&self, heaps: Vec<u64>) -> Option<Vec<u64>> {
        Some(heaps)
    }

    fn sequence_engine(&self) -> Option<Box<dyn Extend + '_>> {
        let rule = &self.0;
        rule.sequence_engine().or_else(|| {
            rule.every_heap_known().then(|| {
                let values = ClosedForm::new(|size| rule.known_heap_value(size));
                Box::new(values.with_period(rule.closed_form_period())) as Box<dyn Extend>
            })
        })
    }
}
