//! Writing games as the texts and CGSuite write them: `0`, `-3/8`, `*2`, `^`, `vv*`, `^3*`,
//! `1/2^` (1/2 + ↑), `3*2` (3 + \*2), `+-1`, `+-(1*)`, `+-{3|2}`, `Tiny(3/2)`, `2Miny(1)`,
//! `^<3>`, `v[4]*`, `{2|-1/2}`, `{2||1|0}`. Everything written reads back as the same value.
//!
//! - A number-up-star value is its number, then its ups (`^`, `^^`, `^3`; `v`, `vv`, `v3`),
//!   then its star (`*`, `*5`); a part that is zero is left out.
//! - A game equal to its own negative (a switch `{A | −A}`) is `+-` and its Left options: one
//!   option as it is written alone, in parentheses if it is a sum of parts (`+-(1*)`), several in
//!   braces without a bar (`+-{1,*}`).
//! - `{x || x | z}` for a number `x` and a game `z` whose Left stop is below `x` is
//!   `x + Tiny(x − z)`, written `xTiny(x-z)` (`Tiny(3/2)`, `2Tiny(1)`); its negative is
//!   `Miny`. CGSuite asks for `z`'s mean below `x` rather than its Left stop, which differs
//!   only when the stop is `x` itself; and where `x ≠ 0` and `z` is not a number-up-star value,
//!   `x − z` would have to be made in the store, so the braces stay.
//! - The uptimals `x ± ↑^n + *m` and `x ± ↑^[n] + *m` (n ≥ 2) are `x^<n>*m` and `x^[n]*m`
//!   (`v<n>`, `v[n]` for the negatives), recognised by their canonical forms (see
//!   `uptimal.rs`).
//! - Any other game is `{L|R}` without spaces: a side with a single option that is itself
//!   written with bars is written inline, and the game's own bar is then one bar longer than
//!   the longest inside it, so `{2|{1|0}}` is `{2||1|0}`, up to four bars (deeper, an option
//!   keeps its braces: `{0||||0|||0||0|{0|-1}}`). Options appear in a fixed order (numbers and
//!   other number-up-star values by size, then the rest by their text), so a game has one
//!   text.

use super::id::GameId;
use super::stack::deep;
use super::store::Store;
use crate::number::Dyadic;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write;

/// The text grew past the length asked for.
struct TooLong;

/// The most bars between two sides: a chain of single options written inline needs one more
/// bar per level, so past this many levels an option is written in braces instead, and a text
/// stays within a few characters per option rather than growing with the square of the depth.
const MAX_BARS: usize = 4;

impl Store {
    /// The canonical form of `game` as text.
    pub fn show(&self, game: GameId) -> String {
        self.show_within(game, usize::MAX)
            .expect("no text is longer than usize::MAX")
    }

    /// The canonical form of `game` as text, or `None` if it is longer than `limit` bytes
    /// (a game with many shared options can have a text exponentially longer than its store).
    pub fn show_within(&self, game: GameId, limit: usize) -> Option<String> {
        let mut printer = Printer {
            store: self,
            text: String::new(),
            limit,
            stops: FxHashMap::default(),
            negatives: FxHashMap::default(),
            shapes: FxHashMap::default(),
            not_uptimal: FxHashSet::default(),
        };
        printer.write_game(View::of(game)).ok()?;
        Some(printer.text)
    }
}

/// A game as the printer reads it: `game`, or its negative, written without being made (the
/// subscript of a Tiny is the negative of an option's option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct View {
    game: GameId,
    negated: bool,
}

impl View {
    fn of(game: GameId) -> View {
        View {
            game,
            negated: false,
        }
    }

    /// An option of this view's game, seen the same way.
    fn option(self, game: GameId) -> View {
        View {
            game,
            negated: self.negated,
        }
    }

    fn negative(self) -> View {
        View {
            game: self.game,
            negated: !self.negated,
        }
    }
}

/// `x + n·↑ + *m` as written (the count of ups is wide enough to negate any `i64`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Value {
    number: Dyadic,
    ups: i128,
    nim: u128,
}

impl Value {
    fn number(number: Dyadic) -> Value {
        Value {
            number,
            ups: 0,
            nim: 0,
        }
    }

    fn is_number(&self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    /// A single part (a number, a nimber or ups alone), which needs no parentheses.
    fn is_compact(&self) -> bool {
        let parts = [!self.number.is_zero(), self.ups != 0, self.nim != 0];
        parts.iter().filter(|&&part| part).count() <= 1
    }
}

/// How a form is written other than in braces.
#[derive(Clone, Debug)]
enum Shape {
    /// `+-A` for the switch `{A | −A}`.
    Switch(Vec<View>),
    /// `xTiny(s)` or `xMiny(s)`.
    Tiny {
        number: Dyadic,
        subscript: Subscript,
        tiny: bool,
    },
    /// `x^<n>*m`, `x^[n]*m` and their negatives.
    Uptimal {
        number: Dyadic,
        up: bool,
        sum: bool,
        order: u64,
        nim: u128,
    },
}

#[derive(Clone, Debug)]
enum Subscript {
    Game(View),
    Value(Value),
}

/// Which way an uptimal points: the side whose options carry the chain of the smaller ones.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sign {
    Up,
    Down,
}

impl Sign {
    fn flip(self) -> Sign {
        match self {
            Sign::Up => Sign::Down,
            Sign::Down => Sign::Up,
        }
    }

    fn ups(self) -> i128 {
        match self {
            Sign::Up => 1,
            Sign::Down => -1,
        }
    }
}

/// One text being written, with what it has learnt about the games it met.
struct Printer<'a> {
    store: &'a Store,
    text: String,
    limit: usize,
    /// Stops of the games met, for Tiny and Miny.
    stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
    /// Whether one game is the negative of another, by structure.
    negatives: FxHashMap<(GameId, GameId), bool>,
    /// How each form met is written.
    shapes: FxHashMap<View, Option<Shape>>,
    /// Forms found not to be uptimals while walking the chain of a larger one.
    not_uptimal: FxHashSet<View>,
}

impl<'a> Printer<'a> {
    fn check_length(&self) -> Result<(), TooLong> {
        if self.text.len() > self.limit {
            Err(TooLong)
        } else {
            Ok(())
        }
    }

    /// The options of a view's game, sides swapped for a negative; `None` for a closed form.
    fn sides(&self, view: View) -> Option<(&'a [GameId], &'a [GameId])> {
        let (left, right) = self.store.form_sides(view.game)?;
        Some(if view.negated {
            (right, left)
        } else {
            (left, right)
        })
    }

    /// The closed form of a view, if it has one.
    fn value(&self, view: View) -> Option<Value> {
        let nus = self.store.as_nus(view.game)?;
        let value = Value {
            number: nus.number.clone(),
            ups: i128::from(nus.ups),
            nim: nus.nim,
        };
        Some(if view.negated {
            Value {
                number: -value.number,
                ups: -value.ups,
                nim: value.nim,
            }
        } else {
            value
        })
    }

    fn write_game(&mut self, view: View) -> Result<(), TooLong> {
        if let Some(value) = self.value(view) {
            write_value(&value, &mut self.text);
        } else if let Some(shape) = self.shape(view) {
            self.write_shape(shape)?;
        } else {
            let (left, right) = self.sides(view).expect("a game is a form or a closed form");
            self.text.push('{');
            deep(|| self.write_body(view, left, right, MAX_BARS - 1))?;
            self.text.push('}');
        }
        self.check_length()
    }

    /// `L|R` with as many bars as needed, `room` more levels of single options inline below.
    fn write_body(
        &mut self,
        view: View,
        left: &[GameId],
        right: &[GameId],
        room: usize,
    ) -> Result<(), TooLong> {
        let bars = self.body_bars(view, left, right, room);
        self.write_side(view, left, room)?;
        self.text.extend(std::iter::repeat_n('|', bars));
        self.write_side(view, right, room)
    }

    /// The bars of `L|R`: one more than the most inside an option written inline. At most
    /// `room + 1`, so this looks at most `room` levels down.
    fn body_bars(&mut self, view: View, left: &[GameId], right: &[GameId], room: usize) -> usize {
        let mut inner = |side: &[GameId]| match self.inline_option(view, side, room) {
            Some((option, left, right)) => self.body_bars(option, left, right, room - 1),
            None => 0,
        };
        1 + inner(left).max(inner(right))
    }

    /// A side's single option, with its sides, if it is written inline: a form written with
    /// bars, with room for one more level.
    fn inline_option(
        &mut self,
        view: View,
        side: &[GameId],
        room: usize,
    ) -> Option<(View, &'a [GameId], &'a [GameId])> {
        let [only] = side else {
            return None;
        };
        let option = view.option(*only);
        if room == 0 || self.shape(option).is_some() {
            return None;
        }
        let (left, right) = self.sides(option)?;
        Some((option, left, right))
    }

    /// One side's options.
    fn write_side(&mut self, view: View, side: &[GameId], room: usize) -> Result<(), TooLong> {
        if let Some((option, left, right)) = self.inline_option(view, side, room) {
            return deep(|| self.write_body(option, left, right, room - 1));
        }
        let options: Vec<View> = side.iter().map(|&option| view.option(option)).collect();
        self.write_list(&options)
    }

    /// Options separated by commas: number-up-star values by size, then the others in the
    /// order of their texts (each written apart first, within what is left of the limit).
    fn write_list(&mut self, options: &[View]) -> Result<(), TooLong> {
        let mut values = Vec::new();
        let mut others = Vec::new();
        for &option in options {
            match self.value(option) {
                Some(value) => values.push(value),
                None => others.push(option),
            }
        }
        values.sort_by(|a, b| (&a.number, a.ups, a.nim).cmp(&(&b.number, b.ups, b.nim)));
        let start = self.text.len();
        for value in values {
            if self.text.len() > start {
                self.text.push(',');
            }
            write_value(&value, &mut self.text);
            self.check_length()?;
        }
        if let [only] = others.as_slice() {
            if self.text.len() > start {
                self.text.push(',');
            }
            return self.write_game(*only);
        }
        let mut texts = Vec::with_capacity(others.len());
        let mut held = self.text.len();
        for option in others {
            let text = std::mem::take(&mut self.text);
            let limit = self.limit;
            self.limit = limit.saturating_sub(held);
            let written = self.write_game(option);
            self.limit = limit;
            let option_text = std::mem::replace(&mut self.text, text);
            written?;
            held += option_text.len() + 1;
            texts.push(option_text);
        }
        texts.sort_unstable();
        for option_text in texts {
            if self.text.len() > start {
                self.text.push(',');
            }
            self.text.push_str(&option_text);
        }
        self.check_length()
    }

    fn write_shape(&mut self, shape: Shape) -> Result<(), TooLong> {
        match shape {
            Shape::Switch(options) => {
                self.text.push_str("+-");
                match options.as_slice() {
                    [only] if self.needs_parentheses(*only) => {
                        self.text.push('(');
                        self.write_game(*only)?;
                        self.text.push(')');
                    }
                    [only] => self.write_game(*only)?,
                    _ => {
                        self.text.push('{');
                        self.write_list(&options)?;
                        self.text.push('}');
                    }
                }
            }
            Shape::Tiny {
                number,
                subscript,
                tiny,
            } => {
                if !number.is_zero() {
                    let _ = write!(self.text, "{number}");
                }
                self.text.push_str(if tiny { "Tiny(" } else { "Miny(" });
                match subscript {
                    Subscript::Game(view) => self.write_game(view)?,
                    Subscript::Value(value) => write_value(&value, &mut self.text),
                }
                self.text.push(')');
            }
            Shape::Uptimal {
                number,
                up,
                sum,
                order,
                nim,
            } => {
                if !number.is_zero() {
                    let _ = write!(self.text, "{number}");
                }
                let (open, close) = if sum { ('[', ']') } else { ('<', '>') };
                let arrow = if up { '^' } else { 'v' };
                let _ = write!(self.text, "{arrow}{open}{order}{close}");
                write_star(nim, &mut self.text);
            }
        }
        self.check_length()
    }

    /// Whether the single option of a switch is a sum of parts, written in parentheses after
    /// `+-` so that `+-(1*)` is not read as `(+-1) + *`.
    fn needs_parentheses(&mut self, view: View) -> bool {
        match self.value(view) {
            Some(value) => !value.is_compact(),
            None => match self.shape(view) {
                Some(Shape::Tiny { .. }) => true,
                Some(Shape::Uptimal { number, nim, .. }) => !number.is_zero() || nim != 0,
                Some(Shape::Switch(_)) | None => false,
            },
        }
    }

    /// How a form is written other than in braces, if it is.
    fn shape(&mut self, view: View) -> Option<Shape> {
        if let Some(known) = self.shapes.get(&view) {
            return known.clone();
        }
        let shape = self.sides(view).and_then(|(left, right)| {
            self.switch(view, left, right)
                .or_else(|| self.tiny(view, left, right))
                .or_else(|| self.uptimal(view, left, right))
        });
        self.shapes.insert(view, shape.clone());
        shape
    }

    /// `+-` and the Left options, if every Left option is the negative of a Right option.
    fn switch(&mut self, view: View, left: &[GameId], right: &[GameId]) -> Option<Shape> {
        let matched = left.len() == right.len()
            && left
                .iter()
                .all(|&l| right.iter().any(|&r| self.is_negative_of(l, r)));
        matched.then(|| Shape::Switch(left.iter().map(|&l| view.option(l)).collect()))
    }

    /// Whether `b` is `−a`, by structure (both are canonical).
    fn is_negative_of(&mut self, a: GameId, b: GameId) -> bool {
        if let Some(known) = self.store.known_negative(a) {
            return known == b;
        }
        if let Some(&answer) = self.negatives.get(&(a, b)) {
            return answer;
        }
        let answer = match (self.store.form_sides(a), self.store.form_sides(b)) {
            (None, None) => {
                let (x, y) = (self.store.as_nus(a), self.store.as_nus(b));
                matches!((x, y), (Some(x), Some(y)) if x.checked_neg().as_ref() == Some(y))
            }
            (Some((al, ar)), Some((bl, br))) => {
                al.len() == br.len()
                    && ar.len() == bl.len()
                    && deep(|| {
                        al.iter()
                            .all(|&x| br.iter().any(|&y| self.is_negative_of(x, y)))
                            && ar
                                .iter()
                                .all(|&x| bl.iter().any(|&y| self.is_negative_of(x, y)))
                    })
            }
            _ => false,
        };
        self.negatives.insert((a, b), answer);
        answer
    }

    /// `xTiny(x − z)` for `{x || x | z}` with `L(z) < x`, and `xMiny(z − x)` for its mirror
    /// image `{z | x || x}` with `R(z) > x`.
    fn tiny(&mut self, view: View, left: &[GameId], right: &[GameId]) -> Option<Shape> {
        let ([a], [b]) = (left, right) else {
            return None;
        };
        let (a, b) = (view.option(*a), view.option(*b));
        if let Some(x) = self.value(a).filter(Value::is_number) {
            let (inner_left, inner_right) = self.sides(b)?;
            let ([c], [z]) = (inner_left, inner_right) else {
                return None;
            };
            let z = b.option(*z);
            if self.value(b.option(*c)) != Some(x.clone()) || self.view_stops(z).0 >= x.number {
                return None;
            }
            let subscript = self.difference(&x.number, z.negative())?;
            return Some(Shape::Tiny {
                number: x.number,
                subscript,
                tiny: true,
            });
        }
        let x = self.value(b).filter(Value::is_number)?;
        let (inner_left, inner_right) = self.sides(a)?;
        let ([z], [c]) = (inner_left, inner_right) else {
            return None;
        };
        let z = a.option(*z);
        if self.value(a.option(*c)) != Some(x.clone()) || self.view_stops(z).1 <= x.number {
            return None;
        }
        let subscript = self.difference(&-&x.number, z)?;
        Some(Shape::Tiny {
            number: x.number,
            subscript,
            tiny: false,
        })
    }

    /// `shift + game` as a subscript, if it can be written without making it: any game for a
    /// shift of 0, a number-up-star value for any shift.
    fn difference(&self, shift: &Dyadic, game: View) -> Option<Subscript> {
        if shift.is_zero() {
            return Some(Subscript::Game(game));
        }
        let value = self.value(game)?;
        Some(Subscript::Value(Value {
            number: &value.number + shift,
            ..value
        }))
    }

    /// The stops of a view: its game's, negated and swapped for a negative.
    fn view_stops(&mut self, view: View) -> (Dyadic, Dyadic) {
        let (left, right) = self.stops(view.game);
        if view.negated {
            (-right, -left)
        } else {
            (left, right)
        }
    }

    /// The stops of `game` (the store's own are remembered only by a store that can change).
    fn stops(&mut self, game: GameId) -> (Dyadic, Dyadic) {
        if let Some(nus) = self.store.as_nus(game) {
            return (nus.number.clone(), nus.number.clone());
        }
        if let Some(known) = self.stops.get(&game) {
            return known.clone();
        }
        let (left, right) = self.store.form_sides(game).expect("a form");
        let stops = deep(|| {
            let left_stop = left
                .iter()
                .map(|&option| self.stops(option).1)
                .max()
                .expect("a form that is not a number has Left options");
            let right_stop = right
                .iter()
                .map(|&option| self.stops(option).0)
                .min()
                .expect("a form that is not a number has Right options");
            (left_stop, right_stop)
        });
        self.stops.insert(game, stops.clone());
        stops
    }

    /// The uptimal a form is, if any: `x ± ↑^n + *m` or `x ± ↑^[n] + *m` with n ≥ 2.
    fn uptimal(&mut self, view: View, left: &[GameId], right: &[GameId]) -> Option<Shape> {
        if self.not_uptimal.contains(&view) {
            return None;
        }
        for sign in [Sign::Up, Sign::Down] {
            let (ladder, single) = match sign {
                Sign::Up => (left, right),
                Sign::Down => (right, left),
            };
            // ±↑^n + x + *m: x, x*, …, x*m on one side, and on the other ∓↑^[n−1] + x + *(m⊕1).
            if let Some((number, nim, chain)) = self.nimber_ladder(view, ladder, single) {
                if let Some(below) = self.sum_chain(chain, sign.flip(), &number, nim ^ 1) {
                    return Some(Shape::Uptimal {
                        number,
                        up: sign == Sign::Up,
                        sum: false,
                        order: below.checked_add(1)?,
                        nim,
                    });
                }
            }
            let Some((number, nim)) = self.sum_parameters(view, ladder, single) else {
                continue;
            };
            if let Some(order) = self.sum_chain(view, sign, &number, nim) {
                return Some(Shape::Uptimal {
                    number,
                    up: sign == Sign::Up,
                    sum: true,
                    order,
                    nim,
                });
            }
        }
        None
    }

    /// `(x, m, the single option)` if `ladder` is `x, x*, …, x*m` and `single` one option.
    fn nimber_ladder(
        &self,
        view: View,
        ladder: &[GameId],
        single: &[GameId],
    ) -> Option<(Dyadic, u128, View)> {
        let [chain] = single else {
            return None;
        };
        let values: Vec<Value> = ladder
            .iter()
            .map(|&option| self.value(view.option(option)))
            .collect::<Option<_>>()?;
        let number = values.first()?.number.clone();
        let mut nims: Vec<u128> = Vec::with_capacity(values.len());
        for value in values {
            if value.number != number || value.ups != 0 {
                return None;
            }
            nims.push(value.nim);
        }
        nims.sort_unstable();
        let top = nims.len() as u128 - 1;
        let ladder = nims.iter().zip(0..).all(|(&nim, expected)| nim == expected);
        ladder.then(|| (number, top, view.option(*chain)))
    }

    /// The `(x, m)` that `±↑^[n] + x + *m` would have with these sides: `{chain | x*(m⊕1)}`
    /// for m ≠ 1, `{x, chain | x}` for m = 1 (for the sign that puts the chain on `ladder`'s
    /// side).
    fn sum_parameters(
        &self,
        view: View,
        chain_side: &[GameId],
        other: &[GameId],
    ) -> Option<(Dyadic, u128)> {
        let [other] = other else {
            return None;
        };
        let star = self.value(view.option(*other)).filter(|v| v.ups == 0)?;
        let nim = if star.nim == 0 {
            (chain_side.len() == 2).then_some(1)?
        } else {
            star.nim ^ 1
        };
        Some((star.number, nim))
    }

    /// The order `n` if `view` is `x ± ↑^[n] + *m` (the sign given), walking the chain of its
    /// canonical forms down to `x ± ↑ + *m`: `{x ± ↑^[k−1] + *m | x*(m⊕1)}` for m ≠ 1 and
    /// `{x, x ± ↑^[k−1]* | x}` for m = 1 (sides swapped for down). When the walk fails, the
    /// forms whose level it passed are no uptimals either: their own walks are this one.
    fn sum_chain(&mut self, view: View, sign: Sign, number: &Dyadic, nim: u128) -> Option<u64> {
        let base = Value {
            number: number.clone(),
            ups: sign.ups(),
            nim,
        };
        let mut current = view;
        let mut order: u64 = 1;
        let mut passed = Vec::new();
        loop {
            if let Some(value) = self.value(current) {
                if value == base {
                    return Some(order);
                }
                break;
            }
            let Some(next) = self.sum_step(current, sign, number, nim) else {
                break;
            };
            passed.push(current);
            current = next;
            order = order.checked_add(1)?;
        }
        self.not_uptimal.extend(passed);
        None
    }

    /// The next form down the chain of `x ± ↑^[k] + *m`, if `view` has that level's shape.
    fn sum_step(&self, view: View, sign: Sign, number: &Dyadic, nim: u128) -> Option<View> {
        let (left, right) = self.sides(view)?;
        let (chain_side, other) = match sign {
            Sign::Up => (left, right),
            Sign::Down => (right, left),
        };
        let star = Value {
            number: number.clone(),
            ups: 0,
            nim: nim ^ 1,
        };
        let [other] = other else {
            return None;
        };
        if self.value(view.option(*other)) != Some(star) {
            return None;
        }
        match chain_side {
            [chain] if nim != 1 => Some(view.option(*chain)),
            [first, second] if nim == 1 => {
                let plain = Some(Value::number(number.clone()));
                if self.value(view.option(*first)) == plain {
                    Some(view.option(*second))
                } else if self.value(view.option(*second)) == plain {
                    Some(view.option(*first))
                } else {
                    None
                }
            }
            _ => None,
        }
    }
}

/// Writes `x + n·↑ + *m` as `x`, then the arrows, then the star.
fn write_value(value: &Value, text: &mut String) {
    if !value.number.is_zero() || (value.ups == 0 && value.nim == 0) {
        let _ = write!(text, "{}", value.number);
    }
    let arrow = if value.ups > 0 { '^' } else { 'v' };
    match value.ups.unsigned_abs() {
        0 => {}
        1 => text.push(arrow),
        2 => {
            text.push(arrow);
            text.push(arrow);
        }
        count => {
            let _ = write!(text, "{arrow}{count}");
        }
    }
    write_star(value.nim, text);
}

fn write_star(nim: u128, text: &mut String) {
    match nim {
        0 => {}
        1 => text.push('*'),
        m => {
            let _ = write!(text, "*{m}");
        }
    }
}
