"""How far the solution concepts beyond the paranoid value reach (README, "Solution concepts"):
every card of the seat to move of seeded deals with K tricks left, solved with
``ciapano.solve(concept=...)`` on one thread under a time limit; per game and K the deals
solved exactly, the median and largest time and nodes, and the nodes per second.

Usage (from the repository root, with the package installed)::

    python bench/bench_concepts.py --concept maxn --left 3 4 5 6 --seeds 1 10 --time-limit 10

Deal ``s`` is ``ciapano.dealing.random_deal(seed=s, game=...)``, played by ``random.Random(s)``
choosing among the legal cards in deck order until K tricks are left; the seat to move is the
perspective seat.  The times include the paranoid solve that runs first.
"""

from __future__ import annotations

import argparse
import random
import statistics

import ciapano
from ciapano.dealing import random_deal

GAMES = {
    "ciapano3": lambda: ciapano.Ciapano(players=3),
    "ciapano4": lambda: ciapano.Ciapano(players=4),
    "ciapano5": lambda: ciapano.Ciapano(players=5),
    "busca": ciapano.Busca,
    "mattazza": ciapano.Mattazza,
    "kifameno2": lambda: ciapano.Kifameno(players=2),
    "kifameno3": lambda: ciapano.Kifameno(players=3),
}


def position_with(game: ciapano.Game, seed: int, left: int) -> ciapano.Position:
    """Deal ``seed`` of ``game`` played at random until ``left`` tricks are left (with a stock,
    ``left`` tricks in the hands and the stock used up)."""
    pos = random_deal(seed=seed, game=game)
    rng = random.Random(seed)
    while pos.tricks_left > left or (pos.trick and not pos.is_over()):
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[rng.randrange(len(moves))])
    return pos


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--concept", default="maxn", choices=["maxn", "maxn-for", "best"])
    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    ap.add_argument("--left", type=int, nargs="+", default=[3, 4, 5, 6], metavar="K")
    ap.add_argument("--seeds", type=int, nargs=2, default=[1, 10], metavar=("FIRST", "LAST"))
    ap.add_argument("--time-limit", type=float, default=10.0, metavar="SECONDS")
    args = ap.parse_args()
    print(
        f"concept {args.concept}, seeds {args.seeds[0]}-{args.seeds[1]}, "
        f"time limit {args.time_limit} s a position, one thread"
    )
    print("game        left  exact  median s   max s   median nodes     max nodes   nodes/s")
    for name in args.games:
        game = GAMES[name]()
        for left in args.left:
            times, nodes, exact = [], [], 0
            for seed in range(args.seeds[0], args.seeds[1] + 1):
                pos = position_with(game, seed, left)
                r = ciapano.solve(pos, concept=args.concept, threads=1, time_limit=args.time_limit)
                times.append(r.seconds)
                nodes.append(r.nodes)
                exact += r.exact
            rate = sum(nodes) / max(sum(times), 1e-9)
            median = statistics.median(times)
            print(
                f"{name:<10} {left:>5}  {exact:>2}/{len(times):<2}  {median:>8.3f}"
                f"  {max(times):>6.2f}  {statistics.median(nodes):>13,.0f}  {max(nodes):>12,}"
                f"  {rate:>8,.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
