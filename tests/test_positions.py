"""Every shipped position in positions/ loads, and solves to its recorded values.

The recorded values of endgames were computed by the pure-Python reference and the core together
(tools/record_positions.py); those of full deals by the core.  Full deals are solved card by
card for the seat to move (every seat's guarantee is checked on the endgames, where it is cheap).

Positions of a game the search core does not play yet (Busca) are checked against the reference
when they are small enough; their full deals carry no recorded values until the core plays them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ciapano
from ciapano import Busca, Card, CardSet, Ciapano, GameError, Suit
from ciapano.reference import reference_move_values, reference_value

POSITIONS = Path(__file__).resolve().parents[1] / "positions"


def _data(name: str) -> dict:
    return json.loads((POSITIONS / name).read_text(encoding="utf-8"))


def _is_view(path: Path) -> bool:
    """A seat's view with hidden hands as counts (tests/test_pimc.py reads those)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return any(isinstance(h, int) for h in data.get("hands", []))


FILES = sorted(p.name for p in POSITIONS.glob("*.json") if not _is_view(p))
RECORDED = [name for name in FILES if "expected" in _data(name)]


def test_the_shipped_set_is_complete():
    openings = set()
    for name in FILES:
        data = _data(name)
        pos = ciapano.load(POSITIONS / name)
        if "deal" in data and not data.get("play"):
            openings.add((pos.game.name, pos.players))
    assert openings >= {("ciapano", 3), ("ciapano", 4), ("ciapano", 5), ("busca", 4)}, (
        "a full deal from the opening lead for Ciapanò's 3, 4 and 5 players and for Busca"
    )
    assert len(FILES) >= 11
    games = {ciapano.load(POSITIONS / name).game.name for name in FILES}
    assert games == {"ciapano", "busca"}


def test_only_games_without_an_engine_lack_recorded_values():
    for name in set(FILES) - set(RECORDED):
        assert not isinstance(ciapano.load(POSITIONS / name).game, Ciapano), name


@pytest.mark.parametrize("name", RECORDED)
def test_position_solves_to_its_recorded_values(name):
    data = _data(name)
    expected = data["expected"]
    pos = ciapano.load(POSITIONS / name)
    full_deal = "deal" in data and not data.get("play")
    try:
        result = ciapano.solve(pos, all_seats=not full_deal)
    except GameError as e:
        # No search engine for this game yet: the reference checks what it can.
        assert "no search engine yet" in str(e)
        if pos.tricks_left > 3:
            pytest.skip(f"{pos.game.title}: no search engine yet, too large for the reference")
        moves = {c.text: v for c, v in reference_move_values(pos).items()}
        assert moves == expected["moves"]
        assert min(moves.values()) == expected["value"]
        assert [reference_value(pos, s) for s in range(pos.players)] == expected["seats"]
        return
    assert result.value == expected["value"]
    assert {c.text: v for c, v in result} == expected["moves"]
    if not full_deal:
        assert list(result.seats) == expected["seats"]
    # The line is legal and ends where the seat to move scores exactly the value.
    end = pos.play_all(result.line)
    assert end.is_over() and end.score()[result.perspective] == result.value


@pytest.mark.parametrize("name", FILES)
def test_position_round_trips_through_dumps(name):
    pos = ciapano.load(POSITIONS / name)
    assert ciapano.loads(ciapano.dumps(pos)) == pos


def test_the_busca_positions_show_the_first_trick_bans():
    opening = ciapano.load(POSITIONS / "busca_deal4_opening.json")
    assert opening.game == Busca() and opening.first_trick
    hand = opening.hands[opening.to_move]
    assert hand.suit(Suit.D) and hand - hand.suit(Suit.D)
    assert opening.legal_moves() == hand - hand.suit(Suit.D)
    first = ciapano.load(POSITIONS / "busca_first_trick.json")
    assert first.first_trick and first.trick
    hand = first.hands[first.to_move]
    assert Card("AD") in hand and not hand.suit(first.trick[0].suit)
    assert first.legal_moves() == hand - CardSet("AD")
    endgame = ciapano.load(POSITIONS / "busca_endgame4.json")
    assert not endgame.first_trick
    assert any(Card("AD") in h for h in endgame.hands)
