//! The outcome search (who wins, without the value) against the canonical values of the same
//! positions, and each of its pruning rules against plain search: Domineering with its bounds
//! on moves and its valued regions, Clobber with valued groups and mirror images, Toads and
//! Frogs with neither.

use conway::analysis::PartizanNotation;
use conway::engine::{Limits, Meter, Outcome, SearchError};
use conway::games::partizan::{Clobber, CutCake, Domineering, DomineeringBoard, ToadsAndFrogs};
use conway::partizan::{MoveBounds, OutcomeSearch, Partizan, Player, Solver, WinSearch};
use conway::short::Store;
use proptest::prelude::*;
use std::collections::HashMap;

/// The outcome and every winning move of each player by the outcome search agree with those
/// the canonical value gives.
fn agrees_with_values<G: Partizan>(game: &G, position: &G::Position) -> Result<(), TestCaseError> {
    let mut store = Store::default();
    let mut solver = Solver::new(game);
    let mut search = OutcomeSearch::new(game, Meter::new(Limits::default()));
    let by_value = solver.outcome(&mut store, position).unwrap();
    prop_assert_eq!(search.outcome(position).unwrap(), by_value);
    for player in [Player::Left, Player::Right] {
        let winning = solver.winning_moves(&mut store, position, player).unwrap();
        let options = match player {
            Player::Left => game.left_options(position),
            Player::Right => game.right_options(position),
        };
        for option in options {
            prop_assert_eq!(
                search.move_wins(&option, player).unwrap(),
                winning.contains(&option),
                "{}'s move",
                player
            );
        }
    }
    Ok(())
}

/// A board of up to `max_rows` × `max_columns` squares, each drawn from `square`, in the
/// notation of rows joined by `|`.
fn board_text(
    max_rows: usize,
    max_columns: usize,
    square: impl Strategy<Value = char> + Clone,
) -> impl Strategy<Value = String> {
    (1..=max_rows, 1..=max_columns).prop_flat_map(move |(rows, columns)| {
        proptest::collection::vec(square.clone(), rows * columns).prop_map(move |squares| {
            let rows: Vec<String> = squares
                .chunks(columns)
                .map(|row| row.iter().collect())
                .collect();
            rows.join("|")
        })
    })
}

/// A Domineering board: mostly empty squares, some blocked.
fn domineering_text(max_rows: usize, max_columns: usize) -> impl Strategy<Value = String> {
    board_text(
        max_rows,
        max_columns,
        prop_oneof![3 => Just('.'), 1 => Just('#')],
    )
}

fn clobber_text() -> impl Strategy<Value = String> {
    board_text(
        4,
        4,
        prop_oneof![1 => Just('.'), 2 => Just('x'), 2 => Just('o')],
    )
}

fn toads_text() -> impl Strategy<Value = String> {
    let cell = prop_oneof![Just('T'), Just('F'), Just('.'), Just('.')];
    proptest::collection::vec(proptest::collection::vec(cell, 1..=6), 1..=3).prop_map(|rows| {
        let rows: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
        rows.join(" ")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn domineering_outcomes_and_winning_moves_agree_with_values(text in domineering_text(5, 5)) {
        agrees_with_values(&Domineering, &Domineering.parse(&text).unwrap())?;
    }

    #[test]
    fn clobber_outcomes_and_winning_moves_agree_with_values(text in clobber_text()) {
        agrees_with_values(&Clobber, &Clobber.parse(&text).unwrap())?;
    }

    #[test]
    fn toads_outcomes_and_winning_moves_agree_with_values(text in toads_text()) {
        agrees_with_values(&ToadsAndFrogs, &ToadsAndFrogs.parse(&text).unwrap())?;
    }

    /// Each of Domineering's bounds on moves holds against the game played out: Left's most
    /// is the most vertical dominoes that fit at once, and Left's safe and contested moves
    /// are made whatever Right does, moving first or second (and so for Right).
    #[test]
    fn domineering_bounds_on_moves_hold_in_play(text in domineering_text(4, 4)) {
        let board = Domineering.parse(&text).unwrap();
        let bounds = Domineering.move_bounds(&board).unwrap();
        let mut memo = HashMap::new();
        for (player, safe, contested, most) in [
            (Player::Left, bounds.left_safe, bounds.left_contested, bounds.left_most),
            (Player::Right, bounds.right_safe, bounds.right_contested, bounds.right_most),
        ] {
            prop_assert_eq!(most, most_moves(&board, player), "{}'s most", player);
            for first in [true, false] {
                let in_hand = safe + if first { contested.div_ceil(2) } else { contested / 2 };
                let made = moves_made(&board, player, first, &mut memo);
                prop_assert!(
                    in_hand <= made,
                    "{} {}: {} in hand, but the other can hold it to {}",
                    player,
                    if first { "first" } else { "second" },
                    in_hand,
                    made
                );
            }
        }
    }
}

/// The options of `player`.
fn options_of(board: &DomineeringBoard, player: Player) -> Vec<DomineeringBoard> {
    match player {
        Player::Left => Domineering.left_options(board),
        Player::Right => Domineering.right_options(board),
    }
}

/// The most moves `player` can make in a row, the other never moving.
fn most_moves(board: &DomineeringBoard, player: Player) -> u64 {
    options_of(board, player)
        .iter()
        .map(|option| 1 + most_moves(option, player))
        .max()
        .unwrap_or(0)
}

/// How many moves `player` makes when it tries to make as many as it can and the other,
/// moving in turn (or passing, which can only help `player`), tries to leave it as few.
fn moves_made(
    board: &DomineeringBoard,
    player: Player,
    to_move: bool,
    memo: &mut HashMap<(DomineeringBoard, Player, bool), u64>,
) -> u64 {
    let key = (board.clone(), player, to_move);
    if let Some(&made) = memo.get(&key) {
        return made;
    }
    let made = match to_move {
        true => options_of(board, player)
            .iter()
            .map(|option| 1 + moves_made(option, player, false, memo))
            .max()
            .unwrap_or(0),
        false => {
            let pass = moves_made(board, player, true, memo);
            options_of(board, player.opponent())
                .iter()
                .map(|option| moves_made(option, player, true, memo))
                .fold(pass, u64::min)
        }
    };
    memo.insert(key, made);
    made
}

/// Bounds that a ruleset claims decide positions in the search, so a rule that claims too
/// much would be caught by the tests above; this one shows that the tests can fail: bounds
/// that overstate Left's safe moves make the search call lost positions won.
#[test]
fn overstated_bounds_give_wrong_outcomes() {
    struct Boastful;
    impl Partizan for Boastful {
        type Position = DomineeringBoard;
        fn left_options(&self, board: &DomineeringBoard) -> Vec<DomineeringBoard> {
            Domineering.left_options(board)
        }
        fn right_options(&self, board: &DomineeringBoard) -> Vec<DomineeringBoard> {
            Domineering.right_options(board)
        }
        fn move_bounds(&self, board: &DomineeringBoard) -> Option<MoveBounds> {
            let bounds = Domineering.move_bounds(board)?;
            Some(MoveBounds {
                left_safe: bounds.left_most,
                ..bounds
            })
        }
    }
    let board = Domineering.parse("..|..").unwrap();
    let mut search = OutcomeSearch::new(&Boastful, Meter::new(Limits::default()));
    // 2×2 is N (either player wins moving first); Left's two vertical dominoes, called safe,
    // make Left win moving second as well.
    assert_eq!(search.outcome(&board).unwrap(), Outcome::L);
    let mut honest = OutcomeSearch::new(&Domineering, Meter::new(Limits::default()));
    assert_eq!(honest.outcome(&board).unwrap(), Outcome::N);
}

/// Domineering's known outcomes of empty rectangles (5 × 5 is a second-player win, 6 × 6
/// and 7 × 7 first-player wins, 4 × 5 Left's, 5 × 6 Right's as the transpose), beyond the
/// canonical forms the suite checks.
#[test]
fn domineering_rectangles_have_their_known_outcomes() {
    let mut search = OutcomeSearch::new(&Domineering, Meter::new(Limits::default()));
    for (rows, columns, outcome) in [
        (5, 5, Outcome::P),
        (6, 6, Outcome::N),
        (4, 5, Outcome::L),
        (5, 4, Outcome::R),
        (6, 5, Outcome::L),
    ] {
        let board = DomineeringBoard::rectangle(rows, columns).unwrap();
        assert_eq!(search.outcome(&board).unwrap(), outcome, "{rows}×{columns}");
    }
}

/// The search stops at its limits with their errors: a small work limit, and a small memory
/// limit that the table, the stack and the values all count against.
#[test]
fn the_outcome_search_keeps_to_its_limits() {
    let board = DomineeringBoard::rectangle(7, 7).unwrap();
    let work = Limits {
        max_positions: 10_000,
        ..Limits::default()
    };
    let mut search = OutcomeSearch::new(&Domineering, Meter::new(work));
    assert_eq!(
        search.wins_moving_first(&board, Player::Left),
        Err(SearchError::TooBig { limit: 10_000 })
    );
    let memory = Limits {
        max_positions: u64::MAX,
        max_memory: 1 << 20,
    };
    let mut search = OutcomeSearch::new(&Domineering, Meter::new(memory));
    assert_eq!(
        search.wins_moving_first(&board, Player::Left),
        Err(SearchError::OutOfMemory { limit: 1 << 20 })
    );
}

/// The review's defect: `solve cut-cake '7x6 6x5 2x4' --outcome-only` searched the pieces'
/// moves past the work limit, though each piece's value is a closed form that the full
/// analysis adds at once. Components with a closed form are valued by it.
#[test]
fn outcome_only_uses_the_rulesets_closed_forms() {
    let limits = Limits {
        max_positions: 1000,
        ..Limits::default()
    };
    for text in ["7x6 6x5 2x4", "3x5 5x3 3x7", "7x1 7x7"] {
        let pieces = CutCake.parse(text).unwrap();
        let mut store = Store::default();
        let by_value = Solver::new(&CutCake).outcome(&mut store, &pieces).unwrap();
        let mut search = OutcomeSearch::new(&CutCake, Meter::new(limits));
        assert_eq!(search.outcome(&pieces).unwrap(), by_value, "{text}");
    }
}
