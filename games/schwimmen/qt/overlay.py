"""Layers over the table: the dimmed base with a centred panel, and the help (F1 / H)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

from games.schwimmen.qt.style import GOLD, TEXT, font

if TYPE_CHECKING:
    from games.schwimmen.qt.window import SchwimmenWindow


class Overlay(QWidget):
    """A dimmed layer over the table with a centred panel (round end, game end, help)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.hide()

    def panel_rect(self) -> QRectF:
        w, h = self.width(), self.height()
        return QRectF(w * 0.06, h * 0.05, w * 0.88, h * 0.9)

    def paint_back(self, p: QPainter) -> QRectF:
        p.fillRect(self.rect(), QColor(0, 0, 0, 150))
        panel = self.panel_rect()
        p.setPen(QPen(GOLD, 3))
        p.setBrush(QColor(18, 40, 28, 240))
        p.drawRoundedRect(panel, 16, 16)
        return panel


class HelpOverlay(Overlay):
    """The keyboard help (F1 / H)."""

    def __init__(self, parent: QWidget, window: SchwimmenWindow) -> None:
        super().__init__(parent)
        self.win = window

    def panel_rect(self) -> QRectF:
        w, h = self.width(), self.height()
        return QRectF(w * 0.12, h * 0.1, w * 0.76, h * 0.8)

    def mousePressEvent(self, event) -> None:  # noqa: N802
        self.hide()

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        try:
            panel = self.paint_back(p)
            t = self.win.t
            p.setPen(GOLD)
            p.setFont(font(panel.height() * 0.07, True))
            p.drawText(
                QRectF(panel.x(), panel.y() + 10, panel.width(), panel.height() * 0.12),
                Qt.AlignmentFlag.AlignCenter,
                t("help_title"),
            )
            lines = t("help").split("\n")
            line_h = panel.height() * 0.8 / len(lines)
            p.setPen(TEXT)
            p.setFont(font(min(line_h * 0.55, panel.width() * 0.024)))
            for k, line in enumerate(lines):
                p.drawText(
                    QRectF(
                        panel.x() + panel.width() * 0.06,
                        panel.y() + panel.height() * 0.16 + k * line_h,
                        panel.width() * 0.9,
                        line_h,
                    ),
                    Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                    line,
                )
        finally:
            p.end()
