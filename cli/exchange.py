"""``ciapano exchange`` and ``ciapano call``: Calabrasella's declarer at the exchange (every
choice valued double-dummy) and one step earlier, at the call (the best give-back and exchange
after each card it may name)."""

from __future__ import annotations

import json

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


@click.command("exchange", context_settings=SETTINGS)
@click.argument("source", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@tt_mb_option("Memory of the transposition table of each worker (MiB).", default=512)
@click.option(
    "--workers", metavar="N", default=None, help="Worker processes (default: one, this process)."
)
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
    from ciapano.formats import parse_json

    check_tt_mb(tt_mb)
    n_workers = int_option("--workers", workers, 1, "a number of worker processes >= 1")
    name = where(source)
    try:
        data = parse_json(read_text(source, "an exchange file"))
        game, hands, widow, declarer = exchange_from_dict(data)
    except ciapano.CiapanoError as e:
        fail(f"{name}: {e}")
    result = progress_run(
        "valuing exchanges",
        lambda progress: analyse_exchange(
            hands, widow, declarer, game, tt_mb=tt_mb, workers=n_workers or 1, progress=progress
        ),
        name,
        "the choices were not all valued",
    )
    echo(json.dumps(result.to_dict()) if as_json else str(result))


@click.command("call", context_settings=SETTINGS)
@click.argument("source", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@tt_mb_option("Memory of the transposition table of each worker (MiB).", default=512)
@click.option(
    "--workers", metavar="N", default=None, help="Worker processes (default: one, this process)."
)
def call_command(source: str, as_json: bool, tt_mb: float, workers: str | None) -> None:
    """For each card Calabrasella's declarer may name (a 3 it lacks, or a 2 if it holds every 3),
    the best card to give back and the best exchange after it, valued double-dummy from the
    opening lead (the declarer's points, 0-35), best first.  Every give-back is tried: a few
    minutes on one core.

    FILE (or - for standard input) gives "game": "calabrasella", the "deal" (12 cards a seat),
    the open "widow" and the "declarer".
    """
    from ciapano.calabrasella import analyse_call, call_from_dict
    from ciapano.formats import parse_json

    check_tt_mb(tt_mb)
    n_workers = int_option("--workers", workers, 1, "a number of worker processes >= 1")
    name = where(source)
    try:
        game, deal, widow, declarer = call_from_dict(parse_json(read_text(source, "a call file")))
    except ciapano.CiapanoError as e:
        fail(f"{name}: {e}")
    result = progress_run(
        "valuing calls",
        lambda progress: analyse_call(
            deal, widow, declarer, game, tt_mb=tt_mb, workers=n_workers or 1, progress=progress
        ),
        name,
        "the calls were not all valued",
    )
    echo(json.dumps(result.to_dict()) if as_json else str(result))
