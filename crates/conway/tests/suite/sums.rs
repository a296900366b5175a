//! Sums of positions of different games, and the moves an analysis holds, through the
//! analysis face.

use conway::analysis::{Budget, Request, Sum};
use conway::engine::Play;
use conway::games::ruleset;

fn sum(parts: &[(&str, &str)]) -> Sum {
    Sum::new(
        parts
            .iter()
            .map(|(game, position)| ruleset(game).unwrap().parse(position).unwrap())
            .collect(),
    )
}

/// Poker Nim's chips in hand and Northcott's colour say whose turn it is: a move in another
/// component passes the turn there too (the review found `nim 3 + poker-nim 2 1 / 4 0` after
/// a move in Nim, where the new mover holds no chips).
#[test]
fn a_move_elsewhere_in_a_sum_passes_the_turn_of_games_that_record_it() {
    let start = sum(&[
        ("nim", "5"),
        ("poker-nim", "2 1 / 4 0"),
        ("northcott", "W.B|W..B"),
    ]);
    let nim_move = ruleset("nim").unwrap().parse("3").unwrap();
    assert_eq!(
        start.after(0, nim_move).show(),
        "nim 3 + poker-nim 2 1 / 0 4 + northcott B:W.B|W..B"
    );

    // A move in Poker Nim passes its own turn once (the rules do), and Northcott's by the sum.
    let budget = Budget::default;
    let analysis = start.analyse(&Request::new(Play::Normal, &budget)).unwrap();
    let in_poker: Vec<String> = analysis
        .moves
        .iter()
        .filter(|m| m.component == 1)
        .map(|m| start.after(1, m.to.clone()).show())
        .collect();
    // Nim 5 + Northcott (gaps 1 and 2) is *6: heap 2 goes from 1 to 4 with 3 of the 4 chips.
    assert_eq!(
        in_poker,
        ["nim 5 + poker-nim 2 4 / 0 1 + northcott B:W.B|W..B"]
    );
}

/// The facade held every winning move: `analyse("kayles", "1000000000000")` grew past 20 GB
/// for its 83,333,333,338 moves. It holds the first thousand and counts the rest.
#[test]
fn the_facade_holds_a_bounded_number_of_moves() {
    let analysis = conway::analyse("kayles", "1000000000000").unwrap();
    assert_eq!(analysis.moves.len(), Request::DEFAULT_KEEP);
    let counts = analysis.move_counts.unwrap();
    assert_eq!(
        counts.get(conway::analysis::Mover::Either),
        Some(83_333_333_338)
    );
}

/// A mixed sum failed whole when an impartial component had too many moves to list
/// (`nim 1100000 + toads T.F`), though its value needs none of them.
#[test]
fn a_component_with_too_many_moves_leaves_the_sums_value_known() {
    let start = sum(&[("nim", "1100000"), ("toads", "T.F")]);
    let budget = Budget::default;
    let analysis = start.analyse(&Request::new(Play::Normal, &budget)).unwrap();
    assert_eq!(analysis.outcome, conway::engine::Outcome::N);
    assert_eq!(analysis.value.unwrap().show().as_deref(), Some("*1100001"));
    assert!(analysis.moves.is_empty() && analysis.move_counts.is_none());
    let why = analysis.moves_unknown.unwrap().to_string();
    assert!(why.contains("too many moves"), "{why}");
}

/// A partizan position whose value is a nimber had no nim value (`toads T.F` is `*`).
#[test]
fn a_partizan_value_that_is_a_nimber_has_its_nim_value() {
    let value = |game, position| conway::analyse(game, position).unwrap().value.unwrap();
    assert_eq!(value("toads", "T.F").nim_value(), Some(1));
    assert_eq!(value("domineering", ".").nim_value(), Some(0));
    assert_eq!(value("domineering", "..|..").nim_value(), None);
}

/// Misère play of a partizan position through the library was refused as "sums of different
/// games", then as unsupported; it is searched whole (Right, moving first or second, wins
/// 3×2 Domineering by making Left fill the board), and a misère sum is refused for what it
/// is: misère play does not split into components. Its advice was about heaps, for games
/// that have none.
#[test]
fn misere_play_of_a_partizan_position_is_searched_and_a_misere_sum_refused() {
    let rules = ruleset("domineering").unwrap();
    let board = rules.parse("..|..|..").unwrap();
    let budget = Budget::default;
    let analysis = board.analyse(&Request::new(Play::Misere, &budget)).unwrap();
    assert_eq!(analysis.outcome.to_string(), "R");
    assert!(analysis.value.is_none());
    let sum = Sum::new(vec![board.clone(), board]);
    let error = sum
        .analyse(&Request::new(Play::Misere, &budget))
        .unwrap_err()
        .to_string();
    assert!(error.contains("misère play does not split"), "{error}");
    assert!(!error.contains("heaps"), "{error}");
}
