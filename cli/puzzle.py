"""``ciapano puzzle generate|show|check``: double-dummy puzzles with one right card."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

import ciapano
from ciapano.errors import CiapanoError
from ciapano.puzzles import CANDIDATES_PER_PUZZLE

from .options import (
    EXIT_BAD_INPUT,
    EXIT_COSTLY,
    fail,
    interrupted,
    progress_bar,
    read_text,
    warn,
)


def _read_puzzle(source: str) -> ciapano.Puzzle:
    text = read_text(source, "a puzzle file")
    try:
        return ciapano.loads_puzzle(text)
    except CiapanoError as e:
        fail(f"{'<stdin>' if source == '-' else source}: {e}")


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
    except CiapanoError as e:
        fail(f"--{e.field.replace('_', '-')}: {e.reason}" if e.field else e.reason)
    except KeyboardInterrupt:
        interrupted()
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
        fail(f"--out: {out}: cannot be written ({e.strerror or e})")
    seconds = time.perf_counter() - start
    rate = examined[0] / seconds if seconds > 0 else 0.0
    typer.echo(
        f"Found {len(found)} puzzle(s) among {examined[0]} candidates in {seconds:.1f} s "
        f"({rate:.1f} candidates/s)."
    )
    if len(found) < whole["--count"]:
        warn(f"only {len(found)} of {count} puzzles found: gave up after {examined[0]} candidates")
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
            fail(f"{file}: puzzle.line: {e}")
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
