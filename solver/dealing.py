"""Random deals from a seeded, reproducible generator.

The generator is NumPy's PCG64 (``numpy.random.default_rng(seed)``), so the same seed gives the
same deals on every machine with the same NumPy stream; the deck is shuffled once per deal with
``Generator.permutation``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from .cards import CARDS
from .errors import RulesError
from .position import Position
from .rules import Rules

__all__ = ["random_deal", "random_deals", "random_histories"]


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


def random_histories(
    players: int = 4,
    count: int = 1,
    seed: int | None = None,
    *,
    dealer: int | None = None,
    play: str | Sequence[str] | None = None,
    tt_mb: float = 64,
) -> Iterator[dict[str, Any]]:
    """Random deals as position files in the history form (``ciapano deal``), and with
    ``play`` played out to the end: hand records to analyse (``ciapano deal --play``).

    :param players: 3, 4 or 5.
    :param count: how many.
    :param seed: the generator's seed (see :func:`random_deals`); deal ``i`` is then played
        out with the seed ``[seed, i]``.
    :param dealer: the dealing seat; default the last seat, so that seat 0 leads.
    :param play: None for deals alone, else the policies of :func:`ciapano.play_out`:
        ``"random"``, ``"optimal"`` or one a seat.
    :param tt_mb: table memory of the optimal seats' searches, in MiB.
    :returns: JSON-ready dicts ``{"id", "players", "dealer", "deal"[, "discard"][, "play"]}``
        (``docs/records.md``); the id is ``"SEED-N"`` (``"N"`` without a seed), N from 1.
    :raises RulesError: for a number of players other than 3, 4 or 5.
    :raises PositionError: for an unknown policy or a list of policies of the wrong length.
    :raises AnalysisInterrupted: (a ``KeyboardInterrupt``) on Ctrl-C while playing out.
    """
    if play is not None:
        from .analysis import play_out
    d = players - 1 if dealer is None else dealer
    for i, pos in enumerate(random_deals(players, count, seed, dealer=dealer)):
        record: dict[str, Any] = {
            "id": f"{seed}-{i + 1}" if seed is not None else str(i + 1),
            "players": players,
            "dealer": d,
            "deal": [h.texts() for h in pos.hands],
        }
        if pos.discard is not None:
            record["discard"] = pos.discard.text
        if play is not None:
            cards = play_out(pos, play, None if seed is None else [seed, i], tt_mb=tt_mb)
            record["play"] = [c.text for c in cards]
        yield record
