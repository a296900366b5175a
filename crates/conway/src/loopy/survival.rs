//! The order of stoppers: `G ≥ H` exactly when Left, moving second, survives `G − H`
//! (Siegel, *CGT* VI; Conway, *ONAG* ch. 11). Surviving means never having to move with no
//! move left; a play that never ends counts as survival.
//!
//! Right's wins are the least fixed point: a Left turn with no move is one, a Right turn with
//! a move to a Right win is one, and a Left turn all of whose moves are Right wins is one.
//! Retrograde analysis on the states (vertex of `G`, vertex of `H`, player to move) finds them
//! for every pair at once; every other state is Left's survival. Left's move in `−H` is a
//! Right move of `H`, and Right's a Left move.

use super::{moves, LoopyGame, Reversed};
use crate::engine::{Meter, SearchError};
use rustc_hash::FxHashMap;
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
            let (from_g, from_h) = (&g_back.left[a as usize], &h_back.right[b as usize]);
            meter.count((from_g.len() + from_h.len()) as u64 / 16 + 1)?;
            let from_g = from_g.iter().map(|&x| pair(x, b));
            for q in from_g.chain(from_h.iter().map(|&y| pair(a, y))) {
                left_moves[q] -= 1;
                if left_moves[q] == 0 && !right_wins_left_turn[q] {
                    right_wins_left_turn[q] = true;
                    queue.push_back((q, false));
                }
            }
        } else {
            // Right moved here: from a Right turn at (a', b) with a in g.right(a'), or at
            // (a, b') with b in h.left(b').
            let (from_g, from_h) = (&g_back.right[a as usize], &h_back.left[b as usize]);
            meter.count((from_g.len() + from_h.len()) as u64 / 16 + 1)?;
            let from_g = from_g.iter().map(|&x| pair(x, b));
            for q in from_g.chain(from_h.iter().map(|&y| pair(a, y))) {
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
    left: Reversed,
    right: Reversed,
}

impl Predecessors {
    fn of(game: &LoopyGame) -> Predecessors {
        Predecessors {
            left: Reversed::of(game.len(), moves(&game.left)),
            right: Reversed::of(game.len(), moves(&game.right)),
        }
    }
}

/// `g[a] ≥ h[b]` for the onsides, for every pair: Left, moving second in `g[a] − h[b]`, is never
/// left without a move and, in a play that never ends, moves in `g` are made infinitely often
/// (by either player).
///
/// That is enough for every game `X`: Left survives `g[a] + X` whenever she survives
/// `h[b] + X`. She plays `h[b] + X` in her head and carries its moves in `h` over to `g`
/// through this game; a run of replies that stayed in `h` for ever would be a play here
/// with finitely many moves in `g`, which her strategy excludes. It is the order of Siegel's
/// onsides where `h` is a stopper, and what [`super::sides`] checks its onsides with.
///
/// A Büchi game: the states are (pair, player to move, whether the last move was in `g`),
/// and Left's winning region is the largest set from which she can always force another
/// move in `g` without leaving it (Right's states with no move count as such moves).
pub(super) fn onside_order(
    g: &LoopyGame,
    h: &LoopyGame,
    meter: &mut Meter,
) -> Result<Order, SearchError> {
    let states = Buchi::new(g, h);
    let count = 4 * g.len() * h.len();
    meter.hold_more(count as u64 * BUCHI_STATE_BYTES)?;
    let accepting: Vec<bool> = (0..count)
        .map(|s| {
            states.entered_by_g(s)
                || (states.right_to_move(s) && states.successors(s).next().is_none())
        })
        .collect();
    let stuck: Vec<bool> = (0..count)
        .map(|s| !states.right_to_move(s) && states.successors(s).next().is_none())
        .collect();
    let everywhere = vec![true; count];
    let lost = states.attractor(false, &stuck, &everywhere, meter)?;
    let mut winning: Vec<bool> = lost.iter().map(|&lost| !lost).collect();
    loop {
        let target: Vec<bool> = (0..count).map(|s| winning[s] && accepting[s]).collect();
        let reach = states.attractor(true, &target, &winning, meter)?;
        let avoid: Vec<bool> = (0..count).map(|s| winning[s] && !reach[s]).collect();
        if !avoid.contains(&true) {
            break;
        }
        let lost = states.attractor(false, &avoid, &winning, meter)?;
        for (s, lost) in lost.into_iter().enumerate() {
            winning[s] &= !lost;
        }
    }
    let columns = h.len();
    let survives = (0..g.len() * columns)
        .map(|p| winning[Buchi::state(p, true, false)])
        .collect();
    Ok(Order { columns, survives })
}

/// Bytes a state of the Büchi game holds: its flags in the sets of a round, a counter, and
/// room in the queue.
const BUCHI_STATE_BYTES: u64 = 6 + 4 + 8;

/// The states of the Büchi game of [`onside_order`].
struct Buchi<'a> {
    g: &'a LoopyGame,
    h: &'a LoopyGame,
    g_back: Predecessors,
    h_back: Predecessors,
}

impl<'a> Buchi<'a> {
    fn new(g: &'a LoopyGame, h: &'a LoopyGame) -> Self {
        Buchi {
            g,
            h,
            g_back: Predecessors::of(g),
            h_back: Predecessors::of(h),
        }
    }

    fn state(pair: usize, right_to_move: bool, entered_by_g: bool) -> usize {
        pair * 4 + 2 * right_to_move as usize + entered_by_g as usize
    }

    fn right_to_move(&self, s: usize) -> bool {
        s & 2 != 0
    }

    fn entered_by_g(&self, s: usize) -> bool {
        s & 1 != 0
    }

    fn pair(&self, a: u32, b: u32) -> usize {
        a as usize * self.h.len() + b as usize
    }

    /// The states the player to move at `s` can reach.
    fn successors(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        let p = s / 4;
        let (a, b) = ((p / self.h.len()) as u32, (p % self.h.len()) as u32);
        let right = self.right_to_move(s);
        let (in_g, in_h) = if right {
            (self.g.right_options(a), self.h.left_options(b))
        } else {
            (self.g.left_options(a), self.h.right_options(b))
        };
        let next = !right;
        let from_g = in_g
            .iter()
            .map(move |&x| Self::state(self.pair(x, b), next, true));
        let from_h = in_h
            .iter()
            .map(move |&y| Self::state(self.pair(a, y), next, false));
        from_g.chain(from_h)
    }

    /// The vertices of the component last moved in, from which a move reaches `s`: moves of
    /// `g` or of `h` as `entered_by_g(s)` says.
    fn movers_before(&self, s: usize) -> &[u32] {
        let p = s / 4;
        let (a, b) = (p / self.h.len(), p % self.h.len());
        // The mover before `s` is the player not to move at `s`; Left's move in `−h` is a
        // Right move of `h`.
        match (self.entered_by_g(s), self.right_to_move(s)) {
            (true, true) => &self.g_back.left[a],
            (true, false) => &self.g_back.right[a],
            (false, true) => &self.h_back.right[b],
            (false, false) => &self.h_back.left[b],
        }
    }

    /// The states from which a move reaches `s`.
    fn predecessors(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        let p = s / 4;
        let (a, b) = ((p / self.h.len()) as u32, (p % self.h.len()) as u32);
        let in_g = self.entered_by_g(s);
        let turn = !self.right_to_move(s);
        self.movers_before(s)
            .iter()
            .map(move |&x| {
                if in_g {
                    self.pair(x, b)
                } else {
                    self.pair(a, x)
                }
            })
            .flat_map(move |q| [Self::state(q, turn, false), Self::state(q, turn, true)])
    }

    /// The states of `inside` from which Left (`left`) or Right can force a move into
    /// `target` (or start there) while play stays in `inside`.
    fn attractor(
        &self,
        left: bool,
        target: &[bool],
        inside: &[bool],
        meter: &mut Meter,
    ) -> Result<Vec<bool>, SearchError> {
        let count = target.len();
        let mut attracted = vec![false; count];
        // For the opponent's states, their moves inside not yet attracted.
        let mut escapes: Vec<u32> = vec![0; count];
        let mut queue = VecDeque::new();
        for s in 0..count {
            if !inside[s] {
                continue;
            }
            if self.right_to_move(s) == left {
                escapes[s] = self.successors(s).filter(|&t| inside[t]).count() as u32;
            }
            if target[s] {
                attracted[s] = true;
                queue.push_back(s);
            }
        }
        while let Some(t) = queue.pop_front() {
            meter.count(self.movers_before(t).len() as u64 / 8 + 1)?;
            for s in self.predecessors(t) {
                if !inside[s] || attracted[s] {
                    continue;
                }
                let players_own = self.right_to_move(s) != left;
                if !players_own {
                    escapes[s] -= 1;
                }
                if players_own || escapes[s] == 0 {
                    attracted[s] = true;
                    queue.push_back(s);
                }
            }
        }
        Ok(attracted)
    }
}

/// `a ≥ b` between the positions of a graph that grows (a store of values and the positions
/// being added to it), each pair found when first asked: a question explores only the pairs
/// it reaches that no earlier question settled, and keeps the answer for each of them. Pairs
/// of positions below `settled` are kept for good; a pair with a newer position is kept in
/// `fresh` until the caller renames it with [`Memo::settle`].
#[derive(Default)]
pub(super) struct Memo {
    known: FxHashMap<(u32, u32), bool>,
    fresh: FxHashMap<(u32, u32), bool>,
    settled: u32,
}

/// Bytes a bucket of a [`Memo`]'s tables holds: the key, the answer and a control byte.
const MEMO_BUCKET_BYTES: u64 = 13;

/// Bytes a state holds while a [`Memo`] explores: its key and number in the index, its entry,
/// and its moves forward and back.
const EXPLORED_STATE_BYTES: u64 = 64;

impl Memo {
    /// Whether `a ≥ b` in `game`, whose positions below the settled ones must be those of the
    /// questions asked before.
    pub(super) fn geq(
        &mut self,
        game: &LoopyGame,
        a: u32,
        b: u32,
        meter: &mut Meter,
    ) -> Result<bool, SearchError> {
        if let Some(known) = self.answer(a, b) {
            return Ok(known);
        }
        self.explore(game, a, b, meter)?;
        Ok(self
            .answer(a, b)
            .expect("the pair asked about was explored"))
    }

    fn answer(&self, a: u32, b: u32) -> Option<bool> {
        let map = if a.max(b) < self.settled {
            &self.known
        } else {
            &self.fresh
        };
        map.get(&(a, b)).copied()
    }

    /// Makes room to keep the answers about newer positions for good, counted against `meter`.
    pub(super) fn room_to_settle(&mut self, meter: &mut Meter) -> Result<(), SearchError> {
        reserve_counted(&mut self.known, self.fresh.len(), meter)
    }

    /// Keeps the answers about newer positions for good, each position `v` renamed
    /// `rename[v - settled]`, and settles every position below `settled`.
    pub(super) fn settle(&mut self, rename: &[u32], settled: u32) {
        let old = self.settled;
        let name = |v: u32| {
            if v < old {
                v
            } else {
                rename[(v - old) as usize]
            }
        };
        for ((a, b), answer) in std::mem::take(&mut self.fresh) {
            self.known.entry((name(a), name(b))).or_insert(answer);
        }
        self.settled = settled;
    }

    /// Forgets the answers about positions newer than the settled ones.
    pub(super) fn forget_fresh(&mut self) {
        self.fresh = FxHashMap::default();
    }

    /// Answers `a ≥ b` and every pair that Left's survival in `a − b` reaches and that is not
    /// answered yet, by retrograde analysis of the states found (pairs with Right to move that
    /// are answered end the search).
    fn explore(
        &mut self,
        game: &LoopyGame,
        a: u32,
        b: u32,
        meter: &mut Meter,
    ) -> Result<(), SearchError> {
        // A state is a pair and whether Right is to move; `moves[first[s]..first[s + 1]]`
        // are the states its player can reach.
        let mut index: FxHashMap<(u32, u32, bool), u32> = FxHashMap::default();
        let mut states = vec![(a, b, true)];
        index.insert((a, b, true), 0);
        let (mut first, mut moves) = (vec![0u32], Vec::new());
        let mut answered = Vec::new();
        let mut next = 0;
        while next < states.len() {
            let (x, y, right_to_move) = states[next];
            next += 1;
            let known = if right_to_move {
                self.answer(x, y)
            } else {
                None
            };
            answered.push(known);
            if known.is_none() {
                let (in_g, in_h) = if right_to_move {
                    (game.right_options(x), game.left_options(y))
                } else {
                    (game.left_options(x), game.right_options(y))
                };
                let reached = in_g
                    .iter()
                    .map(|&x2| (x2, y))
                    .chain(in_h.iter().map(|&y2| (x, y2)));
                for (x2, y2) in reached {
                    let key = (x2, y2, !right_to_move);
                    let s = *index.entry(key).or_insert_with(|| {
                        states.push(key);
                        states.len() as u32 - 1
                    });
                    moves.push(s);
                }
            }
            first.push(moves.len() as u32);
            if next % 1024 == 0 {
                meter.count(1024 / 16)?;
                meter.hold(meter.held() + states.len() as u64 * EXPLORED_STATE_BYTES)?;
            }
        }
        let count = states.len();
        let mut back_first = vec![0u32; count + 1];
        for &t in &moves {
            back_first[t as usize + 1] += 1;
        }
        for s in 0..count {
            back_first[s + 1] += back_first[s];
        }
        let mut back = vec![0u32; moves.len()];
        let mut filled = back_first.clone();
        for s in 0..count {
            for &t in &moves[first[s] as usize..first[s + 1] as usize] {
                back[filled[t as usize] as usize] = s as u32;
                filled[t as usize] += 1;
            }
        }
        // Right's wins, the least fixed point: a pair answered "Left does not survive", a
        // Right turn with a move to a win, a Left turn whose moves all reach wins.
        let mut unwon: Vec<u32> = (0..count).map(|s| first[s + 1] - first[s]).collect();
        let mut won = vec![false; count];
        let mut queue: Vec<u32> = Vec::new();
        for s in 0..count {
            let right_to_move = states[s].2;
            if answered[s] == Some(false) || (!right_to_move && unwon[s] == 0) {
                won[s] = true;
                queue.push(s as u32);
            }
        }
        while let Some(t) = queue.pop() {
            for &s in &back[back_first[t as usize] as usize..back_first[t as usize + 1] as usize] {
                let s = s as usize;
                if won[s] {
                    continue;
                }
                unwon[s] -= 1;
                if states[s].2 || unwon[s] == 0 {
                    won[s] = true;
                    queue.push(s as u32);
                }
            }
        }
        let answers: Vec<((u32, u32), bool)> = (0..count)
            .filter(|&s| states[s].2 && answered[s].is_none())
            .map(|s| ((states[s].0, states[s].1), !won[s]))
            .collect();
        let fresh = answers
            .iter()
            .filter(|((x, y), _)| x.max(y) >= &self.settled)
            .count();
        reserve_counted(&mut self.fresh, fresh, meter)?;
        reserve_counted(&mut self.known, answers.len() - fresh, meter)?;
        for ((x, y), answer) in answers {
            let map = if x.max(y) < self.settled {
                &mut self.known
            } else {
                &mut self.fresh
            };
            map.insert((x, y), answer);
        }
        Ok(())
    }
}

/// Makes room in `map` for `more` entries, counting a new table against `meter` before it is
/// allocated (the old one, freed, stays counted).
fn reserve_counted(
    map: &mut FxHashMap<(u32, u32), bool>,
    more: usize,
    meter: &mut Meter,
) -> Result<(), SearchError> {
    let needed = map.len() + more;
    if needed > map.capacity() {
        let buckets = (needed.saturating_mul(8) / 7).next_power_of_two();
        meter.hold_more(buckets as u64 * MEMO_BUCKET_BYTES)?;
        map.reserve(more);
    }
    Ok(())
}
