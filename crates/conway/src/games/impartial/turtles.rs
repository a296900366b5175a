//! Turning Turtles (Exercise 2.5-10): turn one coin from heads to tails and, if you like,
//! one coin to its left either way. A head on coin n plays like a Nim heap of n.

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, RuleInfo};
use crate::engine::Footprint;
use crate::impartial::Impartial;
use crate::text::ParseError;

/// The most coins a row may have.
pub const MAX_COINS: usize = 128;

/// A row of coins: its length and a bit per head (bit i is coin i + 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Coins {
    /// The number of coins in the row, at most `MAX_COINS` (128).
    pub len: usize,
    /// Bit i set when coin i + 1 shows heads.
    pub heads: u128,
}

impl Footprint for Coins {
    fn footprint(&self) -> usize {
        std::mem::size_of::<Coins>()
    }
}

/// Turning Turtles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurningTurtles;

pub(crate) const TURNING_TURTLES: RuleInfo = RuleInfo {
    name: "turning-turtles",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Turn one coin from heads to tails and, if you like, one coin to its left either way.",
    notation: "a row of `H` and `T`, coin 1 first, e.g. `THTTHTTTHHTHT` (at most 128 coins).",
    misere: "the last to move loses; solved by search.",
    example: "conway solve turning-turtles THTTHTTTHHTHT",
    build: |info, _| Ok(typed(info, TurningTurtles)),
};

fn heads(coins: &Coins) -> impl Iterator<Item = usize> + '_ {
    (0..coins.len).filter(|&i| coins.heads >> i & 1 == 1)
}

impl Impartial for TurningTurtles {
    type Position = Coins;

    fn options(&self, coins: &Coins) -> Vec<Coins> {
        heads(coins)
            .flat_map(|i| {
                let turned = coins.heads ^ (1 << i);
                std::iter::once(turned)
                    .chain((0..i).map(move |j| turned ^ (1 << j)))
                    .map(|heads| Coins {
                        len: coins.len,
                        heads,
                    })
            })
            .collect()
    }

    /// Each head is a game of its own (the coin-turning theorem of Chapter 4).
    fn components(&self, coins: Coins, parts: &mut Vec<Coins>) {
        parts.extend(heads(&coins).map(|i| Coins {
            len: coins.len,
            heads: 1 << i,
        }));
    }

    fn representative(&self, coins: Coins) -> Coins {
        Coins {
            len: (u128::BITS - coins.heads.leading_zeros()) as usize,
            heads: coins.heads,
        }
    }

    /// A lone head on coin n has the value n.
    fn known_value(&self, coins: &Coins) -> Option<u64> {
        match coins.heads.count_ones() {
            0 => Some(0),
            1 => Some(u64::from(coins.heads.trailing_zeros()) + 1),
            _ => None,
        }
    }
}

impl Notation for TurningTurtles {
    fn parse(&self, text: &str) -> Result<Coins, ParseError> {
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseError::whole(
                "there are no coins: write a row of `H` and `T`",
            ));
        }
        if text.chars().count() > MAX_COINS {
            return Err(ParseError::at(
                lead + MAX_COINS,
                format!("more than {MAX_COINS} coins"),
            ));
        }
        let mut coins = Coins { len: 0, heads: 0 };
        for c in text.chars() {
            match c {
                'H' | 'h' => coins.heads |= 1 << coins.len,
                'T' | 't' => {}
                other => {
                    return Err(ParseError::at(
                        lead + coins.len,
                        format!("'{other}' is not a coin: use `H` and `T`"),
                    ))
                }
            }
            coins.len += 1;
        }
        Ok(coins)
    }

    fn show(&self, coins: &Coins) -> String {
        (0..coins.len)
            .map(|i| if coins.heads >> i & 1 == 1 { 'H' } else { 'T' })
            .collect()
    }

    fn describe_move(&self, from: &Coins, to: &Coins) -> String {
        let changed = from.heads ^ to.heads;
        let mut turned: Vec<usize> = (0..from.len)
            .rev()
            .filter(|&i| changed >> i & 1 == 1)
            .collect();
        let coin = |i: usize| {
            let (was, now) = if from.heads >> i & 1 == 1 {
                ("H", "T")
            } else {
                ("T", "H")
            };
            format!("coin {} ({was}→{now})", i + 1)
        };
        let first = coin(turned.remove(0));
        match turned.first() {
            Some(&j) => format!("turn {first} and {}", coin(j)),
            None => format!("turn {first}"),
        }
    }
}
