"""How far the move order is from perfect: every card of the leader of seeded deals, solved
twice in this process, the second time with every cut-off of the first found at its first card.

The engines must be built with the move-order oracle (``ext/core/search.pxd``; off in a normal
build, where it costs nothing)::

    CIAPANO_ORACLE=1 CIAPANO_PGO=0 pip install --no-build-isolation --no-deps -t /tmp/oracle .
    PYTHONPATH=/tmp/oracle python bench/order_ceiling.py --game kifameno --players 2 \\
        --seeds $(seq 1 20)
    PYTHONPATH=/tmp/oracle python bench/order_ceiling.py --game tarocchi --after 4 --seeds 1 2 3

The first solve records, at every node that cuts, the card that cut (keyed by the whole state
and the window); the second, with a fresh table, tries each recorded card first.  The second
solve asks the same questions as the first (its brackets start from the same values), so its
node count is what a perfect order of the first solve's cut-offs would cost: a floor under
what an order can gain, not a floor under the nodes (another card might cut with a smaller
proof).  Two exceptions: a trial search on a node budget (``engine.bracket``) can end
otherwise the second time, and then the tests that follow differ; and the table keeps other
entries.  So a deal can take more nodes the second time (Ciapanò, 4 players, seed 3).  The
values of the two solves must agree; the script stops if they do not.
``--only p`` tries the recorded cards at P's nodes alone, ``--only others`` at the other
seats', ``--min-cards N`` only where more than N cards are in play (the stock's included).

Deal ``s`` is ``ciapano.dealing.random_deal(seed=s, game=...)`` (as ``bench_deals.py`` and
``bench_played.py`` deal it), then ``K`` tricks (``--after``) chosen by ``random.Random(s)``
among the legal cards in deck order (as ``bench_played.py``).  Figures: docs/search-
experiments.md, forty-second session.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import ciapano
from ciapano import engine
from ciapano.dealing import random_deal

RECORD = 1
RECORD_AND_USE = 3
ONLY = {"all": 0, "p": 8, "others": 16}
MIN_CARDS = 32


def position_for(game, seed: int, after: int):
    """Deal ``seed`` of ``game`` after ``after`` tricks of random play."""
    pos = random_deal(seed=seed, game=game)
    rng = random.Random(seed)
    for _ in range(pos.players * after):
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[rng.randrange(len(moves))])
    return pos


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kifameno", help="the game's name")
    ap.add_argument("--players", type=int, default=None, help="players, where the game allows more")
    ap.add_argument("--after", type=int, default=0, metavar="K", help="tricks played first")
    ap.add_argument("--seeds", type=int, nargs="+", default=list(range(1, 21)))
    ap.add_argument("--only", choices=sorted(ONLY), default="all", help="whose nodes use the order")
    ap.add_argument("--min-cards", type=int, default=None, metavar="N")
    ap.add_argument("--tt-mb", type=float, default=256)
    args = ap.parse_args()
    try:
        kind = ciapano.find_game(args.game)
    except ValueError as e:
        ap.error(f"--game: {e}")
    if args.players is not None and args.players not in kind.player_counts:
        ap.error(f"--players: {args.players}: {args.game} is played by {kind.player_counts}")
    game = kind.from_rules(args.players) if args.players is not None else kind()
    core = engine.engine_for(game.name)
    flags = ONLY[args.only]
    if args.min_cards is not None:
        os.environ["ORACLE_MIN_CARDS"] = str(args.min_cards)
        flags |= MIN_CARDS
    if not hasattr(core, "oracle"):
        raise SystemExit(f"the {game.name} engine predates the move-order oracle: rebuild it")
    try:
        core.oracle(0)
    except RuntimeError as e:
        raise SystemExit(f"{e} (see this script's help)") from None
    totals = [0, 0]
    ratios = []
    for seed in args.seeds:
        pos = position_for(game, seed, args.after)
        core.oracle_clear()
        runs = []
        for mode in (RECORD, RECORD_AND_USE | flags):
            core.oracle(mode)
            start = time.perf_counter()
            result = ciapano.solve(pos, threads=1, tt_mb=args.tt_mb)
            runs.append((result, time.perf_counter() - start))
        core.oracle(0)
        (first, t1), (second, t2) = runs
        if [v for _, v in first] != [v for _, v in second]:
            raise SystemExit(f"seed {seed}: the values differ: {list(first)} and {list(second)}")
        totals[0] += first.nodes
        totals[1] += second.nodes
        ratios.append(first.nodes / max(1, second.nodes))
        print(
            f"seed {seed:3d} value {first.value} nodes {first.nodes:>14,} -> {second.nodes:>14,} "
            f"({ratios[-1]:.2f} times; {t1:.2f} s -> {t2:.2f} s)",
            flush=True,
        )
    print(
        f"total nodes {totals[0]:,} -> {totals[1]:,} ({totals[0] / max(1, totals[1]):.2f} times); "
        f"median deal {statistics.median(ratios):.2f} times"
    )


if __name__ == "__main__":
    main()
