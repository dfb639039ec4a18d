# The search engine of Busca: ``ciapano._engine_busca``.  The shared driver and skeleton
# (ext/core) compiled with Busca's game.pxd (this directory is first on the include path).
include "driver.pxi"

#: The game this engine is compiled for.
GAME = "busca"
