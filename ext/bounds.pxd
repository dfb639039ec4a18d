# Cheap bounds on the perspective seat's penalty, from the points taken so far (RULES.md §1):
# cut-offs the search never has to earn.  Valid at any node.
from structs cimport Game, State, CAPPOTTO_OFF

cdef inline void cheap_bounds(const Game* g, const State* s, int P, int* lower, int* upper) noexcept nogil:
    cdef int i, total = 0, others_floor = 0
    cdef bint other_cappotto = False
    cdef int still = s.out_points + s.trick_points + g.discard_points
    for i in range(g.n):
        total += s.taken[i]
    for i in range(g.n):
        if i != P:
            others_floor += s.taken[i] // g.unit
            if s.taken[i] == total:
                other_cappotto = True
    if g.cappotto == CAPPOTTO_OFF:
        other_cappotto = False
    # Lower: P's own floor only grows; winning the last trick costs at least as much
    # (11 - others' floors >= ceil((1 + t_P) / 3)); only P's own cappotto scores 0.
    if g.cappotto != CAPPOTTO_OFF and s.taken[P] == total:
        lower[0] = 0
    else:
        lower[0] = s.taken[P] // g.unit
    # Upper: another seat's cappotto costs 11; otherwise P scores at most its floor with every
    # remaining point, or 11 minus the others' present floors if it wins the last trick.
    if other_cappotto:
        upper[0] = g.hand_points
    else:
        upper[0] = (s.taken[P] + still) // g.unit
        if g.hand_points - others_floor > upper[0]:
            upper[0] = g.hand_points - others_floor
