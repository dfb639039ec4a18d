# Mattazza's techniques built on the search machinery, for the skeleton (ext/core/search.pxd):
# none (game.pxd says why).  No sub-games, no table of its own, no endgame values.
from structs cimport u64, Ctx, State


cdef inline int subgame_cut(Ctx* c, const State* s, int alpha, int beta, u64 key, u64 k2,
                            int offset, int lower, int* lost) noexcept nogil:
    # Never called (GAME_SUBGAMES 0): -1.
    return -1

cdef inline int game_table_init(Ctx* c, u64 cards) except -1:
    return 0

cdef inline void game_table_free(Ctx* c) noexcept nogil:
    pass

cdef inline void game_table_clear(Ctx* c) noexcept nogil:
    pass

cdef inline bint endgame_prefetch(Ctx* c, const State* s) noexcept nogil:
    # No endgame values: the table's bucket is prefetched (False).
    return False

cdef inline int endgame_value(Ctx* c, const State* s) noexcept nogil:
    # None: -1 (-2 would be a limit that stopped it).
    return -1


cdef inline int root_window(Ctx* c, const State* s, int* lower, int* upper, int guess) noexcept nogil:
    # Before the driver brackets a value (driver.pxi): nothing to add to the cheap bounds (the
    # values are 0 and 1: one null-window test), and the guess as given.
    return guess
