"""Every Qt wait of the tests waits at least qt_waits.LEAST_MS for its condition (tests/qt_waits.py)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject, QTimer, Signal
from qt_waits import LEAST_MS, WAITS


class _Late(QObject):
    done = Signal()


def test_a_short_wait_still_sees_a_condition_that_comes_after_its_own_limit(qtbot):
    seen = []
    QTimer.singleShot(300, lambda: seen.append(True))
    qtbot.waitUntil(lambda: bool(seen), timeout=50)  # 50 ms asked: the condition comes at 300
    assert seen


def test_a_short_signal_wait_too(qtbot):
    late = _Late()
    QTimer.singleShot(300, late.done.emit)
    with qtbot.waitSignal(late.done, timeout=50):
        pass


@pytest.mark.parametrize("name", WAITS)
def test_every_wait_is_given_the_floor(name):
    from pytestqt.qtbot import QtBot

    assert getattr(QtBot, name).at_least == LEAST_MS
