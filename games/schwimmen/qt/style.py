"""Colours and fonts of the Schwimmen table, from the shared theme."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QFontMetricsF

from eventkit import theme

FELT = QColor(theme.FELT)
FELT_DARK = QColor(theme.FELT_DARK)
GOLD = QColor(theme.GOLD)
PANEL = QColor(0, 0, 0, theme.PANEL_ALPHA)
TEXT = QColor(theme.TEXT)
RED = QColor(theme.RED)
BLUE = QColor(theme.BLUE)
GREY = QColor("#888888")


def font(px: float, bold: bool = False) -> QFont:
    """The UI font at `px` pixels (never below 8)."""
    f = QFont()
    f.setPixelSize(max(8, round(px)))
    f.setBold(bold)
    return f


def fitted_font(text: str, width: float, px: float, bold: bool = False, least: float = 9) -> QFont:
    """The font at `px`, made smaller (not below `least`) until `text` fits in `width`."""
    size = px
    f = font(size, bold)
    while size > least and QFontMetricsF(f).horizontalAdvance(text) > width:
        size -= 1
        f = font(size, bold)
    return f
