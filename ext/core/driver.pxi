# The driver of the search core and its Python face, the ``Search`` class of each engine
# (``ciapano._engine_<game>``: this file is included by ext/<game>/_engine_<game>.pyx, compiled
# with that game's game.pxd).
#
# The driver brackets the exact value with null-window (yes/no) searches, as DDS and MTD(f)
# do: each search answers "is the value above t?" and narrows [lower, upper] until they meet.
# Input is validated in Python (ciapano.position, ciapano.engine); this module only checks what
# would make the C code unsafe.
from libc.string cimport memset
from libc.stdlib cimport calloc, free
from structs cimport (u64, MemorySlot, Game, State, Ctx, Limits, TTBucket, TT_WAYS, MAX_SEATS, MAX_SUITS, MAX_MOVES, MAX_CARDS,
                      CANON_SUITS,
                      USE_RELATIVE, USE_ALL)
from bitops cimport bit, lowest_bit, popcount64
from game cimport play_card, hand_score, to_move, cheap_bounds, set_scoring, on_p_side, GAME_MEMORY_TRICKS, memory_tricks
from movegen cimport gen_moves, card_classes, MOVE_MEMORY_SLOTS, NULL_MEMORY_SLOTS
from ttable cimport (tt_init, tt_free, tt_clear, tt_misplaced, relative_fits, canon_fits, long_cards, set_digits, set_canon, tt_key,
                    owner_key,
                    pool_release)
from search cimport search, position_key, orc_init, orc_clear, ORACLE_BUILD
from maxn cimport (MaxnTable, maxn_table_init, maxn_table_free, maxn_search, CONCEPT_MAXN, CONCEPT_MAXN_FOR,
                  CONCEPT_BEST)
from game_search cimport root_window, game_table_init, game_table_free, game_table_clear
from trickrule cimport TRICK_BONUS as _TRICK_BONUS, HAS_STOCK

from ._limits import SearchLimits

#: What a won trick adds to its winner's taken beyond the trick's points, in this engine's units
#: (the game's trickrule.pxd): 0 but in a game whose score counts tricks (Mattazza), whose
#: taken is then points + TRICK_BONUS * tricks (ciapano.engine.root_args).
TRICK_BONUS = _TRICK_BONUS
#: Whether this engine's game draws from a stock after each trick (Kifameno): only then may a
#: ``Search`` be given one.
STOCK = bool(HAS_STOCK)


cdef enum:
    TRIAL_NODES = 100000        # a trial of the upper bound may use this many nodes ...
    TRIAL_SHARE = 8             # ... plus this share of the nodes the Search used so far


cdef bint bracket(Ctx* c, const State* s, int* lower, int* upper, int guess) noexcept nogil:
    # Narrow [lower, upper], known to hold the value, by null-window searches until they meet.
    # Returns False if a limit stopped it; [lower, upper] then holds what was proved.
    #
    # Each test asks "is the value at most t?".  Any exact answer needs the two tests next to
    # the value (at most v: yes; at most v - 1: no), and they cost the most; tests far from the
    # value are cut off early by the bounds.  So the first test is at the guess (e.g. the value
    # of a sibling) and the next ones step from there towards the value one point at a time:
    # down while the answer is yes, up while it is no.  Without a guess, the tests go up from
    # the lower bound.  A fail-soft result skips values already refuted.
    #
    # A guess at or above the upper bound asks for a trial of the upper bound first ("is the
    # value above upper - 1?"), stopped after a budget of nodes (Ctx.trial_nodes plus an eighth
    # of the nodes so far) and then forgotten; the tests then go up from the lower bound.  It
    # pays where a sibling card was worth the most (11): proving that the others can force 11
    # took 0.5M nodes on a 4-player deal where the steps up to it took 12M (proving "at least
    # 7", which holds in more ways, is no cheaper than proving 11 but the search finds a much
    # larger proof); where the trial fails, the budget is lost.  Full deals with a trial after
    # every card worth 11: 4 players -3.2% nodes, 3 and 5 players about the same.
    cdef int t, r
    if guess >= upper[0] and upper[0] - lower[0] >= 2:
        t = upper[0] - 1
        c.stats.trials += 1
        c.trial_end = c.nodes + c.trial_nodes + c.nodes // TRIAL_SHARE
        r = search(c, s, t, t + 1)
        c.trial_end = 0
        if c.aborted:
            if c.limits.stop:
                return False            # a limit, not the trial's budget
            c.aborted = False
            c.stats.trial_stops += 1
        elif r > t:
            lower[0] = upper[0]
            return True
        elif r < upper[0]:
            upper[0] = r if r > lower[0] else lower[0]
        guess = -1
    if guess < lower[0]:
        guess = lower[0]
    elif guess >= upper[0]:
        guess = upper[0] - 1
    t = guess
    while lower[0] < upper[0]:
        r = search(c, s, t, t + 1)
        if c.aborted:
            return False
        if r > t:
            lower[0] = r if r > lower[0] else lower[0]
            t = lower[0]
        else:
            upper[0] = r if r < upper[0] else upper[0]
            t = upper[0] - 1
    return True


def release_tables():
    """Unmap the transposition tables kept for reuse: a finished :class:`Search` hands its
    table (when it was mapped, 4 MiB or more) to the next one made in this process, up to four
    tables, so that solving one position after another does not pay for fresh memory each
    time.  Returns the bytes released."""
    return pool_release()


cdef class Search:
    """A position loaded into the search core, with its transposition table.

    Built by :mod:`ciapano.engine` from a validated position; not meant to be built by hand.
    Cards are bit indices; values are the game's (Ciapanò: penalty points) for the perspective
    seat.

    :param players: number of seats (2..5).
    :param hands: the mask of cards each seat holds, seats in order of play, with the cards
        they played to the current trick.
    :param leader: the seat that led (or leads) the current trick.
    :param trick: card indices played to the current trick, in order.
    :param taken: units each seat won in completed tricks (the game's unit of card points).
    :param points: units of each card, by index (64 entries at most).
    :param suit_masks: the mask of each suit; a higher bit is a higher card of its suit.
    :param scoring: the game's own parameters, a dict (its game.pxd, ``set_scoring``).
    :param tt_mb: memory for the transposition table, in MiB.
    :param options: the techniques to use (``OPTION_*`` flags of ``ciapano._limits``; default
        all; a technique the game has no proof for is never used).
    :param limits: a ``ciapano._limits.SearchLimits``, possibly shared with other searches.
    :param stock: in an engine whose game has a stock (:data:`STOCK`), the deal's stock, card
        indices from the top; after each trick every seat draws one, the winner first.
    :param drawn: how many of its cards were drawn before the root (a whole number of rounds).
    :raises ValueError: for parameters the core cannot hold.
    :raises MemoryError: if the table cannot be allocated.
    """

    cdef Ctx c
    cdef State root
    cdef object limits
    cdef MaxnTable maxn_table
    cdef double tt_mb

    def __cinit__(self):
        self.maxn_table.e = NULL
        self.c.tt.table = NULL
        self.c.move_memory = NULL
        self.c.null_memory = NULL
        self.c.game_table = NULL
        self.c.variants = NULL
        self.c.variant_buckets = NULL

    def __init__(self, int players, hands, int leader, trick, taken, points, suit_masks,
                 scoring, double tt_mb=64, int options=USE_ALL, limits=None, stock=(),
                 int drawn=0):
        cdef Game* g = &self.c.g
        cdef int i, su
        cdef signed char symbol[64]
        cdef u64 words[4]
        cdef u64 buckets, slots, entry_bytes = sizeof(TTBucket)
        if not 2 <= players <= MAX_SEATS or len(hands) != players or len(taken) != players:
            raise ValueError(f"players: {players} seats with {len(hands)} hands do not fit")
        if not 0 < len(suit_masks) <= MAX_SUITS or len(points) > 64:
            raise ValueError("the deck does not fit the core (at most 8 suits and 64 cards)")
        if len(trick) >= players or not 0 <= leader < players:
            raise ValueError(f"trick: {len(trick)} cards led by seat {leader} do not fit")
        if min(points, default=0) < 0 or max(points, default=0) > 127:
            raise ValueError(f"points: {list(points)} do not fit the core (0 to 127 a card)")
        if limits is None:
            limits = SearchLimits()
        elif not hasattr(limits, "address"):
            # (Not an isinstance check: a copy of the package under another name, as
            # bench/compare_builds.py makes, has SearchLimits classes of its own.)
            raise ValueError(f"limits: {limits!r} is not a ciapano._limits.SearchLimits")
        memset(g, 0, sizeof(Game))
        self.tt_mb = tt_mb
        g.n = players
        g.n_suits = len(suit_masks)
        for su in range(g.n_suits):
            g.suit_mask[su] = suit_masks[su]
            for i in range(64):
                if g.suit_mask[su] & bit(i):
                    g.suit_of[i] = su
        # Point codes per suit: a card's rank among the distinct points of its suit's cards (the
        # table key's digits tell points apart within a suit only, so that Busca's Pita, 8, and
        # the other aces, 3, need no code of their own: ttable.relative_fits).
        g.n_pcodes = 1
        for su in range(g.n_suits):
            distinct = sorted({points[i] for i in range(len(points)) if g.suit_mask[su] & bit(i)})
            if len(distinct) > g.n_pcodes:
                g.n_pcodes = len(distinct)
            for i in range(len(points)):
                if g.suit_mask[su] & bit(i):
                    g.pcode[i] = distinct.index(points[i])
        if g.n_pcodes > 15:
            raise ValueError("a suit has more than 15 distinct card point values")
        for i in range(len(points)):
            g.points[i] = points[i]
            if points[i]:
                g.point_cards |= bit(i)
        for i in range(len(points)):
            for card in range(i + 1, len(points)):
                if g.suit_of[i] == g.suit_of[card] and g.points[i] > g.points[card]:
                    g.starters |= bit(i)
        for i in range(32):
            g.digit_owner[i] = (i - 1) // g.n_pcodes if i else -2
            g.digit_pcode[i] = (i - 1) % g.n_pcodes if i else 0
        g.deck_points = sum(points)
        if len(stock) and not HAS_STOCK:
            raise ValueError(f"stock: {len(stock)} cards given to an engine without a stock")
        if len(stock) > MAX_CARDS or len(stock) % players or not 0 <= drawn <= len(stock) \
                or drawn % players:
            raise ValueError(f"stock: {len(stock)} cards, {drawn} drawn, do not fit {players} "
                             "seats drawing whole rounds")
        g.stock_len = len(stock)
        for i in range(g.stock_len):
            g.stock[i] = stock[i]
            g.stock_mask |= bit(stock[i])
        # The game's own parameters (its game.pxd), e.g. Ciapanò's unit of thirds and cappotto.
        set_scoring(&self.c, scoring)
        self.c.options = options
        self.c.nodes = 0
        memset(&self.c.stats, 0, sizeof(self.c.stats))
        # (Relative keys name each card by the seat the deal gave it to; a stock's cards go to
        # whoever wins the tricks before they are drawn.)
        self.c.relative = (options & USE_RELATIVE) != 0 and relative_fits(g) and g.stock_len == 0
        self.c.relative_best = self.c.relative or (HAS_STOCK and (options & USE_RELATIVE) != 0)
        self.c.canon_suits = canon_fits(g)
        self.limits = limits            # keeps its Limits struct alive
        self.c.limits = <Limits*><size_t>limits.address
        self.c.aborted = False
        # The move memory from 6 tricks left (movegen.pxd): nodes of 8 deals, 3 players,
        # against every node: the same down to 3 tricks left, -0.8% from 6, +4.2% from 9; 4
        # players -1.1% from 6.  From 5 tricks left (2-byte slots): 3 players -0.4%, 4 players
        # +0.4%.  With 5 players, 8-byte slots: +0.2% nodes, +2.6% time; 2-byte slots: nodes
        # -2.4% and -1.8% (two sets of 6 deals), time in one process -2.5% and -1.7% (best of
        # 3 and 2; geometric means of the deals' ratios -0.4% and -4.2%).
        # With a stock (Kifameno) from 8 cards a seat in play (the stock's included): the value
        # of full deals (docs/speed.md, 2026-11-26), 3 players nodes -6.6% and -15.2%, 2
        # players -2.1% against 5 a seat; four more 3-player deals -8.4% in all (-11% to +8%
        # each); 10 a seat: +3.9%, -8.2%, -5.9%.  Calabrasella from 2 a seat: every card of 20
        # deals 31.7 M -> 30.8 M nodes, the median deal 0.64 M -> 0.56 M (3 a seat 31.0 M, 4
        # 31.2 M, every node 30.8 M, 7 37.0 M).  Each game's GAME_MEMORY_TRICKS, or its
        # memory_tricks for this many players (Kifameno's 3: game.pxd).
        self.c.memory_cards = memory_tricks(players, GAME_MEMORY_TRICKS) * players
        self.c.trial_end = 0
        self.c.trial_nodes = TRIAL_NODES
        # Root: the state at the start of the current trick, then the trick's cards replayed.
        memset(&self.root, 0, sizeof(State))
        for i in range(64):
            self.c.owner[i] = -1
        for i in range(players):
            self.root.hand[i] = hands[i]
            for card in range(64):
                if self.root.hand[i] & bit(card):
                    self.c.owner[card] = i
            self.root.out |= self.root.hand[i]
            self.root.taken[i] = taken[i]
        self._add_stock(&self.root, drawn)
        for card in range(64):
            symbol[card] = -1
            if self.c.owner[card] >= 0:
                symbol[card] = self.c.owner[card] * g.n_pcodes + g.pcode[card]
        memset(self.c.suit_low, 0, sizeof(self.c.suit_low))
        self.c.long_cards = 0
        memset(self.c.symbol_cards, 0, sizeof(self.c.symbol_cards))
        memset(self.c.owner_cards, 0, sizeof(self.c.owner_cards))
        if self.c.relative:
            for su in range(min(g.n_suits, CANON_SUITS)):
                self.c.suit_low[su] = lowest_bit(g.suit_mask[su])
            self.c.long_cards = long_cards(g)
            for card in range(64):
                self.c.long_symbol[card] = max(symbol[card], 0)
                self.c.long_owner[card] = max(self.c.owner[card], 0)
                if symbol[card] >= 0 and self.c.long_cards & bit(card):
                    self.c.symbol_cards[symbol[card]] |= bit(card)
                    self.c.owner_cards[self.c.owner[card]] |= bit(card)
            if self.c.canon_suits:
                set_digits(g, symbol, words)
                set_canon(g, words, self.root.out, True, self.c.canon)
                set_digits(g, self.c.owner, words)
                set_canon(g, words, self.root.out, False, self.c.canon_owner)
        for i in range(64):
            if self.root.out & bit(i):
                self.root.out_points += g.points[i]
        self.root.leader = leader
        for i in range(len(trick)):
            card = trick[i]
            seat = (leader + i) % players
            if not self.root.hand[seat] & bit(card):
                raise ValueError(f"trick[{i}]: card {card} is not in seat {seat}'s mask")
            play_card(g, &self.root, card)
        # Table size: as many buckets as tt_mb holds, and no more than the position can use
        # (about 2**(cards/2) trick starts).
        buckets = max(<u64>1, min(<u64>(tt_mb * (1 << 20)) // entry_bytes,
                             (<u64>1) << (6 + popcount64(self.root.out) // 2)))
        # It starts at 2**(cards/2) buckets at most: 8,192 entries with 20 cards still held
        # (PIMC's samples with 5 tricks left to play, four players), where it started at 2.5 MiB
        # (163,840 entries) and a kept table's were emptied first, at every sample.  Full deals
        # start at 2.5 MiB as before (ttable.start_buckets).
        if tt_init(&self.c.tt, buckets, (<u64>1) << (popcount64(self.root.out) // 2)) != 0:
            raise MemoryError(f"cannot allocate a {tt_mb} MiB transposition table")
        # The move memory (movegen.pxd): a slot for every 16 of the table's, from 256 up to
        # MOVE_MEMORY_SLOTS (512 KiB), so that the small searches of sampling and puzzles
        # do not pay for a large one.
        slots = 256
        while slots < MOVE_MEMORY_SLOTS and slots * 16 < buckets * TT_WAYS:
            slots *= 2
        free(self.c.move_memory)
        self.c.move_memory = <MemorySlot*>calloc(slots + NULL_MEMORY_SLOTS, sizeof(MemorySlot))
        if self.c.move_memory == NULL:
            raise MemoryError(f"cannot allocate a move memory of {slots} slots")
        self.c.move_slots = slots
        self.c.null_memory = self.c.move_memory + slots
        game_table_free(&self.c)
        game_table_init(&self.c, popcount64(self.root.out))

    cdef int _add_stock(self, State* s, int drawn) except -1:
        # The stock's cards not yet drawn (after the first `drawn`) join the cards in play of s,
        # whose hands are set (State.out: the hands' cards and the cards still to draw).
        cdef const Game* g = &self.c.g
        cdef int i
        for i in range(drawn, g.stock_len):
            if s.out & bit(g.stock[i]):
                raise ValueError(f"stock[{i}]: card {g.stock[i]} is also in a hand")
            s.out |= bit(g.stock[i])
        return 0

    def __dealloc__(self):
        tt_free(&self.c.tt)
        maxn_table_free(&self.maxn_table)
        game_table_free(&self.c)
        free(self.c.move_memory)
        self.c.move_memory = NULL
        self.c.null_memory = NULL

    @property
    def nodes(self):
        """Search nodes (cards played in the search) since the object was made."""
        return self.c.nodes

    @property
    def trial_nodes(self):
        """Nodes a trial of the upper bound may use (see :meth:`value_bounds`), besides an
        eighth of the nodes used so far; settable (tests set it low to make trials fail)."""
        return self.c.trial_nodes

    @trial_nodes.setter
    def trial_nodes(self, u64 nodes):
        self.c.trial_nodes = nodes

    @property
    def stats(self):
        """Counters of the search so far, as a dict (see ext/structs.pxd, Stats)."""
        return dict(self.c.stats)

    def tt_misplaced(self):
        """Entries of the transposition table not in the bucket their key hashes to: 0 unless
        the table is broken (for tests of its growth)."""
        return tt_misplaced(&self.c.tt)

    def table_key(self, u64 out, bint owners=False):
        """The transposition table's key of the cards ``out`` still held (a mask of cards held
        at the root): with relative ranks, the least subset of each suit with the same owners
        and points in order of rank (``ttable.tt_key``), or with ``owners`` the same of the
        owners alone (the games without points); otherwise ``out`` itself.  For tests of the
        keys.

        :raises ValueError: if ``out`` holds a card not held at the root.
        """
        cdef State s
        if out & ~self.root.out & ~self.root.trick_mask:
            raise ValueError(f"out: {out:#x} holds cards not held at the root")
        s.out = out
        return owner_key(&self.c, &s) if owners else tt_key(&self.c, &s)

    def trick_start_key(self, hands, u64 stock=0):
        """The main search's table key (``search.position_key``: the game's own, else the
        cards held with the points part) of a trick start where each seat holds ``hands[i]`` (a
        mask of the core's cards) and no other card is in play but ``stock``, the cards still to
        draw (a mask of the last cards of the game's stock); for tests of the keys (Kifameno's
        relative keys).  The rest of the state is the root's.

        :raises ValueError: for a hand that is not one per seat, or a ``stock`` that is not the
            last cards of the game's stock or shares a card with a hand.
        """
        cdef State s = self.trick_start(hands)
        cdef int k = popcount64(stock), i
        cdef u64 last = 0
        if k <= self.c.g.stock_len:
            for i in range(self.c.g.stock_len - k, self.c.g.stock_len):
                last |= bit(self.c.g.stock[i])
        if stock != last or stock & s.out:
            raise ValueError(f"stock: {stock:#x} is not the last cards of the game's stock, apart "
                             "from the hands")
        s.out |= stock
        return position_key(&self.c, &s)

    cdef State trick_start(self, hands) except *:
        # The root's state with each seat holding hands[i] and no other card in play, at the
        # start of a trick (trick_start_key; Kifameno's games_key).
        cdef State s = self.root
        cdef int i
        if len(hands) != self.c.g.n:
            raise ValueError(f"hands: {len(hands)} hands for {self.c.g.n} seats")
        s.count = 0
        s.trick_mask = 0
        s.out = 0
        for i in range(self.c.g.n):
            s.hand[i] = hands[i]
            s.out |= s.hand[i]
        return s

    @property
    def tt_stats(self):
        """``(entries, stores, hits, bytes)`` of the transposition table; ``bytes`` is the size
        in use (the table starts at 2.5 MiB at most and doubles as it fills, up to ``tt_mb``;
        past 32 MiB only when 7/8 full)."""
        size = self.c.tt.buckets * sizeof(TTBucket)
        return (self.c.tt.entries, self.c.tt.stores, self.c.tt.hits, size)

    @property
    def to_move(self):
        """The seat to move at the root."""
        return to_move(&self.c.g, &self.root)

    @property
    def over(self):
        """Whether the root is the end of the hand."""
        return self.root.out == 0 and self.root.count == 0

    def clear(self):
        """Empty the transposition table and the move memory."""
        tt_clear(&self.c.tt)
        game_table_clear(&self.c)
        memset(self.c.move_memory, 0, (self.c.move_slots + NULL_MEMORY_SLOTS) * sizeof(MemorySlot))

    def _check_seat(self, int seat):
        if not 0 <= seat < self.c.g.n:
            raise ValueError(f"seat: {seat} is not a seat of {self.c.g.n}")

    def classes(self):
        """The legal cards of the seat to move as classes of equivalent cards.

        :returns: a list of lists of card indices, the class's representative (its highest
            card, the one the search plays) first.
        """
        cdef int rep_of[64]
        cdef int card
        if self.over:
            return []
        card_classes(&self.c.g, &self.root, to_move(&self.c.g, &self.root), rep_of)
        out = {}
        for card in range(63, -1, -1):
            if rep_of[card] >= 0:
                out.setdefault(rep_of[card], []).append(card)
        return list(out.values())

    @property
    def stopped(self):
        """Whether a limit stopped a search of this object (its later calls return at once)."""
        return bool(self.c.aborted)

    cdef bint _value(self, const State* s, int* lower, int* upper, int guess) noexcept nogil:
        if s.count == 0 and s.out == 0:
            lower[0] = upper[0] = hand_score(&self.c.g, s, self.c.P)
            return True
        cheap_bounds(&self.c.g, s, self.c.P, lower, upper)
        self.c.tt.gen += 1
        guess = root_window(&self.c, s, lower, upper, guess)
        return bracket(&self.c, s, lower, upper, guess)

    def value_bounds(self, int seat, int guess=-1):
        """``(lower, upper)`` on the least penalty ``seat`` can guarantee from the root; equal
        when the value is exact, apart when a limit stopped the search first.  ``guess`` (for
        example a related position's value) only changes how fast it is found; a guess at or
        above the cheap upper bound (such as 11 after a sibling worth 11) first tries that
        bound with a budget of nodes (:attr:`trial_nodes`)."""
        self._check_seat(seat)
        cdef int lower, upper
        self.c.P = seat
        with nogil:
            self._value(&self.root, &lower, &upper, guess)
        return lower, upper

    def value(self, int seat):
        """The least penalty ``seat`` can guarantee from the root (exact; no limits set)."""
        lower, upper = self.value_bounds(seat)
        if lower != upper:
            raise RuntimeError("the search was stopped by a limit before the value was exact")
        return lower

    def move_bounds(self, int seat, int card, int guess=-1):
        """``(lower, upper)`` on the perspective seat's value after the seat to move plays
        ``card``; equal unless a limit stopped the search.  ``guess`` as for
        :meth:`value_bounds`.

        :raises ValueError: if ``card`` is not in the hand of the seat to move.
        """
        self._check_seat(seat)
        cdef State child = self.root
        cdef int lower, upper
        if self.over or not (self.root.hand[to_move(&self.c.g, &self.root)] & bit(card)):
            raise ValueError(f"card: {card} is not in the hand of the seat to move")
        self.c.P = seat
        play_card(&self.c.g, &child, card)
        with nogil:
            self._value(&child, &lower, &upper, guess)
        return lower, upper

    def move_value(self, int seat, int card):
        """The perspective seat's exact value after the seat to move plays ``card``."""
        lower, upper = self.move_bounds(seat, card)
        if lower != upper:
            raise RuntimeError("the search was stopped by a limit before the value was exact")
        return lower

    def bounds(self, int seat):
        """``(lower, upper)``: the cheap bounds on ``seat``'s value at the root (ext/bounds.pxd)."""
        self._check_seat(seat)
        cdef int lower, upper
        if self.over:
            lower = upper = hand_score(&self.c.g, &self.root, seat)
        else:
            cheap_bounds(&self.c.g, &self.root, seat, &lower, &upper)
        return lower, upper

    def holds(self, int seat, int target):
        """Whether ``seat`` can keep its penalty at or below ``target`` (one null-window search);
        None if a limit stopped the search."""
        self._check_seat(seat)
        cdef int r
        self.c.P = seat
        with nogil:
            r = search(&self.c, &self.root, target, target + 1)
        if self.c.aborted:
            return None
        return r <= target

    def line(self, int seat, int value, int first=-1):
        """A principal variation: optimal cards for every seat from the root to the end.

        Cheap right after the searches that proved ``value`` (their table entries are still
        there); much dearer once later searches have taken their place.

        :param value: the root's exact value for ``seat`` (from :meth:`value`), or with
            ``first`` the exact value after that card (from :meth:`move_value`).
        :param first: a card the seat to move plays first (the line then starts with it).
        :returns: card indices in order of play, or None if a limit stopped the search.
        :raises ValueError: if ``first`` is not in the hand of the seat to move.
        """
        self._check_seat(seat)
        cdef State cur = self.root
        cdef State child
        cdef int moves[MAX_MOVES]
        cdef int nm, i, r, mover, chosen
        out = []
        self.c.P = seat
        if first >= 0:
            if self.over or not (self.root.hand[to_move(&self.c.g, &self.root)] & bit(first)):
                raise ValueError(f"first: {first} is not in the hand of the seat to move")
            play_card(&self.c.g, &cur, first)
            out.append(first)
        while not (cur.count == 0 and cur.out == 0):
            mover = to_move(&self.c.g, &cur)
            nm = gen_moves(&self.c, &cur, mover, -1, moves, NULL, NULL)
            chosen = -1
            with nogil:
                for i in range(nm):
                    child = cur
                    play_card(&self.c.g, &child, moves[i])
                    if on_p_side(&self.c.g, seat, mover):
                        r = search(&self.c, &child, value, value + 1)
                        if r <= value:
                            chosen = moves[i]
                            break
                    else:
                        r = search(&self.c, &child, value - 1, value)
                        if r >= value:
                            chosen = moves[i]
                            break
            if self.c.aborted:
                return None
            if chosen < 0:
                raise AssertionError("no card keeps the value: the search is inconsistent")
            play_card(&self.c.g, &cur, chosen)
            out.append(chosen)
        return out

    # -- analysing a played hand: one table for every position of the deal ------------------

    def set_root(self, hands, int leader, trick, taken, int drawn=0):
        """Move the root to another position of the same deal, keeping the table.

        The table's keys depend only on the cards still held and their owners (fixed by the
        deal, ``ttable.tt_key``), the seat to lead, the perspective seat and the score key, so
        its entries stay true for every position of the deal; consecutive positions of a played
        hand share most of their searches (as DDS's play analyser does).  Arguments as for
        ``__init__``: the hands hold the cards they played to the current trick, and ``drawn``
        cards of the stock given to ``__init__`` have been drawn.  (With a stock the keys hold
        the cards still in play and, for each round drawn, who drew it: the same for every
        position of the deal too, ``ext/kifameno/game.pxd``.)

        :raises ValueError: if a hand holds a card the deal did not give that seat, or the
            trick does not fit.
        """
        cdef int i, card, seat
        cdef int n = self.c.g.n
        cdef State s
        if len(hands) != n or len(taken) != n:
            raise ValueError(f"hands: {len(hands)} hands and {len(taken)} taken for {n} seats")
        if len(trick) >= n or not 0 <= leader < n:
            raise ValueError(f"trick: {len(trick)} cards led by seat {leader} do not fit")
        if not 0 <= drawn <= self.c.g.stock_len or drawn % n:
            raise ValueError(f"drawn: {drawn} is not whole rounds of the {self.c.g.stock_len} "
                             "cards of the stock")
        memset(&s, 0, sizeof(State))
        for i in range(n):
            s.hand[i] = hands[i]
            for card in range(64):
                if s.hand[i] & bit(card) and self.c.owner[card] != i and \
                        not (self.c.g.stock_mask & bit(card)):
                    raise ValueError(f"hands[{i}]: card {card} was not dealt to seat {i}")
            s.out |= s.hand[i]
            s.taken[i] = taken[i]
        self._add_stock(&s, drawn)
        for i in range(64):
            if s.out & bit(i):
                s.out_points += self.c.g.points[i]
        s.leader = leader
        for i in range(len(trick)):
            card = trick[i]
            seat = (leader + i) % n
            if not s.hand[seat] & bit(card):
                raise ValueError(f"trick[{i}]: card {card} is not in seat {seat}'s mask")
            play_card(&self.c.g, &s, card)
        self.root = s

    def set_scoring(self, scoring):
        """Change the game's own scoring parameters (its ``game.pxd``'s ``set_scoring``), keeping
        the table: for searches of one deal whose parameters differ only in what the game puts
        into its score key (Calabrasella's set-aside points, ``ciapano.engine.ExchangeSearch``).

        :raises ValueError: for parameters the core cannot hold.
        """
        set_scoring(&self.c, scoring)

    def value_within(self, int seat, int lower, int upper, int guess=-1):
        """``(lower, upper)`` on ``seat``'s value at the root clamped to the given range: the
        caller knows the value lies in it (e.g. a seat's value cannot rise while the other
        seats play), or only asks where it stands against it (``lower=v, upper=v + 1`` is one
        yes/no question: is the value at most ``v``?).  Equal unless a limit stopped the
        search.  ``guess`` as for :meth:`value_bounds`."""
        self._check_seat(seat)
        if not 0 <= lower <= upper:
            raise ValueError(f"lower, upper: [{lower}, {upper}] is not a range of values")
        cdef int lo, hi
        self.c.P = seat
        with nogil:
            if self.root.count == 0 and self.root.out == 0:
                lo = hi = hand_score(&self.c.g, &self.root, seat)
            else:
                cheap_bounds(&self.c.g, &self.root, seat, &lo, &hi)
                lo = min(max(lo, lower), upper)
                hi = max(min(hi, upper), lower)
                self.c.tt.gen += 1
                bracket(&self.c, &self.root, &lo, &hi, guess)
        return min(max(lo, lower), upper), max(min(hi, upper), lower)

    # -- solution concepts beyond the paranoid value (ext/core/maxn.pxd) ------------------

    def concept_scores(self, int seat, int concept, int floor=0, int first=-1):
        """Every seat's hand score under a solution concept (maxn.pxd: 0 maxⁿ with ties
        against ``seat``, 1 maxⁿ with ties for it, 2 every seat playing for it) from the root,
        or after the seat to move plays ``first``; and the card the seat to move then takes.

        The table of the concepts (about ``tt_mb`` MiB, made at the first call) keeps its
        entries between calls.  Nodes count in :attr:`nodes` and against the limits.

        :param floor: the game's least score (the best concept stops at a card worth it).
        :returns: ``(scores, card)``: a tuple of ``players`` scores in the game's value unit,
            and the card taken at the root (-1 where none is searched: ``first`` given, the
            end, the last trick's forced play, a table entry); or None if a limit stopped it.
        :raises ValueError: for a seat or concept that is none, or ``first`` not in the hand
            of the seat to move.
        :raises MemoryError: if the table cannot be allocated.
        """
        self._check_seat(seat)
        if concept not in (CONCEPT_MAXN, CONCEPT_MAXN_FOR, CONCEPT_BEST):
            raise ValueError(f"concept: {concept} is not 0 (maxn), 1 (maxn-for) or 2 (best)")
        cdef State s = self.root
        cdef signed char vec[MAX_SEATS]
        cdef int chosen = -1
        cdef bint ok
        if self.maxn_table.e == NULL and maxn_table_init(&self.maxn_table, self.tt_mb) < 0:
            raise MemoryError("the concepts' table cannot be allocated")
        if first >= 0:
            if self.over or not (self.root.hand[to_move(&self.c.g, &self.root)] & bit(first)):
                raise ValueError(f"first: {first} is not in the hand of the seat to move")
            play_card(&self.c.g, &s, first)
        self.c.P = seat
        with nogil:
            ok = maxn_search(&self.c, &self.maxn_table, &s, concept, floor, vec, &chosen, first >= 0)
        if not ok:
            return None
        return tuple(vec[i] for i in range(self.c.g.n)), chosen

    def concept_line(self, int seat, int concept, int floor=0, int first=-1):
        """The line of a solution concept (:meth:`concept_scores`): the card each seat takes
        from the root (after ``first``, which the line then starts with) to the end.

        :returns: card indices in order of play, or None if a limit stopped it.
        :raises ValueError: as :meth:`concept_scores`.
        """
        cdef State saved = self.root
        out = []
        try:
            if first >= 0:
                if self.concept_scores(seat, concept, floor, first) is None:
                    return None
                play_card(&self.c.g, &self.root, first)
                out.append(first)
            while not (self.root.count == 0 and self.root.out == 0):
                if self.root.count == 0 and popcount64(self.root.out) == self.c.g.n:
                    # The last trick: each seat plays its one card.
                    for i in range(self.c.g.n):
                        card = lowest_bit(self.root.hand[to_move(&self.c.g, &self.root)])
                        play_card(&self.c.g, &self.root, card)
                        out.append(card)
                    break
                found = self.concept_scores(seat, concept, floor)
                if found is None:
                    return None
                play_card(&self.c.g, &self.root, found[1])
                out.append(found[1])
        finally:
            self.root = saved
        return out


def oracle(int mode):
    """The move-order oracle (a measurement: search.pxd), for every search of this engine in
    the process: 0 off, 1 record the cards that cut, 3 record them and try them first, plus the
    flags 8, 16 and 32 (search.pxd).  bench/order_ceiling.py drives it.

    :raises RuntimeError: if the engine was built without ``CIAPANO_ORACLE=1`` (setup.py).
    :raises MemoryError: if its table (576 MiB) cannot be allocated.
    """
    if not ORACLE_BUILD:
        raise RuntimeError(
            "this engine was built without the move-order oracle: build it with CIAPANO_ORACLE=1")
    if orc_init(mode) != 0:
        raise MemoryError("cannot allocate the move-order oracle's table (576 MiB)")


def oracle_clear():
    """Forget every card the oracle recorded."""
    orc_clear()
