"""Cards of the 40-card Italian deck: :class:`Suit`, :class:`Rank`, :class:`Card`, :class:`CardSet`,
and :class:`Deck`, a deck a game is played with (:data:`ITALIAN_40`, the whole 40-card deck); and
the 62-card tarocchi deck's :class:`TarotCard` and :class:`TarotSuit` (:data:`TAROCCHI_62`); and the
52-card bridge deck's :class:`BridgeCard` and :class:`BridgeSuit` (:data:`BRIDGE_52`).

Card text is ``RANK + SUIT``: ranks ``3 2 A K Q J 7 6 5 4`` (high to low, ``../shared/RULES.md``
§1), suits ``S H D C`` (spades/swords, hearts/cups, diamonds/coins, clubs/batons).  Parsing also
accepts lower case and the suit symbols ``♠ ♥ ♦ ♣`` (and their white forms ``♤ ♡ ♢ ♧``);
formatting always gives the canonical upper-case text, e.g. ``"3S"``, ``"AD"``, ``"7C"``.

Each card has an index ``0..39`` and a bit ``1 << index``: ``index = 10 * suit + rank`` where
``rank`` is the card's strength in its suit, 0 for the 4 up to 9 for the 3, so a higher bit is a
higher card of the same suit.  The search core uses the same layout.

The 62 cards of the tarocchi deck (``docs/rules.md#piedicavallo``, ``../shared/RULES.md`` §4) are
:class:`TarotCard` objects in the same index space, from bit 64 on (so that one Python mask can
hold either deck and a deck's own masks still fit the core's 64 bits once shifted down by
:attr:`Deck.base`): suit ``s`` (:class:`TarotSuit`, ``S H D C`` as above) card of strength
``r`` (0 lowest, 9 the king) at ``64 + 10 * s + r``, trump ``n`` (1 to 21) at ``104 + n - 1``,
the Fool at 125.  Their text: ``KS QS NS JS 10S 9S ... 5S`` in the black suits (swords ``S``,
batons ``C``), ``KH QH NH JH 1H 2H ... 6H`` in the red (cups ``H``, coins ``D``; the pips rank in
reverse), ``1T`` to ``21T``, ``FOOL``.  Text such as ``"KS"`` names a 40-card deck's card unless
it is read by the tarocchi deck (:data:`TAROCCHI_62`'s :meth:`Deck.parse`, or
:meth:`TarotCard.parse`).

The 52 cards of contract bridge (``docs/rules.md#bridge``) are :class:`BridgeCard` objects in the
same index space, from bit 128 on (:data:`BRIDGE_BASE`): suit ``s`` (:class:`BridgeSuit`,
``S H D C``) card of strength ``r`` (0 the two, 12 the ace) at ``128 + 13 * s + r``, so a higher
bit is again a higher card of its suit.  Their text: ``AS KS QS JS TS 9S ... 2S`` (``T`` the
ten; parsing also accepts ``10S``, lower case and the suit symbols).  Text such as ``"AS"``
names a 40-card deck's card unless it is read by the bridge deck (:data:`BRIDGE_52`'s
:meth:`Deck.parse`, or :meth:`BridgeCard.parse`).

Cards carry no points: what a card is worth belongs to the game (Busca's ace of coins is worth 8
points, Ciapanò's 1 point), so points are asked of a game, ``game.card_points(card)``
(:mod:`ciapano.games`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Any, NamedTuple

from .errors import CardError

__all__ = [
    "BRIDGE_52",
    "BRIDGE_BASE",
    "BRIDGE_CARDS",
    "CARDS",
    "DECK",
    "ITALIAN_40",
    "RANKS",
    "SUITS",
    "TAROCCHI_62",
    "TAROT_BASE",
    "TAROT_CARDS",
    "BridgeCard",
    "BridgeSuit",
    "Card",
    "CardError",
    "CardSet",
    "Deck",
    "Rank",
    "Suit",
    "TarotCard",
    "TarotSuit",
]


class Suit(IntEnum):
    """The four suits, in the order used for indices and display."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``"♠"``."""
        return "♠♥♦♣"[self]

    @property
    def mask(self) -> int:
        """Bit mask of the ten cards of this suit."""
        return 0x3FF << (10 * self)

    def __str__(self) -> str:
        return self.name


class Rank(IntEnum):
    """The ten ranks; the value is the strength in the suit (4 lowest = 0, 3 highest = 9)."""

    R4 = 0
    R5 = 1
    R6 = 2
    R7 = 3
    J = 4
    Q = 5
    K = 6
    A = 7
    R2 = 8
    R3 = 9

    @property
    def text(self) -> str:
        """The rank's character in card text: ``3 2 A K Q J 7 6 5 4``."""
        return _RANK_TEXT[self]

    def __str__(self) -> str:
        return self.text


_RANK_TEXT = "4567JQKA23"
_SUIT_ALIASES = {
    "S": Suit.S, "♠": Suit.S, "♤": Suit.S,
    "H": Suit.H, "♥": Suit.H, "♡": Suit.H,
    "D": Suit.D, "♦": Suit.D, "♢": Suit.D,
    "C": Suit.C, "♣": Suit.C, "♧": Suit.C,
}  # fmt: skip
_RANK_ALIASES = {text: Rank(i) for i, text in enumerate(_RANK_TEXT)}

#: Ranks from high to low, as in RULES.md.
RANKS: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))
#: Suits in display order.
SUITS: tuple[Suit, ...] = tuple(Suit)


class Card:
    """One card of the 40-card deck.

    ``Card("3S")``, ``Card("a♦")`` and ``Card(39)`` (an index) all work; cards are interned, so
    ``Card("3S") is Card("3s")``.  ``str(card)`` is the canonical text and ``repr`` a constructor
    call.  Cards order by suit (``S H D C``) and then from high to low, the order of display.

    :raises CardError: (a ``ValueError``) for a text or index that is not a card.
    """

    __slots__ = ("index", "rank", "suit")
    index: int
    rank: Rank
    suit: Suit

    def __new__(cls, card: str | int | Card) -> Card:
        if isinstance(card, Card):
            return card
        if isinstance(card, int) and not isinstance(card, bool):
            if 0 <= card < 40:
                return CARDS[card]
            if TAROT_BASE <= card < TAROT_BASE + 62:
                return TAROT_CARDS[card - TAROT_BASE]
            if BRIDGE_BASE <= card < BRIDGE_BASE + 52:
                return BRIDGE_CARDS[card - BRIDGE_BASE]
            raise CardError(
                "card",
                f"{card!r} is not a card index: indices run from 0 to 39 (the 40-card deck), "
                f"from {TAROT_BASE} to {TAROT_BASE + 61} (the tarocchi deck) and from "
                f"{BRIDGE_BASE} to {BRIDGE_BASE + 51} (the bridge deck)",
            )
        if isinstance(card, str):
            return _parse(card)
        raise CardError(
            "card", f"{card!r} is not a card: expected text such as '3S' or an index 0..39"
        )

    @classmethod
    def _make(cls, index: int) -> Card:
        self = object.__new__(cls)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "suit", Suit(index // 10))
        object.__setattr__(self, "rank", Rank(index % 10))
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card written as ``text`` (canonical, lower case or with a suit symbol).

        :raises CardError: if ``text`` is not a card.
        """
        return _parse(text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    @property
    def mask(self) -> int:
        """The card's bit, ``1 << index``."""
        return 1 << self.index

    @property
    def text(self) -> str:
        """Canonical text, e.g. ``"AS"``."""
        return _RANK_TEXT[self.rank] + self.suit.name

    def unicode(self) -> str:
        """Text with the suit symbol, e.g. ``"A♠"``."""
        return _RANK_TEXT[self.rank] + self.suit.symbol

    def _key(self) -> tuple[int, int]:
        return (self.suit, -self.rank)

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() >= other._key()

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.index,))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)


def _parse(text: str) -> Card:
    if not isinstance(text, str):
        raise CardError("card", f"{text!r} is not a card: expected text such as '3S'")
    t = text.strip()
    # Upper-case only ASCII letters: str.upper() would also turn e.g. 'ſ' into 'S'.
    t = "".join(ch.upper() if ch.isascii() else ch for ch in t)
    if len(t) == 2 and t[0] in _RANK_ALIASES and t[1] in _SUIT_ALIASES:
        return CARDS[10 * _SUIT_ALIASES[t[1]] + _RANK_ALIASES[t[0]]]
    raise CardError(
        "card",
        f"{text!r} is not a card: write RANK+SUIT with a rank of 3 2 A K Q J 7 6 5 4 "
        "and a suit of S H D C (or ♠ ♥ ♦ ♣), e.g. '3S' or 'a♦'",
    )


#: Every card, by index.
CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(40))


def _family_card(
    cls: type, card: object, base: int, cards: Any, parse: Any, name: str, example: str
) -> Card:
    """The card of a deck family past the 40-card deck's (tarocchi, bridge) given as itself, its
    index (``base`` + 0.., ``cards`` the family's cards by index less ``base``) or its text
    (``parse``); ``name`` and ``example`` for the messages.

    :raises CardError: for anything else.
    """
    if isinstance(card, cls):
        return card  # type: ignore[return-value]
    if isinstance(card, int) and not isinstance(card, bool):
        if base <= card < base + len(cards):
            return cards[card - base]  # type: ignore[no-any-return]
        raise CardError(
            "card",
            f"{card!r} is not a {name} card's index: they run from {base} to "
            f"{base + len(cards) - 1}",
        )
    if isinstance(card, str):
        return parse(card)  # type: ignore[no-any-return]
    raise CardError("card", f"{card!r} is not a {name} card: expected text such as {example}")


#: The index of the tarocchi deck's first card (its 5 of swords): its cards are bits 64 to 125.
TAROT_BASE = 64
_TAROT_TRUMP0 = TAROT_BASE + 40  # trump 1
_TAROT_FOOL = TAROT_BASE + 61


class TarotSuit(IntEnum):
    """The tarocchi deck's suits for following suit: the four suits (the letters of the 40-card
    deck, ``docs/rules.md#piedicavallo``) and the trumps ``T``.  The Fool is in no suit."""

    S = 0
    H = 1
    D = 2
    C = 3
    T = 4

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``"♠"`` (``"T"`` for the trumps)."""
        return "♠♥♦♣T"[self]

    @property
    def mask(self) -> int:
        """Bit mask of the suit's cards (10 a suit, 21 trumps)."""
        if self is TarotSuit.T:
            return ((1 << 21) - 1) << _TAROT_TRUMP0
        return 0x3FF << (TAROT_BASE + 10 * self)

    @property
    def red(self) -> bool:
        """Whether the pips rank in reverse (cups ``H`` and coins ``D``: 1 high, 6 low)."""
        return self in (TarotSuit.H, TarotSuit.D)

    def __str__(self) -> str:
        return self.name


# Rank text by strength (0 lowest .. 9 the king), black suits then red ones.
_TAROT_BLACK = ("5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
_TAROT_RED = ("6", "5", "4", "3", "2", "1", "J", "N", "Q", "K")
_TAROT_SUITS = {k: TarotSuit(v) for k, v in _SUIT_ALIASES.items()}


class TarotCard(Card):
    """One card of the 62-card tarocchi deck (``docs/rules.md#piedicavallo``).

    ``TarotCard("KS")``, ``TarotCard("1h")``, ``TarotCard("21T")``, ``TarotCard("fool")`` and
    ``TarotCard(125)`` (an index, :data:`TAROT_BASE` + 0..61) all work; cards are interned and
    immutable, and a :class:`CardSet` holds them as it holds the 40-card deck's.  ``rank`` is
    the strength in its suit (0 lowest; 9 the king, 20 trump 21; 0 for the Fool), ``suit`` a
    :class:`TarotSuit` (None for the Fool).  Cards order by suit (``S H D C``, then the trumps,
    then the Fool) and then from high to low.

    :raises CardError: (a ``ValueError``) for a text or index that is not a tarocchi card.
    """

    __slots__ = ()
    rank: int  # type: ignore[assignment]
    suit: TarotSuit | None  # type: ignore[assignment]

    def __new__(cls, card: str | int | Card) -> TarotCard:  # type: ignore[misc]
        return _family_card(  # type: ignore[return-value]
            cls, card, TAROT_BASE, TAROT_CARDS, _parse_tarot, "tarocchi", "'KS', '21T' or 'FOOL'"
        )

    @classmethod
    def _make_tarot(cls, index: int) -> TarotCard:
        self = object.__new__(cls)
        i = index - TAROT_BASE
        suit: TarotSuit | None
        if i < 40:
            suit, rank = TarotSuit(i // 10), i % 10
        elif i < 61:
            suit, rank = TarotSuit.T, i - 40
        else:
            suit, rank = None, 0
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)
        return self

    @classmethod
    def parse(cls, text: str) -> TarotCard:
        """The tarocchi card written as ``text`` (``"KS"``, ``"10s"``, ``"1H"``, ``"N♦"``,
        ``"21T"``, ``"FOOL"``; any case).

        :raises CardError: if ``text`` is not a tarocchi card.
        """
        return _parse_tarot(text)

    @property
    def is_fool(self) -> bool:
        """Whether this is the Fool."""
        return self.suit is None

    @property
    def trump(self) -> int | None:
        """The trump's number (1 to 21), None for another card."""
        return self.rank + 1 if self.suit is TarotSuit.T else None

    @property
    def text(self) -> str:
        """Canonical text, e.g. ``"NS"``, ``"10S"``, ``"1H"``, ``"21T"``, ``"FOOL"``."""
        if self.suit is None:
            return "FOOL"
        if self.suit is TarotSuit.T:
            return f"{self.rank + 1}T"
        ranks = _TAROT_RED if self.suit.red else _TAROT_BLACK
        return ranks[self.rank] + self.suit.name

    def unicode(self) -> str:
        """Text with the suit symbol, e.g. ``"N♠"`` (trumps and the Fool as :attr:`text`)."""
        if self.suit is None or self.suit is TarotSuit.T:
            return self.text
        return self.text[:-1] + self.suit.symbol

    def _key(self) -> tuple[int, int]:
        return (10 + (5 if self.suit is None else self.suit), -self.rank)

    def __repr__(self) -> str:
        return f"TarotCard({self.text!r})"


def _parse_tarot(text: str) -> TarotCard:
    if not isinstance(text, str):
        raise CardError("card", f"{text!r} is not a tarocchi card: expected text such as 'KS'")
    t = "".join(ch.upper() if ch.isascii() else ch for ch in text.strip())
    if t == "FOOL":
        return TAROT_CARDS[61]
    if len(t) >= 2 and t[-1] in _TAROT_SUITS:
        suit, rank = _TAROT_SUITS[t[-1]], t[:-1]
        ranks = _TAROT_RED if suit.red else _TAROT_BLACK
        if rank in ranks:
            return TAROT_CARDS[10 * suit + ranks.index(rank)]
    if len(t) >= 2 and t[-1] == "T" and t[:-1].isdigit() and 1 <= int(t[:-1]) <= 21:
        return TAROT_CARDS[40 + int(t[:-1]) - 1]
    raise CardError(
        "card",
        f"{text!r} is not a tarocchi card: write RANK+SUIT (ranks K Q N J 10 9 8 7 6 5 in S and C, "
        "K Q N J 1 2 3 4 5 6 in H and D), a trump 1T to 21T, or FOOL",
    )


#: Every card of the tarocchi deck, by index less :data:`TAROT_BASE`.
TAROT_CARDS: tuple[TarotCard, ...] = tuple(TarotCard._make_tarot(TAROT_BASE + i) for i in range(62))
_ITALIAN_MASK = (1 << 40) - 1
_TAROT_MASK = ((1 << 62) - 1) << TAROT_BASE

#: The index of the bridge deck's first card (its two of spades): its cards are bits 128 to 179.
BRIDGE_BASE = 128


class BridgeSuit(IntEnum):
    """The bridge deck's four suits, in the order used for indices and display: spades ``S``,
    hearts ``H``, diamonds ``D``, clubs ``C`` (``docs/rules.md#bridge``)."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``"♠"``."""
        return "♠♥♦♣"[self]

    @property
    def mask(self) -> int:
        """Bit mask of the suit's 13 cards (bits ``BRIDGE_BASE + 13 * suit`` up)."""
        return 0x1FFF << (BRIDGE_BASE + 13 * self)

    def __str__(self) -> str:
        return self.name


# Rank text by strength (0 the two .. 12 the ace).
_BRIDGE_RANKS = "23456789TJQKA"
_BRIDGE_SUITS = {k: BridgeSuit(v) for k, v in _SUIT_ALIASES.items()}


class BridgeCard(Card):
    """One card of the 52-card bridge deck (``docs/rules.md#bridge``).

    ``BridgeCard("AS")``, ``BridgeCard("10h")``, ``BridgeCard("T♦")`` and ``BridgeCard(179)`` (an
    index, :data:`BRIDGE_BASE` + 0..51) all work; cards are interned and immutable, and a
    :class:`CardSet` holds them as it holds the other decks'.  ``rank`` is the strength in its
    suit (0 the two, 12 the ace), ``suit`` a :class:`BridgeSuit`.  Cards order by suit
    (``S H D C``) and then from high to low.

    :raises CardError: (a ``ValueError``) for a text or index that is not a bridge card.
    """

    __slots__ = ()
    rank: int  # type: ignore[assignment]
    suit: BridgeSuit  # type: ignore[assignment]

    def __new__(cls, card: str | int | Card) -> BridgeCard:  # type: ignore[misc]
        return _family_card(  # type: ignore[return-value]
            cls, card, BRIDGE_BASE, BRIDGE_CARDS, _parse_bridge, "bridge", "'AS', 'TS' or '10S'"
        )

    @classmethod
    def _make_bridge(cls, index: int) -> BridgeCard:
        self = object.__new__(cls)
        i = index - BRIDGE_BASE
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "suit", BridgeSuit(i // 13))
        object.__setattr__(self, "rank", i % 13)
        return self

    @classmethod
    def parse(cls, text: str) -> BridgeCard:
        """The bridge card written as ``text`` (``"AS"``, ``"TS"``, ``"10s"``, ``"q♥"``; any
        case).

        :raises CardError: if ``text`` is not a bridge card.
        """
        return _parse_bridge(text)

    @property
    def text(self) -> str:
        """Canonical text, e.g. ``"AS"``, ``"TS"`` (the ten), ``"2C"``."""
        return _BRIDGE_RANKS[self.rank] + self.suit.name

    def unicode(self) -> str:
        """Text with the suit symbol, e.g. ``"A♠"``."""
        return _BRIDGE_RANKS[self.rank] + self.suit.symbol

    def _key(self) -> tuple[int, int]:
        return (20 + self.suit, -self.rank)

    def __repr__(self) -> str:
        return f"BridgeCard({self.text!r})"


def _parse_bridge(text: str) -> BridgeCard:
    if not isinstance(text, str):
        raise CardError("card", f"{text!r} is not a bridge card: expected text such as 'AS'")
    t = "".join(ch.upper() if ch.isascii() else ch for ch in text.strip())
    if len(t) >= 2 and t[-1] in _BRIDGE_SUITS:
        rank = "T" if t[:-1] == "10" else t[:-1]
        if len(rank) == 1 and rank in _BRIDGE_RANKS:
            return BRIDGE_CARDS[13 * _BRIDGE_SUITS[t[-1]] + _BRIDGE_RANKS.index(rank)]
    raise CardError(
        "card",
        f"{text!r} is not a bridge card: write RANK+SUIT with a rank of A K Q J T (or 10) 9 8 7 "
        "6 5 4 3 2 and a suit of S H D C (or ♠ ♥ ♦ ♣), e.g. 'AS' or 'T♦'",
    )


#: Every card of the bridge deck, by index less :data:`BRIDGE_BASE`.
BRIDGE_CARDS: tuple[BridgeCard, ...] = tuple(
    BridgeCard._make_bridge(BRIDGE_BASE + i) for i in range(52)
)
_BRIDGE_MASK = ((1 << 52) - 1) << BRIDGE_BASE


class _Family(NamedTuple):
    """A family of cards in the shared index space: the 40-card deck's, the tarocchi deck's or
    the bridge deck's (a :class:`Deck` holds the cards of one)."""

    base: int  # the index of its first card
    mask: int  # every card of the family
    suits: type[IntEnum]  # its suits (Suit, TarotSuit, BridgeSuit)
    card: type[Card]  # its card class, which reads its text
    title: str  # for messages


_FAMILIES = (
    _Family(0, _ITALIAN_MASK, Suit, Card, "the 40-card deck"),
    _Family(TAROT_BASE, _TAROT_MASK, TarotSuit, TarotCard, "the tarocchi deck"),
    _Family(BRIDGE_BASE, _BRIDGE_MASK, BridgeSuit, BridgeCard, "the bridge deck"),
)
_CARD_MASK = _ITALIAN_MASK | _TAROT_MASK | _BRIDGE_MASK
#: The suit of each letter S H D C in every deck: what a :class:`Suit` selects of a card set.
_LETTER_MASKS = tuple(Suit(i).mask | TarotSuit(i).mask | BridgeSuit(i).mask for i in range(4))


def _families(mask: int) -> list[_Family]:
    """The families that have a card in ``mask``."""
    return [f for f in _FAMILIES if mask & f.mask]


class CardSet:
    """An immutable set of cards over a mask (bit ``i`` is ``Card(i)``: the 40-card deck's bits
    0..39, the tarocchi deck's 64..125, the bridge deck's 128..179).

    Built from a mask (``CardSet(0b101)``), from cards or card texts
    (``CardSet(["3S", "AS"])``) or parsed from text (``CardSet.parse("3S AS 7C")``).  Iterates
    in display order (suits ``S H D C``, high to low); supports ``len``, ``in`` and the set
    operators ``| & - ^`` with other card sets.

    :raises CardError: for anything that is not a card, or a mask outside the deck.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: int | Iterable[Card | str | int] | CardSet = 0) -> None:
        if type(cards) is int and cards >= 0 and not cards & ~_CARD_MASK:
            # A valid mask, the commonest call (the set operators', millions in the reference
            # minimax).
            object.__setattr__(self, "mask", cards)
            return
        if isinstance(cards, CardSet):
            mask = cards.mask
        elif isinstance(cards, int) and not isinstance(cards, bool):
            if cards < 0 or cards & ~_CARD_MASK:
                raise CardError(
                    "cards",
                    f"{cards:#x} is not a card set: masks use bits 0..39 (the 40-card deck), "
                    f"{TAROT_BASE}..{TAROT_BASE + 61} (the tarocchi deck) or "
                    f"{BRIDGE_BASE}..{BRIDGE_BASE + 51} (the bridge deck)",
                )
            mask = cards
        elif isinstance(cards, str):
            mask = CardSet.parse(cards).mask
        elif isinstance(cards, (bool, float)) or not hasattr(cards, "__iter__"):
            raise CardError(
                "cards", f"{cards!r} is not a card set: give cards, card texts or a mask"
            )
        else:
            mask = 0
            for c in cards:
                mask |= Card(c).mask
        object.__setattr__(self, "mask", mask)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Cards written as text separated by spaces or commas, e.g. ``"3S AS, 7C"``.

        :raises CardError: if a word is not a card.
        """
        words = text.replace(",", " ").split()
        return cls(Card.parse(w) for w in words)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("card sets are immutable")

    def __iter__(self) -> Iterator[Card]:
        # Display order: suit S first, then high to low inside the suit; the tarocchi deck's
        # cards after the 40-card deck's (its suits, the trumps from 21 down, the Fool), the
        # bridge deck's last (S H D C, from the ace down).
        for suit in range(4):
            bits = (self.mask >> (10 * suit)) & 0x3FF
            while bits:
                top = bits.bit_length() - 1
                yield CARDS[10 * suit + top]
                bits &= ~(1 << top)
        tarot = self.mask >> TAROT_BASE
        if tarot:
            for low, size in ((0, 10), (10, 10), (20, 10), (30, 10), (40, 21), (61, 1)):
                bits = (tarot >> low) & ((1 << size) - 1)
                while bits:
                    top = bits.bit_length() - 1
                    yield TAROT_CARDS[low + top]
                    bits &= ~(1 << top)
        bridge = self.mask >> BRIDGE_BASE
        if bridge:
            for suit in range(4):
                bits = (bridge >> (13 * suit)) & 0x1FFF
                while bits:
                    top = bits.bit_length() - 1
                    yield BRIDGE_CARDS[13 * suit + top]
                    bits &= ~(1 << top)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        if isinstance(card, Card):
            return bool(self.mask & card.mask)
        if isinstance(card, (str, int)) and not isinstance(card, bool):
            try:
                return bool(self.mask & Card(card).mask)
            except CardError:
                return False
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask) ^ _CARDSET_HASH

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        return (CardSet, (self.mask,))

    def suit(self, suit: Suit | TarotSuit | BridgeSuit | int) -> CardSet:
        """The cards of one suit: a :class:`TarotSuit` the tarocchi deck's, a
        :class:`BridgeSuit` the bridge deck's; a :class:`Suit` (or its number) the suit of its
        letter in every deck (a bridge hand's spades for ``Suit.S``)."""
        return CardSet(self.mask & _suit_mask(suit))

    def add(self, card: Card | str) -> CardSet:
        """A new set with ``card`` added."""
        return CardSet(self.mask | Card(card).mask)

    def remove(self, card: Card | str) -> CardSet:
        """A new set without ``card``.

        :raises KeyError: if the card is not in the set.
        """
        c = Card(card)
        if not self.mask & c.mask:
            raise KeyError(c.text)
        return CardSet(self.mask & ~c.mask)

    def texts(self) -> list[str]:
        """Canonical card texts in display order (the JSON form)."""
        return [c.text for c in self]

    def __str__(self) -> str:
        return " ".join(self.texts())

    def __repr__(self) -> str:
        families = _families(self.mask)
        if len(families) > 1:
            return f"CardSet({self.mask:#x})"
        if families and families[0].base == TAROT_BASE:
            return f"TAROCCHI_62.parse_cards({str(self)!r})"
        if families and families[0].base == BRIDGE_BASE:
            return f"BRIDGE_52.parse_cards({str(self)!r})"
        return f"CardSet({str(self)!r})"


def _suit_mask(suit: Suit | TarotSuit | BridgeSuit | int) -> int:
    if type(suit) is Suit:
        return _LETTER_MASKS[suit]
    if isinstance(suit, (TarotSuit, BridgeSuit)):
        return suit.mask
    return _LETTER_MASKS[Suit(suit)]


#: Mixed into a card set's hash (that of its mask), so that a set and its mask as a number
#: seldom share a dictionary's slot.
_CARDSET_HASH = 0x2C5E7A11


#: The whole 40-card deck as a card set (:attr:`ITALIAN_40.cards <Deck.cards>`).
DECK = CardSet((1 << 40) - 1)


class Deck:
    """A deck a game is played with: a name, its cards, its suits and their bit masks.

    Its cards are cards of the 40-card Italian deck (:class:`Card`): all 40 for
    :data:`ITALIAN_40`, fewer for a deck made with :meth:`without` (Kifameno with 3 players takes
    a four out, ``docs/rules.md#kifameno``); or of the tarocchi deck (:class:`TarotCard`, all 62
    for :data:`TAROCCHI_62`); or of the bridge deck (:class:`BridgeCard`, all 52 for
    :data:`BRIDGE_52`); never of two of them.  The masks are the search core's layout shifted up
    by :attr:`base` (0, :data:`TAROT_BASE` for the tarocchi deck, :data:`BRIDGE_BASE` for the
    bridge deck): card ``c`` is bit ``c.index``
    of :attr:`mask`, and in each suit's mask (:attr:`suit_masks`) a higher bit is a higher card
    of that suit.  Code that needs the size of the deck, its suits or its masks asks the deck
    rather than assuming 40 cards.

    Decks are immutable, equal when their names and cards are; ``repr`` is a constructor call.

    :param name: the deck's name, e.g. ``"italian-40"``.
    :param cards: its cards: a :class:`CardSet` or anything :class:`CardSet` accepts (a mask,
        cards, card texts).
    :raises CardError: (a ``ValueError``) for an empty name, or cards that are not cards, are
        none, or mix the decks.
    """

    __slots__ = ("_family", "_suit_masks", "cards", "name", "suits")
    name: str
    cards: CardSet
    suits: tuple[Suit, ...] | tuple[TarotSuit, ...] | tuple[BridgeSuit, ...]
    _suit_masks: tuple[int, ...]
    _family: _Family

    def __init__(self, name: str, cards: int | Iterable[Card | str | int] | CardSet) -> None:
        if not isinstance(name, str) or not name.strip():
            raise CardError("name", f"{name!r} is not a deck's name: give a non-empty text")
        card_set = CardSet(cards)
        if not card_set:
            raise CardError("cards", f"{cards!r} is not a deck: it has no cards")
        families = _families(card_set.mask)
        if len(families) > 1:
            first, second = (f.title.removeprefix("the ") for f in families[:2])
            raise CardError(
                "cards", f"{str(card_set)!r} mixes the {first}'s cards with the {second}'s"
            )
        family = families[0]
        suits = tuple(s for s in family.suits if card_set.mask & s.mask)  # type: ignore[attr-defined]
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "cards", card_set)
        object.__setattr__(self, "suits", suits)
        object.__setattr__(self, "_suit_masks", tuple(card_set.mask & s.mask for s in suits))
        object.__setattr__(self, "_family", family)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("decks are immutable")

    @property
    def mask(self) -> int:
        """The deck's cards as a bit mask (bit ``c.index`` for card ``c``)."""
        return self.cards.mask

    @property
    def base(self) -> int:
        """The index of the family's first card: 0 for the 40-card deck's cards,
        :data:`TAROT_BASE` for the tarocchi deck's, :data:`BRIDGE_BASE` for the bridge deck's
        (the search core's card ``i`` is bit ``base + i``)."""
        return self._family.base

    @property
    def card_type(self) -> type[Card]:
        """The class of the deck's cards, which reads their text: :class:`Card` (the 40-card
        deck), :class:`TarotCard` or :class:`BridgeCard`."""
        return self._family.card

    @property
    def tarot(self) -> bool:
        """Whether the deck's cards are the tarocchi deck's (:class:`TarotCard`)."""
        return self._family.base == TAROT_BASE

    @property
    def bridge(self) -> bool:
        """Whether the deck's cards are the bridge deck's (:class:`BridgeCard`)."""
        return self._family.base == BRIDGE_BASE

    @property
    def size(self) -> int:
        """The number of cards in the deck (40 for :data:`ITALIAN_40`)."""
        return len(self.cards)

    @property
    def suit_masks(self) -> tuple[int, ...]:
        """The mask of each suit's cards in the deck, in the order of :attr:`suits` (a higher bit
        is a higher card of the suit: the core's layout)."""
        return self._suit_masks

    def suit_mask(self, suit: Suit | TarotSuit | BridgeSuit | int) -> int:
        """The mask of the deck's cards of ``suit`` (0 for a suit the deck lacks; for the
        tarocchi deck a :class:`TarotSuit`, for the bridge deck a :class:`BridgeSuit`, or a
        :class:`Suit` for the suit of its letter)."""
        suits = self._family.suits
        if suits is not Suit and not isinstance(suit, suits):
            suit = suits(int(suit))  # type: ignore[assignment]
        return self.cards.mask & _suit_mask(suit)

    def card(self, value: Card | str | int) -> Card:
        """The deck's card given as a :class:`Card`, its text or its index (text read as the
        deck's cards are written: :attr:`card_type`).

        :raises CardError: for something that is not a card, or a card not in this deck.
        """
        c = self.card_type(value) if not isinstance(value, Card) else value
        if not self.cards.mask & c.mask:
            raise CardError("card", f"{c.text!r} is not a card of the deck {self.name!r}")
        return c

    def parse(self, text: str) -> Card:
        """The deck's card written as ``text`` (``"3S"``, ``"a♦"``; see :meth:`Card.parse`, and
        :meth:`TarotCard.parse` for the tarocchi deck's, :meth:`BridgeCard.parse` for the
        bridge deck's).

        :raises CardError: for text that is not a card, or a card not in this deck.
        """
        return self.card(self.card_type.parse(text))

    def parse_cards(self, text: str) -> CardSet:
        """The deck's cards written as text separated by spaces or commas, e.g. ``"3S AS, 7C"``.

        :raises CardError: for a word that is not a card of this deck.
        """
        return CardSet(self.parse(w) for w in text.replace(",", " ").split())

    def without(self, cards: Iterable[Card | str | int] | CardSet | str) -> Deck:
        """This deck with ``cards`` taken out, named after them (``"italian-40 without 4C"``):
        Kifameno's 39-card deck is ``ITALIAN_40.without(["4C"])``.

        :raises CardError: for a card that is not in this deck.
        """
        if isinstance(cards, str):
            read = self.card_type.parse
            out = CardSet(read(w) for w in cards.replace(",", " ").split())
        else:
            out = CardSet(cards)
        missing = out - self.cards
        if missing:
            raise CardError("cards", f"{str(missing)!r} is not in the deck {self.name!r}")
        return Deck(f"{self.name} without {out}", self.cards - out)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return (self.name, self.cards) == (other.name, other.cards)

    def __hash__(self) -> int:
        return hash(("Deck", self.name, self.cards.mask))

    def __reduce__(self) -> tuple[type[Deck], tuple[str, int]]:
        return (Deck, (self.name, self.cards.mask))

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, CardSet({self.cards.mask:#x}))"


#: The 40-card Italian deck: suits ``S H D C``, ranks ``3 2 A K Q J 7 6 5 4``
#: (``docs/rules.md#the-40-card-deck``).
ITALIAN_40 = Deck("italian-40", DECK)

#: The 62-card tarocchi deck: suits ``S H D C`` of ten cards (``K Q N J 10 9 8 7 6 5`` in swords
#: and batons, ``K Q N J 1 2 3 4 5 6`` in cups and coins), trumps ``1T`` to ``21T`` and the
#: ``FOOL`` (``docs/rules.md#piedicavallo``).
TAROCCHI_62 = Deck("tarocchi-62", _TAROT_MASK)

#: The 52-card bridge deck: suits ``S H D C`` of thirteen cards, ``A K Q J T 9 8 7 6 5 4 3 2``
#: (``docs/rules.md#bridge``).
BRIDGE_52 = Deck("bridge-52", _BRIDGE_MASK)
