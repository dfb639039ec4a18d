# Piedicavallo tarocchi's techniques built on the search machinery, for the skeleton
# (ext/core/search.pxd): none.  No sub-games, no table of its own, no endgame values and no
# root window: a value is bracketed by the driver's null-window tests (ext/core/nohooks.pxd).
from nohooks cimport (subgame_cut, game_table_init, game_table_free, game_table_clear, endgame_prefetch,
                      endgame_value, root_window)
# No table of winning ranks (bridge's partition search): ext/core/nohooks.pxd.
from nohooks cimport GAME_WINRANKS, wr_probe, wr_store, bounds_rel, mid_cut
# No table of positions by their cards without points: ext/core/nohooks.pxd.
from nohooks cimport GAME_VARIANTS, variant_key, variant_bounds, variant_store
# No enhanced transposition cut-off (search.pxd, etc_cut): ext/core/nohooks.pxd.
from nohooks cimport etc_wanted
