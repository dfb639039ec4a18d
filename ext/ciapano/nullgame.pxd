# Yes/no games without points, whose answers bound the perspective seat P's penalty:
#
# * The null game: can P lose every remaining trick, whatever the others do?  This is the
#   misère sub-game Skat calls "null": P loses it the moment it wins a trick.  When P can lose
#   every trick from here, it takes no more points and not the last trick, so (no other seat
#   being able to take every point) its score is its floor now.
# * The k-trick games (k = 1, 2, ...): can P win at most k more tricks, and not the last?  Then
#   it takes at most the points that k tricks can hold (k cards of each hand, the largest
#   ones: search.pxd, top_points) and scores the floor of its thirds with those.  After each
#   trick P wins, the game goes on with one trick fewer, the null game after the last one.
# * The last-trick game: can P keep from winning the last trick?  Then it scores the floor of
#   its own thirds (docs/rules.md#ciapano-hand-score), at most the floor of its thirds with every
#   third still held.  The main search's weakest bound is the other case, where P takes the
#   last trick and scores 11 minus the others' floors, large while they hold few whole points.
#
# Each is a cut-off for the main search whenever its bound is low enough, found without the
# points, the residues of thirds or the perspective's score that split the main search's table
# entries.  A win of one game is a win of every game after it in this list, and the bounds grow
# along it, so the search asks only the last game whose bound still cuts.  Their entries (in
# the same table, told apart by a tag in key2) are keyed on who holds which cards in relative
# ranks, who leads and who P is, so one entry serves every split of the points taken so far;
# and cards of one hand with no card in play between them are equivalent whatever their
# points.  One entry holds what is known of every game of a position: by the order above, the
# games P wins are those from some strength on (game_strength), and the entry's lower and
# upper bound that strength.  (A probe for one game answered from another's result: nodes
# -5.5% / -4.3% / -8.8%, 3 / 4 / 5 players, when each game had its own entry in a shared
# bucket.)  Against that, one entry for all: nodes -0.33% (3 players, 8 deals), -0.03% (4
# players, 8), -0.06% (5 players, 6); 5-13% fewer entries in the table (3 players seeds 1, 5,
# 12: 917K -> 802K, 827K -> 770K, 805K -> 760K), which lets it stop at a smaller size
# (ttable.start_buckets); time alone, fresh processes, 3 players, 6 deals: 0.991.
from structs cimport (u64, Game, State, Ctx, TTEntry, MAX_MOVES, USE_TT, USE_BOUNDS, USE_NULLGAME,
                      USE_LASTTRICK)
from bitops cimport bit, between, highest_bit, lowest_bit, popcount64
from tricks cimport play_last_trick_winner, must_beat, can_duck_everything
from game cimport legal_cards, play_child, to_move, order_score, null_key
from scoring cimport whole_points
from bounds cimport other_may_take_all
from movegen cimport separating_cards, memory_hash, remembered_in, remember_in, NULL_MEMORY_SLOTS
from limits cimport must_stop
from ttable cimport tt_probe, tt_store

cdef enum:
    NULL_UNKNOWN = -1           # the budget ran out, or a limit stopped the search
    NULL_GAME = 0               # the games, as the `kind` of points_free_search
    LAST_TRICK_GAME = 1
    ONE_TRICK_GAME = 2          # P may win k more tricks, not the last: kind ONE_TRICK_GAME - 1 + k
    MAX_TRICKS_GAME = 3         # ... for k up to this
    GAME_KINDS = 5              # NULL, LAST_TRICK and the k-trick games
    NULL_MEMORY_CARDS = 1       # the move memory where more tricks than this are left
    NULL_ENTRY_BONUS = 10       # a game's table entry is worth its cards still held plus this
    NULL_MIN_TRICKS = 2         # tricks left from which the games are tried by the search
    NULL_BUDGET = 4096          # nodes one search of the null game may use
    LAST_TRICK_BUDGET = 1024    # ... of the last-trick game

cdef inline int points_free_moves(const Ctx* c, const State* s, int seat, bint null,
                                  int* moves) noexcept nogil:
    # The moves of a game without points (the null game, or with null False the k-trick and
    # last-trick games): one card per class (same hand and suit, nothing between them but
    # cards gone or losing the trick: movegen.separating_cards; nodes -0.1 / -0.3 / -1.1% for
    # 3 / 4 / 5 players against every card of the trick keeping cards apart), ordered.  P
    # ducks with its highest losing card and sheds its highest cards; in the null game it
    # never plays a card that would win the trick.  The others try the usual forcing order
    # (movegen.order_score).  Returns how many.
    cdef const Game* g = &c.g
    cdef int P = c.P
    cdef int card, prev, su, sc, j, nm = 0
    cdef u64 cand = legal_cards(g, s, seat)
    cdef u64 still = separating_cards(s)
    cdef u64 m
    cdef int scores[MAX_MOVES]
    for su in range(g.n_suits):
        m = cand & g.suit_mask[su]
        prev = -1
        while m:
            card = highest_bit(m)
            m &= ~bit(card)
            if prev >= 0 and (still & between(card, prev)) == 0:
                prev = card
                continue
            prev = card
            if seat == P:
                if s.count == 0:
                    # Leading: only a card someone after P must beat loses the trick.
                    if must_beat(g, s, card, 1, g.n - 1):
                        sc = 1000 - card
                    elif null:
                        continue
                    else:
                        sc = card           # win with a high card, keep the low ones
                elif g.suit_of[card] == s.led_suit:
                    if card < s.win_card:
                        sc = 1000 + card
                    elif must_beat(g, s, card, s.count + 1, g.n - 1):
                        sc = card
                    elif null:
                        continue            # it would win the trick
                    else:
                        sc = card - 500
                else:
                    sc = 500 + card         # a discard never wins
            else:
                sc = order_score(c, s, seat, card)
            j = nm
            while j > 0 and scores[j - 1] < sc:
                scores[j] = scores[j - 1]
                moves[j] = moves[j - 1]
                j -= 1
            scores[j] = sc
            moves[j] = card
            nm += 1
    return nm

cdef inline void to_front(int* moves, int nm, int card) noexcept nogil:
    # Moves `card` to the front of moves if it is there; the others keep their order.
    cdef int i = 0
    while i < nm and moves[i] != card:
        i += 1
    if i == nm:
        return
    while i > 0:
        moves[i] = moves[i - 1]
        i -= 1
    moves[0] = card

cdef inline int k_trick_game(int k) noexcept nogil:
    # The game where P may win k more tricks (not the last): the null game for k = 0.
    return NULL_GAME if k == 0 else ONE_TRICK_GAME - 1 + k

cdef inline int game_strength(int kind) noexcept nogil:
    # The games in order of what P must achieve, the hardest first: the null game 0, the
    # k-trick games k, the last-trick game MAX_TRICKS_GAME + 1.  P's win of a game is a win of
    # every game after it (nullgame.pxd, top).
    if kind == NULL_GAME:
        return 0
    if kind == LAST_TRICK_GAME:
        return MAX_TRICKS_GAME + 1
    return kind - ONE_TRICK_GAME + 1

cdef inline int child_kind(const Ctx* c, const State* child, int kind) noexcept nogil:
    # The game to play from a child: in a k-trick game, once P has won a trick it may win one
    # fewer (the null game after its last one); -1 if that trick was the last (P has lost).
    if kind >= ONE_TRICK_GAME and child.count == 0 and child.leader == c.P:
        return -1 if child.out == 0 else k_trick_game(kind - ONE_TRICK_GAME)
    return kind

cdef inline int points_free_search(Ctx* c, const State* s, u64* budget, int kind,
                                   bint ducks_known=False) noexcept nogil:
    # 1 if P wins the game (NULL_GAME: loses every remaining trick; LAST_TRICK_GAME: keeps from
    # winning the last one; k_trick_game(k): wins at most k more tricks, not the last) from s,
    # 0 if the others can stop it, NULL_UNKNOWN if the budget of nodes ran out (or a limit
    # stopped the search) first.  ducks_known: the caller knows that P cannot lose every
    # trick from s as the cards lie (bounds.can_duck_everything is False), so s's own test is
    # skipped.
    cdef const Game* g = &c.g
    cdef int P = c.P
    cdef int seat, r, i, nm, ck
    cdef bint unknown = False
    cdef bint null = kind == NULL_GAME
    cdef u64 key = 0
    cdef u64 k2 = 0
    cdef TTEntry* e
    cdef int strength = 0, worth
    cdef bint use_memory
    cdef u64 mh = 0
    cdef int moves[MAX_MOVES]
    cdef State child
    c.nodes += 1
    if must_stop(c):
        c.aborted = True
    if c.aborted or budget[0] == 0:
        return NULL_UNKNOWN
    budget[0] -= 1
    if s.count == 0:
        if s.out == 0:
            return s.leader != P        # the hand is over: P did not win the last trick
        if not null and popcount64(s.out) == g.n:
            return play_last_trick_winner(g, s) != P
        if not ducks_known and can_duck_everything(g, s, P):
            return 1
        if c.options & USE_TT:
            key = null_key(c, s)       # who holds the cards still held, not their points
            # Tag 6: one entry for all the games of these cards, leader and P, whose bounds are
            # on the strength from which P wins (game_strength, the hardest game 0): every game
            # of a strength below lower is lost, every game from upper on is won.
            strength = game_strength(kind)
            k2 = ((<u64>6) << 61) | <u64>s.leader | (<u64>P << 3)
            e = tt_probe(&c.tt, key, k2)
            if e != NULL:
                if strength >= e.upper:
                    return 1
                if strength < e.lower:
                    return 0
    seat = to_move(g, s)
    nm = points_free_moves(c, s, seat, null, moves)
    # A move memory of the games' own (movegen.pxd; 4,096 slots, 8 KiB, that stay in the
    # cache), keyed on the mover's hand, the trick's cards, P and the game: the card that last
    # decided a node is tried first.  Every card of seeded full deals: nodes -3.3% (3 players,
    # 8 deals), -3.4% (4 players, 8), -3.4% (5 players, 6); in one process, best of 2-3, time
    # -5.0% (3 players, 6 deals), -7.7% (4 players, 6), -1.7% (5 players, 6).  In the main
    # search's memory (65,536 slots) nodes went down more (3 players -3.9%) but time did not.
    use_memory = c.null_memory != NULL and nm >= 2 and popcount64(s.out) > NULL_MEMORY_CARDS * g.n
    if use_memory:
        mh = memory_hash(c, s, seat) ^ ((<u64>(kind + 1)) * <u64>0xD6E8FEB86659FD93ULL)
        to_front(moves, nm, remembered_in(c.null_memory, NULL_MEMORY_SLOTS, mh))
    if seat == P:
        r = 0
        for i in range(nm):
            play_child(g, s, &child, seat, moves[i])
            ck = child_kind(c, &child, kind)
            r = 0 if ck < 0 else points_free_search(c, &child, budget, ck)
            if r == 1:
                if use_memory:
                    remember_in(c.null_memory, NULL_MEMORY_SLOTS, mh, moves[i])
                break
            if r == NULL_UNKNOWN:
                unknown = True
        if r != 1:
            r = NULL_UNKNOWN if unknown else 0
    else:
        r = 1
        for i in range(nm):
            play_child(g, s, &child, seat, moves[i])
            if null and child.count == 0 and child.leader == P:
                r = 0               # this card makes P win the trick
                break
            ck = child_kind(c, &child, kind)
            r = 0 if ck < 0 else points_free_search(c, &child, budget, ck)
            if r == 0:
                if use_memory:
                    remember_in(c.null_memory, NULL_MEMORY_SLOTS, mh, moves[i])
                break
            if r == NULL_UNKNOWN:
                unknown = True
        if r != 0:
            r = NULL_UNKNOWN if unknown else 1
    if s.count == 0 and r != NULL_UNKNOWN and (c.options & USE_TT) and not c.aborted:
        # The entry's worth when a full bucket must give one up (ttable.tt_worth): its cards
        # still held plus NULL_ENTRY_BONUS, above a main entry of as many cards, since one
        # entry of the games serves every split of the points.  Against a worth of 0 (the
        # first to go), every card of seeded deals, the same values: nodes -2.35% (3 players,
        # 8 deals), -0.13% (4 players, 8), -0.99% (5 players, 6); with a bonus of 0 -1.6% (3
        # players), 24 -2.4%; worth above every main entry -2.4%, +0.1%, -0.7%.  Time, 3
        # players, 6 deals: bench/compare_builds.py 0.990, fresh processes 0.987.
        worth = popcount64(s.out) + NULL_ENTRY_BONUS
        if r == 1:
            tt_store(&c.tt, key, k2, 0, strength, -1, worth, 0)
        else:
            tt_store(&c.tt, key, k2, strength + 1, GAME_KINDS, -1, worth, 0)
    return r

cdef inline int k_max(const Game* g) noexcept nogil:
    # The k-trick games tried as bounds (points_free_cut): k up to 3 with 3 players (or 2), 2
    # with 4, 1 with more (a trick holds more points).  Since the games share their entries,
    # against k <= 2 / 1 / 1: 3 players -2.0% nodes (8 deals), time -0.9% (6 deals, one
    # process, best of 2); 4 players -1.1% and -2.7% nodes (8 and 10 deals), time -5.8% and
    # -6.5% (6 and 7 deals); with 5 players k <= 2 gave +1.2% nodes (6 deals).  Kifameno's
    # the same (ext/kifameno/game_search.pxd; 2 to 4 players).
    return 3 if g.n <= 3 else (2 if g.n == 4 else 1)

cdef inline void top_points(const Game* g, u64 out, int* tops, int count) noexcept nogil:
    # tops[j] = the sum of the j largest card points among the cards of out, for j <= count:
    # the most that j of them can carry.
    cdef int best[MAX_TRICKS_GAME]
    cdef int i, j, p
    cdef u64 m = out & g.point_cards
    tops[0] = 0
    if count <= 0:
        return
    for i in range(count):
        best[i] = 0
    while m:
        p = g.points[lowest_bit(m)]
        m &= m - 1
        if p > best[count - 1]:
            j = count - 1
            while j > 0 and best[j - 1] < p:
                best[j] = best[j - 1]
                j -= 1
            best[j] = p
    for i in range(count):
        tops[i + 1] = tops[i] + best[i]

cdef inline int points_free_cut(Ctx* c, const State* s, int alpha, int beta, u64 key, u64 k2,
                                int offset, int lower, int* lost) noexcept nogil:
    # The search's cut-off from the games without points at a trick start that the table did
    # not decide (search.pxd, game_search.subgame_cut): the bound (a value at or below alpha)
    # when P wins the weakest game whose bound still cuts, else -1 (and lost[0] raised when P
    # loses it); beta is not used (these games give upper bounds only).  A limit that
    # stops the game's search sets c.aborted (the caller checks it).
    cdef const Game* g = &c.g
    cdef int kind, bound, r, k, j, most
    cdef u64 budget, budget0
    cdef int tops[MAX_TRICKS_GAME + 1]
    cdef int tops_seat[MAX_TRICKS_GAME + 1]
    if popcount64(s.out) < NULL_MIN_TRICKS * g.n or other_may_take_all(g, s, c.P):
        return -1
    # The games without points (above) as bounds: if P can lose every trick
    # from here, its floor now is its score; if it can win at most k more tricks, but
    # not the last, the floor of its thirds with the most that k tricks can hold; if it
    # can keep from winning the last trick, the floor of its thirds with every third
    # still held.  Only the weakest game whose bound still cuts is searched: P's win of
    # a stronger game is a win of the weaker one, so when the weaker is lost so are the
    # others.  Against the null game then the last-trick game, each tried when its bound
    # cut (20 deals each, every card, values the same): k <= 2 with 3 players, nodes
    # -14.6% (-13.5% time on 8 deals, best of 3); k <= 1 with 4, -7.0% (-8.5%); with 5,
    # -6.2% (-5.1%).  With the bound of the k * n largest points, k <= 3 with 3
    # players gave -13.8% on 8 deals where k <= 2 gave -16.6% (the bound below -17.8%);
    # a budget of 1,024 nodes for these games instead of 4,096: +0.6%.  The points of
    # k tricks bounded per hand (each seat plays one card to each) rather than by the
    # k * (n - 1) largest of the others' cards together: -1.6 / -0.6 / -1.1%.
    kind = -1
    bound = whole_points(g, s.taken[c.P] + s.out_points)
    if (c.options & USE_LASTTRICK) and bound <= alpha:
        kind = LAST_TRICK_GAME
    elif c.options & USE_NULLGAME:
        # k tricks hold k cards of each seat's hand: at most the k largest points of each.
        most = k_max(g)
        top_points(g, s.hand[c.P], tops, most)
        for j in range(g.n):
            if j != c.P:
                top_points(g, s.hand[j], tops_seat, most)
                for k in range(1, most + 1):
                    tops[k] += tops_seat[k]
        for k in range(most, -1, -1):
            bound = whole_points(g, s.taken[c.P] + tops[k])
            if bound <= alpha:
                kind = k_trick_game(k)
                break
    if kind >= 0 and game_strength(kind) < lost[0]:
        # Lost before from these cards (ttable.entry_lost, from this entry or a kin): no
        # need to ask again.  Nodes -1.7 / -1.0 / -0.2% (3 / 4 / 5 players, 8, 8 and 6
        # deals); time in one process 3 players -2.7% (twice), 4 players +2.5% and
        # -0.3% (two sets of 6 and 7 deals).
        c.stats.null_known_lost += 1
        kind = -1
    if kind >= 0:
        budget = LAST_TRICK_BUDGET if kind == LAST_TRICK_GAME else NULL_BUDGET
        budget0 = budget
        # With the cheap bounds on, can_duck_everything was False here (else the
        # upper bound, P's floor now, would have decided the node): the game does not
        # test it again.  Same nodes; bench/compare_builds.py, best of 2-3: 3 players
        # 0.974 and 0.982, 4 players 0.984, 5 players 0.987 (6 deals each).
        r = points_free_search(c, s, &budget, kind, (c.options & USE_BOUNDS) != 0)
        c.stats.null_tries[kind] += 1
        c.stats.null_nodes[kind] += budget0 - budget
        if r < 0:
            c.stats.null_unknown[kind] += 1
        if c.aborted:
            return 0
        if r == 1:
            c.stats.null_cuts[kind] += 1
            if c.options & USE_TT:
                # Worth 0 when a full bucket gives one up (ttable.tt_worth): the game's
                # own entry, worth more, answers again in one probe.  Against its cards
                # still held: nodes -1.2% (3 players, 8 deals), -2.7% (4 players, 8),
                # -0.4% (5 players, 6); compare_builds 3 players 0.994, 4 players 1.006
                # (6 deals each).  Not stored at all: +2.1% (3 players).
                tt_store(&c.tt, key, k2, lower - offset, bound - offset, -1, 0, lost[0])
            return bound
        if r == 0 and game_strength(kind) + 1 > lost[0]:
            lost[0] = game_strength(kind) + 1
    return -1
