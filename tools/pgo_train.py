"""The training run of the profile-guided build (setup.py): full deals solved by an
instrumented build of the core, so that the compiler sees which branches of the search are
hot.

Run by setup.py as ``python pgo_train.py DIR``, where ``DIR`` holds a package ``ciapano`` made
of the instrumented ``_core`` and the few pure-Python modules that ``ciapano.solve`` needs
(cards, errors, position, rules, solve): the build environment has neither numpy nor the
other run-time dependencies that the full package imports.  The deals come from the standard
library's generator (seeds unlike the benchmark's, ``bench/bench_deals.py``), about 5-10 s in
all on this project's machine; the profile is written when the process exits.
"""

from __future__ import annotations

import random
import sys

#: (players, seed) of the deals solved, every card of the leader; and one DD table.
DEALS = ((3, 101), (3, 102), (3, 103), (4, 101), (4, 102), (5, 101))
TABLE_DEAL = (3, 104)


def deal(players: int, seed: int):
    """A random deal at its opening lead (seat 0 leads), from ``random.Random(seed)``, dealt
    as ``ciapano.dealing.random_deals`` deals (which needs numpy)."""
    from ciapano.cards import CARDS
    from ciapano.position import Position
    from ciapano.rules import Rules

    rules = Rules(players=players)
    order = list(CARDS)
    random.Random(seed).shuffle(order)
    size = rules.hand_size
    hands = [order[i * size : (i + 1) * size] for i in range(players)]
    discard = order[players * size] if rules.has_discard else None
    return Position.from_deal(hands, players - 1, discard, rules)


def main() -> None:
    sys.path.insert(0, sys.argv[1])
    from ciapano import solve

    for players, seed in DEALS:
        solve.solve(deal(players, seed))
    solve.dd_table(deal(*TABLE_DEAL))


if __name__ == "__main__":
    main()
