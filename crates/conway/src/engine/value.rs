//! The value of a position, whatever kind of game it is.

use serde::{Serialize, Serializer};
use std::fmt;

/// The value of a position. Impartial games have nim values; canonical short games and the
/// values of loopy games join this enum with their engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The nimber `*n`: the Sprague–Grundy value of an impartial position.
    Nimber(u64),
}

impl Value {
    /// The nim value, for a nimber.
    pub fn nim_value(self) -> Option<u64> {
        match self {
            Value::Nimber(n) => Some(n),
        }
    }
}

/// Written as the texts write values: `0`, `*`, `*2`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Nimber(0) => f.write_str("0"),
            Value::Nimber(1) => f.write_str("*"),
            Value::Nimber(n) => write!(f, "*{n}"),
        }
    }
}

/// As the printed form, a string: the one shape every kind of value can take.
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nimbers_print_as_in_the_texts() {
        assert_eq!(Value::Nimber(0).to_string(), "0");
        assert_eq!(Value::Nimber(1).to_string(), "*");
        assert_eq!(Value::Nimber(13).to_string(), "*13");
        assert_eq!(
            serde_json::to_string(&Value::Nimber(u64::MAX)).unwrap(),
            format!("\"*{}\"", u64::MAX)
        );
    }
}
