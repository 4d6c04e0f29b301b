"""Full screen that also works on a bare X server (a kiosk or projector PC without a window
manager): there nobody acts on the full-screen request itself, so a window asked for full screen
keeps its normal size in a corner. Setting the screen's geometry first makes it cover the screen
either way; every full-screen window of the toolkit goes through here.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget


def show_full_screen(window: QWidget) -> None:
    """Cover the window's screen: its geometry first, then the full-screen state."""
    screen = window.screen()
    if screen is not None:
        window.setGeometry(screen.geometry())
    window.showFullScreen()


def show_normal(window: QWidget, geometry: QRect | None = None) -> None:
    """Leave full screen, back to `geometry` (the size and place before) when given, else to
    a window of most of the screen's free area, centred (it was opened full screen)."""
    window.showNormal()
    window.setGeometry(geometry if geometry is not None else fitted_geometry(window))


def toggle_full_screen(window: QWidget, normal: QRect | None) -> QRect | None:
    """F11: full screen and back. `normal` is the window's place before full screen (None:
    it opened full screen); returns the place to keep for the next toggle."""
    if window.isFullScreen():
        show_normal(window, normal)
        return normal
    normal = window.geometry()
    show_full_screen(window)
    return normal


def fitted_geometry(window: QWidget, share: float = 0.85) -> QRect:
    """A window's place inside its screen's free area (the task bar and the title bar left
    out): `share` of it, centred."""
    screen = window.screen()
    if screen is None:
        return window.geometry()
    free = screen.availableGeometry()
    frame = window.frameGeometry().size() - window.geometry().size()
    width = int(free.width() * share)
    height = int(free.height() * share)
    left = free.left() + (free.width() - width) // 2 + frame.width() // 2
    top = free.top() + (free.height() - height) // 2 + frame.height()
    return QRect(left, top, width - frame.width(), height - frame.height())


def open_on_screen(window: QWidget, *, full_screen: bool = True) -> None:
    """Open a game or display to fit the screen it is on: full screen (the default at an
    event), or a window that fits inside the screen's free area, never larger than it."""
    if full_screen:
        show_full_screen(window)
        return
    screen = window.screen()
    if screen is not None:
        free = screen.availableGeometry()
        width = min(window.width(), free.width())
        height = min(window.height(), free.height())
        window.resize(width, height)
        window.move(
            free.left() + (free.width() - width) // 2, free.top() + (free.height() - height) // 2
        )
    window.show()
