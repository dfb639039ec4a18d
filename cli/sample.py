"""``ciapano sample``: the cards of the seat to move scored from its own view (PIMC)."""

from __future__ import annotations

import json
from typing import Annotated

import typer

import ciapano
from ciapano.errors import CiapanoError, OptionError
from ciapano.montecarlo import DEFAULT_PIMC_TT_MB
from ciapano.solving import DEFAULT_TT_MB

from .options import (
    JsonOption,
    PositionArg,
    fail,
    fail_option,
    int_option,
    interrupted,
    read_view,
    samples_bar,
)


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
    as_json: JsonOption = False,
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
    seat_n = int_option("--seat", seat, 0, "a seat number")
    n_samples = int_option("--samples", samples, 2, "a number of samples >= 2")
    seed_n = int_option("--seed", seed, 0, "a seed (a whole number >= 0)")
    n_workers = int_option("--workers", workers, 1, "a number of worker processes >= 1")
    info = read_view(position, seat_n)
    try:
        if info.is_over():
            fail(f"{position}: the hand is over: there is no card to score")
        info.legal_moves()
    except CiapanoError as e:  # the viewer is not to move
        where = "--seat" if seat_n is not None else f"{position}: view"
        fail(f"{where}: {e.reason if e.field == 'view' else e}")
    try:
        with samples_bar() as progress:
            result = ciapano.pimc(
                info,
                n_samples,  # type: ignore[arg-type]
                seed_n,
                workers=n_workers,
                tt_mb=tt_mb,
                progress=progress,
            )
    except OptionError as e:
        fail_option(e)
    except MemoryError as e:
        fail(f"--tt-mb: {e}")
    except CiapanoError as e:
        if seat_n is not None and getattr(e, "field", "") == "view":
            fail(f"--seat: {e.reason}")
        fail(f"{'<stdin>' if position == '-' else position}: {e}")
    except KeyboardInterrupt:
        interrupted("interrupted: no result (the samples were not all solved)")
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        typer.echo(str(result))
