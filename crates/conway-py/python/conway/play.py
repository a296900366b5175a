"""Perfect play: the move the engine makes, as `conway play` does on the command line."""

from typing import Optional

from ._conway import Sum


def best_move(position, *, player: Optional[str] = None, misere: bool = False):
    """The position after perfect play's move from ``position`` (a ``Position`` or a
    ``Sum``), or None where there is no move.

    The move is a winning one where one exists (for a loopy game, one that keeps a draw
    where nothing wins); where every move loses, the first move. ``player`` ("left" or
    "right") says who moves where a game is partizan; an impartial game needs none.
    """
    if player not in (None, "left", "right"):
        raise ValueError(f'player is "left", "right" or None, not {player!r}')
    parts = list(position.components) if isinstance(position, Sum) else [position]
    if player is None and any(p.kind == "partizan" for p in parts):
        raise ValueError('say who moves in a partizan game: player="left" or player="right"')
    analysis = position.solve(misere=misere, keep=1)
    analysis._raise_if_moves_unknown()
    for move in analysis.moves:
        if player is None or move.player in (player, "either"):
            return _after(position, parts, move.component, move.to)
    for i, part in enumerate(parts):
        moves = part.moves(player, misere=misere) if player else part.moves(misere=misere)
        if moves:
            return _after(position, parts, i, moves[0])
    return None


def _after(position, parts, component, to):
    """The position, or the sum, after a move to ``to`` in its component ``component``."""
    if not isinstance(position, Sum):
        return to
    return Sum(parts[:component] + [to] + parts[component + 1 :])
