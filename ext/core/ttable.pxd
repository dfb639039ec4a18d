# The transposition table: bounds on the value of positions at the start of a trick.
#
# The key holds everything the rest of the hand depends on.  `key` says which cards are still
# held and by whom; key2 the seat to lead, the perspective seat and the part of the points taken
# that the rest of the hand depends on (the game's score_key, ext/<game>/game.pxd), with bounds stored relative to the
# offset score_key returns.  Entries are compared on the whole key, so a hash collision can never
# return a wrong bound.
#
# Relative ranks (as DDS does): two positions whose suits hold, from the highest card down, the
# same owners and the same card points are the same game, whatever cards were played before:
# every trick goes the same way with the same points.  So the key of a suit is its layout, the
# sequence of (owner, points) of its cards still held, high to low, and not the cards
# themselves; one entry serves every position that differs only in already-played cards.  The
# best card is stored as (suit, place from the top) so that it maps to the right card in every
# such position.  The owners being the deal's, a suit's layout is a function of which of its
# cards are still held, one of at most 1,024 subsets: the key names each layout by the least
# subset that has it (set_canon, by table), 10 bits a suit, where the layout's digits took 40.
# An entry is then 16 bytes (the key in one word), eight to a bucket of two cache lines.
# Against entries of 32 bytes (the layouts' digits in three words, gathered with PDEP/PEXT at
# every probe) in buckets of 288 bytes behind a line of 16-bit tags, both builds plain, seeded
# deals in fresh processes (every card), geometric mean of the time ratios: 3 players 0.816
# and 0.855 (two sets of 10 deals), 4 players 0.843 (8), 5 players 0.867 (7); nodes -0.4%,
# -0.3%, -1.0%, -0.2%.  A median deal's table ends at 20 MiB instead of 40.  Buckets of four
# entries, one line: 3 players 0.964 and 1.009 against eight (+2.7% and +8.4% nodes: kin
# entries crowd the bucket), 4 players 1.015 (+12.6%).
#
# Kin entries: the bucket comes from the key without the residues of the thirds taken
# (layout_of), so the entries of one layout with different residues share a bucket and one
# probe returns them all; the search turns them into bounds (the game's residue_shifts; only Ciapanò has kin).
from structs cimport u64, Ctx, Game, State, TT, TTEntry, TTBucket, MAX_SUITS, TT_WAYS, CANON_SUITS, CANON_MASKS
from bitops cimport bit, highest_bit, lowest_bit, popcount64

cdef extern from *:
    """
    #include <stdint.h>
    #include <stdlib.h>
    #include <string.h>
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* Tables kept for reuse (ciapano_table_free): a process that solves one position after
       another (sampling, puzzles, batches, a library caller) takes the memory of a finished
       search instead of a fresh mapping, whose pages the kernel must zero on first touch (on
       this machine 1.5 GB/s with huge pages, 0.6 with small ones: a third of a small solve's
       time).  Only called with the GIL held (Search.__init__ and __dealloc__), so no lock. */
    #define CIAPANO_POOL_MAX 4
    static struct { void* table; void* base; size_t mapped; size_t size; } ciapano_pool[CIAPANO_POOL_MAX];
    static int ciapano_pool_count = 0;

    /* Unmap every kept table; returns how many bytes were mapped. */
    static size_t ciapano_pool_release(void) {
        size_t total = 0;
    #if defined(__linux__) && defined(MAP_ANONYMOUS)
        while (ciapano_pool_count > 0) {
            ciapano_pool_count--;
            total += ciapano_pool[ciapano_pool_count].mapped;
            munmap(ciapano_pool[ciapano_pool_count].base, ciapano_pool[ciapano_pool_count].mapped);
        }
    #endif
        return total;
    }

    /* A table of `size` bytes, zeroed, or with `*dirty` set one that may hold anything: a kept
       one of at least that size with old entries, or a small one (tt_init empties the buckets
       it uses, and growth the others).  On Linux a large
       one is mapped anonymously, aligned to 2 MiB huge pages and advised to use them: the
       kernel zeroes its pages on first touch, so a search that touches part of it pays for
       that part only, and a probe that misses the cache does not miss the TLB too.  `base` and
       `mapped` are what to unmap (NULL, 0 when the table came from posix_memalign). */
    static void* ciapano_table_alloc(size_t size, void** base, size_t* mapped, int* dirty) {
        *base = NULL;
        *mapped = 0;
        *dirty = 0;
    #if defined(__linux__) && defined(MAP_ANONYMOUS)
        if (size >= ((size_t)4 << 20)) {
            int best = -1;
            for (int i = 0; i < ciapano_pool_count; i++)
                if (ciapano_pool[i].size >= size && (best < 0 || ciapano_pool[i].size < ciapano_pool[best].size))
                    best = i;
            if (best >= 0) {
                void* t = ciapano_pool[best].table;
                *base = ciapano_pool[best].base;
                *mapped = ciapano_pool[best].mapped;
                ciapano_pool[best] = ciapano_pool[--ciapano_pool_count];
                *dirty = 1;
                return t;
            }
            /* None fits: the caller asks for larger tables now (say one thread instead of
               two); the kept ones go, so that the process holds about one solve's tables. */
            ciapano_pool_release();
            size_t huge = (size_t)1 << 21;
            size_t len = size + huge;
            void* p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (p == MAP_FAILED)
                return NULL;
            char* a = (char*)(((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1));
    #if defined(MADV_HUGEPAGE)
            madvise(a, size, MADV_HUGEPAGE);
    #endif
            *base = p;
            *mapped = len;
            return a;
        }
    #endif
        /* Small tables: aligned to the buckets' two cache lines, not zeroed (a position with 5
           cards each asks for 1 MiB and starts with 16 KiB of it: tt_init). */
        void* t = NULL;
        if (posix_memalign(&t, 128, size) != 0)
            return NULL;
        *dirty = 1;
        return t;
    }
    static void ciapano_table_free(void* table, void* base, size_t mapped) {
    #if defined(__linux__) && defined(MAP_ANONYMOUS)
        if (base != NULL) {
            if (ciapano_pool_count < CIAPANO_POOL_MAX) {
                ciapano_pool[ciapano_pool_count].table = table;
                ciapano_pool[ciapano_pool_count].base = base;
                ciapano_pool[ciapano_pool_count].mapped = mapped;
                ciapano_pool[ciapano_pool_count].size = mapped - (size_t)((char*)table - (char*)base);
                ciapano_pool_count++;
                return;
            }
            munmap(base, mapped);
            return;
        }
    #endif
        free(table);
    }
    """
    void* table_alloc "ciapano_table_alloc"(size_t size, void** base, size_t* mapped, int* dirty) nogil
    size_t pool_release "ciapano_pool_release"() nogil
    void table_free "ciapano_table_free"(void* table, void* base, size_t mapped) nogil


cdef enum:
    DIGIT_BITS = 5              # a card's digit in a layout word (set_digits): 1..31, 0 for none
    DIGIT_MASK = 31
    EXACT_FROM = 40             # the relative key's canons take bits 0..39 (canon_key)

cdef inline bint canon_fits(const Game* g) noexcept nogil:
    # Whether the first four suits are keyed by the canon tables (canon_key): each a run of at
    # most 10 consecutive bits.  Otherwise (bridge's suits of 13) every suit is keyed in place
    # (long_suits_key).
    cdef int su
    cdef u64 m
    for su in range(g.n_suits if g.n_suits < CANON_SUITS else CANON_SUITS):
        m = g.suit_mask[su]
        if m == 0 or popcount64(m) > 10:
            return False
        m >>= lowest_bit(m)
        if m & (m + 1):
            return False
    return True

cdef inline bint relative_fits(const Game* g) noexcept nogil:
    # The relative key packs each of the first four suits into 10 bits (canon_key) where they
    # fit (canon_fits), and seats x point values at most 31 symbols (a 5-bit digit each, 0 for
    # no card).  Suits past the fourth (Piedicavallo tarocchi's trumps and Fool), and every
    # suit where the first four do not fit the canons (bridge), are keyed in place
    # (long_suits_key), so with canons they must lie at bits 40 and above, clear of them.
    cdef int su
    if g.n * g.n_pcodes > DIGIT_MASK:
        return False
    if not canon_fits(g):
        return True
    for su in range(CANON_SUITS, g.n_suits):
        if g.suit_mask[su] & (bit(EXACT_FROM) - 1):
            return False
    return True

cdef inline u64 long_cards(const Game* g) noexcept nogil:
    # The cards keyed in place (long_suits_key): the suits past the fourth, or every suit
    # where the first four do not fit the canons (canon_fits).
    cdef int su
    cdef u64 m = 0
    for su in range(0 if not canon_fits(g) else CANON_SUITS, g.n_suits):
        m |= g.suit_mask[su]
    return m

cdef inline void set_digits(const Game* g, const signed char* digit, u64* words) noexcept nogil:
    # The digit words of set_canon: 5 bits per card of each of the first four suits, from its
    # lowest card, the card's digit (1..31) where `digit` is >= 0 and 0 elsewhere; unused
    # suits hold no card.
    cdef int su, card, low
    for su in range(CANON_SUITS):
        words[su] = 0
    for su in range(g.n_suits if g.n_suits < CANON_SUITS else CANON_SUITS):
        if g.suit_mask[su] == 0:
            continue
        low = lowest_bit(g.suit_mask[su])
        for card in range(low, low + 10):
            if card < 64 and (g.suit_mask[su] & bit(card)) and digit[card] >= 0:
                words[su] |= (<u64>(digit[card] + 1)) << (DIGIT_BITS * (card - low))

cdef inline u64 gather_digits(u64 word, u64 m) noexcept nogil:
    # The 5-bit digits of `word` at the places of m (bits from a suit's lowest card), packed
    # from the lowest: the suit's layout, in order of rank.  A digit is never 0, so the length
    # is implied and no two sequences share a word.
    cdef u64 r = 0
    cdef int i, shift = 0
    while m:
        i = lowest_bit(m)
        m &= m - 1
        r |= ((word >> (DIGIT_BITS * i)) & DIGIT_MASK) << shift
        shift += DIGIT_BITS
    return r

cdef inline u64 sort_up(const Game* g, u64 w, int pos) noexcept nogil:
    # Moves the digit at place pos of a suit's digits (layout_word) up past the digits of the
    # same owner with fewer points just above it.
    cdef int d = <int>((w >> (DIGIT_BITS * pos)) & DIGIT_MASK)
    cdef int up
    cdef u64 pair = (<u64>1 << (2 * DIGIT_BITS)) - 1
    while pos < 9:
        up = <int>((w >> (DIGIT_BITS * (pos + 1))) & DIGIT_MASK)
        if up == 0 or g.digit_owner[up] != g.digit_owner[d] or g.digit_pcode[up] >= g.digit_pcode[d]:
            break
        w = (w & ~(pair << (DIGIT_BITS * pos))) | ((<u64>up) << (DIGIT_BITS * pos)) | \
            ((<u64>d) << (DIGIT_BITS * (pos + 1)))
        pos += 1
    return w

cdef inline u64 layout_word(const Game* g, u64 word, u64 m, u64 starters) noexcept nogil:
    # A suit's layout with the cards of m (places from its lowest card) still held: the digits
    # of `word` at them in order of rank (gather_digits), and, with `starters` (Game.starters
    # at the same places, or 0), every block of one seat's cards with no other seat's card
    # between them sorted by points.  Against any other card still held, every card of such a
    # block compares alike, and no two of them ever meet in a trick (they are one seat's), so
    # a position where the block's points lie in another order is the same game with its cards
    # renamed (a card for the card of the same points).  A block is out of order only where a
    # card has fewer points than the card below it (Game.starters: in ciapano the 2 or the 3
    # just above the ace): each such lower card, from the highest down, moves up its block past
    # the cards with fewer points (an insertion sort; in ciapano the ace past the 2 and the 3
    # of its holder).  Every card of seeded deals, the same values (and 540 mid-hand positions
    # of 3 to 5 seats, every card and seat, against the build before any of it): with a suit
    # held by one seat alone sorted, nodes 3 players -7.4% and -0.2% (8 and 9 deals), 4 players
    # -2.9% (8), 5 players -0.9% (6); with every block, a further -21.9% and -1.1%, -5.5%,
    # -6.1%; time (bench/compare_builds.py, 3 players, 6 deals) 0.952 and 0.896.
    cdef u64 w = gather_digits(word, m)
    cdef u64 st = m & starters
    cdef int card
    while st:
        card = highest_bit(st)
        st &= ~bit(card)
        w = sort_up(g, w, popcount64(m & (bit(card) - 1)))
    return w

cdef enum:
    CANON_SLOTS = 2 * CANON_MASKS   # open addressing in set_canon: twice a suit's subsets

cdef inline void set_canon(const Game* g, const u64* words, u64 held, bint sort,
                           unsigned short* canon) noexcept nogil:
    # canon[su * CANON_MASKS + m] = the least subset of suit su's cards (places from its lowest
    # card) with the same layout (layout_word; blocks sorted with `sort`) as m, for every m of
    # the cards `held` at the root (the others are never still held; unused suits map 0 to
    # 0).  Two positions are then the same game as far as a suit goes exactly when their
    # subsets have the same canon: tt_key packs the four suits' canons in 40 bits, where the
    # layouts themselves took 160.  (The layout is a function of the subset alone, the owners
    # of the cards being the deal's.)
    cdef u64 seen[CANON_SLOTS]
    cdef unsigned short first[CANON_SLOTS]
    cdef u64 hm, m, w, starters
    cdef int su, low, h
    for su in range(CANON_SUITS):
        canon[su * CANON_MASKS] = 0
        if su >= g.n_suits or g.suit_mask[su] == 0:
            continue
        low = lowest_bit(g.suit_mask[su])
        hm = (held & g.suit_mask[su]) >> low
        starters = ((g.starters & g.suit_mask[su]) >> low) if sort else 0
        for h in range(CANON_SLOTS):
            seen[h] = 0
        # Every subset of hm in increasing order, so that the first of a layout is the least.
        m = 0
        while True:
            w = layout_word(g, words[su], m, starters) + 1     # + 1: 0 marks an empty slot
            h = <int>((w * <u64>0x9E3779B97F4A7C15ULL) >> 53)    # 11 bits: CANON_SLOTS
            while seen[h] != 0 and seen[h] != w:
                h = (h + 1) & (CANON_SLOTS - 1)
            if seen[h] == 0:
                seen[h] = w
                first[h] = <unsigned short>m
            canon[su * CANON_MASKS + <int>m] = first[h]
            if m == hm:
                break
            m = (m - hm) & hm

cdef inline u64 canon_key(const Ctx* c, const unsigned short* canon, u64 out) noexcept nogil:
    # The four suits' canons (set_canon) of the cards of `out`, 10 bits each.
    return (<u64>canon[0 * CANON_MASKS + ((out & c.g.suit_mask[0]) >> c.suit_low[0])]
            | (<u64>canon[1 * CANON_MASKS + ((out & c.g.suit_mask[1]) >> c.suit_low[1])] << 10)
            | (<u64>canon[2 * CANON_MASKS + ((out & c.g.suit_mask[2]) >> c.suit_low[2])] << 20)
            | (<u64>canon[3 * CANON_MASKS + ((out & c.g.suit_mask[3]) >> c.suit_low[3])] << 30))

cdef inline u64 long_suits_key(const Ctx* c, const signed char* symbol, const u64* cards_of,
                              u64 out) noexcept nogil:
    # The suits past the fourth (Piedicavallo tarocchi's 21 trumps, whose subsets are too many
    # for set_canon's tables), in place and on relative ranks: each suit's cards still held
    # replaced by the lowest cards with the same layout, found greedily from the lowest up (the
    # lowest card of the suit held at the root with the symbol of the lowest card held, then
    # the lowest card above it with the symbol of the next, and so on).  The cards found have
    # the layout of the cards held, so two sets of cards get the same key exactly when their
    # layouts are the same.  `symbol` is each card's symbol (owner and point code, or the
    # owner alone) and cards_of[x] the cards of symbol x held at the root, in those suits.
    cdef u64 m = out & c.long_cards
    cdef u64 key = 0
    cdef u64 su_mask = 0
    cdef int card, low = -1, su = -1
    while m:
        card = lowest_bit(m)
        m &= m - 1
        if c.g.suit_of[card] != su:
            su = c.g.suit_of[card]
            su_mask = c.g.suit_mask[su]
            low = lowest_bit(cards_of[symbol[card]] & su_mask)
        else:
            low = lowest_bit(cards_of[symbol[card]] & su_mask & ~((bit(low) << 1) - 1))
        key |= bit(low)
    return key

cdef inline u64 tt_key(const Ctx* c, const State* s) noexcept nogil:
    # Relative ranks: two positions are the same game when each suit holds, from the highest
    # card down, the same (owner, points) of the cards still held, with every block of one
    # seat's cards sorted by points (layout_word); the key is the least subset of each suit
    # with the suit's layout (set_canon).  Otherwise the cards themselves.
    if not c.relative:
        return s.out
    if not c.canon_suits:
        return long_suits_key(c, c.long_symbol, c.symbol_cards, s.out)
    return canon_key(c, c.canon, s.out) | long_suits_key(c, c.long_symbol, c.symbol_cards, s.out)

cdef inline u64 owner_key(const Ctx* c, const State* s) noexcept nogil:
    # The same with the owners of the cards alone, their points left out (the games without
    # points: nullgame.points_free_search).
    if not c.relative:
        return s.out
    if not c.canon_suits:
        return long_suits_key(c, c.long_owner, c.owner_cards, s.out)
    return canon_key(c, c.canon_owner, s.out) | long_suits_key(c, c.long_owner, c.owner_cards, s.out)

cdef inline int encode_best(const Ctx* c, const State* s, int card) noexcept nogil:
    # A card as stored in the table: itself, or (suit, place from the top) with relative keys.
    cdef const Game* g = &c.g
    cdef int su, place = 0
    cdef u64 m
    if card < 0 or not c.relative_best:
        return card
    su = g.suit_of[card]
    m = s.out & g.suit_mask[su] & ~(bit(card + 1) - 1)
    while m:
        m &= m - 1
        place += 1
    return su * 16 + place

cdef inline int decode_best(const Ctx* c, const State* s, int code) noexcept nogil:
    cdef const Game* g = &c.g
    cdef int card, place
    cdef u64 m
    if code < 0 or not c.relative_best:
        return code
    m = s.out & g.suit_mask[code // 16]
    place = code % 16
    while m:
        card = highest_bit(m)
        if place == 0:
            return card
        m &= ~bit(card)
        place -= 1
    return -1

cdef enum:
    K2_RESIDUE_SHIFT = 9        # key2 bits 9..18: the residues of the score key (search.pxd)

cdef enum:
    K2_BITS = 22                # bits of a packed key2; the entry's depth sits above them

cdef inline u64 pack_key2(u64 k2) noexcept nogil:
    # The search's key2 in 22 bits: bits 0..18 (leader, perspective, score key) and the tag
    # of bits 61..63 (in use; the games without points) at 19..21.  Nothing else is ever set.
    return (k2 & 0x7FFFF) | (((k2 >> 61) & 7) << 19)

cdef inline u64 entry_key2(const TTEntry* e) noexcept nogil:
    return e.key2 & ((1 << K2_BITS) - 1)

cdef enum:
    K2_LOST_SHIFT = 29          # key2 bits 29..31: entry_lost; the depth sits at 22..28

cdef inline int entry_depth(const TTEntry* e) noexcept nogil:
    return (e.key2 >> K2_BITS) & 0x7F

cdef inline int entry_lost(const TTEntry* e) noexcept nogil:
    # 1 + the strength (nullgame.game_strength) of the easiest game without points that P was
    # found to lose from this entry's cards, leader and P (so every harder one is lost too), or
    # 0.  The games do not depend on the points taken, so it holds for every kin entry too.
    return e.key2 >> K2_LOST_SHIFT

cdef inline u64 layout_of(u64 k2) noexcept nogil:
    # key2 without the residues of the thirds taken: every entry of a layout (the same cards,
    # owners, leader, perspective and cappotto holder) hashes to the same bucket, whatever the
    # residues, so that one probe finds them all (search.pxd, residue_bounds).
    return k2 & ~((<u64>0x3FF) << K2_RESIDUE_SHIFT)

cdef inline u64 tt_hash(u64 k, u64 k2) noexcept nogil:
    # k2 packed (pack_key2); its residues are left out (layout_of).
    # (SplitMix64's finalizer on the key and the layout.)
    cdef u64 h = k ^ (layout_of(k2) * <u64>0x9E3779B97F4A7C15ULL)
    h = (h ^ (h >> 30)) * <u64>0xBF58476D1CE4E5B9ULL
    h = (h ^ (h >> 27)) * <u64>0x94D049BB133111EBULL
    return h ^ (h >> 31)

cdef inline bint same_key(const TTEntry* e, u64 k, u64 k2) noexcept nogil:
    # k2 packed (pack_key2).
    return e.key == k and entry_key2(e) == k2

cdef inline u64 bucket_of(const TT* tt, u64 h) noexcept nogil:
    # The bucket of a hash: its high 32 bits scaled to the number of buckets (any number up to
    # 2**32), so that the table can fill its whole memory, not only a power of two.
    return ((h >> 32) * tt.buckets) >> 32

cdef enum:
    TT_START_BYTES = 4 << 20    # the table starts at 5/8 of this size (or less) and doubles ...
    TT_GROW_FILL = 3            # ... when TT_GROW_FILL eighths of its slots are filled, ...
    TT_LATE_BYTES = 32 << 20    # ... or TT_LATE_FILL eighths for a doubling past this size
    TT_LATE_FILL = 7

cdef inline u64 start_buckets(u64 buckets) noexcept nogil:
    # The starting size: the table's full size halved until it is at most TT_START_BYTES, then
    # taken by 5/8, so that the doublings pass 20 MiB, where median deals end (the doubling
    # past 32 MiB waits: set_size).  With the default 256 MiB: 2.5, 5, 10, 20, 40, 80, 160 MiB,
    # then the full 256 (tt_grow).  Starting at 5 MiB instead: fresh processes 3 players 1.011
    # (10 deals), the same nodes.  The figures below are from entries of 32 bytes (in buckets
    # of 288), at twice these sizes in bytes for about as many entries: every card of seeded
    # deals in fresh processes, best of 2-3, geometric mean of the time ratios:
    # - 3/4 (6, 12, 24, 48 MiB, ...) together with one entry for all the games without points
    #   of a position (nullgame.pxd), against the build before both (8, 16, 32, 64 MiB, ...):
    #   3 players 0.948 (6 deals), 4 players 0.945 (6), 5 players 0.954 (5); nodes +1.3% (3
    #   players, 8 deals); a median deal's table 48 MiB, about 55% full, instead of 64, 45%.
    # - then 5/8 against 3/4: 3 players 0.976 and 0.964 (two sets of 6 deals), 4 players 0.991
    #   (6), 5 players 0.985 (5); nodes +0.8% (3 players, 6 deals); a median deal's table 40
    #   MiB, about two thirds full.  Less memory for the kernel to zero on first touch (6-13% of
    #   a fresh process's time at 64 MiB, perf) against more crowded buckets.
    # - 1/2 (8, 16, 32, 64 MiB, but late past 32): 0.953, 0.941, 0.956 against the build
    #   before both, nodes +5.8% (a median deal's entries fill 32 MiB to 77%).
    # The largest deals' tables stop at 160 MiB for a while (with 3/4, at 192 MiB: 3 players
    # seed 8 +4.3% nodes, seed 13 +1.4%, 4 players seed 4 +2.1%).
    while buckets > 1 and buckets * sizeof(TTBucket) > TT_START_BYTES:
        buckets //= 2
    buckets = buckets * 5 // 8
    return buckets if buckets > 0 else 1

cdef inline void set_size(TT* tt, u64 buckets) noexcept nogil:
    # A doubling to more than TT_LATE_BYTES waits until the table is nearly full: the new half
    # costs the kernel 0.1-0.4 s of page zeroing here (huge pages of cold memory in a virtual
    # machine), which only searches of about 100M nodes win back.  Seeded full deals in fresh
    # processes, every card, best of 2, against doubling at 3/8 full up to 256 MiB: 3 players
    # seeds 1-20 but 8 and 13, -10% time (+1.1% nodes); 4 players seeds 1-20 but 4 and 18,
    # -6% (+0.3%).  The largest deals lose some: 3 players seed 8 (97M nodes) +8% nodes, 7.7
    # -> 8.7 s; seed 13 (89M) +6%, 8.3 -> 8.4 s; 4 players seed 18 (139M) +4%, 8.8 -> 9.8 s;
    # seed 4 (426M) +4%, 26.9 -> 26.8 s.  Past 64 MiB rather than 128 (median deals end at
    # 128 MiB a quarter to a third full, or at 64 MiB half full): fresh processes back to
    # back, every card, best of 2, 7 deals each: 3 players -7.1% (nodes +1.4%), 4 players
    # -5.2% (+0.3%), 5 players (6 deals) -7.0% (+1.0%); larger 4-player deals (seeds 2, 3, 11,
    # 13, 15, 16: 23-68M nodes) +1.8% (+3.4%).  Past 32 MiB: 3 players +6.9% against 64 MiB
    # (nodes +7.3%).  (Those sizes were 8, 16, 32, 64, ... MiB with entries of 32 bytes; now
    # 2.5, 5, 10, 20, ... with 16: start_buckets.)
    cdef int fill = TT_GROW_FILL if 2 * buckets * sizeof(TTBucket) <= TT_LATE_BYTES else TT_LATE_FILL
    tt.buckets = buckets
    tt.grow_at = buckets * TT_WAYS * fill // 8

cdef inline int tt_init(TT* tt, u64 buckets, u64 start) noexcept nogil:
    # Returns 0, or -1 when out of memory.  The table starts at start_buckets(buckets), or at
    # `start` buckets if that is less (a small position needs few entries: the search of one
    # with a few tricks left takes thousands of nodes, and a kept table's buckets in use are
    # emptied first).  The memory for `buckets` buckets is mapped at once
    # and zeroed lazily (table_alloc), but the table starts small and doubles as it fills
    # (tt_grow), so that it touches memory in proportion to the entries it holds: the kernel
    # zeroes each page on first touch, and on this machine (a virtual machine that hands free
    # memory back to its host) a 256 MiB table spread thin over every page cost 0.2-0.6 s.
    # Deals solved in fresh processes, against a table of its full size from the start: 8 of 8
    # faster (sum 16.0 s -> 13.6 s) while the machine's memory was cold (growing at 5/8 full:
    # within 5% either way while it was warm).  Growing at 3/8 full costs 1% more nodes (5/8:
    # 3.6%, 2/8: 0.3%): kin entries crowd a bucket, and a fuller table overflows more buckets.
    cdef int dirty
    tt.table = <TTBucket*>table_alloc(buckets * sizeof(TTBucket), &tt.base, &tt.mapped, &dirty)
    if tt.table == NULL:
        return -1
    tt.max_buckets = buckets
    tt.start_buckets = start_buckets(buckets)
    if 0 < start < tt.start_buckets:
        tt.start_buckets = start
    set_size(tt, tt.start_buckets)
    if dirty:
        # A kept or small table (table_alloc): empty the buckets in use; growth empties the
        # others.
        tt_clear(tt)
    tt.gen = 0
    tt.entries = 0
    tt.stores = 0
    tt.hits = 0
    return 0

cdef inline void tt_free(TT* tt) noexcept nogil:
    if tt.table != NULL:
        table_free(tt.table, tt.base, tt.mapped)
    tt.table = NULL

cdef extern from *:
    void prefetch "__builtin_prefetch"(const void* p) nogil

cdef inline void tt_prefetch(const TT* tt, u64 k, u64 k2) noexcept nogil:
    # Start loading the bucket of a key that a probe will soon read (both its cache lines).
    cdef const char* b = <const char*>(tt.table + bucket_of(tt, tt_hash(k, pack_key2(k2))))
    prefetch(b)
    if sizeof(TTBucket) > 64:
        prefetch(b + 64)

cdef inline TTEntry* tt_probe(TT* tt, u64 k, u64 k2) noexcept nogil:
    return tt_probe_layout(tt, k, k2, NULL, NULL)

cdef inline TTEntry* tt_probe_layout(TT* tt, u64 k, u64 k2, TTEntry** kin, int* nkin) noexcept nogil:
    # The entry of the key, or NULL; with kin, also the entries of the same layout with other
    # residues (at most TT_WAYS), their number in nkin.
    k2 = pack_key2(k2)
    cdef TTBucket* b = tt.table + bucket_of(tt, tt_hash(k, k2))
    cdef TTEntry* found = NULL
    cdef TTEntry* e
    cdef u64 layout = layout_of(k2)
    cdef int i
    if sizeof(TTBucket) > 64:
        prefetch(<char*>b + 64)
    if kin != NULL:
        nkin[0] = 0
    for i in range(TT_WAYS):
        e = &b.e[i]
        if e.key != k:
            continue
        if entry_key2(e) == k2:
            tt.hits += 1
            e.gen = tt.gen
            found = e
        elif kin != NULL and layout_of(entry_key2(e)) == layout:
            kin[nkin[0]] = e
            nkin[0] += 1
    return found

cdef inline int tt_worth(const TT* tt, const TTEntry* e) noexcept nogil:
    # What keeping an entry is worth: the work it saves (cards still held; a game without
    # points' entry more: nullgame.NULL_ENTRY_BONUS), and more if it was stored or used for
    # the present value.  A full solve asks for one value per card, whose searches share few
    # positions, so older entries make way first.
    return entry_depth(e) + (64 if e.gen == tt.gen else 0)

cdef inline int free_way(const TTBucket* b) noexcept nogil:
    # The first empty slot of a bucket, or -1.
    cdef int i
    for i in range(TT_WAYS):
        if b.e[i].key2 == 0:
            return i
    return -1

cdef inline int least_worth(const TT* tt, const TTBucket* b) noexcept nogil:
    # The slot of a full bucket whose entry is worth the least (tt_worth).
    cdef int i, victim = 0
    for i in range(1, TT_WAYS):
        if tt_worth(tt, &b.e[i]) < tt_worth(tt, &b.e[victim]):
            victim = i
    return victim

cdef inline void clear_bucket(TTBucket* b) noexcept nogil:
    cdef int w
    for w in range(TT_WAYS):
        b.e[w].key2 = 0

cdef inline void tt_grow(TT* tt) noexcept nogil:
    # Twice the buckets, or all the memory holds if that is less, in place.  bucket_of scales
    # the hash's high bits to the number of buckets, so old bucket i's entries go to new
    # buckets i and above: going from the last old bucket down, every new bucket written is
    # either past the old buckets still to move or the one being moved (emptied first).  On a
    # doubling, old bucket i's entries go to new buckets 2i and 2i + 1 alone, and none
    # overflows; on a smaller last step two old buckets may meet in one new one, where an
    # entry that finds no free way takes the place of one worth less (tt_worth) or is dropped.
    # No search keeps a pointer into the table across a store (search.pxd, nullgame.pxd), so
    # the table may grow inside any store.
    cdef u64 i, j, old = tt.buckets
    cdef u64 new = old * 2 if old * 2 <= tt.max_buckets else tt.max_buckets
    cdef int w, victim
    cdef TTBucket moving
    cdef TTBucket* b
    for i in range(old, new):
        clear_bucket(tt.table + i)
    set_size(tt, new)
    i = old
    while i > 0:
        i -= 1
        moving = tt.table[i]
        clear_bucket(tt.table + i)
        for w in range(TT_WAYS):
            if moving.e[w].key2 == 0:
                continue
            j = bucket_of(tt, tt_hash(moving.e[w].key, entry_key2(&moving.e[w])))
            b = tt.table + j
            victim = free_way(b)
            if victim < 0:
                tt.entries -= 1         # one of the two goes
                victim = least_worth(tt, b)
                if tt_worth(tt, &b.e[victim]) >= tt_worth(tt, &moving.e[w]):
                    continue
            b.e[victim] = moving.e[w]

cdef inline void store_packed(TT* tt, u64 k, u64 k2, int lower, int upper, int best, int depth,
                              int lost) noexcept nogil:
    # tt_store with key2 packed (pack_key2).
    cdef TTBucket* b = tt.table + bucket_of(tt, tt_hash(k, k2))
    cdef TTEntry* e
    cdef int i, victim = -1
    tt.stores += 1
    for i in range(TT_WAYS):
        if same_key(&b.e[i], k, k2):
            e = &b.e[i]
            if lower > e.lower:
                e.lower = lower
            if upper < e.upper:
                e.upper = upper
            if best >= 0:
                e.best = best
            if lost > entry_lost(e):
                e.key2 = (e.key2 & ~(<unsigned int>7 << K2_LOST_SHIFT)) | (<unsigned int>lost << K2_LOST_SHIFT)
            e.gen = tt.gen
            return
    victim = free_way(b)
    if victim >= 0:
        tt.entries += 1
    if victim >= 0 and tt.entries > tt.grow_at and tt.buckets < tt.max_buckets:
        tt.entries -= 1
        tt_grow(tt)
        store_packed(tt, k, k2, lower, upper, best, depth, lost)
        return
    if victim < 0:
        victim = least_worth(tt, b)
    e = &b.e[victim]
    e.key = k
    e.key2 = <unsigned int>(k2 | (<u64>depth << K2_BITS) | (<u64>lost << K2_LOST_SHIFT))
    e.lower = lower
    e.upper = upper
    e.best = best
    e.gen = tt.gen

cdef inline void tt_store(TT* tt, u64 k, u64 k2, int lower, int upper, int best, int depth,
                          int lost) noexcept nogil:
    # Merge bounds into the entry for this key, or take the empty slot or the slot worth the
    # least (tt_worth).
    store_packed(tt, k, pack_key2(k2), lower, upper, best, depth, lost)

cdef inline u64 tt_misplaced(const TT* tt) noexcept nogil:
    # Entries in use not in the bucket their key hashes to (for tests: 0).
    cdef u64 i, bad = 0
    cdef int w
    for i in range(tt.buckets):
        for w in range(TT_WAYS):
            if tt.table[i].e[w].key2 == 0:
                continue
            if bucket_of(tt, tt_hash(tt.table[i].e[w].key, entry_key2(&tt.table[i].e[w]))) != i:
                bad += 1
    return bad

cdef inline void tt_clear(TT* tt) noexcept nogil:
    # Empty the table and shrink it to its starting size (the pages it grew into stay mapped).
    cdef u64 i
    set_size(tt, tt.start_buckets)
    for i in range(tt.buckets):
        clear_bucket(tt.table + i)
    tt.entries = 0
