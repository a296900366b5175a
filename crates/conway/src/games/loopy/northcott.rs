//! Poker Nim and Northcott's game (Examples 2.1 and 2.2): Nim in which heaps may also grow.
//! Neither game need end, so neither is a finite impartial game, but both are won exactly as
//! Nim is: the P-positions are those whose heaps (gaps) have nim-sum 0, and a move that
//! makes a heap grow is undone by shrinking it again. Their moves are listed as they are, and
//! the closed forms give every value, outcome and winning move, so that no search (which
//! would find the cycles and refuse) is needed.

use crate::analysis::typed;
use crate::analysis::{Kind, Notation, Params, RuleInfo};
use crate::engine::{Footprint, Outcome};
use crate::games::impartial::nim::nim_sum;
use crate::impartial::{Impartial, MoveSink, Target};
use crate::text::Separator;
use crate::text::{parse_numbers, show_numbers, ParseError};

/// Why misère play is not supported for games that need not end.
/// How these games are played under misère play.
const LOOPY_MISERE: &str = "the last to move loses. Play may go round a cycle, so a position is solved on its explicit game graph, and may be a draw.";

/// Poker Nim: a player may, instead of taking chips, add to one heap chips he took earlier.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PokerNim;

pub(crate) const POKER_NIM: RuleInfo = RuleInfo {
    name: "poker-nim",
    kind: Kind::Loopy,
    params: Params::None,
    summary: "Nim in which a player may instead add to a heap chips he took earlier; the P-positions are Nim's.",
    notation: "heap sizes, then optionally `/ a b`: the chips the player to move has taken so far, then the other player's, e.g. `3 5 7 / 4 0`.",
    misere: LOOPY_MISERE,
    example: "conway solve poker-nim \"3 5 7 / 4\"",
    build: |info, _| Ok(typed(info, PokerNim)),
};

/// A Poker Nim position: the heaps and the chips each player holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PokerPosition {
    /// The sizes of the heaps.
    pub heaps: Vec<u64>,
    /// Chips held by the player to move.
    pub mine: u64,
    /// Chips held by the other player.
    pub theirs: u64,
}

impl Footprint for PokerPosition {
    fn footprint(&self) -> usize {
        self.heaps.footprint() + 16
    }
}

impl PokerPosition {
    /// The position after the player to move leaves heap `i` at `size`.
    fn with_heap(&self, i: usize, size: u64) -> PokerPosition {
        let h = self.heaps[i];
        let mut heaps = self.heaps.clone();
        heaps[i] = size;
        PokerPosition {
            heaps,
            mine: self.theirs,
            theirs: if size < h {
                self.mine + (h - size)
            } else {
                self.mine - (size - h)
            },
        }
    }
}

impl Impartial for PokerNim {
    type Position = PokerPosition;

    fn options(&self, p: &PokerPosition) -> Vec<PokerPosition> {
        let mut options = Vec::new();
        for (i, &h) in p.heaps.iter().enumerate() {
            options.extend((0..h).map(|size| p.with_heap(i, size)));
            options.extend((1..=p.mine).map(|added| p.with_heap(i, h + added)));
        }
        options
    }

    fn option_bound(&self, p: &PokerPosition) -> Option<u64> {
        let per_heap = p.heaps.iter().fold(0u64, |t, &h| t.saturating_add(h));
        Some(per_heap.saturating_add((p.heaps.len() as u64).saturating_mul(p.mine)))
    }

    fn known_value(&self, p: &PokerPosition) -> Option<u64> {
        Some(nim_sum(&p.heaps))
    }

    fn known_outcome(&self, p: &PokerPosition) -> Option<Outcome> {
        Some(Outcome::p_if(nim_sum(&p.heaps) == 0))
    }

    /// Make the nim-sum `value` by shrinking a heap, or by growing one with chips in hand.
    fn known_moves_to(
        &self,
        p: &PokerPosition,
        target: Target,
        sink: &mut MoveSink<'_, PokerPosition>,
    ) -> bool {
        let Target::Value(value) = target else {
            return false;
        };
        let change = nim_sum(&p.heaps) ^ value;
        if change == 0 {
            return true;
        }
        // Shrinking moves first: a player who only ever shrinks makes the game end, where
        // growing a heap could let it go round a cycle.
        for grow in [false, true] {
            for (i, &h) in p.heaps.iter().enumerate() {
                let size = h ^ change;
                let allowed = match grow {
                    false => size < h,
                    true => size > h && size - h <= p.mine,
                };
                if allowed {
                    sink.push_with(|| p.with_heap(i, size));
                }
            }
        }
        true
    }
}

impl Notation for PokerNim {
    /// The chips in hand change sides: the player to move holds the other's.
    fn passed(&self, p: &PokerPosition) -> Option<PokerPosition> {
        Some(PokerPosition {
            heaps: p.heaps.clone(),
            mine: p.theirs,
            theirs: p.mine,
        })
    }

    fn parse(&self, text: &str) -> Result<PokerPosition, ParseError> {
        let (heaps, held) = text.split_once('/').unwrap_or((text, ""));
        let held_at = heaps.chars().count() + 1;
        let heaps = parse_numbers(heaps, Separator::Spaces)?;
        if heaps.is_empty() {
            return Err(ParseError::whole("there are no heaps"));
        }
        let (mine, theirs) = match parse_numbers(held, Separator::Spaces)
            .map_err(|e| e.shifted(held_at))?
            .as_slice()
        {
            [] => (0, 0),
            &[mine] => (mine, 0),
            &[mine, theirs] => (mine, theirs),
            _ => {
                return Err(ParseError::at(
                    held_at,
                    "after `/` give at most two numbers: your chips, then the other player's",
                ))
            }
        };
        heaps
            .iter()
            .try_fold(mine, |total, &h| total.checked_add(h))
            .and_then(|total| total.checked_add(theirs))
            .ok_or(ParseError::whole(
                "there are more chips in all than fit in 64 bits",
            ))?;
        Ok(PokerPosition {
            heaps,
            mine,
            theirs,
        })
    }

    fn show(&self, p: &PokerPosition) -> String {
        format!("{} / {} {}", show_numbers(&p.heaps), p.mine, p.theirs)
    }

    fn describe_move(&self, from: &PokerPosition, to: &PokerPosition) -> String {
        let i = from
            .heaps
            .iter()
            .zip(&to.heaps)
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        let (h, size) = (from.heaps[i], to.heaps[i]);
        match size < h {
            true => format!("heap {}: take {} ({h} → {size})", i + 1, h - size),
            false => format!("heap {}: add {} ({h} → {size})", i + 1, size - h),
        }
    }
}

/// Northcott's game: one white and one black piece in each row; a player slides one of his
/// pieces along its row, toward or away from the other, without jumping it. The gap between
/// the two pieces of a row is a Poker Nim heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Northcott;

pub(crate) const NORTHCOTT: RuleInfo = RuleInfo {
    name: "northcott",
    kind: Kind::Loopy,
    params: Params::None,
    summary: "One white and one black piece per row; a player slides one of his pieces along its row without jumping. W moves first unless the position says `B:`.",
    notation: "optionally `W:` or `B:` (the colour to move, W if absent), then rows separated by `|`, each with one `W`, one `B` and `.` for empty squares, e.g. `B:W..B....|.W....B.`.",
    misere: LOOPY_MISERE,
    example: "conway solve northcott \"W..B....|W......B\"",
    build: |info, _| Ok(typed(info, Northcott)),
};

/// A row of a Northcott board: its length and the columns of the two pieces (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    /// The squares in the row.
    pub len: usize,
    /// The column of the white piece.
    pub white: usize,
    /// The column of the black piece.
    pub black: usize,
}

/// A Northcott position and the colour to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// The rows, in the order written.
    pub rows: Vec<Row>,
    /// Whether White moves next (else Black).
    pub white_to_move: bool,
}

impl Footprint for Board {
    fn footprint(&self) -> usize {
        std::mem::size_of::<Board>() + self.rows.len() * std::mem::size_of::<Row>()
    }
}

impl Row {
    /// Reads a row that starts at character `offset` of the position.
    fn parse(text: &str, offset: usize) -> Result<Row, ParseError> {
        let cells: Vec<char> = text.chars().collect();
        if let Some(i) = cells.iter().position(|c| !matches!(c, '.' | 'W' | 'B')) {
            return Err(ParseError::at(
                offset + i,
                format!("'{}' is not a square: use `W`, `B` and `.`", cells[i]),
            ));
        }
        let find = |piece: char| -> Result<usize, ParseError> {
            let mut at = cells.iter().enumerate().filter(|(_, &c)| c == piece);
            match (at.next(), at.next()) {
                (Some((i, _)), None) => Ok(i),
                _ => Err(ParseError::at(
                    offset,
                    format!("row `{text}` needs exactly one `{piece}`"),
                )),
            }
        };
        Ok(Row {
            len: cells.len(),
            white: find('W')?,
            black: find('B')?,
        })
    }

    fn show(&self) -> String {
        (0..self.len)
            .map(|i| match i {
                _ if i == self.white => 'W',
                _ if i == self.black => 'B',
                _ => '.',
            })
            .collect()
    }

    /// The empty squares between the two pieces.
    pub fn gap(&self) -> u64 {
        (self.white.abs_diff(self.black) - 1) as u64
    }

    /// Every row after the white (or black) piece moves.
    fn moves(&self, white: bool) -> impl Iterator<Item = Row> + '_ {
        let (piece, other) = if white {
            (self.white, self.black)
        } else {
            (self.black, self.white)
        };
        let squares = if piece < other {
            0..other
        } else {
            other + 1..self.len
        };
        squares
            .filter(move |&s| s != piece)
            .map(move |s| match white {
                true => Row { white: s, ..*self },
                false => Row { black: s, ..*self },
            })
    }
}

impl Board {
    /// The gap of each row: the rows as heaps of Nim.
    fn gaps(&self) -> Vec<u64> {
        self.rows.iter().map(Row::gap).collect()
    }
}

impl Impartial for Northcott {
    type Position = Board;

    fn options(&self, board: &Board) -> Vec<Board> {
        let mut options = Vec::new();
        for (i, row) in board.rows.iter().enumerate() {
            for moved in row.moves(board.white_to_move) {
                let mut rows = board.rows.clone();
                rows[i] = moved;
                options.push(Board {
                    rows,
                    white_to_move: !board.white_to_move,
                });
            }
        }
        options
    }

    fn option_bound(&self, board: &Board) -> Option<u64> {
        Some(board.rows.iter().map(|r| r.len as u64).sum())
    }

    fn known_value(&self, board: &Board) -> Option<u64> {
        Some(nim_sum(&board.gaps()))
    }

    fn known_outcome(&self, board: &Board) -> Option<Outcome> {
        Some(Outcome::p_if(nim_sum(&board.gaps()) == 0))
    }

    /// Every move that makes the nim-sum of the gaps `value`, closing or widening a gap.
    fn known_moves_to(
        &self,
        board: &Board,
        target: Target,
        sink: &mut MoveSink<'_, Board>,
    ) -> bool {
        let Target::Value(value) = target else {
            return false;
        };
        let change = nim_sum(&board.gaps()) ^ value;
        if change == 0 {
            return true;
        }
        // Advances first: a player who only ever advances runs out of room, so the game
        // ends, where a retreat to a P-position can be answered by a retreat and go round a
        // cycle for ever.
        for advance in [true, false] {
            for (i, row) in board.rows.iter().enumerate() {
                let gap = row.gap() ^ change;
                if (gap < row.gap()) != advance {
                    continue;
                }
                if let Some(moved) = row.moves(board.white_to_move).find(|r| r.gap() == gap) {
                    sink.push_with(|| {
                        let mut rows = board.rows.clone();
                        rows[i] = moved;
                        Board {
                            rows,
                            white_to_move: !board.white_to_move,
                        }
                    });
                }
            }
        }
        true
    }
}

impl Notation for Northcott {
    /// The other colour to move.
    fn passed(&self, board: &Board) -> Option<Board> {
        Some(Board {
            rows: board.rows.clone(),
            white_to_move: !board.white_to_move,
        })
    }

    fn parse(&self, text: &str) -> Result<Board, ParseError> {
        let (white_to_move, rows, offset) = match text.split_once(':') {
            Some((who, rows)) => {
                let white = match who.trim() {
                    "W" => true,
                    "B" => false,
                    other => {
                        return Err(ParseError::at(
                            0,
                            format!("'{other}:' should be `W:` or `B:`, the colour to move"),
                        ))
                    }
                };
                (white, rows, who.chars().count() + 1)
            }
            None => (true, text, 0),
        };
        let mut parsed = Vec::new();
        let mut at = offset;
        for row in rows.split('|') {
            let lead = row.chars().take_while(|c| c.is_whitespace()).count();
            parsed.push(Row::parse(row.trim(), at + lead)?);
            at += row.chars().count() + 1;
        }
        Ok(Board {
            rows: parsed,
            white_to_move,
        })
    }

    fn show(&self, board: &Board) -> String {
        let mover = if board.white_to_move { "W" } else { "B" };
        let rows: Vec<String> = board.rows.iter().map(Row::show).collect();
        format!("{mover}:{}", rows.join("|"))
    }

    fn describe_move(&self, from: &Board, to: &Board) -> String {
        let i = from
            .rows
            .iter()
            .zip(&to.rows)
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        let (before, after) = (from.rows[i].gap(), to.rows[i].gap());
        let piece = if from.white_to_move { "W" } else { "B" };
        let verb = if after < before { "advance" } else { "retreat" };
        format!("row {}: {verb} {piece}, gap {before} → {after}", i + 1)
    }
}
