# The search engine of Kifameno: ``ciapano._engine_kifameno``.  The shared driver and skeleton
# (ext/core) compiled with Kifameno's game.pxd and trickrule.pxd (this directory is first on the
# include path, Ciapanò's second for its scoring).
include "driver.pxi"

#: The game this engine is compiled for.
GAME = "kifameno"

from structs cimport State
from game cimport null_key


def games_key(Search search, hands):
    """The table key of Ciapanò's games without points (``game.null_key``) at a trick start
    where each seat holds ``hands[i]`` (a mask of the core's cards) and no other card is in
    play, the stock drawn; for tests of the key.  The rest of the state is the root's.

    :raises ValueError: for a hand that is not one per seat.
    """
    cdef State s = search.trick_start(hands)
    return null_key(&search.c, &s)
