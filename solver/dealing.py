"""Random deals from a seeded, reproducible generator.

The generator is NumPy's PCG64 (``numpy.random.default_rng(seed)``), so the same seed gives the
same deals on every machine with the same NumPy stream; the game's deck is shuffled once per deal
with ``Generator.permutation`` (its cards in index order, the 40-card deck's as ``CARDS``).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .errors import GameError
from .games import Ciapano, Game
from .position import Position

__all__ = ["random_deal", "random_deals"]


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
        14th card is its discard.  For the same seed, Ciapanò's deals are those of earlier
        versions.
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
        yield Position.from_deal(hands, d, discard, g)


def random_deal(
    players: int | None = None,
    seed: int | None = None,
    *,
    dealer: int | None = None,
    game: Game | None = None,
) -> Position:
    """One random deal at its opening lead; see :func:`random_deals`."""
    return next(random_deals(players, 1, seed, dealer=dealer, game=game))
