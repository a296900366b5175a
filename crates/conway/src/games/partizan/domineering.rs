//! Domineering (Example 7.1): on a board of squares, Left places a domino vertically (on two
//! empty squares of one column), Right horizontally (on two of one row); whoever cannot place
//! one loses.
//!
//! A board is a bitboard: bit `row × stride + column` is set when that square is empty, so a
//! player's moves come from one shift and one mask for the whole board. Regions of empty
//! squares that share no edge are independent games, so the solver gets a board as its regions,
//! each cut down to its bounding box; and a region is solved once for its four reflections
//! (left–right, top–bottom and the half-turn keep each domino's direction, hence the value),
//! and its value gives its transpose's, which swaps the directions and so negates the value
//! ([`Partizan::negation`]).
//!
//! A board that fits in 8 × 8 is a chessboard word (stride 8), where the reflections and the
//! transposition are a few byte and bit swaps and a region is cut out by one shift: every
//! region of the boards that can be solved is one. Other boards of up to 64 squares are one
//! word without gaps between rows (stride = width); larger ones, up to [`MAX_SQUARES`], four
//! words.

use crate::analysis::typed_partizan;
use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::engine::Footprint;
use crate::partizan::{MoveBounds, Partizan, Player};
use crate::short::{GameId, Store, StoreResult};
use crate::text::ParseError;
use std::ops::{BitAnd, BitOr, BitXor, Not};

/// Domineering. A position is a [`DomineeringBoard`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Domineering;

/// The most squares a board may have, rows × columns, blocked squares included: four machine
/// words of bits. (No board near that size can be solved unless it is mostly blocked.)
pub const MAX_SQUARES: usize = 256;

pub(crate) const DOMINEERING: RuleInfo = RuleInfo {
    name: "domineering",
    kind: Kind::Partizan,
    params: Params::None,
    summary: "Partizan. Players place dominoes on empty squares, Left vertically and Right horizontally; whoever cannot place one loses.",
    notation: "rows of squares from the top, separated by `|`: `.` an empty square, `#` a blocked one; all rows the same width, at most 256 squares in all. `..|..` is the 2×2 board, `..|.#` the L-tromino.",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve domineering \"...|...\"",
    build: |info, _| Ok(typed_partizan(info, Domineering)),
};

/// A Domineering board: `height` rows of `width` squares, some empty.
///
/// A board that fits in one word is held in 16 bytes, so that the solver's table holds many; a
/// larger one is boxed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DomineeringBoard(Squares);

/// The squares of a board, laid out by [`stride_of`]: `Small` exactly when they fit in one
/// word ([`fits_in_a_word`]), so that equal boards are held alike.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Squares {
    Small { width: u8, height: u8, empty: u64 },
    Large(Box<LargeBoard>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct LargeBoard {
    width: u16,
    height: u16,
    /// Bit `row × width + column` is set when the square is empty (no gaps: a large board
    /// never fits in 8 × 8).
    empty: Wide,
}

impl DomineeringBoard {
    /// The board of `rows` × `columns` empty squares, if it has at most [`MAX_SQUARES`].
    pub fn rectangle(rows: usize, columns: usize) -> Option<DomineeringBoard> {
        let squares = rows.checked_mul(columns)?;
        if rows == 0 || columns == 0 || squares > MAX_SQUARES {
            return None;
        }
        Some(DomineeringBoard::from_rows(
            columns as u32,
            rows as u32,
            Wide::low(squares as u32),
        ))
    }

    /// The board of `width` × `height` squares whose empty ones are the bits of `dense`, row
    /// after row without gaps.
    fn from_rows(width: u32, height: u32, dense: Wide) -> DomineeringBoard {
        relayout(dense, width, width, height, stride_of(width, height)).into_board(width, height)
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        match &self.0 {
            Squares::Small { width, .. } => *width as usize,
            Squares::Large(board) => board.width as usize,
        }
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        match &self.0 {
            Squares::Small { height, .. } => *height as usize,
            Squares::Large(board) => board.height as usize,
        }
    }

    /// Whether the square in `row`, `column` (both from 0) is on the board and empty.
    pub fn is_empty_at(&self, row: usize, column: usize) -> bool {
        row < self.height()
            && column < self.width()
            && self.empty().get(row * self.stride() + column)
    }

    /// How many squares are empty.
    pub fn empty_squares(&self) -> usize {
        self.empty().count_ones() as usize
    }

    fn squares(&self) -> u32 {
        (self.width() * self.height()) as u32
    }

    /// The distance between the bits of the first squares of two rows.
    fn stride(&self) -> usize {
        stride_of(self.width() as u32, self.height() as u32) as usize
    }

    /// The empty squares, as 256 bits.
    fn empty(&self) -> Wide {
        match &self.0 {
            Squares::Small { empty, .. } => empty.to_wide(),
            Squares::Large(board) => board.empty,
        }
    }
}

impl Footprint for DomineeringBoard {
    fn footprint(&self) -> usize {
        let boxed = match &self.0 {
            Squares::Small { .. } => 0,
            Squares::Large(_) => std::mem::size_of::<LargeBoard>(),
        };
        std::mem::size_of::<DomineeringBoard>() + boxed
    }
}

/// Whether a board of `width` × `height` squares is held in one machine word.
fn fits_in_a_word(width: u32, height: u32) -> bool {
    stride_of(width, height) * height <= u64::BITS
}

/// Runs `$body` with `$grid` bound to the board as a [`Grid`] of the narrowest bits that hold
/// it.
macro_rules! with_grid {
    ($board:expr, $grid:ident => $body:expr) => {{
        let board: &DomineeringBoard = $board;
        match &board.0 {
            Squares::Small {
                width,
                height,
                empty,
            } => {
                let $grid = Grid::<u64>::new(*width as u32, *height as u32, *empty);
                $body
            }
            Squares::Large(large) => {
                let $grid = Grid::<Wide>::new(large.width as u32, large.height as u32, large.empty);
                $body
            }
        }
    }};
}

impl Partizan for Domineering {
    type Position = DomineeringBoard;

    fn left_options(&self, board: &DomineeringBoard) -> Vec<DomineeringBoard> {
        with_grid!(board, grid => grid.place(grid.vertical_starts(), grid.stride))
    }

    fn right_options(&self, board: &DomineeringBoard) -> Vec<DomineeringBoard> {
        with_grid!(board, grid => grid.place(grid.horizontal_starts(), 1))
    }

    /// The regions of empty squares, each cut to its bounding box; single squares (no moves)
    /// are left out.
    fn components(&self, board: DomineeringBoard, parts: &mut Vec<DomineeringBoard>) {
        with_grid!(&board, grid => grid.regions(parts))
    }

    /// The smallest of the board's four reflections that keep each domino's direction.
    fn representative(&self, board: DomineeringBoard) -> DomineeringBoard {
        with_grid!(&board, grid => grid.smallest_reflection())
    }

    /// The board turned about its main diagonal: vertical dominoes become horizontal ones,
    /// so Left's moves become Right's.
    fn negation(&self, board: &DomineeringBoard) -> Option<DomineeringBoard> {
        Some(with_grid!(board, grid => grid.transposed()))
    }

    /// A region of at most ten empty squares: its value takes a moment.
    fn worth_valuing(&self, board: &DomineeringBoard) -> bool {
        board.empty_squares() <= VALUED_SQUARES
    }

    /// Left can place at most as many dominoes as fit in the columns' runs of empty squares
    /// at once, and at least as many as fit on squares Right can never cover (those with no
    /// empty square beside them); likewise Right in the rows.
    fn move_bounds(&self, board: &DomineeringBoard) -> Option<MoveBounds> {
        Some(with_grid!(board, grid => grid.move_bounds()))
    }

    /// A strip one square wide: only one player can move, as often as dominoes fit.
    fn known_value(
        &self,
        board: &DomineeringBoard,
        store: &mut Store,
    ) -> Option<StoreResult<GameId>> {
        strip_value(board).map(|value| store.integer(value))
    }
}

/// The most empty squares of a region whose value an outcome search finds rather than
/// searching its moves.
const VALUED_SQUARES: usize = 10;

/// The value of a full strip, if `board` is one: a row of n squares is −⌊n/2⌋ and a column
/// +⌊n/2⌋. Only one player has moves there, and they never take the other's away (there are
/// none), so the value is the integer that counts that player's moves: each move of a longest
/// sequence of moves leaves one fewer.
fn strip_value(board: &DomineeringBoard) -> Option<i64> {
    if board.empty_squares() != board.squares() as usize {
        return None;
    }
    let dominoes = |squares: usize| (squares / 2) as i64;
    match (board.height(), board.width()) {
        (1, width) => Some(-dominoes(width)),
        (height, 1) => Some(dominoes(height)),
        _ => None,
    }
}

/// The distance between the first squares of two rows of a `width` × `height` board: 8 when
/// the board fits in 8 × 8 (a chessboard word, where reflections and the transposition are a
/// few instructions and cutting a region out is one shift), otherwise the width (no gaps).
/// Columns past the width are never empty.
fn stride_of(width: u32, height: u32) -> u32 {
    if width <= 8 && height <= 8 {
        8
    } else {
        width
    }
}

/// How many dominoes fit on `squares` at once, each on a square and the one `step` further
/// on (none starts on `no_next`), and none on the squares `apart` gives for another (those
/// beside it): placed from the lowest square up. Where `apart` gives none, that is ⌊n/2⌋ for
/// each run of n squares: the lowest square of a domino that fits starts its run, since the
/// square before it would otherwise start one lower.
fn spaced_dominoes<B: Bits>(squares: B, step: u32, no_next: B, apart: &dyn Fn(B) -> B) -> u64 {
    let mut rest = squares;
    let mut count = 0;
    loop {
        let starts = rest & rest.shr(step) & !no_next;
        if starts.is_zero() {
            return count;
        }
        let start = starts.trailing_zeros();
        let domino = B::one_at(start) | B::one_at(start + step);
        rest = rest & !(domino | apart(domino));
        count += 1;
    }
}

/// A board in bits of type `B`: square (r, c) is bit `r × stride + c`.
#[derive(Clone, Copy)]
struct Grid<B> {
    width: u32,
    height: u32,
    stride: u32,
    empty: B,
}

impl<B: Bits> Grid<B> {
    /// The grid of a board whose squares are laid out by [`stride_of`].
    fn new(width: u32, height: u32, empty: B) -> Self {
        Grid {
            width,
            height,
            stride: stride_of(width, height),
            empty,
        }
    }

    /// The board of the same size with `empty` empty.
    fn board(&self, empty: B) -> DomineeringBoard {
        empty.into_board(self.width, self.height)
    }

    /// The squares of the first column.
    fn first_column(&self) -> B {
        let end = self.stride * self.height;
        let mut column = B::one_at(0);
        let mut span = self.stride;
        while span < end {
            column = column | column.shl(span);
            span *= 2;
        }
        column & B::low(end)
    }

    /// The upper squares of the vertical dominoes that fit.
    fn vertical_starts(&self) -> B {
        self.empty & self.empty.shr(self.stride)
    }

    /// The left squares of the horizontal dominoes that fit (the square after the last of a
    /// row is the first of the next when there are no gaps).
    fn horizontal_starts(&self) -> B {
        let last_column = self.first_column().shl(self.stride - 1);
        self.empty & self.empty.shr(1) & !last_column
    }

    /// The boards after placing a domino on each square of `starts` and the square `step`
    /// further on.
    fn place(&self, starts: B, step: u32) -> Vec<DomineeringBoard> {
        let mut options = Vec::with_capacity(starts.count_ones() as usize);
        let mut rest = starts;
        while !rest.is_zero() {
            let start = rest.trailing_zeros();
            rest = rest ^ B::one_at(start);
            let domino = B::one_at(start) | B::one_at(start + step);
            options.push(self.board(self.empty & !domino));
        }
        options
    }

    /// Bounds on each player's moves ([`Partizan::move_bounds`]). A square is out of Right's
    /// reach when neither square beside it in its row is empty: Left's dominoes there are
    /// safe. Left's other dominoes, chosen so that no two have squares side by side, are
    /// contested: a horizontal domino covers squares of one of them at most. Likewise
    /// Right's, with above and below for beside.
    fn move_bounds(&self) -> MoveBounds {
        let first_column = self.first_column();
        let last_column = first_column.shl(self.stride - 1);
        let beside =
            |squares: B| (squares.shl(1) & !first_column) | (squares.shr(1) & !last_column);
        let above_or_below = |squares: B| squares.shl(self.stride) | squares.shr(self.stride);
        let empty = self.empty;
        let in_reach_of_right = empty & beside(empty);
        let in_reach_of_left = empty & above_or_below(empty);
        let vertical = |squares: B, apart: &dyn Fn(B) -> B| {
            spaced_dominoes(squares, self.stride, B::ZERO, apart)
        };
        let horizontal =
            |squares: B, apart: &dyn Fn(B) -> B| spaced_dominoes(squares, 1, last_column, apart);
        let touching = |_: B| B::ZERO;
        MoveBounds {
            left_safe: vertical(empty & !in_reach_of_right, &touching),
            left_contested: vertical(in_reach_of_right, &beside),
            left_most: vertical(empty, &touching),
            right_safe: horizontal(empty & !in_reach_of_left, &touching),
            right_contested: horizontal(in_reach_of_left, &above_or_below),
            right_most: horizontal(empty, &touching),
        }
    }

    /// Pushes each region of at least two empty squares, cut to its bounding box.
    fn regions(&self, parts: &mut Vec<DomineeringBoard>) {
        if let Some(word) = self.chessboard() {
            return chessboard_regions(word, parts);
        }
        let first_column = self.first_column();
        let last_column = first_column.shl(self.stride - 1);
        let mut rest = self.empty;
        while !rest.is_zero() {
            let mut region = B::one_at(rest.trailing_zeros());
            loop {
                let grown = (region
                    | (region.shl(1) & !first_column)
                    | (region.shr(1) & !last_column)
                    | region.shl(self.stride)
                    | region.shr(self.stride))
                    & rest;
                if grown == region || grown == rest {
                    region = grown;
                    break;
                }
                region = grown;
            }
            rest = rest ^ region;
            if region.count_ones() > 1 {
                parts.push(self.crop(region, first_column));
            }
        }
    }

    /// The board of `region` (not empty) alone, cut to its bounding box. Regions are seldom
    /// much smaller than their board, so the empty rows and columns are found one by one.
    fn crop(&self, region: B, first_column: B) -> DomineeringBoard {
        let stride = self.stride;
        let row = B::low(self.width);
        let row_is_empty = |r: u32| (region.shr(r * stride) & row).is_zero();
        let column_is_empty = |c: u32| (region & first_column.shl(c)).is_zero();
        let mut top = 0;
        while row_is_empty(top) {
            top += 1;
        }
        let mut bottom = self.height - 1;
        while row_is_empty(bottom) {
            bottom -= 1;
        }
        let mut left = 0;
        while column_is_empty(left) {
            left += 1;
        }
        let mut right = self.width - 1;
        while column_is_empty(right) {
            right -= 1;
        }
        let (width, height) = (right - left + 1, bottom - top + 1);
        let new_stride = stride_of(width, height);
        let corner = region.shr(top * stride + left);
        if new_stride == stride {
            // The columns left of `left` are empty, so the shift moves no square into the
            // row before.
            return corner.into_board(width, height);
        }
        relayout(corner, stride, width, height, new_stride).into_board(width, height)
    }

    /// The least of the board and its reflections left–right, top–bottom and through its
    /// centre, which keep each domino's direction.
    fn smallest_reflection(&self) -> DomineeringBoard {
        if let Some(word) = self.chessboard() {
            let least = chessboard_reflections(word, self.width, self.height)
                .into_iter()
                .min()
                .expect("four reflections");
            return least.into_board(self.width, self.height);
        }
        self.board(self.least_dense_reflection())
    }

    /// The board turned about its main diagonal: row r, column c to row c, column r.
    fn transposed(&self) -> DomineeringBoard {
        match self.chessboard() {
            Some(word) => transpose8(word).into_board(self.height, self.width),
            None => {
                let transposed = self.dense_transposed();
                transposed.board(transposed.empty)
            }
        }
    }

    /// The board as an 8 × 8 word, if it is laid out as one.
    fn chessboard(&self) -> Option<u64> {
        if self.stride == 8 && self.width <= 8 && self.height <= 8 {
            self.empty.word()
        } else {
            None
        }
    }

    /// The least of the reflections of a board without gaps between rows: reading its squares
    /// in reverse order turns it half round.
    fn least_dense_reflection(&self) -> B {
        debug_assert_eq!(self.stride, self.width);
        let squares = self.width * self.height;
        let turned = self.empty.reverse().shr(B::BITS - squares);
        [
            turned,
            self.upside_down(self.empty),
            self.upside_down(turned),
        ]
        .into_iter()
        .fold(self.empty, |a, b| a.min(b))
    }

    /// The rows of `bits` in the opposite order.
    fn upside_down(&self, bits: B) -> B {
        let row = B::low(self.width);
        let mut flipped = B::ZERO;
        for r in 0..self.height {
            let bits_of_row = bits.shr(r * self.stride) & row;
            flipped = flipped | bits_of_row.shl((self.height - 1 - r) * self.stride);
        }
        flipped
    }

    /// The transpose of a board without gaps between rows (and so with none after: it does
    /// not fit in 8 × 8 either way).
    fn dense_transposed(&self) -> Grid<B> {
        debug_assert_eq!(self.stride, self.width);
        let row = B::low(self.width);
        let mut transposed = B::ZERO;
        for r in 0..self.height {
            let mut bits_of_row = self.empty.shr(r * self.stride) & row;
            while !bits_of_row.is_zero() {
                let c = bits_of_row.trailing_zeros();
                bits_of_row = bits_of_row ^ B::one_at(c);
                transposed = transposed | B::one_at(c * self.height + r);
            }
        }
        Grid::new(self.height, self.width, transposed)
    }
}

/// `bits` laid out with rows `stride` apart, laid out again with rows `new_stride` apart.
fn relayout<B: Bits>(bits: B, stride: u32, width: u32, height: u32, new_stride: u32) -> B {
    let row = B::low(width);
    let mut moved = B::ZERO;
    for r in 0..height {
        moved = moved | (bits.shr(r * stride) & row).shl(r * new_stride);
    }
    moved
}

/// The first and the last column of an 8 × 8 word.
const FIRST_COLUMN: u64 = 0x0101_0101_0101_0101;
const LAST_COLUMN: u64 = FIRST_COLUMN << 7;

/// [`Grid::regions`] of a board in an 8 × 8 word, where every mask is a constant.
fn chessboard_regions(empty: u64, parts: &mut Vec<DomineeringBoard>) {
    let mut rest = empty;
    while rest != 0 {
        let mut region = rest & rest.wrapping_neg();
        loop {
            let grown = (region
                | ((region << 1) & !FIRST_COLUMN)
                | ((region >> 1) & !LAST_COLUMN)
                | (region << 8)
                | (region >> 8))
                & rest;
            if grown == region || grown == rest {
                region = grown;
                break;
            }
            region = grown;
        }
        rest ^= region;
        if region & (region - 1) != 0 {
            parts.push(chessboard_crop(region));
        }
    }
}

/// The board of `region` (not empty) of an 8 × 8 word alone, cut to its bounding box: its rows
/// are those of its first and last squares, its columns those of the rows folded together.
fn chessboard_crop(region: u64) -> DomineeringBoard {
    let top = region.trailing_zeros() / 8;
    let bottom = (63 - region.leading_zeros()) / 8;
    let mut columns = region | (region >> 32);
    columns |= columns >> 16;
    columns |= columns >> 8;
    let columns = columns as u8;
    let left = columns.trailing_zeros();
    let right = 7 - columns.leading_zeros();
    (region >> (top * 8 + left)).into_board(right - left + 1, bottom - top + 1)
}

/// The four reflections of a `width` × `height` board in an 8 × 8 word (bit 8·row + column).
fn chessboard_reflections(word: u64, width: u32, height: u32) -> [u64; 4] {
    // Reversing the bits of each byte sends column c to 7 − c; the shift brings the row back
    // to its first `width` bits (nothing crosses into the next byte: the bits below 8 − width
    // are empty).
    let mirrored = word.reverse_bits().swap_bytes() >> (8 - width);
    // Reversing the bytes sends row r to 7 − r; the shift brings the board back to the top.
    let flip = |x: u64| x.swap_bytes() >> (8 * (8 - height));
    [word, mirrored, flip(word), flip(mirrored)]
}

/// An 8 × 8 word turned about its main diagonal: bit 8·r + c to bit 8·c + r, by three swaps
/// of blocks (4 × 4, then 2 × 2, then single squares) across the diagonal.
fn transpose8(word: u64) -> u64 {
    let mut x = word;
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The bit operations the boards need, on one machine word or on four.
trait Bits:
    Copy
    + Eq
    + Ord
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    const BITS: u32;
    const ZERO: Self;
    fn one_at(i: u32) -> Self;
    /// Bits `0..n`.
    fn low(n: u32) -> Self;
    /// Shifts towards higher bits; by `BITS` or more, nothing is left.
    fn shl(self, n: u32) -> Self;
    /// Shifts towards lower bits; by `BITS` or more, nothing is left.
    fn shr(self, n: u32) -> Self;
    fn is_zero(self) -> bool;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    /// The bits in the opposite order.
    fn reverse(self) -> Self;
    fn to_wide(self) -> Wide;
    /// The bits as one machine word, if they are one.
    fn word(self) -> Option<u64>;
    /// The board of `width` × `height` squares with these empty, laid out by [`stride_of`].
    fn into_board(self, width: u32, height: u32) -> DomineeringBoard;
}

impl Bits for u64 {
    const BITS: u32 = u64::BITS;
    const ZERO: Self = 0;

    fn one_at(i: u32) -> Self {
        1u64.checked_shl(i).unwrap_or(0)
    }

    fn low(n: u32) -> Self {
        u64::MAX.checked_shr(Self::BITS - n).unwrap_or(0)
    }

    fn shl(self, n: u32) -> Self {
        self.checked_shl(n).unwrap_or(0)
    }

    fn shr(self, n: u32) -> Self {
        self.checked_shr(n).unwrap_or(0)
    }

    fn is_zero(self) -> bool {
        self == 0
    }

    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }

    fn leading_zeros(self) -> u32 {
        u64::leading_zeros(self)
    }

    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }

    fn reverse(self) -> Self {
        self.reverse_bits()
    }

    fn to_wide(self) -> Wide {
        Wide([self, 0, 0, 0])
    }

    fn word(self) -> Option<u64> {
        Some(self)
    }

    fn into_board(self, width: u32, height: u32) -> DomineeringBoard {
        DomineeringBoard(Squares::Small {
            width: width as u8,
            height: height as u8,
            empty: self,
        })
    }
}

/// 256 bits, least significant word first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Wide([u64; WORDS]);

const WORDS: usize = 4;

impl Wide {
    fn get(&self, i: usize) -> bool {
        i < WORDS * 64 && (self.0[i / 64] >> (i % 64)) & 1 == 1
    }
}

impl BitAnd for Wide {
    type Output = Wide;
    fn bitand(self, other: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

impl BitOr for Wide {
    type Output = Wide;
    fn bitor(self, other: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}

impl BitXor for Wide {
    type Output = Wide;
    fn bitxor(self, other: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] ^ other.0[i]))
    }
}

impl Not for Wide {
    type Output = Wide;
    fn not(self) -> Wide {
        Wide(self.0.map(|word| !word))
    }
}

impl Bits for Wide {
    const BITS: u32 = 64 * WORDS as u32;
    const ZERO: Self = Wide([0; WORDS]);

    fn one_at(i: u32) -> Self {
        Wide::ZERO.with(i)
    }

    fn low(n: u32) -> Self {
        Wide(std::array::from_fn(|i| {
            let below = n.saturating_sub(64 * i as u32);
            u64::low(below.min(64))
        }))
    }

    fn shl(self, n: u32) -> Self {
        let (words, bits) = ((n / 64) as usize, n % 64);
        Wide(std::array::from_fn(|i| {
            let Some(from) = i.checked_sub(words) else {
                return 0;
            };
            let carry = match from.checked_sub(1) {
                Some(below) if bits > 0 => self.0[below] >> (64 - bits),
                _ => 0,
            };
            self.0[from] << bits | carry
        }))
    }

    fn shr(self, n: u32) -> Self {
        let (words, bits) = ((n / 64) as usize, n % 64);
        Wide(std::array::from_fn(|i| {
            let from = i + words;
            if from >= WORDS {
                return 0;
            }
            let carry = match self.0.get(from + 1) {
                Some(above) if bits > 0 => above << (64 - bits),
                _ => 0,
            };
            self.0[from] >> bits | carry
        }))
    }

    fn is_zero(self) -> bool {
        self == Wide::ZERO
    }

    fn trailing_zeros(self) -> u32 {
        let mut zeros = 0;
        for word in self.0 {
            zeros += word.trailing_zeros();
            if word != 0 {
                break;
            }
        }
        zeros
    }

    fn leading_zeros(self) -> u32 {
        let mut zeros = 0;
        for word in self.0.into_iter().rev() {
            zeros += word.leading_zeros();
            if word != 0 {
                break;
            }
        }
        zeros
    }

    fn count_ones(self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    fn reverse(self) -> Self {
        Wide(std::array::from_fn(|i| {
            self.0[WORDS - 1 - i].reverse_bits()
        }))
    }

    fn to_wide(self) -> Wide {
        self
    }

    fn word(self) -> Option<u64> {
        None
    }

    fn into_board(self, width: u32, height: u32) -> DomineeringBoard {
        if fits_in_a_word(width, height) {
            return self.0[0].into_board(width, height);
        }
        DomineeringBoard(Squares::Large(Box::new(LargeBoard {
            width: width as u16,
            height: height as u16,
            empty: self,
        })))
    }
}

impl Wide {
    /// These bits and bit `i` (nothing past the last bit).
    fn with(mut self, i: u32) -> Wide {
        if let Some(word) = self.0.get_mut(i as usize / 64) {
            *word |= 1 << (i % 64);
        }
        self
    }
}

impl PartizanNotation for Domineering {
    fn parse(&self, text: &str) -> Result<DomineeringBoard, ParseError> {
        let mut empty = Wide::ZERO;
        let mut squares = 0u32;
        let mut width = None;
        let mut row = 0;
        let mut in_row = 0;
        for (column, c) in text.chars().enumerate() {
            match c {
                '.' | '#' => {
                    if width.is_some_and(|width| in_row == width) {
                        return Err(ParseError::at(
                            column,
                            format!(
                                "row {} is longer than row 1 ({in_row} squares): all rows must have the same width",
                                row + 1
                            ),
                        ));
                    }
                    if squares as usize == MAX_SQUARES {
                        return Err(ParseError::at(
                            column,
                            format!("more than {MAX_SQUARES} squares (rows × columns, blocked ones included): boards are limited to {MAX_SQUARES}"),
                        ));
                    }
                    if c == '.' {
                        empty = empty.with(squares);
                    }
                    squares += 1;
                    in_row += 1;
                }
                '|' => {
                    end_row(row, in_row, &mut width, column)?;
                    row += 1;
                    in_row = 0;
                }
                other => {
                    return Err(ParseError::at(
                        column,
                        format!("'{other}' is not a square: write '.' for an empty square, '#' for a blocked one and '|' between rows"),
                    ));
                }
            }
        }
        if text.is_empty() {
            return Err(ParseError::whole(
                "the board is empty: write rows of '.' (empty) and '#' (blocked) separated by '|', e.g. ..|..",
            ));
        }
        end_row(row, in_row, &mut width, text.chars().count())?;
        let width = width.expect("a board with a row has a width");
        Ok(DomineeringBoard::from_rows(
            width as u32,
            (row + 1) as u32,
            empty,
        ))
    }

    fn show(&self, board: &DomineeringBoard) -> String {
        let mut text = String::with_capacity((board.width() + 1) * board.height());
        for row in 0..board.height() {
            if row > 0 {
                text.push('|');
            }
            for column in 0..board.width() {
                text.push(if board.is_empty_at(row, column) {
                    '.'
                } else {
                    '#'
                });
            }
        }
        text
    }

    fn describe_move(
        &self,
        player: Player,
        from: &DomineeringBoard,
        to: &DomineeringBoard,
    ) -> String {
        domino_placed(from, to)
            .unwrap_or_else(|| format!("{player} places a domino, to {}", self.show(to)))
    }
}

/// Where the domino lies that a move from `from` to `to` placed ("vertical domino on rows
/// 1-2, column 3"), if the move covered two neighbouring squares of the same board.
pub(crate) fn domino_placed(from: &DomineeringBoard, to: &DomineeringBoard) -> Option<String> {
    let covered = from.empty() & !to.empty();
    let same_frame = (from.width(), from.height()) == (to.width(), to.height());
    if !same_frame || covered.count_ones() != 2 || to.empty() & !from.empty() != Wide::ZERO {
        return None;
    }
    let first = covered.trailing_zeros() as usize;
    let second = (Wide::BITS - 1 - covered.leading_zeros()) as usize;
    let stride = from.stride();
    let (row, column) = (first / stride, first % stride);
    if second == first + stride {
        Some(format!(
            "vertical domino on rows {}-{}, column {}",
            row + 1,
            row + 2,
            column + 1
        ))
    } else if second == first + 1 && !second.is_multiple_of(stride) {
        Some(format!(
            "horizontal domino on row {}, columns {}-{}",
            row + 1,
            column + 1,
            column + 2
        ))
    } else {
        None
    }
}

/// Checks the row that ends at `column` (row `row` from 0, with `squares` squares) against the
/// first row's width, which it sets if it is the first.
fn end_row(
    row: usize,
    squares: usize,
    width: &mut Option<usize>,
    column: usize,
) -> Result<(), ParseError> {
    if squares == 0 {
        return Err(ParseError::at(
            column,
            format!(
                "row {} is empty: every row needs at least one square ('.' or '#')",
                row + 1
            ),
        ));
    }
    match *width {
        None => *width = Some(squares),
        Some(width) if width != squares => {
            return Err(ParseError::at(
                column,
                format!(
                    "row {} has {squares} squares but row 1 has {width}: all rows must have the same width",
                    row + 1
                ),
            ));
        }
        Some(_) => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Solver;

    fn board(text: &str) -> DomineeringBoard {
        Domineering.parse(text).unwrap()
    }

    #[test]
    fn strips_are_their_closed_form() {
        let mut store = Store::default();
        let mut by_search = Solver::new(&Domineering).by_search_only();
        for length in 1..=12 {
            for text in [".".repeat(length), vec!["."; length].join("|")] {
                let strip = board(&text);
                let searched = by_search.value(&mut store, &strip).unwrap();
                let known = strip_value(&strip).unwrap();
                assert_eq!(searched, store.integer(known).unwrap(), "{text}");
            }
        }
        assert_eq!(strip_value(&board(".#.")), None, "not a whole strip");
        assert_eq!(strip_value(&board("..|..")), None);
    }

    #[test]
    fn moves_are_dominoes_in_each_direction() {
        let l = board("..|.#");
        assert_eq!(Domineering.left_options(&l), vec![board("#.|##")]);
        assert_eq!(Domineering.right_options(&l), vec![board("##|.#")]);
        let wide = board(&[".".repeat(40), ".".repeat(40)].join("|"));
        assert_eq!(Domineering.left_options(&wide).len(), 40);
        assert_eq!(Domineering.right_options(&wide).len(), 78);
    }

    #[test]
    fn regions_are_cut_to_their_boxes() {
        let mut parts = Vec::new();
        Domineering.components(board("..#.|#.##|##..|.#.#"), &mut parts);
        let shown: Vec<String> = parts.iter().map(|p| Domineering.show(p)).collect();
        assert_eq!(shown, ["..|#.", "..|.#"]);
    }

    #[test]
    fn wide_boards_split_and_reflect_as_narrow_ones() {
        // 3 × 30 squares: past one word.
        let text = [
            "#.".to_string() + &".".repeat(28),
            ".".repeat(30),
            "#".repeat(29) + ".",
        ]
        .join("|");
        let wide = board(&text);
        assert!(wide.squares() > 64);
        let mut parts = Vec::new();
        Domineering.components(wide, &mut parts);
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].width(), 30);
        let representative = Domineering.representative(parts[0].clone());
        let mirrored = board(
            &[
                ".".repeat(28) + ".#",
                ".".repeat(30),
                ".".to_string() + &"#".repeat(29),
            ]
            .join("|"),
        );
        assert_eq!(Domineering.representative(mirrored), representative);
    }

    #[test]
    fn reflections_share_a_representative() {
        let shapes = ["..#|.##|...", "#..|##.|...", "...|.##|..#", "...|##.|#.."];
        let representatives: Vec<DomineeringBoard> = shapes
            .iter()
            .map(|s| Domineering.representative(board(s)))
            .collect();
        assert!(
            representatives.windows(2).all(|w| w[0] == w[1]),
            "{representatives:?}"
        );
        // Transposing is not a reflection: it swaps the players.
        assert_ne!(
            Domineering.representative(board("..")),
            Domineering.representative(board(".|."))
        );
    }

    /// The board as text, turned about its main diagonal.
    fn transposed_text(text: &str) -> String {
        let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
        (0..rows[0].len())
            .map(|c| rows.iter().map(|row| row[c]).collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    }

    #[test]
    fn the_negation_is_the_transpose() {
        let long_row = ".#".repeat(5) + &".".repeat(20);
        let boards = [
            "..|.#|.#".to_string(),
            "#..|...|..#|.#.".to_string(),
            "..........".to_string(),
            [".........", "#.#.#.#.#"].join("|"),
            [long_row.as_str(), &".".repeat(30), &"#".repeat(30)].join("|"),
        ];
        for text in boards {
            let negation = Domineering.negation(&board(&text)).unwrap();
            assert_eq!(
                Domineering.show(&negation),
                transposed_text(&text),
                "{text}"
            );
        }
    }

    #[test]
    fn parse_errors_name_the_column() {
        let error = |text: &str| Domineering.parse(text).unwrap_err();
        assert_eq!(error("..|...").offset, Some(5));
        assert_eq!(error("...|..").offset, Some(6));
        assert_eq!(error("..|.x").offset, Some(4));
        assert_eq!(error("..||..").offset, Some(3));
        assert_eq!(error("..|").offset, Some(3));
        assert_eq!(error("").offset, None);
        let big = vec![".".repeat(16); 17].join("|");
        assert!(error(&big).reason.contains("256"));
        assert!(Domineering
            .parse(&vec![".".repeat(16); 16].join("|"))
            .is_ok());
    }

    #[test]
    fn boards_read_back() {
        for text in ["..|.#", "#", ".", "#.#|...|.#.", &".".repeat(256)] {
            assert_eq!(Domineering.show(&board(text)), text);
        }
    }

    #[test]
    fn moves_are_described_by_rows_and_columns() {
        let from = board("...|...");
        let vertical = board("..#|..#");
        let horizontal = board("...|#.#");
        assert_eq!(
            Domineering.describe_move(Player::Left, &from, &vertical),
            "vertical domino on rows 1-2, column 3"
        );
        assert_eq!(
            Domineering.describe_move(Player::Right, &from, &board("...|##.")),
            "horizontal domino on row 2, columns 1-2"
        );
        assert_eq!(
            Domineering.describe_move(Player::Right, &from, &horizontal),
            "Right places a domino, to ...|#.#"
        );
    }

    #[test]
    fn rectangles_are_boards() {
        assert_eq!(DomineeringBoard::rectangle(2, 3), Some(board("...|...")));
        assert_eq!(
            DomineeringBoard::rectangle(16, 16).map(|b| b.empty_squares()),
            Some(256)
        );
        assert_eq!(DomineeringBoard::rectangle(16, 17), None);
        assert_eq!(DomineeringBoard::rectangle(0, 3), None);
    }
}
