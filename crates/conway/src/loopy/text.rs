//! Stoppers as text, in CGSuite's notation: `{0|pass}` is `over` (`pass` is a move to the
//! position itself), `a{0|{*|a}}` names a position that a later option returns to, and the
//! parts from which no position repeats are short games, written as short games are.

use super::{LoopyGame, Sided, Stopper};
use crate::engine::{Meter, SearchError};
use crate::short::{GameId, Store};
use std::collections::HashMap;

/// The loopy values that have names, each with its definition in the notation: five
/// stoppers, then three values with two sides.
pub const NAMES: [(&str, &str); 8] = [
    ("on", "{pass|}"),
    ("off", "{|pass}"),
    ("over", "{0|pass}"),
    ("under", "{pass|0}"),
    ("upon", "{pass|*}"),
    ("dud", "{pass|pass}"),
    ("tis", "a{{|a}|}"),
    ("tisn", "a{|{a|}}"),
];

/// The named value `name`, if it is one of [`NAMES`].
pub fn named(name: &str) -> Option<Sided> {
    if let Some(stopper) = named_stopper(name) {
        return Some(Sided::stopper(stopper));
    }
    let game = match name {
        "dud" => graph(&[&[0]], &[&[0]]),
        "tis" => graph(&[&[1], &[]], &[&[], &[0]]),
        "tisn" => graph(&[&[], &[0]], &[&[1], &[]]),
        _ => return None,
    };
    Sided::of(&game, &mut scratch_meter()).ok()
}

/// The named stopper `name`.
pub(super) fn named_stopper(name: &str) -> Option<Stopper> {
    let game = match name {
        "on" => graph(&[&[0]], &[&[]]),
        "off" => graph(&[&[]], &[&[0]]),
        "over" => graph(&[&[1], &[]], &[&[0], &[]]),
        "under" => graph(&[&[0], &[]], &[&[1], &[]]),
        "upon" => graph(&[&[0], &[2], &[]], &[&[1], &[2], &[]]),
        _ => return None,
    };
    Some(Stopper { game })
}

/// A meter for the small computations of names and text.
fn scratch_meter() -> Meter {
    Meter::new(crate::engine::Limits::default())
}

impl Sided {
    /// The value as text, or `None` past `limit` bytes: its name, a stopper in the notation,
    /// or its sides `s & t`. The short parts are written from a store of their own.
    pub fn show_within(&self, limit: usize) -> Option<String> {
        let mut meter = scratch_meter();
        let store = &mut Store::new(crate::engine::Limits::default().max_memory);
        if let Some(stopper) = self.as_stopper(&mut meter) {
            return stopper.show_within(store, limit).ok().flatten();
        }
        for (name, _) in &NAMES[5..] {
            let named = named(name).expect("a listed name");
            if named
                .relation(self, &mut meter)
                .is_ok_and(|r| r.leq && r.geq)
            {
                return Some(name.to_string());
            }
        }
        let onside = self.onside().show_within(store, limit).ok().flatten()?;
        let offside = self.offside().show_within(store, limit).ok().flatten()?;
        Some(format!("{onside} & {offside}"))
    }
}

fn graph(left: &[&[u32]], right: &[&[u32]]) -> LoopyGame {
    LoopyGame {
        left: left.iter().map(|list| list.to_vec()).collect(),
        right: right.iter().map(|list| list.to_vec()).collect(),
    }
}

impl Stopper {
    /// The stopper as text, or `None` if that is longer than `limit` bytes.
    pub fn show_within(
        &self,
        store: &mut Store,
        limit: usize,
    ) -> Result<Option<String>, SearchError> {
        if let Some(name) = self.name() {
            return Ok(Some(name));
        }
        let short = short_parts(&self.game, store)?;
        let names = self.inner_names(&short);
        let mut writer = Writer {
            game: &self.game,
            store,
            short: &short,
            names: &names,
            stack: Vec::new(),
            labels: HashMap::new(),
            labelled: 0,
            limit,
            length: 0,
        };
        Ok(writer.write(0))
    }

    /// The short game it is, where no position repeats; `None` where one does.
    pub fn to_short(&self, store: &mut Store) -> Result<Option<GameId>, SearchError> {
        if self.game.finite_order().len() < self.game.len() {
            return Ok(None);
        }
        Ok(short_parts(&self.game, store)?[0])
    }

    /// The name of each position other than the stopper itself that has one and is not
    /// short, so that `{3|off}` is not written `{3|{|pass}}`.
    fn inner_names(&self, short: &[Option<GameId>]) -> Vec<Option<String>> {
        let named = |v: usize| match v == 0 || short[v].is_some() {
            true => None,
            false => Stopper {
                game: self.game.rooted_at(v as u32),
            }
            .name(),
        };
        (0..self.game.len()).map(named).collect()
    }

    /// Its name, where it or its negative has one (`-upon`).
    fn name(&self) -> Option<String> {
        let mut meter = scratch_meter();
        let same = |name: &str, game: &Stopper, meter: &mut Meter| {
            let named = named_stopper(name).expect("a listed name");
            named.game.len() == game.game.len()
                && named
                    .relation(game, meter)
                    .is_ok_and(|relation| relation.leq && relation.geq)
        };
        let negative = self.neg();
        NAMES[..5].iter().find_map(|&(name, _)| {
            if same(name, self, &mut meter) {
                Some(name.to_string())
            } else if name == "upon" && same(name, &negative, &mut meter) {
                Some(format!("-{name}"))
            } else {
                None
            }
        })
    }
}

/// The short game of each position from which no position repeats; `None` for the others.
fn short_parts(game: &LoopyGame, store: &mut Store) -> Result<Vec<Option<GameId>>, SearchError> {
    let mut short = vec![None; game.len()];
    for v in game.finite_order() {
        let ids = |list: &[u32]| -> Vec<GameId> {
            list.iter()
                .map(|&w| short[w as usize].expect("options come first"))
                .collect()
        };
        let (left, right) = (ids(&game.left[v as usize]), ids(&game.right[v as usize]));
        short[v as usize] = Some(store.from_options(&left, &right)?);
    }
    Ok(short)
}

/// Writes a stopper depth first, labelling the positions that a later option returns to.
struct Writer<'a> {
    game: &'a LoopyGame,
    store: &'a mut Store,
    short: &'a [Option<GameId>],
    /// The names of positions, written in their place.
    names: &'a [Option<String>],
    stack: Vec<u32>,
    labels: HashMap<u32, String>,
    /// Labels given so far: each is new, so no label hides another.
    labelled: usize,
    limit: usize,
    length: usize,
}

impl Writer<'_> {
    /// The text of position `v`, or `None` past the limit.
    fn write(&mut self, v: u32) -> Option<String> {
        let text = if let Some(game) = self.short[v as usize] {
            self.store.show_within(game, self.limit)?
        } else if let Some(name) = &self.names[v as usize] {
            name.clone()
        } else if self.stack.last() == Some(&v) {
            "pass".to_string()
        } else if self.stack.contains(&v) {
            if !self.labels.contains_key(&v) {
                self.labels.insert(v, label(self.labelled));
                self.labelled += 1;
            }
            self.labels[&v].clone()
        } else {
            self.stack.push(v);
            let left = self.write_all(v, true)?;
            let right = self.write_all(v, false)?;
            self.stack.pop();
            let label = self.labels.remove(&v);
            let prefix = label.unwrap_or_default();
            format!("{prefix}{{{left}|{right}}}")
        };
        self.length += text.len();
        (self.length <= self.limit).then_some(text)
    }

    fn write_all(&mut self, v: u32, left: bool) -> Option<String> {
        let options = if left {
            &self.game.left[v as usize]
        } else {
            &self.game.right[v as usize]
        };
        let mut texts = Vec::new();
        for &w in options {
            texts.push(self.write(w)?);
        }
        Some(texts.join(","))
    }
}

/// The label of the `n`-th labelled position: `a`, `b`, ..., `z`, `a1`, ...
fn label(n: usize) -> String {
    let letter = char::from(b'a' + (n % 26) as u8);
    match n / 26 {
        0 => letter.to_string(),
        round => format!("{letter}{round}"),
    }
}
