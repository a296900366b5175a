use super::*;
use crate::number::Dyadic;
use crate::partizan::Solver;

fn parse(text: &str) -> Picture {
    Hackenbush.parse(text).unwrap()
}

fn error_column(text: &str) -> Option<usize> {
    Hackenbush.parse(text).unwrap_err().offset
}

/// The normal form of a picture read from `text`.
fn normal(text: &str) -> Picture {
    parse(text).normal()
}

#[test]
fn stalks_and_edges_are_the_same_pictures() {
    assert_eq!(normal("BRB"), normal("0-1:B 1-2:R 2-3:B"));
    assert_eq!(normal("BRB"), normal("7-3:r 0-7:B 3-12:b"));
    assert_eq!(normal("BRB GG"), normal("gg 0-5:B 5-6:R 6-9:B"));
    assert_eq!(parse("0"), Picture::default());
    assert_eq!(normal("R B"), normal("B R"));
    // As written, they stay what was written.
    assert_ne!(parse("R B"), parse("B R"));
}

#[test]
fn isomorphic_trees_have_one_form() {
    // A trunk carrying a stalk BR and a blue leaf, drawn with its branches the other way.
    assert_eq!(
        normal("0-1:G 1-2:B 2-3:R 1-4:B"),
        normal("0-4:G 4-1:B 4-2:B 2-3:R")
    );
    assert_ne!(
        normal("0-1:G 1-2:B 2-3:R 1-4:B"),
        normal("0-1:G 1-2:R 2-3:B 1-4:B")
    );
}

#[test]
fn pictures_keep_their_writers_words_and_numbers() {
    let picture = parse("0-1:R 1-2:B 0-2:B");
    assert_eq!(Hackenbush.show(&picture), "0-1:R 1-2:B 0-2:B");
    let shown = |options: Vec<Picture>| -> Vec<String> {
        options.iter().map(|o| Hackenbush.show(o)).collect()
    };
    assert_eq!(
        shown(picture.options(Player::Left)),
        ["0-1:R 0-2:B", "0-1:R 1-2:B"]
    );
    assert_eq!(
        Hackenbush.show(&parse("GG 10-7:B 0-10:R BR 7-7:G")),
        "GG 7-10:B 0-10:R BR 7-7:G"
    );
    assert_eq!(
        shown(parse("GG 10-7:B 0-10:R BR").options(Player::Right)),
        [
            "7-10:B 0-10:R BR",
            "G 7-10:B 0-10:R BR",
            "GG BR",
            "GG 7-10:B 0-10:R B"
        ]
    );
}

#[test]
fn what_it_shows_it_reads_back() {
    for text in [
        "BRB GG R",
        "0-1:B 1-2:R 1-3:G 2-3:B",
        "0-0:G 0-1:R 1-1:B 1-2:G 1-2:G",
        "0-1:B 0-2:R 1-2:G 2-3:B 3-1:R 3-4:G",
        "0",
    ] {
        let picture = parse(text);
        assert_eq!(parse(&Hackenbush.show(&picture)), picture, "{text}");
        for player in [Player::Left, Player::Right] {
            for option in picture.options(player) {
                assert_eq!(parse(&Hackenbush.show(&option)), option, "{text}");
            }
        }
    }
    assert_eq!(Hackenbush.show(&parse("0-2:G 2-1:R")), "0-2:G 1-2:R");
    assert_eq!(Hackenbush.show(&parse("B B")), "B B");
    let picture = parse("0-1:B 0-2:R 1-2:G 2-3:B 3-1:R 3-4:G").normal();
    assert_eq!(parse(&Hackenbush.show(&picture)).normal(), picture);
}

#[test]
fn a_cut_drops_what_no_longer_reaches_the_ground() {
    let house = parse("0-1:B 0-2:B 1-2:R 1-3:G 2-3:G 3-4:R");
    let cut_roof_left = Picture::default();
    // Cutting both walls is two moves; one wall leaves the rest hanging from the other.
    let left = house.options(Player::Left);
    assert!(left.contains(&parse("0-2:B 1-2:R 1-3:G 2-3:G 3-4:R")));
    assert!(!left.contains(&cut_roof_left));
    // Cutting the stalk under everything removes it all.
    assert_eq!(parse("BRG").cut(0), Picture::default());
    assert_eq!(
        parse("BRG").options(Player::Right),
        [parse("B"), parse("BR")]
    );
    // Cutting one of two parallel edges is one move.
    assert_eq!(parse("0-1:G 0-1:G 1-2:B").options(Player::Left).len(), 2);
}

#[test]
fn parts_hang_from_the_ground_separately() {
    let parts = parse("BR 0-1:G 1-2:G 2-0:G 0-0:B 0-0:B 0-3:R").components();
    assert_eq!(parts.len(), 5);
    assert!(parts.contains(&normal("BR")));
    assert!(parts.contains(&normal("0-1:G 1-2:G 2-0:G")));
    assert_eq!(parts.iter().filter(|p| **p == normal("0-0:B")).count(), 2);
    assert!(parse("0").components().is_empty());
}

#[test]
fn errors_point_at_their_column() {
    assert_eq!(error_column("BRB GX"), Some(5));
    assert_eq!(error_column("0-1:B 1_2:R"), Some(7));
    assert_eq!(error_column("0-1:B 1-2"), Some(9));
    assert_eq!(error_column("0-1:B 1-2:Q"), Some(10));
    assert_eq!(error_column("0-1:B 1-2:RR"), Some(11));
    assert_eq!(error_column("0-1:B 2-3:R"), Some(6));
    assert_eq!(error_column("0-99999999999:B"), Some(2));
    assert_eq!(error_column("B ?"), Some(2));
    assert_eq!(error_column("5"), Some(1));
    assert_eq!(Hackenbush.parse("  ").unwrap_err().offset, None);
    let long = "B".repeat(MAX_EDGES + 3);
    assert_eq!(error_column(&long), Some(MAX_EDGES));
    assert!(Hackenbush.parse(&"G".repeat(MAX_EDGES)).is_ok());
}

#[test]
fn moves_are_described_by_the_edge_they_cut() {
    let from = parse("0-1:B 1-2:R 1-3:G 2-3:B");
    let describe =
        |from: &Picture, to: &str| Hackenbush.describe_move(Player::Right, from, &parse(to));
    assert_eq!(describe(&from, "0-1:B 1-3:G 2-3:B"), "cut the red edge 1-2");
    let stalks = parse("BRB GG BRB");
    assert_eq!(
        describe(&stalks, "BR GG BRB"),
        "cut the blue edge at height 3 of stalk 1 (BRB)"
    );
    assert_eq!(
        describe(&stalks, "BRB GG BR"),
        "cut the blue edge at height 3 of stalk 3 (BRB)"
    );
    assert_eq!(
        describe(&stalks, "BRB G BRB"),
        "cut the green edge at height 2 of stalk 2 (GG)"
    );
    assert_eq!(
        describe(&stalks, "BRB BRB"),
        "cut the green edge at height 1 of stalk 2 (GG)"
    );
    let loop_ = parse("0-5:B 5-5:G");
    assert_eq!(describe(&loop_, "0-5:B"), "cut the green loop 5-5");
}

#[test]
fn the_largest_picture_is_valued_quickly() {
    let mut store = Store::default();
    let mut solver = Solver::new(&Hackenbush);
    let stalk: String = "BR".repeat(MAX_EDGES / 2);
    let value = solver.value(&mut store, &parse(&stalk)).unwrap();
    assert_eq!(
        store.as_number(value),
        Some(&berlekamp(&parse(&stalk).stalks().unwrap()[0]))
    );
    let green = solver
        .value(&mut store, &parse(&"G".repeat(MAX_EDGES)))
        .unwrap();
    assert_eq!(green, store.nimber(MAX_EDGES as u128).unwrap());
    let x = store.as_number(value).unwrap().clone();
    assert!(x > Dyadic::zero() && x < Dyadic::one());
}

#[test]
fn cut_counts_are_what_each_cut_removes() {
    for text in [
        "BRB GG R",
        "0-1:B 1-2:R 1-3:G 2-3:B 3-4:R 4-5:G 4-6:B 6-4:R 0-0:G",
        "0-1:G 1-2:G 2-0:G 2-3:B 3-4:R 3-5:R 5-5:B 5-6:G 6-7:G 7-5:R",
        "0-1:R 0-1:R 1-2:B 2-3:G 3-4:B",
    ] {
        let picture = parse(text);
        let total = picture.colour_counts();
        for (i, counts) in picture.cut_counts().iter().enumerate() {
            let left = picture.cut(i).colour_counts();
            let removed: Vec<usize> = (0..3).map(|c| total[c] - left[c]).collect();
            assert_eq!(counts[..], removed[..], "{text}, edge {i}");
        }
    }
}

/// Random pictures as edge lists: each vertex hangs from an earlier one, then extra edges
/// join any two (cycles, loops, parallel edges), all numbered at random.
fn edge_lists() -> impl Strategy<Value = String> {
    let colour = proptest::sample::select(vec!['B', 'R', 'G']);
    let tree = proptest::collection::vec((any::<usize>(), colour.clone()), 1..12);
    let extra = proptest::collection::vec((any::<usize>(), any::<usize>(), colour), 0..6);
    let names = proptest::collection::vec(1u32..1000, 20);
    (tree, extra, names).prop_map(|(tree, extra, names)| {
        let name = |v: usize| if v == 0 { 0 } else { names[v] };
        let mut edges = Vec::new();
        for (i, (parent, colour)) in tree.iter().enumerate() {
            edges.push(format!(
                "{}-{}:{colour}",
                name(parent % (i + 1)),
                name(i + 1)
            ));
        }
        for (a, b, colour) in extra {
            let (a, b) = (a % (tree.len() + 1), b % (tree.len() + 1));
            edges.push(format!("{}-{}:{colour}", name(a), name(b)));
        }
        edges.join(" ")
    })
}

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The normal form is stable: what is shown reads back as the same picture, for the
    /// picture and each of its options.
    #[test]
    fn any_picture_reads_back(text in edge_lists()) {
        let picture = parse(&text);
        for p in std::iter::once(picture.clone())
            .chain(picture.options(Player::Left))
            .chain(picture.options(Player::Right))
        {
            prop_assert_eq!(parse(&Hackenbush.show(&p)), p, "{}", text);
        }
    }

    /// Any text is a picture or an error at a column inside it.
    #[test]
    fn any_text_is_read_or_refused_at_a_column(text in "[0-9BRGbrgx :-]{0,16}") {
        match Hackenbush.parse(&text) {
            Ok(picture) => prop_assert_eq!(parse(&Hackenbush.show(&picture)), picture),
            Err(error) => prop_assert!(error.offset.is_none_or(|at| at <= text.chars().count())),
        }
    }
}
