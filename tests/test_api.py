"""The shape of the public API: the names ``ciapano`` exports and its modules."""

from __future__ import annotations

import pkgutil

import ciapano


def test_no_module_shares_a_name_with_an_exported_name():
    # ``ciapano.solve`` is a function; a module ``ciapano.solve`` would replace it as the
    # package's attribute once imported (``import ciapano.solve``), as python-chess keeps
    # ``chess.pgn`` (module) apart from ``read_game`` (function).
    modules = {m.name for m in pkgutil.iter_modules(ciapano.__path__)}
    assert {"solving", "montecarlo"} <= modules
    assert not modules & set(ciapano.__all__)
    assert callable(ciapano.solve) and callable(ciapano.pimc)
