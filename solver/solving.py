"""Double-dummy solving: the paranoid value of a position, of each legal card, and a line.

The value of a position for a perspective seat P is the least penalty P can guarantee when all
the other seats, seeing every hand, play together against it (the paranoid minimax value,
``docs/rules.md#ciapano-value``).  All values are whole units of the game's score: **penalty
points** in Ciapanò, **busche** in Busca (``Game.value_unit``).

The work is done by the game's search engine (:mod:`ciapano.engine`, sources in ``ext/``):
alpha-beta on null windows with a transposition table, rank equivalence, cheap bounds and the
techniques proved for the game, driven so as to bracket the exact value (as DDS does).
:mod:`ciapano.reference` is the slow oracle it is tested against.

Limits never lie: with ``max_nodes`` or ``time_limit`` a solve may stop before every value is
proved; the result then says ``exact=False`` and gives the bounds proved so far, never a guess.
"""

from __future__ import annotations

import dataclasses
import math
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from . import engine
from .cards import Card
from .concepts import DEFAULT_CONCEPT, check_concept, choose, concept_code, concept_key, deck_order
from .errors import OptionError, PositionError, SolveInterrupted
from .games import HAND_POINTS
from .position import Position

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

__all__ = [
    "DEFAULT_TT_MB",
    "ONE_THREAD_TRICKS",
    "WORKER_TT_MB",
    "Bounds",
    "DDTable",
    "MoveValue",
    "OptionError",
    "SolveInterrupted",
    "SolveResult",
    "check_options",
    "dd_table",
    "free_memory",
    "run_stoppable",
    "solve",
    "value",
]

T = TypeVar("T")


def _machine_mib() -> float:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (ValueError, OSError, AttributeError):
        return math.inf


#: Default memory for the transposition tables of one solve, in MiB (shared out among
#: threads): 1024, or a quarter of the machine's memory where that is less.  A table starts
#: at 2.5 MiB and doubles only as it fills, so a solve uses more than 256 MiB only where its
#: search runs to some hundreds of millions of nodes; those searches then keep the proofs
#: they would re-make (Kifameno, 2 players, seed 14: 1,215 M -> 831 M nodes; a full Busca
#: deal, seed 4: over 4.2 G with 256 MiB, 2.6 G with 4096; docs/speed.md, 2026-11-27).
DEFAULT_TT_MB = int(min(1024.0, _machine_mib() / 4))
#: Default memory of each worker's table where several processes solve at once (batches of
#: hands, the hands of a match, the samples of PIMC), in MiB.
WORKER_TT_MB = 256
#: A position with this many tricks left or fewer is searched on one thread, whatever the
#: ``threads`` asked for: there a second thread (its own smaller table, the pool's hand-offs)
#: costs more than it gains.  Median wall time of ``solve`` on 8-12 random positions a row,
#: one thread against two (docs/speed.md, 2026-11-27): Ciapanò 4 players, 5 tricks left 0.71
#: against 1.30 ms, 8 tricks left 33.7 against 29.7 ms; Busca 6 tricks left 4.2 against 3.6 ms.
ONE_THREAD_TRICKS = 5


class Bounds(NamedTuple):
    """Proved bounds on a value, in the game's value unit (equal when the value is exact)."""

    lower: int
    upper: int


def check_options(
    *,
    tt_mb: float = DEFAULT_TT_MB,
    threads: int = 1,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    workers: int = 1,
) -> None:
    """Check solver options as :func:`solve` does, before any work: the threads, the table
    memory (which the machine must have, and for ``workers`` processes holding one table of
    ``tt_mb`` each, all of them), the limits.

    :raises OptionError: naming the option (``tt_mb``, ``threads``, ``max_nodes``,
        ``time_limit``) and the value.
    """
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise OptionError("threads", f"{threads!r} is not a number of threads >= 1")
    if not isinstance(tt_mb, (int, float)) or not (math.isfinite(tt_mb) and tt_mb > 0):
        raise OptionError("tt_mb", f"{tt_mb!r} is not a positive size in MiB")
    have = _machine_mib()
    if tt_mb > 0.9 * have:
        raise OptionError(
            "tt_mb", f"{tt_mb:g} MiB is more than this machine can give ({have:,.0f} MiB in all)"
        )
    if workers > 1 and tt_mb * workers > 0.9 * have:
        raise OptionError(
            "tt_mb",
            f"{tt_mb:g} MiB for each of {workers} workers is more than this machine can give "
            f"({have:,.0f} MiB in all)",
        )
    if max_nodes is not None and (
        isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1
    ):
        raise OptionError("max_nodes", f"{max_nodes!r} is not a number of nodes >= 1")
    if time_limit is not None and (
        not isinstance(time_limit, (int, float)) or not time_limit > 0 or math.isnan(time_limit)
    ):
        raise OptionError("time_limit", f"{time_limit!r} is not a positive number of seconds")


class _CardFound(NamedTuple):
    """What a card's job of :func:`solve` found, handed on to the thread's next card."""

    lower: int
    upper: int
    #: The line traced from the card (card indices), or None.
    line: list[int] | None
    #: The position's value when known (the perspective seat to move), else None.
    floor: int | None
    #: The best exact value for the seat to move among the thread's cards so far, or None
    #: (equal to ``floor`` once the thread has traced the line of a card worth it).
    best: int | None


class _Ran(NamedTuple):
    """A job run by :func:`_in_this_thread`."""

    result: Any
    interrupted: bool


def _seat(position: Position, seat: int | None) -> int:
    if seat is None:
        return position.to_move
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < position.players:
        raise PositionError("seat", f"{seat!r} is not a seat: seats are 0..{position.players - 1}")
    return seat


def _threads_for(position: Position, threads: int) -> int:
    """The threads worth using on ``position``: one where :data:`ONE_THREAD_TRICKS` or fewer
    tricks are left, else ``threads``."""
    return 1 if position.tricks_left <= ONE_THREAD_TRICKS else threads


def _run(
    jobs: Sequence[Callable[[Any, Any], Any]],
    make: Callable[[], Any],
    threads: int,
    limits: engine.SearchLimits,
    reuse: Sequence[Any] = (),
    plan: Sequence[Sequence[int]] | None = None,
) -> tuple[list[Any], list[Any], bool]:
    """Run jobs on ``threads`` threads (one core Search and one table per thread; thread k
    runs the jobs ``plan[k]`` in order, by default jobs k, k + threads, ...); each job gets
    the thread's Search and the result of the thread's previous job (None for the first), a
    guess for the next value.  Thread k takes ``reuse[k]`` (a Search of the same position from
    an earlier run, with its table) if there is one, else a new Search from ``make``, so that a
    second run on a position stays within the same memory.  The search releases the GIL, so
    the threads run on separate cores; one thread runs in the caller's thread.
    Returns the jobs' results (None for a job not run), the Searches and whether Ctrl-C
    interrupted the run (the searches were then stopped)."""
    results: list[Any] = [None] * len(jobs)
    count = min(threads, len(jobs)) or 1
    if plan is None:
        plan = [range(k, len(jobs), count) for k in range(count)]
    count = len(plan)
    searches: list[Any | None] = [None] * count

    def worker(k: int) -> None:
        searches[k] = reuse[k] if k < len(reuse) else make()
        previous = None
        for i in plan[k]:
            if limits.stopped:
                return
            results[i] = previous = jobs[i](searches[k], previous)

    if count == 1:
        if not _interruptible():
            worker(0)  # no Ctrl-C can reach this run: it runs here, as run_stoppable's job does
            return results, [s for s in searches if s is not None], False
        ran = _in_this_thread(lambda: worker(0), limits)
        if ran is not None:
            return results, [s for s in searches if s is not None], ran.interrupted
    from concurrent.futures import wait  # here: a solve on one thread needs none of it

    interrupted = False
    futures = [_search_threads(count).submit(worker, k) for k in range(count)]
    while True:
        try:
            _, pending = wait(futures, timeout=0.1)
        except KeyboardInterrupt:
            interrupted = True
            limits.stop()
            continue
        if not pending:
            break
    for f in futures:
        f.result()
    return results, [s for s in searches if s is not None], interrupted


def _interruptible() -> bool:
    """Whether Ctrl-C can reach the caller: it is the main thread of a process that does not
    ignore SIGINT (a pool's worker ignores it, and so does a job a shell starts in the
    background); in a caller's other thread, Ctrl-C is the main thread's business."""
    return (
        threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN
    )


def _in_this_thread(job: Callable[[], Any], limits: engine.SearchLimits) -> _Ran | None:
    """Run ``job`` in this thread with Ctrl-C turned into a stop request of ``limits`` (the
    searches run without the GIL, so Python would only see it when they end), if this thread
    can: the main thread, with Python's default SIGINT handler.  An interrupt that reaches
    Python all the same (``_thread.interrupt_main``) stops it too.  Returns ``_Ran(result,
    interrupted)`` (result None if interrupted in Python code), or None if it cannot; then the
    job is to run in a search thread, which costs a handoff (a quarter of a millisecond with a
    new thread, 65 microseconds with a kept one)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
        or not limits.guard_interrupt()
    ):
        return None
    result = None
    interrupted = False
    try:
        result = job()
    except KeyboardInterrupt:
        limits.stop()
        interrupted = True
    finally:
        interrupted = limits.unguard_interrupt() or interrupted
    return _Ran(result, interrupted)


class _ThreadPool(NamedTuple):
    """The search threads of a process."""

    pid: int
    size: int
    executor: ThreadPoolExecutor


_threads_lock = threading.Lock()
_threads: _ThreadPool | None = None


def _search_threads(count: int) -> ThreadPoolExecutor:
    """The process's pool of search threads, kept between solves: starting threads took a
    quarter of a millisecond per solve, two thirds of the time of a solve of a thousand nodes.
    A larger pool replaces it when more threads are asked for, and a forked child (whose copy
    of the pool has no threads) makes its own."""
    from concurrent.futures import ThreadPoolExecutor

    global _threads
    with _threads_lock:
        pid = os.getpid()
        if _threads is None or _threads.pid != pid or _threads.size < count:
            old = _threads if _threads is not None and _threads.pid == pid else None
            size = max(count, old.size if old is not None else 0)
            _threads = _ThreadPool(pid, size, ThreadPoolExecutor(size, "ciapano-search"))
            if old is not None:
                old.executor.shutdown(wait=False)
        return _threads.executor


def _plan_by_suit(classes: Sequence[Sequence[int]], threads: int) -> list[list[int]]:
    """Which thread solves which card classes: the classes of one suit on one thread, since
    cards of one suit often lead to the same positions (relative ranks) and each thread has its
    own table; the suits' groups go, largest first, to the thread with the fewest classes so
    far (with fewer suits than threads, the largest groups are halved first).  Within a
    thread, the classes keep their order.  Deterministic, so that the lines traced do not
    depend on thread timing."""
    count = max(1, min(threads, len(classes)))
    by_suit: dict[Any, list[int]] = {}
    for i, cls in enumerate(classes):
        by_suit.setdefault(Card(cls[0]).suit, []).append(i)
    groups = sorted(by_suit.values(), key=len, reverse=True)
    while len(groups) < count:
        # Fewer suits than threads: halve the largest group.
        big = groups.pop(0)
        groups += [big[: len(big) // 2], big[len(big) // 2 :]]
        groups.sort(key=len, reverse=True)
    plan: list[list[int]] = [[] for _ in range(count)]
    for group in groups:
        min(plan, key=len).extend(group)
    for jobs in plan:
        jobs.sort()
    return [jobs for jobs in plan if jobs]


def run_stoppable(job: Callable[[], T], limits: engine.SearchLimits) -> T:
    """Run ``job`` so that Ctrl-C stops at once the searches that use ``limits`` (they run
    without the GIL, where the main thread would only see the interrupt when they end): here
    (:func:`_in_this_thread`), or else in a thread; an exception of the job is raised here.
    Where no Ctrl-C can reach the caller (a thread other than the main thread, or a process
    that ignores SIGINT, such as a worker of :mod:`ciapano.workers`), the job simply runs.

    :raises KeyboardInterrupt: on Ctrl-C, after the searches have stopped and the job ended.
    """
    ran = _in_this_thread(job, limits)
    if ran is not None:
        if ran.interrupted:
            raise KeyboardInterrupt
        return ran.result
    if not _interruptible():
        return job()
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["result"] = job()
        except BaseException as e:  # handed over to the main thread
            box["error"] = e

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    while thread.is_alive():
        try:
            thread.join(0.1)
        except KeyboardInterrupt:
            limits.stop()
            thread.join()
            raise
    if "error" in box:
        raise box["error"]
    return box["result"]


@dataclass(frozen=True)
class MoveValue:
    """The value of one legal card: ``card, value = move`` unpacks it.

    :ivar card: the card.
    :ivar value: the perspective seat's value after the card, in the game's value unit
        (``Game.value_unit``: e.g. Ciapanò's penalty points, Busca's busche, tarocchi's points
        of the seat's side); None when a limit
        stopped the solve before it was proved (see :attr:`lower`, :attr:`upper`).
    :ivar cost: how much worse than the best card it is for the seat playing it, in the same
        unit (0 for a best card); the perspective seat wants a low value, the others a high
        one.  None unless every card's value is exact.
    :ivar equivalent: the other legal cards of its class (same value for the same reason: of
        the same suit, adjacent in rank once played cards are removed, equal in points).
    :ivar lower: a proved lower bound on the value (equal to it when exact).
    :ivar upper: a proved upper bound on the value (equal to it when exact).
    """

    card: Card
    value: int | None
    cost: int | None
    equivalent: tuple[Card, ...] = ()
    lower: int = 0
    upper: int = HAND_POINTS

    def __iter__(self) -> Iterator[Any]:
        yield self.card
        yield self.value

    @property
    def exact(self) -> bool:
        """Whether the value is proved."""
        return self.value is not None

    def to_dict(self) -> dict[str, Any]:
        """``{"card": "5C", "value": 3, "cost": 0, "equivalent": ["4C"]}``, with ``lower`` and
        ``upper`` added (and ``value`` null) when the value is not proved."""
        d: dict[str, Any] = {
            "card": self.card.text,
            "value": self.value,
            "cost": self.cost,
            "equivalent": [c.text for c in self.equivalent],
        }
        if not self.exact:
            d["lower"] = self.lower
            d["upper"] = self.upper
        return d


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.  Iterating gives ``(card, value)`` pairs, best first.

    :ivar position: the position solved.
    :ivar to_move: the seat to move.
    :ivar perspective: the seat whose penalty the values are (default: the seat to move).
    :ivar value: the least penalty the perspective seat can guarantee, in the game's value
        unit; None when a limit stopped the solve first (see :attr:`lower`, :attr:`upper`).
    :ivar moves: every legal card of the seat to move with its value, best first, then in
        display order (empty when the hand is over).
    :ivar best: the legal cards that keep the value (best for the seat to move: lowest value if
        it is the perspective seat, highest otherwise); empty unless :attr:`exact`.
    :ivar line: a principal variation: optimal cards for every seat to the end of the hand;
        empty unless :attr:`exact` (or if a limit stopped the solve while it was traced).
    :ivar seats: with ``all_seats``, every seat's own guarantee, indexed by seat (None for a
        seat a limit kept from being proved); else None.
    :ivar nodes: search nodes visited (cards played inside the search), over all threads.
    :ivar seconds: wall time of the solve.
    :ivar exact: whether :attr:`value` and every card's value are proved.
    :ivar lower: a proved lower bound on the value (equal to it when exact).
    :ivar upper: a proved upper bound on the value (equal to it when exact).
    :ivar seat_bounds: with ``all_seats``, :class:`Bounds` ``(lower, upper)`` per seat.
    :ivar stopped_by: why the solve stopped early: ``"max_nodes"``, ``"time_limit"``,
        ``"interrupt"``, or None.
    :ivar concept: the solution concept of the values (:mod:`ciapano.concepts`): ``"paranoid"``
        (the default), ``"maxn"``, ``"maxn-for"`` or ``"best"``; in a game of two sides every
        concept is the zero-sum value.
    :ivar scores: under a concept other than ``"paranoid"`` in an individual game, every seat's
        score at the end of the hand, indexed by seat, when exact; else None.
    """

    position: Position
    to_move: int
    perspective: int
    value: int | None
    moves: tuple[MoveValue, ...]
    best: tuple[Card, ...]
    line: tuple[Card, ...]
    seats: tuple[int | None, ...] | None = None
    nodes: int = 0
    seconds: float = 0.0
    exact: bool = True
    lower: int = 0
    upper: int = HAND_POINTS
    seat_bounds: tuple[Bounds, ...] | None = None
    stopped_by: str | None = None
    concept: str = DEFAULT_CONCEPT
    scores: tuple[int, ...] | None = None

    def __iter__(self) -> Iterator[tuple[Card, int | None]]:
        return ((m.card, m.value) for m in self.moves)

    def __getitem__(self, card: Card | str) -> int | None:
        """The value of one legal card.

        :raises KeyError: if the card is not a legal card here.
        """
        c = self.position.game.deck.card(card)
        for m in self.moves:
            if m.card is c:
                return m.value
        raise KeyError(c.text)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``ciapano-solve --json`` (documented in the README)."""
        d: dict[str, Any] = {
            "to_move": self.to_move,
            "perspective": self.perspective,
            "concept": self.concept,
            "value": self.value,
            "exact": self.exact,
        }
        if self.scores is not None:
            d["scores"] = list(self.scores)
        if not self.exact:
            d["lower"] = self.lower
            d["upper"] = self.upper
            d["stopped_by"] = self.stopped_by
        if self.payment is not None:
            d["payment"] = self.payment
        d["moves"] = [m.to_dict() for m in self.moves]
        d["best"] = [c.text for c in self.best]
        d["line"] = [c.text for c in self.line]
        if self.seats is not None:
            d["seats"] = list(self.seats)
            if self.seat_bounds is not None and None in self.seats:
                d["seat_bounds"] = [list(b) for b in self.seat_bounds]
        d["nodes"] = self.nodes
        d["seconds"] = round(self.seconds, 6)
        return d

    @property
    def payment(self) -> int | None:
        """In a game with a declarer (Calabrasella), what each defender pays the declarer for the
        hand's value (negative: the declarer pays each defender), doubled at 35-0
        (:meth:`Calabrasella.payment <ciapano.Calabrasella.payment>`); None in the other games
        or when the value is not exact."""
        pos = self.position
        if pos.declarer is None or self.value is None:
            return None
        game = pos.game
        total = game.hand_total(pos.set_aside)  # type: ignore[attr-defined]
        ours = self.value if self.perspective == pos.declarer else total - self.value
        return game.payment(ours, total - ours)  # type: ignore[attr-defined]

    def __str__(self) -> str:
        return format_result(self)


def _value_text(lower: int, upper: int) -> str:
    return str(lower) if lower == upper else f"{lower}..{upper}"


def format_result(result: SolveResult) -> str:
    """A readable report: the cards and their values, best ones marked, and the line."""
    pos = result.position
    out = [str(pos), ""]
    who = "its own" if result.perspective == result.to_move else f"seat {result.perspective}'s"
    if not result.moves:
        out.append(f"The hand is over: seat {result.perspective} scores {result.value}.")
    else:
        if pos.game.two_sided:
            side = pos.side_of(result.perspective)
            seats = " and ".join(map(str, side))
            if pos.declarer is None:
                names = f"the partnership of seats {seats}"
            else:
                names = "the declarer" if side == (pos.declarer,) else "the defenders"
                names += f", seat{'s' if len(side) > 1 else ''} {seats}"
            # Bridge counts tricks from here on (Game.past_tricks_optional, Game.banked_value);
            # the others a hand's points.
            unit = pos.game.value_nouns[1]
            if pos.game.past_tricks_optional:
                unit += " from here on"
            whose = f"the {unit} of {names} (higher is better), both sides playing their best"
        else:
            whose = f"{who} penalty ({pos.game.value_nouns[1]}) " + _concept_text(
                result.concept, result.perspective
            )
        out.append(
            f"Seat {result.to_move} to move, trick {pos.trick_number} of {pos.game.tricks}; "
            f"values are {whose}."
        )
        if not result.exact:
            out.append(
                f"Stopped by {result.stopped_by} before every value was proved: a range "
                "lo..hi is what was proved."
            )
        out.append("")
        out.append("    card  value  cost  equivalent")
        for m in result.moves:
            mark = "*" if m.card in result.best else " "
            eq = " ".join(c.text for c in m.equivalent)
            cost = "" if m.cost is None else str(m.cost)
            out.append(
                f"  {mark} {m.card.text:<4}  {_value_text(m.lower, m.upper):>5}  {cost:>4}  {eq}"
            )
        out.append("")
        out.append(
            f"Value for seat {result.perspective}: {_value_text(result.lower, result.upper)}"
            + (f"    best: {' '.join(c.text for c in result.best)}" if result.best else "")
        )
        if result.payment is not None:
            out.append(
                f"Payment: each defender pays the declarer {result.payment}"
                if result.payment >= 0
                else f"Payment: the declarer pays each defender {-result.payment}"
            )
        if result.line:
            out.append("Line: " + _line_text(pos, result.line))
    if result.seats is not None:
        bounds = result.seat_bounds or tuple((v, v) for v in result.seats)
        label = "guarantee" if result.concept == "paranoid" else f"score under {result.concept}"
        out.append(
            f"Every seat's {label}: "
            + "  ".join(f"seat {s}: {_value_text(*b)}" for s, b in enumerate(bounds))
        )
    out.append(f"Nodes: {result.nodes:,}    time: {result.seconds:.3f} s")
    return "\n".join(out)


def _concept_text(concept: str, seat: int) -> str:
    """How the seats play under ``concept``, for the report of a solve."""
    if concept == "maxn":
        return f"with every seat playing for its own score (maxn; ties against seat {seat})"
    if concept == "maxn-for":
        return f"with every seat playing for its own score (maxn-for; ties for seat {seat})"
    if concept == "best":
        return f"with every seat playing for seat {seat} (best)"
    return f"with every other seat against seat {seat}"


def _line_text(position: Position, line: tuple[Card, ...]) -> str:
    """The line grouped by tricks, each card with its seat: ``1:5C 2:7C 3:2C 0:4C | ...``; in
    a game with a stock, each trick's draws after it: ``0:3S 1:2S; draws 1:AC 0:KC | ...``."""
    pos = position
    groups: list[list[str]] = [[]]
    for card in line:
        groups[-1].append(f"{pos.to_move}:{card.text}")
        before = pos.stock
        pos = pos.play(card)
        if len(pos.stock) < len(before):
            n = pos.players
            draws = (f"{(pos.leader + k) % n}:{before[k].text}" for k in range(n))
            groups[-1].append("; draws " + " ".join(draws))
        if not pos.trick and groups[-1]:
            groups.append([])
    return " | ".join(" ".join(g).replace(" ;", ";") for g in groups if g)


def stop_reason(
    limits: engine.SearchLimits, interrupted: bool, max_nodes: int | None, time_limit: float | None
) -> str:
    """Why a search under ``limits`` stopped: ``"interrupt"``, ``"max_nodes"`` or
    ``"time_limit"`` (a result's ``stopped_by``)."""
    if interrupted:
        return "interrupt"
    if max_nodes is not None and limits.used >= max_nodes:
        return "max_nodes"
    return "time_limit" if time_limit is not None else "max_nodes"


def solve(
    position: Position,
    seat: int | None = None,
    *,
    all_seats: bool = False,
    tt_mb: float = DEFAULT_TT_MB,
    threads: int = 1,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    options: int = engine.OPTION_ALL,
    concept: str = DEFAULT_CONCEPT,
) -> SolveResult:
    """Solve a position double-dummy: the value, every legal card's value, a line.

    :param position: the position (every hand open).
    :param seat: the perspective seat; default the seat to move.
    :param all_seats: also compute every seat's own guarantee (:attr:`SolveResult.seats`).
    :param tt_mb: memory for the transposition tables, in MiB, shared out among the threads.
    :param threads: the most threads to search with (the legal cards are shared out among
        them; a position with :data:`ONE_THREAD_TRICKS` or fewer tricks left is searched on
        one); the values do not depend on it.
    :param max_nodes: stop after about this many search nodes in all (checked every 1,024).
    :param time_limit: stop after about this many seconds.
    :param options: search techniques (``ciapano.engine.OPTION_*`` flags), for testing the
        search; the values never depend on them.
    :param concept: the solution concept (:mod:`ciapano.concepts`): ``"paranoid"`` (the
        default: the others play against the seat), ``"maxn"``, ``"maxn-for"`` or ``"best"``.
        In an individual game another concept's values are the seat's score with every seat
        playing by it; the paranoid solve runs first (its values bound the concept's from
        above) and the concept's search shares the limits; in a game of two sides every
        concept is the zero-sum value.
    :returns: a :class:`SolveResult`; values in the game's value unit.  When a limit stops the
        solve first, ``exact`` is False and only proved bounds are given.
    :raises PositionError: if ``seat`` is not a seat.
    :raises OptionError: for a bad number of threads, table size, limit or concept, or a table
        larger than the machine's memory.
    :raises SolveInterrupted: (a ``KeyboardInterrupt``) on Ctrl-C, with the partial result.
    """
    start = time.perf_counter()
    p = _seat(position, seat)
    check_options(tt_mb=tt_mb, threads=threads, max_nodes=max_nodes, time_limit=time_limit)
    check_concept(concept)
    if concept != DEFAULT_CONCEPT:
        paranoid = solve(
            position, p, all_seats=all_seats, tt_mb=tt_mb, threads=threads, max_nodes=max_nodes,
            time_limit=time_limit, options=options,
        )  # fmt: skip
        if position.game.two_sided:
            return dataclasses.replace(paranoid, concept=concept)
        if position.is_over():
            return dataclasses.replace(paranoid, concept=concept, scores=tuple(position.score()))
        return _solve_concept(position, p, concept, paranoid, all_seats, tt_mb, max_nodes,
                              time_limit, options, start)  # fmt: skip
    mover = position.to_move
    # Whether the seat to move plays for the perspective seat's side, and which way its side's
    # values are better (a penalty, or Calabrasella's points).
    ours = position.same_side(mover, p)
    minimise = ours == position.game.lower_is_better
    if position.is_over():
        score = position.score()
        return SolveResult(
            position=position,
            to_move=mover,
            perspective=p,
            value=score[p],
            moves=(),
            best=(),
            line=(),
            seats=tuple(score) if all_seats else None,
            nodes=0,
            seconds=time.perf_counter() - start,
            exact=True,
            lower=score[p],
            upper=score[p],
            seat_bounds=tuple(Bounds(v, v) for v in score) if all_seats else None,
        )
    threads = _threads_for(position, threads)
    limits = engine.SearchLimits(max_nodes, time_limit)
    probe = engine.open_search(position, 1, options, limits)
    most = position.game.value_bounds[1]
    classes = probe.classes()
    per_thread = tt_mb / max(1, min(threads, len(classes) + (position.players if all_seats else 0)))

    def make() -> Any:
        return engine.open_search(position, per_thread, options, limits)

    # Where each card's bracket starts: engine.card_brackets, measured per game.
    plan = engine.card_brackets(position.game)

    def card_job(cls: list[int]) -> Callable[[Any, _CardFound | None], _CardFound]:
        # When the perspective seat is to move, each card is worth at least the position's
        # value, so a thread's first job finds that value (one search, whose table the cards'
        # searches then share) and every card's bracket starts there: the "at most t?" tests
        # below it are skipped.  Every card of 20 deals each, against brackets from the
        # card's cheap lower bound: nodes 3 players -2.7%, 4 players -0.7%, 5 players -1.3%
        # (6 deals).  Brackets from the previous card's value were worse (3 players +4%): the
        # tests above a card's value are yes-proofs, the expensive kind.  After a card worth
        # the most (11), the next card first tries 11 on a budget (engine.bracket: 4-player
        # deals 3% fewer nodes).  A line from the card is traced at once, while the table still
        # holds what proved its value; with the position's value known, only from a thread's
        # first card worth it, else from each card better than the thread's cards before it: a
        # thread's cards keep the classes' order (_plan_by_suit), so either way the first best
        # card among the thread's has its line, and the result shows the first best card's
        # line.  Tracing a line from every best card instead
        # (every card of seeded deals, the same values and lines): nodes +0.6% (3 players,
        # seeds 1, 5, 12, 14), +0.1% (3, 7, 9, 15, 20), +0.1% (4 players, 5 deals), +0.4% (5
        # players, 4 deals).
        def job(core: Any, prev: _CardFound | None) -> _CardFound:
            best = None
            if prev is None:
                floor = None
                if ours and plan.root_value_first:
                    lo, hi = core.value_bounds(p)
                    floor = lo if lo == hi else None
            else:
                floor, best = prev.floor, prev.best
            top = prev is not None and prev.lower == prev.upper == most
            guess = most if top else floor if floor is not None else -1
            if prev is not None and prev.lower == prev.upper:
                if plan.card_guess == "previous":
                    guess = prev.lower
                elif plan.card_guess == "best":
                    guess = prev.best
            lo, hi = core.move_bounds(p, cls[0], guess)
            # (With the position's value known, no card is better for the mover, so the first
            # card worth it is the first better than the thread's cards before it.)
            better = lo == hi and (best is None or (lo < best if minimise else lo > best))
            trace = better and (floor is None or lo == floor)
            return _CardFound(
                lower=lo,
                upper=hi,
                line=core.line(p, lo, cls[0]) if trace else None,
                floor=floor,
                best=lo if better else best,
            )

        return job

    found, searches, interrupted = _run(
        [card_job(cls) for cls in classes], make, threads, limits,
        plan=_plan_by_suit(classes, threads),
    )  # fmt: skip
    bounds = [Bounds(f.lower, f.upper) if f is not None else Bounds(0, most) for f in found]
    # The position's bounds: the mover takes the best card for its side.
    pick = min if minimise else max
    lower = pick(lo for lo, _ in bounds)
    upper = pick(hi for _, hi in bounds)
    exact = all(lo == hi for lo, hi in bounds)
    moves = []
    for cls, (lo, hi) in zip(classes, bounds, strict=True):
        v = lo if lo == hi else None
        cost = None
        if exact:
            cost = v - lower if minimise else lower - v
        for card in cls:
            eq = tuple(Card(c) for c in cls if c != card)
            moves.append(
                MoveValue(card=Card(card), value=v, cost=cost, equivalent=eq, lower=lo, upper=hi)
            )
    if exact:
        moves.sort(key=lambda m: (m.cost, m.card))
    else:

        def unproved_key(m: MoveValue) -> tuple[Any, ...]:
            order = (m.lower, m.upper) if minimise else (-m.upper, -m.lower)
            return (order, m.card)

        moves.sort(key=unproved_key)
    best = tuple(m.card for m in moves if m.cost == 0) if exact else ()
    line: tuple[Card, ...] = ()
    if exact:
        # The first best card (in the order of the classes) with a traced line.
        traced = next(
            (
                f.line
                for f in found
                if f is not None and f.lower == f.upper == lower and f.line is not None
            ),
            None,
        )
        if traced is not None:
            line = tuple(Card(c) for c in traced)
    seats = seat_bounds = None
    if all_seats:
        others = [s for s in range(position.players) if s != p]

        def seat_job(s: int) -> Callable[[Any, Any], Bounds]:
            return lambda core, _: Bounds(*core.value_bounds(s))

        if not interrupted:
            # The card searches' tables serve the seats too (entries are keyed by seat):
            # new Searches would hold a second table each, beyond tt_mb.
            found, more, interrupted = _run(
                [seat_job(s) for s in others], make, threads, limits, reuse=searches
            )
            searches += [s for s in more if all(s is not t for t in searches)]
        else:
            found = [None] * len(others)
        table = dict(zip(others, found, strict=True))
        table[p] = Bounds(lower, upper)
        seat_bounds = tuple(
            table[s] if table[s] is not None else Bounds(0, most) for s in range(position.players)
        )
        seats = tuple(lo if lo == hi else None for lo, hi in seat_bounds)
    nodes = sum(s.nodes for s in searches) + probe.nodes
    stopped = interrupted or limits.stopped
    result = SolveResult(
        position=position,
        to_move=mover,
        perspective=p,
        value=lower if exact else None,
        moves=tuple(moves),
        best=best,
        line=line,
        seats=seats,
        nodes=nodes,
        seconds=time.perf_counter() - start,
        exact=exact,
        lower=lower,
        upper=upper,
        seat_bounds=seat_bounds,
        stopped_by=stop_reason(limits, interrupted, max_nodes, time_limit) if stopped else None,
    )
    if interrupted:
        raise SolveInterrupted(result)
    return result


def _solve_concept(
    position: Position,
    p: int,
    concept: str,
    paranoid: SolveResult,
    all_seats: bool,
    tt_mb: float,
    max_nodes: int | None,
    time_limit: float | None,
    options: int,
    start: float,
) -> SolveResult:
    """:func:`solve` under a concept other than the paranoid value, in an individual game, after
    the paranoid solve ``paranoid`` (whose bounds bound the concept's values from above)."""
    game = position.game
    least = game.value_bounds[0]
    code = concept_code(concept)
    mover = position.to_move
    # The limits left after the paranoid solve.
    left_nodes = None if max_nodes is None else max(1, max_nodes - paranoid.nodes)
    spent = time.perf_counter() - start
    left_time = None if time_limit is None else max(1e-3, time_limit - spent)
    limits = engine.SearchLimits(left_nodes, left_time)
    core = engine.open_search(position, tt_mb, options, limits)
    upper_of = {m.card: m.upper for m in paranoid.moves}

    def card(index: int) -> Card:
        return game.deck.card(index + game.card_base)

    found: dict[Card, tuple[int, ...]] = {}
    classes = core.classes()
    for cls in classes:
        got = core.concept_scores(p, code, least, cls[0])
        if got is None:
            break
        found[card(cls[0])] = got[0]
    moves: list[MoveValue] = []
    best_cards: list[Card] = []
    exact = len(found) == len(classes)
    chosen = choose(concept, mover, p, found) if exact else None
    chosen_key = None if chosen is None else concept_key(concept, mover, p, found[chosen])
    for cls in classes:
        rep = card(cls[0])
        scores = found.get(rep)
        v = None if scores is None else scores[p]
        lo, hi = (v, v) if v is not None else (least, upper_of[rep])
        cost = None
        if chosen is not None:
            if mover == p or concept == "best":
                cost = scores[p] - found[chosen][p]
            else:
                cost = scores[mover] - found[chosen][mover]
            # The rule would take any card of a class with the chosen card's key.
            if concept_key(concept, mover, p, scores) == chosen_key:
                best_cards += (card(index) for index in cls)
        for index in cls:
            eq = tuple(card(o) for o in cls if o != index)
            moves.append(
                MoveValue(card=card(index), value=v, cost=cost, equivalent=eq, lower=lo, upper=hi)
            )
    line: tuple[Card, ...] = ()
    scores_at_root = None
    if exact:
        assert chosen is not None
        best = tuple(sorted(best_cards, key=deck_order))
        moves.sort(key=lambda m: (m.cost, deck_order(m.card)))
        lower = upper = found[chosen][p]
        scores_at_root = found[chosen]
        traced = core.concept_line(p, code, least, chosen.index - game.card_base)
        if traced is not None:
            line = tuple(card(c) for c in traced)
    else:
        best = ()
        moves.sort(key=lambda m: (m.lower, m.upper, deck_order(m.card)))
        lower = min(m.lower for m in moves)
        # The seat to move takes one of its cards: above the least bound when it is the
        # perspective seat; never above the paranoid value.
        upper = min(m.upper for m in moves) if mover == p else max(m.upper for m in moves)
        upper = min(upper, paranoid.upper)
    seats = seat_bounds = None
    if all_seats:
        # Each seat's own score under the concept, from its own perspective (the tie rule reads
        # it): bounded as the cards are when a limit stops it.
        assert paranoid.seat_bounds is not None
        bounds = []
        for s in range(position.players):
            if s == p and exact:
                bounds.append(Bounds(lower, upper))  # the root's, found above
                continue
            got = None if limits.stopped else core.concept_scores(s, code, least)
            if got is None:
                bounds.append(Bounds(least, paranoid.seat_bounds[s].upper))
            else:
                bounds.append(Bounds(got[0][s], got[0][s]))
        seat_bounds = tuple(bounds)
        seats = tuple(lo if lo == hi else None for lo, hi in seat_bounds)
    stopped = limits.stopped or paranoid.stopped_by is not None
    return SolveResult(
        position=position,
        to_move=mover,
        perspective=p,
        value=lower if exact else None,
        moves=tuple(moves),
        best=best,
        line=line,
        seats=seats,
        nodes=paranoid.nodes + core.nodes,
        seconds=time.perf_counter() - start,
        exact=exact,
        lower=lower,
        upper=upper,
        seat_bounds=seat_bounds,
        stopped_by=(paranoid.stopped_by or stop_reason(limits, False, max_nodes, time_limit))
        if stopped
        else None,
        concept=concept,
        scores=scores_at_root,
    )


def free_memory() -> int:
    """Give back the memory of the transposition tables kept for the next solve.

    A finished search keeps its table (when it was 4 MiB or more; up to four tables per
    process) for the next one, which then starts without waiting for the kernel to zero fresh
    pages: a third of a small solve's time here, and most of it for solves of a few hundred
    nodes (as DDS keeps its memory between calls until ``FreeMemory``).  A table larger than
    the next solve asks for serves it (only the part asked for is used); when none is large
    enough, the kept tables are given back first.  Call this to shrink a long-lived process
    after its last solve.

    :returns: the bytes given back (0 if none were kept).
    """
    return engine.release_tables()


def value(position: Position, seat: int | None = None, *, tt_mb: float = DEFAULT_TT_MB) -> int:
    """The least penalty ``seat`` (default: the seat to move) can guarantee, in the game's value
    unit.

    Faster than :func:`solve` when the cards' values are not needed.

    :raises PositionError: if ``seat`` is not a seat.
    :raises OptionError: for a bad table size.
    """
    p = _seat(position, seat)
    check_options(tt_mb=tt_mb)
    if position.is_over():
        return position.score()[p]
    return engine.open_search(position, tt_mb).value(p)


class DDTable:
    """Every seat's guarantee from one position: ``table[seat]`` in the game's value unit (None
    for a seat whose value a limit kept from being proved; see :attr:`bounds`)."""

    def __init__(
        self,
        bounds: Sequence[tuple[int, int]],
        nodes: int,
        seconds: float,
        stopped_by: str | None = None,
    ) -> None:
        #: ``Bounds(lower, upper)`` per seat (equal where the value is exact).
        self.bounds = tuple(Bounds(*b) for b in bounds)
        self.values = tuple(lo if lo == hi else None for lo, hi in bounds)
        self.nodes = nodes
        self.seconds = seconds
        self.stopped_by = stopped_by

    @property
    def exact(self) -> bool:
        """Whether every seat's value is proved."""
        return None not in self.values

    def __getitem__(self, seat: int) -> int | None:
        return self.values[seat]

    def __len__(self) -> int:
        return len(self.values)

    def __iter__(self) -> Iterator[int | None]:
        return iter(self.values)

    def to_list(self) -> list[int | None]:
        """The guarantees as a list indexed by seat."""
        return list(self.values)

    def __repr__(self) -> str:
        return f"DDTable({list(self.values)!r})"

    def __str__(self) -> str:
        return "  ".join(f"seat {s}: {_value_text(*b)}" for s, b in enumerate(self.bounds))


def dd_table(
    position: Position,
    *,
    tt_mb: float = DEFAULT_TT_MB,
    threads: int = 1,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> DDTable:
    """Every seat's guarantee (the paranoid value with each seat as the perspective).

    :returns: a :class:`DDTable` indexed by seat, in the game's value unit.
    :raises OptionError: for a bad number of threads, table size or limit.
    :raises SolveInterrupted: never; Ctrl-C propagates as ``KeyboardInterrupt`` after the
        searches are stopped.
    """
    start = time.perf_counter()
    check_options(tt_mb=tt_mb, threads=threads, max_nodes=max_nodes, time_limit=time_limit)
    if position.is_over():
        return DDTable(
            bounds=[Bounds(v, v) for v in position.score()],
            nodes=0,
            seconds=time.perf_counter() - start,
        )
    threads = _threads_for(position, threads)
    limits = engine.SearchLimits(max_nodes, time_limit)
    n = position.players

    def seat_job(s: int) -> Callable[[Any, Any], Bounds]:
        return lambda core, _: Bounds(*core.value_bounds(s))

    found, searches, interrupted = _run(
        [seat_job(s) for s in range(n)],
        lambda: engine.open_search(position, tt_mb / min(threads, n), engine.OPTION_ALL, limits),
        threads,
        limits,
    )
    if interrupted:
        raise KeyboardInterrupt
    most = position.game.value_bounds[1]
    bounds = [b if b is not None else Bounds(0, most) for b in found]
    stopped = stop_reason(limits, False, max_nodes, time_limit) if limits.stopped else None
    return DDTable(
        bounds=bounds,
        nodes=sum(s.nodes for s in searches),
        seconds=time.perf_counter() - start,
        stopped_by=stopped,
    )
