# Busca's techniques built on the search machinery, for the skeleton (ext/core/search.pxd): none.
# The games without points bound Ciapanò's floors of thirds, not busche (game.pxd).
from structs cimport u64, Ctx, State

cdef inline int points_free_cut(Ctx* c, const State* s, int alpha, u64 key, u64 k2, int offset,
                                int lower, int* lost) noexcept nogil:
    # Never called (GAME_POINTS_FREE 0).
    return -1
