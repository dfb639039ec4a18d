"""One validator for positions, histories and a seat's view, generic over the game; one parser
of card lists.

Everything that reads cards from a user (a position, a position file, a hand record, a seat's
view) parses them with :func:`parse_cards` (or :func:`parse_card`, :func:`parse_card_set`),
whose errors name the field and quote the value: ``hands[1][3]: 'XS' is not a card: ...``.
:class:`~ciapano.Position` and :class:`~ciapano.InformationSet` check the table with the same
function, :func:`check_table`: the seats, the trick's length, cards in two places, hand sizes
against the trick, the legality of every trick card whose player's hand is known (following
suit and the game's own rules: Busca's first trick, ``docs/rules.md#busca-first-trick``), the
discard, the won cards and the points taken.  A history is checked card by card by
:meth:`Position.play <ciapano.Position.play>`, which asks the game the same questions.

Every error is a :class:`~ciapano.PositionError` (or the subclass the caller names, such as
:class:`~ciapano.InformationSetError`) whose field is a position file's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .cards import ITALIAN_40, Card, CardError, CardSet, Deck
from .errors import GameError, PositionError
from .games import Ciapano, Game

__all__ = [
    "CardLike",
    "TableFacts",
    "check_table",
    "game_for",
    "parse_card",
    "parse_card_set",
    "parse_cards",
    "parse_seat",
    "parse_taken",
    "parse_tricks",
]

CardLike = Card | str | int


def parse_card(
    field: str,
    value: object,
    deck: Deck = ITALIAN_40,
    error: type[PositionError] = PositionError,
) -> Card:
    """One card of ``deck``, given as a :class:`~ciapano.Card`, its text or its index.

    :raises PositionError: (or ``error``) naming ``field`` and quoting the value.
    """
    try:
        return deck.card(value)  # type: ignore[arg-type]
    except CardError as e:
        raise error(field, e.reason) from None


def parse_cards(
    field: str,
    values: object,
    deck: Deck = ITALIAN_40,
    error: type[PositionError] = PositionError,
    *,
    unique: bool = True,
) -> tuple[Card, ...]:
    """A list of cards of ``deck``, in the order given: a :class:`~ciapano.CardSet`, an iterable
    of cards, card texts or indices, or one text of cards separated by spaces or commas
    (``"3S AS 7C"``).

    :param unique: whether a card given twice is an error.
    :raises PositionError: (or ``error``) naming ``field`` for a value that is no list of
        cards, ``field[i]`` for an entry that is not a card of the deck, or a card given twice
        (``card 3S appears twice: at hands[0][1] and hands[0][3]``).
    """
    if isinstance(values, CardSet):
        if not values.mask & ~deck.mask:  # distinct cards of the deck already
            return tuple(values)
        items: Sequence[object] = list(values)
    elif isinstance(values, str):
        items = values.replace(",", " ").split()
    elif isinstance(values, (bytes, bytearray)) or not isinstance(values, Iterable):
        raise error(field, f"{values!r} is not a list of cards")
    else:
        items = list(values)
    cards = tuple(parse_card(f"{field}[{i}]", v, deck, error) for i, v in enumerate(items))
    if unique:
        seen: dict[Card, int] = {}
        for i, c in enumerate(cards):
            if c in seen:
                raise error(
                    f"{field}[{i}]",
                    f"card {c} appears twice: at {field}[{seen[c]}] and {field}[{i}]",
                )
            seen[c] = i
    return cards


def parse_card_set(
    field: str,
    values: object,
    deck: Deck = ITALIAN_40,
    error: type[PositionError] = PositionError,
) -> CardSet:
    """A set of distinct cards of ``deck`` (see :func:`parse_cards`).

    :raises PositionError: (or ``error``) as :func:`parse_cards`, a card twice included.
    """
    if isinstance(values, CardSet) and not values.mask & ~deck.mask:
        return values
    return CardSet(parse_cards(field, values, deck, error))


def parse_seat(
    field: str, value: object, players: int, error: type[PositionError] = PositionError
) -> int:
    """A seat ``0..players-1`` (an ``int``).

    :raises PositionError: (or ``error``) naming ``field`` and quoting the value.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise error(field, f"{value!r} is not a seat: seats are 0..{players - 1}")
    return value


def game_for(
    n: int,
    game: Game | None,
    error: type[PositionError] = PositionError,
    field: str = "hands",
) -> Game:
    """The game of a position of ``n`` hands: ``game``, or Ciapanò for ``n`` players.

    :raises PositionError: (or ``error``) naming ``field`` when ``n`` is no number of players
        of the game, and ``game`` when it is no :class:`~ciapano.Game`.
    """
    if game is None:
        try:
            return Ciapano(players=n)
        except GameError:
            raise error(field, f"{n} hands given; Ciapanò is played by 3, 4 or 5 players") from None
    if not isinstance(game, Game):
        raise error("game", f"{game!r} is not a game: give e.g. ciapano.Ciapano(players=4)")
    if game.players != n:
        raise error(field, f"{n} hands given for {game.players} players of {game.title}")
    return game


def parse_taken(
    taken: object, n: int, game: Game, error: type[PositionError] = PositionError
) -> tuple[int, ...]:
    """The ``taken`` field: ``n`` whole numbers >= 0 in the game's points unit (default all 0).

    :raises PositionError: (or ``error``) naming ``taken`` or ``taken[i]`` and the value.
    """
    if taken is None:
        return (0,) * n
    return _per_seat("taken", taken, n, game.points_unit, error)


def _per_seat(
    field: str, values: object, n: int, unit: str, error: type[PositionError]
) -> tuple[int, ...]:
    """``n`` whole numbers >= 0 of ``unit``, one a seat (the ``taken`` and ``tricks`` fields).

    :raises PositionError: (or ``error``) naming ``field`` or ``field[i]`` and the value.
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise error(field, f"{values!r} is not a list of {n} numbers")
    if len(values) != n:
        raise error(field, f"{list(values)} has {len(values)} entries, not {n}")
    for seat, t in enumerate(values):
        if isinstance(t, bool) or not isinstance(t, int) or t < 0:
            raise error(f"{field}[{seat}]", f"{t!r} is not a whole number >= 0 of {unit}")
    return tuple(values)


def parse_tricks(
    tricks: object, n: int, error: type[PositionError] = PositionError
) -> tuple[int, ...]:
    """The ``tricks`` field: ``n`` whole numbers >= 0, the tricks each seat won.

    :raises PositionError: (or ``error``) naming ``tricks`` or ``tricks[i]`` and the value.
    """
    return _per_seat("tricks", tricks, n, "tricks", error)


def _check_tricks(
    game: Game,
    tricks: object,
    won: tuple[CardSet, ...] | None,
    taken: tuple[int, ...],
    done: int,
    error: type[PositionError],
) -> tuple[int, ...] | None:
    """The tricks each seat won, for a game that counts them (``Game.counts_tricks``): from
    ``won``, or given (and then checked against ``won`` and ``taken``); None for another game.
    Given one a side (bridge: ``Game.tricks_by_seat``), a side's tricks are its first seat's.
    In a game whose positions may leave out the tricks won before
    (``Game.past_tricks_optional``: bridge), missing tricks are none for every seat, and given
    ones may add up to fewer than the tricks complete.
    """
    n = game.players
    if not game.counts_tricks:
        if tricks is not None:
            raise error(
                "tricks",
                f"{tricks!r} given, but {game.title} does not count tricks (only Mattazza does)",
            )
        return None
    if tricks is not None:
        tricks = game.tricks_by_seat(tricks)
    if won is not None:
        derived = tuple(game.pile_tricks(w) or 0 for w in won)
        if tricks is not None:
            given = parse_tricks(tricks, n, error)
            if _by_side(game, given) != _by_side(game, derived):
                raise error(
                    "tricks", f"{list(tricks)} is not the tricks of the won cards {list(derived)}"
                )
        return derived
    if tricks is None:
        if done and not game.past_tricks_optional:
            raise error(
                "tricks",
                f"is missing: {game.title} scores the seats that won no trick; give 'won' (cards "
                "per seat) or 'tricks' (tricks per seat) with 'taken'",
            )
        return (0,) * n
    parsed = parse_tricks(tricks, n, error)
    if sum(parsed) > done or (sum(parsed) < done and not game.past_tricks_optional):
        at_most = "at most " if game.past_tricks_optional else ""
        raise error(
            "tricks",
            f"{list(parsed)} adds up to {sum(parsed)}, but {done} trick(s) are complete (the "
            f"tricks given add up to {at_most}{done})",
        )
    for seat in range(n):
        if parsed[seat] == 0 and taken[seat]:
            raise error(
                "tricks", f"{list(parsed)}: seat {seat} won no trick but took {taken[seat]} points"
            )
    return parsed


def _by_side(game: Game, tricks: Sequence[int]) -> tuple[int, ...]:
    """Tricks per seat added up by side in a game of partnerships (``Game.sides``), as given in
    the others."""
    if game.sides is None:
        return tuple(tricks)
    return tuple(sum(tricks[s] for s in side) for side in game.sides)


def _check_unique(places: list[tuple[str, Iterable[Card]]], error: type[PositionError]) -> None:
    """No card in two of the named places."""
    union = 0
    for _, cards in places:
        mask = cards.mask if isinstance(cards, CardSet) else sum(c.mask for c in cards)
        if union & mask:
            break
        union |= mask
    else:
        return
    seen: dict[Card, str] = {}
    for where, cards in places:
        for c in cards:
            if c in seen:
                raise error(where, f"card {c} appears twice: in {seen[c]} and in {where}")
            seen[c] = where


@dataclass(frozen=True)
class TableFacts:
    """What :func:`check_table` derives from a valid table.

    :ivar taken: card points each seat won in completed tricks, in the game's points unit.
    :ivar won: the cards each seat won, when known.
    :ivar gone: the cards played in completed tricks.
    :ivar first_trick: whether no trick has been completed yet.
    :ivar tricks: the tricks each seat won, for a game that counts them (``Game.counts_tricks``,
        Mattazza); None for the others.
    """

    taken: tuple[int, ...]
    won: tuple[CardSet, ...] | None
    gone: CardSet
    first_trick: bool
    tricks: tuple[int, ...] | None = None


def check_table(
    game: Game,
    *,
    leader: object,
    trick: Sequence[Card],
    sizes: Sequence[int],
    hands: Mapping[int, CardSet],
    discard: Card | None = None,
    discard_hidden: bool = False,
    won: Sequence[CardSet] | None = None,
    taken: object = None,
    gone: CardSet | None = None,
    tricks: object = None,
    error: type[PositionError] = PositionError,
    stock: Sequence[Card] | int = (),
    declarer: object = None,
    set_aside: Sequence[Card] | int | None = None,
    set_aside_hidden: int = 0,
    dealer: object = None,
) -> TableFacts:
    """Check a table (a position, or what one seat sees of it) against the game.

    :param game: the game (its players, hand size, deck, discard, legality and points).
    :param leader: the seat that led, or is to lead, the current trick.
    :param trick: the current trick's cards in order (parsed).
    :param sizes: how many cards each seat holds.
    :param hands: the hands that are known, by seat (every seat for an open position, the
        viewer's for a seat's view); a trick card's legality is checked when its player's hand
        is known.
    :param discard: the dealer's discard, when known.
    :param discard_hidden: whether the game's discard exists but is not known (a seat's view);
        otherwise a game with a discard needs it and a game without one refuses it.
    :param won: the cards each seat won in completed tricks, if known.
    :param taken: each seat's points from completed tricks, in the game's points unit (default:
        those of ``won``, else all 0; with ``won`` they must be its points).
    :param gone: the cards played in completed tricks; default: the union of ``won``, or when
        every hand is known, the deck's cards not in a hand, the trick or the discard.
    :param tricks: the tricks each seat won, for a game that counts them (Mattazza): needed
        with ``taken`` once a trick is complete, checked against ``won``; refused by the other
        games.
    :param error: the error class raised.
    :param stock: in a game with a stock (Kifameno), the cards still to be drawn, top first:
        a whole number of rounds of one card a seat; or their number when they are hidden (a
        seat's view).
    :param declarer: in a game with a declarer (Calabrasella), the declaring seat (required);
        refused by the other games.
    :param set_aside: in a game with set-aside cards (Calabrasella's four), those cards, or
        their number when they are hidden (a seat's view); required there, refused elsewhere.
    :param set_aside_hidden: how many more set-aside cards there are that are not known (a
        seat's view that knows some of them).
    :param dealer: in a game whose set-aside cards belong to the dealer's partnership
        (Piedicavallo tarocchi), the dealer (required); refused by the other games.
    :returns: the :class:`TableFacts`.
    :raises PositionError: (or ``error``) naming the field and quoting the value of the first
        problem: a leader that is no seat, a trick too long, a card in two places, hand sizes
        that do not fit the trick or the hand size, a trick card its player could not play
        (``trick[i]``: not following suit, or a game's ban such as Busca's first-trick bans),
        a missing or extra discard, won cards that are not whole tricks or do not match the
        cards played, points that do not add up, tricks missing (Mattazza) or that do not add
        up to the tricks complete or leave a seat with points on no trick, a stock in a game
        without one, or one that is not whole rounds or is left when the hands are empty, a
        declarer or set-aside cards missing where the game has them (or given where it has
        not), a declarer that is no seat, or set-aside cards that are not the game's number.
    """
    n = game.players
    if game.has_declarer:
        if declarer is None:
            raise error("declarer", f"is missing: a position of {game.title} names the declarer")
        parse_seat("declarer", declarer, n, error)
    elif declarer is not None:
        raise error(
            "declarer", f"{declarer!r} given, but {game.title} has no declarer (Calabrasella has)"
        )
    if game.needs_dealer:
        if dealer is None:
            raise error("dealer", f"is missing: a position of {game.title} names the dealer")
        parse_seat("dealer", dealer, n, error)
    elif dealer is not None:
        raise error("dealer", f"{dealer!r} given, but a position of {game.title} names no dealer")
    if isinstance(set_aside, int):
        aside_size, set_aside = set_aside, ()
    else:
        set_aside = tuple(set_aside or ())
        aside_size = len(set_aside) + set_aside_hidden
    want_aside = game.set_aside_size
    if aside_size != want_aside:
        if not want_aside:
            raise error(
                "set_aside",
                f"{aside_size} card(s) given, but {game.title} sets no cards aside (only "
                "Calabrasella does)",
            )
        raise error(
            "set_aside",
            f"{aside_size} card(s) given; {game.title} sets {want_aside} aside (the declarer's "
            "discards and the widow cards it did not take)",
        )
    if isinstance(stock, int):
        stock_size, stock = stock, ()
    else:
        stock = tuple(stock)
        stock_size = len(stock)
    if stock_size and not game.has_stock:
        raise error(
            "stock",
            f"{stock_size} card(s) given, but {game.title} with {n} players has no stock",
        )
    if stock_size < 0 or stock_size % n:
        raise error(
            "stock",
            f"{stock_size} cards is not a whole number of rounds of draws ({n} cards a round)",
        )
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < n:
        raise error("leader", f"{leader!r} is not a seat: seats are 0..{n - 1}")
    if len(trick) >= n:
        raise error("trick", f"{len(trick)} cards given; a trick in progress holds at most {n - 1}")
    # No card in two places.
    places: list[tuple[str, Iterable[Card]]] = [(f"hands[{s}]", hands[s]) for s in sorted(hands)]
    places += [(f"trick[{i}]", (c,)) for i, c in enumerate(trick)]
    if won is not None:
        places += [(f"won[{s}]", w) for s, w in enumerate(won)]
    elif gone is not None:
        places.append(("gone", gone))
    if discard is not None:
        places.append(("discard", (discard,)))
    places += [(f"stock[{i}]", (c,)) for i, c in enumerate(stock)]
    places += [(f"set_aside[{i}]", (c,)) for i, c in enumerate(set_aside)]
    _check_unique(places, error)
    if trick and not any(sizes):
        raise error("trick", "cards in a trick after the hands are played out")
    # Hand sizes: the seats that played to this trick hold one card fewer.
    to_move = (leader + len(trick)) % n
    size = sizes[to_move]
    played = {(leader + i) % n for i in range(len(trick))}
    for seat, have in enumerate(sizes):
        want = size - 1 if seat in played else size
        if have != want:
            why = (
                "it has played to the current trick"
                if seat in played
                else "it has not played to the current trick"
            )
            raise error(
                f"hands[{seat}]",
                f"holds {have} cards but seat {to_move}, to move, holds {size}; "
                f"seat {seat} should hold {want} as {why}",
            )
    if stock_size and size == 0:
        raise error("stock", f"{stock_size} cards left to draw, but the hands are played out")
    if size > game.hand_size:
        raise error(
            f"hands[{to_move}]",
            f"holds {size} cards; with {n} players of {game.title} a hand has at most "
            f"{game.hand_size}",
        )
    has_discard = discard is not None or (discard_hidden and game.has_discard)
    first_trick = (
        sum(sizes) + len(trick) + int(has_discard) + stock_size + aside_size == game.deal_size
    )
    # Every trick card whose player's hand is known was legal (following suit, the game's bans).
    for i, card in enumerate(trick):
        seat = (leader + i) % n
        if seat in hands:
            reason = game.why_illegal(hands[seat].add(card), trick[:i], card, first_trick)
            if reason is not None:
                raise error(f"trick[{i}]", f"seat {seat} played {card}, but it {reason}")
    if game.has_discard and discard is None and not discard_hidden:
        raise error("discard", f"a {n}-player position of {game.title} needs the dealer's discard")
    if not game.has_discard and discard is not None:
        raise error("discard", f"{discard} given, but only 3-player Ciapanò has a discard")
    # Won cards, cards played in completed tricks, points taken.
    all_hands_known = len(hands) == n
    if gone is None and all_hands_known:
        in_play = CardSet(trick)
        for h in hands.values():
            in_play |= h
        if discard is not None:
            in_play = in_play.add(discard)
        in_play |= CardSet(stock) | CardSet(set_aside)
        gone = game.deck.cards - in_play
    elif gone is None and won is None:
        raise error("gone", "is missing: say which cards were played in completed tricks")
    if won is not None:
        won = tuple(won)
        for seat, w in enumerate(won):
            if game.pile_tricks(w) is None:
                raise error(
                    f"won[{seat}]", f"{len(w)} cards is not a whole number of {n}-card tricks"
                )
        union = CardSet(0)
        for w in won:
            union |= w
        if gone is not None and union != gone:
            if all_hands_known:
                raise error(
                    "won",
                    f"cards missing from the hands, trick, won cards and discard: {gone - union}",
                )
            raise error("gone", f"{gone} is not the union of the won cards ({union})")
        gone = union
        taken_t = tuple(game.points(w) for w in won)
        if taken is not None and tuple(parse_taken(taken, n, game, error)) != taken_t:
            raise error(
                "taken", f"{list(taken)} is not the points of the won cards {list(taken_t)}"
            )
    elif game.fool is not None:
        raise error(
            "won",
            f"is missing: a position of {game.title} gives each seat's pile of won cards (the "
            "Fool goes back to the seat that played it)",
        )
    else:
        assert gone is not None
        taken_t = parse_taken(taken, n, game, error)
        carried = game.points(gone)
        if sum(taken_t) != carried:
            where = (
                "the cards no longer in play (not in a hand, the trick or the discard)"
                if all_hands_known
                else f"the cards played in completed tricks ({gone or 'none'})"
            )
            raise error(
                "taken",
                f"{list(taken_t)} adds up to {sum(taken_t)} {game.points_unit}, but {where} "
                f"carry {carried}; give 'taken' ({game.points_unit} per seat) or 'won' (cards "
                f"per seat)",
            )
    # Tricks complete: from the hand size, or in a game with a stock (whose snapshots may hold
    # fewer cards a seat than a hand has while the stock lasts) from the cards gone.
    done = len(gone) // n if game.has_stock else game.hand_size - size
    if len(gone) != n * done:
        raise error(
            "won" if won is not None else "gone",
            f"{len(gone)} cards played in completed tricks, but {done} trick(s) of {n} cards are "
            f"complete ({n * done} cards)",
        )
    tricks_t = _check_tricks(game, tricks, won, taken_t, done, error)
    return TableFacts(taken_t, won, gone, first_trick, tricks_t)
