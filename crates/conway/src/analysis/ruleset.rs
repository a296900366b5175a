//! What a ruleset says about itself, once: its name, parameters, notation, misère play and an
//! example, and how it is made from the text after the name's colon.

use super::Ruleset;
use crate::text::ParseError;
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
