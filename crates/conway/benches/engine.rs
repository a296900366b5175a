//! Speed of the engine's hot paths. Each group measures a baseline in the same run, so the
//! figures read as ratios: the nim-product against the plain byte-table method and the
//! recursion without tables, SG solving against a cold solver of a smaller position.

use conway::games::impartial::{Chomp, Nim, Wythoff};
use conway::heap::Heaps;
use conway::impartial::Solver;
use conway::nimber::{nim_mul, nim_mul_recursive};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

/// The allocator the `conway` binary uses, so the figures are the command's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The baseline: the byte-table method. A 256×256 table of products of bytes, and a table of
/// `2^(8i) ⊗ 2^(8j)` products for every byte position pair; a product is 64 lookups and 64
/// byte-by-word products.
struct ByteTables {
    bytes: Vec<Vec<u64>>,
    /// `by_byte[i][j][x]` = `(x · 2^(8i)) ⊗ 2^(8j)`, for a byte x.
    shifted: Vec<Vec<Vec<u64>>>,
}

impl ByteTables {
    fn new() -> Self {
        let bytes = (0..256u64)
            .map(|a| (0..256u64).map(|b| nim_mul_recursive(a, b)).collect())
            .collect();
        let shifted = (0..8)
            .map(|i| {
                (0..8)
                    .map(|j| {
                        (0..256u64)
                            .map(|x| nim_mul(x << (8 * i), 1 << (8 * j)))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        ByteTables { bytes, shifted }
    }

    /// a ⊗ b = ⊕ (a_i ⊗ b_j) · 2^(8i) ⊗ 2^(8j), with a_i ⊗ b_j a byte.
    fn mul(&self, a: u64, b: u64) -> u64 {
        let mut product = 0;
        for i in 0..8 {
            let ai = (a >> (8 * i) & 0xff) as usize;
            for j in 0..8 {
                let bj = (b >> (8 * j) & 0xff) as usize;
                let byte = self.bytes[ai][bj] as usize;
                product ^= self.shifted[i][j][byte];
            }
        }
        product
    }
}

fn operands() -> Vec<(u64, u64)> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..1024)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = x;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (a, x)
        })
        .collect()
}

fn nim_product(c: &mut Criterion) {
    let pairs = operands();
    let tables = ByteTables::new();
    for &(a, b) in &pairs {
        assert_eq!(
            tables.mul(a, b),
            nim_mul(a, b),
            "the baseline is a real product"
        );
    }
    let mut group = c.benchmark_group("nim_product_u64");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("fast (carry-less product in a polynomial basis)", |bench| {
        bench.iter(|| {
            pairs
                .iter()
                .fold(0, |acc, &(a, b)| acc ^ nim_mul(black_box(a), black_box(b)))
        })
    });
    group.bench_function("baseline (byte tables)", |bench| {
        bench.iter(|| {
            pairs.iter().fold(0, |acc, &(a, b)| {
                acc ^ tables.mul(black_box(a), black_box(b))
            })
        })
    });
    group.finish();
}

fn sg_solving(c: &mut Criterion) {
    let mut group = c.benchmark_group("sg_solving");
    group.sample_size(10);
    let nim = Heaps(Nim);
    group.bench_function("nim 3 heaps ≤ 60 by search", |bench| {
        bench.iter(|| {
            Solver::new(&nim)
                .by_search_only()
                .nim_value(&vec![41, 53, 60])
                .unwrap()
        })
    });
    group.bench_function("wythoff 60,90", |bench| {
        bench.iter(|| Solver::new(&Wythoff).nim_value(&vec![(60, 90)]).unwrap())
    });
    group.bench_function("wythoff 30,45 (baseline: half of each heap)", |bench| {
        bench.iter(|| Solver::new(&Wythoff).nim_value(&vec![(30, 45)]).unwrap())
    });
    group.bench_function("chomp 7 7 7 7 7 7", |bench| {
        bench.iter(|| Solver::new(&Chomp).nim_value(&vec![7; 6]).unwrap())
    });
    group.finish();
}

criterion_group!(benches, nim_product, sg_solving);
criterion_main!(benches);
