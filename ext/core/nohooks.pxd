# The skeleton's hooks for a game that does without the techniques behind them: each game's
# game.pxd and game_search.pxd cimport from here what they do not give themselves (and the
# skeleton cimports them from the game as usual).  Each returns "nothing known".
from structs cimport u64, Ctx, Game, State


# -- game.pxd: the sides of the search -------------------------------------------------------

cdef inline bint on_p_side(const Game* g, int P, int seat) noexcept nogil:
    # Whether `seat` plays on the perspective seat's side, minimising the value with it: P alone
    # in every game but a game of partnerships (Piedicavallo tarocchi, ext/tarocchi/game.pxd).
    return seat == P


cdef inline int memory_tricks(int players, int tricks) noexcept nogil:
    # The move memory above this many tricks' cards (driver.pxi): the game's GAME_MEMORY_TRICKS
    # (`tricks`) for every number of players.
    return tricks


# -- game.pxd: techniques proved for Ciapanò's floors of thirds only ---------------------------

cdef inline bint own_key(const Ctx* c, const State* s, u64* key) noexcept nogil:
    # No key of the game's own: the skeleton's (search.position_key).
    return False

cdef inline bint residue_shifts(const Game* g, u64 sk, u64 sk_kin, int P, int taken_P,
                                int* up, int* down) noexcept nogil:
    # Never called where the score key is 0: no entry then has a kin (ttable.layout_of).
    return False

cdef inline int mid_trick_bound(const Game* g, const State* s, int P, int alpha, int beta) noexcept nogil:
    # No bound inside a trick: -1.
    return -1

cdef inline bint nobody_takes_all(const Game* g, const State* s) noexcept nogil:
    # Only for the quasi-equivalent cards, not used where GAME_QUASI is 0.
    return False

cdef inline int run_known(const Game* g, const State* s, int P, int seat, const int* moves,
                          const int* runs, int* known, int i, int bound, bint any_points) noexcept nogil:
    # Quasi-equivalence and dominance, not used where GAME_QUASI is 0: never called.
    return 0


# -- game_search.pxd: no table of the game's own, no endgame values, no root window ------------

cdef inline int game_table_init(Ctx* c, u64 cards) except -1:
    return 0

cdef inline void game_table_free(Ctx* c) noexcept nogil:
    pass

cdef inline void game_table_clear(Ctx* c) noexcept nogil:
    pass

cdef inline bint endgame_prefetch(Ctx* c, const State* s) noexcept nogil:
    # No endgame values: the table's bucket is prefetched (False).
    return False

cdef inline int endgame_value(Ctx* c, const State* s) noexcept nogil:
    # None: -1 (-2 would be a limit that stopped it).
    return -1

cdef inline int subgame_cut(Ctx* c, const State* s, int alpha, int beta, u64 key, u64 k2,
                            int offset, int lower, int* lost) noexcept nogil:
    # No sub-games as bounds; never called where GAME_SUBGAMES is 0: -1.
    return -1

cdef inline int root_window(Ctx* c, const State* s, int* lower, int* upper, int guess) noexcept nogil:
    # Before the driver brackets a value (driver.pxi): nothing to add to the cheap bounds, and
    # the guess as given.
    return guess

cdef inline bint etc_wanted(const Ctx* c, const State* s) noexcept nogil:
    # No enhanced transposition cut-off at the last card of a trick (search.etc_cut): False.
    return False


# -- game_search.pxd: no table of winning ranks (bridge's partition search: ext/bridge) --------

cdef enum:
    GAME_WINRANKS = 0           # search.pxd keeps no relevant cards and uses ttable's table

cdef inline bint wr_probe(Ctx* c, const State* s, int* lower, int* upper, u64* rel,
                          int* first) noexcept nogil:
    # Never called where GAME_WINRANKS is 0.
    return False

cdef inline int mid_cut(const Ctx* c, const State* s, int alpha, int beta, u64* rel) noexcept nogil:
    # Never called where GAME_WINRANKS is 0.
    return -1

cdef inline void wr_store(Ctx* c, const State* s, int lower, int upper, u64 rel, int best) noexcept nogil:
    # Never called where GAME_WINRANKS is 0.
    pass

cdef inline u64 bounds_rel(const Ctx* c, const State* s, int lower, int upper) noexcept nogil:
    # Never called where GAME_WINRANKS is 0.
    return 0


# -- game_search.pxd: no table of positions by their cards without points in the main search
# (kifameno/variants.pxd)

cdef enum:
    GAME_VARIANTS = 0           # search.pxd asks no position with other card points

cdef inline bint variant_key(Ctx* c, const State* s, u64* key, u64* sig) noexcept nogil:
    # Never called where GAME_VARIANTS is 0.
    return False

cdef inline void variant_bounds(const Ctx* c, const State* s, u64 key, u64 sig, int* lower,
                                int* upper) noexcept nogil:
    # Never called where GAME_VARIANTS is 0.
    pass

cdef inline void variant_store(Ctx* c, const State* s, u64 key, u64 sig, int lower, int upper) noexcept nogil:
    # Never called where GAME_VARIANTS is 0.
    pass
