//! No input makes a ruleset panic: any text is either a position it analyses or an error that
//! names the problem, and the positions it reports read back. The texts include numbers of
//! every length (past 2^64 too), long rows and deep nesting of brackets and bars.

use conway::analysis::{Budget, Request, RuleError};
use conway::engine::{Limits, Play};
use conway::games::{catalogue, ruleset};
use proptest::prelude::*;
use proptest::sample::select;

/// Every game of the registry, with parameters where it needs them.
fn games() -> Vec<String> {
    catalogue()
        .map(|info| match info.params {
            conway::analysis::Params::Required { example, .. } => {
                format!("{}:{example}", info.name)
            }
            _ => info.name.to_string(),
        })
        .chain(["growing:own".to_string()])
        .collect()
}

fn small_budget() -> Budget {
    Budget {
        limits: Limits {
            max_positions: 20_000,
            max_memory: 16 << 20,
        },
        ..Budget::default()
    }
}

/// Texts a user might type, and some no user would.
fn texts() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9 ,./|\\[\\]HTcSWB:+-]{0,14}",
        "[0-9 ]{0,9}",
        "[.cSHTWB|]{0,9}",
        // Numbers of 10 to 40 digits: past 2^32, past 2^64.
        "[0-9]{10,40}( [0-9]{1,40}){0,2}",
        "[0-9]{1,3}/[0-9]{15,25}",
        // Deep or unbalanced nesting.
        (1usize..2000).prop_map(|n| "[".repeat(n) + "0|3" + &"]".repeat(n)),
        (1usize..2000).prop_map(|n| "|".repeat(n)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn any_text_is_analysed_or_refused(
        game in select(games()),
        text in texts(),
        misere: bool,
    ) {
        let rules = ruleset(&game).unwrap();
        let play = if misere { Play::Misere } else { Play::Normal };
        let position = match rules.parse(&text) {
            Ok(position) => position,
            Err(error) => {
                prop_assert!(matches!(error, RuleError::BadPosition { .. }), "{error}");
                return Ok(());
            }
        };
        // What the ruleset shows, it reads back as the same position.
        prop_assert_eq!(&rules.parse(&position.show()).unwrap(), &position);
        if let Ok(report) = position.analyse(&Request::new(play, &small_budget).keep(5)) {
            let counted: u64 = report.move_counts.iter().flat_map(|c| c.iter()).map(|(_, n)| n).sum();
            prop_assert!(report.moves.len() as u64 <= counted);
            for m in &report.moves {
                let shown = m.to.show();
                prop_assert!(rules.parse_under(&shown, play).is_ok(), "{} → {}", text, shown);
            }
        }
        let _ = position.graph(play, small_budget());
        let _ = position.moves(conway::partizan::Player::Left, play);
        let _ = position.value_in(&mut conway::short::Store::default(), small_budget());
    }
}
