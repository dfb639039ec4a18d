"""Where a Busca solve spends its nodes: the null-window tests of the opening lead's value.

For a seeded random Busca deal (``ciapano.dealing.random_deal``, as ``bench/bench_deals.py
--game busca`` deals it), asks the engine "can the leader keep its busche at or below t?" for
each t in the order given, on one table (each answer leaves its entries for the next, as in a
solve), and prints per test the answer, the nodes, the seconds, and the points game's share:
its nodes, its tries and cuts from above and from below (``Search.stats``: ``null_nodes[0]``,
``null_tries[0]`` / ``[3]``, ``null_cuts[0]`` / ``[3]``).  ``up`` (default) asks from the cheap
lower bound up to the first yes, as a bracket without a guess would; ``down`` from the cheap
upper bound down to the first no; or a list such as ``6,5``.

Usage (from the repository root, with the package installed)::

    python bench/busca_root_tests.py 2              # seed 2, tests going up
    python bench/busca_root_tests.py 2 --order down
    python bench/busca_root_tests.py 2 --order 6,5
"""

from __future__ import annotations

import argparse
import time

import ciapano
from ciapano import engine
from ciapano.dealing import random_deal


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--order", default="up", help="up, down, or thresholds such as 6,5")
    ap.add_argument("--tt-mb", type=float, default=256)
    args = ap.parse_args()
    pos = random_deal(seed=args.seed, game=ciapano.find_game("busca")())
    seat = pos.leader
    search = engine.open_search(pos, args.tt_mb)
    lower, upper = search.bounds(seat)
    print(f"seed {args.seed}: seat {seat} leads; cheap bounds [{lower}, {upper}]")
    if args.order == "up":
        tests, stop = list(range(lower, upper)), True
    elif args.order == "down":
        tests, stop = list(range(upper - 1, lower - 1, -1)), False
    else:
        tests, stop = [int(t) for t in args.order.split(",")], None
    print("   t  answer          nodes  seconds  points game: nodes  tries (above/below)  cuts")
    for t in tests:
        before, nodes, start = search.stats, search.nodes, time.perf_counter()
        holds = search.holds(seat, t)
        after = search.stats

        def grew(name: str, i: int, after=after, before=before) -> int:
            return after[name][i] - before[name][i]

        print(
            f"{t:4d}  {'yes' if holds else 'no':6s} {search.nodes - nodes:14,d}"
            f" {time.perf_counter() - start:8.2f} {grew('null_nodes', 0):19,d}"
            f"  {grew('null_tries', 0):9,d} / {grew('null_tries', 3):<9,d}"
            f" {grew('null_cuts', 0):,d} / {grew('null_cuts', 3):,d}"
        )
        if holds == stop:
            break


if __name__ == "__main__":
    main()
