//! The board of a connection game: an n×n grid of cells as the bits of a `u128` (cell (r, c)
//! is bit r·n + c), which cells touch, and each player's two edges. Every question a solver
//! asks of the board (which cells touch a set, which cells a chain of stones reaches, has a
//! player joined) is a few shifts and masks of whole boards.

use crate::engine::Footprint;
use crate::text::ParseError;

/// The largest side: n × n cells fit a 128-bit board.
pub const MAX_SIDE: usize = 11;

/// Which cells touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Grid {
    /// Hex's rhombus of hexagons: (r, c) touches (r, c±1), (r±1, c), (r−1, c+1), (r+1, c−1).
    Hex,
    /// Squex's squares: (r, c) touches (r, c±1) and (r±1, c) only.
    Square,
}

/// The shape of an n×n board of a grid, as masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The side.
    pub n: usize,
    /// Which cells touch.
    pub grid: Grid,
    /// Every cell.
    pub cells: u128,
    not_first_column: u128,
    not_last_column: u128,
    top: u128,
    bottom: u128,
    left: u128,
    right: u128,
}

impl Geometry {
    /// The board of side `n` (1 to [`MAX_SIDE`]).
    pub fn new(n: usize, grid: Grid) -> Geometry {
        debug_assert!((1..=MAX_SIDE).contains(&n));
        let cells = (1u128 << (n * n)) - 1;
        let row = (1u128 << n) - 1;
        let left = (0..n).fold(0, |mask, r| mask | 1u128 << (r * n));
        let right = left << (n - 1);
        Geometry {
            n,
            grid,
            cells,
            not_first_column: cells & !left,
            not_last_column: cells & !right,
            top: row,
            bottom: row << (n * (n - 1)),
            left,
            right,
        }
    }

    /// The cells of `m` and every cell touching one of them.
    pub fn spread(&self, m: u128) -> u128 {
        let n = self.n;
        let mut spread = m
            | (m >> 1) & self.not_last_column
            | (m << 1) & self.not_first_column
            | m >> n
            | m << n;
        if self.grid == Grid::Hex {
            // (r − 1, c + 1) is n − 1 bits lower, (r + 1, c − 1) n − 1 bits higher.
            spread |=
                (m >> (n - 1)) & self.not_first_column | (m << (n - 1)) & self.not_last_column;
        }
        spread & self.cells
    }

    /// The cells touching cell `i`.
    pub fn neighbours(&self, i: usize) -> u128 {
        let bit = 1u128 << i;
        self.spread(bit) & !bit
    }

    /// The cells of `through` that a chain within `through` joins to a cell of `seed`.
    pub fn reach(&self, seed: u128, through: u128) -> u128 {
        let mut reached = seed & through;
        loop {
            let next = self.spread(reached) & through;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// White's edges (the top and bottom rows) or Black's (the left and right columns).
    pub fn edges(&self, white: bool) -> (u128, u128) {
        match white {
            true => (self.top, self.bottom),
            false => (self.left, self.right),
        }
    }

    /// Whether `stones` of White (or Black) join that player's edges.
    pub fn joins(&self, stones: u128, white: bool) -> bool {
        let (from, to) = self.edges(white);
        self.reach(from, stones) & to != 0
    }

    /// The cells of `m`, lowest first.
    pub fn bits(mut m: u128) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || {
            let i = (m != 0).then(|| m.trailing_zeros() as usize)?;
            m &= m - 1;
            Some(i)
        })
    }
}

/// A position of a connection game: the stones of each player and who moves. White (Left)
/// joins the top and bottom rows, Black (Right) the left and right columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// The side.
    pub n: u8,
    /// White's stones.
    pub white: u128,
    /// Black's stones.
    pub black: u128,
    /// Whether White is to move.
    pub white_to_move: bool,
}

impl Footprint for Board {
    fn footprint(&self) -> usize {
        std::mem::size_of::<Board>()
    }
}

/// Who has joined their edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    /// Nobody yet.
    Nobody,
    /// White, top to bottom.
    White,
    /// Black, left to right.
    Black,
}

impl Board {
    /// The side.
    pub fn side(&self) -> usize {
        self.n as usize
    }

    /// The empty cells.
    pub fn empty(&self, geometry: &Geometry) -> u128 {
        geometry.cells & !(self.white | self.black)
    }

    /// The stones of the player to move and of the other.
    pub fn mover_and_other(&self) -> (u128, u128) {
        match self.white_to_move {
            true => (self.white, self.black),
            false => (self.black, self.white),
        }
    }

    /// Who has joined their edges.
    pub fn joined(&self, geometry: &Geometry) -> Joined {
        if geometry.joins(self.white, true) {
            Joined::White
        } else if geometry.joins(self.black, false) {
            Joined::Black
        } else {
            Joined::Nobody
        }
    }

    /// The board after the player to move puts a stone on cell `i`.
    pub fn after(&self, i: usize) -> Board {
        let bit = 1u128 << i;
        let mut next = *self;
        match self.white_to_move {
            true => next.white |= bit,
            false => next.black |= bit,
        }
        next.white_to_move = !self.white_to_move;
        next
    }

    /// Where this board goes in a table of `len` slots: a multiplicative hash of its stones,
    /// side and mover and of the table's own `flags`, ranged onto the slots by its high bits.
    pub fn slot(&self, flags: u8, len: usize) -> usize {
        const ODD: u64 = 0x9E37_79B9_7F4A_7C15;
        let mix = |x: u128| (x as u64) ^ ((x >> 64) as u64).rotate_left(29);
        let h = mix(self.white).wrapping_mul(ODD).rotate_left(31)
            ^ mix(self.black).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ u64::from(flags)
            ^ u64::from(self.n) << 8
            ^ u64::from(self.white_to_move) << 16;
        ((u128::from(h.wrapping_mul(ODD)) * len as u128) >> 64) as usize
    }

    /// The cells of `mask` turned half round the centre: (r, c) goes to (n−1−r, n−1−c).
    pub fn turn_cells(&self, mask: u128) -> u128 {
        let cells = self.side() * self.side();
        mask.reverse_bits() >> (128 - cells)
    }

    /// The board turned half round its centre: the same game, since each player's edges go
    /// to each other and every cell's neighbours to the turned cell's.
    pub fn turned(&self) -> Board {
        Board {
            white: self.turn_cells(self.white),
            black: self.turn_cells(self.black),
            ..*self
        }
    }

    /// The same stones with the other player to move.
    pub fn passed(&self) -> Board {
        Board {
            white_to_move: !self.white_to_move,
            ..*self
        }
    }

    /// Written as it is read: the player to move, then the rows from the top.
    pub fn show(&self) -> String {
        let n = self.side();
        let rows: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        let bit = 1u128 << (r * n + c);
                        match (self.white & bit != 0, self.black & bit != 0) {
                            (true, _) => 'W',
                            (_, true) => 'B',
                            _ => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        let mover = if self.white_to_move { "W" } else { "B" };
        format!("{mover}:{}", rows.join("|"))
    }

    /// The move from this board to `to`, in words.
    pub fn describe_move(&self, to: &Board) -> String {
        let placed = (to.white | to.black) & !(self.white | self.black);
        if placed == 0 {
            return "none: the board is full and nobody has joined (a draw)".to_string();
        }
        let i = placed.trailing_zeros() as usize;
        let n = self.side();
        let colour = if self.white_to_move { "White" } else { "Black" };
        format!("{colour} on row {}, column {}", i / n + 1, i % n + 1)
    }

    /// Reads a board: optionally `W:` or `B:` (the player to move; without it White if both
    /// have as many stones, Black if White has one more), then rows from the top separated by
    /// `|` of `.`, `W` and `B`. A board on which the game is over is refused: a game ends at
    /// the first join, on the joiner's move.
    pub fn parse(text: &str, grid: Grid) -> Result<Board, ParseError> {
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
            let mut width = 0;
            for (c, cell) in row.chars().enumerate() {
                let bit = 1u128.checked_shl((r * n + c) as u32).unwrap_or(0);
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
                width += 1;
            }
            if width != n {
                return Err(ParseError::at(
                    offset,
                    format!(
                        "row {} has {}, but a board of {} has {} in each: a board is square",
                        r + 1,
                        counted(width, "cell"),
                        counted(n, "row"),
                        counted(n, "cell")
                    ),
                ));
            }
            offset += width + 1;
        }
        let geometry = Geometry::new(n, grid);
        let joined = [geometry.joins(white, true), geometry.joins(black, false)];
        if joined == [true, true] {
            return Err(ParseError::whole(
                "both players have joined their edges: a game ends at the first join",
            ));
        }
        let (w, b) = (white.count_ones(), black.count_ones());
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
        if joined[usize::from(!white_to_move)] {
            let mover = if white_to_move { "White" } else { "Black" };
            return Err(ParseError::whole(format!(
                "{mover} has joined their edges and is to move: a join ends the game on the joiner's move, so the other player would be to move"
            )));
        }
        Ok(Board {
            n: n as u8,
            white,
            black,
            white_to_move,
        })
    }
}

/// `count` things, as a person writes it: `1 row`, `2 rows`.
fn counted(count: usize, thing: &str) -> String {
    match count {
        1 => format!("1 {thing}"),
        _ => format!("{count} {thing}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The neighbours by the definition, cell by cell.
    fn neighbours_by_definition(n: usize, grid: Grid, i: usize) -> u128 {
        let (r, c) = ((i / n) as isize, (i % n) as isize);
        let mut steps = vec![(0, -1), (0, 1), (-1, 0), (1, 0)];
        if grid == Grid::Hex {
            steps.extend([(-1, 1), (1, -1)]);
        }
        let n = n as isize;
        steps
            .into_iter()
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..n).contains(&r) && (0..n).contains(&c))
            .fold(0, |mask, (r, c)| mask | 1u128 << (r * n + c))
    }

    #[test]
    fn shifts_give_the_neighbours_of_the_definition() {
        for grid in [Grid::Hex, Grid::Square] {
            for n in 1..=MAX_SIDE {
                let geometry = Geometry::new(n, grid);
                for i in 0..n * n {
                    assert_eq!(
                        geometry.neighbours(i),
                        neighbours_by_definition(n, grid, i),
                        "{grid:?} n = {n}, cell {i}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_half_turn_keeps_who_has_joined_and_what_touches() {
        let board = Board::parse("W..|.WB|B.W", Grid::Hex).unwrap();
        let turned = board.turned();
        assert_eq!(turned.show(), "B:W.B|BW.|..W");
        assert_eq!(turned.turned(), board);
        let geometry = Geometry::new(3, Grid::Hex);
        for i in 0..9 {
            let turned_neighbours = board.turn_cells(geometry.neighbours(i));
            assert_eq!(turned_neighbours, geometry.neighbours(8 - i));
        }
    }

    #[test]
    fn a_chain_joins_only_through_touching_cells() {
        // The anti-diagonal of 3×3 is a chain of Hex but not of squares.
        let diagonal = 1 << 2 | 1 << 4 | 1 << 6;
        assert!(Geometry::new(3, Grid::Hex).joins(diagonal, true));
        assert!(Geometry::new(3, Grid::Hex).joins(diagonal, false));
        assert!(!Geometry::new(3, Grid::Square).joins(diagonal, true));
    }
}
