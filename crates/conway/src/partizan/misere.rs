//! Partizan games under misère play: whoever cannot move wins. Misère values do not add as
//! short games do, so positions are searched whole: who wins moving first, for each player,
//! and so the outcome class and every winning move.

use super::{Partizan, Player, WinSearch};
use crate::engine::{
    buffer_bytes, grown_capacity, BoundedTable, Footprint, Limits, Meter, SearchError,
};

/// A search of a partizan game's positions under misère play, within its meter's limits.
pub struct MisereSearch<'g, G: Partizan> {
    game: &'g G,
    meter: Meter,
    /// Whether the player to move (true for Left) wins, by position.
    known: BoundedTable<(G::Position, bool), bool>,
}

/// The positions being searched, each an option of the one below, and the bytes their
/// options hold.
struct Stack<P> {
    frames: Vec<Frame<P>>,
    bytes: u64,
}

impl<P> Default for Stack<P> {
    fn default() -> Self {
        Stack {
            frames: Vec::new(),
            bytes: 0,
        }
    }
}

/// A position being searched: it and whether Left is to move, its options and the next to
/// try.
struct Frame<P> {
    key: (P, bool),
    options: Vec<P>,
    next: usize,
    /// The bytes of the options, held while the frame is on the stack.
    bytes: u64,
}

impl<'g, G: Partizan> MisereSearch<'g, G> {
    /// A search held to `meter`, whose table keeps to half its memory limit.
    pub fn new(game: &'g G, meter: Meter) -> Self {
        let Limits { max_memory, .. } = meter.limits();
        MisereSearch {
            game,
            meter,
            known: BoundedTable::new(max_memory / 2),
        }
    }

    /// Pushes a frame for `key` (a position and whether Left is to move), its options
    /// listed and counted, refused where the stack and the table would pass the memory
    /// limit.
    fn open(
        &mut self,
        key: (G::Position, bool),
        stack: &mut Stack<G::Position>,
    ) -> Result<(), SearchError> {
        if let Some(bound) = self.game.option_bound(&key.0) {
            let held = self.known.bytes() + buffer_bytes(&stack.frames) + stack.bytes;
            self.meter
                .room_for_positions(bound, key.0.footprint(), held)?;
        }
        let options = match key.1 {
            true => self.game.left_options(&key.0),
            false => self.game.right_options(&key.0),
        };
        let mut bytes = key.0.footprint() as u64;
        for option in &options {
            self.meter.list(option.footprint())?;
            bytes += option.footprint() as u64;
        }
        let grown = grown_capacity(&stack.frames, 1).unwrap_or(0) * size_of::<Frame<G::Position>>();
        self.hold(stack, bytes + grown as u64)?;
        stack.bytes += bytes;
        stack.frames.push(Frame {
            key,
            options,
            next: 0,
            bytes,
        });
        Ok(())
    }

    /// Refuses to hold the table, the stack and `more` bytes past the memory limit.
    fn hold(&self, stack: &Stack<G::Position>, more: u64) -> Result<(), SearchError> {
        let stack_bytes = buffer_bytes(&stack.frames) + stack.bytes;
        self.meter.hold(self.known.bytes() + stack_bytes + more)
    }
}

impl<G: Partizan> WinSearch<G::Position> for MisereSearch<'_, G> {
    /// Whether `mover`, to move from `position`, wins: with no move at all, or with a move
    /// to a position the other loses. Depth first on a stack of its own, so that a long
    /// game does not overflow the thread's.
    fn wins_moving_first(
        &mut self,
        position: &G::Position,
        mover: Player,
    ) -> Result<bool, SearchError> {
        self.known.start_search();
        let mut stack = Stack::default();
        // The answer of the position just settled: the root, or the child of the top frame
        // at its `next` (with the other player to move).
        let root = (position.clone(), mover == Player::Left);
        let mut settled = self.known.get(&root);
        if settled.is_none() {
            self.open(root, &mut stack)?;
        }
        while let Some(top) = stack.frames.last_mut() {
            let wins = match settled.take() {
                // A move to a position lost for the other player wins.
                Some(false) => Some(true),
                Some(true) => {
                    top.next += 1;
                    None
                }
                None => None,
            };
            // Without a move the mover wins; when every move lets the other win, loses.
            let exhausted = top.next == top.options.len();
            if let Some(wins) = wins.or(exhausted.then_some(top.options.is_empty())) {
                let frame = stack.frames.pop().expect("the top frame");
                stack.bytes -= frame.bytes;
                self.hold(&stack, self.known.growth_bytes())?;
                self.known.insert(frame.key, wins);
                settled = Some(wins);
                continue;
            }
            let child = (top.options[top.next].clone(), !top.key.1);
            settled = self.known.get(&child);
            if settled.is_none() {
                self.open(child, &mut stack)?;
            }
        }
        Ok(settled.expect("the root is settled"))
    }
}
