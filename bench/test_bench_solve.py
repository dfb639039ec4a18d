"""pytest-benchmark timings of the solver (run: ``pytest bench --benchmark-only -n 0``: in one
process, as timings need).

Not part of the test suite: speed is measured here, never asserted.  The node count of each
solve is attached to the benchmark's ``extra_info``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import ciapano

POSITIONS = Path(__file__).resolve().parents[1] / "positions"


@pytest.mark.parametrize(
    "name",
    ["endgame4_midtrick.json", "endgame3_discard_ace.json", "history4_three_tricks_left.json",
     "deal5_opening.json"],
)  # fmt: skip
def test_solve(benchmark, name):
    pos = ciapano.load(POSITIONS / name)
    result = benchmark.pedantic(ciapano.solve, args=(pos,), rounds=3, iterations=1)
    benchmark.extra_info["nodes"] = result.nodes
    benchmark.extra_info["value"] = result.value


def test_dd_table_5p(benchmark):
    pos = ciapano.load(POSITIONS / "deal5_opening.json")
    table = benchmark.pedantic(ciapano.dd_table, args=(pos,), rounds=1, iterations=1)
    benchmark.extra_info["nodes"] = table.nodes
