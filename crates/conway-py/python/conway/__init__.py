"""conway: exact combinatorial game theory.

Values, outcomes and every winning move of the games of the texts, of sums of them, and of
games you write yourself in Python::

    >>> import conway
    >>> g = conway.game("{2||1|0} + ^")
    >>> str(g)
    '{2^||1^|^}'
    >>> conway.solve("nim", "13 42 30 43").moves[0].to
    conway.position('nim', '13 42 12 43')

Short games (`Game`) and nimbers (`Nimber`) are Python values with the theory's arithmetic
and order; `solve` analyses a position of any ruleset of the catalogue (`rulesets()`) or of a
game of your own (`ImpartialGame`, `PartizanGame`); `seq` gives a heap game's nim-sequence
and its period; `graph` analyses a game graph, cycles allowed; `check` looks for a
counterexample to a claim. Errors are `ParseError` (a `ValueError`) and `LimitError`.
"""

from ._conway import *  # noqa: F401,F403
from ._conway import __version__  # noqa: F401
from .games import ImpartialGame, PartizanGame  # noqa: F401
from .claims import Counterexample, check  # noqa: F401
from .play import best_move  # noqa: F401
