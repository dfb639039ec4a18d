"""Where a full solve spends its nodes: the position's value and each card of the leader.

Solves a seeded random deal as ``ciapano.solve`` does on one thread (the same searches, the
same table, the same brackets: ``ciapano.engine.card_brackets``) and prints, in the order they
ran, the search of the position's value (where the game finds it first) and each card's
bracket, with the nodes and seconds each took.  A card decided from the table for a few nodes
was proved by an earlier search; a card that takes most of the deal is where a technique would
have to act.  Example (docs/search-experiments.md, forty-eighth session)::

    python bench/card_costs.py --game tarocchi --seed 12
    python bench/card_costs.py --game kifameno --players 2 --seed 1

Usage (from the repository root, with the package installed)::

    python bench/card_costs.py [--game NAME] [--players N] [--seed S] [--tt-mb MB]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import ciapano
import ciapano.engine as engine
from ciapano.cards import Card
from ciapano.dealing import random_deal


class _Timed:
    """A search engine that logs each ``value_bounds`` and ``move_bounds`` call: what it
    asked, what it found, its nodes and seconds.  Everything else goes to the engine."""

    def __init__(self, search: Any, log: list[tuple[str, Any, int, float]]) -> None:
        self._search = search
        self._log = log

    def __getattr__(self, name: str) -> Any:
        return getattr(self._search, name)

    def _timed(self, what: str, call: Any, *args: Any) -> Any:
        nodes, start = self._search.nodes, time.perf_counter()
        found = call(*args)
        self._log.append((what, found, self._search.nodes - nodes, time.perf_counter() - start))
        return found

    def value_bounds(self, *args: Any) -> Any:
        return self._timed("the position", self._search.value_bounds, *args)

    def move_bounds(self, seat: int, card: int, *args: Any) -> Any:
        return self._timed(Card(card).text, self._search.move_bounds, seat, card, *args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="busca", help="a game's name (default busca)")
    parser.add_argument("--players", type=int, default=None, help="default: the game's own")
    parser.add_argument("--seed", type=int, default=1, help="the deal's seed (default 1)")
    parser.add_argument("--tt-mb", type=float, default=ciapano.DEFAULT_TT_MB)
    args = parser.parse_args()
    try:
        kind = ciapano.find_game(args.game)
        game = kind.from_rules(args.players) if args.players else kind()
    except ValueError as error:
        parser.error(str(error))
    log: list[tuple[str, Any, int, float]] = []
    opened = engine.open_search

    def open_timed(*a: Any, **k: Any) -> _Timed:
        return _Timed(opened(*a, **k), log)

    engine.open_search = open_timed
    try:
        start = time.perf_counter()
        result = ciapano.solve(random_deal(seed=args.seed, game=game), threads=1, tt_mb=args.tt_mb)
        elapsed = time.perf_counter() - start
    finally:
        engine.open_search = opened
    print(f"{game.title}, {game.players} players, seed {args.seed}: value {result.value}")
    print(f"{'search':<14} {'bounds':>9} {'nodes':>15} {'share':>6} {'seconds':>8}")
    for what, (lower, upper), nodes, seconds in log:
        bounds = f"{lower}" if lower == upper else f"{lower}..{upper}"
        share = nodes / max(1, result.nodes)
        print(f"{what:<14} {bounds:>9} {nodes:>15,} {share:>6.1%} {seconds:>8.2f}")
    print(f"{'in all':<14} {'':>9} {result.nodes:>15,} {'':>6} {elapsed:>8.2f}")


if __name__ == "__main__":
    main()
