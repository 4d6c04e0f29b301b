"""The summary after a game: cleared or stuck, cards played, base points, bonuses x multiplier,
the total, and "Enter でもう一度"."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from games.cool24.qt.canvas import Canvas
from games.cool24.settings import BONUS_KINDS
from games.cool24.table import TableView, Tally


def paint_summary(p: QPainter, canvas: Canvas, view: TableView, points: Tally) -> None:
    """The summary over the final board (the seat's `view`): why it ended, the points line by
    line, the total."""
    t = canvas.t
    seen = view.observation
    assert seen is not None
    played, lap, bonuses = seen.total_played, seen.lap, view.bonuses or {}
    box = canvas.dialog_panel(p, QRectF(400, 120, 800, 660), dim=175)
    title = t["cleared"] if view.cleared else t["over"]
    canvas.text(p, QRectF(box.x(), box.y() + 24, box.width(), 80), title, 60, "#ffd23f")
    x, w = box.x() + 90, box.width() - 180
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    if not view.cleared:
        canvas.text(
            p,
            QRectF(box.x(), box.y() + 100, box.width(), 36),
            t["stuck"],
            24,
            "#c9c2ff",
            bold=False,
        )
    y = box.y() + 150
    rows = [
        (
            t["played"],
            t["cards"].format(n=played) + f"（{t['lap'].format(lap=lap)}）"
            if canvas.settings.language != "en"
            else t["cards"].format(n=played) + f" ({t['lap'].format(lap=lap)})",
        ),
        (t["base"], t["points"].format(p=f"{points.base:,}")),
    ]
    for k, kind in enumerate(BONUS_KINDS):
        count = bonuses.get(kind, 0)
        rows.append((t[kind], f"{canvas.settings.hand_win_table[k]} × {count}"))
    rows.append(
        (
            t["bonus"],
            f"{points.bonus:,} × {points.multiplier} = "
            + t["points"].format(p=f"{points.bonus * points.multiplier:,}"),
        )
    )
    for name, value in rows:
        canvas.text(p, QRectF(x, y, w, 44), name, 28, "#d8d2ff", left, bold=False)
        canvas.text(p, QRectF(x, y, w, 44), value, 30, "#ffffff", right)
        y += 50
    p.setPen(QPen(QColor(255, 255, 255, 90), 2))
    p.drawLine(QPointF(x, y + 8), QPointF(x + w, y + 8))
    y += 20
    canvas.text(p, QRectF(x, y, w, 80), t["total"], 40, "#ffd23f", left)
    canvas.text(
        p, QRectF(x, y, w, 80), t["points"].format(p=f"{view.score:,}"), 64, "#ffd23f", right
    )
    canvas.text(p, QRectF(box.x(), box.bottom() - 76, box.width(), 50), t["again"], 28, "#ffffff")
