# What winning a trick adds to its winner's taken, beyond the trick's card points
# (ext/core/tricks.pxd, apply_card): nothing in Calabrasella, whose score is the points alone.
cdef enum:
    TRICK_BONUS = 0
    HAS_STOCK = 0             # no stock to draw from after a trick (tricks.draw_from_stock)
