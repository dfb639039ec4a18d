"""ciapano: the exact double-dummy solver for Ciapanò and its family of trick-taking games.

Quick start::

    import ciapano
    pos = ciapano.load("positions/deal4_opening.json")
    result = ciapano.solve(pos)          # the seat to move's guarantee, every card, a line
    print(result)
    hand = ciapano.load_record("positions/records/hand4_record.json")
    print(ciapano.analyse(hand))         # every card's cost for the seat that played it

Units: card points are **thirds of a point** (ace 3; 3, 2, K, Q, J 1); hand scores and values
are **penalty points** (11 per hand).  Seats are numbered ``0..n-1`` in order of play.
Rules: ``RULES.md`` of the project (Ciapanò, §1).
"""

from .analysis import Analysis, CardAnalysis, CheckResult, SeatAnalysis, analyse, check, play_out
from .batch import analyse_batch
from .cards import CARDS, DECK, RANKS, SUITS, Card, CardSet, Rank, Suit
from .dealing import random_histories
from .decisions import (
    Decision,
    DecisionCheck,
    DecisionSummary,
    check_decisions,
    decision_from_dict,
    read_decisions,
    summarize_decisions,
)
from .errors import (
    AnalysisInterrupted,
    CardError,
    CiapanoError,
    IllegalMoveError,
    InformationSetError,
    MissingDependency,
    OptionError,
    PositionError,
    PuzzleError,
    RecordError,
    RulesError,
    SolveInterrupted,
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
from .montecarlo import (
    DEFAULT_PIMC_TT_MB,
    CardLoss,
    Interval,
    PimcCosts,
    PimcMove,
    PimcResult,
    pimc,
    pimc_check,
    pimc_costs,
    pimc_costs_text,
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
    puzzle_diagram,
    puzzle_from_dict,
    puzzle_solution_text,
    theme_holds,
)
from .records import (
    HandRecord,
    dumps_record,
    load_record,
    loads_record,
    read_records,
    record_from_dict,
)
from .rules import DECK_THIRDS, HAND_POINTS, Cappotto, Rules, hand_score, trick_winner
from .sampling import InformationSet, count_deals, sample_deals
from .solving import (
    DEFAULT_TT_MB,
    Bounds,
    DDTable,
    MoveValue,
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
    "HAND_POINTS",
    "RANKS",
    "SCHEMA_PATH",
    "SUITS",
    "THEMES",
    "Analysis",
    "AnalysisInterrupted",
    "Bounds",
    "Cappotto",
    "Card",
    "CardAnalysis",
    "CardError",
    "CardLoss",
    "CardSet",
    "CheckResult",
    "CiapanoError",
    "DDTable",
    "Decision",
    "DecisionCheck",
    "DecisionSummary",
    "HandRecord",
    "IllegalMoveError",
    "InformationSet",
    "InformationSetError",
    "Interval",
    "MissingDependency",
    "MoveValue",
    "OptionError",
    "PimcCosts",
    "PimcMove",
    "PimcResult",
    "Position",
    "PositionError",
    "Puzzle",
    "PuzzleCheck",
    "PuzzleError",
    "Rank",
    "RecordError",
    "Rules",
    "RulesError",
    "SeatAnalysis",
    "SolveInterrupted",
    "SolveResult",
    "Suit",
    "analyse",
    "analyse_batch",
    "check",
    "check_decisions",
    "check_puzzle",
    "count_deals",
    "dd_table",
    "decision_from_dict",
    "difficulty_parts",
    "duck_card",
    "dump",
    "dumps",
    "dumps_puzzle",
    "dumps_record",
    "free_memory",
    "from_dict",
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
    "pimc_costs_text",
    "play_out",
    "puzzle_candidate",
    "puzzle_diagram",
    "puzzle_from_dict",
    "puzzle_solution_text",
    "random_histories",
    "read_decisions",
    "read_records",
    "record_from_dict",
    "sample_deals",
    "schema",
    "solve",
    "summarize_decisions",
    "theme_holds",
    "trick_winner",
    "value",
    "view_at",
    "view_from_dict",
]
