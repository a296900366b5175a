//! Cut-cake (Example 7.4): Left cuts a piece along a vertical grid line (splitting its
//! columns), Right along a horizontal one (splitting its rows). Pieces are independent.

use crate::analysis::typed_partizan;
use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::number::Dyadic;
use crate::partizan::{Partizan, Player};
use crate::short::{GameId, Store, StoreResult};
use crate::text::{parse_rectangle, sorted_changes, ParseError};

/// Cut-cake. A position is its pieces, each `(rows, columns)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CutCake;

/// The largest side of a piece: a piece of n columns has n − 1 cuts for Left.
const MAX_SIDE: u64 = 1 << 20;

/// The most pieces a position may have.
const MAX_PIECES: usize = 4096;

pub(crate) const CUT_CAKE: RuleInfo = RuleInfo {
    name: "cut-cake",
    kind: Kind::Partizan,
    params: Params::None,
    summary: "Partizan. Left cuts one piece of a grid cake along a vertical line, Right along a horizontal one; whoever cannot cut loses.",
    notation: "pieces `ROWSxCOLUMNS` separated by spaces: `2x4 3x3`. A cut keeps both pieces it makes, a 1x1 piece too (no one can cut it): Left's cut of `1x3` leaves `1x1 1x2`.",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve cut-cake \"2x4 3x3\"",
    build: |info, _| Ok(typed_partizan(info, CutCake)),
};

/// `(rows, columns)`.
pub type Piece = (u64, u64);

/// A 1×1 piece: no one can cut it, so its value is 0 and the solver leaves it out of the
/// components (positions keep it, as the cut that made it shows).
const CRUMB: Piece = (1, 1);

impl CutCake {
    /// The value of a piece by the closed form of Example 7.4: with l and r the bit lengths of
    /// the rows m and the columns n, 0 if l = r, ⌊n / 2^(l−1)⌋ − 1 if l < r, and the negative
    /// of the mirror image if l > r.
    pub fn piece_value((rows, columns): Piece) -> i64 {
        let bits = |x: u64| 64 - x.leading_zeros();
        let (l, r) = (bits(rows), bits(columns));
        match l.cmp(&r) {
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Less => (columns >> (l - 1)) as i64 - 1,
            std::cmp::Ordering::Greater => -((rows >> (r - 1)) as i64 - 1),
        }
    }
}

impl Partizan for CutCake {
    type Position = Vec<Piece>;

    fn left_options(&self, pieces: &Vec<Piece>) -> Vec<Vec<Piece>> {
        cuts(pieces, |(rows, columns)| {
            (1..columns).map(move |a| [(rows, a), (rows, columns - a)])
        })
    }

    fn right_options(&self, pieces: &Vec<Piece>) -> Vec<Vec<Piece>> {
        cuts(pieces, |(rows, columns)| {
            (1..rows).map(move |a| [(a, columns), (rows - a, columns)])
        })
    }

    fn components(&self, pieces: Vec<Piece>, parts: &mut Vec<Vec<Piece>>) {
        parts.extend(
            pieces
                .into_iter()
                .filter(|&piece| piece != CRUMB)
                .map(|piece| vec![piece]),
        );
    }

    fn known_value(
        &self,
        component: &Vec<Piece>,
        store: &mut Store,
    ) -> Option<StoreResult<GameId>> {
        match component.as_slice() {
            [piece] => Some(store.number(Dyadic::from_int(Self::piece_value(*piece)))),
            _ => None,
        }
    }
}

/// Every position after one cut of one piece, by `split`, which lists the ways to cut a piece.
fn cuts<I: Iterator<Item = [Piece; 2]>>(
    pieces: &[Piece],
    split: impl Fn(Piece) -> I,
) -> Vec<Vec<Piece>> {
    let mut options = Vec::new();
    for (index, &piece) in pieces.iter().enumerate() {
        if index > 0 && pieces[index - 1] == piece {
            continue;
        }
        for halves in split(piece) {
            let mut option = pieces.to_vec();
            option.remove(index);
            option.extend(halves);
            option.sort_unstable();
            options.push(option);
        }
    }
    options.sort();
    options.dedup();
    options
}

impl PartizanNotation for CutCake {
    fn parse(&self, text: &str) -> Result<Vec<Piece>, ParseError> {
        let mut pieces = Vec::new();
        let mut words = 0;
        let mut offset = 0;
        for word in text.split(' ') {
            if !word.is_empty() {
                words += 1;
                if words > MAX_PIECES {
                    return Err(ParseError::at(
                        offset,
                        format!("too many pieces: at most {MAX_PIECES}"),
                    ));
                }
                pieces.push(parse_rectangle(word, offset, MAX_SIDE, "piece")?);
            }
            offset += word.chars().count() + 1;
        }
        if words == 0 {
            return Err(ParseError::whole("no pieces: write pieces such as 2x4 3x3"));
        }
        pieces.sort_unstable();
        Ok(pieces)
    }

    fn show(&self, pieces: &Vec<Piece>) -> String {
        let shown: Vec<String> = pieces.iter().map(|(r, c)| format!("{r}x{c}")).collect();
        shown.join(" ")
    }

    fn describe_move(&self, player: Player, from: &Vec<Piece>, to: &Vec<Piece>) -> String {
        let (gone, made) = sorted_changes(from, to);
        match (gone.as_slice(), made.as_slice()) {
            ([(rows, columns)], [(a, b), (c, d)]) => {
                format!("cut {rows}x{columns} into {a}x{b} and {c}x{d}")
            }
            _ => format!("{player} cuts a piece"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Solver;

    #[test]
    fn the_closed_form_is_the_search() {
        let mut store = Store::default();
        let mut by_search = Solver::new(&CutCake).by_search_only();
        for rows in 1..=9 {
            for columns in 1..=9 {
                let searched = by_search.value(&mut store, &vec![(rows, columns)]).unwrap();
                let known = Dyadic::from_int(CutCake::piece_value((rows, columns)));
                assert_eq!(store.as_number(searched), Some(&known), "{rows}x{columns}");
            }
        }
    }
}
