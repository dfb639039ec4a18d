"""The command-line tools: ``ciapano-solve`` and ``ciapano`` (``solve``, ``sample``,
``validate``, ``schema``, ``analyse``, ``check``, ``deal``, ``match``, ``exchange``, ``call``,
``discard``, ``puzzle generate|show|check``).

One module a command (``solve`` with ``validate`` and ``schema``, ``sample``, ``analyse``,
``check``, ``deal``, ``match``, ``exchange`` with ``call``, ``discard``, ``puzzle``) and
``options`` for what they share.
The commands are click commands; a command's module, and what it needs of ciapano, is imported
only when that command runs (or ``--help`` lists them), so that a small solve starts at once.

Exit status: 0 on success; 2 on bad input (a one-line message on standard error, no
traceback); ``check`` exits 1 when the card costs points, ``puzzle check`` when a stored
puzzle no longer holds, ``puzzle generate`` when it found fewer puzzles than asked; 130 after
Ctrl-C.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from .solve import solve_command as solve_app

__all__ = ["app", "main", "solve_app", "solve_main"]

#: Each command of ``ciapano``: the module and the name of its click command.
COMMANDS = {
    "solve": ("solve", "solve_command"),
    "sample": ("sample", "sample_command"),
    "validate": ("solve", "validate_command"),
    "schema": ("solve", "schema_command"),
    "analyse": ("analyse", "analyse_command"),
    "check": ("check", "check_command"),
    "deal": ("deal", "deal_command"),
    "match": ("match", "match_command"),
    "exchange": ("exchange", "exchange_command"),
    "call": ("exchange", "call_command"),
    "discard": ("discard", "discard_command"),
    "puzzle": ("puzzle", "puzzle_group"),
}


def _load(name: str) -> click.Command:
    module, attribute = COMMANDS[name]
    return getattr(importlib.import_module(f"{__package__}.{module}"), attribute)


class LazyGroup(click.Group):
    """A group whose commands are imported when they are run or listed (click's documented
    pattern for lazy subcommands)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return _load(cmd_name) if cmd_name in COMMANDS else None


#: ``ciapano``.
app = LazyGroup(
    "ciapano",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    help="ciapano: the exact double-dummy solver for Ciapanò and its family of games.",
)


def __getattr__(name: str) -> Any:
    # ``solve_app``, the command of ``ciapano-solve`` (``ciapano solve``), imported on demand.
    if name == "solve_app":
        return _load("solve")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def solve_main() -> None:
    """Entry point of ``ciapano-solve``."""
    _load("solve").main(prog_name="ciapano-solve")


def main() -> None:
    """Entry point of ``ciapano``."""
    app.main(prog_name="ciapano")
