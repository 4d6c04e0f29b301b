"""COOL 24+24's cards on screen: the pictures from the configured folder and the painter.

A card is its suit emblem top-left (the `<suit>` image or a drawn blob with eyes), its number
top-right and its picture at the bottom (the `<suit><number>` image or a drawn panel); the
back is a purple panel with the four suit blobs. Also used by the games menu's tile.
"""

from __future__ import annotations

import functools
import random
import sys
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
)

from eventkit.images import ImageError, load_square, qimage_of
from games.cool24.cards import number_of, suit_of
from games.cool24.qt.style import CARD_W, Fonts
from games.cool24.settings import NUMBERS, Cool24Settings


def _find_image(folder: Path, stem: str) -> Path | None:
    for ext in (".png", ".jpg", ".jpeg", ".PNG", ".JPG", ".JPEG"):
        candidate = folder / f"{stem}{ext}"
        if candidate.is_file():
            return candidate
    return None


IMAGE_SIDE = 512  # card pictures are drawn well below this even in full screen


class CardImages:
    """Card (`<suit><number>`) and suit (`<suit>`) images from the configured folder, cached."""

    def __init__(self, folder: Path, suits: tuple[str, ...]) -> None:
        self.folder = folder
        self.suits = suits
        self._cache: dict[str, QPixmap | None] = {}

    def _load(self, stem: str) -> QPixmap | None:
        if stem not in self._cache:
            path = _find_image(self.folder, stem) if self.folder.is_dir() else None
            self._cache[stem] = None
            if path is not None:
                try:  # the toolkit's one loader: scaled once, too large or damaged is named
                    picture = load_square(path, IMAGE_SIDE)
                    self._cache[stem] = QPixmap.fromImage(qimage_of(picture))
                except ImageError as exc:
                    print(f"warning: {exc}: that card is drawn instead", file=sys.stderr)
        return self._cache[stem]

    def card(self, card: int) -> QPixmap | None:
        return self._load(f"{self.suits[suit_of(card)]}{NUMBERS[number_of(card)]}")

    def suit(self, card: int) -> QPixmap | None:
        return self._load(self.suits[suit_of(card)])


class CardPainter:
    """Draws COOL cards: suit emblem top-left, number top-right, picture at the bottom."""

    def __init__(
        self, settings: Cool24Settings, images: CardImages, fonts: Fonts | None = None
    ) -> None:
        self.settings = settings
        self.images = images
        self.fonts = fonts or Fonts()  # the window's type (its floor), or a stand-alone one

    def colour(self, card: int) -> QColor:
        return QColor(self.settings.suit_colors[suit_of(card)])

    def paint(self, p: QPainter, rect: QRectF, card: int) -> None:
        s = rect.width() / CARD_W  # scale of this card relative to the full size
        colour = self.colour(card)
        radius = 18 * s
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        # drop shadow and body
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawRoundedRect(rect.translated(5 * s, 8 * s), radius, radius)
        body = QLinearGradient(rect.topLeft(), rect.bottomLeft())
        body.setColorAt(0, QColor("#ffffff"))
        body.setColorAt(1, QColor("#f1f0f6"))
        p.setBrush(QBrush(body))
        p.setPen(QPen(colour.darker(130), 3 * s))
        p.drawRoundedRect(rect, radius, radius)
        # top: suit emblem (128x128 image or a drawn puyo-like blob) and the number
        emblem = QRectF(rect.x() + 12 * s, rect.y() + 12 * s, 100 * s, 100 * s)
        pixmap = self.images.suit(card)
        if pixmap is not None:
            p.drawPixmap(emblem.toRect(), pixmap)
        else:
            self.blob(p, emblem, colour)
        number = NUMBERS[number_of(card)]
        p.setFont(self.fonts.font((78 if len(number) == 1 else 64) * s))
        text_rect = QRectF(rect.x() + 112 * s, rect.y() + 10 * s, rect.width() - 124 * s, 104 * s)
        p.setPen(QPen(colour.darker(170)))
        p.drawText(text_rect.translated(3 * s, 3 * s), Qt.AlignmentFlag.AlignCenter, number)
        p.setPen(QPen(colour.darker(115)))
        p.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, number)
        # bottom: the 256x256 picture (or a drawn panel)
        pic = QRectF(rect.x() + 10 * s, rect.bottom() - 240 * s, rect.width() - 20 * s, 230 * s)
        clip = QPainterPath()
        clip.addRoundedRect(pic, 12 * s, 12 * s)
        p.save()
        p.setClipPath(clip)
        pixmap = self.images.card(card)
        if pixmap is not None:
            side = min(pic.width(), pic.height())
            square = QRectF(pic.center().x() - side / 2, pic.center().y() - side / 2, side, side)
            p.fillRect(pic, colour.lighter(170))
            p.drawPixmap(square.toRect(), pixmap)
        else:
            self._panel(p, pic, card, colour, s)
        p.restore()
        p.restore()

    def blob(self, p: QPainter, r: QRectF, colour: QColor) -> None:
        """A round, glossy blob with eyes: the suit mark when there is no suit image."""
        body = r.adjusted(r.width() * 0.06, r.height() * 0.1, -r.width() * 0.06, 0)
        grad = QRadialGradient(
            body.center() - QPointF(body.width() * 0.18, body.height() * 0.2), body.width() * 0.75
        )
        grad.setColorAt(0, colour.lighter(150))
        grad.setColorAt(0.6, colour)
        grad.setColorAt(1, colour.darker(140))
        p.setPen(QPen(colour.darker(180), max(1.0, r.width() * 0.035)))
        p.setBrush(QBrush(grad))
        p.drawEllipse(body)
        eye_w, eye_h = body.width() * 0.2, body.height() * 0.3
        for dx in (-0.19, 0.19):
            c = QPointF(
                body.center().x() + dx * body.width(), body.center().y() - body.height() * 0.02
            )
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#ffffff"))
            p.drawEllipse(c, eye_w / 2, eye_h / 2)
            p.setBrush(QColor("#1b1b2a"))
            p.drawEllipse(c + QPointF(dx * eye_w * 0.6, eye_h * 0.08), eye_w * 0.28, eye_h * 0.3)
        p.setBrush(QColor(255, 255, 255, 150))
        p.drawEllipse(
            QRectF(
                body.x() + body.width() * 0.16,
                body.y() + body.height() * 0.1,
                body.width() * 0.22,
                body.height() * 0.14,
            )
        )

    def _panel(self, p: QPainter, r: QRectF, card: int, colour: QColor, s: float) -> None:
        grad = QLinearGradient(r.topLeft(), r.bottomRight())
        grad.setColorAt(0, colour.lighter(140))
        grad.setColorAt(1, colour.darker(115))
        p.fillRect(r, QBrush(grad))
        # soft bubbles
        rnd = random.Random(card)
        p.setPen(Qt.PenStyle.NoPen)
        for _ in range(9):
            rad = rnd.uniform(12, 38) * s
            c = QPointF(r.x() + rnd.uniform(0, r.width()), r.y() + rnd.uniform(0, r.height()))
            p.setBrush(QColor(255, 255, 255, rnd.randint(28, 60)))
            p.drawEllipse(c, rad, rad)
        number = NUMBERS[number_of(card)]
        p.setFont(self.fonts.font((150 if len(number) == 1 else 118) * s))
        p.setPen(QPen(QColor(0, 0, 0, 70)))
        p.drawText(r.translated(4 * s, 6 * s), Qt.AlignmentFlag.AlignCenter, number)
        p.setPen(QPen(QColor("#ffffff")))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, number)

    def back(self, p: QPainter, r: QRectF) -> None:
        """Card back: a purple panel with the four suit blobs."""
        p.setPen(QPen(QColor("#e8e4ff"), 3))
        grad = QLinearGradient(r.topLeft(), r.bottomRight())
        grad.setColorAt(0, QColor("#6b3fd1"))
        grad.setColorAt(1, QColor("#321a73"))
        p.setBrush(QBrush(grad))
        p.drawRoundedRect(r, 14, 14)
        p.setPen(QPen(QColor(255, 255, 255, 70), 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(r.adjusted(9, 9, -9, -9), 9, 9)
        side = r.width() * 0.3
        for i, colour in enumerate(self.settings.suit_colors):
            cx = r.center().x() + (-0.5 if i % 2 == 0 else 0.5) * side * 1.1
            cy = r.center().y() + (-0.5 if i < 2 else 0.5) * side * 1.1
            self.blob(p, QRectF(cx - side / 2, cy - side / 2, side, side), QColor(colour))


@functools.cache
def menu_painter() -> CardPainter:
    """The games menu's painter of COOL cards, made once (it loads the card pictures)."""
    settings = Cool24Settings()
    return CardPainter(settings, CardImages(settings.image_dir, settings.suits))


def paint_menu_card(painter: QPainter, rect: QRectF, card: object) -> None:
    """One card (its id) on the games menu's tile."""
    assert isinstance(card, int), card
    menu_painter().paint(painter, rect, card)
