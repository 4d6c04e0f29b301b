"""The games menu's tiles: one large button per game, on the felt of the card tables, with a
picture of its cards, its name and a line saying what it is (the game's registered `MenuTile`:
games.common.registry)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from eventkit import theme
from games.common.cards import parse_card
from games.common.qt.painter import CARD_ASPECT, paint_card
from games.common.qt.textfit import draw_fitted
from games.common.registry import MenuTile


class GameTile(QPushButton):
    """A large button: a fan of the game's cards, its name, a line about it."""

    def __init__(
        self, name: str, title: str, tile: MenuTile, language: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(title, parent)
        self.name = name
        self.tile = tile
        self.line = tile.line(language)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(90)

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        r = QRectF(self.rect()).adjusted(2, 2, -2, -2)
        hot = self.underMouse() or self.hasFocus()
        p.setPen(QPen(QColor(theme.GOLD), 4 if hot else 2))
        p.setBrush(QColor(0, 0, 0, 110 if hot else theme.PANEL_ALPHA))
        p.drawRoundedRect(r, r.height() * 0.12, r.height() * 0.12)
        h = r.height()
        card_h = h * 0.74
        card_w = card_h / CARD_ASPECT
        x = r.left() + h * 0.16
        for i, card in enumerate(self.tile.cards):
            p.save()
            p.translate(x + card_w / 2 + i * card_w * 0.42, r.center().y())
            p.rotate((i - 1) * 10)
            place = QRectF(-card_w / 2, -card_h / 2, card_w, card_h)
            if self.tile.paint_card is not None:  # the game's own cards (COOL 24+24's)
                self.tile.paint_card(p, place, card)
            else:
                paint_card(p, place, parse_card(str(card)))
            p.restore()
        left = x + card_w * 1.9 + h * 0.12
        text = QRectF(left, r.top() + h * 0.1, r.right() - left - h * 0.12, h * 0.8)
        floor = max(14.0, self.window().height() * 0.026)
        p.setPen(QColor(theme.GOLD))
        title = QRectF(text.left(), text.top(), text.width(), text.height() * 0.5)
        draw_fitted(
            p,
            title,
            self.text(),
            h * 0.3,
            floor,
            bold=True,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        p.setPen(QColor(theme.TEXT))
        below = QRectF(text.left(), title.bottom(), text.width(), text.height() * 0.5)
        draw_fitted(
            p,
            below,
            self.line,
            h * 0.17,
            floor,
            align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        )
        p.end()
