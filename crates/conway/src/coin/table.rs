//! The values of single heads by the mex definition, `g([x]) = mex` of the nim-sums of the
//! other coins of each move at `x`, computed coin by coin into a dense table: every move at
//! `x` turns only coins left of `x`, whose values are then known.
//!
//! A rule that looks the same from every coin on ([`Reach`]) has values that depend on a
//! window of the values before them alone, so the first window that repeats proves a period.
//! The table watches for it (a rolling hash of the window, then a comparison) and from then
//! on answers every coin at once.

use super::{CoinError, CoinRule, Reach};
use rustc_hash::FxHashMap;

/// The most coins the table holds.
pub const MAX_TABLE_COINS: u64 = 1 << 21;

/// The most moves the table looks at in all: Grunt's coins have about `x/2` moves each, so
/// its values are computed through about coin 23,000.
pub const MAX_TABLE_WORK: u64 = 1 << 27;

/// The multiplier of the rolling hash of a window (odd, with well-mixed bits).
const HASH_BASE: u64 = 0x9E37_79B9_7F4A_7C15;

pub(super) struct Table {
    /// Whether the rule's closed forms stand in for values below the coin being computed.
    closed_forms: bool,
    /// `g([origin + i])`.
    values: Vec<u64>,
    /// The moves looked at so far.
    work: u64,
    /// From which coin on the values repeat, and with which period.
    period: Option<(u64, u64)>,
    /// The rolling hash of the last `window` values, and `HASH_BASE^(window − 1)`.
    hash: u64,
    top_power: u64,
    /// The coin at which each window hash was first seen.
    windows: FxHashMap<u64, u64>,
    /// Scratch space for the mex.
    seen: Vec<bool>,
}

impl Table {
    pub(super) fn new(closed_forms: bool) -> Self {
        Table {
            closed_forms,
            values: Vec::new(),
            work: 0,
            period: None,
            hash: 0,
            top_power: 1,
            windows: FxHashMap::default(),
            seen: Vec::new(),
        }
    }

    /// The value of coin `x` (at least `origin`), if the table knows it already.
    pub(super) fn known_at(&self, origin: u64, x: u64) -> Option<u64> {
        let i = x - origin;
        if let Some(&value) = self.values.get(usize::try_from(i).ok()?) {
            return Some(value);
        }
        let (start, period) = self.period?;
        let i = start + (x - start) % period - origin;
        Some(self.values[i as usize])
    }

    /// The value of coin `x`, computing the table through it where needed.
    pub(super) fn value<R: CoinRule + ?Sized>(
        &mut self,
        rule: &R,
        x: u64,
    ) -> Result<u64, CoinError> {
        let origin = rule.origin();
        if x < origin {
            return Err(CoinError::BelowOrigin {
                game: rule.name(),
                coin: x,
                origin,
            });
        }
        if let Some(value) = self.known_at(origin, x) {
            return Ok(value);
        }
        let reach = rule.reach();
        if reach.is_none() {
            // Refuse at once what the budget cannot reach, rather than after the work.
            self.check_budget(rule, x)?;
        }
        loop {
            if let Some(value) = self.known_at(origin, x) {
                return Ok(value);
            }
            if self.values.len() as u64 >= MAX_TABLE_COINS || self.work > MAX_TABLE_WORK {
                return Err(self.too_far(rule, x, origin + self.values.len() as u64 - 1));
            }
            self.step(rule, reach);
        }
    }

    /// Refuses coin `x` if computing the table through it would pass the budget.
    fn check_budget<R: CoinRule + ?Sized>(&self, rule: &R, x: u64) -> Result<(), CoinError> {
        let origin = rule.origin();
        let mut work = self.work;
        let mut coin = origin + self.values.len() as u64;
        while coin <= x {
            work = work.saturating_add(rule.move_count(coin));
            if work > MAX_TABLE_WORK || coin - origin >= MAX_TABLE_COINS {
                return Err(self.too_far(rule, x, coin.saturating_sub(1).max(origin)));
            }
            coin += 1;
        }
        Ok(())
    }

    fn too_far<R: CoinRule + ?Sized>(&self, rule: &R, coin: u64, limit: u64) -> CoinError {
        CoinError::TooFar {
            game: rule.name(),
            coin,
            limit,
        }
    }

    /// The value of coin `y`, below the one being computed.
    pub(super) fn known<R: CoinRule + ?Sized>(&self, rule: &R, y: u64) -> Option<u64> {
        self.closed_forms
            .then(|| rule.known_value(y))
            .flatten()
            .or_else(|| self.known_at(rule.origin(), y))
    }

    /// Computes the value of the next coin, and looks for a period where the rule has a
    /// reach.
    pub(super) fn step<R: CoinRule + ?Sized>(&mut self, rule: &R, reach: Option<Reach>) {
        let origin = rule.origin();
        let x = origin + self.values.len() as u64;
        let count = rule.move_count(x);
        self.work = self.work.saturating_add(count);
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        seen.resize(count.min(MAX_TABLE_WORK) as usize + 1, false);
        rule.moves(x, &mut |others| {
            let sum = others.iter().fold(0, |sum, &y| {
                sum ^ self
                    .known(rule, y)
                    .expect("the coins left of the one computed are in the table")
            });
            if let Some(mark) = seen.get_mut(sum as usize) {
                *mark = true;
            }
        });
        let value = seen.iter().position(|&mark| !mark).unwrap_or(seen.len()) as u64;
        self.seen = seen;
        self.values.push(value);
        if let Some(reach) = reach {
            self.watch(origin, reach);
        }
    }

    /// Keeps the hash of the last `window` values, and stops at the first window seen
    /// before, from the coin on which the rule is the same everywhere.
    fn watch(&mut self, origin: u64, reach: Reach) {
        if self.period.is_some() || reach.window == 0 {
            return;
        }
        let window = reach.window as usize;
        let len = self.values.len();
        if len < window {
            return;
        }
        if len == window {
            self.top_power = (1..window).fold(1u64, |p, _| p.wrapping_mul(HASH_BASE));
            self.hash = self
                .values
                .iter()
                .fold(0u64, |h, &v| h.wrapping_mul(HASH_BASE).wrapping_add(v));
        } else {
            let old = self.values[len - window - 1];
            let new = self.values[len - 1];
            self.hash = self
                .hash
                .wrapping_sub(old.wrapping_mul(self.top_power))
                .wrapping_mul(HASH_BASE)
                .wrapping_add(new);
        }
        // The window before the next coin, which decides it.
        let next = origin + len as u64;
        if next < reach.from {
            return;
        }
        match self.windows.get(&self.hash) {
            Some(&earlier) => {
                let at = |coin: u64| {
                    let end = (coin - origin) as usize;
                    &self.values[end - window..end]
                };
                if at(earlier) == at(next) {
                    self.period = Some((earlier - reach.window, next - earlier));
                }
            }
            None => {
                self.windows.insert(self.hash, next);
            }
        }
    }

    /// The values computed so far.
    pub(super) fn values(&self) -> &[u64] {
        &self.values
    }
}

/// `g([x])` for every coin from the origin through `through`, by the mex definition alone:
/// no closed form, no period. The reference that closed forms are tested against.
pub fn values_by_mex<R: CoinRule + ?Sized>(rule: &R, through: u64) -> Result<Vec<u64>, CoinError> {
    let mut table = Table::new(false);
    if through >= rule.origin() {
        table.check_budget(rule, through)?;
        while rule.origin() + (table.values().len() as u64) <= through {
            table.step(rule, None);
        }
    }
    Ok(table.values)
}
