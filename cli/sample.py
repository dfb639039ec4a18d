"""``ciapano sample``: the cards of the seat to move scored from its own view (PIMC)."""

from __future__ import annotations

import json

import click

import ciapano

from .options import (
    SETTINGS,
    concept_option,
    echo,
    fail,
    fail_option,
    int_option,
    interrupted,
    json_option,
    position_argument,
    progress_run,
    read_text,
    read_view,
    samples_bar,
    where,
)

# The defaults of --tt-mb, for the help (ciapano.solving.WORKER_TT_MB and
# ciapano.montecarlo.DEFAULT_PIMC_TT_MB, not imported for a help text: NumPy's import;
# tests/test_pimc.py holds the help to the library's values).
_LARGE_TT_MB, _SMALL_TT_MB = 256, 32


@click.command("sample", context_settings=SETTINGS)
@position_argument
@click.option(
    "--seat",
    metavar="S",
    default=None,
    help="The seat whose view is sampled; it must be the seat to move "
    "(default: the file's 'view', else the seat to move).",
)
@click.option(
    "--samples",
    metavar="N",
    default="100",
    show_default=True,
    help="Deals of the hidden hands to sample (>= 2).",
)
@click.option(
    "--seed",
    metavar="K",
    default=None,
    help="Seed of the samples (>= 0); the same seed gives the same result "
    "(default: a fresh seed, printed).",
)
@json_option
@click.option(
    "--workers",
    metavar="N",
    default=None,
    help="Worker processes (default: every core); the result does not depend on it.",
)
@click.option(
    "--tt-mb",
    type=float,
    metavar="MIB",
    default=None,
    help="Transposition-table memory of each sample's solve (one table per worker) "
    f"(default: {_LARGE_TT_MB} with 32 cards or more in play, else {_SMALL_TT_MB}).",
)
@concept_option
def sample_command(
    position: str,
    seat: str | None,
    samples: str,
    seed: str | None,
    as_json: bool,
    workers: str | None,
    tt_mb: float | None,
    concept: str,
) -> None:
    """Score the cards of the seat to move from its own view (PIMC).

    Deals of the hidden hands are sampled uniformly among those consistent with what the seat
    knows (its cards, the cards played and by whom, the voids this reveals, the hand sizes),
    each is solved double-dummy, and every legal card gets its mean value (the seat's penalty,
    or in Calabrasella and Piedicavallo tarocchi its side's points), standard error, 95%
    interval and how often it was among the best.  The means are estimates, not
    guarantees: PIMC plays each sample as if every hand were open (strategy fusion); see the
    README.  With --concept maxn each sample is solved with every seat playing for its own score
    instead of against the seat (exact near the end of a hand only).

    POSITION is a position file (a history, or a snapshot with hidden hands as counts; see
    docs/positions.md), or - to read standard input.  A Calabrasella file with a seat's twelve
    cards before the bidding ({"game": "calabrasella", "hand": [...]}) asks instead whether to
    declare: the expected payment of declaring against passing, over sampled deals of the other
    hands and the widow, each played double-dummy after its best exchange.
    """
    seat_n = int_option("--seat", seat, 0, "a seat number")
    n_samples = int_option("--samples", samples, 2, "a number of samples >= 2")
    seed_n = int_option("--seed", seed, 0, "a seed (a whole number >= 0)")
    n_workers = int_option("--workers", workers, 1, "a number of worker processes >= 1")
    text = read_text(position, "a position file")
    if '"hand"' in text:
        if concept != "paranoid":
            fail("--concept goes with a position to play, not the choice to declare")
        _declare(position, text, n_samples, seed_n, n_workers, tt_mb, as_json)
        return
    info = read_view(position, seat_n)
    try:
        if info.is_over():
            fail(f"{position}: the hand is over: there is no card to score")
        info.legal_moves()
    except ciapano.CiapanoError as e:  # the viewer is not to move
        what = "--seat" if seat_n is not None else f"{position}: view"
        fail(f"{what}: {e.reason if e.field == 'view' else e}")
    try:
        with samples_bar() as progress:
            result = ciapano.pimc(
                info,
                n_samples,  # type: ignore[arg-type]
                seed_n,
                workers=n_workers,
                tt_mb=tt_mb,
                progress=progress,
                concept=concept,
            )
    except ciapano.OptionError as e:
        fail_option(e)
    except MemoryError as e:
        fail(f"--tt-mb: {e}")
    except ciapano.CiapanoError as e:
        if seat_n is not None and e.field == "view":
            fail(f"--seat: {e.reason}")
        fail(f"{where(position)}: {e}")
    except KeyboardInterrupt:
        interrupted("interrupted: no result (the samples were not all solved)")
    echo(json.dumps(result.to_dict()) if as_json else str(result))


def _declare(
    source: str,
    text: str,
    samples: int | None,
    seed: int | None,
    workers: int | None,
    tt_mb: float | None,
    as_json: bool,
) -> None:
    """``ciapano sample`` on a Calabrasella hand before the bidding: should it declare?"""
    from ciapano.calabrasella import EXCHANGE_TT_MB, estimate_declaring
    from ciapano.formats import parse_json

    name = where(source)
    try:
        data = parse_json(text)
        if not isinstance(data, dict) or data.get("game") != "calabrasella":
            raise ciapano.PositionError(
                "hand", 'a hand before the bidding is Calabrasella\'s: give "game": "calabrasella"'
            )
        game = ciapano.Calabrasella.from_rules(None, data.get("rules"))
        hand = data["hand"]
    except ciapano.CiapanoError as e:
        fail(f"{name}: {e}")
    result = progress_run(
        "solving samples",
        lambda progress: estimate_declaring(
            hand,
            samples if samples is not None else 100,
            seed,
            game=game,
            tt_mb=tt_mb if tt_mb is not None else EXCHANGE_TT_MB,
            workers=workers,
            progress=progress,
        ),
        name,
        "the samples were not all solved",
    )
    echo(json.dumps(result.to_dict()) if as_json else str(result))
