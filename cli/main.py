"""The command-line tools: ``ciapano-solve`` and ``ciapano`` (with ``solve``, ``sample`` and more).

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
from ciapano.pimc import DEFAULT_PIMC_TT_MB
from ciapano.position import Position
from ciapano.sampling import InformationSet
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


def _int_option(option: str, text: str | None, minimum: int, what: str) -> int | None:
    """An integer option given as text (so that a bad value gets a one-line message)."""
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        _fail(f"{option}: {text!r} is not {what}")
    if value < minimum:
        _fail(f"{option}: {value} is not {what}")
    return value


def _read_view(source: str, seat: int | None) -> InformationSet:
    """What seat ``seat`` (default: the file's view) knows, from a position file or standard
    input; bad input exits with status 2."""
    where = "<stdin>" if source == "-" else source
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except FileNotFoundError:
        _fail(f"{source}: no such file")
    except IsADirectoryError:
        _fail(f"{source}: is a directory, not a position file")
    except (OSError, UnicodeDecodeError) as e:
        _fail(f"{source}: cannot be read ({e})")
    try:
        return ciapano.loads_view(text, seat)
    except CiapanoError as e:
        if seat is not None and getattr(e, "field", "") == "view":
            _fail(f"--seat: {str(e).removeprefix('view: ')}")
        _fail(f"{where}: {e}")


def sample_command(
    position: PositionArg,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            metavar="S",
            help="The seat whose view is sampled; it must be the seat to move "
            "(default: the file's 'view', else the seat to move).",
            show_default=False,
        ),
    ] = None,
    samples: Annotated[
        str,
        typer.Option("--samples", metavar="N", help="Deals of the hidden hands to sample (>= 2)."),
    ] = "100",
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed",
            metavar="K",
            help="Seed of the samples (>= 0); the same seed gives the same result "
            "(default: a fresh seed, printed).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    workers: Annotated[
        str | None,
        typer.Option(
            "--workers",
            metavar="N",
            help="Worker processes (default: every core); the result does not depend on it.",
            show_default=False,
        ),
    ] = None,
    tt_mb: Annotated[
        float | None,
        typer.Option(
            "--tt-mb",
            metavar="MIB",
            help="Transposition-table memory of each sample's solve (one table per worker) "
            f"(default: {DEFAULT_TT_MB} with 32 cards or more in play, else {DEFAULT_PIMC_TT_MB}).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Score the cards of the seat to move from its own view (PIMC).

    Deals of the hidden hands are sampled uniformly among those consistent with what the seat
    knows (its cards, the cards played and by whom, the voids this reveals, the hand sizes),
    each is solved double-dummy, and every legal card gets its mean penalty, standard error,
    95% interval and how often it was among the best.  The means are estimates, not
    guarantees: PIMC plays each sample as if every hand were open (strategy fusion); see the
    README.
    """
    seat_n = _int_option("--seat", seat, 0, "a seat number")
    n_samples = _int_option("--samples", samples, 2, "a number of samples >= 2")
    seed_n = _int_option("--seed", seed, 0, "a seed (a whole number >= 0)")
    n_workers = _int_option("--workers", workers, 1, "a number of worker processes >= 1")
    info = _read_view(position, seat_n)
    try:
        if info.is_over():
            _fail(f"{position}: the hand is over: there is no card to score")
        info.legal_moves()
    except CiapanoError as e:  # the viewer is not to move
        where = "--seat" if seat_n is not None else f"{position}: view"
        _fail(f"{where}: {str(e).removeprefix('view: ')}")
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    bar = Progress(
        TextColumn("solving samples"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )
    task = bar.add_task("samples", total=n_samples)
    try:
        with bar:
            result = ciapano.pimc(
                info,
                n_samples,  # type: ignore[arg-type]
                seed_n,
                workers=n_workers,
                tt_mb=tt_mb,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
    except OptionError as e:
        _fail("--" + e.field.replace("_", "-") + str(e).removeprefix(e.field))
    except MemoryError as e:
        _fail(f"--tt-mb: {e}")
    except CiapanoError as e:
        if seat_n is not None and getattr(e, "field", "") == "view":
            _fail(f"--seat: {str(e).removeprefix('view: ')}")
        _fail(f"{'<stdin>' if position == '-' else position}: {e}")
    except KeyboardInterrupt:
        typer.echo("interrupted: no result (the samples were not all solved)", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        typer.echo(str(result))


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
app.command(name="sample")(sample_command)
app.command(name="validate")(validate_command)
app.command(name="schema")(schema_command)


def solve_main() -> None:
    """Entry point of ``ciapano-solve``."""
    solve_app(prog_name="ciapano-solve")


def main() -> None:
    """Entry point of ``ciapano``."""
    app(prog_name="ciapano")
