# Bridge's table of winning ranks (partition search: Ginsberg, "Partition search", AAAI 1996;
# DDS's transposition table of "winning ranks", Haglund): bounds on the tricks from a trick
# start that hold for every position with the same suit lengths in each hand and the same
# owners of each suit's cards from the top down to the entry's lowest relevant card
# (ext/core/search.pxd says why).  Where the layout table (ttable.pxd) needs the same cards to
# the last small one, an entry here serves every position that differs only in cards that
# never decided a trick by rank: DDS's main source of speed.
#
# An entry keeps the suit lengths (4 bits a hand and suit), the seat on lead and the
# perspective seat, and per suit the number k of top cards it fixes and their owners (2 bits a
# card, the top card highest), with the bounds relative to the score key's offset (side B's
# tricks so far) and the best card (ttable.encode_best).  Many entries share their lengths
# (they differ in the owners of their top cards), so they sit together in blocks of
# WR_ITEMS (nine cache lines, read in order), and each hash slot of the lengths heads a chain
# of blocks, the newest first, taken from a pool; a probe walks the chain (WR_WALK blocks at
# most) and takes every entry of the same lengths whose pattern matches the position's
# owners, as DDS walks its lists of winning ranks.  A full pool empties the table.
from libc.stdlib cimport calloc, free
from libc.string cimport memset

cdef extern from *:
    void __builtin_prefetch(const void* addr) nogil
from structs cimport u64, Ctx, Game, State, TTBucket
from bitops cimport bit, lowest_bit, highest_bit, popcount64
from ttable cimport encode_best, decode_best
from game cimport score_key

cdef enum:
    WR_ITEMS = 28               # entries of a block (nine cache lines)
    WR_WALK = 24                # blocks a probe or a store looks at, at most
    WR_MAX_BLOCKS = 1 << 19     # 128 MiB at most
    WR_K_SHIFT = 26             # a suit's pattern: its k above the 2k bits of owners

cdef struct WRItem:
    # 20 bytes: an entry of a block, whose lengths and seats are the block's.
    unsigned int pattern[4]     # per suit: k << WR_K_SHIFT | the owners of its top k cards
    signed char lower           # tricks of side B from here on: >= lower ...
    signed char upper           # ... and <= upper
    signed char best            # best card found (ttable.encode_best), or -1
    unsigned char spare

cdef struct WRBlock:
    # 16 + 20 * WR_ITEMS bytes (576).
    u64 lengths                 # cards of each suit in each hand: 4 bits at 4 * (4 * suit + seat)
    unsigned int next           # the next block of the chain (pool index + 1), or 0
    unsigned char tag           # 0x80 | leader | P << 2
    unsigned char count         # entries in use
    unsigned char pad[2]
    WRItem items[WR_ITEMS]

cdef struct WRTable:
    unsigned int* heads         # each slot's newest block (pool index + 1), or 0
    u64 slots                   # a power of two
    int shift                   # 64 - log2(slots)
    WRBlock* pool
    u64 used
    u64 capacity

cdef inline int wr_table_init(Ctx* c, u64 cards) except -1:
    # A table for positions of `cards` cards at most: a pool of 2**(cards/2 - 2) blocks, 64 at
    # least, within the memory given to the search's table (Ctx.tt, already made: tt_mb,
    # which the layout table, never probed here, leaves untouched but for its first buckets)
    # and WR_MAX_BLOCKS (zeroed lazily by the kernel where calloc maps it), and a slot for each.
    cdef WRTable* t = <WRTable*>calloc(1, sizeof(WRTable))
    cdef u64 n = 64
    cdef u64 budget = c.tt.max_buckets * sizeof(TTBucket) // sizeof(WRBlock)
    cdef int log = 6
    if t == NULL:
        raise MemoryError("cannot allocate the table of winning ranks")
    while n < WR_MAX_BLOCKS and 2 * n <= budget and \
            n < ((<u64>1) << (cards // 2 - 2 if cards >= 16 else 4)):
        n *= 2
        log += 1
    t.capacity = n
    t.slots = n
    t.shift = 64 - log
    t.pool = <WRBlock*>calloc(n, sizeof(WRBlock))
    t.heads = <unsigned int*>calloc(t.slots, sizeof(unsigned int))
    if t.pool == NULL or t.heads == NULL:
        free(t.pool)
        free(t.heads)
        free(t)
        raise MemoryError("cannot allocate the table of winning ranks")
    c.game_table = t
    return 0

cdef inline void wr_table_free(Ctx* c) noexcept nogil:
    cdef WRTable* t = <WRTable*>c.game_table
    if t != NULL:
        free(t.pool)
        free(t.heads)
        free(t)
        c.game_table = NULL

cdef inline void wr_table_clear(Ctx* c) noexcept nogil:
    cdef WRTable* t = <WRTable*>c.game_table
    if t != NULL:
        memset(t.heads, 0, t.slots * sizeof(unsigned int))
        t.used = 0

cdef inline u64 suit_lengths(const Game* g, const State* s) noexcept nogil:
    # The cards of each suit in each hand, 4 bits at 4 * (4 * suit + seat).
    cdef u64 r = 0
    cdef int su, seat
    for su in range(4):
        for seat in range(4):
            r |= (<u64>popcount64(s.hand[seat] & g.suit_mask[su])) << (4 * (4 * su + seat))
    return r

cdef inline unsigned int owners_from_top(const Ctx* c, u64 cards) noexcept nogil:
    # The owners of `cards` (one suit's, at most 13), 2 bits each, the top card highest.
    cdef unsigned int r = 0
    cdef int card
    cdef int n = popcount64(cards)
    while cards:
        card = lowest_bit(cards)
        cards &= cards - 1
        r = (r >> 2) | ((<unsigned int>c.owner[card]) << 24)
    return r >> (2 * (13 - n)) if n else 0

cdef inline unsigned int* wr_slot(WRTable* t, u64 lengths, unsigned char tag) noexcept nogil:
    # (The product's top bits: every bit of the lengths and the tag reaches them.)
    cdef u64 h = (lengths ^ (<u64>tag * <u64>0xD6E8FEB86659FD93ULL)) * <u64>0x9E3779B97F4A7C15ULL
    return t.heads + (h >> t.shift)

cdef inline WRBlock* next_block(WRTable* t, unsigned int* i, int* walked, u64 lengths,
                                unsigned char tag) noexcept nogil:
    # The next block of the chain from i (a pool index + 1, advanced) with these lengths and
    # tag, within WR_WALK blocks walked; NULL at its end.
    cdef WRBlock* b
    while i[0] and walked[0] < WR_WALK:
        b = t.pool + (i[0] - 1)
        i[0] = b.next
        walked[0] += 1
        if b.tag == tag and b.lengths == lengths:
            return b
    return NULL

cdef inline bint wr_prefetch(Ctx* c, const State* s) noexcept nogil:
    # At a trick's last card (search.pxd, prefetch_child): start loading the slot of trick
    # start s, so that its cache miss overlaps other work; True (the layout table's bucket,
    # which the search does not probe here, is left alone).
    cdef WRTable* t = <WRTable*>c.game_table
    if t != NULL:
        __builtin_prefetch(wr_slot(t, suit_lengths(&c.g, s), 0x80 | s.leader | (c.P << 2)))
    return True

cdef inline bint wr_probe(Ctx* c, const State* s, int* lower, int* upper, u64* rel,
                          int* first) noexcept nogil:
    # Tighten lower and upper (side B's tricks, search.pxd) by every entry that matches trick
    # start s, adding the cards its pattern fixes to rel, and the first match's best card to
    # first where it has none; whether any matched.
    cdef WRTable* t = <WRTable*>c.game_table
    cdef const Game* g = &c.g
    cdef u64 lengths
    cdef unsigned char tag = 0x80 | s.leader | (c.P << 2)
    cdef WRBlock* b
    cdef WRItem* e
    cdef unsigned int owners
    cdef unsigned int prefix[4][14]
    cdef u64 held[4]
    cdef int walked, su, k, n, offset, j
    cdef unsigned int i
    cdef bint found = False, ready = False
    cdef u64 m
    if t == NULL:
        return False
    lengths = suit_lengths(g, s)
    i = wr_slot(t, lengths, tag)[0]
    walked = 0
    while True:
        b = next_block(t, &i, &walked, lengths, tag)
        if b == NULL:
            break
        if not ready:
            # Each suit's pattern for every k: what an entry fixing its top k cards must hold.
            ready = True
            for su in range(4):
                held[su] = s.out & g.suit_mask[su]
                n = popcount64(held[su])
                owners = owners_from_top(c, held[su])
                for k in range(n + 1):
                    prefix[su][k] = (<unsigned int>k << WR_K_SHIFT) | (owners >> (2 * (n - k)))
                for k in range(n + 1, 14):
                    prefix[su][k] = 0xFFFFFFFF      # (no entry of these lengths fixes more)
            score_key(g, s, c.P, &offset)
        for j in range(b.count):
            e = &b.items[j]
            if e.pattern[0] != prefix[0][e.pattern[0] >> WR_K_SHIFT] or \
                    e.pattern[1] != prefix[1][e.pattern[1] >> WR_K_SHIFT] or \
                    e.pattern[2] != prefix[2][e.pattern[2] >> WR_K_SHIFT] or \
                    e.pattern[3] != prefix[3][e.pattern[3] >> WR_K_SHIFT]:
                continue
            found = True
            if e.lower + offset > lower[0]:
                lower[0] = e.lower + offset
            if e.upper + offset < upper[0]:
                upper[0] = e.upper + offset
            for su in range(4):
                k = e.pattern[su] >> WR_K_SHIFT
                if k:
                    # The pattern's lowest card: the k-th from the top.
                    m = held[su]
                    while k > 1:
                        m &= ~bit(highest_bit(m))
                        k -= 1
                    rel[0] |= bit(highest_bit(m))
            if first[0] < 0:
                first[0] = decode_best(c, s, e.best)
    return found

cdef inline void wr_store(Ctx* c, const State* s, int lower, int upper, u64 rel, int best) noexcept nogil:
    # Store bounds lower..upper on side B's tricks from trick start s, found relying on the
    # cards rel: the entry fixes each suit's cards from the top down to its lowest card of
    # rel.  An entry of the same lengths and pattern in reach is updated (its bounds and ours
    # both hold); else a new one joins the newest block of the lengths, or a new block.
    cdef WRTable* t = <WRTable*>c.game_table
    cdef const Game* g = &c.g
    cdef u64 lengths = suit_lengths(g, s)
    cdef unsigned char tag = 0x80 | s.leader | (c.P << 2)
    cdef unsigned int pattern[4]
    cdef unsigned int* slot
    cdef WRBlock* b
    cdef WRBlock* room = NULL
    cdef WRItem* e
    cdef int su, k, n, offset, walked, j
    cdef unsigned int i
    cdef u64 held, r
    if t == NULL:
        return
    for su in range(4):
        held = s.out & g.suit_mask[su]
        r = rel & held
        if not r:
            pattern[su] = 0
            continue
        n = popcount64(held)
        k = popcount64(held & ~(bit(lowest_bit(r)) - 1))
        pattern[su] = (<unsigned int>k << WR_K_SHIFT) | (owners_from_top(c, held) >> (2 * (n - k)))
    score_key(g, s, c.P, &offset)
    slot = wr_slot(t, lengths, tag)
    i = slot[0]
    walked = 0
    while True:
        b = next_block(t, &i, &walked, lengths, tag)
        if b == NULL:
            break
        if room == NULL and b.count < WR_ITEMS:
            room = b
        for j in range(b.count):
            e = &b.items[j]
            if e.pattern[0] == pattern[0] and e.pattern[1] == pattern[1] and \
                    e.pattern[2] == pattern[2] and e.pattern[3] == pattern[3]:
                if lower - offset > e.lower:
                    e.lower = lower - offset
                if upper - offset < e.upper:
                    e.upper = upper - offset
                if best >= 0:
                    e.best = encode_best(c, s, best)
                return
    if room == NULL:
        if t.used == t.capacity:
            wr_table_clear(c)
        room = t.pool + t.used
        t.used += 1
        room.lengths = lengths
        room.tag = tag
        room.count = 0
        room.next = slot[0]
        slot[0] = <unsigned int>t.used
    e = &room.items[room.count]
    room.count += 1
    for su in range(4):
        e.pattern[su] = pattern[su]
    e.lower = lower - offset
    e.upper = upper - offset
    e.best = encode_best(c, s, best)
