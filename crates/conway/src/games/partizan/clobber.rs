//! Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001): Left's stones (`x`) and Right's
//! (`o`) on a board of squares. A player moves one of their stones onto an orthogonally
//! neighbouring stone of the other's, which is removed ("clobbered"); whoever cannot move
//! loses.
//!
//! A board is two bitboards of at most 64 squares (bit `row × width + column`). Groups of
//! stones that touch no other group are independent games, each cut to its bounding box, and a
//! group of one colour has no moves at all (value 0). Every symmetry of the square keeps a
//! position's value, and exchanging the colours negates it. Since a player can move exactly
//! where the other can (a stone next to one of the other colour), every value is
//! infinitesimal: all-small.

use crate::analysis::typed_partizan;
use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::engine::Footprint;
use crate::partizan::{Partizan, Player};
use crate::text::ParseError;
use std::cmp::Ordering;

/// Clobber. A position is a [`ClobberBoard`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clobber;

/// The most squares a board may have, rows × columns: one machine word of bits.
pub const MAX_CLOBBER_SQUARES: usize = 64;

pub(crate) const CLOBBER: RuleInfo = RuleInfo {
    name: "clobber",
    kind: Kind::Partizan,
    params: Params::None,
    summary: "Partizan. A player moves one of their stones onto an orthogonally neighbouring stone of the other's, which is removed; whoever cannot move loses.",
    notation: "rows of squares from the top, separated by `|`: `x` a stone of Left's, `o` one of Right's, `.` an empty square; all rows the same width, at most 64 squares in all. `xo|ox` is the 2×2 checkerboard.",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve clobber \"xox|oxo\"",
    build: |info, _| Ok(typed_partizan(info, Clobber)),
};

/// A Clobber board: `height` rows of `width` squares, each empty or holding a stone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClobberBoard {
    width: u8,
    height: u8,
    /// Left's stones, bit `row × width + column`.
    left: u64,
    /// Right's stones.
    right: u64,
}

impl Footprint for ClobberBoard {
    fn footprint(&self) -> usize {
        std::mem::size_of::<ClobberBoard>()
    }
}

impl ClobberBoard {
    /// The board of `rows` × `columns` squares in a checkerboard of stones, Left's in the
    /// top left corner, if it has at most [`MAX_CLOBBER_SQUARES`].
    pub fn checkerboard(rows: usize, columns: usize) -> Option<ClobberBoard> {
        let squares = rows.checked_mul(columns)?;
        if rows == 0 || columns == 0 || squares > MAX_CLOBBER_SQUARES {
            return None;
        }
        let mut board = ClobberBoard {
            width: columns as u8,
            height: rows as u8,
            ..ClobberBoard::default()
        };
        for (row, column) in board.squares() {
            let bit = board.bit(row, column);
            if (row + column) % 2 == 0 {
                board.left |= bit;
            } else {
                board.right |= bit;
            }
        }
        Some(board)
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Whose stone is on the square in `row`, `column` (both from 0), if any.
    pub fn stone_at(&self, row: usize, column: usize) -> Option<Player> {
        if row >= self.height() || column >= self.width() {
            return None;
        }
        let bit = self.bit(row, column);
        if self.left & bit != 0 {
            Some(Player::Left)
        } else if self.right & bit != 0 {
            Some(Player::Right)
        } else {
            None
        }
    }

    fn bit(&self, row: usize, column: usize) -> u64 {
        1 << (row * self.width() + column)
    }

    /// Every square, row by row.
    fn squares(&self) -> impl Iterator<Item = (usize, usize)> {
        let width = self.width();
        (0..self.height()).flat_map(move |row| (0..width).map(move |column| (row, column)))
    }

    /// The squares of the board, as bits.
    fn all(&self) -> u64 {
        u64::MAX >> (64 - self.width() * self.height())
    }

    /// The squares orthogonally next to those of `bits`.
    fn around(&self, bits: u64) -> u64 {
        let width = self.width();
        let first_column = (0..self.height()).fold(0u64, |column, row| column | 1 << (row * width));
        let last_column = first_column << (width - 1);
        let sideways = (bits & !last_column) << 1 | (bits & !first_column) >> 1;
        // A board of one row 64 squares wide has no row above or below.
        let vertical = bits.checked_shl(width as u32).unwrap_or(0)
            | bits.checked_shr(width as u32).unwrap_or(0);
        (sideways | vertical) & self.all()
    }

    /// The boards after `player` moves a stone onto a neighbouring stone of the other's.
    fn moves(&self, player: Player) -> Vec<ClobberBoard> {
        let (own, other) = match player {
            Player::Left => (self.left, self.right),
            Player::Right => (self.right, self.left),
        };
        let mut moves = Vec::new();
        let mut stones = own & self.around(other);
        while stones != 0 {
            let from = stones & stones.wrapping_neg();
            stones &= stones - 1;
            let mut targets = self.around(from) & other;
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets &= targets - 1;
                let (own, other) = (own & !from | to, other & !to);
                moves.push(match player {
                    Player::Left => self.with(own, other),
                    Player::Right => self.with(other, own),
                });
            }
        }
        moves
    }

    fn with(&self, left: u64, right: u64) -> ClobberBoard {
        ClobberBoard {
            left,
            right,
            ..*self
        }
    }

    /// The groups of stones that touch no other stone, each with stones of both colours and
    /// cut to its bounding box.
    fn groups(&self) -> Vec<ClobberBoard> {
        let mut stones = self.left | self.right;
        let mut groups = Vec::new();
        while stones != 0 {
            let mut group = stones & stones.wrapping_neg();
            loop {
                let grown = (group | self.around(group)) & stones;
                if grown == group {
                    break;
                }
                group = grown;
            }
            stones &= !group;
            if self.left & group != 0 && self.right & group != 0 {
                groups.push(self.cropped(group));
            }
        }
        groups
    }

    /// The stones of `group` alone (not another group's within its bounds) on a board cut
    /// to their bounding box, moved a row at a time.
    fn cropped(&self, group: u64) -> ClobberBoard {
        let width = self.width();
        let line = |bits: u64, row: usize| bits >> (row * width) & self.row_mask();
        let mut rows = (0..self.height()).filter(|&row| line(group, row) != 0);
        let top = rows.next().unwrap_or(0);
        let bottom = rows.next_back().unwrap_or(top);
        let columns = (top..=bottom).fold(0, |columns, row| columns | line(group, row));
        let first = columns.trailing_zeros() as usize;
        let cut_width = (u64::BITS - columns.leading_zeros()) as usize - first;
        let cut = |stones: u64| {
            (top..=bottom).fold(0u64, |image, row| {
                image | (line(stones & group, row) >> first) << ((row - top) * cut_width)
            })
        };
        ClobberBoard {
            width: cut_width as u8,
            height: (bottom - top + 1) as u8,
            left: cut(self.left),
            right: cut(self.right),
        }
    }

    /// The squares of one row, as the low bits.
    fn row_mask(&self) -> u64 {
        u64::MAX >> (64 - self.width())
    }

    /// The board's four reflections: itself, upside down, left to right, and both (the
    /// half-turn), moved a row at a time.
    fn reflections(&self) -> [ClobberBoard; 4] {
        let (width, height) = (self.width(), self.height());
        let reflect = |bits: u64, upside_down: bool, mirrored: bool| {
            (0..height).fold(0u64, |image, row| {
                let mut line = bits >> (row * width) & self.row_mask();
                if mirrored {
                    line = line.reverse_bits() >> (64 - width);
                }
                let to = if upside_down { height - 1 - row } else { row };
                image | line << (to * width)
            })
        };
        [(false, false), (true, false), (false, true), (true, true)].map(
            |(upside_down, mirrored)| {
                self.with(
                    reflect(self.left, upside_down, mirrored),
                    reflect(self.right, upside_down, mirrored),
                )
            },
        )
    }

    /// The board turned about its main diagonal.
    fn transposed(&self) -> ClobberBoard {
        let (width, height) = (self.width(), self.height());
        let turn = |stones: u64| {
            let mut turned = 0u64;
            let mut rest = stones;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                turned |= 1 << ((i % width) * height + i / width);
            }
            turned
        };
        ClobberBoard {
            width: self.height,
            height: self.width,
            left: turn(self.left),
            right: turn(self.right),
        }
    }

    /// The board's eight images under the symmetries of the square.
    #[cfg(test)]
    fn images(&self) -> impl Iterator<Item = ClobberBoard> {
        let turned = self.transposed();
        self.reflections().into_iter().chain(turned.reflections())
    }
}

impl Partizan for Clobber {
    type Position = ClobberBoard;

    fn left_options(&self, board: &ClobberBoard) -> Vec<ClobberBoard> {
        board.moves(Player::Left)
    }

    fn right_options(&self, board: &ClobberBoard) -> Vec<ClobberBoard> {
        board.moves(Player::Right)
    }

    fn components(&self, board: ClobberBoard, parts: &mut Vec<ClobberBoard>) {
        parts.extend(board.groups());
    }

    /// The least of the board's eight images under the symmetries of the square: boards
    /// are ordered by width first, so only the images of the narrower shape compete.
    fn representative(&self, board: ClobberBoard) -> ClobberBoard {
        let least = |images: [ClobberBoard; 4]| images.into_iter().min().unwrap_or(board);
        match board.width.cmp(&board.height) {
            Ordering::Less => least(board.reflections()),
            Ordering::Greater => least(board.transposed().reflections()),
            Ordering::Equal => {
                least(board.reflections()).min(least(board.transposed().reflections()))
            }
        }
    }

    /// The colours exchanged.
    fn negation(&self, board: &ClobberBoard) -> Option<ClobberBoard> {
        Some(board.with(board.right, board.left))
    }

    /// A group of at most ten stones: its value takes a moment.
    fn worth_valuing(&self, board: &ClobberBoard) -> bool {
        (board.left | board.right).count_ones() <= VALUED_STONES
    }
}

/// The most stones of a group whose value an outcome search finds rather than searching its
/// moves.
const VALUED_STONES: u32 = 10;

impl PartizanNotation for Clobber {
    fn parse(&self, text: &str) -> Result<ClobberBoard, ParseError> {
        let rows: Vec<&str> = text.split('|').collect();
        let width = rows[0].chars().count();
        let mut board = ClobberBoard::default();
        let mut column_of_text = 0;
        let mut square = 0;
        for (row, line) in rows.iter().enumerate() {
            let length = line.chars().count();
            if length == 0 {
                return Err(ParseError::at(
                    column_of_text,
                    format!(
                        "row {} is empty: every row needs at least one square (x, o or .)",
                        row + 1
                    ),
                ));
            }
            if length != width {
                return Err(ParseError::at(
                    column_of_text,
                    format!(
                        "row {} has {length} squares but row 1 has {width}: all rows must have the same width",
                        row + 1
                    ),
                ));
            }
            for (offset, c) in line.chars().enumerate() {
                if square == MAX_CLOBBER_SQUARES {
                    return Err(ParseError::at(
                        column_of_text + offset,
                        format!("more than {MAX_CLOBBER_SQUARES} squares (rows × columns): boards are limited to {MAX_CLOBBER_SQUARES}"),
                    ));
                }
                let bit = 1u64 << square;
                match c {
                    'x' => board.left |= bit,
                    'o' => board.right |= bit,
                    '.' => {}
                    other => {
                        return Err(ParseError::at(
                            column_of_text + offset,
                            format!("'{other}' is not a square: write x for Left's stone, o for Right's, . for an empty square and | between rows"),
                        ))
                    }
                }
                square += 1;
            }
            column_of_text += length + 1;
        }
        board.width = width as u8;
        board.height = rows.len() as u8;
        Ok(board)
    }

    fn show(&self, board: &ClobberBoard) -> String {
        let mut text = String::with_capacity((board.width() + 1) * board.height());
        for (row, column) in board.squares() {
            if row > 0 && column == 0 {
                text.push('|');
            }
            text.push(match board.stone_at(row, column) {
                Some(Player::Left) => 'x',
                Some(Player::Right) => 'o',
                None => '.',
            });
        }
        text
    }

    fn describe_move(&self, player: Player, from: &ClobberBoard, to: &ClobberBoard) -> String {
        let (before, after) = match player {
            Player::Left => (from.left, to.left),
            Player::Right => (from.right, to.right),
        };
        let same_frame = (from.width, from.height) == (to.width, to.height);
        let (left, arrived) = (before & !after, after & !before);
        if !same_frame || left.count_ones() != 1 || arrived.count_ones() != 1 {
            return format!("{player} clobbers, to {}", self.show(to));
        }
        let square = |bit: u64| {
            let i = bit.trailing_zeros() as usize;
            format!(
                "row {}, column {}",
                i / from.width() + 1,
                i % from.width() + 1
            )
        };
        format!(
            "{player}'s stone on {} takes {}",
            square(left),
            square(arrived)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> ClobberBoard {
        Clobber.parse(text).unwrap()
    }

    fn shown(boards: Vec<ClobberBoard>) -> Vec<String> {
        boards.iter().map(|b| Clobber.show(b)).collect()
    }

    #[test]
    fn a_stone_moves_onto_a_neighbour_of_the_other_colour() {
        let position = board("xo.|ox.");
        let left = Clobber.left_options(&position);
        assert_eq!(
            shown(left.clone()),
            [".x.|ox.", ".o.|xx.", "xx.|o..", "xo.|x.."]
        );
        assert_eq!(
            Clobber.describe_move(Player::Left, &position, &left[2]),
            "Left's stone on row 2, column 2 takes row 1, column 2"
        );
        assert_eq!(
            shown(Clobber.right_options(&position)),
            ["o..|ox.", "x..|oo.", "oo.|.x.", "xo.|.o."]
        );
    }

    #[test]
    fn groups_are_cut_out_and_one_coloured_ones_left_out() {
        let mut parts = Vec::new();
        Clobber.components(board("xx.o|...x|o.ox|x..."), &mut parts);
        assert_eq!(shown(parts), [".o|.x|ox", "o|x"]);
    }

    #[test]
    fn the_eight_images_of_a_board_share_its_representative() {
        let corner = board("x.|ox");
        let images: Vec<ClobberBoard> = corner.images().collect();
        assert!(images.contains(&board(".x|xo")) && images.contains(&board("xo|.x")));
        for image in images {
            assert_eq!(
                Clobber.representative(image),
                Clobber.representative(corner)
            );
        }
        let wide = board("xo.|...");
        let images: Vec<String> = wide.images().map(|b| Clobber.show(&b)).collect();
        assert!(images.contains(&"..|.o|.x".to_string()), "{images:?}");
    }

    #[test]
    fn positions_read_back_and_errors_point_at_the_column() {
        assert_eq!(Clobber.show(&board("xo.|.ox")), "xo.|.ox");
        for (text, column) in [("xo|o", 3), ("xa", 1), ("|x", 0), ("x|", 2)] {
            let error = Clobber.parse(text).unwrap_err();
            assert_eq!(error.offset, Some(column), "{text}: {error}");
        }
        assert!(Clobber.parse(&".".repeat(MAX_CLOBBER_SQUARES)).is_ok());
        assert!(Clobber.parse(&".".repeat(MAX_CLOBBER_SQUARES + 1)).is_err());
        assert_eq!(ClobberBoard::checkerboard(2, 3), Some(board("xox|oxo")));
        assert_eq!(ClobberBoard::checkerboard(9, 8), None);
    }
}
