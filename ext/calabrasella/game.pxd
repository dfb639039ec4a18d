# Calabrasella as the search core sees it: the hooks that the shared skeleton (ext/core:
# search.pxd, movegen.pxd, driver.pxi) cimports from `game`.  Compiled into
# ciapano._engine_calabrasella (setup.py puts this directory first on the include path).
#
# Rules (docs/rules.md#calabrasella): three players, the declarer against two defenders who
# share their tricks; no trumps, follow suit (ext/core/tricks.pxd); points: aces 3, 3 2 K Q J 1,
# the last trick 3; the four set-aside cards (the declarer's discards and the widow cards it did
# not take) go with the last trick (rule "last-trick", set_aside_points) or to no one ("none":
# 0 here).  A zero-sum game between two sides.
#
# The engine's perspective seat P is always the declarer (ciapano.engine passes it), and its
# value is the points the defenders end the hand with: P minimises them, the defenders (every
# other seat, as in the paranoid games) maximise them.  The declarer's points are the hand's
# total less that (ciapano.engine turns the value into the asked seat's side's points).
#
# Which of the skeleton's techniques run for Calabrasella, and why:
# - rank equivalence (movegen.pxd): sound.  The score is the points each side takes, fixed by
#   who wins each trick and what falls to it; two cards of one hand and suit with nothing
#   between them and equal points take the same tricks in any line.
# - relative-rank table keys (ttable.pxd): sound for the same reason.
# - the points taken as an offset (score_key): the points still to come do not depend on the
#   points already taken (the score adds them), so the table stores values relative to the
#   defenders' points so far, and one entry serves every split of the points taken.
# - cheap bounds (cheap_bounds below): quick tricks, proved below.  No bound inside a trick
#   (the cards on the table to the side whose card stands: 32.6 M -> 32.7 M nodes, every card
#   of 20 seeded deals).
# - the move order (order_score below): only an order, two-sided.
# - quasi-equivalent and dominated cards (run_known below): proved below, for any two cards of
#   a run (nobody_takes_all: there is no cappotto to break).
# - NOT Ciapanò's games without points, its bounds of floors or Busca's points game (not
#   proved for this scoring): GAME_SUBGAMES 0 (game_search.pxd).
from structs cimport u64, Ctx, Game, State
from bitops cimport bit, lowest_bit, highest_bit, popcount64
from tricks cimport (seat_at, places_after, to_move, follow_suit, play_card, play_child, play_forced_trick,
                     points_left, p_takes_trick)
# The hooks of techniques not used here (see above): ext/core/nohooks.pxd.
from nohooks cimport residue_shifts, own_key, mid_trick_bound, on_p_side, memory_tricks
from runs cimport sides_run_decided

cdef enum:
    GAME_QUASI = 1              # quasi-equivalent and dominated cards (run_known below)
    GAME_MEMORY_TRICKS = 2      # the move memory above this many tricks' cards (driver.pxi)
    GAME_P_WANTS_POINTS = 1     # the declarer takes points: gen_moves' dominant card (movegen.pxd)
    GAME_SUBGAMES = 0           # no sub-games as bounds (game_search.pxd)
    GAME_BOUNDS_AFTER_TABLE = 0 # the cheap bounds before the table's probe (search.pxd)

cdef inline u64 legal_cards(const Game* g, const State* s, int seat) noexcept nogil:
    # Follow suit if able (tricks.follow_suit); no other rule.
    return follow_suit(g, s, seat)

cdef inline int defenders_taken(const Game* g, const State* s, int P) noexcept nogil:
    # The points the defenders (every seat but the declarer P) have won so far.
    cdef int i, t = 0
    for i in range(g.n):
        if i != P:
            t += s.taken[i]
    return t

cdef inline int hand_score(const Game* g, const State* s, int P) noexcept nogil:
    # The defenders' points at the end of the hand; s.leader won the last trick, which brings
    # its side the last trick's 3 and the set-aside cards' points (0 under the rule "none").
    cdef int t = defenders_taken(g, s, P)
    if s.leader != P:
        t += g.last_trick_points + g.discard_points
    return t

cdef inline int still_to_take(const Game* g, const State* s) noexcept nogil:
    # Points still to take: in the hands, on the table, the last trick's, the set-aside cards'.
    return points_left(g, s) + g.discard_points

cdef inline u64 score_key(const Game* g, const State* s, int P, int* offset) noexcept nogil:
    # The defenders' points so far as an offset: the table stores what is still to come.  The
    # set-aside cards' points in the key: one table serves every choice of the declarer's
    # exchange (ciapano.engine.ExchangeSearch), whose set-aside cards differ.
    offset[0] = defenders_taken(g, s, P)
    return <u64>g.discard_points

cdef inline u64 points_key(const Game* g, const State* s, int P) noexcept nogil:
    # Nothing of the points taken in the main key (score_key's offset carries them).
    return 0

cdef inline int least_points(const Game* g, u64 cards, int k) noexcept nogil:
    # The least points that k of `cards` can carry (all of them if there are fewer): the cards
    # without points first, then those of one point, then the high cards (set_scoring checks
    # that a card carries 0, 1 or high_points).
    cdef int z = popcount64(cards & ~g.point_cards)
    cdef int o
    if k <= z:
        return 0
    k -= z
    o = popcount64(cards & g.point_cards & ~g.high_cards)
    if k <= o:
        return k
    k -= o
    z = popcount64(cards & g.high_cards)
    return o + g.high_points * (k if k < z else z)

cdef inline int quick_tricks(const Game* g, const State* s, int P, bint* all_top) noexcept nogil:
    # What the side of the seat on lead at a trick start (s.leader) wins for sure by cashing
    # its quick tricks, and whether they are every card it holds (its side then wins every
    # trick left, the last included).
    #
    # A quick trick is a card of the leader's suit X that the other side cannot beat: above
    # every X card of the other side (for the declarer: of both defenders).  The leader cashes
    # them from the highest down and keeps the lead while it wins its own tricks: for a
    # defender, while its partner can play under each lead, ducking with its lowest X card (or
    # is void); the cards before the first lead the partner would have to win stay cashable.
    # With k cashed leads in X, each other seat puts into them at least min(k, its X cards) of
    # its X cards (it follows while it can, and an X card it discarded before went into one of
    # them too): at least the least points those can carry (least_points), and the partner
    # exactly its lowest ones.  Returns the cashed cards' points and those.
    cdef int L = s.leader
    cdef int Q = -1
    cdef u64 mine, theirs, partner, higher, m, q
    cdef int su, card, k, i, t = 0
    if L != P:
        Q = 3 - L - P                   # the partner (set_scoring: three seats)
    all_top[0] = True
    for su in range(g.n_suits):
        mine = s.hand[L] & g.suit_mask[su]
        if not mine:
            continue
        if L == P:
            theirs = s.out & ~mine & g.suit_mask[su]
            partner = 0
        else:
            theirs = s.hand[P] & g.suit_mask[su]
            partner = s.hand[Q] & g.suit_mask[su]
        if theirs:
            higher = ~((bit(highest_bit(theirs)) << 1) - 1)
            if mine & ~higher:
                all_top[0] = False
            mine &= higher
        # From the highest down, while the partner has a card under the lead or none left.
        k = 0
        q = partner
        m = mine
        while m:
            card = highest_bit(m)
            if q and lowest_bit(q) > card:
                break
            m &= ~bit(card)
            if q:
                t += g.points[lowest_bit(q)]
                q &= q - 1
            t += g.points[card]
            k += 1
        if m:
            all_top[0] = False
        if k and theirs:
            for i in range(g.n):
                if i != L and i != Q and (s.hand[i] & g.suit_mask[su]):
                    t += least_points(g, s.hand[i] & g.suit_mask[su], k)
    return t

cdef inline void cheap_bounds(const Game* g, const State* s, int P, int* lower, int* upper) noexcept nogil:
    # Bounds on the defenders' final points: at least those taken (D), at most D and every
    # point still to take (R).  At a trick start the side on lead can cash its leader's quick
    # tricks (quick_tricks): its side ends with at least their points (the declarer: the
    # defenders at most D + R - that; a defender: at least D + that).  If every card the leader
    # holds is a quick trick, its side wins every trick left, the last included: the value is
    # exact.
    cdef int D = defenders_taken(g, s, P)
    cdef int R = still_to_take(g, s)
    cdef int q
    cdef bint all_top
    lower[0] = D
    upper[0] = D + R
    if s.count != 0:
        return
    q = quick_tricks(g, s, P, &all_top)
    if s.leader == P:
        upper[0] = D if all_top else D + R - q
    else:
        lower[0] = D + R if all_top else D + q

cdef inline bint beaten_after(const Game* g, const State* s, int card, int seat, int P,
                              int first) noexcept nogil:
    # Whether a seat of the other side than `seat`'s, playing to this trick from the place
    # `first` after the leader on, holds a card of `card`'s suit above it.
    cdef u64 higher = g.suit_mask[g.suit_of[card]] & ~((bit(card) << 1) - 1)
    cdef int k, other
    for k in range(first, g.n):
        other = seat_at(g, s.leader, k)
        if (other == P) != (seat == P) and (s.hand[other] & higher):
            return True
    return False

cdef inline bint stands(const Game* g, const State* s, int card, int seat, int P) noexcept nogil:
    # Whether `card`, winning the trick for `seat`'s side (played, or to be played by `seat`
    # now), cannot be beaten by a seat of the other side still to play after it.
    cdef int first = places_after(g, s.leader, seat) + 1
    return not beaten_after(g, s, card, seat, P, first if first > s.count else s.count)

cdef inline bint nobody_takes_all(const Game* g, const State* s) noexcept nogil:
    # Every pair of cards of a run is decided by run_known (no cappotto in this game).
    return True

cdef inline int sure_side(const Game* g, const State* s, int P, int seat, int card) noexcept nogil:
    # The side that surely wins the current trick if `seat` (to move) plays `card`: 1 the
    # declarer, 0 the defenders, -1 not sure (a seat of the other side still to play holds a
    # card of the suit led above the winning card).
    cdef int wc = s.win_card, ws = s.win_seat
    if s.count == 0 or (g.suit_of[card] == s.led_suit and card > wc):
        wc = card
        ws = seat
    if beaten_after(g, s, wc, ws, P, s.count + 1):
        return -1
    return 1 if ws == P else 0

cdef inline int run_known(const Game* g, const State* s, int P, int seat, const int* moves,
                          const int* runs, int* known, int i, int bound, bint any_points) noexcept nogil:
    # Whether a card of the run of moves[i] searched before decides moves[i] (known[i] set to
    # the bound it gives): 2 by dominance, 1 by quasi-equivalence, 0 if neither
    # (runs.sides_run_decided).  A run: cards of one hand and suit with no card held or on the
    # table between them (movegen.gen_moves), whatever their points.
    #
    # Mirror lines: playing one card of a run or the other, and later the other or the one,
    # every trick has the same winner (no card can fall between them), so the two lines differ
    # only in which trick each card's points go to: the trick now (side S) and the later trick
    # where the other card falls (side T).  The defenders' points differ by the cards' points
    # difference d if S and T differ, else not at all; the minimax values of the two mirror
    # trees differ by at most d (quasi-equivalence, tolerance d).  Where the trick now surely
    # goes to a side (sure_side, the same for both cards: no card lies between them), the card
    # with more points gives that side at least as much: for the defenders, the card with more
    # points into their trick, or with fewer into the declarer's, is worth at least the other
    # (dominance); for the declarer the same, turned.
    cdef int j
    for j in range(i):
        if runs[j] == runs[i]:
            return sides_run_decided(g, seat == P, moves, runs, known, i, bound,
                                     sure_side(g, s, P, seat, moves[i]))
    return 0

cdef inline int order_score(const Ctx* c, const State* s, int seat, int card) noexcept nogil:
    # Higher is searched first.  Both sides want points: cash sure tricks, give points to a
    # trick the own side wins (the declarer's partner is nobody; a defender's is the other
    # defender), win an opponent's trick with the least card that holds, and otherwise keep
    # the points.  Scores are compared only between the legal cards of one node.
    cdef const Game* g = &c.g
    cdef int P = c.P
    cdef int su = g.suit_of[card]
    cdef u64 suit = g.suit_mask[su]
    cdef int rank = card - lowest_bit(suit)
    cdef int pts = g.points[card]
    cdef u64 others, higher
    cdef bint ours
    if s.count == 0:
        others = s.out & ~s.hand[seat] & suit
        higher = others & ~((bit(card) << 1) - 1)
        if not higher:
            return 200 + 10 * pts + rank          # a quick trick: cash it
        if seat != P and (s.hand[P] & higher) == 0:
            return 120 + rank                     # only the partner can beat it: a defenders' trick
        return -20 * pts - rank - 4 * popcount64(s.hand[seat] & suit)
    ours = (s.win_seat == P) == (seat == P)
    if su == s.led_suit:
        if ours and stands(g, s, s.win_card, s.win_seat, P):
            return 100 + 20 * pts - rank          # the side's trick: give it points
        if card > s.win_card and not ours:
            if stands(g, s, card, seat, P):
                return 80 + 10 * pts - rank       # win it with the least card that holds
            return 20 - rank
        return -20 * pts - rank                   # lose it cheaply
    # Void in the suit led: a discard.
    if ours and stands(g, s, s.win_card, s.win_seat, P):
        return 100 + 20 * pts + rank
    return -20 * pts - rank

cdef inline int set_scoring(Ctx* c, dict scoring) except -1:
    # Calabrasella's parameters, from ciapano.engine: {"last_trick_points": 3,
    # "set_aside_points": the set-aside cards' points under the rule "last-trick", else 0}.
    # Raises ValueError for what the core cannot hold.
    cdef Game* g = &c.g
    cdef int card
    g.last_trick_points = scoring["last_trick_points"]
    g.discard_points = scoring["set_aside_points"]
    if g.n != 3:
        raise ValueError(f"players: {g.n}; Calabrasella is played by 3")
    if not 0 <= g.discard_points <= g.deck_points:
        raise ValueError(f"set_aside_points: {g.discard_points} is not the points of cards of the deck")
    g.high_cards = 0
    g.high_points = 0
    for card in range(64):
        if g.points[card] > g.high_points:
            g.high_points = g.points[card]
    for card in range(64):
        if g.points[card] > 1:
            if g.points[card] != g.high_points:
                raise ValueError(f"points: a card of {g.points[card]} beside cards of 0, 1 and "
                                 f"{g.high_points} points do not fit least_points")
            g.high_cards |= bit(card)
    g.max_value = g.deck_points + g.last_trick_points
    if g.max_value > 120:
        raise ValueError(f"points: {g.max_value} in a hand do not fit the table's entries")
    return 0
