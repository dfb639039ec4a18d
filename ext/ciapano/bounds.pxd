# Cheap bounds on the perspective seat's penalty, from the points taken so far and the cards
# held (docs/rules.md#ciapano-hand-score): cut-offs the search never has to earn.  They rest on
# Ciapanò's scoring (floors of thirds, the last trick's remainder, cappotto) and hold for it
# alone (and for Kifameno, which scores as Ciapanò: with may_duck False while its stock lasts,
# ext/kifameno/game.pxd); another game gives its own cheap_bounds in its game.pxd.
from structs cimport u64, Game, State, CAPPOTTO_OFF
from bitops cimport bit, lowest_bit, highest_bit
from tricks cimport (seat_at, follow_suit, has_played, ducks_every_lead, ducks_every_lead_of,
                    can_duck_everything, others_duck_everything)
from scoring cimport whole_points, score_if_p_takes_rest

cdef inline bint other_may_take_all(const Game* g, const State* s, int P) noexcept nogil:
    # Whether a seat other than P may still take every point (cappotto): it holds every point
    # taken so far (or nobody has any yet).
    cdef int i, total = 0
    if g.cappotto == CAPPOTTO_OFF:
        return False
    for i in range(g.n):
        total += s.taken[i]
    for i in range(g.n):
        if i != P and s.taken[i] == total:
            return True
    return False

cdef inline bint may_take_all(const Game* g, const State* s, int seat) noexcept nogil:
    # Whether `seat` may still take every point (cappotto): it holds every point taken so far
    # (or nobody has any yet).
    cdef int i, total = 0
    if g.cappotto == CAPPOTTO_OFF:
        return False
    for i in range(g.n):
        total += s.taken[i]
    return s.taken[seat] == total

cdef inline void cheap_bounds(const Game* g, const State* s, int P, int* lower, int* upper) noexcept nogil:
    cheap_bounds_with(g, s, P, lower, upper, True)

cdef inline void cheap_bounds_with(const Game* g, const State* s, int P, int* lower, int* upper,
                                   bint may_duck) noexcept nogil:
    # The bounds below; the one from P ducking every trick left only where may_duck (hands that
    # only shrink: every position of Ciapanò, Kifameno's once its stock is drawn).
    cdef int i, others_floor = 0, takes_rest
    cdef int still = s.out_points + s.trick_points + g.discard_points
    for i in range(g.n):
        if i != P:
            others_floor += whole_points(g, s.taken[i])
    # Lower: P's own floor only grows; winning the last trick costs at least as much
    # (11 - others' floors >= ceil((1 + t_P) / 3)); only P's own cappotto scores 0.
    if may_take_all(g, s, P):
        lower[0] = 0
    else:
        lower[0] = whole_points(g, s.taken[P])
    # Lower, where the hands only shrink: if every other seat can lose every trick left
    # (tricks.others_duck_everything), the others can make P win them all and take every
    # point left and the last trick; in a 2-player hand that is P's most, so the bound is
    # exact.  Asked with 2 players only, where it pays: every card of seeded deals,
    # profile-guided builds side by side (docs/speed.md, 2026-11-28, thirtieth session):
    # Kifameno 2 players, seeds 2 and 17, 104.9 M -> 78.9 M nodes, time 0.72; with 3 or more
    # players it seldom holds (Kifameno 3 players, seeds 1 4 5 8, -0.6% nodes; Ciapanò 3, 4
    # and 5 players -1.1%, -0.01%, 0) and its tests cost time (1.05; 1.02, 1.10, 1.07).
    if may_duck and g.n == 2:
        takes_rest = score_if_p_takes_rest(g, s, P)
        if takes_rest > lower[0] and others_duck_everything(g, s, P):
            lower[0] = takes_rest
    # Upper: another seat's cappotto costs 11; otherwise P scores at most its floor with every
    # remaining point, or 11 minus the others' present floors if it wins the last trick.
    if other_may_take_all(g, s, P):
        upper[0] = g.hand_points
        return
    upper[0] = whole_points(g, s.taken[P] + still)
    if may_duck and can_duck_everything(g, s, P):
        # P takes nothing more and not the last trick: its floor now is its score.
        upper[0] = whole_points(g, s.taken[P])
    elif g.hand_points - others_floor > upper[0]:
        upper[0] = g.hand_points - others_floor

cdef inline bint nobody_takes_all(const Game* g, const State* s) noexcept nogil:
    # Whether no seat can take every point any more: cappotto is off, or two seats hold points.
    cdef int i, holders = 0
    if g.cappotto == CAPPOTTO_OFF:
        return True
    for i in range(g.n):
        if s.taken[i] > 0:
            holders += 1
    return holders >= 2

cdef inline bint others_cannot_take_all(const Game* g, const State* s, int P) noexcept nogil:
    # Whether no seat but P can take every point, whoever wins the current trick.
    return s.taken[P] > 0 or nobody_takes_all(g, s)

cdef inline bint can_beat(const Game* g, const State* s, int seat) noexcept nogil:
    # Whether a seat still to play to the current trick holds a card that beats the winning one.
    cdef u64 m = s.hand[seat] & g.suit_mask[s.led_suit]
    return m != 0 and highest_bit(m) > s.win_card

cdef inline bint other_ducks_after_trick(const Game* g, const State* s, int P) noexcept nogil:
    # 2 players, P has led and wins the trick (the other seat O cannot beat its card): whether
    # O has a card to play now after which it can duck every lead of P's cards left (P, having
    # won, leads the next trick: tricks.ducks_every_lead_of, against P's hand alone).
    cdef int O = 1 - P
    cdef u64 legal = follow_suit(g, s, O)
    while legal:
        if ducks_every_lead_of(g, s.hand[O] & ~bit(lowest_bit(legal)), s.hand[P]):
            return True
        legal &= legal - 1
    return False

cdef inline int mid_trick_bound(const Game* g, const State* s, int P, int alpha, int beta) noexcept nogil:
    return mid_trick_bound_with(g, s, P, alpha, beta, True)

cdef inline int mid_trick_bound_with(const Game* g, const State* s, int P, int alpha, int beta,
                                     bint may_duck) noexcept nogil:
    # The bound below; its last step (P ducks every lead of the others' cards as they hold them
    # now) only where may_duck, as for cheap_bounds_with: the other steps rest on the points.
    # In the middle of a trick that P has played to: a value at or below alpha, or at or above
    # beta, that holds however the trick ends, or -1.  It saves the search of the rest of the
    # trick where the next trick's cheap bounds would cut off every way it can end.
    #
    # P does not win the trick (another card is winning; the cards still to come cannot make
    # P's win), and no other seat can take every point: P scores at most the floor of its
    # thirds with every third still held (without the last trick), or 11 minus the others'
    # floors once the trick's points have gone to one of them (with it).  And if P can then
    # duck every lead of the others' cards, as they hold them now, it can after the trick too
    # (the others only lose cards: ducks_suit stays true), so it takes nothing more and
    # scores its floor now (or 0 by its own cappotto).
    #
    # P wins the trick (no seat still to play holds a higher card of the suit led): its floor
    # with the trick's points so far is a lower bound, unless P may take every point.
    cdef int k, seat, floor, most, gain, others_floor, t
    if not has_played(g, s, P):
        return -1
    floor = whole_points(g, s.taken[P])
    if s.win_seat != P:
        if floor > alpha or not others_cannot_take_all(g, s, P):
            return -1
        # P's most: every point still held and the discard without the last trick; with it,
        # 11 minus the others' floors, which grow by at least the least that the trick's
        # points so far add to a seat that can still win it.
        most = whole_points(g, s.taken[P] + s.out_points + g.discard_points)
        gain = g.hand_points
        others_floor = 0
        for k in range(g.n):
            seat = seat_at(g, s.leader, k)
            if seat == P:
                continue
            others_floor += whole_points(g, s.taken[seat])
            if seat == s.win_seat or (k >= s.count and can_beat(g, s, seat)):
                t = whole_points(g, s.taken[seat] + s.trick_points) - whole_points(g, s.taken[seat])
                if t < gain:
                    gain = t
        if g.hand_points - others_floor - gain > most:
            most = g.hand_points - others_floor - gain
        if most <= alpha:
            return most
        if not may_duck:
            return -1
        if not ducks_every_lead(g, s, P):
            return -1
        return floor
    for k in range(s.count, g.n):
        if can_beat(g, s, seat_at(g, s.leader, k)):
            return -1                   # this seat can still beat P's card
    # With 2 players, where the hands only shrink: if the other seat can play a card after
    # which it ducks every lead of P's (other_ducks_after_trick), P takes this trick and every
    # one after it: its penalty with every point left (cheap_bounds_with's lower bound, a
    # trick sooner).  Every card of Kifameno 2 players, seeds 2 and 17 (docs/speed.md,
    # thirtieth session): 78.9 M -> 76.6 M nodes.
    if may_duck and g.n == 2 and s.count == 1:
        t = score_if_p_takes_rest(g, s, P)
        if t >= beta and other_ducks_after_trick(g, s, P):
            return t
    floor = whole_points(g, s.taken[P] + s.trick_points)
    if floor < beta or may_take_all(g, s, P):
        return -1                       # too low, or P's cappotto (0) is still possible
    return floor
