"""Write the example and regression positions of ``positions/`` with their recorded values.

Each file gets an ``"expected"`` object: the value for the seat to move, every legal card's value
and every seat's guarantee.  Endgames are solved by the pure-Python reference
(``ciapano.reference``) and the solver must agree; full deals, too big for the reference, are
solved by the search core and checked against the core with its techniques switched off except
the transposition table (``--check-deals``, slow).  ``tests/test_positions.py`` re-solves every
file and compares.

Usage: ``python tools/record_positions.py [--check-deals]`` from the repository root.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import ciapano
from ciapano import engine
from ciapano.dealing import random_deal
from ciapano.reference import reference_move_values, reference_value

OUT = Path(__file__).resolve().parents[1] / "positions"


def expected(pos: ciapano.Position, by_reference: bool, check: bool) -> dict:
    result = ciapano.solve(pos, all_seats=True)
    moves = {c.text: v for c, v in result}
    if by_reference:
        ref = {c.text: v for c, v in reference_move_values(pos, pos.to_move).items()}
        seats = [reference_value(pos, s) for s in range(pos.players)]
        assert ref == moves, (ref, moves)
        assert seats == list(result.seats), (seats, result.seats)
        checked = "reference (exhaustive minimax) and the search core"
    else:
        checked = "search core"
        if check:
            plain = ciapano.solve(pos, options=engine.OPTION_TT)
            assert {c.text: v for c, v in plain} == moves
            checked += "; core with only the transposition table agrees on every card"
    return {"value": result.value, "moves": moves, "seats": list(result.seats),
            "checked_by": checked}  # fmt: skip


def play_random(pos: ciapano.Position, cards: int, rng: random.Random) -> ciapano.Position:
    for _ in range(cards):
        pos = pos.play(rng.choice(list(pos.legal_moves())))
    return pos


def write(name: str, data: dict) -> None:
    text = (
        "{\n"
        + ",\n".join(
            f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()
        )
        + "\n}\n"
    )
    (OUT / name).write_text(text, encoding="utf-8")
    ciapano.load(OUT / name)  # the file must read back
    if "expected" in data:
        print("wrote", name, data["expected"]["value"], data["expected"]["moves"])
    else:
        print("wrote", name)


def interesting(pos: ciapano.Position) -> bool:
    """Cards that differ in value, so that the position tests something."""
    values = set(reference_move_values(pos, pos.to_move).values())
    return len(values) > 1


def late_position(players, seed, cards_left, extra, pred=interesting):
    """A position reached by random play from a seeded deal, with `cards_left` per hand."""
    rng = random.Random(seed)
    while True:
        start = random_deal(players, rng.randrange(10**6))
        pos = play_random(start, players * (start.game.hand_size - cards_left) + extra, rng)
        if pred(pos):
            return start, pos


def first_interesting(game: ciapano.Game, cards: int) -> tuple[int, ciapano.Position]:
    """``(seed, position)``: the first seed from 1 whose ``random_deal(seed=seed, game=game)``,
    played ``cards`` cards at random by ``random.Random(seed)``, is :func:`interesting`."""
    seed = 1
    while True:
        pos = play_random(random_deal(seed=seed, game=game), cards, random.Random(seed))
        if interesting(pos):
            return seed, pos
        seed += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check-deals", action="store_true", help="also run the slow check")
    ap.add_argument("--endgames-only", action="store_true", help="leave the full deals alone")
    args = ap.parse_args()
    OUT.mkdir(exist_ok=True)

    # Full deals at the opening lead, history form (dealer = last seat, seat 0 leads).
    deals_all = {3: ("deal3_opening.json", 10), 4: ("deal4_opening.json", 12),
             5: ("deal5_opening.json", 5)}  # fmt: skip
    for n, (name, seed) in deals_all.items():
        if args.endgames_only:
            break
        pos = random_deal(n, seed)
        data = {
            "comment": f"A full {n}-player deal at the opening lead "
            f"(ciapano.dealing.random_deal({n}, seed={seed})).",
            "players": n,
            "dealer": n - 1,
            "deal": [h.texts() for h in pos.hands],
        }
        if pos.discard is not None:
            data["discard"] = pos.discard.text
        data["play"] = []
        data["expected"] = expected(pos, False, args.check_deals)
        write(name, data)

    def snapshot(name, comment, pos):
        d = ciapano.dumps(pos)
        data = {"comment": comment, **json.loads(d)}
        data["expected"] = expected(pos, True, False)
        write(name, data)

    _, p = late_position(4, 1, 3, 2)
    snapshot("endgame4_midtrick.json",
             "4 players, three tricks left, two cards already played to the trick.", p)  # fmt: skip

    def ace_discard(q: ciapano.Position) -> bool:
        return q.game.card_points(q.discard) == 3 and interesting(q)

    _, p = late_position(3, 2, 4, 0, ace_discard)
    snapshot(
        "endgame3_discard_ace.json",
        "3 players, four tricks left; the discard is an ace, 1 point to the last trick.",
        p,
    )
    _, p = late_position(5, 3, 3, 1)
    snapshot("endgame5.json", "5 players, three tricks left, one card played.", p)

    # Cappotto still possible: every point so far to seat 1.
    start = random_deal(4, 77)
    rng = random.Random(5)
    for _ in range(10000):
        hands = [list(h) for h in start.hands]
        for h in hands:
            rng.shuffle(h)
        kept = [h[:3] for h in hands]
        gone = sum(start.game.card_points(c) for h in hands for c in h[3:])
        pos = ciapano.Position(kept, 1, taken=[0, gone, 0, 0])
        values = [
            reference_move_values(ciapano.Position(
                kept, 1, taken=[0, gone, 0, 0], game=ciapano.Ciapano(4, cappotto=option)), 1)
            for option in ("all", "cards", "off")
        ]  # fmt: skip
        if interesting(pos) and len({tuple(sorted(v.items())) for v in values}) == 3:
            break
    snapshot("cappotto4_all.json",
             "4 players, three tricks left; seat 1 holds every point taken so far, so cappotto "
             "(all 32 thirds and the last trick) is still possible for it.", pos)  # fmt: skip
    pos_cards = ciapano.Position(
        pos.hands, pos.leader, taken=pos.taken, game=ciapano.Ciapano(4, cappotto="cards")
    )
    snapshot("cappotto4_cards.json",
             "The same cards as cappotto4_all.json with the option cappotto = 'cards' (all "
             "32 thirds, the last trick not required).", pos_cards)  # fmt: skip
    pos_off = ciapano.Position(
        pos.hands, pos.leader, taken=pos.taken, game=ciapano.Ciapano(4, cappotto="off")
    )
    snapshot("cappotto4_off.json",
             "The same cards as cappotto4_all.json with cappotto off.", pos_off)  # fmt: skip

    # A history file: the deal of deal4_opening.json played to three tricks from the end.
    start = random_deal(4, 12)
    rng = random.Random(12)
    while True:
        play = []
        pos = start
        for _ in range(28):
            card = rng.choice(list(pos.legal_moves()))
            play.append(card.text)
            pos = pos.play(card)
        if interesting(pos):
            break
    data = {
        "comment": "History form: the deal of deal4_opening.json and 28 cards played from it.",
        "players": 4,
        "dealer": 3,
        "deal": [h.texts() for h in start.hands],
        "play": play,
        "expected": expected(pos, True, False),
    }
    write("history4_three_tricks_left.json", data)

    # A seat's view (an information set) from the same hand: seat 3 to lead the sixth trick,
    # the other hands as counts, the void the play revealed.
    view = ciapano.view_at(data, 20)
    view_data = {
        "comment": "Seat 3's view before its card play[20] of history4_three_tricks_left.json: "
        "its own cards, the won cards, the other hands as counts, seat 0's void in hearts "
        "(it discarded on a heart lead). For ciapano sample.",
        **view.to_dict(),
    }
    write_view("view4_midhand.json", view_data)


def write_view(name: str, data: dict) -> None:
    """Write a seat's view (hidden hands as counts); it must read back as the same view."""
    text = (
        "{\n"
        + ",\n".join(
            f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()
        )
        + "\n}\n"
    )
    (OUT / name).write_text(text, encoding="utf-8")
    view = ciapano.load_view(OUT / name)
    print("wrote", name, f"seat {view.view}'s view, {view.count_deals():,} consistent deals")


if __name__ == "__main__":
    main()
