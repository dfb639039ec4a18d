"""Benchmark the analysis of whole hands (``ciapano.analyse``) and the batch runner.

For ``--count`` seeded random deals (``ciapano.dealing.random_deals(players, count, seed)``,
played out by ``--play``, a policy per seat of ``ciapano.play_out``, as ``ciapano deal --play``
does), it prints per hand the time and nodes of:

* ``solve``: one ``ciapano.solve`` from the opening lead (every card of the leader);
* ``table``: ``ciapano.dd_table`` from the opening lead (every seat's guarantee), which the
  analysis needs for the seats' opening guarantees;
* ``analyse``: ``ciapano.analyse`` of the whole hand (every card of every seat, and the
  opening guarantees; ``every_seat=False``, as ``ciapano analyse`` without ``--plot``), and
  ``analyse+`` with ``every_seat=True`` (every seat's guarantee after every card, for
  ``--plot``);

then the medians and the ratios analyse / solve and analyse / table.  Everything runs on one
core, one after the other.  With ``--batch``, the same hands go through
``ciapano.analyse_batch`` with 1 and with 2 worker processes and the hands per second are
printed (``--no-table``: only those; ``--from-trick N``: each hand from trick ``N`` on).

Usage (from the repository root, with the package installed)::

    python bench/bench_analyse.py                          # 8 hands of 4 players, seed 1
    python bench/bench_analyse.py --count 12 --seed 5 --play random --batch
    python bench/bench_analyse.py --players 5 --count 40 --play random --batch --no-table
"""

from __future__ import annotations

import argparse
import statistics
import time

import ciapano
from ciapano.dealing import random_deals
from ciapano.records import HandRecord


def hands(players: int, count: int, seed: int, play: list[str]) -> list[HandRecord]:
    """The records ``ciapano deal --players P --count N --seed S --play ...`` writes."""
    out = []
    for i, pos in enumerate(random_deals(players, count, seed)):
        cards = ciapano.play_out(pos, play, [seed, i])
        rid = f"{seed}-{i + 1}"
        out.append(HandRecord(pos.hands, players - 1, cards, pos.discard, id=rid))
    return out


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--play",
        default="optimal,random,optimal,random",
        help="policies, one for every seat or one a seat (default: %(default)s)",
    )
    parser.add_argument("--batch", action="store_true", help="also hands/s with 1 and 2 workers")
    parser.add_argument(
        "--no-table", action="store_true", help="skip the per-hand times (with --batch)"
    )
    parser.add_argument(
        "--from-trick", type=int, default=1, help="analyse from this trick on (with --batch)"
    )
    args = parser.parse_args()
    play = args.play.split(",")
    if len(play) == 1:
        play *= args.players
    records = hands(args.players, args.count, args.seed, play)
    print(
        f"{args.count} hands of {args.players} players, seeds {args.seed}, play {args.play}; "
        "one core each, times in seconds, nodes in millions"
    )
    if not args.no_table:
        table(records)
    if args.batch:
        batch(records, args.from_trick)


def table(records: list[HandRecord]) -> None:
    print(
        f"{'hand':>8} {'solve':>7} {'nodes':>7} {'table':>7} {'nodes':>7} "
        f"{'analyse':>8} {'nodes':>7} {'analyse+':>9} {'costly':>6} {'/solve':>7} {'/table':>7}"
    )
    rows = []
    for r in records:
        t_solve, s = timed(lambda r=r: ciapano.solve(r.opening))
        t_table, t = timed(lambda r=r: ciapano.dd_table(r.opening))
        t_an, a = timed(lambda r=r: ciapano.analyse(r, every_seat=False))
        t_all, _ = timed(lambda r=r: ciapano.analyse(r, every_seat=True))
        rows.append((t_solve, s.nodes, t_table, t.nodes, t_an, a.nodes, t_all))
        print(
            f"{r.id:>8} {t_solve:7.2f} {s.nodes / 1e6:7.1f} {t_table:7.2f} {t.nodes / 1e6:7.1f} "
            f"{t_an:8.2f} {a.nodes / 1e6:7.1f} {t_all:9.2f} {len(a.costly):6d} "
            f"{t_an / t_solve:7.1f} {t_an / t_table:7.2f}",
            flush=True,
        )
    med = [statistics.median(col) for col in zip(*rows, strict=True)]
    ratios_solve = statistics.median(r[4] / r[0] for r in rows)
    ratios_table = statistics.median(r[4] / r[2] for r in rows)
    print(
        f"{'median':>8} {med[0]:7.2f} {med[1] / 1e6:7.1f} {med[2]:7.2f} {med[3] / 1e6:7.1f} "
        f"{med[4]:8.2f} {med[5] / 1e6:7.1f} {med[6]:9.2f} {'':6} {ratios_solve:7.1f} "
        f"{ratios_table:7.2f}"
    )
    total = [sum(col) for col in zip(*rows, strict=True)]
    print(
        f"{'total':>8} {total[0]:7.2f} {total[1] / 1e6:7.1f} {total[2]:7.2f} "
        f"{total[3] / 1e6:7.1f} {total[4]:8.2f} {total[5] / 1e6:7.1f} {total[6]:9.2f} {'':6} "
        f"{total[4] / total[0]:7.1f} {total[4] / total[2]:7.2f}"
    )


def batch(records: list[HandRecord], from_trick: int) -> None:
    print(f"\nanalyse_batch (every_seat=False) from trick {from_trick}, the same hands:")
    base = None
    for workers in (1, 2):
        t, results = timed(
            lambda w=workers: list(ciapano.analyse_batch(records, workers=w, from_trick=from_trick))
        )
        same = [{k: v for k, v in x.items() if k != "seconds"} for x in results]
        base = base or same
        print(
            f"  {workers} worker{'s' if workers > 1 else ' '}: {len(records)} hands in "
            f"{t:6.1f} s = {len(records) / t:.3f} hands/s"
            f"{'' if same == base else '   RESULTS DIFFER'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
