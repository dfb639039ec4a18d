"""Busca's search engine (``ciapano._engine_busca``) against the pure-Python reference.

Random Busca positions (hypothesis, ``strategies.busca_positions``: the Pita often in play, the
points so far with one seat, two or spread, mid-trick), every legal card's value, the value of
another seat's perspective, every seat's guarantee and the line; each search technique alone and
all together; and the first trick, where the bans decide the legal cards, on a small deck whose
whole deal the reference can solve (``testgames.SmallBusca``).
"""

from __future__ import annotations

import pytest
import refcheck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import engine
from ciapano.reference import reference_value
from strategies import busca_positions, first_trick_positions

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

#: The switches of every engine, and Busca's own techniques alone and left out.
OPTION_SETS = [
    *refcheck.OPTION_SETS,
    engine.OPTION_TT | engine.OPTION_NULLGAME,
    engine.OPTION_TT | engine.OPTION_NULLGAME | engine.OPTION_QUASI,
    engine.OPTION_TT | engine.OPTION_ENDGAME,
    engine.OPTION_ENDGAME,
    engine.OPTION_ALL & ~engine.OPTION_NULLGAME,
    engine.OPTION_ALL & ~engine.OPTION_ENDGAME,
    engine.OPTION_ALL & ~engine.OPTION_QUASI,
    engine.OPTION_ALL & ~engine.OPTION_VARIANTS,
]
_check = refcheck.check_every_card


@settings(max_examples=1500, **SETTINGS)
@given(data=st.data())
def test_every_card_matches_the_reference(data):
    pos = data.draw(busca_positions())
    seat = data.draw(st.integers(0, 3))
    _check(pos, seat)


@settings(max_examples=300, **SETTINGS)
@given(data=st.data())
def test_every_technique_alone_and_together(data):
    pos = data.draw(busca_positions(max_hand=2))
    seat = data.draw(st.integers(0, 3))
    options = data.draw(st.sampled_from(OPTION_SETS))
    _check(pos, seat, options)


@settings(max_examples=300, **SETTINGS)
@given(data=st.data())
def test_first_trick_matches_the_reference(data):
    pos = data.draw(first_trick_positions())
    seat = data.draw(st.integers(0, 3))
    result = _check(pos, seat)
    # The legal cards the engine lists are the game's (the bans).
    assert {m.card for m in result.moves} == set(pos.legal_moves())


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_every_seat_and_the_line(data):
    pos = data.draw(busca_positions())
    seat = data.draw(st.integers(0, 3))
    result = ciapano.solve(pos, seat, all_seats=True)
    assert list(result.seats) == [reference_value(pos, s) for s in range(4)]
    end = pos.play_all(result.line)
    assert end.is_over()
    assert end.score()[seat] == result.value


def test_first_trick_bans_are_the_engines_legal_cards():
    pos = ciapano.load("positions/busca_first_trick.json")
    assert {m.card for m in ciapano.solve(pos, max_nodes=10_000).moves} == set(pos.legal_moves())


@pytest.mark.parametrize("path", ["positions/busca_endgame4.json"])
def test_shipped_endgame(path):
    pos = ciapano.load(path)
    for seat in range(4):
        assert ciapano.solve(pos, seat).value == reference_value(pos, seat)


def _played(seed: int, tricks: int) -> ciapano.Position:
    """A random Busca deal after ``tricks`` tricks of random legal play (seeded)."""
    return refcheck.played(ciapano.Busca(), seed, tricks)


def _points_reference(pos: ciapano.Position, seat: int) -> int:
    """The points game by plain minimax: the least number of points ``seat`` can hold its gain
    to from here to the end (the last trick's 3 included), every other seat against it.  The
    gain from a position depends on the cards still to play and who leads, not on the points
    taken before it: the memo is keyed on those."""
    memo: dict[tuple, int] = {}

    def gain(p: ciapano.Position) -> int:
        key = (p.hands, p.trick, p.leader, p.first_trick)
        if key not in memo:
            if p.is_over():
                memo[key] = 3 if p.leader == seat else 0
            else:
                values = []
                for c in p.legal_moves():
                    child = p.play(c)
                    values.append(child.taken[seat] - p.taken[seat] + gain(child))
                memo[key] = min(values) if p.to_move == seat else max(values)
        return memo[key]

    return gain(pos)


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 10**6), tricks=st.integers(6, 7), seat=st.integers(0, 3))
def test_points_game_matches_its_reference_in_any_order_of_windows(seed, tricks, seat):
    # The points game bounds Busca's search (ext/busca/game_search.pxd).  Its answers to
    # null windows asked one after the other on one table must agree with the plain minimax:
    # a window outside the node's static bounds once made it store a wrong bound, which small
    # positions and fresh tables did not show.
    pos = _played(seed, tricks)
    truth = _points_reference(pos, seat)
    busca = engine.engine_for("busca")
    assert busca.points_game_value(engine.open_search(pos, 8), seat) == truth
    rng = __import__("random").Random(seed)
    core = engine.open_search(pos, 8)
    for a in [rng.randrange(-2, 20) for _ in range(6)]:
        r = busca._points_game_window(core, seat, a)
        assert (r <= a) == (truth <= a), (a, r, truth)


def _worst_busche_reference(taken: list[int], seat: int, still: int, gain: int) -> int:
    """The most busche ``seat`` scores (ciapano.busca_penalties) over every way the other seats
    can share the ``still - gain`` points ``seat`` does not take."""
    rest = still - gain
    others = [i for i in range(4) if i != seat]
    most = 0
    for a in range(rest + 1):
        for b in range(rest - a + 1):
            final = list(taken)
            final[seat] += gain
            for i, g in zip(others, (a, b, rest - a - b), strict=True):
                final[i] += g
            most = max(most, ciapano.busca_penalties(final)[seat])
    return most


@settings(max_examples=400, **SETTINGS)
@given(
    cuts=st.lists(st.integers(0, 40), min_size=4, max_size=4),
    seat=st.integers(0, 3),
    share=st.floats(0, 1),
    level=st.none() | st.integers(0, 3),
)
def test_worst_busche_is_the_most_over_every_split_of_the_rest(cuts, seat, share, level):
    # game.worst_busche bounds every cut of the points game (ext/busca/game_search.pxd) and the
    # cheap bounds: the most busche P scores gaining exactly x of the points still to take,
    # the others sharing the rest in any way.  Against every split of the rest, for points
    # taken that leave the rest of the 40 to take (the ends that matter: seats on none, ties
    # of 2, 3 and 4 on the most, one seat with everything).  `level`: P's gain brings it level
    # with that seat's points so far, where it can be (that seat then ties unless it gains).
    edges = sorted(cuts)
    taken = [edges[0], edges[1] - edges[0], edges[2] - edges[1], edges[3] - edges[2]]
    still = 40 - edges[3]
    gain = round(share * still)
    if level is not None and 0 <= taken[level] - taken[seat] <= still:
        gain = taken[level] - taken[seat]
    busca = engine.engine_for("busca")
    core = engine.open_search(_played(1, 2), 1)
    assert busca._worst_busche(core, taken, seat, still, gain) == _worst_busche_reference(
        taken, seat, still, gain
    ), (taken, seat, still, gain)


@settings(max_examples=25, **SETTINGS)
@given(seed=st.integers(0, 10**6), seat=st.integers(0, 3))
def test_positions_of_four_cards_match_the_reference(seed, seat):
    pos = _played(seed, 6)
    _check(pos, seat)


@pytest.mark.parametrize("tricks", [2, 3])
def test_points_game_answers_any_window_as_a_fresh_table_does(tricks):
    # Larger positions than the reference can take (7 and 8 cards a hand): null windows asked
    # one after the other on one table, some outside the node's static bounds, must agree
    # with the value a fresh table finds.  The bug this guards against (a window outside the
    # static bounds searched with an empty window, its result stored as a bound) showed on
    # about one position in a hundred of these, and on none of 3 or 4 cards.
    busca = engine.engine_for("busca")
    rng = __import__("random").Random(tricks)
    for seed in range(40):
        pos = _played(seed, tricks)
        for seat in range(4):
            truth = busca.points_game_value(engine.open_search(pos, 8), seat)
            core = engine.open_search(pos, 8)
            for a in [rng.randrange(-4, 30) for _ in range(10)]:
                r = busca._points_game_window(core, seat, a)
                assert (r <= a) == (truth <= a), (seed, seat, a, r, truth)


def _trick_starts_of_one_deal(seed: int, count: int):
    """A Busca deal (10 cards a hand) and ``count`` trick starts of it after its first trick: each
    seat holding 2 to 6 of its cards, the others won at random, so that many of them have the
    same cards and holders in relative ranks with other points (busca/variants.pxd)."""
    game = ciapano.Busca()
    rng = __import__("random").Random(seed)
    cards = sorted(game.deck)
    rng.shuffle(cards)
    deal = [cards[10 * s : 10 * s + 10] for s in range(4)]
    positions = []
    for _ in range(count):
        k = rng.choice([2, 3, 3, 4, 4, 5, 6])
        hands = [rng.sample(deal[s], k) for s in range(4)]
        gone = [c for c in cards if not any(c in h for h in hands)]
        rng.shuffle(gone)
        won = [[], [], [], []]
        for t in range(0, len(gone), 4):
            won[rng.randrange(4)] += gone[t : t + 4]
        positions.append(ciapano.Position(hands, rng.randrange(4), won=won, game=game))
    return ciapano.Position(deal, 0, game=game), positions


@pytest.mark.parametrize("seed", range(3))
def test_points_game_positions_with_other_points_bound_each_other(seed):
    # busca/variants.pxd: the points game keeps a table keyed by the cards without their
    # points, which bounds a trick start from one of the same shape with other points.  Many
    # trick starts of one deal asked on one table (Search.set_root keeps it), every seat: the
    # same points game values as a fresh search without the technique, and as the plain
    # minimax for the smallest; the technique must have cut (its counter), or the test would
    # prove nothing.
    busca = engine.engine_for("busca")
    root, positions = _trick_starts_of_one_deal(seed, 80)
    game = root.game
    core = engine.open_search(root, 16)
    for pos in positions:
        core.set_root(*engine.core_root(game, *engine.root_args(pos)))
        for seat in range(4):
            got = busca.points_game_value(core, seat)
            fresh = engine.open_search(pos, 16, engine.OPTION_ALL & ~engine.OPTION_VARIANTS)
            assert got == busca.points_game_value(fresh, seat), (seed, pos, seat)
            if len(pos.hands[0]) <= 3:
                assert got == _points_reference(pos, seat), (seed, pos, seat)
    assert core.stats["variant_cuts"] > 0
