# Kifameno as the search core sees it: the hooks that the shared skeleton (ext/core: search.pxd,
# movegen.pxd, driver.pxi) cimports from `game`.  Compiled into ciapano._engine_kifameno with
# this directory first on the include path and Ciapanò's second (its scoring.pxd, bounds.pxd and
# quasi.pxd).
#
# Rules (docs/rules.md#kifameno): Ciapanò's play and scoring (floors of thirds, the last trick's
# remainder up to 11, cappotto; no discard) for 2, 3 or 4 players of 10 cards, with a stock: after
# each trick every seat draws its top card, the winner first (trickrule.pxd, HAS_STOCK;
# tricks.draw_from_stock).  State.out holds the cards still to draw besides the hands', so
# "cards still in play" is what it means here, and the points still to take (State.out_points,
# tricks.points_left) count the stock's.
#
# The table key.  A drawn card's holder depends on who won the trick before the draw, so the
# deal's relative keys, which name each card by the seat the deal gave it to, are off while the
# deal has a stock (driver.pxi, Ctx.relative).  With 3 players, while the stock lasts, the key is
# the cards still in play (40 bits: ttable.tt_key) and, above them, for each round of draws made
# so far, who drew it (points_key): the hands are the cards the deal gave each seat and the cards
# each round gave it, less the cards played; the stock left is the stock's last cards.  So the
# key says exactly who holds what, and which cards are still to draw, in what order.  A round
# whose cards have all been played is coded 0, so that positions that differ only in who drew
# cards now gone share an entry.  With 2 players relative keys made here (the skeleton's own_key
# hook) from the first trick on, the cards still to draw kept as they are while the stock lasts
# (stock_phase_key); with 3 once the stock is drawn, where they fit 63 bits.  With 4 players (no
# stock) the key is Ciapanò's relative key.
#
# Which of the skeleton's techniques run for Kifameno, and why:
# - rank equivalence (movegen.pxd): sound.  Two cards of one hand and suit with no card still in
#   play between them (the stock's included: they are in State.out) and equal points are
#   interchangeable: a swap maps every line of play, draws included, to one with the same tricks
#   and points.
# - the score key, kin entries and their residue shifts (Ciapanò's scoring.pxd): sound as for
#   Ciapanò.  Their proofs use only the scoring (floors, the remainder to 11, cappotto) and that
#   the cards still in play decide the units still to come, which the stock's cards are.
# - Ciapanò's cheap bounds and mid-trick bound (bounds.pxd): their steps that rest on the points
#   always; their steps that ask whether P can duck every lead of the others' cards as they hold
#   them now, or whether every other seat can duck P's (P then takes the rest), only once the
#   stock is drawn (cheap_bounds, mid_trick_bound below): those proofs need hands that only
#   shrink, and cards still to draw may change them.
# - the move order and the move memory: only an order; Ciapanò's weights (ordering.pxd).
# - quasi-equivalent and dominated cards (Ciapanò's quasi.pxd, GAME_QUASI): sound.  Their proof
#   swaps two cards of one hand and suit with no card in play between them (the stock's count,
#   being in State.out) and uses only that the mirror lines have the same trick winners, and
#   so here the same draws too, and Ciapanò's scoring.
# - Ciapanò's games without points (null game, last-trick and k-trick games; game_search.pxd):
#   sound once the stock is drawn, with 3 and 4 players.  From then on the rest of the hand is a
#   hand of Ciapanò (the hands only shrink, the scoring is Ciapanò's), which is all their proof
#   (ext/ciapano/nullgame.pxd) uses.  Their table key is null_key below.
from structs cimport u64, Ctx, Game, State, MAX_CARDS
from bitops cimport bit, lowest_bit, popcount64
from tricks cimport (seat_at, places_after, to_move, follow_suit as legal_cards, apply_card, play_card,
                     play_child, play_forced_trick, play_last_trick_winner, stock_left, p_takes_trick)
from scoring cimport whole_points, hand_score, score_key, residue_shifts, set_units
from bounds cimport cheap_bounds_with, mid_trick_bound_with, nobody_takes_all
from ordering cimport order_score
from quasi cimport run_known
from nohooks cimport on_p_side
from ttable cimport owner_key

cdef enum:
    GAME_QUASI = 1              # quasi-equivalent and dominated cards (above)
    GAME_MEMORY_TRICKS = 8      # the move memory above this many tricks' cards (driver.pxi),
                                # but 3 with 3 players (memory_tricks)
    GAME_P_WANTS_POINTS = 0     # P avoids points: gen_moves' dominant card (movegen.pxd)
    GAME_SUBGAMES = 1           # Ciapanò's games without points once the stock is drawn (game_search.pxd)
    GAME_BOUNDS_AFTER_TABLE = 0 # the cheap bounds before the table's probe (search.pxd)
    DRAWS_SHIFT = 40            # the rounds' drawers sit above the cards' 40 bits (points_key)
    MAX_ROUNDS = 10             # rounds of draws the key holds: 2 bits each in bits 40..59
    RELATIVE_MAX_2 = 20         # cards in play at most for a relative key (own_key): 2 players
                                # (3 players: Game.relative_max, set_scoring)

cdef inline int memory_tricks(int players, int tricks) noexcept nogil:
    # The move memory above 3 tricks' cards with 3 players, above 10 with 2 (while the stock
    # lasts: 20 cards are in play once it is drawn), else above GAME_MEMORY_TRICKS' (`tricks`;
    # driver.pxi).  Measured (docs/speed.md, 2026-11-28, thirty-second session; every card,
    # with the games without points): 3 players, seeds 1 4 2 3 6 7 14, 8 tricks 191.4 M nodes,
    # 5 188.2 M, 4 189.0 M, 3 187.7 M, 2 187.8 M, 0 187.9 M, and 3 about 11% less time than 8
    # (plain builds); 2 players (seeds 2 17) 8 76.6 M, 5 80.7 M, 3 82.0 M; 4 players (seeds
    # 1-3) 8 69.0 M, 5 74.4 M, 3 75.5 M.  With 2 players' keys relative while the stock lasts
    # (stock_phase_key; thirty-eighth session), seeds 2 3 7 17: 8 tricks 109.2 M, 6 111.8 M, 9
    # 107.9 M, 10 104.3 M, 11 107.8 M, 12 117.0 M; 10 on the benchmark's 20 deals 1,616.2 M
    # -> 1,539.1 M (18 deals fewer, 0.91 to 1.05 times).
    return 10 if players == 2 else 3 if players == 3 else tricks

cdef inline u64 places_rank(const Game* g, u64 cards, u64 among) noexcept nogil:
    # The rank of the places of `cards` among the cards `among` (their positions in the order of
    # the bits) among the sets of as many places: the combinatorial number system, the i-th
    # lowest place p adding C(p, i + 1); places below 31.
    cdef u64 r = 0
    cdef int i = 0
    while cards:
        r += g.binom[31 * popcount64(among & (bit(lowest_bit(cards)) - 1)) + i + 1]
        cards &= cards - 1
        i += 1
    return r

cdef inline int holder_of(const State* s, int card) noexcept nogil:
    # The seat (0, 1 or 2) holding `card`, a card in some hand of a game of at most 3 players.
    return 0 if s.hand[0] & bit(card) else (1 if s.hand[1] & bit(card) else 2)

cdef inline u64 pack_run(const Game* g, int* counts, u64* need, u64* free, int left) noexcept nogil:
    # A run of `left` cards of one holder, counts[code] of each point code (need: the suit's
    # cards of those codes), placed at the least places of `free` with those codes, at each
    # step the code whose next place is least (suit_layout); returns the places taken and
    # leaves `free` above the last of them, and counts and need empty.
    cdef u64 rep = 0
    cdef int slot, code
    while left:
        slot = lowest_bit(need[0] & free[0])
        rep |= bit(slot)
        free[0] &= ~(bit(slot + 1) - 1)
        left -= 1
        code = g.pcode[slot]
        counts[code] -= 1
        if counts[code] == 0:
            need[0] &= ~g.pcode_cards[code]
    return rep

cdef inline u64 pack_suit(const Game* g, u64 h0, u64 h1, u64 h2, u64 fixed, int su, u64* seat0) noexcept nogil:
    # The walk of suit_layout and stock_suit_canon: the places (bits 0..9 from the suit's lowest
    # card) that the suit's cards of h0, h1 and h2 are renamed to, from the lowest card of the
    # suit in any of the four masks up.  A card of `fixed` keeps its own place; each run of one
    # mask's cards (no other card of the four between them) is packed by pack_run above the
    # card before it: at each step the code whose next place is least.  That greedy order
    # embeds whenever any order does (a least first slot can take the place of any embedding's
    # first), and depends on the run's codes alone, so the run stays below the next fixed card,
    # as its own cards are; the places rise strictly and each card keeps its points.  seat0[0]:
    # the places of h0's cards among the renamed ones, lowest first.
    cdef u64 suit = g.suit_mask[su]
    cdef u64 m = (h0 | h1 | h2 | fixed) & suit
    cdef u64 rep = 0, need = 0, free = suit
    cdef int card = 0, code, holder, run = -1, left = 0, j = 0
    cdef int counts[4]
    counts[0] = counts[1] = counts[2] = counts[3] = 0
    seat0[0] = 0
    while True:
        holder = -2
        if m:
            card = lowest_bit(m)
            holder = 3 if fixed & bit(card) else (0 if h0 & bit(card) else (1 if h1 & bit(card) else 2))
        if holder != run:
            rep |= pack_run(g, counts, &need, &free, left)
            left = 0
            if not m:
                return rep >> lowest_bit(suit)
            run = holder
        m &= m - 1
        if holder == 3:
            free &= ~(bit(card + 1) - 1)        # a fixed card keeps its place
            continue
        if holder == 0:
            seat0[0] |= bit(j)
        j += 1
        code = g.pcode[card]
        counts[code] += 1
        need |= g.pcode_cards[code] & suit
        left += 1

cdef inline u64 suit_layout(const Game* g, const State* s, int su, u64* seat0) noexcept nogil:
    # The least places of the suit (from its lowest, bit 0) that hold its cards in play with
    # their point codes, lowest first, each run of one holder's cards (no other card in play
    # between them) taken in the order that packs lowest (pack_suit, with no fixed card): a
    # run's cards are interchangeable for the trick (its holder may play them in any order), so
    # positions that differ only within runs are one game, as in Ciapanò's layout_word.
    # seat0[0]: seat 0's places among the suit's cards in play, lowest first.
    return pack_suit(g, s.hand[0], s.hand[1], s.out & ~(s.hand[0] | s.hand[1]), 0, su, seat0)

cdef inline u64 suit_entry(const Game* g, const State* s, int su) noexcept nogil:
    # What suit_layout_known remembers of a suit (its bits 0..29).
    cdef u64 seat0
    cdef u64 rep = suit_layout(g, s, su, &seat0)
    return rep | (<u64>g.seq_index[su * 1024 + rep] << 10) | (seat0 << 20)

cdef enum:
    LAYOUT_SLOTS_LOG = 12       # remembered suit layouts: 4,096 slots of 8 bytes, twice (stock_suit_known)

cdef inline u64 suit_layout_known(const Ctx* c, const State* s, int su) noexcept nogil:
    # suit_layout (bits 0..9), its sequence's rank (Game.seq_index, bits 10..19) and seat 0's
    # places among the suit's cards in play, lowest first (bits 20..29), remembered
    # in the game's small table of layouts (game_search.pxd, Ctx.game_table) where there is one:
    # each slot holds the suit and its cards' places among the gone and the three hands (22
    # bits) above the three.  The suit with no card in play is the empty slot: layout and rank 0.
    # A lookup misses about once in 250 (3 players, a full deal).  Measured (docs/speed.md,
    # 2026-11-27, twenty-third session): the runs' points in any order, against their order
    # kept, every card of full deals: 3 players -12.5% nodes, 2 players -12.7%; time in one
    # process (profile-guided builds) 0.98 and 0.86.  Computed at every key instead of
    # remembered, the same nodes but 1.2-1.3 times the time (plain builds).  Seat 0's places
    # remembered too (2 players' keys: no loop over the cards): the same nodes, time 0.89 with
    # 2 players (seeds 2 and 17), 0.98 with 3 (profile-guided builds, bench/compare_builds.py).
    cdef const Game* g = &c.g
    cdef u64* t = <u64*>c.game_table
    cdef u64 suit = g.suit_mask[su]
    cdef int low = lowest_bit(suit)
    cdef u64 h2 = s.hand[2] if g.n == 3 else 0
    cdef u64 tag, v
    cdef unsigned int slot
    tag = ((<u64>su) << 20) | ((((s.hand[1] | h2) & suit) >> low) << 10) | (((s.hand[0] | h2) & suit) >> low)
    if t == NULL:
        return suit_entry(g, s, su)
    slot = (<unsigned int>tag * 0x9E3779B1u) >> (32 - LAYOUT_SLOTS_LOG)
    v = t[slot]
    if (v >> 30) != tag:
        v = (tag << 30) | suit_entry(g, s, su)
        t[slot] = v
    return v & 0x3FFFFFFF

cdef inline bint pool_lone_suits(const Game* g, const State* s, State* t) noexcept nogil:
    # 2 players, the stock drawn, every suit alike (Game.suits_alike): False where neither seat
    # holds two or more lone suits (the suits whose cards in play it alone holds), t left as it
    # is; else True, and t = s with each seat's lone suits replaced by the same points
    # packed into as few suits as they fit, from the first of those suits on: in each suit,
    # of each point code as many cards as the suit has of it, the lowest first, until none is
    # left (seat 0's first, then seat 1's in the lone suits after them).  t has the same value
    # as s.  The other seat holds no card of a lone suit and never will (the hands only
    # shrink), so it never leads one and never plays to one but by discarding: a lone suit's
    # card led wins its trick whatever its rank or suit, and its holder plays one to another
    # suit's lead only by discarding, which any card may be.  So which of a seat's lone suits a
    # card is in, and its rank there, play no part: only its points do (and that the suit is
    # lone, which the packing keeps).  The cards packed into a suit are one run of one seat, and
    # the packing takes at most as many suits as were lone (each lone suit held at most a
    # suit's cards of each code), so it fits.  Canonical: the packed suits depend only on each
    # seat's points in its lone suits; a seat with one lone suit already has it packed (a run's
    # points in any order make one layout: suit_layout), which is why it pools only where a
    # seat has two or more.  Measured (docs/speed.md, 2026-11-28, thirty-third session): every
    # card of 2-player seeds 2 17 3 13, 204.9 M -> 190.0 M nodes, time 0.985 (profile-guided).
    cdef int su, seat, code, lone = 0, f = 0
    cdef int counts[2][4]
    cdef int lone_suits[4]
    cdef int lone_seat[4]
    cdef int lones[2]
    cdef u64 m, h0, free
    lones[0] = lones[1] = 0
    for su in range(g.n_suits):
        m = s.out & g.suit_mask[su]
        h0 = s.hand[0] & m
        if m == 0 or (h0 != m and h0 != 0):
            continue
        lone_suits[lone] = su
        lone_seat[lone] = 0 if h0 == m else 1
        lones[lone_seat[lone]] += 1
        lone += 1
    if lones[0] < 2 and lones[1] < 2:
        return False
    t[0] = s[0]
    for seat in range(2):
        for code in range(4):
            counts[seat][code] = 0
    for f in range(lone):
        m = s.out & g.suit_mask[lone_suits[f]]
        t.out &= ~m
        t.hand[lone_seat[f]] &= ~m
        while m:
            counts[lone_seat[f]][g.pcode[lowest_bit(m)]] += 1
            m &= m - 1
    f = 0
    for seat in range(2):
        while f < lone and counts[seat][0] + counts[seat][1] + counts[seat][2] + counts[seat][3]:
            for code in range(4):
                free = g.pcode_cards[code] & g.suit_mask[lone_suits[f]]
                while counts[seat][code] > 0 and free:
                    t.out |= bit(lowest_bit(free))
                    t.hand[seat] |= bit(lowest_bit(free))
                    free &= free - 1
                    counts[seat][code] -= 1
            f += 1
    return True

cdef inline void order_down(u64* a, u64* b) noexcept nogil:
    # The higher of the two numbers into a, the lower into b.
    cdef u64 x = a[0], y = b[0]
    a[0] = x if x > y else y
    b[0] = y if x > y else x

cdef inline void sort_down4(u64* v) noexcept nogil:
    # Four numbers in place, highest first (a sorting network of five compare-exchanges).
    order_down(&v[0], &v[1])
    order_down(&v[2], &v[3])
    order_down(&v[0], &v[2])
    order_down(&v[1], &v[3])
    order_down(&v[1], &v[2])

cdef inline u64 stock_suit_canon(const Game* g, u64 h0, u64 h1, u64 stock, int su) noexcept nogil:
    # One suit of stock_phase_key: the places (bits 0..9 from the suit's lowest card) that its
    # hands' cards are renamed to (pack_suit): from the lowest card in play up, a card still to
    # draw keeps its place, and each run of one hand's cards is packed as suit_layout packs it
    # above the card before it.  The places never meet a card to draw, and each card keeps its
    # points.
    cdef u64 seat0
    return pack_suit(g, h0, h1, 0, stock, su, &seat0)

cdef inline u64 stock_suit_known(const Ctx* c, u64 h0, u64 h1, u64 stock, int su) noexcept nogil:
    # stock_suit_canon remembered in the second half of the game's small table (game_search.pxd,
    # Ctx.game_table): each slot holds its tag (bit 32 set, the suit, and the suit's cards to
    # draw and in each hand, 10 bits each) above the 10 bits of places.  The same nodes as
    # computing it at every key; time 0.91-0.93 (docs/speed.md, thirty-eighth session).
    cdef const Game* g = &c.g
    cdef u64* t = <u64*>c.game_table
    cdef int low = lowest_bit(g.suit_mask[su])
    cdef u64 sm = g.suit_mask[su]
    cdef u64 tag, v
    cdef unsigned int slot
    if t == NULL:
        return stock_suit_canon(g, h0, h1, stock, su)
    tag = ((<u64>1) << 32) | ((<u64>su) << 30) | (((stock & sm) >> low) << 20) | (((h1 & sm) >> low) << 10) | ((h0 & sm) >> low)
    slot = (<unsigned int>(tag ^ (tag >> 17)) * 0x9E3779B1u) >> (32 - LAYOUT_SLOTS_LOG)
    t += (1 << LAYOUT_SLOTS_LOG)
    v = t[slot]
    if (v >> 10) != tag:
        v = (tag << 10) | stock_suit_canon(g, h0, h1, stock, su)
        t[slot] = v
    return v & 0x3FF

cdef inline bint stock_phase_key(const Ctx* c, const State* s, u64* key) noexcept nogil:
    # The main search's key with 2 players while the stock lasts (own_key): relative ranks with
    # the cards still to draw kept as they are.  The stock's order is the deal's, so the
    # number of cards left to draw says which they are and in what order they come.  Then two
    # trick starts are the same game (given the leader and the points taken: the score key)
    # when, suit by suit from the lowest card in play up, their cards to draw sit among the
    # hands' cards at the same places, and the hands' cards between them hold the same
    # sequence of (holder, points), but for the order of the points within a run of one
    # hand's cards (no other card in play between them; its holder may play them in any
    # order).  A line of play maps card for card to one with the same trick winners, the same
    # points in each trick and the same draws: the cards gone never count again (no trumps, no
    # banned suit), and every comparison is between cards in play, which keep their order.
    # The key: each suit's hands' cards renamed (stock_suit_known: the least places with the
    # same order among the cards in play and the same points; a card to draw keeps its own),
    # a mask in bits 0..39; seat 0's places among the hands' cards (equal hands of at most 10,
    # C(20, 10) < 2**18 sets) ranked at 40..57; the rounds left to draw (1 to MAX_ROUNDS) at
    # 58..61; bits 62 and 63 set (the keys once the stock is drawn use bits 0..59 and 63; the
    # exact keys, tt_key and points_key, bits 0..59).  False where the hands differ in size.
    # Before (the cards in play and the rounds' drawers exactly), the trick starts expanded
    # while the stock lasts were nearly all distinct positions, a fifth to a quarter of them
    # the same layout as another.  Measured (docs/speed.md, thirty-eighth session): every card
    # of the benchmark's 20 deals, 1,746.0 M -> 1,616.2 M nodes (each deal 0.87 to 0.96).
    cdef const Game* g = &c.g
    cdef u64 hands = s.hand[0] | s.hand[1]
    cdef u64 stock = s.out & ~hands
    cdef u64 mask = 0
    cdef int su
    if popcount64(s.hand[0]) != popcount64(s.hand[1]):
        return False
    for su in range(g.n_suits):
        mask |= stock_suit_known(c, s.hand[0], s.hand[1], stock, su) << lowest_bit(g.suit_mask[su])
    key[0] = mask | (places_rank(g, s.hand[0], hands) << 40) | ((<u64>(popcount64(stock) // 2)) << 58) | \
        ((<u64>1) << 62) | ((<u64>1) << 63)
    return True

cdef inline bint own_key(const Ctx* c, const State* s, u64* key) noexcept nogil:
    # The main search's key once the stock is drawn, and with 2 players before
    # (stock_phase_key): relative ranks (else False, for the skeleton's key: tt_key, the cards
    # in play, and points_key, the drawers of each round).
    # From then on the hands only shrink, and as in Ciapanò (ext/core/ttable.pxd) two
    # positions whose suits hold, from the highest card down,
    # the same sequence of (holder, card points) are the same game: every trick goes the same
    # way with the same points, whatever cards were played before.  So are two whose suits
    # differ only in the order of the points within a run of one holder's cards (its holder
    # may play them in any order: suit_layout).  The deal's relative keys
    # cannot serve (their tables name each card by the seat the deal gave it to), so the key is
    # made here, from each suit's layout (suit_layout: its cards in play, lowest first, as the
    # least places with their point codes, each run's in the order that packs lowest) and
    # the holders of the cards in that order (suit by suit); bit 63 set tells these keys from
    # the others (the cards and the rounds' drawers: bits 0..59).
    # - 2 players: each suit's cards renamed to the places of its layout, a mask of at most 40
    #   bits; above it (bits 40..59) the places of seat 0's cards (20 cards at most).  Where
    #   every suit has the same places and points (Game.suits_alike: the 40-card deck), the
    #   suits are taken in the order of their layouts and seat 0's places, not in their own: no
    #   rule and no score tells one suit from another (no trumps, no suit banned, the same
    #   points at the same places), so renaming the suits maps every line of play to one with
    #   the same tricks and points, and positions that differ only by it are one game; and where
    #   a seat holds two or more suits alone, those suits' cards are first pooled
    #   (pool_lone_suits), since only their points matter.  The
    #   stored best card then names a suit by its own name, which in another position of the
    #   key may be another suit: it is only tried first where it is a legal card
    #   (search.pxd, heads_class).  Measured (docs/speed.md, 2026-11-28, thirty-third
    #   session): every card of 2-player seeds 3 and 13, 149.4 M -> 135.9 M nodes.
    # - 3 players: a number, exactly: the keys of fewer cards first (Game.key_base), then the
    #   rank of the suits' layouts among those of as many cards (each suit's by
    #   Game.seq_index, in mixed radix over Game.seq_ways) times the ways to place the holders,
    #   plus their rank: seat 0's places among the k cards (the hands being of equal size h at
    #   a trick start: C(k, h) sets) times C(k - h, h), plus seat 1's among the others.  With
    #   30 cards in play 532,940 sequences of suits times 5.5 * 10**12 placings: 2**61.4
    #   (set_scoring checks that every key fits 63 bits).
    # The stored best card is (suit, place from the top) (Ctx.relative_best), which names a
    # card of the same run in every position of a key (its points may differ: the card is only
    # tried first, search.pxd).  False where no relative key is made: 3 players and the stock
    # not yet drawn, too many cards, or relative keys off.
    cdef const Game* g = &c.g
    cdef int n = g.n
    cdef int k = popcount64(s.out)
    cdef int su, low, card, h, left, j = 0
    cdef u64 m, mask = 0, holders, seq0 = 0, rank = 0
    cdef u64 suits[4]
    cdef State pooled
    cdef const State* src
    if c.relative or not c.relative_best:
        return False
    if n == 2 and stock_left(g, s) != 0:
        return stock_phase_key(c, s, key)
    if k > (RELATIVE_MAX_2 if n == 2 else g.relative_max):
        return False
    if n > 3 or stock_left(g, s) != 0:
        return False
    if n == 2:
        if g.suits_alike:
            # The suits in order of their layouts and seat 0's places (a renaming of the suits
            # is the same game), each in 10 bits from the lowest; one seat's suits pooled first
            # where it holds two or more suits alone (pool_lone_suits).
            src = s
            if pool_lone_suits(g, s, &pooled):
                src = &pooled
            for su in range(4):
                suits[su] = 0
                if su < g.n_suits:
                    m = suit_layout_known(c, src, su)
                    suits[su] = ((m & 0x3FF) << 10) | ((m >> 20) & 0x3FF)
            sort_down4(suits)
            for su in range(4):
                mask |= (suits[su] >> 10) << (10 * su)
                seq0 |= (suits[su] & 0x3FF) << j
                j += popcount64(suits[su] >> 10)
        else:
            for su in range(g.n_suits):
                m = suit_layout_known(c, s, su)
                mask |= (m & 0x3FF) << lowest_bit(g.suit_mask[su])
                seq0 |= (m >> 20) << j
                j += popcount64(m & 0x3FF)
        key[0] = mask | (seq0 << DRAWS_SHIFT) | ((<u64>1) << 63)
        return True
    h = k // 3
    if popcount64(s.hand[0]) != h or popcount64(s.hand[1]) != h:
        return False                    # (hands of unequal sizes: never at a trick start)
    # The suits' sequences in mixed radix (Game.seq_before: every way with fewer of the suit's
    # cards comes before).
    left = k
    for su in range(g.n_suits):
        m = suit_layout_known(c, s, su)
        j = popcount64(m & 0x3FF)
        rank += g.seq_before[(su * 11 + j) * 41 + left] + ((m >> 10) & 0x3FF) * g.seq_ways[(su + 1) * 41 + left - j]
        left -= j
    # The holders: the places of seat 0's cards among the k (suit by suit, lowest first: the
    # order of the bits), then of seat 1's among the others, each ranked as a set.
    holders = places_rank(g, s.hand[0], s.out) * g.binom[31 * (k - h) + h] + \
        places_rank(g, s.hand[1], s.out & ~s.hand[0])
    key[0] = (g.key_base[k] + rank * (g.binom[31 * k + h] * <u64>g.binom[31 * (k - h) + h]) + holders) | \
        ((<u64>1) << 63)
    return True

cdef inline u64 points_key(const Game* g, const State* s, int P) noexcept nogil:
    # At the start of a trick: for each round r of draws made so far, 2 bits at 40 + 2r: 0 if
    # its cards have all been played, else 1 + the seat that drew its first card (the trick's
    # winner), known from the holder of any of its cards still held (the k-th card of a round
    # goes to the seat k places after the first drawer).  Needs players <= 3 (set_scoring).
    cdef int rounds = (g.stock_len - stock_left(g, s)) // g.n
    cdef int r, k, i, card
    cdef u64 key = 0
    for r in range(rounds):
        for k in range(g.n):
            card = g.stock[r * g.n + k]
            if s.out & bit(card):
                for i in range(g.n):
                    if s.hand[i] & bit(card):
                        key |= (<u64>(1 + (i - k + g.n) % g.n)) << (DRAWS_SHIFT + 2 * r)
                        break
                break
    return key

cdef extern from *:
    # 3**k for the k <= 10 cards of a suit in play (null_key's digits of base 3).
    """
    static const unsigned long long CIAPANO_POWERS_OF_3[11] = {
        1ULL, 3ULL, 9ULL, 27ULL, 81ULL, 243ULL, 729ULL, 2187ULL, 6561ULL, 19683ULL, 59049ULL};
    """
    const u64* POWERS_OF_3 "CIAPANO_POWERS_OF_3"

cdef inline u64 null_key(const Ctx* c, const State* s) noexcept nogil:
    # The table key of the games without points (ext/ciapano/nullgame.pxd) at a trick start once
    # the stock is drawn: who holds each card still in play, suit by suit, their points left out.
    # Those games ask only who wins each trick, which the order of the suit's cards in play and
    # their holders decide, whatever cards are gone (the argument of Ciapanò's relative keys).
    # So the key is each suit's number of cards in play (4 digits of base 11, bits 48..61) and
    # the holders of the cards in play, suit by suit from the lowest card up, as the digits of
    # one number in base 3 (30 cards at most: 3**30 < 2**48); bit 63 set, as own_key's (the
    # games' entries are told from the main search's by their key2, nullgame.pxd), with
    # relative keys on or off (OPTION_RELATIVE: the main search's keys).  The suits are taken
    # in the order of their (count, holders), not in their own: these games know no points and
    # no suit from another (no trumps, no suit banned once the stock is drawn; a suit short of
    # its removed four is only a suit of fewer cards), so two positions that differ by a
    # renaming of the suits are one game.  Their entries store no best card.  Without a stock
    # the deal's relative keys serve (ttable.owner_key).  Measured (docs/speed.md,
    # 2026-11-28, thirty-second session): against own_key's (the holders with the points),
    # the games' nodes a try fell 3.7 times, and with them the games went from a loss
    # (every card of 3-player seeds 1 4 5 8, 83.9 M -> 195.7 M nodes) to a gain; the suits in
    # order (thirty-third session), seeds 1 4 5 8 58.9 M -> 56.8 M, 2 3 6 7 158.8 M -> 155.1 M.
    cdef const Game* g = &c.g
    cdef u64 m, lens = 0, holders = 0, digits
    cdef u64 suits[4]
    cdef int su, card
    if g.stock_len == 0:
        return owner_key(c, s)
    for su in range(4):
        # Each suit as its count (bits 20..23) above its holders' digits (3**10 < 2**20).
        digits = 0
        m = s.out & g.suit_mask[su] if su < g.n_suits else 0
        suits[su] = <u64>popcount64(m) << 20
        while m:
            card = lowest_bit(m)
            m &= m - 1
            digits = digits * 3 + <u64>holder_of(s, card)
        suits[su] |= digits
    sort_down4(suits)
    for su in range(4):
        lens = lens * 11 + (suits[su] >> 20)
        holders = holders * POWERS_OF_3[suits[su] >> 20] + (suits[su] & ((1 << 20) - 1))
    return (lens << 48) | holders | ((<u64>1) << 63)

cdef inline void cheap_bounds(const Game* g, const State* s, int P, int* lower, int* upper) noexcept nogil:
    # Ciapanò's cheap bounds (ext/ciapano/bounds.pxd: proved there from the scoring; the points
    # still to take count the stock's), with "P can lose every trick left" only once the stock
    # is drawn: the hands only shrink from then on, as that proof needs.
    cheap_bounds_with(g, s, P, lower, upper, stock_left(g, s) == 0)

cdef inline int mid_trick_bound(const Game* g, const State* s, int P, int alpha, int beta) noexcept nogil:
    # Ciapanò's (ext/ciapano/bounds.pxd), with its last step (P ducks every lead of the others'
    # cards) only once the stock is drawn; its other steps rest on the points alone.
    return mid_trick_bound_with(g, s, P, alpha, beta, stock_left(g, s) == 0)

cdef inline int set_sequences(Game* g) except -1:
    # The tables of the 3-player relative keys (own_key), after canon_next: each suit's
    # sequences of point codes ranked by length (seq_index, seq_count: a sequence's least
    # embedding in the suit, canon_next's, is its representative, numbered as the subsets are
    # met in increasing order, which meets a representative no later than the subsets it
    # stands for), the ways to give the suits k cards in play (seq_ways) and those with fewer
    # than n of a suit's (seq_before), each count of cards' first key (key_base), and the most
    # cards whose keys all fit 63 bits (relative_max; 30, every position once a 39- or 40-card
    # deck's stock is drawn).
    cdef int su, m, k, j, h, low, card, place, rep
    cdef int first[1024]
    cdef u64 ways
    for su in range(4):
        for j in range(11):
            g.seq_count[su * 11 + j] = 0
        for m in range(1024):
            g.seq_index[su * 1024 + m] = 0
        if su >= g.n_suits:
            g.seq_count[su * 11] = 1            # (a suit beyond the deck's: the empty sequence)
            continue
        low = lowest_bit(g.suit_mask[su])
        for m in range(1024):
            if (<u64>m << low) & ~g.suit_mask[su]:
                continue
            rep = 0
            place = 0
            for card in range(10):
                if m >> card & 1:
                    place = g.canon_next[(su * 11 + place) * 4 + g.pcode[low + card]]
                    rep |= 1 << place
                    place += 1
            if rep == m:
                first[m] = g.seq_count[su * 11 + popcount64(m)]
                g.seq_count[su * 11 + popcount64(m)] += 1
            g.seq_index[su * 1024 + m] = first[rep]
    for k in range(41):
        g.seq_ways[4 * 41 + k] = 1 if k == 0 else 0
    for su in range(3, -1, -1):
        for k in range(41):
            ways = 0
            for j in range(11):
                g.seq_before[(su * 11 + j) * 41 + k] = ways
                if j <= k:
                    ways += g.seq_count[su * 11 + j] * g.seq_ways[(su + 1) * 41 + k - j]
            g.seq_ways[su * 41 + k] = ways      # (at most 40 cards of 4 suits: below 2**30)
    total = 0
    g.relative_max = 0
    for k in range(41):
        g.key_base[k] = total if total < 2 ** 63 else 0
        if k % 3 or k > 30:
            continue
        h = k // 3
        total += <object>g.seq_ways[k] * <object>g.binom[31 * k + h] * <object>g.binom[31 * (k - h) + h]
        if total < 2 ** 63:
            g.relative_max = k
    return 0

cdef inline int set_scoring(Ctx* c, dict scoring) except -1:
    # Ciapanò's parameters (scoring.set_units), and what the key of the draws needs: a deck in
    # 40 bits, and with a stock (Game.stock, set before) at most 3 players and MAX_ROUNDS rounds.
    # Raises ValueError for what the core cannot hold.
    cdef Game* g = &c.g
    cdef int su
    cdef int place, code, low, best, a, b, card
    cdef u64 m
    set_units(c, scoring)
    for a in range(31):
        for b in range(31):
            if b > a:
                g.binom[31 * a + b] = 0
            elif b == 0 or b == a:
                g.binom[31 * a + b] = 1
            else:
                g.binom[31 * a + b] = g.binom[31 * (a - 1) + b - 1] + g.binom[31 * (a - 1) + b]
    if g.n_suits > 4 or g.n_pcodes > 4:
        raise ValueError("suit_masks: at most 4 suits of 4 point values each (own_key)")
    for su in range(g.n_suits):
        if g.suit_mask[su] >> DRAWS_SHIFT:
            raise ValueError("suit_masks: the deck must fit in 40 bits (points_key)")
        low = lowest_bit(g.suit_mask[su])
        if (g.suit_mask[su] >> low) >= (1 << 10):
            raise ValueError("suit_masks: a suit spans more than 10 places (own_key)")
        # canon_next: for each place 0..10 and point code, the least place at or above it of a
        # card of the suit with that code (10: none; never asked for, see own_key).
        for place in range(11):
            for code in range(4):
                best = 10
                for card in range(low + place, low + 10):
                    if (g.suit_mask[su] & bit(card)) and g.pcode[card] == code:
                        best = card - low
                        break
                g.canon_next[(su * 11 + place) * 4 + code] = best
    for code in range(4):
        g.pcode_cards[code] = 0
    for su in range(g.n_suits):
        m = g.suit_mask[su]
        while m:
            card = lowest_bit(m)
            m &= m - 1
            g.pcode_cards[g.pcode[card]] |= bit(card)
    set_sequences(g)
    # Whether every suit has the same places and the same points at each (own_key).
    g.suits_alike = True
    a = lowest_bit(g.suit_mask[0])
    for su in range(1, g.n_suits):
        low = lowest_bit(g.suit_mask[su])
        if (g.suit_mask[su] >> low) != (g.suit_mask[0] >> a):
            g.suits_alike = False
            continue
        for place in range(10):
            if (g.suit_mask[su] & bit(low + place)) and g.points[low + place] != g.points[a + place]:
                g.suits_alike = False
    if g.stock_len and (g.n > 3 or g.stock_len // g.n > MAX_ROUNDS):
        raise ValueError(f"stock: {g.stock_len} cards for {g.n} seats do not fit the key "
                         f"(3 seats and {MAX_ROUNDS} rounds at most)")
    return 0
