"""Operator window, sound fallback, screen choice and the reel on its own."""

from __future__ import annotations

import dataclasses
import wave

import pytest
from PySide6.QtCore import Qt

from bingo.config import load_config
from bingo.session import DrawSession
from bingo.ui.command import show_windows
from bingo.ui.display import DisplayWindow
from bingo.ui.numberart import ArtCache
from bingo.ui.operator import OperatorWindow
from bingo.ui.reel import SlotReel
from bingo.ui.sound import Sound, write_sounds
from bingo.ui.texts import texts


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    return dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )


def test_operator_window_drives_the_show(qtbot, config, tmp_path, output_dir):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=9)
    display = DisplayWindow(
        session,
        config,
        confirm=lambda title, text: True,
        probability_module="no_such_engine_module",
    )
    qtbot.addWidget(display)
    operator = OperatorWindow(display)
    display.operator = operator
    qtbot.addWidget(operator)
    display.show()
    operator.show()
    qtbot.keyClick(operator, Qt.Key.Key_Space)
    assert display.controller.spinning
    # The operator sees the number at once; the audience when the reel lands.
    assert operator.last_label.text().endswith(str(session.history[0]))
    qtbot.waitUntil(lambda: not display.controller.spinning, timeout=5000)
    operator.buttons["draw"].click()
    qtbot.waitUntil(lambda: not display.controller.spinning, timeout=5000)
    assert operator.history.count() == 2
    assert operator.history.item(0).text().endswith(str(session.history[1]))
    operator.buttons["undo"].click()
    assert operator.history.count() == 1 and len(session.history) == 1
    display.warn("test warning")
    assert "test warning" in operator.log.toPlainText()
    assert "test warning" not in display.notice_text  # kept off the projector
    operator.grab().save(str(output_dir / "draw_operator_window.png"))


def test_audience_screen_that_does_not_exist_falls_back_with_a_warning(qtbot, config, tmp_path):
    config = dataclasses.replace(
        config, display=dataclasses.replace(config.display, audience_screen=7)
    )
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=9)
    display = DisplayWindow(
        session, config, probability_module="no_such_engine_module", odds_mode="thread"
    )
    qtbot.addWidget(display)
    operator = show_windows(display, config, operator=True, full_screen=False)
    qtbot.addWidget(operator)
    # Offscreen Qt has one screen: the operator window says so (a bad index is then moot).
    assert operator.single_screen and operator.single_screen_box.isVisible()
    assert display.isVisible() and operator.isVisible()


def test_sound_failure_is_a_warning_and_wavs_are_valid(tmp_path):
    files = write_sounds(tmp_path / "sounds")
    for path in files.values():
        with wave.open(str(path)) as f:
            assert f.getnframes() > 1000 and f.getframerate() == 44100
    warnings = []
    sound = Sound(True, warnings.append, folder=tmp_path / "sounds")
    sound.tick()
    sound.chime()  # never raises, whether or not an audio backend exists
    assert sound.enabled or (warnings and "効果音オフ" in warnings[0])  # Japanese by default
    english = Sound(True, warnings.append, folder=tmp_path / "sounds", language="en")
    assert english.enabled or "sound off" in warnings[-1]
    assert not Sound(False, warnings.append).enabled


def test_reel_lands_on_the_number_it_was_given(qtbot, config):
    warnings = []
    art = ArtCache(config, warnings.append)
    reel = SlotReel(art, "#ffb300", 0.3, texts("ja"))
    qtbot.addWidget(reel)
    reel.resize(800, 800)
    reel.show()
    ticks = []
    reel.tick.connect(lambda: ticks.append(1))
    # The spin runs on the wall clock (0.3 s): on a busy machine its frames are few and late,
    # so the wait is generous and a tick (a picture passed) is all that shows it spun.
    with qtbot.waitSignal(reel.landed, timeout=30000) as blocker:
        reel.spin_to(17, 1)
        assert reel.spinning and reel.shown_number is None
    assert blocker.args == [17]
    assert reel.shown_number == 17 and ticks
    reel.spin_to(3, 2)
    reel.land_now()
    assert not reel.spinning and reel.shown_number == 3


def test_missing_images_give_one_warning_and_plain_cells(qtbot, config, tmp_path):
    board = dataclasses.replace(config.board, image_dir=tmp_path)
    config = dataclasses.replace(config, board=board)
    warnings = []
    art = ArtCache(config, warnings.append)
    pixmap = art.cell(5, 120, 120)
    assert not pixmap.isNull()
    assert len(warnings) == 1 and "40 of 40" in warnings[0]


def test_board_lit_incrementally_looks_like_a_full_render(qtbot, config):
    from bingo.ui.board import HistoryBoard

    art = ArtCache(config)
    board = HistoryBoard(art, "#ffb300", texts("ja"))
    qtbot.addWidget(board)
    board.resize(1000, 420)
    board.show()
    board.grab()  # first full render
    for n in (5, 17, 40, 23):
        board.set_drawn([*board.drawn, n])  # the landing path: one cell lit on the cache
    incremental = board.grab().toImage()
    board.invalidate()
    full = board.grab().toImage()
    assert board.drawn == [5, 17, 40, 23] and board.last == 23
    assert incremental == full
    board.set_drawn([5, 17])  # undo: a full render
    assert board.grab().toImage() != full


def test_an_odds_label_on_one_line_keeps_its_words_apart():
    """The odds rows show a two-line label on one line when it fits: English keeps a space
    where the line broke ("a card has", once "cardhas"), Japanese joins without one."""
    from bingo.ui.odds_figures import joined_line
    from bingo.ui.texts import EN, JA

    assert joined_line(EN["p_bingo_now"]) == "Chance a card has a bingo now"
    assert joined_line(JA["p_bingo_now"]) == "1枚のカードがいまビンゴの確率"
