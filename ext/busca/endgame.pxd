# Busca's endgame families: the exact value of a trick start with few tricks left, for every
# split of the points taken, from one search of its cards.
#
# From a trick start s, each line of play ends with a gain vector G (the points each seat takes
# from s to the end, the last trick's 3 included), and P's busche are busche(t + G), t the
# points taken so far.  A strategy of P leaves a set of gain vectors the others can still reach;
# P's value is the least, over P's strategies, of the most busche over that set (P against the
# three others is a game of two sides with perfect information; the others pick any outcome
# the strategy leaves open).  The family of s is the least of these sets, those with no other
# set inside them: a superset never scores less than its subset, so they give the same least
# over strategies.  It depends only on the cards still held, who holds them, who leads and P,
# not on t; so one search of the cards serves every split of the points and every window, where
# the main search keyed on the points expands the same cards once per split (seed 7's "at most
# 2?": 948 k trick starts with 2 tricks left on 83 k cards, 739 k with 3 on 173 k).
#
# The family is built trick by trick (build_family): at the end of a trick, the family of the
# next trick start (from this table, built first if need be) shifted by the trick's points to
# its winner; where P plays, the union of its cards' families (P picks a card); where another
# seat plays, the unions of one set from each card's family (the others may answer each of
# P's choices later with any card, so a set of P must cover every card they may play).
# Supersets are dropped at every step (insert_set).  Gain vectors are packed 6 bits a seat,
# a set is a bit mask over the family's list of gain vectors (at most END_MAX), and a family
# holds at most END_MAX sets; a position whose family does not fit is marked as such and left
# to the main search.
from libc.stdlib cimport calloc, free
from libc.string cimport memset, memcpy
from structs cimport u64, Ctx, Game, State, MAX_MOVES, MAX_SEATS
from bitops cimport popcount64, lowest_bit
from tricks cimport play_child, to_move, play_last_trick_winner
from movegen cimport gen_moves
from ttable cimport tt_key, prefetch
from limits cimport must_stop
from game cimport busche

cdef enum:
    END_TRICKS = 2              # tricks left at most where families are used.  With 3, every
                                # card of seeds 7, 13, 17, 8 took 127, 110, 79, 34 M nodes ->
                                # 136, 93, 81, 31 M, but 21-65% more time (the building costs
                                # more than it saves); with 4, a fifth of seed 7's families
                                # do not fit END_MAX
    END_MAX = 64                # gain vectors and sets of a family
    SEAT_BITS = 6               # bits of one seat's gain in a packed gain vector
    SLOT_FAILED = 0xFF          # a slot's count of vectors for a family that does not fit

cdef struct EndSlot:
    u64 key                     # ttable.tt_key of the cards
    unsigned int tag            # 1 + leader + 8 * P; 0: empty
    unsigned int offset         # the family in the arena: vectors, then sets
    unsigned char nv            # its gain vectors (SLOT_FAILED: does not fit)
    unsigned char nf            # its sets
    unsigned char pad[6]
    u64 single                  # the gain vector of a family of one vector (nv 1, nf 1), kept
                                # here and not in the arena: one cache miss, not two

cdef struct EndTable:
    EndSlot* slots
    u64 mask                    # slots - 1 (a power of two)
    u64* arena
    u64 size                    # words of the arena
    u64 used
    u64 one_set                 # 1: the set of every family of one vector (EndSlot.single)

cdef inline int end_table_init(EndTable* t, u64 cards) noexcept nogil:
    # A table for positions of `cards` cards at most: 2**(cards/2) slots (like the
    # transposition table), at most 2**18, and 4 words of arena a slot: 16 MiB for a full deal
    # (2**20 slots and 8 words, 96 MiB, saved 0.02% of the nodes of seeds 7 and 13, every
    # card).  0, or -1 without memory.
    cdef u64 slots = 1024
    while slots < ((<u64>1) << 18) and slots < ((<u64>1) << (cards // 2)):
        slots *= 2
    t.size = slots * 4
    t.slots = <EndSlot*>calloc(slots, sizeof(EndSlot))
    t.arena = <u64*>calloc(t.size, sizeof(u64))
    if t.slots == NULL or t.arena == NULL:
        free(t.slots)
        free(t.arena)
        t.slots = NULL
        t.arena = NULL
        return -1
    t.mask = slots - 1
    t.used = 0
    t.one_set = 1
    return 0

cdef inline void end_table_free(EndTable* t) noexcept nogil:
    free(t.slots)
    free(t.arena)
    t.slots = NULL
    t.arena = NULL

cdef inline void end_table_clear(EndTable* t) noexcept nogil:
    if t.slots != NULL:
        memset(t.slots, 0, (t.mask + 1) * sizeof(EndSlot))
    t.used = 0

cdef inline u64 slot_index(const EndTable* t, u64 key, unsigned int tag) noexcept nogil:
    cdef u64 h = (key ^ (<u64>tag * <u64>0x9E3779B97F4A7C15)) * <u64>0xD6E8FEB86659FD93
    return (h >> 20) & t.mask

cdef inline unsigned int family_tag(const Ctx* c, const State* s) noexcept nogil:
    # A slot's tag: who leads s and P (the key holds the cards); never 0, an empty slot's.
    return 1 + s.leader + 8 * c.P

cdef inline void end_prefetch(const Ctx* c, const EndTable* t, const State* s) noexcept nogil:
    # Start loading the slot of trick start s's family.
    prefetch(&t.slots[slot_index(t, tt_key(c, s), family_tag(c, s))])

cdef inline EndSlot* end_slot(EndTable* t, u64 key, unsigned int tag, bint* found) noexcept nogil:
    # The slot of (key, tag), found[0] = True; else the slot to store it in (an empty one, or
    # the first probed).
    cdef u64 i = slot_index(t, key, tag)
    cdef int k
    cdef EndSlot* e
    for k in range(8):
        e = &t.slots[(i + k) & t.mask]
        if e.tag == 0:
            found[0] = False
            return e
        if e.tag == tag and e.key == key:
            found[0] = True
            return e
    found[0] = False
    return &t.slots[i]

cdef inline bint insert_set(u64* fam, int* n, u64 x) noexcept nogil:
    # Add set x to the family fam[0..n) keeping only sets with no other inside them; False if
    # the family would hold more than END_MAX sets.
    cdef int i = 0, j = 0
    for i in range(n[0]):
        if fam[i] & ~x == 0:
            return True                 # x holds a set already there
    for i in range(n[0]):
        if x & ~fam[i] != 0:
            fam[j] = fam[i]             # keep the sets that do not hold x
            j += 1
    if j == END_MAX:
        return False
    fam[j] = x
    n[0] = j + 1
    return True

cdef inline int vector_index(u64* V, int* nV, u64 v) noexcept nogil:
    # The index of gain vector v in V[0..nV), added if new; -1 if V is full.
    cdef int i
    for i in range(nV[0]):
        if V[i] == v:
            return i
    if nV[0] == END_MAX:
        return -1
    V[nV[0]] = v
    nV[0] += 1
    return nV[0] - 1

cdef inline bint trick_family(Ctx* c, EndTable* t, const State* start, const State* s, u64* V,
                              int* nV, u64* fam, int* nf) noexcept nogil:
    # The family of the rest of the trick from s (start: the trick's start), its vectors in V;
    # False if it does not fit (or a limit stopped the search: c.aborted).
    cdef const Game* g = &c.g
    cdef int moves[MAX_MOVES]
    cdef u64 sub[END_MAX]
    cdef u64 acc[END_MAX]
    cdef u64 shift, x
    cdef const u64* cv
    cdef const u64* cf
    cdef int idx[END_MAX]
    cdef int nm, i, j, k, seat, w, nsub, nacc, cnv, cnf
    cdef State child
    c.nodes += 1
    c.stats.null_nodes[2] += 1
    if must_stop(c):
        c.aborted = True
    if c.aborted:
        return False
    nf[0] = 0
    if s.count == 0 and s != start:
        # The trick is over: its winner s.leader took s.taken - start.taken.
        w = s.leader
        shift = (<u64>(s.taken[w] - start.taken[w])) << (SEAT_BITS * w)
        if popcount64(s.out) == g.n:
            # The last trick: forced.
            w = play_last_trick_winner(g, s)
            x = shift + ((<u64>(s.out_points + g.last_trick_points)) << (SEAT_BITS * w))
            k = vector_index(V, nV, x)
            if k < 0:
                return False
            fam[0] = (<u64>1) << k
            nf[0] = 1
            return True
        if not end_family(c, t, s, &cv, &cnv, &cf, &cnf):
            return False
        for i in range(cnv):
            idx[i] = vector_index(V, nV, cv[i] + shift)
            if idx[i] < 0:
                return False
        memcpy(fam, cf, cnf * sizeof(u64))
        renumber(fam, cnf, idx)
        nf[0] = cnf
        return True
    seat = to_move(g, s)
    nm = gen_moves(c, s, seat, -1, moves, NULL, NULL)
    if seat == c.P:
        for i in range(nm):
            play_child(g, s, &child, seat, moves[i])
            if not trick_family(c, t, start, &child, V, nV, sub, &nsub):
                return False
            for j in range(nsub):
                if not insert_set(fam, nf, sub[j]):
                    return False
        return True
    fam[0] = 0
    nf[0] = 1
    for i in range(nm):
        play_child(g, s, &child, seat, moves[i])
        if not trick_family(c, t, start, &child, V, nV, sub, &nsub):
            return False
        nacc = 0
        for j in range(nf[0]):
            for k in range(nsub):
                if not insert_set(acc, &nacc, fam[j] | sub[k]):
                    return False
        for j in range(nacc):
            fam[j] = acc[j]
        nf[0] = nacc
    return True

cdef inline void renumber(u64* sets, int n, const int* idx) noexcept nogil:
    # Each set of sets[0..n) with its vector k renamed idx[k].
    cdef int j, k
    cdef u64 m, x
    for j in range(n):
        m = sets[j]
        x = 0
        while m:
            k = lowest_bit(m)
            m &= m - 1
            x |= (<u64>1) << idx[k]
        sets[j] = x

cdef inline EndSlot* claim_slot(EndTable* t, u64 key, unsigned int tag, int nv, int nf) noexcept nogil:
    # The slot where (key, tag) is stored, with the counts of its family written.
    cdef bint found
    cdef EndSlot* e = end_slot(t, key, tag, &found)
    e.key = key
    e.tag = tag
    e.nv = nv
    e.nf = nf
    return e

cdef inline void read_slot(EndTable* t, EndSlot* e, const u64** v, int* nv, const u64** f,
                           int* nf) noexcept nogil:
    # The family stored in e: in the slot itself for one vector, else in the arena.
    if e.nv == 1 and e.nf == 1:
        v[0] = &e.single
        f[0] = &t.one_set
    else:
        v[0] = t.arena + e.offset
        f[0] = t.arena + e.offset + e.nv
    nv[0] = e.nv
    nf[0] = e.nf

cdef inline bint end_family(Ctx* c, EndTable* t, const State* s, const u64** v, int* nv,
                            const u64** f, int* nf) noexcept nogil:
    # The family of trick start s (at least 2 tricks left), from the table or built and stored:
    # v[0][0..nv) its gain vectors, f[0][0..nf) its sets.  False if it does not fit (or a limit
    # stopped the search: c.aborted).  The pointers hold until the next call.
    cdef u64 key = tt_key(c, s)
    cdef unsigned int tag = family_tag(c, s)
    cdef bint found
    cdef EndSlot* e = end_slot(t, key, tag, &found)
    cdef u64 V[END_MAX]
    cdef u64 fam[END_MAX]
    cdef int map_[END_MAX]
    cdef int nV = 0, nfam = 0, i, used_n = 0
    cdef u64 used = 0
    if found:
        if e.nv == SLOT_FAILED:
            return False
        read_slot(t, e, v, nv, f, nf)
        return True
    c.stats.null_tries[2] += 1
    if not trick_family(c, t, s, s, V, &nV, fam, &nfam):
        if c.aborted:
            return False
        claim_slot(t, key, tag, SLOT_FAILED, 0)     # (the build may have moved things)
        return False
    # Keep the vectors some set holds, renumbered.
    for i in range(nfam):
        used |= fam[i]
    for i in range(nV):
        if used & ((<u64>1) << i):
            map_[i] = used_n
            V[used_n] = V[i]
            used_n += 1
    renumber(fam, nfam, map_)
    if used_n == 1 and nfam == 1:
        e = claim_slot(t, key, tag, 1, 1)
        e.single = V[0]
    else:
        if t.used + used_n + nfam > t.size:
            end_table_clear(t)                  # full: drop everything (it is a cache)
        e = claim_slot(t, key, tag, used_n, nfam)
        e.offset = <unsigned int>t.used
        memcpy(t.arena + t.used, V, used_n * sizeof(u64))
        memcpy(t.arena + t.used + used_n, fam, nfam * sizeof(u64))
        t.used += used_n + nfam
    read_slot(t, e, v, nv, f, nf)
    return True

cdef inline int least_most(const int* vals, const u64* f, int nf) noexcept nogil:
    # The least, over the sets f[0..nf), of the most vals[k] over a set's vectors k: P picks
    # the set (its strategy), the others the vector in it.
    cdef int j, k, most, least = 1 << 20
    cdef u64 m
    for j in range(nf):
        m = f[j]
        most = -(1 << 20)
        while m:
            k = lowest_bit(m)
            m &= m - 1
            if vals[k] > most:
                most = vals[k]
        if most < least:
            least = most
    return least

cdef inline int family_busche(const Game* g, const State* s, int P, const u64* v, int nv,
                              const u64* f, int nf) noexcept nogil:
    # P's value from s: the least over the sets of the most busche over a set's vectors.
    cdef int vals[END_MAX]
    cdef int pts[MAX_SEATS]
    cdef int i, j
    for i in range(nv):
        for j in range(g.n):
            pts[j] = s.taken[j] + <int>((v[i] >> (SEAT_BITS * j)) & 63)
        vals[i] = busche(g.n, pts, P)
    return least_most(vals, f, nf)

cdef inline int family_gain(int P, const u64* v, int nv, const u64* f, int nf) noexcept nogil:
    # The points game's value from the family: the least over the sets of P's most gain.
    cdef int vals[END_MAX]
    cdef int i
    for i in range(nv):
        vals[i] = <int>((v[i] >> (SEAT_BITS * P)) & 63)
    return least_most(vals, f, nf)
