//! The library's integration tests, in one binary: cargo builds and links every `tests/*.rs`
//! as a program of its own, so the subjects live under `suite/` as modules of this one. The
//! helpers they share are in `common/`, the numbers of the texts in `data/`.

mod common;

#[path = "suite/chapter1.rs"]
mod chapter1;
#[path = "suite/chapter2.rs"]
mod chapter2;
#[path = "suite/chapter3.rs"]
mod chapter3;
#[path = "suite/chapter4.rs"]
mod chapter4;
#[path = "suite/chapter5.rs"]
mod chapter5;
#[path = "suite/chapter7_domineering.rs"]
mod chapter7_domineering;
#[path = "suite/chapter7_rulesets.rs"]
mod chapter7_rulesets;
#[path = "suite/chapter9.rs"]
mod chapter9;
#[path = "suite/closed_forms.rs"]
mod closed_forms;
#[path = "suite/compounds.rs"]
mod compounds;
#[path = "suite/fraenkel.rs"]
mod fraenkel;
#[path = "suite/lang.rs"]
mod lang;
#[path = "suite/lang_loopy.rs"]
mod lang_loopy;
#[path = "suite/lang_ordinals.rs"]
mod lang_ordinals;
#[path = "suite/laws.rs"]
mod laws;
#[path = "suite/loopy_rulesets.rs"]
mod loopy_rulesets;
#[path = "suite/misere_quotients.rs"]
mod misere_quotients;
#[path = "suite/nim_field.rs"]
mod nim_field;
#[path = "suite/notation.rs"]
mod notation;
#[path = "suite/octal_sequences.rs"]
mod octal_sequences;
#[path = "suite/outcome_search.rs"]
mod outcome_search;
#[path = "suite/robustness.rs"]
mod robustness;
#[path = "suite/short_oracles.rs"]
mod short_oracles;
#[path = "suite/sums.rs"]
mod sums;
#[path = "suite/take_and_break.rs"]
mod take_and_break;
#[path = "suite/thermography.rs"]
mod thermography;
