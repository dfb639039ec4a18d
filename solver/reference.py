"""A pure-Python exhaustive minimax over any game: the oracle the search engines are tested against.

It plays every legal card of every seat to the end of the hand with :meth:`Position.play
<ciapano.Position.play>` (which asks the game which cards are legal and who wins each trick) and
scores the end with :meth:`Position.score <ciapano.Position.score>` (the game's hand score),
then takes the minimax (``docs/rules.md#conventions``, "Double-dummy value"):

- in a game where every seat plays for itself (``game.sides is None``), the **paranoid value**
  of seat P: P plays for its own score, every other seat against it;
- in a game of two sides (``game.sides``, a tuple of seat tuples, or a declarer against the
  others: Calabrasella, ``Position.side_of``), the **zero-sum value** of P's side: every seat of
  P's side plays for P's score, every seat of the other side against it.  (The game's hand
  score gives each seat its side's value.)

"For" means towards the lower score when ``game.lower_is_better`` (penalties: Ciapanò's
penalty points, Busca's busche), towards the higher one otherwise.  The value is the minimax
score less what the game says is already fixed before the position (:meth:`Game.banked_value
<ciapano.Game.banked_value>`): nothing in every game but bridge, whose value is the tricks a
partnership takes from here on, not those it has already won.  No pruning, no equivalence,
no bounds: it is meant to be obviously right, not fast, and is practical only for a few cards
per hand.  Positions already seen are looked up in a dictionary keyed by the whole position
(the game included), which changes nothing but the time taken.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import Card
from .position import Position

__all__ = [
    "reference_concept_move_scores",
    "reference_concept_scores",
    "reference_move_values",
    "reference_value",
]


def reference_value(position: Position, seat: int) -> int:
    """The value of ``position`` for ``seat``, in the game's value unit: its paranoid value,
    or its side's value in a game of two sides (see the module's documentation); in bridge
    the tricks its side takes from here on, the current trick included.

    :raises PositionError: if ``seat`` is not a seat of the position.
    """
    _check_seat(position, seat)
    return _minimax_score(position, seat) - position.game.banked_value(position, seat)


def _check_seat(position: Position, seat: object) -> None:
    """:raises PositionError: if ``seat`` is not a seat of the position."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < position.players:
        from .errors import PositionError

        raise PositionError("seat", f"{seat!r} is not a seat: seats are 0..{position.players - 1}")


def _minimax_score(position: Position, seat: int) -> int:
    """``seat``'s hand score at the end of the hand under minimax play from ``position`` (the
    whole hand's, what is banked before the position included)."""
    return _scorer(position, seat)(position)


def _scorer(position: Position, seat: int) -> Callable[[Position], int]:
    """:func:`_minimax_score` for ``seat`` as a function of the positions that follow
    ``position``, with one memo for all the positions it is asked (a card's subtree meets
    positions another card's subtree has seen)."""
    game = position.game
    ours = frozenset(position.side_of(seat))
    best, worst = (min, max) if game.lower_is_better else (max, min)
    memo: dict[Position, int] = {}

    def value(pos: Position) -> int:
        if pos.is_over():
            return pos.score()[seat]
        if pos in memo:
            return memo[pos]
        values = [value(pos.play(card)) for card in pos.legal_moves()]
        v = best(values) if pos.to_move in ours else worst(values)
        memo[pos] = v
        return v

    return value


def reference_move_values(position: Position, seat: int | None = None) -> dict[Card, int]:
    """``seat``'s value (:func:`reference_value`) after each legal card of the seat to move
    (default seat: the mover), in the game's value unit, counted from ``position`` (in bridge
    a trick the card completes counts, as in ``position``'s value)."""
    if seat is None:
        seat = position.to_move
    _check_seat(position, seat)
    banked = position.game.banked_value(position, seat)
    value = _scorer(position, seat)
    return {card: value(position.play(card)) - banked for card in position.legal_moves()}


def _deck_order(card: Card) -> tuple[int, int]:
    """The tie rule's deck order: suits by index (S H D C), each from its highest card down."""
    return (int(card.suit), -card.index)


def reference_concept_scores(position: Position, seat: int, concept: str) -> tuple[int, ...]:
    """Every seat's hand score (the game's value unit) at the end of the hand when each seat
    plays by a solution concept from ``position`` (an individual game's; docs/rules.md,
    "Solution concepts"), written plainly for the tests of ``ciapano.concepts``:

    - ``"maxn"``: the seat to move takes a card with its own least score; among those, one with
      ``seat``'s highest score; among those, the first in deck order (suits S H D C, each from
      its highest card down);
    - ``"maxn-for"``: the same with ``seat``'s lowest score;
    - ``"best"``: the card with ``seat``'s least score, the first in deck order among those;
    - ``"paranoid"``: :func:`reference_value`'s play (``seat`` for itself, the others against
      it), the first card in deck order among a seat's equal choices.

    Every card of every seat is played out; positions seen are looked up by the whole position.

    :returns: a tuple of ``position.players`` scores.
    :raises PositionError: if ``seat`` is not a seat.
    :raises ValueError: for a concept that is none of these.
    """
    return _concept_scorer(position, seat, concept)(position)


def _concept_scorer(
    position: Position, seat: int, concept: str
) -> Callable[[Position], tuple[int, ...]]:
    """:func:`reference_concept_scores` for ``seat`` as a function of the positions that follow
    ``position``, with one memo for all the positions it is asked.

    :raises PositionError: if ``seat`` is not a seat.
    :raises ValueError: for an unknown concept.
    """
    _check_seat(position, seat)
    if concept not in ("paranoid", "maxn", "maxn-for", "best"):
        raise ValueError(f"concept: {concept!r} is not paranoid, maxn, maxn-for or best")
    sign = 1 if position.game.lower_is_better else -1
    memo: dict[Position, tuple[int, ...]] = {}

    def key(mover: int, v: tuple[int, ...]) -> tuple[int, ...]:
        # The tie rule as a sort key, least first (scores turned where higher is better).
        own, mine = sign * v[mover], sign * v[seat]
        if concept == "best":
            return (mine,)
        if concept == "paranoid":
            return (mine if mover == seat else -mine,)
        return (own, -mine if concept == "maxn" else mine)

    def scores(pos: Position) -> tuple[int, ...]:
        if pos.is_over():
            return tuple(pos.score())
        if pos in memo:
            return memo[pos]
        mover = pos.to_move
        chosen = None
        for card in sorted(pos.legal_moves(), key=_deck_order):
            v = scores(pos.play(card))
            if chosen is None or key(mover, v) < key(mover, chosen):
                chosen = v
        assert chosen is not None
        memo[pos] = chosen
        return chosen

    return scores


def reference_concept_move_scores(
    position: Position, seat: int, concept: str
) -> dict[Card, tuple[int, ...]]:
    """:func:`reference_concept_scores` after each legal card of the seat to move.

    :raises PositionError: if ``seat`` is not a seat.
    :raises ValueError: for an unknown concept.
    """
    scores = _concept_scorer(position, seat, concept)
    return {card: scores(position.play(card)) for card in position.legal_moves()}
