//! The random digraphs of the loopy benchmarks, the same in the example and the bench: a fixed
//! generator (xorshift64*, seeded through splitmix64), so that a seed names one graph on every
//! machine and no dependency is needed. The mixing wraps on purpose: it is arithmetic modulo
//! 2⁶⁴, not a size.

/// `count` edges with both ends uniform among `vertices` vertices (`vertices` ≥ 1); loops and
/// repeats may occur, as in any random multigraph, and the graph keeps each edge once.
///
/// Uniform edges leave almost every vertex a draw, which γ settles in one stage. Where
/// `downward` (a percentage) is above 0, that share of the edges is turned to point to the
/// smaller end, so the graph is close to acyclic: many finite values and many stages.
pub fn random_edges(vertices: u32, count: usize, seed: u64, downward: u32) -> Vec<(u32, u32)> {
    let mut state = splitmix64(seed) | 1;
    // 32 random bits: the high half of one xorshift64* step.
    let mut next = || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32
    };
    // Scaled to 0..n: (r · n) / 2³² < n, without the bias of a modulo.
    let n = u64::from(vertices);
    let threshold = u64::from(downward.min(100)) * (1 << 32) / 100;
    (0..count)
        .map(|_| {
            let a = ((next() * n) >> 32) as u32;
            let b = ((next() * n) >> 32) as u32;
            if next() < threshold {
                (a.max(b), a.min(b))
            } else {
                (a, b)
            }
        })
        .collect()
}

/// One step of splitmix64: spreads a small seed over all 64 bits, since xorshift needs a
/// state that is not 0 and mixes slowly from a sparse one.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
