"""The last resort behind pytest-timeout: a test that hangs holding the GIL still ends the run
with its name.

pytest-timeout's "thread" method needs the GIL to act. A deadlock that holds it (Qt destroying
a thread pool from a Python event() override while the pool's job waits for the GIL: a CI run
once hung there for good) stops that thread too. faulthandler's watchdog is a C thread: at the
test's limit and a half (at least 10 s more), it writes every thread's stack, the test's file,
line and name among them, to the terminal's stderr and ends the process. Loaded by
tests/conftest.py; tests/test_timeout.py checks it."""

from __future__ import annotations

import faulthandler
import os
from collections.abc import Iterator
from typing import IO

import pytest

_terminal: IO[str] | None = None
# the watchdog's least wait past a test's limit (pytest-timeout goes first); tests/test_timeout.py's
# tiny run lowers it to end its GIL-holding hang sooner
MARGIN = 10.0


def pytest_configure(config: pytest.Config) -> None:
    global _terminal
    # a copy of stderr taken before the tests' output is captured: the capture's file dies with
    # the process the watchdog ends
    _terminal = os.fdopen(os.dup(2), "w")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    limit = _limit(item)
    if limit > 0 and _terminal is not None:
        faulthandler.dump_traceback_later(limit, exit=True, file=_terminal)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


def _limit(item: pytest.Item) -> float:
    marker = item.get_closest_marker("timeout")
    if marker is not None and marker.args:
        seconds = float(marker.args[0])
    else:
        seconds = float(item.config.getini("timeout") or 0)
    return seconds + max(MARGIN, seconds / 2) if seconds > 0 else 0.0
