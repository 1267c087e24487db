"""Where a batch's games are played: here, a local process pool, or a Dask cluster.

A pool plays a batch (:class:`Batch`: the Heroes System's
:class:`builder.systems.heroes.playtests.runner.Batch`, or another game system's, e.g. Tide of Iron's
``ToiBatch``; issue 20) and yields its rows in index order. A game's seed and seating depend only on the batch and its index
(builder.playtest_core.seeds), so every pool gives the same rows; only speed differs.

The pool stays open across batches (a sequential playtest or a balance search plays
many small batches: starting processes or a cluster once matters).

``DaskPool`` uses dask.distributed (https://distributed.dask.org): its scheduler
re-runs the tasks of a worker that dies, so a lost worker loses no game, and the
rows are still the same since a chunk's games do not depend on who plays them.
Games travel in chunks (:func:`builder.playtest_core.seeds.chunks`, larger on a cluster)
so the per-game overhead of a task stays small. The import is lazy: dask is an
optional dependency, needed only for ``--scheduler``.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Callable, Iterator, Protocol

from builder.errors import UsageError
from builder.playtest_core.seeds import chunks

CLUSTER_CHUNK = 128
"""Most games in one cluster task: a task costs a few milliseconds of scheduling."""


class Batch(Protocol):
    """What a pool plays: ``games`` games from index ``first``, in chunks. A batch is
    picklable (it travels to worker processes and cluster workers) and plays its own
    chunks, so the pools serve every game system alike."""

    @property
    def first(self) -> int: ...

    @property
    def games(self) -> int: ...

    def play_chunk(self, start: int, stop: int) -> list[dict[str, Any]]:
        """The rows of games ``start`` to ``stop - 1``, in index order."""
        ...


def play_chunk(batch: Batch, start: int, stop: int) -> list[dict[str, Any]]:
    """One chunk of ``batch`` (a module-level function: what a worker is sent)."""
    return batch.play_chunk(start, stop)


def _play_chunk_args(args: tuple[Batch, int, int]) -> list[dict[str, Any]]:
    return play_chunk(*args)


class Pool(Protocol):
    """Plays batches; rows come back in index order."""

    def play(self, batch: Batch, progress: Callable[[int], None] | None = None) -> Iterator[dict[str, Any]]: ...

    def close(self) -> None: ...


class LocalPool:
    """This process (``jobs == 1``) or a process pool of ``jobs`` workers kept open."""

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise UsageError("--jobs must be at least 1")
        self.jobs = jobs
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            ctx = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() else None
            self._executor = ProcessPoolExecutor(max_workers=self.jobs, mp_context=ctx)
        return self._executor

    def play(self, batch: Batch, progress: Callable[[int], None] | None = None) -> Iterator[dict[str, Any]]:
        work = [(batch, batch.first + a, batch.first + b) for a, b in chunks(batch.games, self.jobs)]
        results = map(_play_chunk_args, work) if self.jobs == 1 or len(work) <= 1 else \
            self._pool().map(_play_chunk_args, work)
        for rows in results:
            if progress:
                progress(len(rows))
            yield from rows

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown()
            self._executor = None

    def __enter__(self) -> "LocalPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class DaskPool:
    """A dask.distributed cluster: ``address`` of a running scheduler
    (``tcp://host:8786``) or ``local`` for a ``LocalCluster`` of ``workers``
    single-threaded worker processes on this machine."""

    def __init__(self, address: str, workers: int = 2) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise UsageError("--scheduler needs Dask (dask.distributed), which 'make demo' does not install: "
                             "run .venv/bin/pip install -e '.[cluster]' in the checkout (or pip install "
                             "'distributed>=2024.1'), or play on this machine's processes with --jobs N instead"
                             ) from None
        self.address = address
        self._cluster: Any = None
        try:
            if address == "local":
                self._cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                                             dashboard_address=None, host="127.0.0.1")
                self.client: Any = Client(self._cluster)
            else:
                self.client = Client(address, timeout="10s")
        except ValueError as exc:  # dask's address parser: '::::', 'tcp://'
            self.close()
            raise UsageError(f"--scheduler: {exc}; give ADDRESS as tcp://host:port or local") from None
        except (OSError, TimeoutError) as exc:
            self.close()
            raise UsageError(f"cannot reach the Dask scheduler at {address} ({exc}); start one with "
                             "`dask scheduler` and workers with `dask worker ADDRESS`, or use --scheduler local"
                             ) from None
        self.workers = max(1, len(self.client.scheduler_info().get("workers", {})) or workers)

    def play(self, batch: Batch, progress: Callable[[int], None] | None = None) -> Iterator[dict[str, Any]]:
        spans = [(batch.first + a, batch.first + b)
                 for a, b in chunks(batch.games, self.workers, target=CLUSTER_CHUNK)]
        # pure=True: a chunk's key is a hash of its arguments, so a chunk lost with a
        # worker is the same task when the scheduler runs it again elsewhere
        futures = [self.client.submit(play_chunk, batch, a, b, pure=True) for a, b in spans]
        for future in futures:
            rows = future.result()
            if progress:
                progress(len(rows))
            yield from rows

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    def __enter__(self) -> "DaskPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_pool(jobs: int = 1, scheduler: str | None = None) -> LocalPool | DaskPool:
    """The pool a command asked for: ``--scheduler`` when given (``--jobs`` is then the
    number of workers of a local cluster), else ``--jobs`` local processes."""
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if scheduler:
        return DaskPool(scheduler, workers=max(2, jobs) if scheduler == "local" else jobs)
    return LocalPool(jobs)
