# Kifameno's techniques built on the search machinery, for the skeleton (ext/core/search.pxd):
# a table of its own, the suits' layouts of its relative keys (below).  No sub-games
# (GAME_SUBGAMES 0), no endgame values, no root window (ext/core/nohooks.pxd).
#
# Ciapanò's games without points (ext/ciapano/nullgame.pxd) would be sound once the stock is
# drawn (the rest of the hand is then a hand of Ciapanò), keyed on the relative owners (as
# game.own_key, without the points).  Tried so: more nodes, not fewer (docs/speed.md,
# 2026-11-26): 3 players, two deals, 33.8 M -> 43.2 M and 202.4 M -> 276.3 M; tried again on
# 2026-11-28, every card of four deals, 83.9 M -> 195.7 M (their bounds seldom cut here).
from nohooks cimport subgame_cut, endgame_prefetch, endgame_value, root_window
# No table of winning ranks (bridge's partition search): ext/core/nohooks.pxd.
from nohooks cimport GAME_WINRANKS, wr_probe, wr_store, bounds_rel
from libc.stdlib cimport calloc, free
from structs cimport u64, Ctx
from game cimport LAYOUT_SLOTS_LOG

# The game's own table: the layouts of the suits for the relative keys (game.suit_layout_known),
# filled as they are met; only with a stock (without one the deal's relative keys serve).
cdef inline int game_table_init(Ctx* c, u64 cards) except -1:
    if c.g.stock_len == 0 or c.game_table != NULL:
        return 0
    c.game_table = calloc(1 << LAYOUT_SLOTS_LOG, sizeof(u64))
    if c.game_table == NULL:
        raise MemoryError("cannot allocate the table of suit layouts")
    return 0

cdef inline void game_table_free(Ctx* c) noexcept nogil:
    free(c.game_table)
    c.game_table = NULL

cdef inline void game_table_clear(Ctx* c) noexcept nogil:
    pass            # (a layout depends on the deck alone)
