# Busca as the search core sees it: the hooks that the shared skeleton (ext/core: search.pxd,
# movegen.pxd, driver.pxi) cimports from `game`.  Compiled into ciapano._engine_busca (setup.py
# puts this directory first on the include path).
#
# Rules (docs/rules.md#busca): four players, no trumps, follow suit (ext/core/tricks.pxd), with
# the first trick's bans (legal_cards below); points: 3 2 K Q J 1, aces 3, the Pita (the ace of
# coins) 8, the last trick 3, 40 in all; the hand's score in busche (hand_score).
#
# Which of the skeleton's techniques run for Busca, and why:
# - rank equivalence (movegen.pxd): sound.  The score depends only on the points each seat takes
#   (and the last trick, which goes to a trick's winner), and two cards of one hand and suit
#   with nothing between them and equal points take the same tricks; the bans fall alike on
#   every coin (the lead) or on the Pita alone (the discard), which no other coin equals in
#   points.
# - relative-rank table keys (ttable.pxd): sound for the same reason; a key holds the cards
#   still held, so a position of the first trick (all 40 held) is never confused with another.
#   The points each seat has taken go into the key as P's and the others' differences to it
#   (points_code): a seat's busche depend on them all, not on residues, so there are no kin
#   entries (residue_shifts is never called).
# - the move order and the move memory: only an order; Ciapanò's weights (ordering.pxd).
# - cheap bounds (cheap_bounds below): proved below for Busca's scoring.
# - endgame families (game_search.pxd, endgame.pxd): exact, not a bound.  The value from a trick
#   start is a game of P against the three others with perfect information whose outcome is
#   the gain vector; the family is built by the minimax over sets of outcomes (its proof there).
# - NOT the quasi-equivalent and dominated cards in the main search (GAME_QUASI 0): their proof
#   moves a few points between two seats and bounds the change of a penalty by floors of
#   thirds; in Busca a point moved can make or unmake the seat with the most points, or a seat
#   with none, and change a penalty by any amount.  The points game, whose score is P's points
#   alone, has its own (game_search.pxd, run_decides: a swap changes P's gain by at most the
#   two cards' difference).
# - NOT Ciapanò's games without points nor its mid-trick bound: their bounds are floors of
#   thirds.  Busca has a sub-game of its own instead (GAME_SUBGAMES, game_search.pxd): the
#   points P takes, whose value bounds P's busche from above.
from structs cimport u64, Ctx, Game, State, MAX_SEATS
from bitops cimport popcount64
from tricks cimport (seat_at, places_after, to_move, follow_suit, apply_card, play_card, play_child,
                     play_forced_trick, play_last_trick_winner, points_left, can_duck_everything, p_takes_trick)
from ordering cimport order_score
# The hooks of techniques not used here (see above): ext/core/nohooks.pxd.
from nohooks cimport residue_shifts, mid_trick_bound, nobody_takes_all, run_known, own_key, on_p_side, memory_tricks

cdef enum:
    GAME_QUASI = 0              # no quasi-equivalent or dominated cards (above)
    GAME_MEMORY_TRICKS = 5      # the move memory above this many tricks' cards (driver.pxi)
    GAME_P_WANTS_POINTS = 0     # P avoids points: gen_moves' dominant card (movegen.pxd)
    GAME_SUBGAMES = 1           # the points P takes as bounds (game_search.pxd)
    GAME_BOUNDS_AFTER_TABLE = 0 # the cheap bounds before the table's probe (search.pxd)
    BUSCA_KEY_SHIFT = 40        # the points code sits above the 40 bits of the cards' key ...
    BUSCA_KEY_BITS = 24         # ... its low 24 bits (points_code), the rest in key2

cdef inline bint first_trick(const Game* g, const State* s) noexcept nogil:
    # Whether s is in the hand's first trick: every card of the deal still held or on the table.
    return popcount64(s.out) + s.count == g.deal_cards

cdef inline u64 legal_cards(const Game* g, const State* s, int seat) noexcept nogil:
    # Follow suit if able (tricks.follow_suit), and the first trick's bans
    # (docs/rules.md#busca-first-trick): no coin led, unless the leader holds only coins; the
    # Pita not discarded by a seat that cannot follow, unless it holds nothing else.
    cdef u64 cards = follow_suit(g, s, seat)
    cdef u64 allowed
    if not first_trick(g, s):
        return cards
    if s.count == 0:
        allowed = cards & ~g.banned_lead
    elif cards & g.suit_mask[s.led_suit]:
        return cards                    # following suit: the Pita may follow a coin led
    else:
        allowed = cards & ~g.banned_discard
    return allowed if allowed else cards

cdef inline int grade(int most) noexcept nogil:
    # The busche of the one seat with the most points (docs/rules.md#busca-penalties): 1 up to
    # 18 points, 2 for 19-22, one more per point above 22.
    if most <= 18:
        return 1
    if most <= 22:
        return 2
    return most - 20

cdef inline int busche(int n, const int* pts, int P) noexcept nogil:
    # P's busche at the end of a hand where seat i took pts[i] points, the last trick's
    # included: with seats on no points, each of them scores their number (1, 2, or 3 when one
    # seat took all); else the k seats tied for the most score k * grade(most) each.
    cdef int i, zeros = 0, most = 0, k = 0
    for i in range(n):
        if pts[i] == 0:
            zeros += 1
        if pts[i] > most:
            most = pts[i]
    if zeros:
        return zeros if pts[P] == 0 else 0
    if pts[P] != most:
        return 0
    for i in range(n):
        if pts[i] == most:
            k += 1
    return k * grade(most)

cdef inline int hand_score(const Game* g, const State* s, int P) noexcept nogil:
    # P's busche at the end of the hand; s.leader won the last trick.
    cdef int pts[MAX_SEATS]
    cdef int i
    for i in range(MAX_SEATS):
        pts[i] = s.taken[i]             # (every slot: no compiler warning of unset ones)
    pts[s.leader] += g.last_trick_points
    return busche(g.n, pts, P)

cdef inline u64 points_code(const Game* g, const State* s, int P) noexcept nogil:
    # What the rest of the hand depends on of the points taken (at a trick start), as a number
    # below 2**26.  P's busche depend on P's final points f_P (the busche of the most points:
    # grade), on which seats end on none, and on how each other seat's final points compare
    # with P's (whether P has the most, and how many tie it).  With R points still to take, the
    # seats' gains differ by at most R, so a seat Q more than R + 1 points above or below P
    # compares the same way with P whatever happens: its difference t_Q - t_P is clamped to
    # +-(R + 1).  So the key is t_P, and for each other seat its clamped difference, with one
    # more code, -(R + 2), for a seat on no points below the clamp (its being on none matters;
    # unclamped, t_Q = 0 reads as t_Q - t_P = -t_P).  R is known from the cards still held
    # (the table's main key), so the mixed radix 2R + 4 is too.
    cdef int R = points_left(g, s)
    cdef int tP = s.taken[P]
    cdef int base = 2 * R + 4
    cdef int i, d
    cdef u64 code = <u64>tP
    for i in range(g.n):
        if i == P:
            continue
        d = s.taken[i] - tP
        if d > R + 1:
            d = R + 1
        elif d < -(R + 1):
            d = -(R + 2) if s.taken[i] == 0 else -(R + 1)
        code = code * <u64>base + <u64>(d + R + 2)
    return code

cdef inline u64 score_key(const Game* g, const State* s, int P, int* offset) noexcept nogil:
    # The points code's bits above the 24 that points_key puts in the main key: at most 2, in
    # the bits of key2 that no kin lookup ignores (ttable.layout_of); the stored bounds are the
    # values themselves.
    offset[0] = 0
    return points_code(g, s, P) >> BUSCA_KEY_BITS

cdef inline u64 points_key(const Game* g, const State* s, int P) noexcept nogil:
    # The low 24 bits of the points code, above the 40 bits of the cards' key.
    return (points_code(g, s, P) & ((<u64>1 << BUSCA_KEY_BITS) - 1)) << BUSCA_KEY_SHIFT

cdef extern from *:
    """
    /* The subsets of m <= 3 seats, the largest first (game.worst_busche). */
    static const unsigned char busca_tie_order[4][8] = {
        {0}, {1, 0}, {3, 1, 2, 0}, {7, 3, 5, 6, 1, 2, 4, 0}};
    """
    const unsigned char busca_tie_order[4][8]

cdef inline int worst_busche(const Game* g, const int* t, int P, int R, int x) noexcept nogil:
    # The most busche P can score at the end of the hand when it gains exactly x of the R points
    # still to take (t: the points taken) and the other seats share the rest in any way.
    cdef int fP = t[P] + x
    cdef int rest = R - x
    cdef int i, j, zeros, others_on, k, smin, smax, mask, m, shi = 0, slo = 0, must = 0
    cdef int lo[MAX_SEATS]
    cdef int hi[MAX_SEATS]
    if fP == 0:
        # P on none scores the seats on none: the most is every seat on none now, but one of
        # them if the rest must go to a seat on none.
        zeros = 1
        others_on = 0
        for i in range(g.n):
            if i != P:
                if t[i] == 0:
                    zeros += 1
                else:
                    others_on += 1
        if rest > 0 and others_on == 0:
            zeros -= 1
        return zeros
    # P has points: it scores only with no seat on none and the most points, k tied with it.
    # Each other seat ends in [lo, hi]: at least 1 if it has none now, at most fP.  The seats of
    # a subset tie with P (each gains exactly hi); the others stay below it (a gain in
    # [lo, hi - 1], which must not be empty).  The subset is feasible when the rest can be
    # shared so: sum of its hi plus the others' lo <= rest <= sum of its hi plus the others'
    # hi - 1.  The subsets are tried from the largest (busca_tie_order), so the first feasible one
    # gives the most seats tied.
    m = 0
    for i in range(g.n):
        if i == P:
            continue
        if t[i] > fP:
            return 0
        lo[m] = 1 if t[i] == 0 else 0
        hi[m] = fP - t[i]
        shi += hi[m]
        slo += lo[m]
        if hi[m] - 1 < lo[m]:
            must |= 1 << m              # it cannot stay below P: no subset without it fits
        m += 1
    for j in range(1 << m):
        mask = busca_tie_order[m][j]
        if (mask & must) != must:
            continue
        smin = slo
        k = 1
        for i in range(m):
            if mask & (1 << i):
                smin += hi[i] - lo[i]
                k += 1
        smax = shi - (m + 1 - k)
        if smin <= rest <= smax:
            return k * grade(fP)
    return 0

cdef inline int seats_reaching(const Game* g, const int* t, int P, int most, int still) noexcept nogil:
    # 1 + the other seats that can still end with `most` points or more (t: points taken,
    # still: points not yet taken by anyone): the most seats that can tie P on `most`.
    cdef int i, k = 1
    for i in range(g.n):
        if i != P and t[i] + still >= most:
            k += 1
    return k

cdef inline void cheap_bounds(const Game* g, const State* s, int P, int* lower, int* upper) noexcept nogil:
    # Bounds on P's busche from the points taken (t) and those still to take (R: in the hands,
    # in the trick, and the last trick's 3).  P's final points lie in [t_P, t_P + R].
    # - P has points: it never scores for having none, so it scores only with the most points
    #   at the end.  If another seat already has more than P can reach: 0.  Else at most k
    #   seats tie on the most, M <= t_P + R, and grade is monotone: k * grade(t_P + R).  If
    #   every seat has points and none can reach t_P, P alone has the most: grade(t_P) at least.
    # - P has none: it scores at most the number of seats now on none if it ends on none, or,
    #   if it takes some, k * grade(R) as above.
    # - P can lose every remaining trick (tricks.can_duck_everything; not in the first trick,
    #   whose lead is banned from coins): then its final points are t_P, and it scores at most
    #   worst_busche(0), the most over every way the others can share the rest.
    cdef int t[MAX_SEATS]
    cdef int i, zeros = 0, R, hi, duck_hi
    cdef int tP = s.taken[P]
    cdef bint alone = True
    R = points_left(g, s)
    for i in range(g.n):
        t[i] = s.taken[i]
        if t[i] == 0:
            zeros += 1
    lower[0] = 0
    if tP > 0:
        for i in range(g.n):
            if i != P and t[i] > tP + R:
                upper[0] = 0
                return
            if i != P and t[i] + R >= tP:
                alone = False
        hi = seats_reaching(g, t, P, tP, R) * grade(tP + R)
        if alone and zeros == 0:
            lower[0] = grade(tP)
    else:
        hi = seats_reaching(g, t, P, 1, R) * grade(R)
        if zeros > hi:
            hi = zeros
    if s.count == 0 and not first_trick(g, s) and can_duck_everything(g, s, P):
        duck_hi = worst_busche(g, t, P, R, 0)
        if duck_hi < hi:
            hi = duck_hi
    if hi > g.max_value:
        hi = g.max_value
    if lower[0] > hi:
        lower[0] = hi                   # (cannot happen; keeps lower <= upper)
    upper[0] = hi

cdef inline int set_scoring(Ctx* c, dict scoring) except -1:
    # Busca's parameters, from ciapano.engine: {"last_trick_points": 3, "banned_lead": the
    # coins' mask, "banned_discard": the Pita's mask, "deal_cards": 40}.  Raises ValueError for
    # what the core cannot hold.
    cdef Game* g = &c.g
    cdef int k, most, total, su
    for su in range(g.n_suits):
        if g.suit_mask[su] >> BUSCA_KEY_SHIFT:
            raise ValueError("suit_masks: the deck must fit in 40 bits (points_key)")
    if g.n > 4:
        raise ValueError(f"players: {g.n} do not fit the key of the points taken (4 at most)")
    g.last_trick_points = scoring["last_trick_points"]
    g.banned_lead = scoring["banned_lead"]
    g.banned_discard = scoring["banned_discard"]
    g.deal_cards = scoring["deal_cards"]
    total = g.deck_points + g.last_trick_points
    if total > 40:
        raise ValueError(f"points: {total} in a hand do not fit the key (40 at most: points_code)")
    # The most busche a seat can score: with seats on no points, n - 1; else k seats tied on
    # the most, every other seat on 1 point at least.
    g.max_value = g.n - 1
    for k in range(1, g.n + 1):
        most = (total - (g.n - k)) // k
        if most > 0 and k * grade(most) > g.max_value:
            g.max_value = k * grade(most)
    return 0
