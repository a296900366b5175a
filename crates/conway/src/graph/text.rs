//! Game graphs written as text: one line per vertex, `from -> to1 to2 ...`, with names of
//! the user's choice and `#` comments. A partizan graph separates Left's moves from Right's
//! with a bar, as the texts write games: `x -> a b | c` lets Left move to `a` or `b` and
//! Right to `c`.
//!
//! ```text
//! # the trap: from a, only the move to t wins at once
//! a -> t b
//! b -> a
//! ```
//!
//! A vertex named only as a target, or alone on its line, has no moves. A vertex may have
//! several lines; their moves add up. Vertices are numbered in the order their names first
//! appear, so the first vertex of the file is vertex 0.
//!
//! A comment starts with a `#` at the start of a line or after a space or tab; a `#` inside a
//! name is an error, and so is a control character anywhere (a tab separates like a space).
//! A byte-order mark at the start of the text is skipped.
//!
//! Reading counts what it holds against a [`Meter`]'s memory limit as it goes: the text, the
//! names with the table that finds them, the moves, and then the lists of the graph.

use super::adjacency::Adjacency;
use super::intern::Interner;
use super::partizan::build_and_solve_bytes;
use super::{Graph, GraphError, PartizanGraph, ENTRY_BYTES};
use crate::engine::{Meter, SearchError};
use std::mem::size_of;
use thiserror::Error;

/// Why a text is not a game graph: the line, where known the column, and what is wrong.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("line {line}{}: {message}", show_column(.column))]
pub struct TextError {
    /// Counted from 1.
    pub line: usize,
    /// Counted from 1, in characters.
    pub column: Option<usize>,
    /// What is wrong, in a sentence.
    pub message: String,
}

fn show_column(column: &Option<usize>) -> String {
    column.map_or(String::new(), |c| format!(", column {c}"))
}

/// Why a text could not be made a graph.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ReadError {
    /// The text does not follow the notation of a game graph.
    #[error(transparent)]
    Text(#[from] TextError),
    /// The text reads, but not as a graph that can be built and asked (too large, or
    /// partizan where an impartial graph is needed).
    #[error(transparent)]
    Graph(#[from] GraphError),
    /// The graph needs more memory than the meter allows.
    #[error(transparent)]
    Limit(#[from] SearchError),
}

/// A game graph read from text: the names of its vertices and its moves between them.
#[derive(Clone, Debug)]
pub struct GraphText {
    /// Vertex `v` is named `names.positions()[v]`, and a name's vertex is found by hash.
    names: Interner<String>,
    /// The moves of an impartial graph, or Left's moves of a partizan one.
    pub moves: Vec<(u32, u32)>,
    /// Right's moves, where the text is partizan (some line has a `|`).
    pub right_moves: Option<Vec<(u32, u32)>>,
}

/// The characters a name may not contain besides `#` (which [`strip_comment`] deals with):
/// they separate the parts of a line, or the names of a sum on the command line.
const RESERVED: [char; 2] = ['|', ','];

/// Bytes a name holds besides its text: its `String` and its chain link three times over (a
/// list holds up to twice its length, and three times while it grows), and its entry in the
/// hash table twice over (the table grows the same way).
const NAME_BYTES: u64 = 3 * (size_of::<String>() + size_of::<u32>()) as u64 + 2 * ENTRY_BYTES;

/// The bytes the allocator gives a text of `len` bytes: whole words, and up to an eighth
/// more for its size classes.
fn text_bytes(len: usize) -> u64 {
    let len = len as u64;
    (len + len / 8).next_multiple_of(8)
}

/// Bytes a move holds while it is read: two `u32`.
const MOVE_BYTES: u64 = 2 * size_of::<u32>() as u64;

impl GraphText {
    /// Reads a graph from its text. The text, the names with the table that finds them and the
    /// moves count against the meter's memory limit as they are read.
    pub fn parse(text: &str, meter: &mut Meter) -> Result<GraphText, ReadError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let (partizan, left, right) = count_moves(text);
        let moves = MOVE_BYTES.saturating_mul(left.saturating_add(right));
        meter.hold_more((text.len() as u64).saturating_add(moves))?;
        let mut reader = Reader {
            names: Interner::new(),
            left: Vec::with_capacity(left as usize),
            right: Vec::with_capacity(right as usize),
            meter,
        };
        for (i, line) in text.lines().enumerate() {
            let located = |column: Option<usize>, message: String| TextError {
                line: i + 1,
                column,
                message,
            };
            let kept = check_characters(line)
                .and_then(|()| strip_comment(line))
                .map_err(|(column, message)| located(Some(column), message))?;
            reader.line(kept, partizan).map_err(|error| match error {
                LineError::Text(message) => ReadError::Text(located(None, message)),
                LineError::Limit(error) => ReadError::Limit(error),
            })?;
        }
        Ok(GraphText {
            names: reader.names,
            moves: reader.left,
            right_moves: partizan.then_some(reader.right),
        })
    }

    /// The names of the vertices, in vertex order.
    pub fn names(&self) -> &[String] {
        self.names.positions()
    }

    /// The vertex called `name`.
    pub fn vertex(&self, name: &str) -> Option<u32> {
        self.names.find(name)
    }

    /// The impartial graph of this text, its lists counted against the meter's memory limit
    /// before they are built; a partizan text is refused, since its players' moves differ.
    pub fn into_graph(self, meter: &mut Meter) -> Result<Graph<String>, ReadError> {
        if self.right_moves.is_some() {
            return Err(GraphError::Partizan.into());
        }
        let names = self.names.into_positions();
        meter.hold_more(Adjacency::build_bytes(names.len(), self.moves.len()))?;
        Ok(Graph::from_edges(names, &self.moves)?)
    }

    /// The partizan graph of this text, refused where it, or the state graph that solving it
    /// builds, would pass the meter's memory limit.
    pub fn into_partizan_graph(
        self,
        meter: &mut Meter,
    ) -> Result<PartizanGraph<String>, ReadError> {
        let names = self.names.into_positions();
        let right = self.right_moves.unwrap_or_default();
        let moves = self.moves.len() + right.len();
        meter.hold_more(build_and_solve_bytes(names.len(), moves))?;
        Ok(PartizanGraph::from_edges(names, &self.moves, &right)?)
    }
}

/// Whether the text is partizan (some line has a `|` after `->`), and how many moves each
/// player has (the names after `->`, each side of the bar), to hold them in lists of the
/// right size.
fn count_moves(text: &str) -> (bool, u64, u64) {
    let mut partizan = false;
    let (mut left, mut right) = (0u64, 0u64);
    for line in text.lines() {
        let Some((_, to)) = strip_comment(line).unwrap_or("").split_once("->") else {
            continue;
        };
        let (before, after) = to.split_once('|').unwrap_or((to, ""));
        partizan |= to.contains('|');
        left += before.split_whitespace().count() as u64;
        right += after.split_whitespace().count() as u64;
    }
    (partizan, left, right)
}

/// Refuses a control character other than a tab, with its column.
fn check_characters(line: &str) -> Result<(), (usize, String)> {
    match line
        .chars()
        .enumerate()
        .find(|&(_, c)| c.is_control() && c != '\t')
    {
        Some((i, c)) => Err((
            i + 1,
            format!(
                "the control character U+{:04X} may not appear in a graph file",
                u32::from(c)
            ),
        )),
        None => Ok(()),
    }
}

/// The line before its comment: a `#` at its start or after a space or tab starts one; a `#`
/// inside a name is an error, with its column, rather than a comment that would cut the name.
fn strip_comment(line: &str) -> Result<&str, (usize, String)> {
    let mut previous = None;
    for (column, (at, c)) in line.char_indices().enumerate() {
        if c == '#' {
            if previous.is_none_or(char::is_whitespace) {
                return Ok(&line[..at]);
            }
            let word = line[..at].split_whitespace().last().unwrap_or("");
            return Err((
                column + 1,
                format!("`{word}#`: a name may not contain `#`; a comment starts with `#` at the start of a line or after a space"),
            ));
        }
        previous = Some(c);
    }
    Ok(line)
}

/// Why a line could not be read.
enum LineError {
    Text(String),
    Limit(SearchError),
}

impl From<String> for LineError {
    fn from(message: String) -> Self {
        LineError::Text(message)
    }
}

impl From<&str> for LineError {
    fn from(message: &str) -> Self {
        LineError::Text(message.to_string())
    }
}

/// The vertices and moves read so far, and the meter that counts them.
struct Reader<'a> {
    names: Interner<String>,
    left: Vec<(u32, u32)>,
    right: Vec<(u32, u32)>,
    meter: &'a mut Meter,
}

impl Reader<'_> {
    /// Reads one line, its comment removed.
    fn line(&mut self, line: &str, partizan: bool) -> Result<(), LineError> {
        let (from, to) = match line.split_once("->") {
            Some((from, to)) => (from, Some(to)),
            None => (line, None),
        };
        let from_names: Vec<&str> = from.split_whitespace().collect();
        let from = match (from_names.as_slice(), to) {
            ([], None) => return Ok(()),
            ([], Some(_)) => return Err("a move needs a vertex before `->`".into()),
            ([name], _) => self.id(name)?,
            ([first, second, ..], None) => {
                return Err(format!(
                    "`{first} {second}`: write the moves of a vertex as `{first} -> {second} ...`"
                )
                .into())
            }
            (names, Some(_)) => {
                return Err(format!(
                    "`{}` before `->` is more than one name: one vertex per line",
                    names.join(" ")
                )
                .into())
            }
        };
        let Some(to) = to else { return Ok(()) };
        if to.contains("->") {
            return Err(
                "a line has one `->`: give each vertex's moves on a line of its own".into(),
            );
        }
        let (left, right) = match (to.split_once('|'), partizan) {
            (Some((left, right)), _) => (left, right),
            (None, false) => (to, ""),
            (None, true) => {
                return Err(
                    "this graph is partizan (a line has `|`), so every move list needs one: Left's moves, `|`, Right's moves"
                        .into(),
                )
            }
        };
        if right.contains('|') {
            return Err("a line has at most one `|`, between Left's moves and Right's".into());
        }
        for name in left.split_whitespace() {
            let to = self.id(name)?;
            self.left.push((from, to));
        }
        for name in right.split_whitespace() {
            let to = self.id(name)?;
            self.right.push((from, to));
        }
        Ok(())
    }

    /// The id of the vertex called `name`, a new one the first time, counted against the
    /// memory limit.
    fn id(&mut self, name: &str) -> Result<u32, LineError> {
        if let Some(id) = self.names.find(name) {
            return Ok(id);
        }
        if let Some(c) = name.chars().find(|c| RESERVED.contains(c)) {
            return Err(format!("the name `{name}` contains `{c}`, which names may not").into());
        }
        self.meter
            .hold_more(NAME_BYTES + text_bytes(name.len()))
            .map_err(LineError::Limit)?;
        match self.names.intern(name.to_string()) {
            Ok((id, _)) => Ok(id),
            Err(_) => Err(format!("a graph may have at most {} vertices", u32::MAX - 1).into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;

    fn meter() -> Meter {
        Meter::new(Limits::default())
    }

    fn parse(text: &str) -> Result<GraphText, ReadError> {
        GraphText::parse(text, &mut meter())
    }

    fn names(text: &GraphText, moves: &[(u32, u32)]) -> Vec<(String, String)> {
        moves
            .iter()
            .map(|&(a, b)| {
                (
                    text.names()[a as usize].clone(),
                    text.names()[b as usize].clone(),
                )
            })
            .collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|&(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn an_impartial_graph_with_comments_and_lone_vertices() {
        let text =
            parse("# the trap\n a -> t b   # two moves\n\nb -> a\nlonely\nb -> b\n   # end\n")
                .unwrap();
        assert_eq!(text.names(), ["a", "t", "b", "lonely"]);
        assert_eq!(
            names(&text, &text.moves),
            pairs(&[("a", "t"), ("a", "b"), ("b", "a"), ("b", "b")])
        );
        assert_eq!(text.right_moves, None);
        let graph = text.clone().into_graph(&mut meter()).unwrap();
        assert_eq!(graph.len(), 4);
        assert_eq!(graph.successors(0), [1, 2]);
        assert!(graph.is_terminal(3));
        assert_eq!(text.vertex("b"), Some(2));
        assert_eq!(text.vertex("c"), None);
    }

    #[test]
    fn a_partizan_graph_splits_moves_at_the_bar() {
        // Example 6.2 of the spec: Left b→a, c→b; Right b→c, c→c; a terminal.
        let text = parse("a ->|\nb -> a | c\nc -> b | c\n").unwrap();
        assert_eq!(text.names(), ["a", "b", "c"]);
        assert_eq!(names(&text, &text.moves), pairs(&[("b", "a"), ("c", "b")]));
        assert_eq!(
            names(&text, text.right_moves.as_ref().unwrap()),
            pairs(&[("b", "c"), ("c", "c")])
        );
        assert_eq!(
            text.into_graph(&mut meter()).unwrap_err(),
            ReadError::Graph(GraphError::Partizan)
        );
    }

    #[test]
    fn mistakes_name_their_line() {
        let error = |text: &str| parse(text).unwrap_err().to_string();
        assert_eq!(
            error("a -> b\nb c\n"),
            "line 2: `b c`: write the moves of a vertex as `b -> c ...`"
        );
        assert!(error("-> b").starts_with("line 1: a move needs a vertex"));
        assert!(error("a b -> c").contains("more than one name"));
        assert!(error("a -> b -> c").contains("one `->`"));
        assert!(error("a -> b,c").contains("contains `,`"));
        assert!(error("a -> b | c | d").contains("at most one `|`"));
        assert!(error("a -> b | c\nb -> a").starts_with("line 2: this graph is partizan"));
    }

    #[test]
    fn comments_start_words_and_control_characters_are_refused() {
        let error = |text: &str| parse(text).unwrap_err().to_string();
        assert!(error("a# -> b").starts_with("line 1, column 2: `a#`"));
        assert!(error("a -> b c#d").starts_with("line 1, column 9: `c#`"));
        assert!(error("a\tb\0 -> c").starts_with("line 1, column 4: the control character U+0000"));
        let text = parse("\u{feff}a -> b\t# a tab, then a comment\n#c -> d").unwrap();
        assert_eq!(text.names(), ["a", "b"]);
    }

    #[test]
    fn reading_counts_the_text_names_and_moves_against_the_memory_limit() {
        let chain: String = (0..1000).map(|v| format!("v{v} -> v{}\n", v + 1)).collect();
        let mut small = Meter::new(Limits {
            max_positions: 1,
            max_memory: 64 << 10,
        });
        assert_eq!(
            GraphText::parse(&chain, &mut small).unwrap_err(),
            ReadError::Limit(SearchError::OutOfMemory { limit: 64 << 10 })
        );
        let mut enough = meter();
        let text = GraphText::parse(&chain, &mut enough).unwrap();
        let read = enough.held();
        assert!(read > chain.len() as u64 + 1001 * NAME_BYTES, "{read}");
        text.into_graph(&mut enough).unwrap();
        assert!(enough.held() > read);
    }

    #[test]
    fn an_empty_text_is_an_empty_graph() {
        let text = parse("# nothing\n\n").unwrap();
        assert!(text.names().is_empty());
        assert!(text.into_graph(&mut meter()).unwrap().is_empty());
    }
}
