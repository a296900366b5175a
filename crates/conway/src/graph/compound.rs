//! Compound games (§4.3 and §5): several games on graphs played at once, each move moving
//! one, all, or some of the components, under normal play.
//!
//! A compound's position is a tuple of vertex ids, one per component. Where every component
//! that matters is acyclic, the closed rules of §5 decide the conjunctive, continued
//! conjunctive and selective compounds (and a D-product, which is the conjunctive compound of
//! its core) from each component's remoteness or suspense, in time linear in the components.
//! Otherwise the compound is built as an explicit product graph and solved by retrograde
//! analysis: its size is the product of the components' sizes, so it is counted against a
//! [`Meter`] before anything is allocated.

use super::adjacency::Adjacency;
use super::Graph;
use super::GraphError;
use crate::engine::{Meter, Outcome, Play, SearchError};
use crate::text::ParseError;
use std::fmt;
use std::mem::size_of;
use std::str::FromStr;
use thiserror::Error;

/// How a move of a compound moves its components, and when its play ends.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Compound {
    /// The disjunctive sum: a move moves exactly one component; play ends when all have
    /// ended.
    Disjunctive,
    /// A move moves every component; play ends as soon as one component has ended.
    Conjunctive,
    /// A move moves every component that can still move; play ends when all have ended.
    ContinuedConjunctive,
    /// A move moves any non-empty set of components; play ends when all have ended.
    Selective,
    /// A move moves any non-empty set of components; play ends as soon as one has ended.
    ShortenedSelective,
    /// Arakelyan's D-product over the filter of all sets of components that contain `core`
    /// (on finitely many components every filter is one of these): a move moves every core
    /// component and any others. The others never block or end play, so the game is the
    /// conjunctive compound of the core.
    DProduct {
        /// The core components, by their indices from 0.
        core: Vec<usize>,
    },
}

/// Reads a compound as the command line writes it: `sum` (or `disjunctive`), `conjunctive`,
/// `continued` (or `continued-conjunctive`), `selective`, `shortened-selective`, or
/// `d-product:1,3`, the core's components counted from 1.
impl FromStr for Compound {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Compound, ParseError> {
        Ok(match text {
            "sum" | "disjunctive" => Compound::Disjunctive,
            "conjunctive" => Compound::Conjunctive,
            "continued" | "continued-conjunctive" => Compound::ContinuedConjunctive,
            "selective" => Compound::Selective,
            "shortened-selective" => Compound::ShortenedSelective,
            _ => {
                const PREFIX: &str = "d-product:";
                let core = text.strip_prefix(PREFIX).ok_or_else(|| {
                    ParseError::whole(format!("'{text}' is not a compound: use conjunctive, continued, selective, shortened-selective or d-product:1,2"))
                })?;
                let mut offset = PREFIX.len();
                let mut tokens = Vec::new();
                for token in core.split(',') {
                    match token.trim().parse::<usize>() {
                        Ok(n) if n >= 1 => tokens.push(n - 1),
                        _ => return Err(ParseError::at(offset, format!(
                            "'{token}' is not a token number: the core of a D-product lists tokens counted from 1, e.g. d-product:1,3"
                        ))),
                    }
                    offset += token.chars().count() + 1;
                }
                Compound::DProduct { core: tokens }
            }
        })
    }
}

/// Written as [`Compound::from_str`] reads it back.
impl fmt::Display for Compound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Compound::Disjunctive => f.write_str("sum"),
            Compound::Conjunctive => f.write_str("conjunctive"),
            Compound::ContinuedConjunctive => f.write_str("continued"),
            Compound::Selective => f.write_str("selective"),
            Compound::ShortenedSelective => f.write_str("shortened-selective"),
            Compound::DProduct { core } => {
                let core: Vec<String> = core.iter().map(|i| (i + 1).to_string()).collect();
                write!(f, "d-product:{}", core.join(","))
            }
        }
    }
}

/// Why a compound cannot be analysed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum CompoundError {
    /// The compound was given no component.
    #[error("a compound needs at least one component")]
    NoComponents,
    /// A D-product's core is empty or names a component that does not exist.
    #[error("the core of a D-product must name at least one of the {components} components, each by its number counted from 1: {}", show_core(.core))]
    BadCore {
        /// The core as given, by indices from 0.
        core: Vec<usize>,
        /// How many components the compound has.
        components: usize,
    },
    /// The product graph would number more vertices or moves than `u32` ids can, whatever the
    /// limits allow; `size` is its vertices and moves, or `None` past 64 bits.
    #[error("the compound's own graph would have {}, more than the {} positions or moves a graph can number, whatever the limits allow", show_size(.size), u32::MAX)]
    TooLarge {
        /// The product graph's vertices and moves, or `None` past 64 bits.
        size: Option<(u64, u64)>,
    },
    /// A position that does not give one vertex of each component.
    #[error(
        "the position {position:?} must give one vertex of each of the {components} components"
    )]
    BadPosition {
        /// The position as given, a vertex per component.
        position: Vec<u32>,
        /// How many components the compound has.
        components: usize,
    },
    /// The product graph passed a limit of the computation.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// A D-product's core as the user counts its components, from 1: `[1, 3]`.
fn show_core(core: &[usize]) -> String {
    let shown: Vec<String> = core
        .iter()
        .map(|&i| i.saturating_add(1).to_string())
        .collect();
    format!("[{}]", shown.join(", "))
}

/// A product graph's size: `12 positions and 30 moves`.
fn show_size(size: &Option<(u64, u64)>) -> String {
    match size {
        Some((positions, moves)) => format!("{positions} positions and {moves} moves"),
        None => "more than 2^64 positions or moves".to_string(),
    }
}

/// How the product graph's moves move its coordinates: the compounds with a D-product's core
/// in place of all components.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Moves {
    /// Exactly one coordinate (disjunctive).
    One,
    /// Every coordinate; none if one cannot (conjunctive, D-product).
    All,
    /// Every coordinate that can (continued conjunctive).
    AllLive,
    /// Any non-empty set (selective).
    AnySet,
    /// Any non-empty set; none if one coordinate cannot move (shortened selective).
    AnySetAllLive,
}

impl Compound {
    /// How the product graph moves, and which components are its coordinates.
    fn plan(&self, count: usize) -> Result<(Moves, Vec<usize>), CompoundError> {
        if count == 0 {
            return Err(CompoundError::NoComponents);
        }
        let all = || (0..count).collect();
        Ok(match self {
            Compound::Disjunctive => (Moves::One, all()),
            Compound::Conjunctive => (Moves::All, all()),
            Compound::ContinuedConjunctive => (Moves::AllLive, all()),
            Compound::Selective => (Moves::AnySet, all()),
            Compound::ShortenedSelective => (Moves::AnySetAllLive, all()),
            Compound::DProduct { core } => {
                let mut sorted = core.clone();
                sorted.sort_unstable();
                sorted.dedup();
                if sorted.last().is_none_or(|&last| last >= count) {
                    return Err(CompoundError::BadCore {
                        core: core.clone(),
                        components: count,
                    });
                }
                (Moves::All, sorted)
            }
        })
    }
}

/// Bytes a product vertex holds: its offsets both ways and its stamp while it is built, and
/// its outcome, depth, counter and queue slot while it is solved.
const VERTEX_BYTES: u64 = 3 * size_of::<u32>() as u64 + 13;

/// Bytes a product move holds: its target and its source.
const EDGE_BYTES: u64 = 2 * size_of::<u32>() as u64;

/// A compound built as an explicit graph on the tuples of its coordinates' vertices.
///
/// Vertex ids are the tuples in mixed radix, the last coordinate counting fastest, so a tuple
/// and its id convert without a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductGraph {
    /// The components the graph is over: all, or a D-product's core, ascending.
    coordinates: Vec<usize>,
    /// The number of components of a full position.
    components: usize,
    /// The number of vertices of each coordinate's component.
    sizes: Vec<u32>,
    /// What one step of each coordinate adds to a vertex id.
    strides: Vec<u32>,
    graph: Graph<()>,
}

impl ProductGraph {
    /// Builds the graph of `compound` over `components`, refusing, before it allocates, a
    /// graph whose vertices and moves (counted exactly from the components' sizes and
    /// out-degrees) pass the meter's limits, with what the meter holds already, or `u32` ids.
    pub fn build<P>(
        compound: &Compound,
        components: &[&Graph<P>],
        meter: &mut Meter,
    ) -> Result<ProductGraph, CompoundError> {
        let (moves, coordinates) = compound.plan(components.len())?;
        let parts: Vec<&Graph<P>> = coordinates.iter().map(|&i| components[i]).collect();
        let size = product_size(moves, &parts);
        let Some((vertices, edges)) = size.filter(|&(vertices, edges)| {
            vertices <= u64::from(u32::MAX) && edges <= u64::from(u32::MAX)
        }) else {
            return Err(CompoundError::TooLarge { size });
        };
        meter.count(vertices.saturating_add(edges))?;
        meter.hold_more(
            vertices
                .saturating_mul(VERTEX_BYTES)
                .saturating_add(edges.saturating_mul(EDGE_BYTES)),
        )?;
        let sizes: Vec<u32> = parts.iter().map(|p| p.len() as u32).collect();
        let strides = strides(&sizes);
        let graph = Graph::numbered(product_successors(
            moves,
            &parts,
            &strides,
            vertices as usize,
        ));
        Ok(ProductGraph {
            coordinates,
            components: components.len(),
            sizes,
            strides,
            graph,
        })
    }

    /// The graph: its vertex ids are [`ProductGraph::vertex`]'s.
    pub fn graph(&self) -> &Graph<()> {
        &self.graph
    }

    /// The components the graph is over: all of them, or a D-product's core.
    pub fn coordinates(&self) -> &[usize] {
        &self.coordinates
    }

    /// The vertex of a full position (one vertex per component; a D-product reads its core),
    /// or `None` if the position has the wrong length or names a vertex that does not exist.
    pub fn vertex(&self, position: &[u32]) -> Option<u32> {
        if position.len() != self.components {
            return None;
        }
        let mut id = 0u32;
        for (k, &i) in self.coordinates.iter().enumerate() {
            let value = *position.get(i)?;
            if value >= self.sizes[k] {
                return None;
            }
            // Below the product of the sizes, which fits `u32`.
            id += value * self.strides[k];
        }
        Some(id)
    }

    /// How many full positions one move of the graph stands for from `position`: a
    /// D-product's graph is over its core, and a move moves the core and any of the other
    /// components, each to one of its followers (1 where there are no others).
    pub fn lift_count<P>(&self, position: &[u32], components: &[&Graph<P>]) -> u64 {
        self.others()
            .map(|i| 1 + followers_but_itself(components[i], position[i]).count() as u64)
            .fold(1, u64::saturating_mul)
    }

    /// Every full position a move from `position` to vertex `v` leads to: the coordinates set
    /// to those of `v`; and for a D-product each component outside the core either left where
    /// it is or moved to one of its followers, every combination once.
    pub fn lifts<P>(&self, v: u32, position: &[u32], components: &[&Graph<P>]) -> Vec<Vec<u32>> {
        let mut base = position.to_vec();
        for (k, &i) in self.coordinates.iter().enumerate() {
            base[i] = v / self.strides[k] % self.sizes[k];
        }
        let mut lifted = vec![base];
        for i in self.others() {
            let moved: Vec<Vec<u32>> = followers_but_itself(components[i], position[i])
                .flat_map(|w| {
                    lifted.iter().map(move |p| {
                        let mut next = p.clone();
                        next[i] = w;
                        next
                    })
                })
                .collect();
            lifted.extend(moved);
        }
        lifted
    }

    /// The components outside the coordinates (outside a D-product's core).
    fn others(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.components).filter(|i| !self.coordinates.contains(i))
    }
}

/// The followers of `v` other than `v` itself: moving along a loop leaves a component where
/// it is, which is the same position as not moving it.
fn followers_but_itself<P>(graph: &Graph<P>, v: u32) -> impl Iterator<Item = u32> + '_ {
    graph.successors(v).iter().copied().filter(move |&w| w != v)
}

/// The strides of the mixed radix: the last coordinate counts by one. The caller has checked
/// that the product of the sizes fits `u32`.
fn strides(sizes: &[u32]) -> Vec<u32> {
    let mut strides = vec![1u32; sizes.len()];
    for k in (0..sizes.len().saturating_sub(1)).rev() {
        strides[k] = strides[k + 1].saturating_mul(sizes[k + 1]);
    }
    strides
}

/// The numbers of vertices and moves of the product graph, exactly, before deduplication
/// (which only loops can cause), or `None` past 64 bits. With a, e and t a component's
/// vertices, moves and terminal vertices, moving one coordinate gives Σ e_i ∏_{j≠i} a_j moves;
/// all, ∏ e_i; all that can, ∏ (e_i + t_i) − ∏ t_i; any set, ∏ (a_i + e_i) − ∏ a_i; any set
/// while all can, ∏ (e_i + a_i − t_i) − ∏ (a_i − t_i).
fn product_size<P>(moves: Moves, parts: &[&Graph<P>]) -> Option<(u64, u64)> {
    let counts: Vec<(u64, u64, u64)> = parts
        .iter()
        .map(|p| {
            let terminals = (0..p.len() as u32).filter(|&v| p.is_terminal(v)).count();
            (p.len() as u64, p.edge_count() as u64, terminals as u64)
        })
        .collect();
    let product = |f: &dyn Fn(&(u64, u64, u64)) -> u64| {
        counts.iter().try_fold(1u64, |t, c| t.checked_mul(f(c)))
    };
    let vertices = product(&|&(a, _, _)| a)?;
    let edges = match moves {
        Moves::One => counts
            .iter()
            .enumerate()
            .try_fold(0u64, |sum, (i, &(_, e, _))| {
                let others = counts
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .try_fold(1u64, |t, (_, &(a, _, _))| t.checked_mul(a))?;
                sum.checked_add(e.checked_mul(others)?)
            })?,
        Moves::All => product(&|&(_, e, _)| e)?,
        Moves::AllLive => product(&|&(_, e, t)| e + t)?.saturating_sub(product(&|&(_, _, t)| t)?),
        Moves::AnySet => product(&|&(a, e, _)| a + e)?.saturating_sub(vertices),
        Moves::AnySetAllLive => {
            product(&|&(a, e, t)| e + a - t)?.saturating_sub(product(&|&(a, _, t)| a - t)?)
        }
    };
    Some((vertices, edges))
}

/// Buffers reused for every vertex while the moves are listed.
struct Scratch {
    tuple: Vec<u32>,
    /// The values each coordinate may take in one move; a coordinate that may stay lists its
    /// own value first.
    choices: Vec<Vec<u32>>,
    pick: Vec<usize>,
}

/// The successor lists of the product graph, vertex by vertex, each move once.
fn product_successors<P>(
    moves: Moves,
    parts: &[&Graph<P>],
    strides: &[u32],
    vertices: usize,
) -> Adjacency {
    let mut offsets = Vec::with_capacity(vertices + 1);
    offsets.push(0);
    let mut targets = Vec::new();
    let mut stamp = vec![u32::MAX; vertices];
    let mut scratch = Scratch {
        tuple: vec![0; parts.len()],
        choices: vec![Vec::new(); parts.len()],
        pick: vec![0; parts.len()],
    };
    for source in 0..vertices as u32 {
        each_move(moves, parts, strides, source, &mut scratch, |w| {
            if stamp[w as usize] != source {
                stamp[w as usize] = source;
                targets.push(w);
            }
        });
        // The caller checked that the moves fit `u32`.
        offsets.push(targets.len() as u32);
        next_tuple(&mut scratch.tuple, parts);
    }
    Adjacency { offsets, targets }
}

/// The tuple after `tuple` in vertex order: an odometer, the last coordinate fastest.
fn next_tuple<P>(tuple: &mut [u32], parts: &[&Graph<P>]) {
    for k in (0..tuple.len()).rev() {
        tuple[k] += 1;
        if (tuple[k] as usize) < parts[k].len() {
            return;
        }
        tuple[k] = 0;
    }
}

/// Calls `visit` with the vertex of every move from `source`, whose tuple is `scratch.tuple`.
fn each_move<P>(
    moves: Moves,
    parts: &[&Graph<P>],
    strides: &[u32],
    source: u32,
    scratch: &mut Scratch,
    mut visit: impl FnMut(u32),
) {
    let tuple = &scratch.tuple;
    let terminal = |k: usize| parts[k].is_terminal(tuple[k]);
    if moves == Moves::One {
        for (k, part) in parts.iter().enumerate() {
            // Every id is below the product of the sizes, which fits `u32`.
            let base = source - tuple[k] * strides[k];
            part.successors(tuple[k])
                .iter()
                .for_each(|&w| visit(base + w * strides[k]));
        }
        return;
    }
    if matches!(moves, Moves::All | Moves::AnySetAllLive) && (0..parts.len()).any(terminal) {
        return;
    }
    let may_stay = matches!(moves, Moves::AnySet | Moves::AnySetAllLive);
    for (k, choice) in scratch.choices.iter_mut().enumerate() {
        choice.clear();
        if may_stay || (moves == Moves::AllLive && terminal(k)) {
            choice.push(tuple[k]);
        }
        choice.extend_from_slice(parts[k].successors(tuple[k]));
    }
    // Staying everywhere is not a move.
    let skip_first = may_stay || (moves == Moves::AllLive && (0..parts.len()).all(terminal));
    combinations(
        &scratch.choices,
        &mut scratch.pick,
        strides,
        skip_first,
        visit,
    );
}

/// Calls `visit` with every tuple that takes one value from each list of `choices`, as an id,
/// in odometer order; `skip_first` leaves out the tuple of the first values.
fn combinations(
    choices: &[Vec<u32>],
    pick: &mut [usize],
    strides: &[u32],
    skip_first: bool,
    mut visit: impl FnMut(u32),
) {
    if choices.iter().any(Vec::is_empty) {
        return;
    }
    pick.fill(0);
    let mut first = true;
    loop {
        if !(first && skip_first) {
            let id = (0..choices.len())
                .map(|k| choices[k][pick[k]] * strides[k])
                .sum();
            visit(id);
        }
        first = false;
        let mut k = choices.len();
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            pick[k] += 1;
            if pick[k] < choices[k].len() {
                break;
            }
            pick[k] = 0;
        }
    }
}

/// How an analysis was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Method {
    /// A closed rule of §5 on acyclic components.
    ClosedRule,
    /// Retrograde analysis of the product graph.
    ProductGraph,
}

/// Who wins a compound position under normal play, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompoundAnalysis {
    /// Who wins from the position: P, N or D.
    pub outcome: Outcome,
    /// Whether a closed rule or the product graph found it.
    pub method: Method,
    /// Where the mover wins, winning moves as full positions: from a closed rule the one move
    /// of its strategy, from the product graph every winning move, least depth first (only
    /// those of least depth surely bring the end closer). Where the game is drawn, every move
    /// that keeps the draw. Where the mover loses, none. A D-product's moves include every
    /// way of moving the components outside its core along with it.
    pub moves: Vec<Vec<u32>>,
}

/// Analyses `position` (one vertex of each component) in `compound` under normal play: by a
/// closed rule of §5 where the compound has one and the components it moves are acyclic,
/// otherwise by building the product graph, within the meter's limits.
pub fn analyse<P>(
    compound: &Compound,
    components: &[&Graph<P>],
    position: &[u32],
    meter: &mut Meter,
) -> Result<CompoundAnalysis, CompoundError> {
    let (moves, coordinates) = compound.plan(components.len())?;
    let valid = position.len() == components.len()
        && position
            .iter()
            .zip(components)
            .all(|(&v, c)| (v as usize) < c.len());
    if !valid {
        return Err(CompoundError::BadPosition {
            position: position.to_vec(),
            components: components.len(),
        });
    }
    if let Some(analysis) = closed_rule(moves, components, &coordinates, position) {
        return Ok(analysis);
    }
    let product = ProductGraph::build(compound, components, meter)?;
    let labels = product.graph.solve(Play::Normal);
    let v = product
        .vertex(position)
        .expect("the position was checked against the components");
    let outcome = labels.outcome(v);
    // Where the mover loses, best play's delaying moves are not winning moves.
    let chosen = match outcome {
        Outcome::P => Vec::new(),
        _ => labels.best_moves(&product.graph, v),
    };
    // Each move listed is a full position held beside the graph.
    let count = (chosen.len() as u64).saturating_mul(product.lift_count(position, components));
    let bytes_each = size_of::<Vec<u32>>() + size_of::<u32>() * components.len();
    meter.count(count)?;
    meter.hold_more(count.saturating_mul(bytes_each as u64))?;
    let moves = chosen
        .iter()
        .flat_map(|&w| product.lifts(w, position, components))
        .collect();
    Ok(CompoundAnalysis {
        outcome,
        method: Method::ProductGraph,
        moves,
    })
}

/// The closed rules of §5, where the compound has one and every coordinate's component is
/// acyclic: conjunctive (and a D-product's core), P iff the least remoteness is even;
/// continued conjunctive, P iff the greatest suspense is even; selective, P iff every component
/// is P.
fn closed_rule<P>(
    moves: Moves,
    components: &[&Graph<P>],
    coordinates: &[usize],
    position: &[u32],
) -> Option<CompoundAnalysis> {
    let measure = match moves {
        Moves::All | Moves::AnySet => Measure::Remoteness,
        Moves::AllLive => Measure::Suspense,
        Moves::One | Moves::AnySetAllLive => return None,
    };
    let mut values = Vec::with_capacity(coordinates.len());
    for &i in coordinates {
        values.push(components[i].measure(measure).ok()?);
    }
    let at = |k: usize| values[k][position[coordinates[k]] as usize];
    let ks = 0..coordinates.len();
    let mover_loses = match moves {
        Moves::All => ks.clone().map(at).min().is_some_and(|r| r % 2 == 0),
        Moves::AllLive => ks.clone().map(at).max().is_some_and(|s| s % 2 == 0),
        _ => ks.clone().all(|k| at(k) % 2 == 0),
    };
    let strategy = || {
        let mut next = position.to_vec();
        for k in ks.clone() {
            let i = coordinates[k];
            // The selective strategy moves only the N components (odd remoteness).
            if moves == Moves::AnySet && at(k) % 2 == 0 {
                continue;
            }
            if let Some(w) = strategy_move(components[i], &values[k], position[i], measure) {
                next[i] = w;
            }
        }
        next
    };
    Some(CompoundAnalysis {
        outcome: Outcome::p_if(mover_loses),
        method: Method::ClosedRule,
        moves: if mover_loses {
            Vec::new()
        } else {
            vec![strategy()]
        },
    })
}

/// Remoteness or suspense (§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Measure {
    Remoteness,
    Suspense,
}

/// The strategy's move from `v`: from an odd value, to an even follower, the least for
/// remoteness (win fast) and the greatest for suspense; from an even value, to the greatest
/// follower for remoteness (lose slowly) and the least for suspense. Either way the value
/// drops by one. `None` at a terminal vertex.
fn strategy_move<P>(graph: &Graph<P>, values: &[u32], v: u32, measure: Measure) -> Option<u32> {
    let followers = graph.successors(v).iter().copied();
    let value = |w: &u32| values[*w as usize];
    let odd = values[v as usize] % 2 == 1;
    match (odd, measure) {
        (true, Measure::Remoteness) => followers.filter(|w| value(w) % 2 == 0).min_by_key(value),
        (true, Measure::Suspense) => followers.filter(|w| value(w) % 2 == 0).max_by_key(value),
        (false, Measure::Remoteness) => followers.max_by_key(value),
        (false, Measure::Suspense) => followers.min_by_key(value),
    }
}

impl<P> Graph<P> {
    /// The remoteness of every vertex of an acyclic graph (§5): 0 at a terminal vertex; else
    /// 1 + the least even remoteness of a follower if there is one, or 1 + the greatest. It is
    /// odd exactly at N-positions, and it is the number of moves left when the winner hurries
    /// and the loser delays. A cycle is an error that names it.
    pub fn remoteness(&self) -> Result<Vec<u32>, GraphError> {
        self.measure(Measure::Remoteness)
    }

    /// The suspense of every vertex of an acyclic graph (§5): 0 at a terminal vertex; else
    /// 1 + the greatest even suspense of a follower if there is one, or 1 + the least: the
    /// length of play when the winner delays and the loser hurries, which rules the continued
    /// conjunctive compound. A cycle is an error that names it.
    pub fn suspense(&self) -> Result<Vec<u32>, GraphError> {
        self.measure(Measure::Suspense)
    }

    fn measure(&self, measure: Measure) -> Result<Vec<u32>, GraphError> {
        let mut values = vec![0u32; self.len()];
        for v in self.ends_first()? {
            let followers = self.successors(v).iter().map(|&w| values[w as usize]);
            let even = followers.clone().filter(|r| r % 2 == 0);
            let best = match measure {
                Measure::Remoteness => even.min().or_else(|| followers.max()),
                Measure::Suspense => even.max().or_else(|| followers.min()),
            };
            // A value is at most the length of a path, below the number of vertices.
            values[v as usize] = best.map_or(0, |b| b.saturating_add(1));
        }
        Ok(values)
    }

    /// Every vertex after all its followers (a reverse topological order), found backwards
    /// from the terminal vertices with a count per vertex of the followers not yet placed; or
    /// the error naming a cycle, if some vertex is never placed.
    fn ends_first(&self) -> Result<Vec<u32>, GraphError> {
        let n = self.len();
        let mut unplaced: Vec<u32> = (0..n as u32)
            .map(|v| self.successors(v).len() as u32)
            .collect();
        let mut order: Vec<u32> = (0..n as u32).filter(|&v| self.is_terminal(v)).collect();
        let mut head = 0;
        while let Some(&v) = order.get(head) {
            head += 1;
            for &u in self.predecessors(v) {
                unplaced[u as usize] -= 1;
                if unplaced[u as usize] == 0 {
                    order.push(u);
                }
            }
        }
        if order.len() == n {
            return Ok(order);
        }
        Err(GraphError::Cycle {
            cycle: self.cycle_among(&unplaced),
        })
    }

    /// A cycle through vertices with followers not placed: each such vertex has a follower that
    /// is itself not placed, so a walk along them must come back on itself.
    fn cycle_among(&self, unplaced: &[u32]) -> Vec<u32> {
        let mut step_of = vec![u32::MAX; self.len()];
        let mut walk = Vec::new();
        let mut v = unplaced.iter().position(|&c| c > 0).unwrap_or(0) as u32;
        while step_of[v as usize] == u32::MAX {
            step_of[v as usize] = walk.len() as u32;
            walk.push(v);
            v = self
                .successors(v)
                .iter()
                .copied()
                .find(|&w| unplaced[w as usize] > 0)
                .unwrap_or(v);
        }
        walk.split_off(step_of[v as usize] as usize)
    }
}
