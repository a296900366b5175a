//! The catalogue: every ruleset by name, with its notation documented for `conway rules`.

use super::{
    analyse_position, explore_position, list_moves, Budget, Chomp, DynamicSubtraction, GraphReport,
    GrowingTake, Lasker, MooreNim, Move, Nim, Nimble, Northcott, PokerNim, Report, RuleError,
    Ruleset, SilverDollar, Staircase, Subtraction, TurningTurtles, Welter, Wythoff,
};
use crate::heap::Heaps;
use crate::impartial::Play;
use serde::Serialize;

/// A ruleset's entry in the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RuleInfo {
    /// The name, with its parameter syntax if it takes one, e.g. `subtraction:S`.
    pub name: &'static str,
    pub summary: &'static str,
    /// How positions are written.
    pub notation: &'static str,
    /// A position to try, as a full command-line example.
    pub example: &'static str,
}

/// Every ruleset, in the order of the texts.
pub fn catalogue() -> &'static [RuleInfo] {
    CATALOGUE
}

/// Finds a ruleset by name, with its parameters after a colon.
pub fn ruleset(spec: &str) -> Result<Box<dyn Ruleset>, RuleError> {
    let (name, params) = match spec.split_once(':') {
        Some((name, params)) => (name.trim(), Some(params.trim())),
        None => (spec.trim(), None),
    };
    let takes_params = ["subtraction", "moore", "dynamic", "growing"];
    if !takes_params.contains(&name) {
        if let Some(params) = params {
            return Err(RuleError::BadParameters {
                game: name.to_string(),
                reason: format!("this game takes no parameters, but ':{params}' was given"),
            });
        }
    }
    let bad = |reason: String| RuleError::BadParameters {
        game: name.to_string(),
        reason,
    };
    let need = |params: Option<&str>, what: &str| {
        params
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .ok_or_else(|| {
                bad(format!(
                    "give {what} after a colon, e.g. `{name}:{}`",
                    example_params(name)
                ))
            })
    };
    Ok(match name {
        "nim" => Box::new(Heaps(Nim)),
        "misere-nim" => Box::new(MisereNim),
        "subtraction" => Box::new(Heaps(
            Subtraction::parse_params(&need(params, "the subtraction set")?).map_err(bad)?,
        )),
        "moore" => Box::new(
            MooreNim::parse_params(&need(params, "k, the most heaps a move may touch")?)
                .map_err(bad)?,
        ),
        "wythoff" => Box::new(Wythoff),
        "chomp" => Box::new(Chomp),
        "poker-nim" => Box::new(PokerNim),
        "northcott" => Box::new(Northcott),
        "staircase" => Box::new(Staircase),
        "nimble" => Box::new(Heaps(Nimble)),
        "welter" => Box::new(Welter),
        "turning-turtles" => Box::new(TurningTurtles),
        "silver-dollar" => Box::new(SilverDollar),
        "lasker" => Box::new(Heaps(Lasker)),
        "dynamic" => Box::new(
            DynamicSubtraction::parse_params(&need(params, "the multiplier m")?).map_err(bad)?,
        ),
        "fibonacci" => Box::new(DynamicSubtraction::fibonacci()),
        "growing" => Box::new(GrowingTake::parse_params(params).map_err(bad)?),
        _ => return Err(RuleError::UnknownGame(spec.to_string())),
    })
}

fn example_params(name: &str) -> &'static str {
    match name {
        "subtraction" => "1,3,4",
        "moore" => "2",
        _ => "1",
    }
}

/// Nim under misère play, whatever the caller asks.
struct MisereNim;

impl Ruleset for MisereNim {
    fn name(&self) -> String {
        "misere-nim".to_string()
    }

    fn analyse(&self, position: &str, _play: Play, budget: Budget) -> Result<Report, RuleError> {
        analyse_position(&Heaps(Nim), &self.name(), position, Play::Misere, budget)
    }

    fn graph(
        &self,
        position: &str,
        _play: Play,
        max_positions: usize,
    ) -> Result<GraphReport, RuleError> {
        explore_position(
            &Heaps(Nim),
            &self.name(),
            position,
            Play::Misere,
            max_positions,
        )
    }

    fn moves(&self, position: &str) -> Result<Vec<Move>, RuleError> {
        list_moves(&Heaps(Nim), &self.name(), position)
    }
}

const CATALOGUE: &[RuleInfo] = &[
    RuleInfo {
        name: "nim",
        summary: "Take any number of chips from one heap; the last to move wins.",
        notation: "heap sizes separated by spaces, e.g. `3 5 7`. An emptied heap stays in the row as 0.",
        example: "conway solve nim \"13 42 30 43\"",
    },
    RuleInfo {
        name: "misere-nim",
        summary: "Nim in which the last to move loses (the same as `nim --misere`).",
        notation: "as nim: heap sizes separated by spaces.",
        example: "conway solve misere-nim \"1 1 3\"",
    },
    RuleInfo {
        name: "subtraction:S",
        summary: "Take s chips from one heap, for some s in the finite set S.",
        notation: "S is a comma-separated list of positive whole numbers (`subtraction:1,3,4`); a position is heap sizes separated by spaces.",
        example: "conway solve subtraction:1,3,4 110",
    },
    RuleInfo {
        name: "moore:k",
        summary: "Moore's Nim_k: take chips from at least one and at most k heaps at once.",
        notation: "k ≥ 1 after the colon (`moore:2`); a position is heap sizes separated by spaces.",
        example: "conway solve moore:2 \"13 12 8\"",
    },
    RuleInfo {
        name: "wythoff",
        summary: "Take chips from one of two heaps, or the same number from both.",
        notation: "a pair `x,y` (or just `x y`); several pairs separated by spaces are a sum, e.g. Wythoff's Queens with several queens: `3,5 4,7`.",
        example: "conway solve wythoff \"4 7\"",
    },
    RuleInfo {
        name: "chomp",
        summary: "Eat a square and every square right of and below it; the top-left square is poisoned.",
        notation: "row lengths from the top, non-increasing, e.g. `4 4 3` (rows of 4, 4 and 3 squares). The position `1` (the poison alone) is lost for the player to move.",
        example: "conway solve chomp \"5 5 5\"",
    },
    RuleInfo {
        name: "poker-nim",
        summary: "Nim in which a player may instead add to a heap chips he took earlier; the P-positions are Nim's.",
        notation: "heap sizes, then optionally `/ c` for the c chips the player to move has taken so far, e.g. `3 5 7 / 4`.",
        example: "conway solve poker-nim \"3 5 7 / 4\"",
    },
    RuleInfo {
        name: "northcott",
        summary: "One white and one black piece per row; a player slides one of his pieces along its row without jumping. The player to move owns W.",
        notation: "rows separated by `|`, each with one `W`, one `B` and `.` for empty squares, e.g. `W..B....|.W....B.`.",
        example: "conway solve northcott \"W..B....|W......B\"",
    },
    RuleInfo {
        name: "staircase",
        summary: "Move any number of chips from a stair to the stair below; chips leave from stair 1.",
        notation: "chip counts on stairs 1, 2, 3, ... separated by spaces, e.g. `3 0 5 2`.",
        example: "conway solve staircase \"3 0 5 2\"",
    },
    RuleInfo {
        name: "nimble",
        summary: "Coins on a numbered strip; move one coin to any lower square (jumping allowed, squares may hold several coins).",
        notation: "the square of each coin, separated by spaces, e.g. `1 3 3 7`; square 0 is the end.",
        example: "conway solve nimble \"1 3 3 7\"",
    },
    RuleInfo {
        name: "welter",
        summary: "Nimble with at most one coin per square: move a coin to any lower empty square.",
        notation: "the distinct squares of the coins, e.g. `[0|3|4]` or `0 3 4`.",
        example: "conway solve welter \"[2|3|7]\"",
    },
    RuleInfo {
        name: "turning-turtles",
        summary: "Turn one coin from heads to tails and, if you like, one coin to its left either way.",
        notation: "a row of `H` and `T`, coin 1 first, e.g. `THTTHTTTHHTHT` (at most 128 coins).",
        example: "conway solve turning-turtles THTTHTTTHHTHT",
    },
    RuleInfo {
        name: "silver-dollar",
        summary: "Slide a coin left without passing another; the leftmost coin may drop into the bag, but whoever bags the silver dollar loses.",
        notation: "the strip right of the bag, square 1 first: `c` a coin, `S` the silver dollar, `.` empty, e.g. `.c..S.c`.",
        example: "conway solve silver-dollar \".c..S.c\"",
    },
    RuleInfo {
        name: "lasker",
        summary: "Lasker's Nim: take any number of chips from one heap, or split a heap into two.",
        notation: "heap sizes separated by spaces.",
        example: "conway solve lasker \"2 5 7\"",
    },
    RuleInfo {
        name: "dynamic:m",
        summary: "One heap; the first move takes any number but not all, each later move at most m times the previous one.",
        notation: "`n` for a fresh heap of n, or `n/t` for a heap of n from which at most t may be taken now.",
        example: "conway solve dynamic:1 44",
    },
    RuleInfo {
        name: "fibonacci",
        summary: "Fibonacci Nim: dynamic:2, each move at most twice the previous one.",
        notation: "as dynamic:m: `n` or `n/t`.",
        example: "conway solve fibonacci 43",
    },
    RuleInfo {
        name: "growing[:own]",
        summary: "One heap; the k-th move may take 1 to k chips, k counting every move (growing) or each player's own (growing:own).",
        notation: "`n` for a fresh heap; `n/k` (the mover may take up to k) for growing, `n/a,b` (the mover up to a, the other player next up to b) for growing:own.",
        example: "conway solve growing 20",
    },
];
