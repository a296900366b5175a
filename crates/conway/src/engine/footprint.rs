//! How many bytes a value holds, so that limits can count a large position for its size.

use std::mem::size_of;

/// The bytes a value holds: its own size plus whatever it owns on the heap.
///
/// Every position type implements it, so that a search charges a position of 4 KB as 4 KB
/// against its memory limit, not as one position.
pub trait Footprint {
    /// The bytes this value holds: its inline size plus what it owns on the heap.
    fn footprint(&self) -> usize;
}

macro_rules! inline_only {
    ($($t:ty),*) => {
        $(impl Footprint for $t {
            fn footprint(&self) -> usize {
                size_of::<$t>()
            }
        })*
    };
}

inline_only!(
    bool,
    char,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    ()
);

impl<T: Footprint> Footprint for Vec<T> {
    fn footprint(&self) -> usize {
        size_of::<Vec<T>>()
            + self.iter().map(Footprint::footprint).sum::<usize>()
            + (self.capacity() - self.len()) * size_of::<T>()
    }
}

impl<T: Footprint> Footprint for Box<T> {
    fn footprint(&self) -> usize {
        size_of::<Box<T>>() + (**self).footprint()
    }
}

impl<T: Footprint> Footprint for Option<T> {
    fn footprint(&self) -> usize {
        match self {
            Some(inner) => size_of::<Option<T>>() - size_of::<T>() + inner.footprint(),
            None => size_of::<Option<T>>(),
        }
    }
}

impl<T: Footprint, const N: usize> Footprint for [T; N] {
    fn footprint(&self) -> usize {
        self.iter().map(Footprint::footprint).sum()
    }
}

impl<A: Footprint, B: Footprint> Footprint for (A, B) {
    fn footprint(&self) -> usize {
        self.0.footprint() + self.1.footprint()
    }
}

impl<A: Footprint, B: Footprint, C: Footprint> Footprint for (A, B, C) {
    fn footprint(&self) -> usize {
        self.0.footprint() + self.1.footprint() + self.2.footprint()
    }
}

/// The bytes a vector's buffer holds: its capacity, not its length, since a vector keeps room
/// it grew into.
pub fn buffer_bytes<T>(vec: &Vec<T>) -> u64 {
    (vec.capacity() * size_of::<T>()) as u64
}

/// The capacity a vector grows to when `additional` more elements must fit, as `Vec` grows:
/// at least double, so that pushing stays cheap. `None` where they fit already.
pub fn grown_capacity<T>(vec: &Vec<T>, additional: usize) -> Option<usize> {
    let needed = vec.len().saturating_add(additional);
    (needed > vec.capacity()).then(|| needed.max(2 * vec.capacity()).max(4))
}

/// The bytes the bucket array of a hash map (std's SwissTable) of `capacity` entries takes,
/// each entry of `entry` bytes: the buckets are a power of two, at most 7/8 of them full, each
/// with a control byte, and a group of 16 control bytes more.
pub fn map_bytes(capacity: usize, entry: usize) -> u64 {
    match capacity {
        0 => 0,
        _ => bucket_array_bytes(buckets_for(capacity), entry),
    }
}

/// The bytes of the bucket array that a full hash map of `capacity` entries allocates for one
/// more: twice as many buckets, held beside the old array while the entries move.
pub fn map_growth_bytes(capacity: usize, entry: usize) -> u64 {
    bucket_array_bytes(buckets_for(capacity.saturating_add(1)), entry)
}

/// The buckets a SwissTable allocates for `entries` entries.
fn buckets_for(entries: usize) -> usize {
    match entries {
        0..4 => 4,
        4..8 => 8,
        _ => (entries.saturating_mul(8) / 7).next_power_of_two(),
    }
}

fn bucket_array_bytes(buckets: usize, entry: usize) -> u64 {
    (buckets * (entry + 1) + 16) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn a_hash_map_counts_its_buckets() {
        let mut map: HashMap<u64, u64> = HashMap::new();
        assert_eq!(map_bytes(map.capacity(), 16), 0);
        for i in 0..1000 {
            if map.len() == map.capacity() {
                let grown = map_growth_bytes(map.capacity(), 16);
                map.insert(i, i);
                assert_eq!(map_bytes(map.capacity(), 16), grown, "{i}");
            } else {
                map.insert(i, i);
            }
        }
        // 1000 entries: 2048 buckets of 16 bytes and a control byte.
        assert_eq!(map_bytes(map.capacity(), 16), 2048 * 17 + 16);
    }

    #[test]
    fn a_vector_grows_to_double() {
        let mut vec: Vec<u64> = Vec::new();
        assert_eq!(grown_capacity(&vec, 1), Some(4));
        vec.reserve_exact(4);
        vec.extend([1, 2, 3]);
        assert_eq!(grown_capacity(&vec, 1), None);
        assert_eq!(grown_capacity(&vec, 2), Some(8));
        assert_eq!(grown_capacity(&vec, 20), Some(23));
        assert_eq!(buffer_bytes(&vec), 32);
    }

    #[test]
    fn a_vector_counts_its_elements() {
        let small: Vec<u64> = vec![1, 2];
        let large: Vec<u64> = vec![0; 1000];
        assert_eq!(small.footprint(), size_of::<Vec<u64>>() + 16);
        assert_eq!(large.footprint(), size_of::<Vec<u64>>() + 8000);
        assert_eq!(
            vec![(1u64, 2u64); 3].footprint(),
            size_of::<Vec<u64>>() + 48
        );
    }
}
