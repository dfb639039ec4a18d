"""Piedicavallo tarocchi's rules (``docs/rules.md#piedicavallo``, ``../shared/RULES.md`` §4):
the card points, legal cards (follow suit, else trump, the Fool at any time), the trick's
winner, the voids a card shows and the hand's score.

The properties are checked on random hands and tricks against the rules' own statements (the
cards a seat holds decide what it may play; the voids a card shows must hold of the hand it was
played from), not against a second copy of the code.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ciapano import TAROCCHI_62, CardSet, GameError, TarotCard, TarotSuit
from ciapano.games import Tarocchi, find_game

GAME = Tarocchi()
FOOL = TarotCard("FOOL")


def test_the_game():
    assert (GAME.players, GAME.hand_size, GAME.set_aside_size, GAME.deal_size) == (4, 15, 2, 62)
    assert GAME.tricks == 15 and not GAME.lower_is_better and GAME.counts_tricks
    assert GAME.sides == ((0, 2), (1, 3))
    assert GAME.side_of(2) == (0, 2) and GAME.side_of(3) == (1, 3)
    assert GAME.deck is TAROCCHI_62 and GAME.fool is FOOL and GAME.trump is TarotSuit.T
    assert GAME.value_bounds == (0, 114) and repr(GAME) == "Tarocchi()"
    with pytest.raises(GameError, match="players"):
        Tarocchi(players=3)
    with pytest.raises(GameError, match="not a known game"):
        find_game("tarocchi")  # not among the games files name until positions take it


def test_card_points_add_up_to_114():
    # Kings, the Fool, trumps 1 and 21: 5; queens 4; horses 3; jacks 2; every other card 1.
    points = {c.text: GAME.card_points(c) for c in TAROCCHI_62}
    assert sum(points.values()) == GAME.card_total == 114
    fives = sorted(t for t, p in points.items() if p == 5)
    assert fives == sorted(["KS", "KH", "KD", "KC", "FOOL", "1T", "21T"])
    assert [points[r + "D"] for r in ("Q", "N", "J", "1", "6")] == [4, 3, 2, 1, 1]
    assert points["10S"] == points["20T"] == 1
    assert GAME.points(TAROCCHI_62.parse_cards("KS QS 21T FOOL")) == 19
    with pytest.raises(GameError, match="not a card of the tarocchi deck"):
        GAME.card_points(CardSet("3S").__iter__().__next__())


CARDS = list(TAROCCHI_62)


@st.composite
def hands_and_tricks(draw):
    """A hand of 1 to 15 cards and a trick of 0 to 3 other cards (the Fool anywhere)."""
    order = draw(st.permutations(range(62)))
    size = draw(st.integers(1, 15))
    hand = CardSet(CARDS[i] for i in order[:size])
    trick = [CARDS[i] for i in order[size : size + draw(st.integers(0, 3))]]
    return hand, trick


def _led(trick):
    return next((c for c in trick if c is not FOOL), None)


@settings(max_examples=400, deadline=None)
@given(hands_and_tricks())
def test_legal_cards_follow_the_rules(case):
    hand, trick = case
    legal = GAME.legal_moves(hand, trick)
    assert legal and not legal - hand
    if FOOL in hand:
        assert FOOL in legal  # the Fool may always be played
    led = _led(trick)
    if led is None:
        assert legal == hand  # a lead, or the card after a Fool led, is free
    elif hand.suit(led.suit):
        assert legal - CardSet([FOOL]) == hand.suit(led.suit)
    elif hand.suit(TarotSuit.T):
        assert legal - CardSet([FOOL]) == hand.suit(TarotSuit.T)
    else:
        assert legal == hand
    for card in hand:
        reason = GAME.why_illegal(hand, trick, card)
        assert (reason is None) == (card in legal), (card, reason)


@settings(max_examples=400, deadline=None)
@given(hands_and_tricks())
def test_the_voids_a_card_shows_hold_of_its_hand(case):
    hand, trick = case
    for card in GAME.legal_moves(hand, trick):
        for suit in GAME.revealed_voids(trick, card):
            assert not hand.suit(suit), (card, suit, hand)
    led = _led(trick)
    if led is not None and not hand.suit(led.suit) and FOOL not in hand:
        # A seat that did not follow shows it; one that did not trump either shows no trumps.
        for card in GAME.legal_moves(hand, trick):
            shown = GAME.revealed_voids(trick, card)
            assert led.suit in shown
            assert (TarotSuit.T in shown) == (card.suit is not TarotSuit.T)


@settings(max_examples=400, deadline=None)
@given(st.permutations(range(62)), st.integers(0, 3))
def test_the_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led(order, leader):
    cards = [CARDS[i] for i in order[:4]]
    if cards.count(FOOL) == len(cards):
        return
    winner = GAME.trick_winner(cards, leader)
    card = cards[(winner - leader) % 4]
    assert card is not FOOL
    trumps = [c for c in cards if c.suit is TarotSuit.T]
    if trumps:
        assert card is max(trumps, key=lambda c: c.rank)
    else:
        led = _led(cards)
        assert card is max((c for c in cards if c.suit is led.suit), key=lambda c: c.rank)


def test_a_fool_led_lets_the_next_card_set_the_suit():
    t = TarotCard
    assert GAME.trick_winner([FOOL, t("5C"), t("KS"), t("6C")], 0) == 3  # 6C beats 5C, KS off suit
    assert GAME.trick_winner([t("5C"), FOOL, t("KC"), t("1T")], 1) == 0  # the 1 of trumps wins
    assert GAME.legal_moves(TAROCCHI_62.parse_cards("KS 1T"), [FOOL]) == TAROCCHI_62.parse_cards(
        "KS 1T"
    )
    assert GAME.revealed_voids([FOOL], t("KS")) == frozenset()


def test_the_hand_score():
    # Both partnerships won tricks: each scores its piles (the Fool with its player, the
    # discards with the dealer).
    assert GAME.hand_score([60, 20, 34, 0], 0, [8, 3, 4, 0]) == [94, 20, 94, 20]
    # A partnership without a trick gives its Fool and discards away: 0 against 114.
    assert GAME.hand_score([5, 50, 2, 57], 3, [0, 7, 0, 8]) == [0, 114, 0, 114]
    with pytest.raises(GameError, match=r"^taken"):
        GAME.hand_score([60, 20, 34, 1], 0, [8, 3, 4, 0])
    with pytest.raises(GameError, match=r"^tricks"):
        GAME.hand_score([60, 20, 34, 0], 0, [8, 3, 4, 1])
    with pytest.raises(GameError, match=r"^tricks"):
        GAME.hand_score([60, 20, 34, 0], 0)
