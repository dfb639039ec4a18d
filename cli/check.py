"""``ciapano check``: is a card optimal for the seat to move, one decision or a file of them."""

from __future__ import annotations

import json
from typing import Annotated

import typer

import ciapano
from ciapano.errors import CiapanoError
from ciapano.solving import DEFAULT_TT_MB

from .options import (
    EXIT_BAD_INPUT,
    EXIT_COSTLY,
    ScoreSamplesOption,
    ScoreSeedOption,
    check_tt_mb,
    fail,
    int_option,
    interrupted,
    interruptible,
    pimc_run,
    read_text,
    steps_bar,
    warn,
)


def check_command(
    position: Annotated[
        str | None,
        typer.Argument(
            metavar="POSITION",
            help="A position file (see docs/positions.md), or - to read standard input.",
            show_default=False,
        ),
    ] = None,
    card: Annotated[
        str | None,
        typer.Argument(
            metavar="CARD", help="The card the seat to move plays, e.g. 5C.", show_default=False
        ),
    ] = None,
    batch: Annotated[
        str | None,
        typer.Option(
            "--batch",
            metavar="FILE",
            help='Check every decision of a JSON Lines file: each line a position plus "card".',
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON (with --batch: one object a line).")
    ] = False,
    tt_mb: Annotated[
        float,
        typer.Option("--tt-mb", metavar="MIB", help="Memory of the transposition table (MiB)."),
    ] = DEFAULT_TT_MB,
    samples: ScoreSamplesOption = None,
    seed: ScoreSeedOption = None,
    workers: Annotated[
        str | None,
        typer.Option(
            "--workers",
            metavar="N",
            help="With --samples: worker processes (default: every core).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Check a decision: is CARD optimal for the seat to move, what does it cost, which cards
    are best.

    Values are the seat to move's own penalty (points) with every other seat against it.  Exit
    status 0 when the card is optimal, 1 when it costs points, 2 for bad input.  With --batch,
    every decision of the file and a summary; exit status 1 if any card costs points, 2 if
    any line could not be checked.  With --samples, also the card's expected loss from the
    seat's own view (PIMC; the exit status stays that of the double-dummy check).
    """
    check_tt_mb(tt_mb)
    n_samples = int_option("--samples", samples, 2, "a number of samples >= 2")
    seed_n = int_option("--seed", seed, 0, "a seed (a whole number >= 0)")
    n_workers = int_option("--workers", workers, 1, "a number of worker processes >= 1")
    if n_samples is None and (seed_n is not None or n_workers is not None):
        fail("--seed and --workers go with --samples N")
    if batch is not None:
        if n_samples is not None:
            fail("--samples checks one decision; it does not go with --batch")
        if position is not None or card is not None:
            fail("give either POSITION CARD or --batch FILE, not both")
        _check_batch(batch, as_json, tt_mb)
        return
    if position is None or card is None:
        fail("give a position file and a card (POSITION CARD), or --batch FILE")
    where = "<stdin>" if position == "-" else position
    text = read_text(position, "a position file")
    try:
        pos = ciapano.loads(text)
    except CiapanoError as e:
        fail(f"{where}: {e}")
    try:
        result = interruptible(lambda: ciapano.check(pos, card, tt_mb=tt_mb))
    except CiapanoError as e:
        fail(str(e))
    loss = None
    if n_samples is not None:
        try:
            view = ciapano.loads_view(text)
        except CiapanoError as e:
            fail(f"{where}: {e}")
        loss = pimc_run(
            lambda progress: ciapano.pimc_check(
                view, card, n_samples, seed_n, workers=n_workers, progress=progress
            )
        )
    if as_json:
        d = result.to_dict()
        if loss is not None:
            d["pimc"] = loss.to_dict()
        typer.echo(json.dumps(d))
    else:
        typer.echo(str(result))
        if loss is not None:
            typer.echo(f"From the seat's own view: {loss}")
    if not result.optimal:
        raise typer.Exit(EXIT_COSTLY)


def _check_batch(source: str, as_json: bool, tt_mb: float) -> None:
    where = "<stdin>" if source == "-" else source
    lines = read_text(source, "a file of decisions").splitlines()
    total = sum(1 for t in lines if t.strip())
    checks = []
    try:
        with steps_bar(total, "checking decisions") as advance:
            for c in ciapano.check_decisions(ciapano.read_decisions(lines), tt_mb=tt_mb):
                checks.append(c)
                advance()
                if c.result is None:
                    warn(f"{where}: {c.error}")
                    if as_json:
                        typer.echo(json.dumps(c.to_dict()))
                else:
                    typer.echo(json.dumps(c.to_dict()) if as_json else str(c))
    except KeyboardInterrupt:
        interrupted()
    summary = ciapano.summarize_decisions(checks)
    if as_json:
        typer.echo(json.dumps({"summary": summary.to_dict()}))
    else:
        typer.echo(str(summary))
    if summary.errors:
        raise typer.Exit(EXIT_BAD_INPUT)
    if summary.costly:
        raise typer.Exit(EXIT_COSTLY)
