"""Games written in Python: their values, outcomes and winning moves against independent
brute force in plain Python, sums with the catalogue's games, loops, errors and Ctrl-C."""

import functools
import itertools
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import conway


def mex(values):
    values = set(values)
    return next(n for n in itertools.count() if n not in values)


class Subtraction(conway.ImpartialGame):
    """One heap; a move takes s chips for some s in the set."""

    def __init__(self, moves):
        self.moves = tuple(moves)

    def options(self, n):
        return [n - s for s in self.moves if s <= n]


class Kayles(conway.ImpartialGame):
    """Rows of pins as sorted tuples; knock down one pin or two adjacent ones."""

    def options(self, rows):
        found = set()
        for i, row in enumerate(rows):
            rest = rows[:i] + rows[i + 1 :]
            for take in (1, 2):
                for left in range(row - take + 1):
                    right = row - take - left
                    found.add(tuple(sorted(p for p in rest + (left, right) if p)))
        return list(found)

    def components(self, rows):
        return [(row,) for row in rows]


@functools.lru_cache(maxsize=None)
def kayles_by_brute_force(rows):
    return mex(kayles_by_brute_force(o) for o in Kayles().options(rows))


def test_a_subtraction_game_written_in_python_has_the_values_of_the_builtin_one():
    game = Subtraction([1, 3, 4])
    for n in range(60):
        mine = conway.solve(game, n)
        builtin = conway.solve("subtraction:1,3,4", str(n))
        assert mine.value == builtin.value, n
        assert mine.outcome == ("P" if n % 7 in (0, 2) else "N"), n


def test_kayles_written_in_python_splits_into_components_and_agrees_with_brute_force():
    game = Kayles()
    rng = random.Random(7)
    for _ in range(40):
        rows = tuple(sorted(rng.randint(1, 9) for _ in range(rng.randint(1, 3))))
        analysis = conway.solve(game, rows)
        assert analysis.value == kayles_by_brute_force(rows), rows
        winning = {m.to.value for m in analysis.moves}
        expected = {o for o in game.options(rows) if kayles_by_brute_force(o) == 0}
        assert winning == expected, rows


def test_a_python_game_sums_with_a_builtin_game():
    heap = conway.position("nim", "5")
    mine = conway.position(Subtraction([1, 2]), 7)  # 7 mod 3 = 1: *1
    analysis = conway.solve(mine + heap)
    assert analysis.value == conway.Nimber(4)
    assert analysis.outcome == "N"
    assert {(m.component, str(m.to)) for m in analysis.moves} == {(1, "1")}


class Domineering(conway.PartizanGame):
    """A board as a frozenset of empty cells; Left places vertical dominoes."""

    def left_options(self, cells):
        return [cells - {(r, c), (r + 1, c)} for (r, c) in cells if (r + 1, c) in cells]

    def right_options(self, cells):
        return [cells - {(r, c), (r, c + 1)} for (r, c) in cells if (r, c + 1) in cells]


def board(text):
    return frozenset(
        (r, c) for r, row in enumerate(text.split("|")) for c, x in enumerate(row) if x == "."
    )


@functools.lru_cache(maxsize=None)
def wins_moving_first(cells, left):
    """Whether the player to move (Left if `left`) wins, by plain minimax."""
    game = Domineering()
    options = game.left_options(cells) if left else game.right_options(cells)
    return any(not wins_moving_first(o, not left) for o in options)


def outcome_by_brute_force(cells):
    left, right = wins_moving_first(cells, True), wins_moving_first(cells, False)
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (left, right)
    ]


def test_domineering_written_in_python_agrees_with_the_builtin_and_with_minimax():
    rng = random.Random(11)
    for _ in range(60):
        rows, cols = rng.randint(1, 4), rng.randint(1, 4)
        text = "|".join(
            "".join("." if rng.random() < 0.8 else "#" for _ in range(cols)) for _ in range(rows)
        )
        mine = conway.solve(Domineering(), board(text))
        builtin = conway.solve("domineering", text)
        assert mine.value == builtin.value, text
        assert str(mine.value) == str(builtin.value), text
        assert mine.outcome == outcome_by_brute_force(board(text)), text


def test_every_winning_move_of_a_python_game_is_listed():
    analysis = conway.solve(Domineering(), board("....|....|...."))
    assert analysis.outcome == outcome_by_brute_force(board("....|....|...."))
    for player, left in (("left", True), ("right", False)):
        game = Domineering()
        options = game.left_options(board("....|....|....")) if left else game.right_options(
            board("....|....|....")
        )
        winning = {o for o in options if not wins_moving_first(o, not left)}
        listed = {m.to.value for m in analysis.moves if m.player == player}
        assert listed == winning


class Cycle(conway.ImpartialGame):
    """Ferguson's cycle: a, b and c go round; c may leave to d, and d to e."""

    may_loop = True
    edges = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": ["e"], "e": []}

    def options(self, vertex):
        return self.edges[vertex]


def test_a_game_that_declares_loops_is_analysed_on_its_graph():
    outcomes = {v: conway.solve(Cycle(), v).outcome for v in "abcde"}
    assert outcomes == {"a": "D", "b": "D", "c": "D", "d": "N", "e": "P"}
    assert [m.to.value for m in conway.solve(Cycle(), "d").moves] == ["e"]
    keep_the_draw = conway.solve(Cycle(), "c").moves
    assert [(m.to.value, m.result) for m in keep_the_draw] == [("a", "draws")]


class Undeclared(Cycle):
    may_loop = False


def test_a_game_that_loops_without_saying_so_is_an_error_not_a_hang():
    with pytest.raises(conway.ConwayError, match="does not end"):
        conway.solve(Undeclared(), "a")


class Broken(conway.ImpartialGame):
    def options(self, n):
        if n == 3:
            raise RuntimeError("no moves from 3 today")
        return [n - 1] if n else []


def test_an_exception_in_a_callback_is_raised_by_the_analysis():
    with pytest.raises(RuntimeError, match="no moves from 3 today"):
        conway.solve(Broken(), 10)
    assert conway.solve(Broken(), 2).value == 0  # the engine is fine afterwards


class Unhashable(conway.ImpartialGame):
    def options(self, position):
        return [[1, 2]]


def test_an_unhashable_position_is_a_type_error():
    with pytest.raises(TypeError):
        conway.solve(Unhashable(), 0)


def test_limits_bound_a_python_game():
    with pytest.raises(conway.LimitError) as caught:
        conway.solve(Subtraction([1]), 10_000, max_positions=100)
    assert caught.value.limit == "max_positions"


def run_and_interrupt(code):
    """Runs `code` in a fresh interpreter, sends it SIGINT once it says it started, and
    returns what it printed and how long it took to stop."""
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline().strip() == "started"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    started = time.monotonic()
    out, err = child.communicate(timeout=60)
    return out, err, time.monotonic() - started, child.returncode


def test_ctrl_c_stops_a_builtin_computation():
    out, err, took, code = run_and_interrupt(
        """
        import conway
        print("started", flush=True)
        try:
            conway.solve("domineering", "........|........|........|........|........|........", max_positions=10**12, max_memory=2**31)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
            print(conway.game("{1|-1}"))
        """
    )
    assert out.split() == ["interrupted", "+-1"], err
    assert code == 0 and took < 10


def test_ctrl_c_stops_a_python_game():
    out, err, took, code = run_and_interrupt(
        """
        import conway
        class Slow(conway.ImpartialGame):
            def options(self, n):
                return [n - k for k in (1, 2, 3) if k <= n]
        print("started", flush=True)
        try:
            conway.solve(Slow(), (1 << 40), max_positions=10**12, max_memory=2**31)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
        """
    )
    assert out.split() == ["interrupted"], err
    assert code == 0 and took < 10


def play_out(position, players):
    """Perfect play against itself from `position`, players taking turns; who moved last."""
    last = None
    for turn in itertools.count():
        player = players[turn % len(players)]
        after = conway.best_move(position, player=player)
        if after is None:
            return last
        position, last = after, player
    return last


def test_perfect_play_wins_from_an_n_position_of_a_python_game():
    game = Subtraction([1, 3, 4])
    for n in range(1, 30):
        start = conway.position(game, n)
        moves_made, position = 0, start
        while (after := conway.best_move(position)) is not None:
            position, moves_made = after, moves_made + 1
        first_wins = conway.solve(start).outcome == "N"
        assert (moves_made % 2 == 1) == first_wins, n


def test_perfect_play_in_domineering_gives_the_outcome():
    for text in ["..|..", "...|...", "....|....", "..|..|.."]:
        for first, second in (("left", "right"), ("right", "left")):
            start = conway.position(Domineering(), board(text))
            winner = play_out(start, [first, second])
            left_first = first == "left"
            assert (winner == first) == wins_moving_first(board(text), left_first), (text, first)


def test_best_move_in_a_partizan_game_needs_the_player():
    with pytest.raises(ValueError, match="player"):
        conway.best_move(conway.position("domineering", "..|.."))
