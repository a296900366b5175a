//! Cram: Domineering made impartial. Either player places a domino on two neighbouring empty
//! squares, in either direction; whoever cannot place one loses. A board is Domineering's
//! bitboard, and its moves are both players' Domineering moves; its regions are independent
//! games as there, and a region is the same game under all eight symmetries of the square,
//! the transposition included (it swaps the directions, which Cram does not tell apart).
//!
//! Two theorems of symmetry play are the tests' anchors: an even × even rectangle is a
//! second-player win (answer each domino by its half-turn image), an even × odd one a
//! first-player win (the central domino first, then the same answer). A strip of n squares is
//! Dawson's Kayles (octal 0.07) with a heap of n.

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, PartizanNotation, RuleInfo};
use crate::games::partizan::domineering::domino_placed;
use crate::games::partizan::{Domineering, DomineeringBoard};
use crate::impartial::Impartial;
use crate::partizan::Partizan;
use crate::text::ParseError;

/// Cram. A position is a [`DomineeringBoard`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cram;

pub(crate) const CRAM: RuleInfo = RuleInfo {
    name: "cram",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Impartial Domineering: either player places a domino on two neighbouring empty squares, in either direction; whoever cannot place one loses.",
    notation: "as Domineering's: rows of squares from the top, separated by `|`: `.` an empty square, `#` a blocked one; all rows the same width, at most 256 squares in all. `...|...|...` is the 3×3 board.",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve cram \"....|....|....\"",
    build: |info, _| Ok(typed(info, Cram)),
};

impl Impartial for Cram {
    type Position = DomineeringBoard;

    fn options(&self, board: &DomineeringBoard) -> Vec<DomineeringBoard> {
        let mut options = Domineering.left_options(board);
        options.extend(Domineering.right_options(board));
        options
    }

    /// The regions of empty squares, each cut to its bounding box (single squares, which
    /// have no moves, left out).
    fn components(&self, board: DomineeringBoard, parts: &mut Vec<DomineeringBoard>) {
        Domineering.components(board, parts);
    }

    /// The smallest of the board's eight symmetric images: Domineering's four reflections
    /// of the board and of its transpose.
    fn representative(&self, board: DomineeringBoard) -> DomineeringBoard {
        let transposed = Domineering
            .negation(&board)
            .expect("every Domineering board has a transpose");
        let one = Domineering.representative(board);
        let other = Domineering.representative(transposed);
        one.min(other)
    }
}

impl Notation for Cram {
    fn parse(&self, text: &str) -> Result<DomineeringBoard, ParseError> {
        Domineering.parse(text)
    }

    fn show(&self, board: &DomineeringBoard) -> String {
        Domineering.show(board)
    }

    fn describe_move(&self, from: &DomineeringBoard, to: &DomineeringBoard) -> String {
        domino_placed(from, to).unwrap_or_else(|| format!("a domino, to {}", Domineering.show(to)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::Solver;
    use crate::nimber::mex;
    use std::collections::HashMap;

    fn board(text: &str) -> DomineeringBoard {
        Cram.parse(text).unwrap()
    }

    fn rectangle(rows: usize, columns: usize) -> DomineeringBoard {
        DomineeringBoard::rectangle(rows, columns).unwrap()
    }

    fn nim_value(position: &DomineeringBoard) -> u64 {
        let mut solver = Solver::new(&Cram);
        solver.nim_value(position).unwrap()
    }

    /// The nim value by the definition alone: the mex of the options' values, on the whole
    /// board as given (no regions, no symmetries).
    fn by_definition(
        position: &DomineeringBoard,
        known: &mut HashMap<DomineeringBoard, u64>,
    ) -> u64 {
        if let Some(&value) = known.get(position) {
            return value;
        }
        let mut options = Domineering.left_options(position);
        options.extend(Domineering.right_options(position));
        let values: Vec<u64> = options.iter().map(|o| by_definition(o, known)).collect();
        let value = mex(values);
        known.insert(position.clone(), value);
        value
    }

    #[test]
    fn moves_are_both_directions_and_read_as_dominoes() {
        let corner = board("..|.#");
        let options = Cram.options(&corner);
        let shown: Vec<String> = options.iter().map(|o| Cram.show(o)).collect();
        assert_eq!(shown, ["#.|##", "##|.#"]);
        let described: Vec<String> = options
            .iter()
            .map(|o| Cram.describe_move(&corner, o))
            .collect();
        assert_eq!(
            described,
            [
                "vertical domino on rows 1-2, column 1",
                "horizontal domino on row 1, columns 1-2"
            ]
        );
        assert_eq!(nim_value(&corner), 1);
    }

    /// The solver (regions, symmetries) against the definition on every board of 3 × 3,
    /// 2 × 5 and 3 × 4 squares with any squares blocked.
    #[test]
    fn every_small_board_has_the_value_of_the_definition() {
        let mut known = HashMap::new();
        for (rows, columns) in [(3, 3), (2, 5), (3, 4)] {
            for blocked in 0u32..1 << (rows * columns) {
                let text: Vec<String> = (0..rows)
                    .map(|r| {
                        (0..columns)
                            .map(|c| match blocked >> (r * columns + c) & 1 {
                                1 => '#',
                                _ => '.',
                            })
                            .collect()
                    })
                    .collect();
                let position = board(&text.join("|"));
                assert_eq!(
                    nim_value(&position),
                    by_definition(&position, &mut known),
                    "{}",
                    text.join("|")
                );
            }
        }
    }

    /// Symmetry play: the second player wins an even × even rectangle, the first player an
    /// even × odd one.
    #[test]
    fn even_rectangles_are_lost_and_even_by_odd_ones_won() {
        for (rows, columns) in [(2, 2), (2, 4), (2, 6), (2, 8), (4, 4), (2, 10), (4, 6)] {
            assert_eq!(nim_value(&rectangle(rows, columns)), 0, "{rows}×{columns}");
            assert_eq!(nim_value(&rectangle(columns, rows)), 0, "{columns}×{rows}");
        }
        for (rows, columns) in [(2, 1), (2, 3), (2, 5), (2, 7), (2, 9), (4, 3), (4, 5)] {
            assert_ne!(nim_value(&rectangle(rows, columns)), 0, "{rows}×{columns}");
            assert_ne!(nim_value(&rectangle(columns, rows)), 0, "{columns}×{rows}");
        }
    }

    /// A strip of n squares is Dawson's Kayles (octal 0.07): a domino leaves two strips
    /// of a and b squares, a + b = n − 2.
    #[test]
    fn a_strip_is_dawsons_kayles() {
        let mut dawson: Vec<u64> = Vec::new();
        for n in 0..=60usize {
            let after = (0..n.saturating_sub(1)).map(|a| dawson[a] ^ dawson[n - 2 - a]);
            dawson.push(mex(after));
        }
        for (n, &value) in dawson.iter().enumerate().skip(1) {
            assert_eq!(nim_value(&rectangle(1, n)), value, "1×{n}");
            assert_eq!(nim_value(&rectangle(n, 1)), value, "{n}×1");
        }
        assert_eq!(&dawson[..12], [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
    }
}
