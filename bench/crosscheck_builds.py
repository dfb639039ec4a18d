"""Check that two builds of the solver give the same values on many mid-hand positions.

For changes to the search core that must not change any value: every legal card's value and
every seat's guarantee (``ciapano.solve(..., all_seats=True)``) of positions taken from the
seeded random deals (``ciapano.dealing.random_deal(players, seed)``) after 3 to 7 tricks of
seeded random play, with 3, 4 and 5 players and every cappotto option.  Full deals from the
opening lead are not enough: a change that went wrong in the middle of a trick can leave every
card of 31 full deals right and still miss 3 of 225 such positions.

With ``--game kifameno``: Kifameno's seeded random deals with their stock
(``random_deal(seed=S, game=ciapano.Kifameno(players, cappotto))``), 2 players after 18 to 29
cards of seeded random play (around the stock's last draws and after them) and 3 players after
9 to 26, every cappotto option.  With ``--game busca``: Busca's seeded random deals after 16 to
32 cards of seeded random play (its points game's table of positions with other points serves
24 cards in play and fewer).

Each build is a directory made by ``pip install --no-build-isolation --no-deps -t DIR .`` and
is run in its own process.  Exit status 1 if any position differs.

Usage (from the repository root)::

    python bench/crosscheck_builds.py --seeds 1 31 base=/tmp/ab/base change=/tmp/ab/change
    python bench/crosscheck_builds.py --game kifameno --seeds 1 300 base=DIR change=DIR
    python bench/crosscheck_builds.py --game busca --seeds 1 500 base=DIR change=DIR
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

#: Solves the positions with the build on sys.path[0]; prints one JSON list.
_WORKER = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import numpy as np
import ciapano
from ciapano.dealing import random_deal

out = []
for players in (3, 4, 5):
    for seed in range(int(sys.argv[2]), int(sys.argv[3])):
        pos = random_deal(players, seed)
        rng = np.random.default_rng(seed)
        for _ in range(int(rng.integers(players * 3, players * 7))):
            moves = sorted(pos.legal_moves())
            pos = pos.play(moves[rng.integers(len(moves))])
        for cappotto in ("all", "cards", "off"):
            # Builds from before the games API (ciapano.Rules) and after it (ciapano.Ciapano).
            if hasattr(ciapano, "Ciapano"):
                game = {"game": ciapano.Ciapano(players=players, cappotto=cappotto)}
            else:
                game = {"rules": ciapano.Rules(players=players, cappotto=cappotto)}
            p = ciapano.Position(
                [list(h) for h in pos.hands], pos.leader, trick=list(pos.trick),
                taken=list(pos.taken), discard=pos.discard, **game,
            )
            r = ciapano.solve(p, all_seats=True)
            out.append([players, seed, cappotto, [[c.text, v] for c, v in r], list(r.seats)])
print(json.dumps(out))
"""

#: The same for Kifameno, whose positions carry their stock (builds with ciapano.Kifameno).
_WORKER_KIFAMENO = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import numpy as np
import ciapano
from ciapano.dealing import random_deal

out = []
for players, low, high in ((2, 18, 30), (3, 9, 27)):
    for seed in range(int(sys.argv[2]), int(sys.argv[3])):
        for cappotto in ("all", "cards", "off"):
            pos = random_deal(seed=seed, game=ciapano.Kifameno(players=players, cappotto=cappotto))
            rng = np.random.default_rng(seed)
            for _ in range(int(rng.integers(low, high))):
                moves = sorted(pos.legal_moves())
                pos = pos.play(moves[rng.integers(len(moves))])
            r = ciapano.solve(pos, all_seats=True)
            out.append([players, seed, cappotto, [[c.text, v] for c, v in r], list(r.seats)])
print(json.dumps(out))
"""

#: The same for Busca (builds with ciapano.Busca): after 4 to 8 tricks of seeded random play.
_WORKER_BUSCA = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import numpy as np
import ciapano
from ciapano.dealing import random_deal

out = []
for seed in range(int(sys.argv[2]), int(sys.argv[3])):
    pos = random_deal(seed=seed, game=ciapano.Busca())
    rng = np.random.default_rng(seed)
    for _ in range(int(rng.integers(16, 33))):
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[rng.integers(len(moves))])
    r = ciapano.solve(pos, all_seats=True)
    out.append([4, seed, "-", [[c.text, v] for c, v in r], list(r.seats)])
print(json.dumps(out))
"""

_WORKERS = {"ciapano": _WORKER, "kifameno": _WORKER_KIFAMENO, "busca": _WORKER_BUSCA}


def solve_all(where: str, first: int, last: int, game: str = "ciapano") -> list:
    """The values of every position, solved by the build in ``where``."""
    package = Path(where) / "ciapano"
    if not (package / "__init__.py").is_file():
        raise SystemExit(f"build {where!r}: no ciapano package there")
    done = subprocess.run(
        [sys.executable, "-c", _WORKERS[game], where, str(first), str(last)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"build {where!r} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs=2, default=[1, 31], metavar=("FIRST", "END"))
    ap.add_argument("--game", choices=sorted(_WORKERS), default="ciapano")
    ap.add_argument("builds", nargs=2, metavar="NAME=DIR")
    args = ap.parse_args()
    first, end = args.seeds
    if not 0 <= first < end:
        ap.error(f"--seeds: {first} {end} is not a range of seeds")
    names, found = [], []
    for spec in args.builds:
        name, sep, where = spec.partition("=")
        if not sep:
            ap.error(f"build {spec!r}: expected NAME=DIR")
        names.append(name)
        found.append(solve_all(where, first, end, args.game))
    differ = [(a[:3], a[3:], b[3:]) for a, b in zip(*found, strict=True) if a != b]
    print(f"{len(found[0])} positions compared, {len(differ)} differ")
    for where, a, b in differ[:10]:
        print(f"  {where}: {names[0]} {a}, {names[1]} {b}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
