//! The registry: every ruleset's declaration, in the order of the texts. Each ruleset file
//! declares its [`RuleInfo`] once; the list, `conway rules` and the parser of game names all
//! read it from here.

use super::connection;
use super::impartial::{
    chomp, coins, cram, divisors, dynamic, exercise_heaps, growing, nim, nim2d, ordinal_nim,
    staircase, subtraction, take_break, turtles, welter, wythoff,
};
use super::loopy::{backsliding, fox_geese, northcott};
use super::partizan::{
    clobber, col, cut_cake, domineering, eatcake, hackenbush, maundy, seating, subtraction as psub,
    toads,
};
use crate::analysis::{Params, RuleError, RuleInfo, Ruleset, Sum};
use crate::engine::Play;
use crate::text::ParseError;

const REGISTRY: &[&RuleInfo] = &[
    &nim::NIM,
    &nim::MISERE_NIM,
    &ordinal_nim::ORDINAL_NIM,
    &subtraction::SUBTRACTION,
    &nim::MOORE,
    &nim2d::NIM_2D,
    &wythoff::WYTHOFF,
    &chomp::CHOMP,
    &northcott::POKER_NIM,
    &northcott::NORTHCOTT,
    &staircase::STAIRCASE,
    &nim::NIMBLE,
    &welter::WELTER,
    &turtles::TURNING_TURTLES,
    &coins::COINS,
    &coins::MOVING_TWINS,
    &coins::TURNING_CORNERS,
    &coins::TARTAN,
    &staircase::SILVER_DOLLAR,
    &nim::LASKER,
    &take_break::KAYLES,
    &take_break::DAWSON,
    &take_break::OFFICERS,
    &take_break::GRUNDY,
    &take_break::OCTAL,
    &take_break::HEXCODE,
    &nim::RIMS,
    &take_break::SPLIT_NIM,
    &exercise_heaps::AT_MOST_HALF,
    &exercise_heaps::AT_LEAST_HALF,
    &exercise_heaps::EVEN_OR_ONE,
    &exercise_heaps::THREES_OR_ALL,
    &divisors::DIM_PLUS,
    &divisors::DIM_MINUS,
    &divisors::PRIM_PLUS,
    &divisors::PRIM_MINUS,
    &subtraction::IMPATIENT,
    &dynamic::DYNAMIC,
    &dynamic::FIBONACCI,
    &growing::GROWING,
    &psub::PARTIZAN_SUBTRACTION,
    &connection::HEX,
    &connection::SQUEX,
    &maundy::MAUNDY,
    &cut_cake::CUT_CAKE,
    &domineering::DOMINEERING,
    &cram::CRAM,
    &toads::TOADS,
    &seating::SEATING,
    &col::COL,
    &col::SNORT,
    &clobber::CLOBBER,
    &eatcake::EATCAKE,
    &hackenbush::HACKENBUSH,
    &backsliding::BACKSLIDING_TOADS,
    &fox_geese::FOX_AND_GEESE,
];

/// Every ruleset, in the order of the texts.
pub fn catalogue() -> impl Iterator<Item = &'static RuleInfo> {
    REGISTRY.iter().copied()
}

/// The declaration of the ruleset named `spec`, with or without parameters.
pub fn find(spec: &str) -> Result<&'static RuleInfo, RuleError> {
    let name = spec.split_once(':').map_or(spec, |(name, _)| name).trim();
    catalogue()
        .find(|info| info.name == name)
        .ok_or_else(|| RuleError::UnknownGame(spec.to_string()))
}

/// Reads a position, or a sum of positions of any games, from its words as a command line
/// gives them: `GAME POSITION`, then `+ GAME POSITION` as often as needed. A position alone is
/// read under the rules of `play` (misère rules may reach positions normal play does not);
/// the components of a sum, under normal play.
pub fn parse_sum(words: &[&str], play: Play) -> Result<Sum, RuleError> {
    let (first, rest) = match words {
        [game, position] => return Ok(Sum::of(ruleset(game)?.parse_under(position, play)?)),
        [game, position, rest @ ..] => ((game, position), rest),
        _ => return Err(RuleError::MalformedSum),
    };
    if rest.len() % 3 != 0 || rest.chunks(3).any(|plus| plus[0] != "+") {
        return Err(RuleError::MalformedSum);
    }
    let more = rest.chunks(3).map(|c| (&c[1], &c[2]));
    std::iter::once(first)
        .chain(more)
        .map(|(game, position)| ruleset(game)?.parse(position))
        .collect::<Result<Vec<_>, _>>()
        .map(Sum::new)
}

/// Finds a ruleset by name, with its parameters after a colon.
pub fn ruleset(spec: &str) -> Result<Box<dyn Ruleset>, RuleError> {
    let info = find(spec)?;
    let params = spec.split_once(':').map(|(_, params)| params);
    let bad = |reason: ParseError| RuleError::BadParameters {
        game: info.name.to_string(),
        reason,
    };
    match (info.params, params) {
        (Params::None, Some(params)) if info.name == "hex" => Err(bad(ParseError::whole(format!(
            "`hex` is the board game, which takes no parameters; hexadecimal take-and-break codes are written `hexcode:{params}`"
        )))),
        (Params::None, Some(params)) => Err(bad(ParseError::whole(format!(
            "this game takes no parameters, but ':{params}' was given"
        )))),
        (Params::Required { name, example }, None) => Err(bad(ParseError::whole(format!(
            "give {name} after a colon, e.g. `{}:{example}`",
            info.name
        )))),
        _ => (info.build)(info, params).map_err(bad),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Position;
    use crate::engine::Play;
    use crate::partizan::Player;
    use std::collections::{HashSet, VecDeque};

    /// The game and position of a ruleset's example, `conway solve GAME POSITION` (of a
    /// sum, its first component).
    fn example(info: &RuleInfo) -> (String, String) {
        let rest = info.example.trim_start_matches("conway solve ");
        let (game, position) = rest.split_once(' ').expect("a game and a position");
        let position = match position.strip_prefix('"') {
            Some(quoted) => quoted.split('"').next().unwrap_or(""),
            None => position.split(' ').next().unwrap_or(""),
        };
        (game.to_string(), position.to_string())
    }

    /// Small positions besides the examples: the last moves of a game, where a position
    /// empties, and pictures and graphs numbered by their writer.
    const SMALL: &[(&str, &str)] = &[
        ("nim", "1 0 2"),
        ("chomp", "1"),
        ("wythoff", "1 2"),
        ("staircase", "1"),
        ("silver-dollar", "cS"),
        ("welter", "[1]"),
        ("kayles", "1 2"),
        ("col", "."),
        ("col", "..R;0-1"),
        ("col", "..L;0-1,1-2"),
        ("cut-cake", "1x2 1x4 2x1"),
        ("cut-cake", "1x1"),
        ("cut-cake", "2x2 2x2"),
        ("eatcake", "1x3"),
        ("eatcake", "1x1 2x2"),
        ("maundy", "1x2 2x1"),
        ("maundy", "2*1x2 2x4"),
        ("seating", "O2"),
        ("seating", "O3 L2R"),
        ("seating", "O2 O2 L4R L4R"),
        ("domineering", ".|."),
        ("toads", "T.F"),
        ("toads", "T.F T.F"),
        ("hackenbush", "0-1:R 1-2:B 0-2:B"),
        ("hackenbush", "BRB BRB 0-5:G 5-5:G"),
        ("hackenbush", "G 0-1:G 0-1:G 1-7:B"),
    ];

    /// Every starting position: each ruleset's example and the small positions.
    fn starts() -> Vec<(String, String)> {
        let examples = catalogue().map(example);
        let small = SMALL.iter().map(|&(g, p)| (g.to_string(), p.to_string()));
        examples.chain(small).collect()
    }

    /// The moves of `position` under each convention: each player's in a partizan game,
    /// the normal-play and (where it differs or is supported) misère moves in an impartial
    /// one.
    fn move_lists(position: &Position) -> Vec<(Option<Player>, Play, Vec<Position>)> {
        if !position.kind().is_impartial() {
            return [Player::Left, Player::Right]
                .into_iter()
                .map(|p| {
                    (
                        Some(p),
                        Play::Normal,
                        position.moves(p, Play::Normal).unwrap(),
                    )
                })
                .collect();
        }
        [Play::Normal, Play::Misere]
            .into_iter()
            .filter_map(|play| Some((None, play, position.moves(Player::Left, play).ok()?)))
            .collect()
    }

    /// The positions reachable from `start` in at most `depth` moves, breadth first, at
    /// most `cap` of them.
    fn reachable(start: Position, depth: usize, cap: usize) -> Vec<Position> {
        let mut seen = HashSet::from([start.clone()]);
        let mut queue = VecDeque::from([(start, 0)]);
        let mut found = Vec::new();
        while let Some((position, at)) = queue.pop_front() {
            if at < depth {
                for (_, _, moves) in move_lists(&position) {
                    for next in moves {
                        if seen.len() < cap && seen.insert(next.clone()) {
                            queue.push_back((next, at + 1));
                        }
                    }
                }
            }
            found.push(position);
        }
        found
    }

    /// Each start's reachable positions, with the ruleset that reads them.
    fn positions() -> Vec<(Box<dyn Ruleset>, Vec<Position>)> {
        starts()
            .into_iter()
            .map(|(game, text)| {
                let rules = ruleset(&game).unwrap();
                let start = rules.parse(&text).unwrap();
                (rules, reachable(start, 4, 300))
            })
            .collect()
    }

    /// Runs `check` on every position of every start, and fails with the first problem of
    /// each ruleset it finds.
    fn each_position(check: impl Fn(&dyn Ruleset, &Position) -> Result<(), String>) {
        let mut problems = Vec::new();
        for (rules, positions) in positions() {
            if let Some(problem) = positions
                .iter()
                .find_map(|p| check(rules.as_ref(), p).err())
            {
                problems.push(format!("{} {problem}", rules.name()));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn every_shown_position_reads_back_as_the_same_position() {
        each_position(|rules, position| {
            // A position that only misère rules reach reads back under them.
            let reads_back = |p: &Position, play| {
                rules
                    .parse_under(&p.show(), play)
                    .is_ok_and(|read| read == *p)
            };
            if ![Play::Normal, Play::Misere]
                .into_iter()
                .any(|play| reads_back(position, play))
            {
                return Err(format!("'{}' does not read back", position.show()));
            }
            for (_, play, moves) in move_lists(position) {
                if let Some(to) = moves.iter().find(|to| !reads_back(to, play)) {
                    let read = rules.parse_under(&to.show(), play);
                    return Err(format!(
                        "{}: its move to '{}' reads back as {read:?}",
                        position.show(),
                        to.show()
                    ));
                }
            }
            Ok(())
        });
    }

    #[test]
    fn every_rulesets_move_descriptions_agree_with_their_to() {
        let checked = std::sync::Mutex::new(HashSet::new());
        each_position(|_, position| {
            for (player, play, moves) in move_lists(position) {
                let mut described = std::collections::HashMap::new();
                for to in &moves {
                    let description = position.describe_move(player.unwrap_or(Player::Left), to);
                    let context = format!(
                        "{} ({player:?}, {play}): '{description}' → {}",
                        position.show(),
                        to.show()
                    );
                    if let Some(other) = described.insert(description.clone(), to) {
                        if other != to {
                            return Err(format!("{context} and → {} too", other.show()));
                        }
                    }
                    if let Some(player) = player {
                        if description.contains(&player.opponent().to_string()) {
                            return Err(format!("{context} names the opponent"));
                        }
                    }
                    let (from, to) = (position.show(), to.show());
                    match claim_holds(position.game(), &from, &description, &to) {
                        Some(false) => return Err(format!("{context} does not do what it says")),
                        Some(true) => {
                            checked.lock().unwrap().insert(position.game().to_string());
                        }
                        None => {}
                    }
                }
            }
            Ok(())
        });
        // The claims were read back, not skipped for want of a form the test knows.
        let checked = checked.into_inner().unwrap();
        for game in [
            "nim",
            "kayles",
            "lasker",
            "moore:2",
            "cut-cake",
            "eatcake",
            "maundy",
            "col",
            "hackenbush",
            "seating",
            "toads",
            "domineering",
        ] {
            assert!(
                checked.contains(game),
                "no description of {game} was checked"
            );
        }
    }

    /// Whether the move from `from` to `to` does what its `description` says it changes, for
    /// the descriptions that name it in a way that can be read back (heaps, pieces of cake,
    /// vertices, edges, stalks, sections, squares); `None` for the others.
    fn claim_holds(game: &str, from: &str, description: &str, to: &str) -> Option<bool> {
        match game.split(':').next()? {
            "cut-cake" | "eatcake" | "maundy" => cake_claim(from, description, to),
            "col" => col_claim(from, description, to),
            "hackenbush" => hackenbush_claim(from, description, to),
            "seating" => seating_claim(from, description, to),
            "toads" => toads_claim(from, description, to),
            "domineering" => domineering_claim(from, description, to),
            _ => heap_claim(from, description, to),
        }
    }

    /// The text after `start` in `text`, up to `end` (or to the end).
    fn after<'t>(text: &'t str, start: &str, end: &str) -> Option<&'t str> {
        let rest = &text[text.find(start)? + start.len()..];
        Some(rest.split(end).next().unwrap_or(rest))
    }

    /// `heap I: A → P1 + P2 (…)`, any number of them separated by `, `: heap I was A and is
    /// now the parts, the other heaps as they were.
    fn heap_claim(from: &str, description: &str, to: &str) -> Option<bool> {
        let heaps: Vec<u64> = from
            .split(' ')
            .map(|w| w.parse().ok())
            .collect::<Option<_>>()?;
        let mut expected: Vec<Vec<u64>> = heaps.iter().map(|&h| vec![h]).collect();
        let mut claims = 0;
        for claim in description.split(", ") {
            let (heap, change) = after(claim, "heap ", "(")?.split_once(": ")?;
            let (was, now) = change.split_once(" → ")?;
            let index = heap.parse::<usize>().ok()?.checked_sub(1)?;
            let parts = now.trim().split(" + ").map(|p| p.parse().ok());
            if heaps.get(index) != Some(&was.parse().ok()?) {
                return Some(false);
            }
            expected[index] = parts.collect::<Option<_>>()?;
            claims += 1;
        }
        let expected: Vec<String> = expected.concat().iter().map(u64::to_string).collect();
        Some(claims > 0 && expected.join(" ") == to)
    }

    /// Pieces `ROWSxCOLUMNS` (`N*ROWSxCOLUMNS` for N of them), sorted; `0` is none.
    fn pieces(words: &str) -> Vec<String> {
        let mut pieces = Vec::new();
        for word in words.split([' ', ',']).filter(|w| w.contains('x')) {
            match word.split_once('*') {
                Some((n, piece)) => pieces.extend(vec![piece.to_string(); n.parse().unwrap()]),
                None => pieces.push(word.to_string()),
            }
        }
        pieces.sort();
        pieces
    }

    /// `cut P into A and B`, `eat … of P, leaving A and B` (or `nothing`), `… of P into K
    /// pieces Q`: P is gone and the new pieces are there, the others as they were.
    fn cake_claim(from: &str, description: &str, to: &str) -> Option<bool> {
        let (gone, made) = if let Some(rest) = description.strip_prefix("cut ") {
            let (gone, made) = rest.split_once(" into ")?;
            (gone.to_string(), pieces(&made.replace(" and ", " ")))
        } else if description.starts_with("eat ") {
            let gone = after(description, " of ", ",")?;
            let made = after(description, "leaving ", "(")?.replace(" and ", " ");
            (gone.to_string(), pieces(&made))
        } else {
            let gone = after(description, " of ", " ")?;
            let (k, piece) = after(description, " into ", "\n")?.split_once(" pieces ")?;
            (gone.to_string(), pieces(&format!("{k}*{piece}")))
        };
        let mut expected = pieces(from);
        let at = expected.iter().position(|p| *p == gone)?;
        expected.remove(at);
        expected.extend(made);
        expected.sort();
        Some(expected == pieces(to))
    }

    /// `… colours vertex V black` (or white): V could take that colour and now cannot be
    /// coloured, the edges as they were.
    fn col_claim(from: &str, description: &str, to: &str) -> Option<bool> {
        let vertex: usize = after(description, "vertex ", " ")?.parse().ok()?;
        let own = if description.ends_with("black") {
            'L'
        } else {
            'R'
        };
        let tints = |text: &str| text.split(';').next().unwrap_or("").chars().nth(vertex);
        let edges = |text: &str| text.split_once(';').map(|(_, e)| e.to_string());
        Some(
            matches!(tints(from), Some(t) if t == '.' || t == own)
                && tints(to) == Some('x')
                && edges(from) == edges(to),
        )
    }

    /// `cut the C edge A-B` (or loop): the picture had that edge and has one fewer;
    /// `cut the C edge at height H of stalk K (WORD)`: the K-th stalk was WORD and is now
    /// cut below its H-th edge, the other words as they were.
    fn hackenbush_claim(from: &str, description: &str, to: &str) -> Option<bool> {
        let letter = description
            .strip_prefix("cut the ")?
            .chars()
            .next()?
            .to_ascii_uppercase();
        let words = |text: &str| -> Vec<String> { text.split(' ').map(String::from).collect() };
        let (from_words, to_words) = (words(from), words(to));
        if let Some(height) = after(description, "at height ", " ") {
            let height: usize = height.parse().ok()?;
            let number: usize = after(description, "of stalk ", " ")?.parse().ok()?;
            let word = after(description, "(", ")")?;
            let stalks = |words: &[String]| -> Vec<String> {
                let stalks = words.iter().filter(|w| w.starts_with(char::is_alphabetic));
                stalks.cloned().collect()
            };
            let mut expected = stalks(&from_words);
            if expected.get(number - 1).map(String::as_str) != Some(word) {
                return Some(false);
            }
            if word.chars().nth(height - 1) != Some(letter) {
                return Some(false);
            }
            match height {
                1 => drop(expected.remove(number - 1)),
                _ => expected[number - 1] = word[..height - 1].to_string(),
            }
            return Some(expected == stalks(&to_words));
        }
        let (a, b) = after(description, "edge ", "\n")
            .or_else(|| after(description, "loop ", "\n"))?
            .split_once('-')?;
        let count = |words: &[String]| {
            let forms = [format!("{a}-{b}:{letter}"), format!("{b}-{a}:{letter}")];
            words.iter().filter(|w| forms.contains(w)).count()
        };
        Some(count(&from_words) > count(&to_words))
    }

    /// `seat X's couple in S (section K), leaving P1 + P2`: section K was S and is now the
    /// parts, the others as they were.
    fn seating_claim(from: &str, description: &str, to: &str) -> Option<bool> {
        let section = after(description, " in ", " ")?.trim_end_matches(',');
        let index = match after(description, "(section ", ")") {
            Some(k) => k.parse::<usize>().ok()?.checked_sub(1)?,
            None => 0,
        };
        let parts: Vec<&str> = after(description, "leaving ", "\n")?.split(" + ").collect();
        let mut expected: Vec<&str> = from.split(' ').collect();
        if expected.get(index) != Some(&section) {
            return Some(false);
        }
        expected.splice(index..=index, parts);
        Some(expected.join(" ") == to)
    }

    /// `toad (in row R) moves from square A to B` (or jumps, or a frog): the piece left A for
    /// B, the other rows as they were.
    fn toads_claim(from: &str, description: &str, to: &str) -> Option<bool> {
        let piece = if description.starts_with("toad") {
            'T'
        } else {
            'F'
        };
        let row = match after(description, "in row ", " ") {
            Some(r) => r.parse::<usize>().ok()?.checked_sub(1)?,
            None => 0,
        };
        let start: usize = after(description, "from square ", " ")?.parse().ok()?;
        let end: usize = after(description, " to ", "\n")?.parse().ok()?;
        let rows = |text: &str| -> Vec<Vec<char>> {
            text.split(' ').map(|r| r.chars().collect()).collect()
        };
        let (before, after_move) = (rows(from), rows(to));
        let square = |rows: &[Vec<char>], at: usize| rows.get(row)?.get(at - 1).copied();
        let others_kept = (0..before.len()).all(|r| r == row || before.get(r) == after_move.get(r));
        Some(
            square(&before, start) == Some(piece)
                && square(&after_move, end) == Some(piece)
                && square(&after_move, start) == Some('.')
                && others_kept,
        )
    }

    /// `vertical domino on rows R1-R2, column C` (or horizontal on a row and two columns):
    /// those squares were empty and are now covered.
    fn domineering_claim(from: &str, description: &str, to: &str) -> Option<bool> {
        let numbers = |text: &str| -> Option<Vec<usize>> {
            text.split('-').map(|n| n.trim().parse().ok()).collect()
        };
        let squares: Vec<(usize, usize)> = if description.starts_with("vertical") {
            let rows = numbers(after(description, "rows ", ",")?)?;
            let column = numbers(after(description, "column ", "\n")?)?[0];
            rows.iter().map(|&r| (r, column)).collect()
        } else if description.starts_with("horizontal") {
            let row = numbers(after(description, "row ", ",")?)?[0];
            let columns = numbers(after(description, "columns ", "\n")?)?;
            columns.iter().map(|&c| (row, c)).collect()
        } else {
            return None;
        };
        let at =
            |text: &str, (r, c): (usize, usize)| text.split('|').nth(r - 1)?.chars().nth(c - 1);
        Some(
            squares
                .iter()
                .all(|&sq| at(from, sq) == Some('.') && at(to, sq) == Some('#')),
        )
    }

    #[test]
    fn every_ruleset_is_of_the_kind_it_declares() {
        for info in catalogue() {
            let (game, position) = example(info);
            let rules = ruleset(&game).unwrap();
            assert_eq!(rules.kind(), info.kind, "{game}");
            let position = rules.parse(&position).unwrap();
            assert_eq!(position.kind(), info.kind, "{game}");
        }
    }

    #[test]
    fn positions_read_by_two_rulesets_of_one_name_are_equal() {
        use std::hash::{BuildHasher, RandomState};
        let read = |game: &str, text: &str| ruleset(game).unwrap().parse(text).unwrap();
        let hasher = RandomState::new();
        for (game, text) in [("nim", "3 5"), ("domineering", "..|.."), ("poker-nim", "2")] {
            let (a, b) = (read(game, text), read(game, text));
            assert_eq!(a, b, "{game}");
            assert_eq!(hasher.hash_one(&a), hasher.hash_one(&b), "{game}");
        }
        assert_ne!(read("subtraction:1,2", "5"), read("subtraction:1,3", "5"));
        assert_ne!(read("nim", "3"), read("nimble", "3"));
    }
}
