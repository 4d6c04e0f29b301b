"""Guard against a PySide6 build bug that would abort Python in the middle of the show.

PySide6 6.12.0 on Python 3.11 drops a reference to None in every void method call
(`painter.drawPixmap(...)`, `widget.update()`, ...); after some thousand frames Python aborts
with "none_dealloc". We probe one void call and, on such a build, give None a huge reference
count (what Python 3.12 does for every build by making None immortal). Every Qt module of the
display imports this first.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QPointF


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


NONE_GUARD_APPLIED = guard_none_refcount()
