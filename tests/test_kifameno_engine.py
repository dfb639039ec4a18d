"""Kifameno's search engine (``ciapano._engine_kifameno``) against the pure-Python reference.

Random Kifameno positions (hypothesis, ``strategies.kifameno_positions``: 2 or 3 players, small
hands beside a stock of up to three rounds, mid-trick, every cappotto option and removed four):
every legal card's value, another seat's perspective, every seat's guarantee and the line; each
search technique alone and all together.  With four players there is no stock and Kifameno is
Ciapanò: the two engines must agree.  Larger positions (a stock still to draw, hands of up to
six cards) are checked against the engine's plain search, the table on exact cards and nothing
else.
"""

from __future__ import annotations

import itertools
import random

import pytest
import refcheck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ciapano
from ciapano import engine
from ciapano.dealing import random_deal
from ciapano.reference import reference_value
from strategies import kifameno_positions

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

#: The switches of every engine, and rank equivalence or the quasi-equivalent cards left out.
OPTION_SETS = [
    *refcheck.OPTION_SETS,
    engine.OPTION_ALL & ~engine.OPTION_EQUIVALENCE,
    engine.OPTION_ALL & ~engine.OPTION_QUASI,
    engine.OPTION_TT | engine.OPTION_QUASI | engine.OPTION_ORDERING,
]
#: Ciapanò's games without points (asked once the stock is drawn: game_search.subgame_cut) alone,
#: with the cheap bounds, and among every technique with and without the main search's relative
#: keys.
NULL_OPTION_SETS = [
    engine.OPTION_TT | engine.OPTION_NULLGAME,
    engine.OPTION_TT | engine.OPTION_LASTTRICK,
    engine.OPTION_TT | engine.OPTION_NULLGAME | engine.OPTION_LASTTRICK | engine.OPTION_BOUNDS,
    engine.OPTION_ALL & ~engine.OPTION_RELATIVE,
    engine.OPTION_ALL,
]
_check = refcheck.check_every_card


@settings(max_examples=1500, **SETTINGS)
@given(data=st.data())
def test_every_card_matches_the_reference(data):
    pos = data.draw(kifameno_positions())
    seat = data.draw(st.integers(0, pos.players - 1))
    _check(pos, seat)


@settings(max_examples=300, **SETTINGS)
@given(data=st.data())
def test_every_technique_alone_and_together(data):
    pos = data.draw(kifameno_positions(max_rounds=2))
    seat = data.draw(st.integers(0, pos.players - 1))
    options = data.draw(st.sampled_from(OPTION_SETS))
    _check(pos, seat, options)


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_every_seat_and_the_line(data):
    pos = data.draw(kifameno_positions())
    seat = data.draw(st.integers(0, pos.players - 1))
    result = ciapano.solve(pos, seat, all_seats=True)
    assert list(result.seats) == [reference_value(pos, s) for s in range(pos.players)]
    end = pos.play_all(result.line)
    assert end.is_over()
    assert end.score()[seat] == result.value


@settings(max_examples=400, **SETTINGS)
@given(data=st.data())
def test_the_games_without_points_once_the_stock_is_drawn(data):
    # 3 players with hands of up to 4 cards and a round of the stock, or 3 cards and 3 rounds
    # (trick starts with the same cards in play held by other seats, after other winners took
    # other draws): the games without points are asked from 2 tricks left once the stock is
    # drawn, in the hand's last tricks.
    hand, rounds = data.draw(st.sampled_from([(4, 1), (3, 3)]))
    pos = data.draw(kifameno_positions(max_hand=hand, max_rounds=rounds, players=3))
    seat = data.draw(st.integers(0, 2))
    _check(pos, seat, data.draw(st.sampled_from(NULL_OPTION_SETS)))


def _played(game: ciapano.Kifameno, seed: int, tricks: int) -> ciapano.Position:
    """A random deal of ``game`` after ``tricks`` tricks of random legal play (seeded)."""
    rng = random.Random(seed)
    cards = sorted(game.deck)
    rng.shuffle(cards)
    n = game.players
    hands = [cards[s * 10 : (s + 1) * 10] for s in range(n)]
    pos = ciapano.Position.from_deal(
        hands, rng.randrange(n), game=game, stock=cards[n * 10 :] if game.has_stock else None
    )
    for _ in range(n * tricks):
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[rng.randrange(len(moves))])
    return pos


@pytest.mark.parametrize(("players", "tricks"), [(2, 8), (2, 9), (2, 12), (3, 3), (3, 6)])
@pytest.mark.parametrize("seed", range(2))
def test_larger_positions_agree_with_the_plain_search(players, tricks, seed):
    # Too large for the reference: the fast search against the engine's plain one (the table on
    # exact cards, nothing else), every card, every seat.  2 players after 8 and 9 tricks hold
    # 10 cards each with 4 and 2 still to draw; after 12, 8 cards each and the stock drawn;
    # 3 players after 3 and 6 tricks, 10 and 7 cards each and the stock just drawn: the keys of
    # the draws, the relative keys once the stock is drawn and the bounds that start then.
    pos = _played(ciapano.Kifameno(players=players), seed, tricks)
    for seat in range(players):
        fast = ciapano.solve(pos, seat)
        plain = ciapano.solve(pos, seat, options=engine.OPTION_TT)
        assert list(fast) == list(plain), (players, tricks, seed, seat)


@pytest.mark.parametrize("seed", range(2))
def test_two_players_children_looked_up_before_the_last_card_of_a_trick(seed):
    # 2 players while the stock lasts: at the last card of a trick every child's bounds are
    # looked up first (search.etc_cut).  The cut-offs they make (counted) must leave every
    # card's value and every seat's that of the table and bounds alone, and of the plain search.
    pos = _played(ciapano.Kifameno(players=2), seed, 7)
    assert len(pos.stock) == 6
    cards = [card.index for card in sorted(pos.legal_moves())]
    for seat in range(2):
        core = engine.open_search(pos, 64)
        values = [core.move_value(seat, card) for card in cards]
        assert core.stats["etc_cuts"] > 0, (seed, seat)
        for options in (engine.OPTION_TT | engine.OPTION_BOUNDS, engine.OPTION_TT):
            other = engine.open_search(pos, 64, options)
            assert [other.move_value(seat, card) for card in cards] == values
            assert (other.stats["etc_cuts"] > 0) == (options != engine.OPTION_TT)


@pytest.mark.parametrize("seed", range(3))
def test_four_players_is_ciapano(seed):
    # No stock with four players: the same hand of Ciapanò, with the same values for every card
    # and every seat (docs/rules.md#kifameno), though each engine runs its own techniques.
    for cappotto in ("all", "off"):
        kif = _played(ciapano.Kifameno(players=4, cappotto=cappotto), seed, 5)
        cia = ciapano.Position(
            kif.hands,
            kif.leader,
            trick=kif.trick,
            taken=kif.taken,
            game=ciapano.Ciapano(players=4, cappotto=cappotto),
        )
        for seat in range(4):
            a = ciapano.solve(kif, seat, all_seats=True)
            b = ciapano.solve(cia, seat, all_seats=True)
            assert list(a) == list(b)
            assert list(a.seats) == list(b.seats)


def test_the_engine_refuses_a_stock_it_cannot_hold():
    search = engine.engine_for("kifameno").Search
    points = list(ciapano.Kifameno().points_by_index)
    masks = list(ciapano.Kifameno().deck.suit_masks)
    scoring = {"unit": 3, "hand_points": 11, "cappotto": 2, "discard_points": 0}
    with pytest.raises(ValueError, match="stock"):
        search(2, [1, 2], 0, [], [0, 0], points, masks, scoring, 1, stock=[4, 5, 6])
    with pytest.raises(ValueError, match="stock"):
        engine.engine_for("ciapano").Search(
            2, [1, 2], 0, [], [0, 0], points, masks, scoring, 1, stock=[4, 5]
        )


def _runs(suit: list[int], hands: list[int]) -> list[list[tuple[int, int]]]:
    """The suit's cards in play from the lowest up, as (card, holder), cut into runs: the
    cards of one holder with no other card in play between them."""
    runs: list[list[tuple[int, int]]] = []
    for card in suit:
        for seat, hand in enumerate(hands):
            if hand >> card & 1:
                if runs and runs[-1][-1][1] == seat:
                    runs[-1].append((card, seat))
                else:
                    runs.append([(card, seat)])
    return runs


def _layout(groups: list[int], points: list[int], hands: list[int], renamed: bool) -> tuple:
    """What a relative key must tell apart, written plainly: each suit's runs of one holder's
    cards (_runs) from the lowest up, as (holder, the points of its cards, sorted).  A run's
    cards are interchangeable for the tricks (its holder may play them in any order), so the
    order of their points within it is not part of the game.  With ``renamed`` (2 players,
    suits alike: the same places and points), neither is which suit holds which layout, nor,
    of a seat's lone suits (those whose cards in play it alone holds), anything but their
    points: the layouts of the other suits sorted, and each seat's points in its lone suits."""
    suits = [
        tuple(
            (run[0][1], tuple(sorted(points[c] for c, _ in run)))
            for run in _runs([c for c in range(64) if mask >> c & 1], hands)
        )
        for mask in groups
    ]
    if not renamed:
        return tuple(suits)
    lone = [
        sorted(p for suit in suits if len(suit) == 1 and suit[0][0] == seat for p in suit[0][1])
        for seat in range(2)
    ]
    return tuple(sorted(suit for suit in suits if len(suit) > 1)), tuple(lone[0]), tuple(lone[1])


def _lone_suits_regrouped(groups, points, hands, rng):
    """The hands with each seat's cards of its lone suits (_layout) dealt again at random, with
    their points, among the suits that no two seats share, each seat's in suits of its own; None
    where the random deal does not fit."""
    suits = [[c for c in range(64) if mask >> c & 1] for mask in groups]
    held = [[c for c in suit if any(hand >> c & 1 for hand in hands)] for suit in suits]
    holders = [
        {seat for c in cards for seat, hand in enumerate(hands) if hand >> c & 1} for cards in held
    ]
    free = [i for i, h in enumerate(holders) if len(h) < 2]
    out = [hand & ~sum(1 << c for i in free for c in suits[i]) for hand in hands]
    rng.shuffle(free)
    cut = rng.randrange(len(free) + 1)
    for seat, mine in ((0, free[:cut]), (1, free[cut:])):
        pts = [points[c] for i in free if holders[i] == {seat} for c in held[i]]
        unused = {i: list(suits[i]) for i in mine}
        for p in pts:
            where = [(i, c) for i in mine for c in unused[i] if points[c] == p]
            if not where:
                return None
            i, c = rng.choice(where)
            unused[i].remove(c)
            out[seat] |= 1 << c
    return out


def _suits_renamed(groups: list[int], hands: list[int], rng) -> list[int]:
    """The hands with the suits renamed at random: each card to the same place of another
    suit (suits of equal size)."""
    order = rng.sample(range(len(groups)), len(groups))
    places = [[c for c in range(64) if mask >> c & 1] for mask in groups]
    new_of = {
        card: places[order[g]][i] for g, suit in enumerate(places) for i, card in enumerate(suit)
    }
    return [sum(1 << new_of[c] for c in range(64) if hand >> c & 1) for hand in hands]


def _same_layout_other_cards(groups, points, hands, rng):
    """Hands of the same layout (_layout) on other cards: each suit's cards in play replaced
    by a random set of the suit's cards whose runs, cut at the same places, hold the same
    points, in any order within each run."""
    out = [0] * len(hands)
    for mask in groups:
        suit = [c for c in range(64) if mask >> c & 1]
        runs = _runs(suit, hands)
        wanted = [sorted(points[c] for c, _ in run) for run in runs]
        seats = [seat for run in runs for _, seat in run]
        choices = []
        for combo in itertools.combinations(suit, len(seats)):
            cut, ok = 0, True
            for want in wanted:
                if sorted(points[c] for c in combo[cut : cut + len(want)]) != want:
                    ok = False
                    break
                cut += len(want)
            if ok:
                choices.append(combo)
        for new, seat in zip(rng.choice(choices), seats, strict=True):
            out[seat] |= 1 << new
    return out


@pytest.mark.parametrize(("players", "removed"), [(3, "4C"), (3, "4D"), (2, None)])
def test_relative_keys_tell_exactly_the_layouts_apart(players, removed):
    # Once the stock is drawn, a trick start's key is made from its layout (ext/kifameno/game.pxd,
    # own_key; with 3 players a number ranked from it): the same layout on other cards, the
    # points of a run in another order included, must give the same key, and two layouts never
    # one key, whatever the cards in play (3 to 30 with 3 players, 2 to 20 with 2: the deal's
    # whole range).  Many small positions, where the ranks of different numbers of cards would
    # meet if the key did not keep them apart, and positions of one or two suits, whose ranks
    # are the least of their number of cards.  With 2 players (the 40-card deck, its suits
    # alike) a renaming of the suits is the same game, and the same key.
    game = ciapano.Kifameno(players=players, removed=removed)
    renamed = players == 2
    regroups = 0
    search = engine.open_search(random_deal(seed=1, game=game), 1)
    groups = engine.core_groups(game)
    points = list(game.points_by_index)
    cards = [c for m in groups for c in range(64) if m >> c & 1]
    rng = random.Random(f"{players} {removed}")
    seen: dict[int, tuple] = {}
    for i in range(4000):
        h = 1 + i % 3 if i % 2 else rng.randrange(1, 11)
        pool = cards
        if i % 3 == 0:
            few = rng.sample(groups, rng.randrange(1, 3))
            pool = [c for c in cards if any(m >> c & 1 for m in few)]
            h = min(h, len(pool) // players)
        chosen = rng.sample(pool, players * h)
        hands = [sum(1 << c for c in chosen[s * h : (s + 1) * h]) for s in range(players)]
        key = search.trick_start_key(hands)
        assert key >> 63 == 1, "not a relative key"
        layout = _layout(groups, points, hands, renamed)
        assert seen.setdefault(key, layout) == layout, f"two layouts share the key {key:#x}"
        other = _same_layout_other_cards(groups, points, hands, rng)
        assert search.trick_start_key(other) == key
        if renamed:
            assert search.trick_start_key(_suits_renamed(groups, other, rng)) == key
            regrouped = _lone_suits_regrouped(groups, points, other, rng)
            if regrouped is not None:
                regroups += 1
                assert search.trick_start_key(regrouped) == key
    assert len(seen) > (2000 if renamed else 3000)  # (renamings merge layouts)
    if renamed:
        assert regroups > 1000, regroups


def _stock_suit_layout(suit: list[int], points: list[int], hands: list[int], stock: int) -> tuple:
    """One suit of what a 2-player key must tell apart while the stock lasts, written plainly:
    the suit's cards in play from the lowest up, a card still to draw as itself (which draw
    brings it is fixed), the hands' cards cut into runs (the cards of one hand with no other
    card in play between them) as (holder, the points of its cards, sorted)."""
    seq: list = []
    for c in suit:
        if stock >> c & 1:
            seq.append(("stock", c))
        for seat in (0, 1):
            if hands[seat] >> c & 1:
                if seq and seq[-1][0] == seat:
                    seq[-1][1].append(points[c])
                else:
                    seq.append((seat, [points[c]]))
    return tuple((h, c if h == "stock" else tuple(sorted(c))) for h, c in seq)


def _same_stock_layout_other_cards(groups, points, hands, stock, rng):
    """Hands of the same layout (_stock_suit_layout) on other cards, the cards to draw kept:
    each suit's hand cards moved to a random set of the suit's other cards with the same
    runs."""
    out = [0, 0]
    for mask in groups:
        suit = [c for c in range(64) if mask >> c & 1]
        want = _stock_suit_layout(suit, points, hands, stock)
        seats = [s for c in suit for s in (0, 1) if hands[s] >> c & 1]
        free = [c for c in suit if not stock >> c & 1]
        choices = []
        for combo in itertools.combinations(free, len(seats)):
            trial = [0, 0]
            for c, seat in zip(combo, seats, strict=True):
                trial[seat] |= 1 << c
            if _stock_suit_layout(suit, points, trial, stock) == want:
                choices.append(trial)
        chosen = rng.choice(choices)
        out = [out[0] | chosen[0], out[1] | chosen[1]]
    return out


def test_two_players_keys_while_the_stock_lasts_tell_exactly_the_layouts_apart():
    # With 2 players, a trick start's key while the stock lasts (ext/kifameno/game.pxd,
    # stock_phase_key) is made from its layout: the hands' cards renamed to the least places
    # with the same order among every card in play and the same points, the cards still to
    # draw kept, a run's points in any order.  The same layout on other cards must give the same
    # key, and two layouts (the number of cards to draw included) never one key.
    game = ciapano.Kifameno(players=2)
    deal = random_deal(seed=1, game=game)
    search = engine.open_search(deal, 1)
    groups = engine.core_groups(game)
    points = list(game.points_by_index)
    order = [c.index - game.card_base for c in deal.stock]
    rng = random.Random("stock keys")
    seen: dict[int, tuple] = {}
    for i in range(3000):
        rounds = rng.randrange(1, len(order) // 2 + 1)
        stock = sum(1 << c for c in order[len(order) - 2 * rounds :])
        pool = [c for m in groups for c in range(64) if m >> c & 1 and not stock >> c & 1]
        if i % 3 == 0:
            few = rng.sample(groups, rng.randrange(1, 3))
            pool = [c for c in pool if any(m >> c & 1 for m in few)]
        h = min(1 + i % 3 if i % 2 else rng.randrange(1, 11), len(pool) // 2)
        if h == 0:
            continue
        chosen = rng.sample(pool, 2 * h)
        hands = [sum(1 << c for c in chosen[:h]), sum(1 << c for c in chosen[h:])]
        key = search.trick_start_key(hands, stock)
        assert key >> 62 == 3, "not a key of the stock's phase"
        layout = (
            tuple(
                _stock_suit_layout([c for c in range(64) if m >> c & 1], points, hands, stock)
                for m in groups
            ),
            rounds,
        )
        assert seen.setdefault(key, layout) == layout, f"two layouts share the key {key:#x}"
        other = _same_stock_layout_other_cards(groups, points, hands, stock, rng)
        assert search.trick_start_key(other, stock) == key
    assert len(seen) > 2500
    with pytest.raises(ValueError, match="stock"):
        search.trick_start_key([1 << order[0], 1 << order[1]], 1 << order[0])


def _holders(groups: list[int], hands: list[int]) -> list[tuple[int, ...]]:
    """Each suit's holders of its cards in play, from its lowest card up."""
    held = [(c, seat) for seat, hand in enumerate(hands) for c in range(64) if hand >> c & 1]
    return [tuple(seat for c, seat in sorted(held) if mask >> c & 1) for mask in groups]


def _holders_elsewhere(groups: list[int], hands: list[int], rng) -> list[int]:
    """Hands with each suit's holders (_holders) moved to random cards of another suit, the
    suits renamed at random where their sizes allow."""
    suits = [[c for c in range(64) if mask >> c & 1] for mask in groups]
    holders = _holders(groups, hands)
    order = list(range(len(suits)))
    for _ in range(10):
        tried = rng.sample(order, len(order))
        if all(len(holders[s]) <= len(suits[t]) for s, t in enumerate(tried)):
            order = tried
            break
    out = [0] * len(hands)
    for s, t in enumerate(order):
        cards = sorted(rng.sample(suits[t], len(holders[s])))
        for card, seat in zip(cards, holders[s], strict=True):
            out[seat] |= 1 << card
    return out


@pytest.mark.parametrize(("players", "removed"), [(3, "4C"), (3, "4D"), (2, None)])
def test_the_games_key_tells_the_holders_apart_up_to_the_suits_names(players, removed):
    # Once the stock is drawn, the key of Ciapanò's games without points (ext/kifameno/game.pxd,
    # null_key) is who holds each card in play, suit by suit from the lowest card up, the suits
    # in any order: those games know no points and no suit from another.  The same holders on
    # other cards of other suits must give the same key, and two sets of holders never one.
    game = ciapano.Kifameno(players=players, removed=removed)
    search = engine.open_search(random_deal(seed=1, game=game), 1)
    kifameno = engine.engine_for("kifameno")
    groups = engine.core_groups(game)
    cards = [c for m in groups for c in range(64) if m >> c & 1]
    rng = random.Random(f"games {players} {removed}")
    seen: dict[int, tuple] = {}
    for i in range(4000):
        h = 1 + i % 3 if i % 2 else rng.randrange(1, 11)
        chosen = rng.sample(cards, players * h)
        hands = [sum(1 << c for c in chosen[s * h : (s + 1) * h]) for s in range(players)]
        key = kifameno.games_key(search, hands)
        holders = tuple(sorted(_holders(groups, hands)))
        assert seen.setdefault(key, holders) == holders, f"two sets of holders share {key:#x}"
        assert kifameno.games_key(search, _holders_elsewhere(groups, hands, rng)) == key
    assert len(seen) > (1000 if players == 2 else 2000)


def _endgames_of_one_deal(seed: int, count: int):
    """A 2-player Kifameno deal with its stock drawn (10 cards a hand), and ``count`` trick
    starts of it: each seat holding 4 to 7 of its cards, the others won at random, so that many
    of them have the same cards and holders in relative ranks with other points."""
    game = ciapano.Kifameno(players=2)
    rng = random.Random(seed)
    cards = sorted(game.deck)
    rng.shuffle(cards)
    deal = [cards[:10], cards[10:20]]
    won = [cards[20:30], cards[30:]]
    root = ciapano.Position(deal, 0, won=won, stock=[], game=game)
    positions = []
    for _ in range(count):
        k = rng.randint(4, 7)
        hands = [rng.sample(deal[s], k) for s in range(2)]
        gone = [c for c in cards if not any(c in h for h in hands)]
        rng.shuffle(gone)
        split = [[], []]
        for t in range(0, len(gone), 2):
            split[rng.randrange(2)] += gone[t : t + 2]
        positions.append(ciapano.Position(hands, rng.randrange(2), won=split, stock=[], game=game))
    return root, positions


@pytest.mark.parametrize("seed", range(3))
def test_two_players_positions_with_other_points_bound_each_other(seed):
    # kifameno/variants.pxd: once the stock is drawn, a table keyed by the cards without their
    # points bounds a trick start from one of the same shape with other points.  Many trick
    # starts of one deal searched on one table (Search.set_root keeps it), every card and both
    # seats: the same values as a fresh search without the technique, and as the reference for
    # the smallest; the technique must have cut (its counter), or the test would prove nothing.
    root, positions = _endgames_of_one_deal(seed, 60)
    core = engine.open_search(root, 16)
    game = root.game
    for pos in positions:
        core.set_root(*engine.core_root(game, *engine.root_args(pos)))
        cards = [card.index for card in sorted(pos.legal_moves())]
        for seat in range(2):
            got = [core.move_value(seat, card) for card in cards]
            fresh = engine.open_search(pos, 16, engine.OPTION_ALL & ~engine.OPTION_VARIANTS)
            assert got == [fresh.move_value(seat, card) for card in cards], (seed, pos, seat)
            if len(pos.hands[0]) == 4:
                moves = sorted(pos.legal_moves())
                assert got == [reference_value(pos.play(card), seat) for card in moves]
    assert core.stats["variant_cuts"] > 0
