//! Toads and Frogs (Example 7.5): Left's toads move rightwards, Right's frogs leftwards, one
//! square into an empty one or jumping one piece of the other kind into the empty square
//! beyond it. Rows are independent, and so are the parts of a row that a frozen block of
//! pieces keeps apart.

use crate::analysis::typed_partizan;
use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::engine::Footprint;
use crate::number::Dyadic;
use crate::partizan::{Partizan, Player};
use crate::short::{GameId, Store, StoreResult};
use crate::text::ParseError;

/// Toads and Frogs. A position is its rows, each a row of squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToadsAndFrogs;

/// What a square of a row holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// No piece.
    Empty,
    /// Left's piece, moving rightwards.
    Toad,
    /// Right's piece, moving leftwards.
    Frog,
}

impl Footprint for Cell {
    fn footprint(&self) -> usize {
        std::mem::size_of::<Cell>()
    }
}

/// A row of squares, from left to right.
pub type Row = Vec<Cell>;

/// The most squares of a position, all rows together. Each square holds at most one move of
/// each player, but the number of positions grows exponentially long before this.
const MAX_SQUARES: usize = 4096;

pub(crate) const TOADS: RuleInfo = RuleInfo {
    name: "toads",
    kind: Kind::Partizan,
    params: Params::None,
    summary: "Partizan. Left moves a toad one square right, or jumps it over a frog just in front; Right moves frogs leftwards the same way; whoever cannot move loses.",
    notation: "rows of `T` (toad, Left's), `F` (frog, Right's) and `.` (empty) separated by spaces, each row a summand: `TT.FF T.F`.",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve toads \"TT.FF T..F\"",
    build: |info, _| Ok(typed_partizan(info, ToadsAndFrogs)),
};

/// Every row after one move of a toad (`Toad`) or a frog (`Frog`) in `row`.
fn row_moves(row: &[Cell], piece: Cell) -> Vec<Row> {
    let mut moves = Vec::new();
    for (i, &square) in row.iter().enumerate() {
        if square != piece {
            continue;
        }
        let other = if piece == Cell::Toad {
            Cell::Frog
        } else {
            Cell::Toad
        };
        let step = |k: usize| -> Option<usize> {
            if piece == Cell::Toad {
                i.checked_add(k).filter(|&j| j < row.len())
            } else {
                i.checked_sub(k)
            }
        };
        let target = match (step(1), step(2)) {
            (Some(j), _) if row[j] == Cell::Empty => Some(j),
            (Some(j), Some(k)) if row[j] == other && row[k] == Cell::Empty => Some(k),
            _ => None,
        };
        if let Some(target) = target {
            let mut moved = row.to_vec();
            moved.swap(i, target);
            moves.push(moved);
        }
    }
    moves
}

/// Every position after one move of `piece` in one row.
pub(crate) fn moves(rows: &[Row], piece: Cell) -> Vec<Vec<Row>> {
    let mut options = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        for moved in row_moves(row, piece) {
            let mut option = rows.to_vec();
            option[index] = moved;
            options.push(option);
        }
    }
    options
}

/// The squares whose pieces can never move, whatever happens elsewhere: the largest set of
/// occupied squares each of whose pieces is stuck as long as the others in the set stay put.
/// A toad is stuck when the square in front is the edge, a stuck toad, or a stuck frog with
/// the edge or a stuck piece behind it (and the same for frogs, leftwards). Starting from
/// every occupied square and dropping the pieces that are not stuck finds that set.
///
/// Nothing ever jumps over a frozen piece either: a frozen frog has a frozen piece or the edge
/// on its left, where a toad would have to stand, and a frozen toad the same on its right.
fn frozen(row: &[Cell]) -> Vec<bool> {
    let mut frozen: Vec<bool> = row.iter().map(|&s| s != Cell::Empty).collect();
    let held = |frozen: &[bool], j: Option<usize>| j.is_none_or(|j| j >= row.len() || frozen[j]);
    loop {
        let mut changed = false;
        for i in 0..row.len() {
            if !frozen[i] {
                continue;
            }
            let (ahead, beyond, own) = match row[i] {
                Cell::Toad => (i.checked_add(1), i.checked_add(2), Cell::Toad),
                _ => (i.checked_sub(1), i.checked_sub(2), Cell::Frog),
            };
            let stuck = match ahead.filter(|&j| j < row.len()) {
                None => true,
                Some(j) => frozen[j] && (row[j] == own || held(&frozen, beyond)),
            };
            if !stuck {
                frozen[i] = false;
                changed = true;
            }
        }
        if !changed {
            return frozen;
        }
    }
}

/// Splits a row into parts that never interact: the runs between frozen pieces (each behaves
/// as a row of its own, a frozen piece as the edge of the board), and each run again where
/// all its frogs stand left of all its toads (they move apart and never meet). Parts in which
/// nothing can ever move are left out.
fn split_row(row: &[Cell], parts: &mut Vec<Row>) {
    let frozen = frozen(row);
    for run in split_at_frozen(row, &frozen) {
        let last_frog = run.iter().rposition(|&s| s == Cell::Frog);
        let first_toad = run.iter().position(|&s| s == Cell::Toad);
        let halves = match (last_frog, first_toad) {
            (Some(f), Some(t)) if f < t => vec![&run[..=f], &run[t..]],
            _ => vec![run],
        };
        for half in halves {
            let has_piece = half.iter().any(|&s| s != Cell::Empty);
            let has_space = half.contains(&Cell::Empty);
            if has_piece && has_space {
                parts.push(half.to_vec());
            }
        }
    }
}

/// The runs of `row` between its frozen squares.
fn split_at_frozen<'r>(row: &'r [Cell], frozen: &[bool]) -> Vec<&'r [Cell]> {
    let mut start = 0;
    let mut runs = Vec::new();
    for (i, &is_frozen) in frozen.iter().enumerate() {
        if is_frozen {
            if start < i {
                runs.push(&row[start..i]);
            }
            start = i + 1;
        }
    }
    if start < row.len() {
        runs.push(&row[start..]);
    }
    runs
}

impl ToadsAndFrogs {
    /// The value of a row by a closed form, when it has one:
    /// - with toads only, the number of moves Left has left (every move uses up one empty
    ///   square in front of one toad, and play ends when none is left): Σ over toads of the
    ///   empty squares to its right; with frogs only, the negative of the same count;
    /// - with one toad left of one frog, `.^m T .^c F .^n`, the formula of Table 2.7 with
    ///   d = n − m: for even c, d − 1 if d ≥ 1, 0 if d = 0, d + 1 if d ≤ −1 (the text's
    ///   {d−2 | d+2} for c = 0); for odd c, d − 1 if d ≥ 2, 1/2, *, −1/2 for d = 1, 0, −1,
    ///   and d + 1 if d ≤ −2. It follows from [c, d] = {[c−1, d−1] | [c−1, d+1]} by
    ///   induction on c: each parity's row gives the other's.
    pub fn row_value(row: &[Cell], store: &mut Store) -> Option<StoreResult<GameId>> {
        let toads = row.iter().filter(|&&s| s == Cell::Toad).count();
        let frogs = row.iter().filter(|&&s| s == Cell::Frog).count();
        match (toads, frogs) {
            (_, 0) => Some(store.integer(moves_left(row.iter().rev(), Cell::Toad))),
            (0, _) => Some(store.integer(-moves_left(row.iter(), Cell::Frog))),
            (1, 1) => {
                let toad = row.iter().position(|&s| s == Cell::Toad)?;
                let frog = row.iter().position(|&s| s == Cell::Frog)?;
                if frog < toad {
                    return None;
                }
                let (m, c, n) = (toad, frog - toad - 1, row.len() - frog - 1);
                Some(face_to_face(c, n as i64 - m as i64, store))
            }
            _ => None,
        }
    }
}

/// Σ over the pieces `piece` of the empty squares they pass before them in `squares` (listed
/// against their direction of travel: from the far end of the row towards them).
fn moves_left<'s>(squares: impl Iterator<Item = &'s Cell>, piece: Cell) -> i64 {
    let mut empties = 0i64;
    let mut total = 0i64;
    for &square in squares {
        if square == Cell::Empty {
            empties += 1;
        } else if square == piece {
            total += empties;
        }
    }
    total
}

/// The value [c, d] of Table 2.7: a toad and a frog c empty squares apart, with d more empty
/// squares behind the frog than behind the toad.
fn face_to_face(c: usize, d: i64, store: &mut Store) -> StoreResult<GameId> {
    let half = Dyadic::one().half();
    match (c % 2, d) {
        (_, 2..) => store.integer(d - 1),
        (_, ..=-2) => store.integer(d + 1),
        (0, _) => Ok(store.zero()),
        (_, 1) => store.number(half),
        (_, -1) => store.number(-half),
        _ => store.nimber(1),
    }
}

impl Partizan for ToadsAndFrogs {
    type Position = Vec<Row>;

    fn left_options(&self, rows: &Vec<Row>) -> Vec<Vec<Row>> {
        moves(rows, Cell::Toad)
    }

    fn right_options(&self, rows: &Vec<Row>) -> Vec<Vec<Row>> {
        moves(rows, Cell::Frog)
    }

    fn components(&self, rows: Vec<Row>, parts: &mut Vec<Vec<Row>>) {
        let mut runs = Vec::new();
        for row in &rows {
            split_row(row, &mut runs);
        }
        parts.extend(runs.into_iter().map(|run| vec![run]));
    }

    fn known_value(&self, component: &Vec<Row>, store: &mut Store) -> Option<StoreResult<GameId>> {
        match component.as_slice() {
            [row] => ToadsAndFrogs::row_value(row, store),
            _ => None,
        }
    }
}

impl PartizanNotation for ToadsAndFrogs {
    fn parse(&self, text: &str) -> Result<Vec<Row>, ParseError> {
        let mut rows = Vec::new();
        let mut squares = 0usize;
        for (column, c) in text.chars().enumerate() {
            let square = match c {
                ' ' => {
                    if rows.last().is_some_and(|row: &Row| !row.is_empty()) {
                        rows.push(Vec::new());
                    }
                    continue;
                }
                'T' => Cell::Toad,
                'F' => Cell::Frog,
                '.' => Cell::Empty,
                _ => {
                    return Err(ParseError::at(
                        column,
                        format!("'{c}' is not a square: write T (toad), F (frog) or . (empty), rows separated by spaces"),
                    ))
                }
            };
            squares += 1;
            if squares > MAX_SQUARES {
                return Err(ParseError::at(
                    column,
                    format!("too many squares: at most {MAX_SQUARES} in all rows together"),
                ));
            }
            match rows.last_mut() {
                Some(row) => row.push(square),
                None => rows.push(vec![square]),
            }
        }
        if rows.last().is_some_and(Vec::is_empty) {
            rows.pop();
        }
        if rows.is_empty() {
            return Err(ParseError::whole(
                "no rows: write rows such as T.F or TT.FF, separated by spaces",
            ));
        }
        Ok(rows)
    }

    fn show(&self, rows: &Vec<Row>) -> String {
        let shown: Vec<String> = rows
            .iter()
            .map(|row| {
                row.iter()
                    .map(|s| match s {
                        Cell::Empty => '.',
                        Cell::Toad => 'T',
                        Cell::Frog => 'F',
                    })
                    .collect()
            })
            .collect();
        shown.join(" ")
    }

    fn describe_move(&self, player: Player, from: &Vec<Row>, to: &Vec<Row>) -> String {
        let piece = match player {
            Player::Left => "toad",
            Player::Right => "frog",
        };
        let Some(index) = (0..from.len().min(to.len())).find(|&i| from[i] != to[i]) else {
            return format!("a {piece} moves");
        };
        let (before, after) = (&from[index], &to[index]);
        let changed: Vec<usize> = (0..before.len().min(after.len()))
            .filter(|&i| before[i] != after[i])
            .collect();
        let (&[first, last], true) = (changed.as_slice(), before.len() == after.len()) else {
            return format!("a {piece} moves");
        };
        // Toads move rightwards, frogs leftwards.
        let (start, end) = match player {
            Player::Left => (first, last),
            Player::Right => (last, first),
        };
        let how = if last - first == 1 { "moves" } else { "jumps" };
        let place = if from.len() > 1 {
            format!(" in row {}", index + 1)
        } else {
            String::new()
        };
        format!(
            "{piece}{place} {how} from square {} to {}",
            start + 1,
            end + 1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Solver;

    fn row(text: &str) -> Row {
        ToadsAndFrogs.parse(text).unwrap().remove(0)
    }

    fn parts(text: &str) -> Vec<String> {
        let mut parts = Vec::new();
        ToadsAndFrogs.components(ToadsAndFrogs.parse(text).unwrap(), &mut parts);
        parts.iter().map(|p| ToadsAndFrogs.show(p)).collect()
    }

    #[test]
    fn moves_slide_and_jump() {
        let shown = |rows: Vec<Vec<Row>>| -> Vec<String> {
            rows.iter().map(|r| ToadsAndFrogs.show(r)).collect()
        };
        let position = ToadsAndFrogs.parse("TF.T. .FT").unwrap();
        assert_eq!(
            shown(ToadsAndFrogs.left_options(&position)),
            [".FTT. .FT", "TF..T .FT"]
        );
        assert_eq!(shown(ToadsAndFrogs.right_options(&position)), ["TF.T. F.T"]);
    }

    #[test]
    fn frozen_blocks_split_rows() {
        assert_eq!(parts("T.TTFF.F"), ["T.", ".F"]);
        assert_eq!(parts("FF.T."), [".T."]);
        assert_eq!(parts("TFF.T.F"), [".T.F"]);
        // A toad facing a frog with space behind it is not frozen: the frog can be jumped.
        assert_eq!(parts(".TF."), [".TF."]);
        // Frogs left of toads never meet them.
        assert_eq!(parts(".F.T."), [".F", "T."]);
        assert!(parts("TTFF TF FT F..T").is_empty());
    }

    /// Every split of a row is checked against the unsplit row, by search.
    #[test]
    fn splitting_keeps_the_value() {
        struct Whole;
        impl Partizan for Whole {
            type Position = Vec<Row>;
            fn left_options(&self, rows: &Vec<Row>) -> Vec<Vec<Row>> {
                moves(rows, Cell::Toad)
            }
            fn right_options(&self, rows: &Vec<Row>) -> Vec<Vec<Row>> {
                moves(rows, Cell::Frog)
            }
        }
        let mut store = Store::default();
        let mut whole = Solver::new(&Whole);
        let mut split = Solver::new(&ToadsAndFrogs).by_search_only();
        for length in 1..=7u32 {
            for code in 0..3u32.pow(length) {
                let row: Row = (0..length)
                    .map(|k| match code / 3u32.pow(k) % 3 {
                        0 => Cell::Empty,
                        1 => Cell::Toad,
                        _ => Cell::Frog,
                    })
                    .collect();
                let position = vec![row];
                let expected = whole.value(&mut store, &position).unwrap();
                let found = split.value(&mut store, &position).unwrap();
                assert_eq!(found, expected, "{}", ToadsAndFrogs.show(&position));
            }
        }
    }

    #[test]
    fn the_closed_forms_are_the_search() {
        let mut store = Store::default();
        let mut by_search = Solver::new(&ToadsAndFrogs).by_search_only();
        let mut checked = 0;
        for length in 1..=9u32 {
            for code in 0..3u32.pow(length) {
                let row: Row = (0..length)
                    .map(|k| match code / 3u32.pow(k) % 3 {
                        0 => Cell::Empty,
                        1 => Cell::Toad,
                        _ => Cell::Frog,
                    })
                    .collect();
                let Some(known) = ToadsAndFrogs::row_value(&row, &mut store) else {
                    continue;
                };
                let searched = by_search.value(&mut store, &vec![row.clone()]).unwrap();
                assert_eq!(
                    known.unwrap(),
                    searched,
                    "{}",
                    ToadsAndFrogs.show(&vec![row])
                );
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
        // The face-to-face rows far beyond the table.
        for c in 0..=12 {
            for (m, n) in [(0, 9), (9, 0), (4, 5), (5, 4), (6, 6), (3, 9)] {
                let text = format!("{}T{}F{}", ".".repeat(m), ".".repeat(c), ".".repeat(n));
                let known = ToadsAndFrogs::row_value(&row(&text), &mut store)
                    .unwrap()
                    .unwrap();
                let searched = by_search.value(&mut store, &vec![row(&text)]).unwrap();
                assert_eq!(known, searched, "{text}");
            }
        }
    }

    #[test]
    fn positions_read_back_and_errors_point_at_the_column() {
        let position = ToadsAndFrogs.parse("  TT.FF   T.F ").unwrap();
        assert_eq!(ToadsAndFrogs.show(&position), "TT.FF T.F");
        let error = ToadsAndFrogs.parse("TT.xF").unwrap_err();
        assert_eq!(error.offset, Some(3));
        assert!(ToadsAndFrogs.parse("   ").is_err());
        assert!(ToadsAndFrogs.parse(&".".repeat(MAX_SQUARES + 1)).is_err());
        assert!(ToadsAndFrogs.parse(&".".repeat(MAX_SQUARES)).is_ok());
    }

    #[test]
    fn moves_are_described() {
        let from = ToadsAndFrogs.parse("T.F TF.").unwrap();
        let describe = |player, to: &str| {
            ToadsAndFrogs.describe_move(player, &from, &ToadsAndFrogs.parse(to).unwrap())
        };
        assert_eq!(
            describe(Player::Left, ".TF TF."),
            "toad in row 1 moves from square 1 to 2"
        );
        assert_eq!(
            describe(Player::Right, "TF. TF."),
            "frog in row 1 moves from square 3 to 2"
        );
        assert_eq!(
            describe(Player::Left, "T.F .FT"),
            "toad in row 2 jumps from square 1 to 3"
        );
    }
}
