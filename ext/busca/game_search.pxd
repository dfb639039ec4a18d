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
# (worst_busche, cut_bound).  That upper bound is the cut: where it is at or below the main
# search's alpha, the main search needs no more.
from libc.stdlib cimport calloc, free
# No table of winning ranks (bridge's partition search): ext/core/nohooks.pxd.
from nohooks cimport GAME_WINRANKS, wr_probe, wr_store, bounds_rel, mid_cut
# No table of positions by their cards without points in the main search (a point moved can
# change a penalty by any amount): ext/core/nohooks.pxd.  The points game keeps one (below).
from nohooks cimport GAME_VARIANTS, variant_key, variant_bounds, variant_store
# No enhanced transposition cut-off (search.pxd, etc_cut): ext/core/nohooks.pxd.
from nohooks cimport etc_wanted
from structs cimport u64, Ctx, Game, State, TTEntry, TTBucket, MAX_MOVES, USE_TT, USE_NULLGAME, USE_ENDGAME, USE_QUASI
from bitops cimport popcount64
from tricks cimport play_last_trick_winner, can_duck_everything, ducks_every_lead, has_played
from runs cimport run_decided
from game cimport legal_cards, play_child, to_move, grade, first_trick, worst_busche, points_left
from movegen cimport gen_moves, gen_moves_runs
from limits cimport must_stop
from ttable cimport tt_key, tt_prefetch, tt_probe, tt_store, encode_best, decode_best
# The table of the points game's positions by their cards without points (variants.pxd).
from variants cimport variants_init, points_variant_key, points_variant_bounds, points_variant_store
from vtable cimport vtable_clear, vtable_free
from endgame cimport (EndTable, END_TRICKS, end_prefetch, end_table_init, end_table_free, end_table_clear, end_family,
                      family_busche, family_gain)

cdef enum:
    POINTS_GAME_TAG = 5         # the points game's entries in the table: key2's tag (bits 61-63)
    SUBGAME_MIN_TRICKS = 2      # tricks left from which the points game is asked (3: +11%
                                # nodes, 4: +60%; seed 1's test "<= 2")

cdef inline int game_table_init(Ctx* c, u64 cards) except -1:
    # The table of endgame families (endgame.pxd), for positions of `cards` cards at most; and
    # the points game's table of positions by their cards without points (variants.pxd), after
    # the transposition table (whose size sets its own).
    cdef EndTable* t
    if c.variants == NULL:
        variants_init(c, c.tt.max_buckets * sizeof(TTBucket))
    if c.game_table != NULL:
        return 0
    t = <EndTable*>calloc(1, sizeof(EndTable))
    if t == NULL or end_table_init(t, cards) != 0:
        free(t)
        raise MemoryError("cannot allocate the table of endgame families")
    c.game_table = t
    return 0

cdef inline void game_table_free(Ctx* c) noexcept nogil:
    if c.game_table != NULL:
        end_table_free(<EndTable*>c.game_table)
        free(c.game_table)
        c.game_table = NULL
    vtable_free(c)

cdef inline void game_table_clear(Ctx* c) noexcept nogil:
    if c.game_table != NULL:
        end_table_clear(<EndTable*>c.game_table)
    vtable_clear(c)

cdef inline bint family_used(const Ctx* c, const State* s) noexcept nogil:
    # Whether trick start s is answered by its family (endgame.pxd): 2 to END_TRICKS tricks left.
    cdef int cards = popcount64(s.out)
    return (c.options & USE_ENDGAME) != 0 and 2 * c.g.n <= cards <= END_TRICKS * c.g.n

cdef inline bint endgame_family(Ctx* c, const State* s, const u64** v, int* nv, const u64** f,
                                int* nf) noexcept nogil:
    # The family of trick start s where it is used (family_used) and fits.
    if not family_used(c, s):
        return False
    return end_family(c, <EndTable*>c.game_table, s, v, nv, f, nf)

cdef inline bint endgame_prefetch(Ctx* c, const State* s) noexcept nogil:
    # At the last card of a trick (search.pxd, prefetch_child): where the trick start s after
    # it is answered by its family, start loading its slot (and not the transposition
    # table's bucket, which it will not probe).  False elsewhere.
    if not family_used(c, s):
        return False
    end_prefetch(c, <EndTable*>c.game_table, s)
    return True

cdef inline int endgame_value(Ctx* c, const State* s) noexcept nogil:
    # P's exact busche from trick start s by its family, or -1 (not used there, or too large);
    # -2 if a limit stopped it.
    cdef const u64* v
    cdef const u64* f
    cdef int nv, nf
    if not endgame_family(c, s, &v, &nv, &f, &nf):
        return -2 if c.aborted else -1
    c.stats.null_cuts[2] += 1
    return family_busche(&c.g, s, c.P, v, nv, f, nf)

cdef inline bint lost_then_ducks(const Game* g, const State* s, int P) noexcept nogil:
    # In the middle of a trick: whether P gains nothing more from s.  It does when P has played
    # to this trick and does not win it so far (the cards still to come cannot make P's card
    # win), and can then duck every lead of the others' cards as they hold them now (as
    # tricks.can_duck_everything asks at a trick start where another seat leads: the trick's
    # winner leads next, and P, never winning, never leads again; tricks.ducks_every_lead).
    # In the last trick P's hand is empty, and the trick and its 3 go to another seat.
    if s.win_seat == P or not has_played(g, s, P):
        return False
    return ducks_every_lead(g, s, P)

cdef inline int move_gain(Ctx* c, const State* s, int seat, const int* moves, const int* runs,
                          int* known, int i, int alpha, int beta, bint mates) noexcept nogil:
    # P's gain from s after moves[i] in the points game's window (fail-soft): decided by a card
    # of its run searched before (runs.run_decided, where mates), or searched.  The caller
    # checks c.aborted.  Why a card of the run decides it here:
    #
    # Quasi-equivalence (as in ext/ciapano/quasi.pxd, after Kupferschmid and Helmert): two
    # cards of a run lead to mirror lines with the same trick winners, the two cards' points
    # swapped between the tricks they fall to, so P's gain differs by at most the difference d
    # of their points: a searched card's value r gives this one's within [r - d, r + d].  (The
    # mirror line is legal: both cards are legal now, and the other is played later, after
    # the first trick and its bans.)  For another seat (maximising P's gain) a searched card
    # at or below alpha - d makes this one at or below alpha; for P, at or above beta + d, at
    # or above beta.
    #
    # Dominance: where P surely wins the current trick with either card (tricks.p_takes_trick),
    # P takes the card played now, and the other goes later to the winner of another trick:
    # to P (the same gain) or to another seat (less).  So the card with more points played now
    # gains P at least as much as the one with fewer: for another seat a searched card with
    # more points at or below alpha makes this one so; for P a searched card with fewer points
    # at or above beta makes this one so.
    #
    # So the tolerance is the difference of the two cards' points, and every run counts (no
    # cappotto here).
    cdef State child
    cdef int gain
    if mates and run_decided(&c.g, s, c.P, seat, moves, runs, known, i,
                             beta if seat == c.P else alpha, -1, True):
        return known[i]
    play_child(&c.g, s, &child, seat, moves[i])
    gain = child.taken[c.P] - s.taken[c.P]
    known[i] = gain + points_game(c, &child, alpha - gain, beta - gain)
    return known[i]

cdef inline int points_game(Ctx* c, const State* s, int alpha, int beta) noexcept nogil:
    # Fail-soft alpha-beta on the points P takes from s to the end (the current trick's if it
    # wins it, the last trick's 3): P minimises them, the others maximise.  A limit that stops
    # the search sets c.aborted; the value is then void.
    cdef const Game* g = &c.g
    cdef int P = c.P
    cdef int v, r, i, nm, seat, a0 = alpha, b0 = beta
    cdef int lower = 0
    cdef int upper, best = -1, first = -1
    cdef u64 key = 0, k2 = 0
    cdef TTEntry* e
    cdef int moves[MAX_MOVES]
    cdef int runs[MAX_MOVES]
    cdef int known[MAX_MOVES]
    cdef bint mates
    cdef const u64* fv
    cdef const u64* ff
    cdef int fnv, fnf
    cdef bint variant = False
    cdef u64 vkey = 0, vsig = 0
    c.nodes += 1
    c.stats.null_nodes[0] += 1
    if must_stop(c):
        c.aborted = True
    if c.aborted:
        return 0
    # P takes nothing or everything still to take: the bounds every node starts from, so that
    # a window outside them returns at once (a search with an empty window returns nothing
    # that holds).
    upper = points_left(g, s)
    if s.count == 0:
        if s.out == 0:
            return g.last_trick_points if s.leader == P else 0
        if popcount64(s.out) == g.n:
            if play_last_trick_winner(g, s) == P:
                return s.out_points + g.last_trick_points
            return 0
        if not first_trick(g, s) and can_duck_everything(g, s, P):
            return 0
        if endgame_family(c, s, &fv, &fnv, &ff, &fnf):
            return family_gain(P, fv, fnv, ff, fnf)
        if c.aborted:
            return 0
        if c.options & USE_TT:
            # Positions of the same cards and holders with other points (variants.pxd), before
            # the transposition table's probe (its bucket on its way meanwhile): with 24 cards
            # in play or fewer they decide most trick starts that reach them.  Every card of
            # seeds 3 19 14, plain builds: after the table's probe 177.4 M nodes, 21.0-21.8 s;
            # before it 170.8 M, 19.1-19.2 s; as the only table there (no probe or store of
            # the transposition table) 193.2 M, 20.1 s.  Seeds 2 3 6 8 14 19 side by side
            # (bench/compare_builds.py): 221.5 M -> 213.8 M nodes, time 0.963, and 0.957 with
            # the table's bucket prefetched first.
            key = tt_key(c, s)
            k2 = ((<u64>POINTS_GAME_TAG) << 61) | <u64>s.leader | (<u64>P << 3)
            tt_prefetch(&c.tt, key, k2)
            variant = points_variant_key(c, s, &vkey, &vsig)
            if variant:
                points_variant_bounds(c, vkey, vsig, &lower, &upper)
                if lower >= beta or lower == upper or upper <= alpha:
                    c.stats.variant_cuts += 1
                    return lower if lower >= beta or lower == upper else upper
            e = tt_probe(&c.tt, key, k2)
            if e != NULL:
                if e.lower > lower:
                    lower = e.lower
                if e.upper < upper:
                    upper = e.upper
                first = decode_best(c, s, e.best)
    elif lost_then_ducks(g, s, P):
        # (The same question as can_duck_everything's above, asked in the middle of a trick:
        # every card of seeds 2 3 6 8, 105.4 M -> 102.6 M nodes; 7 and 5, 123.8 M -> 120.6 M.)
        return 0
    if lower >= beta or lower == upper:
        return lower
    if upper <= alpha:
        return upper
    if lower > alpha:
        alpha = lower
    if upper < beta:
        beta = upper
    seat = to_move(g, s)
    nm = gen_moves_runs(c, s, seat, first, moves, runs, &mates, True, True)
    mates = mates and (c.options & USE_QUASI) != 0
    if seat == P:
        v = 127
        for i in range(nm):
            r = move_gain(c, s, seat, moves, runs, known, i, alpha, beta, mates)
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
            r = move_gain(c, s, seat, moves, runs, known, i, alpha, beta, mates)
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
        if variant:
            points_variant_store(c, vkey, vsig, lower, upper)
    return v

cdef inline int cut_bound(const Game* g, const int* t, int P, int R, int alpha, int* most) noexcept nogil:
    # The largest a with most[a] <= alpha, or -1 if there is none, where most[x] is the most
    # busche P can score gaining at most x points (worst_busche over 0..x: nondecreasing in
    # x); most[0..a] are filled.
    cdef int x, w, m = 0
    for x in range(R + 1):
        w = worst_busche(g, t, P, R, x)
        if w > m:
            m = w
        if m > alpha:
            return x - 1
        most[x] = m
    return R

cdef inline int lower_cut(const Game* g, const int* t, int P, int R, int beta) noexcept nogil:
    # The least gain a of P that makes P alone the seat with the most points whatever the
    # others take of the rest (t_P + a > t_Q + R - a for every other Q, every one of them on a
    # point already) and scores it grade(t_P + a) >= beta; -1 if there is none.
    cdef int i, a, need = 0
    for i in range(g.n):
        if i == P:
            continue
        if t[i] == 0:
            return -1
        # t_P + a > t_i + R - a  <=>  2a > t_i + R - t_P
        if (t[i] + R - t[P]) // 2 + 1 > need:
            need = (t[i] + R - t[P]) // 2 + 1
    if need < 0:
        need = 0
    for a in range(need, R + 1):
        if grade(t[P] + a) >= beta:
            return a
    return -1

cdef inline int points_bound(Ctx* c, const State* s, int R, int u) noexcept nogil:
    # The bound on P's busche that the points game proves from s, if it is at most u; else -1
    # (also where a limit stopped it: c.aborted).  R: the points still to take.  With U(a)
    # the most P scores gaining at most a points (cut_bound, nondecreasing in a), the
    # largest a with U(a) <= u is asked of the points game with a null window: if its value
    # A <= a, P's busche are at most U(A).
    cdef int most[64]
    cdef int a = cut_bound(&c.g, s.taken, c.P, R, u, most)
    cdef int r
    if a < 0:
        return -1
    r = points_game(c, s, a, a + 1)
    c.stats.null_tries[0] += 1
    if c.aborted or r > a:
        return -1
    return most[r]

cdef inline int subgame_cut(Ctx* c, const State* s, int alpha, int beta, u64 key, u64 k2,
                            int offset, int lower, int* lost) noexcept nogil:
    # At a trick start the table did not decide (search.pxd): a value at or below alpha that
    # a points game proves (points_bound), else -1.
    cdef const Game* g = &c.g
    cdef int R = points_left(g, s)
    cdef int a, r, most
    if not (c.options & USE_NULLGAME) or popcount64(s.out) < SUBGAME_MIN_TRICKS * g.n:
        return -1
    most = points_bound(c, s, R, alpha)
    if c.aborted:
        return -1
    if most >= 0:
        c.stats.null_cuts[0] += 1
        if c.options & USE_TT:
            tt_store(&c.tt, key, k2, lower - offset, most - offset, -1, 0, 0)
        return most
    # The other way: the others can make P gain A points at least (the points game's value).
    # If every other seat has a point already and P would then have more than any of them can
    # reach (t_P + A > t_Q + R - A), P alone has the most, and scores grade(t_P + A) at least
    # (docs/rules.md#busca-penalties: grade is nondecreasing).  The least a with a bound at or
    # above beta is asked of the points game.
    a = lower_cut(g, s.taken, c.P, R, beta)
    if a < 0:
        return -1
    r = points_game(c, s, a - 1, a)
    c.stats.null_tries[3] += 1
    if c.aborted or r < a:
        return -1
    c.stats.null_cuts[3] += 1
    most = grade(s.taken[c.P] + r)
    if c.options & USE_TT:
        tt_store(&c.tt, key, k2, most - offset, g.max_value - offset, -1, 0, 0)
    return most


cdef inline int root_window(Ctx* c, const State* s, int* lower, int* upper, int guess) noexcept nogil:
    # Before the driver brackets the value of s (driver.pxi) without a guess (the root's value,
    # not a card's): the least upper bound on P's busche that the points game proves
    # (subgame_cut's bound, found by bisection on the busche), and the tests start just below
    # it, going down.  Where the value is that bound, one test ("at most upper - 1?": no)
    # finishes; tests going up from 0 first prove every smaller bound false, the costly kind
    # here: seed 2, value 6, tests up 56 M nodes, down 5 M.  Every card of 20 seeded deals:
    # docs/speed.md (2026-11-26).  A card's bracket keeps its guess, the root's value, and goes
    # up from it (the points game there too cost more than it saved).
    cdef int R = points_left(&c.g, s)
    cdef int lo, hi, u, r
    if guess >= 0 or not (c.options & USE_NULLGAME) or lower[0] >= upper[0]:
        return guess
    lo = lower[0]
    hi = upper[0]
    while lo < hi:
        # Can the points game prove "at most u"?  (Monotone in u: cut_bound is.)
        u = (lo + hi) // 2
        r = points_bound(c, s, R, u)
        if c.aborted:
            return guess
        if r >= 0:
            hi = r
        else:
            lo = u + 1
    upper[0] = hi if hi > lower[0] else lower[0]
    return upper[0] - 1
