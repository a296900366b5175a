//! Nim with heaps of any ordinal size below ε₀ (Appendix A): a move lowers one heap to any
//! smaller ordinal, so a heap of ω or more has infinitely many moves. Its positions have
//! their own face: the value is the ordinal nim-sum of the heaps (the transfinite
//! Sprague–Grundy value, a mex over ordinals), the winning moves are found by that sum
//! rather than by listing moves, and a move typed in play is checked rather than looked up.

use super::position::{hash_of, Face, ImpartialFace, Valuer};
use super::{Analysis, Budget, Kind, MoveCounts, Position, RuleError, RuleInfo, Ruleset, Value};
use crate::engine::{Outcome, Play};
use crate::graph::GraphReport;
use crate::heap::Sequence;
use crate::ordinal::grundy::{nim_value, nim_winning_moves};
use crate::ordinal::Ordinal;
use crate::partizan::Player;
use crate::short::{GameId, Store};
use crate::text::ParseError;
use num_traits::ToPrimitive;
use std::any::Any;
use std::sync::Arc;

/// The ruleset of ordinal Nim.
pub(crate) struct OrdinalNim {
    info: &'static RuleInfo,
}

impl OrdinalNim {
    pub(crate) fn build(info: &'static RuleInfo) -> Box<dyn Ruleset> {
        Box::new(OrdinalNim { info })
    }

    fn unsupported(&self, what: &'static str) -> RuleError {
        RuleError::Unsupported {
            game: self.info.name.to_string(),
            what,
        }
    }
}

impl Ruleset for OrdinalNim {
    fn info(&self) -> &'static RuleInfo {
        self.info
    }

    fn name(&self) -> String {
        self.info.name.to_string()
    }

    fn play(&self, asked: Play) -> Play {
        asked
    }

    fn parse_under(&self, text: &str, play: Play) -> Result<Position, RuleError> {
        if play == Play::Misere {
            return Err(self.unsupported(MISERE));
        }
        let heaps = parse_heaps(text).map_err(|reason| RuleError::BadPosition {
            game: self.name(),
            position: text.to_string(),
            reason,
        })?;
        Ok(Position(Face::Impartial(Arc::new(Heaps {
            info: self.info,
            heaps,
        }))))
    }

    fn sequence(&self, _n: u64, _budget: Budget) -> Result<Sequence<'_>, RuleError> {
        Err(self.unsupported(
            "the nim value of one heap of ordinal Nim is its size: the sequence is 0, 1, 2, …",
        ))
    }
}

const MISERE: &str = "misère play of ordinal Nim is not supported";

/// Heaps separated by commas outside parentheses, each an ordinal expression (which may
/// call `nimsum(a, b)`).
fn parse_heaps(text: &str) -> Result<Vec<Ordinal>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut ends = Vec::new();
    let mut depth = 0i64;
    for (at, &c) in chars.iter().enumerate() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth <= 0 => ends.push(at),
            _ => {}
        }
    }
    ends.push(chars.len());
    let mut start = 0;
    let mut heaps = Vec::with_capacity(ends.len());
    for end in ends {
        let part: String = chars[start..end].iter().collect();
        heaps.push(Ordinal::parse(&part).map_err(|e| e.shifted(start))?);
        start = end + 1;
    }
    Ok(heaps)
}

/// A position: the heaps in order.
struct Heaps {
    info: &'static RuleInfo,
    heaps: Vec<Ordinal>,
}

impl Heaps {
    fn with(&self, heaps: Vec<Ordinal>) -> Position {
        Position(Face::Impartial(Arc::new(Heaps {
            info: self.info,
            heaps,
        })))
    }

    fn unsupported(&self, what: &'static str) -> RuleError {
        RuleError::Unsupported {
            game: self.info.name.to_string(),
            what,
        }
    }

    /// The position with heap `i` lowered to `size`.
    fn lowered(&self, i: usize, size: Ordinal) -> Position {
        let mut heaps = self.heaps.clone();
        heaps[i] = size;
        self.with(heaps)
    }

    /// The one heap a move to `to` lowers, and its new size, if `to` is one move away.
    fn lowered_heap<'a>(&self, to: &'a Heaps) -> Option<(usize, &'a Ordinal)> {
        if to.heaps.len() != self.heaps.len() {
            return None;
        }
        let mut changed = self
            .heaps
            .iter()
            .zip(&to.heaps)
            .enumerate()
            .filter(|(_, (a, b))| a != b);
        match (changed.next(), changed.next()) {
            (Some((i, (from, to))), None) if to < from => Some((i, to)),
            _ => None,
        }
    }
}

impl ImpartialFace for Heaps {
    fn game(&self) -> &str {
        self.info.name
    }

    fn kind(&self) -> Kind {
        Kind::Impartial
    }

    fn show(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(Ordinal::to_string).collect();
        heaps.join(", ")
    }

    fn parse_another(&self, text: &str, play: Play) -> Result<Position, RuleError> {
        OrdinalNim { info: self.info }.parse_under(text, play)
    }

    /// The moves, where they are finitely many (every heap finite) and few enough to list.
    fn options(&self, _play: Play) -> Result<Vec<Position>, RuleError> {
        let mut sizes = Vec::with_capacity(self.heaps.len());
        for heap in &self.heaps {
            let size = heap
                .to_finite()
                .ok_or_else(|| self.unsupported(INFINITELY_MANY))?;
            sizes.push(size.to_u64().unwrap_or(u64::MAX));
        }
        let total = sizes.iter().fold(0u64, |sum, &n| sum.saturating_add(n));
        if total > MAX_LISTED {
            return Err(RuleError::TooManyMoves {
                game: self.info.name.to_string(),
                limit: MAX_LISTED,
            });
        }
        let mut options = Vec::new();
        for (i, &size) in sizes.iter().enumerate() {
            options.extend((0..size).map(|n| self.lowered(i, Ordinal::from(n))));
        }
        Ok(options)
    }

    fn is_option(&self, to: &dyn ImpartialFace, _play: Play) -> Result<bool, RuleError> {
        let to = to.as_any().downcast_ref::<Heaps>();
        Ok(to.is_some_and(|to| self.lowered_heap(to).is_some()))
    }

    /// The move that lowers the last heap that is not empty as little as its form allows:
    /// by 1 from a successor, by its last power of ω from a limit.
    fn any_option(&self, _play: Play) -> Result<Option<Position>, RuleError> {
        let Some(i) = self.heaps.iter().rposition(|h| !h.is_zero()) else {
            return Ok(None);
        };
        Ok(Some(self.lowered(i, self.heaps[i].less_its_last_power())))
    }

    fn describe_move(&self, to: &dyn ImpartialFace) -> String {
        match to
            .as_any()
            .downcast_ref::<Heaps>()
            .and_then(|to| self.lowered_heap(to))
        {
            Some((i, size)) => format!("heap {}: {} → {size}", i + 1, self.heaps[i]),
            None => format!("to {}", to.show()),
        }
    }

    fn passed(&self) -> Option<Position> {
        None
    }

    fn game_over(&self) -> Option<String> {
        None
    }

    fn analyse(
        &self,
        play: Play,
        keep: usize,
        _budget: Budget,
        each: &mut dyn FnMut(&Analysis, Position) -> bool,
    ) -> Result<Analysis, RuleError> {
        if play == Play::Misere {
            return Err(self.unsupported(MISERE));
        }
        let value = nim_value(&self.heaps);
        let outcome = Outcome::p_if(value.is_zero());
        let mut analysis = Analysis::new(
            Kind::Impartial,
            play,
            outcome,
            Some(Value::Transfinite(value)),
        );
        let moves = nim_winning_moves(&self.heaps);
        for (i, size) in moves.iter().take(keep) {
            if !each(&analysis, self.lowered(*i, size.clone())) {
                break;
            }
        }
        analysis.move_counts = Some(MoveCounts::either(moves.len() as u64));
        Ok(analysis)
    }

    fn nim_value(&self, _budget: Budget) -> Result<u64, RuleError> {
        nim_value(&self.heaps)
            .to_finite()
            .and_then(|n| n.to_u64())
            .ok_or_else(|| self.unsupported(TRANSFINITE_SUM))
    }

    fn moves_to_value(
        &self,
        value: u64,
        keep: usize,
        _budget: Budget,
        each: &mut dyn FnMut(Position) -> bool,
    ) -> Result<u64, RuleError> {
        let total = nim_value(&self.heaps);
        let mut count = 0;
        for (i, heap) in self.heaps.iter().enumerate() {
            let target = total.nim_sum(heap).nim_sum(&Ordinal::from(value));
            if target < *heap {
                count += 1;
                if count as usize <= keep && !each(self.lowered(i, target)) {
                    break;
                }
            }
        }
        Ok(count)
    }

    /// Values as short games (nimbers), where the heaps are finite.
    fn valuer(&self, _budget: Budget) -> Result<Box<dyn Valuer + '_>, RuleError> {
        Ok(Box::new(Nimbers(self)))
    }

    fn graph(&self, _play: Play, _budget: Budget) -> Result<GraphReport, RuleError> {
        Err(self.unsupported("the game graph of ordinal Nim is not drawn, since below a heap of w lie infinitely many positions; `graph nim` draws finite heaps"))
    }

    fn same(&self, other: &dyn ImpartialFace) -> bool {
        other
            .as_any()
            .downcast_ref::<Heaps>()
            .is_some_and(|o| o.heaps == self.heaps)
    }

    /// At least: an ordinal may hold more than its own size.
    fn footprint(&self) -> usize {
        size_of::<Self>() + self.heaps.len() * size_of::<Ordinal>()
    }

    fn hash_position(&self) -> u64 {
        hash_of(&self.heaps)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn typed_position(&self) -> &dyn Any {
        &self.heaps
    }
}

/// Values a position of finite heaps and its options as nimbers.
struct Nimbers<'p>(&'p Heaps);

impl Nimbers<'_> {
    fn nimber(&self, store: &mut Store, heaps: &Heaps) -> Result<GameId, RuleError> {
        let value = heaps.nim_value(Budget::default())?;
        store
            .nimber(u128::from(value))
            .map_err(|source| RuleError::Search {
                game: heaps.info.name.to_string(),
                source,
            })
    }
}

impl Valuer for Nimbers<'_> {
    fn value(&mut self, store: &mut Store) -> Result<GameId, RuleError> {
        self.nimber(store, self.0)
    }

    fn options(
        &mut self,
        _player: Player,
        store: &mut Store,
        each: &mut dyn FnMut(&mut Store, Position, GameId) -> Result<bool, RuleError>,
    ) -> Result<(), RuleError> {
        for option in self.0.options(Play::Normal)? {
            let Face::Impartial(face) = &option.0 else {
                unreachable!("the options of ordinal Nim are ordinal Nim")
            };
            let heaps = face.as_any().downcast_ref::<Heaps>().expect("ordinal Nim");
            let value = self.nimber(store, heaps)?;
            if !each(store, option, value)? {
                break;
            }
        }
        Ok(())
    }
}

/// The most moves listed at once: each is a whole position, of a few hundred bytes.
const MAX_LISTED: u64 = 1 << 16;

const INFINITELY_MANY: &str = "a heap of w or more can be lowered to infinitely many sizes, so its moves cannot be listed; `solve` gives the winning ones, and `play` takes a move typed as the position it leads to";

const TRANSFINITE_SUM: &str = "the position's nim value is infinite (or past 2^64), and sums with other games add finite nim values; write all the heaps as one ordinal-nim position";
