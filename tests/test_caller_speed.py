"""The auto-call speed changes on screen during the show: + / - keys and the control bar."""

from __future__ import annotations

import dataclasses

import pytest
from caller_support import open_show
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from bingo.config import load_config
from bingo.session import DrawSession


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    display = dataclasses.replace(base.display, spin_seconds=0.2, sound=False, voice=False)
    return dataclasses.replace(base, display=display)


@pytest.fixture
def window(qtbot, config, tmp_path):
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=3)
    return open_show(qtbot, session, config, size=(1024, 768), start=False)


def test_plus_and_minus_change_the_seconds_per_ball_and_say_it(qtbot, window):
    c = window.controller
    assert c.auto_seconds == 8
    qtbot.keyClick(window, Qt.Key.Key_Plus)
    assert c.auto_seconds == 6
    assert window.notice_text == "自動抽選の間隔：1球 6秒（A で開始）"
    qtbot.keyClick(window, Qt.Key.Key_Minus)
    qtbot.keyClick(window, Qt.Key.Key_Minus)
    assert c.auto_seconds == 10
    qtbot.keyClick(window, Qt.Key.Key_BracketRight)  # ] is faster too (keyboards without +)
    assert c.auto_seconds == 8
    for _ in range(20):
        qtbot.keyClick(window, Qt.Key.Key_Plus)
    assert c.auto_seconds == 3  # the fastest step, never below
    assert window.controls.buttons["speed"].text() == "3秒"


def test_a_new_speed_applies_at_once_while_auto_mode_runs(qtbot, window):
    c = window.controller
    qtbot.keyClick(window, Qt.Key.Key_A)
    qtbot.waitUntil(lambda: len(c.revealed) == 1, timeout=5000)  # the first draw comes quickly
    assert c._auto_timer.isActive() and c._auto_timer.interval() == 8000
    qtbot.keyClick(window, Qt.Key.Key_Minus)
    assert c._auto_timer.isActive() and c._auto_timer.interval() == 10000
    assert "自動抽選 1球10秒" == window.strings(
        "auto_on", seconds=c.auto_seconds
    )  # the host sees seconds per ball
    qtbot.keyClick(window, Qt.Key.Key_A)


def test_the_control_bar_button_shows_the_speed_and_its_menu_sets_it(qtbot, window):
    button = window.controls.buttons["speed"]
    assert button.text() == "8秒"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    menu = window.speed_menu
    assert isinstance(menu, QMenu)
    labels = [a.text() for a in menu.actions()]
    assert "1球 8秒" in labels and [a.isChecked() for a in menu.actions()].count(True) == 1
    next(a for a in menu.actions() if a.text() == "1球 4秒").trigger()
    assert window.controller.auto_seconds == 4 and button.text() == "4秒"
    menu.close()


def test_a_launch_speed_off_the_steps_is_kept_and_listed(qtbot, config, tmp_path):
    session = DrawSession.open(config, tmp_path / "k.jsonl", seed=3)
    window = open_show(qtbot, session, config, start=False, auto_seconds=7)
    window.controller.set_auto(False)
    assert window.controls.buttons["speed"].text() == "7秒"
    window.controller.faster()
    assert window.controller.auto_seconds == 6


def test_the_help_lists_the_callers_keys_in_both_languages():
    from bingo.ui.help import KEYS
    from bingo.ui.texts import EN, JA

    listed = dict((text, keys) for keys, text in KEYS)
    assert listed["key_speed"] == "+ / −" and listed["key_voice"] == "S"
    assert listed["key_manual"].startswith("0-9 Enter")
    for key in ("key_speed", "key_voice", "key_manual"):
        assert JA[key] and EN[key] and JA[key] != EN[key]
