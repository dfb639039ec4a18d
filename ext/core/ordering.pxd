# The static move order of the no-trump penalty games, where the perspective seat P avoids
# tricks with points and the others try to make it take them (Ciapanò's weights; Busca uses
# them too, see ext/busca/game.pxd).  Only an order: it changes how fast a value is proved,
# never the value, so it needs no proof of soundness for a game.
from structs cimport u64, Game, State, Ctx
from bitops cimport bit, lowest_bit, popcount64
from tricks cimport has_played, must_beat
from trickrule cimport HAS_STOCK

cdef inline int suit_points(const Game* g, u64 m) noexcept nogil:
    # Card points of the cards of m.
    cdef int t = 0, card
    while m:
        card = lowest_bit(m)
        m &= m - 1
        t += g.points[card]
    return t

cdef inline int two_or(const Game* g, int two, int more) noexcept nogil:
    # A weight of the order: `two` with 2 players (Kifameno with 2), `more` with 3 to 5 (the
    # fitted weights).  The 2-player weights were tuned by coordinate descent on the nodes of
    # every card of full 2-player Kifameno deals (seeds 2 and 17: 63.7 M -> 50.4 M), and held on
    # others (seeds 3 and 13: 126.3 M -> 96.8 M; docs/speed.md, 2026-11-28, thirty-fourth
    # session): with one other seat, the points of the others' leads and P's length in the
    # suit it leads count for nothing, a duck of P's gets no bonus, and P's leads that leave the
    # other seat few replies count twice as much.  Kifameno, the one game of 2 players, is the
    # one with a stock: in the other games' engines (HAS_STOCK 0) the test is compiled out.
    return two if HAS_STOCK and g.n == 2 else more

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
    cdef int sc = two_or(g, 0, -22) * g.points[card] - 28 * popcount64(s.hand[seat] & suit) - rank
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
    sc -= two_or(g, 0, 28) * n_own + 10 * suit_points(g, others) + 5 * g.points[card]
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
                sc -= two_or(g, 16, 8) * popcount64(m)   # its replies: fewer to refute in a proof
                if lowest_bit(m) > card:
                    sure = True
    if sure:
        sc -= 35
    return sc

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
            sc += two_or(g, 0, 70)
        elif must_beat(g, s, card, s.count + 1, g.n - 1):
            sc += two_or(g, 0, 70)        # a later seat must beat it: a sure duck
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
    p_played = has_played(g, s, P)
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
