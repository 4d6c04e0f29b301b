"""What the projector window paints itself (the rest are its child widgets): the background,
the title bar with the recent numbers, the start screen's line (when the first bingo and the
last prize are expected), the rehearsal mark, and the status line (`Notices`).

`WindowPainting` is a part of `bingo.ui.display.DisplayWindow` (a mixin).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPixmap

from bingo.ui.art import (
    TEXT_DIM,
    draw_outlined_text,
    draw_text,
    fit_block,
    fit_font,
    new_pixmap,
    ui_font,
)


class WindowPainting:
    """The title bar, the start screen's line, the rehearsal mark; the window's paintEvent."""

    def _on_prizes(self, prizes) -> None:
        """The start screen's line from the odds service's PrizeCurves."""
        self.start_odds = start_odds_line(self.strings, prizes)
        self.update(self._rects()["title"].toAlignedRect())

    def _render_title(self, title: QRectF) -> QPixmap:
        """The event title in outlined letters, rendered once per window size."""
        pixmap = new_pixmap(title.width(), title.height(), self.devicePixelRatioF())
        p = QPainter(pixmap)
        rect = QRectF(0, 0, title.width(), title.height())
        font = fit_font(
            self.config.event.title,
            rect.adjusted(0, 0, -rect.width() * 0.45, 0),
            rect.height() * 0.68,
        )
        frame = QColor(self.config.display.slot_frame_color)
        draw_outlined_text(
            p,
            rect,
            self.config.event.title,
            font,
            QColor("#ffffff"),
            QColor("#14101f"),
            frame.darker(200),
            align=Qt.AlignmentFlag.AlignLeft,
            outline_ratio=0.07,
        )
        p.end()
        return pixmap

    def _paint_rehearsal_mark(self, p: QPainter) -> None:
        """A seeded draw is a rehearsal: say so on the wall, where nobody can miss it."""
        rect = self.rehearsal_rect()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(214, 40, 57, 230))
        p.drawRoundedRect(rect, rect.height() * 0.25, rect.height() * 0.25)
        p.setPen(QColor("#ffffff"))
        text = self.strings("rehearsal_mark")
        inner = rect.adjusted(rect.height() * 0.3, 0, -rect.height() * 0.3, 0)
        p.setFont(
            fit_block(
                text, inner, max(rect.height() * 0.62, self.height() * 0.027), QFont.Weight.Black
            )
        )
        draw_text(p, inner, Qt.AlignmentFlag.AlignCenter, text)

    def rehearsal_rect(self) -> QRectF:
        """On the bottom line, just left of the control bar (the status text stops before it)."""
        status = self._rects()["status"]
        text = self.strings("rehearsal_mark")
        font = ui_font(max(status.height() * 0.62, self.height() * 0.027), QFont.Weight.Black)
        width = max(
            self.width() * 0.24,
            QFontMetricsF(font).horizontalAdvance(text) * 1.06 + status.height() * 0.7,
        )
        right = min(self.controls.geometry().left(), self.width() * 0.8) - status.height() * 0.5
        return QRectF(right - width, status.top(), width, status.height())

    def start_odds_rect(self) -> QRectF:
        """The title bar's right part (the recent numbers' place, empty before the first draw;
        the title is fitted into the rest)."""
        title = self._rects()["title"]
        return QRectF(title.left() + title.width() * 0.56, title.top(), title.width() * 0.44,
                      title.height())  # fmt: skip

    def _paint_start_odds(self, p: QPainter) -> None:
        """Before the first draw: when the first bingo and the last prize are expected."""
        if not self.start_odds or self.controller.revealed or self.controller.spinning:
            return
        rect = self.start_odds_rect()
        flags = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        flags |= Qt.TextFlag.TextWordWrap
        least = self.height() * 0.027
        p.setPen(QColor(self.config.display.slot_frame_color).lighter(130))
        p.setFont(fit_block(self.start_odds, rect, max(least, rect.height() * 0.34),
                            QFont.Weight.Bold, flags))  # fmt: skip
        draw_text(p, rect, flags, self.start_odds)

    def _recent(self, spinning: bool) -> list[int]:
        """The numbers at the right of the title bar, newest first (not the reel's one)."""
        revealed = self.controller.revealed
        shown = revealed if spinning else revealed[:-1]
        return list(reversed(shown[-5:]))

    def _prepare_recent(self) -> None:
        """Their cells drawn before a spin starts (the one that joins them at the spin's
        first frame took 6 ms of it)."""
        size = round(self._rects()["title"].height() * 0.72)
        if size < 1:  # a window not laid out yet: they are drawn when painted
            return
        for n in self._recent(True):
            self.art.cell(n, size, size, True, True)

    def _paint_recent(self, p: QPainter, title: QRectF) -> None:
        """The last few numbers, newest first, at the right of the title bar."""
        recent = self._recent(self.controller.spinning)
        if not recent:
            return
        size = round(title.height() * 0.72)
        gap = size * 0.12
        x = title.right() - len(recent) * (size + gap) + gap
        y = title.center().y() - size / 2
        label = self.strings("recent")
        p.setPen(TEXT_DIM)
        p.setFont(ui_font(max(size * 0.36, self.height() * 0.027), QFont.Weight.Bold))
        draw_text(
            p,
            QRectF(x - size * 2.2, y, size * 2.0, size),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            label,
        )
        for i, n in enumerate(recent):
            cell = self.art.cell(n, size, size, True, True)
            p.setOpacity(1.0 - i * 0.12)
            p.drawPixmap(QPointF(x + i * (size + gap), y), cell)
        p.setOpacity(1.0)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        background = self._background
        if background is None:  # the same pixels, painted here; its picture is kept after
            p.save()
            self._paint_background_on(p)
            p.restore()
            QTimer.singleShot(0, self, self._keep_background)
        else:
            dpr = background.devicePixelRatio()
            source = event.rect()
            p.drawPixmap(
                QRectF(source),
                background,
                QRectF(source.x() * dpr, source.y() * dpr, source.width() * dpr,
                       source.height() * dpr),
            )  # fmt: skip
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        r = self._rects()
        title = r["title"]
        if event.rect().intersects(title.toAlignedRect()):
            if self._title is None:
                self._title = self._render_title(title)
            p.drawPixmap(title.topLeft(), self._title)
            self._paint_recent(p, title)
            self._paint_start_odds(p)
        if getattr(self.controller.session, "rehearsal", False):
            self._paint_rehearsal_mark(p)
        status = r["status"]
        if event.rect().intersects(status.toAlignedRect()):
            self._paint_status(p)
        p.end()


def start_odds_line(strings, prizes) -> str:
    """When the first bingo and the last prize are expected, from a PrizeCurves
    (bingo.probability.prize_curves); "" when either is never certain."""
    first, last = float(prizes.expected[0]), float(prizes.expected[-1])
    if not (math.isfinite(first) and math.isfinite(last)):
        return ""
    if prizes.prizes == 1:
        return strings("start_odds_one", cards=prizes.cards, first=first)
    return strings("start_odds", cards=prizes.cards, first=first, k=prizes.prizes, last=last)
