"""Files of decisions to check (``ciapano check --batch``): is each card optimal, what did the
cards cost in all.

A decisions file is JSON Lines: each line a position file (snapshot or history form,
``docs/positions.md``) plus ``"card"``, the card the seat to move played, and optionally an
``"id"``::

    {"id": "bot-17", "hands": [["3S", ...], ...], "leader": 0, "card": "KD"}

:func:`read_decisions` reads them (a bad line gives its error in its place, and reading goes
on), :func:`check_decisions` checks each with :func:`ciapano.check` (double-dummy, the seat to
move's own penalty with every other seat against it), and :func:`summarize_decisions` counts
the optimal and costly cards and their cost.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .analysis import CheckResult, check
from .cards import Card
from .errors import CiapanoError, RecordError
from .formats import from_dict
from .position import Position
from .solving import DEFAULT_TT_MB

__all__ = [
    "Decision",
    "DecisionCheck",
    "DecisionSummary",
    "check_decisions",
    "decision_from_dict",
    "read_decisions",
    "summarize_decisions",
]


@dataclass(frozen=True)
class Decision:
    """One decision: a position and the card its seat to move played.

    :ivar position: the position.
    :ivar card: the card played (as given: :func:`ciapano.check` says if it is not legal).
    :ivar id: the line's ``"id"``, or None.
    """

    position: Position
    card: Card | str
    id: Any = None


def decision_from_dict(data: Mapping[str, Any]) -> Decision:
    """The decision in a parsed line of a decisions file: a position plus ``"card"``.

    :raises RecordError: naming the line's id (if any), the field and the reason.
    """
    if not isinstance(data, Mapping):
        raise RecordError("", f"a decision is a JSON object, not {type(data).__name__}")
    rid = data.get("id")
    position = dict(data)
    card = position.pop("card", None)
    if not isinstance(card, str):
        raise RecordError(
            "card", 'is missing: a decision is a position plus the card played, as "card"'
        )
    try:
        return Decision(position=from_dict(position), card=card, id=rid)
    except CiapanoError as e:
        raise RecordError(e.field, e.reason, rid) from None


def read_decisions(lines: Iterable[str]) -> Iterator[tuple[int, Decision | RecordError]]:
    """The decisions of a JSON Lines text (an open file or any iterable of lines), as ``(line,
    decision)`` pairs (lines from 1; blank lines are skipped).  A bad line gives its
    :class:`~ciapano.RecordError` (located at the line) instead, and reading goes on."""
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            try:
                data = json.loads(text)
            except json.JSONDecodeError as e:
                raise RecordError("", f"not valid JSON: {e.msg} at column {e.colno}") from None
            yield number, decision_from_dict(data)
        except RecordError as e:
            yield number, e.at_line(number)


@dataclass(frozen=True)
class DecisionCheck:
    """One decision checked, or the reason it could not be.

    :ivar line: its line in the file (from 1), or None.
    :ivar id: its id, or None.
    :ivar result: what :func:`ciapano.check` found; None for a line that could not be checked.
    :ivar error: why it could not be checked (``"line 4: card: 9S is not a card ..."``), or
        None.
    """

    line: int | None
    id: Any
    result: CheckResult | None = None
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """A line of ``ciapano check --batch --json``: ``{"line", "id", "seat", "card",
        "optimal", "cost", "value", "best_value", "best", "nodes", "seconds"}``, or ``{"line",
        "id", "error"}``."""
        if self.result is None:
            return {"line": self.line, "id": self.id, "error": self.error}
        return {"line": self.line, "id": self.id, **self.result.to_dict()}

    def __str__(self) -> str:
        if self.result is None:
            return str(self.error)
        r = self.result
        who = f"line {self.line}" + (f" ({self.id})" if self.id is not None else "")
        verdict = "optimal" if r.optimal else f"costs {r.cost}"
        best = " ".join(c.text for c in r.best)
        return (
            f"{who}: seat {r.seat} plays {r.card}: {verdict}    "
            f"guarantee {r.best_value} -> {r.value}    best: {best}"
        )


def check_decisions(
    decisions: Iterable[Decision | RecordError | tuple[int | None, Decision | RecordError]],
    *,
    tt_mb: float = DEFAULT_TT_MB,
) -> Iterator[DecisionCheck]:
    """Check decisions one after another (:func:`ciapano.check`), in order.

    :param decisions: :class:`Decision` objects, errors of lines that could not be read, or
        ``(line, decision)`` pairs of these as :func:`read_decisions` yields them.
    :param tt_mb: memory of each check's transposition table, in MiB.
    :returns: one :class:`DecisionCheck` a decision; an unreadable line, or a card that is not
        legal, gives one with its error, and the others go on.
    :raises OptionError: for a bad table size.
    :raises AnalysisInterrupted: (a ``KeyboardInterrupt``) on Ctrl-C.
    """
    for item in decisions:
        line, decision = item if isinstance(item, tuple) else (None, item)
        if isinstance(decision, RecordError):
            yield DecisionCheck(line=line, id=decision.record_id, error=str(decision))
            continue
        try:
            result = check(decision.position, decision.card, tt_mb=tt_mb)
        except CiapanoError as e:
            error = f"line {line}: {e}" if line is not None else str(e)
            yield DecisionCheck(line=line, id=decision.id, error=error)
            continue
        yield DecisionCheck(line=line, id=decision.id, result=result)


@dataclass(frozen=True)
class DecisionSummary:
    """What the cards of many decisions cost (:func:`summarize_decisions`).

    :ivar checked: decisions checked.
    :ivar optimal: of them, optimal cards.
    :ivar costly: of them, cards that cost points.
    :ivar total_cost: the points they cost in all (penalty points).
    :ivar mean_cost: ``total_cost / checked`` (0 when none was checked).
    :ivar errors: lines that could not be checked.
    """

    checked: int
    optimal: int
    costly: int
    total_cost: int
    mean_cost: float
    errors: int

    def to_dict(self) -> dict[str, Any]:
        """The ``"summary"`` object of ``ciapano check --batch --json`` (mean rounded to 4
        decimals)."""
        return {
            "checked": self.checked,
            "optimal": self.optimal,
            "costly": self.costly,
            "total_cost": self.total_cost,
            "mean_cost": round(self.mean_cost, 4),
            "errors": self.errors,
        }

    def __str__(self) -> str:
        return (
            f"{self.checked} decisions checked: {self.optimal} optimal, {self.costly} costly; "
            f"total cost {self.total_cost}, mean {self.mean_cost:.2f} per decision"
            + (f"; {self.errors} line(s) could not be checked" if self.errors else "")
        )


def summarize_decisions(checks: Iterable[DecisionCheck]) -> DecisionSummary:
    """Count the decisions checked, the optimal and costly cards, their cost and the errors."""
    done = [c.result for c in checks]
    results = [r for r in done if r is not None]
    checked = len(results)
    optimal = sum(r.optimal for r in results)
    total = sum(r.cost for r in results)
    return DecisionSummary(
        checked=checked,
        optimal=optimal,
        costly=checked - optimal,
        total_cost=total,
        mean_cost=total / checked if checked else 0.0,
        errors=len(done) - checked,
    )
