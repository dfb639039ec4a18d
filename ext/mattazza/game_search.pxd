# Mattazza's techniques built on the search machinery, for the skeleton (ext/core/search.pxd):
# none (game.pxd says why).  No sub-games, no table of its own, no endgame values, and no root
# window: the values are 0 and 1, one null-window test (ext/core/nohooks.pxd).
from structs cimport u64, Ctx, State
from nohooks cimport (game_table_init, game_table_free, game_table_clear, endgame_prefetch, endgame_value,
                      root_window)


cdef inline int subgame_cut(Ctx* c, const State* s, int alpha, int beta, u64 key, u64 k2,
                            int offset, int lower, int* lost) noexcept nogil:
    # Never called (GAME_SUBGAMES 0): -1.
    return -1
