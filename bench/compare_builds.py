"""Time two or more builds of the solver against each other in one process, alternating.

For changes to the search core: each build is a directory made by
``pip install --no-build-isolation --no-deps -t DIR .`` from a checkout.  Every build's package
is copied under its own name (``ciapano_<name>``) into a scratch directory and imported side
by side, and the random deals (``ciapano.dealing.random_deal(players, seed)``) are solved by
each build in turn, the order alternating from deal to deal and round to round; the least time
of the rounds counts.  A deal's node count is the same in every round, and must be the same in
every build for a change that only makes the search faster.

Why not fresh processes (``bench_deals.py``): on this machine the time of one deal in a fresh
process moves by 15% between runs of the same build, mostly with the first touch of the
table's memory (how much of it the host still backs); here each build keeps its table between
solves (``ciapano.free_memory``), so mostly the search itself is timed, and both builds meet
the host in the same state.  A single deal still moves by up to 10% between rounds; the totals
of 6 deals over 2-3 rounds by about 3%.  It does not measure a change to how the table's
memory is mapped or grown.

Usage (from the repository root)::

    python bench/compare_builds.py --players 3 --seeds 1 5 7 9 12 20 --rounds 2 \\
        base=/tmp/ab/base change=/tmp/ab/change
    python bench/compare_builds.py --game busca --seeds 7 8 13 17 --rounds 2 base=... change=...

It prints per build the total of the least times, the nodes, the geometric mean of the time
ratios to the first build, and each deal's least time.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path


def load_builds(specs: list[str], scratch: Path) -> dict[str, tuple]:
    """``{name: (solving module, dealing module)}`` of each ``name=DIR`` build."""
    sys.path.insert(0, str(scratch))
    builds = {}
    for spec in specs:
        name, sep, where = spec.partition("=")
        if not sep or not name.isidentifier():
            raise SystemExit(f"build {spec!r}: expected NAME=DIR with NAME an identifier")
        package = Path(where) / "ciapano"
        if not (package / "__init__.py").is_file():
            raise SystemExit(f"build {spec!r}: no ciapano package in {where}")
        if name in builds:
            raise SystemExit(f"build {spec!r}: the name {name!r} is used twice")
        shutil.copytree(package, scratch / f"ciapano_{name}")
        builds[name] = (
            _solving_module(f"ciapano_{name}"),
            importlib.import_module(f"ciapano_{name}.dealing"),
        )
    return builds


def _solving_module(package: str):
    """The module of ``solve``: ``solving`` since it was renamed, ``solve`` in older builds."""
    try:
        return importlib.import_module(f"{package}.solving")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.solving":
            raise
        return importlib.import_module(f"{package}.solve")


def game_kind(dealing, game: str):
    """A build's class of ``game`` (``games.find_game``)."""
    games = importlib.import_module(dealing.__name__.rpartition(".")[0] + ".games")
    return games.find_game(game)


def deal(dealing, game: str, players: int, seed: int):
    """A build's random deal of ``game`` (``dealing.random_deal``, as ``bench_deals.py`` deals)."""
    if game == "ciapano":
        return dealing.random_deal(players, seed)
    kind = game_kind(dealing, game)
    # (Kifameno: 2 or 3 players, as bench_deals.py deals them; Busca and Mattazza: 4.)
    chosen = kind.from_rules(players) if players in kind.player_counts else kind()
    return dealing.random_deal(seed=seed, game=chosen)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("builds", nargs="+", metavar="NAME=DIR", help="two or more builds")
    ap.add_argument(
        "--players",
        type=int,
        default=None,
        help="players of the game dealt (default: 3 where the game allows it, else its own)",
    )
    ap.add_argument(
        "--game",
        default="ciapano",
        help="the game dealt (ciapano, busca, kifameno, ...; --players where the game has it)",
    )
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 5, 7, 9, 12, 20])
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    if len(args.builds) < 2:
        ap.error(f"builds: {args.builds}: give at least two")
    if args.rounds < 1:
        ap.error(f"--rounds: {args.rounds} is not a positive number")

    with tempfile.TemporaryDirectory() as scratch:
        builds = load_builds(args.builds, Path(scratch))
        names = list(builds)
        # The players the game allows, from the first build (older builds: Ciapanò's 3 to 5).
        if args.game == "ciapano":
            counts = (3, 4, 5)
        else:
            try:
                kind = game_kind(builds[names[0]][1], args.game)
            except ValueError as e:
                ap.error(f"--game: {e}")
            counts = tuple(kind.player_counts)
        if args.players is None:
            args.players = 3 if 3 in counts else counts[0]
        elif args.players not in counts:
            ap.error(f"--players: {args.players}: {args.game} is played by {counts}")
        best: dict[str, dict[int, float]] = {b: {} for b in names}
        nodes: dict[str, dict[int, int]] = {b: {} for b in names}
        for r in range(args.rounds):
            for i, seed in enumerate(args.seeds):
                order = names if (r + i) % 2 == 0 else names[::-1]
                for b in order:
                    solve, dealing = builds[b]
                    position = deal(dealing, args.game, args.players, seed)
                    start = time.perf_counter()
                    result = solve.solve(position)
                    elapsed = time.perf_counter() - start
                    best[b][seed] = min(best[b].get(seed, elapsed), elapsed)
                    nodes[b][seed] = result.nodes
        base = names[0]
        for b in names:
            ratio = statistics.geometric_mean(best[b][s] / best[base][s] for s in args.seeds)
            per_deal = " ".join(f"{best[b][s]:.2f}" for s in args.seeds)
            print(
                f"{b:<10} {sum(best[b].values()):8.2f} s {sum(nodes[b].values()):>14,} nodes "
                f"ratio {ratio:.3f}   {per_deal}",
                flush=True,
            )


if __name__ == "__main__":
    main()
