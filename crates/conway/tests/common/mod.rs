//! What the tests share: small games written from a closure, a position's analysis as the
//! tests read it (`solve`), and the reader of the data files of `tests/data/`.

mod data;

use conway::analysis::{Budget, Mover, Request, RuleError};
use conway::engine::{Footprint, Limits, Meter, Outcome, Play, SearchError};
use conway::games::ruleset;
use conway::graph::Graph;
use conway::heap::HeapRule;
use conway::impartial::Impartial;
use conway::partizan::Player;
pub use data::*;
use std::hash::Hash;
use std::marker::PhantomData;

/// The printed value of the expression `text`, which must evaluate.
pub fn show(text: &str) -> String {
    conway::lang::eval(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The error of the expression `text`, which must not evaluate.
pub fn message(text: &str) -> String {
    match conway::lang::eval(text) {
        Err(e) => e.to_string(),
        Ok(v) => panic!("{text} should fail but is {v}"),
    }
}

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

/// A position's analysis as these tests read it: its best moves written in the game's
/// notation.
pub struct Solved {
    pub outcome: Outcome,
    pub nim_value: Option<u64>,
    /// The moves that win (or, where nothing wins in a game that may loop, keep the draw).
    pub winning_moves: Vec<Written>,
    pub winning_move_count: Option<u64>,
    pub moves_unknown: Option<String>,
}

/// A move, written: where it leads and what it does.
pub struct Written {
    pub to: String,
    pub description: String,
}

/// The analysis of `position` of the game `spec` under `play`, with at most `keep` moves.
pub fn solve(spec: &str, position: &str, play: Play, keep: usize) -> Solved {
    solve_within(spec, position, play, keep, Limits::default()).unwrap()
}

/// The same within `limits`.
pub fn solve_within(
    spec: &str,
    position: &str,
    play: Play,
    keep: usize,
    limits: Limits,
) -> Result<Solved, RuleError> {
    let start = ruleset(spec)?.parse_under(position, play)?;
    let budget = || Budget {
        limits,
        ..Budget::default()
    };
    let analysis = start.analyse(&Request::new(play, &budget).keep(keep))?;
    let winning_moves = analysis
        .moves
        .iter()
        .map(|m| Written {
            to: m.to.show(),
            description: start.describe_move(Player::Left, &m.to),
        })
        .collect();
    Ok(Solved {
        outcome: analysis.outcome,
        nim_value: analysis.value.as_ref().and_then(|v| v.nim_value()),
        winning_moves,
        winning_move_count: analysis.move_counts.and_then(|c| c.get(Mover::Either)),
        moves_unknown: analysis.moves_unknown.map(|e| e.to_string()),
    })
}
