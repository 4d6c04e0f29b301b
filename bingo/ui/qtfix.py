"""Qt workarounds every window of the toolkit needs: a PySide6 build bug that would abort Python
in the middle of the show, and Ctrl+C / SIGTERM that Qt's event loop would otherwise swallow.

PySide6 6.12.0 on Python 3.11 drops a reference to None in every void method call
(`painter.drawPixmap(...)`, `widget.update()`, ...), and one to True/False each time a bool
goes through a signal (`clicked`, `toggled`, our own Signal(bool)); after some thousand frames
or clicks Python aborts with "none_dealloc" / "bool_dealloc". We probe both and, on such a
build, give the object a huge reference count (what Python 3.12 does for every build by making
None, True and False immortal). Every Qt module of the display imports this first.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, QPointF, Signal


def guard_none_refcount() -> bool:
    """Apply the guard when needed; True when it was applied."""
    if sys.version_info >= (3, 12):
        return False
    probe = QPointF()
    before = sys.getrefcount(None)
    for _ in range(8):
        probe.setX(1.0)
    if sys.getrefcount(None) >= before:
        return False
    ctypes.c_ssize_t.from_address(id(None)).value += 1 << 48
    return True


class _BoolProbe(QObject):
    fired = Signal(bool)


def guard_bool_refcount() -> bool:
    """Same guard for True and False, lost when a bool is emitted through a signal."""
    if sys.version_info >= (3, 12):
        return False
    probe = _BoolProbe()
    probe.fired.connect(lambda value: None)
    applied = False
    for value in (True, False):
        before = sys.getrefcount(value)
        for _ in range(8):
            probe.fired.emit(value)
        if sys.getrefcount(value) < before:
            ctypes.c_ssize_t.from_address(id(value)).value += 1 << 48
            applied = True
    probe.deleteLater()
    return applied


NONE_GUARD_APPLIED = guard_none_refcount()
BOOL_GUARD_APPLIED = guard_bool_refcount()


def quit_on_signals(app) -> None:
    """Ctrl+C or a polite kill closes the windows cleanly instead of being ignored.

    Qt's event loop runs in C, so Python only gets to run its signal handlers when some Python
    code runs: a light timer gives it that chance four times a second.
    """
    import signal

    from PySide6.QtCore import QTimer

    def stop(*_) -> None:
        app.closeAllWindows()  # also ends a start dialog's own event loop
        app.quit()
        QTimer.singleShot(0, app.quit)  # in case the main loop had not started yet

    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            signal.signal(sig, stop)
        except (ValueError, OSError):  # not the main thread, or not on this platform
            pass
    timer = QTimer(app)
    timer.timeout.connect(lambda: None)
    timer.start(250)
