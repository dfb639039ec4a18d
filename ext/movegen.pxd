# Move generation: the legal cards of the seat to move, merged into classes of equivalent
# cards, and ordered so that the likely best card is searched first.
#
# Equivalence (the rank-equivalence pruning of double-dummy solvers): two cards of one hand are
# interchangeable when they are of the same suit, no card still in play (in any hand or in the
# current trick) lies between them, and they carry the same points.  Swapping them maps every
# line of play to one with the same tricks and the same points, so one of them is searched.
# Cards that are adjacent in rank but unequal in points (the 2 and the ace, the ace and the
# king) are never merged.
from structs cimport u64, Game, State, Ctx, MAX_MOVES, USE_EQUIVALENCE, USE_ORDERING
from bitops cimport bit, between, highest_bit, lowest_bit
from gamerules cimport legal_cards

cdef inline bint equivalent(const Game* g, u64 still, int lower, int higher) noexcept nogil:
    # lower < higher, both of one suit and one hand.
    return g.points[lower] == g.points[higher] and (still & between(lower, higher)) == 0

cdef inline void card_classes(const Game* g, const State* s, int seat, int* rep_of) noexcept nogil:
    # rep_of[card] = the highest card of the card's class, for each legal card; -1 elsewhere.
    cdef u64 cand = legal_cards(g, s, seat)
    cdef u64 still = s.out | s.trick_mask
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

cdef inline int order_score(const Ctx* c, const State* s, int seat, int card) noexcept nogil:
    # Higher is searched first.  The perspective seat P ducks and sheds dangerous cards; the
    # others try to make P win tricks with points in them, and keep their low cards for that.
    cdef const Game* g = &c.g
    cdef int su = g.suit_of[card]
    cdef u64 suit = g.suit_mask[su]
    cdef int rank = card - lowest_bit(suit)
    cdef int pts = g.points[card]
    cdef int P = c.P
    cdef bint p_played, p_winning
    cdef u64 others_above, p_suit
    if seat == P:
        if s.count == 0:
            # Lead a low card that someone else can beat.
            others_above = (s.out & ~s.hand[seat]) & suit & ~(bit(card + 1) - 1)
            if others_above:
                return 50 - rank - 4 * pts
            return -50 - 4 * pts + rank
        if su == s.led_suit:
            if card < s.win_card:
                return 100 + rank            # duck with the highest card that still loses
            return 40 + rank - 4 * pts       # forced to win: win with a high card
        return 60 + 8 * pts + rank           # void: discard the most dangerous card
    # An opponent of P.
    p_played = ((P - s.leader + g.n) % g.n) < s.count
    p_winning = p_played and s.win_seat == P
    p_suit = s.hand[P] & suit
    if s.count == 0:
        # Lead under P's lowest card of a suit P holds: P must win the trick.
        if p_suit and card < lowest_bit(p_suit):
            return 100 + 4 * pts - rank
        if p_suit:
            return 50 - rank
        return -rank - 4 * pts               # P void: it discards, rarely good for us
    if su == s.led_suit:
        if p_winning:
            if card < s.win_card:
                return 100 + 8 * pts + rank  # give P points under its winning card
            return -rank
        if p_played:
            return 20 + rank - 4 * pts       # trick lost for P: shed high cards, keep points
        # P still to play: keep the winning card low so that P cannot duck.
        if p_suit and card < lowest_bit(p_suit):
            return 60 + 4 * pts - rank
        return -rank
    if p_winning:
        return 100 + 8 * pts + rank          # void: dump points on P's trick
    return rank - 8 * pts

cdef inline int gen_moves(const Ctx* c, const State* s, int seat, int first, int* moves,
                          int* runs) noexcept nogil:
    # Fills moves with one card per class of equivalent legal cards (its highest card), best
    # first: the card `first` (the transposition table's best card, itself a class's highest
    # card) before all others.  runs[i] (if runs is not NULL) is the highest card of the run
    # moves[i] lies in: the cards of the hand and suit with no card in play between them,
    # whatever their points (search.pxd, quasi-equivalent cards).  Returns how many.
    cdef const Game* g = &c.g
    cdef u64 cand = legal_cards(g, s, seat)
    cdef u64 still = s.out | s.trick_mask
    cdef u64 m
    cdef int scores[MAX_MOVES]
    cdef int nm = 0, su, card, prev, i, j, sc, run = -1
    cdef bint equiv = (c.options & USE_EQUIVALENCE) != 0
    cdef bint order = (c.options & USE_ORDERING) != 0
    for su in range(g.n_suits):
        m = cand & g.suit_mask[su]
        prev = -1
        while m:
            card = highest_bit(m)
            m &= ~bit(card)
            if prev < 0 or (still & between(card, prev)) != 0:
                run = card
            if equiv and prev >= 0 and equivalent(g, still, card, prev):
                prev = card                  # same class as a card already listed
                continue
            prev = card
            if order:
                sc = 10000 if card == first else order_score(c, s, seat, card)
            else:
                sc = 0
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
