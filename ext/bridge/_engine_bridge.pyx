# The search engine of contract bridge's card play: ``ciapano._engine_bridge``.  The shared
# driver and skeleton (ext/core) compiled with bridge's game.pxd (this directory is first on the
# include path): a check of the engine's trumps and partnerships against DDS (bench/, tests/).
include "driver.pxi"

#: The game this engine is compiled for.
GAME = "bridge"
