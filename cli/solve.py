"""``ciapano-solve`` and ``ciapano solve``, ``validate``, ``schema``: a position solved
double-dummy, checked, and the schema of position files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer

import ciapano
from ciapano.errors import OptionError, SolveInterrupted
from ciapano.solving import DEFAULT_TT_MB, SolveResult

from .options import (
    JsonOption,
    PositionArg,
    fail,
    fail_option,
    interrupted,
    read_position,
    seat_option,
)


def solve_command(
    position: PositionArg,
    seat: Annotated[
        str | None,
        typer.Option(
            "--for",
            metavar="SEAT",
            help="The perspective seat whose guaranteed penalty is computed "
            "(default: the seat to move).",
            show_default=False,
        ),
    ] = None,
    all_seats: Annotated[
        bool, typer.Option("--all-seats", help="Also give every seat's own guarantee.")
    ] = False,
    as_json: JsonOption = False,
    tt_mb: Annotated[
        float,
        typer.Option(
            "--tt-mb", metavar="MIB", help="Memory for the transposition tables (MiB) in all."
        ),
    ] = DEFAULT_TT_MB,
    threads: Annotated[
        int | None,
        typer.Option(
            "--threads",
            metavar="N",
            help="Threads to search with (default: every core of the machine).",
            show_default=False,
        ),
    ] = None,
    max_nodes: Annotated[
        int | None,
        typer.Option(
            "--max-nodes",
            metavar="N",
            help="Stop after about N search nodes and report what was proved.",
        ),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            metavar="SECONDS",
            help="Stop after about this many seconds and report what was proved.",
        ),
    ] = None,
) -> None:
    """Solve a position double-dummy: the value of each legal card and an optimal line.

    The value is the least penalty a seat can guarantee when every other seat plays against it,
    in penalty points (11 per hand).  Best cards are marked with *; equivalent cards (same
    value for the same reason) are listed together.  With --max-nodes or --time-limit a solve
    may stop early: it then prints only what it proved (a range lo..hi, "exact": false), and
    Ctrl-C does the same.
    """
    pos = read_position(position)
    perspective = seat_option(seat, pos)
    n_threads = threads if threads is not None else max(1, os.cpu_count() or 1)
    try:
        result = ciapano.solve(
            pos,
            perspective,
            all_seats=all_seats,
            tt_mb=tt_mb,
            threads=n_threads,
            max_nodes=max_nodes,
            time_limit=time_limit,
        )
    except OptionError as e:
        fail_option(e)
    except MemoryError as e:
        fail(f"--tt-mb: {e}")
    except SolveInterrupted as e:
        _print_result(e.result, as_json)
        interrupted("interrupted: the values shown are what was proved before Ctrl-C")
    _print_result(result, as_json)


def _print_result(result: SolveResult, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        typer.echo(str(result))


def validate_command(position: PositionArg) -> None:
    """Check a position file and print the position, or the first problem found."""
    pos = read_position(position)
    typer.echo(str(pos))
    typer.echo(f"valid: {pos.players} players, seat {pos.to_move} to move")


def schema_command() -> None:
    """Print the JSON Schema of position files."""
    typer.echo(Path(ciapano.SCHEMA_PATH).read_text(encoding="utf-8"), nl=False)
