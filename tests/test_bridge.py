"""Contract bridge's card play (``docs/rules.md#bridge``; the Laws of Duplicate Bridge, law 44):
the 52-card deck, legal cards (follow suit, else any card: no duty to trump), the trick's winner,
the hand's score in tricks, PBN deal strings, position files, and values in tricks from here on.

The rules are checked against their own statements on random hands and tricks (the cards a seat
holds decide what it may play; the winning card beats every other card of the trick), the values
against endings whose outcome is plain by reasoning (a side holding every top card takes every
trick; a ruff), not against a second copy of the code.
"""

from __future__ import annotations

import json
import pickle
import random

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import (
    BRIDGE_52,
    BRIDGE_BASE,
    Bridge,
    BridgeCard,
    BridgeSuit,
    Card,
    CardError,
    CardSet,
    GameError,
    Position,
    PositionError,
    Suit,
)
from ciapano.cards import BRIDGE_CARDS
from ciapano.games import find_game, game_from_dict
from ciapano.reference import reference_move_values, reference_value

#: Ranks from high to low as bridge writes them.
RANKS = "AKQJT98765432"
TEXTS = [r + s for s in "SHDC" for r in RANKS]
CARDS = list(BRIDGE_52)


def cards(text: str) -> CardSet:
    return BRIDGE_52.parse_cards(text)


# -- cards and the deck ------------------------------------------------------------------------


@pytest.mark.parametrize("text", TEXTS)
def test_card_text_round_trips(text):
    card = BridgeCard(text)
    assert card.text == str(card) == text and BridgeCard.parse(text) is card
    assert BRIDGE_52.parse(text) is card and BRIDGE_52.card(text) is card
    assert BridgeCard(text.lower()) is card
    assert BridgeCard(text[0] + "♠♥♦♣"["SHDC".index(text[1])]) is card
    assert card.unicode() == text[0] + card.suit.symbol
    assert Card(card.index) is card and BridgeCard(card.index) is card
    assert eval(repr(card), {"BridgeCard": BridgeCard}) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_the_ten_is_t_and_10_is_read_too():
    assert BridgeCard("10S") is BridgeCard("TS") is BridgeCard(" 10s ") is BridgeCard("t♠")
    assert BridgeCard("10S").text == "TS"


def test_card_layout_a_higher_bit_is_a_higher_card():
    # The index is BRIDGE_BASE + 13 * suit + rank, rank 0 the two ... 12 the ace.
    for s, suit in enumerate("SHDC"):
        for r, rank in enumerate(reversed(RANKS)):
            card = BridgeCard(rank + suit)
            assert card.index == BRIDGE_BASE + 13 * s + r
            assert card.rank == r and card.suit is BridgeSuit(s)
    assert BRIDGE_BASE == 128 and BridgeCard("AS").rank == 12 and BridgeCard("2C").rank == 0


def test_the_deck_has_52_cards_in_4_suits_of_13():
    assert len(BRIDGE_52) == BRIDGE_52.size == 52 and BRIDGE_52.name == "bridge-52"
    assert BRIDGE_52.base == BRIDGE_BASE and BRIDGE_52.card_type is BridgeCard
    assert BRIDGE_52.bridge and not BRIDGE_52.tarot
    assert BRIDGE_52.suits == tuple(BridgeSuit)
    for suit, mask in zip(BridgeSuit, BRIDGE_52.suit_masks, strict=True):
        assert mask == suit.mask == 0x1FFF << (BRIDGE_BASE + 13 * suit)
        assert len(CardSet(mask)) == 13 and {c.suit for c in CardSet(mask)} == {suit}
    assert [c.text for c in BRIDGE_52] == TEXTS  # display order: S H D C, high to low
    assert len(BRIDGE_CARDS) == 52 and set(BRIDGE_CARDS) == set(BRIDGE_52)
    assert eval(repr(BRIDGE_52), {"Deck": ciapano.Deck, "CardSet": CardSet}) == BRIDGE_52


def test_card_sets_hold_bridge_cards():
    hand = cards("2C AS ts 5H KD")
    assert [c.text for c in hand] == ["AS", "TS", "5H", "KD", "2C"]
    assert hand.suit(BridgeSuit.S) == cards("AS TS") == hand.suit(Suit.S)  # a letter's suit
    assert BridgeCard("AS") in hand and Card("AS") not in hand  # the 40-card deck's AS
    assert eval(repr(hand), {"BRIDGE_52": BRIDGE_52}) == hand
    assert pickle.loads(pickle.dumps(hand)) == hand
    with pytest.raises(CardError, match="mixes"):
        ciapano.Deck("both", hand | CardSet("3S"))
    with pytest.raises(CardError, match="179"):
        CardSet(1 << 180)
    assert BRIDGE_52.without("AS 2C").size == 50


@pytest.mark.parametrize("text", ["1S", "FOOL", "11S", "TT", "AX", "", "21T", "NS", "0S"])
def test_bad_bridge_text_raises_card_error_quoting_it(text):
    with pytest.raises(CardError) as e:
        BRIDGE_52.parse(text)
    assert repr(text) in str(e.value)
    with pytest.raises(CardError):
        BridgeCard(text)


def test_bad_bridge_index():
    for index in (127, 180, 39):
        with pytest.raises(CardError, match=str(index)):
            BridgeCard(index)
    with pytest.raises(CardError, match="180"):
        Card(180)


# -- the game ----------------------------------------------------------------------------------

GAME = Bridge()


def test_the_game():
    assert (GAME.players, GAME.hand_size, GAME.tricks, GAME.deal_size) == (4, 13, 13, 52)
    assert GAME.deck is BRIDGE_52 and GAME.card_base == BRIDGE_BASE
    assert GAME.sides == ((0, 2), (1, 3)) and GAME.side_of(3) == (1, 3)
    assert not GAME.lower_is_better and GAME.counts_tricks and GAME.two_sided
    assert GAME.value_bounds == (0, 13) and GAME.value_unit == "tricks"
    assert GAME.value_text(1) == "1 trick" and GAME.value_text(4) == "4 tricks"
    assert GAME.card_total == 0 and GAME.points_by_index == (0,) * 52
    assert find_game("Bridge") is Bridge and repr(GAME) == "Bridge()"
    with pytest.raises(GameError, match=r"^players: 3"):
        Bridge(players=3)


def test_the_trump_option():
    assert GAME.trump is None and GAME.options == {"trump": "NT"}
    for text, suit in (("S", BridgeSuit.S), ("H", BridgeSuit.H), ("d", BridgeSuit.D)):
        game = game_from_dict("bridge", 4, {"trump": text})
        assert game.trump is suit and game.options == {"trump": text.upper()}
        assert game == Bridge(trump=suit) and hash(game) == hash(Bridge(trump=suit))
        assert eval(repr(game), {"Bridge": Bridge}) == game
    assert Bridge(trump="NT") == GAME and Bridge(trump="C") != GAME
    for bad in ("X", "spades", 3, ""):
        with pytest.raises(GameError) as e:
            Bridge(trump=bad)
        assert str(e.value).startswith(f"rules.trump: {bad!r} ")
    with pytest.raises(GameError, match=r"^rules.strain"):
        game_from_dict("bridge", 4, {"strain": "S"})


@st.composite
def hands_and_tricks(draw):
    """A hand of 1 to 13 cards and a trick of 0 to 3 other cards, and a trump suit or none."""
    order = draw(st.permutations(range(52)))
    size = draw(st.integers(1, 13))
    hand = CardSet(CARDS[i] for i in order[:size])
    trick = [CARDS[i] for i in order[size : size + draw(st.integers(0, 3))]]
    trump = draw(st.sampled_from(["S", "H", "D", "C", "NT"]))
    return hand, trick, Bridge(trump=trump)


@settings(max_examples=400, deadline=None)
@given(hands_and_tricks())
def test_follow_suit_else_any_card(case):
    hand, trick, game = case
    legal = game.legal_moves(hand, trick)
    if not trick:
        assert legal == hand
    else:
        led = trick[0].suit
        same = CardSet(c for c in hand if c.suit == led)
        # Follow suit if able; else any card, a trump or not (no duty to trump).
        assert legal == (same or hand)
    for card in hand:
        reason = game.why_illegal(hand, trick, card)
        assert (reason is None) == (card in legal), (card, reason)
        if card in legal:
            for suit in game.revealed_voids(trick, card):
                assert not [c for c in hand if c.suit == suit], (card, suit, hand)


def test_a_trump_is_not_forced():
    game = Bridge(trump="H")
    hand = cards("2H 3C")
    assert game.legal_moves(hand, [BridgeCard("AS")]) == hand
    assert game.revealed_voids([BridgeCard("AS")], BridgeCard("3C")) == {BridgeSuit.S}
    assert "must follow suit S" in game.why_illegal(
        cards("2S 3C"), [BridgeCard("AS")], BridgeCard("3C")
    )


def _beats(a: BridgeCard, b: BridgeCard, led: BridgeSuit, trump: BridgeSuit | None) -> bool:
    """Whether card a beats card b in a trick of the suit led: the rules' own statement."""
    if a.suit == trump and b.suit != trump:
        return True
    if a.suit == b.suit and a.suit in (led, trump):
        return a.rank > b.rank
    return b.suit not in (led, trump) and a.suit == led


@settings(max_examples=400, deadline=None)
@given(st.permutations(range(52)), st.integers(0, 3), st.sampled_from(["S", "H", "D", "C", "NT"]))
def test_the_highest_trump_else_the_highest_of_the_suit_led_wins(order, leader, trump):
    game = Bridge(trump=trump)
    trick = [CARDS[i] for i in order[:4]]
    winner = game.trick_winner(trick, leader)
    best = trick[(winner - leader) % 4]
    for card in trick:
        if card is not best:
            assert _beats(best, card, trick[0].suit, game.trump), (trick, best, card)
    trumps = [c for c in trick if c.suit == game.trump]
    if trumps:
        assert best == max(trumps, key=lambda c: c.rank)
    else:
        assert best == max((c for c in trick if c.suit == trick[0].suit), key=lambda c: c.rank)


def test_trick_winner_examples():
    def won(trump, texts, leader=0):
        return Bridge(trump=trump).trick_winner([BridgeCard(t) for t in texts.split()], leader)

    assert won("NT", "KH AH 2S AS") == 1  # the ace of the suit led; AS is a discard
    assert won("S", "KH AH 2S AS") == 3  # the higher of two ruffs
    assert won("S", "KH AH 2S 3D") == 2  # a ruff beats the ace led
    assert won("D", "KH AH 2S 3C", leader=2) == 3  # no trump played: AH, seat 2 + 1
    assert won("H", "2C 3C 4C 5C", leader=3) == 2  # 5C, the fourth card, seat 3 + 3


def test_the_hand_score_is_each_sides_tricks():
    assert GAME.hand_score([0] * 4, 0, [3, 4, 2, 4]) == [5, 8, 5, 8]
    assert GAME.hand_score([0] * 4, 2, [0, 13, 0, 0]) == [0, 13, 0, 13]
    assert GAME.hand_score([0] * 4, 1, [1, 1, 0, 0]) == [1, 1, 1, 1]  # an ending's tricks
    with pytest.raises(GameError, match=r"^tricks: is missing"):
        GAME.hand_score([0] * 4, 0)
    with pytest.raises(GameError, match=r"^tricks: "):
        GAME.hand_score([0] * 4, 0, [4, 4, 4, 4])  # 16 tricks
    with pytest.raises(GameError, match=r"^taken: "):
        GAME.hand_score([1, 0, 0, 0], 0, [3, 4, 2, 4])
    with pytest.raises(GameError, match=r"^last_trick: "):
        GAME.hand_score([0] * 4, 4, [3, 4, 2, 4])


# -- PBN ---------------------------------------------------------------------------------------


def test_pbn_parses_a_known_deal():
    text = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    north, east, south, west = Bridge.parse_pbn(text)
    assert north == cards("AS KS QS JS TH 9H 8H 7D 6D 5D 4C 3C 2C")
    assert east == cards("TS 9S 8S 7H 6H 5H 4D 3D 2D AC KC QC JC")
    assert south == cards("7S 6S 5S 4H 3H 2H AD KD QD JD TC 9C 8C")
    assert west == cards("4S 3S 2S AH KH QH JH TD 9D 8D 7C 6C 5C")
    assert Bridge.format_pbn((north, east, south, west)) == text
    # The first hand's seat: East's hand first, then South, West, North.
    assert Bridge.parse_pbn("E:" + text[2:]) == (west, north, east, south)
    # Lower case, 10 for the ten, voids as empty suits or "-".
    assert Bridge.parse_pbn("s:a10..-.2 ...k .k.. ..a.") == (
        cards("KH"),
        cards("AD"),
        cards("AS TS 2C"),
        cards("KC"),
    )


def _random_hands(rng: random.Random, size: int) -> tuple[CardSet, ...]:
    order = CARDS[:]
    rng.shuffle(order)
    return tuple(CardSet(order[i * size : (i + 1) * size]) for i in range(4))


@pytest.mark.parametrize("seed", range(20))
def test_pbn_round_trips_on_random_deals(seed):
    rng = random.Random(seed)
    hands = _random_hands(rng, 13 if seed % 2 else rng.randint(0, 13))
    first = seed % 4
    text = Bridge.format_pbn(hands, first)
    assert text[0] == "NESW"[first] and text[1] == ":"
    words = text[2:].split(" ")
    assert len(words) == 4 and all(w.count(".") == 3 for w in words)
    for k, word in enumerate(words):
        # Each word is one seat's hand, clockwise from the first, suits S H D C high to low.
        seat = (first + k) % 4
        assert word == ".".join(
            "".join(c.text[0] for c in hands[seat] if c.suit == s) for s in BridgeSuit
        )
    assert Bridge.parse_pbn(text) == hands
    assert Bridge.format_pbn(Bridge.parse_pbn(text), first) == text


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("AKQ.JT9.876.5432 ... ... ...", "seat"),
        ("X:... ... ... ...", "seat"),
        ("N:... ... ...", "3 hands"),
        ("N:... ... ... ... ...", "5 hands"),
        ("N:AK.Q.J ... ... ...", "3 suit(s)"),
        ("N:AK1... ... ... ...", "'1'"),
        ("N:AKX... ... ... ...", "'X'"),
        ("N:A... A... ... ...", "AS appears twice"),
        ("N:AA... ... ... ...", "AS appears twice"),
    ],
)
def test_bad_pbn_names_deal_and_quotes_it(text, says):
    with pytest.raises(GameError) as e:
        Bridge.parse_pbn(text)
    assert str(e.value).startswith(f"deal: {text!r} is not a PBN deal: ")
    assert says in str(e.value) and "\n" not in str(e.value)


# -- positions and files ------------------------------------------------------------------------


def _played(seed: int, tricks: int, extra: int = 0, trump: str = "S") -> Position:
    """A random deal played at random for ``tricks`` tricks and ``extra`` more cards."""
    rng = random.Random(seed)
    pos = Position(_random_hands(rng, 13), seed % 4, game=Bridge(trump=trump), won=[[]] * 4)
    for _ in range(4 * tricks + extra):
        pos = pos.play(rng.choice(list(pos.legal_moves())))
    return pos


def _file(pos: Position) -> dict:
    return json.loads(ciapano.dumps(pos))


def test_snapshot_files_round_trip_and_fit_the_schema():
    validator = jsonschema.Draft202012Validator(ciapano.schema())
    for seed, trump in enumerate(["S", "H", "D", "C", "NT", "S"]):
        pos = _played(seed, 9, seed % 4, trump)
        data = _file(pos)
        validator.validate(data)
        assert data["game"] == "bridge" and data["trump"] == pos.game.strain
        assert data["rules"] == {} and "taken" not in data
        assert ciapano.loads(json.dumps(data)) == pos
        # The tricks follow from the piles: 4 cards a trick.
        assert pos.tricks == tuple(len(w) // 4 for w in pos.won)
        assert sum(pos.tricks) == 9


def test_tricks_per_side_or_per_seat_or_none():
    pos = _played(3, 8, 1)
    data = _file(pos)
    won = data.pop("won")
    ns = sum(len(won[s]) for s in (0, 2)) // 4
    ew = sum(len(won[s]) for s in (1, 3)) // 4
    per_side = ciapano.from_dict({**data, "tricks": [ns, ew]})
    assert per_side.tricks == (ns, ew, 0, 0)
    assert per_side.hands == pos.hands and per_side.trick == pos.trick
    per_seat = ciapano.from_dict({**data, "tricks": list(pos.tricks)})
    assert per_seat.tricks == pos.tricks
    # Without tricks or piles: an ending whose past tricks count for no one.
    ending = ciapano.from_dict(data)
    assert ending.tricks == (0, 0, 0, 0) and ending.tricks_left == 5
    assert ciapano.loads(ciapano.dumps(ending)) == ending
    later = ending
    for _ in range(3):  # the trick's three other cards: it is credited to its winner
        later = later.play(next(iter(later.legal_moves())))
    assert (
        sum(later.tricks) == 1
        and later.tricks_left == 4
        and ciapano.loads(ciapano.dumps(later)) == later
    )
    # Per side and with the piles, they must agree.
    assert ciapano.from_dict({**data, "won": won, "tricks": [ns, ew]}).tricks == pos.tricks
    with pytest.raises(PositionError, match=r"^tricks: "):
        ciapano.from_dict({**data, "won": won, "tricks": [ns + 1, ew]})


def test_the_trump_at_the_top_or_in_rules():
    pos = _played(1, 11, 0, "NT")
    data = _file(pos)
    assert ciapano.from_dict({**data, "trump": "H"}).game.trump is BridgeSuit.H
    del data["trump"]
    assert ciapano.from_dict(data).game.trump is None  # NT by default
    assert ciapano.from_dict({**data, "rules": {"trump": "D"}}).game.trump is BridgeSuit.D
    both = {**data, "trump": "D", "rules": {"trump": "D"}}
    assert ciapano.from_dict(both).game.trump is BridgeSuit.D


def test_pbn_deal_with_leader_and_play():
    rng = random.Random(7)
    hands = _random_hands(rng, 13)
    pos = Position(hands, 1, game=Bridge(trump="C"))
    line = []
    for _ in range(10):
        card = rng.choice(list(pos.legal_moves()))
        line.append(card.text)
        pos = pos.play(card)
    data = {"game": "bridge", "trump": "C", "deal": Bridge.format_pbn(hands, 2), "leader": 1}
    jsonschema.Draft202012Validator(ciapano.schema()).validate({**data, "play": line})
    assert ciapano.from_dict(data) == Position(hands, 1, game=Bridge(trump="C"))
    read = ciapano.from_dict({**data, "play": line})
    assert read == pos and read.tricks == pos.tricks
    # The deal as lists of cards, and with a dealer (the seat after it leads) instead.
    lists = [h.texts() for h in hands]
    assert ciapano.from_dict({**data, "deal": lists, "play": line}) == pos
    del data["leader"]
    assert ciapano.from_dict({**data, "dealer": 0, "play": line}) == pos


def test_a_pbn_ending():
    # Three cards a seat, East on lead (ten tricks played before, counted for no one).
    data = {"game": "bridge", "deal": "N:AKQ... 2.2.2. JT9... 3.3.3.", "leader": 1, "trump": "NT"}
    pos = ciapano.from_dict(data)
    assert pos.tricks_left == 3 and pos.tricks == (0, 0, 0, 0) and pos.to_move == 1
    assert ciapano.loads(ciapano.dumps(pos)) == pos


BAD = [
    # id, file, field, mention
    ("card of the 40-card deck only", {"hands": [["1S"], ["AH"], ["2S"], ["AD"]]}, "hands[0][0]",
     "'1S'"),
    ("the Fool", {"hands": [["FOOL"], ["AH"], ["2S"], ["AD"]]}, "hands[0][0]", "'FOOL'"),
    ("a card twice", {"hands": [["AS"], ["AS"], ["2S"], ["AD"]]}, "hands[1]", "AS"),
    ("five hands", {"hands": [["AS"], ["AH"], ["2S"], ["AD"], ["3D"]]}, "hands", "5"),
    ("trump X", {"trump": "X"}, "trump", "'X'"),
    ("trump X in rules", {"rules": {"trump": "X"}}, "rules.trump", "'X'"),
    ("two trumps", {"trump": "S", "rules": {"trump": "H"}}, "trump", "'S'"),
    ("too many tricks", {"tricks": [7, 6]}, "tricks", "13"),
    ("three entries of tricks", {"tricks": [1, 2, 3]}, "tricks", "3"),
    ("a bad PBN", {"hands": None, "deal": "N:AK.. ... ... ...", "leader": 0},
     "deal", "'N:AK.. ... ... ...'"),
    ("a PBN with 3 hands", {"hands": None, "deal": "N:A... K... Q...", "leader": 0}, "deal",
     "3 hands"),
    ("a PBN missing the seat", {"hands": None, "deal": "A... K... Q... J...", "leader": 0},
     "deal", "'A... K... Q... J...'"),
    ("a PBN card twice", {"hands": None, "deal": "N:A... A... Q... J...", "leader": 0}, "deal",
     "AS appears twice"),
    ("a PBN of unequal hands", {"hands": None, "deal": "N:AK... Q... J... T...", "leader": 0},
     "deal[1]", "holds 1"),
    ("a history without leader", {"hands": None, "leader": None, "deal": "N:A... K... Q... J..."},
     "leader",
     "missing"),
    ("a history with leader and dealer",
     {"hands": None, "deal": "N:A... K... Q... J...", "leader": 0, "dealer": 3}, "dealer",
     "not both"),
    ("a discard", {"discard": "3D"}, "discard", "'3D'"),
    ("an illegal play", {"hands": None, "deal": "N:A2... K.A.. Q.2.. J.3..", "leader": 0,
     "play": ["AS", "AH"]}, "play[1]", "must follow suit S"),
]  # fmt: skip

_BASE = {"game": "bridge", "hands": [["AS"], ["AH"], ["2S"], ["AD"]], "leader": 0}


@pytest.mark.parametrize(
    ("change", "field", "mention"), [b[1:] for b in BAD], ids=[b[0] for b in BAD]
)
def test_bad_files(change, field, mention):
    data = {k: v for k, v in {**_BASE, **change}.items() if v is not None}
    with pytest.raises(PositionError) as e:
        ciapano.loads(json.dumps(data))
    assert e.value.field == field, str(e.value)
    assert str(e.value).startswith(f"{field}: ")
    assert mention in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"hands": [["3S"], ["2S"], ["AS"], ["KS"]], "leader": 0, "trump": "S"}, "trump"),
        ({"game": "busca", "deal": "N:A... K... Q... J...", "dealer": 0}, "deal"),
        ({"deal": [["3S"], ["2S"], ["AS"], ["KS"]], "leader": 0}, "leader"),
    ],
)
def test_bridge_fields_in_other_games(data, field):
    with pytest.raises(PositionError) as e:
        ciapano.from_dict(data)
    assert e.value.field == field and "\n" not in str(e.value)


# -- values: tricks from here on ---------------------------------------------------------------


def _ending(hands: str, leader: int, trump: str = "NT", **fields) -> Position:
    return ciapano.from_dict(
        {"game": "bridge", "trump": trump, "deal": hands, "leader": leader, **fields}
    )


def test_a_side_with_every_top_card_takes_every_trick():
    # North-South hold the six top spades, East-West the six lowest: whatever the trump, every
    # trick is a spade trick won by North or South.
    for trump in ("NT", "S", "H"):
        for leader in range(4):
            pos = _ending("N:AKQ... 765... JT9... 432...", leader, trump)
            assert [reference_value(pos, s) for s in range(4)] == [3, 0, 3, 0]


def test_a_ruff():
    # East leads its two top spades; North, void in spades, ruffs with its only heart when
    # hearts are trumps and then leads a club that South wins: North-South take both tricks.
    # At no trumps East's spades take both.
    deal = "N:.2..3 AK... ...54 32..."
    ruff = _ending(deal, 1, "H")
    assert reference_value(ruff, 0) == reference_value(ruff, 2) == 2
    assert reference_value(ruff, 1) == reference_value(ruff, 3) == 0
    assert reference_move_values(ruff, 0) == {BridgeCard("AS"): 2, BridgeCard("KS"): 2}
    notrump = _ending(deal, 1, "NT")
    assert reference_value(notrump, 0) == 0 and reference_value(notrump, 1) == 2


def test_tricks_won_before_do_not_count():
    deal = "N:AKQ... 765... JT9... 432..."
    for before in ([0, 0], [6, 4], [0, 10], [10, 0]):
        snapshot = {
            "game": "bridge", "hands": [h.texts() for h in Bridge.parse_pbn(deal)], "leader": 0,
            "tricks": before,
        }  # fmt: skip
        pos = ciapano.from_dict(snapshot)
        assert pos.tricks == (before[0], before[1], 0, 0)
        assert (reference_value(pos, 0), reference_value(pos, 1)) == (3, 0)
        # The hand's score counts them: the banked tricks and the value add up to it.
        assert GAME.banked_value(pos, 0) == before[0] and GAME.banked_value(pos, 3) == before[1]


def test_the_current_trick_counts():
    # North led the ace of spades and East followed: the trick is North-South's whatever South
    # and West play; the next two tricks go to East-West's hearts at no trumps.
    pos = ciapano.from_dict(
        {"game": "bridge", "hands": [["2H", "3H"], ["AH", "KH"], ["2S", "4H", "5H"],
         ["3S", "QH", "JH"]], "leader": 0, "trick": ["AS", "4S"], "tricks": [5, 5]}
    )  # fmt: skip
    assert pos.to_move == 2 and pos.tricks_left == 3
    assert reference_value(pos, 0) == 1 and reference_value(pos, 1) == 2
    # A card that completes the trick: counted from the position, the trick included.
    after = pos.play("2S")
    assert reference_move_values(after, 0) == {BridgeCard("3S"): 1}
    assert reference_value(after.play("3S"), 0) == 0  # the trick now won before


@pytest.mark.parametrize("seed", range(16))
def test_the_sides_values_add_up_to_the_tricks_left(seed):
    # Random endings of 2 or 3 cards a seat, mid-trick or not, a random trump: the game is
    # zero-sum between the partnerships, and partners share a value.
    rng = random.Random(seed)
    size = 2 + seed % 2
    trump = rng.choice(["S", "H", "D", "C", "NT"])
    pos = Position(_random_hands(rng, size), rng.randrange(4), game=Bridge(trump=trump))
    for _ in range(rng.randrange(4)):
        pos = pos.play(rng.choice(list(pos.legal_moves())))
    ours, theirs = reference_value(pos, 0), reference_value(pos, 1)
    assert ours + theirs == pos.tricks_left
    assert reference_value(pos, 2) == ours and reference_value(pos, 3) == theirs
    assert 0 <= ours <= pos.tricks_left
    values = reference_move_values(pos)
    mover = reference_value(pos, pos.to_move)
    assert max(values.values()) == mover  # the mover picks its side's best card
    # Each card's value counts from the position: the side's tricks after it, and the trick it
    # completes if it does.
    for card, value in values.items():
        after = pos.play(card)
        gained = sum(after.tricks[s] for s in pos.side_of(pos.to_move)) - sum(
            pos.tricks[s] for s in pos.side_of(pos.to_move)
        )
        assert value == reference_value(after, pos.to_move) + gained
