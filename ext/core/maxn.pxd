# Solution concepts beyond the paranoid value (docs/rules.md#solution-concepts): the search of
# maxⁿ (Luckhardt and Irani 1986), where every seat plays for its own score, and of the
# cooperative "best" value, where every seat plays for the perspective seat P.
#
# The value is the vector of every seat's hand score (each game's hand_score, lower is better
# in every individual game), defined by backward induction with a tie rule that makes it one
# vector, not a set of equilibria:
#   maxn      the seat to move takes the card with its own least score; among those, the one
#             with P's highest score (worse for P); among those, the first in deck order;
#   maxn-for  the same with P's lowest score (better for P);
#   best      the card with P's least score; among those, the first in deck order.
# Deck order: suits by index (S H D C for the 40-card deck), each from its highest card down.
#
# Techniques, and why they leave the vector as defined:
# - A table of trick starts, keyed by the whole state the rest of the hand depends on (every
#   hand, the cards still to draw, the leader, every seat's taken units; and the concept and P,
#   which the tie rule reads), with the full key in the entry: a vector stored is the vector.
#   Once no card is left to draw, the hands are keyed on relative ranks (maxn_canon): each
#   suit's cards still held moved down to the suit's lowest places in order, with each card's
#   owner and point code.  Two positions with the same such key differ by a bijection of their
#   cards that keeps suits, the order within each suit, owners and points: tricks go the same
#   way with the same points, hand scores are the same, and the tie rule's deck order (suits,
#   then rank within a suit) is kept, so every seat's choice maps to the other's: the same
#   vector.  (Busca's first-trick bans concern the coins and the Pita, the only card of its
#   suit with 8 points, and no trick start after the root is in the first trick.)
# - Equivalent cards (movegen.equivalent: adjacent in a hand once the cards between them are
#   gone, with the same points) lead to positions that are the same but for which of the two
#   is left, and that one stands in the same deck order against every card still in play: the
#   same vector.  Only the first in deck order (the class's highest) is searched, which is the
#   one the tie rule would pick among them.
# - best: a card worth the game's least score to P (`floor`) ends the search of its siblings
#   (no later card can be strictly better).
# Sturtevant and Korf's shallow pruning needs a bound on the sum of the seats' scores tighter
# than the seats' maxima; the individual games here give none that prunes (Ciapanò's penalties
# sum to 11 but one seat may take 11; Busca's busche have no useful sum), so it is not used.
#
# Every concept's P score lies between the best value and the paranoid value (by induction:
# at a node of P all three take P's least over the same children; elsewhere the best value
# takes the least, the paranoid the greatest, and maxⁿ one of them): the bounds given when a
# limit stops the search (ciapano.concepts).
from libc.stdlib cimport calloc, free
from structs cimport u64, Game, State, Ctx, MAX_SEATS, USE_TT, USE_EQUIVALENCE, USE_RELATIVE
from bitops cimport bit, popcount64, highest_bit, lowest_bit
from game cimport legal_cards, hand_score, to_move, play_child, play_forced_trick
from movegen cimport equivalent, separating_cards
from limits cimport must_stop

cdef enum:
    CONCEPT_MAXN = 0
    CONCEPT_MAXN_FOR = 1
    CONCEPT_BEST = 2

cdef enum:
    RELATIVE_TAG = 32           # added to an entry's tag when its hands are relative (maxn_canon)

cdef struct MaxnEntry:
    u64 hand[MAX_SEATS]         # the hands, or with relative keys their relative form
    u64 x0                      # the cards still held or to draw; relative: point code bit 0
    u64 x1                      # 0; relative: point code bit 1
    short taken[MAX_SEATS]
    signed char leader
    signed char tag             # 1 + concept * MAX_SEATS + P (+ RELATIVE_TAG); 0 when empty
    signed char score[MAX_SEATS]

cdef struct MaxnKey:
    u64 hand[MAX_SEATS]
    u64 x0
    u64 x1
    int tag

cdef struct MaxnTable:
    MaxnEntry* e
    u64 mask                    # slots - 1 (a power of two)
    u64 stores
    u64 hits

cdef inline int maxn_table_init(MaxnTable* t, double mb) noexcept nogil:
    # A table of about `mb` MiB (at least 4,096 slots).  Returns -1 if it cannot be allocated.
    cdef u64 slots = 4096
    while slots * 2 * sizeof(MaxnEntry) <= mb * 1048576.0:
        slots *= 2
    t.e = <MaxnEntry*>calloc(slots, sizeof(MaxnEntry))
    if t.e == NULL:
        return -1
    t.mask = slots - 1
    t.stores = 0
    t.hits = 0
    return 0

cdef inline void maxn_table_free(MaxnTable* t) noexcept nogil:
    free(t.e)
    t.e = NULL

cdef inline u64 mix64(u64 x) noexcept nogil:
    # splitmix64's finaliser.
    x ^= x >> 30
    x *= <u64>0xbf58476d1ce4e5b9
    x ^= x >> 27
    x *= <u64>0x94d049bb133111eb
    return x ^ (x >> 31)

cdef inline void maxn_key(const Ctx* c, const State* s, int tag, MaxnKey* k) noexcept nogil:
    # The table's key of the trick start s (see above): relative once nothing is left to draw
    # and the point codes fit two bits, else the hands and the cards still held or to draw.
    cdef const Game* g = &c.g
    cdef int n = g.n
    cdef int i, su, card, place, code
    cdef u64 held = 0, m, b
    for i in range(n):
        held |= s.hand[i]
        k.hand[i] = 0
    if (c.options & USE_RELATIVE) and held == s.out and g.n_pcodes <= 4:
        k.x0 = 0
        k.x1 = 0
        for su in range(g.n_suits):
            m = s.out & g.suit_mask[su]
            place = lowest_bit(g.suit_mask[su])
            while m:
                card = lowest_bit(m)
                m &= m - 1
                b = bit(place)
                for i in range(n):
                    if s.hand[i] & bit(card):
                        k.hand[i] |= b
                        break
                code = g.pcode[card]
                if code & 1:
                    k.x0 |= b
                if code & 2:
                    k.x1 |= b
                place += 1
        k.tag = tag + RELATIVE_TAG
        return
    for i in range(n):
        k.hand[i] = s.hand[i]
    k.x0 = s.out
    k.x1 = 0
    k.tag = tag

cdef inline MaxnEntry* maxn_slot(const Ctx* c, MaxnTable* t, const State* s, const MaxnKey* k) noexcept nogil:
    cdef u64 h = <u64>k.tag * <u64>0x9e3779b97f4a7c15 + k.x0
    cdef int i
    h = mix64(h ^ k.x1)
    for i in range(c.g.n):
        h = mix64(h ^ k.hand[i]) + <u64>s.taken[i]
    h = mix64(h + <u64>s.leader)
    return &t.e[h & t.mask]

cdef inline bint maxn_same(const Ctx* c, const MaxnEntry* e, const State* s, const MaxnKey* k) noexcept nogil:
    cdef int i
    if e.tag != k.tag or e.x0 != k.x0 or e.x1 != k.x1 or e.leader != s.leader:
        return False
    for i in range(c.g.n):
        if e.hand[i] != k.hand[i] or e.taken[i] != s.taken[i]:
            return False
    return True

cdef inline bint better(int concept, const signed char* v, const signed char* b, int mover,
                        int P) noexcept nogil:
    # Whether the tie rule takes a card worth v over an earlier card worth b.
    if concept == CONCEPT_BEST:
        return v[P] < b[P]
    if v[mover] != b[mover]:
        return v[mover] < b[mover]
    if concept == CONCEPT_MAXN:
        return v[P] > b[P]
    return v[P] < b[P]

cdef inline bint maxn_search(Ctx* c, MaxnTable* t, const State* s, int concept, int floor,
                             signed char* vec, int* chosen, bint probe) noexcept nogil:
    # Every seat's score under `concept` from s into vec[0..n-1], and the card the seat to move
    # takes into chosen (-1 where none is searched: the end, the last trick; and with `probe`, a
    # table entry).  Returns False if a limit stopped it (c.aborted; vec is then void).
    cdef const Game* g = &c.g
    cdef int n = g.n
    cdef int i, suit, card, prev, mover, sub
    cdef int tag = 1 + concept * MAX_SEATS + c.P
    cdef u64 legal, m, still
    cdef bint have = False
    cdef State child
    cdef signed char cv[MAX_SEATS]
    cdef MaxnEntry* e = NULL
    cdef MaxnKey key
    chosen[0] = -1
    if s.count == 0:
        if s.out == 0:
            for i in range(n):
                vec[i] = <signed char>hand_score(g, s, i)
            return True
        if popcount64(s.out) == n:
            child = s[0]
            play_forced_trick(g, &child)
            for i in range(n):
                vec[i] = <signed char>hand_score(g, &child, i)
            return True
        if c.options & USE_TT:
            maxn_key(c, s, tag, &key)
            e = maxn_slot(c, t, s, &key)
            if probe and maxn_same(c, e, s, &key):
                t.hits += 1
                for i in range(n):
                    vec[i] = e.score[i]
                return True
    mover = to_move(g, s)
    legal = legal_cards(g, s, mover)
    still = separating_cards(s)
    for suit in range(g.n_suits):
        m = legal & g.suit_mask[suit]
        prev = -1
        while m:
            card = highest_bit(m)
            m &= ~bit(card)
            if prev >= 0 and (c.options & USE_EQUIVALENCE) and equivalent(g, still, card, prev):
                prev = card
                continue
            prev = card
            c.nodes += 1
            if must_stop(c):
                c.aborted = True
                return False
            play_child(g, s, &child, mover, card)
            if not maxn_search(c, t, &child, concept, floor, cv, &sub, True):
                return False
            if not have or better(concept, cv, vec, mover, c.P):
                for i in range(n):
                    vec[i] = cv[i]
                chosen[0] = card
                have = True
                if concept == CONCEPT_BEST and vec[c.P] <= floor:
                    break
        if have and concept == CONCEPT_BEST and vec[c.P] <= floor:
            break
    if e != NULL:
        t.stores += 1
        e.tag = <signed char>key.tag
        e.x0 = key.x0
        e.x1 = key.x1
        e.leader = <signed char>s.leader
        for i in range(n):
            e.hand[i] = key.hand[i]
            e.taken[i] = <short>s.taken[i]
            e.score[i] = vec[i]
    return True
