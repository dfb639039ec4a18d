"""Hand records (``ciapano.records``): reading, writing, and the errors of bad records.

Every bad record must be reported with its id, the card index and the reason, and a bad line of
a JSON Lines file must not stop the lines after it.
"""

from __future__ import annotations

import json

import pytest

import ciapano
from ciapano import HandRecord, RecordError, dumps_record, loads_record, read_records
from ciapano.dealing import random_deal


def _record(players: int = 4, seed: int = 3, **extra) -> dict:
    """A whole hand of seeded random play, as a record dict."""
    pos = random_deal(players, seed)
    play = ciapano.play_out(pos, "random", seed)
    d = {
        "id": f"h{seed}",
        "players": players,
        "dealer": players - 1,
        "deal": [h.texts() for h in pos.hands],
        "play": [c.text for c in play],
    }
    if pos.discard is not None:
        d["discard"] = pos.discard.text
    d.update(extra)
    return d


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_record_round_trips(players: int) -> None:
    d = _record(players, names=[f"P{s}" for s in range(players)])
    rec = ciapano.record_from_dict(d)
    assert rec.id == d["id"] and rec.names == tuple(d["names"])
    assert len(rec.play) == 13 * 3 if players == 3 else len(rec.play) == 40
    assert loads_record(dumps_record(rec)) == rec
    assert rec.final.is_over()
    assert rec.score() == rec.opening.play_all(rec.play).score()
    assert sum(rec.score()) == 11 or 0 in rec.score()  # 11 a hand, or a cappotto
    assert len(rec.positions()) == len(rec.play) + 1
    assert rec.name(0) == "P0"


def test_three_players_with_the_discard_in_the_dealers_hand() -> None:
    d = _record(3)
    dealer = d["dealer"]
    d["deal"][dealer] = [*d["deal"][dealer], d["discard"]]
    rec = ciapano.record_from_dict(d)
    assert rec.opening.discard == ciapano.Card(d["discard"])
    assert len(rec.opening.hands[dealer]) == 13


def _error(d: dict) -> RecordError:
    with pytest.raises(RecordError) as info:
        ciapano.record_from_dict(d)
    return info.value


def test_an_illegal_card_names_the_record_the_index_and_the_rule() -> None:
    d = _record()
    pos = ciapano.record_from_dict(d).opening
    # Find a card where the seat to move could follow suit, and play another suit instead.
    for i, card in enumerate(d["play"]):
        if pos.trick:
            led = pos.trick[0].suit
            off = [c for c in pos.hands[pos.to_move] if c.suit != led]
            if off and pos.hands[pos.to_move].suit(led):
                j = d["play"].index(off[0].text)
                d["play"][i], d["play"][j] = d["play"][j], d["play"][i]
                break
        pos = pos.play(card)
    e = _error(d)
    assert e.record_id == "h3" and e.field == f"play[{i}]"
    assert str(e).startswith(f"record 'h3': play[{i}]: seat ")
    assert "must follow suit" in str(e)


def test_a_card_played_twice_and_a_missing_card() -> None:
    d = _record()
    twice = dict(d, play=[*d["play"][:7], d["play"][2], *d["play"][8:]])
    e = _error(twice)
    assert e.field == "play[7]"
    assert f"card {d['play'][2]} appears twice: at play[2] and play[7]" in str(e)
    short = dict(d, play=d["play"][:38])
    e = _error(short)
    assert e.field == "play[38]" and "stops after 38 cards" in str(e)
    for card in d["play"][38:]:
        assert card in str(e)


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"names": ["A", "B", "C"]}, "names", "not 4 names"),
        ({"colour": "red"}, "", "unknown field(s) ['colour'] in a hand record"),
        ({"dealer": 9}, "dealer", "out of range"),
        ({"play": None}, "play", "is not of type"),
        ({"deal": [["3S"], ["2S"], ["AS"], ["KS"]]}, "deal[0]", "holds 1 cards"),
        ({"deal": [["3S"]] * 4}, "deal[1]", "card 3S appears twice"),
    ],
)
def test_malformed_records(change: dict, field: str, words: str) -> None:
    e = _error({**_record(), **change})
    assert e.field == field
    assert words in str(e)
    assert "record 'h3'" in str(e)


def test_a_record_needs_its_play() -> None:
    d = _record()
    del d["play"]
    assert _error(d).field == "play"


def test_a_bad_line_is_reported_and_the_others_are_read() -> None:
    good = json.dumps(_record(seed=1))
    bad = _record(seed=2)
    bad["play"] = bad["play"][:10]
    lines = [good, "", json.dumps(bad), "{not json", json.dumps(_record(seed=4))]
    got = list(read_records(lines))
    assert [line for line, _ in got] == [1, 3, 4, 5]
    assert isinstance(got[0][1], HandRecord) and isinstance(got[3][1], HandRecord)
    assert isinstance(got[1][1], RecordError)
    assert str(got[1][1]).startswith("line 3: record 'h2': play[10]: ")
    assert str(got[2][1]).startswith("line 4: not valid JSON")


def test_many_records_in_one_file_are_read_with_read_records() -> None:
    text = json.dumps(_record(seed=1)) + "\n" + json.dumps(_record(seed=2)) + "\n"
    with pytest.raises(RecordError, match="read with --batch"):
        loads_record(text)


def test_the_shipped_records_are_valid() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "positions" / "records"
    single = ciapano.load_record(root / "hand4_record.json")
    assert single.players == 4 and single.names is not None
    with open(root / "hands4.jsonl", encoding="utf-8") as f:
        many = list(read_records(f))
    assert len(many) >= 3
    assert all(isinstance(r, HandRecord) for _, r in many)


# -- Busca ----------------------------------------------------------------------------------


def _busca_record(seed: int = 5) -> dict:
    pos = random_deal(seed=seed, game=ciapano.Busca())
    play = ciapano.play_out(pos, "random", seed)
    return {
        "id": f"b{seed}",
        "game": "busca",
        "players": 4,
        "dealer": 3,
        "deal": [h.texts() for h in pos.hands],
        "play": [c.text for c in play],
    }


def test_a_busca_record_round_trips() -> None:
    d = _busca_record()
    rec = ciapano.record_from_dict(d)
    assert rec.game == ciapano.Busca()
    assert rec.to_dict()["game"] == "busca" and "rules" not in rec.to_dict()
    assert loads_record(dumps_record(rec)) == rec
    assert rec.score() == rec.final.score()
    assert len(rec.play) == 40
    assert sum(rec.final.final_points()) == 37


def test_a_busca_record_that_breaks_a_first_trick_ban() -> None:
    d = _busca_record()
    lead_hand = [ciapano.Card(t) for t in d["deal"][0]]
    coins = [c for c in lead_hand if c.suit is ciapano.Suit.D]
    if not coins or len(coins) == 10:
        pytest.skip("the deal gives the leader no choice")
    d["play"] = [coins[0].text]
    e = _error(d)
    assert e.field == "play[0]" and e.record_id == "b5"
    assert "may not lead a coin" in str(e)
    # Read as Ciapanò the same lead is legal (and the play stops early).
    e = _error({**d, "game": "ciapano"})
    assert e.field == "play[1]"


@pytest.mark.parametrize(
    ("extra", "field"),
    [({"discard": "4C"}, "discard"), ({"rules": {"cappotto": "off"}}, "rules.cappotto")],
)
def test_bad_busca_records(extra: dict, field: str) -> None:
    d = _busca_record()
    d.update(extra)
    e = _error(d)
    assert e.field == field
    assert "Busca" in str(e)
