//! Compressed sparse rows: the lists of neighbours of every vertex, in two flat arrays.

/// The neighbours of vertex `v` are `targets[offsets[v]..offsets[v + 1]]`. Two allocations for
/// the whole graph instead of one per vertex, and `u32` ids: a quarter of the memory of
/// `Vec<Vec<usize>>`, and lists that sit next to each other in the order they are walked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Adjacency {
    pub(super) offsets: Vec<u32>,
    pub(super) targets: Vec<u32>,
}

impl Adjacency {
    /// The neighbours of `v`.
    pub(super) fn of(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The lists of `vertex_count` vertices holding, for each pair `(v, w)`, `w` in the list
    /// of `v`, in the order of the pairs: a counting sort, linear in vertices plus pairs.
    /// The caller keeps the ids below `vertex_count` and the pairs within `u32`.
    pub(super) fn group(
        vertex_count: usize,
        pairs: impl Iterator<Item = (u32, u32)> + Clone,
    ) -> Adjacency {
        let mut offsets = vec![0u32; vertex_count + 1];
        for (v, _) in pairs.clone() {
            offsets[v as usize + 1] += 1;
        }
        for v in 0..vertex_count {
            offsets[v + 1] += offsets[v];
        }
        let mut next = offsets.clone();
        let mut targets = vec![0; offsets[vertex_count] as usize];
        for (v, w) in pairs {
            let slot = &mut next[v as usize];
            targets[*slot as usize] = w;
            *slot += 1;
        }
        Adjacency { offsets, targets }
    }

    /// The same lists with every list's repeats removed, keeping first occurrences, in place:
    /// one stamp per vertex, so linear time and no second copy of the targets.
    pub(super) fn deduplicated(mut self) -> Adjacency {
        let n = self.vertex_count();
        let mut stamp = vec![u32::MAX; n];
        let mut kept = 0;
        let mut start = 0;
        for v in 0..n {
            let end = self.offsets[v + 1] as usize;
            for i in start..end {
                let w = self.targets[i];
                if stamp[w as usize] != v as u32 {
                    stamp[w as usize] = v as u32;
                    self.targets[kept] = w;
                    kept += 1;
                }
            }
            start = end;
            // Fewer than the edges, which fit `u32`.
            self.offsets[v + 1] = kept as u32;
        }
        self.targets.truncate(kept);
        self
    }

    /// The bytes that building the lists both ways from `edges` pairs among `vertices`
    /// vertices holds at most, beside the pairs: the successor lists as grouped, with a
    /// second array of offsets while grouping and a stamp per vertex while removing repeats,
    /// then the predecessor lists built the same way.
    pub(super) fn build_bytes(vertices: usize, edges: usize) -> u64 {
        let (n, m) = (vertices as u64 + 1, edges as u64);
        (4 * n + 4 * m) + 2 * 4 * n + (4 * n + 4 * m)
    }

    /// The lists of the reversed graph: `v` in the list of `w` for each `w` in the list of `v`,
    /// each reversed list in increasing order.
    pub(super) fn reversed(&self) -> Adjacency {
        let n = self.vertex_count();
        let pairs = (0..n as u32).flat_map(|v| self.of(v).iter().map(move |&w| (w, v)));
        Adjacency::group(n, pairs)
    }
}
