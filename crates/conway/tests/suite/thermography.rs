//! Temperature theory against the texts and the theory: every stop, mean, temperature and
//! thermograph of chapter 8 (../shared/seeds/book-ch6-8.md §8.4), the cheque-cashing rule on
//! random sums of switches, and the laws that thermographs, cooling, heating, atomic weights
//! and reduced forms obey, as properties over random games.

use crate::common::records;
use conway::engine::Outcome;
use conway::number::Dyadic;
use conway::short::{GameId, Store};
use proptest::prelude::*;

/// A small parser for the games the tests write: `{L, ... | R, ...}` (no slashes), dyadic
/// numbers, `*`, `*n`, `^`, `v`, and sums and differences of them.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

fn game(store: &mut Store, text: &str) -> GameId {
    let mut reader = Reader {
        text: text.as_bytes(),
        at: 0,
    };
    let g = reader.sum(store);
    assert_eq!(reader.at, text.len(), "unread text in {text:?}");
    g
}

impl Reader<'_> {
    fn peek(&mut self) -> Option<u8> {
        while self.text.get(self.at) == Some(&b' ') {
            self.at += 1;
        }
        self.text.get(self.at).copied()
    }

    fn sum(&mut self, store: &mut Store) -> GameId {
        let mut total = self.term(store);
        while let Some(sign @ (b'+' | b'-')) = self.peek() {
            self.at += 1;
            let next = self.term(store);
            total = if sign == b'+' {
                store.add(total, next).unwrap()
            } else {
                store.sub(total, next).unwrap()
            };
        }
        total
    }

    fn term(&mut self, store: &mut Store) -> GameId {
        match self.peek() {
            Some(b'-') => {
                self.at += 1;
                let g = self.term(store);
                store.neg(g).unwrap()
            }
            Some(b'{') => {
                self.at += 1;
                let left = self.list(store, b'|');
                let right = self.list(store, b'}');
                store.from_options(&left, &right).unwrap()
            }
            Some(b'*') => {
                self.at += 1;
                let digits = self.take(|c| c.is_ascii_digit());
                store.nimber(digits.parse().unwrap_or(1)).unwrap()
            }
            Some(b'^') => {
                self.at += 1;
                store.ups(1).unwrap()
            }
            Some(b'v') => {
                self.at += 1;
                store.ups(-1).unwrap()
            }
            _ => {
                let number = self.take(|c| c.is_ascii_digit() || c == b'/');
                store.number(number.parse().unwrap()).unwrap()
            }
        }
    }

    fn list(&mut self, store: &mut Store, end: u8) -> Vec<GameId> {
        let mut options = Vec::new();
        loop {
            if self.peek() == Some(end) {
                self.at += 1;
                return options;
            }
            options.push(self.sum(store));
            if self.peek() == Some(b',') {
                self.at += 1;
            }
        }
    }

    fn take(&mut self, keep: impl Fn(u8) -> bool) -> String {
        let start = self.at;
        while self.text.get(self.at).is_some_and(|&c| keep(c)) {
            self.at += 1;
        }
        String::from_utf8(self.text[start..self.at].to_vec()).unwrap()
    }
}

fn d(text: &str) -> Dyadic {
    text.parse().unwrap()
}

fn points(wall: &conway::short::Wall) -> Vec<(String, String)> {
    wall.points()
        .map(|(t, v)| (t.to_string(), v.to_string()))
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(t, v)| (t.to_string(), v.to_string()))
        .collect()
}

// --- Chapter 8, §8.4: switches -------------------------------------------------------------

#[test]
fn a_switch_has_temperature_half_its_gap() {
    let mut store = Store::default();
    for (x, y) in [
        ("1", "-1"),
        ("2", "-1/2"),
        ("0", "-1"),
        ("5", "3"),
        ("1/2", "1/4"),
        ("3", "3"),
        ("-1", "-7/4"),
    ] {
        let g = game(&mut store, &format!("{{{x} | {y}}}"));
        let (x, y) = (d(x), d(y));
        let gap = &x - &y;
        assert_eq!(store.temperature(g).unwrap(), gap.half(), "{{{x}|{y}}}");
        assert_eq!(store.mean(g).unwrap(), (&x + &y).half());
        assert_eq!(store.left_stop(g).unwrap(), x);
        assert_eq!(store.right_stop(g).unwrap(), y);
        // Theorem 8.7: below y the switch is greater, above x smaller, in between confused.
        for z in ["-3", "-1", "-1/2", "0", "1/4", "1", "3", "6"] {
            let z = d(z);
            let number = store.number(z.clone()).unwrap();
            let expected = if z < y {
                Some(std::cmp::Ordering::Greater)
            } else if z > x {
                Some(std::cmp::Ordering::Less)
            } else {
                None
            };
            let order = store.compare(g, number).unwrap();
            assert_eq!(order, expected, "{{{x}|{y}}} against {z}");
        }
    }
}

#[test]
fn example_8_4_and_proposition_8_1() {
    let mut store = Store::default();
    let p1 = game(&mut store, "{2 | -1/2}");
    let p2 = game(&mut store, "{-1, -2 | -1/2, *, 1/2}");
    assert_eq!(store.show(p2), "-3/4");
    let sum = store.add(p1, p2).unwrap();
    assert_eq!(sum, game(&mut store, "{5/4 | -5/4}"));
    assert_eq!(store.outcome(sum).unwrap(), Outcome::N);
    // {2 | −1/2} = 3/4 ± 5/4.
    assert_eq!(store.mean(p1).unwrap(), d("3/4"));
    assert_eq!(store.temperature(p1).unwrap(), d("5/4"));
    let standard = game(&mut store, "3/4 + {5/4 | -5/4}");
    assert_eq!(standard, p1);
    // Its thermograph: the left wall is 2 − t; the right wall is −1/2 + t above −1/2, where
    // −1/2 freezes, and −1 below (−1/2 = {−1 | 0} cooled by t < −1/2 has Left stop −1 − t).
    // They meet at 3/4 at temperature 5/4.
    let thermograph = store.thermograph(p1).unwrap();
    assert_eq!(
        points(thermograph.left_wall()),
        pairs(&[("-1", "3"), ("5/4", "3/4")])
    );
    assert_eq!(
        points(thermograph.right_wall()),
        pairs(&[("-1", "-1"), ("-1/2", "-1"), ("5/4", "3/4")])
    );
    assert_eq!(thermograph.mean(), &d("3/4"));
}

#[test]
fn example_8_5_four_domineering_components() {
    let mut store = Store::default();
    let parts = ["3/4", "{2 | -1/2}", "{1 | -1}", "{0 | -1}"];
    let temperatures = ["-1/4", "5/4", "1", "1/2"];
    let mut total = store.zero();
    for (part, temperature) in parts.iter().zip(temperatures) {
        let g = game(&mut store, part);
        assert_eq!(store.temperature(g).unwrap(), d(temperature), "{part}");
        total = store.add(total, g).unwrap();
    }
    // Hottest first: Left first ends at 3/4 + 2 − 1 + 0 = 7/4, Right first at 1/4.
    assert_eq!(store.left_stop(total).unwrap(), d("7/4"));
    assert_eq!(store.right_stop(total).unwrap(), d("1/4"));
    assert_eq!(store.outcome(total).unwrap(), Outcome::L);
    let negative_number = game(&mut store, "-3/4 + {2 | -1/2} + {1 | -1} + {0 | -1}");
    assert_eq!(store.outcome(negative_number).unwrap(), Outcome::N);
}

#[test]
fn example_8_6_near_switches_and_a_tie() {
    let mut store = Store::default();
    let parts = [
        ("{* | -1}", "1/2"),
        ("{-1/2 | -1}", "1/4"),
        ("{0 | -1/4}", "1/8"),
        ("{1/4 | v}", "1/8"),
        ("1 + *", "0"),
        ("^", "0"),
    ];
    let mut total = store.zero();
    for (part, temperature) in parts {
        let g = game(&mut store, part);
        assert_eq!(store.temperature(g).unwrap(), d(temperature), "{part}");
        total = store.add(total, g).unwrap();
    }
    assert_eq!(store.outcome(total).unwrap(), Outcome::N);
    // After Left's * and Right's −1, Left must break the tie at 1/8 in {1/4 | ↓}.
    let good = game(&mut store, "* - 1 + {0 | -1/4} + 1/4 + 1 + * + ^");
    let bad = game(&mut store, "* - 1 + 0 + {1/4 | v} + 1 + * + ^");
    let zero = store.zero();
    assert!(store.leq(zero, good).unwrap(), "Left's move to 1/4 wins");
    assert!(!store.leq(zero, bad).unwrap(), "Left's move to 0 loses");
    // The two end totals of the text.
    assert_eq!(game(&mut store, "* - 1 + 0 + v + 1 + * + ^"), zero);
    let up = store.ups(1).unwrap();
    assert_eq!(game(&mut store, "* - 1 + 1/4 - 1/4 + 1 + * + ^"), up);
}

#[test]
fn the_domineering_tie_at_one_half() {
    let mut store = Store::default();
    let a = game(&mut store, "{1 | *}");
    let b = game(&mut store, "{0 | -1}");
    assert_eq!(store.temperature(a).unwrap(), d("1/2"));
    assert_eq!(store.temperature(b).unwrap(), d("1/2"));
    let sum = store.add(a, b).unwrap();
    assert_eq!(store.outcome(sum).unwrap(), Outcome::N);
    let zero = store.zero();
    // Left must move in {0 | −1}, Right in {1 | *}.
    let left_good = a;
    let left_bad = game(&mut store, "1 + {0 | -1}");
    assert!(store.leq(zero, left_good).unwrap() && !store.leq(zero, left_bad).unwrap());
    let right_good = game(&mut store, "* + {0 | -1}");
    let right_bad = game(&mut store, "{1 | *} - 1");
    assert!(store.leq(right_good, zero).unwrap() && !store.leq(right_bad, zero).unwrap());
    // {1 | *}: walls 1 − t against 0 then t; they meet at 1/2.
    let thermograph = store.thermograph(a).unwrap();
    assert_eq!(
        points(thermograph.left_wall()),
        pairs(&[("-1", "2"), ("1/2", "1/2")])
    );
    assert_eq!(
        points(thermograph.right_wall()),
        pairs(&[("-1", "0"), ("0", "0"), ("1/2", "1/2")])
    );
}

#[test]
fn infinitesimals_and_numbers_have_masts() {
    let mut store = Store::default();
    for (text, mean, temperature) in [
        ("*", "0", "0"),
        ("^", "0", "0"),
        ("*7", "0", "0"),
        ("1/2 + ^ + *", "1/2", "0"),
        ("{0 | {0 | -2}}", "0", "0"),
        ("5", "5", "-1"),
        ("-3/8", "-3/8", "-1/8"),
    ] {
        let g = game(&mut store, text);
        let thermograph = store.thermograph(g).unwrap();
        assert_eq!(thermograph.mean(), &d(mean), "{text}");
        assert_eq!(thermograph.temperature(), &d(temperature), "{text}");
        assert_eq!(store.is_infinitesimal(g).unwrap(), mean == "0", "{text}");
    }
    let star = game(&mut store, "*");
    let thermograph = store.thermograph(star).unwrap();
    assert_eq!(
        points(thermograph.left_wall()),
        pairs(&[("-1", "1"), ("0", "0")])
    );
    assert_eq!(
        points(thermograph.right_wall()),
        pairs(&[("-1", "-1"), ("0", "0")])
    );
}

/// Every record of `tests/data/short/invariants.tsv` (stops, mean, temperature, outcome, and
/// whether a number or infinitesimal), each expression read by the expression language.
#[test]
fn the_invariants_of_the_data() {
    let mut store = Store::default();
    let mut checked = 0;
    for (line, fields) in records("short/invariants.tsv") {
        let [expression, invariant, expected, source] = &fields[..] else {
            panic!("invariants.tsv:{line}: expected 4 fields");
        };
        let g = conway::lang::eval_game(expression, &mut store).unwrap();
        let found = match invariant.as_str() {
            "left_stop" => store.left_stop(g).unwrap().to_string(),
            "right_stop" => store.right_stop(g).unwrap().to_string(),
            "mean" => store.mean(g).unwrap().to_string(),
            "temperature" => store.temperature(g).unwrap().to_string(),
            "outcome" => format!("{:?}", store.outcome(g).unwrap()),
            "is_number" => store.is_number(g).to_string(),
            "is_infinitesimal" => store.is_infinitesimal(g).unwrap().to_string(),
            other => panic!("invariants.tsv:{line}: unknown invariant {other}"),
        };
        assert_eq!(
            found, *expected,
            "invariants.tsv:{line}: {invariant} of {expression} ({source})"
        );
        checked += 1;
    }
    assert!(checked > 100, "only {checked} records");
}

// --- Cheque cashing ---------------------------------------------------------------------------

/// Who wins `z ± a₁ ± … ± aₙ` by the cheque-cashing rule: each player cashes the largest
/// cheque; the richer wins, and on a tie whoever cashed the last cheque.
fn cheque_outcome(z: &Dyadic, cheques: &[Dyadic]) -> (Outcome, Dyadic, Dyadic) {
    let mut sorted = cheques.to_vec();
    sorted.sort_by(|a, b| b.cmp(a));
    let difference = |left_first: bool| {
        let mut total = z.clone();
        for (i, cheque) in sorted.iter().enumerate() {
            if (i % 2 == 0) == left_first {
                total += cheque;
            } else {
                total -= cheque;
            }
        }
        total
    };
    let starter_wins = |total: &Dyadic, left_first: bool| match total.signum() {
        0 => sorted.len() % 2 == 1,
        sign => (sign > 0) == left_first,
    };
    let (left_first, right_first) = (difference(true), difference(false));
    let outcome = match (
        starter_wins(&left_first, true),
        starter_wins(&right_first, false),
    ) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    };
    (outcome, left_first, right_first)
}

fn dyadic(max_numerator: i64) -> impl Strategy<Value = Dyadic> {
    (-max_numerator..=max_numerator, 0u32..3).prop_map(|(n, k)| Dyadic::new(n.into(), k))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn cheque_cashing_decides_sums_of_switches(
        z in dyadic(12),
        cheques in prop::collection::vec(dyadic(16).prop_map(|a| a.abs()), 0..5),
    ) {
        let mut store = Store::default();
        let mut total = store.number(z.clone()).unwrap();
        for cheque in &cheques {
            let plus = store.number(cheque.clone()).unwrap();
            let minus = store.number(-cheque).unwrap();
            let switch = store.from_options(&[plus], &[minus]).unwrap();
            total = store.add(total, switch).unwrap();
        }
        let (outcome, left_stop, right_stop) = cheque_outcome(&z, &cheques);
        prop_assert_eq!(store.outcome(total).unwrap(), outcome);
        prop_assert_eq!(store.left_stop(total).unwrap(), left_stop);
        prop_assert_eq!(store.right_stop(total).unwrap(), right_stop);
    }
}

// --- Laws over random games -------------------------------------------------------------------

/// A game as option trees, built into a store by `from_options`.
#[derive(Clone, Debug)]
enum Tree {
    Number(Dyadic),
    Form(Vec<Tree>, Vec<Tree>),
}

impl Tree {
    fn build(&self, store: &mut Store) -> GameId {
        match self {
            Tree::Number(x) => store.number(x.clone()).unwrap(),
            Tree::Form(left, right) => {
                let left: Vec<GameId> = left.iter().map(|g| g.build(store)).collect();
                let right: Vec<GameId> = right.iter().map(|g| g.build(store)).collect();
                store.from_options(&left, &right).unwrap()
            }
        }
    }
}

/// Games of a few levels over small numbers: switches, near-switches, infinitesimals.
fn tree() -> impl Strategy<Value = Tree> {
    let leaf = dyadic(6).prop_map(Tree::Number);
    leaf.prop_recursive(4, 32, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(left, right)| Tree::Form(left, right))
    })
}

/// All-small games: every position has moves for both players or for neither.
fn small_tree() -> impl Strategy<Value = Tree> {
    let leaf = Just(Tree::Form(vec![], vec![]));
    leaf.prop_recursive(4, 32, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(left, right)| Tree::Form(left, right))
    })
}

/// Temperatures worth probing: around −1, the quarter steps, and every breakpoint.
fn probes(thermograph: &conway::short::Thermograph) -> Vec<Dyadic> {
    let mut probes: Vec<Dyadic> = [
        "-1", "-3/4", "-1/2", "-3/8", "-1/4", "0", "1/8", "1/4", "1/2", "3/4", "1", "3/2", "2",
        "3", "5",
    ]
    .iter()
    .map(|t| d(t))
    .collect();
    for wall in [thermograph.left_wall(), thermograph.right_wall()] {
        probes.extend(wall.points().map(|(t, _)| t.clone()));
    }
    probes.push(thermograph.temperature().clone());
    probes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(250))]

    #[test]
    fn the_walls_are_the_stops_of_the_cooled_game(a in tree()) {
        let mut store = Store::default();
        let g = a.build(&mut store);
        let thermograph = store.thermograph(g).unwrap();
        prop_assert_eq!(thermograph.mean(), &store.mean(g).unwrap());
        prop_assert_eq!(thermograph.temperature(), &store.temperature(g).unwrap());
        prop_assert_eq!(
            thermograph.left_wall().value_at(&Dyadic::zero()),
            store.left_stop(g).unwrap()
        );
        for t in probes(&thermograph) {
            let cooled = store.cool(g, &t).unwrap();
            prop_assert_eq!(
                store.left_stop(cooled).unwrap(),
                thermograph.left_wall().value_at(&t),
                "left wall at {}", t
            );
            prop_assert_eq!(
                store.right_stop(cooled).unwrap(),
                thermograph.right_wall().value_at(&t),
                "right wall at {}", t
            );
        }
        // Cooled by its temperature, the game is infinitesimally close to its mean; just
        // below, it is not.
        let temperature = thermograph.temperature().clone();
        let at_temperature = store.cool(g, &temperature).unwrap();
        let mean = store.number(thermograph.mean().clone()).unwrap();
        let difference = store.sub(at_temperature, mean).unwrap();
        prop_assert!(store.is_infinitesimal(difference).unwrap());
        let below = &temperature - &d("1/1024");
        if below > d("-1") {
            let cooled = store.cool(g, &below).unwrap();
            prop_assert!(store.left_stop(cooled).unwrap() > store.right_stop(cooled).unwrap());
        }
    }

    #[test]
    fn means_add_and_temperatures_do_not_grow(a in tree(), b in tree()) {
        let mut store = Store::default();
        let (g, h) = (a.build(&mut store), b.build(&mut store));
        let sum = store.add(g, h).unwrap();
        prop_assert_eq!(
            store.mean(sum).unwrap(),
            store.mean(g).unwrap() + store.mean(h).unwrap()
        );
        let hottest = store.temperature(g).unwrap().max(store.temperature(h).unwrap());
        prop_assert!(store.temperature(sum).unwrap() <= hottest);
        // Cooling is linear.
        for t in ["1/2", "1", "2"] {
            let t = d(t);
            let cooled_sum = store.cool(sum, &t).unwrap();
            let (cg, ch) = (store.cool(g, &t).unwrap(), store.cool(h, &t).unwrap());
            prop_assert_eq!(cooled_sum, store.add(cg, ch).unwrap());
        }
    }

    #[test]
    fn the_mean_is_the_limit_of_the_stops_of_multiples(a in tree()) {
        let mut store = Store::default();
        let g = a.build(&mut store);
        let mean = store.mean(g).unwrap();
        let slack = store.temperature(g).unwrap().max(Dyadic::zero());
        for n in [1i64, 2, 3, 4] {
            let multiple = store.multiple(n, g).unwrap();
            let centre = &mean * &Dyadic::from_int(n);
            let left = store.left_stop(multiple).unwrap();
            let right = store.right_stop(multiple).unwrap();
            prop_assert!((&left - &centre).abs() <= slack, "L({}G) = {}", n, left);
            prop_assert!((&right - &centre).abs() <= slack, "R({}G) = {}", n, right);
        }
    }

    #[test]
    fn heating_is_undone_by_cooling(a in tree()) {
        let mut store = Store::default();
        let g = a.build(&mut store);
        for t in ["1/2", "1", "2"] {
            let t = d(t);
            let amount = store.number(t.clone()).unwrap();
            let heated = store.heat(g, amount).unwrap();
            prop_assert_eq!(store.cool(heated, &t).unwrap(), g, "heated by {}", t);
        }
    }

    #[test]
    fn reduced_forms_ignore_infinitesimals(a in tree(), e in small_tree()) {
        let mut store = Store::default();
        let g = a.build(&mut store);
        let epsilon = e.build(&mut store);
        let reduced = store.reduced_canonical(g).unwrap();
        let difference = store.sub(reduced, g).unwrap();
        prop_assert!(store.is_infinitesimal(difference).unwrap());
        prop_assert_eq!(store.reduced_canonical(reduced).unwrap(), reduced);
        let nudged = store.add(g, epsilon).unwrap();
        prop_assert_eq!(store.reduced_canonical(nudged).unwrap(), reduced);
    }

    #[test]
    fn atomic_weights_add_and_weigh(a in small_tree(), b in small_tree()) {
        let mut store = Store::default();
        let (g, h) = (a.build(&mut store), b.build(&mut store));
        let sum = store.add(g, h).unwrap();
        let wg = store.atomic_weight(g).unwrap().expect("all-small");
        let wh = store.atomic_weight(h).unwrap().expect("all-small");
        let ws = store.atomic_weight(sum).unwrap().expect("all-small");
        prop_assert_eq!(ws, store.add(wg, wh).unwrap());
        let negative = store.neg(g).unwrap();
        prop_assert_eq!(store.atomic_weight(negative).unwrap(), Ok(store.neg(wg).unwrap()));
        // G ∼ W.↑: the same outcomes beside a remote star.
        let up = store.ups(1).unwrap();
        let weighed = store.norton_multiply(wg, up).unwrap();
        let oldest = store.birthday(g).unwrap().max(store.birthday(weighed).unwrap()) + 3;
        let remote = store.nimber(u128::from(oldest).next_power_of_two()).unwrap();
        for x in ["0", "^", "v", "*"] {
            let x = game(&mut store, x);
            let with_g = game_sum(&mut store, &[g, x, remote]);
            let with_w = game_sum(&mut store, &[weighed, x, remote]);
            prop_assert_eq!(store.outcome(with_g).unwrap(), store.outcome(with_w).unwrap());
        }
        // The two-ahead rule.
        let two = store.integer(2).unwrap();
        if store.leq(two, wg).unwrap() {
            prop_assert_eq!(store.outcome(g).unwrap(), Outcome::L);
        }
    }

    #[test]
    fn norton_products_are_linear_in_numbers(
        x in dyadic(8),
        y in dyadic(8),
        unit in prop::sample::select(vec!["1", "2", "1/2", "^", "{0 | ^}", "{2 | 1}", "^ + {1 | 0}"]),
    ) {
        let mut store = Store::default();
        let u = game(&mut store, unit);
        let (gx, gy) = (store.number(x.clone()).unwrap(), store.number(y.clone()).unwrap());
        let sum = store.number(&x + &y).unwrap();
        let (px, py) = (store.norton_multiply(gx, u).unwrap(), store.norton_multiply(gy, u).unwrap());
        prop_assert_eq!(store.norton_multiply(sum, u).unwrap(), store.add(px, py).unwrap());
        prop_assert_eq!(store.leq(gx, gy).unwrap(), store.leq(px, py).unwrap());
    }
}

fn game_sum(store: &mut Store, parts: &[GameId]) -> GameId {
    parts
        .iter()
        .fold(store.zero(), |total, &g| store.add(total, g).unwrap())
}

// --- Values of the other operations -----------------------------------------------------------

#[test]
fn atomic_weights_of_named_games() {
    let mut store = Store::default();
    for (text, weight) in [
        ("0", "0"),
        ("*", "0"),
        ("*5", "0"),
        ("^", "1"),
        ("^ + *", "1"),
        ("^ + ^ + *", "2"),
        ("v + v + v", "-3"),
        ("{0 | ^}", "2"),
        ("{^ + ^ | *}", "1"),
    ] {
        let g = game(&mut store, text);
        let expected = game(&mut store, weight);
        assert_eq!(store.atomic_weight(g).unwrap(), Ok(expected), "{text}");
    }
    let hot = game(&mut store, "{1 | -1}");
    assert_eq!(
        store.atomic_weight(hot).unwrap(),
        Err(conway::short::NoAtomicWeight::NotInfinitesimal)
    );
}

#[test]
fn ordinal_sums_are_hackenbush_strings() {
    let mut store = Store::default();
    for (base, top, value) in [
        ("1", "1", "2"),
        ("1", "-1", "1/2"),
        ("1", "1/2", "3/2"),
        ("*", "*", "*2"),
        ("1", "*", "1 + *"),
        ("{1 | -1}", "0", "{1 | -1}"),
        ("0", "{1 | -1}", "{1 | -1}"),
    ] {
        let (g, h) = (game(&mut store, base), game(&mut store, top));
        let expected = game(&mut store, value);
        assert_eq!(store.ordinal_sum(g, h).unwrap(), expected, "{base} : {top}");
    }
}

#[test]
fn heating_and_overheating_star_fourteen() {
    let mut store = Store::default();
    let one = store.integer(1).unwrap();
    let star = store.nimber(1).unwrap();
    assert_eq!(store.heat(star, one).unwrap(), game(&mut store, "{1 | -1}"));
    let up = store.ups(1).unwrap();
    assert_eq!(
        store.heat(up, one).unwrap(),
        game(&mut store, "{1 | {0 | -2}}")
    );
    let half = store.number(d("1/2")).unwrap();
    assert_eq!(store.heat(half, one).unwrap(), half, "numbers stay");
    assert_eq!(
        store.overheat(half, one, one).unwrap(),
        game(&mut store, "{1 | 0}"),
        "overheating moves in 1/2 = {{0 | 1}}"
    );
    // Nimbers have only integer numbers inside, so overheating from 1 is heating.
    let star14 = store.nimber(14).unwrap();
    let heated = store.heat(star14, one).unwrap();
    assert_eq!(store.overheat(star14, one, one).unwrap(), heated);
    assert_eq!(store.neg(heated).unwrap(), heated);
    assert_eq!(store.cool(heated, &Dyadic::one()).unwrap(), star14);
    // Overheating an integer multiplies: 3 from s = ↑ is ⇑↑.
    let three = store.integer(3).unwrap();
    assert_eq!(
        store.overheat(three, up, one).unwrap(),
        store.ups(3).unwrap()
    );
}

#[test]
fn norton_products_of_integers_and_halves() {
    let mut store = Store::default();
    let up = store.ups(1).unwrap();
    let three = store.integer(-3).unwrap();
    assert_eq!(
        store.norton_multiply(three, up).unwrap(),
        store.ups(-3).unwrap()
    );
    let half = store.number(d("1/2")).unwrap();
    let unit = game(&mut store, "{2 | 1}");
    let product = store.norton_multiply(half, unit).unwrap();
    assert_eq!(store.add(product, product).unwrap(), unit);
    let x = store.number(d("3/4")).unwrap();
    let one = store.integer(1).unwrap();
    assert_eq!(
        store.norton_multiply(x, one).unwrap(),
        x,
        "G.1 = G on numbers"
    );
}

#[test]
fn products_of_numbers() {
    let mut store = Store::default();
    let (a, b) = (
        store.number(d("3/4")).unwrap(),
        store.number(d("-5/2")).unwrap(),
    );
    let product = store.multiply_numbers(a, b).unwrap().unwrap();
    assert_eq!(store.show(product), "-15/8");
    let star = store.nimber(1).unwrap();
    assert_eq!(store.multiply_numbers(a, star).unwrap(), None);
}

#[test]
fn reduced_forms_of_named_games() {
    let mut store = Store::default();
    for (text, reduced) in [
        ("^", "0"),
        ("1 + *", "1"),
        ("{1 | *}", "{1 | 0}"),
        ("{2 | 1} + ^", "{2 | 1}"),
        ("{0 | {0 | -2}}", "0"),
        ("{1 + ^ | -1 + *}", "{1 | -1}"),
    ] {
        let g = game(&mut store, text);
        let expected = game(&mut store, reduced);
        assert_eq!(store.reduced_canonical(g).unwrap(), expected, "{text}");
    }
}

// --- Chapter 6, Definition 6.5 and Exercise 4: products of forms --------------------------

/// A form, for the product of Definition 6.5 (which is not compatible with equality on games
/// that are not numbers).
#[derive(Clone, Debug)]
struct Form(Vec<Form>, Vec<Form>);

impl Form {
    fn number(x: &Dyadic) -> Form {
        let side = |option: Option<Dyadic>| option.iter().map(Form::number).collect();
        Form(side(x.left_option()), side(x.right_option()))
    }

    fn star() -> Form {
        Form(vec![Form(vec![], vec![])], vec![Form(vec![], vec![])])
    }

    fn negative(&self) -> Form {
        Form(
            self.1.iter().map(Form::negative).collect(),
            self.0.iter().map(Form::negative).collect(),
        )
    }

    fn plus(&self, other: &Form) -> Form {
        let side = |mine: &[Form], theirs: &[Form]| {
            mine.iter()
                .map(|g| g.plus(other))
                .chain(theirs.iter().map(|h| self.plus(h)))
                .collect()
        };
        Form(side(&self.0, &other.0), side(&self.1, &other.1))
    }

    /// xy = {x^L y + x y^L − x^L y^L, x^R y + x y^R − x^R y^R |
    ///       x^L y + x y^R − x^L y^R, x^R y + x y^L − x^R y^L}.
    fn times(&self, y: &Form) -> Form {
        let term =
            |a: &Form, b: &Form| a.times(y).plus(&self.times(b)).plus(&a.times(b).negative());
        let pairs = |xs: &[Form], ys: &[Form]| -> Vec<Form> {
            xs.iter()
                .flat_map(|a| ys.iter().map(move |b| term(a, b)))
                .collect()
        };
        let mut left = pairs(&self.0, &y.0);
        left.extend(pairs(&self.1, &y.1));
        let mut right = pairs(&self.0, &y.1);
        right.extend(pairs(&self.1, &y.0));
        Form(left, right)
    }

    fn identical(&self, other: &Form) -> bool {
        self.0.len() == other.0.len()
            && self.1.len() == other.1.len()
            && self.0.iter().zip(&other.0).all(|(a, b)| a.identical(b))
            && self.1.iter().zip(&other.1).all(|(a, b)| a.identical(b))
    }

    fn build(&self, store: &mut Store) -> GameId {
        let left: Vec<GameId> = self.0.iter().map(|g| g.build(store)).collect();
        let right: Vec<GameId> = self.1.iter().map(|g| g.build(store)).collect();
        store.from_options(&left, &right).unwrap()
    }
}

/// Definition 6.5 on canonical forms, each product put in canonical form as soon as it is
/// made (on numbers the product respects equality, Proposition 6.8, so this is the product of
/// the numbers; the forms themselves would grow too fast).
fn conway_product(
    store: &mut Store,
    x: GameId,
    y: GameId,
    memo: &mut std::collections::HashMap<(GameId, GameId), GameId>,
) -> GameId {
    if let Some(&known) = memo.get(&(x, y)) {
        return known;
    }
    let (xl, xr) = (
        store.left_options(x).unwrap(),
        store.right_options(x).unwrap(),
    );
    let (yl, yr) = (
        store.left_options(y).unwrap(),
        store.right_options(y).unwrap(),
    );
    let mut term = |store: &mut Store, a: GameId, b: GameId| {
        let ay = conway_product(store, a, y, memo);
        let xb = conway_product(store, x, b, memo);
        let ab = conway_product(store, a, b, memo);
        let sum = store.add(ay, xb).unwrap();
        store.sub(sum, ab).unwrap()
    };
    let mut left = Vec::new();
    let mut right = Vec::new();
    for (xs, ys, side) in [(&xl, &yl, 0), (&xr, &yr, 0), (&xl, &yr, 1), (&xr, &yl, 1)] {
        for &a in xs.iter() {
            for &b in ys.iter() {
                let option = term(store, a, b);
                if side == 0 {
                    left.push(option);
                } else {
                    right.push(option);
                }
            }
        }
    }
    let product = store.from_options(&left, &right).unwrap();
    memo.insert((x, y), product);
    product
}

#[test]
fn definition_6_5_multiplies_numbers() {
    let mut store = Store::default();
    let mut memo = std::collections::HashMap::new();
    let values = [
        "0", "1", "-1", "2", "-3", "1/2", "-1/2", "3/4", "3/2", "-5/4", "7/8",
    ];
    for x in values {
        for y in values {
            let (x, y) = (d(x), d(y));
            let product = store.number(&x * &y).unwrap();
            let (gx, gy) = (
                store.number(x.clone()).unwrap(),
                store.number(y.clone()).unwrap(),
            );
            let by_definition = conway_product(&mut store, gx, gy, &mut memo);
            assert_eq!(by_definition, product, "{x} · {y}");
            assert_eq!(store.multiply_numbers(gx, gy).unwrap(), Some(product));
        }
    }
    // The plain forms agree where they stay small.
    for (x, y) in [("1/2", "2"), ("-1", "3/2"), ("1/2", "1/2")] {
        let form = Form::number(&d(x)).times(&Form::number(&d(y)));
        let product = store.number(d(x) * d(y)).unwrap();
        assert_eq!(form.build(&mut store), product, "{x} · {y}");
    }
}

#[test]
fn exercise_4_the_paradox_of_star() {
    let mut store = Store::default();
    let (half, two, one) = (
        Form::number(&d("1/2")),
        Form::number(&d("2")),
        Form::number(&d("1")),
    );
    let star = Form::star();
    let zero = store.zero();
    let star_id = store.nimber(1).unwrap();
    // 2·* = 0 and ½·(2·*) = 0.
    let two_star = two.times(&star);
    assert_eq!(two_star.build(&mut store), zero);
    assert_eq!(half.times(&two_star).build(&mut store), zero);
    // ½·2 = 1 as a value, but not as a form; and (½·2)·* = 0 while 1·* = *.
    let half_two = half.times(&two);
    let one_id = store.integer(1).unwrap();
    assert_eq!(half_two.build(&mut store), one_id);
    assert!(!half_two.identical(&one));
    assert_eq!(half_two.times(&star).build(&mut store), zero);
    assert_eq!(one.times(&star).build(&mut store), star_id);
    // ½·* = *2 and *·* = *.
    let star2 = store.nimber(2).unwrap();
    assert_eq!(half.times(&star).build(&mut store), star2);
    assert_eq!(star.times(&star).build(&mut store), star_id);
}
