"""Tests of the position files: load/loads/dump/dumps/from_dict and the JSON Schema."""

from __future__ import annotations

import io
import json
import re
from collections import OrderedDict
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import (
    CARDS,
    DECK,
    CardSet,
    Ciapano,
    Position,
    PositionError,
    dump,
    dumps,
    from_dict,
    load,
    loads,
)

TEXTS = [c.text for c in CARDS]

# A 4-player snapshot: two cards each, seat 0 to lead.
HANDS = [["3S", "4H"], ["2S", "5H"], ["AS", "6H"], ["KS", "7H"]]
REST = Ciapano().points(DECK - CardSet([c for h in HANDS for c in h]))  # 26 thirds
SNAPSHOT = {"hands": HANDS, "leader": 0, "taken": [REST, 0, 0, 0]}

# A 4-player history: seat s is dealt every 4th card from CARDS[s], so every hand mixes suits.
DEAL = [[TEXTS[s + 4 * k] for k in range(10)] for s in range(4)]
HISTORY = {"deal": DEAL, "dealer": 3, "play": []}
# Seat 0 leads; seat 1 must follow its lead.
LEAD = DEAL[0][0]  # 4S
FOLLOW = [t for t in DEAL[1] if t[1] == LEAD[1]]  # seat 1's spades
OFF_SUIT = next(t for t in DEAL[1] if t[1] != LEAD[1])  # a seat-1 card of another suit
NOT_HELD = DEAL[2][0]  # a seat-2 card

DEAL3 = [TEXTS[0:13], TEXTS[13:26], TEXTS[26:40]]  # the dealer (seat 2) lists its discard


def _full_line() -> list[str]:
    """A legal play of the whole HISTORY deal."""
    pos = Position.from_deal(DEAL, 3)
    line = []
    while not pos.is_over():
        card = next(iter(pos.legal_moves()))
        line.append(card.text)
        pos = pos.play(card)
    return line


LINE = _full_line()


def _with(base: dict, **changes) -> dict:
    d = dict(base)
    for k, v in changes.items():
        if v is _DROP:
            d.pop(k, None)
        else:
            d[k] = v
    return d


_DROP = object()


# -- reading ------------------------------------------------------------------------------


def test_loads_a_snapshot() -> None:
    pos = loads(json.dumps(SNAPSHOT))
    assert pos == Position(HANDS, 0, taken=[REST, 0, 0, 0])
    assert pos.won is None
    assert loads(json.dumps(SNAPSHOT).encode()) == pos
    assert from_dict(SNAPSHOT) == pos
    assert from_dict(OrderedDict(SNAPSHOT)) == pos


def test_snapshot_defaults_and_optional_fields() -> None:
    text = json.dumps(
        {
            "game": "ciapano",
            "players": 4,
            "hands": [["4H"], ["2S", "5H"], ["AS", "6H"], ["KS", "7H"]],
            "leader": 0,
            "trick": ["3s"],
            "taken": [REST, 0, 0, 0],
            "rules": {"cappotto": "cards"},
            "id": "example-1",
            "comment": "free text",
            "expected": {"value": 3, "moves": {"2S": 3}, "perspective": 1},
        }
    )
    pos = loads(text)
    assert pos.trick == (ciapano.Card("3S"),)
    assert pos.to_move == 1
    assert pos.game == Ciapano(4, cappotto="cards")


def test_cards_in_files_may_use_lower_case_and_symbols() -> None:
    d = _with(SNAPSHOT, hands=[["3♠", "4h"], [" 2S ", "5♡"], ["a♠", "6H"], ["ks", "7♥"]])
    pos = from_dict(d)
    assert pos == from_dict(SNAPSHOT)
    assert json.loads(dumps(pos))["hands"] == [
        ["3S", "4H"],
        ["2S", "5H"],
        ["AS", "6H"],
        ["KS", "7H"],
    ]


def test_loads_a_history() -> None:
    moves = [LEAD, FOLLOW[0]]
    pos = from_dict(_with(HISTORY, play=moves))
    start = Position.from_deal(DEAL, 3)
    assert pos == start.play_all(moves)
    assert pos.won == start.play_all(moves).won
    assert from_dict(_with(HISTORY, play=_DROP)) == start
    assert start.leader == 0


def test_loads_a_three_player_history_with_the_discard_in_the_dealers_hand() -> None:
    pos = from_dict({"deal": DEAL3, "dealer": 2, "discard": TEXTS[39], "players": 3})
    assert pos.discard is CARDS[39]
    assert pos.hands[2] == CardSet(TEXTS[26:39])
    assert pos.leader == 0


def test_load_from_a_path_and_an_open_file(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(SNAPSHOT), encoding="utf-8")
    expected = from_dict(SNAPSHOT)
    assert load(path) == expected
    assert load(str(path)) == expected
    with path.open(encoding="utf-8") as f:
        assert load(f) == expected
    assert load(io.StringIO(json.dumps(HISTORY))) == Position.from_deal(DEAL, 3)


def test_load_of_a_missing_file_raises_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        load(tmp_path / "nope.json")


# -- writing and round trips ------------------------------------------------------------------


def _positions() -> list[Position]:
    start = Position.from_deal(DEAL, 3)
    line = []
    pos = start
    for _ in range(13):
        card = next(iter(pos.legal_moves()))
        line.append(card)
        pos = pos.play(card)
    mid = pos
    while not pos.is_over():
        pos = pos.play(list(pos.legal_moves())[-1])
    three = Position.from_deal(DEAL3, 2, TEXTS[39], Ciapano(3, cappotto="off"))
    five = Position.from_deal([TEXTS[s::5] for s in range(5)], 0)
    return [
        from_dict(SNAPSHOT),
        from_dict(SNAPSHOT).play("3S"),
        start,
        mid,
        pos,
        three,
        three.play_all(list(three.legal_moves())[:1]),
        five,
        Position(mid.hands, mid.leader, mid.trick, taken=mid.taken),
    ]


@pytest.mark.parametrize("index", range(9))
def test_dumps_loads_round_trip(index: int) -> None:
    pos = _positions()[index]
    text = dumps(pos)
    back = loads(text)
    assert back == pos
    assert back.won == pos.won
    assert back.game == pos.game
    assert back.discard == pos.discard
    assert dumps(back) == text


def test_dumps_writes_one_field_a_line() -> None:
    pos = _positions()[3]
    text = dumps(pos)
    data = json.loads(text)
    lines = text.splitlines()
    assert lines[0] == "{" and lines[-1] == "}"
    assert len(lines) == len(data) + 2
    assert text.endswith("}\n")
    assert set(data) == {"game", "players", "hands", "leader", "trick", "won", "rules"}
    assert data["players"] == 4
    assert data["game"] == "ciapano"


def test_dump_to_a_path_and_an_open_file(tmp_path: Path) -> None:
    pos = _positions()[1]
    path = tmp_path / "out.json"
    dump(pos, path)
    assert path.read_text(encoding="utf-8") == dumps(pos)
    assert load(path) == pos
    buf = io.StringIO()
    dump(pos, buf)
    assert buf.getvalue() == dumps(pos)


# -- the schema --------------------------------------------------------------------------------


def test_schema_is_shipped_and_valid() -> None:
    path = Path(ciapano.SCHEMA_PATH)
    assert path.is_file()
    s = ciapano.schema()
    assert s == json.loads(path.read_text(encoding="utf-8"))
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(s)


@pytest.mark.parametrize("index", range(9))
def test_schema_validates_dumped_positions(index: int) -> None:
    validator = jsonschema.Draft202012Validator(ciapano.schema())
    validator.validate(json.loads(dumps(_positions()[index])))


def test_schema_validates_history_files_and_rejects_bad_ones() -> None:
    validator = jsonschema.Draft202012Validator(ciapano.schema())
    validator.validate(_with(HISTORY, play=[LEAD, FOLLOW[0]]))
    validator.validate({"deal": DEAL3, "dealer": 2, "discard": TEXTS[39]})
    assert not validator.is_valid(_with(SNAPSHOT, hands=[["XS"], [], [], []]))
    assert not validator.is_valid(_with(SNAPSHOT, won=[[], [], [], []]))
    assert not validator.is_valid(_with(HISTORY, hands=HANDS))
    assert not validator.is_valid({"leader": 0})


# -- bad files ------------------------------------------------------------------------------------

_TAKEN_OK = [REST, 0, 0, 0]

BAD = [
    # id, file (text or dict), field, mention
    ("not JSON", "{", "", "line 1 column"),
    ("not JSON, trailing comma", '{"hands": [],}', "", "not valid JSON"),
    ("empty text", "", "", "not valid JSON"),
    ("not an object", "[1, 2]", "", "list"),
    ("a string", '"hands"', "", "str"),
    ("unknown field", _with(SNAPSHOT, foo=1), "", "'foo'"),
    ("missing hands", _with(SNAPSHOT, hands=_DROP), "hands", "missing"),
    ("missing leader", _with(SNAPSHOT, leader=_DROP), "leader", "missing"),
    ("missing dealer", _with(HISTORY, dealer=_DROP), "dealer", "missing"),
    ("bad card in hands", _with(SNAPSHOT, hands=[["3S", "XS"], *HANDS[1:]]), "hands[0][1]", "'XS'"),
    ("bad card in trick", _with(SNAPSHOT, trick=["QQ"]), "trick[0]", "'QQ'"),
    ("bad card in play", _with(HISTORY, play=[LEAD, "1S"]), "play[1]", "'1S'"),
    ("bad card in discard", _with(SNAPSHOT, discard="9C"), "discard", "'9C'"),
    ("bad card in deal", _with(HISTORY, deal=[*DEAL[:3], [*DEAL[3][:9], "ZZ"]]), "deal[3][9]",
     "'ZZ'"),
    ("card given as a number", _with(SNAPSHOT, trick=[9]), "trick[0]", "9"),
    ("players mismatch", _with(SNAPSHOT, players=3), "hands", "3"),
    ("players mismatch, history", _with(HISTORY, players=5), "deal", "5"),
    ("players 6", _with(SNAPSHOT, players=6), "players", "6"),
    ("six hands", _with(SNAPSHOT, hands=[["3S"]] * 6), "hands", "6"),
    ("two hands", _with(SNAPSHOT, hands=[["3S"], ["2S"]]), "hands", "2"),
    ("leader out of schema range", _with(SNAPSHOT, leader=5), "leader", "5"),
    ("leader not a seat", _with(SNAPSHOT, leader=4), "leader", "4"),
    ("leader negative", _with(SNAPSHOT, leader=-1), "leader", "-1"),
    ("leader a string", _with(SNAPSHOT, leader="0"), "leader", "'0'"),
    ("leader a bool", _with(SNAPSHOT, leader=True), "leader", "True"),
    ("dealer not a seat", _with(HISTORY, dealer=4), "dealer", "4"),
    ("dealer out of range", _with(HISTORY, dealer=7), "dealer", "7"),
    ("cappotto option unknown", _with(SNAPSHOT, rules={"cappotto": "nope"}), "rules.cappotto",
     "'nope'"),
    ("unknown rules key", _with(SNAPSHOT, rules={"target": 31}), "rules.target", "'target'"),
    ("unknown game", _with(SNAPSHOT, game="tressette"), "game", "'tressette'"),
    ("unknown game and nothing else", {"game": "tressette"}, "game", "'tressette'"),
    ("both won and taken", _with(SNAPSHOT, won=[[], [], [], []]), "taken", "won"),
    ("illegal play: not in hand", _with(HISTORY, play=[LEAD, NOT_HELD]), "play[1]", NOT_HELD),
    ("illegal play: not following suit", _with(HISTORY, play=[LEAD, OFF_SUIT]), "play[1]",
     OFF_SUIT),
    ("illegal play: after the hand", _with(HISTORY, play=[*LINE, LINE[0]]), "play[40]", LINE[0]),
    ("deal with wrong hand size", _with(HISTORY, deal=[DEAL[0][:9], *DEAL[1:]]), "deal[0]", "9"),
    ("deal with 14 cards for a seat that did not deal",
     {"deal": DEAL3, "dealer": 0, "discard": TEXTS[39]}, "deal[2]", "14"),
    ("3-player deal without discard", {"deal": [*DEAL3[:2], DEAL3[2][:13]], "dealer": 2},
     "discard", "3-player"),
    ("negative taken", _with(SNAPSHOT, taken=[REST + 1, -1, 0, 0]), "taken[1]", "-1"),
    ("taken too large", _with(SNAPSHOT, taken=[33, 0, 0, 0]), "taken[0]", "33"),
    ("taken not adding up", _with(SNAPSHOT, taken=[0, 0, 0, 0]), "taken", "[0, 0, 0, 0]"),
    ("taken a string", _with(SNAPSHOT, taken="26"), "taken", "'26'"),
    ("duplicate card in one hand", _with(SNAPSHOT, hands=[["3S", "3S"], *HANDS[1:]]), "hands[0]",
     "'3S'"),
    ("duplicate card in one hand, spelt differently",
     _with(SNAPSHOT, hands=[["3S", "3s"], *HANDS[1:]]), "hands[0][1]", "3S"),
    ("duplicate card across hands", _with(SNAPSHOT, hands=[["3S", "4H"], ["3S", "5H"],
     *HANDS[2:]]), "hands[1]", "3S"),
    ("hands not a list", _with(SNAPSHOT, hands="3S 2S"), "hands", "'3S 2S'"),
    ("trick too long", _with(SNAPSHOT, trick=["QS", "JS", "7S", "6S", "5S"]), "trick", "5"),
    ("trick card failed to follow suit",
     _with(SNAPSHOT, hands=[["4H"], ["2S"], ["AS", "6H"], ["KS", "7H"]], trick=["3S", "5H"]),
     "trick[1]", "5H"),
    ("3 players without discard", {"hands": [["3S"], ["2S"], ["AS"]], "leader": 0,
     "taken": [27, 0, 0]}, "discard", "3-player"),
    ("discard with 4 players", _with(SNAPSHOT, discard="7C", taken=[REST, 0, 0, 0]), "discard",
     "7C"),
    ("won missing cards", _with(SNAPSHOT, taken=_DROP, won=[[], [], [], []]), "won", "3H"),
    ("snapshot fields in a history", _with(HISTORY, hands=HANDS), "", "'hands'"),
    ("history fields in a snapshot", _with(SNAPSHOT, dealer=0), "", "'dealer'"),
    ("taken in a history", _with(HISTORY, taken=[0, 0, 0, 0]), "", "'taken'"),
    ("comment not text", _with(SNAPSHOT, comment=5), "comment", "5"),
    ("void contradicted by a hand", _with(SNAPSHOT, voids={"2": ["H"]}), "voids.2", "6H"),
    ("gone not the cards out of play", _with(SNAPSHOT, gone=["3C"]), "gone", "3C"),
    ("hidden hand in an open position", _with(SNAPSHOT, hands=[HANDS[0], 2, 2, 2]), "hands[1]",
     "load_view"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("data", "field", "mention"), [b[1:] for b in BAD], ids=[b[0] for b in BAD]
)
def test_bad_files(data, field: str, mention: str) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(PositionError) as e:
        loads(text)
    message = str(e.value)
    assert isinstance(e.value, ValueError)
    assert e.value.field == field
    if field:
        assert message.startswith(f"{field}: ")
    else:
        assert not message.startswith(":")
    assert mention in message
    assert "\n" not in message


def test_there_are_at_least_25_bad_files() -> None:
    assert len(BAD) >= 25
    assert len({b[0] for b in BAD}) == len(BAD)


def test_from_dict_rejects_non_mappings() -> None:
    with pytest.raises(PositionError) as e:
        from_dict([SNAPSHOT])  # type: ignore[arg-type]
    assert e.value.field == ""
    assert "list" in str(e.value)


def test_missing_deal_is_reported_as_missing_deal() -> None:
    with pytest.raises(PositionError) as e:
        loads(json.dumps(_with(HISTORY, deal=_DROP)))
    assert "deal" in str(e.value)
    assert e.value.field in ("", "deal")


def test_duplicate_card_in_a_deal_names_the_deal() -> None:
    deal = [DEAL[0], DEAL[1], DEAL[2], [*DEAL[3][:9], DEAL[0][0]]]
    with pytest.raises(PositionError) as e:
        loads(json.dumps(_with(HISTORY, deal=deal)))
    assert e.value.field == "deal[3]"
    assert DEAL[0][0] in str(e.value)
    assert "hands" not in str(e.value)


def test_discard_in_a_four_player_history_names_the_real_problem() -> None:
    with pytest.raises(PositionError) as e:
        loads(json.dumps(_with(HISTORY, discard="4C")))
    assert e.value.field == "discard"
    assert "hands" not in str(e.value)
    assert "3-player" in str(e.value)


def test_loads_of_bytes_that_are_not_utf8() -> None:
    with pytest.raises(PositionError):
        loads(b"\xff{}")


# -- the quick first pass of the schema check ---------------------------------------------------

POSITIONS_DIR = Path(__file__).resolve().parents[1] / "positions"
SHIPPED = sorted(POSITIONS_DIR.glob("*.json")) + sorted(POSITIONS_DIR.glob("*/*.json"))
# Values near the valid ones, so that mutated files fall on both sides of the schema: cards in
# every deck's text (and not quite), seats, counts, suits, the edges of 64-bit numbers.
NUMBERS = st.one_of(
    st.integers(-2, 40), st.sampled_from([2**63, 2**64, 10**30, -(2**63) - 1, 1.0, 2.5, -0.0])
)
# Cards of each deck and near misses; suits, seats, games, options; strings the patterns' ends
# must refuse.
CARDS_NEAR = ("KD", "kd", "3S", " 3S ", "10S", "1T", "21T", "22T", "FOOL", "fool", "KX", "♠3")
OTHER_NEAR = ("S", "H", "T", "NT", "0", "4", "5", "ciapano", "busca", "tarocchi", "bridge")
ENDS_NEAR = ("cappotto", "last-trick", "none", "KD\n", "4\n", "", "N:AKQ.. ...")
TEXTS_NEAR = st.sampled_from(CARDS_NEAR + OTHER_NEAR + ENDS_NEAR)
# Mostly down into the value, so that the leaves (cards, seats, counts) are reached.
DICT_ACTIONS = st.sampled_from(["into", "into", "into", "replace", "delete", "add"])
LIST_ACTIONS = st.sampled_from(
    ["into", "into", "into", "replace", "delete", "append", "copy", "extend"]
)
ADDED_KEYS = st.sampled_from(
    [
        "players",
        "game",
        "trick",
        "won",
        "taken",
        "stock",
        "rules",
        "view",
        "voids",
        "tricks",
        "discard",
        "declarer",
        "trump",
        "dealer",
        "zz",
    ]
)
LEAVES = st.one_of(st.none(), st.booleans(), NUMBERS, TEXTS_NEAR)
JSON_VALUES = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["0", "1", "x"]), inner, max_size=3)
    ),
    max_leaves=8,
)


def _form_of(path: Path, data: dict) -> str:
    if path.parent.name == "records":
        return "record"
    return "history" if "deal" in data else "snapshot"


def _mutate(data: Any, draw: Any, top: bool = False) -> Any:
    """The value with one place (a key of an object, an item of a list, or the whole value
    unless ``top``) replaced by a drawn value, deleted, or (in an object) added."""
    if isinstance(data, dict) and data and (top or draw(st.integers(0, 7))):
        key = draw(st.sampled_from(sorted(data)))
        action = draw(DICT_ACTIONS)
        out = dict(data)
        if action == "into":
            out[key] = _mutate(data[key], draw)
        elif action == "replace":
            out[key] = draw(JSON_VALUES)
        elif action == "delete":
            del out[key]
        else:  # a field of some game, maybe not this file's (its game's branch must refuse it)
            out[draw(ADDED_KEYS)] = draw(st.one_of(NUMBERS, TEXTS_NEAR, JSON_VALUES))
        return out
    if isinstance(data, list) and data and draw(st.integers(0, 7)):
        i = draw(st.integers(0, len(data) - 1))
        out = list(data)
        action = draw(LIST_ACTIONS)
        if action == "into":
            out[i] = _mutate(data[i], draw)
        elif action == "copy":  # a sibling's value: the same shape, maybe a repeated card
            out[i] = data[draw(st.integers(0, len(data) - 1))]
        elif action == "extend":  # past the list's length limits, with unrepeated items
            new = st.sampled_from(TEXTS) if isinstance(data[i], str) else NUMBERS
            out += draw(st.lists(new.filter(lambda x: x not in data), unique=True, max_size=12))
        elif action == "replace":
            out[i] = draw(JSON_VALUES)
        elif action == "delete":
            del out[i]
        else:
            out.append(draw(JSON_VALUES))
        return out
    if isinstance(data, (str, int)) and draw(st.integers(0, 3)):
        # a value of the same kind: a near-miss of a card, a suit, a count
        return draw(TEXTS_NEAR if isinstance(data, str) else NUMBERS)
    return draw(JSON_VALUES)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_schema_errors_agree_with_jsonschema_on_mutated_files(data: st.DataObject) -> None:
    # schema_errors lets a file pass on jsonschema-rs's check alone: it must never pass a file
    # that jsonschema (the reference) rejects, nor reject one it accepts.
    path = data.draw(st.sampled_from(SHIPPED))
    original = json.loads(path.read_text(encoding="utf-8"))
    form = _form_of(path, original)
    mutated = original
    for _ in range(data.draw(st.integers(1, 3))):
        mutated = _mutate(mutated, data.draw, top=True)
    reference = ciapano.formats.schema_validator(form).is_valid(mutated)
    assert (ciapano.formats.schema_errors(form, mutated) == []) == reference


def _loader_of(path: Path, data: dict) -> Any:
    if path.parent.name == "records":
        return ciapano.loads_record
    if path.parent.name == "puzzles":
        return ciapano.loads_puzzle
    return ciapano.loads_view if "view" in data else loads


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_files_load_or_raise_an_error_that_names_the_field(data: st.DataObject) -> None:
    # Whatever a file holds, reading it gives a position (record, puzzle) or one of the
    # package's errors (ValueError subclasses, the line the command line prints): never
    # another exception from the code that explains the schema's complaint.
    path = data.draw(st.sampled_from(SHIPPED))
    original = json.loads(path.read_text(encoding="utf-8"))
    mutated = original
    for _ in range(data.draw(st.integers(1, 3))):
        mutated = _mutate(mutated, data.draw, top=True)
    try:
        _loader_of(path, original)(json.dumps(mutated))
    except ciapano.CiapanoError as e:
        assert isinstance(e, ValueError) and str(e).strip()


def test_an_entry_repeated_that_is_no_card_is_named_in_the_error() -> None:
    # uniqueItems on a list holding lists: the repeated entries are told by their JSON text
    # (they were put in a set as they were: TypeError, unhashable list).
    bad = {**SNAPSHOT, "hands": [["3S", ["C"], ["C"], "3S"], *HANDS[1:]]}
    expected = """hands[0]: entries ['["C"]', '3S'] appear twice"""
    with pytest.raises(PositionError, match=re.escape(expected)):
        from_dict(bad)
    with pytest.raises(PositionError, match=re.escape("hands[0]: card(s) ['3S'] appear twice")):
        from_dict({**SNAPSHOT, "hands": [["3S", "3S", "4H"], *HANDS[1:]]})


def test_schema_errors_pass_every_shipped_file_and_read_tuples_as_the_reference_does() -> None:
    for path in SHIPPED:
        original = json.loads(path.read_text(encoding="utf-8"))
        assert ciapano.formats.schema_errors(_form_of(path, original), original) == [], path
    # jsonschema-rs would read a tuple as an array; jsonschema, the reference, does not.
    as_tuples = {**SNAPSHOT, "hands": tuple(tuple(h) for h in HANDS)}
    errors = ciapano.formats.schema_errors("snapshot", as_tuples)
    assert [e.validator for e in errors] == ["type"]


def test_deeply_nested_files_get_a_position_error() -> None:
    # Deeper than json.loads goes: its RecursionError is bad input, not a traceback.
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(PositionError, match="nested too deeply"):
        loads(f'{{"hands": {deep}, "leader": 0}}')
    with pytest.raises(ciapano.RecordError, match="nested too deeply"):
        ciapano.loads_record(f'{{"deal": {deep}, "dealer": 0, "play": []}}')
    # As deep as it reads (the check's first pass walks the data in a loop, not by recursion).
    nested = "[" * 200 + "]" * 200
    with pytest.raises(PositionError, match="hands"):
        loads(f'{{"hands": {nested}, "leader": 0}}')


def test_deeply_nested_data_gets_a_position_error() -> None:
    # Data made in Python may nest deeper than jsonschema, the reference that explains a
    # failing check, can follow: bad input all the same, not a RecursionError.
    deep: list[Any] = []
    inner = deep
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    with pytest.raises(PositionError, match="nested too deeply"):
        ciapano.from_dict({"hands": deep, "leader": 0})
    with pytest.raises(PositionError, match="nested too deeply"):
        ciapano.view_from_dict({"hands": deep, "leader": 0, "view": 0})
    with pytest.raises(ciapano.RecordError, match="nested too deeply"):
        ciapano.record_from_dict({"deal": deep, "dealer": 0, "play": []})
