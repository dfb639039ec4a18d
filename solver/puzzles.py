"""Double-dummy puzzles: positions with exactly one right card, found by search and verified.

A **puzzle** is an open-hand position where the seat to move (the *solver* of the puzzle) has
exactly one class of equivalent cards that keeps its own paranoid value (its least guaranteed
penalty with every other seat against it), every other legal card costs it at least one point,
and the simple heuristic :func:`heuristic_card` does not find the solution.

:func:`generate_puzzles` examines *candidates* in index order: candidate ``i`` of
``(players, cards, seed)`` is a random deal played by a simple policy until every hand holds
``cards`` cards, then part-way into the next trick (:func:`puzzle_candidate`).  Each candidate
depends only on ``(players, cards, seed, i)``, so the puzzles found are the same whatever the
number of worker processes.

Themes (checkable criteria, see :func:`theme_holds`):

- ``"last-trick"``: in the solution's line the seat to move wins the last trick or not, and
  after some costly card the solver's line gives the opposite (the card avoids or forces the
  last trick);
- ``"cappotto"``: cappotto is still possible (the rules allow it and at most one seat has taken
  points so far), and either the solution's line ends in a cappotto, or it does not while the
  line after some costly card does (the solution takes or stops it);
- ``"discard"``: 3 players, a trick in progress and the seat to move void in the suit led, so
  that every legal card, the solution included, is a discard.

Values are penalty points (0..11, lower is better for the seat); card points are thirds.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple

import numpy as np

from .cards import CARDS, SUITS, Card, CardSet
from .errors import CardError, PositionError, PuzzleError
from .formats import dumps, from_dict
from .games import HAND_POINTS, Cappotto, Ciapano, Game
from .position import Position, thirds_text
from .solving import SolveResult, solve
from .workers import check_workers, ordered_map

__all__ = [
    "THEMES",
    "Puzzle",
    "PuzzleCheck",
    "PuzzleError",
    "check_puzzle",
    "difficulty_parts",
    "duck_card",
    "dumps_puzzle",
    "generate_puzzles",
    "heuristic_card",
    "load_puzzle",
    "loads_puzzle",
    "puzzle_candidate",
    "puzzle_diagram",
    "puzzle_from_dict",
    "puzzle_solution_text",
    "theme_holds",
]

#: The puzzle themes of :func:`generate_puzzles`.
THEMES = ("last-trick", "cappotto", "discard")

#: Table memory of each solve of a candidate, in MiB (puzzle positions are small).
PUZZLE_TT_MB = 8

#: Candidates examined by default before giving up, per puzzle asked for.
CANDIDATES_PER_PUZZLE = 20_000

#: Candidates a worker examines per job (:mod:`ciapano.workers`).
_CHUNK = 8


# -- the heuristics ------------------------------------------------------------------------


def _lowest(cards: Iterable[Card]) -> Card:
    # The lowest rank; among equal ranks, the first suit in the order S H D C.
    return min(cards, key=lambda c: (c.rank, c.suit))


def _discard(cards: Iterable[Card], game: Game) -> Card:
    # The most points (thirds); ties: the higher rank, then the first suit in S H D C.
    return min(cards, key=lambda c: (-game.card_points(c), -c.rank, c.suit))


def heuristic_card(position: Position) -> Card:
    """The simple heuristic a puzzle's solution must differ from:

    - leading: the lowest card in hand (rank 4 lowest, 3 highest); among cards of the same
      rank, the first suit in the order S H D C;
    - following, with cards of the suit led: the lowest of them;
    - void in the suit led: the card with the most points (thirds); among equal points the
      higher rank, then the first suit in the order S H D C.

    :raises PositionError: if the hand is over.
    """
    if position.is_over():
        raise PositionError("position", "the hand is over: there is no card to play")
    hand = position.hands[position.to_move]
    if not position.trick:
        return _lowest(hand)
    follow = hand.suit(position.trick[0].suit)
    if follow:
        return _lowest(follow)
    return _discard(hand, position.game)


def duck_card(position: Position) -> Card:
    """A second, better heuristic, used for the difficulty (:func:`difficulty_parts`):

    - leading, or void in the suit led: as :func:`heuristic_card`;
    - following suit: the highest card of the suit led below the card now winning the trick
      (ducking); if every card of the suit would win, the highest of them (a trick that must be
      taken is taken with the top card).

    :raises PositionError: if the hand is over.
    """
    if position.is_over() or not position.trick:
        return heuristic_card(position)
    led = position.trick[0].suit
    follow = position.hands[position.to_move].suit(led)
    if not follow:
        return heuristic_card(position)
    top = max((c for c in position.trick if c.suit == led), key=lambda c: c.rank)
    under = [c for c in follow if c.rank < top.rank]
    return max(under or follow, key=lambda c: c.rank)


# -- candidates ----------------------------------------------------------------------------


def _check_args(players: object, cards: object, theme: object) -> Ciapano:
    if isinstance(players, bool) or players not in (3, 4, 5):
        raise PuzzleError("players", f"{players!r} is not 3, 4 or 5")
    rules = Ciapano(players=players)  # type: ignore[arg-type]
    if isinstance(cards, bool) or not isinstance(cards, int) or not 2 <= cards <= rules.hand_size:
        raise PuzzleError(
            "cards",
            f"{cards!r} is not a number of cards per hand from 2 to {rules.hand_size} "
            f"({players} players)",
        )
    if theme is not None and theme not in THEMES:
        raise PuzzleError("theme", f"{theme!r} is not one of {', '.join(THEMES)}")
    if theme == "discard" and players != 3:
        raise PuzzleError(
            "theme", f"'discard' is a 3-player theme (the dealer's discard); not {players} players"
        )
    return rules


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise PuzzleError("seed", f"{seed!r} is not a seed >= 0")
    return seed


def puzzle_candidate(players: int, cards: int, seed: int, index: int) -> Position:
    """Candidate ``index`` of a puzzle search: the position examined, from the generator
    ``numpy.random.default_rng([seed, index])`` (PCG64) alone.

    A deal (the deck shuffled once, hands in seat order, with 3 players the 40th card the
    dealer's discard; the last seat deals, seat 0 leads) is played trick by trick until every
    hand holds ``cards`` cards, each card by the heuristic (:func:`heuristic_card`) with
    probability 1/2 and otherwise uniformly at random among the legal cards; then 0 to
    ``players - 1`` more cards (uniformly) of the next trick are played the same way.

    :raises PuzzleError: for players other than 3, 4, 5, cards outside ``2..hand size``, or a
        negative seed or index.
    """
    rules = _check_args(players, cards, None)
    _check_seed(seed)
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise PuzzleError("index", f"{index!r} is not a candidate index >= 0")
    rng = np.random.default_rng([seed, index])
    order = [CARDS[i] for i in rng.permutation(40)]
    size = rules.hand_size
    hands = [order[s * size : (s + 1) * size] for s in range(players)]
    discard = order[players * size] if rules.has_discard else None
    pos = Position.from_deal(hands, players - 1, discard, rules)
    plays = players * (size - cards) + int(rng.integers(players))
    for _ in range(plays):
        legal = sorted(pos.legal_moves())
        heuristic = rng.random() < 0.5
        card = heuristic_card(pos) if heuristic else legal[int(rng.integers(len(legal)))]
        pos = pos.play(card)
    return pos


# -- themes and difficulty -----------------------------------------------------------------


def _cappotto_open(position: Position) -> bool:
    """Cappotto is still possible: the rules allow it and at most one seat has taken points."""
    if position.game.cappotto is Cappotto.OFF:  # type: ignore[attr-defined]
        return False
    return sum(1 for t in position.taken if t) <= 1


def _is_cappotto(end: Position) -> bool:
    # With cappotto n-1 seats score 11 each; otherwise the scores add up to 11.
    return sum(end.score()) > HAND_POINTS


def _last_trick(end: Position) -> int:
    return end.leader  # after the last trick, the leader is its winner


def _discard_setting(position: Position) -> bool:
    if position.players != 3 or not position.trick:
        return False
    return not position.hands[position.to_move].suit(position.trick[0].suit)


def _prefilter(position: Position, theme: str | None) -> bool:
    """Cheap conditions checked before any solve."""
    if len(position.legal_moves()) < 2:
        return False
    if theme == "discard":
        return _discard_setting(position)
    if theme == "cappotto":
        return _cappotto_open(position)
    return True


def _class_lines(
    position: Position, result: SolveResult, seat: int
) -> list[tuple[Card, tuple[Card, ...]]]:
    """For each costly class (its first card, in the order of ``result.moves``): the card and
    the solver's line after it, the card included."""
    seen: set[Card] = set()
    out = []
    for m in result.moves:
        if m.cost == 0 or m.card in seen:
            continue
        seen.update((m.card, *m.equivalent))
        after = solve(position.play(m.card), seat, tt_mb=PUZZLE_TT_MB)
        out.append((m.card, (m.card, *after.line)))
    return out


def theme_holds(
    theme: str | None,
    position: Position,
    line: Sequence[Card],
    wrong_lines: Sequence[tuple[Card, Sequence[Card]]],
) -> bool:
    """Whether a puzzle fits its theme (see the module's documentation for the criteria).

    :param line: the solution's line to the end of the hand, the solution first.
    :param wrong_lines: for each costly class, a card of it and the solver's line after it
        (the card first), as the generator computes them.
    :raises PuzzleError: for an unknown theme.
    """
    if theme is None:
        return True
    seat = position.to_move
    if theme == "discard":
        return _discard_setting(position)
    end = position.play_all(line)
    if theme == "last-trick":
        takes = _last_trick(end) == seat
        return any((_last_trick(position.play_all(w)) == seat) != takes for _, w in wrong_lines)
    if theme == "cappotto":
        if not _cappotto_open(position):
            return False
        if _is_cappotto(end):
            return True
        return any(_is_cappotto(position.play_all(w)) for _, w in wrong_lines)
    raise PuzzleError("theme", f"{theme!r} is not one of {', '.join(THEMES)}")


def difficulty_parts(position: Position, solution: Iterable[Card]) -> dict[str, int]:
    """The parts of a puzzle's difficulty, and the figure itself::

        difficulty = costly_cards + (tricks_left - 1) + 2 * duck_fooled

    - ``costly_cards``: the legal cards outside the solution's class (each costs >= 1 point);
    - ``tricks_left``: tricks still to play, the current one included (how far the line runs);
    - ``duck_fooled``: 1 if the better heuristic :func:`duck_card` misses the solution too,
      else 0 (the simple :func:`heuristic_card` always misses it in a puzzle).
    """
    sol = set(solution)
    legal = position.legal_moves()
    parts = {
        "costly_cards": sum(1 for c in legal if c not in sol),
        "tricks_left": position.tricks_left,
        "duck_fooled": int(duck_card(position) not in sol),
    }
    parts["difficulty"] = (
        parts["costly_cards"] + (parts["tricks_left"] - 1) + 2 * parts["duck_fooled"]
    )
    return parts


# -- puzzles -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """A verified puzzle.

    :ivar position: the position, the solver of the puzzle to move.
    :ivar seat: the seat to move, whose own penalty the values are.
    :ivar value: its paranoid value, in penalty points (0..11).
    :ivar solution: the one class of equivalent cards that keeps the value.
    :ivar line: a principal variation to the end of the hand, the solution first.
    :ivar margin: the least cost of a wrong card, in penalty points (>= 1).
    :ivar costs: every legal card with its cost (0 for the solution), best first.
    :ivar heuristic: the card :func:`heuristic_card` plays (never in the solution).
    :ivar difficulty: the figure of :func:`difficulty_parts`.
    :ivar theme: one of :data:`THEMES`, or None.
    :ivar seed: the generator's seed.
    :ivar index: the candidate's index: ``puzzle_candidate(players, cards, seed, index)`` gives
        the position back.
    :ivar generator: the arguments of :func:`generate_puzzles` that found it.
    """

    position: Position
    seat: int
    value: int
    solution: tuple[Card, ...]
    line: tuple[Card, ...]
    margin: int
    costs: tuple[tuple[Card, int], ...]
    heuristic: Card
    difficulty: int
    theme: str | None = None
    seed: int | None = None
    index: int | None = None
    generator: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The ``"puzzle"`` object of a puzzle file (``docs/positions.md``)."""
        d: dict[str, Any] = {
            "seat": self.seat,
            "value": self.value,
            "solution": [c.text for c in self.solution],
            "line": [c.text for c in self.line],
            "margin": self.margin,
            "costs": {c.text: cost for c, cost in self.costs},
            "heuristic": self.heuristic.text,
            "difficulty": self.difficulty,
            "theme": self.theme,
        }
        if self.seed is not None:
            d["seed"] = self.seed
        if self.index is not None:
            d["index"] = self.index
        if self.generator is not None:
            d["generator"] = dict(self.generator)
        return d

    @property
    def name(self) -> str:
        """A file name: ``puzzle4-last-trick-s7-00012`` (players, theme, seed, index)."""
        theme = f"-{self.theme}" if self.theme else ""
        seed = "" if self.seed is None else f"-s{self.seed}"
        index = "" if self.index is None else f"-{self.index:05d}"
        return f"puzzle{self.position.players}{theme}{seed}{index}"

    def __str__(self) -> str:
        sol = " ".join(c.text for c in self.solution)
        theme = f", theme {self.theme}" if self.theme else ""
        return (
            f"{self.name}: seat {self.seat} to move, trick {self.position.trick_number} of "
            f"{self.position.game.tricks}; solution {sol} (value {self.value}, margin "
            f"{self.margin}, difficulty {self.difficulty}{theme})"
        )


def _make_puzzle(
    position: Position,
    result: SolveResult,
    theme: str | None,
    seed: int | None,
    index: int | None,
    generator: Mapping[str, Any] | None,
    min_difficulty: int = 0,
) -> Puzzle | None:
    """The puzzle in a solved position, or None if it is not one."""
    moves = result.moves
    if not result.exact or len(moves) < 2 or not result.line:
        return None
    first = moves[0]
    solution = CardSet((first.card, *first.equivalent))
    if CardSet(result.best) != solution or len(solution) == len(moves):
        return None
    heuristic = heuristic_card(position)
    if heuristic in solution:
        return None
    difficulty = difficulty_parts(position, solution)["difficulty"]
    if difficulty < min_difficulty:
        return None
    wrong = _class_lines(position, result, position.to_move) if theme else []
    if not theme_holds(theme, position, result.line, wrong):
        return None
    margin = min(m.cost for m in moves if m.card not in solution)
    return Puzzle(
        position=position,
        seat=position.to_move,
        value=result.value,  # type: ignore[arg-type]
        solution=tuple(solution),
        line=result.line,
        margin=margin,  # type: ignore[arg-type]
        costs=tuple((m.card, m.cost) for m in moves),  # type: ignore[misc]
        heuristic=heuristic,
        difficulty=difficulty,
        theme=theme,
        seed=seed,
        index=index,
        generator=generator,
    )


class _Search(NamedTuple):
    """What every candidate of one search shares (sent to the workers with each chunk)."""

    players: int
    cards: int
    seed: int
    theme: str | None
    #: The arguments of :func:`generate_puzzles`, stored in each puzzle.
    args: dict[str, Any]


def _examine(search: _Search, indices: Sequence[int]) -> list[Puzzle | None]:
    """The puzzle of each candidate, or None (what a worker runs)."""
    out: list[Puzzle | None] = []
    for i in indices:
        pos = puzzle_candidate(search.players, search.cards, search.seed, i)
        if not _prefilter(pos, search.theme):
            out.append(None)
            continue
        result = solve(pos, tt_mb=PUZZLE_TT_MB)
        least = search.args.get("min_difficulty", 0)
        out.append(_make_puzzle(pos, result, search.theme, search.seed, i, search.args, least))
    return out


ProgressCallback = Callable[[int, int, int], None]


def generate_puzzles(
    players: int,
    cards: int,
    count: int,
    seed: int,
    theme: str | None = None,
    workers: int | None = None,
    progress: ProgressCallback | None = None,
    *,
    max_candidates: int | None = None,
    min_difficulty: int = 0,
) -> list[Puzzle]:
    """Search for puzzles: the first ``count`` candidates, in index order, that are puzzles.

    :param players: 3, 4 or 5.
    :param cards: the cards each hand holds at the start of the current trick, 2 to the hand
        size (small numbers, 4 to 6, give quick solves and readable puzzles).
    :param count: how many puzzles to find (>= 1).
    :param seed: the search's seed (>= 0); candidate ``i`` is
        :func:`puzzle_candidate` ``(players, cards, seed, i)``.
    :param theme: one of :data:`THEMES` or None.
    :param workers: worker processes (default: every core; 1 runs in this process); the
        puzzles never depend on it.
    :param progress: called as ``progress(found, count, examined)`` as candidates are examined.
    :param max_candidates: give up after this many candidates (default
        :data:`CANDIDATES_PER_PUZZLE` times ``count``); fewer than ``count`` puzzles are then
        returned.
    :param min_difficulty: keep only puzzles of at least this difficulty
        (:func:`difficulty_parts`).
    :returns: the puzzles, by candidate index.  A candidate is a puzzle when the seat to move
        has exactly one class of equivalent cards that keeps its paranoid value, at least one
        other legal card (each then costs >= 1 point), :func:`heuristic_card` plays a card
        outside the solution, the difficulty is at least ``min_difficulty``, and the theme's
        criterion holds (:func:`theme_holds`).
    :raises PuzzleError: for bad players, cards, count, seed, theme, max_candidates or
        min_difficulty.
    :raises OptionError: for a bad number of workers.
    """
    _check_args(players, cards, theme)
    _check_seed(seed)
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise PuzzleError("count", f"{count!r} is not a number of puzzles >= 1")
    if max_candidates is None:
        max_candidates = CANDIDATES_PER_PUZZLE * count
    if (
        isinstance(max_candidates, bool)
        or not isinstance(max_candidates, int)
        or max_candidates < 1
    ):
        raise PuzzleError("max_candidates", f"{max_candidates!r} is not a number >= 1")
    if isinstance(min_difficulty, bool) or not isinstance(min_difficulty, int):
        raise PuzzleError("min_difficulty", f"{min_difficulty!r} is not a whole number")
    workers = check_workers(workers)
    args = {
        "players": players,
        "cards": cards,
        "count": count,
        "seed": seed,
        "theme": theme,
        "min_difficulty": min_difficulty,
    }
    search = _Search(players=players, cards=cards, seed=seed, theme=theme, args=args)
    # Chunks of candidates, in index order; one candidate a job in this process, so that it
    # stops at the last puzzle wanted.
    size = 1 if workers == 1 else _CHUNK
    chunks = (range(a, min(a + size, max_candidates)) for a in range(0, max_candidates, size))
    found: list[Puzzle] = []
    examined = 0  # every candidate below it has been examined and counted
    if progress is not None:
        progress(0, count, 0)
    results = ordered_map(partial(_examine, search), chunks, workers=workers)
    try:
        # Counted in index order only, so that the split among workers changes nothing.
        for chunk in results:
            for p in chunk:
                examined += 1
                if p is not None:
                    found.append(p)
                    if len(found) == count:
                        break  # examined: up to the last puzzle
            if progress is not None:
                progress(len(found), count, examined)
            if len(found) == count:
                break
    finally:
        results.close()  # stops the workers on candidates past the last puzzle found
    return found


# -- rendering ---------------------------------------------------------------------------


def _hand_rows(hand: CardSet) -> list[str]:
    """A hand as four rows, one a suit: ``♠ 3 A 7``."""
    rows = []
    for suit in SUITS:
        ranks = " ".join(c.rank.text for c in hand.suit(suit))
        rows.append(f"{suit.symbol} {ranks or '-'}")
    return rows


def puzzle_diagram(puzzle: Puzzle) -> str:
    """The position of a puzzle as text (``ciapano puzzle show``): the hands side by side in
    order of play (seat 0 first, the next seat to its right), each with its suits and the
    points it has taken; the current trick; the discard; whose turn and what is asked."""
    pos = puzzle.position
    n = pos.players
    head = (
        f"{puzzle.name}: {n} players, trick {pos.trick_number} of {pos.game.tricks} "
        f"({pos.tricks_left} to play), seat {puzzle.seat} to play."
    )
    columns = []
    for seat in range(n):
        title = f"seat {seat}" + (" (to play)" if seat == pos.to_move else "")
        rows = [title, *_hand_rows(pos.hands[seat]), f"taken {thirds_text(pos.taken[seat])}"]
        columns.append(rows)
    width = max(len(r) for col in columns for r in col) + 3
    lines = [head, ""]
    for i in range(len(columns[0])):
        lines.append("  " + "".join(col[i].ljust(width) for col in columns).rstrip())
    lines.append("")
    if pos.trick:
        played = ", ".join(
            f"seat {(pos.leader + i) % n} {'led' if i == 0 else 'played'} {c.unicode()}"
            for i, c in enumerate(pos.trick)
        )
        lines.append(f"Trick {pos.trick_number}: {played}; seat {pos.to_move} to play.")
    else:
        lines.append(f"Trick {pos.trick_number}: seat {pos.to_move} to lead.")
    if pos.discard is not None:
        lines.append(
            f"Dealer's discard: {pos.discard.unicode()} (goes to the winner of the last trick)."
        )
    lines.append(f"Points taken are in points and thirds; cappotto: {pos.game.cappotto.value}.")
    lines.append("")
    lines.append(
        f"Seat {puzzle.seat} to play: find the only card (or class of equivalent cards) that "
        f"holds its penalty to {puzzle.value} point(s) with every other seat against it, all "
        f"hands open. Every other card costs at least {puzzle.margin} point(s)."
    )
    if puzzle.theme:
        what = {
            "last-trick": "the right card avoids or forces the last trick",
            "cappotto": "a seat can still take every point: take it or stop it",
            "discard": f"seat {puzzle.seat} cannot follow suit: which card to discard",
        }[puzzle.theme]
        lines.append(f"Theme: {puzzle.theme} ({what}).")
    return "\n".join(lines)


def puzzle_solution_text(puzzle: Puzzle) -> str:
    """The solution as text (``ciapano puzzle show --solution``): the solution and its value,
    the difficulty's parts, the heuristic's card, the line grouped by tricks with each trick's
    winner and the final scores, and every legal card's cost.

    :raises PositionError: if the stored line is not a legal play from the position.
    """
    pos = puzzle.position
    n = pos.players
    sol = puzzle.solution
    eq = f" (or {' '.join(c.unicode() for c in sol[1:])}, equivalent)" if len(sol) > 1 else ""
    parts = difficulty_parts(pos, sol)
    lines = [
        f"Solution: {sol[0].unicode()}{eq}: seat {puzzle.seat} scores at most {puzzle.value}; "
        f"every other card costs at least {puzzle.margin}.",
        f"Difficulty {puzzle.difficulty} = {parts['costly_cards']} costly card(s) + "
        f"{parts['tricks_left'] - 1} trick(s) after this one + 2 x {parts['duck_fooled']} "
        "(1 when the ducking heuristic misses it too).",
        f"The simple heuristic plays {puzzle.heuristic.unicode()}.",
        "",
        "Line:",
    ]
    cur = pos
    group = [f"{(pos.leader + i) % n}:{c.unicode()}" for i, c in enumerate(pos.trick)]
    number = pos.trick_number
    for card in puzzle.line:
        seat = cur.to_move
        group.append(f"{seat}:{card.unicode()}")
        cur = cur.play(card)
        if not cur.trick:
            lines.append(f"  trick {number}: {' '.join(group)}   won by seat {cur.leader}")
            group = []
            number += 1
    if group:
        lines.append(f"  trick {number}: {' '.join(group)}")
    if cur.is_over():
        scores = cur.score()
        lines.append("  scores: " + "  ".join(f"seat {s} {v}" for s, v in enumerate(scores)))
    lines.append("")
    lines.append("  card  cost")
    costs = puzzle.costs or tuple((c, 0) for c in sol)
    for card, cost in costs:
        mark = "*" if card in sol else " "
        tag = "  (heuristic)" if card is puzzle.heuristic else ""
        lines.append(f"{mark} {card.unicode():<4}  {cost:>4}{tag}")
    return "\n".join(lines)


# -- files ---------------------------------------------------------------------------------


def dumps_puzzle(puzzle: Puzzle) -> str:
    """The puzzle as a position file (snapshot form, one field a line, as
    :func:`~ciapano.dumps`) with an ``"id"`` and the ``"puzzle"`` object."""
    text = dumps(puzzle.position).rstrip().removesuffix("}").rstrip()
    fields = [
        f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
        for k, v in puzzle.to_dict().items()
    ]
    inner = "{\n" + ",\n".join(fields) + "\n  }"
    return f'{text},\n  "id": {json.dumps(puzzle.name)},\n  "puzzle": {inner}\n}}\n'


def puzzle_from_dict(data: Mapping[str, Any]) -> Puzzle:
    """The puzzle stored in a parsed puzzle file (a position file with a ``"puzzle"`` object),
    as stored: nothing is re-solved (see :func:`check_puzzle`).

    :raises PositionError: for a file that is not a valid position (schema included).
    :raises PuzzleError: if the position is not Ciapanò's (puzzles are Ciapanò's only: their
        themes are its last trick, cappotto and discard), the ``"puzzle"`` object is missing,
        its seat is not the seat to move, or a key of its ``costs`` is not a card.  (Claims
        that are merely wrong, such as a solution that is not a legal card, are for
        :func:`check_puzzle` to find.)
    """
    position = from_dict(data)
    if position.game.name != Ciapano.name:  # (not Kifameno, a Ciapano subclass)
        raise PuzzleError(
            "game",
            f"{position.game.name!r}: this is a {position.game.title} position, and puzzles are "
            "Ciapanò's only",
        )
    if "puzzle" not in data:
        raise PuzzleError("puzzle", "is missing: this position file is not a puzzle")
    p = data["puzzle"]
    if p["seat"] != position.to_move:
        raise PuzzleError(
            "puzzle.seat", f"{p['seat']} is not the seat to move (seat {position.to_move} is)"
        )
    try:
        costs = tuple((Card(c), v) for c, v in p.get("costs", {}).items())
    except CardError as e:
        raise PuzzleError("puzzle.costs", e.reason) from None
    heuristic = Card(p["heuristic"]) if "heuristic" in p else heuristic_card(position)
    return Puzzle(
        position=position,
        seat=p["seat"],
        value=p.get("value", -1),
        solution=tuple(Card(c) for c in p["solution"]),
        line=tuple(Card(c) for c in p["line"]),
        margin=p["margin"],
        costs=costs,
        heuristic=heuristic,
        difficulty=p["difficulty"],
        theme=p.get("theme"),
        seed=p.get("seed"),
        index=p.get("index"),
        generator=p.get("generator"),
    )


def loads_puzzle(text: str | bytes) -> Puzzle:
    """The puzzle in a JSON text (see :func:`puzzle_from_dict`).

    :raises PositionError: for text that is not JSON or not a valid puzzle file.
    """
    from .formats import parse_json

    return puzzle_from_dict(parse_json(text))


def load_puzzle(path: str | os.PathLike[str]) -> Puzzle:
    """The puzzle in a file (see :func:`puzzle_from_dict`).

    :raises PositionError: for a file that is not a valid puzzle file.
    :raises OSError: if the file cannot be read.
    """
    with open(path, encoding="utf-8") as f:
        return loads_puzzle(f.read())


@dataclass(frozen=True)
class PuzzleCheck:
    """What :func:`check_puzzle` found.

    :ivar puzzle: the puzzle as stored.
    :ivar problems: what no longer holds, one sentence each (empty when the puzzle holds).
    :ivar result: the fresh solve of the position.
    :ivar seconds: the time taken.
    """

    puzzle: Puzzle
    problems: tuple[str, ...]
    result: SolveResult
    seconds: float

    @property
    def ok(self) -> bool:
        """Whether the stored puzzle holds."""
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        """``{"ok", "problems", "value", "best", "seconds"}``."""
        return {
            "ok": self.ok,
            "problems": list(self.problems),
            "value": self.result.value,
            "best": [c.text for c in self.result.best],
            "seconds": round(self.seconds, 6),
        }

    def __str__(self) -> str:
        if self.ok:
            p = self.puzzle
            sol = " ".join(c.text for c in p.solution)
            return f"ok: seat {p.seat} plays {sol}, value {p.value}, margin {p.margin}"
        return "FAILED: " + "; ".join(self.problems)


def check_puzzle(puzzle: Puzzle) -> PuzzleCheck:
    """Re-solve a puzzle and compare with what it stores: the value, the solution (exactly the
    cards that keep the value, one class of equivalent cards), the margin, every stored cost,
    the line (legal, starting with the solution, ending where the seat scores the value), the
    heuristic missing the solution, the difficulty and the theme.

    :returns: a :class:`PuzzleCheck`; ``ok`` when everything holds.
    """
    start = time.perf_counter()
    pos = puzzle.position
    result = solve(pos, tt_mb=PUZZLE_TT_MB)
    problems: list[str] = []

    best = CardSet(result.best)
    stored = CardSet(puzzle.solution)
    if result.value != puzzle.value:
        problems.append(f"value {puzzle.value} is stored but the value is {result.value}")
    if best != stored:
        problems.append(
            f"solution {stored} is stored but the cards that keep the value are {best or '-'}"
        )
    first = result.moves[0] if result.moves else None
    if first is not None and best != CardSet((first.card, *first.equivalent)):
        problems.append(f"the best cards {best} are not one class of equivalent cards")
    if len(best) == len(result.moves):
        problems.append("every legal card keeps the value: there is nothing to find")
    wrong = [m.cost for m in result.moves if m.card not in best]
    margin = min(wrong) if wrong else None
    if margin != puzzle.margin:
        problems.append(f"margin {puzzle.margin} is stored but the least cost is {margin}")
    fresh = {m.card: m.cost for m in result.moves}
    for card, cost in puzzle.costs:
        if fresh.get(card) != cost:
            problems.append(f"cost of {card} is stored as {cost} but is {fresh.get(card)}")
    try:
        end = pos.play_all(puzzle.line)
    except PositionError as e:
        problems.append(f"line: {e}")
    else:
        if not end.is_over():
            problems.append("line: it does not reach the end of the hand")
        elif end.score()[puzzle.seat] != result.value:
            problems.append(
                f"line: it ends with seat {puzzle.seat} scoring {end.score()[puzzle.seat]}, "
                f"not the value {result.value}"
            )
        if puzzle.line and puzzle.line[0] not in best:
            problems.append(f"line: its first card {puzzle.line[0]} is not a solution")
    simple = heuristic_card(pos)
    if simple in best:
        problems.append(f"the heuristic's card {simple} solves it")
    if puzzle.heuristic is not simple:
        problems.append(f"heuristic {puzzle.heuristic} is stored but the heuristic plays {simple}")
    want = difficulty_parts(pos, best)["difficulty"]
    if want != puzzle.difficulty:
        problems.append(f"difficulty {puzzle.difficulty} is stored but the figure is {want}")
    if puzzle.theme is not None and not problems:
        wrong_lines = _class_lines(pos, result, puzzle.seat)
        if not theme_holds(puzzle.theme, pos, puzzle.line, wrong_lines):
            problems.append(f"theme {puzzle.theme}: its criterion no longer holds")
    return PuzzleCheck(
        puzzle=puzzle,
        problems=tuple(problems),
        result=result,
        seconds=time.perf_counter() - start,
    )
