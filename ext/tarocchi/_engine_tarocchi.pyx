# The search engine of Piedicavallo tarocchi: ``ciapano._engine_tarocchi``.  The shared driver
# and skeleton (ext/core) compiled with tarocchi's game.pxd (this directory is first on the
# include path).
include "driver.pxi"

#: The game this engine is compiled for.
GAME = "tarocchi"
