"""Procedural playing-card painter (QPainter only, no artwork files), sharp at any size.

Stable API shared by every game frontend:

- `paint_card(painter, rect, card, *, face_up=True, selected=False, dimmed=False, back=...)`
  draws one card (face or back) into `rect`;
- `card_pixmap(card, width, height, ...)` returns a transparent `QPixmap` of one card;
- `suit_path(suit, rect)` gives the suit symbol as a `QPainterPath` (handy for labels);
- `CARD_ASPECT` (height / width) for laying cards out.

Suit symbols are drawn as vector paths, not font glyphs, so they look the same on every machine.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QLinearGradient,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QTransform,
)

from eventkit import fonts
from games.common.cards import AnyCard, Card, Rank, Suit

__all__ = [
    "CARD_ASPECT",
    "BACK_BLUE",
    "BACK_RED",
    "card_pixmap",
    "paint_card",
    "suit_color",
    "suit_path",
]


CARD_ASPECT = 1.4  # height / width of a poker-size card (63 x 88 mm)
BACK_BLUE = "#1f4fa3"
BACK_RED = "#a51d2d"

_RED = QColor("#c8102e")
_BLACK = QColor("#16161d")
_FACE_TINT = {Suit.SPADES: "#dfe6f5", Suit.CLUBS: "#def0e2", Suit.HEARTS: "#fbe3e3"}
_FACE_TINT[Suit.DIAMONDS] = "#fcebd9"
_SELECT = QColor("#ffb300")

# Pip centres in a unit box (x, y); pips with y > 0.5 are drawn upside down, as on real cards.
_L, _C, _R = 0.0, 0.5, 1.0
_PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(_C, 0.0), (_C, 1.0)],
    3: [(_C, 0.0), (_C, 0.5), (_C, 1.0)],
    4: [(_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)],
    5: [(_L, 0.0), (_R, 0.0), (_C, 0.5), (_L, 1.0), (_R, 1.0)],
    6: [(_L, 0.0), (_R, 0.0), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)],
    7: [(_L, 0.0), (_R, 0.0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)],
    8: [(_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)],
    9: [(x, y) for y in (0.0, 1 / 3, 2 / 3, 1.0) for x in (_L, _R)] + [(_C, 0.5)],
    10: [(x, y) for y in (0.0, 1 / 3, 2 / 3, 1.0) for x in (_L, _R)] + [(_C, 1 / 6), (_C, 5 / 6)],
}


def suit_color(suit: Suit | None) -> QColor:
    """Red for hearts and diamonds, near-black otherwise (and for the joker)."""
    return QColor(_RED) if suit is not None and suit.is_red else QColor(_BLACK)


def suit_path(suit: Suit, rect: QRectF) -> QPainterPath:
    """The suit symbol as a filled vector path fitted into `rect`."""
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()

    def p(u: float, v: float) -> QPointF:
        return QPointF(x + u * w, y + v * h)

    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    if suit is Suit.DIAMONDS:
        path.addPolygon(QPolygonF([p(0.5, 0.0), p(0.9, 0.5), p(0.5, 1.0), p(0.1, 0.5)]))
        path.closeSubpath()
    elif suit is Suit.HEARTS:
        path.moveTo(p(0.5, 1.0))
        path.cubicTo(p(0.35, 0.78), p(0.0, 0.55), p(0.0, 0.3))
        path.cubicTo(p(0.0, 0.1), p(0.14, 0.0), p(0.27, 0.0))
        path.cubicTo(p(0.4, 0.0), p(0.5, 0.1), p(0.5, 0.2))
        path.cubicTo(p(0.5, 0.1), p(0.6, 0.0), p(0.73, 0.0))
        path.cubicTo(p(0.86, 0.0), p(1.0, 0.1), p(1.0, 0.3))
        path.cubicTo(p(1.0, 0.55), p(0.65, 0.78), p(0.5, 1.0))
        path.closeSubpath()
    elif suit is Suit.SPADES:
        path.moveTo(p(0.5, 0.0))
        path.cubicTo(p(0.65, 0.2), p(1.0, 0.38), p(1.0, 0.6))
        path.cubicTo(p(1.0, 0.76), p(0.88, 0.84), p(0.75, 0.84))
        path.cubicTo(p(0.64, 0.84), p(0.56, 0.78), p(0.52, 0.7))
        path.cubicTo(p(0.54, 0.84), p(0.6, 0.94), p(0.7, 1.0))
        path.lineTo(p(0.3, 1.0))
        path.cubicTo(p(0.4, 0.94), p(0.46, 0.84), p(0.48, 0.7))
        path.cubicTo(p(0.44, 0.78), p(0.36, 0.84), p(0.25, 0.84))
        path.cubicTo(p(0.12, 0.84), p(0.0, 0.76), p(0.0, 0.6))
        path.cubicTo(p(0.0, 0.38), p(0.35, 0.2), p(0.5, 0.0))
        path.closeSubpath()
    else:  # clubs: three leaves and a flared stem
        r = 0.225
        for cx, cy in ((0.5, 0.25), (0.26, 0.58), (0.74, 0.58)):
            path.addEllipse(QRectF(x + (cx - r) * w, y + (cy - r) * h, 2 * r * w, 2 * r * h))
        path.addEllipse(QRectF(x + 0.38 * w, y + 0.42 * h, 0.24 * w, 0.24 * h))
        stem = QPainterPath()
        stem.moveTo(p(0.47, 0.55))
        stem.cubicTo(p(0.47, 0.8), p(0.4, 0.93), p(0.3, 1.0))
        stem.lineTo(p(0.7, 1.0))
        stem.cubicTo(p(0.6, 0.93), p(0.53, 0.8), p(0.53, 0.55))
        stem.closeSubpath()
        path.addPath(stem)
    return path


def _draw_suit(painter: QPainter, suit: Suit, center: QPointF, size: float, flip: bool) -> None:
    box = QRectF(-size * 0.5, -size * 0.5, size, size)
    painter.save()
    painter.translate(center)
    if flip:
        painter.rotate(180)
    painter.fillPath(suit_path(suit, box), suit_color(suit))
    painter.restore()


def _font(pixel_size: float, *, bold: bool = True, serif: bool = False) -> QFont:
    font = QFont("DejaVu Serif") if serif else QFont(fonts.FAMILY)  # the shipped font
    font.setPixelSize(max(1, round(pixel_size)))
    font.setBold(bold)
    return font


def _draw_index(painter: QPainter, card: AnyCard, rect: QRectF, w: float) -> None:
    """Rank and suit in the top-left corner, and the same turned round in the bottom-right."""
    colour = suit_color(card.suit)
    rank_text = card.rank.text if card.rank is not None else "J\nO\nK\nE\nR"
    rank_px = w * (0.18 if len(rank_text) == 1 else 0.16)
    for turn in (0, 180):
        painter.save()
        painter.translate(rect.center())
        painter.rotate(turn)
        painter.translate(-rect.width() / 2, -rect.height() / 2)
        col_w = w * 0.2
        left = w * 0.03
        top = w * 0.04
        painter.setPen(colour)
        if card.is_joker:
            painter.setFont(_font(w * 0.13))
            painter.drawText(
                QRectF(left, top, col_w, w * 0.9),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                rank_text,
            )
        else:
            painter.setFont(_font(rank_px, serif=False))
            if len(rank_text) == 2:
                font = painter.font()
                font.setStretch(80)
                font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 88)
                painter.setFont(font)
            text_rect = QRectF(left, top, col_w, rank_px * 1.15)
            painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, rank_text)
            size = w * 0.12
            _draw_suit(
                painter,
                card.suit,
                QPointF(left + col_w / 2, top + rank_px * 1.15 + size * 0.6),
                size,
                False,
            )
        painter.restore()


def _draw_pips(painter: QPainter, card: Card, rect: QRectF, w: float) -> None:
    area = QRectF(
        rect.x() + w * 0.33, rect.y() + w * 0.27, rect.width() - w * 0.66, rect.height() - w * 0.54
    )
    size = w * 0.18
    for u, v in _PIPS[int(card.rank)]:
        centre = QPointF(area.x() + u * area.width(), area.y() + v * area.height())
        _draw_suit(painter, card.suit, centre, size, v > 0.5)


def _draw_ace(painter: QPainter, card: Card, rect: QRectF, w: float) -> None:
    size = w * (0.58 if card.suit is Suit.SPADES else 0.46)
    _draw_suit(painter, card.suit, rect.center(), size, False)


def _crown(painter: QPainter, centre: QPointF, width: float, colour: QColor) -> None:
    h = width * 0.55
    x0, y0 = centre.x() - width / 2, centre.y() - h / 2
    pts = [(0, 1), (0, 0.25), (0.25, 0.6), (0.5, 0.0), (0.75, 0.6), (1, 0.25), (1, 1)]
    poly = QPolygonF([QPointF(x0 + u * width, y0 + v * h) for u, v in pts])
    painter.setPen(QPen(colour.darker(140), max(1.0, width * 0.04)))
    painter.setBrush(QColor("#e8b923"))
    painter.drawPolygon(poly)
    painter.setBrush(colour)
    for u in (0.0, 0.5, 1.0):
        y = 0.25 if u != 0.5 else 0.0
        r = width * 0.07
        painter.drawEllipse(QPointF(x0 + u * width, y0 + y * h), r, r)


def _draw_court(painter: QPainter, card: Card, rect: QRectF, w: float) -> None:
    """J, Q, K: a tinted panel with a crown (Q, K) or a feather cap (J), the letter and suit."""
    colour = suit_color(card.suit)
    panel = QRectF(
        rect.x() + w * 0.27, rect.y() + w * 0.2, rect.width() - w * 0.54, rect.height() - w * 0.4
    )
    grad = QLinearGradient(panel.topLeft(), panel.bottomRight())
    grad.setColorAt(0.0, QColor(_FACE_TINT[card.suit]))
    grad.setColorAt(1.0, QColor("#ffffff"))
    painter.setPen(QPen(colour, max(1.0, w * 0.015)))
    painter.setBrush(QBrush(grad))
    painter.drawRoundedRect(panel, w * 0.04, w * 0.04)
    inner = panel.adjusted(w * 0.03, w * 0.03, -w * 0.03, -w * 0.03)
    painter.setPen(QPen(QColor(colour.red(), colour.green(), colour.blue(), 90), w * 0.008))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, w * 0.03, w * 0.03)

    cx = panel.center().x()
    top_y = panel.y() + panel.height() * 0.2
    if card.rank in (Rank.KING, Rank.QUEEN):
        _crown(
            painter,
            QPointF(cx, top_y),
            panel.width() * (0.5 if card.rank is Rank.KING else 0.4),
            colour,
        )
    else:  # jack: a simple cap with a feather
        cap = QPainterPath()
        cw = panel.width() * 0.46
        cap.moveTo(cx - cw / 2, top_y + cw * 0.22)
        cap.quadTo(cx, top_y - cw * 0.45, cx + cw / 2, top_y + cw * 0.22)
        cap.closeSubpath()
        painter.setPen(QPen(colour.darker(130), max(1.0, w * 0.012)))
        painter.setBrush(colour)
        painter.drawPath(cap)
        feather = QPainterPath()
        feather.moveTo(cx + cw * 0.2, top_y)
        feather.quadTo(cx + cw * 0.55, top_y - cw * 0.5, cx + cw * 0.75, top_y - cw * 0.35)
        feather.quadTo(cx + cw * 0.5, top_y - cw * 0.2, cx + cw * 0.2, top_y)
        painter.setBrush(QColor("#e8b923"))
        painter.drawPath(feather)

    painter.setPen(colour)
    painter.setFont(_font(panel.width() * 0.62, serif=True))
    letter_box = QRectF(
        panel.x(), panel.y() + panel.height() * 0.3, panel.width(), panel.height() * 0.42
    )
    painter.drawText(letter_box, Qt.AlignmentFlag.AlignCenter, card.rank.text)
    size = panel.width() * 0.26
    _draw_suit(painter, card.suit, QPointF(cx, panel.y() + panel.height() * 0.84), size, False)


def _draw_joker(painter: QPainter, rect: QRectF, w: float) -> None:
    centre = rect.center()
    star = QPolygonF()
    import math

    outer, inner = w * 0.3, w * 0.13
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        star.append(
            QPointF(centre.x() + radius * math.cos(angle), centre.y() + radius * math.sin(angle))
        )
    grad = QLinearGradient(
        centre.x() - outer, centre.y() - outer, centre.x() + outer, centre.y() + outer
    )
    grad.setColorAt(0.0, QColor("#ff4b5c"))
    grad.setColorAt(0.5, QColor("#ffd23f"))
    grad.setColorAt(1.0, QColor("#4b8bff"))
    painter.setPen(QPen(QColor(_BLACK), max(1.0, w * 0.012)))
    painter.setBrush(QBrush(grad))
    painter.drawPolygon(star)


def _paint_face(painter: QPainter, rect: QRectF, card: AnyCard) -> None:
    w = rect.width()
    radius = w * 0.07
    painter.setPen(QPen(QColor("#8a8a8a"), max(1.0, w * 0.012)))
    painter.setBrush(QColor("#fffdf8"))
    painter.drawRoundedRect(rect, radius, radius)
    if w < 34:  # too small for pips: a big centred index only
        painter.setPen(suit_color(card.suit))
        painter.setFont(_font(w * 0.42))
        text = "JK" if card.is_joker else card.rank.text
        painter.drawText(
            QRectF(rect.x(), rect.y(), w, rect.height() * 0.5), Qt.AlignmentFlag.AlignCenter, text
        )
        if not card.is_joker:
            size = w * 0.5
            _draw_suit(
                painter,
                card.suit,
                QPointF(rect.center().x(), rect.y() + rect.height() * 0.7),
                size,
                False,
            )
        return
    _draw_index(painter, card, rect, w)
    if card.is_joker:
        _draw_joker(painter, rect, w)
    elif card.rank is Rank.ACE:
        _draw_ace(painter, card, rect, w)
    elif card.rank >= Rank.JACK:
        _draw_court(painter, card, rect, w)
    else:
        _draw_pips(painter, card, rect, w)


def _paint_back(painter: QPainter, rect: QRectF, colour: str) -> None:
    w = rect.width()
    radius = w * 0.07
    base = QColor(colour)
    painter.setPen(QPen(QColor("#8a8a8a"), max(1.0, w * 0.012)))
    painter.setBrush(QColor("#fffdf8"))
    painter.drawRoundedRect(rect, radius, radius)
    inner = rect.adjusted(w * 0.06, w * 0.06, -w * 0.06, -w * 0.06)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(base)
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    # a diagonal lattice clipped to the panel
    painter.save()
    clip = QPainterPath()
    clip.addRoundedRect(inner, radius * 0.6, radius * 0.6)
    painter.setClipPath(clip)
    step = max(4.0, w * 0.1)
    pen = QPen(base.lighter(150), max(1.0, w * 0.012))
    painter.setPen(pen)
    span = inner.width() + inner.height()
    x = inner.x() - inner.height()
    while x < inner.x() + span:
        painter.drawLine(QPointF(x, inner.y()), QPointF(x + inner.height(), inner.bottom()))
        painter.drawLine(QPointF(x + inner.height(), inner.y()), QPointF(x, inner.bottom()))
        x += step
    painter.restore()
    # a central medallion
    centre = inner.center()
    r = inner.width() * 0.26
    painter.setPen(QPen(QColor("#fffdf8"), max(1.0, w * 0.02)))
    painter.setBrush(base.darker(120))
    painter.drawEllipse(centre, r, r)
    size = r * 0.9
    for i, suit in enumerate((Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)):
        dx = (-0.5 if i % 2 == 0 else 0.5) * r * 0.9
        dy = (-0.5 if i < 2 else 0.5) * r * 0.9
        box = QRectF(centre.x() + dx - size / 4, centre.y() + dy - size / 4, size / 2, size / 2)
        painter.fillPath(suit_path(suit, box), QColor("#fffdf8"))


# Cards drawn once a size, face (or back colour) and sub-pixel phase, then copied: a back is ~70
# lattice lines, two rounded panels and four suit paths, a face its index, pips or court figure
# (up to a dozen suit paths and two texts); a table repaints a dozen hands' cards at a time.
_Key = tuple[object, int, int, int, int, float]
_BACKS: OrderedDict[_Key, QPixmap] = OrderedDict()
_BACKS_KEPT = 128  # the least recently used go first
_FACES: OrderedDict[_Key, QPixmap] = OrderedDict()
_FACES_KEPT = 256  # a table's hands, field and pile at two or three sizes
_PHASES = 4  # a card's corner is placed to 1/4 of a device pixel (antialiasing as drawn there)
_MARGIN = 2  # device pixels round the card: its outline's pen reaches past the rect
_SCALE = QTransform.TransformationType.TxScale.value


def _draw_back(painter: QPainter, rect: QRectF, colour: str) -> None:
    _draw_kept(painter, rect, _BACKS, _BACKS_KEPT, colour, lambda q, r: _paint_back(q, r, colour))


def _draw_face(painter: QPainter, rect: QRectF, card: AnyCard) -> None:
    _draw_kept(painter, rect, _FACES, _FACES_KEPT, card, lambda q, r: _paint_face(q, r, card))


def _draw_kept(
    painter: QPainter,
    rect: QRectF,
    kept: OrderedDict[_Key, QPixmap],
    most: int,
    what: object,
    paint: Callable[[QPainter, QRectF], None],
) -> None:
    """`paint(painter, rect)` through a kept picture of it (`what`: the card or back colour it
    draws), the same pixels within antialiasing's rounding: on a raster device (a window, a
    pixmap, an image) where the painter only moves and scales by the screen's pixel ratio;
    drawn directly otherwise (scaled or turned, print)."""
    engine = painter.paintEngine()
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    to_device = painter.deviceTransform()
    if (
        engine is None
        or engine.type() != QPaintEngine.Type.Raster
        or to_device.type().value > _SCALE
        or abs(to_device.m11() - ratio) > 1e-9
        or abs(to_device.m22() - ratio) > 1e-9
    ):
        paint(painter, rect)
        return
    corner = to_device.map(rect.topLeft())  # in device pixels
    x = round(corner.x() * _PHASES) / _PHASES
    y = round(corner.y() * _PHASES) / _PHASES
    left, top = math.floor(x), math.floor(y)
    key = (
        what,
        round(rect.width() * ratio * _PHASES),
        round(rect.height() * ratio * _PHASES),
        round((x - left) * _PHASES),
        round((y - top) * _PHASES),
        ratio,
    )
    picture = kept.get(key)
    if picture is None:
        picture = _picture(rect.width(), rect.height(), paint, ratio, x - left, y - top)
        kept[key] = picture
        while len(kept) > most:
            kept.popitem(last=False)
    else:
        kept.move_to_end(key)
    painter.save()
    painter.setWorldTransform(QTransform())  # logical = device / ratio from here
    painter.setViewTransformEnabled(False)
    painter.drawPixmap(QPointF((left - _MARGIN) / ratio, (top - _MARGIN) / ratio), picture)
    painter.restore()


def _picture(
    width: float,
    height: float,
    paint: Callable[[QPainter, QRectF], None],
    ratio: float,
    dx: float,
    dy: float,
) -> QPixmap:
    """`paint` of a `width` x `height` (logical) card whose corner lies `dx`, `dy` device
    pixels past the picture's pixel (_MARGIN, _MARGIN), at `ratio` device pixels a logical one."""
    size_x = math.ceil(width * ratio + dx) + 2 * _MARGIN
    size_y = math.ceil(height * ratio + dy) + 2 * _MARGIN
    picture = QPixmap(size_x, size_y)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.translate(_MARGIN + dx, _MARGIN + dy)
        painter.scale(ratio, ratio)
        paint(painter, QRectF(0, 0, width, height))
    finally:
        painter.end()
    picture.setDevicePixelRatio(ratio)
    return picture


def paint_card(
    painter: QPainter,
    rect: QRectF,
    card: AnyCard | None,
    *,
    face_up: bool = True,
    selected: bool = False,
    dimmed: bool = False,
    back: str = BACK_BLUE,
) -> None:
    """Draw `card` into `rect` (its face, or the back when `face_up` is False or card is None).

    `selected` draws a gold frame and a light gold cover (the seed's "カバー"); `dimmed` greys
    the card out (not playable now). The painter's state is restored afterwards.
    """
    rect = QRectF(rect)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    # keep the card's proportions inside whatever rect we were given
    w = min(rect.width(), rect.height() / CARD_ASPECT)
    h = w * CARD_ASPECT
    card_rect = QRectF(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h)
    if card is None or not face_up:
        _draw_back(painter, card_rect, back)
    else:
        _draw_face(painter, card_rect, card)
    radius = w * 0.07
    if dimmed:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(40, 40, 48, 110))
        painter.drawRoundedRect(card_rect, radius, radius)
    if selected:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 196, 0, 70))
        painter.drawRoundedRect(card_rect, radius, radius)
        pen_w = max(2.0, w * 0.045)
        painter.setPen(QPen(_SELECT, pen_w))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        half = pen_w / 2
        painter.drawRoundedRect(card_rect.adjusted(half, half, -half, -half), radius, radius)
    painter.restore()


def card_pixmap(
    card: AnyCard | None,
    width: int,
    height: int | None = None,
    *,
    face_up: bool = True,
    selected: bool = False,
    dimmed: bool = False,
    back: str = BACK_BLUE,
    device_pixel_ratio: float = 1.0,
) -> QPixmap:
    """A transparent pixmap of one card (height defaults to width * CARD_ASPECT)."""
    if height is None:
        height = round(width * CARD_ASPECT)
    ratio = max(1.0, float(device_pixel_ratio))
    pixmap = QPixmap(max(1, round(width * ratio)), max(1, round(height * ratio)))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    try:
        paint_card(
            painter,
            QRectF(0, 0, width, height),
            card,
            face_up=face_up,
            selected=selected,
            dimmed=dimmed,
            back=back,
        )
    finally:
        painter.end()
    return pixmap
