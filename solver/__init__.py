"""ciapano: the exact double-dummy solver for Ciapanò and its family of trick-taking games.

Quick start::

    import ciapano
    pos = ciapano.load("positions/deal4_opening.json")
    result = ciapano.solve(pos)          # the seat to move's guarantee, every card, a line
    print(result)
    hand = ciapano.load_record("positions/records/hand4_record.json")
    print(ciapano.analyse(hand))         # every card's cost for the seat that played it

Games are described as data (:mod:`ciapano.games`): ``Ciapano(players=4, cappotto="all")`` and
``Busca()`` and ``Mattazza()``, found by name with ``find_game``; each has its own search engine
(:mod:`ciapano.engine`).  Units are the game's: Ciapanò's card points are **thirds of a point**
(ace 3; 3, 2, K, Q, J 1) and its hand scores and values **penalty points** (11 per hand); Busca's
are whole **points** (the Pita ``AD`` 8, the last trick 3; 40 per hand) and **busche**;
Mattazza's whole **points** (35 per hand) and **game points** (0 or 1 a hand).  Seats are
numbered ``0..n-1`` in order of play.  Rules: ``docs/rules.md``.

The names below are loaded on first use (PEP 562): ``import ciapano`` is cheap, and
``ciapano.solve`` or ``from ciapano import solve`` imports what it needs (the search core for
``solve``, NumPy only for sampling, dealing and puzzles, jsonschema for reading files).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: The module of each public name.
_EXPORTS: dict[str, str] = {
    "Analysis": "analysis",
    "CardAnalysis": "analysis",
    "CheckResult": "analysis",
    "SeatAnalysis": "analysis",
    "analyse": "analysis",
    "check": "analysis",
    "play_out": "analysis",
    "analyse_batch": "batch",
    "CARDS": "cards",
    "DECK": "cards",
    "ITALIAN_40": "cards",
    "RANKS": "cards",
    "SUITS": "cards",
    "Card": "cards",
    "CardSet": "cards",
    "Deck": "cards",
    "Rank": "cards",
    "Suit": "cards",
    "random_histories": "dealing",
    "Decision": "decisions",
    "DecisionCheck": "decisions",
    "DecisionSummary": "decisions",
    "check_decisions": "decisions",
    "decision_from_dict": "decisions",
    "read_decisions": "decisions",
    "summarize_decisions": "decisions",
    "AnalysisInterrupted": "errors",
    "CardError": "errors",
    "CiapanoError": "errors",
    "GameError": "errors",
    "IllegalMoveError": "errors",
    "InformationSetError": "errors",
    "MissingDependency": "errors",
    "OptionError": "errors",
    "PositionError": "errors",
    "PuzzleError": "errors",
    "RecordError": "errors",
    "RulesError": "errors",
    "SolveInterrupted": "errors",
    "SCHEMA_PATH": "formats",
    "dump": "formats",
    "dumps": "formats",
    "from_dict": "formats",
    "load": "formats",
    "load_view": "formats",
    "loads": "formats",
    "loads_view": "formats",
    "schema": "formats",
    "view_at": "formats",
    "view_from_dict": "formats",
    "DECK_THIRDS": "games",
    "GAMES": "games",
    "HAND_POINTS": "games",
    "Busca": "games",
    "Cappotto": "games",
    "Ciapano": "games",
    "Game": "games",
    "busca_penalties": "games",
    "Mattazza": "games",
    "Kifameno": "games",
    "Calabrasella": "games",
    "SetAside": "games",
    "MatchResult": "match",
    "PolicyStanding": "match",
    "Tournament": "match",
    "analyse_match": "match",
    "play_match": "match",
    "play_matches": "match",
    "mattazza_scores": "games",
    "find_game": "games",
    "game_from_dict": "games",
    "hand_score": "games",
    "trick_winner": "games",
    "DEFAULT_PIMC_TT_MB": "montecarlo",
    "CardLoss": "montecarlo",
    "Interval": "montecarlo",
    "PimcCosts": "montecarlo",
    "PimcMove": "montecarlo",
    "PimcResult": "montecarlo",
    "pimc": "montecarlo",
    "pimc_check": "montecarlo",
    "pimc_costs": "montecarlo",
    "pimc_costs_text": "montecarlo",
    "Position": "position",
    "THEMES": "puzzles",
    "Puzzle": "puzzles",
    "PuzzleCheck": "puzzles",
    "check_puzzle": "puzzles",
    "difficulty_parts": "puzzles",
    "duck_card": "puzzles",
    "dumps_puzzle": "puzzles",
    "generate_puzzles": "puzzles",
    "heuristic_card": "puzzles",
    "load_puzzle": "puzzles",
    "loads_puzzle": "puzzles",
    "puzzle_candidate": "puzzles",
    "puzzle_diagram": "puzzles",
    "puzzle_from_dict": "puzzles",
    "puzzle_solution_text": "puzzles",
    "theme_holds": "puzzles",
    "HandRecord": "records",
    "dumps_record": "records",
    "load_record": "records",
    "loads_record": "records",
    "read_records": "records",
    "record_from_dict": "records",
    "InformationSet": "sampling",
    "count_deals": "sampling",
    "sample_deals": "sampling",
    "DEFAULT_TT_MB": "solving",
    "Bounds": "solving",
    "DDTable": "solving",
    "MoveValue": "solving",
    "SolveResult": "solving",
    "dd_table": "solving",
    "free_memory": "solving",
    "solve": "solving",
    "value": "solving",
}

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
    "AnalysisInterrupted",
    "Bounds",
    "Busca",
    "Calabrasella",
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
    "Decision",
    "DecisionCheck",
    "DecisionSummary",
    "Deck",
    "Game",
    "GameError",
    "HandRecord",
    "IllegalMoveError",
    "InformationSet",
    "InformationSetError",
    "Interval",
    "Kifameno",
    "MatchResult",
    "Mattazza",
    "MissingDependency",
    "MoveValue",
    "OptionError",
    "PimcCosts",
    "PimcMove",
    "PimcResult",
    "PolicyStanding",
    "Position",
    "PositionError",
    "Puzzle",
    "PuzzleCheck",
    "PuzzleError",
    "Rank",
    "RecordError",
    "RulesError",
    "SeatAnalysis",
    "SetAside",
    "SolveInterrupted",
    "SolveResult",
    "Suit",
    "Tournament",
    "analyse",
    "analyse_batch",
    "analyse_match",
    "busca_penalties",
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
    "mattazza_scores",
    "pimc",
    "pimc_check",
    "pimc_costs",
    "pimc_costs_text",
    "play_match",
    "play_matches",
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

if TYPE_CHECKING:
    from .analysis import (
        Analysis,
        CardAnalysis,
        CheckResult,
        SeatAnalysis,
        analyse,
        check,
        play_out,
    )
    from .batch import (
        analyse_batch,
    )
    from .cards import (
        CARDS,
        DECK,
        ITALIAN_40,
        RANKS,
        SUITS,
        Card,
        CardSet,
        Deck,
        Rank,
        Suit,
    )
    from .dealing import (
        random_histories,
    )
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
        GameError,
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
    from .games import (
        DECK_THIRDS,
        GAMES,
        HAND_POINTS,
        Busca,
        Calabrasella,
        Cappotto,
        Ciapano,
        Game,
        Kifameno,
        Mattazza,
        SetAside,
        busca_penalties,
        find_game,
        game_from_dict,
        hand_score,
        mattazza_scores,
        trick_winner,
    )
    from .match import (
        MatchResult,
        PolicyStanding,
        Tournament,
        analyse_match,
        play_match,
        play_matches,
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
    from .position import (
        Position,
    )
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
    from .sampling import (
        InformationSet,
        count_deals,
        sample_deals,
    )
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


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use and kept; or a submodule
    (``ciapano.dealing``, ``ciapano.plot``), imported on first use as before."""
    module = _EXPORTS.get(name)
    if module is None:
        try:
            return importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
