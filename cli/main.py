"""The command-line tools: ``ciapano-solve`` and ``ciapano`` (``solve``, ``sample``,
``validate``, ``schema``, ``analyse``, ``check``, ``deal``, ``puzzle generate|show|check``).

One module a command (``solve`` with ``validate`` and ``schema``, ``sample``, ``analyse``,
``check``, ``deal``, ``puzzle``) and ``options`` for what they share.

Exit status: 0 on success; 2 on bad input (a one-line message on standard error, no
traceback); ``check`` exits 1 when the card costs points, ``puzzle check`` when a stored
puzzle no longer holds, ``puzzle generate`` when it found fewer puzzles than asked; 130 after
Ctrl-C.
"""

from __future__ import annotations

import typer

from .analyse import analyse_command
from .check import check_command
from .deal import deal_command
from .puzzle import puzzle_check_command, puzzle_generate_command, puzzle_show_command
from .sample import sample_command
from .solve import schema_command, solve_command, validate_command

__all__ = ["app", "main", "solve_app", "solve_main"]

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
