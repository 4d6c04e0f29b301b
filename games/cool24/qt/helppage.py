"""F1: how to play, over any screen (the title, the board, the summary): the keys, then the
table's rules (the title screen's lines). F1 or Esc closes it; the game under it waits."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from games.cool24.qt.canvas import Canvas
from games.cool24.qt.style import LEFT

LINE_H = 56.0  # canvas px per line: 34 px type, at or above the floor at every window size


def paint_help(p: QPainter, canvas: Canvas, rules: list[str]) -> None:
    t = canvas.t
    box = canvas.dialog_panel(p, QRectF(90, 50, 1420, 800), dim=215)
    canvas.text(p, QRectF(box.x(), box.y() + 24, box.width(), 70), t["help_title"], 48, "#ffd23f")
    y = box.y() + 115
    left = box.x() + 60
    width = box.width() - 120
    for line in [*t["help_keys"], "", *rules]:
        if line:
            rect = QRectF(left, y, width, LINE_H)
            canvas.text(p, rect, line, 34, "#ffffff", LEFT, bold=False, shadow=False)
        y += LINE_H if line else LINE_H * 0.5
    close = QRectF(box.x(), box.bottom() - 80, box.width(), 56)
    canvas.text(p, close, t["help_close"], 30, "#ffd23f", shadow=False)
