"""Shared by the suite: where the Rust tests' oracle tables are."""

import pathlib

DATA = pathlib.Path(__file__).resolve().parents[2] / "conway" / "tests" / "data"


def rows(name):
    """The rows of one of the Rust tests' tables, split on tabs, without comments."""
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            yield line.split("\t")
