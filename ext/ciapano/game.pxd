# Ciapanò as the search core sees it: the hooks that the shared skeleton (ext/core: search.pxd,
# movegen.pxd, driver.pxi) cimports from `game`, and the techniques proved for Ciapanò's rules.
# Compiled into ciapano._engine_ciapano (setup.py puts this directory first on the include path).
#
# Rules (docs/rules.md#ciapano): no trumps, follow suit (ext/core/tricks.pxd); points in thirds;
# floors, the last trick's remainder up to 11 and cappotto (scoring.pxd).  The techniques and
# where each is proved:
# - rank equivalence and relative-rank table keys (ext/core/movegen.pxd, ttable.pxd): the score
#   depends only on the points each seat takes and who takes the last trick;
# - kin entries and their residue shifts (scoring.score_key, residue_shifts): moving a third
#   from another seat to P never lowers P's score;
# - the cheap bounds and the mid-trick bound (bounds.pxd): from the floors and cappotto;
# - the games without points as bounds (nullgame.pxd, GAME_SUBGAMES): P's score once it
#   takes nothing more, or at most k more tricks, or not the last;
# - quasi-equivalent and dominated cards (quasi.pxd, GAME_QUASI): a swap of two cards' points
#   changes any seat's penalty by at most 1 unless it makes or breaks a cappotto.
from structs cimport u64, Ctx, Game, State
from tricks cimport (seat_at, places_after, to_move, follow_suit as legal_cards, apply_card, play_card,
                     play_child, play_forced_trick, play_last_trick_winner)
from scoring cimport whole_points, hand_score, score_key, residue_shifts, set_units
from bounds cimport cheap_bounds, mid_trick_bound, nobody_takes_all
from ordering cimport order_score
# No table key of its own (ext/core/nohooks.pxd).
from nohooks cimport own_key, on_p_side, memory_tricks
# The games without points' table key (nullgame.pxd): who holds the cards still held, in
# relative ranks where the deal's relative keys are on (ttable.owner_key).
from ttable cimport owner_key as null_key
from quasi cimport run_known, p_takes_trick

cdef enum:
    GAME_QUASI = 1              # quasi-equivalent and dominated cards (quasi.pxd)
    GAME_MEMORY_TRICKS = 5      # the move memory above this many tricks' cards (driver.pxi)
    GAME_P_WANTS_POINTS = 0     # P avoids points: gen_moves' dominant card (movegen.pxd)
    GAME_SUBGAMES = 1           # the games without points as bounds (nullgame.pxd)
    GAME_BOUNDS_AFTER_TABLE = 0 # the cheap bounds before the table's probe (search.pxd)

cdef inline u64 points_key(const Game* g, const State* s, int P) noexcept nogil:
    # Nothing of the points taken goes into the table's main key: score_key puts the residues
    # and the cappotto holder in key2 (an offset carries P's whole points).
    return 0

cdef inline int set_scoring(Ctx* c, dict scoring) except -1:
    # Ciapanò's parameters, from ciapano.engine (scoring.set_units).  Raises ValueError for
    # what the core cannot hold.
    set_units(c, scoring)
    return 0
