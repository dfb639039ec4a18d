"""Information sets, and exactly uniform sampling of the hidden hands consistent with one.

An :class:`InformationSet` is what one seat (the *viewer*) knows at a moment of the hand: its own
cards, every card played so far and by whom (hence the cards out of play, the points each seat
has taken and the current trick), how many cards each other seat holds, the suits in which a
seat has shown out (a seat that did not follow suit holds no card of the suit led: a *void*), and,
with 3 players, the dealer's discard if and only if the viewer is the dealer.

:func:`sample_deals` deals the *unseen* cards (those neither in the viewer's hand, nor played,
nor its known discard) to the hidden hands, and with 3 players to the unseen discard, **uniformly
among all the deals that respect the hand sizes and the voids** and assume nothing else.

The method is exact, not approximate (no rejection of deals, no greedy dealing):

1. *Counting* (dynamic programming over the deck's suits, four for the 40-card deck): the
   state is the room left in each hidden hand (the unseen discard, the stock and Calabrasella's
   unseen set-aside cards are hands without voids).  The ways to split a suit's ``k`` unseen
   cards with counts ``c_1..c_m`` among the hands not void in it is the multinomial coefficient
   ``k! / (c_1! ... c_m!)``; the number of consistent deals from suit ``i`` on with room ``r`` is
   ``N(i, r) = sum over c of multinomial(k_i; c) * N(i + 1, r - c)``, ``N(S, 0) = 1`` after the
   last suit.  Python integers keep every count exact.
2. *Unranking*: each consistent deal gets a number in ``0 .. N(0, sizes) - 1``: suit by suit,
   the count vectors ``c`` in a fixed order take consecutive blocks of
   ``multinomial(k_i; c) * N(i + 1, r - c)`` numbers, and inside a block the number splits into
   which cards of the suit go where (a multiset permutation in its rank order) and the rest of
   the deal.  This is a bijection (``tests/test_sampling.py`` checks it against brute-force
   enumeration), so a uniformly drawn number is a uniformly drawn deal: the choice of ``c`` for
   each suit has probability proportional to its ways times the completions of the other suits.
3. *Randomness*: the number is drawn below the exact total from NumPy's PCG64 generator
   (``numpy.random.default_rng(seed)``) by taking 64-bit words of its raw output
   (``bit_generator.random_raw()``), keeping the top ``bit_length(total - 1)`` bits and drawing
   again while the result is ``>= total`` (the standard exact method, fewer than 2 draws on
   average).  The raw PCG64 stream is fixed by its algorithm, so the same seed gives the same
   deals on every machine; deal ``i`` of ``sample_deals(view, n, seed)`` does not depend on ``n``.

Calabrasella adds what a seat saw at the call and the exchange
(:meth:`InformationSet.from_history`): cards it knows in another hand or set aside are placed
before counting (they leave the unseen cards and the room of their hand), and a called card of
unknown place (in the declarer's hand, or among its discards) is counted as a *group* of its
own, after the suits, that only those two places may take.  The counting and unranking above
run over such groups of interchangeable cards (a suit's cards are interchangeable because a
void rules out a whole suit), so the deals stay exactly uniform among those that fit
everything the seat knows.

Piedicavallo tarocchi adds trump voids (a seat that neither followed nor trumped holds no trump;
the Fool shows nothing) and the dealer's two hidden discards: never a 5-point card, the
announced number of trumps, and the discard rule, which ties them to the dealer's kept cards.
The unseen cards are then grouped by suit and by worth (5-point cards apart, the Fool alone),
the hidden discards are two places (the discarded trumps, the discarded suit cards below the
king) that take only their kind, and the rule splits the deals into two disjoint cases, each
counted as above and numbered one after the other (:class:`_TarocchiDiscards` has the proof):
the deals stay exactly uniform among those that fit everything the seat knows.

An information set for which no deal exists (voids that the unseen cards cannot satisfy, sizes
that do not add up) raises :class:`~ciapano.InformationSetError` when it is built, naming what
is inconsistent; sampling never searches and never hangs.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from math import factorial, prod
from typing import TYPE_CHECKING, Any

from .cards import BridgeSuit, Card, CardSet, Suit, TarotSuit
from .errors import CardError, IllegalMoveError, InformationSetError, PositionError
from .games import Game
from .position import Position
from .validate import check_table, game_for, parse_card, parse_card_set, parse_cards

if TYPE_CHECKING:
    import numpy as np

    from .calabrasella import Exchange

__all__ = ["InformationSet", "count_deals", "sample_deals"]

_SUIT_TEXT = {"S": Suit.S, "H": Suit.H, "D": Suit.D, "C": Suit.C,
              "♠": Suit.S, "♥": Suit.H, "♦": Suit.D, "♣": Suit.C,
              "♤": Suit.S, "♡": Suit.H, "♢": Suit.D, "♧": Suit.C,
              "T": TarotSuit.T}  # fmt: skip


def parse_suit(field_name: str, value: object) -> Suit:
    """A suit from a :class:`Suit` (or a bridge deck's :class:`~ciapano.BridgeSuit`, read as the
    :class:`Suit` of its letter) or its text (``S H D C`` or ``♠ ♥ ♦ ♣``, any case; ``T``, the
    tarocchi trumps, :class:`~ciapano.TarotSuit`, which only a tarocchi view accepts).

    :raises InformationSetError: naming ``field_name`` and the value, for anything else.
    """
    if isinstance(value, (Suit, TarotSuit)):
        return value  # type: ignore[return-value]
    if isinstance(value, BridgeSuit):
        return Suit(int(value))  # the suit of its letter (CardSet.suit takes it so)
    if isinstance(value, str) and value.strip().upper() in _SUIT_TEXT:
        return _SUIT_TEXT[value.strip().upper()]
    raise InformationSetError(
        field_name, f"{value!r} is not a suit: write S H D C (or ♠ ♥ ♦ ♣; T for tarocchi's trumps)"
    )


def _seat(field_name: str, value: object, n: int) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InformationSetError(field_name, f"{value!r} is not a seat: seats are 0..{n - 1}")
    return value


def _per_seat(field_name: str, given: object, n: int, what: str) -> list[tuple[Any, Any]]:
    """``(seat key, value)`` pairs of a field given per seat: a mapping ``{seat: value}``, or a
    sequence of ``n`` values (none for None).

    :raises InformationSetError: naming ``field_name``, for anything else or a wrong length.
    """
    if given is None:
        return []
    if isinstance(given, Mapping):
        return list(given.items())
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise InformationSetError(field_name, f"{given!r} is not {what} per seat")
    if len(given) != n:
        raise InformationSetError(field_name, f"{len(given)} entries given, not {n}")
    return list(enumerate(given))


def check_voids(
    hands: Sequence[CardSet],
    voids: Iterable[tuple[int, Iterable[Suit]]],
    error: type[PositionError] = InformationSetError,
) -> None:
    """Check that no seat holds a card of a suit it is void in.

    :param voids: ``(seat, suits)`` pairs.
    :raises InformationSetError: (or ``error``) naming ``voids.<seat>`` and the cards held.
    """
    for seat, suits in voids:
        for suit in suits:
            if hands[seat].suit(suit):
                raise error(
                    f"voids.{seat}",
                    f"seat {seat} holds {hands[seat].suit(suit)}, so it is not void in {suit.name}",
                )


def _suits_text(suits: Iterable[Suit]) -> str:
    return " ".join(s.name for s in sorted(suits))


@dataclass(frozen=True)
class InformationSet:
    """What one seat knows at a moment of the hand (plain, validated data).

    Build one with :meth:`from_history` (every void the play revealed), :meth:`from_position`
    (an open position seen by one seat) or from a position file (``ciapano.load_view``); or give
    the fields directly.  Inputs are normalised (card texts to cards, voids to one frozenset of
    suits per seat, ``won`` to ``gone`` and ``taken``), so the attributes always have the types
    below.

    :ivar view: the viewing seat.
    :ivar hand: the viewer's cards (a :class:`~ciapano.CardSet`).
    :ivar sizes: how many cards each seat holds now, indexed by seat.
    :ivar leader: the seat that led (or is to lead) the current trick.
    :ivar trick: the cards played to the current trick, in order.
    :ivar taken: card points each seat has won in completed tricks, in the game's points unit
        (Ciapanò: thirds of a point; Busca: points) (default: those of ``won``, else all 0).
    :ivar won: the cards each seat has won in completed tricks, or None if only ``taken`` and
        ``gone`` are known.
    :ivar gone: the cards played in completed tricks (default: the union of ``won``, else none).
    :ivar tricks: in a game that counts tricks (Mattazza), the tricks each seat has won: from
        ``won``, or given with ``taken`` and ``gone``; None in the other games.
    :ivar discard: with 3 players, the dealer's discard if the viewer knows it (it is the
        dealer), else None: the discard is then one of the unseen cards.
    :ivar voids: per seat, the suits it is known to hold no card of (given voids, plus those the
        current trick reveals: a seat that did not follow suit; in Busca's first trick, a
        leader of a coin holds only coins, ``docs/rules.md#busca-first-trick``); accepted on
        input as ``{seat: suits}`` or one entry per seat.
    :ivar game: the :class:`~ciapano.Game` (default: Ciapanò for ``len(sizes)`` players).
    :ivar stock: in a game with a stock (Kifameno), how many cards are still to be drawn: their
        order is hidden from every seat, and a sampled deal orders them uniformly at random.
        A seat knows the cards it drew (they are in its hand or were played); voids shown
        before a draw no longer hold after it (see :meth:`from_history`).
    :ivar declarer: in a game with a declarer (Calabrasella), the declaring seat; else None.
    :ivar set_aside: in a game with set-aside cards (Calabrasella's four), those the viewer has
        seen (a :class:`~ciapano.CardSet`): all four for the declarer (its discards and the
        widow cards it left), the widow cards left for a defender (the widow is turned face up;
        the declarer's discards are not shown); the others are among the unseen cards.  An
        empty set in the other games.
    :ivar held: per seat, the cards the viewer knows another seat holds (a tuple of
        :class:`~ciapano.CardSet`, accepted on input as ``{seat: cards}``): in Calabrasella the
        declarer knows the card it gave back to the called card's holder, a defender the widow
        cards the declarer took, until they are played.
    :ivar called: in Calabrasella, for a defender, the card the declarer named if a seat gave it
        (the defenders saw it change hands); until it is played it is in the declarer's hand or,
        had it discarded it, among the set-aside cards.  None otherwise.
    :ivar dealer: in Piedicavallo tarocchi, the dealer (required there); else None.  Its two
        discards are the game's set-aside cards: ``set_aside`` holds them for the dealer's own
        view (a file's ``"discards"``); the other seats do not see them.
    :ivar discarded_trumps: in Piedicavallo tarocchi, how many trumps the dealer discarded (0, 1
        or 2: announced, so known to every seat; required for a view that is not the dealer's,
        taken from the discards in the dealer's); else None.
    :ivar dealer_played: in Piedicavallo tarocchi, for a view that is not the dealer's, the cards
        the dealer has played so far (the current trick's included; :meth:`from_history` knows
        them): the discard rule links the dealer's 15 kept cards and its discards
        (:class:`_TarocchiDiscards`).  Given as None it is taken as the dealer's card in the
        current trick when no trick is complete, and is not needed when no trump was discarded;
        it is required otherwise.  None in the other games and in the dealer's own view.
    :raises InformationSetError: (a ``ValueError``) naming the field and value of any
        inconsistency, found by the checks every position has (:func:`ciapano.validate.check_table`:
        sizes that do not fit the trick, a card twice, points that do not add up, a viewer's
        trick card that it could not play) and by those of a view: sizes that do not add up to
        the unseen cards, a viewer's card that contradicts a void, or voids that leave no deal
        possible (for example more unseen hearts than the hands not void in hearts have room
        for).
    """

    view: int
    hand: CardSet
    sizes: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...] = ()
    taken: tuple[int, ...] | None = None
    won: tuple[CardSet, ...] | None = None
    gone: CardSet | None = None
    discard: Card | None = None
    voids: tuple[frozenset[Suit], ...] | Mapping[int, Iterable[Suit | str]] | None = None
    game: Game | None = None
    tricks: tuple[int, ...] | None = None
    stock: int = 0
    declarer: int | None = None
    set_aside: CardSet | Iterable[Card | str] | None = None
    held: tuple[CardSet, ...] | Mapping[int, Iterable[Card | str]] | None = None
    called: Card | str | None = None
    dealer: int | None = None
    discarded_trumps: int | None = None
    dealer_played: CardSet | Iterable[Card | str] | None = None
    _deals: _Deals | _Cases | None = field(default=None, init=False, repr=False, compare=False)

    # -- construction and validation ------------------------------------------------------

    def __post_init__(self) -> None:
        def put(name: str, value: Any) -> None:
            object.__setattr__(self, name, value)

        if isinstance(self.sizes, (str, bytes)) or not isinstance(self.sizes, Sequence):
            raise InformationSetError("hands", f"{self.sizes!r} is not a list of hand sizes")
        n = len(self.sizes)
        game = game_for(n, self.game, InformationSetError)
        put("game", game)
        deck = game.deck
        for s, size in enumerate(self.sizes):
            if isinstance(size, bool) or not isinstance(size, int) or size < 0:
                raise InformationSetError(f"hands[{s}]", f"{size!r} is not a number of cards")
        put("sizes", tuple(self.sizes))
        view = _seat("view", self.view, n)
        put("view", view)
        hand = parse_card_set(f"hands[{view}]", self.hand, deck, InformationSetError)
        put("hand", hand)
        trick = parse_cards("trick", self.trick, deck, InformationSetError)
        put("trick", trick)
        discard = None
        if self.discard is not None:
            discard = parse_card("discard", self.discard, deck, InformationSetError)
        put("discard", discard)
        won = self.won
        if won is not None:
            if isinstance(won, (str, bytes)) or not isinstance(won, Sequence) or len(won) != n:
                raise InformationSetError("won", f"{won!r} is not a list of {n} lists of cards")
            won = tuple(
                parse_card_set(f"won[{s}]", w, deck, InformationSetError) for s, w in enumerate(won)
            )
        gone = None
        if self.gone is not None:
            gone = parse_card_set("gone", self.gone, deck, InformationSetError)
        elif won is None:
            gone = CardSet(0)
        aside = CardSet(0)
        if self.set_aside is not None:
            aside = parse_card_set("set_aside", self.set_aside, deck, InformationSetError)
        put("set_aside", aside)
        if not game.has_declarer:
            for name in ("held", "called"):
                if getattr(self, name):
                    raise InformationSetError(
                        name,
                        f"{getattr(self, name)!r} given, but {game.title} has no declarer (only "
                        "Calabrasella's views know cards in another hand)",
                    )
        # The checks every position has (ciapano.validate), on what the viewer knows.
        facts = check_table(
            game,
            leader=self.leader,
            trick=trick,
            sizes=self.sizes,
            hands={view: hand},
            discard=discard,
            discard_hidden=True,
            won=won,
            taken=self.taken,
            gone=gone,
            tricks=self.tricks,
            error=InformationSetError,
            stock=self.stock,
            declarer=self.declarer,
            set_aside=tuple(aside),
            set_aside_hidden=max(0, game.set_aside_size - len(aside)),
            dealer=self.dealer,
        )
        leader = self.leader
        put("won", won)
        put("gone", facts.gone)
        put("taken", facts.taken)
        put("tricks", facts.tricks)
        if len(hand) != self.sizes[view]:
            raise InformationSetError(
                f"hands[{view}]",
                f"{len(hand)} cards given but seat {view} holds {self.sizes[view]}",
            )
        # Voids: given, plus those the current trick reveals.
        void_sets = [set() for _ in range(n)]
        for key, suits in _per_seat("voids", self.voids, n, "voids"):
            s = _seat(f"voids.{key}", key, n)
            if isinstance(suits, (str, Suit)):
                suits = [suits]
            if not isinstance(suits, Iterable):
                raise InformationSetError(f"voids.{key}", f"{suits!r} is not a list of suits")
            void_sets[s] |= {parse_suit(f"voids.{key}", x) for x in suits}
        # A card played to the current trick may show its player void in suits (not following
        # suit; Busca's first trick, docs/rules.md#busca-first-trick).
        for i, c in enumerate(trick):
            void_sets[(leader + i) % n] |= game.revealed_voids(trick[:i], c, facts.first_trick)
        for suit in void_sets[view]:
            if hand.suit(suit):
                raise InformationSetError(
                    f"voids.{view}",
                    f"seat {view} is said to be void in {suit.name} but holds {hand.suit(suit)}",
                )
        for s, suits in enumerate(void_sets):
            for suit in suits:
                if suit not in game.deck.suits:
                    raise InformationSetError(
                        f"voids.{s}", f"{suit.name!r} is not a suit of {game.title}"
                    )
        put("voids", tuple(frozenset(v) for v in void_sets))
        self._check_held()
        self._check_discards()
        # The unseen cards fill the hidden hands exactly, and some deal fits the voids.
        unseen = self.unseen
        slots = self._slots()
        room = sum(r for _, r, _ in slots)
        if len(unseen) != room:
            extra = " and the unseen discard 1" if self.discard_hidden else ""
            extra += f" and the stock {self.stock}" if self.stock else ""
            if self.set_aside_hidden:
                extra += f" and the unseen set-aside {self.set_aside_hidden}"
            known = sum(len(h) for h in self.held)  # type: ignore[union-attr]
            extra += f" less the {known} known held card(s)" if known else ""
            others = " + ".join(str(self.sizes[s]) for s in self.hidden_seats)
            raise InformationSetError(
                "hands",
                f"{len(unseen)} cards are unseen by seat {view}, but the other hands hold "
                f"{others}{extra} = {room}",
            )
        self._check_voids()
        if game.needs_dealer and self._dealer().total == 0:
            d = self.dealer
            raise InformationSetError(
                "discarded_trumps",
                f"{self.discarded_trumps} trump(s) discarded, but no deal fits it: the discard "
                f"rule then wants seat {d}'s 15 kept cards without trumps or without plain "
                f"cards below the king, and seat {d} played {self.dealer_played or '-'} and "
                f"holds {self.sizes[d]} of the unseen cards within its voids",
            )

    def _check_discards(self) -> None:
        """Normalise and check Piedicavallo tarocchi's ``dealer``, ``discarded_trumps`` and
        ``dealer_played`` (refused by the other games)."""
        game = self.game
        if not game.needs_dealer:  # type: ignore[union-attr]
            for name in ("discarded_trumps", "dealer_played"):
                if getattr(self, name) is not None:
                    raise InformationSetError(
                        name,
                        f"{getattr(self, name)!r} given, but {game.title} has no dealer's "  # type: ignore[union-attr]
                        "discards (only Piedicavallo tarocchi has)",
                    )
            return
        deck = game.deck  # type: ignore[union-attr]
        d = self.dealer
        fives = [c for c in self.set_aside if game.card_points(c) == 5]  # type: ignore[union-attr]
        if fives:
            raise InformationSetError(
                "discards", f"{fives[0]} is a 5-point card, which the dealer may not discard"
            )
        t = self.discarded_trumps
        if t is not None and (isinstance(t, bool) or not isinstance(t, int) or not 0 <= t <= 2):
            raise InformationSetError(
                "discarded_trumps", f"{t!r} is not a number of trumps discarded: 0, 1 or 2"
            )
        if self.view == d:
            known = len(self.set_aside.suit(TarotSuit.T))  # type: ignore[union-attr]
            if t is not None and t != known:
                raise InformationSetError(
                    "discarded_trumps",
                    f"{t} given, but the dealer's discards {self.set_aside} hold {known} trump(s)",
                )
            object.__setattr__(self, "discarded_trumps", known)
            plain = game.plain_cards(self.hand)  # type: ignore[union-attr]
            if known and plain and self.hand.suit(TarotSuit.T):  # type: ignore[union-attr]
                raise InformationSetError(
                    "discards",
                    f"{self.set_aside} holds {known} trump(s), but the dealer keeps trumps and "
                    f"{next(iter(plain))}: it could have discarded a card other than a trump",
                )
            if self.dealer_played is not None:
                raise InformationSetError(
                    "dealer_played", "given, but the viewer is the dealer: it knows its discards"
                )
            return
        if self.set_aside:
            raise InformationSetError(
                "discards",
                f"{self.set_aside} given, but seat {self.view} is not the dealer (seat {d}): it "
                "does not see the discards (give 'discarded_trumps', the number announced)",
            )
        if t is None:
            raise InformationSetError(
                "discarded_trumps",
                f"is missing: a view of {game.title} by a seat other than the dealer gives the "  # type: ignore[union-attr]
                "number of trumps the dealer discarded (it is announced)",
            )
        trick_seats = [(self.leader + i) % self.players for i in range(len(self.trick))]
        in_trick = CardSet(c for c, s in zip(self.trick, trick_seats, strict=True) if s == d)
        played = self.dealer_played
        if played is None:
            if self.gone and t:
                raise InformationSetError(
                    "dealer_played",
                    f"is missing: with {t} trump(s) discarded, the discard rule depends on the "
                    f"cards the dealer (seat {d}) played",
                )
            played = in_trick if not self.gone else None
        else:
            played = parse_card_set("dealer_played", played, deck, InformationSetError)
            extra = played - (self.gone | CardSet(self.trick))  # type: ignore[operator]
            if extra:
                raise InformationSetError(
                    "dealer_played", f"{extra} has not been played to a trick"
                )
            if in_trick - played or played & (CardSet(self.trick) - in_trick):
                raise InformationSetError(
                    "dealer_played",
                    f"{played} does not match the dealer's cards in the current trick "
                    f"({in_trick or '-'})",
                )
            want = game.hand_size - self.sizes[d]  # type: ignore[union-attr]
            if len(played) != want:
                raise InformationSetError(
                    "dealer_played",
                    f"{len(played)} card(s) given, but the dealer (seat {d}) has played {want}",
                )
        object.__setattr__(self, "dealer_played", played)

    def _check_held(self) -> None:
        """Normalise and check ``held`` and ``called`` (Calabrasella's known cards)."""
        n = self.players
        deck = self.game.deck  # type: ignore[union-attr]
        held = [CardSet(0)] * n
        for key, cards in _per_seat("held", self.held, n, "cards"):
            s = _seat(f"held.{key}", key, n)
            held[s] |= parse_card_set(f"held.{key}", cards, deck, InformationSetError)
        object.__setattr__(self, "held", tuple(held))
        # What the viewer sees elsewhere: its hand, the trick, the cards gone, the known discard
        # and set-aside cards.
        seen = self.hand | CardSet(self.trick) | self.gone | self.set_aside  # type: ignore[operator]
        if self.discard is not None:
            seen = seen.add(self.discard)
        placed = CardSet(0)
        for s, cards in enumerate(held):
            if not cards:
                continue
            if s == self.view:
                raise InformationSetError(
                    f"held.{s}", f"seat {s} is the viewer: its cards are given in 'hands'"
                )
            if cards & (seen | placed):
                raise InformationSetError(
                    f"held.{s}",
                    f"{cards & (seen | placed)} cannot be in seat {s}'s hand: seat {self.view} "
                    "sees it elsewhere",
                )
            placed |= cards
            if len(cards) > self.sizes[s]:
                raise InformationSetError(
                    f"held.{s}", f"{len(cards)} cards known, but seat {s} holds {self.sizes[s]}"
                )
            check_voids(held, [(s, self.voids[s])])  # type: ignore[index]
        called = self.called
        if called is not None:
            called = parse_card("called", called, deck, InformationSetError)
            d = self.declarer
            if d == self.view:
                raise InformationSetError(
                    "called", f"{called} given, but the declarer (seat {d}) knows where it is"
                )
            if called in self.hand or any(called in h for s, h in enumerate(held) if s != d):
                where = (
                    self.view
                    if called in self.hand
                    else next(s for s, h in enumerate(held) if called in h)
                )
                raise InformationSetError(
                    "called",
                    f"{called} is in seat {where}'s hand, but the called card went to the "
                    f"declarer (seat {d})",
                )
        object.__setattr__(self, "called", called)

    @property
    def set_aside_hidden(self) -> int:
        """How many set-aside cards the viewer has not seen (Calabrasella; 0 elsewhere)."""
        return self.game.set_aside_size - len(self.set_aside)  # type: ignore[union-attr,arg-type]

    def _free_called(self) -> Card | None:
        """The called card if its place is not known (it is among the unseen cards)."""
        if self.called is not None and self.called in self.unseen:
            return self.called  # type: ignore[return-value]
        return None

    def _slots(self) -> list[tuple[str, int, frozenset[Suit]]]:
        """The hidden hands as (name, room, voids): the other seats (less the cards known in
        them), then the unseen discard, the stock or the unseen set-aside cards."""
        slots = [
            (f"seat {s}", self.sizes[s] - len(self.held[s]), self.voids[s])  # type: ignore[index]
            for s in self.hidden_seats
        ]
        if self.discard_hidden:
            slots.append(("the discard", 1, frozenset()))
        if self.stock:
            slots.append(("the stock", self.stock, frozenset()))
        if self.game.needs_dealer and self.set_aside_hidden:  # type: ignore[union-attr]
            # Tarocchi's unseen discards: the announced number of trumps, and plain cards.
            t = self.discarded_trumps
            if t:
                slots.append(("the discarded trumps", t, frozenset()))
            if 2 - t:  # type: ignore[operator]
                slots.append(("the discarded plain cards", 2 - t, frozenset()))  # type: ignore[operator]
        elif self.set_aside_hidden:
            slots.append(("the set-aside cards", self.set_aside_hidden, frozenset()))
        return slots

    def _groups(self) -> list[tuple[str, CardSet, tuple[bool, ...]]]:
        """The unseen cards in groups that the same slots may hold, as (name, cards, able per
        slot): a suit's cards may go to each slot not void in the suit; a called card whose place
        is not known (Calabrasella) to the declarer's hand, unless void in its suit, or to the
        unseen set-aside cards."""
        if self.game.needs_dealer:  # type: ignore[union-attr]
            return self._tarocchi_groups(None)
        slots = self._slots()
        unseen = self.unseen
        called = self._free_called()
        groups = []
        for suit in self.game.deck.suits:  # type: ignore[union-attr]
            cards = unseen.suit(suit)
            if called is not None:
                cards = cards - CardSet([called])
            groups.append((suit.name, cards, tuple(suit not in v for _, _, v in slots)))
        if called is not None:
            # The slots are the hidden seats in order, then (last) the unseen set-aside cards.
            hidden = self.hidden_seats
            able = tuple(
                (j < len(hidden) and hidden[j] == self.declarer and called.suit not in v)
                or (j == len(slots) - 1 and self.set_aside_hidden > 0)
                for j, (_, _, v) in enumerate(slots)
            )
            groups.append((f"the called card {called}", CardSet([called]), able))
        return groups

    def _tarocchi_groups(self, case: str | None) -> list[tuple[str, CardSet, tuple[bool, ...]]]:
        """Piedicavallo tarocchi's unseen cards in groups (:meth:`_groups`): each suit's and the
        trumps' 5-point cards (kings; trumps 1 and 21) apart from the others, and the Fool.
        A seat may hold a group's cards unless void in its suit (the Fool, in no suit, anywhere);
        the unseen discarded trumps only trumps 2 to 20, the unseen discarded plain cards only
        suit cards below the king (:meth:`_slots`).  ``case`` (:class:`_TarocchiDiscards`):
        ``"no trump"`` bars the dealer's hand from the trumps, ``"no plain"`` from the suit
        cards below the king."""
        game = self.game
        slots = self._slots()
        seats = self.hidden_seats
        unseen = self.unseen
        groups = []
        for suit in game.deck.suits:  # type: ignore[union-attr]
            cards = unseen.suit(suit)
            five = CardSet(c for c in cards if game.card_points(c) == 5)  # type: ignore[union-attr]
            for part, worth5 in ((five, True), (cards - five, False)):
                if not part:
                    continue
                trump = suit == TarotSuit.T
                able = []
                for j, (name, _, voids) in enumerate(slots):
                    if j < len(seats):
                        ok = suit not in voids
                        if seats[j] == self.dealer and (
                            (case == "no trump" and trump)
                            or (case == "no plain" and not trump and not worth5)
                        ):
                            ok = False
                    elif name == "the discarded trumps":
                        ok = trump and not worth5
                    else:
                        ok = not trump and not worth5
                    able.append(ok)
                label = f"{suit.name}{' 5-point' if worth5 else ''}"
                groups.append((label, part, tuple(able)))
        fool = unseen & CardSet([game.fool])  # type: ignore[union-attr]
        if fool:
            able = tuple(j < len(seats) for j in range(len(slots)))
            groups.append(("the Fool", fool, able))
        # Counted smallest first (the last group fills what is left: the counting's states
        # stay few).
        groups.sort(key=lambda g: len(g[1]))
        return groups

    def _check_voids(self) -> None:
        """Hall's condition: for every set of groups of unseen cards (:meth:`_groups`: the
        suits, and a called card of unknown place), their cards fit in the hidden hands that may
        hold one of them.  (By the max-flow min-cut theorem a deal exists if and only if it holds
        for every set, the totals being equal.)"""
        slots = self._slots()
        groups = self._groups()
        for k in range(1, len(groups) + 1):
            for chosen in itertools.combinations(groups, k):
                cards = CardSet(0)
                for _, c, _ in chosen:
                    cards |= c
                if not cards:
                    continue
                able = [
                    (name, r)
                    for j, (name, r, _) in enumerate(slots)
                    if r and any(a[j] for _, _, a in chosen)
                ]
                space = sum(r for _, r in able)
                if len(cards) > space:
                    which = " ".join(name for name, _, _ in chosen)
                    if not able:
                        raise InformationSetError(
                            "voids",
                            f"every hidden hand is void in {which} (or full), yet {len(cards)} "
                            f"unseen card(s) of it must be somewhere: {cards}",
                        )
                    names = ", ".join(f"{name} ({r})" for name, r in able)
                    raise InformationSetError(
                        "voids",
                        f"{len(cards)} unseen {which} cards ({cards}) but the hidden hands that "
                        f"may hold them, {names}, have room for {space}: no deal fits the voids",
                    )

    @classmethod
    def from_position(
        cls,
        position: Position,
        view: int,
        *,
        voids: Mapping[int, Iterable[Suit | str]] | Sequence[Iterable[Suit | str]] | None = None,
        dealer: int | None = None,
        dealer_played: Iterable[Card | str] | None = None,
    ) -> InformationSet:
        """What seat ``view`` knows of an open position: its own cards, the hand sizes, the
        trick and the points (or cards) taken; the other hands are hidden.

        A position does not record who played which card, so the only voids found are those of
        the current trick; give the others in ``voids`` (or use :meth:`from_history`).

        :param dealer: with 3 players, the dealer: the discard is known to ``view`` only if it
            is the dealer (default None: the discard is unseen).

        In Calabrasella the declarer sees the four set-aside cards; a defender sees none of them
        here (a snapshot does not say which were widow cards, turned face up at the exchange:
        :meth:`from_history` knows).

        In Piedicavallo tarocchi the position's dealer sees its discards; another seat knows
        how many trumps they hold (announced), and needs ``dealer_played``, the cards the dealer
        has played, when trumps were discarded and a trick is complete (a snapshot does not say
        who played what: :meth:`from_history` knows).
        :raises InformationSetError: for a seat out of range, or a given void that a hand of the
            position contradicts.
        """
        n = position.players
        v = _seat("view", view, n)
        tarocchi: dict[str, Any] = {}
        if position.game.needs_dealer:
            d = position.dealer
            tarocchi = {
                "dealer": d,
                "set_aside": position.set_aside if v == d else None,
                "discarded_trumps": None
                if v == d
                else len(CardSet(position.set_aside).suit(TarotSuit.T)),
                "dealer_played": dealer_played,
            }
        else:
            tarocchi = {"set_aside": position.set_aside if v == position.declarer else None}
        info = cls(
            v,
            position.hands[v],
            tuple(len(h) for h in position.hands),
            position.leader,
            position.trick,
            taken=position.taken,
            won=position.won,
            gone=cards_gone(position),
            discard=position.discard if dealer is not None and dealer == v else None,
            voids=voids,
            game=position.game,
            tricks=None if position.won is not None else position.tricks,
            stock=len(position.stock),
            declarer=position.declarer,
            **tarocchi,
        )
        check_voids(position.hands, enumerate(info.voids))
        if position.game.needs_dealer and not info._discards_fit(position):
            raise InformationSetError(
                "dealer_played",
                f"{info.dealer_played}: the dealer's kept cards and its discards "
                f"{CardSet(position.set_aside)} then break the discard rule",
            )
        return info

    @classmethod
    def from_history(
        cls,
        deal: Sequence[Iterable[Card | str]],
        dealer: int,
        play: Iterable[Card | str] = (),
        view: int | None = None,
        *,
        discard: Card | str | None = None,
        game: Game | None = None,
        stock: Iterable[Card | str] | None = None,
        exchange: Exchange | None = None,
        discards: Iterable[Card | str] | None = None,
    ) -> InformationSet:
        """What seat ``view`` knows after the cards ``play`` of a deal: its own cards, every
        card played and by whom, the voids this reveals (:meth:`Game.revealed_voids
        <ciapano.Game.revealed_voids>`: a seat that did not follow suit holds no card of the suit
        led; in Busca a seat that led a coin to the first trick, which it may only do holding
        nothing else, holds no S, H or C, ``docs/rules.md#busca-first-trick``), the hand sizes,
        and the 3-player discard if it is the dealer.

        :param deal: each seat's dealt cards (as in ``Position.from_deal``).
        :param game: the game (default: Ciapanò for ``len(deal)`` players).
        :param stock: in a game with a stock (Kifameno), the undealt cards in order, top card
            first.  The viewer sees the cards it draws, not the others'; after each round of
            draws the voids shown so far are forgotten (a seat void in a suit may draw a card
            of it), so the deals sampled then are those that fit the voids shown since.
        :param exchange: in a game with a declarer (Calabrasella), the call and the exchange
            (:class:`ciapano.calabrasella.Exchange`; required there), ``deal`` being the hands
            as dealt (``docs/rules.md#calabrasella-exchange``).  Everyone sees the called card
            change hands and the widow turned face up: a defender knows the widow cards the
            declarer took (in its hand) and left (set aside), and that the called card is in the
            declarer's hand or among its discards; the declarer knows the four set-aside cards
            and where the card it gave back went.
        :param discards: in Piedicavallo tarocchi, the dealer's two discards (required there;
            ``deal`` gives the dealer's 17 cards).  The dealer sees them; the other seats know how
            many trumps they hold (announced) and that they obey the discard rule, which links
            them to the dealer's kept cards (:class:`_TarocchiDiscards`); every seat knows the
            cards the dealer played.
        :param view: the viewing seat; default the seat to move after ``play``.
        :raises PositionError: for a deal that is not a deal, an illegal card (``play[i]``), a
            step of the exchange that does not hold, or an exchange missing or given where the
            game has none.
        :raises InformationSetError: for a seat out of range.
        """
        known: dict[str, Any] = {}
        if isinstance(game, Game) and game.has_declarer:
            if exchange is None:
                raise PositionError(
                    "widow", f"is missing: a history of {game.title} gives the call and exchange"
                )
            pos, knows = _after_exchange(game, deal, dealer, exchange)
        elif exchange is not None:
            raise PositionError(
                "widow", f"given, but {game or 'Ciapanò'} has no exchange (only Calabrasella has)"
            )
        else:
            if isinstance(game, Game) and game.needs_dealer and discards is None:
                raise PositionError(
                    "discards", f"is missing: a history of {game.title} gives the dealer's two"
                )
            pos = Position.from_deal(deal, dealer, discard, game, stock, set_aside=discards)
            knows = None
        game = pos.game
        n = pos.players
        void_sets: list[set[Suit]] = [set() for _ in range(n)]
        drawn = len(pos.stock)
        by_dealer: list[Card] = []
        for i, card in enumerate(play):
            seat = pos.to_move
            try:
                # Text names a card of the game's deck (the bridge deck's "AS" is not the
                # 40-card deck's).
                c = card if isinstance(card, Card) else game.deck.card_type(card)
                after = pos.play(c)
            except (CardError, PositionError) as e:
                message = str(e).removeprefix("card: ")
                raise IllegalMoveError(f"play[{i}]", message) from None
            void_sets[seat] |= game.revealed_voids(pos.trick, c, pos.first_trick)
            if seat == dealer:
                by_dealer.append(c)
            pos = after
            if len(pos.stock) != drawn:
                # A round of draws: any seat may now hold a card of a suit it was void in.
                drawn = len(pos.stock)
                void_sets = [set() for _ in range(n)]
        v = pos.to_move if view is None else _seat("view", view, n)
        if knows is not None:
            known = knows(v, pos)
        if game.needs_dealer:
            aside = CardSet(pos.set_aside)
            known = {"dealer": pos.dealer}
            if v == pos.dealer:
                known["set_aside"] = aside
            else:
                known["discarded_trumps"] = len(aside.suit(TarotSuit.T))
                known["dealer_played"] = CardSet(by_dealer)
        return cls(
            v,
            pos.hands[v],
            tuple(len(h) for h in pos.hands),
            pos.leader,
            pos.trick,
            won=pos.won,
            discard=pos.discard if v == dealer else None,
            voids=tuple(void_sets),
            game=pos.game,
            stock=len(pos.stock),
            **known,
        )

    # -- derived facts --------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.sizes)

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def hidden_seats(self) -> tuple[int, ...]:
        """The seats whose cards the viewer does not see (all but the viewer), in seat order."""
        return tuple(s for s in range(self.players) if s != self.view)

    @property
    def discard_hidden(self) -> bool:
        """Whether the 3-player discard is among the unseen cards (the viewer is not the
        dealer)."""
        return self.game.has_discard and self.discard is None  # type: ignore[union-attr]

    @property
    def unseen(self) -> CardSet:
        """The cards whose place the viewer does not know: in the other hands (less the cards
        it knows there, :attr:`held`), the unseen discard, the stock or the unseen set-aside
        cards."""
        known = self.hand | CardSet(self.trick) | self.gone | self.set_aside  # type: ignore[operator]
        if self.discard is not None:
            known = known.add(self.discard)
        for h in self.held or ():
            known |= h
        return self.game.deck.cards - known  # type: ignore[union-attr]

    def is_over(self) -> bool:
        """Whether every card has been played."""
        return not self.trick and not any(self.sizes) and not self.stock

    def legal_moves(self) -> CardSet:
        """The viewer's legal cards when it is to move.

        :raises InformationSetError: if the viewer is not the seat to move.
        """
        if self.to_move != self.view:
            raise InformationSetError(
                "view", f"seat {self.view} is not to move (seat {self.to_move} is)"
            )
        return self.game.legal_moves(self.hand, self.trick, self.first_trick)  # type: ignore[union-attr]

    @property
    def first_trick(self) -> bool:
        """Whether no trick has been completed yet (as :attr:`Position.first_trick
        <ciapano.Position.first_trick>`)."""
        game = self.game
        in_play = sum(self.sizes) + len(self.trick) + int(game.has_discard) + self.stock  # type: ignore[union-attr]
        return in_play + game.set_aside_size == game.deal_size  # type: ignore[union-attr]

    def consistent(self, position: Position) -> bool:
        """Whether an open position is one of the deals this information set allows (the
        viewer's cards, the public facts, the hand sizes and the voids all agree)."""
        if position.game != self.game or position.hands[self.view] != self.hand:
            return False
        if (position.leader, position.trick, position.taken) != (
            self.leader,
            self.trick,
            self.taken,
        ):
            return False
        if cards_gone(position) != self.gone or tuple(len(h) for h in position.hands) != self.sizes:
            return False
        if self.discard is not None and position.discard != self.discard:
            return False
        if len(position.stock) != self.stock or position.declarer != self.declarer:
            return False
        aside = CardSet(position.set_aside)
        if self.set_aside - aside:  # type: ignore[operator]
            return False
        if any(h - position.hands[s] for s, h in enumerate(self.held)):  # type: ignore[arg-type]
            return False
        called = self._free_called()
        if called is not None and called not in aside | position.hands[self.declarer]:  # type: ignore[index]
            return False
        if self.game.needs_dealer and not self._discards_fit(position):  # type: ignore[union-attr]
            return False
        return all(
            not position.hands[s].suit(suit) for s in range(self.players) for suit in self.voids[s]
        )

    def _discards_fit(self, position: Position) -> bool:
        """Piedicavallo tarocchi: whether the position's dealer and discards fit the view (the
        same dealer; the announced number of trumps; the discard rule on the dealer's 17 cards,
        its kept cards being the cards it played and its hand)."""
        d = self.dealer
        aside = CardSet(position.set_aside)
        if position.dealer != d or len(aside.suit(TarotSuit.T)) != self.discarded_trumps:
            return False
        if self.view == d:
            return aside == self.set_aside
        if self.dealer_played is None:
            # No trump discarded and the dealer's play unknown: the rule asks only that the
            # discards be plain cards.
            return self.game.plain_cards(aside) == aside  # type: ignore[union-attr]
        dealt = position.hands[d] | self.dealer_played | aside  # type: ignore[operator]
        return self.game.discard_error(dealt, sorted(aside)) is None  # type: ignore[union-attr]

    # -- counting and sampling -----------------------------------------------------------

    def _dealer(self) -> _Deals | _Cases:
        if self._deals is None:
            rooms = tuple(r for _, r, _ in self._slots())
            if self.game.needs_dealer:  # type: ignore[union-attr]
                deals: _Deals | _Cases = _Cases(
                    [
                        _Deals(rooms, [(c, a) for _, c, a in self._tarocchi_groups(case)])
                        for case in self._discard_cases()
                    ]
                )
            else:
                deals = _Deals(rooms, [(cards, able) for _, cards, able in self._groups()])
            object.__setattr__(self, "_deals", deals)
        return self._deals  # type: ignore[return-value]

    def _discard_cases(self) -> list[str | None]:
        """Piedicavallo tarocchi's disjoint cases of the discard rule for the unseen discards
        (:class:`_TarocchiDiscards`): ``[None]`` when no trump was discarded or the viewer is
        the dealer; else those of ``"no plain"`` and ``"no trump"`` that the dealer's played
        cards allow."""
        if self.view == self.dealer or not self.discarded_trumps:
            return [None]
        played = self.dealer_played
        cases: list[str | None] = []
        if not self.game.plain_cards(played):  # type: ignore[union-attr]
            cases.append("no plain")
        if not played.suit(TarotSuit.T):  # type: ignore[union-attr]
            cases.append("no trump")
        return cases

    def count_deals(self) -> int:
        """The number of deals of the unseen cards to the hidden hands (and the unseen
        discard, or the stock in each of its orders) that respect the hand sizes and voids:
        exact, by dynamic programming over the suits (and a called card of unknown place; see
        the module's documentation)."""
        return self._dealer().total * factorial(self.stock)

    def deal(self, number: int) -> Position:
        """Consistent deal number ``number`` (``0 <= number < count_deals()``) as an open
        position; every consistent deal has exactly one number (with a stock: the number of
        its cards' split, times the orders of the stock, plus the number of its order).

        :raises InformationSetError: if the number is out of range.
        """
        total = self.count_deals()
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < total:
            raise InformationSetError(
                "number", f"{number!r} is not a deal number: they run from 0 to {total - 1}"
            )
        return self._numbered(number)

    def _numbered(self, number: int) -> Position:
        split, order = divmod(number, factorial(self.stock))
        hidden = self._dealer().unrank(split)
        stock: list[Card] = []
        if self.stock:
            # The order numbered ``order`` of the stock's cards (its factorial-base digits, the
            # Lehmer code, pick each next card among those left in index order).
            left = sorted(hidden.pop(), key=lambda c: c.index)
            for k in range(len(left), 0, -1):
                i, order = divmod(order, factorial(k - 1))
                stock.append(left.pop(i))
        return self._position(hidden, stock)

    def _position(self, hidden: list[CardSet], stock: Sequence[Card] = ()) -> Position:
        hands: list[CardSet] = []
        k = 0
        for s in range(self.players):
            if s == self.view:
                hands.append(self.hand)
            else:
                hands.append(hidden[k] | self.held[s])  # type: ignore[index]
                k += 1
        discard = self.discard
        if self.discard_hidden:
            discard = next(iter(hidden[k]))
            k += 1
        aside = self.set_aside
        if self.set_aside_hidden:
            for cards in hidden[k:]:  # tarocchi's discarded trumps and plain cards apart
                aside = aside | cards  # type: ignore[operator]
        extra: dict[str, Any] = {}
        if self.game.has_declarer:  # type: ignore[union-attr]
            extra = {"declarer": self.declarer, "set_aside": sorted(aside)}  # type: ignore[arg-type]
        elif self.game.needs_dealer:  # type: ignore[union-attr]
            extra = {"dealer": self.dealer, "set_aside": sorted(aside)}  # type: ignore[arg-type]
        # The points taken: as the cards won where they are known, else as points (and tricks).
        table: dict[str, Any] = (
            {"won": self.won}
            if self.won is not None
            else {"taken": self.taken, "tricks": self.tricks}
        )
        return Position(
            hands, self.leader, self.trick, discard=discard, game=self.game, stock=stock, **table,
            **extra,
        )  # fmt: skip

    # -- conversions ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The information set as a position file in the snapshot form with the hidden hands as
        counts (``docs/positions.md``, "A seat's view"); ``ciapano.view_from_dict`` reads it
        back."""
        d: dict[str, Any] = {
            "game": self.game.name,  # type: ignore[union-attr]
            "players": self.players,
            "view": self.view,
            "hands": [self.hand.texts() if s == self.view else n for s, n in enumerate(self.sizes)],
            "leader": self.leader,
            "trick": [c.text for c in self.trick],
        }
        if self.won is not None:
            d["won"] = [w.texts() for w in self.won]
        else:
            d["taken"] = list(self.taken)  # type: ignore[arg-type]
            if self.tricks is not None:
                d["tricks"] = list(self.tricks)
            if self.gone:
                d["gone"] = self.gone.texts()  # type: ignore[union-attr]
        if self.discard is not None:
            d["discard"] = self.discard.text
        if self.stock:
            d["stock"] = self.stock
        if self.game.needs_dealer:  # type: ignore[union-attr]
            d["dealer"] = self.dealer
            if self.view == self.dealer:
                d["discards"] = self.set_aside.texts()  # type: ignore[union-attr]
            else:
                d["discarded_trumps"] = self.discarded_trumps
                if self.dealer_played is not None:
                    d["dealer_played"] = self.dealer_played.texts()  # type: ignore[union-attr]
        if self.game.has_declarer:  # type: ignore[union-attr]
            d["declarer"] = self.declarer
            d["set_aside"] = self.set_aside.texts()  # type: ignore[union-attr]
            held = {str(s): h.texts() for s, h in enumerate(self.held) if h}  # type: ignore[arg-type]
            if held:
                d["held"] = held
            if self.called is not None:
                d["called"] = self.called.text  # type: ignore[union-attr]
        voids = {str(s): [x.name for x in sorted(v)] for s, v in enumerate(self.voids) if v}
        if voids:
            d["voids"] = voids
        d["rules"] = self.game.options  # type: ignore[union-attr]
        return d

    def __str__(self) -> str:
        lines = []
        for s in range(self.players):
            marks = []
            if s == self.view:
                marks.append("view")
            if s == self.to_move and not self.is_over():
                marks.append("to move")
            if s == self.leader and self.trick:
                marks.append("led")
            if s == self.declarer:
                marks.append("declarer")
            if s == self.dealer:
                marks.append("dealer")
            tag = f"  ({', '.join(marks)})" if marks else ""
            held = (str(self.hand) or "-") if s == self.view else f"{self.sizes[s]} hidden cards"
            if s != self.view and self.held[s]:  # type: ignore[index]
                held += f" ({self.held[s]} known)"  # type: ignore[index]
            void = f", void in {_suits_text(self.voids[s])}" if self.voids[s] else ""  # type: ignore[index]
            taken = self.game.points_text(self.taken[s])  # type: ignore[index,union-attr]
            lines.append(f"seat {s}: {held}{void}   taken {taken}{tag}")
        if self.trick:
            lines.append("trick: " + " ".join(c.text for c in self.trick))
        if self.game.has_discard:  # type: ignore[union-attr]
            lines.append(f"discard: {self.discard if self.discard else 'unseen'}")
        if self.stock:
            lines.append(f"stock: {self.stock} hidden cards")
        if self.game.needs_dealer:  # type: ignore[union-attr]
            if self.view == self.dealer:
                lines.append(f"discards: {self.set_aside}")
            else:
                lines.append(f"discards: 2 unseen, {self.discarded_trumps} trump(s) announced")
                if self.dealer_played is not None:
                    lines.append(f"dealer played: {self.dealer_played or '-'}")
        if self.game.has_declarer:  # type: ignore[union-attr]
            hidden = f" and {self.set_aside_hidden} unseen" if self.set_aside_hidden else ""
            lines.append(f"set aside: {self.set_aside or '-'}{hidden}")
            if self._free_called() is not None:
                lines.append(
                    f"called: {self.called} (with the declarer, seat {self.declarer}, or set aside)"
                )
        lines.append(f"unseen: {self.unseen or '-'}")
        return "\n".join(lines)


def _after_exchange(
    game: Game, deal: Sequence[Iterable[Card | str]], dealer: int, exchange: Exchange
) -> tuple[Position, Callable[[int, Position], dict[str, Any]]]:
    """Calabrasella's opening after the call and exchange (every step checked), and what a seat
    knows of the hidden cards at a later position of its play: ``knows(view, position)`` gives
    the :class:`InformationSet` fields ``declarer``, ``set_aside``, ``held`` and ``called``."""
    from .calabrasella import exchange_hands  # here: the other games need none of it

    done = exchange_hands(
        game, deal, exchange.widow, exchange.declarer, exchange.called, exchange.given,
        exchange.discards, exchange.take,
    )  # fmt: skip
    d = exchange.declarer
    opening = Position.from_deal(
        done.hands, dealer, game=game, declarer=d, set_aside=done.set_aside
    )
    take = CardSet(Card(c) for c in exchange.take)
    left = CardSet(Card(c) for c in exchange.widow) - take
    called = Card(exchange.called)

    def knows(view: int, position: Position) -> dict[str, Any]:
        held = [CardSet(0)] * game.players
        if view == d:
            aside, free = CardSet(done.set_aside), None
            if done.holder is not None:
                held[done.holder] = CardSet([Card(exchange.given)])
        else:
            aside, held[d] = left, take
            # The called card went from its holder to the declarer, which may have discarded it.
            free = called if done.holder is not None else None
        held = [h & position.hands[s] for s, h in enumerate(held)]
        return {"declarer": d, "set_aside": aside, "held": tuple(held), "called": free}

    return opening, knows


def cards_gone(position: Position) -> CardSet:
    """The cards of an open position played in completed tricks."""
    in_play = CardSet(position.trick) | CardSet(position.stock) | CardSet(position.set_aside)
    for h in position.hands:
        in_play |= h
    if position.discard is not None:
        in_play = in_play.add(position.discard)
    return position.game.deck.cards - in_play


def _multinomial(counts: Sequence[int]) -> int:
    return factorial(sum(counts)) // prod(factorial(c) for c in counts)


class _Deals:
    """The consistent deals of the unseen cards, counted and numbered (module documentation).

    ``rooms`` are the hidden hands' free places; a deal is one card set per hidden hand.
    ``groups`` are the unseen cards as (cards, may go to each hand) in the order the deals are
    numbered: the deck's suits (a hand may hold a suit it is not void in), and in Calabrasella a
    called card of unknown place.  The cards of a group are interchangeable for the constraints,
    which is what the multinomial counts need.
    """

    def __init__(
        self, rooms: tuple[int, ...], groups: Sequence[tuple[CardSet, tuple[bool, ...]]]
    ) -> None:
        self.rooms = rooms
        self.suit_cards = [sorted(cards, key=lambda c: c.index) for cards, _ in groups]
        self.able = [able for _, able in groups]
        self.suits = len(self.suit_cards)
        self._table: dict[tuple[int, tuple[int, ...]], tuple[int, list[Any]]] = {}
        self.total = self._count(0, self.rooms)

    def _vectors(self, k: int, rooms: tuple[int, ...], able: tuple[bool, ...]):
        """Count vectors: ``k`` cards split among the slots, within their room, none to a slot
        void in the suit; in lexicographic order."""
        m = len(rooms)

        def rec(j: int, left: int):
            if j == m - 1:
                if left <= rooms[j] and (left == 0 or able[j]):
                    yield (left,)
                return
            top = min(left, rooms[j]) if able[j] else 0
            for c in range(top + 1):
                for rest in rec(j + 1, left - c):
                    yield (c, *rest)

        if m == 0:
            if k == 0:
                yield ()
            return
        yield from rec(0, k)

    def _entry(self, i: int, rooms: tuple[int, ...]) -> tuple[int, list[Any]]:
        """``(N(i, rooms), [(counts, weight, rooms after), ...])`` with the blocks in order."""
        key = (i, rooms)
        if key in self._table:
            return self._table[key]
        if i == self.suits:
            entry: tuple[int, list[Any]] = (0 if any(rooms) else 1, [])
        elif i == self.suits - 1:
            # The last group fills the room left exactly: one count vector at most (the same
            # blocks as the loop below finds, without trying every vector).
            k = len(self.suit_cards[i])
            fits = sum(rooms) == k and all(
                a or not r for r, a in zip(rooms, self.able[i], strict=True)
            )
            zero = tuple(0 for _ in rooms)
            entry = (_multinomial(rooms), [(rooms, _multinomial(rooms), zero)]) if fits else (0, [])
        else:
            blocks = []
            total = 0
            k = len(self.suit_cards[i])
            for c in self._vectors(k, rooms, self.able[i]):
                after = tuple(r - x for r, x in zip(rooms, c, strict=True))
                rest = self._count(i + 1, after)
                if rest:
                    w = _multinomial(c) * rest
                    blocks.append((c, w, after))
                    total += w
            entry = (total, blocks)
        self._table[key] = entry
        return entry

    def _count(self, i: int, rooms: tuple[int, ...]) -> int:
        return self._entry(i, rooms)[0]

    def unrank(self, number: int) -> list[CardSet]:
        """Deal number ``number`` (``0 <= number < total``): one card set per slot."""
        held: list[list[Card]] = [[] for _ in self.rooms]
        rooms = self.rooms
        r = number
        for i in range(self.suits):
            _, blocks = self._entry(i, rooms)
            b = 0
            while r >= blocks[b][1]:
                r -= blocks[b][1]
                b += 1
            c, _, after = blocks[b]
            a, r = divmod(r, self._count(i + 1, after))
            # Multiset permutation number a: cards in index order, each to the first slot whose
            # block of completions holds a.
            left = list(c)
            m = sum(left)
            ways = _multinomial(left)
            for card in self.suit_cards[i]:
                for j, cj in enumerate(left):
                    if not cj:
                        continue
                    sub = ways * cj // m
                    if a < sub:
                        held[j].append(card)
                        left[j] -= 1
                        m -= 1
                        ways = sub
                        break
                    a -= sub
            rooms = after
        return [CardSet(h) for h in held]


class _TarocchiDiscards:
    """Why Piedicavallo tarocchi's unseen discards split into disjoint cases (a note; the code
    is :meth:`InformationSet._discard_cases`, :meth:`InformationSet._tarocchi_groups` and
    :class:`_Cases`).

    The dealer's 17 cards are its 15 kept cards ``K`` (those it has played, ``dealer_played``,
    and its hand now) and its two discards ``X``.  Call *plain* the suit cards below the king
    (the only cards that are neither trumps nor worth 5, the Fool being worth 5).  The rule
    (:meth:`Tarocchi.discard_error <ciapano.Tarocchi.discard_error>`): ``X`` holds no 5-point
    card, and trumps only if the dealer could not do otherwise (``2 - #plain(K + X)`` trumps
    are forced) or ``X`` holds every trump of ``K + X``.  With ``t`` trumps discarded (known):

    - ``t = 0``: ``X`` is two plain cards; nothing is asked of ``K``.
    - ``t = 1``: ``X`` is a trump 2..20 and a plain card; allowed if and only if
      ``#plain(K + X) <= 1``, i.e. ``K`` holds no plain card, or ``K`` holds no trump.
    - ``t = 2``: ``X`` is two trumps 2..20; allowed if and only if ``K`` holds no plain card
      (none forced otherwise) or no trump.

    The two conditions ``K`` without plain cards ("no plain") and ``K`` without trumps
    ("no trump") never hold together: only the four kings and the Fool are neither, and ``K``
    has 15 cards.  So for ``t >= 1`` the consistent deals are the disjoint union of those of
    the two cases (a case is dropped when the dealer's played cards already break it), and each
    case is a product constraint of the kind :class:`_Deals` counts: the dealer's hidden hand
    may not take the trumps (or the plain cards), the discard slots take only trumps 2..20 and
    plain cards.  The two discard slots, of ``t`` and ``2 - t`` cards, hold cards of disjoint
    classes, so a pair of discards is one assignment (no double counting).  The count is the sum
    of the cases' exact counts, and :class:`_Cases` numbers the deals case after case, a
    bijection onto ``0 .. total - 1``: a uniform number is a uniform consistent deal, exactly.
    """


class _Cases:
    """Disjoint sets of deals (:class:`_Deals`, one per case, the same slots) numbered one
    after the other: ``total`` is the sum of their totals, and deal number ``r`` is deal
    ``r - (the totals of the cases before)`` of the case it falls in."""

    def __init__(self, cases: Sequence[_Deals]) -> None:
        self.cases = list(cases)
        self.total = sum(c.total for c in self.cases)

    def unrank(self, number: int) -> list[CardSet]:
        for case in self.cases:
            if number < case.total:
                return case.unrank(number)
            number -= case.total
        raise IndexError(number)  # pragma: no cover - numbers are drawn below the total


def _randbelow(rng: np.random.Generator, n: int) -> int:
    """A uniform integer in ``0 .. n - 1`` from the generator's raw 64-bit words (exact for any
    size of ``n``, the same on every machine): the top ``bit_length(n - 1)`` bits of as many
    words as needed, drawn again while ``>= n``."""
    bits = (n - 1).bit_length()
    words = -(-bits // 64)
    bg = rng.bit_generator
    while True:
        x = 0
        for _ in range(words):
            x = (x << 64) | int(bg.random_raw())
        x >>= words * 64 - bits
        if x < n:
            return x


def as_information_set(
    view_position: InformationSet | Position, view: int | None
) -> InformationSet:
    """``view_position`` as a seat's information set: an :class:`InformationSet` as it is, a
    :class:`Position` as seen by ``view`` (by default the seat to move).

    :raises InformationSetError: for a ``view`` other than the information set's own seat, or
        a value of another type.
    """
    if isinstance(view_position, InformationSet):
        if view is not None and view != view_position.view:
            raise InformationSetError(
                "view", f"{view!r} given, but the information set is seat {view_position.view}'s"
            )
        return view_position
    if isinstance(view_position, Position):
        return InformationSet.from_position(
            view_position, view_position.to_move if view is None else view
        )
    raise InformationSetError(
        "view", f"{type(view_position).__name__} is not an InformationSet or a Position"
    )


def count_deals(view_position: InformationSet | Position, *, view: int | None = None) -> int:
    """The number of deals consistent with an information set (see
    :meth:`InformationSet.count_deals`); a :class:`Position` is seen by ``view`` (default the
    seat to move)."""
    return as_information_set(view_position, view).count_deals()


def sample_deals(
    view_position: InformationSet | Position,
    n: int,
    seed: int | np.random.Generator | None = None,
    *,
    view: int | None = None,
) -> list[Position]:
    """``n`` deals of the unseen cards drawn independently and **exactly uniformly** among all
    the deals consistent with the information set (hand sizes and voids respected; in
    Piedicavallo tarocchi also the announced number of discarded trumps and the discard rule;
    nothing else assumed), each as an open :class:`Position`.

    :param view_position: an :class:`InformationSet`, or an open :class:`Position` seen by
        ``view`` (default the seat to move; only the current trick's voids are then known).
    :param n: the number of deals (>= 0).
    :param seed: an integer >= 0 for ``numpy.random.default_rng`` (the same seed gives the same
        deals on every machine, and deal ``i`` does not depend on ``n``), a NumPy ``Generator``
        to draw from, or None for fresh entropy.
    :returns: a list of ``n`` positions; the viewer's hand, the public facts and the known
        discard are those of the information set.
    :raises InformationSetError: for an inconsistent information set (raised when it is built)
        or a bad ``n``.

    The method (counting by dynamic programming over the suits, then unranking a uniform
    number below the exact count) is described in the module :mod:`ciapano.sampling`.
    """
    info = as_information_set(view_position, view)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InformationSetError("n", f"{n!r} is not a number of deals >= 0")
    rng = _generator(seed)
    total = info.count_deals()
    if total == 0:  # pragma: no cover - excluded by Hall's condition at construction
        raise InformationSetError("voids", "no deal of the unseen cards fits the sizes and voids")
    return [info._numbered(_randbelow(rng, total)) for _ in range(n)]


def _generator(seed: int | np.random.Generator | None) -> np.random.Generator:
    import numpy as np  # here: reading a position file needs this module, not NumPy

    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise InformationSetError("seed", f"{seed!r} is not a seed: give a whole number >= 0")
    return np.random.default_rng(seed)
