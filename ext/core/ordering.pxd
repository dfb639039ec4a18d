# The static move order of the no-trump penalty games, where the perspective seat P avoids
# tricks with points and the others try to make it take them (Ciapanò's weights; Busca uses
# them too, see ext/busca/game.pxd).  Only an order: it changes how fast a value is proved,
# never the value, so it needs no proof of soundness for a game.
from structs cimport u64, Game, State, Ctx
from bitops cimport bit, lowest_bit, highest_bit, popcount64
from tricks cimport has_played, must_beat, stock_left, stock_cards
from trickrule cimport HAS_STOCK

# The order's weights, by name (the score of a card is a sum of them, each times a count of
# cards or points, or alone), in three rows: the weights fitted on 3 to 5 players (the
# penalty games), then Kifameno with 2 players while the stock is still to draw, then once it
# is drawn (order_phase).  The fitted row: a ranking fit on the exact value of every legal
# card in random mid-game positions of 3, 4 and 5 players, then rounded; it ranks first the
# card that is best for the seat to move, which in a null-window proof is the card that cuts.
# The two 2-player rows: coordinate descent on the nodes of every card of full 2-player
# Kifameno deals (docs/speed.md, 2026-11-28, thirty-fourth and thirty-fifth sessions).  Only
# the engine with a stock (trickrule.HAS_STOCK) reads them: elsewhere the row is the constant
# 0 and each weight a constant of the code.
cdef enum:
    PHASE_FITTED = 0
    PHASE_STOCK = 1             # Kifameno, 2 players, cards still to draw
    PHASE_DRAWN = 2             # Kifameno, 2 players, the stock drawn
    LEAD_POINTS = 0
    LEAD_OWN_LENGTH = 1
    LEAD_RANK = 2
    LEAD_P_VOID = 3
    LEAD_P_LENGTH = 4
    LEAD_P_POINTS = 5
    LEAD_P_SINGLETON = 6
    LEAD_UNDER_P = 7
    LEAD_MATE_VOID = 8
    P_LEAD_OVER = 9
    P_LEAD_UNDER = 10
    P_LEAD_LENGTH = 11
    P_LEAD_OTHERS_POINTS = 12
    P_LEAD_POINTS = 13
    P_LEAD_SINGLETON = 14
    P_LEAD_LOWEST = 15
    P_LEAD_VOID = 16
    P_LEAD_VOID_HAND = 17
    P_LEAD_REPLY = 18
    P_LEAD_BEATEN = 19
    P_DUCK_OVER = 20
    P_DUCK = 21
    P_SURE_DUCK = 22
    P_KEEP_LOWEST = 23
    P_DISCARD_RANK = 24
    P_DISCARD_POINTS = 25
    FOLLOW_UNDER_P = 26
    FOLLOW_UNDER_WIN = 27
    FOLLOW_RANK_P_WINS = 28
    FOLLOW_POINTS_P_WINS = 29
    FOLLOW_POINTS_P_LOSES = 30
    DISCARD_RANK = 31
    FOLLOW_RANK = 32
    DISCARD_LENGTH = 33
    DISCARD_POINTS_P_WINS = 34
    DISCARD_POINTS_P_LOSES = 35

cdef extern from *:
    """
    static const int ciapano_order_weights[3][36] = {
            {-22, -28, -1, -150, 30, -24, 35, -70, 50, 12, -13, -28, -10, -5, 65, -55, -60, -8, -8, -35, 35, 70, 70, -120, 1, 8, -160, 140, 19, -20, -80, 1, 1, -28, 30, -45},
            {0, -10, 3, -150, 0, 0, 35, 0, 50, 12, -5, -7, 0, 0, 0, 0, -60, -8, -32, -35, 35, 0, 0, -120, 0, 8, 0, 0, 19, -10, -80, 1, 1, -14, 30, -45},
            {10, -28, 3, -150, 15, -24, 35, -70, 50, 24, -13, 0, -10, -5, 65, -55, -60, -8, -16, -35, 35, 0, 0, -120, 1, 8, -160, 0, 19, -20, -80, 1, 1, -28, 30, -45},
    };
    """
    const int ciapano_order_weights[3][36]

cdef inline int order_phase(const Game* g, const State* s) noexcept nogil:
    # The row of the order's weights: PHASE_FITTED but in Kifameno with 2 players.
    if HAS_STOCK and g.n == 2:
        return PHASE_STOCK if stock_left(g, s) != 0 else PHASE_DRAWN
    return PHASE_FITTED

cdef inline int weight(int ph, int name) noexcept nogil:
    return ciapano_order_weights[ph][name]

cdef inline int suit_points(const Game* g, u64 m) noexcept nogil:
    # Card points of the cards of m.
    cdef int t = 0, card
    while m:
        card = lowest_bit(m)
        m &= m - 1
        t += g.points[card]
    return t

cdef inline int coalition_lead_score(const Ctx* c, const State* s, int seat, int card, int ph) noexcept nogil:
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
    cdef int sc = (weight(ph, LEAD_POINTS) * g.points[card] + weight(ph, LEAD_OWN_LENGTH) * popcount64(s.hand[seat] & suit)
              + weight(ph, LEAD_RANK) * rank)
    cdef int np = popcount64(p_suit)
    cdef int i
    if np == 0:
        return sc + weight(ph, LEAD_P_VOID)
    sc += weight(ph, LEAD_P_LENGTH) * np + weight(ph, LEAD_P_POINTS) * suit_points(g, p_suit)
    if np == 1:
        sc += weight(ph, LEAD_P_SINGLETON)
    if card < lowest_bit(p_suit):
        sc += weight(ph, LEAD_UNDER_P)
    for i in range(g.n):
        if i != seat and i != c.P and (s.hand[i] & suit) == 0:
            sc += weight(ph, LEAD_MATE_VOID)
            break
    return sc

cdef inline int p_lead_score(const Ctx* c, const State* s, int card, int ph) noexcept nogil:
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
    cdef int sc = weight(ph, P_LEAD_OVER) * popcount64(others & below) + weight(ph, P_LEAD_UNDER) * popcount64(others & ~below)
    cdef bint sure = False
    sc += (weight(ph, P_LEAD_LENGTH) * n_own + weight(ph, P_LEAD_OTHERS_POINTS) * suit_points(g, others)
           + weight(ph, P_LEAD_POINTS) * g.points[card])
    if n_own == 1:
        sc += weight(ph, P_LEAD_SINGLETON)
    if card == lowest_bit(own):
        sc += weight(ph, P_LEAD_LOWEST)
    for i in range(g.n):
        if i != c.P:
            m = s.hand[i] & suit
            if m == 0:
                # It discards, any card of its hand.
                sc += weight(ph, P_LEAD_VOID) + weight(ph, P_LEAD_VOID_HAND) * popcount64(s.hand[i])
            else:
                sc += weight(ph, P_LEAD_REPLY) * popcount64(m)   # its replies: fewer to refute in a proof
                if lowest_bit(m) > card:
                    sure = True
    if sure:
        sc += weight(ph, P_LEAD_BEATEN)
    return sc

cdef inline int p_follow_score(const Ctx* c, const State* s, int card, int ph) noexcept nogil:
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
        sc += weight(ph, P_DUCK_OVER) * popcount64(others_below)
        if card < s.win_card:
            sc += weight(ph, P_DUCK)
        elif must_beat(g, s, card, s.count + 1, g.n - 1):
            sc += weight(ph, P_SURE_DUCK)        # a later seat must beat it: a sure duck
        if card == lowest_bit(s.hand[c.P] & suit):
            sc += weight(ph, P_KEEP_LOWEST)
        return sc
    # Void: discard the most dangerous card.  (Fitted weights, a singleton first, did worse
    # in the search than this rule.)
    return 60 + weight(ph, P_DISCARD_POINTS) * g.points[card] + weight(ph, P_DISCARD_RANK) * rank


# The stock phase's learned terms (Kifameno, 2 players, PHASE_STOCK), added to the row's score:
# for the card played, whether it wins the trick (a lead: the other seat holds no higher card
# of the suit), its points, the trick's points if it wins and if it loses, the cards of its
# suit in play below it, whether it is the mover's lowest and highest of the suit, the mover's
# and the other seat's cards of the suit, the suit's cards still to draw, the points and rank
# of the card the mover then draws (the top card if it wins, the next if not) and the points
# of the other's, and a lead in a suit the other seat is void in.  One row per (P or the other
# seat, lead or follow).  Fitted (a conditional logit, each node's legal cards against which
# of them cut) on exact labels: in every card's solve of 12 deals (seeds 101-112), one in 32
# stock-phase nodes from the third trick on, each legal card searched with the node's window;
# 147 k of those nodes had a card that cut and one that did not.  Then scaled: the fitted
# weights whole, every card of seeds 2 3 7 17 89.3 M -> 111.1 M nodes; a tenth to a third of
# them 81.9 M to 82.9 M; a fifth (these) 82.5 M, and seeds 5 13 19 20 129.8 M -> 113.7 M
# (docs/speed.md, forty-second session).  Rows: the other seat leads, the other seat follows,
# P leads, P follows; columns in the order of the features above (stock_terms reads them).
cdef extern from *:
    """
    static const int ciapano_stock_terms[4][14] = {
            {33, -4, -9, 4, 7, -5, -10, -14, -1, -2, -3, -2, 3, 17},
            {27, -7, -13, 6, 7, -60, -16, -14, -7, -7, 2, -7, -2, 0},
            {11, -1, -3, 2, -1, -3, 0, -2, 6, 1, -1, -1, 1, 22},
            {49, -2, -12, 10, 3, -29, -4, -10, -5, -3, -2, -6, 3, 0},
    };
    """
    const int ciapano_stock_terms[4][14]

cdef inline int stock_terms(const Ctx* c, const State* s, int seat, int card) noexcept nogil:
    # The learned terms above, 2 players while at least a round of the stock is left to draw.
    cdef const Game* g = &c.g
    cdef u64 suit = g.suit_mask[g.suit_of[card]]
    cdef u64 own = s.hand[seat] & suit
    cdef u64 other = s.hand[1 - seat] & suit
    cdef u64 stock = stock_cards(g, s)
    cdef int top = g.stock_len - popcount64(stock)
    cdef bint wins
    cdef int tp, drawn, others
    cdef int sc
    cdef const int* w = ciapano_stock_terms[(2 if seat == c.P else 0) + (1 if s.count == 1 else 0)]
    if s.count == 1:
        wins = g.suit_of[card] == g.suit_of[s.win_card] and card > s.win_card
        tp = g.points[s.win_card] + g.points[card]
    else:
        wins = (other & ~(bit(card + 1) - 1)) == 0
        tp = g.points[card]
    drawn = g.stock[top] if wins else g.stock[top + 1]
    others = g.stock[top + 1] if wins else g.stock[top]
    sc = w[0] * wins + w[1] * g.points[card] + (w[2] * tp if wins else w[3] * tp)
    sc += w[4] * popcount64(s.out & suit & (bit(card) - 1))
    if card == lowest_bit(own):
        sc += w[5]
    if card == highest_bit(own):
        sc += w[6]
    sc += w[7] * popcount64(own) + w[8] * popcount64(other) + w[9] * popcount64(stock & suit)
    sc += w[10] * g.points[drawn] + w[11] * (drawn - lowest_bit(g.suit_mask[g.suit_of[drawn]]))
    sc += w[12] * g.points[others]
    if s.count == 0 and other == 0:
        sc += w[13]
    return sc

cdef inline int order_score(const Ctx* c, const State* s, int seat, int card) noexcept nogil:
    # Higher is searched first.  The perspective seat P ducks and sheds dangerous cards; the
    # others try to make P win tricks with points in them, and keep their low cards for that.
    # Scores are compared only between the legal cards of one node.
    cdef int ph = order_phase(&c.g, s)
    if ph == PHASE_STOCK:
        return static_score(c, s, seat, card, ph) + stock_terms(c, s, seat, card)
    return static_score(c, s, seat, card, ph)

cdef inline int static_score(const Ctx* c, const State* s, int seat, int card, int ph) noexcept nogil:
    # order_score without the stock phase's learned terms: the row's weights.
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
            return p_lead_score(c, s, card, ph)
        return p_follow_score(c, s, card, ph)
    # An opponent of P.
    p_played = has_played(g, s, P)
    p_winning = p_played and s.win_seat == P
    p_suit = s.hand[P] & suit
    if s.count == 0:
        return coalition_lead_score(c, s, seat, card, ph)
    if su == s.led_suit:
        if p_played:
            # P has played to this trick: keep the cards below P's remaining cards of the
            # suit, which can force P to win a later trick of it.
            sc = weight(ph, FOLLOW_RANK) * rank
            if p_suit and card < lowest_bit(p_suit):
                sc += weight(ph, FOLLOW_UNDER_P)
            if p_winning:
                # Stay under P's winning card with the highest card we can spare.
                if card < s.win_card:
                    sc += weight(ph, FOLLOW_UNDER_WIN)
                return sc + weight(ph, FOLLOW_RANK_P_WINS) * rank + weight(ph, FOLLOW_POINTS_P_WINS) * pts
            return sc + weight(ph, FOLLOW_POINTS_P_LOSES) * pts             # trick lost for P: keep our points
        # P still to play: keep the winning card low so that P cannot duck.
        if p_suit and card < lowest_bit(p_suit):
            return 60 + 4 * pts - rank
        return -rank
    # Void in the suit led: discard from our shortest suit, to become void in it (we can
    # then discard points on P's tricks of that suit later).
    sc = weight(ph, DISCARD_RANK) * rank + weight(ph, DISCARD_LENGTH) * popcount64(s.hand[seat] & suit)
    if p_winning:
        return sc + weight(ph, DISCARD_POINTS_P_WINS) * pts     # dump points on P's trick
    return sc + weight(ph, DISCARD_POINTS_P_LOSES) * pts
