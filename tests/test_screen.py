"""eventkit.screen: full screen sets the screen's geometry before asking for the full-screen
state (a bare X server without a window manager ignores the request and leaves the window at its
normal size in a corner); COOL 24+24's window and the draw display go through it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QWidget

from eventkit.screen import show_full_screen, show_normal
from games.cool24.qt.window import Cool24Widget
from games.cool24.settings import Cool24Settings


def _record_geometry_at_request(window: QWidget) -> list[QRect]:
    """The window's geometry at the moment full screen is requested (what a bare X server keeps)."""
    seen: list[QRect] = []
    real = window.showFullScreen

    def request() -> None:
        seen.append(window.geometry())
        real()

    window.showFullScreen = request  # type: ignore[method-assign]
    return seen


@pytest.fixture
def cool(qtbot):
    w = Cool24Widget(Cool24Settings(), seed=2)
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_helper_covers_the_screen_before_the_request_and_restores_after(qtbot):
    w = QWidget()
    qtbot.addWidget(w)
    w.setGeometry(40, 30, 640, 360)
    w.show()
    seen = _record_geometry_at_request(w)
    before = w.geometry()
    show_full_screen(w)
    screen = w.screen()
    assert seen == [screen.geometry()]
    assert w.isFullScreen() and w.geometry() == screen.availableGeometry()
    show_normal(w, before)
    assert not w.isFullScreen()
    qtbot.waitUntil(lambda: w.geometry().size() == before.size())


def test_cool24_full_screen_is_the_screen_not_1280x720_in_a_corner(cool, qtbot):
    seen = _record_geometry_at_request(cool)
    cool.enter_full_screen()  # what `games cool24` does at start (full screen is the default)
    screen = cool.screen()
    assert seen == [screen.geometry()] and seen[0].size() != QRect(0, 0, 1280, 720).size()
    assert cool.isFullScreen() and cool.geometry() == screen.availableGeometry()
    qtbot.keyClick(cool, Qt.Key.Key_F11)  # leaves full screen, back to the window
    assert not cool.isFullScreen() and cool.isVisible()
    # the 1280x720 it was built with does not fit this screen (offscreen: 800x600), so the
    # window comes back inside the screen's free area (games.common.qt.screenfit), not cut
    free = screen.availableGeometry()
    if free.contains(QRect(free.topLeft(), QSize(1280, 720))):
        qtbot.waitUntil(lambda: cool.size().toTuple() == (1280, 720))
    else:
        qtbot.waitUntil(lambda: free.contains(cool.frameGeometry()))
    qtbot.keyClick(cool, Qt.Key.Key_F11)  # and back to full screen through the same helper
    assert len(seen) == 2 and seen[1] == screen.geometry() and cool.isFullScreen()
