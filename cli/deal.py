"""``ciapano deal``: random deals, and with ``--play`` whole hand records."""

from __future__ import annotations

import json
from collections.abc import Sequence

import click

import ciapano

from .options import SETTINGS, fail, interrupted, output, steps_bar


def _or_list(items: Sequence[object]) -> str:
    """``(3, 4, 5)`` -> ``"3, 4 or 5"``."""
    head = ", ".join(map(str, items[:-1]))
    return f"{head} or {items[-1]}" if head else str(items[-1])


def _games_help() -> str:
    """Every game's name (``ciapano.GAMES``), Ciapanò first as the default."""
    first, *rest = ciapano.GAMES
    return f"{first} (default), {_or_list(rest)}" if rest else f"{first} (default)"


def _players_help() -> str:
    """Each game's numbers of players, and its default where it has a choice."""
    parts = []
    for kind in ciapano.GAMES.values():
        counts = kind.player_counts
        default = f" (default {kind.players})" if len(counts) > 1 else ""
        parts.append(f"{kind.title} {_or_list(counts)}{default}")
    return "; ".join(parts)


@click.command("deal", context_settings=SETTINGS)
@click.option(
    "--game",
    "game_name",
    metavar="NAME",
    default=None,
    help=f"The game: {_games_help()}.",
)
@click.option(
    "--players",
    type=int,
    default=None,
    help=f"The players: {_players_help()}.",
)
@click.option(
    "--count", type=int, metavar="N", default=1, show_default=True, help="How many deals."
)
@click.option(
    "--seed",
    type=int,
    metavar="S",
    default=None,
    help="The generator's seed: the same seed gives the same deals (default: fresh entropy, "
    "not reproducible).",
)
@click.option(
    "--dealer",
    type=int,
    metavar="SEAT",
    default=None,
    help="The dealing seat (default: the last seat, so that seat 0 leads).",
)
@click.option(
    "--play",
    metavar="POLICY",
    default=None,
    help="Also play each deal out, making hand records: random, optimal (each seat keeps its "
    "own double-dummy guarantee), pimc:N (PIMC on N samples of what the seat knows), or one "
    "policy a seat, e.g. optimal,random,pimc:20,random.",
)
@click.option(
    "--out", metavar="FILE", default=None, help="Write to FILE (default: standard output)."
)
def deal_command(
    game_name: str | None,
    players: int | None,
    count: int,
    seed: int | None,
    dealer: int | None,
    play: str | None,
    out: str | None,
) -> None:
    """Write random deals as JSON Lines, one a line (history form, see docs/positions.md);
    with --play, whole hand records to analyse (docs/records.md).  A deal of a game other than
    Ciapanò says its "game"."""
    from ciapano.games import find_game

    try:
        kind = find_game("ciapano" if game_name is None else game_name)
    except ciapano.GameError as e:
        fail(f"--game: {e.reason}")
    if players is not None and players not in kind.player_counts:
        counts = _or_list(kind.player_counts)
        # The game is named when --game named it (Ciapanò's message is the one it always was).
        said = f": {kind.title} is played by {counts} players" if game_name is not None else ""
        fail(f"--players: {players} is not {counts}{said}")
    game = kind.from_rules(players)
    players = game.players
    if count < 0:
        fail(f"--count: {count} is not a number of deals >= 0")
    if dealer is not None and not 0 <= dealer < players:
        fail(f"--dealer: {dealer} is not a seat (seats are 0..{players - 1})")
    if seed is not None and seed < 0:
        fail(f"--seed: {seed} is not a seed >= 0")
    policies: list[str] | None = None
    if play is not None:
        from ciapano.analysis import policy_error

        policies = [p.strip() for p in play.split(",")]
        if len(policies) == 1:
            policies *= players
        if len(policies) != players:
            fail(f"--play: {play!r} gives {len(policies)} policies for {players} seats")
        for p in policies:
            reason = policy_error(p)
            if reason is not None:
                fail(f"--play: {reason}")
    from ciapano.dealing import random_histories

    records = random_histories(None, count, seed, dealer=dealer, play=policies, game=game)
    try:
        with output(out) as f, steps_bar(count, "dealing") as advance:
            for record in records:
                f.write(json.dumps(record) + "\n")
                advance()
    except KeyboardInterrupt:
        interrupted()
