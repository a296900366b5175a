//! Conway's misère genus of a row of heaps (On Numbers and Games, ch. 12; Winning Ways,
//! ch. 13).
//!
//! The genus of `G` is `g^γ₀γ₁γ₂…`: `g` is the nim value of `G` under normal play and `γₖ` the
//! misère nim value of `G` plus `k` nim-heaps `*2`, where the misère nim value of a position
//! without moves is 1 and of any other the mex of its options' values. The `γₖ` alternate from
//! some `k` on, and the symbol is written up to where they do: a heap of Nim of size 0 has genus
//! `0^120` (1, 2, 0, 2, 0, …), of size 1 `1^031`, of size 2 `2^20`, of size 3 `3^31`.

use super::HeapRule;
use crate::engine::{Meter, SearchError};
use std::collections::HashMap;
use std::fmt;

/// How many `γₖ` are computed: enough for the alternation to show on every game known.
const TERMS: usize = 8;

/// A genus `g^γ₀γ₁…`, its `γ` cut where they begin to alternate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The nim value under normal play.
    pub normal: u64,
    /// The misère nim values of the position plus 0, 1, 2, … heaps `*2`, up to where they
    /// alternate (the last two repeat for ever).
    pub misere: Vec<u64>,
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.misere.iter().all(|&v| v < 10) {
            let digits: String = self.misere.iter().map(u64::to_string).collect();
            write!(f, "{}^{digits}", self.normal)
        } else {
            let values: Vec<String> = self.misere.iter().map(u64::to_string).collect();
            write!(f, "{}^({})", self.normal, values.join(","))
        }
    }
}

/// The genus of the row `heaps` of the heap game `rule`.
pub fn genus(rule: &dyn HeapRule, heaps: &[u64], meter: &mut Meter) -> Result<Genus, SearchError> {
    let mut values = Values {
        rule,
        known: HashMap::new(),
    };
    let row = sorted(heaps.to_vec());
    let normal = values.value(
        Key {
            row: row.clone(),
            twos: 0,
            ones: 0,
            misere: false,
        },
        meter,
    )?;
    let mut misere = Vec::with_capacity(TERMS);
    for twos in 0..TERMS as u32 {
        let key = Key {
            row: row.clone(),
            twos,
            ones: 0,
            misere: true,
        };
        misere.push(values.value(key, meter)?);
    }
    let mut length = TERMS;
    while length > 2 && misere[length - 1] == misere[length - 3] {
        length -= 1;
    }
    misere.truncate(length);
    Ok(Genus { normal, misere })
}

/// A row of the game beside `twos` nim-heaps `*2` and `ones` heaps `*1`, under one play.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    row: Vec<u64>,
    twos: u32,
    ones: u32,
    misere: bool,
}

/// Nim values by the definition, kept as they are found.
struct Values<'r> {
    rule: &'r dyn HeapRule,
    known: HashMap<Key, u64>,
}

impl Values<'_> {
    /// The normal or misère nim value of the position `key`: the mex of its options' values,
    /// or under misère play 1 where it has no option. Recursion is as deep as the game is
    /// long, which the genus of a small row keeps short.
    fn value(&mut self, key: Key, meter: &mut Meter) -> Result<u64, SearchError> {
        if let Some(&v) = self.known.get(&key) {
            return Ok(v);
        }
        meter.list(8 * key.row.len() + 64)?;
        let options = self.options(&key);
        let value = if options.is_empty() {
            u64::from(key.misere)
        } else {
            let mut seen = Vec::with_capacity(options.len());
            for option in options {
                seen.push(self.value(option, meter)?);
            }
            seen.sort_unstable();
            seen.dedup();
            seen.iter()
                .enumerate()
                .take_while(|&(i, &v)| i as u64 == v)
                .count() as u64
        };
        self.known.insert(key, value);
        Ok(value)
    }

    fn options(&self, key: &Key) -> Vec<Key> {
        let mut options = Vec::new();
        for (i, &heap) in key.row.iter().enumerate() {
            if i > 0 && key.row[i - 1] == heap {
                continue;
            }
            self.rule.heap_options(heap, &mut |parts| {
                let mut row = key.row.clone();
                row.remove(i);
                row.extend_from_slice(parts);
                options.push(Key {
                    row: sorted(row),
                    ..key.clone()
                });
            });
        }
        if key.twos > 0 {
            // A *2 becomes *1 or *0.
            options.push(Key {
                twos: key.twos - 1,
                ones: key.ones + 1,
                ..key.clone()
            });
            options.push(Key {
                twos: key.twos - 1,
                ..key.clone()
            });
        }
        if key.ones > 0 {
            options.push(Key {
                ones: key.ones - 1,
                ..key.clone()
            });
        }
        options
    }
}

fn sorted(mut row: Vec<u64>) -> Vec<u64> {
    row.retain(|&h| h > 0);
    row.sort_unstable();
    row
}
