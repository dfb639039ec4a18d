# The rules the search needs: playing a card (follow suit, trick winner) and scoring a finished
# hand (RULES.md §1: floors of thirds, the last trick's remainder up to 11, cappotto).
from structs cimport u64, Game, State, MAX_SEATS, CAPPOTTO_OFF, CAPPOTTO_CARDS
from bitops cimport bit, lowest_bit

cdef inline int whole_points(const Game* g, int units) noexcept nogil:
    # units // g.unit, by table: the search takes a dozen floors at every trick start, and a
    # division by a number known only at run time costs tens of cycles.  0 <= units < MAX_UNITS
    # (the deck's units are checked in _core.Search).
    return g.floor_of[units]

cdef inline int residue(const Game* g, int units) noexcept nogil:
    # units % g.unit, by table.
    return g.residue_of[units]

cdef inline int seat_at(const Game* g, int leader, int k) noexcept nogil:
    # The seat k places after `leader` in order of play (0 <= k < n): (leader + k) % n without
    # a division, which cost 2-3% of a search's time here (every card played needs it).
    cdef int seat = leader + k
    return seat - g.n if seat >= g.n else seat

cdef inline int places_after(const Game* g, int leader, int seat) noexcept nogil:
    # How many places `seat` plays after `leader` in a trick: (seat - leader) % n.
    cdef int k = seat - leader
    return k + g.n if k < 0 else k

cdef inline int to_move(const Game* g, const State* s) noexcept nogil:
    return seat_at(g, s.leader, s.count)

cdef inline u64 legal_cards(const Game* g, const State* s, int seat) noexcept nogil:
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
        t.taken[win_seat] = s.taken[win_seat] + s.trick_points + pts
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
    # t = s after the seat to move (`seat`) plays `card`.  The changed fields are computed
    # from s, not read back from the copy just written: a load from a struct copied a moment
    # before stalls on store forwarding, and the search makes a child per card (paired runs
    # of full deals: -2 to -6% against play_card on a copy).
    t[0] = s[0]
    apply_card(g, s, t, seat, card)

cdef inline int hand_score(const Game* g, const State* s, int P) noexcept nogil:
    # Penalty of seat P at the end of the hand; s.leader won the last trick.
    cdef int L = s.leader
    cdef int t[MAX_SEATS]
    cdef int i, others = 0
    for i in range(MAX_SEATS):
        t[i] = s.taken[i]               # seats beyond n hold 0
    t[L] += g.discard_points
    if g.cappotto != CAPPOTTO_OFF:
        for i in range(g.n):
            if t[i] == g.deck_points and (g.cappotto == CAPPOTTO_CARDS or i == L):
                return 0 if i == P else g.hand_points
    if P != L:
        return whole_points(g, t[P])
    for i in range(g.n):
        if i != L:
            others += whole_points(g, t[i])
    return g.hand_points - others

cdef inline void play_forced_trick(const Game* g, State* t) noexcept nogil:
    # Every seat holds one card at the start of a trick: the play is forced.
    cdef int i
    for i in range(g.n):
        play_card(g, t, lowest_bit(t.hand[seat_at(g, t.leader, t.count)]))

cdef inline int play_last_trick(const Game* g, const State* s, int P) noexcept nogil:
    # P's score after the last trick, whose play is forced.
    cdef State t = s[0]
    play_forced_trick(g, &t)
    return hand_score(g, &t, P)

cdef inline int play_last_trick_winner(const Game* g, const State* s) noexcept nogil:
    # The seat that wins the last trick, whose play is forced.
    cdef State t = s[0]
    play_forced_trick(g, &t)
    return t.leader

cdef inline u64 score_key(const Game* g, const State* s, int P, int* offset) noexcept nogil:
    # The part of the points taken (at the start of a trick) that the rest of the hand depends
    # on, for the transposition table, and an offset: the value is offset + f(cards, leader, key).
    #
    # Why this is exact (RULES.md §1): let t_s be the units taken, r_s = t_s mod 3, and q the
    # perspective seat P's floor t_P // 3.  Without cappotto P scores floor((t_P + x_P) / 3) =
    # q + floor((r_P + x_P) / 3) if it does not win the last trick, and 11 - the others' floors
    # = q + 11 - (32 - r_P - x_P - d - sum of the others' r_s) / 3 if it does (x = units still
    # to come, d = the discard), since the others' units add up to 32 - t_P - x_P - d.  So P's
    # score is q plus something that depends on the residues only.  Cappotto depends on who, if
    # anyone, holds every unit taken so far; and in that case t_P itself is 0 or the total
    # taken, which the cards still held determine.  The key: the holder of all units
    # (n = nobody has any yet, n + 1 = shared or cappotto off) and every seat's residue.
    cdef int i, total = 0, holder
    cdef u64 k
    for i in range(g.n):
        total += s.taken[i]
    holder = g.n + 1
    if g.cappotto != CAPPOTTO_OFF:
        if total == 0:
            holder = g.n
        else:
            for i in range(g.n):
                if s.taken[i] == total:
                    holder = i
    k = <u64>holder
    for i in range(g.n):
        k |= (<u64>residue(g, s.taken[i])) << (3 + 2 * i)
    offset[0] = whole_points(g, s.taken[P])
    return k

cdef inline bint residue_shifts(const Game* g, u64 sk, u64 sk_kin, int P, int taken_P,
                                int* up, int* down) noexcept nogil:
    # Bounds from a position of the same layout with other residues (score_key sk_kin), for
    # the transposition table.  Moving a third from another seat to P never lowers P's score,
    # whatever the play: its own floor can only grow, and if it wins the last trick the
    # other seat's floor can only shrink (RULES.md §1; no seat can take every point, which
    # the holder n + 1 of both keys ensures).  So the value is monotone along such moves, and
    # value = P's floor + f(residues) (score_key).  From our residues r to the kin's r', the
    # least move of thirds to P is a = sum over the others of (r_o - r'_o) mod 3; then
    # value(here) <= value(kin) = our floor + (r_P + a) // 3 + kin's relative upper bound: up
    # is that shift.  The other way, a' = sum of (r'_o - r_o) mod 3 and value(here) >=
    # our floor + floor((r_P - a') / 3) + kin's relative lower bound: down is that shift.
    # Returns False when the keys allow neither (another holder: then every position of the
    # layout has the same residues anyway, all thirds being with one seat or none).
    cdef int i, a = 0, b = 0, r, rk
    if (sk & 7) != <u64>(g.n + 1) or (sk_kin & 7) != <u64>(g.n + 1):
        return False
    for i in range(g.n):
        if i == P:
            continue
        r = <int>((sk >> (3 + 2 * i)) & 3)
        rk = <int>((sk_kin >> (3 + 2 * i)) & 3)
        a += (r - rk + 3) % 3
        b += (rk - r + 3) % 3
    r = residue(g, taken_P)
    up[0] = (r + a) // 3
    down[0] = -((b - r + 2) // 3)
    return True
