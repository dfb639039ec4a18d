# The search: fail-soft alpha-beta on the paranoid minimax (docs/rules.md#ciapano-value): the
# perspective seat P minimises its penalty; every other seat maximises it.  A call with window
# (alpha, beta) returns v such that: v <= alpha means value <= v; v >= beta means value >= v;
# otherwise value == v.  The driver (driver.pxi) calls it with null windows.  When a limit
# stops it (c.aborted), it returns at once without storing anything: the caller must then
# ignore the value.
#
# The skeleton every game shares.  What belongs to a game comes from its game.pxd (the rules of
# play, the hand score, the score part of the table key, cheap bounds, move order, and the
# techniques proved for it: GAME_QUASI, kin entries through residue_shifts) and its
# game_search.pxd (techniques built on the search machinery: GAME_SUBGAMES).  Which game is
# compiled in is chosen by the include path of the extension (setup.py): one engine per game,
# with no run-time cost for the techniques a game does not use.
from structs cimport (u64, Game, State, Ctx, TTEntry, MAX_MOVES, TT_WAYS, USE_TT, USE_BOUNDS, USE_ORDERING, USE_EQUIVALENCE,
                      USE_QUASI)
from bitops cimport popcount64, lowest_bit, highest_bit, bit
from game cimport (legal_cards, hand_score, to_move, play_child, play_forced_trick, score_key, points_key,
                   own_key, residue_shifts, cheap_bounds, mid_trick_bound, run_known, nobody_takes_all, on_p_side,
                   GAME_QUASI, GAME_SUBGAMES, GAME_BOUNDS_AFTER_TABLE)
from game_search cimport (subgame_cut, endgame_value, endgame_prefetch, etc_wanted, GAME_WINRANKS, wr_probe, wr_store,
                          bounds_rel, mid_cut, GAME_VARIANTS, variant_key, variant_bounds, variant_store)
from movegen cimport gen_moves, memory_hash, remembered_move, remember_move, equivalent, separating_cards
from limits cimport must_stop
from ttable cimport entry_key2, entry_lost, tt_key, tt_prefetch, tt_probe_layout, tt_store, encode_best, decode_best


# -- the move-order oracle: a measurement, compiled in only with CIAPANO_ORACLE=1 (setup.py) ------
# How far is the order from perfect?  Record, at every node that cuts, the card that cut (keyed
# by the whole state and the window); then search again trying each recorded card first: every
# cut-off of the first search is then found by its first card, and the second search's nodes
# are what a perfect order of those cut-offs would cost (a perfect order could cost less still:
# another card might cut with a smaller proof).  bench/order_ceiling.py drives it through the
# engine's module functions oracle and oracle_clear (driver.pxi), for every search in the
# process: mode 0 off, 1 record, 3 record and use, plus 8 (use it at P's nodes only), 16 (at
# the others' only), 32 (only where more than the environment's ORACLE_MIN_CARDS cards are in
# play).  Measured (docs/search-experiments.md, forty-second session): Kifameno with 2 players,
# the benchmark's 20 deals, 1,302 M -> 533 M nodes.  In the default build ORACLE_BUILD is 0 and
# the C compiler drops every use of it below.
cdef extern from *:
    """
    #ifndef CIAPANO_ORACLE
    #define CIAPANO_ORACLE 0
    #endif
    #define ORACLE_BUILD CIAPANO_ORACLE
    #include <stdlib.h>
    #include <string.h>
    #define ORC_N (1ULL << 26)
    static unsigned long long* orc_h = 0; static signed char* orc_c = 0; static int orc_mode = 0, orc_min = 0;
    static int orc_init(int mode) { if (!orc_h) { orc_h = calloc(ORC_N, 8); orc_c = malloc(ORC_N); }
        if (!orc_h || !orc_c) { free(orc_h); free(orc_c); orc_h = 0; orc_c = 0; orc_mode = 0; return -1; }
        char* e = getenv("ORACLE_MIN_CARDS"); orc_min = e ? atoi(e) : 0; orc_mode = mode; return 0; }
    static void orc_clear(void) { if (orc_h) memset(orc_h, 0, ORC_N * 8); }
    static inline unsigned long long orc_mix(unsigned long long x) { x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33; return x; }
    static inline int orc_get(unsigned long long h) { unsigned long long i = h & (ORC_N - 1);
      for (int k = 0; k < 256; k++) { unsigned long long j = (i + k) & (ORC_N - 1); if (orc_h[j] == h) return orc_c[j]; if (orc_h[j] == 0) return -1; } return -1; }
    static inline void orc_put(unsigned long long h, int card) { unsigned long long i = h & (ORC_N - 1);
      for (int k = 0; k < 256; k++) { unsigned long long j = (i + k) & (ORC_N - 1); if (orc_h[j] == h || orc_h[j] == 0) { orc_h[j] = h; orc_c[j] = (signed char)card; return; } } }
    """
    int orc_mode, orc_min
    const bint ORACLE_BUILD
    int orc_init(int mode) nogil
    void orc_clear() nogil
    u64 orc_mix(u64 x) nogil
    int orc_get(u64 h) nogil
    void orc_put(u64 h, int card) nogil

cdef inline u64 orc_hash(const Ctx* c, const State* s, int a, int b) noexcept nogil:
    cdef u64 h = orc_mix(s.hand[0] ^ <u64>0x1234567)
    h = orc_mix(h ^ s.hand[1])
    h = orc_mix(h ^ s.hand[2] ^ (s.hand[3] << 1))
    h = orc_mix(h ^ s.out)
    h = orc_mix(h ^ s.trick_mask)
    h = orc_mix(h ^ (<u64>s.leader | (<u64>s.count << 4) | (<u64>(a + 1) << 8) | (<u64>(b + 1) << 16) | (<u64>c.P << 24)))
    h = orc_mix(h ^ (<u64>s.taken[0] | (<u64>s.taken[1] << 16) | (<u64>s.taken[2] << 32) | (<u64>s.taken[3] << 48)))
    return h | 1

cdef inline u64 position_key(const Ctx* c, const State* s) noexcept nogil:
    # The table's key of a trick start: the game's own (Kifameno's relative keys once its stock
    # is drawn), or the cards still held and who holds them (ttable.tt_key) with the game's part
    # of the points taken above them (points_key).
    cdef u64 key
    if own_key(c, s, &key):
        return key
    return tt_key(c, s) | points_key(&c.g, s, c.P)

cdef inline int play_last_trick(const Game* g, const State* s, int P) noexcept nogil:
    # P's score after the last trick, whose play is forced (every game's hand_score).
    cdef State t = s[0]
    play_forced_trick(g, &t)
    return hand_score(g, &t, P)

# -- relevant cards (partition search; only where the game keeps a table of winning ranks) -----
#
# Where GAME_WINRANKS is set (bridge: ext/bridge/winranks.pxd), every search() call leaves in
# c.rel the cards whose rank decided its result: each trick of the searched lines won by rank
# (its winning card beat another card of the suit led), the cards a cheap bound or a table
# entry relied on, and for a card searched for its class of equivalent cards, the class's
# lowest card when the card itself is relevant.  A position that has the same number of cards
# of each suit in each hand, and the same owners of every card from the top of each suit down
# to its lowest relevant card, has the same bound: map its other ("small") cards one for one
# onto these, hand by hand and suit by suit; no trick of the lines searched was decided by the
# ranks of two small cards, so every one goes the same way (Ginsberg's partition search; DDS's
# winning ranks).  Equivalent cards: the class's other cards' lines are the searched card's
# with the two swapped, so their relevant cards are the same but for it, which the class's
# lowest card then stands for (the pattern takes every card above it).

cdef inline u64 trick_rel(const Game* g, u64 cards, int win) noexcept nogil:
    # The winning card of a complete trick of `cards`, if it won by rank (another card of its
    # suit is in the trick); else nothing.
    return bit(win) if popcount64(cards & g.suit_mask[g.suit_of[win]]) > 1 else 0

cdef inline int class_low(const Ctx* c, const State* s, int seat, int card) noexcept nogil:
    # The lowest card of the class of equivalent cards that `card` heads (movegen.gen_moves).
    cdef const Game* g = &c.g
    cdef u64 still = separating_cards(s)
    cdef u64 m = s.hand[seat] & g.suit_mask[g.suit_of[card]] & (bit(card) - 1)
    cdef int low = card, below
    if not (c.options & USE_EQUIVALENCE):
        return card
    while m:
        below = highest_bit(m)
        if not equivalent(g, still, below, low):
            break
        low = below
        m &= ~bit(below)
    return low

cdef inline u64 small_below(const Ctx* c, u64 rel, int card) noexcept nogil:
    # After `card` was searched at a node and did not cut: the cards of its suit that need no
    # search there, given `rel`, the node's relevant cards so far (its bounds' and table's, and
    # every card searched; see above).  If `card` lies below the lowest relevant card of its
    # suit, the cards of the suit below that relevant card (all of the suit where it has no
    # relevant card) need none: playing one of them instead leaves a position that differs
    # only in which small card went where, with the same owners of every card from the top of
    # each suit down to the lowest relevant one, so it has the same bound as `card`'s, which
    # did not cut (Ginsberg's partition search, as above; DDS's lowest winning rank,
    # Moves::MakeNext).  Such a card's bound, and the cards it relies on, are `card`'s,
    # already in the node's value and rel.  Otherwise nothing.  Where GAME_WINRANKS is set, a
    # technique of equivalent cards (USE_EQUIVALENCE).
    #
    # Measured (docs/speed.md, forty-ninth session): bridge, the first 40 deals of
    # bench/bench_bridge.py, the leader's value: 34.15 M -> 22.71 M nodes, the trick starts
    # 12.49 M -> 7.61 M, time 0.73; every card of the leader 72.75 M -> 48.54 M nodes, time 0.78;
    # the same values.
    cdef u64 sm = c.g.suit_mask[c.g.suit_of[card]]
    cdef u64 r = rel & sm
    cdef int low
    if r == 0:
        return sm
    low = lowest_bit(r)
    if card < low:
        return sm & (bit(low) - 1)
    return 0

cdef inline u64 main_key2(const Ctx* c, const State* s, u64 sk) noexcept nogil:
    # The second word of a trick start's key in the main search (ttable.pack_key2): its tag
    # (bit 63), the leader, the perspective seat and the score key `sk` (game.score_key).
    return ((<u64>1) << 63) | <u64>s.leader | (<u64>c.P << 3) | (sk << 6)

cdef inline void prefetch_child(Ctx* c, const State* s, int seat, int move) noexcept nogil:
    # At the last card of a trick: start loading the table bucket of the trick start after
    # `move` (which probes the table at once), so that its cache miss overlaps other work.
    cdef State child
    cdef u64 key
    cdef int offset
    cdef u64 sk
    play_child(&c.g, s, &child, seat, move)
    if endgame_prefetch(c, &child):
        return
    key = position_key(c, &child)
    sk = score_key(&c.g, &child, c.P, &offset)
    tt_prefetch(&c.tt, key, main_key2(c, &child, sk))

cdef inline void entry_bounds(const TTEntry* e, int offset, int* lower, int* upper) noexcept nogil:
    # Narrow [lower, upper] by a table entry of these cards and residues (its bounds are
    # stored less the score key's offset).
    if e.lower + offset > lower[0]:
        lower[0] = e.lower + offset
    if e.upper + offset < upper[0]:
        upper[0] = e.upper + offset

cdef inline bint kin_bounds(const Game* g, u64 sk, const TTEntry* kin, int P, int taken_P, int offset,
                            int* lower, int* upper) noexcept nogil:
    # Narrow [lower, upper] by an entry of the same cards with other residues of the thirds
    # taken (kin, shifted by game.residue_shifts); False where the keys allow no shift.
    cdef int up, down
    if not residue_shifts(g, sk, entry_key2(kin) >> 6, P, taken_P, &up, &down):
        return False
    if kin.lower + down + offset > lower[0]:
        lower[0] = kin.lower + down + offset
    if kin.upper + up + offset < upper[0]:
        upper[0] = kin.upper + up + offset
    return True

cdef inline int etc_cut(Ctx* c, const State* s, int seat, int alpha, int beta) noexcept nogil:
    # The enhanced transposition cut-off (Plaat, Schaeffer, Pijls and de Bruin, "Exploiting
    # graph properties of game trees", AAAI 1996) at the last card of a trick, where the game
    # asks for it (game_search.etc_wanted): before any card of `seat` is searched, each legal
    # card's child, a trick start, is looked up: its cheap bounds, then its table entry and
    # kin (as search() reads them).  A child whose value is surely at or below alpha, for P's
    # side (which takes the least child), or at or above beta, for the others, decides this
    # node: the bound is returned (fail-soft: the node's value is at most, or at least, it).
    # Else -1, and the cards are searched as usual (their buckets are then in the cache).
    # Only a lookup: nothing is stored, and no node is counted.
    cdef const Game* g = &c.g
    cdef u64 legal = legal_cards(g, s, seat)
    cdef State child
    cdef TTEntry* e
    cdef TTEntry* kin[TT_WAYS]
    cdef u64 key, k2, sk
    cdef int card, offset, lower, upper, nkin, i
    cdef bint p_side = on_p_side(g, c.P, seat)
    while legal:
        card = lowest_bit(legal)
        legal &= legal - 1
        play_child(g, s, &child, seat, card)
        cheap_bounds(g, &child, c.P, &lower, &upper)
        if (upper <= alpha) if p_side else (lower >= beta):
            return upper if p_side else lower
        key = position_key(c, &child)
        sk = score_key(g, &child, c.P, &offset)
        k2 = main_key2(c, &child, sk)
        e = tt_probe_layout(&c.tt, key, k2, kin, &nkin)
        if e != NULL:
            entry_bounds(e, offset, &lower, &upper)
        for i in range(nkin):
            if not kin_bounds(g, sk, kin[i], c.P, child.taken[c.P], offset, &lower, &upper):
                break
        if (upper <= alpha) if p_side else (lower >= beta):
            return upper if p_side else lower
    return -1

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
        k = run_known(&c.g, s, c.P, seat, moves, runs, known, i, beta if on_p_side(&c.g, c.P, seat) else alpha,
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
    if GAME_WINRANKS:
        if s.count == c.g.n - 1:
            c.rel |= trick_rel(&c.g, s.trick_mask | bit(moves[i]), child.win_card)
        if c.rel & bit(moves[i]):
            c.rel |= bit(class_low(c, s, seat, moves[i]))
    if on_p_side(&c.g, c.P, seat):
        c.stats.p_moves += 1
    else:
        c.stats.o_moves += 1
    return r

cdef inline int search(Ctx* c, const State* s, int alpha, int beta) noexcept nogil:
    cdef const Game* g = &c.g
    cdef int lower = 0
    cdef int upper = g.max_value
    cdef int v = 0                      # (set before use; the compiler cannot tell)
    cdef int r, i, nm, seat, a0, b0
    cdef int best = -1
    cdef int first = -1
    cdef int offset = 0
    cdef TTEntry* e
    cdef TTEntry* kin[TT_WAYS]
    cdef int nkin = 0
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
    cdef int start
    cdef u64 rel = 0, rel_base = 0
    cdef u64 cut_rel = 0            # the card a cut inside a trick relies on (mid_cut)
    cdef State last
    cdef u64 oh = 0
    cdef bint variant = False
    cdef u64 vkey = 0, vsig = 0
    cdef u64 small = 0              # cards this node need not search (small_below)
    cdef bint bounds_first = (c.options & USE_BOUNDS) != 0 and \
        not (GAME_BOUNDS_AFTER_TABLE and not GAME_WINRANKS and (c.options & USE_TT) != 0)
    c.nodes += 1
    if must_stop(c):
        c.aborted = True
    if c.aborted:
        return 0
    if s.count == 0:
        if s.out == 0:
            if GAME_WINRANKS:
                c.rel = 0
            return hand_score(g, s, c.P)
        if popcount64(s.out) == g.n:
            if GAME_WINRANKS:
                last = s[0]
                play_forced_trick(g, &last)
                c.rel = trick_rel(g, s.out, last.win_card)
                return hand_score(g, &last, c.P)
            return play_last_trick(g, s, c.P)
        c.stats.trick_starts += 1
        if bounds_first:
            cheap_bounds(g, s, c.P, &lower, &upper)
            if GAME_WINRANKS:
                # The table of winning ranks keeps the cards a bound relies on (bounds_rel):
                # as few as the window needs (a cut returns the window's edge, which needs
                # fewer of them than the bound itself).  Bounds that narrow the window (never
                # with a null window) decide with it; the others are left out of what the
                # table stores.
                if lower >= beta:
                    c.stats.bound_cuts += 1
                    c.rel = bounds_rel(c, s, beta, 127)
                    return beta
                if upper <= alpha:
                    c.stats.bound_cuts += 1
                    c.rel = bounds_rel(c, s, -1, alpha)
                    return alpha
                if lower == upper:
                    c.stats.bound_cuts += 1
                    c.rel = bounds_rel(c, s, lower, upper)
                    return lower
                rel = bounds_rel(c, s, lower if lower > alpha else -1, upper if upper < beta else 127)
                if lower <= alpha:
                    lower = 0
                if upper >= beta:
                    upper = g.max_value
            if lower >= beta or lower == upper:
                c.stats.bound_cuts += 1
                return lower
            if upper <= alpha:
                c.stats.bound_cuts += 1
                return upper
        # The game's exact value of an endgame, if it has one (Busca: busca/endgame.pxd).
        r = endgame_value(c, s)
        if r >= 0:
            return r
        if r == -2:
            return 0                    # a limit stopped it (c.aborted)
        if GAME_WINRANKS and (c.options & USE_TT):
            # The table of winning ranks (the game's: ext/bridge/winranks.pxd).
            wr_probe(c, s, &lower, &upper, &rel, &first)
            if lower >= beta or lower == upper or upper <= alpha:
                c.stats.tt_cuts += 1
                c.rel = rel
                return lower if lower >= beta or lower == upper else upper
        elif c.options & USE_TT:
            key = position_key(c, s)
            sk = score_key(g, s, c.P, &offset)
            k2 = main_key2(c, s, sk)
            if GAME_VARIANTS:
                # The position's key without points (kifameno/variants.pxd), made while the
                # main table's bucket is on its way, and its own bucket prefetched: 2-player
                # Kifameno, seeds 2 3 7 17, plain builds, time 0.977 against the key made
                # first (bench/compare_builds.py).
                tt_prefetch(&c.tt, key, k2)
                variant = variant_key(c, s, &vkey, &vsig)
            e = tt_probe_layout(&c.tt, key, k2, kin, &nkin)
            hint_best = not on_p_side(g, c.P, s.leader)     # (below: the table's card first only then)
            if e != NULL:
                entry_bounds(e, offset, &lower, &upper)
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
                    if not kin_bounds(g, sk, kin[i], c.P, s.taken[c.P], offset, &lower, &upper):
                        break
                    if first < 0 and hint_best:
                        first = decode_best(c, s, kin[i].best)
                by_kin = nkin > 0
            if lower >= beta or lower == upper or upper <= alpha:
                if by_kin:
                    c.stats.kin_cuts += 1
                else:
                    c.stats.tt_cuts += 1
                return lower if lower >= beta or lower == upper else upper
            if GAME_VARIANTS and variant:
                # Positions of the same cards and holders with other points (variants.pxd).
                variant_bounds(c, s, vkey, vsig, &lower, &upper)
                if lower >= beta or lower == upper or upper <= alpha:
                    c.stats.variant_cuts += 1
                    return lower if lower >= beta or lower == upper else upper
            if GAME_BOUNDS_AFTER_TABLE and (c.options & USE_BOUNDS) and e == NULL and nkin == 0:
                # The game's cheap bounds after the table (GAME_BOUNDS_AFTER_TABLE), only
                # where it has no entry for these cards: an entry was stored with them already
                # folded in.  Where the bounds are dear to compute (Piedicavallo tarocchi's
                # sure points: 14% of its time, `perf`), most trick starts that the table
                # decides skip them.  Every card of 8 tarocchi deals after 4 random tricks
                # (bench/bench_played.py, plain builds): 27.6 M -> 25.9 M nodes (the table's
                # fail-soft values, where the bounds had cut before, are often tighter), time
                # 5.12 s -> 4.02 s; with the bounds also where an entry was found, the same
                # nodes and 4.54 s.  (docs/speed.md, twenty-seventh session.)
                cheap_bounds(g, s, c.P, &lower, &upper)
                if lower >= beta or lower == upper or upper <= alpha:
                    c.stats.bound_cuts += 1
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
        if GAME_SUBGAMES:
            # The game's own sub-games as bounds (Ciapanò: the games without points,
            # ext/ciapano/nullgame.pxd; Busca: the points P takes, ext/busca/game_search.pxd).
            r = subgame_cut(c, s, alpha, beta, key, k2, offset, lower, &lost)
            if c.aborted:
                return 0
            if r >= 0:
                return r
    elif c.options & USE_BOUNDS:
        if GAME_WINRANKS:
            # The game's bound and the card it relies on, in one call (ext/bridge/game.pxd,
            # mid_trick_cut).
            r = mid_cut(c, s, alpha, beta, &cut_rel)
        else:
            r = mid_trick_bound(g, s, c.P, alpha, beta)
        if r >= 0:
            c.stats.mid_cuts += 1
            if GAME_WINRANKS:
                c.rel = cut_rel
            return r
    if not GAME_WINRANKS and ahead_ok(c, s) and (c.options & USE_BOUNDS) and etc_wanted(c, s):
        # The children's bounds before any is searched (etc_cut), where the game asks for them,
        # at the last card of a trick whose children probe the table (ahead_ok): a technique of
        # the table and the bounds (both switched on).  Not with partition search, whose cut-offs
        # must say the cards they rest on (c.rel), which etc_cut does not track.
        r = etc_cut(c, s, to_move(g, s), alpha, beta)
        if r >= 0:
            c.stats.etc_cuts += 1
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
    if ORACLE_BUILD and orc_mode:
        oh = orc_hash(c, s, alpha, beta)
        if orc_mode & 2:
            r = orc_get(oh)
            if (orc_mode & 8) and not on_p_side(g, c.P, seat):
                r = -1
            if (orc_mode & 16) and on_p_side(g, c.P, seat):
                r = -1
            if (orc_mode & 32) and popcount64(s.out) <= orc_min:
                r = -1
            if r >= 0:
                first = r
    start = 0
    if GAME_WINRANKS:
        # A cut-off relies on the card that cut alone: its relevant cards and those before the
        # cards (bounds and table); a node that searches every card, on all of them.
        rel_base = rel
    if first >= 0 and (c.options & USE_ORDERING) and heads_class(c, s, seat, first):
        moves[0] = first
        v = move_value(c, s, seat, moves, runs, known, 0, 1, 0, alpha, beta, False, False, False)
        if c.aborted:
            return 0
        if GAME_WINRANKS:
            rel |= c.rel
        best = first
        start = 1
        if on_p_side(g, c.P, seat):
            c.stats.p_nodes += 1
            if v <= alpha:
                c.stats.p_cut[0] += 1
                start = -1
                if GAME_WINRANKS:
                    rel = rel_base | c.rel
            elif v < beta:
                beta = v
        else:
            c.stats.o_nodes += 1
            if v >= beta:
                c.stats.o_cut[0] += 1
                start = -1
                if GAME_WINRANKS:
                    rel = rel_base | c.rel
            elif v > alpha:
                alpha = v
        if start < 0 and use_memory:
            remember_move(c, mh, best)
        if GAME_WINRANKS and start > 0 and (c.options & USE_EQUIVALENCE):
            small = small_below(c, rel, first)
    if start >= 0:
        nm = gen_moves(c, s, seat, first, moves, runs, &mates)
        quasi = GAME_QUASI and (c.options & USE_QUASI) != 0 and mates      # two moves share a run
        quasi_any = quasi and nobody_takes_all(g, s)     # any run, or only cards with points
        # The children's buckets one ahead: the first child's before it is searched, then
        # child i + 1's as child i's search starts (i past the first), so that each miss
        # overlaps the search of the sibling before it.  Most nodes are decided by their first
        # child, so the second's bucket is not fetched with the first's: where the first cut,
        # its key was made for nothing (Kifameno's keys are dear: 2.0 M of the 3.8 M keys
        # made for prefetches in a 3-player value were never used).  bench/compare_builds.py,
        # profile-guided builds, against the first two up front, the same nodes: Kifameno 3
        # players 0.978 (seeds 1 4 5 8) and 0.987 (2 3 6 7), 2 players 0.977 (seed 2);
        # Ciapanò 3 players 0.997, 4 players 1.002, 5 players 0.998; Busca 1.002; tarocchi
        # 1.005 (docs/speed.md, 2026-11-28).  Before that (every child's at once: -5% for the
        # others' last cards, -4% more for P's), the first two up front: 3 players 0.983,
        # 0.981, 0.975 (6 deals), 4 players 0.984, 5 players 1.001; every child's at once for
        # the others and one ahead for P 0.974; two ahead 0.991; one ahead in the games
        # without points too 1.013; the move memory's slots one ahead too 1.000 and 1.023.
        # (The keys made for prefetches handed down to the children's probes: plain builds
        # gained, profile-guided ones lost 3%.)
        ahead = nm - start >= 2 and ahead_ok(c, s)
        if ahead:
            prefetch_child(c, s, seat, moves[start])
        if on_p_side(g, c.P, seat):
            if start == 0:
                c.stats.p_nodes += 1
                v = 127
            for i in range(start, nm):
                if GAME_WINRANKS and (small & bit(moves[i])):
                    c.stats.small_cuts += 1
                    continue
                r = move_value(c, s, seat, moves, runs, known, i, nm, start, alpha, beta, quasi,
                               quasi_any, ahead)
                if c.aborted:
                    return 0
                if GAME_WINRANKS:
                    rel |= c.rel
                    if c.options & USE_EQUIVALENCE:
                        small |= small_below(c, rel, moves[i])
                if r < v:
                    v = r
                    best = moves[i]
                    if v <= alpha:
                        c.stats.p_cut[i if i < 3 else 3] += 1
                        if GAME_WINRANKS:
                            rel = rel_base | c.rel
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
                if GAME_WINRANKS and (small & bit(moves[i])):
                    c.stats.small_cuts += 1
                    continue
                r = move_value(c, s, seat, moves, runs, known, i, nm, start, alpha, beta, quasi,
                               quasi_any, ahead)
                if c.aborted:
                    return 0
                if GAME_WINRANKS:
                    rel |= c.rel
                    if c.options & USE_EQUIVALENCE:
                        small |= small_below(c, rel, moves[i])
                if r > v:
                    v = r
                    best = moves[i]
                    if v >= beta:
                        c.stats.o_cut[i if i < 3 else 3] += 1
                        if GAME_WINRANKS:
                            rel = rel_base | c.rel
                        if use_memory:
                            remember_move(c, mh, best)
                        break
                    if v > alpha:
                        alpha = v
            else:
                c.stats.o_all += 1
    if ORACLE_BUILD and orc_mode and best >= 0:
        if (on_p_side(g, c.P, seat) and v <= a0) or (not on_p_side(g, c.P, seat) and v >= b0):
            orc_put(oh, best)
    if GAME_WINRANKS:
        c.rel = rel
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
        if GAME_VARIANTS and variant:
            variant_store(c, s, vkey, vsig, lower, upper)
        if GAME_WINRANKS:
            wr_store(c, s, lower, upper, rel, best)
        else:
            tt_store(&c.tt, key, k2, lower - offset, upper - offset, encode_best(c, s, best),
                     popcount64(s.out), lost)
    return v
