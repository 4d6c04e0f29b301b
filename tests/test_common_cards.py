"""Shared card types (games/common/cards.py) and the procedural Qt card painter."""

from __future__ import annotations

import random
import sys

import pytest

from games.common.cards import (
    JOKER,
    Card,
    CardParseError,
    Joker,
    Rank,
    Suit,
    deck_32,
    deck_52,
    deck_53,
    parse_card,
    parse_cards,
    shuffled,
)

# ---------------------------------------------------------------- cards


def test_text_form_round_trips_for_every_card():
    for card in deck_53():
        assert parse_card(str(card)) == card
    for card in deck_52():
        assert Card.parse(str(card)) == card
    assert str(Card.parse("10H")) == "10H"
    assert Card.parse("10h") == Card(Rank.TEN, Suit.HEARTS)
    assert Card.parse(" qs ") == Card(Rank.QUEEN, Suit.SPADES)
    assert parse_card("JK") is JOKER and str(JOKER) == "JK" and parse_card("joker") == Joker()
    assert parse_card("10h") == Card(Rank.TEN, Suit.HEARTS)
    assert repr(Card.parse("AC")) == "Card('AC')"


@pytest.mark.parametrize("text", ["", "H", "1H", "11H", "10X", "ZZ", "AJ", "10"])
def test_bad_card_text_says_the_accepted_form(text):
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert isinstance(info.value, ValueError)
    assert "10H" in str(info.value) or "rank" in str(info.value)
    with pytest.raises(CardParseError):
        parse_card(text)


def test_the_joker_is_a_value_of_its_own_not_a_plain_card():
    """A plain card's rank and suit are never None; games without the joker refuse its code."""
    assert not isinstance(JOKER, Card) and JOKER.is_joker and not Card.parse("2S").is_joker
    assert JOKER.rank is None and JOKER.suit is None  # code that asks any card still can
    assert all(c.rank is not None and c.suit is not None for c in deck_52())
    with pytest.raises(CardParseError, match="joker"):
        Card.parse("JK")
    with pytest.raises(CardParseError, match="or JK"):
        parse_card("ZZ")
    assert JOKER != Card(Rank.TWO, Suit.SPADES) and len({JOKER, Joker(), parse_card("JK")}) == 1


def test_decks():
    d32, d52, d53 = deck_32(), deck_52(), deck_53()
    assert len(d32) == len(set(d32)) == 32
    assert {c.rank for c in d32} == {r for r in Rank if r >= Rank.SEVEN}
    assert len(d52) == len(set(d52)) == 52 and len(d53) == 53
    assert sum(c.is_joker for c in d53) == 1
    assert set(d32) < set(d52) < set(d53)


def test_seeded_shuffle_is_repeatable_and_leaves_the_input_alone():
    deck = deck_32()
    a = shuffled(deck, random.Random(5))
    b = shuffled(deck, random.Random(5))
    assert a == b and a != deck and sorted(a) == sorted(deck)
    assert deck == deck_32()
    assert shuffled(deck, random.Random(6)) != a


def test_suits_ranks_and_parse_cards():
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red and not Suit.CLUBS.is_red
    assert [s.symbol for s in Suit] == ["♠", "♥", "♦", "♣"]
    assert Rank.parse("a") is Rank.ACE and Rank.TEN.text == "10" and str(Rank.KING) == "K"
    assert parse_cards(["7C", Card.parse("8C")]) == [Card.parse("7C"), Card.parse("8C")]
    assert Card.parse("7C") < Card.parse("8C")  # ordered (sorting hands for display)
    assert Card.parse("JS") < Card.parse("JH") < Card.parse("JD") < Card.parse("JC")
    assert sorted(deck_52(), reverse=True)[0] == Card.parse("AC")


# ---------------------------------------------------------------- painter


@pytest.fixture
def qt(qapp):
    from games.common.qt import painter

    return painter


def _count(image, predicate) -> int:
    hits = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            if predicate(image.pixelColor(x, y)):
                hits += 1
    return hits


def _red(c) -> bool:
    return c.alpha() > 200 and c.red() > 150 and c.green() < 90 and c.blue() < 90


def _dark(c) -> bool:
    return c.alpha() > 200 and c.red() < 60 and c.green() < 60 and c.blue() < 60


def test_card_pixmap_size_and_transparent_corners(qt):
    pix = qt.card_pixmap(Card.parse("AS"), 100)
    assert (pix.width(), pix.height()) == (100, 140)
    image = pix.toImage()
    assert image.pixelColor(0, 0).alpha() == 0  # rounded corner
    assert image.pixelColor(50, 70).alpha() == 255
    hi = qt.card_pixmap(Card.parse("AS"), 100, device_pixel_ratio=2.0)
    assert hi.width() == 200 and hi.devicePixelRatio() == 2.0


def test_red_suits_are_red_and_black_suits_black(qt):
    heart = qt.card_pixmap(Card.parse("9H"), 120).toImage()
    spade = qt.card_pixmap(Card.parse("9S"), 120).toImage()
    assert _count(heart, _red) > 200 and _count(heart, _dark) < 20
    assert _count(spade, _dark) > 200 and _count(spade, _red) == 0


def test_every_card_face_is_drawn_and_distinct(qt):
    seen = set()
    for card in deck_53():
        image = qt.card_pixmap(card, 60).toImage()
        key = bytes(image.constBits())
        assert key not in seen, f"{card} looks like another card"
        seen.add(key)


def test_back_selected_and_dimmed_change_the_look(qt):
    card = Card.parse("QD")
    face = qt.card_pixmap(card, 80).toImage()
    back = qt.card_pixmap(card, 80, face_up=False).toImage()
    none_back = qt.card_pixmap(None, 80).toImage()
    assert bytes(back.constBits()) == bytes(none_back.constBits())
    assert bytes(back.constBits()) != bytes(face.constBits())
    blue = _count(back, lambda c: c.blue() > 120 and c.red() < 80)
    red_back = qt.card_pixmap(None, 80, back=qt.BACK_RED).toImage()
    assert blue > 300 and _count(red_back, lambda c: c.blue() > 120 and c.red() < 80) < 10
    selected = qt.card_pixmap(card, 80, selected=True).toImage()
    gold = _count(selected, lambda c: c.red() > 230 and 150 < c.green() < 215 and c.blue() < 80)
    assert gold > 50
    dimmed = qt.card_pixmap(card, 80, dimmed=True).toImage()
    assert dimmed.pixelColor(40, 100).lightness() < face.pixelColor(40, 100).lightness()


def test_sharp_at_any_size(qt):
    for width in (16, 30, 45, 90, 400):
        image = qt.card_pixmap(Card.parse("AH"), width).toImage()
        assert image.width() == width and _count(image, _red) > 0
    big = qt.card_pixmap(Card.parse("AH"), 400).toImage()
    assert _red(big.pixelColor(200, 280))  # the big centre heart is solid colour


def test_paint_card_restores_the_painter(qt):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QPainter, QPen, QPixmap

    pix = QPixmap(100, 140)
    painter = QPainter(pix)
    painter.setPen(QPen(QColor("#123456"), 3))
    qt.paint_card(painter, QRectF(0, 0, 100, 140), Card.parse("KC"), selected=True)
    assert painter.pen().color().name() == "#123456" and painter.pen().width() == 3
    painter.end()


def test_suit_paths_fit_their_box(qt):
    from PySide6.QtCore import QRectF

    box = QRectF(10, 20, 50, 50)
    for suit in Suit:
        bounds = qt.suit_path(suit, box).boundingRect()
        assert bounds.width() > 30 and bounds.height() > 40
        assert box.adjusted(-1, -1, 1, 1).contains(bounds)


def test_none_refcount_guard_keeps_python_alive(qt):
    from PySide6.QtCore import QPointF

    point = QPointF()
    for _ in range(20_000):  # would abort the interpreter on an unguarded buggy build
        point.setX(1.0)
    assert sys.getrefcount(None) > 1000
