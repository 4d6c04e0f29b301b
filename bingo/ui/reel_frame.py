"""The slot reel's machine: its metal frame with the outer glow (cached per size), the shading
over the passing numbers, the caption above (the draw's number or "ready"), the lamps round the
frame, the paylines and the glow of a landing.

`ReelFrame` is a part of `bingo.ui.reel.SlotReel` (a mixin: it paints with the reel's layout,
colour and animation state).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen, QPixmap

from bingo.ui.art import TEXT, TEXT_DIM, draw_text, fit_block, new_pixmap


class ReelFrame:
    """The reel's frame, shade, caption, lamps, paylines and landing glow."""

    # ---------------------------------------------------------------- painting
    def _build_static(self) -> QPixmap:
        lay = self._layout()
        pixmap = new_pixmap(self.width(), self.height(), self.devicePixelRatioF())
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.background is not None:
            p.save()
            self.background(p)  # the window's background behind this widget (it paints opaque)
            p.restore()
        else:
            p.fillRect(self.rect(), QColor("#0b0d1f"))
        frame, window = lay["frame"], lay["window"]
        fw = lay["frame_w"].width()
        radius = fw * 1.4
        # Outer glow.
        for i in range(6, 0, -1):
            glow = QColor(self.frame_colour)
            glow.setAlpha(10 + 6 * (6 - i))
            p.setPen(QPen(glow, fw * 0.25 * i))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(frame, radius, radius)
        metal = QLinearGradient(frame.topLeft(), frame.bottomLeft())
        metal.setColorAt(0.0, self.frame_colour.lighter(160))
        metal.setColorAt(0.45, self.frame_colour)
        metal.setColorAt(0.55, self.frame_colour.darker(130))
        metal.setColorAt(1.0, self.frame_colour.lighter(120))
        p.setPen(QPen(self.frame_colour.darker(220), max(1.0, fw * 0.12)))
        p.setBrush(metal)
        p.drawRoundedRect(frame, radius, radius)
        inner = QLinearGradient(window.topLeft(), window.bottomLeft())
        inner.setColorAt(0.0, QColor("#07060f"))
        inner.setColorAt(0.5, QColor("#1c1838"))
        inner.setColorAt(1.0, QColor("#07060f"))
        p.setPen(QPen(self.frame_colour.darker(250), max(1.0, fw * 0.18)))
        p.setBrush(inner)
        p.drawRoundedRect(window, radius * 0.5, radius * 0.5)
        p.end()
        return pixmap

    def _build_shade(self, window: QRectF) -> QPixmap:
        pixmap = new_pixmap(window.width(), window.height(), self.devicePixelRatioF())
        p = QPainter(pixmap)
        gradient = QLinearGradient(0, 0, 0, window.height())
        gradient.setColorAt(0.0, QColor(4, 3, 10, 250))
        gradient.setColorAt(0.2, QColor(4, 3, 10, 120))
        gradient.setColorAt(0.36, QColor(0, 0, 0, 0))
        gradient.setColorAt(0.64, QColor(0, 0, 0, 0))
        gradient.setColorAt(0.8, QColor(4, 3, 10, 120))
        gradient.setColorAt(1.0, QColor(4, 3, 10, 250))
        p.fillRect(QRectF(0, 0, window.width(), window.height()), gradient)
        p.end()
        return pixmap

    def _build_caption(self, rect: QRectF) -> QPixmap:
        pixmap = new_pixmap(rect.width(), rect.height(), self.devicePixelRatioF())
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        if self._target is not None and self._draw_index > 0:
            text = self.strings("draw_no", n=self._draw_index)
            p.setPen(TEXT)
        else:
            text = self.strings("ready")
            p.setPen(TEXT_DIM)
        box = QRectF(8, 0, rect.width() - 16, rect.height())
        p.setFont(fit_block(text, box, rect.height() * 0.62, QFont.Weight.Black))
        draw_text(p, box, Qt.AlignmentFlag.AlignCenter, text)
        p.end()
        return pixmap

    def _paint_paylines(self, p: QPainter, window: QRectF, h: float) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        size = h * 0.09
        cy = window.center().y()
        p.setPen(QPen(self.frame_colour.darker(250), max(1.0, size * 0.12)))
        p.setBrush(self.frame_colour.lighter(120))
        for x, direction in ((window.left() + 2, 1), (window.right() - 2, -1)):
            path = QPainterPath()
            path.moveTo(x, cy - size)
            path.lineTo(x + direction * size * 1.3, cy)
            path.lineTo(x, cy + size)
            path.closeSubpath()
            p.drawPath(path)

    def _paint_lamps(self, p: QPainter, lay: dict[str, QRectF]) -> None:
        frame = lay["frame"]
        fw = lay["frame_w"].width()
        count = 14
        radius = fw * 0.22
        phase = int(self._pos * 2) if self.spinning else -1
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setPen(Qt.PenStyle.NoPen)
        for row_y in (frame.top() + fw / 2, frame.bottom() - fw / 2):
            for i in range(count):
                x = frame.left() + fw * 2 + i * (frame.width() - fw * 4) / (count - 1)
                on = (i + phase) % 3 == 0 if phase >= 0 else True
                if self._glow > 0.0:
                    on = (i % 2 == 0) == (int(self._glow * 10) % 2 == 0)
                colour = QColor("#fff6c2") if on else self.frame_colour.darker(170)
                p.setBrush(colour)
                p.drawEllipse(QPointF(x, row_y), radius, radius)

    def _paint_glow(self, p: QPainter, window: QRectF, pair_w: float, h: float) -> None:
        grow = (1.0 - self._glow) * h * 0.25
        rect = QRectF(window.center().x() - pair_w / 2, window.center().y() - h / 2, pair_w, h)
        rect = rect.adjusted(-grow, -grow, grow, grow)
        colour = QColor("#fff6c2")
        colour.setAlphaF(max(0.0, min(1.0, self._glow)))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(colour, h * 0.05 * self._glow + 1))
        p.drawRoundedRect(rect, h * 0.14, h * 0.14)
