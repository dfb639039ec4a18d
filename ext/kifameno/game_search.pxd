# Kifameno's techniques built on the search machinery, for the skeleton (ext/core/search.pxd):
# Ciapanò's games without points as bounds once the stock is drawn (subgame_cut, below); a
# table of its own, the suits' layouts of its relative keys (below).  No endgame values, no
# root window (ext/core/nohooks.pxd).
from nohooks cimport endgame_prefetch, endgame_value, root_window
from nullgame cimport points_free_cut
from tricks cimport stock_left
# No table of winning ranks (bridge's partition search): ext/core/nohooks.pxd.
from nohooks cimport GAME_WINRANKS, wr_probe, wr_store, bounds_rel, mid_cut
from libc.stdlib cimport calloc, free
from bitops cimport popcount64
from structs cimport u64, Ctx, State, TTBucket
from game cimport LAYOUT_SLOTS_LOG
# The table of positions by their cards without points (2 players, the stock drawn).
from variants cimport GAME_VARIANTS, variant_key, variant_bounds, variant_store, variants_init
from vtable cimport vtable_clear, vtable_free

# The game's own tables: the layouts of the suits for the relative keys (game.suit_layout_known,
# the first half; game.stock_suit_known, the second: 2 players while the stock lasts), filled as
# they are met; only with a stock (without one the deal's relative keys serve).  And with 2
# players, with a stock or not, the table of positions by their cards without points
# (variants.pxd), after the transposition table (whose size sets its own).
cdef inline int game_table_init(Ctx* c, u64 cards) except -1:
    if c.variants == NULL:
        variants_init(c, c.tt.max_buckets * sizeof(TTBucket))
    if c.g.stock_len == 0 or c.game_table != NULL:
        return 0
    c.game_table = calloc(2 << LAYOUT_SLOTS_LOG, sizeof(u64))
    if c.game_table == NULL:
        raise MemoryError("cannot allocate the table of suit layouts")
    return 0

cdef inline void game_table_free(Ctx* c) noexcept nogil:
    free(c.game_table)
    c.game_table = NULL
    vtable_free(c)

cdef inline void game_table_clear(Ctx* c) noexcept nogil:
    vtable_clear(c)         # (the layouts stay: a layout depends on the deck alone)


cdef inline bint etc_wanted(const Ctx* c, const State* s) noexcept nogil:
    # The enhanced transposition cut-off (search.etc_cut) at the last card of a trick with 2
    # players while the stock lasts: there a card's child is a trick start whose subtree holds
    # the endgames that the stock phase reaches (most of a 2-player deal's work), and a later
    # card's child that the table or the cheap bounds already decide spares the search of the
    # cards ordered before it.  Measured (docs/speed.md, thirty-ninth session): every card of
    # 2-player seeds 2 3 7 17 (plain builds, three runs each, alternating), 104.3 M -> 89.3 M
    # nodes, time -7%; also in the endgames' first tricks, 84.2 M nodes and no less time; with
    # 3 players no gain (seeds 1 4 5 8, 56.8 M -> 56.4 M nodes, the same time).
    return c.g.n == 2 and stock_left(&c.g, s) != 0

cdef enum:
    NULL_MAX_TRICKS = 8         # the games without points where at most this many tricks are left

cdef inline int subgame_cut(Ctx* c, const State* s, int alpha, int beta, u64 key, u64 k2,
                            int offset, int lower, int* lost) noexcept nogil:
    # Ciapanò's games without points as bounds (ext/ciapano/nullgame.pxd, points_free_cut, the
    # same arguments and result), asked once the stock is drawn (game.pxd: the rest of the hand
    # is then a hand of Ciapanò), with 3 and 4 players, where at most NULL_MAX_TRICKS tricks
    # are left.  Their key is game.null_key.  Measured (docs/speed.md, 2026-11-28, thirty-second
    # session; every card of bench_deals' random deals, 3 players): asked from every trick once
    # the stock is drawn, seeds 1 4 5 8 83.9 M -> 68.9 M nodes; from 8 tricks left 62.4 M (7:
    # 61.9 M, 6: 63.9 M, 9: 65.7 M); seeds 2 3 6 7 278.9 M -> 161.5 M (from every trick 164.5
    # M).  With 2 players no gain (seeds 2 17 3: 151.7 M -> 152.3 M nodes from 4 tricks left,
    # the same time), so not asked.
    if c.g.n == 2 or stock_left(&c.g, s) != 0 or popcount64(s.out) > NULL_MAX_TRICKS * c.g.n:
        return -1
    return points_free_cut(c, s, alpha, beta, key, k2, offset, lower, lost)
