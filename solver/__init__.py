"""ciapano: the exact double-dummy solver for Ciapanò and its family of trick-taking games.

Quick start::

    import ciapano
    pos = ciapano.load("positions/deal4_opening.json")
    result = ciapano.solve(pos)          # the seat to move's guarantee, every card, a line
    print(result)

Units: card points are **thirds of a point** (ace 3; 3, 2, K, Q, J 1); hand scores and values
are **penalty points** (11 per hand).  Seats are numbered ``0..n-1`` in order of play.
Rules: ``RULES.md`` of the project (Ciapanò, §1).
"""

from .cards import CARDS, DECK, RANKS, SUITS, Card, CardError, CardSet, Rank, Suit
from .errors import CiapanoError, IllegalMoveError, InformationSetError, PositionError
from .formats import (
    SCHEMA_PATH,
    dump,
    dumps,
    from_dict,
    load,
    load_view,
    loads,
    loads_view,
    schema,
    view_at,
    view_from_dict,
)
from .pimc import DEFAULT_PIMC_TT_MB, CardLoss, PimcMove, PimcResult, pimc, pimc_check
from .position import Position
from .rules import DECK_THIRDS, HAND_POINTS, Cappotto, Rules, RulesError, hand_score, trick_winner
from .sampling import InformationSet, count_deals, sample_deals
from .solve import (
    DEFAULT_TT_MB,
    DDTable,
    MoveValue,
    OptionError,
    SolveInterrupted,
    SolveResult,
    dd_table,
    solve,
    value,
)

__version__ = "0.1.0"

__all__ = [
    "CARDS",
    "DECK",
    "DECK_THIRDS",
    "DEFAULT_PIMC_TT_MB",
    "DEFAULT_TT_MB",
    "HAND_POINTS",
    "RANKS",
    "SCHEMA_PATH",
    "SUITS",
    "Cappotto",
    "Card",
    "CardError",
    "CardLoss",
    "CardSet",
    "CiapanoError",
    "DDTable",
    "IllegalMoveError",
    "InformationSet",
    "InformationSetError",
    "MoveValue",
    "OptionError",
    "PimcMove",
    "PimcResult",
    "Position",
    "PositionError",
    "Rank",
    "Rules",
    "RulesError",
    "SolveInterrupted",
    "SolveResult",
    "Suit",
    "count_deals",
    "dd_table",
    "dump",
    "dumps",
    "from_dict",
    "hand_score",
    "load",
    "load_view",
    "loads",
    "loads_view",
    "pimc",
    "pimc_check",
    "sample_deals",
    "schema",
    "solve",
    "trick_winner",
    "value",
    "view_at",
    "view_from_dict",
]
