"""Limits never lie: a solve stopped by a node budget, a deadline or Ctrl-C reports only bounds
it proved, and the values never depend on the number of threads."""

from __future__ import annotations

import _thread
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import ciapano
from ciapano.cli.main import app
from ciapano.engine import card_brackets, open_search
from ciapano.solving import OptionError, SolveInterrupted, check_options
from strategies import played_deal

POSITIONS = Path(__file__).resolve().parents[1] / "positions"


def _load(name: str):
    data = json.loads((POSITIONS / name).read_text(encoding="utf-8"))
    return ciapano.load(POSITIONS / name), data["expected"]


@pytest.fixture
def threads_everywhere(monkeypatch):
    """Every thread asked for, however few tricks are left (solve otherwise searches a position
    of ciapano.ONE_THREAD_TRICKS tricks or fewer on one), so that small positions exercise the
    threads."""
    monkeypatch.setattr(sys.modules["ciapano.solving"], "ONE_THREAD_TRICKS", 0)


def _assert_bounds_hold(result, expected):
    assert result.lower <= expected["value"] <= result.upper
    for move in result.moves:
        true = expected["moves"][move.card.text]
        assert move.lower <= true <= move.upper
        if move.value is not None:
            assert move.value == true


@pytest.mark.parametrize("max_nodes", [1, 5_000, 200_000, 2_000_000])
def test_node_budget_gives_proved_bounds_only(max_nodes):
    pos, expected = _load("deal4_opening.json")
    result = ciapano.solve(pos, max_nodes=max_nodes)
    assert not result.exact
    assert result.value is None and result.best == () and result.line == ()
    assert result.stopped_by == "max_nodes"
    _assert_bounds_hold(result, expected)
    d = result.to_dict()
    assert d["exact"] is False and d["value"] is None
    assert d["lower"] == result.lower and d["upper"] == result.upper
    assert any(m["value"] is None and "lower" in m for m in d["moves"])


def test_time_limit_gives_proved_bounds_only():
    pos, expected = _load("deal3_opening.json")
    result = ciapano.solve(pos, time_limit=0.3, threads=2)
    assert not result.exact and result.stopped_by == "time_limit"
    assert result.seconds < 5
    _assert_bounds_hold(result, expected)


def test_generous_limits_change_nothing():
    pos, expected = _load("endgame3_discard_ace.json")
    result = ciapano.solve(pos, max_nodes=10**12, time_limit=3600, all_seats=True)
    assert result.exact and result.stopped_by is None
    assert result.value == expected["value"]
    assert {c.text: v for c, v in result} == expected["moves"]
    assert list(result.seats) == expected["seats"]


@pytest.mark.parametrize("name", ["endgame4_midtrick.json", "deal5_opening.json"])
def test_values_do_not_depend_on_threads(name, threads_everywhere):
    pos, expected = _load(name)
    one = ciapano.solve(pos, threads=1)
    two = ciapano.solve(pos, threads=2)
    assert list(one) == list(two)
    assert {c.text: v for c, v in two} == expected["moves"]
    assert one.best == two.best


@pytest.mark.parametrize(
    ("game", "tricks", "seed"),
    [
        (ciapano.Kifameno(players=2), 9, 2),
        (ciapano.Kifameno(players=2), 11, 0),
        (ciapano.Kifameno(players=3), 3, 0),
        (ciapano.Kifameno(players=3), 5, 1),
        (ciapano.Tarocchi(), 10, 0),
        (ciapano.Tarocchi(), 11, 0),
    ],
)
def test_the_line_starts_with_the_first_best_card_on_any_number_of_threads(
    game, tricks, seed, threads_everywhere
):
    # Where solve brackets each card from an earlier card's value on its thread with no
    # position's value found first (engine.card_brackets: Kifameno with a stock, tarocchi), a
    # thread traces a line from each card better than its cards before it: the result must
    # still show the line of the first best card in the classes' order, whichever thread
    # searched it, and the same values on one thread or two.  In each of these positions some
    # seat's first best card comes after a worse card on its thread (with the test for "better"
    # turned the wrong way, every one of them fails).
    pos = played_deal(game.players, seed, tricks * game.players, game=game)
    assert not card_brackets(game).root_value_first
    order = [c for cls in open_search(pos, 1).classes() for c in cls]
    for seat in range(pos.players):
        one = ciapano.solve(pos, seat, threads=1)
        two = ciapano.solve(pos, seat, threads=2)
        assert list(one) == list(two), (game, tricks, seed, seat)
        for result in (one, two):
            first_best = next(c for c in order if ciapano.Card(c) in result.best)
            assert result.line[0] == ciapano.Card(first_best), (seat, result.line, result.best)
            end = pos.play_all(result.line)
            assert end.is_over() and end.score()[seat] == result.value


def _count_searches(monkeypatch) -> list[float]:
    """From now on in the test, the table size (MiB) of every Search that solve makes, in
    order (the first: the probe that lists the legal cards)."""
    made: list[float] = []

    def counting(position, tt_mb, *args, **kwargs):
        made.append(tt_mb)
        return open_search(position, tt_mb, *args, **kwargs)

    monkeypatch.setattr(sys.modules["ciapano.engine"], "open_search", counting)
    return made


@pytest.mark.parametrize("threads", [1, 2])
def test_all_seats_stay_within_the_memory_asked_for(monkeypatch, threads, threads_everywhere):
    # solve(all_seats=True) searches the cards, then the other seats' guarantees: the second
    # part must reuse the first part's Searches (and tables), not hold a second set beside
    # them, which would use up to twice tt_mb.
    made = _count_searches(monkeypatch)
    pos, expected = _load("endgame4_midtrick.json")
    result = ciapano.solve(pos, all_seats=True, threads=threads, tt_mb=64)
    assert list(result.seats) == expected["seats"]
    assert made[0] == 1  # the probe that lists the legal cards
    assert 1 <= len(made) - 1 <= threads and sum(made[1:]) <= 64


@pytest.mark.parametrize(("played", "searches"), [(4, 2), (5, 1), (8, 1)])
def test_few_tricks_left_are_searched_on_one_thread(monkeypatch, played, searches):
    # With ciapano.ONE_THREAD_TRICKS (5) tricks left or fewer, a second thread costs more than
    # it gains: solve and dd_table search on one whatever threads asks for (one Search, the
    # whole table), and the values are the same.  6 tricks left and 5 are the two sides of the
    # rule (a full deal, 10 left, took 26 s to tell nothing more).
    pos = played_deal(4, 3, 4 * played)
    assert pos.tricks_left == 10 - played and len(open_search(pos, 1).classes()) >= 2
    alone = ciapano.solve(pos, threads=1, tt_mb=64)
    made = _count_searches(monkeypatch)
    result = ciapano.solve(pos, threads=2, tt_mb=64)
    assert list(result) == list(alone)
    assert made[1:] == [64 / searches] * searches  # after the probe that lists the cards
    made.clear()
    table = ciapano.dd_table(pos, threads=2, tt_mb=64)
    assert made == [64 / searches] * searches
    assert table.to_list() == list(ciapano.solve(pos, all_seats=True, threads=1).seats)


def test_the_threads_help_gives_the_rule():
    # cli/solve.py writes ONE_THREAD_TRICKS into --threads' help as a number.
    result = CliRunner().invoke(app, ["solve", "--help"], terminal_width=200)
    text = " ".join(result.stdout.split())
    assert f"a position with {ciapano.ONE_THREAD_TRICKS} tricks left or fewer" in text


def test_dd_table_with_limits_and_threads(threads_everywhere):
    pos, expected = _load("endgame5.json")
    table = ciapano.dd_table(pos, threads=2)
    assert table.exact and table.to_list() == expected["seats"]
    stopped = ciapano.dd_table(ciapano.load(POSITIONS / "deal4_opening.json"), max_nodes=1)
    assert not stopped.exact and stopped.stopped_by == "max_nodes"
    assert all(lo <= hi for lo, hi in stopped.bounds)


def _send_sigint() -> None:
    os.kill(os.getpid(), signal.SIGINT)


@pytest.fixture
def python_sigint():
    """Python's own SIGINT handler for the test.  A process started with SIGINT ignored (as a
    shell does for a command run in the background with `&` without job control) keeps it
    ignored, and Ctrl-C cannot reach it at all."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.mark.parametrize("interrupt", [_send_sigint, _thread.interrupt_main])
@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_with_what_was_proved(threads, interrupt, python_sigint):
    # One thread runs in the caller's thread, where a real SIGINT becomes a stop request of the
    # searches (they run without the GIL); two run in search threads while this one waits.
    # Either way the solve stops at once, and afterwards SIGINT raises KeyboardInterrupt again.
    pos, expected = _load("deal3_opening.json")
    # The solve takes 0.5-1.2 s on this machine; the timer fires well inside it even when
    # other processes slow the timer thread.
    fired: list[float] = []

    def fire() -> None:
        fired.append(time.perf_counter() - start)
        interrupt()

    timer = threading.Timer(0.2, fire)
    start = time.perf_counter()
    timer.start()
    try:
        ciapano.solve(pos, threads=threads)
    except SolveInterrupted as exc:
        result = exc.result
    else:
        pytest.fail(
            f"not interrupted: the solve took {time.perf_counter() - start:.2f} s, the timer "
            f"fired at {fired} s, SIGINT handler {signal.getsignal(signal.SIGINT)!r}"
        )
    finally:
        timer.cancel()
    assert result.stopped_by == "interrupt" and not result.exact  # stopped at once, not at the end
    _assert_bounds_hold(result, expected)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with pytest.raises(KeyboardInterrupt):
        _send_sigint()
        time.sleep(5)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"threads": 0}, "threads"),
        ({"tt_mb": 0}, "tt_mb"),
        ({"tt_mb": float("nan")}, "tt_mb"),
        ({"tt_mb": 10**9}, "tt_mb"),
        ({"max_nodes": 0}, "max_nodes"),
        ({"time_limit": -1}, "time_limit"),
    ],
)
def test_bad_options_are_named(kwargs, field):
    pos, _ = _load("endgame5.json")
    with pytest.raises(OptionError) as info:
        ciapano.solve(pos, **kwargs)
    assert isinstance(info.value, ValueError)
    assert str(info.value).startswith(f"{field}: ")
    assert info.value.field == field


def test_the_default_table_memory_fits_the_machine():
    # One solve's default is 1024 MiB or a quarter of the machine's memory, whichever is less, so
    # that the default is never refused (check_options refuses more than 9/10 of the machine),
    # and the default of a pool's worker fits with a worker on every core.
    machine = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    assert 0 < ciapano.DEFAULT_TT_MB <= min(1024, machine / 4)
    check_options(tt_mb=ciapano.DEFAULT_TT_MB)
    check_options(tt_mb=ciapano.WORKER_TT_MB, workers=os.cpu_count() or 1)


def test_cli_limits_and_memory_cap():
    deal = str(POSITIONS / "deal4_opening.json")
    out = subprocess.run(
        ["ciapano-solve", deal, "--json", "--max-nodes", "100000"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert d["exact"] is False and d["value"] is None and d["stopped_by"] == "max_nodes"
    assert d["lower"] <= 1 <= d["upper"]
    big = subprocess.run(
        ["ciapano-solve", deal, "--tt-mb", "100000000"], capture_output=True, text=True, check=False
    )
    assert big.returncode == 2
    assert big.stderr.startswith("ciapano-solve: error: --tt-mb: ")
    assert "Traceback" not in big.stderr and len(big.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("seed", [1, 6])
def test_table_grows_within_its_cap_and_keeps_the_values(seed):
    # The table starts at 5/8 of 4 MiB at most and doubles as it fills (ext/ttable.pxd,
    # start_buckets, tt_grow), never past the memory asked for: where doubling would pass it,
    # the last step takes it to that memory exactly, and two old buckets may then meet in one.
    # Moving the entries must keep every value.  After 4 cards of these 4-player deals the
    # search stores enough entries to grow two to three times.
    pos = played_deal(4, seed, 4)
    growing = open_search(pos, 64)  # 2.5 MiB, 5, 10, ...
    capped = open_search(pos, 6)  # 1.875 MiB, 3.75, then 6: a step of 1.6
    small = open_search(pos, 4)  # 2.5 MiB, then 4
    start = growing.tt_stats[3]
    for card in pos.legal_moves():
        value = growing.move_bounds(pos.to_move, card.index)
        assert capped.move_bounds(pos.to_move, card.index) == value
        assert small.move_bounds(pos.to_move, card.index) == value
    assert start <= 5 << 19 < growing.tt_stats[3] <= 64 << 20
    # Both capped tables reach their caps through a last step that less than doubles them.
    assert 4 << 20 < capped.tt_stats[3] <= 6 << 20
    assert 3 << 20 < small.tt_stats[3] <= 4 << 20
    # Every entry moved sits in the bucket of its key's hash.
    assert growing.tt_misplaced() == capped.tt_misplaced() == small.tt_misplaced() == 0


def _classes(texts: str) -> list[list[int]]:
    return [[ciapano.Card.parse(t).index] for t in texts.split()]


@pytest.mark.parametrize("threads", [1, 2, 3, 5])
def test_card_plan_keeps_suits_together_and_covers_every_class(threads):
    from ciapano.solving import _plan_by_suit

    classes = _classes("3D 7D 4D AH KH 3S AS KS 7S 4S")
    plan = _plan_by_suit(classes, threads)
    assert sorted(i for jobs in plan for i in jobs) == list(range(len(classes)))
    assert len(plan) == threads  # with fewer suits than threads, suits are split
    for jobs in plan:
        assert jobs == sorted(jobs)
        suits = {ciapano.CARDS[classes[i][0]].suit for i in jobs}
        assert len(suits) == 1 or threads < 3
    if threads == 2:
        # the largest suit (5 classes) alone, the two others (3 + 2) together
        assert sorted(map(len, plan)) == [5, 5]
    assert plan == _plan_by_suit(classes, threads)  # deterministic


def test_card_plan_splits_a_single_suit_among_threads():
    from ciapano.solving import _plan_by_suit

    plan = _plan_by_suit(_classes("3D 7D 4D"), 2)
    assert sorted(map(len, plan)) == [1, 2]
    assert sorted(i for jobs in plan for i in jobs) == [0, 1, 2]
