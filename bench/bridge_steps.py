"""The nodes of bridge's engine on the deals that measured its steps (docs/engine.md, "Bridge's
engine"; docs/speed.md, the eighteenth session): every card of the leader of full deals
``100 .. 100 + COUNT - 1``, driven as ``ciapano.solve`` drives the engine on one thread (the
value, then each class of cards with it as the guess), straight on the engine's masks.

Usage (from the repository root, with the package installed)::

    python bench/bridge_steps.py 20        # seeds 100-119: the 20-deal figures
    python bench/bridge_steps.py 10        # seeds 100-109: the 10-deal figures

Deal ``s``: ``random.Random(s)`` shuffles the engine's cards 0-51 (13 a suit, S H D C, a higher
bit a higher card), deals 13 to each seat in turn, then draws the trump suit (-1 no trumps) and
the leader.  Nodes do not depend on the machine; times do.
"""

from __future__ import annotations

import random
import sys
import time

from ciapano.engine import engine_for

#: The engine's suit groups: four suits of 13.
GROUPS = [0x1FFF << (13 * su) for su in range(4)]


def deal(seed: int) -> tuple[list[int], int, int]:
    """Deal ``seed``: the four hands' masks, the trump suit (-1: no trumps) and the leader."""
    rng = random.Random(seed)
    order = list(range(52))
    rng.shuffle(order)
    hands = [sum(1 << c for c in order[i * 13 : (i + 1) * 13]) for i in range(4)]
    # (Each hand's cards shuffled once more, as the first measurements did for shorter hands.)
    for i in range(4):
        cards = sorted((c for c in range(52) if hands[i] >> c & 1), key=lambda c: rng.random())
        hands[i] = sum(1 << c for c in cards[:13])
    return hands, rng.randrange(5) - 1, rng.randrange(4)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    engine = engine_for("bridge")
    nodes, seconds = 0, 0.0
    for seed in range(100, 100 + count):
        hands, trump, leader = deal(seed)
        start = time.perf_counter()
        search = engine.Search(4, hands, leader, [], [0] * 4, [0] * 52, GROUPS,
                               {"trump_suit": trump}, 256)  # fmt: skip
        value = search.value(leader)
        for cls in search.classes():
            search.move_bounds(leader, cls[0], value)
        seconds += time.perf_counter() - start
        nodes += search.nodes
    print(f"deals {count} nodes {nodes:,} time {seconds:.2f} s")


if __name__ == "__main__":
    main()
