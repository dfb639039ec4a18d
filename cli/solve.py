"""``ciapano-solve`` and ``ciapano solve``, ``validate``, ``schema``: a position solved
double-dummy, checked, and the schema of position files."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

import click

import ciapano

from .options import (
    SETTINGS,
    concept_option,
    echo,
    fail,
    fail_option,
    interrupted,
    json_option,
    max_nodes_option,
    position_argument,
    read_position,
    seat_option,
    time_limit_option,
    tt_mb_option,
)

if TYPE_CHECKING:
    from ciapano import SolveResult


@click.command("solve", context_settings=SETTINGS)
@position_argument
@click.option(
    "--for",
    "seat",
    metavar="SEAT",
    default=None,
    help="The perspective seat whose guarantee (its penalty, or its side's points or tricks) is "
    "computed (default: the seat to move).",
)
@click.option("--all-seats", is_flag=True, help="Also give every seat's own guarantee.")
@json_option
@tt_mb_option("Memory for the transposition tables (MiB) in all.")
@click.option(
    "--threads",
    type=int,
    metavar="N",
    default=None,
    help="Threads to search with (default: every core of the machine); a position with 5 "
    "tricks left or fewer is searched on one.",
)
@max_nodes_option
@time_limit_option
@concept_option
def solve_command(
    position: str,
    seat: str | None,
    all_seats: bool,
    as_json: bool,
    tt_mb: float,
    threads: int | None,
    max_nodes: int | None,
    time_limit: float | None,
    concept: str,
) -> None:
    """Solve a position double-dummy: the value of each legal card and an optimal line.

    The value is the least penalty a seat can guarantee when every other seat plays against it, in
    the game's unit: Ciapanò's and Kifameno's penalty points (11 per hand), Busca's busche,
    Mattazza's game points (0 or 1).  In the games of two sides it is the points (Calabrasella,
    Piedicavallo tarocchi) or tricks (bridge) the seat's side can make sure of, higher being
    better.  Best cards are marked with *; equivalent cards (same value for the same reason) are
    listed together.  With --max-nodes or --time-limit a solve may stop early: it then prints only
    what it proved (a range lo..hi, "exact": false), and Ctrl-C does the same.  --concept maxn
    values the cards against opponents who each play for their own score instead (exact near the
    end of a hand; see the README's "Solution concepts").

    POSITION is a position file (JSON, snapshot or history form; see docs/positions.md), or -
    to read standard input.
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
            concept=concept,
        )
    except ciapano.OptionError as e:
        fail_option(e)
    except MemoryError as e:
        fail(f"--tt-mb: {e}")
    except ciapano.SolveInterrupted as e:
        _print_result(e.result, as_json)
        interrupted("interrupted: the values shown are what was proved before Ctrl-C")
    _print_result(result, as_json)


def _print_result(result: SolveResult, as_json: bool) -> None:
    echo(json.dumps(result.to_dict()) if as_json else str(result))


@click.command("validate", context_settings=SETTINGS)
@position_argument
def validate_command(position: str) -> None:
    """Check a position file and print the position, or the first problem found.

    POSITION is a position file, or - to read standard input.
    """
    pos = read_position(position)
    echo(str(pos))
    # Ciapanò, the default game of files, goes unnamed (as in the files ciapano writes).
    game = f"{pos.game.title}, " if pos.game.name != "ciapano" else ""
    echo(f"valid: {game}{pos.players} players, seat {pos.to_move} to move")


@click.command("schema", context_settings=SETTINGS)
def schema_command() -> None:
    """Print the JSON Schema of position files."""
    from ciapano.formats import SCHEMA_PATH

    echo(SCHEMA_PATH.read_text(encoding="utf-8"), nl=False)
