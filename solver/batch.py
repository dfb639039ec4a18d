"""Analysing many hand records: on local processes, or on a Dask cluster.

:func:`analyse_batch` takes records (as :func:`~ciapano.records.read_records` yields them, bad
lines included) and yields one result per record, **in input order** whatever order the workers
finish in, so that the output is the same however it ran (apart from each hand's ``seconds``).
A record that cannot be read or analysed gives an error result; the others go on.

Result lines (JSON objects, one per record)::

    {"id": "h1", "line": 1, "cards": [...], "seats": [...], "nodes": ..., "seconds": ...}
    {"id": "h2", "line": 2, "error": "line 2: record 'h2': play[12]: seat 2 must follow ..."}

Each hand is analysed in one process with its own table (:func:`ciapano.analyse`), so the
values and the node counts do not depend on the number of workers.  Local workers are the
processes of :mod:`ciapano.workers` (ordered results, Ctrl-C stops them at once; a script that
calls :func:`analyse_batch` where the start method is not ``fork`` needs the usual
``if __name__ == "__main__":`` guard); ``dask`` is the address of a running Dask scheduler
(``dask.distributed``, optional: ``pip install "ciapano[dask]"``), scheduled by the same
ordered loop (:func:`ciapano.workers.in_order`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any, NamedTuple

from .errors import CiapanoError, MissingDependency, OptionError, RecordError
from .records import HandRecord, record_from_dict
from .solving import WORKER_TT_MB, check_options
from .workers import DoneCallback, check_workers, in_order, ordered_map

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
    tt_mb: float = WORKER_TT_MB,
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
    workers = check_workers(workers)
    check_options(tt_mb=tt_mb, workers=1 if dask is not None else workers)
    if isinstance(from_trick, bool) or not isinstance(from_trick, int) or from_trick < 1:
        raise OptionError("from_trick", f"{from_trick!r} is not a trick number >= 1")
    client = _dask_client(dask) if dask is not None else None
    run = partial(_run_job, options={"tt_mb": tt_mb, "from_trick": from_trick})
    jobs = (_job(i, item) for i, item in enumerate(records, start=1))
    done = None if on_done is None else lambda _index, result: on_done(result)
    if client is not None:
        return _run_dask(jobs, client, run, done)
    return ordered_map(run, jobs, workers=workers, on_done=done)


class _Job(NamedTuple):
    """One record of a batch, as a worker gets it."""

    line: int | None
    #: The record as a dict to analyse, or already an error result.
    payload: dict[str, Any]


def _job(position: int, item: Any) -> _Job:
    """The job of one item of ``records`` (``position`` its place, from 1)."""
    line, record = item if isinstance(item, tuple) else (position, item)
    if isinstance(record, RecordError):
        error = record if record.line is not None or line is None else record.at_line(line)
        return _Job(line, {"id": record.record_id, "line": line, "error": str(error)})
    if isinstance(record, HandRecord):
        return _Job(line, record.to_dict())
    return _Job(line, dict(record))


def _run_job(job: _Job, options: dict[str, Any]) -> dict[str, Any]:
    """What a worker runs: the job's result line (an error result is its own result)."""
    if "error" in job.payload:
        return job.payload
    return analyse_job(job.line, job.payload, options)


def _run_dask(
    jobs: Iterable[_Job],
    client: tuple[Any, bool],
    run: Callable[[_Job], dict[str, Any]],
    on_done: DoneCallback | None,
) -> Iterator[dict[str, Any]]:
    from distributed import wait as dask_wait

    dask_client, own = client
    try:
        threads = sum(dask_client.nthreads().values()) or 1

        def submit(job: _Job) -> Any:
            return dask_client.submit(run, job, pure=False)

        def wait_some(futures: set[Any]) -> set[Any]:
            return set(dask_wait(list(futures), return_when="FIRST_COMPLETED").done)

        yield from in_order(jobs, submit, wait_some, lambda f: f.result(), 2 * threads, on_done)
    finally:
        if own:
            dask_client.close()
