"""Games of your own: subclass `ImpartialGame` or `PartizanGame` and say what the moves are.

Positions are any hashable Python values (tuples, frozensets, ints, strings). The engine asks
your game for the moves of each position it meets, once, and does the rest in Rust: the
memoised search, Sprague-Grundy values and canonical forms, outcomes, every winning move,
and sums with the games of the catalogue::

    class TakeOneTwoOrThree(conway.ImpartialGame):
        "One heap; a move takes 1, 2 or 3 chips."
        def options(self, n):
            return [n - k for k in (1, 2, 3) if k <= n]

    conway.solve(TakeOneTwoOrThree(), 10).value      # *2
"""


class ImpartialGame:
    """An impartial game: both players have the same moves.

    Define ``options(position)``, the positions one move reaches. Optionally define
    ``components(position)``, the independent parts a position splits into (a move is a move
    in exactly one of them), so that each part is solved once: the engine trusts it, and an
    empty list says the position has no moves at all. ``show(position)`` says how a position
    is written (its ``repr`` otherwise). Set ``name`` to name the game in reports.

    Every line of play must end. A game whose play may go round a cycle sets
    ``may_loop = True``: its positions are then analysed on their game graph (win, loss or
    draw, and the generalised Sprague-Grundy value). A game that loops without saying so is
    reported as an error rather than searched for ever.
    """

    name = None
    may_loop = False

    def options(self, position):
        """The positions reachable from ``position`` in one move."""
        raise NotImplementedError("an ImpartialGame defines options(position)")

    def __repr__(self):
        return f"{type(self).__name__}()"


class PartizanGame:
    """A partizan game: Left and Right have their own moves.

    Define ``left_options(position)`` and ``right_options(position)``. Optionally define
    ``components(position)`` (independent parts, each solved once) and ``show(position)``.
    Values are canonical forms of short games: every line of play must end.
    """

    name = None

    def left_options(self, position):
        """The positions Left can move to."""
        raise NotImplementedError("a PartizanGame defines left_options(position)")

    def right_options(self, position):
        """The positions Right can move to."""
        raise NotImplementedError("a PartizanGame defines right_options(position)")

    def __repr__(self):
        return f"{type(self).__name__}()"
