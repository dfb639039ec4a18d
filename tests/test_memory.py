"""Tables kept between solves (ciapano.free_memory): a solve that takes over the table of an
earlier one must search exactly as it would with fresh memory."""

from __future__ import annotations

import ciapano
from ciapano.engine import open_search

HANDS = [
    ["7S", "2D", "AD", "JD", "7D", "AC", "JC", "6C"],
    ["2H", "KH", "JH", "7H", "5H", "4H", "KD", "3C"],
    ["QS", "JS", "4S", "AH", "3D", "KC", "QC", "4C"],
]
# The same cards, seat to lead and residues of thirds, hence the same table keys, but another
# discard (worth 0 or 3 thirds to the last trick's winner): some values differ, so an entry
# left over from one would give the other a wrong value.
ZERO_DISCARD = ciapano.Position(HANDS, 1, taken=(0, 2, 8), discard="5S")
ACE_DISCARD = ciapano.Position(HANDS, 1, taken=(0, 2, 5), discard="AS")
TT_MB = 8  # mapped (4 MiB or more), so kept for the next solve


def _summary(result: ciapano.SolveResult) -> tuple:
    return result.value, [(m.card, m.value) for m in result.moves], result.line, result.nodes


def test_a_kept_table_searches_as_a_fresh_one():
    ciapano.free_memory()
    fresh = _summary(ciapano.solve(ACE_DISCARD, tt_mb=TT_MB, all_seats=True))
    first = _summary(ciapano.solve(ZERO_DISCARD, tt_mb=TT_MB, all_seats=True))
    assert first[1] != fresh[1]  # the two positions do differ
    again = _summary(ciapano.solve(ACE_DISCARD, tt_mb=TT_MB, all_seats=True))  # ZERO's table
    assert again == fresh
    assert ciapano.free_memory() > 0
    assert ciapano.free_memory() == 0


def test_a_larger_request_gives_the_kept_tables_back():
    ciapano.free_memory()
    small = _summary(ciapano.solve(ACE_DISCARD, tt_mb=TT_MB))
    ciapano.solve(ZERO_DISCARD, tt_mb=4 * TT_MB)  # nothing kept is large enough
    kept = ciapano.free_memory()
    assert 4 * TT_MB << 20 <= kept < 2 * (4 * TT_MB << 20)  # only the larger table was kept
    ciapano.solve(ZERO_DISCARD, tt_mb=4 * TT_MB)
    assert _summary(ciapano.solve(ACE_DISCARD, tt_mb=TT_MB)) == small  # served by the larger
    ciapano.free_memory()


def _solve_in_child(queue) -> None:
    queue.put(ciapano.solve(ACE_DISCARD, tt_mb=TT_MB, threads=2).value)


def test_search_threads_work_in_a_forked_child():
    # The pool of search threads is kept between solves; a forked child's copy has no
    # threads, so the child must start its own (else its solve waits forever).
    import multiprocessing

    parent = ciapano.solve(ACE_DISCARD, tt_mb=TT_MB, threads=2).value  # the pool exists now
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_solve_in_child, args=(queue,))
    child.start()
    child.join(30)
    alive = child.is_alive()
    if alive:
        child.kill()
    assert not alive and child.exitcode == 0
    assert queue.get(timeout=5) == parent


def _card_values(core, seat: int) -> tuple[list, int]:
    start = core.nodes
    values = [core.move_bounds(seat, cls[0]) for cls in core.classes()]
    return values, core.nodes - start


def test_a_cleared_search_searches_as_a_fresh_one():
    # Search.clear() empties the transposition table and the move memory (the cards that cut
    # off nodes, tried first on a later visit): the same searches then take the same nodes.
    seat = ACE_DISCARD.to_move
    fresh = _card_values(open_search(ACE_DISCARD, TT_MB), seat)
    core = open_search(ACE_DISCARD, TT_MB)
    first = _card_values(core, seat)
    warm = _card_values(core, seat)
    assert warm[0] == first[0] == fresh[0] and warm[1] < first[1]
    core.clear()
    assert _card_values(core, seat) == fresh
