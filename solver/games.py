"""Games described as data: :class:`Game`, and the games :class:`Ciapano` and :class:`Busca`.

One class per game over a shared set of tools, found by name (:func:`find_game`, :data:`GAMES`),
as python-chess describes its variants.  A game object is immutable, hashable and equal to
another of the same class with the same options; it carries the number of players and the rule
options, and says everything the tools need: the deck (:class:`~ciapano.Deck`), the hand size,
what each card is worth (in the game's unit, :attr:`Game.points_unit`), which cards are legal,
who wins a trick, how a hand is scored (in :attr:`Game.value_unit`), who plays with whom
(:attr:`Game.sides`) and whether a lower score is better.

The rules are those of ``docs/rules.md`` (the project's rules text, after ``RULES.md``); each
method cites its section by anchor, e.g. ``docs/rules.md#busca-first-trick``.

Units:

- :class:`Ciapano`: card points in **thirds of a point** (ace 3; 3, 2, K, Q, J 1; 32 in the deck);
  hand scores and values in **penalty points** (11 a hand).
- :class:`Busca`: card points in **points** (3, 2, K, Q, J 1; aces 3; the Pita ``AD`` 8; 37 in
  the deck, and the last trick 3: 40); hand scores and values in **busche**.
- :class:`Mattazza`: card points in **points** (3, 2, K, Q, J 1; aces 3; 32 in the deck, and the
  last trick 3: 35); hand scores and values in **game points** (0 or 1 a hand).
- :class:`Bridge`: the cards carry no points; hand scores in **tricks** (a partnership's in the
  hand), values in **tricks** from the position on (:meth:`Game.banked_value`).

Later games (Kifameno with its stock and 39-card deck, Calabrasella's two sides, the
tarocchi's 62 cards, trumps and the Fool) have room here: :attr:`Game.deck`,
:attr:`Game.trump`, :attr:`Game.fool`, :attr:`Game.sides`, :attr:`Game.lower_is_better`.
"""

from __future__ import annotations

import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any, ClassVar

from .cards import (
    BRIDGE_52,
    BRIDGE_BASE,
    BRIDGE_CARDS,
    CARDS,
    ITALIAN_40,
    TAROCCHI_62,
    TAROT_BASE,
    TAROT_CARDS,
    BridgeCard,
    BridgeSuit,
    Card,
    CardSet,
    Deck,
    Rank,
    Suit,
    TarotCard,
    TarotSuit,
)
from .errors import GameError

__all__ = [
    "DECK_THIRDS",
    "GAMES",
    "HAND_POINTS",
    "PBN_SEATS",
    "Bridge",
    "Busca",
    "Calabrasella",
    "Cappotto",
    "Ciapano",
    "Game",
    "Kifameno",
    "Mattazza",
    "SetAside",
    "busca_penalties",
    "find_game",
    "game_from_dict",
    "hand_score",
    "mattazza_scores",
    "trick_winner",
]

#: Ciapanò: card points in the deck, in thirds (10 2/3 points;
#: ``docs/rules.md#ciapano-card-points``).
DECK_THIRDS = 32
#: Ciapanò: penalty points shared out in every hand; the last trick carries the remainder.
HAND_POINTS = 11

# Ciapanò's card points in thirds by rank strength (4 5 6 7 J Q K A 2 3).
_THIRDS_BY_RANK = (0, 0, 0, 0, 1, 1, 1, 3, 1, 1)


class Cappotto(str, Enum):
    """Ciapanò's ``cappotto`` option (``docs/rules.md#ciapano-cappotto``): when taking every
    point scores 0 for the taker and 11 for everyone else.

    ``ALL`` (default): all 32 thirds of card points (the 3-player discard included) **and** the
    last trick.  ``CARDS``: all 32 thirds, the last trick not required.  ``OFF``: no cappotto.
    """

    ALL = "all"
    CARDS = "cards"
    OFF = "off"

    def __str__(self) -> str:
        return self.value


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_shares(
    field: str, values: Sequence[int], n: int, total: int, what: str, *, at_most: bool = False
) -> None:
    """Check that ``values`` are ``n`` whole numbers >= 0 that add up to ``total`` (at most
    ``total`` with ``at_most``): each seat's share of the deck's card points or of the hand's
    tricks (``what`` names them, for the message).

    :raises GameError: naming ``field`` and quoting the values.
    """
    if (
        len(values) != n
        or any(not _is_int(v) or v < 0 for v in values)
        or (sum(values) > total if at_most else sum(values) != total)
    ):
        bound = "at most " if at_most else ""
        raise GameError(
            field,
            f"{list(values)} do not share out {bound}{total} {what} among {n} seats",
        )


def trick_winner(cards: Sequence[Card], leader: int, players: int) -> int:
    """The seat that wins a complete trick without trumps: the highest card of the suit led
    (``docs/rules.md#the-40-card-deck``).

    :param cards: the trick's cards in order of play, the first led by ``leader``.
    :returns: the winning seat, ``0..players-1``.
    """
    led = cards[0].suit
    best = 0
    for i, card in enumerate(cards):
        if card.suit == led and card.rank > cards[best].rank:
            best = i
    return (leader + best) % players


def hand_score(
    thirds: Sequence[int], last_trick: int, cappotto: Cappotto | str = Cappotto.ALL
) -> list[int]:
    """Ciapanò: penalty points of each seat at the end of a hand
    (``docs/rules.md#ciapano-hand-score``, ``docs/rules.md#ciapano-cappotto``).

    :param thirds: card points taken by each seat, in thirds of a point, the 3-player discard
        already added to the seat that won the last trick; they sum to 32.
    :param last_trick: the seat that won the last trick.
    :param cappotto: the cappotto option (``"all"``, ``"cards"`` or ``"off"``).
    :returns: a list of penalty points, one per seat: ``floor(thirds / 3)`` for every seat but
        the last trick's winner, who scores ``11`` minus the others' scores; with cappotto the
        seat that took every point scores 0 and every other seat 11.
    :raises GameError: if the thirds do not sum to 32, ``last_trick`` is not a seat or the
        option is unknown.
    """
    try:
        mode = Cappotto(cappotto)
    except ValueError:
        raise GameError("cappotto", f"{cappotto!r} is not one of 'all', 'cards', 'off'") from None
    n = len(thirds)
    if sum(thirds) != DECK_THIRDS or any(t < 0 for t in thirds):
        raise GameError("thirds", f"{list(thirds)} do not share out the deck's {DECK_THIRDS}")
    if not 0 <= last_trick < n:
        raise GameError("last_trick", f"{last_trick!r} is not a seat of {n}")
    if mode is not Cappotto.OFF:
        for seat, t in enumerate(thirds):
            if t == DECK_THIRDS and (mode is Cappotto.CARDS or seat == last_trick):
                return [0 if s == seat else HAND_POINTS for s in range(n)]
    scores = [t // 3 for t in thirds]
    scores[last_trick] = HAND_POINTS - (sum(scores) - scores[last_trick])
    return scores


def busca_penalties(points: Sequence[int]) -> list[int]:
    """Busca: the busche of each seat from its points at the end of the hand, the last trick's
    3 included (``docs/rules.md#busca-penalties``).

    - Some seat took no points: each of the ``z`` seats without points scores ``z`` (1 alone,
      2 each for two, 3 each for three: the fourth took everything); the others 0.
    - Otherwise the ``k`` seats tied for the most points ``M`` each score ``k × f(M)``, with
      ``f(M)`` = 1 up to 18, 2 for 19-22 and ``M - 20`` above 22; the others 0.

    :param points: each seat's points (40 in all with the whole deck).
    :returns: busche per seat.
    :raises GameError: for points that are not whole numbers >= 0.
    """
    if not points or any(not _is_int(p) or p < 0 for p in points):
        raise GameError("points", f"{list(points)} are not whole numbers of points >= 0")
    zero = sum(1 for p in points if p == 0)
    if zero:
        return [zero if p == 0 else 0 for p in points]
    most = max(points)
    k = sum(1 for p in points if p == most)
    f = 1 if most <= 18 else 2 if most <= 22 else most - 20
    return [k * f if p == most else 0 for p in points]


def mattazza_scores(points: Sequence[int], tricks: Sequence[int]) -> list[int]:
    """Mattazza: the game points of each seat from its points at the end of the hand, the last
    trick's 3 included, and the tricks it won (``docs/rules.md#mattazza``).

    - Some seat won no trick: each seat that won none scores 1; the others 0.
    - Otherwise the seats with the most points score 1 each (all of them in a tie); the others 0.

    :param points: each seat's points (35 in all with the whole deck).
    :param tricks: the tricks each seat won, one entry per seat.
    :returns: game points per seat, each 0 or 1.
    :raises GameError: for points or tricks that are not whole numbers >= 0, or lists of
        different lengths.
    """
    if not points or any(not _is_int(p) or p < 0 for p in points):
        raise GameError("points", f"{list(points)} are not whole numbers of points >= 0")
    if len(tricks) != len(points) or any(not _is_int(t) or t < 0 for t in tricks):
        raise GameError(
            "tricks", f"{list(tricks)} are not {len(points)} whole numbers of tricks >= 0"
        )
    if not all(tricks):
        return [0 if t else 1 for t in tricks]
    most = max(points)
    return [1 if p == most else 0 for p in points]


class Game(ABC):
    """A trick-taking game with its number of players and rule options (abstract).

    Subclasses are frozen dataclasses whose fields are ``players`` and the rule options, so a
    game is immutable, hashable and equal to another of its class with the same options.  Build
    one from its class (``Ciapano(players=3)``), from a position file's fields
    (:func:`game_from_dict`, :meth:`from_rules`) or by name (:func:`find_game`).

    Class attributes: :attr:`name` (the position file's ``"game"``), :attr:`title`,
    :attr:`points_unit` (the unit of card points and of a position's ``taken``),
    :attr:`value_unit` (the unit of hand scores and double-dummy values), :attr:`value_nouns`
    (its noun for one and for many, for text: :meth:`value_text`), :attr:`lower_is_better`,
    :attr:`counts_tricks` (whether the hand score depends on the tricks each seat won, as
    Mattazza's does: positions then know each seat's tricks), :attr:`trump` (None: no trumps),
    :attr:`fool` (None: no Fool), :attr:`sides` (None: every
    seat plays for itself, and a seat's value is its paranoid value against all the others;
    for a game of two sides, a tuple of the sides' seat tuples), :attr:`option_names` (the keys
    of the ``"rules"`` object), :attr:`player_counts` (the numbers of players it is played by),
    :attr:`top_level_options` (options a file may also give beside ``"rules"``: bridge's
    ``"trump"``), :attr:`past_tricks_optional` (whether a position may leave out the tricks won
    before it: bridge).  A position's value is a seat's minimax hand score less
    :meth:`banked_value` (0 but in bridge, whose value counts the tricks from here on).
    """

    __slots__ = ()

    name: ClassVar[str]
    title: ClassVar[str]
    points_unit: ClassVar[str]
    value_unit: ClassVar[str]
    #: The value unit's noun for one and for many, in sentences: ``("point", "points")``.
    value_nouns: ClassVar[tuple[str, str]]
    option_names: ClassVar[tuple[str, ...]] = ()
    player_counts: ClassVar[tuple[int, ...]]
    lower_is_better: ClassVar[bool] = True
    #: Whether the hand score depends on how many tricks each seat won (Mattazza).
    counts_tricks: ClassVar[bool] = False
    trump: ClassVar[Suit | None] = None
    fool: ClassVar[Card | None] = None
    sides: ClassVar[tuple[tuple[int, ...], ...] | None] = None
    #: Whether one seat, the declarer, plays against all the others together (Calabrasella):
    #: a position then names it, and the sides follow from it (:meth:`side_of`).
    has_declarer: ClassVar[bool] = False
    #: Whether a position names its dealer, whose partnership owns the set-aside cards
    #: (Piedicavallo tarocchi's discards).
    needs_dealer: ClassVar[bool] = False
    #: Whether a position of a game that :attr:`counts_tricks` may leave out the tricks won
    #: before it (bridge, whose value counts the tricks from here on): those it does not
    #: credit to a seat (the ``tricks`` field missing, or adding up to fewer than the tricks
    #: complete) count for no one.  Elsewhere the tricks complete must all be credited.
    past_tricks_optional: ClassVar[bool] = False
    #: The rule options a position file may also give as top-level fields beside ``"rules"``
    #: (bridge's ``"trump"``), and that a written file gives there.
    top_level_options: ClassVar[tuple[str, ...]] = ()

    @property
    def two_sided(self) -> bool:
        """Whether the game is played by two sides, zero-sum (Calabrasella's declarer against
        the defenders, tarocchi's partnerships): a seat's value is its side's points, higher is
        better, and the two sides' values add up to the hand's total (``hand_total``)."""
        return self.has_declarer or self.sides is not None

    #: The index of the deck's first card (its :attr:`Deck.base <ciapano.Deck.base>`): card
    #: ``c`` is the search core's card ``c.index - card_base``.
    card_base: ClassVar[int] = 0
    players: int

    # -- the deal ------------------------------------------------------------------------------

    @property
    def deck(self) -> Deck:
        """The deck the game is played with (:data:`~ciapano.ITALIAN_40`)."""
        return ITALIAN_40

    @property
    @abstractmethod
    def hand_size(self) -> int:
        """Cards dealt to each seat (not counting a dealer's discard)."""

    @property
    def tricks(self) -> int:
        """Tricks in a hand: the hand size, and one more for each round of draws from a stock."""
        return self.hand_size + self.stock_size // self.players

    @property
    def has_discard(self) -> bool:
        """Whether the dealer lays one card aside (Ciapanò with 3 players), which goes to the
        last trick's winner."""
        return False

    @property
    def stock_size(self) -> int:
        """The cards left over after the deal, drawn one a seat after each trick (Kifameno's
        stock, ``docs/rules.md#kifameno``); 0 in a game without a stock."""
        return 0

    @property
    def set_aside_size(self) -> int:
        """Cards out of play during the hand, scored with the last trick or by no one
        (Calabrasella's four: the declarer's discards and the widow cards it did not take);
        0 in the other games."""
        return 0

    @property
    def set_aside_scored(self) -> bool:
        """Whether the set-aside cards score for the last trick's winner (Calabrasella's rule
        ``"last-trick"``) rather than for no one."""
        return False

    @property
    def has_stock(self) -> bool:
        """Whether the seats draw from a stock after each trick (:attr:`stock_size` > 0)."""
        return self.stock_size > 0

    @property
    def deal_size(self) -> int:
        """The cards of a deal: every hand, the discard if there is one, and the stock (the
        deck's 40, or Kifameno's 39 with 3 players)."""
        return (
            self.players * self.hand_size
            + int(self.has_discard)
            + self.stock_size
            + self.set_aside_size
        )

    def first_leader(self, dealer: int) -> int:
        """The seat that leads the first trick: the one after the dealer."""
        return (dealer + 1) % self.players

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in order of play (``docs/rules.md#conventions``)."""
        return (seat + 1) % self.players

    # -- points --------------------------------------------------------------------------------

    @abstractmethod
    def card_points(self, card: Card) -> int:
        """What ``card`` is worth, in :attr:`points_unit`."""

    def points(self, cards: Iterable[Card]) -> int:
        """What ``cards`` are worth together, in :attr:`points_unit`."""
        table = self.points_by_index
        base = self.card_base
        if isinstance(cards, CardSet):
            # Bit by bit, without making the cards (the reference minimax counts every trick).
            bits = (cards.mask >> base) & ((1 << len(table)) - 1)
            total = 0
            while bits:
                low = bits & -bits
                total += table[low.bit_length() - 1]
                bits ^= low
            return total
        return sum(table[c.index - base] for c in cards)

    @cached_property
    def points_by_index(self) -> tuple[int, ...]:
        """Every card's points by its index less the deck's :attr:`Deck.base`, over all the
        cards of the deck's family (``0..39`` for the 40-card Italian cards, 62 tarocchi cards,
        52 bridge cards; 0 for a card not in the deck): the search core's table."""
        deck = self.deck
        family = _FAMILY_CARDS[deck.base]
        return tuple(self.card_points(c) if c in deck else 0 for c in family)

    @property
    def card_total(self) -> int:
        """The points of all the deck's cards, in :attr:`points_unit`."""
        return self.points(self.deck)

    @property
    def last_trick_points(self) -> int:
        """The points the last trick is worth by itself (0 if it carries none)."""
        return 0

    @property
    def total_points(self) -> int:
        """The points of a hand: the cards' and the last trick's."""
        return self.card_total + self.last_trick_points

    def points_text(self, points: int) -> str:
        """Points as text in :attr:`points_unit`."""
        return str(points)

    def value_text(self, value: int) -> str:
        """A whole number of the value unit with its noun: ``"1 point"``, ``"4 points"``,
        ``"1 busca"``, ``"2 busche"``."""
        one, many = self.value_nouns
        return f"{value} {one if value == 1 else many}"

    # -- play ----------------------------------------------------------------------------------

    def legal_moves(
        self, hand: CardSet, trick: Sequence[Card] = (), first_trick: bool = False
    ) -> CardSet:
        """The cards of ``hand`` that may be played to ``trick``: the cards of the suit led if
        the hand holds any, else any card (``docs/rules.md#the-40-card-deck``).

        :param hand: the cards of the seat to play.
        :param trick: the cards played to the trick so far, in order.
        :param first_trick: whether this is the hand's first trick.
        """
        if trick:
            follow = hand.suit(trick[0].suit)
            if follow:
                return follow
        return hand

    def why_illegal(
        self, hand: CardSet, trick: Sequence[Card], card: Card, first_trick: bool = False
    ) -> str | None:
        """Why ``card`` may not be played from ``hand`` to ``trick`` (text to follow "seat N"),
        or None if it may."""
        if card not in hand:
            return f"does not hold {card}"
        if trick:
            follow = hand.suit(trick[0].suit)
            if follow and card.suit != trick[0].suit:
                return f"must follow suit {trick[0].suit.name} with one of {follow}"
        return None

    def revealed_voids(
        self, trick: Sequence[Card], card: Card, first_trick: bool = False
    ) -> frozenset[Suit]:
        """The suits that the seat playing ``card`` to ``trick`` shows it holds no card of
        from then on: the suit led when it does not follow (``docs/rules.md#the-40-card-deck``).
        """
        if trick and card.suit != trick[0].suit:
            return frozenset({trick[0].suit})
        return frozenset()

    def trick_winner(self, cards: Sequence[Card], leader: int) -> int:
        """The seat that wins a complete trick (``cards`` in order of play, the first led by
        ``leader``): the highest card of the suit led."""
        return trick_winner(cards, leader, self.players)

    def trick_piles(self, cards: Sequence[Card], leader: int, winner: int) -> tuple[CardSet, ...]:
        """The cards each seat's pile gains from a complete trick: all of them to the winner
        (in Piedicavallo tarocchi the Fool goes back to the seat that played it)."""
        mask = 0
        for card in cards:
            mask |= card.mask
        won, none = CardSet(mask), CardSet(0)
        return tuple(won if s == winner else none for s in range(self.players))

    def pile_tricks(self, pile: CardSet) -> int | None:
        """How many tricks a seat won whose pile of won cards is ``pile``, or None if no pile
        of this game is like it: a whole number of tricks (in Piedicavallo tarocchi the Fool
        counts apart)."""
        n = self.players
        return None if len(pile) % n else len(pile) // n

    def set_aside_owner(
        self, last_trick: int, declarer: int | None = None, dealer: int | None = None
    ) -> int | None:
        """The seat the set-aside cards are scored for at the end of the hand, or None: the last
        trick's winner where they score with it (Calabrasella's rule ``"last-trick"``)."""
        return last_trick if self.set_aside_scored else None

    # -- scoring -------------------------------------------------------------------------------

    @abstractmethod
    def hand_score(
        self,
        taken: Sequence[int],
        last_trick: int,
        tricks: Sequence[int] | None = None,
        declarer: int | None = None,
    ) -> list[int]:
        """Every seat's score for the hand, in :attr:`value_unit`.

        :param taken: the card points each seat took, in :attr:`points_unit` (a discard counted
            for the last trick's winner; the last trick's own points not counted).
        :param last_trick: the seat that won the last trick.
        :param tricks: the tricks each seat won, the last one included: needed by a game that
            :attr:`counts_tricks`, ignored by the others.
        :param declarer: the declaring seat, in a game with one (:attr:`has_declarer`:
            Calabrasella), whose sides it decides; ignored by the others.
        :raises GameError: for points that do not share out the deck's, a last-trick seat that
            is no seat, or missing or bad ``tricks`` where the game needs them.
        """

    @property
    @abstractmethod
    def value_bounds(self) -> tuple[int, int]:
        """The least and the most a seat can score in a hand, in :attr:`value_unit`."""

    def banked_value(self, position: Any, seat: int) -> int:
        """The part of ``seat``'s hand score (in :attr:`value_unit`) that is already fixed before
        ``position`` is played on, and that its value leaves out: 0 in every game whose value
        is the whole hand's score; in bridge the tricks the seat's partnership has won before
        (its value is the tricks it takes from here on).  A position's value for ``seat`` is
        its minimax hand score less this (:func:`ciapano.reference.reference_value`).

        :param position: a :class:`~ciapano.Position` of this game.
        :param seat: a seat of the position.
        """
        return 0

    def tricks_by_seat(self, tricks: Any) -> Any:
        """A position's ``tricks`` field one entry a seat (as given, in every game but bridge,
        which also takes them one a side); the caller checks the result."""
        return tricks

    def side_of(self, seat: int, declarer: int | None = None) -> tuple[int, ...]:
        """The seats that play with ``seat``: itself alone when :attr:`sides` is None; in a game
        with a declarer (:attr:`has_declarer`), the declarer alone or the other seats together.

        :raises GameError: for a seat that is no seat, or a missing declarer where the game
            has one.
        """
        if self.has_declarer:
            if declarer is None:
                raise GameError("declarer", f"is missing: {self.title}'s sides depend on it")
            if seat == declarer:
                return (seat,)
            return tuple(s for s in range(self.players) if s != declarer)
        if self.sides is None:
            return (seat,)
        for side in self.sides:
            if seat in side:
                return side
        raise GameError("seat", f"{seat!r} is not a seat of {self.title}")

    # -- options and files ---------------------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        """The rule options as a position file's ``"rules"`` object."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        """``{"game": name, "players": n, "rules": options}``, a position file's fields."""
        return {"game": self.name, "players": self.players, "rules": self.options}

    @classmethod
    def from_rules(cls, players: int | None = None, rules: Mapping[str, Any] | None = None) -> Game:
        """The game with ``players`` (default: the class's default) and a position file's
        ``"rules"`` object (missing options take their defaults, ``docs/rules.md#options``).

        :raises GameError: naming ``players``, ``rules`` or ``rules.KEY`` for a number of
            players the game is not played by, or an unknown or bad option.
        """
        if cls is Game:
            raise GameError("game", "is missing: Game is abstract; use find_game(name)")
        if rules is None:
            rules = {}
        if not isinstance(rules, Mapping):
            raise GameError("rules", f"{rules!r} is not an object of rule options")
        for key in rules:
            if key not in cls.option_names:
                known = (
                    f"its options are {', '.join(repr(k) for k in cls.option_names)}"
                    if cls.option_names
                    else "it has no options"
                )
                raise GameError(
                    f"rules.{key}", f"{key!r} is not a rule option of {cls.title}: {known}"
                )
        kwargs = dict(rules)
        if players is not None:
            kwargs["players"] = players
        return cls(**kwargs)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """The game of a position file's ``"game"`` (default ``"ciapano"``), ``"players"`` and
        ``"rules"`` fields.

        :raises GameError: for an unknown game, a number of players it is not played by or an
            unknown or bad option.
        """
        default = "ciapano" if cls is Game else cls.name
        game = game_from_dict(data.get("game", default), data.get("players"), data.get("rules"))
        if cls is not Game and not isinstance(game, cls):
            raise GameError("game", f"{data.get('game')!r} is not {cls.title}")
        return game

    def __str__(self) -> str:
        return f"{self.title} ({self.players} players)"


def counts_text(counts: Sequence[int]) -> str:
    """``(3, 4, 5)`` -> ``"3, 4 or 5"``."""
    head = ", ".join(map(str, counts[:-1]))
    return f"{head} or {counts[-1]}" if head else str(counts[-1])


def _check_players(game: Game) -> None:
    value = game.players
    if not _is_int(value) or value not in game.player_counts:
        counts = counts_text(game.player_counts)
        raise GameError(
            "players", f"{value!r} is not {counts}: {game.title} is played by {counts} players"
        )


def _enum_option(game: Game, name: str, kind: type[Enum]) -> None:
    """Turn a frozen game's option ``name`` into its enum ``kind`` (given as the enum or its
    text).

    :raises GameError: naming ``rules.NAME`` for a value that is none of the enum's.
    """
    value = getattr(game, name)
    try:
        object.__setattr__(game, name, kind(value))
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in kind)
        raise GameError(f"rules.{name}", f"{value!r} is not one of {allowed}") from None


_CIAPANO_SIZES = {3: 13, 4: 10, 5: 8}


@dataclass(frozen=True, repr=False)
class Ciapano(Game):
    """Ciapanò (Rovescino, Traversone, Tressette a non prendere; ``docs/rules.md#ciapano``).

    Every seat for itself, to take as few points as it can.  Card points in thirds of a point
    (``docs/rules.md#ciapano-card-points``); the hand score in penalty points, 11 a hand
    (``docs/rules.md#ciapano-hand-score``).

    :param players: 3, 4 or 5 (13, 10 or 8 cards each; with 3 the dealer discards a 14th).
    :param cappotto: a :class:`Cappotto` or its text ``"all"`` (default), ``"cards"``, ``"off"``.
    :raises GameError: (a ``ValueError``) naming ``players`` or ``rules.cappotto``.
    """

    name: ClassVar[str] = "ciapano"
    title: ClassVar[str] = "Ciapanò"
    points_unit: ClassVar[str] = "thirds of a point"
    value_unit: ClassVar[str] = "penalty points"
    value_nouns: ClassVar[tuple[str, str]] = ("point", "points")
    option_names: ClassVar[tuple[str, ...]] = ("cappotto",)
    player_counts: ClassVar[tuple[int, ...]] = (3, 4, 5)

    players: int = 4
    cappotto: Cappotto = Cappotto.ALL

    def __post_init__(self) -> None:
        _check_players(self)
        _enum_option(self, "cappotto", Cappotto)

    @property
    def hand_size(self) -> int:
        """13 (3 players, plus the dealer's discard), 10 or 8 (``docs/rules.md#ciapano-deal``)."""
        return _CIAPANO_SIZES[self.players]

    @property
    def has_discard(self) -> bool:
        """With 3 players the dealer discards one card, won with the last trick."""
        return self.players == 3

    def card_points(self, card: Card) -> int:
        """Thirds of a point: ace 3; 3, 2, K, Q, J 1; 7, 6, 5, 4 0
        (``docs/rules.md#ciapano-card-points``)."""
        return _THIRDS_BY_RANK[card.rank]

    def points_text(self, points: int) -> str:
        """Thirds of a point as text: 10 -> ``'3 1/3'``."""
        whole, rest = divmod(points, 3)
        if not rest:
            return str(whole)
        return f"{whole} {rest}/3" if whole else f"{rest}/3"

    def hand_score(
        self,
        taken: Sequence[int],
        last_trick: int,
        tricks: Sequence[int] | None = None,
        declarer: int | None = None,
    ) -> list[int]:
        """Penalty points per seat (:func:`hand_score` with this game's cappotto option).

        :param taken: thirds per seat, the 3-player discard counted for ``last_trick``; 32 in
            all.
        :raises GameError: for a wrong number of seats, thirds that do not sum to 32 or a
            last-trick seat out of range.
        """
        if len(taken) != self.players:
            raise GameError("thirds", f"{list(taken)} has {len(taken)} entries, not {self.players}")
        return hand_score(taken, last_trick, self.cappotto)

    @property
    def value_bounds(self) -> tuple[int, int]:
        """0 to 11 penalty points."""
        return (0, HAND_POINTS)

    @property
    def options(self) -> dict[str, Any]:
        """``{"cappotto": "all" | "cards" | "off"}``."""
        return {"cappotto": self.cappotto.value}

    def __repr__(self) -> str:
        return f"Ciapano(players={self.players}, cappotto={self.cappotto.value!r})"


@dataclass(frozen=True, repr=False)
class _WholePoints(Game):
    """What Busca, Mattazza and Calabrasella share (abstract): Ciapanò's play, whole points and
    a last trick worth 3; 4 players of 10 cards unless a game says otherwise
    (``docs/rules.md#busca-deal``, ``#mattazza-deal``)."""

    points_unit: ClassVar[str] = "points"
    player_counts: ClassVar[tuple[int, ...]] = (4,)

    players: int = 4

    def __post_init__(self) -> None:
        _check_players(self)

    @property
    def hand_size(self) -> int:
        """10 cards each."""
        return 10

    @property
    def last_trick_points(self) -> int:
        """The last trick is worth 3 points."""
        return 3

    def points_at_end(self, taken: Sequence[int], last_trick: int) -> list[int]:
        """Each seat's points at the end of the hand: its card points, and the last trick's 3
        for ``last_trick``.

        :param taken: card points per seat, the deck's in all (the last trick's 3 not included).
        :raises GameError: for a wrong number of seats, points that do not share out the deck's
            or a last-trick seat out of range.
        """
        n = self.players
        _check_shares("taken", taken, n, self.card_total, "card points of the deck")
        if not _is_int(last_trick) or not 0 <= last_trick < n:
            raise GameError("last_trick", f"{last_trick!r} is not a seat of {n}")
        return [t + self.last_trick_points if s == last_trick else t for s, t in enumerate(taken)]


@dataclass(frozen=True, repr=False)
class Busca(_WholePoints):
    """Busca (``docs/rules.md#busca``): 4 players, 10 cards each, Ciapanò's play but for the
    first trick, whole points (the Pita ``AD`` 8, the last trick 3; 40 in all) and penalties
    in busche.

    :param players: 4 (the only number).
    :raises GameError: (a ``ValueError``) naming ``players`` for any other number.
    """

    name: ClassVar[str] = "busca"
    title: ClassVar[str] = "Busca"
    value_unit: ClassVar[str] = "busche"
    value_nouns: ClassVar[tuple[str, str]] = ("busca", "busche")
    #: The suit that may not be led to the first trick (``docs/rules.md#busca-first-trick``).
    banned_lead_suit: ClassVar[Suit] = Suit.D
    #: The Pita, the ace of coins: 8 points, not to be discarded to the first trick.
    pita: ClassVar[Card] = Card("AD")

    def card_points(self, card: Card) -> int:
        """Points: the Pita ``AD`` 8, the other aces 3; 3, 2, K, Q, J 1; 7, 6, 5, 4 0
        (``docs/rules.md#busca-points``)."""
        if card == self.pita:
            return 8
        # Three times Ciapanò's points (docs/rules.md#ciapano-card-points): its thirds.
        return _THIRDS_BY_RANK[card.rank]

    @property
    def banned_lead_mask(self) -> int:
        """The mask of the deck's cards that may not be led to the first trick by a seat that
        holds any other card (the coins)."""
        return self.deck.suit_mask(self.banned_lead_suit)

    @property
    def pita_mask(self) -> int:
        """The Pita's bit."""
        return self.pita.mask

    def legal_moves(
        self, hand: CardSet, trick: Sequence[Card] = (), first_trick: bool = False
    ) -> CardSet:
        """Ciapanò's legal cards, and in the first trick (``docs/rules.md#busca-first-trick``):
        the leader may not lead a coin unless it holds only coins; a seat that cannot follow
        suit may not play the Pita unless it is its only card."""
        moves = super().legal_moves(hand, trick, first_trick)
        if not first_trick:
            return moves
        if not trick:
            others = CardSet(hand.mask & ~self.banned_lead_mask)
            return others if others else moves
        if not hand.suit(trick[0].suit) and self.pita in hand and len(hand) > 1:
            return moves.remove(self.pita)
        return moves

    def why_illegal(
        self, hand: CardSet, trick: Sequence[Card], card: Card, first_trick: bool = False
    ) -> str | None:
        """Ciapanò's reasons, and the first trick's bans (``docs/rules.md#busca-first-trick``)."""
        reason = super().why_illegal(hand, trick, card, first_trick)
        if reason is not None or not first_trick:
            return reason
        if not trick:
            others = CardSet(hand.mask & ~self.banned_lead_mask)
            if card.suit == self.banned_lead_suit and others:
                return (
                    f"may not lead a coin to the first trick while holding other suits "
                    f"({others}; docs/rules.md#busca-first-trick)"
                )
        elif card == self.pita and card.suit != trick[0].suit and len(hand) > 1:
            return (
                f"may not discard the Pita {card} to the first trick while holding other cards "
                f"({hand.remove(card)}; docs/rules.md#busca-first-trick)"
            )
        return None

    def revealed_voids(
        self, trick: Sequence[Card], card: Card, first_trick: bool = False
    ) -> frozenset[Suit]:
        """Ciapanò's, and in the first trick: a seat that leads a coin holds only coins (void in
        every other suit); a seat that discards the Pita held nothing else (void in every
        suit).  ``docs/rules.md#busca-first-trick``."""
        voids = super().revealed_voids(trick, card, first_trick)
        if first_trick:
            if not trick and card.suit == self.banned_lead_suit:
                voids |= frozenset(s for s in self.deck.suits if s != self.banned_lead_suit)
            elif trick and card == self.pita and card.suit != trick[0].suit:
                voids |= frozenset(self.deck.suits)
        return voids

    def hand_score(
        self,
        taken: Sequence[int],
        last_trick: int,
        tricks: Sequence[int] | None = None,
        declarer: int | None = None,
    ) -> list[int]:
        """Busche per seat (``docs/rules.md#busca-penalties``): the last trick's 3 points are
        added to ``last_trick``'s card points, then :func:`busca_penalties`.

        :param taken: card points per seat, 37 in all (the last trick's 3 not included).
        :raises GameError: for a wrong number of seats, points that do not share out the
            deck's 37 or a last-trick seat out of range.
        """
        return busca_penalties(self.points_at_end(taken, last_trick))

    @property
    def value_bounds(self) -> tuple[int, int]:
        """0 to 17 busche (37 points with every other seat on 1; an upper bound for a smaller
        deck)."""
        n, total = self.players, self.total_points
        worst = n - 1  # every other seat without points
        for k in range(1, n + 1):
            most = (total - (n - k)) // k
            if most >= 1:
                worst = max(worst, k * (1 if most <= 18 else 2 if most <= 22 else most - 20))
        return (0, worst)

    def __repr__(self) -> str:
        return "Busca()" if type(self) is Busca else f"{type(self).__name__}()"


@dataclass(frozen=True, repr=False)
class Mattazza(_WholePoints):
    """Mattazza (``docs/rules.md#mattazza``): 4 players, 10 cards each, Ciapanò's play, whole
    points (aces 3; 3, 2, K, Q, J 1; the last trick 3: 35 in all) and game points: the seats with
    the most points score 1 each if every seat won a trick, else each seat that won none.

    The hand score depends on the tricks each seat won (:attr:`counts_tricks`), so a position
    knows them (from ``won``, or given as ``tricks``).

    :param players: 4 (the only number).
    :raises GameError: (a ``ValueError``) naming ``players`` for any other number.
    """

    name: ClassVar[str] = "mattazza"
    title: ClassVar[str] = "Mattazza"
    value_unit: ClassVar[str] = "game points"
    value_nouns: ClassVar[tuple[str, str]] = ("game point", "game points")
    counts_tricks: ClassVar[bool] = True

    def card_points(self, card: Card) -> int:
        """Points: aces 3; 3, 2, K, Q, J 1; 7, 6, 5, 4 0 (``docs/rules.md#mattazza``)."""
        # Ciapanò's points in thirds, read as whole points (docs/rules.md#ciapano-card-points).
        return _THIRDS_BY_RANK[card.rank]

    def hand_score(
        self,
        taken: Sequence[int],
        last_trick: int,
        tricks: Sequence[int] | None = None,
        declarer: int | None = None,
    ) -> list[int]:
        """Game points per seat (``docs/rules.md#mattazza``): the last trick's 3 points are added
        to ``last_trick``'s card points, then :func:`mattazza_scores`.

        :param taken: card points per seat, 32 in all (the last trick's 3 not included).
        :param tricks: the tricks each seat won, 10 in all (required).
        :raises GameError: for a wrong number of seats, points that do not share out the deck's
            32, a last-trick seat out of range, or tricks missing, not 10 in all, or none for
            the last trick's winner or a seat with points.
        """
        points = self.points_at_end(taken, last_trick)
        n = self.players
        if tricks is None:
            raise GameError("tricks", "is missing: Mattazza scores the seats that won no trick")
        _check_shares("tricks", tricks, n, self.tricks, "tricks of the hand")
        for seat in range(n):
            if tricks[seat] == 0 and (taken[seat] or seat == last_trick):
                why = "won the last trick" if seat == last_trick else f"took {taken[seat]} points"
                raise GameError("tricks", f"{list(tricks)}: seat {seat} won no trick but {why}")
        return mattazza_scores(points, tricks)

    @property
    def value_bounds(self) -> tuple[int, int]:
        """0 to 1 game point."""
        return (0, 1)

    def __repr__(self) -> str:
        return "Mattazza()"


@dataclass(frozen=True, repr=False)
class Kifameno(Ciapano):
    """Kifameno (Chi fa meno; ``docs/rules.md#kifameno``): Ciapanò's play and scoring for 2, 3
    or 4 players of 10 cards each, the cards left over forming a **stock** from which, after
    each trick, every seat draws one card, the trick's winner first, until it is empty.

    With 2 players the stock holds 20 cards (20 tricks); with 3 players one four is taken out
    of the deck (``removed``, default ``4C``) and the stock holds 9 (13 tricks); with 4 there
    is no stock and the game is Ciapanò.  Card points in thirds of a point (32 in the deck: the
    removed four carries none); the hand score in penalty points, 11 a hand, with Ciapanò's
    ``cappotto`` option and no discard.

    :param players: 2 (default), 3 or 4.
    :param cappotto: as :class:`Ciapano`'s (default ``"all"``).
    :param removed: with 3 players, the four taken out of the deck (a :class:`~ciapano.Card` or
        its text; default ``4C``); refused with 2 or 4 players.
    :raises GameError: (a ``ValueError``) naming ``players``, ``rules.cappotto`` or
        ``rules.removed``.
    """

    name: ClassVar[str] = "kifameno"
    title: ClassVar[str] = "Kifameno"
    option_names: ClassVar[tuple[str, ...]] = ("cappotto", "removed")
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)

    players: int = 2
    removed: Card | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        removed = self.removed
        if self.players != 3:
            if removed is not None:
                raise GameError(
                    "rules.removed",
                    f"{_text(removed)!r} given, but a four is taken out only with 3 players "
                    f"(here {self.players})",
                )
            return
        if removed is None:
            removed = Card("4C")
        try:
            card = Card(removed)
        except (ValueError, TypeError):
            card = None
        if card is None or card.rank is not Rank.R4:
            raise GameError(
                "rules.removed", f"{_text(removed)!r} is not a four: give one of 4S, 4H, 4D, 4C"
            )
        object.__setattr__(self, "removed", card)

    @cached_property
    def deck(self) -> Deck:
        """The 40-card deck, or with 3 players the 39 cards left when :attr:`removed` is out."""
        if self.removed is None:
            return ITALIAN_40
        return ITALIAN_40.without([self.removed])

    @property
    def hand_size(self) -> int:
        """10 cards each (``docs/rules.md#kifameno``)."""
        return 10

    @property
    def has_discard(self) -> bool:
        """Kifameno has no discard."""
        return False

    @property
    def stock_size(self) -> int:
        """20 cards with 2 players, 9 with 3, none with 4."""
        return self.deck.size - self.players * self.hand_size

    @property
    def options(self) -> dict[str, Any]:
        """``{"cappotto": ...}``, and ``"removed"`` with 3 players."""
        options = super().options
        if self.removed is not None:
            options["removed"] = self.removed.text
        return options

    def __repr__(self) -> str:
        extra = f", removed={self.removed.text!r}" if self.removed is not None else ""
        return f"Kifameno(players={self.players}, cappotto={self.cappotto.value!r}{extra})"


class SetAside(str, Enum):
    """Calabrasella's ``set_aside`` option (``docs/rules.md#calabrasella-score``): who scores
    the four set-aside cards (the declarer's discards and the widow cards it did not take).

    ``LAST_TRICK`` (default): the side that wins the last trick.  ``NONE``: no one.
    """

    LAST_TRICK = "last-trick"
    NONE = "none"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, repr=False)
class Calabrasella(_WholePoints):
    """Calabrasella (``docs/rules.md#calabrasella``): 3 players of 12 cards, a declarer against
    the two others, who share their tricks; Ciapanò's play (follow suit, no trumps), whole
    points (aces 3; 3, 2, K, Q, J 1; the last trick 3: 35 in all).  Four cards are out of play
    (the declarer's discards and the widow cards it did not take, a position's ``set_aside``);
    they score for the side that wins the last trick, or with ``set_aside="none"`` for no one.

    A zero-sum game between two sides: a seat's score is its side's points (the two defenders
    score the same), **higher is better**.  A position names its ``declarer``
    (:attr:`has_declarer`), which decides the sides (:meth:`side_of`).

    :param players: 3 (the only number).
    :param set_aside: a :class:`SetAside` or its text ``"last-trick"`` (default) or ``"none"``.
    :raises GameError: (a ``ValueError``) naming ``players`` or ``rules.set_aside``.
    """

    name: ClassVar[str] = "calabrasella"
    title: ClassVar[str] = "Calabrasella"
    value_unit: ClassVar[str] = "points"
    value_nouns: ClassVar[tuple[str, str]] = ("point", "points")
    option_names: ClassVar[tuple[str, ...]] = ("set_aside",)
    player_counts: ClassVar[tuple[int, ...]] = (3,)
    lower_is_better: ClassVar[bool] = False
    has_declarer: ClassVar[bool] = True

    players: int = 3
    set_aside: SetAside = SetAside.LAST_TRICK

    def __post_init__(self) -> None:
        _check_players(self)
        _enum_option(self, "set_aside", SetAside)

    @property
    def hand_size(self) -> int:
        """12 cards each (``docs/rules.md#calabrasella-deal``)."""
        return 12

    @property
    def set_aside_size(self) -> int:
        """Four cards out of play (``docs/rules.md#calabrasella-exchange``)."""
        return 4

    @property
    def set_aside_scored(self) -> bool:
        """True under the rule ``"last-trick"`` (default), False under ``"none"``."""
        return self.set_aside is SetAside.LAST_TRICK

    def card_points(self, card: Card) -> int:
        """Points: aces 3; 3, 2, K, Q, J 1; 7, 6, 5, 4 0 (``docs/rules.md#calabrasella-score``)."""
        # Ciapanò's points in thirds, read as whole points (docs/rules.md#ciapano-card-points).
        return _THIRDS_BY_RANK[card.rank]

    def hand_total(self, set_aside: Iterable[Card]) -> int:
        """The points the two sides share in a hand with these set-aside cards: 35, or 35 less
        their points when they score for no one."""
        if self.set_aside_scored:
            return self.total_points
        return self.total_points - self.points(set_aside)

    def hand_score(
        self,
        taken: Sequence[int],
        last_trick: int,
        tricks: Sequence[int] | None = None,
        declarer: int | None = None,
    ) -> list[int]:
        """Each seat's side's points (``docs/rules.md#calabrasella-score``): the last trick's 3
        are added to ``last_trick``'s card points, and the defenders' points are added
        together.

        :param taken: card points per seat, the set-aside cards' counted for ``last_trick`` under
            the rule ``"last-trick"`` (32 in all then; fewer under ``"none"``).
        :param declarer: the declarer (required).
        :raises GameError: for a wrong number of seats, points that are not whole numbers or
            more than the deck's 32, a last-trick seat or declarer out of range.
        """
        n = self.players
        _check_shares("taken", taken, n, self.card_total, "card points of the deck", at_most=True)
        if not _is_int(last_trick) or not 0 <= last_trick < n:
            raise GameError("last_trick", f"{last_trick!r} is not a seat of {n}")
        if not _is_int(declarer) or not 0 <= declarer < n:  # type: ignore[operator]
            raise GameError("declarer", f"{declarer!r} is not a seat of {n}")
        points = [t + self.last_trick_points if s == last_trick else t for s, t in enumerate(taken)]
        ours = points[declarer]  # type: ignore[index]
        theirs = sum(points) - ours
        return [ours if s == declarer else theirs for s in range(n)]

    def payment(self, declarer_points: int, defender_points: int) -> int:
        """What each defender pays the declarer (negative: the declarer pays each defender):
        the difference of the two sides' points, doubled at 35-0 either way
        (``docs/rules.md#calabrasella-score``)."""
        diff = declarer_points - defender_points
        if self.total_points in (declarer_points, defender_points) and 0 in (
            declarer_points,
            defender_points,
        ):
            diff *= 2
        return diff

    @property
    def value_bounds(self) -> tuple[int, int]:
        """0 to 35 points."""
        return (0, self.total_points)

    @property
    def options(self) -> dict[str, Any]:
        """``{"set_aside": "last-trick" | "none"}``."""
        return {"set_aside": self.set_aside.value}

    def __repr__(self) -> str:
        return f"Calabrasella(set_aside={self.set_aside.value!r})"


def _tarocchi_led(trick: Sequence[Card]) -> Card | None:
    """The card that sets a tarocchi trick's suit: the first that is not the Fool (a Fool led
    lets the second card set it, ``docs/rules.md#piedicavallo-play``); None before it."""
    return next((c for c in trick if c.suit is not None), None)


@dataclass(frozen=True, repr=False)
class Tarocchi(Game):
    """Piedicavallo tarocchi (``docs/rules.md#piedicavallo``, ``../shared/RULES.md`` §4): 4
    players in two partnerships (seats 0 and 2 against 1 and 3), the 62-card tarocchi deck
    (:data:`~ciapano.TAROCCHI_62`), 15 cards each after the dealer's two discards, trumps and
    the Fool; the value is a partnership's points (114 in a hand), higher is better.

    Positions name the ``dealer``, whose partnership owns its two discards (the position's
    set-aside cards, a file's ``"discards"``), and give each seat's pile of won cards (the Fool
    in the pile of the seat that played it).  Solved by its own engine (``docs/engine.md``,
    "Piedicavallo tarocchi's engine"); :mod:`ciapano.reference` is the slow reference its tests
    check it against.
    """

    name: ClassVar[str] = "tarocchi"
    title: ClassVar[str] = "Piedicavallo tarocchi"
    points_unit: ClassVar[str] = "points"
    value_unit: ClassVar[str] = "points"
    value_nouns: ClassVar[tuple[str, str]] = ("point", "points")
    player_counts: ClassVar[tuple[int, ...]] = (4,)
    lower_is_better: ClassVar[bool] = False
    counts_tricks: ClassVar[bool] = True
    trump: ClassVar[TarotSuit] = TarotSuit.T  # type: ignore[assignment]
    fool: ClassVar[Card] = TAROT_CARDS[61]
    sides: ClassVar[tuple[tuple[int, ...], ...]] = ((0, 2), (1, 3))
    card_base: ClassVar[int] = TAROT_BASE
    needs_dealer: ClassVar[bool] = True

    players: int = 4

    def __post_init__(self) -> None:
        _check_players(self)

    @property
    def deck(self) -> Deck:
        """The 62-card tarocchi deck."""
        return TAROCCHI_62

    @property
    def hand_size(self) -> int:
        """15 cards a seat to play (the dealer is dealt 17 and discards 2)."""
        return 15

    @property
    def set_aside_size(self) -> int:
        """The dealer's two discards, out of play (``docs/rules.md#piedicavallo-deal``)."""
        return 2

    def card_points(self, card: Card) -> int:
        """Kings, the Fool, trumps 1 and 21: 5; queens 4; horses 3; jacks 2; every other card
        1 (114 in all; ``docs/rules.md#piedicavallo-score``).

        :raises GameError: for a card that is not a tarocchi card.
        """
        if not isinstance(card, TarotCard):
            raise GameError("card", f"{card} is not a card of the tarocchi deck")
        if card.suit is None or card.trump in (1, 21):
            return 5
        if card.suit is TarotSuit.T:
            return 1
        return _TAROCCHI_COURT.get(card.rank, 1)

    # -- play ----------------------------------------------------------------------------------

    def legal_moves(
        self, hand: CardSet, trick: Sequence[Card] = (), first_trick: bool = False
    ) -> CardSet:
        """Follow the suit led if able; if void in it, trump if able; else any card.  The Fool
        may be played to any trick; a Fool led lets the next card set the suit
        (``docs/rules.md#piedicavallo-play``)."""
        led = _tarocchi_led(trick)
        if led is None:
            return hand
        fool = hand & CardSet([self.fool])
        follow = hand.suit(led.suit)  # type: ignore[arg-type]
        if follow:
            return follow | fool
        trumps = hand.suit(TarotSuit.T)
        if trumps:
            return trumps | fool
        return hand

    def why_illegal(
        self, hand: CardSet, trick: Sequence[Card], card: Card, first_trick: bool = False
    ) -> str | None:
        """Why ``card`` may not be played (text to follow "seat N"), or None if it may."""
        if card not in hand:
            return f"does not hold {card}"
        if card in self.legal_moves(hand, trick):
            return None
        led = _tarocchi_led(trick)
        follow = hand.suit(led.suit)  # type: ignore[arg-type,union-attr]
        if follow:
            return f"must follow suit {led.suit.name} with one of {follow}"  # type: ignore[union-attr]
        return (
            f"must trump with one of {hand.suit(TarotSuit.T)} (it holds no "
            f"{led.suit.name})"  # type: ignore[union-attr]
        )

    def revealed_voids(
        self, trick: Sequence[Card], card: Card, first_trick: bool = False
    ) -> frozenset[Suit]:
        """The suits a seat shows it lacks: the suit led when it does not follow, and the
        trumps too when it neither follows nor trumps; the Fool shows nothing."""
        led = _tarocchi_led(trick)
        if led is None or card.suit is None or card.suit == led.suit:
            return frozenset()
        if card.suit is TarotSuit.T:
            return frozenset({led.suit})  # type: ignore[arg-type]
        return frozenset({led.suit, TarotSuit.T})  # type: ignore[arg-type]

    def trick_winner(self, cards: Sequence[Card], leader: int) -> int:
        """The highest trump, else the highest card of the suit led; the Fool never wins."""
        led = _tarocchi_led(cards)
        best = None
        for i, card in enumerate(cards):
            if card.suit is None:
                continue
            if best is None:
                best = i
                continue
            top = cards[best]
            if card.suit is TarotSuit.T:
                if top.suit is not TarotSuit.T or card.rank > top.rank:
                    best = i
            elif top.suit is not TarotSuit.T and card.suit == led.suit and card.rank > top.rank:  # type: ignore[union-attr]
                best = i
        if best is None:
            raise GameError("trick", "a trick of the Fool alone has no winner")
        return (leader + best) % self.players

    def trick_piles(self, cards: Sequence[Card], leader: int, winner: int) -> tuple[CardSet, ...]:
        """The trick to its winner, but the Fool to the pile of the seat that played it."""
        piles = [CardSet(0)] * self.players
        for i, card in enumerate(cards):
            seat = (leader + i) % self.players if card is self.fool else winner
            piles[seat] = piles[seat].add(card)
        return tuple(piles)

    def pile_tricks(self, pile: CardSet) -> int | None:
        """The tricks in a pile: 4 cards each, one fewer for the trick the seat won with
        another seat's Fool in it, and its own Fool counted apart."""
        m = len(pile - CardSet([self.fool]))
        return None if m % 4 in (1, 2) else (m + 1) // 4

    def set_aside_owner(
        self, last_trick: int, declarer: int | None = None, dealer: int | None = None
    ) -> int | None:
        """The dealer: its discards count for its partnership (``hand_score`` gives them to
        the other when its partnership won no trick)."""
        return dealer

    def hand_total(self, set_aside: Iterable[Card] = ()) -> int:
        """The points the two partnerships share: all 114, the discards' included (they count
        for one partnership or the other)."""
        return self.card_total

    def discard_error(self, hand: CardSet, discards: Sequence[Card]) -> str | None:
        """Why the dealer may not discard ``discards`` from its 17 cards ``hand``, or None if
        it may: two of its cards, never a 5-point card, and trumps only if it could not do
        otherwise or discards every trump it holds (``docs/rules.md#piedicavallo-deal``)."""
        cards = CardSet(discards)
        if len(discards) != 2 or len(cards) != 2:
            return f"{len(discards)} card(s) given; the dealer discards 2"
        if cards - hand:
            return f"{cards - hand} is not in the dealer's hand"
        fives = [c for c in cards if self.card_points(c) == 5]
        if fives:
            return f"{fives[0]} is a 5-point card, which the dealer may not discard"
        trumps = cards.suit(TarotSuit.T)
        if trumps:
            held = hand.suit(TarotSuit.T)
            others = self.plain_cards(hand)
            forced = max(0, 2 - len(others))  # trumps it must discard for want of other cards
            if len(trumps) > forced and trumps != held:
                return (
                    f"{trumps} discarded while the dealer could discard other cards and keeps "
                    f"trumps ({held - trumps})"
                )
        return None

    def plain_cards(self, cards: Iterable[Card]) -> CardSet:
        """The cards of ``cards`` that are neither trumps nor worth 5 (the kings and the Fool
        are): the suit cards below the king, the only cards the dealer may discard whatever it
        holds (``docs/rules.md#piedicavallo-deal``)."""
        return CardSet(
            c for c in cards if c.suit not in (None, TarotSuit.T) and self.card_points(c) != 5
        )

    def simple_discards(self, hand: CardSet) -> tuple[Card, Card]:
        """A simple legal choice of the dealer's two discards from its 17 cards, for random
        deals (not the best one): its two cheapest cards that are neither trumps nor worth 5
        (the lowest first), with its lowest trumps not worth 5 where it has too few of them."""

        def cheap(card: Card) -> tuple[int, int]:
            return (self.card_points(card), card.rank)

        plain = sorted(self.plain_cards(hand), key=cheap)
        trumps = [c for c in sorted(hand.suit(TarotSuit.T), key=cheap) if self.card_points(c) != 5]
        allowed = plain + trumps
        return (allowed[0], allowed[1])

    # -- scoring -------------------------------------------------------------------------------

    def hand_score(
        self,
        taken: Sequence[int],
        last_trick: int,
        tricks: Sequence[int] | None = None,
        declarer: int | None = None,
    ) -> list[int]:
        """Each seat's partnership's points (``docs/rules.md#piedicavallo-score``).

        :param taken: the points in each seat's pile at the end: the tricks it won, the Fool
            in the pile of the seat that played it, the dealer's two discards counted for the
            dealer (114 in all).  A partnership that won no trick gives its Fool and discards
            to the other: it scores 0 and the other 114.
        :param tricks: the tricks each seat won (required).
        :raises GameError: for points that are not the seats' shares of 114, or tricks missing
            or not 15 in all.
        """
        n = self.players
        _check_shares("taken", taken, n, self.card_total, "card points of the deck")
        if tricks is None:
            raise GameError("tricks", f"is missing: {self.title} scores a side without a trick")
        _check_shares("tricks", tricks, n, self.tricks, "tricks of the hand")
        out = [0] * n
        for side in self.sides:
            other = next(x for x in self.sides if x != side)
            if not any(tricks[s] for s in side):
                points = 0
            elif not any(tricks[s] for s in other):
                points = self.card_total
            else:
                points = sum(taken[s] for s in side)
            for s in side:
                out[s] = points
        return out

    @property
    def value_bounds(self) -> tuple[int, int]:
        """0 to 114 points."""
        return (0, self.card_total)

    def __repr__(self) -> str:
        return "Tarocchi()"


#: The tarocchi court cards' points by strength: kings 5, queens 4, horses 3, jacks 2.
_TAROCCHI_COURT = {9: 5, 8: 4, 7: 3, 6: 2}


#: Bridge's seats by their PBN letters (``docs/rules.md#bridge``): North, East, South, West.
PBN_SEATS = "NESW"
_PBN_RANKS = "AKQJT98765432"
#: Bridge's strains as its ``trump`` option writes them, the suit or None for no trumps.
_STRAINS: dict[str, BridgeSuit | None] = {
    "S": BridgeSuit.S,
    "H": BridgeSuit.H,
    "D": BridgeSuit.D,
    "C": BridgeSuit.C,
    "NT": None,
}


@dataclass(frozen=True, repr=False)
class Bridge(Game):
    """Contract bridge's card play (``docs/rules.md#bridge``; the Laws of Duplicate Bridge, law
    44), as an independent check of the engine against other double-dummy solvers (DDS).

    Four seats in order of play, 0 North, 1 East, 2 South, 3 West, in two partnerships (0 and 2
    against 1 and 3); the 52-card deck (:data:`~ciapano.BRIDGE_52`), 13 cards each; follow the
    suit led if able, else any card (no duty to trump); the highest trump wins the trick, else
    the highest card of the suit led.  The cards carry no points: a seat's hand score is the
    **tricks** its partnership took in the hand (13 in all), higher is better, and the value of a
    position is the tricks the seat's partnership takes **from here on**, the current trick
    included (:meth:`banked_value`: the tricks won before are not counted).

    Positions need not start from a full deal: an ending holds fewer cards a seat (equal sizes,
    as the trick requires), the cards in no hand count as played, and the tricks won before may
    be left out (``tricks``, ``won``).

    :param players: 4 (the only number).
    :param trump: the trump suit: a :class:`~ciapano.BridgeSuit`, or its text ``"S"``, ``"H"``,
        ``"D"``, ``"C"``; ``"NT"`` or None (default) for no trumps.  :attr:`trump` is then the
        suit or None.
    :raises GameError: (a ``ValueError``) naming ``players`` or ``rules.trump``.
    """

    name: ClassVar[str] = "bridge"
    title: ClassVar[str] = "Bridge"
    points_unit: ClassVar[str] = "points"
    value_unit: ClassVar[str] = "tricks"
    value_nouns: ClassVar[tuple[str, str]] = ("trick", "tricks")
    option_names: ClassVar[tuple[str, ...]] = ("trump",)
    top_level_options: ClassVar[tuple[str, ...]] = ("trump",)
    player_counts: ClassVar[tuple[int, ...]] = (4,)
    lower_is_better: ClassVar[bool] = False
    counts_tricks: ClassVar[bool] = True
    past_tricks_optional: ClassVar[bool] = True
    sides: ClassVar[tuple[tuple[int, ...], ...]] = ((0, 2), (1, 3))
    card_base: ClassVar[int] = BRIDGE_BASE

    players: int = 4
    trump: BridgeSuit | None = None  # type: ignore[misc,assignment]

    def __post_init__(self) -> None:
        _check_players(self)
        value = self.trump
        if value is None or isinstance(value, BridgeSuit):
            return
        if isinstance(value, Suit):
            object.__setattr__(self, "trump", BridgeSuit(int(value)))  # the suit of its letter
            return
        key = value.strip().upper() if isinstance(value, str) else None
        if key not in _STRAINS:
            allowed = ", ".join(repr(k) for k in _STRAINS)
            raise GameError("rules.trump", f"{value!r} is not one of {allowed}")
        object.__setattr__(self, "trump", _STRAINS[key])

    @property
    def strain(self) -> str:
        """The trump option's text: ``"S"``, ``"H"``, ``"D"``, ``"C"`` or ``"NT"``."""
        return "NT" if self.trump is None else self.trump.name

    @property
    def deck(self) -> Deck:
        """The 52-card bridge deck."""
        return BRIDGE_52

    @property
    def hand_size(self) -> int:
        """13 cards each."""
        return 13

    def card_points(self, card: Card) -> int:
        """0: bridge scores tricks, not cards.

        :raises GameError: for a card that is not a bridge card.
        """
        if not isinstance(card, BridgeCard):
            raise GameError("card", f"{card} is not a card of the bridge deck")
        return 0

    # -- play ----------------------------------------------------------------------------------

    def trick_winner(self, cards: Sequence[Card], leader: int) -> int:
        """The highest trump if a trump was played, else the highest card of the suit led."""
        trumps = [i for i, c in enumerate(cards) if self.trump is not None and c.suit == self.trump]
        led = cards[0].suit
        pool = trumps or [i for i, c in enumerate(cards) if c.suit == led]
        best = max(pool, key=lambda i: cards[i].rank)
        return (leader + best) % self.players

    # -- scoring -------------------------------------------------------------------------------

    def hand_score(
        self,
        taken: Sequence[int],
        last_trick: int,
        tricks: Sequence[int] | None = None,
        declarer: int | None = None,
    ) -> list[int]:
        """Each seat's partnership's tricks (``docs/rules.md#bridge``).

        :param taken: card points per seat: 0 each (the cards carry none).
        :param tricks: the tricks each seat won (required): 13 in all over a whole hand, fewer
            when a position left out the tricks won before it (an ending).
        :raises GameError: for points that are not 0, a last-trick seat out of range, or tricks
            missing or more than 13 in all.
        """
        n = self.players
        _check_shares("taken", taken, n, self.card_total, "card points of the deck")
        if not _is_int(last_trick) or not 0 <= last_trick < n:
            raise GameError("last_trick", f"{last_trick!r} is not a seat of {n}")
        if tricks is None:
            raise GameError("tricks", f"is missing: {self.title} scores the tricks of each side")
        _check_shares("tricks", tricks, n, self.tricks, "tricks of the hand", at_most=True)
        return [sum(tricks[s] for s in self.side_of(seat)) for seat in range(n)]

    def hand_total(self, set_aside: Iterable[Card] = ()) -> int:
        """The tricks the two partnerships share in a hand: 13 (a position's values share its
        tricks left)."""
        return self.tricks

    def banked_value(self, position: Any, seat: int) -> int:
        """The tricks ``seat``'s partnership has won before ``position``: its value counts the
        tricks from here on."""
        return sum(position.tricks[s] for s in self.side_of(seat))

    def tricks_by_seat(self, tricks: Any) -> Any:
        """The ``tricks`` field one entry a seat: given per seat (4 entries), or per side (2
        entries, North-South then East-West: each side's tricks credited to its first seat,
        North and East)."""
        if (
            isinstance(tricks, Sequence)
            and not isinstance(tricks, (str, bytes))
            and len(tricks) == len(self.sides)
        ):
            out = [0] * self.players
            for side, k in zip(self.sides, tricks, strict=True):
                out[side[0]] = k
            return out
        return tricks

    @property
    def value_bounds(self) -> tuple[int, int]:
        """0 to 13 tricks."""
        return (0, self.tricks)

    @property
    def options(self) -> dict[str, Any]:
        """``{"trump": "S" | "H" | "D" | "C" | "NT"}``."""
        return {"trump": self.strain}

    # -- PBN -----------------------------------------------------------------------------------

    @staticmethod
    def parse_pbn(text: str) -> tuple[CardSet, ...]:
        """The hands of a PBN deal string, by seat (0 North, 1 East, 2 South, 3 West).

        The string is the seat of its first hand (``N``, ``E``, ``S`` or ``W``), a colon, and
        four hands separated by spaces, clockwise from that seat; each hand is its spades,
        hearts, diamonds and clubs separated by dots, each suit its ranks ``AKQJT98765432``
        (``10`` is read as ``T``; lower case accepted; an empty suit, or ``-``, is a void).
        Hands need not hold 13 cards (an ending): their sizes are the position's to check.
        Example:
        ``"N:AKQ.JT9.876.5432 ..."``.

        :raises GameError: naming ``deal`` and quoting the string for anything else, or a card
            given twice.
        """

        def bad(why: str) -> GameError:
            return GameError("deal", f"{text!r} is not a PBN deal: {why}")

        if not isinstance(text, str):
            raise GameError("deal", f"{text!r} is not a PBN deal: expected a text such as 'N:...'")
        head, colon, rest = text.strip().partition(":")
        if not colon or head.strip().upper() not in tuple(PBN_SEATS):
            raise bad("it starts with the first hand's seat, N, E, S or W, and a colon ('N:')")
        first = PBN_SEATS.index(head.strip().upper())
        words = rest.split()
        if len(words) != 4:
            raise bad(f"{len(words)} hands given; give 4, separated by spaces")
        hands: list[CardSet] = [CardSet()] * 4
        seen = CardSet()
        for i, word in enumerate(words):
            suits = word.split(".")
            if len(suits) != 4:
                raise bad(
                    f"hand {word!r} has {len(suits)} suit(s); write spades.hearts.diamonds.clubs"
                )
            cards = []
            for suit, given in zip(BridgeSuit, suits, strict=True):
                ranks = "" if given == "-" else given.upper().replace("10", "T")
                for r in ranks:
                    if r not in _PBN_RANKS:
                        raise bad(f"{r!r} in hand {word!r} is not a rank of AKQJT98765432")
                    cards.append(BRIDGE_CARDS[13 * suit + 12 - _PBN_RANKS.index(r)])
            for c in cards:
                if c in seen:
                    raise bad(f"card {c} appears twice")
                seen = seen.add(c)
            hands[(first + i) % 4] = CardSet(cards)
        return tuple(hands)

    @staticmethod
    def format_pbn(hands: Sequence[CardSet | Iterable[Card]], first: int = 0) -> str:
        """A PBN deal string of four hands given by seat (0 North ... 3 West), starting with
        seat ``first``'s hand: ``"N:AKQ.JT9.876.5432 ..."`` (an empty suit left empty).

        :raises GameError: naming ``hands`` for other than 4 hands of bridge cards, or
            ``first`` for a seat that is none.
        """
        if len(hands) != 4:
            raise GameError("hands", f"{len(hands)} hands given; a PBN deal has 4")
        if not _is_int(first) or not 0 <= first < 4:
            raise GameError("first", f"{first!r} is not a seat: seats are 0..3")
        words = []
        for k in range(4):
            hand = CardSet(hands[(first + k) % 4])
            if hand.mask & ~BRIDGE_52.mask:
                raise GameError("hands", f"{hand - CardSet(BRIDGE_52.mask)} are not bridge cards")
            words.append(
                ".".join("".join(_PBN_RANKS[12 - c.rank] for c in hand.suit(s)) for s in BridgeSuit)
            )
        return f"{PBN_SEATS[first]}:" + " ".join(words)

    def __str__(self) -> str:
        return f"{self.title} ({'no trumps' if self.trump is None else f'trumps {self.strain}'})"

    def __repr__(self) -> str:
        return "Bridge()" if self.trump is None else f"Bridge(trump={self.strain!r})"


#: Every card of a deck family by its index less the family's base (:attr:`Deck.base`).
_FAMILY_CARDS: dict[int, tuple[Card, ...]] = {
    0: CARDS,
    TAROT_BASE: TAROT_CARDS,
    BRIDGE_BASE: BRIDGE_CARDS,
}


def _text(value: object) -> str:
    return value.text if isinstance(value, Card) else str(value)


#: The games by name, as a position file's ``"game"`` names them.
GAMES: dict[str, type[Game]] = {
    "ciapano": Ciapano,
    "busca": Busca,
    "mattazza": Mattazza,
    "kifameno": Kifameno,
    "calabrasella": Calabrasella,
    "tarocchi": Tarocchi,
    "bridge": Bridge,
}


def _normal_name(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def find_game(name: str) -> type[Game]:
    """The class of the game called ``name`` (case and accents ignored: ``"Ciapanò"`` is
    ``"ciapano"``).

    :raises GameError: naming ``game`` for a name no game has.
    """
    if isinstance(name, str):
        key = _normal_name(name)
        if key in GAMES:
            return GAMES[key]
    known = ", ".join(repr(k) for k in GAMES)
    raise GameError("game", f"{name!r} is not a known game (known: {known})")


def game_from_dict(
    name: str = "ciapano", players: int | None = None, rules: Mapping[str, Any] | None = None
) -> Game:
    """The game called ``name`` with ``players`` (default: the game's default) and the options
    of a position file's ``"rules"`` object (default: RULES.md's defaults).

    :raises GameError: naming ``game``, ``players``, ``rules`` or ``rules.KEY``.
    """
    return find_game(name).from_rules(players, rules)
