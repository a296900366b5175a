//! Reading and writing the numbers that positions are made of.

/// Reads numbers separated by spaces or commas, naming the first that is not a number or
/// does not fit in 64 bits.
pub fn parse_numbers(text: &str) -> Result<Vec<u64>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|token| !token.is_empty())
        .map(parse_number)
        .collect()
}

/// Reads one non-negative integer that fits in 64 bits.
pub fn parse_number(token: &str) -> Result<u64, String> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{token}' is not a non-negative whole number"));
    }
    token
        .parse()
        .map_err(|_| format!("{token} is too large (the limit is {})", u64::MAX))
}

/// The largest number a position may hold where the number of moves grows with it: past it,
/// the list of moves alone would not fit in memory.
pub const MAX_SIZE: u64 = 1 << 20;

/// Refuses a number past [`MAX_SIZE`], naming what it counts.
pub fn check_size(value: u64, what: &str) -> Result<u64, String> {
    if value > MAX_SIZE {
        return Err(format!(
            "{what} {value} is too large for this game (at most {MAX_SIZE}): its moves would not fit in memory"
        ));
    }
    Ok(value)
}

/// Reads one number as [`parse_number`] does, at most [`MAX_SIZE`].
pub fn parse_size(token: &str, what: &str) -> Result<u64, String> {
    check_size(parse_number(token.trim())?, what)
}

/// Reads numbers as [`parse_numbers`] does, each at most [`MAX_SIZE`].
pub fn parse_sizes(text: &str, what: &str) -> Result<Vec<u64>, String> {
    parse_numbers(text)?
        .into_iter()
        .map(|value| check_size(value, what))
        .collect()
}

/// Writes numbers separated by single spaces.
pub fn show_numbers(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The notation shared by heap games: heap sizes separated by spaces, each at most `$max`.
macro_rules! heap_notation {
    ($rule:ty, $max:expr) => {
        impl $crate::rules::Notation for $crate::heap::Heaps<$rule> {
            fn parse(&self, text: &str) -> Result<Vec<u64>, String> {
                let heaps = $crate::rules::parse_numbers(text)?;
                match heaps.iter().find(|&&h| h > $max) {
                    Some(h) => Err(format!(
                        "heap {h} is too large for this game (at most {})",
                        $max
                    )),
                    None => Ok(heaps),
                }
            }

            fn show(&self, heaps: &Vec<u64>) -> String {
                $crate::rules::show_numbers(heaps)
            }

            fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
                $crate::heap::describe_heap_move(from, to)
            }
        }
    };
}
pub(crate) use heap_notation;
