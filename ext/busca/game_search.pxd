# Busca's sub-game for the skeleton (ext/core/search.pxd, subgame_cut): the points P takes.
#
# The points game: P tries to take as few points as it can from here to the end (the last
# trick's 3 included), every other seat to make it take as many.  Its value A (the least P can
# hold its gain to) is a two-sided minimax of an additive score, like Ciapanò without floors,
# and depends only on the cards still held, who holds them and who leads: not on the points
# taken so far, which split the main search's table entries.  So its table entries serve every
# split of the points, and one search answers for many positions of the main search.
#
# Why it bounds P's busche (docs/rules.md#busca-penalties): P has a strategy that gains it at
# most A more points (the points game's), so P's busche are at most the most it can score over
# every end of the hand where it gains x <= A points and the others share the rest in any way
# (worst_busche, most_busche).  That upper bound is the cut: where it is at or below the main
# search's alpha, the main search needs no more.
from structs cimport u64, Ctx, Game, State, TTEntry, MAX_MOVES, MAX_SEATS, USE_TT, USE_NULLGAME
from bitops cimport popcount64
from tricks cimport play_last_trick_winner, can_duck_everything
from game cimport legal_cards, play_child, to_move, grade, first_trick
from movegen cimport gen_moves
from limits cimport must_stop
from ttable cimport tt_key, tt_probe, tt_store, encode_best, decode_best

cdef enum:
    POINTS_GAME_TAG = 5         # the points game's entries in the table: key2's tag (bits 61-63)

cdef inline int points_game(Ctx* c, const State* s, int alpha, int beta) noexcept nogil:
    # Fail-soft alpha-beta on the points P takes from s to the end (the current trick's if it
    # wins it, the last trick's 3): P minimises them, the others maximise.  A limit that stops
    # the search sets c.aborted; the value is then void.
    cdef const Game* g = &c.g
    cdef int P = c.P
    cdef int v, r, i, nm, seat, gain, a0 = alpha, b0 = beta
    cdef int lower = 0, upper, best = -1, first = -1
    cdef u64 key = 0, k2 = 0
    cdef TTEntry* e
    cdef int moves[MAX_MOVES]
    cdef State child
    c.nodes += 1
    if must_stop(c):
        c.aborted = True
    if c.aborted:
        return 0
    # P takes nothing or everything still to take: the bounds every node starts from, so that
    # a window outside them returns at once (a search with an empty window returns nothing
    # that holds).
    upper = s.out_points + s.trick_points + g.last_trick_points
    if s.count == 0:
        if s.out == 0:
            return g.last_trick_points if s.leader == P else 0
        if popcount64(s.out) == g.n:
            if play_last_trick_winner(g, s) == P:
                return s.out_points + g.last_trick_points
            return 0
        if not first_trick(g, s) and can_duck_everything(g, s, P):
            return 0
        if c.options & USE_TT:
            key = tt_key(c, s)
            k2 = ((<u64>POINTS_GAME_TAG) << 61) | <u64>s.leader | (<u64>P << 3)
            e = tt_probe(&c.tt, key, k2)
            if e != NULL:
                if e.lower > lower:
                    lower = e.lower
                if e.upper < upper:
                    upper = e.upper
                first = decode_best(c, s, e.best)
    if lower >= beta or lower == upper:
        return lower
    if upper <= alpha:
        return upper
    if lower > alpha:
        alpha = lower
    if upper < beta:
        beta = upper
    seat = to_move(g, s)
    nm = gen_moves(c, s, seat, first, moves, NULL, NULL)
    if seat == P:
        v = 127
        for i in range(nm):
            play_child(g, s, &child, seat, moves[i])
            gain = child.taken[P] - s.taken[P]
            r = gain + points_game(c, &child, alpha - gain, beta - gain)
            if c.aborted:
                return 0
            if r < v:
                v = r
                best = moves[i]
                if v <= alpha:
                    break
                if v < beta:
                    beta = v
    else:
        v = -1
        for i in range(nm):
            play_child(g, s, &child, seat, moves[i])
            gain = child.taken[P] - s.taken[P]
            r = gain + points_game(c, &child, alpha - gain, beta - gain)
            if c.aborted:
                return 0
            if r > v:
                v = r
                best = moves[i]
                if v >= beta:
                    break
                if v > alpha:
                    alpha = v
    if s.count == 0 and (c.options & USE_TT):
        if v <= a0:
            lower, upper = 0, v
        elif v >= b0:
            lower, upper = v, 127
        else:
            lower, upper = v, v
        tt_store(&c.tt, key, k2, lower, upper, encode_best(c, s, best), popcount64(s.out), 0)
    return v

cdef inline int worst_busche(const Game* g, const int* t, int P, int R, int x) noexcept nogil:
    # The most busche P can score at the end of the hand when it gains exactly x of the R points
    # still to take (t: the points taken) and the other seats share the rest in any way.
    cdef int fP = t[P] + x
    cdef int rest = R - x
    cdef int i, j, zeros, others_on, need = 0, k, best = 0, smin, smax, mask, m
    cdef int lo[MAX_SEATS]
    cdef int hi[MAX_SEATS]
    cdef int seat[MAX_SEATS]
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
    # Each other seat ends in [lo, hi]: at least 1 if it has none now, at most fP.
    m = 0
    for i in range(g.n):
        if i == P:
            continue
        if t[i] > fP:
            return 0
        lo[m] = 1 if t[i] == 0 else 0
        hi[m] = fP - t[i]
        seat[m] = i
        m += 1
    for mask in range(1 << m):
        # The seats of mask tie with P (gain hi); the others stay below it.
        smin = 0
        smax = 0
        k = 1
        for j in range(m):
            if mask & (1 << j):
                smin += hi[j]
                smax += hi[j]
                k += 1
            elif hi[j] - 1 < lo[j]:
                k = 0
                break
            else:
                smin += lo[j]
                smax += hi[j] - 1
        if k and smin <= rest <= smax and k > best:
            best = k
    return best * grade(fP)

cdef inline int subgame_cut(Ctx* c, const State* s, int alpha, int beta, u64 key, u64 k2,
                            int offset, int lower, int* lost) noexcept nogil:
    # At a trick start the table did not decide (search.pxd): a value at or below alpha that
    # the points game proves (P keeps its gain to A and scores at most most_busche(A)), else -1.
    # With U(a) the most P scores gaining at most a points (nondecreasing in a), the largest a
    # with U(a) <= alpha is asked of the points game with a null window: if A <= a, P's busche
    # are at most U(A).
    cdef const Game* g = &c.g
    cdef int t[MAX_SEATS]
    cdef int R = s.out_points + g.last_trick_points
    cdef int i, x, a = -1, most = 0, w, r
    if not (c.options & USE_NULLGAME):
        return -1
    for i in range(g.n):
        t[i] = s.taken[i]
    for x in range(R + 1):
        w = worst_busche(g, t, c.P, R, x)
        if w > most:
            most = w
        if most > alpha:
            break
        a = x
    if a < 0:
        return -1
    r = points_game(c, s, a, a + 1)
    c.stats.null_tries[0] += 1
    if c.aborted or r > a:
        return -1
    c.stats.null_cuts[0] += 1
    most = 0
    for x in range(r + 1):
        w = worst_busche(g, t, c.P, R, x)
        if w > most:
            most = w
    if c.options & USE_TT:
        tt_store(&c.tt, key, k2, lower - offset, most - offset, -1, 0, 0)
    return most
