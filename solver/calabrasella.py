"""Calabrasella's call and exchange (``docs/rules.md#calabrasella-exchange``): from the deal and
the widow to the hands that play and the four set-aside cards.

After the bidding the declarer names a card it does not hold: a 3, or a 2 if it holds all four
3s.  The seat that holds it gives it to the declarer and receives a card the declarer does not
want in exchange; if the called card is in the widow, nothing changes hands.  The declarer then
discards 1 to 4 cards, turns the widow face up and takes as many of its cards as it discarded.
The discards and the widow cards not taken are set aside (four cards).  The seat after the
declarer leads the first trick.

:func:`exchange_hands` checks each step of a hand's history and gives the hands that play;
:func:`callable_cards` lists the cards the declarer may name; :func:`analyse_exchange` values
every choice of discards and widow cards double-dummy (``ciapano exchange``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .cards import CARDS, Card, CardSet, Rank
from .engine import ExchangeSearch
from .errors import OptionError, PositionError
from .games import Game
from .position import Position
from .solving import check_options
from .validate import CardLike, parse_card, parse_card_set, parse_cards, parse_seat
from .workers import ordered_map

__all__ = [
    "EXCHANGE_TT_MB",
    "CallAnalysis",
    "CallOption",
    "DeclareEstimate",
    "Exchange",
    "ExchangeAnalysis",
    "ExchangeChoice",
    "ExchangeResult",
    "analyse_call",
    "analyse_exchange",
    "best_exchange",
    "call_from_dict",
    "call_hands",
    "callable_cards",
    "declaring_deal",
    "estimate_declaring",
    "exchange_choices",
    "exchange_hands",
    "simple_call_and_exchange",
]

#: Cards a declarer takes from the widow: at least one, at most the widow's four.
MOST_DISCARDS = 4
#: The transposition table of an exchange's engine, in MiB (one per worker; it grows as it
#: fills, so a small exchange touches little of it).  The hardest of 10 seeded deals (seed 1):
#: 935 M nodes, 65 s with 64 MiB; 643 M, 53 s with 512; the same with 1,024 and 2,048.
EXCHANGE_TT_MB = 512


def callable_cards(hand: CardSet) -> CardSet:
    """The cards a declarer holding ``hand`` may name: the 3s it does not hold, or if it holds
    all four 3s, the 2s it does not hold (``docs/rules.md#calabrasella-exchange``)."""
    for rank in (Rank.R3, Rank.R2):
        free = CardSet(c for c in CARDS if c.rank is rank and c not in hand)
        if free:
            return free
    return CardSet(0)  # every 3 and every 2 in one hand of 12: nothing to name


@dataclass(frozen=True)
class ExchangeResult:
    """The hands that play after the call and the exchange.

    :ivar hands: each seat's 12 cards.
    :ivar set_aside: the declarer's discards, then the widow cards it did not take (from
        :func:`call_hands`, before the exchange: the widow).
    :ivar holder: the seat that held the called card (None if it was in the widow).
    """

    hands: tuple[CardSet, ...]
    set_aside: tuple[Card, ...]
    holder: int | None


def _hands_and_widow(
    game: Game, hands: object, widow: object, field: str
) -> tuple[list[CardSet], tuple[Card, ...]]:
    """Three hands of 12 cards (the file's ``field``: ``deal`` or ``hands``) and a widow of four
    that completes the deck with them.

    :raises PositionError: naming ``field``, ``field[i]`` or ``widow``.
    """
    n = game.players
    deck = game.deck
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != n:
        raise PositionError(field, f"{hands!r} is not a list of {n} hands")
    sets = [parse_card_set(f"{field}[{i}]", h, deck) for i, h in enumerate(hands)]
    for i, h in enumerate(sets):
        if len(h) != game.hand_size:
            raise PositionError(
                f"{field}[{i}]", f"holds {len(h)} cards; {game.title} has {game.hand_size} a seat"
            )
    widow_cards = parse_cards("widow", widow, deck)
    held = CardSet(0)
    for h in sets:
        held |= h
    if len(widow_cards) != game.set_aside_size or (held | CardSet(widow_cards)) != deck.cards:
        missing = deck.cards - held - CardSet(widow_cards)
        raise PositionError(
            "widow",
            f"{' '.join(c.text for c in widow_cards) or 'none'} do not complete the deck with the "
            f"hands (the widow is the {game.set_aside_size} cards no hand holds"
            + (f"; missing {missing})" if missing else ")"),
        )
    return sets, widow_cards


def call_hands(
    game: Game,
    deal: Sequence[object],
    widow: object,
    declarer: object,
    called: CardLike | None,
    given: CardLike | None,
) -> ExchangeResult:
    """Check a Calabrasella hand's call and give the hands after it (the called card in the
    declarer's hand, the card it gave back in the holder's), before the exchange.

    :param deal: each seat's 12 dealt cards.
    :param widow: the widow's 4 cards.
    :param declarer: the declaring seat.
    :param called: the card it named (None only if the history leaves the call out, which
        the rules do not allow: it is required).
    :param given: the card it gave back to the called card's holder (None when the called card
        was in the widow, and required otherwise).
    :returns: the hands after the call, the widow in ``set_aside`` (nothing set aside yet),
        and the called card's holder.
    :raises PositionError: naming the field: ``deal``, ``widow`` (cards that do not complete the
        deck with the deal), ``declarer``, ``called`` (missing, a card the declarer holds, not a
        card it may name), ``given`` (missing, given when the called card was in the widow, or
        not in the declarer's hand).
    """
    n = game.players
    deck = game.deck
    hands, widow_cards = _hands_and_widow(game, deal, widow, "deal")
    d = parse_seat("declarer", declarer, n)
    if called is None:
        raise PositionError(
            "called", "is missing: the declarer names a 3 (or a 2) it does not hold"
        )
    call = parse_card("called", called, deck)
    if call in hands[d]:
        raise PositionError("called", f"{call} is in the declarer's own hand (seat {d})")
    allowed = callable_cards(hands[d])
    if call not in allowed:
        raise PositionError(
            "called",
            f"{call} may not be named: the declarer names a 3 it does not hold, or a 2 if it "
            f"holds all four 3s (here one of {allowed})",
        )
    holder = next((s for s in range(n) if call in hands[s]), None)
    if holder is None:
        if given is not None:
            raise PositionError(
                "given",
                f"{given!r} given, but the called card {call} was in the widow: nothing changes "
                "hands",
            )
    else:
        if given is None:
            raise PositionError(
                "given",
                f"is missing: seat {holder} gave {call} to the declarer and received a card "
                "from it",
            )
        back = parse_card("given", given, deck)
        if back not in hands[d]:
            raise PositionError("given", f"{back} is not in the declarer's hand ({hands[d]})")
        hands = _swapped(hands, d, holder, call, back)
    return ExchangeResult(tuple(hands), widow_cards, holder)


def _swapped(
    hands: Sequence[CardSet], declarer: int, holder: int, called: Card, back: Card
) -> list[CardSet]:
    """The hands after the call: the called card from its holder to the declarer, the card
    given back from the declarer to the holder."""
    out = list(hands)
    out[declarer] = out[declarer].remove(back).add(called)
    out[holder] = out[holder].remove(called).add(back)
    return out


def exchange_hands(
    game: Game,
    deal: Sequence[object],
    widow: object,
    declarer: object,
    called: CardLike | None,
    given: CardLike | None,
    discards: object,
    take: object,
) -> ExchangeResult:
    """Check a Calabrasella hand's call and exchange and give the hands that play.

    :param deal: each seat's 12 dealt cards.
    :param widow: the widow's 4 cards.
    :param declarer: the declaring seat.
    :param called: the card it named (required).
    :param given: the card it gave back to the called card's holder (None when the called card
        was in the widow, and required otherwise).
    :param discards: the 1 to 4 cards it discarded (from its hand after the call).
    :param take: the widow cards it took, as many as it discarded.
    :raises PositionError: naming the field: the call's (:func:`call_hands`), ``discards`` (not
        1 to 4 cards of its hand), ``take`` (not as many as the discards, or not widow cards).
    """
    after_call = call_hands(game, deal, widow, declarer, called, given)
    widow_cards, holder = after_call.set_aside, after_call.holder
    deck = game.deck
    d = parse_seat("declarer", declarer, game.players)
    hands = list(after_call.hands)
    out = parse_cards("discards", discards, deck)
    if not 1 <= len(out) <= MOST_DISCARDS:
        raise PositionError(
            "discards", f"{len(out)} cards; the declarer discards 1 to {MOST_DISCARDS}"
        )
    for i, c in enumerate(out):
        if c not in hands[d]:
            raise PositionError(f"discards[{i}]", f"{c} is not in the declarer's hand ({hands[d]})")
    taken = parse_cards("take", take, deck)
    if len(taken) != len(out):
        raise PositionError(
            "take",
            f"{len(taken)} cards taken for {len(out)} discarded: the declarer takes as many "
            "widow cards as it discarded",
        )
    for i, c in enumerate(taken):
        if c not in widow_cards:
            raise PositionError(
                f"take[{i}]", f"{c} is not a widow card ({' '.join(w.text for w in widow_cards)})"
            )
    hands[d] = (hands[d] - CardSet(out)) | CardSet(taken)
    aside = (*out, *(c for c in widow_cards if c not in taken))
    return ExchangeResult(tuple(hands), aside, holder)


@dataclass(frozen=True)
class Exchange:
    """Calabrasella's steps between the deal and the play (``docs/rules.md#calabrasella-exchange``),
    as a history or a hand record gives them; checked when the opening position is made
    (:meth:`opening`).

    :ivar widow: the widow's four cards.
    :ivar declarer: the declaring seat.
    :ivar called: the card it named.
    :ivar given: the card it gave back to the called card's holder (None when in the widow).
    :ivar discards: the cards it discarded.
    :ivar take: the widow cards it took.
    """

    widow: Any
    declarer: Any
    called: Any
    given: Any
    discards: Any
    take: Any

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], game: Game, what: str) -> Exchange:
        """The fields of a parsed history or hand record (``what``, for the message).

        :raises PositionError: naming the first of ``widow``, ``declarer``, ``discards``,
            ``take`` that is missing.
        """
        for field in ("widow", "declarer", "discards", "take"):
            if field not in data:
                raise PositionError(
                    field,
                    f"is missing: {what} of {game.title} gives widow, declarer, called, given, "
                    "discards and take",
                )
        return cls(
            widow=data["widow"],
            declarer=data["declarer"],
            called=data.get("called"),
            given=data.get("given"),
            discards=data["discards"],
            take=data["take"],
        )

    def opening(self, game: Game, deal: Sequence[object], dealer: int) -> Position:
        """The opening lead after the call and the exchange (:func:`exchange_hands`, which
        checks every step): the hands that play and the four set-aside cards.

        :raises PositionError: naming the field of the first step that does not hold.
        """
        done = exchange_hands(
            game, deal, self.widow, self.declarer, self.called, self.given, self.discards,
            self.take,
        )  # fmt: skip
        return Position.from_deal(
            done.hands, dealer, game=game, declarer=self.declarer, set_aside=done.set_aside
        )

    def dealt_hands(self, opening: Position) -> list[CardSet]:
        """The hands as dealt, from the opening lead this exchange led to (the inverse of
        :meth:`opening`): the declarer's discards back and the widow cards it took out, then
        the called card back to the seat now holding the card given for it.

        :raises PositionError: if ``opening`` is not an opening lead of this exchange.
        """
        hands = list(opening.hands)
        d = self.declarer
        take = CardSet(Card(c) for c in self.take)
        discards = CardSet(Card(c) for c in self.discards)
        if not opening.first_trick or opening.trick or take - hands[d]:
            raise PositionError("exchange", "does not lead to this position's opening lead")
        hands[d] = (hands[d] - take) | discards
        if self.given is not None:
            given, called = Card(self.given), Card(self.called)
            holder = next(s for s in range(len(hands)) if given in hands[s])
            hands = _swapped(hands, holder, d, called, given)
        return hands

    def to_dict(self) -> dict[str, Any]:
        """The record's fields, cards as texts."""
        d: dict[str, Any] = {
            "widow": [Card(c).text for c in self.widow],
            "declarer": self.declarer,
            "called": Card(self.called).text,
        }
        if self.given is not None:
            d["given"] = Card(self.given).text
        d["discards"] = [Card(c).text for c in self.discards]
        d["take"] = [Card(c).text for c in self.take]
        return d


@dataclass(frozen=True)
class ExchangeChoice:
    """One choice of the declarer's exchange and its double-dummy value.

    :ivar keep: the 12 cards it plays with.
    :ivar discard: the cards it discards (1 to 4).
    :ivar take: the widow cards it takes (as many).
    :ivar value: the declarer's side's points with both sides playing their best from the
        opening lead (0 to 35; the set-aside cards scored by the game's rule).
    """

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    take: tuple[Card, ...]
    value: int

    def to_dict(self) -> dict[str, Any]:
        """``{"keep": [...], "discard": [...], "take": [...], "value": V}``."""
        return {
            "keep": [c.text for c in self.keep],
            "discard": [c.text for c in self.discard],
            "take": [c.text for c in self.take],
            "value": self.value,
        }


@dataclass(frozen=True)
class ExchangeAnalysis:
    """Every choice of the declarer's exchange, valued double-dummy (:func:`analyse_exchange`).

    :ivar declarer: the declaring seat.
    :ivar choices: every choice, best first (ties in the order of the choices).
    :ivar nodes: search nodes visited, in all.
    :ivar seconds: wall time.
    """

    declarer: int
    choices: tuple[ExchangeChoice, ...]
    nodes: int
    seconds: float

    @property
    def best(self) -> ExchangeChoice:
        """The first best choice."""
        return self.choices[0]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``ciapano exchange --json``: ``{"declarer", "choices": [...],
        "best": {...}, "nodes", "seconds"}``."""
        return {
            "declarer": self.declarer,
            "choices": [c.to_dict() for c in self.choices],
            "best": self.best.to_dict(),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }

    def __str__(self) -> str:
        best = self.best.value
        lines = [
            f"Seat {self.declarer} declares: {len(self.choices)} choices of discards and widow "
            f"cards, valued double-dummy (the declarer's points, both sides at their best).",
            "",
            "  value  discard       take          keep",
        ]
        shown = [c for c in self.choices if c.value >= best - 2][:20]
        for c in shown:
            lines.append(
                f"  {c.value:>5}  {' '.join(x.text for x in c.discard):<12}  "
                f"{' '.join(x.text for x in c.take):<12}  {' '.join(x.text for x in c.keep)}"
            )
        rest = len(self.choices) - len(shown)
        if rest:
            lines.append(f"  ... and {rest} more (--json lists every choice)")
        lines.append("")
        lines.append(f"Nodes: {self.nodes:,}    time: {self.seconds:.3f} s")
        return "\n".join(lines)


def exchange_choices(hand: CardSet, widow: Sequence[Card]) -> list[tuple[tuple[Card, ...], ...]]:
    """Every choice of the declarer: ``(discard, take)`` pairs, 1 to 4 cards of ``hand`` and as
    many of ``widow`` (1,819 for a hand of 12 and a widow of 4), fewest discards first."""
    cards = sorted(hand, key=lambda c: c.index)
    out: list[tuple[tuple[Card, ...], ...]] = []
    for k in range(1, min(MOST_DISCARDS, len(widow)) + 1):
        for discard in combinations(cards, k):
            for take in combinations(widow, k):
                out.append((discard, take))
    return out


#: This process's engine for the exchange it is valuing: ``(key, ExchangeSearch)``.  A worker
#: keeps it between jobs so that the choices of one exchange share one table (workers.py: memory
#: kept between jobs only for speed; a value never depends on it).
_KEPT: list[Any] = []


def _exchange_search(key: tuple[Any, ...]) -> ExchangeSearch:
    """The engine for ``key`` = (game, hands, widow, declarer, tt_mb): this process's kept one if
    it is for the same exchange, else a new one (which replaces it)."""
    if _KEPT and _KEPT[0][0] == key:
        return _KEPT[0][1]
    _KEPT.clear()
    search = ExchangeSearch(*key)
    _KEPT.append((key, search))
    return search


def _value_choices(job: tuple[Any, ...]) -> tuple[list[int], int]:
    """Worker job: the declarer's value of each choice of a chunk, and the nodes used (on this
    process's engine for the exchange: :class:`ciapano.engine.ExchangeSearch`)."""
    game, hands, widow, declarer, choices, tt_mb = job
    search = _exchange_search((game, hands, widow, declarer, tt_mb))
    before = search.nodes
    values = []
    guess = -1
    for discard, take in choices:
        played, aside = _played(hands, widow, declarer, discard, take)
        guess = search.declarer_value(played, aside, guess)
        values.append(guess)
    return values, search.nodes - before


#: Choices per worker job.
CHUNK = 128


def _counter(
    progress: Callable[[int, int], None] | None, total: int, size: Callable[[Any], int]
) -> Callable[[int, Any], None]:
    """An ``on_done`` for :func:`~ciapano.workers.ordered_map` that reports ``progress(done,
    total)``, each result counting ``size(result)``."""
    done = 0

    def on_done(index: int, result: Any) -> None:
        nonlocal done
        done += size(result)
        if progress is not None:
            progress(done, total)

    return on_done


def analyse_exchange(
    hands: Sequence[object],
    widow: object,
    declarer: int,
    game: Game | None = None,
    *,
    tt_mb: float = EXCHANGE_TT_MB,
    workers: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
) -> ExchangeAnalysis:
    """Value every choice of the declarer's exchange double-dummy
    (``docs/rules.md#calabrasella-exchange``): each way to discard 1 to 4 of its 12 cards and
    take as many widow cards, played from the opening lead (the seat after the declarer leads)
    by both sides at their best.

    :param hands: the three hands after the call (the called card in the declarer's hand).
    :param widow: the widow's four cards, face up.
    :param declarer: the declaring seat.
    :param game: the game (default ``Calabrasella()``; its ``set_aside`` rule scores the
        set-aside cards).
    :param tt_mb: memory of each search's transposition table, in MiB.
    :param workers: worker processes (None: every core); the values do not depend on it.
    :param progress: called as ``progress(done, total)`` as choices are valued.
    :returns: an :class:`ExchangeAnalysis`, best choice first; values are the declarer's
        points (0 to 35).
    :raises PositionError: naming ``hands``, ``widow`` or ``declarer`` for hands that are not
        12 cards each, a widow that does not complete the deck, or a declarer that is no seat.
    :raises OptionError: for a bad number of workers or table size.
    """
    from .games import Calabrasella

    start = time.perf_counter()
    game = Calabrasella() if game is None else game
    check_options(tt_mb=tt_mb)
    sets, widow_cards, d = _exchange_input(game, hands, widow, declarer)
    choices = exchange_choices(sets[d], widow_cards)
    chunks = [choices[i : i + CHUNK] for i in range(0, len(choices), CHUNK)]
    jobs = [(game, tuple(sets), widow_cards, d, chunk, tt_mb) for chunk in chunks]
    on_done = _counter(progress, len(choices), lambda result: len(result[0]))
    values: list[int] = []
    nodes = 0
    try:
        for chunk_values, chunk_nodes in ordered_map(
            _value_choices, jobs, workers=workers, on_done=on_done
        ):
            values += chunk_values
            nodes += chunk_nodes
    finally:
        _KEPT.clear()  # this process's table, when the jobs ran here
    valued = []
    for (discard, take), value in zip(choices, values, strict=True):
        keep = _kept(sets[d], discard, take)
        valued.append(ExchangeChoice(tuple(keep), discard, take, value))
    valued.sort(key=lambda c: -c.value)
    return ExchangeAnalysis(d, tuple(valued), nodes, time.perf_counter() - start)


def _file_game(data: Any, key: str, what: str, kind: str, gives: str) -> Game:
    """The game of a parsed ``exchange`` or ``call`` file (``what``; ``kind`` names the file,
    ``gives`` what it gives), its hands under ``key``.

    :raises PositionError: for a value that is no object, a missing ``key``, ``widow`` or
        ``declarer``, hands that are no list, or a game other than Calabrasella."""
    from .formats import file_game

    if not isinstance(data, dict):
        raise PositionError("", f"{kind} holds a JSON object")
    for field in (key, "widow", "declarer"):
        if field not in data:
            raise PositionError(field, f"is missing: {kind} {gives}")
    if not isinstance(data[key], list):
        raise PositionError(key, f"{data[key]!r} is not a list of hands")
    if data.get("game") != "calabrasella":
        raise PositionError(
            "game", f'{data.get("game")!r}: the {what} is Calabrasella\'s; give "calabrasella"'
        )
    return file_game(data, key)


def exchange_from_dict(data: Any) -> tuple[Game, tuple[CardSet, ...], tuple[Card, ...], int]:
    """What ``ciapano exchange`` reads: ``(game, hands, widow, declarer)`` from a parsed file
    that gives the declarer, the open ``"widow"`` and either the three ``"hands"`` after the
    call (12 cards each) or the history's ``"deal"`` with the call (``"called"``, ``"given"``),
    whose hands after the call are then taken (:func:`call_hands`); ``"game"`` is
    ``"calabrasella"`` and ``"rules"`` its options.

    :raises PositionError: naming the field of the first problem.
    """
    key = "deal" if isinstance(data, dict) and "deal" in data else "hands"
    game = _file_game(
        data, key, "exchange", "an exchange file",
        "gives the declarer, the widow and the hands after the call (or the deal and the call)",
    )  # fmt: skip
    if key == "deal":
        hands = call_hands(
            game, data["deal"], data["widow"], data["declarer"], data.get("called"),
            data.get("given"),
        ).hands  # fmt: skip
    else:
        hands = tuple(parse_card_set(f"hands[{i}]", h, game.deck) for i, h in enumerate(data[key]))
    widow_cards = parse_cards("widow", data["widow"], game.deck)
    return game, hands, widow_cards, parse_seat("declarer", data["declarer"], game.players)


def _exchange_input(
    game: Game, hands: object, widow: object, declarer: object
) -> tuple[list[CardSet], tuple[Card, ...], int]:
    """The checked hands after the call, widow and declarer of an exchange analysis.

    :raises PositionError: naming ``hands``, ``widow`` or ``declarer``."""
    sets, widow_cards = _hands_and_widow(game, hands, widow, "hands")
    return sets, widow_cards, parse_seat("declarer", declarer, game.players)


def _played(
    hands: Sequence[CardSet], widow: Sequence[Card], declarer: int, discard: Any, take: Any
) -> tuple[list[CardSet], tuple[Card, ...]]:
    """The hands and the set-aside cards of one choice of the exchange."""
    played = list(hands)
    played[declarer] = _kept(hands[declarer], discard, take)
    return played, (*discard, *(c for c in widow if c not in take))


def _kept(hand: CardSet, discard: Any, take: Any) -> CardSet:
    """The declarer's hand after discarding ``discard`` and taking ``take``."""
    return (hand - CardSet(discard)) | CardSet(take)


def _promise(game: Game, choice: tuple[tuple[Card, ...], ...]) -> int:
    """How promising a choice looks, for the order of the search for the best one: the points
    and ranks it takes less those it discards (only an order)."""
    discard, take = choice
    return sum(3 * game.card_points(c) + c.rank for c in take) - sum(
        3 * game.card_points(c) + c.rank for c in discard
    )


def _best_choice(
    search: ExchangeSearch,
    game: Game,
    hands: Sequence[CardSet],
    widow: Sequence[Card],
    declarer: int,
) -> tuple[int, tuple[Card, ...], tuple[Card, ...]]:
    """The best choice of the exchange and its value, by one null-window search a choice ("more
    than the best so far?") in the order of :func:`_promise`, the first choice of the order
    and each that passes solved exactly."""
    choices = exchange_choices(hands[declarer], widow)
    choices.sort(key=lambda ch: -_promise(game, ch))
    best = -1
    best_choice = choices[0]
    for discard, take in choices:
        played, aside = _played(hands, widow, declarer, discard, take)
        if best < 0 or search.declarer_at_least(played, aside, best + 1):
            best = search.declarer_value(played, aside, best + 1 if best >= 0 else -1)
            best_choice = (discard, take)
    return best, best_choice[0], best_choice[1]


def best_exchange(
    hands: Sequence[object],
    widow: object,
    declarer: int,
    game: Game | None = None,
    *,
    tt_mb: float = EXCHANGE_TT_MB,
) -> ExchangeChoice:
    """The declarer's best exchange and its value (the first best in an order of promise), found
    without valuing every choice: each choice is asked only whether it beats the best so far
    (one null-window search on one table for all: :class:`ciapano.engine.ExchangeSearch`).

    :param hands: the three hands after the call.
    :param widow: the widow's four cards.
    :param declarer: the declaring seat.
    :param game: the game (default ``Calabrasella()``).
    :raises PositionError: as :func:`analyse_exchange`.
    """
    from .games import Calabrasella

    game = Calabrasella() if game is None else game
    check_options(tt_mb=tt_mb)
    sets, widow_cards, d = _exchange_input(game, hands, widow, declarer)
    search = ExchangeSearch(game, tuple(sets), widow_cards, d, tt_mb)
    value, discard, take = _best_choice(search, game, sets, widow_cards, d)
    keep = _kept(sets[d], discard, take)
    return ExchangeChoice(tuple(keep), discard, take, value)


@dataclass(frozen=True)
class CallOption:
    """The best the declarer can do after naming one card (:func:`analyse_call`).

    :ivar called: the card named.
    :ivar holder: the seat that holds it (None: it is in the widow, and nothing changes hands).
    :ivar given: the card the declarer gives back to the holder (None when in the widow).
    :ivar exchange: the best exchange after it, with its value: the declarer's points.
    """

    called: Card
    holder: int | None
    given: Card | None
    exchange: ExchangeChoice

    @property
    def value(self) -> int:
        """The declarer's points, both sides at their best."""
        return self.exchange.value

    def to_dict(self) -> dict[str, Any]:
        """``{"called", "holder", "given", "value", "keep", "discard", "take"}``."""
        return {
            "called": self.called.text,
            "holder": self.holder,
            "given": None if self.given is None else self.given.text,
            **self.exchange.to_dict(),
        }


@dataclass(frozen=True)
class CallAnalysis:
    """Each card the declarer may name, with the best give-back and exchange after it, best
    first (:func:`analyse_call`).

    :ivar declarer: the declaring seat.
    :ivar options: one :class:`CallOption` a card it may name, best first.
    :ivar nodes: search nodes visited, in all.
    :ivar seconds: wall time.
    """

    declarer: int
    options: tuple[CallOption, ...]
    nodes: int
    seconds: float

    @property
    def best(self) -> CallOption:
        """The first best card to name."""
        return self.options[0]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``ciapano call --json``: ``{"declarer", "calls": [...], "best",
        "nodes", "seconds"}``."""
        return {
            "declarer": self.declarer,
            "calls": [o.to_dict() for o in self.options],
            "best": self.best.to_dict(),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }

    def __str__(self) -> str:
        lines = [
            f"Seat {self.declarer} declares: the best give-back and exchange after each card it "
            "may name (the declarer's points, both sides at their best).",
            "",
            "  called  holder  given  value  discard       take",
        ]
        for o in self.options:
            e = o.exchange
            lines.append(
                f"  {o.called.text:<6}  {'widow' if o.holder is None else o.holder:>6}  "
                f"{o.given.text if o.given is not None else '-':<5}  {o.value:>5}  "
                f"{' '.join(c.text for c in e.discard):<12}  {' '.join(c.text for c in e.take)}"
            )
        lines += ["", f"Nodes: {self.nodes:,}    time: {self.seconds:.3f} s"]
        return "\n".join(lines)


def _best_after_call(job: tuple[Any, ...]) -> tuple[int, tuple[Card, ...], tuple[Card, ...], int]:
    """Worker job: the best exchange after one call and give-back, and the nodes used."""
    game, hands, widow, declarer, tt_mb = job
    search = ExchangeSearch(game, hands, widow, declarer, tt_mb)
    value, discard, take = _best_choice(search, game, hands, widow, declarer)
    return value, discard, take, search.nodes


def analyse_call(
    deal: Sequence[object],
    widow: object,
    declarer: int,
    game: Game | None = None,
    *,
    tt_mb: float = EXCHANGE_TT_MB,
    workers: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
) -> CallAnalysis:
    """For each card the declarer may name (``docs/rules.md#calabrasella-exchange``), the best
    card to give back and the best exchange after it, valued double-dummy: one step before
    :func:`analyse_exchange`.  Every give-back (each of the declarer's cards) is tried, with
    the best exchange after it (:func:`best_exchange`'s search, one job each).

    :param deal: each seat's 12 dealt cards.
    :param widow: the widow's four cards (open: the analysis knows them).
    :param declarer: the declaring seat.
    :param game: the game (default ``Calabrasella()``).
    :param workers: worker processes (None: every core); the values do not depend on it.
    :param progress: called as ``progress(done, total)`` as give-backs are valued.
    :returns: a :class:`CallAnalysis`, the best card to name first.
    :raises PositionError: naming ``deal``, ``widow`` or ``declarer``.
    :raises OptionError: for a bad number of workers or table size.
    """
    from .games import Calabrasella

    start = time.perf_counter()
    game = Calabrasella() if game is None else game
    check_options(tt_mb=tt_mb)
    d = parse_seat("declarer", declarer, game.players)
    dealt, widow_cards = _hands_and_widow(game, deal, widow, "deal")
    keys: list[tuple[Card, int | None, Card | None]] = []
    jobs = []
    for card in callable_cards(dealt[d]):
        holder = next((s for s in range(game.players) if card in dealt[s]), None)
        if holder is None:
            # In the widow: nothing changes hands (the declarer may take it back).
            keys.append((card, None, None))
            jobs.append((game, tuple(dealt), widow_cards, d, tt_mb))
            continue
        for back in dealt[d]:
            keys.append((card, holder, back))
            hands = tuple(_swapped(dealt, d, holder, card, back))
            jobs.append((game, hands, widow_cards, d, tt_mb))
    on_done = _counter(progress, len(jobs), lambda result: 1)
    best: dict[Card, CallOption] = {}
    nodes = 0
    for (card, holder, back), job, (value, discard, take, n) in zip(
        keys, jobs, ordered_map(_best_after_call, jobs, workers=workers, on_done=on_done),
        strict=True,
    ):  # fmt: skip
        nodes += n
        if card not in best or value > best[card].value:
            hands = job[1]
            keep = _kept(hands[d], discard, take)
            best[card] = CallOption(
                card, holder, back, ExchangeChoice(tuple(keep), discard, take, value)
            )
    options = sorted(best.values(), key=lambda o: -o.value)
    return CallAnalysis(d, tuple(options), nodes, time.perf_counter() - start)


def call_from_dict(data: Any) -> tuple[Game, Any, Any, int]:
    """What ``ciapano call`` reads: ``(game, deal, widow, declarer)`` from a parsed file with
    ``"game": "calabrasella"``, the ``"deal"`` (12 cards a seat), the open ``"widow"`` and the
    ``"declarer"`` (a history's call and exchange, if given, are ignored).

    :raises PositionError: naming the field of the first problem.
    """
    game = _file_game(
        data, "deal", "call", "a call file", "gives the deal, the widow and the declarer"
    )
    _hands_and_widow(game, data["deal"], data["widow"], "deal")
    return game, data["deal"], data["widow"], parse_seat("declarer", data["declarer"], game.players)


@dataclass(frozen=True)
class DeclareEstimate:
    """Whether to declare with a hand (:func:`estimate_declaring`): the payment the declarer can
    expect, over deals of the other hands and the widow drawn uniformly, each played
    double-dummy after its best exchange.

    :ivar hand: the twelve cards.
    :ivar samples: deals drawn.
    :ivar points: the declarer's points in each deal (after its best exchange).
    :ivar mean_payment: the mean of what each defender pays the declarer (negative: the declarer
        pays each defender); passing pays 0.
    :ivar stderr: its standard error.
    :ivar ci95: its 95 % normal interval ``(low, high)``.
    :ivar nodes: search nodes visited, in all.
    :ivar seconds: wall time.
    :ivar seed: the generator's seed (the same seed gives the same deals).
    """

    hand: tuple[Card, ...]
    samples: int
    points: tuple[int, ...]
    mean_payment: float
    stderr: float
    ci95: tuple[float, float]
    nodes: int
    seconds: float
    seed: int

    @property
    def declare(self) -> bool:
        """Whether declaring pays more than passing on average (the mean payment above 0)."""
        return self.mean_payment > 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``ciapano sample --json`` for a hand before the bidding."""
        return {
            "hand": [c.text for c in self.hand],
            "samples": self.samples,
            "seed": self.seed,
            "mean_payment": round(self.mean_payment, 4),
            "stderr": round(self.stderr, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "declare": self.declare,
            "points": list(self.points),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }

    def __str__(self) -> str:
        low, high = self.ci95
        verdict = "declare" if self.declare else "pass"
        return (
            f"Declaring with {' '.join(c.text for c in self.hand)}: over {self.samples} deals of "
            f"the other hands and the widow (each after its best exchange, double-dummy), each "
            f"defender pays the declarer {self.mean_payment:+.2f} on average (95 % interval "
            f"{low:+.2f} to {high:+.2f}; passing pays 0): {verdict}.\n"
            f"Mean points {sum(self.points) / len(self.points):.2f} of 35.\n"
            f"Nodes: {self.nodes:,}    time: {self.seconds:.3f} s    seed: {self.seed}"
        )


def declaring_deal(
    game: Game, hand: CardSet, seed: int, index: int
) -> tuple[tuple[CardSet, ...], tuple[Card, ...]]:
    """Deal ``index`` of :func:`estimate_declaring` for ``seed``: the declaring seat 0 holds
    ``hand``; the unseen cards, shuffled uniformly (NumPy's generator seeded by ``(seed,
    index)``), give seats 1 and 2 twelve cards each and the widow the last four.  Returns the
    three hands and the widow."""
    import numpy as np  # (imported here: the package's positions must load without NumPy)

    unseen = [c for c in game.deck if c not in hand]
    order = np.random.default_rng([seed, index]).permutation(len(unseen))
    cards = [unseen[i] for i in order]
    size = game.hand_size
    hands = (hand, CardSet(cards[:size]), CardSet(cards[size : 2 * size]))
    return hands, tuple(cards[2 * size :])


def _declare_sample(job: tuple[Any, ...]) -> tuple[int, int, int]:
    """Worker job: one deal of the unseen cards, its best exchange's points, the payment and the
    nodes used."""
    game, hand, seed, index, tt_mb = job
    hands, widow = declaring_deal(game, hand, seed, index)
    search = ExchangeSearch(game, hands, widow, 0, tt_mb)
    points, discard, take = _best_choice(search, game, hands, widow, 0)
    _, aside = _played(hands, widow, 0, discard, take)
    total = game.hand_total(aside)  # 35, or less under the rule "none"
    return points, game.payment(points, total - points), search.nodes


def estimate_declaring(
    hand: object,
    samples: int = 20,
    seed: int | None = None,
    *,
    game: Game | None = None,
    tt_mb: float = EXCHANGE_TT_MB,
    workers: int | None = 1,
    progress: Callable[[int, int], None] | None = None,
) -> DeclareEstimate:
    """Should a seat declare with these twelve cards (``docs/rules.md#calabrasella-deal``)?  Draw
    the other two hands and the widow uniformly from the unseen cards (:func:`declaring_deal`),
    let the seat declare and
    make its best exchange (:func:`best_exchange`; the call is left out), play each deal
    double-dummy, and average the payment: what each defender pays the declarer, against 0 for
    passing.

    :param hand: the seat's twelve cards.
    :param samples: deals to draw (at least 2).
    :param seed: the generator's seed (None: fresh); deal ``i`` depends only on the seed and
        ``i``, so the results are the same for any number of workers.
    :param workers: worker processes (None: every core).
    :param progress: called as ``progress(done, total)`` as deals are valued.
    :returns: a :class:`DeclareEstimate`.
    :raises PositionError: naming ``hand`` for a hand that is not 12 cards of the deck.
    :raises OptionError: for a bad number of samples, workers or table size.
    """
    import numpy as np

    from .estimates import mean_estimate
    from .games import Calabrasella

    start = time.perf_counter()
    game = Calabrasella() if game is None else game
    check_options(tt_mb=tt_mb)
    cards = parse_card_set("hand", hand, game.deck)
    if len(cards) != game.hand_size:
        raise PositionError("hand", f"holds {len(cards)} cards; {game.title} deals 12 a seat")
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
        raise OptionError("samples", f"{samples!r} is not a number of samples >= 2")
    if seed is None:
        seed = int(np.random.SeedSequence().entropy % (1 << 63))
    jobs = [(game, cards, seed, i, tt_mb) for i in range(samples)]
    on_done = _counter(progress, samples, lambda result: 1)
    results = list(ordered_map(_declare_sample, jobs, workers=workers, on_done=on_done))
    payments = np.array([r[1] for r in results], dtype=float)
    estimate = mean_estimate(payments)
    return DeclareEstimate(
        hand=tuple(cards),
        samples=samples,
        points=tuple(r[0] for r in results),
        mean_payment=estimate.mean,
        stderr=estimate.stderr,
        ci95=(estimate.ci95.low, estimate.ci95.high),
        nodes=sum(r[2] for r in results),
        seconds=time.perf_counter() - start,
        seed=seed,
    )


def simple_call_and_exchange(
    game: Game, deal: Sequence[CardSet], widow: Sequence[Card], declarer: int
) -> dict[str, Any]:
    """A simple declarer's call and exchange, for random hand records (``ciapano deal``; not
    the best ones, which :func:`analyse_call` finds): it names the first card it may name (in
    display order), gives back its weakest card (fewest points, then lowest), and exchanges
    every widow card stronger than its weakest card for it, at least one.  Returns the record's
    fields: ``called``, ``given`` (absent when the called card is in the widow), ``discards``,
    ``take``.
    """

    def strength(card: Card) -> tuple[int, int]:
        return (game.card_points(card), int(card.rank))

    hand = deal[declarer]
    called = next(iter(callable_cards(hand)))
    fields: dict[str, Any] = {"called": called.text}
    holder = next((s for s in range(game.players) if called in deal[s]), None)
    if holder is not None:
        given = min(hand, key=strength)
        fields["given"] = given.text
        hand = hand.remove(given).add(called)
    mine = sorted(hand, key=strength)
    theirs = sorted(widow, key=strength, reverse=True)
    k = 1
    while k < min(MOST_DISCARDS, len(theirs)) and strength(theirs[k]) > strength(mine[k]):
        k += 1
    fields["discards"] = [c.text for c in mine[:k]]
    fields["take"] = [c.text for c in theirs[:k]]
    return fields
