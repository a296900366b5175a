//! Staircase Nim (Example 2.3) and the coin-sliding game it hides in, Silver Dollar
//! (Exercises 2.5-7 and 2.5-8).

use super::{check_size, parse_numbers, ruleset_via_notation, show_numbers, Notation};
use crate::impartial::{Impartial, Target};

/// Staircase Nim: move any number of chips from one stair to the stair below; chips leave
/// the game from stair 1. A position lists the chips on stairs 1, 2, 3, ...
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Staircase;

/// The nim-sum of the odd-numbered stairs (stair 1 is index 0): the position's nim value,
/// since a move from an even stair can be undone by moving the same chips on down.
pub fn odd_stair_sum(stairs: &[u64]) -> u64 {
    stairs.iter().step_by(2).fold(0, |sum, &x| sum ^ x)
}

fn trimmed(mut stairs: Vec<u64>) -> Vec<u64> {
    while stairs.last() == Some(&0) {
        stairs.pop();
    }
    stairs
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

    fn canonical(&self, stairs: &Vec<u64>) -> Vec<u64> {
        trimmed(stairs.clone())
    }

    fn known_value(&self, stairs: &Vec<u64>) -> Option<u64> {
        Some(odd_stair_sum(stairs))
    }

    /// Under normal play each stair offers at most one move to a given value v: from an odd
    /// stair, the move that leaves it `x ⊕ s ⊕ v` chips (s the odd-stair nim-sum); from an
    /// even stair, the move that brings the odd stair below to `y ⊕ s ⊕ v` chips.
    fn known_moves_to(&self, stairs: &Vec<u64>, target: Target) -> Option<Vec<Vec<u64>>> {
        let Target::Value(value) = target else {
            return None;
        };
        let change = odd_stair_sum(stairs) ^ value;
        let mut moves = Vec::new();
        for (i, &chips) in stairs.iter().enumerate() {
            let moved = if i % 2 == 0 {
                chips.checked_sub(chips ^ change)
            } else {
                let below = stairs[i - 1];
                (below ^ change).checked_sub(below)
            };
            if let Some(moved) = moved.filter(|&t| t >= 1 && t <= chips) {
                let mut option = stairs.clone();
                option[i] -= moved;
                if i > 0 {
                    option[i - 1] += moved;
                }
                moves.push(option);
            }
        }
        Some(moves)
    }
}

impl Notation for Staircase {
    fn parse(&self, text: &str) -> Result<Vec<u64>, String> {
        let stairs = parse_numbers(text)?;
        let total = stairs
            .iter()
            .try_fold(0u64, |total, &x| total.checked_add(x))
            .ok_or("there are more chips in all than fit in 64 bits")?;
        check_size(total, "the chip total")?;
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

ruleset_via_notation!(Staircase, |_: &Staircase| "staircase".to_string());

/// A square of the Silver Dollar strip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    Empty,
    Coin,
    Dollar,
}

/// Silver Dollar: coins on a strip that starts at a bag. A coin slides left any distance
/// without passing or landing on another coin; the leftmost coin may drop into the bag. One
/// coin is the silver dollar, and whoever bags it loses, so bagging it is never a winning
/// move and is left out: the player with no other move loses either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SilverDollar;

impl Impartial for SilverDollar {
    type Position = Vec<Square>;

    fn options(&self, strip: &Vec<Square>) -> Vec<Vec<Square>> {
        let mut options = Vec::new();
        let mut free_from = 0;
        for (i, &square) in strip.iter().enumerate() {
            if square == Square::Empty {
                continue;
            }
            let leftmost = free_from == 0;
            if leftmost && square == Square::Coin {
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

    fn canonical(&self, strip: &Vec<Square>) -> Vec<Square> {
        let mut strip = strip.clone();
        while strip.last() == Some(&Square::Empty) {
            strip.pop();
        }
        strip
    }
}

impl Notation for SilverDollar {
    fn parse(&self, text: &str) -> Result<Vec<Square>, String> {
        let strip = text
            .trim()
            .chars()
            .map(|c| match c {
                '.' => Ok(Square::Empty),
                'c' | 'C' | 'o' => Ok(Square::Coin),
                'S' | '$' => Ok(Square::Dollar),
                other => Err(format!("'{other}' is not a square: use `.`, `c` or `S`")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        match strip.iter().filter(|&&s| s == Square::Dollar).count() {
            1 => Ok(strip),
            0 => Err("there is no silver dollar `S`".to_string()),
            _ => Err("there is more than one silver dollar `S`".to_string()),
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
}

ruleset_via_notation!(SilverDollar, |_: &SilverDollar| "silver-dollar".to_string());
