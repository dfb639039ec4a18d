"""What the commands share: exit statuses, the one-line error, reading position, view, record
and text files (and standard input for ``-``), the integer and seat options, the --tt-mb check,
output files, progress bars on standard error, Ctrl-C, and the options that several commands
take.

Only click and the standard library are imported here: each command imports what it needs of
ciapano when it runs (``import ciapano`` itself is cheap, its attributes load on first use),
and rich only to draw a progress bar on a terminal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, NoReturn, TypeVar

import click

import ciapano

if TYPE_CHECKING:
    from ciapano import HandRecord, InformationSet, OptionError, Position

#: Exit status: the card checked costs points, a stored puzzle fails, too few puzzles found.
EXIT_COSTLY = 1
#: Exit status: bad input (with a one-line message on standard error).
EXIT_BAD_INPUT = 2
#: Exit status after Ctrl-C.
EXIT_INTERRUPTED = 130

#: The context settings of every command: ``-h`` for help too.
SETTINGS = {"help_option_names": ["-h", "--help"]}

T = TypeVar("T")


def echo(message: str = "", *, err: bool = False, nl: bool = True) -> None:
    """A line on standard output (or error)."""
    click.echo(message, err=err, nl=nl)


def warn(message: str) -> None:
    """``PROG: error: MESSAGE`` on standard error, one line."""
    prog = os.path.basename(sys.argv[0]) or "ciapano"
    click.echo(f"{prog}: error: {message}", err=True)


def exit_with(status: int) -> NoReturn:
    """End the command with an exit status."""
    raise click.exceptions.Exit(status)


def fail(message: str) -> NoReturn:
    """The one-line error of bad input, then exit with status 2."""
    warn(message)
    exit_with(EXIT_BAD_INPUT)


def fail_option(error: OptionError) -> NoReturn:
    """Bad input for an option of the library (``tt_mb``) named as the command's
    (``--tt-mb: ...``)."""
    fail(f"--{error.field.replace('_', '-')}: {error.reason}")


def interrupted(message: str = "interrupted") -> NoReturn:
    """After Ctrl-C: say so on standard error and exit with status 130."""
    click.echo(message, err=True)
    exit_with(EXIT_INTERRUPTED)


def read_text(source: str, what: str) -> str:
    """A file's text, or standard input for ``-``; a file that cannot be read exits 2."""
    try:
        if source == "-":
            return sys.stdin.read()
        with open(source, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        fail(f"{source}: no such file")
    except IsADirectoryError:
        fail(f"{source}: is a directory, not {what}")
    except (OSError, UnicodeDecodeError) as e:
        fail(f"{source}: cannot be read ({e})")


def where(source: str) -> str:
    """How a message names an input: its path, or ``<stdin>`` for ``-``."""
    return "<stdin>" if source == "-" else source


def read_position(source: str) -> Position:
    """Load a position file, or standard input for ``-``; bad input exits with status 2."""
    text = read_text(source, "a position file")
    try:
        pos = ciapano.loads(text)
    except ciapano.CiapanoError as e:
        fail(f"{where(source)}: {e}")
    return pos


def read_view(source: str, seat: int | None) -> InformationSet:
    """What seat ``seat`` (default: the file's view) knows, from a position file or standard
    input; bad input exits with status 2."""
    text = read_text(source, "a position file")
    try:
        return ciapano.loads_view(text, seat)
    except ciapano.CiapanoError as e:
        if seat is not None and e.field == "view":
            fail(f"--seat: {e.reason}")
        fail(f"{where(source)}: {e}")


def read_record(source: str) -> HandRecord:
    """Load a hand record, or standard input for ``-``; bad input exits with status 2."""
    text = read_text(source, "a hand record")
    try:
        return ciapano.loads_record(text)
    except ciapano.CiapanoError as e:
        fail(f"{where(source)}: {e}")


def seat_option(text: str | None, pos: Position) -> int | None:
    """The --for option: a seat number of the position, or None."""
    if text is None:
        return None
    try:
        seat = int(text)
    except ValueError:
        fail(f"--for: {text!r} is not a seat number (seats are 0..{pos.players - 1})")
    if not 0 <= seat < pos.players:
        fail(f"--for: {seat} is not a seat of this position (seats are 0..{pos.players - 1})")
    return seat


def int_option(option: str, text: str | None, minimum: int, what: str) -> int | None:
    """An integer option given as text (so that a bad value gets a one-line message)."""
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        fail(f"{option}: {text!r} is not {what}")
    if value < minimum:
        fail(f"{option}: {value} is not {what}")
    return value


def check_tt_mb(tt_mb: float, workers: int = 1) -> None:
    """The table memory of each search, and of ``workers`` searches at once."""
    from ciapano.solving import check_options

    try:
        check_options(tt_mb=tt_mb, workers=workers)
    except ciapano.OptionError as e:
        fail(f"--tt-mb: {e.reason}")


@contextmanager
def output(path: str | None) -> Iterator[IO[str]]:
    """An output file (``-`` or None: standard output); one that cannot be written exits 2."""
    if path is None or path == "-":
        yield sys.stdout
        return
    try:
        f = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as e:
        fail(f"--out: {path}: cannot be written ({e.strerror or e})")
    with f:
        yield f


def interruptible(job: Callable[[], T]) -> T:
    """Run a job of the library whose searches stop at Ctrl-C (``AnalysisInterrupted``, a
    ``KeyboardInterrupt``): then exit 130."""
    try:
        return job()
    except KeyboardInterrupt:
        interrupted()


@contextmanager
def progress_bar(
    label: str, total: int | None, *, transient: bool, eta: bool = True, counter: str = ""
) -> Iterator[Callable[..., None]]:
    """A rich progress bar on standard error, drawn only on a terminal (rich is imported only
    then); yields ``update(**kw)`` (the keywords of ``Progress.update``: ``completed``,
    ``total``, ``advance``, and the field ``extra`` shown after the count when ``counter`` is
    given, e.g. "{} candidates")."""
    if not sys.stderr.isatty():
        yield lambda **kw: None
        return
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
def samples_bar() -> Iterator[Callable[[int, int], None]]:
    """A bar of solved samples (it disappears when done); yields the ``progress(done, total)``
    callback of :func:`ciapano.pimc`."""
    with progress_bar("solving samples", None, transient=True) as update:
        yield lambda done, total: update(completed=done, total=total)


@contextmanager
def steps_bar(total: int, what: str) -> Iterator[Callable[[], None]]:
    """A bar of ``total`` steps that stays when done; yields ``advance()``."""
    with progress_bar(what, total, transient=False) as update:
        yield lambda: update(advance=1)


def progress_run(
    label: str, job: Callable[[Callable[[int, int], None]], T], name: str, what: str
) -> T:
    """Run ``job(progress)`` with a bar labelled ``label`` (it disappears when done); bad options
    exit as ``fail_option``, a library error as ``NAME: error``, Ctrl-C with "interrupted: no
    result (``what``)"."""
    try:
        with progress_bar(label, None, transient=True) as update:
            return job(lambda done, total: update(completed=done, total=total))
    except ciapano.OptionError as e:
        fail_option(e)
    except ciapano.CiapanoError as e:
        fail(f"{name}: {e}")
    except KeyboardInterrupt:
        interrupted(f"interrupted: no result ({what})")


def pimc_run(job: Callable[[Callable[[int, int], None]], T]) -> T:
    """Run a PIMC job with a progress bar; bad options and Ctrl-C exit as for ``sample``."""
    try:
        with samples_bar() as progress:
            return job(progress)
    except ciapano.OptionError as e:
        fail_option(e)
    except ciapano.CiapanoError as e:
        fail(str(e))
    except KeyboardInterrupt:
        interrupted("interrupted: no result (the samples were not all solved)")


# -- options that several commands take ------------------------------------------------------

#: The ``POSITION`` argument: a position file or ``-``.
position_argument = click.argument("position", metavar="POSITION")
#: ``--json``.
json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
#: ``--max-nodes N``: stop a search early, reporting what it proved.
max_nodes_option = click.option(
    "--max-nodes",
    type=int,
    metavar="N",
    default=None,
    help="Stop after about N search nodes and report what was proved.",
)
#: ``--time-limit SECONDS``: the same by time.
time_limit_option = click.option(
    "--time-limit",
    type=float,
    metavar="SECONDS",
    default=None,
    help="Stop after about this many seconds and report what was proved.",
)


def tt_mb_option(
    help: str, default: float | None = None, *, per_worker: bool = False
) -> Callable[[T], T]:
    """The ``--tt-mb MIB`` option: memory of the transposition tables (default
    ``ciapano.solving.DEFAULT_TT_MB``, or ``WORKER_TT_MB`` for a command whose tables may be
    one a worker process), with the command's own ``help``."""
    from ciapano.solving import DEFAULT_TT_MB, WORKER_TT_MB

    if default is None:
        default = WORKER_TT_MB if per_worker else DEFAULT_TT_MB
    return click.option(
        "--tt-mb",
        type=float,
        metavar="MIB",
        default=default,
        show_default=True,
        help=help,
    )


#: ``--samples N`` of analyse and check: score the cards from their player's own view (PIMC).
score_samples_option = click.option(
    "--samples",
    "samples",
    metavar="N",
    default=None,
    help="Also score the cards from their player's own view: N deals of the hidden hands "
    "sampled (PIMC, as 'ciapano sample'), the expected loss against the PIMC-best card.",
)
#: ``--seed K`` with ``--samples``.
score_seed_option = click.option(
    "--seed",
    "seed",
    metavar="K",
    default=None,
    help="With --samples: the seed of the samples (default: a fresh seed, printed).",
)
#: The solution concepts of ``--concept`` (ciapano.concepts.CONCEPTS, repeated here so that
#: the option costs no import; tests/test_concepts.py checks that they agree).
CONCEPTS = ("paranoid", "maxn", "maxn-for", "best")


def _concept(ctx: click.Context, param: click.Parameter, value: str) -> str:
    if value not in CONCEPTS:
        fail(f"--concept: {value!r} is not a solution concept: use one of {', '.join(CONCEPTS)}")
    return value


#: ``--concept NAME`` of solve, analyse, check and sample.
concept_option = click.option(
    "--concept",
    metavar="NAME",
    default="paranoid",
    show_default=True,
    callback=_concept,
    help="The solution concept of the values: paranoid (every other seat against the seat), "
    "maxn (every seat for its own score, ties against the seat), maxn-for (ties for it), best "
    "(every seat for the seat).  In Calabrasella, tarocchi and bridge every concept is the "
    "zero-sum value.",
)
