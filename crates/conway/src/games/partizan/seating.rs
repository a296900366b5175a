//! Seating couples (Example 7.6): a couple sits on two adjacent empty chairs, Left's with the
//! wife on the left of her husband, Right's with the wife on the right, and no man may sit
//! next to a woman who is not his wife. The empty chairs between seated couples form
//! independent sections.

use crate::analysis::typed_partizan;
use crate::analysis::{Kind, Params, PartizanNotation, RuleInfo};
use crate::engine::Footprint;
use crate::number::Dyadic;
use crate::partizan::{Partizan, Player};
use crate::short::{GameId, Store, StoreResult};
use crate::text::{check_size, parse_number, ParseError, MAX_SIZE};

/// Seating couples. A position is its sections of empty chairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatingCouples;

/// Whose couple sits at one end of a section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Couple {
    /// Wife left of husband.
    Left,
    /// Wife right of husband.
    Right,
}

/// A section of empty chairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    /// A row of `chairs` empty chairs between two seated couples: `LnL`, `LnR`, `RnL`, `RnR`.
    Row {
        /// The couple seated at the left end.
        left: Couple,
        /// The empty chairs between them.
        chairs: u64,
        /// The couple seated at the right end.
        right: Couple,
    },
    /// A round table of `chairs` empty chairs, no one seated yet: `O14`.
    Round {
        /// The empty chairs around the table.
        chairs: u64,
    },
}

impl Footprint for Section {
    fn footprint(&self) -> usize {
        std::mem::size_of::<Section>()
    }
}

pub(crate) const SEATING: RuleInfo = RuleInfo {
    name: "seating",
    kind: Kind::Partizan,
    params: Params::None,
    summary: "Partizan. Seat a couple on two adjacent empty chairs, Left's with the wife on the left, Right's with the wife on the right; no man may sit next to another man's wife; whoever cannot seat a couple loses.",
    notation: "sections of empty chairs separated by spaces: `L4R` is 4 chairs between a Left couple and a Right couple (likewise `L4L`, `R4L`, `R4R`; `L0L` and `R0R` cannot happen), and `O14` a round table of 14 empty chairs where no one sits yet; seating a couple at `O2` fills it, leaving `O0`.",
    misere: "the player who cannot move wins: the outcome and every winning move, by a search of the whole position (misère play has no values that add).",
    example: "conway solve seating \"R3L L1R R4R\"",
    build: |info, _| Ok(typed_partizan(info, SeatingCouples)),
};

impl Couple {
    fn letter(self) -> char {
        match self {
            Couple::Left => 'L',
            Couple::Right => 'R',
        }
    }
}

/// A row section `left` `chairs` `right`, if it can happen: a couple sitting right next to
/// another couple of the same side would put a man beside the other man's wife.
fn row(left: Couple, chairs: u64, right: Couple) -> Option<Section> {
    (chairs > 0 || left != right).then_some(Section::Row {
        left,
        chairs,
        right,
    })
}

/// The sections left after `couple` sits down in `section`, in every legal way.
fn seatings(section: Section, couple: Couple) -> Vec<Vec<Section>> {
    match section {
        Section::Round { chairs } if chairs > 2 => vec![vec![Section::Row {
            left: couple,
            chairs: chairs - 2,
            right: couple,
        }]],
        // Two chairs: the husband sits between his wife on both sides, and the table is full.
        Section::Round { chairs: 2 } => vec![vec![Section::Round { chairs: 0 }]],
        Section::Round { .. } => vec![],
        Section::Row {
            left,
            chairs,
            right,
        } => (0..chairs.saturating_sub(1))
            .filter_map(|a| {
                let b = chairs - 2 - a;
                Some(vec![row(left, a, couple)?, row(couple, b, right)?])
            })
            .collect(),
    }
}

/// Every position after `couple` sits down in one section.
fn moves(sections: &[Section], couple: Couple) -> Vec<Vec<Section>> {
    let mut options = Vec::new();
    for (index, &section) in sections.iter().enumerate() {
        for parts in seatings(section, couple) {
            let mut option = sections[..index].to_vec();
            option.extend(parts);
            option.extend_from_slice(&sections[index + 1..]);
            options.push(option);
        }
    }
    options
}

/// The value of `RnR` by the period-6 laws of Example 7.6 (corrected): 0 for n = 6k + 1,
/// 1/2^(2k) for n = 6k + 2 and 6k + 3, * for 6k + 4, 1/2^(2k+1) for 6k + 5 and 6k + 6.
///
/// With a + b = n − 2, RnR = {RaL + LbR | RaR + RbR (a, b ≥ 1)} and RnL = {RaL + LbL
/// (b ≥ 1) | RaR + RbL (a ≥ 1)}, LbL = −RbR. By induction on n, taking residues mod 6:
/// - RnL: its options are 0, * or a number (plus *), negative on Left's side and positive
///   on Right's, so RnL = 0 when neither side has 0, and * when both have 0 and neither has *.
///   Taking b = 1 (or a = 1) shows both sides hold 0 exactly when n ≡ 3, 4, 5.
/// - RnR: Left's options are 0 or * (0 among them unless n ≡ 1, * only if n ≢ 4). For
///   n ≡ 1 Right has no option 0, so the value is 0; for n ≡ 4 Right has 0 (a ≡ b ≡ 1)
///   and no * (a ≡ 1, b ≡ 4 would need n ≡ 1), so it is *. Otherwise Right's options are
///   positive numbers (plus *), the smallest R1R + R(n−3)R = R(n−3)R (the others are larger
///   by the laws for smaller n), and the value is the simplest positive number below it,
///   half of it. The text proves two of the six cases this way; the laws are checked against
///   search in a test.
fn right_right(n: u64, store: &mut Store) -> StoreResult<GameId> {
    if n == 0 {
        return Ok(store.zero());
    }
    let (k, residue) = ((n - 1) / 6, (n - 1) % 6);
    let exponent = match residue {
        0 => return Ok(store.zero()),
        3 => return store.nimber(1),
        1 | 2 => 2 * k,
        _ => 2 * k + 1,
    };
    let exponent = i32::try_from(exponent).map_err(|_| crate::engine::SearchError::TooLarge {
        what: format!("a denominator of 2^{exponent}"),
    })?;
    store.number(Dyadic::one().mul_pow2(-exponent))
}

/// The value of `RnL` = `LnR`: 0 for n ≡ 0, 1, 2 and * for n ≡ 3, 4, 5 (mod 6).
fn right_left(n: u64, store: &mut Store) -> StoreResult<GameId> {
    if n % 6 < 3 {
        Ok(store.zero())
    } else {
        store.nimber(1)
    }
}

impl SeatingCouples {
    /// The value of one section by the period-6 laws: `LnL` = −`RnR` (swapping husbands and
    /// wives swaps the players), and a round table of n chairs is {L(n−2)L | R(n−2)R}.
    pub fn section_value(section: Section, store: &mut Store) -> StoreResult<GameId> {
        match section {
            Section::Row {
                left: Couple::Right,
                chairs,
                right: Couple::Right,
            } => right_right(chairs, store),
            Section::Row {
                left: Couple::Left,
                chairs,
                right: Couple::Left,
            } => {
                let value = right_right(chairs, store)?;
                store.neg(value)
            }
            Section::Row { chairs, .. } => right_left(chairs, store),
            Section::Round { chairs } if chairs >= 3 => {
                let right = right_right(chairs - 2, store)?;
                let left = store.neg(right)?;
                store.from_options(&[left], &[right])
            }
            Section::Round { chairs: 2 } => store.nimber(1),
            Section::Round { .. } => Ok(store.zero()),
        }
    }
}

impl Partizan for SeatingCouples {
    type Position = Vec<Section>;

    fn left_options(&self, sections: &Vec<Section>) -> Vec<Vec<Section>> {
        moves(sections, Couple::Left)
    }

    fn right_options(&self, sections: &Vec<Section>) -> Vec<Vec<Section>> {
        moves(sections, Couple::Right)
    }

    /// Each section is a component; one of fewer than two chairs has no moves.
    fn components(&self, sections: Vec<Section>, parts: &mut Vec<Vec<Section>>) {
        parts.extend(
            sections
                .into_iter()
                .filter(|section| match *section {
                    Section::Row { chairs, .. } | Section::Round { chairs } => chairs >= 2,
                })
                .map(|section| vec![section]),
        );
    }

    /// `RnL` is `LnR` turned round: reversing the row and swapping husbands and wives maps
    /// Left's seatings to Left's seatings and the Right couple at the left end to a Left
    /// couple at the right end.
    fn representative(&self, mut component: Vec<Section>) -> Vec<Section> {
        if let [Section::Row { left, right, .. }] = component.as_mut_slice() {
            if *left > *right {
                std::mem::swap(left, right);
            }
        }
        component
    }

    fn known_value(
        &self,
        component: &Vec<Section>,
        store: &mut Store,
    ) -> Option<StoreResult<GameId>> {
        match component.as_slice() {
            [section] => Some(Self::section_value(*section, store)),
            _ => None,
        }
    }
}

impl PartizanNotation for SeatingCouples {
    fn parse(&self, text: &str) -> Result<Vec<Section>, ParseError> {
        let mut sections = Vec::new();
        let mut offset = 0;
        for word in text.split(' ') {
            if !word.is_empty() {
                sections.push(parse_section(word).map_err(|e| e.shifted(offset))?);
            }
            offset += word.chars().count() + 1;
        }
        if sections.is_empty() {
            return Err(ParseError::whole(
                "no sections: write sections such as L4R or R12R, or O14 for a round table",
            ));
        }
        if sections.len() > MAX_SECTIONS {
            return Err(ParseError::whole(format!(
                "too many sections: at most {MAX_SECTIONS}"
            )));
        }
        Ok(sections)
    }

    fn show(&self, sections: &Vec<Section>) -> String {
        let shown: Vec<String> = sections.iter().map(|s| show_section(*s)).collect();
        shown.join(" ")
    }

    fn describe_move(&self, player: Player, from: &Vec<Section>, to: &Vec<Section>) -> String {
        let whose = format!("{player}'s");
        let seated = (0..from.len())
            .find(|&i| to.get(i) != Some(&from[i]))
            .and_then(|start| {
                let count = (to.len() + 1).checked_sub(from.len())?;
                Some((start, to.get(start..start + count)?))
            });
        let Some((index, parts)) = seated else {
            return format!("seat {whose} couple");
        };
        // Equal sections are told apart by their place.
        let place = match from.len() {
            1 => String::new(),
            _ => format!(" (section {})", index + 1),
        };
        let after: Vec<String> = parts.iter().map(|s| show_section(*s)).collect();
        format!(
            "seat {whose} couple in {}{place}, leaving {}",
            show_section(from[index]),
            after.join(" + ")
        )
    }
}

/// The most sections of a position.
const MAX_SECTIONS: usize = 4096;

fn show_section(section: Section) -> String {
    match section {
        Section::Row {
            left,
            chairs,
            right,
        } => format!("{}{chairs}{}", left.letter(), right.letter()),
        Section::Round { chairs } => format!("O{chairs}"),
    }
}

/// Reads one section: `L4R`, `R12R`, `O14`.
fn parse_section(word: &str) -> Result<Section, ParseError> {
    let couple = |c: char, at: usize| {
        match c {
        'L' => Ok(Couple::Left),
        'R' => Ok(Couple::Right),
        _ => Err(ParseError::at(
            at,
            format!("'{c}' is not a couple: a section is written L4R, L4L, R4L, R4R or O14 (a round table)"),
        )),
    }
    };
    let chairs = |digits: &str, at: usize| -> Result<u64, ParseError> {
        if digits.is_empty() {
            return Err(ParseError::at(at, "the number of empty chairs is missing"));
        }
        let n = parse_number(digits).map_err(|e| e.shifted(at))?;
        check_size(n, MAX_SIZE, "the number of chairs").map_err(|e| ParseError::at(at, e.reason))
    };
    let mut chars = word.chars();
    let first = chars.next().unwrap_or(' ');
    if first == 'O' {
        return Ok(Section::Round {
            chairs: chairs(&word[1..], 1)?,
        });
    }
    let left = couple(first, 0)?;
    let last = word.chars().last().unwrap_or(' ');
    let count = word.chars().count();
    if count < 3 {
        return Err(ParseError::at(
            0,
            format!("'{word}' is not a section: write the couples at both ends and the empty chairs between them, as in L4R"),
        ));
    }
    let right = couple(last, count - 1)?;
    let digits = &word[first.len_utf8()..word.len() - last.len_utf8()];
    let chairs = chairs(digits, 1)?;
    row(left, chairs, right).ok_or_else(|| {
        ParseError::at(
            0,
            format!("{word} cannot happen: with no chair between two couples of the same side, a man would sit next to the other man's wife"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::Solver;

    #[test]
    fn the_closed_form_is_the_search() {
        let mut store = Store::default();
        let mut by_search = Solver::new(&SeatingCouples).by_search_only();
        for chairs in 0..=72 {
            let mut sections = vec![Section::Round { chairs }];
            for (left, right) in [
                (Couple::Left, Couple::Left),
                (Couple::Left, Couple::Right),
                (Couple::Right, Couple::Left),
                (Couple::Right, Couple::Right),
            ] {
                sections.extend(row(left, chairs, right));
            }
            for section in sections {
                let searched = by_search.value(&mut store, &vec![section]).unwrap();
                let known = SeatingCouples::section_value(section, &mut store).unwrap();
                assert_eq!(known, searched, "{}", show_section(section));
            }
        }
    }

    fn shown(options: Vec<Vec<Section>>) -> Vec<String> {
        options.iter().map(|o| SeatingCouples.show(o)).collect()
    }

    #[test]
    fn the_moves_of_l4l() {
        let position = SeatingCouples.parse("L4L").unwrap();
        assert_eq!(shown(SeatingCouples.left_options(&position)), ["L1L L1L"]);
        assert_eq!(
            shown(SeatingCouples.right_options(&position)),
            ["L0R R2L", "L1R R1L", "L2R R0L"]
        );
        let table = SeatingCouples.parse("O14 O2 O1").unwrap();
        assert_eq!(
            shown(SeatingCouples.left_options(&table)),
            ["L12L O2 O1", "O14 O0 O1"]
        );
    }

    #[test]
    fn impossible_and_malformed_sections_are_refused() {
        for (text, column) in [
            ("L0L", 0),
            ("L4R R0R", 4),
            ("L4", 0),
            ("X4R", 0),
            ("L4x", 2),
            ("Lx4R", 1),
            ("O", 1),
        ] {
            let error = SeatingCouples.parse(text).unwrap_err();
            assert_eq!(error.offset, Some(column), "{text}: {error}");
        }
        assert!(SeatingCouples
            .parse("R0R")
            .unwrap_err()
            .reason
            .contains("cannot happen"));
        assert!(SeatingCouples.parse("L2000000R").is_err());
        assert!(SeatingCouples.parse("  ").is_err());
        let position = SeatingCouples.parse(" R3L  L0R O14 ").unwrap();
        assert_eq!(SeatingCouples.show(&position), "R3L L0R O14");
    }

    #[test]
    fn moves_are_described() {
        let from = SeatingCouples.parse("L1R R5R").unwrap();
        let to = SeatingCouples.parse("L1R R1L L2R").unwrap();
        assert_eq!(
            SeatingCouples.describe_move(Player::Left, &from, &to),
            "seat Left's couple in R5R (section 2), leaving R1L + L2R"
        );
        let from = SeatingCouples.parse("O2").unwrap();
        let to = SeatingCouples.parse("O0").unwrap();
        assert_eq!(
            SeatingCouples.describe_move(Player::Right, &from, &to),
            "seat Right's couple in O2, leaving O0"
        );
    }
}
