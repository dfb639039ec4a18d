"""Tests of Ciapanò's rules in ciapano.games: hand scoring, cappotto, trick winner, the Ciapano game
(docs/rules.md#ciapano, RULES.md §1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ciapano import (
    CARDS,
    DECK_THIRDS,
    HAND_POINTS,
    Cappotto,
    Card,
    Ciapano,
    CiapanoError,
    GameError,
    RulesError,
    game_from_dict,
    hand_score,
    trick_winner,
)

_SHARED = Path(__file__).resolve().parents[2] / "shared" / "vectors" / "scoring.json"
_LOCAL = Path(__file__).resolve().parent / "data" / "scoring.json"
VECTORS_PATH = _SHARED if _SHARED.exists() else _LOCAL
VECTORS = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))


def test_constants() -> None:
    assert DECK_THIRDS == 32
    assert HAND_POINTS == 11


def test_vector_file_is_not_empty_and_local_copy_matches() -> None:
    assert len(VECTORS) >= 10
    assert _LOCAL.exists()
    if _SHARED.exists():
        assert _LOCAL.read_bytes() == _SHARED.read_bytes()


@pytest.mark.parametrize("case", VECTORS, ids=[c["case"] for c in VECTORS])
def test_scoring_vector(case: dict) -> None:
    thirds, last, mode = case["taken_thirds"], case["last_trick"], case["cappotto"]
    assert hand_score(thirds, last, mode) == case["penalties"]
    assert hand_score(thirds, last, Cappotto(mode)) == case["penalties"]
    rules = Ciapano(players=len(thirds), cappotto=mode)
    assert rules.hand_score(thirds, last) == case["penalties"]


def test_rules_worked_example() -> None:
    """RULES.md §1: A took 3 1/3, B 2 and the last trick, C 1 2/3, D 3 2/3 -> A 3, C 1, D 3,
    B = 11 - 7 = 4."""
    a, b, c, d = 0, 1, 2, 3
    thirds = [0, 0, 0, 0]
    thirds[a] = 10  # 3 1/3
    thirds[b] = 6  # 2
    thirds[c] = 5  # 1 2/3
    thirds[d] = 11  # 3 2/3
    score = hand_score(thirds, last_trick=b)
    assert score[a] == 3
    assert score[c] == 1
    assert score[d] == 3
    assert score[b] == 4
    assert sum(score) == 11


def test_default_cappotto_is_all() -> None:
    assert Ciapano().cappotto is Cappotto.ALL
    assert Ciapano().players == 4
    assert Ciapano().name == "ciapano"
    assert Ciapano().options == {"cappotto": "all"}
    assert Ciapano().to_dict() == {"game": "ciapano", "players": 4, "rules": {"cappotto": "all"}}
    # Default of hand_score is "all": all the cards without the last trick is no cappotto.
    assert hand_score([32, 0, 0, 0], 1) == [10, 1, 0, 0]
    assert hand_score([32, 0, 0, 0], 0) == [0, 11, 11, 11]


@pytest.mark.parametrize(
    ("thirds", "last", "mode", "expected"),
    [
        # all: every point and the last trick.
        ([32, 0, 0, 0], 0, "all", [0, 11, 11, 11]),
        ([0, 0, 32, 0], 2, "all", [11, 11, 0, 11]),
        ([32, 0, 0, 0], 3, "all", [10, 0, 0, 1]),
        ([0, 32, 0], 1, "all", [11, 0, 11]),
        ([0, 0, 0, 0, 32], 4, "all", [11, 11, 11, 11, 0]),
        ([0, 0, 0, 0, 32], 0, "all", [1, 0, 0, 0, 10]),
        # cards: every point, the last trick not required.
        ([32, 0, 0, 0], 3, "cards", [0, 11, 11, 11]),
        ([32, 0, 0, 0], 0, "cards", [0, 11, 11, 11]),
        ([0, 32, 0], 2, "cards", [11, 0, 11]),
        # off: no cappotto at all.
        ([32, 0, 0, 0], 0, "off", [11, 0, 0, 0]),
        ([32, 0, 0, 0], 3, "off", [10, 0, 0, 1]),
        ([0, 32, 0], 1, "off", [0, 11, 0]),
        # 31 thirds is not all the points in any mode.
        ([31, 1, 0, 0], 0, "all", [11, 0, 0, 0]),
        ([31, 1, 0, 0], 0, "cards", [11, 0, 0, 0]),
    ],
)
def test_cappotto_options(thirds: list[int], last: int, mode: str, expected: list[int]) -> None:
    assert hand_score(thirds, last, mode) == expected
    assert Ciapano(players=len(thirds), cappotto=mode).hand_score(thirds, last) == expected


def test_cappotto_enum() -> None:
    assert [c.value for c in Cappotto] == ["all", "cards", "off"]
    assert str(Cappotto.CARDS) == "cards"
    assert Ciapano(cappotto="cards").cappotto is Cappotto.CARDS
    assert Ciapano(cappotto=Cappotto.OFF).cappotto is Cappotto.OFF
    assert Ciapano(cappotto="off").options == {"cappotto": "off"}


@pytest.mark.parametrize(
    ("players", "size", "discard"), [(3, 13, True), (4, 10, False), (5, 8, False)]
)
def test_rules_per_number_of_players(players: int, size: int, discard: bool) -> None:
    rules = Ciapano(players=players)
    assert rules.hand_size == size
    assert rules.tricks == size
    assert rules.has_discard is discard
    assert len(rules.deck) == 40
    assert players * size + (1 if discard else 0) == 40
    for seat in range(players):
        assert rules.next_seat(seat) == (seat + 1) % players
        assert rules.first_leader(seat) == (seat + 1) % players
    assert rules.first_leader(players - 1) == 0


def test_game_error_is_a_value_error() -> None:
    assert issubclass(GameError, ValueError)
    assert issubclass(GameError, CiapanoError)
    assert RulesError is GameError  # the former name


@pytest.mark.parametrize("players", [0, 1, 2, 6, 40, -4, True, "4", 4.0, None])
def test_bad_players(players: object) -> None:
    with pytest.raises(GameError) as e:
        Ciapano(players=players)  # type: ignore[arg-type]
    assert str(e.value).startswith(f"players: {players!r} ")
    assert e.value.field == "players"


@pytest.mark.parametrize("option", ["bogus", "ALL", "", "none", 2, None])
def test_bad_cappotto_option(option: object) -> None:
    with pytest.raises(GameError) as e:
        Ciapano(cappotto=option)  # type: ignore[arg-type]
    assert str(e.value).startswith(f"rules.cappotto: {option!r} ")


@pytest.mark.parametrize("game", ["tressette", "", "ciapan", "busca2"])
def test_bad_game(game: str) -> None:
    with pytest.raises(GameError) as e:
        game_from_dict(game, 4)
    assert str(e.value).startswith(f"game: {game!r} ")


def test_hand_score_bad_cappotto_option_raises_game_error() -> None:
    with pytest.raises(GameError, match="bogus"):
        hand_score([10, 6, 5, 11], 1, "bogus")


@pytest.mark.parametrize(
    "thirds",
    [[10, 10, 10, 10], [0, 0, 0, 0], [8, 8, 8, 7], [33, -1, 0, 0], [40, -8, 0], [31, 0, 0, 0, 0]],
)
def test_bad_thirds_sum(thirds: list[int]) -> None:
    with pytest.raises(GameError) as e:
        hand_score(thirds, 0)
    assert str(e.value).startswith(f"thirds: {thirds}")


@pytest.mark.parametrize(
    ("thirds", "last"), [([8, 8, 8, 8], 4), ([8, 8, 8, 8], -1), ([16, 8, 8], 3)]
)
def test_bad_last_trick(thirds: list[int], last: int) -> None:
    with pytest.raises(GameError) as e:
        hand_score(thirds, last)
    assert str(e.value).startswith(f"last_trick: {last!r}")


# -- trick winner ------------------------------------------------------------------------


def _cards(texts: str) -> list[Card]:
    return [Card(t) for t in texts.split()]


@pytest.mark.parametrize(
    ("trick", "leader", "players", "winner"),
    [
        ("4S 3S 2S AS", 0, 4, 1),
        ("4S 3S 2S AS", 2, 4, 3),
        ("3S 2S AS KS", 1, 4, 1),  # the leader's card is the highest
        ("KS AS 2S 3S", 1, 4, 0),  # the last card wins, wrapping round to seat 0
        # Off-suit cards never win, even if higher.
        ("4S 3H AD 5S", 1, 4, 0),
        ("7C 3S 3H 3D", 2, 4, 2),
        ("JH 3S 2S QH", 3, 4, 2),
        ("6D 3D 5D", 0, 3, 1),
        ("6D 3C 3S", 2, 3, 2),
        ("4C 5C 3S 2H 6C", 4, 5, 3),
        ("4C 5C 3S 2H 6C", 0, 5, 4),
        ("AH KH 3D 2H QH", 1, 5, 4),
    ],
)
def test_trick_winner(trick: str, leader: int, players: int, winner: int) -> None:
    assert trick_winner(_cards(trick), leader, players) == winner
    assert Ciapano(players).trick_winner(_cards(trick), leader) == winner


@given(
    st.integers(3, 5).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.sampled_from(CARDS), min_size=n, max_size=n, unique=True),
            st.integers(0, n - 1),
        )
    )
)
def test_trick_winner_is_the_highest_card_of_the_suit_led(
    args: tuple[int, list[Card], int],
) -> None:
    n, trick, leader = args
    winner = trick_winner(trick, leader, n)
    assert 0 <= winner < n
    card = trick[(winner - leader) % n]
    led = trick[0].suit
    assert card.suit == led
    assert card.rank == max(c.rank for c in trick if c.suit == led)


# -- property: the hand's 11 points ---------------------------------------------------------


@st.composite
def _scoring_cases(draw: st.DrawFn) -> tuple[list[int], int, str]:
    n = draw(st.integers(3, 5))
    cuts = sorted(draw(st.lists(st.integers(0, DECK_THIRDS), min_size=n - 1, max_size=n - 1)))
    bounds = [0, *cuts, DECK_THIRDS]
    thirds = [bounds[i + 1] - bounds[i] for i in range(n)]
    if draw(st.booleans()):  # make cappotto-shaped cases common
        thirds = [0] * n
        thirds[draw(st.integers(0, n - 1))] = DECK_THIRDS
    last = draw(st.integers(0, n - 1))
    mode = draw(st.sampled_from(["all", "cards", "off"]))
    return thirds, last, mode


@given(_scoring_cases())
def test_scores_share_out_11_points_or_are_a_cappotto(case: tuple[list[int], int, str]) -> None:
    thirds, last, mode = case
    n = len(thirds)
    score = hand_score(thirds, last, mode)
    assert len(score) == n
    taker = thirds.index(DECK_THIRDS) if DECK_THIRDS in thirds else None
    cappotto = taker is not None and (mode == "cards" or (mode == "all" and taker == last))
    if cappotto:
        assert score[taker] == 0
        assert sorted(score) == [0] + [HAND_POINTS] * (n - 1)
    else:
        assert sum(score) == HAND_POINTS
        for seat in range(n):
            if seat != last:
                assert score[seat] == thirds[seat] // 3
        # The last trick costs 1, 2 or 3 points on top of the seat's own cards.
        assert score[last] - thirds[last] // 3 in (1, 2, 3)
        assert all(s >= 0 for s in score)
