"""One test per defect a hostile first use found, named after it."""

from fractions import Fraction

import pytest

import conway


def test_nimbers_compare_as_games_not_as_integers():
    one, two, three = conway.Nimber(1), conway.Nimber(2), conway.Nimber(3)
    assert not (one > 0) and not (one < 0) and not (one >= 0)
    assert not (one < two) and not (two < one) and not (one <= two)
    assert not (three < 2) and three <= 3 and three >= 3
    assert (one > 0) == (one.game() > 0)


def test_values_that_compare_equal_hash_alike():
    assert hash(conway.Game(3)) == hash(3)
    assert {3: "three"}.get(conway.Game(3)) == "three"
    assert {Fraction(1, 2): "half"}.get(conway.Game(Fraction(1, 2))) == "half"
    assert {conway.Nimber(1): "star"}.get(conway.game("*")) == "star"
    assert len({conway.Game(0), 0, conway.Nimber(0)}) == 1


def test_a_game_is_unequal_to_a_fraction_that_is_no_game():
    third = Fraction(1, 3)
    assert (conway.Game(0) == third) is False and (conway.Game(0) != third) is True
    assert third not in [conway.Game(0)]
    with pytest.raises(TypeError):
        conway.Game(0) < third  # noqa: B015


def test_a_claim_that_says_nothing_is_a_type_error_not_a_counterexample():
    for claim in (lambda p: None, lambda p: 7.0, lambda p: "p", lambda p: [7]):
        with pytest.raises(TypeError, match="a claim returns"):
            conway.check("nim", ["1 2 3"], claim)


def test_counts_and_limits_out_of_range_are_clear_errors():
    with pytest.raises(ValueError, match="not negative"):
        conway.solve("nim", "3", keep=-1)
    with pytest.raises(ValueError, match="not negative"):
        conway.set_limits(max_positions=-1)
    with pytest.raises(ValueError, match="not negative"):
        conway.seq("kayles", -1)
    with pytest.raises(ValueError, match="2\\^64 - 1"):
        conway.seq("kayles", 2**64)
    assert conway.solve("nim", "3", keep=2**64, max_memory=10**30).value == conway.Nimber(3)


def test_nimber_powers_take_any_int_and_only_ints():
    three = conway.Nimber(3)
    assert three ** (2**128 - 1) == 1 and three ** (2**128) == three
    assert three**-2 == (three * three).inverse()
    assert conway.Nimber(0) ** 0 == 1 and conway.Nimber(0) ** 5 == 0
    with pytest.raises(ZeroDivisionError):
        conway.Nimber(0) ** -1
    with pytest.raises(TypeError, match="int exponent"):
        three ** conway.Nimber(2)
    assert 1 / three == three.inverse() and 5 / three == conway.Nimber(5) * three.inverse()


def test_graph_vertices_with_the_same_str_are_refused():
    with pytest.raises(conway.ParseError, match="both named '1'"):
        conway.graph([(1, "1")])
    assert conway.graph([(1, 2), (2, 3)]).outcome(1) == "P"


def test_the_kernel_reason_names_no_command_line_flag():
    # Odd cycles in the draws make the kernel a search; a tiny work limit stops it.
    text = "\n".join(f"v{i} -> v{(i + 1) % 3 + 3 * (i // 3)}" for i in range(30))
    found = conway.graph(text, max_positions=1)
    assert found.kernel is None and "stopped after 0 steps" in found.kernel_reason
    assert "--max-positions" not in found.kernel_reason


class Chain(conway.ImpartialGame):
    def options(self, position):
        return [] if position is None else [None]


def test_none_is_a_position_of_a_game_written_in_python():
    assert conway.solve(Chain(), None).outcome == "P"
    assert conway.solve(Chain(), "x").outcome == "N"


class LoopyPartizan(conway.PartizanGame):
    may_loop = True

    def left_options(self, p):
        return [p]

    def right_options(self, p):
        return []


def test_a_partizan_game_that_may_loop_is_refused_in_its_own_words():
    with pytest.raises(conway.ConwayError, match="partizan game that may loop"):
        conway.solve(LoopyPartizan(), 0)


def test_best_move_plays_sums_and_checks_the_player():
    total = conway.position("nim", "3") + conway.position("nim", "1")
    after = conway.best_move(total)
    assert isinstance(after, conway.Sum) and conway.solve(after).outcome == "P"
    with pytest.raises(ValueError, match="player"):
        conway.best_move(conway.position("nim", "3"), player="bogus")
    board = conway.position("domineering", "..|..") + conway.position("nim", "1")
    assert conway.best_move(board, player="left") is not None


def test_the_values_a_sequence_keeps_count_against_the_memory_limit():
    # Grundy's game has no period to stand in for its values: all 200,001 are kept.
    with pytest.raises(conway.LimitError) as caught:
        conway.seq("grundy", 200_000, max_memory=1 << 20)
    assert caught.value.limit == "max_memory"
    assert len(conway.seq("grundy", 200_000, max_memory=16 << 20)) == 200_001


def test_best_move_past_the_limits_is_a_limit_error_not_the_first_move():
    # White wins here by 9 moves; with 10 positions the winning ones are not found, and
    # the first move (a loss) was played as if every move lost.
    board = conway.position("hex", "W:......|......|..W...|...B..|......|......")
    before = conway.limits()
    conway.set_limits(max_positions=10)
    try:
        with pytest.raises(conway.LimitError) as caught:
            conway.best_move(board)
        assert caught.value.limit == "max_positions"
    finally:
        conway.set_limits(**before)
    assert conway.solve(conway.best_move(board)).outcome == "P"
