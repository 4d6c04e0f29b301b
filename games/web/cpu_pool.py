"""CPU choices in worker processes, so a strong CPU thinking never holds up the server's loop.

The hub sends a pickled copy of the table (games.web.tables.to_bytes, no chip bank) and the
seat; a worker unpickles it and returns the text of the action a CPU of the table's level
takes for that seat. The hub applies it only if the room has not moved on meanwhile. Workers
run at a lower priority than the server, so on a small laptop the messages to the phones go
first. ``workers=0`` chooses in the calling process (tests; a table without CPUs).

A worker's copy of a CPU's random source does not flow back to the server's table, so a CPU
there repeats its sampling stream from the table's state; the journal records the actions
themselves, so a restore never depends on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from games.common.table import TableProtocol
from games.web import tables

WORKER_NICE = 10


def _worker_start(parent: int) -> None:
    """In a new worker: a lower priority, and an end of its own when the server dies (a
    kill -9 of the server must not leave workers behind)."""
    try:
        os.nice(WORKER_NICE)
    except (AttributeError, OSError):  # Windows, or not allowed: same priority then
        pass
    if not _die_with_parent(parent):
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _die_with_parent(parent: int) -> bool:
    """Linux: the kernel ends this process when its parent dies (PR_SET_PDEATHSIG)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(1, signal.SIGKILL, 0, 0, 0) != 0:  # 1: PR_SET_PDEATHSIG
            return False
    except (OSError, AttributeError):
        return False
    if os.getppid() != parent:  # the server died before the line above
        os._exit(0)
    return True


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(1.0)
        if os.getppid() != parent:
            os._exit(0)


def choose_from_bytes(data: bytes, seat: int) -> str:
    """In a worker: the CPU's action text for `seat` on the pickled table `data`."""
    return tables.cpu_choice_for(tables.from_bytes(data, None), seat)


def _warm_up() -> int:
    from games.common import registry

    for game in registry.entries():  # each game's engine and table modules, imported only
        package = game.engine.__module__.rpartition(".")[0]  # (a table made here could open
        for name in (game.engine.__module__, f"{package}.table"):  # a bank's file)
            if importlib.util.find_spec(name) is not None:
                importlib.import_module(name)
    return os.getpid()


class CpuPool:
    """A small process pool for CPU choices."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        if workers > 0:
            self._executor = self._new_executor()

    def _new_executor(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_worker_start,
            initargs=(os.getpid(),),
        )

    async def warm_up(self) -> None:
        """Start the workers and import the games in them (the first move is not slow)."""
        if self._executor is None:
            return
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self._executor, _warm_up) for _ in range(self.workers))
        )

    async def choose(self, table: TableProtocol, seat: int) -> str:
        """The CPU's action text for `seat`, computed in a worker (or here, with 0 workers)."""
        if self._executor is None:
            return tables.cpu_choice_for(table, seat)
        data = tables.to_bytes(table)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor, choose_from_bytes, data, seat)
        except BrokenProcessPool:  # a worker was killed: a fresh pool, and once more
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._new_executor()
            return await loop.run_in_executor(self._executor, choose_from_bytes, data, seat)

    def close(self) -> None:
        """Stop the workers now, and wait until they have gone (no process is left behind).

        A worker holds nothing worth waiting for: a choice still being thought out is for a
        table that is closing (the journal has every action taken), and a worker still starting
        (its warm-up imports take seconds on a busy laptop) would otherwise hold up the
        server's stop, a SIGTERM included, until it had started only to end."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        stop_workers(executor)


def stop_workers(executor: ProcessPoolExecutor) -> None:
    """End `executor`'s worker processes at once and reap them, then let the executor go: what
    Python 3.14's `ProcessPoolExecutor.kill_workers` does, and the waits. SIGKILL, as a worker
    has nothing to clean up (Python's own SIGTERM would end it as abruptly), and it ends a
    worker that is stopped or hung as well.

    Its manager thread is waited for too, until it has closed its wake-up pipe: the first
    `shutdown` forgets the thread, so the second one waited for nothing, and a SIGTERM'd
    `games serve` then exited while the thread was still closing the pipe; Python's exit hook
    (concurrent.futures' `_python_exit`) wrote to it at that moment and printed a traceback
    (OSError: Bad file descriptor), 1 stop in 6 here."""
    # The pool's processes and its manager thread, read before shutdown forgets them (private
    # attributes since 3.2 and 3.9).
    processes = list((getattr(executor, "_processes", None) or {}).values())
    manager = getattr(executor, "_executor_manager_thread", None)
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(ValueError, ProcessLookupError):  # (already reaped)
            process.kill()
    for process in processes:
        with contextlib.suppress(ValueError):
            process.join(10)  # (bounded: a process stuck in the kernel does not hold us)
    if isinstance(manager, threading.Thread):  # it ends once it has seen its workers gone
        manager.join(10)
    executor.shutdown(wait=True)
