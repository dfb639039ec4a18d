"""A pure-Python exhaustive minimax: the oracle the search core is tested against.

It plays every legal card of every seat to the end of the hand with :meth:`Position.play` and
scores the end with :meth:`Position.score` (RULES.md §1), then takes the paranoid minimax
(RULES.md, "Double-dummy value"): the perspective seat minimises its own penalty, every other
seat maximises it.  No pruning, no equivalence, no bounds: it is meant to be obviously right,
not fast, and is practical only for a few cards per hand.  Positions already seen are looked up
in a dictionary keyed by the whole position, which changes nothing but the time taken.
"""

from __future__ import annotations

from .cards import Card
from .position import Position

__all__ = ["reference_move_values", "reference_value"]


def reference_value(position: Position, seat: int) -> int:
    """The least penalty ``seat`` can guarantee from ``position``, in penalty points."""
    memo: dict[Position, int] = {}

    def value(pos: Position) -> int:
        if pos.is_over():
            return pos.score()[seat]
        if pos in memo:
            return memo[pos]
        values = [value(pos.play(card)) for card in pos.legal_moves()]
        v = min(values) if pos.to_move == seat else max(values)
        memo[pos] = v
        return v

    return value(position)


def reference_move_values(position: Position, seat: int | None = None) -> dict[Card, int]:
    """``seat``'s value after each legal card of the seat to move (default seat: the mover)."""
    if seat is None:
        seat = position.to_move
    return {card: reference_value(position.play(card), seat) for card in position.legal_moves()}
