//! The 1-D coin-turning games of chapter 4 and its exercises, numbered as the texts number
//! them (the table "numbering conventions" of §4.1).

use super::{CoinRule, Reach};
use crate::text::{parse_numbers, ParseError, Separator};

/// A built-in 1-D coin-turning rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Example 4.2: turn exactly two coins. From 0; `g([x]) = x`.
    Twins,
    /// Exercise 2.10: turn one coin, and one to its left if you like. From 1; `g([x]) = x`.
    TurningTurtles,
    /// Example 4.3: turn one, two or three coins. From 0; the odious number in `{2x, 2x+1}`
    /// (Theorem 4.2).
    MockTurtles,
    /// Example 4.4: turn any number of consecutive coins. From 1; `2^v₂(x)`.
    Ruler,
    /// Example 4.5: turn coins `0, a, x − a, x` for `0 < a < x/2`. From 0; Grundy's game.
    Grunt,
    /// Exercise 4.5: turn exactly three coins. From 0; Mock Turtles' values two coins on.
    Triplets,
    /// Exercise 4.6: turn at least two consecutive coins. From 1; `⌊2^v₂(x)/2⌋`.
    Rulerette,
    /// Example 4.1: turn `x` and `x − s` for `s` in the set, or `x` alone when `x` is in
    /// it. From 1; the subtraction game's values.
    Subtraction(Vec<u64>),
    /// Exercises 4.2(c) and 4.12: turn exactly two coins, `x` and `x − s` for `s` in the
    /// set. From 1; `g([x]) = g_S(x − 1)`.
    SubtractionTwo(Vec<u64>),
    /// Exercise 4.7: turn `x` alone, or `x` and `x − s` for `s` in the set. From 1;
    /// `g([x]) = 1 + g_S(x − 1)`.
    OneOrTwo(Vec<u64>),
}

/// The rules' names, as `coins:NAME` and Tartan products read them.
pub const RULE_NAMES: &str = "twins, turning-turtles, mock-turtles, ruler, grunt, triplets, rulerette, subtraction:S, subtraction-two:S, one-or-two:S (S a comma-separated set such as 1,3,4)";

impl Rule {
    /// Reads a rule's name, with its set after a colon for the subtraction rules.
    pub fn parse(text: &str) -> Result<Rule, ParseError> {
        let text = text.trim();
        let (name, set) = match text.split_once(':') {
            Some((name, set)) => (name.trim(), Some(set)),
            None => (text, None),
        };
        let simple = match name {
            "twins" => Some(Rule::Twins),
            "turning-turtles" => Some(Rule::TurningTurtles),
            "mock-turtles" => Some(Rule::MockTurtles),
            "ruler" => Some(Rule::Ruler),
            "grunt" => Some(Rule::Grunt),
            "triplets" => Some(Rule::Triplets),
            "rulerette" => Some(Rule::Rulerette),
            _ => None,
        };
        let with_set: Option<fn(Vec<u64>) -> Rule> = match name {
            "subtraction" => Some(Rule::Subtraction),
            "subtraction-two" => Some(Rule::SubtractionTwo),
            "one-or-two" => Some(Rule::OneOrTwo),
            _ => None,
        };
        match (simple, with_set, set) {
            (Some(rule), _, None) => Ok(rule),
            (Some(_), _, Some(_)) => Err(ParseError::whole(format!(
                "the coin game '{name}' takes no set"
            ))),
            (None, Some(make), Some(set)) => {
                let at = text.len() - set.len();
                let mut set = parse_numbers(set, Separator::Commas).map_err(|e| e.shifted(at))?;
                if set.is_empty() || set.contains(&0) {
                    return Err(ParseError::whole(format!(
                        "the coin game '{name}' needs a set of positive distances, e.g. `{name}:1,3,4`"
                    )));
                }
                set.sort_unstable();
                set.dedup();
                Ok(make(set))
            }
            (None, Some(_), None) => Err(ParseError::whole(format!(
                "give the set after a colon, e.g. `{name}:1,3,4`"
            ))),
            (None, None, _) => Err(ParseError::whole(format!(
                "unknown coin game '{name}'; the coin games are {RULE_NAMES}"
            ))),
        }
    }

    /// The subtraction set of the subtraction rules.
    fn set(&self) -> Option<&[u64]> {
        match self {
            Rule::Subtraction(set) | Rule::SubtractionTwo(set) | Rule::OneOrTwo(set) => Some(set),
            _ => None,
        }
    }
}

/// Whether `n` has an odd number of 1s in binary.
pub fn is_odious(n: u64) -> bool {
    n.count_ones() % 2 == 1
}

/// Mock Turtles' value of coin `x`: `2x` or `2x + 1`, whichever is odious (Theorem 4.2).
fn mock_turtle(x: u64) -> Option<u64> {
    Some(x.checked_mul(2)? | u64::from(!is_odious(x)))
}

/// The coin of Mock Turtles whose value is `v`, if there is one.
fn mock_turtle_coin(v: u64) -> Option<u64> {
    is_odious(v).then_some(v >> 1)
}

/// The Gray code of `n`: the nim-sum of the Ruler values `2^v₂(k)` for `k = 1..=n`, since
/// consecutive Gray codes differ in the bit `v₂(k)`.
fn gray(n: u64) -> u64 {
    n ^ (n >> 1)
}

fn gray_inverse(mut g: u64) -> u64 {
    for shift in [1, 2, 4, 8, 16, 32] {
        g ^= g >> shift;
    }
    g
}

/// Calls `each` with the blocks of consecutive coins left of `x` of lengths `from..x`
/// (from `x − 1` down): one buffer that grows by a coin per block.
fn blocks(x: u64, shortest: u64, each: &mut dyn FnMut(&[u64])) {
    let mut block = Vec::new();
    for length in 0..x {
        if length >= shortest {
            each(&block);
        }
        block.push(x - 1 - length);
    }
}

/// The block of coins `a..x`, highest first: the other coins of a Ruler move.
fn block(a: u64, x: u64) -> Vec<u64> {
    (a..x).rev().collect()
}

impl CoinRule for Rule {
    fn name(&self) -> String {
        let set = |set: &[u64]| set.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match self {
            Rule::Twins => "twins".into(),
            Rule::TurningTurtles => "turning-turtles".into(),
            Rule::MockTurtles => "mock-turtles".into(),
            Rule::Ruler => "ruler".into(),
            Rule::Grunt => "grunt".into(),
            Rule::Triplets => "triplets".into(),
            Rule::Rulerette => "rulerette".into(),
            Rule::Subtraction(s) => format!("subtraction:{}", set(s)),
            Rule::SubtractionTwo(s) => format!("subtraction-two:{}", set(s)),
            Rule::OneOrTwo(s) => format!("one-or-two:{}", set(s)),
        }
    }

    fn origin(&self) -> u64 {
        match self {
            Rule::Twins | Rule::MockTurtles | Rule::Grunt | Rule::Triplets => 0,
            _ => 1,
        }
    }

    fn moves(&self, x: u64, each: &mut dyn FnMut(&[u64])) {
        match self {
            Rule::Twins => (0..x).for_each(|y| each(&[y])),
            Rule::TurningTurtles => {
                each(&[]);
                (1..x).for_each(|y| each(&[y]));
            }
            Rule::MockTurtles => {
                each(&[]);
                (0..x).for_each(|a| each(&[a]));
                for a in 0..x {
                    (a + 1..x).for_each(|b| each(&[b, a]));
                }
            }
            Rule::Triplets => {
                for a in 0..x {
                    (a + 1..x).for_each(|b| each(&[b, a]));
                }
            }
            Rule::Ruler => blocks(x, 0, each),
            Rule::Rulerette => blocks(x, 1, each),
            Rule::Grunt => {
                for a in (1..x).take_while(|&a| 2 * a < x) {
                    each(&[x - a, a, 0]);
                }
            }
            Rule::Subtraction(set) | Rule::SubtractionTwo(set) | Rule::OneOrTwo(set) => {
                if matches!(self, Rule::OneOrTwo(_)) {
                    each(&[]);
                }
                for &s in set.iter().take_while(|&&s| s <= x) {
                    if s < x {
                        each(&[x - s]);
                    } else if matches!(self, Rule::Subtraction(_)) {
                        each(&[]);
                    }
                }
            }
        }
    }

    fn move_count(&self, x: u64) -> u64 {
        let pairs = |n: u64| u128::from(n) * u128::from(n.saturating_sub(1)) / 2;
        let saturate = |n: u128| u64::try_from(n).unwrap_or(u64::MAX);
        match self {
            Rule::Twins | Rule::TurningTurtles | Rule::Ruler => x,
            Rule::Rulerette => x.saturating_sub(1),
            Rule::MockTurtles => saturate(1 + u128::from(x) + pairs(x)),
            Rule::Triplets => saturate(pairs(x)),
            Rule::Grunt => x.saturating_sub(1) / 2,
            Rule::Subtraction(set) | Rule::SubtractionTwo(set) | Rule::OneOrTwo(set) => {
                let fits = set.iter().take_while(|&&s| s <= x).count() as u64;
                match self {
                    Rule::SubtractionTwo(_) if set.contains(&x) => fits - 1,
                    Rule::OneOrTwo(_) if set.contains(&x) => fits,
                    Rule::OneOrTwo(_) => fits + 1,
                    _ => fits,
                }
            }
        }
    }

    fn move_size(&self, x: u64) -> u64 {
        match self {
            Rule::Ruler | Rule::Rulerette => x,
            Rule::Grunt => 4,
            Rule::MockTurtles | Rule::Triplets => 3,
            _ => 2,
        }
    }

    fn known_value(&self, x: u64) -> Option<u64> {
        match self {
            Rule::Twins | Rule::TurningTurtles => Some(x),
            Rule::MockTurtles => mock_turtle(x),
            Rule::Triplets => match x {
                0 | 1 => Some(0),
                _ => mock_turtle(x - 2),
            },
            Rule::Ruler => Some(x & x.wrapping_neg()),
            Rule::Rulerette => Some((x & x.wrapping_neg()) >> 1),
            _ => None,
        }
    }

    /// The subtraction rules are the same from one past the largest distance on; a distance
    /// so large that no coin lies past it leaves the table to its budget.
    fn reach(&self) -> Option<Reach> {
        let largest = *self.set()?.last()?;
        Some(Reach {
            from: self.origin().checked_add(largest)?,
            window: largest,
        })
    }

    fn known_moves_to(&self, x: u64, w: u64, each: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        // Each arm stops at the first `false` from `each`.
        match self {
            Rule::Twins => {
                if w < x {
                    each(&[w]);
                }
            }
            Rule::TurningTurtles => {
                if w == 0 {
                    each(&[]);
                } else if w < x {
                    each(&[w]);
                }
            }
            Rule::MockTurtles => {
                let single = mock_turtle_coin(w).filter(|&a| a < x);
                let go_on = (w != 0 || each(&[])) && single.is_none_or(|a| each(&[a]));
                if go_on {
                    mock_turtle_pairs(x, w, 0, each);
                }
            }
            Rule::Triplets => {
                // Coins 0 and 1 are worth 0; coin c ≥ 2 is Mock Turtles' coin c − 2.
                let b = mock_turtle_coin(w).map(|c| c + 2).filter(|&b| b < x);
                let go_on = (w != 0 || x < 2 || each(&[1, 0]))
                    && b.is_none_or(|b| each(&[b, 0]) && each(&[b, 1]));
                if go_on && x >= 2 {
                    mock_turtle_pairs(x, w, 2, each);
                }
            }
            Rule::Ruler => {
                if let Some(a) = ruler_block(x, w) {
                    each(&block(a, x));
                }
            }
            Rule::Rulerette => {
                for a in rulerette_blocks(x, w) {
                    if !each(&block(a, x)) {
                        break;
                    }
                }
            }
            _ => return false,
        }
        true
    }

    fn count_moves_to(&self, x: u64, w: u64) -> Option<u64> {
        let mock_pairs = |x: u64| mock_turtle_pair_sum(w).map_or(0, |c| pairs_with_sum(x, c));
        Some(match self {
            Rule::Twins => u64::from(w < x),
            Rule::TurningTurtles => u64::from(w == 0 || w < x),
            Rule::MockTurtles => {
                let single = mock_turtle_coin(w).is_some_and(|a| a < x);
                u64::from(w == 0) + u64::from(single) + mock_pairs(x)
            }
            Rule::Triplets => {
                let b = mock_turtle_coin(w).is_some_and(|c| c.saturating_add(2) < x);
                u64::from(w == 0 && x > 1) + 2 * u64::from(b) + mock_pairs(x.saturating_sub(2))
            }
            Rule::Ruler => u64::from(ruler_block(x, w).is_some()),
            Rule::Rulerette => rulerette_blocks(x, w).len() as u64,
            _ => return None,
        })
    }

    fn move_classes(&self, x: u64, each: &mut dyn FnMut(u64, u64)) -> bool {
        match self {
            // One move per value below x.
            Rule::Twins | Rule::TurningTurtles => (0..x).for_each(|w| each(w, 1)),
            // The block a..x is worth gray(x − 1) ⊕ gray(a − 1): one move per a.
            Rule::Ruler => (0..x).for_each(|k| each(gray(x - 1) ^ gray(k), 1)),
            Rule::Rulerette => {
                for a in 1..x {
                    let w = (gray(x - 1) ^ gray(a - 1)) >> 1;
                    // The block worth the other low bit is the same class: the first names it.
                    if rulerette_blocks(x, w).last() == Some(&a) {
                        each(w, self.count_moves_to(x, w).unwrap_or(0));
                    }
                }
            }
            Rule::MockTurtles | Rule::Triplets => {
                // A coin is worth below 2x, and a pair's `a ⊕ b` is below the next power of two.
                let Some(end) = x.checked_next_power_of_two().and_then(|p| p.checked_mul(2)) else {
                    return false;
                };
                for w in 0..end {
                    match self.count_moves_to(x, w) {
                        Some(n) if n > 0 => each(w, n),
                        _ => {}
                    }
                }
            }
            _ => return false,
        }
        true
    }

    fn class_count(&self, x: u64) -> u64 {
        match self {
            Rule::MockTurtles | Rule::Triplets => x
                .checked_next_power_of_two()
                .map_or(u64::MAX, |top| top.saturating_mul(2)),
            _ => x,
        }
    }

    fn value_too_large(&self, x: u64) -> bool {
        match self {
            Rule::MockTurtles => mock_turtle(x).is_none(),
            Rule::Triplets => x >= 2 && mock_turtle(x - 2).is_none(),
            _ => false,
        }
    }

    /// Ruler and Rulerette: the length of the blocks found, which may be as long as `x`.
    fn known_moves_cost(&self, x: u64, w: u64) -> u64 {
        let length = |v: u64| ruler_block(x, v).map_or(1, |a| x - a + 1);
        match self {
            Rule::Twins | Rule::TurningTurtles | Rule::MockTurtles | Rule::Triplets => 3,
            Rule::Ruler => length(w),
            Rule::Rulerette => w
                .checked_mul(2)
                .map_or(1, |twice| length(twice).max(length(twice | 1))),
            _ => x,
        }
    }
}

/// The starts `a < x` of the Rulerette blocks `a..x` worth `w`: a
/// Ruler block worth `2w` or `2w + 1`, as Rulerette's values drop Ruler's low bit; the
/// shorter block first, as [`CoinRule::moves`] lists them.
fn rulerette_blocks(x: u64, w: u64) -> Vec<u64> {
    let Some(twice) = w.checked_mul(2) else {
        return Vec::new();
    };
    let mut starts: Vec<u64> = [twice, twice | 1]
        .iter()
        .filter_map(|&v| ruler_block(x, v))
        .filter(|&a| a < x)
        .collect();
    starts.sort_unstable_by(|a, b| b.cmp(a));
    starts.dedup();
    starts
}

/// The first coin `a` of the block `a..x` whose Ruler values nim-sum to `w` (at most one:
/// the nim-sum is `gray(x − 1) ⊕ gray(a − 1)`).
fn ruler_block(x: u64, w: u64) -> Option<u64> {
    let before = gray_inverse(gray(x - 1) ^ w);
    (before < x).then(|| before + 1)
}

/// Whether two Mock Turtles coins can be worth `w` together: `g(a) ⊕ g(b) = 2(a ⊕ b) +
/// parity(a ⊕ b)`, so `w` must be evil, and `a ⊕ b = w/2` must not be 0.
fn mock_turtle_pair_sum(w: u64) -> Option<u64> {
    (!is_odious(w) && w >> 1 != 0).then_some(w >> 1)
}

/// The aligned blocks `[start, start + 2^k)` that make up `0..x`, lowest first: one for each
/// bit `k` of `x`.
fn blocks_below(x: u64) -> impl Iterator<Item = (u64, u32)> {
    (0..64u32)
        .rev()
        .filter(move |&k| x >> k & 1 == 1)
        .map(move |k| (((x >> k) ^ 1) << k, k))
}

/// How many pairs `a < b < x` have `a ⊕ b = c` (`c ≠ 0`). With `h` the top bit of `c`, `a`
/// has bit `h` clear and `b` set, and they agree above it: below `x`'s bits above `h`, every
/// such `a` counts; level with them, `b` must be below `x` in its `h` low bits too.
fn pairs_with_sum(x: u64, c: u64) -> u64 {
    let h = 63 - c.leading_zeros();
    let below = x.checked_shr(h + 1).unwrap_or(0) << h;
    let level = if x >> h & 1 == 1 {
        x & ((1 << h) - 1)
    } else {
        0
    };
    below + level
}

/// The pairs `a < b < x` of coins from `shift` on, each worth Mock Turtles' value of the
/// coin `shift` places left, that together are worth `w`: `[b, a]` in the order of the moves
/// (by `a`), one `b = a ⊕ w/2` for each `a` that [`pairs_with_sum`] counts. Stops at the
/// first `false` from `each`.
fn mock_turtle_pairs(x: u64, w: u64, shift: u64, each: &mut dyn FnMut(&[u64]) -> bool) {
    let Some(c) = mock_turtle_pair_sum(w) else {
        return;
    };
    let x = x - shift;
    let h = 63 - c.leading_zeros();
    let mut pair = |a: u64| each(&[(a ^ c) + shift, a + shift]);
    // Below x's bits above h: the runs of `a` with bit h clear.
    for run in 0..x.checked_shr(h + 1).unwrap_or(0) {
        let start = run << (h + 1);
        if !(start..start + (1 << h)).all(&mut pair) {
            return;
        }
    }
    if x >> h & 1 == 1 {
        // Level with them: `b`'s low bits `t ⊕ c` below x's, `t` in aligned blocks.
        let level = (x >> h) << h ^ (1 << h);
        let low = c & ((1 << h) - 1);
        let mut blocks: Vec<(u64, u32)> = blocks_below(x & ((1 << h) - 1))
            .map(|(t, k)| (((t ^ low) >> k) << k, k))
            .collect();
        blocks.sort_unstable();
        for (t, k) in blocks {
            let start = level + t;
            if !(start..start + (1 << k)).all(&mut pair) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gray_codes_sum_the_ruler() {
        let mut sum = 0;
        for n in 1..300u64 {
            sum ^= n & n.wrapping_neg();
            assert_eq!(gray(n), sum);
            assert_eq!(gray_inverse(gray(n)), n);
        }
    }

    /// Every rule with a finder: its counts, its classes and its finder against a pass over
    /// all moves valued by the mex definition, and the finder in the order of the moves.
    #[test]
    fn counts_and_classes_match_every_move() {
        for rule in [
            Rule::Twins,
            Rule::TurningTurtles,
            Rule::MockTurtles,
            Rule::Ruler,
            Rule::Triplets,
            Rule::Rulerette,
        ] {
            let values = crate::coin::values_by_mex(&rule, 70).unwrap();
            let value = |y: u64| values[(y - rule.origin()) as usize];
            for x in rule.origin()..70 {
                let mut by_value = std::collections::BTreeMap::<u64, Vec<Vec<u64>>>::new();
                rule.moves(x, &mut |others| {
                    let w = others.iter().fold(0, |sum, &y| sum ^ value(y));
                    by_value.entry(w).or_default().push(others.to_vec());
                });
                let mut classes = Vec::new();
                assert!(rule.move_classes(x, &mut |w, n| classes.push((w, n))));
                classes.sort_unstable();
                let expected: Vec<(u64, u64)> =
                    by_value.iter().map(|(&w, m)| (w, m.len() as u64)).collect();
                assert_eq!(classes, expected, "{} at {x}", rule.name());
                assert!(classes.len() as u64 <= rule.class_count(x));
                for w in 0..300 {
                    let all = by_value.get(&w).cloned().unwrap_or_default();
                    let mut found = Vec::new();
                    rule.known_moves_to(x, w, &mut |others| {
                        found.push(others.to_vec());
                        true
                    });
                    assert_eq!(found, all, "{} at {x} to {w}", rule.name());
                    assert_eq!(rule.count_moves_to(x, w), Some(all.len() as u64));
                    // Stopped after the first.
                    let mut first = Vec::new();
                    rule.known_moves_to(x, w, &mut |others| {
                        first.push(others.to_vec());
                        false
                    });
                    assert_eq!(first, all.into_iter().take(1).collect::<Vec<_>>());
                }
            }
        }
    }

    #[test]
    fn moves_are_no_larger_than_said() {
        for name in [
            "twins",
            "turning-turtles",
            "mock-turtles",
            "ruler",
            "grunt",
            "triplets",
        ]
        .into_iter()
        .chain([
            "rulerette",
            "subtraction:1,3",
            "subtraction-two:2",
            "one-or-two:4",
        ]) {
            let rule = Rule::parse(name).unwrap();
            for x in rule.origin()..40 {
                rule.moves(x, &mut |others| {
                    assert!((others.len() as u64) < rule.move_size(x), "{name} at {x}")
                });
            }
        }
    }

    #[test]
    fn pairs_far_out_are_counted_by_bits() {
        // a ⊕ b = 1: the pairs (2k, 2k + 1) below x.
        assert_eq!(pairs_with_sum(1 << 40, 1), 1 << 39);
        assert_eq!(pairs_with_sum((1 << 40) + 1, 1), 1 << 39);
        assert_eq!(pairs_with_sum(u64::MAX, 1 << 63), (1 << 63) - 1);
        let mut first = Vec::new();
        mock_turtle_pairs(u64::MAX, 2 * (1 << 62) + 1, 0, &mut |pair| {
            first.push(pair.to_vec());
            first.len() < 2
        });
        assert_eq!(first, [vec![1 << 62, 0], vec![(1 << 62) + 1, 1]]);
    }

    #[test]
    fn values_past_64_bits_are_said_to_be() {
        assert!(Rule::MockTurtles.value_too_large(1 << 63));
        assert!(!Rule::MockTurtles.value_too_large((1 << 63) - 1));
        assert!(Rule::Triplets.value_too_large((1 << 63) + 2));
        assert!(!Rule::Ruler.value_too_large(u64::MAX));
    }

    #[test]
    fn names_read_back() {
        for name in [
            "twins",
            "mock-turtles",
            "ruler",
            "subtraction:1,2,3",
            "one-or-two:1,3,4",
        ] {
            assert_eq!(Rule::parse(name).unwrap().name(), name);
        }
        assert!(Rule::parse("rulers").is_err());
        assert!(Rule::parse("subtraction").is_err());
        assert!(Rule::parse("subtraction:0,1").is_err());
        assert!(Rule::parse("ruler:3").is_err());
    }
}
