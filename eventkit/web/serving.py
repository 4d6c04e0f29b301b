"""Starting an aiohttp application behind the connection guard (guard.py) on one address.

The process's file limit is raised first and the guard's caps are set below it; idle and
half-sent requests are closed after IDLE_SECONDS (aiohttp's keep-alive, and the guard's sweep
for what aiohttp leaves open); aiohttp's loggers speak through the guard's QuietLog.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from aiohttp import web

from eventkit.web.guard import (
    IDLE_SECONDS,
    MAX_TOTAL,
    ConnectionGuard,
    GuardedRunner,
    Listener,
    quiet_logs,
    raise_file_limit,
    total_cap,
)

T = TypeVar("T")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (Linux and macOS), else None (asyncio's own).

    A phone server spends most of its time in the loop's sockets and callbacks: on uvloop
    `bingo serve` needs about a sixth less CPU for 1,000 phones loading their cards
    (benchmarks/bench_phones_scan.py). Everything else behaves the same on both loops."""
    if sys.platform == "win32":
        return None
    try:
        import uvloop
    except ImportError:
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)` on the fastest loop installed (`loop_factory`)."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)


class Serving:
    """A started server: `port` it listens on, `cleanup()` to stop it."""

    def __init__(
        self,
        runner: web.AppRunner,
        listener: Listener,
        restore_logs: Callable[[], None] | None = None,
    ) -> None:
        self.runner = runner
        self.listener = listener
        self.port = listener.port
        self._restore_logs = restore_logs

    async def cleanup(self) -> None:
        await self.listener.stop()
        await self.runner.cleanup()
        if self._restore_logs is not None:
            self._restore_logs()
            self._restore_logs = None


def prepare_guard(guard: ConnectionGuard, what: str = "the phones' server") -> None:
    """Raise the file limit and cap the guard's connections below it (saying so when low)."""
    files = raise_file_limit()
    guard.total = total_cap(files)
    if guard.total < MAX_TOTAL and sys.platform != "win32":
        guard.log.say(
            "files",
            f"this process may open {files} files, so {what} takes at most "
            f"{guard.total} connections, {guard.ws_cap} of them phones' live feeds (the rest "
            "for pages loading; more wait their turn): for a big room raise the limit before starting "
            "(ulimit -n 8192)",
        )


async def start_guarded(
    app: web.Application,
    guard: ConnectionGuard,
    host: str,
    port: int,
    *,
    restore_logs_on_cleanup: bool = True,
    fast: Any = None,
) -> tuple[Serving, Callable[[], None]]:
    """Listen on host:port (0: any free port, see `.port`) with `app` behind `guard`.

    Returns the started server and the function that puts aiohttp's loggers back (called by
    `Serving.cleanup` unless `restore_logs_on_cleanup` is False: the caller then does it).
    The caller has called `prepare_guard` (or set `guard.total` itself). `fast`: the files
    answered past aiohttp (fastpath.FastFiles), if any.
    """
    restore = quiet_logs(guard.log)
    runner = GuardedRunner(
        app,
        guard=guard,
        fast=fast,
        access_log=None,
        handle_signals=False,
        keepalive_timeout=IDLE_SECONDS,
        lingering_time=2.0,
        max_line_size=4096,
        max_field_size=4096,
        max_headers=64,
    )
    try:
        await runner.setup()
        assert runner.server is not None  # set up just above
        listener = Listener(guard, runner.server, host, port)
    except BaseException:
        await runner.cleanup()
        restore()
        raise
    listener.start()
    return Serving(runner, listener, restore if restore_logs_on_cleanup else None), restore
