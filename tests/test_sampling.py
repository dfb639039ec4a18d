"""Tests of information sets and of the exactly uniform sampling of hidden hands.

The count and the numbering of consistent deals are checked against a brute-force enumeration
(every assignment of the unseen cards to the hidden hands, kept if it respects the sizes and
voids), and the samples' frequencies against the uniform distribution with a chi-square test at
fixed seeds.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

import ciapano
from ciapano import (
    DECK,
    CardSet,
    InformationSet,
    Position,
    PositionError,
    Suit,
    sample_deals,
)
from ciapano.dealing import random_deal
from ciapano.sampling import _randbelow
from strategies import positions

ROOT = Path(__file__).resolve().parents[1]
HISTORY = json.loads((ROOT / "positions" / "history4_three_tricks_left.json").read_text("utf-8"))


def _info(hand, unseen, sizes, voids, players=4, view=0, discard=None):
    """An information set at a trick's start, every other card played; seat ``view`` leads."""
    gone = DECK - CardSet(hand) - CardSet(unseen)
    if discard is not None:
        gone = gone.remove(discard)
    taken = [0] * players
    taken[view] = ciapano.Ciapano(players).points(gone)
    return InformationSet(
        view, CardSet(hand), sizes, view, taken=taken, gone=gone, discard=discard, voids=voids,
        game=ciapano.Ciapano(players=players),
    )  # fmt: skip


# 4 players: six unseen cards, two per hidden hand; seat 1 void in H, seat 3 void in S.
SMALL4 = _info(["4C", "5C"], ["3S", "2S", "3H", "2H", "3D", "2D"], (2, 2, 2, 2), {1: "H", 3: "S"})
# 3 players, seat 0 not the dealer: five unseen cards for two hands of two and the discard;
# seat 1 void in S, seat 2 void in D (the discard is never constrained by a void).
SMALL3 = _info(["4C", "5C"], ["3S", "2S", "3D", "2D", "3H"], (2, 2, 2), {1: ["S"], 2: ["D"]},
               players=3)  # fmt: skip


def _brute_force(info: InformationSet) -> set[tuple[CardSet, ...]]:
    """Every assignment of the unseen cards to the hidden hands (and the unseen discard) with
    the right sizes and no card in a void suit: hidden hands in seat order, then the discard."""
    slots = [(info.sizes[s], info.voids[s]) for s in info.hidden_seats]
    if info.discard_hidden:
        slots.append((1, frozenset()))
    cards = list(info.unseen)
    out = set()
    for where in itertools.product(range(len(slots)), repeat=len(cards)):
        held = [[] for _ in slots]
        for card, j in zip(cards, where, strict=True):
            held[j].append(card)
        if all(
            len(h) == room and not any(c.suit in void for c in h)
            for h, (room, void) in zip(held, slots, strict=True)
        ):
            out.add(tuple(CardSet(h) for h in held))
    return out


def _key(info: InformationSet, pos: Position) -> tuple[CardSet, ...]:
    key = tuple(pos.hands[s] for s in info.hidden_seats)
    if info.discard_hidden:
        key += (CardSet([pos.discard]),)
    return key


@pytest.mark.parametrize("info", [SMALL4, SMALL3], ids=["4 players", "3 players, discard"])
def test_the_numbering_is_a_bijection_onto_the_consistent_deals(info):
    every = _brute_force(info)
    assert info.count_deals() == len(every) > 1
    numbered = [_key(info, info.deal(i)) for i in range(info.count_deals())]
    assert len(set(numbered)) == len(numbered)
    assert set(numbered) == every
    for i in (0, info.count_deals() - 1):
        assert info.consistent(info.deal(i))


@pytest.mark.parametrize(
    ("info", "seed"), [(SMALL4, 11), (SMALL3, 12)], ids=["4 players", "3 players, discard"]
)
def test_samples_are_uniform_over_the_consistent_deals(info, seed):
    every = sorted(_brute_force(info), key=lambda k: [c.mask for c in k])
    per_deal = 60
    samples = sample_deals(info, per_deal * len(every), seed=seed)
    assert all(info.consistent(p) for p in samples)
    counts = Counter(_key(info, p) for p in samples)
    assert set(counts) == set(every)
    observed = [counts[k] for k in every]
    _, p_value = chisquare(observed)
    assert p_value > 0.001, (p_value, observed)


def test_the_chi_square_test_rejects_a_skewed_sampler():
    # Greedy dealing (each unseen card in turn to a random hand that still has room and is not
    # void) is not uniform; the test above must be able to see it.
    info = SMALL4
    every = sorted(_brute_force(info), key=lambda k: [c.mask for c in k])
    rng = random.Random(3)
    slots = [(info.sizes[s], info.voids[s]) for s in info.hidden_seats]
    counts: Counter = Counter()
    while sum(counts.values()) < 60 * len(every):
        held = [[] for _ in slots]
        for card in info.unseen:
            able = [j for j, (room, void) in enumerate(slots)
                    if len(held[j]) < room and card.suit not in void]  # fmt: skip
            if not able:
                break
            held[rng.choice(able)].append(card)
        key = tuple(CardSet(h) for h in held)
        if key in every:
            counts[key] += 1
    _, p_value = chisquare([counts[k] for k in every])
    assert p_value < 0.001


def test_the_same_seed_gives_the_same_deals_and_a_prefix_for_fewer():
    info = InformationSet.from_history(HISTORY["deal"], HISTORY["dealer"], HISTORY["play"][:9])
    a = sample_deals(info, 6, seed=5)
    assert a == sample_deals(info, 6, seed=5)
    assert a[:3] == sample_deals(info, 3, seed=5)
    assert a != sample_deals(info, 6, seed=6)
    assert sample_deals(info, 2, seed=np.random.default_rng(5)) == a[:2]


def test_deal_numbers_come_from_the_raw_pcg64_stream():
    # The documented method, re-done by hand: the top bits of raw 64-bit words, again if >= n.
    n = 5_550_996_791_340  # the deals of 30 unseen cards into three hands of 10
    rng = np.random.default_rng(2024)
    raw = np.random.default_rng(2024).bit_generator
    for _ in range(20):
        while True:
            want = int(raw.random_raw()) >> (64 - (n - 1).bit_length())
            if want < n:
                break
        assert _randbelow(rng, n) == want
    big = 3**100  # more than one word
    assert 0 <= _randbelow(rng, big) < big
    assert _randbelow(rng, 1) == 0


def test_the_opening_count_is_the_multinomial():
    pos = random_deal(4, 3)
    info = InformationSet.from_position(pos, 0)
    assert info.count_deals() == 5_550_996_791_340  # 30! / (10!)^3
    pos3 = random_deal(3, 3)
    assert InformationSet.from_position(pos3, 0).count_deals() == 280_816_200  # 27!/(13!13!1!)
    assert InformationSet.from_position(pos3, 2, dealer=2).count_deals() == 10_400_600  # 26!/13!^2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_count_and_numbering_match_brute_force_on_random_views(data):
    n = data.draw(st.sampled_from([3, 4]))
    pos = data.draw(positions(players=n, max_hand=3 if n == 4 else 2))
    view = data.draw(st.integers(0, n - 1))
    # Claim a random part of the true voids (a void only if the seat truly holds no card).
    true_voids = {s: [x for x in Suit if not pos.hands[s].suit(x)] for s in range(n) if s != view}
    voids = {s: data.draw(st.lists(st.sampled_from(v), unique=True)) if v else []
             for s, v in true_voids.items()}  # fmt: skip
    dealer = data.draw(st.sampled_from([None, view])) if n == 3 else None
    info = InformationSet.from_position(pos, view, voids=voids, dealer=dealer)
    assert info.consistent(pos)
    every = _brute_force(info)
    assert info.count_deals() == len(every)
    assert _key(info, pos) in every
    numbers = data.draw(st.lists(st.integers(0, len(every) - 1), min_size=1, max_size=5))
    for i in numbers:
        deal = info.deal(i)
        assert info.consistent(deal)
        assert _key(info, deal) in every


# -- information sets from histories ------------------------------------------------------------


def test_history_voids_are_those_the_play_revealed():
    deal, dealer, play = HISTORY["deal"], HISTORY["dealer"], HISTORY["play"]
    start = Position.from_deal(deal, dealer)
    pos = start
    shown: dict[int, set[Suit]] = {s: set() for s in range(4)}
    for k, card in enumerate(play):
        info = InformationSet.from_history(deal, dealer, play[:k], view=pos.to_move)
        assert info.voids == tuple(frozenset(shown[s]) for s in range(4))
        assert info.consistent(pos)
        assert info.hand == pos.hands[pos.to_move]
        if pos.trick and ciapano.Card(card).suit != pos.trick[0].suit:
            shown[pos.to_move].add(pos.trick[0].suit)
        pos = pos.play(card)
    assert any(shown.values())  # the record has someone showing out


def test_three_player_discard_is_known_only_to_the_dealer():
    pos = random_deal(3, 8)
    deal = [h.texts() for h in pos.hands]
    for view in range(3):
        info = InformationSet.from_history(deal, 2, [], view, discard=pos.discard)
        assert (info.discard is not None) == (view == 2)
        assert (pos.discard in info.unseen) == (view != 2)
        assert info.consistent(pos)
        assert ciapano.view_from_dict(info.to_dict()) == info  # with or without the discard
        samples = sample_deals(info, 30, seed=view)
        discards = {p.discard for p in samples}
        assert discards == {pos.discard} if view == 2 else len(discards) > 1


def test_view_at_is_the_players_view_before_its_card():
    play = HISTORY["play"]
    for index in (0, 5, 17, 27):
        info = ciapano.view_at(HISTORY, index)
        before = Position.from_deal(HISTORY["deal"], HISTORY["dealer"]).play_all(play[:index])
        assert info.view == before.to_move == info.to_move
        assert ciapano.Card(play[index]) in info.legal_moves()
        assert info.consistent(before)
    with pytest.raises(PositionError, match=r"^index: 40 "):
        ciapano.view_at(HISTORY, 40)


# -- views in files ---------------------------------------------------------------------------


def test_a_view_round_trips_through_its_snapshot_form():
    info = InformationSet.from_history(HISTORY["deal"], HISTORY["dealer"], HISTORY["play"][:22], 1)
    text = json.dumps(info.to_dict())
    assert ciapano.loads_view(text) == info
    data = info.to_dict()
    assert data["hands"][0] == info.sizes[0] and isinstance(data["hands"][1], list)
    # With 'taken' and 'gone' instead of 'won'.
    gone = [c for w in data.pop("won") for c in w]
    data.update(taken=list(info.taken), gone=gone)
    again = ciapano.view_from_dict(data)
    assert (again.gone, again.taken, again.count_deals()) == (info.gone, info.taken,
                                                             info.count_deals())  # fmt: skip
    # A history with "view" gives the same view.
    assert ciapano.view_from_dict({**HISTORY, "play": HISTORY["play"][:22], "view": 1}) == info


def test_an_open_position_file_seen_by_one_seat():
    pos = ciapano.load(ROOT / "positions" / "endgame4_midtrick.json")
    data = json.loads(ciapano.dumps(pos))
    info = ciapano.view_from_dict(data, view=pos.to_move)
    assert info == InformationSet.from_position(pos, pos.to_move)
    assert info.consistent(pos)
    assert ciapano.view_from_dict(data) == info  # the seat to move by default
    # A view read as an open position is refused, naming the hidden hand.
    with pytest.raises(PositionError, match=r"^hands\[\d\]: \d+ is a number of hidden cards"):
        ciapano.from_dict(info.to_dict())


BAD_VIEWS = [
    # id, change to the view of seat 1 after 4 tricks, field, mention
    ("voids no deal fits", {"voids": {"0": ["S", "H"], "2": ["S", "H"], "3": ["S", "H"]}},
     "voids", "unseen"),
    ("a suit void everywhere", {"voids": {"0": ["C"], "2": ["C"], "3": ["C"]}}, "voids",
     "every hidden hand is void in C"),
    ("viewer void in a suit it holds", {"voids": {"1": ["D"]}}, "voids.1", "holds"),
    ("sizes not adding up", {"hands": [5, None, 6, 6]}, "hands[0]", "5"),
    ("count for the viewer", {"hands": [6, 6, 6, 6], "view": 1}, "hands[1]", "viewer"),
    ("no viewer named", {"hands": [6, ["7H"], ["3D"], 6], "view": None}, "view", "missing"),
    ("view not a seat", {"view": 4}, "view", "4"),
    ("bad void suit", {"voids": {"2": ["X"]}}, "voids.2[0]", "'X'"),
    ("void key not a seat", {"voids": {"x": ["H"]}}, "voids", "'x'"),
    ("taken without gone", {"won": None, "taken": [1, 1, 1, 1]}, "gone", "missing"),
    ("hidden count out of range", {"hands": [14, None, 6, 6]}, "hands[0]", "14"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "field", "mention"), [b[1:] for b in BAD_VIEWS], ids=[b[0] for b in BAD_VIEWS]
)
def test_bad_views(change, field, mention):
    info = InformationSet.from_history(HISTORY["deal"], HISTORY["dealer"], HISTORY["play"][:16], 1)
    data = info.to_dict()
    for key, value in change.items():
        if value is None:
            data.pop(key, None)
        elif key == "hands":
            data[key] = [data["hands"][1] if v is None else v for v in value]
        else:
            data[key] = value
    with pytest.raises(PositionError) as e:
        ciapano.view_from_dict(data)
    assert e.value.field == field, str(e.value)
    assert str(e.value).startswith(f"{field}: ")
    assert mention in str(e.value)
    assert "\n" not in str(e.value)
