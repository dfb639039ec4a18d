"""The rules of Ciapanò: players, deal sizes, trick winner and hand scoring.

Source: ``../shared/RULES.md`` §1 (the project's rules reference).  Every amount of card points is
an integer number of **thirds of a point** (ace 3; 3, 2, K, Q, J 1; 7, 6, 5, 4 0; 32 thirds in the
deck); every hand score is an integer number of **penalty points** (11 per hand).

The rules are one object, :class:`Rules`, so that a position carries them and the search core
receives them as parameters (the deck layout, the card points, the scoring and its options)
rather than having them built in.  Sister games will add their own ``Rules`` classes beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from .cards import DECK, Card, CardSet
from .errors import RulesError

__all__ = [
    "DECK_THIRDS",
    "HAND_POINTS",
    "Cappotto",
    "Rules",
    "RulesError",
    "hand_score",
    "trick_winner",
]

#: Card points in the deck, in thirds (10 2/3 points).
DECK_THIRDS = 32
#: Penalty points shared out in every hand; the last trick carries the remainder.
HAND_POINTS = 11


class Cappotto(str, Enum):
    """When taking every point scores 0 for the taker and 11 for everyone else (RULES.md §1.3).

    ``ALL`` (default): all 32 thirds of card points (the 3-player discard included) **and** the
    last trick.  ``CARDS``: all 32 thirds, the last trick not required.  ``OFF``: no cappotto.
    """

    ALL = "all"
    CARDS = "cards"
    OFF = "off"

    def __str__(self) -> str:
        return self.value


_HAND_SIZES = {3: 13, 4: 10, 5: 8}


@dataclass(frozen=True)
class Rules:
    """The game and its options.

    :param players: 3, 4 or 5.
    :param cappotto: a :class:`Cappotto` or its text ``"all"`` (default), ``"cards"``, ``"off"``.
    :param game: the game's name; only ``"ciapano"`` exists so far.
    :raises RulesError: (a ``ValueError``) for an unknown game, number of players or option.
    """

    players: int = 4
    cappotto: Cappotto = Cappotto.ALL
    game: str = field(default="ciapano")

    def __post_init__(self) -> None:
        if self.game != "ciapano":
            raise RulesError("game", f"{self.game!r} is not a known game (known: 'ciapano')")
        if (
            isinstance(self.players, bool)
            or not isinstance(self.players, int)
            or self.players not in _HAND_SIZES
        ):
            raise RulesError("players", f"{self.players!r} is not 3, 4 or 5")
        try:
            object.__setattr__(self, "cappotto", Cappotto(self.cappotto))
        except ValueError:
            raise RulesError(
                "rules.cappotto", f"{self.cappotto!r} is not one of 'all', 'cards', 'off'"
            ) from None

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat: 13 (3 players, plus the dealer's discard), 10 or 8."""
        return _HAND_SIZES[self.players]

    @property
    def tricks(self) -> int:
        """Tricks in a hand (the hand size)."""
        return _HAND_SIZES[self.players]

    @property
    def has_discard(self) -> bool:
        """Whether the dealer discards one card (3 players), won with the last trick."""
        return self.players == 3

    @property
    def deck(self) -> CardSet:
        """The 40-card deck."""
        return DECK

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in order of play."""
        return (seat + 1) % self.players

    def first_leader(self, dealer: int) -> int:
        """The seat that leads the first trick: the one after the dealer."""
        return (dealer + 1) % self.players

    def hand_score(self, thirds: Sequence[int], last_trick: int) -> list[int]:
        """Penalty points per seat; see :func:`hand_score`."""
        return hand_score(thirds, last_trick, self.cappotto)

    def to_dict(self) -> dict[str, str]:
        """The options as written in a position file's ``"rules"`` object."""
        return {"cappotto": self.cappotto.value}


def trick_winner(cards: Sequence[Card], leader: int, players: int) -> int:
    """The seat that wins a complete trick: the highest card of the suit led.

    :param cards: the trick's cards in order of play, the first led by ``leader``.
    :returns: the winning seat, ``0..players-1``.
    """
    led = cards[0].suit
    best = 0
    for i, card in enumerate(cards):
        if card.suit == led and card.rank > cards[best].rank:
            best = i
    return (leader + best) % players


def hand_score(
    thirds: Sequence[int], last_trick: int, cappotto: Cappotto | str = Cappotto.ALL
) -> list[int]:
    """Penalty points of each seat at the end of a hand (RULES.md §1, "Hand score").

    :param thirds: card points taken by each seat, in thirds of a point, the 3-player discard
        already added to the seat that won the last trick; they sum to 32.
    :param last_trick: the seat that won the last trick.
    :param cappotto: the cappotto option (``"all"``, ``"cards"`` or ``"off"``).
    :returns: a list of penalty points, one per seat: ``floor(thirds / 3)`` for every seat but
        the last trick's winner, who scores ``11`` minus the others' scores; with cappotto the
        seat that took every point scores 0 and every other seat 11.
    :raises RulesError: if the thirds do not sum to 32 or ``last_trick`` is not a seat.
    """
    try:
        mode = Cappotto(cappotto)
    except ValueError:
        raise RulesError("cappotto", f"{cappotto!r} is not one of 'all', 'cards', 'off'") from None
    n = len(thirds)
    if sum(thirds) != DECK_THIRDS or any(t < 0 for t in thirds):
        raise RulesError("thirds", f"{list(thirds)} do not share out the deck's {DECK_THIRDS}")
    if not 0 <= last_trick < n:
        raise RulesError("last_trick", f"{last_trick!r} is not a seat of {n}")
    if mode is not Cappotto.OFF:
        for seat, t in enumerate(thirds):
            if t == DECK_THIRDS and (mode is Cappotto.CARDS or seat == last_trick):
                return [0 if s == seat else HAND_POINTS for s in range(n)]
    scores = [t // 3 for t in thirds]
    scores[last_trick] = HAND_POINTS - (sum(scores) - scores[last_trick])
    return scores
