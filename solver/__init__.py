"""ciapano: the exact double-dummy solver for Ciapanò and its family of trick-taking games.

Quick start::

    import ciapano
    pos = ciapano.load("positions/deal4_opening.json")
    result = ciapano.solve(pos)          # the seat to move's guarantee, every card, a line
    print(result)
    hand = ciapano.load_record("positions/records/hand4_record.json")
    print(ciapano.analyse(hand))         # every card's cost for the seat that played it

Games are described as data (:mod:`ciapano.games`): ``Ciapano(players=4, cappotto="all")`` and
``Busca()``, found by name with ``find_game``.  Units are the game's: Ciapanò's card points are
**thirds of a point** (ace 3; 3, 2, K, Q, J 1) and its hand scores and values **penalty points**
(11 per hand); Busca's are whole **points** (the Pita ``AD`` 8, the last trick 3; 40 per hand)
and **busche**.  Seats are numbered ``0..n-1`` in order of play.  Rules: ``docs/rules.md`` (after
the project's ``RULES.md``).  The search core plays Ciapanò only so far; ``ciapano.reference``
solves small positions of any game.
"""

from .analysis import Analysis, CardAnalysis, CheckResult, SeatAnalysis, analyse, check, play_out
from .batch import analyse_batch
from .cards import CARDS, DECK, ITALIAN_40, RANKS, SUITS, Card, CardError, CardSet, Deck, Rank, Suit
from .errors import (
    CiapanoError,
    GameError,
    IllegalMoveError,
    InformationSetError,
    MissingDependency,
    PositionError,
    PuzzleError,
    RulesError,
)
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
from .games import (
    DECK_THIRDS,
    GAMES,
    HAND_POINTS,
    Busca,
    Cappotto,
    Ciapano,
    Game,
    busca_penalties,
    find_game,
    game_from_dict,
    hand_score,
    trick_winner,
)
from .pimc import (
    DEFAULT_PIMC_TT_MB,
    CardLoss,
    PimcMove,
    PimcResult,
    pimc,
    pimc_check,
    pimc_costs,
)
from .position import Position
from .puzzles import (
    THEMES,
    Puzzle,
    PuzzleCheck,
    check_puzzle,
    difficulty_parts,
    duck_card,
    dumps_puzzle,
    generate_puzzles,
    heuristic_card,
    load_puzzle,
    loads_puzzle,
    puzzle_candidate,
    puzzle_from_dict,
    theme_holds,
)
from .records import (
    HandRecord,
    RecordError,
    dumps_record,
    load_record,
    loads_record,
    read_records,
    record_from_dict,
)
from .sampling import InformationSet, count_deals, sample_deals
from .solve import (
    DEFAULT_TT_MB,
    DDTable,
    MoveValue,
    OptionError,
    SolveInterrupted,
    SolveResult,
    dd_table,
    free_memory,
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
    "GAMES",
    "HAND_POINTS",
    "ITALIAN_40",
    "RANKS",
    "SCHEMA_PATH",
    "SUITS",
    "THEMES",
    "Analysis",
    "Busca",
    "Cappotto",
    "Card",
    "CardAnalysis",
    "CardError",
    "CardLoss",
    "CardSet",
    "CheckResult",
    "Ciapano",
    "CiapanoError",
    "DDTable",
    "Deck",
    "Game",
    "GameError",
    "HandRecord",
    "IllegalMoveError",
    "InformationSet",
    "InformationSetError",
    "MissingDependency",
    "MoveValue",
    "OptionError",
    "PimcMove",
    "PimcResult",
    "Position",
    "PositionError",
    "Puzzle",
    "PuzzleCheck",
    "PuzzleError",
    "Rank",
    "RecordError",
    "RulesError",
    "SeatAnalysis",
    "SolveInterrupted",
    "SolveResult",
    "Suit",
    "analyse",
    "analyse_batch",
    "busca_penalties",
    "check",
    "check_puzzle",
    "count_deals",
    "dd_table",
    "difficulty_parts",
    "duck_card",
    "dump",
    "dumps",
    "dumps_puzzle",
    "dumps_record",
    "find_game",
    "free_memory",
    "from_dict",
    "game_from_dict",
    "generate_puzzles",
    "hand_score",
    "heuristic_card",
    "load",
    "load_puzzle",
    "load_record",
    "load_view",
    "loads",
    "loads_puzzle",
    "loads_record",
    "loads_view",
    "pimc",
    "pimc_check",
    "pimc_costs",
    "play_out",
    "puzzle_candidate",
    "puzzle_from_dict",
    "read_records",
    "record_from_dict",
    "sample_deals",
    "schema",
    "solve",
    "theme_holds",
    "trick_winner",
    "value",
    "view_at",
    "view_from_dict",
]
