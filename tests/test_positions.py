"""Every shipped position in positions/ loads, and solves to its recorded values.

The recorded values of endgames were computed by the pure-Python reference and the core together
(tools/record_positions.py); those of full deals by the core.  Full deals are solved card by
card for the seat to move (every seat's guarantee is checked on the endgames, where it is cheap).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ciapano

POSITIONS = Path(__file__).resolve().parents[1] / "positions"


def _is_view(path: Path) -> bool:
    """A seat's view with hidden hands as counts (tests/test_pimc.py reads those)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return any(isinstance(h, int) for h in data.get("hands", []))


FILES = sorted(p.name for p in POSITIONS.glob("*.json") if not _is_view(p))


def test_the_shipped_set_is_complete():
    players = {}
    for name in FILES:
        data = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
        pos = ciapano.load(POSITIONS / name)
        if "deal" in data and not data.get("play"):
            players[pos.players] = name
    assert set(players) == {3, 4, 5}, "a full deal from the opening lead for 3, 4 and 5 players"
    assert len(FILES) >= 8


@pytest.mark.parametrize("name", FILES)
def test_position_solves_to_its_recorded_values(name):
    data = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
    expected = data["expected"]
    pos = ciapano.load(POSITIONS / name)
    full_deal = "deal" in data and not data.get("play")
    result = ciapano.solve(pos, all_seats=not full_deal)
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
