"""The one door into the search core (as DDS's ``SolverIF``): every solve, analysis, sample and
puzzle loads its positions into an engine through :func:`open_search`.

Each game has its own compiled engine, ``ciapano._engine_<game>``: the same skeleton (driver,
alpha-beta on null windows, transposition table, move generation) compiled with that game's
rules, scoring and the techniques proved for it (``ext/<game>/game.pxd``; ``setup.py`` says
how).  This module picks the engine of a position's game, hands it the position as bit masks
and the game's parameters, and gives back its ``Search``: a position with its transposition
table, whose methods answer value and card questions (``value_bounds``, ``move_bounds``,
``line``, ``classes``, ``set_root``, ...; ``ext/core/driver.pxi``).

Limits (:class:`SearchLimits`) and the technique switches (``OPTION_*``) are shared by every
engine.  The switches exist to test the search: a technique without a proof for a game is
compiled out of that game's engine, whatever the switches say.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any, Literal, NamedTuple

from ._limits import (
    OPTION_ALL,
    OPTION_BOUNDS,
    OPTION_ENDGAME,
    OPTION_EQUIVALENCE,
    OPTION_LASTTRICK,
    OPTION_NULLGAME,
    OPTION_ORDERING,
    OPTION_QUASI,
    OPTION_RELATIVE,
    OPTION_TT,
    OPTION_VARIANTS,
    SearchLimits,
)
from .cards import CardSet
from .errors import GameError
from .games import Bridge, Busca, Calabrasella, Cappotto, Ciapano, Mattazza, Tarocchi

__all__ = [
    "OPTION_ALL",
    "OPTION_BOUNDS",
    "OPTION_ENDGAME",
    "OPTION_EQUIVALENCE",
    "OPTION_LASTTRICK",
    "OPTION_NULLGAME",
    "OPTION_ORDERING",
    "OPTION_QUASI",
    "OPTION_RELATIVE",
    "OPTION_TT",
    "OPTION_VARIANTS",
    "CardBrackets",
    "DiscardSearch",
    "ExchangeSearch",
    "SearchLimits",
    "SidesSearch",
    "card_brackets",
    "core_groups",
    "core_root",
    "engine_for",
    "open_search",
    "release_tables",
    "root_args",
]

_CAPPOTTO_CODE = {Cappotto.OFF: 0, Cappotto.CARDS: 1, Cappotto.ALL: 2}
_ENGINES = ("ciapano", "busca", "mattazza", "kifameno", "calabrasella", "tarocchi", "bridge")


def engine_for(game: str) -> ModuleType:
    """The compiled engine of a game, ``ciapano._engine_<game>``.

    :raises GameError: if the game has no engine.
    """
    if game not in _ENGINES:
        raise GameError("game", f"{game!r} has no search engine (engines: {', '.join(_ENGINES)})")
    # Relative to this package, so that a copy of it under another name (bench/compare_builds.py
    # imports two builds side by side) runs its own engines.
    return importlib.import_module(f"{__package__}._engine_{game}")


class CardBrackets(NamedTuple):
    """Where :func:`ciapano.solve` starts each root card's bracket of yes/no searches
    (``Search.move_bounds``'s ``guess``), chosen per game by :func:`card_brackets`."""

    #: Find the position's value first when the perspective seat is to move (a card is worth
    #: no less), and start each card's bracket there.
    root_value_first: bool
    #: Where a card's bracket starts once a card before it on its thread has an exact value:
    #: ``"floor"`` the position's value (found first, else no guess), ``"previous"`` the
    #: value of the card searched before it, ``"best"`` the best value of the thread's cards
    #: so far.
    card_guess: Literal["floor", "previous", "best"]


def card_brackets(game: Any) -> CardBrackets:
    """How :func:`ciapano.solve` brackets the root's cards in ``game`` (only the nodes depend
    on it, never the values).  Measured on every card of seeded full deals (docs/speed.md):

    - the penalty games start from the position's value, found first: Ciapanò 3 players,
      10 deals, 126.1 M nodes against 136.1 M from the previous card's value with no
      position's value, Busca 10 deals 363.9 M against 383.0 M (Mattazza 110.2 M against
      108.2 M, 7 deals: left as the others);
    - Calabrasella and bridge find the position's value first, then start each card from the
      previous card's (the values of a suit's cards are close): Calabrasella 10 deals
      16.8 M, against 17.7 M from the position's value alone and 17.7 M from the previous
      card's alone; bridge 8 deals 8.2 M either way;
    - Kifameno with a stock (2 and 3 players) and Piedicavallo tarocchi find no position's
      value first: Kifameno 3 players, 20 deals, 1,192 M -> 1,079 M nodes (the median deal
      39.4 M -> 27.8 M), 2 players (8 deals each fewer) 2,616 M -> 1,927 M; tarocchi after 2
      random tricks, 6 deals, 222.7 M -> 175.7 M (each deal fewer or the same), both from
      the previous card's value.  There the position's value, found upwards from its cheap
      lower bound, costs most of the work: each of its "at most t?" searches must refute
      every card, and those far below the value can cost more than the ones next to it (a
      Kifameno deal: "at most 3?" 16.1 M nodes, "at most 6?" 6.1 M, the value 7).  Tarocchi
      then starts each card from the best card's value so far, not the previous card's: a
      card's value is 0 to 114 points there, the tests on the wrong side of a card's value
      were a third to a half of a deal's nodes, and the yes-tests above it the dearer, which
      only a card better than every one before it now pays (every card of full deals 2 9 12
      13 16 19, 877.2 M -> 846.4 M nodes; 6 7 10 18, in no choice, 1,138.7 M -> 1,090.3 M,
      each deal fewer; the benchmark's 19 deals that finish 10,676 M -> 10,289 M).  Not in
      Kifameno, whose values span 0 to 11 (the benchmark's 20 deals: 2 players 1,746 M ->
      1,719 M, 3 players 598 M -> 618 M), nor in Calabrasella (seeds 1-8, 14.6 M -> 15.6 M).
    """
    if game.name == "tarocchi":
        return CardBrackets(root_value_first=False, card_guess="best")
    if game.stock_size > 0:
        return CardBrackets(root_value_first=False, card_guess="previous")
    return CardBrackets(
        root_value_first=True, card_guess="floor" if game.lower_is_better else "previous"
    )


def _scoring(position: Any) -> dict[str, int]:
    """The game's own parameters of the engine (``set_scoring`` in ``ext/<game>/game.pxd``).

    :raises GameError: for a game without an engine.
    """
    game = position.game
    if isinstance(game, Ciapano):  # and Kifameno, which scores as Ciapanò (a subclass)
        discard = position.discard
        return {
            "unit": 3,
            "hand_points": game.value_bounds[1],
            "cappotto": _CAPPOTTO_CODE[game.cappotto],
            "discard_points": game.card_points(discard) if discard is not None else 0,
        }
    if isinstance(game, Busca):
        return {
            "last_trick_points": game.last_trick_points,
            "banned_lead": game.banned_lead_mask,
            "banned_discard": game.pita_mask,
            "deal_cards": game.deal_size,
        }
    if isinstance(game, Mattazza):
        return {"last_trick_points": game.last_trick_points}
    if isinstance(game, Calabrasella):
        return _calabrasella_scoring(game, position.set_aside)
    if isinstance(game, Tarocchi):
        return _tarocchi_scoring(game, position.dealer, position.set_aside)
    if isinstance(game, Bridge):
        # The trump suit's group (core_groups: the deck's suits in order), -1 for no trumps.
        return {"trump_suit": -1 if game.trump is None else list(game.deck.suits).index(game.trump)}
    raise GameError("game", f"{game.name!r}: no search engine for {game.title} yet")


def _calabrasella_scoring(game: Calabrasella, set_aside: Any) -> dict[str, int]:
    """Calabrasella's engine parameters: the last trick's points, and the set-aside cards'
    points where they score (with the last trick), else 0."""
    scored = game.points(set_aside) if game.set_aside_scored else 0
    return {"last_trick_points": game.last_trick_points, "set_aside_points": scored}


def _tarocchi_scoring(game: Tarocchi, dealer: int, discards: Any) -> dict[str, int]:
    """Piedicavallo tarocchi's engine parameters: the trumps' suit group and the Fool's card
    (``core_groups``), the dealer and its discards' points (``ext/tarocchi/game.pxd``)."""
    return {
        "trump_suit": list(game.deck.suits).index(game.trump),
        "fool": game.fool.index - game.card_base,
        "dealer": dealer,
        "discard_points": game.points(discards),
    }


def core_groups(game: Any) -> list[int]:
    """The search core's suit groups of a game's deck, as masks of the core's cards (the deck's
    masks shifted down by :attr:`Deck.base <ciapano.Deck.base>`): the deck's suits in order,
    then each card of no suit (the tarocchi Fool) as a group of its own."""
    deck = game.deck
    base = deck.base
    groups = [m >> base for m in deck.suit_masks]
    rest = (deck.mask >> base) & ~sum(groups)
    while rest:
        low = rest & -rest
        groups.append(low)
        rest ^= low
    return groups


def _new_search(
    game: Any,
    hands: list[int],
    leader: int,
    trick: list[int],
    taken: list[int],
    scoring: dict[str, int],
    tt_mb: float,
    options: int,
    limits: SearchLimits | None,
    stock: list[int] | tuple[()] = (),
) -> Any:
    """A game's engine ``Search`` on a root given as masks of the core's cards (``root_args``'s
    form shifted by ``core_root``)."""
    return engine_for(game.name).Search(
        game.players,
        hands,
        leader,
        trick,
        taken,
        list(game.points_by_index),
        core_groups(game),
        scoring,
        tt_mb,
        options,
        limits,
        stock=stock,
    )


def root_args(position: Any) -> tuple[list[int], int, list[int], list[int]]:
    """A position as an engine's root (the ``Search`` constructor's and ``set_root``'s
    ``hands, leader, trick, taken``): each hand's mask with the card it played to the current
    trick, the leader, the trick's card indices, and each seat's taken: its points, and in a
    game that counts tricks (Mattazza) the engine's ``TRICK_BONUS`` times its tricks besides.
    In bridge, whose value counts the tricks from here on (``Game.banked_value``), every seat
    starts at 0.

    :raises GameError: for a game without an engine."""
    n = position.players
    hands = [h.mask for h in position.hands]
    for i, card in enumerate(position.trick):
        hands[(position.leader + i) % n] |= card.mask
    taken = list(position.taken)
    if isinstance(position.game, Bridge):
        taken = [0] * n
    elif position.game.counts_tricks:
        bonus = engine_for(position.game.name).TRICK_BONUS
        taken = [t + bonus * k for t, k in zip(taken, position.tricks, strict=True)]
    return hands, position.leader, [c.index for c in position.trick], taken


def core_root(
    game: Any, hands: list[int], leader: int, trick: list[int], taken: list[int]
) -> tuple[list[int], int, list[int], list[int]]:
    """``root_args``'s form (the deck's masks and card indices) in the core's cards: shifted down
    by the deck's :attr:`~ciapano.Deck.base` (the tarocchi deck's cards are 64 to 125, the core's
    0 to 61)."""
    base = game.card_base
    if not base:
        return hands, leader, trick, taken
    return [h >> base for h in hands], leader, [c - base for c in trick], taken


def open_search(
    position: Any,
    tt_mb: float,
    options: int = OPTION_ALL,
    limits: SearchLimits | None = None,
) -> Any:
    """Load a position into its game's engine.

    :param position: a validated :class:`~ciapano.Position`.
    :param tt_mb: memory for the transposition table, in MiB.
    :param options: the techniques to use (``OPTION_*`` flags), for tests of the search.
    :param limits: limits shared with other searches of the same solve.
    :returns: the engine's ``Search``, whose root is the position (the hands hold the cards they
        played to the current trick; a stock, Kifameno's, is the position's, none drawn); in a
        game of two sides a :class:`SidesSearch` around it.  Cards are the deck's indices
        (:attr:`Card.index <ciapano.Card.index>`).
    :raises GameError: for a game without an engine.
    :raises MemoryError: if the table cannot be allocated.
    """
    game = position.game
    hands, leader, trick, taken = core_root(game, *root_args(position))
    core = _new_search(
        game, hands, leader, trick, taken, _scoring(position), tt_mb, options, limits,
        [c.index for c in position.stock],
    )  # fmt: skip
    if game.two_sided:
        # The engine's perspective seat is the declarer (ext/calabrasella/game.pxd), or seat 0
        # for partnerships (ext/tarocchi/game.pxd), so that one table serves every seat's
        # question.
        perspective = position.declarer if game.has_declarer else 0
        return SidesSearch(core, game, perspective, _sides_total(position))
    return core


def _sides_total(position: Any) -> int:
    """What the two sides of a two-sided game share from ``position`` on: the hand's points
    (``hand_total``), or in bridge the tricks left (the current one included)."""
    game = position.game
    if isinstance(game, Bridge):
        return position.tricks_left
    return game.hand_total(position.set_aside)


class SidesSearch:
    """An engine's ``Search`` for a game of two sides (Calabrasella's declarer against the
    defenders, tarocchi's partnerships), asked for any seat's value, with the deck's cards.

    The engine searches from one perspective seat (Calabrasella: the declarer; tarocchi: seat
    0), and its value is the points the other side ends the hand with, which the perspective
    seat's side minimises (``ext/calabrasella/game.pxd``, ``ext/tarocchi/game.pxd``).  A seat's
    value here is its side's points, higher is better: for the other side the engine's value,
    for the perspective seat's side the hand's total less it.  The methods are the ``Search``'s
    (``ext/core/driver.pxi``) with values, bounds, guesses and ranges turned accordingly, and
    cards (arguments, :meth:`classes`, :meth:`line`, :meth:`set_root`) shifted between the
    deck's indices and the core's (:func:`core_root`); the others pass through.

    :param core: the engine's ``Search``.
    :param game: the game (its seats, sides and deck).
    :param perspective: the engine's perspective seat.
    :param total: the points the two sides share in this hand
        (:meth:`Calabrasella.hand_total <ciapano.Calabrasella.hand_total>`; tarocchi's 114;
        bridge's tricks left); the attribute ``total``, which :class:`ExchangeSearch` sets for
        each choice.
    """

    def __init__(self, core: Any, game: Any, perspective: int, total: int) -> None:
        self._core = core
        self._game = game
        self._players = game.players
        self._perspective = perspective
        self._turned = frozenset(game.side_of(perspective, perspective))
        self._base = game.card_base
        self.total = total

    def __getattr__(self, name: str) -> Any:
        return getattr(self._core, name)

    def _seat(self, seat: int) -> bool:
        """Whether ``seat`` is of the perspective seat's side (its values are turned).

        :raises ValueError: if it is not a seat."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._players:
            raise ValueError(f"seat: {seat!r} is not a seat of {self._players}")
        return seat in self._turned

    def _bounds(self, turned: bool, lower: int, upper: int) -> tuple[int, int]:
        return (self.total - upper, self.total - lower) if turned else (lower, upper)

    def _guess(self, turned: bool, guess: int) -> int:
        return self.total - guess if turned and guess >= 0 else guess

    def _card(self, card: int) -> int:
        return card - self._base if card >= 0 else card

    def value_bounds(self, seat: int, guess: int = -1) -> tuple[int, int]:
        turned = self._seat(seat)
        lo, hi = self._core.value_bounds(self._perspective, self._guess(turned, guess))
        return self._bounds(turned, lo, hi)

    def value(self, seat: int) -> int:
        turned = self._seat(seat)
        v = self._core.value(self._perspective)
        return self.total - v if turned else v

    def move_bounds(self, seat: int, card: int, guess: int = -1) -> tuple[int, int]:
        turned = self._seat(seat)
        lo, hi = self._core.move_bounds(
            self._perspective, self._card(card), self._guess(turned, guess)
        )
        return self._bounds(turned, lo, hi)

    def move_value(self, seat: int, card: int) -> int:
        turned = self._seat(seat)
        v = self._core.move_value(self._perspective, self._card(card))
        return self.total - v if turned else v

    def bounds(self, seat: int) -> tuple[int, int]:
        turned = self._seat(seat)
        return self._bounds(turned, *self._core.bounds(self._perspective))

    def holds(self, seat: int, target: int) -> bool | None:
        """Whether ``seat``'s side can make at least ``target`` points (one null-window search);
        None if a limit stopped it."""
        turned = self._seat(seat)
        if turned:
            return self._core.holds(self._perspective, self.total - target)
        r = self._core.holds(self._perspective, target - 1)
        return None if r is None else not r

    def line(self, seat: int, value: int, first: int = -1) -> list[int] | None:
        turned = self._seat(seat)
        line = self._core.line(
            self._perspective, self.total - value if turned else value, self._card(first)
        )
        return None if line is None else [c + self._base for c in line]

    def classes(self) -> list[list[int]]:
        """The engine's classes of equivalent legal cards (``Search.classes``), as the deck's
        card indices."""
        return [[c + self._base for c in cls] for cls in self._core.classes()]

    def set_root(
        self, hands: list[int], leader: int, trick: list[int], taken: list[int], drawn: int = 0
    ) -> None:
        """``Search.set_root`` with ``root_args``'s masks and card indices (in bridge the total
        becomes the new root's tricks left)."""
        self._core.set_root(*core_root(self._game, hands, leader, trick, taken), drawn=drawn)
        if isinstance(self._game, Bridge):
            self.total = sum(h.bit_count() for h in hands) // self._players

    def value_within(self, seat: int, lower: int, upper: int, guess: int = -1) -> tuple[int, int]:
        turned = self._seat(seat)
        if turned:
            lower, upper = self.total - upper, self.total - lower
        lo, hi = self._core.value_within(
            self._perspective, max(lower, 0), max(upper, 0), self._guess(turned, guess)
        )
        return self._bounds(turned, lo, hi)


def release_tables() -> int:
    """Unmap the transposition tables that the engines keep for reuse (up to four per engine);
    returns the bytes released."""
    return sum(
        sys.modules[f"{__package__}._engine_{name}"].release_tables()
        for name in _ENGINES
        if f"{__package__}._engine_{name}" in sys.modules
    )


class ExchangeSearch:
    """One engine and one table for every choice of Calabrasella's exchange
    (:func:`ciapano.calabrasella.analyse_exchange`): the door into the core for it.

    The engine is built on the deal with the declarer holding its twelve cards and the four of
    the open widow, so that every card has one holder in every choice; each choice then moves
    the root to its hands (``Search.set_root``) and its set-aside cards' points, which the
    engine keeps in its score key (``ext/calabrasella/game.pxd``), so that the table's entries
    stay true from one choice to the next and later choices reuse the earlier ones' work.

    :param game: the game (``Calabrasella``).
    :param hands: the three hands after the call.
    :param widow: the widow's four cards.
    :param declarer: the declaring seat.
    :param tt_mb: memory of the transposition table, in MiB.
    :raises MemoryError: if the table cannot be allocated.
    """

    def __init__(
        self, game: Any, hands: Any, widow: Any, declarer: int, tt_mb: float,
        limits: SearchLimits | None = None,
    ) -> None:  # fmt: skip
        self._game = game
        self._declarer = declarer
        self._leader = game.next_seat(declarer)
        merged = [h.mask for h in hands]
        merged[declarer] |= sum(c.mask for c in widow)
        self._core = _new_search(
            game, merged, self._leader, [], [0] * game.players, _calabrasella_scoring(game, ()),
            tt_mb, OPTION_ALL, limits,
        )  # fmt: skip
        # The declarer's points from the engine's (SidesSearch), its total set per choice.
        self._search = SidesSearch(self._core, game, declarer, game.total_points)

    @property
    def nodes(self) -> int:
        """Search nodes visited so far, in all."""
        return self._core.nodes

    def _root(self, hands: Any, set_aside: Any) -> int:
        """Move the engine to a choice; returns the hand's total points."""
        game = self._game
        self._core.set_scoring(_calabrasella_scoring(game, set_aside))
        self._core.set_root([h.mask for h in hands], self._leader, [], [0] * game.players)
        self._search.total = game.hand_total(set_aside)
        return self._search.total

    def declarer_at_least(self, hands: Any, set_aside: Any, target: int) -> bool:
        """Whether the declarer makes at least ``target`` points with these hands and set-aside
        cards (one null-window search)."""
        total = self._root(hands, set_aside)
        if target <= 0:
            return True
        if target > total:
            return False
        r = self._search.holds(self._declarer, target)
        if r is None:
            raise RuntimeError("the search was stopped by a limit before it was decided")
        return r

    def declarer_value(self, hands: Any, set_aside: Any, guess: int = -1) -> int:
        """The declarer's points from the opening lead with these hands (its after the
        exchange) and these four cards set aside, both sides at their best.

        :param guess: a value near the expected one (e.g. a similar choice's), or -1.
        """
        self._root(hands, set_aside)
        lo, hi = self._search.value_bounds(self._declarer, guess)
        if lo != hi:
            raise RuntimeError("the search was stopped by a limit before the value was exact")
        return lo


class DiscardSearch:
    """One engine and one table for every choice of Piedicavallo tarocchi's dealer's discards
    (:func:`ciapano.tarocchi.analyse_discard`): the door into the core for it.

    The engine is built on the deal with the dealer holding its 17 cards, so that every card
    has one holder in every choice; each choice then moves the root to the hands it leaves
    (``Search.set_root``) and gives the engine its discards' points
    (``ext/tarocchi/game.pxd``: in the score key only while a partnership has won no trick,
    else in the offset), so that the table's entries stay true from one choice to the next.

    :param game: the game (``Tarocchi``).
    :param hands: the four hands as dealt (the dealer's of 17 cards).
    :param dealer: the dealing seat; the seat after it leads.
    :param tt_mb: memory of the transposition table, in MiB.
    :param limits: limits shared by every choice's search.
    :raises MemoryError: if the table cannot be allocated.
    """

    def __init__(
        self, game: Any, hands: Any, dealer: int, tt_mb: float,
        limits: SearchLimits | None = None,
    ) -> None:  # fmt: skip
        self._game = game
        self._hands = [CardSet(h) for h in hands]
        self._dealer = dealer
        self._leader = game.next_seat(dealer)
        dealt, leader, trick, taken = core_root(
            game, [h.mask for h in self._hands], self._leader, [], [0] * game.players
        )
        core = _new_search(
            game, dealt, leader, trick, taken, _tarocchi_scoring(game, dealer, ()), tt_mb,
            OPTION_ALL, limits,
        )  # fmt: skip
        self._core = core
        self._search = SidesSearch(core, game, 0, game.card_total)

    @property
    def nodes(self) -> int:
        """Search nodes visited so far, in all."""
        return self._core.nodes

    def dealer_bounds(self, discard: Any, guess: int = -1) -> tuple[int, int]:
        """``(lower, upper)`` on the points of the dealer's partnership from the opening lead
        when the dealer discards ``discard`` (two of its cards), both partnerships at their
        best; equal unless a limit stopped the search.

        :param guess: a value near the expected one (e.g. another choice's), or -1.
        """
        game = self._game
        hands = list(self._hands)
        hands[self._dealer] = hands[self._dealer] - CardSet(discard)
        self._core.set_scoring(_tarocchi_scoring(game, self._dealer, discard))
        self._search.set_root([h.mask for h in hands], self._leader, [], [0] * game.players)
        return self._search.value_bounds(self._dealer, guess)
