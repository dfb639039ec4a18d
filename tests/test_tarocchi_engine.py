"""Piedicavallo tarocchi's search engine (``ciapano._engine_tarocchi``) against the pure-Python
reference.

Random tarocchi positions (hypothesis, ``strategies.tarocchi_positions``: hands from two to
five groups of the deck, trumps among them; the Fool held (led, played to the last trick, played
on a partner's trick) or already in a pile, also of a partnership without a trick; the
completed tricks won by one seat, one partnership or any; the dealer's discards with either
partnership; mid-trick), every legal card's value for either partnership, every seat's value
and the line; each search technique alone and all together.
"""

from __future__ import annotations

import random

import pytest
import refcheck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import engine
from ciapano.dealing import random_deals
from ciapano.reference import reference_value
from strategies import TAROT_FOOL, tarocchi_positions

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

OPTION_SETS = refcheck.SIDES_OPTION_SETS
_check = refcheck.check_every_card
GAME = ciapano.Tarocchi()


@settings(max_examples=1500, **SETTINGS)
@given(data=st.data())
def test_every_card_matches_the_reference(data):
    pos = data.draw(tarocchi_positions())
    _check(pos, data.draw(st.integers(0, 3)))


@settings(max_examples=300, **SETTINGS)
@given(data=st.data())
def test_every_technique_alone_and_together(data):
    pos = data.draw(tarocchi_positions(max_hand=2))
    options = data.draw(st.sampled_from(OPTION_SETS))
    _check(pos, data.draw(st.integers(0, 3)), options)


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_every_seat_and_the_line(data):
    pos = data.draw(tarocchi_positions())
    seat = data.draw(st.integers(0, 3))
    result = ciapano.solve(pos, seat, all_seats=True)
    assert list(result.seats) == [reference_value(pos, s) for s in range(4)]
    # Zero-sum between the partnerships, the partners' values equal.
    s = result.seats
    assert s[0] == s[2] and s[1] == s[3] and s[0] + s[1] == 114
    end = pos.play_all(result.line)
    assert end.is_over()
    assert end.score()[seat] == result.value


def _played(seed: int, tricks: int) -> ciapano.Position:
    """A random deal (the dealer's simple discards) after ``tricks`` tricks of random legal play
    (seeded)."""
    pos = next(iter(random_deals(count=1, seed=seed, game=GAME)))
    rng = random.Random(seed)
    for _ in range(4 * tricks):
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[rng.randrange(len(moves))])
    return pos


@settings(max_examples=25, **SETTINGS)
@given(seed=st.integers(0, 10**6), seat=st.integers(0, 3))
def test_positions_of_three_tricks_match_the_reference(seed, seat):
    _check(_played(seed, 12), seat)


def test_the_strategy_reaches_the_hard_cases():
    # The positions above include the Fool led, partnerships without a trick and with one
    # (else the tests would not try them): counts of 300 examples drawn as the tests draw them.
    fool_led = no_trick = both = 0

    @settings(max_examples=300, database=None, derandomize=True, **SETTINGS)
    @given(tarocchi_positions())
    def count(pos):
        nonlocal fool_led, no_trick, both
        fool_led += bool(pos.trick) and pos.trick[0] is TAROT_FOOL
        if all(any(pos.tricks[s] for s in side) for side in GAME.sides):
            both += 1
        else:
            no_trick += 1

    count()
    assert fool_led >= 5 and no_trick >= 60 and both >= 60, (fool_led, no_trick, both)


@pytest.mark.parametrize("seed", range(2))
def test_a_deal_after_nine_tricks_agrees_with_the_plain_search(seed):
    # Larger than the reference can take: the fast search against the engine's plain one (the
    # table on exact cards, nothing else), every card, a seat of each partnership.
    pos = _played(seed, 9)
    for seat in (0, 1):
        fast = ciapano.solve(pos, seat)
        plain = ciapano.solve(pos, seat, options=engine.OPTION_TT)
        assert list(fast) == list(plain), (seed, seat)


def _layout(pos: ciapano.Position, out: int, group: int) -> tuple:
    """A group's layout as the table must key it, written out plainly: the (owner, points) of
    its cards still held (``out``, the core's card bits), from the highest down."""
    base = GAME.card_base
    owner = {c.index - base: seat for seat, hand in enumerate(pos.hands) for c in hand}
    owner.update({c.index - base: (pos.leader + i) % 4 for i, c in enumerate(pos.trick)})
    mask = ciapano.engine.core_groups(GAME)[group]
    cards = [i for i in range(63, -1, -1) if mask >> i & 1 and out >> i & 1]
    return tuple((owner[i], GAME.card_points(ciapano.Card(base + i))) for i in cards)


@pytest.mark.parametrize("seed", range(3))
def test_table_keys_are_the_layouts(seed):
    # The table's key of each group of the deck (the plain suits by set_canon's tables, the
    # trumps and the Fool by ttable.long_suits_key): two subsets of a group's cards held at the
    # root get the same key exactly when their layouts are the same, and the key names a subset
    # of the group with the same layout.  Every subset of every group, against the layout
    # written out plainly.
    pos = _played(seed, 10)
    core = engine.open_search(pos, 1)
    base = GAME.card_base
    held = (sum(h.mask for h in pos.hands) | sum(c.mask for c in pos.trick)) >> base
    shared = 0
    for group, mask in enumerate(engine.core_groups(GAME)):
        if group < 4:
            # A plain suit's key is its canon, 10 bits a suit: the subset it names.
            low = 10 * group

            def named(key: int, low: int = low) -> int:
                return (key >> low & 0x3FF) << low
        else:

            def named(key: int, mask: int = mask) -> int:
                return key & mask

        shared += refcheck.check_keys_are_layouts(
            held & mask, core.table_key, named, lambda m, group=group: _layout(pos, m, group)
        )
    assert shared > 0
