"""The Qt Daifugō table says a seat's cards in English with the right number: "1 card", "2 cards"
(issue 43's small points: it said "1 cards"); Japanese has one word, 「1枚」."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_seat_with_one_card_is_said_in_the_singular(qapp, language):
    from PySide6.QtGui import QImage, QPainter
    from textboxes import painted_texts

    from eventkit.i18n import Texts
    from games.daifugo.chips import ChipBank
    from games.daifugo.game import Game
    from games.daifugo.qt.layout import TableLayout
    from games.daifugo.qt.painting import Marks, paint_table
    from games.daifugo.ruleset import Rules
    from games.daifugo.table import TableSession
    from games.daifugo.texts import TEXTS

    session = TableSession(players=4, seed=3, bank=ChipBank(), delay_ms=0, language=language)
    session.start_game()
    hands = [["3S", "4S", "5S"], ["9H"], ["6D", "7D"], ["8C", "10C", "JC"]]
    session.load(Game.new(rules=Rules.preset(1), hands=hands))
    image = QImage(1280, 720, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    with painted_texts(skip=("paint_card",)) as painted:
        paint_table(
            painter, session, Texts(TEXTS, language), Marks(seat=0), TableLayout(1280, 720, 4)
        )
    painter.end()
    said = [t.text for t in painted]
    if language == "en":
        assert "1 card" in said and "1 cards" not in said, said
        assert "2 cards" in said and "3 cards" in said, said
    else:
        assert "1枚" in said and "2枚" in said, said
