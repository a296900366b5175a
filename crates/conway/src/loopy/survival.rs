//! The order of stoppers: `G ≥ H` exactly when Left, moving second, survives `G − H`
//! (Siegel, *CGT* VI; Conway, *ONAG* ch. 11). Surviving means never having to move with no
//! move left; a play that never ends counts as survival.
//!
//! Right's wins are the least fixed point: a Left turn with no move is one, a Right turn with
//! a move to a Right win is one, and a Left turn all of whose moves are Right wins is one.
//! Retrograde analysis on the states (vertex of `G`, vertex of `H`, player to move) finds them
//! for every pair at once; every other state is Left's survival. Left's move in `−H` is a
//! Right move of `H`, and Right's a Left move.

use super::LoopyGame;
use crate::engine::{Meter, SearchError};
use std::collections::VecDeque;

/// How two stoppers compare: `leq` when the first is `≤` the second, `geq` when `≥`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relation {
    /// The first is at most the second.
    pub leq: bool,
    /// The first is at least the second.
    pub geq: bool,
}

/// Whether `g[a] ≥ h[b]`, for every vertex `a` of `g` and `b` of `h`.
pub(super) struct Order {
    columns: usize,
    survives: Vec<bool>,
}

impl Order {
    /// Whether vertex `a` of the first game is at least vertex `b` of the second.
    pub(super) fn geq(&self, a: u32, b: u32) -> bool {
        self.survives[a as usize * self.columns + b as usize]
    }
}

/// How the stopper `g` compares with the stopper `h`.
pub(super) fn relation(
    g: &LoopyGame,
    h: &LoopyGame,
    meter: &mut Meter,
) -> Result<Relation, SearchError> {
    let geq = order(g, h, meter)?.geq(0, 0);
    let leq = order(h, g, meter)?.geq(0, 0);
    Ok(Relation { leq, geq })
}

/// Bytes a pair of vertices holds: a count and two flags, and room in the queue for both
/// turns.
const PAIR_BYTES: u64 = 4 + 2 + 8;

/// `g[a] ≥ h[b]` for every pair, by Left's survival in `g[a] − h[b]` with Right to move.
pub(super) fn order(g: &LoopyGame, h: &LoopyGame, meter: &mut Meter) -> Result<Order, SearchError> {
    let (rows, columns) = (g.len(), h.len());
    let pairs = rows * columns;
    let moves = |x: &LoopyGame| x.left.iter().chain(&x.right).map(Vec::len).sum::<usize>();
    let predecessor_bytes = 4 * (moves(g) + moves(h)) as u64 + 48 * (rows + columns) as u64;
    meter.hold_more((pairs as u64).saturating_mul(PAIR_BYTES) + predecessor_bytes)?;
    let g_back = Predecessors::of(g);
    let h_back = Predecessors::of(h);
    let pair = |a: u32, b: u32| a as usize * columns + b as usize;
    // Moves left to Left at each pair that have not been shown to lose.
    let mut left_moves: Vec<u32> = (0..pairs)
        .map(|p| (g.left[p / columns].len() + h.right[p % columns].len()) as u32)
        .collect();
    let mut right_wins_left_turn = vec![false; pairs];
    let mut right_wins_right_turn = vec![false; pairs];
    // A state is a pair and whether Left (false) or Right (true) is to move.
    let mut queue: VecDeque<(usize, bool)> = VecDeque::new();
    for (p, &moves) in left_moves.iter().enumerate() {
        if moves == 0 {
            right_wins_left_turn[p] = true;
            queue.push_back((p, false));
        }
    }
    while let Some((p, right_to_move)) = queue.pop_front() {
        let (a, b) = ((p / columns) as u32, (p % columns) as u32);
        if right_to_move {
            // Left moved here: from a Left turn at (a', b) with a in g.left(a'), or at
            // (a, b') with b in h.right(b').
            let from_g = g_back.left[a as usize].iter().map(|&x| pair(x, b));
            let from_h = h_back.right[b as usize].iter().map(|&y| pair(a, y));
            let froms: Vec<usize> = from_g.chain(from_h).collect();
            meter.count(froms.len() as u64 / 16 + 1)?;
            for q in froms {
                left_moves[q] -= 1;
                if left_moves[q] == 0 && !right_wins_left_turn[q] {
                    right_wins_left_turn[q] = true;
                    queue.push_back((q, false));
                }
            }
        } else {
            // Right moved here: from a Right turn at (a', b) with a in g.right(a'), or at
            // (a, b') with b in h.left(b').
            let from_g = g_back.right[a as usize].iter().map(|&x| pair(x, b));
            let from_h = h_back.left[b as usize].iter().map(|&y| pair(a, y));
            let froms: Vec<usize> = from_g.chain(from_h).collect();
            meter.count(froms.len() as u64 / 16 + 1)?;
            for q in froms {
                if !right_wins_right_turn[q] {
                    right_wins_right_turn[q] = true;
                    queue.push_back((q, true));
                }
            }
        }
    }
    Ok(Order {
        columns,
        survives: right_wins_right_turn.into_iter().map(|won| !won).collect(),
    })
}

/// For each vertex, the vertices with a move to it, for each player.
struct Predecessors {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl Predecessors {
    fn of(game: &LoopyGame) -> Predecessors {
        let reverse = |lists: &[Vec<u32>]| {
            let mut back = vec![Vec::new(); lists.len()];
            for (v, list) in lists.iter().enumerate() {
                for &w in list {
                    back[w as usize].push(v as u32);
                }
            }
            back
        };
        Predecessors {
            left: reverse(&game.left),
            right: reverse(&game.right),
        }
    }
}
