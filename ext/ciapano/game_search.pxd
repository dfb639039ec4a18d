# Ciapanò's techniques built on the search machinery, for the skeleton (ext/core/search.pxd):
# the games without points as bounds (nullgame.pxd).
from structs cimport Ctx, State
from nullgame cimport points_free_cut as subgame_cut


cdef inline int root_window(Ctx* c, const State* s, int* lower, int* upper, int guess) noexcept nogil:
    # Before the driver brackets a value (driver.pxi): nothing to add to the cheap bounds, and
    # the guess as given.
    return guess
