# The search engine of Kifameno: ``ciapano._engine_kifameno``.  The shared driver and skeleton
# (ext/core) compiled with Kifameno's game.pxd and trickrule.pxd (this directory is first on the
# include path, Ciapanò's second for its scoring).
include "driver.pxi"

#: The game this engine is compiled for.
GAME = "kifameno"
