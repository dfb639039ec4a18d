# Busca's points game (game_search.pxd): a table of bounds on what P takes, keyed by the cards
# without their points, that bounds a trick start from another of the same cards and holders
# with other points (the table itself: ext/core/vtable.pxd; Kifameno's main search keeps one
# too, ext/kifameno/variants.pxd).
#
# Why it holds.  The points game's value A is the least number of points P can hold its gain
# to from a trick start to the end (the last trick's 3 included), every other seat making it
# take as many: a minimax of P's gain on each line of play (game_search.points_game).  Take two
# trick starts R and Q after the first trick (whose bans name the coins and the Pita), with
# four seats, the same leader relative to P, and cards in play that match one for one: the
# suits paired off, and within paired suits the k-th lowest card in play of one with the k-th
# of the other, held by the same seat relative to P.  The cards gone play no part, so every
# line of play from R maps card for card to one from Q with the same legal cards (follow suit
# depends on the suits alone; no trumps) and the same trick winners (the highest card of the
# suit led); the last trick's 3 goes to the same seat.  Only the points of paired cards differ:
# P's gain on two paired lines differs by at most D, the sum over paired cards of their point
# differences, and so do the two minimaxes (P minimises and the others maximise over the same
# tree).  So A(R) is within D of A(Q).  A rotation of the seats that keeps their order of play
# changes nothing either (the rules name no seat after the first trick, and P plays against all
# the others), so seats are counted from P.
#
# Pairing, as Kifameno's (kifameno/variants.pxd): within a run of one seat's cards (no other
# card in play between them) the cards are interchangeable for every trick, so a run's points
# may be taken in any order and are sorted (game.pxd's relative keys rest on the same); a suit
# held by one seat alone (a lone suit) is a set of point tokens whatever its ranks and suit (its
# card led wins the trick, since nobody follows; otherwise it is only discarded), so each
# seat's lone cards are pooled and sorted; the other suits are sorted by count, then holders.
#
# The key, exact in 62 bits (cv_mix of it is a bijection): the holders of the paired suits'
# cards (2 bits a card, the suits in order, 48 bits for 24 cards), the rank of the sorted counts
# among every such four (bv_counts_rank, 10 bits), the leader less P (2 bits) and the cards
# each hand holds less 2 (3 bits: 8 to 24 cards in play).  Each seat's number of lone cards
# follows (its cards less its cards in paired suits).  The signature: the points as codes 0, 1,
# 2, 3 for 0, 1, 3 and 8 points, 2 bits a card, in the pairing's order (the paired suits', then
# each seat's tokens from P on).
#
# Measured (docs/speed.md, forty-fourth session): every card of seeds 2 3 6 8 at 256 MiB, plain
# builds: 102.6 M -> 75.5 M nodes (the points game's 65.9 M -> 39.4 M).
from structs cimport u64, Ctx, Game, State, USE_VARIANTS
from bitops cimport lowest_bit, popcount64
from game cimport first_trick
from vtable cimport cv_mix, cv_prefetch, cv_bounds, cv_store, vtable_init, vtable_cache

cdef extern from *:
    """
    typedef unsigned long long bv_u64;
    /* One suit's cards in play, lowest first, with the four hands counted from P: the count
       (bits 56..59), the holders (2 bits a card, bits 24..43) and the point codes (2 bits a
       card, each run of one holder's ascending, bits 0..19). */
    static inline bv_u64 bv_suit_value(const bv_u64* h, const signed char* code, bv_u64 mask) {
        bv_u64 m = (h[0] | h[1] | h[2] | h[3]) & mask, holders = 0, pts = 0;
        int cnt = 0, run = -1, sh = 0, k;
        int in_run[4] = {0, 0, 0, 0};
        while (1) {
            int holder = -2, card = 0;
            if (m) {
                card = __builtin_ctzll(m);
                holder = (int)((h[1] >> card) & 1) + 2 * (int)((h[2] >> card) & 1) + 3 * (int)((h[3] >> card) & 1);
            }
            if (holder != run) {
                for (k = 0; k < 4; k++)
                    for (; in_run[k]; in_run[k]--) { pts |= (bv_u64)k << sh; sh += 2; }
                run = holder;
                if (!m) break;
            }
            m &= m - 1;
            holders |= (bv_u64)holder << (2 * cnt);
            cnt++;
            in_run[(int)code[card]]++;
        }
        return ((bv_u64)cnt << 56) | (holders << 24) | pts;
    }
    /* The rank of four counts c1 >= c2 >= c3 >= c4 (each 0 or 2 to 10: a suit held by two
       seats at least) among every such four, in bv_counts_rank[c1][c2][c3][c4]: 715 of them,
       10 bits. */
    static unsigned short bv_counts_rank[11][11][11][11];
    static int bv_counts_ready = 0;
    static void bv_counts_init(void) {
        int n = 0;
        if (bv_counts_ready) return;
        for (int a = 0; a <= 10; a++)
            for (int b = 0; b <= a; b++)
                for (int c = 0; c <= b; c++)
                    for (int d = 0; d <= c; d++)
                        bv_counts_rank[a][b][c][d] = (unsigned short)n++;
        bv_counts_ready = 1;
    }
    """
    u64 bv_suit_value(const u64* h, const signed char* code, u64 mask) nogil
    unsigned short bv_counts_rank[11][11][11][11]
    void bv_counts_init() nogil

cdef enum:
    VARIANT_MIN_CARDS = 8       # the table from this many cards in play (endgame.pxd answers
    VARIANT_MAX_CARDS = 24      # 8, where its families are used) to this many (48 bits of codes)
    BV_CACHE = 8192             # remembered suits (bv_suit_value): 4,096 of two words, then
                                # each card's point code (64 bytes)
    BV_MAX_D = 12               # points: entries further away are not read (4 deals: 8 and 20
                                # about the same nodes, 3 and 5 more)

cdef inline int variants_init(Ctx* c, u64 table_bytes) except -1:
    # With four seats, suits of 10 cards at most and Busca's points (0, 1, 3 and 8 a card), the
    # table (vtable.vtable_init: an eighth of the transposition table's most memory,
    # `table_bytes`, taken from it), after the cache of suits and each card's point code (0 to
    # 3).  Raises MemoryError.
    cdef int i, su
    cdef u64* cache
    cdef signed char* code
    cdef u64 deck = 0
    if c.g.n != 4 or c.g.n_suits > 4:
        return 0
    for su in range(c.g.n_suits):
        if popcount64(c.g.suit_mask[su]) > 10:
            return 0
        deck |= c.g.suit_mask[su]
    for i in range(64):
        if (deck >> i) & 1 and c.g.points[i] not in (0, 1, 3, 8):
            return 0
    bv_counts_init()
    vtable_init(c, table_bytes, BV_CACHE + 8)
    vtable_cache(c, &cache)
    code = <signed char*>(cache + BV_CACHE)
    for i in range(64):
        code[i] = 0 if c.g.points[i] == 0 else 1 if c.g.points[i] == 1 else 2 if c.g.points[i] == 3 else 3
    return 0

cdef inline bint points_variant_key(Ctx* c, const State* s, u64* key, u64* sig) noexcept nogil:
    # At a trick start of the points game: False where the table does not serve (the technique
    # off, another game's points, fewer than VARIANT_MIN_CARDS or more than VARIANT_MAX_CARDS
    # cards in play, the first trick); else the position's key and signature (above), and its
    # bucket prefetched.
    cdef const Game* g = &c.g
    cdef int k = popcount64(s.out)
    cdef u64* cache
    cdef u64 h[4]
    cdef u64 vals[4]
    cdef u64 v, hold, pts, tag, tmp, one, holders = 0, sg = 0
    cdef unsigned int slot
    cdef int su, cnt, seat, i, j, low, sh = 0, hsh = 0
    cdef int tokens[4][4]
    if c.variants == NULL or not (c.options & USE_VARIANTS) or k < VARIANT_MIN_CARDS or \
            k > VARIANT_MAX_CARDS or first_trick(g, s):
        return False
    vtable_cache(c, &cache)
    for seat in range(4):
        h[seat] = s.hand[(c.P + seat) & 3]
        for i in range(4):
            tokens[seat][i] = 0
    for su in range(4):
        vals[su] = 0
        if su >= g.n_suits:
            continue
        low = lowest_bit(g.suit_mask[su])
        tag = ((<u64>su) << 40) | (((h[0] & g.suit_mask[su]) >> low) << 30) | \
            (((h[1] & g.suit_mask[su]) >> low) << 20) | (((h[2] & g.suit_mask[su]) >> low) << 10) | \
            ((h[3] & g.suit_mask[su]) >> low) | ((<u64>1) << 42)
        slot = (<unsigned int>((tag * 0x9E3779B97F4A7C15ULL) >> 52)) * 2
        if cache[slot] == tag:
            v = cache[slot + 1]
        else:
            v = bv_suit_value(h, <signed char*>(cache + BV_CACHE), g.suit_mask[su])
            cache[slot] = tag
            cache[slot + 1] = v
        cnt = <int>(v >> 56)
        if cnt == 0:
            continue
        hold = (v >> 24) & 0xFFFFF
        seat = <int>(hold & 3)
        one = (((<u64>1) << (2 * cnt)) - 1) // 3 * <u64>seat    # every card held by `seat`
        if hold == one:
            # A lone suit: its codes join its seat's tokens.
            pts = v & 0xFFFFF
            for i in range(cnt):
                tokens[seat][(pts >> (2 * i)) & 3] += 1
            continue
        vals[su] = v
    for i in range(1, 4):
        # The paired suits sorted down (count, then holders, then codes).
        tmp = vals[i]
        j = i - 1
        while j >= 0 and vals[j] < tmp:
            vals[j + 1] = vals[j]
            j -= 1
        vals[j + 1] = tmp
    for su in range(4):
        cnt = <int>(vals[su] >> 56)
        if cnt == 0:
            break
        holders |= ((vals[su] >> 24) & 0xFFFFF) << hsh
        hsh += 2 * cnt
        sg |= (vals[su] & 0xFFFFF) << sh
        sh += 2 * cnt
    for seat in range(4):
        for i in range(4):
            for j in range(tokens[seat][i]):
                sg |= (<u64>i) << sh
                sh += 2
    key[0] = cv_mix(holders | ((<u64>bv_counts_rank[vals[0] >> 56][vals[1] >> 56][vals[2] >> 56][vals[3] >> 56]) << 48) |
                    ((<u64>((s.leader - c.P) & 3)) << 58) | ((<u64>(k // 4 - 2)) << 60))
    sig[0] = sg
    cv_prefetch(c.variant_buckets, c.variant_mask, key[0])
    return True

cdef inline void points_variant_bounds(const Ctx* c, u64 key, u64 sig, int* lower, int* upper) noexcept nogil:
    # Narrow the points game's bounds [lower, upper] by the entries of positions that differ
    # only in card points (above), each widened by its distance (codes worth 0, 1, 3, 8).
    cv_bounds(c.variant_buckets, c.variant_mask, key, sig, BV_MAX_D, 1, 3, 8, lower, upper)

cdef inline void points_variant_store(Ctx* c, u64 key, u64 sig, int lower, int upper) noexcept nogil:
    # Keep the points game's bounds [lower, upper] (upper 127 or more: none).
    cv_store(c.variant_buckets, c.variant_mask, key, sig, lower, upper)
