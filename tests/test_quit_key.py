"""Issue 41 item 8: a quit key with a confirmation. Ctrl+Q on the projector (and in the operator
window) asks with the in-window confirm overlay; No keeps the show, Yes closes it, and the
journal holds every draw (the next show resumes from it). The help lists the key."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import Qt, QTimer

from bingo.config import load_config
from bingo.journal import verify_journal
from bingo.session import DrawSession
from bingo.ui.display import DisplayWindow
from bingo.ui.help import KEYS
from bingo.ui.operator import OperatorWindow
from bingo.ui.texts import texts

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    return dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False, voice=False)
    )


def _show(qtbot, config, path) -> tuple[DrawSession, DisplayWindow]:
    session = DrawSession.open(config, path, seed=7)
    window = DisplayWindow(
        session, config, probability_module="bingo.probability", odds_mode="thread"
    )
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    return session, window


def _draw(qtbot, window) -> int:
    qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: not window.controller.spinning, timeout=5000)
    return window.controller.revealed[-1]


def _answer_when_asked(qtbot, overlay, key: Qt.Key, asked: list[str]) -> None:
    """Answer the overlay's question with `key` once it shows (its own event loop runs then)."""

    def answer() -> None:
        if not overlay.isVisible():
            QTimer.singleShot(10, answer)
            return
        asked.append(overlay.title)
        qtbot.keyClick(overlay, key)

    QTimer.singleShot(0, answer)


def test_ctrl_q_asks_in_the_window_and_no_keeps_the_show(qtbot, config, tmp_path):
    session, window = _show(qtbot, config, tmp_path / "night.jsonl")
    drawn = [_draw(qtbot, window) for _ in range(2)]
    asked: list[str] = []
    _answer_when_asked(qtbot, window.confirm_overlay, Qt.Key.Key_N, asked)
    qtbot.keyClick(window, Qt.Key.Key_Q, CTRL)
    assert asked == [texts("ja")("confirm_quit_title")]
    assert window.isVisible() and not window.confirm_overlay.isVisible()
    assert session.history == drawn
    qtbot.keyClick(window, Qt.Key.Key_Q)  # Q alone is no key of the show
    assert window.isVisible() and len(asked) == 1
    session.close()


def test_ctrl_q_yes_closes_the_show_with_its_journal_whole(qtbot, config, tmp_path):
    path = tmp_path / "night.jsonl"
    session, window = _show(qtbot, config, path)
    drawn = [_draw(qtbot, window) for _ in range(3)]
    asked: list[str] = []
    _answer_when_asked(qtbot, window.confirm_overlay, Qt.Key.Key_Y, asked)
    qtbot.keyClick(window, Qt.Key.Key_Q, CTRL)
    assert len(asked) == 1
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    session.close()
    assert verify_journal(path).ok
    assert DrawSession.open(config, path).history == drawn  # the next show resumes here


def test_ctrl_q_in_the_operator_window_asks_there_and_closes_both(qtbot, config, tmp_path):
    session, window = _show(qtbot, config, tmp_path / "night.jsonl")
    operator = OperatorWindow(window)
    qtbot.addWidget(operator)
    window.operator = operator
    window.controller.confirm = operator.confirm_overlay.ask  # as bingo draw attaches it
    operator.show()
    qtbot.waitExposed(operator)
    drawn = _draw(qtbot, window)
    asked: list[str] = []
    _answer_when_asked(qtbot, operator.confirm_overlay, Qt.Key.Key_Y, asked)
    qtbot.keyClick(operator, Qt.Key.Key_Q, CTRL)
    assert asked == [texts("ja")("confirm_quit_title")]
    qtbot.waitUntil(lambda: not window.isVisible() and not operator.isVisible(), timeout=5000)
    session.close()
    assert DrawSession.open(config, tmp_path / "night.jsonl").history == [drawn]


@pytest.mark.parametrize("language", ["ja", "en"])
def test_the_help_lists_the_quit_key_in_both_languages(language):
    assert ("Ctrl+Q", "key_quit") in KEYS
    strings = texts(language)
    for key in ("key_quit", "confirm_quit_title", "confirm_quit"):
        assert key in strings.table  # its own text, not the Japanese fallback
        assert (language == "ja") == any(ord(ch) > 0x3000 for ch in strings(key))
