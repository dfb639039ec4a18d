"""Mattazza as data (docs/rules.md#mattazza): its points and game points, positions that know
the tricks each seat won (``won``, or ``taken`` with ``tricks``), files, views and the command
line.  The engine against the reference: tests/test_mattazza_engine.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import (
    CARDS,
    Card,
    GameError,
    InformationSet,
    Mattazza,
    Position,
    PositionError,
    mattazza_scores,
)
from ciapano.dealing import random_deal

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
ROOT = Path(__file__).resolve().parents[1]


def test_points_and_what_the_game_says() -> None:
    game = Mattazza()
    assert ciapano.find_game("Mattazza") is Mattazza
    assert (game.players, game.hand_size, game.deal_size) == (4, 10, 40)
    assert game.card_total == 32 and game.total_points == 35
    cards = ("3S", "2S", "AD", "KC", "QH", "JS", "7S", "4D")
    assert [game.card_points(Card(t)) for t in cards] == [1, 1, 3, 1, 1, 1, 0, 0]
    assert game.value_bounds == (0, 1) and game.counts_tricks and game.lower_is_better
    assert game.value_text(1) == "1 game point" and game.value_text(0) == "0 game points"
    assert repr(game) == "Mattazza()" and game.to_dict() == {
        "game": "mattazza", "players": 4, "rules": {},
    }  # fmt: skip
    with pytest.raises(GameError) as e:
        Mattazza(players=3)
    assert e.value.field == "players"
    with pytest.raises(GameError) as e:
        Mattazza.from_rules(rules={"cappotto": "all"})
    assert e.value.field == "rules.cappotto"


@pytest.mark.parametrize(
    ("points", "tricks", "scores"),
    [
        # The examples of docs/rules.md#mattazza-score.
        ([20, 8, 4, 3], [4, 2, 2, 2], [1, 0, 0, 0]),
        ([12, 12, 8, 3], [3, 3, 2, 2], [1, 1, 0, 0]),
        ([23, 12, 0, 0], [6, 3, 1, 0], [0, 0, 0, 1]),
        # Every seat won a trick: the most points score, all of a tie.
        ([9, 9, 9, 8], [2, 3, 3, 2], [1, 1, 1, 0]),
        ([35, 0, 0, 0], [7, 1, 1, 1], [1, 0, 0, 0]),
        # Some seats won no trick: they score, whatever the points.
        ([35, 0, 0, 0], [10, 0, 0, 0], [0, 1, 1, 1]),
        ([30, 5, 0, 0], [8, 2, 0, 0], [0, 0, 1, 1]),
    ],
)
def test_game_points(points, tricks, scores) -> None:
    assert mattazza_scores(points, tricks) == scores
    # The same through the game's hand score, the last trick's 3 taken from its winner.
    last = next(s for s in range(4) if tricks[s] and points[s] >= 3)
    taken = [p - 3 if s == last else p for s, p in enumerate(points)]
    assert Mattazza().hand_score(taken, last, tricks) == scores


@pytest.mark.parametrize(
    ("taken", "last", "tricks", "field"),
    [
        ([29, 0, 0, 0], 0, [10, 0, 0, 0], "taken"),  # 29 is not the deck's 32
        ([32, 0, 0, 0], 4, [10, 0, 0, 0], "last_trick"),
        ([32, 0, 0, 0], 0, None, "tricks"),  # Mattazza needs the tricks
        ([32, 0, 0, 0], 0, [9, 0, 0, 0], "tricks"),  # not 10 in all
        ([30, 2, 0, 0], 0, [10, 0, 0, 0], "tricks"),  # seat 1 has points on no trick
        ([32, 0, 0, 0], 1, [9, 0, 1, 0], "tricks"),  # the last trick's winner on no trick
    ],
)
def test_hand_score_rejects_bad_input(taken, last, tricks, field) -> None:
    with pytest.raises(GameError) as e:
        Mattazza().hand_score(taken, last, tricks)
    assert e.value.field == field


@settings(max_examples=40, **SETTINGS)
@given(data=st.data())
def test_a_random_hand_counts_its_tricks(data) -> None:
    order = data.draw(st.permutations(range(40)))
    game = Mattazza()
    pos = Position.from_deal(
        [[CARDS[i] for i in order[s * 10 : (s + 1) * 10]] for s in range(4)], 3, game=game
    )
    assert pos.tricks == (0, 0, 0, 0)
    while not pos.is_over():
        moves = list(pos.legal_moves())
        pos = pos.play(moves[data.draw(st.integers(0, len(moves) - 1))])
        assert pos.tricks == tuple(len(w) // 4 for w in pos.won)
    points = [t + 3 if s == pos.leader else t for s, t in enumerate(pos.taken)]
    assert pos.score() == mattazza_scores(points, pos.tricks)
    # As points and tricks, the same position and score.
    again = Position(pos.hands, pos.leader, taken=pos.taken, tricks=pos.tricks, game=game)
    assert again.score() == pos.score()
    assert ciapano.loads(ciapano.dumps(again)) == again


def test_positions_need_the_tricks_and_check_them() -> None:
    game = Mattazza()
    hands = [["3S"], ["2S"], ["AS"], ["KS"]]
    # 32 points in the deck, 6 in the hands: 26 taken in 9 tricks.
    pos = Position(hands, 0, taken=[20, 6, 0, 0], tricks=[5, 2, 2, 0], game=game)
    assert pos.tricks == (5, 2, 2, 0)
    assert "tricks=[5, 2, 2, 0]" in repr(pos) and "in 2 trick(s)" in str(pos)
    assert pos.to_dict()["tricks"] == [5, 2, 2, 0]
    assert eval(repr(pos), {"Position": Position, "Mattazza": Mattazza}) == pos
    assert pos != Position(hands, 0, taken=[20, 6, 0, 0], tricks=[5, 2, 1, 1], game=game)
    end = pos.play_all(["3S", "2S", "AS", "KS"])  # seat 0's 3S wins: seat 3 on no trick
    assert end.tricks == (6, 2, 2, 0)
    assert end.score() == [0, 0, 0, 1]
    for tricks, field, mention in [
        (None, "tricks", "is missing"),
        ([5, 2, 2], "tricks", "3 entries"),
        ([5, 2, 1, 0], "tricks", "adds up to 8"),
        ([7, 0, 2, 0], "tricks", "seat 1 won no trick but took 6"),
        ([5, 2, 2, -1], "tricks[3]", "-1"),
    ]:
        with pytest.raises(PositionError) as e:
            Position(hands, 0, taken=[20, 6, 0, 0], tricks=tricks, game=game)
        assert e.value.field == field
        assert mention in str(e.value)
    # Other games do not count tricks.
    with pytest.raises(PositionError) as e:
        Position(hands, 0, taken=[26, 0, 0, 0], tricks=[9, 0, 0, 0], game=ciapano.Ciapano())
    assert e.value.field == "tricks"


def test_won_cards_give_the_tricks() -> None:
    pos = ciapano.load_record(ROOT / "positions/records/mattazza_hand4_record.json").final
    assert pos.tricks == tuple(len(w) // 4 for w in pos.won) and sum(pos.tricks) == 10
    with pytest.raises(PositionError) as e:
        Position(pos.hands, pos.leader, won=pos.won, tricks=[10, 0, 0, 0], game=pos.game)
    assert e.value.field == "tricks"


def test_shipped_files_and_the_schema() -> None:
    import jsonschema

    validator = jsonschema.Draft202012Validator(ciapano.schema())
    for name in (
        "mattazza_deal4_opening.json",
        "mattazza_endgame4.json",
        "mattazza_view4_midhand.json",
        "records/mattazza_hand4_record.json",
    ):
        data = json.loads((ROOT / "positions" / name).read_text(encoding="utf-8"))
        if "records" not in name:
            validator.validate(data)
        assert data["game"] == "mattazza"
    snapshot = {"game": "mattazza", "hands": [["3S"], ["2S"], ["AS"], ["KS"]], "leader": 0,
                "taken": [26, 0, 0, 0], "tricks": [9, 0, 0, 0]}  # fmt: skip
    assert validator.is_valid(snapshot)
    assert not validator.is_valid({**snapshot, "taken": [33, 0, 0, 0]})
    assert not validator.is_valid({**snapshot, "rules": {"cappotto": "all"}})
    assert not validator.is_valid({**snapshot, "expected": {"value": 2}})


def test_a_deal_solves_with_values_of_0_and_1() -> None:
    pos = ciapano.load(ROOT / "positions/mattazza_endgame4.json")
    result = ciapano.solve(pos, all_seats=True)
    assert {str(c): v for c, v in result} == {"KH": 0, "4H": 0, "6C": 1}
    assert list(result.seats) == [0, 1, 1, 0]
    assert pos.play_all(result.line).score()[0] == 0


@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 1000), view=st.integers(0, 3), tricks=st.integers(0, 9))
def test_views_sample_positions_with_the_tricks(seed, view, tricks) -> None:
    pos = random_deal(seed=seed, game=Mattazza())
    rng = __import__("random").Random(seed)
    for _ in range(4 * tricks + rng.randrange(4)):
        pos = pos.play(sorted(pos.legal_moves())[0])
    if pos.is_over():
        return
    # As the cards won, and as points, tricks and the cards gone.
    info = InformationSet.from_position(pos, view)
    plain = Position(pos.hands, pos.leader, pos.trick, taken=pos.taken, tricks=pos.tricks,
                     game=pos.game)  # fmt: skip
    by_points = InformationSet.from_position(plain, view)
    assert by_points.tricks == pos.tricks and info.tricks == pos.tricks
    assert ciapano.view_from_dict(by_points.to_dict()).tricks == pos.tricks
    for sample in ciapano.sample_deals(by_points, 2, seed=seed):
        assert sample.tricks == pos.tricks
        assert by_points.consistent(sample)


def _cli(*args: str, stdin: str | None = None):
    from click.testing import CliRunner

    from ciapano.cli.main import app

    return CliRunner().invoke(app, list(args), input=stdin)


def test_the_command_line() -> None:
    r = _cli("solve", str(ROOT / "positions/mattazza_endgame4.json"), "--all-seats", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["value"] == 0 and out["seats"] == [0, 1, 1, 0]
    assert {m["card"]: m["value"] for m in out["moves"]} == {"KH": 0, "4H": 0, "6C": 1}
    r = _cli("sample", str(ROOT / "positions/mattazza_view4_midhand.json"), "--samples", "8",
             "--seed", "1", "--workers", "1", "--json")  # fmt: skip
    assert r.exit_code == 0, r.output
    assert {m["card"] for m in json.loads(r.output)["moves"]} == {"2S", "6S", "7H", "4H", "6C"}
    bad = {"game": "mattazza", "hands": [["3S"], ["2S"], ["AS"], ["KS"]], "leader": 0,
           "taken": [26, 0, 0, 0]}  # fmt: skip
    r = _cli("solve", "-", stdin=json.dumps(bad))
    assert r.exit_code == 2
    assert "tricks" in r.output and "Traceback" not in r.output
