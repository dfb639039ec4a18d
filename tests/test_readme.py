"""The README's commands and the documentation's examples stay true."""

from __future__ import annotations

import json
import re
from pathlib import Path

import ciapano

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    commands = [line.strip() for line in readme[:12] if line.startswith("    ")]
    assert len(commands) == 2
    install_and_run, install_and_test = commands
    assert "ciapano-solve positions/" in install_and_run
    shipped = install_and_run.split("ciapano-solve ")[1].split()[0]
    assert (ROOT / shipped).is_file()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert install_and_test in [line.strip() for line in ci]


def test_snapshot_and_view_examples_of_the_docs_are_valid():
    text = (ROOT / "docs" / "positions.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    complete = [b for b in blocks if "..." not in b]
    assert complete
    for block in complete:
        data = json.loads(block)
        if any(isinstance(h, int) for h in data.get("hands", [])):
            # A seat's view: it reads back, and some deal fits it.
            view = ciapano.view_from_dict(data)
            assert ciapano.view_from_dict(view.to_dict()) == view
            assert view.count_deals() > 0
            continue
        pos = ciapano.from_dict(data)
        assert ciapano.loads(ciapano.dumps(pos)) == pos
