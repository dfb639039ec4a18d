"""Helpers shared by the command-line tests."""

from __future__ import annotations

from click.testing import CliRunner

from ciapano.cli.main import app


def error_line(runner: CliRunner, args: list[str], tool=app) -> str:
    """The one line of a command that exits 2 on bad input (nothing on standard output, no
    traceback, ``PROG: error: ...`` on standard error)."""
    result = runner.invoke(tool, args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert ": error: " in lines[0]
    return lines[0]
