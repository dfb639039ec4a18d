"""Piedicavallo tarocchi's dealer's discard (``docs/rules.md#piedicavallo-deal``): every legal
pair of discards from the dealer's 17 cards, valued double-dummy (``ciapano discard``).

The dealer is dealt 17 cards and discards 2 before the first lead: never a 5-point card, and
trumps only if it cannot do otherwise or discards every trump it holds
(:meth:`Tarocchi.discard_error <ciapano.Tarocchi.discard_error>`).  Its discards count for its
partnership (for the other if its partnership wins no trick).  :func:`analyse_discard` values
each legal pair with the four hands open, both partnerships at their best from the opening lead
(the seat after the dealer leads), in one engine and one table for every choice
(:class:`ciapano.engine.DiscardSearch`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .cards import Card, CardSet
from .engine import DiscardSearch, SearchLimits
from .errors import PositionError
from .games import Tarocchi
from .solving import check_options, stop_reason
from .validate import parse_card_set, parse_seat

__all__ = [
    "DISCARD_TT_MB",
    "DiscardAnalysis",
    "DiscardChoice",
    "analyse_discard",
    "discard_choices",
    "discard_from_dict",
]

#: The transposition table of the discard analysis, in MiB (one table for every choice; it
#: grows as it fills).
DISCARD_TT_MB = 1024


def discard_choices(hand: CardSet, game: Tarocchi | None = None) -> list[tuple[Card, Card]]:
    """Every legal pair of discards from the dealer's 17 cards ``hand``, in deck order
    (:meth:`Tarocchi.discard_error <ciapano.Tarocchi.discard_error>`)."""
    game = Tarocchi() if game is None else game
    cards = sorted(hand, key=lambda c: c.index)
    return [pair for pair in combinations(cards, 2) if game.discard_error(hand, pair) is None]


@dataclass(frozen=True)
class DiscardChoice:
    """One pair of discards and its double-dummy value.

    :ivar discard: the two cards discarded.
    :ivar value: the points of the dealer's partnership (0 to 114) with both partnerships at
        their best from the opening lead, or None when a limit stopped its search first.
    :ivar lower: a proved lower bound on the value (equal to it when exact).
    :ivar upper: a proved upper bound on the value (equal to it when exact).
    """

    discard: tuple[Card, Card]
    value: int | None
    lower: int
    upper: int

    def to_dict(self) -> dict[str, Any]:
        """``{"discard": [...], "value": V}``, and ``"lower"``, ``"upper"`` when not exact."""
        d: dict[str, Any] = {"discard": [c.text for c in self.discard], "value": self.value}
        if self.value is None:
            d["lower"] = self.lower
            d["upper"] = self.upper
        return d


@dataclass(frozen=True)
class DiscardAnalysis:
    """Every legal pair of the dealer's discards, valued double-dummy (:func:`analyse_discard`).

    :ivar dealer: the dealing seat.
    :ivar choices: every legal pair: those with a proved value first, best first, then the
        others by their bounds (ties in deck order).
    :ivar nodes: search nodes visited, in all.
    :ivar seconds: wall time.
    :ivar stopped_by: ``"max_nodes"`` or ``"time_limit"`` when a limit left choices with bounds
        only, else None.
    """

    dealer: int
    choices: tuple[DiscardChoice, ...]
    nodes: int
    seconds: float
    stopped_by: str | None = None

    @property
    def exact(self) -> bool:
        """Whether every choice's value is proved."""
        return all(c.value is not None for c in self.choices)

    @property
    def best(self) -> DiscardChoice:
        """The first choice (the best one when :attr:`exact`)."""
        return self.choices[0]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``ciapano discard --json``: ``{"dealer", "choices": [...],
        "exact", "nodes", "seconds"}`` and ``"stopped_by"`` when a limit stopped it."""
        d: dict[str, Any] = {
            "dealer": self.dealer,
            "choices": [c.to_dict() for c in self.choices],
            "exact": self.exact,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }
        if self.stopped_by is not None:
            d["stopped_by"] = self.stopped_by
        return d

    def __str__(self) -> str:
        lines = [
            f"Seat {self.dealer} deals: {len(self.choices)} legal pairs of discards, valued "
            "double-dummy (the points of the dealer's partnership, of 114, both partnerships at "
            "their best).",
            "",
            "  value    discard",
        ]
        for c in self.choices:
            value = str(c.value) if c.value is not None else f"{c.lower}..{c.upper}"
            lines.append(f"  {value:>7}  {' '.join(x.text for x in c.discard)}")
        lines.append("")
        if self.stopped_by is not None:
            lines.append(f"Stopped by {self.stopped_by}: the ranges are what was proved.")
        lines.append(f"Nodes: {self.nodes:,}    time: {self.seconds:.3f} s")
        return "\n".join(lines)


def _deal_input(game: Tarocchi, deal: object, dealer: object) -> tuple[list[CardSet], int]:
    """The four hands of the deal (the dealer's 17 cards) and the dealer, checked.

    :raises PositionError: naming ``deal`` or ``dealer``."""
    d = parse_seat("dealer", dealer, game.players)
    if not isinstance(deal, (list, tuple)) or len(deal) != game.players:
        raise PositionError("deal", f"{deal!r} is not {game.players} hands")
    hands = [parse_card_set(f"deal[{i}]", h, game.deck) for i, h in enumerate(deal)]
    for i, hand in enumerate(hands):
        want = game.hand_size + (game.set_aside_size if i == d else 0)
        if len(hand) != want:
            raise PositionError(f"deal[{i}]", f"{len(hand)} cards; seat {i} is dealt {want}")
    seen = CardSet()
    for i, hand in enumerate(hands):
        if hand & seen:
            raise PositionError(f"deal[{i}]", f"{hand & seen} dealt twice")
        seen |= hand
    return hands, d


def analyse_discard(
    deal: Sequence[object],
    dealer: int,
    game: Tarocchi | None = None,
    *,
    tt_mb: float = DISCARD_TT_MB,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> DiscardAnalysis:
    """Value every legal pair of the dealer's discards double-dummy
    (``docs/rules.md#piedicavallo-deal``): the four hands open, the dealer holding its 17 cards,
    each pair played out from the opening lead (the seat after the dealer) by both partnerships
    at their best.  The choices share one engine and its table (the discards' points are in
    the table's key only while a partnership has won no trick), and each starts its search from
    the value of the one before.

    :param deal: the four hands, the dealer's of 17 cards, the others of 15 (cards or texts).
    :param dealer: the dealing seat.
    :param game: the game (default ``Tarocchi()``).
    :param tt_mb: memory of the transposition table, in MiB.
    :param max_nodes: stop after about this many search nodes in all (None: no limit).
    :param time_limit: stop after about this many seconds (None: no limit).
    :param progress: called as ``progress(done, total)`` as choices are valued.
    :returns: a :class:`DiscardAnalysis`, best choice first; values are the points of the
        dealer's partnership (0 to 114).  Where a limit stopped the search, the choices not
        finished have proved bounds only (``value`` None).
    :raises PositionError: naming ``deal`` or ``dealer`` for a deal that is not the hands of
        the tarocchi deck (17 cards for the dealer, 15 for the others) or a dealer that is no
        seat.
    :raises OptionError: for a bad table size or limit.
    """
    start = time.perf_counter()
    game = Tarocchi() if game is None else game
    check_options(tt_mb=tt_mb, max_nodes=max_nodes, time_limit=time_limit)
    hands, d = _deal_input(game, deal, dealer)
    choices = discard_choices(hands[d], game)
    limits = SearchLimits(max_nodes, time_limit)
    search = DiscardSearch(game, hands, d, tt_mb, limits)
    valued: list[DiscardChoice] = []
    guess = -1
    for k, pair in enumerate(choices):
        lo, hi = search.dealer_bounds(pair, guess)
        if lo == hi:
            guess = lo
        valued.append(DiscardChoice(pair, lo if lo == hi else None, lo, hi))
        if progress is not None:
            progress(k + 1, len(choices))
    # Proved values first, best first; then the unproved ones by their bounds, best first.
    order = {pair: i for i, pair in enumerate(choices)}
    valued.sort(key=lambda c: (c.value is None, -c.upper, -c.lower, order[c.discard]))
    stopped = stop_reason(limits, False, max_nodes, time_limit) if limits.stopped else None
    return DiscardAnalysis(d, tuple(valued), search.nodes, time.perf_counter() - start, stopped)


def discard_from_dict(data: Any) -> tuple[Tarocchi, list[list[Any]], int]:
    """What ``ciapano discard`` reads: ``(game, deal, dealer)`` from a parsed file with
    ``"game": "tarocchi"``, the ``"dealer"`` and the ``"deal"`` (the dealer's 17 cards, 15 for
    each other seat); a history's other fields (``"discards"``, ``"play"``) are left aside.

    :raises PositionError: naming the field of the first problem."""
    if not isinstance(data, dict):
        raise PositionError("", "a discard file holds a JSON object")
    if data.get("game") != "tarocchi":
        raise PositionError(
            "game",
            f"{data.get('game', 'ciapano')!r}: the discard is Piedicavallo tarocchi's; give "
            '"tarocchi"',
        )
    for field in ("dealer", "deal"):
        if field not in data:
            raise PositionError(field, "is missing: a discard file gives the dealer and the deal")
    game = Tarocchi()
    hands, d = _deal_input(game, data["deal"], data["dealer"])
    return game, [list(h) for h in hands], d
