# Mattazza as the search core sees it: the hooks that the shared skeleton (ext/core: search.pxd,
# movegen.pxd, driver.pxi) cimports from `game`.  Compiled into ciapano._engine_mattazza
# (setup.py puts this directory first on the include path).
#
# Rules (docs/rules.md#mattazza): four players, no trumps, follow suit (ext/core/tricks.pxd);
# points: 3 2 K Q J 1, aces 3, the last trick 3, 35 in all.  If every seat won a trick, the
# seats with the most points score 1 game point each; otherwise each seat that won no trick
# scores 1 and the others nothing.  P's value is its game points, 0 or 1 (hand_score).
#
# A seat's taken counts its tricks as well as its points (trickrule.pxd): taken = points +
# TRICK_BONUS * tricks, so a seat has won a trick exactly when taken >= TRICK_BONUS.
#
# Which of the skeleton's techniques run for Mattazza, and why:
# - rank equivalence (movegen.pxd): sound.  The score depends only on the points each seat takes
#   and on which seats win a trick, both fixed by who wins each trick and what falls to it; two
#   cards of one hand and suit with nothing between them and equal points take the same tricks.
# - relative-rank table keys (ttable.pxd): sound for the same reason.  The points taken go into
#   the key as which seats have won a trick and each other seat's difference to P's points
#   (points_code); P's own points do not matter (there is no grade), so they are not in it.
# - the move order and the move memory: only an order; Ciapanò's weights (ordering.pxd).
# - cheap bounds (cheap_bounds below): proved below.
# - With values 0 and 1 every value is one null-window test (the driver's bracket does no
#   more): the search is a yes/no question, "can P score 0?".
# - NOT the quasi-equivalent and dominated cards (GAME_QUASI 0): a point moved between two seats
#   can make or unmake the seat with the most.  NOT Ciapanò's games without points nor its
#   mid-trick bound (their bounds are floors of thirds), nor Busca's points game and endgame
#   families (not proved for this scoring): GAME_SUBGAMES 0, game_search.pxd.
from structs cimport u64, Ctx, Game, State, MAX_SEATS
from tricks cimport (to_move, follow_suit, play_card, play_child, play_forced_trick, points_left,
                     p_takes_trick)
from ordering cimport order_score
# The hooks of techniques not used here (see above): ext/core/nohooks.pxd.
from nohooks cimport residue_shifts, mid_trick_bound, nobody_takes_all, run_known, own_key, on_p_side, memory_tricks
from trickrule cimport TRICK_BONUS

cdef enum:
    GAME_QUASI = 0              # no quasi-equivalent or dominated cards (above)
    GAME_MEMORY_TRICKS = 5      # the move memory above this many tricks' cards (driver.pxi)
    GAME_P_WANTS_POINTS = 0     # P avoids points: gen_moves' dominant card (movegen.pxd)
    GAME_SUBGAMES = 0           # no sub-games as bounds (game_search.pxd)
    GAME_BOUNDS_AFTER_TABLE = 0 # the cheap bounds before the table's probe (search.pxd)
    MATTAZZA_KEY_SHIFT = 40     # the points code (below 2**23) sits above the cards' 40 bits

cdef inline u64 legal_cards(const Game* g, const State* s, int seat) noexcept nogil:
    # Follow suit if able (tricks.follow_suit); no other rule.
    return follow_suit(g, s, seat)

cdef inline int taken_points(int taken) noexcept nogil:
    # A seat's points from its taken (points + TRICK_BONUS * tricks; the points are fewer).
    return taken % TRICK_BONUS

cdef inline int game_points(int n, const int* pts, const bint* won, int P) noexcept nogil:
    # P's game points at the end of a hand where seat i took pts[i] points (the last trick's
    # included) and won a trick if won[i]: with a seat that won no trick, 1 if P is one of
    # them; else 1 if P has the most points (ties all score).
    cdef int i, most = 0
    for i in range(n):
        if not won[i]:
            return 0 if won[P] else 1
        if pts[i] > most:
            most = pts[i]
    return 1 if pts[P] == most else 0

cdef inline int hand_score(const Game* g, const State* s, int P) noexcept nogil:
    # P's game points at the end of the hand; s.leader won the last trick.
    cdef int pts[MAX_SEATS]
    cdef bint won[MAX_SEATS]
    cdef int i
    for i in range(MAX_SEATS):
        pts[i] = taken_points(s.taken[i])   # (every slot: no compiler warning of unset ones)
        won[i] = s.taken[i] >= TRICK_BONUS
    pts[s.leader] += g.last_trick_points
    return game_points(g.n, pts, won, P)

cdef inline u64 points_code(const Game* g, const State* s, int P) noexcept nogil:
    # What the rest of the hand depends on of the points and tricks taken (at a trick start), as
    # a number below 2**23: which seats have won a trick (4 bits), and for each other seat the
    # difference of its points to P's.  With R points still to take, a seat more than R + 1
    # points above or below P compares the same way with P whatever happens, so its difference
    # is clamped to +-(R + 1); P's own points matter only through these comparisons.  R is
    # known from the cards still held (the table's main key), so the mixed radix 2R + 3 is too.
    cdef int R = points_left(g, s)
    cdef int tP = taken_points(s.taken[P])
    cdef int base = 2 * R + 3
    cdef int i, d
    cdef u64 code = 0
    for i in range(g.n):
        code = code * 2 + (1 if s.taken[i] >= TRICK_BONUS else 0)
    for i in range(g.n):
        if i == P:
            continue
        d = taken_points(s.taken[i]) - tP
        if d > R + 1:
            d = R + 1
        elif d < -(R + 1):
            d = -(R + 1)
        code = code * <u64>base + <u64>(d + R + 1)
    return code

cdef inline u64 score_key(const Game* g, const State* s, int P, int* offset) noexcept nogil:
    # Nothing beyond points_key: the stored bounds are the values themselves (no kin entries).
    offset[0] = 0
    return 0

cdef inline u64 points_key(const Game* g, const State* s, int P) noexcept nogil:
    # The points code above the 40 bits of the cards' key.
    return points_code(g, s, P) << MATTAZZA_KEY_SHIFT

cdef inline void cheap_bounds(const Game* g, const State* s, int P, int* lower, int* upper) noexcept nogil:
    # Bounds on P's game points from the points taken and still to take (R: in the hands, in
    # the trick, and the last trick's 3).  Where P has won a trick it scores only if every seat
    # wins one and it has the most points:
    # - another seat already has more than P can reach (t_Q > t_P + R): P never has the most,
    #   so 0 (with a seat on no trick, P scores 0 too);
    # - every seat has won a trick and none can reach P (t_Q + R < t_P): P alone has the most,
    #   whoever takes the rest, so 1.
    # Otherwise 0 to 1.
    cdef int R = points_left(g, s)
    cdef int tP, tQ, i
    cdef bint all_won = True, alone = True
    lower[0] = 0
    upper[0] = 1
    if s.taken[P] < TRICK_BONUS:
        return
    tP = taken_points(s.taken[P])
    for i in range(g.n):
        if i == P:
            continue
        tQ = taken_points(s.taken[i])
        if tQ > tP + R:
            upper[0] = 0
            return
        if s.taken[i] < TRICK_BONUS:
            all_won = False
        if tQ + R >= tP:
            alone = False
    if all_won and alone:
        lower[0] = 1

cdef inline int set_scoring(Ctx* c, dict scoring) except -1:
    # Mattazza's parameters, from ciapano.engine: {"last_trick_points": 3}.  Raises ValueError
    # for what the core cannot hold.
    cdef Game* g = &c.g
    cdef int su
    for su in range(g.n_suits):
        if g.suit_mask[su] >> MATTAZZA_KEY_SHIFT:
            raise ValueError("suit_masks: the deck must fit in 40 bits (points_key)")
    if g.n > 4:
        raise ValueError(f"players: {g.n} do not fit the key of the tricks taken (4 at most)")
    g.last_trick_points = scoring["last_trick_points"]
    if g.deck_points + g.last_trick_points >= TRICK_BONUS:
        raise ValueError(f"points: {g.deck_points + g.last_trick_points} in a hand do not fit "
                         f"below the trick bonus {TRICK_BONUS} (trickrule.pxd)")
    g.max_value = 1
    return 0
