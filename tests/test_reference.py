"""The reference minimax (ciapano.reference) over games described as data.

- Ciapanò: on a fixed seeded set of positions it gives exactly the values it gave before games
  were data (tests/data/reference_ciapano.json, recorded with the code of commit 305a54b).
- Busca (positions after the first trick, and first tricks on a small deck where the bans
  apply), a two-sided test game and a game where higher is better: it agrees with a second
  minimax written here from the rules' words (docs/rules.md), which shares no code with the
  package's positions and games (only the busche formula, tested against the hand-computed
  table of tests/data/busca_scoring.json, and Ciapanò's hand score, tested by the shared
  vectors).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from testgames import PairsCiapano, SmallBusca

import ciapano
from ciapano import Busca, CardSet, Ciapano, Position, PositionError, busca_penalties, hand_score
from ciapano.reference import reference_move_values, reference_value
from strategies import first_trick_positions, positions

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
DATA = Path(__file__).resolve().parent / "data"
RECORDED = json.loads((DATA / "reference_ciapano.json").read_text(encoding="utf-8"))


# -- Ciapanò: the values of before ----------------------------------------------------------


@pytest.mark.parametrize(
    "case", RECORDED, ids=[f"{c['players']}p-seed{c['seed']}" for c in RECORDED]
)
def test_ciapano_reference_values_are_unchanged(case: dict) -> None:
    pos = ciapano.from_dict(case["position"])
    assert [reference_value(pos, s) for s in range(pos.players)] == case["seats"]
    assert {c.text: v for c, v in reference_move_values(pos).items()} == case["moves"]


def test_the_recorded_set_is_varied() -> None:
    assert {c["players"] for c in RECORDED} == {3, 4, 5}
    assert {c["position"]["rules"]["cappotto"] for c in RECORDED} == {"all", "cards", "off"}
    assert sum(len(set(c["moves"].values())) > 1 for c in RECORDED) >= 15
    assert any(c["position"]["trick"] for c in RECORDED)


# -- a second minimax, from the rules' words -------------------------------------------------

_RANKS = "4567JQKA23"  # low to high (docs/rules.md#the-40-card-deck)


@dataclass(frozen=True)
class _Rules:
    """A game as the second minimax sees it: card texts, plain functions."""

    legal: Callable[[frozenset[str], list[str], bool], set[str]]
    points: Callable[[str], int]
    final: Callable[[list[int], int], list[int]]  # card points per seat, last trick -> scores
    sides: Sequence[Sequence[int]] | None = None
    lower: bool = True


def _follow(hand: frozenset[str], trick: list[str]) -> set[str]:
    if trick:
        same = {c for c in hand if c[1] == trick[0][1]}
        if same:
            return same
    return set(hand)


def _busca_legal(hand: frozenset[str], trick: list[str], first: bool) -> set[str]:
    # docs/rules.md#busca-first-trick, in its own words.
    if first and not trick:
        not_coins = {c for c in hand if c[1] != "D"}
        return not_coins or set(hand)
    moves = _follow(hand, trick)
    if first and trick and not any(c[1] == trick[0][1] for c in hand) and len(hand) > 1:
        moves.discard("AD")
    return moves


def _busca_points(card: str) -> int:
    # docs/rules.md#busca-points
    return 8 if card == "AD" else 3 if card[0] == "A" else 1 if card[0] in "32KQJ" else 0


def _ciapano_thirds(card: str) -> int:
    # docs/rules.md#ciapano-card-points
    return 3 if card[0] == "A" else 1 if card[0] in "32KQJ" else 0


def _busca_final(taken: list[int], last: int) -> list[int]:
    return busca_penalties([t + 3 if s == last else t for s, t in enumerate(taken)])


def _oracle(
    rules: _Rules,
    hands: list[frozenset[str]],
    leader: int,
    trick: list[str],
    taken: list[int],
    first: bool,
    seat: int,
) -> int:
    n = len(hands)
    if not trick and not any(hands):
        return rules.final(taken, leader)[seat]
    mover = (leader + len(trick)) % n
    values = []
    for card in sorted(rules.legal(hands[mover], trick, first)):
        after = list(hands)
        after[mover] = hands[mover] - {card}
        played = [*trick, card]
        if len(played) < n:
            values.append(_oracle(rules, after, leader, played, taken, first, seat))
            continue
        led = played[0][1]
        best = max(
            (i for i in range(n) if played[i][1] == led), key=lambda i: _RANKS.index(played[i][0])
        )
        winner = (leader + best) % n
        won = list(taken)
        won[winner] += sum(rules.points(c) for c in played)
        values.append(_oracle(rules, after, winner, [], won, False, seat))
    ours = {seat}
    for side in rules.sides or ():
        if seat in side:
            ours = set(side)
    good, bad = (min, max) if rules.lower else (max, min)
    return good(values) if mover in ours else bad(values)


def _oracle_value(rules: _Rules, pos: Position, seat: int) -> int:
    assert pos.discard is None
    hands = [frozenset(c.text for c in h) for h in pos.hands]
    trick = [c.text for c in pos.trick]
    return _oracle(rules, hands, pos.leader, trick, list(pos.taken), pos.first_trick, seat)


BUSCA_RULES = _Rules(_busca_legal, _busca_points, _busca_final)


# -- Busca ----------------------------------------------------------------------------------


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_busca_reference_matches_the_rules_in_words(data) -> None:
    pos = data.draw(positions(game="busca"))
    seat = data.draw(st.integers(0, 3))
    value = reference_value(pos, seat)
    assert value == _oracle_value(BUSCA_RULES, pos, seat)
    lo, hi = pos.game.value_bounds
    assert lo <= value <= hi
    moves = reference_move_values(pos, seat)
    assert set(moves) == set(pos.legal_moves())
    pick = min if pos.to_move == seat else max
    assert pick(moves.values()) == value


@settings(max_examples=120, **SETTINGS)
@given(data=st.data())
def test_busca_first_tricks_match_the_rules_in_words(data) -> None:
    pos = data.draw(first_trick_positions())
    assert pos.first_trick
    seat = data.draw(st.integers(0, 3))
    assert reference_value(pos, seat) == _oracle_value(BUSCA_RULES, pos, seat)
    # The legal cards are the rule's.
    hand = pos.hands[pos.to_move]
    words = _busca_legal(frozenset(c.text for c in hand), [c.text for c in pos.trick], True)
    assert {c.text for c in pos.legal_moves()} == words


def test_the_first_trick_bans_change_a_value() -> None:
    """Seat 0 holds 5H AD, seat 1 KS 3D, seat 2 2S 7S, seat 3 6S 3H; seat 0 leads (a small deck
    of these 8 cards, 12 card points + the last trick's 3).

    With the bans seat 0 must lead 5H; seat 3 must follow with 3H and wins the trick (2 or 3
    points); seat 0 can never take a trick, so it ends without points and seat 3 (with
    points) scores 0.  Without the bans seat 0 may lead the Pita: seat 1 must follow with 3D
    and wins it, seat 2 gives it the 2S, then its KS takes the last trick over 7S, 5H and
    seat 3's last card: seat 1 takes all 15 points and seats 0, 2 and 3 score 3 each."""
    hands = [["5H", "AD"], ["KS", "3D"], ["2S", "7S"], ["6S", "3H"]]
    cards = CardSet([c for h in hands for c in h])
    game = SmallBusca(cards=cards.mask, hand=2)
    pos = Position.from_deal(hands, 3, game=game)
    assert pos.first_trick and pos.legal_moves() == CardSet("5H")
    assert game.total_points == 15
    assert reference_value(pos, 3) == 0
    free = _Rules(lambda hand, trick, first: _follow(hand, trick), _busca_points, _busca_final)
    assert _oracle_value(free, pos, 3) == 3


def test_busca_reference_on_a_last_trick() -> None:
    # One card each, seat 2 to lead its AS; seat 0's 3S is the highest spade and wins.
    hands = [["3S"], ["4S"], ["AS"], ["KS"]]
    pos = Position(hands, 2, taken=[1, 20, 11, 0], game=Busca())
    # 3S + 4S + AS + KS = 1 + 0 + 3 + 1 = 5 and the last trick's 3 to seat 0: 9, 20, 11, 0;
    # seat 3 has no points and scores 1 busca.
    assert [reference_value(pos, s) for s in range(4)] == busca_penalties([9, 20, 11, 0])
    assert busca_penalties([9, 20, 11, 0]) == [0, 0, 0, 1]


# -- two sides, and higher is better ---------------------------------------------------------


def _ciapano_final(cappotto: str) -> Callable[[list[int], int], list[int]]:
    return lambda taken, last: hand_score(taken, last, cappotto)


def _pairs_final(cappotto: str) -> Callable[[list[int], int], list[int]]:
    def final(taken: list[int], last: int) -> list[int]:
        s = hand_score(taken, last, cappotto)
        return [s[0] + s[2], s[1] + s[3], s[0] + s[2], s[1] + s[3]]

    return final


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_two_sided_reference_matches_a_team_minimax(data) -> None:
    base = data.draw(positions(players=4, max_hand=3))
    cappotto = base.game.cappotto.value
    game = PairsCiapano(cappotto=cappotto)
    pos = Position(base.hands, base.leader, base.trick, taken=base.taken, game=game)
    rules = _Rules(
        lambda hand, trick, first: _follow(hand, trick),
        _ciapano_thirds,
        _pairs_final(cappotto),
        sides=((0, 2), (1, 3)),
    )
    values = [reference_value(pos, s) for s in range(4)]
    assert values == [_oracle_value(rules, pos, s) for s in range(4)]
    # Partners share a value: each side plays for its own total.
    assert values[0] == values[2] and values[1] == values[3]


@dataclass(frozen=True, repr=False)
class _MostThirds(Ciapano):
    """Ciapanò's hand score, but higher is better (a test game for the reference's other
    direction)."""

    lower_is_better: ClassVar[bool] = False


@settings(max_examples=100, **SETTINGS)
@given(data=st.data())
def test_higher_is_better_turns_the_minimax_round(data) -> None:
    base = data.draw(positions(players=4, max_hand=3))
    cappotto = base.game.cappotto.value
    pos = Position(base.hands, base.leader, base.trick, taken=base.taken,
                   game=_MostThirds(cappotto=cappotto))  # fmt: skip
    seat = data.draw(st.integers(0, 3))
    rules = _Rules(
        lambda hand, trick, first: _follow(hand, trick),
        _ciapano_thirds,
        _ciapano_final(cappotto),
        lower=False,
    )
    assert reference_value(pos, seat) == _oracle_value(rules, pos, seat)


def test_a_hand_made_two_sided_position() -> None:
    """The last trick, seat 0 to lead its 3S; the cards fall as they must and seat 0 wins
    1 + 0 + 1 + 0 thirds and the last trick.  With 10, 11, 6 and 3 thirds taken before,
    Ciapanò scores seat 1 3, seat 2 2, seat 3 1 and seat 0 11 - 6 = 5; the sides score
    5 + 2 = 7 (seats 0 and 2) and 3 + 1 = 4 (seats 1 and 3)."""
    hands = [["3S"], ["4S"], ["KS"], ["5S"]]
    game = PairsCiapano()
    pos = Position(hands, 0, taken=[10, 11, 6, 3], game=game)
    # Seat 0's 3S wins 1 + 0 + 1 + 0 = 2 thirds: 12, 11, 6, 3; Ciapanò: 11 - 6, 3, 2, 1.
    single = hand_score([12, 11, 6, 3], 0)
    assert single == [5, 3, 2, 1]
    assert [reference_value(pos, s) for s in range(4)] == [7, 4, 7, 4]
    assert game.side_of(2) == (0, 2) and game.side_of(3) == (1, 3)


def test_reference_rejects_a_seat_that_is_no_seat() -> None:
    pos = Position([["3S"], ["4S"], ["KS"], ["5S"]], 0, taken=[10, 11, 6, 3])
    for seat in (4, -1, True, "0"):
        with pytest.raises(PositionError) as e:
            reference_value(pos, seat)  # type: ignore[arg-type]
        assert e.value.field == "seat"


def test_reference_of_a_finished_busca_hand_is_its_score() -> None:
    end = Position([[], [], [], []], 2, taken=[0, 17, 12, 8], game=Busca())
    assert [reference_value(end, s) for s in range(4)] == end.score() == [1, 0, 0, 0]
    assert reference_move_values(end) == {}
