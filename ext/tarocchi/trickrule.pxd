# What winning a trick adds to its winner's taken, beyond the trick's card points
# (ext/tarocchi/game.pxd, apply_card): TRICK_BONUS for each trick, above the points (at most
# 114), so that the hand score knows which partnerships won a trick (a side without a trick
# scores 0).  ciapano.engine.root_args adds it for the tricks won before the root.
cdef enum:
    TRICK_BONUS = 128
    HAS_STOCK = 0             # no stock to draw from after a trick
