//! Sums of positions of any games (§3.3–3.4, Theorem 7.3), and with one component, a
//! position alone: one path for every kind.
//!
//! - A position alone that both players move alike is answered by its own solver, under
//!   either play convention (closed forms, search, or for a loopy game its graph).
//! - A sum whose components all move alike is valued by the Sprague–Grundy theorem: the
//!   nim-sum of the components' values, and a winning move takes one component to the value
//!   that makes it 0.
//! - A sum with a partizan component is valued in a store of short games (an impartial
//!   component counts as its nimber), and a move of a player wins where the sum after it is
//!   ≥ 0 for Left, ≤ 0 for Right.
//!
//! Misère play does not split into components, so a sum of several is solved under normal
//! play only.

use super::loopy;
use super::position::{Face, ImpartialFace, Valuer};
use super::{
    Analysis, Budget, Kind, Move, MoveCounts, MoveResult, Mover, Position, RuleError, ShortGame,
    Value,
};
use crate::engine::{Meter, Outcome, Play, SearchError};
use crate::graph::{PartizanGraph, PartizanOutcome};
use crate::loopy::Sided;
use crate::partizan::Player;
use crate::short::{GameId, Store};
use std::cell::RefCell;

/// A sum of positions, each of its own game; a position alone is a sum of one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sum {
    components: Vec<Position>,
}

/// What an analysis is asked for.
pub struct Request<'b> {
    /// The play convention.
    pub play: Play,
    /// How many best moves of each player to hand on; the others are counted.
    pub keep: usize,
    /// Whose moves: one player's, or both players' (`None`).
    pub player: Option<Player>,
    /// The limits of each computation (each component's value, the moves of each).
    pub budget: &'b dyn Fn() -> Budget,
    /// Whether only the outcome and the winning moves are wanted, not the value: a partizan
    /// position alone is then searched for who wins, far past where its value can be found.
    pub outcome_only: bool,
}

impl<'b> Request<'b> {
    /// How many best moves of each player an analysis holds unless asked for another number:
    /// a position may have billions (Kayles with 10^12 pins has 83,333,333,338), and the
    /// moves held are memory, so the rest are counted.
    pub const DEFAULT_KEEP: usize = 1000;

    /// The best moves of both players under `play` (the first [`Request::DEFAULT_KEEP`] of
    /// each, the others counted), within `budget`.
    pub fn new(play: Play, budget: &'b dyn Fn() -> Budget) -> Self {
        Request {
            play,
            keep: Self::DEFAULT_KEEP,
            player: None,
            budget,
            outcome_only: false,
        }
    }

    /// Only the outcome and the winning moves, not the value, where that saves work: a
    /// partizan position alone under normal play is searched for who wins.
    pub fn outcome_only(self) -> Self {
        Request {
            outcome_only: true,
            ..self
        }
    }

    /// At most `keep` best moves of each player, the others only counted (`usize::MAX` for
    /// every one: mind the memory).
    pub fn keep(self, keep: usize) -> Self {
        Request { keep, ..self }
    }

    /// Only `player`'s moves.
    pub fn only(self, player: Player) -> Self {
        Request {
            player: Some(player),
            ..self
        }
    }

    /// Whether `player`'s moves are asked for.
    fn wants(&self, player: Player) -> bool {
        self.player.is_none_or(|p| p == player)
    }
}

impl Sum {
    /// The sum of `components`.
    pub fn new(components: Vec<Position>) -> Sum {
        Sum { components }
    }

    /// A position alone.
    pub fn of(position: Position) -> Sum {
        Sum::new(vec![position])
    }

    /// The positions added.
    pub fn components(&self) -> &[Position] {
        &self.components
    }

    /// The sum after a move: component `component` replaced by `to`, and in the others the
    /// turn passed to the other player where their notation records it (Poker Nim's chips in
    /// hand, Northcott's colour to move).
    pub fn after(&self, component: usize, to: Position) -> Sum {
        let mut components: Vec<Position> = self.components.iter().map(Position::passed).collect();
        components[component] = to;
        Sum { components }
    }

    /// The sum as it is written: each component's game and position, joined by ` + `.
    pub fn show(&self) -> String {
        let parts: Vec<String> = self
            .components
            .iter()
            .map(|c| format!("{} {}", c.game(), c.show()))
            .collect();
        parts.join(" + ")
    }

    /// The kind of the whole: loopy-partizan if any component is, else partizan if any
    /// component is, else loopy if any component may loop, else impartial.
    pub fn kind(&self) -> Kind {
        let kinds = || self.components.iter().map(Position::kind);
        if kinds().any(|k| k == Kind::LoopyPartizan) {
            Kind::LoopyPartizan
        } else if kinds().any(|k| k == Kind::Partizan) {
            Kind::Partizan
        } else if kinds().any(|k| k == Kind::Loopy) {
            Kind::Loopy
        } else {
            Kind::Impartial
        }
    }

    /// Outcome, value and the best moves of each player asked for.
    pub fn analyse(&self, request: &Request<'_>) -> Result<Analysis, RuleError> {
        let mut moves = Vec::new();
        let mut analysis = self.analyse_each(request, &mut |_, m| {
            moves.push(m);
            true
        })?;
        analysis.moves = moves;
        Ok(analysis)
    }

    /// Outcome, value and the best moves of each player asked for, the first `keep` of each
    /// of which go to `each` as they are found, with the analysis so far (whole but for its
    /// moves and their counts); `each` says whether it wants more, and where it stops, the
    /// search ends soon. The analysis returned lists no moves, but counts them.
    pub fn analyse_each(
        &self,
        request: &Request<'_>,
        each: &mut dyn FnMut(&Analysis, Move) -> bool,
    ) -> Result<Analysis, RuleError> {
        match (self.components.as_slice(), request.play) {
            ([Position(Face::Impartial(only))], _) => {
                let budget = (request.budget)();
                only.analyse(request.play, request.keep, budget, &mut |head, to| {
                    each(head, either_move(head, 0, to))
                })
            }
            ([Position(Face::Partizan(only))], play)
                if play == Play::Misere || only.loops() || request.outcome_only =>
            {
                only.analyse_whole(request, each)
            }
            (_, Play::Misere) => Err(RuleError::Unsupported {
                game: "sum".to_string(),
                what: match self.impartial_faces() {
                    Some(_) => "misère play does not split into components, so a sum is solved under normal play only; write the heaps of one game as one position (`kayles \"3 4\"`)",
                    None => "misère play does not split into components, so a sum is solved under normal play only; a position of one game alone is solved under misère play",
                },
            }),
            _ if self.kind() == Kind::LoopyPartizan => self.analyse_loopy(request, each),
            _ => match self.impartial_faces() {
                Some(faces) => self.analyse_nim(&faces, request, each),
                None => self.analyse_short(request, each),
            },
        }
    }

    /// A sum of impartial components under normal play, by the nim-sum of their values.
    fn analyse_nim(
        &self,
        faces: &[&dyn ImpartialFace],
        request: &Request<'_>,
        each: &mut dyn FnMut(&Analysis, Move) -> bool,
    ) -> Result<Analysis, RuleError> {
        let values = faces
            .iter()
            .map(|face| face.nim_value((request.budget)()))
            .collect::<Result<Vec<u64>, _>>()?;
        let total = values.iter().fold(0, |sum, &v| sum ^ v);
        let outcome = Outcome::p_if(total == 0);
        let mut analysis = Analysis::new(
            self.kind(),
            Play::Normal,
            outcome,
            Some(Value::Nimber(total)),
        );
        let (mut count, mut handed, mut wanted) = (0u64, 0usize, true);
        if total != 0 {
            for (i, (face, &value)) in faces.iter().zip(&values).enumerate() {
                let keep = if wanted { request.keep - handed } else { 0 };
                count +=
                    face.moves_to_value(total ^ value, keep, (request.budget)(), &mut |to| {
                        handed += 1;
                        wanted = each(&analysis, either_move(&analysis, i, to));
                        wanted
                    })?;
            }
        }
        analysis.move_counts = Some(MoveCounts::either(count));
        Ok(analysis)
    }

    /// A sum with a partizan component, in a store of short games: each component's value,
    /// the sum, and the moves of each player that keep the sum on their side of 0. Every
    /// option is valued before its move is known to win, so the moves are found before any
    /// goes to `each`.
    fn analyse_short(
        &self,
        request: &Request<'_>,
        each: &mut dyn FnMut(&Analysis, Move) -> bool,
    ) -> Result<Analysis, RuleError> {
        let budget = (request.budget)();
        let mut store = Store::with_limits(budget.limits);
        if let Some(flag) = budget.interrupt {
            store.interrupt_on(flag);
        }
        let mut valuers = self
            .components
            .iter()
            .map(|c| c.0.valuer((request.budget)()))
            .collect::<Result<Vec<_>, _>>()?;
        let values = valuers
            .iter_mut()
            .map(|v| v.value(&mut store))
            .collect::<Result<Vec<GameId>, _>>()?;
        let error = |source| RuleError::Search {
            game: self.game(),
            source,
        };
        let mut total = store.zero();
        for &value in &values {
            total = store.add(total, value).map_err(error)?;
        }
        let outcome = store.outcome(total).map_err(error)?;
        let found = self.short_moves(request, &mut store, &mut valuers, &values, total);
        let value = ShortGame::new(store, total).map_err(error)?;
        let mut analysis = Analysis::new(
            Kind::Partizan,
            Play::Normal,
            outcome,
            Some(Value::Game(Box::new(value))),
        );
        match found {
            Ok((moves, counts)) => {
                for m in moves {
                    if !each(&analysis, m) {
                        break;
                    }
                }
                analysis.move_counts = Some(counts);
            }
            // The value is known; the moves of a component too large to list, or past the
            // limits, are not.
            Err(why)
                if matches!(why, RuleError::TooManyMoves { .. }) || why.limit_hint().is_some() =>
            {
                analysis.moves_unknown = Some(why)
            }
            Err(why) => return Err(why),
        }
        Ok(analysis)
    }

    /// The moves of each player asked for that keep the sum `total` (of the components'
    /// `values`) on their side of 0, the first `keep` of each, and their counts.
    fn short_moves(
        &self,
        request: &Request<'_>,
        store: &mut Store,
        valuers: &mut [Box<dyn Valuer + '_>],
        values: &[GameId],
        total: GameId,
    ) -> Result<(Vec<Move>, MoveCounts), RuleError> {
        let error = |source| RuleError::Search {
            game: self.game(),
            source,
        };
        let mut moves = Vec::new();
        let mut counts = MoveCounts::default();
        for player in [Player::Left, Player::Right] {
            if !request.wants(player) {
                continue;
            }
            let mover = Mover::from(player);
            let (mut count, mut kept) = (0u64, 0usize);
            for (i, (valuer, &value)) in valuers.iter_mut().zip(values).enumerate() {
                let rest = store.sub(total, value).map_err(error)?;
                valuer.options(player, store, &mut |store, to, option| {
                    if wins(store, player, rest, option).map_err(error)? {
                        count += 1;
                        if kept < request.keep {
                            kept += 1;
                            moves.push(Move {
                                mover,
                                result: MoveResult::Wins,
                                component: i,
                                to,
                            });
                        }
                    }
                    Ok(true)
                })?;
            }
            counts.set(mover, count);
        }
        Ok((moves, counts))
    }

    /// A sum with a component whose play may loop. Its value adds the components' loopy
    /// values (a short one is a stopper); its outcome and each player's best moves come from
    /// the sum's own game graph, as the definitions say, with the winning moves fastest
    /// first. Where that graph is past the limits, the outcome comes from the value's sides
    /// and the moves from the values of the sums after them (`loopy_moves`).
    fn analyse_loopy(
        &self,
        request: &Request<'_>,
        each: &mut dyn FnMut(&Analysis, Move) -> bool,
    ) -> Result<Analysis, RuleError> {
        let game = self.game();
        let budget = (request.budget)();
        let limits = budget.limits;
        let mut meter = loopy::meter_of(budget);
        let values = self
            .components
            .iter()
            .map(|c| sided(c, request))
            .collect::<Result<Vec<Sided>, _>>();
        let total = values
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|values| sum_of(values.iter(), &mut meter, &game));
        let graph = self.product_graph(&mut loopy::meter_of((request.budget)()));
        let graph = match (graph, &total) {
            (Ok(graph), _) => graph,
            (Err(why), Ok(total)) if why.limit_hint().is_some() => {
                let outcome = total.outcome();
                let value = loopy::value_of(total.clone(), limits, &mut meter, &game)?;
                let class = Outcome::from(outcome);
                let mut analysis =
                    Analysis::new(Kind::LoopyPartizan, Play::Normal, class, Some(value));
                let values = values.as_deref().unwrap_or_default();
                self.hand_loopy_moves(request, values, outcome, &mut meter, &mut analysis, each)?;
                return Ok(analysis);
            }
            (Err(why), _) => return Err(why),
        };
        let labels = graph.solve(Play::Normal);
        let class = Outcome::from(labels.outcome(0));
        let mut analysis = Analysis::new(Kind::LoopyPartizan, Play::Normal, class, None);
        match total.and_then(|total| loopy::value_of(total, limits, &mut meter, &game)) {
            Ok(value) => analysis.value = Some(value),
            Err(why) if matches!(why, RuleError::Loopy { .. }) || why.limit_hint().is_some() => {
                analysis.value_unknown = Some(why)
            }
            Err(why) => return Err(why),
        }
        let passed: Vec<Position> = self.components.iter().map(Position::passed).collect();
        loopy::graph_moves(&graph, &labels, request, analysis, each, |after| {
            let moved = (0..after.len()).find(|&i| after[i] != passed[i]);
            let component = moved.expect("a move changes a component");
            (component, after[component].clone())
        })
    }

    /// Every sum of component positions this one reaches, vertex 0 the sum itself: a move of
    /// a player is one of that player's moves in one component, the others passed on (as
    /// [`Sum::after`] does).
    fn product_graph(&self, meter: &mut Meter) -> Result<PartizanGraph<Vec<Position>>, RuleError> {
        let failed = RefCell::new(None);
        let options = |parts: &Vec<Position>, player: Player| {
            let mut all = Vec::new();
            for (i, part) in parts.iter().enumerate() {
                match part.moves(player, Play::Normal) {
                    Ok(moves) => all.extend(moves.into_iter().map(|to| {
                        let mut after: Vec<Position> = parts.iter().map(Position::passed).collect();
                        after[i] = to;
                        after
                    })),
                    Err(why) => drop(failed.borrow_mut().get_or_insert(why)),
                }
            }
            all
        };
        let graph = PartizanGraph::explore(
            self.components.clone(),
            meter,
            |parts| options(parts, Player::Left),
            |parts| options(parts, Player::Right),
        );
        if let Some(why) = failed.into_inner() {
            return Err(why);
        }
        graph.map_err(|source| RuleError::Search {
            game: self.game(),
            source,
        })
    }

    /// The moves of `loopy_moves` handed to `each`, or where an option has no value found
    /// or a limit stops them, the reason in the analysis.
    fn hand_loopy_moves(
        &self,
        request: &Request<'_>,
        values: &[Sided],
        outcome: PartizanOutcome,
        meter: &mut Meter,
        analysis: &mut Analysis,
        each: &mut dyn FnMut(&Analysis, Move) -> bool,
    ) -> Result<(), RuleError> {
        match self.loopy_moves(request, values, outcome, meter) {
            Ok((moves, counts)) => {
                for m in moves {
                    if !each(analysis, m) {
                        break;
                    }
                }
                analysis.move_counts = Some(counts);
            }
            Err(why) if matches!(why, RuleError::Loopy { .. }) || why.limit_hint().is_some() => {
                analysis.moves_unknown = Some(why)
            }
            Err(why) => return Err(why),
        }
        Ok(())
    }

    /// The moves of each player asked for that achieve the best the player can moving first
    /// in a sum of loopy `values` whose outcome is `outcome` (a win, else a draw), each found
    /// by adding the option's value to the rest of the sum; the first `keep` of each, and
    /// their counts.
    fn loopy_moves(
        &self,
        request: &Request<'_>,
        values: &[Sided],
        outcome: PartizanOutcome,
        meter: &mut Meter,
    ) -> Result<(Vec<Move>, MoveCounts), RuleError> {
        let game = self.game();
        let mut moves = Vec::new();
        let mut counts = MoveCounts::default();
        for player in [Player::Left, Player::Right] {
            if !request.wants(player) {
                continue;
            }
            let mover = Mover::from(player);
            let first = match player {
                Player::Left => outcome.left_starts,
                Player::Right => outcome.right_starts,
            };
            let Some(result) = loopy::best_result(first, player) else {
                counts.set(mover, 0);
                continue;
            };
            let (mut count, mut kept) = (0u64, 0usize);
            for (i, component) in self.components.iter().enumerate() {
                let others = values.iter().enumerate().filter(|&(j, _)| j != i);
                let rest = sum_of(others.map(|(_, v)| v), meter, &game)?;
                for to in component.moves(player, Play::Normal)? {
                    let after = sided(&to, request)?;
                    let after = rest.add(&after, meter);
                    let after = after.map_err(|e| RuleError::loopy(&game, e))?.outcome();
                    // After the move the other player starts.
                    let next = match player {
                        Player::Left => after.right_starts,
                        Player::Right => after.left_starts,
                    };
                    if loopy::best_result(next, player) != Some(result) {
                        continue;
                    }
                    count += 1;
                    if kept < request.keep {
                        kept += 1;
                        let component = i;
                        moves.push(Move {
                            mover,
                            result,
                            component,
                            to,
                        });
                    }
                }
            }
            counts.set(mover, count);
        }
        Ok((moves, counts))
    }

    /// The impartial faces of the components, if every component moves alike for both
    /// players.
    fn impartial_faces(&self) -> Option<Vec<&dyn ImpartialFace>> {
        self.components
            .iter()
            .map(|c| match &c.0 {
                Face::Impartial(face) => Some(face.as_ref()),
                Face::Partizan(_) => None,
            })
            .collect()
    }

    /// The name reports and errors give the whole: the game's for a position alone, else
    /// `sum`.
    pub fn game(&self) -> String {
        match self.components.as_slice() {
            [only] => only.game().to_string(),
            _ => "sum".to_string(),
        }
    }

    /// The whole as reports write it: a position alone in its notation, else
    /// [`Sum::show`].
    pub fn written(&self) -> String {
        match self.components.as_slice() {
            [only] => only.show(),
            _ => self.show(),
        }
    }

    /// How a report's move names its component, in a sum of several (none for a position
    /// alone): its game and position, or its place and game where the position is longer
    /// than [`MAX_SHOWN_POSITION`](super::MAX_SHOWN_POSITION).
    pub fn component_names(&self) -> Vec<String> {
        if self.components.len() < 2 {
            return Vec::new();
        }
        let name = |(i, c): (usize, &Position)| {
            let shown = c.show();
            match shown.chars().count() <= super::MAX_SHOWN_POSITION {
                true => format!("{} {shown}", c.game()),
                false => format!("component {} ({})", i + 1, c.game()),
            }
        };
        self.components.iter().enumerate().map(name).collect()
    }
}

/// The loopy value of `position`, or an error that names the position where it has no
/// value that conway finds.
fn sided(position: &Position, request: &Request<'_>) -> Result<Sided, RuleError> {
    position.0.sided((request.budget)()).map_err(|e| match e {
        RuleError::Loopy { source, .. } => RuleError::Loopy {
            game: format!("{} {}", position.game(), position.show()),
            source,
        },
        e => e,
    })
}

/// The sum of loopy `values`, at least one.
fn sum_of<'v>(
    mut values: impl Iterator<Item = &'v Sided>,
    meter: &mut Meter,
    game: &str,
) -> Result<Sided, RuleError> {
    let first = values
        .next()
        .expect("a sum of several has other components")
        .clone();
    values.try_fold(first, |sum, value| {
        sum.add(value, meter).map_err(|e| RuleError::loopy(game, e))
    })
}

/// The move of component `i` to `to`, which either player may make, as `head` says it ends.
fn either_move(head: &Analysis, component: usize, to: Position) -> Move {
    Move {
        mover: Mover::Either,
        result: head.move_result(),
        component,
        to,
    }
}

/// Whether `player`, moving a component to a position of value `option` while the others
/// add up to `rest`, wins: the sum is then ≥ 0 for Left, ≤ 0 for Right (Theorem 7.3).
fn wins(
    store: &mut Store,
    player: Player,
    rest: GameId,
    option: GameId,
) -> Result<bool, SearchError> {
    let sum = store.add(rest, option)?;
    let zero = store.zero();
    match player {
        Player::Left => store.leq(zero, sum),
        Player::Right => store.leq(sum, zero),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ruleset;
    use std::collections::HashSet;

    /// The moves found from values, which a sum takes where its game graph is past the
    /// limits, are the moves its game graph gives.
    #[test]
    fn loopy_moves_by_values_are_the_moves_of_the_sums_graph() {
        let rows = ["T..F", "TT.F", "T.FF", ".TF.", ".T.F.", "TF.F"];
        let shorts = ["T.F", "..F", "T..", "TF.F", ".T.F"];
        let budget = Budget::default;
        let request = Request::new(Play::Normal, &budget).keep(usize::MAX);
        let mut compared = 0;
        for row in rows {
            for short in shorts {
                let sum = Sum::new(vec![
                    ruleset("backsliding-toads").unwrap().parse(row).unwrap(),
                    ruleset("toads").unwrap().parse(short).unwrap(),
                ]);
                let by_graph = sum.analyse(&request).unwrap();
                let values: Vec<Sided> = sum
                    .components()
                    .iter()
                    .map(|c| sided(c, &request).unwrap())
                    .collect();
                let mut meter = loopy::meter_of(budget());
                let total = sum_of(values.iter(), &mut meter, "sum").unwrap();
                assert_eq!(Outcome::from(total.outcome()), by_graph.outcome);
                let (moves, counts) = sum
                    .loopy_moves(&request, &values, total.outcome(), &mut meter)
                    .unwrap();
                let set = |moves: &[Move]| -> HashSet<(Mover, usize, Position)> {
                    moves
                        .iter()
                        .map(|m| (m.mover, m.component, m.to.clone()))
                        .collect()
                };
                assert_eq!(set(&moves), set(&by_graph.moves), "{row} + {short}");
                assert_eq!(Some(counts), by_graph.move_counts, "{row} + {short}");
                compared += 1;
            }
        }
        assert_eq!(compared, 30);
    }
}
