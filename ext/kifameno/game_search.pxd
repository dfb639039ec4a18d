# Kifameno's techniques built on the search machinery, for the skeleton (ext/core/search.pxd):
# none (GAME_SUBGAMES 0).  No sub-games, no table of its own, no endgame values, no root window
# (ext/core/nohooks.pxd).
#
# Ciapanò's games without points (ext/ciapano/nullgame.pxd) would be sound once the stock is
# drawn (the rest of the hand is then a hand of Ciapanò), keyed on the relative owners (as
# game.own_key, without the points).  Tried so: more nodes, not fewer (docs/speed.md,
# 2026-11-26): 3 players, two deals, 33.8 M -> 43.2 M and 202.4 M -> 276.3 M.
from nohooks cimport (subgame_cut, game_table_init, game_table_free, game_table_clear, endgame_prefetch,
                      endgame_value, root_window)
# No table of winning ranks (bridge's partition search): ext/core/nohooks.pxd.
from nohooks cimport GAME_WINRANKS, wr_probe, wr_store, bounds_rel
