"""Benchmark the puzzle generator: candidates examined per second, puzzles found per minute.

One setting (players, cards per hand, theme) is searched with ``ciapano.generate_puzzles`` for
``--count`` puzzles on ``--workers`` processes; the time includes playing the candidates out,
solving those that pass the cheap filters, and, with a theme, the solves of the wrong cards'
lines.  The figures are for the machine they run on and depend on the seed: read them as
orders of magnitude.

Usage (from the repository root, with the package installed)::

    python bench/bench_puzzles.py --players 4 --cards 5 --count 10 --seed 1 --workers 1
    python bench/bench_puzzles.py --players 3 --cards 5 --theme discard --count 5
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import ciapano


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cards", type=int, default=5)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--theme", choices=ciapano.THEMES, default=None)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    workers = args.workers or os.cpu_count() or 1
    examined = [0]

    def progress(found: int, total: int, seen: int) -> None:
        examined[0] = seen

    start = time.perf_counter()
    found = ciapano.generate_puzzles(
        args.players, args.cards, args.count, args.seed, args.theme, workers, progress
    )
    seconds = time.perf_counter() - start
    print(
        f"python {platform.python_version()}, {os.cpu_count()} cores, {workers} worker(s); "
        f"{args.players} players, {args.cards} cards, theme {args.theme}, seed {args.seed}"
    )
    print(
        f"{len(found)} puzzle(s) among {examined[0]} candidates in {seconds:.1f} s: "
        f"{examined[0] / seconds:.1f} candidates/s, {60 * len(found) / seconds:.1f} puzzles/min"
    )
    if found:
        diff = sorted(p.difficulty for p in found)
        print(f"difficulty: min {diff[0]}, median {diff[len(diff) // 2]}, max {diff[-1]}")


if __name__ == "__main__":
    main()
