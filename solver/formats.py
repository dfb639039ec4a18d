"""Position files: JSON in a snapshot form or a history form (``docs/positions.md``).

``load``/``loads`` read a position, ``dump``/``dumps`` write one (always in the snapshot form).
The JSON Schema of the files ships with the package (:data:`SCHEMA_PATH`); every file is checked
against it and then for consistency, and every problem is reported as one
:class:`~ciapano.PositionError` whose message starts with the field, e.g.
``hands[1][3]: 'XS' is not a card: ...`` or ``play[12]: seat 2 must follow suit H ...``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from os import PathLike
from pathlib import Path
from typing import IO, Any

import jsonschema

from .cards import Card, CardError
from .errors import PositionError
from .position import Position
from .rules import Rules, RulesError

__all__ = ["SCHEMA_PATH", "dump", "dumps", "from_dict", "load", "loads", "schema"]

#: Where the JSON Schema of position files is installed.
SCHEMA_PATH = Path(str(resources.files("ciapano") / "schema" / "position.schema.json"))


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of position files, as a dict."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@cache
def _validator(form: str) -> jsonschema.protocols.Validator:
    full = schema()
    sub = dict(full["$defs"][form])
    sub["$defs"] = full["$defs"]
    return jsonschema.Draft202012Validator(sub)


def _path(parts: Any) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _schema_error(error: jsonschema.ValidationError, form: str) -> PositionError:
    """One readable PositionError for a schema violation."""
    field = _path(error.absolute_path)
    value = error.instance
    kind = error.validator
    if kind == "pattern":
        try:
            Card(value)
            message = f"{value!r} is not a card"
        except CardError as e:
            message = str(e)
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
        seen: set[str] = set()
        dupes = []
        for v in value:
            try:
                key = Card(v).text
            except CardError:
                key = v
            if key in seen:
                dupes.append(key)
            seen.add(key)
        message = f"card(s) {dupes} appear twice"
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


def from_dict(data: Mapping[str, Any]) -> Position:
    """The position described by a parsed position file (snapshot or history form).

    :param data: the JSON object as a dict.
    :raises PositionError: (a ``ValueError``) naming the field and value of the first problem.
    """
    if not isinstance(data, Mapping):
        raise PositionError("", f"a position file holds a JSON object, not {type(data).__name__}")
    form = "history" if "deal" in data else "snapshot"
    if form == "snapshot" and ("dealer" in data or "play" in data) and "hands" not in data:
        raise PositionError(
            "deal", "is missing: a history file needs 'deal' and 'dealer' (and 'play')"
        )
    errors = sorted(
        _validator(form).iter_errors(dict(data)),
        key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))),
    )
    if errors:
        raise _schema_error(errors[0], form)
    key = "deal" if form == "history" else "hands"
    n = len(data[key])
    players = data.get("players", n)
    if players != n:
        raise PositionError(key, f"{n} hands given but 'players' is {players}")
    try:
        rules = Rules(players=n, game=data.get("game", "ciapano"), **data.get("rules", {}))
    except RulesError as e:
        raise PositionError("rules", str(e)) from None
    if form == "history":
        start = Position.from_deal(data["deal"], data["dealer"], data.get("discard"), rules)
        return start.play_all(data.get("play", []))
    return Position(
        data["hands"],
        data["leader"],
        trick=data.get("trick", []),
        taken=data.get("taken"),
        won=data.get("won"),
        discard=data.get("discard"),
        rules=rules,
    )


def loads(text: str | bytes) -> Position:
    """The position in a JSON text.

    :raises PositionError: for text that is not JSON or not a valid position.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise PositionError("", f"not UTF-8 text: {e.reason} at byte {e.start}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PositionError(
            "", f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}"
        ) from None
    return from_dict(data)


def load(source: str | PathLike[str] | IO[str]) -> Position:
    """The position in a file, given as a path or an open text file.

    :raises PositionError: for a file that is not a valid position.
    :raises OSError: if the file cannot be read.
    """
    if hasattr(source, "read"):
        return loads(source.read())  # type: ignore[union-attr]
    return loads(Path(source).read_text(encoding="utf-8"))  # type: ignore[arg-type]


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
        Path(target).write_text(text, encoding="utf-8")  # type: ignore[arg-type]
