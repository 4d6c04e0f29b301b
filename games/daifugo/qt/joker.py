"""Which card the joker stands for, asked over the table with each reading drawn as cards.

A child widget like the leave question (it blocks nothing): each reading is a row of cards in
the table's style, the joker drawn as the card it would stand for under a "JOKER" band; a click
or the keys 1-9 choose, Esc or the button goes back to the hand. It gets the table's texts and
language and says what it chose through `chosen`: it never calls the window.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from eventkit import theme
from eventkit.i18n import Texts
from games.common.cards import parse_card
from games.common.qt.painter import CARD_ASPECT, paint_card
from games.common.qt.textfit import MIN_TEXT, draw_fitted
from games.daifugo.texts import card_label

GOLD = QColor(theme.GOLD)


def joker_stands_for(code: str, texts: Texts, language: str) -> str:
    """ "JK=7D" -> "ジョーカー = 7♦" (what a reading of the joker means, in words)."""
    card = card_label(parse_card(code[3:]), language) if code else ""
    return texts("joker_is", card=card)


class JokerChooser(QWidget):
    """A dimmed layer with the readings side by side; `chosen(reading)` when one is picked."""

    chosen = Signal(tuple)

    def __init__(self, parent: QWidget, texts: Texts, language: str) -> None:
        super().__init__(parent)
        self.texts = texts
        self.language = language
        self.question = texts("joker_as")
        self.cancel_text = texts("cancel")
        self.readings: list[tuple[str, ...]] = []
        self.hide()

    def offer(self, readings: Sequence[tuple[str, ...]]) -> None:
        self.readings = [tuple(r) for r in readings]
        table = self.parentWidget()
        assert table is not None  # made with the table as its parent
        self.setGeometry(table.rect())
        self.show()
        self.raise_()
        self.update()

    def choose(self, index: int) -> None:
        if self.isVisible() and 0 <= index < len(self.readings):
            self.hide()
            self.chosen.emit(self.readings[index])

    def cancel(self) -> None:
        self.hide()

    def describe(self, code: str) -> str:
        """Said under each reading: "JK=7D" -> "ジョーカー = 7♦"."""
        return joker_stands_for(code, self.texts, self.language)

    def key(self, key: int) -> None:
        if key == Qt.Key.Key_Escape:
            self.cancel()
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            self.choose(key - Qt.Key.Key_1)

    # ------------------------------------------------------------ geometry

    def _unit(self) -> float:
        return self.height() / 100

    def panel(self) -> QRectF:
        u = self._unit()
        w = min(self.width() * 0.92, 150 * u)
        return QRectF((self.width() - w) / 2, 20 * u, w, 52 * u)

    def option_rects(self) -> list[QRectF]:
        """One box per reading, side by side inside the panel."""
        u = self._unit()
        panel = self.panel()
        n = max(1, len(self.readings))
        gap = 2 * u
        width = (panel.width() - 4 * u - gap * (n - 1)) / n
        return [
            QRectF(panel.left() + 2 * u + i * (width + gap), panel.top() + 10 * u, width, 30 * u)
            for i in range(n)
        ]

    def cancel_rect(self) -> QRectF:
        u = self._unit()
        panel = self.panel()
        return QRectF(panel.center().x() - 14 * u, panel.bottom() - 9 * u, 28 * u, 6.5 * u)

    # ------------------------------------------------------------ input and painting

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        for index, rect in enumerate(self.option_rects()):
            if rect.contains(pos):
                self.choose(index)
                return
        if self.cancel_rect().contains(pos) or not self.panel().contains(pos):
            self.cancel()
        event.accept()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        u = self._unit()
        floor = MIN_TEXT * self.height()
        p.fillRect(self.rect(), QColor(0, 0, 0, 150))
        panel = self.panel()
        p.setPen(QPen(GOLD, 0.4 * u))
        p.setBrush(QColor(14, 34, 24))
        p.drawRoundedRect(panel, 2.5 * u, 2.5 * u)
        p.setPen(GOLD)
        title = QRectF(panel.left() + 2 * u, panel.top() + 2 * u, panel.width() - 4 * u, 7 * u)
        draw_fitted(p, title, self.question, 4 * u, floor, bold=True)
        for index, (reading, box) in enumerate(
            zip(self.readings, self.option_rects(), strict=True)
        ):
            self._paint_option(p, index, reading, box, u, floor)
        cancel = self.cancel_rect()
        p.setPen(QPen(QColor(255, 255, 255, 120), 1))
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawRoundedRect(cancel, 1.2 * u, 1.2 * u)
        p.setPen(QColor(theme.TEXT))
        draw_fitted(p, cancel, f"{self.cancel_text} (Esc)", 3 * u, floor, bold=True)
        p.end()

    def _paint_option(
        self, p: QPainter, index: int, reading: tuple[str, ...], box: QRectF, u: float, floor: float
    ) -> None:
        p.setPen(QPen(QColor(255, 255, 255, 70), 1))
        p.setBrush(QColor(255, 255, 255, 18))
        p.drawRoundedRect(box, 1.6 * u, 1.6 * u)
        n = len(reading)
        cw = min(14 * u, (box.width() - 2 * u) / (1.08 * (n - 1) + 1) if n else 14 * u)
        ch = cw * CARD_ASPECT
        step = cw * 1.08  # side by side, so the joker's band is never under the next card
        total = step * (n - 1) + cw
        x0 = box.center().x() - total / 2
        y = box.top() + 2 * u
        for i, code in enumerate(reading):
            rect = QRectF(x0 + i * step, y, cw, ch)
            stands_for = code.startswith("JK=")
            paint_card(p, rect, parse_card(code[3:]) if stands_for else parse_card(code))
            if stands_for:
                band = QRectF(rect.left(), rect.center().y() - 2.2 * u, rect.width(), 4.4 * u)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(120, 10, 20, 225))
                p.drawRect(band)
                p.setPen(QColor("#ffffff"))
                draw_fitted(p, band, "JOKER", 3 * u, floor, bold=True)
        p.setPen(GOLD)
        label = QRectF(box.left(), y + ch + 1.5 * u, box.width(), 5 * u)
        joker = next((c for c in reading if c.startswith("JK=")), "")
        draw_fitted(p, label, f"{index + 1}:  {self.describe(joker)}", 3.2 * u, floor, bold=True)
