"""How long the command line takes to start: a small solve as a whole process, against Python's
own start-up.

Runs ``ciapano-solve positions/endgame4_midtrick.json --json`` (a solve of a few thousand
nodes: nearly all of its time is starting Python and importing) and ``python -c pass``, each
``--runs`` times (default 7), alternating, as subprocesses timed by wall clock, and prints both
medians and their difference.  A bot's test suite calls ``ciapano check`` once per decision,
so this is what it waits for each time.

Usage (from the repository root, with the package installed)::

    python bench/bench_startup.py                  # the figures
    python bench/bench_startup.py --check          # exit 1 if the difference exceeds 0.2 s
    python bench/bench_startup.py -- ciapano check positions/endgame4_midtrick.json KD

A command after ``--`` replaces the default one.  The command is looked up beside this
Python (the virtual environment's ``bin``), then on ``PATH``.  ``--check`` is for a person or
a release check, not for the test suite: timings on a shared machine vary.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ["ciapano-solve", "positions/endgame4_midtrick.json", "--json"]
#: The most the command may take beyond ``python -c pass`` (median), in seconds.
BUDGET = 0.2


def _resolve(command: list[str]) -> list[str]:
    """The command with its program found beside this Python, else on PATH."""
    beside = Path(sys.executable).parent / command[0]
    if beside.exists():
        return [str(beside), *command[1:]]
    found = shutil.which(command[0])
    if found is None:
        raise SystemExit(f"bench_startup: {command[0]}: not found (is the package installed?)")
    return [found, *command[1:]]


def _time(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):  # check exits 1 for a costly card
        raise SystemExit(
            f"bench_startup: {' '.join(command)} exited {done.returncode}:\n"
            + done.stderr.decode(errors="replace")
        )
    return elapsed


def main() -> None:
    argv = sys.argv[1:]
    command = DEFAULT
    if "--" in argv:
        cut = argv.index("--")
        argv, command = argv[:cut], argv[cut + 1 :] or DEFAULT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="runs of each (default 7)")
    ap.add_argument(
        "--check",
        action="store_true",
        help=f"exit 1 if the command takes more than {BUDGET} s beyond python -c pass",
    )
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error(f"--runs: {args.runs} is not a number of runs >= 1")
    command = _resolve(command)
    bare = [sys.executable, "-c", "pass"]
    _time(command)  # once to warm the file cache; not counted
    ours, python = [], []
    for _ in range(args.runs):
        ours.append(_time(command))
        python.append(_time(bare))
    a, b = statistics.median(ours), statistics.median(python)
    print(f"command:          {' '.join(Path(command[0]).name.split() + command[1:])}")
    print(f"median of {args.runs}:     {a:.3f} s  (min {min(ours):.3f}, max {max(ours):.3f})")
    print(f"python -c pass:   {b:.3f} s  (min {min(python):.3f}, max {max(python):.3f})")
    print(f"difference:       {a - b:.3f} s  (budget {BUDGET} s)")
    if args.check and a - b > BUDGET:
        print(f"too slow: {a - b:.3f} s beyond python -c pass", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
