"""Write bridge's example and regression positions of ``positions/`` with their recorded values
(as ``tools/record_positions.py`` does for the other games, whose helpers it uses), every card
checked against DDS (``endplay.dds.solve_board``).

- ``bridge_deal.json``: a full deal at the opening lead, hearts trumps, North on lead
  (``ciapano.dealing.random_deal(seed=2, game=Bridge(trump="H"), dealer=3)``, deal 1 of
  ``bench/bench_bridge.py``'s set), as a PBN deal string; values by the search core and DDS.
- ``bridge_ending.json``: three tricks left, the eleventh trick's first card played, in a hand
  played at random from ``random_deal(seed=S, game=Bridge(trump="S"))``, the first seed from 1
  whose position gives the cards different values; values by the pure-Python reference, the
  core and DDS together.

Usage: ``python tools/record_bridge.py`` from the repository root (with ``endplay``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from bench_bridge import dds_tricks
from record_positions import expected, first_interesting, write

import ciapano
from ciapano.dealing import random_deal


def checked(pos: ciapano.Position, by_reference: bool) -> dict:
    """``expected``'s values, every card checked against DDS."""
    values = expected(pos, by_reference, False)
    dds, _ = dds_tricks(pos)
    texts = {(int(c.suit), c.rank): c.text for c in pos.legal_moves()}
    assert {texts[k]: v for k, v in dds.items()} == values["moves"], (dds, values["moves"])
    values["checked_by"] += "; DDS (endplay.dds.solve_board) agrees on every card"
    return values


def main() -> None:
    game = ciapano.Bridge(trump="H")
    pos = random_deal(seed=2, game=game, dealer=3)
    data = {
        "comment": (
            "Bridge, hearts trumps, North (seat 0) on lead: ciapano.dealing.random_deal(seed=2, "
            "game=ciapano.Bridge(trump='H'), dealer=3) (tools/record_bridge.py). Values are the "
            "tricks the seat to move's partnership takes from here on."
        ),
        "game": "bridge",
        "trump": "H",
        "deal": ciapano.Bridge.format_pbn(pos.hands),
        "leader": 0,
    }
    write("bridge_deal.json", {**data, "expected": checked(pos, False)})
    seed, pos = first_interesting(ciapano.Bridge(trump="S"), 4 * 10 + 1)
    comment = (
        "Bridge, spades trumps: three tricks left, the first card of the eleventh trick played; "
        f"reached by random legal play (random.Random({seed})) from "
        f"ciapano.dealing.random_deal(seed={seed}, game=ciapano.Bridge(trump='S')). Values are "
        "the tricks the seat's partnership takes from here on."
    )
    write("bridge_ending.json", {"comment": comment, **pos.to_dict(),
                                 "expected": checked(pos, True)})  # fmt: skip


if __name__ == "__main__":
    main()
