"""The command line starts at once: ``import ciapano`` and a small solve do not import what
they do not use (NumPy, rich, matplotlib, dask, the analysis modules...).

These tests look at ``sys.modules`` in a fresh interpreter, not at the clock (the time itself
is measured by ``bench/bench_startup.py``).  They fail when an import at the top of a module
pulls a heavy dependency back into the path of every command: make that import lazy (inside
the function that needs it) rather than loosen the test.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import ciapano

ROOT = Path(__file__).resolve().parents[1]
POSITION = ROOT / "positions" / "endgame4_midtrick.json"

#: Never needed to solve or check one valid position (jsonschema only explains a file that
#: breaks the schema: a valid one passes jsonschema-rs's check alone).
HEAVY = ["numpy", "rich", "matplotlib", "distributed", "dask", "pydantic", "typer", "scipy"]
HEAVY += ["jsonschema", "referencing", "attrs", "attr"]
#: Not needed by a small solve either, and each a few milliseconds of the start (docs/speed.md,
#: 2026-11-27): the thread pool (a position of 5 tricks or fewer is searched on one thread),
#: logging (which concurrent.futures imports), importlib.resources (the schema is read beside
#: the module), the sampling module (only a seat's view needs it), the hand records' module
#: (only analyse reads a record).  Not pathlib: an editable install's import hook loads it
#: anyway.
ON_DEMAND = ["concurrent", "logging", "zipfile", "importlib.resources", "ciapano.sampling"]
ON_DEMAND += ["ciapano.records"]


def _modules_after(code: str) -> set[str]:
    """The modules loaded after running ``code`` in a fresh interpreter (its output aside)."""
    probe = (
        "import io, json, sys, contextlib\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    try:\n"
        + "".join(f"        {line}\n" for line in code.splitlines())
        + "    except SystemExit:\n"
        "        pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def _loaded(modules: set[str], names: list[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in names)


def test_import_ciapano_loads_nothing_else():
    modules = _modules_after("import ciapano")
    assert _loaded(modules, [*HEAVY, "jsonschema_rs", "click"]) == []
    assert sorted(m for m in modules if m.startswith("ciapano.")) == []


def test_the_command_line_module_loads_only_click():
    modules = _modules_after("import ciapano.cli.main")
    assert _loaded(modules, [*HEAVY, "jsonschema_rs"]) == []
    ours = sorted(m for m in modules if m.startswith("ciapano."))
    assert ours == ["ciapano.cli", "ciapano.cli.main"]


@pytest.mark.parametrize(
    ("entry", "args"),
    [
        ("solve_main", ["ciapano-solve", str(POSITION), "--json"]),
        ("main", ["ciapano", "check", str(POSITION), "KD"]),
        ("main", ["ciapano", "validate", str(POSITION)]),
    ],
)
def test_a_small_solve_or_check_loads_no_heavy_module(entry, args):
    modules = _modules_after(
        f"sys.argv = {args!r}\nfrom ciapano.cli.main import {entry}\n{entry}()"
    )
    assert "ciapano._engine_ciapano" in modules or args[1] == "validate"
    assert _loaded(modules, HEAVY) == []
    assert sorted(set(ON_DEMAND) & modules) == []
    assert "jsonschema_rs" in modules  # the file was checked against the schema
    assert not {"ciapano.montecarlo", "ciapano.puzzles", "ciapano.batch", "ciapano.plot"} & modules
    assert not {"ciapano.cli.analyse", "ciapano.cli.sample", "ciapano.cli.puzzle"} & modules


def test_a_small_solve_where_sigint_is_ignored_starts_no_thread():
    # A process that ignores SIGINT (a pool's worker, or one a shell starts in the background)
    # cannot be stopped by Ctrl-C: a solve on one thread then runs in the caller's thread, with
    # no thread pool (concurrent.futures, which brings logging) to hand it to.
    args = ["ciapano-solve", str(POSITION), "--json"]
    modules = _modules_after(
        "import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        f"sys.argv = {args!r}\nfrom ciapano.cli.main import solve_main\nsolve_main()"
    )
    assert "ciapano._engine_ciapano" in modules
    assert sorted({"concurrent", "logging"} & modules) == []


def test_lazy_names_resolve_as_before():
    for name in ciapano.__all__:
        assert getattr(ciapano, name) is not None, name
    assert set(ciapano.__all__) <= set(dir(ciapano))
    from ciapano import Position, solve  # noqa: F401  (from-imports go through __getattr__)

    with pytest.raises(AttributeError):
        ciapano.no_such_name  # noqa: B018
    # Submodules are attributes once asked for, as when the package imported them all.
    assert ciapano.dealing.random_deal is not None and ciapano.analysis.POLICIES
    namespace: dict[str, object] = {}
    exec("from ciapano import *", namespace)
    assert set(ciapano.__all__) <= set(namespace)
