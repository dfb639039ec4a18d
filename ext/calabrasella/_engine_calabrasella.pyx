# The search engine of Calabrasella: ``ciapano._engine_calabrasella``.  The shared driver and
# skeleton (ext/core) compiled with Calabrasella's game.pxd (this directory is first on the
# include path).
include "driver.pxi"

#: The game this engine is compiled for.
GAME = "calabrasella"
