//! Staircase Nim (Example 2.3) and the coin-sliding game it hides in, Silver Dollar
//! (Exercises 2.5-7 and 2.5-8).

use crate::analysis::typed;
use crate::analysis::{Kind, Misere, Notation, Params, RuleInfo};
use crate::engine::Footprint;
use crate::impartial::{Impartial, MoveSink, Target};
use crate::text::{
    check_size, parse_numbers, show_numbers, trim_end, ParseError, Separator, MAX_SIZE,
};

/// Staircase Nim: move any number of chips from one stair to the stair below; chips leave
/// the game from stair 1. A position lists the chips on stairs 1, 2, 3, ...
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Staircase;

pub(crate) const STAIRCASE: RuleInfo = RuleInfo {
    name: "staircase",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Move any number of chips from a stair to the stair below; chips leave from stair 1.",
    notation: "chip counts on stairs 1, 2, 3, ... separated by spaces, e.g. `3 0 5 2`.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve staircase \"3 0 5 2\"",
    build: |info, _| Ok(typed(info, Staircase)),
};

/// The nim-sum of the odd-numbered stairs (stair 1 is index 0): the position's nim value,
/// since a move from an even stair can be undone by moving the same chips on down.
pub fn odd_stair_sum(stairs: &[u64]) -> u64 {
    stairs.iter().step_by(2).fold(0, |sum, &x| sum ^ x)
}

impl Impartial for Staircase {
    type Position = Vec<u64>;

    fn options(&self, stairs: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for (i, &chips) in stairs.iter().enumerate() {
            for moved in 1..=chips {
                let mut option = stairs.clone();
                option[i] -= moved;
                if i > 0 {
                    option[i - 1] += moved;
                }
                options.push(option);
            }
        }
        options
    }

    /// One option per chip that can move.
    fn option_bound(&self, stairs: &Vec<u64>) -> Option<u64> {
        Some(
            stairs
                .iter()
                .fold(0u64, |total, &x| total.saturating_add(x)),
        )
    }

    /// Without its empty top stairs.
    fn representative(&self, mut stairs: Vec<u64>) -> Vec<u64> {
        trim_end(&mut stairs, &0);
        stairs
    }

    fn known_value(&self, stairs: &Vec<u64>) -> Option<u64> {
        Some(odd_stair_sum(stairs))
    }

    /// Under normal play each stair offers at most one move to a given value v: from an odd
    /// stair, the move that leaves it `x ⊕ s ⊕ v` chips (s the odd-stair nim-sum); from an
    /// even stair, the move that brings the odd stair below to `y ⊕ s ⊕ v` chips.
    fn known_moves_to(
        &self,
        stairs: &Vec<u64>,
        target: Target,
        sink: &mut MoveSink<'_, Vec<u64>>,
    ) -> bool {
        let Target::Value(value) = target else {
            return false;
        };
        let change = odd_stair_sum(stairs) ^ value;
        for (i, &chips) in stairs.iter().enumerate() {
            let moved = if i % 2 == 0 {
                chips.checked_sub(chips ^ change)
            } else {
                let below = stairs[i - 1];
                (below ^ change).checked_sub(below)
            };
            if let Some(moved) = moved.filter(|&t| t >= 1 && t <= chips) {
                sink.push_with(|| {
                    let mut option = stairs.clone();
                    option[i] -= moved;
                    if i > 0 {
                        option[i - 1] += moved;
                    }
                    option
                });
            }
        }
        true
    }
}

impl Notation for Staircase {
    fn parse(&self, text: &str) -> Result<Vec<u64>, ParseError> {
        let stairs = parse_numbers(text, Separator::Spaces)?;
        if stairs.is_empty() {
            return Err(ParseError::whole("there are no stairs"));
        }
        let total = stairs
            .iter()
            .try_fold(0u64, |total, &x| total.checked_add(x))
            .ok_or(ParseError::whole(
                "there are more chips in all than fit in 64 bits",
            ))?;
        check_size(total, MAX_SIZE, "the chip total")?;
        Ok(stairs)
    }

    fn show(&self, stairs: &Vec<u64>) -> String {
        show_numbers(stairs)
    }

    fn describe_move(&self, from: &Vec<u64>, to: &Vec<u64>) -> String {
        let i = (0..from.len())
            .rev()
            .find(|&i| to[i] < from[i])
            .unwrap_or(0);
        let moved = from[i] - to[i];
        let chips = if moved == 1 { "chip" } else { "chips" };
        match i {
            0 => format!("move {moved} {chips} from stair 1 to the ground"),
            _ => format!("move {moved} {chips} from stair {} to stair {i}", i + 1),
        }
    }
}

/// A square of the Silver Dollar strip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// No coin: `.`.
    Empty,
    /// A plain coin: `c`.
    Coin,
    /// The silver dollar: `S`.
    Dollar,
}

impl Footprint for Square {
    fn footprint(&self) -> usize {
        std::mem::size_of::<Square>()
    }
}

/// Silver Dollar: coins on a strip that starts at a bag. A coin slides left any distance
/// without passing or landing on another coin; the leftmost coin may drop into the bag. One
/// coin is the silver dollar, and whoever bags it loses.
///
/// Under normal play bagging the dollar is never a winning move and is left out, as the
/// texts do: the player with no other move loses either way. Under misère play it is listed
/// as a move that ends the game (the strip then holds no dollar), so that its player, having
/// moved last, loses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SilverDollar {
    /// Whether bagging the dollar is listed as a move.
    pub bagging_the_dollar: bool,
}

pub(crate) const SILVER_DOLLAR: RuleInfo = RuleInfo {
    name: "silver-dollar",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Slide a coin left without passing another; the leftmost coin may drop into the bag, but whoever bags the silver dollar loses.",
    notation: "the strip right of the bag, square 1 first: `c` a coin, `S` the silver dollar, `.` empty, e.g. `.c..S.c`.",
    misere: "the last to move loses; bagging the dollar then is a move that ends the game, and loses. A strip without `S` is such an ended game.",
    example: "conway solve silver-dollar \".c..S.c\"",
    build: |info, _| Ok(typed(info, SilverDollar::default())),
};

impl Impartial for SilverDollar {
    type Position = Vec<Square>;

    fn options(&self, strip: &Vec<Square>) -> Vec<Vec<Square>> {
        let mut options = Vec::new();
        if !strip.contains(&Square::Dollar) {
            return options;
        }
        let mut free_from = 0;
        for (i, &square) in strip.iter().enumerate() {
            if square == Square::Empty {
                continue;
            }
            let leftmost = free_from == 0;
            if leftmost && (square == Square::Coin || self.bagging_the_dollar) {
                let mut option = strip.clone();
                option[i] = Square::Empty;
                options.push(option);
            }
            for target in free_from..i {
                let mut option = strip.clone();
                option.swap(target, i);
                options.push(option);
            }
            free_from = i + 1;
        }
        options
    }

    /// A coin moves to one of the empty squares between it and the coin before it, or into
    /// the bag: at most one option per square, and one more.
    fn option_bound(&self, strip: &Vec<Square>) -> Option<u64> {
        Some(strip.len() as u64 + 1)
    }

    /// Without the empty squares past the last coin.
    fn representative(&self, mut strip: Vec<Square>) -> Vec<Square> {
        trim_end(&mut strip, &Square::Empty);
        strip
    }
}

impl Notation for SilverDollar {
    fn parse(&self, text: &str) -> Result<Vec<Square>, ParseError> {
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let strip = text
            .trim()
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                '.' => Ok(Square::Empty),
                'c' | 'C' | 'o' => Ok(Square::Coin),
                'S' | '$' => Ok(Square::Dollar),
                other => Err(ParseError::at(
                    lead + i,
                    format!("'{other}' is not a square: use `.`, `c` or `S`"),
                )),
            })
            .collect::<Result<Vec<_>, _>>()?;
        match strip.iter().filter(|&&s| s == Square::Dollar).count() {
            1 => Ok(strip),
            // Under the rules that bag the dollar, a strip without it is a game that is over.
            0 if self.bagging_the_dollar => Ok(strip),
            0 => Err(ParseError::whole("there is no silver dollar `S`")),
            _ => Err(ParseError::whole(
                "there is more than one silver dollar `S`",
            )),
        }
    }

    fn show(&self, strip: &Vec<Square>) -> String {
        strip
            .iter()
            .map(|s| match s {
                Square::Empty => '.',
                Square::Coin => 'c',
                Square::Dollar => 'S',
            })
            .collect()
    }

    fn describe_move(&self, from: &Vec<Square>, to: &Vec<Square>) -> String {
        let source = (0..from.len())
            .rev()
            .find(|&i| from[i] != Square::Empty && to[i] == Square::Empty)
            .unwrap_or(0);
        let coin = match from[source] {
            Square::Dollar => "the silver dollar",
            _ => "the coin",
        };
        match (0..source).find(|&i| to[i] != from[i]) {
            Some(target) => format!(
                "slide {coin} on square {} to square {}",
                source + 1,
                target + 1
            ),
            None => format!("drop {coin} on square {} into the bag", source + 1),
        }
    }

    fn misere(&self) -> Misere<Self> {
        Misere::Rules(SilverDollar {
            bagging_the_dollar: true,
        })
    }
}
