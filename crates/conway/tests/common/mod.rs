//! What the tests share: small games written from a closure, and the reader of the data
//! files of `tests/data/`.

mod data;

pub use data::*;
use conway::engine::{Footprint, Limits, Meter, SearchError};
use conway::graph::Graph;
use conway::heap::HeapRule;
use conway::impartial::Impartial;
use std::hash::Hash;
use std::marker::PhantomData;

/// An impartial game whose options come from a closure.
pub struct FnGame<P, F>(F, PhantomData<P>);

pub fn game<P, F: Fn(&P) -> Vec<P>>(options: F) -> FnGame<P, F> {
    FnGame(options, PhantomData)
}

impl<P: Clone + Eq + Hash + Footprint, F: Fn(&P) -> Vec<P>> Impartial for FnGame<P, F> {
    type Position = P;

    fn options(&self, position: &P) -> Vec<P> {
        (self.0)(position)
    }
}

/// A one-heap take-away rule from a closure listing the heap sizes a heap can become.
pub struct TakeAway<F>(pub F);

impl<F: Fn(u64) -> Vec<u64>> HeapRule for TakeAway<F> {
    fn heap_options(&self, size: u64, option: &mut dyn FnMut(&[u64])) {
        for left in (self.0)(size) {
            match left {
                0 => option(&[]),
                _ => option(&[left]),
            }
        }
    }
}

/// The game graph of every position reachable from `root`.
pub fn game_graph<G: Impartial>(
    game: &G,
    root: G::Position,
) -> Result<Graph<G::Position>, SearchError> {
    let mut meter = Meter::new(Limits::default());
    Graph::explore(
        root,
        &mut meter,
        |p| game.options(p),
        |p| game.option_bound(p),
    )
}

