//! A tour of conway for a newcomer: run it with `cargo run --example tour`, then read it from
//! the top. Each step is a few lines of the library's face, printed as it goes.

use conway::analysis::{Budget, Request, Sum, Value};
use conway::engine::{Limit, Limits, Outcome, Play};
use conway::games::ruleset;
use conway::impartial::{Impartial, Solver};

fn main() -> Result<(), conway::Error> {
    partizan_position()?;
    impartial_position()?;
    expressions()?;
    a_sum_of_different_games()?;
    a_game_that_may_loop()?;
    errors_that_answer_questions();
    a_game_of_your_own();
    Ok(())
}

/// A Domineering board (Left places vertical dominoes, Right horizontal ones): who wins, its
/// value as a short game, and every winning move of each player with where it leads.
fn partizan_position() -> Result<(), conway::Error> {
    let analysis = conway::analyse("domineering", "...|...")?;
    let value = analysis.value.as_ref().and_then(Value::show).unwrap();
    println!(
        "Domineering ...|... is {:?} with value {value}",
        analysis.outcome
    );
    for best in &analysis.moves {
        println!("  {:?} wins by moving to {}", best.mover, best.to.show());
    }
    let stops = analysis.value.and_then(|v| v.stops()).unwrap();
    println!(
        "  stops {} and {}, mean {}, temperature {}",
        stops.left_stop, stops.right_stop, stops.mean, stops.temperature
    );
    Ok(())
}

/// A Nim position: its value is a nimber, and the winning moves are the positions they reach.
fn impartial_position() -> Result<(), conway::Error> {
    let analysis = conway::analyse("nim", "13 42 30 43")?;
    let nim_value = analysis.value.and_then(|v| v.nim_value()).unwrap();
    println!("Nim 13 42 30 43 has nim value {nim_value}");
    for best in &analysis.moves {
        println!("  the winning move leads to {}", best.to.show());
    }
    Ok(())
}

/// Short games written as the texts and CGSuite write them.
fn expressions() -> Result<(), conway::Error> {
    for expression in [
        "{2||1|0} + ^",
        "*3 + *5",
        "{^ | v} == *",
        "{3 | -1}.Cool(1)",
    ] {
        let value = conway::eval(expression)?;
        println!("{expression} = {}", value.show().unwrap());
    }
    Ok(())
}

/// A sum of a Domineering board, a Toads and Frogs row and a Nim heap: one analysis, whose
/// moves say in which component they are made.
fn a_sum_of_different_games() -> Result<(), conway::Error> {
    let sum = Sum::new(vec![
        ruleset("domineering")?.parse("..|..")?,
        ruleset("toads")?.parse("T.F")?,
        ruleset("nim")?.parse("3")?,
    ]);
    let budget = Budget::default;
    let analysis = sum.analyse(&Request::new(Play::Normal, &budget))?;
    println!("{} is {:?}", sum.show(), analysis.outcome);
    for best in &analysis.moves {
        let component = &sum.components()[best.component];
        println!(
            "  {:?} wins in component {} ({}): to {}",
            best.mover,
            best.component + 1,
            component.game(),
            best.to.show()
        );
    }
    Ok(())
}

/// Poker Nim under misère play need not end: a draw, and the moves that keep it.
fn a_game_that_may_loop() -> Result<(), conway::Error> {
    let start = ruleset("poker-nim")?.parse_under("2", Play::Misere)?;
    let budget = Budget::default;
    let analysis = start.analyse(&Request::new(Play::Misere, &budget))?;
    assert_eq!(analysis.outcome, Outcome::D);
    println!("misère Poker Nim 2 is a draw");
    for keep in &analysis.moves {
        println!(
            "  {:?} keeps the draw by moving to {}",
            keep.mover,
            keep.to.show()
        );
    }
    Ok(())
}

/// Errors say where the text is wrong, and which limit to raise.
fn errors_that_answer_questions() {
    let bad = conway::analyse("domineering", "..|.x").unwrap_err();
    println!("error: {bad} (column {:?})", bad.column());

    let tight = || Budget {
        limits: Limits {
            max_positions: 100,
            ..Limits::default()
        },
        ..Budget::default()
    };
    let big = ruleset("domineering").and_then(|r| r.parse("....|....|....|...."));
    let stopped = big.and_then(|board| board.analyse(&Request::new(Play::Normal, &tight)));
    let error = conway::Error::from(stopped.unwrap_err());
    assert_eq!(error.limit_hint(), Some(Limit::Work));
    println!("error: {error} (raise {:?})", error.limit_hint().unwrap());
}

/// A game of your own needs only its moves: one heap, from which a move takes 1, 3 or 4
/// chips (§1.4). The solver finds its values and every winning move.
fn a_game_of_your_own() {
    struct TakeOneThreeOrFour;

    impl Impartial for TakeOneThreeOrFour {
        type Position = u64;

        fn options(&self, heap: &u64) -> Vec<u64> {
            [1, 3, 4]
                .iter()
                .filter(|&&t| t <= *heap)
                .map(|t| heap - t)
                .collect()
        }
    }

    let mut solver = Solver::new(&TakeOneThreeOrFour);
    let values: Vec<u64> = (0..14).map(|n| solver.nim_value(&n).unwrap()).collect();
    println!("take 1, 3 or 4: values {values:?} (period 7)");
    let winning = solver.winning_moves(&110, Play::Normal).unwrap();
    println!("  from 110 the winning moves lead to {winning:?}");
}
