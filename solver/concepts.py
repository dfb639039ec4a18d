"""Solution concepts beyond the paranoid value: what a card is worth against opponents who are
not a coalition (docs/rules.md, "Solution concepts").

In the individual games (Ciapanò, Busca, Mattazza, Kifameno) the paranoid value is the score a
seat can guarantee when every other seat plays against it: a true guarantee, and a grim one.
Beside it (the default), :func:`ciapano.solve` and the commands built on it take
``concept=``:

- ``"maxn"``: every seat plays for its own score (maxⁿ, Luckhardt and Irani 1986); a seat
  choosing between cards equal for itself takes the one worse for the perspective seat, then
  the first in deck order (suits S H D C, each from its highest card down);
- ``"maxn-for"``: the same, ties broken in the perspective seat's favour;
- ``"best"``: every seat plays for the perspective seat (its least possible score).

The perspective seat's score under each concept lies between ``best`` and ``paranoid``
(``ext/core/maxn.pxd``); when a limit stops a concept's search, the cards not finished get
those bounds (the paranoid value's proved upper bound, the game's least score below).
In the games of two sides (Calabrasella, tarocchi, bridge) the value is zero-sum and every
concept is that value: the option is accepted and changes nothing.

maxⁿ prunes little (``ext/core/maxn.pxd`` says why): its search is exhaustive but for a table of
trick starts and equivalent cards, so it is exact within a second only near the end of a hand
(README, "Solution concepts").
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .errors import OptionError

__all__ = [
    "CONCEPTS",
    "DEFAULT_CONCEPT",
    "check_concept",
    "choose",
    "concept_code",
    "concept_key",
    "deck_order",
]

#: The solution concepts, the default first.
CONCEPTS: tuple[str, ...] = ("paranoid", "maxn", "maxn-for", "best")
#: The concept of every value unless another is asked for.
DEFAULT_CONCEPT = "paranoid"
# The engine's codes (ext/core/maxn.pxd, CONCEPT_*).
_CODES = {"maxn": 0, "maxn-for": 1, "best": 2}


def check_concept(concept: object, field: str = "concept") -> str:
    """``concept`` if it is one of :data:`CONCEPTS`.

    :raises OptionError: naming ``field`` and the value, otherwise.
    """
    if not isinstance(concept, str) or concept not in CONCEPTS:
        raise OptionError(
            field, f"{concept!r} is not a solution concept: use one of {', '.join(CONCEPTS)}"
        )
    return concept


def concept_code(concept: str) -> int:
    """The engine's code of a concept other than ``"paranoid"`` (``Search.concept_scores``)."""
    return _CODES[concept]


def deck_order(card: Card) -> tuple[int, int]:
    """The tie rule's deck order as a sort key: suits by index (S H D C), each from its highest
    card down."""
    return (int(card.suit), -card.index)


def concept_key(concept: str, mover: int, seat: int, scores: Sequence[int]) -> tuple[int, ...]:
    """The key by which the seat to move ``mover`` chooses under ``concept`` (the least key
    wins, then deck order) among cards leading to ``scores`` (every seat's score, lower is
    better), ``seat`` being the perspective seat.

    :raises KeyError: for ``"paranoid"``, which is not a choice by key.
    """
    mine = scores[seat]
    if concept == "best":
        return (mine,)
    if concept == "maxn":
        return (scores[mover], -mine)
    if concept == "maxn-for":
        return (scores[mover], mine)
    raise KeyError(concept)


def choose(concept: str, mover: int, seat: int, found: dict[Card, tuple[int, ...]]) -> Card:
    """The card the rule of ``concept`` takes among ``found`` (card -> every seat's scores)."""
    return min(
        sorted(found, key=deck_order), key=lambda c: concept_key(concept, mover, seat, found[c])
    )
