"""Random deals from a seeded, reproducible generator.

The generator is NumPy's PCG64 (``numpy.random.default_rng(seed)``), so the same seed gives the
same deals on every machine with the same NumPy stream; the game's deck is shuffled once per deal
with ``Generator.permutation`` (its cards in index order, the 40-card deck's as ``CARDS``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from .cards import CardSet
from .errors import GameError
from .games import Ciapano, Game
from .position import Position

__all__ = ["random_deal", "random_deals", "random_histories"]


def _game(players: int | None, game: Game | None) -> Game:
    if game is None:
        return Ciapano(players=4 if players is None else players)
    if not isinstance(game, Game):
        raise GameError("game", f"{game!r} is not a game: give e.g. ciapano.Busca()")
    if players is not None and game.players != players:
        raise GameError("players", f"{players!r} does not match the game's {game.players}")
    return game


def random_deals(
    players: int | None = None,
    count: int = 1,
    seed: int | None = None,
    *,
    dealer: int | None = None,
    game: Game | None = None,
) -> Iterator[Position]:
    """``count`` random deals, each at its opening lead.

    :param players: the number of players (default: the game's, else 4); without ``game``,
        Ciapanò's 3, 4 or 5.
    :param seed: the generator's seed (``None``: fresh entropy, not reproducible).
    :param dealer: the dealing seat; default the last seat, so that seat 0 leads.
    :param game: the game (default ``Ciapano(players)``), e.g. ``Busca()``: 4 hands of 10.
    :returns: positions from :meth:`Position.from_deal`; with 3-player Ciapanò the dealer's
        14th card is its discard; in a game with a stock (Kifameno) the cards after the hands
        are the stock, top card first; in a game with a declarer (Calabrasella) the seat after
        the dealer declares, the hands are taken as after its exchange and the last four cards
        are the set-aside ones; in Piedicavallo tarocchi the dealer gets the last two cards too
        and discards two by :meth:`Tarocchi.simple_discards
        <ciapano.games.Tarocchi.simple_discards>`.  For the same seed, Ciapanò's deals are
        those of earlier versions.
    :raises GameError: for a number of players the game is not played by, or that is not the
        game's.
    """
    g = _game(players, game)
    n = g.players
    d = n - 1 if dealer is None else dealer
    rng = np.random.default_rng(seed)
    size = g.hand_size
    cards = sorted(g.deck, key=lambda c: c.index)
    for _ in range(count):
        order = [cards[i] for i in rng.permutation(len(cards))]
        hands = [order[i * size : (i + 1) * size] for i in range(n)]
        discard = order[n * size] if g.has_discard else None
        stock = order[n * size :] if g.has_stock else None
        if g.has_declarer:
            yield Position.from_deal(
                hands, d, game=g, declarer=g.next_seat(d), set_aside=order[n * size :]
            )
        elif g.needs_dealer:
            # Piedicavallo tarocchi: the dealer's 17 cards, and a simple choice of its discards.
            full = CardSet(hands[d] + order[n * size :])
            discards = g.simple_discards(full)  # type: ignore[attr-defined]
            yield Position.from_deal(
                [full if s == d else h for s, h in enumerate(hands)], d, game=g,
                set_aside=discards,
            )  # fmt: skip
        else:
            yield Position.from_deal(hands, d, discard, g, stock)


def random_deal(
    players: int | None = None,
    seed: int | None = None,
    *,
    dealer: int | None = None,
    game: Game | None = None,
) -> Position:
    """One random deal at its opening lead; see :func:`random_deals`."""
    return next(random_deals(players, 1, seed, dealer=dealer, game=game))


def random_histories(
    players: int | None = None,
    count: int = 1,
    seed: int | None = None,
    *,
    dealer: int | None = None,
    play: str | Sequence[str] | None = None,
    tt_mb: float = 64,
    game: Game | None = None,
) -> Iterator[dict[str, Any]]:
    """Random deals as position files in the history form (``ciapano deal``), and with
    ``play`` played out to the end: hand records to analyse (``ciapano deal --play``).

    :param players: the number of players (default the game's; Ciapanò: 4).
    :param count: how many.
    :param seed: the generator's seed (see :func:`random_deals`); deal ``i`` is then played
        out with the seed ``[seed, i]``.
    :param dealer: the dealing seat; default the last seat, so that seat 0 leads.
    :param play: None for deals alone, else the policies of :func:`ciapano.play_out`:
        ``"random"``, ``"optimal"`` or one a seat.
    :param tt_mb: table memory of the optimal seats' searches, in MiB.
    :param game: the game (default Ciapanò for ``players``).
    :returns: JSON-ready dicts ``{"id"[, "game"], "players"[, "rules"], "dealer", "deal"[,
        "discard"][, "stock"][, Calabrasella's "widow", "declarer", "called", "given",
        "discards", "take"][, "play"]}`` (``docs/records.md``; Calabrasella's seat after the
        dealer declares, with a simple call and exchange); the id is ``"SEED-N"``
        (``"N"`` without a seed), N from 1; ``game`` and ``rules`` are given unless they are
        Ciapanò's defaults.
    :raises GameError: for a number of players the game is not played by.
    :raises PositionError: for an unknown policy or a list of policies of the wrong length.
    :raises AnalysisInterrupted: (a ``KeyboardInterrupt``) on Ctrl-C while playing out.
    """
    if play is not None:
        from .analysis import play_out
    rules = _game(players, game)
    d = rules.players - 1 if dealer is None else dealer
    for i, pos in enumerate(random_deals(players, count, seed, dealer=dealer, game=game)):
        exchange = None
        record: dict[str, Any] = {"id": f"{seed}-{i + 1}" if seed is not None else str(i + 1)}
        if rules != Ciapano(players=rules.players):
            record["game"] = rules.name
        record["players"] = rules.players
        if rules != Ciapano(players=rules.players) and rules.options:
            record["rules"] = dict(rules.options)
        record["dealer"] = d
        record["deal"] = [h.texts() for h in pos.hands]
        if pos.discard is not None:
            record["discard"] = pos.discard.text
        if pos.stock:
            record["stock"] = [c.text for c in pos.stock]
        if rules.needs_dealer:
            # Piedicavallo tarocchi: the dealer's 17 cards as dealt, and its discards.
            record["deal"][d] = (pos.hands[d] | CardSet(pos.set_aside)).texts()
            record["discards"] = [c.text for c in pos.set_aside]
        if rules.has_declarer:
            # Calabrasella: the deal's hands as dealt, the widow, and a simple declarer's call
            # and exchange (ciapano.calabrasella.simple_call_and_exchange).
            from .calabrasella import Exchange, simple_call_and_exchange
            from .formats import from_dict

            record["widow"] = [c.text for c in pos.set_aside]
            record["declarer"] = pos.declarer
            record.update(simple_call_and_exchange(rules, pos.hands, pos.set_aside, pos.declarer))
            pos = from_dict(record)
            exchange = Exchange.from_dict(record, rules, "a deal")
        if play is not None:
            cards = play_out(
                pos, play, None if seed is None else [seed, i], tt_mb=tt_mb, exchange=exchange
            )
            record["play"] = [c.text for c in cards]
        yield record
