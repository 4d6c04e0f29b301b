"""A window's remembered place, kept only while it fits on the window's screen.

F11 brings a game back to its size before full screen; a size from before (the 1280x720 a window
is built with, or a place on another screen) that no longer fits the screen's free area would
open a window larger than the screen, so it is dropped and `eventkit.screen` fits a new one.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget


def fits_screen(window: QWidget, geometry: QRect | None) -> QRect | None:
    """`geometry` when it lies inside the free area of the window's screen, else None."""
    screen = window.screen()
    if geometry is None or screen is None:
        return geometry
    return geometry if screen.availableGeometry().contains(geometry) else None
