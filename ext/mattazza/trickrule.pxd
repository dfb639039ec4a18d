# What winning a trick adds to its winner's taken, beyond the trick's card points
# (ext/core/tricks.pxd, apply_card).  Mattazza scores the seats that won no trick
# (docs/rules.md#mattazza), so a seat's taken counts its tricks too: taken = points +
# TRICK_BONUS * tricks won.  The points of a hand (35 with the last trick's 3) stay below it.
cdef enum:
    TRICK_BONUS = 64
    HAS_STOCK = 0             # no stock to draw from after a trick (tricks.draw_from_stock)
