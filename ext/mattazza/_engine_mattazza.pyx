# The search engine of Mattazza: ``ciapano._engine_mattazza``.  The shared driver and skeleton
# (ext/core) compiled with Mattazza's game.pxd (this directory is first on the include path).
include "driver.pxi"

#: The game this engine is compiled for.
GAME = "mattazza"
