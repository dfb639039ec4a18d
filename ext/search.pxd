# The search: fail-soft alpha-beta on the paranoid minimax (RULES.md, "Double-dummy value").
# The perspective seat P minimises its penalty; every other seat maximises it.  A call with
# window (alpha, beta) returns v such that: v <= alpha means value <= v; v >= beta means
# value >= v; otherwise value == v.  The driver (_core.pyx) calls it with null windows.
# When a limit stops it (c.aborted), it returns at once without storing anything: the
# caller must then ignore the value.
from structs cimport (u64, Game, State, Ctx, TTEntry, MAX_MOVES, KEY_WORDS, TT_WAYS, USE_TT, USE_BOUNDS, CAPPOTTO_OFF,
                      USE_NULLGAME, USE_LASTTRICK, USE_QUASI)
from bitops cimport popcount64
from gamerules cimport (hand_score, to_move, whole_points, play_child, play_forced_trick, score_key,
                       residue_shifts, residue)
from movegen cimport gen_moves
from bounds cimport cheap_bounds, mid_trick_bound, nobody_takes_all, other_may_take_all, free_others_floor, free_upper
from nullgame cimport points_free_search, NULL_GAME
from limits cimport must_stop

cdef enum:
    NULL_MIN_TRICKS = 2         # tricks left from which the games without points are tried
    NULL_BUDGET = 4096          # nodes one search of the null game may use
    LAST_TRICK_BUDGET = 1024    # ... of the last-trick game

from ttable cimport (entry_key2, entry_free, tt_key, tt_prefetch, tt_probe_layout, tt_store, K2_RESIDUE_SHIFT,
                    encode_best, decode_best, LOWER_FREE, UPPER_FREE)

# Residue-free bounds.  A table entry's bounds are relative to P's floor, and its key holds the
# residues (thirds mod 3) of every seat's points taken: P's score depends on the others' only
# when P wins the last trick (11 minus their floors).  Positions of the same layout that differ
# only in the others' residues (kin, ttable.pxd) are half the trick starts expanded on full
# deals, and their values nearly always agree (97% of the kin that would have cut off with no
# shift did cut off once searched), but residue_shifts can only carry a kin's bounds over
# with a shift of up to a point or two.  So each search also reports (Ctx.dep) whether the
# bound it returns depends on the others' residues, and each entry keeps a flag per bound
# (ttable.LOWER_FREE, UPPER_FREE).  A bound is free when every leaf of its proof is: an end of
# the hand that P does not win the last trick of, P's floors and the games without points, and
# the bounds below that are made to hold for every split of the others' thirds among them
# (bounds.free_others_floor), used where they still decide the window; a cut-off node's bound
# is its cutting child's, an all-node's needs every child's.  A free bound was proved by a
# strategy whose every leaf bound depends on P's thirds only, and never falls as they grow,
# and no seat can take every point in a position whose key says so (holder n + 1, which kin
# need): so a kin's free lower bound holds here with no shift if P's residue there is at most
# ours, and its free upper bound if it is at least ours.  Full deals, every card, 20 seeded
# deals each: nodes 3 players -4.8%, 4 players -3.1%, 5 players -1.9%.

cdef inline bint quasi_known(const int* runs, int* known, int i, int sign, int bound,
                             int* src) noexcept nogil:
    # Quasi-equivalent cards (after Kupferschmid and Helmert's quasi-symmetry for Skat): two
    # cards of one hand and suit with no card in play between them but unequal points lead to
    # mirror lines with the same trick winners, the points of the two cards swapped.  That moves
    # at most 3 thirds from one seat to another, which changes any seat's penalty by at most 1
    # (floors of thirds; the others' floors for the last trick's winner) unless it makes or
    # breaks a cappotto.  So a card's value is within 1 of any searched card of its run.  For a
    # maximising seat (sign 1): if a searched card of the run has a value <= bound - 1, this one
    # is <= bound, which cannot raise the node above alpha = bound; known[i] is set to that
    # bound.  For P (sign -1): >= bound + 1 gives >= bound = beta.  Fail-soft values only: a
    # value at or below alpha is an upper bound, at or above beta a lower bound.
    cdef int j
    for j in range(i):
        if runs[j] == runs[i]:
            if sign > 0 and known[j] <= bound - 1:
                known[i] = known[j] + 1
                src[0] = j
                return True
            if sign < 0 and known[j] >= bound + 1:
                known[i] = known[j] - 1
                src[0] = j
                return True
    return False

cdef inline int end_score(Ctx* c, const State* s, int alpha, int beta) noexcept nogil:
    # P's score at the end of the hand, as search returns it: when P won the last trick, its
    # score depends on the floors of the others' thirds; a bound that holds for every split of
    # their thirds among them is returned instead where it decides the window.
    cdef const Game* g = &c.g
    cdef int v = hand_score(g, s, c.P)
    cdef int i, holders = 0, units = 0, f
    c.dep = 0
    if s.leader != c.P:
        return v
    for i in range(g.n):
        if s.taken[i] > 0 or (i == s.leader and g.discard_points > 0):
            holders += 1
        if i != c.P:
            units += s.taken[i]
    c.dep = 1
    if holders < 2 and g.cappotto != CAPPOTTO_OFF:
        return v
    if v >= beta:
        f = g.hand_points - whole_points(g, units)
        if f >= beta:
            c.dep = 0
            return f
    elif v <= alpha:
        f = g.hand_points - free_others_floor(g, units)
        if f <= alpha:
            c.dep = 0
            return f
    return v

cdef inline void prefetch_children(Ctx* c, const State* s, int seat, const int* moves, int nm) noexcept nogil:
    # At the last card of a trick: start loading the table buckets of every child (trick
    # starts, which probe the table at once), so that their cache misses overlap.  Paired
    # runs of full deals: -5% for the seats other than P (nearly always all-nodes, every child
    # probed), and another -4% for P too (the children a cut-off skips cost a key each).
    cdef State child
    cdef u64 key[KEY_WORDS]
    cdef int i, offset
    cdef u64 sk
    for i in range(nm):
        play_child(&c.g, s, &child, seat, moves[i])
        if popcount64(child.out) <= c.g.n:
            return
        tt_key(c, &child, key)
        sk = score_key(&c.g, &child, c.P, &offset)
        tt_prefetch(&c.tt, key, ((<u64>1) << 63) | <u64>child.leader | (<u64>c.P << 3) | (sk << 6))

cdef inline int search(Ctx* c, const State* s, int alpha, int beta) noexcept nogil:
    cdef const Game* g = &c.g
    cdef int lower = 0
    cdef int upper = g.hand_points
    cdef int v, r, i, nm, seat, a0, b0
    cdef int best = -1
    cdef int first = -1
    cdef int offset = 0
    cdef int bound, kind
    cdef u64 budget, budget0
    cdef TTEntry* e
    cdef TTEntry* kin[TT_WAYS]
    cdef int nkin, up, down
    cdef bint by_kin
    cdef u64 key[KEY_WORDS]
    cdef u64 k2 = 0
    cdef u64 sk = 0
    cdef int moves[MAX_MOVES]
    cdef int runs[MAX_MOVES]
    cdef int known[MAX_MOVES]
    cdef bint quasi
    cdef State child
    cdef int ldep = 0           # whether lower, upper, the value found, ... depend on the
    cdef int udep = 0           # residues of the thirds the other seats have taken
    cdef int vdep = 0
    cdef int alldep = 0
    cdef int kdep[MAX_MOVES]
    cdef int rp, rk, d, f, src = 0, ufree = 0
    c.nodes += 1
    c.dep = 1
    if must_stop(c):
        c.aborted = True
    if c.aborted:
        return 0
    if s.count == 0:
        if s.out == 0:
            return end_score(c, s, alpha, beta)
        if popcount64(s.out) == g.n:
            child = s[0]
            play_forced_trick(g, &child)
            return end_score(c, &child, alpha, beta)
        c.stats.trick_starts += 1
        if c.options & USE_BOUNDS:
            cheap_bounds(g, s, c.P, &lower, &upper, &udep)
            if lower >= beta:
                c.stats.bound_cuts += 1
                c.dep = 0
                return lower
            if upper <= alpha or lower == upper:
                c.stats.bound_cuts += 1
                c.dep = udep
                if udep:
                    ufree = free_upper(g, s, c.P)
                    if ufree <= alpha:
                        c.dep = 0
                        return ufree
                return upper
        if c.options & USE_TT:
            tt_key(c, s, key)
            sk = score_key(g, s, c.P, &offset)
            k2 = ((<u64>1) << 63) | <u64>s.leader | (<u64>c.P << 3) | (sk << 6)
            e = tt_probe_layout(&c.tt, key, k2, kin, &nkin)
            if e != NULL:
                d = 0 if entry_free(e) & LOWER_FREE else 1
                if e.lower + offset > lower or (e.lower + offset == lower and d < ldep):
                    lower = e.lower + offset
                    ldep = d
                d = 0 if entry_free(e) & UPPER_FREE else 1
                if e.upper + offset < upper or (e.upper + offset == upper and d < udep):
                    upper = e.upper + offset
                    udep = d
                first = decode_best(c, s, e.best)
            by_kin = False
            if not (lower >= beta or lower == upper or upper <= alpha):
                rp = residue(g, s.taken[c.P])
                for i in range(nkin):
                    # Entries of the same cards with other residues of the thirds taken.
                    if not residue_shifts(g, sk, entry_key2(kin[i]) >> 6, c.P, s.taken[c.P], &up, &down):
                        break
                    # Residue-free bounds: P's residue rk there at most ours (lower) or at
                    # least ours (upper) bounds ours with no shift.
                    f = entry_free(kin[i])
                    if f:
                        # Residue-free bounds: with P's residue there at most ours, the
                        # lower bound holds here with no shift; at least ours, the upper.
                        rk = <int>((entry_key2(kin[i]) >> (K2_RESIDUE_SHIFT + 2 * c.P)) & 3)
                        if not (rk <= rp):
                            f &= ~LOWER_FREE
                        if not (rk >= rp):
                            f &= ~UPPER_FREE
                    if f & LOWER_FREE:
                        if kin[i].lower + offset > lower or (kin[i].lower + offset == lower and ldep):
                            if down < 0 and kin[i].lower + offset > lower:
                                c.stats.free_kin += 1
                            lower = kin[i].lower + offset
                            ldep = 0
                    elif kin[i].lower + down + offset > lower:
                        lower = kin[i].lower + down + offset
                        ldep = 1
                    if f & UPPER_FREE:
                        if kin[i].upper + offset < upper or (kin[i].upper + offset == upper and udep):
                            if up > 0 and kin[i].upper + offset < upper:
                                c.stats.free_kin += 1
                            upper = kin[i].upper + offset
                            udep = 0
                    elif kin[i].upper + up + offset < upper:
                        upper = kin[i].upper + up + offset
                        udep = 1
                    if first < 0:
                        first = decode_best(c, s, kin[i].best)
                by_kin = nkin > 0
            if lower >= beta or lower == upper or upper <= alpha:
                if by_kin:
                    c.stats.kin_cuts += 1
                else:
                    c.stats.tt_cuts += 1
                if lower >= beta:
                    c.dep = ldep
                    return lower
                if lower == upper:
                    c.dep = ldep | udep
                    return lower
                c.dep = udep
                return upper
        if lower > alpha:
            alpha = lower
        if upper < beta:
            beta = upper
        if popcount64(s.out) >= NULL_MIN_TRICKS * g.n and not other_may_take_all(g, s, c.P):
            # The games without points (nullgame.pxd) as bounds: if P can lose every trick
            # from here, its floor now is its score; if it can keep from winning the last
            # trick, it scores at most the floor of its thirds with every third still held.
            for kind in range(2):
                if kind == NULL_GAME:
                    bound = whole_points(g, s.taken[c.P])
                    if not (c.options & USE_NULLGAME):
                        continue
                else:
                    bound = whole_points(g, s.taken[c.P] + s.out_points)
                    if not (c.options & USE_LASTTRICK):
                        continue
                if bound > alpha or bound >= upper:
                    continue
                budget = NULL_BUDGET if kind == NULL_GAME else LAST_TRICK_BUDGET
                budget0 = budget
                r = points_free_search(c, s, &budget, kind)
                c.stats.null_tries[kind] += 1
                c.stats.null_nodes[kind] += budget0 - budget
                if r < 0:
                    c.stats.null_unknown[kind] += 1
                if c.aborted:
                    return 0
                if r == 1:
                    c.stats.null_cuts[kind] += 1
                    if c.options & USE_TT:
                        tt_store(&c.tt, key, k2, lower - offset, bound - offset, -1,
                                 popcount64(s.out), (0 if ldep else LOWER_FREE) | UPPER_FREE)
                    c.dep = 0
                    return bound
    elif c.options & USE_BOUNDS:
        r = mid_trick_bound(g, s, c.P, alpha, beta, &d)
        if r >= 0:
            c.stats.mid_cuts += 1
            c.dep = d
            return r
    a0 = alpha
    b0 = beta
    if s.count == 0:
        c.stats.expanded[popcount64(s.out) // g.n] += 1
    seat = to_move(g, s)
    nm = gen_moves(c, s, seat, first, moves, runs)
    quasi = (c.options & USE_QUASI) != 0 and nobody_takes_all(g, s)
    if s.count == g.n - 1 and nm >= 2 and (c.options & USE_TT):
        prefetch_children(c, s, seat, moves, nm)
    if seat == c.P:
        c.stats.p_nodes += 1
        v = 127
        for i in range(nm):
            if quasi and quasi_known(runs, known, i, -1, beta, &src):
                # A card of the same run is known to be at least beta + 1: this one is >= beta.
                r = known[i]
                kdep[i] = kdep[src]
                c.stats.quasi_cuts += 1
            else:
                play_child(g, s, &child, seat, moves[i])
                r = search(c, &child, alpha, beta)
                if c.aborted:
                    return 0
                known[i] = r
                kdep[i] = c.dep
                c.stats.p_moves += 1
            alldep |= kdep[i]
            if r < v:
                v = r
                best = moves[i]
                if v <= alpha:
                    vdep = kdep[i]
                    c.stats.p_cut[i if i < 3 else 3] += 1
                    break
                if v < beta:
                    beta = v
        else:
            vdep = alldep
            c.stats.p_all += 1
    else:
        c.stats.o_nodes += 1
        v = -1
        for i in range(nm):
            if quasi and quasi_known(runs, known, i, 1, alpha, &src):
                r = known[i]
                kdep[i] = kdep[src]
                c.stats.quasi_cuts += 1
            else:
                play_child(g, s, &child, seat, moves[i])
                r = search(c, &child, alpha, beta)
                if c.aborted:
                    return 0
                known[i] = r
                kdep[i] = c.dep
                c.stats.o_moves += 1
            alldep |= kdep[i]
            if r > v:
                v = r
                best = moves[i]
                if v >= beta:
                    vdep = kdep[i]
                    c.stats.o_cut[i if i < 3 else 3] += 1
                    break
                if v > alpha:
                    alpha = v
        else:
            vdep = alldep
            c.stats.o_all += 1
    if s.count == 0 and (c.options & USE_TT):
        if v <= a0:
            if v < upper or (v == upper and vdep < udep):
                upper = v
                udep = vdep
        elif v >= b0:
            if v > lower or (v == lower and vdep < ldep):
                lower = v
                ldep = vdep
        else:
            lower = v
            upper = v
            ldep = vdep
            udep = vdep
        tt_store(&c.tt, key, k2, lower - offset, upper - offset, encode_best(c, s, best),
                 popcount64(s.out), (0 if ldep else LOWER_FREE) | (0 if udep else UPPER_FREE))
    c.dep = vdep
    return v
