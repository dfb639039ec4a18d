"""``ciapano analyse``: a played hand card by card, or a file of hands (``--batch``)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import click

import ciapano

from .options import (
    EXIT_BAD_INPUT,
    SETTINGS,
    check_tt_mb,
    concept_option,
    echo,
    exit_with,
    fail,
    fail_option,
    int_option,
    interrupted,
    interruptible,
    json_option,
    output,
    pimc_run,
    read_record,
    read_text,
    score_samples_option,
    score_seed_option,
    steps_bar,
    tt_mb_option,
    warn,
    where,
)


def _plot_check(plot: str | None) -> None:
    if plot is None:
        return
    from ciapano.plot import FORMATS

    if Path(plot).suffix.lower() not in FORMATS:
        fail(f"--plot: {plot!r} has no picture suffix; use one of {' '.join(FORMATS)}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        fail("--plot: matplotlib is not installed; pip install 'ciapano[plot]'")


def _html_check(page: str | None) -> None:
    """``--html FILE``: its folder must exist (checked before the analysis, not after)."""
    if page is None:
        return
    folder = Path(page).parent
    if not folder.is_dir():
        fail(f"--html: {page}: cannot be written (no folder {str(folder)!r})")
    if Path(page).is_dir():
        fail(f"--html: {page}: cannot be written (it is a folder)")


@click.command("analyse", context_settings=SETTINGS)
@click.argument("hand", metavar="HAND", required=False)
@json_option
@click.option(
    "--plot",
    metavar="FILE",
    default=None,
    help="Also draw each seat's guarantee after every card to FILE (.png, .svg, .pdf).",
)
@click.option(
    "--html",
    "html",
    metavar="FILE",
    default=None,
    help="Also write FILE, one self-contained HTML page to step through the hand in a browser: "
    "the table card by card, each card's choices with their values, the costly cards, the "
    "guarantee graph.",
)
@click.option(
    "--batch",
    metavar="FILE",
    default=None,
    help="Analyse every record of a JSON Lines file (- for standard input) and write one "
    "result a line.",
)
@click.option(
    "--match",
    "match_file",
    metavar="FILE",
    default=None,
    help="Analyse every hand of a match file (ciapano match --json) on every core, and sum up "
    "each player's mistakes.",
)
@click.option(
    "--out",
    metavar="FILE",
    default=None,
    help="With --batch: the results file (JSON Lines) (default: standard output).",
)
@click.option(
    "--workers",
    type=int,
    metavar="N",
    default=None,
    help="With --batch: local worker processes (default: every core).",
)
@click.option(
    "--dask",
    metavar="ADDRESS",
    default=None,
    help="With --batch: run on the Dask cluster whose scheduler is at ADDRESS "
    "(e.g. tcp://host:8786) instead of local processes.",
)
@click.option(
    "--from-trick",
    type=int,
    metavar="N",
    default=1,
    show_default=True,
    help="Analyse only the cards from trick N on (faster); the guarantees are then those at "
    "the start of trick N.",
)
@tt_mb_option("Memory of the transposition table of each hand (MiB).", per_worker=True)
@score_samples_option
@score_seed_option
@concept_option
def analyse_command(
    hand: str | None,
    as_json: bool,
    plot: str | None,
    html: str | None,
    batch: str | None,
    match_file: str | None,
    out: str | None,
    workers: int | None,
    dask: str | None,
    from_trick: int,
    tt_mb: float,
    samples: str | None,
    seed: str | None,
    concept: str,
) -> None:
    """Analyse a played hand card by card: what each card cost the seat that played it.

    For every card: the trick, the seat, the seat's double-dummy guarantee before the card (its best
    value) and after it, and the cost (0 for an optimal card, never negative) in the game's unit
    with every other seat against that seat: after - before for a penalty (Ciapanò's and
    Kifameno's points, Busca's busche, Mattazza's game points), before - after for a side's points
    or tricks (Calabrasella, Piedicavallo tarocchi, bridge); a costly card's cost under maxn
    (every seat for its own score) beside it where it is proved quickly.  With --concept maxn (or
    maxn-for, best) the values are those of that solution concept instead (exact near the end of
    a hand: give --from-trick).  Then each seat's real score beside its opening guarantee, its
    costly cards and their total cost.  With --batch, a whole file of hands on every core (or a
    Dask cluster), with a progress bar; a bad hand is reported and skipped (exit status 2 at the
    end).  With --match, every hand of a match file (ciapano match --json) and each match
    player's mistakes, their cost and the cost per hand.  With --html FILE, a page to open in a
    browser that replays the hand card by card with every choice's value (no network needed).

    HAND is a hand record (JSON: a deal and its whole play; see docs/records.md), or - to read
    standard input.
    """
    if from_trick < 1:
        fail(f"--from-trick: {from_trick} is not a trick number (tricks count from 1)")
    if concept != "paranoid" and (match_file is not None or batch is not None):
        fail(f"--concept {concept} analyses one hand: it does not go with --batch or --match")
    if match_file is not None:
        if hand is not None or batch is not None or plot is not None or samples is not None:
            fail("--match FILE analyses a whole match: leave out HAND, --batch, --plot, --samples")
        if html is not None:
            fail("--html replays one hand; it does not go with --match")
        _analyse_match(match_file, as_json, workers, from_trick, tt_mb)
        return
    if (hand is None) == (batch is None):
        fail("give either a hand record HAND, --batch FILE or --match FILE")
    n_samples = int_option("--samples", samples, 2, "a number of samples >= 2")
    seed_n = int_option("--seed", seed, 0, "a seed (a whole number >= 0)")
    if n_samples is None and seed_n is not None:
        fail("--seed goes with --samples N")
    if batch is not None and n_samples is not None:
        fail("--samples scores one hand; it does not go with --batch")
    if batch is None:
        for name, value in (("--out", out), ("--dask", dask)):
            if value is not None:
                fail(f"{name} goes with --batch FILE")
        if workers is not None and n_samples is None:
            fail("--workers goes with --batch FILE or --samples N")
    elif plot is not None:
        fail("--plot draws one hand; it does not go with --batch")
    elif html is not None:
        fail("--html replays one hand; it does not go with --batch")
    elif as_json:
        fail("--batch always writes JSON Lines; leave out --json")
    if workers is not None and workers < 1:
        fail(f"--workers: {workers} is not a number of workers >= 1")
    if batch is not None:
        _analyse_batch(batch, out, workers, dask, from_trick, tt_mb)
        return
    check_tt_mb(tt_mb)
    _plot_check(plot)
    _html_check(html)
    assert hand is not None
    record = read_record(hand)

    def job() -> ciapano.Analysis:
        return ciapano.analyse(
            record,
            from_trick=from_trick,
            every_seat=plot is not None or html is not None,
            tt_mb=tt_mb,
            concept=concept,
        )

    try:
        analysis = interruptible(job)
    except ciapano.CiapanoError as e:
        fail(f"{hand}: {e}")
    losses: list[Any] = []
    if n_samples is not None:
        used_seed, losses = pimc_run(
            lambda progress: ciapano.pimc_costs(
                record,
                n_samples,
                seed_n,
                from_trick=from_trick,
                workers=workers,
                progress=progress,
            )
        )
    if as_json:
        d = analysis.to_dict()
        if n_samples is not None:
            for c in d["cards"]:
                loss = losses[c["index"]]
                c["expected_cost"] = None if loss is None else loss.to_dict()
            d["pimc"] = {"samples": n_samples, "seed": used_seed}
        echo(json.dumps(d))
    else:
        echo(str(analysis))
        if n_samples is not None:
            echo(ciapano.pimc_costs_text(losses, len(record.deal), n_samples, used_seed))
    if plot is not None:
        from ciapano.plot import plot_analysis

        try:
            plot_analysis(analysis, plot)
        except ciapano.MissingDependency as e:
            fail(f"--{e.field}: {e.reason}")
        except ciapano.CiapanoError as e:
            fail(str(e))
        except OSError as e:
            fail(f"--plot: {plot}: cannot be written ({e.strerror or e})")
        echo(f"plot written to {plot}", err=True)
    if html is not None:
        from ciapano.replay import write_replay

        try:
            interruptible(lambda: write_replay(analysis, record, html, tt_mb=tt_mb))
        except ciapano.CiapanoError as e:
            fail(f"--html: {e}")
        except OSError as e:
            fail(f"--html: {html}: cannot be written ({e.strerror or e})")
        echo(f"replay written to {html}", err=True)


def _analyse_batch(
    source: str,
    out: str | None,
    workers: int | None,
    dask: str | None,
    from_trick: int,
    tt_mb: float,
) -> None:
    n_workers = workers if workers is not None else max(1, os.cpu_count() or 1)
    check_tt_mb(tt_mb, 1 if dask is not None else n_workers)
    name = where(source)
    records = list(ciapano.read_records(read_text(source, "a file of hand records").splitlines()))
    failed = 0
    start = time.perf_counter()
    try:
        with output(out) as f, steps_bar(len(records), "analysing hands") as advance:
            results = ciapano.analyse_batch(
                records,
                workers=n_workers,
                dask=dask,
                tt_mb=tt_mb,
                from_trick=from_trick,
                on_done=lambda _: advance(),
            )
            for result in results:
                f.write(json.dumps(result) + "\n")
                f.flush()
                if "error" in result:
                    failed += 1
                    warn(f"{name}: {result['error']}")
    except ciapano.MissingDependency as e:
        fail(f"--{e.field}: {e.reason}")
    except ciapano.OptionError as e:
        fail_option(e)
    except KeyboardInterrupt:
        interrupted("interrupted: the results before it are written")
    seconds = time.perf_counter() - start
    done = len(records) - failed
    rate = done / seconds if seconds > 0 else 0.0
    echo(
        f"analysed {done} of {len(records)} hands in {seconds:.1f} s ({rate:.2f} hands/s)"
        + (f"; {failed} failed" if failed else ""),
        err=True,
    )
    if failed:
        exit_with(EXIT_BAD_INPUT)


def _analyse_match(
    source: str, as_json: bool, workers: int | None, from_trick: int, tt_mb: float | None
) -> None:
    """``--match FILE``: every hand of a match, and each player's mistakes."""
    text = read_text(source, "a match file")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        fail(f"{where(source)}: not JSON: {e.msg} at line {e.lineno}")
    hands = data.get("hands") if isinstance(data, dict) else None
    try:
        with steps_bar(len(hands) if isinstance(hands, list) else 0, "hands") as advance:
            result = ciapano.analyse_match(
                data, workers=workers, tt_mb=tt_mb, from_trick=from_trick,
                on_done=lambda r: advance(),
            )  # fmt: skip
    except ciapano.OptionError as e:
        fail_option(e)
    except ciapano.CiapanoError as e:
        fail(f"{where(source)}: {e}")
    except KeyboardInterrupt:
        interrupted("interrupted: no result (the hands were not all analysed)")
    bad = [r for r in result["hands"] if "error" in r]
    if as_json:
        echo(json.dumps(result))
    else:
        game = ciapano.find_game(data.get("game", "ciapano"))
        echo(f"{len(result['hands'])} hands analysed; costs in {game.value_unit}\n")
        echo("  player  hands  mistakes  cost  cost per hand")
        for p in result["players"]:
            per = "-" if p["cost_per_hand"] is None else f"{p['cost_per_hand']:.2f}"
            row = f"  {p['player']:6d}  {p['hands']:5d}  {p['mistakes']:8d}  {p['cost']:4d}"
            echo(f"{row}  {per:>13s}")
    for r in bad:
        warn(f"hand {r.get('id')}: {r['error']}")
    if bad:
        exit_with(EXIT_BAD_INPUT)
