//! Fox and Geese as Winning Ways plays it (chapter 22): on a chequered board the geese
//! (Left's) step one square diagonally forward, up the board, and the fox (Right's) one square
//! diagonally either way; nobody jumps or captures, and whoever cannot move loses. The geese
//! run out of moves, but the fox can go back and forth, so play may repeat: values are
//! stoppers (every alternating play moves the geese, so none goes on for ever), such as
//! `1 + over`.

use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::engine::{Footprint, Meter, SearchError};
use crate::loopy::{LoopyError, StopperStore};
use crate::partizan::{Partizan, Player};
use crate::text::ParseError;

/// Fox and Geese on any rectangle of at most 128 squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FoxAndGeese;

/// The most squares of a board: one bit each in the masks of a position.
const MAX_SQUARES: usize = 128;

/// A board: its size, and a mask of the squares holding geese and one of those holding
/// foxes (square `r * width + c` is row `r` from the top, column `c` from the left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    geese: u128,
    foxes: u128,
}

impl Footprint for Board {
    fn footprint(&self) -> usize {
        size_of::<Board>()
    }
}

pub(crate) const FOX_AND_GEESE: RuleInfo = RuleInfo {
    name: "fox-and-geese",
    kind: Kind::LoopyPartizan,
    params: Params::None,
    summary: "Partizan, may loop. The geese (Left's) step one square diagonally up the board, the fox (Right's) one square diagonally any way, always to an empty square; nobody jumps or captures, and whoever cannot move loses (Winning Ways, chapter 22).",
    notation: "rows from the top, separated by `|`, of `G` (goose), `F` (fox) and `.` (empty), all rows of one length, at most 128 squares: `.F..|....|G.G.`; pieces move on one colour of the chequered board, as they stand.",
    misere: "the player who cannot move wins: the outcome and the best moves from the game graph (no value).",
    example: "conway solve fox-and-geese \"....|.F..|....|G.G.\"",
    build: |info, _| Ok(crate::analysis::typed_partizan(info, FoxAndGeese)),
};

impl Board {
    /// The square at row `r`, column `c`, if it is on the board.
    fn square(&self, r: i32, c: i32) -> Option<u32> {
        let on = (0..self.height as i32).contains(&r) && (0..self.width as i32).contains(&c);
        on.then(|| (r * self.width as i32 + c) as u32)
    }

    /// Every board after one piece of `pieces` (a mask of this board's) moves to an empty
    /// square one step along one of `steps` (row and column offsets).
    fn moves(&self, pieces: u128, steps: &[(i32, i32)]) -> Vec<u128> {
        let occupied = self.geese | self.foxes;
        let mut moved = Vec::new();
        for at in (0..MAX_SQUARES as u32).filter(|&s| pieces >> s & 1 == 1) {
            let (r, c) = (
                (at / self.width as u32) as i32,
                (at % self.width as u32) as i32,
            );
            for &(dr, dc) in steps {
                match self.square(r + dr, c + dc) {
                    Some(to) if occupied >> to & 1 == 0 => {
                        moved.push(pieces & !(1 << at) | 1 << to);
                    }
                    _ => {}
                }
            }
        }
        moved
    }

    /// Row and column, counted from 1, of square `s`.
    fn place(&self, s: u32) -> String {
        let width = self.width as u32;
        format!("row {} column {}", s / width + 1, s % width + 1)
    }
}

/// The steps of a goose: diagonally up.
const GOOSE_STEPS: [(i32, i32); 2] = [(-1, -1), (-1, 1)];

/// The steps of the fox: diagonally either way.
const FOX_STEPS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

impl Partizan for FoxAndGeese {
    type Position = Board;

    fn left_options(&self, board: &Board) -> Vec<Board> {
        let moved = board.moves(board.geese, &GOOSE_STEPS).into_iter();
        moved.map(|geese| Board { geese, ..*board }).collect()
    }

    fn right_options(&self, board: &Board) -> Vec<Board> {
        let moved = board.moves(board.foxes, &FOX_STEPS).into_iter();
        moved.map(|foxes| Board { foxes, ..*board }).collect()
    }
}

impl PartizanNotation for FoxAndGeese {
    fn parse(&self, text: &str) -> Result<Board, ParseError> {
        let rows: Vec<&str> = text.split('|').collect();
        let width = rows[0].chars().count();
        let (mut geese, mut foxes, mut squares) = (0u128, 0u128, 0usize);
        let mut column = 0;
        for (r, row) in rows.iter().enumerate() {
            if row.chars().count() != width {
                return Err(ParseError::at(
                    column,
                    format!("row {} has {} squares, but the first row has {width}: every row must be as long", r + 1, row.chars().count()),
                ));
            }
            for c in row.chars() {
                if squares == MAX_SQUARES {
                    return Err(ParseError::at(
                        column,
                        format!("too many squares: a board has at most {MAX_SQUARES}"),
                    ));
                }
                match c {
                    'G' => geese |= 1 << squares,
                    'F' => foxes |= 1 << squares,
                    '.' => {}
                    _ => {
                        return Err(ParseError::at(
                            column,
                            format!("'{c}' is not a square: write G (goose), F (fox) or . (empty), rows separated by '|'"),
                        ))
                    }
                }
                squares += 1;
                column += c.len_utf8();
            }
            column += 1;
        }
        if width == 0 {
            return Err(ParseError::whole(
                "the board is empty: write rows of G (goose), F (fox) and . (empty) separated by '|', e.g. .F..|G.G.",
            ));
        }
        if foxes.count_ones() != 1 {
            return Err(ParseError::whole(format!(
                "the board has {} foxes: Fox and Geese has one fox (F) against the geese (G)",
                foxes.count_ones()
            )));
        }
        Ok(Board {
            width: width as u8,
            height: rows.len() as u8,
            geese,
            foxes,
        })
    }

    fn show(&self, board: &Board) -> String {
        let mut text = String::new();
        for s in 0..board.width as u32 * board.height as u32 {
            if s > 0 && s % board.width as u32 == 0 {
                text.push('|');
            }
            text.push(match (board.geese >> s & 1, board.foxes >> s & 1) {
                (1, _) => 'G',
                (_, 1) => 'F',
                _ => '.',
            });
        }
        text
    }

    fn describe_move(&self, player: Player, from: &Board, to: &Board) -> String {
        let (name, before, after) = match player {
            Player::Left => ("goose", from.geese, to.geese),
            Player::Right => ("fox", from.foxes, to.foxes),
        };
        let (left, arrived) = (before & !after, after & !before);
        if left.count_ones() != 1 || arrived.count_ones() != 1 {
            return format!("a {name} moves");
        }
        let (start, end) = (left.trailing_zeros(), arrived.trailing_zeros());
        format!("{name} from {} to {}", from.place(start), from.place(end))
    }
}

/// A census of Fox and Geese: the value of every position of a board with the fox and a
/// number of geese on the dark squares, as a vertex of one store of values.
pub struct Census {
    /// The values, each once.
    pub store: StopperStore,
    /// Each position and the vertex of its value in the store.
    pub values: Vec<(Board, u32)>,
}

impl FoxAndGeese {
    /// Values every position of the `width` × `height` board with the fox and `geese` geese
    /// on the dark squares (those whose row and column, counted from the top left, differ in
    /// parity). The geese standing still, the fox's moves make a layer whose every goose move
    /// leads to a layer with the geese further up; so layers are valued from the geese
    /// furthest up, each against the values already known ([`StopperStore`]).
    pub fn census(
        &self,
        width: u8,
        height: u8,
        geese: usize,
        meter: &mut Meter,
    ) -> Result<Census, LoopyError> {
        let squares = width as u32 * height as u32;
        if squares as usize > MAX_SQUARES {
            let what = format!(
                "a board of {squares} squares, more than the {MAX_SQUARES} a board may have"
            );
            return Err(SearchError::TooLarge { what }.into());
        }
        let row = |s: u32| s / width as u32;
        let dark: Vec<u32> = (0..squares)
            .filter(|&s| (row(s) + s % width as u32) % 2 == 1)
            .collect();
        // Each position is held in the list of values and in the map of vertices, and each
        // layer's mask while the layers are sorted.
        let layer_count = binomial(dark.len(), geese);
        let positions = layer_count.saturating_mul(dark.len().saturating_sub(geese) as u64);
        meter.hold_more(
            layer_count
                .saturating_mul(16)
                .saturating_add(positions.saturating_mul(CENSUS_POSITION_BYTES)),
        )?;
        let mut layers = Vec::new();
        masks_of(&dark, geese, 0, &mut layers);
        let rows = |mask: u128| -> u32 {
            dark.iter()
                .filter(|&&s| mask >> s & 1 == 1)
                .map(|&s| row(s))
                .sum()
        };
        layers.sort_by_key(|&mask| (rows(mask), mask));
        let mut store = StopperStore::new();
        let mut values = Vec::new();
        let mut vertex_of = std::collections::HashMap::new();
        for geese in layers {
            let base = store.len() as u32;
            let boards: Vec<Board> = dark
                .iter()
                .filter(|&&s| geese >> s & 1 == 0)
                .map(|&s| Board {
                    width,
                    height,
                    geese,
                    foxes: 1 << s,
                })
                .collect();
            let place: std::collections::HashMap<u128, u32> = boards
                .iter()
                .enumerate()
                .map(|(j, b)| (b.foxes, base + j as u32))
                .collect();
            let left = boards
                .iter()
                .map(|b| self.left_options(b).iter().map(|o| vertex_of[o]).collect())
                .collect();
            let right = boards
                .iter()
                .map(|b| {
                    self.right_options(b)
                        .iter()
                        .map(|o| place[&o.foxes])
                        .collect()
                })
                .collect();
            let vertices = store.add_layer(left, right, meter)?;
            for (board, vertex) in boards.into_iter().zip(vertices) {
                vertex_of.insert(board, vertex);
                values.push((board, vertex));
            }
        }
        Ok(Census { store, values })
    }
}

/// Bytes a position of a census holds beside its value: the board in the list and in the map.
const CENSUS_POSITION_BYTES: u64 = 2 * size_of::<Board>() as u64 + 24;

/// The number of ways to choose `k` of `n`, or `u64::MAX` if it is more.
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let mut ways: u128 = 1;
    for i in 0..k.min(n - k) {
        ways = ways * (n - i) as u128 / (i + 1) as u128;
        if ways > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    ways as u64
}

/// Pushes onto `masks` the mask `mask` with each choice of `k` of `squares` added.
fn masks_of(squares: &[u32], k: usize, mask: u128, masks: &mut Vec<u128>) {
    match (k, squares) {
        (0, _) => masks.push(mask),
        (_, []) => {}
        _ if k > squares.len() => {}
        (_, [first, rest @ ..]) => {
            masks_of(rest, k - 1, mask | 1 << first, masks);
            masks_of(rest, k, mask, masks);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(boards: Vec<Board>) -> Vec<String> {
        boards.iter().map(|b| FoxAndGeese.show(b)).collect()
    }

    #[test]
    fn a_board_has_exactly_one_fox() {
        for (board, foxes) in [("....|G.G.", 0), ("F.F.|....|G.G.", 2)] {
            let error = FoxAndGeese.parse(board).unwrap_err().to_string();
            assert!(error.contains(&format!("has {foxes} foxes")), "{error}");
        }
        assert!(FoxAndGeese.parse(".F..|G.G.").is_ok());
    }

    #[test]
    fn geese_step_up_and_the_fox_any_way_diagonally() {
        let board = FoxAndGeese.parse("...|.F.|G.G").unwrap();
        // The fox blocks both geese.
        assert_eq!(shown(FoxAndGeese.left_options(&board)), [] as [&str; 0]);
        assert_eq!(
            shown(FoxAndGeese.right_options(&board)),
            ["F..|...|G.G", "..F|...|G.G"]
        );
        let open = FoxAndGeese.parse("....|G..F").unwrap();
        assert_eq!(shown(FoxAndGeese.left_options(&open)), [".G..|...F"]);
        assert_eq!(shown(FoxAndGeese.right_options(&open)), ["..F.|G..."]);
    }

    #[test]
    fn bad_boards_are_refused_with_the_reason() {
        let message = |text: &str| FoxAndGeese.parse(text).unwrap_err().to_string();
        assert!(message("..|...").contains("row 2 has 3 squares"));
        assert!(message("..x").contains("'x' is not a square"));
        assert!(message("").contains("the board is empty"));
        assert!(message(&".".repeat(129)).contains("at most 128"));
    }

    #[test]
    fn moves_are_described_by_their_squares() {
        let from = FoxAndGeese.parse("...|.F.|G.G").unwrap();
        let to = FoxAndGeese.parse("F..|...|G.G").unwrap();
        assert_eq!(
            FoxAndGeese.describe_move(Player::Right, &from, &to),
            "fox from row 2 column 2 to row 1 column 1"
        );
    }
}
