# Move generation: the legal cards of the seat to move, merged into classes of equivalent
# cards, and ordered so that the likely best card is searched first.
#
# Equivalence (the rank-equivalence pruning of double-dummy solvers): two cards of one hand are
# interchangeable when they are of the same suit, no card still held by any seat (nor the card
# winning the current trick) lies between them, and they carry the same points
# (separating_cards).  Swapping them maps every line of play to one with the same tricks and
# the same points, so one of them is searched.
# Cards that are adjacent in rank but unequal in points (the 2 and the ace, the ace and the
# king) are never merged.
from structs cimport u64, MemorySlot, Game, State, Ctx, MAX_MOVES, USE_EQUIVALENCE, USE_ORDERING, USE_QUASI
from bitops cimport bit, between, highest_bit, lowest_bit, popcount64
from gamerules cimport legal_cards, seat_at, places_after
from bounds cimport nobody_takes_all

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

cdef inline int suit_points(const Game* g, u64 m) noexcept nogil:
    # Card points of the cards of m.
    cdef int t = 0, card
    while m:
        card = lowest_bit(m)
        m &= m - 1
        t += g.points[card]
    return t

# The weights below were fitted (a ranking fit, then rounded) on the exact value of every
# legal card in random mid-game positions of 3, 4 and 5 players: they rank first the card
# that is best for the seat to move, which in a null-window proof is the card that cuts.

cdef inline int coalition_lead_score(const Ctx* c, const State* s, int seat, int card) noexcept nogil:
    # A seat other than P leads.  Good: a suit where P is long (it must keep following, and
    # win late tricks of it) and the leader is short (it becomes void, to discard points on
    # P's tricks of the suit later); a suit where another seat of the coalition is void (it
    # discards points now); a suit where P holds a singleton.  Bad: a suit P is void in (P
    # discards its most dangerous card), a suit where P holds many points (P sheds them on
    # our tricks), a card with points, and a card under P's lowest card of the suit: forcing
    # P to win one small trick gives it the lead, and that is more often good for P than not.
    cdef const Game* g = &c.g
    cdef int su = g.suit_of[card]
    cdef u64 suit = g.suit_mask[su]
    cdef u64 p_suit = s.hand[c.P] & suit
    cdef int rank = card - lowest_bit(suit)
    cdef int sc = -22 * g.points[card] - 28 * popcount64(s.hand[seat] & suit) - rank
    cdef int np = popcount64(p_suit)
    cdef int i
    if np == 0:
        return sc - 150
    sc += 30 * np - 24 * suit_points(g, p_suit)
    if np == 1:
        sc += 35
    if card < lowest_bit(p_suit):
        sc -= 70
    for i in range(g.n):
        if i != seat and i != c.P and (s.hand[i] & suit) == 0:
            sc += 50
            break
    return sc

cdef inline int p_lead_score(const Ctx* c, const State* s, int card) noexcept nogil:
    # P leads.  Good: a short suit (a singleton above all: P becomes void in it and can
    # discard on it later), a card high among the others' cards of the suit, a suit every
    # other seat must follow (nobody discards points on the trick).  Bad: P's lowest card of
    # the suit (P keeps it for a later duck), a suit where the others hold many points, and,
    # slightly, a card some seat is sure to beat (it holds only higher cards of the suit).
    # And a lead that leaves the others few replies (the cards of the suit they hold, their
    # whole hand when void): when P's lead holds, every reply must be searched.
    cdef const Game* g = &c.g
    cdef int su = g.suit_of[card]
    cdef u64 suit = g.suit_mask[su]
    cdef u64 own = s.hand[c.P] & suit
    cdef u64 others = s.out & ~s.hand[c.P] & suit
    cdef u64 below = bit(card) - 1
    cdef u64 m
    cdef int i, n_own = popcount64(own)
    cdef int sc = 12 * popcount64(others & below) - 13 * popcount64(others & ~below)
    cdef bint sure = False
    sc -= 28 * n_own + 10 * suit_points(g, others) + 5 * g.points[card]
    if n_own == 1:
        sc += 65
    if card == lowest_bit(own):
        sc -= 55
    for i in range(g.n):
        if i != c.P:
            m = s.hand[i] & suit
            if m == 0:
                sc -= 60 + 8 * popcount64(s.hand[i])  # it discards, any card of its hand
            else:
                sc -= 8 * popcount64(m)      # its replies: fewer to refute in a proof
                if lowest_bit(m) > card:
                    sure = True
    if sure:
        sc -= 35
    return sc

cdef inline bint must_beat(const Game* g, const State* s, int card, int first, int last) noexcept nogil:
    # Whether a seat playing after `card` in this trick, in order of play from the offsets
    # first..last after the leader, holds the card's suit and only higher cards of it: it must
    # then follow and beat the card.
    cdef int k
    cdef u64 m
    cdef u64 suit = g.suit_mask[g.suit_of[card]]
    for k in range(first, last + 1):
        m = s.hand[seat_at(g, s.leader, k)] & suit
        if m and lowest_bit(m) > card:
            return True
    return False

cdef inline int p_follow_score(const Ctx* c, const State* s, int card) noexcept nogil:
    # P follows or discards.  Following: duck if it can, with a card high among the others'
    # cards still out, but keep its lowest card of the suit for a later duck: that weighs
    # more than ducking now.
    cdef const Game* g = &c.g
    cdef int su = g.suit_of[card]
    cdef u64 suit = g.suit_mask[su]
    cdef u64 others_below = s.out & ~s.hand[c.P] & suit & (bit(card) - 1)
    cdef int rank = card - lowest_bit(suit)
    cdef int sc = rank
    if su == s.led_suit:
        sc += 35 * popcount64(others_below)
        if card < s.win_card:
            sc += 70
        elif must_beat(g, s, card, s.count + 1, g.n - 1):
            sc += 70                      # a later seat must beat it: a sure duck
        if card == lowest_bit(s.hand[c.P] & suit):
            sc -= 120
        return sc
    # Void: discard the most dangerous card.  (Fitted weights, a singleton first, did worse
    # in the search than this rule.)
    return 60 + 8 * g.points[card] + rank

cdef inline int order_score(const Ctx* c, const State* s, int seat, int card) noexcept nogil:
    # Higher is searched first.  The perspective seat P ducks and sheds dangerous cards; the
    # others try to make P win tricks with points in them, and keep their low cards for that.
    # Scores are compared only between the legal cards of one node.
    cdef const Game* g = &c.g
    cdef int su = g.suit_of[card]
    cdef u64 suit = g.suit_mask[su]
    cdef int rank = card - lowest_bit(suit)
    cdef int pts = g.points[card]
    cdef int P = c.P
    cdef bint p_played, p_winning
    cdef u64 p_suit
    cdef int sc
    if seat == P:
        if s.count == 0:
            return p_lead_score(c, s, card)
        return p_follow_score(c, s, card)
    # An opponent of P.
    p_played = places_after(g, s.leader, P) < s.count
    p_winning = p_played and s.win_seat == P
    p_suit = s.hand[P] & suit
    if s.count == 0:
        return coalition_lead_score(c, s, seat, card)
    if su == s.led_suit:
        if p_played:
            # P has played to this trick: keep the cards below P's remaining cards of the
            # suit, which can force P to win a later trick of it.
            sc = rank
            if p_suit and card < lowest_bit(p_suit):
                sc -= 160
            if p_winning:
                # Stay under P's winning card with the highest card we can spare.
                if card < s.win_card:
                    sc += 140
                return sc + 19 * rank - 20 * pts
            return sc - 80 * pts             # trick lost for P: keep our points
        # P still to play: keep the winning card low so that P cannot duck.
        if p_suit and card < lowest_bit(p_suit):
            return 60 + 4 * pts - rank
        return -rank
    # Void in the suit led: discard from our shortest suit, to become void in it (we can
    # then discard points on P's tricks of that suit later).
    sc = rank - 28 * popcount64(s.hand[seat] & suit)
    if p_winning:
        return sc + 30 * pts                 # dump points on P's trick
    return sc - 45 * pts

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

cdef inline bint p_takes_trick(const Game* g, const State* s, int P, int seat, int card) noexcept nogil:
    # Whether P surely wins the current trick if `seat` (to move) plays `card` now: the card is
    # P's and beats the trick so far; or P has played, wins the trick so far and the card does
    # not beat P's; or P is still to play and must follow with cards that all beat the trick so
    # far and the card.  In each case no seat still to play after `seat` (but P) may hold a card
    # of the suit led above the one P wins with.
    cdef int k, su
    cdef u64 higher
    if seat == P:
        su = g.suit_of[card]
        if s.count > 0 and (su != s.led_suit or card < s.win_card):
            return False
        higher = g.suit_mask[su] & ~((bit(card) << 1) - 1)
    elif places_after(g, s.leader, P) < s.count:
        if s.win_seat != P:
            return False                # P has played and does not win the trick so far
        if g.suit_of[card] == s.led_suit and card > s.win_card:
            return False
        higher = g.suit_mask[s.led_suit] & ~((bit(s.win_card) << 1) - 1)
    else:
        # P is still to play.  (Dominance from there too, against only once P has played: nodes
        # -0.3% and -0.6% (3 players, 8 and 9 deals), -0.2% (4 players), -0.5% (5 players); the
        # same values, and on 225 mid-hand positions, every card and seat.)
        su = s.led_suit if s.count > 0 else g.suit_of[card]
        if (s.hand[P] & g.suit_mask[su]) == 0:
            return False
        higher = g.suit_mask[su] & ~((bit(lowest_bit(s.hand[P] & g.suit_mask[su])) << 1) - 1)
        if (s.count > 0 and (bit(s.win_card) & higher)) or (g.suit_of[card] == su and (bit(card) & higher)):
            return False                # the trick so far or this card beats P's lowest card
        higher &= ~s.hand[P]            # the others' cards above P's lowest
    for k in range(s.count + 1, g.n):
        if s.hand[seat_at(g, s.leader, k)] & higher:
            return False
    return True

cdef inline int gen_moves(const Ctx* c, const State* s, int seat, int first, int* moves,
                          int* runs, bint* mates) noexcept nogil:
    # Fills moves with one card per class of equivalent legal cards (its highest card), best
    # first: the card `first` (the move memory's or the transposition table's best card,
    # itself a class's highest card) before all others.  runs[i] (if runs is not NULL) is the
    # highest card of the run moves[i] lies in: the cards of the hand and suit with no card in
    # play between them, whatever their points (search.pxd, quasi-equivalent cards), and
    # mates[0] whether two moves share a run.  Returns how many.
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
    cdef bint dominance = order and runs != NULL and (c.options & USE_QUASI) != 0
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
                        any_points = nobody_takes_all(g, s)
                    if any_points or (g.points[card] > 0 and g.points[listed] > 0):
                        if takes_run != run:
                            takes = p_takes_trick(g, s, c.P, seat, card)
                            takes_run = run
                        if takes:
                            if (g.points[card] > g.points[listed]) == (seat != c.P):
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
