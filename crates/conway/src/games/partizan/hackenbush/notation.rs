//! How Hackenbush pictures are written: words separated by spaces, each either a stalk of
//! colour letters from the ground up (`BRB`) or an edge `A-B:C` between numbered vertices,
//! 0 being the ground (`1-2:R`). The word `0` alone is the bare ground. A picture is kept as
//! written (see [`Picture`]), so it is written back with its writer's words and numbers.

use super::picture::{Colour, Picture, RawEdge};
use super::MAX_EDGES;
use crate::text::ParseError;
use rustc_hash::FxHashMap;

/// What a picture is made of while it is read: edges between vertices numbered as they come,
/// 0 the ground, and where each edge was written.
#[derive(Default)]
struct Reader {
    edges: Vec<RawEdge>,
    columns: Vec<usize>,
    vertices: FxHashMap<u32, u32>,
    vertex_count: u32,
}

const FORMS: &str = "write stalks of B (blue), R (red) and G (green) from the ground up, such as `BRB GG`, or edges between numbered vertices with 0 the ground, such as `0-1:B 1-2:R`";

/// Reads a picture; see the module documentation.
pub(super) fn parse(text: &str) -> Result<Picture, ParseError> {
    let mut reader = Reader {
        vertex_count: 1,
        ..Reader::default()
    };
    reader.vertices.insert(0, 0);
    let mut words = 0;
    for (column, word) in words_of(text) {
        words += 1;
        let first = word.chars().next().unwrap_or(' ');
        if word == "0" {
            continue;
        } else if first.is_ascii_digit() {
            reader.edge(column, word)?;
        } else if first.is_ascii_alphabetic() {
            reader.stalk(column, word)?;
        } else {
            return Err(ParseError::at(
                column,
                format!("'{first}' begins neither a stalk nor an edge: {FORMS}"),
            ));
        }
    }
    if words == 0 {
        return Err(ParseError::whole(format!(
            "no picture: {FORMS}; the bare ground is `0`"
        )));
    }
    reader.check_grounded()?;
    Ok(reader.picture())
}

/// The words of `text` with the column (in characters) where each begins.
fn words_of(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    text.split(' ')
        .map(move |word| {
            let at = column;
            column += word.chars().count() + 1;
            (at, word)
        })
        .filter(|(_, word)| !word.is_empty())
}

impl Reader {
    fn push(&mut self, column: usize, edge: RawEdge) -> Result<(), ParseError> {
        if self.edges.len() == MAX_EDGES {
            return Err(ParseError::at(
                column,
                format!("too many edges: a picture has at most {MAX_EDGES}"),
            ));
        }
        self.edges.push(edge);
        self.columns.push(column);
        Ok(())
    }

    fn fresh(&mut self) -> u32 {
        self.vertex_count += 1;
        self.vertex_count - 1
    }

    /// A stalk: its vertices are its own.
    fn stalk(&mut self, column: usize, word: &str) -> Result<(), ParseError> {
        let mut below = 0;
        for (i, letter) in word.chars().enumerate() {
            let colour = colour(letter, column + i, "a stalk")?;
            let above = self.fresh();
            self.push(column + i, (below, above, colour))?;
            below = above;
        }
        Ok(())
    }

    /// An edge `A-B:C`.
    fn edge(&mut self, column: usize, word: &str) -> Result<(), ParseError> {
        let chars: Vec<char> = word.chars().collect();
        let mut at = 0;
        let a = self.vertex(&chars, &mut at, column)?;
        expect(&chars, at, '-', column, "a '-' between the vertices")?;
        at += 1;
        let b = self.vertex(&chars, &mut at, column)?;
        expect(&chars, at, ':', column, "a ':' before the colour")?;
        at += 1;
        let letter = *chars
            .get(at)
            .ok_or_else(|| ParseError::at(column + at, "the edge needs its colour: B, R or G"))?;
        let colour = colour(letter, column + at, "an edge")?;
        if let Some(extra) = chars.get(at + 1) {
            return Err(ParseError::at(
                column + at + 1,
                format!("'{extra}' after the edge's colour: write an edge as A-B:C, e.g. 0-1:B"),
            ));
        }
        self.push(column, (a, b, colour))
    }

    /// A vertex number at `chars[*at..]`, moving `at` past it.
    fn vertex(&mut self, chars: &[char], at: &mut usize, column: usize) -> Result<u32, ParseError> {
        let start = *at;
        let mut number: u32 = 0;
        while let Some(digit) = chars.get(*at).and_then(|c| c.to_digit(10)) {
            number = number
                .checked_mul(10)
                .and_then(|n| n.checked_add(digit))
                .ok_or_else(|| {
                    ParseError::at(
                        column + start,
                        format!("vertex numbers go up to {}", u32::MAX),
                    )
                })?;
            *at += 1;
        }
        if *at == start {
            let reason = match chars.get(start) {
                Some(c) => format!(
                    "'{c}' where a vertex number belongs: write an edge as A-B:C, e.g. 0-1:B"
                ),
                None => "a vertex number is missing: write an edge as A-B:C, e.g. 0-1:B".into(),
            };
            return Err(ParseError::at(column + start, reason));
        }
        let fresh = self.vertex_count;
        let vertex = *self.vertices.entry(number).or_insert(fresh);
        if vertex == fresh {
            self.vertex_count += 1;
        }
        Ok(vertex)
    }

    /// The picture as written: the named vertices numbered in the order of their names,
    /// then the stalks' vertices in the order read.
    fn picture(self) -> Picture {
        let mut named: Vec<(u32, u32)> = self.vertices.into_iter().collect();
        named.sort_unstable();
        let mut number = vec![u32::MAX; self.vertex_count as usize];
        for (new, &(_, read)) in named.iter().enumerate() {
            number[read as usize] = new as u32;
        }
        let stalk_vertices = number.iter_mut().filter(|n| **n == u32::MAX);
        for (next, slot) in (named.len() as u32..).zip(stalk_vertices) {
            *slot = next;
        }
        let edges: Vec<RawEdge> = self
            .edges
            .iter()
            .map(|&(a, b, colour)| (number[a as usize], number[b as usize], colour))
            .collect();
        Picture::written(named.into_iter().map(|(name, _)| name).collect(), &edges)
    }

    /// Refuses an edge that no path joins to the ground: under the rules it would already be
    /// gone, so it is most likely a slip.
    fn check_grounded(&self) -> Result<(), ParseError> {
        let count = self.vertex_count as usize;
        let mut parts = super::picture::UnionFind::new(count);
        for &(a, b, _) in &self.edges {
            parts.join(a as usize, b as usize);
        }
        let ground = parts.find(0);
        for (i, &(a, _, _)) in self.edges.iter().enumerate() {
            if parts.find(a as usize) != ground {
                return Err(ParseError::at(
                    self.columns[i],
                    "this edge is not connected to the ground (vertex 0), so it is not part of the picture",
                ));
            }
        }
        Ok(())
    }
}

fn expect(
    chars: &[char],
    at: usize,
    wanted: char,
    column: usize,
    what: &str,
) -> Result<(), ParseError> {
    match chars.get(at) {
        Some(&c) if c == wanted => Ok(()),
        Some(c) => Err(ParseError::at(
            column + at,
            format!("'{c}' where {what} belongs: write an edge as A-B:C, e.g. 0-1:B"),
        )),
        None => Err(ParseError::at(
            column + at,
            format!("{what} is missing: write an edge as A-B:C, e.g. 0-1:B"),
        )),
    }
}

fn colour(letter: char, column: usize, what: &str) -> Result<Colour, ParseError> {
    Colour::from_letter(letter).ok_or_else(|| {
        ParseError::at(
            column,
            format!("'{letter}' is not a colour of {what}: B (blue), R (red) or G (green)"),
        )
    })
}

/// Writes a picture: as written, its stalks as stalks and its other edges with their
/// writer's numbers (the smaller first); in normal form, as edges; `0` if it is empty.
pub(super) fn show(picture: &Picture) -> String {
    if picture.is_empty() {
        return "0".to_string();
    }
    let mut words: Vec<String> = Vec::new();
    for edge in picture.edges() {
        let letter = edge.colour.letter();
        match (picture.in_stalk(edge), words.last_mut()) {
            (true, Some(stalk)) if edge.low != 0 => stalk.push(letter),
            (true, _) => words.push(letter.to_string()),
            (false, _) => words.push(format!(
                "{}-{}:{letter}",
                picture.name(edge.low),
                picture.name(edge.high)
            )),
        }
    }
    words.join(" ")
}

/// Which edge the move from `from` to `to` cuts, named as [`show`] writes `from`: by its
/// vertices, or by its height in its stalk and the stalk's place among the stalks.
pub(super) fn describe_move(from: &Picture, to: &Picture) -> String {
    // Only an edge whose cut removes as many edges of each colour as the move did can be it.
    let (before, after) = (from.colour_counts(), to.colour_counts());
    let removed: Vec<usize> = (0..3).map(|c| before[c].wrapping_sub(after[c])).collect();
    let counts = from.cut_counts();
    let Some(index) =
        (0..from.edges().len()).find(|&i| counts[i][..] == removed[..] && from.cut(i) == *to)
    else {
        return "to a picture that is not one cut away".to_string();
    };
    let edge = from.edges()[index];
    let colour = edge.colour.name();
    if from.in_stalk(&edge) {
        let (number, word, height) = stalk_of(from, index);
        return format!("cut the {colour} edge at height {height} of stalk {number} ({word})");
    }
    let kind = if edge.is_loop() { "loop" } else { "edge" };
    let (a, b) = (from.name(edge.low), from.name(edge.high));
    format!("cut the {colour} {kind} {a}-{b}")
}

/// For the stalk edge `index` of a picture as written: which stalk it is in (from 1, in the
/// order written), the stalk's colours from the ground up, and the edge's height in it
/// (from 1 at the ground).
fn stalk_of(picture: &Picture, index: usize) -> (usize, String, usize) {
    let edges = picture.edges();
    let starts = |i: &usize| picture.in_stalk(&edges[*i]) && edges[*i].low == 0;
    let number = (0..=index).filter(starts).count();
    let base = (0..=index).rev().find(starts).unwrap_or(index);
    let word: String = edges[base..]
        .iter()
        .enumerate()
        .take_while(|&(i, e)| i == 0 || (picture.in_stalk(e) && e.low != 0))
        .map(|(_, e)| e.colour.letter())
        .collect();
    (number, word, index - base + 1)
}
