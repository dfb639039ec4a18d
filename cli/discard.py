"""``ciapano discard``: Piedicavallo tarocchi's dealer at its discard (every legal pair valued
double-dummy)."""

from __future__ import annotations

import json
from typing import Any

import click

import ciapano

from .options import (
    SETTINGS,
    check_tt_mb,
    echo,
    fail,
    json_option,
    max_nodes_option,
    progress_run,
    read_text,
    time_limit_option,
    tt_mb_option,
    where,
)


@click.command("discard", context_settings=SETTINGS)
@click.argument("source", metavar="FILE")
@json_option
@tt_mb_option("Memory of the transposition table (MiB).", default=1024)
@max_nodes_option
@time_limit_option
def discard_command(
    source: str, as_json: bool, tt_mb: float, max_nodes: int | None, time_limit: float | None
) -> None:
    """Value every legal pair of Piedicavallo tarocchi's dealer's discards double-dummy: the
    dealer's 17 cards and the other hands open, each pair played out from the opening lead by
    both partnerships at their best.  Values are the points of the dealer's partnership (0-114),
    best first.  A full deal takes long: with --max-nodes or --time-limit the choices not
    finished get the bounds that were proved (lo..hi).

    FILE (or - for standard input) gives "game": "tarocchi", the "dealer" and the "deal" (17
    cards for the dealer, 15 for each other seat), as a hand's history does.
    """
    from ciapano.formats import parse_json
    from ciapano.tarocchi import analyse_discard, discard_from_dict

    check_tt_mb(tt_mb)
    name = where(source)
    try:
        game, deal, dealer = discard_from_dict(parse_json(read_text(source, "a discard file")))
    except ciapano.CiapanoError as e:
        fail(f"{name}: {e}")

    def job(progress: Any) -> Any:
        return analyse_discard(
            deal, dealer, game, tt_mb=tt_mb, max_nodes=max_nodes, time_limit=time_limit,
            progress=progress,
        )  # fmt: skip

    result = progress_run("valuing discards", job, name, "the discards were not all valued")
    echo(json.dumps(result.to_dict()) if as_json else str(result))
