"""Analysing a played hand card by card, and checking one decision, double-dummy.

For every card of a hand, the perspective is the seat that plays it: its own penalty, every other
seat against it (the paranoid value, ``docs/rules.md#conventions``), or in the games of two sides
its side's points or tricks, in the game's value unit (``Game.value_unit``: Ciapanò's penalty
points, Busca's busche, tarocchi's points...).  *before* is that seat's guarantee in the position
before the card (its best value there), *after* its guarantee once the card is played (the value
of the card it chose), and the **cost** what the card gave away: ``after - before`` for a
penalty, ``before - after`` for a side's points (0 for an optimal card, never negative).  A
seat's guarantee gets worse only through its own costly cards (in the games of two sides, its
side's): the cards of the seats that play against it can only improve it.  So a seat that plays
no costly card scores at least as well as its opening guarantee (its side, in those games).

Speed: one search core and one transposition table serve every position of the hand
(``engine Search.set_root``; the table's keys depend on the cards still held and their owners,
fixed by the deal, not on the cards played), as DDS's play analyser does; and every search but
the first of a seat starts from what is already known: a seat's guarantee cannot rise while the
others play, nor fall by its own card, and most questions ("is this card optimal too?") are one
null-window search.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from .cards import Card, CardSet
from .concepts import DEFAULT_CONCEPT, check_concept
from .engine import OPTION_ALL, SearchLimits, open_search, root_args
from .errors import (
    AnalysisInterrupted,
    CardError,
    CiapanoError,
    IllegalMoveError,
    PositionError,
    SolveInterrupted,
)
from .games import Ciapano, Game
from .position import Position
from .solving import DEFAULT_TT_MB, SolveResult, check_options, run_stoppable, solve

if TYPE_CHECKING:
    from .calabrasella import Exchange
    from .records import HandRecord

__all__ = [
    "POLICIES",
    "Analysis",
    "AnalysisInterrupted",
    "CardAnalysis",
    "CheckResult",
    "SeatAnalysis",
    "analyse",
    "check",
    "play_out",
    "policy_error",
    "policy_list",
]

#: The play policies of :func:`play_out` by name; ``"pimc:N"`` too (:func:`policy_error`).
POLICIES = ("random", "optimal")


def policy_list(
    policies: str | Sequence[str],
    n: int,
    error: type[CiapanoError] = PositionError,
    who: str = "seats",
) -> list[str]:
    """``policies`` as one policy for each of ``n`` seats (one name for all, or a list).

    :raises PositionError: (or ``error``) naming ``policies`` for a list of another length,
        ``policies[i]`` for a name that is no policy (:func:`policy_error`).
    """
    names = [policies] * n if isinstance(policies, str) else list(policies)
    if len(names) != n:
        raise error("policies", f"{names!r}: {len(names)} policies for {n} {who}")
    for i, p in enumerate(names):
        reason = policy_error(p)
        if reason is not None:
            raise error(f"policies[{i}]", reason)
    return names


def policy_error(policy: object) -> str | None:
    """Why ``policy`` is not a play policy of :func:`play_out`, or None if it is one:
    ``"random"``, ``"optimal"`` or ``"pimc:N"`` (PIMC on N >= 2 samples)."""
    if policy in POLICIES:
        return None
    if isinstance(policy, str) and policy.startswith("pimc:"):
        count = policy[5:]
        if count.isdigit() and int(count) >= 2:
            return None
        return f"{policy!r}: pimc:N needs a number of samples N >= 2"
    return f"{policy!r} is not a policy: random, optimal or pimc:N (N >= 2 samples)"


T = TypeVar("T")


class _Engine:
    """One core search and table for every position from ``first`` on (same deal)."""

    def __init__(self, first: Position, tt_mb: float, limits: SearchLimits) -> None:
        self.limits = limits
        self.tt_mb = tt_mb
        self.core = open_search(first, tt_mb, OPTION_ALL, limits)
        self._at = first
        self._stock = len(first.stock)

    def _root(self, position: Position) -> None:
        if position is not self._at:
            # (A stock, Kifameno's, is the first position's: the later ones drew from it.)
            drawn = self._stock - len(position.stock)
            self.core.set_root(*root_args(position), drawn=drawn)
            self._at = position

    def value(
        self,
        position: Position,
        seat: int,
        lower: int = 0,
        upper: int | None = None,
        guess: int = -1,
    ) -> int:
        """``seat``'s guarantee at ``position`` clamped to ``[lower, upper]`` (the caller knows
        it lies there, or asks only where it stands against the range; ``upper`` None: the most
        a value of the game can be)."""
        self._root(position)
        if upper is None:
            upper = position.game.value_bounds[1]
        lo, hi = self.core.value_within(seat, lower, upper, guess)
        if lo != hi:
            raise AnalysisInterrupted("the analysis was stopped")
        return lo

    def at_most(self, position: Position, seat: int, target: int) -> bool:
        """Whether ``seat``'s guarantee at ``position`` is at most ``target`` (one null-window
        search at most)."""
        return self.value(position, seat, target, target + 1, target) <= target

    def classes(self, position: Position) -> list[list[Card]]:
        """The legal cards as classes of equivalent cards (same value), highest card first."""
        self._root(position)
        return [[Card(i) for i in cls] for cls in self.core.classes()]

    @property
    def nodes(self) -> int:
        return self.core.nodes


#: Search nodes a costly card's maxⁿ cost may take in :func:`analyse` (about 0.1 s) ...
MAXN_NODES = 1_000_000
#: ... tried only with at most this many cards in play (6 tricks of 4 players, 8 of 3): with
#: more, maxⁿ is seldom proved within the nodes (README, "Solution concepts").
MAXN_CARDS = 24


def _stoppable(work: Callable[[SearchLimits], T]) -> T:
    """Run ``work`` (given the limits of its searches) so that Ctrl-C stops its searches at
    once (:func:`~ciapano.solving.run_stoppable`).

    :raises AnalysisInterrupted: on Ctrl-C, after the searches have stopped.
    """
    limits = SearchLimits()
    try:
        return run_stoppable(lambda: work(limits), limits)
    except KeyboardInterrupt:
        raise AnalysisInterrupted("the analysis was stopped") from None


@dataclass(frozen=True)
class CardAnalysis:
    """One card of the hand, valued for the seat that played it.

    :ivar index: the card's index in the play (from 0).
    :ivar trick: the trick it was played to (from 1).
    :ivar seat: the seat that played it.
    :ivar card: the card.
    :ivar before: the seat's guarantee before the card (its best value), in the game's value
        unit.
    :ivar after: the seat's guarantee after the card (the value of the card it chose).
    :ivar best: the legal cards that keep ``before`` (the optimal cards), in display order
        (suits S H D C, each high to low).
    :ivar higher_is_better: whether the values are points the seat's side wants (Calabrasella)
        rather than a penalty.
    :ivar maxn_cost: for a costly card of an individual game valued by the paranoid value,
        what it cost under maxⁿ (every seat playing for its own score, ``ciapano.concepts``)
        when that was proved within the analysis's ``maxn_nodes``; else None.
    """

    index: int
    trick: int
    seat: int
    card: Card
    before: int
    after: int
    best: tuple[Card, ...]
    higher_is_better: bool = False
    maxn_cost: int | None = None

    @property
    def cost(self) -> int:
        """What the card gave away, in the game's value unit (0 when optimal, never < 0): ``after
        - before`` for a penalty, ``before - after`` for a side's points."""
        return self.before - self.after if self.higher_is_better else self.after - self.before

    @property
    def optimal(self) -> bool:
        """Whether the card keeps the seat's guarantee."""
        return self.after == self.before

    def to_dict(self) -> dict[str, Any]:
        """``{"index": 0, "trick": 1, "seat": 0, "card": "5C", "before": 3, "after": 3,
        "cost": 0, "best": ["5C", "4C"], "maxn_cost": null}``."""
        return {
            "index": self.index,
            "trick": self.trick,
            "seat": self.seat,
            "card": self.card.text,
            "before": self.before,
            "after": self.after,
            "cost": self.cost,
            "best": [c.text for c in self.best],
            "maxn_cost": self.maxn_cost,
        }


@dataclass(frozen=True)
class SeatAnalysis:
    """One seat's hand: what it scored beside what it could have guaranteed.

    :ivar seat: the seat.
    :ivar score: its hand score from the rules' scoring of what was played (the game's value
        unit).
    :ivar guarantee: its double-dummy guarantee at the start of the analysed play (the opening
        lead for a hand record).
    :ivar mistakes: how many of its cards cost something.
    :ivar total_cost: what those cards cost, in all.
    :ivar name: the player's name when the record gives one (not in :meth:`to_dict`).
    """

    seat: int
    score: int
    guarantee: int
    mistakes: int
    total_cost: int
    name: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """``{"seat": 0, "score": 4, "guarantee": 3, "mistakes": 1, "total_cost": 1}``."""
        return {
            "seat": self.seat,
            "score": self.score,
            "guarantee": self.guarantee,
            "mistakes": self.mistakes,
            "total_cost": self.total_cost,
        }


@dataclass(frozen=True)
class Analysis:
    """What :func:`analyse` found: every card's cost and every seat's score and guarantee.

    :ivar cards: every card played, in order (:class:`CardAnalysis`).
    :ivar seats: every seat, indexed by seat (:class:`SeatAnalysis`).
    :ivar nodes: search nodes visited.
    :ivar seconds: wall time of the analysis.
    :ivar guarantees: with ``every_seat``, every seat's guarantee in every position: row ``i``
        before card ``i``, the last row at the end of the hand (``len(cards) + 1`` rows of
        ``players`` values, in the game's value unit); else None.
    :ivar id: the record's id, if any.
    :ivar game: the game of the hand (for the text and the plot; not in :meth:`to_dict`).
    :ivar concept: the solution concept of the values (``ciapano.concepts``; the guarantees
        are then each seat's score under it).
    """

    cards: tuple[CardAnalysis, ...]
    seats: tuple[SeatAnalysis, ...]
    nodes: int
    seconds: float
    guarantees: tuple[tuple[int, ...], ...] | None = None
    id: str | int | None = None
    game: Game = field(default_factory=Ciapano)
    concept: str = DEFAULT_CONCEPT

    def __iter__(self) -> Iterator[CardAnalysis]:
        return iter(self.cards)

    @property
    def costly(self) -> tuple[CardAnalysis, ...]:
        """The cards that cost something."""
        return tuple(c for c in self.cards if c.cost > 0)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``ciapano analyse --json``: ``{"cards": [...], "seats": [...],
        "nodes": ..., "seconds": ...}`` (see the README)."""
        return {
            "cards": [c.to_dict() for c in self.cards],
            "seats": [s.to_dict() for s in self.seats],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "concept": self.concept,
        }

    def __str__(self) -> str:
        return format_analysis(self)


def _who(seat: SeatAnalysis) -> str:
    return f"{seat.seat} {seat.name}" if seat.name else str(seat.seat)


def format_analysis(analysis: Analysis) -> str:
    """A readable report: one row per card, costly cards marked ``!``, then one row per seat."""
    seats = analysis.seats
    width = max((len(_who(s)) for s in seats), default=4)
    if not analysis.game.lower_is_better:
        what = "the points of its side, both sides playing their best"
    elif analysis.concept == "paranoid":
        what = f"its own penalty ({analysis.game.value_nouns[1]}) with every other seat against it"
    else:
        what = (
            f"its own penalty ({analysis.game.value_nouns[1]}) under {analysis.concept} "
            '(README, "Solution concepts")'
        )
    maxn = analysis.concept == "paranoid" and analysis.game.lower_is_better
    out = [
        f"Each card is valued for the seat that played it: {what}.",
        *(
            [
                "A costly card's cost under maxn (every seat for its own score) is in column maxn "
                "(? where it was not proved within the analysis's node budget)."
            ]
            if maxn and analysis.costly
            else []
        ),
        "",
        f"  trick  {'seat':<{width}}  card  before  after  cost  {'maxn  ' if maxn else ''}best",
    ]
    trick = None
    for c in analysis.cards:
        mark = "!" if c.cost else " "
        number = str(c.trick) if c.trick != trick else ""
        trick = c.trick
        extra = ""
        if maxn:
            extra = "" if not c.cost else "?" if c.maxn_cost is None else str(c.maxn_cost)
            extra = f"{extra:>4}  "
        out.append(
            f"{mark} {number:>5}  {_who(seats[c.seat]):<{width}}  {c.card.text:<4}  "
            f"{c.before:>6}  {c.after:>5}  {c.cost:>4}  {extra}{' '.join(x.text for x in c.best)}"
        )
    out += ["", f"  {'seat':<{width}}  score  guarantee  mistakes  cost"]
    for s in seats:
        out.append(
            f"  {_who(s):<{width}}  {s.score:>5}  {s.guarantee:>9}  {s.mistakes:>8}  "
            f"{s.total_cost:>4}"
        )
    costly = len(analysis.costly)
    out += [
        "",
        f"{len(analysis.cards)} cards, {costly} costly (marked !).    "
        f"Nodes: {analysis.nodes:,}    time: {analysis.seconds:.3f} s",
    ]
    return "\n".join(out)


def _replay(position: Position, play: Sequence[Any]) -> tuple[list[Position], list[Card]]:
    """The positions before each card of ``play`` and at its end, and the cards.

    :raises IllegalMoveError: for an illegal card, as ``play[i]``.
    """
    if isinstance(play, (str, bytes)):
        play = str(play).replace(",", " ").split()
    positions = [position]
    cards = []
    for i, card in enumerate(play):
        try:
            c = positions[-1].game.deck.card(card)
            positions.append(positions[-1].play(c))
        except (IllegalMoveError, CardError) as e:
            raise IllegalMoveError(f"play[{i}]", e.reason) from None
        cards.append(c)
    return positions, cards


class _Walk(NamedTuple):
    """What :func:`_walk` found."""

    cards: list[CardAnalysis]
    #: With ``every_seat``, every seat's guarantee in every position; else None.
    guarantees: list[tuple[int, ...]] | None


def _walk(
    engine: _Engine,
    positions: Sequence[Position],
    play: Sequence[Card],
    opening: Sequence[int | None],
    every_seat: bool,
    offset: int = 0,
) -> _Walk:
    """Value every card of ``play`` (``positions[k]`` is the position before card ``k``);
    ``opening`` holds the seats' guarantees at the first position where known (None where not;
    every seat's with ``every_seat``); ``offset`` is the index of the first card in the whole
    play.  Returns the cards and, with ``every_seat``, every position's guarantees."""
    n = positions[0].players
    # value[s]: seat s's guarantee at position exact_at[s], and an upper bound on it until s
    # plays again (the other seats' cards can only lower it).
    most = positions[0].game.value_bounds[1]
    value = [most if v is None else v for v in opening]
    exact_at = [0 if v is not None else -1 for v in opening]
    table = [tuple(value)] if every_seat else None
    cards: list[CardAnalysis] = []
    for k, card in enumerate(play):
        pos, nxt = positions[k], positions[k + 1]
        m = pos.to_move
        known = exact_at[m] == k
        before = value[m] if known else engine.value(pos, m, 0, value[m], value[m])
        classes = engine.classes(pos)
        best: list[Card] = []
        played: list[Card] = []
        for cls in classes:
            if card in cls:
                played = cls
            elif engine.at_most(pos.play(cls[0]), m, before):
                best += cls
        # One class: every legal card has the position's value.
        alone = len(classes) == 1
        after = before if alone else engine.value(nxt, m, before, most, before)
        if after == before:
            best += played
        trick = pos.trick_number
        best_cards = tuple(CardSet(best))  # in display order: suits S H D C, high to low
        cards.append(
            CardAnalysis(
                index=offset + k,
                trick=trick,
                seat=m,
                card=card,
                before=before,
                after=after,
                best=best_cards,
            )
        )
        value[m] = after
        exact_at[m] = k + 1
        if table is not None:
            for s in range(n):
                if s != m:
                    value[s] = engine.value(nxt, s, 0, value[s], value[s])
                    exact_at[s] = k + 1
            table.append(tuple(value))
    return _Walk(cards=cards, guarantees=table)


def _walk_by_solving(
    positions: Sequence[Position],
    play: Sequence[Card],
    offset: int,
    every_seat: bool,
    tt_mb: float,
) -> tuple[list[int], _Walk, int]:
    """Value every card of ``play`` in a game of two sides (Calabrasella, tarocchi: the points of
    the seat's side, higher is better) by solving each position before it (every legal card of the
    seat to move, :func:`ciapano.solve`).  The sides share the hand's total, so every seat's
    guarantee in a position follows from the mover's.  Returns the opening guarantees, the walk
    and the nodes."""
    first = positions[0]
    game = first.game
    total = game.hand_total(first.set_aside)  # type: ignore[attr-defined]

    def row(pos: Position, value: int) -> tuple[int, ...]:
        # Each side's guarantee for the whole hand: in bridge, whose values count the tricks
        # from here on, with the tricks the side has won before (Game.banked_value).
        mover = pos.to_move
        whole = value + game.banked_value(pos, mover)
        seats = range(pos.players)
        return tuple(whole if pos.same_side(s, mover) else total - whole for s in seats)

    cards: list[CardAnalysis] = []
    table: list[tuple[int, ...]] = []
    nodes = 0
    opening: list[int] = []
    for k, card in enumerate(play):
        pos = positions[k]
        try:
            result = solve(pos, tt_mb=tt_mb)
        except SolveInterrupted:
            raise AnalysisInterrupted("the analysis was stopped") from None
        nodes += result.nodes
        before = result.value
        after = result[card]
        assert before is not None and after is not None  # no limits: exact
        if k == 0:
            opening = list(row(pos, before))
        table.append(row(pos, before))
        cards.append(
            CardAnalysis(
                index=offset + k,
                trick=pos.trick_number,
                seat=pos.to_move,
                card=card,
                before=before,
                after=after,
                best=tuple(CardSet(result.best)),
                higher_is_better=True,
            )
        )
    if not every_seat:
        return opening, _Walk(cards=cards, guarantees=None), nodes
    table.append(tuple(positions[len(play)].score()))  # the end of the hand
    return opening, _Walk(cards=cards, guarantees=table), nodes


def _start(positions: Sequence[Position], from_trick: int) -> int:
    """The index of the first position of trick ``from_trick`` (0 for the first trick)."""
    first = positions[0]
    last = first.game.tricks
    if isinstance(from_trick, bool) or not isinstance(from_trick, int):
        raise PositionError("from_trick", f"{from_trick!r} is not a trick number")
    if not 1 <= from_trick <= last:
        raise PositionError("from_trick", f"{from_trick} is not a trick number 1..{last}")
    if from_trick <= first.trick_number:
        return 0
    for k, pos in enumerate(positions):
        if pos.trick_number == from_trick and not pos.trick:
            return k
    raise AssertionError("a finished play reaches every trick")


def analyse(
    source: HandRecord | Position | Mapping[str, Any],
    play: Sequence[Card | str] | None = None,
    *,
    from_trick: int = 1,
    every_seat: bool = True,
    tt_mb: float = DEFAULT_TT_MB,
    concept: str = DEFAULT_CONCEPT,
    maxn_nodes: int = MAXN_NODES,
) -> Analysis:
    """Analyse a played hand card by card, double-dummy.

    :param source: a :class:`~ciapano.records.HandRecord`, a parsed record (a dict, checked as
        :func:`~ciapano.records.record_from_dict` does), or a :class:`~ciapano.Position` with
        ``play``.
    :param play: with a position, the cards played from it to the end of the hand, in order.
    :param from_trick: analyse only the cards from this trick on (faster: the last tricks of
        many hands); the seats' guarantees are then those at the start of that trick.  Trick
        numbers count from 1 at the opening lead of the hand (of the position, for a position
        in the middle of a trick).
    :param every_seat: also compute every seat's guarantee in every position
        (:attr:`Analysis.guarantees`, what ``--plot`` draws; a few per cent more work).
    :param tt_mb: memory of the transposition table, in MiB.
    :param concept: the solution concept of the values (``ciapano.concepts``): ``"paranoid"``
        (the default), or in an individual game ``"maxn"``, ``"maxn-for"`` or ``"best"``, each
        position then solved under it with no limit (exact only near the end of a hand within
        seconds: give ``from_trick``); in a game of two sides every concept is the zero-sum value.
    :param maxn_nodes: with the paranoid value in an individual game, the search nodes each
        costly card's maxⁿ cost may take (:attr:`CardAnalysis.maxn_cost`; 0: none), tried
        with at most :data:`MAXN_CARDS` cards in play.
    :returns: an :class:`Analysis`: per card the seat's guarantee before and after it and its
        cost (in the game's value unit, ``docs/rules.md#conventions``), per seat its real hand
        score (the game's hand score), opening guarantee, costly cards and their total cost.
    :raises RecordError: for a bad record (its id, the card index and the reason).
    :raises IllegalMoveError: for a position whose ``play`` has an illegal card (``play[i]``).
    :raises PositionError: for a play that does not reach the end of the hand, or ``play``
        given with a record (or missing with a position), a ``from_trick`` out of range.
    :raises OptionError: for a bad table size or concept.
    :raises AnalysisInterrupted: (a ``KeyboardInterrupt``) on Ctrl-C, once the search stopped.
    """
    started = time.perf_counter()
    check_options(tt_mb=tt_mb)
    check_concept(concept)
    # Here, not at the top: ciapano.check (this module) reads no hand record.
    from .records import HandRecord, record_from_dict

    record: HandRecord | None = None
    if isinstance(source, Mapping):
        source = record_from_dict(source)
    if isinstance(source, HandRecord):
        if play is not None:
            raise PositionError("play", "give the play in the record, not beside it")
        record = source
        positions: Sequence[Position] = record.positions()
        play_cards: Sequence[Card] = record.play
    elif isinstance(source, Position):
        if play is None:
            raise PositionError("play", "analysing a position needs the cards played from it")
        positions, play_cards = _replay(source, play)
        if not positions[-1].is_over():
            raise PositionError(
                f"play[{len(positions) - 1}]",
                f"the play stops after {len(positions) - 1} cards, before the end of the hand",
            )
    else:
        raise CiapanoError("source", f"{type(source).__name__} is not a hand record or a position")
    start = _start(positions, from_trick)
    positions, play_cards = positions[start:], play_cards[start:]
    first = positions[0]
    if first.is_over():
        cards: list[CardAnalysis] = []
        opening = first.score()
        table = [tuple(opening)] if every_seat else None
        nodes = 0
    elif first.game.two_sided:
        opening, walk, nodes = _walk_by_solving(positions, play_cards, start, every_seat, tt_mb)
        cards, table = walk.cards, walk.guarantees
    elif concept != DEFAULT_CONCEPT:
        opening, walk, nodes = _walk_by_concept(
            positions, play_cards, start, every_seat, tt_mb, concept
        )
        cards, table = walk.cards, walk.guarantees
    else:

        def work(limits: SearchLimits) -> tuple[list[int], _Walk, int]:
            engine = _Engine(first, tt_mb, limits)
            opening = [engine.value(first, s) for s in range(first.players)]
            walk = _walk(engine, positions, play_cards, opening, every_seat, start)
            return opening, walk, engine.nodes

        opening, walk, nodes = _stoppable(work)
        cards, table = walk.cards, walk.guarantees
        if maxn_nodes > 0:
            cards, more = _maxn_costs(cards, positions, start, tt_mb, maxn_nodes)
            nodes += more
    score = positions[-1].score()
    seats = []
    for s in range(first.players):
        costs = [c.cost for c in cards if c.seat == s and c.cost]
        name = record.names[s] if record is not None and record.names is not None else None
        seats.append(
            SeatAnalysis(
                seat=s,
                score=score[s],
                guarantee=opening[s],
                mistakes=len(costs),
                total_cost=sum(costs),
                name=name,
            )
        )
    return Analysis(
        cards=tuple(cards),
        seats=tuple(seats),
        nodes=nodes,
        seconds=time.perf_counter() - started,
        guarantees=tuple(table) if table is not None else None,
        id=record.id if record is not None else None,
        game=first.game,
        concept=concept,
    )


def _concept_card(
    pos: Position, card: Card, index: int, concept: str, every_seat: bool, tt_mb: float
) -> tuple[CardAnalysis, SolveResult]:
    """One card valued under ``concept`` for the seat that played it (one solve)."""
    try:
        result = solve(pos, pos.to_move, concept=concept, all_seats=every_seat, tt_mb=tt_mb)
    except KeyboardInterrupt:
        raise AnalysisInterrupted("the analysis was stopped") from None
    after = result[card]
    assert result.value is not None and after is not None
    analysed = CardAnalysis(
        index=index,
        trick=pos.trick_number,
        seat=pos.to_move,
        card=card,
        before=result.value,
        after=after,
        best=tuple(CardSet(result.best)),
    )
    return analysed, result


def _walk_by_concept(
    positions: Sequence[Position],
    play: Sequence[Card],
    offset: int,
    every_seat: bool,
    tt_mb: float,
    concept: str,
) -> tuple[list[int], _Walk, int]:
    """:func:`_walk` under a concept other than the paranoid value: each position solved."""
    cards: list[CardAnalysis] = []
    table: list[tuple[int, ...]] = []
    nodes = 0
    opening: list[int] = []
    for k, card in enumerate(play):
        # Every seat's score: at the first position (the opening), and at each with every_seat.
        seats = every_seat or k == 0
        analysed, result = _concept_card(positions[k], card, offset + k, concept, seats, tt_mb)
        cards.append(analysed)
        nodes += result.nodes
        if seats:
            # No limit: every seat's score is exact.
            assert result.seats is not None and None not in result.seats
            row = tuple(v for v in result.seats if v is not None)
            opening = opening or list(row)
            table.append(row)
    table.append(tuple(positions[-1].score()))
    return opening, _Walk(cards=cards, guarantees=table if every_seat else None), nodes


def _maxn_costs(
    cards: list[CardAnalysis],
    positions: Sequence[Position],
    offset: int,
    tt_mb: float,
    budget: int,
) -> tuple[list[CardAnalysis], int]:
    """``cards`` with each costly card's cost under maxⁿ where proved within ``budget`` nodes,
    and the nodes used."""
    out = []
    nodes = 0
    for c in cards:
        pos = positions[c.index - offset]
        if c.cost > 0 and sum(len(h) for h in pos.hands) + len(pos.stock) <= MAXN_CARDS:
            result = solve(pos, c.seat, concept="maxn", tt_mb=tt_mb, max_nodes=budget)
            nodes += result.nodes
            after = result[c.card]
            if result.exact and after is not None and result.value is not None:
                c = dataclasses.replace(c, maxn_cost=after - result.value)
        out.append(c)
    return out, nodes


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` found about one card.

    :ivar seat: the seat to move, whose penalty the values are.
    :ivar card: the card checked.
    :ivar optimal: whether it keeps the seat's guarantee.
    :ivar cost: ``value - best_value``, in the game's value unit (0 when optimal).
    :ivar value: the seat's guarantee after the card.
    :ivar best_value: the seat's guarantee in the position (with a best card).
    :ivar best: the optimal legal cards, in display order.
    :ivar nodes: search nodes visited.
    :ivar seconds: wall time.
    :ivar game: the game of the position (for the text; not in :meth:`to_dict`).
    :ivar concept: the solution concept of the values (``ciapano.concepts``).
    """

    seat: int
    card: Card
    optimal: bool
    cost: int
    value: int
    best_value: int
    best: tuple[Card, ...]
    nodes: int
    seconds: float
    game: Game = field(default_factory=Ciapano)
    concept: str = DEFAULT_CONCEPT

    def to_dict(self) -> dict[str, Any]:
        """``{"seat": 0, "card": "5C", "optimal": false, "cost": 1, "value": 4, "best_value": 3,
        "best": ["4C"], "nodes": ..., "seconds": ...}``."""
        return {
            "concept": self.concept,
            "seat": self.seat,
            "card": self.card.text,
            "optimal": self.optimal,
            "cost": self.cost,
            "value": self.value,
            "best_value": self.best_value,
            "best": [c.text for c in self.best],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }

    def __str__(self) -> str:
        best = " ".join(c.text for c in self.best)
        what = "guarantee"
        if self.concept != DEFAULT_CONCEPT and self.game.lower_is_better:
            what = f"value under {self.concept}"
        if self.optimal:
            head = f"{self.card} is optimal for seat {self.seat}: it keeps its {what} of "
            head += f"{self.best_value}."
        else:
            head = (
                f"{self.card} costs seat {self.seat} {self.game.value_text(self.cost)}: its "
                f"{what} goes from {self.best_value} to {self.value}."
            )
        return f"{head}\nBest cards: {best}\nNodes: {self.nodes:,}    time: {self.seconds:.3f} s"


def check(
    position: Position,
    card: Card | str,
    *,
    tt_mb: float = DEFAULT_TT_MB,
    concept: str = DEFAULT_CONCEPT,
) -> CheckResult:
    """Check one decision: is ``card`` optimal for the seat to move, and what does it cost?

    Values are the seat to move's own penalty with every other seat against it (the paranoid
    value, ``docs/rules.md#conventions``), in the game's value unit; in a game of two sides
    (Calabrasella), its side's points.  With ``concept`` (``ciapano.concepts``: ``"maxn"``,
    ``"maxn-for"``, ``"best"``) in an individual game, the values are the seat's score under
    that solution concept instead (the position solved with no limit).

    :raises IllegalMoveError: if the card is not a legal card of the seat to move (or the hand
        is over); the message names the card, seat and reason.
    :raises OptionError: for a bad table size or concept.
    :raises AnalysisInterrupted: (a ``KeyboardInterrupt``) on Ctrl-C, once the search stopped.
    """
    start = time.perf_counter()
    check_options(tt_mb=tt_mb)
    try:
        played = position.game.deck.card(card)
    except CardError as e:
        raise IllegalMoveError("card", e.reason) from None
    check_concept(concept)
    after = position.play(played)
    if concept != DEFAULT_CONCEPT and not position.game.two_sided:
        c, result = _concept_card(position, played, 0, concept, False, tt_mb)
        nodes = result.nodes
    elif position.game.two_sided:
        # A game of two sides (Calabrasella, tarocchi): the position solved, every legal card.
        _, walk, nodes = _walk_by_solving([position, after], [played], 0, False, tt_mb)
        c = walk.cards[0]
    else:

        def work(limits: SearchLimits) -> tuple[CardAnalysis, int]:
            engine = _Engine(position, tt_mb, limits)
            walk = _walk(engine, [position, after], [played], [None] * position.players, False)
            return walk.cards[0], engine.nodes

        c, nodes = _stoppable(work)
    return CheckResult(
        seat=c.seat,
        card=c.card,
        optimal=c.optimal,
        cost=c.cost,
        value=c.after,
        best_value=c.before,
        best=c.best,
        nodes=nodes,
        seconds=time.perf_counter() - start,
        game=position.game,
        concept=concept,
    )


def play_out(
    position: Position,
    policies: str | Sequence[str] = "random",
    seed: int | Sequence[int] | None = None,
    *,
    tt_mb: float = 64,
    exchange: Exchange | None = None,
) -> tuple[Card, ...]:
    """Play a position out to the end of the hand, each seat by a simple policy.

    :param policies: one policy for every seat, or one per seat: ``"random"`` plays a legal
        card at random; ``"optimal"`` a card that keeps the seat's own double-dummy guarantee (a
        random one among those); ``"pimc:N"`` the card with the best mean value over N
        deals of the hidden hands sampled from what the seat knows (:func:`ciapano.pimc`, on
        one process; from the opening lead only, so that the seat knows every void the play
        shows).
    :param seed: the generator's seed (NumPy's PCG64); the same seed gives the same play.
    :param tt_mb: memory of the table of the optimal seats' searches, in MiB.
    :param exchange: in Calabrasella, the call and exchange that led to ``position``
        (:class:`ciapano.calabrasella.Exchange`), for ``pimc:N``: what each seat saw of them.
    :returns: the cards played, in order.
    :raises PositionError: for an unknown policy or a list of policies of the wrong length, or
        ``pimc:N`` in Calabrasella without the exchange.
    :raises AnalysisInterrupted: (a ``KeyboardInterrupt``) on Ctrl-C, once the search stopped.
    """
    policies = policy_list(policies, position.players)
    pimc = any(p.startswith("pimc:") for p in policies)
    if pimc and position.declarer is not None and exchange is None:
        raise PositionError(
            "exchange",
            f"is missing: pimc:N in {position.game.title} needs the call and exchange (what "
            "each seat saw of them)",
        )
    if pimc and not _at_opening(position):
        raise PositionError("policies", "pimc:N plays from the opening lead of a deal only")
    import numpy as np  # here: checking and analysing need no NumPy

    rng = np.random.default_rng(seed)
    if "optimal" in policies and not position.is_over():
        return _stoppable(
            lambda limits: _play(
                position, policies, rng, _Engine(position, tt_mb, limits), exchange
            )
        )
    return _play(position, policies, rng, None, exchange)


def _at_opening(position: Position) -> bool:
    """Whether ``position`` is a deal's opening lead (no card played yet)."""
    return position.first_trick and not position.trick


def _pimc_card(
    start: Position,
    played: Sequence[Card],
    samples: int,
    seed: int,
    exchange: Exchange | None,
) -> Card:
    """The card of the seat to move after ``played`` from the opening ``start``, by PIMC on
    ``samples`` deals of what it knows (its view from the history: every void shown; in
    Calabrasella what it saw of the call and exchange)."""
    from .montecarlo import pimc
    from .sampling import InformationSet

    dealer = (start.leader - 1) % start.players
    if exchange is not None:
        # The view is built from the hands as dealt: undo the exchange and the call.
        info = InformationSet.from_history(
            exchange.dealt_hands(start), dealer, played, game=start.game, exchange=exchange
        )
    elif start.game.needs_dealer:
        # Tarocchi: the dealer's 17 cards as dealt, and its two discards.
        d = start.dealer
        hands = [h | CardSet(start.set_aside) if s == d else h for s, h in enumerate(start.hands)]
        info = InformationSet.from_history(
            hands, d, played, game=start.game, discards=start.set_aside
        )
    else:
        info = InformationSet.from_history(
            start.hands, dealer, played, discard=start.discard, game=start.game
        )
    return pimc(info, samples, seed, workers=1).best


def _play(
    position: Position,
    policies: Sequence[str],
    rng: Any,
    engine: _Engine | None,
    exchange: Exchange | None = None,
) -> tuple[Card, ...]:
    """The play of :func:`play_out` (``engine`` for the optimal seats, None if there are none)."""
    n = position.players
    # For each optimal seat, an upper bound on its guarantee (exact after its own card).
    bound = [position.game.value_bounds[1]] * n
    out: list[Card] = []
    pos = position
    while not pos.is_over():
        m = pos.to_move
        if policies[m].startswith("pimc:"):
            seed = int(rng.integers(2**31))
            card = _pimc_card(position, out, int(policies[m][5:]), seed, exchange)
        elif policies[m] == "random" or engine is None:
            legal = sorted(pos.legal_moves())
            card = legal[rng.integers(len(legal))]
        elif pos.game.two_sided:
            # A game of two sides (Calabrasella, tarocchi): a random card among those that keep the
            # side's points (every legal card solved).
            best = sorted(solve(pos, tt_mb=engine.tt_mb).best)
            card = best[rng.integers(len(best))]
        else:
            classes = engine.classes(pos)
            order = [classes[i] for i in rng.permutation(len(classes))]
            chosen = order[-1]
            if len(order) > 1:
                v = engine.value(pos, m, 0, bound[m], bound[m])
                for cls in order[:-1]:
                    if engine.at_most(pos.play(cls[0]), m, v):
                        chosen = cls
                        break
                bound[m] = v
            card = chosen[rng.integers(len(chosen))]
        out.append(card)
        pos = pos.play(card)
    return tuple(out)
