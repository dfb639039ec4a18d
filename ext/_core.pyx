# The driver of the search core and its Python face, ``ciapano._core.Search``.
#
# The driver brackets the exact value with null-window (yes/no) searches, as DDS and MTD(f)
# do: each search answers "is the value above t?" and narrows [lower, upper] until they meet.
# Input is validated in Python (ciapano.position); this module only checks what would make
# the C code unsafe.
from libc.string cimport memset
from structs cimport (u64, Game, State, Ctx, MAX_SEATS, MAX_SUITS, MAX_MOVES,
                      USE_TT, USE_EQUIVALENCE, USE_BOUNDS, USE_ORDERING, USE_RELATIVE, USE_ALL)
from bitops cimport bit, popcount64
from gamerules cimport play_card, hand_score, to_move
from movegen cimport gen_moves, card_classes
from bounds cimport cheap_bounds
from ttable cimport tt_init, tt_free, tt_clear, relative_fits, TT_WAYS
from search cimport search

OPTION_TT = USE_TT
OPTION_EQUIVALENCE = USE_EQUIVALENCE
OPTION_BOUNDS = USE_BOUNDS
OPTION_ORDERING = USE_ORDERING
OPTION_RELATIVE = USE_RELATIVE
OPTION_ALL = USE_ALL


cdef int bracket(Ctx* c, const State* s, int lower, int upper) noexcept nogil:
    # The exact value, known to lie in [lower, upper], by null-window searches.
    cdef int mid, r
    while lower < upper:
        mid = (lower + upper) // 2
        r = search(c, s, mid, mid + 1)
        if r > mid:
            lower = r if r > lower else lower
        else:
            upper = r if r < upper else upper
    return lower


cdef class Search:
    """A position loaded into the search core, with its transposition table.

    Built by :mod:`ciapano.solve` from a validated position; not meant to be built by hand.
    Cards are bit indices; values are penalty points of the perspective seat.

    :param players: number of seats (3..5).
    :param hands: the mask of cards each seat holds, seats in order of play, with the cards
        they played to the current trick.
    :param leader: the seat that led (or leads) the current trick.
    :param trick: card indices played to the current trick, in order.
    :param taken: units (thirds) each seat won in completed tricks.
    :param points: units of each card, by index (64 entries at most).
    :param suit_masks: the mask of each suit; a higher bit is a higher card of its suit.
    :param unit: units per penalty point (3).
    :param deck_points: units in the deck (32).
    :param hand_points: penalty points per hand (11).
    :param cappotto: 0 off, 1 cards, 2 all.
    :param discard_points: units of the 3-player discard (0 without one).
    :param tt_mb: memory for the transposition table, in MiB.
    :param options: the techniques to use (``OPTION_*`` flags; default all).
    :raises ValueError: for parameters the core cannot hold.
    :raises MemoryError: if the table cannot be allocated.
    """

    cdef Ctx c
    cdef State root

    def __cinit__(self):
        self.c.tt.table = NULL

    def __init__(self, int players, hands, int leader, trick, taken, points, suit_masks,
                 int unit, int deck_points, int hand_points, int cappotto,
                 int discard_points, double tt_mb=64, int options=USE_ALL):
        cdef Game* g = &self.c.g
        cdef int i, su
        cdef u64 buckets, entry_bytes = sizeof(self.c.tt.table[0]) * TT_WAYS
        if not 2 <= players <= MAX_SEATS or len(hands) != players or len(taken) != players:
            raise ValueError(f"players: {players} seats with {len(hands)} hands do not fit")
        if not 0 < len(suit_masks) <= MAX_SUITS or len(points) > 64:
            raise ValueError("the deck does not fit the core (at most 8 suits and 64 cards)")
        if len(trick) >= players or not 0 <= leader < players:
            raise ValueError(f"trick: {len(trick)} cards led by seat {leader} do not fit")
        memset(g, 0, sizeof(Game))
        g.n = players
        g.n_suits = len(suit_masks)
        for su in range(g.n_suits):
            g.suit_mask[su] = suit_masks[su]
            for i in range(64):
                if g.suit_mask[su] & bit(i):
                    g.suit_of[i] = su
        distinct = sorted(set(points))
        if len(distinct) > 15:
            raise ValueError("the deck has more than 15 distinct card point values")
        g.n_pcodes = len(distinct)
        for i in range(len(points)):
            g.points[i] = points[i]
            g.pcode[i] = distinct.index(points[i])
            if points[i]:
                g.point_cards |= bit(i)
        g.unit = unit
        g.deck_points = deck_points
        g.hand_points = hand_points
        g.cappotto = cappotto
        g.discard_points = discard_points
        self.c.options = options
        self.c.nodes = 0
        memset(&self.c.stats, 0, sizeof(self.c.stats))
        self.c.relative = (options & USE_RELATIVE) != 0 and relative_fits(g)
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
        # Table size: a power of two of buckets within tt_mb, and no bigger than the position
        # can use (about 2**(cards/2) trick starts).
        buckets = 1
        while (buckets * 2 * entry_bytes <= tt_mb * (1 << 20)
               and buckets < (<u64>1 << (6 + popcount64(self.root.out) // 2))):
            buckets *= 2
        if tt_init(&self.c.tt, buckets) != 0:
            raise MemoryError(f"cannot allocate a {tt_mb} MiB transposition table")

    def __dealloc__(self):
        tt_free(&self.c.tt)

    @property
    def nodes(self):
        """Search nodes (cards played in the search) since the object was made."""
        return self.c.nodes

    @property
    def stats(self):
        """Counters of the search so far, as a dict (see ext/structs.pxd, Stats)."""
        return dict(self.c.stats)

    @property
    def tt_stats(self):
        """``(entries, stores, hits, bytes)`` of the transposition table."""
        size = (self.c.tt.bucket_mask + 1) * TT_WAYS * sizeof(self.c.tt.table[0])
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
        """Empty the transposition table."""
        tt_clear(&self.c.tt)

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

    def value(self, int seat):
        """The least penalty ``seat`` can guarantee from the root (exact)."""
        self._check_seat(seat)
        cdef int v
        self.c.P = seat
        with nogil:
            v = self._value(&self.root)
        return v

    cdef int _value(self, const State* s) noexcept nogil:
        cdef int lower, upper
        if s.count == 0 and s.out == 0:
            return hand_score(&self.c.g, s, self.c.P)
        cheap_bounds(&self.c.g, s, self.c.P, &lower, &upper)
        return bracket(&self.c, s, lower, upper)

    def move_value(self, int seat, int card):
        """The perspective seat's exact value after the seat to move plays ``card``.

        :raises ValueError: if ``card`` is not a legal card at the root.
        """
        self._check_seat(seat)
        cdef State child = self.root
        cdef int v
        if self.over or not (self.root.hand[to_move(&self.c.g, &self.root)] & bit(card)):
            raise ValueError(f"card: {card} is not in the hand of the seat to move")
        self.c.P = seat
        play_card(&self.c.g, &child, card)
        with nogil:
            v = self._value(&child)
        return v

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
        """Whether ``seat`` can keep its penalty at or below ``target`` (one null-window search)."""
        self._check_seat(seat)
        cdef int r
        self.c.P = seat
        with nogil:
            r = search(&self.c, &self.root, target, target + 1)
        return r <= target

    def line(self, int seat, int value):
        """A principal variation: optimal cards for every seat from the root to the end.

        :param value: the root's exact value for ``seat`` (from :meth:`value`).
        :returns: card indices in order of play.
        """
        self._check_seat(seat)
        cdef State cur = self.root
        cdef State child
        cdef int moves[MAX_MOVES]
        cdef int nm, i, r, mover, chosen
        out = []
        self.c.P = seat
        while not (cur.count == 0 and cur.out == 0):
            mover = to_move(&self.c.g, &cur)
            nm = gen_moves(&self.c, &cur, mover, -1, moves)
            chosen = -1
            with nogil:
                for i in range(nm):
                    child = cur
                    play_card(&self.c.g, &child, moves[i])
                    if mover == seat:
                        r = search(&self.c, &child, value, value + 1)
                        if r <= value:
                            chosen = moves[i]
                            break
                    else:
                        r = search(&self.c, &child, value - 1, value)
                        if r >= value:
                            chosen = moves[i]
                            break
            if chosen < 0:
                raise AssertionError("no card keeps the value: the search is inconsistent")
            play_card(&self.c.g, &cur, chosen)
            out.append(chosen)
        return out
