# Ciapanò's techniques built on the search machinery, for the skeleton (ext/core/search.pxd):
# the games without points as bounds (nullgame.pxd).
from nullgame cimport points_free_cut as subgame_cut
