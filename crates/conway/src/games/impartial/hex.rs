//! Hex (§5.4) and misère Hex (Exercise 5.6). Hex is partizan: White (Left) joins the top and
//! bottom rows, Black (Right) the left and right columns. Played here as Northcott's game is,
//! with the player to move written in the position: a position's moves are the mover's stones
//! on its empty cells, so its outcome is that of an impartial game, N where the player to move
//! wins and P where the other does. Once a player has joined their edges no one moves on: the
//! player to move, who did not make the last move, has lost (normal play), or won (misère
//! play, where joining one's own edges loses).
//!
//! The outcome comes from a search of its own: negamax over pairs of bitboards, with a
//! transposition table kept between the calls of one analysis (a position and then each of
//! its options share most of their subtrees), and moves from the centre out.

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, RuleInfo};
use crate::engine::{Footprint, Outcome, Play};
use crate::impartial::Impartial;
use crate::text::ParseError;
use std::sync::Mutex;

/// The largest side: n × n cells fit a 128-bit board.
pub const MAX_SIDE: usize = 11;

/// The most positions the outcome search visits for one question before it gives up (and
/// the engine's own search, under the user's limits, takes over).
const MAX_NODES: u64 = 2_000_000;

/// The slots of the transposition table, 48 bytes each (12 MB in all): a fixed table whose
/// slot a position's hash picks, a new entry replacing an old one, so that its memory is
/// small and fixed beside any memory limit (the hook that asks has no meter). A replaced
/// entry costs time, never correctness.
const TABLE_SLOTS: usize = 1 << 18;

pub(crate) const HEX: RuleInfo = RuleInfo {
    name: "hex",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Hex on an n×n rhombus: White places stones to join the top and bottom rows, Black to join the left and right columns; whoever joins their edges wins. White moves first unless the position says `B:`.",
    notation: "optionally `W:` or `B:` (the player to move; without it White if both have as many stones, Black if White has one more), then rows from the top separated by `|`: `.` empty, `W` a White stone, `B` a Black stone; at most 11×11. Cell (r, c) touches (r, c±1), (r±1, c), (r−1, c+1) and (r+1, c−1). The outcome is N where the player to move wins, P where the other does. (Hexadecimal take-and-break codes are `hexcode:CODE`.)",
    misere: "misère Hex (reverse Hex): whoever joins their own edges loses.",
    example: "conway solve hex \"...|...|...\"",
    build: |info, _| Ok(typed(info, Hex::default())),
};

/// A Hex board: the stones of each player as bits (cell (r, c) is bit r·n + c) and who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexBoard {
    /// The side.
    pub n: u8,
    /// White's stones.
    pub white: u128,
    /// Black's stones.
    pub black: u128,
    /// Whether White is to move.
    pub white_to_move: bool,
}

impl Footprint for HexBoard {
    fn footprint(&self) -> usize {
        std::mem::size_of::<HexBoard>()
    }
}

/// Who has joined their edges on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Joined {
    Nobody,
    White,
    Black,
}

impl HexBoard {
    fn side(&self) -> usize {
        self.n as usize
    }

    fn cells(&self) -> u128 {
        let cells = self.side() * self.side();
        if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        }
    }

    fn empty(&self) -> u128 {
        self.cells() & !(self.white | self.black)
    }

    /// The cells next to cell `i`.
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> {
        let n = self.side() as isize;
        let (r, c) = ((i as isize) / n, (i as isize) % n);
        [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)]
            .into_iter()
            .map(move |(dr, dc)| (r + dr, c + dc))
            .filter(move |&(r, c)| r >= 0 && r < n && c >= 0 && c < n)
            .map(move |(r, c)| (r * n + c) as usize)
    }

    /// Whether the `stones` join the cells of `from` to those of `to`.
    fn joins(&self, stones: u128, from: u128, to: u128) -> bool {
        let mut reached = stones & from;
        let mut frontier = reached;
        while frontier != 0 {
            let i = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            for j in self.neighbours(i) {
                let bit = 1u128 << j;
                if stones & bit != 0 && reached & bit == 0 {
                    reached |= bit;
                    frontier |= bit;
                }
            }
        }
        reached & to != 0
    }

    /// Whether White (top to bottom) or Black (left to right) has joined their edges.
    fn joins_edges(&self, white: bool) -> bool {
        let n = self.side();
        let row = |r: usize| ((1u128 << n) - 1) << (r * n);
        let column = |c: usize| (0..n).fold(0u128, |mask, r| mask | 1u128 << (r * n + c));
        if white {
            self.joins(self.white, row(0), row(n - 1))
        } else {
            self.joins(self.black, column(0), column(n - 1))
        }
    }

    fn joined(&self) -> Joined {
        if self.joins_edges(true) {
            Joined::White
        } else if self.joins_edges(false) {
            Joined::Black
        } else {
            Joined::Nobody
        }
    }

    /// The board after the player to move puts a stone on cell `i`.
    fn after(&self, i: usize) -> HexBoard {
        let bit = 1u128 << i;
        let mut next = *self;
        if self.white_to_move {
            next.white |= bit;
        } else {
            next.black |= bit;
        }
        next.white_to_move = !self.white_to_move;
        next
    }

    /// The empty cells, in order.
    fn empty_cells(&self) -> impl Iterator<Item = usize> {
        let mut empty = self.empty();
        std::iter::from_fn(move || {
            let i = (empty != 0).then(|| empty.trailing_zeros() as usize)?;
            empty &= empty - 1;
            Some(i)
        })
    }

    /// The empty cells, the centre first: central stones decide most games, so the search
    /// finds a winning move sooner.
    fn moves(&self) -> Vec<usize> {
        let n = self.side() as isize;
        let mut cells: Vec<usize> = self.empty_cells().collect();
        let distance = |i: usize| {
            let (r, c) = ((i as isize) / n, (i as isize) % n);
            (2 * r - (n - 1)).abs() + (2 * c - (n - 1)).abs()
        };
        cells.sort_by_key(|&i| (distance(i), i));
        cells
    }
}

/// Hex, with the transposition table of its outcome search.
#[derive(Debug, Default)]
pub struct Hex {
    table: Mutex<Vec<Slot>>,
}

/// A solved position in the table: its side and stones, who moves, the play, and whether
/// the player to move wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot {
    white: u128,
    black: u128,
    n: u8,
    /// Bit 0: filled; bit 1: White to move; bit 2: misère; bit 3: the player to move wins.
    flags: u8,
}

impl Slot {
    const FILLED: u8 = 1;
    const WHITE_TO_MOVE: u8 = 2;
    const MISERE: u8 = 4;
    const WINS: u8 = 8;

    fn key(board: &HexBoard, misere: bool) -> u8 {
        let mut flags = Slot::FILLED;
        if board.white_to_move {
            flags |= Slot::WHITE_TO_MOVE;
        }
        if misere {
            flags |= Slot::MISERE;
        }
        flags
    }

    /// The slot of a position: a multiplicative hash of its stones and flags.
    fn index(board: &HexBoard, key: u8) -> usize {
        let mix = |x: u128| (x as u64) ^ ((x >> 64) as u64).rotate_left(29);
        let h = mix(board.white)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(31)
            ^ mix(board.black).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ u64::from(key)
            ^ u64::from(board.n) << 8;
        (h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize % TABLE_SLOTS
    }
}

impl Hex {
    /// Whether the player to move wins `board` under `play`, by a search of at most
    /// two million positions; `None` past them.
    pub fn mover_wins(&self, board: &HexBoard, play: Play) -> Option<bool> {
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if table.is_empty() {
            table.resize(TABLE_SLOTS, Slot::default());
        }
        let mut nodes = 0;
        Search {
            table: &mut table,
            nodes: &mut nodes,
            misere: play == Play::Misere,
        }
        .wins(board)
    }
}

/// One outcome search.
struct Search<'a> {
    table: &'a mut [Slot],
    nodes: &'a mut u64,
    misere: bool,
}

impl Search<'_> {
    fn wins(&mut self, board: &HexBoard) -> Option<bool> {
        let joined = board.joined();
        if joined != Joined::Nobody {
            let white_joined = joined == Joined::White;
            // The joiner wins under normal play and loses under misère play.
            let white_wins = white_joined != self.misere;
            return Some(white_wins == board.white_to_move);
        }
        let key = Slot::key(board, self.misere);
        let index = Slot::index(board, key);
        let slot = self.table[index];
        let same = slot.white == board.white && slot.black == board.black && slot.n == board.n;
        if same && slot.flags & !Slot::WINS == key {
            return Some(slot.flags & Slot::WINS != 0);
        }
        *self.nodes += 1;
        if *self.nodes > MAX_NODES {
            return None;
        }
        let mut wins = false;
        for cell in board.moves() {
            if !self.wins(&board.after(cell))? {
                wins = true;
                break;
            }
        }
        self.table[index] = Slot {
            white: board.white,
            black: board.black,
            n: board.n,
            flags: key | if wins { Slot::WINS } else { 0 },
        };
        Some(wins)
    }
}

impl Clone for Hex {
    fn clone(&self) -> Self {
        Hex::default()
    }
}

impl PartialEq for Hex {
    fn eq(&self, _other: &Hex) -> bool {
        true
    }
}

impl Impartial for Hex {
    type Position = HexBoard;

    fn options(&self, board: &HexBoard) -> Vec<HexBoard> {
        if board.joined() != Joined::Nobody {
            return Vec::new();
        }
        board.empty_cells().map(|i| board.after(i)).collect()
    }

    /// Hex is partizan: the nimber of its turn-recording positions means nothing to a player.
    fn values_wanted(&self) -> bool {
        false
    }

    fn known_outcome(&self, board: &HexBoard) -> Option<Outcome> {
        self.mover_wins(board, Play::Normal)
            .map(|wins| Outcome::p_if(!wins))
    }

    fn known_misere_outcome(&self, board: &HexBoard) -> Option<Outcome> {
        self.mover_wins(board, Play::Misere)
            .map(|wins| Outcome::p_if(!wins))
    }
}

impl Notation for Hex {
    fn parse(&self, text: &str) -> Result<HexBoard, ParseError> {
        let (mover, rows_text, start) = match text.split_once(':') {
            Some((mover, rest)) => match mover.trim() {
                "W" => (Some(true), rest, mover.len() + 1),
                "B" => (Some(false), rest, mover.len() + 1),
                _ => {
                    return Err(ParseError::at(
                        0,
                        "before `:` write W or B, the player to move",
                    ))
                }
            },
            None => (None, text, 0),
        };
        let rows: Vec<&str> = rows_text.split('|').collect();
        let n = rows.len();
        if n > MAX_SIDE {
            return Err(ParseError::whole(format!(
                "a board of {n} rows: at most {MAX_SIDE}×{MAX_SIDE}"
            )));
        }
        let (mut white, mut black) = (0u128, 0u128);
        let mut offset = start;
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.chars().collect();
            if cells.len() != n {
                return Err(ParseError::at(
                    offset,
                    format!(
                        "row {} has {} cells: a board of {n} rows has {n} cells in each",
                        r + 1,
                        cells.len()
                    ),
                ));
            }
            for (c, &cell) in cells.iter().enumerate() {
                let bit = 1u128 << (r * n + c);
                match cell {
                    '.' => {}
                    'W' => white |= bit,
                    'B' => black |= bit,
                    other => {
                        return Err(ParseError::at(
                            offset + c,
                            format!(
                                "'{other}' is not a cell: write '.' for an empty cell, 'W' and 'B' for stones"
                            ),
                        ))
                    }
                }
            }
            offset += cells.len() + 1;
        }
        let (w, b) = (white.count_ones(), black.count_ones());
        let board = HexBoard {
            n: n as u8,
            white,
            black,
            white_to_move: true,
        };
        let white_joined = board.joins_edges(true);
        if white_joined && board.joins_edges(false) {
            return Err(ParseError::whole(
                "both players have joined their edges: a game of Hex ends at the first join",
            ));
        }
        let white_to_move = match mover {
            Some(mover) => mover,
            None if w == b => true,
            None if w == b + 1 => false,
            None => {
                return Err(ParseError::whole(format!(
                "White has {w} stones and Black {b}: say who moves, `W:` or `B:` before the rows"
            )))
            }
        };
        let joined_by_mover = if white_to_move {
            white_joined
        } else {
            board.joins_edges(false)
        };
        if joined_by_mover {
            let mover = if white_to_move { "White" } else { "Black" };
            return Err(ParseError::whole(format!(
                "{mover} has joined their edges and is to move: a join ends the game on the joiner's move, so the other player would be to move"
            )));
        }
        Ok(HexBoard {
            white_to_move,
            ..board
        })
    }

    fn show(&self, board: &HexBoard) -> String {
        let n = board.side();
        let rows: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        let bit = 1u128 << (r * n + c);
                        if board.white & bit != 0 {
                            'W'
                        } else if board.black & bit != 0 {
                            'B'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        let mover = if board.white_to_move { "W" } else { "B" };
        format!("{mover}:{}", rows.join("|"))
    }

    fn describe_move(&self, from: &HexBoard, to: &HexBoard) -> String {
        let placed = (to.white | to.black) & !(from.white | from.black);
        let i = placed.trailing_zeros() as usize;
        let n = from.side();
        let colour = if from.white_to_move { "White" } else { "Black" };
        format!("{colour} on row {}, column {}", i / n + 1, i % n + 1)
    }

    fn passed(&self, board: &HexBoard) -> Option<HexBoard> {
        Some(HexBoard {
            white_to_move: !board.white_to_move,
            ..*board
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> HexBoard {
        Hex::default().parse(text).unwrap()
    }

    /// The first moves that win for White on an empty n×n board, as (row, column) from 0.
    fn winning_first_moves(n: usize, play: Play) -> Vec<(usize, usize)> {
        let hex = Hex::default();
        let empty = board(&vec![".".repeat(n); n].join("|"));
        (0..n * n)
            .filter(|&i| !hex.mover_wins(&empty.after(i), play).unwrap())
            .map(|i| (i / n, i % n))
            .collect()
    }

    #[test]
    fn exercise_5_5_the_winning_openings() {
        assert_eq!(winning_first_moves(1, Play::Normal), [(0, 0)]);
        assert_eq!(winning_first_moves(2, Play::Normal), [(0, 1), (1, 0)]);
        assert_eq!(
            winning_first_moves(3, Play::Normal),
            [(0, 2), (1, 0), (1, 1), (1, 2), (2, 0)]
        );
        assert_eq!(
            winning_first_moves(4, Play::Normal),
            [(0, 3), (1, 2), (2, 1), (3, 0)]
        );
    }

    /// Plain minimax over the rules, without the table or the move order.
    fn plain(board: &HexBoard, misere: bool) -> bool {
        match board.joined() {
            Joined::Nobody => {}
            joined => return ((joined == Joined::White) != misere) == board.white_to_move,
        }
        board.empty_cells().any(|i| !plain(&board.after(i), misere))
    }

    #[test]
    fn the_search_is_plain_minimax() {
        let hex = Hex::default();
        let texts = [
            "...|...|...",
            "W..|.B.|...",
            "B:W..|...|...",
            ".B.|W..|..W",
            "..|..",
            "W.|.B",
        ];
        for text in texts {
            let position = board(text);
            for (play, misere) in [(Play::Normal, false), (Play::Misere, true)] {
                assert_eq!(
                    hex.mover_wins(&position, play),
                    Some(plain(&position, misere)),
                    "{text} {play:?}"
                );
            }
        }
    }

    #[test]
    fn a_joined_board_ends_the_game() {
        let hex = Hex::default();
        // White has joined top to bottom; Black is to move and has lost (normal play), or
        // won (misère play).
        let joined = board("B:W..|W..|W.B");
        assert_eq!(joined.joined(), Joined::White);
        assert!(hex.options(&joined).is_empty());
        assert_eq!(hex.mover_wins(&joined, Play::Normal), Some(false));
        assert_eq!(hex.mover_wins(&joined, Play::Misere), Some(true));
    }

    #[test]
    fn notation_reads_back_and_refuses_bad_boards() {
        let hex = Hex::default();
        for text in ["W:...|...|...", "B:W..|...|...", "W:WB.|...|..."] {
            assert_eq!(hex.show(&board(text)), text);
        }
        assert!(board("W..|...|...").white_to_move.eq(&false));
        let refused = |text: &str| hex.parse(text).unwrap_err();
        assert_eq!(refused("...|..x|...").offset, Some(6));
        assert!(refused("...|..").reason.contains("row 1 has 3 cells"));
        assert!(refused("WW.|...|...").reason.contains("say who moves"));
        assert!(refused(&vec![".".repeat(12); 12].join("|"))
            .reason
            .contains("at most 11"));
        assert!(refused("X:...|...|...").reason.contains("W or B"));
        // The review's finished boards: the player to move cannot be the one who joined,
        // and a game ends at the first join.
        assert!(refused("W:W.B|W.B|W.B").reason.contains("White has joined"));
        assert!(refused("W:WB|WB").reason.contains("White has joined"));
        assert!(refused("B:BBB|WW.|W..").reason.contains("Black has joined"));
        assert!(board("B:W.B|W.B|W..").white_to_move.eq(&false));
    }
}
