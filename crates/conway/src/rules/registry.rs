//! The registry: every ruleset's declaration, in the order of the texts. Each ruleset file
//! declares its [`RuleInfo`] once; the list, `conway rules` and the parser of game names all
//! read it from here.

use super::{
    chomp, coins, col, cut_cake, divisors, domineering, dynamic, eatcake, exercise_heaps, growing,
    hackenbush, maundy, nim, nim2d, northcott, seating, staircase, subtraction, take_break, toads,
    turtles, welter,
};
use super::{wythoff, ParseError, RuleError, Ruleset};
use serde::{Serialize, Serializer};
use std::fmt;

/// What a ruleset says about itself.
#[derive(Clone, Copy, Serialize)]
pub struct RuleInfo {
    /// The name, without parameters: `subtraction`.
    pub name: &'static str,
    pub params: Params,
    pub summary: &'static str,
    /// How positions are written.
    pub notation: &'static str,
    /// What misère play (`--misere`) means for this game, or why it is not supported.
    pub misere: &'static str,
    /// A position to try, as a full command-line example.
    pub example: &'static str,
    /// Makes the ruleset from the text after the name's colon.
    #[serde(skip)]
    pub build: Build,
}

/// Makes a ruleset from its declaration and the text after the name's colon, if any.
pub type Build = fn(&'static RuleInfo, Option<&str>) -> Result<Box<dyn Ruleset>, ParseError>;

/// The parameters a ruleset takes after a colon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Params {
    None,
    /// Required: their name in the documentation (`S`) and an example (`1,3,4`).
    Required {
        name: &'static str,
        example: &'static str,
    },
    /// Optional: the one word that may follow (`own`).
    Optional {
        name: &'static str,
    },
}

impl Serialize for Params {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Params::None => serializer.serialize_none(),
            Params::Required { name, .. } | Params::Optional { name } => {
                serializer.serialize_some(name)
            }
        }
    }
}

impl RuleInfo {
    /// How the name is written with its parameters: `subtraction:S`, `growing[:own]`.
    pub fn usage(&self) -> String {
        match self.params {
            Params::None => self.name.to_string(),
            Params::Required { name, .. } => format!("{}:{name}", self.name),
            Params::Optional { name } => format!("{}[:{name}]", self.name),
        }
    }
}

impl fmt::Debug for RuleInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.usage())
    }
}

const REGISTRY: &[&RuleInfo] = &[
    &nim::NIM,
    &nim::MISERE_NIM,
    &subtraction::SUBTRACTION,
    &nim::MOORE,
    &nim2d::NIM_2D,
    &wythoff::WYTHOFF,
    &chomp::CHOMP,
    &northcott::POKER_NIM,
    &northcott::NORTHCOTT,
    &staircase::STAIRCASE,
    &nim::NIMBLE,
    &welter::WELTER,
    &turtles::TURNING_TURTLES,
    &coins::COINS,
    &coins::MOVING_TWINS,
    &coins::TURNING_CORNERS,
    &coins::TARTAN,
    &staircase::SILVER_DOLLAR,
    &nim::LASKER,
    &take_break::KAYLES,
    &take_break::DAWSON,
    &take_break::OFFICERS,
    &take_break::GRUNDY,
    &take_break::OCTAL,
    &take_break::HEX,
    &nim::RIMS,
    &take_break::SPLIT_NIM,
    &exercise_heaps::AT_MOST_HALF,
    &exercise_heaps::AT_LEAST_HALF,
    &exercise_heaps::EVEN_OR_ONE,
    &exercise_heaps::THREES_OR_ALL,
    &divisors::DIM_PLUS,
    &divisors::DIM_MINUS,
    &divisors::PRIM_PLUS,
    &divisors::PRIM_MINUS,
    &subtraction::IMPATIENT,
    &dynamic::DYNAMIC,
    &dynamic::FIBONACCI,
    &growing::GROWING,
    &maundy::MAUNDY,
    &cut_cake::CUT_CAKE,
    &domineering::DOMINEERING,
    &toads::TOADS,
    &seating::SEATING,
    &col::COL,
    &eatcake::EATCAKE,
    &hackenbush::HACKENBUSH,
];

/// Every ruleset, in the order of the texts.
pub fn catalogue() -> impl Iterator<Item = &'static RuleInfo> {
    REGISTRY.iter().copied()
}

/// The declaration of the ruleset named `spec`, with or without parameters.
pub fn find(spec: &str) -> Result<&'static RuleInfo, RuleError> {
    let name = spec.split_once(':').map_or(spec, |(name, _)| name).trim();
    catalogue()
        .find(|info| info.name == name)
        .ok_or_else(|| RuleError::UnknownGame(spec.to_string()))
}

/// Finds a ruleset by name, with its parameters after a colon.
pub fn ruleset(spec: &str) -> Result<Box<dyn Ruleset>, RuleError> {
    let info = find(spec)?;
    let params = spec.split_once(':').map(|(_, params)| params);
    let bad = |reason: ParseError| RuleError::BadParameters {
        game: info.name.to_string(),
        reason,
    };
    match (info.params, params) {
        (Params::None, Some(params)) => Err(bad(ParseError::whole(format!(
            "this game takes no parameters, but ':{params}' was given"
        )))),
        (Params::Required { name, example }, None) => Err(bad(ParseError::whole(format!(
            "give {name} after a colon, e.g. `{}:{example}`",
            info.name
        )))),
        _ => (info.build)(info, params).map_err(bad),
    }
}
