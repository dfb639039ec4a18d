"""Positions: who holds what, the trick in progress, the points already taken, and the game.

A :class:`Position` is immutable: :meth:`Position.play` returns the position after one card.
Seats are numbered ``0..n-1`` in order of play (``docs/rules.md#conventions``).  Points are in the
game's unit (Ciapanò: thirds of a point; Busca: points); hand scores in the game's value unit
(Ciapanò: penalty points; Busca: busche).  Positions are checked by the one validator of
:mod:`ciapano.validate`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .cards import Card, CardSet
from .errors import CardError, IllegalMoveError, PositionError
from .games import Ciapano, Game
from .validate import (
    CardLike,
    check_table,
    game_for,
    parse_card,
    parse_card_set,
    parse_cards,
    parse_seat,
)

__all__ = ["Position"]


class Position:
    """An open-hand position of a game: every hand, the trick in progress, the points taken.

    :param hands: the cards each seat still holds, seats ``0..n-1`` in order of play (card sets,
        lists of cards or card texts, or texts such as ``"3S AS 7C"``).
    :param leader: the seat that led the current trick, or is to lead it.
    :param trick: the cards already played to the current trick, in order of play.
    :param taken: card points already won by each seat in completed tricks, in the game's
        points unit (Ciapanò: thirds of a point; Busca: points, the last trick's 3 not included
        until the hand ends); default none.  They must add up to the points of the cards no
        longer in play.
    :param won: instead of ``taken``, the cards each seat has won in completed tricks.
    :param tricks: with ``taken``, in a game that counts tricks (Mattazza, whose score depends on
        the seats that won none): the tricks each seat has won (default: none, which only fits
        before the first trick is complete); from ``won`` when it is given.  In bridge, per seat
        or per side (North-South, East-West: credited to seats 0 and 1), and optional: the
        tricks complete that it does not credit count for no one (an ending), as the value
        counts the tricks from here on.
    :param discard: with 3-player Ciapanò, the dealer's discard, which goes to the last trick's
        winner.
    :param game: the :class:`~ciapano.Game`; default ``Ciapano(players=len(hands))``.
    :param stock: in a game with a stock (Kifameno, ``docs/rules.md#kifameno``), the cards still
        to be drawn, **top card first**: a whole number of rounds (one card a seat); after each
        trick every seat draws one, the trick's winner first.  Default none.  The hands need
        not be full (a puzzle may hold a few cards a seat beside its stock).
    :param declarer: in a game with a declarer (Calabrasella, ``docs/rules.md#calabrasella``),
        the declaring seat, alone against the others (required there).
    :param set_aside: in a game with set-aside cards (Calabrasella), the four cards out of play
        (the declarer's discards and the widow cards it did not take; required there); in
        Piedicavallo tarocchi the dealer's two discards.
    :param dealer: in a game whose set-aside cards belong to the dealer's partnership
        (Piedicavallo tarocchi, ``Game.needs_dealer``), the dealer (required there).
    :raises PositionError: (a ``ValueError``) naming the field and value of any inconsistency
        (:func:`ciapano.validate.check_table`): a card twice or not of the game's deck, hand
        sizes that do not fit the trick or the number of players, a trick card its player could
        not play (not following suit, or Busca's first-trick bans,
        ``docs/rules.md#busca-first-trick``), points that do not add up, a missing or extra
        discard, a game for another number of players, a stock in a game without one or that is
        not whole rounds, a missing or extra declarer or set-aside cards.
    """

    __slots__ = (
        "_dealer",
        "_declarer",
        "_first",
        "_game",
        "_hands",
        "_hash",
        "_leader",
        "_set_aside",
        "_stock",
        "_taken",
        "_trick",
        "_tricks",
        "_won",
        "discard",
    )

    def __init__(
        self,
        hands: Sequence[CardSet | Iterable[CardLike]],
        leader: int,
        trick: Iterable[CardLike] = (),
        taken: Sequence[int] | None = None,
        won: Sequence[CardSet | Iterable[CardLike]] | None = None,
        discard: CardLike | None = None,
        game: Game | None = None,
        tricks: Sequence[int] | None = None,
        stock: Iterable[CardLike] | None = None,
        declarer: int | None = None,
        set_aside: Iterable[CardLike] | None = None,
        dealer: int | None = None,
    ) -> None:
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise PositionError("hands", f"{hands!r} is not a list of hands")
        n = len(hands)
        game = game_for(n, game)
        deck = game.deck
        hand_sets = tuple(parse_card_set(f"hands[{i}]", h, deck) for i, h in enumerate(hands))
        trick_cards = parse_cards("trick", trick, deck)
        discard_card = None if discard is None else parse_card("discard", discard, deck)
        stock_cards = () if stock is None else parse_cards("stock", stock, deck)
        aside = () if set_aside is None else parse_cards("set_aside", set_aside, deck)
        won_sets = None
        if won is not None:
            if isinstance(won, (str, bytes)) or not isinstance(won, Sequence) or len(won) != n:
                raise PositionError("won", f"{won!r} is not a list of {n} lists of cards")
            won_sets = tuple(parse_card_set(f"won[{i}]", w, deck) for i, w in enumerate(won))
            if taken is not None:
                raise PositionError("taken", "give either 'won' or 'taken', not both")
        self._init(
            game,
            hand_sets,
            leader,
            trick_cards,
            taken,
            won_sets,
            discard_card,
            tricks,
            stock_cards,
            declarer,
            aside,
            dealer,
        )

    # -- construction and validation ------------------------------------------------------

    def _init(
        self,
        game: Game,
        hands: tuple[CardSet, ...],
        leader: Any,
        trick: tuple[Card, ...],
        taken: Sequence[int] | None,
        won: tuple[CardSet, ...] | None,
        discard: Card | None,
        tricks: Sequence[int] | None = None,
        stock: tuple[Card, ...] = (),
        declarer: int | None = None,
        set_aside: tuple[Card, ...] = (),
        dealer: int | None = None,
    ) -> None:
        facts = check_table(
            game,
            leader=leader,
            trick=trick,
            sizes=[len(h) for h in hands],
            hands=dict(enumerate(hands)),
            discard=discard,
            won=won,
            taken=taken,
            tricks=tricks,
            stock=stock,
            declarer=declarer,
            set_aside=set_aside,
            dealer=dealer,
        )
        self._set(
            game,
            hands,
            leader,
            trick,
            facts.taken,
            won,
            discard,
            facts.tricks,
            None,
            stock,
            declarer,
            set_aside,
            dealer,
        )

    def _set(
        self,
        game: Game,
        hands: tuple[CardSet, ...],
        leader: int,
        trick: tuple[Card, ...],
        taken: tuple[int, ...],
        won: tuple[CardSet, ...] | None,
        discard: Card | None,
        tricks: tuple[int, ...] | None = None,
        first: bool | None = None,
        stock: tuple[Card, ...] = (),
        declarer: int | None = None,
        set_aside: tuple[Card, ...] = (),
        dealer: int | None = None,
    ) -> None:
        self._game = game
        self._hands = hands
        self._leader = leader
        self._trick = trick
        self._taken = taken
        self._won = won
        self._tricks = tricks
        self._stock = stock
        self._declarer = declarer
        self._set_aside = set_aside
        self._dealer = dealer
        self.discard = discard
        if first is None:
            in_play = sum(len(h) for h in hands) + len(trick) + (discard is not None) + len(stock)
            first = in_play + len(set_aside) == game.deal_size
        self._first = first

    @classmethod
    def _make(cls, *args: Any) -> Position:
        self = object.__new__(cls)
        self._set(*args)
        return self

    @classmethod
    def from_deal(
        cls,
        deal: Sequence[Iterable[CardLike]],
        dealer: int,
        discard: CardLike | None = None,
        game: Game | None = None,
        stock: Iterable[CardLike] | None = None,
        declarer: int | None = None,
        set_aside: Iterable[CardLike] | None = None,
    ) -> Position:
        """The position at the opening lead of a dealt hand.

        :param deal: each seat's cards (Ciapanò: 10 each for 4 players, 8 for 5; 13 for 3
            players, the dealer's 14th card given as ``discard``, or left in the dealer's hand
            beside it; Busca: 10 each).
        :param dealer: the dealing seat; the seat after it leads.
        :param game: the game; default ``Ciapano(players=len(deal))``.
        :param stock: in a game with a stock (Kifameno), the undealt cards in order, top card
            first.
        :param declarer: in a game with a declarer (Calabrasella), the declaring seat; the seat
            after it leads (not the seat after the dealer).
        :param set_aside: in a game with set-aside cards (Calabrasella), the four cards out of
            play; ``deal`` then gives the hands after the exchange (12 cards each).  In
            Piedicavallo tarocchi the dealer's two discards (checked:
            :meth:`Tarocchi.discard_error <ciapano.games.Tarocchi.discard_error>`), the dealer's
            hand given with them (17 cards) or without (15).
        :raises PositionError: for a deal that is not the game's whole deal in hands of the
            right size (with the stock, in a game that has one), or a missing declarer or
            set-aside cards where the game has them.
        """
        if isinstance(deal, (str, bytes)) or not isinstance(deal, Sequence):
            raise PositionError("deal", f"{deal!r} is not a list of hands")
        n = len(deal)
        game = game_for(n, game, field="deal")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise PositionError("dealer", f"{dealer!r} is not a seat: seats are 0..{n - 1}")
        hands = [parse_card_set(f"deal[{i}]", h, game.deck) for i, h in enumerate(deal)]
        d = None if discard is None else parse_card("discard", discard, game.deck)
        if d is not None and not game.has_discard:
            raise PositionError("discard", f"{d} given, but only 3-player Ciapanò has a discard")
        seen: dict[Card, int] = {}
        for seat, h in enumerate(hands):
            for c in h:
                if c in seen:
                    raise PositionError(
                        f"deal[{seat}]",
                        f"card {c} appears twice: in deal[{seen[c]}] and in deal[{seat}]",
                    )
                seen[c] = seat
        size = game.hand_size
        aside = () if set_aside is None else parse_cards("set_aside", set_aside, game.deck)
        if game.needs_dealer:
            # Piedicavallo tarocchi: the dealer's discards, out of its 17 cards (given with them
            # or without).
            full = hands[dealer] | CardSet(aside)
            reason = game.discard_error(full, aside)  # type: ignore[attr-defined]
            if reason is not None:
                raise PositionError("discards", reason)
            hands[dealer] = full - CardSet(aside)
            seen = {c: s for s, h in enumerate(hands) for c in h}
        if d is not None and len(hands[dealer]) == size + 1:
            if d not in hands[dealer]:
                raise PositionError(
                    f"deal[{dealer}]",
                    f"the dealer holds {size + 1} cards but not the discard {d}",
                )
            hands[dealer] = hands[dealer].remove(d)
        for seat, h in enumerate(hands):
            if len(h) != size:
                raise PositionError(
                    f"deal[{seat}]",
                    f"holds {len(h)} cards; with {n} players of {game.title} each seat is dealt "
                    f"{size}",
                )
        stock_cards = () if stock is None else parse_cards("stock", stock, game.deck)
        if len(stock_cards) != game.stock_size:
            raise PositionError(
                "stock",
                f"{len(stock_cards)} cards given; a deal of {n} players of {game.title} leaves "
                f"{game.stock_size} in the stock",
            )
        for i, c in enumerate(stock_cards):
            if c in seen:
                raise PositionError(
                    f"stock[{i}]", f"card {c} appears twice: in deal[{seen[c]}] and in the stock"
                )
        for i, c in enumerate(aside):
            if c in seen:
                raise PositionError(
                    f"set_aside[{i}]",
                    f"card {c} appears twice: in deal[{seen[c]}] and in the set-aside cards",
                )
        leader = game.first_leader(dealer)
        if game.has_declarer:
            if declarer is None:
                raise PositionError(
                    "declarer", f"is missing: a hand of {game.title} is played by a declarer"
                )
            leader = game.next_seat(parse_seat("declarer", declarer, n))
        won = tuple(CardSet(0) for _ in range(n))
        self = object.__new__(cls)
        self._init(
            game, tuple(hands), leader, (), None, won, d, None, stock_cards, declarer, aside,
            dealer if game.needs_dealer else None,
        )  # fmt: skip
        return self

    # -- state ---------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game this position is played in."""
        return self._game

    @property
    def rules(self) -> Game:
        """The former name of :attr:`game` (kept for callers not yet moved to it)."""
        return self._game

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._game.players

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """The cards each seat holds, indexed by seat."""
        return self._hands

    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick; after the last trick, its winner."""
        return self._leader

    @property
    def trick(self) -> tuple[Card, ...]:
        """Cards played to the current trick, in order, the first by :attr:`leader`."""
        return self._trick

    @property
    def taken(self) -> tuple[int, ...]:
        """Card points each seat has won in completed tricks, in the game's points unit
        (Ciapanò: thirds, the discard not included; Busca: points, the last trick's 3 not
        included)."""
        return self._taken

    @property
    def won(self) -> tuple[CardSet, ...] | None:
        """The cards each seat has won, when known (``None`` if only :attr:`taken` was given)."""
        return self._won

    @property
    def tricks(self) -> tuple[int, ...] | None:
        """The tricks each seat has won, in a game whose score counts them
        (:attr:`Game.counts_tricks <ciapano.Game.counts_tricks>`: Mattazza); None in the others."""
        return self._tricks

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards still to be drawn, top card first (a game with a stock: Kifameno); empty
        in the others and once it is drawn."""
        return self._stock

    @property
    def declarer(self) -> int | None:
        """The declaring seat in a game with one (Calabrasella); None in the others."""
        return self._declarer

    @property
    def dealer(self) -> int | None:
        """The dealer, in a game whose set-aside cards belong to its partnership (Piedicavallo
        tarocchi); None in the other games."""
        return self._dealer

    @property
    def set_aside(self) -> tuple[Card, ...]:
        """The cards out of play (Calabrasella's four: the declarer's discards and the widow cards
        it did not take); empty in the other games."""
        return self._set_aside

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats that play with ``seat`` (:meth:`Game.side_of <ciapano.Game.side_of>`): itself
        alone in the individual games; in Calabrasella the declarer alone or the two defenders.
        """
        return self._game.side_of(seat, self._declarer)

    def same_side(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` play for the same side (a seat is on its own side)."""
        return b in self.side_of(a)

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return (self._leader + len(self._trick)) % self._game.players

    @property
    def tricks_left(self) -> int:
        """Tricks not yet completed, the current one included (one more for each round of draws
        left in a stock)."""
        return len(self._hands[self.to_move]) + len(self._stock) // self._game.players

    @property
    def trick_number(self) -> int:
        """The current trick's number, from 1 (equal to the hand size + 1 when the hand is over)."""
        return self._game.tricks - self.tricks_left + 1

    @property
    def first_trick(self) -> bool:
        """Whether no trick has been completed yet: every card of the deal is still in a hand or
        on the table (the 3-player discard counted).  Busca's bans apply then
        (``docs/rules.md#busca-first-trick``)."""
        return self._first

    def is_over(self) -> bool:
        """Whether every card has been played."""
        return not self._trick and not any(self._hands) and not self._stock

    def legal_moves(self) -> CardSet:
        """The cards the seat to move may play (:meth:`Game.legal_moves
        <ciapano.Game.legal_moves>`: follow suit if possible, and the game's own rules, such as
        Busca's first trick).  Empty when the hand is over."""
        hand = self._hands[self.to_move]
        return self._game.legal_moves(hand, self._trick, self._first)

    def play(self, card: CardLike) -> Position:
        """The position after the seat to move plays ``card``.

        :raises IllegalMoveError: if the card is not in the hand of the seat to move, does not
            follow suit when it could, or breaks a rule of the game (Busca's first trick); the
            message names the card, seat and reason.
        """
        game = self._game
        try:
            # Text names a card of the game's deck (the tarocchi deck's "KS" is not the 40-card
            # deck's, nor the bridge deck's).
            c = card if isinstance(card, Card) else game.deck.card_type(card)
        except CardError as e:
            raise IllegalMoveError("card", e.reason) from None
        n = game.players
        seat = self.to_move
        hand = self._hands[seat]
        if c not in hand:
            if self.is_over():
                raise IllegalMoveError("card", f"{c} cannot be played: the hand is over")
            raise IllegalMoveError("card", f"{c} is not in the hand of seat {seat} ({hand})")
        reason = game.why_illegal(hand, self._trick, c, self._first)
        if reason is not None:
            raise IllegalMoveError("card", f"seat {seat} {reason}, not play {c}")
        hands = list(self._hands)
        hands[seat] = hand.remove(c)
        trick = (*self._trick, c)
        leader = self._leader
        taken = self._taken
        won = self._won
        tricks = self._tricks
        first = self._first
        stock = self._stock
        if len(trick) == n:
            first = False
            winner = game.trick_winner(trick, leader)
            piles = game.trick_piles(trick, leader, winner)
            taken = tuple(t + game.points(piles[s]) for s, t in enumerate(taken))
            if won is not None:
                won = tuple(w | piles[s] for s, w in enumerate(won))
            if tricks is not None:
                tricks = tuple(t + 1 if s == winner else t for s, t in enumerate(tricks))
            trick = ()
            leader = winner
            if stock:
                # Each seat draws one card, the trick's winner first (docs/rules.md#kifameno).
                for k in range(n):
                    drawer = (winner + k) % n
                    hands[drawer] = hands[drawer].add(stock[k])
                stock = stock[n:]
        return Position._make(
            game,
            tuple(hands),
            leader,
            trick,
            taken,
            won,
            self.discard,
            tricks,
            first,
            stock,
            self._declarer,
            self._set_aside,
            self._dealer,
        )

    def play_all(self, cards: Iterable[CardLike]) -> Position:
        """The position after playing several cards in order.

        :raises IllegalMoveError: for the first illegal card, its field ``play[i]`` giving the
            index in ``cards``.
        """
        pos = self
        for i, card in enumerate(cards):
            try:
                pos = pos.play(card)
            except IllegalMoveError as e:
                raise IllegalMoveError(f"play[{i}]", str(e).removeprefix("card: ")) from None
        return pos

    def final_points(self) -> list[int]:
        """Card points per seat at the end of a finished hand, in the game's points unit, the
        3-player discard counted for the last trick's winner (the last trick's own points, as
        Busca's 3, are the game's :meth:`~ciapano.Game.hand_score` to add).

        :raises PositionError: if the hand is not over.
        """
        if not self.is_over():
            raise PositionError("", "the hand is not over")
        points = list(self._taken)
        if self.discard is not None:
            points[self._leader] += self._game.card_points(self.discard)
        owner = self._game.set_aside_owner(self._leader, self._declarer, self._dealer)
        if self._set_aside and owner is not None:
            # Calabrasella's set-aside cards go with the last trick
            # (docs/rules.md#calabrasella-score), Piedicavallo tarocchi's discards to the dealer.
            points[owner] += self._game.points(self._set_aside)
        return points

    def final_thirds(self) -> list[int]:
        """Ciapanò's name of :meth:`final_points` (thirds of a point).

        :raises PositionError: if the hand is not over.
        """
        return self.final_points()

    def score(self) -> list[int]:
        """Every seat's score of a finished hand, in the game's value unit (Ciapanò: penalty
        points, ``docs/rules.md#ciapano-hand-score``; Busca: busche,
        ``docs/rules.md#busca-penalties``).

        :raises PositionError: if the hand is not over.
        """
        return self._game.hand_score(
            self.final_points(), self._leader, self._tricks, self._declarer
        )

    # -- conversions ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The position file (snapshot form) as a JSON-ready dict; see ``docs/positions.md``."""
        game = self._game
        options = game.options
        d: dict[str, Any] = {"game": game.name, "players": self.players}
        for key in game.top_level_options:
            # Bridge's "trump" beside "game", where its users look for it.
            d[key] = options.pop(key)
        d.update(
            {
                "hands": [h.texts() for h in self._hands],
                "leader": self._leader,
                "trick": [c.text for c in self._trick],
            }
        )
        if self._won is not None:
            d["won"] = [w.texts() for w in self._won]
        else:
            if game.card_total:
                d["taken"] = list(self._taken)  # not in bridge, whose cards carry no points
            if self._tricks is not None:
                d["tricks"] = list(self._tricks)
        if self.discard is not None:
            d["discard"] = self.discard.text
        if self._stock:
            d["stock"] = [c.text for c in self._stock]
        if self._declarer is not None:
            d["declarer"] = self._declarer
        if self._set_aside:
            key = "discards" if self._game.needs_dealer else "set_aside"
            d[key] = [c.text for c in self._set_aside]
        if self._dealer is not None:
            d["dealer"] = self._dealer
        d["rules"] = options
        return d

    def _state(self) -> tuple[Any, ...]:
        return (
            self._game,
            self._hands,
            self._leader,
            self._trick,
            self._taken,
            self._tricks,
            self.discard,
            self._stock,
            self._declarer,
            self._set_aside,
            self._dealer,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._state() == other._state()

    def __hash__(self) -> int:
        # Made once: a position is immutable, and the reference minimax's memo asks often.
        try:
            return self._hash
        except AttributeError:
            self._hash = hash(self._state())
            return self._hash

    def __getstate__(self) -> dict[str, Any]:
        # Pickled without the hash made in this process: parts of it differ between processes
        # (None's hash is its address before Python 3.12), and a worker must hash an equal
        # position as its own would.
        return {k: getattr(self, k) for k in self.__slots__ if k != "_hash" and hasattr(self, k)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for k, v in state.items():
            setattr(self, k, v)

    def __repr__(self) -> str:
        hands = ", ".join(repr(str(h)) for h in self._hands)
        parts = [f"hands=[{hands}]", f"leader={self._leader}"]
        if self._trick:
            parts.append(f"trick={[c.text for c in self._trick]!r}")
        if self._won is not None:
            parts.append("won=[" + ", ".join(repr(str(w)) for w in self._won) + "]")
        elif any(self._taken):
            parts.append(f"taken={list(self._taken)!r}")
        if self._won is None and self._tricks is not None and any(self._tricks):
            parts.append(f"tricks={list(self._tricks)!r}")
        if self.discard is not None:
            parts.append(f"discard={self.discard.text!r}")
        if self._stock:
            parts.append(f"stock={[c.text for c in self._stock]!r}")
        if self._declarer is not None:
            parts.append(f"declarer={self._declarer}")
        if self._set_aside:
            parts.append(f"set_aside={[c.text for c in self._set_aside]!r}")
        if self._dealer is not None:
            parts.append(f"dealer={self._dealer}")
        if not (type(self._game) is Ciapano and self._game == Ciapano(players=self.players)):
            parts.append(f"game={self._game!r}")
        return f"Position({', '.join(parts)})"

    def __str__(self) -> str:
        lines = []
        for seat, hand in enumerate(self._hands):
            marks = []
            if seat == self._declarer:
                marks.append("declarer")
            if seat == self._dealer:
                marks.append("dealer")
            if seat == self.to_move and not self.is_over():
                marks.append("to move")
            if seat == self._leader and self._trick:
                marks.append("led")
            tag = f"  ({', '.join(marks)})" if marks else ""
            taken = "taken " + self._game.points_text(self._taken[seat])
            if self._tricks is not None and not self._game.card_total:
                taken = f"won {self._tricks[seat]} trick(s)"  # bridge: the cards carry no points
            elif self._tricks is not None:
                taken += f" in {self._tricks[seat]} trick(s)"
            lines.append(f"seat {seat}: {hand or '-'}   {taken}{tag}")
        if self._trick:
            lines.append("trick: " + " ".join(c.text for c in self._trick))
        if self.discard is not None:
            lines.append(f"discard: {self.discard}")
        if self._stock:
            lines.append("stock (top first): " + " ".join(c.text for c in self._stock))
        if self._set_aside:
            lines.append("set aside: " + " ".join(c.text for c in self._set_aside))
        return "\n".join(lines)


def thirds_text(t: int) -> str:
    """Thirds of a point as text: 10 -> '3 1/3' (Ciapanò's :meth:`~ciapano.Game.points_text`)."""
    return Ciapano().points_text(t)
