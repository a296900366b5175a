//! How Hackenbush pictures are written: words separated by spaces, each either a stalk of
//! colour letters from the ground up (`BRB`) or an edge `A-B:C` between numbered vertices,
//! 0 being the ground (`1-2:R`). The word `0` alone is the bare ground.

use super::picture::{Colour, Picture, RawEdge, Vertex};
use super::MAX_EDGES;
use crate::rules::ParseError;
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
    Ok(Picture::build(reader.vertex_count as usize, &reader.edges))
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

/// Writes a picture: as stalks if it is only stalks, else as its edges; `0` if it is empty.
pub(super) fn show(picture: &Picture) -> String {
    if picture.is_empty() {
        return "0".to_string();
    }
    if let Some(stalks) = picture.stalks() {
        let words: Vec<String> = stalks
            .iter()
            .map(|stalk| stalk.iter().map(|c| c.letter()).collect())
            .collect();
        return words.join(" ");
    }
    let words: Vec<String> = picture
        .edges()
        .iter()
        .map(|e| format!("{}-{}:{}", e.low, e.high, e.colour.letter()))
        .collect();
    words.join(" ")
}

/// Which edge the move from `from` to `to` cuts, named as [`show`] writes `from`: by its
/// vertices, or by its height in its stalk.
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
    if let Some((word, height)) = in_stalk(from, edge.high) {
        return format!("cut the {colour} edge at height {height} of the stalk {word}");
    }
    let kind = if edge.is_loop() { "loop" } else { "edge" };
    format!("cut the {colour} {kind} {}-{}", edge.low, edge.high)
}

/// If `from` is only stalks, the stalk through `vertex` (as written) and the height of the
/// edge just below it, counting from 1 at the ground.
fn in_stalk(from: &Picture, vertex: Vertex) -> Option<(String, usize)> {
    from.stalks()?;
    let forest = from.forest()?;
    let mut above = vec![None; forest.parent.len()];
    for &v in &forest.order[1..] {
        above[forest.parent[v as usize].0 as usize] = Some(v);
    }
    let (mut base, mut height) = (u32::from(vertex), 0);
    while forest.parent[base as usize].0 != 0 {
        base = forest.parent[base as usize].0;
        height += 1;
    }
    let mut word = String::new();
    let mut at = Some(base);
    while let Some(v) = at {
        word.push(forest.parent[v as usize].1.letter());
        at = above[v as usize];
    }
    Some((word, height + 1))
}
