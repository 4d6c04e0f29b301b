"""Issue 35 item 6: Japanese lines break between phrases (BudouX), never inside a word
(「スマホでカー/ドを見よう」, 「止ま/る)」, 「確/認)」): on the projector, the help and the card
check every word-wrapped text is laid out with breaks only between phrases."""

from __future__ import annotations

import pytest
from projector_support import (
    FAKE_ENGINE,
    SCREENS,
    install_fake_engine,
    resize_to,
    screens_in_turn,
)
from test_projector_readability import after_draws, announce, open_show

from bingo.ui.phrases import keep_phrases, phrases, plain
from bingo.ui.textcheck import broken_words, grab_text, text_problems


@pytest.fixture(autouse=True)
def fake_engine():
    import sys

    yield install_fake_engine()
    sys.modules.pop(FAKE_ENGINE, None)


def test_phrases_split_as_a_reader_would():
    assert phrases("スマホでカードを見よう") == ["スマホで", "カードを", "見よう"]
    assert phrases("(Space で止まる)")[-1] == "止まる)"  # a closing mark stays with its phrase
    assert phrases("つながりました") == ["つながりました"]
    for text in ("スマホでカードを見よう", "Auto: 8 s per ball", "1等 お米 5kg\n2等"):
        assert "".join(phrases(text.replace("\n", ""))) == text.replace("\n", "")
        assert plain(keep_phrases(text)) == text


@pytest.mark.parametrize("board", [(4, 10, False), (10, 15, False)], ids=["4x10", "10x15"])
def test_the_help_and_the_show_break_lines_between_phrases(qtbot, tmp_path, board, output_dir):
    """The help, then 5 draws in, on every screen (one window, resized through them; the fast
    tier: one screen a board)."""
    screens = screens_in_turn([(4, 10, False), (10, 15, False)].index(board))
    window = open_show(qtbot, tmp_path, board, screens[0])
    for screen in screens:
        resize_to(qtbot, window, screen)
        window.open_help()
        entries = grab_text(window)
        assert broken_words(entries) == [], screen
        assert text_problems(entries, screen[1]) == [], screen
        if screen == (1024, 768) and board[0] == 4:
            window.grab().save(str(output_dir / "help_phrase_breaks_1024x768.png"))
        window.help.close_view()
    after_draws(qtbot, window, 5)
    for screen in screens:
        resize_to(qtbot, window, screen)
        announce(window, 5)
        assert broken_words(grab_text(window)) == [], screen


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_restore_toast_takes_two_lines_at_most(qtbot, tmp_path, language):
    """Issue 35 item 6: the restore toast was 3-4 lines over the curve. On every screen (one
    window, resized through them)."""
    from bingo.ui.textcheck import wrapped_lines

    window = open_show(qtbot, tmp_path, (5, 15, True), SCREENS[0], language)
    after_draws(qtbot, window, 3)
    s = window.strings
    for screen in SCREENS:
        resize_to(qtbot, window, screen)
        for text in (s("resumed", n=20) + " — " + s("torn_line"), s("resumed", n=120)):
            window.show_banner(text, 60000)
            entries = grab_text(window, window.banner)
            drawn = [e for e in entries if e["text"] in text]
            lines = sum(
                len(wrapped_lines(e)) if e["flags"] & 0x1000 else 1 for e in drawn
            )  # Qt.TextWordWrap
            assert drawn and lines <= 2, (screen, text, [e["text"] for e in drawn])
            assert text_problems(drawn, screen[1]) == [], screen
