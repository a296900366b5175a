//! The nim values of heaps `0, 1, 2, …`, stored densely in the narrowest width that holds them.
//!
//! Nim-sequences of octal games are long (10⁸ heaps and more) and their values small (Grundy's
//! game stays below 256 for millions of heaps), so a value takes one byte until one needs more;
//! then the whole store widens to 16, 32 or 64 bits. Engines run their inner loops over the
//! typed slice ([`Cell`]), so that no loop pays for a width `match` per value.

/// One stored value: an unsigned integer of a fixed width.
pub trait Cell: Copy + Default + Send + Sync + std::ops::BitXor<Output = Self> + 'static {
    /// The largest value of this width.
    const MAX: u64;
    /// The value as a `u64`.
    fn get(self) -> u64;
    /// The cell holding `value`, which is at most [`Cell::MAX`].
    fn of(value: u64) -> Self;
}

macro_rules! cells {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            const MAX: u64 = <$t>::MAX as u64;
            #[inline(always)]
            fn get(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn of(value: u64) -> Self {
                debug_assert!(value <= <Self as Cell>::MAX);
                value as $t
            }
        }
    )*};
}
cells!(u8, u16, u32, u64);

/// The vector of one width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Store {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

/// Calls `$body` with `$v` bound to the typed vector inside `$store`.
macro_rules! with_store {
    ($store:expr, $v:ident => $body:expr) => {
        match $store {
            Store::U8($v) => $body,
            Store::U16($v) => $body,
            Store::U32($v) => $body,
            Store::U64($v) => $body,
        }
    };
}
pub(crate) use with_store;

/// The nim values of heaps `0..len`, one byte each while they stay below 256.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    pub(crate) store: Store,
}

impl Default for Values {
    fn default() -> Self {
        Values::new()
    }
}

impl Values {
    /// No values yet, stored a byte each.
    pub fn new() -> Values {
        Values {
            store: Store::U8(Vec::new()),
        }
    }

    /// Number of heaps whose value is stored.
    pub fn len(&self) -> usize {
        with_store!(&self.store, v => v.len())
    }

    /// Whether no heap's value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of heap `i`.
    ///
    /// # Panics
    /// If `i` is not below [`len`](Self::len).
    pub fn get(&self, i: usize) -> u64 {
        with_store!(&self.store, v => v[i].get())
    }

    /// Bytes per value in the current width: 1, 2, 4 or 8.
    pub fn width(&self) -> usize {
        match self.store {
            Store::U8(_) => 1,
            Store::U16(_) => 2,
            Store::U32(_) => 4,
            Store::U64(_) => 8,
        }
    }

    /// Bytes of heap memory the store holds (its capacity, not only its length).
    pub fn bytes(&self) -> u64 {
        let capacity = with_store!(&self.store, v => v.capacity());
        (capacity * self.width()) as u64
    }

    /// The width that holds `value`, in bytes.
    pub fn width_of(value: u64) -> usize {
        match value {
            0..=0xFF => 1,
            0x100..=0xFFFF => 2,
            0x1_0000..=0xFFFF_FFFF => 4,
            _ => 8,
        }
    }

    /// Appends the value of the next heap, widening the store if it needs more bits.
    pub fn push(&mut self, value: u64) {
        if Values::width_of(value) > self.width() {
            self.widen(Values::width_of(value), 0);
        }
        with_store!(&mut self.store, v => v.push(Cell::of(value)));
    }

    /// Re-stores every value in `width` bytes, with room for `extra` more values.
    pub(crate) fn widen(&mut self, width: usize, extra: usize) {
        fn copy<A: Cell, B: Cell>(from: &[A], extra: usize) -> Vec<B> {
            let mut to = Vec::with_capacity(from.len() + extra);
            to.extend(from.iter().map(|&x| B::of(x.get())));
            to
        }
        let store = with_store!(&self.store, v => match width {
            1 => Store::U8(copy(v, extra)),
            2 => Store::U16(copy(v, extra)),
            4 => Store::U32(copy(v, extra)),
            _ => Store::U64(copy(v, extra)),
        });
        self.store = store;
    }

    /// Makes room for `extra` more values in the current width, exactly.
    pub(crate) fn reserve_exact(&mut self, extra: usize) {
        with_store!(&mut self.store, v => v.reserve_exact(extra));
    }

    /// The values of heaps `start..end`, copied out.
    ///
    /// # Panics
    /// If `end` is past [`len`](Self::len) or `start > end`.
    pub fn range(&self, start: usize, end: usize) -> Vec<u64> {
        with_store!(&self.store, v => v[start..end].iter().map(|x| x.get()).collect())
    }

    /// Every value, copied out.
    pub fn to_vec(&self) -> Vec<u64> {
        self.range(0, self.len())
    }

    /// The values in order.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }
}

impl From<&[u64]> for Values {
    fn from(values: &[u64]) -> Values {
        let mut stored = Values::new();
        if let Some(&max) = values.iter().max() {
            stored.widen(Values::width_of(max), values.len());
        }
        for &x in values {
            stored.push(x);
        }
        stored
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_value_widens_the_store_and_keeps_the_others() {
        let mut values = Values::new();
        for x in [0, 1, 255] {
            values.push(x);
        }
        assert_eq!(values.width(), 1);
        values.push(256);
        assert_eq!(values.width(), 2);
        values.push(70_000);
        assert_eq!(values.width(), 4);
        values.push(1 << 40);
        assert_eq!(values.width(), 8);
        values.push(3);
        assert_eq!(values.to_vec(), [0, 1, 255, 256, 70_000, 1 << 40, 3]);
        assert_eq!(values.range(2, 4), [255, 256]);
        assert_eq!(values.iter().nth(5), Some(1 << 40));
        assert!(values.bytes() >= 7 * 8);
        assert_eq!(Values::from(&[5, 300][..]).to_vec(), [5, 300]);
    }

    #[test]
    fn small_values_take_a_byte_each() {
        let mut values = Values::new();
        values.reserve_exact(1000);
        for i in 0..1000 {
            values.push(i % 200);
        }
        assert_eq!(values.width(), 1);
        assert_eq!(values.bytes(), 1000);
    }
}
