//! The coin-turning games of chapter 4 as rulesets: `coins:RULE` (1-D games, positions the
//! heads' coin numbers), `tartan:G1*G2` (Tartan products), `turning-corners` and
//! `moving-twins` (positions the heads' squares `(row,column)`).

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, RuleInfo};
use crate::coin::plane::{describe_squares, Square};
use crate::coin::{changed, describe_turn, CoinError, CoinGame, MovingTwins, Rule, Tartan};
use crate::text::{parse_number, ParseError};
use std::collections::BTreeSet;

pub(crate) const COINS: RuleInfo = RuleInfo {
    name: "coins",
    kind: Kind::Impartial,
    params: Params::Required {
        name: "RULE",
        example: "mock-turtles",
    },
    summary: "A 1-D coin-turning game (chapter 4): turn over a set of coins that RULE allows, the rightmost from heads to tails.",
    notation: "RULE is twins, turning-turtles, mock-turtles, ruler, grunt, triplets, rulerette, subtraction:S (turn x and x−s, or x alone when x is in S), subtraction-two:S (exactly x and x−s) or one-or-two:S (x alone, or x and x−s), S a set such as 1,3,4. A position is the coin numbers of the heads, separated by spaces, every other coin tails; coins are numbered from 0 in twins, mock-turtles, grunt and triplets, from 1 in the others (§4.1), e.g. `3 5 8`; `-` is all tails. (The ruleset `turning-turtles` is the same game written as a row of H and T.)",
    misere: "the last to move loses; solved by search.",
    example: "conway solve coins:mock-turtles \"3 5 8\"",
    build: |info, params| Ok(typed(info, CoinGame::new(Rule::parse(params.unwrap_or(""))?))),
};

pub(crate) const TARTAN: RuleInfo = RuleInfo {
    name: "tartan",
    kind: Kind::Impartial,
    params: Params::Required {
        name: "G1*G2",
        example: "mock-turtles*ruler",
    },
    summary: "The Tartan product of two coin games (§4.4): turn the coins A × B for a move A of G1 and a move B of G2, the south-east coin from heads to tails.",
    notation: "G1 and G2 are coin games as `coins:RULE` names them, e.g. `tartan:mock-turtles*ruler`. A position is the heads' squares `(row,column)` separated by spaces, rows numbered as G1 numbers its coins and columns as G2 does, e.g. `(1,2) (3,4)`; `-` is all tails.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve tartan:mock-turtles*ruler \"(0,2) (4,8)\"",
    build: |info, params| {
        let params = params.unwrap_or("");
        let (rows, columns) = params.split_once(['*', '×']).ok_or_else(|| {
            ParseError::whole("write the product as G1*G2, e.g. `tartan:mock-turtles*ruler`")
        })?;
        let columns_at = rows.chars().count() + 1;
        let rows = Rule::parse(rows)?;
        let columns = Rule::parse(columns).map_err(|e| e.shifted(columns_at))?;
        Ok(typed(info, Tartan::new(rows, columns)))
    },
};

pub(crate) const TURNING_CORNERS: RuleInfo = RuleInfo {
    name: "turning-corners",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Turn the four corners of a rectangle, the south-east one from heads to tails (Example 4.7; Twins × Twins). g[(x,y)] = x ⊗ y.",
    notation: "the heads' squares `(row,column)` separated by spaces, from (0,0) at the top left, e.g. `(1,3) (3,2) (4,4)`; `-` is all tails.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve turning-corners \"(1,3) (3,2) (4,4)\"",
    build: |info, _| Ok(typed(info, Tartan::new(Rule::Twins, Rule::Twins))),
};

pub(crate) const MOVING_TWINS: RuleInfo = RuleInfo {
    name: "moving-twins",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Turn two coins in one row or one column, the south-east one from heads to tails (Example 4.6). g[(x,y)] = x ⊕ y.",
    notation: "the heads' squares `(row,column)` separated by spaces, from (0,0) at the top left, e.g. `(1,3) (3,2) (4,4)`; `-` is all tails.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve moving-twins \"(1,3) (3,2) (4,4)\"",
    build: |info, _| Ok(typed(info, MovingTwins)),
};

/// The words of a text, each with the column (in characters) where it starts.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, (byte, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, byte)),
            (true, Some((at, from))) => {
                words.push((at, &text[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((at, from)) = start {
        words.push((at, &text[from..]));
    }
    words
}

/// How a position without heads is written.
const ALL_TAILS: &str = "-";

/// A coin game's refusal of a coin, at its column.
fn refused(at: usize, error: CoinError) -> ParseError {
    ParseError::at(at, error.to_string())
}

impl Notation for CoinGame<Rule> {
    fn parse(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        let mut heads = BTreeSet::new();
        if text.trim() == ALL_TAILS {
            return Ok(Vec::new());
        }
        for (at, word) in words(text) {
            let x = parse_number(word).map_err(|e| e.shifted(at))?;
            self.check_coin(x).map_err(|e| refused(at, e))?;
            if !heads.insert(x) {
                return Err(ParseError::at(
                    at,
                    format!("coin {x} is written twice: write each head once"),
                ));
            }
        }
        Ok(heads.into_iter().collect())
    }

    fn show(&self, heads: &Vec<u64>) -> String {
        match heads.is_empty() {
            true => ALL_TAILS.to_string(),
            false => crate::text::show_numbers(heads),
        }
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        describe_turn(&changed(from, to))
    }

    fn params(&self) -> Option<String> {
        Some(crate::coin::CoinRule::name(self.rule()))
    }
}

/// Reads squares `(row,column)` separated by spaces, each checked by `check`.
fn parse_squares(
    text: &str,
    check: impl Fn(Square) -> Result<(), CoinError>,
) -> Result<Vec<Square>, ParseError> {
    if text.trim() == ALL_TAILS {
        return Ok(Vec::new());
    }
    let chars: Vec<char> = text.chars().collect();
    let mut heads = BTreeSet::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        if chars[i] != '(' {
            return Err(ParseError::at(
                i,
                "write each head as a square (row,column), e.g. (1,2)",
            ));
        }
        let close = (i..chars.len()).find(|&j| chars[j] == ')').ok_or_else(|| {
            ParseError::at(i, "this '(' has no ')': write a square as (row,column)")
        })?;
        let inside: String = chars[i + 1..close].iter().collect();
        let (row, column) = inside.split_once(',').ok_or_else(|| {
            ParseError::at(i, "write a square as (row,column), with a comma between")
        })?;
        let row_at = i + 1;
        let column_at = row_at + row.chars().count() + 1;
        let square = (
            parse_number(row).map_err(|e| e.shifted(row_at))?,
            parse_number(column).map_err(|e| e.shifted(column_at))?,
        );
        check(square).map_err(|e| refused(i, e))?;
        if !heads.insert(square) {
            return Err(ParseError::at(
                i,
                format!(
                    "square ({},{}) is written twice: write each head once",
                    square.0, square.1
                ),
            ));
        }
        i = close + 1;
    }
    Ok(heads.into_iter().collect())
}

fn show_squares(heads: &[Square]) -> String {
    if heads.is_empty() {
        return ALL_TAILS.to_string();
    }
    let squares: Vec<String> = heads.iter().map(|(x, y)| format!("({x},{y})")).collect();
    squares.join(" ")
}

impl Notation for Tartan<Rule, Rule> {
    fn parse(&self, text: &str) -> Result<Vec<Square>, ParseError> {
        parse_squares(text, |square| self.check_square(square))
    }

    fn show(&self, heads: &Vec<Square>) -> String {
        show_squares(heads)
    }

    fn describe_move(&self, from: &Vec<Square>, to: &Vec<Square>) -> String {
        describe_squares(from, to)
    }

    fn params(&self) -> Option<String> {
        use crate::coin::CoinRule;
        Some(format!(
            "{}*{}",
            self.rows().rule().name(),
            self.columns().rule().name()
        ))
    }
}

impl Notation for MovingTwins {
    fn parse(&self, text: &str) -> Result<Vec<Square>, ParseError> {
        parse_squares(text, |_| Ok(()))
    }

    fn show(&self, heads: &Vec<Square>) -> String {
        show_squares(heads)
    }

    fn describe_move(&self, from: &Vec<Square>, to: &Vec<Square>) -> String {
        describe_squares(from, to)
    }
}
