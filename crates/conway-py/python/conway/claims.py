"""Claims checked for counterexamples.

Published rules about games are sometimes false as printed; the texts this package follows
correct several, found by exactly this kind of search. `check` runs a claimed rule over
positions and returns the first position where it fails, with the evidence.
"""

from dataclasses import dataclass
from typing import Any, Iterable, Optional

from fractions import Fraction

from ._conway import Game, Nimber, solve

OUTCOMES = ("L", "R", "P", "N", "D")


@dataclass(frozen=True)
class Counterexample:
    """A position where a claim fails.

    ``claimed`` is what the claim said and ``actual`` the truth: outcome classes ("P",
    "N", ...) for claims about P-positions and outcomes, values for claims about values.
    ``witness`` is the evidence a reader can check by hand: from a position wrongly claimed
    to be a P-position, a winning move (a `Move`); from a position wrongly claimed to be an
    N-position, None (it has no winning move, which ``analysis`` shows in full).
    """

    position: Any
    claimed: Any
    actual: Any
    witness: Any
    analysis: Any

    def __str__(self):
        if self.claimed == "P" and self.witness is not None:
            why = f"it is {self.actual}: the move {self.witness.description} wins"
        elif self.claimed == "N" and self.actual == "P":
            why = "it is P: no move wins"
        else:
            why = f"it is {self.actual}"
        return f"at {self.position!r}, the claim says {self.claimed}, but {why}"


def check(
    game,
    positions: Iterable[Any],
    claim,
    *,
    max_positions: Optional[int] = None,
    max_memory: Optional[int] = None,
) -> Optional[Counterexample]:
    """Checks a claim about the positions of ``game``; returns the first counterexample, or
    None where the claim holds at every position given.

    ``game`` is a ruleset's name (then positions are texts in its notation) or a game written
    in Python. ``claim(position)`` returns what the claim says of the position:

    - ``True`` or ``False``: that it is, or is not, a P-position (the player to move loses);
    - an outcome class, "L", "R", "P", "N" or "D";
    - a value: a ``Game``, an ``int`` or a ``Fraction`` for a partizan game, a ``Nimber`` or
      an ``int`` (the nim value) for an impartial one.
    """
    for position in positions:
        claimed = claim(position)
        analysis = solve(game, position, max_positions=max_positions, max_memory=max_memory)
        found = _failure(claimed, analysis)
        if found is not None:
            claimed, actual, witness = found
            return Counterexample(position, claimed, actual, witness, analysis)
    return None


def _failure(claimed, analysis):
    """What a claim got wrong about an analysed position, or None where it is right."""
    _understood(claimed)
    if isinstance(claimed, bool):
        claimed = "P" if claimed else "N"
    if isinstance(claimed, str) and claimed in OUTCOMES:
        if analysis.outcome == claimed:
            return None
        winning = [m for m in analysis.moves if m.result == "wins"]
        witness = winning[0] if claimed == "P" and winning else None
        return claimed, analysis.outcome, witness
    if analysis.value is None:
        why = analysis.value_unknown or "under misère play positions have no values"
        raise ValueError(f"the position has no value to compare with the claim: {why}")
    if analysis.value == claimed:
        return None
    return claimed, analysis.value, None


def _understood(claimed):
    """Refuses what a claim may not say: a claim is a truth value, an outcome class or a
    value, and anything else (None from a forgotten `return`, a float) is a mistake in the
    claim, not a counterexample."""
    if isinstance(claimed, (bool, int, Fraction, Game, Nimber)):
        return
    if isinstance(claimed, str) and claimed in OUTCOMES:
        return
    raise TypeError(
        "a claim returns True or False (a P-position or not), an outcome class "
        f'("L", "R", "P", "N", "D") or a value (a Game, Nimber, int or Fraction), not {claimed!r}'
    )
