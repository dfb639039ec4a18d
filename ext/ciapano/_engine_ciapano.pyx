# The search engine of Ciapanò: ``ciapano._engine_ciapano``.  The shared driver and skeleton
# (ext/core) compiled with Ciapanò's game.pxd (this directory is first on the include path).
include "driver.pxi"

#: The game this engine is compiled for.
GAME = "ciapano"

from structs cimport u64
from nullgame cimport points_free_search, GAME_KINDS


def points_free_game(Search search, int seat, int kind, budget=10**9):
    """Whether ``seat`` wins a game without points from the root of ``search`` (nullgame.pxd),
    the others playing against it: ``kind`` 0, it loses every remaining trick; 1, it does not
    win the last; 1 + k, it wins at most k more tricks and not the last.  None if the budget of
    nodes ran out first.  For tests of the bounds these games give the search.

    :raises ValueError: for a seat or kind that is none of these.
    """
    search._check_seat(seat)
    if not 0 <= kind < GAME_KINDS:
        raise ValueError(f"kind: {kind} is not a game (0 to {GAME_KINDS - 1})")
    cdef u64 b = budget
    cdef int r
    search.c.P = seat
    with nogil:
        r = points_free_search(&search.c, &search.root, &b, kind)
    return None if r < 0 else r == 1
