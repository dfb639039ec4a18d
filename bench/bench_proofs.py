"""Benchmark the two proofs every exact value needs, on the first card of seeded random deals.

An exact value v of a position needs two null-window tests: "is the value at most v?" (yes:
the perspective seat must show one good card at each of its turns against every card of the
others, the expensive kind) and "is it at most v - 1?" (no: the others show one card against
every card of the perspective seat).  Everything else the driver does is cheap next to them, so
their node counts are the figure to watch when tuning the search (move ordering, bounds, the
table).  Each test runs on a fresh search (empty table), on one core.

Usage (from the repository root, with the package installed)::

    python bench/bench_proofs.py
"""

from __future__ import annotations

import time

from ciapano.cards import CARDS
from ciapano.dealing import random_deal
from ciapano.engine import open_search

#: (players, seed of ciapano.dealing.random_deal, index of the leader's card class)
CASES = [(4, 2, 0), (4, 3, 0), (4, 5, 0), (3, 2, 0), (3, 4, 0), (5, 1, 0), (5, 3, 0), (4, 6, 1)]


def main() -> None:
    totals = [0, 0]
    start = time.perf_counter()
    print(f"{'deal':<10} {'card':<5} {'value':>5} {'at most v-1 (no)':>18} {'at most v (yes)':>17}")
    for n, seed, k in CASES:
        deal = random_deal(n, seed)
        seat = deal.to_move
        card = CARDS[open_search(deal, 16).classes()[k][0]]
        pos = deal.play(card)
        v = open_search(pos, 256).value(seat)
        row = []
        for i, t in enumerate((v - 1, v)):
            core = open_search(pos, 256)
            assert core.holds(seat, t) is (i == 1)
            row.append(core.nodes)
            totals[i] += core.nodes
        print(f"{n}p s{seed:<7} {card.text:<5} {v:>5} {row[0]:>18,} {row[1]:>17,}")
    print(
        f"total: 'no' proofs {totals[0] / 1e6:.1f}M nodes, 'yes' proofs {totals[1] / 1e6:.1f}M "
        f"nodes, {time.perf_counter() - start:.1f} s (including finding the values)"
    )


if __name__ == "__main__":
    main()
