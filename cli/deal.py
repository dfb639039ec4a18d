"""``ciapano deal``: random deals, and with ``--play`` whole hand records."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ciapano.analysis import POLICIES

from .options import (
    fail,
    interrupted,
    output,
    steps_bar,
)


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
        fail(f"--players: {players} is not 3, 4 or 5")
    if count < 0:
        fail(f"--count: {count} is not a number of deals >= 0")
    if dealer is not None and not 0 <= dealer < players:
        fail(f"--dealer: {dealer} is not a seat (seats are 0..{players - 1})")
    if seed is not None and seed < 0:
        fail(f"--seed: {seed} is not a seed >= 0")
    policies: list[str] | None = None
    if play is not None:
        policies = [p.strip() for p in play.split(",")]
        if len(policies) == 1:
            policies *= players
        if len(policies) != players:
            fail(f"--play: {play!r} gives {len(policies)} policies for {players} seats")
        for p in policies:
            if p not in POLICIES:
                fail(f"--play: {p!r} is not a policy: one of {', '.join(POLICIES)}")
    from ciapano.dealing import random_histories

    records = random_histories(players, count, seed, dealer=dealer, play=policies)
    try:
        with output(out) as f, steps_bar(count, "dealing") as advance:
            for record in records:
                f.write(json.dumps(record) + "\n")
                advance()
    except KeyboardInterrupt:
        interrupted()
