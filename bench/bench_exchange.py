"""Benchmark Calabrasella's exchange analysis (``ciapano exchange``): every choice of the
declarer (1,819) valued double-dummy, for seeded deals.

Each deal is ``ciapano.dealing.random_deal(seed=S, game=Calabrasella())`` (the seat after the
dealer declares): its three hands as dealt stand for the hands after the call, and the four
cards it sets aside stand for the open widow.  Prints per deal the time, the nodes, the best
choice's value and how many choices share it; then the median and the maximum.

Usage (from the repository root, with the package installed)::

    python bench/bench_exchange.py --count 10 --seed 1 --workers 1
"""

from __future__ import annotations

import argparse
import statistics
import time

import ciapano
from ciapano.calabrasella import analyse_exchange
from ciapano.dealing import random_deal


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    times = []
    for seed in range(args.seed, args.seed + args.count):
        pos = random_deal(seed=seed, game=ciapano.Calabrasella())
        start = time.perf_counter()
        result = analyse_exchange(
            pos.hands, pos.set_aside, pos.declarer, pos.game, workers=args.workers
        )
        seconds = time.perf_counter() - start
        times.append(seconds)
        best = result.best.value
        ties = sum(1 for c in result.choices if c.value == best)
        print(
            f"seed {seed:>3}: {seconds:7.2f} s {result.nodes:>14,} nodes  best {best:>2} "
            f"({ties} choice(s)), worst {result.choices[-1].value:>2}",
            flush=True,
        )
    print(
        f"{args.count} deals, {args.workers} worker(s): median {statistics.median(times):.2f} s, "
        f"max {max(times):.2f} s"
    )


if __name__ == "__main__":
    main()
