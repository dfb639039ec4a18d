"""Every card of the leader of seeded deals after K tricks of random play, solved in this
process on one thread: the nodes and time of each deal and their total.  Quick to run for
comparing changes to an engine by their nodes (docs/speed.md, Piedicavallo tarocchi's steps);
``bench/bench_deals.py`` gives the per-process figures of the README.

Usage (from the repository root, with the package installed)::

    python bench/bench_played.py --game tarocchi --after 4 --seeds 1 8
    python bench/bench_played.py --game tarocchi --after 2 --seeds 1 4 --time-limit 300

Deal ``s`` is ``ciapano.dealing.random_deal(seed=s, game=...)``, played ``K`` tricks by
``random.Random(s)`` choosing among the legal cards in deck order.
"""

from __future__ import annotations

import argparse
import random
import time

import ciapano
from ciapano.dealing import random_deal


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="tarocchi", help="the game's name")
    ap.add_argument("--after", type=int, default=4, metavar="K", help="tricks played first")
    ap.add_argument("--seeds", type=int, nargs=2, default=[1, 8], metavar=("FIRST", "LAST"))
    ap.add_argument("--time-limit", type=float, default=None, metavar="SECONDS")
    ap.add_argument("--tt-mb", type=float, default=256)
    args = ap.parse_args()
    game = ciapano.find_game(args.game)()
    total_nodes, total_time, times = 0, 0.0, []
    for seed in range(args.seeds[0], args.seeds[1] + 1):
        pos = random_deal(seed=seed, game=game)
        rng = random.Random(seed)
        for _ in range(pos.players * args.after):
            moves = sorted(pos.legal_moves())
            pos = pos.play(moves[rng.randrange(len(moves))])
        start = time.perf_counter()
        r = ciapano.solve(pos, time_limit=args.time_limit, threads=1, tt_mb=args.tt_mb)
        seconds = time.perf_counter() - start
        times.append(seconds if r.exact else float("inf"))
        total_nodes += r.nodes
        total_time += seconds
        print(f"seed {seed:3d} value {r.value} exact {r.exact} nodes {r.nodes:>14,} "
              f"{seconds:8.3f} s", flush=True)  # fmt: skip
    times.sort()
    print(
        f"total nodes {total_nodes:,} time {total_time:.2f} s median {times[len(times) // 2]:.3f} s"
    )


if __name__ == "__main__":
    main()
