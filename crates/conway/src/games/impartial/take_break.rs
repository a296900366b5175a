//! Take-and-break games by their codes (§3.5–3.6, *Winning Ways* ch. 4): `octal:0.77`,
//! `hexcode:0.F8`, and the usual names: Kayles, Dawson's Kayles, Officers, Grundy's game.

use crate::analysis::typed;
use crate::analysis::{Kind, Params, RuleInfo};
use crate::games::impartial::heaps::HeapNotation;
use crate::heap::{ClosedCode, Extend, HeapRule, Heaps, Learnt, Period, TakeBreak};
use crate::impartial::{MoveSink, Target};
use crate::text::ParseError;

/// A take-and-break game: its code, and the one-heap values it has learnt (a proved period
/// answers any heap at once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeAndBreak {
    code: TakeBreak,
    /// How the game was named, for its parameters: `None` for a name with its code built in.
    written: Option<String>,
    learnt: Learnt,
}

impl TakeAndBreak {
    /// The game of `code`, which it shows as its parameters (`octal:0.77`).
    pub fn new(code: TakeBreak) -> Self {
        TakeAndBreak {
            written: Some(code.to_string()),
            code,
            learnt: Learnt::default(),
        }
    }

    /// A game known by name: its code is not a parameter.
    fn named(code: TakeBreak) -> Self {
        TakeAndBreak {
            written: None,
            ..TakeAndBreak::new(code)
        }
    }

    /// The game's take-and-break code.
    pub fn code(&self) -> &TakeBreak {
        &self.code
    }
}

const MISERE: &str = "the last to move loses; rows of heaps up to 128 are answered from the misère quotient of their heaps where it is proved (`conway misere`), others by search.";
const NOTATION: &str = "heap sizes separated by spaces.";

pub(crate) const OCTAL: RuleInfo = RuleInfo {
    name: "octal",
    kind: Kind::Impartial,
    params: Params::Required {
        name: "CODE",
        example: "0.77",
    },
    summary: "A take-and-break game by its octal code d0.d1d2…: digit d_s says, in binary, how \
              many heaps taking s chips from a heap may leave (1: none, 2: one, 4: two). \
              0.77 is Kayles, 0.137 Dawson's Kayles; a code ending in `...` repeats its last \
              digit forever (0.3... is Nim, 4.3... Lasker's Nim).",
    notation: NOTATION,
    misere: MISERE,
    example: "conway solve octal:0.77 \"10 7 3\"",
    build: |info, params| {
        let code = parse_code(params.unwrap_or(""), 8)?;
        Ok(typed(info, Heaps(TakeAndBreak::new(code))))
    },
};

pub(crate) const HEXCODE: RuleInfo = RuleInfo {
    name: "hexcode",
    kind: Kind::Impartial,
    params: Params::Required {
        name: "CODE",
        example: "0.F",
    },
    summary: "A take-and-break game by its hexadecimal code: like an octal code, with digit \
              bit 8 allowing a move to leave three heaps.",
    notation: NOTATION,
    misere: MISERE,
    example: "conway solve hexcode:0.F \"9\"",
    build: |info, params| {
        let code = parse_code(params.unwrap_or(""), 16)?;
        Ok(typed(info, Heaps(TakeAndBreak::new(code))))
    },
};

/// A game whose code comes with its name.
macro_rules! named_code {
    ($name:ident, $text:literal, $digits:expr, $summary:literal, $example:literal) => {
        pub(crate) const $name: RuleInfo = RuleInfo {
            name: $text,
            kind: Kind::Impartial,
            params: Params::None,
            summary: $summary,
            notation: NOTATION,
            misere: MISERE,
            example: $example,
            build: |info, _| {
                let code = $digits;
                Ok(typed(info, Heaps(TakeAndBreak::named(code))))
            },
        };
    };
}

named_code!(
    KAYLES,
    "kayles",
    octal(&[0, 7, 7]),
    "Kayles (octal 0.77, Example 3.10): knock down one pin or two adjacent pins of a row.",
    "conway solve kayles \"10 7 3\""
);
named_code!(
    DAWSON,
    "dawson",
    octal(&[0, 1, 3, 7]),
    "Dawson's Kayles (octal 0.137, Example 3.11): Dawson's chess as a heap game.",
    "conway solve dawson 20"
);
named_code!(
    OFFICERS,
    "officers",
    octal(&[0, 6]),
    "Officers (octal 0.6): take one chip from a heap, leaving one or two heaps.",
    "conway solve officers \"9 12\""
);
named_code!(
    GRUNDY,
    "grundy",
    TakeBreak::grundy(),
    "Grundy's game: split a heap into two heaps of different sizes.",
    "conway solve grundy \"10 7\""
);

named_code!(
    SPLIT_NIM,
    "split-nim",
    TakeBreak::new(vec![0, 7], 7).expect("a built-in code is valid"),
    "Fraenkel's split Nim (octal 0.7...): take chips from one heap, then optionally split \
     what is left of it into two non-empty heaps. A heap of n has nim value n, so the \
     P-positions are Nim's and so is the strategy (the same game as `rims`).",
    "conway solve split-nim \"3 5 7\""
);

/// A code from digits that are valid by construction.
fn octal(digits: &[u8]) -> TakeBreak {
    TakeBreak::new(digits.to_vec(), 0).expect("a built-in code is valid")
}

/// Reads a code `d0.d1d2…` in `radix` 8 or 16; a trailing `...` (or `…`) repeats the last
/// digit forever. The point may come first (`.77` is `0.77`).
pub fn parse_code(text: &str, radix: u32) -> Result<TakeBreak, ParseError> {
    let example = if radix == 8 { "0.77" } else { "0.F" };
    let (body, repeats) = match text.strip_suffix("...").or_else(|| text.strip_suffix('…')) {
        Some(body) => (body, true),
        None => (text, false),
    };
    let (before, after) = body.split_once('.').ok_or_else(|| {
        ParseError::whole(format!(
            "'{text}' is not a code: write digits around a point, e.g. `{example}`"
        ))
    })?;
    if before.chars().count() > 1 {
        return Err(ParseError::at(
            0,
            "a code has one digit before the point (what splitting a heap without taking allows)",
        ));
    }
    let digit = |offset: usize, c: char| {
        c.to_digit(radix).map(|d| d as u8).ok_or_else(|| {
            let kind = if radix == 8 {
                "an octal digit (0-7)"
            } else {
                "a hexadecimal digit (0-9, A-F)"
            };
            ParseError::at(offset, format!("'{c}' is not {kind}"))
        })
    };
    let mut digits = vec![match before.chars().next() {
        Some(c) => digit(0, c)?,
        None => 0,
    }];
    let start = before.chars().count() + 1;
    if after.is_empty() {
        return Err(ParseError::at(
            start,
            format!(
                "a code needs at least one digit after the point (`...` repeats the last of \
                 them), e.g. `{example}`"
            ),
        ));
    }
    for (i, c) in after.chars().enumerate() {
        digits.push(digit(start + i, c)?);
    }
    if digits[0] & 0b11 != 0 {
        let splits = if radix == 8 { "0 or 4" } else { "0, 4, 8 or C" };
        return Err(ParseError::at(
            0,
            format!(
                "the first digit {:X} lets a move take no chips and leave the heap as it was; \
                 before the point only splits are allowed ({splits})",
                digits[0]
            ),
        ));
    }
    let tail = match repeats {
        false => 0,
        true => *digits.last().expect("a digit is there"),
    };
    TakeBreak::new(digits, tail)
}

impl HeapRule for TakeAndBreak {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        self.code.heap_options(size, option);
    }

    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        self.code.heap_option_bound(size)
    }

    /// The closed form of the code where it has one ([`ClosedCode`]), else the values learnt.
    fn known_heap_value(&self, size: u64) -> Option<u64> {
        match ClosedCode::of(&self.code) {
            Some(closed) => closed.value(size),
            None => self.learnt.value(&self.code, size),
        }
    }

    fn every_heap_known(&self) -> bool {
        self.code.every_heap_known()
    }

    fn period_checked_through(&self, period: Period) -> Option<u64> {
        self.code.period_checked_through(period)
    }

    fn sequence_engine(&self) -> Option<Box<dyn Extend + '_>> {
        self.code.sequence_engine()
    }

    fn known_moves_to(
        &self,
        heaps: &[u64],
        target: Target,
        sink: &mut MoveSink<'_, Vec<u64>>,
    ) -> bool {
        let (Some(closed), Target::Value(target)) = (ClosedCode::of(&self.code), target) else {
            return self
                .learnt
                .moves_to(&self.code, &self.code, heaps, target, sink);
        };
        let value = |size| closed.value(size);
        closed.moves_to(&self.code, heaps, target, sink)
            || self.code.moves_to(heaps, target, &value, None, sink)
    }
}

impl HeapNotation for TakeAndBreak {
    fn params(&self) -> Option<String> {
        self.written.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_strictly() {
        assert_eq!(parse_code("0.77", 8).unwrap().to_string(), "0.77");
        assert_eq!(parse_code(".137", 8).unwrap().to_string(), "0.137");
        assert_eq!(parse_code("4.3...", 8).unwrap().to_string(), "4.3...");
        assert_eq!(parse_code("0.F8", 16).unwrap().to_string(), "0.F8");
        let error = |text, radix| parse_code(text, radix).unwrap_err().to_string();
        assert!(error("0.78", 8).contains("column 4: '8' is not an octal digit"));
        assert!(error("077", 8).contains("not a code"));
        assert!(error("1.7", 8).contains("before the point only splits are allowed (0 or 4)"));
        assert!(error("04.7", 8).contains("one digit before the point"));
        assert!(error("0....", 8).contains("column 3: a code needs at least one digit after"));
        assert!(error("4...", 8).contains("not a code"));
        assert!(error("0.G", 16).contains("hexadecimal"));
    }
}
