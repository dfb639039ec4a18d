"""``ciapano puzzle generate|show|check``: double-dummy puzzles with one right card."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

import ciapano

from .options import (
    EXIT_BAD_INPUT,
    EXIT_COSTLY,
    SETTINGS,
    echo,
    exit_with,
    fail,
    interrupted,
    progress_bar,
    read_text,
    warn,
    where,
)

if TYPE_CHECKING:
    from ciapano import Puzzle

# ciapano.puzzles.CANDIDATES_PER_PUZZLE, for the help (not imported for a help text).
_CANDIDATES_PER_PUZZLE = 20_000


@click.group(
    "puzzle",
    context_settings=SETTINGS,
    no_args_is_help=True,
    help="Double-dummy puzzles of Ciapanò: generate them, show them, check them.",
)
def puzzle_group() -> None:
    pass


def _read_puzzle(source: str) -> Puzzle:
    text = read_text(source, "a puzzle file")
    try:
        return ciapano.loads_puzzle(text)
    except ciapano.CiapanoError as e:
        fail(f"{where(source)}: {e}")


@puzzle_group.command("generate", context_settings=SETTINGS)
@click.option(
    "--out",
    metavar="DIR",
    required=True,
    help="Directory to write the puzzle files to (made if needed).",
)
@click.option("--players", metavar="N", default="4", show_default=True, help="3, 4 or 5.")
@click.option(
    "--cards",
    metavar="K",
    default="5",
    show_default=True,
    help="Cards in each hand (4 to 6 read well).",
)
@click.option("--count", metavar="C", default="10", show_default=True, help="How many puzzles.")
@click.option(
    "--seed",
    metavar="S",
    default="1",
    show_default=True,
    help="The search's seed (same seed, same puzzles).",
)
@click.option(
    "--theme",
    metavar="THEME",
    default=None,
    help="last-trick, cappotto or discard (3 players).",
)
@click.option(
    "--workers",
    metavar="N",
    default=None,
    help="Worker processes (default: every core); the puzzles never depend on it.",
)
@click.option(
    "--min-difficulty",
    metavar="D",
    default="0",
    show_default=True,
    help="Keep only puzzles of at least this difficulty (README, 'Puzzles').",
)
@click.option(
    "--max-candidates",
    metavar="M",
    default=None,
    help=f"Give up after M candidates (default: {_CANDIDATES_PER_PUZZLE} per puzzle asked for).",
)
def puzzle_generate_command(
    out: str,
    players: str,
    cards: str,
    count: str,
    seed: str,
    theme: str | None,
    workers: str | None,
    min_difficulty: str,
    max_candidates: str | None,
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
            fail(f"{option}: {text!r} is not a whole number")
    if whole["--workers"] is not None and whole["--workers"] < 1:
        fail(f"--workers: {workers} is not a number of worker processes >= 1")
    target = Path(out)
    if target.exists() and not target.is_dir():
        fail(f"--out: {out} is a file, not a directory")
    start = time.perf_counter()
    examined = [0]
    try:
        with progress_bar(
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
    except ciapano.CiapanoError as e:
        fail(f"--{e.field.replace('_', '-')}: {e.reason}" if e.field else e.reason)
    except KeyboardInterrupt:
        interrupted()
    try:
        target.mkdir(parents=True, exist_ok=True)
        for puzzle in found:
            path = target / f"{puzzle.name}.json"
            path.write_text(ciapano.dumps_puzzle(puzzle), encoding="utf-8")
            sol = " ".join(c.text for c in puzzle.solution)
            echo(
                f"{path}  seat {puzzle.seat}  solution {sol}  value {puzzle.value}  "
                f"margin {puzzle.margin}  difficulty {puzzle.difficulty}"
            )
    except OSError as e:
        fail(f"--out: {out}: cannot be written ({e.strerror or e})")
    seconds = time.perf_counter() - start
    rate = examined[0] / seconds if seconds > 0 else 0.0
    echo(
        f"Found {len(found)} puzzle(s) among {examined[0]} candidates in {seconds:.1f} s "
        f"({rate:.1f} candidates/s)."
    )
    if len(found) < whole["--count"]:
        warn(f"only {len(found)} of {count} puzzles found: gave up after {examined[0]} candidates")
        exit_with(EXIT_COSTLY)


@puzzle_group.command("show", context_settings=SETTINGS)
@click.argument("file", metavar="FILE")
@click.option("--solution", is_flag=True, help="Also show the solution, its line and every cost.")
def puzzle_show_command(file: str, solution: bool) -> None:
    """Print a puzzle as a diagram: the hands, the trick, the points taken, whose turn.

    FILE is a puzzle file.
    """
    puzzle = _read_puzzle(file)
    echo(ciapano.puzzle_diagram(puzzle))
    if solution:
        try:
            text = ciapano.puzzle_solution_text(puzzle)
        except ciapano.CiapanoError as e:
            fail(f"{file}: puzzle.line: {e}")
        echo("")
        echo(text)


@puzzle_group.command("check", context_settings=SETTINGS)
@click.argument("files", metavar="FILE...", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON object a file.")
def puzzle_check_command(files: tuple[str, ...], as_json: bool) -> None:
    """Re-solve puzzles: exit 1 if a stored solution is no longer the unique right card (or
    its value, margin, costs, line, difficulty or theme no longer hold), 2 for bad input."""
    bad = failed = 0
    for source in files:
        try:
            text = _read_text_soft(source)
            puzzle = ciapano.loads_puzzle(text)
        except (ciapano.CiapanoError, OSError, UnicodeDecodeError) as e:
            bad += 1
            warn(f"{source}: {e}")
            continue
        result = ciapano.check_puzzle(puzzle)
        failed += not result.ok
        if as_json:
            echo(json.dumps({"file": source, **result.to_dict()}))
        else:
            echo(f"{source}: {result}")
    if bad:
        exit_with(EXIT_BAD_INPUT)
    if failed:
        exit_with(EXIT_COSTLY)


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
