"""Positions: who holds what, the trick in progress, the points already taken.

A :class:`Position` is immutable: :meth:`Position.play` returns the position after one card.
Seats are numbered ``0..n-1`` in order of play (``../shared/RULES.md``, preamble).  Points are in
thirds of a point; hand scores in penalty points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .cards import DECK, Card, CardSet
from .errors import CardError, IllegalMoveError, PositionError, RulesError
from .rules import Rules, trick_winner

__all__ = ["Position"]

CardLike = Card | str | int


def _card(field: str, value: object) -> Card:
    try:
        return Card(value)  # type: ignore[arg-type]
    except CardError as e:
        raise PositionError(field, e.reason) from None


def _cards(field: str, values: object) -> list[Card]:
    if isinstance(values, CardSet):
        return list(values)
    if isinstance(values, str):
        # Card text separated by spaces, as in a CardSet's text: "3S AS 7C".
        return [_card(f"{field}[{i}]", w) for i, w in enumerate(values.replace(",", " ").split())]
    if isinstance(values, bytes) or not isinstance(values, Iterable):
        raise PositionError(field, f"{values!r} is not a list of cards")
    return [_card(f"{field}[{i}]", v) for i, v in enumerate(values)]


def _card_set(field: str, values: object) -> CardSet:
    cards = _cards(field, values)
    seen: dict[Card, int] = {}
    for i, c in enumerate(cards):
        if c in seen:
            raise PositionError(
                f"{field}[{i}]", f"card {c} appears twice: at {field}[{seen[c]}] and {field}[{i}]"
            )
        seen[c] = i
    return CardSet(cards)


def rules_for(
    n: int,
    rules: Rules | None,
    error: type[PositionError] = PositionError,
    field: str = "hands",
) -> Rules:
    """The rules of a position of ``n`` hands: ``rules``, or Ciapanò's for ``n`` players.

    :raises PositionError: (or ``error``) naming ``field`` when ``n`` is no number of players
        or not that of ``rules``.
    """
    if rules is None:
        try:
            return Rules(players=n)
        except RulesError:
            raise error(field, f"{n} hands given; Ciapanò is played by 3, 4 or 5 players") from None
    if rules.players != n:
        raise error(field, f"{n} hands given for {rules.players} players")
    return rules


def taken_thirds(
    taken: object, n: int, error: type[PositionError] = PositionError
) -> tuple[int, ...]:
    """The ``taken`` field checked: ``n`` whole numbers of thirds >= 0.

    :raises PositionError: (or ``error``) naming ``taken`` or ``taken[i]`` and the value.
    """
    if taken is None:
        return (0,) * n
    if isinstance(taken, (str, bytes)) or not isinstance(taken, Sequence):
        raise error("taken", f"{taken!r} is not a list of {n} numbers")
    if len(taken) != n:
        raise error("taken", f"{list(taken)} has {len(taken)} entries, not {n}")
    for seat, t in enumerate(taken):
        if isinstance(t, bool) or not isinstance(t, int) or t < 0:
            raise error(f"taken[{seat}]", f"{t!r} is not a whole number of thirds >= 0")
    return tuple(taken)


class Position:
    """A Ciapanò position with every hand open.

    :param hands: the cards each seat still holds, seats ``0..n-1`` in order of play (card sets,
        or lists of cards or card texts).
    :param leader: the seat that led the current trick, or is to lead it.
    :param trick: the cards already played to the current trick, in order of play.
    :param taken: card points already won by each seat in completed tricks, in thirds of a point
        (default: none; they must add up to the points of the cards no longer in play).
    :param won: instead of ``taken``, the cards each seat has won in completed tricks.
    :param discard: with 3 players, the dealer's discard, which goes to the last trick's winner.
    :param rules: the :class:`~ciapano.Rules`; default ``Rules(players=len(hands))``.
    :raises PositionError: (a ``ValueError``) naming the field and value of any inconsistency:
        a card twice, hand sizes that do not fit the trick or the number of players, a trick card
        that failed to follow suit, points that do not add up, a missing or extra discard.
    """

    __slots__ = ("_hands", "_leader", "_rules", "_taken", "_trick", "_won", "discard")

    def __init__(
        self,
        hands: Sequence[CardSet | Iterable[CardLike]],
        leader: int,
        trick: Iterable[CardLike] = (),
        taken: Sequence[int] | None = None,
        won: Sequence[CardSet | Iterable[CardLike]] | None = None,
        discard: CardLike | None = None,
        rules: Rules | None = None,
    ) -> None:
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise PositionError("hands", f"{hands!r} is not a list of hands")
        n = len(hands)
        rules = rules_for(n, rules)
        hand_sets = tuple(_card_set(f"hands[{i}]", h) for i, h in enumerate(hands))
        trick_cards = tuple(_cards("trick", trick))
        discard_card = None if discard is None else _card("discard", discard)
        won_sets = None
        if won is not None:
            if isinstance(won, (str, bytes)) or not isinstance(won, Sequence) or len(won) != n:
                raise PositionError("won", f"{won!r} is not a list of {n} lists of cards")
            won_sets = tuple(_card_set(f"won[{i}]", w) for i, w in enumerate(won))
        self._init(rules, hand_sets, leader, trick_cards, taken, won_sets, discard_card)

    # -- construction and validation ------------------------------------------------------

    def _init(
        self,
        rules: Rules,
        hands: tuple[CardSet, ...],
        leader: object,
        trick: tuple[Card, ...],
        taken: Sequence[int] | None,
        won: tuple[CardSet, ...] | None,
        discard: Card | None,
    ) -> None:
        n = rules.players
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < n:
            raise PositionError("leader", f"{leader!r} is not a seat: seats are 0..{n - 1}")
        if len(trick) >= n:
            raise PositionError(
                "trick", f"{len(trick)} cards given; a trick in progress holds at most {n - 1}"
            )
        _check_unique(hands, trick, won, discard)
        if trick and not any(hands):
            raise PositionError("trick", "cards in a trick after the hands are played out")
        # Hand sizes: seats that already played to this trick hold one card fewer.
        to_move = (leader + len(trick)) % n
        size = len(hands[to_move])
        played = {(leader + i) % n for i in range(len(trick))}
        for seat, hand in enumerate(hands):
            want = size - 1 if seat in played else size
            if len(hand) != want:
                why = (
                    "it has played to the current trick"
                    if seat in played
                    else "it has not played to the current trick"
                )
                raise PositionError(
                    f"hands[{seat}]",
                    f"holds {len(hand)} cards but seat {to_move}, to move, holds {size}; "
                    f"seat {seat} should hold {want} as {why}",
                )
        if size > rules.hand_size:
            raise PositionError(
                f"hands[{to_move}]",
                f"holds {size} cards; with {n} players a hand has at most {rules.hand_size}",
            )
        # Following suit inside the current trick.
        for i, card in enumerate(trick[1:], start=1):
            seat = (leader + i) % n
            led = trick[0].suit
            if card.suit != led and hands[seat].suit(led):
                raise PositionError(
                    f"trick[{i}]",
                    f"seat {seat} played {card} on a {led.name} lead while holding "
                    f"{hands[seat].suit(led)}: it had to follow suit",
                )
        if rules.has_discard and discard is None:
            raise PositionError("discard", "a 3-player position needs the dealer's discard")
        if not rules.has_discard and discard is not None:
            raise PositionError(
                "discard", f"{discard} given, but only 3-player games have a discard"
            )
        in_play = CardSet(0)
        for h in hands:
            in_play |= h
        in_play |= CardSet(trick)
        if discard is not None:
            in_play = in_play.add(discard)
        gone = DECK - in_play
        if won is not None:
            if taken is not None:
                raise PositionError("taken", "give either 'won' or 'taken', not both")
            for seat, w in enumerate(won):
                if len(w) % n:
                    raise PositionError(
                        f"won[{seat}]",
                        f"{len(w)} cards is not a whole number of {n}-card tricks",
                    )
            all_won = CardSet(0)
            for w in won:
                all_won |= w
            if all_won != gone:
                missing = gone - all_won
                raise PositionError(
                    "won", f"cards missing from the hands, trick, won cards and discard: {missing}"
                )
            taken_t = tuple(w.thirds for w in won)
        else:
            taken_t = taken_thirds(taken, n)
            if sum(taken_t) != gone.thirds:
                raise PositionError(
                    "taken",
                    f"{list(taken_t)} adds up to {sum(taken_t)} thirds, but the cards no longer "
                    f"in play (not in a hand, the trick or the discard) carry {gone.thirds} "
                    f"thirds; give 'taken' (thirds per seat) or 'won' (cards per seat)",
                )
        self._set(rules, hands, leader, trick, taken_t, won, discard)

    def _set(
        self,
        rules: Rules,
        hands: tuple[CardSet, ...],
        leader: int,
        trick: tuple[Card, ...],
        taken: tuple[int, ...],
        won: tuple[CardSet, ...] | None,
        discard: Card | None,
    ) -> None:
        self._rules = rules
        self._hands = hands
        self._leader = leader
        self._trick = trick
        self._taken = taken
        self._won = won
        self.discard = discard

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
        rules: Rules | None = None,
    ) -> Position:
        """The position at the opening lead of a dealt hand.

        :param deal: each seat's cards (10 each for 4 players, 8 for 5; 13 for 3 players, the
            dealer's 14th card given as ``discard``, or left in the dealer's hand beside it).
        :param dealer: the dealing seat; the seat after it leads.
        :raises PositionError: for a deal that is not the whole deck in hands of the right size.
        """
        if isinstance(deal, (str, bytes)) or not isinstance(deal, Sequence):
            raise PositionError("deal", f"{deal!r} is not a list of hands")
        n = len(deal)
        rules = rules_for(n, rules, field="deal")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise PositionError("dealer", f"{dealer!r} is not a seat: seats are 0..{n - 1}")
        hands = [_card_set(f"deal[{i}]", h) for i, h in enumerate(deal)]
        d = None if discard is None else _card("discard", discard)
        if d is not None and not rules.has_discard:
            raise PositionError("discard", f"{d} given, but only 3-player games have a discard")
        seen: dict[Card, int] = {}
        for seat, h in enumerate(hands):
            for c in h:
                if c in seen:
                    raise PositionError(
                        f"deal[{seat}]",
                        f"card {c} appears twice: in deal[{seen[c]}] and in deal[{seat}]",
                    )
                seen[c] = seat
        if d is not None and rules.has_discard and len(hands[dealer]) == rules.hand_size + 1:
            if d not in hands[dealer]:
                raise PositionError(
                    f"deal[{dealer}]",
                    f"the dealer holds {rules.hand_size + 1} cards but not the discard {d}",
                )
            hands[dealer] = hands[dealer].remove(d)
        for seat, h in enumerate(hands):
            if len(h) != rules.hand_size:
                raise PositionError(
                    f"deal[{seat}]",
                    f"holds {len(h)} cards; with {n} players each seat is dealt {rules.hand_size}",
                )
        trick: tuple[Card, ...] = ()
        won = tuple(CardSet(0) for _ in range(n))
        self = object.__new__(cls)
        self._init(rules, tuple(hands), rules.first_leader(dealer), trick, None, won, d)
        return self

    # -- state ---------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules this position is played under."""
        return self._rules

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._rules.players

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
        """Card points each seat has won in completed tricks, in thirds (discard not included)."""
        return self._taken

    @property
    def won(self) -> tuple[CardSet, ...] | None:
        """The cards each seat has won, when known (``None`` if only :attr:`taken` was given)."""
        return self._won

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return (self._leader + len(self._trick)) % self._rules.players

    @property
    def tricks_left(self) -> int:
        """Tricks not yet completed, the current one included."""
        return len(self._hands[self.to_move])

    @property
    def trick_number(self) -> int:
        """The current trick's number, from 1 (equal to the hand size + 1 when the hand is over)."""
        return self._rules.tricks - self.tricks_left + 1

    def is_over(self) -> bool:
        """Whether every card has been played."""
        return not self._trick and not any(self._hands)

    def legal_moves(self) -> CardSet:
        """The cards the seat to move may play: any card when leading, else the cards of the
        suit led if it holds any, else any card.  Empty when the hand is over."""
        hand = self._hands[self.to_move]
        if self._trick:
            follow = hand.suit(self._trick[0].suit)
            if follow:
                return follow
        return hand

    def play(self, card: CardLike) -> Position:
        """The position after the seat to move plays ``card``.

        :raises IllegalMoveError: if the card is not in the hand of the seat to move, or does
            not follow suit when it could; the message names the card, seat and reason.
        """
        try:
            c = Card(card)
        except CardError as e:
            raise IllegalMoveError("card", e.reason) from None
        n = self._rules.players
        seat = self.to_move
        hand = self._hands[seat]
        if c not in hand:
            if self.is_over():
                raise IllegalMoveError("card", f"{c} cannot be played: the hand is over")
            raise IllegalMoveError("card", f"{c} is not in the hand of seat {seat} ({hand})")
        if self._trick:
            led = self._trick[0].suit
            if c.suit != led and hand.suit(led):
                raise IllegalMoveError(
                    "card",
                    f"seat {seat} must follow suit {led.name} with one of {hand.suit(led)}, "
                    f"not play {c}",
                )
        hands = list(self._hands)
        hands[seat] = hand.remove(c)
        trick = (*self._trick, c)
        leader = self._leader
        taken = self._taken
        won = self._won
        if len(trick) == n:
            winner = trick_winner(trick, leader, n)
            gain = sum(x.thirds for x in trick)
            taken = tuple(t + gain if s == winner else t for s, t in enumerate(taken))
            if won is not None:
                won = tuple(w | CardSet(trick) if s == winner else w for s, w in enumerate(won))
            trick = ()
            leader = winner
        return Position._make(self._rules, tuple(hands), leader, trick, taken, won, self.discard)

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

    def final_thirds(self) -> list[int]:
        """Card points per seat at the end of a finished hand, in thirds, the 3-player discard
        counted for the last trick's winner.

        :raises PositionError: if the hand is not over.
        """
        if not self.is_over():
            raise PositionError("", "the hand is not over")
        thirds = list(self._taken)
        if self.discard is not None:
            thirds[self._leader] += self.discard.thirds
        return thirds

    def score(self) -> list[int]:
        """Penalty points per seat of a finished hand (RULES.md §1, "Hand score").

        :raises PositionError: if the hand is not over.
        """
        return self._rules.hand_score(self.final_thirds(), self._leader)

    # -- conversions ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The position file (snapshot form) as a JSON-ready dict; see ``docs/positions.md``."""
        d: dict[str, Any] = {
            "game": self._rules.game,
            "players": self.players,
            "hands": [h.texts() for h in self._hands],
            "leader": self._leader,
            "trick": [c.text for c in self._trick],
        }
        if self._won is not None:
            d["won"] = [w.texts() for w in self._won]
        else:
            d["taken"] = list(self._taken)
        if self.discard is not None:
            d["discard"] = self.discard.text
        d["rules"] = self._rules.to_dict()
        return d

    def _state(self) -> tuple[Any, ...]:
        return (
            self._rules,
            self._hands,
            self._leader,
            self._trick,
            self._taken,
            self.discard,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._state() == other._state()

    def __hash__(self) -> int:
        return hash(self._state())

    def __repr__(self) -> str:
        hands = ", ".join(repr(str(h)) for h in self._hands)
        parts = [f"hands=[{hands}]", f"leader={self._leader}"]
        if self._trick:
            parts.append(f"trick={[c.text for c in self._trick]!r}")
        if self._won is not None:
            parts.append("won=[" + ", ".join(repr(str(w)) for w in self._won) + "]")
        elif any(self._taken):
            parts.append(f"taken={list(self._taken)!r}")
        if self.discard is not None:
            parts.append(f"discard={self.discard.text!r}")
        if self._rules != Rules(players=self.players):
            parts.append(f"rules={self._rules!r}")
        return f"Position({', '.join(parts)})"

    def __str__(self) -> str:
        lines = []
        for seat, hand in enumerate(self._hands):
            marks = []
            if seat == self.to_move and not self.is_over():
                marks.append("to move")
            if seat == self._leader and self._trick:
                marks.append("led")
            tag = f"  ({', '.join(marks)})" if marks else ""
            taken = thirds_text(self._taken[seat])
            lines.append(f"seat {seat}: {hand or '-'}   taken {taken}{tag}")
        if self._trick:
            lines.append("trick: " + " ".join(c.text for c in self._trick))
        if self.discard is not None:
            lines.append(f"discard: {self.discard}")
        return "\n".join(lines)


def thirds_text(t: int) -> str:
    """Thirds of a point as text: 10 -> '3 1/3'."""
    whole, rest = divmod(t, 3)
    if not rest:
        return str(whole)
    return f"{whole} {rest}/3" if whole else f"{rest}/3"


def _check_unique(
    hands: tuple[CardSet, ...],
    trick: tuple[Card, ...],
    won: tuple[CardSet, ...] | None,
    discard: Card | None,
) -> None:
    seen: dict[Card, str] = {}

    def note(card: Card, where: str) -> None:
        if card in seen:
            raise PositionError(where, f"card {card} appears twice: in {seen[card]} and in {where}")
        seen[card] = where

    for i, h in enumerate(hands):
        for c in h:
            note(c, f"hands[{i}]")
    for i, c in enumerate(trick):
        note(c, f"trick[{i}]")
    if won is not None:
        for i, w in enumerate(won):
            for c in w:
                note(c, f"won[{i}]")
    if discard is not None:
        note(discard, "discard")
