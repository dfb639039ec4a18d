"""The training run of the profile-guided build (setup.py): full deals solved by instrumented
builds of the engines, so that the compiler sees which branches of each search are hot.

Run by setup.py as ``python pgo_train.py DIR GAME...``, where ``DIR`` holds a package
``ciapano`` made of the instrumented engines (``_engine_<game>``), the limits module
(``_limits``) and an empty ``__init__.py``: the build environment has neither numpy nor the
other run-time dependencies of the full package, and the engines are driven here directly, as
``ciapano.solve`` drives them on one thread (the position's value, then every card of the
leader with the same guesses, a line; and a DD table).  The deals come from the standard
library's generator (seeds unlike the benchmark's, ``bench/bench_deals.py``), about 5-10 s per
game on this project's machine; the profile is written when the process exits.
"""

from __future__ import annotations

import importlib
import random
import sys

#: The 40-card deck: index = 10 * suit + strength (ciapano.cards); a suit is 10 bits.
SUIT_MASKS = [0x3FF << (10 * su) for su in range(4)]
#: Ciapanò's card points in thirds, by strength 4 5 6 7 J Q K A 2 3 (docs/rules.md).
CIAPANO_THIRDS = [0, 0, 0, 0, 1, 1, 1, 3, 1, 1] * 4
#: Busca's card points: the same in whole points, the ace of coins (index 27) 8.
BUSCA_POINTS = [0, 0, 0, 0, 1, 1, 1, 3, 1, 1] * 4
BUSCA_POINTS[27] = 8

#: (players, seed) of the deals solved per game, every card of the leader; and one DD table.
DEALS = {
    "ciapano": (((3, 101), (3, 102), (3, 103), (4, 101), (4, 102), (5, 101)), (3, 104)),
    "busca": (((4, 101), (4, 102), (4, 103), (4, 104), (4, 106), (4, 107)), (4, 105)),
    "mattazza": (((4, 101), (4, 102), (4, 103), (4, 104)), (4, 105)),
    "kifameno": (((2, 101), (2, 102), (3, 101), (3, 102), (2, 103)), (3, 103)),
    "calabrasella": (((3, 101), (3, 102), (3, 103), (3, 104), (3, 105), (3, 106)), (3, 107)),
    "tarocchi": (((4, 101), (4, 102), (4, 103), (4, 104), (4, 105), (4, 106)), (4, 107)),
    "bridge": (((4, 101), (4, 102), (4, 103), (4, 104), (4, 105), (4, 106)), (4, 107)),
}
#: Cards a hand holds in the positions solved: Busca's full deals take too long to train on.
TRAINING_HAND = {"ciapano": None, "busca": 8, "mattazza": 8, "kifameno": 10, "calabrasella": None,
                 "tarocchi": 11, "bridge": 11}  # fmt: skip
#: The engine's perspective seat: Calabrasella's engine always searches for the declarer (the
#: seat before the leader, seat 0, here: ciapano.engine.SidesSearch); the others for seat 0.
PERSPECTIVE = {"calabrasella": 2}
#: Kifameno's training positions: hands of TRAINING_HAND cards beside this many rounds of stock
#: (a snapshot's hands need not be full), the other cards won by the last seat.
KIFAMENO_ROUNDS = {2: 6, 3: 2}
HAND_SIZES = {3: 13, 4: 10, 5: 8}
#: Calabrasella's hands (after the exchange; the last four cards are set aside).
CALABRASELLA_HAND = 12
#: Piedicavallo tarocchi's engine cards (ciapano.TAROT_BASE less): four suits of ten (from the
#: lowest: six pips of 1 point, then J N Q K of 2 3 4 5), trumps 1 (5 points) to 21 (5), the
#: Fool (5), each a group of its own; its trick count above the points in taken (128 a trick).
TAROCCHI_GROUPS = [0x3FF << (10 * su) for su in range(4)] + [((1 << 21) - 1) << 40, 1 << 61]
TAROCCHI_POINTS = [1, 1, 1, 1, 1, 1, 2, 3, 4, 5] * 4 + [5] + [1] * 19 + [5, 5]
TAROCCHI_TRICK = 128
#: Bridge's engine cards (ciapano.BRIDGE_BASE less): four suits of 13, no points.
BRIDGE_GROUPS = [0x1FFF << (13 * su) for su in range(4)]


def search(engine, game: str, players: int, seed: int, tt_mb: float = 256):
    """A random deal at its opening lead (seat 0 leads, the dealer is the last seat)."""
    order = list(range(40))
    random.Random(seed).shuffle(order)
    if game == "kifameno":
        return kifameno_search(engine, players, order, tt_mb)
    if game == "tarocchi":
        return tarocchi_search(engine, seed, tt_mb)
    if game == "bridge":
        return bridge_search(engine, seed, tt_mb)
    size = CALABRASELLA_HAND if game == "calabrasella" else HAND_SIZES[players]
    hands = [sum(1 << c for c in order[i * size : (i + 1) * size]) for i in range(players)]
    if TRAINING_HAND[game]:
        # The lowest cards of each hand as if played (no points taken: a small position).
        for i in range(players):
            while hands[i].bit_count() > TRAINING_HAND[game]:
                low = min(range(40), key=lambda c: (not hands[i] >> c & 1, c % 10))
                hands[i] &= ~(1 << low)
    if game == "ciapano":
        discard = CIAPANO_THIRDS[order[players * size]] if players == 3 else 0
        scoring = {"unit": 3, "hand_points": 11, "cappotto": 2, "discard_points": discard}
        points = CIAPANO_THIRDS
    elif game == "busca":
        scoring = {"last_trick_points": 3, "banned_lead": SUIT_MASKS[2], "banned_discard": 1 << 27,
                   "deal_cards": 40}  # fmt: skip
        points = BUSCA_POINTS
    if game == "mattazza":
        # Mattazza's points are Ciapanò's thirds read as whole points (docs/rules.md#mattazza).
        scoring, points = {"last_trick_points": 3}, CIAPANO_THIRDS
    if game == "calabrasella":
        # Mattazza's points too; the set-aside cards go with the last trick.
        aside = sum(CIAPANO_THIRDS[c] for c in order[players * size :])
        scoring = {"last_trick_points": 3, "set_aside_points": aside}
        points = CIAPANO_THIRDS
    return engine.Search(players, hands, 0, [], [0] * players, points, SUIT_MASKS, scoring, tt_mb)


def tarocchi_search(engine, seed: int, tt_mb: float):
    """A tarocchi position from a shuffled deck: TRAINING_HAND cards a hand, two discards (seat
    3 deals), every other card in whole tricks won by seat 3 (seats 0 and 2 without a trick)."""
    order = list(range(62))
    random.Random(seed).shuffle(order)
    size = TRAINING_HAND["tarocchi"]
    hands = [sum(1 << c for c in order[i * size : (i + 1) * size]) for i in range(4)]
    aside = order[4 * size : 4 * size + 2]
    won = order[4 * size + 2 :]
    taken = [0, 0, 0, sum(TAROCCHI_POINTS[c] for c in won) + TAROCCHI_TRICK * (len(won) // 4)]
    scoring = {"trump_suit": 4, "fool": 61, "dealer": 3,
               "discard_points": sum(TAROCCHI_POINTS[c] for c in aside)}  # fmt: skip
    return engine.Search(4, hands, 0, [], taken, TAROCCHI_POINTS, TAROCCHI_GROUPS, scoring, tt_mb)


def bridge_search(engine, seed: int, tt_mb: float):
    """A bridge position from a shuffled deck: TRAINING_HAND cards of each 13-card hand (an
    ending, as a snapshot may give), trumps by the seed (S H D C, no trumps)."""
    order = list(range(52))
    random.Random(seed).shuffle(order)
    size = TRAINING_HAND["bridge"]
    hands = [sum(1 << c for c in order[i * 13 : i * 13 + size]) for i in range(4)]
    scoring = {"trump_suit": seed % 5 - 1}
    return engine.Search(4, hands, 0, [], [0] * 4, [0] * 52, BRIDGE_GROUPS, scoring, tt_mb)


def kifameno_search(engine, players: int, order: list, tt_mb: float):
    """A Kifameno snapshot from a shuffled deck: TRAINING_HAND cards a hand, a stock of
    KIFAMENO_ROUNDS rounds (top card first), every other card won by the last seat."""
    size = TRAINING_HAND["kifameno"]
    hands = [sum(1 << c for c in order[i * size : (i + 1) * size]) for i in range(players)]
    stock = order[players * size : players * (size + KIFAMENO_ROUNDS[players])]
    gone = order[players * (size + KIFAMENO_ROUNDS[players]) :]
    taken = [0] * players
    taken[-1] = sum(CIAPANO_THIRDS[c] for c in gone)
    scoring = {"unit": 3, "hand_points": 11, "cappotto": 2, "discard_points": 0}
    return engine.Search(players, hands, 0, [], taken, CIAPANO_THIRDS, SUIT_MASKS, scoring, tt_mb,
                         stock=stock)  # fmt: skip


def solve(engine, game: str, players: int, seed: int) -> None:
    """Every card of the leader, as ciapano.solve does on one thread."""
    classes = search(engine, game, players, seed, 1).classes()
    core = search(engine, game, players, seed)
    seat = PERSPECTIVE.get(game, 0)
    floor = None
    lo, hi = core.value_bounds(seat)
    if lo == hi:
        floor = lo
    traced = False
    for cls in classes:
        lo, hi = core.move_bounds(seat, cls[0], floor if floor is not None else -1)
        if lo == hi and lo == floor and not traced:
            core.line(seat, lo, cls[0])
            traced = True


def main() -> None:
    sys.path.insert(0, sys.argv[1])
    for game in sys.argv[2:]:
        engine = importlib.import_module(f"ciapano._engine_{game}")
        deals, table = DEALS[game]
        for players, seed in deals:
            solve(engine, game, players, seed)
        core = search(engine, game, *table)
        for seat in range(table[0]) if game not in PERSPECTIVE else [PERSPECTIVE[game]]:
            core.value_bounds(seat)


if __name__ == "__main__":
    main()
