"""The worker pool of sampling, puzzles and batches (``ciapano.workers``): results in input
order, read lazily, the same in this process and on workers, and workers stopped at once on
Ctrl-C, on a job's error and when the consumer stops early."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from ciapano import OptionError
from ciapano.workers import check_workers, default_workers, ordered_map


def _slow_square(item: tuple[int, float]) -> int:
    k, delay = item
    time.sleep(delay)
    return k * k


def _pid_and_sigint(_item: object) -> tuple[int, bool]:
    return os.getpid(), signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def _first_quick_then_stuck(k: int) -> int:
    if k > 0:
        time.sleep(60)
    return os.getpid()


def _fails_at_two(k: int) -> int:
    if k == 2:
        raise ValueError("job 2 failed")
    time.sleep(60 if k > 2 else 0)
    return k


def _alive(pid: int) -> bool:
    """Whether a process runs (not gone, not a zombie)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _gone_soon(pids: set[int]) -> bool:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_results_come_in_input_order_whatever_order_they_finish(workers):
    # Later items finish first on several workers.
    items = [(k, 0.02 * (6 - k)) for k in range(7)]
    seen: list[tuple[int, int]] = []
    results = list(
        ordered_map(_slow_square, items, workers=workers, on_done=lambda i, r: seen.append((i, r)))
    )
    assert results == [k * k for k in range(7)]
    assert sorted(seen) == [(k, k * k) for k in range(7)]


def test_one_worker_runs_here_and_workers_ignore_ctrl_c():
    here = list(ordered_map(_pid_and_sigint, range(3), workers=1))
    assert {pid for pid, _ in here} == {os.getpid()}
    there = list(ordered_map(_pid_and_sigint, range(6), workers=2))
    assert os.getpid() not in {pid for pid, _ in there}
    assert all(ignored for _, ignored in there)


def test_inputs_are_read_lazily():
    taken: list[int] = []

    def items():
        for k in range(1000):
            taken.append(k)
            yield (k, 0.0)

    results = ordered_map(_slow_square, items(), workers=2, window=3)
    assert taken == []  # nothing runs before the first result is asked for
    assert next(results) == 0
    results.close()
    assert len(taken) < 50


@needs_proc
def test_closing_early_stops_the_workers_at_once():
    results = ordered_map(_first_quick_then_stuck, range(6), workers=2)
    first = next(results)
    start = time.perf_counter()
    results.close()
    assert time.perf_counter() - start < 5
    assert _gone_soon({first})


@needs_proc
def test_a_job_error_is_raised_at_once_and_stops_the_workers():
    start = time.perf_counter()
    with pytest.raises(ValueError, match="job 2 failed"):
        list(ordered_map(_fails_at_two, range(6), workers=2))
    assert time.perf_counter() - start < 20


@pytest.fixture
def python_sigint():
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


@needs_proc
def test_ctrl_c_stops_the_workers_at_once(python_sigint):
    results = ordered_map(_first_quick_then_stuck, range(6), workers=2)
    pids = {next(results)}
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            next(results)  # the other jobs take a minute
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 5
    assert _gone_soon(pids)


def test_bad_numbers_of_workers_are_named():
    assert check_workers(None) == default_workers() >= 1
    assert check_workers(3) == 3
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(OptionError) as e:
            check_workers(bad)
        assert e.value.field == "workers"
    with pytest.raises(OptionError):
        ordered_map(_slow_square, [], workers=0)  # at once, not at the first result
