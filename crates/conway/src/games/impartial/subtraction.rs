//! Subtraction games (§1.4): take s chips from one heap, for some s in a set S, finite or
//! all but finitely many numbers; and their impatient form (Exercise 3.7-12), which may also
//! take the whole heap.

use crate::analysis::typed;
use crate::analysis::{Kind, Params, RuleInfo};
use crate::games::impartial::heaps::HeapNotation;
use crate::heap::{Extend, HeapRule, Heaps, Learnt, NoSplit, Period, TakeBreak};
use crate::impartial::{MoveSink, Target};
use crate::text::{parse_numbers, ParseError, Separator};

/// A subtraction game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    /// The subtraction set, sorted, without repeats; for an all-but game, the numbers left out.
    set: Vec<u64>,
    /// Whether S is every positive number but those of `set`.
    all_but: bool,
    /// The one-heap values learnt so far.
    learnt: Learnt,
}

/// The largest number of a subtraction set whose game is computed as a take-and-break code
/// (a digit per number up to it); larger sets are searched heap by heap.
const MAX_CODE_TAKE: u64 = 1 << 16;

pub(crate) const SUBTRACTION: RuleInfo = RuleInfo {
    name: "subtraction",
    kind: Kind::Impartial,
    params: Params::Required {
        name: "S",
        example: "1,3,4",
    },
    summary: "Take s chips from one heap, for some s in the finite set S.",
    notation: "S is a comma-separated list of positive whole numbers (`subtraction:1,3,4`), or `all-but:` and the numbers left out (`subtraction:all-but:2,5` takes any number but 2 and 5); a position is heap sizes separated by spaces.",
    misere: "the last to move loses; rows of heaps up to 128 are answered from the misère quotient of their heaps where it is proved (`conway misere`), others by search.",
    example: "conway solve subtraction:1,3,4 110",
    build: |info, params| {
        Ok(typed(
            info,
            Heaps(Subtraction::parse_params(params.unwrap_or(""))?),
        ))
    },
};

impl Subtraction {
    /// A subtraction game; the set must be non-empty and hold positive numbers only.
    pub fn new(mut set: Vec<u64>) -> Result<Self, ParseError> {
        if set.is_empty() {
            return Err(ParseError::whole("the subtraction set is empty"));
        }
        if set.contains(&0) {
            return Err(ParseError::whole(
                "taking 0 chips is not a move; the set must hold positive numbers",
            ));
        }
        set.sort_unstable();
        set.dedup();
        Ok(Subtraction {
            set,
            all_but: false,
            learnt: Learnt::default(),
        })
    }

    /// The game that takes any positive number of chips but those of `left_out`.
    pub fn all_but(mut left_out: Vec<u64>) -> Result<Self, ParseError> {
        if left_out.contains(&0) {
            return Err(ParseError::whole(
                "0 is never a move; leave out positive numbers only",
            ));
        }
        left_out.sort_unstable();
        left_out.dedup();
        Ok(Subtraction {
            set: left_out,
            all_but: true,
            learnt: Learnt::default(),
        })
    }

    /// Reads a set such as `1,3,4`, or `all-but:2,5`.
    pub fn parse_params(params: &str) -> Result<Self, ParseError> {
        match params.strip_prefix("all-but:") {
            Some(left_out) => {
                let start = "all-but:".len();
                let left_out =
                    parse_numbers(left_out, Separator::Commas).map_err(|e| e.shifted(start))?;
                Self::all_but(left_out)
            }
            None => Self::new(parse_numbers(params, Separator::Commas)?),
        }
    }

    /// Whether a move may take `s` chips.
    fn takes(&self, s: u64) -> bool {
        self.set.binary_search(&s).is_ok() != self.all_but
    }

    /// The game as a take-and-break code (digit 3 for each number of S), where its numbers
    /// are small enough to write one digit each.
    fn code(&self) -> Option<TakeBreak> {
        let last = self.set.last().copied().unwrap_or(0);
        if last > MAX_CODE_TAKE {
            return None;
        }
        let digits = (0..=last).map(|s| if s > 0 && self.takes(s) { 3 } else { 0 });
        let tail = if self.all_but { 3 } else { 0 };
        Some(TakeBreak::new(digits.collect(), tail).expect("digits 0 and 3 make a valid code"))
    }

    /// The subtraction set, sorted, without repeats; for an all-but game, the numbers left
    /// out.
    pub fn set(&self) -> &[u64] {
        &self.set
    }
}

impl HeapRule for Subtraction {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        let mut take = |s: u64| match size - s {
            0 => option(&[]),
            rest => option(&[rest]),
        };
        if self.all_but {
            (1..=size).filter(|&s| self.takes(s)).for_each(take);
        } else {
            self.set
                .iter()
                .take_while(|&&s| s <= size)
                .for_each(|&s| take(s));
        }
    }

    /// At most one option per element of S.
    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(if self.all_but {
            size
        } else {
            self.set.len() as u64
        })
    }

    fn known_heap_value(&self, size: u64) -> Option<u64> {
        self.learnt.value(self, size)
    }

    /// For heaps of at least max S chips, g(n) = mex{g(n − s) : s ∈ S} depends only on the
    /// max S values below n, so a period that holds on max S consecutive heaps from the
    /// preperiod holds forever (the argument of Exercise 3.7-11). All-but games are
    /// arithmetic-periodic, with no theorem here.
    fn period_checked_through(&self, period: Period) -> Option<u64> {
        if self.all_but {
            return None;
        }
        let window = *self.set.last()?;
        period.preperiod.checked_add(window - 1)
    }

    fn sequence_engine(&self) -> Option<Box<dyn Extend + '_>> {
        let engine = NoSplit::new(&self.code()?)?;
        Some(Box::new(engine))
    }

    fn known_moves_to(
        &self,
        heaps: &[u64],
        target: Target,
        sink: &mut MoveSink<'_, Vec<u64>>,
    ) -> bool {
        self.code()
            .is_some_and(|code| self.learnt.moves_to(self, &code, heaps, target, sink))
    }
}

impl HeapNotation for Subtraction {
    /// The set as it is read: `1,3,4`, `all-but:2,5`.
    fn params(&self) -> Option<String> {
        let set: Vec<String> = self.set.iter().map(u64::to_string).collect();
        let prefix = if self.all_but { "all-but:" } else { "" };
        Some(format!("{prefix}{}", set.join(",")))
    }
}

/// An impatient subtraction game (Exercise 3.7-12): take s ∈ S chips, or the whole heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Impatient(pub Subtraction);

pub(crate) const IMPATIENT: RuleInfo = RuleInfo {
    name: "impatient",
    kind: Kind::Impartial,
    params: Params::Required {
        name: "S",
        example: "1,3,4",
    },
    summary: "Impatient subtraction (Exercise 3.7-12): take s chips from one heap for some s in S, or the whole heap; g⁺(x) = g(x−1) + 1, g the value under subtraction:S.",
    notation: "S as for subtraction:S (`impatient:1,3,4`); a position is heap sizes separated by spaces.",
    misere: "the last to move loses; solved by search.",
    example: "conway solve impatient:2,5 \"7 9\"",
    build: |info, params| {
        Ok(typed(
            info,
            Heaps(Impatient(Subtraction::parse_params(params.unwrap_or(""))?)),
        ))
    },
};

impl HeapRule for Impatient {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        if size > 0 {
            option(&[]);
        }
        // The subtraction game's moves but the one that empties the heap, listed above.
        self.0.heap_options(size, &mut |parts| {
            if !parts.is_empty() {
                option(parts);
            }
        });
    }

    fn heap_option_bound(&self, size: u64) -> Option<u64> {
        Some(self.0.heap_option_bound(size)?.saturating_add(1))
    }

    /// Exercise 3.7-12: g⁺(x) = g(x − 1) + 1 for x ≥ 1, g the subtraction game's values.
    fn known_heap_value(&self, size: u64) -> Option<u64> {
        match size {
            0 => Some(0),
            _ => self.0.known_heap_value(size - 1)?.checked_add(1),
        }
    }

    /// From max S on, g(n) = mex({g(n − s) : s ∈ S} ∪ {0}) depends only on the max S values
    /// below n, as in [`Subtraction`].
    fn period_checked_through(&self, period: Period) -> Option<u64> {
        self.0.period_checked_through(period)
    }
}

impl HeapNotation for Impatient {
    fn params(&self) -> Option<String> {
        self.0.params()
    }
}
