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


def skip_source_scans() -> int:
    """Spare PySide6 a read of the source of each module already loaded; returns how many.

    Once PySide6 is loaded, every import statement makes it look at the module it names the
    first time (its `__feature__` support, PYSIDE-2029): it reads the module's whole source to
    see whether it says "PySide6" (0 if so, -1 if not, in its table by module name). That is
    ~0.3 ms a module, and `bingo draw` names ~35 modules it loaded before Qt (the config, the
    journal, the standard library) in its Qt modules' imports before its first frame. This
    marks every module loaded so far as such a look would mark one without PySide6 (-1: left
    out of `__feature__`'s switching), which changes nothing for a program that selects no
    `__feature__` (no module of the toolkit does: tests/test_start_feature_scan.py). The
    modules loaded from now on are looked at as before. A PySide6 without that table: 0.
    """
    feature = sys.modules.get("PySide6.support.feature")
    table = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(table, dict):
        return 0
    marked = 0
    for name in list(sys.modules):
        if name not in table:
            table[name] = -1
            marked += 1
    return marked


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
