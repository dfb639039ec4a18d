"""How fast the pure-Python reference minimax is: the oracle every engine test compares with.

For each game and seed, deals a random hand (``ciapano.dealing.random_deal``), plays ``--tricks``
tricks of random legal cards (seeded), and times ``ciapano.reference.reference_move_values``
(every legal card's value for the seat to move) there; prints each position's time and the
total per game, the least of ``--rounds`` rounds.  The test suite's time is mostly this oracle
on positions of 3 and 4 tricks left, so this is the figure to watch when changing
``Position``, ``CardSet`` or the reference.

Usage (from the repository root, with the package installed)::

    python bench/bench_reference.py                       # Busca and Ciapanò, seeds 1-3
    python bench/bench_reference.py --games ciapano --seeds 1 2 3 4 --rounds 3
"""

from __future__ import annotations

import argparse
import random
import time

import ciapano
from ciapano.dealing import random_deal
from ciapano.reference import reference_move_values


def position(game: str, seed: int, tricks: int) -> ciapano.Position:
    """A seeded random 4-player hand of ``game`` after ``tricks`` tricks of random legal play."""
    pos = random_deal(4, seed=seed, game=ciapano.find_game(game)(players=4))
    rng = random.Random(seed)
    for _ in range(4 * tricks):
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[rng.randrange(len(moves))])
    return pos


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="+", default=["busca", "ciapano"])
    ap.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3])
    ap.add_argument("--tricks", type=int, default=6, help="tricks played first (default 6)")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    if not 0 <= args.tricks < 10 or args.rounds < 1:
        ap.error("--tricks: 0..9 and --rounds: at least 1")
    for game in args.games:
        total = 0.0
        for seed in args.seeds:
            pos = position(game, seed, args.tricks)
            best = float("inf")
            for _ in range(args.rounds):
                start = time.perf_counter()
                values = reference_move_values(pos, pos.to_move)
                best = min(best, time.perf_counter() - start)
            total += best
            shown = " ".join(f"{c}={v}" for c, v in values.items())
            print(f"{game:8s} seed {seed}: {best:6.2f} s  {shown}")
        print(f"{game:8s} total {total:6.2f} s ({len(args.seeds)} positions)")


if __name__ == "__main__":
    main()
