"""The games menu's tiles: one large button per game, on the felt of the card tables, with a
picture of its cards, its name and a line saying what it is."""

from __future__ import annotations

import functools

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QPushButton, QSizePolicy, QWidget

from eventkit import theme
from games.common.cards import parse_card
from games.common.qt.painter import CARD_ASPECT, paint_card
from games.common.qt.textfit import draw_fitted

# what each game is, in a line (the menu's order is games.GAMES)
LINES = {
    "ja": {
        "schwimmen": "場札と交換して、同じマークで31点をめざす（2〜9人）",
        "cool24": "色か数字をつないで、48枚を出しきろう（1人）",
        "daifugo": "階級・革命・8切り。日本の定番トランプ（2〜5人）",
    },
    "en": {
        "schwimmen": "Swap with the table towards 31 in one suit (2-9 players)",
        "cool24": "Link colours or numbers through all 48 cards (one player)",
        "daifugo": "Japan's classic: ranks, revolutions and 8-cuts (2-5 players)",
    },
}
# the cards each tile shows
PICTURES = {
    "schwimmen": ("AH", "KH", "10H"),
    "cool24": (4, 11, 18),  # COOL 24+24's own cards (ids as games.cool24.rules numbers them)
    "daifugo": ("2S", "JK", "8D"),
}


@functools.cache
def cool_cards():
    """COOL 24+24's card painter, made once (it loads the card pictures)."""
    from games.cool24.qt.cards import CardImages, CardPainter
    from games.cool24.settings import Cool24Settings

    settings = Cool24Settings()
    return CardPainter(settings, CardImages(settings.image_dir, settings.suits))


class GameTile(QPushButton):
    """A large button: a fan of the game's cards, its name, a line about it."""

    def __init__(self, name: str, title: str, line: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.name = name
        self.line = line
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
        for i, card in enumerate(PICTURES.get(self.name, ())):
            p.save()
            p.translate(x + card_w / 2 + i * card_w * 0.42, r.center().y())
            p.rotate((i - 1) * 10)
            place = QRectF(-card_w / 2, -card_h / 2, card_w, card_h)
            if isinstance(card, int):  # a COOL 24+24 card, in its own colours and pictures
                cool_cards().paint(p, place, card)
            else:
                paint_card(p, place, parse_card(card))
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
