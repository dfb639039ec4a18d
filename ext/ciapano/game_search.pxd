# Ciapanò's techniques built on the search machinery, for the skeleton (ext/core/search.pxd):
# the games without points as bounds (nullgame.pxd).  No table of its own, no endgame values,
# no root window (ext/core/nohooks.pxd).
from nullgame cimport points_free_cut as subgame_cut
# No table of winning ranks (bridge's partition search): ext/core/nohooks.pxd.
from nohooks cimport GAME_WINRANKS, wr_probe, wr_store, bounds_rel, mid_cut
# No table of positions by their cards without points: ext/core/nohooks.pxd.
from nohooks cimport GAME_VARIANTS, variant_key, variant_bounds, variant_store
# No enhanced transposition cut-off (search.pxd, etc_cut): ext/core/nohooks.pxd.
from nohooks cimport etc_wanted
from nohooks cimport (game_table_init, game_table_free, game_table_clear, endgame_prefetch, endgame_value,
                      root_window)
