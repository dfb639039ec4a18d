# Bridge's techniques built on the search machinery, for the skeleton (ext/core/search.pxd): the
# table of winning ranks (partition search, winranks.pxd) in place of the layout table, with
# the relevant cards of the cheap bounds (game.cheap_bounds_rel).  No sub-games, no endgame
# values and no root window: a value is bracketed by the driver's null-window tests
# (ext/core/nohooks.pxd).
from structs cimport u64, Ctx, State
from nohooks cimport subgame_cut, endgame_value, root_window
# No enhanced transposition cut-off (search.pxd, etc_cut): ext/core/nohooks.pxd.
from nohooks cimport etc_wanted
# No table of positions by their cards without points: ext/core/nohooks.pxd.
from nohooks cimport GAME_VARIANTS, variant_key, variant_bounds, variant_store
from game cimport cheap_bounds_rel, mid_trick_cut
from winranks cimport wr_table_init, wr_table_free, wr_table_clear, wr_probe, wr_store, wr_prefetch

cdef enum:
    GAME_WINRANKS = 1           # search.pxd keeps the relevant cards; the table is winranks.pxd's

cdef inline int game_table_init(Ctx* c, u64 cards) except -1:
    return wr_table_init(c, cards)

cdef inline void game_table_free(Ctx* c) noexcept nogil:
    wr_table_free(c)

cdef inline void game_table_clear(Ctx* c) noexcept nogil:
    wr_table_clear(c)

cdef inline u64 bounds_rel(const Ctx* c, const State* s, int lower, int upper) noexcept nogil:
    # The cards that the cheap bounds' proofs of "at least lower" and "at most upper" rely on
    # (game.cheap_bounds_rel; -1 and 127 for none).
    return cheap_bounds_rel(&c.g, s, c.P, lower, upper)

cdef inline int mid_cut(const Ctx* c, const State* s, int alpha, int beta, u64* rel) noexcept nogil:
    # The bound inside a trick, and in rel the card a cut relies on (game.mid_trick_cut).
    return mid_trick_cut(&c.g, s, c.P, alpha, beta, rel)

cdef inline bint endgame_prefetch(Ctx* c, const State* s) noexcept nogil:
    # At a trick's last card: the slot of the trick start after it (winranks.wr_prefetch).
    return wr_prefetch(c, s)
