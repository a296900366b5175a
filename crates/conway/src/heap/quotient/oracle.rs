//! The misère outcome of a row of heaps, by its definition, with every answer a proved
//! machine already gives taken from it.
//!
//! A position is a P-position in misère play when it has a move and every move leads to an
//! N-position; in general, when its condition allows it ([`super::Condition`]) and every move
//! leads to an N-position. The search follows that definition depth first on an explicit
//! stack, and stops wherever a position is known: from the table of positions searched, from
//! the quotient of the smaller heaps (proved for every position made of them), or from a
//! candidate quotient whose least failure is above the position (every position below its
//! least failure, in the multiset order, is answered correctly by it; see
//! [`super::closure`]).

use super::closure::{members, Pair};
use super::{Condition, Heap, Machine, Options};
use crate::engine::{Meter, SearchError};
use std::collections::HashMap;

/// Misère outcomes of rows of heaps, each row sorted from the largest heap down.
pub(super) struct Oracle {
    condition: Condition,
    /// Whether each position searched is a P-position.
    searched: HashMap<Vec<Heap>, bool>,
    /// The proved quotient of the heaps up to `.1`.
    base: Option<(Machine, Heap)>,
    /// A candidate that answers correctly every position below `.1` in the multiset order.
    below: Option<(Machine, Vec<Heap>)>,
    /// The positions of the heap size being added, with smaller heaps.
    level: Option<Level>,
}

/// The most copies of the new heap size whose positions [`Level`] answers.
const MAX_COPIES: usize = 16;

/// The outcome of `j` heaps of a new size `k` beside any heaps `R` smaller than `k`, as a
/// function of `Φ(R)`, the element of `R` in the proved quotient of the smaller heaps, for
/// the elements where such a function exists.
///
/// The new heap may tell apart positions that the smaller heaps do not, so a table says
/// nothing of some elements. It is built in the multiset order of the pairs `(Φ(R), S(R))` of
/// [`closure`]: at each pair the definition gives the outcome from the outcomes with `j − 1`
/// copies (a move in a new heap) and from those of the elements `S(R)` of the options of `R`,
/// whose least positions are smaller, so already set. An element whose pairs disagree, or
/// whose outcome needs one of an element left out, is left out, and the pass starts again
/// until none is: then every element kept has its outcome from elements kept, and the table
/// is the outcome on them, by induction on `R`. The search answers the rest.
pub(super) struct Level {
    machine: Machine,
    heap: Heap,
    /// `tables[j][Φ(R)]`: whether `R` plus `j` new heaps is a P-position, where known.
    tables: Vec<Vec<Option<bool>>>,
}

impl Level {
    pub(super) fn new(
        machine: Machine,
        condition: &Condition,
        heap: Heap,
        pairs: &[Pair],
        options: &Options,
    ) -> Level {
        let mut tables = vec![machine.p.iter().map(|&p| Some(p)).collect::<Vec<_>>()];
        // The condition's state of each pair's position with as many new heaps as the table.
        let mut states: Vec<u32> = pairs.iter().map(Pair::condition).collect();
        while tables.len() <= MAX_COPIES {
            let previous = tables.last().expect("the table of no new heap");
            for state in &mut states {
                *state = condition.next(*state, heap);
            }
            let allowed: Vec<bool> = states.iter().map(|&s| condition.p[s as usize]).collect();
            let moves = &options[heap as usize];
            let table = next_table(&machine, pairs, &allowed, moves, previous);
            if table.iter().all(Option::is_none) {
                break;
            }
            tables.push(table);
        }
        Level {
            machine,
            heap,
            tables,
        }
    }

    /// Whether one copy of the new heap beside smaller heaps has an outcome that is not a
    /// function of their element for some element: the new heap may split it.
    pub(super) fn may_split(&self) -> bool {
        self.tables
            .get(1)
            .is_none_or(|table| table.iter().any(Option::is_none))
    }

    /// Whether `candidate`, a machine of the heaps up to the new one, gives every outcome the
    /// tables know: a quick test before a candidate's proof.
    pub(super) fn admits(&self, candidate: &Machine) -> bool {
        let mut states: Vec<u32> = (0..self.machine.order() as u32).collect();
        self.tables.iter().skip(1).all(|table| {
            for state in &mut states {
                *state = candidate.next(*state, self.heap);
            }
            table
                .iter()
                .zip(&states)
                .all(|(known, &state)| known.is_none_or(|p| candidate.p[state as usize] == p))
        })
    }

    /// The answer for a position whose largest heaps are of the new size, if a table has it.
    pub(super) fn answer(&self, position: &[Heap]) -> Option<bool> {
        let copies = position.iter().take_while(|&&h| h == self.heap).count();
        let table = self.tables.get(copies)?;
        table[self.machine.run(0, &position[copies..]) as usize]
    }
}

/// The table for one more copy of the new heap, whose options are `moves`, from the table
/// `previous`, where `allowed` says for each pair whether its condition allows a P-position
/// with that many copies: passes over the pairs until no element is left out in a pass.
fn next_table(
    machine: &Machine,
    pairs: &[Pair],
    allowed: &[bool],
    moves: &[Vec<Heap>],
    previous: &[Option<bool>],
) -> Vec<Option<bool>> {
    let mut kept = vec![true; machine.order()];
    loop {
        let mut table: Vec<Option<bool>> = vec![None; machine.order()];
        let mut left_out = false;
        for (pair, &allowed) in pairs.iter().zip(allowed) {
            let element = pair.element() as usize;
            if !kept[element] {
                continue;
            }
            let by_new = any_p(
                moves
                    .iter()
                    .map(|parts| previous[machine.run(element as u32, parts) as usize]),
            );
            let by_rest = any_p(members(pair.reached()).map(|option| table[option as usize]));
            let p = match (by_new, by_rest) {
                (Some(true), _) | (_, Some(true)) => Some(false),
                (Some(false), Some(false)) => Some(allowed),
                _ => None,
            };
            match (table[element], p) {
                (_, None) => {}
                (None, Some(p)) => {
                    table[element] = Some(p);
                    continue;
                }
                (Some(known), Some(p)) if known == p => continue,
                _ => {}
            }
            kept[element] = false;
            table[element] = None;
            left_out = true;
        }
        if !left_out {
            return table;
        }
    }
}
/// Whether one of some outcomes is a P-position: yes if one known is, no if all are known
/// and none is, and unknown otherwise.
fn any_p(outcomes: impl Iterator<Item = Option<bool>>) -> Option<bool> {
    let mut all_known = true;
    for outcome in outcomes {
        match outcome {
            Some(true) => return Some(true),
            Some(false) => {}
            None => all_known = false,
        }
    }
    all_known.then_some(false)
}

/// A position being searched, and the next option to try.
struct Frame {
    position: Vec<Heap>,
    heap: usize,
    option: usize,
}

impl Oracle {
    /// The oracle of the positions whose rule has this condition.
    pub(super) fn new(condition: Condition) -> Oracle {
        Oracle {
            condition,
            searched: HashMap::new(),
            base: None,
            below: None,
            level: None,
        }
    }

    /// Starts on heaps of `heap`, beside the smaller heaps whose proved quotient is `machine`
    /// with the `pairs` of its positions.
    pub(super) fn open_level(
        &mut self,
        machine: Machine,
        heap: Heap,
        pairs: &[Pair],
        options: &Options,
    ) {
        self.level = Some(Level::new(machine, &self.condition, heap, pairs, options));
    }

    /// Whether `candidate` gives every outcome the level's tables know.
    pub(super) fn level_admits(&self, candidate: &Machine) -> bool {
        self.level
            .as_ref()
            .is_none_or(|level| level.admits(candidate))
    }

    /// Whether the heap being added may split an element of the smaller heaps' quotient.
    pub(super) fn level_may_split(&self) -> bool {
        self.level.as_ref().is_some_and(Level::may_split)
    }

    /// Takes `machine` as proved for every position of heaps up to `largest`.
    pub(super) fn prove_up_to(&mut self, machine: Machine, largest: Heap) {
        self.base = Some((machine, largest));
    }

    /// Takes `machine` as correct below `failure`, its least failure, unless a candidate
    /// trusted further is known.
    pub(super) fn trust_below(&mut self, machine: Machine, failure: Vec<Heap>) {
        if self
            .below
            .as_ref()
            .is_none_or(|(_, known)| *known < failure)
        {
            self.below = Some((machine, failure));
        }
    }

    /// Whether `position` (sorted from the largest heap down) is a misère P-position.
    pub(super) fn is_p(
        &mut self,
        position: Vec<Heap>,
        options: &Options,
        meter: &mut Meter,
    ) -> Result<bool, SearchError> {
        if let Some(known) = self.known(&position) {
            return Ok(known);
        }
        let mut stack = vec![self.frame(position, meter)?];
        while let Some(frame) = stack.last_mut() {
            let Some(option) = next_option(frame, options) else {
                // Every option is an N-position: a P-position if the condition allows it.
                let frame = stack.pop().expect("a frame");
                let allowed = self.condition.is_p(&frame.position);
                if let Some(done) = self.settle(frame.position, allowed, &mut stack, meter)? {
                    return Ok(done);
                }
                continue;
            };
            match self.known(&option) {
                Some(true) => {
                    // A move to a P-position: an N-position.
                    let frame = stack.pop().expect("a frame");
                    if let Some(done) = self.settle(frame.position, false, &mut stack, meter)? {
                        return Ok(done);
                    }
                }
                Some(false) => {}
                None => stack.push(self.frame(option, meter)?),
            }
        }
        unreachable!("the first frame settles the answer")
    }

    /// Records that `position` is a P-position or not and passes the answer up the stack:
    /// a P-position settles its parent as N. Returns the answer once the stack is empty.
    fn settle(
        &mut self,
        mut position: Vec<Heap>,
        mut p: bool,
        stack: &mut Vec<Frame>,
        meter: &mut Meter,
    ) -> Result<Option<bool>, SearchError> {
        loop {
            meter.hold_more(entry_bytes(&position))?;
            self.searched.insert(position, p);
            if !p {
                return Ok(stack.is_empty().then_some(false));
            }
            let Some(parent) = stack.pop() else {
                return Ok(Some(true));
            };
            position = parent.position;
            p = false;
        }
    }

    fn frame(&self, position: Vec<Heap>, meter: &mut Meter) -> Result<Frame, SearchError> {
        meter.list(entry_bytes(&position) as usize)?;
        Ok(Frame {
            position,
            heap: 0,
            option: 0,
        })
    }

    /// The answer for `position` if it needs no search.
    fn known(&self, position: &[Heap]) -> Option<bool> {
        if position.is_empty() {
            // No move: in misère play, the player to move wins.
            return Some(self.condition.p[0]);
        }
        if let Some((machine, largest)) = &self.base {
            if position[0] <= *largest {
                return Some(machine.is_p(position));
            }
        }
        if let Some(answer) = self.level.as_ref().and_then(|level| level.answer(position)) {
            return Some(answer);
        }
        if let Some((machine, failure)) = &self.below {
            if position < failure.as_slice() {
                return Some(machine.is_p(position));
            }
        }
        self.searched.get(position).copied()
    }
}

/// The next option of the frame's position, advancing the frame: one heap of each size is
/// replaced by each of its options, so equal heaps are tried once.
fn next_option(frame: &mut Frame, options: &Options) -> Option<Vec<Heap>> {
    let position = &frame.position;
    while frame.heap < position.len() {
        let heap = position[frame.heap];
        let repeated = frame.heap > 0 && position[frame.heap - 1] == heap;
        let all = &options[heap as usize];
        if repeated || frame.option >= all.len() {
            frame.heap += 1;
            frame.option = 0;
            continue;
        }
        let parts = &all[frame.option];
        frame.option += 1;
        return Some(replace(position, frame.heap, parts));
    }
    None
}

/// `position` with the heap at `index` replaced by `parts`, sorted from the largest down.
pub(super) fn replace(position: &[Heap], index: usize, parts: &[Heap]) -> Vec<Heap> {
    let mut option = Vec::with_capacity(position.len() + parts.len());
    option.extend_from_slice(&position[..index]);
    option.extend_from_slice(&position[index + 1..]);
    option.extend_from_slice(parts);
    option.sort_unstable_by(|a, b| b.cmp(a));
    option
}

/// What one entry of the table of positions searched holds, roughly.
fn entry_bytes(position: &[Heap]) -> u64 {
    (std::mem::size_of_val(position) + 48) as u64
}
