# Ciapanò's scoring as the search sees it (docs/rules.md#ciapano-hand-score): floors of thirds,
# the last trick's remainder up to 11, cappotto; and the part of the points taken that the rest
# of the hand depends on (score_key), with the bounds it gives between kin positions.
from structs cimport u64, Ctx, Game, State, MAX_SEATS, MAX_UNITS, CAPPOTTO_OFF, CAPPOTTO_CARDS

cdef enum:
    CAPPOTTO_CODES = 3          # scoring["cappotto"]: 0 off, 1 cards, 2 all (structs.pxd)

cdef inline int set_units(Ctx* c, dict scoring) except -1:
    # The scoring parameters of Ciapanò (and Kifameno, which scores as it does), from
    # ciapano.engine: {"unit": 3, "hand_points": 11, "cappotto": 0 | 1 | 2, "discard_points":
    # units of the 3-player discard}.  Raises ValueError for what the core cannot hold.
    cdef Game* g = &c.g
    cdef int i
    cdef int unit = scoring["unit"]
    if unit <= 0 or not 0 <= g.deck_points < MAX_UNITS:
        raise ValueError(f"points: {g.deck_points} units in the deck do not fit the core "
                         f"(at most {MAX_UNITS - 1}; unit {unit} > 0)")
    if not 0 <= scoring["cappotto"] < CAPPOTTO_CODES:
        raise ValueError(f"cappotto: {scoring['cappotto']!r} is not 0, 1 or 2")
    g.unit = unit
    for i in range(MAX_UNITS):
        g.floor_of[i] = i // unit
        g.residue_of[i] = i % unit
    g.hand_points = scoring["hand_points"]
    g.max_value = g.hand_points
    g.cappotto = scoring["cappotto"]
    g.discard_points = scoring["discard_points"]
    return 0

cdef inline int whole_points(const Game* g, int units) noexcept nogil:
    # units // g.unit, by table: the search takes a dozen floors at every trick start, and a
    # division by a number known only at run time costs tens of cycles.  0 <= units < MAX_UNITS
    # (the deck's units are checked in set_scoring, game.pxd).
    return g.floor_of[units]

cdef inline int residue(const Game* g, int units) noexcept nogil:
    # units % g.unit, by table.
    return g.residue_of[units]

cdef inline int final_score(const Game* g, const int* t, int L, int P) noexcept nogil:
    # Penalty of seat P at the end of a hand where seat i took t[i] units (the discard with
    # L's) and L won the last trick.
    cdef int i, others = 0
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

cdef inline int hand_score(const Game* g, const State* s, int P) noexcept nogil:
    # Penalty of seat P at the end of the hand; s.leader won the last trick.
    cdef int t[MAX_SEATS]
    cdef int i
    for i in range(MAX_SEATS):
        t[i] = s.taken[i]               # seats beyond n hold 0
    t[s.leader] += g.discard_points
    return final_score(g, t, s.leader, P)

cdef inline int score_if_p_takes_rest(const Game* g, const State* s, int P) noexcept nogil:
    # P's penalty if P wins every trick left: every unit still held or on the table and the
    # discard go to P, and so does the last trick.
    cdef int t[MAX_SEATS]
    cdef int i
    for i in range(MAX_SEATS):
        t[i] = s.taken[i]
    t[P] += s.out_points + s.trick_points + g.discard_points
    return final_score(g, t, P, P)

cdef inline u64 score_key(const Game* g, const State* s, int P, int* offset) noexcept nogil:
    # The part of the points taken (at the start of a trick) that the rest of the hand depends
    # on, for the transposition table, and an offset: the value is offset + f(cards, leader, key).
    #
    # Why this is exact (docs/rules.md#ciapano-hand-score): let t_s be the units taken, r_s = t_s mod 3, and q the
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
    # other seat's floor can only shrink (docs/rules.md#ciapano-hand-score; no seat can take every point, which
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
