"""Random deals from a seeded, reproducible generator.

The generator is NumPy's PCG64 (``numpy.random.default_rng(seed)``), so the same seed gives the
same deals on every machine with the same NumPy stream; the deck is shuffled once per deal with
``Generator.permutation``.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .cards import CARDS
from .errors import RulesError
from .position import Position
from .rules import Rules

__all__ = ["random_deal", "random_deals"]


def _rules(players: int, rules: Rules | None) -> Rules:
    if rules is None:
        return Rules(players=players)
    if rules.players != players:
        raise RulesError("players", f"{players} does not match the rules' {rules.players}")
    return rules


def random_deals(
    players: int = 4,
    count: int = 1,
    seed: int | None = None,
    *,
    dealer: int | None = None,
    rules: Rules | None = None,
) -> Iterator[Position]:
    """``count`` random deals, each at its opening lead.

    :param players: 3, 4 or 5.
    :param seed: the generator's seed (``None``: fresh entropy, not reproducible).
    :param dealer: the dealing seat; default the last seat, so that seat 0 leads.
    :returns: positions from :meth:`Position.from_deal`; with 3 players the dealer's 14th card
        is its discard.
    :raises RulesError: for a number of players other than 3, 4 or 5.
    """
    r = _rules(players, rules)
    d = players - 1 if dealer is None else dealer
    rng = np.random.default_rng(seed)
    size = r.hand_size
    for _ in range(count):
        order = [CARDS[i] for i in rng.permutation(40)]
        hands = [order[i * size : (i + 1) * size] for i in range(players)]
        discard = order[players * size] if r.has_discard else None
        yield Position.from_deal(hands, d, discard, r)


def random_deal(
    players: int = 4, seed: int | None = None, *, dealer: int | None = None
) -> Position:
    """One random deal at its opening lead; see :func:`random_deals`."""
    return next(random_deals(players, 1, seed, dealer=dealer))
