"""The one door into the search core (as DDS's ``SolverIF``): every solve, analysis, sample and
puzzle loads its positions into an engine through :func:`open_search`.

Each game has its own compiled engine, ``ciapano._engine_<game>``: the same skeleton (driver,
alpha-beta on null windows, transposition table, move generation) compiled with that game's
rules, scoring and the techniques proved for it (``ext/<game>/game.pxd``; ``setup.py`` says
how).  This module picks the engine of a position's game, hands it the position as bit masks
and the game's parameters, and gives back its ``Search``: a position with its transposition
table, whose methods answer value and card questions (``value_bounds``, ``move_bounds``,
``line``, ``classes``, ``set_root``, ...; ``ext/core/driver.pxi``).

Limits (:class:`SearchLimits`) and the technique switches (``OPTION_*``) are shared by every
engine.  The switches exist to test the search: a technique without a proof for a game is
compiled out of that game's engine, whatever the switches say.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any

from ._limits import (
    OPTION_ALL,
    OPTION_BOUNDS,
    OPTION_EQUIVALENCE,
    OPTION_LASTTRICK,
    OPTION_NULLGAME,
    OPTION_ORDERING,
    OPTION_QUASI,
    OPTION_RELATIVE,
    OPTION_TT,
    SearchLimits,
)
from .cards import CARDS, SUITS
from .rules import DECK_THIRDS, HAND_POINTS, Cappotto

__all__ = [
    "OPTION_ALL",
    "OPTION_BOUNDS",
    "OPTION_EQUIVALENCE",
    "OPTION_LASTTRICK",
    "OPTION_NULLGAME",
    "OPTION_ORDERING",
    "OPTION_QUASI",
    "OPTION_RELATIVE",
    "OPTION_TT",
    "SearchLimits",
    "engine_for",
    "open_search",
    "release_tables",
]

_CAPPOTTO_CODE = {Cappotto.OFF: 0, Cappotto.CARDS: 1, Cappotto.ALL: 2}
_POINTS = [c.thirds for c in CARDS]
_SUIT_MASKS = [s.mask for s in SUITS]
_ENGINES = ("ciapano", "busca")


def engine_for(game: str) -> ModuleType:
    """The compiled engine of a game, ``ciapano._engine_<game>``.

    :raises ValueError: if the game has no engine.
    """
    if game not in _ENGINES:
        raise ValueError(f"game: {game!r} has no search engine (engines: {', '.join(_ENGINES)})")
    return importlib.import_module(f"ciapano._engine_{game}")


def _parameters(position: Any) -> tuple[str, list[int], list[int], dict[str, int]]:
    """The engine, card points by index, suit masks and game parameters of a position."""
    scoring = {
        "unit": 3,
        "hand_points": HAND_POINTS,
        "cappotto": _CAPPOTTO_CODE[position.rules.cappotto],
        "discard_points": position.discard.thirds if position.discard is not None else 0,
    }
    assert sum(_POINTS) == DECK_THIRDS
    return "ciapano", _POINTS, _SUIT_MASKS, scoring


def open_search(
    position: Any,
    tt_mb: float,
    options: int = OPTION_ALL,
    limits: SearchLimits | None = None,
) -> Any:
    """Load a position into its game's engine.

    :param position: a validated :class:`~ciapano.Position`.
    :param tt_mb: memory for the transposition table, in MiB.
    :param options: the techniques to use (``OPTION_*`` flags), for tests of the search.
    :param limits: limits shared with other searches of the same solve.
    :returns: the engine's ``Search``, whose root is the position (the hands hold the cards they
        played to the current trick).
    :raises MemoryError: if the table cannot be allocated.
    """
    name, points, suit_masks, scoring = _parameters(position)
    n = position.players
    hands = [h.mask for h in position.hands]
    for i, card in enumerate(position.trick):
        hands[(position.leader + i) % n] |= card.mask
    return engine_for(name).Search(
        n,
        hands,
        position.leader,
        [c.index for c in position.trick],
        list(position.taken),
        points,
        suit_masks,
        scoring,
        tt_mb,
        options,
        limits,
    )


def release_tables() -> int:
    """Unmap the transposition tables that the engines keep for reuse (up to four per engine);
    returns the bytes released."""
    return sum(
        sys.modules[f"ciapano._engine_{name}"].release_tables()
        for name in _ENGINES
        if f"ciapano._engine_{name}" in sys.modules
    )
