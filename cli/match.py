"""``ciapano match``: a whole match, hand after hand, with a policy per player."""

from __future__ import annotations

import json

import click

import ciapano

from .options import SETTINGS, fail, fail_option, interrupted, output, progress_bar, steps_bar


@click.command("match", context_settings=SETTINGS)
@click.option(
    "--game", "game_name", metavar="NAME", default="ciapano", show_default=True,
    help="The game: ciapano, busca, mattazza or tarocchi.",
)  # fmt: skip
@click.option(
    "--players", type=int, default=4, show_default=True,
    help="Match players: Ciapanò 3, 4 or 5; Busca, Mattazza and tarocchi 4.",
)  # fmt: skip
@click.option(
    "--target", type=int, metavar="T", default=31, show_default=True,
    help="Ciapanò: the total that puts a player out (21, 31 and 41 are usual).",
)  # fmt: skip
@click.option(
    "--survivors", type=int, metavar="K", default=1, show_default=True,
    help="Ciapanò: how many players left under the target share the win (1, 2 or 3).",
)  # fmt: skip
@click.option(
    "--lowest-wins", is_flag=True,
    help="Ciapanò's variant: the first hand that takes a player to the target ends the match, "
    "and the smallest total wins.",
)  # fmt: skip
@click.option(
    "--hands", type=int, metavar="N", default=None,
    help="Busca: the match's hands (required); other games: stop after N hands at most.",
)  # fmt: skip
@click.option(
    "--play", metavar="POLICY", default="random", show_default=True,
    help="random, optimal (each player keeps its own double-dummy guarantee), pimc:N (PIMC on "
    "N samples of what the player knows), or one policy a player, e.g. "
    "optimal,pimc:20,random,random.",
)  # fmt: skip
@click.option(
    "--seed", type=int, metavar="S", default=None,
    help="The match's seed: the same seed plays the same match (default: a fresh one, printed).",
)  # fmt: skip
@click.option(
    "--matches", type=int, metavar="M", default=None,
    help="A tournament: M matches, the policies moving round the table from match to match; "
    "prints each policy's wins and mean total with 95% intervals.",
)  # fmt: skip
@click.option(
    "--workers", type=int, metavar="N", default=None,
    help="With --matches: worker processes (default: every core); the results do not depend "
    "on it.",
)  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--out", metavar="FILE", default=None, help="Write to FILE (default: standard output)."
)
def match_command(
    game_name: str,
    players: int,
    target: int,
    survivors: int,
    lowest_wins: bool,
    hands: int | None,
    play: str,
    seed: int | None,
    matches: int | None,
    workers: int | None,
    as_json: bool,
    out: str | None,
) -> None:
    """Play a whole match (docs/rules.md#ciapano-match): hands are dealt and played with each
    player's policy until the match ends, and the totals, the players out and the winners are
    printed.  Ciapanò: a player reaching the target is out, the hands go on among the others
    (3 players: 13 cards and the dealer's discard), the last --survivors players win;
    Mattazza: the first two players to reach 5 game points lose; Busca: --hands hands, the
    fewest busche win; Piedicavallo tarocchi: four rounds, the partnership with more points wins
    (a tie plays one more round).  With --json, one object
    {"players", "target", "survivors", "rule", "seed", "hands", "totals", "out", "winners"}
    whose hands are hand records (docs/records.md)
    with "seats", the match players in the hand's order of play.  With --matches, a tournament
    of many matches on every core ({"matches", "standings"} with --json)."""
    if seed is not None and seed < 0:
        fail(f"--seed: {seed} is not a seed >= 0")
    policies = [p.strip() for p in play.split(",")]
    if len(policies) == 1:
        policies *= players
    options = {
        "game": game_name, "target": target, "survivors": survivors, "lowest_wins": lowest_wins,
        "hands": hands,
    }  # fmt: skip
    if matches is not None:
        _tournament(matches, players, policies, seed, workers, options, as_json, out)
        return
    try:
        with progress_bar("hands", None, transient=True, eta=False) as update:
            result = ciapano.play_match(
                players, **options, policies=policies, seed=seed,
                on_hand=lambda record: update(advance=1),
            )  # fmt: skip
    except ciapano.GameError as e:
        _fail_game(e)
    except KeyboardInterrupt:
        interrupted("interrupted: no result (the match was not finished)")
    with output(out) as f:
        if as_json:
            f.write(json.dumps(result.to_dict()) + "\n")
            return
        unit = ciapano.find_game(result.game).value_unit
        f.write(f"{result.game}, {result.players} players, rule {result.rule}")
        if result.target is not None:
            f.write(f", target {result.target}")
        f.write(f"; seed {result.seed}\n\n  hand  dealer  scores\n")
        for k, (record, scores) in enumerate(zip(result.hands, result.scores, strict=True), 1):
            seats = record["seats"]
            by_player = ", ".join(f"{p}: {s}" for p, s in zip(seats, scores, strict=True))
            f.write(f"  {k:4d}  {seats[record['dealer']]:6d}  {by_player}\n")
        f.write(
            f"\ntotals ({unit}): {', '.join(f'{p}: {t}' for p, t in enumerate(result.totals))}\n"
        )
        if result.out:
            f.write(f"out: {', '.join(map(str, result.out))}\n")
        f.write(f"winners: {', '.join(map(str, result.winners))}\n")


def _fail_game(e: ciapano.GameError) -> None:
    """Exit 2 naming the option behind a match's GameError."""
    field = e.field.split("[")[0]
    option = {"policies": "play", "lowest_wins": "lowest-wins"}.get(field, field)
    fail(f"--{option}: {e.reason}")


def _tournament(
    matches: int,
    players: int,
    policies: list[str],
    seed: int | None,
    workers: int | None,
    options: dict,
    as_json: bool,
    out: str | None,
) -> None:
    """``--matches``: the tournament's standings."""
    if matches < 1:
        fail(f"--matches: {matches} is not a number of matches >= 1")
    try:
        with steps_bar(matches, "matches") as advance:
            result = ciapano.play_matches(
                matches, players, policies=policies, seed=seed, workers=workers,
                on_match=lambda index, match: advance(), **options,
            )  # fmt: skip
    except ciapano.GameError as e:
        _fail_game(e)
    except ciapano.OptionError as e:
        fail_option(e)
    except KeyboardInterrupt:
        interrupted("interrupted: no result (the matches were not all played)")
    with output(out) as f:
        if as_json:
            f.write(json.dumps(result.to_dict()) + "\n")
            return
        f.write(
            f"{matches} matches of {options['game']}, {players} players; seed {result.seed}\n\n"
        )
        f.write("  policy        players   wins   win rate (95%)         mean total (95%)\n")
        for p in result.standings:
            f.write(
                f"  {p.policy:12s} {p.entries:8d} {p.wins:6d}   {p.win_rate:5.3f} "
                f"({p.win_low:.3f}..{p.win_high:.3f})   {p.mean_total:6.2f} "
                f"({p.total_low:.2f}..{p.total_high:.2f})\n"
            )
