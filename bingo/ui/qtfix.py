"""Guard against a PySide6 build bug that would abort Python in the middle of the show.

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
