"""The errors ciapano raises for bad input.

Every error is a ``ValueError`` subclass whose message starts with the field it is about (as
named in a position file, e.g. ``hands[2]`` or ``play[7]``) and quotes the offending value, so
that a message alone tells the user what to fix.
"""

from __future__ import annotations

__all__ = [
    "CiapanoError",
    "GameError",
    "IllegalMoveError",
    "InformationSetError",
    "MissingDependency",
    "PositionError",
    "PuzzleError",
    "RulesError",
]


class CiapanoError(ValueError):
    """Base class of the errors ciapano raises for bad input."""


class GameError(CiapanoError):
    """A game, a number of players or a rule option that does not exist or does not fit the game
    (``ciapano.games``), or a game a tool cannot handle yet.

    :ivar field: what the problem is about, in a position file's terms (``"game"``,
        ``"players"``, ``"rules.cappotto"``).
    :ivar reason: the message without the field.
    """

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}" if field else reason)

    def __reduce__(self) -> tuple[type[GameError], tuple[str, str]]:
        # Picklable with its two arguments (raised in worker processes, e.g. by PIMC).
        return (type(self), (self.field, self.reason))


#: The former name of :class:`GameError` (the errors of ``ciapano.rules.Rules``).
RulesError = GameError


class PositionError(CiapanoError):
    """A position (or a position file) that is malformed or inconsistent.

    :ivar field: where the problem is, in the position file's terms (``"hands[1]"``, ``"taken"``,
        ``"play[12]"``), or ``""`` for the whole position.
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)


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


class MissingDependency(CiapanoError):
    """An optional dependency (matplotlib for plots, dask.distributed for a cluster) is not
    installed; the message says which and how to install it."""


class PuzzleError(PositionError):
    """A puzzle file, or a puzzle generator's argument, that is malformed: the message names the
    field (``puzzle.solution[0]``, ``cards``, ``theme`` ...) and the value."""
