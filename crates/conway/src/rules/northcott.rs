//! Poker Nim and Northcott's game (Examples 2.1 and 2.2): Nim in which heaps may also grow.
//! Neither game need end, so neither is a finite impartial game, but both are won exactly as
//! Nim is: the P-positions are those whose heaps (gaps) have nim-sum 0, and a move that
//! makes a heap grow is undone by shrinking it again. Both are solved here by that rule.

use super::{parse_numbers, show_numbers, Budget, Move, Report, RuleError, Ruleset};
use crate::impartial::{Outcome, Play};

/// Poker Nim: a player may, instead of taking chips, add to one heap chips he took earlier.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PokerNim;

/// A Poker Nim position: the heaps and the chips each player holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PokerPosition {
    pub heaps: Vec<u64>,
    /// Chips held by the player to move.
    pub mine: u64,
    /// Chips held by the other player.
    pub theirs: u64,
}

impl PokerPosition {
    pub fn parse(text: &str) -> Result<Self, String> {
        let (heaps, held) = text.split_once('/').unwrap_or((text, ""));
        let heaps = parse_numbers(heaps)?;
        let (mine, theirs) = match parse_numbers(held)?.as_slice() {
            [] => (0, 0),
            &[mine] => (mine, 0),
            &[mine, theirs] => (mine, theirs),
            _ => {
                return Err(
                    "after `/` give at most two numbers: your chips, then the other player's"
                        .to_string(),
                )
            }
        };
        heaps
            .iter()
            .try_fold(mine, |total, &h| total.checked_add(h))
            .and_then(|total| total.checked_add(theirs))
            .ok_or("there are more chips in all than fit in 64 bits")?;
        Ok(PokerPosition {
            heaps,
            mine,
            theirs,
        })
    }

    pub fn show(&self) -> String {
        format!(
            "{} / {} {}",
            show_numbers(&self.heaps),
            self.mine,
            self.theirs
        )
    }

    /// Every winning move: make the nim-sum 0 by shrinking a heap, or by growing one with
    /// chips in hand. The result is shown with the other player to move.
    pub fn winning_moves(&self) -> Vec<Move> {
        let sum = nim_sum(&self.heaps);
        let mut moves = Vec::new();
        for (i, &h) in self.heaps.iter().enumerate() {
            let target = h ^ sum;
            if sum == 0 || (target > h && target - h > self.mine) {
                continue;
            }
            let mut heaps = self.heaps.clone();
            heaps[i] = target;
            let (mine, description) = if target < h {
                (
                    self.mine + (h - target),
                    format!("heap {}: take {} ({h} → {target})", i + 1, h - target),
                )
            } else {
                (
                    self.mine - (target - h),
                    format!("heap {}: add {} ({h} → {target})", i + 1, target - h),
                )
            };
            let to = PokerPosition {
                heaps,
                mine: self.theirs,
                theirs: mine,
            };
            moves.push(Move {
                to: to.show(),
                description,
            });
        }
        moves
    }
}

fn nim_sum(values: &[u64]) -> u64 {
    values.iter().fold(0, |sum, &v| sum ^ v)
}

fn normal_play_only(game: &str, play: Play) -> Result<(), RuleError> {
    match play {
        Play::Normal => Ok(()),
        Play::Misere => Err(RuleError::BadParameters {
            game: game.to_string(),
            reason: "only normal play is solved for this game".to_string(),
        }),
    }
}

fn bad_position(game: &str, position: &str, reason: String) -> RuleError {
    RuleError::BadPosition {
        game: game.to_string(),
        position: position.to_string(),
        reason,
    }
}

impl Ruleset for PokerNim {
    fn name(&self) -> String {
        "poker-nim".to_string()
    }

    fn analyse(&self, text: &str, play: Play, _budget: Budget) -> Result<Report, RuleError> {
        normal_play_only(&self.name(), play)?;
        let position =
            PokerPosition::parse(text).map_err(|r| bad_position("poker-nim", text, r))?;
        let sum = nim_sum(&position.heaps);
        Ok(Report {
            game: self.name(),
            position: position.show(),
            play,
            outcome: Outcome::p_if(sum == 0),
            value: Some(sum),
            value_unknown: None,
            winning_moves: position.winning_moves(),
        })
    }
}

/// Northcott's game: one white and one black piece in each row; a player slides one of his
/// pieces along its row, toward or away from the other, without jumping it. The gap between
/// the two pieces of a row is a Poker Nim heap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Northcott;

/// A row of a Northcott board: its length and the columns of the two pieces (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub len: usize,
    pub white: usize,
    pub black: usize,
}

/// A Northcott position and the colour to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: Vec<Row>,
    pub white_to_move: bool,
}

impl Row {
    fn parse(text: &str) -> Result<Row, String> {
        let cells: Vec<char> = text.trim().chars().collect();
        let find = |piece: char| -> Result<usize, String> {
            let mut at = cells
                .iter()
                .enumerate()
                .filter(|(_, &c)| c == piece)
                .map(|(i, _)| i);
            match (at.next(), at.next()) {
                (Some(i), None) => Ok(i),
                _ => Err(format!("row `{text}` needs exactly one `{piece}`")),
            }
        };
        if let Some(c) = cells.iter().find(|c| !matches!(c, '.' | 'W' | 'B')) {
            return Err(format!("'{c}' is not a square: use `W`, `B` and `.`"));
        }
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

    /// The squares behind a piece: how far it can retreat.
    fn room_behind(&self, piece: usize, other: usize) -> usize {
        if piece < other {
            piece
        } else {
            self.len - 1 - piece
        }
    }

    /// The row after the piece at `piece` changes the gap to `gap`, if it can.
    fn with_gap(&self, white: bool, gap: u64) -> Option<Row> {
        let (piece, other) = if white {
            (self.white, self.black)
        } else {
            (self.black, self.white)
        };
        let change = gap as i64 - self.gap() as i64;
        if change > self.room_behind(piece, other) as i64 {
            return None;
        }
        let toward: i64 = if piece < other { 1 } else { -1 };
        let moved = (piece as i64 - toward * change) as usize;
        Some(if white {
            Row {
                white: moved,
                ..*self
            }
        } else {
            Row {
                black: moved,
                ..*self
            }
        })
    }
}

impl Board {
    pub fn parse(text: &str) -> Result<Board, String> {
        let (white_to_move, rows) = match text.trim().split_once(':') {
            Some(("W", rows)) => (true, rows),
            Some(("B", rows)) => (false, rows),
            Some((who, _)) => {
                return Err(format!(
                    "'{who}:' should be `W:` or `B:`, the colour to move"
                ))
            }
            None => (true, text),
        };
        let rows = rows
            .split('|')
            .map(Row::parse)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Board {
            rows,
            white_to_move,
        })
    }

    pub fn show(&self) -> String {
        let mover = if self.white_to_move { "W" } else { "B" };
        let rows: Vec<String> = self.rows.iter().map(Row::show).collect();
        format!("{mover}:{}", rows.join("|"))
    }

    pub fn gaps(&self) -> Vec<u64> {
        self.rows.iter().map(Row::gap).collect()
    }

    /// Every move that makes the nim-sum of the gaps 0, closing or widening a gap.
    pub fn winning_moves(&self) -> Vec<Move> {
        let sum = nim_sum(&self.gaps());
        let piece = if self.white_to_move { "W" } else { "B" };
        let mut moves = Vec::new();
        for (i, row) in self.rows.iter().enumerate() {
            let target = row.gap() ^ sum;
            if sum == 0 {
                break;
            }
            if let Some(new_row) = row.with_gap(self.white_to_move, target) {
                let mut rows = self.rows.clone();
                rows[i] = new_row;
                let to = Board {
                    rows,
                    white_to_move: !self.white_to_move,
                };
                let verb = if target < row.gap() {
                    "advance"
                } else {
                    "retreat"
                };
                moves.push(Move {
                    to: to.show(),
                    description: format!(
                        "row {}: {verb} {piece}, gap {} → {target}",
                        i + 1,
                        row.gap()
                    ),
                });
            }
        }
        moves
    }
}

impl Ruleset for Northcott {
    fn name(&self) -> String {
        "northcott".to_string()
    }

    fn analyse(&self, text: &str, play: Play, _budget: Budget) -> Result<Report, RuleError> {
        normal_play_only(&self.name(), play)?;
        let board = Board::parse(text).map_err(|r| bad_position("northcott", text, r))?;
        let sum = nim_sum(&board.gaps());
        Ok(Report {
            game: self.name(),
            position: board.show(),
            play,
            outcome: Outcome::p_if(sum == 0),
            value: Some(sum),
            value_unknown: None,
            winning_moves: board.winning_moves(),
        })
    }
}
