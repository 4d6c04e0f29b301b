"""The question before a game in progress is thrown away (Esc): quit (Y) or play on (N)."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPen

from games.cool24.qt.canvas import Canvas
from games.cool24.table import TableView


def quit_buttons() -> tuple[QRectF, QRectF]:
    """Where "quit" (Y) and "play on" (N) sit, for painting and for clicks."""
    return QRectF(400, 520, 360, 90), QRectF(840, 520, 360, 90)


def paint_quit_question(p: QPainter, canvas: Canvas, view: TableView) -> None:
    """The question over the board (the seat's `view`): quit (Y) or play on (N / Esc /
    Enter)."""
    t = canvas.t
    box = canvas.dialog_panel(p, QRectF(300, 230, 1000, 430), dim=190)
    canvas.text(p, QRectF(box.x(), box.y() + 40, box.width(), 90), t["quit_title"], 56, "#ffd23f")
    if view.observation is not None:
        text = t["quit_text"].format(n=view.observation.total_played, p=f"{view.score:,}")
        canvas.text(p, QRectF(box.x(), box.y() + 150, box.width(), 60), text, 32, "#e8e4ff")
    yes, no = quit_buttons()
    for rect, label, fill, ink in (
        (yes, t["quit_yes"], QColor("#ffd23f"), "#1b1240"),
        (no, t["quit_no"], QColor("#2a2650"), "#ffffff"),
    ):
        p.setPen(QPen(QColor("#ffd23f"), 3))
        p.setBrush(fill)
        p.drawRoundedRect(rect, 30, 30)
        canvas.text(p, rect, label, 34, ink, shadow=False)
