//! The Sprague–Grundy function over ordinals (Definition A.1): the value of a position is the
//! least ordinal that is not the value of one of its options, for games whose positions may
//! have infinitely many options.
//!
//! Infinitely many options are given by a rule, so their values are given as a finite union of
//! ranges `[from, to)` of ordinals (a position that can move to every finite heap has the
//! range `[0, ω)`, and value ω). Nim with ordinal heaps is the first example: a heap `α` can
//! be lowered to any smaller ordinal, so its options' values are `[0, α)` and its value is
//! `α`; a sum of heaps has the ordinal nim-sum as its value, and the winning moves lower one
//! heap `h` to `h ⊕ s` where that is smaller (`s` the nim-sum of all the heaps).

use super::Ordinal;

/// The least ordinal in none of the ranges `[from, to)`: the transfinite mex.
pub fn mex(ranges: &[(Ordinal, Ordinal)]) -> Ordinal {
    let mut ranges: Vec<&(Ordinal, Ordinal)> = ranges.iter().filter(|(f, t)| f < t).collect();
    ranges.sort_by(|a, b| a.0.cmp(&b.0));
    let mut least = Ordinal::zero();
    for (from, to) in ranges {
        if *from > least {
            break;
        }
        if *to > least {
            least = to.clone();
        }
    }
    least
}

/// The value of Nim with ordinal heaps: their nim-sum.
pub fn nim_value(heaps: &[Ordinal]) -> Ordinal {
    heaps
        .iter()
        .fold(Ordinal::zero(), |sum, heap| sum.nim_sum(heap))
}

/// Every winning move of Nim with ordinal heaps: the heap's index and the ordinal it is
/// lowered to, which leaves a nim-sum of 0. None where the heaps' nim-sum is 0 already.
pub fn nim_winning_moves(heaps: &[Ordinal]) -> Vec<(usize, Ordinal)> {
    let sum = nim_value(heaps);
    if sum.is_zero() {
        return Vec::new();
    }
    heaps
        .iter()
        .enumerate()
        .filter_map(|(i, heap)| {
            let to = heap.nim_sum(&sum);
            (to < *heap).then_some((i, to))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ord(text: &str) -> Ordinal {
        Ordinal::parse(text).unwrap()
    }

    #[test]
    fn appendix_a_mex_over_ordinals() {
        // Every finite heap: ω. Every finite heap and ω + 1: still ω.
        assert_eq!(mex(&[(ord("0"), ord("w"))]), ord("w"));
        assert_eq!(
            mex(&[(ord("0"), ord("w")), (ord("w + 1"), ord("w + 2"))]),
            ord("w")
        );
        assert_eq!(
            mex(&[(ord("w"), ord("w*2")), (ord("0"), ord("w + 3"))]),
            ord("w*2")
        );
        assert_eq!(mex(&[(ord("1"), ord("w"))]), ord("0"));
        assert_eq!(mex(&[]), ord("0"));
        // A heap of α has the options' values [0, α): its value is α.
        for heap in ["5", "w", "w^w + 3", "w^(w + 1)*2"] {
            assert_eq!(mex(&[(ord("0"), ord(heap))]), ord(heap));
        }
    }

    #[test]
    fn nim_with_ordinal_heaps() {
        let heaps = [ord("w + 3"), ord("w*2 + 5"), ord("w*3 + 6")];
        assert!(nim_value(&heaps).is_zero());
        assert!(nim_winning_moves(&heaps).is_empty());
        let heaps = [ord("w"), ord("5")];
        assert_eq!(nim_value(&heaps), ord("w + 5"));
        // Only the heap of ω can be lowered, to 5.
        assert_eq!(nim_winning_moves(&heaps), [(0, ord("5"))]);
    }

    /// Small random ordinals below ω^3.
    fn ordinals() -> impl Strategy<Value = Ordinal> {
        prop::collection::vec(0u64..6, 1..4).prop_map(|coefficients| {
            coefficients
                .iter()
                .rev()
                .enumerate()
                .fold(Ordinal::zero(), |sum, (e, &c)| {
                    sum.natural_sum(&Ordinal::term(Ordinal::from(e as u64), c.into()))
                })
        })
    }

    proptest! {
        #[test]
        fn the_nim_sum_is_the_mex_of_the_options_values(
            a in ordinals(), b in ordinals(), below in ordinals()
        ) {
            // The options of heaps (a, b) have the values a' ⊕ b and a ⊕ b' for a' < a,
            // b' < b. a ⊕ b is none of them (cancellation), and each smaller ordinal is one.
            let sum = a.nim_sum(&b);
            if below < sum {
                let by_a = below.nim_sum(&b) < a;
                let by_b = below.nim_sum(&a) < b;
                prop_assert!(by_a || by_b, "{below} < {a} ⊕ {b} is no option's value");
            }
        }

        #[test]
        fn winning_moves_are_every_move_to_a_zero_sum(
            heaps in prop::collection::vec(ordinals(), 1..5)
        ) {
            let moves = nim_winning_moves(&heaps);
            for (i, to) in &moves {
                prop_assert!(*to < heaps[*i]);
                let mut after = heaps.clone();
                after[*i] = to.clone();
                prop_assert!(nim_value(&after).is_zero());
            }
            // A heap lowered to a zero sum is lowered to the one ordinal that cancels the
            // rest, so each heap has at most one winning move, and one exists unless the
            // sum is 0 (the heap with the sum's highest term has one).
            prop_assert_eq!(moves.is_empty(), nim_value(&heaps).is_zero());
        }
    }
}
