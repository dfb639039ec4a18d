"""Benchmark PIMC scoring: samples solved per second for a 4-player seat's view.

Three views of the shipped 4-player hand (``positions/deal4_opening.json``, played on in
``positions/history4_three_tricks_left.json``), each the view of the seat to move:

* ``opening``: seat 0 at the opening lead (30 unseen cards, 10 legal cards);
* ``trick 4``: the seat to lead the fourth trick (``view_at(history, 12)``);
* ``trick 6``: seat 3 to lead the sixth trick (``positions/view4_midhand.json``).

With ``--game calabrasella``, two views of the shipped Calabrasella hand
(``positions/calabrasella_history3_exchange.json``), each a defender's:

* ``opening``: seat 1 at the opening lead (the declarer's discards and seat 2's hand hidden);
* ``trick 5``: seat 2 to lead the fifth trick (``positions/calabrasella_view3_defender.json``).

Each is scored with ``ciapano.pimc`` (every legal card of every sample solved double-dummy) on
``--workers`` processes; the time includes sampling, the worker processes and the solves.  The
figures are for the machine they run on and depend on the deals drawn (the opening-lead solves
vary from a fraction of a second to a minute from deal to deal): read them as orders of
magnitude.

Usage (from the repository root, with the package installed)::

    python bench/bench_pimc.py                          # every core; about two minutes on 2
    python bench/bench_pimc.py --workers 1 --opening 4 --midhand 100
    python bench/bench_pimc.py --game calabrasella --opening 50
"""

from __future__ import annotations

import argparse
import json
import os
import platform
from pathlib import Path

import ciapano

ROOT = Path(__file__).resolve().parents[1]


def views(game: str = "ciapano") -> list[tuple[str, ciapano.InformationSet]]:
    if game == "calabrasella":
        history = json.loads(
            (ROOT / "positions" / "calabrasella_history3_exchange.json").read_text()
        )
        return [
            ("opening", ciapano.view_from_dict({**history, "play": []})),
            ("trick 5", ciapano.load_view(ROOT / "positions" / "calabrasella_view3_defender.json")),
        ]
    history = json.loads((ROOT / "positions" / "history4_three_tricks_left.json").read_text())
    return [
        ("opening", ciapano.view_at(history, 0)),
        ("trick 4", ciapano.view_at(history, 12)),
        ("trick 6", ciapano.load_view(ROOT / "positions" / "view4_midhand.json")),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--opening", type=int, default=8, help="samples at the opening lead")
    ap.add_argument("--midhand", type=int, default=200, help="samples at trick 4 and trick 6")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", choices=["ciapano", "calabrasella"], default="ciapano")
    args = ap.parse_args()
    if args.workers < 1:
        ap.error(f"--workers: {args.workers} is not a number of worker processes >= 1")
    for name in ("opening", "midhand"):
        if getattr(args, name) < 2:
            ap.error(f"--{name}: {getattr(args, name)} samples; at least 2 are needed")
    if args.seed < 0:
        ap.error(f"--seed: {args.seed} is negative")
    print(
        f"ciapano {ciapano.__version__}, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, {args.workers} worker(s), seed {args.seed}, game {args.game}"
    )
    print(f"{'view':<8} {'seat':>4} {'cards':>5} {'deals':>18} {'samples':>7} {'seconds':>8} "
          f"{'samples/s':>9}  best (mean ± stderr)")  # fmt: skip
    for name, info in views(args.game):
        samples = args.opening if name == "opening" else args.midhand
        result = ciapano.pimc(info, samples, args.seed, workers=args.workers)
        best = result.moves[0]
        print(
            f"{name:<8} {info.view:>4} {len(result.moves):>5} {result.deals:>18,} {samples:>7} "
            f"{result.seconds:>8.2f} {samples / result.seconds:>9.2f}  "
            f"{best.card} ({best.mean:.2f} ± {best.stderr:.2f})"
        )


if __name__ == "__main__":
    main()
