"""Checks of a game's search engine against the pure-Python reference, shared by the engine
tests of each game (tests/test_busca_engine.py, tests/test_mattazza_engine.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator

import ciapano
from ciapano import engine
from ciapano.reference import reference_move_values

#: Each technique alone (with the table, which the others need to be of use), all but one, all:
#: the switches every engine has.  A game's tests add its own techniques' sets.
OPTION_SETS = [
    engine.OPTION_TT,
    engine.OPTION_TT | engine.OPTION_EQUIVALENCE,
    engine.OPTION_TT | engine.OPTION_BOUNDS,
    engine.OPTION_TT | engine.OPTION_ORDERING,
    engine.OPTION_TT | engine.OPTION_RELATIVE,
    engine.OPTION_ALL & ~engine.OPTION_BOUNDS,
    engine.OPTION_ALL & ~engine.OPTION_RELATIVE,
    engine.OPTION_ALL,
]
#: The same, rank equivalence left out, and the quasi-equivalent and dominated cards of the games
#: of two sides (runs.sides_run_decided) alone, with the order that tries the dominant card
#: first, and left out: Calabrasella's and tarocchi's engines.
SIDES_OPTION_SETS = [
    *OPTION_SETS,
    engine.OPTION_ALL & ~engine.OPTION_EQUIVALENCE,
    engine.OPTION_TT | engine.OPTION_QUASI | engine.OPTION_ORDERING,
    engine.OPTION_ALL & ~engine.OPTION_QUASI,
]


def check_every_card(pos: ciapano.Position, seat: int, options: int = engine.OPTION_ALL):
    """Solve ``pos`` for ``seat`` with ``options`` and assert that every legal card's value, the
    value and the best cards are the reference's; returns the result."""
    result = ciapano.solve(pos, seat, options=options)
    expected = reference_move_values(pos, seat)
    assert {card: v for card, v in result} == expected, (pos, seat, options)
    pick = min if pos.same_side(pos.to_move, seat) == pos.game.lower_is_better else max
    assert result.value == pick(expected.values())
    assert set(result.best) == {c for c, v in expected.items() if v == result.value}
    return result


def played(game: ciapano.Game, seed: int, tricks: int) -> ciapano.Position:
    """A random 4-player deal of ``game`` (10 cards each) after ``tricks`` tricks of random legal
    play (seeded)."""
    rng = random.Random(seed)
    order = list(range(40))
    rng.shuffle(order)
    hands = [[ciapano.Card(i) for i in order[s * 10 : (s + 1) * 10]] for s in range(4)]
    pos = ciapano.Position.from_deal(hands, rng.randrange(4), game=game)
    for _ in range(4 * tricks):
        moves = sorted(pos.legal_moves())
        pos = pos.play(moves[rng.randrange(len(moves))])
    return pos


def every_subset(mask: int) -> Iterator[int]:
    """Every subset of the bits of ``mask``, from 0 up to ``mask`` itself."""
    m = 0
    while True:
        yield m
        if m == mask:
            return
        m = (m - mask) & mask


def check_keys_are_layouts(
    held: int,
    key_of: Callable[[int], int],
    named_by: Callable[[int], int],
    layout_of: Callable[[int], Hashable],
) -> int:
    """Assert that the table keys of every subset of a group's cards ``held`` at the root are
    its layouts: two subsets get the same key (``key_of``) exactly when their layouts
    (``layout_of``, written out plainly by the test) are the same, and the subset a key names
    (``named_by``) is one of the held cards with the same layout.  Returns how many subsets
    shared a layout with an earlier one (a test needs some, else it proves nothing)."""
    first: dict[Hashable, int] = {}
    shared = 0
    for m in every_subset(held):
        key = key_of(m)
        layout = layout_of(m)
        named = named_by(key)
        assert named & ~held == 0 and layout_of(named) == layout
        shared += layout in first
        assert first.setdefault(layout, key) == key
    assert len(set(first.values())) == len(first)
    return shared
