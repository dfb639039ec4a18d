# Quasi-equivalent and dominated cards (USE_QUASI): two cards of one hand and suit with no card
# in play between them but unequal points; the mechanism is the core's (ext/core/runs.pxd).  The proofs below rest on Ciapanò's scoring (floors
# of thirds, the last trick's remainder, cappotto: docs/rules.md#ciapano-hand-score), so only
# Ciapanò's game.pxd sets GAME_QUASI; in Busca moving a few points between two seats can change
# who has the most, and a penalty by any amount (ext/busca/game.pxd).
from structs cimport u64, Game, State
from tricks cimport p_takes_trick
from runs cimport run_decided

cdef inline int run_known(const Game* g, const State* s, int P, int seat, const int* moves,
                          const int* runs, int* known, int i, int bound, bint any_points) noexcept nogil:
    # Whether a card of the run of moves[i] already searched decides it (known[i] set to the
    # bound it gives): 2 by dominance, where P surely wins the trick with either card
    # (movegen.p_takes_trick); 1 by quasi-equivalence; 0 if neither.
    #
    # Quasi-equivalence (after Kupferschmid and Helmert's quasi-symmetry for Skat): two cards
    # of one hand and suit with no card in play between them but unequal points lead to mirror
    # lines with the same trick winners, the points of the two cards swapped.  That moves at
    # most 3 thirds from one seat to another, which changes any seat's penalty by at most 1
    # (floors of thirds; the others' floors for the last trick's winner) unless it makes or
    # breaks a cappotto.  It cannot when both cards carry points: if one seat wins both tricks
    # the swap changes nothing, and if two seats win them both hold points in either line, so
    # nobody takes every point.  So a card's value is within 1 of any searched card of its run
    # once two seats hold points (any_points), and before that if both cards carry points.
    # That second case (an ace next to a 2 or a king), against none while a cappotto is open:
    # same values, nodes -0.8% and -1.0% (3 players, 8 and 9 deals), -0.5% (4 players, 8), -2.2%
    # (5 players, 6).  For a maximising seat: if a searched card of the run has a value
    # <= bound - 1, this one is <= bound, which cannot raise the node above alpha = bound;
    # known[i] is set to that bound.  For P: >= bound + 1 gives >= bound = beta.  Fail-soft
    # values only: a value at or below alpha is an upper bound, at or above beta a lower bound.
    #
    # Dominance: in the mirror lines, P takes the card played now and the other card goes
    # later to the winner W of another trick.  If W is P the totals are the same; if not, the
    # card with more points moves thirds from W to P, which never lowers P's score (its floor
    # grows; as the last trick's winner, W's floor shrinks), under the same condition on
    # cappotto.  So for another seat the card with fewer points is worth at most the one with
    # more: once that one is known <= alpha = bound, so is this one.  For P the card with more
    # points is worth at least the one with fewer: once that is >= beta = bound, so is this
    # one.  gen_moves tries the dominant card of a run first.  Every card of seeded deals, the
    # same values (and 180 positions of 3 to 5 seats after 3-7 tricks, every card and seat):
    # nodes 3 players -4.0% and -9.9% (8 and 9 deals), 4 players -6.9% (8), 5 players -0.9% (6);
    # without the order in gen_moves 3 players -1.5% (the first 8 deals).
    return run_decided(g, s, P, seat, moves, runs, known, i, bound, 1, any_points)
