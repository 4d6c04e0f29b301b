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
    """Leave full screen, back to `geometry` (the size and place before) when given."""
    window.showNormal()
    if geometry is not None:
        window.setGeometry(geometry)
