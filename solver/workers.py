"""Worker processes: the one pool that sampling (:func:`ciapano.pimc`), puzzle generation
(:func:`ciapano.generate_puzzles`) and batches (:func:`ciapano.analyse_batch`) run their jobs
on.

:func:`ordered_map` applies a function to a stream of inputs on ``workers`` processes and
yields the results; :func:`in_order` is its scheduling loop, for any executor with futures (the
Dask path of :func:`~ciapano.analyse_batch` uses it with a ``distributed.Client``).  What they
guarantee:

- **Order.**  Results come back in the order of the inputs, whatever order the workers finish
  them in.
- **Determinism.**  Each job runs whole in one process; nothing but its function and its input
  decides its result (a worker keeps memory between jobs only for speed, such as transposition
  tables, which never change a value).  So the results are the same for any number of workers,
  and with ``workers=1`` the jobs run in the calling process, one after another, with the same
  results.  What a job draws at random must come from its input (a seed), not from the worker.
- **Bounded look-ahead.**  The inputs are read lazily: at most ``window`` jobs (by default two
  a worker) are submitted and not yet finished, so a consumer that stops early (puzzles: once
  enough are found) leaves the rest unread and unsolved.
- **Progress.**  ``on_done(index, result)`` is called in the calling process as each result
  arrives, in the order the jobs finish (e.g. to advance a progress bar).
- **Interrupts.**  Worker processes ignore SIGINT: Ctrl-C reaches the whole foreground process
  group, and the parent decides.  When the parent gets ``KeyboardInterrupt``, when a job
  raises, or when the consumer closes the generator before its end (``close()``, or a
  ``break`` that drops it), the workers are terminated at once, the jobs under way abandoned
  rather than awaited, and the exception (if any) goes on in the parent.  A job's exception
  is raised as soon as it is known.

Jobs and their inputs and results cross process boundaries: the function must be importable
(a module-level function, or a ``functools.partial`` of one) and the values picklable.  The
pool uses the platform's start method; a script that calls these functions where it is not
``fork`` needs the usual ``if __name__ == "__main__":`` guard.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from .errors import OptionError

__all__ = [
    "check_workers",
    "default_workers",
    "ignore_sigint",
    "in_order",
    "ordered_map",
    "terminate",
]

T = TypeVar("T")
R = TypeVar("R")

#: Called as ``on_done(index, result)`` as each result arrives.
DoneCallback = Callable[[int, Any], None]


def default_workers() -> int:
    """The default number of workers: every core of the machine."""
    return max(1, os.cpu_count() or 1)


def check_workers(workers: object) -> int:
    """A number of worker processes: ``workers``, or :func:`default_workers` for None.

    :raises OptionError: (field ``workers``) if it is not a whole number >= 1.
    """
    if workers is None:
        return default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OptionError("workers", f"{workers!r} is not a number of worker processes >= 1")
    return workers


def ignore_sigint() -> None:
    """In a worker process (the pool's initializer): leave Ctrl-C to the parent, which stops the
    workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def terminate(pool: ProcessPoolExecutor) -> None:
    """Stop a pool's worker processes at once and shut it down without waiting for them."""
    stop = getattr(pool, "terminate_workers", None)  # Python 3.14
    if stop is not None:
        stop()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


def in_order(
    items: Iterable[T],
    submit: Callable[[T], Any],
    wait_some: Callable[[set[Any]], set[Any]],
    result_of: Callable[[Any], R],
    window: int,
    on_done: DoneCallback | None = None,
) -> Iterator[R]:
    """The results of jobs run on an executor, in the order of ``items``.

    Keeps at most ``window`` jobs submitted and unfinished, reading ``items`` only as room
    frees up, and buffers the results that finish ahead of an earlier one.

    :param submit: starts the job of one item; returns its future.
    :param wait_some: waits until at least one of the futures given is done; returns those done.
    :param result_of: a done future's result (raising the job's exception).
    :param window: the most jobs submitted and unfinished at once (>= 1).
    :param on_done: called as ``on_done(index, result)`` as each result arrives.
    """
    ready: dict[int, R] = {}
    running: dict[Any, int] = {}
    next_out = 0
    inputs = enumerate(items)
    exhausted = False
    while True:
        while not exhausted and len(running) < window:
            try:
                i, item = next(inputs)
            except StopIteration:
                exhausted = True
                break
            running[submit(item)] = i
        while next_out in ready:
            yield ready.pop(next_out)
            next_out += 1
        if not running:
            if exhausted:
                return
            continue
        for future in wait_some(set(running)):
            i = running.pop(future)
            ready[i] = result_of(future)
            if on_done is not None:
                on_done(i, ready[i])


def _wait_first(futures: set[Future]) -> set[Future]:
    return wait(futures, return_when=FIRST_COMPLETED).done


def ordered_map(
    function: Callable[[T], R],
    items: Iterable[T],
    *,
    workers: int | None = 1,
    window: int | None = None,
    on_done: DoneCallback | None = None,
) -> Generator[R, None, None]:
    """``function(item)`` for each item, on ``workers`` processes, in the order of ``items``
    (see the module's documentation for what is guaranteed).

    :param function: the job; importable, and its items and results picklable.
    :param workers: worker processes (None: every core); 1 runs the jobs in this process.
    :param window: the most jobs submitted and unfinished at once (default: two a worker).
    :param on_done: called in this process as ``on_done(index, result)`` as each result
        arrives, in the order the jobs finish.
    :returns: a generator of the results; the pool starts with the first result asked for and
        ends with the last one, or when the generator is closed.
    :raises OptionError: for a bad number of workers (at once, before any job).
    """
    n = check_workers(workers)
    if n == 1:
        return _here(function, items, on_done)
    return _pooled(function, items, n, window or 2 * n, on_done)


def _here(
    function: Callable[[T], R], items: Iterable[T], on_done: DoneCallback | None
) -> Generator[R, None, None]:
    for i, item in enumerate(items):
        result = function(item)
        if on_done is not None:
            on_done(i, result)
        yield result


def _pooled(
    function: Callable[[T], R],
    items: Iterable[T],
    workers: int,
    window: int,
    on_done: DoneCallback | None,
) -> Generator[R, None, None]:
    pool = ProcessPoolExecutor(workers, initializer=ignore_sigint)
    try:
        yield from in_order(
            items,
            lambda item: pool.submit(function, item),
            _wait_first,
            Future.result,
            window,
            on_done,
        )
    except BaseException:
        # Ctrl-C, a job's exception, or the consumer closing the generator (GeneratorExit):
        # stop the workers now rather than after their jobs.
        terminate(pool)
        raise
    pool.shutdown()
