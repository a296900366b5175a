use conway::engine::Footprint;
use conway::partizan::{Partizan, Solver};
use conway::short::Store;
use std::time::Instant;

#[derive(Clone, PartialEq, Eq, Hash)]
struct Board(u64); // bit r*8+c set = empty
impl Footprint for Board {
    fn footprint(&self) -> usize {
        8
    }
}
struct Dom;
impl Partizan for Dom {
    type Position = Board;
    fn left_options(&self, b: &Board) -> Vec<Board> {
        let v = b.0 & (b.0 >> 8);
        (0..64)
            .filter(|i| v >> i & 1 == 1)
            .map(|i| Board(b.0 & !(1 << i) & !(1 << (i + 8))))
            .collect()
    }
    fn right_options(&self, b: &Board) -> Vec<Board> {
        let h = b.0 & (b.0 >> 1) & 0x7f7f7f7f7f7f7f7f;
        (0..64)
            .filter(|i| h >> i & 1 == 1)
            .map(|i| Board(b.0 & !(1 << i) & !(1 << (i + 1))))
            .collect()
    }
    fn components(&self, b: Board, parts: &mut Vec<Board>) {
        let mut rest = b.0;
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            loop {
                let grow = (comp
                    | comp << 8
                    | comp >> 8
                    | (comp << 1 & 0xfefefefefefefefe)
                    | (comp >> 1 & 0x7f7f7f7f7f7f7f7f))
                    & rest;
                if grow == comp {
                    break;
                }
                comp = grow;
            }
            rest &= !comp;
            if comp.count_ones() < 2 {
                continue;
            }
            parts.push(Board(comp));
        }
    }
    fn negation(&self, b: &Board) -> Option<Board> {
        let mut x = b.0;
        let mut t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AA;
        x ^= t ^ (t << 7);
        t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCC;
        x ^= t ^ (t << 14);
        t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0;
        x ^= t ^ (t << 28);
        Some(Board(x))
    }
    fn canonical(&self, b: Board) -> Board {
        let mut x = b.0;
        while x & 0xff == 0 {
            x >>= 8;
        }
        while x & 0x0101010101010101 == 0 {
            x >>= 1;
        }
        Board(x)
    }
}
fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (r, c) = (args[0], args[1]);
    let mut bits = 0u64;
    for i in 0..r {
        for j in 0..c {
            bits |= 1 << (i * 8 + j);
        }
    }
    let mut store = Store::default();
    let t = Instant::now();
    let mut solver = Solver::new(&Dom);
    let v = solver.value(&mut store, &Board(bits)).unwrap();
    println!(
        "{r}x{c}: {:?} {} expanded, {} games, {}",
        t.elapsed(),
        solver.expanded(),
        store.len(),
        store.show_within(v, 200).unwrap_or("long".into())
    );
}
