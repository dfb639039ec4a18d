# What winning a trick adds to its winner's taken (ext/bridge/game.pxd, apply_card): one trick.
# Bridge's cards carry no points, so a seat's taken is the tricks it won since the root; the
# value counts tricks from the root on, so ciapano.engine.root_args starts every seat at 0.
cdef enum:
    TRICK_BONUS = 1
    HAS_STOCK = 0             # no stock to draw from after a trick
