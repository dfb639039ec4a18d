# The plain C data of the search core: the game's parameters, a search state, the search
# context.  Everything the hot loop touches is here, so that it runs on C structs under nogil.
#
# Cards are bit indices of a 64-bit mask.  A suit is a contiguous run of bits and a higher bit
# is a higher card of the same suit (the 40-card deck: index = 10 * suit + strength,
# ciapano.cards).  One set of structs serves every game's engine: a field that belongs to one
# game's scoring says so, and the other engines leave it 0.

ctypedef unsigned long long u64
ctypedef unsigned short MemorySlot   # a move memory's slot (movegen.pxd)

cdef enum:
    MAX_SEATS = 5
    MAX_CARDS = 64
    MAX_SUITS = 8
    MAX_MOVES = 16          # more than the longest hand (13) plus slack
    MAX_UNITS = 256         # card points in a deck, in scoring units, are fewer

# Cappotto options (docs/rules.md#ciapano-cappotto); values match ciapano.Cappotto's order of strength.
cdef enum:
    CAPPOTTO_OFF = 0
    CAPPOTTO_CARDS = 1
    CAPPOTTO_ALL = 2

# Switches of the search techniques, so that a plain ("checked") search can be run beside the
# fast one on the same core.
cdef enum:
    USE_TT = 1
    USE_EQUIVALENCE = 2
    USE_BOUNDS = 4
    USE_ORDERING = 8
    USE_RELATIVE = 16       # transposition keys on relative ranks
    USE_NULLGAME = 32       # the game's sub-game as a bound (ciapano: the null game,
                            # ciapano/nullgame.pxd; busca: the points game, busca/game_search.pxd)
    USE_LASTTRICK = 64      # the last-trick game as a bound (ciapano/nullgame.pxd)
    USE_QUASI = 128         # quasi-equivalent and dominated cards (search.pxd, run_known)
    USE_ENDGAME = 256       # exact endgame values where the game has them (busca/endgame.pxd)
    USE_VARIANTS = 512      # bounds from positions that differ only in card points, where the
                            # game keeps them (kifameno/variants.pxd, busca/variants.pxd)
    USE_ALL = 1023

cdef struct Game:
    # The rules as parameters: deck layout, card points, scoring (set by the driver and by the
    # game's set_scoring, ext/<game>/game.pxd).
    int n                       # seats
    int n_suits
    u64 suit_mask[MAX_SUITS]
    signed char suit_of[MAX_CARDS]
    signed char points[MAX_CARDS]   # card points in scoring units (ciapano: thirds)
    signed char pcode[MAX_CARDS]    # index of the card's points among the distinct values of
                                    # its suit's cards
    int n_pcodes                # distinct card point values of a suit, at most (ciapano and
                                # busca: 3; 0, 1, 3 or 0, 1, 8)
    signed char digit_owner[32] # a table key digit's owner (ttable.sort_up), -2 for 0
    signed char digit_pcode[32] # ... and its point code
    u64 starters                # cards with fewer points above them in their suit (ttable.tt_key)
    u64 point_cards             # mask of cards with points > 0
    # Ciapanò (ext/ciapano/game.pxd)
    int unit                    # scoring units per penalty point (3)
    unsigned char floor_of[MAX_UNITS]   # u // unit for u < MAX_UNITS (ciapano/scoring.whole_points)
    unsigned char residue_of[MAX_UNITS] # u % unit
    int deck_points             # all card points of the deck, in units (ciapano: 32; every game)
    int hand_points             # penalty points of a hand (11)
    int cappotto                # CAPPOTTO_*
    int discard_points          # units of the 3-player discard, to the last trick's winner
    int max_value               # no value is above this (ciapano: 11; busca: the most busche)
    # Busca (ext/busca/game.pxd)
    int last_trick_points       # points the last trick carries to its winner (3)
    u64 banned_lead             # cards that may not be led to the first trick (the coins) ...
    u64 banned_discard          # ... nor discarded to it (the Pita), unless nothing else is held
    int deal_cards              # cards of a deal: a position holding them all is in its first trick
    # Kifameno (ext/kifameno/game.pxd): the deal's stock, top card first; the cards not yet
    # drawn are its last (popcount of State.out & ~ every hand) entries (tricks.draw_from_stock)
    signed char stock[MAX_CARDS]
    int stock_len
    u64 stock_mask
    # Calabrasella (ext/calabrasella/game.pxd): its cards of the highest points (the aces), and
    # those points, for the least points a set of cards can carry (quick_tricks)
    u64 high_cards
    int high_points
    # Piedicavallo tarocchi (ext/tarocchi/game.pxd): the trumps' suit, the Fool (a suit of its
    # own), the dealer (whose partnership owns the discards, worth discard_points)
    int trump_suit
    int fool
    int dealer
    u64 value_mask[8]           # ... and the cards of each number of points (0 to 7)
    # Kifameno's relative keys (ext/kifameno/game.pxd, own_key), last: large and read only there
    signed char canon_next[176] # [(suit * 11 + place) * 4 + point code]: the least place >= place
                                # of a card of that code (set_sequences)
    unsigned int binom[961]     # the binomial coefficients C(a, b) at [31 * a + b], a <= 30
    unsigned short seq_index[4096]  # 3 players: [suit * 1024 + cards in play of the suit, from
                                # its lowest place]: the rank of their sequence of point codes
                                # among the suit's sequences of as many cards
    u64 pcode_cards[4]          # the cards of each point code (pcode; suit_layout)
    unsigned short seq_count[44]    # [suit * 11 + n]: the suit's sequences of n cards
    u64 seq_ways[205]           # [suit * 41 + k]: the ways to give the suits from this one on k
                                # cards in play (sequences of each), the product over suits
    u64 seq_before[1804]        # [(suit * 11 + n) * 41 + k]: the ways to give the suits from
                                # this one k cards with fewer than n of this suit's
    u64 key_base[41]            # [k]: the keys of fewer cards in play than k
    int relative_max            # the most cards in play that a relative key holds
    bint suits_alike            # every suit has the same places and points (own_key, 2 players)

cdef struct State:
    u64 hand[MAX_SEATS]
    u64 out                     # cards still held by some seat (union of the hands), and in a
                                # game with a stock the cards still to draw
    u64 trick_mask              # cards played to the current trick
    int leader                  # seat that led the current trick
    int count                   # cards played to the current trick
    int led_suit
    int win_card                # card winning the current trick so far
    int win_seat
    int trick_points            # units in the current trick
    int out_points              # units still held in the hands
    int taken[MAX_SEATS]        # units won in completed tricks

cdef struct TTEntry:
    # 16 bytes: four to a cache line.
    u64 key                     # the cards still held, who holds them (ttable.tt_key)
    unsigned int key2           # ttable.pack_key2 of the leader, perspective and score key, and
                                # above it the cards still held: the work an entry saves; 0 in
                                # an empty slot
    signed char lower           # the value is >= lower + offset
    signed char upper           # the value is <= upper + offset
    signed char best            # best card found (relative form), or -1
    unsigned char gen           # the table's generation when the entry was last stored or used

cdef enum:
    TT_WAYS = 8                 # entries per bucket (a layout's kin share one: ttable.pxd)
    CANON_SUITS = 4             # suits of a relative key (ttable.relative_fits)
    CANON_MASKS = 1024          # subsets of a suit's (at most 10) cards

cdef struct TTBucket:
    # Two cache lines (the table is aligned to them).
    TTEntry e[TT_WAYS]

cdef struct TT:
    TTBucket* table
    void* base                  # the mapping to unmap (ttable.table_alloc), or NULL
    size_t mapped
    u64 buckets                 # number of buckets in use (any number >= 1)
    u64 max_buckets             # buckets the memory holds: the table grows up to them
    u64 start_buckets           # buckets it starts with (ttable.tt_init, tt_clear)
    u64 grow_at                 # filled slots at which the table grows (ttable.tt_grow)
    unsigned char gen           # generation: one per value asked of the driver (driver.pxi)
    u64 entries
    u64 stores
    u64 hits

cdef struct Stats:
    # Counters of the search, for tuning (read with Search.stats).
    u64 p_nodes                 # nodes where the perspective seat moves
    u64 o_nodes                 # nodes where another seat moves
    u64 p_cut[4]                # P nodes cut off by move 1, 2, 3, later
    u64 o_cut[4]
    u64 p_all                   # P nodes that searched every move
    u64 o_all
    u64 p_moves                 # moves searched at P nodes
    u64 o_moves
    u64 bound_cuts              # trick starts decided by the cheap bounds
    u64 tt_cuts                 # trick starts decided by the table
    u64 kin_cuts                # ... by entries of the same cards with other residues
    u64 null_cuts[5]            # trick starts decided by the game's sub-games: Ciapanò's games
                                # without points (ciapano/nullgame.pxd, by kind: null,
                                # last-trick, one-, two-, three-trick); Busca's points game
                                # (busca/game_search.pxd: [0] from above, [3] from below) and
                                # its endgame families ([2]: trick starts they answered;
                                # null_tries[2] families built, null_nodes[2] their nodes)
    u64 null_tries[5]           # searches of those games
    u64 null_unknown[5]         # ... stopped by their budget
    u64 null_nodes[5]           # ... nodes they used (Busca: [0] every points game node)
    u64 null_known_lost         # searches of those games skipped: lost before (ttable.entry_lost)
    u64 mid_cuts                # nodes inside a trick decided by bounds.mid_trick_bound
    u64 etc_cuts                # last cards of a trick decided by a child's bounds (search.etc_cut)
    u64 variant_cuts            # trick starts decided by a position with other card points
                                # (kifameno/variants.pxd; Busca: its points game's)
    u64 quasi_cuts              # cards not searched thanks to a quasi-equivalent card
    u64 dominance_cuts          # cards not searched thanks to a card that dominates them
    u64 small_cuts              # cards not searched: below a suit's relevant cards (search.small_below)
    u64 trick_starts
    u64 trials                  # trials of the upper bound (driver.pxi, bracket)
    u64 trial_stops             # ... stopped by their budget
    u64 expanded[32]            # trick starts searched, by cards still in play // seats

cdef struct Limits:
    # Shared by every search of one solve (limits.pxd).
    u64 used                    # nodes counted so far by every search sharing the limits
    u64 max_nodes               # 0: no node limit
    double deadline             # CLOCK_MONOTONIC seconds; 0: no deadline
    int stop                    # set to 1 to stop every search sharing the limits

cdef struct Ctx:
    Game g
    int P                       # perspective seat: minimises its penalty, the others maximise
    int options                 # USE_* switches
    u64 nodes
    TT tt
    bint relative               # keys on relative ranks (USE_RELATIVE and the deck fits)
    bint canon_suits            # ... with the first four suits in the canon tables
                                # (ttable.canon_fits), else every suit keyed in place
    bint relative_best          # best cards stored as (suit, place from the top): with relative
                                # keys, and in a game whose own keys may be relative (Kifameno)
    signed char owner[MAX_CARDS]    # seat holding each card at the root, or -1
    # The relative keys (ttable.tt_key): for each suit and each subset of its cards still held
    # (a 10-bit mask from the suit's lowest card), the least subset of the same layout, for the
    # main search (owners and points, ttable.set_canon) and the games without points (owners).
    unsigned short canon[CANON_SUITS * CANON_MASKS]
    unsigned short canon_owner[CANON_SUITS * CANON_MASKS]
    int suit_low[CANON_SUITS]   # each suit's lowest card (0 for none)
    # The suits past the fourth (0 cards but in tarocchi: its trumps and Fool), keyed greedily
    # (ttable.long_suits_key): their cards, each card's symbol (owner and point code; owner),
    # and the cards of each symbol held at the root
    u64 long_cards
    signed char long_symbol[MAX_CARDS]
    signed char long_owner[MAX_CARDS]
    u64 symbol_cards[32]
    u64 owner_cards[MAX_SEATS]
    Stats stats
    Limits* limits              # shared node budget, deadline and stop request (limits.pxd)
    bint aborted                # a limit stopped the search: its results are void
    MemorySlot* move_memory     # the card that last cut, by hand and trick (movegen.pxd)
    u64 move_slots              # its size, a power of two
    MemorySlot* null_memory     # the same for the games without points (nullgame.pxd), after it
    int memory_cards            # ... used where more cards than this are still held
    u64 trial_end               # a trial search (driver.pxi, bracket) stops at this node count; 0: none
    u64 trial_nodes             # a trial's budget: trial_nodes + the nodes so far / TRIAL_SHARE
    void* variants              # the table of positions by their cards without points, or NULL
                                # (core/vtable.pxd: the allocation; variant_buckets its first
                                # bucket, variant_mask its buckets less one)
    void* variant_buckets
    u64 variant_mask
    void* game_table            # a game's own table (Busca: busca/endgame.pxd; bridge:
                                # bridge/winranks.pxd), or NULL
    u64 rel                     # the relevant cards of the last search() (partition search,
                                # search.pxd: only where the game keeps a table of winning ranks)
