"""Where things sit on COOL 24+24's 1600x900 canvas (the widget scales it), and its type."""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont

from eventkit import fonts

CANVAS_W, CANVAS_H = 1600, 900
CARD_W, CARD_H = 250, 375  # 2:3, the seed's 128 px suit image and 256 px picture scaled
HAND_W, HAND_H = 230, 345
HAND_Y = 462
HAND_GAP = 36
HAND_X0 = (1600 - 4 * HAND_W - 3 * HAND_GAP) / 2
FIELD = QRectF(800 - CARD_W * 0.39, 104, CARD_W * 0.78, CARD_H * 0.78)

FONT_FAMILY = fonts.FAMILY  # shipped with the package, the same on every machine
CENTRE = Qt.AlignmentFlag.AlignCenter
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def slot_rect(slot: int) -> QRectF:
    """Where hand slot `slot` (1-4) sits on the canvas."""
    return QRectF(HAND_X0 + (slot - 1) * (HAND_W + HAND_GAP), HAND_Y, HAND_W, HAND_H)


class Fonts:
    """The game's font at a size, never below `floor`: the smallest text in canvas units
    (MIN_TEXT of the window's height, set by the widget from its size and the canvas scale
    each paint; on a 4:3 screen the canvas is letterboxed, so its units are smaller and the
    floor in units higher)."""

    def __init__(self) -> None:
        self.floor = 1.0

    def font(self, size: float, *, bold: bool = True) -> QFont:
        font = QFont(FONT_FAMILY)
        font.setPixelSize(max(1, math.ceil(max(size, self.floor) - 0.01)))
        font.setBold(bold)
        return font
