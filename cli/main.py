"""The command-line tools: ``ciapano-solve`` and ``ciapano`` (with ``solve`` and more).

Exit status: 0 on success; 2 on bad input (a one-line message on standard error, no
traceback).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

import ciapano
from ciapano.errors import CiapanoError
from ciapano.position import Position
from ciapano.solve import DEFAULT_TT_MB, OptionError, SolveInterrupted, SolveResult

__all__ = ["app", "main", "solve_app", "solve_main"]

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130


def _fail(message: str) -> NoReturn:
    prog = Path(sys.argv[0]).name or "ciapano"
    typer.echo(f"{prog}: error: {message}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


def _read_position(source: str) -> Position:
    """Load a position file, or standard input for ``-``; bad input exits with status 2."""
    try:
        if source == "-":
            return ciapano.loads(sys.stdin.read())
        return ciapano.load(source)
    except CiapanoError as e:
        where = "<stdin>" if source == "-" else source
        _fail(f"{where}: {e}")
    except FileNotFoundError:
        _fail(f"{source}: no such file")
    except IsADirectoryError:
        _fail(f"{source}: is a directory, not a position file")
    except (OSError, UnicodeDecodeError) as e:
        _fail(f"{source}: cannot be read ({e})")


def _seat_option(text: str | None, pos: Position) -> int | None:
    """The --for option: a seat number of the position, or None."""
    if text is None:
        return None
    try:
        seat = int(text)
    except ValueError:
        _fail(f"--for: {text!r} is not a seat number (seats are 0..{pos.players - 1})")
    if not 0 <= seat < pos.players:
        _fail(f"--for: {seat} is not a seat of this position (seats are 0..{pos.players - 1})")
    return seat


PositionArg = Annotated[
    str,
    typer.Argument(
        metavar="POSITION",
        help="A position file (JSON, snapshot or history form; see docs/positions.md), "
        "or - to read standard input.",
        show_default=False,
    ),
]


def solve_command(
    position: PositionArg,
    seat: Annotated[
        str | None,
        typer.Option(
            "--for",
            metavar="SEAT",
            help="The perspective seat whose guaranteed penalty is computed "
            "[default: the seat to move].",
            show_default=False,
        ),
    ] = None,
    all_seats: Annotated[
        bool, typer.Option("--all-seats", help="Also give every seat's own guarantee.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
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
            help="Threads to search with [default: every core of the machine].",
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
    pos = _read_position(position)
    perspective = _seat_option(seat, pos)
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
        option = "--" + e.field.replace("_", "-")
        _fail(option + str(e).removeprefix(e.field))
    except MemoryError as e:
        _fail(f"--tt-mb: {e}")
    except SolveInterrupted as e:
        _print_result(e.result, as_json)
        typer.echo("interrupted: the values shown are what was proved before Ctrl-C", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    _print_result(result, as_json)


def _print_result(result: SolveResult, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        typer.echo(str(result))


def validate_command(position: PositionArg) -> None:
    """Check a position file and print the position, or the first problem found."""
    pos = _read_position(position)
    typer.echo(str(pos))
    typer.echo(f"valid: {pos.players} players, seat {pos.to_move} to move")


def schema_command() -> None:
    """Print the JSON Schema of position files."""
    typer.echo(Path(ciapano.SCHEMA_PATH).read_text(encoding="utf-8"), nl=False)


_SETTINGS = {"help_option_names": ["-h", "--help"]}

solve_app = typer.Typer(
    add_completion=False, pretty_exceptions_enable=False, context_settings=_SETTINGS
)
solve_app.command(name="ciapano-solve")(solve_command)

app = typer.Typer(
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings=_SETTINGS,
    no_args_is_help=True,
    help="ciapano: the exact double-dummy solver for Ciapanò and its family of games.",
)
app.command(name="solve")(solve_command)
app.command(name="validate")(validate_command)
app.command(name="schema")(schema_command)


def solve_main() -> None:
    """Entry point of ``ciapano-solve``."""
    solve_app(prog_name="ciapano-solve")


def main() -> None:
    """Entry point of ``ciapano``."""
    app(prog_name="ciapano")
