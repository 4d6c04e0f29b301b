"""The connection guard of bingo's phone server: eventkit.web.guard (shared with `games serve`),
with bingo's name on its terminal lines and in the Server header."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from eventkit.web import guard as _guard
from eventkit.web.guard import (
    BACKLOG,
    FAIR_SHARE,
    IDLE_SECONDS,
    LOG_EVERY,
    MAX_TOTAL,
    MIN_IDLE,
    PER_ADDRESS,
    REQUEST_SECONDS,
    RESERVED_FILES,
    WINDOWS_FILES,
    ConnectionGuard,
    GuardedHandler,
    GuardedRunner,
    GuardedServer,
    Listener,
    current_file_limit,
    describe,
    printable,
    quiet_logs,
    raise_file_limit,
    total_cap,
)

SERVER_NAME = "bingo"  # the Server header: no product versions
LOG_NAME = "bingo serve"  # what each of the terminal's lines starts with


class QuietLog(_guard.QuietLog):
    """eventkit's QuietLog, its lines starting "bingo serve: "."""

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        every: float = LOG_EVERY,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if clock is None:
            super().__init__(stream, name=LOG_NAME, every=every)
        else:
            super().__init__(stream, name=LOG_NAME, every=every, clock=clock)


__all__ = [
    "BACKLOG",
    "FAIR_SHARE",
    "IDLE_SECONDS",
    "LOG_EVERY",
    "LOG_NAME",
    "MAX_TOTAL",
    "MIN_IDLE",
    "PER_ADDRESS",
    "REQUEST_SECONDS",
    "RESERVED_FILES",
    "SERVER_NAME",
    "WINDOWS_FILES",
    "ConnectionGuard",
    "GuardedHandler",
    "GuardedRunner",
    "GuardedServer",
    "Listener",
    "QuietLog",
    "current_file_limit",
    "describe",
    "printable",
    "quiet_logs",
    "raise_file_limit",
    "total_cap",
]
