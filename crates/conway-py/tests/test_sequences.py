"""Nim-sequences of heap games: values against the texts' tables, periods as the octal
periodicity theorem proves them, the buffer of values, and the picture."""

import array
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

import conway

DATA = Path(__file__).resolve().parents[2] / "conway" / "tests" / "data"

# Kayles, heaps 0..=23 (§3.5, table 3.1), kept here so that the test runs without the data.
KAYLES_START = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]


def table(game):
    """The values of `game` from heap 0 as values.tsv gives them; skips without the data."""
    path = DATA / "impartial" / "values.tsv"
    if not path.exists():
        pytest.skip(f"{path} is not at hand")
    for line in path.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if fields[0] == game and fields[1] == "0":
            return [int(v) for v in fields[2].split()]
    raise AssertionError(f"values.tsv has no stretch of {game} from 0")


def test_kayles_table_and_its_proved_period():
    seq = conway.seq("kayles", 1000)
    assert seq.game == "kayles"
    assert len(seq) == 1001 and seq.to == 1000
    assert seq[: len(KAYLES_START)] == KAYLES_START
    texts = table("kayles")
    assert seq[: len(texts)] == texts
    # Period 12 from heap 71, proved; the last exception at 70.
    assert (seq.period, seq.preperiod, seq.saltus, seq.proved) == (12, 71, 0, True)
    values = list(seq.values)
    assert values[70] != values[82]
    exceptions = [x for x in range(72) if values[x] != values[84 + x % 12]]
    assert exceptions == [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]


def test_dawsons_kayles_period():
    seq = conway.seq("dawson", 1000)
    assert seq[:102] == table("dawson")
    assert (seq.period, seq.preperiod, seq.proved) == (34, 52, True)
    assert seq.max_value == 9


def test_lasker_has_an_arithmetic_period():
    seq = conway.seq("lasker", 100)
    assert seq[:12] == [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12]
    assert (seq.period, seq.saltus, seq.proved) == (4, 4, True)
    assert all(seq[n + 4] == seq[n] + 4 for n in range(1, 96))


def test_a_sequence_without_a_period_says_so():
    seq = conway.seq("grundy", 200)
    assert seq.period is None and seq.preperiod is None and not seq.proved
    assert seq[:12] == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    assert seq.computed == 201
    assert "no period found" in repr(seq)


def test_a_million_heaps_of_kayles_by_default():
    # As `conway seq kayles --to 1000000`: the default work limit grows with the heaps.
    seq = conway.seq("kayles", 10**6)
    assert len(seq) == 10**6 + 1
    assert seq.computed < 10**6
    assert seq[10**6] == seq[10**6 - 12 * 1000]
    assert seq[-1] == seq[10**6]
    assert len(seq.values) == 10**6 + 1


def test_values_are_an_array_of_unsigned_64_bit_integers():
    seq = conway.seq("subtraction:1,3,4", 50)
    values = seq.values
    assert isinstance(values, array.array)
    assert values.typecode == "Q"
    assert values.tolist() == [seq[n] for n in range(51)]
    assert values.tolist()[:8] == [0, 1, 0, 1, 2, 3, 2, 0]
    # A fresh array each time: changing one leaves the sequence as it is.
    values[0] = 99
    assert seq.values[0] == 0


def test_numpy_views_the_values():
    numpy = pytest.importorskip("numpy")
    seq = conway.seq("kayles", 5000)
    values = numpy.asarray(seq.values)
    assert values.dtype == numpy.uint64
    assert values.shape == (5001,)
    assert values[:24].tolist() == KAYLES_START
    assert int(values.max()) == seq.max_value


def test_indexing():
    seq = conway.seq("nim", 10)
    assert seq[3] == 3 and seq[-1] == 10 and seq[::5] == [0, 5, 10]
    with pytest.raises(IndexError):
        seq[11]
    with pytest.raises(TypeError):
        seq["3"]


def test_values_past_the_memory_limit_are_refused():
    seq = conway.seq("nim", 10**12)
    assert seq[10**12] == 10**12
    with pytest.raises(conway.LimitError) as caught:
        seq.values
    assert caught.value.limit == "max_memory"


def test_errors():
    with pytest.raises(conway.ParseError, match="unknown game"):
        conway.seq("kayless", 10)
    with pytest.raises(conway.ConwayError, match="heaps"):
        conway.seq("domineering", 10)
    with pytest.raises(conway.LimitError) as caught:
        conway.seq("grundy", 100_000, max_positions=100)
    assert caught.value.limit == "max_positions"


def svg_tree(text):
    return ElementTree.fromstring(text)


def circles(tree):
    return tree.findall(".//{http://www.w3.org/2000/svg}circle")


def test_the_picture_marks_the_preperiod_and_a_period():
    seq = conway.seq("kayles", 200)
    text = seq._repr_svg_()
    tree = svg_tree(text)
    assert len(circles(tree)) == 201
    words = " ".join(t.text or "" for t in tree.iter("{http://www.w3.org/2000/svg}text"))
    assert "period 12 from heap 71 (proved)" in words
    assert "preperiod" in words and "one period (12)" in words
    assert "heap size n" in words and "nim value g(n)" in words


def test_a_long_sequence_draws_only_its_first_values():
    seq = conway.seq("kayles", 10**5)
    assert len(circles(svg_tree(seq._repr_svg_()))) == 2000
    assert len(circles(svg_tree(seq.svg(max_points=300)))) == 300
    assert "the first 300 of 100001 heaps shown" in seq.svg(max_points=300)
