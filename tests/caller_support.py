"""Shared by the caller's tests (tests/test_caller_*.py): a show window without the odds engine.

The odds are not what these tests look at; leaving the real engine out keeps numba's first
compile (which holds the GIL for seconds on a busy machine) away from the timing of key presses.
"""

from __future__ import annotations

import sys
import types

NO_ODDS = "caller_tests_no_odds"


def _warm_up() -> None:
    raise RuntimeError("no odds engine in the caller's tests")


def install_no_odds() -> str:
    """Register a probability module that reports itself unavailable; returns its name."""
    if NO_ODDS not in sys.modules:
        module = types.ModuleType(NO_ODDS)
        module.warm_up = _warm_up
        sys.modules[NO_ODDS] = module
    return NO_ODDS


def open_show(qtbot, session, config, *, size=(1280, 720), start=True, voice_argv=None, **kwargs):
    """A DisplayWindow as `bingo draw` opens it, with the host's warnings kept in a list."""
    from bingo.ui.display import DisplayWindow

    warnings: list[str] = []
    kwargs.setdefault("warn", warnings.append)
    kwargs.setdefault("probability_module", install_no_odds())
    window = DisplayWindow(session, config, odds_mode="thread", **kwargs)
    window.host_warnings = warnings
    if voice_argv is not None:
        window.voice.argv = voice_argv
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    if start:
        window.start_background_work()
    return window
