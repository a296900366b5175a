//! Inferior cells: empty cells that can be coloured before the search without changing who
//! wins (fill-in), the Hex form of CGT's dominated and reversible options.
//!
//! - A cell is *useless* to a player when every chain of theirs through it has a shortcut
//!   around it: the things around it that such a chain could come from or go to (its empty
//!   neighbours, the chains of the player's stones touching it, the player's edges it lies
//!   on) all touch one another, or meet at one of the player's edges. Then the player wins a
//!   full board with the cell theirs exactly when they win it with the cell the other's.
//! - A cell useless to both players is *dead*: its colour never matters, so it may be filled
//!   with either, and a move there is a move nowhere, never better than another move.
//! - Two touching empty cells are *captured* by a player when that player's stone on either
//!   makes the other dead. The player can answer a move on one by taking the other, after
//!   which the intruder's stone is dead, as good as the player's own: so both cells may be
//!   filled with the player's stones, and neither is a move worth trying for the other.
//!
//! Filling one cell may make another dead or captured, so fill-in repeats until nothing
//! changes.

use crate::games::connection::board::Geometry;

/// One player's view of the board: their stones, the other's, and their two edges.
#[derive(Clone, Copy, Debug)]
pub struct Side {
    /// The player's stones.
    pub own: u128,
    /// The other player's stones.
    pub other: u128,
    /// The player's two edges, as the rows (or columns) of cells along them.
    pub edges: (u128, u128),
}

impl Side {
    /// White's view (`white` true) or Black's of the stones.
    pub fn of(geometry: &Geometry, white: u128, black: u128, for_white: bool) -> Side {
        let (own, other) = match for_white {
            true => (white, black),
            false => (black, white),
        };
        Side {
            own,
            other,
            edges: geometry.edges(for_white),
        }
    }

    /// Which of the player's edges cells of `mask` lie on: bit 0 the first, bit 1 the second.
    fn edge_flags(&self, mask: u128) -> u8 {
        u8::from(mask & self.edges.0 != 0) | u8::from(mask & self.edges.1 != 0) << 1
    }
}

/// Whether no chain of `side`'s needs cell `c` (see the module's doc).
pub fn useless(geometry: &Geometry, c: usize, side: &Side) -> bool {
    let bit = 1u128 << c;
    // What a chain through c could come from or go to: cells (a chain of stones, or an
    // empty cell) with the edges they lie on, and the edges c itself lies on.
    let mut around: [(u128, u8); 8] = [(0, 0); 8];
    let mut count = 0;
    for flag in [1, 2] {
        if side.edge_flags(bit) & flag != 0 {
            around[count] = (0, flag);
            count += 1;
        }
    }
    let near = geometry.neighbours(c) & !side.other;
    let mut stones = near & side.own;
    while stones != 0 {
        let chain = geometry.reach(stones & stones.wrapping_neg(), side.own);
        stones &= !chain;
        around[count] = (chain, side.edge_flags(chain));
        count += 1;
    }
    for cell in Geometry::bits(near & !side.own) {
        let cell = 1u128 << cell;
        around[count] = (cell, side.edge_flags(cell));
        count += 1;
    }
    let around = &around[..count];
    around.iter().enumerate().all(|(i, &(a, a_edges))| {
        around[i + 1..]
            .iter()
            .all(|&(b, b_edges)| geometry.spread(a) & b != 0 || a_edges & b_edges != 0)
    })
}

/// Whether cell `c` is dead on the board of `white` and `black` stones.
pub fn dead(geometry: &Geometry, c: usize, white: u128, black: u128) -> bool {
    useless(geometry, c, &Side::of(geometry, white, black, true))
        && useless(geometry, c, &Side::of(geometry, white, black, false))
}

/// The board with its dead cells filled (with White's stones, which changes no one's
/// chances) and each player's captured pairs filled with their stones, repeated until
/// nothing changes: the new White and Black stones.
pub fn fill_in(geometry: &Geometry, mut white: u128, mut black: u128) -> (u128, u128) {
    loop {
        let empty = geometry.cells & !(white | black);
        if let Some(c) = Geometry::bits(empty).find(|&c| dead(geometry, c, white, black)) {
            white |= 1 << c;
            continue;
        }
        match captured_pair(geometry, white, black) {
            Some((pair, true)) => white |= pair,
            Some((pair, false)) => black |= pair,
            None => return (white, black),
        }
    }
}

/// A pair of touching empty cells that one player has captured: the pair and whether White
/// is the captor.
pub fn captured_pair(geometry: &Geometry, white: u128, black: u128) -> Option<(u128, bool)> {
    let empty = geometry.cells & !(white | black);
    for a in Geometry::bits(empty) {
        for b in Geometry::bits(geometry.neighbours(a) & empty & !((2u128 << a) - 1)) {
            for captor_white in [true, false] {
                let (w, k) = with_stone(white, black, a, captor_white);
                if !dead(geometry, b, w, k) {
                    continue;
                }
                let (w, k) = with_stone(white, black, b, captor_white);
                if dead(geometry, a, w, k) {
                    return Some((1 << a | 1 << b, captor_white));
                }
            }
        }
    }
    None
}

/// The moves of `moves` worth trying for the player to move on the board of `white` and
/// `black` stones (with no dead cells), and the cells the others' leaving out rests on.
///
/// - A move at c is *dominated* by a move at e when the mover's stone at e makes c dead:
///   then the stone at e is as good as stones at both, which is at least the stone at c.
/// - A move at c is *vulnerable* to a cell d when the other's stone at d makes c dead:
///   after the move at c and the answer at d, c is as good as the other's, so a win by c
///   is a win from the board with d and c the other's, by some move x, and x then wins on
///   the board itself, where the other has fewer stones. The killer d must stay empty for
///   this, so it is a reason; the stone at c may belong to anybody.
///
/// Cells are left out one at a time, each for a dominating move still kept or for a
/// killer, so that the argument (a win by a left-out move is a win by another, and the
/// board loses empty cells or the other move was left out later) ends at a kept move.
pub fn prune(
    geometry: &Geometry,
    white: u128,
    black: u128,
    mover_white: bool,
    moves: u128,
) -> (u128, u128) {
    let empty = geometry.cells & !(white | black);
    let (mut kept, mut reasons) = (moves, 0);
    for c in Geometry::bits(moves) {
        let next = geometry.neighbours(c) & empty;
        let near = geometry.spread(next) & empty & !(1 << c);
        // A stone of one player beyond c's neighbours leaves the other's view of c as it
        // is: it can make c dead only if c is useless to the other already.
        let useless_now = [false, true]
            .map(|white_view| useless(geometry, c, &Side::of(geometry, white, black, white_view)));
        let kills = |cell: usize, for_white: bool| {
            if next >> cell & 1 == 0 && !useless_now[usize::from(!for_white)] {
                return false;
            }
            let (w, b) = with_stone(white, black, cell, for_white);
            dead(geometry, c, w, b)
        };
        if let Some(e) = Geometry::bits(near & kept).find(|&e| kills(e, mover_white)) {
            debug_assert_ne!(e, c);
            kept &= !(1 << c);
            continue;
        }
        if let Some(d) = Geometry::bits(near).find(|&d| kills(d, !mover_white)) {
            kept &= !(1 << c);
            reasons |= 1 << d;
        }
    }
    (kept, reasons)
}

/// The stones `white` and `black` with one more on `cell`: White's when `for_white`.
fn with_stone(white: u128, black: u128, cell: usize, for_white: bool) -> (u128, u128) {
    match for_white {
        true => (white | 1 << cell, black),
        false => (white, black | 1 << cell),
    }
}
