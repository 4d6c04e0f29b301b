"""The auto-call speed during the show: + / - keys and a control-bar button with a menu.

The host sees it as seconds per ball, as a caller means it: from one ball's landing to the
next, the spin included (the controller waits that less the spin after each landing), on the
button itself and on the status line each time it changes.
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu


def speed_text(window) -> str:
    """ "自動抽選 1球 8秒" / "auto draw: 8 s per ball", with how to start it when it is off."""
    c = window.controller
    text = window.strings("auto_speed", seconds=c.auto_seconds)
    if not c.auto:
        text += window.strings("auto_speed_off_hint")
    return text


def attach_speed(window) -> None:
    """Keep the control bar's speed button showing the current seconds per ball."""
    button = window.controls.buttons["speed"]

    def relabel(*_args) -> None:
        button.setText(window.strings("btn_speed", seconds=window.controller.auto_seconds))
        button.setToolTip(speed_text(window))

    window.controller.auto_seconds_changed.connect(relabel)
    window.controller.auto_changed.connect(relabel)
    relabel()


def change_speed(window, faster: bool) -> None:
    """The + (faster: fewer seconds) and - keys; said on the host's status line."""
    if faster:
        window.controller.faster()
    else:
        window.controller.slower()
    window.show_notice(speed_text(window), "info", 4000)


def open_speed_menu(window):
    """The speed button: every step as seconds per ball, the current one checked."""
    menu = QMenu(window)
    current = window.controller.auto_seconds
    for seconds in window.controller.steps():
        action = QAction(window.strings("auto_speed_item", seconds=seconds), menu)
        action.setCheckable(True)
        action.setChecked(seconds == current)
        action.triggered.connect(lambda _checked=False, s=seconds: _choose(window, s))
        menu.addAction(action)
    button = window.controls.buttons["speed"]
    menu.popup(button.mapToGlobal(button.rect().topLeft()))
    window.speed_menu = menu  # tests pick an entry from it
    return menu


def _choose(window, seconds: float) -> None:
    window.controller.set_auto_seconds(seconds)
    window.show_notice(speed_text(window), "info", 4000)
