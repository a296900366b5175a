//! Hackenbush pictures: rooted multigraphs whose edges are blue, red or green, with the ground
//! as one vertex (§9.0: however many points of the ground a drawing shows, they are one).
//!
//! A [`Picture`] comes in two forms. As written, it keeps what its writer wrote: the edges in
//! the order written, the writer's vertex numbers, and which edges make up stalks, so that it
//! is written back the same way and its moves name the writer's vertices. In normal form, the
//! vertices are numbered by [`normal_edges`], which gives isomorphic forests the same
//! numbering (so that the solver finds a position's transpositions) and any graph a numbering
//! that a second pass keeps.

use crate::engine::Footprint;
use crate::partizan::Player;
use std::collections::VecDeque;
use std::mem::size_of;

/// The colour of an edge, which says who may cut it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// Left's (drawn black in the texts).
    Blue,
    /// Right's (drawn white in the texts).
    Red,
    /// Either player's.
    Green,
}

impl Colour {
    /// The letter of the notation: `B`, `R` or `G`.
    pub fn letter(self) -> char {
        match self {
            Colour::Blue => 'B',
            Colour::Red => 'R',
            Colour::Green => 'G',
        }
    }

    /// The colour of a letter of the notation, in either case.
    pub fn from_letter(letter: char) -> Option<Colour> {
        match letter.to_ascii_uppercase() {
            'B' => Some(Colour::Blue),
            'R' => Some(Colour::Red),
            'G' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The word for the colour: `blue`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Green => "green",
        }
    }

    /// Whether `player` may cut an edge of this colour.
    pub fn cut_by(self, player: Player) -> bool {
        !matches!(
            (self, player),
            (Colour::Blue, Player::Right) | (Colour::Red, Player::Left)
        )
    }
}

/// A vertex: 0 is the ground. A picture has at most [`super::MAX_EDGES`] edges, so at most
/// one vertex more, which 16 bits hold.
pub type Vertex = u16;

/// An edge between `low ≤ high`; a loop when they are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    /// The lower-numbered end.
    pub low: Vertex,
    /// The higher-numbered end.
    pub high: Vertex,
    /// Who may cut it: blue for Left, red for Right, green for either.
    pub colour: Colour,
}

impl Edge {
    /// Whether both ends are the same vertex.
    pub fn is_loop(&self) -> bool {
        self.low == self.high
    }
}

impl Footprint for Edge {
    fn footprint(&self) -> usize {
        size_of::<Edge>()
    }
}

/// An edge between vertices numbered in some scratch numbering.
pub(super) type RawEdge = (u32, u32, Colour);

/// A Hackenbush position: its edges, every one connected to the ground, between vertices
/// numbered from 0 (the ground) without gaps. The empty picture is the bare ground.
///
/// In normal form the edges are sorted and numbered by `normal_edges`, and `names` is `None`.
/// As written, the edges are in the order written and `names` holds the writer's number of each
/// vertex that edges written `A-B:C` join, in increasing order, the ground's 0 first: those
/// vertices are numbered first, in the order of their names, then the vertices of the stalks,
/// in the order written. An edge to one of those is a stalk's, and a stalk's edges follow one
/// another from the ground up. Whoever numbers two pictures as written this way numbers them
/// the same when they are written the same, so equal pictures as written are equal texts.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Picture {
    edges: Vec<Edge>,
    names: Option<Vec<u32>>,
}

/// The bare ground, as written.
impl Default for Picture {
    fn default() -> Self {
        Picture {
            edges: Vec::new(),
            names: Some(vec![0]),
        }
    }
}

impl Footprint for Picture {
    fn footprint(&self) -> usize {
        self.edges.footprint() + self.names.as_ref().map_or(0, |names| names.len() * 4)
    }
}

impl Picture {
    /// The part of `edges` (between vertices `0..vertices`, 0 the ground) that is connected to
    /// the ground, in normal form.
    pub(super) fn build(vertices: usize, edges: &[RawEdge]) -> Picture {
        Picture {
            edges: normal_edges(vertices, edges),
            names: None,
        }
    }

    /// A picture as written, from edges numbered as [`Picture`] says with `names` the
    /// writer's numbers of the first vertices; every edge must reach the ground.
    pub(super) fn written(names: Vec<u32>, edges: &[RawEdge]) -> Picture {
        let edges = edges
            .iter()
            .map(|&(a, b, colour)| Edge {
                low: a.min(b) as Vertex,
                high: a.max(b) as Vertex,
                colour,
            })
            .collect();
        Picture {
            edges,
            names: Some(names),
        }
    }

    /// The same picture in normal form.
    pub fn normal(self) -> Picture {
        match self.names {
            None => self,
            Some(_) => Picture::build(self.vertex_count(), &self.raw_edges().collect::<Vec<_>>()),
        }
    }

    /// The edges: in normal form sorted, as written in the order written.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Whether the picture has no edge left: the game 0.
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The number its writer gave vertex `v`, or in normal form its own number.
    pub fn name(&self, v: Vertex) -> u32 {
        match &self.names {
            Some(names) => names[usize::from(v)],
            None => u32::from(v),
        }
    }

    /// Whether `edge` was written as part of a stalk (never in normal form).
    pub fn in_stalk(&self, edge: &Edge) -> bool {
        self.names
            .as_ref()
            .is_some_and(|names| usize::from(edge.high) >= names.len())
    }

    /// How many vertices, the ground included.
    pub fn vertex_count(&self) -> usize {
        self.edges
            .iter()
            .map(|e| usize::from(e.high) + 1)
            .max()
            .unwrap_or(1)
    }

    /// Whether some edge has `colour`.
    pub fn has(&self, colour: Colour) -> bool {
        self.edges.iter().any(|e| e.colour == colour)
    }

    fn raw_edges(&self) -> impl Iterator<Item = RawEdge> + Clone + '_ {
        self.edges
            .iter()
            .map(|e| (u32::from(e.low), u32::from(e.high), e.colour))
    }

    /// The picture after cutting edge `index`: whatever no longer reaches the ground goes.
    /// A picture as written stays as written, its other edges as they were.
    pub fn cut(&self, index: usize) -> Picture {
        let rest: Vec<RawEdge> = self
            .raw_edges()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .map(|(_, edge)| edge)
            .collect();
        let Some(names) = &self.names else {
            return Picture::build(self.vertex_count(), &rest);
        };
        // The vertices still joined to the ground keep their order, so the numbering stays
        // the one [`Picture`] describes.
        let grounded = grounded(self.vertex_count(), &rest);
        let mut number = vec![u32::MAX; grounded.len()];
        let kept_vertices = (0..grounded.len()).filter(|&v| grounded[v]);
        for (next, v) in kept_vertices.enumerate() {
            number[v] = next as u32;
        }
        let kept: Vec<RawEdge> = rest
            .into_iter()
            .filter(|&(a, _, _)| grounded[a as usize])
            .map(|(a, b, colour)| (number[a as usize], number[b as usize], colour))
            .collect();
        let names = names
            .iter()
            .zip(&grounded)
            .filter(|(_, &g)| g)
            .map(|(&name, _)| name)
            .collect();
        Picture::written(names, &kept)
    }

    /// The pictures `player` can move to, each once, in the order of the edges cut.
    pub fn options(&self, player: Player) -> Vec<Picture> {
        // Cutting one of two equal parallel edges (or loops) is the same move.
        let repeated = repeats(&self.edges);
        let mut options: Vec<Picture> = (0..self.edges.len())
            .filter(|&i| self.edges[i].colour.cut_by(player) && !repeated[i])
            .map(|i| self.cut(i))
            .collect();
        let repeated = repeats(&options);
        let mut index = 0;
        options.retain(|_| {
            index += 1;
            !repeated[index - 1]
        });
        options
    }

    /// The independent parts: the connected pieces left when the ground is taken away, each
    /// with the edges that join it to the ground. A loop at the ground is a part of its own.
    pub fn components(&self) -> Vec<Picture> {
        let vertices = self.vertex_count();
        let mut pieces = UnionFind::new(vertices);
        for e in self.edges.iter().filter(|e| e.low != 0) {
            pieces.join(usize::from(e.low), usize::from(e.high));
        }
        let mut groups: Vec<Vec<RawEdge>> = vec![Vec::new(); vertices];
        let mut ground_loops = Vec::new();
        for edge in self.raw_edges() {
            match edge {
                (0, 0, _) => ground_loops.push(vec![edge]),
                (_, high, _) => groups[pieces.find(high as usize)].push(edge),
            }
        }
        // Each part is numbered on its own, so that building it costs its size alone and a
        // picture of many small parts splits in time linear in its size.
        let mut number = vec![u32::MAX; vertices];
        number[0] = 0;
        groups
            .into_iter()
            .chain(ground_loops)
            .filter(|group| !group.is_empty())
            .map(|group| {
                let (count, edges) = numbered_apart(&group, &mut number);
                match edges[..] {
                    // One edge (a blade of grass, a loop) is in normal form as it stands.
                    [(a, b, colour)] => Picture {
                        edges: vec![Edge {
                            low: a.min(b) as Vertex,
                            high: a.max(b) as Vertex,
                            colour,
                        }],
                        names: None,
                    },
                    _ => Picture::build(count, &edges),
                }
            })
            .collect()
    }

    /// The blocks and bridges of the picture.
    pub(super) fn blocks(&self) -> Blocks {
        let vertices = self.vertex_count();
        let bridge = bridges(&self.edges, vertices);
        let mut blocks = UnionFind::new(vertices);
        for (e, _) in self.edges.iter().zip(&bridge).filter(|(_, &b)| !b) {
            blocks.join(usize::from(e.low), usize::from(e.high));
        }
        let block: Vec<usize> = (0..vertices).map(|v| blocks.find(v)).collect();
        let mut tree: Vec<Vec<(usize, usize)>> = vec![Vec::new(); vertices];
        for (i, e) in self.edges.iter().enumerate().filter(|&(i, _)| bridge[i]) {
            let (a, b) = (block[usize::from(e.low)], block[usize::from(e.high)]);
            tree[a].push((b, i));
            tree[b].push((a, i));
        }
        let mut outwards = vec![Hanging {
            block: block[0],
            below: usize::MAX,
            bridge: usize::MAX,
        }];
        let mut next = 0;
        while next < outwards.len() {
            let Hanging { block, below, .. } = outwards[next];
            next += 1;
            outwards.extend(tree[block].iter().filter(|&&(c, _)| c != below).map(
                |&(c, bridge)| Hanging {
                    block: c,
                    below: block,
                    bridge,
                },
            ));
        }
        Blocks {
            block,
            bridge,
            outwards,
        }
    }

    /// How many edges of each colour (blue, red, green) the whole picture has.
    pub fn colour_counts(&self) -> [usize; 3] {
        let mut counts = [0; 3];
        for e in &self.edges {
            counts[e.colour as usize] += 1;
        }
        counts
    }

    /// For each edge, how many edges of each colour cutting it removes (itself included).
    pub fn cut_counts(&self) -> Vec<[usize; 3]> {
        let blocks = self.blocks();
        let mut inside = vec![[0usize; 3]; self.vertex_count()];
        for (i, e) in self.edges.iter().enumerate() {
            if !blocks.bridge[i] {
                inside[blocks.block[usize::from(e.low)]][e.colour as usize] += 1;
            }
        }
        let mut counts: Vec<[usize; 3]> = self
            .edges
            .iter()
            .map(|e| {
                let mut one = [0; 3];
                one[e.colour as usize] = 1;
                one
            })
            .collect();
        for hanging in blocks.outwards[1..].iter().rev() {
            let beyond = inside[hanging.block];
            for (count, more) in counts[hanging.bridge].iter_mut().zip(beyond) {
                *count += more;
            }
            let with_bridge = counts[hanging.bridge];
            for (count, more) in inside[hanging.below].iter_mut().zip(with_bridge) {
                *count += more;
            }
        }
        counts
    }

    /// The picture as a rooted forest, if it is one once its loops are taken for leaves (a
    /// loop is cut exactly like an edge to a vertex of its own).
    pub fn forest(&self) -> Option<Forest> {
        let vertices = self.vertex_count();
        let non_loops = self.edges.iter().filter(|e| !e.is_loop()).count();
        // Connected (every edge reaches the ground) with one edge fewer than vertices.
        if non_loops + 1 != vertices {
            return None;
        }
        let adjacency = Adjacency::new(vertices, self.raw_edges());
        let mut forest = Forest {
            parent: vec![(0, Colour::Green); vertices],
            order: Vec::with_capacity(vertices),
            loops: Vec::new(),
        };
        let mut seen = vec![false; vertices];
        seen[0] = true;
        forest.order.push(0);
        let mut next = 0;
        while next < forest.order.len() {
            let v = forest.order[next];
            next += 1;
            for &(w, colour) in adjacency.of(v) {
                if w == v {
                    forest.loops.push((v, colour));
                } else if !seen[w as usize] {
                    seen[w as usize] = true;
                    forest.parent[w as usize] = (v, colour);
                    forest.order.push(w);
                }
            }
        }
        Some(forest)
    }

    /// The stalks, each from the ground up, if the picture is nothing else (no branching, no
    /// loops): in the order of their lowest edges.
    pub fn stalks(&self) -> Option<Vec<Vec<Colour>>> {
        let forest = self.forest()?;
        if !forest.loops.is_empty() {
            return None;
        }
        let vertices = forest.parent.len();
        let mut child: Vec<Option<u32>> = vec![None; vertices];
        let mut bases = Vec::new();
        for &v in &forest.order[1..] {
            let (parent, _) = forest.parent[v as usize];
            if parent == 0 {
                bases.push(v);
            } else if child[parent as usize].replace(v).is_some() {
                return None;
            }
        }
        let stalk = |base: u32| {
            let mut colours = Vec::new();
            let mut at = Some(base);
            while let Some(v) = at {
                colours.push(forest.parent[v as usize].1);
                at = child[v as usize];
            }
            colours
        };
        Some(bases.into_iter().map(stalk).collect())
    }
}

/// A picture's 2-edge-connected blocks, which the fusion principle fuses into single
/// vertices, and the tree of bridges that joins them.
pub(super) struct Blocks {
    /// The block of each vertex, named by one of its vertices.
    pub(super) block: Vec<usize>,
    /// Whether each edge is a bridge: cutting it drops the blocks beyond it.
    pub(super) bridge: Vec<bool>,
    /// The blocks, the ground's first and each after the block it hangs from.
    pub(super) outwards: Vec<Hanging>,
}

/// A block and how it hangs from the ground's side (for the ground's block, `usize::MAX`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Hanging {
    pub(super) block: usize,
    /// The block below it.
    pub(super) below: usize,
    /// The bridge between them.
    pub(super) bridge: usize,
}

/// A picture that is a rooted forest (loops aside).
pub struct Forest {
    /// Each vertex's parent and the colour of the edge to it (the ground's entry is unused).
    pub parent: Vec<(u32, Colour)>,
    /// The vertices, parents before children, the ground first.
    pub order: Vec<u32>,
    /// The loops, at their vertices.
    pub loops: Vec<(u32, Colour)>,
}

/// Who is joined to whom: each vertex's neighbours with the colour of the edge, a loop listed
/// once with the vertex as its own neighbour.
struct Adjacency {
    start: Vec<usize>,
    ends: Vec<(u32, Colour)>,
}

impl Adjacency {
    fn new(vertices: usize, edges: impl Iterator<Item = RawEdge> + Clone) -> Adjacency {
        let mut start = vec![0; vertices + 1];
        for (a, b, _) in edges.clone() {
            start[a as usize + 1] += 1;
            if a != b {
                start[b as usize + 1] += 1;
            }
        }
        for v in 0..vertices {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut ends = vec![(0, Colour::Green); start[vertices]];
        for (a, b, colour) in edges {
            ends[fill[a as usize]] = (b, colour);
            fill[a as usize] += 1;
            if a != b {
                ends[fill[b as usize]] = (a, colour);
                fill[b as usize] += 1;
            }
        }
        Adjacency { start, ends }
    }

    fn of(&self, v: u32) -> &[(u32, Colour)] {
        &self.ends[self.start[v as usize]..self.start[v as usize + 1]]
    }
}

/// The edges of `edges` connected to the ground, renumbered in normal form and sorted: a
/// representative of the pictures that differ only in their vertices' numbers.
///
/// The vertices are numbered in breadth-first order from the ground, taking the new
/// neighbours of a vertex in the order of a description of what hangs below them: working up
/// from the deepest level, a vertex is ranked among those of its level by the colours and
/// ranks of its edges down, and the colours of its edges sideways, of its loops and up. For a
/// forest that description is the whole subtree, so isomorphic forests get the same numbering;
/// for other graphs it may miss an isomorphism, which only costs a transposition. Ties are
/// broken by the old numbers, so a numbering this function made is kept: the normal form is
/// stable.
pub(super) fn normal_edges(vertices: usize, edges: &[RawEdge]) -> Vec<Edge> {
    let adjacency = Adjacency::new(vertices, edges.iter().copied());
    let (depth, order) = breadth_first(&adjacency, vertices);
    let rank = ranks(&adjacency, &depth, &order);
    let mut label = vec![u32::MAX; vertices];
    label[0] = 0;
    let mut next = 1;
    let mut queue = VecDeque::from([0u32]);
    let mut fresh: Vec<(u32, Colour)> = Vec::new();
    let mut children: Vec<(u32, [u16; 3], u32)> = Vec::new();
    while let Some(v) = queue.pop_front() {
        fresh.clear();
        fresh.extend(
            adjacency
                .of(v)
                .iter()
                .filter(|&&(w, _)| label[w as usize] == u32::MAX),
        );
        fresh.sort_unstable_by_key(|&(w, colour)| (w, colour));
        // Each new neighbour with its rank and how many edges of each colour join it to v.
        children.clear();
        for &(w, colour) in &fresh {
            match children.last_mut() {
                Some((_, counts, last)) if *last == w => counts[colour as usize] += 1,
                _ => {
                    let mut counts = [0u16; 3];
                    counts[colour as usize] = 1;
                    children.push((rank[w as usize], counts, w));
                }
            }
        }
        children.sort_unstable();
        for &(_, _, w) in &children {
            label[w as usize] = next;
            next += 1;
            queue.push_back(w);
        }
    }
    let mut result: Vec<Edge> = edges
        .iter()
        .filter(|&&(a, _, _)| label[a as usize] != u32::MAX)
        .map(|&(a, b, colour)| {
            let (a, b) = (label[a as usize], label[b as usize]);
            Edge {
                low: a.min(b) as Vertex,
                high: a.max(b) as Vertex,
                colour,
            }
        })
        .collect();
    result.sort_unstable();
    result
}

/// The distance of each vertex from the ground (`u32::MAX` if it cannot reach it) and the
/// reachable vertices in breadth-first order.
fn breadth_first(adjacency: &Adjacency, vertices: usize) -> (Vec<u32>, Vec<u32>) {
    let mut depth = vec![u32::MAX; vertices];
    depth[0] = 0;
    let mut order = vec![0u32];
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        for &(w, _) in adjacency.of(v) {
            if depth[w as usize] == u32::MAX {
                depth[w as usize] = depth[v as usize] + 1;
                order.push(w);
            }
        }
    }
    (depth, order)
}

/// Each vertex's rank among the vertices of its level by what it looks like from below
/// ([`write_shape`]), deepest level first.
fn ranks(adjacency: &Adjacency, depth: &[u32], order: &[u32]) -> Vec<u32> {
    let mut rank = vec![0; depth.len()];
    let mut shapes: Vec<u32> = Vec::new();
    let mut spans: Vec<(usize, usize, u32)> = Vec::new();
    let mut end = order.len();
    while end > 0 {
        let level = depth[order[end - 1] as usize];
        let begin = order[..end].partition_point(|&v| depth[v as usize] < level);
        shapes.clear();
        spans.clear();
        for &v in &order[begin..end] {
            let start = shapes.len();
            write_shape(adjacency, depth, &rank, v, &mut shapes);
            spans.push((start, shapes.len(), v));
        }
        let shape = |&(start, end, _): &(usize, usize, u32)| &shapes[start..end];
        spans.sort_unstable_by(|a, b| shape(a).cmp(shape(b)));
        let mut current = 0;
        for i in 0..spans.len() {
            if i > 0 && shape(&spans[i]) != shape(&spans[i - 1]) {
                current += 1;
            }
            rank[spans[i].2 as usize] = current;
        }
        end = begin;
    }
    rank
}

/// Appends what `v` looks like from below, as numbers compared in order: its edges down
/// (colour and the rank of the vertex below), then sideways, its loops and its edges up (by
/// colour), each part sorted and closed by a 0.
fn write_shape(adjacency: &Adjacency, depth: &[u32], rank: &[u32], v: u32, shapes: &mut Vec<u32>) {
    let level = depth[v as usize];
    for part in 0..4 {
        let start = shapes.len();
        for &(w, colour) in adjacency.of(v) {
            let at = depth[w as usize];
            let colour = colour as u32 + 1;
            shapes.push(match part {
                0 if at > level => colour + 3 * rank[w as usize],
                1 if at == level && w != v => colour,
                2 if w == v => colour,
                3 if at < level => colour,
                _ => continue,
            });
        }
        shapes[start..].sort_unstable();
        shapes.push(0);
    }
}

/// `edges` with their vertices numbered from 1 in order of appearance (the ground stays 0),
/// and how many vertices that makes; `number` maps old numbers to new ones, unset
/// (`u32::MAX`) past the ground before and after.
fn numbered_apart(edges: &[RawEdge], number: &mut [u32]) -> (usize, Vec<RawEdge>) {
    let mut count = 1;
    let mut renumber = |v: u32| {
        if number[v as usize] == u32::MAX {
            number[v as usize] = count;
            count += 1;
        }
        number[v as usize]
    };
    let renumbered: Vec<RawEdge> = edges
        .iter()
        .map(|&(a, b, colour)| (renumber(a), renumber(b), colour))
        .collect();
    for &(a, b, _) in edges {
        for v in [a, b].into_iter().filter(|&v| v != 0) {
            number[v as usize] = u32::MAX;
        }
    }
    (count as usize, renumbered)
}

/// Which of `vertices` vertices the `edges` join to the ground.
fn grounded(vertices: usize, edges: &[RawEdge]) -> Vec<bool> {
    let adjacency = Adjacency::new(vertices, edges.iter().copied());
    let (depth, _) = breadth_first(&adjacency, vertices);
    depth.iter().map(|&d| d != u32::MAX).collect()
}

/// Which items equal an earlier one.
fn repeats<T: Ord>(items: &[T]) -> Vec<bool> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| items[a].cmp(&items[b]).then(a.cmp(&b)));
    let mut repeated = vec![false; items.len()];
    for pair in order.windows(2) {
        if items[pair[0]] == items[pair[1]] {
            repeated[pair[1]] = true;
        }
    }
    repeated
}

/// Disjoint sets of vertices, joined as edges are read.
pub(super) struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    pub(super) fn new(size: usize) -> UnionFind {
        UnionFind {
            parent: (0..size).collect(),
        }
    }

    pub(super) fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    pub(super) fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.parent[a] = b;
    }
}

/// Which edges are bridges (cutting one disconnects its far side from the ground), by a
/// depth-first search from the ground with its own stack: the edge to a child is a bridge
/// when nothing below the child reaches above it by another edge. Parallel edges and loops
/// are never bridges. (Every vertex is reached: the edges all hang from the ground.)
fn bridges(edges: &[Edge], vertices: usize) -> Vec<bool> {
    let mut neighbours: Vec<Vec<(usize, usize)>> = vec![Vec::new(); vertices];
    for (i, e) in edges.iter().enumerate().filter(|(_, e)| !e.is_loop()) {
        neighbours[usize::from(e.low)].push((usize::from(e.high), i));
        neighbours[usize::from(e.high)].push((usize::from(e.low), i));
    }
    let mut bridge = vec![false; edges.len()];
    let mut found = vec![usize::MAX; vertices];
    let mut low = vec![usize::MAX; vertices];
    let mut time = 0;
    let mut stack = vec![(0usize, usize::MAX, 0usize)];
    found[0] = 0;
    low[0] = 0;
    while let Some(top) = stack.last_mut() {
        let (v, via, next) = *top;
        if let Some(&(w, edge)) = neighbours[v].get(next) {
            top.2 += 1;
            if edge == via {
                continue;
            }
            if found[w] == usize::MAX {
                time += 1;
                found[w] = time;
                low[w] = time;
                stack.push((w, edge, 0));
            } else {
                low[v] = low[v].min(found[w]);
            }
            continue;
        }
        stack.pop();
        if let Some(&(parent, _, _)) = stack.last() {
            low[parent] = low[parent].min(low[v]);
            if low[v] > found[parent] {
                bridge[via] = true;
            }
        }
    }
    bridge
}
