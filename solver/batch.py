"""Analysing many hand records: on local processes, or on a Dask cluster.

:func:`analyse_batch` takes records (as :func:`~ciapano.records.read_records` yields them, bad
lines included) and yields one result per record, **in input order** whatever order the workers
finish in, so that the output is the same however it ran (apart from each hand's ``seconds``).
A record that cannot be read or analysed gives an error result; the others go on.

Result lines (JSON objects, one per record)::

    {"id": "h1", "line": 1, "cards": [...], "seats": [...], "nodes": ..., "seconds": ...}
    {"id": "h2", "line": 2, "error": "line 2: record 'h2': play[12]: seat 2 must follow ..."}

Each hand is analysed in one process with its own table (:func:`ciapano.analyse`), so the
values and the node counts do not depend on the number of workers.  Local workers are
processes (``concurrent.futures.ProcessPoolExecutor``, the platform's start method: a
script that calls :func:`analyse_batch` where it is not ``fork`` needs the usual
``if __name__ == "__main__":`` guard); ``dask`` is
the address of a running Dask scheduler (``dask.distributed``, optional: ``pip install
"ciapano[dask]"``).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from .errors import CiapanoError, MissingDependency, OptionError, RecordError
from .records import HandRecord, record_from_dict
from .solving import DEFAULT_TT_MB, check_options

__all__ = ["analyse_batch", "analyse_job"]


def analyse_job(
    line: int | None,
    record: dict[str, Any],
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Analyse one record given as a dict (what a worker runs): the result line, or an error
    line that names the record.  ``options`` are keyword arguments of :func:`ciapano.analyse`
    (``tt_mb``, ``from_trick``).  Never raises for a bad record."""
    rid = record.get("id")
    head: dict[str, Any] = {"id": rid, "line": line}
    try:
        from .analysis import analyse

        rec = record_from_dict(record)
        analysis = analyse(rec, every_seat=False, **(options or {}))
    except RecordError as e:
        return {**head, "error": str(e.at_line(line) if line is not None else e)}
    except KeyboardInterrupt:
        raise
    except Exception as e:  # a failing hand must not stop the others
        where = f"line {line}: " if line is not None else ""
        who = f"record {rid!r}: " if rid is not None else ""
        what = str(e) if isinstance(e, CiapanoError) else f"{type(e).__name__}: {e}"
        return {**head, "error": f"{where}{who}{what}"}
    return {**head, **analysis.to_dict()}


def _ignore_sigint() -> None:
    # Workers leave Ctrl-C to the main process, which stops them.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _dask_client(dask: Any) -> tuple[Any, bool]:
    try:
        from distributed import Client
    except ImportError:
        raise MissingDependency(
            "dask",
            "dask.distributed is not installed; pip install 'ciapano[dask]'",
            name="distributed",
        ) from None
    if isinstance(dask, Client):
        return dask, False
    try:
        return Client(dask, timeout=10), True
    except OSError as e:
        raise OptionError("dask", f"cannot reach the Dask scheduler at {dask!r} ({e})") from None


def analyse_batch(
    records: Iterable[Any],
    *,
    workers: int | None = None,
    dask: Any = None,
    tt_mb: float = DEFAULT_TT_MB,
    from_trick: int = 1,
    on_done: Callable[[dict[str, Any]], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """Analyse hand records; yield one JSON-ready result per record, in input order.

    :param records: :class:`~ciapano.records.HandRecord` objects, parsed records (dicts,
        checked by the worker), :class:`RecordError` for records that could not be read (they
        become error results in their place), or ``(line, record)`` pairs of these as
        :func:`~ciapano.records.read_records` yields them (``line`` defaults to the position
        in ``records``, from 1).
    :param workers: local worker processes (default: every core; 1 runs in this process).
    :param dask: the address of a Dask scheduler (``"tcp://host:8786"``), or a
        ``distributed.Client``; the hands are then analysed on its workers and ``workers`` is
        ignored.
    :param tt_mb: memory of each hand's transposition table, in MiB (one table per worker).
    :param from_trick: analyse each hand from this trick on (see :func:`ciapano.analyse`).
    :param on_done: called with each result as soon as it is known (in any order), e.g. to
        advance a progress bar.
    :returns: result dicts: ``{"id", "line", "cards", "seats", "nodes", "seconds"}`` or
        ``{"id", "line", "error"}``.
    :raises OptionError: for a bad number of workers, table size or trick number, or an
        unreachable scheduler.
    :raises MissingDependency: for ``dask`` without ``dask.distributed`` installed.
    """
    if workers is None:
        workers = max(1, os.cpu_count() or 1)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OptionError("workers", f"{workers!r} is not a number of workers >= 1")
    check_options(tt_mb=tt_mb, workers=1 if dask is not None else workers)
    if isinstance(from_trick, bool) or not isinstance(from_trick, int) or from_trick < 1:
        raise OptionError("from_trick", f"{from_trick!r} is not a trick number >= 1")
    client = _dask_client(dask) if dask is not None else None

    def done(result: dict[str, Any]) -> dict[str, Any]:
        if on_done is not None:
            on_done(result)
        return result

    options = {"tt_mb": tt_mb, "from_trick": from_trick}
    jobs = (_job(i, item) for i, item in enumerate(records, start=1))
    if client is not None:
        return _run_dask(jobs, client, options, done)
    if workers == 1:
        return _run_here(jobs, options, done)
    return _run_pool(jobs, workers, options, done)


def _run_here(
    jobs: Iterable[tuple[int | None, dict[str, Any]]],
    options: dict[str, Any],
    done: Callable[[dict[str, Any]], dict[str, Any]],
) -> Iterator[dict[str, Any]]:
    for line, payload in jobs:
        if "error" in payload:
            yield done(payload)
            continue
        yield done(analyse_job(line, payload, options))


def _job(position: int, item: Any) -> tuple[int | None, dict[str, Any]]:
    """(line, a record dict to analyse or an error result)."""
    line, record = item if isinstance(item, tuple) else (position, item)
    if isinstance(record, RecordError):
        error = record if record.line is not None or line is None else record.at_line(line)
        return line, {"id": record.record_id, "line": line, "error": str(error)}
    if isinstance(record, HandRecord):
        return line, record.to_dict()
    return line, dict(record)


def _ordered(
    jobs: Iterable[tuple[int | None, dict[str, Any]]],
    submit: Callable[[int | None, dict[str, Any]], Any],
    wait_some: Callable[[set[Any]], set[Any]],
    result_of: Callable[[Any], dict[str, Any]],
    limit: int,
    done: Callable[[dict[str, Any]], dict[str, Any]],
) -> Iterator[dict[str, Any]]:
    """Keep at most ``limit`` jobs running; yield the results in input order."""
    ready: dict[int, dict[str, Any]] = {}
    running: dict[Any, int] = {}
    next_out = 0
    it = enumerate(jobs)
    exhausted = False
    while True:
        while not exhausted and len(running) < limit:
            try:
                i, (line, payload) = next(it)
            except StopIteration:
                exhausted = True
                break
            if "error" in payload:
                ready[i] = done(payload)
            else:
                running[submit(line, payload)] = i
        while next_out in ready:
            yield ready.pop(next_out)
            next_out += 1
        if not running:
            if exhausted:
                return
            continue
        for fut in wait_some(set(running)):
            ready[running.pop(fut)] = done(result_of(fut))


def _run_pool(
    jobs: Iterable[tuple[int | None, dict[str, Any]]],
    workers: int,
    options: dict[str, Any],
    done: Callable[[dict[str, Any]], dict[str, Any]],
) -> Iterator[dict[str, Any]]:
    pool = ProcessPoolExecutor(workers, initializer=_ignore_sigint)
    try:
        yield from _ordered(
            jobs,
            lambda line, record: pool.submit(analyse_job, line, record, options),
            lambda futures: wait(futures, return_when=FIRST_COMPLETED).done,
            Future.result,
            2 * workers,
            done,
        )
    except BaseException:
        # Ctrl-C or a closed generator: stop the workers at once, not after their hands.
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _run_dask(
    jobs: Iterable[tuple[int | None, dict[str, Any]]],
    client: tuple[Any, bool],
    options: dict[str, Any],
    done: Callable[[dict[str, Any]], dict[str, Any]],
) -> Iterator[dict[str, Any]]:
    from distributed import wait as dask_wait

    dask_client, own = client
    try:
        threads = sum(dask_client.nthreads().values()) or 1

        def submit(line: int | None, record: dict[str, Any]) -> Any:
            return dask_client.submit(analyse_job, line, record, options, pure=False)

        def wait_some(futures: set[Any]) -> set[Any]:
            return set(dask_wait(list(futures), return_when="FIRST_COMPLETED").done)

        yield from _ordered(jobs, submit, wait_some, lambda f: f.result(), 2 * threads, done)
    finally:
        if own:
            dask_client.close()
