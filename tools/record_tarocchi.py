"""Write Piedicavallo tarocchi's example and regression positions of ``positions/`` with their
recorded values (as ``tools/record_positions.py`` does for the other games, whose helpers it
uses).

- ``tarocchi_discard4.json``: a lopsided deal (seat 0 holds fifteen trumps, seat 1 the two
  highest; seat 3 deals) whose every pair of discards ``ciapano discard`` values in a fraction of
  a second, with the first best pair as its discards (history form, at the opening lead);
  values by the search core (the core with only its transposition table takes too long on a
  full deal; tests/test_tarocchi_discard.py checks each pair against a solve of its own).
- ``tarocchi_endgame4.json``: three tricks left, the thirteenth trick's first card played, in a
  hand played at random from ``ciapano.dealing.random_deal(seed=S, game=Tarocchi())``, the first
  seed from 1 whose position gives the cards different values; values by the pure-Python
  reference and the core together.
- ``tarocchi_midhand4.json``: eight tricks left, at a trick's start, from the same kind of play
  (seed 1); values by the core, checked against the core with only its transposition table.

Usage: ``python tools/record_tarocchi.py`` from the repository root.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from record_positions import expected, first_interesting, play_random, write

import ciapano
from ciapano import TAROCCHI_62, TarotSuit
from ciapano.dealing import random_deal
from ciapano.tarocchi import analyse_discard

GAME = ciapano.Tarocchi()


def lopsided_deal() -> list[list[str]]:
    """Seat 0: trumps 19 down to 5; seat 1: trumps 21 and 20, nine swords, four cups; seat 2: six
    cups, the Fool, four coins, trumps 4 down to 1; seat 3 (the dealer, 17 cards): the batons,
    six coins and a sword."""
    cards = list(TAROCCHI_62)
    trumps = [c for c in cards if c.suit is TarotSuit.T]
    suit = {s: [c for c in cards if c.suit is s] for s in TarotSuit if s is not TarotSuit.T}
    hands = [
        trumps[2:17],
        trumps[:2] + suit[TarotSuit.S][:9] + suit[TarotSuit.H][:4],
        [*suit[TarotSuit.H][4:], TAROCCHI_62.parse("FOOL"), *suit[TarotSuit.D][:4], *trumps[17:]],
        suit[TarotSuit.C] + suit[TarotSuit.D][4:] + suit[TarotSuit.S][9:],
    ]
    return [[c.text for c in h] for h in hands]


def main() -> None:
    deal = lopsided_deal()
    best = analyse_discard(deal, 3).best
    history = {
        "comment": (
            "Piedicavallo tarocchi, seat 3 deals: a lopsided deal (seat 0 holds fifteen trumps, "
            "seat 1 the two highest) whose every pair of discards ciapano discard values in a "
            "fraction of a second (tools/record_tarocchi.py); the discards are the first best "
            "pair. Values are the points of the partnership of the seat to move."
        ),
        "game": "tarocchi",
        "players": 4,
        "dealer": 3,
        "deal": deal,
        "discards": [c.text for c in best.discard],
        "play": [],
    }
    pos = ciapano.Position.from_deal(deal, 3, game=GAME, set_aside=best.discard)
    write("tarocchi_discard4.json", {**history, "expected": expected(pos, False, False)})
    seed, pos = first_interesting(GAME, 4 * 12 + 1)
    comment = (
        "Piedicavallo tarocchi: three tricks left, the first card of the thirteenth trick "
        f"played; reached by random legal play (random.Random({seed})) from "
        f"ciapano.dealing.random_deal(seed={seed}, game=ciapano.Tarocchi()). Values are the "
        "points of the partnership of the seat to move."
    )
    write("tarocchi_endgame4.json", {"comment": comment, **pos.to_dict(),
                                     "expected": expected(pos, True, False)})  # fmt: skip
    start = random_deal(seed=1, game=GAME)
    pos = play_random(start, 4 * 7, random.Random(1))
    comment = (
        "Piedicavallo tarocchi: eight tricks left, at the start of the eighth trick; reached by "
        "random legal play (random.Random(1)) from ciapano.dealing.random_deal(seed=1, "
        "game=ciapano.Tarocchi()). Values are the points of the partnership of the seat to move."
    )
    write("tarocchi_midhand4.json", {"comment": comment, **pos.to_dict(),
                                     "expected": expected(pos, False, True)})  # fmt: skip


if __name__ == "__main__":
    main()
