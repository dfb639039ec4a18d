"""Hand records: a finished hand, its deal and its whole play (``docs/records.md``).

A hand record is the history form of a position file (``docs/positions.md``) with the whole play
(40 cards, 39 with 3 players), optionally the players' names and an id::

    {"id": "h1", "players": 4, "dealer": 3, "names": ["Anna", "Bruno", "Carla", "Dario"],
     "deal": [["3S", ...], ...], "play": ["5C", "7C", "2C", "4C", ...]}

A file of many records is JSON Lines: one record a line.  Every record is checked against the
schema (``$defs/record`` of the position schema) and by replaying its play; a problem raises a
:class:`RecordError` naming the record's id (and line, in a file), the card index and the
reason, e.g. ``line 3: record 'h3': play[12]: seat 2 must follow suit H with one of 3H 5H, not
play 7D``.  :func:`read_records` reports a bad line and goes on with the next one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from os import PathLike
from typing import IO, TYPE_CHECKING, Any

from .cards import Card
from .errors import CardError, PositionError, RecordError
from .formats import (
    file_game,
    is_game_branch,
    parse_json,
    raise_game_error,
    schema_error,
    schema_errors,
    source_text,
)
from .games import Game
from .position import Position
from .validate import game_for, parse_card, parse_cards

if TYPE_CHECKING:
    from .calabrasella import Exchange

__all__ = [
    "HandRecord",
    "RecordError",
    "dumps_record",
    "load_record",
    "loads_record",
    "read_records",
    "record_from_dict",
]

CardLike = Card | str | int


@dataclass(frozen=True)
class HandRecord:
    """A finished hand: who was dealt what, and every card played, in order.

    Built from its parts or from a parsed record (:func:`record_from_dict`); the play is checked
    card by card when it is built.

    :ivar deal: each seat's dealt cards, seats ``0..n-1`` in order of play (Ciapanò: 13 with
        3 players, the dealer possibly 14 with its discard; Busca: 10).
    :ivar dealer: the dealing seat; the seat after it leads the first trick.
    :ivar play: every card of the hand in order of play.
    :ivar discard: the 3-player dealer's discard (None otherwise).
    :ivar game: the :class:`~ciapano.Game` (default: Ciapanò for ``len(deal)`` players).
    :ivar names: the players' names, indexed by seat, or None.
    :ivar id: an identifier, or None.
    :ivar comment: free text, or None.
    :ivar stock: in a game with a stock (Kifameno), the undealt cards in order, top card first
        (None otherwise).
    :ivar exchange: in a game with a declarer (Calabrasella), the widow, the call and the
        exchange (:class:`ciapano.calabrasella.Exchange`; None otherwise); ``deal`` is then the
        deal before them.
    :ivar discards: in Piedicavallo tarocchi, the dealer's two discards (None otherwise);
        ``deal`` gives the dealer the 17 cards it was dealt.
    :raises RecordError: (a ``ValueError``) for a deal that is not a deal, an illegal card (its
        index in the play and the reason, the game's own rules included, such as Busca's
        first trick), a card played twice, a play that stops before the end of the hand, names
        that do not fit the seats.
    """

    deal: tuple[tuple[Card, ...], ...]
    dealer: int
    play: tuple[Card, ...]
    discard: Card | None = None
    game: Game | None = None
    names: tuple[str, ...] | None = None
    id: str | int | None = None
    comment: str | None = None
    stock: tuple[Card, ...] | None = None
    exchange: Exchange | None = None
    discards: tuple[Card, ...] | None = None
    _positions: tuple[Position, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rid = self.id
        try:
            if isinstance(self.deal, (str, bytes)) or not isinstance(self.deal, Sequence):
                raise PositionError("deal", f"{self.deal!r} is not a list of hands")
            game = game_for(len(self.deal), self.game, field="deal")
            deck = game.deck
            deal = tuple(
                parse_cards(f"deal[{s}]", h, deck, unique=False) for s, h in enumerate(self.deal)
            )
            play = parse_cards("play", self.play, deck, unique=False)
            discard = None if self.discard is None else parse_card("discard", self.discard, deck)
            stock = None if self.stock is None else parse_cards("stock", self.stock, deck)
            discards = None
            if game.needs_dealer:
                if self.discards is None:
                    raise PositionError(
                        "discards", f"is missing: a hand record of {game.title} gives them"
                    )
                discards = parse_cards("discards", self.discards, deck)
            elif self.discards is not None:
                raise PositionError("discards", f"given, but {game.title} has no dealer's discards")
            if game.has_declarer:
                opening = self._exchanged(game, deal)
            else:
                if self.exchange is not None:
                    raise PositionError(
                        "declarer", f"an exchange given, but {game.title} has no declarer"
                    )
                opening = Position.from_deal(
                    deal, self.dealer, discard, game, stock, set_aside=discards
                )
        except (PositionError, CardError) as e:
            raise RecordError(e.field, e.reason, rid) from None
        if self.names is not None:
            names = tuple(self.names)
            if len(names) != game.players or not all(isinstance(x, str) for x in names):
                raise RecordError(
                    "names", f"{list(names)!r} is not {game.players} names, one a seat", rid
                )
            object.__setattr__(self, "names", names)
        seen: dict[Card, int] = {}
        for i, c in enumerate(play):
            if c in seen:
                raise RecordError(
                    f"play[{i}]", f"card {c} appears twice: at play[{seen[c]}] and play[{i}]", rid
                )
            seen[c] = i
        positions = [opening]
        pos = opening
        for i, c in enumerate(play):
            try:
                pos = pos.play(c)
            except PositionError as e:
                raise RecordError(f"play[{i}]", e.reason, rid) from None
            positions.append(pos)
        if not pos.is_over():
            held = []
            for s, h in enumerate(pos.hands):
                held += [f"{c} (seat {s})" for c in h]
            raise RecordError(
                f"play[{len(play)}]",
                f"the play stops after {len(play)} cards, before the end of the hand; "
                f"still to play: {', '.join(held)}",
                rid,
            )
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "play", play)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "stock", stock)
        object.__setattr__(self, "discards", discards)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "_positions", tuple(positions))

    def _exchanged(self, game: Game, deal: Any) -> Position:
        """The opening lead of a hand with a declarer (:meth:`Exchange.opening
        <ciapano.calabrasella.Exchange.opening>`, each step checked)."""
        if self.exchange is None:
            raise PositionError(
                "declarer", f"is missing: a hand record of {game.title} gives its exchange"
            )
        return self.exchange.opening(game, deal, self.dealer)

    def __repr__(self) -> str:
        parts = [f"id={self.id!r}"] if self.id is not None else []
        parts += [f"players={self.players}", f"dealer={self.dealer}"]
        if self.names is not None:
            parts.append(f"names={list(self.names)!r}")
        parts.append(f"play=[{' '.join(c.text for c in self.play)}]")
        return f"HandRecord({', '.join(parts)})"

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.deal)

    @property
    def opening(self) -> Position:
        """The position at the opening lead."""
        return self._positions[0]

    @property
    def final(self) -> Position:
        """The position after the last card (the hand over)."""
        return self._positions[-1]

    def positions(self) -> tuple[Position, ...]:
        """Every position of the hand: before each card of :attr:`play`, then the end
        (``len(play) + 1`` positions)."""
        return self._positions

    @property
    def rules(self) -> Game:
        """The former name of :attr:`game`."""
        return self.game  # type: ignore[return-value]

    def score(self) -> list[int]:
        """Each seat's hand score in the game's value unit (Ciapanò: penalty points,
        ``docs/rules.md#ciapano-hand-score``; Busca: busche, ``docs/rules.md#busca-penalties``)."""
        return self.final.score()

    def name(self, seat: int) -> str:
        """The seat's name, or ``"seat N"``."""
        return self.names[seat] if self.names is not None else f"seat {seat}"

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (canonical card texts)."""
        d: dict[str, Any] = {}
        if self.id is not None:
            d["id"] = self.id
        d["players"] = self.players
        d["dealer"] = self.dealer
        if self.names is not None:
            d["names"] = list(self.names)
        d["deal"] = [[c.text for c in h] for h in self.deal]
        if self.discard is not None:
            d["discard"] = self.discard.text
        if self.stock is not None:
            d["stock"] = [c.text for c in self.stock]
        if self.exchange is not None:
            d.update(self.exchange.to_dict())
        if self.discards is not None:
            d["discards"] = [c.text for c in self.discards]
        d["play"] = [c.text for c in self.play]
        game = self.game
        assert game is not None
        if game.name != "ciapano":
            d = {"game": game.name, **d}
        if game.options != type(game).from_rules(game.players).options:
            d["rules"] = game.options
        if self.comment is not None:
            d["comment"] = self.comment
        return d


def record_from_dict(data: Mapping[str, Any]) -> HandRecord:
    """The hand record described by a parsed JSON object.

    :raises RecordError: naming the record's id, the field (``play[i]`` for a card) and the
        reason of the first problem.
    """
    if not isinstance(data, Mapping):
        raise RecordError("", f"a hand record is a JSON object, not {type(data).__name__}")
    rid = data.get("id")
    if not isinstance(rid, (str, int)) or isinstance(rid, bool):
        rid = None
    try:
        errors = schema_errors("record", data)
    except PositionError as e:
        raise RecordError(e.field, e.reason, rid) from None
    if errors:
        if any(is_game_branch(e) for e in errors):
            try:
                raise_game_error(data, "deal")
            except PositionError as e:
                raise RecordError(e.field, e.reason, rid) from None
        e = schema_error(errors[0], "record")
        raise RecordError(e.field, e.reason, rid)
    try:
        game = file_game(data, "deal")
    except PositionError as e:
        raise RecordError(e.field, e.reason, rid) from None
    exchange = None
    if game.has_declarer:
        from .calabrasella import Exchange  # (here: the other games' records need none of it)

        try:
            exchange = Exchange.from_dict(data, game, "a hand record")
        except PositionError as e:
            raise RecordError(e.field, e.reason, rid) from None
    return HandRecord(
        deal=data["deal"],
        dealer=data["dealer"],
        play=data["play"],
        discard=data.get("discard"),
        game=game,
        names=data.get("names"),
        id=data.get("id"),
        comment=data.get("comment"),
        stock=data.get("stock"),
        exchange=exchange,
        discards=data.get("discards") if game.needs_dealer else None,
    )


#: Said of a record file that holds more than one JSON value.
_MANY_RECORDS = " (a file of many records, one a line, is read with --batch / read_records)"


def loads_record(text: str | bytes) -> HandRecord:
    """The hand record in a JSON text.

    :raises RecordError: for text that is not JSON or not a valid record.
    """
    return record_from_dict(parse_json(text, RecordError, _MANY_RECORDS))


def load_record(source: str | PathLike[str] | IO[str]) -> HandRecord:
    """The hand record in a file (one JSON object), given as a path or an open text file.

    :raises RecordError: for a file that is not a valid record.
    :raises OSError: if the file cannot be read.
    """
    return loads_record(source_text(source))


def read_records(lines: Iterable[str]) -> Iterator[tuple[int, HandRecord | RecordError]]:
    """The records of a JSON Lines text (an open file or any iterable of lines), one a line,
    as ``(line, record)`` pairs (lines from 1; blank lines are skipped).  A bad line gives its
    :class:`RecordError` (located at the line) instead of a record, and reading goes on."""
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            yield number, record_from_dict(parse_json(text, RecordError, _MANY_RECORDS))
        except RecordError as e:
            yield number, e.at_line(number)


def dumps_record(record: HandRecord) -> str:
    """The record as one line of JSON (a line of a JSON Lines file, without the newline)."""
    return json.dumps(record.to_dict(), ensure_ascii=False)
