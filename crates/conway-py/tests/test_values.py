"""Short games and nimbers as Python values: the texts' values (the Rust tests' oracle
tables), Python's meaning of every operator, and errors."""

import operator
import pickle
from fractions import Fraction

import pytest

import conway
from conftest import rows

COMPARISONS = [
    (" <= ", operator.le),
    (" >= ", operator.ge),
    (" <> ", lambda g, h: g.confused_with(h)),
    (" == ", operator.eq),
    (" < ", operator.lt),
    (" > ", operator.gt),
]


def split_comparison(expression):
    """The two sides and the operator of `A op B`, where `op` occurs once."""
    found = [(word, op) for word, op in COMPARISONS if expression.count(word) == 1]
    if len(found) != 1:
        return None
    word, op = found[0]
    left, right = expression.split(word)
    return left, right, op


def test_the_texts_identities_and_comparisons_hold_with_pythons_operators():
    checked = 0
    for expression, expected, source in rows("short/values.tsv"):
        if expected in ("true", "false"):
            parts = split_comparison(expression)
            if parts is None:
                continue
            left, right, op = parts
            truth = op(conway.game(left), conway.game(right))
            assert truth == (expected == "true"), f"{expression} ({source})"
        else:
            value, canonical = conway.game(expression), conway.game(expected)
            assert value == canonical, f"{expression} = {expected} ({source})"
            assert str(value) == str(canonical)
            assert hash(value) == hash(canonical)
        checked += 1
    assert checked > 550


def test_the_texts_invariants():
    getters = {
        "outcome": lambda g: g.outcome,
        "left_stop": lambda g: g.left_stop,
        "right_stop": lambda g: g.right_stop,
        "mean": lambda g: g.mean,
        "temperature": lambda g: g.temperature,
        "is_number": lambda g: g.is_number,
    }
    checked = 0
    for expression, name, expected, source in rows("short/invariants.tsv"):
        if name not in getters:
            continue
        found = getters[name](conway.game(expression))
        if isinstance(found, bool):
            want = expected == "true"
        elif isinstance(found, Fraction):
            want = Fraction(expected)
            assert isinstance(found, Fraction)
        else:
            want = expected
        assert found == want, f"{expression}.{name} ({source})"
        checked += 1
    assert checked >= 90


def test_nim_products_of_the_texts():
    checked = 0
    for a, op, b, c, source in rows("impartial/nim_arithmetic.tsv"):
        x, y = conway.Nimber(int(a)), conway.Nimber(int(b))
        if op == "⊗":
            assert x * y == conway.Nimber(int(c)), source
            checked += 1
        elif op == "⊕":
            assert x + y == conway.Nimber(int(c)), source
            checked += 1
    assert checked > 0


def test_games_are_made_from_ints_fractions_nimbers_and_options():
    assert conway.Game(3) == conway.game("3")
    assert conway.Game(Fraction(-3, 8)) == conway.game("-3/8")
    assert conway.Game(conway.Nimber(2)) == conway.game("*2")
    assert conway.Game(left=[0], right=[0]) == conway.game("*")
    assert conway.Game(left=[2], right=[Fraction(-1, 2)]) == conway.game("{2|-1/2}")
    assert conway.Game() == 0
    assert conway.Game(2**100) == conway.game(str(2**100))
    with pytest.raises(TypeError):
        conway.Game(1.5)
    with pytest.raises(TypeError):
        conway.Game(1, left=[0])


def test_a_fraction_that_is_not_dyadic_is_a_value_error():
    with pytest.raises(conway.ParseError) as caught:
        conway.Game(Fraction(1, 3))
    assert isinstance(caught.value, ValueError)
    assert "dyadic" in str(caught.value)


def test_arithmetic_mixes_ints_and_fractions():
    up = conway.game("^")
    assert str(up + up) == "^^"
    assert str(2 - up) == "2v"
    assert str(up - 2) == "^-2" or up - 2 == conway.game("^ - 2")
    assert -up == conway.game("v")
    assert +up == up
    assert conway.Game(1) + Fraction(1, 2) == Fraction(3, 2)
    assert up + (-up) == 0


def test_order_is_the_theorys_and_confused_games_are_neither():
    star, up, zero = conway.game("*"), conway.game("^"), conway.Game(0)
    assert up > 0 and up >= 0 and not up < 0 and not up <= 0 and up != 0
    assert not (star < 0) and not (star > 0) and not (star == 0) and star != 0
    assert not (star <= 0) and not (star >= 0)
    assert star.confused_with(0) and not up.confused_with(0)
    assert zero <= 0 and zero >= 0 and zero == 0
    assert conway.game("{1|-1}").confused_with(Fraction(1, 2))
    assert (up == "^") is False


def test_equal_games_hash_alike_and_key_dictionaries():
    table = {conway.game("{0|0}"): "star"}
    assert table[conway.game("*")] == "star"
    assert conway.game("^ + ^ + *") in {conway.game("^^*")}
    assert len({conway.Game(1) + 1, conway.Game(2), conway.game("{1|}")}) == 1


def test_str_is_the_canonical_form_and_repr_reads_back():
    g = conway.game("{2||1|0} + ^")
    assert str(g) == "{2^||1^|^}"
    assert repr(g) == 'conway.game("{2^||1^|^}")'
    assert eval(repr(g), {"conway": conway}) == g
    assert pickle.loads(pickle.dumps(g)) == g


def test_invariants_of_a_switch():
    g = conway.game("{2|-1/2}")
    assert g.outcome == "N"
    assert (g.left_stop, g.right_stop) == (2, Fraction(-1, 2))
    assert (g.mean, g.temperature) == (Fraction(3, 4), Fraction(5, 4))
    assert g.birthday == 3
    assert g.left_options == [conway.Game(2)] and g.right_options == [Fraction(-1, 2)]
    assert not g.is_number and conway.Game(Fraction(1, 4)).is_number


def test_cooling_heating_ordinal_sums_and_atomic_weights_agree_with_the_language():
    g = conway.game("{3|-1}")
    assert g.cool(1) == conway.game("{3|-1}.Cool(1)")
    assert g.cool(Fraction(1, 2)) == conway.game("{3|-1}.Cool(1/2)")
    assert conway.game("*").heat(1) == conway.game("{1|-1}")
    assert conway.Game(1).ordinal_sum(1) == 2
    assert conway.game("*").ordinal_sum(conway.game("*")) == conway.game("*:*")
    assert conway.game("^").atomic_weight() == 1
    assert conway.game("{0|^^}").atomic_weight() == conway.game("{0|^^}.AtomicWeight")
    with pytest.raises(conway.ConwayError, match="infinitesimal"):
        conway.Game(1).atomic_weight()
    with pytest.raises(conway.ConwayError, match="greater than -1"):
        g.cool(-2)


def test_a_thermograph_has_its_walls_and_draws_itself():
    t = conway.game("{2|-1/2}").thermograph()
    assert (t.mean, t.temperature) == (Fraction(3, 4), Fraction(5, 4))
    assert t.left_wall[0] == (-1, 3)
    assert t.right_wall == [(-1, -1), (Fraction(-1, 2), -1), (Fraction(5, 4), Fraction(3, 4))]
    svg = t._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


def test_a_game_shows_itself_in_a_notebook():
    html = conway.game("{2|-1/2}")._repr_html_()
    assert "<table" in html and "{2|-1/2}" in html and "5/4" in html


def test_nimbers_are_the_nim_field_with_ints_as_nimbers():
    three, five = conway.Nimber(3), conway.Nimber(5)
    assert three + five == conway.Nimber(6) and three + 5 == 6 and 5 + three == 6
    assert three - five == three + five and -three == three
    assert conway.Nimber(2) * conway.Nimber(2) == 3
    assert conway.Nimber(16) * 16 == conway.Nimber(24)
    assert int(three) == 3 and [10, 11, 12, 13][three] == 13
    assert str(conway.Nimber(0)) == "0" and str(conway.Nimber(1)) == "*" and str(three) == "*3"
    assert repr(three) == "conway.Nimber(3)"
    assert hash(three) == hash(conway.Nimber(3))
    assert three**3 == three * three * three and three**-1 == three.inverse()
    assert five / three * three == five


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 15, 16, 255, 256, 65535, 2**64 - 1, 2**128 - 1])
def test_every_nonzero_nimber_has_an_inverse_and_a_square_root(n):
    x = conway.Nimber(n)
    assert x * x.inverse() == 1
    assert x.sqrt() * x.sqrt() == x


def test_nimber_errors():
    with pytest.raises(ZeroDivisionError):
        conway.Nimber(0).inverse()
    with pytest.raises(conway.ParseError, match="2\\^128"):
        conway.Nimber(2**128)
    with pytest.raises(conway.ParseError):
        conway.Nimber(-1)
    with pytest.raises(TypeError):
        conway.Nimber("3")


def test_a_nimber_is_a_game():
    assert conway.Nimber(3).game() == conway.game("*3")
    assert conway.game("*2") + conway.Nimber(3) == conway.game("*")


def test_expressions_that_do_not_read_say_where():
    with pytest.raises(conway.ParseError) as caught:
        conway.game("{1|")
    assert isinstance(caught.value, ValueError)
    assert caught.value.column == 4
    with pytest.raises(conway.ParseError) as caught:
        conway.game("1 + frob(2)")
    assert caught.value.column == 5
    with pytest.raises(conway.ConwayError, match="not a short game"):
        conway.game("1 < 2")


def test_a_rust_panic_becomes_a_python_exception():
    with pytest.raises(BaseException) as caught:
        conway._conway._panic_for_tests()
    assert type(caught.value).__name__ == "PanicException"
    assert "deliberate panic" in str(caught.value)
    assert conway.game("1") == 1  # the module still works
