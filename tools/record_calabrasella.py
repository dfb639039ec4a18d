"""Write Calabrasella's example and regression positions of ``positions/`` with their recorded
values (as ``tools/record_positions.py`` does for the other games, whose helpers it uses).

- ``calabrasella_history3_exchange.json``: a hand from the deal, its call and its exchange
  (history form), at the opening lead; values by the search core, checked against the core with
  only its transposition table.
- ``calabrasella_endgame3.json``: three tricks left, the tenth trick's first card played, in a
  hand played at random from ``ciapano.dealing.random_deal(seed=S, game=Calabrasella())``, the
  first seed from 1 whose position gives the cards different values; values by the pure-Python
  reference and the core together.
- ``calabrasella_endgame3_none.json``: the same cards under the rule ``set_aside: "none"``.

Usage: ``python tools/record_calabrasella.py`` from the repository root.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from record_positions import OUT, expected, first_interesting, write

import ciapano

HISTORY = "calabrasella_history3_exchange.json"


def main() -> None:
    data = json.loads((OUT / HISTORY).read_text(encoding="utf-8"))
    data.pop("expected", None)
    data["expected"] = expected(ciapano.loads(json.dumps(data)), by_reference=False, check=True)
    write(HISTORY, data)
    for rule, name in (("last-trick", "calabrasella_endgame3.json"),
                       ("none", "calabrasella_endgame3_none.json")):  # fmt: skip
        game = ciapano.Calabrasella(set_aside=rule)
        seed, pos = first_interesting(game, 3 * 9 + 1)
        snap = pos.to_dict()
        comment = (
            f"Calabrasella, rule set_aside '{rule}': three tricks left, the first card of the "
            f"tenth trick played; reached by random legal play (random.Random({seed})) from "
            f"ciapano.dealing.random_deal(seed={seed}, "
            f"game=ciapano.Calabrasella(set_aside={rule!r})). Values are the points of the side "
            "of the seat to move."
        )
        write(name, {"comment": comment, **snap, "expected": expected(pos, True, False)})


if __name__ == "__main__":
    main()
