"""Text that fits its box on a table seen from across a room.

Every size on the game screens is a part of the window's height, so the same table reads the
same at 1024x768, 1280x720 and 1920x1080. `MIN_TEXT` is the smallest text a player should have
to read (about 2.5 % of the height); `draw_fitted` draws a line at its size, or smaller down to
that floor when the box is narrow, and wraps it onto more lines only below the floor.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter

MIN_TEXT = 0.026  # the smallest text, as a part of the window's height (a little above 2.5 %)

_ALIGN = Qt.AlignmentFlag


def table_font(pixels: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, math.ceil(pixels - 0.01)))
    font.setBold(bold)
    return font


def fitted_font(text: str, rect: QRectF, pixels: float, floor: float, bold: bool = False) -> QFont:
    """The largest font from `pixels` (raised to `floor`) down to `floor` whose one line of
    `text` fits `rect`."""
    font = table_font(max(pixels, floor), bold)
    width = QFontMetricsF(font).horizontalAdvance(text)
    if width <= rect.width() or rect.width() <= 0:
        return font
    lowest = math.ceil(floor)
    size = max(lowest, math.floor(font.pixelSize() * rect.width() / width))
    font = table_font(size, bold)
    while size > lowest and QFontMetricsF(font).horizontalAdvance(text) > rect.width():
        size -= 1
        font = table_font(size, bold)
    return font


def draw_fitted(
    p: QPainter,
    rect: QRectF,
    text: str,
    pixels: float,
    floor: float,
    *,
    bold: bool = False,
    align: Qt.AlignmentFlag = _ALIGN.AlignCenter,
) -> QFont:
    """Draw `text` in `rect`: one line at up to `pixels`, never below `floor` (wrapped onto
    more lines when one line at the floor is still too wide). Returns the font used."""
    font = fitted_font(text, rect, pixels, floor, bold)
    p.setFont(font)
    flags = int(align.value)
    if QFontMetricsF(font).horizontalAdvance(text) > rect.width():
        flags |= _ALIGN.AlignVCenter.value | Qt.TextFlag.TextWordWrap.value
    p.drawText(rect, flags, text)
    return font
