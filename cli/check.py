"""``ciapano check``: is a card optimal for the seat to move, one decision or a file of them."""

from __future__ import annotations

import json

import click

import ciapano

from .options import (
    EXIT_BAD_INPUT,
    EXIT_COSTLY,
    SETTINGS,
    check_tt_mb,
    concept_option,
    echo,
    exit_with,
    fail,
    int_option,
    interrupted,
    interruptible,
    pimc_run,
    read_text,
    score_samples_option,
    score_seed_option,
    steps_bar,
    tt_mb_option,
    warn,
    where,
)


@click.command("check", context_settings=SETTINGS)
@click.argument("position", metavar="POSITION", required=False)
@click.argument("card", metavar="CARD", required=False)
@click.option(
    "--batch",
    metavar="FILE",
    default=None,
    help='Check every decision of a JSON Lines file: each line a position plus "card".',
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print JSON (with --batch: one object a line)."
)
@tt_mb_option("Memory of the transposition table (MiB).")
@score_samples_option
@score_seed_option
@click.option(
    "--workers",
    metavar="N",
    default=None,
    help="With --samples: worker processes (default: every core).",
)
@concept_option
def check_command(
    position: str | None,
    card: str | None,
    batch: str | None,
    as_json: bool,
    tt_mb: float,
    samples: str | None,
    seed: str | None,
    workers: str | None,
    concept: str,
) -> None:
    """Check a decision: is CARD optimal for the seat to move, what does it cost, which cards
    are best.

    Values are the seat to move's own penalty (Ciapanò's and Kifameno's points, Busca's busche,
    Mattazza's game points), or its side's points or tricks (Calabrasella, Piedicavallo tarocchi,
    bridge), with every other seat against it, or with --concept maxn (maxn-for, best) its score
    under that solution concept.  Exit status 0 when the card is optimal, 1 when it
    costs something, 2 for bad input.  With --batch, every decision of the file and a summary; exit
    status 1 if any card costs something, 2 if any line could not be checked.  With --samples, also
    the card's expected loss from the seat's own view (PIMC; the exit status stays that of the
    double-dummy check).

    POSITION is a position file (see docs/positions.md), or - to read standard input; CARD the
    card the seat to move plays, e.g. 5C.
    """
    check_tt_mb(tt_mb)
    n_samples = int_option("--samples", samples, 2, "a number of samples >= 2")
    seed_n = int_option("--seed", seed, 0, "a seed (a whole number >= 0)")
    n_workers = int_option("--workers", workers, 1, "a number of worker processes >= 1")
    if n_samples is None and (seed_n is not None or n_workers is not None):
        fail("--seed and --workers go with --samples N")
    if batch is not None:
        if concept != "paranoid":
            fail(f"--concept {concept} checks one decision; it does not go with --batch")
        if n_samples is not None:
            fail("--samples checks one decision; it does not go with --batch")
        if position is not None or card is not None:
            fail("give either POSITION CARD or --batch FILE, not both")
        _check_batch(batch, as_json, tt_mb)
        return
    if position is None or card is None:
        fail("give a position file and a card (POSITION CARD), or --batch FILE")
    name = where(position)
    text = read_text(position, "a position file")
    try:
        pos = ciapano.loads(text)
    except ciapano.CiapanoError as e:
        fail(f"{name}: {e}")
    try:
        result = interruptible(lambda: ciapano.check(pos, card, tt_mb=tt_mb, concept=concept))
    except ciapano.CiapanoError as e:
        fail(str(e))
    loss = None
    if n_samples is not None:
        try:
            view = ciapano.loads_view(text)
        except ciapano.CiapanoError as e:
            fail(f"{name}: {e}")
        loss = pimc_run(
            lambda progress: ciapano.pimc_check(
                view, card, n_samples, seed_n, workers=n_workers, progress=progress
            )
        )
    if as_json:
        d = result.to_dict()
        if loss is not None:
            d["pimc"] = loss.to_dict()
        echo(json.dumps(d))
    else:
        echo(str(result))
        if loss is not None:
            echo(f"From the seat's own view: {loss}")
    if not result.optimal:
        exit_with(EXIT_COSTLY)


def _check_batch(source: str, as_json: bool, tt_mb: float) -> None:
    name = where(source)
    lines = read_text(source, "a file of decisions").splitlines()
    total = sum(1 for t in lines if t.strip())
    checks = []
    try:
        with steps_bar(total, "checking decisions") as advance:
            for c in ciapano.check_decisions(ciapano.read_decisions(lines), tt_mb=tt_mb):
                checks.append(c)
                advance()
                if c.result is None:
                    warn(f"{name}: {c.error}")
                    if as_json:
                        echo(json.dumps(c.to_dict()))
                else:
                    echo(json.dumps(c.to_dict()) if as_json else str(c))
    except KeyboardInterrupt:
        interrupted()
    summary = ciapano.summarize_decisions(checks)
    if as_json:
        echo(json.dumps({"summary": summary.to_dict()}))
    else:
        echo(str(summary))
    if summary.errors:
        exit_with(EXIT_BAD_INPUT)
    if summary.costly:
        exit_with(EXIT_COSTLY)
