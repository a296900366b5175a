"""The example notebook runs from top to bottom and shows its pictures and tables, and the
README's Python example runs as written."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
NOTEBOOK = ROOT / "crates" / "conway-py" / "examples" / "tour.ipynb"


def test_the_tour_notebook_runs_and_draws_its_pictures():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    kinds = [
        kind
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        for kind in output.get("data", {})
    ]
    assert kinds.count("image/svg+xml") >= 2  # the Kayles sequence and the thermograph
    assert kinds.count("text/html") >= 3  # analyses, a game, a graph
    printed = "".join(
        output.get("text", "")
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
    )
    assert "at '1x8', the claim says 5, but it is 7" in printed


def test_the_readmes_python_example_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## From Python") :]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks, "the README's Python section has an example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
