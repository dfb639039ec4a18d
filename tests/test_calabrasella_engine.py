"""Calabrasella's search engine (``ciapano._engine_calabrasella``) against the pure-Python
reference.

Random Calabrasella positions (hypothesis, ``strategies.calabrasella_positions``: a declarer
against two defenders, four set-aside cards under either rule, tricks won so far by one, two
or any seat; mid-trick), every legal card's value for the declarer's and a defender's side,
every seat's value and the line; each search technique alone and all together.
"""

from __future__ import annotations

import random

import pytest
import refcheck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import engine
from ciapano.reference import reference_value
from strategies import calabrasella_positions

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

OPTION_SETS = refcheck.SIDES_OPTION_SETS
_check = refcheck.check_every_card


@settings(max_examples=1500, **SETTINGS)
@given(data=st.data())
def test_every_card_matches_the_reference(data):
    pos = data.draw(calabrasella_positions())
    seat = data.draw(st.integers(0, 2))
    _check(pos, seat)


@settings(max_examples=300, **SETTINGS)
@given(data=st.data())
def test_every_technique_alone_and_together(data):
    pos = data.draw(calabrasella_positions(max_hand=2))
    seat = data.draw(st.integers(0, 2))
    options = data.draw(st.sampled_from(OPTION_SETS))
    _check(pos, seat, options)


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_every_seat_and_the_line(data):
    pos = data.draw(calabrasella_positions())
    seat = data.draw(st.integers(0, 2))
    result = ciapano.solve(pos, seat, all_seats=True)
    assert list(result.seats) == [reference_value(pos, s) for s in range(3)]
    # Zero-sum: the two sides' values add up to the hand's total.
    d = pos.declarer
    defender = (d + 1) % 3
    total = pos.game.hand_total(pos.set_aside)
    assert result.seats[d] + result.seats[defender] == total
    end = pos.play_all(result.line)
    assert end.is_over()
    assert end.score()[seat] == result.value


def _played(seed: int, tricks: int, rule: str = "last-trick") -> ciapano.Position:
    """A random Calabrasella deal (12 cards a seat, 4 set aside) after ``tricks`` tricks of
    random legal play (seeded)."""
    rng = random.Random(seed)
    order = list(range(40))
    rng.shuffle(order)
    cards = [ciapano.Card(i) for i in order]
    hands = [cards[s * 12 : (s + 1) * 12] for s in range(3)]
    game = ciapano.Calabrasella(set_aside=rule)
    pos = ciapano.Position.from_deal(
        hands, rng.randrange(3), game=game, declarer=rng.randrange(3), set_aside=cards[36:]
    )
    for _ in range(3 * tricks):
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[rng.randrange(len(moves))])
    return pos


@settings(max_examples=25, **SETTINGS)
@given(seed=st.integers(0, 10**6), seat=st.integers(0, 2))
def test_positions_of_four_cards_match_the_reference(seed, seat):
    _check(_played(seed, 8, "none" if seed % 2 else "last-trick"), seat)


@pytest.mark.parametrize("seed", range(3))
def test_a_deal_after_six_tricks_agrees_with_the_plain_search(seed):
    # Larger than the reference can take: the fast search against the engine's plain one (the
    # table on exact cards, nothing else), every card, every seat.
    pos = _played(seed, 6)
    for seat in range(3):
        fast = ciapano.solve(pos, seat)
        plain = ciapano.solve(pos, seat, options=engine.OPTION_TT)
        assert list(fast) == list(plain), (seed, seat)
