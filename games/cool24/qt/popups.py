"""The timed banners over the board (a bonus, lap 2): they grow, rise and fade, never block."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QLinearGradient, QPainter, QPen

from games.cool24.qt.canvas import Canvas
from games.cool24.qt.style import CANVAS_W

POPUP_SECONDS = 1.8


@dataclass
class Popup:
    title: str
    subtitle: str
    colour: QColor
    started: float
    big: bool = False


def paint_popups(p: QPainter, canvas: Canvas, popups: list[Popup], now: float) -> None:
    """The banners showing at `now`, one under the other."""
    shown = 0
    for pop in popups:
        age = now - pop.started
        if age < 0 or age > POPUP_SECONDS:
            continue
        grow = min(1.0, age / 0.18)
        fade = 1.0 if age < POPUP_SECONDS - 0.4 else (POPUP_SECONDS - age) / 0.4
        scale = (0.6 + 0.4 * grow) * (1.25 if pop.big else 1.0)
        cy = 330 + shown * 150 - age * 12
        shown += 1
        p.save()
        p.setOpacity(max(0.0, fade))
        p.translate(CANVAS_W / 2, cy)
        p.scale(scale, scale)
        box = QRectF(-420, -70, 840, 140)
        grad = QLinearGradient(box.topLeft(), box.bottomLeft())
        grad.setColorAt(0, pop.colour.lighter(130))
        grad.setColorAt(1, pop.colour.darker(130))
        p.setPen(QPen(QColor("#ffffff"), 5))
        p.setBrush(QBrush(grad))
        p.drawRoundedRect(box, 40, 40)
        canvas.text(p, QRectF(-420, -66, 840, 80), pop.title, 56, "#ffffff")
        canvas.text(p, QRectF(-420, 10, 840, 52), pop.subtitle, 38, "#fff4b0")
        p.restore()
