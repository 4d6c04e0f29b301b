"""The PySide6 refcount guard keeps None/True/False alive through a long show."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, QPointF, Signal

import bingo.ui.qtfix  # noqa: F401


class Emitter(QObject):
    fired = Signal(bool)


def test_many_void_calls_and_bool_signals_do_not_exhaust_refcounts(qtbot):
    emitter = Emitter()
    seen = []
    emitter.fired.connect(seen.append)
    before = {v: sys.getrefcount(v) for v in (None, True, False)}
    point = QPointF()
    for i in range(20000):
        point.setX(float(i))  # a void call
        emitter.fired.emit(i % 2 == 0)
    assert len(seen) == 20000
    for value, count in before.items():
        # Either the build is sound (about unchanged) or the guard made the count huge.
        assert sys.getrefcount(value) > min(count, 1000) - 100
