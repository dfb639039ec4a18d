"""Bridge against DDS: every card of the opening leader of seeded random deals, solved by
ciapano's engine and by DDS (``endplay.dds.solve_board``), each on one thread in the same
process, deal by deal: whether every card's tricks agree, and the time of each.

Usage (from the repository root, with the package and ``endplay`` installed)::

    python bench/bench_bridge.py --count 100 --seed 1
    python bench/bench_bridge.py --count 1000 --seed 1 --workers 2 --out bench/results/bridge.txt

Deal ``i`` (0-based) is ``ciapano.dealing.random_deal(seed=SEED + i, game=Bridge(trump=T))``,
the strain ``T`` going round S H D C NT with ``i``; the dealer is West, so North leads.  Each
deal is solved by ``ciapano.solve(position, threads=1)`` (the value, then every card of the
leader, a line; a fresh transposition table of ``--tt-mb`` MiB) and by DDS's ``SolveBoard``
with every card asked (solutions 3), one thread.  With ``--workers N`` the deals are shared
out among N processes (on a machine of N cores each solves on a core of its own; the
processes' times are then a little slower than alone).  The summary gives the deals that
agree, and the time ratio (ciapano / DDS) deal by deal: median, 90th percentile, worst.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool

import ciapano
from ciapano.dealing import random_deal

STRAINS = ("S", "H", "D", "C", "NT")


def dds_tricks(position: ciapano.Position) -> tuple[dict[tuple[int, int], int], float]:
    """DDS's tricks for every card of the seat to move, by (suit, rank), and its time (the
    current trick's cards played to DDS's deal first)."""
    from endplay.dds import solve_board
    from endplay.types import Card, Deal, Denom, Player

    game = position.game
    hands = list(position.hands)
    for i, card in enumerate(position.trick):
        seat = (position.leader + i) % position.players
        hands[seat] = hands[seat] | ciapano.CardSet([card])
    deal = Deal.from_pbn(ciapano.Bridge.format_pbn(hands))
    deal.first = Player(position.leader)
    deal.trump = Denom(4 if game.trump is None else int(game.trump))
    for card in position.trick:
        deal.play(Card(card.suit.name + card.text[0]))
    start = time.perf_counter()
    solved = list(solve_board(deal))
    seconds = time.perf_counter() - start
    # endplay's ranks are bits: the two is 1 << 2, the ace 1 << 14.
    return {(int(c.suit), int(c.rank).bit_length() - 3): v for c, v in solved}, seconds


def run_deal(args: tuple[int, int, float, float | None]) -> dict:
    """Deal ``index`` (its strain by index): both solvers' results and times."""
    index, seed, tt_mb, time_limit = args
    game = ciapano.Bridge(trump=STRAINS[index % len(STRAINS)])
    position = random_deal(seed=seed + index, game=game, dealer=3)
    start = time.perf_counter()
    result = ciapano.solve(position, threads=1, tt_mb=tt_mb, time_limit=time_limit)
    ours_seconds = time.perf_counter() - start
    dds, dds_seconds = dds_tricks(position)
    ours = {(int(m.card.suit), m.card.rank): m.value for m in result.moves}
    for m in result.moves:
        for c in m.equivalent:
            ours[(int(c.suit), c.rank)] = m.value
    return {
        "index": index,
        "strain": game.strain,
        "pbn": ciapano.Bridge.format_pbn(position.hands),
        "exact": result.exact,
        "agree": result.exact and ours == dds,
        "diff": {k: (ours.get(k), dds.get(k)) for k in dds if ours.get(k) != dds.get(k)},
        "nodes": result.nodes,
        "ours": ours_seconds,
        "dds": dds_seconds,
        "value": result.value,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100, help="deals")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    ap.add_argument("--workers", type=int, default=1, help="processes")
    ap.add_argument("--tt-mb", type=float, default=256, help="ciapano's table, MiB")
    ap.add_argument(
        "--time-limit",
        type=float,
        default=None,
        metavar="SECONDS",
        help="ciapano's limit per deal (a deal stopped by it is counted apart)",
    )
    ap.add_argument("--out", default=None, help="also write the lines to this file")
    args = ap.parse_args()
    out = open(args.out, "w") if args.out else None  # noqa: SIM115

    def emit(line: str) -> None:
        print(line, flush=True)
        if out:
            out.write(line + "\n")
            out.flush()

    emit(f"# bench/bench_bridge.py --count {args.count} --seed {args.seed} --workers "
         f"{args.workers} --tt-mb {args.tt_mb:g}" + (f" --time-limit {args.time_limit:g}"
         if args.time_limit else ""))  # fmt: skip
    emit("# deal strain  value  agree        nodes   ciapano s     dds s    ratio  pbn")
    jobs = [(i, args.seed, args.tt_mb, args.time_limit) for i in range(args.count)]
    rows = []
    with Pool(args.workers) if args.workers > 1 else _Inline() as pool:
        for r in pool.imap(run_deal, jobs):
            rows.append(r)
            ratio = r["ours"] / r["dds"] if r["dds"] > 0 else float("inf")
            agree = "yes" if r["agree"] else ("STOPPED" if not r["exact"] else "NO")
            emit(f"{r['index']:6d} {r['strain']:>6} {r['value']!s:>6} {agree:>6} "
                 f"{r['nodes']:>12,} {r['ours']:11.3f} {r['dds']:9.3f} {ratio:8.1f}  "
                 f"{r['pbn']}")  # fmt: skip
            if r["diff"] and r["exact"]:
                emit(f"#   differ (suit, rank): (ciapano, dds) {r['diff']}")
    ratios = sorted(r["ours"] / r["dds"] for r in rows if r["exact"] and r["dds"] > 0)
    ours_t = sorted(r["ours"] for r in rows)
    dds_t = sorted(r["dds"] for r in rows)
    agreed = sum(r["agree"] for r in rows)
    stopped = sum(not r["exact"] for r in rows)
    emit(f"# deals {len(rows)}: every card agrees in {agreed}, differs in "
         f"{len(rows) - agreed - stopped}, stopped by the limit {stopped}")  # fmt: skip
    if ratios:
        emit(f"# time ratio ciapano/DDS: median {statistics.median(ratios):.1f}, 90th percentile "
             f"{ratios[int(0.9 * (len(ratios) - 1))]:.1f}, worst {ratios[-1]:.1f}")  # fmt: skip
    nodes = statistics.median(r["nodes"] for r in rows)
    emit(f"# ciapano: median {statistics.median(ours_t):.3f} s, 90th percentile "
         f"{ours_t[int(0.9 * (len(ours_t) - 1))]:.3f} s, max {ours_t[-1]:.3f} s, total "
         f"{sum(ours_t):.1f} s; nodes median {nodes:,.0f}")  # fmt: skip
    emit(f"# DDS: median {statistics.median(dds_t):.3f} s, 90th percentile "
         f"{dds_t[int(0.9 * (len(dds_t) - 1))]:.3f} s, max {dds_t[-1]:.3f} s, total "
         f"{sum(dds_t):.1f} s")  # fmt: skip
    if out:
        out.close()
    sys.exit(0 if agreed + stopped == len(rows) else 1)


class _Inline:
    """A stand-in for a pool of one process: the deals in this process, in order."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn, jobs):
        return map(fn, jobs)


if __name__ == "__main__":
    main()
