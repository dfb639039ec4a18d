"""The shape of the public API: the names ``ciapano`` exports and its modules."""

from __future__ import annotations

import pickle
import pkgutil

import pytest

import ciapano


def test_no_module_shares_a_name_with_an_exported_name():
    # ``ciapano.solve`` is a function; a module ``ciapano.solve`` would replace it as the
    # package's attribute once imported (``import ciapano.solve``), as python-chess keeps
    # ``chess.pgn`` (module) apart from ``read_game`` (function).
    modules = {m.name for m in pkgutil.iter_modules(ciapano.__path__)}
    assert {"solving", "montecarlo"} <= modules
    assert not modules & set(ciapano.__all__)
    assert callable(ciapano.solve) and callable(ciapano.pimc)


# -- errors -----------------------------------------------------------------------------------

ERRORS = [
    ciapano.CardError("card", "'XS' is not a card"),
    ciapano.RulesError("players", "6 is not 3, 4 or 5"),
    ciapano.OptionError("tt_mb", "0 is not a positive size in MiB"),
    ciapano.PositionError("hands[1]", "not a list of cards"),
    ciapano.IllegalMoveError("card", "5C is not in the hand of seat 0"),
    ciapano.InformationSetError("voids", "no deal fits"),
    ciapano.PuzzleError("puzzle", "is missing"),
    ciapano.RecordError("play[12]", "seat 2 must follow suit", "h3", 4),
    ciapano.CiapanoError("", "not valid JSON"),
]


def test_every_error_lives_in_one_module():
    from ciapano import cards, errors, games, records, solving

    for name in errors.__all__:
        assert getattr(ciapano, name) is getattr(errors, name)
        assert getattr(ciapano, name).__module__ == "ciapano.errors"
    assert cards.CardError is errors.CardError and games.GameError is errors.GameError
    assert errors.RulesError is errors.GameError  # the former name
    assert records.RecordError is errors.RecordError
    assert solving.OptionError is errors.OptionError
    assert solving.SolveInterrupted is errors.SolveInterrupted


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_errors_carry_the_field_and_the_reason(error):
    assert isinstance(error, ciapano.CiapanoError) and isinstance(error, ValueError)
    text = f"{error.field}: {error.reason}" if error.field else error.reason
    assert str(error).endswith(text)
    # They cross process boundaries (worker pools) whole.
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error)
    assert (again.field, again.reason) == (error.field, error.reason)


def test_a_record_error_names_its_line_and_record():
    error = ciapano.RecordError("play[12]", "seat 2 must follow suit", "h3")
    assert str(error) == "record 'h3': play[12]: seat 2 must follow suit"
    located = pickle.loads(pickle.dumps(error.at_line(4)))
    assert str(located) == "line 4: record 'h3': play[12]: seat 2 must follow suit"
    assert (located.line, located.record_id, located.field) == (4, "h3", "play[12]")


def test_errors_raised_by_the_library_carry_a_field():
    with pytest.raises(ciapano.CardError) as card:
        ciapano.Card("XS")
    assert card.value.field == "card" and card.value.reason.startswith("'XS' is not a card")
    with pytest.raises(ciapano.GameError) as rules:
        ciapano.Ciapano(players=6)
    assert rules.value.field == "players" and rules.value.reason.startswith("6 is not 3, 4 or 5")
    # A card error inside a position names the position's field, not "card".
    with pytest.raises(ciapano.PositionError) as pos:
        ciapano.Position([["3S", "XS"], ["2S", "AS"], ["KS", "QS"], ["JS", "7S"]], 0)
    assert pos.value.field == "hands[0][1]" and pos.value.reason.startswith("'XS' is not")


def test_a_missing_dependency_is_an_import_error():
    error = ciapano.MissingDependency(
        "plot", "matplotlib is not installed; pip install 'ciapano[plot]'", name="matplotlib"
    )
    assert isinstance(error, ImportError)
    assert not isinstance(error, (ValueError, ciapano.CiapanoError))
    assert str(error) == "plot: matplotlib is not installed; pip install 'ciapano[plot]'"
    again = pickle.loads(pickle.dumps(error))
    assert (again.field, again.reason, again.name, str(again)) == (
        error.field,
        error.reason,
        "matplotlib",
        str(error),
    )


def test_interruptions_are_keyboard_interrupts():
    assert issubclass(ciapano.SolveInterrupted, KeyboardInterrupt)
    assert issubclass(ciapano.AnalysisInterrupted, KeyboardInterrupt)
