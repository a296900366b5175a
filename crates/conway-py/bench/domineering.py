#!/usr/bin/env python3
"""Domineering written three ways, timed on the 4x4, 4x5 and 5x5 boards.

  (a) pycgt's built-in Domineering (pure Python; `pip install pycgt`, 0.2.0),
  (b) Domineering written here in Python as a subclass of `conway.PartizanGame`,
      valued by conway's engine, which calls back into Python for the moves,
  (c) conway's own ruleset: `conway.solve("domineering", "....|....|....|....")`.

A board "RxC" has R rows and C columns. Left places dominoes vertically (two
empty squares of one column), Right horizontally (two of one row); whoever
cannot move loses. pycgt (Left's shape (1,0)) and conway's ruleset use the same
convention, so 4x5 is 1 (Left wins) in all three.

Usage:
    python domineering.py                      # 4x4, 4x5 and 5x5, all three ways
    python domineering.py --boards 4x4,4x5     # fewer boards (5x5 takes ~40 s in pycgt)
    python domineering.py --skip pycgt         # leave out one or more of pycgt,python,builtin
    python domineering.py --check              # only the brute-force check of the moves

Every run starts with a brute-force check of the move generator of (b) on the
2x2 and 2x3 boards (and a few more), which needs neither conway nor pycgt.

Each way starts cold on every board: pycgt's memo tables are cleared before each
board, and a new `Domineering()` is made for each board. (Whether conway's own
tables are kept between `conway.solve` calls is up to conway.) The times cover
computing the value only; turning it into text is done outside the timing.

The values are compared as text; where the texts differ (pycgt writes 4x4's
option 2Tiny(2) as {2|{2|0}}), both are read as games, by `conway.game` or else
by pycgt, and compared (`same_value`; "?" in the table if a text cannot be read).

The position of (b) is an int of empty squares; `components` splits it into its
regions, each cut to its bounding box and the least of its four reflections
(as pycgt and conway's own ruleset do), and keeps its answers per instance.

The conway calls are all in `conway_value_python_defined`,
`conway_value_builtin` and `conway_game` below, written against the expected API:
    conway.solve(Domineering(), position).value   # a conway.Game; str() = canonical form
    conway.solve("domineering", "....|....").value
    conway.game("+-{0,{{2|0},{2|{2|0}}|Miny(2),{2|0}}}")   # text -> conway.Game
"""

from __future__ import annotations

import argparse
import itertools
import random
import re
import sys
import time
from fractions import Fraction

try:
    import conway
except ImportError as error:  # the Python package is still being written
    conway = None
    CONWAY_IMPORT_ERROR = error
else:
    CONWAY_IMPORT_ERROR = None

try:
    import pycgt
    from pycgt.rulesets import domineering as pycgt_domineering
except ImportError as error:
    pycgt = None
    PYCGT_IMPORT_ERROR = error
else:
    PYCGT_IMPORT_ERROR = None


# ---------------------------------------------------------------------------
# (b) Domineering in Python: the rules, independent of conway
# ---------------------------------------------------------------------------
#
# A position is an int: bit 8 r + c is set when square (r, c) is empty (boards up to 7
# columns; column 7 stays clear, so a shift by one never wraps round a row). A move clears
# two bits, and a region of the board is found by shifts: what a Python programmer would
# write for speed, in a few lines.

STRIDE = 8
ROW = (1 << 7) - 1
FLIP = [int(f"{b:07b}"[::-1], 2) for b in range(128)]  # a row of 7 bits, mirrored


class DomineeringMoves:
    """The rules of Domineering on positions that are ints (see above).

    A plain class, so that the rules can be checked without conway; the class
    handed to conway is `Domineering` below, this plus `conway.PartizanGame`.
    """

    def left_options(self, empty):
        """Left places a vertical domino: squares (r, c) and (r + 1, c)."""
        return _place(empty, empty & (empty >> STRIDE), STRIDE)

    def right_options(self, empty):
        """Right places a horizontal domino: squares (r, c) and (r, c + 1)."""
        return _place(empty, empty & (empty >> 1), 1)

    def components(self, empty):
        """The regions of empty squares joined by edges, each a position of its own, moved
        to the top-left corner and written as the least of its four reflections (each keeps
        every domino's direction, hence the value), so that equal regions are one position
        for the engine. Single squares (value 0) are left out; a position with no region of
        two squares is returned as it is. Answers are kept per instance: the engine asks for
        the parts of every option it meets."""
        try:
            memo = self._components_memo
        except AttributeError:
            memo = self._components_memo = {}
        regions = memo.get(empty)
        if regions is None:
            regions = memo[empty] = _components(empty)
        return regions


def _place(empty, starts, step):
    """The positions after a domino on each square of `starts` and the one `step` on."""
    out = []
    while starts:
        low = starts & -starts
        out.append(empty ^ (low | low << step))
        starts ^= low
    return out


def _components(position):
    regions, empty = [], position
    while empty:
        region = empty & -empty
        while True:
            grown = (region | region << 1 | region >> 1 | region << STRIDE | region >> STRIDE) & empty
            if grown == region:
                break
            region = grown
        empty ^= region
        if region & (region - 1):  # two squares or more
            regions.append(_least_reflection(region))
    return regions or [position]


_LEAST = {}


def _least_reflection(region):
    """The region moved to the top-left corner, as the least of its four reflections;
    remembered, as the same regions come back in many positions."""
    least = _LEAST.get(region)
    if least is None:
        least = _LEAST[region] = _reflect(region)
    return least


def _reflect(region):
    rows = []
    while region:
        rows.append(region & ROW)
        region >>= STRIDE
    while rows[0] == 0:
        rows.pop(0)
    columns = 0
    for bits in rows:
        columns |= bits
    left = (columns & -columns).bit_length() - 1
    width = columns.bit_length() - left
    rows = [bits >> left for bits in rows]
    mirrored = [FLIP[bits] >> (7 - width) for bits in rows]
    return min(_pack(rows), _pack(mirrored), _pack(rows[::-1]), _pack(mirrored[::-1]))


def _pack(rows):
    bits = 0
    for r, row in enumerate(rows):
        bits |= row << (STRIDE * r)
    return bits


def encode(board):
    """A board written as row strings ("." empty, "#" filled) as a position."""
    return _pack([sum(1 << c for c, square in enumerate(row) if square == ".") for row in board])


def rectangle(rows, columns):
    """The empty board of `rows` rows and `columns` columns, as (b) writes it."""
    return tuple("." * columns for _ in range(rows))


def notation(position):
    """A position of (b) in conway's notation, rows joined by "|"."""
    return "|".join(position)


# ---------------------------------------------------------------------------
# Brute-force check of the move generator (no conway, no pycgt)
# ---------------------------------------------------------------------------


def _brute_force_options(position):
    """Left's and Right's options, from every pair of empty squares."""
    empty = [
        (r, c) for r, row in enumerate(position) for c, square in enumerate(row) if square == "."
    ]

    def fill(pair):
        return tuple(
            "".join("#" if (r, c) in pair else square for c, square in enumerate(row))
            for r, row in enumerate(position)
        )

    left, right = [], []
    for (r1, c1), (r2, c2) in itertools.combinations(empty, 2):
        pair = {(r1, c1), (r2, c2)}
        if c1 == c2 and abs(r1 - r2) == 1:
            left.append(fill(pair))  # vertical
        elif r1 == r2 and abs(c1 - c2) == 1:
            right.append(fill(pair))  # horizontal
    return left, right


def _cells(position):
    return [(r, c) for r, row in enumerate(position) for c, sq in enumerate(row) if sq == "."]


def _shape(cells):
    """A region's squares up to translation and the four reflections, as one key."""
    top, bottom = min(r for r, _ in cells), max(r for r, _ in cells)
    left, right = min(c for _, c in cells), max(c for _, c in cells)
    return min(
        tuple(sorted((r - top, c - left) for r, c in cells)),
        tuple(sorted((bottom - r, c - left) for r, c in cells)),
        tuple(sorted((r - top, right - c) for r, c in cells)),
        tuple(sorted((bottom - r, right - c) for r, c in cells)),
    )


def _brute_force_components(position):
    """The shapes of the regions of two or more empty squares, by a plain flood fill."""
    empty = set(_cells(position))
    out = []
    while empty:
        region, frontier = set(), [empty.pop()]
        while frontier:
            r, c = frontier.pop()
            region.add((r, c))
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in empty:
                    empty.remove(n)
                    frontier.append(n)
        if len(region) >= 2:
            out.append(_shape(region))
    return sorted(out)


def check_moves():
    """Check (b)'s moves against brute force; return True when all agree."""
    moves = DomineeringMoves()
    # (board, Left's option count, Right's option count), counted by hand.
    cases = [
        (rectangle(2, 2), 2, 2),
        (rectangle(2, 3), 3, 4),
        (rectangle(3, 2), 4, 3),
        (rectangle(1, 2), 0, 1),
        (rectangle(2, 1), 1, 0),
        (rectangle(4, 4), 12, 12),
        # by hand: Left (0,0)-(1,0), (1,0)-(2,0), (1,2)-(2,2); Right (0,0)-(0,1) and two in row 2
        (("..#", ".#.", "..."), 3, 3),
    ]
    ok = True
    print("Brute-force check of the Python-defined moves (Left vertical, Right horizontal):")
    for board, left_count, right_count in cases:
        left = moves.left_options(encode(board))
        right = moves.right_options(encode(board))
        brute_left, brute_right = _brute_force_options(board)
        good = (
            sorted(left) == sorted(map(encode, brute_left))
            and sorted(right) == sorted(map(encode, brute_right))
            and len(left) == left_count
            and len(right) == right_count
            and len(set(left)) == len(left)
            and len(set(right)) == len(right)
        )
        ok &= good
        print(
            f"  {notation(board):<20} Left {len(left)} (brute force {len(brute_left)}, "
            f"expected {left_count}), Right {len(right)} (brute force {len(brute_right)}, "
            f"expected {right_count}): {'ok' if good else 'WRONG'}"
        )
    # Components: a board split by a filled column, and a board with a lone square.
    split = moves.components(encode(("..#..", "..#..")))
    good = split == [encode(("..", ".."))] * 2
    good &= moves.components(encode(("#.#", "###", "..#"))) == [encode(("..",))]
    good &= moves.components(encode(rectangle(2, 3))) == [encode(rectangle(2, 3))]
    # And 2000 random boards against a plain flood fill.
    rng = random.Random(7)
    for _ in range(2000):
        height, width = rng.randint(1, 6), rng.randint(1, 6)
        board = tuple("".join(rng.choice("...#") for _ in range(width)) for _ in range(height))
        got = _components(encode(board))
        expected = _brute_force_components(board)
        if not expected:
            good &= got == [encode(board)]
            continue
        good &= sorted(_shape(_cells(_decode(p))) for p in got) == expected
    ok &= good
    print(
        f"  components: 3 boards by hand and 2000 random boards against a flood fill: {'ok' if good else 'WRONG'}"
    )
    return ok


def _decode(bits):
    """A position as row strings, for the checks."""
    rows = []
    while bits:
        rows.append("".join("." if bits >> c & 1 else "#" for c in range(7)))
        bits >>= STRIDE
    return tuple(rows)


# ---------------------------------------------------------------------------
# The conway calls: keep them here, so they are easy to adapt to the real API
# ---------------------------------------------------------------------------

if conway is not None and hasattr(conway, "PartizanGame"):

    class Domineering(DomineeringMoves, conway.PartizanGame):
        """(b): Domineering defined in Python, valued by conway."""


def conway_value_python_defined(rows, columns):
    """(b): the value of the rows x columns board, Domineering defined in Python."""
    _LEAST.clear()
    return conway.solve(Domineering(), encode(rectangle(rows, columns))).value


def conway_value_builtin(rows, columns):
    """(c): the value of the rows x columns board, conway's own ruleset."""
    return conway.solve("domineering", notation(rectangle(rows, columns))).value


def conway_game(text):
    """A value written as text (conway's or pycgt's notation) as a conway.Game,
    only to compare values whose texts differ."""
    return conway.game(text)


# ---------------------------------------------------------------------------
# (a) pycgt
# ---------------------------------------------------------------------------


def _clear_pycgt_caches():
    """Empty every functools cache of pycgt, so that each board starts cold."""
    for name, module in list(sys.modules.items()):
        if name == "pycgt" or name.startswith("pycgt."):
            for obj in vars(module).values():
                if callable(getattr(obj, "cache_clear", None)):
                    obj.cache_clear()


def pycgt_value(rows, columns):
    """(a): pycgt's value of the rows x columns board (a pycgt.Game)."""
    return pycgt_domineering.rectangle(rows, columns)


_NUMBER = re.compile(r"-?\d+(?:/\d+)?")
_UPS = re.compile(r"(\^+|v+)(\d*)")
_STAR = re.compile(r"\*(\d*)")


def _top_level(text, separators):
    """Positions in `text` of characters in `separators` outside braces and parentheses."""
    depth, out = 0, []
    for i, ch in enumerate(text):
        if ch in "{(":
            depth += 1
        elif ch in "})":
            depth -= 1
        elif depth == 0 and ch in separators:
            out.append(i)
    return out


def _closing(text, start):
    """Index of the bracket that closes the one at `start`."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] in "{(":
            depth += 1
        elif text[i] in "})":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError(f"unbalanced {text!r}")


def _options(text):
    text = text.strip()
    if not text:
        return []
    if _top_level(text, "|"):  # a single option written inline: {2||1|0} = {2|{1|0}}
        return [_sides(text)]
    cuts = [-1] + _top_level(text, ",") + [len(text)]
    return [from_conway_text(text[a + 1 : b]) for a, b in itertools.pairwise(cuts)]


def _sides(text):
    """The game {text}, `text` being 'L|R' with the game's bar the longest run of bars."""
    bars = _top_level(text, "|")
    runs, start = [], None  # (length, position) of each run of bars
    for k, i in enumerate(bars):
        if start is None:
            start = i
        if k + 1 == len(bars) or bars[k + 1] != i + 1:
            runs.append((i - start + 1, start))
            start = None
    length, at = max(runs)
    if sum(1 for bar, _ in runs if bar == length) != 1:
        raise ValueError(f"no single longest bar in {{{text}}}")
    return pycgt.game(_options(text[:at]), _options(text[at + length :]))


def from_conway_text(text):
    """A value as conway writes it, as a pycgt game (only to compare with pycgt).

    Reads numbers, ups and downs (^, ^^, ^3, v, vv, v3), stars (*, *5) and sums
    of these (1/2^*), +-X, +-(X), +-{X,Y}, xTiny(y), xMiny(y) and {L|R} with
    inline options ({2||1|0}). Raises ValueError on anything else (uptimals
    such as ^<3> are not read).
    """
    text = text.strip()
    if text.startswith("+-"):
        rest = text[2:].strip()
        if rest.startswith("{") and _closing(rest, 0) == len(rest) - 1:
            left = _options(rest[1:-1])
        elif rest.startswith("(") and _closing(rest, 0) == len(rest) - 1:
            left = [from_conway_text(rest[1:-1])]
        else:
            left = [from_conway_text(rest)]
        return pycgt.game(left, [pycgt.negate(g) for g in left])
    if text.startswith("{"):
        if _closing(text, 0) != len(text) - 1:
            raise ValueError(f"cannot read {text!r}")
        return _sides(text[1:-1])
    total = pycgt.ZERO
    match = _NUMBER.match(text)
    if match:
        total = pycgt.number(Fraction(match.group()))
        text = text[match.end() :]
    if text.startswith(("Tiny(", "Miny(")) and _closing(text, 4) == len(text) - 1:
        argument = from_conway_text(text[5:-1])
        part = pycgt.tiny(argument) if text[0] == "T" else pycgt.miny(argument)
        return pycgt.add(total, part)
    match = _UPS.match(text)
    if match:
        count = len(match.group(1)) if not match.group(2) else int(match.group(2))
        total = pycgt.add(total, pycgt.up_multiple(count if match.group(1)[0] == "^" else -count))
        text = text[match.end() :]
    match = _STAR.match(text)
    if match:
        total = pycgt.add(total, pycgt.nimber(int(match.group(1) or 1)))
        text = text[match.end() :]
    if text:
        raise ValueError(f"cannot read {text!r}")
    return total


def same_value(a, b):
    """Whether two values printed as text are the same: True, False or None (unknown).

    Texts equal up to spaces are the same value (conway writes each value one
    way). Otherwise both texts are read as games, by conway (`conway_game`) if it
    can, else by pycgt (pycgt's texts and conway's, through `from_conway_text`),
    and compared as values.
    """
    if "".join(a.split()) == "".join(b.split()):
        return True
    try:
        return conway_game(a) == conway_game(b)
    except Exception:  # conway missing, or without a reader of game texts
        pass
    if pycgt is not None:
        try:
            return from_conway_text(a) == from_conway_text(b)
        except (ValueError, ZeroDivisionError, RecursionError):
            pass
    return None


# ---------------------------------------------------------------------------
# The benchmark
# ---------------------------------------------------------------------------


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def run(boards, skip):
    results = []
    for rows, columns in boards:
        board = f"{rows}x{columns}"
        row = {"board": board, "times": {}, "texts": {}}
        if "pycgt" not in skip and pycgt is not None:
            _clear_pycgt_caches()
            seconds, value = timed(pycgt_value, rows, columns)
            row["times"]["pycgt"] = seconds
            row["texts"]["pycgt"] = pycgt.render(value)
            print(
                f"  {board} pycgt           {seconds:9.3f} s  {row['texts']['pycgt']}", flush=True
            )
        for way, function in (
            ("python", conway_value_python_defined),
            ("builtin", conway_value_builtin),
        ):
            if way in skip or conway is None:
                continue
            if way == "python" and not hasattr(conway, "PartizanGame"):
                print(f"  {board} python-defined  skipped: conway has no PartizanGame")
                continue
            label = "python-defined" if way == "python" else "built-in"
            try:
                seconds, value = timed(function, rows, columns)
            except Exception as error:  # the conway API is still being written
                print(f"  {board} {label:<15} FAILED: {type(error).__name__}: {error}", flush=True)
                row["failed"] = True
                continue
            row["times"][way] = seconds
            row["texts"][way] = str(value)
            print(f"  {board} {label:<15} {seconds:9.3f} s  {row['texts'][way]}", flush=True)
        results.append(row)
    return results


def agreement(texts):
    """'yes', 'NO', '?' (texts differ, no way to compare them here) or '-'."""
    values = list(texts.values())
    if len(values) < 2:
        return "-"
    verdicts = [same_value(values[0], other) for other in values[1:]]
    if any(v is False for v in verdicts):
        return "NO"
    if all(v is True for v in verdicts):
        return "yes"
    return "?"


def print_table(results):
    def cell(seconds):
        return f"{seconds:.3f}" if seconds is not None else "-"

    header = (
        f"{'board':<6} {'pycgt s':>10} {'python-defined s':>17} {'built-in s':>11}"
        f" {'pycgt/python':>13}  same value"
    )
    print()
    print(header)
    print("-" * len(header))
    all_agree = True
    for row in results:
        times = row["times"]
        a, b, c = times.get("pycgt"), times.get("python"), times.get("builtin")
        ratio = f"{a / b:.1f}x" if a is not None and b else "-"
        verdict = agreement(row["texts"])
        all_agree &= verdict != "NO"
        print(f"{row['board']:<6} {cell(a):>10} {cell(b):>17} {cell(c):>11} {ratio:>13}  {verdict}")
    print()
    print("Values:")
    for row in results:
        for way, label in (
            ("pycgt", "pycgt"),
            ("python", "python-defined"),
            ("builtin", "built-in"),
        ):
            if way in row["texts"]:
                print(f"  {row['board']:<6} {label:<15} {row['texts'][way]}")
    return all_agree


def parse_boards(text):
    boards = []
    for item in text.split(","):
        rows, _, columns = item.strip().lower().partition("x")
        boards.append((int(rows), int(columns)))
    return boards


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default="4x4,4x5,5x5", help="RxC,... (rows x columns)")
    parser.add_argument(
        "--skip", default="", help="comma-separated ways to leave out: pycgt,python,builtin"
    )
    parser.add_argument("--check", action="store_true", help="only check the move generator")
    args = parser.parse_args(argv)

    if not check_moves():
        print("The Python-defined move generator is WRONG; no timing.")
        return 1
    if args.check:
        return 0

    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    print()
    if pycgt is None and "pycgt" not in skip:
        print(
            f"pycgt is not importable ({PYCGT_IMPORT_ERROR}): column (a) skipped; `pip install pycgt`."
        )
    elif pycgt is not None:
        print(f"pycgt {getattr(pycgt, '__version__', '?')} from {pycgt.__file__}")
    if conway is None:
        print(f"conway is not importable ({CONWAY_IMPORT_ERROR}): columns (b) and (c) skipped.")
    else:
        print(f"conway from {getattr(conway, '__file__', '?')}")
    print(f"Python {sys.version.split()[0]}")
    print()

    if (pycgt is None or "pycgt" in skip) and (conway is None or {"python", "builtin"} <= skip):
        print("Nothing to time.")
        return 1
    results = run(parse_boards(args.boards), skip)
    if not print_table(results):
        print("\nThe three ways DISAGREE on some value.")
        return 1
    if any(row.get("failed") for row in results):
        print("\nSome ways FAILED (see above).")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
