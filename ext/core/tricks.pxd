# Playing cards in a game without trumps (docs/rules.md#the-40-card-deck): follow suit if able,
# the highest card of the suit led wins the trick, its winner leads the next.  Ciapanò, Busca
# and the other no-trump games of the family take these from here (their game.pxd re-exports
# them); a game with other rules of play (trumps, the Fool) gives its own in its game.pxd.
#
# Also the facts about ducking that hold in every game without trumps (used by bounds and by
# the games without points): they depend on who holds which cards, not on any scoring.
from structs cimport u64, Game, State
from bitops cimport bit, lowest_bit, highest_bit, popcount64
# Each game's own (ext/<game>/trickrule.pxd, found first on its include path): what a trick adds
# to its winner's taken beyond its points (0 but in Mattazza, which counts tricks), and whether
# the seats draw from a stock after a trick (Kifameno).
from trickrule cimport TRICK_BONUS, HAS_STOCK

cdef inline int seat_at(const Game* g, int leader, int k) noexcept nogil:
    # The seat k places after `leader` in order of play (0 <= k < n): (leader + k) % n without
    # a division, which cost 2-3% of a search's time here (every card played needs it).
    cdef int seat = leader + k
    return seat - g.n if seat >= g.n else seat

cdef inline bint partner_holds_top(const Game* g, const State* s, int seat, u64 cards) noexcept nogil:
    # Whether the partner of `seat` (the seat opposite, 4 players) holds the highest card of
    # `cards` (the move orders of the partnership games: a lead that goes to the partner).
    return cards != 0 and (s.hand[seat_at(g, seat, 2)] & bit(highest_bit(cards))) != 0

cdef inline int places_after(const Game* g, int leader, int seat) noexcept nogil:
    # How many places `seat` plays after `leader` in a trick: (seat - leader) % n.
    cdef int k = seat - leader
    return k + g.n if k < 0 else k

cdef inline bint has_played(const Game* g, const State* s, int seat) noexcept nogil:
    # Whether `seat` has played its card to the current trick.
    return places_after(g, s.leader, seat) < s.count

cdef inline int to_move(const Game* g, const State* s) noexcept nogil:
    return seat_at(g, s.leader, s.count)

cdef inline u64 follow_suit(const Game* g, const State* s, int seat) noexcept nogil:
    # Any card when leading; else the suit led if the seat holds it; else any card.
    cdef u64 hand = s.hand[seat]
    cdef u64 follow
    if s.count:
        follow = hand & g.suit_mask[s.led_suit]
        if follow:
            return follow
    return hand

cdef inline bint beats(const Game* g, int card, int winning, int led_suit) noexcept nogil:
    # No trumps: only a higher card of the suit led takes the trick.
    return g.suit_of[card] == led_suit and card > winning

cdef inline void apply_card(const Game* g, const State* s, State* t, int seat, int card) noexcept nogil:
    # Write into t every field that `seat` (the seat to move in s) playing `card` changes,
    # computed from s; completes the trick after the n-th card.  t may be s itself: each
    # field of s is read before t's copy of it is written.
    cdef u64 b = bit(card)
    cdef int pts = g.points[card]
    cdef int win_seat = seat
    t.hand[seat] = s.hand[seat] & ~b
    t.out = s.out & ~b
    t.out_points = s.out_points - pts
    if s.count == 0:
        t.led_suit = g.suit_of[card]
        t.win_card = card
        t.win_seat = seat
        t.trick_mask = b
    else:
        t.trick_mask = s.trick_mask | b
        if beats(g, card, s.win_card, s.led_suit):
            t.win_card = card
            t.win_seat = seat
        else:
            win_seat = s.win_seat
    if s.count + 1 == g.n:
        t.taken[win_seat] = s.taken[win_seat] + s.trick_points + pts + TRICK_BONUS
        t.leader = win_seat
        t.count = 0
        t.trick_points = 0
        t.trick_mask = 0
        if HAS_STOCK:
            draw_from_stock(g, t, win_seat)
    else:
        t.count = s.count + 1
        t.trick_points = s.trick_points + pts

cdef inline u64 stock_cards(const Game* g, const State* s) noexcept nogil:
    # The cards still to draw from the stock: those in play (s.out) that no hand holds and that
    # are not on the table.  The next to be drawn is g.stock[g.stock_len - their number].
    cdef u64 held = s.trick_mask
    cdef int i
    for i in range(g.n):
        held |= s.hand[i]
    return s.out & ~held

cdef inline int stock_left(const Game* g, const State* s) noexcept nogil:
    # How many cards are still to draw from the stock (stock_cards).
    return popcount64(stock_cards(g, s))

cdef inline void draw_from_stock(const Game* g, State* t, int winner) noexcept nogil:
    # After a trick (t at the start of the next one): each seat draws the stock's top card,
    # the trick's winner first (docs/rules.md#kifameno).  The stock is drawn in whole rounds,
    # so either n cards are left to draw or none.
    cdef int left = stock_left(g, t)
    cdef int top, k
    if left == 0:
        return
    top = g.stock_len - left
    for k in range(g.n):
        t.hand[seat_at(g, winner, k)] |= bit(g.stock[top + k])

cdef inline int points_left(const Game* g, const State* s) noexcept nogil:
    # The points still to take at s: in the hands, on the table, and the last trick's own
    # (Game.last_trick_points: Busca's and Mattazza's 3).
    return s.out_points + s.trick_points + g.last_trick_points

cdef inline void play_card(const Game* g, State* s, int card) noexcept nogil:
    # Play a legal card for the seat to move, in place.
    apply_card(g, s, s, seat_at(g, s.leader, s.count), card)

cdef inline void play_child(const Game* g, const State* s, State* t, int seat, int card) noexcept nogil:
    # t = s after the seat to move (`seat`) plays `card`.  The changed fields are computed
    # from s, not read back from the copy just written: a load from a struct copied a moment
    # before stalls on store forwarding, and the search makes a child per card (paired runs
    # of full deals: -2 to -6% against play_card on a copy).
    t[0] = s[0]
    apply_card(g, s, t, seat, card)

cdef inline void play_forced_trick(const Game* g, State* t) noexcept nogil:
    # Every seat holds one card at the start of a trick: the play is forced.
    cdef int i
    for i in range(g.n):
        play_card(g, t, lowest_bit(t.hand[seat_at(g, t.leader, t.count)]))

cdef inline int play_last_trick_winner(const Game* g, const State* s) noexcept nogil:
    # The seat that wins the last trick, whose play is forced.
    cdef State t = s[0]
    play_forced_trick(g, &t)
    return t.leader

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

cdef inline bint ducks_suit(u64 pm, u64 cm) noexcept nogil:
    # P's cards pm can duck every lead of the others' cards cm of one suit: sorted from the
    # lowest, P's i-th card is below the others' i-th card for every i both sides have.
    while pm and cm:
        if lowest_bit(pm) > lowest_bit(cm):
            return False
        pm &= pm - 1
        cm &= cm - 1
    return True

cdef inline bint ducks_every_lead_of(const Game* g, u64 pm, u64 cm) noexcept nogil:
    # Whether the cards pm can duck every lead of the cards cm, suit by suit (ducks_suit).
    cdef int su
    for su in range(g.n_suits):
        if not ducks_suit(pm & g.suit_mask[su], cm & g.suit_mask[su]):
            return False
    return True

cdef inline bint ducks_every_lead(const Game* g, const State* s, int P) noexcept nogil:
    # Whether P can duck every lead of the others' cards as they hold them now, in every suit
    # (ducks_suit), once another seat leads each trick (can_duck_everything says why that is
    # enough; the others only lose cards from here, which keeps it true).
    return ducks_every_lead_of(g, s.hand[P], s.out & ~s.hand[P])

cdef inline bint can_duck_everything(const Game* g, const State* s, int P) noexcept nogil:
    # At the start of a trick: can P lose every remaining trick, whatever the others do?
    # (Any card may be led: a game with first-trick bans asks this only after the first trick.)
    #
    # P never leads again if it never wins, so after this trick every trick is led by another
    # seat.  In a suit P cannot follow, it discards and loses.  In a suit X it holds, assume the
    # worst: the others may lead any of their X cards in any order, and the card to beat is the
    # one led (anyone who plays higher only helps P).  P ducks each lead with its highest X card
    # below it.  That always works if and only if, with both sides' X cards sorted from the
    # lowest, P's i-th card is below the others' i-th card for every i both sides have
    # (ducks_suit): each lead then finds a lower P card, and ducking with the highest one keeps
    # the condition for the next lead.  Cards the others discard or play in other ways only make
    # it easier; the cards P discards are its highest in a suit, which keeps the condition too.
    #
    # If P leads this trick, it must lead a card c of a suit X that some other seat holds only
    # higher cards of (that seat must follow and beat it), and duck everything afterwards with
    # its other cards; the others keeping all their cards is the worst case for that.
    cdef u64 others, pm, cm, rest, m
    cdef int su, seat, card, lead_su = -1
    if s.count != 0:
        return False
    if s.leader != P:
        return ducks_every_lead(g, s, P)
    others = s.out & ~s.hand[P]
    # P leads: every suit but the one led must be duckable as it stands.
    for su in range(g.n_suits):
        if not ducks_suit(s.hand[P] & g.suit_mask[su], others & g.suit_mask[su]):
            if lead_su >= 0:
                return False
            lead_su = su
    for su in range(g.n_suits):
        if lead_su >= 0 and su != lead_su:
            continue
        pm = s.hand[P] & g.suit_mask[su]
        cm = others & g.suit_mask[su]
        m = pm
        while m:
            card = lowest_bit(m)
            m &= m - 1
            rest = pm & ~((<u64>1) << card)
            if not ducks_suit(rest, cm):
                continue
            for seat in range(g.n):
                if seat != P and (s.hand[seat] & g.suit_mask[su]) and \
                        lowest_bit(s.hand[seat] & g.suit_mask[su]) > card:
                    return True
    return False

cdef inline bint others_duck_everything(const Game* g, const State* s, int P) noexcept nogil:
    # At the start of a trick: can every seat but P lose every remaining trick at once, whatever
    # P does?  Then P wins every trick left (someone wins each).  Each such seat passes
    # can_duck_everything, a guarantee that holds whatever the other seats play, so all of
    # them can keep it together.  The one step that asks another seat to act: where a seat Q
    # other than P leads now, its test found a card c of a suit X led and a seat holding only
    # higher cards of X (which must beat c).  That seat is P: another seat R with only higher
    # X cards than c would fail its own test, since R's lowest X card would have to be below
    # the lowest X card of the seats other than R, which is at most c.  And the seats other
    # than Q and P duck c (their test: a lower card of X, or none).  Sound only where the hands
    # only shrink (as can_duck_everything; False in the middle of a trick, as it is).
    cdef int i
    for i in range(g.n):
        if i != P and not can_duck_everything(g, s, i):
            return False
    return True

cdef inline bint p_takes_trick(const Game* g, const State* s, int P, int seat, int card) noexcept nogil:
    # Whether P surely wins the current trick if `seat` (to move) plays `card` now (no trumps;
    # the dominated cards of ext/ciapano/quasi.pxd and of Busca's points game): the card is
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
    elif has_played(g, s, P):
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
