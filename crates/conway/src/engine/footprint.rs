//! How many bytes a value holds, so that limits can count a large position for its size.

use std::mem::size_of;

/// The bytes a value holds: its own size plus whatever it owns on the heap.
///
/// Every position type implements it, so that a search charges a position of 4 KB as 4 KB
/// against its memory limit, not as one position.
pub trait Footprint {
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

inline_only!(bool, char, u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, ());

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vector_counts_its_elements() {
        let small: Vec<u64> = vec![1, 2];
        let large: Vec<u64> = vec![0; 1000];
        assert_eq!(small.footprint(), size_of::<Vec<u64>>() + 16);
        assert_eq!(large.footprint(), size_of::<Vec<u64>>() + 8000);
        assert_eq!(vec![(1u64, 2u64); 3].footprint(), size_of::<Vec<u64>>() + 48);
    }
}
