//! Partizan graphs against the book's and the spec's examples, and against the rules of §6
//! applied round by round on (vertex, player to move) pairs.

use super::{PartizanGraph, PartizanLabels, PartizanOutcome, Winner};
use crate::engine::{Limits, Meter, Outcome, Play, SearchError};
use crate::games::loopy::{Board, Northcott, Row};
use crate::graph::{Graph, GraphError};
use crate::impartial::Impartial;
use crate::partizan::Player;
use proptest::prelude::*;
use std::collections::HashMap;

fn unlimited() -> Meter {
    Meter::new(Limits::default())
}

/// Partizan subtraction (book Ex. 5.3): Left takes 1 or 3, Right takes 2 or 4.
fn partizan_subtraction(root: u64) -> PartizanGraph<u64> {
    let take = |set: &'static [u64]| {
        move |&n: &u64| -> Vec<u64> { set.iter().filter(|&&s| s <= n).map(|&s| n - s).collect() }
    };
    PartizanGraph::explore(root, &mut unlimited(), take(&[1, 3]), take(&[2, 4])).unwrap()
}

fn vertex_of<P: PartialEq>(graph: &PartizanGraph<P>, position: &P) -> u32 {
    graph
        .positions()
        .iter()
        .position(|p| p == position)
        .unwrap() as u32
}

#[test]
fn oracle_31_partizan_subtraction_repeats_plnln() {
    let graph = partizan_subtraction(29);
    assert_eq!(graph.len(), 30);
    let labels = graph.solve(Play::Normal);
    let classes: String = (0..30)
        .map(|n| labels.outcome(vertex_of(&graph, &n)).to_string())
        .collect();
    assert_eq!(classes, "PLNLN".repeat(6));
}

#[test]
fn oracle_31_at_27_left_removes_1_and_right_removes_2() {
    let graph = partizan_subtraction(27);
    let labels = graph.solve(Play::Normal);
    let at = |mover| {
        let moves = labels.best_moves(&graph, 0, mover);
        let moves: Vec<u64> = moves.iter().map(|&w| *graph.position(w)).collect();
        moves
    };
    assert_eq!(labels.outcome(0).to_string(), "N");
    assert_eq!(at(Player::Left), [26]);
    assert_eq!(at(Player::Right), [25]);
}

/// Book Def. 5.5, read off the sets as they are defined.
fn is_double_kernel<P>(graph: &PartizanGraph<P>, k_left: &[bool], k_right: &[bool]) -> bool {
    (0..graph.len() as u32).all(|x| {
        let left_into_k_right = graph.left_options(x).iter().any(|&y| k_right[y as usize]);
        let right_into_k_left = graph.right_options(x).iter().any(|&y| k_left[y as usize]);
        let i = x as usize;
        (k_left[i] || left_into_k_right)
            && (k_right[i] || right_into_k_left)
            && !(k_left[i] && left_into_k_right)
            && !(k_right[i] && right_into_k_left)
    })
}

#[test]
fn oracle_22b_double_kernel_of_partizan_subtraction() {
    let graph = partizan_subtraction(29);
    let (k_left, k_right) = graph.solve(Play::Normal).double_kernel();
    assert!(is_double_kernel(&graph, &k_left, &k_right));
    // K_L is where Left, moving first, loses (n ≡ 0 mod 5, class P), and K_R where Right does
    // (classes P and L: n ≡ 0, 1, 3).
    for v in 0..graph.len() {
        let n = *graph.position(v as u32) % 5;
        assert_eq!(k_left[v], n == 0);
        assert_eq!(k_right[v], [0, 1, 3].contains(&n));
    }
    // Flipping any one vertex breaks the definition: the double kernel is unique.
    for v in 0..graph.len() {
        let mut other = k_left.clone();
        other[v] = !other[v];
        assert!(!is_double_kernel(&graph, &other, &k_right));
    }
}

#[test]
fn oracle_32_draws_for_one_starter_or_both() {
    // a = 0, b = 1, c = 2.
    let graph =
        PartizanGraph::from_edges(vec!['a', 'b', 'c'], &[(1, 0), (2, 1)], &[(1, 2), (2, 2)])
            .unwrap();
    let labels = graph.solve(Play::Normal);
    let outcome = |v| labels.outcome(v);
    assert_eq!(
        (outcome(0), outcome(1), outcome(2)),
        (
            PartizanOutcome {
                left_starts: Winner::Right,
                right_starts: Winner::Left
            },
            PartizanOutcome {
                left_starts: Winner::Left,
                right_starts: Winner::Draw
            },
            PartizanOutcome {
                left_starts: Winner::Draw,
                right_starts: Winner::Draw
            },
        )
    );
    let shown: Vec<String> = (0..3).map(|v| outcome(v).to_string()).collect();
    assert_eq!(shown, ["P", "LD", "D"]);
    // Left wins from b by moving to a at once; from c, Left keeps the draw by moving to b,
    // and Right by staying on c.
    assert_eq!(labels.best_moves(&graph, 1, Player::Left), [0]);
    assert_eq!(labels.depth(1, Player::Left), Some(1));
    assert_eq!(labels.best_moves(&graph, 2, Player::Left), [1]);
    assert_eq!(labels.best_moves(&graph, 2, Player::Right), [2]);
    assert_eq!(labels.depth(2, Player::Right), None);
}

#[test]
fn the_nine_classes_are_written_as_the_brief_says() {
    let winners = [Winner::Left, Winner::Right, Winner::Draw];
    let mut shown = Vec::new();
    for left_starts in winners {
        for right_starts in winners {
            let outcome = PartizanOutcome {
                left_starts,
                right_starts,
            };
            shown.push(outcome.to_string());
        }
    }
    assert_eq!(shown, ["L", "N", "LD", "P", "R", "RD", "DL", "DR", "D"]);
}

/// Fraenkel's chessboard game: for each column, the rows of its black piece (Left's) and its
/// white piece (Right's), at `2c` and `2c + 1`.
fn chessboard_moves(rows: u8, piece: usize) -> impl Fn(&Vec<u8>) -> Vec<Vec<u8>> {
    move |board: &Vec<u8>| {
        let mut moves = Vec::new();
        for column in 0..board.len() / 2 {
            let (mine, theirs) = (board[2 * column + piece], board[2 * column + 1 - piece]);
            let squares = if mine < theirs {
                0..theirs
            } else {
                theirs + 1..rows
            };
            for square in squares.filter(|&s| s != mine) {
                let mut moved = board.clone();
                moved[2 * column + piece] = square;
                moves.push(moved);
            }
        }
        moves
    }
}

/// One board per order of the pieces in each column: the black piece at the top or the bottom.
fn chessboard_roots(rows: u8, columns: usize) -> Vec<Vec<u8>> {
    (0..1u32 << columns)
        .map(|orders| {
            (0..columns)
                .flat_map(|c| match orders >> c & 1 {
                    0 => [0, rows - 1],
                    _ => [rows - 1, 0],
                })
                .collect()
        })
        .collect()
}

fn gap_xor(board: &[u8]) -> u8 {
    board
        .chunks(2)
        .map(|c| c[0].abs_diff(c[1]) - 1)
        .fold(0, |x, g| x ^ g)
}

/// The same board in Northcott's game, as an impartial game with a turn flag (white moves
/// when `white_to_move`).
fn northcott_board(board: &[u8], rows: u8, white_to_move: bool) -> Board {
    let rows = board
        .chunks(2)
        .map(|c| Row {
            len: rows as usize,
            black: c[0] as usize,
            white: c[1] as usize,
        })
        .collect();
    Board {
        rows,
        white_to_move,
    }
}

/// The outcome of `board` in Northcott's game, by retrograde analysis of its impartial graph,
/// explored from it unless an earlier exploration reached it: a board in which the last mover
/// had no other square to move to is reached from nowhere.
fn northcott_outcome(board: Board, known: &mut HashMap<Board, Outcome>) -> Outcome {
    if let Some(&outcome) = known.get(&board) {
        return outcome;
    }
    let graph = Graph::explore(
        board.clone(),
        &mut unlimited(),
        |b| Northcott.options(b),
        |b| Northcott.option_bound(b),
    )
    .unwrap();
    let labels = graph.solve(Play::Normal);
    for (v, reached) in graph.positions().iter().enumerate() {
        known.insert(reached.clone(), labels.outcome(v as u32));
    }
    known[&board]
}

/// Who wins when `mover` starts, read from the impartial outcome with that colour to move.
fn winner_from_impartial(outcome: Outcome, mover: Winner) -> Winner {
    match (outcome, mover) {
        (Outcome::N, mover) => mover,
        (Outcome::P, Winner::Left) => Winner::Right,
        (Outcome::P, Winner::Right) => Winner::Left,
        _ => Winner::Draw,
    }
}

fn check_chessboard(rows: u8, columns: usize, expected_positions: usize) {
    let roots = chessboard_roots(rows, columns);
    let mut seen = 0;
    let mut northcott = HashMap::new();
    for root in roots {
        let graph = PartizanGraph::explore(
            root,
            &mut unlimited(),
            chessboard_moves(rows, 0),
            chessboard_moves(rows, 1),
        )
        .unwrap();
        let labels = graph.solve(Play::Normal);
        for (v, board) in graph.positions().iter().enumerate() {
            let outcome = labels.outcome(v as u32);
            let expected = if gap_xor(board) == 0 { "P" } else { "N" };
            assert_eq!(outcome.to_string(), expected, "board {board:?}");
            let mut impartial =
                |white| northcott_outcome(northcott_board(board, rows, white), &mut northcott);
            assert_eq!(
                outcome,
                PartizanOutcome {
                    left_starts: winner_from_impartial(impartial(false), Winner::Left),
                    right_starts: winner_from_impartial(impartial(true), Winner::Right),
                }
            );
        }
        seen += graph.len();
    }
    assert_eq!(seen, expected_positions);
}

#[test]
fn oracle_33_chessboard_5_rows_2_columns() {
    check_chessboard(5, 2, 400);
}

#[test]
fn oracle_33_chessboard_4_rows_3_columns() {
    check_chessboard(4, 3, 1728);
}

#[test]
fn repeated_options_make_one_move_and_vertices_are_shared() {
    let twice = |&n: &u32| if n > 0 { vec![n - 1, n - 1] } else { vec![] };
    let graph = PartizanGraph::explore(3u32, &mut unlimited(), twice, |&n| vec![n / 2]).unwrap();
    assert_eq!(graph.len(), 4);
    for v in 0..4 {
        assert!(graph.left_options(v).len() <= 1);
        assert_eq!(graph.right_options(v).len(), 1);
    }
}

#[test]
fn a_big_graph_meets_the_limits_instead_of_hanging() {
    let limits = Limits {
        max_positions: 1000,
        max_memory: 1 << 30,
    };
    let up = |&n: &u64| vec![n + 1];
    let result = PartizanGraph::explore(0u64, &mut Meter::new(limits), up, up);
    assert_eq!(result, Err(SearchError::TooBig { limit: 1000 }));
    let limits = Limits {
        max_positions: u64::MAX,
        max_memory: 100_000,
    };
    let result = PartizanGraph::explore(0u64, &mut Meter::new(limits), up, up);
    assert_eq!(result, Err(SearchError::OutOfMemory { limit: 100_000 }));
}

#[test]
fn moves_must_name_vertices() {
    assert_eq!(
        PartizanGraph::from_edges(vec![(); 2], &[(0, 1)], &[(1, 2)]),
        Err(GraphError::NoSuchVertex {
            from: 1,
            to: 2,
            vertex_count: 2
        })
    );
}

/// The rules of §6 on (vertex, player to move) pairs, every pair at once, round after round,
/// each round reading only earlier rounds: the round in which a pair is labelled is its depth.
/// Index 0 is Left to move, 1 Right; `Some(true)` means the mover wins.
fn by_rounds(
    n: usize,
    left: &[(u32, u32)],
    right: &[(u32, u32)],
    play: Play,
) -> Vec<[(Option<bool>, u32); 2]> {
    let mut options = vec![[Vec::new(), Vec::new()]; n];
    for &(x, y) in left {
        options[x as usize][0].push(y as usize);
    }
    for &(x, y) in right {
        options[x as usize][1].push(y as usize);
    }
    let mut label = vec![[(None, 0); 2]; n];
    for round in 0.. {
        let before = label.clone();
        for x in 0..n {
            for mover in 0..2 {
                if before[x][mover].0.is_some() {
                    continue;
                }
                let after = |y: &usize| before[*y][1 - mover].0;
                let moves = &options[x][mover];
                let won = if moves.is_empty() {
                    Some(play == Play::Misere)
                } else if moves.iter().any(|y| after(y) == Some(false)) {
                    Some(true)
                } else if moves.iter().all(|y| after(y) == Some(true)) {
                    Some(false)
                } else {
                    None
                };
                if won.is_some() {
                    label[x][mover] = (won, round);
                }
            }
        }
        if label == before {
            return label;
        }
    }
    unreachable!("the rounds stop when nothing changes")
}

fn expected_winner(won: Option<bool>, mover: Player) -> Winner {
    match (won, mover) {
        (Some(true), Player::Left) | (Some(false), Player::Right) => Winner::Left,
        (Some(false), Player::Left) | (Some(true), Player::Right) => Winner::Right,
        (None, _) => Winner::Draw,
    }
}

/// Each best move is what its label promises: a win one move closer, a loss delayed as long
/// as possible, a draw kept.
fn best_moves_keep_their_promise(
    graph: &PartizanGraph<()>,
    labels: &PartizanLabels,
    v: u32,
    mover: Player,
) {
    let moves = labels.best_moves(graph, v, mover);
    let next = mover.opponent();
    let winner = labels.winner(v, mover);
    let mover_wins = match mover {
        Player::Left => Winner::Left,
        Player::Right => Winner::Right,
    };
    let depth = labels.depth(v, mover);
    if winner == Winner::Draw {
        assert!(!moves.is_empty());
        assert!(moves
            .iter()
            .all(|&w| labels.winner(w, next) == Winner::Draw));
    } else if let Some(&first) = moves.first() {
        assert_eq!(labels.winner(first, next), winner);
        assert_eq!(labels.depth(first, next).map(|d| d + 1), depth);
        if winner != mover_wins {
            assert_eq!(moves.len(), graph.options(v, mover).len());
        }
    } else {
        // Only a terminal state has no best move.
        assert!(graph.options(v, mover).is_empty());
        assert_eq!(depth, Some(0));
    }
}

/// A number of vertices, Left's moves and Right's moves.
type Moves = (usize, Vec<(u32, u32)>, Vec<(u32, u32)>);

fn partizan_graph() -> impl Strategy<Value = Moves> {
    (1usize..8).prop_flat_map(|n| {
        let edge = (0..n as u32, 0..n as u32);
        (
            Just(n),
            prop::collection::vec(edge.clone(), 0..14),
            prop::collection::vec(edge, 0..14),
        )
    })
}

proptest! {
    #[test]
    fn labels_are_the_fixed_point_of_the_rules(
        (n, left, right) in partizan_graph(),
        misere in any::<bool>(),
    ) {
        let play = if misere { Play::Misere } else { Play::Normal };
        let graph = PartizanGraph::from_edges(vec![(); n], &left, &right).unwrap();
        let labels = graph.solve(play);
        let expected = by_rounds(n, &left, &right, play);
        for v in 0..n as u32 {
            for (i, mover) in [Player::Left, Player::Right].into_iter().enumerate() {
                let (won, round) = expected[v as usize][i];
                prop_assert_eq!(labels.winner(v, mover), expected_winner(won, mover));
                prop_assert_eq!(labels.depth(v, mover), won.map(|_| round));
                best_moves_keep_their_promise(&graph, &labels, v, mover);
            }
        }
        let (k_left, k_right) = labels.double_kernel();
        let draws = (0..n as u32).any(|v| {
            [Player::Left, Player::Right].iter().any(|&p| labels.winner(v, p) == Winner::Draw)
        });
        if play == Play::Normal && !draws {
            prop_assert!(is_double_kernel(&graph, &k_left, &k_right));
        }
    }
}
