"""The show's hidden overlays (card check, help, claims, winners) are made when first asked for,
not before the first frame, and then work as if made with the window."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QWidget

from bingo.config import load_config
from bingo.session import DrawSession
from bingo.ui.display import OVERLAYS, DisplayWindow


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")
    return dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )


class Painted(QObject):
    """Notes the window's first paint."""

    def __init__(self) -> None:
        super().__init__()
        self.seen = False

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.seen = True
        return False


def shown(qtbot, config, tmp_path, **kwargs) -> DisplayWindow:
    session = DrawSession.open(config, tmp_path / "j.jsonl", seed=3)
    window = DisplayWindow(session, config, odds_mode="thread", **kwargs)
    qtbot.addWidget(window)
    painted = Painted()
    window.installEventFilter(painted)
    window.resize(1280, 720)
    window.show()
    qtbot.waitUntil(lambda: painted.seen)  # the first frame
    window.removeEventFilter(painted)
    return window


def test_no_overlay_is_made_for_the_first_frame_nor_by_other_keys(qtbot, config, tmp_path):
    window = shown(qtbot, config, tmp_path)
    assert window.made_overlays() == []
    qtbot.keyClick(window, Qt.Key.Key_Space)  # a draw: the keys look at open overlays only
    assert window.controller.spinning
    qtbot.waitUntil(lambda: not window.controller.spinning)
    window.resize(1024, 768)  # the layout places the overlays made so far
    assert window.made_overlays() == []
    assert not window.controller.paused()


def test_each_overlay_opens_on_its_first_key(qtbot, config, tmp_path):
    window = shown(qtbot, config, tmp_path)
    qtbot.keyClick(window, Qt.Key.Key_C)  # made by the key that asks, and open at once
    assert window.made_overlays() == [window.card_view]
    assert window.card_view.isVisible() and window.card_view.geometry() == window.rect()
    assert window.controller.paused()
    qtbot.keyClick(window.card_view, Qt.Key.Key_Escape)
    assert not window.card_view.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_H)
    assert window.help.isVisible() and window.help.geometry() == window.rect()
    qtbot.keyClick(window.help, Qt.Key.Key_Space)  # any key closes the help
    assert not window.help.isVisible()
    window.controls.buttons["winners"].click()
    assert window.winners_board.isVisible()
    window.winners_board.close_view()
    window.controls.buttons["claims"].click()
    assert window.claims_view.isVisible()
    assert window.made_overlays() == [getattr(window, name) for name in OVERLAYS]
    window.resize(1024, 768)
    assert window.card_view.geometry() == window.help.geometry() == window.rect()


def test_overlays_made_in_any_order_stack_as_made_with_the_window(qtbot, config, tmp_path):
    window = shown(qtbot, config, tmp_path)
    for name in reversed(OVERLAYS):
        getattr(window, name)
    stack = [w for w in window.children() if isinstance(w, QWidget)]  # bottom to top
    order = [stack.index(getattr(window, name)) for name in OVERLAYS]
    assert order == sorted(order)  # card check, help, claims, winners
    assert stack.index(window.flash) < order[0]  # above the notices and the flash
    assert order[-1] < stack.index(window.controls)  # under the control bar, made after them


def test_the_card_registry_is_read_without_making_the_card_check(qtbot, config, tmp_path):
    registry: dict = {}
    window = shown(qtbot, config, tmp_path, registry=registry)
    assert window.card_registry is registry
    assert window.made_overlays() == []
    assert window.card_view.registry is registry
    window.card_view.registry = None  # (a later registry goes on the card check)
    assert window.card_registry is None
