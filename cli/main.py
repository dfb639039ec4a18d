"""The command-line tools: ``ciapano-solve`` and ``ciapano`` (``solve``, ``sample``,
``validate``, ``schema``, ``analyse``, ``check``, ``deal``, ``puzzle generate|show|check``).

Exit status: 0 on success; 2 on bad input (a one-line message on standard error, no
traceback); ``check`` exits 1 when the card costs points, ``puzzle check`` when a stored
puzzle no longer holds, ``puzzle generate`` when it found fewer puzzles than asked; 130 after
Ctrl-C.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Annotated, Any, NoReturn, TypeVar

import typer

import ciapano
from ciapano.analysis import POLICIES
from ciapano.errors import (
    CiapanoError,
    MissingDependency,
    OptionError,
    SolveInterrupted,
)
from ciapano.montecarlo import DEFAULT_PIMC_TT_MB
from ciapano.position import Position
from ciapano.puzzles import CANDIDATES_PER_PUZZLE
from ciapano.records import HandRecord, read_records
from ciapano.sampling import InformationSet
from ciapano.solving import (
    DEFAULT_TT_MB,
    SolveResult,
    check_options,
)

__all__ = ["app", "main", "solve_app", "solve_main"]

EXIT_COSTLY = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

T = TypeVar("T")


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


# --samples and --seed of analyse and check: score cards from their player's own view (PIMC).
ScoreSamplesOption = Annotated[
    str | None,
    typer.Option(
        "--samples",
        metavar="N",
        help="Also score the cards from their player's own view: N deals of the hidden hands "
        "sampled (PIMC, as 'ciapano sample'), the expected loss against the PIMC-best card.",
        show_default=False,
    ),
]
ScoreSeedOption = Annotated[
    str | None,
    typer.Option(
        "--seed",
        metavar="K",
        help="With --samples: the seed of the samples (default: a fresh seed, printed).",
        show_default=False,
    ),
]

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]

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
            "(default: the seat to move).",
            show_default=False,
        ),
    ] = None,
    all_seats: Annotated[
        bool, typer.Option("--all-seats", help="Also give every seat's own guarantee.")
    ] = False,
    as_json: JsonOption = False,
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
            help="Threads to search with (default: every core of the machine).",
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


@contextmanager
def _bar(
    label: str, total: int | None, *, transient: bool, eta: bool = True, counter: str = ""
) -> Iterator[Callable[..., None]]:
    """A rich progress bar on standard error, shown only on a terminal; yields ``update(**kw)``
    (the keywords of ``Progress.update``: ``completed``, ``total``, ``advance``, and the field
    ``extra`` shown after the count when ``counter`` is given, e.g. "{} candidates")."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    columns: list[str | ProgressColumn] = [TextColumn(label), BarColumn(), MofNCompleteColumn()]
    if counter:
        columns.append(TextColumn(counter.format("{task.fields[extra]}")))
    columns.append(TimeElapsedColumn())
    if eta:
        columns.append(TimeRemainingColumn())
    bar = Progress(*columns, console=console, transient=transient, disable=not console.is_terminal)
    task = bar.add_task(label, total=total, extra=0)
    with bar:
        yield lambda **kw: bar.update(task, **kw)


@contextmanager
def _samples_bar() -> Iterator[Callable[[int, int], None]]:
    """A bar of solved samples (it disappears when done); yields the ``progress(done, total)``
    callback of :func:`ciapano.pimc`."""
    with _bar("solving samples", None, transient=True) as update:
        yield lambda done, total: update(completed=done, total=total)


@contextmanager
def _progress(total: int, what: str) -> Iterator[Callable[[], None]]:
    """A bar of ``total`` steps that stays when done; yields ``advance()``."""
    with _bar(what, total, transient=False) as update:
        yield lambda: update(advance=1)


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
    try:
        with _samples_bar() as progress:
            result = ciapano.pimc(
                info,
                n_samples,  # type: ignore[arg-type]
                seed_n,
                workers=n_workers,
                tt_mb=tt_mb,
                progress=progress,
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


def _warn(message: str) -> None:
    prog = Path(sys.argv[0]).name or "ciapano"
    typer.echo(f"{prog}: error: {message}", err=True)


def _interruptible(job: Callable[[], T]) -> T:
    """Run a job of the library whose searches stop at Ctrl-C (``AnalysisInterrupted``, a
    ``KeyboardInterrupt``): then exit 130."""
    try:
        return job()
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None


def _read_text(source: str, what: str) -> str:
    """A file's text, or standard input for ``-``; a file that cannot be read exits 2."""
    try:
        if source == "-":
            return sys.stdin.read()
        return Path(source).read_text(encoding="utf-8")
    except FileNotFoundError:
        _fail(f"{source}: no such file")
    except IsADirectoryError:
        _fail(f"{source}: is a directory, not {what}")
    except (OSError, UnicodeDecodeError) as e:
        _fail(f"{source}: cannot be read ({e})")


def _read_record(source: str) -> HandRecord:
    text = _read_text(source, "a hand record")
    try:
        return ciapano.loads_record(text)
    except CiapanoError as e:
        _fail(f"{'<stdin>' if source == '-' else source}: {e}")


def _check_tt_mb(tt_mb: float, workers: int = 1) -> None:
    """The table memory of each search, and of ``workers`` searches at once."""
    try:
        check_options(tt_mb=tt_mb, workers=workers)
    except OptionError as e:
        _fail(f"--tt-mb: {e.reason}")


@contextmanager
def _output(path: str | None) -> Iterator[IO[str]]:
    """An output file (``-`` or None: standard output); one that cannot be written exits 2."""
    if path is None or path == "-":
        yield sys.stdout
        return
    try:
        f = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as e:
        _fail(f"--out: {path}: cannot be written ({e.strerror or e})")
    with f:
        yield f


# -- analyse ------------------------------------------------------------------------------


def _plot_check(plot: str | None) -> None:
    if plot is None:
        return
    from ciapano.plot import FORMATS

    if Path(plot).suffix.lower() not in FORMATS:
        _fail(f"--plot: {plot!r} has no picture suffix; use one of {' '.join(FORMATS)}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        _fail("--plot: matplotlib is not installed; pip install 'ciapano[plot]'")


def analyse_command(
    hand: Annotated[
        str | None,
        typer.Argument(
            metavar="HAND",
            help="A hand record (JSON: a deal and its whole play; see docs/records.md), "
            "or - to read standard input.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    plot: Annotated[
        str | None,
        typer.Option(
            "--plot",
            metavar="FILE",
            help="Also draw each seat's guarantee after every card to FILE (.png, .svg, .pdf).",
        ),
    ] = None,
    batch: Annotated[
        str | None,
        typer.Option(
            "--batch",
            metavar="FILE",
            help="Analyse every record of a JSON Lines file (- for standard input) and write "
            "one result a line.",
        ),
    ] = None,
    out: Annotated[
        str | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="With --batch: the results file (JSON Lines) (default: standard output).",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            metavar="N",
            help="With --batch: local worker processes (default: every core).",
            show_default=False,
        ),
    ] = None,
    dask: Annotated[
        str | None,
        typer.Option(
            "--dask",
            metavar="ADDRESS",
            help="With --batch: run on the Dask cluster whose scheduler is at ADDRESS "
            "(e.g. tcp://host:8786) instead of local processes.",
        ),
    ] = None,
    from_trick: Annotated[
        int,
        typer.Option(
            "--from-trick",
            metavar="N",
            help="Analyse only the cards from trick N on (faster); the guarantees are then "
            "those at the start of trick N.",
        ),
    ] = 1,
    tt_mb: Annotated[
        float,
        typer.Option(
            "--tt-mb",
            metavar="MIB",
            help="Memory of the transposition table of each hand (MiB).",
        ),
    ] = DEFAULT_TT_MB,
    samples: ScoreSamplesOption = None,
    seed: ScoreSeedOption = None,
) -> None:
    """Analyse a played hand card by card: what each card cost the seat that played it.

    For every card: the trick, the seat, the seat's double-dummy guarantee before the card (its
    best value) and after it, and the cost = after - before (0 for an optimal card), in penalty
    points with every other seat against that seat.  Then each seat's real score beside its
    opening guarantee, its costly cards and their total cost.  With --batch, a whole file of
    hands on every core (or a Dask cluster), with a progress bar; a bad hand is reported and
    skipped (exit status 2 at the end).
    """
    if (hand is None) == (batch is None):
        _fail("give either a hand record HAND or --batch FILE")
    n_samples = _int_option("--samples", samples, 2, "a number of samples >= 2")
    seed_n = _int_option("--seed", seed, 0, "a seed (a whole number >= 0)")
    if n_samples is None and seed_n is not None:
        _fail("--seed goes with --samples N")
    if batch is not None and n_samples is not None:
        _fail("--samples scores one hand; it does not go with --batch")
    if batch is None:
        for name, value in (("--out", out), ("--dask", dask)):
            if value is not None:
                _fail(f"{name} goes with --batch FILE")
        if workers is not None and n_samples is None:
            _fail("--workers goes with --batch FILE or --samples N")
    elif plot is not None:
        _fail("--plot draws one hand; it does not go with --batch")
    elif as_json:
        _fail("--batch always writes JSON Lines; leave out --json")
    if from_trick < 1:
        _fail(f"--from-trick: {from_trick} is not a trick number (tricks count from 1)")
    if workers is not None and workers < 1:
        _fail(f"--workers: {workers} is not a number of workers >= 1")
    if batch is not None:
        _analyse_batch(batch, out, workers, dask, from_trick, tt_mb)
        return
    _check_tt_mb(tt_mb)
    _plot_check(plot)
    assert hand is not None
    record = _read_record(hand)

    def job() -> ciapano.Analysis:
        return ciapano.analyse(
            record, from_trick=from_trick, every_seat=plot is not None, tt_mb=tt_mb
        )

    try:
        analysis = _interruptible(job)
    except CiapanoError as e:
        _fail(f"{hand}: {e}")
    losses: list[Any] = []
    if n_samples is not None:
        used_seed, losses = _pimc_run(
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
        typer.echo(json.dumps(d))
    else:
        typer.echo(str(analysis))
        if n_samples is not None:
            typer.echo(ciapano.pimc_costs_text(losses, len(record.deal), n_samples, used_seed))
    if plot is not None:
        from ciapano.plot import plot_analysis

        try:
            plot_analysis(analysis, plot)
        except MissingDependency as e:
            _fail(f"--{e.field}: {e.reason}")
        except CiapanoError as e:
            _fail(str(e))
        except OSError as e:
            _fail(f"--plot: {plot}: cannot be written ({e.strerror or e})")
        typer.echo(f"plot written to {plot}", err=True)


def _analyse_batch(
    source: str,
    out: str | None,
    workers: int | None,
    dask: str | None,
    from_trick: int,
    tt_mb: float,
) -> None:
    n_workers = workers if workers is not None else max(1, os.cpu_count() or 1)
    _check_tt_mb(tt_mb, 1 if dask is not None else n_workers)
    where = "<stdin>" if source == "-" else source
    records = list(read_records(_read_text(source, "a file of hand records").splitlines()))
    failed = 0
    start = time.perf_counter()
    try:
        with _output(out) as f, _progress(len(records), "analysing hands") as advance:
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
                    _warn(f"{where}: {result['error']}")
    except MissingDependency as e:
        _fail(f"--{e.field}: {e.reason}")
    except OptionError as e:
        _fail("--" + e.field.replace("_", "-") + str(e).removeprefix(e.field))
    except KeyboardInterrupt:
        typer.echo("interrupted: the results before it are written", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    seconds = time.perf_counter() - start
    done = len(records) - failed
    rate = done / seconds if seconds > 0 else 0.0
    typer.echo(
        f"analysed {done} of {len(records)} hands in {seconds:.1f} s ({rate:.2f} hands/s)"
        + (f"; {failed} failed" if failed else ""),
        err=True,
    )
    if failed:
        raise typer.Exit(EXIT_BAD_INPUT)


# -- check --------------------------------------------------------------------------------


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
    _check_tt_mb(tt_mb)
    n_samples = _int_option("--samples", samples, 2, "a number of samples >= 2")
    seed_n = _int_option("--seed", seed, 0, "a seed (a whole number >= 0)")
    n_workers = _int_option("--workers", workers, 1, "a number of worker processes >= 1")
    if n_samples is None and (seed_n is not None or n_workers is not None):
        _fail("--seed and --workers go with --samples N")
    if batch is not None:
        if n_samples is not None:
            _fail("--samples checks one decision; it does not go with --batch")
        if position is not None or card is not None:
            _fail("give either POSITION CARD or --batch FILE, not both")
        _check_batch(batch, as_json, tt_mb)
        return
    if position is None or card is None:
        _fail("give a position file and a card (POSITION CARD), or --batch FILE")
    where = "<stdin>" if position == "-" else position
    text = _read_text(position, "a position file")
    try:
        pos = ciapano.loads(text)
    except CiapanoError as e:
        _fail(f"{where}: {e}")
    try:
        result = _interruptible(lambda: ciapano.check(pos, card, tt_mb=tt_mb))
    except CiapanoError as e:
        _fail(str(e))
    loss = None
    if n_samples is not None:
        try:
            view = ciapano.loads_view(text)
        except CiapanoError as e:
            _fail(f"{where}: {e}")
        loss = _pimc_run(
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


def _pimc_run(job: Callable[[Callable[[int, int], None]], T]) -> T:
    """Run a PIMC job with a progress bar; bad options and Ctrl-C exit as for ``sample``."""
    try:
        with _samples_bar() as progress:
            return job(progress)
    except OptionError as e:
        _fail("--" + e.field.replace("_", "-") + str(e).removeprefix(e.field))
    except CiapanoError as e:
        _fail(str(e))
    except KeyboardInterrupt:
        typer.echo("interrupted: no result (the samples were not all solved)", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None


def _check_batch(source: str, as_json: bool, tt_mb: float) -> None:
    where = "<stdin>" if source == "-" else source
    lines = _read_text(source, "a file of decisions").splitlines()
    total = sum(1 for t in lines if t.strip())
    checks = []
    try:
        with _progress(total, "checking decisions") as advance:
            for c in ciapano.check_decisions(ciapano.read_decisions(lines), tt_mb=tt_mb):
                checks.append(c)
                advance()
                if c.result is None:
                    _warn(f"{where}: {c.error}")
                    if as_json:
                        typer.echo(json.dumps(c.to_dict()))
                else:
                    typer.echo(json.dumps(c.to_dict()) if as_json else str(c))
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    summary = ciapano.summarize_decisions(checks)
    if as_json:
        typer.echo(json.dumps({"summary": summary.to_dict()}))
    else:
        typer.echo(str(summary))
    if summary.errors:
        raise typer.Exit(EXIT_BAD_INPUT)
    if summary.costly:
        raise typer.Exit(EXIT_COSTLY)


# -- deal ---------------------------------------------------------------------------------


def deal_command(
    players: Annotated[int, typer.Option("--players", help="3, 4 or 5.")] = 4,
    count: Annotated[int, typer.Option("--count", metavar="N", help="How many deals.")] = 1,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            metavar="S",
            help="The generator's seed: the same seed gives the same deals (default: fresh "
            "entropy, not reproducible).",
            show_default=False,
        ),
    ] = None,
    dealer: Annotated[
        int | None,
        typer.Option(
            "--dealer",
            metavar="SEAT",
            help="The dealing seat (default: the last seat, so that seat 0 leads).",
            show_default=False,
        ),
    ] = None,
    play: Annotated[
        str | None,
        typer.Option(
            "--play",
            metavar="POLICY",
            help="Also play each deal out, making hand records: random, optimal (each seat "
            "keeps its own double-dummy guarantee), or one policy a seat, e.g. "
            "optimal,random,optimal,random.",
        ),
    ] = None,
    out: Annotated[
        str | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Write to FILE (default: standard output).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Write random deals as JSON Lines, one a line (history form, see docs/positions.md);
    with --play, whole hand records to analyse (docs/records.md)."""
    if players not in (3, 4, 5):
        _fail(f"--players: {players} is not 3, 4 or 5")
    if count < 0:
        _fail(f"--count: {count} is not a number of deals >= 0")
    if dealer is not None and not 0 <= dealer < players:
        _fail(f"--dealer: {dealer} is not a seat (seats are 0..{players - 1})")
    if seed is not None and seed < 0:
        _fail(f"--seed: {seed} is not a seed >= 0")
    policies: list[str] | None = None
    if play is not None:
        policies = [p.strip() for p in play.split(",")]
        if len(policies) == 1:
            policies *= players
        if len(policies) != players:
            _fail(f"--play: {play!r} gives {len(policies)} policies for {players} seats")
        for p in policies:
            if p not in POLICIES:
                _fail(f"--play: {p!r} is not a policy: one of {', '.join(POLICIES)}")
    from ciapano.dealing import random_histories

    records = random_histories(players, count, seed, dealer=dealer, play=policies)
    try:
        with _output(out) as f, _progress(count, "dealing") as advance:
            for record in records:
                f.write(json.dumps(record) + "\n")
                advance()
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None


# -- puzzle -------------------------------------------------------------------------------


def _read_puzzle(source: str) -> ciapano.Puzzle:
    text = _read_text(source, "a puzzle file")
    try:
        return ciapano.loads_puzzle(text)
    except CiapanoError as e:
        _fail(f"{'<stdin>' if source == '-' else source}: {e}")


def puzzle_generate_command(
    out: Annotated[
        str,
        typer.Option(
            "--out", metavar="DIR", help="Directory to write the puzzle files to (made if needed)."
        ),
    ],
    players: Annotated[str, typer.Option("--players", metavar="N", help="3, 4 or 5.")] = "4",
    cards: Annotated[
        str,
        typer.Option("--cards", metavar="K", help="Cards in each hand (4 to 6 read well)."),
    ] = "5",
    count: Annotated[str, typer.Option("--count", metavar="C", help="How many puzzles.")] = "10",
    seed: Annotated[
        str,
        typer.Option("--seed", metavar="S", help="The search's seed (same seed, same puzzles)."),
    ] = "1",
    theme: Annotated[
        str | None,
        typer.Option(
            "--theme",
            metavar="THEME",
            help="last-trick, cappotto or discard (3 players).",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[
        str | None,
        typer.Option(
            "--workers",
            metavar="N",
            help="Worker processes (default: every core); the puzzles never depend on it.",
            show_default=False,
        ),
    ] = None,
    min_difficulty: Annotated[
        str,
        typer.Option(
            "--min-difficulty",
            metavar="D",
            help="Keep only puzzles of at least this difficulty (README, 'Puzzles').",
        ),
    ] = "0",
    max_candidates: Annotated[
        str | None,
        typer.Option(
            "--max-candidates",
            metavar="M",
            help=f"Give up after M candidates (default: {CANDIDATES_PER_PUZZLE} "
            "per puzzle asked for).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Search random deals, played part-way, for puzzles with one right card; write each as a
    position file with its verified solution (docs/positions.md, "Puzzles")."""
    whole = {}
    for option, text in [
        ("--players", players),
        ("--cards", cards),
        ("--count", count),
        ("--seed", seed),
        ("--min-difficulty", min_difficulty),
        ("--workers", workers),
        ("--max-candidates", max_candidates),
    ]:
        try:
            whole[option] = None if text is None else int(text)
        except ValueError:
            _fail(f"{option}: {text!r} is not a whole number")
    if whole["--workers"] is not None and whole["--workers"] < 1:
        _fail(f"--workers: {workers} is not a number of worker processes >= 1")
    target = Path(out)
    if target.exists() and not target.is_dir():
        _fail(f"--out: {out} is a file, not a directory")
    start = time.perf_counter()
    examined = [0]
    try:
        with _bar(
            "finding puzzles",
            max(whole["--count"], 0),
            transient=False,
            eta=False,
            counter="{} candidates",
        ) as update:

            def progress(found: int, total: int, seen: int) -> None:
                examined[0] = seen
                update(completed=found, extra=seen)

            found = ciapano.generate_puzzles(
                whole["--players"], whole["--cards"], whole["--count"], whole["--seed"], theme,
                whole["--workers"], progress, max_candidates=whole["--max-candidates"],
                min_difficulty=whole["--min-difficulty"],
            )  # fmt: skip
    except CiapanoError as e:
        _fail(f"--{e.field.replace('_', '-')}: {e.reason}" if e.field else e.reason)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    try:
        target.mkdir(parents=True, exist_ok=True)
        for puzzle in found:
            path = target / f"{puzzle.name}.json"
            path.write_text(ciapano.dumps_puzzle(puzzle), encoding="utf-8")
            sol = " ".join(c.text for c in puzzle.solution)
            typer.echo(
                f"{path}  seat {puzzle.seat}  solution {sol}  value {puzzle.value}  "
                f"margin {puzzle.margin}  difficulty {puzzle.difficulty}"
            )
    except OSError as e:
        _fail(f"--out: {out}: cannot be written ({e.strerror or e})")
    seconds = time.perf_counter() - start
    rate = examined[0] / seconds if seconds > 0 else 0.0
    typer.echo(
        f"Found {len(found)} puzzle(s) among {examined[0]} candidates in {seconds:.1f} s "
        f"({rate:.1f} candidates/s)."
    )
    if len(found) < whole["--count"]:
        _warn(f"only {len(found)} of {count} puzzles found: gave up after {examined[0]} candidates")
        raise typer.Exit(EXIT_COSTLY)


def puzzle_show_command(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A puzzle file.")],
    solution: Annotated[
        bool, typer.Option("--solution", help="Also show the solution, its line and every cost.")
    ] = False,
) -> None:
    """Print a puzzle as a diagram: the hands, the trick, the points taken, whose turn."""
    puzzle = _read_puzzle(file)
    typer.echo(ciapano.puzzle_diagram(puzzle))
    if solution:
        try:
            text = ciapano.puzzle_solution_text(puzzle)
        except CiapanoError as e:
            _fail(f"{file}: puzzle.line: {e}")
        typer.echo("")
        typer.echo(text)


def puzzle_check_command(
    files: Annotated[list[str], typer.Argument(metavar="FILE...", help="Puzzle files.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a file.")] = False,
) -> None:
    """Re-solve puzzles: exit 1 if a stored solution is no longer the unique right card (or
    its value, margin, costs, line, difficulty or theme no longer hold), 2 for bad input."""
    bad = failed = 0
    for source in files:
        try:
            text = _read_text_soft(source)
            puzzle = ciapano.loads_puzzle(text)
        except (CiapanoError, OSError, UnicodeDecodeError) as e:
            bad += 1
            typer.echo(f"{Path(sys.argv[0]).name or 'ciapano'}: error: {source}: {e}", err=True)
            continue
        result = ciapano.check_puzzle(puzzle)
        failed += not result.ok
        if as_json:
            typer.echo(json.dumps({"file": source, **result.to_dict()}))
        else:
            typer.echo(f"{source}: {result}")
    if bad:
        raise typer.Exit(EXIT_BAD_INPUT)
    if failed:
        raise typer.Exit(EXIT_COSTLY)


def _read_text_soft(source: str) -> str:
    """A file's text; errors raise (for commands that go on with the next file)."""
    if source == "-":
        return sys.stdin.read()
    path = Path(source)
    if path.is_dir():
        raise OSError(f"{source} is a directory, not a puzzle file")
    if not path.exists():
        raise OSError("no such file")
    return path.read_text(encoding="utf-8")


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
app.command(name="analyse")(analyse_command)
app.command(name="check")(check_command)
app.command(name="deal")(deal_command)

puzzle_app = typer.Typer(
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings=_SETTINGS,
    no_args_is_help=True,
    help="Double-dummy puzzles: generate them, show them, check them.",
)
puzzle_app.command(name="generate")(puzzle_generate_command)
puzzle_app.command(name="show")(puzzle_show_command)
puzzle_app.command(name="check")(puzzle_check_command)
app.add_typer(puzzle_app, name="puzzle")


def solve_main() -> None:
    """Entry point of ``ciapano-solve``."""
    solve_app(prog_name="ciapano-solve")


def main() -> None:
    """Entry point of ``ciapano``."""
    app(prog_name="ciapano")
