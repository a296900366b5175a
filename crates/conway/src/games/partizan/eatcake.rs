//! Eatcake, Bynum's game (Exercise 8.11): Left eats one whole column of a cake, Right one
//! whole row; eating a line inside a cake leaves the two pieces on either side of it.

use crate::analysis::typed_partizan;
use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::partizan::{Partizan, Player};
use crate::text::{parse_rectangle, sorted_changes, ParseError};

/// Eatcake. A position is its cakes, each `(rows, columns)`, sorted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Eatcake;

/// The largest side of a cake (a cake of n columns has n moves for Left), and the most cakes.
const MAX_SIDE: u64 = 1 << 20;
const MAX_CAKES: usize = 4096;

pub(crate) const EATCAKE: RuleInfo = RuleInfo {
    name: "eatcake",
    kind: Kind::Partizan,
    params: Params::None,
    summary: "Partizan (Bynum's game). Left eats one whole column of a cake, Right one whole row, which may split the cake in two; whoever cannot eat loses.",
    notation: "cakes `ROWSxCOLUMNS` separated by spaces: `2x3 4x4`. Left eats columns, Right rows. `0` is no cake at all, what eating the last line of a cake leaves.",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve eatcake \"2x3 3x2\"",
    build: |info, _| Ok(typed_partizan(info, Eatcake)),
};

/// Every position after eating one line of one cake, by `eat`, which lists what is left of
/// a cake after each way of eating a line of it.
fn eatings(
    cakes: &[(u64, u64)],
    eat: impl Fn((u64, u64)) -> Vec<Vec<(u64, u64)>>,
) -> Vec<Vec<(u64, u64)>> {
    let mut options = Vec::new();
    for (index, &cake) in cakes.iter().enumerate() {
        if index > 0 && cakes[index - 1] == cake {
            continue;
        }
        for left in eat(cake) {
            let mut option = cakes.to_vec();
            option.remove(index);
            option.extend(left);
            option.sort_unstable();
            options.push(option);
        }
    }
    options.sort();
    options.dedup();
    options
}

/// What is left of a line of `length` after eating the item at each place: the nonempty
/// lengths on either side.
fn sides(length: u64) -> impl Iterator<Item = [u64; 2]> {
    (0..length.div_ceil(2)).map(move |before| [before, length - 1 - before])
}

impl Partizan for Eatcake {
    type Position = Vec<(u64, u64)>;

    fn left_options(&self, cakes: &Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
        eatings(cakes, |(rows, columns)| {
            sides(columns)
                .map(|halves| {
                    halves
                        .iter()
                        .filter(|&&c| c > 0)
                        .map(|&c| (rows, c))
                        .collect()
                })
                .collect()
        })
    }

    fn right_options(&self, cakes: &Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
        eatings(cakes, |(rows, columns)| {
            sides(rows)
                .map(|halves| {
                    halves
                        .iter()
                        .filter(|&&r| r > 0)
                        .map(|&r| (r, columns))
                        .collect()
                })
                .collect()
        })
    }

    fn components(&self, cakes: Vec<(u64, u64)>, parts: &mut Vec<Vec<(u64, u64)>>) {
        parts.extend(cakes.into_iter().map(|cake| vec![cake]));
    }
}

impl PartizanNotation for Eatcake {
    fn parse(&self, text: &str) -> Result<Vec<(u64, u64)>, ParseError> {
        if text.trim() == NO_CAKE {
            return Ok(Vec::new());
        }
        let mut cakes = Vec::new();
        let mut offset = 0;
        for word in text.split(' ') {
            if !word.is_empty() {
                if cakes.len() == MAX_CAKES {
                    return Err(ParseError::at(
                        offset,
                        format!("too many cakes: at most {MAX_CAKES}"),
                    ));
                }
                cakes.push(parse_rectangle(word, offset, MAX_SIDE, "cake")?);
            }
            offset += word.chars().count() + 1;
        }
        if cakes.is_empty() {
            return Err(ParseError::whole(
                "no cakes: write cakes such as 2x3 4x4, or 0 for no cake at all",
            ));
        }
        cakes.sort_unstable();
        Ok(cakes)
    }

    fn show(&self, cakes: &Vec<(u64, u64)>) -> String {
        if cakes.is_empty() {
            return NO_CAKE.to_string();
        }
        let shown: Vec<String> = cakes.iter().map(|(r, c)| format!("{r}x{c}")).collect();
        shown.join(" ")
    }

    fn describe_move(
        &self,
        player: Player,
        from: &Vec<(u64, u64)>,
        to: &Vec<(u64, u64)>,
    ) -> String {
        let (gone, left) = sorted_changes(from, to);
        let line = match player {
            Player::Left => "column",
            Player::Right => "row",
        };
        let [(rows, columns)] = gone.as_slice() else {
            return format!("eat a {line} of a cake");
        };
        let which = if left.is_empty() { "its only" } else { "a" };
        let left: Vec<String> = left.iter().map(|(r, c)| format!("{r}x{c}")).collect();
        let left = if left.is_empty() {
            format!("nothing ({NO_CAKE})")
        } else {
            left.join(" and ")
        };
        format!("eat {which} {line} of {rows}x{columns}, leaving {left}")
    }
}

/// How a position with no cake is written.
const NO_CAKE: &str = "0";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eating_a_line_splits_the_cake() {
        let shown = |options: Vec<Vec<(u64, u64)>>| -> Vec<String> {
            options.iter().map(|o| Eatcake.show(o)).collect()
        };
        let position = Eatcake.parse("2x4 1x1").unwrap();
        assert_eq!(
            shown(Eatcake.left_options(&position)),
            ["1x1 2x1 2x2", "1x1 2x3", "2x4"]
        );
        assert_eq!(shown(Eatcake.right_options(&position)), ["1x1 1x4", "2x4"]);
        let to = Eatcake.parse("1x1 2x1 2x2").unwrap();
        assert_eq!(
            Eatcake.describe_move(Player::Left, &position, &to),
            "eat a column of 2x4, leaving 2x1 and 2x2"
        );
        let to = Eatcake.parse("2x4").unwrap();
        assert_eq!(
            Eatcake.describe_move(Player::Right, &position, &to),
            "eat its only row of 1x1, leaving nothing (0)"
        );
    }

    #[test]
    fn positions_read_back_and_errors_point_at_the_column() {
        assert_eq!(
            Eatcake.show(&Eatcake.parse(" 4x4  2x3 ").unwrap()),
            "2x3 4x4"
        );
        for (text, column) in [("2x0", 2), ("1x1 3", 4), ("2x", 2), ("0x1", 0)] {
            let error = Eatcake.parse(text).unwrap_err();
            assert_eq!(error.offset, Some(column), "{text}: {error}");
        }
        assert!(Eatcake.parse("2x2000000").is_err());
        assert!(Eatcake.parse("").is_err());
        assert_eq!(Eatcake.show(&Eatcake.parse(" 0 ").unwrap()), "0");
        assert!(Eatcake.parse("0 2x3").is_err());
    }
}
