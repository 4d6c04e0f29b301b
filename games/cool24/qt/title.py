"""The title screen: the logo, a fan of four cards, the rules in four lines, "Enter で スタート"."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter

from games.cool24.qt.canvas import Canvas
from games.cool24.qt.style import CANVAS_W, CARD_H, CARD_W


def paint_title(p: QPainter, canvas: Canvas, rules: list[str], now: float) -> None:
    """The title with the table's `rules` lines; `now` (time.monotonic) makes the prompt pulse."""
    canvas.logo(p, QRectF(0, 50, CANVAS_W, 190), 150)
    for i, card in enumerate((5, 11, 17, 23)):  # a fan of four cards
        p.save()
        p.translate(CANVAS_W / 2 + (i - 1.5) * 120, 520)
        p.rotate((i - 1.5) * 9)
        canvas.cards.paint(
            p, QRectF(-CARD_W * 0.36, -CARD_H * 0.36 - 80, CARD_W * 0.72, CARD_H * 0.72), card
        )
        p.restore()
    y = 622
    for text in rules:
        canvas.text(p, QRectF(0, y, CANVAS_W, 34), text, 25, "#e8e4ff", bold=False)
        y += 36
    pulse = 0.5 + 0.5 * abs((now % 1.6) - 0.8) / 0.8
    colour = QColor("#ffd23f")
    colour.setAlphaF(0.65 + 0.35 * pulse)
    canvas.text(p, QRectF(0, 790, CANVAS_W, 70), canvas.t["press_enter"], 48, colour)
