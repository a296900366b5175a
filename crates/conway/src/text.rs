//! Reading and writing the numbers that positions and parameters are made of, strictly: a
//! stray separator, an empty item or a number too large is an error at its column.

use std::fmt;
use thiserror::Error;

/// Why a position or a parameter could not be read, and where.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub struct ParseError {
    /// Where the problem is, in characters from 0; `None` when it is the text as a whole.
    pub offset: Option<usize>,
    /// What is wrong, in words a user reads.
    pub reason: String,
}

impl ParseError {
    /// A problem at character `offset`.
    pub fn at(offset: usize, reason: impl Into<String>) -> Self {
        ParseError {
            offset: Some(offset),
            reason: reason.into(),
        }
    }

    /// A problem with the text as a whole.
    pub fn whole(reason: impl Into<String>) -> Self {
        ParseError {
            offset: None,
            reason: reason.into(),
        }
    }

    /// The same problem in a text that starts `by` characters further on.
    pub fn shifted(self, by: usize) -> Self {
        ParseError {
            offset: self.offset.map(|o| o + by),
            ..self
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(offset) => write!(f, "column {}: {}", offset + 1, self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

/// What separates the numbers of a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Separator {
    /// Spaces, as in positions: `3 5 7`.
    Spaces,
    /// Commas, with optional spaces around them, as in parameters and pairs: `1,3,4`.
    Commas,
}

/// Reads numbers separated by `separator`. Empty text is an empty list.
pub fn parse_numbers(text: &str, separator: Separator) -> Result<Vec<u64>, ParseError> {
    Ok(numbers_at(text, separator)?
        .into_iter()
        .map(|(_, n)| n)
        .collect())
}

/// Reads numbers separated by `separator`, each with the column where it starts.
fn numbers_at(text: &str, separator: Separator) -> Result<Vec<(usize, u64)>, ParseError> {
    let mut numbers = Vec::new();
    let mut expect_number = true;
    let mut chars = text.char_indices().enumerate().peekable();
    let mut last_comma = None;
    while let Some((column, (byte, c))) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        if c == ',' && separator == Separator::Commas {
            if expect_number {
                return Err(ParseError::at(column, "a comma where a number belongs"));
            }
            expect_number = true;
            last_comma = Some(column);
            continue;
        }
        if !c.is_ascii_digit() {
            let what = match (c, separator) {
                (',', Separator::Spaces) => "separate the numbers by spaces, not commas".into(),
                (' ', Separator::Commas) => "separate the numbers by commas".into(),
                _ => format!("'{c}' is not a digit of a non-negative whole number"),
            };
            return Err(ParseError::at(column, what));
        }
        if !expect_number {
            return Err(ParseError::at(column, "separate the numbers by commas"));
        }
        let mut end = byte + c.len_utf8();
        while let Some(&(_, (b, d))) = chars.peek() {
            if !d.is_ascii_digit() {
                break;
            }
            end = b + d.len_utf8();
            chars.next();
        }
        let number = parse_digits(&text[byte..end]).map_err(|e| e.shifted(column))?;
        numbers.push((column, number));
        expect_number = separator == Separator::Spaces;
    }
    match last_comma {
        Some(column) if expect_number => {
            Err(ParseError::at(column, "a comma with no number after it"))
        }
        _ => Ok(numbers),
    }
}

/// Reads one non-negative integer that fits in 64 bits, allowing spaces around it.
pub fn parse_number(text: &str) -> Result<u64, ParseError> {
    let start = text.chars().take_while(|c| c.is_whitespace()).count();
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(ParseError::whole("a number is missing"));
    }
    parse_digits(trimmed).map_err(|e| e.shifted(start))
}

fn parse_digits(digits: &str) -> Result<u64, ParseError> {
    if let Some((i, c)) = digits
        .chars()
        .enumerate()
        .find(|(_, c)| !c.is_ascii_digit())
    {
        return Err(ParseError::at(
            i,
            format!("'{c}' is not a digit of a non-negative whole number"),
        ));
    }
    digits.parse().map_err(|_| {
        ParseError::at(
            0,
            format!("{digits} is too large (the limit is {})", u64::MAX),
        )
    })
}

/// The largest number a position may hold where the number of moves grows with it: past it,
/// the list of moves alone would not fit in memory.
pub const MAX_SIZE: u64 = 1 << 20;

/// Refuses a number past `max`, naming what it counts.
pub fn check_size(value: u64, max: u64, what: &str) -> Result<u64, ParseError> {
    if value > max {
        return Err(ParseError::whole(format!(
            "{what} {value} is too large for this game (at most {max}): its moves would not fit in memory"
        )));
    }
    Ok(value)
}

/// Reads one number as [`parse_number`] does, at most [`MAX_SIZE`].
pub fn parse_size(text: &str, what: &str) -> Result<u64, ParseError> {
    let value = parse_number(text)?;
    check_size(value, MAX_SIZE, what)
}

/// Reads numbers as [`parse_numbers`] does, each at most `max`, naming the column of the
/// first that is too large.
pub fn parse_bounded(
    text: &str,
    separator: Separator,
    max: u64,
    what: &str,
) -> Result<Vec<u64>, ParseError> {
    let numbers = numbers_at(text, separator)?;
    if let Some(&(column, too_large)) = numbers.iter().find(|&&(_, n)| n > max) {
        return Err(ParseError {
            offset: Some(column),
            ..check_size(too_large, max, what).unwrap_err()
        });
    }
    Ok(numbers.into_iter().map(|(_, n)| n).collect())
}

/// Reads a number from `min` to `max` standing at column offset `at`, naming `what` it
/// counts in errors.
pub fn parse_in_range(
    text: &str,
    at: usize,
    min: u64,
    max: u64,
    what: &str,
) -> Result<u64, ParseError> {
    let value = parse_number(text).map_err(|e| match e.offset {
        Some(_) => e.shifted(at),
        None => ParseError::at(at, format!("the number of {what} is missing")),
    })?;
    if value < min || value > max {
        return Err(ParseError::at(
            at,
            format!("{what} must be from {min} to {max}, not {value}"),
        ));
    }
    Ok(value)
}

/// Reads a rectangle `ROWSxCOLUMNS` (a cake, a piece of one), each side from 1 to `max_side`;
/// `at` is the word's column offset and `what` names it in errors.
pub fn parse_rectangle(
    word: &str,
    at: usize,
    max_side: u64,
    what: &str,
) -> Result<(u64, u64), ParseError> {
    let (rows, columns) = word.split_once(['x', 'X']).ok_or_else(|| {
        ParseError::at(
            at,
            format!("'{word}' is not a {what}: write ROWSxCOLUMNS, e.g. 2x4"),
        )
    })?;
    let columns_at = at + rows.chars().count() + 1;
    Ok((
        parse_in_range(rows, at, 1, max_side, "rows")?,
        parse_in_range(columns, columns_at, 1, max_side, "columns")?,
    ))
}

/// Drops the `blank` items at the end of `items`: empty top stairs, empty squares past the
/// last coin, empty rows under a board.
pub fn trim_end<T: PartialEq>(items: &mut Vec<T>, blank: &T) {
    let len = items
        .iter()
        .rposition(|item| item != blank)
        .map_or(0, |last| last + 1);
    items.truncate(len);
}

/// Writes numbers separated by single spaces.
pub fn show_numbers(values: &[u64]) -> String {
    let mut text = String::new();
    for (i, value) in values.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(&value.to_string());
    }
    text
}

/// What a move changed in a position kept as a sorted list of parts (pieces of cake): the
/// parts of `from` missing from `to` and the parts of `to` missing from `from`, each as often
/// as it is missing. Both lists must be sorted.
pub fn sorted_changes<T: Ord + Copy>(from: &[T], to: &[T]) -> (Vec<T>, Vec<T>) {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let (mut gone, mut made) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < from.len() || j < to.len() {
        // A list that has ended comes after any part.
        let order = match (from.get(i), to.get(j)) {
            (Some(a), Some(b)) => a.cmp(b),
            (Some(_), None) => Less,
            (None, _) => Greater,
        };
        match order {
            Equal => (i, j) = (i + 1, j + 1),
            Less => {
                gone.push(from[i]);
                i += 1;
            }
            Greater => {
                made.push(to[j]);
                j += 1;
            }
        }
    }
    (gone, made)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_read_strictly() {
        assert_eq!(
            parse_numbers(" 3 5  7 ", Separator::Spaces),
            Ok(vec![3, 5, 7])
        );
        assert_eq!(
            parse_numbers("1, 3,4", Separator::Commas),
            Ok(vec![1, 3, 4])
        );
        assert_eq!(parse_numbers("", Separator::Spaces), Ok(vec![]));
        let column = |text, separator| parse_numbers(text, separator).unwrap_err().offset;
        assert_eq!(column("1,,2", Separator::Commas), Some(2));
        assert_eq!(column(",1", Separator::Commas), Some(0));
        assert_eq!(column("1,", Separator::Commas), Some(1));
        assert_eq!(column("1 2", Separator::Commas), Some(2));
        assert_eq!(column("3,5", Separator::Spaces), Some(1));
        assert_eq!(column("3 -4", Separator::Spaces), Some(2));
        assert_eq!(column("1 99999999999999999999", Separator::Spaces), Some(2));
    }

    #[test]
    fn sizes_name_the_column_of_the_number_too_large() {
        let error = parse_bounded("5 2000000 3", Separator::Spaces, MAX_SIZE, "heap").unwrap_err();
        assert_eq!(error.offset, Some(2));
        assert!(
            error.reason.contains("heap 2000000 is too large"),
            "{error}"
        );
        assert_eq!(parse_number(" 18446744073709551615 "), Ok(u64::MAX));
        assert!(parse_number("18446744073709551616").is_err());
    }

    #[test]
    fn changes_count_each_part_as_often_as_it_is_missing() {
        assert_eq!(
            sorted_changes(&[1, 3, 4], &[1, 1, 3, 3]),
            (vec![4], vec![1, 3])
        );
        assert_eq!(sorted_changes(&[2, 2], &[]), (vec![2, 2], vec![]));
    }
}
