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

use super::Graph;
use super::GraphError;
use std::collections::HashMap;
use thiserror::Error;

/// Why a text is not a game graph: the line and what is wrong with it.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct TextError {
    /// Counted from 1.
    pub line: usize,
    pub message: String,
}

/// A game graph read from text: the names of its vertices and its moves between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphText {
    /// Vertex `v` is `names[v]`.
    pub names: Vec<String>,
    /// The moves of an impartial graph, or Left's moves of a partizan one.
    pub moves: Vec<(u32, u32)>,
    /// Right's moves, where the text is partizan (some line has a `|`).
    pub right_moves: Option<Vec<(u32, u32)>>,
}

/// The characters a name may not contain: they separate the parts of a line, or the names
/// of a sum on the command line.
const RESERVED: [char; 3] = ['#', '|', ','];

impl GraphText {
    /// Reads a graph from its text.
    pub fn parse(text: &str) -> Result<GraphText, TextError> {
        let mut reader = Reader::default();
        let partizan = text.lines().any(|line| strip_comment(line).contains('|'));
        for (i, line) in text.lines().enumerate() {
            reader
                .line(strip_comment(line), partizan)
                .map_err(|message| TextError {
                    line: i + 1,
                    message,
                })?;
        }
        Ok(GraphText {
            names: reader.names,
            moves: reader.left,
            right_moves: partizan.then_some(reader.right),
        })
    }

    /// The impartial graph of this text; a partizan text is refused, since its players' moves
    /// differ.
    pub fn into_graph(self) -> Result<Graph<String>, GraphError> {
        if self.right_moves.is_some() {
            return Err(GraphError::Partizan);
        }
        Graph::from_edges(self.names, &self.moves)
    }

    /// The vertex of each name, to look names up.
    pub fn index(&self) -> HashMap<&str, u32> {
        (0..)
            .zip(&self.names)
            .map(|(v, n)| (n.as_str(), v))
            .collect()
    }
}

fn strip_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(kept, _)| kept)
}

/// The vertices and moves read so far.
#[derive(Default)]
struct Reader {
    names: Vec<String>,
    ids: HashMap<String, u32>,
    left: Vec<(u32, u32)>,
    right: Vec<(u32, u32)>,
}

impl Reader {
    /// Reads one line, its comment removed.
    fn line(&mut self, line: &str, partizan: bool) -> Result<(), String> {
        let (from, to) = match line.split_once("->") {
            Some((from, to)) => (from, Some(to)),
            None => (line, None),
        };
        let from_names: Vec<&str> = from.split_whitespace().collect();
        let from = match (from_names.as_slice(), to) {
            ([], None) => return Ok(()),
            ([], Some(_)) => return Err("a move needs a vertex before `->`".to_string()),
            ([name], _) => self.id(name)?,
            ([first, second, ..], None) => {
                return Err(format!(
                    "`{first} {second}`: write the moves of a vertex as `{first} -> {second} ...`"
                ))
            }
            (names, Some(_)) => {
                return Err(format!(
                    "`{}` before `->` is more than one name: one vertex per line",
                    names.join(" ")
                ))
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

    /// The id of the vertex called `name`, a new one the first time.
    fn id(&mut self, name: &str) -> Result<u32, String> {
        if let Some(&id) = self.ids.get(name) {
            return Ok(id);
        }
        if let Some(c) = name.chars().find(|c| RESERVED.contains(c)) {
            return Err(format!(
                "the name `{name}` contains `{c}`, which names may not"
            ));
        }
        let id = u32::try_from(self.names.len())
            .ok()
            .filter(|&id| id < u32::MAX)
            .ok_or_else(|| format!("a graph may have at most {} vertices", u32::MAX - 1))?;
        self.names.push(name.to_string());
        self.ids.insert(name.to_string(), id);
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &GraphText, moves: &[(u32, u32)]) -> Vec<(String, String)> {
        moves
            .iter()
            .map(|&(a, b)| {
                (
                    text.names[a as usize].clone(),
                    text.names[b as usize].clone(),
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
        let text = GraphText::parse(
            "# the trap\n a -> t b   # two moves\n\nb -> a\nlonely\nb -> b\n   # end\n",
        )
        .unwrap();
        assert_eq!(text.names, ["a", "t", "b", "lonely"]);
        assert_eq!(
            names(&text, &text.moves),
            pairs(&[("a", "t"), ("a", "b"), ("b", "a"), ("b", "b")])
        );
        assert_eq!(text.right_moves, None);
        let graph = text.clone().into_graph().unwrap();
        assert_eq!(graph.len(), 4);
        assert_eq!(graph.successors(0), [1, 2]);
        assert!(graph.is_terminal(3));
        assert_eq!(text.index().get("b"), Some(&2));
        assert_eq!(text.index().get("c"), None);
    }

    #[test]
    fn a_partizan_graph_splits_moves_at_the_bar() {
        // Example 6.2 of the spec: Left b→a, c→b; Right b→c, c→c; a terminal.
        let text = GraphText::parse("a ->|\nb -> a | c\nc -> b | c\n").unwrap();
        assert_eq!(text.names, ["a", "b", "c"]);
        assert_eq!(names(&text, &text.moves), pairs(&[("b", "a"), ("c", "b")]));
        assert_eq!(
            names(&text, text.right_moves.as_ref().unwrap()),
            pairs(&[("b", "c"), ("c", "c")])
        );
        assert_eq!(text.into_graph(), Err(GraphError::Partizan));
    }

    #[test]
    fn mistakes_name_their_line() {
        let error = |text: &str| GraphText::parse(text).unwrap_err().to_string();
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
    fn an_empty_text_is_an_empty_graph() {
        let text = GraphText::parse("# nothing\n\n").unwrap();
        assert!(text.names.is_empty());
        assert!(text.into_graph().unwrap().is_empty());
    }
}
