"""Classes of equivalent cards (ext/movegen.pxd, ``separating_cards``) against the reference.

Two cards of one hand and suit with equal points are one class when nothing still in play lies
between them in rank; the cards of the current trick count as gone, except the card winning it:
two cards that both lose the trick give it to the same seat with the same points.

Cards with no card in play between them but unequal points are quasi-equivalent
(ext/search.pxd, ``run_known``): their values are within 1 of each other unless the swap
makes or breaks a cappotto, which it cannot when both carry points; and where the perspective
seat surely takes the trick with either, the one with more points is at least as dear to it.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import CARDS, Card, Ciapano, Position, Suit
from ciapano.engine import open_search
from ciapano.games import trick_winner
from ciapano.reference import reference_move_values, reference_value
from strategies import MAX_HAND, point_run_positions


def _classes(pos: Position) -> list[set[str]]:
    return [{CARDS[c].text for c in cls} for cls in open_search(pos, 16).classes()]


def _values(pos: Position, seat: int) -> dict[str, int]:
    return {card.text: v for card, v in reference_move_values(pos, seat).items()}


def test_cards_below_the_winner_are_one_class_across_a_trick_card():
    # Seat 0 led 6H, seat 1 won it so far with 3H; seat 2's 7H and 5H both lose the trick, and
    # only the 6H, already in the trick, lies between them.
    pos = Position(
        [["6H", "4C", "5C"], ["3H", "4S", "5S"], ["7H", "5H", "KC"], ["JC", "6C", "7C"]],
        0,
        taken=[10, 9, 5, 5],
    )
    pos = pos.play("6H").play("3H")
    assert _classes(pos) == [{"7H", "5H"}]
    result = ciapano.solve(pos)
    assert {m.card.text: {e.text for e in m.equivalent} for m in result.moves} == {
        "7H": {"5H"},
        "5H": {"7H"},
    }
    for seat in range(pos.players):
        values = _values(pos, seat)
        assert values["7H"] == values["5H"]


def test_the_winning_card_keeps_cards_apart():
    # Seat 0's 6H leads and wins so far: seat 2's 7H would win the trick, its 5H would not.
    pos = Position(
        [["6H", "4C", "5C"], ["4S", "5S", "6S"], ["7H", "5H", "KC"], ["AC", "6C", "7C"]],
        0,
        taken=[10, 9, 5, 4],
    )
    pos = pos.play("6H").play("4S")
    assert sorted(map(sorted, _classes(pos))) == [["5H"], ["7H"]]
    # For seat 0 the two cards are worth different amounts: one class would be wrong.
    assert _values(pos, 0) == {"7H": 3, "5H": 4}


@st.composite
def split_by_the_trick(draw):
    """A position in the middle of a trick whose mover holds two cards of one suit and equal
    points, between which lie only cards that are gone or in the trick (at least the card
    led); returns it with the two cards."""
    n = draw(st.sampled_from([3, 4, 5]))
    h = draw(st.integers(2, MAX_HAND[n]))
    rules = Ciapano(players=n, cappotto=draw(st.sampled_from(["all", "cards", "off"])))
    suits = draw(st.permutations(list(Suit)))[: draw(st.integers(2, 4))]
    pairs = [
        (lo, hi)
        for lo in CARDS
        for hi in CARDS
        if lo.suit == hi.suit == suits[0]
        and rules.card_points(lo) == rules.card_points(hi)
        and hi.index - lo.index >= 2
    ]
    lo, hi = draw(st.sampled_from(pairs))
    between = [c for c in CARDS if c.suit == lo.suit and lo.index < c.index < hi.index]
    led = draw(st.sampled_from(between))
    kept = [
        c
        for c in CARDS
        if c.suit in suits and not (c.suit == lo.suit and lo.index <= c.index <= hi.index)
    ]
    pool = draw(st.permutations(kept))
    leader = draw(st.integers(0, n - 1))
    mover = (leader + draw(st.integers(1, n - 1))) % n
    hands: list[list] = [[] for _ in range(n)]
    hands[mover] = [lo, hi]
    hands[leader] = [led]
    for seat in range(n):
        while len(hands[seat]) < h:
            hands[seat].append(pool.pop())
    dealt = {c for hand in hands for c in hand}
    rest = [c for c in CARDS if c not in dealt]
    discard = rest.pop(draw(st.integers(0, len(rest) - 1))) if n == 3 else None
    taken = [0] * n
    for t in range(0, len(rest), n):
        taken[draw(st.integers(0, n - 1))] += rules.points(rest[t : t + n])
    pos = Position(hands, leader, taken=taken, discard=discard, game=rules).play(led)
    while pos.to_move != mover:
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[draw(st.integers(0, len(moves) - 1))])
    return pos, lo, hi


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_class_holds_cards_of_one_value(data):
    pos, lo, hi = data.draw(split_by_the_trick())
    seat = data.draw(st.integers(0, pos.players - 1))
    values = _values(pos, seat)
    classes = _classes(pos)
    for cls in classes:
        assert len({values[c] for c in cls}) == 1, (pos, seat, cls, values)
    # The two cards are one class exactly when both lose the trick: the card winning it so far
    # (of their suit, the suit led) is above the higher one, not between them.
    place = (trick_winner(pos.trick, pos.leader, pos.players) - pos.leader) % pos.players
    winner = pos.trick[place]
    together = any({lo.text, hi.text} <= cls for cls in classes)
    assert together == (winner.index > hi.index)


def test_point_cards_are_quasi_equivalent_while_a_cappotto_is_open():
    # Seat 0 holds every point taken so far (it may still take them all); seat 0's 2S and AS
    # both carry points with no card between them, and seat 0 does not surely win the trick
    # with them: the search skips one by the other's value, within 1.
    pos = Position([["2S", "AS"], ["2H", "AH"], ["JS", "7S"]], 1, taken=[23, 0, 0], discard="4S")
    core = open_search(pos, 1)
    value = core.value(0)
    assert core.stats["quasi_cuts"] > 0
    assert value == reference_value(pos, 0)
    assert {card.text: v for card, v in ciapano.solve(pos, 0)} == _values(pos, 0)


@pytest.mark.parametrize("seat", [2, 1])
def test_the_card_with_fewer_points_is_dominated_where_P_takes_the_trick(seat):
    # Seat 2 holds AS and KS with no card between them; seat 0 leads JS and seat 1's 2S wins
    # any spade trick.  As P (seat 2), the king is at least as good as the ace wherever P
    # takes the trick with either; for P = seat 1, whose 2S takes seat 2's card, the ace is
    # at least as good for seat 2 as the king.  Either way one card is not searched.
    pos = Position([["JS", "5H"], ["2S", "QS"], ["AS", "KS"]], 0, taken=[25, 0, 0], discard="4S")
    core = open_search(pos, 1)
    assert core.value(seat) == reference_value(pos, seat)
    assert core.stats["dominance_cuts"] > 0
    assert {card.text: v for card, v in ciapano.solve(pos, seat)} == _values(pos, seat)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_quasi_equivalent_point_cards_keep_values_exact(data):
    pos = data.draw(point_run_positions())
    seat = data.draw(st.integers(0, pos.players - 1))
    assert {card.text: v for card, v in ciapano.solve(pos, seat)} == _values(pos, seat)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_block_of_one_seats_cards_is_the_same_game_whatever_the_order_of_its_points(data):
    # Cards of one seat with no other seat's card between them compare alike against every
    # other card, so which of them is higher never matters: the ace with the king below it or
    # with the 2 above it is the same game (the table shares its entry: ext/ttable.pxd,
    # tt_key), whether the seat holds the whole suit or another seat holds the queen below
    # and the 3 above.  Every seat's value must agree, and match the reference.
    n = data.draw(st.sampled_from([3, 4]))
    h = data.draw(st.integers(2, MAX_HAND[n]))
    suits = data.draw(st.permutations([Suit.S, Suit.D, Suit.C]))[: data.draw(st.integers(1, 2))]
    pool = data.draw(st.permutations([c for c in CARDS if c.suit in suits]))
    holder = data.draw(st.integers(0, n - 1))
    other = (holder + data.draw(st.integers(1, n - 1))) % n
    around = data.draw(st.sampled_from([(), ("QH",), ("3H",), ("QH", "3H")]))
    around = [Card.parse(t) for t in around][:h]
    hands, k = [], 0
    for s in range(n):
        take = h - 2 if s == holder else h - len(around) if s == other else h
        hands.append(list(pool[k : k + take]) + (around if s == other else []))
        k += take
    pairs = (["AH", "KH"], ["AH", "2H"])
    dealt = {c for hand in hands for c in hand} | {Card.parse(t) for t in ("AH", "KH", "2H")}
    out = [c for c in CARDS if c not in dealt]
    discard = out.pop() if n == 3 else None
    # The cards played so far; the king or the 2, whichever is not held (a third either way).
    taken = [0] * n
    for t in range(0, len(out), n):
        taken[data.draw(st.integers(0, n - 1))] += Ciapano(n).points(out[t : t + n])
    taken[data.draw(st.integers(0, n - 1))] += 1
    leader = data.draw(st.integers(0, n - 1))
    rules = Ciapano(players=n, cappotto=data.draw(st.sampled_from(["all", "cards", "off"])))
    values = []
    for pair in pairs:
        own = [list(hand) for hand in hands]
        own[holder] = own[holder] + pair
        pos = Position(own, leader, taken=taken, discard=discard, game=rules)
        values.append([ciapano.value(pos, seat) for seat in range(n)])
    assert values[0] == values[1]
    assert values[0] == [reference_value(pos, seat) for seat in range(n)]
