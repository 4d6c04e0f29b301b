"""Qt runtime set-up shared by every window of the toolkit: each command's entry point calls
`make_app` once instead of building its own QApplication.

Importing this module changes nothing; only `make_app` does (no import side effects). The
PySide6 release that corrupted None/True/False reference counts (6.12.0) is excluded in
pyproject.toml, and tests/test_qt_runtime.py probes the installed one.
"""

from __future__ import annotations

import signal
import sys
from typing import cast

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from eventkit.fonts import register_qt_fonts

_SIGNALS_READY = "eventkit_quit_on_signals"


def make_app(name: str) -> QApplication:
    """The process's QApplication (created on the first call), named `name`, which Ctrl+C or a
    polite kill (SIGTERM, SIGHUP) closes cleanly instead of Qt's event loop swallowing them, with the
    shipped font (eventkit.fonts) as its default font."""
    # instance() is typed as the QCoreApplication base; every command here makes a QApplication
    app = cast(QApplication, QApplication.instance() or QApplication(sys.argv[:1] or [name]))
    app.setApplicationName(name)
    if not app.property(_SIGNALS_READY):
        _quit_on_signals(app)
        register_qt_fonts()  # the shipped Japanese font, the same on every machine
        app.setProperty(_SIGNALS_READY, True)
    return app


def _quit_on_signals(app: QApplication) -> None:
    """Qt's event loop runs in C, so Python only gets to run its signal handlers when some
    Python code runs: a light timer gives it that chance four times a second."""

    def stop(*_: object) -> None:
        app.closeAllWindows()  # also ends a start dialog's own event loop
        app.quit()
        QTimer.singleShot(0, app.quit)  # in case the main loop had not started yet

    # SIGHUP: the terminal it was started from was closed; as polite as SIGTERM
    hangup = getattr(signal, "SIGHUP", None)
    for sig in (signal.SIGINT, signal.SIGTERM, *([hangup] if hangup is not None else [])):
        try:
            signal.signal(sig, stop)
        except (ValueError, OSError):  # not the main thread, or not on this platform
            pass
    timer = QTimer(app)
    timer.timeout.connect(lambda: None)
    timer.start(250)
