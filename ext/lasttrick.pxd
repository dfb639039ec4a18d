# The last-trick game: can the perspective seat P keep from winning the last trick, whatever
# the others do?
#
# When P does not win the last trick, it scores the floor of its own thirds (RULES.md §1,
# "Hand score"), so its penalty is at most floor((its thirds + every third still held) / 3),
# provided no other seat can still take every point (cappotto).  The main search's weakest
# bound is the other case: P might take the last trick, scoring 11 minus the others' floors,
# which is large while the others hold few whole points.  Proving that P can avoid the last
# trick turns the first bound into a cut-off in just the positions where it matters: the
# target is well above P's floor and P has taken few points so far.
#
# Like the null game (nullgame.pxd), this is a yes/no game without points: its entries, in the
# same table and told apart by a tag in key2, are keyed on who holds which cards in relative
# ranks, who leads and who P is, so one entry serves every split of the points taken so far;
# and cards of one hand with no card in play between them are equivalent whatever their points.
from structs cimport u64, Game, State, Ctx, TTEntry, MAX_MOVES, KEY_WORDS, USE_TT
from bitops cimport popcount64
from gamerules cimport play_card, play_last_trick_winner
from bounds cimport can_duck_everything
from nullgame cimport null_key, points_free_moves, NULL_UNKNOWN
from limits cimport limits_reached, CHECK_EVERY
from ttable cimport tt_probe, tt_store

cdef enum:
    LAST_TAG = 5                # key2 bits 63..61 of the last-trick game's table entries

cdef inline int last_search(Ctx* c, const State* s, u64* budget) noexcept nogil:
    # 1 if P can keep from winning the last trick from s, 0 if the others can make it win it,
    # NULL_UNKNOWN if the budget of nodes ran out (or a limit stopped the search) first.
    cdef const Game* g = &c.g
    cdef int P = c.P
    cdef int r, i, nm, seat
    cdef bint unknown = False
    cdef u64 key[KEY_WORDS]
    cdef u64 k2 = 0
    cdef TTEntry* e
    cdef int moves[MAX_MOVES]
    cdef State child
    c.nodes += 1
    if c.nodes % CHECK_EVERY == 0 and limits_reached(c.limits):
        c.aborted = True
    if c.aborted or budget[0] == 0:
        return NULL_UNKNOWN
    budget[0] -= 1
    if s.count == 0:
        if popcount64(s.out) == g.n:
            return play_last_trick_winner(g, s) != P
        if can_duck_everything(g, s, P):
            return 1
        if c.options & USE_TT:
            null_key(c, s, key)
            k2 = ((<u64>LAST_TAG) << 61) | <u64>s.leader | (<u64>P << 3)
            e = tt_probe(&c.tt, key, k2)
            if e != NULL:
                return e.lower
    seat = (s.leader + s.count) % g.n
    nm = points_free_moves(c, s, seat, False, moves)
    if seat == P:
        r = 0
        for i in range(nm):
            child = s[0]
            play_card(g, &child, moves[i])
            r = last_search(c, &child, budget)
            if r == 1:
                break
            if r == NULL_UNKNOWN:
                unknown = True
        if r != 1:
            r = NULL_UNKNOWN if unknown else 0
    else:
        r = 1
        for i in range(nm):
            child = s[0]
            play_card(g, &child, moves[i])
            r = last_search(c, &child, budget)
            if r == 0:
                break
            if r == NULL_UNKNOWN:
                unknown = True
        if r != 0:
            r = NULL_UNKNOWN if unknown else 1
    if s.count == 0 and r != NULL_UNKNOWN and (c.options & USE_TT) and not c.aborted:
        tt_store(&c.tt, key, k2, r, r, -1, 0)
    return r
