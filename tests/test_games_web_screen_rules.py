"""The laptop's window of `games serve` chooses a Daifugō room's rule set between games (issue
43.2): the room shows the set it plays and its rules; ルール1..4 are buttons while no game runs
(the hub journals the choice), none while one does."""

from __future__ import annotations

import pytest
from phone_pages import grab_path
from test_games_web_browser import GamesServe

from games.web.screen import RoomScreen

ROOM = "daifugo-beginner"
pytestmark = pytest.mark.slow  # games serve in a thread: about 5 s a test


def _wait(qtbot, condition, what: str, timeout: int = 20_000) -> None:
    from pytestqt.exceptions import TimeoutError as QtTimeout

    try:
        qtbot.waitUntil(lambda: bool(condition()), timeout=timeout)
    except QtTimeout:
        raise AssertionError(f"timed out waiting for {what}") from None


def _settled() -> None:
    """The rooms' old widgets (deleteLater on each repaint) gone before they are looked at."""
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _buttons(window):
    from PySide6.QtWidgets import QPushButton

    _settled()
    return {
        b.objectName(): b
        for b in window.findChildren(QPushButton)
        if b.objectName().startswith("rules-") and b.isVisible()
    }


def _texts(window) -> list[str]:
    from PySide6.QtWidgets import QLabel

    _settled()
    return [label.text() for label in window.findChildren(QLabel) if label.isVisible()]


def _room(window) -> dict:
    return next(r for r in window.rooms if r["id"] == ROOM)


def test_the_laptop_chooses_a_room_s_rule_set_between_games(tmp_path, qtbot):
    serve = GamesServe(tmp_path)
    try:
        window = RoomScreen(serve.serve)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        _wait(qtbot, lambda: window.rooms and _buttons(window), "the lobby's rule set buttons")
        assert set(_buttons(window)) == {"rules-1", "rules-2", "rules-3", "rules-4"}
        assert [b.text() for b in _buttons(window).values()] == [
            "ルール1",
            "ルール2",
            "ルール3",
            "ルール4",
        ]
        assert _buttons(window)["rules-1"].isChecked()
        assert (
            "ルール1：革命・禁止あがり・8切り・11バック・絵柄しばり・階段しばり・スペ3返し・都落ち"
            in _texts(window)
        )

        _buttons(window)["rules-3"].click()
        _wait(qtbot, lambda: _room(window)["rule_set"]["id"] == "3", "the lobby with ルール3")
        line = "ルール3：革命・禁止あがり・8切り・11バック"
        _wait(qtbot, lambda: line in _texts(window), "the room painted again with ルール3")
        _wait(qtbot, lambda: _buttons(window).get("rules-3"), "the buttons painted again")
        checked = [name for name, b in _buttons(window).items() if b.isChecked()]
        assert checked == ["rules-3"]
        scroll = window.room_box.parentWidget().parentWidget().parentWidget()
        assert scroll.horizontalScrollBar().maximum() == 0  # the buttons fit the rooms' column
        window.grab().save(str(grab_path("games_room_screen_rules.png")))

        hub = serve.hub

        def seat_and_start() -> None:
            player = hub.join("あや")
            hub.sit(player.token, ROOM)
            hub.start(None, ROOM)

        serve.serve.call(seat_and_start)
        _wait(qtbot, lambda: _room(window)["state"] == "playing", "the game on")
        line = "ルール3：革命・禁止あがり・8切り・11バック"
        _wait(qtbot, lambda: line in _texts(window), "the room painted playing, with its set")
        assert not _buttons(window)  # never mid-game
        window.close()
    finally:
        serve.stop()


def test_the_window_names_the_rule_set_in_english(tmp_path, qtbot):
    serve = GamesServe(tmp_path, language="en")
    try:
        window = RoomScreen(serve.serve)
        qtbot.addWidget(window)
        window.show()
        _wait(qtbot, lambda: window.rooms and _buttons(window), "the lobby's rule set buttons")
        assert [b.text() for b in _buttons(window).values()] == [f"Rule set {n}" for n in "1234"]
        line = "Rule set 1: Revolution, Forbidden finish, 8-cut, 11-back, Suit lock, Number lock"
        assert any(text.startswith(line) for text in _texts(window))
        assert "Rule set (from the next game)" in _texts(window)
        window.close()
    finally:
        serve.stop()
