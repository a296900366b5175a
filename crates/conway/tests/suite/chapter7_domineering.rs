//! Domineering (Example 7.1; Left places vertically): every value of the chapter 7 and 8 notes,
//! and the solver's shortcuts (regions, reflections, transposition, strips) against a plain
//! search of the whole board.

use conway::analysis::PartizanNotation;
use conway::engine::Outcome;
use conway::games::partizan::{Domineering, DomineeringBoard};
use conway::number::Dyadic;
use conway::partizan::{Partizan, Player, Solver};
use conway::short::{GameId, Store};
use proptest::prelude::*;
use proptest::sample::select;

fn board(text: &str) -> DomineeringBoard {
    Domineering.parse(text).unwrap()
}

fn value(store: &mut Store, text: &str) -> GameId {
    Solver::new(&Domineering)
        .value(store, &board(text))
        .unwrap()
}

/// The board of `rows` × `columns` empty squares, as text.
fn rectangle(rows: usize, columns: usize) -> String {
    vec![".".repeat(columns); rows].join("|")
}

/// The notes draw a polyomino with `#` for a square and `/` between rows; a board writes an
/// empty square `.` and a blocked one `#`.
fn from_notes(shape: &str) -> String {
    shape
        .chars()
        .map(|c| match c {
            '#' => '.',
            '.' => '#',
            '/' => '|',
            other => other,
        })
        .collect()
}

/// Boards side by side, padded below with blocked squares and kept apart by a blocked column.
fn side_by_side(boards: &[&str]) -> String {
    let rows: Vec<Vec<&str>> = boards.iter().map(|b| b.split('|').collect()).collect();
    let height = rows.iter().map(Vec::len).max().unwrap_or(0);
    (0..height)
        .map(|r| {
            let pieces: Vec<String> = rows
                .iter()
                .map(|b| match b.get(r) {
                    Some(row) => row.to_string(),
                    None => "#".repeat(b[0].len()),
                })
                .collect();
            pieces.join("#")
        })
        .collect::<Vec<_>>()
        .join("|")
}

fn number(store: &mut Store, x: &str) -> GameId {
    store.number(x.parse::<Dyadic>().unwrap()).unwrap()
}

/// `{left | right}` from numbers written as text.
fn switch(store: &mut Store, left: &str, right: &str) -> GameId {
    let (l, r) = (number(store, left), number(store, right));
    store.from_options(&[l], &[r]).unwrap()
}

#[test]
fn polyominoes_of_at_most_four_squares() {
    let table: &[(&[&str], &str)] = &[
        (&["#"], "0"),
        (&["##"], "-1"),
        (&["#/#"], "1"),
        (&["###"], "-1"),
        (&["#/#/#"], "1"),
        (&["##/#.", "##/.#", "#./##", ".#/##"], "*"),
        (&["####"], "-2"),
        (&["#/#/#/#"], "2"),
        (&["###/#..", "###/..#", "#../###", "..#/###"], "-1/2"),
        (&["##/#./#.", "##/.#/.#", "#./#./##", ".#/.#/##"], "1/2"),
        (&["###/.#.", ".#./###", "#./##/#.", ".#/##/.#"], "*"),
        (&["##/##"], "+-1"),
        (&["##./.##", ".##/##."], "{0|-1}"),
        (&["#./##/.#", ".#/##/#."], "{1|0}"),
    ];
    let mut store = Store::default();
    for (shapes, expected) in table {
        for shape in *shapes {
            let game = value(&mut store, &from_notes(shape));
            assert_eq!(store.show(game), *expected, "{shape}");
        }
    }
}

#[test]
fn rectangles() {
    let mut store = Store::default();
    // (rows, columns, as the store writes it, as the notes write it)
    let table = [
        (2, 2, "+-1"),
        (2, 3, "{2|-1/2}"),
        (3, 2, "{1/2|-2}"),
        (2, 4, "Miny(2)"),
        (4, 2, "Tiny(2)"),
        (3, 3, "+-1"),
        (2, 5, "1/2"),
        (3, 4, "-3/2"),
    ];
    for (rows, columns, expected) in table {
        let game = value(&mut store, &rectangle(rows, columns));
        assert_eq!(store.show(game), expected, "{rows}x{columns}");
    }
    // 2×4 = {{2|0}|0} = miny-2 and 4×2 = {0|{0|-2}} = tiny-2, as games.
    let (zero, two) = (store.zero(), store.integer(2).unwrap());
    let two_zero = store.from_options(&[two], &[zero]).unwrap();
    let miny = store.from_options(&[two_zero], &[zero]).unwrap();
    assert_eq!(value(&mut store, &rectangle(2, 4)), miny);
    let tiny = store.neg(miny).unwrap();
    assert_eq!(value(&mut store, &rectangle(4, 2)), tiny);
}

/// The values of the options of `text` for `player`, sorted.
fn option_values(store: &mut Store, text: &str, player: Player) -> Vec<GameId> {
    let options = match player {
        Player::Left => Domineering.left_options(&board(text)),
        Player::Right => Domineering.right_options(&board(text)),
    };
    let mut solver = Solver::new(&Domineering);
    let mut values: Vec<GameId> = options
        .iter()
        .map(|option| solver.value(store, option).unwrap())
        .collect();
    values.sort();
    values.dedup();
    values
}

fn sorted(mut games: Vec<GameId>) -> Vec<GameId> {
    games.sort();
    games
}

#[test]
fn example_7_1_the_l_tetromino_is_one_half() {
    let mut store = Store::default();
    let l = from_notes("#./#./##");
    let (minus_one, zero, one) = (
        store.integer(-1).unwrap(),
        store.zero(),
        store.integer(1).unwrap(),
    );
    assert_eq!(
        option_values(&mut store, &l, Player::Left),
        sorted(vec![minus_one, zero])
    );
    assert_eq!(option_values(&mut store, &l, Player::Right), vec![one]);
    let game = value(&mut store, &l);
    assert_eq!(store.show(game), "1/2");
}

#[test]
fn example_8_3_two_by_three_drops_a_dominated_option() {
    let mut store = Store::default();
    let two = store.integer(2).unwrap();
    let plus_minus_one = switch(&mut store, "1", "-1");
    let minus_half = number(&mut store, "-1/2");
    let board = rectangle(2, 3);
    assert_eq!(
        option_values(&mut store, &board, Player::Left),
        sorted(vec![two, plus_minus_one])
    );
    assert_eq!(
        option_values(&mut store, &board, Player::Right),
        vec![minus_half]
    );
}

/// The "C" of Example 8.4 (`###/#../##.` in the notes' drawing).
const C: &str = "...|.##|..#";

#[test]
fn example_8_4_switch_plus_number() {
    let mut store = Store::default();
    let c = value(&mut store, C);
    assert_eq!(store.show(c), "-3/4");
    let expected_left = vec![store.integer(-1).unwrap(), store.integer(-2).unwrap()];
    assert_eq!(
        option_values(&mut store, C, Player::Left),
        sorted(expected_left)
    );
    let star = store.nimber(1).unwrap();
    let expected_right = vec![number(&mut store, "-1/2"), star, number(&mut store, "1/2")];
    assert_eq!(
        option_values(&mut store, C, Player::Right),
        sorted(expected_right)
    );
    let sum = value(&mut store, &side_by_side(&[&rectangle(2, 3), C]));
    assert_eq!(sum, switch(&mut store, "5/4", "-5/4"));
    assert_eq!(store.outcome(sum).unwrap(), Outcome::N);
}

#[test]
fn example_8_5_four_components_left_wins() {
    let mut store = Store::default();
    // P1 = 3/4: the C turned about its diagonal (Left's and Right's moves swap).
    let p1 = "...|.#.|.##";
    let p4 = from_notes("##./.##");
    let parts = [p1, &rectangle(2, 3), &rectangle(2, 2), &p4];
    let board = side_by_side(&parts);
    let game = value(&mut store, &board);
    let three_quarters = number(&mut store, "3/4");
    let mut expected = three_quarters;
    for (left, right) in [("2", "-1/2"), ("1", "-1"), ("0", "-1")] {
        let part = switch(&mut store, left, right);
        expected = store.add(expected, part).unwrap();
    }
    assert_eq!(value(&mut store, p1), three_quarters);
    assert_eq!(game, expected);
    assert_eq!(store.outcome(game).unwrap(), Outcome::L);
    // The hottest component first: Left's vertical domino in the middle of P2 (its value 2)
    // wins; every move of Right loses.
    let mut solver = Solver::new(&Domineering);
    let position = Domineering.parse(&board).unwrap();
    let left_wins = solver
        .winning_moves(&mut store, &position, Player::Left)
        .unwrap();
    let described: Vec<String> = left_wins
        .iter()
        .map(|to| Domineering.describe_move(Player::Left, &position, to))
        .collect();
    assert!(
        described.contains(&"vertical domino on rows 1-2, column 6".to_string()),
        "{described:?}"
    );
    let right_wins = solver
        .winning_moves(&mut store, &position, Player::Right)
        .unwrap();
    assert!(right_wins.is_empty());
}

#[test]
fn exercise_8_7_tiny_and_miny_boards() {
    let mut store = Store::default();
    let (tiny, miny) = (rectangle(4, 2), rectangle(2, 4));
    // +₂ + −₂ = 0.
    let zero = store.zero();
    assert_eq!(value(&mut store, &side_by_side(&[&tiny, &miny])), zero);
    // 3 + (+₂) = {3 | {3 | 1}}: a column of six squares is 3.
    let three = value(&mut store, &rectangle(6, 1));
    assert_eq!(store.show(three), "3");
    let three_one = switch(&mut store, "3", "1");
    let expected = store.from_options(&[three], &[three_one]).unwrap();
    let column = rectangle(6, 1);
    assert_eq!(
        value(&mut store, &side_by_side(&[&tiny, &column])),
        expected
    );
    // (+₂) + (+₂) = {0 | {0, {0|−2} | −2}}.
    let minus_two = store.integer(-2).unwrap();
    let zero_minus_two = store.from_options(&[zero], &[minus_two]).unwrap();
    let inner = store
        .from_options(&[zero, zero_minus_two], &[minus_two])
        .unwrap();
    let expected = store.from_options(&[zero], &[inner]).unwrap();
    assert_eq!(value(&mut store, &side_by_side(&[&tiny, &tiny])), expected);
}

/// Domineering with none of the solver's shortcuts: the whole board is one game, solved as
/// it stands, by search only.
struct Plain;

impl Partizan for Plain {
    type Position = DomineeringBoard;

    fn left_options(&self, board: &DomineeringBoard) -> Vec<DomineeringBoard> {
        Domineering.left_options(board)
    }

    fn right_options(&self, board: &DomineeringBoard) -> Vec<DomineeringBoard> {
        Domineering.right_options(board)
    }
}

/// The board turned about its main diagonal, as text.
fn transposed(text: &str) -> String {
    let rows: Vec<Vec<char>> = text.split('|').map(|r| r.chars().collect()).collect();
    (0..rows[0].len())
        .map(|c| rows.iter().map(|row| row[c]).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// Boards of at most 12 squares, some blocked.
fn small_boards() -> impl Strategy<Value = String> {
    let shapes: Vec<(usize, usize)> = (1..=12)
        .flat_map(|rows| (1..=12 / rows).map(move |columns| (rows, columns)))
        .collect();
    (
        select(shapes),
        prop::collection::vec(prop::bool::weighted(0.8), 12),
    )
        .prop_map(|((rows, columns), empty)| {
            (0..rows)
                .map(|r| {
                    (0..columns)
                        .map(|c| if empty[r * columns + c] { '.' } else { '#' })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("|")
        })
}

/// Boards of 65 to 256 squares (past one machine word), about a dozen of them empty.
fn large_sparse_boards() -> impl Strategy<Value = String> {
    let shapes: Vec<(usize, usize)> = (1..=256)
        .flat_map(|rows| (1..=256 / rows).map(move |columns| (rows, columns)))
        .filter(|&(rows, columns)| rows * columns > 64)
        .collect();
    (select(shapes), prop::collection::vec(0usize..256, 0..12)).prop_map(
        |((rows, columns), empty)| {
            let squares = rows * columns;
            let start = empty.first().map_or(0, |&s| s % squares);
            let mut board = vec!['#'; squares];
            // A few squares near one another, so that they meet in regions.
            for offset in empty {
                board[(start + offset % 24) % squares] = '.';
                board[(start + offset % 24 + columns) % squares] = '.';
            }
            board
                .chunks(columns)
                .map(|row| row.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn large_boards_agree_with_plain_search(text in large_sparse_boards()) {
        let mut store = Store::default();
        let position = board(&text);
        let plain = Solver::new(&Plain).by_search_only().value(&mut store, &position).unwrap();
        let fast = Solver::new(&Domineering).value(&mut store, &position).unwrap();
        prop_assert_eq!(fast, plain, "{}", text);
        prop_assert_eq!(Domineering.show(&position), text);
    }

    /// Regions, reflections, transposition and closed forms change nothing.
    #[test]
    fn shortcuts_agree_with_plain_search(text in small_boards()) {
        let mut store = Store::default();
        let position = board(&text);
        let plain = Solver::new(&Plain).by_search_only().value(&mut store, &position).unwrap();
        let fast = Solver::new(&Domineering).value(&mut store, &position).unwrap();
        prop_assert_eq!(fast, plain, "{}: {} by search, {} with shortcuts",
            text, store.show(plain), store.show(fast));
        // Transposing swaps the players.
        let turned = Solver::new(&Plain).by_search_only()
            .value(&mut store, &board(&transposed(&text))).unwrap();
        prop_assert_eq!(turned, store.neg(plain).unwrap(), "{}", text);
    }
}

#[test]
fn rectangles_of_up_to_twelve_squares_agree_with_plain_search() {
    let mut store = Store::default();
    let mut fast = Solver::new(&Domineering);
    for rows in 1..=12 {
        for columns in 1..=12 / rows {
            let position = board(&rectangle(rows, columns));
            let plain = Solver::new(&Plain)
                .by_search_only()
                .value(&mut store, &position)
                .unwrap();
            assert_eq!(
                fast.value(&mut store, &position).unwrap(),
                plain,
                "{rows}x{columns}"
            );
        }
    }
}
