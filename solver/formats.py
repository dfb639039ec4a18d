"""Position files: JSON in a snapshot form or a history form (``docs/positions.md``).

``load``/``loads`` read a position, ``dump``/``dumps`` write one (always in the snapshot form).
The JSON Schema of the files ships with the package (:data:`SCHEMA_PATH`); every file is checked
against it and then for consistency, and every problem is reported as one
:class:`~ciapano.PositionError` whose message starts with the field, e.g.
``hands[1][3]: 'XS' is not a card: ...`` or ``play[12]: seat 2 must follow suit H ...``.

A file may also describe what one seat knows (an information set, ``docs/positions.md``, "A
seat's view"): a history or a snapshot with ``"view": SEAT``, or a snapshot whose hidden hands
are given as counts, with ``"voids"``.  ``load_view``/``loads_view``/``view_from_dict`` read it
as an :class:`~ciapano.InformationSet`; :func:`view_at` gives a seat's view before a card of a
hand record.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from functools import cache
from os import PathLike
from typing import IO, TYPE_CHECKING, Any

from .cards import Card, CardSet
from .errors import CardError, GameError, InformationSetError, PositionError
from .games import GAMES, Bridge, Game, counts_text, find_game
from .position import Position
from .validate import parse_card_set

if TYPE_CHECKING:
    from pathlib import Path

    import jsonschema

    from .calabrasella import Exchange
    from .sampling import InformationSet

__all__ = [
    "SCHEMA_PATH",
    "dump",
    "dumps",
    "from_dict",
    "load",
    "load_view",
    "loads",
    "loads_view",
    "schema",
    "schema_errors",
    "view_at",
    "view_from_dict",
]

# The schema is a file of the package, read beside this module rather than through
# importlib.resources and pathlib: their imports (about 15 ms) were a tenth of the command
# line's start (docs/speed.md, 2026-11-27).
_SCHEMA_FILE = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "schemata", "position.schema.json"
)


def __getattr__(name: str) -> Any:
    """:data:`SCHEMA_PATH`, made when first asked for (PEP 562), so that importing this
    module does not import :mod:`pathlib`."""
    if name == "SCHEMA_PATH":
        from pathlib import Path

        return Path(_SCHEMA_FILE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: Where the JSON Schema of position files is installed (a :class:`pathlib.Path`).
SCHEMA_PATH: Path


def source_text(source: str | PathLike[str] | IO[str]) -> str:
    """The text of a file given as a path (read as UTF-8) or as an open text file.

    :raises OSError: if the file cannot be read.
    """
    if hasattr(source, "read"):
        return source.read()  # type: ignore[union-attr]
    with open(source, encoding="utf-8") as f:  # type: ignore[arg-type]
        return f.read()


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of position files, as a dict."""
    return json.loads(source_text(_SCHEMA_FILE))


@cache
def schema_validator(form: str) -> jsonschema.protocols.Validator:
    """The JSON Schema validator of one form of the files (``"snapshot"``, ``"history"``,
    ``"view"`` or ``"record"``: a key of the schema's ``$defs``), made once per form.

    :raises KeyError: for a form the schema does not define.
    """
    import jsonschema  # here: its import (~0.1 s) is paid only to explain a failing file

    return jsonschema.Draft202012Validator(_form_schema(form))


def _form_schema(form: str) -> dict[str, Any]:
    """The schema of one form: its ``$defs`` entry, with the ``$defs`` its references need."""
    full = schema()
    sub = dict(full["$defs"][form])
    sub["$defs"] = full["$defs"]
    return sub


@cache
def _quick_validator(form: str) -> Any:
    """jsonschema-rs's validator of one form: the first pass of :func:`schema_errors`."""
    import jsonschema_rs

    return jsonschema_rs.Draft202012Validator(_form_schema(form))


_JSON_TYPES = (str, int, float, bool, type(None))

#: The reason given for JSON text nested deeper than Python's parser goes (about 1,000 levels).
NESTED_TOO_DEEP = "not readable JSON: arrays or objects nested too deeply"


def _plain_json(value: Any) -> bool:
    """Whether a value holds only what ``json.loads`` makes: dicts with string keys, lists,
    strings, numbers, booleans and None (jsonschema-rs reads a tuple as an array, where
    jsonschema, the reference, does not)."""
    todo = [value]  # (a loop, not recursion: a file may nest as deep as json.loads allows)
    while todo:
        item = todo.pop()
        kind = type(item)
        if kind is dict:
            if not all(type(k) is str for k in item):
                return False
            todo.extend(item.values())
        elif kind is list:
            todo.extend(item)
        elif kind not in _JSON_TYPES:
            return False
    return True


def schema_errors(form: str, data: Mapping[str, Any]) -> list[jsonschema.ValidationError]:
    """Every violation of the JSON Schema of one form of the files (see
    :func:`schema_validator`) by ``data``, shallowest first (then by path), but a bad
    ``"game"`` before all (the game decides what the other fields mean); ``[]`` if none.

    A file that passes jsonschema-rs's check (compiled, quick to import) has no violation and
    is not checked again; any other is checked by jsonschema, the reference, whose errors are
    returned (none if jsonschema-rs was stricter: its ``$`` does not match before a final
    newline).  So the command line imports jsonschema only to explain a failing file.

    :raises KeyError: for a form the schema does not define.
    :raises PositionError: (field ``""``) for data nested deeper than jsonschema can follow
        (Python's recursion limit: data made in Python, as JSON text that deep is not read).
    """
    whole = dict(data)
    if _plain_json(whole):
        try:
            if _quick_validator(form).is_valid(whole):
                return []
        except ValueError:  # what jsonschema-rs cannot convert (0.20: integers beyond 64 bits)
            pass
    try:
        return sorted(
            schema_validator(form).iter_errors(whole),
            key=lambda e: (
                list(e.absolute_path) != ["game"],
                len(e.absolute_path),
                list(map(str, e.absolute_path)),
            ),
        )
    except RecursionError:
        raise PositionError("", "arrays or objects nested too deeply to check") from None


def _path(parts: Any) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def schema_error(
    error: jsonschema.ValidationError, form: str, game: object = None
) -> PositionError:
    """One readable PositionError for a schema violation (``game``: the file's ``"game"``)."""
    field = _path(error.absolute_path)
    value = error.instance
    kind = error.validator
    if kind in ("oneOf", "anyOf") and error.context:
        # A hand is a list of cards or a count: report the problem of the branch that fits
        # the value's type.
        fitting = [e for e in error.context if e.validator != "type"]
        if fitting:
            return schema_error(min(fitting, key=lambda e: len(e.absolute_path)), form, game)
        message = f"{value!r} is neither a list of cards nor a number of cards"
    elif "propertyNames" in error.schema_path:
        message = f"{value!r} is not a seat: seats are 0..4"
    elif kind == "pattern" and error.validator_value == schema()["$defs"]["suit"]["pattern"]:
        message = f"{value!r} is not a suit: write S H D C (or ♠ ♥ ♦ ♣)"
    elif kind == "pattern" and error.validator_value == schema()["$defs"]["pbn"]["pattern"]:
        message = f"{value!r} is not a PBN deal: it starts with the first hand's seat and a colon"
    elif kind == "pattern":
        # Told in the terms of the file's deck (the tarocchi deck's cards are TarotCards, the
        # bridge deck's BridgeCards): the class of the deck's first card.
        kind_of_game = GAMES.get(game) if isinstance(game, str) else None
        read = type(Card(kind_of_game.card_base)) if kind_of_game is not None else Card
        try:
            read(value)
            message = f"{value!r} is not a card"
        except CardError as e:
            message = e.reason
    elif kind == "false":
        title = GAMES[game].title if isinstance(game, str) and game in GAMES else "this game"
        message = f"{value!r} given, but a file of {title} has no '{field}'"
    elif kind == "additionalProperties":
        known = sorted(error.schema.get("properties", {}))
        extra = sorted(set(value) - set(known)) if isinstance(value, dict) else []
        whole = "a hand record" if form == "record" else "a position file"
        where = whole if not field else f"'{field}'"
        if form == "history" and not field and {"hands", "leader"} & set(extra):
            message = f"{extra} are snapshot fields and this is a history ('deal') file"
        elif form == "snapshot" and not field and {"play", "dealer"} & set(extra):
            message = f"{extra} belong to the history form, which needs 'deal' and 'dealer'"
        else:
            message = f"unknown field(s) {extra} in {where}; known fields: {known}"
        field = field or ""
    elif kind == "required":
        missing = str(error.message).split("'")[1]
        field = f"{field}.{missing}" if field else missing
        message = "is missing"
    elif kind == "not":
        message = "give either 'won' or 'taken', not both"
        field = field or "taken"
    elif kind == "uniqueItems":
        # An entry that is no card (a list, an object: its type error is another of the
        # schema's errors) is told by its JSON text, which can be hashed.
        seen: set[str] = set()
        dupes = []
        every_card = True
        for v in value:
            try:
                key = Card(v).text
            except CardError:
                key = v if isinstance(v, str) else json.dumps(v, sort_keys=True)
                every_card = False
            if key in seen:
                dupes.append(key)
            seen.add(key)
        message = f"{'card(s)' if every_card else 'entries'} {dupes} appear twice"
    elif kind == "maxItems":
        message = f"{len(value)} entries given; at most {error.validator_value} fit here"
    elif kind == "minItems":
        message = f"{len(value)} entries given; at least {error.validator_value} are needed"
    elif kind == "enum":
        message = f"{value!r} is not one of {error.validator_value}"
    elif kind in ("minimum", "maximum"):
        message = f"{value!r} is out of range ({kind} {error.validator_value})"
    elif kind == "type":
        message = f"{value!r} is not of type {error.validator_value}"
    else:
        message = str(error.message)
    return PositionError(field, message)


def file_rules(data: Mapping[str, Any], cls: type[Game]) -> Any:
    """A file's ``"rules"`` object with the game's top-level options added (bridge's
    ``"trump"``, :attr:`Game.top_level_options <ciapano.Game.top_level_options>`).

    :raises PositionError: naming the option for one given in a game that has no such field, or
        given both at the top level and in ``"rules"`` with different values.
    """
    rules = data.get("rules")
    for kind in GAMES.values():
        for key in kind.top_level_options:
            if key in data and key not in cls.top_level_options:
                raise PositionError(
                    key, f"{data[key]!r} given, but {cls.title} has no {key} ({kind.title} has)"
                )
    extra = {k: data[k] for k in cls.top_level_options if k in data}
    if not extra:
        return rules
    if rules is None:
        return extra
    if not isinstance(rules, Mapping):
        return rules  # refused by the game (Game.from_rules)
    for key, value in extra.items():
        if key in rules and _option_text(rules[key]) != _option_text(value):
            raise PositionError(
                key, f"{value!r} given, but rules.{key} is {rules[key]!r}: give one of them"
            )
    return {**rules, **extra}


def _option_text(value: Any) -> Any:
    return value.strip().upper() if isinstance(value, str) else value


def file_game(data: Mapping[str, Any], key: str) -> Game:
    """The game of a parsed file (``"game"``, default ``"ciapano"``; ``"players"``; ``"rules"``,
    and a top-level option such as bridge's ``"trump"``), its ``key`` (``"hands"`` or
    ``"deal"``) holding one entry a seat (or in bridge a PBN deal string).

    :raises PositionError: naming ``game``, ``players``, the key, ``rules.KEY``, ``trump``,
        ``discard`` or ``stock`` for an unknown game, a number of seats it is not played by, an
        unknown or bad option, or a discard, a stock or a trump in a game without one; in a
        history, ``deal`` for a PBN string outside bridge, ``leader`` or ``dealer`` for a
        bridge history without exactly one of them or another game's history with a leader.
    """
    pbn = isinstance(data[key], str)
    n = 4 if pbn else len(data[key])
    players = data.get("players", n)
    if players != n:
        raise PositionError(key, f"{n} hands given but 'players' is {players}")
    try:
        cls = find_game(data.get("game", "ciapano"))
        if n not in cls.player_counts:
            counts = counts_text(cls.player_counts)
            raise PositionError(
                "players" if "players" in data else key,
                f"{n} {'players' if 'players' in data else 'hands'} given; {cls.title} is played "
                f"by {counts} players",
            )
        game = cls.from_rules(n, file_rules(data, cls))
    except GameError as e:
        raise PositionError(e.field, e.reason) from None
    if key == "deal":
        _check_opening(data, game, pbn)
    if "discard" in data and not game.has_discard:
        raise PositionError(
            "discard",
            f"{data['discard']!r} given, but {game} has no discard (only 3-player Ciapanò has one)",
        )
    if data.get("stock") and not game.has_stock:
        raise PositionError(
            "stock",
            f"{data['stock']!r} given, but {game} has no stock (only Kifameno with 2 or 3 "
            "players has one)",
        )
    if not game.has_declarer:
        for field in (
            "declarer",
            "set_aside",
            "widow",
            "called",
            "given",
            "discards",
            "take",
            "held",
        ):
            if field == "discards" and game.needs_dealer:
                continue  # Piedicavallo tarocchi's dealer's discards
            if field in data:
                raise PositionError(
                    field,
                    f"{data[field]!r} given, but {game} has no declarer nor exchange (only "
                    "Calabrasella has)",
                )
    return game


def _check_opening(data: Mapping[str, Any], game: Game, pbn: bool) -> None:
    """A history's deal and who leads first: a PBN deal string only in bridge; in bridge the
    ``"leader"`` or the ``"dealer"`` (one of them), in the other games the ``"dealer"``.

    :raises PositionError: naming ``deal``, ``leader`` or ``dealer``.
    """
    bridge = isinstance(game, Bridge)
    if pbn and not bridge:
        raise PositionError(
            "deal",
            f"{data['deal']!r} is a PBN deal string, which only bridge files give; give each "
            "seat's cards as a list",
        )
    if not bridge:
        if "leader" in data:
            raise PositionError(
                "leader",
                f"{data['leader']!r} given, but a history of {game.title} names the 'dealer' "
                "(the seat after it leads); 'leader' belongs to the snapshot form",
            )
        return
    if "leader" in data and "dealer" in data:
        raise PositionError(
            "dealer",
            f"{data['dealer']!r} given with 'leader': a bridge history names the seat that "
            "leads ('leader') or the dealer (the seat after it leads), not both",
        )
    if "leader" not in data and "dealer" not in data:
        raise PositionError(
            "leader", "is missing: a bridge history names the seat that leads the first trick"
        )


def _history_hands(data: Mapping[str, Any], game: Game) -> Any:
    """A history's ``"deal"``: each seat's cards as given, or a bridge PBN string's hands.

    :raises PositionError: naming ``deal`` for a PBN string that is not one.
    """
    deal = data["deal"]
    if not isinstance(deal, str):
        return deal
    try:
        return [h.texts() for h in Bridge.parse_pbn(deal)]
    except GameError as e:
        raise PositionError(e.field, e.reason) from None


def _bridge_history(data: Mapping[str, Any], game: Game) -> Position:
    """The opening of a bridge history: its deal (lists of cards or a PBN string, full hands
    or an ending's) with its ``"leader"`` on lead, or with ``"dealer"`` a full deal whose
    next seat leads.

    :raises PositionError: naming ``deal`` (``deal[i]``) or the seat's field.
    """
    deal = _history_hands(data, game)
    if "dealer" in data:
        return Position.from_deal(deal, data["dealer"], game=game)
    try:
        return Position(deal, data["leader"], game=game)
    except PositionError as e:
        if not e.field.startswith("hands"):
            raise
        # The deal's hands: named as the file names them.
        field = "deal" + e.field.removeprefix("hands")
        raise PositionError(field, e.reason.replace("hands[", "deal[")) from None


def _exchange(data: Mapping[str, Any], game: Game | None, what: str) -> Exchange | None:
    """The call and exchange of a history or hand record (``what``) of a game with a declarer
    (Calabrasella); None in the other games.

    :raises PositionError: naming a missing field (:meth:`Exchange.from_dict
        <ciapano.calabrasella.Exchange.from_dict>`).
    """
    if game is None or not game.has_declarer:
        return None
    from .calabrasella import Exchange  # here: the other games' files need none of it

    return Exchange.from_dict(data, game, what)


def _check(data: Mapping[str, Any]) -> tuple[str, Game]:
    """Check a parsed file against the schema; its form and game."""
    if not isinstance(data, Mapping):
        raise PositionError("", f"a position file holds a JSON object, not {type(data).__name__}")
    form = "history" if "deal" in data else "snapshot"
    if form == "snapshot" and ("dealer" in data or "play" in data) and "hands" not in data:
        raise PositionError(
            "deal", "is missing: a history file needs 'deal' and 'dealer' (and 'play')"
        )
    key = "deal" if form == "history" else "hands"
    errors = schema_errors(form, data)
    if errors:
        if any(is_game_branch(e) for e in errors):
            # A game's own constraints (its players, options, discard): said in its terms.
            raise_game_error(data, key)
        raise schema_error(errors[0], form, data.get("game"))
    game = file_game(data, key)
    if form == "snapshot" and not game.needs_dealer and "dealer" in data:
        # Only Piedicavallo tarocchi's snapshots name the dealer.
        raise PositionError(
            "", "['dealer'] belong to the history form, which needs 'deal' and 'dealer'"
        )
    return form, game


def is_game_branch(error: jsonschema.ValidationError) -> bool:
    """Whether a schema error comes from a game's own branch of the schema (if ... then, or the
    ``else`` of bridge's: a top-level trump, a PBN deal, a history's leader)."""
    return any(
        word in path
        for word in ("then", "else")
        for path in (error.absolute_schema_path, error.relative_schema_path)
    )


def raise_game_error(data: Mapping[str, Any], key: str) -> None:
    """Raise the game's own error for a file whose schema errors include a game's constraint,
    when the file's game fields can be read at all (else the schema's error is reported)."""
    value = data.get(key)
    if not isinstance(value, (list, str)) or not isinstance(data.get("game", "ciapano"), str):
        return
    if "players" in data and (
        isinstance(data["players"], bool) or not isinstance(data["players"], int)
    ):
        return
    if "rules" in data and not isinstance(data["rules"], Mapping):
        return
    file_game(data, key)


def _stock_size(stock: Any) -> int:
    """The number of cards of a view's stock: given as a number, or as cards (hidden from the
    viewer: only their number counts)."""
    if stock is None:
        return 0
    return stock if isinstance(stock, int) else len(stock)


def _counts(data: Mapping[str, Any]) -> list[int]:
    """The seats whose hands a snapshot gives as counts."""
    return [s for s, h in enumerate(data.get("hands", [])) if isinstance(h, int)]


def from_dict(data: Mapping[str, Any]) -> Position:
    """The position described by a parsed position file (snapshot or history form).

    A ``view`` field is ignored (the file is read as an open position); ``voids`` and ``gone``
    must agree with the hands.

    :param data: the JSON object as a dict.
    :raises PositionError: (a ``ValueError``) naming the field and value of the first problem,
        also for a seat's view whose hidden hands are counts (read it with :func:`load_view`).
    """
    form, game = _check(data)
    if form == "history":
        exchange = _exchange(data, game, "a history")
        if isinstance(game, Bridge):
            start = _bridge_history(data, game)
        elif exchange is not None:
            start = exchange.opening(game, data["deal"], data["dealer"])
        else:
            if game.needs_dealer and "discards" not in data:
                raise PositionError(
                    "discards", f"is missing: a history of {game.title} gives the dealer's two"
                )
            start = Position.from_deal(
                data["deal"], data["dealer"], data.get("discard"), game, data.get("stock"),
                set_aside=data.get("discards") if game.needs_dealer else None,
            )  # fmt: skip
        return start.play_all(data.get("play", []))
    counts = _counts(data)
    if counts:
        s = counts[0]
        raise PositionError(
            f"hands[{s}]",
            f"{data['hands'][s]} is a number of hidden cards: this file is a seat's view, not an "
            "open position; read it with ciapano.load_view (or 'ciapano sample')",
        )
    pos = Position(
        data["hands"],
        data["leader"],
        trick=data.get("trick", []),
        taken=data.get("taken"),
        won=data.get("won"),
        discard=data.get("discard"),
        game=game,
        tricks=data.get("tricks"),
        stock=data.get("stock"),
        declarer=data.get("declarer"),
        # Piedicavallo tarocchi's set-aside cards are the dealer's "discards".
        set_aside=data.get("discards" if game.needs_dealer else "set_aside"),
        dealer=data.get("dealer"),
    )
    if "gone" not in data and "voids" not in data:
        return pos
    # A snapshot of what a seat knows (docs/positions.md, "A seat's view"): its checks live in
    # the sampling module, imported only for such a file.
    from .sampling import cards_gone, check_voids, parse_suit

    if "gone" in data and CardSet(data["gone"]) != cards_gone(pos):
        raise PositionError(
            "gone",
            f"{data['gone']} are not the cards played in completed tricks ({cards_gone(pos)})",
        )
    voids = []
    for key, suits in data.get("voids", {}).items():
        seat = int(key)
        if seat >= pos.players:
            raise PositionError(f"voids.{key}", f"{seat} is not a seat of {pos.players} players")
        parsed = [parse_suit(f"voids.{key}", x) for x in suits]
        for suit in parsed:
            if suit not in game.deck.suits:
                raise PositionError(f"voids.{key}", f"{suit.name!r} is not a suit of {game.title}")
        voids.append((seat, parsed))
    check_voids(pos.hands, voids, PositionError)
    return pos


def view_from_dict(data: Mapping[str, Any], view: int | None = None) -> InformationSet:
    """What one seat knows, from a parsed position file (``docs/positions.md``, "A seat's view").

    - A history (``deal``, ``dealer``, ``play``): the viewer (default the seat to move) sees
      its cards, every card played and by whom, the voids this reveals, the discard if it
      dealt (:meth:`InformationSet.from_history`).
    - A snapshot whose hidden hands are counts (``"hands": [7, ["3S", ...], 7, 7]``), with
      ``won`` (or ``taken`` and ``gone``), the known ``discard`` and ``voids``
      (``{"2": ["H"]}``); the viewer is ``view``, or the one seat whose cards are given.
    - A snapshot with every hand open: the viewer (default the seat to move) sees its own
      cards, the others are hidden; the voids are those given and those of the current trick;
      a 3-player discard is unseen (a snapshot does not say who dealt).

    :param view: the viewing seat; overrides the file's ``view``.
    :raises PositionError: (a ``ValueError``) naming the field and value of the first problem;
        :class:`~ciapano.InformationSetError` for a view that is inconsistent (sizes that do not
        add up, voids no deal satisfies) or that names no seat.
    """
    from .sampling import InformationSet, parse_suit

    form, game = _check(data)
    n = game.players
    if view is None:
        view = data.get("view")
    if view is not None and (
        isinstance(view, bool) or not isinstance(view, int) or not 0 <= view < n
    ):
        raise InformationSetError("view", f"{view!r} is not a seat: seats are 0..{n - 1}")
    if form == "history":
        dealer = data.get("dealer")
        if dealer is None:
            # A bridge history names its leader: the seat before it dealt (a whole deal; the
            # view of an ending's history is refused for its short hands).
            dealer = (data["leader"] - 1) % n
        return InformationSet.from_history(
            _history_hands(data, game),
            dealer,
            data.get("play", []),
            view,
            discard=data.get("discard"),
            game=game,
            stock=data.get("stock"),
            exchange=_exchange(data, game, "a history"),
            discards=data.get("discards") if game.needs_dealer else None,
        )
    counts = _counts(data)
    voids = {
        int(k): [parse_suit(f"voids.{k}", x) for x in v] for k, v in data.get("voids", {}).items()
    }
    for key in voids:
        if key >= n:
            raise InformationSetError(f"voids.{key}", f"{key} is not a seat of {n} players")
    if not counts:
        if isinstance(data.get("stock"), int):
            raise InformationSetError(
                "stock",
                f"{data['stock']} is a number of hidden cards, but every hand is open: give the "
                "stock's cards, top card first",
            )
        pos = from_dict(data)
        return InformationSet.from_position(
            pos,
            pos.to_move if view is None else view,
            voids=voids,
            dealer_played=data.get("dealer_played"),
        )
    hands = data["hands"]
    if view is None:
        shown = [s for s in range(n) if s not in counts]
        if len(shown) != 1:
            raise InformationSetError(
                "view",
                f"is missing: the cards of seats {shown} are given; say whose view this is",
            )
        view = shown[0]
    if view in counts:
        shown = [s for s in range(n) if s not in counts]
        raise InformationSetError(
            f"hands[{view}]",
            f"{hands[view]} is a number of cards, but seat {view} is the viewer: its cards must "
            f"be given (this file gives the cards of seat(s) {shown})",
        )
    if "taken" in data and "gone" not in data and any(data["taken"]):
        raise InformationSetError(
            "gone",
            "is missing: with hidden hands as counts, say which cards were played in completed "
            "tricks ('won' per seat, or 'gone' with 'taken')",
        )
    info = InformationSet(
        view,
        hands[view],
        tuple(h if isinstance(h, int) else len(h) for h in hands),
        data["leader"],
        data.get("trick", []),
        taken=data.get("taken"),
        won=data.get("won"),
        gone=data.get("gone"),
        discard=data.get("discard"),
        voids=voids,
        game=game,
        tricks=data.get("tricks"),
        stock=_stock_size(data.get("stock")),
        declarer=data.get("declarer"),
        set_aside=data.get("discards" if game.needs_dealer else "set_aside"),
        held=data.get("held"),
        called=data.get("called"),
        dealer=data.get("dealer") if game.needs_dealer else None,
        discarded_trumps=data.get("discarded_trumps"),
        dealer_played=data.get("dealer_played"),
    )
    # Cards given for other seats than the viewer are hidden from it; they must be unseen cards.
    for s, h in enumerate(hands):
        if s != view and not isinstance(h, int):
            h = parse_card_set(f"hands[{s}]", h, game.deck, InformationSetError)
            extra = h - info.unseen
            if extra:
                raise InformationSetError(
                    f"hands[{s}]",
                    f"{extra} cannot be in seat {s}'s hand: seat {view} sees it elsewhere",
                )
            for suit in info.voids[s]:
                if h.suit(suit):
                    raise InformationSetError(
                        f"voids.{s}",
                        f"seat {s} holds {h.suit(suit)}, so it is not void in {suit.name}",
                    )
    return info


def view_at(record: Any, index: int) -> InformationSet:
    """The view of the seat that plays card ``index`` of a hand record, just before it plays:
    its cards, the cards played before and by whom, the voids they reveal, the hand sizes, the
    3-player discard if it dealt.  For scoring a card of a hand "with what the player could
    have known" (``ciapano.pimc_check(view_at(record, i), record.play[i])``).

    :param record: a history-form file as a dict (``deal``, ``dealer``, ``play``, and
        ``discard`` with 3 players), or an object with those attributes (and optionally
        ``rules``), such as a hand record.
    :param index: the index of the card in the play, ``0 <= index < len(play)``.
    :raises PositionError: for a record that is not a valid history, or an index out of range.
    """
    from .sampling import InformationSet

    if isinstance(record, Mapping):
        form, game = _check(record)
        if form != "history":
            raise PositionError("deal", "is missing: a hand record is in the history form")
        deal, dealer, play = record["deal"], record["dealer"], list(record.get("play", []))
        discard = record.get("discard")
        stock = record.get("stock")
        discards = record.get("discards")
    else:
        try:
            deal, dealer, play = record.deal, record.dealer, list(record.play)
        except AttributeError:
            raise PositionError(
                "", f"{type(record).__name__} is not a hand record (deal, dealer, play)"
            ) from None
        discard = getattr(record, "discard", None)
        game = getattr(record, "game", None)
        stock = getattr(record, "stock", None)
        discards = getattr(record, "discards", None)
    exchange = (
        getattr(record, "exchange", None)
        if not isinstance(record, Mapping)
        else _exchange(record, game, "a hand record")
    )
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(play):
        raise PositionError(
            "index", f"{index!r} is not a card of the play: indices run from 0 to {len(play) - 1}"
        )
    # The whole play is checked, so that card ``index`` is known to be legal.
    if exchange is not None:
        exchange.opening(game, deal, dealer).play_all(play)
    else:
        Position.from_deal(deal, dealer, discard, game, stock, set_aside=discards).play_all(play)
    return InformationSet.from_history(
        deal, dealer, play[:index], discard=discard, game=game, stock=stock, exchange=exchange,
        discards=discards,
    )  # fmt: skip


def parse_json(
    text: str | bytes, error: type[PositionError] = PositionError, extra_data_hint: str = ""
) -> Any:
    """The JSON value of ``text`` (``bytes`` must be UTF-8).

    :param error: the class raised (hand records: :class:`~ciapano.RecordError`).
    :param extra_data_hint: added to the message when the text holds more than one value.
    :raises PositionError: (or ``error``; field ``""``) for text that is not UTF-8 or not JSON,
        with the place.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise error("", f"not UTF-8 text: {e.reason} at byte {e.start}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        hint = extra_data_hint if e.msg == "Extra data" else ""
        raise error(
            "", f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}{hint}"
        ) from None
    except RecursionError:
        raise error("", NESTED_TOO_DEEP) from None
    return data


def loads(text: str | bytes) -> Position:
    """The position in a JSON text.

    :raises PositionError: for text that is not JSON or not a valid position.
    """
    return from_dict(parse_json(text))


def loads_view(text: str | bytes, view: int | None = None) -> InformationSet:
    """What one seat knows, from a JSON text (see :func:`view_from_dict`).

    :raises PositionError: for text that is not JSON or not a valid view.
    """
    return view_from_dict(parse_json(text), view)


def load_view(source: str | PathLike[str] | IO[str], view: int | None = None) -> InformationSet:
    """What one seat knows, from a file given as a path or an open text file (see
    :func:`view_from_dict`).

    :raises PositionError: for a file that is not a valid view.
    :raises OSError: if the file cannot be read.
    """
    return loads_view(source_text(source), view)


def load(source: str | PathLike[str] | IO[str]) -> Position:
    """The position in a file, given as a path or an open text file.

    :raises PositionError: for a file that is not a valid position.
    :raises OSError: if the file cannot be read.
    """
    return loads(source_text(source))


def dumps(position: Position) -> str:
    """The position as JSON text in the snapshot form, one field a line."""
    d = position.to_dict()
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in d.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def dump(position: Position, target: str | PathLike[str] | IO[str]) -> None:
    """Write the position as JSON (see :func:`dumps`) to a path or an open text file."""
    text = dumps(position)
    if hasattr(target, "write"):
        target.write(text)  # type: ignore[union-attr]
    else:
        with open(target, "w", encoding="utf-8") as f:  # type: ignore[arg-type]
            f.write(text)
