//! Maundy Cake (Example 7.3): Left divides one piece by vertical cuts into k ≥ 2 equal
//! pieces (splitting its columns), Right by horizontal cuts (splitting its rows). Pieces are
//! independent, and k equal pieces are worth k times one.

use crate::analysis::typed_partizan;
use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::partizan::{Partizan, Player};
use crate::short::{GameId, Store, StoreResult};
use crate::text::{parse_in_range, parse_rectangle, sorted_changes, ParseError};

/// Maundy Cake. A position is its pieces, `((rows, columns), copies)`, sorted by piece, each
/// piece once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MaundyCake;

/// `(rows, columns)`: Right divides the rows, Left the columns.
pub type Cake = (u64, u64);

/// The largest side of a piece: its divisors are found by trial division up to 2^15.
const MAX_SIDE: u64 = 1 << 30;
/// The most copies of one piece as written, and the most pieces written.
const MAX_COPIES: u64 = 1 << 30;
const MAX_WORDS: usize = 4096;
/// The largest area of a position, all pieces together: the copies of a piece after any
/// number of cuts stay below it, so they fit in 64 bits.
const MAX_AREA: u128 = 1 << 62;

pub(crate) const MAUNDY: RuleInfo = RuleInfo {
    name: "maundy",
    kind: Kind::Partizan,
    params: Params::None,
    summary: "Partizan. Left divides one piece of cake by vertical cuts into at least two equal pieces, Right by horizontal cuts; whoever cannot divide loses.",
    notation: "pieces `ROWSxCOLUMNS` separated by spaces, `N*ROWSxCOLUMNS` for N equal pieces: Left divides the columns, Right the rows. `1x12 3*2x2`. A division keeps every piece it makes, `1x1` ones too (no one can divide them).",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve maundy \"1x12 12x1 6x6\"",
    build: |info, _| Ok(typed_partizan(info, MaundyCake)),
};

/// The prime factors of `n`, smallest first.
fn prime_factors(mut n: u64) -> Vec<u64> {
    let mut factors = Vec::new();
    let mut p = 2;
    while p * p <= n {
        while n.is_multiple_of(p) {
            factors.push(p);
            n /= p;
        }
        p += 1;
    }
    if n > 1 {
        factors.push(n);
    }
    factors
}

/// The divisors of `n` from 2 up: the numbers of equal pieces a side can be divided into.
fn divisors(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    while d * d <= n {
        if n.is_multiple_of(d) {
            small.push(d);
            if d * d != n {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small.retain(|&d| d >= 2);
    small
}

impl MaundyCake {
    /// The value of one piece by the corrected formula of §7.3 (Exercise 7.2): with l prime
    /// factors in Left's side (the columns) and r in Right's (the rows), 0 if l = r; if
    /// l > r, the value of a strip of the product of the l − r largest primes of Left's side,
    /// 1 + p_l + p_l·p_{l−1} + … + p_l⋯p_{r+2} (p_1 ≤ … ≤ p_l); if l < r, the negative of
    /// the same for Right's side. (The print has sums of the primes with the signs swapped,
    /// which agrees only when |l − r| ≤ 2; Exercise 7.2 asks for the proof, by induction on
    /// l and r. The formula is checked against search for all sides up to 40, and by search
    /// for 999 × 1000 in the oracle tests.)
    pub fn piece_value((rows, columns): Cake) -> i64 {
        let (left, right) = (prime_factors(columns), prime_factors(rows));
        let strip = |primes: &[u64], keep: usize| -> i64 {
            let mut value = 1i64;
            let mut product = 1i64;
            for &p in primes.iter().rev().take(keep.saturating_sub(1)) {
                product *= p as i64;
                value += product;
            }
            value
        };
        match left.len().cmp(&right.len()) {
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => strip(&left, left.len() - right.len()),
            std::cmp::Ordering::Less => -strip(&right, right.len() - left.len()),
        }
    }
}

/// `pieces` with one copy of the piece at `index` replaced by `k` copies of `part`.
fn divide(pieces: &[(Cake, u64)], index: usize, part: Cake, k: u64) -> Vec<(Cake, u64)> {
    let mut option = pieces.to_vec();
    option[index].1 -= 1;
    match option.iter_mut().find(|(piece, _)| *piece == part) {
        Some((_, copies)) => *copies += k,
        None => option.push((part, k)),
    }
    option.retain(|&(_, copies)| copies > 0);
    option.sort_unstable();
    option
}

/// Every position after one division of one piece, by the side `side` picks out of a piece
/// and `part`, which makes a piece one k-th as large on that side.
fn divisions(
    pieces: &[(Cake, u64)],
    side: impl Fn(Cake) -> u64,
    part: impl Fn(Cake, u64) -> Cake,
) -> Vec<Vec<(Cake, u64)>> {
    let mut options = Vec::new();
    for (index, &(piece, _)) in pieces.iter().enumerate() {
        for k in divisors(side(piece)) {
            options.push(divide(pieces, index, part(piece, k), k));
        }
    }
    options
}

impl Partizan for MaundyCake {
    type Position = Vec<(Cake, u64)>;

    fn left_options(&self, pieces: &Vec<(Cake, u64)>) -> Vec<Vec<(Cake, u64)>> {
        divisions(
            pieces,
            |(_, columns)| columns,
            |(rows, columns), k| (rows, columns / k),
        )
    }

    fn right_options(&self, pieces: &Vec<(Cake, u64)>) -> Vec<Vec<(Cake, u64)>> {
        divisions(
            pieces,
            |(rows, _)| rows,
            |(rows, columns), k| (rows / k, columns),
        )
    }

    /// Each piece with its copies; a unit square has no moves.
    fn components(&self, pieces: Vec<(Cake, u64)>, parts: &mut Vec<Vec<(Cake, u64)>>) {
        parts.extend(
            pieces
                .into_iter()
                .filter(|&(piece, _)| piece != (1, 1))
                .map(|entry| vec![entry]),
        );
    }

    fn known_value(
        &self,
        component: &Vec<(Cake, u64)>,
        store: &mut Store,
    ) -> Option<StoreResult<GameId>> {
        let &[(piece, copies)] = component.as_slice() else {
            return None;
        };
        let copies = i64::try_from(copies).ok()?;
        Some(
            store
                .integer(Self::piece_value(piece))
                .and_then(|one| store.multiple(copies, one)),
        )
    }
}

impl PartizanNotation for MaundyCake {
    fn parse(&self, text: &str) -> Result<Vec<(Cake, u64)>, ParseError> {
        let mut pieces: Vec<(Cake, u64)> = Vec::new();
        let mut area: u128 = 0;
        let mut offset = 0;
        let mut words = 0;
        for word in text.split(' ') {
            if !word.is_empty() {
                words += 1;
                if words > MAX_WORDS {
                    return Err(ParseError::at(
                        offset,
                        format!("too many pieces: at most {MAX_WORDS} written"),
                    ));
                }
                let (piece, copies) = parse_piece(word).map_err(|e| e.shifted(offset))?;
                area += u128::from(piece.0) * u128::from(piece.1) * u128::from(copies);
                if area > MAX_AREA {
                    return Err(ParseError::at(
                        offset,
                        format!("the cake is too large: at most {MAX_AREA} squares in all"),
                    ));
                }
                match pieces.iter_mut().find(|(p, _)| *p == piece) {
                    Some((_, total)) => *total += copies,
                    None => pieces.push((piece, copies)),
                }
            }
            offset += word.chars().count() + 1;
        }
        if pieces.is_empty() {
            return Err(ParseError::whole(
                "no pieces: write pieces such as 2x4 3*1x12",
            ));
        }
        pieces.sort_unstable();
        Ok(pieces)
    }

    fn show(&self, pieces: &Vec<(Cake, u64)>) -> String {
        let shown: Vec<String> = pieces
            .iter()
            .map(|&((rows, columns), copies)| match copies {
                1 => format!("{rows}x{columns}"),
                _ => format!("{copies}*{rows}x{columns}"),
            })
            .collect();
        shown.join(" ")
    }

    fn describe_move(
        &self,
        player: Player,
        from: &Vec<(Cake, u64)>,
        to: &Vec<(Cake, u64)>,
    ) -> String {
        let side = match player {
            Player::Left => "columns",
            Player::Right => "rows",
        };
        // The pieces whose number changed: their old numbers in `gone`, new ones in `made`.
        let (gone, made) = sorted_changes(from, to);
        let copies = |pieces: &[(Cake, u64)], piece: Cake| {
            pieces
                .iter()
                .find(|(p, _)| *p == piece)
                .map_or(0, |&(_, c)| c)
        };
        let divided = gone.iter().find(|&&(piece, c)| copies(&made, piece) < c);
        let part = made.iter().find(|&&(piece, c)| copies(&gone, piece) < c);
        match (divided, part) {
            (Some(&((rows, columns), _)), Some(&((r, c), total))) => {
                let k = total - copies(&gone, (r, c));
                format!("{player} divides the {side} of {rows}x{columns} into {k} pieces {r}x{c}")
            }
            _ => format!("{player} divides the {side} of a piece"),
        }
    }
}

/// Reads one piece, `ROWSxCOLUMNS` or `N*ROWSxCOLUMNS`.
fn parse_piece(word: &str) -> Result<(Cake, u64), ParseError> {
    let (copies_text, cake) = match word.split_once('*') {
        Some((copies, cake)) => (Some(copies), cake),
        None => (None, word),
    };
    let cake_at = copies_text.map_or(0, |c| c.chars().count() + 1);
    let copies = match copies_text {
        Some(text) => parse_in_range(text, 0, 1, MAX_COPIES, "copies")?,
        None => 1,
    };
    let piece = parse_rectangle(cake, cake_at, MAX_SIDE, "piece (or COPIES*piece)")?;
    Ok((piece, copies))
}

/// Reads a number from `min` to `max` starting at column `at`.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Solver;

    #[test]
    fn the_closed_form_is_the_search() {
        let mut store = Store::default();
        let mut by_search = Solver::new(&MaundyCake).by_search_only();
        for rows in 1..=40 {
            for columns in 1..=40 {
                let piece = vec![((rows, columns), 1)];
                let searched = by_search.value(&mut store, &piece).unwrap();
                let known = store
                    .integer(MaundyCake::piece_value((rows, columns)))
                    .unwrap();
                assert_eq!(searched, known, "{rows}x{columns}");
            }
        }
        // Copies: three 1x12 strips are worth 30.
        let known = MaundyCake
            .known_value(&vec![((1, 12), 3)], &mut store)
            .unwrap()
            .unwrap();
        let searched = by_search.value(&mut store, &vec![((1, 12), 3)]).unwrap();
        assert_eq!((known, searched), (store.integer(30).unwrap(), known));
    }

    #[test]
    fn moves_divide_into_equal_pieces() {
        let shown = |options: Vec<Vec<(Cake, u64)>>| -> Vec<String> {
            options.iter().map(|o| MaundyCake.show(o)).collect()
        };
        let position = MaundyCake.parse("2x6 1x3").unwrap();
        assert_eq!(MaundyCake.show(&position), "1x3 2x6");
        assert_eq!(
            shown(MaundyCake.left_options(&position)),
            ["3*1x1 2x6", "1x3 2*2x3", "1x3 3*2x2", "1x3 6*2x1"]
        );
        assert_eq!(shown(MaundyCake.right_options(&position)), ["1x3 2*1x6"]);
        let from = position;
        let to = MaundyCake.parse("1x3 3*2x2").unwrap();
        assert_eq!(
            MaundyCake.describe_move(Player::Left, &from, &to),
            "Left divides the columns of 2x6 into 3 pieces 2x2"
        );
    }

    #[test]
    fn positions_read_back_and_errors_point_at_the_column() {
        let position = MaundyCake.parse(" 2x4  2*2x4 1x1").unwrap();
        assert_eq!(MaundyCake.show(&position), "1x1 3*2x4");
        for (text, column) in [
            ("2x0", 2),
            ("1x1 0x3", 4),
            ("2*", 2),
            ("x*2x3", 0),
            ("2x3x4", 3),
            ("24", 0),
        ] {
            let error = MaundyCake.parse(text).unwrap_err();
            assert_eq!(error.offset, Some(column), "{text}: {error}");
        }
        assert!(MaundyCake.parse("2x2000000000").is_err());
        assert!(MaundyCake
            .parse("1073741824*1073741824x1073741824")
            .is_err());
        assert!(MaundyCake.parse("").is_err());
    }
}
