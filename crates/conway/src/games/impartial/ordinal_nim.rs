//! Nim with heaps of ordinal size (Appendix A): the game whose positions have infinitely
//! many moves, valued by the transfinite Sprague–Grundy function.

use crate::analysis::{Kind, OrdinalNim, Params, RuleInfo};

pub(crate) const ORDINAL_NIM: RuleInfo = RuleInfo {
    name: "ordinal-nim",
    kind: Kind::Impartial,
    params: Params::None,
    summary: "Nim whose heaps are ordinals below ε₀: a move lowers one heap to any smaller ordinal, so a heap of ω can become any whole number. A position's value is the ordinal nim-sum of its heaps (the binary digits of the Cantor normal forms added without carry), a transfinite nimber.",
    notation: "heaps separated by commas, each an ordinal as `conway ordinal` reads it: `w + 3, w*2, 5`.",
    misere: "not supported.",
    example: "conway solve ordinal-nim \"w + 3, w*2 + 1, w^2\"",
    build: |info, _| Ok(OrdinalNim::build(info)),
};
