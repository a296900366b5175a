//! Fraenkel's two-dimensional Nim: a matrix of heaps; a move chooses one row or one column
//! and takes a positive number of chips from one or more of its heaps.
//!
//! Rows and columns play symmetric parts, so permuting rows, permuting columns and
//! transposing do not change the game; nor does dropping a row or column of empty heaps.
//! Heaps that share no row or column, directly or through other heaps, never meet in a move:
//! the connected parts of the matrix are independent summands.

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, RuleInfo};
use crate::engine::Footprint;
use crate::impartial::Impartial;
use crate::text::{parse_bounded, show_numbers, ParseError, Separator};
use std::cmp::Reverse;
use std::mem::size_of;

/// Fraenkel's 2-D Nim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim2d;

pub(crate) const NIM_2D: RuleInfo = RuleInfo {
    name: "nim-2d",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Fraenkel's 2-D Nim: a matrix of heaps; choose one row or one column and take \
              chips from one or more of its heaps (at least one chip in all).",
    notation: "rows separated by `|`, heap sizes in a row separated by spaces, all rows of the \
               same length, e.g. `1 1|1 1` (a 2×2 matrix of ones).",
    misere: "the last to move loses; solved by search.",
    example: "conway solve nim-2d \"1 0 1|0 1 1\"",
    build: |info, _| Ok(typed(info, Nim2d)),
};

/// A matrix of heaps, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Matrix {
    rows: usize,
    columns: usize,
    /// Row-major: the heap in row `r`, column `c` is `cells[r * columns + c]`.
    cells: Vec<u64>,
}

impl Footprint for Matrix {
    fn footprint(&self) -> usize {
        size_of::<Matrix>() + self.cells.capacity() * size_of::<u64>()
    }
}

/// The cells of one row or one column, by their indices into [`Matrix::cells`].
type Line = Vec<usize>;

impl Matrix {
    /// A matrix from its rows; `None` where they are not all of the same length.
    pub fn from_rows(rows: &[Vec<u64>]) -> Option<Matrix> {
        let columns = rows.first().map_or(0, Vec::len);
        if rows.iter().any(|row| row.len() != columns) {
            return None;
        }
        Some(Matrix {
            rows: rows.len(),
            columns,
            cells: rows.concat(),
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The heap in row `r`, column `c`, both from 0.
    pub fn get(&self, r: usize, c: usize) -> u64 {
        self.cells[r * self.columns + c]
    }

    fn row(&self, r: usize) -> Line {
        (0..self.columns).map(|c| r * self.columns + c).collect()
    }

    fn column(&self, c: usize) -> Line {
        (0..self.rows).map(|r| r * self.columns + c).collect()
    }

    /// The same game with rows and columns exchanged.
    fn transposed(&self) -> Matrix {
        let cells = (0..self.columns)
            .flat_map(|c| (0..self.rows).map(move |r| (r, c)))
            .map(|(r, c)| self.get(r, c))
            .collect();
        Matrix {
            rows: self.columns,
            columns: self.rows,
            cells,
        }
    }

    /// The submatrix of the given rows and columns, in that order.
    fn select(&self, rows: &[usize], columns: &[usize]) -> Matrix {
        let cells = rows
            .iter()
            .flat_map(|&r| columns.iter().map(move |&c| (r, c)))
            .map(|(r, c)| self.get(r, c))
            .collect();
        Matrix {
            rows: rows.len(),
            columns: columns.len(),
            cells,
        }
    }

    /// The same game without its rows and columns of empty heaps: no move can touch them.
    fn without_empty_lines(&self) -> Matrix {
        let rows: Vec<usize> = (0..self.rows)
            .filter(|&r| (0..self.columns).any(|c| self.get(r, c) > 0))
            .collect();
        let columns: Vec<usize> = (0..self.columns)
            .filter(|&c| (0..self.rows).any(|r| self.get(r, c) > 0))
            .collect();
        self.select(&rows, &columns)
    }

    /// The rows in non-increasing lexicographic order, then the columns likewise.
    fn sorted_lines(&self) -> Matrix {
        let all_columns: Vec<usize> = (0..self.columns).collect();
        let mut rows: Vec<usize> = (0..self.rows).collect();
        rows.sort_by_cached_key(|&r| Reverse(self.row_values(r)));
        let by_rows = self.select(&rows, &all_columns);
        let all_rows: Vec<usize> = (0..self.rows).collect();
        let mut columns = all_columns;
        columns.sort_by_cached_key(|&c| Reverse(by_rows.column_values(c)));
        by_rows.select(&all_rows, &columns)
    }

    fn row_values(&self, r: usize) -> &[u64] {
        &self.cells[r * self.columns..(r + 1) * self.columns]
    }

    fn column_values(&self, c: usize) -> Vec<u64> {
        (0..self.rows).map(|r| self.get(r, c)).collect()
    }

    /// Every line: the rows, then the columns.
    fn lines(&self) -> impl Iterator<Item = Line> + '_ {
        (0..self.rows)
            .map(|r| self.row(r))
            .chain((0..self.columns).map(|c| self.column(c)))
    }
}

/// How many times [`Nim2d::representative`] sorts rows and columns at most. Sorting alternately
/// settles in a few rounds in practice; stopping earlier still gives the same game, only a
/// transposition that may go unrecognised.
const SORT_ROUNDS: usize = 8;

/// Sorts rows and columns until nothing moves, or [`SORT_ROUNDS`] times.
fn settle(mut matrix: Matrix) -> Matrix {
    for _ in 0..SORT_ROUNDS {
        let sorted = matrix.sorted_lines();
        if sorted == matrix {
            break;
        }
        matrix = sorted;
    }
    matrix
}

/// Every way to lower the heaps of `line` in `matrix`, each heap to any size from 0 to its
/// own, except leaving them all as they are; for a column, only the ways that change two
/// heaps or more (changing one heap is a move of its row, listed there). The sizes run
/// through an odometer, so the depth of nothing follows the input.
fn lower_line(matrix: &Matrix, line: &[usize], is_row: bool, options: &mut Vec<Matrix>) {
    let tops: Vec<u64> = line.iter().map(|&i| matrix.cells[i]).collect();
    let mut sizes = vec![0u64; line.len()];
    loop {
        let changed = sizes.iter().zip(&tops).filter(|(s, t)| s != t).count();
        if changed >= if is_row { 1 } else { 2 } {
            let mut option = matrix.clone();
            for (&i, &s) in line.iter().zip(&sizes) {
                option.cells[i] = s;
            }
            options.push(option);
        }
        let Some(k) = (0..sizes.len()).rposition(|k| sizes[k] < tops[k]) else {
            break;
        };
        sizes[k] += 1;
        sizes[k + 1..].iter_mut().for_each(|s| *s = 0);
    }
}

/// Union–find over the rows (0..rows) and columns (rows..) of a matrix, with path halving.
fn root(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

impl Impartial for Nim2d {
    type Position = Matrix;

    fn options(&self, matrix: &Matrix) -> Vec<Matrix> {
        let mut options = Vec::new();
        for r in 0..matrix.rows {
            lower_line(matrix, &matrix.row(r), true, &mut options);
        }
        for c in 0..matrix.columns {
            lower_line(matrix, &matrix.column(c), false, &mut options);
        }
        options
    }

    /// A line of heaps h₁…h_k has ∏(hᵢ+1) − 1 ways to lower them; summed over all rows and
    /// columns (which counts single-heap moves twice) it bounds the options.
    fn option_bound(&self, matrix: &Matrix) -> Option<u64> {
        let line_moves = |line: Line| {
            line.iter()
                .fold(1u64, |product, &i| {
                    product.saturating_mul(matrix.cells[i].saturating_add(1))
                })
                .saturating_sub(1)
        };
        Some(
            matrix
                .lines()
                .fold(0u64, |total, line| total.saturating_add(line_moves(line))),
        )
    }

    /// The connected parts of the matrix, where rows and columns are joined by their
    /// non-empty heaps: a move stays within one line, hence within one part.
    fn components(&self, matrix: Matrix, parts: &mut Vec<Matrix>) {
        let (rows, columns) = (matrix.rows, matrix.columns);
        let mut parent: Vec<usize> = (0..rows + columns).collect();
        for r in 0..rows {
            for c in (0..columns).filter(|&c| matrix.get(r, c) > 0) {
                let (a, b) = (root(&mut parent, r), root(&mut parent, rows + c));
                parent[a] = b;
            }
        }
        // For each root, its rows and columns, in order of their first line.
        let mut slot: Vec<Option<usize>> = vec![None; rows + columns];
        let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for line in 0..rows + columns {
            let top = root(&mut parent, line);
            let at = *slot[top].get_or_insert_with(|| {
                groups.push((Vec::new(), Vec::new()));
                groups.len() - 1
            });
            match line.checked_sub(rows) {
                None => groups[at].0.push(line),
                Some(c) => groups[at].1.push(c),
            }
        }
        let before = parts.len();
        parts.extend(
            groups
                .iter()
                .filter(|(rs, cs)| !rs.is_empty() && !cs.is_empty())
                .map(|(rs, cs)| matrix.select(rs, cs)),
        );
        if parts.len() == before {
            parts.push(matrix);
        }
    }

    /// Without its empty lines, rows and columns sorted, and the smaller of that and the
    /// same for its transpose: the same game, so that transpositions of it are shared.
    fn representative(&self, matrix: Matrix) -> Matrix {
        let trimmed = matrix.without_empty_lines();
        let transposed = settle(trimmed.transposed());
        settle(trimmed).min(transposed)
    }

    /// A single row or column lets a move go to every smaller matrix, so its value is the
    /// sum of its heaps (every sum below is one move away, by induction).
    fn known_value(&self, matrix: &Matrix) -> Option<u64> {
        if matrix.rows > 1 && matrix.columns > 1 {
            return None;
        }
        matrix
            .cells
            .iter()
            .try_fold(0u64, |sum, &h| sum.checked_add(h))
    }
}

impl Notation for Nim2d {
    fn parse(&self, text: &str) -> Result<Matrix, ParseError> {
        if text.trim().is_empty() {
            return Err(ParseError::whole(
                "the matrix is empty: write rows of heap sizes separated by `|`, e.g. `1 1|1 1`",
            ));
        }
        let mut rows = Vec::new();
        let mut start = 0;
        for (r, row) in text.split('|').enumerate() {
            let heaps = parse_bounded(row, Separator::Spaces, u64::MAX, "heap")
                .map_err(|e| e.shifted(start))?;
            check_row(&heaps, r, rows.first(), start)?;
            rows.push(heaps);
            start += row.chars().count() + 1;
        }
        Ok(Matrix::from_rows(&rows).expect("every row was checked to be as long as the first"))
    }

    fn show(&self, matrix: &Matrix) -> String {
        (0..matrix.rows)
            .map(|r| show_numbers(matrix.row_values(r)))
            .collect::<Vec<_>>()
            .join("|")
    }

    fn describe_move(&self, from: &Matrix, to: &Matrix) -> String {
        let changed: Vec<usize> = (0..from.cells.len().min(to.cells.len()))
            .filter(|&i| from.cells[i] != to.cells[i])
            .collect();
        let Some(&first) = changed.first() else {
            return "no change".to_string();
        };
        let columns = from.columns.max(1);
        let (r, c) = (first / columns, first % columns);
        let heaps = changed
            .iter()
            .map(|&i| format!("{} → {}", from.cells[i], to.cells[i]))
            .collect::<Vec<_>>()
            .join(", ");
        if changed.len() == 1 {
            format!("row {}, column {}: {heaps}", r + 1, c + 1)
        } else if changed.iter().all(|&i| i / columns == r) {
            format!("row {}: {heaps}", r + 1)
        } else {
            format!("column {}: {heaps}", c + 1)
        }
    }
}

/// Refuses an empty row, or one whose length differs from the first row's; `start` is the
/// row's column in the text.
fn check_row(
    heaps: &[u64],
    r: usize,
    first: Option<&Vec<u64>>,
    start: usize,
) -> Result<(), ParseError> {
    if heaps.is_empty() {
        return Err(ParseError::at(
            start,
            format!("row {} has no heaps; every row needs at least one", r + 1),
        ));
    }
    match first {
        Some(first) if first.len() != heaps.len() => Err(ParseError::at(
            start,
            format!(
                "row {} has {} but row 1 has {}; all rows must be of the same length",
                r + 1,
                count_heaps(heaps.len()),
                count_heaps(first.len())
            ),
        )),
        _ => Ok(()),
    }
}

/// "1 heap", "2 heaps".
fn count_heaps(n: usize) -> String {
    match n {
        1 => "1 heap".to_string(),
        n => format!("{n} heaps"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Play;
    use crate::impartial::Solver;
    use std::collections::HashMap;

    fn matrix(text: &str) -> Matrix {
        Nim2d.parse(text).unwrap()
    }

    /// The options by the definition: every non-empty set of heaps within one line, each
    /// lowered by a positive amount, as a set of positions.
    fn options_by_definition(m: &Matrix) -> Vec<Matrix> {
        let mut found = Vec::new();
        let lines: Vec<Vec<(usize, usize)>> = (0..m.rows)
            .map(|r| (0..m.columns).map(|c| (r, c)).collect())
            .chain((0..m.columns).map(|c| (0..m.rows).map(|r| (r, c)).collect()))
            .collect();
        for line in lines {
            // Every choice of new sizes: each heap kept or lowered.
            let mut choices: Vec<Matrix> = vec![m.clone()];
            for &(r, c) in &line {
                let mut next = Vec::new();
                for base in &choices {
                    for size in 0..=m.get(r, c) {
                        let mut option = base.clone();
                        option.cells[r * m.columns + c] = size;
                        next.push(option);
                    }
                }
                choices = next;
            }
            found.extend(choices.into_iter().filter(|o| o != m));
        }
        found.sort();
        found.dedup();
        found
    }

    /// Every matrix of the given shape with entries at most `max`.
    fn all(rows: usize, columns: usize, max: u64) -> Vec<Matrix> {
        let mut all = vec![Vec::new()];
        for _ in 0..rows * columns {
            all = all
                .into_iter()
                .flat_map(|cells: Vec<u64>| {
                    (0..=max).map(move |h| [cells.clone(), vec![h]].concat())
                })
                .collect();
        }
        all.into_iter()
            .map(|cells| Matrix {
                rows,
                columns,
                cells,
            })
            .collect()
    }

    #[test]
    fn options_are_the_definition_once_each() {
        for m in all(2, 2, 2).into_iter().chain(all(2, 3, 1)) {
            let mut options = Nim2d.options(&m);
            let listed = options.len();
            options.sort();
            options.dedup();
            assert_eq!(options.len(), listed, "a move listed twice from {m:?}");
            assert_eq!(options, options_by_definition(&m), "{m:?}");
            assert!(Nim2d.option_bound(&m).unwrap() >= listed as u64);
        }
    }

    /// The nim value by the mex definition over the definition's options, memoised.
    fn mex_value(m: &Matrix, memo: &mut HashMap<Matrix, u64>) -> u64 {
        if let Some(&v) = memo.get(m) {
            return v;
        }
        let values: Vec<u64> = options_by_definition(m)
            .iter()
            .map(|o| mex_value(o, memo))
            .collect();
        let v = (0..).find(|v| !values.contains(v)).unwrap();
        memo.insert(m.clone(), v);
        v
    }

    #[test]
    fn components_representatives_and_closed_forms_keep_the_value() {
        let mut memo = HashMap::new();
        let mut solver = Solver::new(&Nim2d);
        for m in all(2, 2, 2).into_iter().chain(all(3, 2, 1)) {
            let value = mex_value(&m, &mut memo);
            assert_eq!(solver.nim_value(&m), Ok(value), "{m:?}");
            let representative = Nim2d.representative(m.clone());
            assert_eq!(mex_value(&representative, &mut memo), value, "{m:?}");
            let mut parts = Vec::new();
            Nim2d.components(m.clone(), &mut parts);
            let sum = parts.iter().fold(0, |s, p| s ^ mex_value(p, &mut memo));
            assert_eq!(sum, value, "{m:?}");
        }
        for m in all(1, 3, 3).into_iter().chain(all(2, 1, 4)) {
            assert_eq!(Nim2d.known_value(&m), Some(mex_value(&m, &mut memo)));
        }
    }

    #[test]
    fn transposes_and_permutations_share_a_representative() {
        let m = matrix("3 0 1|2 2 0");
        let same = ["0 3 1|2 2 0", "2 2 0|3 0 1", "3 2|0 2|1 0", "0 2 2|1 3 0"];
        for text in same {
            assert_eq!(
                Nim2d.representative(matrix(text)),
                Nim2d.representative(m.clone()),
                "{text}"
            );
        }
        assert_eq!(Nim2d.representative(matrix("0 0|5 0")), matrix("5"));
        let mut parts = Vec::new();
        Nim2d.components(matrix("1 0 0|0 2 3|0 0 0"), &mut parts);
        assert_eq!(parts, [matrix("1"), matrix("2 3")]);
    }

    #[test]
    fn matrices_are_read_strictly() {
        let m = matrix(" 1 2 | 3 4 ");
        assert_eq!((m.rows(), m.columns(), m.get(1, 0)), (2, 2, 3));
        assert_eq!(Nim2d.show(&m), "1 2|3 4");
        let error = |text| Nim2d.parse(text).unwrap_err();
        assert!(error("").reason.contains("empty"));
        let ragged = error("1 2|3");
        assert_eq!(ragged.offset, Some(4));
        assert!(ragged
            .reason
            .contains("row 2 has 1 heap but row 1 has 2 heaps"));
        assert!(error("1 2||3 4").reason.contains("row 2 has no heaps"));
        assert_eq!(error("1 2|3 x").offset, Some(6));
        assert_eq!(error("1 2|3,4").offset, Some(5));
        assert!(error("1|99999999999999999999").reason.contains("too large"));
    }

    #[test]
    fn huge_matrices_are_bounded_not_listed() {
        let m = matrix("18446744073709551615 5|7 18446744073709551615");
        assert_eq!(Nim2d.option_bound(&m), Some(u64::MAX));
        assert_eq!(Nim2d.known_value(&matrix("18446744073709551615 1")), None);
        let mut solver = Solver::new(&Nim2d);
        assert!(solver.outcome(&m, Play::Normal).is_err());
        // One heap alone is its own size, without a search.
        assert_eq!(
            solver.nim_value(&matrix("0 0|18446744073709551615 0")),
            Ok(u64::MAX)
        );
    }

    #[test]
    fn moves_are_described_by_their_line() {
        let m = matrix("3 1 5|2 0 4");
        let describe = |to| Nim2d.describe_move(&m, &matrix(to));
        assert_eq!(describe("1 1 0|2 0 4"), "row 1: 3 → 1, 5 → 0");
        assert_eq!(describe("3 1 2|2 0 1"), "column 3: 5 → 2, 4 → 1");
        assert_eq!(describe("3 1 5|2 0 0"), "row 2, column 3: 4 → 0");
    }
}
