"""Game graphs with cycles: outcomes, depths, γ and kernels of the README's and the library's
examples, from text, pairs, dicts and networkx graphs."""

import pytest

import conway

# Ferguson's cycle (the README's example): a, b and c go round; c may leave to d, and d to e.
FERGUSON = """\
# Ferguson's cycle
a -> b
b -> c  # on round
c -> a d
d -> e
"""
FERGUSON_EDGES = [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e")]


def summary(g):
    return [(v, g.outcome(v), g.depth(v), g.gamma(v)) for v in g.vertices]


def test_fergusons_cycle_under_normal_play():
    g = conway.graph(FERGUSON)
    assert summary(g) == [
        ("a", "D", None, "inf"),
        ("b", "D", None, "inf"),
        ("c", "D", None, "inf(1)"),
        ("d", "N", 1, 1),
        ("e", "P", 0, 0),
    ]
    # The draws make a 3-cycle with no way out: no kernel.
    assert g.kernel is None
    assert "no kernel" in g.kernel_reason
    assert g.play == "normal"
    assert len(g) == 5 and "c" in g and "z" not in g
    assert g.options("c") == ["a", "d"]


def test_fergusons_cycle_under_misere_play():
    g = conway.graph(FERGUSON, misere=True)
    assert [g.outcome(v) for v in g.vertices] == ["N", "P", "N", "P", "N"]
    assert g.depth("a") == 4
    assert g.gamma("a") is None
    assert g.kernel == ["b", "d"]
    assert g.play == "misere"


def test_pairs_and_dicts_give_the_same_graph():
    text = conway.graph(FERGUSON)
    pairs = conway.graph(FERGUSON_EDGES)
    mapping = conway.graph({"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": ["e"]})
    assert summary(pairs) == summary(text) == summary(mapping)
    assert pairs.to_dict() == text.to_dict()


def test_the_trap_wins_by_the_shortest_move():
    # a -> t, a -> b, b -> a: both of a's moves reach P, but only t ends the game.
    g = conway.graph([("a", "t"), ("a", "b"), ("b", "a")])
    assert [(g.outcome(v), g.depth(v)) for v in "abt"] == [("N", 1), ("P", 2), ("P", 0)]
    assert g.best_moves("a") == ["t", "b"]
    assert g.best_moves("b") == ["a"]
    assert g.vertices == ["a", "t", "b"]
    assert g.kernel == ["t", "b"]
    assert g.kernel_unique is True


def test_names_are_made_by_str():
    g = conway.graph([(0, 1), (1, 2)])
    assert g.vertices == ["0", "1", "2"]
    assert g.outcome(0) == g.outcome("0") == "P"
    assert g.gamma(1) == 1
    with pytest.raises(KeyError):
        g.outcome(7)


def test_a_networkx_graph_with_an_isolated_node():
    networkx = pytest.importorskip("networkx")
    digraph = networkx.DiGraph()
    digraph.add_edges_from(FERGUSON_EDGES)
    digraph.add_node("lonely")
    g = conway.graph(digraph)
    assert summary(g)[:5] == summary(conway.graph(FERGUSON))
    assert (g.outcome("lonely"), g.depth("lonely"), g.gamma("lonely")) == ("P", 0, 0)
    # An undirected graph moves both ways along each edge: x and y move to each other, and
    # play goes round for ever.
    path = networkx.Graph([("x", "y")])
    assert [conway.graph(path).outcome(v) for v in "xy"] == ["D", "D"]


def test_to_dict_has_the_schema_of_graph_json():
    report = conway.graph(FERGUSON).to_dict()
    assert report["game"] is None and report["file"] is None
    assert report["play"] == "normal"
    assert [p["gamma"] for p in report["positions"]] == ["inf", "inf", "inf(1)", "1", "0"]
    assert report["positions"][2] == {
        "position": "c",
        "outcome": "D",
        "depth": None,
        "gamma": "inf(1)",
        "options": [0, 3],
    }
    assert report["kernel"] is None and "no kernel" in report["kernel_reason"]
    misere = conway.graph(FERGUSON, misere=True).to_dict()
    # Nothing is drawn under misère play, so the P-positions are the only kernel.
    assert misere["kernel"] == ["b", "d"] and misere["kernel_unique"] is True


def test_text_that_does_not_read_is_a_parse_error_with_its_place():
    with pytest.raises(conway.ParseError) as caught:
        conway.graph("a -> b\nb# -> c\n")
    assert (caught.value.line, caught.value.column) == (2, 2)
    with pytest.raises(conway.ConwayError, match="partizan"):
        conway.graph("a -> b | c\n")
    with pytest.raises(TypeError, match="pairs"):
        conway.graph([("a", "b", "c")])


def test_the_notebook_table():
    html = conway.graph(FERGUSON)._repr_html_()
    assert html.count("<tr><td>") == 5
    assert "inf(1)" in html and "no kernel" in html
    assert conway.graph(FERGUSON, misere=True)._repr_html_().count("<td>K</td>") == 2
    g = conway.graph([("a", "<b>")])
    assert "&lt;b&gt;" in g._repr_html_() and "<b>&" not in g._repr_html_()
    assert repr(conway.graph(FERGUSON)) == (
        "<conway.GraphAnalysis 5 vertices, 5 moves (normal play): 1 P, 1 N, 3 D>"
    )


def test_a_large_graph_is_quick_and_its_table_is_cut():
    n = 20_000
    g = conway.graph([(i, i + 1) for i in range(n)])
    assert g.outcome(0) == ("P" if n % 2 == 0 else "N")
    assert g.depth(0) == n
    assert "the first 1000 of 20001 vertices shown" in g._repr_html_()


def test_to_dict_is_what_graph_json_prints(tmp_path):
    import json
    import shutil
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    built = [root / "target" / kind / "conway" for kind in ("release", "debug")]
    command = next((str(p) for p in built if p.exists()), None) or shutil.which("conway")
    if command is None:
        pytest.skip("the conway command line is not built")
    for text in (FERGUSON, "a -> t b\nb -> a\nlonely\n"):
        path = tmp_path / "graph.txt"
        path.write_text(text)
        for misere in ([], ["--misere"]):
            printed = subprocess.run(
                [command, "graph", str(path), "--json", *misere],
                capture_output=True, text=True, check=True, timeout=60,
            ).stdout
            report = json.loads(printed)
            report["file"] = None  # a graph given in Python has no file
            assert conway.graph(text, misere=bool(misere)).to_dict() == report
