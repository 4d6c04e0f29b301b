"""Card backs and faces are drawn once a size and copied after (games.common.qt.painter's
_draw_kept): a back is ~70 lattice lines, two rounded panels and four suit paths, a face its
index and pips or figure, and a Daifugō table repaints five opponents' hands of backs and the
player's hand of faces (issue 40: the Qt games' tests spent most of their paint time there, a
quarter of it on faces). The copy must look as the card drawn in place: same pixels within antialiasing's
rounding, at any sub-pixel place, at a screen's pixel ratio, and drawn directly when the
painter is turned or scaled."""

from __future__ import annotations

import numpy as np
import pytest

TABLE = "#1b5e20"  # a felt green under the cards, as the games' tables have


@pytest.fixture
def painter_module(qapp, monkeypatch):
    from games.common.qt import painter

    monkeypatch.setattr(painter, "_BACKS", type(painter._BACKS)())  # none kept from before
    monkeypatch.setattr(painter, "_FACES", type(painter._FACES)())
    return painter


def _image(width, height, ratio=1.0):
    from PySide6.QtGui import QColor, QImage

    image = QImage(round(width * ratio), round(height * ratio), QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor(TABLE))
    return image


def _paint(image, draw):
    from PySide6.QtGui import QPainter

    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        draw(painter)
    finally:
        painter.end()
    return image


def _difference(one, other) -> tuple[int, float]:
    """The largest channel difference of two images and the share of pixels differing by more
    than 24. Measured on a 71 px back: a back drawn in place 1/8 px further differs in 2.1 % of
    its pixels, 1/4 px 5.5 %, 1 px 15-17 %; drawn in place a whole pixel further, up to 4 % (the
    lattice's long clipped lines are not rasterised quite the same at every place)."""
    assert one.size() == other.size()
    a, b = _pixels(one), _pixels(other)
    channels = np.abs(a[..., :3].astype(int) - b[..., :3].astype(int)).max(axis=2)
    return int(channels.max()), float((channels > 24).mean())


def _pixels(image) -> np.ndarray:
    """An ARGB32 image's pixels as a height x width x 4 array (B, G, R, A on little endian)."""
    line = image.bytesPerLine()
    data = np.frombuffer(bytes(image.constBits()), np.uint8).reshape(image.height(), line)
    return data[:, : image.width() * 4].reshape(image.height(), image.width(), 4)


@pytest.mark.parametrize("ratio", [1.0, 2.0])
@pytest.mark.parametrize("corner", [(10, 12), (10.25, 12.5), (10.4, 11.9), (33.7, 20.13)])
def test_a_kept_back_looks_as_the_back_drawn_in_place(painter_module, ratio, corner):
    from PySide6.QtCore import QRectF

    p = painter_module
    rect = QRectF(corner[0], corner[1], 71.3, 71.3 * p.CARD_ASPECT)
    direct = _paint(_image(130, 150, ratio), lambda q: p._paint_back(q, rect, p.BACK_BLUE))
    kept = _paint(_image(130, 150, ratio), lambda q: p.paint_card(q, rect, None))
    assert len(p._BACKS) == 1  # it went through the kept picture
    largest, share = _difference(direct, kept)
    assert share < 0.05, f"{share:.1%} of the pixels differ (largest {largest})"
    again = _paint(_image(130, 150, ratio), lambda q: p.paint_card(q, rect, None))
    assert _difference(kept, again) == (0, 0.0)  # the kept copy, pixel for pixel


def test_a_back_is_drawn_once_a_size_colour_and_place(painter_module, monkeypatch):
    from PySide6.QtCore import QRectF

    p = painter_module
    drawn = []
    real = p._paint_back
    monkeypatch.setattr(p, "_paint_back", lambda *a: (drawn.append(a[1:]), real(*a)))
    image = _image(400, 200)

    def hand(q):  # a row of backs a whole pixel step apart: one phase, one size
        for i in range(6):
            p.paint_card(q, QRectF(10 + i * 30, 10, 60, 84), None)
        p.paint_card(q, QRectF(10, 100, 60, 84), None, back=p.BACK_RED)

    _paint(image, hand)
    _paint(image, hand)  # the next repaint: all kept
    assert len(drawn) == 2 and len(p._BACKS) == 2  # blue and red
    _paint(image, lambda q: p.paint_card(q, QRectF(10.5, 10, 60, 84), None))  # half a pixel on
    assert len(drawn) == 3


def test_a_turned_or_scaled_painter_draws_the_back_itself(painter_module, monkeypatch):
    from PySide6.QtCore import QRectF

    p = painter_module
    drawn = []
    real = p._paint_back
    monkeypatch.setattr(p, "_paint_back", lambda *a: (drawn.append(1), real(*a)))

    def turned(q):
        q.translate(100, 60)
        q.rotate(12)
        p.paint_card(q, QRectF(-30, -42, 60, 84), None)

    def scaled(q):
        q.scale(1.5, 1.5)
        p.paint_card(q, QRectF(10, 10, 60, 84), None)

    for draw in (turned, scaled):
        _paint(_image(200, 200), draw)
    assert len(drawn) == 2 and not p._BACKS


def test_the_kept_copy_leaves_the_painter_as_it_was(painter_module):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor

    p = painter_module

    def draw(q):
        q.translate(5, 7)
        q.setPen(QColor("#123456"))
        view = q.viewTransformEnabled()
        p.paint_card(q, QRectF(10, 10, 60, 84), None)
        assert len(p._BACKS) == 1  # through the kept picture
        assert (q.worldTransform().dx(), q.worldTransform().dy()) == (5, 7)
        assert q.pen().color().name() == "#123456" and q.viewTransformEnabled() == view

    _paint(_image(120, 120), draw)


def _faces():
    from games.common.cards import Card, Joker, Rank, Suit

    return [
        Card(Rank.ACE, Suit.SPADES),  # the big ace
        Card(Rank.SEVEN, Suit.HEARTS),  # pips
        Card(Rank.KING, Suit.CLUBS),  # a court figure
        Joker(),
    ]


@pytest.mark.parametrize("ratio", [1.0, 2.0])
@pytest.mark.parametrize("corner", [(10, 12), (10.25, 12.5), (33.7, 20.13)])
@pytest.mark.parametrize("width", [71.3, 30.0])  # 30: too small for pips, the big index only
def test_a_kept_face_looks_as_the_face_drawn_in_place(painter_module, ratio, corner, width):
    """Measured: at most 0.8 % of a face's pixels differ by more than 24 (its text and pips
    antialiased at the quarter-pixel place)."""
    from PySide6.QtCore import QRectF

    p = painter_module
    rect = QRectF(corner[0], corner[1], width, width * p.CARD_ASPECT)
    for card in _faces():
        direct = _paint(_image(130, 150, ratio), lambda q, card=card: p._paint_face(q, rect, card))
        kept = _paint(_image(130, 150, ratio), lambda q, card=card: p.paint_card(q, rect, card))
        largest, share = _difference(direct, kept)
        assert share < 0.02, f"{card}: {share:.1%} of the pixels differ (largest {largest})"
        again = _paint(_image(130, 150, ratio), lambda q, card=card: p.paint_card(q, rect, card))
        assert _difference(kept, again) == (0, 0.0)  # the kept copy, pixel for pixel
    assert len(p._FACES) == len(_faces())  # each went through its kept picture


def test_a_face_is_drawn_once_a_card_size_and_place(painter_module, monkeypatch):
    from PySide6.QtCore import QRectF

    p = painter_module
    drawn = []
    real = p._paint_face
    monkeypatch.setattr(p, "_paint_face", lambda *a: (drawn.append(a[2]), real(*a)))
    seven, king = _faces()[1:3]

    def hand(q):  # sevens a whole pixel step apart: one phase, one size; a king; a selected one
        for i in range(6):
            p.paint_card(q, QRectF(10 + i * 30, 10, 60, 84), seven)
        p.paint_card(q, QRectF(10, 100, 60, 84), king, selected=True, dimmed=True)

    _paint(_image(400, 200), hand)
    _paint(_image(400, 200), hand)  # the next repaint: all kept
    assert drawn == [seven, king]
    _paint(_image(400, 200), lambda q: p.paint_card(q, QRectF(10.5, 10, 60, 84), seven))
    _paint(_image(400, 200), lambda q: p.paint_card(q, QRectF(10, 10, 50, 70), seven))
    assert drawn == [seven, king, seven, seven]  # half a pixel on, and another size
