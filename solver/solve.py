"""Double-dummy solving: the paranoid value of a position, of each legal card, and a line.

The value of a position for a perspective seat P is the least penalty P can guarantee when all
the other seats, seeing every hand, play together against it (the paranoid minimax value,
``../shared/RULES.md``, "Double-dummy value").  All values are whole **penalty points**.

The work is done by the Cython core (``ciapano._core``, sources in ``ext/``): alpha-beta on null
windows with a transposition table, rank equivalence and cheap bounds, driven so as to bracket
the exact value (as DDS does).  :mod:`ciapano.reference` is the slow oracle it is tested against.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from . import _core
from .cards import CARDS, SUITS, Card
from .errors import PositionError
from .position import Position
from .rules import DECK_THIRDS, HAND_POINTS, Cappotto

__all__ = [
    "DEFAULT_TT_MB",
    "DDTable",
    "MoveValue",
    "SolveResult",
    "dd_table",
    "solve",
    "value",
]

#: Default memory for the transposition table, in MiB.
DEFAULT_TT_MB = 256

_CAPPOTTO_CODE = {Cappotto.OFF: 0, Cappotto.CARDS: 1, Cappotto.ALL: 2}
_POINTS = [c.thirds for c in CARDS]
_SUIT_MASKS = [s.mask for s in SUITS]


def _search(position: Position, tt_mb: float, options: int) -> _core.Search:
    """Load a position into the core: hands hold the cards they played to the current trick."""
    n = position.players
    hands = [h.mask for h in position.hands]
    for i, card in enumerate(position.trick):
        hands[(position.leader + i) % n] |= card.mask
    return _core.Search(
        n,
        hands,
        position.leader,
        [c.index for c in position.trick],
        list(position.taken),
        _POINTS,
        _SUIT_MASKS,
        3,
        DECK_THIRDS,
        HAND_POINTS,
        _CAPPOTTO_CODE[position.rules.cappotto],
        position.discard.thirds if position.discard is not None else 0,
        tt_mb,
        options,
    )


def _seat(position: Position, seat: int | None) -> int:
    if seat is None:
        return position.to_move
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < position.players:
        raise PositionError("seat", f"{seat!r} is not a seat: seats are 0..{position.players - 1}")
    return seat


@dataclass(frozen=True)
class MoveValue:
    """The value of one legal card: ``card, value = move`` unpacks it.

    :ivar card: the card.
    :ivar value: the perspective seat's value after the card, in penalty points.
    :ivar cost: how much worse than the best card it is for the seat playing it, in penalty
        points (0 for a best card).  The perspective seat wants a low value, the others a high
        one.
    :ivar equivalent: the other legal cards of its class (same value for the same reason: of
        the same suit, adjacent in rank once played cards are removed, equal in points).
    """

    card: Card
    value: int
    cost: int
    equivalent: tuple[Card, ...] = ()

    def __iter__(self) -> Iterator[Any]:
        yield self.card
        yield self.value

    def to_dict(self) -> dict[str, Any]:
        """``{"card": "5C", "value": 3, "cost": 0, "equivalent": ["4C"]}``."""
        return {
            "card": self.card.text,
            "value": self.value,
            "cost": self.cost,
            "equivalent": [c.text for c in self.equivalent],
        }


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.  Iterating gives ``(card, value)`` pairs, best first.

    :ivar position: the position solved.
    :ivar to_move: the seat to move.
    :ivar perspective: the seat whose penalty the values are (default: the seat to move).
    :ivar value: the least penalty the perspective seat can guarantee, in penalty points.
    :ivar moves: every legal card of the seat to move with its value, best first, then in
        display order (empty when the hand is over).
    :ivar best: the legal cards that keep the value (best for the seat to move: lowest value
        if it is the perspective seat, highest otherwise).
    :ivar line: a principal variation: optimal cards for every seat to the end of the hand.
    :ivar seats: with ``all_seats``, every seat's own guarantee, indexed by seat; else None.
    :ivar nodes: search nodes visited (cards played inside the search).
    :ivar seconds: wall time of the solve.
    """

    position: Position
    to_move: int
    perspective: int
    value: int
    moves: tuple[MoveValue, ...]
    best: tuple[Card, ...]
    line: tuple[Card, ...]
    seats: tuple[int, ...] | None = None
    nodes: int = 0
    seconds: float = 0.0
    exact: bool = field(default=True)

    def __iter__(self) -> Iterator[tuple[Card, int]]:
        return ((m.card, m.value) for m in self.moves)

    def __getitem__(self, card: Card | str) -> int:
        """The value of one legal card.

        :raises KeyError: if the card is not a legal card here.
        """
        c = Card(card)
        for m in self.moves:
            if m.card is c:
                return m.value
        raise KeyError(c.text)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``ciapano-solve --json`` (documented in the README)."""
        d: dict[str, Any] = {
            "to_move": self.to_move,
            "perspective": self.perspective,
            "value": self.value,
            "exact": self.exact,
            "moves": [m.to_dict() for m in self.moves],
            "best": [c.text for c in self.best],
            "line": [c.text for c in self.line],
        }
        if self.seats is not None:
            d["seats"] = list(self.seats)
        d["nodes"] = self.nodes
        d["seconds"] = round(self.seconds, 6)
        return d

    def __str__(self) -> str:
        return format_result(self)


def format_result(result: SolveResult) -> str:
    """A readable report: the cards and their values, best ones marked, and the line."""
    pos = result.position
    out = [str(pos), ""]
    who = "its own" if result.perspective == result.to_move else f"seat {result.perspective}'s"
    if not result.moves:
        out.append(f"The hand is over: seat {result.perspective} scores {result.value}.")
    else:
        out.append(
            f"Seat {result.to_move} to move, trick {pos.trick_number} of {pos.rules.tricks}; "
            f"values are {who} penalty (points) with every other seat against seat "
            f"{result.perspective}."
        )
        out.append("")
        out.append("    card  value  cost  equivalent")
        for m in result.moves:
            mark = "*" if m.card in result.best else " "
            eq = " ".join(c.text for c in m.equivalent)
            out.append(f"  {mark} {m.card.text:<4}  {m.value:>5}  {m.cost:>4}  {eq}")
        out.append("")
        out.append(
            f"Value for seat {result.perspective}: {result.value}    "
            f"best: {' '.join(c.text for c in result.best)}"
        )
        out.append("Line: " + _line_text(pos, result.line))
    if result.seats is not None:
        out.append(
            "Every seat's guarantee: "
            + "  ".join(f"seat {s}: {v}" for s, v in enumerate(result.seats))
        )
    out.append(f"Nodes: {result.nodes:,}    time: {result.seconds:.3f} s")
    return "\n".join(out)


def _line_text(position: Position, line: tuple[Card, ...]) -> str:
    """The line grouped by tricks, each card with its seat: ``1:5C 2:7C 3:2C 0:4C | ...``."""
    pos = position
    groups: list[list[str]] = [[]]
    for card in line:
        groups[-1].append(f"{pos.to_move}:{card.text}")
        pos = pos.play(card)
        if not pos.trick and groups[-1]:
            groups.append([])
    return " | ".join(" ".join(g) for g in groups if g)


def solve(
    position: Position,
    seat: int | None = None,
    *,
    all_seats: bool = False,
    tt_mb: float = DEFAULT_TT_MB,
    options: int = _core.OPTION_ALL,
) -> SolveResult:
    """Solve a position double-dummy: the value, every legal card's value, a line.

    :param position: the position (every hand open).
    :param seat: the perspective seat; default the seat to move.
    :param all_seats: also compute every seat's own guarantee (:attr:`SolveResult.seats`).
    :param tt_mb: memory for the transposition table, in MiB.
    :param options: search techniques (``ciapano._core.OPTION_*`` flags), for testing the
        search; the value never depends on them.
    :returns: a :class:`SolveResult`; values in penalty points.
    :raises PositionError: if ``seat`` is not a seat.
    """
    start = time.perf_counter()
    p = _seat(position, seat)
    mover = position.to_move
    if position.is_over():
        score = position.score()
        return SolveResult(
            position, mover, p, score[p], (), (), (),
            tuple(score) if all_seats else None, 0, time.perf_counter() - start,
        )  # fmt: skip
    core = _search(position, tt_mb, options)
    class_values = [(cls, core.move_value(p, cls[0])) for cls in core.classes()]
    values = [v for _, v in class_values]
    best_value = min(values) if mover == p else max(values)
    moves = []
    for cls, v in class_values:
        for card in cls:
            eq = tuple(CARDS[c] for c in cls if c != card)
            cost = v - best_value if mover == p else best_value - v
            moves.append(MoveValue(CARDS[card], v, cost, eq))
    moves.sort(key=lambda m: (m.cost, m.card))
    best = tuple(m.card for m in moves if m.cost == 0)
    line = tuple(CARDS[c] for c in core.line(p, best_value))
    seats = None
    if all_seats:
        seats = tuple(best_value if s == p else core.value(s) for s in range(position.players))
    return SolveResult(
        position, mover, p, best_value, tuple(moves), best, line, seats, core.nodes,
        time.perf_counter() - start,
    )  # fmt: skip


def value(position: Position, seat: int | None = None, *, tt_mb: float = DEFAULT_TT_MB) -> int:
    """The least penalty ``seat`` (default: the seat to move) can guarantee, in penalty points.

    Faster than :func:`solve` when the cards' values are not needed.

    :raises PositionError: if ``seat`` is not a seat.
    """
    p = _seat(position, seat)
    if position.is_over():
        return position.score()[p]
    return _search(position, tt_mb, _core.OPTION_ALL).value(p)


class DDTable:
    """Every seat's guarantee from one position: ``table[seat]`` in penalty points."""

    def __init__(self, values: tuple[int, ...], nodes: int, seconds: float) -> None:
        self.values = values
        self.nodes = nodes
        self.seconds = seconds

    def __getitem__(self, seat: int) -> int:
        return self.values[seat]

    def __len__(self) -> int:
        return len(self.values)

    def __iter__(self) -> Iterator[int]:
        return iter(self.values)

    def to_list(self) -> list[int]:
        """The guarantees as a list indexed by seat."""
        return list(self.values)

    def __repr__(self) -> str:
        return f"DDTable({list(self.values)!r})"

    def __str__(self) -> str:
        return "  ".join(f"seat {s}: {v}" for s, v in enumerate(self.values))


def dd_table(position: Position, *, tt_mb: float = DEFAULT_TT_MB) -> DDTable:
    """Every seat's guarantee (the paranoid value with each seat as the perspective).

    :returns: a :class:`DDTable` indexed by seat, in penalty points.
    """
    start = time.perf_counter()
    if position.is_over():
        return DDTable(tuple(position.score()), 0, time.perf_counter() - start)
    core = _search(position, tt_mb, _core.OPTION_ALL)
    values = tuple(core.value(s) for s in range(position.players))
    return DDTable(values, core.nodes, time.perf_counter() - start)
