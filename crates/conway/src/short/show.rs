//! Writing games as the texts and CGSuite write them: `0`, `-3/8`, `*2`, `^`, `vv*`, `^3*`,
//! `1/2^`, `3*2` (3 + \*2), `+-1`, `{2|-1/2}`, `{0||0|-2}`.
//!
//! A number-up-star value is its number, then its ups (`^`, `^^`, `^3`; `v`, `vv`, `v3`), then
//! its star (`*`, `*5`); a part that is zero is left out. A switch `{x | −x}` (x a positive
//! number) is `+-x`. Any
//! other game is `{L|R}` without spaces: a side with a single option that is itself written
//! with bars is written inline, and the game's own bar is then one bar longer than the longest
//! inside it, so `{2|{1|0}}` is `{2||1|0}`, up to four bars (deeper, an option keeps its
//! braces: `{0||||0|||0||0|{0|-1}}`). Options appear in a fixed order (numbers and other
//! number-up-star values by size, then the rest by their text), so a game has one text.

use super::compare::deep;
use super::nus::Nus;
use super::store::{GameId, Store};
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
        let mut text = String::new();
        self.write_game(game, &mut text, limit).ok()?;
        Some(text)
    }

    fn write_game(&self, game: GameId, text: &mut String, limit: usize) -> Result<(), TooLong> {
        match self.form_sides(game) {
            None => {
                let nus = self
                    .as_nus(game)
                    .expect("a game is a form or a closed form");
                write_nus(nus, text);
            }
            Some((left, right)) => {
                if let Some(switch) = self.switch_of(left, right) {
                    text.push_str("+-");
                    self.write_game(switch, text, limit)?;
                } else {
                    text.push('{');
                    deep(|| self.write_body(left, right, MAX_BARS - 1, text, limit))?;
                    text.push('}');
                }
            }
        }
        if text.len() > limit {
            return Err(TooLong);
        }
        Ok(())
    }

    /// `a` if the form is `{a | −a}` for a positive number `a`: a switch written `+-a`. A
    /// switch between other games keeps its braces, which always read back unambiguously.
    fn switch_of(&self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        match (left, right) {
            ([a], [b])
                if self.as_number(*a).is_some_and(|x| x.signum() > 0)
                    && self.is_negative_of(*a, *b) =>
            {
                Some(*a)
            }
            _ => None,
        }
    }

    /// Whether `b` is `−a`, by structure (both are canonical).
    fn is_negative_of(&self, a: GameId, b: GameId) -> bool {
        let known = self.negatives[a.0 as usize];
        if known != super::store::UNKNOWN {
            return known == b.0;
        }
        match (self.form_sides(a), self.form_sides(b)) {
            (None, None) => {
                let (x, y) = (self.as_nus(a), self.as_nus(b));
                matches!((x, y), (Some(x), Some(y)) if x.checked_neg().as_ref() == Some(y))
            }
            (Some((al, ar)), Some((bl, br))) => {
                al.len() == br.len()
                    && ar.len() == bl.len()
                    && al
                        .iter()
                        .all(|&x| br.iter().any(|&y| self.is_negative_of(x, y)))
                    && ar
                        .iter()
                        .all(|&x| bl.iter().any(|&y| self.is_negative_of(x, y)))
            }
            _ => false,
        }
    }

    /// `L|R` with as many bars as needed, `room` more levels of single options inline below.
    fn write_body(
        &self,
        left: &[GameId],
        right: &[GameId],
        room: usize,
        text: &mut String,
        limit: usize,
    ) -> Result<(), TooLong> {
        let bars = self.body_bars(left, right, room);
        self.write_side(left, room, text, limit)?;
        text.extend(std::iter::repeat_n('|', bars));
        self.write_side(right, room, text, limit)
    }

    /// The bars of `L|R`: one more than the most inside an option written inline. At most
    /// `room + 1`, so this looks at most `room` levels down.
    fn body_bars(&self, left: &[GameId], right: &[GameId], room: usize) -> usize {
        let inner = |side: &[GameId]| match self.inline_option(side, room) {
            Some((left, right)) => self.body_bars(left, right, room - 1),
            None => 0,
        };
        1 + inner(left).max(inner(right))
    }

    /// The sides of a side's single option if it is written inline: a form written with bars,
    /// with room for one more level.
    fn inline_option(&self, side: &[GameId], room: usize) -> Option<(&[GameId], &[GameId])> {
        match side {
            [only] if room > 0 => self
                .form_sides(*only)
                .filter(|(left, right)| self.switch_of(left, right).is_none()),
            _ => None,
        }
    }

    /// One side's options, written into `text` (which may grow to `limit` bytes).
    fn write_side(
        &self,
        side: &[GameId],
        room: usize,
        text: &mut String,
        limit: usize,
    ) -> Result<(), TooLong> {
        if let Some((left, right)) = self.inline_option(side, room) {
            return deep(|| self.write_body(left, right, room - 1, text, limit));
        }
        let mut nus: Vec<&Nus> = Vec::new();
        let mut others = Vec::new();
        for &option in side {
            match self.as_nus(option) {
                Some(value) => nus.push(value),
                None => others.push(option),
            }
        }
        nus.sort_by(|a, b| (&a.number, a.ups, a.nim).cmp(&(&b.number, b.ups, b.nim)));
        let start = text.len();
        for value in nus {
            if text.len() > start {
                text.push(',');
            }
            write_nus(value, text);
            if text.len() > limit {
                return Err(TooLong);
            }
        }
        if let [only] = others.as_slice() {
            if text.len() > start {
                text.push(',');
            }
            return self.write_game(*only, text, limit);
        }
        // Other options in the order of their texts: each written apart first, all of them
        // within what is left of the limit.
        let mut texts = Vec::with_capacity(others.len());
        let mut held = text.len();
        for option in others {
            let mut option_text = String::new();
            self.write_game(option, &mut option_text, limit.saturating_sub(held))?;
            held += option_text.len() + 1;
            texts.push(option_text);
        }
        texts.sort_unstable();
        for option_text in texts {
            if text.len() > start {
                text.push(',');
            }
            text.push_str(&option_text);
        }
        if text.len() > limit {
            return Err(TooLong);
        }
        Ok(())
    }
}

/// Writes `x + n·↑ + *m` as `x`, then the arrows, then the star.
fn write_nus(nus: &Nus, text: &mut String) {
    if !nus.number.is_zero() || (nus.ups == 0 && nus.nim == 0) {
        let _ = write!(text, "{}", nus.number);
    }
    let arrow = if nus.ups > 0 { '^' } else { 'v' };
    match nus.ups.unsigned_abs() {
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
    match nus.nim {
        0 => {}
        1 => text.push('*'),
        m => {
            let _ = write!(text, "*{m}");
        }
    }
}
