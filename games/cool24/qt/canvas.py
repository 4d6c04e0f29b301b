"""What every COOL 24+24 screen draws with: texts that fit, the background, the logo, the
line at the bottom and the dialog panel, on the 1600x900 canvas (games.cool24.qt.style)."""

from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
)

from eventkit.i18n import Texts
from games.common.qt.textfit import fitted_font
from games.cool24.qt.cards import CardImages, CardPainter
from games.cool24.qt.style import CANVAS_H, CANVAS_W, CENTRE, FONT_FAMILY, Fonts
from games.cool24.settings import Cool24Settings


class Canvas:
    """One window's settings (suit colours), texts, type (`fonts`, its floor set by the
    widget) and card painter."""

    def __init__(self, settings: Cool24Settings, t: Texts) -> None:
        self.settings = settings
        self.t = t
        self.fonts = Fonts()
        self.images = CardImages(settings.image_dir, settings.suits)
        self.cards = CardPainter(settings, self.images, self.fonts)

    def font(self, size: float, *, bold: bool = True) -> QFont:
        return self.fonts.font(size, bold=bold)

    def text(
        self,
        p: QPainter,
        rect: QRectF,
        text: str,
        size: float,
        colour: str | QColor,
        align: Qt.AlignmentFlag = CENTRE,
        *,
        bold: bool = True,
        shadow: bool = True,
    ) -> None:
        """`text` in `rect`, smaller (never below the floor) or wrapped when it does not fit."""
        font = fitted_font(text, rect, max(size, self.fonts.floor), self.fonts.floor, bold)
        font.setFamily(FONT_FAMILY)
        p.setFont(font)
        flags = int(align.value)
        if QFontMetricsF(font).horizontalAdvance(text) > rect.width():
            flags |= Qt.AlignmentFlag.AlignVCenter.value | Qt.TextFlag.TextWordWrap.value
        if shadow:
            p.setPen(QColor(0, 0, 0, 140))
            p.drawText(rect.translated(2, 3), flags, text)
        p.setPen(QColor(colour))
        p.drawText(rect, flags, text)

    def background(self, p: QPainter, lap2: bool) -> None:
        """The purple night (red in lap 2) with soft bubbles."""
        grad = QLinearGradient(0, 0, 0, CANVAS_H)
        grad.setColorAt(0, QColor("#2a1456" if not lap2 else "#5a1a3a"))
        grad.setColorAt(1, QColor("#0b0a24" if not lap2 else "#1e0818"))
        p.fillRect(QRectF(0, 0, CANVAS_W, CANVAS_H), QBrush(grad))
        p.setPen(Qt.PenStyle.NoPen)
        rnd = random.Random(7)
        for _ in range(40):
            c = QPointF(rnd.uniform(0, CANVAS_W), rnd.uniform(0, CANVAS_H))
            r = rnd.uniform(2, 60)
            p.setBrush(QColor(255, 255, 255, rnd.randint(4, 14)))
            p.drawEllipse(c, r, r)

    def logo(self, p: QPainter, rect: QRectF, size: float) -> None:
        """ "COOL 24+24" in italics, filled with the four suit colours."""
        path = QPainterPath()
        font = self.font(size)
        font.setItalic(True)
        path.addText(0, 0, font, "COOL 24+24")
        bounds = path.boundingRect()
        path.translate(
            rect.center().x() - bounds.center().x(), rect.center().y() - bounds.center().y()
        )
        grad = QLinearGradient(path.boundingRect().topLeft(), path.boundingRect().topRight())
        for i, c in enumerate(self.settings.suit_colors):
            grad.setColorAt(i / 3, QColor(c))
        p.setPen(QPen(QColor("#140a2e"), size * 0.09))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)
        p.setPen(QPen(QColor("#ffffff"), size * 0.03))
        p.setBrush(QBrush(grad))
        p.drawPath(path)

    def pill(self, p: QPainter, text: str, colour: QColor) -> None:
        """One line in a rounded box at the bottom, as wide as the text (smaller type if long)."""
        size = 24.0
        font = self.font(size)
        width = QFontMetricsF(font).horizontalAdvance(text)
        if width > CANVAS_W - 120:
            size *= (CANVAS_W - 120) / width
            width = CANVAS_W - 120
        box_w = max(1000.0, width + 64)
        box = QRectF((CANVAS_W - box_w) / 2, CANVAS_H - 50, box_w, 46)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawRoundedRect(box, 23, 23)
        self.text(p, box, text, size, "#ffffff")

    @staticmethod
    def dialog_panel(p: QPainter, box: QRectF, dim: int) -> QRectF:
        """Dim the board (`dim` = alpha) and draw the gold-framed purple panel `box` over it."""
        p.fillRect(QRectF(0, 0, CANVAS_W, CANVAS_H), QColor(5, 3, 20, dim))
        grad = QLinearGradient(box.topLeft(), box.bottomLeft())
        grad.setColorAt(0, QColor("#3a2078"))
        grad.setColorAt(1, QColor("#170c3a"))
        p.setPen(QPen(QColor("#ffd23f"), 4))
        p.setBrush(QBrush(grad))
        p.drawRoundedRect(box, 34, 34)
        return box
