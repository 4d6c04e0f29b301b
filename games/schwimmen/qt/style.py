"""Colours and fonts of the Schwimmen table, from the shared theme."""

from __future__ import annotations

import math

from PySide6.QtGui import QColor, QFont, QFontMetricsF
from PySide6.QtWidgets import QWidget

from eventkit import theme
from games.common.qt.textfit import MIN_TEXT

FELT = QColor(theme.FELT)
FELT_DARK = QColor(theme.FELT_DARK)
GOLD = QColor(theme.GOLD)
PANEL = QColor(0, 0, 0, theme.PANEL_ALPHA)
TEXT = QColor(theme.TEXT)
RED = QColor(theme.RED)
BLUE = QColor(theme.BLUE)
GREY = QColor("#888888")


# The smallest text of the table in pixels: MIN_TEXT of the window's height, set by every
# paintEvent of the table's widgets before it paints (use_window_floor), so a table seen from
# across the room never shows text below about 2.5 % of its height.
_floor = 8.0


def use_window_floor(widget: QWidget) -> None:
    """Paint what follows with no text below MIN_TEXT of `widget`'s window height."""
    global _floor
    _floor = max(8.0, math.ceil(MIN_TEXT * widget.window().height() - 0.01))


def text_floor() -> float:
    return _floor


def font(px: float, bold: bool = False) -> QFont:
    """The UI font at `px` pixels (never below the window's floor)."""
    f = QFont()
    f.setPixelSize(max(_floor, round(px)))
    f.setBold(bold)
    return f


def fitted_font(text: str, width: float, px: float, bold: bool = False, least: float = 9) -> QFont:
    """The font at `px`, made smaller (not below `least` nor the floor) until `text` fits."""
    least = max(least, _floor)
    size = max(px, least)
    f = font(size, bold)
    while size > least and QFontMetricsF(f).horizontalAdvance(text) > width:
        size -= 1
        f = font(size, bold)
    return f
