"""Match play: hands dealt and played one after another until the match ends
(``docs/rules.md#ciapano-match``, ``#mattazza-match``, ``#busca-match``).

:func:`play_match` plays a whole match with the policies of :func:`ciapano.play_out` (one per
match player) and returns a :class:`MatchResult`: every hand as a hand record (history form,
``docs/records.md``) with ``"seats"``, the match players in that hand's order of play, each
player's total, who went out and who won.  The same seed gives the same match.

The end of a match is the game's:

- **Ciapanò** (``rule="survivors"``): a player whose total reaches ``target`` is out and the
  hands go on among the others (4 players become 3: 13 cards and the dealer's discard); the
  match ends after the first hand that leaves at most ``survivors`` players, or fewer than 3,
  under the target; the winners are the ``survivors`` players of that hand with the smallest
  totals, ties included.  ``rule="lowest-wins"``: the match ends after the first hand that
  takes a player to the target; the smallest total wins.
- **Mattazza** (``rule="first-two-lose"``): the first two players to reach 5 game points lose
  (more if they reach it in the same hand); the others win.
- **Busca** (``rule="hands"``): busche accumulate over ``hands`` hands; the smallest total wins.
- **Piedicavallo tarocchi** (``rule="rounds"``): four rounds, the deal passing to the next seat
  each round; each player's total is its partnership's points (seats 0 and 2 against 1 and 3),
  and the partnership with more points wins; a tie plays one more round, and another, until
  the totals differ (``docs/rules.md#piedicavallo-score``).

After a player goes out, the next deal is made by the next player still in, in order of play.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from .errors import GameError
from .games import Busca, Ciapano, Game, Mattazza, Tarocchi, counts_text, find_game

__all__ = [
    "MatchResult",
    "PolicyStanding",
    "Tournament",
    "analyse_match",
    "play_match",
    "play_matches",
]

#: Mattazza: the game points at which a player loses.
MATTAZZA_LOSING_POINTS = 5
#: Piedicavallo tarocchi: the rounds of a match (one more for each tie after them).
TAROCCHI_ROUNDS = 4


@dataclass(frozen=True)
class MatchResult:
    """A whole match.

    :ivar game: the game's name (``"ciapano"``, ``"busca"``, ``"mattazza"``).
    :ivar players: the match players, numbered ``0..players-1`` in order of play.
    :ivar target: Ciapanò's target (None for the other games).
    :ivar survivors: how many players share the win (Ciapanò's ``survivors`` rule).
    :ivar rule: how the match ended: ``"survivors"``, ``"lowest-wins"``, ``"first-two-lose"``,
        ``"hands"`` or ``"rounds"``.
    :ivar seed: the seed the match was played with (replaying it gives the same match).
    :ivar hands: every hand as a hand record (a JSON-ready dict, history form) with ``"seats"``,
        the match players in the hand's order of play: its seat ``i`` is player ``seats[i]``.
    :ivar scores: each hand's scores, by the hand's seats (``scores[k][i]`` is player
        ``hands[k]["seats"][i]``'s), in the game's value unit; not in :meth:`to_dict` (the hand
        records give them).
    :ivar totals: each player's total at the end, in the game's value unit.
    :ivar out: the players who went out (Ciapanò) or lost (Mattazza), in the order they did.
    :ivar winners: the players who won.
    """

    game: str
    players: int
    target: int | None
    survivors: int
    rule: str
    seed: int
    hands: tuple[dict[str, Any], ...]
    scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    out: tuple[int, ...]
    winners: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """``{"game", "players", "target", "survivors", "rule", "seed", "hands", "totals",
        "out", "winners"}``, JSON-ready."""
        return {
            "game": self.game,
            "players": self.players,
            "target": self.target,
            "survivors": self.survivors,
            "rule": self.rule,
            "seed": self.seed,
            "hands": [dict(h) for h in self.hands],
            "totals": list(self.totals),
            "out": list(self.out),
            "winners": list(self.winners),
        }

    def __str__(self) -> str:
        lines = [f"{len(self.hands)} hands of {self.game}; totals {list(self.totals)}"]
        if self.out:
            lines.append(f"out: {', '.join(map(str, self.out))}")
        lines.append(f"winners: {', '.join(map(str, self.winners))}")
        return "\n".join(lines)


def _lowest(totals: Sequence[int], among: Sequence[int], k: int) -> tuple[int, ...]:
    """The ``k`` players of ``among`` with the smallest totals, and any level with the last."""
    ranked = sorted(among, key=lambda p: totals[p])
    if not ranked:
        return ()
    bar = totals[ranked[min(k, len(ranked)) - 1]]
    return tuple(p for p in sorted(among) if totals[p] <= bar)


def play_match(
    players: int = 4,
    *,
    game: str | Game = "ciapano",
    target: int = 31,
    survivors: int = 1,
    lowest_wins: bool = False,
    hands: int | None = None,
    policies: str | Sequence[str] = "random",
    seed: int | None = None,
    tt_mb: float = 64,
    on_hand: Callable[[dict[str, Any]], None] | None = None,
) -> MatchResult:
    """Play a match to its end (see the module's documentation for each game's end).

    :param players: the match players (Ciapanò 3, 4 or 5; Busca, Mattazza and tarocchi 4).
    :param game: the game, by name or as a :class:`~ciapano.Game` (its rule options, e.g.
        Ciapanò's cappotto, are used for every hand; its number of players is ignored).
    :param target: Ciapanò: the total that puts a player out (default 31; 21 and 41 are
        common), in penalty points.
    :param survivors: Ciapanò: how many players left under the target share the win (1, 2 or
        3; default 1).
    :param lowest_wins: Ciapanò's variant: the match ends with the first hand that takes a
        player to the target, and the smallest total wins.
    :param hands: Busca: how many hands the match has (required); for the other games, at most
        this many hands (the match then ends early, the smallest totals winning).
    :param policies: one policy of :func:`ciapano.play_out` for every player, or one per
        player (``"random"``, ``"optimal"``, ``"pimc:N"``); a player keeps it in every hand.
    :param seed: the seed (None: a fresh one, in the result, so that the match can be replayed).
    :param tt_mb: table memory of the optimal players' searches, in MiB.
    :param on_hand: called with each hand record as it is played (for a progress bar).
    :returns: the :class:`MatchResult`.
    :raises GameError: naming ``game``, ``players``, ``target``, ``survivors``, ``hands`` or
        ``policies`` for a value that does not fit.
    :raises AnalysisInterrupted: (a ``KeyboardInterrupt``) on Ctrl-C while an optimal player
        searches.
    """
    import numpy as np  # here: importing ciapano needs no NumPy

    from .analysis import policy_list
    from .dealing import random_histories
    from .position import Position

    kind = find_game(game) if isinstance(game, str) else type(game)
    if kind not in (Ciapano, Busca, Mattazza, Tarocchi):
        raise GameError(
            "game",
            f"{kind.title} has no match rules (docs/rules.md: Ciapanò, Busca, Mattazza, "
            "Piedicavallo tarocchi)",
        )
    options = game.options if isinstance(game, Game) else {}
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or players not in kind.player_counts
    ):
        counts = counts_text(kind.player_counts)
        raise GameError("players", f"{players!r}: {kind.title} is played by {counts} players")
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise GameError("target", f"{target!r} is not a total of 1 or more")
    if isinstance(survivors, bool) or not isinstance(survivors, int) or not 1 <= survivors <= 3:
        raise GameError("survivors", f"{survivors!r} is not 1, 2 or 3")
    if survivors >= players and kind is Ciapano and not lowest_wins:
        raise GameError("survivors", f"{survivors} survivors of {players} players: none goes out")
    if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int) or hands < 1):
        raise GameError("hands", f"{hands!r} is not a number of hands of 1 or more")
    if kind is Busca and hands is None:
        raise GameError("hands", "is missing: a Busca match is a number of hands (busche add up)")
    if lowest_wins and kind is not Ciapano:
        raise GameError("lowest_wins", f"is Ciapanò's variant, not {kind.title}'s")
    names = policy_list(policies, players, GameError, "players")
    if seed is None:
        seed = secrets.randbits(32)
    if kind is Ciapano:
        rule = "lowest-wins" if lowest_wins else "survivors"
    elif kind is Mattazza:
        rule = "first-two-lose"
    elif kind is Tarocchi:
        rule = "rounds"
    else:
        rule = "hands"

    totals = [0] * players
    still = list(range(players))  # the players in, in order of play
    out: list[int] = []
    records: list[dict[str, Any]] = []
    hand_scores: list[tuple[int, ...]] = []
    dealer = players - 1
    winners: tuple[int, ...] = ()
    while True:
        k = len(records)
        n = len(still)
        hand_game = kind.from_rules(n, options)
        d = still.index(dealer)
        # Hand k's own seed, from the match's seed and k (NumPy's SeedSequence).
        hand_seed = int(np.random.SeedSequence([seed, k]).generate_state(1)[0])
        plays = [names[p] for p in still]
        record = next(
            random_histories(None, 1, hand_seed, dealer=d, play=plays, tt_mb=tt_mb, game=hand_game)
        )
        record = {**record, "id": f"{seed}-{k + 1}", "seats": list(still)}
        start = Position.from_deal(
            record["deal"], d, record.get("discard"), hand_game,
            set_aside=record.get("discards") if hand_game.needs_dealer else None,
        )  # fmt: skip
        scores = tuple(start.play_all(record["play"]).score())
        for i, p in enumerate(still):
            totals[p] += scores[i]
        records.append(record)
        hand_scores.append(scores)
        if on_hand is not None:
            on_hand(record)
        # Busca's rule ("hands") ends only by the number of hands, below.
        if rule == "rounds":
            # Each player's total is its partnership's; a tie plays one more round.
            if len(records) >= TAROCCHI_ROUNDS and totals[0] != totals[1]:
                best = max(totals)
                winners = tuple(p for p in still if totals[p] == best)
                break
        elif rule == "first-two-lose":
            losers = [p for p in still if totals[p] >= MATTAZZA_LOSING_POINTS and p not in out]
            out += sorted(losers, key=lambda p: (-totals[p], p))
            if len(out) >= 2:
                winners = tuple(p for p in still if p not in out)
                break
        elif rule == "lowest-wins":
            if any(totals[p] >= target for p in still):
                winners = _lowest(totals, still, 1)
                break
        elif rule == "survivors":
            gone = [p for p in still if totals[p] >= target]
            out += sorted(gone, key=lambda p: (-totals[p], p))
            remaining = [p for p in still if p not in gone]
            if len(remaining) <= survivors or len(remaining) < 3:
                winners = _lowest(totals, still, survivors)
                break
        if hands is not None and len(records) == hands:
            if rule == "rounds":  # (points: the most win)
                winners = tuple(p for p in still if totals[p] == max(totals))
            else:
                winners = _lowest(totals, [p for p in still if p not in out] or still, 1)
            break
        # The next dealer: the next player still in after this hand's dealer (Mattazza's
        # players all play on until two have lost).
        leaving = [] if rule == "first-two-lose" else out
        nxt = still[(d + 1) % n]
        while nxt in leaving:
            nxt = still[(still.index(nxt) + 1) % n]
        still = [p for p in still if p not in leaving]
        dealer = nxt
    return MatchResult(
        game=kind.name,
        players=players,
        target=target if kind is Ciapano else None,
        survivors=survivors,
        rule=rule,
        seed=seed,
        hands=tuple(records),
        scores=tuple(hand_scores),
        totals=tuple(totals),
        out=tuple(out),
        winners=winners,
    )


@dataclass(frozen=True)
class PolicyStanding:
    """One policy's results over a tournament (:func:`play_matches`).

    :ivar policy: the policy (``"random"``, ``"optimal"``, ``"pimc:N"``).
    :ivar entries: how many match players it played (over every match).
    :ivar wins: how many of them won their match (a shared win counts for each winner).
    :ivar win_rate: ``wins / entries``, with ``win_low``, ``win_high`` its 95 % interval
        (Wilson's).
    :ivar mean_total: the mean final total of its players, in the game's value unit, with
        ``total_low``, ``total_high`` its 95 % interval (normal approximation: the mean ±
        1.96 standard errors).
    """

    policy: str
    entries: int
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    mean_total: float
    total_low: float
    total_high: float

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict."""
        return dict(self.__dict__)


@dataclass(frozen=True)
class Tournament:
    """Many matches between policies (:func:`play_matches`): ``standings``, one
    :class:`PolicyStanding` a policy, best win rate first, every match's ``results``, and the
    ``seed`` the tournament was played with."""

    standings: tuple[PolicyStanding, ...]
    results: tuple[MatchResult, ...]
    seed: int

    def to_dict(self, matches: bool = False) -> dict[str, Any]:
        """``{"matches", "standings", "seed"[, "results"]}``, JSON-ready (the matches only when
        asked: they hold every hand)."""
        d: dict[str, Any] = {
            "matches": len(self.results),
            "standings": [p.to_dict() for p in self.standings],
            "seed": self.seed,
        }
        if matches:
            d["results"] = [r.to_dict() for r in self.results]
        return d


def _one_match(options: dict[str, Any], job: tuple[int, list[str]]) -> MatchResult:
    """Match ``job = (seed, policies)`` of a tournament (a worker's job)."""
    seed, policies = job
    return play_match(**options, policies=policies, seed=seed)


def _wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval for ``k`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return (low, high)


def play_matches(
    count: int,
    players: int = 4,
    *,
    policies: str | Sequence[str] = "random",
    seed: int | None = None,
    workers: int | None = 1,
    on_match: Callable[[int, MatchResult], None] | None = None,
    **options: Any,
) -> Tournament:
    """A tournament: ``count`` matches of :func:`play_match` between ``policies`` (one per
    match player), the policies moving round the table from match to match (match ``j`` gives
    player ``i`` the policy ``policies[(i + j) % players]``), so that no policy keeps the seat
    that leads first; then each policy's wins and mean final total.

    :param count: the number of matches (>= 1).
    :param seed: the tournament's seed (match ``j`` is played with a seed drawn from it); None
        draws one.  The results do not depend on ``workers``.
    :param workers: worker processes (None: every core; 1: this process).
    :param on_match: called as ``on_match(index, result)`` as each match ends.
    :param options: the other options of :func:`play_match` (``game``, ``target``,
        ``survivors``, ``lowest_wins``, ``hands``, ``tt_mb``).
    :returns: the :class:`Tournament`.
    :raises GameError: as :func:`play_match` (checked on the first match), or naming
        ``matches`` for a count below 1.
    :raises OptionError: for a bad number of workers.
    """
    import numpy as np

    from .workers import ordered_map

    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise GameError("matches", f"{count!r} is not a number of matches >= 1")
    names = [policies] * players if isinstance(policies, str) else list(policies)
    if seed is None:
        seed = secrets.randbits(32)
    seeds = np.random.SeedSequence(seed).generate_state(count)
    options = {**options, "players": players}
    # The options are checked here, before any worker starts (a bad one raises at once).
    jobs = [
        (int(seeds[j]), [names[(i + j) % players] for i in range(players)]) for j in range(count)
    ]
    results = tuple(
        ordered_map(partial(_one_match, options), jobs, workers=workers, on_done=on_match)
    )
    totals: dict[str, list[int]] = {p: [] for p in dict.fromkeys(names)}
    wins = dict.fromkeys(totals, 0)
    for (_, order), result in zip(jobs, results, strict=True):
        for i, policy in enumerate(order):
            totals[policy].append(result.totals[i])
            wins[policy] += i in result.winners
    standings = []
    for policy, values in totals.items():
        n = len(values)
        mean = sum(values) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n)
        low, high = _wilson(wins[policy], n)
        standings.append(
            PolicyStanding(
                policy, n, wins[policy], wins[policy] / n, low, high, mean, mean - half,
                mean + half,
            )
        )  # fmt: skip
    standings.sort(key=lambda p: (-p.win_rate, p.mean_total, p.policy))
    return Tournament(tuple(standings), results, seed)


def analyse_match(
    match: MatchResult | dict[str, Any],
    *,
    workers: int | None = None,
    tt_mb: float | None = None,
    from_trick: int = 1,
    on_done: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Analyse every hand of a match (:func:`ciapano.analyse_batch`, on ``workers`` processes)
    and sum up each match player's mistakes.

    :param match: a :class:`MatchResult`, or its ``to_dict()`` as ``ciapano match --json``
        writes it.
    :param on_done: called with each hand's result as it is known (a progress bar).
    :returns: ``{"hands": [one result of analyse_batch a hand], "players": [{"player", "hands",
        "mistakes", "cost", "cost_per_hand"}]}``: per match player, the hands it played, its
        costly cards, their total cost in the game's value unit, and that cost per hand.
    :raises GameError: (field ``match``) for a match without hands or hands without
        ``seats``.
    :raises OptionError: as :func:`ciapano.analyse_batch`.
    """
    from .batch import analyse_batch
    from .solving import WORKER_TT_MB

    data = match.to_dict() if isinstance(match, MatchResult) else match
    hands = data.get("hands") if isinstance(data, dict) else None
    if not isinstance(hands, list) or not hands:
        raise GameError("match", "has no hands: give a match as 'ciapano match --json' writes it")
    for i, hand in enumerate(hands):
        if not isinstance(hand, dict) or not isinstance(hand.get("seats"), list):
            raise GameError(f"hands[{i}]", "has no 'seats': not a hand of a match")
    results = list(
        analyse_batch(
            hands, workers=workers, tt_mb=WORKER_TT_MB if tt_mb is None else tt_mb,
            from_trick=from_trick, on_done=on_done,
        )
    )  # fmt: skip
    players = max(max(h["seats"]) for h in hands) + 1
    summary = [{"player": p, "hands": 0, "mistakes": 0, "cost": 0} for p in range(players)]
    for hand, result in zip(hands, results, strict=True):
        if "error" in result:
            continue
        for row in result["seats"]:
            entry = summary[hand["seats"][row["seat"]]]
            entry["hands"] += 1
            entry["mistakes"] += row["mistakes"]
            entry["cost"] += row["total_cost"]
    for entry in summary:
        entry["cost_per_hand"] = entry["cost"] / entry["hands"] if entry["hands"] else None
    return {"hands": results, "players": summary}
