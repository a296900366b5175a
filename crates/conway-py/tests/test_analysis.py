"""Positions, sums and their analyses: values and moves checked against the texts' oracles
(crates/conway/tests/data, where the repository is at hand, and the library's documented
examples), errors as exceptions, and the notebook table."""

import json
import pickle
import re
from fractions import Fraction
from pathlib import Path

import pytest

import conway

DATA = Path(__file__).resolve().parents[2] / "conway" / "tests" / "data"


def records(name):
    """The records of a data file of the texts, as lists of fields; skips where the repository's
    data are not at hand (a test run of an installed package)."""
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not at hand")
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            rows.append(line.split("\t"))
    return rows


# --- the catalogue ---------------------------------------------------------------------


def test_rulesets_list_the_catalogue_with_their_declarations():
    rules = {info.name: info for info in conway.rulesets()}
    assert {"nim", "kayles", "domineering", "poker-nim", "wythoff"} <= set(rules)
    assert rules["nim"].kind == "impartial"
    assert rules["domineering"].kind == "partizan"
    assert rules["poker-nim"].kind == "loopy"
    subtraction = rules["subtraction"]
    assert subtraction.usage == "subtraction:S"
    assert subtraction.params == "S"
    assert rules["nim"].params is None
    assert rules["nim"].example.startswith("conway solve nim")
    assert all(info.summary and info.notation and info.misere for info in rules.values())
    assert repr(subtraction) == "<conway.RuleInfo subtraction:S (impartial)>"


def test_every_rulesets_example_reads_as_a_position():
    for info in conway.rulesets():
        words = info.example.removeprefix("conway solve ").split(" ", 1)
        game, rest = words[0], words[1]
        text = rest.split('"')[1] if rest.startswith('"') else rest.split(" ")[0]
        position = conway.position(game, text)
        assert position.kind == info.kind, info.name


# --- single positions ------------------------------------------------------------------


def test_four_heap_nim_has_one_winning_move():
    # The short texts' four-heap Nim: the only winning move takes heap 3 from 30 to 12.
    analysis = conway.solve("nim", "13 42 30 43")
    assert analysis.kind == "impartial"
    assert analysis.play == "normal"
    assert analysis.outcome == "N"
    assert analysis.value == conway.Nimber(18)
    assert analysis.nim_value == 18
    assert analysis.move_counts == {"either": 1}
    [move] = analysis.moves
    assert move.player == "either"
    assert move.component == 0
    assert move.result == "wins"
    assert move.to == conway.position("nim", "13 42 12 43")
    assert repr(move.to) == "conway.position('nim', '13 42 12 43')"
    assert "30" in move.description and "12" in move.description


def test_domineering_value_and_stops_as_in_the_library_docs():
    analysis = conway.solve("domineering", "...|...")
    assert analysis.kind == "partizan"
    assert analysis.outcome == "N"
    assert isinstance(analysis.value, conway.Game)
    assert analysis.value == conway.game("{2|-1/2}")
    assert str(analysis.value) == "{2|-1/2}"
    assert analysis.left_stop == Fraction(2)
    assert analysis.right_stop == Fraction(-1, 2)
    assert analysis.mean == Fraction(3, 4)
    assert analysis.temperature == Fraction(5, 4)
    assert analysis.is_number is False
    assert analysis.move_counts == {"left": 1, "right": 4}
    assert [m.player for m in analysis.moves] == ["left"] + ["right"] * 4
    # Left's winning move is the middle column: it leaves 2 (two vertical slots).
    assert str(analysis.moves[0].to) == ".#.|.#."


def test_subtraction_134_from_110_takes_three():
    # Chapter 1, §1.4: N, value *3, and the only winning move takes 3.
    analysis = conway.solve("subtraction:1,3,4", "110")
    assert (analysis.outcome, analysis.value) == ("N", conway.Nimber(3))
    [move] = analysis.moves
    assert str(move.to) == "107"
    assert "take 3" in move.description


def test_wythoff_4_7_is_a_p_position():
    analysis = conway.solve("wythoff", "4 7")
    assert analysis.outcome == "P"
    assert analysis.value == conway.Nimber(0)
    assert analysis.moves == []
    assert analysis.move_counts == {"either": 0}


def test_ordinal_nim_has_a_transfinite_value_and_its_winning_move():
    # Heaps w + 3 and 5: the nim-sum is w + 6, and lowering the first heap to 5 wins.
    analysis = conway.solve("ordinal-nim", "w + 3, 5")
    assert analysis.value == "*(w + 6)"
    assert analysis.nim_value is None
    [move] = analysis.moves
    assert move.to == conway.position("ordinal-nim", "5, 5")
    assert conway.solve("ordinal-nim", "3, 5").value == conway.Nimber(6)


def test_winning_moves_of_the_texts():
    # moves.tsv: every winning move, in the engine's order, as the whole position after it.
    games = {"nim", "misere-nim", "subtraction:1,2,3", "subtraction:1,3,4", "subtraction:1,3,6",
             "subtraction:1,3,5,7", "subtraction:1,2,3,4,5,6", "subtraction:1,2", "lasker",
             "rims", "grundy", "octal:0.73", "fibonacci", "sum"}
    catalogue = {info.name for info in conway.rulesets()}
    checked = 0
    for game, position, play, expected, *_ in records("impartial/moves.tsv"):
        if game not in games:
            continue
        misere = play == "misere"
        if game == "sum":
            parts = [tuple(word.split(" ", 1)) for word in position.split(" + ")]
            if any(name.split(":")[0] not in catalogue for name, _ in parts):
                continue  # a game of the texts under a name of the data files' own
            analysis = conway.solve(parts, misere=misere)
        else:
            analysis = conway.solve(game, position, misere=misere)
        found = [m["to"] for m in analysis.to_dict()["moves"]]
        wanted = [] if expected == "none" else expected.split("; ")
        assert found == wanted, (game, position, play)
        checked += 1
    assert checked >= 20


def test_domineering_values_of_the_texts():
    # rulesets.tsv: the canonical forms of Domineering boards, as the printer writes them.
    checked = 0
    for game, position, expected, *_ in records("short/rulesets.tsv"):
        if game != "domineering":
            continue
        parts = [("domineering", board) for board in position.split(" ")]
        analysis = conway.solve(parts)
        assert analysis.to_dict()["value"] == expected, position
        assert str(analysis.value) == expected, position
        checked += 1
    assert checked >= 30


# --- sums ------------------------------------------------------------------------------


def test_a_board_plus_a_heap_is_won_in_the_board():
    board = conway.position("domineering", "..|..")
    heap = conway.position("nim", "3")
    total = board + heap
    assert isinstance(total, conway.Sum)
    assert total.components == [board, heap]
    assert str(total) == "domineering ..|.. + nim 3"
    analysis = conway.solve(total)
    assert analysis.kind == "partizan"
    assert analysis.outcome == "N"
    assert analysis.value == conway.game("{1|-1} + *3")
    assert analysis.move_counts == {"left": 2, "right": 2}
    assert all(m.component == 0 for m in analysis.moves)
    # The same sum however it is written.
    for same in (
        conway.solve([("domineering", "..|.."), ("nim", "3")]),
        conway.solve([board, heap]),
        conway.Sum([board, ("nim", "3")]).solve(),
        sum([board, heap]).solve(),
    ):
        assert same.value == analysis.value
        assert same.to_dict() == analysis.to_dict()


def test_a_sum_of_heaps_is_valued_by_the_nim_sum():
    analysis = conway.solve([("nim", "3"), ("kayles", "4"), ("subtraction:1,3,4", "110")])
    # *3 + *1 (kayles 4) + *3 = *1: each component can make it 0.
    assert analysis.value == conway.Nimber(3) + conway.Nimber(1) + conway.Nimber(3)
    assert analysis.kind == "impartial"
    report = analysis.to_dict()
    assert report["game"] == "sum"
    assert report["position"] == "nim 3 + kayles 4 + subtraction:1,3,4 110"
    for move in report["moves"]:
        # In a sum a move names its component, and `to` is the whole sum after it.
        assert move["move"].startswith(("nim 3: ", "kayles 4: ", "subtraction:1,3,4 110: "))
        assert move["to"].count(" + ") == 2
        after = [tuple(part.split(" ", 1)) for part in move["to"].split(" + ")]
        assert conway.solve(after).outcome == "P"


def test_positions_and_sums_are_values():
    a = conway.position("nim", "3 4")
    b = conway.position("nim", "3 4")
    c = conway.position("nim", "4 3")
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert a != "nim 3 4"
    assert len({a, b, c}) == 2
    assert (a + c) == (b + c) and hash(a + c) == hash(b + c)
    assert (a + c) != (c + a)
    assert pickle.loads(pickle.dumps(a)) == a
    assert conway.position("nim", 7) == conway.position("nim", "7")
    assert (a.game, a.kind, str(a), a.value) == ("nim", "impartial", "3 4", "3 4")
    assert eval(repr(a + c), {"conway": conway}) == a + c


def test_moves_of_a_position():
    heap = conway.position("subtraction:1,3,4", "5")
    assert [str(p) for p in heap.moves()] == ["4", "2", "1"]
    board = conway.position("domineering", "..|..")
    assert len(board.moves("left")) == 2
    assert {str(p) for p in board.moves("right")} == {"##|..", "..|##"}
    with pytest.raises(ValueError, match="partizan"):
        board.moves()
    with pytest.raises(ValueError, match="not a player"):
        board.moves("up")


# --- misère play -----------------------------------------------------------------------


def test_misere_nim():
    # All heaps of one: the player to move wins exactly when the number of heaps is even.
    assert conway.solve("nim", "1 1 1", misere=True).outcome == "P"
    assert conway.solve("nim", "1 1", misere=True).outcome == "N"
    assert conway.solve("nim", "1 1").outcome == "P"
    analysis = conway.solve("nim", "12 19 27", misere=True)
    assert analysis.play == "misere"
    assert analysis.value is None
    assert [str(m.to) for m in analysis.moves] == ["8 19 27"]
    # The ruleset of misère Nim is played under misère play whatever is asked.
    assert conway.solve("misere-nim", "1 1 1").play == "misere"
    assert conway.solve("misere-nim", "1 1 1").outcome == "P"


def test_misere_play_of_a_sum_of_several_is_refused():
    with pytest.raises(conway.ConwayError, match="misère"):
        conway.solve([("nim", "1"), ("nim", "2")], misere=True)


# --- games that loop -------------------------------------------------------------------


def test_poker_nim_is_loopy_and_valued_like_nim():
    analysis = conway.solve("poker-nim", "1 2")
    assert analysis.kind == "loopy"
    assert analysis.outcome == "N"
    assert analysis.value == conway.Nimber(3)


def test_loopy_partizan_games_have_loopy_values_and_draws():
    assert {r.name: r for r in conway.rulesets()}["fox-and-geese"].kind == "loopy-partizan"
    fox = conway.solve("fox-and-geese", "F...|....|..G.|...G")
    assert fox.kind == "loopy-partizan"
    assert fox.value == "{3|off}"
    # A short value comes back as a Game; on + off is dud, a draw.
    assert conway.solve("backsliding-toads", "T..F").value == conway.game("*")
    dud = conway.solve([("backsliding-toads", "TT.F"), ("backsliding-toads", "T.FF")])
    assert (dud.outcome, dud.value) == ("D", "dud")


# --- games written in Python -----------------------------------------------------------


class TakeOneToThree(conway.ImpartialGame):
    """One heap; a move takes 1, 2 or 3 chips."""

    def options(self, n):
        return [n - k for k in (1, 2, 3) if k <= n]


class Stalks(conway.PartizanGame):
    """Left may shorten her stalk; Right has no moves."""

    def left_options(self, n):
        return [n - 1] if n > 0 else []

    def right_options(self, n):
        return []


class Round(conway.ImpartialGame):
    """Two positions that move to each other: play never ends."""

    may_loop = True

    def options(self, p):
        return {"a": ["b"], "b": ["a"]}[p]


class Tagged(conway.ImpartialGame):
    """Positions shown with characters that HTML must escape."""

    def options(self, n):
        return [n - 1] if n > 0 else []

    def show(self, n):
        return f"<heap & {n}>"


class Failing(conway.ImpartialGame):
    def options(self, n):
        if n == 2:
            raise RuntimeError("no moves from 2")
        return [n - 1] if n > 0 else []


def test_a_game_written_in_python_is_solved_like_the_catalogues():
    game = TakeOneToThree()
    analysis = conway.solve(game, 10)
    assert analysis.value == conway.Nimber(2)
    [move] = analysis.moves
    assert move.to.value == 8
    assert move.to == conway.position(game, 8)
    assert repr(move.to) == "conway.position(TakeOneToThree(), 8)"
    position = conway.position(game, 10)
    assert eval(repr(position), {"conway": conway, "TakeOneToThree": TakeOneToThree}) == position
    assert [p.value for p in position.moves()] == [9, 8, 7]
    assert position.solve().value == conway.Nimber(2)


def test_a_partizan_game_written_in_python_and_a_sum_with_the_catalogue():
    analysis = conway.solve(Stalks(), 3)
    assert analysis.value == conway.game("3")
    assert analysis.outcome == "L"
    total = conway.position(Stalks(), 2) + conway.position("nim", "1")
    assert conway.solve(total).value == conway.game("2*")


def test_a_looping_game_written_in_python_draws_with_an_infinite_value():
    analysis = conway.solve(Round(), "a")
    assert analysis.kind == "loopy"
    assert analysis.outcome == "D"
    assert analysis.value == "inf"
    assert [m.result for m in analysis.moves] == ["draws"]
    assert "draws" in analysis._repr_html_()


def test_a_callback_that_raises_is_raised():
    with pytest.raises(RuntimeError, match="no moves from 2"):
        conway.solve(Failing(), 5)


# --- errors ----------------------------------------------------------------------------


def test_an_unknown_game_is_a_parse_error():
    with pytest.raises(conway.ParseError, match="unknown game 'chess'") as caught:
        conway.solve("chess", "e4")
    assert caught.value.column is None
    assert isinstance(caught.value, ValueError)


def test_a_bad_position_is_a_parse_error_with_its_column():
    with pytest.raises(conway.ParseError) as caught:
        conway.position("nim", "1 x")
    assert caught.value.column == 3
    with pytest.raises(conway.ParseError, match="parameters"):
        conway.solve("subtraction", "3")


def test_a_tiny_work_limit_is_a_limit_error():
    with pytest.raises(conway.LimitError) as caught:
        conway.solve("domineering", "....|....|....|....", max_positions=10)
    assert caught.value.limit == "max_positions"
    assert isinstance(caught.value, conway.ConwayError)
    # The session's limits are untouched: the same position is solved without the argument.
    assert conway.solve("domineering", "....|....|....|....").outcome == "N"


def test_arguments_of_the_wrong_kind_are_type_errors():
    with pytest.raises(TypeError, match="position too"):
        conway.solve("nim")
    with pytest.raises(TypeError, match="no position"):
        conway.solve(conway.position("nim", "3"), "4")
    with pytest.raises(TypeError, match="a game is"):
        conway.solve(3.5, "1")
    with pytest.raises(TypeError, match="as a str"):
        conway.position("nim", [1, 2])
    with pytest.raises(TypeError, match="pair"):
        conway.Sum([("nim",)])


# --- reports ---------------------------------------------------------------------------


def test_to_dict_has_the_schema_of_solve_json():
    report = conway.solve("domineering", "...|...").to_dict()
    assert list(report) == [
        "game", "position", "kind", "play", "outcome", "value", "nim_value", "is_number",
        "left_stop", "right_stop", "mean", "temperature", "moves", "move_counts",
    ]
    assert report["value"] == "{2|-1/2}"
    assert (report["left_stop"], report["right_stop"]) == ("2", "-1/2")
    assert (report["mean"], report["temperature"]) == ("3/4", "5/4")
    assert report["moves"][0] == {
        "player": "left",
        "move": conway.solve("domineering", "...|...").moves[0].description,
        "to": ".#.|.#.",
    }
    assert report["move_counts"] == {"left": 1, "right": 4}
    json.dumps(report)
    impartial = conway.solve("nim", "13 42 30 43").to_dict()
    assert (impartial["value"], impartial["nim_value"]) == ("*18", 18)
    assert impartial["moves"] == [
        {"player": "either", "move": impartial["moves"][0]["move"], "to": "13 42 12 43"}
    ]
    misere = conway.solve("nim", "1 2", misere=True).to_dict()
    assert misere["value"] is None and misere["play"] == "misere"


def test_an_analysis_holds_at_most_keep_moves_of_each_player():
    analysis = conway.solve("nim", "1 1 1 1 1 1 1", keep=2)
    assert len(analysis.moves) == 2
    assert analysis.move_counts == {"either": 7}


def test_the_notebook_table_lists_every_move_valued_and_marks_the_winning_ones():
    analysis = conway.solve("nim", "13 42 30 43")
    html = analysis._repr_html_()
    rows = re.findall(r"<tr><td>either</td>.*?</tr>", html)
    assert len(rows) == 13 + 42 + 30 + 43
    winning = [row for row in rows if "wins" in row]
    assert len(winning) == 1
    assert "13 42 12 43" in winning[0] and "<code>0</code>" in winning[0]
    # Every other move leaves a nonzero nim-sum, which the table shows as the value after it.
    assert all("<code>0</code>" not in row for row in rows if row not in winning)
    short = conway.solve("nim", "13 42 30 43", keep=5)._repr_html_()
    assert len(re.findall(r"<tr><td>either</td>", short)) == 5
    assert "the moves: 5 of 128 shown" in short


def test_the_notebook_table_of_a_partizan_position_values_each_move():
    html = conway.solve("domineering", "...|...")._repr_html_()
    assert "{2|-1/2}" in html
    rows = re.findall(r"<tr><td>(left|right)</td>.*?</tr>", html)
    assert rows.count("left") == 3 and rows.count("right") == 4
    # Left's side moves leave ±1, which loses; the middle leaves 2, which wins.
    assert html.count("<code>+-1</code>") == 2
    assert html.count("wins ✓") == 5


def test_the_notebook_table_escapes_html():
    html = conway.solve(Tagged(), 2)._repr_html_()
    assert "&lt;heap &amp; 1&gt;" in html
    assert "<heap" not in html


def test_reprs_are_short():
    analysis = conway.solve("kayles", "1000000000000")
    assert len(repr(analysis)) < 200
    assert repr(analysis).startswith("<conway.Analysis kayles")
    assert len(analysis.moves) == 1000
    assert analysis.move_counts["either"] > 1000


TABLE_ROW = re.compile(
    r"<tr><td>(either|left|right)</td><td>(.*?)</td><td><code>(.*?)</code></td>"
    r"<td><code>(.*?)</code></td><td>(.*?)</td></tr>"
)


@pytest.mark.parametrize(
    "target, misere",
    [
        ([("domineering", "....|....|....|....|....")], False),
        ([("domineering", "...|..."), ("nim", "2")], False),
        ([("toads", "TT..FF"), ("nim", "1")], False),
        ([("nim", "13 12 8")], False),
        ([("kayles", "9"), ("subtraction:1,3,4", "20"), ("nim", "6")], False),
        ([("nim", "12 19 27")], True),
        ([("poker-nim", "1 2 3")], False),
        ([(TakeOneToThree(), 13), ("nim", "2")], False),
    ],
)
def test_the_table_marks_as_winning_exactly_the_moves_of_the_analysis(target, misere):
    import html as markup

    analysis = conway.solve(target, misere=misere)
    rows = TABLE_ROW.findall(analysis._repr_html_())
    winning = {(player, markup.unescape(after)) for player, _, after, _, result in rows
               if "wins" in result}
    expected = {(m["player"], m["to"]) for m in analysis.to_dict()["moves"]}
    assert winning == expected
    assert len(winning) == sum(analysis.move_counts.values())
    # Each move's value after it is shown, and winning moves come first for each player.
    assert all(value for *_, value, _ in rows)
    for player in {row[0] for row in rows}:
        results = [("wins" in row[4]) for row in rows if row[0] == player]
        assert results == sorted(results, reverse=True)


def cli():
    """The command line `conway`, built in the repository's target directory or on the PATH;
    skips where there is none."""
    import shutil

    for built in ("release", "debug"):
        path = Path(__file__).resolve().parents[3] / "target" / built / "conway"
        if path.exists():
            return str(path)
    found = shutil.which("conway")
    if found is None:
        pytest.skip("the conway command line is not built")
    return found


def test_to_dict_is_what_solve_json_prints_for_every_rulesets_example():
    import shlex
    import subprocess

    command = cli()
    for info in conway.rulesets():
        words = shlex.split(info.example)[2:]
        plain = [w for w in words if not w.startswith("--")]
        parts = [(plain[i], plain[i + 1]) for i in range(0, len(plain), 3)]
        printed = subprocess.run(
            [command, "solve", "--json", "--all-moves", *words],
            capture_output=True, text=True, check=True, timeout=60,
        ).stdout
        analysis = conway.solve(parts, misere="--misere" in words, keep=10**9)
        assert analysis.to_dict() == json.loads(printed), info.example
