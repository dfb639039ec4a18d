# Piedicavallo tarocchi as the search core sees it: the hooks that the shared skeleton
# (ext/core: search.pxd, movegen.pxd, driver.pxi) cimports from `game`.  Compiled into
# ciapano._engine_tarocchi (setup.py puts this directory first on the include path).
#
# Rules (docs/rules.md#piedicavallo, ../shared/RULES.md §4): four players, seats 0 and 2 against
# 1 and 3; the 62-card deck as the engine's cards 0-61 (ciapano.TAROT_BASE less): four suits of
# ten (cards 0-39), the trumps (40-60, trump n at 39 + n), the Fool (61), each a suit group of
# its own (Game.trump_suit, Game.fool: six groups, the Fool's of one card).  Follow the suit
# led, else trump, else any card; the Fool at any time; a Fool led lets the second card set the
# suit.  The highest trump wins, else the highest card of the suit led; the Fool never wins and
# goes to the pile of the seat that played it.  A zero-sum game between the partnerships.
#
# The engine's value is the points of the partnership without the perspective seat P (side B)
# at the end of the hand; P and its partner minimise it (on_p_side), the other two maximise it.
# The value of P's own partnership is 114 less it (ciapano.engine turns it).  A partnership
# that wins no trick scores 0 and the other 114 (the Fool and the discards go with it).  A
# seat's taken is its points plus TRICK_BONUS (trickrule.pxd) for each trick it won, so that
# the hand score knows which partnerships have won a trick (hand_score).
#
# Which of the skeleton's techniques run for tarocchi, and why:
# - rank equivalence (movegen.pxd): sound.  The score is the points each partnership takes and
#   whether it took a trick, fixed by who wins each trick and what falls to it.  Two cards of
#   one hand and suit group with no card held (nor the card winning the trick) between them
#   and equal points are alike in every rule: following, trumping (a trump against a trump
#   compares by rank alone, against any other card it wins), and the Fool is a group of its
#   own.  So swapping them maps every line to one with the same tricks and points.
# - table keys on relative ranks (ttable.pxd): the plain suits by the canon tables, the trumps
#   and the Fool by ttable.long_suits_key; the points taken as an offset once both partnerships
#   have won a trick (score_key).
# - cheap bounds (cheap_bounds below): the points taken and still to take, with the no-trick
#   rule, and each side's sure points (trump length, quick tricks, the Fool); computed only
#   where the table has no entry for the trick start (GAME_BOUNDS_AFTER_TABLE, search.pxd).
# - quasi-equivalent and dominated cards (run_known below, GAME_QUASI): proved there.
# - the move order (order_score below): only an order.
# - NOT the sub-games or the bounds inside a trick (not proved for this game): GAME_SUBGAMES 0
#   (game_search.pxd); nor partition search (tried: more nodes, docs/search-experiments.md).
from structs cimport u64, Ctx, Game, State
from bitops cimport bit, lowest_bit, highest_bit, popcount64
from tricks cimport seat_at, places_after, to_move, partner_holds_top
from trickrule cimport TRICK_BONUS
# The hooks of techniques not used here (see above): ext/core/nohooks.pxd.
from nohooks cimport residue_shifts, own_key, mid_trick_bound, memory_tricks
from runs cimport sides_run_decided

cdef enum:
    GAME_QUASI = 1              # quasi-equivalent and dominated cards (run_known below)
    GAME_MEMORY_TRICKS = 2      # the move memory above this many tricks' cards (driver.pxi)
    GAME_P_WANTS_POINTS = 1     # P's side takes points (gen_moves' dominant card first)
    GAME_SUBGAMES = 0           # no sub-games as bounds (game_search.pxd)
    GAME_BOUNDS_AFTER_TABLE = 1 # the cheap bounds only where the table has no entry (search.pxd)
    TRICK_MASK = TRICK_BONUS - 1    # a seat's points in its taken (below TRICK_BONUS: at most 114)
    RUFF_PARTNER = 80           # order_score: a lead the partner can ruff ...
    RUFF_OPPONENT = 150         # ... or an opponent can (nodes of 8 deals after 4 random
                                # tricks and 4 after 2: 40 and 60 -4%, -10%; 80 and 150 -6%, -12%)
    LEAD_LENGTH = 8             # order_score: a plain lead's score down per card of its suit held
    PARTNER_TOP = 100           # ... up where the partner holds the suit's top card among the
                                # other three hands (tricks.partner_holds_top)
    NOT_HOLDING = -20           # ... a card that beats the trick so far but may be beaten (was 20)
    FOOL_LAST = -200            # ... the Fool, after every other card


# -- sides -------------------------------------------------------------------------------------

cdef inline bint on_p_side(const Game* g, int P, int seat) noexcept nogil:
    # Partnerships of seats opposite: 0 and 2, 1 and 3.
    return ((seat ^ P) & 1) == 0


# -- play --------------------------------------------------------------------------------------

cdef inline u64 legal_cards(const Game* g, const State* s, int seat) noexcept nogil:
    # Any card when leading or after a Fool led (led_suit -1); else the suit led if held, else
    # a trump if held, else any card; the Fool with any of them.
    cdef u64 hand = s.hand[seat]
    cdef u64 m
    if s.count == 0 or s.led_suit < 0:
        return hand
    m = hand & g.suit_mask[s.led_suit]
    if not m:
        m = hand & g.suit_mask[g.trump_suit]
        if not m:
            return hand
    return m | (hand & bit(g.fool))

cdef inline bint beats(const Game* g, int card, int winning, int led_suit) noexcept nogil:
    # Whether `card` (not the Fool) beats the card winning the trick so far: a trump beats any
    # other card and a lower trump; another card only a lower card of the suit led.
    cdef int su = g.suit_of[card]
    if su == g.trump_suit:
        return g.suit_of[winning] != su or card > winning
    return su == led_suit and g.suit_of[winning] == su and card > winning

cdef inline void apply_card(const Game* g, const State* s, State* t, int seat, int card) noexcept nogil:
    # tricks.apply_card's contract for tarocchi's rules: write into t every field that `seat`
    # (the seat to move in s) playing `card` changes, computed from s (t may be s); completes
    # the trick after the fourth card.  The Fool's points go to its player at once (its own
    # pile); a Fool led leaves the suit unset (led_suit -1, the Fool standing as the winning
    # card until the next card, which sets the suit and wins so far).
    cdef u64 b = bit(card)
    cdef int pts = g.points[card]
    cdef int win_seat = seat
    t.hand[seat] = s.hand[seat] & ~b
    t.out = s.out & ~b
    t.out_points = s.out_points - pts
    if card == g.fool:
        t.taken[seat] = s.taken[seat] + pts
        pts = 0
        if s.count == 0:
            t.led_suit = -1
            t.win_card = card
            t.win_seat = seat
            t.trick_mask = b
        else:
            t.trick_mask = s.trick_mask | b
            win_seat = s.win_seat
    elif s.count == 0 or s.led_suit < 0:
        t.led_suit = g.suit_of[card]
        t.win_card = card
        t.win_seat = seat
        t.trick_mask = s.trick_mask | b if s.count else b
    else:
        t.trick_mask = s.trick_mask | b
        if beats(g, card, s.win_card, s.led_suit):
            t.win_card = card
            t.win_seat = seat
        else:
            win_seat = s.win_seat
    if s.count + 1 == g.n:
        # (The Fool never wins: win_seat is never the Fool's player, whose taken is set above.)
        t.taken[win_seat] = s.taken[win_seat] + s.trick_points + pts + TRICK_BONUS
        t.leader = win_seat
        t.count = 0
        t.trick_points = 0
        t.trick_mask = 0
    else:
        t.count = s.count + 1
        t.trick_points = s.trick_points + pts

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

cdef inline void side_totals(const Game* g, const State* s, int P, int* tricks_p, int* tricks_b,
                             int* points_b) noexcept nogil:
    # The tricks won by P's partnership and by the other (side B), and B's points so far (its
    # piles: its tricks' cards and its Fool if it played it), without the dealer's discards.
    cdef int i
    tricks_p[0] = 0
    tricks_b[0] = 0
    points_b[0] = 0
    for i in range(g.n):
        if on_p_side(g, P, i):
            tricks_p[0] += s.taken[i] // TRICK_BONUS
        else:
            tricks_b[0] += s.taken[i] // TRICK_BONUS
            points_b[0] += s.taken[i] & TRICK_MASK

cdef inline int discards_b(const Game* g, int P) noexcept nogil:
    # The dealer's discards' points where they count for side B (the dealer is of it).
    return 0 if on_p_side(g, P, g.dealer) else g.discard_points

cdef inline int hand_score(const Game* g, const State* s, int P) noexcept nogil:
    # Side B's points at the end of the hand: 0 if it won no trick, all 114 if P's partnership
    # won none, else its piles and the discards if the dealer is of it.
    cdef int tp, tb, pb
    side_totals(g, s, P, &tp, &tb, &pb)
    if tb == 0:
        return 0
    if tp == 0:
        return g.deck_points
    return pb + discards_b(g, P)

cdef inline u64 score_key(const Game* g, const State* s, int P, int* offset) noexcept nogil:
    # Once both partnerships have won a trick, the value is B's points so far (with the
    # discards) plus what B takes from here on, which depends on the cards alone: B's points as
    # an offset, and the key 3.  Before that the points taken matter otherwise (a side that
    # never wins a trick scores 0 whatever it holds), so the key holds which sides have won a
    # trick (bits 0-1), B's points (bits 2-8, at most 114) and the discards' points (bits
    # 9-12, at most 8: never a 5-point card) with no offset.  13 bits: search.pxd puts the
    # key at bits 6-18 of key2 (ttable.pack_key2).
    cdef int tp, tb, pb
    side_totals(g, s, P, &tp, &tb, &pb)
    if tp and tb:
        offset[0] = pb + discards_b(g, P)
        return 3
    offset[0] = 0
    return <u64>((tp != 0) | ((tb != 0) << 1) | (pb << 2) | (discards_b(g, P) << 9))

cdef inline u64 points_key(const Game* g, const State* s, int P) noexcept nogil:
    # Nothing of the points taken in the main key (score_key carries them).
    return 0

cdef inline int least_points(const Game* g, u64 cards, int k) noexcept nogil:
    # The least points that k of `cards` can carry (all of them if there are fewer).
    cdef int p, c, t = 0
    if k <= 0:
        return 0
    for p in range(8):
        c = popcount64(cards & g.value_mask[p])
        if c >= k:
            return t + p * k
        t += p * c
        k -= c
    return t

cdef inline int follow_points(const Game* g, u64 suit_cards, int k, bint fool) noexcept nogil:
    # The least points an opponent gives to k tricks led in one suit group, won by the leader's
    # side: it follows with `suit_cards` while it holds them (the Fool, if it holds it, in
    # place of one of them: its points go to its own pile), then discards (a point at least:
    # every card but the Fool has one; counted as 1, not as the least of its other cards, so
    # that the discards of different suits' tricks never count one card twice).
    cdef int f = k - 1 if fool else k
    cdef int n = popcount64(suit_cards)
    if f <= 0:
        return 0
    if f <= n:
        return least_points(g, suit_cards, f)
    return least_points(g, suit_cards, n) + f - n

cdef inline int quick_tricks(const Game* g, const State* s, int* tricks) noexcept nogil:
    # What the partnership of the seat on lead at a trick start (s.leader, L) wins for sure by
    # cashing L's top cards, and in how many tricks (a lower bound on its points from here on:
    # one strategy of its side against any defence).
    #
    # First the trumps: L's trumps above every opponent's trump, from the highest down, while
    # the partner can play under each (its lowest trump is below it, or it holds none).  Each
    # takes a trick: the opponents must play a trump while they hold one (or the Fool, which
    # gives nothing).  Then, only if the partner followed every trump lead (it discarded
    # nothing that the suits below count on), each plain suit X: L's X cards above every
    # opponent's X card, while the partner follows under them, and while every opponent that
    # may still hold a trump still holds an X card (else it might trump): an opponent keeps
    # at most its trumps less the trump leads, plus one if it holds the Fool (played in place
    # of a trump).  Each trick brings L's card, the partner's lowest card of the suit, and the
    # opponents' least points (follow_points).
    cdef int L = s.leader
    cdef int Q = seat_at(g, L, 2)
    cdef int o1 = seat_at(g, L, 1)
    cdef int o2 = seat_at(g, L, 3)
    cdef u64 fool = bit(g.fool)
    cdef u64 tr = g.suit_mask[g.trump_suit]
    cdef u64 h1 = s.hand[o1]
    cdef u64 h2 = s.hand[o2]
    cdef bint f1 = (h1 & fool) != 0
    cdef bint f2 = (h2 & fool) != 0
    cdef u64 mine, theirs, q, x1, x2
    cdef int t = 0, n = 0, k, su, card, r1, r2, limit
    mine = s.hand[L] & tr
    theirs = (h1 | h2) & tr
    if theirs:
        mine &= ~((bit(highest_bit(theirs)) << 1) - 1)
    q = s.hand[Q] & tr
    k = 0
    while mine:
        card = highest_bit(mine)
        if q and lowest_bit(q) > card:
            break
        mine &= ~bit(card)
        t += g.points[card]
        if q:
            t += g.points[lowest_bit(q)]     # (else the partner discards: counted as nothing)
            q &= q - 1
        k += 1
    if k:
        t += follow_points(g, h1 & tr, k, f1) + follow_points(g, h2 & tr, k, f2)
    n = k
    tricks[0] = n
    if k > popcount64(s.hand[Q] & tr):
        return t                        # the partner discarded: no plain suit counted
    r1 = popcount64(h1 & tr) - k + f1
    r2 = popcount64(h2 & tr) - k + f2
    for su in range(g.n_suits):
        if su == g.trump_suit or g.suit_mask[su] & fool:
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
        k = 0
        while mine and k < limit and q:
            card = highest_bit(mine)
            if lowest_bit(q) > card:
                break
            mine &= ~bit(card)
            t += g.points[card] + g.points[lowest_bit(q)]
            q &= q - 1
            k += 1
        if k:
            t += follow_points(g, x1, k, f1) + follow_points(g, x2, k, f2)
            n += k
    tricks[0] = n
    return t

cdef inline int top_trumps(const Game* g, const State* s, int a, int* tricks) noexcept nogil:
    # What seat a's partnership wins for sure with a's trumps: for any trump r of a's, at
    # least f = (a's trumps from r up) less (the other partnership's trumps above r) tricks.
    # Every card a holds is played, each to a trick of its own, and a trick with a trump in it
    # goes to its highest trump (no plain card and never the Fool beats one): a trick where a
    # plays a trump >= r is lost only to an opponent's trump above r, and each of those is in
    # one trick.  (bridge's game.pxd, top_trumps; with r a's lowest trump above every
    # opponent's, the top trumps: every one of them takes its trick.)  Those f tricks bring f
    # of a's trumps from r up and f cards of each opponent (their least points, the Fool
    # giving nothing).  Returns the most points over r, and the most tricks in tricks[0]
    # (each a lower bound of its own).
    cdef u64 fool = bit(g.fool)
    cdef u64 tr = g.suit_mask[g.trump_suit]
    cdef u64 h1 = s.hand[seat_at(g, a, 1)]
    cdef u64 h3 = s.hand[seat_at(g, a, 3)]
    cdef u64 theirs = (h1 | h3) & tr
    cdef u64 mine = s.hand[a] & tr
    cdef u64 used = 0
    cdef int fool1 = (h1 & fool) != 0, fool3 = (h3 & fool) != 0
    cdef int n = 0, f, r, t, best = 0, most = 0
    while mine:
        r = highest_bit(mine)
        mine &= ~bit(r)
        used |= bit(r)
        n += 1
        f = n - popcount64(theirs & ~((bit(r) << 1) - 1))
        if f <= 0:
            continue
        if f > most:
            most = f
        t = least_points(g, used, f) + least_points(g, h1 & ~fool, f - fool1) + \
            least_points(g, h3 & ~fool, f - fool3)
        if t > best:
            best = t
    tricks[0] = most
    return best

cdef inline int sure_points(const Game* g, const State* s, int a, bint leads, int* tricks) noexcept nogil:
    # What seat a's partnership surely wins from here on (a lower bound; tricks[0] >= 1 if it
    # surely wins a trick): its top trumps, a's or its partner's (top_trumps), or on lead its
    # quick tricks (quick_tricks), whichever is more; and the Fool's points if it holds it
    # (the Fool goes to its player's pile whatever the trick).
    cdef int t, k, t2, k2
    cdef u64 fool = bit(g.fool)
    t = top_trumps(g, s, a, &k)
    t2 = top_trumps(g, s, seat_at(g, a, 2), &k2)
    if t2 > t:
        t = t2
    if k2 > k:
        k = k2
    if leads:
        t2 = quick_tricks(g, s, &k2)
        if t2 > t:
            t = t2
        if k2 > k:
            k = k2
    tricks[0] = k
    if (s.hand[a] | s.hand[seat_at(g, a, 2)]) & fool:
        t += g.points[g.fool]
    return t

cdef inline void cheap_bounds(const Game* g, const State* s, int P, int* lower, int* upper) noexcept nogil:
    # Bounds on B's final points.  With D its points so far (the discards included where they
    # are its) and R the points still in play (held, or on the table but the Fool, whose
    # points its player took at once): if B has won a trick it ends with at least D (or 114 if
    # P's side never wins one), else with 0 at worst; if P's side has won a trick, B ends with
    # at most D + R (or 0), else with 114 at most.  At a trick start each side surely wins
    # some points (sure_points): q_b points in k_b >= 1 tricks make B a side with a trick that
    # ends with at least D + q_b, and q_p points in k_p >= 1 tricks leave B at most D + R - q_p.
    cdef int tp, tb, pb, d, q, k
    side_totals(g, s, P, &tp, &tb, &pb)
    d = pb + discards_b(g, P)
    lower[0] = d if tb else 0
    upper[0] = d + s.out_points + s.trick_points if tp else g.deck_points
    if s.count == 0:
        q = sure_points(g, s, seat_at(g, P, 1), not on_p_side(g, P, s.leader), &k)
        if tb or k:
            lower[0] = d + q
        q = sure_points(g, s, P, on_p_side(g, P, s.leader), &k)
        if tp or k:
            upper[0] = d + s.out_points + s.trick_points - q


# -- who can beat a card -----------------------------------------------------------------------

cdef inline bint can_beat(const Game* g, const State* s, int seat, int winning, int led) noexcept nogil:
    # Whether `seat`, still to play to this trick, holds a legal card that beats `winning`
    # with `led` the suit led: a higher card of the suit led if it must follow (which beats a
    # trump only where trumps were led), else any trump if `winning` is not one, else a higher
    # trump.
    cdef u64 h = s.hand[seat]
    cdef u64 higher = ~((bit(winning) << 1) - 1)
    cdef u64 m = h & g.suit_mask[led]
    cdef int tr = g.trump_suit
    if m:
        return g.suit_of[winning] == led and (m & higher) != 0
    m = h & g.suit_mask[tr]
    if not m:
        return False
    return g.suit_of[winning] != tr or (m & higher) != 0

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

# -- runs: quasi-equivalent and dominated cards -------------------------------------------------

cdef inline int sure_side(const Game* g, const State* s, int P, int seat, int card) noexcept nogil:
    # The side that surely wins the current trick if `seat` (to move) plays `card` (not the
    # Fool): 1 P's, 0 the other, -1 not sure (a seat of the other side still to play may beat
    # the winning card: can_beat).
    cdef int wc = s.win_card, ws = s.win_seat, led = s.led_suit
    if s.count == 0 or led < 0:
        led = g.suit_of[card]
        wc = card
        ws = seat
    elif beats(g, card, wc, led):
        wc = card
        ws = seat
    if not holds_after(g, s, P, wc, ws, led, s.count + 1):
        return -1
    return 1 if on_p_side(g, P, ws) else 0

cdef inline bint p_takes_trick(const Game* g, const State* s, int P, int seat, int card) noexcept nogil:
    # Whether P's side surely wins the current trick if `seat` plays `card` (movegen.gen_moves
    # tries the dominant card of a run first by it).
    return sure_side(g, s, P, seat, card) == 1

cdef inline bint nobody_takes_all(const Game* g, const State* s) noexcept nogil:
    # Every pair of cards of a run is decided by run_known (no cappotto in this game).
    return True

cdef inline int run_known(const Game* g, const State* s, int P, int seat, const int* moves,
                          const int* runs, int* known, int i, int bound, bint any_points) noexcept nogil:
    # Whether a card of the run of moves[i] searched before decides moves[i]
    # (runs.sides_run_decided): 2 by dominance, 1 by quasi-equivalence, 0 if neither.  A run:
    # cards of one hand and suit group with no card held or on the table between them
    # (movegen.gen_moves), whatever their points (the court cards K Q N J of a suit, 5 4 3 2
    # points; trumps 20 and 21, 1 and 5 points; trumps 1 and 2).
    #
    # Mirror lines: playing one card of a run or the other, and later the other or the one,
    # every trick has the same winner: the two cards are of one group (the same rules of play
    # hold for both: following, trumping), and no card in play lies between them, so each
    # compares alike with every other card (a trump beats every card of a plain suit either
    # way).  So the two lines differ only in which trick each card's points go to: the trick
    # now (side S) and the later trick where the other card falls (side T).  Which sides win a
    # trick is the same in both, so the no-trick rule gives both 0 or 114 alike, or else side
    # B's points differ by the cards' points difference d if S and T differ, and not at all if
    # they are the same side; the minimax values of the two mirror trees differ by at most d
    # (quasi-equivalence, tolerance d).  Where the trick now surely goes to a side (sure_side,
    # the same for both cards), the card with more points gives that side at least as much
    # (dominance).
    cdef int j
    for j in range(i):
        if runs[j] == runs[i]:
            return sides_run_decided(g, on_p_side(g, P, seat), moves, runs, known, i, bound,
                                     sure_side(g, s, P, seat, moves[i]))
    return 0


# -- move order --------------------------------------------------------------------------------

cdef inline int ruff_score(const Game* g, const State* s, int P, int seat, int su) noexcept nogil:
    # A plain suit led by `seat`: bad where an opponent is void in it and holds a trump (it
    # ruffs), good where the partner is (it ruffs for the side).
    cdef int k, other
    cdef int sc = 0
    cdef u64 tr = g.suit_mask[g.trump_suit]
    for k in range(1, g.n):
        other = seat_at(g, seat, k)
        if (s.hand[other] & g.suit_mask[su]) == 0 and (s.hand[other] & tr):
            if on_p_side(g, P, other) == on_p_side(g, P, seat):
                sc += RUFF_PARTNER
            else:
                sc -= RUFF_OPPONENT
    return sc

cdef inline int order_score(const Ctx* c, const State* s, int seat, int card) noexcept nogil:
    # Higher is searched first.  Both sides want points: cash a card that holds the trick,
    # give points to a trick the partner holds, win the opponents' trick with the least card
    # that holds it, else lose cheaply; the Fool last (it keeps its points whatever the
    # trick, so it is seldom the card that decides a node).  A plain lead that does not hold:
    # short suits first, to the partner's top card (PARTNER_TOP), one the partner can ruff,
    # not one an opponent can ruff (ruff_score).  A card that beats the trick so far but that
    # an opponent still to play may beat is ranked with the losing cards (NOT_HOLDING), not
    # above them.  Scores are compared only between the legal cards of one node.  The
    # weights were tuned by coordinate descent on the nodes of every card of the leader of
    # seeded deals after 3 and 4 random tricks, then checked on other deals (docs/speed.md,
    # 2026-11-28, thirty-fourth session).
    cdef const Game* g = &c.g
    cdef int P = c.P
    cdef int su = g.suit_of[card]
    cdef int rank = card - lowest_bit(g.suit_mask[su])
    cdef int pts = g.points[card]
    cdef bint ours
    if card == g.fool:
        return FOOL_LAST
    if s.count == 0 or s.led_suit < 0:
        # Leading (or the first card after a Fool led): a card no opponent can beat, cashed.
        if holds_after(g, s, P, card, seat, su, s.count + 1):
            return 200 + 10 * pts + rank
        if su == g.trump_suit:
            return 20 - rank
        return -rank - LEAD_LENGTH * popcount64(s.hand[seat] & g.suit_mask[su]) + \
            ruff_score(g, s, P, seat, su) + \
            (PARTNER_TOP if partner_holds_top(g, s, seat, s.out & g.suit_mask[su] & ~s.hand[seat]) else 0)
    ours = on_p_side(g, P, s.win_seat) == on_p_side(g, P, seat)
    if ours and holds_after(g, s, P, s.win_card, s.win_seat, s.led_suit, s.count + 1):
        return 100 + 20 * pts - rank              # the partner's trick: give it points
    if beats(g, card, s.win_card, s.led_suit):
        if holds_after(g, s, P, card, seat, s.led_suit, s.count + 1):
            return 80 + 10 * pts - rank - (30 if su == g.trump_suit and not ours else 0)
        return NOT_HOLDING - rank
    return -20 * pts - rank                       # lose it cheaply


# -- parameters --------------------------------------------------------------------------------

cdef inline int set_scoring(Ctx* c, dict scoring) except -1:
    # Tarocchi's parameters, from ciapano.engine: {"trump_suit": the trumps' suit group,
    # "fool": the Fool's card, "dealer": the dealing seat, "discard_points": its two discards'
    # points}.  Raises ValueError for what the core cannot hold.
    cdef Game* g = &c.g
    cdef int p, card
    g.trump_suit = scoring["trump_suit"]
    g.fool = scoring["fool"]
    g.dealer = scoring["dealer"]
    g.discard_points = scoring["discard_points"]
    if g.n != 4:
        raise ValueError(f"players: {g.n}; Piedicavallo tarocchi is played by 4")
    if not 0 <= g.trump_suit < g.n_suits or not 0 <= g.fool < 64 or g.suit_mask[g.suit_of[g.fool]] != bit(g.fool):
        raise ValueError(f"trump_suit, fool: {g.trump_suit}, {g.fool} are not the deck's trumps and "
                         "a Fool in a group of its own")
    if not 0 <= g.dealer < g.n:
        raise ValueError(f"dealer: {g.dealer} is not a seat of {g.n}")
    if not 0 <= g.discard_points <= 15:
        raise ValueError(f"discard_points: {g.discard_points} do not fit the score key (0 to 15)")
    for p in range(8):
        g.value_mask[p] = 0
    for card in range(64):
        if g.points[card] > 7:
            raise ValueError(f"points: a card of {g.points[card]} points (at most 7 here)")
        g.value_mask[g.points[card]] |= bit(card)
    if g.deck_points >= TRICK_BONUS:
        raise ValueError(f"points: {g.deck_points} in the deck do not fit below the trick count")
    g.max_value = g.deck_points
    return 0
