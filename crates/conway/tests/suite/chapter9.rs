//! Chapter 9 of the textbook: Hackenbush. Every value the chapter gives (green stalks, trees
//! and graphs; blue-red stalks and trees; the exercises with answers), each found both by the
//! rules of the chapter (the ruleset's closed forms) and by search alone; and the closed
//! forms checked against search on a few hundred random small pictures of each kind.
//!
//! The figures of the chapter did not survive in the source text; where a test needs a
//! figure's shape, the shape is the one the text's own reductions imply, and says so.

use conway::analysis::PartizanNotation;
use conway::engine::Outcome;
use conway::games::partizan::hackenbush::{berlekamp, blue_over, red_over, Colour, Picture};
use conway::games::partizan::Hackenbush;
use conway::number::Dyadic;
use conway::partizan::{Player, Solver};
use conway::short::{GameId, Store};
use proptest::prelude::*;

fn picture(text: &str) -> Picture {
    Hackenbush.parse(text).unwrap()
}

fn dyadic(text: &str) -> Dyadic {
    text.parse().unwrap()
}

/// The value of a picture by the ruleset's closed forms, after checking that search alone
/// finds the same.
fn value(store: &mut Store, text: &str) -> GameId {
    let position = picture(text);
    let known = Solver::new(&Hackenbush).value(store, &position).unwrap();
    let searched = Solver::new(&Hackenbush)
        .by_search_only()
        .value(store, &position)
        .unwrap();
    assert_eq!(
        store.show(known),
        store.show(searched),
        "closed form and search disagree on {text}"
    );
    known
}

fn number(text: &str) -> Dyadic {
    let mut store = Store::default();
    let value = value(&mut store, text);
    match store.as_number(value) {
        Some(x) => x.clone(),
        None => panic!("{text} is {}, not a number", store.show(value)),
    }
}

fn nim_value(text: &str) -> u128 {
    let mut store = Store::default();
    let value = value(&mut store, text);
    match store.as_nus(value) {
        Some(nus) if nus.number.is_zero() && nus.ups == 0 => nus.nim,
        _ => panic!("{text} is {}, not a nimber", store.show(value)),
    }
}

fn shown(text: &str) -> String {
    let mut store = Store::default();
    let value = value(&mut store, text);
    store.show(value)
}

/// A green stalk of `n` edges as a word ("" for none).
fn green(n: usize) -> String {
    "G".repeat(n)
}

/// Words joined by spaces, the bare ground if there are none.
fn words(words: &[String]) -> String {
    let words: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        "0".to_string()
    } else {
        words.join(" ")
    }
}

/// The winning moves of `player`, as pictures.
fn winning(text: &str, player: Player) -> Vec<Picture> {
    let mut store = Store::default();
    let mut moves = Solver::new(&Hackenbush)
        .winning_moves(&mut store, &picture(text), player)
        .unwrap();
    moves.sort();
    moves
}

fn sorted(texts: &[&str]) -> Vec<Picture> {
    let mut pictures: Vec<Picture> = texts.iter().map(|t| picture(t)).collect();
    pictures.sort();
    pictures
}

// §9.1: Green Hackenbush on bamboo stalks is Nim.

#[test]
fn section_9_1_a_green_stalk_of_n_edges_is_a_nim_heap_of_n() {
    for n in 0..=9 {
        assert_eq!(nim_value(&words(&[green(n)])), n as u128);
    }
}

#[test]
fn figure_9_1_stalks_3_4_5_and_the_one_winning_move() {
    assert_eq!(nim_value("GGG GGGG GGGGG"), 3 ^ 4 ^ 5);
    assert_eq!(nim_value("G GGGG GGGGG"), 0);
    // Cutting the second edge of the stalk of 3 is the only winning move, for either player.
    for player in [Player::Left, Player::Right] {
        assert_eq!(winning("GGG GGGG GGGGG", player), sorted(&["G GGGG GGGGG"]));
    }
}

// §9.2: green trees and the colon principle.

/// Tree 1 of Fig. 9.2 as the text reduces it [inferred shape]: a trunk whose top carries a
/// leaf and an edge to a vertex with two leaves.
const TREE_1: &str = "0-1:G 1-2:G 1-3:G 3-4:G 3-5:G";

/// Tree 2 of Fig. 9.2 [inferred shape]: a trunk 0-1 carrying three branches whose values the
/// text reduces to 3, 2 and 6: an edge to a vertex with branches of 3 and 1 (1 + 3⊕1 = 3), a
/// stalk of 2, and a path of 3 edges to a vertex with branches of 1 and 2 (3 + 1⊕2 = 6).
const TREE_2: &str = "0-1:G 1-2:G 2-3:G 3-4:G 4-5:G 2-6:G 1-7:G 7-8:G \
                      1-9:G 9-10:G 10-11:G 11-12:G 11-13:G 13-14:G";

#[test]
fn figure_9_2_trees_reduce_to_nim_heaps_1_and_8() {
    assert_eq!(nim_value(TREE_1), 1);
    assert_eq!(nim_value(TREE_2), 8);
    // The reductions on the way: branches of 3 and 1 are a stalk of 2, of 1 and 2 one of 3.
    assert_eq!(nim_value("0-1:G 1-2:G 2-3:G 3-4:G 1-5:G"), 1 + (3 ^ 1));
    assert_eq!(nim_value("0-1:G 1-2:G 1-3:G 3-4:G"), 1 + (1 ^ 2));
}

#[test]
fn figure_9_3_the_three_winning_moves_in_tree_2() {
    // Tree 1 (value 1), tree 2 (value 8) and, for tree 3 (value 4, its shape lost), a stalk
    // of 4: 1 ⊕ 8 ⊕ 4 = 13, and tree 2 must become 5.
    let tree_2_at = |skip: &str| -> String {
        let edges: Vec<&str> = TREE_2.split_whitespace().filter(|e| *e != skip).collect();
        format!(
            "{} 20-21:G 21-22:G 21-23:G 23-24:G 23-25:G GGGG",
            edges.join(" ")
        )
        .replace("20-21", "0-21")
    };
    let whole = tree_2_at("");
    assert_eq!(nim_value(&whole), 13);
    // (a) take the whole branch of value 3; (b) shorten the stalk of 2 to 1; (c) the move the
    // text leaves to the reader: shorten the branch of 6 to 5, by cutting its branch of 1.
    let (a, b, c) = (tree_2_at("1-2:G"), tree_2_at("7-8:G"), tree_2_at("11-12:G"));
    let a = a.replace("2-3:G 3-4:G 4-5:G 2-6:G ", "");
    for after in [&a, &b, &c] {
        assert_eq!(nim_value(after), 0, "{after}");
    }
    assert_eq!(
        winning(&whole, Player::Left),
        sorted(&[a.as_str(), b.as_str(), c.as_str()])
    );
}

/// The number of odd prime factors of `n`, with multiplicity.
fn odd_prime_factors(mut n: u64) -> u64 {
    while n.is_multiple_of(2) {
        n /= 2;
    }
    let (mut count, mut p) = (0, 3);
    while n > 1 {
        while n.is_multiple_of(p) {
            n /= p;
            count += 1;
        }
        p += 2;
    }
    count
}

#[test]
fn example_9_1_impartial_maundy_cake_is_a_green_tree() {
    // Fig. 9.5: an m×n cake is two stalks of α and β edges, on the ground when mn is odd, on
    // a trunk when it is even; its value is α ⊕ β or 1 + α ⊕ β (the derived table).
    let table = [
        (1, 1, 0),
        (2, 1, 1),
        (3, 1, 1),
        (3, 3, 0),
        (9, 5, 3),
        (6, 1, 2),
        (15, 2, 3),
        (45, 4, 4),
        (27, 25, 1),
        (10, 10, 1),
    ];
    for (m, n, expected) in table {
        let (alpha, beta) = (odd_prime_factors(m), odd_prime_factors(n));
        let text = if m * n % 2 == 1 {
            words(&[green(alpha as usize), green(beta as usize)])
        } else {
            let stalk = |first: u64, length: u64| -> Vec<String> {
                (0..length)
                    .map(|i| {
                        let below = if i == 0 { 1 } else { first + i - 1 };
                        format!("{below}-{}:G", first + i)
                    })
                    .collect()
            };
            let mut edges = vec!["0-1:G".to_string()];
            edges.extend(stalk(2, alpha));
            edges.extend(stalk(100, beta));
            edges.join(" ")
        };
        assert_eq!(nim_value(&text), expected, "{m}x{n}: {text}");
    }
}

// §9.3: green graphs and the fusion principle.

/// A cycle of `k` edges from the ground back to it, or on top of a stalk of `base` edges.
fn cycle(colours: &[Colour], base: usize) -> String {
    let mut edges: Vec<String> = (0..base).map(|i| format!("{i}-{}:G", i + 1)).collect();
    let k = colours.len();
    for (i, colour) in colours.iter().enumerate() {
        let a = if i == 0 { base } else { base + i };
        let b = if i + 1 == k { base } else { base + i + 1 };
        edges.push(format!("{a}-{b}:{}", colour.letter()));
    }
    edges.join(" ")
}

#[test]
fn corollary_9_1_odd_cycles_are_an_edge_and_even_ones_a_vertex() {
    for k in 1..=8 {
        let greens = vec![Colour::Green; k];
        assert_eq!(nim_value(&cycle(&greens, 0)), (k % 2) as u128, "{k}-cycle");
        // On top of one edge: 1 + 1 for odd, 1 + 0 for even.
        let on_edge = if k % 2 == 1 { 2 } else { 1 };
        assert_eq!(
            nim_value(&cycle(&greens, 1)),
            on_edge,
            "{k}-cycle on an edge"
        );
    }
    assert_eq!(nim_value("0-0:G"), 1);
    assert_eq!(nim_value("0-1:G 1-1:G"), 2);
}

#[test]
fn figure_9_6_the_door_of_the_house_and_the_pine() {
    // The door is a triangle through the ground: three loops, 1 ⊕ 1 ⊕ 1 = 1.
    assert_eq!(nim_value("0-1:G 1-2:G 2-0:G"), 1);
    // The pine's cycle of 4 edges fuses to a vertex with 4 loops, which add nothing: hanging
    // it on a stalk changes nothing [inferred shape].
    assert_eq!(nim_value("0-1:G 1-2:G 2-3:G 3-4:G 4-1:G"), 1);
    // With a leaf on the cycle: the fused vertex carries the leaf, 1 + 1 = 2.
    assert_eq!(nim_value("0-1:G 1-2:G 2-3:G 3-4:G 4-1:G 2-5:G"), 2);
}

// §9.4: Blue-Red Hackenbush.

#[test]
fn example_9_2_simple_positions() {
    assert_eq!(number("B"), dyadic("1"));
    assert_eq!(number("R"), dyadic("-1"));
    assert_eq!(number("BR"), dyadic("1/2"));
    assert_eq!(number("BRR"), dyadic("1/4"));
    // A blue trunk with a blue and a red leaf: {0, 1/2 | 2} = 1.
    let trunk = "0-1:B 1-2:B 1-3:R";
    assert_eq!(number(trunk), dyadic("1"));
    let mut store = Store::default();
    let mut solver = Solver::new(&Hackenbush);
    let values = |store: &mut Store, solver: &mut Solver<Hackenbush>, player| {
        let mut values: Vec<Dyadic> = picture(trunk)
            .options(player)
            .iter()
            .map(|o| {
                let v = solver.value(store, o).unwrap();
                store.as_number(v).unwrap().clone()
            })
            .collect();
        values.sort();
        values
    };
    assert_eq!(
        values(&mut store, &mut solver, Player::Left),
        [dyadic("0"), dyadic("1/2")]
    );
    assert_eq!(
        values(&mut store, &mut solver, Player::Right),
        [dyadic("2")]
    );
}

// §9.5: blue-red trees, Theorem 9.5.

#[test]
fn theorem_9_5_an_edge_under_a_picture_of_value_x() {
    // Under every blue-red stalk of up to 6 edges (values from −6 to 6).
    for length in 0..=6 {
        for bits in 0..1u32 << length {
            let stalk: String = (0..length)
                .map(|i| if bits >> i & 1 == 1 { 'B' } else { 'R' })
                .collect();
            let x = if stalk.is_empty() {
                Dyadic::zero()
            } else {
                number(&stalk)
            };
            assert_eq!(
                Some(number(&format!("B{stalk}"))),
                blue_over(&x),
                "B:{stalk}"
            );
            assert_eq!(
                Some(number(&format!("R{stalk}"))),
                red_over(&x),
                "R:{stalk}"
            );
        }
    }
    // The derived points of Fig. 9.8.
    assert_eq!(blue_over(&dyadic("0")), Some(dyadic("1")));
    assert_eq!(blue_over(&dyadic("-1")), Some(dyadic("1/2")));
    assert_eq!(blue_over(&dyadic("-2")), Some(dyadic("1/4")));
}

#[test]
fn figure_9_9_the_right_tree_is_7_32() {
    // [inferred shape] From the ground B, R, R; then a branch R, B and a branch B, R, R.
    assert_eq!(number("RB"), dyadic("-1/2"));
    assert_eq!(number("BRR"), dyadic("1/4"));
    assert_eq!(number("RB BRR"), dyadic("-1/4"));
    let top = "1-2:R 2-3:B 1-4:B 4-5:R 5-6:R";
    assert_eq!(number(&format!("0-1:R {top}")), dyadic("-5/4"));
    let shifted = top
        .split(' ')
        .map(|e| {
            let (ends, colour) = e.split_once(':').unwrap();
            let (a, b) = ends.split_once('-').unwrap();
            let up = |v: &str| v.parse::<u32>().unwrap() + 2;
            format!("{}-{}:{colour}", up(a), up(b))
        })
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(number(&format!("0-2:R 2-3:R {shifted}")), dyadic("-9/4"));
    assert_eq!(
        number(&format!("0-1:B 1-2:R 2-3:R {shifted}")),
        dyadic("7/32")
    );
}

// §9.6: Berlekamp's rule.

#[test]
fn section_9_6_berlekamps_rule_on_the_texts_stalks() {
    for (stalk, expected) in [
        ("BBBRBRB", "43/16"),
        ("BBR", "3/2"),
        ("BBBBRBRR", "57/16"),
        ("RRRBRB", "-21/8"),
        ("RBR", "-3/4"),
    ] {
        assert_eq!(number(stalk), dyadic(expected), "{stalk}");
        let colours = picture(stalk).stalks().unwrap().remove(0);
        assert_eq!(berlekamp(&colours), dyadic(expected), "{stalk}");
    }
}

// §9.7: the exercises whose answers the text gives (or whose reconstruction the notes check).

#[test]
fn exercise_6_an_edge_under_g_with_a_leaf_of_the_other_colour() {
    // [the notes' reconstruction] G on a blue edge whose top also carries a red leaf is worth
    // (x + n − 1)/2^(n−1), n the least natural number with x + n ≥ 2; and the mirror image.
    let formula = |x: &Dyadic, sign: i64| -> Dyadic {
        let x = x * &Dyadic::from_int(sign);
        let n = (1..)
            .find(|&n| x.clone() + Dyadic::from_int(n) >= Dyadic::from_int(2))
            .unwrap();
        (x + Dyadic::from_int(n - 1)).mul_pow2(1 - n as i32) * Dyadic::from_int(sign)
    };
    for stalk in [
        "B", "R", "BR", "RR", "RRR", "RB", "BRR", "BBR", "RRB", "RRRB", "RBRR",
    ] {
        let x = number(stalk);
        let on_top: String = stalk
            .chars()
            .enumerate()
            .map(|(i, c)| {
                let below = if i == 0 { 1 } else { i + 2 };
                format!(" {below}-{}:{c}", i + 3)
            })
            .collect();
        let blue = number(&format!("0-1:B 1-2:R{on_top}"));
        assert_eq!(blue, formula(&x, 1), "(a) on {stalk}");
        let red = number(&format!("0-1:R 1-2:B{on_top}"));
        assert_eq!(red, formula(&x, -1), "(b) on {stalk}");
    }
}

/// The value of a blue-red cycle through the ground by the rule of Exercise 7: cut it at the
/// middle of the path between the first changes of colour seen from each end, an edge there
/// belonging to both halves, and add the two stalks.
fn cycle_rule(colours: &[Colour]) -> Dyadic {
    let k = colours.len();
    let changes: Vec<usize> = (1..k).filter(|&i| colours[i - 1] != colours[i]).collect();
    let (Some(&first), Some(&last)) = (changes.first(), changes.last()) else {
        return berlekamp(colours);
    };
    let middle = first + last;
    let (low, high): (Vec<Colour>, Vec<Colour>) = if middle % 2 == 0 {
        (
            colours[..middle / 2].to_vec(),
            colours[middle / 2..].to_vec(),
        )
    } else {
        (
            colours[..=middle / 2].to_vec(),
            colours[middle / 2..].to_vec(),
        )
    };
    let high: Vec<Colour> = high.into_iter().rev().collect();
    berlekamp(&low) + berlekamp(&high)
}

fn colours(text: &str) -> Vec<Colour> {
    text.chars()
        .map(|c| Colour::from_letter(c).unwrap())
        .collect()
}

#[test]
fn exercise_7_blue_red_cycles_through_the_ground() {
    for (cycle_colours, expected) in [
        ("BRRB", "1"),
        ("BBRRBB", "3"),
        ("BRBRB", "3/2"),
        ("BBRBB", "3"),
        ("RBBBR", "-1/2"),
        ("BRRRRB", "1/2"),
        ("BBBB", "4"),
        ("RRR", "-3"),
    ] {
        let colours = colours(cycle_colours);
        assert_eq!(
            number(&cycle(&colours, 0)),
            dyadic(expected),
            "{cycle_colours}"
        );
        assert_eq!(cycle_rule(&colours), dyadic(expected), "{cycle_colours}");
    }
    // And the rule on every two-coloured cycle of 2 to 7 edges.
    for k in 2..=7 {
        for bits in 0..1u32 << k {
            let colours: Vec<Colour> = (0..k)
                .map(|i| {
                    if bits >> i & 1 == 1 {
                        Colour::Blue
                    } else {
                        Colour::Red
                    }
                })
                .collect();
            assert_eq!(
                number(&cycle(&colours, 0)),
                cycle_rule(&colours),
                "{colours:?}"
            );
        }
    }
}

/// A flower: a green stem with petals (leaves) of the given colours, its vertices from `at`.
fn flower(at: usize, petals: &str) -> String {
    let mut edges = vec![format!("0-{at}:G")];
    for (i, petal) in petals.chars().enumerate() {
        edges.push(format!("{at}-{}:{petal}", at + 1 + i));
    }
    edges.join(" ")
}

#[test]
fn exercise_9_flower_gardens() {
    // (a) By the colon principle a flower's petals count only by their value.
    assert_eq!(shown(&flower(1, "BBR")), shown(&flower(1, "B")));
    assert_eq!(shown(&flower(1, "RRBR")), shown(&flower(1, "RR")));
    assert_eq!(shown(&flower(1, "BR")), shown("G"));
    // (b) Blue flowers two more than red: Left wins; one more: Left wins moving first.
    let mut store = Store::default();
    for blue in 0..=3usize {
        for red in 0..=2usize {
            for (petals, tree) in [(1, ""), (2, ""), (1, " GG"), (2, " G")] {
                let mut flowers = Vec::new();
                for i in 0..blue + red {
                    let colour = if i < blue { "B" } else { "R" };
                    flowers.push(flower(1 + 10 * i, &colour.repeat(petals)));
                }
                let garden = flowers.join(" ") + tree;
                let garden = if garden.trim().is_empty() {
                    "0".into()
                } else {
                    garden
                };
                let g = value(&mut store, &garden);
                let outcome = store.outcome(g).unwrap();
                if blue >= red + 2 {
                    assert_eq!(outcome, Outcome::L, "{garden}");
                } else if blue > red {
                    assert!(matches!(outcome, Outcome::L | Outcome::N), "{garden}");
                }
            }
        }
    }
}

#[test]
fn exercise_10_green_under_or_over_blue() {
    // A green edge under a blue one is ↑* (its purple mountain is empty); a blue edge under a
    // green one is 1* (its mountain is 1).
    assert_eq!(shown("GB"), "^*");
    assert_eq!(shown("BG"), "1*");
}

// Theorem 9.3 and the closed forms, on random small pictures.

/// Random pictures: each vertex from 1 on hangs from an earlier one, then extra edges (cycles,
/// loops, parallel edges) join any two.
fn pictures(
    palette: &'static [Colour],
    max_vertices: usize,
    max_extra: usize,
) -> impl Strategy<Value = String> {
    let colour = proptest::sample::select(palette);
    let tree = proptest::collection::vec((any::<usize>(), colour.clone()), 1..max_vertices);
    let extra = proptest::collection::vec((any::<usize>(), any::<usize>(), colour), 0..=max_extra);
    (tree, extra).prop_map(|(tree, extra)| {
        let mut edges = Vec::new();
        for (i, (parent, colour)) in tree.iter().enumerate() {
            edges.push(format!(
                "{}-{}:{}",
                parent % (i + 1),
                i + 1,
                colour.letter()
            ));
        }
        let vertices = tree.len() + 1;
        for (a, b, colour) in extra {
            edges.push(format!(
                "{}-{}:{}",
                a % vertices,
                b % vertices,
                colour.letter()
            ));
        }
        edges.join(" ")
    })
}

/// Random trees with loops, which the rules take for leaves.
fn trees_with_loops(palette: &'static [Colour]) -> impl Strategy<Value = String> {
    let colour = proptest::sample::select(palette);
    let loops = proptest::collection::vec((any::<usize>(), colour), 1..4);
    (pictures(palette, 7, 0), loops).prop_map(|(tree, loops)| {
        let vertices = tree.split(' ').count() + 1;
        let mut text = tree;
        for (at, colour) in loops {
            let v = at % vertices;
            text += &format!(" {v}-{v}:{}", colour.letter());
        }
        text
    })
}

fn stalks(palette: &'static [Colour]) -> impl Strategy<Value = String> {
    let stalk = proptest::collection::vec(proptest::sample::select(palette), 1..7);
    proptest::collection::vec(stalk, 1..4).prop_map(|stalks| {
        let words: Vec<String> = stalks
            .iter()
            .map(|s| s.iter().map(|c| c.letter()).collect())
            .collect();
        words.join(" ")
    })
}

const GREEN: &[Colour] = &[Colour::Green];
const BLUE_RED: &[Colour] = &[Colour::Blue, Colour::Red];
const ALL: &[Colour] = &[Colour::Blue, Colour::Red, Colour::Green];

/// Checks the closed forms against search on `text` (the helper [`value`] does).
fn agrees(text: &str) -> Result<(), TestCaseError> {
    let mut store = Store::default();
    value(&mut store, text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn green_stalks_by_nim(text in stalks(GREEN)) {
        agrees(&text)?;
    }

    #[test]
    fn green_trees_by_the_colon_principle(text in pictures(GREEN, 10, 0)) {
        agrees(&text)?;
    }

    #[test]
    fn green_graphs_by_the_fusion_principle(text in pictures(GREEN, 7, 4)) {
        agrees(&text)?;
    }

    #[test]
    fn blue_red_stalks_by_berlekamps_rule(text in stalks(BLUE_RED)) {
        agrees(&text)?;
    }

    #[test]
    fn blue_red_trees_by_theorem_9_5(text in pictures(BLUE_RED, 10, 0)) {
        agrees(&text)?;
    }

    #[test]
    fn blue_red_trees_with_loops(text in trees_with_loops(BLUE_RED)) {
        agrees(&text)?;
    }

    #[test]
    fn hotchpotch_trees_with_loops(text in trees_with_loops(ALL)) {
        agrees(&text)?;
    }

    #[test]
    fn hotchpotch_trees_by_ordinal_sums(text in pictures(ALL, 8, 0)) {
        agrees(&text)?;
    }

    #[test]
    fn hotchpotch_stalks_by_ordinal_sums(text in stalks(ALL)) {
        agrees(&text)?;
    }

    /// Theorem 9.3: a blue-red picture is a number, less than its value after any red cut and
    /// more than after any blue cut.
    #[test]
    fn theorem_9_3_blue_red_pictures_are_numbers(text in pictures(BLUE_RED, 6, 3)) {
        let mut store = Store::default();
        let mut solver = Solver::new(&Hackenbush);
        let position = picture(&text);
        let g = solver.value(&mut store, &position).unwrap();
        let g = store.as_number(g).expect("a number").clone();
        for (player, sign) in [(Player::Left, -1), (Player::Right, 1)] {
            for option in position.options(player) {
                let h = solver.value(&mut store, &option).unwrap();
                let h = store.as_number(h).expect("a number").clone();
                prop_assert_eq!((h - g.clone()).signum(), sign, "{}", text);
            }
        }
    }
}
