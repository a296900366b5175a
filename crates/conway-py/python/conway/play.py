"""Perfect play: the move the engine makes, as `conway play` does on the command line."""

from typing import Optional

from ._conway import Position


def best_move(position: Position, *, player: Optional[str] = None, misere: bool = False):
    """The position after perfect play's move from ``position``, or None where there is no
    move.

    The move is a winning one where one exists (for a loopy game, one that keeps a draw
    where nothing wins); where every move loses, the first move. ``player`` ("left" or
    "right") says who moves in a partizan game; an impartial game needs none.
    """
    if position.kind == "partizan" and player not in ("left", "right"):
        raise ValueError('say who moves in a partizan game: player="left" or player="right"')
    analysis = position.solve(misere=misere, keep=1)
    for move in analysis.moves:
        if player is None or move.player in (player, "either"):
            return move.to
    moves = position.moves(player, misere=misere) if player else position.moves(misere=misere)
    return moves[0] if moves else None
