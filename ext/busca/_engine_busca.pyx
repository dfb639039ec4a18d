# The search engine of Busca: ``ciapano._engine_busca``.  The shared driver and skeleton
# (ext/core) compiled with Busca's game.pxd (this directory is first on the include path).
include "driver.pxi"

#: The game this engine is compiled for.
GAME = "busca"

from game_search cimport points_game
from game cimport worst_busche


def points_game_value(Search search, int seat):
    """The points game's value from the root of ``search`` (game_search.pxd): the least number
    of points ``seat`` can hold its gain to from here to the end (the last trick's 3
    included), every other seat trying to make it take more.  For tests of the bound it gives
    the search.

    :raises ValueError: for a seat that is not one.
    """
    search._check_seat(seat)
    cdef int lo = 0, hi = 64, r
    search.c.P = seat
    while lo < hi:
        with nogil:
            r = points_game(&search.c, &search.root, (lo + hi) // 2, (lo + hi) // 2 + 1)
        if r <= (lo + hi) // 2:
            hi = r
        else:
            lo = r
    return lo


def _points_game_window(Search search, int seat, int a):
    """One null-window search of the points game (is its value at most ``a``?): the fail-soft
    result, for tests."""
    search._check_seat(seat)
    search.c.P = seat
    return points_game(&search.c, &search.root, a, a + 1)


def _worst_busche(Search search, taken, int seat, int still, int gain):
    """``game.worst_busche`` for tests: the most busche ``seat`` can score at the end of the hand
    when the seats have taken ``taken`` points (one entry a seat), ``still`` points are still to
    take and ``seat`` gains exactly ``gain`` of them, the others sharing the rest in any way."""
    search._check_seat(seat)
    cdef int t[MAX_SEATS]
    cdef int i
    for i in range(MAX_SEATS):
        t[i] = taken[i] if i < len(taken) else 0
    return worst_busche(&search.c.g, t, seat, still, gain)
