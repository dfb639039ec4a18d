"""``ciapano exchange`` and ``ciapano call``: Calabrasella's declarer at the exchange (every
choice valued double-dummy) and one step earlier, at the call (the best give-back and exchange
after each card it may name)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

import ciapano

from .options import (
    SETTINGS,
    check_tt_mb,
    echo,
    fail,
    int_option,
    progress_run,
    read_text,
    tt_mb_option,
    where,
)

F = TypeVar("F", bound=Callable[..., Any])


def _options(command: F) -> F:
    """FILE, --json, --tt-mb and --workers: what both commands take."""
    for option in reversed(
        [
            click.argument("source", metavar="FILE"),
            click.option("--json", "as_json", is_flag=True, help="Print one JSON object."),
            tt_mb_option("Memory of the transposition table of each worker (MiB).", default=512),
            click.option(
                "--workers",
                metavar="N",
                default=None,
                help="Worker processes (default: one, this process).",
            ),
        ]
    ):
        command = option(command)
    return command


def _run(
    source: str,
    as_json: bool,
    tt_mb: float,
    workers: str | None,
    kind: str,
    read: Callable[[Any], tuple[Any, ...]],
    analyse: Callable[..., Any],
    label: str,
    what: str,
) -> None:
    """Read FILE (``kind``, for the message) with ``read``, run ``analyse(*read's values,
    tt_mb=, workers=, progress=)`` under a bar and print its result."""
    from ciapano.formats import parse_json

    check_tt_mb(tt_mb)
    n_workers = int_option("--workers", workers, 1, "a number of worker processes >= 1")
    name = where(source)
    try:
        args = read(parse_json(read_text(source, kind)))
    except ciapano.CiapanoError as e:
        fail(f"{name}: {e}")
    result = progress_run(
        label,
        lambda progress: analyse(*args, tt_mb=tt_mb, workers=n_workers or 1, progress=progress),
        name,
        what,
    )
    echo(json.dumps(result.to_dict()) if as_json else str(result))


@click.command("exchange", context_settings=SETTINGS)
@_options
def exchange_command(source: str, as_json: bool, tt_mb: float, workers: str | None) -> None:
    """Value every exchange of Calabrasella's declarer double-dummy: each way to discard 1 to 4
    of its 12 cards and take as many from the open widow (1,819 choices), played from the
    opening lead by both sides at their best.  Values are the declarer's points (0-35), best
    first.

    FILE (or - for standard input) gives "game": "calabrasella", the "declarer", the "widow"
    and the three "hands" after the called card changed hands; or a hand's history ("deal",
    "widow", "declarer", "called", "given"), whose hands after the call are taken.
    """
    from ciapano.calabrasella import analyse_exchange, exchange_from_dict

    def read(data: Any) -> tuple[Any, ...]:
        game, hands, widow, declarer = exchange_from_dict(data)
        return hands, widow, declarer, game

    _run(
        source, as_json, tt_mb, workers, "an exchange file", read, analyse_exchange,
        "valuing exchanges", "the choices were not all valued",
    )  # fmt: skip


@click.command("call", context_settings=SETTINGS)
@_options
def call_command(source: str, as_json: bool, tt_mb: float, workers: str | None) -> None:
    """For each card Calabrasella's declarer may name (a 3 it lacks, or a 2 if it holds every 3),
    the best card to give back and the best exchange after it, valued double-dummy from the
    opening lead (the declarer's points, 0-35), best first.  Every give-back is tried: a few
    minutes on one core.

    FILE (or - for standard input) gives "game": "calabrasella", the "deal" (12 cards a seat),
    the open "widow" and the "declarer".
    """
    from ciapano.calabrasella import analyse_call, call_from_dict

    def read(data: Any) -> tuple[Any, ...]:
        game, deal, widow, declarer = call_from_dict(data)
        return deal, widow, declarer, game

    _run(
        source, as_json, tt_mb, workers, "a call file", read, analyse_call, "valuing calls",
        "the calls were not all valued",
    )  # fmt: skip
