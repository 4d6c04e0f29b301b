"""Qt waits in tests end when their condition holds; their time limit is only a guard.

pytest-qt's waits (`qtbot.waitUntil`, `waitSignal`, `waitSignals`, `waitExposed`, `waitActive`,
`waitCallback`) give up after 5 s unless told otherwise, and many tests kept that default or a
few seconds more. On a busy machine (two CPU burners beside four test workers on two cores, as
CI may be) a show's odds warm-up or a window's first paint can take longer than that while
nothing is wrong. No test here expects a Qt wait to run out, so every wait gets at least
`LEAST_MS`; a test that hangs for real still fails with its name at its pytest-timeout.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

LEAST_MS = 60_000
WAITS = ("waitUntil", "waitSignal", "waitSignals", "waitExposed", "waitActive", "waitCallback")


def _at_least(wait: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(wait)
    def waiting(self: Any, *args: Any, timeout: int = 5000, **kwargs: Any) -> Any:
        if timeout and timeout > 0:  # 0 or None: no limit at all, left as it is
            timeout = max(timeout, LEAST_MS)
        return wait(self, *args, timeout=timeout, **kwargs)

    waiting.at_least = LEAST_MS  # type: ignore[attr-defined]
    return waiting


def give_qt_waits_time() -> None:
    """Wraps QtBot's waits once (pytest_configure)."""
    from pytestqt.qtbot import QtBot

    for name in WAITS:
        wait = getattr(QtBot, name)
        if not hasattr(wait, "at_least"):
            setattr(QtBot, name, _at_least(wait))
