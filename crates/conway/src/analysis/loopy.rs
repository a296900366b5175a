//! Partizan positions whose play may go round a cycle (Backsliding Toads and Frogs, Fox and
//! Geese). A position alone is analysed on its explicit game graph: retrograde analysis gives
//! each player's result moving first and the moves that achieve it, under either play
//! convention, straight from the definitions. Under normal play its value is the loopy value
//! of that graph (a stopper, or its onside and offside), and that value is what a sum with
//! other games adds (`sum.rs`).

use super::partizan::Typed;
use super::position::Valuer;
use super::{
    refuse_long_listing, Analysis, Budget, Kind, Move, MoveCounts, MoveResult, Mover,
    PartizanTypeable, Position, Request, RuleError, ShortGame, Value,
};
use crate::engine::{Footprint, Limits, Meter, Outcome, Play};
use crate::graph::{PartizanGraph, PartizanLabels, Winner};
use crate::loopy::{LoopyGame, Sided, Stopper};
use crate::partizan::Player;
use crate::short::Store;
use std::sync::Arc;

/// A meter held to `budget`.
pub(super) fn meter_of(budget: Budget) -> Meter {
    Meter::new(budget.limits)
        .with_progress(budget.progress)
        .with_interrupt(budget.interrupt)
}

/// The graph of every position `root` reaches, vertex 0 `root` itself. The moves of a
/// position are listed whole before they are counted, so where the rules bound their number
/// the list is first checked against the memory allowed (the positions a game reaches keep
/// the size of its first: pieces only move).
fn explore<G: PartizanTypeable>(
    typed: &Typed<G>,
    root: G::Position,
    meter: &mut Meter,
) -> Result<PartizanGraph<G::Position>, RuleError> {
    let rules = &typed.game.rules;
    if let Some(bound) = rules.option_bound(&root) {
        let each = root.footprint() + 2 * size_of::<G::Position>();
        refuse_long_listing(&typed.game.name, bound, each, meter.limits().max_memory)?;
    }
    PartizanGraph::explore(
        root,
        meter,
        |p| rules.left_options(p),
        |p| rules.right_options(p),
    )
    .map_err(|e| typed.game.search_error(e))
}

/// Counts `graph`, explored, as held for the rest of the computation.
fn hold_graph<G: PartizanTypeable, P: Footprint>(
    typed: &Typed<G>,
    graph: &PartizanGraph<P>,
    meter: &mut Meter,
) -> Result<(), RuleError> {
    meter
        .hold_more(graph.held_bytes())
        .map_err(|e| typed.game.search_error(e))
}

/// Bytes a position holds in a [`LoopyGame`] beside its moves: two lists, each a header and
/// an allocation, twice while the game is tidied.
const LOOPY_VERTEX_BYTES: u64 = 2 * 2 * (24 + 16);

/// The loopy game on the same moves as `graph`, rooted at vertex 0, its memory counted
/// against `meter` first.
fn loopy_game<P>(
    graph: &PartizanGraph<P>,
    game: &str,
    meter: &mut Meter,
) -> Result<LoopyGame, RuleError> {
    let vertices = 0..graph.len() as u32;
    let moves: usize = vertices
        .clone()
        .map(|v| graph.left_options(v).len() + graph.right_options(v).len())
        .sum();
    let bytes = graph.len() as u64 * LOOPY_VERTEX_BYTES + 2 * 4 * moves as u64;
    meter.hold_more(bytes).map_err(|e| RuleError::Search {
        game: game.to_string(),
        source: e,
    })?;
    let left = vertices.clone().map(|v| graph.left_options(v).to_vec());
    let right = vertices.map(|v| graph.right_options(v).to_vec());
    LoopyGame::new(left.collect(), right.collect()).map_err(|e| RuleError::loopy(game, e))
}

/// The value of a position whose play may loop: the sum of the loopy values of the game
/// graphs of its independent components (the rows of Backsliding Toads and Frogs), each far
/// smaller than the graph of the whole.
pub(super) fn sided<G: PartizanTypeable>(
    typed: &Typed<G>,
    budget: Budget,
) -> Result<Sided, RuleError> {
    sided_by_parts(typed, &mut meter_of(budget))
}

fn sided_by_parts<G: PartizanTypeable>(
    typed: &Typed<G>,
    meter: &mut Meter,
) -> Result<Sided, RuleError> {
    let name = &typed.game.name;
    let error = |e| RuleError::loopy(name, e);
    let mut parts = Vec::new();
    typed
        .game
        .rules
        .components(typed.position.clone(), &mut parts);
    let mut total: Option<Sided> = None;
    for part in parts {
        let graph = explore(typed, part, meter)?;
        hold_graph(typed, &graph, meter)?;
        let game = loopy_game(&graph, name, meter)?;
        drop(graph);
        let value = Sided::of(&game, meter).map_err(error)?;
        total = Some(match total {
            None => value,
            Some(total) => total.add(&value, meter).map_err(error)?,
        });
    }
    match total {
        Some(total) => Ok(total),
        None => {
            let zero = LoopyGame::new(vec![Vec::new()], vec![Vec::new()]).map_err(error)?;
            Ok(Sided::stopper(Stopper::new(&zero, meter).map_err(error)?))
        }
    }
}

/// The value of a short position (or an impartial one, as its nimber) as a stopper.
pub(super) fn sided_of_short(
    mut valuer: Box<dyn Valuer + '_>,
    limits: Limits,
    game: &str,
) -> Result<Sided, RuleError> {
    let mut store = Store::with_limits(limits);
    let value = valuer.value(&mut store)?;
    let mut meter = Meter::new(limits);
    let stopper = Stopper::from_short(&mut store, value, &mut meter);
    let search = |source| RuleError::Search {
        game: game.to_string(),
        source,
    };
    Ok(Sided::stopper(stopper.map_err(search)?))
}

/// A loopy value as an analysis reports it: a short game where it equals one, so that it
/// reads like any other short value, else the loopy value itself.
pub(super) fn value_of(
    sided: Sided,
    limits: Limits,
    meter: &mut Meter,
    game: &str,
) -> Result<Value, RuleError> {
    let search = |source| RuleError::Search {
        game: game.to_string(),
        source,
    };
    if let Some(stopper) = sided.as_stopper(meter) {
        let mut store = Store::with_limits(limits);
        if let Some(id) = stopper.to_short(&mut store).map_err(search)? {
            let short = ShortGame::new(store, id).map_err(search)?;
            return Ok(Value::Game(Box::new(short)));
        }
    }
    Ok(Value::Loopy(Box::new(sided)))
}

/// What the best moves of `player` achieve where `player` moving first gets `winner`: a win,
/// a draw, or nothing (every move loses).
pub(super) fn best_result(winner: Winner, player: Player) -> Option<MoveResult> {
    match (winner, player) {
        (Winner::Left, Player::Left) | (Winner::Right, Player::Right) => Some(MoveResult::Wins),
        (Winner::Draw, _) => Some(MoveResult::Draws),
        _ => None,
    }
}

/// The analysis of a position alone on its game graph: the outcome and each wanted player's
/// best moves from the labels (winning moves fastest first, so that the first one played
/// brings the end nearer), and under normal play the value, or why it is unknown.
pub(super) fn analyse<G: PartizanTypeable>(
    typed: &Typed<G>,
    request: &Request<'_>,
    each: &mut dyn FnMut(&Analysis, Move) -> bool,
) -> Result<Analysis, RuleError> {
    let budget = (request.budget)();
    let limits = budget.limits;
    let mut meter = meter_of(budget);
    let graph = match explore(typed, typed.position.clone(), &mut meter) {
        Ok(graph) => graph,
        Err(why) if why.limit_hint().is_some() && request.play == Play::Normal => {
            return by_values(typed, request, why, each)
        }
        Err(why) => return Err(why),
    };
    let labels = graph.solve(request.play);
    let outcome = Outcome::from(labels.outcome(0));
    let mut analysis = Analysis::new(Kind::LoopyPartizan, request.play, outcome, None);
    if request.play == Play::Normal {
        let name = &typed.game.name;
        // The graph and its labels stay while the value is found.
        let value = hold_graph(typed, &graph, &mut meter)
            .and_then(|()| sided_by_parts(typed, &mut meter))
            .and_then(|sided| value_of(sided, limits, &mut meter, name));
        match value {
            Ok(value) => analysis.value = Some(value),
            // The outcome and the moves are known: a value without sides, or past a limit,
            // is not.
            Err(why) if matches!(why, RuleError::Loopy { .. }) || why.limit_hint().is_some() => {
                analysis.value_unknown = Some(why)
            }
            Err(why) => return Err(why),
        }
    }
    graph_moves(&graph, &labels, request, analysis, each, |p| {
        (0, typed.wrap(p.clone()))
    })
}

/// `analysis` with the best moves of each wanted player from vertex 0 of `graph`, as its
/// `labels` give them (winning moves fastest first), handed to `each` and counted; `to_move`
/// says which component a vertex's move changes and where it leads.
pub(super) fn graph_moves<P>(
    graph: &PartizanGraph<P>,
    labels: &PartizanLabels,
    request: &Request<'_>,
    mut analysis: Analysis,
    each: &mut dyn FnMut(&Analysis, Move) -> bool,
    to_move: impl Fn(&P) -> (usize, Position),
) -> Result<Analysis, RuleError> {
    let mut counts = MoveCounts::default();
    for player in [Player::Left, Player::Right] {
        if request.player.is_some_and(|p| p != player) {
            continue;
        }
        let mover = Mover::from(player);
        let Some(result) = best_result(labels.winner(0, player), player) else {
            counts.set(mover, 0);
            continue;
        };
        let best = labels.best_moves(graph, 0, player);
        counts.set(mover, best.len() as u64);
        for &w in best.iter().take(request.keep) {
            let (component, to) = to_move(graph.position(w));
            if !each(
                &analysis,
                Move {
                    mover,
                    result,
                    component,
                    to,
                },
            ) {
                break;
            }
        }
    }
    analysis.move_counts = Some(counts);
    Ok(analysis)
}

/// The analysis of a position whose game graph is past the limits (`too_large`), by values
/// where its parts have them: the outcome from the sides of their sum, and each move's result
/// from the value of the position it leads to. Without values, the graph's error stands.
fn by_values<G: PartizanTypeable>(
    typed: &Typed<G>,
    request: &Request<'_>,
    too_large: RuleError,
    each: &mut dyn FnMut(&Analysis, Move) -> bool,
) -> Result<Analysis, RuleError> {
    let budget = (request.budget)();
    let limits = budget.limits;
    let mut meter = meter_of(budget);
    let Ok(sided) = sided_by_parts(typed, &mut meter) else {
        return Err(too_large);
    };
    let outcome = sided.outcome();
    let name = &typed.game.name;
    let value = value_of(sided, limits, &mut meter, name)?;
    let class = Outcome::from(outcome);
    let mut analysis = Analysis::new(Kind::LoopyPartizan, Play::Normal, class, Some(value));
    let mut counts = MoveCounts::default();
    let mut moves = Vec::new();
    for player in [Player::Left, Player::Right] {
        if request.player.is_some_and(|p| p != player) {
            continue;
        }
        let mover = Mover::from(player);
        let first = match player {
            Player::Left => outcome.left_starts,
            Player::Right => outcome.right_starts,
        };
        let mut count = 0u64;
        if let Some(result) = best_result(first, player) {
            for option in typed.options_of(player, limits.max_memory)? {
                let after = Typed {
                    game: Arc::clone(&typed.game),
                    position: option,
                };
                let to = typed.wrap(after.position.clone());
                let after = sided_by_parts(&after, &mut meter)?.outcome();
                // After the move the other player starts.
                let next = match player {
                    Player::Left => after.right_starts,
                    Player::Right => after.left_starts,
                };
                if best_result(next, player) == Some(result) {
                    count += 1;
                    if moves.len() < request.keep {
                        let component = 0;
                        moves.push(Move {
                            mover,
                            result,
                            component,
                            to,
                        });
                    }
                }
            }
        }
        counts.set(mover, count);
    }
    for m in moves {
        if !each(&analysis, m) {
            break;
        }
    }
    analysis.move_counts = Some(counts);
    Ok(analysis)
}
