"""Write the Kifameno example and regression positions of ``positions/`` (docs/rules.md#kifameno).

As ``tools/record_positions.py`` does for Ciapanò: every file gets an ``"expected"`` object (the
value for the seat to move, every legal card's value, every seat's guarantee) from the search core,
checked by the pure-Python reference where the position is small enough, and by the core with
only its transposition table otherwise (not on the full deal: too slow for it).  Also a hand
record (random legal play) and a seat's view of it for ``ciapano sample``.

Usage: ``python tools/record_kifameno.py`` from the repository root.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from record_positions import write, write_view  # (tools/: this script's directory)

import ciapano
from ciapano import Kifameno, engine
from ciapano.dealing import random_deal
from ciapano.reference import reference_move_values, reference_value

OUT = Path(__file__).resolve().parents[1] / "positions"


def opening(game: Kifameno, seed: int, comment: str, values: bool) -> dict:
    """A seeded deal at the opening lead in the history form, the last seat dealing, with its
    recorded values if ``values`` (every card by the core; too slow for the plain check)."""
    pos = random_deal(seed=seed, game=game)
    data = {
        "comment": comment,
        "game": "kifameno",
        "players": game.players,
        "dealer": game.players - 1,
        "deal": [h.texts() for h in pos.hands],
        "stock": [c.text for c in pos.stock],
        "play": [],
        "rules": game.options,
    }
    if values:
        data["expected"] = expected(pos, False, plain=False)
    return data


def expected(pos: ciapano.Position, by_reference: bool, plain: bool = True) -> dict:
    result = ciapano.solve(pos, all_seats=True)
    moves = {c.text: v for c, v in result}
    if by_reference:
        ref = {c.text: v for c, v in reference_move_values(pos, pos.to_move).items()}
        seats = [reference_value(pos, s) for s in range(pos.players)]
        assert ref == moves and seats == list(result.seats), (ref, moves, seats)
        checked = "reference (exhaustive minimax) and the search core"
    elif plain:
        check = ciapano.solve(pos, options=engine.OPTION_TT)
        assert {c.text: v for c, v in check} == moves
        checked = "search core; core with only the transposition table agrees on every card"
    else:
        checked = "search core"
    return {"value": result.value, "moves": moves, "seats": list(result.seats),
            "checked_by": checked}  # fmt: skip


def played(game: Kifameno, seed: int, cards: int, rng: random.Random) -> ciapano.Position:
    pos = random_deal(seed=seed, game=game)
    for _ in range(cards):
        pos = pos.play(rng.choice(sorted(pos.legal_moves())))
    return pos


def small(game: Kifameno, seed: int, hand: int, rounds: int) -> ciapano.Position:
    """A snapshot whose hands hold ``hand`` cards beside ``rounds`` rounds of stock (hands need
    not be full in a snapshot): the cards of a random deal, the others won by random seats.  The
    first with cards of different values."""
    rng = random.Random(seed)
    n = game.players
    while True:
        cards = sorted(game.deck)
        rng.shuffle(cards)
        hands = [cards[s * hand : (s + 1) * hand] for s in range(n)]
        stock = cards[n * hand : n * (hand + rounds)]
        rest = cards[n * (hand + rounds) :]
        won: list[list[ciapano.Card]] = [[] for _ in range(n)]
        for t in range(0, len(rest), n):
            won[rng.randrange(n)] += rest[t : t + n]
        pos = ciapano.Position(hands, rng.randrange(n), won=won, stock=stock, game=game)
        if len(set(reference_move_values(pos).values())) > 1:
            return pos


def snapshot(name: str, comment: str, pos: ciapano.Position, by_reference: bool) -> None:
    data = {"comment": comment, **json.loads(ciapano.dumps(pos))}
    data["expected"] = expected(pos, by_reference)
    write(name, data)


def main() -> None:
    three, two = Kifameno(players=3), Kifameno(players=2)
    comment = (
        "A full 3-player Kifameno deal at the opening lead (ciapano.dealing.random_deal(seed=3, "
        "game=ciapano.Kifameno(players=3))): 10 cards each, the four of clubs out, 9 cards in "
        "the stock (top card first). Values in points."
    )
    write("kifameno_deal3_opening.json", opening(three, 3, comment, True))
    comment = (
        "A full 2-player Kifameno deal at the opening lead (ciapano.dealing.random_deal(seed=1, "
        "game=ciapano.Kifameno())): 10 cards each and 20 in the stock, top card first. No "
        "recorded values: the core takes minutes on it."
    )
    write("kifameno_deal2_opening.json", opening(two, 1, comment, False))

    snapshot(
        "kifameno_endgame2.json",
        "2 players, two cards each and one round (2 cards) still to draw: the winner of the next "
        "trick draws the top card. A snapshot's hands need not be full.",
        small(two, 4, 2, 1),
        True,
    )
    snapshot(
        "kifameno_endgame3.json",
        "3 players with the four of diamonds out (rules.removed), two cards each and one round "
        "(3 cards) still to draw.",
        small(Kifameno(players=3, removed="4D"), 5, 2, 1),
        True,
    )
    rng = random.Random(6)
    snapshot(
        "kifameno_midhand2.json",
        "2 players after 8 tricks of random legal play (random.Random(6)) from "
        "ciapano.dealing.random_deal(seed=6, game=ciapano.Kifameno()): 10 cards each and 4 "
        "still to draw.",
        played(two, 6, 16, rng),
        False,
    )

    # A hand record of random legal play, and one seat's view of it for ciapano sample.
    rng = random.Random(8)
    start = random_deal(seed=8, game=three)
    pos = start
    play = []
    while not pos.is_over():
        card = rng.choice(sorted(pos.legal_moves()))
        play.append(card.text)
        pos = pos.play(card)
    record = {
        "id": "kifameno-3-8",
        "comment": "A 3-player Kifameno hand of random legal play (random.Random(8)) from "
        "ciapano.dealing.random_deal(seed=8, game=ciapano.Kifameno(players=3)).",
        "game": "kifameno",
        "players": 3,
        "dealer": 2,
        "deal": [h.texts() for h in start.hands],
        "stock": [c.text for c in start.stock],
        "play": play,
        "rules": three.options,
    }
    (OUT / "records" / "kifameno_hand3_record.json").write_text(
        json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    ciapano.load_record(OUT / "records" / "kifameno_hand3_record.json")
    view = ciapano.view_at(record, 4)
    view_data = {
        "comment": "Kifameno: the view of the seat that plays play[4] of "
        "records/kifameno_hand3_record.json, before it plays: its own cards (with those it "
        "drew), the won cards, the other hands and the stock as counts, the voids shown since "
        "the last draw. For ciapano sample.",
        **view.to_dict(),
    }
    write_view("kifameno_view3_midhand.json", view_data)


if __name__ == "__main__":
    main()
