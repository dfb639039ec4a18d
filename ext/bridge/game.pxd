# Contract bridge's card play as the search core sees it: the hooks that the shared skeleton
# (ext/core: search.pxd, movegen.pxd, driver.pxi) cimports from `game`.  Compiled into
# ciapano._engine_bridge (setup.py puts this directory first on the include path).
#
# Rules (docs/rules.md#bridge; the Laws of Duplicate Bridge, law 44): four seats, 0 North,
# 1 East, 2 South, 3 West, partnerships 0-2 against 1-3; the 52-card deck as the engine's cards
# 0-51 (ciapano.BRIDGE_BASE less), four suits of 13, each a suit group, the trump suit
# Game.trump_suit or -1 (no trumps).  Follow the suit led if able, else any card (no duty to
# trump).  The highest trump wins the trick, else the highest card of the suit led.  A
# zero-sum game between the partnerships, scored in tricks.
#
# The engine's value is the tricks the partnership without the perspective seat P (side B)
# wins from the root on; P and its partner minimise it (on_p_side), the other two maximise it.
# The tricks of P's own side are the tricks left less it (ciapano.engine turns it).  A seat's
# taken is the tricks it won since the root (trickrule.TRICK_BONUS: 1 a trick).
#
# Which of the skeleton's techniques run for bridge, and why:
# - rank equivalence (movegen.pxd): sound.  The score is who wins each trick; two cards of one
#   hand and suit with no card held (nor the card winning the trick) between them compare
#   alike with every other card in every rule (following, trumping), so swapping them maps
#   every line to one with the same tricks.
# - relative-rank table keys (ttable.long_suits_key: suits of 13 cards do not fit the canon
#   tables): two positions whose suits hold, from the top down, the same owners are the same
#   game, as DDS keys its table.  Every card is worth 0, so a suit's layout is its owners.
# - the score key: B's tricks since the root as an offset, and nothing else (score_key): what
#   B takes from here on depends on the cards alone.
# - cheap bounds (cheap_bounds below): each side's sure tricks (quick tricks of the side on
#   lead, top trumps of either side).
# - the move order (order_score below): only an order.
# - NOT the quasi-equivalent cards (GAME_QUASI 0: every card is worth 0, so the cards of a run
#   are equivalent already), the sub-games or the bounds inside a trick (GAME_SUBGAMES 0).
from structs cimport u64, Ctx, Game, State
from bitops cimport bit, lowest_bit, highest_bit, popcount64
from tricks cimport seat_at, places_after, to_move, partner_holds_top
# The hooks of techniques not used here (see above): ext/core/nohooks.pxd.
from nohooks cimport residue_shifts, own_key, run_known, memory_tricks

cdef enum:
    GAME_QUASI = 0              # no quasi-equivalent cards (above)
    GAME_MEMORY_TRICKS = 4      # the move memory above this many tricks' cards (driver.pxi)
    GAME_P_WANTS_POINTS = 1     # P's side takes tricks (gen_moves: not used without GAME_QUASI)
    GAME_SUBGAMES = 0           # no sub-games as bounds (game_search.pxd)
    GAME_BOUNDS_AFTER_TABLE = 0 # the cheap bounds before the table's probe (search.pxd)
    RUFF_PARTNER = 20           # order_score: a lead the partner can ruff ...
    RUFF_OPPONENT = 40          # ... or an opponent can
    DISCARD_LENGTH = 2
    PARTNER_TOP = 30            # ... or one whose top card the partner holds


# -- sides -------------------------------------------------------------------------------------

cdef inline bint on_p_side(const Game* g, int P, int seat) noexcept nogil:
    # Partnerships of seats opposite: 0 and 2, 1 and 3.
    return ((seat ^ P) & 1) == 0


# -- play --------------------------------------------------------------------------------------

cdef inline u64 trumps_of(const Game* g, u64 cards) noexcept nogil:
    # The trumps among `cards` (none without a trump suit).
    return cards & g.suit_mask[g.trump_suit] if g.trump_suit >= 0 else 0

cdef inline u64 legal_cards(const Game* g, const State* s, int seat) noexcept nogil:
    # Any card when leading; else the suit led if held, else any card.
    cdef u64 hand = s.hand[seat]
    cdef u64 m
    if s.count == 0:
        return hand
    m = hand & g.suit_mask[s.led_suit]
    return m if m else hand

cdef inline bint beats(const Game* g, int card, int winning, int led_suit) noexcept nogil:
    # Whether `card` beats the card winning the trick so far: a trump beats any other card and
    # a lower trump; another card only a lower card of the suit led.
    cdef int su = g.suit_of[card]
    if su == g.trump_suit:
        return g.suit_of[winning] != su or card > winning
    return su == led_suit and g.suit_of[winning] == su and card > winning

cdef inline void apply_card(const Game* g, const State* s, State* t, int seat, int card) noexcept nogil:
    # tricks.apply_card's contract for bridge: write into t every field that `seat` (the seat
    # to move in s) playing `card` changes, computed from s (t may be s); completes the trick
    # after the fourth card, one trick to its winner's taken.
    cdef u64 b = bit(card)
    cdef int win_seat = seat
    t.hand[seat] = s.hand[seat] & ~b
    t.out = s.out & ~b
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
        t.taken[win_seat] = s.taken[win_seat] + 1
        t.leader = win_seat
        t.count = 0
        t.trick_mask = 0
    else:
        t.count = s.count + 1

cdef inline void play_card(const Game* g, State* s, int card) noexcept nogil:
    # Play a legal card for the seat to move, in place.
    apply_card(g, s, s, seat_at(g, s.leader, s.count), card)

cdef inline void play_child(const Game* g, const State* s, State* t, int seat, int card) noexcept nogil:
    # t = s after the seat to move (`seat`) plays `card` (see tricks.play_child).
    t[0] = s[0]
    apply_card(g, s, t, seat, card)

cdef inline void play_forced_trick(const Game* g, State* t) noexcept nogil:
    # Every seat holds one card at the start of a trick: the play is forced.
    cdef int i
    for i in range(g.n):
        play_card(g, t, lowest_bit(t.hand[seat_at(g, t.leader, t.count)]))

# -- score -------------------------------------------------------------------------------------

cdef inline int tricks_b(const Game* g, const State* s, int P) noexcept nogil:
    # The tricks side B (the partnership without P) has won since the root.
    cdef int b = seat_at(g, P, 1)
    return s.taken[b] + s.taken[seat_at(g, b, 2)]

cdef inline int hand_score(const Game* g, const State* s, int P) noexcept nogil:
    # Side B's tricks from the root to the end of the hand.
    return tricks_b(g, s, P)

cdef inline u64 score_key(const Game* g, const State* s, int P, int* offset) noexcept nogil:
    # What B takes from here on depends on the cards alone: B's tricks so far as the offset,
    # and the key 0 (search.pxd puts it in key2: ttable.pack_key2).
    offset[0] = tricks_b(g, s, P)
    return 0

cdef inline u64 points_key(const Game* g, const State* s, int P) noexcept nogil:
    # Nothing of the tricks taken in the main key (score_key carries them).
    return 0

cdef inline int cash_tricks(const Game* g, const State* s, int L, int cap, u64* rel) noexcept nogil:
    # The tricks seat L's partnership wins for sure by cashing L's top cards, L on lead at a
    # trick start, counted up to `cap` (a lower bound on its tricks from here on: one strategy
    # of its side against any defence; DDS's quick tricks, for one hand).  The cards counted
    # join rel (the cards whose ranks the count relies on, with every card above them:
    # search.pxd, partition search; the rest depends on the suits' lengths alone).
    #
    # The strategy: L leads its trumps above every opponent's trump from the highest down, then
    # in each plain suit X its cards above every opponent's X card, from the highest down.  The
    # partner follows with its lowest card of the suit led, and when void discards its highest
    # card of any suit (never the lowest card of a suit, so that it never has to win one of L's
    # tricks later: a discard leaves each suit's lowest cards as they were, or the suit void).
    # Each such lead wins its trick while the partner can play under it (its lowest card of
    # the suit is below it, or it holds none of the suit: counted with the partner's cards at
    # the start, a superset of the ones it will hold, whose lowest cards are the same), and, in
    # a plain suit, while every opponent that may still hold a trump holds an X card to follow
    # with (else it could ruff).  An opponent keeps at most its trumps less the trump leads
    # (and one that may still ruff has followed every lead: it discarded nothing).  The first
    # `cap` tricks of the strategy rely on the cards counted in them alone.
    cdef int Q = seat_at(g, L, 2)
    cdef u64 h1 = s.hand[seat_at(g, L, 1)]
    cdef u64 h2 = s.hand[seat_at(g, L, 3)]
    cdef u64 t1 = trumps_of(g, h1)
    cdef u64 t2 = trumps_of(g, h2)
    cdef u64 mine, q, x1, x2
    cdef u64 won[4]
    cdef int n = 0, plain = 0, su, card, r1, r2, limit, best, cost, least
    if g.trump_suit >= 0:
        mine = trumps_of(g, s.hand[L])
        if t1 | t2:
            mine &= ~((bit(highest_bit(t1 | t2)) << 1) - 1)
        q = trumps_of(g, s.hand[Q])
        while mine and n < cap:
            card = highest_bit(mine)
            if q and lowest_bit(q) > card:
                break
            mine &= ~bit(card)
            rel[0] |= bit(card)
            q &= q - 1
            n += 1
    r1 = popcount64(t1) - n
    r2 = popcount64(t2) - n
    for su in range(4):
        won[su] = 0
        if su >= g.n_suits or su == g.trump_suit:
            continue
        mine = s.hand[L] & g.suit_mask[su]
        if not mine:
            continue
        x1 = h1 & g.suit_mask[su]
        x2 = h2 & g.suit_mask[su]
        if x1 | x2:
            mine &= ~((bit(highest_bit(x1 | x2)) << 1) - 1)
        limit = 16
        if r1 > 0 and popcount64(x1) < limit:
            limit = popcount64(x1)
        if r2 > 0 and popcount64(x2) < limit:
            limit = popcount64(x2)
        q = s.hand[Q] & g.suit_mask[su]
        while mine and limit > 0:
            card = highest_bit(mine)
            if q and lowest_bit(q) > card:
                break
            mine &= ~bit(card)
            won[su] |= bit(card)
            q &= q - 1
            limit -= 1
            plain += 1
    if n + plain <= cap:
        for su in range(4):
            rel[0] |= won[su]
        return n + plain
    # More than the cap: the plain suits' winners whose ranks fix the fewest cards first (the
    # suits' order of play is free: each suit's count depends on the trump leads alone).
    while n < cap:
        best = -1
        least = 64
        for su in range(4):
            if won[su]:
                card = highest_bit(won[su])
                cost = popcount64(s.out & g.suit_mask[su] & ~(bit(card) - 1))
                if cost < least:
                    least = cost
                    best = su
        card = highest_bit(won[best])
        won[best] &= ~bit(card)
        rel[0] |= bit(card)
        n += 1
    return n

cdef inline int quick_tricks(const Game* g, const State* s, int cap, u64* rel) noexcept nogil:
    # The tricks the partnership of the seat on lead at a trick start (s.leader, L) wins for
    # sure, counted up to `cap`: L's cashed top cards (cash_tricks), or a trick won by the
    # partner Q over a low card L leads, then Q's cashed top cards (the partner's entry, as
    # DDS's quick tricks count them), whichever is more.  The entry: L leads its lowest card of
    # a suit X in which Q's highest card is above every other X card still held; each
    # opponent follows (its lowest X card, as far as the count goes: a higher one leaves its
    # highest no higher) or, void in X, holds no trump (else it might ruff) and discards (a
    # card of its, counted as still held: more cards to follow with and higher ones only count
    # fewer of Q's tricks).  The cards the best count relies on join rel (cash_tricks; and Q's
    # card of the entry).
    cdef int L = s.leader
    cdef int Q = seat_at(g, L, 2)
    cdef int o1 = seat_at(g, L, 1)
    cdef int o2 = seat_at(g, L, 3)
    cdef u64 best_rel = 0, r
    cdef int best = cash_tricks(g, s, L, cap, &best_rel)
    cdef int su, top, n
    cdef u64 lx, qx, x1, x2, m
    cdef State t
    for su in range(g.n_suits):
        if best >= cap:
            break
        m = g.suit_mask[su]
        lx = s.hand[L] & m
        qx = s.hand[Q] & m
        if not lx or not qx:
            continue
        top = highest_bit(qx)
        x1 = s.hand[o1] & m
        x2 = s.hand[o2] & m
        if ((x1 | x2) and highest_bit(x1 | x2) > top) or lowest_bit(lx) > top:
            continue
        if su != g.trump_suit and ((not x1 and trumps_of(g, s.hand[o1])) or
                                   (not x2 and trumps_of(g, s.hand[o2]))):
            continue
        t = s[0]
        t.hand[L] &= ~bit(lowest_bit(lx))
        t.hand[Q] &= ~bit(top)
        if x1:
            t.hand[o1] &= ~bit(lowest_bit(x1))
        if x2:
            t.hand[o2] &= ~bit(lowest_bit(x2))
        r = bit(top)
        n = 1 + cash_tricks(g, &t, Q, cap - 1, &r)
        if n > best:
            best = n
            best_rel = r
    rel[0] |= best_rel
    return best

cdef inline int top_trumps(const Game* g, const State* s, int a, int cap, u64* rel) noexcept nogil:
    # The tricks seat a's partnership wins for sure with a's trumps (counted up to `cap`): for
    # any trump r of a's, at least (a's trumps from r up) less (the other partnership's trumps
    # above r).  Every card a holds is played, each to a trick of its own, and a trick with a
    # trump in it goes to its highest trump: a trick where a plays a trump >= r is lost only to
    # an opponent's trump above it, and each of those is in one trick.  (With r a's lowest
    # trump above every opponent's, the top trumps.)  The best r, the highest that reaches the
    # cap, joins rel (the count relies on the cards from r up).
    cdef u64 theirs = trumps_of(g, s.hand[seat_at(g, a, 1)] | s.hand[seat_at(g, a, 3)])
    cdef u64 mine = trumps_of(g, s.hand[a])
    cdef int best = 0, n = 0, f, r, best_r = -1
    while mine:
        r = highest_bit(mine)
        mine &= ~bit(r)
        n += 1
        f = n - popcount64(theirs & ~((bit(r) << 1) - 1))
        if f > best:
            best = f
            best_r = r
            if best >= cap:
                best = cap
                break
    if best_r >= 0:
        rel[0] |= bit(best_r)
    return best

cdef inline int first_trick_stop(const Game* g, const State* s, int a, u64* rel) noexcept nogil:
    # 1 if seat a's partnership, not on lead at a trick start, surely wins this trick: in every
    # suit the leader L holds, a or its partner holds the highest card still held, and the
    # trick cannot be ruffed by L's partner (it holds the suit, or no trump; a trump lead is
    # never ruffed).  Whatever L leads, the holder of that card follows with it and wins.  The
    # cards relied on (those highest cards) join rel; else 0.
    cdef int L = s.leader
    cdef u64 lh = s.hand[L]
    cdef u64 q = s.hand[seat_at(g, L, 2)]
    cdef u64 ours = s.hand[a] | s.hand[seat_at(g, a, 2)]
    cdef u64 m, r = 0
    cdef int su, top
    for su in range(g.n_suits):
        m = g.suit_mask[su]
        if not (lh & m):
            continue
        top = highest_bit(s.out & m)
        if not (ours & bit(top)):
            return 0
        if su != g.trump_suit and not (q & m) and trumps_of(g, q):
            return 0
        r |= bit(top)
    rel[0] |= r
    return 1

cdef inline int sure_tricks(const Game* g, const State* s, int a, bint leads, int cap, u64* rel) noexcept nogil:
    # What seat a's partnership surely wins from here on, at a trick start, counted up to
    # `cap`: its top trumps (a's or its partner's), or on lead its quick tricks, whichever is
    # more; not on lead and without a top trump, the trick now if it surely wins it
    # (first_trick_stop).  The cards the count relies on join rel.
    cdef u64 r = 0, r2 = 0
    cdef int k = top_trumps(g, s, a, cap, &r)
    cdef int k2
    if k < cap:
        k2 = top_trumps(g, s, seat_at(g, a, 2), cap, &r2)
        if k2 > k:
            k = k2
            r = r2
    if leads and k < cap:
        r2 = 0
        k2 = quick_tricks(g, s, cap, &r2)
        if k2 > k:
            k = k2
            r = r2
    elif not leads and k == 0 and cap > 0:
        k = first_trick_stop(g, s, a, &r)
    rel[0] |= r
    return k

cdef inline void cheap_bounds(const Game* g, const State* s, int P, int* lower, int* upper) noexcept nogil:
    # Bounds on B's tricks: those won so far, and at most every trick left besides; at a trick
    # start at least its sure tricks more, and at most the tricks left less P's side's sure
    # tricks.
    cdef int d = tricks_b(g, s, P)
    cdef int left = (popcount64(s.out) + s.count) // g.n
    cdef u64 rel = 0
    lower[0] = d
    upper[0] = d + left
    if s.count == 0:
        lower[0] = d + sure_tricks(g, s, seat_at(g, P, 1), not on_p_side(g, P, s.leader), left, &rel)
        upper[0] = d + left - sure_tricks(g, s, P, on_p_side(g, P, s.leader), left, &rel)

cdef inline u64 cheap_bounds_rel(const Game* g, const State* s, int P, int lower, int upper) noexcept nogil:
    # The cards whose ranks cheap_bounds' bounds rely on (search.pxd, partition search), for a
    # trick start: that B ends with at least `lower` tricks (none if < 0), at most `upper`
    # (none if > 13).  Each needs only as many of its side's sure tricks (sure_tricks' cap).
    cdef int d = tricks_b(g, s, P)
    cdef int left = (popcount64(s.out) + s.count) // g.n
    cdef u64 rel = 0
    if lower > d:
        sure_tricks(g, s, seat_at(g, P, 1), not on_p_side(g, P, s.leader), lower - d, &rel)
    if upper < d + left:
        sure_tricks(g, s, P, on_p_side(g, P, s.leader), d + left - upper, &rel)
    return rel


# -- who can beat a card -----------------------------------------------------------------------

cdef inline bint can_beat(const Game* g, const State* s, int seat, int winning, int led) noexcept nogil:
    # Whether `seat`, still to play to this trick, holds a legal card that beats `winning`
    # with `led` the suit led: a higher card of the suit led if it must follow (which beats a
    # trump only where trumps were led), else any trump if `winning` is not one, else a higher
    # trump.
    cdef u64 h = s.hand[seat]
    cdef u64 higher = ~((bit(winning) << 1) - 1)
    cdef u64 m = h & g.suit_mask[led]
    if m:
        return g.suit_of[winning] == led and (m & higher) != 0
    m = trumps_of(g, h)
    if not m:
        return False
    return g.suit_of[winning] != g.trump_suit or (m & higher) != 0

cdef inline bint holds_after(const Game* g, const State* s, int P, int winning, int win_seat,
                             int led, int first) noexcept nogil:
    # Whether `winning` (of win_seat's side) cannot be beaten by a seat of the other side
    # playing to this trick from the place `first` after the leader on.
    cdef int k, other
    for k in range(first, g.n):
        other = seat_at(g, s.leader, k)
        if on_p_side(g, P, other) != on_p_side(g, P, win_seat) and can_beat(g, s, other, winning, led):
            return False
    return True

cdef inline bint p_takes_trick(const Game* g, const State* s, int P, int seat, int card) noexcept nogil:
    # Only for the quasi-equivalent cards (movegen.gen_moves), not used where GAME_QUASI is 0.
    return False

cdef inline bint nobody_takes_all(const Game* g, const State* s) noexcept nogil:
    # Only for the quasi-equivalent cards, not used where GAME_QUASI is 0.
    return False


# -- a bound inside a trick ------------------------------------------------------------------

cdef inline int best_card(const Game* g, const State* s, int seat) noexcept nogil:
    # The legal card of `seat` (still to play to this trick) most able to win it: its highest
    # card of the suit led if it holds the suit, else its highest trump; -1 if it has neither.
    cdef u64 m = s.hand[seat] & g.suit_mask[s.led_suit]
    if m:
        return highest_bit(m)
    m = trumps_of(g, s.hand[seat])
    return highest_bit(m) if m else -1

cdef inline int side_takes(const Game* g, const State* s) noexcept nogil:
    # Inside a trick: a card by which the side of the seat to move surely wins it, or -1 (DDS's
    # QuickTricksSecondHand, generalised): the mover's best card (best_card), or at the trick's
    # second card the partner's (it plays last), if it beats the winning card and no seat of
    # the other side still to play after the mover can beat it (holds_after; at the second
    # card that is the third seat alone, so whatever it plays stays below the partner's card).
    # Either card wins the trick for the side, whatever the others play.  It relies on that
    # card's rank (the cards above it in its suit, and the hands' lengths of the suit led and
    # of trumps, which the table's key holds).
    cdef int mover = seat_at(g, s.leader, s.count)
    cdef int c = best_card(g, s, mover)
    if c >= 0 and beats(g, c, s.win_card, s.led_suit) and \
            holds_after(g, s, mover, c, mover, s.led_suit, s.count + 1):
        return c
    if s.count == 1:
        c = best_card(g, s, seat_at(g, s.leader, 3))
        if c >= 0 and beats(g, c, s.win_card, s.led_suit) and \
                holds_after(g, s, mover, c, mover, s.led_suit, 2):
            return c
    return -1

cdef inline int mid_trick_cut(const Game* g, const State* s, int P, int alpha, int beta,
                              u64* rel) noexcept nogil:
    # Inside a trick: B's tricks so far, plus this trick where no seat of P's side still to
    # play can beat the card winning it for B (holds_after), or where B's side to move surely
    # takes it (side_takes), make at least a lower bound; the tricks left less this one where
    # P's side surely wins it (either way), an upper bound.  A value at or above beta, or at or
    # below alpha, that holds however the trick ends, or -1; rel: the card it relies on (the
    # trick's winning card, or side_takes' card).
    cdef int d = tricks_b(g, s, P)
    cdef int left = (popcount64(s.out) + s.count) // g.n
    cdef int c
    cdef bint ours
    rel[0] = bit(s.win_card)
    if d >= beta:
        return d
    if d + left <= alpha:
        return d + left
    if d + 1 < beta and d + left - 1 > alpha:
        return -1                       # (the trick's winner cannot decide: the common case)
    if holds_after(g, s, P, s.win_card, s.win_seat, s.led_suit, s.count):
        ours = on_p_side(g, P, s.win_seat)
        if not ours and d + 1 >= beta:
            return d + 1
        if ours and d + left - 1 <= alpha:
            return d + left - 1
    c = side_takes(g, s)
    if c < 0:
        return -1
    rel[0] = bit(c)
    ours = on_p_side(g, P, seat_at(g, s.leader, s.count))
    if not ours and d + 1 >= beta:
        return d + 1
    if ours and d + left - 1 <= alpha:
        return d + left - 1
    return -1

cdef inline int mid_trick_bound(const Game* g, const State* s, int P, int alpha, int beta) noexcept nogil:
    # mid_trick_cut's value alone (the skeleton's hook of every game; search.pxd asks bridge,
    # a game of winning ranks, through game_search.mid_cut for the card too).
    cdef u64 rel
    return mid_trick_cut(g, s, P, alpha, beta, &rel)


# -- move order --------------------------------------------------------------------------------

cdef inline int ruff_score(const Game* g, const State* s, int P, int seat, int su) noexcept nogil:
    # A plain suit led by `seat`: bad where an opponent is void in it and holds a trump (it
    # ruffs), good where the partner is (it ruffs for the side).
    cdef int k, other
    cdef int sc = 0
    for k in range(1, g.n):
        other = seat_at(g, seat, k)
        if (s.hand[other] & g.suit_mask[su]) == 0 and trumps_of(g, s.hand[other]):
            if on_p_side(g, P, other) == on_p_side(g, P, seat):
                sc += RUFF_PARTNER
            else:
                sc -= RUFF_OPPONENT
    return sc

cdef inline int order_score(const Ctx* c, const State* s, int seat, int card) noexcept nogil:
    # Higher is searched first.  Cash a card that holds the trick, win the opponents' trick
    # with the least card that holds it, else play low (leave the partner's trick alone).
    # Scores are compared only between the legal cards of one node.
    cdef const Game* g = &c.g
    cdef int P = c.P
    cdef int su = g.suit_of[card]
    cdef int rank = card - lowest_bit(g.suit_mask[su])
    cdef bint ours
    if s.count == 0:
        # Leading: a card no opponent can beat, cashed; else low from a long suit, away from
        # the opponents' ruffs.
        if holds_after(g, s, P, card, seat, su, 1):
            return 200 + rank
        if su == g.trump_suit:
            return 20 - rank
        return -rank + 4 * popcount64(s.hand[seat] & g.suit_mask[su]) + ruff_score(g, s, P, seat, su) + \
            (PARTNER_TOP if partner_holds_top(g, s, seat, s.out & g.suit_mask[su]) else 0)
    ours = on_p_side(g, P, s.win_seat) == on_p_side(g, P, seat)
    if ours and holds_after(g, s, P, s.win_card, s.win_seat, s.led_suit, s.count + 1):
        return 100 - rank - (50 if su == g.trump_suit else 0)   # the partner's trick: play low
    if beats(g, card, s.win_card, s.led_suit):
        if holds_after(g, s, P, card, seat, s.led_suit, s.count + 1):
            return 80 - rank - (30 if su == g.trump_suit and not ours else 0)
        return 20 - rank
    if su != s.led_suit and su != g.trump_suit:
        # A discard: low, from a long suit.
        return -rank + DISCARD_LENGTH * popcount64(s.hand[seat] & g.suit_mask[su])
    return -rank - (50 if su == g.trump_suit else 0)   # lose it cheaply, a trump last


# -- parameters --------------------------------------------------------------------------------

cdef inline int set_scoring(Ctx* c, dict scoring) except -1:
    # Bridge's parameters, from ciapano.engine: {"trump_suit": the trump suit's group, or -1
    # for no trumps}.  Raises ValueError for what the core cannot hold.
    cdef Game* g = &c.g
    g.trump_suit = scoring["trump_suit"]
    if g.n != 4:
        raise ValueError(f"players: {g.n}; bridge is played by 4")
    if not -1 <= g.trump_suit < g.n_suits:
        raise ValueError(f"trump_suit: {g.trump_suit} is not a suit of the deck (or -1)")
    if g.deck_points:
        raise ValueError(f"points: {g.deck_points} in the deck; bridge's cards carry none")
    g.max_value = 13
    return 0
