"""Hypothesis strategies: random open-hand positions with the hard cases of the rules.

The positions are small enough for the pure-Python reference (``ciapano.reference``) yet cover
what the search core can get wrong: 3, 4 and 5 players; positions in the middle of a trick; the
3-player discard (often a point card, which goes to the last trick's winner); points taken so
far that leave cappotto possible for one seat or for none; residues of
thirds that make the last trick cost 1, 2 or 3 points; every cappotto option; suits crowded
enough that following suit, voids and adjacent cards of unequal points all occur.

With ``game="busca"``, Busca positions (``docs/rules.md#busca``): the Pita often still in play,
the points taken so far given to one seat, to two or spread, so that seats without points, ties
for most points, one seat taking everything and the last trick's 3 all decide values.
With :func:`mattazza_positions`, Mattazza positions (``docs/rules.md#mattazza``): the tricks
won so far with one, two, three or every seat, so that seats without a trick, ties for the most
points and the last trick's 3 all decide values; given as the cards won or as points and tricks.
:func:`first_trick_positions` gives Busca's first trick, where its bans apply, on a small deck
(:class:`testgames.SmallBusca`) so that the reference can solve it.
With :func:`kifameno_positions`, Kifameno positions (``docs/rules.md#kifameno``): 2 or 3 players
(the 3-player deck without one of its fours), small hands beside a stock of up to three rounds,
so that who wins a trick decides who draws which card, the stock's points and its last round;
the points taken with one seat (cappotto open), two or spread; every cappotto option.
With :func:`tarocchi_positions`, Piedicavallo tarocchi positions (``docs/rules.md#piedicavallo``):
hands from two to five of the deck's groups (the trumps among them), the Fool often in a hand
(so led, played to the last trick, or played on a trick the partner wins) or in a pile (also of
a partnership without a trick), the completed tricks won by one partnership or both, the
dealer's two discards owned by either.
With :func:`bridge_positions`, contract bridge positions (``docs/rules.md#bridge``): endings of
1 to 4 cards a hand from the 52 cards, every strain, the deal laid out so that one side holds
every top card, a hand holds one long suit (the others void or short), or runs of adjacent
ranks are dealt in turn to partners; the tricks won before given per seat, per side, as piles
or not at all, won by one seat, one side or any; often mid-trick.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from testgames import SmallBusca

from ciapano import (
    BRIDGE_52,
    CARDS,
    TAROCCHI_62,
    Bridge,
    BridgeSuit,
    Busca,
    Calabrasella,
    Card,
    CardSet,
    Ciapano,
    Game,
    Kifameno,
    Mattazza,
    Position,
    Suit,
    Tarocchi,
    TarotSuit,
)
from ciapano.dealing import random_deal

MAX_HAND = {3: 4, 4: 3, 5: 3}
PITA = Card("AD")


@st.composite
def positions(
    draw, players=None, max_hand=None, mid_trick=True, cappotto_bias=True, game="ciapano"
):
    """A random valid position with a few cards per hand (small enough for the reference).

    :param game: ``"ciapano"`` (3, 4 or 5 players, every cappotto option) or ``"busca"``.
    """
    if game == "busca":
        return draw(busca_positions(max_hand=max_hand, mid_trick=mid_trick))
    n = draw(st.sampled_from([3, 4, 5])) if players is None else players
    limit = MAX_HAND[n] if max_hand is None else max_hand
    h = draw(st.integers(1, limit))
    rules = Ciapano(players=n, cappotto=draw(st.sampled_from(["all", "cards", "off"])))
    order = draw(st.permutations(range(40)))
    # Deal from few suits so that seats must follow suit and cards meet in tricks.
    n_suits = draw(st.integers(2, 4))
    suit_order = draw(st.permutations(list(Suit)))
    suits = set(suit_order[: max(n_suits, -(-n * h // 10))])
    dealt = [CARDS[i] for i in order if CARDS[i].suit in suits][: n * h]
    hands = [dealt[s * h : (s + 1) * h] for s in range(n)]
    rest = [CARDS[i] for i in order if CARDS[i] not in dealt]
    discard = None
    if n == 3:
        # Often a point card, so that the last trick carries it.
        aces = [c for c in rest if rules.card_points(c) == 3]
        # (Every ace may be in the hands: then any card.)
        discard = aces[0] if aces and draw(st.booleans()) else rest[0]
        rest.remove(discard)
    leader = draw(st.integers(0, n - 1))
    taken = [0] * n
    if cappotto_bias and draw(st.booleans()):
        # Every point so far to one seat: cappotto is still possible for it.
        taken[draw(st.integers(0, n - 1))] = rules.points(rest)
    else:
        # Completed tricks of n cards, each won by a drawn seat.
        for t in range(0, len(rest), n):
            taken[draw(st.integers(0, n - 1))] += rules.points(rest[t : t + n])
    pos = Position(hands, leader, taken=taken, discard=discard, game=rules)
    if mid_trick:
        for _ in range(draw(st.integers(0, n - 1))):
            moves = list(pos.legal_moves())
            if not moves:
                break
            pos = pos.play(moves[draw(st.integers(0, len(moves) - 1))])
    return pos


def seats(position: Position):
    """A perspective seat of the position."""
    return st.integers(0, position.players - 1)


def card_list(cards) -> list[str]:
    return [Card(c).text for c in cards]


def played_deal(players: int, seed: int, cards: int, *, game: Game | None = None) -> Position:
    """The full deal ``ciapano.dealing.random_deal(players, seed)`` (of ``game`` when given,
    with its own number of players) after ``cards`` cards of random play seeded by ``seed``:
    mid-size positions, too large for the reference."""
    pos = random_deal(players, seed) if game is None else random_deal(seed=seed, game=game)
    rng = np.random.default_rng(seed)
    for _ in range(cards):
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[rng.integers(len(moves))])
    return pos


@st.composite
def point_run_positions(draw):
    """A position where cappotto is still possible (every point taken so far is one seat's)
    and one hand holds an ace next to another point card of its suit (2 or K): cards that are
    quasi-equivalent and both carry points, which the search compares even then."""
    n = draw(st.sampled_from([3, 4, 5]))
    h = draw(st.integers(2, MAX_HAND[n]))
    rules = Ciapano(players=n, cappotto=draw(st.sampled_from(["all", "cards"])))
    suits = draw(st.permutations(list(Suit)))[: draw(st.integers(2, 3))]
    suit = suits[0].name
    pair = [Card.parse("A" + suit), Card.parse(draw(st.sampled_from("2K")) + suit)]
    rest = draw(st.permutations([c for c in CARDS if c.suit in suits and c not in pair]))
    others = list(rest[: n * h - 2])
    holder = draw(st.integers(0, n - 1))
    hands = []
    for s in range(n):
        take = h - 2 if s == holder else h
        hands.append((pair if s == holder else []) + others[:take])
        others = others[take:]
    dealt = {c for hand in hands for c in hand}
    out = [c for c in CARDS if c not in dealt]
    discard = None
    if n == 3:
        discard = out.pop(draw(st.integers(0, len(out) - 1)))
    # The cards out of the hands were played: every point of them went to one seat.
    taken = [0] * n
    taken[draw(st.integers(0, n - 1))] = rules.points(out)
    leader = draw(st.integers(0, n - 1))
    return Position(hands, leader, taken=taken, discard=discard, game=rules)


def _play_some(draw, pos: Position, most: int) -> Position:
    """``pos`` after up to ``most`` legal cards drawn at random."""
    for _ in range(draw(st.integers(0, most))):
        moves = list(pos.legal_moves())
        if not moves:
            break
        pos = pos.play(moves[draw(st.integers(0, len(moves) - 1))])
    return pos


def _share_tricks(draw, cards: list[Card], game, n: int) -> list[int]:
    """Points of ``cards`` (played in completed tricks of ``n`` cards) per seat: all to one
    seat, among two seats (the others without points), or each trick to any seat."""
    taken = [0] * n
    mode = draw(st.sampled_from(["one", "two", "any"]))
    winners = draw(st.permutations(range(n)))[: 1 if mode == "one" else 2 if mode == "two" else n]
    for t in range(0, len(cards), n):
        taken[draw(st.sampled_from(winners))] += game.points(cards[t : t + n])
    return taken


@st.composite
def busca_positions(draw, max_hand=None, mid_trick=True):
    """A random Busca position after the first trick (1 to 3 cards a hand, 4 players): the
    Pita often still in play, the points taken so far with one seat, two seats or spread."""
    game = Busca()
    n = 4
    h = draw(st.integers(1, 3 if max_hand is None else max_hand))
    order = list(draw(st.permutations(range(40))))
    if draw(st.booleans()):  # the Pita in play: 8 points still to fall
        order.remove(PITA.index)
        order.insert(draw(st.integers(0, n * h - 1)), PITA.index)
    n_suits = draw(st.integers(2, 4))
    suits = set(draw(st.permutations(list(Suit)))[: max(n_suits, -(-n * h // 10))])
    if PITA.index in order[: n * h]:
        suits.add(Suit.D)
    dealt = [CARDS[i] for i in order if CARDS[i].suit in suits][: n * h]
    if PITA.index in order[: n * h] and PITA not in dealt:
        dealt[-1] = PITA
    hands = [dealt[s * h : (s + 1) * h] for s in range(n)]
    rest = [CARDS[i] for i in order if CARDS[i] not in dealt]
    taken = _share_tricks(draw, rest, game, n)
    pos = Position(hands, draw(st.integers(0, n - 1)), taken=taken, game=game)
    if mid_trick:
        pos = _play_some(draw, pos, n - 1)
    return pos


@st.composite
def mattazza_positions(draw, max_hand=None, mid_trick=True, low=False):
    """A random Mattazza position (1 to 3 cards a hand, 4 players, or up to ``max_hand``): the
    completed tricks won by one seat, two, three or any, so that some seats often have no trick
    yet; the table given as the cards each seat won or as its points and tricks.  With ``low``,
    the hands hold the cards without points first (4 to 7), so that tricks of no points, won
    by one seat or another, reach the same cards and points with different seats on no trick."""
    game = Mattazza()
    n = 4
    h = draw(st.integers(1, 3 if max_hand is None else max_hand))
    order = list(draw(st.permutations(range(40))))
    if low:
        order.sort(key=lambda i: CARDS[i].rank > 3)  # ranks 4 5 6 7 first, then by the draw
    n_suits = draw(st.integers(2, 4))
    suits = set(draw(st.permutations(list(Suit)))[: max(n_suits, -(-n * h // 10))])
    dealt = [CARDS[i] for i in order if CARDS[i].suit in suits][: n * h]
    hands = [dealt[s * h : (s + 1) * h] for s in range(n)]
    rest = [CARDS[i] for i in order if CARDS[i] not in dealt]
    k = draw(st.integers(1, n))
    winners = draw(st.permutations(range(n)))[:k]
    won: list[list[Card]] = [[] for _ in range(n)]
    for t in range(0, len(rest), n):
        won[draw(st.sampled_from(winners))] += rest[t : t + n]
    leader = draw(st.integers(0, n - 1))
    if draw(st.booleans()):
        pos = Position(hands, leader, won=won, game=game)
    else:
        taken = [game.points(w) for w in won]
        tricks = [len(w) // n for w in won]
        pos = Position(hands, leader, taken=taken, tricks=tricks, game=game)
    if mid_trick:
        pos = _play_some(draw, pos, n - 1)
    return pos


@st.composite
def first_trick_positions(draw, hand=None, mid_trick=True):
    """Busca's first trick on a small deck (:class:`testgames.SmallBusca`: 4 hands of 2 or 3
    cards, the whole deck dealt, so that the reference can solve the hand): the Pita always
    in the deck; often a leader holding coins beside other suits, and a seat void in a suit
    holding the Pita, so that the first-trick bans (``docs/rules.md#busca-first-trick``)
    decide which cards are legal."""
    h = draw(st.integers(2, 3)) if hand is None else hand
    n = 4
    suits = draw(st.permutations([Suit.S, Suit.H, Suit.C]))[: draw(st.integers(1, 3))]
    pool = [c for c in CARDS if c != PITA and (c.suit == Suit.D or c.suit in suits)]
    others = list(draw(st.permutations(pool)))[: n * h - 1]
    cards = [PITA, *others]
    game = SmallBusca(cards=sum(c.mask for c in cards), hand=h)
    deal = list(draw(st.permutations(cards)))
    hands = [deal[s * h : (s + 1) * h] for s in range(n)]
    leader = draw(st.integers(0, n - 1))
    coins = [c for c in cards if c.suit == Suit.D]
    plain = [c for c in cards if c.suit != Suit.D]
    if coins and plain and draw(st.booleans()):
        # The leader holds a coin beside a card of another suit: it may not lead the coin.
        for j, card in enumerate((draw(st.sampled_from(coins)), draw(st.sampled_from(plain)))):
            holder = next(s for s in range(n) if card in hands[s])
            i = hands[holder].index(card)
            hands[holder][i], hands[leader][j] = hands[leader][j], hands[holder][i]
    pos = Position.from_deal(hands, (leader - 1) % n, game=game)
    if mid_trick:
        pos = _play_some(draw, pos, n - 1)
    return pos


@st.composite
def busca_deals(draw, cards_played=None):
    """A full Busca deal (4 hands of 10, dealer drawn), after 0 to 3 cards of its first trick
    (or ``cards_played``), played legally at random: too large for the reference, for testing
    the first-trick bans directly."""
    order = draw(st.permutations(range(40)))
    hands = [[CARDS[i] for i in order[s * 10 : (s + 1) * 10]] for s in range(4)]
    pos = Position.from_deal(hands, draw(st.integers(0, 3)), game=Busca())
    count = draw(st.integers(0, 3)) if cards_played is None else cards_played
    for _ in range(count):
        moves = list(pos.legal_moves())
        pos = pos.play(moves[draw(st.integers(0, len(moves) - 1))])
    return pos


@st.composite
def kifameno_positions(draw, max_hand=None, max_rounds=3, mid_trick=True, players=None):
    """A random Kifameno position: 2 or 3 players (or ``players``), 1 to 3 cards a hand (2 with
    3 players, or up to ``max_hand``) and a stock of 0 to ``max_rounds`` rounds, top card first;
    cards from two to four suits; the cards gone won by one seat, two or any (as cards won or as
    points taken); any cappotto option, and with 3 players any four taken out."""
    n = draw(st.sampled_from((2, 3))) if players is None else players
    options = {"cappotto": draw(st.sampled_from(["all", "cards", "off"]))}
    if n == 3:
        options["removed"] = draw(st.sampled_from(["4S", "4H", "4D", "4C"]))
    game = Kifameno.from_rules(n, options)
    h = draw(st.integers(1, (3 if n == 2 else 2) if max_hand is None else max_hand))
    rounds = draw(st.integers(0, max_rounds))
    order = [c for c in draw(st.permutations(list(CARDS))) if c in game.deck]
    n_suits = draw(st.integers(2, 4))
    size = n * h + n * rounds
    suits = set(draw(st.permutations(list(Suit)))[: max(n_suits, -(-size // 9))])
    dealt = [c for c in order if c.suit in suits][:size]
    hands = [dealt[s * h : (s + 1) * h] for s in range(n)]
    stock = dealt[n * h :]
    rest = [c for c in order if c not in dealt]
    won: list[list[Card]] = [[] for _ in range(n)]
    winners = draw(st.permutations(range(n)))[: draw(st.integers(1, n))]
    for t in range(0, len(rest), n):
        won[draw(st.sampled_from(winners))] += rest[t : t + n]
    leader = draw(st.integers(0, n - 1))
    if draw(st.booleans()):
        pos = Position(hands, leader, won=won, stock=stock, game=game)
    else:
        taken = [game.points(w) for w in won]
        pos = Position(hands, leader, taken=taken, stock=stock, game=game)
    if mid_trick:
        pos = _play_some(draw, pos, n - 1)
    return pos


@st.composite
def calabrasella_positions(draw, max_hand=3, mid_trick=True):
    """A random Calabrasella position (``docs/rules.md#calabrasella``): 3 hands of 1 to
    ``max_hand`` cards from two to four suits, a declarer, four set-aside cards (often with
    points, which go with the last trick under the rule ``"last-trick"``), the completed tricks
    won by one seat, two or any, given as the cards won or as points; either rule of the
    set-aside cards; often in the middle of a trick."""
    game = Calabrasella(set_aside=draw(st.sampled_from(["last-trick", "none"])))
    n = 3
    h = draw(st.integers(1, max_hand))
    order = list(draw(st.permutations(range(40))))
    n_suits = draw(st.integers(2, 4))
    suits = set(draw(st.permutations(list(Suit)))[: max(n_suits, -(-n * h // 10))])
    dealt = [CARDS[i] for i in order if CARDS[i].suit in suits][: n * h]
    hands = [dealt[s * h : (s + 1) * h] for s in range(n)]
    rest = [CARDS[i] for i in order if CARDS[i] not in dealt]
    if draw(st.booleans()):
        rest.sort(key=lambda c: -game.card_points(c))  # set-aside cards with points
    set_aside, rest = rest[:4], rest[4:]
    winners = draw(st.permutations(range(n)))[: draw(st.integers(1, n))]
    won: list[list[Card]] = [[] for _ in range(n)]
    for t in range(0, len(rest), n):
        won[draw(st.sampled_from(winners))] += rest[t : t + n]
    leader = draw(st.integers(0, n - 1))
    declarer = draw(st.integers(0, n - 1))
    table = {"won": won} if draw(st.booleans()) else {"taken": [game.points(w) for w in won]}
    pos = Position(hands, leader, game=game, declarer=declarer, set_aside=set_aside, **table)
    if mid_trick:
        pos = _play_some(draw, pos, n - 1)
    return pos


TAROT_FOOL = TAROCCHI_62.parse("FOOL")


@st.composite
def tarocchi_positions(draw, max_hand=3, mid_trick=True):
    """A random Piedicavallo tarocchi position (``docs/rules.md#piedicavallo``): 4 hands of 1 to
    ``max_hand`` cards from two to five groups of the deck (the trumps one of them), the Fool in
    a hand two times in three (and then often led) or else in the pile of a seat that did not
    win the trick it was played to, the dealer's two discards (any dealer), the completed tricks
    won by one seat, one partnership or any seat (so one partnership often has no trick); often
    mid-trick."""
    game = Tarocchi()
    n = 4
    h = draw(st.integers(1, max_hand))
    cards = list(TAROCCHI_62)
    order = [cards[i] for i in draw(st.permutations(range(62)))]
    groups = set(draw(st.permutations(list(TarotSuit)))[: draw(st.integers(2, 5))])
    pool = [c for c in order if c.suit in groups]
    if draw(st.integers(0, 2)):  # the Fool in a hand two times in three, else in a pile
        pool.insert(draw(st.integers(0, n * h - 1)), TAROT_FOOL)
    dealt = pool[: n * h]
    if len(dealt) < n * h:
        dealt += [c for c in order if c not in dealt and c is not TAROT_FOOL][: n * h - len(dealt)]
    hands = [dealt[s * h : (s + 1) * h] for s in range(n)]
    rest = [c for c in order if c not in dealt]
    aside = [c for c in rest if c is not TAROT_FOOL][:2]
    rest = [c for c in rest if c not in aside]
    mode = draw(st.sampled_from(["one", "side", "any", "any"]))
    first = draw(st.integers(0, n - 1))
    winners = {"one": [first], "side": [first, (first + 2) % n], "any": list(range(n))}[mode]
    piles = [CardSet() for _ in range(n)]
    for t in range(0, len(rest), 4):
        trick = rest[t : t + 4]
        winner = draw(st.sampled_from(winners))
        if TAROT_FOOL in trick:
            player = draw(st.sampled_from([s for s in range(n) if s != winner]))
            piles[player] = piles[player].add(TAROT_FOOL)
            trick = [c for c in trick if c is not TAROT_FOOL]
        piles[winner] = piles[winner] | CardSet(trick)
    # (62 - 2 discards - 4h dealt) cards played: whole tricks of 4, the Fool's one of 3 + 1.
    pos = Position(
        hands, draw(st.integers(0, n - 1)), won=piles, game=game, set_aside=aside,
        dealer=draw(st.integers(0, n - 1)),
    )  # fmt: skip
    if mid_trick and TAROT_FOOL in pos.hands[pos.leader] and draw(st.booleans()):
        return _play_some(draw, pos.play(TAROT_FOOL), n - 2)  # the Fool led
    if mid_trick:
        pos = _play_some(draw, pos, n - 1)
    return pos


BRIDGE_STRAINS = ("S", "H", "D", "C", "NT")


@st.composite
def bridge_positions(draw, max_hand=4, mid_trick=True, hand=None):
    """A random contract bridge position (``docs/rules.md#bridge``): 4 hands of 1 to
    ``max_hand`` cards (or ``hand``) from one to four suits of the 52 cards, any strain, any
    leader, and one of four layouts: cards dealt at random; ``"tops"``, the highest cards of the
    suits to one side and the lowest to the other; ``"long"``, one hand all of one suit (the
    other hands often void in it or in the others); ``"runs"``, adjacent ranks of a suit dealt
    in turn to the seats of a drawn order, so that partners (or opponents) hold neighbouring
    cards.  The cards in no hand were played: their tricks won by one seat, one side or any,
    given per seat, per side, as piles of won cards, or left out.  Often mid-trick (0 to 3
    cards played at random)."""
    n = 4
    h = draw(st.integers(1, max_hand)) if hand is None else hand
    game = Bridge(trump=draw(st.sampled_from(BRIDGE_STRAINS)))
    order = list(draw(st.permutations(list(BRIDGE_52))))
    fewest = -(-n * h // 13)
    suits = draw(st.permutations(list(BridgeSuit)))[: draw(st.integers(fewest, 4))]
    pool = [c for c in order if c.suit in suits]
    layout = draw(st.sampled_from(["random", "tops", "long", "runs"]))
    if layout == "tops":
        # The side of `top` holds the 2h highest cards of the suits (by rank, suits mixed).
        dealt = sorted(pool, key=lambda c: -c.rank)[: n * h]
        top = draw(st.integers(0, 1))
        high = draw(st.permutations(dealt[: 2 * h]))
        low = draw(st.permutations(dealt[2 * h :]))
        hands = [[] for _ in range(n)]
        hands[top], hands[top + 2] = list(high[:h]), list(high[h:])
        hands[1 - top], hands[3 - top] = list(low[:h]), list(low[h:])
    elif layout == "long":
        holder = draw(st.integers(0, n - 1))
        long = [c for c in pool if c.suit == suits[0]][:h]
        others = [c for c in pool if c not in long][: (n - 1) * h]
        hands = []
        for s in range(n):
            hands.append(long if s == holder else others[:h])
            others = others if s == holder else others[h:]
    else:
        if layout == "runs":
            # Consecutive cards of the suits from the top, suit after suit, from a drawn start:
            # card i to seat turn[i % 4] (a drawn order, partners first half the time).
            ranked = sorted(pool, key=lambda c: (suits.index(c.suit), -c.rank))
            start = draw(st.integers(0, len(ranked) - n * h))
            dealt = ranked[start : start + n * h]
            turn = list(draw(st.permutations(range(n))))
            if draw(st.booleans()):
                turn = [turn[0], (turn[0] + 2) % n, turn[1 if turn[1] % 2 != turn[0] % 2 else 2]]
                turn.append((turn[2] + 2) % n)
        else:
            dealt = pool[: n * h]
            turn = list(range(n))
        hands = [[] for _ in range(n)]
        for i, card in enumerate(dealt):
            hands[turn[i % n]].append(card)
    held = {c for hand_ in hands for c in hand_}
    rest = [c for c in order if c not in held]
    mode = draw(st.sampled_from(["one", "side", "any"]))
    first = draw(st.integers(0, n - 1))
    winners = {"one": [first], "side": [first, (first + 2) % n], "any": list(range(n))}[mode]
    won: list[list] = [[] for _ in range(n)]
    for t in range(0, len(rest), n):
        won[draw(st.sampled_from(winners))] += rest[t : t + n]
    counts = [len(w) // n for w in won]
    given = draw(st.sampled_from(["seat", "side", "won", "none"]))
    table = {
        "seat": {"tricks": counts},
        "side": {"tricks": [counts[0] + counts[2], counts[1] + counts[3]]},
        "won": {"won": won},
        "none": {},
    }[given]
    pos = Position(hands, draw(st.integers(0, n - 1)), game=game, **table)
    if mid_trick:
        pos = _play_some(draw, pos, n - 1)
    return pos
