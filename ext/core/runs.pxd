# Deciding a card from another card of its run already searched (USE_QUASI): the mechanism
# shared by Ciapanò's quasi-equivalent and dominated cards (ext/ciapano/quasi.pxd, whose
# proofs rest on its floors of thirds and cappotto) and Busca's points game
# (ext/busca/game_search.pxd, whose score is P's points alone), and in the games of two sides
# (sides_run_decided: Calabrasella, Piedicavallo tarocchi).  A run: the cards of one hand
# and suit with no card in play between them, whatever their points (movegen.gen_moves).  Each
# game says, beside its call, why its tolerance and its dominance hold for its scoring.
from structs cimport Game, State
from tricks cimport p_takes_trick

cdef inline int run_decided(const Game* g, const State* s, int P, int seat, const int* moves,
                            const int* runs, int* known, int i, int bound, int tolerance,
                            bint any_points) noexcept nogil:
    # Whether a card of the run of moves[i] searched before (its fail-soft value in known[j])
    # decides moves[i] against `bound` (alpha where another seat, maximising, moves; beta where
    # P, minimising, does): 2 by dominance, 1 by quasi-equivalence, 0 if neither; known[i] is
    # then set to the bound it gives.
    # - Quasi-equivalence: moves[i]'s value is within `tolerance` of the other card's (a
    #   negative tolerance: the difference of the two cards' points).  For another seat a
    #   searched card at or below bound - tolerance makes this one at or below bound; for P,
    #   at or above bound + tolerance, at or above bound.
    # - Dominance, where P surely wins the current trick with either card (tricks.p_takes_trick):
    #   for another seat the card with fewer points is worth at most the one with more, for P
    #   the card with more points at least the one with fewer.
    # Only pairs of cards that both carry points count unless any_points (Ciapanò's cappotto).
    cdef int j, pj, tol
    cdef int pi = g.points[moves[i]]
    cdef int takes = -1
    for j in range(i):
        if runs[j] != runs[i]:
            continue
        pj = g.points[moves[j]]
        if not (any_points or (pi > 0 and pj > 0)):
            continue
        if tolerance >= 0:
            tol = tolerance
        else:
            tol = pj - pi if pj > pi else pi - pj
        if seat != P:
            if pj > pi and known[j] <= bound:
                if takes < 0:
                    takes = p_takes_trick(g, s, P, seat, moves[i])
                if takes:
                    known[i] = known[j]
                    return 2
            if known[j] <= bound - tol:
                known[i] = known[j] + tol
                return 1
        else:
            if pj < pi and known[j] >= bound:
                if takes < 0:
                    takes = p_takes_trick(g, s, P, seat, moves[i])
                if takes:
                    known[i] = known[j]
                    return 2
            if known[j] >= bound + tol:
                known[i] = known[j] - tol
                return 1
    return 0


cdef inline int sides_run_decided(const Game* g, bint p_side, const int* moves, const int* runs,
                                  int* known, int i, int bound, int side) noexcept nogil:
    # The same for a game of two sides scored in points (Calabrasella, Piedicavallo tarocchi),
    # where the value is the points of the side without P, which P's side minimises: whether
    # a card of the run of moves[i] searched before decides moves[i] against `bound` (beta
    # where P's side moves, p_side; alpha where the other side does), 2 by dominance, 1 by
    # quasi-equivalence, 0 if neither; known[i] is then set to the bound it gives.  `side` is
    # the side that surely wins the current trick with moves[i] (or with the other card: no
    # card lies between them): 1 P's, 0 the other, -1 not sure.  Every pair of a run counts,
    # whatever its points (no cappotto).  The game's run_known says why, for its rules:
    # - quasi-equivalence: the two cards' values are within their points' difference;
    # - dominance: where the trick now surely goes to a side, the card with more points into
    #   it is worth at least the other for that side (for the side without P, the card with
    #   more points into its trick, or with fewer into P's side's, is worth at least the
    #   other; for P's side the same, turned).
    # Fail-soft values only: a value at or below alpha is an upper bound, at or above beta a
    # lower bound.
    cdef int j, pj, tol
    cdef int pi = g.points[moves[i]]
    for j in range(i):
        if runs[j] != runs[i]:
            continue
        pj = g.points[moves[j]]
        tol = pj - pi if pj > pi else pi - pj
        if not p_side:
            if known[j] <= bound and side >= 0 and (side == 0) == (pj > pi):
                known[i] = known[j]
                return 2
            if known[j] <= bound - tol:
                known[i] = known[j] + tol
                return 1
        else:
            if known[j] >= bound and side >= 0 and (side == 1) == (pj > pi):
                known[i] = known[j]
                return 2
            if known[j] >= bound + tol:
                known[i] = known[j] - tol
                return 1
    return 0
