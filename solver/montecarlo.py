"""Perfect-information Monte Carlo (PIMC): scoring a seat's cards from what it knows.

At the table no seat sees the others' hands.  PIMC judges the cards of the seat to move from its
own information set (:class:`~ciapano.InformationSet`): it samples deals of the hidden hands
uniformly among those consistent with what the seat knows (:func:`~ciapano.sample_deals`), solves
each sample double-dummy for that seat (:func:`~ciapano.solve`, every legal card), and averages:
a card's *mean* is its expected double-dummy value (a penalty; in Calabrasella the points of
the seat's side) under the uniform distribution of deals, estimated from the samples, with its
standard error and a 95 % interval (normal approximation, ``mean ± 1.96 · stderr``; for fewer
than about 30 samples the interval is too narrow).

**What the numbers are not.**  PIMC is a heuristic with known biases (Frank and Basin, 1998,
"Search in games with incomplete information: a case study using Bridge card play", *Artificial
Intelligence* 100; Long, Sturtevant, Buro and Furtak, 2010, "Understanding the success of
perfect information Monte Carlo sampling in game tree search", AAAI-10):

- *Strategy fusion*: in each sample the seat plays on as if it could see every hand, choosing
  different later cards in deals it could not tell apart at the table.  The mean is therefore
  optimistic for it, most where the right play depends on a guess to come (which honour to
  duck with, which suit to keep).
- *Non-locality*: the value of a position depends on what the other seats know and would have
  done elsewhere in the tree; PIMC solves each deal on its own and ignores it.  In particular the
  other seats' earlier cards carry information beyond voids (they would have played otherwise
  with other hands), which the uniform sample does not use: only hand sizes and voids are
  assumed.
- In each sample the other seats play together against the viewer, seeing every hand (the
  paranoid double-dummy value, ``RULES.md``): pessimistic where the real opponents are
  separate players who cannot see the cards.  (Calabrasella is played by sides: a defender's
  partner plays with it, and in each sample sees every hand as well.)

So a PIMC mean is an estimate of a double-dummy expectation, not a guarantee, and the
difference between two cards is meaningful only with its interval.  Long et al. find PIMC
strongest when the game tree's leaves are well correlated and the game reveals information
gradually, as in trick-taking games, which is why it is the standard tool for reviewing a card
"with what the player could have known".

The result does not depend on the number of worker processes: the deals are drawn in order from
the seed before any is solved, and each is solved exactly.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple

import numpy as np

from .cards import Card
from .concepts import DEFAULT_CONCEPT, check_concept
from .errors import CardError, InformationSetError, OptionError
from .estimates import Estimate, Interval, mean_estimate
from .formats import view_at
from .games import Ciapano, Game
from .position import Position
from .sampling import InformationSet, as_information_set, sample_deals
from .solving import WORKER_TT_MB, check_options, solve
from .workers import check_workers, ordered_map

__all__ = [
    "DEFAULT_PIMC_TT_MB",
    "LARGE_SOLVE_CARDS",
    "CardLoss",
    "Estimate",
    "Interval",
    "PimcCosts",
    "PimcMove",
    "PimcResult",
    "mean_estimate",
    "pimc",
    "pimc_check",
    "pimc_costs",
    "pimc_costs_text",
]

#: Transposition-table memory for each sample's solve, in MiB, when fewer than
#: :data:`LARGE_SOLVE_CARDS` cards are still in play: the table is allocated for every solve,
#: and a small one is faster to set up for the solves of well under a second that most samples
#: take after the first tricks.  Larger positions get ``WORKER_TT_MB`` (256 MiB), which saves
#: more search than it costs (``bench/bench_pimc.py``).
DEFAULT_PIMC_TT_MB = 32
#: Cards in play (in the hands and the trick) from which a sample's solve gets the large table.
LARGE_SOLVE_CARDS = 32

ProgressCallback = Callable[[int, int], None]


def _r(x: float) -> float:
    return round(x, 4)


@dataclass(frozen=True)
class PimcMove:
    """One legal card scored by PIMC.

    :ivar card: the card.
    :ivar mean: its mean double-dummy value over the samples (in the game's value unit:
        Ciapanò's penalty points, 0..11, Busca's busche, lower is better for the seat;
        Calabrasella's points of the seat's side, 0..35, Piedicavallo tarocchi's, 0..114,
        higher is better).
    :ivar stderr: the standard error of the mean (the same unit).
    :ivar ci95: a 95 % interval of the expected value, :class:`Interval` ``(low, high)``
        (normal approximation).
    :ivar best_rate: the share of samples (0..1) in which the card was among the best cards.
    """

    card: Card
    mean: float
    stderr: float
    ci95: Interval
    best_rate: float

    def to_dict(self) -> dict[str, Any]:
        """``{"card": "5C", "mean": 2.41, "stderr": 0.08, "ci95": [2.25, 2.57],
        "best_rate": 0.62}`` (rounded to 4 decimals)."""
        return {
            "card": self.card.text,
            "mean": _r(self.mean),
            "stderr": _r(self.stderr),
            "ci95": [_r(self.ci95.low), _r(self.ci95.high)],
            "best_rate": _r(self.best_rate),
        }


@dataclass(frozen=True)
class CardLoss:
    """A card's expected loss against the PIMC-best card, from the seat's own view.

    The loss is the mean over the samples of the paired difference ``value(card) -
    value(best)`` (both solved on the same deals), so its interval is narrower than that of the
    two means.  The best card is chosen on the same samples, which makes the loss of the other
    cards slightly optimistic for them (a selection bias that shrinks with more samples).

    :ivar card: the card scored.
    :ivar best: the PIMC-best card (best mean: the lowest penalty, or in Calabrasella the most
        points).
    :ivar loss: what ``card`` is expected to cost against it (the game's value unit: extra
        penalty, or points lost; >= 0 in the mean, 0 for the best).
    :ivar stderr: the standard error of the loss.
    :ivar ci95: a 95 % :class:`Interval` of the loss (normal approximation).
    :ivar mean: the card's mean value; the best card's is ``mean - loss`` (a penalty) or
        ``mean + loss`` (points, Calabrasella).
    :ivar samples: the number of samples.
    :ivar seed: the seed they were drawn with.
    :ivar game: the game (for the text; not in :meth:`to_dict`).
    """

    card: Card
    best: Card
    loss: float
    stderr: float
    ci95: Interval
    mean: float
    samples: int
    seed: int
    game: Game = field(default_factory=Ciapano)

    def to_dict(self) -> dict[str, Any]:
        """``{"card": "7H", "best": "5C", "loss": 0.49, "stderr": 0.06, "ci95": [0.37, 0.61],
        "samples": 200, "seed": 7}``."""
        return {
            "card": self.card.text,
            "best": self.best.text,
            "loss": _r(self.loss),
            "stderr": _r(self.stderr),
            "ci95": [_r(self.ci95.low), _r(self.ci95.high)],
            "samples": self.samples,
            "seed": self.seed,
        }

    def __str__(self) -> str:
        if self.card == self.best:
            return f"{self.card}: the PIMC-best card ({self.samples} samples, seed {self.seed})"
        return (
            f"{self.card}: expected loss {self.loss:.2f} {self.game.value_nouns[1]} against "
            f"{self.best} (95% interval {self.ci95.low:.2f} .. {self.ci95.high:.2f}; "
            f"{self.samples} samples, seed {self.seed})"
        )


@dataclass(frozen=True)
class PimcResult:
    """What :func:`pimc` found.  Iterating gives the :class:`PimcMove` of every legal card,
    best (best mean) first.

    :ivar information_set: the seat's view that was sampled.
    :ivar seat: the seat scored (the viewer, to move).
    :ivar samples: the number of sampled deals.
    :ivar seed: the seed of the samples (drawn at random when none was given), so that
        ``pimc(view, samples, seed)`` repeats the run.
    :ivar moves: every legal card's :class:`PimcMove`, by mean, then best rate, then card.
    :ivar best: the recommended card: the best mean (lowest penalty, or most points).
    :ivar values: ``values[j][i]``, the double-dummy value of ``moves[j].card`` in sample
        ``i`` (the game's value unit).
    :ivar deals: the number of deals consistent with the information set.
    :ivar seconds: wall time.
    :ivar workers: the worker processes used (the values never depend on it).
    :ivar concept: the solution concept each sample was solved under (``ciapano.concepts``).
    """

    information_set: InformationSet
    seat: int
    samples: int
    seed: int
    moves: tuple[PimcMove, ...]
    best: Card
    values: tuple[tuple[int, ...], ...]
    deals: int
    seconds: float
    workers: int = 1
    concept: str = DEFAULT_CONCEPT

    def __iter__(self):
        return iter(self.moves)

    def __getitem__(self, card: Card | str) -> PimcMove:
        """The score of one legal card.

        :raises KeyError: if the card is not a legal card here.
        """
        c = Card(card)
        for m in self.moves:
            if m.card is c:
                return m
        raise KeyError(c.text)

    def loss(self, card: Card | str) -> CardLoss:
        """The card's expected loss against the recommended card (see :class:`CardLoss`).

        :raises KeyError: if the card is not a legal card here.
        """
        c = Card(card)
        j = next((k for k, m in enumerate(self.moves) if m.card is c), None)
        if j is None:
            raise KeyError(c.text)
        b = next(k for k, m in enumerate(self.moves) if m.card is self.best)
        diff = np.array(self.values[j], dtype=float) - np.array(self.values[b], dtype=float)
        if not self.information_set.game.lower_is_better:  # type: ignore[union-attr]
            diff = -diff  # points: the loss is what the best card scores more
        estimate = mean_estimate(diff)
        return CardLoss(
            card=c,
            best=self.best,
            loss=estimate.mean,
            stderr=estimate.stderr,
            ci95=estimate.ci95,
            mean=self.moves[j].mean,
            samples=self.samples,
            seed=self.seed,
            game=self.information_set.game,
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``ciapano sample --json``::

        {"seat": 1, "samples": 200, "seed": 7,
         "moves": [{"card": "5C", "mean": 2.41, "stderr": 0.08, "ci95": [2.25, 2.57],
                    "best_rate": 0.62}, ...],
         "best": "5C", "seconds": 3.2, "concept": "paranoid"}
        """
        return {
            "seat": self.seat,
            "samples": self.samples,
            "seed": self.seed,
            "moves": [m.to_dict() for m in self.moves],
            "best": self.best.text,
            "seconds": round(self.seconds, 3),
            "concept": self.concept,
        }

    def __str__(self) -> str:
        info = self.information_set
        rules = info.game
        trick_no = rules.tricks - info.sizes[info.to_move] + 1  # type: ignore[union-attr]
        out = [str(info), ""]
        out.append(
            f"Seat {self.seat} to move, trick {trick_no} of {rules.tricks}: "  # type: ignore[union-attr]
            f"{self.samples} deals of the hidden cards drawn uniformly (seed {self.seed}) among "
            f"the {self.deals:,} that fit seat {self.seat}'s view, each solved double-dummy"
            + (
                f' under {self.concept} (README, "Solution concepts").'
                if self.concept != DEFAULT_CONCEPT and info.game.lower_is_better  # type: ignore[union-attr]
                else "."
            )
        )
        if rules.lower_is_better:  # type: ignore[union-attr]
            out.append(
                f"Values are seat {self.seat}'s penalty ({rules.value_nouns[1]}, lower is "  # type: ignore[union-attr]
                "better), every other seat playing against it with every hand open."
            )
        else:
            unit = rules.value_nouns[1]  # type: ignore[union-attr]
            if rules.past_tricks_optional:  # type: ignore[union-attr]
                unit += " from here on"  # bridge (Game.banked_value)
            out.append(
                f"Values are the {unit} of seat {self.seat}'s side (higher is better), both "
                "sides playing with every hand open."
            )
        out.append("")
        out.append("    card    mean  stderr    95% interval  best in")
        for m in self.moves:
            mark = "*" if m.card is self.best else " "
            interval = f"{m.ci95.low:.2f} .. {m.ci95.high:.2f}"
            out.append(
                f"  {mark} {m.card.text:<4}  {m.mean:6.2f}  {m.stderr:6.2f}  {interval:>14}"
                f"  {m.best_rate:7.0%}"
            )
        out.append("")
        out.append(
            f"Recommended: {self.best} ({_best_text(rules)}).  These are PIMC estimates, not "
            "guarantees: see the README, 'Sampling the hidden hands'."
        )
        rate = self.samples / self.seconds if self.seconds > 0 else float("inf")
        workers = f" on {self.workers} workers" if self.workers > 1 else ""
        out.append(f"Time: {self.seconds:.2f} s ({rate:.1f} samples/s{workers})")
        return "\n".join(out)


def _best_text(game: Game) -> str:
    if game.lower_is_better:
        return "lowest mean penalty"
    return f"most {game.value_nouns[1]} in the mean"


def _solve_chunk(
    deals: Sequence[Position],
    seat: int,
    cards: Sequence[Card],
    tt_mb: float,
    concept: str = DEFAULT_CONCEPT,
) -> list[tuple[int, ...]]:
    """Each deal's double-dummy value of every card for ``seat`` (in the order of ``cards``)
    under ``concept``."""
    rows = []
    for deal in deals:
        values = {m.card: m.value for m in solve(deal, seat, tt_mb=tt_mb, concept=concept).moves}
        rows.append(tuple(values[c] for c in cards))  # type: ignore[misc]
    return rows


def _solve_all(
    deals: list[Position],
    seat: int,
    cards: list[Card],
    workers: int,
    tt_mb: float,
    progress: ProgressCallback | None,
    concept: str = DEFAULT_CONCEPT,
) -> list[tuple[int, ...]]:
    """Every deal's row of :func:`_solve_chunk`, in the order of ``deals``, on ``workers``
    processes (:func:`ciapano.workers.ordered_map`)."""
    total = len(deals)
    if progress is not None:
        progress(0, total)
    # One deal a job in this process; with workers, chunks small enough to share the work
    # evenly and to move the progress bar.
    size = 1 if workers == 1 else max(1, min(16, total // (workers * 8)))
    chunks = [deals[a : a + size] for a in range(0, total, size)]
    solved = [0]

    def done(_index: int, rows: list[tuple[int, ...]]) -> None:
        solved[0] += len(rows)
        if progress is not None:
            progress(solved[0], total)

    job = partial(_solve_chunk, seat=seat, cards=cards, tt_mb=tt_mb, concept=concept)
    return [
        row
        for rows in ordered_map(job, chunks, workers=workers, window=len(chunks), on_done=done)
        for row in rows
    ]


def _check(samples: object, workers: object) -> int:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
        raise OptionError(
            "samples",
            f"{samples!r} is not a number of samples >= 2 (2 are needed for an error bar)",
        )
    return check_workers(workers)


def _fresh_seed() -> int:
    return int(np.random.default_rng().integers(2**32))


def pimc(
    view_position: InformationSet | Position,
    samples: int = 100,
    seed: int | None = None,
    *,
    view: int | None = None,
    workers: int | None = None,
    tt_mb: float | None = None,
    progress: ProgressCallback | None = None,
    concept: str = DEFAULT_CONCEPT,
) -> PimcResult:
    """Score every legal card of the seat to move from its own view by perfect-information
    Monte Carlo: the mean double-dummy value (penalty, or in Calabrasella the points of the
    seat's side) over deals of the hidden hands sampled uniformly
    among those consistent with what the seat knows, with standard errors, 95 % intervals and
    how often each card was among the best.

    Read the numbers for what they are: PIMC is optimistic for the seat (strategy fusion: in
    each sample it plays on seeing every hand), ignores what the other seats' play says beyond
    voids, and solves each sample with the others jointly against the seat (non-locality and the
    paranoid value); see the module :mod:`ciapano.montecarlo` and Long, Sturtevant, Buro and
    Furtak (2010), "Understanding the success of perfect information Monte Carlo sampling in game
    tree search".

    :param view_position: the seat's :class:`~ciapano.InformationSet`, or an open
        :class:`~ciapano.Position` seen by ``view`` (its other hands are then hidden, and only
        the current trick's voids are known).
    :param samples: the number of sampled deals (>= 2); the standard error shrinks as
        ``1 / sqrt(samples)``.
    :param seed: an integer >= 0 for the samples (:func:`~ciapano.sample_deals`); None draws
        one, reported in the result so the run can be repeated.
    :param view: with a :class:`Position`, the viewing seat (default the seat to move).
    :param workers: worker processes to solve the samples on (default: every core); the result
        does not depend on it.
    :param tt_mb: transposition-table memory of each sample's solve, in MiB; default
        ``WORKER_TT_MB`` (256) with :data:`LARGE_SOLVE_CARDS` cards or more still in play,
        else :data:`DEFAULT_PIMC_TT_MB` (32).  Each worker process holds one table.
    :param progress: called as ``progress(done, total)`` as samples are solved.
    :param concept: the solution concept each sample is solved under (``ciapano.concepts``;
        default the paranoid value): ``"maxn"`` answers the non-locality the paranoid value
        brings in, at the price of maxⁿ's search (exact near the end of a hand only).
    :returns: a :class:`PimcResult`; values in the game's value unit (Ciapanò's penalty
        points, 0..11, Busca's busche: lower is better; Calabrasella's and Piedicavallo
        tarocchi's points of the seat's side: higher is better).
    :raises InformationSetError: if the viewer is not the seat to move, the hand is over, or
        the information set is inconsistent.
    :raises OptionError: for a bad number of samples, workers, table size or concept.
    """
    start = time.perf_counter()
    info = as_information_set(view_position, view)
    n_workers = _check(samples, workers)
    check_concept(concept)
    if tt_mb is None:
        in_play = sum(info.sizes) + len(info.trick)
        tt_mb = WORKER_TT_MB if in_play >= LARGE_SOLVE_CARDS else DEFAULT_PIMC_TT_MB
    check_options(tt_mb=tt_mb)
    if info.is_over():
        raise InformationSetError("view", "the hand is over: there is no card to score")
    cards = list(info.legal_moves())
    if seed is None:
        seed = _fresh_seed()
    deals = sample_deals(info, samples, seed)
    workers_used = min(n_workers, samples)
    rows = _solve_all(deals, info.view, cards, workers_used, tt_mb, progress, concept)
    table = np.array(rows, dtype=float)  # samples x cards
    higher = not info.game.lower_is_better  # type: ignore[union-attr]
    best_value = table.max(axis=1) if higher else table.min(axis=1)
    moves = []
    for j, card in enumerate(cards):
        estimate = mean_estimate(table[:, j])
        moves.append(
            PimcMove(
                card=card,
                mean=estimate.mean,
                stderr=estimate.stderr,
                ci95=estimate.ci95,
                best_rate=float((table[:, j] == best_value).mean()),
            )
        )
    sign = -1 if higher else 1
    order = sorted(
        range(len(cards)), key=lambda j: (sign * moves[j].mean, -moves[j].best_rate, cards[j])
    )
    return PimcResult(
        information_set=info,
        seat=info.view,
        samples=samples,
        seed=seed,
        moves=tuple(moves[j] for j in order),
        best=moves[order[0]].card,
        values=tuple(tuple(int(v) for v in table[:, j]) for j in order),
        deals=info.count_deals(),
        seconds=time.perf_counter() - start,
        workers=workers_used,
        concept=concept,
    )


def pimc_check(
    view_position: InformationSet | Position,
    card: Card | str,
    samples: int = 100,
    seed: int | None = None,
    *,
    view: int | None = None,
    workers: int | None = None,
    tt_mb: float | None = None,
    progress: ProgressCallback | None = None,
) -> CardLoss:
    """A card's expected loss against the PIMC-best card, with its interval, from the view of
    the seat to move (for ``ciapano check ... --samples N``; with
    :func:`~ciapano.view_at`, for each card of a hand record in ``ciapano analyse``).

    Parameters as :func:`pimc`; ``card`` must be a legal card of the seat.

    :returns: a :class:`CardLoss` (the game's value unit).
    :raises InformationSetError: for a card that is not a card or not legal here, and as
        :func:`pimc`.
    :raises OptionError: as :func:`pimc`.
    """
    info = as_information_set(view_position, view)
    try:
        c = info.game.deck.card(card)
    except CardError as e:
        raise InformationSetError("card", e.reason) from None
    if not info.is_over() and c not in info.legal_moves():
        raise InformationSetError(
            "card",
            f"{c} is not a legal card of seat {info.view} here (legal: {info.legal_moves()})",
        )
    result = pimc(info, samples, seed, workers=workers, tt_mb=tt_mb, progress=progress)
    return result.loss(c)


class PimcCosts(NamedTuple):
    """What :func:`pimc_costs` found: ``seed, losses = pimc_costs(...)``."""

    #: The seed of every card's samples (drawn when none was given).
    seed: int
    #: One :class:`CardLoss` per card of the play, None where a card was not scored.
    losses: list[CardLoss | None]


def pimc_costs(
    record: Any,
    samples: int = 100,
    seed: int | None = None,
    *,
    from_trick: int = 1,
    workers: int | None = None,
    tt_mb: float | None = None,
    progress: ProgressCallback | None = None,
) -> PimcCosts:
    """Every card of a played hand scored *with what its player could have known*: for card
    ``i``, :func:`pimc_check` on the view of the seat that played it just before it played
    (:func:`~ciapano.view_at`), for ``ciapano analyse HAND --samples N``.

    :param record: a hand record (:class:`~ciapano.HandRecord`, or a history-form dict).
    :param samples: deals sampled for each card (>= 2).
    :param seed: one seed for every card's samples (default: a fresh one, returned).
    :param from_trick: score only the cards from this trick on (tricks count from 1).
    :param progress: called as ``progress(done, total)`` over all the cards' samples.
    :returns: :class:`PimcCosts` ``(seed, losses)``: one :class:`CardLoss` per card of the
        play (the game's value unit), None for a card before ``from_trick`` and for a card that was
        the player's only legal card (it cannot cost anything).
    :raises PositionError: for a record that is not a valid history.
    :raises InformationSetError: as :func:`pimc`.
    :raises OptionError: as :func:`pimc`.
    """
    if seed is None:
        seed = _fresh_seed()
    play = list(record["play"] if isinstance(record, Mapping) else record.play)
    if isinstance(from_trick, bool) or not isinstance(from_trick, int) or from_trick < 1:
        raise InformationSetError("from_trick", f"{from_trick!r} is not a trick number >= 1")
    views: list[tuple[int, InformationSet]] = []
    for i in range(len(play)):
        info = view_at(record, i)
        if i >= (from_trick - 1) * info.players and len(info.legal_moves()) > 1:
            views.append((i, info))
    losses: list[CardLoss | None] = [None] * len(play)
    total = len(views) * samples
    for k, (i, info) in enumerate(views):

        def step(done: int, _total: int, base: int = k * samples) -> None:
            if progress is not None:
                progress(base + done, total)

        losses[i] = pimc_check(
            info, play[i], samples, seed, workers=workers, tt_mb=tt_mb, progress=step
        )
    return PimcCosts(seed=seed, losses=losses)


def pimc_costs_text(
    losses: Sequence[CardLoss | None], players: int, samples: int, seed: int
) -> str:
    """The cards of a hand that cost something in expectation from their player's own view, as
    text (``ciapano analyse HAND --samples N``): index, trick, card, PIMC-best card, loss and
    its 95 % interval.

    :param losses: the losses of :func:`pimc_costs`, one per card of the play (or None).
    :param players: the number of seats (for the trick numbers).
    :param samples: the samples drawn for each card; ``seed`` their seed.
    """
    head = (
        f"Expected cost from each player's own view (PIMC, {samples} samples a card, seed {seed})"
    )
    rows = [
        f"  {i:>5}  {i // players + 1:>5}  {loss.card!s:<4}  {loss.best!s:<4}  "
        f"{loss.loss:>5.2f}  [{loss.ci95.low:.2f}, {loss.ci95.high:.2f}]"
        for i, loss in enumerate(losses)
        if loss is not None and loss.loss > 0
    ]
    if not rows:
        return head + ": no card costs anything in expectation."
    return "\n".join([head + ":", "  index  trick  card  best   loss  95% interval", *rows])
