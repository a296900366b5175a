//! Every ruleset writes positions so that it reads them back, and every option of a position
//! it reads is one it can write and read again.

use conway::analysis::Notation;
use conway::games::impartial::{
    Chomp, Counting, DynamicSubtraction, GrowingTake, Lasker, MooreNim, Nim, Nimble, SilverDollar,
    Staircase, Subtraction, TurningTurtles, Welter, Wythoff,
};
use conway::heap::Heaps;
use proptest::collection::vec;
use proptest::prelude::*;
use std::fmt::Debug;

/// Reads `text`, then checks that the position and each of its options survive show → parse.
fn round_trips<G: Notation>(game: &G, text: &str) -> Result<(), TestCaseError>
where
    G::Position: Debug,
{
    let position = game
        .parse(text)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    for p in std::iter::once(position.clone()).chain(game.options(&position)) {
        let shown = game.show(&p);
        let read = game.parse(&shown);
        prop_assert_eq!(read, Ok(p), "{}", shown);
    }
    Ok(())
}

fn numbers(values: &[u64], separator: &str) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

proptest! {
    #[test]
    fn heap_games(heaps in vec(0u64..12, 1..4)) {
        let text = numbers(&heaps, " ");
        round_trips(&Heaps(Nim), &text)?;
        round_trips(&Heaps(Nimble), &text)?;
        round_trips(&Heaps(Lasker), &text)?;
        round_trips(&Heaps(Subtraction::new(vec![1, 3, 4]).unwrap()), &text)?;
        round_trips(&MooreNim::new(2).unwrap(), &text)?;
        round_trips(&Staircase, &text)?;
    }

    #[test]
    fn wythoff_pairs(pairs in vec((0u64..9, 0u64..9), 1..3)) {
        let text = pairs.iter().map(|(x, y)| format!("{x},{y}")).collect::<Vec<_>>().join(" ");
        round_trips(&Wythoff, &text)?;
    }

    #[test]
    fn chomp_boards(mut rows in vec(1u64..7, 1..4)) {
        rows.sort_unstable_by(|a, b| b.cmp(a));
        round_trips(&Chomp, &numbers(&rows, " "))?;
    }

    #[test]
    fn welter_coins(mut squares in vec(0u64..12, 0..4)) {
        squares.sort_unstable();
        squares.dedup();
        round_trips(&Welter, &format!("[{}]", numbers(&squares, "|")))?;
    }

    #[test]
    fn coin_rows(coins in vec(prop_oneof![Just('H'), Just('T')], 1..10)) {
        round_trips(&TurningTurtles, &coins.iter().collect::<String>())?;
    }

    #[test]
    fn silver_dollar_strips(strip in vec(prop_oneof![Just('.'), Just('c')], 0..8), at in 0usize..8) {
        let mut strip: Vec<char> = strip;
        strip.insert(at.min(strip.len()), 'S');
        round_trips(&SilverDollar::default(), &strip.iter().collect::<String>())?;
    }

    #[test]
    fn dynamic_heaps(chips in 0u64..30, limit in 0u64..30, fresh: bool) {
        let text = if fresh { chips.to_string() } else { format!("{chips}/{limit}") };
        round_trips(&DynamicSubtraction::fibonacci(), &text)?;
        let all = GrowingTake { counting: Counting::AllMoves };
        let own = GrowingTake { counting: Counting::OwnMoves };
        if fresh {
            round_trips(&all, &text)?;
            round_trips(&own, &text)?;
        } else {
            round_trips(&all, &format!("{chips}/{limit}"))?;
            round_trips(&own, &format!("{chips}/{limit},{}", limit + 1))?;
        }
    }
}

#[test]
fn loose_texts_are_refused_at_their_column() {
    fn column<T: Debug>(result: Result<T, conway::text::ParseError>) -> Option<usize> {
        result.unwrap_err().offset
    }
    assert_eq!(column(Heaps(Nim).parse("")), None, "no heaps");
    assert_eq!(column(Heaps(Nim).parse("3 x 5")), Some(2));
    assert_eq!(column(Heaps(Nim).parse("3,5")), Some(1));
    assert_eq!(column(Heaps(Nim).parse("1 18446744073709551616")), Some(2));
    assert_eq!(column(Welter.parse("[[0|3]]")), Some(1));
    assert_eq!(column(Welter.parse("[0|3")), Some(4));
    assert_eq!(column(Welter.parse("[0||3]")), Some(3));
    assert_eq!(column(TurningTurtles.parse("HTx")), Some(2));
    assert_eq!(column(TurningTurtles.parse("")), None);
    assert_eq!(column(Wythoff.parse("3,5 4,x")), Some(6));
    assert_eq!(column(Heaps(Lasker).parse("5 2000000")), Some(2));
    assert_eq!(Welter.parse("[]"), Ok(vec![]));
    assert!(Subtraction::parse_params("1,,2").is_err());
    assert!(Subtraction::parse_params(",1").is_err());
    assert!(Subtraction::parse_params("1 2").is_err());
    assert!(Subtraction::parse_params("1,2,").is_err());
    assert_eq!(
        Subtraction::parse_params(" 4, 1,3 ").unwrap().set(),
        &[1, 3, 4]
    );
}
