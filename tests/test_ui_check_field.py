"""Issue 35 item 5: the card-check field showed 「013-PMZEC」 for No.0013-PMZEC (scrolled, the
start cut). bingo.ui.textcheck.line_edit_problems measures a field: the text typed is all in view
and its font is at least 2.5 % of the height."""

from __future__ import annotations

import pytest
from projector_support import FAKE_ENGINE, SCREENS, board_config, install_fake_engine

from bingo.session import DrawSession
from bingo.ui.display import DisplayWindow
from bingo.ui.textcheck import line_edit_problems


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_check_field_shows_the_whole_phone_code(qtbot, tmp_path, screen):
    install_fake_engine()
    config = board_config(5, 15, True)
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=5)
    window = DisplayWindow(session, config, probability_module=FAKE_ENGINE, odds_mode="thread")
    qtbot.addWidget(window)
    window.resize(*screen)
    window.show()
    qtbot.waitExposed(window)
    window.card_view.open()
    field = window.card_view.input
    for code in ("No.0013-PMZEC", "No.8888-WWWWW", "13"):
        field.clear()
        qtbot.keyClicks(field, code)
        assert field.text() == code
        assert line_edit_problems(field, screen[1]) == [], code
    window.close()
    session.close()


def test_the_measure_sees_a_scrolled_field(qtbot):
    from PySide6.QtWidgets import QLineEdit

    field = QLineEdit()
    qtbot.addWidget(field)
    field.resize(80, 30)
    field.show()
    qtbot.waitExposed(field)
    field.setText("No.0013-PMZEC-PMZEC")
    field.setCursorPosition(len(field.text()))
    assert line_edit_problems(field, 600)  # cut: what textcheck must catch
