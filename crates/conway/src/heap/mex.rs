//! The nim-sequence of a take-and-break code by the definition: the value of a heap is the
//! mex of its options' values. Quadratic (cubic with splits into three), plain and obviously
//! right: the reference the fast methods are checked against and the baseline they are timed
//! beside.

use super::TakeBreak;

/// The values of heaps `0..n` of `code`, each the mex of all its options' values.
pub fn mex_sequence(code: &TakeBreak, n: u64) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    // `pairs[k]`: the values of the splits of k chips into two heaps (any sizes), sorted, for
    // the splits into three heaps (one heap, and a split of the rest into two).
    let mut pairs: Vec<Vec<u64>> = Vec::new();
    let three = code.max_parts() >= 3;
    for size in 0..n {
        let mut seen: Vec<u64> = Vec::new();
        for take in 0..=size {
            let digit = code.digit(take);
            let rest = size - take;
            if digit & 1 != 0 && rest == 0 {
                seen.push(0);
            }
            if digit & 2 != 0 && rest >= 1 && take > 0 {
                seen.push(values[rest as usize]);
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    if !(code.distinct() && 2 * a == rest) {
                        seen.push(values[a as usize] ^ values[(rest - a) as usize]);
                    }
                }
            }
            if digit & 8 != 0 {
                for c in 1..rest.saturating_sub(1) {
                    let g = values[c as usize];
                    seen.extend(pairs[(rest - c) as usize].iter().map(|&p| p ^ g));
                }
            }
            if code.max_take().is_some_and(|max| take >= max) {
                break;
            }
        }
        values.push(mex(seen));
        if three {
            let mut split: Vec<u64> = (1..=size / 2)
                .map(|a| values[a as usize] ^ values[(size - a) as usize])
                .collect();
            split.sort_unstable();
            split.dedup();
            pairs.push(split);
        }
    }
    values
}

/// The least value not in `seen`: it is at most `seen.len()`, so a flag per value below that
/// finds it.
fn mex(seen: Vec<u64>) -> u64 {
    let mut present = vec![false; seen.len() + 1];
    for x in seen {
        if let Some(flag) = usize::try_from(x).ok().and_then(|x| present.get_mut(x)) {
            *flag = true;
        }
    }
    present.iter().position(|&p| !p).unwrap_or_default() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{nim_sequence, Heaps};
    use crate::impartial::Solver;

    fn code(digits: &[u8], tail: u8) -> TakeBreak {
        TakeBreak::new(digits.to_vec(), tail).unwrap()
    }

    #[test]
    fn mex_of_sets() {
        assert_eq!(mex(vec![]), 0);
        assert_eq!(mex(vec![1, 2]), 0);
        assert_eq!(mex(vec![3, 0, 1, 1, 2, 5]), 4);
    }

    #[test]
    fn kayles_nim_and_laskers_nim() {
        assert_eq!(
            mex_sequence(&code(&[0, 7, 7], 0), 12),
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
        );
        assert_eq!(
            mex_sequence(&code(&[0], 3), 10),
            (0..10).collect::<Vec<_>>()
        );
        // Lasker's Nim: 4k+1, 4k+2 stay; 4k+3 and 4k+4 swap.
        assert_eq!(mex_sequence(&code(&[4], 3), 9), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
    }

    /// Every kind of digit, against the generic solver over the code's own options.
    #[test]
    fn agrees_with_the_solver_on_every_kind_of_digit() {
        for (digits, tail) in [
            (vec![0, 0xF, 0xB], 0),
            (vec![8, 1], 0),
            (vec![0xC, 0, 0xE], 0),
            (vec![0, 9], 9),
            (vec![4], 0),
        ] {
            let game = code(&digits, tail);
            let heaps = Heaps(game.clone());
            let solver = nim_sequence(&mut Solver::new(&heaps), 39).unwrap();
            assert_eq!(mex_sequence(&game, 40), solver, "{game}");
        }
        let grundy = TakeBreak::grundy();
        let heaps = Heaps(grundy.clone());
        let solver = nim_sequence(&mut Solver::new(&heaps), 39).unwrap();
        assert_eq!(mex_sequence(&grundy, 40), solver);
    }
}
