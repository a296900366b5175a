//! The quotient at a heap that splits elements of the smaller heaps' quotient.
//!
//! Let `k` be the new heap and `f_j(R)` say whether `R + j·k` is a P-position, for positions
//! `R` of smaller heaps. The proved quotient of the smaller heaps tells `f_0`. For `j ≥ 1`,
//! `R + j·k` has a move, so it is a P-position exactly when
//!
//! - no move in a heap of `k` goes to a P-position: no option `X` of `k` has `f_{j−1}(R + X)`,
//!   which `R`'s state in the machine of `f_{j−1}` tells; and
//! - no move in `R` does: no option `R'` of `R` has `f_j(R')`.
//!
//! That is the rule of a quotient with the first clause as its condition in place of "has a
//! move" ([`super::Condition`]), so the minimal machine of `f_j` over the smaller heaps is
//! learnt and proved as a quotient is, heap by heap, and its searches never hold a heap of
//! `k`. Under a rule with a condition of its own (as these are, so a split inside one is
//! split the same way) the position must also be allowed by it, with its `j` copies.
//! Each `f_j` follows from `f_{j−1}` and from how `j` copies move the condition, so once
//! both equal an earlier `f_i`'s, the rest repeat with period `j − i`. The machines so far,
//! run side by side with a count of the copies of `k`, then make a machine of the heaps up to
//! `k` whose minimal form is the quotient.

use super::closure::with_heap;
use super::{Build, Condition, Heap, Machine, Options};
use crate::engine::{Meter, SearchError};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet};
use std::hash::Hash;

/// The quotient of the heaps up to `heap` under the rule with `condition`, from `known`,
/// that of the smaller heaps.
pub(super) fn quotient(
    known: &Machine,
    condition: &Condition,
    heap: Heap,
    options: &Options,
    meter: &mut Meter,
) -> Result<Machine, SearchError> {
    let mut copies = vec![known.clone()];
    // The condition's state after the copies so far, from each of its states.
    let mut shifts: Vec<Vec<u32>> = vec![(0..condition.order() as u32).collect()];
    loop {
        let previous = copies.last().expect("the machine of no copy");
        let shift: Vec<u32> = shifts
            .last()
            .expect("the shift of no copy")
            .iter()
            .map(|&state| condition.next(state, heap))
            .collect();
        let next_condition = next_condition(condition, &shift, previous, heap, options, meter)?;
        let next = prove(options, heap - 1, next_condition, meter)?;
        for start in 0..copies.len() {
            if shifts[start] == shift && same_language(&copies[start], &next, heap - 1, meter)? {
                let machine = side_by_side(&copies, start, heap, meter)?;
                meter.hold(meter.held() + machine.step.len() as u64 * 16)?;
                return Ok(minimal(&machine, heap));
            }
        }
        meter.hold_more((next.step.len() * 4 + next.p.len() + shift.len() * 4) as u64)?;
        copies.push(next);
        shifts.push(shift);
    }
}

/// The condition of one more copy of `heap`, over the smaller heaps: the position with the
/// copies is allowed by `condition` (whose state they move as `shift` says), and no move in
/// a copy goes to a position that `previous` (the machine of one copy fewer) marks P. Its
/// states are the pairs of the two machines' states that the smaller heaps reach.
fn next_condition(
    condition: &Condition,
    shift: &[u32],
    previous: &Machine,
    heap: Heap,
    options: &Options,
    meter: &mut Meter,
) -> Result<Condition, SearchError> {
    let moves = &options[heap as usize];
    let both = |&(c, b): &(u32, u32), size| (condition.next(c, size), previous.next(b, size));
    let (pairs, step) = reachable((0, 0), heap - 1, condition.stride, both, 8, meter)?;
    let p = pairs
        .iter()
        .map(|&(c, b)| {
            condition.p[shift[c as usize] as usize]
                && moves
                    .iter()
                    .all(|parts| !previous.p[previous.run(b, parts) as usize])
        })
        .collect();
    Ok(Machine {
        stride: condition.stride,
        step,
        p,
    })
}

/// The states reachable from `start` by adding heaps up to `largest`, numbered in the order
/// they are found, and the steps between them, in rows of `stride`. Each state found counts
/// as work, and as memory held (about `bytes_each` for the state) while they are made.
fn reachable<S: Clone + Eq + Hash>(
    start: S,
    largest: Heap,
    stride: usize,
    next: impl Fn(&S, Heap) -> S,
    bytes_each: usize,
    meter: &mut Meter,
) -> Result<(Vec<S>, Vec<u32>), SearchError> {
    let each = (2 * bytes_each + 4 * stride + 64) as u64;
    let mut states = vec![start.clone()];
    let mut index = HashMap::from([(start, 0u32)]);
    let mut step = Vec::new();
    let mut at = 0;
    while at < states.len() {
        step.push(at as u32);
        for heap in 1..=largest {
            let next = next(&states[at], heap);
            let id = match index.get(&next) {
                Some(&id) => id,
                None => {
                    meter.count(1)?;
                    meter.hold(meter.held() + (states.len() as u64 + 1) * each)?;
                    index.insert(next.clone(), states.len() as u32);
                    states.push(next);
                    states.len() as u32 - 1
                }
            };
            step.push(id);
        }
        step.resize((at + 1) * stride, 0);
        at += 1;
    }
    Ok((states, step))
}

/// The minimal machine of the positions of heaps up to `largest` that the rule with
/// `condition` makes P-positions, proved.
fn prove(
    options: &Options,
    largest: Heap,
    condition: Condition,
    meter: &mut Meter,
) -> Result<Machine, SearchError> {
    let mut build = Build::new(options, condition, meter)?;
    for heap in 1..=largest {
        build.level(heap)?;
    }
    Ok(build.learner.machine())
}

/// Whether two machines mark the same positions of heaps up to `largest`.
fn same_language(
    one: &Machine,
    other: &Machine,
    largest: Heap,
    meter: &mut Meter,
) -> Result<bool, SearchError> {
    let mut seen = HashSet::from([(0, 0)]);
    let mut queue = vec![(0, 0)];
    while let Some((a, b)) = queue.pop() {
        if one.p[a as usize] != other.p[b as usize] {
            return Ok(false);
        }
        for heap in 1..=largest {
            let next = (one.next(a, heap), other.next(b, heap));
            if seen.insert(next) {
                meter.count(1)?;
                meter.hold(meter.held() + 32 * seen.len() as u64)?;
                queue.push(next);
            }
        }
    }
    Ok(true)
}

/// The machine of the heaps up to `heap` whose state is the state of each of `copies`
/// (the machine of `f_j` for each `j`) with the number of copies of `heap` so far, counted
/// from `start` again once it reaches the end.
fn side_by_side(
    copies: &[Machine],
    start: usize,
    heap: Heap,
    meter: &mut Meter,
) -> Result<Machine, SearchError> {
    let add = |(tuple, count): &(Vec<u32>, usize), size| {
        if size == heap {
            let count = if count + 1 == copies.len() {
                start
            } else {
                count + 1
            };
            (tuple.clone(), count)
        } else {
            let tuple = tuple
                .iter()
                .zip(copies)
                .map(|(&state, machine)| machine.next(state, size))
                .collect();
            (tuple, *count)
        }
    };
    let empty = (vec![0; copies.len()], 0);
    let stride = copies[0].stride;
    let bytes = 4 * copies.len() + 32;
    let (states, step) = reachable(empty, heap, stride, add, bytes, meter)?;
    let p = states
        .iter()
        .map(|(tuple, count)| copies[*count].p[tuple[*count] as usize])
        .collect();
    Ok(Machine { stride, step, p })
}

/// The minimal machine of the positions `machine` marks, over the heaps up to `largest`
/// (Moore's refinement), its states numbered in the order of the states of `machine` they
/// hold, so the empty position's stays 0.
fn minimal(machine: &Machine, largest: Heap) -> Machine {
    let mut class: Vec<u32> = machine.p.iter().map(|&p| u32::from(p)).collect();
    let mut count = 0;
    loop {
        let mut names: HashMap<Vec<u32>, u32> = HashMap::new();
        let next: Vec<u32> = (0..machine.order() as u32)
            .map(|state| {
                let signature: Vec<u32> = std::iter::once(class[state as usize])
                    .chain((1..=largest).map(|heap| class[machine.next(state, heap) as usize]))
                    .collect();
                let fresh = names.len() as u32;
                *names.entry(signature).or_insert(fresh)
            })
            .collect();
        class = next;
        if names.len() == count {
            break;
        }
        count = names.len();
    }
    let stride = machine.stride;
    let mut step = vec![0; count * stride];
    let mut p = vec![false; count];
    for state in 0..machine.order() as u32 {
        let c = class[state as usize] as usize;
        p[c] = machine.p[state as usize];
        for heap in 1..=largest {
            step[c * stride + heap as usize] = class[machine.next(state, heap) as usize];
        }
        step[c * stride] = c as u32;
    }
    Machine { stride, step, p }
}

/// The least position (multiset order, largest heap first) of each state of `machine`, over
/// the heaps up to `largest`: Dijkstra's search, as adding a heap makes a position larger.
pub(super) fn least_positions(machine: &Machine, largest: Heap) -> Vec<Vec<Heap>> {
    let mut least: Vec<Option<Vec<Heap>>> = vec![None; machine.order()];
    let mut queue = BinaryHeap::from([Reverse((Vec::new(), 0u32))]);
    while let Some(Reverse((position, state))) = queue.pop() {
        if least[state as usize].is_some() {
            continue;
        }
        for heap in 1..=largest {
            let next = machine.next(state, heap);
            if least[next as usize].is_none() {
                queue.push(Reverse((with_heap(&position, heap), next)));
            }
        }
        least[state as usize] = Some(position);
    }
    least
        .into_iter()
        .map(|position| position.expect("every state is reached"))
        .collect()
}
