"""Hypothesis strategies: random open-hand positions with the hard cases of the rules.

The positions are small enough for the pure-Python reference (``ciapano.reference``) yet cover
what the search core can get wrong: 3, 4 and 5 players; positions in the middle of a trick; the
3-player discard (often a point card, which goes to the last trick's winner); points taken so
far that leave cappotto possible for one seat or for none; residues of
thirds that make the last trick cost 1, 2 or 3 points; every cappotto option; suits crowded
enough that following suit, voids and adjacent cards of unequal points all occur.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from ciapano import CARDS, Card, Position, Rules, Suit
from ciapano.dealing import random_deal

MAX_HAND = {3: 4, 4: 3, 5: 3}


@st.composite
def positions(draw, players=None, max_hand=None, mid_trick=True, cappotto_bias=True):
    """A random valid position with a few cards per hand (small enough for the reference)."""
    n = draw(st.sampled_from([3, 4, 5])) if players is None else players
    limit = MAX_HAND[n] if max_hand is None else max_hand
    h = draw(st.integers(1, limit))
    rules = Rules(players=n, cappotto=draw(st.sampled_from(["all", "cards", "off"])))
    order = draw(st.permutations(range(40)))
    # Deal from few suits so that seats must follow suit and cards meet in tricks.
    n_suits = draw(st.integers(2, 4))
    suit_order = draw(st.permutations(list(Suit)))
    suits = set(suit_order[: max(n_suits, -(-n * h // 10))])
    dealt = [CARDS[i] for i in order if CARDS[i].suit in suits][: n * h]
    hands = [dealt[s * h : (s + 1) * h] for s in range(n)]
    rest = [CARDS[i] for i in order if CARDS[i] not in dealt]
    discard = None
    if n == 3:
        # Often a point card, so that the last trick carries it.
        aces = [c for c in rest if c.thirds == 3]
        # (Every ace may be in the hands: then any card.)
        discard = aces[0] if aces and draw(st.booleans()) else rest[0]
        rest.remove(discard)
    leader = draw(st.integers(0, n - 1))
    taken = [0] * n
    if cappotto_bias and draw(st.booleans()):
        # Every point so far to one seat: cappotto is still possible for it.
        taken[draw(st.integers(0, n - 1))] = sum(c.thirds for c in rest)
    else:
        # Completed tricks of n cards, each won by a drawn seat.
        for t in range(0, len(rest), n):
            taken[draw(st.integers(0, n - 1))] += sum(c.thirds for c in rest[t : t + n])
    pos = Position(hands, leader, taken=taken, discard=discard, rules=rules)
    if mid_trick:
        for _ in range(draw(st.integers(0, n - 1))):
            moves = list(pos.legal_moves())
            if not moves:
                break
            pos = pos.play(moves[draw(st.integers(0, len(moves) - 1))])
    return pos


def seats(position: Position):
    """A perspective seat of the position."""
    return st.integers(0, position.players - 1)


def card_list(cards) -> list[str]:
    return [Card(c).text for c in cards]


def played_deal(players: int, seed: int, cards: int) -> Position:
    """The full deal ``ciapano.dealing.random_deal(players, seed)`` after ``cards`` cards of
    random play seeded by ``seed``: mid-size positions, too large for the reference."""
    pos = random_deal(players, seed)
    rng = np.random.default_rng(seed)
    for _ in range(cards):
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[rng.integers(len(moves))])
    return pos


@st.composite
def point_run_positions(draw):
    """A position where cappotto is still possible (every point taken so far is one seat's)
    and one hand holds an ace next to another point card of its suit (2 or K): cards that are
    quasi-equivalent and both carry points, which the search compares even then."""
    n = draw(st.sampled_from([3, 4, 5]))
    h = draw(st.integers(2, MAX_HAND[n]))
    rules = Rules(players=n, cappotto=draw(st.sampled_from(["all", "cards"])))
    suits = draw(st.permutations(list(Suit)))[: draw(st.integers(2, 3))]
    suit = suits[0].name
    pair = [Card.parse("A" + suit), Card.parse(draw(st.sampled_from("2K")) + suit)]
    rest = draw(st.permutations([c for c in CARDS if c.suit in suits and c not in pair]))
    others = list(rest[: n * h - 2])
    holder = draw(st.integers(0, n - 1))
    hands = []
    for s in range(n):
        take = h - 2 if s == holder else h
        hands.append((pair if s == holder else []) + others[:take])
        others = others[take:]
    dealt = {c for hand in hands for c in hand}
    out = [c for c in CARDS if c not in dealt]
    discard = None
    if n == 3:
        discard = out.pop(draw(st.integers(0, len(out) - 1)))
    # The cards out of the hands were played: every point of them went to one seat.
    taken = [0] * n
    taken[draw(st.integers(0, n - 1))] = sum(c.thirds for c in out)
    leader = draw(st.integers(0, n - 1))
    return Position(hands, leader, taken=taken, discard=discard, rules=rules)
