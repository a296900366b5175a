//! Backsliding Toads and Frogs (Winning Ways; Albert and Nowakowski, 2009): Toads and Frogs
//! where a piece may also step back one square into an empty one (it never jumps back). Play
//! can go round a cycle, so a position's value is a loopy game: a stopper or a pair of sides.

use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::games::partizan::toads::{self, Row};
use crate::games::partizan::{Cell, ToadsAndFrogs};
use crate::partizan::{Partizan, Player};
use crate::text::ParseError;

/// Backsliding Toads and Frogs. A position is its rows, written as in Toads and Frogs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BackslidingToads;

pub(crate) const BACKSLIDING_TOADS: RuleInfo = RuleInfo {
    name: "backsliding-toads",
    kind: Kind::LoopyPartizan,
    params: Params::None,
    summary: "Partizan, may loop. Toads and Frogs in which a toad (Left's) or a frog (Right's) may also step back one square into an empty one; whoever cannot move loses, and play that goes on for ever is a draw.",
    notation: "rows of `T` (toad), `F` (frog) and `.` (empty) separated by spaces, as for `toads`: `T..F`.",
    misere: "the player who cannot move wins: the outcome and the best moves from the game graph (no value).",
    example: "conway solve backsliding-toads \"T..F\"",
    build: |info, _| Ok(crate::analysis::typed_partizan(info, BackslidingToads)),
};

/// Every position after `piece` steps back one square into an empty one, in one row.
fn back_steps(rows: &[Row], piece: Cell) -> Vec<Vec<Row>> {
    let mut options = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        for (i, &square) in row.iter().enumerate() {
            let behind = match piece {
                Cell::Toad => i.checked_sub(1),
                _ => Some(i + 1).filter(|&j| j < row.len()),
            };
            match behind {
                Some(j) if square == piece && row[j] == Cell::Empty => {
                    let mut option = rows.to_vec();
                    option[index].swap(i, j);
                    options.push(option);
                }
                _ => {}
            }
        }
    }
    options
}

/// The moves of `piece`: those of Toads and Frogs, then the steps back.
fn moves(rows: &[Row], piece: Cell) -> Vec<Vec<Row>> {
    let mut options = toads::moves(rows, piece);
    options.extend(back_steps(rows, piece));
    options
}

impl Partizan for BackslidingToads {
    type Position = Vec<Row>;

    fn left_options(&self, rows: &Vec<Row>) -> Vec<Vec<Row>> {
        moves(rows, Cell::Toad)
    }

    fn right_options(&self, rows: &Vec<Row>) -> Vec<Vec<Row>> {
        moves(rows, Cell::Frog)
    }

    /// Each piece has at most a move forward and a step back.
    fn option_bound(&self, rows: &Vec<Row>) -> Option<u64> {
        let pieces = rows.iter().flatten().filter(|&&s| s != Cell::Empty).count();
        Some(2 * pieces as u64)
    }

    /// Each row is a game of its own.
    fn components(&self, rows: Vec<Row>, parts: &mut Vec<Vec<Row>>) {
        parts.extend(rows.into_iter().map(|row| vec![row]));
    }
}

impl PartizanNotation for BackslidingToads {
    fn parse(&self, text: &str) -> Result<Vec<Row>, ParseError> {
        ToadsAndFrogs.parse(text)
    }

    fn show(&self, rows: &Vec<Row>) -> String {
        ToadsAndFrogs.show(rows)
    }

    /// Where the piece was and where it went (the square that emptied and the one that
    /// filled), and whether it stepped, jumped or stepped back.
    fn describe_move(&self, player: Player, from: &Vec<Row>, to: &Vec<Row>) -> String {
        let piece = match player {
            Player::Left => Cell::Toad,
            Player::Right => Cell::Frog,
        };
        let name = if piece == Cell::Toad { "toad" } else { "frog" };
        let moved = from.iter().zip(to).enumerate().find(|(_, (a, b))| a != b);
        let Some((index, (before, after))) = moved else {
            return format!("a {name} moves");
        };
        let emptied = (0..before.len()).find(|&i| before[i] == piece && after[i] == Cell::Empty);
        let filled = (0..before.len()).find(|&i| before[i] == Cell::Empty && after[i] == piece);
        let (Some(start), Some(end)) = (emptied, filled) else {
            return format!("a {name} moves");
        };
        let forward = (end > start) == (piece == Cell::Toad);
        let how = match (forward, start.abs_diff(end)) {
            (false, _) => "steps back",
            (true, 1) => "moves",
            (true, _) => "jumps",
        };
        let place = match from.len() {
            1 => String::new(),
            _ => format!(" in row {}", index + 1),
        };
        format!(
            "{name}{place} {how} from square {} to {}",
            start + 1,
            end + 1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(rows: Vec<Vec<Row>>) -> Vec<String> {
        rows.iter().map(|r| BackslidingToads.show(r)).collect()
    }

    #[test]
    fn pieces_step_back_but_never_jump_back() {
        let position = BackslidingToads.parse(".TF. F.T").unwrap();
        // Forward moves first (the toad jumps the frog), then the steps back.
        assert_eq!(
            shown(BackslidingToads.left_options(&position)),
            ["..FT F.T", "T.F. F.T", ".TF. FT."]
        );
        assert_eq!(
            shown(BackslidingToads.right_options(&position)),
            ["FT.. F.T", ".T.F F.T", ".TF. .FT"]
        );
        // Nothing steps back onto a piece or jumps back over one.
        let blocked = BackslidingToads.parse("FT.").unwrap();
        assert_eq!(shown(BackslidingToads.left_options(&blocked)), ["F.T"]);
        assert!(BackslidingToads.right_options(&blocked).is_empty());
    }

    #[test]
    fn moves_are_described_by_their_direction() {
        let from = BackslidingToads.parse(".TF.").unwrap();
        let describe = |player, to: &str| {
            let to = BackslidingToads.parse(to).unwrap();
            BackslidingToads.describe_move(player, &from, &to)
        };
        assert_eq!(
            describe(Player::Left, "T.F."),
            "toad steps back from square 2 to 1"
        );
        assert_eq!(
            describe(Player::Right, ".T.F"),
            "frog steps back from square 3 to 4"
        );
        assert_eq!(
            describe(Player::Right, "FT.."),
            "frog jumps from square 3 to 1"
        );
    }
}
