//! The rulesets' notation and move descriptions, as the review found them wanting: whose move
//! a description names, which vertex, and whether the `to` printed reads back.

use super::{json, play};
use serde_json::{json, Value};

/// The `(to, move)` pairs of `player`'s moves in a JSON report.
fn moves(report: &Value, player: &str) -> Vec<(String, String)> {
    report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["player"] == player)
        .map(|m| {
            let text = |key: &str| m[key].as_str().unwrap().to_string();
            (text("to"), text("move"))
        })
        .collect()
}

#[test]
fn col_describes_rights_moves_as_rights() {
    let report = json(&["solve", "col", ".", "--json"]);
    let right = moves(&report, "right");
    assert_eq!(right[0].1, "Right colours vertex 0 white", "{report}");
    let left = moves(&report, "left");
    assert_eq!(left[0].1, "Left colours vertex 0 black", "{report}");
    let transcript = play(&["play", "col", ".", "--as", "right"], "");
    assert!(
        transcript.contains("1. Right colours vertex 0 white"),
        "{transcript}"
    );
}

#[test]
fn col_names_each_vertex_by_its_number_as_written() {
    let report = json(&["solve", "col", "..R;0-1", "--json"]);
    assert_eq!(
        moves(&report, "right"),
        [
            ("xLR;0-1".into(), "Right colours vertex 0 white".into()),
            ("LxR;0-1".into(), "Right colours vertex 1 white".into()),
            ("..x;0-1".into(), "Right colours vertex 2 white".into()),
        ]
    );
}

#[test]
fn moves_to_an_empty_position_print_a_to_that_solve_reads_back() {
    for (game, position) in [("col", "."), ("eatcake", "1x3"), ("seating", "O2")] {
        let report = json(&["solve", game, position, "--json"]);
        for side in ["left", "right"] {
            for (to, _) in moves(&report, side) {
                let again = json(&["solve", game, &to, "--json"]);
                assert_eq!(again["position"], to.as_str(), "{game} {position}");
            }
        }
    }
}

#[test]
fn cut_cake_keeps_the_1x1_pieces_its_cuts_make() {
    let report = json(&["solve", "cut-cake", "1x4", "--json"]);
    let left = moves(&report, "left");
    assert!(
        left.contains(&("1x1 1x3".into(), "cut 1x4 into 1x1 and 1x3".into())),
        "{left:?}"
    );
    let report = json(&["solve", "cut-cake", "1x2", "--json"]);
    assert_eq!(
        moves(&report, "left"),
        [("1x1 1x1".into(), "cut 1x2 into 1x1 and 1x1".into())]
    );
    let again = json(&["solve", "cut-cake", "1x3 1x1", "--json"]);
    assert_eq!(again["position"], "1x1 1x3");
}

#[test]
fn hackenbush_keeps_the_writers_vertex_numbers() {
    let report = json(&["solve", "hackenbush", "0-1:R 1-2:B 0-2:B", "--json"]);
    assert_eq!(report["position"], "0-1:R 1-2:B 0-2:B");
    assert_eq!(
        moves(&report, "left"),
        [("0-1:R 0-2:B".into(), "cut the blue edge 1-2".into())]
    );
    let report = json(&["solve", "hackenbush", "GG 7-3:R 0-7:B", "--json"]);
    assert_eq!(report["position"], "GG 3-7:R 0-7:B");
}

/// `hex` is the board game now; whoever types the old `hex:CODE` of take-and-break codes is
/// told where they went.
#[test]
fn hex_with_a_code_points_to_hexcode() {
    let output = super::conway(&["solve", "hex:0.F", "9"]);
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("`hexcode:0.F`"), "{message}");
    let output = super::conway(&["solve", "hexcode:0.F", "9", "--json"]);
    assert!(output.status.success());
    // The board game: the four winning openings of 4×4 Hex (Exercise 5.5), the short diagonal.
    let report = super::json(&["solve", "hex", "....|....|....|....", "--json"]);
    assert_eq!(report["outcome"], "N");
    // Hex's turn-recording nimber means nothing to a player: no value, and no search for it.
    assert_eq!(
        (&report["value"], &report["value_unknown"]),
        (&Value::Null, &Value::Null)
    );
    let to: Vec<&str> = report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(
        to,
        [
            "B:...W|....|....|....",
            "B:....|..W.|....|....",
            "B:....|....|.W..|....",
            "B:....|....|....|W..."
        ]
    );
    let misere = super::json(&["solve", "hex", "...|...|...", "--misere", "--json"]);
    assert_eq!(misere["outcome"], "P");
}

/// Squex (Exercise 5.7): 1×1 is a first-player win, 2×2 a draw in which every first move
/// keeps the draw; Hex beyond the exhaustive search's reach goes to the solver: the 13
/// winning openings of 5×5.
#[test]
fn squex_draws_and_the_hex_solver_answers_5x5() {
    let one = json(&["solve", "squex", ".", "--json"]);
    assert_eq!(
        (&one["outcome"], &one["kind"]),
        (&json!("N"), &json!("loopy"))
    );
    let two = json(&["solve", "squex", "..|..", "--json"]);
    assert_eq!(two["outcome"], "D");
    assert_eq!(two["moves"].as_array().unwrap().len(), 4);
    let text = super::conway(&["solve", "squex", "..|.."]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("drawing moves (4)"));
    let five = json(&["solve", "hex", ".....|.....|.....|.....|.....", "--json"]);
    assert_eq!(five["outcome"], "N");
    assert_eq!(five["move_counts"]["either"], 13);
}

/// The hostile review: a full Squex board that nobody joined was played for ever (its one
/// option is itself), and that move was described as a stone on row 65.
#[test]
fn play_ends_a_full_squex_board_as_a_draw() {
    let stdout = play(&["play", "squex", "W:WB|BW"], "1\n1\n1\n");
    assert!(stdout.contains("go on for ever: a draw"), "{stdout}");
    assert!(!stdout.contains("row 65"), "{stdout}");
    let report = json(&["solve", "squex", "W:WB|BW", "--json"]);
    assert_eq!(report["outcome"], "D");
    assert!(report["moves"][0]["move"]
        .as_str()
        .unwrap()
        .contains("the board is full"));
}

/// The review: `moves hex ... --as right` was silently answered for White, and each move
/// showed `value ?` for a game whose positions have no value.
#[test]
fn as_is_refused_in_an_impartial_game_and_hex_moves_show_no_value() {
    for command in ["moves", "play"] {
        super::fails_with(&[command, "hex", "...|...|...", "--as", "right"], "--as");
    }
    let output = super::conway(&["moves", "hex", "...|...|..."]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success());
    assert!(text.contains("→ B:..W|...|...  outcome P, wins"), "{text}");
    assert!(!text.contains("value"), "{text}");
    let nim = super::conway(&["moves", "nim", "3 2"]);
    assert!(String::from_utf8_lossy(&nim.stdout).contains("value *2, outcome N"));
}

/// Hex positions say whose turn it is, so they have no nim value and join no sum.
#[test]
fn hex_joins_no_sum() {
    super::fails_with(
        &["solve", "hex", "...|...|...", "+", "nim", "3"],
        "no nim value",
    );
}

/// `graph hex` printed a γ for each position while `solve` says Hex has no nim value.
#[test]
fn the_graph_of_hex_has_no_gamma() {
    for game in ["hex", "squex"] {
        let report = json(&["graph", game, "..|..", "--json"]);
        let positions = report["positions"].as_array().unwrap();
        assert!(positions.len() > 10, "{report}");
        assert!(positions.iter().all(|p| p["gamma"].is_null()), "{report}");
    }
    let report = json(&["graph", "nim", "1 2", "--json"]);
    assert_eq!(report["positions"][0]["gamma"], "3");
}

/// The review: a finished Hex game was reported as "cannot move", not as the join that
/// ended it.
#[test]
fn the_end_of_a_hex_game_names_the_join() {
    let text = |args: &[&str]| String::from_utf8_lossy(&super::conway(args).stdout).to_string();
    let finished = "B:W..|W..|W.B";
    assert!(text(&["solve", "hex", finished])
        .contains("winning moves: none (White has joined top and bottom: the game is over)"));
    assert!(text(&["solve", "hex", finished, "--misere"]).contains("White has joined top and bottom: the game is over, and under misère play the player to move wins"));
    let report = json(&["solve", "hex", finished, "--json"]);
    assert_eq!(report["game_over"], "White has joined top and bottom");
    let transcript = play(&["play", "hex", "..|.."], "1\n1\n");
    assert!(
        transcript.contains("W:WW|BB: Black has joined left and right, so I win (normal play)."),
        "{transcript}"
    );
}

/// The hostile review: at an N position of Squex, moves that keep a draw were listed as
/// losing (outcome N), and under misère play a partizan option's outcome was `?`.
#[test]
fn moves_say_which_moves_keep_a_draw_and_misere_options_have_outcomes() {
    let report = json(&["moves", "squex", "W:...|W.B|...", "--json"]);
    let results: Vec<(&str, &str)> = report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["result"].as_str().unwrap(),
                m["outcome"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(results.iter().filter(|r| **r == ("wins", "P")).count(), 1);
    assert_eq!(results.iter().filter(|r| **r == ("draws", "D")).count(), 6);
    let solved = json(&["solve", "squex", "B:...|W.B|..W", "--json"]);
    assert_eq!(solved["outcome"], "D");
    let misere = json(&[
        "moves",
        "domineering",
        "..|..|..",
        "--misere",
        "--as",
        "right",
        "--json",
    ]);
    let outcomes: Vec<&str> = misere["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["P", "L", "P"]);
}

/// The hostile review: a player who wins a misère partizan game by having no move was told
/// "no winning move".
#[test]
fn a_misere_win_without_a_move_needs_none() {
    let output = super::conway(&["solve", "domineering", ".|.", "--misere"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("outcome: R"), "{text}");
    assert!(
        text.contains("Right moving first: none needed (no move at all"),
        "{text}"
    );
    assert!(
        text.contains("Left moving first: no winning move"),
        "{text}"
    );
}

/// `moves hex` on a board that a player has joined gave no reason for having no moves, and
/// its JSON no `game_over` as `solve`'s has.
#[test]
fn moves_of_a_finished_hex_game_say_why_there_are_none() {
    let report = super::json(&["moves", "hex", "W:BBB|...|...", "--json"]);
    assert_eq!(report["total"], 0);
    assert_eq!(report["game_over"], "Black has joined left and right");
    let text = super::stdout_of(&["moves", "hex", "W:BBB|...|..."]);
    assert!(
        text.contains("Black has joined left and right: the game is over"),
        "{text}"
    );
    let open = super::json(&["moves", "hex", "...|...|...", "--json"]);
    assert!(open.get("game_over").is_none());
}

/// The hostile review of loopy partizan values: a move to a position where the other player,
/// moving first, can only draw (LD or RD after Left's move, DL or DR after Right's) was listed
/// as losing, and `play --hints` left such a player's drawing moves unmarked.
#[test]
fn a_move_after_which_the_other_player_can_only_draw_draws() {
    let results = |args: &[&str]| -> Vec<(String, String)> {
        json(args)["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (m["outcome"].to_string(), m["result"].to_string()))
            .collect()
    };
    let pair = |outcome: &str, result: &str| (format!("\"{outcome}\""), format!("\"{result}\""));
    assert_eq!(
        results(&["moves", "backsliding-toads", "FF.TT.", "--json"]),
        [pair("LD", "draws"), pair("L", "wins")]
    );
    assert_eq!(
        results(&[
            "moves",
            "backsliding-toads",
            "FT.F.T",
            "--as",
            "right",
            "--json"
        ]),
        [pair("DL", "draws"), pair("P", "wins")]
    );
    let hints = play(
        &[
            "play",
            "backsliding-toads",
            "FF.TT.",
            "--hints",
            "--as",
            "right",
        ],
        "",
    );
    assert!(hints.contains("→ F.FTT. (draws)"), "{hints}");
}

/// The review: past `--max-positions`, the winning moves were not found, and `moves` called
/// every move a loss (and `play` played one "as every move loses") while 9 of them win.
#[test]
fn moves_past_the_limit_are_not_called_losses() {
    let board = "W:......|......|..W...|...B..|......|......";
    super::fails_with(
        &["moves", "hex", board, "--max-positions", "10"],
        "--max-positions",
    );
    let output = super::playing(&["play", "hex", board, "--max-positions", "10"], "1\n");
    let transcript = String::from_utf8_lossy(&output.stdout);
    assert!(!transcript.contains("every move loses"), "{transcript}");
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("--max-positions"), "{error}");
    let all = super::stdout_of(&["moves", "hex", board]);
    assert_eq!(all.matches(", wins").count(), 9, "{all}");
}

/// `solve --outcome-only` gives the outcome and every winning move of the full analysis, and
/// says the value was not asked for.
#[test]
fn solve_outcome_only_agrees_with_the_full_analysis() {
    for (game, position) in [
        ("domineering", "....|..#.|....|...."),
        ("domineering", "...|...|..."),
        ("clobber", "xoxo|oxox|xoxo"),
        ("clobber", "x.o|o.x|o..|oxo"),
        ("toads", "TT..F T.FF"),
    ] {
        let full = super::json(&["solve", game, position, "--json"]);
        let searched = super::json(&["solve", game, position, "--json", "--outcome-only"]);
        for field in ["outcome", "moves", "move_counts"] {
            assert_eq!(full[field], searched[field], "{game} {position}: {field}");
        }
        assert!(searched["value"].is_null(), "{game} {position}");
        let why = searched["value_unknown"].as_str().unwrap();
        assert!(why.contains("only the outcome"), "{why}");
    }
}

/// The outcome search of a board far past its work limit stops with the limit's error; one
/// within reach is solved in a few megabytes, its table dropping what it must, and the
/// process holds no more than it is given.
#[test]
fn solve_outcome_only_keeps_to_the_limits() {
    let eight = "........|........|........|........|........|........|........|........";
    super::fails_with(
        &[
            "solve",
            "domineering",
            eight,
            "--outcome-only",
            "--max-positions",
            "20000",
        ],
        "--max-positions",
    );
    let six = "......|......|......|......|......|......";
    let args = [
        "solve",
        "domineering",
        six,
        "--outcome-only",
        "--json",
        "--moves",
        "0",
    ];
    let output = super::within_memory(&args, 8);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["outcome"], "N");
}
