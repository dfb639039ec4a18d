"""Every error ciapano raises, in one module.

Bad input raises a :class:`CiapanoError` (a ``ValueError``): each carries the **field** it is
about (as named in a position file, e.g. ``hands[2]`` or ``play[7]``, or the parameter or
option, e.g. ``tt_mb``) and the **reason**, which quotes the offending value; the message is
``"field: reason"`` (the reason alone when no field applies), so that a message alone tells
the user what to fix, and a program can read :attr:`~CiapanoError.field` and
:attr:`~CiapanoError.reason` without taking the message apart.

A missing optional dependency raises :class:`MissingDependency`, an ``ImportError``.  A stop
request (Ctrl-C) that ends a search early raises :class:`SolveInterrupted` or
:class:`AnalysisInterrupted`, both ``KeyboardInterrupt`` subclasses.

This module imports nothing of ciapano at run time, so that any module can import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .solving import SolveResult

__all__ = [
    "AnalysisInterrupted",
    "CardError",
    "CiapanoError",
    "GameError",
    "IllegalMoveError",
    "InformationSetError",
    "MissingDependency",
    "OptionError",
    "PositionError",
    "PuzzleError",
    "RecordError",
    "RulesError",
    "SolveInterrupted",
]


def _rebuilt(cls: type[BaseException], args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    """An error as pickled by :meth:`CiapanoError.__reduce__` (its constructor not called)."""
    error = cls.__new__(cls)
    error.args = args
    for name, value in state.items():
        setattr(error, name, value)
    return error


class CiapanoError(ValueError):
    """Base class of the errors ciapano raises for bad input.

    :param field: where the problem is: a field of a position file or hand record
        (``"hands[1]"``, ``"play[12]"``), a parameter or option (``"tt_mb"``, ``"seat"``), or
        ``""`` for the input as a whole.
    :param reason: what is wrong, quoting the value.
    :ivar field: as given.
    :ivar reason: as given.
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}" if field else reason)

    def __reduce__(self) -> tuple[Any, ...]:
        # Errors cross process boundaries (worker pools): rebuild them from their state, not
        # by calling the constructor with the message.
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


class CardError(CiapanoError):
    """A text or number that is not a card of the 40-card deck, or a set of them that is not a
    card set (``field`` ``"card"`` or ``"cards"``)."""


class GameError(CiapanoError):
    """A game, a number of players or a rule option that does not exist or does not fit the game
    (``ciapano.games``), or a game a tool cannot handle yet (``field`` what it is about, in a
    position file's terms: ``"game"``, ``"players"``, ``"rules.cappotto"``)."""


#: The former name of :class:`GameError` (the errors of the Ciapanò-only ``Rules``).
RulesError = GameError


class OptionError(CiapanoError):
    """A solver option out of range (threads, table memory, limits, workers, samples); ``field``
    names it as the keyword argument (``"tt_mb"``, ``"max_nodes"``)."""


class PositionError(CiapanoError):
    """A position (or a position file) that is malformed or inconsistent.

    ``field`` is where the problem is, in the position file's terms (``"hands[1]"``,
    ``"taken"``, ``"play[12]"``), or ``""`` for the whole position.
    """


class IllegalMoveError(PositionError):
    """A card that may not be played in a position: not in the hand, or a failure to follow suit.

    The message names the card, the seat and the rule broken.
    """


class InformationSetError(PositionError):
    """What a seat knows (an information set, a "view") that is malformed or inconsistent: hand
    sizes that do not add up to the unseen cards, a void the seat's own cards contradict, or
    voids that leave no deal of the unseen cards possible.  The message names the field
    (``view``, ``hands[2]``, ``voids``, ...) and the value.
    """


class PuzzleError(PositionError):
    """A puzzle file, or a puzzle generator's argument, that is malformed: the message names the
    field (``puzzle.solution[0]``, ``cards``, ``theme`` ...) and the value."""


class RecordError(PositionError):
    """A hand record that is malformed, or whose play is illegal or incomplete; or a line of a
    decisions file (:func:`ciapano.read_decisions`) that is not a position plus a card.

    The message names, as far as known, the line of the file, the record's id, the field (for
    the play, the card index ``play[i]``) and the reason:
    ``line 3: record 'h3': play[12]: seat 2 must follow suit H ...``.

    :ivar field: the field, in the record's terms (``"play[12]"``, ``"deal[2]"``, ``"names"``).
    :ivar reason: the message without the line, id and field.
    :ivar record_id: the record's ``id``, or None.
    :ivar line: the line of a JSON Lines file (from 1), or None.
    """

    def __init__(
        self,
        field: str,
        reason: str,
        record_id: str | int | None = None,
        line: int | None = None,
    ) -> None:
        super().__init__(field, reason)
        self.record_id = record_id
        self.line = line
        where = []
        if line is not None:
            where.append(f"line {line}")
        if record_id is not None:
            where.append(f"record {record_id!r}")
        if where:
            self.args = (": ".join([*where, str(self.args[0])]),)

    def at_line(self, line: int) -> RecordError:
        """The same error, located at a line of a file."""
        return RecordError(self.field, self.reason, self.record_id, line)


class MissingDependency(ImportError):
    """An optional dependency (matplotlib for plots, dask.distributed for a cluster) is not
    installed: an ``ImportError`` (not a :class:`CiapanoError`: the input is not at fault).

    :param field: what needs it (``"plot"``, ``"dask"``).
    :param reason: which package is missing and how to install it.
    :param name: the module that could not be imported (``ImportError.name``).
    """

    def __init__(self, field: str, reason: str, *, name: str | None = None) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}" if field else reason, name=name)

    def __reduce__(self) -> tuple[Any, ...]:
        state = {**self.__dict__, "msg": self.msg, "name": self.name, "path": self.path}
        return (_rebuilt, (type(self), self.args, state))


class SolveInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a solve; :attr:`result` holds what was proved before it (``exact=False``
    unless everything was already proved)."""

    def __init__(self, result: SolveResult) -> None:
        super().__init__("solve interrupted")
        self.result = result

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


class AnalysisInterrupted(KeyboardInterrupt):
    """A stop request (Ctrl-C) ended an analysis before it was complete."""
