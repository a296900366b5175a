//! Stoppers against the definition of the order: `G ≥ H` when for every `X` the outcome of
//! `G + X` is at least that of `H + X` for Left, whoever starts (a win above a draw above a
//! loss). The outcomes come from the graph module's retrograde win/loss/draw labels, not from
//! the survival analysis under test.

use super::*;
use crate::engine::{Limits, Meter};
use crate::graph::Winner;
use crate::partizan::Player;
use proptest::prelude::*;

fn meter() -> Meter {
    Meter::new(Limits::default())
}

fn game(left: &[&[u32]], right: &[&[u32]]) -> LoopyGame {
    let lists = |lists: &[&[u32]]| lists.iter().map(|list| list.to_vec()).collect();
    LoopyGame::new(lists(left), lists(right)).unwrap()
}

/// Left's result in `g` when `mover` starts: 2 a win, 1 a draw, 0 a loss.
fn result(g: &LoopyGame, mover: Player) -> u8 {
    match g
        .partizan_graph()
        .solve(crate::engine::Play::Normal)
        .winner(0, mover)
    {
        Winner::Left => 2,
        Winner::Draw => 1,
        Winner::Right => 0,
    }
}

/// Whether the outcomes of `g + x` are at least those of `h + x` for Left, for both starters.
fn at_least_against(g: &LoopyGame, h: &LoopyGame, x: &LoopyGame) -> bool {
    let (gx, hx) = (
        g.sum(x, &mut meter()).unwrap(),
        h.sum(x, &mut meter()).unwrap(),
    );
    [Player::Left, Player::Right]
        .into_iter()
        .all(|mover| result(&gx, mover) >= result(&hx, mover))
}

/// `G ≥ H` by the definition, over the games `tests` with `−H` among them: if `G ≱ H`, Right
/// starting wins `G − H` while Left survives `H − H`, so `−H` tells them apart.
fn geq_by_definition(g: &LoopyGame, h: &LoopyGame, tests: &[LoopyGame]) -> bool {
    let mut tests = tests.to_vec();
    tests.push(h.neg());
    tests.iter().all(|x| at_least_against(g, h, x))
}

fn short(text: &str) -> LoopyGame {
    let mut store = Store::new(1 << 24);
    let id = crate::lang::eval_game(text, &mut store).unwrap();
    LoopyGame::from_short(&mut store, id, &mut meter()).unwrap()
}

/// Short games and stoppers to add in the definition.
fn test_games() -> Vec<LoopyGame> {
    let shorts = [
        "0", "*", "1", "-1", "1/2", "^", "v", "{1|-1}", "^*", "2", "-1/4",
    ];
    let mut games: Vec<LoopyGame> = shorts.iter().map(|text| short(text)).collect();
    for (name, _) in &NAMES[..5] {
        let stopper = stopper(name);
        games.push(stopper.graph().clone());
        games.push(stopper.neg().graph().clone());
    }
    games
}

fn stopper(name: &str) -> Stopper {
    named(name).unwrap().onside().clone()
}

fn relation(g: &LoopyGame, h: &LoopyGame) -> Relation {
    survival::relation(g, h, &mut meter()).unwrap()
}

/// The vertex of `h` equal to each vertex of `g`, if `g` and `h` are the same canonical
/// stopper drawn twice (its positions are unequal, so the match is by value).
fn isomorphic(g: &LoopyGame, h: &LoopyGame) -> bool {
    if g.len() != h.len() {
        return false;
    }
    let (forth, back) = (
        survival::order(g, h, &mut meter()).unwrap(),
        survival::order(h, g, &mut meter()).unwrap(),
    );
    let image: Vec<Option<u32>> = (0..g.len() as u32)
        .map(|a| (0..h.len() as u32).find(|&b| forth.geq(a, b) && back.geq(b, a)))
        .collect();
    let same = |mine: &[u32], theirs: &[u32]| {
        let mut mapped: Vec<Option<u32>> = mine.iter().map(|&w| image[w as usize]).collect();
        mapped.sort_unstable();
        mapped == theirs.iter().map(|&w| Some(w)).collect::<Vec<_>>()
    };
    image[0] == Some(0)
        && (0..g.len()).all(|a| {
            image[a].is_some_and(|b| {
                same(&g.left[a], &h.left[b as usize]) && same(&g.right[a], &h.right[b as usize])
            })
        })
}

#[test]
fn on_is_above_and_off_below_every_short_game() {
    let (on, off) = (stopper("on"), stopper("off"));
    let tests = test_games();
    for text in ["0", "*", "7", "-7", "{100|-100}", "^", "{0|-100}"] {
        let x = short(text);
        assert!(relation(on.graph(), &x).geq && !relation(on.graph(), &x).leq);
        assert!(relation(off.graph(), &x).leq && !relation(off.graph(), &x).geq);
        assert!(geq_by_definition(on.graph(), &x, &tests), "on ≥ {text}");
        assert!(!geq_by_definition(&x, on.graph(), &tests), "{text} ≱ on");
        assert!(geq_by_definition(&x, off.graph(), &tests), "{text} ≥ off");
    }
}

#[test]
fn over_is_positive_and_below_every_positive_number() {
    let over = stopper("over");
    let tests = test_games();
    let zero = short("0");
    assert!(geq_by_definition(over.graph(), &zero, &tests));
    assert!(!geq_by_definition(&zero, over.graph(), &tests));
    let r = relation(over.graph(), &zero);
    assert!(r.geq && !r.leq);
    for text in ["1", "1/2", "1/8", "1/64"] {
        let x = short(text);
        assert!(geq_by_definition(&x, over.graph(), &tests), "{text} ≥ over");
        assert!(
            !geq_by_definition(over.graph(), &x, &tests),
            "over ≱ {text}"
        );
        let r = relation(over.graph(), &x);
        assert!(r.leq && !r.geq, "over < {text}");
    }
}

#[test]
fn on_plus_on_is_on_and_over_plus_a_number_is_a_stopper() {
    let on = stopper("on");
    let sum = on.add(&on, &mut meter()).unwrap();
    assert!(isomorphic(sum.graph(), on.graph()));
    let over = stopper("over");
    let mut store = Store::new(1 << 20);
    let zero = crate::lang::eval_game("0", &mut store).unwrap();
    let one = Stopper::from_short(&mut store, zero, &mut meter()).unwrap();
    let same = over.add(&one, &mut meter()).unwrap();
    assert!(isomorphic(same.graph(), over.graph()));
}

#[test]
fn on_plus_off_is_not_a_stopper() {
    let sum = stopper("on").add(&stopper("off"), &mut meter());
    assert!(matches!(sum, Err(LoopyError::NotStopper(_))));
}

#[test]
fn a_fused_cycle_does_not_stay_when_its_move_reverses() {
    // G = {A|}, A = {|B}, B = {C|}, C = {|0}: B = G = 0, so A reverses through B; fusing
    // first would make G = {A|}, A = {|G}, which is not a stopper.
    let g = game(&[&[1], &[], &[3], &[], &[]], &[&[], &[2], &[], &[4], &[]]);
    let simplest = Stopper::new(&g, &mut meter()).unwrap();
    assert!(simplest.graph().is_stopper());
    assert!(isomorphic(simplest.graph(), &short("0")));
}

#[test]
fn stoppers_print_by_name_and_in_cgsuite_notation() {
    let mut store = Store::new(1 << 20);
    let mut show = |g: &LoopyGame| {
        let stopper = Stopper::new(g, &mut meter()).unwrap();
        stopper.show_within(&mut store, 1000).unwrap().unwrap()
    };
    for (name, _) in &NAMES[..5] {
        assert_eq!(show(stopper(name).graph()), *name);
    }
    assert_eq!(show(stopper("upon").neg().graph()), "-upon");
    // A canonical stopper with a cycle of four positions, found among random graphs.
    let cycle = game(
        &[&[1], &[], &[3], &[4], &[1]],
        &[&[2], &[], &[1], &[1], &[0, 1]],
    );
    assert_eq!(show(&cycle), "a{0|{{{0|a,0}|0}|0}}");
    // A short game prints as one.
    assert_eq!(show(&short("{1|-1}")), "+-1");
}

/// A graph of up to six vertices with a few moves each.
fn small_graph() -> impl Strategy<Value = LoopyGame> {
    (1usize..6).prop_flat_map(|n| {
        let lists = prop::collection::vec(prop::collection::vec(0..n as u32, 0..3), n);
        (lists.clone(), lists).prop_map(|(left, right)| LoopyGame::new(left, right).unwrap())
    })
}

fn small_stopper() -> impl Strategy<Value = LoopyGame> {
    small_graph().prop_filter("a stopper", LoopyGame::is_stopper)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// All vertices simplified at once give each the value it has alone, and share a vertex
    /// exactly when their values are equal.
    #[test]
    fn stopper_values_of_a_census_are_each_vertexs_own(g in small_stopper()) {
        let (values, place) = stopper_values(g.left.clone(), g.right.clone(), &mut meter()).unwrap();
        let alone: Vec<Stopper> = (0..g.len() as u32)
            .map(|v| Stopper::new(&g.rooted_at(v), &mut meter()).unwrap())
            .collect();
        for v in 0..g.len() {
            let together = Stopper::new(&values.rooted_at(place[v]), &mut meter()).unwrap();
            let r = together.relation(&alone[v], &mut meter()).unwrap();
            prop_assert!(r.leq && r.geq);
            for w in 0..v {
                let r = alone[v].relation(&alone[w], &mut meter()).unwrap();
                prop_assert_eq!(place[v] == place[w], r.leq && r.geq);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_order_is_the_definitions(g in small_stopper(), h in small_stopper()) {
        let tests = test_games();
        let r = relation(&g, &h);
        prop_assert_eq!(r.geq, geq_by_definition(&g, &h, &tests));
        prop_assert_eq!(r.leq, geq_by_definition(&h, &g, &tests));
    }

    #[test]
    fn the_simplest_form_is_an_equal_stopper_and_is_its_own(g in small_stopper()) {
        let simplest = Stopper::new(&g, &mut meter()).unwrap();
        prop_assert!(simplest.graph().is_stopper());
        prop_assert!(simplest.graph().len() <= g.len());
        let r = relation(&g, simplest.graph());
        prop_assert!(r.geq && r.leq);
        let tests = test_games();
        prop_assert!(geq_by_definition(&g, simplest.graph(), &tests));
        prop_assert!(geq_by_definition(simplest.graph(), &g, &tests));
        let again = Stopper::new(simplest.graph(), &mut meter()).unwrap();
        prop_assert!(isomorphic(again.graph(), simplest.graph()));
    }

    #[test]
    fn equal_stoppers_have_one_simplest_form(
        games in prop::collection::vec(small_stopper(), 40)
    ) {
        let simplest: Vec<Stopper> =
            games.iter().map(|g| Stopper::new(g, &mut meter()).unwrap()).collect();
        for (i, g) in games.iter().enumerate() {
            for (j, h) in games.iter().enumerate().skip(i + 1) {
                let r = relation(g, h);
                let same = isomorphic(simplest[i].graph(), simplest[j].graph());
                prop_assert_eq!(r.geq && r.leq, same);
            }
        }
    }

    #[test]
    fn sums_with_short_games_are_stoppers_and_negation_is_the_inverse(g in small_stopper()) {
        let g = Stopper::new(&g, &mut meter()).unwrap();
        let mut store = Store::new(1 << 20);
        let star = crate::lang::eval_game("{1|*}", &mut store).unwrap();
        let x = Stopper::from_short(&mut store, star, &mut meter()).unwrap();
        let sum = g.add(&x, &mut meter()).unwrap();
        let tests = test_games();
        let by_graph = g.graph().sum(x.graph(), &mut meter()).unwrap();
        prop_assert!(geq_by_definition(sum.graph(), &by_graph, &tests));
        prop_assert!(geq_by_definition(&by_graph, sum.graph(), &tests));
        // G − G ≥ 0 and ≤ 0 by survival whenever it is a stopper.
        if let Ok(zero) = g.add(&g.neg(), &mut meter()) {
            prop_assert!(isomorphic(zero.graph(), &short("0")));
        }
    }
}

/// Left's result in `G + X` from the sides of `G`: a win where she wins `T + X`, a draw where
/// she survives `S + X`, a loss otherwise.
fn result_by_sides(sides: &Sided, x: &LoopyGame, mover: Player) -> u8 {
    let with = |s: &Stopper| result(&s.graph().sum(x, &mut meter()).unwrap(), mover);
    if with(sides.offside()) == 2 {
        2
    } else if with(sides.onside()) >= 1 {
        1
    } else {
        0
    }
}

/// Whether the sides predict the outcome of `g + x` for every `x` of `tests` and each side's
/// negative, whoever starts.
fn sides_predict(g: &LoopyGame, sides: &Sided, tests: &[LoopyGame]) -> bool {
    let mut tests = tests.to_vec();
    tests.push(sides.onside().neg().graph().clone());
    tests.push(sides.offside().neg().graph().clone());
    tests.iter().all(|x| {
        let sum = g.sum(x, &mut meter()).unwrap();
        [Player::Left, Player::Right]
            .into_iter()
            .all(|mover| result(&sum, mover) == result_by_sides(sides, x, mover))
    })
}

fn sides_of(g: &LoopyGame) -> Sided {
    Sided::of(g, &mut meter()).unwrap()
}

#[test]
fn dud_is_on_and_off() {
    let dud = game(&[&[0]], &[&[0]]);
    let sides = sides_of(&dud);
    assert!(isomorphic(sides.onside().graph(), stopper("on").graph()));
    assert!(isomorphic(sides.offside().graph(), stopper("off").graph()));
    assert!(sides_predict(&dud, &sides, &test_games()));
}

#[test]
fn on_plus_off_is_dud() {
    let (on, off) = (
        Sided::stopper(stopper("on")),
        Sided::stopper(stopper("off")),
    );
    let sum = on.add(&off, &mut meter()).unwrap();
    let dud = sides_of(&game(&[&[0]], &[&[0]]));
    assert_eq!(sum, dud);
    let by_graph = stopper("on")
        .graph()
        .sum(stopper("off").graph(), &mut meter())
        .unwrap();
    assert!(sides_predict(&by_graph, &sum, &test_games()));
}

#[test]
fn tis_is_one_and_zero() {
    // tis = {tisn |}, tisn = {| tis}.
    let tis = game(&[&[1], &[]], &[&[], &[0]]);
    let sides = sides_of(&tis);
    assert!(isomorphic(sides.onside().graph(), &short("1")));
    assert!(isomorphic(sides.offside().graph(), &short("0")));
    assert!(sides_predict(&tis, &sides, &test_games()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sides_predict_every_outcome(g in small_graph()) {
        if let Ok(sides) = Sided::of(&g, &mut meter()) {
            prop_assert!(sides.onside().relation(sides.offside(), &mut meter()).unwrap().geq);
            prop_assert!(sides_predict(&g, &sides, &test_games()));
        }
    }
}

#[test]
fn sides_are_found_for_every_small_graph_tried() {
    let mut seed = 2026u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut tried, mut found) = (0, 0);
    while tried < 2000 {
        let n = 1 + next(5) as usize;
        let mut lists = || -> Vec<Vec<u32>> {
            (0..n)
                .map(|_| (0..next(3)).map(|_| next(n as u64) as u32).collect())
                .collect()
        };
        let (left, right) = (lists(), lists());
        let g = LoopyGame::new(left, right).unwrap();
        if g.is_stopper() {
            continue;
        }
        tried += 1;
        found += Sided::of(&g, &mut meter()).is_ok() as u32;
    }
    println!("sides found for {found} of {tried} graphs that are not stoppers");
    // 1947 of the 2000 before the knot was tied, 1990 after; every one since knots also tie
    // values that look alike to a depth.
    assert_eq!(found, tried);
}

#[test]
fn sidling_settles_where_the_graph_does_not_simplify() {
    // Backsliding Toads and Frogs on four squares, a toad on the left and a frog on the right
    // (T..F): the positions in the order T__F _T_F T_F_ __TF _TF_ TF__ _FT_ __FT FT__ _F_T F_T_
    // F__T. Every play may go back and forth, yet the outcomes are P and N only; sidling from
    // `on` settles on * at the start.
    let lists = |lists: [&[u32]; 12]| lists.iter().map(|list| list.to_vec()).collect();
    let left = lists([
        &[1],
        &[3, 0],
        &[4],
        &[1],
        &[2, 7],
        &[6],
        &[9],
        &[],
        &[10],
        &[6],
        &[11, 8],
        &[10],
    ]);
    let right = lists([
        &[2],
        &[4],
        &[5, 0],
        &[6],
        &[1, 8],
        &[2],
        &[10],
        &[9],
        &[],
        &[11, 7],
        &[6],
        &[9],
    ]);
    let game = LoopyGame::new(left, right).unwrap();
    let sides = sides_of(&game);
    assert!(isomorphic(sides.onside().graph(), &short("*")));
    assert!(isomorphic(sides.offside().graph(), &short("*")));
    assert!(sides_predict(&game, &sides, &test_games()));
}

/// A position's Left and Right moves, each a number to be taken modulo the positions known
/// when its layer comes.
type RawMoves = (Vec<u32>, Vec<u32>);

/// Layers of up to three positions.
fn raw_layers() -> impl Strategy<Value = Vec<Vec<RawMoves>>> {
    let moves = || prop::collection::vec(any::<u32>(), 0..3);
    let layer = prop::collection::vec((moves(), moves()), 1..4);
    prop::collection::vec(layer, 1..7)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A store built layer by layer holds the value of each position that the whole graph
    /// gives it, in simplest form, and one vertex for each distinct value.
    #[test]
    fn a_store_built_by_layers_holds_the_values_of_the_whole_graph(layers in raw_layers()) {
        let mut store = StopperStore::new();
        let (mut left, mut right) = (Vec::<Vec<u32>>::new(), Vec::<Vec<u32>>::new());
        let mut vertex_of = Vec::new();
        for layer in layers {
            let (base, known) = (store.len() as u32, left.len() as u32);
            let reach = known + layer.len() as u32;
            let position = |m: &u32| m % reach;
            // An earlier position is its value in the store; one of the layer, `base + j`.
            let in_store = |p: u32| if p < known { vertex_of[p as usize] } else { base + p - known };
            let lists = |pick: fn(&RawMoves) -> &Vec<u32>| -> Vec<Vec<u32>> {
                layer.iter().map(|m| pick(m).iter().map(|w| in_store(position(w))).collect()).collect()
            };
            match store.add_layer(lists(|m| &m.0), lists(|m| &m.1), &mut meter()) {
                Ok(vertices) => {
                    vertex_of.extend(vertices);
                    left.extend(layer.iter().map(|m| m.0.iter().map(position).collect::<Vec<_>>()));
                    right.extend(layer.iter().map(|m| m.1.iter().map(position).collect::<Vec<_>>()));
                }
                Err(LoopyError::NotStopper(_)) => {}
                Err(error) => panic!("{error}"),
            }
        }
        prop_assume!(!left.is_empty());
        let whole = LoopyGame { left, right };
        let all: Vec<u32> = (0..whole.len() as u32).collect();
        let (simplest, place) = simplify::simplest_forms(&whole, &all, &mut meter()).unwrap();
        for p in 0..whole.len() {
            let stored = store.value(vertex_of[p]);
            let alone = simplest.restricted(&[place[p]]).0;
            let r = relation(stored.graph(), &whole.rooted_at(p as u32));
            prop_assert!(r.leq && r.geq, "position {} has the wrong value", p);
            prop_assert!(isomorphic(stored.graph(), &alone), "not in simplest form");
            for q in 0..p {
                prop_assert_eq!(vertex_of[p] == vertex_of[q], place[p] == place[q]);
            }
        }
    }
}
