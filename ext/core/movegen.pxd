# Move generation: the legal cards of the seat to move, merged into classes of equivalent
# cards, and ordered so that the likely best card is searched first.
#
# Equivalence (the rank-equivalence pruning of double-dummy solvers): two cards of one hand are
# interchangeable when they are of the same suit, no card still held by any seat (nor the card
# winning the current trick) lies between them, and they carry the same points
# (separating_cards).  Swapping them maps every line of play to one with the same tricks and
# the same points, so one of them is searched.
# Cards that are adjacent in rank but unequal in points (the 2 and the ace, the ace and the
# king) are never merged.  Sound for every game whose hand score depends only on the points and
# tricks each seat wins, and whose rules of play treat the two cards alike: Ciapanò, and Busca,
# whose first-trick bans fall on every coin alike (the lead) or on the Pita alone (the discard),
# which no other card equals in points.
#
# The order of the cards (order_score), the legal cards (legal_cards) and the dominance between
# cards of a run (p_takes_trick, nobody_takes_all, where GAME_QUASI says it is proved) are the
# game's (its game.pxd).
from structs cimport u64, MemorySlot, Game, State, Ctx, MAX_MOVES, USE_EQUIVALENCE, USE_ORDERING, USE_QUASI
from bitops cimport bit, between, highest_bit, lowest_bit, popcount64
from game cimport (legal_cards, order_score, p_takes_trick, nobody_takes_all, on_p_side, GAME_QUASI,
                   GAME_P_WANTS_POINTS)

cdef inline bint equivalent(const Game* g, u64 still, int lower, int higher) noexcept nogil:
    # lower < higher, both of one suit and one hand; still from separating_cards.
    return g.points[lower] == g.points[higher] and (still & between(lower, higher)) == 0

cdef inline u64 separating_cards(const State* s) noexcept nogil:
    # The cards that keep two cards of one hand and suit apart: the cards still held, and the
    # card winning the current trick.  The other cards of the trick leave with it, and they
    # cannot tell two cards apart that both lose the trick (below the winning card, or of
    # another suit): the trick goes to the same seat with the same points either way, and
    # the positions after it are the same.  Only the winning card can lie between two cards
    # of which one wins and the other does not.
    if s.count == 0:
        return s.out
    return s.out | bit(s.win_card)

cdef inline void card_classes(const Game* g, const State* s, int seat, int* rep_of) noexcept nogil:
    # rep_of[card] = the highest card of the card's class, for each legal card; -1 elsewhere.
    cdef u64 cand = legal_cards(g, s, seat)
    cdef u64 still = separating_cards(s)
    cdef u64 m
    cdef int su, card, prev, rep
    for card in range(64):
        rep_of[card] = -1
    for su in range(g.n_suits):
        m = cand & g.suit_mask[su]
        prev = -1
        rep = -1
        while m:
            card = highest_bit(m)
            m &= ~bit(card)
            if prev < 0 or not equivalent(g, still, card, prev):
                rep = card
            rep_of[card] = rep
            prev = card

# The move memory: for each hand and cards of the trick so far, the card that last cut off a
# node there, tried first, before the table's best card (3 and 4 players: nodes -1.5%, -0.6%).  A
# killer move keyed on the mover's whole hand rather than on the depth: sibling positions that
# differ only in the other hands (the replies of the seats after, the tricks before) mostly have
# the same refutation, and it is often not the card the static order puts first (3 players: P's
# failed first tries held up to a third of a deal's nodes).  A slot holds 9 bits of a hash of
# the key and the card, so a collision only costs a poor first try.  Used from 6 tricks left
# (Search.__init__, Ctx.memory_cards; with 5 players too since the slots are of 2 bytes).  Every
# card of 20 deals each: nodes -10.4% (3 players), -1.6% (4 players); 6 deals in one process
# (bench/compare_builds.py): -14% and -6% time.  3 players, 8 deals: 65,536 slots -13.1% nodes,
# 16,384 -10.7%, 4,096 -8.5%, 262,144 -14.0% (but 2% slower than 65,536 with 8-byte slots: the
# memory spilled out of the cache); on P's leads alone -1.6%, on all of P's cards -5.5%.  With 5
# players: +0.2% nodes, +2.6% time.  Slots of 2 bytes (a 9-bit check) instead of 8 (56 bits),
# 262,144 of them in the same 512 KiB: nodes -3.2% (3 players, 8 deals), +0.4% (4 players, 8);
# time, one process, best of 2-3: 3 players -5.3%, -4.1% and +3.2% (three sets of 6-7 deals),
# 4 players -5.0%.  65,536 of them (128 KiB): 3 players -1.2% nodes, time -6.8%, -3.7%, +6.7%.

cdef enum:
    MOVE_MEMORY_SLOTS = 262144  # slots of the move memory at most (Search.__init__)
    NULL_MEMORY_SLOTS = 4096    # slots of the games without points' own (nullgame.pxd)

cdef inline u64 memory_hash(const Ctx* c, const State* s, int seat) noexcept nogil:
    # The hand, the trick's cards and the perspective seat (a seat's refutations as P and as
    # one of the others are opposite: a DD table asks every seat's value of one Search).
    cdef u64 h = s.hand[seat] ^ (s.trick_mask * <u64>0xC2B2AE3D27D4EB4FULL) ^ \
        ((<u64>c.P + 1) * <u64>0x165667B19E3779F9ULL)
    h = (h ^ (h >> 29)) * <u64>0x9E3779B97F4A7C15ULL
    return h ^ (h >> 32)

cdef inline int remembered_in(const MemorySlot* memory, u64 slots, u64 h) noexcept nogil:
    # The card that last cut off a node of memory_hash h in a memory of `slots` slots (a power
    # of two), or -1.  A slot holds 9 bits of the hash (the index takes the bits above them)
    # and the card + 1 in 7 bits (cards are below 64): 2 bytes, four slots where one 8-byte
    # slot was.
    cdef MemorySlot slot = memory[(h >> 9) & (slots - 1)]
    if slot != 0 and (slot >> 7) == (h & 0x1FF):
        return <int>(slot & 0x7F) - 1
    return -1

cdef inline void remember_in(MemorySlot* memory, u64 slots, u64 h, int card) noexcept nogil:
    memory[(h >> 9) & (slots - 1)] = <MemorySlot>(((h & 0x1FF) << 7) | <u64>(card + 1))

cdef inline int remembered_move(const Ctx* c, u64 h) noexcept nogil:
    return remembered_in(c.move_memory, c.move_slots, h)

cdef inline void remember_move(Ctx* c, u64 h, int card) noexcept nogil:
    remember_in(c.move_memory, c.move_slots, h, card)

cdef inline int gen_moves(const Ctx* c, const State* s, int seat, int first, int* moves,
                          int* runs, bint* mates) noexcept nogil:
    # Fills moves with one card per class of equivalent legal cards (its highest card), best
    # first: the card `first` (the move memory's or the transposition table's best card,
    # itself a class's highest card) before all others.  runs[i] (if runs is not NULL) is the
    # highest card of the run moves[i] lies in: the cards of the hand and suit with no card in
    # play between them, whatever their points (search.pxd, quasi-equivalent cards), and
    # mates[0] whether two moves share a run.  Returns how many.  Where the game proves the
    # dominated cards (GAME_QUASI), the dominant card of a run comes first.
    return gen_moves_runs(c, s, seat, first, moves, runs, mates, GAME_QUASI, False)

cdef inline int gen_moves_runs(const Ctx* c, const State* s, int seat, int first, int* moves,
                               int* runs, bint* mates, bint dominant_first, bint every_run) noexcept nogil:
    # gen_moves, with the dominant card of a run first where dominant_first (and runs, the
    # ordering and USE_QUASI): in every run where every_run (a game of P's points alone, such
    # as Busca's points game), else only in runs of two cards with points or once nobody can
    # take every point (Ciapanò's cappotto: ext/ciapano/quasi.pxd).
    cdef const Game* g = &c.g
    cdef u64 cand = legal_cards(g, s, seat)
    cdef u64 still = s.out | s.trick_mask
    cdef u64 separating = separating_cards(s)
    cdef u64 m
    cdef int scores[MAX_MOVES]
    cdef int nm = 0, su, card, prev, i, j, sc, run = -1, listed_run, listed = -1, listed_sc = 0
    cdef int takes = -1, takes_run = -1, any_points = -1
    cdef bint equiv = (c.options & USE_EQUIVALENCE) != 0
    cdef bint order = (c.options & USE_ORDERING) != 0
    cdef bint dominance = dominant_first and order and runs != NULL and (c.options & USE_QUASI) != 0
    if mates != NULL:
        mates[0] = False
    for su in range(g.n_suits):
        m = cand & g.suit_mask[su]
        prev = -1
        listed_run = -1
        while m:
            card = highest_bit(m)
            m &= ~bit(card)
            if prev < 0 or (still & between(card, prev)) != 0:
                run = card
            if equiv and prev >= 0 and equivalent(g, separating, card, prev):
                prev = card                  # same class as a card already listed
                continue
            prev = card
            if order:
                sc = 10000 if card == first else order_score(c, s, seat, card)
            else:
                sc = 0
            if mates != NULL and run == listed_run:
                mates[0] = True
                if dominance and g.points[card] != g.points[listed] and card != first and listed != first:
                    # Of two cards of a run, the one that dominates the other (search.pxd,
                    # run_known) is tried first, unless one of them is the card `first`: the
                    # remembered card, where it is the dominated one, often ends the node from
                    # the table at once.  Against reordering those too: nodes -0.4% and -1.1%
                    # (3 players, 8 and 9 deals), -0.5% (4 players), -0.05% (5 players).
                    if any_points < 0:
                        any_points = every_run or nobody_takes_all(g, s)
                    if any_points or (g.points[card] > 0 and g.points[listed] > 0):
                        if takes_run != run:
                            takes = p_takes_trick(g, s, c.P, seat, card)
                            takes_run = run
                        if takes:
                            # The card with more points first for the others where P avoids
                            # points (a penalty), for P where it wants them (GAME_P_WANTS_POINTS:
                            # Calabrasella's declarer); a constant, folded away.
                            if (g.points[card] > g.points[listed]) == ((not on_p_side(g, c.P, seat)) != GAME_P_WANTS_POINTS):
                                if sc <= listed_sc:
                                    sc = listed_sc + 1
                            elif sc > listed_sc:
                                sc = listed_sc
            listed_run = run
            listed = card
            listed_sc = sc
            # insertion sort, stable for equal scores
            j = nm
            while j > 0 and scores[j - 1] < sc:
                scores[j] = scores[j - 1]
                moves[j] = moves[j - 1]
                if runs != NULL:
                    runs[j] = runs[j - 1]
                j -= 1
            scores[j] = sc
            moves[j] = card
            if runs != NULL:
                runs[j] = run
            nm += 1
    return nm
