"""Mattazza's search engine (``ciapano._engine_mattazza``) against the pure-Python reference.

Random Mattazza positions (hypothesis, ``strategies.mattazza_positions``: tricks won so far by
one, two, three or every seat, so that seats without a trick decide values; mid-trick), every
legal card's value, another seat's perspective, every seat's guarantee and the line; each search
technique alone and all together; the tricks counted by the engine (``trickrule.pxd``) checked
by positions given as points and tricks as well as by the cards won.
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
from strategies import mattazza_positions

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

#: The switches of every engine, and rank equivalence left out.
OPTION_SETS = [*refcheck.OPTION_SETS, engine.OPTION_ALL & ~engine.OPTION_EQUIVALENCE]
_check = refcheck.check_every_card


@settings(max_examples=1500, **SETTINGS)
@given(data=st.data())
def test_every_card_matches_the_reference(data):
    pos = data.draw(mattazza_positions())
    seat = data.draw(st.integers(0, 3))
    _check(pos, seat)


@settings(max_examples=300, **SETTINGS)
@given(data=st.data())
def test_every_technique_alone_and_together(data):
    pos = data.draw(mattazza_positions(max_hand=2))
    seat = data.draw(st.integers(0, 3))
    options = data.draw(st.sampled_from(OPTION_SETS))
    _check(pos, seat, options)


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_every_seat_and_the_line(data):
    pos = data.draw(mattazza_positions())
    seat = data.draw(st.integers(0, 3))
    result = ciapano.solve(pos, seat, all_seats=True)
    assert list(result.seats) == [reference_value(pos, s) for s in range(4)]
    end = pos.play_all(result.line)
    assert end.is_over()
    assert end.score()[seat] == result.value


def _played(seed: int, tricks: int) -> ciapano.Position:
    """A random Mattazza deal after ``tricks`` tricks of random legal play (seeded)."""
    return refcheck.played(ciapano.Mattazza(), seed, tricks)


@settings(max_examples=25, **SETTINGS)
@given(seed=st.integers(0, 10**6), seat=st.integers(0, 3))
def test_positions_of_four_cards_match_the_reference(seed, seat):
    _check(_played(seed, 6), seat)


@pytest.mark.parametrize("seed", range(3))
def test_a_deal_after_five_tricks_agrees_with_the_plain_search(seed):
    # Larger than the reference can take: the fast search against the engine's plain one (the
    # table on exact cards, nothing else), every card, every seat.
    pos = _played(seed, 5)
    for seat in range(4):
        fast = ciapano.solve(pos, seat)
        plain = ciapano.solve(pos, seat, options=engine.OPTION_TT)
        assert list(fast) == list(plain), (seed, seat)


@settings(max_examples=80, **SETTINGS)
@given(data=st.data())
def test_tricks_of_no_points_match_the_reference(data):
    # Hands of cards without points: lines where one seat or another wins a trick of no points
    # reach the same cards and points, and differ only in which seats are on no trick, which
    # the table key must tell apart (ext/mattazza/game.pxd, points_code).
    pos = data.draw(mattazza_positions(max_hand=4, low=True))
    seat = data.draw(st.integers(0, 3))
    _check(pos, seat)


def _other_tricks(pos: ciapano.Position, rng: random.Random) -> ciapano.Position:
    """``pos`` with the same points taken but the completed tricks shared out otherwise among
    the seats (every seat with points keeps at least one), given as points and tricks."""
    done = sum(pos.tricks)
    tricks = [1 if t else 0 for t in pos.taken]
    for _ in range(done - sum(tricks)):
        tricks[rng.randrange(4)] += 1
    return ciapano.Position(
        pos.hands, pos.leader, pos.trick, taken=pos.taken, tricks=tricks, game=pos.game
    )


@settings(max_examples=100, **SETTINGS)
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_one_table_for_the_same_cards_with_other_tricks(data, seed):
    # The same cards and points with other seats on no trick, solved one after the other on
    # one table (engine.root_args and set_root, as ciapano.analyse does): the table key must
    # tell them apart (ext/mattazza/game.pxd, points_code).
    pos = data.draw(mattazza_positions(max_hand=3, mid_trick=False))
    if sum(pos.taken) == 0 or sum(pos.tricks) < 2:
        return
    rng = random.Random(seed)
    core = engine.open_search(pos, 8)
    for variant in [pos] + [_other_tricks(pos, rng) for _ in range(4)]:
        core.set_root(*engine.root_args(variant))
        for seat in range(4):
            lo, hi = core.value_bounds(seat)
            assert lo == hi == reference_value(variant, seat), (variant, seat)
