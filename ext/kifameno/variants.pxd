# Positions that differ only in card points (Kifameno with 2 players, once the stock is drawn):
# a table of bounds on what P still takes, keyed by the cards without their points, that bounds
# a position from another of the same cards and holders with other points.
#
# Why it holds.  Take two trick starts R and Q of a 2-player hand with the stock drawn, the
# same seat to lead and the same perspective seat P, whose cards in play match one for one: the
# suits paired off (no trumps and no banned suit once the stock is drawn, so no rule tells one
# suit from another), and within paired suits the k-th lowest card in play of one with the k-th
# of the other, held by the same seat.  The cards gone play no part (no card gone ever counts
# again), so every line of play from R maps card for card to one from Q with the same legal
# cards at each turn (follow suit depends on the suits alone) and the same trick winners (the
# highest card of the suit led, a matter of the cards in play's order).  Only the points of
# paired cards may differ.  Let A be what P takes from here in thirds, with 3 more if it wins the
# last trick.  On two paired lines A differs by at most D, the sum over paired cards of the
# difference of their points (P takes some of them).  P minimises A and the other seat
# maximises it, on the same tree: a minimax of two leaf values that differ by at most D
# everywhere differs by at most D.  So A(R) is within D of A(Q).
#
# Pairing.  Within a run of one seat's cards (no other card in play between them) the cards are
# interchangeable for every trick (the other seat's card of a trick is above both or below both),
# so a run's points may be taken in any order: they are sorted (the same argument as the
# relative keys', game.suit_layout).  A suit held by one seat alone (a lone suit) is, by
# game.pool_lone_suits, a set of point tokens: its card led wins, and it is otherwise only
# discarded, whatever its rank and suit; so each seat's lone cards are pooled into one sorted
# set, and two positions pair when their other suits pair (sorted by count, holders and points)
# and each seat has as many lone cards.  The key holds the pairing's shape (each paired suit's
# count and holders from its lowest card, each seat's number of lone cards, the leader, P); the
# signature holds the points in the pairing's order, 2 bits a card (0, 1 or 3 thirds as codes
# 0, 1 and 2), 20 cards at most.
#
# The value.  With 2 players, the 40-card deck (32 thirds), 11 points a hand and no discard,
# where neither seat can take every point (both hold points, or cappotto is off), P's penalty
# is floor(X / 3) with X its thirds at the end plus 3 if it wins the last trick (docs/speed.md,
# thirty-ninth session: 11 - floor((32 - x) / 3) = floor(x / 3) + 1).  So with t thirds taken,
# a penalty at most u says A <= 3u + 2 - t and one at least l says A >= 3l - t; the table keeps
# those bounds on A, and a position with t' thirds taken, D away, has a penalty at most
# floor((t' + A_max + D) / 3) and at least floor((t' + A_min - D) / 3).  An entry's own
# signature (D = 0) is what the main table's entry and kin say already; the table pays where
# another signature decides.
#
# Measured (docs/speed.md, forty-third session): of the trick starts a 2-player deal searched
# with 8 to 20 cards in play, more than half had been met before with other points, most of
# them 1 or 2 thirds away.  Every card of seeds 2 3 7 17, profile-guided builds: 82.5 M ->
# 53.9 M nodes, time 0.91 (a node costs about 1.4 times as much: a second key and bucket); the
# benchmark's 20 deals 1,166 M -> 691 M nodes, time 0.79.
from structs cimport u64, Ctx, Game, State, USE_VARIANTS
from bitops cimport lowest_bit, popcount64
from tricks cimport stock_left
from bounds cimport nobody_takes_all
from game cimport sort_down4
# The table itself (its entries, probe and store): ext/core/vtable.pxd.
from vtable cimport CV_NO_UPPER, cv_mix, cv_prefetch, cv_bounds, cv_store, vtable_init, vtable_cache

cdef extern from *:
    """
    typedef unsigned long long kv_u64;
    /* One suit's cards in play, lowest first: the count (bits 40..43), the holders (a bit set
       for each of seat 1's, bits 30..39) and the points (2 bits a card, a run of one holder's
       ascending, bits 0..19). */
    static inline kv_u64 kv_suit_value(kv_u64 h0, kv_u64 h1, const signed char* points, kv_u64 mask) {
        kv_u64 m = (h0 | h1) & mask, holders = 0, pts = 0;
        int cnt = 0, run = -1, c1 = 0, c3 = 0, nrun = 0, sh = 0;
        while (1) {
            int holder = -2, card = 0;
            if (m) { card = __builtin_ctzll(m); holder = (int)((h1 >> card) & 1); }
            if (holder != run) {
                sh += 2 * (nrun - c1 - c3);
                for (; c1; c1--) { pts |= 1ULL << sh; sh += 2; }
                for (; c3; c3--) { pts |= 2ULL << sh; sh += 2; }
                nrun = 0;
                run = holder;
                if (!m) break;
            }
            m &= m - 1;
            holders |= (kv_u64)holder << cnt;
            cnt++;
            nrun++;
            if (points[card] == 1) c1++; else if (points[card] != 0) c3++;
        }
        return ((kv_u64)cnt << 40) | (holders << 30) | pts;
    }
    static inline int kv_floor3(int x) { return x >= 0 ? x / 3 : 0; }
    """
    u64 kv_suit_value(u64 h0, u64 h1, const signed char* points, u64 mask) nogil
    int kv_floor3(int x) nogil

cdef enum:
    GAME_VARIANTS = 1
    VARIANT_MIN_CARDS = 8       # the table from this many cards in play (4 tricks left) up
    CV_CACHE = 4096             # remembered suits (kv_suit_value), before the buckets
    CV_MAX_D = 12               # thirds: entries further away are not read

cdef inline int variants_init(Ctx* c, u64 table_bytes) except -1:
    # With 2 players, the 40-card deck and Ciapanò's 11 points of thirds, the table
    # (vtable.vtable_init: an eighth of the transposition table's most memory, `table_bytes`,
    # taken from it), after the cache of suits (CV_CACHE words).  Raises MemoryError.
    if c.g.n != 2 or c.g.deck_points != 32 or c.g.unit != 3 or c.g.hand_points != 11 or \
            c.g.discard_points != 0:
        return 0
    return vtable_init(c, table_bytes, CV_CACHE)

cdef inline void variant_shape(Ctx* c, const State* s, u64* key, u64* sig) noexcept nogil:
    # The key and signature of a 2-player trick start (above): each suit's value (kv_suit_value,
    # remembered by its cards in each hand in the cache after the table's header, as
    # game.suit_layout_known remembers layouts), each seat's lone suits pooled, the other suits
    # sorted (game.sort_down4), then each seat's number of lone cards, the leader and P.
    cdef const Game* g = &c.g
    cdef u64* cache
    cdef u64 vals[4]
    cdef u64 a, b, tag, v, hold, pts, k = 0, sg = 0
    cdef u64 low40 = ((<u64>1) << 40) - 1      # a suit value's holders and points
    cdef unsigned int slot
    cdef int su, low, cnt, seat, i, sh = 0
    cdef int ones[2]
    cdef int threes[2]
    cdef int lone[2]
    ones[0] = ones[1] = threes[0] = threes[1] = lone[0] = lone[1] = 0
    vtable_cache(c, &cache)
    for su in range(4):
        vals[su] = 0
        if su >= g.n_suits:
            continue
        low = lowest_bit(g.suit_mask[su])
        a = (s.hand[0] & g.suit_mask[su]) >> low
        b = (s.hand[1] & g.suit_mask[su]) >> low
        tag = ((<u64>su) << 20) | (a << 10) | b | ((<u64>1) << 22)
        slot = (<unsigned int>tag * 0x9E3779B1u) >> 20
        v = cache[slot]
        if (v >> 40) != tag:
            v = (tag << 40) | (kv_suit_value(s.hand[0], s.hand[1], g.points, g.suit_mask[su]) & low40)
            cache[slot] = v
        vals[su] = ((<u64>popcount64(a | b)) << 40) | (v & low40)
    for su in range(4):
        # A lone suit: its points join its seat's tokens (2-bit codes 1 and 2: 1 and 3 thirds).
        cnt = <int>(vals[su] >> 40)
        if cnt == 0:
            continue
        hold = (vals[su] >> 30) & 1023
        if hold != 0 and hold != ((<u64>1) << cnt) - 1:
            continue
        seat = 0 if hold == 0 else 1
        pts = vals[su] & 0xFFFFF
        ones[seat] += popcount64(pts & 0x55555)
        threes[seat] += popcount64(pts & 0xAAAAA)
        lone[seat] += cnt
        vals[su] = 0
    sort_down4(vals)
    for su in range(4):
        cnt = <int>(vals[su] >> 40)
        if cnt == 0:
            break
        k = (((k << 4) | <u64>cnt) << cnt) | ((vals[su] >> 30) & 1023)
        sg |= (vals[su] & 0xFFFFF) << sh
        sh += 2 * cnt
    for seat in range(2):
        # The tokens sorted: no points, then 1 third, then 3.
        sh += 2 * (lone[seat] - ones[seat] - threes[seat])
        for i in range(ones[seat]):
            sg |= (<u64>1) << sh
            sh += 2
        for i in range(threes[seat]):
            sg |= (<u64>2) << sh
            sh += 2
        k = (k << 5) | <u64>lone[seat]
    key[0] = cv_mix((k << 2) | ((<u64>s.leader) << 1) | <u64>c.P)
    sig[0] = sg

cdef inline bint variant_key(Ctx* c, const State* s, u64* key, u64* sig) noexcept nogil:
    # At a trick start: False where the table does not serve (the technique off, another
    # number of players or deck, cards still to draw, fewer than VARIANT_MIN_CARDS cards in
    # play, or a seat that may still take every point); else the position's key and
    # signature (above), and its bucket prefetched.
    cdef int k = popcount64(s.out)
    if c.variants == NULL or not (c.options & USE_VARIANTS) or k < VARIANT_MIN_CARDS or k > 20:
        return False
    if stock_left(&c.g, s) != 0 or not nobody_takes_all(&c.g, s):
        return False
    variant_shape(c, s, key, sig)
    cv_prefetch(c.variant_buckets, c.variant_mask, key[0])
    return True

cdef inline void variant_bounds(const Ctx* c, const State* s, u64 key, u64 sig, int* lower,
                                int* upper) noexcept nogil:
    # Narrow P's penalty bounds [lower, upper] by the entries of positions that differ from s
    # only in card points (above): bounds on A (codes 0, 1 and 2 worth 0, 1 and 3 thirds; no
    # code 3), each entry's widened by its distance, then the penalty's floors.
    cdef int t = s.taken[c.P], lo = 0, hi = CV_NO_UPPER
    cv_bounds(c.variant_buckets, c.variant_mask, key, sig, CV_MAX_D, 1, 3, 3, &lo, &hi)
    if hi < CV_NO_UPPER and kv_floor3(t + hi) < upper[0]:
        upper[0] = kv_floor3(t + hi)
    if lo > 0 and kv_floor3(t + lo) > lower[0]:
        lower[0] = kv_floor3(t + lo)

cdef inline void variant_store(Ctx* c, const State* s, u64 key, u64 sig, int lower, int upper) noexcept nogil:
    # Keep what P's penalty bounds [lower, upper] at s say of A (above).
    cdef int t = s.taken[c.P]
    cv_store(c.variant_buckets, c.variant_mask, key, sig, 3 * lower - t if lower > 0 else 0,
             3 * upper + 2 - t if upper < c.g.hand_points else CV_NO_UPPER)
