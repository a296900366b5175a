//! The connection games against plain minimax over their rules, and the solver's every
//! pruning rule against it.

use super::board::{Board, Geometry, Grid, Joined};
use super::exhaustive::Verdict;
use super::solver::{inferior, Evaluation, Solver};
use super::Connection;
use crate::analysis::Notation;
use crate::engine::{Limits, Meter, Outcome, Play, SharedWork};
use crate::impartial::{Impartial, OwnSearch};

fn hex(text: &str) -> Board {
    Board::parse(text, Grid::Hex).unwrap()
}

/// Plain minimax over the rules, without tables, move order or pruning.
fn plain(board: &Board, grid: Grid, misere: bool) -> Verdict {
    let geometry = Geometry::new(board.side(), grid);
    match board.joined(&geometry) {
        Joined::Nobody => {}
        // The player who just moved joined: they win under normal play.
        _ => {
            return if misere {
                Verdict::Wins
            } else {
                Verdict::Loses
            }
        }
    }
    let empty = board.empty(&geometry);
    if empty == 0 {
        return Verdict::Draws;
    }
    Geometry::bits(empty)
        .map(|cell| match plain(&board.after(cell), grid, misere) {
            Verdict::Wins => Verdict::Loses,
            Verdict::Draws => Verdict::Draws,
            Verdict::Loses => Verdict::Wins,
        })
        .max()
        .unwrap()
}

/// A count of work with room for `max_positions` and a table of about 64 MB.
fn work(max_positions: u64) -> SharedWork {
    Meter::new(Limits {
        max_positions,
        max_memory: 1 << 27,
    })
    .share()
}

fn empty_board(n: usize) -> String {
    vec![".".repeat(n); n].join("|")
}

/// The first moves that win for White on an empty n×n Hex board, as (row, column) from 0.
fn winning_first_moves(n: usize, play: Play) -> Vec<(usize, usize)> {
    let game = Connection::new(Grid::Hex);
    let empty = hex(&empty_board(n));
    (0..n * n)
        .filter(|&i| game.verdict(&empty.after(i), play, &work(u64::MAX)) == Ok(Verdict::Loses))
        .map(|i| (i / n, i % n))
        .collect()
}

#[test]
fn exercise_5_5_the_winning_openings() {
    assert_eq!(winning_first_moves(1, Play::Normal), [(0, 0)]);
    assert_eq!(winning_first_moves(2, Play::Normal), [(0, 1), (1, 0)]);
    assert_eq!(
        winning_first_moves(3, Play::Normal),
        [(0, 2), (1, 0), (1, 1), (1, 2), (2, 0)]
    );
    assert_eq!(
        winning_first_moves(4, Play::Normal),
        [(0, 3), (1, 2), (2, 1), (3, 0)]
    );
}

#[test]
fn the_searches_are_plain_minimax() {
    let texts = [
        "...|...|...",
        "W..|.B.|...",
        "B:W..|...|...",
        ".B.|W..|..W",
        "..|..",
        "W.|.B",
    ];
    for grid in [Grid::Hex, Grid::Square] {
        let game = Connection::new(grid);
        for text in texts {
            let position = Board::parse(text, grid).unwrap();
            for (play, misere) in [(Play::Normal, false), (Play::Misere, true)] {
                assert_eq!(
                    game.verdict(&position, play, &work(u64::MAX)),
                    Ok(plain(&position, grid, misere)),
                    "{grid:?} {text} {play:?}"
                );
            }
        }
    }
}

#[test]
fn a_joined_board_ends_the_game() {
    let game = Connection::new(Grid::Hex);
    // White has joined top to bottom; Black is to move and has lost (normal play), or
    // won (misère play).
    let joined = hex("B:W..|W..|W.B");
    assert!(game.options(&joined).is_empty());
    assert_eq!(
        game.verdict(&joined, Play::Normal, &work(0)),
        Ok(Verdict::Loses)
    );
    assert_eq!(
        game.verdict(&joined, Play::Misere, &work(0)),
        Ok(Verdict::Wins)
    );
}

#[test]
fn a_full_squex_board_nobody_joined_is_a_draw_and_its_own_option() {
    let game = Connection::new(Grid::Square);
    let full = Board::parse("W:WB|BW", Grid::Square).unwrap();
    assert_eq!(game.options(&full), [full]);
    for play in [Play::Normal, Play::Misere] {
        assert_eq!(game.verdict(&full, play, &work(0)), Ok(Verdict::Draws));
    }
}

#[test]
fn notation_reads_back_and_refuses_bad_boards() {
    let game = Connection::new(Grid::Hex);
    for text in ["W:...|...|...", "B:W..|...|...", "W:WB.|...|..."] {
        assert_eq!(game.show(&hex(text)), text);
    }
    assert!(!hex("W..|...|...").white_to_move);
    let refused = |text: &str| game.parse(text).unwrap_err();
    assert_eq!(refused("...|..x|...").offset, Some(6));
    assert!(refused("...|..").reason.contains("row 1 has 3 cells"));
    assert!(refused("WW.|...|...").reason.contains("say who moves"));
    assert!(refused(&vec![".".repeat(12); 12].join("|"))
        .reason
        .contains("at most 11"));
    assert!(refused("X:...|...|...").reason.contains("W or B"));
    // The review's finished boards: the player to move cannot be the one who joined,
    // and a game ends at the first join.
    assert!(refused("W:W.B|W.B|W.B").reason.contains("White has joined"));
    assert!(refused("W:WB|WB").reason.contains("White has joined"));
    assert!(refused("B:BBB|WW.|W..").reason.contains("Black has joined"));
    assert!(!hex("B:W.B|W.B|W..").white_to_move);
}

/// The review: a row too long was reported before the bad character in it, and a board of
/// one row had "1 rows".
#[test]
fn a_bad_cell_is_named_before_a_row_too_long_and_counts_read_naturally() {
    let game = Connection::new(Grid::Hex);
    let refused = |text: &str| game.parse(text).unwrap_err();
    let bad = refused("..x.|...");
    assert_eq!(bad.offset, Some(2));
    assert!(bad.reason.contains("'x' is not a cell"), "{}", bad.reason);
    let long = refused(".....").reason;
    assert!(
        long.contains("a board of 1 row has 1 cell in each"),
        "{long}"
    );
}

/// Plain minimax with a memo: the rules' verdict, for boards too big to search bare.
struct Plain {
    grid: Grid,
    memo: std::collections::HashMap<Board, Verdict>,
}

impl Plain {
    fn new(grid: Grid) -> Plain {
        Plain {
            grid,
            memo: Default::default(),
        }
    }

    fn verdict(&mut self, board: &Board) -> Verdict {
        if let Some(&verdict) = self.memo.get(board) {
            return verdict;
        }
        let geometry = Geometry::new(board.side(), self.grid);
        let verdict = match board.joined(&geometry) {
            Joined::Nobody if board.empty(&geometry) == 0 => Verdict::Draws,
            Joined::Nobody => Geometry::bits(board.empty(&geometry))
                .map(|cell| match self.verdict(&board.after(cell)) {
                    Verdict::Wins => Verdict::Loses,
                    Verdict::Draws => Verdict::Draws,
                    Verdict::Loses => Verdict::Wins,
                })
                .max()
                .unwrap(),
            _ => Verdict::Loses,
        };
        self.memo.insert(*board, verdict);
        verdict
    }
}

/// Random Hex games in progress: n×n boards with at least `empty_cells` cells left empty
/// removed, stones placed alternately from a fixed seed, stopped before anyone joins.
fn random_boards(n: usize, stones: usize, count: usize) -> Vec<Board> {
    let geometry = Geometry::new(n, Grid::Hex);
    let mut seed = 0x2545_F491_4F6C_DD1Du64 ^ (n * 1000 + stones) as u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut boards = Vec::new();
    while boards.len() < count {
        let mut board = Board {
            n: n as u8,
            white_to_move: next() % 2 == 0,
            ..Board::default()
        };
        for _ in 0..stones {
            let empty: Vec<usize> = Geometry::bits(board.empty(&geometry)).collect();
            let after = board.after(empty[next() as usize % empty.len()]);
            if after.joined(&geometry) != Joined::Nobody {
                break;
            }
            board = after;
        }
        boards.push(board);
    }
    boards
}

/// The boards the pruning rules are checked on: every size to 5×5, with enough stones on
/// the larger ones for plain minimax to finish.
fn test_boards() -> Vec<Board> {
    [
        (2, 0, 4),
        (3, 1, 40),
        (3, 3, 40),
        (4, 6, 60),
        (4, 8, 60),
        (5, 15, 40),
    ]
    .into_iter()
    .flat_map(|(n, stones, count)| random_boards(n, stones, count))
    .collect()
}

#[test]
fn a_dead_cell_may_have_either_colour() {
    let mut plain = Plain::new(Grid::Hex);
    let mut dead = 0;
    for board in test_boards() {
        let geometry = Geometry::new(board.side(), Grid::Hex);
        for c in Geometry::bits(board.empty(&geometry)) {
            if !inferior::dead(&geometry, c, board.white, board.black) {
                continue;
            }
            dead += 1;
            let as_white = Board {
                white: board.white | 1 << c,
                ..board
            };
            let as_black = Board {
                black: board.black | 1 << c,
                ..board
            };
            assert_eq!(
                plain.verdict(&as_white),
                plain.verdict(&as_black),
                "{} cell {c}",
                board.show()
            );
        }
    }
    assert!(dead > 20, "only {dead} dead cells were tried");
}

#[test]
fn a_captured_pair_may_be_filled_by_its_captor() {
    let mut plain = Plain::new(Grid::Hex);
    let mut captured = 0;
    for board in test_boards() {
        let geometry = Geometry::new(board.side(), Grid::Hex);
        let Some((pair, white)) = inferior::captured_pair(&geometry, board.white, board.black)
        else {
            continue;
        };
        captured += 1;
        let filled = match white {
            true => Board {
                white: board.white | pair,
                ..board
            },
            false => Board {
                black: board.black | pair,
                ..board
            },
        };
        for mover in [board, board.passed()] {
            let filled = Board {
                white_to_move: mover.white_to_move,
                ..filled
            };
            if filled.joined(&geometry) != Joined::Nobody {
                continue;
            }
            assert_eq!(
                plain.verdict(&mover),
                plain.verdict(&filled),
                "{}",
                mover.show()
            );
        }
    }
    assert!(captured > 10, "only {captured} captured pairs were tried");
}

/// The board with its dead and captured cells filled in.
fn filled_in(geometry: &Geometry, board: &Board) -> Board {
    let (white, black) = inferior::fill_in(geometry, board.white, board.black);
    Board {
        white,
        black,
        ..*board
    }
}

#[test]
fn fill_in_keeps_who_wins() {
    let mut plain = Plain::new(Grid::Hex);
    let mut changed = 0;
    for board in test_boards() {
        let geometry = Geometry::new(board.side(), Grid::Hex);
        let reduced = filled_in(&geometry, &board);
        changed += usize::from(reduced != board);
        let expected = plain.verdict(&board);
        let found = match reduced.joined(&geometry) {
            Joined::Nobody => plain.verdict(&reduced),
            joined if (joined == Joined::White) == board.white_to_move => Verdict::Wins,
            _ => Verdict::Loses,
        };
        assert_eq!(
            found,
            expected,
            "{} reduced to {}",
            board.show(),
            reduced.show()
        );
    }
    assert!(changed > 50, "fill-in changed only {changed} boards");
}

#[test]
fn virtual_connections_are_real() {
    let mut plain = Plain::new(Grid::Hex);
    let mut search = super::solver::hsearch::HSearch::new(5);
    let (mut full, mut semi) = (0, 0);
    for board in test_boards() {
        let geometry = Geometry::new(board.side(), Grid::Hex);
        for white in [true, false] {
            let side = inferior::Side::of(&geometry, board.white, board.black, white);
            let found = search.edges(&geometry, &side, false);
            // The player wins even with the other to move.
            let other_to_move = Board {
                white_to_move: !white,
                ..board
            };
            if found.full.is_some() {
                full += 1;
                assert_eq!(
                    plain.verdict(&other_to_move),
                    Verdict::Loses,
                    "{}",
                    board.show()
                );
            }
            // The player to move wins by a semi-connection's key.
            let to_move = Board {
                white_to_move: white,
                ..board
            };
            for &(key, carrier) in &found.semi {
                semi += 1;
                assert!(carrier >> key & 1 == 1);
                let after = to_move.after(key);
                assert_eq!(
                    plain.verdict(&after),
                    Verdict::Loses,
                    "{} key {key}",
                    board.show()
                );
            }
        }
    }
    assert!(
        full > 20 && semi > 20,
        "{full} connections, {semi} semi-connections"
    );
}

#[test]
fn a_move_left_out_wins_only_where_a_move_kept_wins_too() {
    let mut plain = Plain::new(Grid::Hex);
    let mut checked = 0;
    for board in test_boards() {
        let mut solver = Solver::new(board.side(), 1 << 10);
        let expected = plain.verdict(&board);
        match solver.evaluate(&board) {
            Evaluation::Wins { .. } => assert_eq!(expected, Verdict::Wins, "{}", board.show()),
            Evaluation::Loses { .. } => assert_eq!(expected, Verdict::Loses, "{}", board.show()),
            Evaluation::Open { reduced, moves, .. } => {
                let geometry = Geometry::new(board.side(), Grid::Hex);
                let left_out = reduced.empty(&geometry) & !moves;
                checked += left_out.count_ones();
                let mut wins = |cell| plain.verdict(&reduced.after(cell)) == Verdict::Loses;
                if Geometry::bits(left_out).any(&mut wins) {
                    assert!(
                        Geometry::bits(moves).any(&mut wins),
                        "{} reduced to {}: only moves left out win",
                        board.show(),
                        reduced.show()
                    );
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} moves left out were checked");
}

/// Pruning alone, on every empty cell of boards with no dead cell: a dominated or
/// vulnerable move may win, but then so does a move kept.
#[test]
fn dominated_and_vulnerable_moves_are_never_the_only_wins() {
    let mut plain = Plain::new(Grid::Hex);
    let (mut pruned, mut winning_pruned) = (0, 0);
    for board in test_boards() {
        let geometry = Geometry::new(board.side(), Grid::Hex);
        let reduced = filled_in(&geometry, &board);
        if reduced.joined(&geometry) != Joined::Nobody {
            continue;
        }
        let empty = reduced.empty(&geometry);
        let (kept, _) = inferior::prune(
            &geometry,
            reduced.white,
            reduced.black,
            board.white_to_move,
            empty,
        );
        let mut wins = |cell| plain.verdict(&reduced.after(cell)) == Verdict::Loses;
        let left_out = empty & !kept;
        pruned += left_out.count_ones();
        if Geometry::bits(left_out).any(&mut wins) {
            winning_pruned += 1;
            assert!(
                Geometry::bits(kept).any(&mut wins),
                "{}: only moves left out win",
                reduced.show()
            );
        }
    }
    assert!(
        pruned > 100 && winning_pruned > 5,
        "only {pruned} moves left out, {winning_pruned} boards with a winning one"
    );
}

#[test]
fn the_solver_agrees_with_plain_minimax() {
    let mut plain = Plain::new(Grid::Hex);
    for board in test_boards() {
        let expected = plain.verdict(&board) == Verdict::Wins;
        let mut solver = Solver::new(board.side(), 1 << 12);
        assert_eq!(
            solver.mover_wins(&board, &work(u64::MAX)),
            Ok(expected),
            "{}",
            board.show()
        );
    }
}

/// In a table of a few entries, positions push each other out all the time. The search
/// then repeats work, but it must still finish: it once went from one child to another for
/// ever when their entries shared a bucket, each looking new after the other was searched.
#[test]
fn a_small_table_slows_the_search_but_never_stops_it() {
    let empty = hex(&empty_board(5));
    for board in (0..25).map(|cell| empty.after(cell)) {
        let expected = Solver::new(board.side(), 1 << 14).mover_wins(&board, &work(u64::MAX));
        for slots in [4, 16, 64] {
            let mut solver = Solver::new(board.side(), slots);
            let answer = solver.mover_wins(&board, &work(3_000_000));
            assert_eq!(answer, expected, "{} in a table of {slots}", board.show());
        }
    }
}

/// Solvers on two threads working in one table, large or small, answer as one solver alone.
#[test]
fn solvers_sharing_a_table_answer_as_one_alone() {
    use std::sync::Arc;
    let empty = hex(&empty_board(5));
    let openings: Vec<Board> = (0..25).map(|cell| empty.after(cell)).collect();
    let mut alone = Solver::new(5, 1 << 14);
    let expected: Vec<bool> = openings
        .iter()
        .map(|board| alone.mover_wins(board, &work(u64::MAX)).unwrap())
        .collect();
    for slots in [64, 1 << 14] {
        let table = Arc::new(super::solver::Table::new(slots));
        let answers: Vec<Vec<(usize, bool)>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|first| {
                    let (table, openings) = (table.clone(), &openings);
                    scope.spawn(move || {
                        let mut solver = Solver::sharing(5, table);
                        // Both threads take every opening, in opposite orders.
                        let order: Vec<usize> = match first {
                            0 => (0..25).collect(),
                            _ => (0..25).rev().collect(),
                        };
                        order
                            .into_iter()
                            .map(|k| (k, solver.mover_wins(&openings[k], &work(u64::MAX)).unwrap()))
                            .collect()
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        for (k, wins) in answers.into_iter().flatten() {
            assert_eq!(
                wins,
                expected[k],
                "{} in a shared table of {slots}",
                openings[k].show()
            );
        }
    }
}

#[test]
fn a_proof_holds_with_every_cell_outside_it_the_losers() {
    let mut plain = Plain::new(Grid::Hex);
    let mut narrowed = 0;
    for board in test_boards() {
        let geometry = Geometry::new(board.side(), Grid::Hex);
        let mut solver = Solver::new(board.side(), 1 << 12);
        let (wins, proof) = solver.solve(&board, &work(u64::MAX)).unwrap();
        let outside = board.empty(&geometry) & !proof;
        narrowed += usize::from(outside != 0);
        let loser_is_white = board.white_to_move != wins;
        let mut filled = board;
        match loser_is_white {
            true => filled.white |= outside,
            false => filled.black |= outside,
        }
        let expected = if wins { Verdict::Wins } else { Verdict::Loses };
        // The loser's stones may have joined them; that is a win the proof missed.
        let joined = filled.joined(&geometry) != Joined::Nobody;
        assert!(
            !joined && plain.verdict(&filled) == expected,
            "{}: the proof {proof:#b} fails on {}",
            board.show(),
            filled.show()
        );
    }
    assert!(narrowed > 100, "only {narrowed} proofs left a cell out");
}

#[test]
fn the_moves_listed_are_those_of_plain_minimax() {
    use crate::impartial::MoveSink;
    let cases = [
        (Grid::Square, "..|..", Play::Normal),
        (Grid::Square, "W:.W.|.W.|...", Play::Normal),
        (Grid::Square, "W:W.B|.B.|.W.", Play::Normal),
        (Grid::Square, "B:WW.|BBW|.W.", Play::Misere),
        (Grid::Hex, "...|...|...", Play::Normal),
        (Grid::Hex, "..|..", Play::Misere),
        (Grid::Hex, "B:W..|...|...", Play::Misere),
    ];
    for (grid, text, play) in cases {
        let game = Connection::new(grid);
        let board = Board::parse(text, grid).unwrap();
        let misere = play == Play::Misere;
        let verdict = plain(&board, grid, misere);
        let (wanted, outcome) = match verdict {
            Verdict::Draws => (Verdict::Draws, Outcome::D),
            _ => (Verdict::Loses, Outcome::P),
        };
        let mut listed = Vec::new();
        let mut each = |m: Board| {
            listed.push(m);
            true
        };
        let mut sink = MoveSink::new(usize::MAX, &mut each);
        let mut meter = Meter::new(Limits::default());
        OwnSearch::moves_to(&game, &board, play, outcome, &mut sink, &mut meter).unwrap();
        let expected: Vec<Board> = game
            .options(&board)
            .into_iter()
            .filter(|option| plain(option, grid, misere) == wanted)
            .collect();
        assert!(!expected.is_empty(), "{text}");
        assert_eq!(listed, expected, "{grid:?} {text} {play:?}");
    }
}

/// A 6×6 opening whose proof takes thousands of positions.
const HARD_6X6: &str = "B:......|......|W.....|......|......|......";

#[test]
fn hex_is_held_to_the_position_limit() {
    use crate::engine::SearchError;
    use crate::impartial::Solver as Engine;
    let game = Connection::new(Grid::Hex);
    let board = hex(HARD_6X6);
    let limits = Limits {
        max_positions: 500,
        ..Limits::default()
    };
    let mut solver = Engine::new(&game).with_limits(limits);
    assert_eq!(
        solver.outcome(&board, Play::Normal),
        Err(SearchError::TooBig { limit: 500 })
    );
    let moves = Engine::new(&game)
        .with_limits(limits)
        .winning_moves(&hex(&empty_board(6)), Play::Normal);
    assert_eq!(moves, Err(SearchError::TooBig { limit: 500 }));
}

#[test]
fn an_interrupt_stops_hex_and_squex() {
    use crate::engine::SearchError;
    use crate::impartial::Solver as Engine;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    for (grid, text) in [(Grid::Hex, HARD_6X6), (Grid::Square, "....|....|....|....")] {
        let game = Connection::new(grid);
        let board = Board::parse(text, grid).unwrap();
        let interrupt = Some(Arc::new(AtomicBool::new(true)));
        let mut solver = Engine::new(&game).watched(None, interrupt);
        assert_eq!(
            solver.outcome(&board, Play::Normal),
            Err(SearchError::Interrupted),
            "{grid:?}"
        );
    }
}

#[test]
fn the_tables_kept_fit_half_the_memory_limit() {
    let game = Connection::new(Grid::Hex);
    let limits = Limits {
        max_positions: u64::MAX,
        max_memory: 1 << 20,
    };
    let mut meter = Meter::new(limits);
    let board = hex(&empty_board(4));
    let mut sink_each = |_: Board| true;
    let mut sink = crate::impartial::MoveSink::new(usize::MAX, &mut sink_each);
    OwnSearch::moves_to(
        &game,
        &board,
        Play::Normal,
        Outcome::P,
        &mut sink,
        &mut meter,
    )
    .unwrap();
    assert_eq!(sink.total(), 4);
    let kept = game.solvers.0.lock().unwrap();
    let table = game.table.lock().unwrap().clone().unwrap();
    assert!(!kept.is_empty() && kept.iter().all(|s| s.works_in(&table)));
    let bytes = table.slots() * Solver::ENTRY_BYTES
        + kept.len() * Solver::bytes_besides_table(board.side());
    assert!(bytes as u64 <= limits.table_bytes(), "{bytes} bytes kept");
}
