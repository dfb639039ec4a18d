"""Regenerate the shipped puzzles of ``positions/puzzles/`` (the same settings give the same
files; each setting is also one ``ciapano puzzle generate`` command, printed as it runs).

Usage (from the repository root, with the package installed)::

    python tools/make_puzzles.py [--workers N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import ciapano

OUT = Path(__file__).resolve().parents[1] / "positions" / "puzzles"

#: (players, cards, count, seed, theme, min_difficulty) of each search; a seed per theme, so
#: that no position is shipped twice.
SETTINGS = [
    (3, 5, 4, 1, None, 8),
    (3, 5, 4, 2, "discard", 8),
    (3, 5, 3, 3, "last-trick", 8),
    (3, 6, 2, 4, "cappotto", 0),
    (4, 5, 4, 1, None, 8),
    (4, 5, 4, 3, "last-trick", 8),
    (4, 6, 2, 4, "cappotto", 0),
    (5, 5, 4, 1, None, 8),
    (5, 5, 4, 3, "last-trick", 8),
    (5, 6, 2, 4, "cappotto", 0),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--max-candidates", type=int, default=None)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for players, cards, count, seed, theme, least in SETTINGS:
        command = (
            f"ciapano puzzle generate --players {players} --cards {cards} --count {count} "
            f"--seed {seed} --out positions/puzzles"
            + (f" --theme {theme}" if theme else "")
            + (f" --min-difficulty {least}" if least else "")
        )
        examined = [0]

        def progress(found: int, total: int, seen: int, examined: list[int] = examined) -> None:
            examined[0] = seen

        start = time.perf_counter()
        found = ciapano.generate_puzzles(
            players, cards, count, seed, theme, args.workers, progress,
            max_candidates=args.max_candidates, min_difficulty=least,
        )  # fmt: skip
        seconds = time.perf_counter() - start
        for p in found:
            (OUT / f"{p.name}.json").write_text(ciapano.dumps_puzzle(p), encoding="utf-8")
        print(
            f"{command}: {len(found)}/{count} puzzles, {examined[0]} candidates, {seconds:.1f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
