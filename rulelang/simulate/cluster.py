"""Where simulation chunks run: in this process, in local processes, or on a Dask distributed cluster.

Every engine does one thing, `map_unordered(fn, items)`: run `fn` on each item somewhere and yield
`(item, result)` as each one completes, or `(item, exception)` for one it could not run after trying
again. Simulate and sweep run the same chunks through whichever engine; the counts merge exactly, so
the engine never changes a report. Dask is imported here only, and only for `--cluster`.

Another engine (Ray's `ray.remote` tasks with `ray.wait`, say) is one more class with that method and
a branch in `engine_for`."""
from __future__ import annotations

import logging
import os
import signal
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from ..errors import RulesError

MISSING = ("`--cluster` runs on Dask distributed, which is not installed: "
           "pip install 'rulelang[cluster]' (or: pip install 'dask[distributed]')")


class InlineEngine:
    """One worker: this process, chunk after chunk."""
    workers = 1

    def map_unordered(self, fn, items):
        for item in items:
            try:
                yield item, fn(item)
            except Exception as e:
                yield item, e

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _deaf() -> None:
    """A worker process's start: Ctrl-C is its parent's to act on (a worker took it as a chunk's failure and went on
    to the next, and the pool waited for them all)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop(pool) -> None:
    """A pool's work dropped: the chunks not begun cancelled, the worker processes ended (a chunk is many games)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        p.terminate()
    for p in processes:
        p.join(5)
    # The pool's thread, which sees its processes gone and closes its wake-up pipe, is let end before the command
    # does: ending beside it, the interpreter's exit may wake it through that pipe as it is closed ("Exception
    # ignored in: <module 'threading'> ... OSError: Bad file descriptor" after Ctrl-C, now and then under load).
    if manager is not None:
        manager.join(5)


class ProcessEngine:
    """`workers` local processes. A process that dies (killed, out of memory) breaks the pool: the chunks
    not yet done are handed to a new pool, up to `restarts` times."""

    def __init__(self, workers: int, restarts: int = 3):
        self.workers = workers
        self.restarts = restarts

    def map_unordered(self, fn, items):
        todo = list(items)
        for attempt in range(self.restarts + 1):
            broken = []
            # (no more processes than chunks to hand out: a pool forks all its processes at once)
            pool = ProcessPoolExecutor(max_workers=max(1, min(self.workers, len(todo))), initializer=_deaf)
            try:
                running = {pool.submit(fn, item): item for item in todo}
                while running:
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    for f in done:
                        item = running.pop(f)
                        try:
                            yield item, f.result()
                        except BrokenProcessPool as e:
                            broken.append((item, e))
                        except Exception as e:
                            yield item, e
            except BaseException:  # Ctrl-C, or the games' reader gone: the workers stop now, not after every chunk
                stop(pool)
                raise
            pool.shutdown()
            if not broken:
                return
            todo = [item for item, _ in broken]
            if attempt == self.restarts:
                for item, e in broken:
                    yield item, RuntimeError(f"a worker process died {self.restarts + 1} times running it ({e})")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class DaskEngine:
    """A Dask distributed cluster: `tcp://HOST:PORT` of a running scheduler, or `local` for a LocalCluster
    of `workers` processes on this machine (127.0.0.1, no dashboard), started here and stopped after.
    When a worker is lost, the scheduler runs its chunks again on another (Dask's own fault tolerance)."""

    def __init__(self, address: str, workers: int = 2, timeout: float = 30):
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise RulesError(MISSING) from None
        self.cluster = None
        if address == "local":
            self.cluster = LocalCluster(n_workers=max(1, workers), processes=True, threads_per_worker=1,
                                        dashboard_address=None, host="127.0.0.1",
                                        silence_logs=logging.ERROR)
            self.client = Client(self.cluster, timeout=timeout)
        else:
            try:
                self.client = Client(address, timeout=timeout)
            except (OSError, TimeoutError) as e:
                raise RulesError(f"no Dask scheduler answered at {address}: {e}") from None
        self.workers = max(1, sum(w.get("nthreads", 1) for w in self.client.scheduler_info()["workers"].values()))

    def map_unordered(self, fn, items):
        from dask.distributed import as_completed

        items = list(items)
        futures = {self.client.submit(fn, item, pure=False): item for item in items}
        try:
            # The results are fetched as they complete, by as_completed itself, so a worker lost after a chunk
            # was done but before its result came back only has that chunk run again.
            for f, result in as_completed(futures, with_results=True, raise_errors=False):
                yield futures[f], result
        finally:
            for f in futures:
                f.cancel()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        return False


def engine_for(cluster: str | None, workers: int = 1, games: int | None = None):
    """The engine for `--cluster ADDRESS` / `--workers N`; `games`, how many games there are to play in all: a
    local cluster starts no more workers than that (a chunk holds a game at least), as the pool has no more
    processes than chunks."""
    if cluster:
        if cluster.startswith("ray://") or cluster == "auto":
            raise RulesError(f"`--cluster {cluster}` is a Ray address; rulelang runs on Dask distributed "
                             "(`--cluster tcp://HOST:8786`, or `--cluster local`): see docs/simulate.md")
        wanted = workers if workers > 1 else (os.cpu_count() or 2)
        return DaskEngine(cluster, min(wanted, games) if games else wanted)
    return ProcessEngine(workers) if workers > 1 else InlineEngine()
