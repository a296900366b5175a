//! The stack of the store's recursions. Operations on games recurse on their options, so
//! their depth follows the games' birthdays, not the machine: a game such as 10^40 or
//! ^1000000000 is small in the store but born late. Each level runs with stack to spare (a new
//! segment on the heap when it runs low) and counts against the store's memory limit.

/// The stack one level of the store's recursion holds, at most (a few frames of a recursive
/// operation: a sum's levels measured at about 1.2 KiB in an optimised build), counted against
/// the memory limit, so that no depth escapes the limit.
pub(super) const STACK_BYTES_PER_LEVEL: u64 = 2048;

/// Enough stack for one more level of a recursive operation; below it, a new segment.
const RED_ZONE: usize = 128 * 1024;
const NEW_STACK: usize = 4 * 1024 * 1024;

/// Runs a step of a recursion whose depth follows the games (their birthdays), not the machine:
/// the stack grows on the heap instead of overflowing.
pub(super) fn deep<T>(step: impl FnOnce() -> T) -> T {
    stacker::maybe_grow(RED_ZONE, NEW_STACK, step)
}
