//! Col (§7.4, Colin Vout) and Snort (Simon Norton) on a graph: Left colours a vertex black,
//! Right white. In Col neighbours may not share a colour, in Snort they may not differ.
//! Colouring a vertex tints its neighbours: in Col a vertex next to a black one may only
//! become white (Right's) and one next to a white one only black (Left's); in Snort the other
//! way round; and one tinted both ways can never be coloured. The coloured vertex itself can
//! never be coloured again and tints nothing more, so it is written like that last kind
//! (`x`): the vertices keep the numbers the position was written with.

use crate::analysis::typed_partizan;
use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::engine::Footprint;
use crate::partizan::{Partizan, Player};
use crate::text::{parse_number, ParseError};

/// Col. A position is a graph of tinted vertices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Col;

/// Snort. A position is a graph of tinted vertices, as in Col.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Snort;

/// The colour a coloured vertex forbids its neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Forbids {
    /// Col: its own.
    Same,
    /// Snort: the other one.
    Other,
}

/// Who may colour a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tint {
    /// Either player (`.`).
    Free,
    /// Left only: it is tinted black, next to a white vertex (`L`).
    Black,
    /// Right only: tinted white, next to a black vertex (`R`).
    White,
    /// Neither (`x`): coloured already, or next to both colours.
    Dead,
}

impl Footprint for Tint {
    fn footprint(&self) -> usize {
        std::mem::size_of::<Tint>()
    }
}

/// A Col position: tinted vertices and the edges between them, each `(a, b)` with `a < b`,
/// sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColGraph {
    /// The tint of each vertex, by its number.
    pub tints: Vec<Tint>,
    /// The edges, as pairs of vertex numbers.
    pub edges: Vec<(u32, u32)>,
}

impl Footprint for ColGraph {
    fn footprint(&self) -> usize {
        self.tints.footprint() + self.edges.footprint()
    }
}

/// The most vertices and edges of a position.
const MAX_VERTICES: usize = 1024;
const MAX_EDGES: usize = 8192;

pub(crate) const COL: RuleInfo = RuleInfo {
    name: "col",
    kind: Kind::Partizan,
    params: Params::None,
    summary: "Partizan. Left colours a vertex black, Right white; neighbours may not get the same colour; whoever cannot colour a vertex loses.",
    notation: "the vertices' tints, then `;` and the edges: `.` either player may colour the vertex, `L` only Left (it is tinted black), `R` only Right (tinted white), `x` neither (a vertex coloured already, or next to both colours); edges `0-1,1-2` between vertices numbered from 0, `0-1-2` for a path. `.LL;0-1-2` is a path of an uncoloured vertex and two of Left's. A move writes the vertex it colours as `x`, so the vertices keep their numbers.",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve col \".L..R;0-1-2-3-4\"",
    build: |info, _| Ok(typed_partizan(info, Col)),
};

pub(crate) const SNORT: RuleInfo = RuleInfo {
    name: "snort",
    kind: Kind::Partizan,
    params: Params::None,
    summary: "Partizan. Left colours a vertex black, Right white; neighbours may not get different colours; whoever cannot colour a vertex loses.",
    notation: "as Col's: the vertices' tints, then `;` and the edges: `.` either player may colour the vertex, `L` only Left (it is next to a black vertex), `R` only Right (next to a white one), `x` neither (a vertex coloured already, or next to both colours); edges `0-1,1-2` between vertices numbered from 0, `0-1-2` for a path. `...;0-1-2` is a path of three vertices. A move writes the vertex it colours as `x`, so the vertices keep their numbers.",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve snort \"....;0-1-2-3\"",
    build: |info, _| Ok(typed_partizan(info, Snort)),
};

impl Tint {
    fn letter(self) -> char {
        match self {
            Tint::Free => '.',
            Tint::Black => 'L',
            Tint::White => 'R',
            Tint::Dead => 'x',
        }
    }

    /// The tint of a neighbour of a vertex just coloured by the player whose own tint is
    /// `own`: in Col it may no longer take that colour, in Snort only that colour.
    fn next_to(self, own: Tint, forbids: Forbids) -> Tint {
        match forbids {
            Forbids::Same => match self {
                Tint::Free if own == Tint::Black => Tint::White,
                Tint::Free => Tint::Black,
                tint if tint == own => Tint::Dead,
                tint => tint,
            },
            Forbids::Other => match self {
                Tint::Free => own,
                tint if tint == own => tint,
                _ => Tint::Dead,
            },
        }
    }
}

impl ColGraph {
    /// The neighbours of each vertex.
    fn neighbours(&self) -> Vec<Vec<usize>> {
        let mut neighbours = vec![Vec::new(); self.tints.len()];
        for &(a, b) in &self.edges {
            neighbours[a as usize].push(b as usize);
            neighbours[b as usize].push(a as usize);
        }
        neighbours
    }

    /// The graph on the vertices in `order` (renumbered in that order) with their tints
    /// replaced by `tints`, keeping the edges among them.
    fn relabel(&self, order: &[usize], tints: &[Tint]) -> ColGraph {
        let mut number = vec![u32::MAX; self.tints.len()];
        for (new, &old) in order.iter().enumerate() {
            number[old] = new as u32;
        }
        let mut edges: Vec<(u32, u32)> = self
            .edges
            .iter()
            .map(|&(a, b)| (number[a as usize], number[b as usize]))
            .filter(|&(a, b)| a != u32::MAX && b != u32::MAX)
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        edges.sort_unstable();
        ColGraph {
            tints: order.iter().map(|&v| tints[v]).collect(),
            edges,
        }
    }

    /// Whether the player whose tint is `own` may colour vertex `v`.
    fn colourable(&self, v: usize, own: Tint) -> bool {
        self.tints[v] == Tint::Free || self.tints[v] == own
    }

    /// The graph after the player whose tint is `own` colours vertex `v`: `v` can no longer
    /// be coloured, and its neighbours are tinted.
    fn colour(&self, v: usize, own: Tint, forbids: Forbids, neighbours: &[Vec<usize>]) -> ColGraph {
        let mut tints = self.tints.clone();
        for &u in &neighbours[v] {
            tints[u] = tints[u].next_to(own, forbids);
        }
        tints[v] = Tint::Dead;
        ColGraph {
            tints,
            edges: self.edges.clone(),
        }
    }

    /// Every graph after the player whose tint is `own` colours one vertex.
    fn moves(&self, own: Tint, forbids: Forbids) -> Vec<ColGraph> {
        let neighbours = self.neighbours();
        (0..self.tints.len())
            .filter(|&v| self.colourable(v, own))
            .map(|v| self.colour(v, own, forbids, &neighbours))
            .collect()
    }

    /// The two simplifications of the text: a vertex neither player may colour is deleted
    /// (it stays to the end and tints nothing), and so is an edge whose colouring at either
    /// end never tints the other: in Col between a black-tinted and a white-tinted vertex
    /// (they can never get the same colour), in Snort between two tinted alike (each can
    /// only get the colour the other allows). Then each connected component, its vertices in
    /// an order that depends only on the shape, so that isomorphic components meet in the
    /// table more often.
    fn components(&self, forbids: Forbids) -> Vec<ColGraph> {
        let live: Vec<usize> = (0..self.tints.len())
            .filter(|&v| self.tints[v] != Tint::Dead)
            .collect();
        let mut graph = self.relabel(&live, &self.tints);
        graph.edges.retain(|&(a, b)| {
            let (a, b) = (graph.tints[a as usize], graph.tints[b as usize]);
            let inert = match forbids {
                Forbids::Same => a != b && a != Tint::Free && b != Tint::Free,
                Forbids::Other => a == b && a != Tint::Free,
            };
            !inert
        });
        let neighbours = graph.neighbours();
        let mut seen = vec![false; graph.tints.len()];
        let mut parts = Vec::new();
        for start in 0..graph.tints.len() {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut members = vec![start];
            let mut next = 0;
            while next < members.len() {
                for &u in &neighbours[members[next]] {
                    if !seen[u] {
                        seen[u] = true;
                        members.push(u);
                    }
                }
                next += 1;
            }
            parts.push(graph.relabel(
                &shape_order(&members, &graph.tints, &neighbours),
                &graph.tints,
            ));
        }
        parts
    }
}

/// `members` sorted by tint and degree, then by the sorted tints and degrees of their
/// neighbours (ties keep their order): any order is correct, this one makes isomorphic
/// graphs often equal.
fn shape_order(members: &[usize], tints: &[Tint], neighbours: &[Vec<usize>]) -> Vec<usize> {
    let label = |v: usize| (tints[v], neighbours[v].len());
    let mut keyed: Vec<_> = members
        .iter()
        .map(|&v| {
            let mut around: Vec<_> = neighbours[v].iter().map(|&u| label(u)).collect();
            around.sort_unstable();
            ((label(v), around), v)
        })
        .collect();
    keyed.sort();
    keyed.into_iter().map(|(_, v)| v).collect()
}

impl Partizan for Col {
    type Position = ColGraph;

    fn left_options(&self, graph: &ColGraph) -> Vec<ColGraph> {
        graph.moves(Tint::Black, Forbids::Same)
    }

    fn right_options(&self, graph: &ColGraph) -> Vec<ColGraph> {
        graph.moves(Tint::White, Forbids::Same)
    }

    fn components(&self, graph: ColGraph, parts: &mut Vec<ColGraph>) {
        parts.extend(graph.components(Forbids::Same));
    }
}

impl Partizan for Snort {
    type Position = ColGraph;

    fn left_options(&self, graph: &ColGraph) -> Vec<ColGraph> {
        graph.moves(Tint::Black, Forbids::Other)
    }

    fn right_options(&self, graph: &ColGraph) -> Vec<ColGraph> {
        graph.moves(Tint::White, Forbids::Other)
    }

    fn components(&self, graph: ColGraph, parts: &mut Vec<ColGraph>) {
        parts.extend(graph.components(Forbids::Other));
    }
}

impl PartizanNotation for Col {
    fn parse(&self, text: &str) -> Result<ColGraph, ParseError> {
        let (tints_text, edges_text) = text.split_once(';').unwrap_or((text, ""));
        let start = tints_text.chars().take_while(|c| c.is_whitespace()).count();
        let mut tints = Vec::new();
        for (column, c) in tints_text.trim().chars().enumerate() {
            tints.push(match c {
                '.' => Tint::Free,
                'L' => Tint::Black,
                'R' => Tint::White,
                'x' => Tint::Dead,
                _ => {
                    return Err(ParseError::at(
                        start + column,
                        format!("'{c}' is not a vertex: write . (either player), L (Left only), R (Right only) or x (neither), then ; and the edges"),
                    ))
                }
            });
            if tints.len() > MAX_VERTICES {
                return Err(ParseError::at(
                    start + column,
                    format!("too many vertices: at most {MAX_VERTICES}"),
                ));
            }
        }
        if tints.is_empty() {
            return Err(ParseError::whole(
                "no vertices: write the vertices' tints, then ; and the edges, as in .LL;0-1-2",
            ));
        }
        let offset = tints_text.chars().count() + 1;
        let edges = parse_edges(edges_text, tints.len()).map_err(|e| e.shifted(offset))?;
        Ok(ColGraph { tints, edges })
    }

    fn show(&self, graph: &ColGraph) -> String {
        let tints: String = graph.tints.iter().map(|t| t.letter()).collect();
        let edges: Vec<String> = graph
            .edges
            .iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect();
        if edges.is_empty() {
            tints
        } else {
            format!("{tints};{}", edges.join(","))
        }
    }

    fn describe_move(&self, player: Player, from: &ColGraph, to: &ColGraph) -> String {
        describe_colouring(player, from, to, Forbids::Same)
    }
}

impl PartizanNotation for Snort {
    fn parse(&self, text: &str) -> Result<ColGraph, ParseError> {
        Col.parse(text)
    }

    fn show(&self, graph: &ColGraph) -> String {
        Col.show(graph)
    }

    fn describe_move(&self, player: Player, from: &ColGraph, to: &ColGraph) -> String {
        describe_colouring(player, from, to, Forbids::Other)
    }
}

/// "Left colours vertex 2 black": the move of `player` from `from` to `to`.
fn describe_colouring(player: Player, from: &ColGraph, to: &ColGraph, forbids: Forbids) -> String {
    let (own, colour) = match player {
        Player::Left => (Tint::Black, "black"),
        Player::Right => (Tint::White, "white"),
    };
    // The vertex coloured is one that the move made uncolourable.
    let neighbours = from.neighbours();
    let coloured = (0..from.tints.len()).find(|&v| {
        from.colourable(v, own)
            && to.tints.get(v) == Some(&Tint::Dead)
            && from.colour(v, own, forbids, &neighbours) == *to
    });
    match coloured {
        Some(v) => format!("{player} colours vertex {v} {colour}"),
        None => format!("{player} colours a vertex {colour}"),
    }
}

/// Reads edges `0-1,1-2` (or a path `0-1-2`) between `vertices` vertices: sorted, each once.
fn parse_edges(text: &str, vertices: usize) -> Result<Vec<(u32, u32)>, ParseError> {
    let mut edges = Vec::new();
    if text.trim().is_empty() {
        return Ok(edges);
    }
    let mut offset = 0;
    for chain in text.split(',') {
        let mut previous: Option<u32> = None;
        let mut at = offset;
        for item in chain.split('-') {
            let vertex = parse_vertex(item, vertices).map_err(|e| e.shifted(at))?;
            if let Some(before) = previous {
                if before == vertex {
                    return Err(ParseError::at(
                        at,
                        format!("an edge from vertex {vertex} to itself"),
                    ));
                }
                edges.push((before.min(vertex), before.max(vertex)));
            }
            previous = Some(vertex);
            at += item.chars().count() + 1;
        }
        if previous.is_some() && !chain.contains('-') {
            return Err(ParseError::at(
                offset,
                "an edge joins two vertices: write it as 0-1",
            ));
        }
        if edges.len() > MAX_EDGES {
            return Err(ParseError::at(
                offset,
                format!("too many edges: at most {MAX_EDGES}"),
            ));
        }
        offset += chain.chars().count() + 1;
    }
    edges.sort_unstable();
    edges.dedup();
    Ok(edges)
}

/// Reads one vertex number, which must be below `vertices`.
fn parse_vertex(text: &str, vertices: usize) -> Result<u32, ParseError> {
    let start = text.chars().take_while(|c| c.is_whitespace()).count();
    let number = parse_number(text).map_err(|e| match e.offset {
        Some(_) => e,
        None => ParseError::at(0, "a vertex number is missing"),
    })?;
    if number >= vertices as u64 {
        return Err(ParseError::at(
            start,
            format!(
                "there is no vertex {number}: the vertices are numbered from 0 to {}",
                vertices - 1
            ),
        ));
    }
    Ok(number as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(text: &str) -> ColGraph {
        Col.parse(text).unwrap()
    }

    fn shown(graphs: Vec<ColGraph>) -> Vec<String> {
        graphs.iter().map(|g| Col.show(g)).collect()
    }

    #[test]
    fn colouring_deletes_the_vertex_and_tints_its_neighbours() {
        let path = graph(".L.;0-1-2");
        assert_eq!(
            shown(Col.left_options(&path)),
            ["xx.;0-1,1-2", "RxR;0-1,1-2", ".xx;0-1,1-2"]
        );
        assert_eq!(
            shown(Col.right_options(&path)),
            ["xL.;0-1,1-2", ".Lx;0-1,1-2"]
        );
    }

    #[test]
    fn snort_tints_the_neighbours_for_the_same_colour() {
        let path = graph(".R.;0-1-2");
        assert_eq!(
            shown(Snort.left_options(&path)),
            ["xx.;0-1,1-2", ".xx;0-1,1-2"]
        );
        assert_eq!(
            shown(Snort.right_options(&path)),
            ["xR.;0-1,1-2", "RxR;0-1,1-2", ".Rx;0-1,1-2"]
        );
        assert_eq!(
            Snort.describe_move(Player::Right, &path, &graph("RxR;0-1-2")),
            "Right colours vertex 1 white"
        );
        let mut parts = Vec::new();
        Snort.components(graph("LLR.x;0-1,1-2,2-3,3-4"), &mut parts);
        assert_eq!(shown(parts), ["L", ".LR;0-2,1-2"]);
    }

    #[test]
    fn components_apply_the_simplifications() {
        let mut parts = Vec::new();
        Col.components(graph("LxR.;0-1,1-2,0-2,2-3"), &mut parts);
        assert_eq!(shown(parts), ["L", ".R;0-1"]);
    }

    #[test]
    fn positions_read_back_and_errors_point_at_the_column() {
        assert_eq!(Col.show(&graph(" .LR ;2-1, 0-1-2,1-2")), ".LR;0-1,1-2");
        assert_eq!(Col.show(&graph("..")), "..");
        assert_eq!(Col.show(&graph("..;")), "..");
        for (text, column) in [
            ("..;0-2", 5),
            ("..;0-0", 5),
            (".y", 1),
            ("..;0-1,", 7),
            ("..;0", 3),
            ("..;0-a", 5),
        ] {
            let error = Col.parse(text).unwrap_err();
            assert_eq!(error.offset, Some(column), "{text}: {error}");
        }
        assert!(Col.parse(";").is_err());
        assert!(Col.parse(&".".repeat(MAX_VERTICES + 1)).is_err());
    }

    #[test]
    fn moves_are_described() {
        let path = graph(".L.;0-1-2");
        assert_eq!(
            Col.describe_move(Player::Left, &path, &graph("RxR;0-1-2")),
            "Left colours vertex 1 black"
        );
        assert_eq!(
            Col.describe_move(Player::Right, &path, &graph(".Lx;0-1-2")),
            "Right colours vertex 2 white"
        );
        // The last vertex is coloured by either player, to the same position.
        let last = graph(".");
        assert_eq!(
            Col.describe_move(Player::Right, &last, &graph("x")),
            "Right colours vertex 0 white"
        );
    }
}
