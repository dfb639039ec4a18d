"""Tests of ciapano.cards: Card, CardSet and Deck (docs/rules.md#the-40-card-deck)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ciapano import (
    CARDS,
    DECK,
    ITALIAN_40,
    RANKS,
    SUITS,
    TAROCCHI_62,
    Card,
    CardError,
    CardSet,
    Ciapano,
    CiapanoError,
    Deck,
    Rank,
    Suit,
    TarotCard,
    TarotSuit,
)
from ciapano.cards import TAROT_BASE, TAROT_CARDS

#: Ranks from high to low, as written in RULES.md §1.
RANK_ORDER = "32AKQJ7654"
SUIT_ORDER = "SHDC"
ALL_TEXTS = [r + s for s in SUIT_ORDER for r in RANK_ORDER]
#: Points in thirds by rank character (RULES.md §1, "Card points").
THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1, "7": 0, "6": 0, "5": 0, "4": 0}

masks = st.integers(min_value=0, max_value=(1 << 40) - 1)


# -- Card: parsing and text ---------------------------------------------------------------


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_canonical_text_parses_and_prints_back(text: str) -> None:
    card = Card(text)
    assert card.text == text
    assert str(card) == text
    assert f"{card}" == text
    assert Card.parse(text) is card


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_lower_case_parses_to_the_same_card(text: str) -> None:
    assert Card(text.lower()) is Card(text)
    assert Card(text[0] + text[1].lower()) is Card(text)
    assert str(Card(text.lower())) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("3♠", "3S"),
        ("a♥", "AH"),
        ("K♦", "KD"),
        ("7♣", "7C"),
        ("3♤", "3S"),
        ("q♡", "QH"),
        ("J♢", "JD"),
        ("4♧", "4C"),
        ("2♠", "2S"),
        ("A♣", "AC"),
    ],
)
def test_suit_symbols_and_white_forms(text: str, canonical: str) -> None:
    card = Card(text)
    assert card is Card(canonical)
    assert str(card) == canonical
    assert repr(card) == f"Card({canonical!r})"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [(" 3S", "3S"), ("3S ", "3S"), ("  as  ", "AS"), ("\t2h\n", "2H"), (" a♦ ", "AD")],
)
def test_surrounding_spaces_are_ignored(text: str, canonical: str) -> None:
    assert str(Card(text)) == canonical
    assert Card.parse(text) is Card(canonical)


def test_unicode_text_uses_the_suit_symbol() -> None:
    assert Card("AS").unicode() == "A♠"
    assert Card("3h").unicode() == "3♥"
    assert Card("7D").unicode() == "7♦"
    assert Card("jc").unicode() == "J♣"
    assert [s.symbol for s in SUITS] == list("♠♥♦♣")


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_repr_is_a_constructor_call_that_round_trips(text: str) -> None:
    card = Card(text)
    assert repr(card) == f"Card({text!r})"
    namespace: dict[str, object] = {}
    exec("from ciapano import Card, CardSet", namespace)
    assert eval(repr(card), namespace) is card


# -- Card: identity, layout, points -----------------------------------------------------


def test_cards_are_interned() -> None:
    card = Card("3S")
    assert Card("3s") is card
    assert Card("3♠") is card
    assert Card(" 3♤ ") is card
    assert Card(9) is card
    assert Card(card) is card
    assert CARDS[9] is card
    assert len({Card(t) for t in ["3S", "3s", "3♠"]}) == 1


def test_cards_survive_pickle_and_copy_as_the_same_object() -> None:
    for card in CARDS:
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card


def test_cards_are_immutable() -> None:
    card = Card("AS")
    with pytest.raises(AttributeError):
        card.index = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        card.rank = Rank.R4  # type: ignore[misc]
    assert card.index == 7


@pytest.mark.parametrize(
    ("text", "index"),
    [("4S", 0), ("5S", 1), ("JS", 4), ("AS", 7), ("2S", 8), ("3S", 9), ("4H", 10), ("3H", 19),
     ("AD", 27), ("4C", 30), ("3C", 39)],
)  # fmt: skip
def test_index_layout_examples(text: str, index: int) -> None:
    card = Card(text)
    assert card.index == index
    assert card.mask == 1 << index
    assert Card(index) is card


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_index_is_ten_times_suit_plus_strength(text: str) -> None:
    card = Card(text)
    suit = SUIT_ORDER.index(text[1])
    strength = 9 - RANK_ORDER.index(text[0])  # the 3 is 9, the 4 is 0
    assert card.index == 10 * suit + strength
    assert card.suit == suit
    assert card.suit is Suit(suit)
    assert card.rank == strength
    assert card.rank.text == text[0]
    assert card.mask == 1 << card.index
    assert CARDS[card.index] is card


def test_strength_of_the_3_is_highest_and_the_4_lowest() -> None:
    assert Card("3S").rank == Rank.R3 == 9
    assert Card("2S").rank == Rank.R2 == 8
    assert Card("AS").rank == Rank.A == 7
    assert Card("4S").rank == Rank.R4 == 0
    assert [r.text for r in RANKS] == list(RANK_ORDER)
    assert [s.name for s in SUITS] == list(SUIT_ORDER)
    for suit in Suit:
        assert suit.mask == 0x3FF << (10 * suit)
        assert CardSet(suit.mask) == DECK.suit(suit)


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_points_belong_to_the_game_not_the_card(text: str) -> None:
    card = Card(text)
    assert not hasattr(card, "thirds")
    assert not hasattr(card.rank, "thirds")
    assert not hasattr(CardSet([card]), "thirds")
    assert Ciapano().card_points(card) == THIRDS[text[0]]


def test_the_deck_has_40_cards_by_index() -> None:
    assert len(CARDS) == 40
    assert [c.index for c in CARDS] == list(range(40))
    # 4 aces of 3 thirds and 20 cards (3 2 K Q J) of 1 third in Ciapanò.
    assert sorted(Ciapano().card_points(c) for c in CARDS) == [0] * 16 + [1] * 20 + [3] * 4


def test_cards_order_by_suit_then_high_to_low() -> None:
    assert Card("3S") < Card("2S") < Card("AS") < Card("4S") < Card("3H") < Card("4C")
    assert Card("4S") > Card("3S")
    assert Card("3S") <= Card("3S") <= Card("2S")
    assert Card("2S") >= Card("3S")
    assert not Card("3H") < Card("4S")
    shuffled = list(CARDS)
    random.Random(7).shuffle(shuffled)
    assert [c.text for c in sorted(shuffled)] == ALL_TEXTS


def test_cards_do_not_compare_with_other_types() -> None:
    with pytest.raises(TypeError):
        _ = Card("3S") < 5  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = Card("3S") >= "3S"  # type: ignore[operator]
    assert Card("3S") != "3S"
    assert Card("3S") != 9


# -- Card: errors ------------------------------------------------------------------------


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)
    assert issubclass(CardError, CiapanoError)


@pytest.mark.parametrize(
    "text",
    ["", " ", "3", "S", "3SS", "1S", "10S", "8S", "9H", "XS", "3X", "S3", "3 S", "ZZ", "♠3",
     "AA", "33", "3-S", "3S,", "T♠"],
)  # fmt: skip
def test_bad_text_raises_card_error_quoting_it(text: str) -> None:
    with pytest.raises(CardError) as e:
        Card(text)
    assert repr(text) in str(e.value)
    with pytest.raises(CardError) as e2:
        Card.parse(text)
    assert repr(text) in str(e2.value)


@pytest.mark.parametrize("index", [-1, 40, 41, 63, 126, 200, -40])
def test_bad_index_raises_card_error_quoting_it(index: int) -> None:
    with pytest.raises(CardError) as e:
        Card(index)
    assert e.value.field == "card" and e.value.reason.startswith(f"{index!r} ")
    assert str(e.value) == f"card: {e.value.reason}"
    assert "0" in str(e.value) and "39" in str(e.value)


@pytest.mark.parametrize("value", [None, 3.0, True, False, [1], b"3S", ("3", "S"), {"3S"}])
def test_bad_type_raises_card_error_quoting_it(value: object) -> None:
    with pytest.raises(CardError) as e:
        Card(value)  # type: ignore[arg-type]
    assert repr(value) in str(e.value)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(CardError) as e:
        Card.parse(9)  # type: ignore[arg-type]
    assert "9" in str(e.value)


# -- CardSet -------------------------------------------------------------------------------


def test_empty_card_set() -> None:
    empty = CardSet()
    assert len(empty) == 0
    assert not empty
    assert list(empty) == []
    assert str(empty) == ""
    assert empty.mask == 0
    assert empty == CardSet(0) == CardSet([]) == CardSet("")


def test_card_set_from_mask() -> None:
    cs = CardSet(0b101)
    assert list(cs) == [Card(2), Card(0)]  # 6S then 4S: high to low
    assert cs.mask == 0b101
    assert CardSet((1 << 40) - 1) == DECK
    assert len(DECK) == 40
    assert CardSet(1 << 39) == CardSet(["3C"])


def test_card_set_from_iterables_of_cards_texts_and_indices() -> None:
    cs = CardSet([Card("3S"), "ah", 39, " 7♦ "])
    assert cs.texts() == ["3S", "AH", "7D", "3C"]
    assert CardSet(c for c in [Card("4S"), Card("4S")]) == CardSet(["4S"])  # duplicates merge
    assert CardSet(CardSet("3S AS")) == CardSet("3S AS")
    assert CardSet(("QS", "QH")) == CardSet({"QH", "QS"})


def test_card_set_from_text() -> None:
    cs = CardSet("3S AS, 7c  a♦")
    assert cs.texts() == ["3S", "AS", "AD", "7C"]
    assert CardSet.parse("3S,AS 7C,a♦") == cs
    assert CardSet.parse("") == CardSet()


def test_card_set_iterates_in_display_order() -> None:
    cs = CardSet(["4C", "3S", "4S", "AH", "2S", "KD", "3C"])
    assert [c.text for c in cs] == ["3S", "2S", "4S", "AH", "KD", "3C", "4C"]
    assert list(DECK) == sorted(CARDS)
    assert DECK.texts() == ALL_TEXTS
    assert str(DECK) == " ".join(ALL_TEXTS)


@given(masks, masks)
def test_set_operators_match_python_sets(m1: int, m2: int) -> None:
    a, b = CardSet(m1), CardSet(m2)
    sa, sb = set(a), set(b)
    assert set(a | b) == sa | sb
    assert set(a & b) == sa & sb
    assert set(a - b) == sa - sb
    assert set(a ^ b) == sa ^ sb
    assert (a | b).mask == m1 | m2
    assert (a & b).mask == m1 & m2
    assert (a - b).mask == m1 & ~m2
    assert (a ^ b).mask == m1 ^ m2
    assert isinstance(a | b, CardSet)


@given(masks)
def test_len_contains_bool(m: int) -> None:
    cs = CardSet(m)
    assert len(cs) == bin(m).count("1")
    assert bool(cs) == (m != 0)
    cards = list(cs)
    assert len(cards) == len(set(cards)) == len(cs)
    for card in CARDS:
        inside = bool(m >> card.index & 1)
        assert (card in cs) == inside
        assert (card.text in cs) == inside
        assert (card.text.lower() in cs) == inside
    assert None not in cs


@given(masks)
def test_parse_str_and_repr_round_trip(m: int) -> None:
    cs = CardSet(m)
    text = str(cs)
    assert CardSet.parse(text) == cs
    assert CardSet(text) == cs
    assert text == " ".join(c.text for c in cs)
    namespace: dict[str, object] = {}
    exec("from ciapano import Card, CardSet", namespace)
    assert repr(cs) == f"CardSet({text!r})"
    assert eval(repr(cs), namespace) == cs
    assert pickle.loads(pickle.dumps(cs)) == cs


@given(masks, masks)
def test_equality_and_hash_follow_the_mask(m1: int, m2: int) -> None:
    a, b = CardSet(m1), CardSet(m2)
    assert (a == b) == (m1 == m2)
    assert a == CardSet(list(a))
    assert hash(a) == hash(CardSet(list(a)))


def test_card_set_is_not_equal_to_other_types() -> None:
    assert CardSet("3S") != 1 << 9
    assert CardSet("3S") != {Card("3S")}
    assert CardSet("3S") != "3S"


def test_suit_add_remove() -> None:
    cs = CardSet("3S AS 2H 7C")
    assert cs.suit(Suit.S) == CardSet("3S AS")
    assert cs.suit(1) == CardSet("2H")
    assert cs.suit(Suit.D) == CardSet()
    assert cs.add("4D") == CardSet("3S AS 2H 4D 7C")
    assert cs.add("3S") == cs
    assert cs.remove("as") == CardSet("3S 2H 7C")
    assert cs == CardSet("3S AS 2H 7C")  # unchanged
    with pytest.raises(KeyError):
        cs.remove("4D")
    assert len(DECK.suit(Suit.H)) == 10


def test_card_sets_are_immutable() -> None:
    cs = CardSet("3S")
    with pytest.raises(AttributeError):
        cs.mask = 0  # type: ignore[misc]
    assert cs.mask == 1 << 9


@pytest.mark.parametrize("mask", [-1, 1 << 40, (1 << 41) + 5, -(1 << 40)])
def test_bad_mask_raises_card_error_quoting_it(mask: int) -> None:
    with pytest.raises(CardError) as e:
        CardSet(mask)
    assert f"{mask:#x}" in str(e.value)
    assert "39" in str(e.value)


@pytest.mark.parametrize(
    ("cards", "quoted"),
    [("3S XX", "'XX'"), (["3S", "9S"], "'9S'"), (["3S", None], "None"), ([40], "40")],
)
def test_bad_cards_in_a_set_raise_card_error(cards: object, quoted: str) -> None:
    with pytest.raises(CardError) as e:
        CardSet(cards)  # type: ignore[arg-type]
    assert quoted in str(e.value)


@pytest.mark.parametrize("value", [True, 2.5])
def test_non_card_non_mask_raises_card_error(value: object) -> None:
    with pytest.raises(CardError):
        CardSet(value)  # type: ignore[arg-type]


# -- Deck --------------------------------------------------------------------------------------


def test_the_italian_40_deck() -> None:
    deck = ITALIAN_40
    assert deck.name == "italian-40"
    assert deck.cards == DECK
    assert deck.size == len(deck) == 40
    assert deck.mask == (1 << 40) - 1
    assert deck.suits == (Suit.S, Suit.H, Suit.D, Suit.C)
    assert deck.suit_masks == tuple(0x3FF << (10 * s) for s in range(4))
    assert [deck.suit_mask(s) for s in Suit] == list(deck.suit_masks)
    assert list(deck) == list(DECK)
    assert Card("AD") in deck and "ad" in deck and 39 in deck
    assert "XS" not in deck and None not in deck
    assert deck.parse("a♦") is Card("AD")
    assert deck.card(39) is Card("3C")
    assert deck.parse_cards("3S, AS 7c") == CardSet("3S AS 7C")


def test_deck_masks_follow_the_core_layout() -> None:
    # In each suit's mask a higher bit is a higher card of the suit.
    for suit, mask in zip(ITALIAN_40.suits, ITALIAN_40.suit_masks, strict=True):
        cards = [Card(i) for i in range(40) if mask >> i & 1]
        assert all(c.suit == suit for c in cards)
        assert [c.rank for c in cards] == sorted(c.rank for c in cards)


def test_deck_without_a_card_leaves_room_for_kifameno() -> None:
    small = ITALIAN_40.without(["4C"])
    assert len(small) == small.size == 39
    assert Card("4C") not in small
    assert small.name == "italian-40 without 4C"
    assert small.suit_mask(Suit.C) == ITALIAN_40.suit_mask(Suit.C) & ~Card("4C").mask
    assert small.suit_masks[3] == small.suit_mask(Suit.C)
    with pytest.raises(CardError, match="'4C' is not a card of the deck"):
        small.parse("4C")
    with pytest.raises(CardError, match="not in the deck"):
        small.without("4C")
    # A deck that lacks a suit has no mask for it.
    spades = Deck("spades", ITALIAN_40.cards.suit(Suit.S))
    assert spades.suits == (Suit.S,)
    assert spades.suit_masks == (0x3FF,)
    assert spades.suit_mask(Suit.H) == 0


def test_deck_repr_is_a_constructor_call_and_decks_compare_by_value() -> None:
    for deck in (ITALIAN_40, ITALIAN_40.without("4C 4S")):
        assert eval(repr(deck), {"Deck": Deck, "CardSet": CardSet}) == deck
        assert hash(eval(repr(deck), {"Deck": Deck, "CardSet": CardSet})) == hash(deck)
        assert pickle.loads(pickle.dumps(deck)) == deck
    assert repr(ITALIAN_40) == "Deck('italian-40', CardSet(0xffffffffff))"
    assert Deck("other", DECK) != ITALIAN_40
    with pytest.raises(AttributeError):
        ITALIAN_40.name = "x"  # type: ignore[misc]


@pytest.mark.parametrize(("name", "cards"), [("", DECK), ("  ", DECK), (None, DECK), ("x", 0)])
def test_bad_decks(name: object, cards: object) -> None:
    with pytest.raises(CardError):
        Deck(name, cards)  # type: ignore[arg-type]


# -- the tarocchi deck ----------------------------------------------------------------------------

TAROT_TEXTS = (
    [r + "S" for r in ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "5"]]
    + [r + "H" for r in ["K", "Q", "N", "J", "1", "2", "3", "4", "5", "6"]]
    + [r + "D" for r in ["K", "Q", "N", "J", "1", "2", "3", "4", "5", "6"]]
    + [r + "C" for r in ["K", "Q", "N", "J", "10", "9", "8", "7", "6", "5"]]
    + [f"{n}T" for n in range(21, 0, -1)]
    + ["FOOL"]
)


def test_the_tarocchi_deck_has_62_cards_in_display_order() -> None:
    # RULES.md §4: swords and batons K Q N J 10..5 (5 lowest), cups and coins K Q N J 1..6 (6
    # lowest), trumps 21 (highest) to 1, and the Fool.
    assert len(TAROCCHI_62) == TAROCCHI_62.size == 62 == len(TAROT_CARDS)
    assert [c.text for c in TAROCCHI_62] == TAROT_TEXTS
    assert TAROCCHI_62.base == TAROT_BASE == 64 and TAROCCHI_62.tarot and not ITALIAN_40.tarot
    assert TAROCCHI_62.mask >> TAROT_BASE == (1 << 62) - 1
    assert TAROCCHI_62.suits == tuple(TarotSuit)
    assert sorted(TAROCCHI_62) == list(TAROCCHI_62)
    assert [TarotCard(t).text for t in TAROT_TEXTS] == TAROT_TEXTS


def test_tarocchi_cards_strength_and_layout() -> None:
    # In each suit's mask a higher bit is a higher card (the core's layout, shifted by base).
    for suit, mask in zip(TAROCCHI_62.suits, TAROCCHI_62.suit_masks, strict=True):
        cards = [c for c in TAROCCHI_62 if c.mask & mask]
        assert cards == sorted(cards, key=lambda c: -c.index)
        assert all(c.suit is suit for c in cards)
        assert len(cards) == (21 if suit is TarotSuit.T else 10)
    assert TarotCard("KS").rank == 9 and TarotCard("5S").rank == 0
    assert TarotCard("1H").rank == 5 and TarotCard("6H").rank == 0  # cups' pips in reverse
    assert (
        TarotCard("21T").trump == 21
        and TarotCard("1T").trump == 1
        and TarotCard("KS").trump is None
    )
    fool = TarotCard("FOOL")
    assert fool.is_fool and fool.suit is None and fool.index == 125
    assert not any(fool.mask & m for m in TAROCCHI_62.suit_masks)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("ks", "KS"), (" n♦ ", "ND"), ("10s", "10S"), ("1h", "1H"), ("21t", "21T"), ("fool", "FOOL"),
     ("J♣", "JC"), ("6♡", "6H")],
)  # fmt: skip
def test_tarocchi_aliases(text: str, canonical: str) -> None:
    assert TarotCard(text) is TarotCard.parse(text) is TAROCCHI_62.parse(text)
    assert TarotCard(text).text == canonical
    assert Card(TarotCard(text).index) is TarotCard(text)


@pytest.mark.parametrize("text", ["10H", "1S", "AS", "3S", "0T", "22T", "T", "FOOLS", "", "K"])
def test_bad_tarocchi_text_raises_card_error_quoting_it(text: str) -> None:
    with pytest.raises(CardError) as e:
        TarotCard(text)
    assert repr(text) in str(e.value) and "tarocchi" in str(e.value)
    with pytest.raises(CardError):
        TAROCCHI_62.parse(text)


def test_tarocchi_cards_are_interned_immutable_and_pickle() -> None:
    card = TarotCard("NS")
    assert pickle.loads(pickle.dumps(card)) is card and copy.deepcopy(card) is card
    assert eval(repr(card), {"TarotCard": TarotCard}) is card
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert TarotCard(TarotCard("NS")) is card and Card(card) is card


def test_card_sets_hold_either_deck() -> None:
    cards = TAROCCHI_62.parse_cards("FOOL 1T KS 21T 6D")
    assert [c.text for c in cards] == ["KS", "6D", "21T", "1T", "FOOL"]
    assert cards.suit(TarotSuit.T) == TAROCCHI_62.parse_cards("21T 1T")
    assert TarotCard("FOOL") in cards and Card("KS") not in cards  # the 40-card deck's KS
    assert eval(repr(cards), {"TAROCCHI_62": TAROCCHI_62}) == cards
    assert pickle.loads(pickle.dumps(cards)) == cards
    both = cards | CardSet("3S")
    assert len(both) == 6 and next(iter(both)) is Card("3S")
    with pytest.raises(CardError, match="mixes"):
        Deck("both", both)
    with pytest.raises(CardError, match="0x"):
        CardSet(1 << 126)


def test_tarocchi_deck_without_cards() -> None:
    small = TAROCCHI_62.without("FOOL 1T")
    assert len(small) == 60 and small.name == "tarocchi-62 without 1T FOOL"
    assert small.suit_mask(TarotSuit.T) == TarotSuit.T.mask & ~TarotCard("1T").mask
    assert small.suit_mask(Suit.S) == TarotSuit.S.mask  # a Suit names the suit of its letter
    with pytest.raises(CardError, match="'FOOL' is not a card of the deck"):
        small.parse("FOOL")
    assert eval(repr(small), {"Deck": Deck, "CardSet": CardSet}) == small
