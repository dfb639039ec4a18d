"""The search core against the pure-Python reference on random positions (hypothesis).

Every legal card's value from ``ciapano.solve`` must equal the exhaustive minimax of
``ciapano.reference``; the principal variation must be legal and reach an end where the
perspective seat scores exactly the value; every seat's guarantee must match; and the core with
every search technique switched off must agree with the fast core.  Together these runs check
well over 2,000 random positions per CI run (see the ``max_examples`` of each test).
"""

from __future__ import annotations

import pytest
import refcheck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import engine
from ciapano.cards import Card
from ciapano.engine import open_search
from ciapano.games import HAND_POINTS
from ciapano.reference import reference_move_values, reference_value
from strategies import played_deal, positions

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


@settings(max_examples=1500, **SETTINGS)
@given(data=st.data())
def test_every_card_matches_the_reference(data):
    pos = data.draw(positions())
    seat = data.draw(st.integers(0, pos.players - 1))
    result = ciapano.solve(pos, seat)
    expected = reference_move_values(pos, seat)
    assert {card: v for card, v in result} == expected
    if pos.to_move == seat:
        assert result.value == min(expected.values())
    else:
        assert result.value == max(expected.values())
    assert set(result.best) == {c for c, v in expected.items() if v == result.value}
    for move in result.moves:
        for eq in move.equivalent:
            assert expected[eq] == move.value


@settings(max_examples=400, **SETTINGS)
@given(data=st.data())
def test_line_is_legal_and_reaches_the_value(data):
    pos = data.draw(positions())
    seat = data.draw(st.integers(0, pos.players - 1))
    result = ciapano.solve(pos, seat)
    end = pos.play_all(result.line)
    assert end.is_over()
    assert end.score()[seat] == result.value
    # Each card of the line keeps the value for the side that plays it.
    step = pos
    for card in result.line[:-1]:
        step = step.play(card)
        assert reference_value(step, seat) == result.value


@settings(max_examples=300, **SETTINGS)
@given(data=st.data())
def test_every_seat_guarantee_matches_the_reference(data):
    pos = data.draw(positions(max_hand=3))
    result = ciapano.solve(pos, all_seats=True)
    assert list(result.seats) == [reference_value(pos, s) for s in range(pos.players)]
    assert list(ciapano.dd_table(pos)) == list(result.seats)
    assert ciapano.value(pos) == result.value


@settings(max_examples=300, **SETTINGS)
@given(
    data=st.data(),
    options=st.sampled_from(
        [
            0,
            engine.OPTION_TT,
            engine.OPTION_TT | engine.OPTION_NULLGAME,
            engine.OPTION_TT | engine.OPTION_LASTTRICK,
            engine.OPTION_ALL & ~engine.OPTION_RELATIVE,
            engine.OPTION_ALL & ~engine.OPTION_BOUNDS,
            engine.OPTION_ALL & ~engine.OPTION_NULLGAME,
            engine.OPTION_ALL & ~engine.OPTION_LASTTRICK,
            engine.OPTION_ALL & ~engine.OPTION_QUASI,
            engine.OPTION_TT | engine.OPTION_EQUIVALENCE | engine.OPTION_QUASI,
        ]
    ),
)
def test_plain_search_agrees_with_the_fast_one(data, options):
    # Slightly bigger positions than the reference can take quickly.
    n = data.draw(st.sampled_from([3, 4, 5]))
    pos = data.draw(positions(players=n, max_hand={3: 5, 4: 4, 5: 3}[n]))
    seat = data.draw(st.integers(0, pos.players - 1))
    fast = ciapano.solve(pos, seat)
    plain = ciapano.solve(pos, seat, options=options)
    assert list(fast) == list(plain)


@settings(max_examples=300, **SETTINGS)
@given(data=st.data(), budget=st.sampled_from([0, 100_000]))
def test_trial_of_the_upper_bound_keeps_values_exact(data, budget):
    # A guess of 11 makes the driver try the upper bound first on a budget of nodes (0: the
    # trial stops at the first check, after 1,024 nodes); the values must not change.
    pos = data.draw(positions())
    seat = data.draw(st.integers(0, pos.players - 1))
    core = open_search(pos, 1)
    core.trial_nodes = budget
    for card, v in reference_move_values(pos, seat).items():
        assert core.move_bounds(seat, card.index, HAND_POINTS) == (v, v)


@pytest.mark.parametrize(("seed", "cards"), [(1, 8), (2, 12), (4, 12)])
def test_stopped_trials_leave_the_values_exact(seed, cards):
    # Mid-size 4-player positions (after `cards` cards of seeded random play) where some trials
    # on the least budget (an eighth of the nodes so far) stop: every card's value with a trial
    # first equals its value without one.
    pos = played_deal(4, seed, cards)
    seat = pos.to_move
    plain = open_search(pos, 16)
    tried = open_search(pos, 16)
    tried.trial_nodes = 0
    for card in pos.legal_moves():
        assert tried.move_bounds(seat, card.index, HAND_POINTS) == plain.move_bounds(
            seat, card.index
        )
    assert tried.stats["trial_stops"] > 0


def _suit_layout(pos: ciapano.Position, out: int, suit: int, owners: bool) -> tuple:
    """The layout of a suit as the table must key it (ext/ttable.pxd, layout_word), written
    out plainly: the (owner, thirds) of its cards still held from the highest down, every run
    of one seat's cards sorted by thirds (with ``owners``, the owners alone, unsorted)."""
    owner = {c.index: seat for seat, hand in enumerate(pos.hands) for c in hand}
    owner.update({c.index: (pos.leader + i) % pos.players for i, c in enumerate(pos.trick)})
    cards = [Card(i) for i in range(10 * suit + 9, 10 * suit - 1, -1) if out >> i & 1]
    if owners:
        return tuple(owner[c.index] for c in cards)
    runs: list[list[Card]] = []
    for c in cards:
        if runs and owner[runs[-1][0].index] == owner[c.index]:
            runs[-1].append(c)
        else:
            runs.append([c])
    thirds = pos.game.card_points
    return tuple(
        (owner[c.index], thirds(c)) for run in runs for c in sorted(run, key=lambda c: -thirds(c))
    )


@pytest.mark.parametrize(("players", "seed", "cards"), [(3, 7, 0), (3, 8, 9), (4, 7, 5), (5, 7, 3)])
@pytest.mark.parametrize("owners", [False, True])
def test_table_keys_are_the_layouts(players, seed, cards, owners):
    # The table's key of a suit is the least subset of its cards with the same layout
    # (ttable.set_canon): two subsets of every suit's cards held at the root must get the same
    # key exactly when their layouts are the same, and the key must name a subset of the same
    # layout.  Every subset of every suit, against the layout written out plainly.
    pos = played_deal(players, seed, cards)
    core = open_search(pos, 1)
    held = sum(h.mask for h in pos.hands) | sum(c.mask for c in pos.trick)
    shared = 0
    for suit in range(4):
        low = 10 * suit
        shared += refcheck.check_keys_are_layouts(
            held >> low & 0x3FF,
            lambda m, low=low: core.table_key(m << low, owners) >> low & 0x3FF,
            lambda key: key,
            lambda m, suit=suit: _suit_layout(pos, m << (10 * suit), suit, owners),
        )
    assert shared > 0
    # And the suits' keys side by side: the whole key of every suit at once.
    assert core.table_key(held, owners) == sum(
        (core.table_key(held & (0x3FF << (10 * su)), owners)) for su in range(4)
    )


def test_plain_table_keys_are_the_cards():
    # Without relative ranks (the checked configuration), the key is the cards still held.
    pos = played_deal(4, 3, 6)
    core = open_search(pos, 1, engine.OPTION_TT | engine.OPTION_EQUIVALENCE)
    held = sum(h.mask for h in pos.hands)
    assert core.table_key(held) == core.table_key(held, True) == held
    played = ((1 << 40) - 1) & ~held & ~sum(c.mask for c in pos.trick)
    assert played
    with pytest.raises(ValueError, match="out"):
        core.table_key(held | played)


def _wins_points_free_game(
    pos: ciapano.Position, seat: int, kind: int, memo: dict | None = None
) -> bool:
    """Exhaustive answer to ``ciapano._engine_ciapano.points_free_game``: can ``seat``, against
    every other seat, lose every trick (kind 0), keep from winning the last (1), or win at most k
    more tricks and not the last (1 + k)?  Every legal card at every turn, no bound; ``memo``
    keeps the answers of positions reached again by another order of the same tricks (the
    games do not depend on the points taken)."""
    if pos.is_over():
        return True
    memo = {} if memo is None else memo
    key = (tuple(h.mask for h in pos.hands), tuple(c.index for c in pos.trick), pos.leader, kind)
    if key in memo:
        return memo[key]
    wins = []
    for card in pos.legal_moves():
        nxt = pos.play(card)
        if not nxt.trick and nxt.leader == seat:  # seat won the trick this card completed
            if nxt.is_over() or kind == 0:
                won = False  # the last trick, or any trick in the null game
            elif kind == 1:
                won = _wins_points_free_game(nxt, seat, 1, memo)
            else:  # one trick fewer to win: 1 + (k - 1), or the null game after the last one
                won = _wins_points_free_game(nxt, seat, kind - 1 if kind > 2 else 0, memo)
        else:
            won = _wins_points_free_game(nxt, seat, kind, memo)
        wins.append(won)
    memo[key] = any(wins) if pos.to_move == seat else all(wins)
    return memo[key]


@settings(max_examples=200, **SETTINGS)
@given(data=st.data(), kind=st.integers(0, 4))
def test_games_without_points_match_an_exhaustive_search(data, kind):
    # The null, last-trick and k-trick games bound the search's values (ext/nullgame.pxd): each
    # answer must be the exhaustive one.
    pos = data.draw(positions(max_hand=4))
    seat = data.draw(st.integers(0, pos.players - 1))
    core = open_search(pos, 1)
    won = engine.engine_for("ciapano").points_free_game(core, seat, kind)
    assert won == _wins_points_free_game(pos, seat, kind)
