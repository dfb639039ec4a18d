# The search: fail-soft alpha-beta on the paranoid minimax (RULES.md, "Double-dummy value").
# The perspective seat P minimises its penalty; every other seat maximises it.  A call with
# window (alpha, beta) returns v such that: v <= alpha means value <= v; v >= beta means
# value >= v; otherwise value == v.  The driver (_core.pyx) calls it with null windows.
# When a limit stops it (c.aborted), it returns at once without storing anything: the
# caller must then ignore the value.
from structs cimport (u64, Game, State, Ctx, TTEntry, MAX_MOVES, TT_WAYS, USE_TT, USE_BOUNDS, USE_ORDERING, USE_EQUIVALENCE,
                      USE_NULLGAME, USE_LASTTRICK, USE_QUASI)
from bitops cimport popcount64, lowest_bit, bit
from gamerules cimport legal_cards, hand_score, to_move, whole_points, play_child, play_last_trick, score_key, residue_shifts
from movegen cimport p_takes_trick, gen_moves, memory_hash, remembered_move, remember_move, equivalent, separating_cards
from bounds cimport cheap_bounds, mid_trick_bound, nobody_takes_all, other_may_take_all
from nullgame cimport points_free_search, k_trick_game, game_strength, NULL_GAME, LAST_TRICK_GAME, MAX_TRICKS_GAME
from limits cimport must_stop

cdef enum:
    NULL_MIN_TRICKS = 2         # tricks left from which the games without points are tried
    NULL_BUDGET = 4096          # nodes one search of the null game may use
    LAST_TRICK_BUDGET = 1024    # ... of the last-trick game

from ttable cimport entry_key2, entry_lost, tt_key, tt_prefetch, tt_probe_layout, tt_store, K2_RESIDUE_SHIFT, encode_best, decode_best

cdef inline int run_known(const Game* g, const State* s, int P, int seat, const int* moves,
                          const int* runs, int* known, int i, int bound, bint any_points) noexcept nogil:
    # Whether a card of the run of moves[i] already searched decides it (known[i] set to the
    # bound it gives): 2 by dominance, where P surely wins the trick with either card
    # (movegen.p_takes_trick); 1 by quasi-equivalence; 0 if neither.
    #
    # Quasi-equivalence (after Kupferschmid and Helmert's quasi-symmetry for Skat): two cards
    # of one hand and suit with no card in play between them but unequal points lead to mirror
    # lines with the same trick winners, the points of the two cards swapped.  That moves at
    # most 3 thirds from one seat to another, which changes any seat's penalty by at most 1
    # (floors of thirds; the others' floors for the last trick's winner) unless it makes or
    # breaks a cappotto.  It cannot when both cards carry points: if one seat wins both tricks
    # the swap changes nothing, and if two seats win them both hold points in either line, so
    # nobody takes every point.  So a card's value is within 1 of any searched card of its run
    # once two seats hold points (any_points), and before that if both cards carry points.
    # That second case (an ace next to a 2 or a king), against none while a cappotto is open:
    # same values, nodes -0.8% and -1.0% (3 players, 8 and 9 deals), -0.5% (4 players, 8), -2.2%
    # (5 players, 6).  For a maximising seat: if a searched card of the run has a value
    # <= bound - 1, this one is <= bound, which cannot raise the node above alpha = bound;
    # known[i] is set to that bound.  For P: >= bound + 1 gives >= bound = beta.  Fail-soft
    # values only: a value at or below alpha is an upper bound, at or above beta a lower bound.
    #
    # Dominance: in the mirror lines, P takes the card played now and the other card goes
    # later to the winner W of another trick.  If W is P the totals are the same; if not, the
    # card with more points moves thirds from W to P, which never lowers P's score (its floor
    # grows; as the last trick's winner, W's floor shrinks), under the same condition on
    # cappotto.  So for another seat the card with fewer points is worth at most the one with
    # more: once that one is known <= alpha = bound, so is this one.  For P the card with more
    # points is worth at least the one with fewer: once that is >= beta = bound, so is this
    # one.  gen_moves tries the dominant card of a run first.  Every card of seeded deals, the
    # same values (and 180 positions of 3 to 5 seats after 3-7 tricks, every card and seat):
    # nodes 3 players -4.0% and -9.9% (8 and 9 deals), 4 players -6.9% (8), 5 players -0.9% (6);
    # without the order in gen_moves 3 players -1.5% (the first 8 deals).
    cdef int j, pj
    cdef int pi = g.points[moves[i]]
    cdef int takes = -1
    for j in range(i):
        if runs[j] != runs[i]:
            continue
        pj = g.points[moves[j]]
        if not (any_points or (pi > 0 and pj > 0)):
            continue
        if seat != P:
            if pj > pi and known[j] <= bound:
                if takes < 0:
                    takes = p_takes_trick(g, s, P, seat, moves[i])
                if takes:
                    known[i] = known[j]
                    return 2
            if known[j] <= bound - 1:
                known[i] = known[j] + 1
                return 1
        else:
            if pj < pi and known[j] >= bound:
                if takes < 0:
                    takes = p_takes_trick(g, s, P, seat, moves[i])
                if takes:
                    known[i] = known[j]
                    return 2
            if known[j] >= bound + 1:
                known[i] = known[j] - 1
                return 1
    return 0

cdef inline void top_points(const Game* g, u64 out, int* tops, int count) noexcept nogil:
    # tops[j] = the sum of the j largest card points among the cards of out, for j <= count:
    # the most that j of them can carry.
    cdef int best[MAX_TRICKS_GAME]
    cdef int i, j, p
    cdef u64 m = out & g.point_cards
    tops[0] = 0
    if count <= 0:
        return
    for i in range(count):
        best[i] = 0
    while m:
        p = g.points[lowest_bit(m)]
        m &= m - 1
        if p > best[count - 1]:
            j = count - 1
            while j > 0 and best[j - 1] < p:
                best[j] = best[j - 1]
                j -= 1
            best[j] = p
    for i in range(count):
        tops[i + 1] = tops[i] + best[i]

cdef inline void prefetch_child(Ctx* c, const State* s, int seat, int move) noexcept nogil:
    # At the last card of a trick: start loading the table bucket of the trick start after
    # `move` (which probes the table at once), so that its cache miss overlaps other work.
    cdef State child
    cdef u64 key
    cdef int offset
    cdef u64 sk
    play_child(&c.g, s, &child, seat, move)
    key = tt_key(c, &child)
    sk = score_key(&c.g, &child, c.P, &offset)
    tt_prefetch(&c.tt, key, ((<u64>1) << 63) | <u64>child.leader | (<u64>c.P << 3) | (sk << 6))

cdef inline bint ahead_ok(const Ctx* c, const State* s) noexcept nogil:
    # Whether the children's table buckets are worth prefetching: at the last card of a trick
    # (the children are trick starts, which probe the table at once), not the last trick.
    return s.count == c.g.n - 1 and (c.options & USE_TT) != 0 and popcount64(s.out) > c.g.n + 1

cdef inline bint heads_class(const Ctx* c, const State* s, int seat, int card) noexcept nogil:
    # Whether `card` is a legal card of `seat` (to move) that gen_moves would list: the highest
    # card of its class of equivalent cards (movegen.pxd).  A remembered card may be neither
    # (the move memory's slots hold 9 bits of their key's hash).
    cdef const Game* g = &c.g
    cdef u64 legal = legal_cards(g, s, seat)
    cdef u64 above
    if card < 0 or card >= 64 or not (legal & bit(card)):
        return False
    if not (c.options & USE_EQUIVALENCE):
        return True
    above = legal & g.suit_mask[g.suit_of[card]] & ~(bit(card + 1) - 1)
    return above == 0 or not equivalent(g, separating_cards(s), card, lowest_bit(above))

cdef inline int move_value(Ctx* c, const State* s, int seat, const int* moves, const int* runs,
                           int* known, int i, int nm, int start, int alpha, int beta, bint quasi,
                           bint quasi_any, bint ahead) noexcept nogil:
    # The value of moves[i] for the seat to move (fail-soft in the window): from a card of its
    # run searched before (run_known, against beta for P and alpha for the others), or
    # searched, with the next card's bucket prefetched (ahead: one ahead from the card after
    # moves[start]).  The caller checks c.aborted.
    cdef State child
    cdef int r, k = 0
    if quasi:
        k = run_known(&c.g, s, c.P, seat, moves, runs, known, i, beta if seat == c.P else alpha,
                      quasi_any)
    if k:
        if k == 1:
            c.stats.quasi_cuts += 1
        else:
            c.stats.dominance_cuts += 1
        return known[i]
    if ahead and i + 1 < nm and i > start:
        prefetch_child(c, s, seat, moves[i + 1])
    play_child(&c.g, s, &child, seat, moves[i])
    r = search(c, &child, alpha, beta)
    known[i] = r
    if seat == c.P:
        c.stats.p_moves += 1
    else:
        c.stats.o_moves += 1
    return r

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
    cdef int nkin = 0, up, down
    cdef int lost = 0
    cdef bint by_kin, hint_best
    cdef bint use_memory
    cdef u64 mh = 0
    cdef u64 key = 0
    cdef u64 k2 = 0
    cdef u64 sk = 0
    cdef int moves[MAX_MOVES]
    cdef int runs[MAX_MOVES]
    cdef int known[MAX_MOVES]
    cdef bint quasi, quasi_any, mates, ahead
    cdef int tops[MAX_TRICKS_GAME + 1]
    cdef int tops_seat[MAX_TRICKS_GAME + 1]
    cdef int k, j, start
    c.nodes += 1
    if must_stop(c):
        c.aborted = True
    if c.aborted:
        return 0
    if s.count == 0:
        if s.out == 0:
            return hand_score(g, s, c.P)
        if popcount64(s.out) == g.n:
            return play_last_trick(g, s, c.P)
        c.stats.trick_starts += 1
        if c.options & USE_BOUNDS:
            cheap_bounds(g, s, c.P, &lower, &upper)
            if lower >= beta or lower == upper:
                c.stats.bound_cuts += 1
                return lower
            if upper <= alpha:
                c.stats.bound_cuts += 1
                return upper
        if c.options & USE_TT:
            key = tt_key(c, s)
            sk = score_key(g, s, c.P, &offset)
            k2 = ((<u64>1) << 63) | <u64>s.leader | (<u64>c.P << 3) | (sk << 6)
            e = tt_probe_layout(&c.tt, key, k2, kin, &nkin)
            hint_best = s.leader != c.P      # (below: the table's card first only then)
            if e != NULL:
                if e.lower + offset > lower:
                    lower = e.lower + offset
                if e.upper + offset < upper:
                    upper = e.upper + offset
                if hint_best:
                    # The stored best card first where another seat leads, not where P does:
                    # there the static order (and the move memory) is the better first try.
                    # Every card of seeded deals, against every leader's: nodes -0.8% and -0.9%
                    # (3 players, 8 and 9 deals), -0.2% (4 players, 8), -0.1% (5 players, 6);
                    # the stored card first nowhere: -0.65% (3 players, 8 deals).
                    first = decode_best(c, s, e.best)
            by_kin = False
            if not (lower >= beta or lower == upper or upper <= alpha):
                for i in range(nkin):
                    # Entries of the same cards with other residues of the thirds taken.
                    if not residue_shifts(g, sk, entry_key2(kin[i]) >> 6, c.P, s.taken[c.P], &up, &down):
                        break
                    if kin[i].lower + down + offset > lower:
                        lower = kin[i].lower + down + offset
                    if kin[i].upper + up + offset < upper:
                        upper = kin[i].upper + up + offset
                    if first < 0 and hint_best:
                        first = decode_best(c, s, kin[i].best)
                by_kin = nkin > 0
            if lower >= beta or lower == upper or upper <= alpha:
                if by_kin:
                    c.stats.kin_cuts += 1
                else:
                    c.stats.tt_cuts += 1
                return lower if lower >= beta or lower == upper else upper
            # Not decided by the table: the games lost before from these cards (no store since
            # the probe, so its entries are still in place).
            if e != NULL:
                lost = entry_lost(e)
            for i in range(nkin):
                if entry_lost(kin[i]) > lost:
                    lost = entry_lost(kin[i])
        if lower > alpha:
            alpha = lower
        if upper < beta:
            beta = upper
        if popcount64(s.out) >= NULL_MIN_TRICKS * g.n and not other_may_take_all(g, s, c.P):
            # The games without points (nullgame.pxd) as bounds: if P can lose every trick
            # from here, its floor now is its score; if it can win at most k more tricks, but
            # not the last, the floor of its thirds with the most that k tricks can hold; if it
            # can keep from winning the last trick, the floor of its thirds with every third
            # still held.  Only the weakest game whose bound still cuts is searched: P's win of
            # a stronger game is a win of the weaker one, so when the weaker is lost so are the
            # others.  Against the null game then the last-trick game, each tried when its bound
            # cut (20 deals each, every card, values the same): k <= 2 with 3 players, nodes
            # -14.6% (-13.5% time on 8 deals, best of 3); k <= 1 with 4, -7.0% (-8.5%); with 5,
            # -6.2% (-5.1%).  With the bound of the k * n largest points, k <= 3 with 3
            # players gave -13.8% on 8 deals where k <= 2 gave -16.6% (the bound below -17.8%);
            # a budget of 1,024 nodes for these games instead of 4,096: +0.6%.  The points of
            # k tricks bounded per hand (each seat plays one card to each) rather than by the
            # k * (n - 1) largest of the others' cards together: -1.6 / -0.6 / -1.1%.
            kind = -1
            bound = whole_points(g, s.taken[c.P] + s.out_points)
            if (c.options & USE_LASTTRICK) and bound <= alpha:
                kind = LAST_TRICK_GAME
            elif c.options & USE_NULLGAME:
                # k tricks hold k cards of each seat's hand: at most the k largest points of each.
                top_points(g, s.hand[c.P], tops, c.k_max)
                for j in range(g.n):
                    if j != c.P:
                        top_points(g, s.hand[j], tops_seat, c.k_max)
                        for k in range(1, c.k_max + 1):
                            tops[k] += tops_seat[k]
                for k in range(c.k_max, -1, -1):
                    bound = whole_points(g, s.taken[c.P] + tops[k])
                    if bound <= alpha:
                        kind = k_trick_game(k)
                        break
            if kind >= 0 and game_strength(kind) < lost:
                # Lost before from these cards (ttable.entry_lost, from this entry or a kin): no
                # need to ask again.  Nodes -1.7 / -1.0 / -0.2% (3 / 4 / 5 players, 8, 8 and 6
                # deals); time in one process 3 players -2.7% (twice), 4 players +2.5% and
                # -0.3% (two sets of 6 and 7 deals).
                c.stats.null_known_lost += 1
                kind = -1
            if kind >= 0:
                budget = LAST_TRICK_BUDGET if kind == LAST_TRICK_GAME else NULL_BUDGET
                budget0 = budget
                # With the cheap bounds on, can_duck_everything was False here (else the
                # upper bound, P's floor now, would have decided the node): the game does not
                # test it again.  Same nodes; bench/compare_builds.py, best of 2-3: 3 players
                # 0.974 and 0.982, 4 players 0.984, 5 players 0.987 (6 deals each).
                r = points_free_search(c, s, &budget, kind, (c.options & USE_BOUNDS) != 0)
                c.stats.null_tries[kind] += 1
                c.stats.null_nodes[kind] += budget0 - budget
                if r < 0:
                    c.stats.null_unknown[kind] += 1
                if c.aborted:
                    return 0
                if r == 1:
                    c.stats.null_cuts[kind] += 1
                    if c.options & USE_TT:
                        # Worth 0 when a full bucket gives one up (ttable.tt_worth): the game's
                        # own entry, worth more, answers again in one probe.  Against its cards
                        # still held: nodes -1.2% (3 players, 8 deals), -2.7% (4 players, 8),
                        # -0.4% (5 players, 6); compare_builds 3 players 0.994, 4 players 1.006
                        # (6 deals each).  Not stored at all: +2.1% (3 players).
                        tt_store(&c.tt, key, k2, lower - offset, bound - offset, -1, 0, lost)
                    return bound
                if r == 0 and game_strength(kind) + 1 > lost:
                    lost = game_strength(kind) + 1
    elif c.options & USE_BOUNDS:
        r = mid_trick_bound(g, s, c.P, alpha, beta)
        if r >= 0:
            c.stats.mid_cuts += 1
            return r
    a0 = alpha
    b0 = beta
    if s.count == 0:
        c.stats.expanded[popcount64(s.out) // g.n] += 1
    seat = to_move(g, s)
    # The move memory (movegen.pxd) where more than c.memory_cards cards are held.
    use_memory = (c.options & USE_ORDERING) != 0 and popcount64(s.out) > c.memory_cards
    if use_memory:
        # Before the table's best card too: 3 players -1.5% nodes, 4 players -0.6% (8 deals).
        mh = memory_hash(c, s, seat)
        r = remembered_move(c, mh)
        if r >= 0:
            first = r
    # The remembered or stored card is searched before the other cards are made and ordered
    # (lazy move generation): most nodes that have one are decided by it, and then the others
    # are never generated.  The same nodes (the card comes first in gen_moves' order anyway);
    # bench/compare_builds.py, profile-guided builds, best of 2: 3 players 0.947, 4 players
    # 0.979, 5 players 0.977 (6 deals each); not at the last card of a trick (whose children's
    # buckets are prefetched), plain builds: 3 players 0.971 against 0.939 at every card.
    start = 0
    if first >= 0 and (c.options & USE_ORDERING) and heads_class(c, s, seat, first):
        moves[0] = first
        v = move_value(c, s, seat, moves, runs, known, 0, 1, 0, alpha, beta, False, False, False)
        if c.aborted:
            return 0
        best = first
        start = 1
        if seat == c.P:
            c.stats.p_nodes += 1
            if v <= alpha:
                c.stats.p_cut[0] += 1
                start = -1
            elif v < beta:
                beta = v
        else:
            c.stats.o_nodes += 1
            if v >= beta:
                c.stats.o_cut[0] += 1
                start = -1
            elif v > alpha:
                alpha = v
        if start < 0 and use_memory:
            remember_move(c, mh, best)
    if start >= 0:
        nm = gen_moves(c, s, seat, first, moves, runs, &mates)
        quasi = (c.options & USE_QUASI) != 0 and mates      # two moves share a run
        quasi_any = quasi and nobody_takes_all(g, s)     # any run, or only cards with points
        # The children's buckets one ahead: the first two before the first child is
        # searched, then child i + 1's as child i's search starts, so that each miss overlaps
        # the search of the sibling before it, and a cut-off leaves at most one key made for
        # nothing.  Before (every child's at once: -5% for the others' last cards, -4% more
        # for P's), the first children's waits were as long and a cut-off wasted the keys of
        # every later child.  bench/compare_builds.py, best of 2-3, same nodes: 3 players
        # 0.983, 0.981, 0.975 (6 deals), 4 players 0.984, 5 players 1.001 (6 deals each);
        # every child's at once for the others and one ahead for P 0.974; two ahead 0.991;
        # one ahead in the games without points too 1.013; the move memory's slots one ahead
        # too 1.000 and 1.023.
        ahead = nm - start >= 2 and ahead_ok(c, s)
        if ahead:
            prefetch_child(c, s, seat, moves[start])
            prefetch_child(c, s, seat, moves[start + 1])
        if seat == c.P:
            if start == 0:
                c.stats.p_nodes += 1
                v = 127
            for i in range(start, nm):
                r = move_value(c, s, seat, moves, runs, known, i, nm, start, alpha, beta, quasi,
                               quasi_any, ahead)
                if c.aborted:
                    return 0
                if r < v:
                    v = r
                    best = moves[i]
                    if v <= alpha:
                        c.stats.p_cut[i if i < 3 else 3] += 1
                        if use_memory:
                            remember_move(c, mh, best)
                        break
                    if v < beta:
                        beta = v
            else:
                c.stats.p_all += 1
        else:
            if start == 0:
                c.stats.o_nodes += 1
                v = -1
            for i in range(start, nm):
                r = move_value(c, s, seat, moves, runs, known, i, nm, start, alpha, beta, quasi,
                               quasi_any, ahead)
                if c.aborted:
                    return 0
                if r > v:
                    v = r
                    best = moves[i]
                    if v >= beta:
                        c.stats.o_cut[i if i < 3 else 3] += 1
                        if use_memory:
                            remember_move(c, mh, best)
                        break
                    if v > alpha:
                        alpha = v
            else:
                c.stats.o_all += 1
    if s.count == 0 and (c.options & USE_TT):
        if v <= a0:
            if v < upper:
                upper = v
        elif v >= b0:
            if v > lower:
                lower = v
        else:
            lower = v
            upper = v
        tt_store(&c.tt, key, k2, lower - offset, upper - offset, encode_best(c, s, best),
                 popcount64(s.out), lost)
    return v
