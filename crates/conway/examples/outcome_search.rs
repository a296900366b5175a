//! Who wins Domineering on empty rectangles, by the outcome search: `cargo run --release
//! --example outcome_search -- ROWS COLUMNS`, with the nodes searched and the time taken.

use conway::engine::{Limits, Meter};
use conway::games::partizan::{Domineering, DomineeringBoard};
use conway::partizan::{OutcomeSearch, Player, WinSearch};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("ROWS COLUMNS"))
        .collect();
    let [rows, columns] = args[..] else {
        panic!("usage: outcome_search ROWS COLUMNS");
    };
    let board = DomineeringBoard::rectangle(rows, columns).expect("a board of at most 256 squares");
    let limits = Limits {
        max_positions: u64::MAX,
        max_memory: 8 << 30,
    };
    for mover in [Player::Left, Player::Right] {
        let start = Instant::now();
        let mut search = OutcomeSearch::new(&Domineering, Meter::new(limits));
        let wins = search
            .wins_moving_first(&board, mover)
            .expect("within the limits");
        println!(
            "{rows}×{columns}, {mover} first: {}, {} nodes, {:.2} s",
            if wins { "wins" } else { "loses" },
            search.nodes(),
            start.elapsed().as_secs_f64()
        );
    }
}
